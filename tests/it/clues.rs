//! Clue sources, clue sheets and the embedded clue database.

use std::time::Duration;

use crate::common::{fixture, grid_file, is_database_clue, scratch};
use cruciverb::clues::database::Origin;
use cruciverb::clues::{
    apply, apply_file, attach, database, template, Choosing, ClueFile, Report, Sources,
};
use cruciverb::fill::{fill, FillOptions, Outcome};
use cruciverb::grid::{Cell, Direction, Grid};
use cruciverb::puzzle::Puzzle;
use cruciverb::wordlist::index::Index;
use cruciverb::wordlist::{embedded, WordList, DEFAULT_SCORE};

const FIXTURES: [&str; 3] = ["mini5", "american15", "british15"];
/// The longest clue build_clues.py writes.
const MAX_CLUE: usize = 90;

/// mini5 with every clue text cleared. Its answers: 1A ADDS, 5A CURIO,
/// 6A ERICA, 7A CANER, 8A ASKS; 1D AURAS, 2D DRINK, 3D DICES, 4D SOAR,
/// 5D CECA.
fn blank_mini5() -> Puzzle {
    let mut puzzle = fixture("mini5");
    for clue in &mut puzzle.clues {
        clue.text.clear();
    }
    puzzle
}

fn text_of(puzzle: &Puzzle, number: u32, direction: Direction) -> &str {
    &puzzle.clue(number, direction).unwrap().text
}

fn list(text: &str) -> WordList {
    WordList::parse(text, "list.txt").0
}

// ------------------------------------------------------------ clue sheets

#[test]
fn applying_the_template_leaves_every_fixture_unchanged() {
    for name in FIXTURES {
        let original = fixture(name);
        let mut puzzle = original.clone();
        let sheet = template(&puzzle);
        let changed = apply(&mut puzzle, &sheet, "sheet.txt").unwrap();
        assert_eq!(changed, 0, "{name}");
        assert_eq!(puzzle, original, "{name}");
        let lines: Vec<&str> = sheet.lines().filter(|l| !l.starts_with('#')).collect();
        assert_eq!(lines.len(), original.clues.len(), "{name}");
    }
}

#[test]
fn template_lists_every_slot_across_then_down() {
    let mut puzzle = fixture("mini5");
    puzzle.title = "Tiny\nTitle".into();
    puzzle.clue_mut(8, Direction::Across).unwrap().text = "Two\nlines".into();
    let sheet = template(&puzzle);
    let (comments, lines): (Vec<&str>, Vec<&str>) = sheet.lines().partition(|l| l.starts_with('#'));
    assert_eq!(
        comments[0],
        "# Clue sheet for Tiny Title: one line per slot, SLOT;ANSWER;clue."
    );
    assert_eq!(comments.len(), 4);
    assert_eq!(
        lines,
        [
            "1A;ADDS;Café “au lait” — served hot",
            "5A;CURIO;It’s a ‘small’ world…",
            "6A;ERICA;Naïve señor’s façade",
            "7A;CANER;See 1-Across",
            "8A;ASKS;Two lines",
            "1D;AURAS;Ça va? Très bien!",
            "2D;DRINK;Alpha & omega <AND> more",
            "3D;DICES;Dash – en, dash — em",
            "4D;SOAR;Café “au lait” — served hot",
            "5D;CECA;It’s a ‘small’ world…",
        ]
    );
}

