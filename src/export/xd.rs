//! The `.xd` plain-text crossword format: headers, grid, clues.

use crate::error::{Error, Result};
use crate::puzzle::Puzzle;

/// The puzzle as `.xd` text.
pub fn write(_puzzle: &Puzzle) -> Result<String> {
    Err(Error::invalid(".xd export is not written yet"))
}

/// Reads `.xd` text; `name` is used in error messages.
pub fn read(_text: &str, name: &str) -> Result<Puzzle> {
    Err(Error::invalid(format!(
        "{name}: .xd import is not written yet"
    )))
}
