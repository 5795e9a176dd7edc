//! Writing ipuz: the puzzle document as pretty-printed JSON, one grid row
//! or clue per line so a diff shows what changed, and written over an
//! earlier file keeping the keys the document does not model.

use std::io;
use std::path::Path;

use serde::Serialize;
use serde_json::ser::{Formatter, PrettyFormatter};
use serde_json::{Map, Value};

use super::read::check_kind;
use super::{BLOCK, CROSSWORD_KIND, VERSION};
use crate::error::Result;
use crate::files::{self, Existing};
use crate::grid::{Cell, Direction, Grid};
use crate::puzzle::Puzzle;

/// Keys [`write`] writes from the puzzle document alone; an earlier file's
/// value for one of them is replaced (or dropped, when the puzzle has none
/// now: a title cleared).
const WRITTEN_KEYS: [&str; 13] = [
    "version",
    "dimensions",
    "block",
    "empty",
    "puzzle",
    "solution",
    "clues",
    "title",
    "author",
    "copyright",
    "notes",
    "showenumerations",
    "kind",
];

/// The puzzle written over `original`, the ipuz document it was read
/// from: what the puzzle document holds is written as [`write`] writes it,
/// and every other key of the original (an `origin`, a `publisher`, a
/// `date`, an `explanations` table, a tool's own extensions) is kept as it
/// was, so that opening a file and saving it loses nothing the editor
/// does not show. The original's `kind` is kept too when it names the
/// crossword kind, with its variants (a cryptic's).
pub(crate) fn write_over(puzzle: &Puzzle, original: &Value) -> String {
    let mut written = match serde_json::to_value(IpuzOut::new(puzzle)) {
        Ok(Value::Object(map)) => map,
        _ => return write(puzzle),
    };
    if let Value::Object(old) = original {
        for (key, value) in old {
            let kept_kind = key == "kind" && check_kind(old).is_ok();
            if kept_kind || !WRITTEN_KEYS.contains(&key.as_str()) {
                written.insert(key.clone(), value.clone());
            }
        }
    }
    let mut text = to_json(&Value::Object(written));
    text.push('\n');
    text
}

/// The puzzle as pretty-printed ipuz JSON, one grid row or clue per line.
pub fn write(puzzle: &Puzzle) -> String {
    let mut text = to_json(&IpuzOut::new(puzzle));
    text.push('\n');
    text
}

/// Writes [`write`] to `path` (see [`files::write`]).
pub fn save(puzzle: &Puzzle, path: &Path, existing: Existing) -> Result<()> {
    files::write(path, write(puzzle).as_bytes(), existing)
}

/// The written file; field order here is the order in the file.
#[derive(Serialize)]
struct IpuzOut<'a> {
    version: &'static str,
    kind: [&'static str; 1],
    origin: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    title: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    author: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    copyright: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    notes: Option<&'a str>,
    dimensions: Dimensions,
    block: &'static str,
    empty: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    showenumerations: Option<bool>,
    puzzle: Vec<Vec<Value>>,
    solution: Vec<Vec<Value>>,
    clues: ClueLists<'a>,
}

#[derive(Serialize)]
struct Dimensions {
    width: usize,
    height: usize,
}

#[derive(Serialize)]
struct ClueLists<'a> {
    #[serde(rename = "Across")]
    across: Vec<ClueOut<'a>>,
    #[serde(rename = "Down")]
    down: Vec<ClueOut<'a>>,
}

/// A clue as written: `[number, "text"]`, or the spec's clue object when
/// there is an enumeration, which only the object has room for.
#[derive(Serialize)]
#[serde(untagged)]
enum ClueOut<'a> {
    Pair(u32, &'a str),
    Object {
        number: u32,
        clue: &'a str,
        enumeration: &'a str,
    },
}

