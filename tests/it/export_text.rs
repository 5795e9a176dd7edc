//! The text exports (.jpz, .xd, .txt) and the .ipuz we write, checked by
//! independent readers: Python's XML parser for .jpz, `xdformat` for .xd and
//! `ipuz` for .ipuz, each compared cell by cell and clue by clue with the
//! fixture files themselves; and our .jpz and .xd readers: round trips,
//! other tools' variants (Crossword Compiler's zipped and applet files) and
//! the exact error for each kind of broken file.

use std::collections::HashMap;

use crate::common::python::run_python;
use crate::common::*;
use cruciverb::files::Existing;
use cruciverb::formats::ipuz;
use cruciverb::formats::{self, jpz, txt, xd, Format};
use cruciverb::grid::{Cell, Direction, Grid};
use cruciverb::puzzle::{Mark, Puzzle};
use serde_json::Value;

const FIXTURES: [&str; 3] = ["mini5", "american15", "british15"];

/// The fixture file as plain JSON: the ground truth the exports must match,
/// read without our ipuz reader.
fn raw_fixture(name: &str) -> Value {
    serde_json::from_str(&std::fs::read_to_string(puzzle_path(name)).unwrap()).unwrap()
}

fn raw_text(raw: &Value, key: &str) -> String {
    raw[key].as_str().unwrap_or("").to_string()
}

/// The fixture's solution cell at 0-based (row, col): a letter or "#".
fn raw_solution(raw: &Value, row: usize, col: usize) -> String {
    raw["solution"][row][col].as_str().unwrap().to_string()
}

fn raw_number(raw: &Value, row: usize, col: usize) -> u64 {
    raw["puzzle"][row][col].as_u64().unwrap_or(0)
}

/// The fixture's clue list for `direction` as (number, text).
fn raw_clues(raw: &Value, direction: &str) -> Vec<(u64, String)> {
    raw["clues"][direction]
        .as_array()
        .unwrap()
        .iter()
        .map(|pair| {
            (
                pair[0].as_u64().unwrap(),
                pair[1].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

fn raw_size(raw: &Value) -> (usize, usize) {
    (
        raw["dimensions"]["width"].as_u64().unwrap() as usize,
        raw["dimensions"]["height"].as_u64().unwrap() as usize,
    )
}

fn write_file(dir: &ScratchDir, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

fn python_json(script: &str, path: &str) -> Value {
    serde_json::from_str(&run_python(script, &[path])).unwrap()
}

// ------------------------------------------------------------------ .txt

const MINI5_TXT: &str = "\
Mini “Five”
by Zoë Test

A 5×5 with curly quotes, accents and dashes in its clues.

+---+---+---+---+---+
|###|1  |2  |3  |4  |
+---+---+---+---+---+
|5  |   |   |   |   |
+---+---+---+---+---+
|6  |   |   |   |   |
+---+---+---+---+---+
|7  |   |   |   |   |
+---+---+---+---+---+
|8  |   |   |   |###|
+---+---+---+---+---+

ACROSS
1. Café “au lait” — served hot (4)
5. It’s a ‘small’ world… (5)
6. Naïve señor’s façade (5)
7. See 1-Across (5)
8. ½ of a pair (4)

DOWN
1. Ça va? Très bien! (5)
2. Alpha & omega <AND> more (5)
3. Dash – en, dash — em (5)
4. Café “au lait” — served hot (4)
5. It’s a ‘small’ world… (4)

© 2026 Cruciverb test data

SOLUTION
# A D D S
C U R I O
E R I C A
C A N E R
A S K S #
";

#[test]
fn txt_of_the_mini_is_exactly_the_hand_written_layout() {
    assert_eq!(txt::write(&fixture("mini5")), MINI5_TXT);
}

/// The text between a heading line and the next blank line.
fn block_after<'a>(lines: &[&'a str], heading: &str) -> Vec<&'a str> {
    let start = lines.iter().position(|l| *l == heading).unwrap() + 1;
    lines[start..]
        .iter()
        .take_while(|l| !l.is_empty())
        .copied()
        .collect()
}

#[test]
fn txt_of_the_fifteens_lists_every_clue_with_its_length_and_the_solution() {
    for name in ["american15", "british15"] {
        let raw = raw_fixture(name);
        let puzzle = fixture(name);
        let text = txt::write(&puzzle);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], raw_text(&raw, "title"), "{name}");
        assert_eq!(
            lines[1],
            format!("by {}", raw_text(&raw, "author")),
            "{name}"
        );

        let (width, height) = raw_size(&raw);
        let border = format!("{}+", "+---".repeat(width));
        let grid_start = lines.iter().position(|l| *l == border).unwrap();
        let drawn = &lines[grid_start..grid_start + 2 * height + 1];
        for (r, pair) in drawn[1..].chunks(2).enumerate() {
            assert_eq!(pair[1], border, "{name} row {}", r + 1);
            let cells: Vec<&str> = pair[0][1..pair[0].len() - 1].split('|').collect();
            assert_eq!(cells.len(), width, "{name} row {}", r + 1);
            for (c, cell) in cells.iter().enumerate() {
                let expected = match (raw_solution(&raw, r, c).as_str(), raw_number(&raw, r, c)) {
                    ("#", _) => "###".to_string(),
                    (_, 0) => "   ".to_string(),
                    (_, n) => format!("{n:<3}"),
                };
                assert_eq!(*cell, expected, "{name} row {}, column {}", r + 1, c + 1);
            }
        }

        for (heading, direction) in [("ACROSS", "Across"), ("DOWN", "Down")] {
            let listed = block_after(&lines, heading);
            let clues = raw_clues(&raw, direction);
            assert_eq!(listed.len(), clues.len(), "{name} {heading}");
            let dir = if direction == "Across" {
                Direction::Across
            } else {
                Direction::Down
            };
            for (line, (number, text)) in listed.iter().zip(&clues) {
                let length = puzzle.clue(*number as u32, dir).unwrap().answer.len();
                assert_eq!(line.trim_start(), format!("{number}. {text} ({length})"));
                assert_eq!(line.find('.'), Some(2), "numbers right-aligned: {line:?}");
            }
        }

        let copyright = lines.iter().position(|l| *l == raw_text(&raw, "copyright"));
        let solution_at = lines.iter().position(|l| *l == "SOLUTION").unwrap();
        assert!(copyright.unwrap() < solution_at, "{name}");
        let rows = block_after(&lines, "SOLUTION");
        assert_eq!(rows.len(), height, "{name}");
        for (r, row) in rows.iter().enumerate() {
            let letters: Vec<String> = (0..width).map(|c| raw_solution(&raw, r, c)).collect();
            assert_eq!(*row, letters.join(" "), "{name} solution row {}", r + 1);
        }
        assert!(lines.iter().all(|l| l.chars().count() <= 61), "{name}");
    }
}

