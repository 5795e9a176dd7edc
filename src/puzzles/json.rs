//! What the JSON puzzle kinds (`regex`, `numbers`) share: reading a puzzle
//! file, and the solutions a search hands back.
//!
//! Each kind keeps its own file structure (serde types) and its own checks;
//! this module gives them one way to report a bad file. Every error names the
//! file: a JSON syntax error with its line and column, a missing, unknown or
//! mistyped field with the field, and a failed check with the value it
//! rejects (`puzzle.json: values: 3 appears twice`).

use std::fmt::Display;
use std::path::Path;

use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::{Error, Result};

/// Reads the puzzle file at `path` (at most [`crate::files::MAX_DOCUMENT_BYTES`],
/// UTF-8) and builds the puzzle with `from_json`, which gets the text and
/// the name to put in front of its errors.
pub fn load<T>(path: &Path, from_json: impl FnOnce(&str, &str) -> Result<T>) -> Result<T> {
    let text = crate::files::read_text(path, crate::files::MAX_DOCUMENT_BYTES)?;
    from_json(&text, &path.display().to_string())
}

/// `text` as JSON; a syntax error names `source`, the line and the column.
pub fn parse(text: &str, source: &str) -> Result<Value> {
    crate::files::parse_json(text, source)
}

/// Reads `value` as the file structure `F`, then builds the puzzle from it
/// with `build`; the errors of both steps are prefixed with `source`.
pub fn decode<F: DeserializeOwned, T>(
    value: Value,
    source: &str,
    build: impl FnOnce(F) -> Result<T>,
) -> Result<T> {
    let file: F = serde_json::from_value(value).map_err(|e| in_source(source, e))?;
    build(file).map_err(|e| in_source(source, e))
}

/// `problem` as an error about the file `source` ("`source`: `problem`").
pub(crate) fn in_source(source: &str, problem: impl Display) -> Error {
    Error::invalid(format!("{source}: {problem}"))
}

/// The solutions a search found, and how it ended.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Solutions<T> {
    pub found: Vec<T>,
    /// The search ran to the end: `found` is every solution. False when it
    /// stopped at the requested maximum or the time limit.
    pub complete: bool,
    /// The time limit passed before the search was complete.
    pub timed_out: bool,
}
