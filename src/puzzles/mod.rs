//! The side puzzles: kinds of word and letter puzzles that are not the
//! pattern → fill → clues → print pipeline, but reuse its lower layers (the
//! grid model, the word list's index, the finished puzzle document).
//!
//! - `squares`: word squares, every row and column a word of the list;
//! - `arrange`: placing a given word set across and down in a small square;
//! - `regex`: regex crosswords, with their own regex engine and automata
//!   instead of a word list;
//! - `numbers`: number crosswords, arithmetic clues over letters;
//! - `json`: what the two JSON puzzle kinds share (reading the file with
//!   errors that name it, and [`Solutions`]).
//!
//! To add a kind: give it a module here (a folder once it needs more than
//! one file), with the library side only: reading its input, solving, and
//! results as values, never printing. A kind read from a JSON file loads it
//! through [`json::load`] and [`json::decode`] and returns a
//! [`Solutions`]; its command goes in `src/cli/` (one file per subcommand),
//! using `src/cli/solutions.rs` to report solutions the way the others do.
//! The folder is one layer: its modules use only the layers below
//! (`tests/it/architecture.rs`), and apart from `json` none uses another.

pub mod arrange;
pub mod json;
pub mod numbers;
pub mod regex;
pub mod squares;

pub use json::Solutions;
