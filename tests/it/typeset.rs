//! The printable PDF, read back by an independent reader (pypdf): page count
//! and size, the text a reader extracts (every clue exactly, Unicode and
//! enumerations included, no credit lines where there are no credits), the
//! embedded fonts, reproducible bytes, and the errors. And the layout as
//! [`lay_out`] reports it: cells a solver can write in, numbers and clues
//! big enough to read, every clue set once, nothing off the page or on the
//! grid.

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

use crate::common::python::run_python;
use crate::common::{fixture, scratch};
use cruciverb::files::Existing;
use cruciverb::grid::{Cell, Direction};
use cruciverb::puzzle::Puzzle;
use cruciverb::typeset::{lay_out, pdf, save_pdf, Layout, Paper, PdfOptions, Rect};
use serde_json::Value;

/// Prints, per file, its pages' sizes and extracted text and its fonts.
const READ_PDF: &str = r#"
import json, sys
import pypdf

def fonts(reader):
    found = {}
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            descendant = font["/DescendantFonts"][0].get_object()
            descriptor = descendant["/FontDescriptor"].get_object()
            found[str(font["/BaseFont"])] = {
                "embedded": "/FontFile2" in descriptor,
                "to_unicode": "/ToUnicode" in font,
            }
    return found

out = []
for path in sys.argv[1:]:
    reader = pypdf.PdfReader(path)
    out.append({
        "pages": [
            {
                "width": float(page.mediabox.width),
                "height": float(page.mediabox.height),
                "text": page.extract_text(),
            }
            for page in reader.pages
        ],
        "fonts": fonts(reader),
        "title": reader.metadata.title,
        "author": reader.metadata.author,
    })
print(json.dumps(out))
"#;

fn options(paper: Paper, solution: bool) -> PdfOptions {
    PdfOptions { paper, solution }
}

/// What pypdf reads from each of `files`.
fn read_pdfs(files: &[&Path]) -> Vec<Value> {
    let args: Vec<&str> = files.iter().map(|f| f.to_str().unwrap()).collect();
    let out = run_python(READ_PDF, &args);
    serde_json::from_str::<Vec<Value>>(&out).unwrap()
}

pub(crate) fn read_pdf(bytes: &[u8], name: &str) -> Value {
    let dir = scratch(name);
    let path = dir.join("out.pdf");
    fs::write(&path, bytes).unwrap();
    read_pdfs(&[&path]).remove(0)
}