#[test]
fn edited_sheet_lines_change_exactly_those_clues() {
    for name in FIXTURES {
        let original = fixture(name);
        let mut puzzle = original.clone();
        let sheet = template(&puzzle);
        let mut lines: Vec<String> = sheet.lines().map(str::to_string).collect();
        let first = lines.iter().position(|l| !l.starts_with('#')).unwrap();
        let last = lines.len() - 1;
        for (n, i) in [first, first + 2, last].into_iter().enumerate() {
            let (slot_and_answer, _) = lines[i].rsplit_once(';').unwrap();
            lines[i] = format!("{slot_and_answer};New clue {n}; with a semicolon");
        }
        let changed = apply(&mut puzzle, &lines.join("\n"), "sheet.txt").unwrap();
        assert_eq!(changed, 3, "{name}");
        let edited = [0, 2, original.clues.len() - 1];
        for (i, (before, after)) in original.clues.iter().zip(&puzzle.clues).enumerate() {
            match edited.iter().position(|&e| e == i) {
                Some(n) => assert_eq!(after.text, format!("New clue {n}; with a semicolon")),
                None => assert_eq!(after, before, "{name} clue {i}"),
            }
        }
        assert_eq!(puzzle.grid, original.grid);
        assert_eq!(puzzle.title, original.title);
    }
}

#[test]
fn a_sheet_may_leave_slots_out_and_empty_clues() {
    let mut puzzle = fixture("mini5");
    let sheet = "# mine\n\n  4d ; soar ;  Fly high  \r\n5D;CECA;\n";
    assert_eq!(apply(&mut puzzle, sheet, "s").unwrap(), 2);
    assert_eq!(text_of(&puzzle, 4, Direction::Down), "Fly high");
    assert_eq!(text_of(&puzzle, 5, Direction::Down), "");
    assert_eq!(
        text_of(&puzzle, 1, Direction::Across),
        "Café “au lait” — served hot"
    );
    let sheet = "1A;ADDS;\n";
    assert_eq!(apply(&mut puzzle, sheet, "s").unwrap(), 1);
    assert_eq!(text_of(&puzzle, 1, Direction::Across), "");
}

#[test]
fn bad_sheets_are_errors_naming_the_line_and_change_nothing() {
    let cases = [
        (
            "1A;ADDS;ok\n99A;XYZ;clue\n",
            "sheet.txt:2: the puzzle has no slot 99A",
        ),
        (
            "# c\n5A;CURIA;clue\n",
            "sheet.txt:2: 5A is CURIO in the grid, not CURIA",
        ),
        (
            "5A;CURI;clue\n",
            "sheet.txt:1: 5A is CURIO in the grid, not CURI",
        ),
        ("5A;clue only\n", "sheet.txt:1: expected 12A;ANSWER;clue"),
        ("no semicolons\n", "sheet.txt:1: expected 12A;ANSWER;clue"),
        (
            "5X;CURIO;clue\n",
            "sheet.txt:1: \"5X\" is not a slot like 12A or 3D",
        ),
        (
            "CURIO;CURIO;clue\n",
            "sheet.txt:1: \"CURIO\" is not a slot like 12A or 3D",
        ),
        (
            "5A;CURIO;one\n1D;AURAS;x\n5a;CURIO;two\n",
            "sheet.txt:3: 5A given twice (first on line 1)",
        ),
    ];
    for (sheet, message) in cases {
        let original = fixture("mini5");
        let mut puzzle = original.clone();
        let error = apply(&mut puzzle, sheet, "sheet.txt").unwrap_err();
        assert_eq!(error.to_string(), message, "{sheet:?}");
        assert_eq!(puzzle, original, "{sheet:?}");
    }
}

#[test]
fn sheets_of_partly_filled_grids_keep_their_dots() {
    let grid = Grid::parse_text("C..\n.A.\n..T\n", "g").unwrap();
    let mut puzzle = Puzzle::from_grid(grid, 2);
    let sheet = template(&puzzle);
    assert!(sheet.contains("\n1A;C..;\n"), "{sheet}");
    assert!(sheet.contains("\n4A;.A.;\n"), "{sheet}");
    let edited = sheet.replace("4A;.A.;", "4A;.A.;Middle row");
    assert_eq!(apply(&mut puzzle, &edited, "s").unwrap(), 1);
    assert_eq!(text_of(&puzzle, 4, Direction::Across), "Middle row");
    // A sheet made before the fill went further still applies: `.` agrees
    // with any letter, a different letter does not.
    let mut grid = puzzle.grid.clone();
    grid.set(1, 0, Cell::Letter(b'R'));
    let mut refilled = Puzzle::from_grid(grid, 2);
    assert_eq!(apply(&mut refilled, "4A;.A.;Row two\n", "s").unwrap(), 1);
    assert_eq!(text_of(&refilled, 4, Direction::Across), "Row two");
    let error = apply(&mut refilled, "4A;XA.;Row two\n", "s").unwrap_err();
    assert_eq!(error.to_string(), "s:1: 4A is RA. in the grid, not XA.");
}

