//! What a fill returns: a fill and its words, or why there is none, or
//! that time ran out.

use std::time::Duration;

use crate::grid::{Direction, Grid, Slot};

/// How a search ended: the one result type of [`super::fill`]
/// (`Outcome<Fill>`) and [`super::fills`] (`Outcome<()>`, where `Filled`
/// means the visitor asked for no more fills).
#[derive(Clone, Debug)]
pub enum Outcome<T = Fill> {
    Filled(T),
    /// The whole search space was exhausted: no (further) fill exists.
    Unfillable(NoFill),
    GaveUp {
        after: Duration,
    },
}

#[derive(Clone, Debug)]
pub struct Fill {
    pub grid: Grid,
    /// Every slot the search filled with its word, across slots first:
    /// the slots it chose words for and the fixed entries of the list (not
    /// the constructor's own entries, see [`super::prepare::searched`]).
    pub words: Vec<Placed>,
    pub nodes: u64,
}

/// One slot of a fill and the word in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placed {
    /// `12A`, `3D`.
    pub slot: String,
    pub word: String,
    pub score: u8,
    /// The grid gave every letter: the entry is the constructor's, kept
    /// whatever its score (a theme entry), though the list has it.
    pub given: bool,
}

impl Fill {
    pub fn mean_score(&self) -> f64 {
        let total: u64 = self.words.iter().map(|w| w.score as u64).sum();
        total as f64 / self.words.len().max(1) as f64
    }

    pub fn lowest_score(&self) -> u8 {
        self.words.iter().map(|w| w.score).min().unwrap_or(0)
    }

    /// The lowest score among the words the search chose (not the given
    /// entries, which no refill changes); None when it chose none.
    pub fn lowest_chosen(&self) -> Option<u8> {
        self.words
            .iter()
            .filter(|w| !w.given)
            .map(|w| w.score)
            .min()
    }

    /// How a fill ranks against another of the same grid: the higher lowest
    /// score first (an editor notices the worst entry), then fewer entries
    /// below 60, then the higher mean.
    pub fn merit(&self) -> (u8, std::cmp::Reverse<usize>, u64) {
        let weak = self.words.iter().filter(|w| w.score < 60).count();
        let total: u64 = self.words.iter().map(|w| w.score as u64).sum();
        (self.lowest_score(), std::cmp::Reverse(weak), total)
    }
}

/// Slot name as constructors write it: `12A`, `3D`.
pub fn slot_name(slot: &Slot) -> String {
    let d = match slot.direction {
        Direction::Across => 'A',
        Direction::Down => 'D',
    };
    format!("{}{d}", slot.number)
}

/// Why no (further) fill exists.
#[derive(Clone, Debug)]
pub struct NoFill {
    /// The slots that failed most, worst first.
    pub slots: Vec<String>,
    pub reason: String,
}
