//! What a `.jpz` says, as gathered by the one pass over its XML (see
//! [`xml`](super::xml)) and checked as a whole by [`read`](super): the
//! document's parts with where each was written, for errors that give the
//! line and column. Kept apart from both, so the pass that fills it in and
//! the check that reads it each import it, and not each other.

use crate::error::Error;
use crate::grid::{Cell, Direction, Mark, Slot};
use crate::puzzle::direction_name;

/// The XML text and the file's name, for errors.
pub(super) struct Source<'a> {
    pub(super) text: &'a str,
    pub(super) name: &'a str,
}

impl Source<'_> {
    /// Line and column (from 1) of byte `at` of the text.
    pub(super) fn position(&self, at: usize) -> (usize, usize) {
        let before = &self.text.as_bytes()[..at.min(self.text.len())];
        let line_start = before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        let line = 1 + before.iter().filter(|&&b| b == b'\n').count();
        // Counting the bytes that start a character counts characters.
        let column = 1 + before[line_start..]
            .iter()
            .filter(|&&b| b & 0xC0 != 0x80)
            .count();
        (line, column)
    }

    /// An error at byte `at` of the text.
    pub(super) fn error(&self, at: usize, message: impl Into<String>) -> Error {
        let (line, column) = self.position(at);
        Error::parse(self.name, line, Some(column), message)
    }

    /// An error about the document as a whole.
    pub(super) fn invalid(&self, message: impl std::fmt::Display) -> Error {
        Error::invalid(format!("{}: {message}", self.name))
    }
}

/// What the file says, gathered in one pass; [`Document::into_puzzle`]
/// checks it as a whole. Everything kept is bounded by the grid's size
/// (words, clues and lists by [`GridSpec::max_words`]) or by the text.
#[derive(Default)]
pub(super) struct Document {
    pub(super) puzzles: usize,
    pub(super) crosswords: usize,
    pub(super) title: String,
    pub(super) author: String,
    pub(super) copyright: String,
    pub(super) notes: String,
    pub(super) grid: Option<GridSpec>,
    pub(super) words: Vec<Word>,
    pub(super) lists: Vec<ClueList>,
}

pub(super) struct GridSpec {
    pub(super) width: usize,
    pub(super) height: usize,
    pub(super) at: usize,
    /// Row by row, as given.
    pub(super) cells: Vec<Option<CellSpec>>,
}

impl GridSpec {
    /// The most words a grid this size has: two starting at every cell.
    pub(super) fn max_words(&self) -> usize {
        2 * self.width * self.height
    }
}

pub(super) struct CellSpec {
    pub(super) cell: Cell,
    pub(super) mark: Mark,
    /// The sides with a bar (`top-bar`, `right-bar`, …), by [`crate::grid::Side::ALL`]'s
    /// order.
    pub(super) bars: [bool; 4],
    pub(super) number: Option<u32>,
    pub(super) at: usize,
}

/// Where a word lies (0-based): what words and slots are compared by.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(super) struct Place {
    pub(super) direction: Direction,
    pub(super) row: usize,
    pub(super) col: usize,
    pub(super) len: usize,
}

impl Place {
    pub(super) fn of(slot: &Slot) -> Place {
        Place {
            direction: slot.direction,
            row: slot.row,
            col: slot.col,
            len: slot.len,
        }
    }

    pub(super) fn describe(&self) -> String {
        format!(
            "the {}-cell {} run at row {}, column {}",
            self.len,
            direction_name(self.direction),
            self.row + 1,
            self.col + 1
        )
    }
}

pub(super) struct Word {
    pub(super) id: String,
    pub(super) place: Place,
    pub(super) at: usize,
}

/// A `<word>` while its `<cells>` children are read.
pub(super) struct OpenWord {
    pub(super) id: String,
    /// (row, column), 0-based, in the order given.
    pub(super) cells: Vec<(usize, usize)>,
    /// A one-cell word's direction, from a range like `x="3-3"`.
    pub(super) direction: Option<Direction>,
    pub(super) at: usize,
}

pub(super) struct ClueList {
    /// The direction the list's title names, if it names one.
    pub(super) titled: Option<Direction>,
    pub(super) clues: Vec<ListedClue>,
}

/// A `<clue>`'s attributes, kept until its text is complete.
pub(super) struct ClueAttributes {
    pub(super) word: Option<String>,
    pub(super) number: Option<String>,
    pub(super) format: Option<String>,
    pub(super) at: usize,
}

pub(super) struct ListedClue {
    pub(super) attributes: ClueAttributes,
    pub(super) text: String,
}
