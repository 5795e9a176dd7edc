//! Themed puzzles end to end: `cruciverb make --theme` through the release
//! binary for the example theme sets in `examples/themes/`, the shapes the
//! themed-puzzle issue names (15/15/15, 11/11/13 with a 13-letter revealer
//! and 9/9/9/9 at 15×15; 21/21/21/19/19 at 21×21), seeds 1–11 each. Each
//! set's median and slowest run are reported, with how many runs ended
//! without a puzzle (exit 1) and the fewest, most and median blocks of the
//! puzzles made (published grids: 16–18% of the cells). With `BENCH_COUNT=1` it also times
//! `patterns --theme examples/themes/time.txt --count` (minutes: the exact
//! number of seatings of three 15s under the American rules).
//!
//! `cargo bench --bench theme`

mod common;
use common::median;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// One `make --theme` run: its time and the blocks of its puzzle, if it
/// made one.
fn make(bin: &Path, dir: &Path, theme: &str, size: &str, seed: u64) -> (Duration, Option<usize>) {
    let start = Instant::now();
    let out = Command::new(bin)
        .args(["make", "--theme", theme, "--size", size, "--seed"])
        .arg(seed.to_string())
        .args(["--force", "--out-dir"])
        .arg(dir)
        .env("CRUCIVERB_CACHE_DIR", dir.join("cache"))
        .output()
        .expect("run cruciverb make");
    let elapsed = start.elapsed();
    match out.status.code() {
        Some(0) => (elapsed, Some(blocks(&out.stdout, size))),
        Some(1) => (elapsed, None),
        _ => panic!(
            "make --theme {theme} --seed {seed}: {}",
            String::from_utf8_lossy(&out.stderr)
        ),
    }
}

/// The blocks of the solution grid `make` prints: the lines as wide as the
/// grid made of letters and `#`.
fn blocks(stdout: &[u8], size: &str) -> usize {
    let width: usize = size.parse().expect("a square size");
    String::from_utf8_lossy(stdout)
        .lines()
        .filter(|l| l.len() == width && l.bytes().all(|b| b == b'#' || b.is_ascii_uppercase()))
        .map(|l| l.bytes().filter(|&b| b == b'#').count())
        .sum()
}

fn main() {
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_cruciverb"));
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = std::env::temp_dir().join(format!("cruciverb-bench-theme-{}", std::process::id()));
    let theme = |name: &str| {
        root.join("examples/themes")
            .join(name)
            .display()
            .to_string()
    };
    // The index cache is built once, outside the timings.
    make(&bin, &dir, &theme("time.txt"), "15", 1);
    let sets = [
        ("time.txt", "15", 1..=11u64),
        ("metals.txt", "15", 1..=11),
        ("dogs.txt", "15", 1..=11),
        ("proverbs.txt", "21", 1..=11),
    ];
    for (name, size, seeds) in sets {
        let path = theme(name);
        let runs: Vec<(Duration, Option<usize>)> = seeds
            .map(|seed| make(&bin, &dir, &path, size, seed))
            .collect();
        let failed = runs.iter().filter(|(_, made)| made.is_none()).count();
        let times: Vec<Duration> = runs.iter().map(|(t, _)| *t).collect();
        let slowest = times.iter().max().copied().unwrap_or_default();
        let blocks: Vec<usize> = runs.iter().filter_map(|(_, b)| *b).collect();
        println!(
            "make --theme {name} --size {size}: median of {} {:.2} s, slowest {:.2} s, {failed} without a puzzle; blocks {}–{} (median {})",
            times.len(),
            median(times).as_secs_f64(),
            slowest.as_secs_f64(),
            blocks.iter().min().unwrap_or(&0),
            blocks.iter().max().unwrap_or(&0),
            if blocks.is_empty() { 0 } else { median(blocks.clone()) },
        );
    }
    if std::env::var_os("BENCH_COUNT").is_some() {
        let start = Instant::now();
        let out = Command::new(&bin)
            .args(["patterns", "--theme", &theme("time.txt"), "--count"])
            .output()
            .expect("run cruciverb patterns");
        println!(
            "patterns --theme time.txt --count: {} in {:.1} s",
            String::from_utf8_lossy(&out.stdout).trim(),
            start.elapsed().as_secs_f64()
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
