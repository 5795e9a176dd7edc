//! Tests of the page layout: margins, overlaps, sizes and page counts on
//! the fixtures, and the search's choices.

use super::plan::{
    column_gap, Plan, Search, GUTTER, MIN_CLUE_SIZE, READABLE_CLUE_SIZE, WRITING_CELL,
};
use super::*;
use crate::grid::Grid;
use std::path::Path;

const LETTER: (f32, f32) = (612.0, 792.0);
const A4: (f32, f32) = (595.276, 841.89);

fn fixture(name: &str) -> Puzzle {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/puzzles")
        .join(format!("{name}.ipuz"));
    crate::formats::ipuz::load(&path).unwrap()
}

fn lay_out(fonts: &Fonts, puzzle: &Puzzle, paper: (f32, f32), solution: bool) -> Layout {
    document(fonts, puzzle, paper, solution).unwrap().1
}

/// Every text run and clue inside the margins, no two text runs
/// overlapping, and nothing running into a grid but the grid's own
/// numbers or letters.
fn assert_clean(what: &str, layout: &Layout) {
    let (width, height) = layout.paper;
    let m = layout.margin;
    let page = Rect {
        x: m,
        y: m,
        width: width - 2.0 * m,
        height: height - 2.0 * m,
    };
    let grids: Vec<GridBox> = std::iter::once(layout.puzzle)
        .chain(layout.solution)
        .collect();
    let boxes = layout
        .texts
        .iter()
        .map(|t| (t.page, t.rect))
        .chain(layout.clues.iter().map(|c| (c.page, c.rect)));
    for (index, b) in boxes {
        assert!(b.within(&page), "{what}: {b:?} outside the margins");
        for grid in grids.iter().filter(|g| g.page == index) {
            assert!(
                b.within(&grid.rect) || !b.overlaps(&grid.rect),
                "{what}: {b:?} runs into the grid"
            );
        }
    }
    for (i, a) in layout.texts.iter().enumerate() {
        for b in &layout.texts[i + 1..] {
            assert!(
                a.page != b.page || !a.rect.overlaps(&b.rect),
                "{what}: {a:?} overlaps {b:?}"
            );
        }
    }
}

#[test]
fn every_fixture_lays_out_within_the_margins_without_overlaps() {
    let fonts = Fonts::load().unwrap();
    for name in ["mini5", "american15", "british15", "big21", "big25"] {
        for paper in [LETTER, A4] {
            let layout = lay_out(&fonts, &fixture(name), paper, true);
            assert_clean(&format!("{name} {paper:?}"), &layout);
        }
    }
}

#[test]
fn extreme_shapes_and_texts_stay_within_the_page() {
    let fonts = Fonts::load().unwrap();
    let long = "An absurdly long clue that goes on and on ".repeat(80);
    for (width, height) in [(3, 3), (31, 31), (31, 3), (3, 31)] {
        let mut puzzle = Puzzle::from_grid(Grid::empty(width, height).unwrap(), 2);
        puzzle.title =
            "A title long enough to need a second line on any paper size at all".repeat(2);
        puzzle.author = "Someone".into();
        puzzle.copyright = "© 2026".into();
        for clue in &mut puzzle.clues {
            clue.text = format!("Clue {} {:?} with a few words", clue.number, clue.direction);
            clue.enumeration = "1,2-3".into();
        }
        puzzle.clues[0].text = long.clone();
        for paper in [LETTER, A4] {
            let what = format!("{width}x{height} {paper:?}");
            let layout = lay_out(&fonts, &puzzle, paper, false);
            assert_clean(&what, &layout);
            let set: String = layout
                .texts
                .iter()
                .map(|t| t.text.as_str())
                .collect::<Vec<_>>()
                .join(" ");
            let last = puzzle.clues.last().unwrap();
            assert!(
                set.contains(&format!("{} (1,2-3)", last.text)),
                "{what}: the last clue is missing"
            );
            assert!(
                layout.clue_size >= READABLE_CLUE_SIZE,
                "{what} {} {} {} {}",
                layout.clue_size,
                layout.puzzle.cell,
                layout.clue_pages,
                layout.column_width
            );
        }
    }
}

