//! Regex crosswords (regexcrossword.com style): every row and column of a
//! rectangle, or every line of a hexagon, must fully match its regexes.
//!
//! The regex engine is our own, because the solver needs more than a yes/no
//! answer: `automaton` narrows a whole line of *candidate sets* at once,
//! `setmatch` does the same exactly for lines with backreferences, and
//! `matcher` is an exact Python-`re` backtracker that judges finished lines.
//! `puzzle` reads the JSON and lays out the lines; `solve` propagates the
//! per-cell sets line by line to a fixed point and branches on the cell with
//! fewest candidates.

pub(crate) mod automaton;
pub mod matcher;
pub mod puzzle;
pub(crate) mod setmatch;
pub mod solve;
pub mod syntax;

pub use puzzle::{Puzzle, Shape};
pub use solve::{hint, solve, solve_reporting, HintOutcome, Solutions};
