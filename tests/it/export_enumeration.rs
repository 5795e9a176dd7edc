//! Enumerations, the `(6,3,6)` British puzzles print after a clue, in every
//! format: written by each writer, read back by our readers into the same
//! puzzle, and seen as they should be by the independent readers (the
//! `ipuz` library, puzpy, xdformat, Python's XML parser). `.ipuz` and `.jpz`
//! have a field for it; `.puz` and `.xd` end the clue text with it, and
//! their readers must take back exactly those and no other parentheses.

use crate::common::python::run_python;
use crate::common::*;
use cruciverb::files::Existing;
use cruciverb::formats::{self, ipuz, jpz, txt, Format};
use cruciverb::grid::Direction;
use cruciverb::puzzle::{Mark, Puzzle};
use serde_json::{json, Value};

/// The formats a puzzle is read back from.
const READ_BACK: [Format; 4] = [Format::Ipuz, Format::Jpz, Format::Xd, Format::Puz];

/// An enumeration for every clue but every fourth, in turns one word, two
/// words and a hyphenated pair, each spelling the clue's answer.
fn enumerate(puzzle: &mut Puzzle) {
    for (i, clue) in puzzle.clues.iter_mut().enumerate() {
        let n = clue.answer.len();
        let half = n / 2;
        clue.enumeration = match i % 4 {
            0 => String::new(),
            1 => n.to_string(),
            2 => format!("{half},{}", n - half),
            _ => format!("{half}-{}", n - half),
        };
    }
}

/// The British fixture with plain ASCII clues (so that `.puz`'s Latin-1
/// keeps them as they are), enumerations mixed with clues without one, and
/// texts ending in parentheses that are not an enumeration: a year, an
/// abbreviation and a number that is not the answer's length, with and
/// without an enumeration after them; and one clue with no text yet.
fn enumerated() -> Puzzle {
    let mut puzzle = fixture("british15");
    for (i, clue) in puzzle.clues.iter_mut().enumerate() {
        clue.text = format!("Clue {i} of the fixture");
    }
    enumerate(&mut puzzle);
    let wrong_length = puzzle.clues[8].answer.len() + 1;
    for (i, text) in [
        (0, "Year it happened (2019)".to_string()),
        (1, "Film of the year (2019)".to_string()),
        (4, "Short form (abbr.)".to_string()),
        (6, "Shortened (abbr.)".to_string()),
        (8, format!("Not the length ({wrong_length})")),
        (5, String::new()),
    ] {
        puzzle.clues[i].text = text;
    }
    puzzle
}

/// `text (enumeration)` as a solver reads it, built here rather than by
/// the library.
fn printed(text: &str, enumeration: &str) -> String {
    match (text, enumeration) {
        (_, "") => text.to_string(),
        ("", _) => format!("({enumeration})"),
        _ => format!("{text} ({enumeration})"),
    }
}

#[test]
fn the_test_puzzle_mixes_every_kind_of_clue() {
    let puzzle = enumerated();
    let with = |f: fn(&str) -> bool| puzzle.clues.iter().filter(|c| f(&c.enumeration)).count();
    assert!(with(|e| e.is_empty()) >= 5);
    assert!(with(|e| e.contains(',')) >= 5);
    assert!(with(|e| e.contains('-')) >= 5);
    assert!(with(|e| !e.is_empty() && !e.contains([',', '-'])) >= 5);
    let clue = |i: usize| &puzzle.clues[i];
    assert_eq!(
        (clue(0).text.as_str(), clue(0).enumeration.as_str()),
        ("Year it happened (2019)", "")
    );
    assert_eq!(clue(1).text, "Film of the year (2019)");
    assert_eq!(clue(1).enumeration, clue(1).answer.len().to_string());
    assert_eq!(
        (clue(5).text.as_str(), clue(6).text.as_str()),
        ("", "Shortened (abbr.)")
    );
    assert!(!clue(5).enumeration.is_empty() && !clue(6).enumeration.is_empty());
}

#[test]
fn enumerations_round_trip_through_every_format() {
    let mut multi_line = enumerated();
    multi_line.clues[2].text = "A clue on\ntwo lines".into();
    assert!(!multi_line.clues[2].enumeration.is_empty());
    for puzzle in [enumerated(), multi_line] {
        for format in READ_BACK {
            let bytes = formats::render(&puzzle, format).unwrap();
            let back = formats::read(&bytes, format, "enumerated").unwrap();
            assert_eq!(back, puzzle, "{format:?}");
            assert_eq!(formats::render(&back, format).unwrap(), bytes, "{format:?}");
        }
    }
}

