//! Writing a puzzle out in a chosen format: the export entry point, which
//! hands the puzzle to the format's writer.

use std::path::Path;

use super::{ipuz, jpz, puz, txt, xd, Format};
use crate::error::Result;
use crate::files::{self, Existing};
use crate::puzzle::Puzzle;

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
pub(crate) fn render_over(puzzle: &Puzzle, format: Format, original: &[u8]) -> Result<Vec<u8>> {
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
