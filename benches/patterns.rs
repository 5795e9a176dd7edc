//! Pattern-stage benchmarks: the speed targets, timed end to end
//! through the release binary. Each case runs several times; the median is
//! reported (these machines are noisy).
//!
//! `cargo bench --bench patterns` runs all cases; a further argument keeps
//! only cases whose name contains it, e.g. `cargo bench --bench patterns -- count`.

mod common;
use common::median;

use std::path::PathBuf;
use std::process::Command;
use std::time::Instant;

struct Case {
    name: &'static str,
    args: &'static [&'static str],
    /// Patterns produced, for a rate; None for a pure timing.
    patterns: Option<u64>,
    runs: usize,
}

const CASES: &[Case] = &[
    Case {
        name: "count 11x11 american",
        args: &["patterns", "--size", "11", "--count"],
        patterns: None,
        runs: 5,
    },
    Case {
        name: "count 13x13 american",
        args: &["patterns", "--size", "13", "--count"],
        patterns: None,
        runs: 3,
    },
    Case {
        name: "count 15x15 american",
        args: &["patterns", "--size", "15", "--count"],
        patterns: None,
        runs: 1,
    },
    Case {
        name: "write 15x15 american (20M)",
        args: &[
            "patterns", "--size", "15", "--limit", "20000000", "--out", "OUT",
        ],
        patterns: Some(20_000_000),
        runs: 5,
    },
    Case {
        name: "write 15x15 british (20M)",
        args: &[
            "patterns", "--size", "15", "--style", "british", "--limit", "20000000", "--out", "OUT",
        ],
        patterns: Some(20_000_000),
        runs: 5,
    },
];

fn main() {
    let filter = std::env::args().skip(1).find(|a| !a.starts_with('-'));
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_cruciverb"));
    let out = std::env::temp_dir().join(format!("cruciverb-bench-{}.hex", std::process::id()));
    println!(
        "{:<30} {:>10} {:>10} {:>10} {:>14}",
        "case", "median s", "min s", "max s", "patterns/s"
    );
    for case in CASES
        .iter()
        .filter(|c| filter.as_ref().is_none_or(|f| c.name.contains(f.as_str())))
    {
        let args: Vec<String> = case
            .args
            .iter()
            .map(|a| {
                if *a == "OUT" {
                    out.display().to_string()
                } else {
                    a.to_string()
                }
            })
            .collect();
        let mut times = Vec::new();
        let mut answer = String::new();
        for _ in 0..case.runs {
            let _ = std::fs::remove_file(&out);
            let start = Instant::now();
            let result = Command::new(&bin)
                .args(&args)
                .output()
                .expect("run cruciverb");
            times.push(start.elapsed());
            assert!(
                result.status.success(),
                "{}: {}",
                case.name,
                String::from_utf8_lossy(&result.stderr)
            );
            answer = String::from_utf8_lossy(&result.stdout).trim().to_string();
        }
        let (lo, hi) = (*times.iter().min().unwrap(), *times.iter().max().unwrap());
        let mid = median(times);
        let rate = case.patterns.map_or(answer.clone(), |n| {
            format!("{:.0}", n as f64 / mid.as_secs_f64())
        });
        println!(
            "{:<30} {:>10.3} {:>10.3} {:>10.3} {:>14}",
            case.name,
            mid.as_secs_f64(),
            lo.as_secs_f64(),
            hi.as_secs_f64(),
            rate
        );
    }
    let _ = std::fs::remove_file(&out);
}
