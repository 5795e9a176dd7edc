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

/// The process's peak resident memory so far, in MB (Linux).
pub fn peak_rss_mb() -> Option<f64> {
    status_mb("VmHWM:")
}

/// The process's resident memory now, in MB (Linux).
pub fn rss_mb() -> Option<f64> {
    status_mb("VmRSS:")
}

fn status_mb(field: &str) -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with(field))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

/// Starts the peak of [`peak_rss_mb`] again from the memory in use now
/// (Linux 4.0 and later); false where that cannot be done.
pub fn reset_peak_rss() -> bool {
    std::fs::write("/proc/self/clear_refs", "5").is_ok()
}