/// The chosen sizes, as a record of the layout rules at work: 15×15s
/// keep big cells and big clues on one page; 21×21s get cells over 7 mm
/// and their long clues a second page; the 25×25's cells are as big as
/// page 1 allows with room for clues below, its clues on three pages.
#[test]
fn clue_and_cell_sizes_of_the_fixtures() {
    let fonts = Fonts::load().unwrap();
    for (name, paper, clue_pages, clue_size, cell) in [
        ("mini5", LETTER, 1, 10.0, 36.0),
        ("american15", LETTER, 1, 10.0, 26.8),
        ("american15", A4, 1, 9.5, 28.35),
        ("british15", LETTER, 1, 9.5, 26.8),
        ("british15", A4, 1, 9.5, 28.75),
        ("big21", LETTER, 2, 8.5, 21.55),
        ("big21", A4, 2, 8.75, 23.35),
        ("big25", LETTER, 3, 9.0, 18.2),
        ("big25", A4, 3, 9.5, 19.15),
    ] {
        let what = format!("{name} {paper:?}");
        let layout = lay_out(&fonts, &fixture(name), paper, true);
        assert_eq!(layout.clue_pages, clue_pages, "{what}");
        assert_eq!(layout.clue_size, clue_size, "{what}");
        assert!(
            (layout.puzzle.cell - cell).abs() < 0.001,
            "{what}: {}",
            layout.puzzle.cell
        );
        assert_eq!(layout.pages, clue_pages + 1, "{what}");
    }
}

/// The search on `puzzle`'s page 1 as [`puzzle_pages`] sets it up.
fn with_search<T>(
    fonts: &Fonts,
    puzzle: &Puzzle,
    paper: (f32, f32),
    f: impl FnOnce(&Search) -> T,
) -> T {
    let mut sheet = Sheet {
        fonts,
        width: paper.0,
        height: paper.1,
        footer: Vec::new(),
        bottom: paper.1 - MARGIN,
    };
    sheet.set_footer(&puzzle.copyright);
    let (_, area) = first_page(&sheet, puzzle).unwrap();
    let (_, more) = sheet.continued_page(&puzzle.title);
    let entries = clues::entries(fonts, puzzle);
    f(&Search {
        fonts,
        grid: &puzzle.grid,
        entries: &entries,
        area,
        more,
    })
}

#[test]
fn cells_keep_to_7_mm_unless_the_grid_would_fill_the_width() {
    let fonts = Fonts::load().unwrap();
    for paper in [LETTER, A4] {
        let content = paper.0 - 2.0 * MARGIN;
        for (name, floor) in [
            ("american15", WRITING_CELL),
            ("big21", WRITING_CELL),
            ("big25", 0.8 * content / 25.0),
        ] {
            let min = with_search(&fonts, &fixture(name), paper, |s| {
                s.min_cell(READABLE_CLUE_SIZE)
            });
            assert_eq!(min, floor, "{name} {paper:?}");
        }
    }
    assert!((WRITING_CELL - 19.8425).abs() < 1e-4);
}