#[test]
fn a_rebus_letters_count_in_its_answers_enumeration() {
    let mut puzzle = fixture("mini5");
    let rebus = Mark {
        rebus: Some("CAT".into()),
        ..Mark::default()
    };
    puzzle.set_marks([((1, 0), rebus)].into()).unwrap();
    // Plain ASCII throughout, which `.puz` keeps as it is.
    puzzle.title = "Rebus".into();
    puzzle.author = "Ann Smith".into();
    puzzle.notes.clear();
    for clue in &mut puzzle.clues {
        clue.text = format!("Clue {}", clue.number);
    }
    enumerate(&mut puzzle);
    // Both words through the rebus cell, which counts three letters.
    for (number, direction, enumeration) in
        [(5, Direction::Across, "3,4"), (5, Direction::Down, "3-3")]
    {
        puzzle.clue_mut(number, direction).unwrap().enumeration = enumeration.into();
    }
    let answers: Vec<&str> = [Direction::Across, Direction::Down]
        .into_iter()
        .map(|d| puzzle.clue(5, d).unwrap().answer.as_str())
        .collect();
    assert_eq!(answers, ["CATURIO", "CATECA"]);
    for format in READ_BACK {
        let bytes = formats::render(&puzzle, format).unwrap();
        let back = formats::read(&bytes, format, "rebus").unwrap();
        assert_eq!(back, puzzle, "{format:?}");
    }
}

const READ_IPUZ: &str = r#"
import json, sys, ipuz
doc = ipuz.read(open(sys.argv[1], encoding='utf-8').read())
print(json.dumps({'showenumerations': doc.get('showenumerations'), 'clues': doc['clues']}))
"#;

const READ_PUZ: &str = r#"
import json, sys, puz
p = puz.load(open(sys.argv[1], 'rb').read())
n = p.clue_numbering()
print(json.dumps({d: [[e.number, e.text] for e in es] for d, es in
    [('Across', n.across), ('Down', n.down)]}))
"#;

const READ_XD: &str = r#"
import json, sys, xdformat
xd = xdformat.xdfile(open(sys.argv[1], encoding='utf-8').read(), sys.argv[1])
print(json.dumps([[d, n, text, answer] for (d, n), text, answer in xd.clues]))
"#;

const READ_JPZ: &str = r#"
import json, sys
import xml.etree.ElementTree as ET
RP = '{http://crossword.info/xml/rectangular-puzzle}'
crossword = ET.parse(sys.argv[1]).getroot().find(RP + 'rectangular-puzzle').find(RP + 'crossword')
print(json.dumps([
    [[c.get('number'), c.get('format'), c.text or ''] for c in l.findall(RP + 'clue')]
    for l in crossword.findall(RP + 'clues')]))
"#;

/// Runs `script` on `puzzle` written in `format` to a scratch file.
fn read_with(script: &str, puzzle: &Puzzle, format: Format) -> Value {
    let dir = scratch(&format!("enumeration-{}", format.extension()));
    let path = dir.join(&format!("p.{}", format.extension()));
    formats::save(puzzle, format, &path, Existing::Replace).unwrap();
    serde_json::from_str(&run_python(script, &[path.to_str().unwrap()])).unwrap()
}

/// The puzzle's clues in `direction`, in number order.
fn clues(puzzle: &Puzzle, direction: Direction) -> Vec<&cruciverb::puzzle::Clue> {
    let mut clues: Vec<_> = puzzle
        .clues
        .iter()
        .filter(|c| c.direction == direction)
        .collect();
    clues.sort_by_key(|c| c.number);
    clues
}

#[test]
fn the_ipuz_library_reads_a_clue_object_with_the_enumeration() {
    let puzzle = enumerated();
    let read = read_with(READ_IPUZ, &puzzle, Format::Ipuz);
    assert_eq!(read["showenumerations"], json!(true));
    for (name, direction) in [("Across", Direction::Across), ("Down", Direction::Down)] {
        let expected: Vec<Value> = clues(&puzzle, direction)
            .into_iter()
            .map(|c| match c.enumeration.as_str() {
                "" => json!([c.number, c.text]),
                e => json!({"number": c.number, "clue": c.text, "enumeration": e}),
            })
            .collect();
        assert_eq!(read["clues"][name], Value::Array(expected), "{name}");
    }
    // A puzzle that prints none says nothing about showing them.
    let plain = read_with(READ_IPUZ, &fixture("british15"), Format::Ipuz);
    assert_eq!(plain["showenumerations"], Value::Null);
}

