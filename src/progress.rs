//! Progress of long work, reported to whoever drives it.
//!
//! The library never draws or prints. Long operations take a `&dyn Reporter`
//! and tell it when work starts, how far it has got and what the user should
//! know along the way; the command line draws bars and prints notes on a
//! terminal, tests and benchmarks pass [`Quiet`]. Reports come from worker
//! threads, hence `Sync`. A [`Deadline`] is how a long search learns that
//! its `--timeout` has passed.

use std::cell::Cell;
use std::time::{Duration, Instant};

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

/// A time limit that hot loops can check cheaply: the clock is read once
/// every [`Deadline::CHECK_EVERY`] ticks, and once passed it stays passed,
/// so a search unwinds quickly and says it gave up.
pub struct Deadline {
    at: Option<Instant>,
    ticks: Cell<u32>,
    passed: Cell<bool>,
}

impl Deadline {
    const CHECK_EVERY: u32 = 1024;

    /// `limit` from now; `None` never passes.
    pub fn after(limit: Option<Duration>) -> Deadline {
        Deadline::at(limit.and_then(|l| Instant::now().checked_add(l)))
    }

    /// At `at`; `None` never passes.
    pub fn at(at: Option<Instant>) -> Deadline {
        Deadline {
            at,
            ticks: Cell::new(0),
            passed: Cell::new(false),
        }
    }

    /// No limit.
    pub fn never() -> Deadline {
        Deadline::after(None)
    }

    /// Counts one step; true once the deadline has passed.
    pub fn tick(&self) -> bool {
        if self.passed.get() {
            return true;
        }
        let ticks = self.ticks.get().wrapping_add(1);
        self.ticks.set(ticks);
        if ticks.is_multiple_of(Self::CHECK_EVERY) {
            if let Some(at) = self.at {
                if Instant::now() >= at {
                    self.passed.set(true);
                }
            }
        }
        self.passed.get()
    }

    /// Reads the clock now (for steps too long to count in ticks); true
    /// once the deadline has passed.
    pub fn check(&self) -> bool {
        if !self.passed.get() && self.at.is_some_and(|at| Instant::now() >= at) {
            self.passed.set(true);
        }
        self.passed.get()
    }

    /// Whether the deadline has passed (as of the last check).
    pub fn passed(&self) -> bool {
        self.passed.get()
    }
}
