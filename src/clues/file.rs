//! Clue files: the constructor's own clues, by answer or by slot.
//!
//! One clue a line: `ANSWER;clue` gives a clue wherever that answer is
//! used, `12A;clue` (or `12D;clue`) gives the clue of one slot, and the clue
//! sheet form `12A;ANSWER;clue` (see [`super::sheet`]) gives one slot's clue
//! for that answer only. A line for the slot wins over a line for the
//! answer. Answers are read like word-list entries (upper case, accents
//! folded, spaces and hyphens dropped: `ice cream` is ICECREAM). Blank lines
//! and `#` comments are skipped, and so are lines with no clue text (a
//! sheet's unwritten clues). Anything else that cannot be read is an error
//! naming the file and line, and so is an answer or slot given twice.
//!
//! After a slot name, a field of capitals and dots (or an empty one)
//! followed by another `;` is taken for the sheet's answer column:
//! `12A;NASA;Space agency` is the clue "Space agency" for the answer NASA.

use std::collections::HashMap;
use std::path::Path;

use super::notation::{content_lines, parse_slot_name, slot_name};
use crate::error::{Error, Result};
use crate::grid::Direction;
use crate::wordlist::normalize::normalize;

#[derive(Clone, Debug, Default)]
pub struct ClueFile {
    by_slot: HashMap<(u32, Direction), SlotClue>,
    by_answer: HashMap<String, Keyed>,
}

#[derive(Clone, Debug)]
struct SlotClue {
    /// The sheet form's answer, `.` for cells not filled when it was made.
    answer: Option<String>,
    text: String,
    line: usize,
}

#[derive(Clone, Debug)]
struct Keyed {
    text: String,
    line: usize,
}

/// One line, read.
enum Line<'a> {
    Slot {
        number: u32,
        direction: Direction,
        answer: Option<String>,
        text: &'a str,
    },
    Answer {
        answer: String,
        text: &'a str,
    },
}

const EXPECTED: &str = "expected ANSWER;clue, 12A;clue or 12A;ANSWER;clue";

impl ClueFile {
    pub fn read(path: &Path) -> Result<ClueFile> {
        let text = crate::files::read_text(path, crate::files::MAX_DOCUMENT_BYTES)?;
        ClueFile::parse(&text, &path.display().to_string())
    }

    /// Reads clue-file text; `name` names it in errors.
    pub fn parse(text: &str, name: &str) -> Result<ClueFile> {
        let mut file = ClueFile::default();
        for (number, line) in content_lines(text) {
            let at = |message: String| Error::parse(name, number, None, message);
            match read_line(line).map_err(at)? {
                Line::Slot { text: "", .. } | Line::Answer { text: "", .. } => {}
                Line::Slot {
                    number: slot,
                    direction,
                    answer,
                    text,
                } => {
                    let clue = SlotClue {
                        answer,
                        text: text.to_string(),
                        line: number,
                    };
                    if let Some(first) = file.by_slot.insert((slot, direction), clue) {
                        let slot = slot_name(slot, direction);
                        return Err(at(given_twice(&slot, first.line)));
                    }
                }
                Line::Answer { answer, text } => {
                    let keyed = Keyed {
                        text: text.to_string(),
                        line: number,
                    };
                    if let Some(first) = file.by_answer.insert(answer.clone(), keyed) {
                        return Err(at(given_twice(&answer, first.line)));
                    }
                }
            }
        }
        Ok(file)
    }

    /// The clue given for one slot, with the answer it was written for
    /// when the line names one.
    pub(crate) fn for_slot(
        &self,
        number: u32,
        direction: Direction,
    ) -> Option<(&str, Option<&str>)> {
        self.by_slot
            .get(&(number, direction))
            .map(|c| (c.text.as_str(), c.answer.as_deref()))
    }

    /// The clue given for an answer (upper-case letters).
    pub fn for_answer(&self, answer: &str) -> Option<&str> {
        self.by_answer.get(answer).map(|k| k.text.as_str())
    }

