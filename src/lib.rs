//! cruciverb: crossword construction from grid patterns to printable puzzles.
//!
//! Data flows one way through the stages: `pattern` (black/white shapes) →
//! `grid` (cells, slots, numbering) → `wordlist` (scored words) → `fill` →
//! `puzzle` (the finished document: solution, clues and credits, stored as
//! ipuz) → `clues` (clue texts) → `typeset` (PDF) and `export` (other
//! formats; `export::import` brings finished puzzles in); `make` runs the
//! whole chain. The same word index and search ideas serve the related
//! puzzles: `squares` (word squares), `arrange` (placing a word set) and
//! `regex` (regex crosswords, with their own automata instead of a word list).

pub mod arrange;
pub mod clues;
pub mod data;
pub mod error;
pub mod export;
pub mod files;
pub mod fill;
pub mod grid;
pub mod make;
pub mod pattern;
pub mod progress;
pub mod puzzle;
pub mod regex;
pub mod squares;
pub mod terminal;
pub mod typeset;
pub mod wordlist;

pub use error::{Error, Result};
