//! Page layout: where the header, grid, clue columns, footer and solution go.
//!
//! The puzzle page is laid out like a newspaper's: title and byline across
//! the top, a rule, then the content area split into 2 to 5 equal columns.
//! The grid sits at the top right (or centred across the top) spanning some
//! of those columns; clues fill the columns beside it from the top and those
//! under it from below the grid. Every such arrangement is tried with the
//! clue size shrinking in quarter points from [`MAX_CLUE_SIZE`] to
//! [`MIN_CLUE_SIZE`]; of those where everything fits, the one with the best
//! balance of clue size and cell size wins (see [`score`]). If nothing fits
//! even at the smallest size, the arrangement that sets the most clues while
//! keeping cells of at least [`OVERFLOW_MIN_CELL`] is used, and the rest
//! continue on extra pages in columns of the same width. Then comes the
//! solution page, and every page has the copyright at its foot.
//!
//! Titles, notes and copyrights of any length are wrapped, not cut; if they
//! leave less than half the page for the grid and clues, that is an error
//! rather than a page with no room for the puzzle.

use crate::error::{Error, Result};
use crate::grid::Grid;
use crate::puzzle::Puzzle;

use super::board::{self, Marks};
use super::clues::{self, Columns, Entry, Flow, Position};
use super::fonts::{Fonts, Style};
use super::page::{wrap, Item, Page, Rect};

/// Page margin on every side: half an inch.
const MARGIN: f32 = 36.0;
/// Space between clue columns, and between the grid and the clues below it.
const GUTTER: f32 = 12.0;
const MAX_CLUE_SIZE: f32 = 10.0;
/// The smallest clue size still comfortably readable in print.
const MIN_CLUE_SIZE: f32 = 6.0;
const SIZE_STEP: f32 = 0.25;
/// A clue column narrower than this holds too few words per line.
const MIN_COLUMN_WIDTH: f32 = 90.0;
/// Bigger cells than this (half an inch) only waste the page.
const MAX_CELL: f32 = 36.0;
/// Cells smaller than this are hard to write in; arrangements that need them
/// are only used when nothing else exists.
const MIN_CELL: f32 = 12.0;
/// When the clues overflow page 1 anyway, squeezing the grid to keep a few
/// more of them there is a bad trade: the grid keeps at least this.
const OVERFLOW_MIN_CELL: f32 = 15.0;
/// Sizes beyond which more is no longer better, for [`score`].
const COMFORTABLE_CLUE_SIZE: f32 = 9.5;
const COMFORTABLE_CELL: f32 = 26.0;

const TITLE_SIZE: f32 = 20.0;
const BYLINE_SIZE: f32 = 11.0;
const NOTES_SIZE: f32 = 9.0;
const CONTINUED_SIZE: f32 = 12.0;
const FOOTER_SIZE: f32 = 8.0;
const RULE_WIDTH: f32 = 0.75;

/// The pages of the document: the puzzle page, any pages of clues that did
/// not fit on it, and (with `solution`) the solution page. `(width, height)`
/// is the paper size in points.
pub fn pages(
    fonts: &Fonts,
    puzzle: &Puzzle,
    (width, height): (f32, f32),
    solution: bool,
) -> Result<Vec<Page>> {
    let mut sheet = Sheet {
        fonts,
        width,
        height,
        footer: Vec::new(),
        bottom: height - MARGIN,
    };
    sheet.set_footer(&puzzle.copyright);
    let mut pages = puzzle_pages(&sheet, puzzle)?;
    if solution {
        pages.push(solution_page(&sheet, puzzle));
    }
    // The footer goes last so that text extraction reads it last too.
    for page in &mut pages {
        page.items.extend(sheet.footer.iter().cloned());
    }
    Ok(pages)
}

/// What every page shares: the paper and the footer.
struct Sheet<'a> {
    fonts: &'a Fonts,
    width: f32,
    height: f32,
    footer: Vec<Item>,
    /// Where content must end, above the footer.
    bottom: f32,
}

