//! The puzzle document: ipuz round trips, the written numbering and solution,
//! the variants other tools write, and bad files.

use crate::common::*;
use cruciverb::files::Existing;
use cruciverb::formats::ipuz;
use cruciverb::grid::{Cell, Direction, Grid};
use cruciverb::puzzle::{Clue, Puzzle};
use cruciverb::Error;
use serde_json::{json, Value};

/// Every white cell gets a letter, cycling through the alphabet.
fn filled(mut grid: Grid) -> Grid {
    let mut next = 0u8;
    for r in 0..grid.height() {
        for c in 0..grid.width() {
            if grid.is_white(r, c) {
                grid.set(r, c, Cell::Letter(b'A' + next % 26));
                next += 1;
            }
        }
    }
    grid
}

const AWKWARD_TEXTS: [&str; 6] = [
    r#"He said "no" (2)"#,
    "Café crème, “curly” and ‘single’ quotes (5)",
    r"Back\slash \n not a newline \\ (4)",
    "Line one\nline two\ttab",
    "<i>Italic</i> & ampersand",
    "Emoji 🧩 and control \u{1} char",
];

fn with_clue_texts(mut puzzle: Puzzle) -> Puzzle {
    for (i, clue) in puzzle.clues.iter_mut().enumerate() {
        clue.text = format!("{} #{i}", AWKWARD_TEXTS[i % AWKWARD_TEXTS.len()]);
    }
    puzzle.title = "Test “title”".into();
    puzzle.author = "A. Setter".into();
    puzzle.copyright = "© 2024 \"Nobody\"".into();
    puzzle.notes = "Notes\\with\nnewlines".into();
    puzzle
}

fn reread(puzzle: &Puzzle) -> Puzzle {
    ipuz::read(&ipuz::write(puzzle), "round-trip.ipuz").unwrap()
}

fn json_of(puzzle: &Puzzle) -> Value {
    serde_json::from_str(&ipuz::write(puzzle)).unwrap()
}

#[test]
fn filled_grids_round_trip_with_awkward_clue_texts() {
    for name in [
        "british15.txt",
        "ingrid_readme.txt",
        "mini5_2corners.txt",
        "square5_open.txt",
    ] {
        let puzzle = with_clue_texts(Puzzle::from_grid(filled(grid_file(name)), 2));
        assert_eq!(reread(&puzzle), puzzle, "{name}");
    }
}

#[test]
fn a_word_square_round_trips_through_a_file() {
    let grid = Grid::parse_text("HEART\nEMBER\nABUSE\nRESIN\nTREND\n", "square").unwrap();
    let mut puzzle = Puzzle::from_grid(grid, 2);
    puzzle.clue_mut(1, Direction::Across).unwrap().text = "Ticker (5)".into();
    let dir = scratch("puzzle-save");
    let path = dir.join("square.ipuz");
    ipuz::save(&puzzle, &path, Existing::Replace).unwrap();
    let back = ipuz::load(&path).unwrap();
    assert_eq!(back, puzzle);
    assert_eq!(back.clue(1, Direction::Across).unwrap().answer, "HEART");
    assert_eq!(back.clue(5, Direction::Down).unwrap().answer, "TREND");
    assert_eq!(back.clue(1, Direction::Down).unwrap().text, "");
}

#[test]
fn clues_follow_the_slots_across_first() {
    let grid = grid_file("mini5_2corners.txt");
    let puzzle = Puzzle::from_grid(grid.clone(), 2);
    let slots = grid.slots(2);
    assert_eq!(puzzle.clues.len(), slots.len());
    for (clue, slot) in puzzle.clues.iter().zip(&slots) {
        assert_eq!((clue.number, clue.direction), (slot.number, slot.direction));
        assert_eq!(clue.answer, ".".repeat(slot.len));
        assert_eq!(clue.text, "");
    }
}

#[test]
fn unfilled_cells_are_null_in_the_solution_and_read_back_empty() {
    let mut grid = filled(grid_file("mini5_2corners.txt"));
    grid.set(2, 2, Cell::Empty);
    let puzzle = Puzzle::from_grid(grid, 2);
    assert_eq!(json_of(&puzzle)["solution"][2][2], Value::Null);
    let back = reread(&puzzle);
    assert_eq!(back.grid.get(2, 2), Cell::Empty);
    assert_eq!(back, puzzle);
    // The third row is 6 Across; `filled` put J to N there (the first row has a block).
    assert_eq!(back.clue(6, Direction::Across).unwrap().answer, "JK.MN");
    let unfinished = back.clues.iter().filter(|c| c.answer.contains('.'));
    assert_eq!(unfinished.count(), 2);
}

