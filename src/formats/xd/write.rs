//! Writing `.xd`: headers, grid and clues as the module above describes,
//! refusing what the format cannot hold (another numbering, both circled
//! and shaded cells, a marked rebus cell) rather than losing it, and
//! written over an earlier file keeping the headers the puzzle does not
//! model.

use std::collections::HashSet;

use super::read::{numbered_lines, Sections};
use crate::error::{Error, Result};
use crate::formats::{refuse_bars, Format};
use crate::grid::DEFAULT_MIN_SLOT;
use crate::grid::{check_marks, Cell, Direction, Slot};
use crate::puzzle::{answer, direction_name, with_enumeration, Puzzle};

/// Rebus keys in the order they are given out: digits as the spec's
/// examples, then symbols no grid uses for anything else.
const REBUS_KEYS: &str = "1234567890@$%&*+?!=^~";

/// The puzzle as `.xd` text.
pub fn write(puzzle: &Puzzle) -> Result<String> {
    write_keeping(puzzle, &[])
}

/// Headers the puzzle model holds (or this writer writes): others are the
/// file's own, kept by [`write_over`].
const MODELLED_HEADERS: [&str; 6] = [
    "title",
    "author",
    "copyright",
    "notes",
    "description",
    "special",
];

/// The puzzle as `.xd` text written over `original`, the text it was
/// opened from: the original's headers the puzzle does not model (an
/// editor, a date, a publisher, a tool's own) are kept, in their order.
/// An original that cannot be read is ignored.
pub(crate) fn write_over(puzzle: &Puzzle, original: &str) -> Result<String> {
    let lines = numbered_lines(original);
    let Ok(sections) = Sections::split(&lines, "") else {
        return write(puzzle);
    };
    let kept: Vec<&str> = sections
        .metadata
        .iter()
        .filter_map(|line| {
            let (key, _) = line.text.split_once(':')?;
            let key = key.trim().to_ascii_lowercase();
            (!MODELLED_HEADERS.contains(&key.as_str()) && key != "rebus").then(|| line.text.trim())
        })
        .collect();
    write_keeping(puzzle, &kept)
}

/// [`write`], with `extra` header lines after the puzzle's own.
fn write_keeping(puzzle: &Puzzle, extra: &[&str]) -> Result<String> {
    refuse_bars(puzzle, Format::Xd)?;
    check_numbering(puzzle)?;
    check_marks(&puzzle.grid, &puzzle.marks)
        .map_err(|e| Error::invalid(format!("cannot write .xd: {e}")))?;
    let special = special_kind(puzzle)?;
    let keys = rebus_keys(puzzle)?;
    let mut out = header_lines(puzzle, extra.is_empty());
    for line in extra {
        out.push_str(&printable(line));
        out.push('\n');
    }
    if let Some(kind) = special {
        out.push_str(&format!("Special: {kind}\n"));
    }
    if !keys.is_empty() {
        let entries: Vec<String> = keys
            .iter()
            .map(|(text, key)| format!("{key}={text}"))
            .collect();
        out.push_str(&format!("Rebus: {}\n", entries.join(" ")));
    }
    out.push_str("\n\n");
    out.push_str(&grid_lines(puzzle, &keys));
    out.push_str("\n\n");
    out.push_str(&clue_lines(puzzle));
    let notes = printable(&puzzle.notes);
    let notes = notes.trim();
    if !notes.is_empty() {
        out.push_str("\n\n");
        out.push_str(notes);
        out.push('\n');
    }
    Ok(out)
}

/// `.xd` numbers runs of two or more cells; a puzzle numbered with another
/// minimum would get clue numbers that do not match its grid. The words'
/// places decide the numbering, so comparing places is enough.
fn check_numbering(puzzle: &Puzzle) -> Result<()> {
    let place = |s: &Slot| (s.direction, s.row, s.col, s.len);
    let ours = puzzle.grid.slots(puzzle.min_slot);
    let xd = puzzle.grid.slots(DEFAULT_MIN_SLOT);
    let ours_places: HashSet<_> = ours.iter().map(place).collect();
    let xd_places: HashSet<_> = xd.iter().map(place).collect();
    let Some(odd) = ours
        .iter()
        .chain(&xd)
        .find(|s| ours_places.contains(&place(s)) != xd_places.contains(&place(s)))
    else {
        return Ok(());
    };
    let difference = if ours_places.contains(&place(odd)) {
        "is a word in this puzzle but would not be one in .xd"
    } else {
        "would be a word in .xd but is not one in this puzzle"
    };
    Err(Error::invalid(format!(
        "cannot write .xd: the format makes every run of 2 or more cells a word, \
         and this puzzle's minimum word length is {}: the {}-cell {} run at row {}, column {} {difference}",
        puzzle.min_slot,
        odd.len,
        direction_name(odd.direction),
        odd.row + 1,
        odd.col + 1
    )))
}

