//! The file formats: every file other crossword software opens, written
//! from and read into the one puzzle document ([`Puzzle`]).
//!
//! A puzzle made here, or imported from a `.puz`, `.ipuz`, `.jpz` or `.xd`
//! file, can be handed to Across Lite (`.puz`), web apps (`.ipuz`),
//! Crossword Compiler (`.jpz`), the xd corpus tools (`.xd`) or a plain text
//! reader (`.txt`). Each format is a codec of its own with its reader and
//! its writer apart; the entry points pick one by [`Format`]: [`import`] and
//! [`read`] bring finished puzzles in, [`render`], [`render_over`] and
//! [`save`] write them out.

mod cell_text;
mod export;
mod import;
pub mod ipuz;
pub mod jpz;
mod numbering;
pub mod puz;
pub mod txt;
pub mod xd;
mod zip;

use std::path::Path;

pub(crate) use export::render_over;
pub use export::{render, save};
pub(crate) use import::READ;
pub use import::{import, read};

use crate::error::{Error, Result};
use crate::puzzle::Puzzle;

/// A file format, known by the extension that names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Puz,
    Ipuz,
    Jpz,
    Xd,
    Txt,
}

impl Format {
    pub const ALL: [Format; 5] = [
        Format::Puz,
        Format::Ipuz,
        Format::Jpz,
        Format::Xd,
        Format::Txt,
    ];

    /// The file name extension, which is also the format's name on the
    /// command line.
    pub fn extension(self) -> &'static str {
        match self {
            Format::Puz => "puz",
            Format::Ipuz => "ipuz",
            Format::Jpz => "jpz",
            Format::Xd => "xd",
            Format::Txt => "txt",
        }
    }

    /// The format a file name's extension names, if any (case-insensitive).
    pub fn of_path(path: &Path) -> Option<Format> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        Format::ALL.into_iter().find(|f| f.extension() == ext)
    }
}

/// A format with no way to say a bar (`.puz`, `.xd`) refuses a barred
/// grid rather than write a puzzle whose words are not the grid's.
fn refuse_bars(puzzle: &Puzzle, format: Format) -> Result<()> {
    if puzzle.grid.is_barred() {
        return Err(Error::invalid(format!(
            "cannot write .{0}: the grid has bars, which .{0} cannot hold; write it as .ipuz or .jpz",
            format.extension()
        )));
    }
    Ok(())
}