#[test]
fn puzpy_reads_the_enumeration_at_the_end_of_the_clue_text() {
    let puzzle = enumerated();
    let read = read_with(READ_PUZ, &puzzle, Format::Puz);
    for (name, direction) in [("Across", Direction::Across), ("Down", Direction::Down)] {
        let expected: Vec<Value> = clues(&puzzle, direction)
            .into_iter()
            .map(|c| json!([c.number, printed(&c.text, &c.enumeration)]))
            .collect();
        assert_eq!(read[name], Value::Array(expected), "{name}");
    }
    let first_pair = puzzle
        .clues
        .iter()
        .find(|c| c.enumeration.contains(','))
        .unwrap();
    let texts = read.to_string();
    assert!(
        texts.contains(&format!(" ({})\"", first_pair.enumeration)),
        "{texts}"
    );
}

#[test]
fn xdformat_parses_the_enumeration_as_part_of_the_clue() {
    let puzzle = enumerated();
    let read = read_with(READ_XD, &puzzle, Format::Xd);
    let expected: Vec<Value> = [("A", Direction::Across), ("D", Direction::Down)]
        .into_iter()
        .flat_map(|(letter, direction)| {
            clues(&puzzle, direction)
                .into_iter()
                .map(move |c| json!([letter, c.number, printed(&c.text, &c.enumeration), c.answer]))
        })
        .collect();
    assert_eq!(read, Value::Array(expected));
}

#[test]
fn the_xml_parser_reads_the_enumeration_as_the_clues_format() {
    let puzzle = enumerated();
    let read = read_with(READ_JPZ, &puzzle, Format::Jpz);
    let expected: Vec<Value> = [Direction::Across, Direction::Down]
        .into_iter()
        .map(|direction| {
            let list: Vec<Value> = clues(&puzzle, direction)
                .into_iter()
                .map(|c| {
                    let format = Some(c.enumeration.as_str()).filter(|e| !e.is_empty());
                    json!([c.number.to_string(), format, c.text])
                })
                .collect();
            Value::Array(list)
        })
        .collect();
    assert_eq!(read, Value::Array(expected));
}

#[test]
fn txt_prints_the_enumeration_in_place_of_the_length() {
    let mut puzzle = fixture("mini5");
    let plain = txt::write(&puzzle);
    puzzle.clue_mut(1, Direction::Across).unwrap().enumeration = "2-2".into();
    puzzle.clue_mut(1, Direction::Down).unwrap().enumeration = "5".into();
    let down2 = puzzle.clue_mut(2, Direction::Down).unwrap();
    down2.text = "Alpha & omega\n<AND> more".into();
    down2.enumeration = "1,4".into();
    let expected = plain
        .replace(
            "\n1. Café “au lait” — served hot (4)\n",
            "\n1. Café “au lait” — served hot (2-2)\n",
        )
        .replace(
            "\n2. Alpha & omega <AND> more (5)\n",
            "\n2. Alpha & omega\n   <AND> more (1,4)\n",
        );
    assert_ne!(expected, plain);
    assert_eq!(txt::write(&puzzle), expected);
    // A one-word enumeration is the length itself, printed once.
    assert!(
        expected.contains("\n1. Ça va? Très bien! (5)\n"),
        "{expected}"
    );
}

/// A 3×3 ipuz (CA#/BOT/#LO) whose clue objects carry `enumerations`, one
/// per slot: 1A 3A 5A, then 1D 2D 4D.
fn ipuz_with(enumerations: [Value; 6]) -> String {
    let [a1, a3, a5, d1, d2, d4] = enumerations;
    json!({
        "version": "http://ipuz.org/v2",
        "kind": ["http://ipuz.org/crossword#1"],
        "dimensions": {"width": 3, "height": 3},
        "puzzle": [[1, 2, "#"], [3, 0, 4], ["#", 5, 0]],
        "solution": [["C", "A", "#"], ["B", "O", "T"], ["#", "L", "O"]],
        "clues": {
            "Across": [
                {"number": 1, "clue": "Golden State", "enumeration": a1},
                {"number": 3, "clue": "Droid", "enumeration": a3},
                {"number": 5, "clue": "Behold!", "enumeration": a5}
            ],
            "Down": [
                {"number": 1, "clue": "Radio", "enumeration": d1},
                {"number": 2, "clue": "Old portal", "enumeration": d2},
                {"number": 4, "clue": "Toward", "enumeration": d4}
            ]
        }
    })
    .to_string()
}

