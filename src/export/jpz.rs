//! Crossword Compiler `.jpz` (rectangular-puzzle XML, plain UTF-8).

use crate::error::{Error, Result};
use crate::puzzle::Puzzle;

/// The puzzle as `.jpz` XML.
pub fn write(_puzzle: &Puzzle) -> Result<String> {
    Err(Error::invalid(".jpz export is not written yet"))
}
