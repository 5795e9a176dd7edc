//! The ipuz format (v2, crossword kind): the puzzle document's own file form.
//!
//! What [`write`] writes:
//! - `puzzle`: the clue number where a word starts, `0` (the file's `empty`)
//!   for other white cells, `"#"` (the file's `block`) for blocks; a circled
//!   or shaded cell, or one with a bar on its right or lower side, is an
//!   object `{"cell": 3, "style": {"shapebg": "circle", "highlight": true,
//!   "barred": "RB"}}` with the style properties it needs (each bar is
//!   written once, on the cell to its left or above it);
//! - `solution`: one-letter strings, a rebus cell's whole text (`"HEART"`),
//!   `"#"` for blocks, `null` for a white cell not filled yet;
//! - `clues`: every slot as `[number, "text"]`, Across then Down, in number
//!   order, with `""` where no clue is written yet; a clue with an
//!   enumeration as the spec's clue object `{"number": 1, "clue": "text",
//!   "enumeration": "6,3,6"}`, and then `"showenumerations": true`, without
//!   which solvers (Forkyz among them) do not print enumerations;
//! - `title`, `author`, `copyright`, `notes` only when not empty.
//!
//! [`read`] reads that and the variants other tools write (see its
//! documentation). Anything it cannot represent faithfully is an error
//! naming the place and the problem, never a guess. Rows and columns in
//! messages count from 1.

mod read;
mod write;

pub use read::{load, read};
pub(crate) use write::write_over;
pub use write::{save, write};

const VERSION: &str = "http://ipuz.org/v2";
const CROSSWORD_KIND: &str = "http://ipuz.org/crossword#1";
const BLOCK: &str = "#";
