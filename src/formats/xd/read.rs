//! Reading `.xd`: the file's lines split into sections (implicit or with
//! the spec's headings), then headers, grid and clues read from theirs;
//! every error names the line.

use std::collections::HashSet;

use crate::error::{Error, Result};
use crate::formats::numbering::grid_clue;
use crate::grid::DEFAULT_MIN_SLOT;
use crate::grid::{check_rebus, check_side, Cell, Direction, Grid, Mark, Marks};
use crate::puzzle::Puzzle;

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

/// The lines of `.xd` text (after a byte-order mark), numbered from 1,
/// without trailing spaces.
pub(super) fn numbered_lines(text: &str) -> Vec<Line<'_>> {
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

#[derive(Clone, Copy)]
pub(super) struct Line<'a> {
    /// Counted from 1, as in messages.
    number: usize,
    pub(super) text: &'a str,
}

impl Line<'_> {
    fn is_blank(&self) -> bool {
        self.text.trim().is_empty()
    }
}

/// The file's lines by section, blank lines included.
#[derive(Default)]
pub(super) struct Sections<'a> {
    pub(super) metadata: Vec<Line<'a>>,
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
    pub(super) fn split(lines: &[Line<'a>], name: &str) -> Result<Sections<'a>> {
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
    let clue = grid_clue(puzzle, line.number, line.direction, &label)?;
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
