//! Barred grids: bars in the grid model and its text notation, slots and
//! numbers read independently of `Grid::slots`, fills, the terminal and
//! text drawings, the formats that carry bars (.ipuz, .jpz, read back here
//! and by independent readers) and the ones that refuse them (.puz, .xd).

use std::collections::{BTreeSet, HashSet};

use crate::common::python::run_python;
use crate::common::*;
use cruciverb::formats::{ipuz, jpz};
use cruciverb::grid::{Bars, Cell, Direction, Grid, Side};
use cruciverb::puzzle::Puzzle;
use cruciverb::wordlist::embedded::default_list;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::Value;

/// A word of the grid as (direction, cells), found without `Grid::slots`:
/// cells are joined to their right (below) neighbour unless a block or a bar
/// separates them, and each group of joined cells is one run. Runs shorter
/// than `min_len` are not words.
pub(crate) fn words_by_joining(
    grid: &Grid,
    min_len: usize,
) -> BTreeSet<(Direction, Vec<(usize, usize)>)> {
    let mut words = BTreeSet::new();
    for direction in [Direction::Across, Direction::Down] {
        let (lines, along) = match direction {
            Direction::Across => (grid.height(), grid.width()),
            Direction::Down => (grid.width(), grid.height()),
        };
        for line in 0..lines {
            let at = |i: usize| match direction {
                Direction::Across => (line, i),
                Direction::Down => (i, line),
            };
            let joined = |i: usize| {
                let ((r, c), (nr, nc)) = (at(i), at(i + 1));
                let bar = match direction {
                    Direction::Across => grid.bars(r, c).right,
                    Direction::Down => grid.bars(r, c).below,
                };
                grid.is_white(r, c) && grid.is_white(nr, nc) && !bar
            };
            let mut run = Vec::new();
            for i in 0..along {
                if grid.is_white(at(i).0, at(i).1) {
                    run.push(at(i));
                }
                if i + 1 == along || !joined(i) {
                    if run.len() >= min_len {
                        words.insert((direction, std::mem::take(&mut run)));
                    }
                    run.clear();
                }
            }
        }
    }
    words
}

fn slot_words(grid: &Grid, min_len: usize) -> BTreeSet<(Direction, Vec<(usize, usize)>)> {
    grid.slots(min_len)
        .iter()
        .map(|s| (s.direction, s.cells().collect()))
        .collect()
}

fn barred6() -> Grid {
    grid_file("barred6.txt")
}

#[test]
fn bars_end_words_as_an_independent_reading_of_the_grid_finds() {
    let grid = barred6();
    assert!(grid.is_barred());
    assert_eq!(slot_words(&grid, 2), words_by_joining(&grid, 2));
    let slots: Vec<(u32, Direction, usize, usize, usize)> = grid
        .slots(2)
        .iter()
        .map(|s| (s.number, s.direction, s.row, s.col, s.len))
        .collect();
    use Direction::{Across as A, Down as D};
    assert_eq!(
        slots,
        [
            (1, A, 0, 0, 3),
            (4, A, 0, 3, 3),
            (7, A, 1, 0, 6),
            (8, A, 2, 0, 3),
            (9, A, 2, 3, 3),
            (10, A, 3, 0, 6),
            (13, A, 4, 0, 3),
            (14, A, 4, 3, 3),
            (15, A, 5, 0, 6),
            (1, D, 0, 0, 3),
            (2, D, 0, 1, 6),
            (3, D, 0, 2, 3),
            (4, D, 0, 3, 6),
            (5, D, 0, 4, 3),
            (6, D, 0, 5, 6),
            (10, D, 3, 0, 3),
            (11, D, 3, 2, 3),
            (12, D, 3, 4, 3),
        ]
    );
    // Random grids with blocks and bars, every minimum length.
    let mut rng = StdRng::seed_from_u64(34);
    for case in 0..2000 {
        let (w, h) = (rng.random_range(3..=13), rng.random_range(3..=13));
        let mut grid = Grid::empty(w, h).unwrap();
        for r in 0..h {
            for c in 0..w {
                if rng.random_bool(0.15) {
                    grid.set(r, c, Cell::Block);
                }
                grid.set_bars(
                    r,
                    c,
                    Bars {
                        right: rng.random_bool(0.2),
                        below: rng.random_bool(0.2),
                    },
                );
            }
        }
        for min_len in 1..=4 {
            assert_eq!(
                slot_words(&grid, min_len),
                words_by_joining(&grid, min_len),
                "case {case}, min {min_len}:\n{}",
                grid.to_text()
            );
        }
        // Numbers: every cell starting a word, in reading order.
        let numbers = grid.clue_numbers(2);
        let starts: BTreeSet<(usize, usize)> = words_by_joining(&grid, 2)
            .iter()
            .map(|(_, cells)| cells[0])
            .collect();
        let numbered: Vec<(usize, usize)> = (0..h * w)
            .filter(|&i| numbers[i] > 0)
            .map(|i| (i / w, i % w))
            .collect();
        assert_eq!(numbered, starts.iter().copied().collect::<Vec<_>>());
        assert!(numbered
            .iter()
            .enumerate()
            .all(|(i, &(r, c))| numbers[r * w + c] == i as u32 + 1));
        // The text form keeps everything, bars on the edge never stored.
        let back = Grid::parse_text(&grid.to_text(), "t").unwrap();
        assert_eq!(back, grid, "case {case}");
        assert!((0..h).all(|r| !grid.bars(r, w - 1).right));
        assert!((0..w).all(|c| !grid.bars(h - 1, c).below));
    }
}

