//! Clues: where each answer's clue text comes from.
//!
//! A filled grid needs a clue for every slot, and a constructor wants to
//! write the good ones and have the rest drafted. [`attach`] drafts: it
//! fills every empty clue from the first source that has one, in this
//! order: a clue file of the constructor's ([`ClueFile`]: `ANSWER;clue` or
//! `12A;clue` lines), the clue field of the word list (`WORD;SCORE;clue`),
//! then the embedded [`database`], whose several clues per answer are
//! chosen with the whole grid in view ([`choose`]: none using another
//! answer, none twice, the puzzle's difficulty and dialect honoured).
//! Clues already in the puzzle are never touched, and a slot no source
//! knows keeps an empty clue to be written by hand. British puzzles print
//! an enumeration after every clue ([`enumerate`]). For writing them, [`template`] turns the puzzle
//! into an editable clue sheet (`12A;ANSWER;clue` lines) and [`apply`] reads
//! the edited sheet back, checking every line against the grid.
//!
//! Slots are named as constructors write them, `12A` and `3D`. Answers of a
//! partly filled grid have `.` for the cells not filled yet; such a `.`
//! agrees with any letter when a file's answer is compared with the grid's.

pub(crate) mod choose;
pub mod database;
pub mod file;
pub(crate) mod notation;
pub mod sheet;

use std::fmt;

use crate::puzzle::{Clue, Puzzle};
use crate::wordlist::WordList;

pub use choose::Choosing;
pub(crate) use choose::{Answers, Chooser, Chosen};
pub use database::{database, Level};
pub use file::ClueFile;
pub use notation::slot_name;
pub(crate) use notation::{answers_agree, parse_slot_name};
pub use sheet::{apply, apply_file, template};

/// The sources [`attach`] may draw on, in the order it tries them.
#[derive(Clone, Copy, Debug, Default)]
pub struct Sources<'a> {
    pub file: Option<&'a ClueFile>,
    pub list: Option<&'a WordList>,
    /// Whether to use the embedded clue database.
    pub database: bool,
}

/// What [`attach`] did, clue by clue.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Clues the puzzle already had, left as they were.
    pub already: usize,
    pub from_file: usize,
    pub from_list: usize,
    pub from_database: usize,
    /// Slots left without a clue, like `12A`.
    pub empty: Vec<String>,
    /// Slots whose line in the clue file names an answer the grid does not
    /// have there (a sheet of an earlier fill); those lines were not used.
    pub stale: Vec<String>,
    /// Slots whose every database clue uses another answer of the grid or
    /// repeats a clue, as (slot, the word at fault or "a repeat"): they got
    /// one anyway (`make` fills again rather than print one).
    pub unclean: Vec<(String, String)>,
}

impl Report {
    pub fn total(&self) -> usize {
        self.already + self.from_file + self.from_list + self.from_database + self.empty.len()
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(
            f,
            "{} clues: {} already written, {} from the clue file, {} from the word list, \
             {} from the clue database, {} left empty",
            self.total(),
            self.already,
            self.from_file,
            self.from_list,
            self.from_database,
            self.empty.len()
        )?;
        if !self.empty.is_empty() {
            write!(f, " ({})", self.empty.join(", "))?;
        }
        if !self.stale.is_empty() {
            write!(
                f,
                "; not used, as they name other answers: the clue file's lines for {}",
                self.stale.join(", ")
            )?;
        }
        if !self.unclean.is_empty() {
            let named: Vec<String> = self
                .unclean
                .iter()
                .map(|(slot, fault)| format!("{slot} ({fault})"))
                .collect();
            write!(
                f,
                "; no clue without another answer of the grid for {}",
                named.join(", ")
            )?;
        }
        Ok(())
    }
}

/// Fills every empty clue of `puzzle` from the first of `sources` that has
/// one: the clue file (its line for the slot, else its line for the
/// answer), the word list's clue, the embedded database, whose clues are
/// chosen as `how` says with the grid's other answers in view. A slot
/// whose answer is not complete can only get a clue by its position.
pub fn attach(puzzle: &mut Puzzle, sources: &Sources, how: &Choosing) -> Report {
    let mut report = Report::default();
    let answers = Answers::of_puzzle(puzzle);
    let mut chooser = Chooser::new(*how, &answers);
    // The constructor's clues first, so that no drafted clue repeats one.
    let mut open = Vec::new();
    for (i, clue) in puzzle.clues.iter_mut().enumerate() {
        if !clue.text.trim().is_empty() {
            report.already += 1;
        } else if let Some(text) = given(clue, sources, &mut report) {
            clue.text = text.to_string();
        } else {
            open.push(i);
            continue;
        }
        chooser.taken(&clue.text);
    }
    for i in open {
        let clue = &mut puzzle.clues[i];
        let name = slot_name(clue.number, clue.direction);
        let chosen = match sources.database && !clue.answer.contains('.') {
            true => chooser.choose(&database().clues(&clue.answer)),
            false => None,
        };
        match chosen {
            Some(Chosen::Clean(text)) => {
                clue.text = text;
                report.from_database += 1;
            }
            Some(Chosen::Unclean(text, fault)) => {
                clue.text = text;
                report.from_database += 1;
                report.unclean.push((name, fault));
            }
            None => report.empty.push(name),
        }
    }
    report
}

/// Sets every clue's enumeration from its answer's written form (see
/// [`crate::wordlist::forms::enumeration`]), as British puzzles print one
/// after every clue; `written` gives the forms the word list lacks (a
/// theme's entries), by answer. A rebus answer is left without one.
pub fn enumerate(puzzle: &mut Puzzle, written: &dyn Fn(&str) -> Option<String>) {
    let slots = puzzle.grid.slots(puzzle.min_slot);
    for (clue, slot) in puzzle.clues.iter_mut().zip(&slots) {
        if clue.answer.len() != slot.len || clue.answer.contains('.') {
            continue;
        }
        clue.enumeration = written(&clue.answer)
            .and_then(|form| crate::wordlist::forms::enumeration_of(&form))
            .filter(|e| crate::puzzle::enumeration_length(e) == Some(slot.len))
            .unwrap_or_else(|| crate::wordlist::forms::enumeration(&clue.answer));
    }
}

/// The constructor's clue for one slot — from the clue file or the word
/// list — and the count it goes to, or None.
fn given<'a>(clue: &Clue, sources: &Sources<'a>, report: &mut Report) -> Option<&'a str> {
    if let Some(file) = sources.file {
        if let Some(text) = by_position(file, clue, report) {
            report.from_file += 1;
            return Some(text);
        }
    }
    if clue.answer.contains('.') {
        return None;
    }
    if let Some(text) = sources.file.and_then(|f| f.for_answer(&clue.answer)) {
        report.from_file += 1;
        return Some(text);
    }
    let listed = sources.list.and_then(|l| l.get(&clue.answer));
    if let Some(text) = listed.and_then(|entry| entry.clue) {
        report.from_list += 1;
        return Some(text);
    }
    None
}

/// The file's line for this slot, if it is for this answer; a line naming
/// another answer is noted as stale.
fn by_position<'a>(file: &'a ClueFile, clue: &Clue, report: &mut Report) -> Option<&'a str> {
    let (text, answer) = file.for_slot(clue.number, clue.direction)?;
    match answer {
        Some(answer) if !answers_agree(answer, &clue.answer) => {
            report.stale.push(slot_name(clue.number, clue.direction));
            None
        }
        _ => Some(text),
    }
}
