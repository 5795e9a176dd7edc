//! Word-square counting speed: `cargo bench --bench squares`.
//!
//! Counts every 4×4 word square over the 3,600 best-scoring 4-letter words of
//! the embedded list, plain and with `distinct`, on one thread and on all
//! cores, and prints the median time of three runs and the squares per second.

mod common;
use common::median;

use std::time::{Duration, Instant};

use cruciverb::puzzles::squares::WordSquares;
use cruciverb::wordlist::embedded::default_list;
use cruciverb::wordlist::index::Index;
use cruciverb::wordlist::WordList;

const WORDS: usize = 3600;
const SIZE: usize = 4;
const RUNS: usize = 3;

/// The `WORDS` best `SIZE`-letter words of the embedded list.
fn bench_list() -> WordList {
    let (all, _) = default_list().expect("embedded list");
    let best: Vec<String> = all
        .sorted()
        .into_iter()
        .filter(|e| e.word.len() == SIZE)
        .take(WORDS)
        .map(|e| e.word.to_string())
        .collect();
    WordList::parse(&best.join("\n"), "bench").0
}

fn main() {
    let index = Index::build(&bench_list(), 0).expect("index the list");
    let words = index.of_length(SIZE).expect("4-letter words");
    println!("{} words of {SIZE} letters", words.count());
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    for distinct in [false, true] {
        let squares = WordSquares::from_words(&words, distinct).expect("4×4 squares");
        for threads in [1, cores] {
            let mut found = 0;
            let times: Vec<Duration> = (0..RUNS)
                .map(|_| {
                    let start = Instant::now();
                    found = squares.count(threads);
                    start.elapsed()
                })
                .collect();
            let median = median(times);
            println!(
                "{SIZE}×{SIZE}{}, {threads} thread(s): {found} squares, median {:.2} s, {:.1} M squares/s",
                if distinct { " distinct" } else { "" },
                median.as_secs_f64(),
                found as f64 / median.as_secs_f64() / 1e6
            );
        }
    }
}
