//! The `.xd` plain-text crossword format: headers, grid, clues.
//!
//! `.xd` is the format of the xd crossword corpus (github.com/century-arcade/xd,
//! `doc/xd-format.md`): a UTF-8 text file a person can read and a script can
//! grep. Writing it lets a puzzle join that corpus and its tools; reading it
//! brings a finished puzzle from them back in.
//!
//! What [`write`] produces, in the spec's "implicit" layout where sections are
//! separated by two blank lines:
//! - headers `Title: …`, `Author: …`, `Copyright: …` (only those not empty;
//!   a line break inside one becomes a space, since a header is one line; a
//!   puzzle with none gets `Origin: cruciverb`, as the reference parser
//!   wants at least one header);
//! - `Special: circle` (or `shaded`) when some cells are marked, and
//!   `Rebus: 1=HEART 2=STAR` when some cells hold a rebus;
//! - the grid, one row per line: letters, `#` for blocks, `.` for a cell not
//!   filled yet (the spec's mark for a partial solution), a lower-case letter
//!   for a circled (or shaded) cell, a rebus key (`1`–`9`, `0`, then a few
//!   symbols) for a rebus cell;
//! - the clues `A1. Text ~ ANSWER` (rebus cells spelled out in full),
//!   Across then Down, one blank line between,
//!   a line break in a clue written as `\` (the spec's line separator, so a
//!   `\` in a clue reads back as a line break); the spec has no place for an
//!   enumeration, so it ends the text as it is printed, `A1. Comic (6,3,6) ~
//!   CALVINANDHOBBES`, and reading takes a trailing `(…)` that spells the
//!   answer's letters as the enumeration (`(2019)` or `(abbr.)` stay text;
//!   a clue without an enumeration whose text ends in its own letter count,
//!   `(5)` on a 5-letter answer, reads back with that as its enumeration);
//! - the notes, if any, as the free-form final section.
//!
//! The spec has one kind of special cell per puzzle (the `Special` header
//! says which) and a rebus cell has no letter to lower-case, so a puzzle
//! with both circled and shaded cells, or a marked rebus cell, cannot be
//! written; that is an error naming the cell rather than a silent loss.
//!
//! `.xd` numbers every run of two or more cells, so it carries puzzles whose
//! minimum word length is 2 (or whose grid has no run that another minimum
//! would number differently). [`read`] therefore gives `min_slot` 2.
//!
//! [`read`] also takes the spec's explicit layout (`## Metadata`, `## Grid`,
//! `## Clues`, `## Notes` headings), lower-case (special) cells as circled
//! (shaded when the `Special` header says `shaded`), rebus keys any
//! character but an upper-case letter, `#`, `.` or `_`, `_` (a cell outside the grid)
//! as a block, `Notes` or `Description` headers as notes, and ignores clue
//! metadata lines (`A1 ^Refs: …`) and headers it has no use for. Clue
//! groups other than Across and Down, clues for words the grid does not
//! have and answers that differ from the grid are errors naming the line.

use std::collections::HashSet;

use crate::error::{Error, Result};
use crate::grid::{check_marks, check_rebus, check_side, Cell, Direction, Grid, Mark, Marks, Slot};
use crate::puzzle::{answer, direction_name, with_enumeration, Puzzle, DEFAULT_MIN_SLOT};

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
pub fn write_over(puzzle: &Puzzle, original: &str) -> Result<String> {
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

/// The lines of `.xd` text (after a byte-order mark), numbered from 1,
/// without trailing spaces.
fn numbered_lines(text: &str) -> Vec<Line<'_>> {
    text.strip_prefix('\u{feff}')
        .unwrap_or(text)
        .lines()
        .enumerate()
        .map(|(i, text)| Line {
            number: i + 1,
            text: text.trim_end(),
        })
        .collect()
}

/// Reads `.xd` text; `name` is used in error messages.
pub fn read(text: &str, name: &str) -> Result<Puzzle> {
    let lines = numbered_lines(text);
    let sections = Sections::split(&lines, name)?;
    let headers = read_headers(&sections.metadata, name)?;
    let (grid, marks) = read_grid(&sections.grid, &headers, name)?;
    let mut puzzle = Puzzle::from_grid(grid, DEFAULT_MIN_SLOT);
    puzzle
        .set_marks(marks)
        .map_err(|e| Error::invalid(format!("{name}: {e}")))?;
    puzzle.title = headers.title;
    puzzle.author = headers.author;
    puzzle.copyright = headers.copyright;
    puzzle.notes = join_notes(&headers.notes, &notes_text(&sections.notes));
    read_clues(&sections.clues, &mut puzzle, name)?;
    puzzle.split_enumerations();
    Ok(puzzle)
}