#[test]
fn the_text_notation_names_each_bar_by_its_cell_and_side() {
    let grid = barred6();
    assert_eq!(
        grid.to_text(),
        "......\n......\n......\n......\n......\n......\n\n\
         bars: 1,3=R 3,1=B 3,3=RB 3,5=B 5,3=R\n"
    );
    // Left and top name the neighbour's right and lower bars; case is free.
    let same = "......\n".repeat(6) + "\nbars: 1,4=L 4,1=t 3,3=b 3,4=l 4,5=T\nbars: 5,4=L\n";
    assert_eq!(Grid::parse_text(&same, "same.txt").unwrap(), grid);
    // With marks, the bars come first.
    let marked = "ABC\n...\n...\n\nbars: 1,1=R\ncircled: 2,2\n";
    let (g, marks) = cruciverb::grid::parse_marked_text(marked, "m.txt").unwrap();
    assert_eq!(cruciverb::grid::marked_text(&g, &marks), marked);
    // A transposed grid swaps right and lower bars (this one is its own
    // mirror in the diagonal).
    assert_eq!(grid.transposed(), grid);
    let wide = Grid::parse_text("....\n....\n....\n\nbars: 1,1=R 2,4=B\n", "w").unwrap();
    assert_eq!(
        wide.transposed().to_text(),
        "...\n...\n...\n...\n\nbars: 1,1=B 4,2=R\n"
    );
}

