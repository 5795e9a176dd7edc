//! Theme files: one entry a line, `ANSWER[;clue]`, the answer written as in
//! a word list (spaces and hyphens dropped, accents folded), letters in
//! `[brackets]` circled, and optionally `ROW COL across|down` after the
//! answer to fix where it sits (rows and columns from 1). Blank lines and
//! lines starting with `#` are skipped. A theme is a handful of entries,
//! each kept with what the file wrote (for British enumerations and
//! messages).

use std::path::Path;

use crate::error::{Error, Result};
use crate::files;
use crate::grid::Direction;
use crate::wordlist::normalize::letters_of;

/// A theme file is a handful of lines; anything much larger is not one.
const MAX_THEME_BYTES: u64 = 64 * 1024;
/// More entries than any theme has; the seating search grows with them.
const MOST_ENTRIES: usize = 12;

/// One theme entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Grid letters, `A`–`Z`.
    pub answer: String,
    /// As the file writes it, without circle marks ("heart of gold"): its
    /// word boundaries give British puzzles the enumeration.
    pub written: String,
    pub clue: Option<String>,
    /// Where it must sit, when the file says.
    pub place: Option<Place>,
    /// Indices into `answer` of the letters to circle.
    pub circled: Vec<usize>,
    /// Line of the theme file, for messages.
    pub line: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Place {
    /// 0-based.
    pub row: usize,
    pub col: usize,
    pub direction: Direction,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Theme {
    pub entries: Vec<Entry>,
}

impl Theme {
    /// Reads a theme file (see the module doc).
    pub fn read(path: &Path) -> Result<Theme> {
        let name = path.display().to_string();
        let text = files::read_text(path, MAX_THEME_BYTES)?;
        Theme::parse(&text, &name)
    }

    /// Parses theme text; `name` names it in errors.
    pub fn parse(text: &str, name: &str) -> Result<Theme> {
        let mut entries: Vec<Entry> = Vec::new();
        for (index, raw) in text.lines().enumerate() {
            let line = index + 1;
            let raw = raw.trim();
            if raw.is_empty() || raw.starts_with('#') {
                continue;
            }
            let entry = parse_entry(raw, line).map_err(|m| Error::parse(name, line, None, m))?;
            if let Some(first) = entries.iter().find(|e| e.answer == entry.answer) {
                return Err(Error::parse(
                    name,
                    line,
                    None,
                    format!(
                        "{} is already the entry of line {}",
                        entry.answer, first.line
                    ),
                ));
            }
            entries.push(entry);
            if entries.len() > MOST_ENTRIES {
                return Err(Error::parse(
                    name,
                    line,
                    None,
                    format!("more than {MOST_ENTRIES} theme entries"),
                ));
            }
        }
        if entries.is_empty() {
            return Err(Error::parse(name, 1, None, "no theme entries"));
        }
        Ok(Theme { entries })
    }

    /// "HEARTOFGOLD (11), SOULMATE (8)".
    pub fn describe(&self) -> String {
        self.entries
            .iter()
            .map(|e| format!("{} ({})", e.answer, e.answer.len()))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

fn parse_entry(raw: &str, line: usize) -> std::result::Result<Entry, String> {
    let (head, clue) = match raw.split_once(';') {
        Some((head, clue)) => (
            head,
            Some(clue.trim().to_string()).filter(|c| !c.is_empty()),
        ),
        None => (raw, None),
    };
    let words: Vec<&str> = head.split_whitespace().collect();
    let mut place = None;
    let mut answer_words = &words[..];
    if let [rest @ .., row, col, dir] = &words[..] {
        let direction = match dir.to_ascii_lowercase().as_str() {
            "across" | "a" => Some(Direction::Across),
            "down" | "d" => Some(Direction::Down),
            _ => None,
        };
        let number = |s: &str| s.parse::<usize>().ok();
        if let (Some(direction), Some(row), Some(col)) = (direction, number(row), number(col)) {
            if row == 0 || col == 0 {
                return Err(format!(
                    "place {row} {col}: rows and columns are numbered from 1"
                ));
            }
            place = Some(Place {
                row: row - 1,
                col: col - 1,
                direction,
            });
            answer_words = rest;
        }
    }
    let written = answer_words.join(" ");
    let mut answer = String::new();
    let mut circled = Vec::new();
    let mut in_circle = false;
    for ch in written.chars() {
        match ch {
            '[' if !in_circle => in_circle = true,
            ']' if in_circle => in_circle = false,
            '[' | ']' => return Err(format!("{written:?}: unbalanced [ ] around circled letters")),
            '{' | '}' => {
                return Err(format!(
                    "{written:?}: rebus entries are not supported in themes (the filler places one letter a square)"
                ))
            }
            _ => {
                let letters = letters_of(ch).ok_or_else(|| {
                    format!("{written:?}: {ch:?} cannot go in a grid (letters, spaces, hyphens and apostrophes only)")
                })?;
                for letter in letters.chars() {
                    if in_circle {
                        circled.push(answer.len());
                    }
                    answer.push(letter);
                }
            }
        }
    }
    if in_circle {
        return Err(format!(
            "{written:?}: unbalanced [ ] around circled letters"
        ));
    }
    if answer.is_empty() {
        return Err("no answer before the ';'".to_string());
    }
    Ok(Entry {
        answer,
        written: written.replace(['[', ']'], ""),
        clue,
        place,
        circled,
        line,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_are_normalised_with_places_clues_and_circles() {
        let theme = Theme::parse(
            "# a theme\nHeart of gold;Kind nature\n\nS[O]U[L] MATE 8 1 down\nrock 'n' roll 3 2 A ; Music\n",
            "t.txt",
        )
        .unwrap();
        let e = &theme.entries;
        assert_eq!(e.len(), 3);
        assert_eq!(
            (e[0].answer.as_str(), e[0].clue.as_deref(), e[0].place),
            ("HEARTOFGOLD", Some("Kind nature"), None)
        );
        assert_eq!(e[1].answer, "SOULMATE");
        assert_eq!(e[1].circled, vec![1, 3]);
        assert_eq!(
            e[1].place,
            Some(Place {
                row: 7,
                col: 0,
                direction: Direction::Down
            })
        );
        assert_eq!(
            (e[2].answer.as_str(), e[2].clue.as_deref()),
            ("ROCKNROLL", Some("Music"))
        );
        assert_eq!(e[2].line, 5);
    }

    #[test]
    fn bad_entries_are_named() {
        let err = |text: &str| Theme::parse(text, "t.txt").unwrap_err().to_string();
        assert_eq!(err(""), "t.txt:1: no theme entries");
        assert_eq!(err("ABC\nR2D2"), "t.txt:2: \"R2D2\": '2' cannot go in a grid (letters, spaces, hyphens and apostrophes only)");
        assert_eq!(
            err("A[BC"),
            "t.txt:1: \"A[BC\": unbalanced [ ] around circled letters"
        );
        assert_eq!(
            err("ABC\nabc;x"),
            "t.txt:2: ABC is already the entry of line 1"
        );
        assert_eq!(
            err("ABC 0 1 across"),
            "t.txt:1: place 0 1: rows and columns are numbered from 1"
        );
    }
}
