//! The filler: every fill re-checked independently; unfillable and timed-out
//! searches reported as such.

mod common;

use std::collections::HashSet;
use std::time::Duration;

use common::*;
use cruciverb::fill::{fill, FillOptions, Outcome};
use cruciverb::grid::{Cell, Grid};
use cruciverb::wordlist::index::Index;
use cruciverb::wordlist::WordList;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Words of the grid's runs of 2+ cells, read straight off the cells.
fn runs(grid: &Grid) -> Vec<String> {
    let mut out = Vec::new();
    let mut scan = |cells: Vec<Cell>| {
        for piece in cells.split(|c| *c == Cell::Block) {
            if piece.len() >= 2 {
                out.push(
                    piece
                        .iter()
                        .map(|c| match c {
                            Cell::Letter(b) => *b as char,
                            _ => '?',
                        })
                        .collect(),
                );
            }
        }
    };
    for r in 0..grid.height() {
        scan((0..grid.width()).map(|c| grid.get(r, c)).collect());
    }
    for c in 0..grid.width() {
        scan((0..grid.height()).map(|r| grid.get(r, c)).collect());
    }
    out
}

/// A fill is valid when every cell of the pattern holds a letter, fixed
/// letters are kept, every word is in the list and none repeats.
fn assert_valid_fill(start: &Grid, filled: &Grid, list: &WordList) {
    assert_eq!(
        (start.width(), start.height()),
        (filled.width(), filled.height())
    );
    for r in 0..start.height() {
        for c in 0..start.width() {
            match (start.get(r, c), filled.get(r, c)) {
                (Cell::Block, Cell::Block) | (Cell::Empty, Cell::Letter(_)) => {}
                (Cell::Letter(a), Cell::Letter(b)) => assert_eq!(a, b, "fixed letter at {r},{c}"),
                (a, b) => panic!("cell {r},{c}: {a:?} became {b:?}"),
            }
        }
    }
    let words = runs(filled);
    for w in &words {
        assert!(list.get(w).is_some(), "{w} is not in the list");
    }
    assert_eq!(
        words.iter().collect::<HashSet<_>>().len(),
        words.len(),
        "a word repeats: {words:?}"
    );
}

fn list(text: &str) -> WordList {
    WordList::parse(text, "test").0
}

fn grid(text: &str) -> Grid {
    Grid::parse_text(text, "test").unwrap()
}

#[test]
fn fills_a_small_square_and_keeps_fixed_letters() {
    let words = list("bat;70\nore;60\nwed;50\nbow;80\nare;40\nted;60\ncat;30\nzzz;90\n");
    let index = Index::build(&words, 0);
    let start = grid("...\n...\n...\n");
    let Outcome::Filled(f) = fill(&start, &index, &FillOptions::default()).unwrap() else {
        panic!("no fill")
    };
    assert_valid_fill(&start, &f.grid, &words);
    assert_eq!(f.words.len(), 6);
    let fixed = grid("..T\n...\n...\n");
    let Outcome::Filled(f) = fill(&fixed, &index, &FillOptions::default()).unwrap() else {
        panic!("no fill")
    };
    assert_valid_fill(&fixed, &f.grid, &words);
    assert_eq!(
        f.grid.to_text(),
        "BAT\nORE\nWED\n",
        "the only fill with T in the corner"
    );
}

#[test]
fn reports_unfillable_grids_and_names_slots() {
    // Rows and columns would have to repeat each word.
    let words = list("bit\nice\nten\n");
    let index = Index::build(&words, 0);
    match fill(&grid("...\n...\n...\n"), &index, &FillOptions::default()).unwrap() {
        Outcome::Unfillable { slots } => assert!(!slots.is_empty()),
        other => panic!("expected unfillable, got {other:?}"),
    }
    // A fixed letter no word has in that place: the slot is named at once.
    match fill(&grid("..Q\n...\n...\n"), &index, &FillOptions::default()).unwrap() {
        Outcome::Unfillable { slots } => {
            assert_eq!(slots, vec!["1A".to_string(), "3D".to_string()])
        }
        other => panic!("expected unfillable, got {other:?}"),
    }
    let err = fill(&grid("....\n....\n....\n"), &index, &FillOptions::default())
        .unwrap_err()
        .to_string();
    assert!(err.contains("slot 1A needs a 4-letter word"), "{err}");
}

/// Grids built from a random solution: the filler must find a (possibly
/// different) valid fill among many distractors, for several seeds.
#[test]
fn fills_grids_with_a_planted_solution() {
    let mut rng = StdRng::seed_from_u64(9);
    for (shape, seed) in [
        ("mini5_2corners.txt", 1u64),
        ("square5_open.txt", 2),
        ("mini5_2corners.txt", 3),
    ] {
        let start = Grid::parse_text(
            &std::fs::read_to_string(data(&format!("grids/{shape}"))).unwrap(),
            shape,
        )
        .unwrap();
        let mut solution = start.clone();
        for r in 0..start.height() {
            for c in 0..start.width() {
                if start.get(r, c) == Cell::Empty {
                    solution.set(r, c, Cell::Letter(b'A' + rng.random_range(0..6u8)));
                }
            }
        }
        let mut text: String = runs(&solution)
            .iter()
            .map(|w| format!("{w};60\n"))
            .collect();
        for _ in 0..3000 {
            let len = rng.random_range(2..=5);
            let w: String = (0..len)
                .map(|_| (b'A' + rng.random_range(0..6u8)) as char)
                .collect();
            text += &format!("{w};{}\n", rng.random_range(0..=100));
        }
        let words = list(&text);
        let index = Index::build(&words, 0);
        let options = FillOptions {
            seed,
            ..FillOptions::default()
        };
        match fill(&start, &index, &options).unwrap() {
            Outcome::Filled(f) => assert_valid_fill(&start, &f.grid, &words),
            other => panic!("{shape}: {other:?}"),
        }
    }
}