#[test]
fn bad_bars_are_named_with_their_line() {
    let dir = scratch("barred-bad");
    let cases = [
        ("bars: 1,3=R 2,6=R", "bad.txt:5: bar \"2,6=R\": the right side of cell 2,6 is the grid's edge, where a bar divides nothing"),
        ("bars: 1,1=T", "bad.txt:5: bar \"1,1=T\": the upper side of cell 1,1 is the grid's edge, where a bar divides nothing"),
        ("bars: 1,1=X", "bad.txt:5: bar \"1,1=X\": 'X' is not a side (expected R right, B below, L left, T top)"),
        ("bars: 1,1", "bad.txt:5: \"1,1\" is not a bar (expected ROW,COL=SIDES, like 2,5=R; sides R, B, L, T)"),
        ("bars: 1,1=", "bad.txt:5: bar \"1,1=\" names no side (R, B, L or T)"),
        ("bars: 4,1=R", "bad.txt:5: cell 4,1 is outside the grid, which has 3 rows and 6 columns"),
        ("barz: 1,1=R", "bad.txt:5: unknown mark kind \"barz\" (expected bars, circled, shaded or rebus)"),
    ];
    for (line, message) in cases {
        let path = dir.join("bad.txt");
        std::fs::write(&path, format!("......\n......\n......\n\n{line}\n")).unwrap();
        let out = run(&["show", path.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(2), "{line}");
        assert_eq!(
            stderr(&out),
            format!("cruciverb: error: {}{message}\n", dir.join("").display()),
            "{line}"
        );
    }
}

#[test]
fn show_draws_bars_heavy() {
    let out = run(&["show", data("grids/barred6.txt").to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    let lines: Vec<String> = stdout(&out).lines().map(str::to_string).collect();
    assert_eq!(lines[1], "│1  │2  │3  ┃4  │5  │6  │");
    assert_eq!(lines[6], "├━━━┼───┼━━━┼───┼━━━┼───┤");
    assert_eq!(lines[5], "│8  │   │   ┃9  │   │   │");
}

/// Every word of the filled grid, read by [`words_by_joining`].
pub(crate) fn filled_words(grid: &Grid) -> Vec<String> {
    words_by_joining(grid, 2)
        .iter()
        .map(|(_, cells)| {
            cells
                .iter()
                .map(|&(r, c)| match grid.get(r, c) {
                    Cell::Letter(b) => b as char,
                    _ => '?',
                })
                .collect()
        })
        .collect()
}

#[test]
fn a_barred_grid_fills_with_list_words_keeping_its_bars_and_letters() {
    let dir = scratch("barred-fill");
    let start = barred6();
    let (list, _) = default_list().unwrap();
    for (name, text) in [
        ("open.txt", start.to_text()),
        // Fixed letters: ARRIVE across row 2.
        (
            "fixed.txt",
            start
                .to_text()
                .replacen("......\n......", "......\nARRIVE", 1),
        ),
    ] {
        let path = dir.join(name);
        std::fs::write(&path, &text).unwrap();
        let given = Grid::parse_text(&text, name).unwrap();
        let out = run(&["fill", path.to_str().unwrap(), "--seed", "3"]);
        assert!(out.status.success(), "{name}: {}", stderr(&out));
        let printed = stdout(&out);
        let grid_text: String = printed.split("mean score").next().unwrap().to_string();
        let filled = Grid::parse_text(&grid_text, "out").unwrap();
        assert_eq!(
            (0..6)
                .flat_map(|r| (0..6).map(move |c| (r, c)))
                .map(|(r, c)| filled.bars(r, c))
                .collect::<Vec<_>>(),
            (0..6)
                .flat_map(|r| (0..6).map(move |c| (r, c)))
                .map(|(r, c)| given.bars(r, c))
                .collect::<Vec<_>>(),
        );
        for r in 0..6 {
            for c in 0..6 {
                match (given.get(r, c), filled.get(r, c)) {
                    (Cell::Letter(a), Cell::Letter(b)) => assert_eq!(a, b),
                    (Cell::Empty, Cell::Letter(_)) => {}
                    (a, b) => panic!("{name}: {r},{c}: {a:?} became {b:?}"),
                }
            }
        }
        let words = filled_words(&filled);
        assert_eq!(words.len(), 18);
        for w in &words {
            assert!(list.get(w).is_some(), "{name}: {w} is not in the list");
        }
        assert_eq!(words.iter().collect::<HashSet<_>>().len(), 18, "{words:?}");
    }
}

/// The barred 6×6 filled, with clues and enumerations, as `clues` leaves it.
fn clued_barred_puzzle(dir: &ScratchDir) -> (std::path::PathBuf, Puzzle) {
    let grid = dir.join("g.txt");
    std::fs::write(&grid, barred6().to_text()).unwrap();
    let filled = dir.join("g.ipuz");
    let out = run(&[
        "fill",
        grid.to_str().unwrap(),
        "--out",
        filled.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let out = run(&["clues", filled.to_str().unwrap(), "--force"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let puzzle = ipuz::load(&filled).unwrap();
    (filled, puzzle)
}

#[test]
fn barred_clues_carry_enumerations_and_every_answer_is_a_run() {
    let dir = scratch("barred-clues");
    let (_, puzzle) = clued_barred_puzzle(&dir);
    assert_eq!(puzzle.clues.len(), 18);
    let slots = puzzle.grid.slots(puzzle.min_slot);
    for (clue, slot) in puzzle.clues.iter().zip(&slots) {
        assert_eq!(clue.enumeration, slot.len.to_string(), "{}", clue.answer);
        assert_eq!(Some(clue.answer.clone()), puzzle.grid.entry(slot));
    }
}

#[test]
fn ipuz_and_jpz_carry_bars_there_and_back_and_others_read_them() {
    let dir = scratch("barred-formats");
    let (ipuz_path, puzzle) = clued_barred_puzzle(&dir);
    assert_eq!(
        puzzle.grid.to_text().lines().last().unwrap(),
        "bars: 1,3=R 3,1=B 3,3=RB 3,5=B 5,3=R"
    );
    // ipuz: each bar once, as its cell's right or lower side.
    let text = std::fs::read_to_string(&ipuz_path).unwrap();
    let raw: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(
        raw["puzzle"][0][2],
        serde_json::json!({"cell": 3, "style": {"barred": "R"}})
    );
    assert_eq!(
        raw["puzzle"][2][2],
        serde_json::json!({"cell": 0, "style": {"barred": "RB"}})
    );
    assert_eq!(ipuz::read(&ipuz::write(&puzzle), "again").unwrap(), puzzle);
    // The ipuz library reads the same styles.
    let read = run_python(
        r#"
import json, sys, ipuz
doc = ipuz.read(open(sys.argv[1], encoding='utf-8').read())
bars = {}
for r, row in enumerate(doc['puzzle']):
    for c, cell in enumerate(row):
        if isinstance(cell, dict) and 'barred' in cell.get('style', {}):
            bars['%d,%d' % (r + 1, c + 1)] = cell['style']['barred']
print(json.dumps(bars, sort_keys=True))
"#,
        &[ipuz_path.to_str().unwrap()],
    );
    let read: Value = serde_json::from_str(&read).unwrap();
    assert_eq!(
        read,
        serde_json::json!({"1,3": "R", "3,1": "B", "3,3": "RB", "3,5": "B", "5,3": "R"})
    );
    // Other tools may name a bar from either side, on a style by name.
    let other = text
        .replace(
            r#"{"cell": 3, "style": {"barred": "R"}}, 4"#,
            r#"3, {"cell": 4, "style": "left"}"#,
        )
        .replacen(
            "\"block\"",
            "\"styles\": {\"left\": {\"barred\": \"L\"}},\n  \"block\"",
            1,
        );
    assert!(other.contains("\"style\": \"left\""));
    assert_eq!(ipuz::read(&other, "other.ipuz").unwrap().grid, puzzle.grid);
    let bad = text.replace(r#"{"barred": "R"}"#, r#"{"barred": "RX"}"#);
    assert_eq!(
        ipuz::read(&bad, "bad.ipuz").unwrap_err().to_string(),
        "bad.ipuz: puzzle row 1, column 3: a style's \"barred\" is \"RX\", expected the letters of the barred sides (T, R, B, L)"
    );

    // jpz: right-bar and bottom-bar on the cells, read back the same.
    let jpz_text = jpz::write(&puzzle).unwrap();
    assert!(
        jpz_text.contains("<cell x=\"3\" y=\"1\" solution=\"")
            && jpz_text.contains("number=\"3\" right-bar=\"true\"/>")
    );
    assert!(jpz_text.contains("right-bar=\"true\" bottom-bar=\"true\"/>"));
    assert_eq!(jpz::read(jpz_text.as_bytes(), "t.jpz").unwrap(), puzzle);
    let jpz_path = dir.join("t.jpz");
    std::fs::write(&jpz_path, &jpz_text).unwrap();
    let read = run_python(
        r#"
import sys, json, xml.etree.ElementTree as ET
ns = {'p': 'http://crossword.info/xml/rectangular-puzzle'}
root = ET.parse(sys.argv[1]).getroot()
bars = {}
for c in root.findall('.//p:grid/p:cell', ns):
    sides = ''.join(s for s, a in [('R', 'right-bar'), ('B', 'bottom-bar')] if c.get(a) == 'true')
    if sides:
        bars[c.get('y') + ',' + c.get('x')] = sides
print(json.dumps(bars, sort_keys=True))
"#,
        &[jpz_path.to_str().unwrap()],
    );
    let read: Value = serde_json::from_str(&read).unwrap();
    assert_eq!(
        read,
        serde_json::json!({"1,3": "R", "3,1": "B", "3,3": "RB", "3,5": "B", "5,3": "R"})
    );
    // Crossword Compiler's left and top bars are the neighbours' bars.
    let from_left = jpz_text.replace(
        " right-bar=\"true\"/>\n        <cell x=\"4\" y=\"1\"",
        "/>\n        <cell x=\"4\" y=\"1\" left-bar=\"true\"",
    );
    assert!(from_left.contains("left-bar"));
    assert_eq!(jpz::read(from_left.as_bytes(), "l.jpz").unwrap(), puzzle);
}

#[test]
fn puz_and_xd_refuse_a_barred_grid_in_one_line() {
    let dir = scratch("barred-refuse");
    let (ipuz_path, _) = clued_barred_puzzle(&dir);
    for format in ["puz", "xd"] {
        let out_path = dir.join(&format!("t.{format}"));
        let out = run(&[
            "export",
            ipuz_path.to_str().unwrap(),
            "--to",
            format,
            "-o",
            out_path.to_str().unwrap(),
        ]);
        assert_eq!(out.status.code(), Some(2));
        assert_eq!(
            stderr(&out),
            format!(
                "cruciverb: error: cannot write .{format}: the grid has bars, which .{format} cannot hold; write it as .ipuz or .jpz\n"
            )
        );
        assert!(!out_path.exists());
    }
    // Plain text draws them.
    let txt = dir.join("t.txt");
    let out = run(&[
        "export",
        ipuz_path.to_str().unwrap(),
        "--to",
        "txt",
        "-o",
        txt.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = std::fs::read_to_string(&txt).unwrap();
    assert!(text.contains("|1  |2  |3  ‖4  |5  |6  |\n"), "{text}");
    assert!(text.contains("+===+---+===+---+===+---+\n"), "{text}");
}

#[test]
fn sides_name_their_letters() {
    for side in Side::ALL {
        assert_eq!(Side::from_letter(side.letter()), Some(side));
        assert_eq!(
            Side::from_letter(side.letter().to_ascii_lowercase()),
            Some(side)
        );
    }
    assert_eq!(Side::from_letter('x'), None);
}

#[test]
fn make_barred_writes_a_clued_barred_puzzle_as_ipuz_jpz_and_pdf() {
    let dir = scratch("barred-make");
    let out_dir = dir.join("out");
    let out = run(&[
        "make",
        "--style",
        "barred",
        "--size",
        "12",
        "--seed",
        "3",
        "--out-dir",
        out_dir.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let names: BTreeSet<String> = std::fs::read_dir(&out_dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(
        names,
        BTreeSet::from(
            ["cruciverb-3.ipuz", "cruciverb-3.jpz", "cruciverb-3.pdf"].map(String::from)
        )
    );
    let puzzle = ipuz::load(&out_dir.join("cruciverb-3.ipuz")).unwrap();
    assert!(puzzle.grid.is_barred());
    assert_eq!(puzzle.title, "Barred Crossword No. 3");
    let jpz_bytes = std::fs::read(out_dir.join("cruciverb-3.jpz")).unwrap();
    assert_eq!(jpz::read(&jpz_bytes, "t.jpz").unwrap(), puzzle);
    // Every light a list word with a clue and its enumeration, none twice,
    // every cell in a light, and the grid's rows without a block.
    let (list, _) = default_list().unwrap();
    let words = filled_words(&puzzle.grid);
    assert_eq!(words.len(), puzzle.clues.len());
    assert_eq!(words.iter().collect::<HashSet<_>>().len(), words.len());
    let slots = puzzle.grid.slots(puzzle.min_slot);
    for (clue, slot) in puzzle.clues.iter().zip(&slots) {
        assert!(list.get(&clue.answer).is_some(), "{}", clue.answer);
        assert!(!clue.text.is_empty(), "{}", clue.answer);
        assert_eq!(
            cruciverb::puzzle::enumeration_length(&clue.enumeration),
            Some(slot.len),
            "{} ({})",
            clue.answer,
            clue.enumeration
        );
    }
    let grid = &puzzle.grid;
    assert!((0..12).all(|r| (0..12).all(|c| grid.is_white(r, c))));
    // Printed: the first page lists the clues with their enumerations.
    let text = run_python(
        "import sys, pypdf\nprint(pypdf.PdfReader(sys.argv[1]).pages[0].extract_text())",
        &[out_dir.join("cruciverb-3.pdf").to_str().unwrap()],
    );
    let first = &puzzle.clues[0];
    assert!(text.contains(&format!("({})", first.enumeration)), "{text}");
    // A theme is seated in blocked grids only, for now.
    let theme = dir.join("t.txt");
    std::fs::write(&theme, "EXAMPLE\n").unwrap();
    let out = run(&[
        "make",
        "--style",
        "barred",
        "--theme",
        theme.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        "cruciverb: error: --theme does not take --style barred yet: themes are seated in blocked grids\n"
    );
}