#[test]
fn txt_of_an_unfilled_uncredited_21x21_fits_in_85_columns() {
    let puzzle = Puzzle::from_grid(Grid::empty(21, 21).unwrap(), 2);
    let text = txt::write(&puzzle);
    let lines: Vec<&str> = text.lines().collect();
    // No credits, no notes: the grid comes first.
    assert_eq!(lines[0], format!("{}+", "+---".repeat(21)));
    assert_eq!(
        lines[1],
        "|1  |2  |3  |4  |5  |6  |7  |8  |9  |10 |11 |12 |13 |14 |15 |16 |17 |18 |19 |20 |21 |"
    );
    assert_eq!(lines[3], format!("|22 {}|", "|   ".repeat(20)));
    assert_eq!(lines.iter().map(|l| l.chars().count()).max(), Some(85));
    let across = block_after(&lines, "ACROSS");
    assert_eq!(across.len(), 21);
    assert_eq!(across[0], " 1. (21)");
    assert_eq!(across[20], "41. (21)");
    let down = block_after(&lines, "DOWN");
    assert_eq!(down[20], "21. (21)");
    let rows = block_after(&lines, "SOLUTION");
    assert_eq!(rows, vec![vec!["."; 21].join(" "); 21]);
    assert!(text.ends_with(". .\n"));
}

#[test]
fn txt_indents_the_later_lines_of_a_clue() {
    let mut puzzle = fixture("mini5");
    puzzle.clue_mut(5, Direction::Across).unwrap().text = "First line\nsecond line".into();
    let text = txt::write(&puzzle);
    assert!(
        text.contains("\n5. First line\n   second line (5)\n6. "),
        "{text}"
    );
}

// ------------------------------------------------------------------ .jpz

const READ_JPZ: &str = r#"
import json, sys
import xml.etree.ElementTree as ET
CC = '{http://crossword.info/xml/crossword-compiler}'
RP = '{http://crossword.info/xml/rectangular-puzzle}'
root = ET.parse(sys.argv[1]).getroot()
assert root.tag == CC + 'crossword-compiler', root.tag
(puzzle,) = root.findall(RP + 'rectangular-puzzle')
crossword = puzzle.find(RP + 'crossword')
grid = crossword.find(RP + 'grid')
print(json.dumps({
    'alphabet': puzzle.get('alphabet'),
    'metadata': {m.tag[len(RP):]: m.text or '' for m in puzzle.find(RP + 'metadata')},
    'width': grid.get('width'),
    'height': grid.get('height'),
    'cells': [dict(c.attrib) for c in grid.findall(RP + 'cell')],
    'words': [dict(w.attrib) for w in crossword.findall(RP + 'word')],
    'lists': [{
        'title': ''.join(l.find(RP + 'title').itertext()),
        'clues': [dict(c.attrib, text=c.text or '') for c in l.findall(RP + 'clue')],
    } for l in crossword.findall(RP + 'clues')],
}))
"#;

fn attr(object: &Value, key: &str) -> Option<String> {
    object.get(key).and_then(Value::as_str).map(str::to_string)
}

/// `"3-7"` or `"4"` as an inclusive 1-based range.
fn range(text: &str) -> (usize, usize) {
    match text.split_once('-') {
        Some((a, b)) => (a.parse().unwrap(), b.parse().unwrap()),
        None => (text.parse().unwrap(), text.parse().unwrap()),
    }
}

/// Checks that `word` covers a maximal white run of the fixture grid in
/// `direction` starting at the cell numbered `number` (which fixes its
/// length).
fn check_word(raw: &Value, word: &Value, direction: &str, number: u64) {
    let (x0, x1) = range(&attr(word, "x").unwrap());
    let (y0, y1) = range(&attr(word, "y").unwrap());
    let (width, height) = raw_size(raw);
    let white = |col: usize, row: usize| {
        (1..=width).contains(&col)
            && (1..=height).contains(&row)
            && raw_solution(raw, row - 1, col - 1) != "#"
    };
    let cells: Vec<(usize, usize)> = match direction {
        "Across" => {
            assert_eq!(y0, y1, "{word}");
            assert!(
                !white(x0 - 1, y0) && !white(x1 + 1, y0),
                "not maximal: {word}"
            );
            (x0..=x1).map(|x| (x, y0)).collect()
        }
        _ => {
            assert_eq!(x0, x1, "{word}");
            assert!(
                !white(x0, y0 - 1) && !white(x0, y1 + 1),
                "not maximal: {word}"
            );
            (y0..=y1).map(|y| (x0, y)).collect()
        }
    };
    assert!(cells.iter().all(|&(x, y)| white(x, y)), "{word}");
    assert_eq!(raw_number(raw, y0 - 1, x0 - 1), number, "{word}");
}

#[test]
fn jpz_read_by_an_xml_parser_has_every_cell_word_and_clue_of_the_fixture() {
    let dir = scratch("jpz-fixtures");
    for name in FIXTURES {
        let raw = raw_fixture(name);
        let path = write_file(
            &dir,
            &format!("{name}.jpz"),
            &jpz::write(&fixture(name)).unwrap(),
        );
        let read = python_json(READ_JPZ, &path);

        assert_eq!(read["alphabet"], "ABCDEFGHIJKLMNOPQRSTUVWXYZ");
        let metadata: HashMap<String, String> =
            serde_json::from_value(read["metadata"].clone()).unwrap();
        let expected: HashMap<String, String> = [
            ("title", "title"),
            ("creator", "author"),
            ("copyright", "copyright"),
            ("description", "notes"),
        ]
        .into_iter()
        .map(|(element, key)| (element.to_string(), raw_text(&raw, key)))
        .collect();
        assert_eq!(metadata, expected, "{name}");

        let (width, height) = raw_size(&raw);
        assert_eq!(read["width"], width.to_string());
        assert_eq!(read["height"], height.to_string());
        let cells = read["cells"].as_array().unwrap();
        assert_eq!(cells.len(), width * height, "{name}");
        for (i, cell) in cells.iter().enumerate() {
            let (r, c) = (i / width, i % width);
            assert_eq!(attr(cell, "x"), Some((c + 1).to_string()), "{name} {cell}");
            assert_eq!(attr(cell, "y"), Some((r + 1).to_string()), "{name} {cell}");
            let letter = raw_solution(&raw, r, c);
            if letter == "#" {
                assert_eq!(
                    attr(cell, "type").as_deref(),
                    Some("block"),
                    "{name} {cell}"
                );
                assert_eq!(cell.as_object().unwrap().len(), 3, "{name} {cell}");
            } else {
                assert_eq!(attr(cell, "type"), None, "{name} {cell}");
                assert_eq!(attr(cell, "solution"), Some(letter), "{name} {cell}");
                let number = Some(raw_number(&raw, r, c))
                    .filter(|&n| n > 0)
                    .map(|n| n.to_string());
                assert_eq!(attr(cell, "number"), number, "{name} {cell}");
            }
        }

        let words: HashMap<String, &Value> = read["words"]
            .as_array()
            .unwrap()
            .iter()
            .map(|w| (attr(w, "id").unwrap(), w))
            .collect();
        let lists = read["lists"].as_array().unwrap();
        assert_eq!(lists.len(), 2, "{name}");
        let mut clued_words = 0;
        for (list, direction) in lists.iter().zip(["Across", "Down"]) {
            assert_eq!(list["title"], direction, "{name}");
            let clues = list["clues"].as_array().unwrap();
            let expected = raw_clues(&raw, direction);
            assert_eq!(clues.len(), expected.len(), "{name} {direction}");
            for (clue, (number, text)) in clues.iter().zip(&expected) {
                assert_eq!(attr(clue, "number"), Some(number.to_string()), "{name}");
                assert_eq!(attr(clue, "text").as_ref(), Some(text), "{name} {number}");
                // The fixtures print no enumerations, so no clue has a format.
                assert_eq!(attr(clue, "format"), None, "{name} {number}");
                let word = words[&attr(clue, "word").unwrap()];
                check_word(&raw, word, direction, *number);
                clued_words += 1;
            }
        }
        assert_eq!(words.len(), clued_words, "{name}: one word per clue");
    }
}