#[test]
fn gives_up_at_the_time_limit() {
    let mut rng = StdRng::seed_from_u64(4);
    let text: String = (0..20000)
        .map(|_| {
            let len = rng.random_range(3..=15);
            (0..len)
                .map(|_| (b'A' + rng.random_range(0..26u8)) as char)
                .collect::<String>()
                + "\n"
        })
        .collect();
    let words = list(&text);
    let index = Index::build(&words, 0);
    let start = Grid::parse_text(
        &std::fs::read_to_string(data("grids/ingrid_readme.txt")).unwrap(),
        "g",
    )
    .unwrap();
    let options = FillOptions {
        timeout: Some(Duration::from_millis(200)),
        ..FillOptions::default()
    };
    // Random letters make a 72-word grid hopeless, but not quickly provably so.
    match fill(&start, &index, &options).unwrap() {
        Outcome::GaveUp { after } => {
            assert!(after >= Duration::from_millis(200) && after < Duration::from_secs(5))
        }
        other => panic!("expected to give up, got {other:?}"),
    }
}

#[test]
fn fill_command_prints_the_grid_or_says_why_not() {
    let dir = scratch("fill-cli");
    let cache = dir.join("cache");
    let run = |args: &[&str]| run_env(args, &[("CRUCIVERB_CACHE_DIR", cache.to_str().unwrap())]);
    let words = dir.join("w.txt");
    std::fs::write(&words, "bat;70\nore;60\nwed;50\nbow;80\nare;40\nted;60\n").unwrap();
    let g = dir.join("g.txt");
    std::fs::write(&g, "..T\n...\n...\n").unwrap();
    let out = run(&[
        "fill",
        g.to_str().unwrap(),
        "--wordlist",
        words.to_str().unwrap(),
        "--min-score",
        "0",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "BAT\nORE\nWED\nmean score 60.0, lowest 40\n");
    let q = dir.join("q.txt");
    std::fs::write(&q, "..Q\n...\n...\n").unwrap();
    let out = run(&[
        "fill",
        q.to_str().unwrap(),
        "--wordlist",
        words.to_str().unwrap(),
        "--min-score",
        "0",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).starts_with("unfillable: "), "{}", stderr(&out));
    let out = run(&[
        "fill",
        q.to_str().unwrap(),
        "--wordlist",
        words.to_str().unwrap(),
        "--timeout",
        "-1",
    ]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn fills_an_american_15x15_from_the_embedded_list() {
    let (words, _) = cruciverb::wordlist::embedded::default_list().unwrap();
    let mut words = words;
    words.retain_min_score(50);
    let index = Index::build(&words, 0);
    let start = Grid::parse_text(
        &std::fs::read_to_string(data("grids/ingrid_readme.txt")).unwrap(),
        "g",
    )
    .unwrap();
    let options = FillOptions {
        seed: 5,
        timeout: Some(Duration::from_secs(60)),
        ..FillOptions::default()
    };
    match fill(&start, &index, &options).unwrap() {
        Outcome::Filled(f) => {
            assert_valid_fill(&start, &f.grid, &words);
            assert_eq!(f.words.len(), 72);
            assert!(f.lowest_score() >= 50);
        }
        other => panic!("expected a fill, got {other:?}"),
    }
}

#[test]
fn fill_caches_the_index_and_rebuilds_a_damaged_cache() {
    let dir = scratch("fill-cache");
    let words = dir.join("w.txt");
    std::fs::write(&words, "bat;70\nore;60\nwed;50\nbow;80\nare;40\nted;60\n").unwrap();
    let g = dir.join("g.txt");
    std::fs::write(&g, "..T\n...\n...\n").unwrap();
    let cache = dir.join("cache");
    let env = [("CRUCIVERB_CACHE_DIR", cache.to_str().unwrap())];
    let args = [
        "fill",
        g.to_str().unwrap(),
        "--wordlist",
        words.to_str().unwrap(),
        "--min-score",
        "0",
    ];
    let first = run_env(&args, &env);
    assert_eq!(
        stdout(&first),
        "BAT\nORE\nWED\nmean score 60.0, lowest 40\n",
        "{}",
        stderr(&first)
    );
    let files: Vec<_> = std::fs::read_dir(&cache)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(files.len(), 1);
    let saved = std::fs::read(&files[0]).unwrap();
    // Cached run: same answer. Damaged cache: same answer, and a good file again.
    assert_eq!(stdout(&run_env(&args, &env)), stdout(&first));
    std::fs::write(&files[0], &saved[..saved.len() / 2]).unwrap();
    assert_eq!(stdout(&run_env(&args, &env)), stdout(&first));
    assert_eq!(std::fs::read(&files[0]).unwrap(), saved);
    // Another minimum score is another index.
    let mut stricter = args.to_vec();
    stricter[5] = "50";
    let out = run_env(&stricter, &env);
    assert_eq!(
        out.status.code(),
        Some(1),
        "without ARE (40) the corner cannot be filled"
    );
    assert_eq!(std::fs::read_dir(&cache).unwrap().count(), 2);
}