impl<'a> IpuzOut<'a> {
    fn new(puzzle: &'a Puzzle) -> IpuzOut<'a> {
        let non_empty = |s: &'a String| Some(s.as_str()).filter(|s| !s.is_empty());
        IpuzOut {
            version: VERSION,
            kind: [CROSSWORD_KIND],
            origin: format!("cruciverb {}", env!("CARGO_PKG_VERSION")),
            title: non_empty(&puzzle.title),
            author: non_empty(&puzzle.author),
            copyright: non_empty(&puzzle.copyright),
            notes: non_empty(&puzzle.notes),
            dimensions: Dimensions {
                width: puzzle.grid.width(),
                height: puzzle.grid.height(),
            },
            block: BLOCK,
            empty: 0,
            showenumerations: puzzle
                .clues
                .iter()
                .any(|c| !c.enumeration.is_empty())
                .then_some(true),
            puzzle: numbered_rows(puzzle),
            solution: solution_rows(puzzle),
            clues: clue_lists(puzzle),
        }
    }
}

fn numbered_rows(puzzle: &Puzzle) -> Vec<Vec<Value>> {
    let grid = &puzzle.grid;
    let numbers = grid.clue_numbers(puzzle.min_slot);
    rows(grid, |r, c, cell| {
        let number = Value::from(numbers[r * grid.width() + c]);
        if cell == Cell::Block {
            return Value::from(BLOCK);
        }
        let mut style = Map::new();
        if let Some(mark) = puzzle.marks.get(&(r, c)) {
            if mark.circled {
                style.insert("shapebg".into(), Value::from("circle"));
            }
            if mark.shaded {
                style.insert("highlight".into(), Value::Bool(true));
            }
        }
        // Each bar once, as its cell's own right or lower side.
        let bars = grid.bars(r, c);
        let sides: String = [(bars.right, 'R'), (bars.below, 'B')]
            .iter()
            .filter_map(|&(barred, letter)| barred.then_some(letter))
            .collect();
        if !sides.is_empty() {
            style.insert("barred".into(), Value::from(sides));
        }
        if style.is_empty() {
            return number;
        }
        let mut object = Map::new();
        object.insert("cell".into(), number);
        object.insert("style".into(), Value::Object(style));
        Value::Object(object)
    })
}

fn solution_rows(puzzle: &Puzzle) -> Vec<Vec<Value>> {
    rows(&puzzle.grid, |r, c, cell| {
        let rebus = puzzle.marks.get(&(r, c)).and_then(|m| m.rebus.as_deref());
        match (cell, rebus) {
            (Cell::Block, _) => Value::from(BLOCK),
            (_, Some(text)) => Value::from(text),
            (Cell::Empty, None) => Value::Null,
            (Cell::Letter(b), None) => Value::from((b as char).to_string()),
        }
    })
}

fn rows(grid: &Grid, cell: impl Fn(usize, usize, Cell) -> Value) -> Vec<Vec<Value>> {
    (0..grid.height())
        .map(|r| {
            (0..grid.width())
                .map(|c| cell(r, c, grid.get(r, c)))
                .collect()
        })
        .collect()
}

/// Listed from the grid's slots rather than from `puzzle.clues`, so the file
/// always has exactly one clue per slot even if `clues` was edited by hand.
fn clue_lists(puzzle: &Puzzle) -> ClueLists<'_> {
    let mut lists = ClueLists {
        across: Vec::new(),
        down: Vec::new(),
    };
    for slot in puzzle.grid.slots(puzzle.min_slot) {
        let clue = puzzle.clue(slot.number, slot.direction);
        let text = clue.map_or("", |c| c.text.as_str());
        let enumeration = clue.map_or("", |c| c.enumeration.as_str());
        let entry = if enumeration.is_empty() {
            ClueOut::Pair(slot.number, text)
        } else {
            ClueOut::Object {
                number: slot.number,
                clue: text,
                enumeration,
            }
        };
        match slot.direction {
            Direction::Across => lists.across.push(entry),
            Direction::Down => lists.down.push(entry),
        }
    }
    lists
}

fn to_json(value: &impl Serialize) -> String {
    let mut out = Vec::new();
    let mut serializer = serde_json::Serializer::with_formatter(&mut out, RowsFormatter::default());
    value
        .serialize(&mut serializer)
        .expect("serialising strings and numbers to memory cannot fail");
    String::from_utf8(out).expect("serde_json writes UTF-8")
}

/// Pretty JSON, except that arrays and objects inside an array stay on one
/// line: a grid row or a clue reads as one line instead of one per cell.
#[derive(Default)]
struct RowsFormatter {
    pretty: PrettyFormatter<'static>,
    /// For each open container: (is an array, written on one line).
    open: Vec<(bool, bool)>,
}

impl RowsFormatter {
    fn push(&mut self, is_array: bool) -> bool {
        let inline = self
            .open
            .last()
            .is_some_and(|&(array, inline)| array || inline);
        self.open.push((is_array, inline));
        inline
    }

    fn pop(&mut self) -> bool {
        self.open.pop().is_some_and(|(_, inline)| inline)
    }

    fn inline(&self) -> bool {
        self.open.last().is_some_and(|&(_, inline)| inline)
    }
}

fn separator<W: ?Sized + io::Write>(writer: &mut W, first: bool) -> io::Result<()> {
    if first {
        Ok(())
    } else {
        writer.write_all(b", ")
    }
}

impl Formatter for RowsFormatter {
    fn begin_array<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        if self.push(true) {
            writer.write_all(b"[")
        } else {
            self.pretty.begin_array(writer)
        }
    }

    fn end_array<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        if self.pop() {
            writer.write_all(b"]")
        } else {
            self.pretty.end_array(writer)
        }
    }

    fn begin_array_value<W: ?Sized + io::Write>(
        &mut self,
        writer: &mut W,
        first: bool,
    ) -> io::Result<()> {
        if self.inline() {
            separator(writer, first)
        } else {
            self.pretty.begin_array_value(writer, first)
        }
    }

    fn end_array_value<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        if self.inline() {
            Ok(())
        } else {
            self.pretty.end_array_value(writer)
        }
    }

    fn begin_object<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        if self.push(false) {
            writer.write_all(b"{")
        } else {
            self.pretty.begin_object(writer)
        }
    }

    fn end_object<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        if self.pop() {
            writer.write_all(b"}")
        } else {
            self.pretty.end_object(writer)
        }
    }

    fn begin_object_key<W: ?Sized + io::Write>(
        &mut self,
        writer: &mut W,
        first: bool,
    ) -> io::Result<()> {
        if self.inline() {
            separator(writer, first)
        } else {
            self.pretty.begin_object_key(writer, first)
        }
    }

    fn begin_object_value<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        if self.inline() {
            writer.write_all(b": ")
        } else {
            self.pretty.begin_object_value(writer)
        }
    }

    fn end_object_value<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        if self.inline() {
            Ok(())
        } else {
            self.pretty.end_object_value(writer)
        }
    }
}
