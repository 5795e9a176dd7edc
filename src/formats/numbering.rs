//! The one check every reader makes of a clue the file numbers: that the
//! grid has a word with that number and direction.
//!
//! `.ipuz`, `.jpz` and `.xd` all give a clue's number and direction and
//! the grid decides the words, so a clue for a word the grid lacks cannot
//! be placed; that is an error, never a clue dropped. The formats name a
//! clue differently in messages (`A9` in `.xd`, `9 Across` in `.jpz`, with
//! its text in `.ipuz`), so the caller says how.

use crate::grid::Direction;
use crate::puzzle::{direction_name, Clue, Puzzle};

/// The puzzle's clue for the word numbered `number` in `direction`, or a
/// message that the grid has no such word, naming the clue as `named`
/// (`clue {named} does not match the grid: …`).
pub(super) fn grid_clue<'p>(
    puzzle: &'p mut Puzzle,
    number: u32,
    direction: Direction,
    named: &str,
) -> Result<&'p mut Clue, String> {
    puzzle.clue_mut(number, direction).ok_or_else(|| {
        let name = direction_name(direction);
        format!("clue {named} does not match the grid: no {name} word is numbered {number}")
    })
}