impl Sheet<'_> {
    fn content_width(&self) -> f32 {
        self.width - 2.0 * MARGIN
    }

    /// The copyright, centred at the foot of the page, and the content
    /// bottom above it.
    fn set_footer(&mut self, copyright: &str) {
        let copyright = self.fonts.printable(copyright);
        if copyright.is_empty() {
            return;
        }
        let lines = wrap(
            self.fonts,
            &copyright,
            Style::Regular,
            FOOTER_SIZE,
            self.content_width(),
        );
        let line = FOOTER_SIZE * 1.25;
        let top = self.height - MARGIN - lines.len() as f32 * line;
        for (i, text) in lines.into_iter().enumerate() {
            let width = self.fonts.width(&text, Style::Regular, FOOTER_SIZE);
            self.footer.push(Item::Text {
                x: (self.width - width) / 2.0,
                baseline: top + (i as f32 + 1.0) * line - FOOTER_SIZE * 0.25,
                size: FOOTER_SIZE,
                style: Style::Regular,
                text,
            });
        }
        self.bottom = top - GUTTER;
    }

    /// Sets `lines` of text (each wrapped to the content width) from `y`
    /// down; returns the y below them.
    fn heading(&self, page: &mut Page, mut y: f32, lines: &[(&str, Style, f32)]) -> f32 {
        for &(text, style, size) in lines {
            let text = self.fonts.printable(text);
            if text.is_empty() {
                continue;
            }
            for line in wrap(self.fonts, &text, style, size, self.content_width()) {
                page.items.push(Item::Text {
                    x: MARGIN,
                    baseline: y + size * 0.93,
                    size,
                    style,
                    text: line,
                });
                y += size * 1.25;
            }
        }
        y
    }

    /// A rule across the content width under a heading, and the y below it.
    fn rule(&self, page: &mut Page, y: f32) -> f32 {
        let y = y + 4.0;
        page.items.push(Item::Line {
            from: (MARGIN, y),
            to: (self.width - MARGIN, y),
            width: RULE_WIDTH,
        });
        y + GUTTER
    }
}

fn byline(author: &str) -> String {
    let author = author.trim();
    let has_by = author
        .get(..3)
        .is_some_and(|start| start.eq_ignore_ascii_case("by "));
    if author.is_empty() || has_by {
        author.to_string()
    } else {
        format!("by {author}")
    }
}

fn puzzle_pages(sheet: &Sheet, puzzle: &Puzzle) -> Result<Vec<Page>> {
    let mut page = Page::new(sheet.width, sheet.height);
    let bottom = sheet.bottom;
    let byline = byline(&puzzle.author);
    let below_header = sheet.heading(
        &mut page,
        MARGIN,
        &[
            (&puzzle.title, Style::Bold, TITLE_SIZE),
            (&byline, Style::Regular, BYLINE_SIZE),
            (&puzzle.notes, Style::Regular, NOTES_SIZE),
        ],
    );
    let top = if below_header > MARGIN {
        sheet.rule(&mut page, below_header)
    } else {
        MARGIN
    };
    if bottom - top < (sheet.height - 2.0 * MARGIN) / 2.0 {
        return Err(Error::invalid(
            "the title, byline, notes and copyright are too long: they leave less than \
             half the page for the grid and clues",
        ));
    }
    let area = Rect {
        x: MARGIN,
        y: top,
        width: sheet.content_width(),
        height: bottom - top,
    };
    let entries = clues::entries(sheet.fonts, puzzle);
    let choice = choose(sheet.fonts, &puzzle.grid, &entries, area);
    page.items.extend(board::draw(
        sheet.fonts,
        &puzzle.grid,
        &puzzle.marks,
        puzzle.min_slot,
        choice.arrangement.grid_at,
        choice.arrangement.cell,
        Marks::Numbers,
    ));
    page.items.extend(choice.flow.items);
    let mut pages = vec![page];
    let mut next = choice.flow.next;
    while next.entry < entries.len() {
        let (page, reached) = continued_page(
            sheet,
            puzzle,
            &entries,
            next,
            &choice.arrangement.columns,
            choice.size,
        );
        pages.push(page);
        if reached == next {
            // No progress means no page could hold a single line; stopping
            // beats looping, and the check on the header above rules it out.
            break;
        }
        next = reached;
    }
    Ok(pages)
}

/// A page of clues that did not fit before it, in full-height columns as wide
/// as the puzzle page's.
fn continued_page(
    sheet: &Sheet,
    puzzle: &Puzzle,
    entries: &[Entry],
    from: Position,
    first_page: &Columns,
    size: f32,
) -> (Page, Position) {
    let mut page = Page::new(sheet.width, sheet.height);
    let bottom = sheet.bottom;
    let title = sheet.fonts.printable(&puzzle.title);
    let heading = if title.is_empty() {
        "Clues, continued".to_string()
    } else {
        format!("{title}: clues, continued")
    };
    let below = sheet.heading(
        &mut page,
        MARGIN,
        &[(&heading, Style::Bold, CONTINUED_SIZE)],
    );
    let top = sheet.rule(&mut page, below);
    let count = ((sheet.content_width() + GUTTER) / (first_page.width + GUTTER))
        .floor()
        .max(1.0) as usize;
    let columns = Columns {
        width: first_page.width,
        spots: (0..count)
            .map(|i| (MARGIN + i as f32 * (first_page.width + GUTTER), top, bottom))
            .collect(),
    };
    let flow = clues::flow(sheet.fonts, entries, from, &columns, size);
    page.items.extend(flow.items);
    (page, flow.next)
}