#[test]
fn clues_take_another_page_rather_than_go_below_the_readable_size() {
    let fonts = Fonts::load().unwrap();
    // A 21×21 with clues of up to 24 characters: on Letter, just too many
    // for page 1 at the readable size.
    let mut puzzle = fixture("big21");
    for clue in &mut puzzle.clues {
        clue.text = clue.text.chars().take(24).collect();
    }
    let (readable, small) = with_search(&fonts, &puzzle, LETTER, |s| {
        let pages = |plan: Plan| {
            let width = s.width(plan.count, plan.size);
            let setting = Setting::new(&fonts, s.entries, plan.size, width);
            (plan, s.pages(&setting, &plan).unwrap().0)
        };
        (
            pages(s.best(READABLE_CLUE_SIZE).unwrap()),
            pages(s.best(MIN_CLUE_SIZE).unwrap()),
        )
    });
    // 6.5-point clues would fit on page 1 beside and under a 7 mm grid
    // (flush right, one column beside it) ...
    let one_page = Plan {
        count: 5,
        span: 4,
        cell: 20.45,
        size: 6.5,
    };
    assert_eq!(small, (one_page, 1));
    // ... but the clues stay readable on a second page, and as that page
    // has room, they and the grid grow.
    let two_pages = Plan {
        count: 3,
        span: 3,
        cell: 21.65,
        size: 9.5,
    };
    assert_eq!(readable, (two_pages, 2));
    let layout = lay_out(&fonts, &puzzle, LETTER, false);
    assert_eq!((layout.clue_size, layout.puzzle.cell), (9.5, 21.65));
    assert_eq!(layout.pages, 2);
}

#[test]
fn empty_credits_print_nothing_and_give_the_room_to_the_puzzle() {
    let fonts = Fonts::load().unwrap();
    let credited = fixture("big21");
    let mut bare = credited.clone();
    bare.title.clear();
    bare.author.clear();
    bare.copyright.clear();
    bare.notes.clear();
    for paper in [LETTER, A4] {
        let what = format!("{paper:?}");
        let with = lay_out(&fonts, &credited, paper, true);
        let without = lay_out(&fonts, &bare, paper, true);
        assert_clean(&what, &without);
        // The grid starts at the top margin, and nothing is set above it
        // or below the last clue's column bottom but the clues.
        assert_eq!(without.puzzle.rect.y, MARGIN, "{what}");
        let page_one: Vec<&TextBox> = without.texts.iter().filter(|t| t.page == 0).collect();
        assert!(page_one.iter().all(|t| t.rect.y >= MARGIN), "{what}");
        assert!(
            !page_one
                .iter()
                .any(|t| t.text.starts_with("by") || t.text.contains('©')),
            "{what}"
        );
        let headings: Vec<&str> = without
            .texts
            .iter()
            .filter(|t| t.size == CONTINUED_SIZE || t.size == TITLE_SIZE || t.size == BYLINE_SIZE)
            .map(|t| t.text.as_str())
            .collect();
        assert_eq!(headings, ["Clues, continued", "Solution"], "{what}");
        // The room goes to the grid.
        assert!(
            without.puzzle.cell > with.puzzle.cell,
            "{what}: {} vs {}",
            without.puzzle.cell,
            with.puzzle.cell
        );
        let lowest = |l: &Layout| l.clues.iter().map(|c| c.rect.bottom()).fold(0.0, f32::max);
        assert!(lowest(&without) > paper.1 - MARGIN - 2.0 * 10.0, "{what}");
        assert!(lowest(&with) < paper.1 - MARGIN - FOOTER_SIZE * 1.25 - GUTTER + 0.01);
    }
}

