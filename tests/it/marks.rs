//! Circled, shaded and rebus cells: the text grid's mark section, and every
//! format carrying them there and back, checked by the independent readers
//! (puzpy, ipuz, xdformat, Python's XML parser, pypdf) as well as our own.

use std::collections::BTreeMap;

use crate::common::python::run_python;
use crate::common::*;
use cruciverb::formats::{self, ipuz, jpz, puz, txt, xd, Format};
use cruciverb::grid::{marked_text, parse_marked_text, Cell, Direction, Grid};
use cruciverb::puzzle::{Mark, Puzzle};
use cruciverb::typeset::{pdf, Paper, PdfOptions};
use serde_json::Value;

fn mark(circled: bool, shaded: bool, rebus: Option<&str>) -> Mark {
    Mark {
        circled,
        shaded,
        rebus: rebus.map(str::to_string),
    }
}

/// mini5 (`#ADDS / CURIO / ERICA / CANER / ASKS#`) with every kind of mark,
/// two on one cell, a circled rebus and a rebus with digits.
fn themed() -> Puzzle {
    let mut puzzle = fixture("mini5");
    let marks = BTreeMap::from([
        ((0, 1), mark(true, false, None)),
        ((0, 2), mark(true, true, None)),
        ((2, 2), mark(false, true, None)),
        ((1, 0), mark(false, false, Some("CAT"))),
        ((3, 4), mark(true, false, Some("R2D2"))),
        ((4, 1), mark(false, false, Some("STAR"))),
    ]);
    puzzle.set_marks(marks).unwrap();
    puzzle
}

/// What `.xd` can carry: one kind of special cell, rebuses unmarked, and a
/// rebus text used twice (one key for both).
fn themed_for_xd() -> Puzzle {
    let mut puzzle = fixture("mini5");
    let marks = BTreeMap::from([
        ((0, 1), mark(true, false, None)),
        ((2, 2), mark(true, false, None)),
        ((1, 0), mark(false, false, Some("CAT"))),
        ((3, 0), mark(false, false, Some("CAT"))),
        ((4, 1), mark(false, false, Some("STAR"))),
    ]);
    puzzle.set_marks(marks).unwrap();
    puzzle
}

fn answer(puzzle: &Puzzle, number: u32, direction: Direction) -> &str {
    &puzzle.clue(number, direction).unwrap().answer
}

// ------------------------------------------------------------ the model

#[test]
fn clue_answers_spell_rebus_cells_in_full() {
    let puzzle = themed();
    assert_eq!(puzzle.grid.get(1, 0), Cell::Letter(b'C'));
    assert_eq!(answer(&puzzle, 5, Direction::Across), "CATURIO");
    assert_eq!(answer(&puzzle, 5, Direction::Down), "CATECA");
    assert_eq!(answer(&puzzle, 7, Direction::Across), "CANER2D2");
    assert_eq!(answer(&puzzle, 8, Direction::Across), "ASTARKS");
    assert_eq!(answer(&puzzle, 1, Direction::Down), "AURASTAR");
    assert_eq!(answer(&puzzle, 1, Direction::Across), "ADDS");
    assert!(fixture("mini5").marks.is_empty());
}

#[test]
fn marks_that_do_not_fit_the_grid_are_refused() {
    let cases = [
        (
            (0, 0),
            mark(true, false, None),
            "marked cell 1,1 is a block",
        ),
        (
            (5, 0),
            mark(true, false, None),
            "marked cell 6,1 is outside the grid, which has 5 rows and 5 columns",
        ),
        (
            (1, 1),
            Mark::default(),
            "cell 2,2 is stored with an empty mark",
        ),
        (
            (1, 1),
            mark(false, false, Some("CAT")),
            "rebus CAT at 2,2 starts with C, but the grid has U there",
        ),
        (
            (1, 1),
            mark(false, false, Some("U")),
            "rebus \"U\" at 2,2 is not a rebus: a rebus holds two or more characters",
        ),
        (
            (1, 1),
            mark(false, false, Some("Up")),
            "rebus \"Up\" at 2,2 contains 'p'; a rebus holds only letters A-Z and digits 0-9",
        ),
    ];
    for (at, bad, message) in cases {
        let mut puzzle = fixture("mini5");
        let err = puzzle.set_marks(BTreeMap::from([(at, bad)])).unwrap_err();
        assert_eq!(err.to_string(), message);
        assert!(puzzle.marks.is_empty());
    }
}

