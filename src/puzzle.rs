//! The puzzle document: a grid with its solution, cell marks (circles,
//! shading, rebuses), clues and credits.
//!
//! Later stages (clue writing, typesetting, export) need one value that
//! carries everything about a puzzle. Its file form is ipuz, the open format
//! other crossword software reads and writes (see `formats::ipuz`), so a
//! puzzle can be opened in a solver or editor as it is, and puzzles made
//! elsewhere can come in.

use std::collections::BTreeMap;

use crate::error::{Error, Result};
use crate::grid::{check_marks, marked_text, Cell, Direction, Grid, Slot, DEFAULT_MIN_SLOT};

/// Cell marks live with the grid (the text grid format reads them); the
/// puzzle document carries them.
pub use crate::grid::Mark;
pub(crate) use crate::grid::Marks;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// The solution: letters in filled white cells, `Cell::Empty` where the
    /// fill is not done yet.
    pub grid: Grid,
    /// Runs shorter than this are unchecked cells, not words. ipuz has no
    /// field for it, so reading infers it from the file's numbering and clue
    /// lists (`.jpz`: from its words), preferring [`DEFAULT_MIN_SLOT`]; a
    /// grid where several minimums give the same words reads back as the
    /// first of 2, 1, 3, 4, … ([`min_slot_candidates`]).
    pub min_slot: usize,
    pub title: String,
    pub author: String,
    pub copyright: String,
    pub notes: String,
    /// One per slot of `grid.slots(min_slot)`, in that order (Across first,
    /// then Down, each by number).
    pub clues: Vec<Clue>,
    /// Circled, shaded and rebus cells by (row, col), counted from 0; an
    /// unmarked cell is absent, never stored as `Mark::default()`. A rebus
    /// cell's `grid` letter is the rebus's first letter. Set them with
    /// [`Puzzle::set_marks`], which checks them and updates the answers.
    pub marks: BTreeMap<(usize, usize), Mark>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clue {
    pub number: u32,
    pub direction: Direction,
    /// The slot's letters, `.` for a cell not filled yet, and a rebus
    /// cell's whole text (`HEARTBEAT` for a rebus HEART then BEAT). Its
    /// length is the slot's length only when no cell of the slot is a rebus.
    pub answer: String,
    pub text: String,
    /// The answer's word lengths as British puzzles print them after the
    /// clue, without the parentheses: `6,3,6`, `4-5`, `7`; empty when the
    /// puzzle prints none (American puzzles). See [`enumeration_of`]. The
    /// readers set it only to what [`enumeration_length`] accepts, so every
    /// format can write it and read it back.
    pub enumeration: String,
}

impl Clue {
    /// The clue as printed where the enumeration has no place of its own
    /// (`.puz`, `.xd`, plain text): see [`with_enumeration`].
    pub fn printed(&self) -> String {
        with_enumeration(&self.text, &self.enumeration)
    }
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
                answer: answer(&grid, &Marks::new(), slot),
                text: String::new(),
                enumeration: String::new(),
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
            marks: BTreeMap::new(),
        }
    }

    /// Replaces the marks after checking them against the grid (every cell
    /// white, no empty mark, every rebus two or more of A-Z and 0-9 starting
    /// with its cell's letter), and rewrites the clues' answers so that
    /// rebus cells count with their whole text.
    pub fn set_marks(&mut self, marks: Marks) -> Result<()> {
        check_marks(&self.grid, &marks).map_err(Error::invalid)?;
        self.marks = marks;
        let slots = self.grid.slots(self.min_slot);
        for clue in &mut self.clues {
            if let Some(slot) = slots
                .iter()
                .find(|s| s.number == clue.number && s.direction == clue.direction)
            {
                clue.answer = answer(&self.grid, &self.marks, slot);
            }
        }
        Ok(())
    }

    /// The grid in the text grid format, with a mark section when the
    /// puzzle has marks (see [`crate::grid::parse_marked_text`]).
    pub fn to_text(&self) -> String {
        marked_text(&self.grid, &self.marks)
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

    /// For formats with no place for an enumeration, which write it at the
    /// end of the clue text ([`Clue::printed`]): moves each trailing
    /// enumeration that spells its answer's letters from the text to
    /// [`Clue::enumeration`] (see [`split_enumeration`]). Call it once the
    /// marks are set, since a rebus cell's letters count in the answer.
    pub(crate) fn split_enumerations(&mut self) {
        for clue in &mut self.clues {
            if !clue.enumeration.is_empty() {
                continue;
            }
            let (text, enumeration) = split_enumeration(&clue.text, clue.answer.len());
            if let Some(enumeration) = enumeration {
                clue.text = text.to_string();
                clue.enumeration = enumeration;
            }
        }
    }
}