#[test]
fn the_last_page_of_clues_ends_in_columns_of_about_equal_length() {
    let fonts = Fonts::load().unwrap();
    let puzzle = fixture("big25");
    let layout = lay_out(&fonts, &puzzle, LETTER, false);
    let last = layout.clue_pages - 1;
    let mut ends: Vec<(f32, f32)> = Vec::new();
    for clue in layout.clues.iter().filter(|c| c.page == last) {
        match ends.last_mut() {
            Some((x, end)) if *x == clue.rect.x => *end = clue.rect.bottom(),
            _ => ends.push((clue.rect.x, clue.rect.bottom())),
        }
    }
    assert_eq!(ends.len(), 4);
    // Within a long clue (four lines) of each other, and well short of
    // the page's bottom.
    let line = layout.clue_size * 1.15;
    let lowest = ends.iter().map(|e| e.1).fold(0.0, f32::max);
    let highest = ends.iter().map(|e| e.1).fold(f32::MAX, f32::min);
    assert!(lowest - highest < 4.0 * line + 2.0, "{ends:?}");
    assert!(lowest < LETTER.1 - MARGIN - 100.0, "{ends:?}");
    // Without balancing, the same clues fill the first column to the
    // foot of the page.
    let entries = clues::entries(&fonts, &puzzle);
    let setting = Setting::new(&fonts, &entries, layout.clue_size, layout.column_width);
    let first = layout.clues.iter().find(|c| c.page == last).unwrap();
    let from = entries
        .iter()
        .position(|e| {
            matches!(e, Entry::Clue { number, direction, .. }
                if *number == first.number && *direction == first.direction)
        })
        .unwrap();
    let start = Position {
        entry: from,
        line: 0,
    };
    let gap = column_gap(layout.clue_size);
    let bottom = LETTER.1 - MARGIN - FOOTER_SIZE * 1.25 - GUTTER;
    let full: Vec<Spot> = (0..4)
        .map(|i| {
            let left = MARGIN + i as f32 * (layout.column_width + gap);
            (left, first.rect.y, bottom)
        })
        .collect();
    let unbalanced = setting.flow(start, &full);
    let first_column_end = unbalanced
        .placed
        .iter()
        .filter(|p| p.rect.x == MARGIN)
        .map(|p| p.rect.bottom())
        .fold(0.0, f32::max);
    assert!(
        first_column_end > bottom - 4.0 * line - 2.0,
        "{first_column_end}"
    );
    let cut = balanced(&setting, start, full);
    assert!(cut
        .iter()
        .all(|spot| spot.2 == cut[0].2 && spot.2 < lowest + line));
}

#[test]
fn the_solution_grid_is_never_bigger_than_the_puzzle_grid() {
    let fonts = Fonts::load().unwrap();
    for name in ["mini5", "american15", "big21", "big25"] {
        let layout = lay_out(&fonts, &fixture(name), LETTER, true);
        let solution = layout.solution.unwrap();
        assert_eq!(solution.cell, layout.puzzle.cell, "{name}");
        assert_eq!(solution.page, layout.pages - 1, "{name}");
        assert_eq!(solution.mark_size, board::letter_size(solution.cell));
    }
}

#[test]
fn without_a_solution_there_is_no_solution_page() {
    let fonts = Fonts::load().unwrap();
    let count = |name, solution| lay_out(&fonts, &fixture(name), LETTER, solution).pages;
    assert_eq!(count("mini5", false), 1);
    assert_eq!(count("big25", false), 3);
    assert_eq!(count("big25", true), 4);
}

#[test]
fn credits_that_crowd_out_the_puzzle_are_an_error() {
    let fonts = Fonts::load().unwrap();
    let mut puzzle = fixture("mini5");
    puzzle.notes = "Instructions that go on for far too long. ".repeat(150);
    let err = document(&fonts, &puzzle, LETTER, true).unwrap_err();
    assert_eq!(
        err.to_string(),
        "the title, byline, notes and copyright are too long: they leave less than \
         half the page for the grid and clues"
    );
    // Megabytes of notes are refused the same way, before any wrapping.
    puzzle.notes = "i".repeat(5 << 20);
    let err = document(&fonts, &puzzle, LETTER, true).unwrap_err();
    assert!(err
        .to_string()
        .starts_with("the title, byline, notes and copyright are too long"));
    puzzle.notes = "Instructions that go on for far too long. ".repeat(50);
    assert_eq!(lay_out(&fonts, &puzzle, LETTER, true).pages, 2);
}

#[test]
fn bylines_say_by_once() {
    assert_eq!(byline("Zoë Test"), "by Zoë Test");
    assert_eq!(byline("  By the Setter "), "By the Setter");
    assert_eq!(byline(""), "");
    assert_eq!(byline("   "), "");
}
