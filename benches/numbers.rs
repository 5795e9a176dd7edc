//! Number crossword benchmark: deciding `examples/numbers/listener.json`
//! (27 clues, ten letters over the first ten primes, English and German
//! spellings), that is finding every solution and proving there are no
//! others, through the library (from the JSON text) and through the release
//! binary (a whole process, reading the file). Target ≤ 50 ms median.
//!
//! `cargo bench --bench numbers`; each time is the median of 21 runs.

mod common;
use common::timed;

use std::path::PathBuf;
use std::process::Command;

use cruciverb::progress::Deadline;
use cruciverb::puzzles::numbers::{solve, Puzzle};

const RUNS: usize = 21;

fn main() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/numbers/listener.json");
    let text = std::fs::read_to_string(&path).expect("the example puzzle");
    let (count, library) = timed(RUNS, || {
        let puzzle = Puzzle::from_json(&text, "listener.json").expect("a valid puzzle");
        let solutions = solve(&puzzle, usize::MAX, &Deadline::never());
        assert!(solutions.complete);
        solutions.found.len()
    });
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_cruciverb"));
    let (out, binary) = timed(RUNS, || {
        Command::new(&bin)
            .arg("numbers")
            .arg(&path)
            .arg("--count")
            .output()
            .expect("run cruciverb numbers")
    });
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        count.to_string()
    );
    println!("number crossword, median of {RUNS} runs (target ≤ 50 ms):");
    println!("| case | solutions | median |");
    println!("| --- | --- | --- |");
    println!(
        "| library: parse + solve listener.json | {count} | {:.2} ms |",
        library.as_secs_f64() * 1e3
    );
    println!(
        "| binary: `cruciverb numbers listener.json --count` | {count} | {:.2} ms |",
        binary.as_secs_f64() * 1e3
    );
}