/// The minimum word lengths a reader tries, in order, for a file that does
/// not store one: [`DEFAULT_MIN_SLOT`], then 1, then 3, 4, … up to the
/// grid's longer side. The first that fits the file wins, so a grid where
/// several give the same words reads back as the earliest of them.
pub(crate) fn min_slot_candidates(grid: &Grid) -> impl Iterator<Item = usize> {
    let longest = grid.width().max(grid.height());
    [DEFAULT_MIN_SLOT, 1]
        .into_iter()
        .chain(DEFAULT_MIN_SLOT + 1..=longest)
}

/// The slot's answer as [`Clue::answer`] spells it.
pub(crate) fn answer(grid: &Grid, marks: &Marks, slot: &Slot) -> String {
    slot.cells()
        .map(|(r, c)| {
            if let Some(text) = marks.get(&(r, c)).and_then(|m| m.rebus.as_deref()) {
                return text.to_string();
            }
            match grid.get(r, c) {
                Cell::Letter(b) => (b as char).to_string(),
                Cell::Empty | Cell::Block => ".".to_string(),
            }
        })
        .collect()
}

/// The number of letters `enumeration` spells (`6,3,6` → 15), or None when
/// it is not one: positive numbers joined by `,` or `-` (a space may
/// follow a comma, as some files write `6, 3, 6`).
pub fn enumeration_length(enumeration: &str) -> Option<usize> {
    let mut total = 0usize;
    for part in enumeration.split([',', '-']) {
        let part = part.trim_start_matches(' ');
        if part.is_empty() || part.len() > 3 || !part.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let n: usize = part.parse().ok().filter(|&n| n > 0)?;
        total += n;
    }
    Some(total)
}

/// Splits a trailing enumeration off a clue as formats without a field for
/// it write one (`Boy-and-tiger comic (6,3,6)`): the clue text and the
/// enumeration, when the text ends with one that spells `letters` letters.
/// A clue ending in anything else, `(2019)` for a 5-letter answer among
/// them, is left whole.
pub(crate) fn split_enumeration(clue: &str, letters: usize) -> (&str, Option<String>) {
    let trimmed = clue.trim_end();
    if let Some(open) = trimmed.strip_suffix(')').and_then(|t| t.rfind('(')) {
        let inside = &trimmed[open + 1..trimmed.len() - 1];
        if enumeration_length(inside) == Some(letters) {
            let text = trimmed[..open].trim_end();
            return (text, Some(inside.replace(", ", ",")));
        }
    }
    (clue, None)
}

/// `text (enumeration)`, as a clue is printed; just the enumeration in
/// parentheses when there is no text yet, and the text alone when there is
/// no enumeration. [`split_enumeration`] reads it back.
pub(crate) fn with_enumeration(text: &str, enumeration: &str) -> String {
    match (text.is_empty(), enumeration.is_empty()) {
        (_, true) => text.to_string(),
        (true, false) => format!("({enumeration})"),
        (false, false) => format!("{text} ({enumeration})"),
    }
}

