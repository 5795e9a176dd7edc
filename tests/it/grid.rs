//! Grid model, text format, hex round trips, `show`, and bad-input handling.

use std::fs;

use crate::common::*;
use cruciverb::grid::{Cell, Direction, Grid};
use cruciverb::pattern::{hex, Pattern};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

#[test]
fn hex_round_trips_for_random_patterns_of_every_shape() {
    let mut rng = StdRng::seed_from_u64(11);
    for _ in 0..3000 {
        let (w, h) = (rng.random_range(3..=31), rng.random_range(3..=31));
        let rows = (0..h)
            .map(|_| rng.random::<u32>() & ((1u32 << w) - 1))
            .collect();
        let p = Pattern::from_rows(w, h, rows).unwrap();
        let text = hex::encode(&p);
        assert_eq!(hex::decode(&text).unwrap(), p, "{text}");
        let expected_len = (w * h).div_ceil(4) + if w == h { 0 } else { format!("{w}x{h}:").len() };
        assert_eq!(text.len(), expected_len);
        assert_eq!(hex::encode(&hex::decode(&text).unwrap()), text);
    }
}

#[test]
fn crossword_gen_hex_decodes_to_the_known_british_grid() {
    let text = "3EF9C51EBFAFAAF8FE37577BFB9D5CEFEF75763F8FAAFAFEBC51CFBEg";
    assert_eq!(text.len(), 57);
    let p = hex::decode(text).unwrap();
    assert_eq!(Grid::from_pattern(&p), grid_file("british15.txt"));
    assert_eq!(hex::encode(&p), text);
}

#[test]
fn standard_numbering_and_slots() {
    let grid = grid_file("ingrid_readme.txt");
    let slots = grid.slots(2);
    assert_eq!(slots.len(), 72);
    // Numbers increase in reading order, each starting cell numbered once.
    let numbers = grid.clue_numbers(2);
    let nonzero: Vec<u32> = numbers.iter().copied().filter(|&n| n > 0).collect();
    assert_eq!(nonzero, (1..=nonzero.len() as u32).collect::<Vec<_>>());
    for slot in &slots {
        assert_eq!(numbers[slot.row * grid.width() + slot.col], slot.number);
        assert!(slot.cells().all(|(r, c)| grid.is_white(r, c)));
        let (dr, dc) = slot.direction.step();
        let (er, ec) = (slot.row + dr * slot.len, slot.col + dc * slot.len);
        assert!(er >= grid.height() || ec >= grid.width() || !grid.is_white(er, ec));
    }
    let text = fs::read_to_string(data("grids/ingrid_readme.txt")).unwrap();
    let across_words = text
        .lines()
        .flat_map(|l| l.split('#'))
        .filter(|piece| piece.len() >= 2)
        .count();
    assert_eq!(
        slots
            .iter()
            .filter(|s| s.direction == Direction::Across)
            .count(),
        across_words
    );
    // British grid: unchecked one-cell runs are not slots.
    let british = grid_file("british15.txt");
    assert!(british.slots(2).iter().all(|s| s.len >= 3));
    let open = grid_file("square5_open.txt");
    assert_eq!(open.slots(2).len(), 10);
    assert_eq!(open.clue_numbers(2).iter().filter(|&&n| n > 0).count(), 9);
}

#[test]
fn text_grids_round_trip_with_letters() {
    let text = "ab#\n.C.\n#..\n";
    let grid = Grid::parse_text(text, "t").unwrap();
    assert_eq!(grid.get(0, 0), Cell::Letter(b'A'));
    assert_eq!(grid.get(1, 1), Cell::Letter(b'C'));
    assert_eq!(grid.to_text(), "AB#\n.C.\n#..\n");
    assert_eq!(Grid::parse_text(&grid.to_text(), "t").unwrap(), grid);
    assert_eq!(grid.pattern().white_count(), 7);
}

#[test]
fn text_grid_errors_name_line_and_column() {
    let err = Grid::parse_text("...\n..\n...\n", "g.txt")
        .unwrap_err()
        .to_string();
    assert!(err.starts_with("g.txt:2:3: ragged grid"), "{err}");
    let err = Grid::parse_text("...\n.?.\n...\n", "g.txt")
        .unwrap_err()
        .to_string();
    assert!(err.starts_with("g.txt:2:2: unknown character '?'"), "{err}");
    assert!(Grid::parse_text("..\n..\n", "g")
        .unwrap_err()
        .to_string()
        .contains("outside the supported range"));
    assert!(Grid::parse_text("\n\n", "g")
        .unwrap_err()
        .to_string()
        .contains("empty grid"));
}