// ------------------------------------------------------- text grid marks

const MARKED: &str = "\
#ADDS
CURIO
ERICA
CANER
ASKS#

circled: 1,2 1,3 4,5
shaded: 1,3 3,3
rebus: 2,1=CAT 4,5=R2D2 5,2=STAR
";

#[test]
fn text_grid_marks_round_trip() {
    let (grid, marks) = parse_marked_text(MARKED, "g.txt").unwrap();
    assert_eq!(grid, fixture("mini5").grid);
    assert_eq!(marks, themed().marks);
    assert_eq!(marked_text(&grid, &marks), MARKED);
    assert_eq!(themed().to_text(), MARKED);
    // Without marks the format is the plain grid, as before.
    assert_eq!(marked_text(&grid, &BTreeMap::new()), grid.to_text());
    assert_eq!(fixture("mini5").to_text(), grid.to_text());
    // The grid reader takes marked grids and leaves the marks out.
    assert_eq!(Grid::parse_text(MARKED, "g.txt").unwrap(), grid);
    // Lines add up, lower case is read as upper, order and spacing are free.
    let loose = "#ADDS\nCURIO\nERICA\nCANER\nASKS#\n\n\nrebus: 5,2=star  2,1=Cat\nshaded: 3,3\n\
                 circled: 4,5\nrebus: 4,5=R2D2\ncircled: 1,3 1,2\nshaded: 1,3\n\n";
    let (_, loose_marks) = parse_marked_text(loose, "g.txt").unwrap();
    assert_eq!(loose_marks, marks);
}

#[test]
fn text_grid_mark_errors_name_file_line_and_value() {
    let grid = "#ADDS\nCURIO\nERICA\nCANER\nASKS#\n\n";
    let cases = [
        ("boxed: 1,2", "g.txt:7: unknown mark kind \"boxed\" (expected bars, circled, shaded or rebus)"),
        ("circled: 6,1", "g.txt:7: cell 6,1 is outside the grid, which has 5 rows and 5 columns"),
        ("circled: 1,6", "g.txt:7: cell 1,6 is outside the grid, which has 5 rows and 5 columns"),
        ("shaded: 1,x", "g.txt:7: \"1,x\" is not a cell (expected ROW,COL counted from 1, like 2,5)"),
        ("shaded: 0,1", "g.txt:7: \"0,1\" is not a cell (expected ROW,COL counted from 1, like 2,5)"),
        ("circled: 1,1", "g.txt:7: cell 1,1 is a block; only white cells are marked"),
        ("rebus: 5,5=SUN", "g.txt:7: cell 5,5 is a block; only white cells are marked"),
        ("rebus: 2,1=DOG", "g.txt:7: rebus DOG at 2,1 starts with D, but the grid has C there"),
        ("rebus: 2,1=C-T", "g.txt:7: rebus \"C-T\" at 2,1 contains '-'; a rebus holds only letters A-Z and digits 0-9"),
        ("rebus: 2,1=C", "g.txt:7: rebus \"C\" at 2,1 is not a rebus: a rebus holds two or more characters"),
        ("rebus: 2,1", "g.txt:7: \"2,1\" is not a rebus cell (expected ROW,COL=TEXT, like 1,2=HEART)"),
        ("rebus: 2,1=CAT 2,1=COT", "g.txt:7: cell 2,1 is given two rebuses, CAT and COT"),
        ("circled: 1,2\nshaded 1,3", "g.txt:8: \"shaded 1,3\" is not a mark line like \"circled: 1,1 2,3\" (a grid has no blank lines; after the grid and a blank line come only bars and mark lines)"),
        ("..##.", "g.txt:7: \"..##.\" is not a mark line like \"circled: 1,1 2,3\" (a grid has no blank lines; after the grid and a blank line come only bars and mark lines)"),
    ];
    for (marks, message) in cases {
        let text = format!("{grid}{marks}\n");
        let err = parse_marked_text(&text, "g.txt").unwrap_err().to_string();
        assert_eq!(err, message, "{marks}");
        // The plain grid reader checks the marks too.
        assert_eq!(
            Grid::parse_text(&text, "g.txt").unwrap_err().to_string(),
            message
        );
    }
}

