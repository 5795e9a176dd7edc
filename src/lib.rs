//! cruciverb: crossword construction from grid patterns to printable puzzles.
//!
//! Data flows one way through the stages: `pattern` (black/white shapes) →
//! `grid` (cells, slots, numbering) → `wordlist` (scored words) → later stages
//! that fill and typeset.

pub mod error;
pub mod fill;
pub mod grid;
pub mod pattern;
pub mod terminal;
pub mod wordlist;

pub use error::{Error, Result};
