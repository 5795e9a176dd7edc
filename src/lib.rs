//! cruciverb: crossword construction from grid patterns to printable puzzles.
//!
//! Data flows one way through the stages: `pattern` (black/white shapes) →
//! `grid` (cells, slots, numbering) → `wordlist` (scored words) → `fill` →
//! `puzzle` (the finished document: solution, clues and credits, stored as
//! ipuz) → later stages that typeset.

pub mod error;
pub mod fill;
pub mod grid;
pub mod pattern;
pub mod puzzle;
pub mod terminal;
pub mod wordlist;

pub use error::{Error, Result};