#[test]
fn jpz_escapes_markup_and_leaves_unfilled_cells_without_a_solution() {
    let mut puzzle = Puzzle::from_grid(Grid::parse_text("#A.\n...\n..#\n", "g").unwrap(), 2);
    puzzle.title = "Fish & <Chips> \"quoted\"".into();
    puzzle.clue_mut(1, Direction::Across).unwrap().text = "a < b && c > d\r\nnext".into();
    let dir = scratch("jpz-escapes");
    let path = write_file(&dir, "small.jpz", &jpz::write(&puzzle).unwrap());
    let read = python_json(READ_JPZ, &path);
    assert_eq!(read["metadata"]["title"], "Fish & <Chips> \"quoted\"");
    assert_eq!(read["metadata"]["creator"], "");
    assert_eq!(
        read["lists"][0]["clues"][0]["text"],
        "a < b && c > d\r\nnext"
    );
    let cell = |i: usize| read["cells"][i].as_object().unwrap().clone();
    assert_eq!(cell(1).get("solution").and_then(Value::as_str), Some("A"));
    assert_eq!(cell(2).get("solution"), None);
    assert_eq!(cell(2).get("number").and_then(Value::as_str), Some("2"));
    assert_eq!(cell(4).len(), 2, "{:?}", cell(4));
}

#[test]
fn jpz_refuses_a_control_character_xml_cannot_hold() {
    let mut puzzle = fixture("mini5");
    puzzle.clue_mut(3, Direction::Down).unwrap().text = "bell \u{7}".into();
    assert_eq!(
        jpz::write(&puzzle).unwrap_err().to_string(),
        "cannot write .jpz: the clue 3 Down contains the control character U+0007, \
         which XML cannot hold"
    );
}

/// Every format's bytes for `puzzle`, or its refusal, to compare two
/// puzzles by what they export.
fn exports(puzzle: &Puzzle) -> Vec<Result<Vec<u8>, String>> {
    Format::ALL
        .into_iter()
        .map(|format| formats::render(puzzle, format).map_err(|e| e.to_string()))
        .collect()
}

#[test]
fn jpz_round_trips_every_fixture_and_exports_as_the_original() {
    for name in FIXTURES {
        let puzzle = fixture(name);
        let text = jpz::write(&puzzle).unwrap();
        let back = jpz::read(text.as_bytes(), "round.jpz").unwrap();
        assert_eq!(back, puzzle, "{name}");
        assert_eq!(jpz::write(&back).unwrap(), text, "{name}");
        assert_eq!(exports(&back), exports(&puzzle), "{name}");
    }
}

#[test]
fn jpz_round_trips_unfilled_cells_escapes_and_other_minimum_word_lengths() {
    // Open cells, markup characters and a carriage return.
    let mut puzzle = Puzzle::from_grid(Grid::parse_text("#A.\n...\n..#\n", "g").unwrap(), 2);
    puzzle.title = "Fish & <Chips> \"quoted\"".into();
    puzzle.notes = "First line\nsecond line".into();
    puzzle.clue_mut(1, Direction::Across).unwrap().text = "a < b && c > d\r\nnext".into();
    let text = jpz::write(&puzzle).unwrap();
    assert_eq!(jpz::read(text.as_bytes(), "small.jpz").unwrap(), puzzle);

    // Unchecked cells as one-cell words (minimum 1), written as `x="7-7"`.
    let mut ones = fixture("british15");
    ones.min_slot = 1;
    ones.clues = Puzzle::from_grid(ones.grid.clone(), 1).clues;
    ones.clue_mut(3, Direction::Down).unwrap().text = "One letter".into();
    let text = jpz::write(&ones).unwrap();
    assert!(
        text.contains("<word id=\"4\" x=\"7-7\" y=\"2\"/>"),
        "{text}"
    );
    let back = jpz::read(text.as_bytes(), "ones.jpz").unwrap();
    assert_eq!(back, ones);
    assert_eq!(jpz::write(&back).unwrap(), text);

    // Minimum 3: the 2-cell runs are unchecked cells, not words.
    let mut threes = Puzzle::from_grid(
        Grid::parse_text("AB#CDE\nFGHIJK\nLM#NOP\n", "g").unwrap(),
        3,
    );
    threes.clue_mut(1, Direction::Down).unwrap().text = "Three".into();
    let back = jpz::read(jpz::write(&threes).unwrap().as_bytes(), "threes.jpz").unwrap();
    assert_eq!(back.min_slot, 3);
    assert_eq!(back, threes);
}

/// `tests/data/puzzles/applet.jpz` as the document it describes: mini5's
/// grid with a void corner (a block), a circle, a shaded square (red), a
/// rebus written in lower case, and clues with markup, entities and CDATA.
fn applet_puzzle() -> Puzzle {
    let mut puzzle = Puzzle::from_grid(fixture("mini5").grid, 2);
    let mark = |circled, shaded, rebus: Option<&str>| Mark {
        circled,
        shaded,
        rebus: rebus.map(str::to_string),
    };
    puzzle
        .set_marks(
            [
                ((0, 1), mark(true, false, None)),
                ((1, 0), mark(false, false, Some("CAT"))),
                ((2, 2), mark(false, true, None)),
            ]
            .into(),
        )
        .unwrap();
    puzzle.title = "Fish & Chips".into();
    puzzle.author = "Ann O\u{2019}Nymous".into();
    puzzle.copyright = "© 2026 Cruciverb test data".into();
    puzzle.notes = "Note: one rebus square.".into();
    // Crossword Compiler gives every clue a format, the answer's length for
    // one word, so every clue reads with that as its enumeration.
    let texts = [
        (1, Direction::Across, "Sums up", "4"),
        (5, Direction::Across, "Odd & collectible item", "7"),
        (6, Direction::Across, "Heather\u{2019}s genus", "5"),
        (7, Direction::Across, "Chair weaver", "5"),
        (8, Direction::Across, "Inquires 'politely'", "4"),
        (1, Direction::Down, "Glows around saints", "5"),
        (2, Direction::Down, "Beverage", "5"),
        (3, Direction::Down, "Cuts into cubes", "5"),
        (4, Direction::Down, "Rise high", "4"),
        (5, Direction::Down, "Blind guts <pl.>", "4"),
    ];
    for (number, direction, text, enumeration) in texts {
        let clue = puzzle.clue_mut(number, direction).unwrap();
        clue.text = text.into();
        clue.enumeration = enumeration.into();
    }
    puzzle
}

#[test]
fn jpz_reads_crossword_compiler_applet_files_plain_and_zipped() {
    let expected = applet_puzzle();
    assert_eq!(
        expected.clue(5, Direction::Across).unwrap().answer,
        "CATURIO"
    );
    let plain = formats::import(&data("puzzles/applet.jpz")).unwrap();
    assert_eq!(plain, expected);
    // The same XML deflated in a ZIP archive written as a stream (sizes only
    // in the central directory), as Java's ZipOutputStream writes them.
    let zipped_path = data("puzzles/applet-zipped.jpz");
    let zipped = std::fs::read(&zipped_path).unwrap();
    assert_eq!(&zipped[..4], b"PK\x03\x04");
    assert_eq!(zipped[6] & 0x08, 0x08, "a data descriptor follows the data");
    assert_eq!(formats::import(&zipped_path).unwrap(), expected);
}