#[test]
fn apply_file_names_the_file() {
    let dir = scratch("clue-sheet-file");
    let path = dir.join("sheet.txt");
    let mut puzzle = fixture("mini5");
    std::fs::write(&path, "5A;CURIO;Collector's item\n8A;ASKS\n").unwrap();
    let error = apply_file(&mut puzzle, &path).unwrap_err();
    assert_eq!(
        error.to_string(),
        format!("{}:2: expected 12A;ANSWER;clue", path.display())
    );
    std::fs::write(&path, "5A;CURIO;Collector's item\n").unwrap();
    assert_eq!(apply_file(&mut puzzle, &path).unwrap(), 1);
    assert_eq!(text_of(&puzzle, 5, Direction::Across), "Collector's item");
}

// ---------------------------------------------------------------- sources

#[test]
fn sources_take_precedence_ipuz_file_list_database() {
    let mut puzzle = blank_mini5();
    puzzle.clue_mut(1, Direction::Across).unwrap().text = "From the ipuz".into();
    let file = ClueFile::parse(
        "ADDS;File loses to the ipuz\n\
         5A;File, by slot\n\
         CURIO;File by answer loses to file by slot\n\
         drink;File, by answer\n\
         ERICA;File, by answer\n",
        "clues.txt",
    )
    .unwrap();
    let list = list(
        "ERICA;50;List loses to the file\n\
         CANER;50;From the list\n\
         SOAR;50;From the list, over the database\n\
         ASKS;50\n",
    );
    let sources = Sources {
        file: Some(&file),
        list: Some(&list),
        database: true,
    };
    let report = attach(&mut puzzle, &sources, &Choosing::default());
    let db = database();
    let expected = [
        (1, Direction::Across, "From the ipuz"),
        (5, Direction::Across, "File, by slot"),
        (6, Direction::Across, "File, by answer"),
        (7, Direction::Across, "From the list"),
        (2, Direction::Down, "File, by answer"),
        (4, Direction::Down, "From the list, over the database"),
    ];
    // The database's slots get one of their answer's clues.
    for (number, direction, answer) in [
        (8, Direction::Across, "ASKS"),
        (1, Direction::Down, "AURAS"),
        (3, Direction::Down, "DICES"),
    ] {
        let text = text_of(&puzzle, number, direction);
        assert!(
            is_database_clue(answer, text),
            "{number} {direction:?}: {text}"
        );
    }
    for (number, direction, text) in expected {
        assert_eq!(
            text_of(&puzzle, number, direction),
            text,
            "{number} {direction:?}"
        );
    }
    // CECA scores below the default minimum and has no clue anywhere.
    assert_eq!(db.get("CECA"), None);
    assert_eq!(text_of(&puzzle, 5, Direction::Down), "");
    assert_eq!(
        report,
        Report {
            already: 1,
            from_file: 3,
            from_list: 2,
            from_database: 3,
            empty: vec!["5D".into()],
            stale: vec![],
            unclean: vec![],
        }
    );
    assert_eq!(
        report.to_string(),
        "10 clues: 1 already written, 3 from the clue file, 2 from the word list, \
         3 from the clue database, 1 left empty (5D)"
    );
}

#[test]
fn sources_left_out_are_not_used() {
    let mut puzzle = blank_mini5();
    let list = list("ASKS;50;Listed\n");
    let report = attach(
        &mut puzzle,
        &Sources {
            list: Some(&list),
            ..Sources::default()
        },
        &Choosing::default(),
    );
    assert_eq!(text_of(&puzzle, 8, Direction::Across), "Listed");
    assert_eq!(report.from_list, 1);
    assert_eq!(report.empty.len(), 9);
    let mut puzzle = blank_mini5();
    let report = attach(&mut puzzle, &Sources::default(), &Choosing::default());
    assert_eq!(report.empty.len(), 10);
    assert!(puzzle.clues.iter().all(|c| c.text.is_empty()));
}