#[test]
fn the_command_line_takes_marked_grids() {
    let dir = scratch("marked-show");
    let path = dir.join("themed.txt");
    std::fs::write(&path, MARKED).unwrap();
    let spec = path.to_str().unwrap();
    assert_eq!(
        cruciverb::grid::load_marked(spec).unwrap(),
        (fixture("mini5").grid, themed().marks)
    );
    assert_eq!(cruciverb::grid::load(spec).unwrap(), fixture("mini5").grid);
    let out = run(&["show", path.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, MARKED.replace("4,5=R2D2", "4,5=X2D2")).unwrap();
    let out = run(&["show", bad.to_str().unwrap()]);
    assert!(!out.status.success());
    assert!(
        stderr(&out)
            .contains("bad.txt:9: rebus X2D2 at 4,5 starts with X, but the grid has R there"),
        "{}",
        stderr(&out)
    );
}

/// `fill --out` keeps a marked grid's circles and shading in the puzzle.
#[test]
fn fill_keeps_the_marks_of_its_grid() {
    let dir = scratch("marked-fill");
    let path = dir.join("marked.txt");
    let grid = std::fs::read_to_string(crate::common::data("grids/mini5_2corners.txt")).unwrap();
    std::fs::write(&path, format!("{grid}\ncircled: 1,2 3,3\nshaded: 2,2\n")).unwrap();
    let out_path = dir.join("filled.ipuz");
    let out = run(&[
        "fill",
        path.to_str().unwrap(),
        "--out",
        out_path.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let puzzle = cruciverb::formats::import(&out_path).unwrap();
    let marked: Vec<((usize, usize), bool, bool)> = puzzle
        .marks
        .iter()
        .map(|(&cell, m)| (cell, m.circled, m.shaded))
        .collect();
    assert_eq!(
        marked,
        vec![
            ((0, 1), true, false),
            ((1, 1), false, true),
            ((2, 2), true, false)
        ]
    );
}

// ------------------------------------------------------- format round trips

/// Write → read gives the same document, and writing that again gives the
/// same bytes. (`.puz` texts are ISO-8859-1, so they are made so first.)
fn assert_round_trip(puzzle: &Puzzle, format: Format) {
    let mut puzzle = puzzle.clone();
    if format == Format::Puz {
        for text in [
            &mut puzzle.title,
            &mut puzzle.author,
            &mut puzzle.copyright,
            &mut puzzle.notes,
        ]
        .into_iter()
        .chain(puzzle.clues.iter_mut().map(|c| &mut c.text))
        {
            *text = puz::to_latin1(text);
        }
    }
    let puzzle = &puzzle;
    let bytes = formats::render(puzzle, format).unwrap();
    let back = formats::read(&bytes, format, "themed").unwrap();
    assert_eq!(&back, puzzle, "{format:?}");
    assert_eq!(formats::render(&back, format).unwrap(), bytes, "{format:?}");
}

#[test]
fn marked_puzzles_round_trip_through_ipuz_puz_jpz_and_xd() {
    let puzzle = themed();
    assert_round_trip(&puzzle, Format::Ipuz);
    assert_round_trip(&puzzle, Format::Puz);
    assert_round_trip(&puzzle, Format::Jpz);
    assert_round_trip(&themed_for_xd(), Format::Jpz);
    assert_round_trip(&themed_for_xd(), Format::Xd);
    assert_round_trip(&themed_for_xd(), Format::Puz);
    // Shading instead of circles in .xd.
    let mut shaded = fixture("mini5");
    shaded
        .set_marks(BTreeMap::from([((2, 2), mark(false, true, None))]))
        .unwrap();
    assert_round_trip(&shaded, Format::Xd);
    let xd_text = xd::write(&shaded).unwrap();
    assert!(xd_text.contains("Special: shaded\n"), "{xd_text}");
    assert!(xd_text.contains("\nERiCA\n"), "{xd_text}");
}

#[test]
fn xd_refuses_marks_it_cannot_carry() {
    let err = xd::write(&themed()).unwrap_err().to_string();
    assert_eq!(
        err,
        "cannot write .xd: row 1, column 3 is both circled and shaded, and .xd has one kind of \
         special cell"
    );
    let mut mixed = fixture("mini5");
    mixed
        .set_marks(BTreeMap::from([
            ((0, 1), mark(true, false, None)),
            ((2, 2), mark(false, true, None)),
        ]))
        .unwrap();
    assert_eq!(
        xd::write(&mixed).unwrap_err().to_string(),
        "cannot write .xd: the puzzle has circled and shaded cells (the first other kind at row \
         3, column 3), and .xd has one kind of special cell"
    );
    let mut circled_rebus = fixture("mini5");
    circled_rebus
        .set_marks(BTreeMap::from([((1, 0), mark(true, false, Some("CAT")))]))
        .unwrap();
    assert_eq!(
        xd::write(&circled_rebus).unwrap_err().to_string(),
        "cannot write .xd: row 2, column 1 is a rebus and circle, and .xd marks only a letter \
         as special"
    );
}

#[test]
fn ipuz_cells_carry_styles_and_rebus_text() {
    let text = ipuz::write(&themed());
    let doc: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(
        doc["puzzle"][0],
        serde_json::json!([
            "#",
            {"cell": 1, "style": {"shapebg": "circle"}},
            {"cell": 2, "style": {"highlight": true, "shapebg": "circle"}},
            3,
            4
        ])
    );
    assert_eq!(
        doc["puzzle"][2][2],
        serde_json::json!({"cell": 0, "style": {"highlight": true}})
    );
    assert_eq!(doc["solution"][1][0], "CAT");
    assert_eq!(doc["solution"][3][4], "R2D2");
    // Other tools' ways of saying the same: named styles, colours.
    let mut other = doc.clone();
    other["styles"] =
        serde_json::json!({"ring": {"shapebg": "circle"}, "grey": {"color": "C0C0C0"}});
    other["puzzle"][0][1] = serde_json::json!({"cell": 1, "style": "ring"});
    other["puzzle"][2][2] = serde_json::json!({"cell": 0, "style": "grey"});
    other["puzzle"][0][2] =
        serde_json::json!({"cell": 2, "style": {"shapebg": "circle", "color": 12632256}});
    let back = ipuz::read(&other.to_string(), "other.ipuz").unwrap();
    assert_eq!(back.marks, themed().marks);
}

#[test]
fn puz_sections_are_as_across_lite_writes_them() {
    let bytes = puz::write(&themed()).unwrap();
    let find = |code: &[u8]| {
        let at = bytes.windows(4).position(|w| w == code).unwrap();
        let len = usize::from(u16::from_le_bytes([bytes[at + 4], bytes[at + 5]]));
        bytes[at + 8..at + 8 + len].to_vec()
    };
    assert_eq!(find(b"RTBL"), b" 0:CAT; 1:R2D2; 2:STAR;");
    let grbs = find(b"GRBS");
    assert_eq!((grbs[5], grbs[19], grbs[21]), (1, 2, 3));
    assert_eq!(grbs.iter().filter(|&&b| b != 0).count(), 3);
    let gext = find(b"GEXT");
    assert_eq!(
        (gext[1], gext[2], gext[12], gext[19]),
        (0x80, 0x88, 0x08, 0x80)
    );
    assert_eq!(gext.iter().filter(|&&b| b != 0).count(), 4);
}

#[test]
fn jpz_cells_carry_marks() {
    let text = jpz::write(&themed()).unwrap();
    assert!(text.contains(
        "<cell x=\"2\" y=\"1\" solution=\"A\" number=\"1\" background-shape=\"circle\"/>"
    ));
    assert!(text.contains(
        "<cell x=\"3\" y=\"1\" solution=\"D\" number=\"2\" background-shape=\"circle\" \
         background-color=\"#C0C0C0\"/>"
    ));
    assert!(text.contains("<cell x=\"1\" y=\"2\" solution=\"CAT\" number=\"5\"/>"));
    // Python's XML parser reads the same cells.
    let dir = scratch("marks-jpz");
    let path = dir.join("t.jpz");
    std::fs::write(&path, &text).unwrap();
    let read = run_python(
        r#"
import sys, json, xml.etree.ElementTree as ET
ns = {'p': 'http://crossword.info/xml/rectangular-puzzle'}
root = ET.parse(sys.argv[1]).getroot()
cells = root.findall('.//p:grid/p:cell', ns)
print(json.dumps({c.get('x') + ',' + c.get('y'): [c.get('solution'), c.get('background-shape'), c.get('background-color')] for c in cells if c.get('background-shape') or c.get('background-color') or len(c.get('solution') or '') > 1}))
"#,
        &[path.to_str().unwrap()],
    );
    let read: Value = serde_json::from_str(&read).unwrap();
    assert_eq!(
        read,
        serde_json::json!({
            "2,1": ["A", "circle", null],
            "3,1": ["D", "circle", "#C0C0C0"],
            "3,3": ["I", null, "#C0C0C0"],
            "1,2": ["CAT", null, null],
            "5,4": ["R2D2", "circle", null],
            "2,5": ["STAR", null, null],
        })
    );
    // Other tools' ways of saying the same: any colour but white shades, a
    // rebus may be lower case; a mark on a block means nothing here.
    let other = text
        .replace(
            "background-color=\"#C0C0C0\"",
            "background-color=\"#ffcc00\"",
        )
        .replace("solution=\"CAT\"", "solution=\"cat\"")
        .replace(
            "<cell x=\"1\" y=\"1\" type=\"block\"/>",
            "<cell x=\"1\" y=\"1\" type=\"block\" background-shape=\"circle\"/>",
        )
        .replace(
            "<cell x=\"2\" y=\"2\" solution=\"U\"/>",
            "<cell x=\"2\" y=\"2\" solution=\"U\" background-color=\"#FFFFFF\"/>",
        );
    assert_eq!(other.matches("#ffcc00").count(), 2);
    assert!(other.contains("solution=\"cat\"") && other.contains("#FFFFFF"));
    let back = jpz::read(other.as_bytes(), "other.jpz").unwrap();
    assert_eq!(back.marks, themed().marks);
}

#[test]
fn txt_lists_marked_squares_and_spells_rebuses() {
    let text = txt::write(&themed());
    assert!(
        text.contains(
            "Circled squares (row,column): 1,2 1,3 4,5\nShaded squares (row,column): 1,3 3,3\n"
        ),
        "{text}"
    );
    assert!(
        text.ends_with("SOLUTION\n# A D D S\nCAT U R I O\nE R I C A\nC A N E R2D2\nA STAR K S #\n"),
        "{text}"
    );
}

// --------------------------------------------------- independent readers

#[test]
fn puzpy_reads_our_circles_shading_and_rebus() {
    let dir = scratch("marks-puzpy");
    let path = dir.join("t.puz");
    std::fs::write(&path, puz::write(&themed()).unwrap()).unwrap();
    let read = run_python(
        r#"
import sys, json, puz
p = puz.read(sys.argv[1])
r = p.rebus()
print(json.dumps({
    'circled': p.markup().get_markup_squares(puz.GridMarkup.Circled),
    'marked': p.markup().get_markup_squares(),
    'rebus': {i: r.get_rebus_solution(i) for i in r.get_rebus_squares()},
    'solution': p.solution,
}))
"#,
        &[path.to_str().unwrap()],
    );
    let read: Value = serde_json::from_str(&read).unwrap();
    assert_eq!(read["circled"], serde_json::json!([1, 2, 19]));
    assert_eq!(read["marked"], serde_json::json!([1, 2, 12, 19]));
    assert_eq!(
        read["rebus"],
        serde_json::json!({"5": "CAT", "19": "R2D2", "21": "STAR"})
    );
    assert_eq!(read["solution"], ".ADDSCURIOERICACANERASKS.");
}

#[test]
fn our_reader_takes_puzpys_circles_and_rebus() {
    let dir = scratch("marks-puzpy-write");
    let path = dir.join("p.puz");
    run_python(
        r#"
import sys, puz
p = puz.Puzzle()
p.width, p.height = 4, 4
p.solution = 'CAB.' 'ORE.' 'WEBS' '.SEA'
p.fill = ''.join('.' if c == '.' else '-' for c in p.solution)
p.clues = ['Taxi', 'Bovine', 'God of war', 'Baby, in Paris', 'Mineral',
           'Spider homes', 'Tax agency, in brief', 'Ocean']
p.rebus().add_rebus_squares(0, 'CAT')
p.rebus().add_rebus_squares([6, 9], 'EGG')
p.rebus().add_rebus_squares(15, 'ACE')
p.markup().markup[5] = puz.GridMarkup.Circled
p.markup().markup[4] = puz.GridMarkup.Incorrect
p.save(sys.argv[1])
"#,
        &[path.to_str().unwrap()],
    );
    let puzzle = formats::import(&path).unwrap();
    assert_eq!(
        puzzle.marks,
        BTreeMap::from([
            ((0, 0), mark(false, false, Some("CAT"))),
            ((1, 1), mark(true, false, None)),
            ((1, 2), mark(false, false, Some("EGG"))),
            ((2, 1), mark(false, false, Some("EGG"))),
            ((3, 3), mark(false, false, Some("ACE"))),
        ])
    );
    assert_eq!(answer(&puzzle, 1, Direction::Across), "CATAB");
    assert_eq!(answer(&puzzle, 4, Direction::Across), "OREGG");
    assert_eq!(answer(&puzzle, 7, Direction::Across), "SEACE");
}

#[test]
fn the_ipuz_library_validates_our_marked_ipuz() {
    let dir = scratch("marks-ipuz");
    let path = dir.join("t.ipuz");
    std::fs::write(&path, ipuz::write(&themed())).unwrap();
    let read = run_python(
        r#"
import sys, json, ipuz
doc = ipuz.read(open(sys.argv[1], encoding='utf-8').read())
print(json.dumps({'puzzle': doc['puzzle'], 'solution': doc['solution']}))
"#,
        &[path.to_str().unwrap()],
    );
    let read: Value = serde_json::from_str(&read).unwrap();
    assert_eq!(
        read["puzzle"][3][4],
        serde_json::json!({"cell": 0, "style": {"shapebg": "circle"}})
    );
    assert_eq!(read["solution"][4][1], "STAR");
}

#[test]
fn xdformat_reads_our_rebus_and_special_cells() {
    let puzzle = themed_for_xd();
    let text = xd::write(&puzzle).unwrap();
    assert!(
        text.contains("Special: circle\nRebus: 1=CAT 2=STAR\n"),
        "{text}"
    );
    assert!(
        text.contains("\n#aDDS\n1URIO\nERiCA\n1ANER\nA2KS#\n"),
        "{text}"
    );
    let dir = scratch("marks-xd");
    let path = dir.join("t.xd");
    std::fs::write(&path, &text).unwrap();
    let read = run_python(
        r#"
import json, sys, xdformat
xd = xdformat.xdfile(open(sys.argv[1], encoding='utf-8').read(), sys.argv[1])
print(json.dumps({
    'rebus': xd.rebus(),
    'special': xd.get_header('Special'),
    'grid': xd.grid,
    'answers': [[d, n, a] for d, n, a in xd.iteranswers()],
}))
"#,
        &[path.to_str().unwrap()],
    );
    let read: Value = serde_json::from_str(&read).unwrap();
    assert_eq!(read["rebus"], serde_json::json!({"1": "CAT", "2": "STAR"}));
    assert_eq!(read["special"], "circle");
    assert_eq!(read["grid"][0], "#aDDS");
    // xdformat spells each answer out from the grid and the rebus table;
    // ours must agree, clue by clue.
    for entry in read["answers"].as_array().unwrap() {
        let direction = match entry[0].as_str().unwrap() {
            "A" => Direction::Across,
            _ => Direction::Down,
        };
        let number = entry[1].as_u64().unwrap() as u32;
        assert_eq!(
            answer(&puzzle, number, direction),
            entry[2].as_str().unwrap().to_uppercase()
        );
    }
}

#[test]
fn the_pdf_sets_rebus_text_in_the_solution() {
    let bytes = pdf(
        &themed(),
        &PdfOptions {
            paper: Paper::Letter,
            solution: true,
        },
    )
    .unwrap();
    let dir = scratch("marks-pdf");
    let path = dir.join("t.pdf");
    std::fs::write(&path, &bytes).unwrap();
    let text = run_python(
        "import sys, pypdf\nprint(pypdf.PdfReader(sys.argv[1]).pages[1].extract_text())",
        &[path.to_str().unwrap()],
    );
    for rebus in ["CAT", "R2D2", "STAR"] {
        assert!(text.contains(rebus), "{rebus} not in {text}");
    }
    // Same puzzle, same bytes.
    assert_eq!(
        pdf(
            &themed(),
            &PdfOptions {
                paper: Paper::Letter,
                solution: true
            }
        )
        .unwrap(),
        bytes
    );
}
