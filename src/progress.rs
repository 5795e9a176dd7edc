//! Progress of long work, reported to whoever drives it.
//!
//! The library never draws or prints. Long operations take a `&dyn Reporter`
//! and tell it when work starts, how far it has got and what the user should
//! know along the way; the command line draws bars and prints notes on a
//! terminal, tests and benchmarks pass [`Quiet`]. Reports come from worker
//! threads, hence `Sync`. A [`Deadline`] is how every long search learns
//! that its `--timeout` has passed or that it was cancelled.

use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::Arc;
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

/// A time limit with a cancel hook, the one way every search learns that
/// it must stop: an optional instant (`--timeout`, a request's seconds)
/// and an optional flag set from elsewhere (the studio sets it when a
/// request's client has gone or a newer request supersedes it). Hot loops
/// call [`Deadline::tick`], which reads the clock and the flag only once
/// every so many ticks ([`Deadline::tick_every`]); slower steps call
/// [`Deadline::check`]. Once passed it stays passed, so a search unwinds
/// quickly and says it gave up. Child limits ([`Deadline::sooner`]) share
/// the flag.
///
/// The counters are relaxed atomics (plain loads and stores, as cheap as
/// cells) so that one deadline can be shared by the threads of a search.
#[derive(Debug)]
pub struct Deadline {
    at: Option<Instant>,
    cancel: Option<Arc<AtomicBool>>,
    every: u32,
    /// Ticks until the next look at the clock.
    countdown: AtomicU32,
    passed: AtomicBool,
}

impl Deadline {
    /// Ticks between looks at the clock unless [`Deadline::tick_every`]
    /// says otherwise: right for steps of a microsecond or less.
    const CHECK_EVERY: u32 = 1024;

    /// `limit` from now; `None` never passes (unless cancelled).
    pub fn after(limit: Option<Duration>) -> Deadline {
        Deadline::at(limit.and_then(|l| Instant::now().checked_add(l)))
    }

    /// At `at`; `None` never passes (unless cancelled).
    pub fn at(at: Option<Instant>) -> Deadline {
        Deadline {
            at,
            ..Deadline::never()
        }
    }

    /// No limit.
    pub const fn never() -> Deadline {
        Deadline {
            at: None,
            cancel: None,
            every: Self::CHECK_EVERY,
            countdown: AtomicU32::new(Self::CHECK_EVERY),
            passed: AtomicBool::new(false),
        }
    }

    /// This limit, also passed once `flag` is set.
    pub(crate) fn with_cancel(self, flag: Arc<AtomicBool>) -> Deadline {
        Deadline {
            cancel: Some(flag),
            ..self
        }
    }

    /// This limit, with [`Deadline::tick`] looking at the clock once every
    /// `ticks` ticks: few for steps that are slow themselves (a fill
    /// search's node), many for cheap ones.
    pub(crate) fn tick_every(self, ticks: u32) -> Deadline {
        let every = ticks.max(1);
        Deadline {
            every,
            countdown: AtomicU32::new(every),
            ..self
        }
    }

    /// A child limit for part of the work (a probe, one pattern's fill):
    /// `limit` from now or this deadline, whichever comes first, with the
    /// same cancel flag and tick rate.
    pub(crate) fn sooner(&self, limit: Duration) -> Deadline {
        let mine = Instant::now().checked_add(limit);
        let at = match (self.at, mine) {
            (Some(a), Some(m)) => Some(a.min(m)),
            (a, m) => a.or(m),
        };
        Deadline {
            at,
            cancel: self.cancel.clone(),
            every: self.every,
            countdown: AtomicU32::new(self.every),
            passed: AtomicBool::new(self.passed()),
        }
    }

    /// The instant it passes, if it has one.
    pub fn instant(&self) -> Option<Instant> {
        self.at
    }

    /// Time left before the instant (`None` for none); zero once passed
    /// or cancelled.
    pub fn left(&self) -> Option<Duration> {
        if self.passed() || self.cancelled() {
            return Some(Duration::ZERO);
        }
        self.at
            .map(|at| at.saturating_duration_since(Instant::now()))
    }

    /// Counts one step; true once the deadline has passed or the flag is
    /// set (looked at once every so many ticks).
    #[inline]
    pub(crate) fn tick(&self) -> bool {
        if self.passed.load(Ordering::Relaxed) {
            return true;
        }
        let left = self.countdown.load(Ordering::Relaxed).saturating_sub(1);
        if left > 0 {
            self.countdown.store(left, Ordering::Relaxed);
            return false;
        }
        self.countdown.store(self.every, Ordering::Relaxed);
        self.check()
    }

    /// Reads the clock and the flag now (for steps too long to count in
    /// ticks); true once the deadline has passed or the flag is set.
    pub fn check(&self) -> bool {
        if !self.passed() && (self.cancelled() || self.at.is_some_and(|at| Instant::now() >= at)) {
            self.passed.store(true, Ordering::Relaxed);
        }
        self.passed()
    }

    /// Whether the deadline has passed (as of the last check).
    pub fn passed(&self) -> bool {
        self.passed.load(Ordering::Relaxed)
    }

    /// Whether the cancel flag is set.
    fn cancelled(&self) -> bool {
        self.cancel
            .as_ref()
            .is_some_and(|c| c.load(Ordering::Relaxed))
    }
}

impl Clone for Deadline {
    fn clone(&self) -> Deadline {
        Deadline {
            at: self.at,
            cancel: self.cancel.clone(),
            every: self.every,
            countdown: AtomicU32::new(self.countdown.load(Ordering::Relaxed)),
            passed: AtomicBool::new(self.passed()),
        }
    }
}

impl Default for Deadline {
    fn default() -> Deadline {
        Deadline::never()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ticks_look_at_the_clock_every_so_often_and_stay_passed() {
        let past = Deadline::at(Some(Instant::now())).tick_every(4);
        assert!(!past.tick() && !past.tick() && !past.tick());
        assert!(past.tick());
        assert!(past.passed() && past.tick() && past.check());
        let never = Deadline::never();
        assert!((0..5000).all(|_| !never.tick()) && !never.check());
        assert_eq!(never.left(), None);
    }

    #[test]
    fn the_cancel_flag_passes_it_and_its_children() {
        let flag = Arc::new(AtomicBool::new(false));
        let parent = Deadline::never().with_cancel(flag.clone());
        let child = parent.sooner(Duration::from_secs(3600));
        assert!(!parent.check() && !child.check());
        assert!(child.left().is_some_and(|l| l > Duration::from_secs(3000)));
        flag.store(true, Ordering::Relaxed);
        assert!(parent.check() && child.check());
        assert_eq!(child.left(), Some(Duration::ZERO));
    }

    #[test]
    fn a_child_ends_at_the_sooner_of_the_two() {
        let parent = Deadline::after(Some(Duration::from_secs(60)));
        let short = parent.sooner(Duration::ZERO);
        assert!(short.check() && !parent.check());
        let long = parent.sooner(Duration::from_secs(3600));
        assert_eq!(long.instant(), parent.instant());
    }
}