#[test]
fn a_sheet_used_as_clue_file_skips_lines_for_other_answers() {
    let mut puzzle = blank_mini5();
    let file = ClueFile::parse(
        "5A;CURIA;Roman court\n6A;ER.CA;Heath\n8A;ASKS;\nCURIO;Knick-knack\n",
        "old.txt",
    )
    .unwrap();
    let sources = Sources {
        file: Some(&file),
        ..Sources::default()
    };
    let report = attach(&mut puzzle, &sources, &Choosing::default());
    assert_eq!(text_of(&puzzle, 5, Direction::Across), "Knick-knack");
    assert_eq!(text_of(&puzzle, 6, Direction::Across), "Heath");
    assert_eq!(text_of(&puzzle, 8, Direction::Across), "");
    assert_eq!(report.stale, ["5A"]);
    assert_eq!(
        report.to_string(),
        "10 clues: 0 already written, 2 from the clue file, 0 from the word list, \
         0 from the clue database, 8 left empty (1A, 7A, 8A, 1D, 2D, 3D, 4D, 5D); \
         not used, as they name other answers: the clue file's lines for 5A"
    );
}

#[test]
fn unfinished_answers_get_clues_by_position_only() {
    let grid = Grid::parse_text("AS.\nS..\n...\n", "g").unwrap();
    let mut puzzle = Puzzle::from_grid(grid, 2);
    let file = ClueFile::parse("1A;First row\nAS;Never: 1A is not AS yet\n", "c").unwrap();
    let report = attach(
        &mut puzzle,
        &Sources {
            file: Some(&file),
            list: None,
            database: true,
        },
        &Choosing::default(),
    );
    assert_eq!(text_of(&puzzle, 1, Direction::Across), "First row");
    assert_eq!(report.from_file, 1);
    assert_eq!(report.empty, ["4A", "5A", "1D", "2D", "3D"]);
}

#[test]
fn clue_file_read_names_the_file() {
    let dir = scratch("clue-file-read");
    let path = dir.join("mine.txt");
    std::fs::write(&path, "# clues\nCURIO;Oddity\n12A\n").unwrap();
    let error = ClueFile::read(&path).unwrap_err();
    assert_eq!(
        error.to_string(),
        format!(
            "{}:3: expected ANSWER;clue, 12A;clue or 12A;ANSWER;clue",
            path.display()
        )
    );
    std::fs::write(&path, "CURIO;Oddity\n").unwrap();
    assert_eq!(
        ClueFile::read(&path).unwrap().for_answer("CURIO"),
        Some("Oddity")
    );
    let missing = dir.join("missing.txt");
    assert!(ClueFile::read(&missing)
        .unwrap_err()
        .to_string()
        .starts_with(&format!("{}: ", missing.display())));
}

// --------------------------------------------------------------- database

fn letters(text: &str) -> String {
    text.chars()
        .filter(char::is_ascii_alphabetic)
        .map(|c| c.to_ascii_uppercase())
        .collect()
}

/// The answer, or a piece of four or more of its letters, inside the clue.
fn gives_away(answer: &str, clue: &str) -> Option<String> {
    let clue = letters(clue);
    if clue.contains(answer) {
        return Some(answer.to_string());
    }
    (0..answer.len())
        .flat_map(|i| (i + 4..=answer.len()).map(move |j| &answer[i..j]))
        .find(|piece| clue.contains(piece))
        .map(str::to_string)
}

/// Whether a clue's final point may belong to an abbreviation ("Calif.",
/// "Abbr.", "e.g.", "dept."): a word with a point inside, or a short one.
/// A long last word with a point ends a sentence, which clues never do.
fn ends_abbreviated(clue: &str) -> bool {
    let last = clue.rsplit([' ', '(', '-', '/']).next().unwrap_or("");
    let body = last.trim_end_matches('.');
    body.contains('.') || (1..=6).contains(&body.len())
}

