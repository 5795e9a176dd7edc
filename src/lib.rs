//! cruciverb: crossword construction from grid patterns to printable puzzles.
//!
//! Data flows one way, and the modules are layered in that order; a module
//! uses only layers below its own (`tests/it/architecture.rs` checks it):
//!
//! 1. `error`; then the shared helpers `files` (writing outputs, one policy
//!    for existing files), `progress` (how long work reports, since the
//!    library never prints) and `data` (embedded data);
//! 2. `pattern`: black/white shapes, their rules, enumeration and files;
//! 3. `grid`: cells, slots and numbering over a pattern;
//! 4. `wordlist` (scored words and their index) and `terminal` (drawing grids);
//! 5. `theme`: theme files and the ways of seating their entries in a
//!    pattern;
//! 6. `fill`: the search that puts words in a grid;
//! 7. `puzzle`: the finished document (solution, marks, clues, credits);
//! 8. `clues`: clue texts for a puzzle;
//! 9. `formats`: the file formats (.ipuz, the document's own, and .puz,
//!    .jpz, .xd, .txt), each read and written; `formats::render` and
//!    `formats::save` write puzzles out, `formats::import` brings finished
//!    puzzles in;
//! 10. `typeset`: the printable PDF;
//! 11. `draw`: drawing patterns to fill (the rules to draw them under, the
//!     seeded draws, and drawing again until one fills), for `make` and
//!     `studio`;
//! 12. what runs whole chains: `make` (pattern to PDF), `batch` (a pattern
//!     file filled in parallel), and `puzzles`, the related puzzles:
//!     `puzzles::squares` (word squares), `puzzles::arrange` (placing a word
//!     set), `puzzles::regex` (regex crosswords, with their own automata
//!     instead of a word list) and `puzzles::numbers` (number crosswords:
//!     arithmetic clues over letters);
//! 13. `studio`: the constructor in the browser, over all of the above.
//!
//! The command line (`src/main.rs`, `src/cli/`) is a thin layer over this.

pub mod batch;
pub mod clues;
pub mod data;
pub mod draw;
pub mod error;
pub mod files;
pub mod fill;
pub mod formats;
pub mod grid;
pub mod make;
pub mod pattern;
pub mod progress;
pub mod puzzle;
pub mod puzzles;
pub mod studio;
pub mod terminal;
pub mod theme;
pub mod typeset;
pub mod wordlist;

pub use error::{Error, Result};
