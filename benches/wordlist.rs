//! Word-list index benchmarks: opening a cached 400,000-word index (target
//! ≤ 50 ms, memory map plus checksum) and, for scale, building it.
//!
//! `cargo bench --bench wordlist`; the list is synthetic (random letters,
//! lengths 3–15, seeded) so the numbers do not depend on installed data.

mod common;
use common::median;

use std::time::Instant;

use cruciverb::wordlist::index::Index;
use cruciverb::wordlist::WordList;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

const WORDS: usize = 400_000;

fn main() {
    let mut rng = StdRng::seed_from_u64(1);
    let mut text = String::new();
    let mut seen = std::collections::HashSet::new();
    while seen.len() < WORDS {
        let len = rng.random_range(3..=15);
        let word: String = (0..len)
            .map(|_| (b'A' + rng.random_range(0..26u8)) as char)
            .collect();
        if seen.insert(word.clone()) {
            text += &format!("{word};{}\n", rng.random_range(0..=100));
        }
    }
    let start = Instant::now();
    let (list, _) = WordList::parse(&text, "synthetic");
    let parse = start.elapsed();
    let start = Instant::now();
    let index = Index::build(&list, 7).expect("index the list");
    let build = start.elapsed();
    let path = std::env::temp_dir().join(format!("cruciverb-bench-{}.idx", std::process::id()));
    index.save(&path).expect("save index");
    let size = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
    let mut opens = Vec::new();
    for _ in 0..21 {
        let start = Instant::now();
        let opened = Index::open(&path, 7).expect("open index");
        assert_eq!(opened.total_words(), WORDS);
        opens.push(start.elapsed());
    }
    let _ = std::fs::remove_file(&path);
    println!("{WORDS} words, index file {:.1} MB", size as f64 / 1e6);
    println!(
        "parse text list:        {:>8.1} ms",
        parse.as_secs_f64() * 1e3
    );
    println!(
        "build index:            {:>8.1} ms",
        build.as_secs_f64() * 1e3
    );
    println!(
        "open cached index (median of 21): {:.2} ms",
        median(opens).as_secs_f64() * 1e3
    );
}
