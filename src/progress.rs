//! Progress of long work, reported to whoever drives it.
//!
//! The library never draws or prints. Long operations take a `&dyn Reporter`
//! and tell it when work starts, how far it has got and what the user should
//! know along the way; the command line draws bars and prints notes on a
//! terminal, tests and benchmarks pass [`Quiet`]. Reports come from worker
//! threads, hence `Sync`.

pub trait Reporter: Sync {
    /// Work on `what` begins: `total` units when known (a bar), else an
    /// open-ended count.
    fn start(&self, what: &str, total: Option<u64>) {
        let _ = (what, total);
    }

    /// `units` more units are done.
    fn advance(&self, units: u64) {
        let _ = units;
    }

    /// The work is over.
    fn finish(&self) {}

    /// Something the user should know that is not an error: lines a word
    /// list skipped, a cache that could not be written.
    fn note(&self, text: &str) {
        let _ = text;
    }

    /// Detail worth showing only when asked for (`wordlist info`): what
    /// each list held.
    fn detail(&self, text: &str) {
        let _ = text;
    }
}

/// Reports to nobody.
pub struct Quiet;

impl Reporter for Quiet {}