/// Runs of white space made single spaces: a wrapped clue is extracted with
/// line breaks where it was wrapped.
pub(crate) fn squeeze(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn page_text(doc: &Value, page: usize) -> String {
    squeeze(doc["pages"][page]["text"].as_str().unwrap())
}

fn page_count(doc: &Value) -> usize {
    doc["pages"].as_array().unwrap().len()
}

/// The solution's letters in reading order, blocks left out.
fn solution_letters(puzzle: &Puzzle) -> String {
    let grid = &puzzle.grid;
    (0..grid.height())
        .flat_map(|row| (0..grid.width()).map(move |col| grid.get(row, col)))
        .filter_map(|cell| match cell {
            Cell::Letter(b) => Some(char::from(b)),
            _ => None,
        })
        .collect()
}

fn assert_puzzle_text(name: &str, puzzle: &Puzzle, clue_pages: &str) {
    for expected in [
        squeeze(&puzzle.title),
        format!("by {}", squeeze(&puzzle.author)),
        "ACROSS".to_string(),
        "DOWN".to_string(),
    ] {
        assert!(
            clue_pages.contains(&expected),
            "{name}: {expected:?} missing"
        );
    }
    for clue in &puzzle.clues {
        assert!(
            clue_pages.contains(&squeeze(&clue.text)),
            "{name}: clue {} {:?} {:?} missing",
            clue.number,
            clue.direction,
            clue.text
        );
    }
}

#[test]
fn every_fixture_reads_back_with_its_pages_text_and_solution() {
    // name, paper, pages holding the clues, then the solution page.
    let cases = [
        ("mini5", Paper::Letter, 1),
        ("american15", Paper::Letter, 1),
        ("british15", Paper::Letter, 1),
        ("big21", Paper::Letter, 2),
        ("big25", Paper::Letter, 3),
        ("mini5", Paper::A4, 1),
        ("american15", Paper::A4, 1),
        ("big21", Paper::A4, 2),
        ("big25", Paper::A4, 3),
    ];
    let dir = scratch("typeset-fixtures");
    let mut files = Vec::new();
    for (name, paper, _) in cases {
        let path = dir.join(&format!("{name}-{paper:?}.pdf"));
        save_pdf(
            &fixture(name),
            &options(paper, true),
            &path,
            Existing::Replace,
        )
        .unwrap();
        files.push(path);
    }
    let docs = read_pdfs(&files.iter().map(|f| f.as_path()).collect::<Vec<_>>());
    for ((name, paper, clue_pages), doc) in cases.into_iter().zip(&docs) {
        let puzzle = fixture(name);
        let what = format!("{name} on {paper:?}");
        assert_eq!(page_count(doc), clue_pages + 1, "{what}");
        let (width, height) = match paper {
            Paper::Letter => (612.0, 792.0),
            Paper::A4 => (595.28, 841.89),
        };
        for page in doc["pages"].as_array().unwrap() {
            assert!(
                (page["width"].as_f64().unwrap() - width).abs() < 0.01,
                "{what}"
            );
            assert!(
                (page["height"].as_f64().unwrap() - height).abs() < 0.01,
                "{what}"
            );
        }
        let clues: Vec<String> = (0..clue_pages).map(|p| page_text(doc, p)).collect();
        assert_puzzle_text(&what, &puzzle, &clues.join(" "));
        // Page 1 starts with the header; a continuation page says what it is.
        assert!(clues[0].starts_with(&squeeze(&puzzle.title)), "{what}");
        for more in &clues[1..] {
            let heading = format!("{}: clues, continued", puzzle.title);
            assert!(more.starts_with(&heading), "{what}: {more}");
        }
        let solution = page_text(doc, clue_pages);
        assert!(
            solution.starts_with(&format!("Solution {}", puzzle.title)),
            "{what}"
        );
        let letters: String = solution.chars().filter(|c| !c.is_whitespace()).collect();
        assert!(
            letters.contains(&solution_letters(&puzzle)),
            "{what}: {solution}"
        );
        for page in 0..page_count(doc) {
            assert!(
                page_text(doc, page).ends_with(&puzzle.copyright),
                "{what} page {page}"
            );
        }
        assert_eq!(doc["title"], puzzle.title.as_str(), "{what}");
        assert_eq!(doc["author"], puzzle.author.as_str(), "{what}");
    }
}

#[test]
fn unicode_in_credits_and_clues_extracts_exactly() {
    let puzzle = fixture("mini5");
    let doc = read_pdf(
        &pdf(&puzzle, &PdfOptions::default()).unwrap(),
        "typeset-unicode",
    );
    let text = page_text(&doc, 0);
    for expected in [
        "Mini “Five”",
        "by Zoë Test",
        "A 5×5 with curly quotes, accents and dashes in its clues.",
        "1 Café “au lait” — served hot",
        "5 It’s a ‘small’ world…",
        "6 Naïve señor’s façade",
        "8 ½ of a pair",
        "1 Ça va? Très bien!",
        "2 Alpha & omega <AND> more",
        "3 Dash – en, dash — em",
        "© 2026 Cruciverb test data",
    ] {
        assert!(text.contains(expected), "{expected:?} not in {text:?}");
    }
}

#[test]
fn characters_the_font_lacks_print_as_a_replacement_mark() {
    let mut puzzle = fixture("mini5");
    puzzle.clue_mut(7, Direction::Across).unwrap().text = "Kanji 中 and Devanagari क".into();
    let doc = read_pdf(
        &pdf(&puzzle, &PdfOptions::default()).unwrap(),
        "typeset-missing",
    );
    assert!(page_text(&doc, 0).contains("7 Kanji \u{FFFD} and Devanagari \u{FFFD}"));
}

#[test]
fn fonts_are_embedded_subset_and_mapped_to_unicode_so_files_stay_small() {
    let bytes = pdf(&fixture("big25"), &PdfOptions::default()).unwrap();
    assert!(bytes.len() < 80_000, "{} bytes", bytes.len());
    let doc = read_pdf(&bytes, "typeset-fonts");
    let fonts: BTreeMap<String, Value> = serde_json::from_value(doc["fonts"].clone()).unwrap();
    let mut faces: Vec<&str> = fonts
        .keys()
        .filter_map(|name| name.split_once('+'))
        .map(|(_, face)| face)
        .collect();
    faces.sort();
    assert_eq!(faces, ["DejaVuSans", "DejaVuSans-Bold"]);
    for (name, font) in &fonts {
        let tag = name.trim_start_matches('/').split('+').next().unwrap();
        assert!(
            tag.len() == 6 && tag.chars().all(|c| c.is_ascii_uppercase()),
            "{name}"
        );
        assert_eq!(font["embedded"], true, "{name}");
        assert_eq!(font["to_unicode"], true, "{name}");
    }
}

#[test]
fn without_a_solution_there_is_one_page() {
    for (name, pages) in [("mini5", 1), ("big25", 3)] {
        let bytes = pdf(&fixture(name), &options(Paper::Letter, false)).unwrap();
        let doc = read_pdf(&bytes, &format!("typeset-nosolution-{name}"));
        assert_eq!(page_count(&doc), pages, "{name}");
        let all: String = (0..pages).map(|p| page_text(&doc, p)).collect();
        assert!(!all.contains("Solution"), "{name}");
    }
}

#[test]
fn the_same_puzzle_gives_the_same_bytes() {
    for name in ["mini5", "big25"] {
        let puzzle = fixture(name);
        for paper in [Paper::Letter, Paper::A4] {
            let first = pdf(&puzzle, &options(paper, true)).unwrap();
            let second = pdf(&puzzle.clone(), &options(paper, true)).unwrap();
            assert!(first == second, "{name} {paper:?}: two renders differ");
        }
    }
    // And a different puzzle gives a different document id, not just
    // different pages.
    let mut other = fixture("mini5");
    other.title = "Mini “Six”".into();
    let ids = |bytes: &[u8]| {
        let text = String::from_utf8_lossy(bytes).into_owned();
        let at = text.rfind("/ID").unwrap();
        text[at..at + 40].to_string()
    };
    let a = pdf(&fixture("mini5"), &PdfOptions::default()).unwrap();
    let b = pdf(&other, &PdfOptions::default()).unwrap();
    assert_ne!(ids(&a), ids(&b));
}

#[test]
fn an_unfilled_grid_has_no_solution_page() {
    let mut puzzle = fixture("mini5");
    puzzle.grid.set(1, 1, Cell::Empty);
    puzzle.grid.set(2, 3, Cell::Empty);
    let err = pdf(&puzzle, &PdfOptions::default()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "cannot print a solution page: the grid has 2 empty cells; \
         fill the grid or use --no-solution"
    );
    puzzle.grid.set(2, 3, Cell::Letter(b'C'));
    let err = pdf(&puzzle, &PdfOptions::default()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "cannot print a solution page: the grid has 1 empty cell; \
         fill the grid or use --no-solution"
    );
    // Without the solution it prints, empty cell and all.
    let bytes = pdf(&puzzle, &options(Paper::Letter, false)).unwrap();
    let doc = read_pdf(&bytes, "typeset-unfilled");
    assert_eq!(page_count(&doc), 1);
    assert_puzzle_text("unfilled", &puzzle, &page_text(&doc, 0));
}

#[test]
fn save_pdf_writes_the_whole_file_or_nothing() {
    let dir = scratch("typeset-save");
    let path = dir.join("puzzle.pdf");
    let puzzle = fixture("american15");
    save_pdf(&puzzle, &PdfOptions::default(), &path, Existing::Replace).unwrap();
    assert_eq!(
        fs::read(&path).unwrap(),
        pdf(&puzzle, &PdfOptions::default()).unwrap()
    );
    let entries = || {
        let mut names: Vec<String> = fs::read_dir(dir.join(""))
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    };
    assert_eq!(entries(), ["puzzle.pdf"]);

    // A failed render leaves the old file as it was.
    let before = fs::read(&path).unwrap();
    let mut unfilled = puzzle.clone();
    unfilled.grid.set(0, 0, Cell::Empty);
    assert!(save_pdf(&unfilled, &PdfOptions::default(), &path, Existing::Replace).is_err());
    assert_eq!(fs::read(&path).unwrap(), before);
    assert_eq!(entries(), ["puzzle.pdf"]);

    // Missing directories are made; a path through a file is an error
    // naming the file.
    let nested = dir.join("new/dir/puzzle.pdf");
    save_pdf(&puzzle, &PdfOptions::default(), &nested, Existing::Refuse).unwrap();
    assert_eq!(fs::read(&nested).unwrap(), before);
    let through = path.join("puzzle.pdf");
    let err = save_pdf(&puzzle, &PdfOptions::default(), &through, Existing::Replace).unwrap_err();
    assert!(
        err.to_string() == format!("{}: Not a directory (os error 20)", through.display()),
        "{err}"
    );
}

/// 7 mm in points: the smallest cell a 21×21 may have.
const SEVEN_MM: f32 = 19.84;

/// The 15×15 fixtures' cells before the layout put the grid first (Letter,
/// A4): a 15×15 must keep them.
const FIFTEEN_BEFORE: [(Paper, f32); 2] = [(Paper::Letter, 26.8), (Paper::A4, 27.74)];

/// Each of the puzzle's clues set once: its parts in the order of the clue
/// lists, the first with the number, each carrying on where the one before
/// it stopped; and on pages that exist.
fn assert_every_clue_once(what: &str, puzzle: &Puzzle, layout: &Layout) {
    let mut parts = layout.clues.iter().peekable();
    for clue in &puzzle.clues {
        let mut line = 0;
        while let Some(part) =
            parts.next_if(|p| p.number == clue.number && p.direction == clue.direction)
        {
            assert_eq!(part.first_line, line, "{what}: {part:?}");
            assert!(
                part.lines > 0 && part.page < layout.clue_pages,
                "{what}: {part:?}"
            );
            line += part.lines;
        }
        assert!(
            line > 0,
            "{what}: clue {} {:?} not set",
            clue.number,
            clue.direction
        );
    }
    assert!(
        parts.next().is_none(),
        "{what}: clues set that the puzzle lacks"
    );
}

/// Every text run and clue inside the margins; on the puzzle page, no clue
/// touching the grid and no text but the grid's numbers inside it; no two
/// text runs overlapping.
fn assert_on_the_page_and_off_the_grid(what: &str, layout: &Layout) {
    let (width, height) = layout.paper;
    let m = layout.margin;
    let page = Rect {
        x: m,
        y: m,
        width: width - 2.0 * m,
        height: height - 2.0 * m,
    };
    let grid = layout.puzzle.rect;
    for clue in &layout.clues {
        assert!(clue.rect.within(&page), "{what}: {clue:?} off the page");
        assert!(
            clue.page != 0 || !clue.rect.overlaps(&grid),
            "{what}: {clue:?} on the grid"
        );
    }
    for text in &layout.texts {
        assert!(text.rect.within(&page), "{what}: {text:?} off the page");
        if text.page == 0 && text.rect.overlaps(&grid) {
            assert!(
                text.rect.within(&grid)
                    && text.size == layout.puzzle.mark_size
                    && text.text.parse::<u32>().is_ok(),
                "{what}: {text:?} on the grid"
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
fn grids_are_big_enough_to_write_in_and_clues_to_read() {
    for name in ["american15", "british15", "big21", "big25"] {
        let puzzle = fixture(name);
        for paper in [Paper::Letter, Paper::A4] {
            let what = format!("{name} on {paper:?}");
            let layout = lay_out(&puzzle, &options(paper, true)).unwrap();
            let grid = layout.puzzle;
            let content_width = layout.paper.0 - 2.0 * layout.margin;
            match puzzle.grid.width() {
                15 => {
                    let before = FIFTEEN_BEFORE.iter().find(|b| b.0 == paper).unwrap().1;
                    assert!(grid.cell >= before, "{what}: {}", grid.cell);
                    assert!(grid.mark_size >= 8.0, "{what}: {}", grid.mark_size);
                }
                21 => {
                    assert!(grid.cell >= SEVEN_MM, "{what}: {}", grid.cell);
                    assert!(grid.mark_size >= 6.0, "{what}: {}", grid.mark_size);
                }
                // 7 mm would make a 25×25 nearly as wide as the page; it
                // gets cells of at least four fifths of the width.
                _ => {
                    assert!(
                        grid.cell >= 0.8 * content_width / 25.0,
                        "{what}: {}",
                        grid.cell
                    );
                    assert!(grid.mark_size >= 6.0, "{what}: {}", grid.mark_size);
                }
            }
            assert!(layout.clue_size >= 7.5, "{what}: {}", layout.clue_size);
            assert_eq!(
                grid.rect.width,
                grid.cell * puzzle.grid.width() as f32,
                "{what}"
            );
            let numbers: Vec<f32> = layout
                .texts
                .iter()
                .filter(|t| t.page == 0 && t.rect.within(&grid.rect))
                .map(|t| t.size)
                .collect();
            assert!(!numbers.is_empty(), "{what}");
            assert!(numbers.iter().all(|&size| size == grid.mark_size), "{what}");
            let solution = layout.solution.unwrap();
            assert!(solution.cell <= grid.cell, "{what}: {solution:?}");
            assert_eq!(solution.page, layout.pages - 1, "{what}");
            assert_eq!(layout.pages, layout.clue_pages + 1, "{what}");
        }
    }
}

#[test]
fn every_clue_is_set_once_on_the_page_and_off_the_grid() {
    for name in ["mini5", "american15", "british15", "big21", "big25"] {
        let puzzle = fixture(name);
        for paper in [Paper::Letter, Paper::A4] {
            let what = format!("{name} on {paper:?}");
            let layout = lay_out(&puzzle, &options(paper, true)).unwrap();
            assert_every_clue_once(&what, &puzzle, &layout);
            assert_on_the_page_and_off_the_grid(&what, &layout);
            // Continued clues are columns of the same width, and fill a
            // good part of their last page rather than leaving a few clues
            // alone on it.
            let widths = layout.clues.iter().map(|c| c.rect.width);
            assert!(
                widths.into_iter().all(|w| w == layout.column_width),
                "{what}"
            );
            if layout.clue_pages > 1 {
                let last = layout.clue_pages - 1;
                let on_last = layout.clues.iter().filter(|c| c.page == last).count();
                assert!(
                    on_last * 5 >= puzzle.clues.len(),
                    "{what}: {on_last} on the last page"
                );
            }
        }
    }
}

#[test]
fn enumerations_print_after_their_clues_and_never_alone() {
    let mut puzzle = fixture("big21");
    for (i, clue) in puzzle.clues.iter_mut().enumerate() {
        let n = clue.answer.len();
        // Single words, phrases and hyphenations of the answer's length.
        clue.enumeration = match i % 3 {
            0 => n.to_string(),
            1 if n >= 4 => format!("{},{}", n / 2, n - n / 2),
            _ if n >= 4 => format!("{}-{},{}", n / 4, n / 4, n - 2 * (n / 4)),
            _ => n.to_string(),
        };
    }
    for paper in [Paper::Letter, Paper::A4] {
        let what = format!("{paper:?}");
        let layout = lay_out(&puzzle, &options(paper, true)).unwrap();
        assert_every_clue_once(&what, &puzzle, &layout);
        assert_on_the_page_and_off_the_grid(&what, &layout);
        for clue in &puzzle.clues {
            let alone = format!("({})", clue.enumeration);
            assert!(
                !layout.texts.iter().any(|t| t.text == alone),
                "{what}: {alone} of {} {:?} on a line of its own",
                clue.number,
                clue.direction
            );
        }
        let bytes = pdf(&puzzle, &options(paper, true)).unwrap();
        let doc = read_pdf(&bytes, &format!("typeset-enumerations-{paper:?}"));
        let text: Vec<String> = (0..layout.clue_pages).map(|p| page_text(&doc, p)).collect();
        let text = text.join(" ");
        for clue in &puzzle.clues {
            let expected = format!(
                "{} {} ({})",
                clue.number,
                squeeze(&clue.text),
                clue.enumeration
            );
            assert!(text.contains(&expected), "{what}: {expected:?} missing");
        }
    }
}

#[test]
fn empty_credits_leave_no_lines_and_the_room_to_the_puzzle() {
    let credited = fixture("big21");
    let mut bare = credited.clone();
    bare.title.clear();
    bare.author.clear();
    bare.copyright.clear();
    bare.notes.clear();
    for paper in [Paper::Letter, Paper::A4] {
        let what = format!("{paper:?}");
        let with = lay_out(&credited, &options(paper, true)).unwrap();
        let without = lay_out(&bare, &options(paper, true)).unwrap();
        assert_every_clue_once(&what, &bare, &without);
        assert_on_the_page_and_off_the_grid(&what, &without);
        assert_eq!(without.puzzle.rect.y, without.margin, "{what}");
        assert!(without.puzzle.cell > with.puzzle.cell, "{what}");

        let bytes = pdf(&bare, &options(paper, true)).unwrap();
        let doc = read_pdf(&bytes, &format!("typeset-bare-{paper:?}"));
        assert_eq!(page_count(&doc), without.pages, "{what}");
        let first = page_text(&doc, 0);
        // Page 1 starts with the grid's numbers and ends with the last clue
        // it holds: no title, no byline, no footer.
        assert!(first.starts_with("1 2 3 4 "), "{what}: {first}");
        assert!(!first.contains("by ") && !first.contains('©'), "{what}");
        assert!(!first.contains("Big Twenty-One"), "{what}");
        let more = page_text(&doc, 1);
        assert!(more.starts_with("Clues, continued "), "{what}: {more}");
        let solution = page_text(&doc, without.pages - 1);
        let letters = solution_letters(&bare);
        assert!(
            solution.starts_with(&format!("Solution {}", &letters[..1])),
            "{what}"
        );
        for page in 0..without.pages {
            assert!(!page_text(&doc, page).contains('©'), "{what} page {page}");
        }
    }
}
