//! What a fill is asked: the options every fill takes and which fills a
//! listing wants.

use std::time::Duration;

use crate::grid::DEFAULT_MIN_SLOT;
use crate::progress::Deadline;

/// A fill's time limit is made in one place, [`FillOptions::deadline`]:
/// its own `timeout` (a budget: each fill of a batch starts its own
/// clock) held within `within` (the caller's whole limit and cancel
/// flag), whichever passes first.
#[derive(Clone, Debug)]
pub struct FillOptions {
    /// Shortest run that is a word; shorter runs are unchecked cells.
    pub min_slot: usize,
    pub seed: u64,
    /// This fill's budget, counted from when it starts; None for none.
    pub timeout: Option<Duration>,
    /// Fill-in puzzles: every word of the list is used exactly once.
    pub use_all: bool,
    /// Only words scoring at least this (the index may hold lower ones).
    pub floor: u8,
    /// After a first fill, time to spend looking for a better one (see
    /// [`super::fill`]); zero for none.
    pub polish: Duration,
    /// Words never placed, in grid letters (A–Z): the constructor's bans.
    pub banned: Vec<String>,
    /// Entries may share a root (ELM beside ELMS); by default no two do
    /// (see [`crate::wordlist::roots`]). Fill-in puzzles (`use_all`)
    /// always may: their lists are given.
    pub shared_roots: bool,
    /// At most so many entries of the kinds editors ration, and none in
    /// the longest slots (`make`'s budget); None for no limit.
    pub ration: Option<Ration>,
    /// The limit the caller is held to, which this fill cannot outlast:
    /// a studio request's time and its cancel flag (set when the client
    /// has gone), a batch's or a draw's whole time. Never by default.
    pub within: Deadline,
}

impl FillOptions {
    /// The search's limit, from now: `timeout` within `within`.
    pub fn deadline(&self) -> Deadline {
        match self.timeout {
            Some(timeout) => self.within.sooner(timeout),
            None => self.within.clone(),
        }
    }
}

/// How many rationed entries (crosswordese, partials, abbreviations, odd
/// inflections: [`crate::wordlist::notes::Kind::RATIONED`]) and names a
/// fill may hold, and where no rationed entry may go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ration {
    pub most: usize,
    pub names: usize,
    /// Slots this long or longer, and the grid's longest, hold none.
    pub long: usize,
}

impl Default for FillOptions {
    fn default() -> Self {
        FillOptions {
            min_slot: DEFAULT_MIN_SLOT,
            seed: 0,
            timeout: None,
            use_all: false,
            floor: 0,
            polish: Duration::ZERO,
            banned: Vec::new(),
            shared_roots: false,
            ration: None,
            within: Deadline::never(),
        }
    }
}

/// Which fills [`super::fills`] looks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Want {
    /// Fills that differ from each other, each from a fresh randomized start.
    Distinct,
    /// Every fill, in one systematic pass (small grids).
    All,
}