    /// How many clues the file gives.
    /// The answers with an `ANSWER;clue` line, sorted (slot lines name a
    /// position, not an answer, and are left out).
    pub fn answers(&self) -> Vec<&str> {
        let mut answers: Vec<&str> = self.by_answer.keys().map(String::as_str).collect();
        answers.sort_unstable();
        answers
    }

    pub fn len(&self) -> usize {
        self.by_slot.len() + self.by_answer.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

fn given_twice(key: &str, first_line: usize) -> String {
    format!("{key} given twice (first on line {first_line})")
}

fn read_line(line: &str) -> std::result::Result<Line<'_>, String> {
    let (key, rest) = line.split_once(';').ok_or_else(|| EXPECTED.to_string())?;
    let key = key.trim();
    if key.is_empty() {
        return Err(EXPECTED.to_string());
    }
    if key.starts_with(|c: char| c.is_ascii_digit()) {
        let (number, direction) = parse_slot_name(key).ok_or_else(|| not_a_slot(key))?;
        let (answer, text) = match rest.split_once(';') {
            Some((middle, text)) if is_sheet_answer(middle.trim()) => {
                (Some(middle.trim().to_string()), text)
            }
            // `12A;;clue`: a sheet line with its answer column left empty.
            Some((middle, text)) if middle.trim().is_empty() => (None, text),
            _ => (None, rest),
        };
        return Ok(Line::Slot {
            number,
            direction,
            answer,
            text: text.trim(),
        });
    }
    let answer = normalize(key).ok_or_else(|| {
        format!("{key:?} is neither an answer (letters only) nor a slot like 12A or 3D")
    })?;
    Ok(Line::Answer {
        answer,
        text: rest.trim(),
    })
}

/// The answer column of a clue sheet: capitals, `.` for cells not filled.
fn is_sheet_answer(field: &str) -> bool {
    !field.is_empty() && field.bytes().all(|b| b.is_ascii_uppercase() || b == b'.')
}

/// The message for a field that should be a slot name.
pub(super) fn not_a_slot(key: &str) -> String {
    format!("{key:?} is not a slot like 12A or 3D")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_every_line_form() {
        let text = "\u{feff}# my clues\n\nice cream ; Cold dessert \n12A;Twelve; across\n3d;CAT;Pet\n4A;C.T;Pet?\n5D;;\n6D;;Six\n";
        let file = ClueFile::parse(text, "c.txt").unwrap();
        assert_eq!(file.len(), 5);
        assert_eq!(file.for_answer("ICECREAM"), Some("Cold dessert"));
        assert_eq!(
            file.for_slot(12, Direction::Across),
            Some(("Twelve; across", None))
        );
        assert_eq!(
            file.for_slot(3, Direction::Down),
            Some(("Pet", Some("CAT")))
        );
        assert_eq!(
            file.for_slot(4, Direction::Across),
            Some(("Pet?", Some("C.T")))
        );
        assert_eq!(file.for_slot(5, Direction::Down), None);
        assert_eq!(file.for_slot(6, Direction::Down), Some(("Six", None)));
    }

    #[test]
    fn bad_lines_name_file_and_line() {
        let cases = [
            (
                "CAT;Pet\nno separator\n",
                "c.txt:2: expected ANSWER;clue, 12A;clue or 12A;ANSWER;clue",
            ),
            (
                ";Pet\n",
                "c.txt:1: expected ANSWER;clue, 12A;clue or 12A;ANSWER;clue",
            ),
            ("12X;Pet\n", "c.txt:1: \"12X\" is not a slot like 12A or 3D"),
            (
                "R2D2;Droid\n",
                "c.txt:1: \"R2D2\" is neither an answer (letters only) nor a slot like 12A or 3D",
            ),
            (
                "cat;Pet\n# x\nCAT;Feline\n",
                "c.txt:3: CAT given twice (first on line 1)",
            ),
            (
                "1a;One\n1A;Uno\n",
                "c.txt:2: 1A given twice (first on line 1)",
            ),
        ];
        for (text, message) in cases {
            let error = ClueFile::parse(text, "c.txt").unwrap_err();
            assert_eq!(error.to_string(), message, "{text:?}");
        }
    }
}