/// An enumeration as other software writes it in a field of its own, in
/// our form: parentheses around it, spaces after or around commas and
/// hyphens, spaces between words (`6 3 6`) and typographic hyphens and dashes
/// are all accepted (`(6, 3, 6)`, `6 3 6` → `6,3,6`; `4‐5`, `4 – 5` →
/// `4-5`). None when what is left is not word lengths
/// ([`enumeration_length`]); the caller treats an empty field as none.
pub(crate) fn parse_enumeration(written: &str) -> Option<String> {
    let text = written.trim();
    let text = text
        .strip_prefix('(')
        .and_then(|t| t.strip_suffix(')'))
        .unwrap_or(text);
    let mut out = String::new();
    // Whitespace between two numbers separates words; next to a comma or a
    // hyphen it is only spacing.
    let mut space = false;
    for ch in text.chars() {
        match ch {
            c if c.is_whitespace() => space = true,
            ',' => {
                out.push(',');
                space = false;
            }
            '-' | '\u{2010}' | '\u{2011}' | '\u{2012}' | '\u{2013}' => {
                out.push('-');
                space = false;
            }
            c => {
                if space && out.ends_with(|p: char| p.is_ascii_digit()) {
                    out.push(',');
                }
                space = false;
                out.push(c);
            }
        }
    }
    enumeration_length(&out).map(|_| out)
}

/// "Across" or "Down", as files name the directions.
pub(crate) fn direction_name(direction: Direction) -> &'static str {
    match direction {
        Direction::Across => "Across",
        Direction::Down => "Down",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn enumerations_are_read_back_only_when_they_spell_the_answer() {
        assert_eq!(enumeration_length("6,3,6"), Some(15));
        assert_eq!(enumeration_length("4-5"), Some(9));
        assert_eq!(enumeration_length("6, 3, 6"), Some(15));
        for bad in ["", "6,", ",6", "6,,3", "0", "a", "2019", "6;3", "(6)"] {
            assert_eq!(enumeration_length(bad), None, "{bad:?}");
        }
        assert_eq!(
            split_enumeration("Boy-and-tiger comic (6,3,6)", 15),
            ("Boy-and-tiger comic", Some("6,3,6".to_string()))
        );
        assert_eq!(
            split_enumeration("Comic (6, 3, 6) ", 15),
            ("Comic", Some("6,3,6".to_string()))
        );
        assert_eq!(split_enumeration("Year (2019)", 4), ("Year (2019)", None));
        assert_eq!(
            split_enumeration("Comic (6,3,6)", 14),
            ("Comic (6,3,6)", None)
        );
        assert_eq!(split_enumeration("(5)", 5), ("", Some("5".to_string())));
        assert_eq!(split_enumeration("No parens", 8), ("No parens", None));
    }

    #[test]
    fn enumerations_other_software_writes_are_read_in_our_form() {
        for (written, ours) in [
            ("6,3,6", "6,3,6"),
            ("(6,3,6)", "6,3,6"),
            (" ( 6, 3, 6 ) ", "6,3,6"),
            ("6 3 6", "6,3,6"),
            ("6 ,3", "6,3"),
            ("4-5", "4-5"),
            ("4 - 5", "4-5"),
            ("4\u{2010}5", "4-5"),
            ("4\u{2013}5", "4-5"),
            ("3 4-5", "3,4-5"),
            ("7", "7"),
        ] {
            assert_eq!(
                parse_enumeration(written).as_deref(),
                Some(ours),
                "{written:?}"
            );
        }
        for bad in [
            "", "()", "((6))", "4'1", "2 wds", "6,,3", "6,", "-6", "0", "(6", "6)",
        ] {
            assert_eq!(parse_enumeration(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn a_printed_enumeration_reads_back_from_the_clue_text() {
        assert_eq!(with_enumeration("Comic", "6,3,6"), "Comic (6,3,6)");
        assert_eq!(with_enumeration("", "5"), "(5)");
        assert_eq!(with_enumeration("Year (2019)", ""), "Year (2019)");
        let grid = Grid::parse_text("ABCD\nE##F\nGHIJ\n", "g").unwrap();
        let mut puzzle = Puzzle::from_grid(grid, DEFAULT_MIN_SLOT);
        let texts = ["Year (2019) (4)", "Bad (abbr.)", "Wrong count (4)", "(3)"];
        for (clue, text) in puzzle.clues.iter_mut().zip(texts) {
            clue.text = text.to_string();
        }
        puzzle.split_enumerations();
        let split: Vec<(&str, &str)> = puzzle
            .clues
            .iter()
            .map(|c| (c.text.as_str(), c.enumeration.as_str()))
            .collect();
        assert_eq!(
            split,
            [
                ("Year (2019)", "4"),
                ("Bad (abbr.)", ""),
                ("Wrong count (4)", ""),
                ("", "3")
            ]
        );
    }
}
