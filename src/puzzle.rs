//! The puzzle document: a grid with its solution, clues and credits.
//!
//! Later stages (clue writing, typesetting, export) need one value that
//! carries everything about a puzzle. Its file form is ipuz, the open format
//! other crossword software reads and writes (see `export::ipuz`), so a
//! puzzle can be opened in a solver or editor as it is, and puzzles made
//! elsewhere can come in.

use crate::grid::{Cell, Direction, Grid, Slot};

/// The shortest run that is a word when a file does not say otherwise.
pub const DEFAULT_MIN_SLOT: usize = 2;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// The solution: letters in filled white cells, `Cell::Empty` where the
    /// fill is not done yet.
    pub grid: Grid,
    /// Runs shorter than this are unchecked cells, not words. ipuz has no
    /// field for it, so reading infers it from the file's numbering and clue
    /// lists, preferring [`DEFAULT_MIN_SLOT`]; a grid where several minimums
    /// give the same words reads back as the first of 2, 1, 3, 4, ….
    pub min_slot: usize,
    pub title: String,
    pub author: String,
    pub copyright: String,
    pub notes: String,
    /// One per slot of `grid.slots(min_slot)`, in that order (Across first,
    /// then Down, each by number).
    pub clues: Vec<Clue>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clue {
    pub number: u32,
    pub direction: Direction,
    /// The slot's letters, `.` for a cell not filled yet, so its length is
    /// always the slot's length.
    pub answer: String,
    pub text: String,
}

impl Puzzle {
    /// A puzzle with no credits and empty clue texts for every slot.
    pub fn from_grid(grid: Grid, min_slot: usize) -> Puzzle {
        let clues = grid
            .slots(min_slot)
            .iter()
            .map(|slot| Clue {
                number: slot.number,
                direction: slot.direction,
                answer: answer(&grid, slot),
                text: String::new(),
            })
            .collect();
        Puzzle {
            grid,
            min_slot,
            title: String::new(),
            author: String::new(),
            copyright: String::new(),
            notes: String::new(),
            clues,
        }
    }

    pub fn clue(&self, number: u32, direction: Direction) -> Option<&Clue> {
        self.clues
            .iter()
            .find(|c| c.number == number && c.direction == direction)
    }

    pub fn clue_mut(&mut self, number: u32, direction: Direction) -> Option<&mut Clue> {
        self.clues
            .iter_mut()
            .find(|c| c.number == number && c.direction == direction)
    }
}

pub(crate) fn answer(grid: &Grid, slot: &Slot) -> String {
    slot.cells()
        .map(|(r, c)| match grid.get(r, c) {
            Cell::Letter(b) => b as char,
            Cell::Empty | Cell::Block => '.',
        })
        .collect()
}

/// "Across" or "Down", as files name the directions.
pub fn direction_name(direction: Direction) -> &'static str {
    match direction {
        Direction::Across => "Across",
        Direction::Down => "Down",
    }
}
