//! Typesetting: the puzzle as a printable PDF.
//!
//! Page 1 is the puzzle as a newspaper would print it (title and byline, the
//! numbered grid sized for writing in, ACROSS and DOWN clue lists in columns
//! beside and below it, each clue with its enumeration if it has one); clues
//! that do not fit continue on the next page; the last page is the filled
//! solution grid. Every page carries the copyright at its foot. A puzzle
//! without a title, author or copyright simply prints without that line, and
//! the grid and clues get the room.
//!
//! The work is split in three: [`layout`] decides where everything goes as a
//! plain list of text runs, boxes and lines ([`page`]), using [`board`] for
//! the grid and [`clues`] for the columns of clues; [`render`] turns that
//! list into PDF with printpdf, embedding the DejaVu Sans faces of [`fonts`]
//! so that any Unicode in titles and clues prints and extracts as itself.
//! The same puzzle and options always give the same bytes. [`lay_out`] gives
//! the layout's decisions (sizes, and where each grid, clue and text run
//! went) without the PDF, for checking them.

mod board;
mod clues;
mod fonts;
mod layout;
mod page;
mod render;

use std::path::Path;

use crate::error::{Error, Result};
use crate::files::{self, Existing};
use crate::grid::Cell;
use crate::puzzle::Puzzle;

pub use layout::Layout;
pub use page::Rect;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Paper {
    #[default]
    Letter,
    A4,
}

impl Paper {
    /// Width and height in points (1/72 inch).
    pub fn size(self) -> (f32, f32) {
        match self {
            Paper::Letter => (612.0, 792.0),
            // 210 × 297 mm.
            Paper::A4 => (595.276, 841.89),
        }
    }
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

/// The puzzle as the bytes of a PDF file. A solution page needs a completely
/// filled grid; asking for one with empty cells is an error.
pub fn pdf(puzzle: &Puzzle, options: &PdfOptions) -> Result<Vec<u8>> {
    check_printable(puzzle, options)?;
    let fonts = fonts::Fonts::load()?;
    let (pages, _) = layout::document(&fonts, puzzle, options.paper.size(), options.solution)?;
    let info = render::Info {
        title: &puzzle.title,
        author: &puzzle.author,
    };
    render::document(&fonts, &pages, &info, &fingerprint(puzzle, options))
}

/// Where [`pdf`] puts everything, and at what sizes, for the same puzzle and
/// options (and the same errors).
pub fn lay_out(puzzle: &Puzzle, options: &PdfOptions) -> Result<Layout> {
    check_printable(puzzle, options)?;
    let fonts = fonts::Fonts::load()?;
    let (_, layout) = layout::document(&fonts, puzzle, options.paper.size(), options.solution)?;
    Ok(layout)
}

fn check_printable(puzzle: &Puzzle, options: &PdfOptions) -> Result<()> {
    if options.solution {
        check_filled(puzzle)?;
    }
    check_clue_lengths(puzzle)
}

/// Writes [`pdf`] to `path` (see [`files::write`]).
pub fn save_pdf(
    puzzle: &Puzzle,
    options: &PdfOptions,
    path: &Path,
    existing: Existing,
) -> Result<()> {
    files::write(path, &pdf(puzzle, options)?, existing)
}

/// Longest clue the layout takes. Published clues run to a few hundred
/// characters at most; far longer text is not a clue, and laying it out
/// column after column would take minutes.
pub(crate) const MAX_CLUE_CHARS: usize = 1000;

fn check_clue_lengths(puzzle: &Puzzle) -> Result<()> {
    for clue in &puzzle.clues {
        let chars = clue.text.chars().count();
        if chars > MAX_CLUE_CHARS {
            let d = match clue.direction {
                crate::grid::Direction::Across => 'A',
                crate::grid::Direction::Down => 'D',
            };
            return Err(Error::invalid(format!(
                "clue {}{d} has {chars} characters; a printed clue can have at most {MAX_CLUE_CHARS}",
                clue.number
            )));
        }
    }
    Ok(())
}

fn check_filled(puzzle: &Puzzle) -> Result<()> {
    let grid = &puzzle.grid;
    let empty = (0..grid.height())
        .flat_map(|row| (0..grid.width()).map(move |col| (row, col)))
        .filter(|&(row, col)| grid.get(row, col) == Cell::Empty)
        .count();
    if empty == 0 {
        return Ok(());
    }
    let cells = if empty == 1 { "cell" } else { "cells" };
    Err(Error::invalid(format!(
        "cannot print a solution page: the grid has {empty} empty {cells}; \
         fill the grid or use --no-solution"
    )))
}

/// Everything the document is made from, for its id.
fn fingerprint(puzzle: &Puzzle, options: &PdfOptions) -> Vec<u8> {
    let mut data = crate::formats::ipuz::write(puzzle).into_bytes();
    data.extend(
        format!(
            "{:?} {} {}",
            options.paper, options.solution, puzzle.min_slot
        )
        .bytes(),
    );
    data
}