fn solution_page(sheet: &Sheet, puzzle: &Puzzle) -> Page {
    let mut page = Page::new(sheet.width, sheet.height);
    let bottom = sheet.bottom;
    let below = sheet.heading(
        &mut page,
        MARGIN,
        &[
            ("Solution", Style::Bold, TITLE_SIZE),
            (&puzzle.title, Style::Regular, BYLINE_SIZE),
        ],
    );
    let top = sheet.rule(&mut page, below);
    let grid = &puzzle.grid;
    let cell = MAX_CELL
        .min(sheet.content_width() / grid.width() as f32)
        .min((bottom - top).max(0.0) / grid.height() as f32);
    let x = (sheet.width - cell * grid.width() as f32) / 2.0;
    page.items.extend(board::draw(
        sheet.fonts,
        grid,
        &puzzle.marks,
        puzzle.min_slot,
        (x, top),
        cell,
        Marks::Letters,
    ));
    page
}

/// One way to share the content area between the grid and clue columns.
#[derive(Clone, Debug, PartialEq)]
struct Arrangement {
    cell: f32,
    grid_at: (f32, f32),
    columns: Columns,
}

struct Choice {
    arrangement: Arrangement,
    size: f32,
    flow: Flow,
}

/// The arrangement and clue size to use (see the module documentation).
fn choose(fonts: &Fonts, grid: &Grid, entries: &[Entry], area: Rect) -> Choice {
    let all = arrangements(grid, area);
    let fitting = with_cells_of(&all, MIN_CELL)
        .into_iter()
        .filter_map(|a| largest_fitting_size(fonts, entries, a).map(|size| (a, size)))
        .fold(None::<(&Arrangement, f32)>, |best, (a, size)| match best {
            Some((b, best_size)) if score(b.cell, best_size) >= score(a.cell, size) => best,
            _ => Some((a, size)),
        });
    let (arrangement, size) = match fitting {
        Some(found) => found,
        None => {
            let roomy = with_cells_of(&all, OVERFLOW_MIN_CELL);
            let most = most_clues_at_minimum(fonts, entries, &roomy);
            // `arrangements` never returns an empty list, so this is found.
            (most.unwrap_or(&all[0]), MIN_CLUE_SIZE)
        }
    };
    Choice {
        flow: clues::flow(
            fonts,
            entries,
            Position::default(),
            &arrangement.columns,
            size,
        ),
        arrangement: arrangement.clone(),
        size,
    }
}

/// The arrangements with cells of at least `cell` points, or all of them if
/// none has.
fn with_cells_of(all: &[Arrangement], cell: f32) -> Vec<&Arrangement> {
    let big: Vec<&Arrangement> = all.iter().filter(|a| a.cell >= cell).collect();
    if big.is_empty() {
        all.iter().collect()
    } else {
        big
    }
}

/// How good an arrangement looks: bigger clues and bigger cells both help,
/// each up to a comfortable size, and equally.
fn score(cell: f32, size: f32) -> f32 {
    size.min(COMFORTABLE_CLUE_SIZE) / COMFORTABLE_CLUE_SIZE
        + cell.min(COMFORTABLE_CELL) / COMFORTABLE_CELL
}

fn clue_sizes() -> impl Iterator<Item = f32> {
    let steps = ((MAX_CLUE_SIZE - MIN_CLUE_SIZE) / SIZE_STEP).round() as usize;
    (0..=steps).map(|i| MAX_CLUE_SIZE - i as f32 * SIZE_STEP)
}

fn largest_fitting_size(
    fonts: &Fonts,
    entries: &[Entry],
    arrangement: &Arrangement,
) -> Option<f32> {
    clue_sizes().find(|&size| {
        clues::flow(
            fonts,
            entries,
            Position::default(),
            &arrangement.columns,
            size,
        )
        .next
        .entry
            >= entries.len()
    })
}