/// Our mini5 as `.jpz`, the base the variants below edit.
fn mini5_jpz() -> String {
    jpz::write(&fixture("mini5")).unwrap()
}

#[test]
fn jpz_reads_prefixed_elements_cells_in_any_order_and_clues_by_number() {
    let ours = mini5_jpz();
    // Namespace prefixes instead of default namespaces.
    let mut prefixed = ours
        .replace(
            "<crossword-compiler xmlns=",
            "<cc:crossword-compiler xmlns:cc=",
        )
        .replace("</crossword-compiler>", "</cc:crossword-compiler>")
        .replace(
            " xmlns=\"http://crossword.info/xml/rectangular-puzzle\"",
            " xmlns:rp=\"http://crossword.info/xml/rectangular-puzzle\" xmlns:x=\"urn:x\"",
        );
    for name in [
        "rectangular-puzzle",
        "metadata",
        "title",
        "creator",
        "copyright",
        "description",
        "crossword",
        "grid",
        "cell",
        "word",
        "clues",
        "clue",
        "b",
    ] {
        prefixed = prefixed
            .replace(&format!("<{name}>"), &format!("<rp:{name}>"))
            .replace(&format!("<{name} "), &format!("<rp:{name} "))
            .replace(&format!("</{name}>"), &format!("</rp:{name}>"));
    }
    assert!(prefixed.contains("<rp:cell x=\"2\" y=\"1\" solution=\"A\" number=\"1\"/>"));
    assert_eq!(
        jpz::read(prefixed.as_bytes(), "prefixed.jpz").unwrap(),
        fixture("mini5")
    );

    // Cells last row first, clue lists with other titles, clues by number
    // alone, a word's cells as children, an unfilled cell, a UTF-8 BOM.
    let mut lines: Vec<&str> = ours.lines().collect();
    lines[11..36].reverse();
    let shuffled = format!("\u{feff}{}\n", lines.join("\n"))
        .replace("<b>Across</b>", "Horizontal")
        .replace("<b>Down</b>", "Vertical")
        .replace("<clue word=\"9\" number=\"4\"", "<clue number=\"4\"")
        .replace(
            "<word id=\"2\" x=\"1-5\" y=\"2\"/>",
            "<word id=\"2\"><cells x=\"1-2\" y=\"2\"/><cells x=\"3-5\" y=\"2\"/></word>",
        )
        .replace(
            "<cell x=\"3\" y=\"3\" solution=\"I\"/>",
            "<cell x=\"3\" y=\"3\"/>",
        );
    let mut expected = fixture("mini5");
    expected.grid.set(2, 2, Cell::Empty);
    expected.clues = Puzzle::from_grid(expected.grid.clone(), 2)
        .clues
        .into_iter()
        .zip(&fixture("mini5").clues)
        .map(|(mut clue, original)| {
            clue.text = original.text.clone();
            clue
        })
        .collect();
    assert_eq!(expected.clue(6, Direction::Across).unwrap().answer, "ER.CA");
    assert_eq!(
        jpz::read(shuffled.as_bytes(), "shuffled.jpz").unwrap(),
        expected
    );
}

fn jpz_error(text: &str) -> String {
    jpz::read(text.as_bytes(), "bad.jpz")
        .unwrap_err()
        .to_string()
}

