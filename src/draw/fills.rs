//! The draw-until-one-fills loop that `make` and the studio's pattern
//! request share. Fill times are heavy-tailed, so a pattern that has not
//! filled soon is better replaced by a fresh draw than given more time:
//! patterns are drawn and filled in turn until one fills or the drawing is
//! spent. What differs between the callers (which patterns, how each is
//! filled, what a failure is told to) is a [`Draws`]; the loop is
//! [`until_one_fills`]. [`Keeping`] is the drawing the studio asks for:
//! patterns around a grid's cells, within a time.

use std::time::Duration;

use rand::rngs::StdRng;

use crate::error::Result;
use crate::fill::{fill, Fill, FillOptions, Outcome};
use crate::grid::Grid;
use crate::pattern::rules::Rules;
use crate::wordlist::index::Index;

use super::random::{random_pattern_keeping, DrawLimit, BEST};

/// One pattern drawn for [`until_one_fills`], or why there is none.
pub enum Drawn {
    /// A pattern, and how to fill it (boxed: the other variants are empty).
    Pattern(Box<(Grid, FillOptions)>),
    /// No pattern this time (the attempt counts); draw again.
    Skipped,
    /// No further pattern: the attempts end here.
    Spent,
}

/// The patterns [`until_one_fills`] tries, one attempt at a time.
pub trait Draws {
    /// Pattern number `number` (from 1).
    fn draw(&mut self, number: usize) -> Result<Drawn>;
    /// Pattern `number` did not fill: `outcome` says why (never
    /// [`Outcome::Filled`]).
    fn unfilled(&mut self, number: usize, outcome: Outcome);
}

/// Draws and fills patterns from `draws`, at most `attempts` of them, until
/// one fills: that pattern (as drawn, before the fill) and its fill, or
/// None when none did.
pub(crate) fn until_one_fills(
    draws: &mut dyn Draws,
    index: &Index,
    attempts: usize,
) -> Result<Option<(Grid, Fill)>> {
    for number in 1..=attempts {
        let (grid, options) = match draws.draw(number)? {
            Drawn::Pattern(drawn) => *drawn,
            Drawn::Skipped => continue,
            Drawn::Spent => break,
        };
        match fill(&grid, index, &options)? {
            Outcome::Filled(f) => return Ok(Some((grid, f))),
            outcome => draws.unfilled(number, outcome),
        }
    }
    Ok(None)
}

/// Patterns keeping the cells of `grid` (see [`random_pattern_keeping`]),
/// `first` (drawn already) and then fresh draws under `rules`, until
/// `limit` passes or drawing finds no more; each filled with `options` for
/// at most `each`, and no longer than `limit` leaves. Afterwards `tried`
/// counts the patterns tried and `first_unfillable` says whether the first
/// was proven unfillable.
pub(crate) struct Keeping<'a> {
    pub grid: &'a Grid,
    pub rules: &'a Rules,
    pub first: Option<Grid>,
    pub rng: &'a mut StdRng,
    pub limit: DrawLimit<'a>,
    pub options: FillOptions,
    pub each: Duration,
    pub tried: usize,
    pub first_unfillable: bool,
}

impl Draws for Keeping<'_> {
    fn draw(&mut self, number: usize) -> Result<Drawn> {
        let drawn = match number {
            1 => self.first.take(),
            _ if self.limit.passed() => None,
            _ => {
                random_pattern_keeping(self.rules, self.grid, self.rng, self.limit, &|_| BEST, None)
                    .ok()
            }
        };
        let Some(drawn) = drawn else {
            return Ok(Drawn::Spent);
        };
        self.tried += 1;
        // Each fill gets `each`, within what the whole draw has left.
        let options = FillOptions {
            timeout: Some(self.each),
            within: self.limit.deadline.clone(),
            ..self.options.clone()
        };
        Ok(Drawn::Pattern(Box::new((drawn, options))))
    }

    fn unfilled(&mut self, number: usize, outcome: Outcome) {
        // What is said is said of the first pattern, the one the studio
        // returns when none fills.
        if number == 1 && matches!(outcome, Outcome::Unfillable(_)) {
            self.first_unfillable = true;
        }
    }
}
