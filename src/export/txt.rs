//! Plain text: the grid and numbered clues.

use crate::puzzle::Puzzle;

/// The puzzle as plain text.
pub fn write(puzzle: &Puzzle) -> String {
    puzzle.grid.to_text()
}
