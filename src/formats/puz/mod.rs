//! Across Lite `.puz` (version 1.3): the binary format most crossword apps
//! still open.
//!
//! A file is a 52-byte header, the solution grid and the player's grid (one
//! byte per cell, row by row), then NUL-terminated strings: title, author,
//! copyright, every clue, notes. Optional sections (timer, circles, rebus…)
//! may follow. The format has no numbers or directions for its clues: a
//! reader numbers the grid itself, counting every run of two or more white
//! cells as a word, and takes the clues in number order, Across before Down
//! where both start at one cell. So writing only ever needs the texts in that
//! order, and reading rebuilds the words from the solution grid. Nor has it
//! a place for a clue's enumeration: it ends the clue text as printed,
//! `Comic (6,3,6)`, and reading takes a trailing `(…)` that spells the
//! answer's letters back out of the text (see
//! [`Puzzle::split_enumerations`]).
//!
//! Cell marks travel in optional sections after the strings, each a
//! 4-letter code, the data's length and checksum, the data and a NUL:
//! `GRBS` (one byte a cell: 0, or 1 + the key of the cell's rebus), `RTBL`
//! (the rebus texts, ` 0:HEART; 1:STAR;`: keys right-aligned in two
//! columns, as Across Lite writes them) and `GEXT` (one byte a cell:
//! 0x80 circled, as in Across Lite; 0x08 shaded, a bit of our own that
//! Across Lite has no use for and leaves alone). A rebus cell's solution
//! byte is the rebus's first letter.
//!
//! Readers trust nothing they cannot check: the header carries checksums of
//! the size block, of the whole content, and of four parts masked with
//! "ICHEATED" (see [`checksum`]); we write all of them and reading rejects a
//! file where any of them is wrong, naming which.

mod checksum;
mod latin1;
mod read;
mod write;

pub use latin1::to_latin1;
pub use read::read;
pub use write::write;
pub(crate) use write::write_over;

use crate::grid::DEFAULT_MIN_SLOT;
use crate::grid::{Direction, Grid};

/// The signature every file has at offset 2.
const MAGIC: &[u8; 12] = b"ACROSS&DOWN\0";
const HEADER_LEN: usize = 0x34;
const VERSION: &[u8; 4] = b"1.3\0";

// Header offsets.
const GLOBAL_SUM: usize = 0x00;
const MAGIC_AT: usize = 0x02;
const CIB_SUM: usize = 0x0E;
const MASKED_SUMS: usize = 0x10;
const VERSION_AT: usize = 0x18;
/// The size block (CIB): width, height, clue count, type, solution state.
const CIB: usize = 0x2C;

const BLOCK: u8 = b'.';
/// Diagramless puzzles mark blocks with `:` instead.
const DIAGRAMLESS_BLOCK: u8 = b':';
const BLANK: u8 = b'-';

const TYPE_NORMAL: u16 = 0x0001;
const STATE_PLAIN: u16 = 0x0000;
/// Solution-state bits: the solution is missing, or scrambled with a key.
const STATE_NO_SOLUTION: u16 = 0x0002;
const STATE_SCRAMBLED: u16 = 0x0004;

const SECTION_HEADER_LEN: usize = 8;
const REBUS_GRID: &[u8; 4] = b"GRBS";
const REBUS_TABLE: &[u8; 4] = b"RTBL";
const MARKUP: &[u8; 4] = b"GEXT";
/// GEXT bits. Across Lite's other bits (0x10, 0x20, 0x40) record a
/// solver's mistakes and hints, which a puzzle document does not keep.
const CIRCLED: u8 = 0x80;
const SHADED: u8 = 0x08;

/// The grid's words as (number, direction), by number, Across first: the
/// order of the file's clues, which the writer follows and the reader
/// takes them back in, so the two share it.
fn words_in_file_order(grid: &Grid) -> Vec<(u32, Direction)> {
    let mut words: Vec<(u32, Direction)> = grid
        .slots(DEFAULT_MIN_SLOT)
        .iter()
        .map(|slot| (slot.number, slot.direction))
        .collect();
    words.sort();
    words
}
