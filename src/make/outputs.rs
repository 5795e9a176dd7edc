//! The files `make` writes: `.ipuz`, `.puz` (`.jpz` for a barred grid,
//! which `.puz` cannot hold) and `.pdf` under one name, as one set that
//! appears whole or not at all.

use std::path::{Path, PathBuf};

use crate::error::Result;
use crate::files::{self, Existing};
use crate::formats::{self, Format};
use crate::puzzle::Puzzle;
use crate::typeset::{self, PdfOptions};

/// The files `make` writes for a puzzle called `name` in `dir`; `barred`
/// says whether its grid has bars.
pub fn output_paths(dir: &Path, name: &str, barred: bool) -> Vec<(PathBuf, OutputKind)> {
    let exchange = if barred {
        OutputKind::Jpz
    } else {
        OutputKind::Puz
    };
    [OutputKind::Ipuz, exchange, OutputKind::Pdf]
        .into_iter()
        .map(|kind| (dir.join(format!("{name}.{}", kind.extension())), kind))
        .collect()
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OutputKind {
    Ipuz,
    Puz,
    Jpz,
    Pdf,
}

impl OutputKind {
    fn extension(self) -> &'static str {
        match self {
            OutputKind::Ipuz => "ipuz",
            OutputKind::Puz => "puz",
            OutputKind::Jpz => "jpz",
            OutputKind::Pdf => "pdf",
        }
    }
}

/// Writes the puzzle as `.ipuz`, `.puz` (or `.jpz`) and `.pdf` into `dir`, as one set
/// ([`files::write_set`]): every file is rendered and every name checked
/// against `existing` before any is written, and the three appear together
/// or not at all.
pub fn write_outputs(
    puzzle: &Puzzle,
    dir: &Path,
    name: &str,
    pdf: &PdfOptions,
    existing: Existing,
) -> Result<Vec<PathBuf>> {
    let paths = output_paths(dir, name, puzzle.grid.is_barred());
    for (path, _) in &paths {
        files::target(path, existing)?;
    }
    let mut rendered = Vec::new();
    for (path, kind) in paths {
        let bytes = match kind {
            OutputKind::Ipuz => formats::ipuz::write(puzzle).into_bytes(),
            OutputKind::Puz => formats::render(puzzle, Format::Puz)?,
            OutputKind::Jpz => formats::render(puzzle, Format::Jpz)?,
            OutputKind::Pdf => typeset::pdf(puzzle, pdf)?,
        };
        rendered.push((path, bytes));
    }
    let set: Vec<(&Path, &[u8])> = rendered
        .iter()
        .map(|(path, bytes)| (path.as_path(), bytes.as_slice()))
        .collect();
    files::write_set(&set, existing)?;
    Ok(rendered.into_iter().map(|(path, _)| path).collect())
}
