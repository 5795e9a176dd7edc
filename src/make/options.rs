//! What a `make` run is asked for: where its patterns come from, its seed,
//! times and clue level ([`MakeOptions`]), the credits to print, and how
//! each of its fills is set up (the ration of weak entries a grid may
//! hold). Shared by the chain in `make` and the steps it calls (`ladder`,
//! `dress`, `refill`), which read it and never call back.

use std::time::Duration;

use crate::clues::Level;
use crate::fill::{FillOptions, Ration};
use crate::grid::Grid;
use crate::grid::DEFAULT_MIN_SLOT;
use crate::pattern::rules::Style;
use crate::theme::{SeatOptions, Theme};
use crate::wordlist::dialect::Dialect;

/// Where the pattern comes from.
#[derive(Clone, Debug)]
pub enum PatternSource {
    /// Random patterns of this size and style, redrawn after a failed fill.
    Random {
        width: usize,
        height: usize,
        style: Style,
    },
    /// Random barred patterns of this size (see
    /// [`crate::draw::fillable_barred_rules`]), redrawn after a failed fill.
    Barred { width: usize, height: usize },
    /// This grid only (its letters stay fixed).
    Given(Grid),
    /// Random patterns seating a theme's entries, each draw in a seating
    /// picked at random (see [`crate::theme`]).
    Themed {
        width: usize,
        height: usize,
        style: Style,
        theme: Theme,
        seat: SeatOptions,
    },
}

impl PatternSource {
    /// Time to give each pattern when the user names none. Fill times are
    /// heavy-tailed: a pattern that fills at all mostly fills in a fraction
    /// of a second, so a random 15×15 that has not filled in 1.5 s is
    /// better replaced by a fresh draw; larger grids take seconds even when
    /// they fill, and a given pattern is the only one there is.
    /// Whether the puzzle will have a barred grid, which `.puz` cannot
    /// hold (`make` writes `.jpz` in its place).
    pub fn is_barred(&self) -> bool {
        match self {
            PatternSource::Barred { .. } => true,
            PatternSource::Given(grid) => grid.is_barred(),
            _ => false,
        }
    }

    pub fn default_timeout(&self) -> Duration {
        match self {
            PatternSource::Random { width, height, .. }
            | PatternSource::Themed { width, height, .. }
            | PatternSource::Barred { width, height }
                if width * height <= 15 * 15 =>
            {
                Duration::from_millis(1500)
            }
            PatternSource::Random { .. }
            | PatternSource::Themed { .. }
            | PatternSource::Barred { .. } => Duration::from_secs(5),
            PatternSource::Given(_) => Duration::from_secs(10),
        }
    }
}

#[derive(Clone, Debug)]
pub struct MakeOptions {
    pub source: PatternSource,
    pub seed: u64,
    /// Time for each fill attempt.
    pub timeout: Duration,
    /// Patterns to try before giving up (random source only).
    pub attempts: usize,
    /// Time to spend improving a fill once found (see [`crate::fill::fill`]).
    pub polish: Duration,
    /// The clues' difficulty (see [`crate::clues::choose`]).
    pub level: Level,
    /// Whose solvers the puzzle is for: British puzzles get British
    /// spellings, clues and enumerations. The word list's scores for it
    /// are the index's business (see [`ListSpec::dialect`](crate::wordlist::spec::ListSpec::dialect)).
    pub dialect: Dialect,
}

/// The credits printed on the puzzle.
#[derive(Clone, Debug, Default)]
pub struct Credits {
    pub title: String,
    pub author: String,
    pub copyright: String,
}

/// Rationed entries a grid of `words` slots may hold: three in a 15×15 of
/// 78 words, in proportion elsewhere, at least one.
pub(crate) const RATIONED_PER_78_WORDS: usize = 3;
/// Names likewise: eight in a 15×15, about what a newspaper prints.
pub(crate) const NAMES_PER_78_WORDS: usize = 8;
/// Slots this long, and a grid's longest, hold no rationed entry: the long
/// entries carry a grid.
pub(crate) const RATION_FREE_FROM: usize = 8;

/// The ration of crosswordese, partials, abbreviations and odd inflections,
/// and of names, for `grid` (see [`Ration`]).
pub(crate) fn ration(grid: &Grid) -> Ration {
    let words = grid.slots(DEFAULT_MIN_SLOT).len();
    let share = |per_78: usize| ((words * per_78 + 39) / 78).max(1);
    Ration {
        most: share(RATIONED_PER_78_WORDS),
        names: share(NAMES_PER_78_WORDS),
        long: RATION_FREE_FROM,
    }
}

/// How `make` fills `grid`: its time, polish and ration, `seed`, and words
/// it may not use.
pub(super) fn fill_options(
    options: &MakeOptions,
    grid: &Grid,
    seed: u64,
    banned: &[String],
) -> FillOptions {
    FillOptions {
        seed,
        timeout: Some(options.timeout),
        polish: options.polish,
        banned: banned.to_vec(),
        ration: Some(ration(grid)),
        ..FillOptions::default()
    }
}
