//! What every benchmark shares. Machines are noisy, so benchmarks report
//! medians of several runs.
#![allow(dead_code)]

use std::time::{Duration, Instant};

/// The median of `items` (the upper one of an even count).
pub fn median<T: Ord + Copy>(mut items: Vec<T>) -> T {
    items.sort();
    items[items.len() / 2]
}

/// `work` run `runs` times: its last result and the median time.
pub fn timed<T>(runs: usize, mut work: impl FnMut() -> T) -> (T, Duration) {
    let mut times = Vec::with_capacity(runs);
    let mut result = None;
    for _ in 0..runs.max(1) {
        let start = Instant::now();
        result = Some(work());
        times.push(start.elapsed());
    }
    (result.expect("at least one run"), median(times))
}
