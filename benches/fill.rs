//! Fill benchmarks: the targets, measured in-process on one thread.
//!
//! `cargo bench --bench fill` fills every pattern of `patterns/bench-15x15.hex`
//! and `patterns/bench-21x21.hex`, the example grids in `tests/data/grids/`
//! (five seeds each) and the fill-in puzzles, from the embedded list (score ≥
//! 50) and, when Debian's `scowl` package is installed, from a plain SCOWL
//! list (size ≤ 70, score 100 − size). It prints per set the outcome counts
//! and the median and slowest time, then the peak resident memory.
//! `BENCH_QUICK=1` runs only the embedded list; `BENCH_LIST=FILE` puts a
//! list file (score ≥ 50) in its place, so that two builds can be timed on
//! one list; `BENCH_SHARED_ROOTS=1` lifts the root rule, to see its cost.

mod common;
use common::{median, peak_rss_mb};

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use cruciverb::fill::{fill, FillOptions, Outcome};
use cruciverb::grid::Grid;
use cruciverb::pattern::file::read_patterns;
use cruciverb::wordlist::embedded::default_list;
use cruciverb::wordlist::index::Index;
use cruciverb::wordlist::WordList;

const SCOWL: &str = "/usr/share/dict/scowl";
const SCOWL_SIZES: [u8; 8] = [10, 20, 35, 40, 50, 55, 60, 70];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

struct Case {
    name: String,
    grids: Vec<Grid>,
    seeds: Vec<u64>,
    timeout: Duration,
}

fn pattern_case(file: &str, timeout_secs: u64) -> Case {
    let patterns = read_patterns(&root().join(file)).expect("benchmark patterns");
    Case {
        name: format!("{file} (seeds 0-2)"),
        grids: patterns.iter().map(Grid::from_pattern).collect(),
        seeds: (0..3).collect(),
        timeout: Duration::from_secs(timeout_secs),
    }
}

fn grid_case(name: &str) -> Case {
    let path = root().join("tests/data/grids").join(name);
    let text = std::fs::read_to_string(&path).expect("benchmark grid");
    Case {
        name: format!("grids/{name} (seeds 0-4)"),
        grids: vec![Grid::parse_text(&text, name).expect("grid")],
        seeds: (0..5).collect(),
        timeout: Duration::from_secs(30),
    }
}

/// Fills every grid of the case with every seed; prints one line.
fn run(case: &Case, index: &Index, list_name: &str) {
    let (mut filled, mut unfillable, mut gave_up) = (0, 0, 0);
    let mut times = Vec::new();
    let mut scores = Vec::new();
    for grid in &case.grids {
        for &seed in &case.seeds {
            let options = FillOptions {
                seed,
                timeout: Some(case.timeout),
                shared_roots: std::env::var_os("BENCH_SHARED_ROOTS").is_some(),
                ..FillOptions::default()
            };
            let start = Instant::now();
            let outcome = fill(grid, index, &options).expect("benchmark grids are valid");
            times.push(start.elapsed());
            match outcome {
                Outcome::Filled(f) => {
                    filled += 1;
                    scores.push(f.mean_score());
                }
                Outcome::Unfillable(_) => unfillable += 1,
                Outcome::GaveUp { .. } => gave_up += 1,
            }
        }
    }
    let mean_score = scores.iter().sum::<f64>() / scores.len().max(1) as f64;
    let slowest = times.iter().max().copied().unwrap_or_default();
    println!(
        "{list_name:<9} {:<45} {filled:>3} filled {unfillable:>2} unfillable {gave_up:>2} gave up ({:.0} s)  median {:>8.3} s  slowest {:>7.3} s  mean word score {mean_score:.1}",
        case.name,
        case.timeout.as_secs_f64(),
        median(times).as_secs_f64(),
        slowest.as_secs_f64(),
    );
}

/// The fill-in puzzles: every word once; median of 21 solves each.
fn fill_in() {
    for name in ["small", "medium", "large"] {
        let dir = root().join("tests/data/fill-in");
        let grid_text = std::fs::read_to_string(dir.join(format!("{name}.grid"))).expect("grid");
        let grid = Grid::parse_text(&grid_text, name).expect("grid");
        let (list, _) = WordList::read(&dir.join(format!("{name}.words"))).expect("words");
        let index = Index::build(&list, 0).expect("index the list");
        let options = FillOptions {
            use_all: true,
            ..FillOptions::default()
        };
        let times: Vec<Duration> = (0..21)
            .map(|_| {
                let start = Instant::now();
                let outcome = fill(&grid, &index, &options).expect("valid puzzle");
                assert!(matches!(outcome, Outcome::Filled(_)), "{name} must solve");
                start.elapsed()
            })
            .collect();
        println!(
            "fill-in {name} {}x{}, {} words: median of 21 {:.3} ms",
            grid.width(),
            grid.height(),
            list.len(),
            median(times).as_secs_f64() * 1e3
        );
    }
}

/// SCOWL's English and American word files up to size 70, scored 100 − size.
fn scowl_list() -> Option<WordList> {
    let mut text = String::new();
    for size in SCOWL_SIZES {
        for variety in ["english", "american"] {
            let path = Path::new(SCOWL).join(format!("{variety}-words.{size}"));
            let bytes = std::fs::read(&path).ok()?;
            for word in String::from_utf8_lossy(&bytes).lines() {
                if !word.ends_with("'s") {
                    text += &format!("{word};{}\n", 100 - size);
                }
            }
        }
    }
    let (mut list, _) = WordList::parse(&text, "scowl");
    list.retain_min_score(0);
    Some(list)
}

fn main() {
    let cases = [
        pattern_case("patterns/bench-15x15.hex", 10),
        pattern_case("patterns/bench-21x21.hex", 30),
        grid_case("ingrid_readme.txt"),
        grid_case("british15.txt"),
        grid_case("mini5_2corners.txt"),
        grid_case("square5_open.txt"),
    ];
    let mut lists = vec![match std::env::var_os("BENCH_LIST") {
        Some(path) => {
            let (mut list, _) = WordList::read(Path::new(&path)).expect("BENCH_LIST");
            list.retain_min_score(50);
            ("file", list)
        }
        None => {
            let (mut list, _) = default_list().expect("embedded list");
            list.retain_min_score(50);
            ("embedded", list)
        }
    }];
    if std::env::var_os("BENCH_QUICK").is_none() {
        match scowl_list() {
            Some(list) => lists.push(("scowl-70", list)),
            None => println!("(no {SCOWL}: install Debian's scowl for the SCOWL rows)"),
        }
    }
    for (name, list) in &lists {
        let start = Instant::now();
        let index = Index::build(list, 0).expect("index the list");
        println!(
            "{name}: {} words, index built in {:.0} ms",
            list.len(),
            start.elapsed().as_secs_f64() * 1e3
        );
        for case in &cases {
            run(case, &index, name);
        }
    }
    fill_in();
    if let Some(mb) = peak_rss_mb() {
        println!("peak resident memory of the whole benchmark: {mb:.0} MB");
    }
}