#[test]
fn ipuz_enumerations_in_other_software_forms_read_in_ours() {
    let text = ipuz_with([
        json!("(2)"),
        json!("1 2"),
        json!(2),
        json!(""),
        Value::Null,
        json!(" 1 - 1 "),
    ]);
    let puzzle = ipuz::read(&text, "other.ipuz").unwrap();
    let read: Vec<(u32, Direction, &str)> = puzzle
        .clues
        .iter()
        .map(|c| (c.number, c.direction, c.enumeration.as_str()))
        .collect();
    assert_eq!(
        read,
        [
            (1, Direction::Across, "2"),
            (3, Direction::Across, "1,2"),
            (5, Direction::Across, "2"),
            (1, Direction::Down, ""),
            (2, Direction::Down, ""),
            (4, Direction::Down, "1-1"),
        ]
    );
    assert_eq!(puzzle.clue(3, Direction::Across).unwrap().text, "Droid");

    // What is not word lengths is refused, naming the clue.
    for (bad, shown) in [(json!("4'1"), "\"4'1\""), (json!(["2"]), "[\"2\"]")] {
        let text = ipuz_with([
            json!("2"),
            bad,
            json!("2"),
            json!("2"),
            json!("3"),
            json!("2"),
        ]);
        let error = ipuz::read(&text, "bad.ipuz").unwrap_err().to_string();
        assert!(
            error.starts_with("bad.ipuz: clue list \"Across\", entry 2: \"enumeration\" "),
            "{error}"
        );
        assert!(error.contains(shown), "{error}");
    }
}

#[test]
fn jpz_formats_in_other_software_forms_read_in_ours_and_bad_ones_are_named() {
    let ours = jpz::write(&fixture("mini5")).unwrap();
    let across1 = "<clue word=\"1\" number=\"1\">";
    let down2 = "<clue word=\"7\" number=\"2\">";
    assert!(ours.contains(across1) && ours.contains(down2), "{ours}");
    let edited = ours
        .replace(across1, "<clue word=\"1\" number=\"1\" format=\"(2, 2)\">")
        .replace(down2, "<clue word=\"7\" number=\"2\" format=\" \">");
    let puzzle = jpz::read(edited.as_bytes(), "cc.jpz").unwrap();
    let mut expected = fixture("mini5");
    expected.clue_mut(1, Direction::Across).unwrap().enumeration = "2,2".into();
    assert_eq!(puzzle, expected);

    let bad = ours.replace(across1, "<clue word=\"1\" number=\"1\" format=\"4'1\">");
    let line = 1 + bad[..bad.find("format=\"4'1\"").unwrap()]
        .matches('\n')
        .count();
    let error = jpz::read(bad.as_bytes(), "bad.jpz")
        .unwrap_err()
        .to_string();
    assert!(error.starts_with(&format!("bad.jpz:{line}:")), "{error}");
    assert!(
        error.ends_with(
            "clue 1 Across has format=\"4'1\", which is not word lengths like 6,3,6 or 4-5"
        ),
        "{error}"
    );
}

#[test]
fn export_and_import_keep_enumerations_on_the_command_line() {
    let dir = scratch("enumeration-cli");
    let puzzle = enumerated();
    let source = dir.join("p.ipuz");
    ipuz::save(&puzzle, &source, Existing::Replace).unwrap();
    for format in READ_BACK {
        let ext = format.extension();
        let file = dir.join(&format!("p-{ext}.{ext}"));
        let back = dir.join(&format!("back-{ext}.ipuz"));
        let exported = run(&[
            "export",
            source.to_str().unwrap(),
            "--to",
            ext,
            "-o",
            file.to_str().unwrap(),
        ]);
        assert!(exported.status.success(), "{ext}: {}", stderr(&exported));
        let imported = run(&[
            "import",
            file.to_str().unwrap(),
            "-o",
            back.to_str().unwrap(),
        ]);
        assert!(imported.status.success(), "{ext}: {}", stderr(&imported));
        assert_eq!(ipuz::load(&back).unwrap(), puzzle, "{ext}");
    }
}