#[test]
fn show_draws_all_input_kinds() {
    let dir = scratch("show");
    let file = dir.join("p.hex");
    fs::write(&file, "# comment\nFFh\n7FFFFFg\n").unwrap();
    let by_index = stdout(&run(&["show", &format!("{}:2", file.display())]));
    let by_hex = stdout(&run(&["show", "7FFFFFg"]));
    assert_eq!(by_index, by_hex);
    assert_eq!(by_hex.lines().count(), 11);
    assert!(by_hex.starts_with("┌───┬"));
    assert!(by_hex.contains("███"));
    let first = stdout(&run(&["show", file.to_str().unwrap()]));
    assert_eq!(first, stdout(&run(&["show", "FFh"])));
    let grid = stdout(&run(&[
        "show",
        data("grids/mini5_2corners.txt").to_str().unwrap(),
    ]));
    assert!(grid.contains("│1  │"), "{grid}");
}

#[test]
fn bad_input_exits_2_with_one_clear_line() {
    let dir = scratch("bad");
    let ragged = dir.join("ragged.txt");
    fs::write(&ragged, "....\n...\n....\n....\n").unwrap();
    let binary = dir.join("bin.hex");
    fs::write(&binary, [0xff, 0xfe, 0x00, 0x01, b'\n']).unwrap();
    let badhex = dir.join("bad.hex");
    fs::write(&badhex, "FFh\nFFz\n").unwrap();
    let few = format!("{}:5", badhex.display());
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            vec!["show", ragged.to_str().unwrap()],
            "ragged.txt:2:4: ragged grid",
        ),
        (
            vec!["show", binary.to_str().unwrap()],
            "bin.hex:1: not text",
        ),
        (
            vec!["patterns", "stats", badhex.to_str().unwrap()],
            "bad.hex:2: hex pattern: bad character 'z'",
        ),
        (vec!["show", &few], "bad.hex:2"),
        (vec!["show", "FFF"], "not a square"),
        (vec!["show", "missing/grid.txt"], "no such file"),
        (
            vec!["patterns", "--min-word", "4", "--max-word", "3"],
            "impossible rules: --max-word 3 is below --min-word 4",
        ),
        (
            vec!["patterns", "--size", "5", "--min-word", "6"],
            "impossible rules",
        ),
        (
            vec!["patterns", "--blacks", "50..40"],
            "impossible rules: --blacks 50..40",
        ),
        (vec!["patterns", "--shard", "4/3"], "bad shard"),
        (
            vec!["patterns", "--size", "40"],
            "outside the supported range",
        ),
        (vec!["patterns", "--resume"], "--resume needs --out"),
        (
            vec!["patterns", "--threads", "0"],
            "expected a number of threads from 1 to 1024",
        ),
    ];
    for (args, message) in cases {
        let out = run(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        let err = stderr(&out);
        assert!(err.contains(message), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        if args[0] == "show" || args[1] == "stats" {
            assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        }
    }
}

/// Turning a grid swaps rows for columns: twice is the grid itself, and
/// each slot across becomes the same slot down with the same letters.
#[test]
fn a_transposed_grid_swaps_across_and_down() {
    let grid = Grid::parse_text("AB.#\n..C.\n#D..\n", "t").unwrap();
    let turned = grid.transposed();
    assert_eq!((turned.width(), turned.height()), (3, 4));
    assert_eq!(turned.transposed().to_text(), grid.to_text());
    assert_eq!(turned.to_text(), "A.#\nB.D\n.C.\n#..\n");
    let key = |g: &Grid, s: &cruciverb::grid::Slot, flip: bool| {
        let across = (s.direction == Direction::Across) != flip;
        let (r, c) = if flip { (s.col, s.row) } else { (s.row, s.col) };
        (r, c, across, s.len, g.letters(s))
    };
    let mut before: Vec<_> = grid.slots(2).iter().map(|s| key(&grid, s, false)).collect();
    let mut after: Vec<_> = turned
        .slots(2)
        .iter()
        .map(|s| key(&turned, s, true))
        .collect();
    before.sort();
    after.sort();
    assert_eq!(before, after);
}