// ---------------------------------------------------------------- writing

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

// ---------------------------------------------------------------- reading

#[derive(Clone, Copy)]
struct Line<'a> {
    /// Counted from 1, as in messages.
    number: usize,
    text: &'a str,
}

impl Line<'_> {
    fn is_blank(&self) -> bool {
        self.text.trim().is_empty()
    }
}

/// The file's lines by section, blank lines included.
#[derive(Default)]
struct Sections<'a> {
    metadata: Vec<Line<'a>>,
    grid: Vec<Line<'a>>,
    clues: Vec<Line<'a>>,
    notes: Vec<Line<'a>>,
}

#[derive(Clone, Copy, PartialEq)]
enum Kind {
    Metadata,
    Grid,
    Clues,
    Notes,
    /// A section the spec says to ignore.
    Other,
}

impl<'a> Sections<'a> {
    /// The explicit layout is used as soon as one line is a heading for
    /// metadata, grid or clues (as the spec's reference parser decides).
    fn split(lines: &[Line<'a>], name: &str) -> Result<Sections<'a>> {
        let explicit = lines
            .iter()
            .any(|l| heading(l.text).is_some_and(|k| k != Kind::Other && k != Kind::Notes));
        if explicit {
            Sections::by_headings(lines, name)
        } else {
            Ok(Sections::by_blank_lines(lines))
        }
    }

    fn by_headings(lines: &[Line<'a>], name: &str) -> Result<Sections<'a>> {
        let mut sections = Sections::default();
        let mut seen = Vec::new();
        let mut current = None;
        for &line in lines {
            if let Some(kind) = heading(line.text) {
                if kind != Kind::Other && seen.contains(&kind) {
                    return Err(Error::parse(
                        name,
                        line.number,
                        None,
                        format!("a second {:?} section", line.text.trim()),
                    ));
                }
                seen.push(kind);
                current = Some(kind);
                continue;
            }
            match current {
                Some(kind) => sections.push(kind, line),
                None if line.is_blank() => {}
                None => {
                    return Err(Error::parse(
                        name,
                        line.number,
                        None,
                        "text before the first section heading (\"## Metadata\", \"## Grid\", …)",
                    ))
                }
            }
        }
        Ok(sections)
    }

    /// Sections in the spec's fixed order, each starting after two or more
    /// blank lines; everything after the clues is notes.
    fn by_blank_lines(lines: &[Line<'a>]) -> Sections<'a> {
        let mut sections = Sections::default();
        let order = [Kind::Metadata, Kind::Grid, Kind::Clues];
        let mut index = None;
        // Counted as if the file began after a section break, so leading
        // blank lines do not matter.
        let mut blanks = 2;
        for &line in lines {
            if line.is_blank() {
                blanks += 1;
            } else {
                if blanks >= 2 {
                    index = Some(index.map_or(0, |i| i + 1));
                }
                blanks = 0;
            }
            if let Some(i) = index {
                sections.push(order.get(i).copied().unwrap_or(Kind::Notes), line);
            }
        }
        sections
    }

    fn push(&mut self, kind: Kind, line: Line<'a>) {
        match kind {
            Kind::Metadata => self.metadata.push(line),
            Kind::Grid => self.grid.push(line),
            Kind::Clues => self.clues.push(line),
            Kind::Notes => self.notes.push(line),
            Kind::Other => {}
        }
    }
}

/// The section a `## Name` heading line starts, if the line is one.
fn heading(text: &str) -> Option<Kind> {
    let rest = text.trim().strip_prefix("##")?;
    if !rest.starts_with(char::is_whitespace) {
        return None;
    }
    Some(match rest.trim().to_ascii_lowercase().as_str() {
        "metadata" => Kind::Metadata,
        "grid" => Kind::Grid,
        "clues" => Kind::Clues,
        "notes" => Kind::Notes,
        _ => Kind::Other,
    })
}

#[derive(Default)]
struct Headers {
    title: String,
    author: String,
    copyright: String,
    notes: String,
    /// The `Special` header said the special cells are shaded, not circled.
    shaded: bool,
    /// The `Rebus` header's texts by grid key, with the header's line.
    rebus: Vec<(char, String)>,
    rebus_line: usize,
}

fn read_headers(lines: &[Line], name: &str) -> Result<Headers> {
    let mut headers = Headers::default();
    let mut seen = HashSet::new();
    for line in lines.iter().filter(|l| !l.is_blank()) {
        let at = |message: String| Error::parse(name, line.number, None, message);
        let (key, value) = line.text.split_once(':').ok_or_else(|| {
            at(format!(
                "{:?} is not a header line \"Key: value\" (an .xd file starts with its \
                 headers, then two blank lines, then the grid)",
                line.text.trim()
            ))
        })?;
        let (key, value) = (key.trim(), value.trim().to_string());
        // Keys are matched without regard to case: files write `Title` or `title`.
        let lower = key.to_ascii_lowercase();
        if !seen.insert(lower.clone()) {
            return Err(at(format!("header {key:?} is given twice")));
        }
        match lower.as_str() {
            "title" => headers.title = value,
            "author" => headers.author = value,
            "copyright" => headers.copyright = value,
            "notes" | "description" => headers.notes = join_notes(&headers.notes, &value),
            "special" => headers.shaded = value.to_ascii_lowercase().starts_with("shade"),
            "rebus" => {
                headers.rebus = parse_rebus_header(&value).map_err(at)?;
                headers.rebus_line = line.number;
            }
            _ => {}
        }
    }
    Ok(headers)
}

/// `1=HEART 2=STAR` (entries may also be separated by commas): each key one
/// character that is not an upper-case letter, `#`, `.` or `_`.
fn parse_rebus_header(value: &str) -> std::result::Result<Vec<(char, String)>, String> {
    let mut entries: Vec<(char, String)> = Vec::new();
    for entry in value.split([' ', ',']).filter(|e| !e.is_empty()) {
        let (key, text) = entry
            .split_once('=')
            .ok_or_else(|| format!("rebus entry {entry:?} is not KEY=TEXT"))?;
        let mut chars = key.chars();
        let (Some(key), None) = (chars.next(), chars.next()) else {
            return Err(format!(
                "rebus entry {entry:?}: the key must be one character"
            ));
        };
        // Lower-case keys are allowed (xdformat's converter hands them out
        // once it runs out of digits); in such a file that letter is not a
        // special cell.
        if key.is_ascii_uppercase() || "#._".contains(key) {
            return Err(format!(
                "rebus entry {entry:?}: {key:?} cannot be a rebus key, since the grid uses it \
                 for a letter, a block or an open cell"
            ));
        }
        if entries.iter().any(|(k, _)| *k == key) {
            return Err(format!("rebus key {key:?} is given twice"));
        }
        entries.push((key, text.to_ascii_uppercase()));
    }
    Ok(entries)
}

fn read_grid(lines: &[Line], headers: &Headers, name: &str) -> Result<(Grid, Marks)> {
    let rows: Vec<&Line> = lines.iter().filter(|l| !l.is_blank()).collect();
    let Some(first) = rows.first() else {
        return Err(Error::invalid(format!(
            "{name}: no grid (expected the grid after the headers and two blank lines)"
        )));
    };
    let width = first.text.trim().chars().count();
    let size_error = |e: Error| Error::parse(name, first.number, None, e.to_string());
    check_side("width", width).map_err(size_error)?;
    check_side("height", rows.len()).map_err(size_error)?;
    let mut grid = Grid::empty(width, rows.len()).map_err(size_error)?;
    let mut marks = Marks::new();
    for (r, line) in rows.iter().enumerate() {
        let row = line.text.trim();
        let count = row.chars().count();
        if count != width {
            return Err(Error::parse(
                name,
                line.number,
                None,
                format!("ragged grid: this row has {count} cells, the first row has {width}"),
            ));
        }
        for (c, ch) in row.chars().enumerate() {
            let at = |message: String| Error::parse(name, line.number, Some(c + 1), message);
            if let Some((_, text)) = headers.rebus.iter().find(|(k, _)| *k == ch) {
                let first = text.bytes().next().filter(u8::is_ascii_uppercase);
                let letter = first.ok_or_else(|| {
                    at(format!(
                        "rebus {ch:?} (line {}) is {text:?}, which does not start with a letter A-Z",
                        headers.rebus_line
                    ))
                })?;
                grid.set(r, c, Cell::Letter(letter));
                // A one-letter rebus is just that letter.
                if text.len() > 1 {
                    check_rebus(&grid, r, c, text).map_err(at)?;
                    marks.insert(
                        (r, c),
                        Mark {
                            rebus: Some(text.clone()),
                            ..Mark::default()
                        },
                    );
                }
                continue;
            }
            let cell = grid_cell(ch).ok_or_else(|| {
                at(format!(
                    "{ch:?} is not a grid cell (expected a letter, '#', '.' or a key of the \
                     Rebus header)"
                ))
            })?;
            if ch.is_ascii_lowercase() {
                let mark = Mark {
                    circled: !headers.shaded,
                    shaded: headers.shaded,
                    rebus: None,
                };
                marks.insert((r, c), mark);
            }
            grid.set(r, c, cell);
        }
    }
    Ok((grid, marks))
}

fn grid_cell(ch: char) -> Option<Cell> {
    match ch {
        'A'..='Z' => Some(Cell::Letter(ch as u8)),
        // Lower case marks a special cell; the caller records the mark.
        'a'..='z' => Some(Cell::Letter(ch.to_ascii_uppercase() as u8)),
        // '_' is a cell outside an irregular grid; a block is the nearest.
        '#' | '_' => Some(Cell::Block),
        '.' => Some(Cell::Empty),
        _ => None,
    }
}

fn read_clues(lines: &[Line], puzzle: &mut Puzzle, name: &str) -> Result<()> {
    let clue_lines: Vec<&Line> = lines
        .iter()
        .filter(|l| !l.is_blank() && !is_clue_metadata(l.text))
        .collect();
    if clue_lines.is_empty() {
        return Err(Error::invalid(format!(
            "{name}: no clues (expected lines like \"A1. Clue ~ ANSWER\" after the grid \
             and two blank lines)"
        )));
    }
    let mut seen = HashSet::new();
    for line in clue_lines {
        let at = |message: String| Error::parse(name, line.number, None, message);
        let clue = parse_clue_line(line.text.trim()).map_err(at)?;
        if !seen.insert((clue.direction, clue.number)) {
            return Err(at(format!("clue {} is given twice", clue.label)));
        }
        place_clue(puzzle, clue).map_err(at)?;
    }
    Ok(())
}

/// `A1 ^Refs: A2 D4`: metadata about the clue above (spec 3.0). It has no
/// `.` after the clue number, which tells it from a clue.
fn is_clue_metadata(text: &str) -> bool {
    let mut words = text.split_whitespace();
    let (Some(label), Some(next)) = (words.next(), words.next()) else {
        return false;
    };
    !label.contains('.') && next.starts_with('^')
}

struct ClueLine {
    /// As written, `A1`, for messages.
    label: String,
    direction: Direction,
    number: u32,
    text: String,
    answer: String,
}

fn parse_clue_line(text: &str) -> std::result::Result<ClueLine, String> {
    let (label, rest) = text
        .split_once('.')
        .ok_or_else(|| format!("{text:?} is not a clue line (expected \"A1. Clue ~ ANSWER\")"))?;
    let label = label.trim();
    let mut chars = label.chars();
    let direction = match chars.next() {
        Some('A') => Direction::Across,
        Some('D') => Direction::Down,
        _ => {
            return Err(format!(
                "{label:?} is not a clue number like A1 or D1 \
                 (only Across and Down clues are supported)"
            ))
        }
    };
    let number = chars
        .as_str()
        .parse()
        .map_err(|_| format!("{label:?} is not a clue number like A1 or D1"))?;
    // The answer follows the last '~', so a clue may contain '~' itself.
    let (text, answer) = rest
        .rsplit_once('~')
        .ok_or_else(|| format!("clue {label} has no answer (expected \" ~ ANSWER\" at the end)"))?;
    Ok(ClueLine {
        label: label.to_string(),
        direction,
        number,
        text: text.trim().split('\\').collect::<Vec<_>>().join("\n"),
        answer: answer.trim().to_ascii_uppercase(),
    })
}

fn place_clue(puzzle: &mut Puzzle, line: ClueLine) -> std::result::Result<(), String> {
    let label = line.label;
    let Some(clue) = puzzle.clue_mut(line.number, line.direction) else {
        return Err(format!(
            "clue {label} does not match the grid: no {} word is numbered {}",
            direction_name(line.direction),
            line.number
        ));
    };
    if clue.answer != line.answer {
        return Err(format!(
            "clue {label}'s answer {} does not match the grid, which spells {}",
            line.answer, clue.answer
        ));
    }
    clue.text = line.text;
    Ok(())
}

/// The notes section as written: its lines from the first to the last that
/// is not blank.
fn notes_text(lines: &[Line]) -> String {
    let start = lines.iter().position(|l| !l.is_blank());
    let end = lines.iter().rposition(|l| !l.is_blank());
    match (start, end) {
        (Some(start), Some(end)) => lines[start..=end]
            .iter()
            .map(|l| l.text)
            .collect::<Vec<_>>()
            .join("\n"),
        _ => String::new(),
    }
}

fn join_notes(first: &str, second: &str) -> String {
    match (first.is_empty(), second.is_empty()) {
        (true, _) => second.to_string(),
        (_, true) => first.to_string(),
        _ => format!("{first}\n\n{second}"),
    }
}
