//! Typesetting: the puzzle as a printable PDF.

use std::path::Path;

use crate::error::{Error, Result};
use crate::pattern::output::write_atomically;
use crate::puzzle::Puzzle;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Paper {
    #[default]
    Letter,
    A4,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PdfOptions {
    pub paper: Paper,
    /// Add a second page with the solution grid.
    pub solution: bool,
}

impl Default for PdfOptions {
    fn default() -> Self {
        PdfOptions {
            paper: Paper::Letter,
            solution: true,
        }
    }
}

/// The puzzle as the bytes of a PDF file.
pub fn pdf(_puzzle: &Puzzle, _options: &PdfOptions) -> Result<Vec<u8>> {
    Err(Error::invalid("PDF output is not written yet"))
}

/// Writes [`pdf`] to `path`, replacing it only once complete.
pub fn save_pdf(puzzle: &Puzzle, options: &PdfOptions, path: &Path) -> Result<()> {
    write_atomically(path, &pdf(puzzle, options)?)
}