fn most_clues_at_minimum<'a>(
    fonts: &Fonts,
    entries: &[Entry],
    candidates: &[&'a Arrangement],
) -> Option<&'a Arrangement> {
    let reached = |a: &Arrangement| {
        let next = clues::flow(
            fonts,
            entries,
            Position::default(),
            &a.columns,
            MIN_CLUE_SIZE,
        )
        .next;
        (next.entry, next.line)
    };
    // The first of the best, so that ties go to the earlier arrangement.
    candidates
        .iter()
        .copied()
        .min_by_key(|a| std::cmp::Reverse(reached(a)))
}

/// Every arrangement of 2 to 5 columns with the grid spanning 1 to all of
/// them, that leaves columns at least [`MIN_COLUMN_WIDTH`] wide.
fn arrangements(grid: &Grid, area: Rect) -> Vec<Arrangement> {
    let mut found = Vec::new();
    for count in 2..=5 {
        let width = (area.width - GUTTER * (count - 1) as f32) / count as f32;
        if width < MIN_COLUMN_WIDTH {
            continue;
        }
        for span in (1..=count).rev() {
            found.push(arrangement(grid, area, count, width, span));
        }
    }
    if found.is_empty() {
        found.push(arrangement(grid, area, 1, area.width, 1));
    }
    found
}

