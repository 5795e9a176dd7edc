//! Across Lite `.puz` (version 1.3): binary, ISO-8859-1 strings, checksums.

use crate::error::{Error, Result};
use crate::puzzle::Puzzle;

/// The puzzle as a `.puz` file.
pub fn write(_puzzle: &Puzzle) -> Result<Vec<u8>> {
    Err(Error::invalid(".puz export is not written yet"))
}

/// Reads a `.puz` file; `name` is used in error messages.
pub fn read(_bytes: &[u8], name: &str) -> Result<Puzzle> {
    Err(Error::invalid(format!(
        "{name}: .puz import is not written yet"
    )))
}
