//! What a `make` run gives back: the made puzzle with its fill, clue
//! report and quality ([`Made`]), and what happened to each pattern that
//! did not make it ([`Attempt`]), for the progress messages. Shared by the
//! chain in `make` and the steps it calls, which build these and never
//! call back.

use crate::clues;
use crate::fill::quality::Quality;
use crate::fill::Fill;
use crate::puzzle::Puzzle;

/// A made puzzle and what went into it.
#[derive(Clone, Debug)]
pub struct Made {
    pub puzzle: Puzzle,
    pub fill: Fill,
    /// Where each clue came from.
    pub clues: clues::Report,
    pub quality: Quality,
}

/// What happened to one pattern, for the progress messages.
#[derive(Clone, Debug, PartialEq)]
pub enum Attempt {
    Unfillable {
        number: usize,
        reason: String,
    },
    GaveUp {
        number: usize,
        seconds: f64,
    },
    /// Random drawing found no further pattern (the rules admit patterns:
    /// earlier ones were drawn), so the attempts end here.
    NoPattern {
        number: usize,
    },
    /// The rules a theme's patterns were drawn under are spent (nothing
    /// drawn, or nothing drawn filled), so from pattern `number` on they
    /// are these looser ones (`Rules::describe`).
    Loosened {
        number: usize,
        rules: String,
    },
    /// No rule set has a pattern around any of the theme's `seatings`
    /// (ways of placing its entries), so the attempts end here.
    Unseated {
        number: usize,
        seatings: usize,
    },
}

impl std::fmt::Display for Attempt {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        match self {
            Attempt::Unfillable { number, reason } => {
                write!(f, "pattern {number} is unfillable ({reason})")
            }
            Attempt::GaveUp { number, seconds } => {
                write!(f, "pattern {number}: no fill within {seconds:.1} s")
            }
            Attempt::NoPattern { number } => write!(
                f,
                "pattern {number}: random drawing found no further pattern under these rules"
            ),
            Attempt::Loosened { number, rules } => write!(
                f,
                "pattern {number}: drawing under looser rules from here on ({rules})"
            ),
            Attempt::Unseated { number, seatings } => write!(
                f,
                "pattern {number}: no pattern under the rules seats the theme in any of its {seatings} placing(s) at this size"
            ),
        }
    }
}