#[test]
fn malformed_jpz_is_an_error_naming_the_line() {
    let ours = mini5_jpz();
    // (what to replace in a good file, with what, the exact error)
    let cases = [
        (
            "<grid width=\"5\" height=\"5\">",
            "<grid height=\"5\">",
            "bad.jpz:11:7: the <grid> has no width",
        ),
        (
            "<grid width=\"5\"",
            "<grid width=\"0\"",
            "bad.jpz:11:7: grid width 0 is outside the supported range 3..=31",
        ),
        (
            "height=\"5\">",
            "height=\"32\">",
            "bad.jpz:11:7: grid height 32 is outside the supported range 3..=31",
        ),
        (
            "<grid width=\"5\"",
            "<grid width=\"99999999999999999999999\"",
            "bad.jpz:11:7: <grid> has width=\"99999999999999999999999\", far too large",
        ),
        (
            "<grid width=\"5\"",
            "<grid width=\"five\"",
            "bad.jpz:11:7: <grid> has width=\"five\", which is not a whole number",
        ),
        (
            "<cell x=\"2\" y=\"1\"",
            "<cell x=\"6\" y=\"1\"",
            "bad.jpz:13:9: cell x=\"6\" y=\"1\" is outside the 5×5 grid",
        ),
        (
            "<cell x=\"2\" y=\"1\"",
            "<cell y=\"1\"",
            "bad.jpz:13:9: a <cell> with no x",
        ),
        (
            "<cell x=\"3\" y=\"2\"",
            "<cell x=\"2\" y=\"2\"",
            "bad.jpz:19:9: cell x=\"2\" y=\"2\" is given twice (first on line 18)",
        ),
        (
            "        <cell x=\"3\" y=\"2\" solution=\"R\"/>\n",
            "",
            "bad.jpz:11:7: the grid has no <cell> for x=\"3\" y=\"2\" (a 5×5 grid needs one \
             for every square)",
        ),
        (
            "solution=\"U\"",
            "solution=\"Ü\"",
            "bad.jpz:18:9: cell x=\"2\" y=\"2\": solution \"Ü\" is not a letter A-Z",
        ),
        (
            "solution=\"U\"",
            "solution=\"U-2\"",
            "bad.jpz:18:9: cell x=\"2\" y=\"2\": solution \"U-2\" is neither a letter A-Z nor \
             a rebus of letters A-Z and digits 0-9",
        ),
        (
            "solution=\"U\"",
            "solution=\"2U\"",
            "bad.jpz:18:9: cell x=\"2\" y=\"2\": solution \"2U\": a rebus must start with a \
             letter A-Z, which is what a one-letter grid holds",
        ),
        (
            "<cell x=\"2\" y=\"2\" solution=\"U\"",
            "<cell x=\"2\" y=\"2\" type=\"clue\"",
            "bad.jpz:18:9: cell x=\"2\" y=\"2\": type=\"clue\" is a clue square (an \
             arrowword's), which a crossword grid does not have",
        ),
        (
            "solution=\"R\"/>\n        <cell x=\"4\" y=\"2\"",
            "solution=\"R\" number=\"7\"/>\n        <cell x=\"4\" y=\"2\"",
            "bad.jpz:19:9: cell x=\"3\" y=\"2\" is numbered 7, but no word starts there",
        ),
        (
            "number=\"6\"",
            "number=\"9\"",
            "bad.jpz:22:9: cell x=\"1\" y=\"3\" is numbered 9, but the standard numbering of \
             the words gives 6",
        ),
        (
            "<word id=\"3\" x=\"1-5\" y=\"3\"/>",
            "<word id=\"3\" x=\"1-4\" y=\"3\"/>",
            "bad.jpz:40:7: word \"3\" (4 Across cells from row 3, column 1) is not a whole \
             run of white cells",
        ),
        (
            "<word id=\"3\" x=\"1-5\" y=\"3\"/>",
            "<word id=\"3\" x=\"1-5\" y=\"2\"/>",
            "bad.jpz:40:7: word \"3\" has the same cells as word \"2\"",
        ),
        (
            "<word id=\"3\" x=\"1-5\" y=\"3\"/>",
            "<word id=\"3\" x=\"1-5\" y=\"3-4\"/>",
            "bad.jpz:40:7: word \"3\" has x=\"1-5\" y=\"3-4\": a rectangle, not a run across \
             or down",
        ),
        (
            "<word id=\"3\" x=\"1-5\" y=\"3\"/>",
            "<word id=\"3\" x=\"1-6\" y=\"3\"/>",
            "bad.jpz:40:7: word \"3\" has x=\"1-6\", which is not a column or a range of \
             columns like 1-5 in the 5×5 grid",
        ),
        (
            "<word id=\"3\" x=\"1-5\" y=\"3\"/>",
            "<word id=\"2\" x=\"1-5\" y=\"3\"/>",
            "bad.jpz:40:7: word \"2\" is given twice (first on line 39)",
        ),
        (
            "<word id=\"3\" x=\"1-5\" y=\"3\"/>",
            "<word id=\"3\"><cells x=\"1-2\" y=\"3\"/><cells x=\"4-5\" y=\"3\"/></word>",
            "bad.jpz:40:7: word \"3\" has cells that are not one run across or down, in order",
        ),
        (
            "      <word id=\"3\" x=\"1-5\" y=\"3\"/>\n",
            "",
            "bad.jpz: the 5-cell Across run at row 3, column 1 has no <word>, though the \
             shortest word has 4 cells",
        ),
        (
            "<clue word=\"3\"",
            "<clue word=\"33\"",
            "bad.jpz:52:9: the clue's word=\"33\" is the id of no <word>",
        ),
        (
            "<clue word=\"3\" number=\"6\"",
            "<clue word=\"3\" number=\"7\"",
            "bad.jpz:52:9: the clue numbered 7 is for word \"3\", which is 6 Across",
        ),
        (
            "<clue word=\"3\" number=\"6\"",
            "<clue word=\"2\" number=\"5\"",
            "bad.jpz:52:9: clue 5 Across is given twice",
        ),
        (
            "<clue word=\"3\"",
            "<clue word=\"7\"",
            "bad.jpz:52:9: the clue for word \"7\" (2 Down) is in the Across list",
        ),
        (
            "<clue word=\"3\" number=\"6\"",
            "<clue number=\"9\"",
            "bad.jpz:52:9: clue 9 Across does not match the grid: no Across word is numbered 9",
        ),
        (
            "<clue word=\"3\" number=\"6\"",
            "<clue",
            "bad.jpz:52:9: a <clue> with neither a word nor a number",
        ),
        (
            "&amp; omega",
            "&nbsp; omega",
            "bad.jpz:59:41: unknown entity &nbsp; (XML defines only &amp; &lt; &gt; &quot; \
             &apos; and numbered characters like &#233;)",
        ),
        (
            "</clues>\n    </crossword>",
            "</clue>\n    </crossword>",
            "bad.jpz:63:7: not well-formed XML: ill-formed document: expected `</clues>`, but \
             `</clue>` was found",
        ),
        (
            "<crossword-compiler xmlns",
            "<html xmlns",
            "bad.jpz:2:1: the root element is <html>, not <crossword-compiler>: not a \
             Crossword Compiler puzzle",
        ),
        (
            "</crossword-compiler>\n",
            "</crossword-compiler>\n<crossword-compiler/>\n",
            "bad.jpz:67:1: a second root element, <crossword-compiler>",
        ),
        (
            "<grid width",
            "<word id=\"0\" x=\"1\" y=\"1-2\"/><grid width",
            "bad.jpz:11:7: a <word> before the <grid>, which comes first",
        ),
    ];
    let mut wrong = Vec::new();
    for (from, to, message) in cases {
        assert!(ours.contains(from), "{from}");
        let got = jpz_error(&ours.replacen(from, to, 1));
        if got != message {
            wrong.push(format!("WANT {message}\nGOT  {got}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn jpz_that_is_not_a_whole_crossword_is_an_error_saying_what_is_missing() {
    let ours = mini5_jpz();
    let cut = |from: &str, to: &str| {
        let (start, end) = (ours.find(from).unwrap(), ours.rfind(to).unwrap() + to.len());
        format!("{}{}", &ours[..start], &ours[end..])
    };
    let cases = [
        ("", "bad.jpz: no XML element: not a .jpz puzzle".to_string()),
        (
            "Across Lite? No.",
            "bad.jpz:1:1: text outside any element: not an XML file".to_string(),
        ),
        (
            &ours[..ours.len() / 2],
            "bad.jpz:32:9: not well-formed XML: syntax error: tag not closed: `>` not found \
             before end of input"
                .to_string(),
        ),
        (
            &ours[..ours.find("</clues>").unwrap()],
            "bad.jpz:55:7: the file ends inside <clues> (is it truncated?)".to_string(),
        ),
        (
            "<crossword-compiler/>",
            "bad.jpz: no <rectangular-puzzle> in the file: not a Crossword Compiler puzzle"
                .to_string(),
        ),
        (
            &cut("<crossword>", "</crossword>"),
            "bad.jpz: the puzzle is not a crossword (its <rectangular-puzzle> has no \
             <crossword>)"
                .to_string(),
        ),
        (
            &cut("<grid ", "</clues>"),
            "bad.jpz: the <crossword> has no <grid>".to_string(),
        ),
        (
            &format!(
                "<crossword-compiler>{}</crossword-compiler>",
                "<a>".repeat(70)
            ),
            "bad.jpz:1:210: elements nested more than 64 deep".to_string(),
        ),
    ];
    for (text, message) in cases {
        assert_eq!(jpz_error(text), message, "{text}");
    }
    // Not text at all.
    let binary: Vec<u8> = (0..=255u8).collect();
    assert_eq!(
        jpz::read(&binary, "bad.jpz").unwrap_err().to_string(),
        "bad.jpz:2: not UTF-8 text (is this a binary file?)"
    );
}

/// Archives of our mini5 `.jpz` as Python's zipfile writes them, by name:
/// the ones `.jpz` files come as, and the ones the reader must refuse.
fn zip_archives(dir: &ScratchDir) -> HashMap<&'static str, Vec<u8>> {
    let xml = write_file(dir, "mini5.xml", &mini5_jpz());
    run_python(
        r#"
import sys, zipfile
xml = open(sys.argv[1], 'rb').read()
def archive(name, files, method=zipfile.ZIP_DEFLATED):
    with zipfile.ZipFile(sys.argv[2] + '/' + name + '.jpz', 'w', method) as z:
        for entry, data in files:
            z.writestr(entry, data)
archive('deflated', [('mini5.xml', xml)])
archive('stored', [('mini5.xml', xml)], zipfile.ZIP_STORED)
archive('folder', [('puzzles/', b''), ('puzzles/mini5.xml', xml)])
archive('empty', [])
archive('two', [('a.xml', xml), ('b.xml', xml), ('c.xml', xml), ('d.xml', xml)])
archive('bzip2', [('mini5.xml', xml)], zipfile.ZIP_BZIP2)
archive('bomb', [('bomb.xml', b'<a>' + b' ' * (65 << 20) + b'</a>')])
print('ok')
"#,
        &[&xml, dir.join("").to_str().unwrap()],
    );
    [
        "deflated", "stored", "folder", "empty", "two", "bzip2", "bomb",
    ]
    .into_iter()
    .map(|name| {
        (
            name,
            std::fs::read(dir.join(&format!("{name}.jpz"))).unwrap(),
        )
    })
    .collect()
}

#[test]
fn jpz_in_a_zip_archive_reads_when_stored_or_deflated_and_is_refused_otherwise() {
    let dir = scratch("jpz-zip");
    let archives = zip_archives(&dir);
    let read = |bytes: &[u8]| jpz::read(bytes, "z.jpz").map_err(|e| e.to_string());
    for name in ["deflated", "stored", "folder"] {
        assert_eq!(read(&archives[name]), Ok(fixture("mini5")), "{name}");
    }
    let refused = [
        (
            "empty",
            "z.jpz: the ZIP archive holds no file (a .jpz archive holds one XML file)",
        ),
        (
            "two",
            "z.jpz: the ZIP archive holds 4 files (\"a.xml\", \"b.xml\", \"c.xml\", …); a .jpz \
             archive holds one XML file",
        ),
        (
            "bzip2",
            "z.jpz: \"mini5.xml\" in the ZIP archive uses compression method 12; only stored \
             (0) and deflated (8) files can be read",
        ),
        (
            "bomb",
            "z.jpz: \"bomb.xml\" in the ZIP archive unpacks to 68157447 bytes, far more than a \
             puzzle (at most 67108864)",
        ),
    ];
    for (name, message) in refused {
        assert_eq!(read(&archives[name]), Err(message.to_string()), "{name}");
    }

    // Damage the good archive in the ways files get damaged.
    let deflated = &archives["deflated"];
    let directory = deflated
        .windows(4)
        .rposition(|w| w == b"PK\x01\x02")
        .unwrap();
    let patched = |at: usize, bytes: &[u8]| {
        let mut copy = deflated.clone();
        copy[at..at + bytes.len()].copy_from_slice(bytes);
        copy
    };
    let damaged = [
        (
            deflated[..deflated.len() / 2].to_vec(),
            "z.jpz: the ZIP archive is truncated or damaged (it has no end-of-directory record)",
        ),
        (
            // A smaller unpacked size than the data inflates to: inflating
            // stops there.
            patched(directory + 24, &100u32.to_le_bytes()),
            "z.jpz: \"mini5.xml\" in the ZIP archive is damaged: it unpacks to more than the \
             100 bytes the archive says",
        ),
        (
            patched(directory + 8, &1u16.to_le_bytes()),
            "z.jpz: \"mini5.xml\" in the ZIP archive is encrypted",
        ),
        (
            patched(directory + 20, &u32::MAX.to_le_bytes()),
            "z.jpz: the ZIP archive is in the ZIP64 format, which is not read",
        ),
        (
            patched(directory + 42, &7u32.to_le_bytes()),
            "z.jpz: the ZIP archive is truncated: it ends inside \"mini5.xml\"",
        ),
        (
            patched(deflated.len() - 6, &1u32.to_le_bytes()),
            "z.jpz: the ZIP archive's directory is truncated or damaged",
        ),
    ];
    for (bytes, message) in damaged {
        assert_eq!(read(&bytes), Err(message.to_string()));
    }

    // The data's CRC-32 must be the directory's: a changed field, and a
    // changed letter in stored data (which unpacks without complaint).
    let crc = |archive: &[u8]| {
        let at = archive
            .windows(4)
            .rposition(|w| w == b"PK\x01\x02")
            .unwrap();
        u32::from_le_bytes(archive[at + 16..at + 20].try_into().unwrap())
    };
    let true_crc = crc(deflated);
    assert_eq!(
        read(&patched(directory + 16, &0x1234_5678u32.to_le_bytes())),
        Err(format!(
            "z.jpz: \"mini5.xml\" in the ZIP archive is damaged: its CRC-32 is {true_crc:08x}, \
             the archive says 12345678"
        ))
    );
    let mut stored = archives["stored"].clone();
    let letter = stored.windows(9).position(|w| w == b"solution=").unwrap() + 10;
    stored[letter] = if stored[letter] == b'Q' { b'Z' } else { b'Q' };
    let said = read(&stored).unwrap_err();
    let says = format!("the archive says {:08x}", crc(&archives["stored"]));
    assert!(
        said.starts_with("z.jpz: \"mini5.xml\" in the ZIP archive is damaged: its CRC-32 is ")
            && said.ends_with(&says),
        "{said}"
    );
}

// ------------------------------------------------------------------- .xd

const MINI5_XD: &str = "\
Title: Mini “Five”
Author: Zoë Test
Copyright: © 2026 Cruciverb test data


#ADDS
CURIO
ERICA
CANER
ASKS#


A1. Café “au lait” — served hot ~ ADDS
A5. It’s a ‘small’ world… ~ CURIO
A6. Naïve señor’s façade ~ ERICA
A7. See 1-Across ~ CANER
A8. ½ of a pair ~ ASKS

D1. Ça va? Très bien! ~ AURAS
D2. Alpha & omega <AND> more ~ DRINK
D3. Dash – en, dash — em ~ DICES
D4. Café “au lait” — served hot ~ SOAR
D5. It’s a ‘small’ world… ~ CECA


A 5×5 with curly quotes, accents and dashes in its clues.
";

#[test]
fn xd_of_the_mini_is_exactly_the_spec_layout() {
    assert_eq!(xd::write(&fixture("mini5")).unwrap(), MINI5_XD);
}

const READ_XD: &str = r#"
import json, sys, xdformat
xd = xdformat.xdfile(open(sys.argv[1], encoding='utf-8').read(), sys.argv[1])
print(json.dumps({
    'headers': xd.headers,
    'grid': xd.grid,
    'clues': [[d, n, text, answer] for (d, n), text, answer in xd.clues],
    'answers': [[d, n, answer] for d, n, answer in xd.iteranswers()],
    'notes': xd.notes,
}))
"#;

/// What xdformat should see in our .xd of the fixture: taken from the
/// fixture file, not from our reader.
fn expected_xd_clues(raw: &Value, puzzle: &Puzzle) -> Vec<Value> {
    let mut clues = Vec::new();
    for (letter, direction, dir) in [
        ("A", "Across", Direction::Across),
        ("D", "Down", Direction::Down),
    ] {
        for (number, text) in raw_clues(raw, direction) {
            let answer = &puzzle.clue(number as u32, dir).unwrap().answer;
            clues.push(serde_json::json!([letter, number, text, answer]));
        }
    }
    clues
}

#[test]
fn xd_is_parsed_by_xdformat_with_our_headers_grid_clues_and_notes() {
    let dir = scratch("xd-fixtures");
    for name in FIXTURES {
        let raw = raw_fixture(name);
        let puzzle = fixture(name);
        let path = write_file(&dir, &format!("{name}.xd"), &xd::write(&puzzle).unwrap());
        let read = python_json(READ_XD, &path);

        let headers: HashMap<String, String> =
            serde_json::from_value(read["headers"].clone()).unwrap();
        let expected: HashMap<String, String> = ["Title", "Author", "Copyright"]
            .into_iter()
            .map(|key| (key.to_string(), raw_text(&raw, &key.to_lowercase())))
            .collect();
        assert_eq!(headers, expected, "{name}");

        let (width, height) = raw_size(&raw);
        let rows: Vec<String> = (0..height)
            .map(|r| (0..width).map(|c| raw_solution(&raw, r, c)).collect())
            .collect();
        assert_eq!(read["grid"], serde_json::json!(rows), "{name}");

        let clues = expected_xd_clues(&raw, &puzzle);
        assert_eq!(read["clues"], Value::Array(clues.clone()), "{name}");
        // xdformat's own numbering of the grid (in reading order) gives the
        // same words.
        let key = |a: &Value| (a[0].as_str().unwrap().to_string(), a[1].as_u64().unwrap());
        let mut found = read["answers"].as_array().unwrap().clone();
        found.sort_by_key(key);
        let answers: Vec<Value> = clues
            .iter()
            .map(|c| serde_json::json!([c[0], c[1], c[3]]))
            .collect();
        assert_eq!(found, answers, "{name}");

        assert_eq!(
            read["notes"].as_str().unwrap().trim(),
            raw_text(&raw, "notes"),
            "{name}"
        );
    }
}

#[test]
fn xd_round_trips_every_fixture() {
    for name in FIXTURES {
        let puzzle = fixture(name);
        let text = xd::write(&puzzle).unwrap();
        let back = xd::read(&text, "round.xd").unwrap();
        assert_eq!(back, as_read_from_clue_text(puzzle), "{name}");
        // Written again, the file is the same.
        assert_eq!(xd::write(&back).unwrap(), text, "{name}");
    }
}

#[test]
fn xd_round_trips_unfilled_cells_no_credits_and_multi_line_clues() {
    let grid = Grid::parse_text("#AB.\nC..D\n.EF#\n", "g").unwrap();
    let mut puzzle = Puzzle::from_grid(grid, 2);
    puzzle.clue_mut(1, Direction::Across).unwrap().text = "Two\nlines".into();
    puzzle.clue_mut(5, Direction::Across).unwrap().text = "About ~5 (tilde)".into();
    puzzle.notes = "First paragraph.\n\n\nSecond, after two blank lines.".into();
    let text = xd::write(&puzzle).unwrap();
    assert_eq!(
        text,
        "Origin: cruciverb\n\n\n#AB.\nC..D\n.EF#\n\n\n\
         A1. Two\\lines ~ AB.\nA4. ~ C..D\nA5. About ~5 (tilde) ~ .EF\n\n\
         D1. ~ A.E\nD2. ~ B.F\nD3. ~ .D\nD4. ~ C.\n\n\n\
         First paragraph.\n\n\nSecond, after two blank lines.\n"
    );
    assert_eq!(xd::read(&text, "partial.xd").unwrap(), puzzle);

    let dir = scratch("xd-partial");
    let read = python_json(READ_XD, &write_file(&dir, "partial.xd", &text));
    assert_eq!(read["grid"], serde_json::json!(["#AB.", "C..D", ".EF#"]));
    assert_eq!(
        read["clues"][0],
        serde_json::json!(["A", 1, "Two\\lines", "AB."])
    );
    assert_eq!(
        read["clues"][2],
        serde_json::json!(["A", 5, "About ~5 (tilde)", ".EF"])
    );
}

#[test]
fn xd_refuses_a_puzzle_whose_words_it_would_number_differently() {
    let mut puzzle = fixture("british15");
    puzzle.min_slot = 1;
    assert_eq!(
        xd::write(&puzzle).unwrap_err().to_string(),
        "cannot write .xd: the format makes every run of 2 or more cells a word, and this \
         puzzle's minimum word length is 1: the 1-cell Across run at row 2, column 7 is a \
         word in this puzzle but would not be one in .xd"
    );
}

#[test]
fn xd_reads_the_explicit_section_layout_and_header_variants() {
    let text = "\
## Metadata

title: Mini “Five”
Author: Zoë Test
Copyright: © 2026 Cruciverb test data
Editor: Someone Else

## Grid

  #ADDS
  CURio
  ERICA
  CANER
  ASKS#

## Clues

A1. Café “au lait” — served hot ~ ADDS
A1 ^Refs: A7
A5. It’s a ‘small’ world… ~ curio
A6. Naïve señor’s façade ~ ERICA
A7. See 1-Across ~ CANER
A8. ½ of a pair ~ ASKS
D1. Ça va? Très bien! ~ AURAS
D2. Alpha & omega <AND> more ~ DRINK
D3. Dash – en, dash — em ~ DICES
D4. Café “au lait” — served hot ~ SOAR
D5. It’s a ‘small’ world… ~ CECA

## Notes

A 5×5 with curly quotes, accents and dashes in its clues.
";
    // Lower case marks special cells: circled, as no Special header says.
    let mut circled = fixture("mini5");
    let circle = cruciverb::puzzle::Mark {
        circled: true,
        ..Default::default()
    };
    circled
        .set_marks([((1, 3), circle.clone()), ((1, 4), circle)].into())
        .unwrap();
    assert_eq!(xd::read(text, "explicit.xd").unwrap(), circled);

    let with_header_notes = MINI5_XD.replace("Copyright:", "Notes: From the header.\nCopyright:");
    let read = xd::read(&with_header_notes, "h.xd").unwrap();
    assert_eq!(
        read.notes,
        "From the header.\n\nA 5×5 with curly quotes, accents and dashes in its clues."
    );
}

fn xd_error(text: &str) -> String {
    xd::read(text, "bad.xd").unwrap_err().to_string()
}

#[test]
fn malformed_xd_is_an_error_naming_the_line() {
    // (what to replace in a good file, with what, the exact error)
    let cases = [
        (
            "ERICA\n",
            "ERIC\n",
            "bad.xd:8: ragged grid: this row has 4 cells, the first row has 5",
        ),
        (
            "ERICA\n",
            "ER1CA\n",
            "bad.xd:8:3: '1' is not a grid cell (expected a letter, '#', '.' or a key of the \
         Rebus header)",
        ),
        (
            "A8. ½ of a pair ~ ASKS",
            "A9. ½ of a pair ~ ASKS",
            "bad.xd:17: clue A9 does not match the grid: no Across word is numbered 9",
        ),
        (
            "~ DRINK",
            "~ DRANK",
            "bad.xd:20: clue D2's answer DRANK does not match the grid, which spells DRINK",
        ),
        ("A7. See", "A6. See", "bad.xd:16: clue A6 is given twice"),
        (
            "A7. See 1-Across ~ CANER",
            "A7. See 1-Across",
            "bad.xd:16: clue A7 has no answer (expected \" ~ ANSWER\" at the end)",
        ),
        (
            "A7. See",
            "X7. See",
            "bad.xd:16: \"X7\" is not a clue number like A1 or D1 (only Across and Down clues \
         are supported)",
        ),
        (
            "A7. See 1-Across ~ CANER",
            "See 1-Across",
            "bad.xd:16: \"See 1-Across\" is not a clue line (expected \"A1. Clue ~ ANSWER\")",
        ),
        (
            "Copyright:",
            "Rebus: A=ONE\nCopyright:",
            "bad.xd:3: rebus entry \"A=ONE\": 'A' cannot be a rebus key, since the grid uses \
         it for a letter, a block or an open cell",
        ),
        (
            "Author: Zoë Test",
            "Title: Again",
            "bad.xd:2: header \"Title\" is given twice",
        ),
    ];
    for (from, to, message) in cases {
        assert!(MINI5_XD.contains(from), "{from}");
        assert_eq!(
            xd_error(&MINI5_XD.replace(from, to)),
            message,
            "{from} -> {to}"
        );
    }
}

#[test]
fn xd_with_missing_sections_is_an_error_saying_which() {
    let headers_only = "Title: Only headers\n";
    assert_eq!(
        xd_error(headers_only),
        "bad.xd: no grid (expected the grid after the headers and two blank lines)"
    );
    let no_clues = MINI5_XD.split("\n\n\nA1.").next().unwrap().to_string() + "\n";
    assert_eq!(
        xd_error(&no_clues),
        "bad.xd: no clues (expected lines like \"A1. Clue ~ ANSWER\" after the grid and two \
         blank lines)"
    );
    let no_headers = MINI5_XD.split_once("\n\n\n").unwrap().1;
    assert_eq!(
        xd_error(no_headers),
        "bad.xd:1: \"#ADDS\" is not a header line \"Key: value\" (an .xd file starts with its \
         headers, then two blank lines, then the grid)"
    );
    let stray = format!("stray\n## Grid\n{}", "#ADDS\n");
    assert_eq!(
        xd_error(&stray),
        "bad.xd:1: text before the first section heading (\"## Metadata\", \"## Grid\", …)"
    );
    let tiny = "Title: x\n\n\nAB\nCD\n\n\nA1. x ~ AB\n";
    assert_eq!(
        xd_error(tiny),
        "bad.xd:4: grid width 2 is outside the supported range 3..=31"
    );
}

// ----------------------------------------------------------------- .ipuz

const READ_IPUZ: &str = r#"
import json, sys, ipuz
doc = ipuz.read(open(sys.argv[1], encoding='utf-8').read())
print(json.dumps({k: doc.get(k) for k in
    ['dimensions', 'puzzle', 'solution', 'clues', 'title', 'author', 'copyright', 'notes']}))
"#;

#[test]
fn our_ipuz_is_accepted_by_the_ipuz_library_and_matches_the_fixture() {
    let dir = scratch("ipuz-fixtures");
    for name in FIXTURES {
        let raw = raw_fixture(name);
        let puzzle = fixture(name);
        let path = write_file(&dir, &format!("{name}.ipuz"), &ipuz::write(&puzzle));
        let read = python_json(READ_IPUZ, &path);
        for key in [
            "dimensions",
            "puzzle",
            "solution",
            "clues",
            "title",
            "author",
            "copyright",
            "notes",
        ] {
            assert_eq!(read[key], raw[key], "{name}: {key}");
        }
        // And the same seen from our side: numbers and letters of the grid.
        let numbers = puzzle.grid.clue_numbers(puzzle.min_slot);
        let (width, height) = raw_size(&raw);
        for r in 0..height {
            for c in 0..width {
                let (number, solution) = (&read["puzzle"][r][c], &read["solution"][r][c]);
                match puzzle.grid.get(r, c) {
                    Cell::Block => {
                        assert_eq!((number.as_str(), solution.as_str()), (Some("#"), Some("#")))
                    }
                    Cell::Letter(b) => {
                        assert_eq!(number.as_u64(), Some(u64::from(numbers[r * width + c])));
                        assert_eq!(solution.as_str(), Some((b as char).to_string().as_str()));
                    }
                    Cell::Empty => panic!("{name}: fixtures are filled"),
                }
            }
        }
    }
}

#[test]
fn saving_a_loaded_fixture_is_stable() {
    let dir = scratch("ipuz-stable");
    for name in FIXTURES {
        let first = dir.join(&format!("{name}-1.ipuz"));
        let second = dir.join(&format!("{name}-2.ipuz"));
        ipuz::save(&fixture(name), &first, Existing::Replace).unwrap();
        ipuz::save(&ipuz::load(&first).unwrap(), &second, Existing::Replace).unwrap();
        let (a, b) = (
            std::fs::read(&first).unwrap(),
            std::fs::read(&second).unwrap(),
        );
        assert!(a == b, "{name}: the second save differs from the first");
        assert_eq!(ipuz::load(&second).unwrap(), fixture(name), "{name}");
    }
}

// -------------------------------------------------------- export module

#[test]
fn render_and_import_through_the_export_module() {
    let dir = scratch("export-module");
    for name in FIXTURES {
        let puzzle = fixture(name);
        for format in [Format::Xd, Format::Ipuz, Format::Jpz] {
            let path = dir.join(&format!("{name}.{}", format.extension()));
            formats::save(&puzzle, format, &path, Existing::Replace).unwrap();
            let expected = match format {
                Format::Xd => as_read_from_clue_text(puzzle.clone()),
                _ => puzzle.clone(),
            };
            assert_eq!(
                formats::import(&path).unwrap(),
                expected,
                "{name} {format:?}"
            );
        }
        let rendered =
            |format| String::from_utf8(formats::render(&puzzle, format).unwrap()).unwrap();
        assert_eq!(rendered(Format::Jpz), jpz::write(&puzzle).unwrap());
        assert_eq!(rendered(Format::Xd), xd::write(&puzzle).unwrap());
        assert_eq!(rendered(Format::Txt), txt::write(&puzzle));
    }

    let txt_path = dir.join("mini5.txt");
    formats::save(&fixture("mini5"), Format::Txt, &txt_path, Existing::Replace).unwrap();
    assert_eq!(
        formats::import(&txt_path).unwrap_err().to_string(),
        format!(
            "{}: import reads .puz, .ipuz, .jpz and .xd files, not .txt",
            txt_path.display()
        )
    );
}

#[test]
fn importing_a_bad_xd_file_names_the_file_and_line() {
    let dir = scratch("export-bad-xd");
    let path = dir.join("bad.xd");
    std::fs::write(&path, MINI5_XD.replace("~ DRINK", "~ DRANK")).unwrap();
    assert_eq!(
        formats::import(&path).unwrap_err().to_string(),
        format!(
            "{}:20: clue D2's answer DRANK does not match the grid, which spells DRINK",
            path.display()
        )
    );
}

/// Control characters (a NUL, an escape) in a clue, the title or the notes
/// never reach an .xd file, which is plain text: they become spaces, and
/// the file reads back.
#[test]
fn control_characters_never_reach_an_xd_file() {
    let mut puzzle = fixture("mini5");
    puzzle.title = "Bell\u{7}s".into();
    puzzle.notes = "One\u{0}two\nthree".into();
    puzzle.clues[0].text = "Adds\u{0}up\u{1b}[31m".into();
    let text = xd::write(&puzzle).unwrap();
    assert!(
        !text.chars().any(|c| c.is_control() && c != '\n'),
        "{text:?}"
    );
    let back = xd::read(&text, "control.xd").unwrap();
    assert_eq!(back.title, "Bell s");
    assert_eq!(back.clues[0].text, "Adds up [31m");
    assert_eq!(back.notes, "One two\nthree");
}
