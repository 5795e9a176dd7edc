//! Arranging the shared example word sets: the smallest square, which
//! includes proving every smaller one impossible (target ≤ 1 s each), and
//! the proof for the size just below alone.
//!
//! `cargo bench --bench arrange`; prints the median of 11 runs.

mod common;
use common::timed;

use std::path::Path;

use cruciverb::progress::{Deadline, Quiet};
use cruciverb::puzzles::arrange::{arrange, arrange_smallest, read_words, Outcome};

const RUNS: usize = 11;

fn main() {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/arrange");
    for name in ["nyt-mini.words", "austen.words"] {
        let words = read_words(&data.join(name)).expect("read words");
        let all = words.len();
        let (outcome, smallest) = timed(RUNS, || {
            arrange_smallest(&words, all, &Deadline::never(), &Quiet).expect("valid request")
        });
        let Outcome::Arranged(found) = outcome else {
            println!("{name}: no arrangement");
            continue;
        };
        let below = found.size - 1;
        let (proof, proving) = timed(RUNS, || {
            arrange(&words, below, all, &Deadline::never()).expect("valid request")
        });
        let proved = matches!(proof, Outcome::Impossible(_));
        println!(
            "{name:<16} {all:>3} words  smallest {0}×{0}: {1:>8.1} ms   {below}×{below} impossible ({proved}): {2:>8.1} ms",
            found.size,
            smallest.as_secs_f64() * 1e3,
            proving.as_secs_f64() * 1e3,
        );
    }
}
