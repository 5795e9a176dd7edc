//! Regex crossword benchmarks: solving each of the 84 published puzzles of
//! `tests/data/regex/puzzles.json` to completion (all solutions, target
//! ≤ 50 ms each), the 13-row MIT hexagon with 39 regexes named separately.
//!
//! `cargo bench --bench regex`; each time is the median of 11 runs and
//! includes building the automata, not reading the file.

mod common;
use common::median;

use std::time::{Duration, Instant};

use cruciverb::progress::Deadline;
use cruciverb::puzzles::regex::{solve, Puzzle};
use serde_json::Value;

const RUNS: usize = 11;

fn family(entry: &Value, key: &str) -> Vec<Vec<String>> {
    serde_json::from_value(entry[key].clone()).expect("a list of regex lists")
}

fn puzzle_of(entry: &Value) -> Puzzle {
    let built = if entry["shape"] == "hex" {
        let families = ["horizontal", "se_to_nw", "ne_to_sw"].map(|k| family(entry, k));
        Puzzle::hex(families, None, None)
    } else {
        Puzzle::rect(
            family(entry, "row_regexes"),
            family(entry, "col_regexes"),
            None,
            None,
        )
    };
    built.expect("a valid pack puzzle")
}

/// Median time to find every solution, starting from the regex sources.
fn time_solving(entry: &Value) -> Duration {
    let times = (0..RUNS)
        .map(|_| {
            let start = Instant::now();
            let solutions = solve(&puzzle_of(entry), 100_000, &Deadline::never());
            assert!(!solutions.found.is_empty());
            start.elapsed()
        })
        .collect();
    median(times)
}

fn main() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/regex/puzzles.json");
    let text = std::fs::read_to_string(path).expect("the puzzle pack");
    let entries: Vec<Value> = serde_json::from_str(&text).expect("pack JSON");
    let mut results: Vec<(Duration, String)> = entries
        .iter()
        .map(|e| {
            (
                time_solving(e),
                e["name"].as_str().unwrap_or("?").to_string(),
            )
        })
        .collect();
    let total: Duration = results.iter().map(|(t, _)| *t).sum();
    if let Some((t, _)) = results.iter().find(|(_, name)| name == "MIT") {
        println!(
            "MIT 13-row hexagon (39 regexes): {:.2} ms",
            t.as_secs_f64() * 1e3
        );
    }
    results.sort();
    println!("slowest puzzles (median of {RUNS} runs):");
    for (t, name) in results.iter().rev().take(5) {
        println!("  {name:<40} {:.2} ms", t.as_secs_f64() * 1e3);
    }
    let middle = results[results.len() / 2].0;
    println!(
        "all {} puzzles: {:.1} ms in total, median {:.2} ms per puzzle",
        results.len(),
        total.as_secs_f64() * 1e3,
        middle.as_secs_f64() * 1e3
    );
}