#[test]
fn no_database_clue_gives_its_answer_away() {
    let db = database();
    let mut checked = 0;
    let mut previous = "";
    for (answer, first) in db.iter() {
        assert!(previous < answer, "{previous} then {answer}");
        assert!(answer.bytes().all(|b| b.is_ascii_uppercase()), "{answer}");
        assert_eq!(db.get(answer), Some(first));
        // Every clue of the answer, at every level.
        for clue in db.clues(answer).iter().map(|c| c.text) {
            assert!(!clue.is_empty(), "{answer}");
            assert!(clue.len() <= MAX_CLUE, "{answer};{clue}");
            assert!(
                !clue.ends_with('.') || clue.ends_with("...") || ends_abbreviated(clue),
                "{answer};{clue}"
            );
            assert!(!clue.contains(';'), "{answer};{clue}");
            assert_eq!(gives_away(answer, clue), None, "{answer};{clue}");
        }
        previous = answer;
        checked += 1;
    }
    assert_eq!(checked, db.len());
    assert!(checked > 90_000, "{checked}");
    assert_eq!(gives_away("TABLE", "Able to be set"), Some("ABLE".into()));
    assert_eq!(
        gives_away("ICECREAM", "Ice-cream cone"),
        Some("ICECREAM".into())
    );
    assert!(ends_abbreviated("Roadside assistance org.: Abbr."));
    assert!(!ends_abbreviated("A sentence that finishes."));
}

#[test]
fn every_entry_at_the_default_minimum_has_a_written_clue() {
    let (words, _) = embedded::default_list().unwrap();
    let db = database();
    let strays: Vec<&str> = db
        .iter()
        .map(|(answer, _)| answer)
        .filter(|answer| words.get(answer).is_none())
        .collect();
    assert!(strays.is_empty(), "{:?}", &strays[..strays.len().min(10)]);
    let mut usable = 0;
    for entry in words
        .sorted()
        .into_iter()
        .filter(|e| e.score >= DEFAULT_SCORE)
    {
        usable += 1;
        assert!(
            matches!(db.lookup(entry.word), Some((_, Origin::Written))),
            "{} scores {} and has no written clue",
            entry.word,
            entry.score
        );
    }
    assert!(usable > 55_000, "{usable}");
    // Below the minimum, WordNet drafts what it can.
    let drafted = db
        .iter()
        .filter(|(answer, _)| matches!(db.lookup(answer), Some((_, Origin::Drafted))))
        .count();
    assert!(drafted > 33_000, "{drafted}");
}

/// Share of a real fill's answers the database clues: the ingrid_readme
/// grid (72 slots) filled from the embedded list at its default minimum
/// score, seed 1. Measured: 54 of 72 (0.75).
const COVERAGE_AT_LEAST: f64 = 0.70;

#[test]
fn the_database_clues_most_of_a_filled_grid() {
    let (mut words, _) = embedded::default_list().unwrap();
    words.retain_min_score(50);
    let index = Index::build(&words, 0).unwrap();
    let options = FillOptions {
        seed: 1,
        timeout: Some(Duration::from_secs(300)),
        ..FillOptions::default()
    };
    let grid = match fill(&grid_file("ingrid_readme.txt"), &index, &options).unwrap() {
        Outcome::Filled(f) => f.grid,
        other => panic!("expected a fill, got {other:?}"),
    };
    let mut puzzle = Puzzle::from_grid(grid, 2);
    let report = attach(
        &mut puzzle,
        &Sources {
            database: true,
            ..Sources::default()
        },
        &Choosing::default(),
    );
    let total = puzzle.clues.len();
    assert_eq!(report.from_database + report.empty.len(), total);
    let share = report.from_database as f64 / total as f64;
    assert!(
        share >= COVERAGE_AT_LEAST,
        "{} of {total} clued ({share:.2}): {report}",
        report.from_database
    );
}