#[test]
fn written_numbering_and_solution_match_the_grid() {
    for name in ["british15.txt", "ingrid_readme.txt", "mini5_2corners.txt"] {
        let grid = filled(grid_file(name));
        let doc = json_of(&Puzzle::from_grid(grid.clone(), 2));
        let numbers = grid.clue_numbers(2);
        assert_eq!(doc["version"], "http://ipuz.org/v2");
        assert_eq!(doc["kind"], json!(["http://ipuz.org/crossword#1"]));
        assert_eq!(
            doc["dimensions"],
            json!({"width": grid.width(), "height": grid.height()})
        );
        assert_eq!(doc["block"], "#");
        assert_eq!(doc["empty"], 0);
        assert!(doc["origin"].as_str().unwrap().starts_with("cruciverb "));
        for r in 0..grid.height() {
            for c in 0..grid.width() {
                let (number, letter) = (&doc["puzzle"][r][c], &doc["solution"][r][c]);
                match grid.get(r, c) {
                    Cell::Block => assert_eq!((number, letter), (&json!("#"), &json!("#"))),
                    Cell::Letter(b) => {
                        assert_eq!(number, &json!(numbers[r * grid.width() + c]));
                        assert_eq!(letter, &json!((b as char).to_string()));
                    }
                    Cell::Empty => unreachable!(),
                }
            }
        }
        for (key, direction) in [("Across", Direction::Across), ("Down", Direction::Down)] {
            let listed: Vec<u64> = doc["clues"][key]
                .as_array()
                .unwrap()
                .iter()
                .map(|pair| pair[0].as_u64().unwrap())
                .collect();
            let expected: Vec<u64> = grid
                .slots(2)
                .iter()
                .filter(|s| s.direction == direction)
                .map(|s| s.number as u64)
                .collect();
            assert_eq!(listed, expected, "{name} {key}");
        }
    }
}

