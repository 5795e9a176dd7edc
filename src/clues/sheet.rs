//! Clue sheets: a puzzle's clues as an editable text file.
//!
//! Writing clues is easier in a text editor than in JSON, so [`template`]
//! lists every slot as `12A;ANSWER;clue`, Across then Down as in the puzzle,
//! and [`apply`] reads the edited sheet back into the puzzle. Everything
//! after the second `;` is the clue, so a clue may contain `;`. The slot and
//! answer columns are there to be checked: a sheet made for another grid, or
//! a line moved to the wrong slot, is an error naming the line rather than a
//! clue landing on the wrong answer. A sheet is read whole before any clue
//! changes, so an error leaves the puzzle as it was.
//!
//! A sheet holds one line per clue, so line breaks inside a clue text are
//! written as spaces, and spaces around a clue are not kept.

use std::collections::HashMap;
use std::path::Path;

use super::file::not_a_slot;
use super::notation::{answers_agree, content_lines, parse_slot_name, slot_name};
use crate::error::{Error, Result};
use crate::puzzle::Puzzle;

/// The puzzle's clue sheet: a few `#` lines on the format, then one
/// `12A;ANSWER;clue` line per slot.
pub fn template(puzzle: &Puzzle) -> String {
    let title = one_line(&puzzle.title);
    let mut sheet = if title.is_empty() {
        "# Clue sheet: one line per slot, SLOT;ANSWER;clue.\n".to_string()
    } else {
        format!("# Clue sheet for {title}: one line per slot, SLOT;ANSWER;clue.\n")
    };
    sheet.push_str(
        "# Write each clue after the second ';' (the clue itself may contain ';').\n\
         # Keep the slot and answer as they are: they are checked against the grid\n\
         # ('.' is a cell not filled yet). Lines starting with '#' are ignored.\n",
    );
    for clue in &puzzle.clues {
        sheet.push_str(&format!(
            "{};{};{}\n",
            slot_name(clue.number, clue.direction),
            clue.answer,
            one_line(&clue.text)
        ));
    }
    sheet
}

/// Sets the clue texts the sheet gives (slots it leaves out keep theirs);
/// returns how many clues changed. `name` names the sheet in errors.
pub fn apply(puzzle: &mut Puzzle, text: &str, name: &str) -> Result<usize> {
    let changes = read_sheet(puzzle, text, name)?;
    let mut changed = 0;
    for (index, new_text) in changes {
        let clue = &mut puzzle.clues[index];
        if clue.text != new_text {
            clue.text = new_text;
            changed += 1;
        }
    }
    Ok(changed)
}

/// [`apply`] for a sheet file.
pub fn apply_file(puzzle: &mut Puzzle, path: &Path) -> Result<usize> {
    let text = crate::files::read_text(path, crate::files::MAX_DOCUMENT_BYTES)?;
    apply(puzzle, &text, &path.display().to_string())
}

/// Every line checked against the puzzle: (index into `puzzle.clues`, text).
fn read_sheet(puzzle: &Puzzle, text: &str, name: &str) -> Result<Vec<(usize, String)>> {
    let index: HashMap<_, usize> = puzzle
        .clues
        .iter()
        .enumerate()
        .map(|(i, c)| ((c.number, c.direction), i))
        .collect();
    let mut first_line: HashMap<usize, usize> = HashMap::new();
    let mut changes = Vec::new();
    for (number, line) in content_lines(text) {
        let at = |message: String| Error::parse(name, number, None, message);
        let mut fields = line.splitn(3, ';');
        let (Some(key), Some(answer), Some(clue_text)) =
            (fields.next(), fields.next(), fields.next())
        else {
            return Err(at("expected 12A;ANSWER;clue".to_string()));
        };
        let key = key.trim();
        let slot = parse_slot_name(key).ok_or_else(|| at(not_a_slot(key)))?;
        let name_of_slot = slot_name(slot.0, slot.1);
        let i = *index
            .get(&slot)
            .ok_or_else(|| at(format!("the puzzle has no slot {name_of_slot}")))?;
        let answer = sheet_answer(answer);
        let grid_answer = &puzzle.clues[i].answer;
        if !answers_agree(&answer, grid_answer) {
            return Err(at(format!(
                "{name_of_slot} is {grid_answer} in the grid, not {answer}"
            )));
        }
        if let Some(first) = first_line.insert(i, number) {
            return Err(at(format!(
                "{name_of_slot} given twice (first on line {first})"
            )));
        }
        changes.push((i, clue_text.trim().to_string()));
    }
    Ok(changes)
}

/// The answer column as the grid writes answers: upper case, no spaces.
fn sheet_answer(field: &str) -> String {
    field
        .chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_uppercase)
        .collect()
}

fn one_line(text: &str) -> String {
    text.replace("\r\n", " ").replace(['\r', '\n'], " ")
}
