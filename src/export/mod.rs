//! Exchange formats: the files other crossword software opens.
//!
//! Every format is written from the one puzzle document ([`Puzzle`]), so a
//! puzzle made here, or imported from a `.puz`, `.ipuz`, `.jpz` or `.xd`
//! file, can be handed to Across Lite (`.puz`), web apps (`.ipuz`),
//! Crossword Compiler (`.jpz`), the xd corpus tools (`.xd`) or a plain text
//! reader (`.txt`).

mod cell_text;
pub mod ipuz;
pub mod jpz;
pub mod puz;
pub mod txt;
pub mod xd;
mod zip;

use std::path::Path;

use crate::error::{Error, Result};
use crate::files::{self, Existing};
use crate::puzzle::Puzzle;

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

/// The puzzle in `format`, as the bytes of a file.
pub fn render(puzzle: &Puzzle, format: Format) -> Result<Vec<u8>> {
    Ok(match format {
        Format::Puz => puz::write(puzzle)?,
        Format::Ipuz => ipuz::write(puzzle).into_bytes(),
        Format::Jpz => jpz::write(puzzle)?.into_bytes(),
        Format::Xd => xd::write(puzzle)?.into_bytes(),
        Format::Txt => txt::write(puzzle).into_bytes(),
    })
}

/// The puzzle in `format`, written over `original`, the bytes of the file
/// it was opened from: what the format holds beyond the puzzle model is
/// kept — an .ipuz's other keys, a .puz's solver grid and other sections,
/// an .xd's other headers (see each format's `write_over`). A .jpz is
/// written afresh: its applet settings and other elements are not kept.
pub fn render_over(puzzle: &Puzzle, format: Format, original: &[u8]) -> Result<Vec<u8>> {
    let text = std::str::from_utf8(original).ok();
    Ok(match format {
        Format::Puz => puz::write_over(puzzle, original)?,
        Format::Ipuz => match text.and_then(|t| serde_json::from_str(t).ok()) {
            Some(doc) => ipuz::write_over(puzzle, &doc).into_bytes(),
            None => ipuz::write(puzzle).into_bytes(),
        },
        Format::Xd => match text {
            Some(text) => xd::write_over(puzzle, text)?.into_bytes(),
            None => xd::write(puzzle)?.into_bytes(),
        },
        Format::Jpz | Format::Txt => render(puzzle, format)?,
    })
}

/// Writes the puzzle to `path` in `format` (see [`files::write`]).
pub fn save(puzzle: &Puzzle, format: Format, path: &Path, existing: Existing) -> Result<()> {
    files::write(path, &render(puzzle, format)?, existing)
}

/// Reads a finished puzzle from a `.puz`, `.ipuz`, `.jpz` or `.xd` file (by
/// its extension).
pub fn import(path: &Path) -> Result<Puzzle> {
    let name = path.display().to_string();
    if path.is_dir() {
        return Err(Error::invalid(format!("{name} is a directory")));
    }
    let format = Format::of_path(path).ok_or_else(|| {
        Error::invalid(format!(
            "{name}: cannot tell the format from the file name (import reads {READ})"
        ))
    })?;
    let bytes = files::read_bounded(path, files::MAX_DOCUMENT_BYTES)?;
    read(&bytes, format, &name)
}

/// The formats [`read`] takes, as messages list them.
pub const READ: &str = ".puz, .ipuz, .jpz and .xd";

/// Reads a finished puzzle from the bytes of a `.puz`, `.ipuz`, `.jpz` or
/// `.xd` file; `name` names it in errors.
pub fn read(bytes: &[u8], format: Format, name: &str) -> Result<Puzzle> {
    match format {
        Format::Puz => puz::read(bytes, name),
        Format::Ipuz => ipuz::read(files::utf8(bytes, name)?, name),
        Format::Jpz => jpz::read(bytes, name),
        Format::Xd => xd::read(files::utf8(bytes, name)?, name),
        Format::Txt => Err(Error::invalid(format!(
            "{name}: import reads {READ} files, not .{}",
            format.extension()
        ))),
    }
}
