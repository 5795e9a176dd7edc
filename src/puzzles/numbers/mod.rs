//! Number crosswords in the Listener style: every clue is arithmetic over
//! letters, each letter stands for a different value from a given set, and
//! an answer is its clue's value in decimal with each digit written as the
//! first letter of its name in one language (English `ZOTTFFSSEN`, German
//! `NEZDVFSSAN`, or any alphabet the puzzle names). The crossings decide the
//! mapping.
//!
//! `expr` parses and evaluates the clues (checked integer arithmetic: no
//! input can overflow or panic), `puzzle` reads and validates the JSON
//! against the grid's own slots and numbers, and `solve` searches the
//! letters' values clue by clue, most constrained first, re-judging every
//! solution with the plain evaluator.

pub mod expr;
pub mod puzzle;
pub mod solve;

pub use puzzle::{Clue, Puzzle};
pub use solve::{check, solve, Solution, Solutions};
