//! The main job end to end: `cruciverb make` through the release binary,
//! pattern → fill → clues → .ipuz/.puz/.pdf, as a user runs it after the
//! build. Seeds 1–11 for 15×15 (the target: ≤ 3 s), seeds 1–5 for
//! 21×21; the median and the slowest run are reported. The word-list index
//! cache is built once first (a fresh machine's first run also pays that).
//!
//! `cargo bench --bench make`

mod common;
use common::median;

use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

fn make(bin: &PathBuf, dir: &PathBuf, seed: u64, size: &str) -> Duration {
    let start = Instant::now();
    let out = Command::new(bin)
        .args([
            "make",
            "--seed",
            &seed.to_string(),
            "--size",
            size,
            "--force",
            "--out-dir",
        ])
        .arg(dir)
        .env("CRUCIVERB_CACHE_DIR", dir.join("cache"))
        .output()
        .expect("run cruciverb make");
    let elapsed = start.elapsed();
    assert!(
        out.status.success(),
        "make --seed {seed} --size {size}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    elapsed
}

fn main() {
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_cruciverb"));
    let dir = std::env::temp_dir().join(format!("cruciverb-bench-make-{}", std::process::id()));
    let first = make(&bin, &dir, 1, "15");
    println!(
        "first run (builds the index cache): {:.3} s",
        first.as_secs_f64()
    );
    for (size, seeds) in [("15", 1..=11u64), ("21", 1..=5)] {
        let times: Vec<Duration> = seeds.map(|seed| make(&bin, &dir, seed, size)).collect();
        let slowest = times.iter().max().copied().unwrap_or_default();
        println!(
            "make --size {size}: median of {} {:.3} s, slowest {:.3} s",
            times.len(),
            median(times).as_secs_f64(),
            slowest.as_secs_f64()
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