#[test]
fn empty_credits_are_omitted_and_rows_are_one_line_each() {
    let puzzle = Puzzle::from_grid(filled(grid_file("square5_open.txt")), 2);
    let text = ipuz::write(&puzzle);
    let doc: Value = serde_json::from_str(&text).unwrap();
    for key in ["title", "author", "copyright", "notes"] {
        assert!(doc.get(key).is_none(), "{key} written though empty");
    }
    assert!(text.contains(r#"[1, 2, 3, 4, 5]"#), "{text}");
    assert!(text.contains(r#"["A", "B", "C", "D", "E"]"#), "{text}");
    assert!(text.contains(r#"[1, ""]"#), "{text}");
}

#[test]
fn a_longer_minimum_word_survives_the_round_trip() {
    // Row 0 has a two-cell run, which is a word only with minimum 2.
    let grid = filled(Grid::parse_text("..#..\n.....\n.....\n.....\n.....\n", "g").unwrap());
    for min in [2, 3] {
        let puzzle = Puzzle::from_grid(grid.clone(), min);
        assert_eq!(reread(&puzzle), puzzle, "min {min}");
    }
}

// ------------------------------------------------------------ other tools

/// A 3×3 puzzle in the style other tools write: object cells, string
/// numbers, an omitted (null) cell, clue objects and suffixed list names.
fn foreign() -> Value {
    json!({
        "version": "http://ipuz.org/v2",
        "kind": ["http://ipuz.org/crossword#1"],
        "title": "Foreign",
        "author": null,
        "dimensions": {"width": 3, "height": 3},
        "puzzle": [
            [{"cell": 1, "style": {"shapebg": "circle"}}, "2", "#"],
            [3, {"style": {"shapebg": "circle"}}, "4"],
            [null, 5, {"cell": 0}]
        ],
        "solution": [
            ["c", {"value": "A"}, "#"],
            ["B", "O", "T"],
            [null, "L", {"value": "o", "style": {"shapebg": "circle"}}]
        ],
        "clues": {
            "Across:Across": [
                [1, "OR neighbour"],
                {"number": 3, "clue": "Droid", "enumeration": "3"},
                {"number": "5", "clue": "Behold!", "answer": "LO"}
            ],
            "Down:Down": [
                ["1", "Radio"],
                {"number": 2, "clue": "Old portal"}
            ]
        }
    })
}

fn read(doc: &Value) -> cruciverb::Result<Puzzle> {
    ipuz::read(&doc.to_string(), "other.ipuz")
}

#[test]
fn reads_the_variants_other_tools_write() {
    let puzzle = read(&foreign()).unwrap();
    let expected = Grid::parse_text("CA#\nBOT\n#LO\n", "x").unwrap();
    assert_eq!(puzzle.grid, expected);
    assert_eq!(puzzle.min_slot, 2);
    assert_eq!(puzzle.title, "Foreign");
    assert_eq!(puzzle.author, "");
    let text = |n, d| puzzle.clue(n, d).unwrap().text.as_str();
    assert_eq!(text(1, Direction::Across), "OR neighbour");
    assert_eq!(text(3, Direction::Across), "Droid");
    assert_eq!(text(5, Direction::Across), "Behold!");
    assert_eq!(text(1, Direction::Down), "Radio");
    assert_eq!(text(2, Direction::Down), "Old portal");
    assert_eq!(text(4, Direction::Down), "");
    assert_eq!(
        puzzle.clue(2, Direction::Down).unwrap(),
        &Clue {
            number: 2,
            direction: Direction::Down,
            answer: "AOL".into(),
            text: "Old portal".into(),
            enumeration: String::new(),
        }
    );
    // The one clue object with an enumeration keeps it; the others have none.
    let enumerated: Vec<(u32, Direction, &str)> = puzzle
        .clues
        .iter()
        .filter(|c| !c.enumeration.is_empty())
        .map(|c| (c.number, c.direction, c.enumeration.as_str()))
        .collect();
    assert_eq!(enumerated, [(3, Direction::Across, "3")]);
}

#[test]
fn bare_string_clues_take_the_slots_in_order() {
    let mut doc = foreign();
    doc["clues"] = json!({"Across": ["one", "three", "five"], "Down": ["d1", "d2", "d4"]});
    let puzzle = read(&doc).unwrap();
    assert_eq!(puzzle.clue(5, Direction::Across).unwrap().text, "five");
    assert_eq!(puzzle.clue(4, Direction::Down).unwrap().text, "d4");
}

#[test]
fn custom_markers_v1_jsonp_and_missing_clues_are_accepted() {
    let mut doc = foreign();
    doc["version"] = json!("http://ipuz.org/v1");
    doc["block"] = json!("X");
    doc["empty"] = json!("-");
    doc["puzzle"][0][2] = json!("X");
    doc["puzzle"][2][2] = json!("-");
    doc["solution"][0][2] = json!("X");
    doc["solution"][2][1] = json!("-");
    doc.as_object_mut().unwrap().remove("clues");
    let wrapped = format!("ipuz({doc})\n");
    let puzzle = ipuz::read(&wrapped, "old.ipuz").unwrap();
    assert_eq!(puzzle.grid.to_text(), "CA#\nBOT\n#.O\n");
    assert!(puzzle.clues.iter().all(|c| c.text.is_empty()));
}

#[test]
fn our_own_empty_credit_strings_and_missing_ones_read_the_same() {
    let mut doc = foreign();
    doc["title"] = json!("");
    doc["copyright"] = json!("");
    let with_empty = read(&doc).unwrap();
    doc.as_object_mut().unwrap().remove("title");
    doc.as_object_mut().unwrap().remove("copyright");
    assert_eq!(read(&doc).unwrap(), with_empty);
}

// ------------------------------------------------------------ bad files

fn error_of(doc: &Value) -> String {
    match read(doc) {
        Ok(p) => panic!("accepted: {}", p.grid.to_text()),
        Err(e) => {
            let message = e.to_string();
            assert!(message.starts_with("other.ipuz"), "{message}");
            message
        }
    }
}

fn assert_error(doc: &Value, wanted: &str) {
    let message = error_of(doc);
    assert!(message.contains(wanted), "{message:?} lacks {wanted:?}");
}

fn changed(path: &[&str], value: Value) -> Value {
    let mut doc = foreign();
    let mut at = &mut doc;
    for key in path {
        at = match key.parse::<usize>() {
            Ok(i) => &mut at[i],
            Err(_) => &mut at[*key],
        };
    }
    *at = value;
    doc
}

fn without(key: &str) -> Value {
    let mut doc = foreign();
    doc.as_object_mut().unwrap().remove(key);
    doc
}

#[test]
fn bad_json_is_a_parse_error_with_its_position() {
    let err = ipuz::read(
        "{\n  \"version\": \"http://ipuz.org/v2\",\n  \"kind\": [,]\n}",
        "bad.ipuz",
    )
    .unwrap_err();
    match &err {
        Error::Parse {
            source_name,
            line,
            column,
            message,
        } => {
            assert_eq!(source_name, "bad.ipuz");
            assert_eq!(*line, 3);
            assert!(column.is_some());
            assert!(message.contains("invalid JSON"), "{message}");
            assert!(!message.contains("at line"), "{message}");
        }
        other => panic!("{other:?}"),
    }
    assert!(err.to_string().starts_with("bad.ipuz:3:"), "{err}");
    let empty = ipuz::read("", "empty.ipuz").unwrap_err().to_string();
    assert!(empty.contains("invalid JSON"), "{empty}");
}

#[test]
fn missing_parts_are_named() {
    assert_error(&json!([1, 2]), "not a JSON object");
    assert_error(&without("version"), "missing \"version\"");
    assert_error(&without("kind"), "missing \"kind\"");
    assert_error(&without("dimensions"), "missing \"dimensions\"");
    assert_error(&without("puzzle"), "missing \"puzzle\"");
    assert_error(&without("solution"), "missing \"solution\"");
    assert_error(
        &changed(&["dimensions"], json!({"width": 3})),
        "no whole-number \"height\"",
    );
}

#[test]
fn other_kinds_are_refused() {
    assert_error(
        &changed(&["kind"], json!(["http://ipuz.org/sudoku#1"])),
        "is not a crossword",
    );
    assert_error(&changed(&["version"], json!("2")), "\"version\" is \"2\"");
}

#[test]
fn sizes_outside_the_supported_range_are_refused() {
    assert_error(
        &changed(&["dimensions", "width"], json!(40)),
        "grid width 40 is outside the supported range 3..=31",
    );
    assert_error(
        &changed(&["dimensions", "height"], json!(2)),
        "grid height 2 is outside",
    );
    assert_error(&changed(&["dimensions", "width"], json!(-3)), "\"width\"");
    assert_error(
        &changed(&["dimensions", "width"], json!(1e300)),
        "\"width\"",
    );
}

#[test]
fn grids_that_disagree_with_the_dimensions_are_refused() {
    assert_error(
        &changed(&["puzzle", "2"], json!([null, 5])),
        "puzzle row 3 has 2 cells, dimensions say 3",
    );
    assert_error(
        &changed(&["solution", "0"], json!(["C", "A", "#", "X"])),
        "solution row 1 has 4 cells, dimensions say 3",
    );
    let mut doc = foreign();
    doc["puzzle"].as_array_mut().unwrap().pop();
    assert_error(&doc, "\"puzzle\" has 2 rows, dimensions say 3");
    assert_error(
        &changed(&["solution", "1"], json!("BOT")),
        "solution row 2 is not an array",
    );
}

#[test]
fn solution_and_puzzle_must_agree_on_blocks() {
    assert_error(
        &changed(&["solution", "0", "2"], json!("Q")),
        "row 1, column 3: the solution has the letter Q where the puzzle has a block",
    );
    assert_error(
        &changed(&["solution", "1", "1"], json!("#")),
        "row 2, column 2: the solution has a block where the puzzle has a white cell",
    );
}

#[test]
fn unsupported_or_bad_cells_are_named() {
    assert_error(
        &changed(&["solution", "1", "0"], json!("B-O")),
        "solution row 2, column 1: \"B-O\" is neither a letter A-Z nor a rebus of letters A-Z \
         and digits 0-9",
    );
    assert_error(
        &changed(&["solution", "1", "0"], json!("7UP")),
        "solution row 2, column 1: \"7UP\": a rebus must start with a letter A-Z, which is \
         what a one-letter grid holds",
    );
    assert_error(
        &changed(&["solution", "1", "0"], json!("7")),
        "\"7\" is not a letter A-Z",
    );
    assert_error(
        &changed(&["solution", "1", "0"], json!("é")),
        "\"é\" is not a letter A-Z",
    );
    assert_error(
        &changed(&["solution", "1", "0"], json!(["B", "P"])),
        "several alternative values",
    );
    assert_error(
        &changed(&["solution", "1", "0"], json!({"Across": "B", "Down": "P"})),
        "value per direction",
    );
    assert_error(
        &changed(&["solution", "1", "0"], json!(true)),
        "true is not a solution cell",
    );
    assert_error(
        &changed(&["puzzle", "1", "0"], json!("A")),
        "label \"A\" is not a clue number",
    );
    assert_error(
        &changed(&["puzzle", "1", "0"], json!(-3)),
        "-3 is not a clue number",
    );
    assert_error(
        &changed(&["puzzle", "1", "0"], json!(2.5)),
        "2.5 is not a clue number",
    );
    assert_error(
        &changed(&["puzzle", "1", "0"], json!([3])),
        "puzzle row 2, column 1",
    );
    assert_error(&changed(&["block"], json!(1)), "\"block\" is 1");
}

#[test]
fn numbering_that_does_not_match_the_grid_is_refused() {
    assert_error(
        &changed(&["puzzle", "1", "0"], json!(7)),
        "puzzle row 2, column 1 is numbered 7, but standard numbering gives 3",
    );
    assert_error(
        &changed(&["puzzle", "1", "1"], json!(9)),
        "puzzle row 2, column 2 is numbered 9, but no word starts there",
    );
    assert_error(
        &changed(&["puzzle", "1", "0"], json!(0)),
        "puzzle row 2, column 1 has no number, but a word starts there",
    );
}

#[test]
fn clues_that_do_not_match_the_grid_are_named() {
    assert_error(
        &changed(&["clues", "Across:Across", "1"], json!([4, "Droid"])),
        "clue 4 Across (\"Droid\") does not match the grid",
    );
    assert_error(
        &changed(
            &["clues", "Down:Down", "1"],
            json!({"number": 3, "clue": "Nope"}),
        ),
        "clue 3 Down (\"Nope\") does not match the grid",
    );
    assert_error(
        &changed(&["clues", "Down:Down", "1"], json!([1, "Again"])),
        "clue 1 Down is given twice",
    );
    assert_error(
        &changed(&["clues", "Down:Down", "1"], json!(["1-5", "Linked"])),
        "clue number \"1-5\" is not a plain number",
    );
    assert_error(
        &changed(
            &["clues", "Down:Down", "1"],
            json!({"numbers": [1, 2], "clue": "Both"}),
        ),
        "spanning several slots",
    );
    assert_error(
        &changed(&["clues", "Down:Down", "1"], json!([2])),
        "clue list \"Down:Down\", entry 2: [2] is not [number, \"text\"]",
    );
    assert_error(
        &changed(&["clues", "Diagonal"], json!([[1, "Slant"]])),
        "clue list \"Diagonal\": only Across and Down clues are supported",
    );
    assert_error(
        &changed(&["clues", "Across:Across"], json!(["a", "b", "c", "d"])),
        "Across clue 4 has no number and the grid has only 3 Across words",
    );
    assert_error(&changed(&["clues"], json!([])), "\"clues\" is []");
    assert_error(
        &changed(&["title"], json!(["T"])),
        "\"title\" is [\"T\"], expected a string",
    );
}

#[test]
fn no_input_makes_it_panic() {
    let odd = [
        json!(null),
        json!(true),
        json!(-1),
        json!(1.5),
        json!(4294967296u64),
        json!(""),
        json!("AB"),
        json!("#"),
        json!([]),
        json!({}),
        json!({"cell": {}}),
        json!({"value": {}}),
        json!({"cell": [1]}),
        json!(["A"]),
    ];
    let base = foreign();
    let mut places: Vec<Vec<String>> = Vec::new();
    for grid in ["puzzle", "solution"] {
        for r in 0..3 {
            places.push(vec![grid.into(), r.to_string()]);
            for c in 0..3 {
                places.push(vec![grid.into(), r.to_string(), c.to_string()]);
            }
        }
    }
    for key in [
        "version",
        "kind",
        "dimensions",
        "puzzle",
        "solution",
        "clues",
        "block",
        "empty",
        "title",
    ] {
        places.push(vec![key.into()]);
    }
    places.push(vec!["dimensions".into(), "width".into()]);
    places.push(vec!["clues".into(), "Across:Across".into()]);
    places.push(vec!["clues".into(), "Across:Across".into(), "0".into()]);
    for place in &places {
        let path: Vec<&str> = place.iter().map(String::as_str).collect();
        for value in &odd {
            let _ = read(&changed(&path, value.clone()));
        }
    }
    // Every prefix of a valid file, and of our own output.
    let ours = ipuz::write(&Puzzle::from_grid(
        filled(grid_file("mini5_2corners.txt")),
        2,
    ));
    for text in [base.to_string(), ours.trim_end().to_string()] {
        for (cut, _) in text.char_indices() {
            assert!(ipuz::read(&text[..cut], "cut.ipuz").is_err());
        }
    }
}