/// `count` columns of `width`, the grid as wide as `span` of them (or less,
/// to keep cells at most [`MAX_CELL`] and leave room for clues below). A grid
/// spanning every column is centred, otherwise it is flush right. Columns the
/// grid's width overlaps start below it, the others at the top.
fn arrangement(grid: &Grid, area: Rect, count: usize, width: f32, span: usize) -> Arrangement {
    let band = span as f32 * width + (span - 1) as f32 * GUTTER;
    let height_share = if span == count { 0.72 } else { 0.85 };
    let cell = MAX_CELL
        .min(band / grid.width() as f32)
        .min(area.height * height_share / grid.height() as f32);
    let grid_width = cell * grid.width() as f32;
    let grid_height = cell * grid.height() as f32;
    let x = if span == count {
        area.x + (area.width - grid_width) / 2.0
    } else {
        area.right() - grid_width
    };
    let spots = (0..count)
        .map(|i| {
            let left = area.x + i as f32 * (width + GUTTER);
            let overlaps = left < x + grid_width && left + width > x;
            let top = if overlaps {
                area.y + grid_height + GUTTER
            } else {
                area.y
            };
            (left, top, area.bottom())
        })
        .collect();
    Arrangement {
        cell,
        grid_at: (x, area.y),
        columns: Columns { width, spots },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    const LETTER: (f32, f32) = (612.0, 792.0);
    const A4: (f32, f32) = (595.276, 841.89);

    fn fixture(name: &str) -> Puzzle {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data/puzzles")
            .join(format!("{name}.ipuz"));
        crate::export::ipuz::load(&path).unwrap()
    }

    /// The box a text run's ink can occupy: from cap height above the
    /// baseline to the descenders below it.
    fn text_box(fonts: &Fonts, item: &Item) -> Option<Rect> {
        match item {
            Item::Text {
                x,
                baseline,
                size,
                style,
                text,
            } => Some(Rect {
                x: *x,
                y: baseline - size * 0.76,
                width: fonts.width(text, *style, *size),
                height: size * 0.99,
            }),
            _ => None,
        }
    }

    fn overlap(a: &Rect, b: &Rect) -> bool {
        let eps = 0.01;
        a.x + eps < b.right()
            && b.x + eps < a.right()
            && a.y + eps < b.bottom()
            && b.y + eps < a.bottom()
    }

    fn grid_frame(page: &Page) -> Option<Rect> {
        page.items.iter().find_map(|item| match item {
            Item::Frame(rect, _) => Some(*rect),
            _ => None,
        })
    }

    /// The clue size and cell size page 1 was set with.
    fn sizes(page: &Page, grid: &Grid) -> (f32, f32) {
        let heading = page.items.iter().find_map(|item| match item {
            Item::Text { text, size, .. } if text == "ACROSS" => Some(*size),
            _ => None,
        });
        let frame = grid_frame(page).unwrap();
        (heading.unwrap() / 1.15, frame.width / grid.width() as f32)
    }

    /// Every text run inside the margins, none overlapping another, and
    /// none running into the grid (except the grid's own numbers or letters).
    fn assert_clean(fonts: &Fonts, what: &str, pages: &[Page], paper: (f32, f32)) {
        for page in pages {
            let grid = grid_frame(page);
            let boxes: Vec<Rect> = page
                .items
                .iter()
                .filter_map(|i| text_box(fonts, i))
                .collect();
            for b in &boxes {
                let inside_margins = b.x >= MARGIN - 0.01
                    && b.right() <= paper.0 - MARGIN + 0.01
                    && b.y >= MARGIN - 0.01
                    && b.bottom() <= paper.1 - MARGIN + 0.01;
                assert!(inside_margins, "{what}: {b:?} outside the margins");
                if let Some(g) = grid {
                    let in_grid = b.x >= g.x
                        && b.right() <= g.right()
                        && b.y >= g.y
                        && b.bottom() <= g.bottom();
                    assert!(
                        in_grid || !overlap(b, &g),
                        "{what}: {b:?} runs into the grid"
                    );
                }
            }
            for (i, a) in boxes.iter().enumerate() {
                for b in &boxes[i + 1..] {
                    assert!(!overlap(a, b), "{what}: {a:?} overlaps {b:?}");
                }
            }
        }
    }

    #[test]
    fn every_fixture_lays_out_within_the_margins_without_overlaps() {
        let fonts = Fonts::load().unwrap();
        for name in ["mini5", "american15", "british15", "big21", "big25"] {
            for paper in [LETTER, A4] {
                let pages = pages(&fonts, &fixture(name), paper, true).unwrap();
                assert_clean(&fonts, &format!("{name} {paper:?}"), &pages, paper);
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
            }
            puzzle.clues[0].text = long.clone();
            for paper in [LETTER, A4] {
                let pages = pages(&fonts, &puzzle, paper, false).unwrap();
                assert_clean(
                    &fonts,
                    &format!("{width}x{height} {paper:?}"),
                    &pages,
                    paper,
                );
                let set: String = pages
                    .iter()
                    .flat_map(|p| &p.items)
                    .filter_map(|i| match i {
                        Item::Text { text, .. } => Some(text.as_str()),
                        _ => None,
                    })
                    .collect::<Vec<_>>()
                    .join(" ");
                let last = puzzle.clues.last().unwrap();
                assert!(
                    set.contains(&last.text),
                    "{width}x{height}: the last clue is missing"
                );
            }
        }
    }

    /// The chosen sizes, as a record of the layout rules at work: small
    /// grids get the largest clues and cells, clues shrink as they grow in
    /// number, and the 25×25's clues overflow to a second page even at the
    /// smallest size.
    #[test]
    fn clue_and_cell_sizes_of_the_fixtures() {
        let fonts = Fonts::load().unwrap();
        for (name, paper, count, clue_size, cell) in [
            ("mini5", LETTER, 2, 10.0, 36.0),
            ("american15", LETTER, 2, 10.0, 26.8),
            ("british15", LETTER, 2, 9.5, 26.8),
            ("big21", LETTER, 2, 6.0, 15.2),
            ("big25", LETTER, 3, 6.0, 16.08),
            ("big21", A4, 2, 6.25, 14.722),
        ] {
            let puzzle = fixture(name);
            let pages = pages(&fonts, &puzzle, paper, true).unwrap();
            let (size, cell_size) = sizes(&pages[0], &puzzle.grid);
            assert_eq!(pages.len(), count, "{name} {paper:?}");
            assert_eq!(size, clue_size, "{name} {paper:?}");
            assert!(
                (cell_size - cell).abs() < 0.001,
                "{name} {paper:?}: {cell_size}"
            );
        }
    }

    #[test]
    fn without_a_solution_there_is_no_solution_page() {
        let fonts = Fonts::load().unwrap();
        let count = |name, solution| {
            pages(&fonts, &fixture(name), LETTER, solution)
                .unwrap()
                .len()
        };
        assert_eq!(count("mini5", false), 1);
        assert_eq!(count("big25", false), 2);
    }

    #[test]
    fn credits_that_crowd_out_the_puzzle_are_an_error() {
        let fonts = Fonts::load().unwrap();
        let mut puzzle = fixture("mini5");
        puzzle.notes = "Instructions that go on for far too long. ".repeat(150);
        let err = pages(&fonts, &puzzle, LETTER, true).unwrap_err();
        assert_eq!(
            err.to_string(),
            "the title, byline, notes and copyright are too long: they leave less than \
             half the page for the grid and clues"
        );
        puzzle.notes = "Instructions that go on for far too long. ".repeat(50);
        assert_eq!(pages(&fonts, &puzzle, LETTER, true).unwrap().len(), 2);
    }

    #[test]
    fn bylines_say_by_once() {
        assert_eq!(byline("Zoë Test"), "by Zoë Test");
        assert_eq!(byline("  By the Setter "), "By the Setter");
        assert_eq!(byline(""), "");
    }
}