/// The one kind of special cell the puzzle has, as the `Special` header
/// names it, or None for no special cells.
fn special_kind(puzzle: &Puzzle) -> Result<Option<&'static str>> {
    let cannot = |message: String| Error::invalid(format!("cannot write .xd: {message}"));
    let mut kind = None;
    for (&(row, col), mark) in &puzzle.marks {
        let at = format!("row {}, column {}", row + 1, col + 1);
        let this = match (mark.circled, mark.shaded) {
            (false, false) => continue,
            (true, true) => {
                return Err(cannot(format!(
                    "{at} is both circled and shaded, and .xd has one kind of special cell"
                )))
            }
            (true, false) => "circle",
            (false, true) => "shaded",
        };
        if mark.rebus.is_some() {
            return Err(cannot(format!(
                "{at} is a rebus and {this}, and .xd marks only a letter as special"
            )));
        }
        if kind.is_some_and(|k| k != this) {
            return Err(cannot(format!(
                "the puzzle has circled and shaded cells (the first other kind at {at}), \
                 and .xd has one kind of special cell"
            )));
        }
        kind = Some(this);
    }
    Ok(kind)
}

/// Each distinct rebus text with its grid key, in the order the texts first
/// appear row by row.
fn rebus_keys(puzzle: &Puzzle) -> Result<Vec<(&str, char)>> {
    let mut keys: Vec<(&str, char)> = Vec::new();
    for mark in puzzle.marks.values() {
        let Some(text) = mark.rebus.as_deref() else {
            continue;
        };
        if keys.iter().any(|(t, _)| *t == text) {
            continue;
        }
        let key = REBUS_KEYS.chars().nth(keys.len()).ok_or_else(|| {
            Error::invalid(format!(
                "cannot write .xd: the puzzle has more than {} different rebuses",
                REBUS_KEYS.len()
            ))
        })?;
        keys.push((text, key));
    }
    Ok(keys)
}

/// The grid rows: letters (lower case when special), rebus keys, `#`, `.`.
fn grid_lines(puzzle: &Puzzle, keys: &[(&str, char)]) -> String {
    let grid = &puzzle.grid;
    let mut out = String::new();
    for row in 0..grid.height() {
        for col in 0..grid.width() {
            let mark = puzzle.marks.get(&(row, col));
            let rebus = mark.and_then(|m| m.rebus.as_deref());
            let key = rebus.and_then(|text| keys.iter().find(|(t, _)| *t == text));
            out.push(match (grid.get(row, col), key) {
                (Cell::Block, _) => '#',
                (_, Some(&(_, key))) => key,
                (Cell::Empty, None) => '.',
                (Cell::Letter(b), None) if mark.is_some_and(|m| m.circled || m.shaded) => {
                    (b as char).to_ascii_lowercase()
                }
                (Cell::Letter(b), None) => b as char,
            });
        }
        out.push('\n');
    }
    out
}

/// The credits' header lines; with `name_maker`, an `Origin` header when
/// there are none.
fn header_lines(puzzle: &Puzzle, name_maker: bool) -> String {
    let credits = [
        ("Title", &puzzle.title),
        ("Author", &puzzle.author),
        ("Copyright", &puzzle.copyright),
    ];
    let mut out = String::new();
    for (key, value) in credits {
        let value = one_line(value);
        if !value.is_empty() {
            out.push_str(&format!("{key}: {value}\n"));
        }
    }
    if out.is_empty() && name_maker {
        // The reference parser (xdformat) rejects a grid with no header
        // before it, so an uncredited puzzle still names its maker. Readers
        // ignore headers they do not know, so this reads back as no credits.
        out.push_str("Origin: cruciverb\n");
    }
    out
}

/// `text` with every control character but the line break turned into a
/// space: .xd is plain text read line by line, where a NUL or an escape
/// byte has no meaning.
fn printable(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() && c != '\n' { ' ' } else { c })
        .collect()
}

/// A header value on one line, its line breaks turned into spaces.
fn one_line(value: &str) -> String {
    printable(value)
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

fn clue_lines(puzzle: &Puzzle) -> String {
    let mut out = String::new();
    let mut previous = None;
    for slot in puzzle.grid.slots(puzzle.min_slot) {
        if previous.is_some_and(|d| d != slot.direction) {
            out.push('\n');
        }
        previous = Some(slot.direction);
        let text = puzzle
            .clue(slot.number, slot.direction)
            .map_or(String::new(), |c| {
                with_enumeration(&clue_text_out(&c.text), &c.enumeration)
            });
        let label = format!("{}{}.", group_letter(slot.direction), slot.number);
        let answer = answer(&puzzle.grid, &puzzle.marks, &slot);
        if text.is_empty() {
            out.push_str(&format!("{label} ~ {answer}\n"));
        } else {
            out.push_str(&format!("{label} {text} ~ {answer}\n"));
        }
    }
    out
}

/// Clue text on one line: each line break becomes the spec's `\`.
fn clue_text_out(text: &str) -> String {
    printable(text)
        .trim()
        .lines()
        .map(str::trim)
        .collect::<Vec<_>>()
        .join("\\")
}

fn group_letter(direction: Direction) -> char {
    match direction {
        Direction::Across => 'A',
        Direction::Down => 'D',
    }
}
