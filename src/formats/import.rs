//! Bringing finished puzzles in: the import entry point, which picks the
//! reader by the file's extension (or the caller's [`Format`]).

use std::path::Path;

use super::{ipuz, jpz, puz, xd, Format};
use crate::error::{Error, Result};
use crate::files;
use crate::puzzle::Puzzle;

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
pub(crate) const READ: &str = ".puz, .ipuz, .jpz and .xd";

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
