//! Crossword Compiler `.jpz` (rectangular-puzzle XML): written as plain
//! UTF-8, read plain or zipped.
//!
//! Crossword Compiler's XML is what many web solvers and newspaper systems
//! load, so writing it puts a puzzle in front of them without conversion,
//! and reading it brings their puzzles in. Crossword Compiler itself zips
//! the XML into a `.jpz`; solvers read the plain XML too, and plain text is
//! what we can check and diff, so that is what we write.
//!
//! The document: a `<crossword-compiler>` root holding one
//! `<rectangular-puzzle>` with `<metadata>` (title, creator, copyright,
//! description = notes) and a `<crossword>`. That holds the `<grid>`, one
//! `<cell>` per square (1-based `x` column and `y` row; `type="block"` for a
//! block; `solution` and, where a word starts, `number` for a white cell —
//! an unfilled cell has no `solution`; a rebus cell's `solution` is its whole
//! text, `solution="HEART"`; a circled cell has `background-shape="circle"`
//! and a shaded one `background-color="#C0C0C0"`, as Crossword Compiler
//! writes them), then one `<word>` per slot giving its
//! cells as ranges (`x="1-5" y="3"`), then two `<clues>` lists, Across and
//! Down, whose `<clue word number>` entries carry the clue text, with
//! `format="6,3,6"` for a clue's enumeration (Crossword Compiler's attribute
//! for it). A clue without one has no `format`: Crossword Compiler writes
//! the answer's length there, but that would read back as an enumeration
//! the puzzle does not print.
//!
//! Text is escaped for XML. XML 1.0 cannot carry most control characters
//! even escaped, so a credit or clue containing one is an error naming it.
//!
//! [`read`] takes that and what Crossword Compiler and other tools write
//! (see its documentation). The words are the file's own, so the reader
//! needs no numbering rule to find them: the minimum word length is the one
//! whose runs are exactly the file's words (`.ipuz` has to infer it from
//! numbers), and clues find their slot through their word.

use std::collections::{HashMap, HashSet};

use quick_xml::events::{BytesRef, BytesStart, Event};
use quick_xml::XmlVersion;

use super::cell_text::{cell_text, CellText};
use super::zip;
use crate::error::{Error, Result};
use crate::files;
use crate::grid::{check_marks, check_side, Cell, Direction, Grid, Mark, Marks, Slot};
use crate::puzzle::{direction_name, min_slot_candidates, parse_enumeration, Puzzle};

/// The light grey of a shaded cell.
const SHADE: &str = "#C0C0C0";

const COMPILER_NAMESPACE: &str = "http://crossword.info/xml/crossword-compiler";
const PUZZLE_NAMESPACE: &str = "http://crossword.info/xml/rectangular-puzzle";
const ALPHABET: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// The puzzle as `.jpz` XML.
pub fn write(puzzle: &Puzzle) -> Result<String> {
    // `marks` is a public field: checked here, since rebus texts go into
    // attributes unescaped.
    check_marks(&puzzle.grid, &puzzle.marks)
        .map_err(|e| Error::invalid(format!("cannot write .jpz: {e}")))?;
    let slots = puzzle.grid.slots(puzzle.min_slot);
    let mut xml = String::new();
    xml.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    xml.push_str(&format!(
        "<crossword-compiler xmlns=\"{COMPILER_NAMESPACE}\">\n"
    ));
    xml.push_str(&format!(
        "  <rectangular-puzzle xmlns=\"{PUZZLE_NAMESPACE}\" alphabet=\"{ALPHABET}\">\n"
    ));
    xml.push_str(&metadata(puzzle)?);
    xml.push_str("    <crossword>\n");
    xml.push_str(&grid(puzzle));
    xml.push_str(&words(&slots));
    for direction in [Direction::Across, Direction::Down] {
        xml.push_str(&clue_list(puzzle, &slots, direction)?);
    }
    xml.push_str("    </crossword>\n");
    xml.push_str("  </rectangular-puzzle>\n");
    xml.push_str("</crossword-compiler>\n");
    Ok(xml)
}

fn metadata(puzzle: &Puzzle) -> Result<String> {
    let fields = [
        ("title", "title", &puzzle.title),
        ("creator", "author", &puzzle.author),
        ("copyright", "copyright", &puzzle.copyright),
        ("description", "notes", &puzzle.notes),
    ];
    let mut xml = String::from("    <metadata>\n");
    for (element, what, value) in fields {
        let text = escape(value, what)?;
        xml.push_str(&format!("      <{element}>{text}</{element}>\n"));
    }
    xml.push_str("    </metadata>\n");
    Ok(xml)
}

/// Cells in reading order, as Crossword Compiler lists them.
fn grid(puzzle: &Puzzle) -> String {
    let grid = &puzzle.grid;
    let numbers = grid.clue_numbers(puzzle.min_slot);
    let mut xml = format!(
        "      <grid width=\"{}\" height=\"{}\">\n",
        grid.width(),
        grid.height()
    );
    for row in 0..grid.height() {
        for col in 0..grid.width() {
            let mut attributes = format!("x=\"{}\" y=\"{}\"", col + 1, row + 1);
            let mark = puzzle.marks.get(&(row, col));
            match (grid.get(row, col), mark.and_then(|m| m.rebus.as_deref())) {
                (Cell::Block, _) => attributes.push_str(" type=\"block\""),
                // Rebus texts are letters and digits: nothing to escape.
                (_, Some(text)) => attributes.push_str(&format!(" solution=\"{text}\"")),
                (Cell::Letter(b), None) => {
                    attributes.push_str(&format!(" solution=\"{}\"", b as char))
                }
                (Cell::Empty, None) => {}
            }
            let number = numbers[row * grid.width() + col];
            if number > 0 {
                attributes.push_str(&format!(" number=\"{number}\""));
            }
            if mark.is_some_and(|m| m.circled) {
                attributes.push_str(" background-shape=\"circle\"");
            }
            if mark.is_some_and(|m| m.shaded) {
                attributes.push_str(&format!(" background-color=\"{SHADE}\""));
            }
            xml.push_str(&format!("        <cell {attributes}/>\n"));
        }
    }
    xml.push_str("      </grid>\n");
    xml
}

/// Word ids are the slots' positions in `slots`, counted from 1, which the
/// clue lists refer to.
fn words(slots: &[Slot]) -> String {
    let mut xml = String::new();
    for (index, slot) in slots.iter().enumerate() {
        let (x, y) = cell_ranges(slot);
        xml.push_str(&format!(
            "      <word id=\"{}\" x=\"{x}\" y=\"{y}\"/>\n",
            index + 1
        ));
    }
    xml
}

/// The slot's 1-based columns and rows, a range like `3-7` along its
/// direction and a single number across it.
fn cell_ranges(slot: &Slot) -> (String, String) {
    let (x, y) = (slot.col + 1, slot.row + 1);
    let end = |start: usize| format!("{start}-{}", start + slot.len - 1);
    match slot.direction {
        Direction::Across => (end(x), y.to_string()),
        Direction::Down => (x.to_string(), end(y)),
    }
}

fn clue_list(puzzle: &Puzzle, slots: &[Slot], direction: Direction) -> Result<String> {
    let heading = direction_name(direction);
    let mut xml = String::from("      <clues ordering=\"normal\">\n");
    xml.push_str(&format!("        <title><b>{heading}</b></title>\n"));
    for (index, slot) in slots.iter().enumerate() {
        if slot.direction != direction {
            continue;
        }
        let clue = puzzle.clue(slot.number, direction);
        let what = format!("clue {} {heading}", slot.number);
        let text = escape(clue.map_or("", |c| c.text.as_str()), &what)?;
        let format = match clue.map_or("", |c| c.enumeration.as_str()) {
            "" => String::new(),
            enumeration => format!(
                " format=\"{}\"",
                escape(enumeration, &format!("enumeration of the {what}"))?
            ),
        };
        xml.push_str(&format!(
            "        <clue word=\"{}\" number=\"{}\"{format}>{text}</clue>\n",
            index + 1,
            slot.number,
        ));
    }
    xml.push_str("      </clues>\n");
    Ok(xml)
}

/// `text` as XML character data; `what` names it in the error for a
/// character XML 1.0 cannot hold.
fn escape(text: &str, what: &str) -> Result<String> {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            // A bare carriage return would be read back as a line feed.
            '\r' => out.push_str("&#13;"),
            '\t' | '\n' => out.push(ch),
            c if c < ' ' || c == '\u{fffe}' || c == '\u{ffff}' => {
                return Err(Error::invalid(format!(
                    "cannot write .jpz: the {what} contains the control character U+{:04X}, \
                     which XML cannot hold",
                    c as u32
                )))
            }
            c => out.push(c),
        }
    }
    Ok(out)
}

// ---------------------------------------------------------------- reading

/// Reads a `.jpz` file's bytes: the XML itself, or a ZIP archive holding it
/// as its one file (stored or deflated, at most
/// [`files::MAX_DOCUMENT_BYTES`] unpacked). `name` names the file in
/// errors, which give the line and column in the XML (inside the archive,
/// for a zipped file). Besides what [`write`] writes, this accepts:
/// - the `<crossword-compiler-applet>` root (its `<applet-settings>`
///   ignored) or a bare `<rectangular-puzzle>`, and elements with or
///   without a namespace prefix;
/// - cells in any order; `type="void"` (a square outside an irregular
///   grid) as a block, since a grid here is a rectangle; solutions of either
///   case; no `number` on a cell; a `background-color` other than white as
///   shading; `solve-state`, `hint` and other attributes ignored;
/// - words given by `<cells x y>` children instead of, or besides, their
///   own `x` and `y`;
/// - markup inside texts (`<i>`, `<b>`, `<span>`…: their text is kept) and
///   the predefined and numeric entity references;
/// - clues with a `word` (the clue's `number`, when a whole number, must be
///   that word's) or, lacking one, a `number` in a list titled Across or
///   Down (else the first list is Across, the second Down); words with no
///   clue get empty text;
/// - a clue's `format` as its enumeration, in any form
///   [`parse_enumeration`] reads (`6,3,6`, `(6, 3, 6)`, `6 3 6`); blank is
///   none. Crossword Compiler writes one on every clue, so its puzzles read
///   with an enumeration on every clue.
///
/// Refused, with a message naming the place: text that is not UTF-8 (what
/// Crossword Compiler writes), anything not well-formed XML, an entity
/// other than XML's own, a grid outside 3..=31 a side, a cell outside the grid, given twice or
/// missing, a `type="clue"` cell (arrowwords), a solution that is neither a
/// letter nor a rebus (two or more letters and digits, starting with a
/// letter), cell numbers other than the standard numbering of the words, a
/// word that is not a whole run of white cells, a run as long as the
/// shortest word that has no `<word>`, a one-cell word that does not say
/// its direction (by a range like `x="3-3"`), clues naming a word or
/// number the grid does not have, or a slot already clued, and a `format`
/// that is not word lengths (`4'1`).
pub fn read(bytes: &[u8], name: &str) -> Result<Puzzle> {
    let unzipped;
    let bytes = if zip::is_zip(bytes) {
        unzipped = zip::only_file(bytes, files::MAX_DOCUMENT_BYTES)
            .map_err(|message| Error::invalid(format!("{name}: {message}")))?;
        unzipped.as_slice()
    } else {
        bytes
    };
    let text = files::utf8(bytes, name)?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let source = Source { text, name };
    parse(&source)?.into_puzzle(&source)
}

/// Elements nested deeper than this are not a puzzle (ours nest 6 deep);
/// the limit keeps the stack of open elements small.
const MAX_DEPTH: usize = 64;

/// The root elements files have: Crossword Compiler's own, its web
/// applet's, and the bare puzzle.
const ROOTS: [&str; 3] = [
    "crossword-compiler",
    "crossword-compiler-applet",
    "rectangular-puzzle",
];

/// Background colours that do not shade a cell.
const WHITE: [&str; 3] = ["#ffffff", "#fff", "white"];

/// The XML text and the file's name, for errors.
struct Source<'a> {
    text: &'a str,
    name: &'a str,
}

impl Source<'_> {
    /// Line and column (from 1) of byte `at` of the text.
    fn position(&self, at: usize) -> (usize, usize) {
        let before = &self.text.as_bytes()[..at.min(self.text.len())];
        let line_start = before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        let line = 1 + before.iter().filter(|&&b| b == b'\n').count();
        // Counting the bytes that start a character counts characters.
        let column = 1 + before[line_start..]
            .iter()
            .filter(|&&b| b & 0xC0 != 0x80)
            .count();
        (line, column)
    }

    /// An error at byte `at` of the text.
    fn error(&self, at: usize, message: impl Into<String>) -> Error {
        let (line, column) = self.position(at);
        Error::parse(self.name, line, Some(column), message)
    }

    /// An error about the document as a whole.
    fn invalid(&self, message: impl std::fmt::Display) -> Error {
        Error::invalid(format!("{}: {message}", self.name))
    }
}

/// The elements that matter, known by where they sit.
#[derive(Clone, Copy, PartialEq)]
enum Element {
    Puzzle,
    Credit(Credit),
    Crossword,
    Grid,
    Cell,
    Word,
    WordCells,
    Clues,
    ListTitle,
    Clue,
    Other,
}

#[derive(Clone, Copy, PartialEq)]
enum Credit {
    Title,
    Creator,
    Copyright,
    Description,
}

/// What the file says, gathered in one pass; [`Document::into_puzzle`]
/// checks it as a whole. Everything kept is bounded by the grid's size
/// (words, clues and lists by [`GridSpec::max_words`]) or by the text.
#[derive(Default)]
struct Document {
    puzzles: usize,
    crosswords: usize,
    title: String,
    author: String,
    copyright: String,
    notes: String,
    grid: Option<GridSpec>,
    words: Vec<Word>,
    lists: Vec<ClueList>,
}

struct GridSpec {
    width: usize,
    height: usize,
    at: usize,
    /// Row by row, as given.
    cells: Vec<Option<CellSpec>>,
}

impl GridSpec {
    /// The most words a grid this size has: two starting at every cell.
    fn max_words(&self) -> usize {
        2 * self.width * self.height
    }
}

struct CellSpec {
    cell: Cell,
    mark: Mark,
    number: Option<u32>,
    at: usize,
}

/// Where a word lies (0-based): what words and slots are compared by.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Place {
    direction: Direction,
    row: usize,
    col: usize,
    len: usize,
}

impl Place {
    fn of(slot: &Slot) -> Place {
        Place {
            direction: slot.direction,
            row: slot.row,
            col: slot.col,
            len: slot.len,
        }
    }

    fn describe(&self) -> String {
        format!(
            "the {}-cell {} run at row {}, column {}",
            self.len,
            direction_name(self.direction),
            self.row + 1,
            self.col + 1
        )
    }
}

struct Word {
    id: String,
    place: Place,
    at: usize,
}

/// A `<word>` while its `<cells>` children are read.
struct OpenWord {
    id: String,
    /// (row, column), 0-based, in the order given.
    cells: Vec<(usize, usize)>,
    /// A one-cell word's direction, from a range like `x="3-3"`.
    direction: Option<Direction>,
    at: usize,
}

struct ClueList {
    /// The direction the list's title names, if it names one.
    titled: Option<Direction>,
    clues: Vec<ListedClue>,
}

/// A `<clue>`'s attributes, kept until its text is complete.
struct ClueAttributes {
    word: Option<String>,
    number: Option<String>,
    format: Option<String>,
    at: usize,
}

struct ListedClue {
    attributes: ClueAttributes,
    text: String,
}

/// Text being gathered from inside an element, markup in it included.
struct Capture {
    element: Element,
    /// The number of open elements while it is open.
    depth: usize,
    text: String,
    clue: Option<ClueAttributes>,
}

/// The one pass over the XML.
struct Reading<'s, 'a> {
    source: &'s Source<'a>,
    /// Local names of the open elements, the root first.
    path: Vec<String>,
    roots: usize,
    capture: Option<Capture>,
    word: Option<OpenWord>,
    document: Document,
}

fn parse(source: &Source) -> Result<Document> {
    let mut reader = quick_xml::Reader::from_str(source.text);
    let mut reading = Reading {
        source,
        path: Vec::new(),
        roots: 0,
        capture: None,
        word: None,
        document: Document::default(),
    };
    let offset = |position: u64| usize::try_from(position).unwrap_or(usize::MAX);
    loop {
        // Taken before the call: where the next event starts.
        let at = offset(reader.buffer_position());
        let event = reader.read_event().map_err(|e| {
            source.error(
                offset(reader.error_position()),
                format!("not well-formed XML: {e}"),
            )
        })?;
        match event {
            Event::Start(element) => reading.open(&element, at)?,
            Event::Empty(element) => {
                reading.open(&element, at)?;
                reading.close()?;
            }
            Event::End(_) => reading.close()?,
            Event::Text(text) => reading.text(&text.xml10_content(), at)?,
            Event::CData(text) => reading.text(&text.xml10_content(), at)?,
            Event::GeneralRef(reference) => reading.reference(&reference, at)?,
            Event::Comment(_) | Event::Decl(_) | Event::PI(_) | Event::DocType(_) => {}
            Event::Eof => break,
        }
    }
    if let Some(open) = reading.path.last() {
        return Err(source.error(
            source.text.len(),
            format!("the file ends inside <{open}> (is it truncated?)"),
        ));
    }
    if reading.roots == 0 {
        return Err(source.invalid("no XML element: not a .jpz puzzle"));
    }
    Ok(reading.document)
}

impl Reading<'_, '_> {
    fn error(&self, at: usize, message: impl Into<String>) -> Error {
        self.source.error(at, message)
    }

    fn open(&mut self, element: &BytesStart, at: usize) -> Result<()> {
        let name = element.local_name().into_inner().to_string();
        if self.path.len() >= MAX_DEPTH {
            return Err(self.error(at, format!("elements nested more than {MAX_DEPTH} deep")));
        }
        if self.path.is_empty() {
            self.roots += 1;
            if self.roots > 1 {
                return Err(self.error(at, format!("a second root element, <{name}>")));
            }
            if !ROOTS.contains(&name.as_str()) {
                return Err(self.error(
                    at,
                    format!(
                        "the root element is <{name}>, not <crossword-compiler>: \
                         not a Crossword Compiler puzzle"
                    ),
                ));
            }
        }
        self.path.push(name);
        if self.capture.is_some() {
            // Markup inside a text: only its text counts.
            return Ok(());
        }
        let kind = self.element();
        if kind == Element::Other {
            return Ok(());
        }
        let attributes = Attributes::of(element).map_err(|m| self.error(at, m))?;
        match kind {
            Element::Puzzle => {
                self.document.puzzles += 1;
                if self.document.puzzles > 1 {
                    return Err(self.error(at, "a second <rectangular-puzzle>; a .jpz holds one"));
                }
            }
            Element::Crossword => {
                self.document.crosswords += 1;
                if self.document.crosswords > 1 {
                    return Err(self.error(at, "a second <crossword>; a .jpz holds one"));
                }
            }
            Element::Grid => self.grid(&attributes, at)?,
            Element::Cell => self.cell(&attributes, at)?,
            Element::Word => self.open_word(&attributes, at)?,
            Element::WordCells => self.word_cells(&attributes, at)?,
            Element::Clues => {
                self.check_room("clues", self.document.lists.len(), at)?;
                self.document.lists.push(ClueList {
                    titled: None,
                    clues: Vec::new(),
                });
            }
            Element::Clue => {
                let listed = self.document.lists.iter().map(|l| l.clues.len()).sum();
                self.check_room("clue", listed, at)?;
                let clue = ClueAttributes {
                    word: attributes.get("word").map(str::to_string),
                    number: attributes.get("number").map(str::to_string),
                    format: attributes.get("format").map(str::to_string),
                    at,
                };
                self.start_capture(kind, Some(clue));
            }
            Element::Credit(_) | Element::ListTitle => self.start_capture(kind, None),
            Element::Other => {}
        }
        Ok(())
    }

    fn close(&mut self) -> Result<()> {
        let depth = self.path.len();
        let kind = self.element();
        self.path.pop();
        match self.capture.take_if(|c| c.depth == depth) {
            Some(capture) => self.finish_capture(capture),
            None if kind == Element::Word && self.capture.is_none() => self.close_word()?,
            None => {}
        }
        Ok(())
    }

    fn text(&mut self, text: &str, at: usize) -> Result<()> {
        match &mut self.capture {
            Some(capture) => capture.text.push_str(text),
            None if self.path.is_empty() && !text.trim().is_empty() => {
                return Err(self.error(at, "text outside any element: not an XML file"))
            }
            None => {}
        }
        Ok(())
    }

    fn reference(&mut self, reference: &BytesRef, at: usize) -> Result<()> {
        let name: &str = reference;
        let text = match reference.resolve_char_ref() {
            Ok(Some(ch)) => ch.to_string(),
            Ok(None) => quick_xml::escape::resolve_predefined_entity(name)
                .ok_or_else(|| {
                    self.error(
                        at,
                        format!(
                            "unknown entity &{name}; (XML defines only &amp; &lt; &gt; &quot; \
                             &apos; and numbered characters like &#233;)"
                        ),
                    )
                })?
                .to_string(),
            Err(e) => return Err(self.error(at, format!("&{name};: {e}"))),
        };
        self.text(&text, at)
    }

    /// The element last opened, by its place in the document.
    fn element(&self) -> Element {
        let names: Vec<&str> = self.path.iter().map(String::as_str).collect();
        // Below a crossword-compiler root, as if the puzzle were the root.
        let inner = match names.split_first() {
            Some((&root, rest)) if root != "rectangular-puzzle" => rest,
            _ => &names[..],
        };
        match inner {
            ["rectangular-puzzle"] => Element::Puzzle,
            ["rectangular-puzzle", "metadata", "title"] => Element::Credit(Credit::Title),
            ["rectangular-puzzle", "metadata", "creator"] => Element::Credit(Credit::Creator),
            ["rectangular-puzzle", "metadata", "copyright"] => Element::Credit(Credit::Copyright),
            ["rectangular-puzzle", "metadata", "description"] => {
                Element::Credit(Credit::Description)
            }
            ["rectangular-puzzle", "crossword"] => Element::Crossword,
            ["rectangular-puzzle", "crossword", rest @ ..] => match rest {
                ["grid"] => Element::Grid,
                ["grid", "cell"] => Element::Cell,
                ["word"] => Element::Word,
                ["word", "cells"] => Element::WordCells,
                ["clues"] => Element::Clues,
                ["clues", "title"] => Element::ListTitle,
                ["clues", "clue"] => Element::Clue,
                _ => Element::Other,
            },
            _ => Element::Other,
        }
    }

    fn start_capture(&mut self, element: Element, clue: Option<ClueAttributes>) {
        self.capture = Some(Capture {
            element,
            depth: self.path.len(),
            text: String::new(),
            clue,
        });
    }

    fn finish_capture(&mut self, capture: Capture) {
        let document = &mut self.document;
        let text = capture.text;
        match capture.element {
            Element::Credit(Credit::Title) => document.title = text,
            Element::Credit(Credit::Creator) => document.author = text,
            Element::Credit(Credit::Copyright) => document.copyright = text,
            Element::Credit(Credit::Description) => document.notes = text,
            Element::ListTitle => {
                if let Some(list) = document.lists.last_mut() {
                    list.titled = titled_direction(&text);
                }
            }
            Element::Clue => {
                if let (Some(list), Some(attributes)) = (document.lists.last_mut(), capture.clue) {
                    list.clues.push(ListedClue { attributes, text });
                }
            }
            _ => {}
        }
    }

    /// The grid, which words and clues follow: how many of them there may
    /// be depends on its size.
    fn grid_spec(&self, element: &str, at: usize) -> Result<&GridSpec> {
        self.document.grid.as_ref().ok_or_else(|| {
            self.error(
                at,
                format!("a <{element}> before the <grid>, which comes first"),
            )
        })
    }

    /// Refuses another `element` when there are `count` already and a grid
    /// of this size has no room for more.
    fn check_room(&self, element: &str, count: usize, at: usize) -> Result<()> {
        let grid = self.grid_spec(element, at)?;
        if count < grid.max_words() {
            return Ok(());
        }
        Err(self.error(
            at,
            format!(
                "more than {} <{element}> elements, more than a {}×{} grid has words",
                grid.max_words(),
                grid.width,
                grid.height
            ),
        ))
    }

    fn grid(&mut self, attributes: &Attributes, at: usize) -> Result<()> {
        if self.document.grid.is_some() {
            return Err(self.error(at, "a second <grid>"));
        }
        let side = |what: &str| -> Result<usize> {
            let value = attributes
                .whole(what, "<grid>")
                .and_then(|v| v.ok_or_else(|| format!("the <grid> has no {what}")))
                .map_err(|m| self.error(at, m))?;
            check_side(what, value).map_err(|e| self.error(at, e.to_string()))?;
            Ok(value)
        };
        let (width, height) = (side("width")?, side("height")?);
        self.document.grid = Some(GridSpec {
            width,
            height,
            at,
            cells: (0..width * height).map(|_| None).collect(),
        });
        Ok(())
    }

    fn cell(&mut self, attributes: &Attributes, at: usize) -> Result<()> {
        let grid = self.grid_spec("cell", at)?;
        let (width, height) = (grid.width, grid.height);
        let coordinate = |axis: &str| {
            attributes
                .whole(axis, "<cell>")
                .and_then(|v| v.ok_or_else(|| format!("a <cell> with no {axis}")))
                .map_err(|m| self.error(at, m))
        };
        let (x, y) = (coordinate("x")?, coordinate("y")?);
        let named = format!("cell x=\"{x}\" y=\"{y}\"");
        if !(1..=width).contains(&x) || !(1..=height).contains(&y) {
            return Err(self.error(at, format!("{named} is outside the {width}×{height} grid")));
        }
        let index = (y - 1) * width + (x - 1);
        if let Some(first) = &grid.cells[index] {
            let (line, _) = self.source.position(first.at);
            return Err(self.error(at, format!("{named} is given twice (first on line {line})")));
        }
        let spec =
            cell_spec(attributes, at).map_err(|m| self.error(at, format!("{named}: {m}")))?;
        if let Some(grid) = &mut self.document.grid {
            grid.cells[index] = Some(spec);
        }
        Ok(())
    }

    fn open_word(&mut self, attributes: &Attributes, at: usize) -> Result<()> {
        self.check_room("word", self.document.words.len(), at)?;
        let id = attributes
            .get("id")
            .map(str::trim)
            .filter(|id| !id.is_empty())
            .ok_or_else(|| self.error(at, "a <word> with no id"))?;
        self.word = Some(OpenWord {
            id: id.to_string(),
            cells: Vec::new(),
            direction: None,
            at,
        });
        self.word_cells(attributes, at)
    }

    /// Adds the cells an element's `x` and `y` give to the open word.
    fn word_cells(&mut self, attributes: &Attributes, at: usize) -> Result<()> {
        let source = self.source;
        let grid = self.grid_spec("word", at)?;
        let (width, height) = (grid.width, grid.height);
        let Some(word) = &mut self.word else {
            return Ok(());
        };
        let fail = |m: String| source.error(at, format!("word {:?} {m}", word.id));
        let (x, y) = match (attributes.get("x"), attributes.get("y")) {
            (None, None) => return Ok(()),
            (Some(x), Some(y)) => (x, y),
            _ => return Err(fail("gives only one of x and y".into())),
        };
        let in_grid = |value: &str, axis: &str, unit: &str, last: usize| {
            cell_range(value)
                .filter(|&(from, to)| from >= 1 && to <= last)
                .ok_or_else(|| {
                    fail(format!(
                        "has {axis}=\"{value}\", which is not a {unit} or a range of {unit}s \
                         like 1-5 in the {width}×{height} grid"
                    ))
                })
        };
        let (columns, rows) = (
            in_grid(x, "x", "column", width)?,
            in_grid(y, "y", "row", height)?,
        );
        if columns.0 != columns.1 && rows.0 != rows.1 {
            return Err(fail(format!(
                "has x=\"{x}\" y=\"{y}\": a rectangle, not a run across or down"
            )));
        }
        let added = (columns.1 - columns.0) + (rows.1 - rows.0) + 1;
        if word.cells.len() + added > width.max(height) {
            return Err(fail("has more cells than a line of the grid".into()));
        }
        for row in rows.0..=rows.1 {
            for col in columns.0..=columns.1 {
                word.cells.push((row - 1, col - 1));
            }
        }
        // `x="3-3"` says a one-cell word runs across, `y="2-2"` down.
        word.direction = match (x.contains('-'), y.contains('-')) {
            (true, false) => Some(Direction::Across),
            (false, true) => Some(Direction::Down),
            _ => word.direction,
        };
        Ok(())
    }

    fn close_word(&mut self) -> Result<()> {
        let Some(word) = self.word.take() else {
            return Ok(());
        };
        let fail = |m: String| self.error(word.at, format!("word {:?} {m}", word.id));
        let place = word_place(&word).map_err(fail)?;
        if let Some(first) = self.document.words.iter().find(|w| w.id == word.id) {
            let (line, _) = self.source.position(first.at);
            return Err(fail(format!("is given twice (first on line {line})")));
        }
        self.document.words.push(Word {
            id: word.id,
            place,
            at: word.at,
        });
        Ok(())
    }
}

/// An element's attributes by local name, their values unescaped and
/// normalized as XML says. Namespace declarations are left out.
struct Attributes(Vec<(String, String)>);

impl Attributes {
    fn of(element: &BytesStart) -> std::result::Result<Attributes, String> {
        let bad = |e: &dyn std::fmt::Display| format!("not well-formed XML: {e}");
        let mut found = Vec::new();
        for attribute in element.attributes() {
            let attribute = attribute.map_err(|e| bad(&e))?;
            let key = attribute.key;
            if key.as_ref() == "xmlns" || key.prefix().is_some_and(|p| p.into_inner() == "xmlns") {
                continue;
            }
            let value = attribute
                .normalized_value(XmlVersion::Implicit1_0)
                .map_err(|e| bad(&e))?;
            found.push((
                key.local_name().into_inner().to_string(),
                value.into_owned(),
            ));
        }
        Ok(Attributes(found))
    }

    fn get(&self, key: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// A whole-number attribute of `element`, None when absent or blank.
    fn whole(&self, key: &str, element: &str) -> std::result::Result<Option<usize>, String> {
        let Some(value) = self.get(key).map(str::trim).filter(|v| !v.is_empty()) else {
            return Ok(None);
        };
        match whole(value) {
            Some(usize::MAX) => Err(format!("{element} has {key}=\"{value}\", far too large")),
            Some(n) => Ok(Some(n)),
            None => Err(format!(
                "{element} has {key}=\"{value}\", which is not a whole number"
            )),
        }
    }
}

/// A whole number of digits; one too large for memory reads as the
/// largest, which every range check refuses.
fn whole(text: &str) -> Option<usize> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(text.parse().unwrap_or(usize::MAX))
}

/// `3` or `3-7` as an inclusive range, counted from 1 as the file does.
fn cell_range(text: &str) -> Option<(usize, usize)> {
    let (from, to) = match text.split_once('-') {
        Some((from, to)) => (whole(from.trim())?, whole(to.trim())?),
        None => (whole(text.trim())?, whole(text.trim())?),
    };
    (from <= to).then_some((from, to))
}

fn cell_spec(attributes: &Attributes, at: usize) -> std::result::Result<CellSpec, String> {
    match attributes
        .get("type")
        .map(str::trim)
        .filter(|t| !t.is_empty())
    {
        None => {}
        Some("block" | "void") => {
            return Ok(CellSpec {
                cell: Cell::Block,
                mark: Mark::default(),
                number: None,
                at,
            })
        }
        Some("clue") => {
            return Err(
                "type=\"clue\" is a clue square (an arrowword's), which a crossword \
                        grid does not have"
                    .into(),
            )
        }
        Some(other) => {
            return Err(format!(
                "type=\"{other}\" is not a cell type this reader knows (block, void)"
            ))
        }
    }
    let (cell, rebus) = match cell_text(attributes.get("solution").unwrap_or_default())
        .map_err(|m| format!("solution {m}"))?
    {
        CellText::Unknown => (Cell::Empty, None),
        CellText::Letter(b) => (Cell::Letter(b), None),
        CellText::Rebus(text) => (Cell::Letter(text.as_bytes()[0]), Some(text)),
    };
    let mark = Mark {
        circled: attributes
            .get("background-shape")
            .is_some_and(|s| s.trim().eq_ignore_ascii_case("circle")),
        shaded: attributes.get("background-color").is_some_and(|c| {
            let colour = c.trim().to_ascii_lowercase();
            !colour.is_empty() && !WHITE.contains(&colour.as_str())
        }),
        rebus,
    };
    let number = attributes
        .whole("number", "the cell")?
        .map(|n| u32::try_from(n).unwrap_or(u32::MAX));
    Ok(CellSpec {
        cell,
        mark,
        number,
        at,
    })
}

/// The run a word's cells make: consecutive cells along one row or one
/// column, in reading order.
fn word_place(word: &OpenWord) -> std::result::Result<Place, String> {
    let Some(&(row, col)) = word.cells.first() else {
        return Err("has no cells".into());
    };
    let len = word.cells.len();
    let along = |step: (usize, usize)| {
        word.cells
            .iter()
            .enumerate()
            .all(|(i, &cell)| cell == (row + i * step.0, col + i * step.1))
    };
    let direction = if len == 1 {
        word.direction.ok_or(
            "is one cell and does not say whether it runs across or down \
             (a range like x=\"3-3\" or y=\"2-2\" does)",
        )?
    } else if along(Direction::Across.step()) {
        Direction::Across
    } else if along(Direction::Down.step()) {
        Direction::Down
    } else {
        return Err("has cells that are not one run across or down, in order".into());
    };
    Ok(Place {
        direction,
        row,
        col,
        len,
    })
}

/// The direction a clue list's title names: Crossword Compiler writes
/// `<b>Across</b>` and `<b>Down</b>`.
fn titled_direction(title: &str) -> Option<Direction> {
    let title = title.trim().to_ascii_lowercase();
    if title.contains("across") {
        Some(Direction::Across)
    } else if title.contains("down") {
        Some(Direction::Down)
    } else {
        None
    }
}

impl Document {
    fn into_puzzle(self, source: &Source) -> Result<Puzzle> {
        if self.puzzles == 0 {
            return Err(source
                .invalid("no <rectangular-puzzle> in the file: not a Crossword Compiler puzzle"));
        }
        if self.crosswords == 0 {
            return Err(source.invalid(
                "the puzzle is not a crossword (its <rectangular-puzzle> has no <crossword>)",
            ));
        }
        let spec = self
            .grid
            .ok_or_else(|| source.invalid("the <crossword> has no <grid>"))?;
        let (grid, marks) = spec.to_grid(source)?;
        let min_slot = min_slot(&grid, &self.words, source)?;
        spec.check_numbers(&grid.clue_numbers(min_slot), source)?;
        let mut puzzle = Puzzle::from_grid(grid, min_slot);
        puzzle.set_marks(marks).map_err(|e| source.invalid(e))?;
        puzzle.title = self.title;
        puzzle.author = self.author;
        puzzle.copyright = self.copyright;
        puzzle.notes = self.notes;
        place_clues(&mut puzzle, &self.words, self.lists, source)?;
        Ok(puzzle)
    }
}

impl GridSpec {
    fn to_grid(&self, source: &Source) -> Result<(Grid, Marks)> {
        let mut grid = Grid::empty(self.width, self.height).map_err(|e| source.invalid(e))?;
        let mut marks = Marks::new();
        for (index, spec) in self.cells.iter().enumerate() {
            let (row, col) = (index / self.width, index % self.width);
            let Some(spec) = spec else {
                return Err(source.error(
                    self.at,
                    format!(
                        "the grid has no <cell> for x=\"{}\" y=\"{}\" (a {}×{} grid needs one \
                         for every square)",
                        col + 1,
                        row + 1,
                        self.width,
                        self.height
                    ),
                ));
            };
            grid.set(row, col, spec.cell);
            if spec.cell.is_white() && !spec.mark.is_plain() {
                marks.insert((row, col), spec.mark.clone());
            }
        }
        Ok((grid, marks))
    }

    /// Cell numbers, where given, must be the standard numbering of the
    /// words: the document renumbers, so any other would change silently.
    fn check_numbers(&self, numbers: &[u32], source: &Source) -> Result<()> {
        for (index, (spec, &expected)) in self.cells.iter().zip(numbers).enumerate() {
            let Some((spec, given)) = spec.as_ref().and_then(|s| Some((s, s.number?))) else {
                continue;
            };
            if given == expected {
                continue;
            }
            let named = format!(
                "cell x=\"{}\" y=\"{}\"",
                index % self.width + 1,
                index / self.width + 1
            );
            let message = if expected == 0 {
                format!("{named} is numbered {given}, but no word starts there")
            } else {
                format!("{named} is numbered {given}, but the standard numbering of the words gives {expected}")
            };
            return Err(source.error(spec.at, message));
        }
        Ok(())
    }
}

/// The minimum word length whose runs are exactly the file's words: every
/// word must be a whole run of white cells, and every run as long as the
/// shortest word must be a word. Of the lengths that fit, the first in
/// [`min_slot_candidates`] order.
fn min_slot(grid: &Grid, words: &[Word], source: &Source) -> Result<usize> {
    let runs: HashSet<Place> = grid.slots(1).iter().map(Place::of).collect();
    let mut places: HashMap<Place, &str> = HashMap::new();
    for word in words {
        if !runs.contains(&word.place) {
            let place = word.place;
            return Err(source.error(
                word.at,
                format!(
                    "word {:?} ({} {} cells from row {}, column {}) is not a whole run of white \
                     cells",
                    word.id,
                    place.len,
                    direction_name(place.direction),
                    place.row + 1,
                    place.col + 1
                ),
            ));
        }
        if let Some(other) = places.insert(word.place, &word.id) {
            return Err(source.error(
                word.at,
                format!("word {:?} has the same cells as word {other:?}", word.id),
            ));
        }
    }
    let shortest =
        words.iter().map(|w| w.place.len).min().ok_or_else(|| {
            source.invalid("the <crossword> has no <word>, so its words are unknown")
        })?;
    let same_words = |k: usize| {
        let slots = grid.slots(k);
        slots.len() == places.len() && slots.iter().all(|s| places.contains_key(&Place::of(s)))
    };
    if !same_words(shortest) {
        let missing = grid
            .slots(shortest)
            .iter()
            .map(Place::of)
            .find(|p| !places.contains_key(p));
        if let Some(missing) = missing {
            return Err(source.invalid(format!(
                "{} has no <word>, though the shortest word has {shortest} cells",
                missing.describe()
            )));
        }
    }
    Ok(min_slot_candidates(grid)
        .find(|&k| same_words(k))
        .unwrap_or(shortest))
}

fn place_clues(
    puzzle: &mut Puzzle,
    words: &[Word],
    lists: Vec<ClueList>,
    source: &Source,
) -> Result<()> {
    let numbers: HashMap<Place, u32> = puzzle
        .grid
        .slots(puzzle.min_slot)
        .iter()
        .map(|s| (Place::of(s), s.number))
        .collect();
    let mut seen = HashSet::new();
    for (index, list) in lists.into_iter().enumerate() {
        // An untitled list is taken by its place, as Crossword Compiler
        // orders them.
        let by_place = [Direction::Across, Direction::Down].get(index).copied();
        for ListedClue { attributes, text } in list.clues {
            let fail = |m: String| source.error(attributes.at, m);
            let given = attributes
                .number
                .as_deref()
                .map(str::trim)
                .filter(|n| !n.is_empty());
            let (number, direction) = match attributes.word.as_deref().map(str::trim) {
                Some(id) => {
                    let word = words.iter().find(|w| w.id == id).ok_or_else(|| {
                        fail(format!("the clue's word=\"{id}\" is the id of no <word>"))
                    })?;
                    let direction = word.place.direction;
                    let number = numbers
                        .get(&word.place)
                        .copied()
                        .ok_or_else(|| fail(format!("word {id:?} is not a word of the grid")))?;
                    let named = format!("{number} {}", direction_name(direction));
                    if let Some(listed) = list.titled.filter(|&d| d != direction) {
                        return Err(fail(format!(
                            "the clue for word {id:?} ({named}) is in the {} list",
                            direction_name(listed)
                        )));
                    }
                    if let Some(n) = given.and_then(whole).filter(|&n| n != number as usize) {
                        return Err(fail(format!(
                            "the clue numbered {n} is for word {id:?}, which is {named}"
                        )));
                    }
                    (number, direction)
                }
                None => {
                    let given = given
                        .ok_or_else(|| fail("a <clue> with neither a word nor a number".into()))?;
                    let number = whole(given)
                        .and_then(|n| u32::try_from(n).ok())
                        .ok_or_else(|| {
                            fail(format!(
                                "the clue has no word, and its number=\"{given}\" is not a \
                                 whole number"
                            ))
                        })?;
                    let direction = list.titled.or(by_place).ok_or_else(|| {
                        fail(format!(
                            "clue {number} has no word, and its list (the {}th) is not titled \
                             Across or Down",
                            index + 1
                        ))
                    })?;
                    (number, direction)
                }
            };
            let name = direction_name(direction);
            if !seen.insert((number, direction)) {
                return Err(fail(format!("clue {number} {name} is given twice")));
            }
            let enumeration = match attributes.format.as_deref().map(str::trim) {
                None | Some("") => String::new(),
                Some(format) => parse_enumeration(format).ok_or_else(|| {
                    fail(format!(
                        "clue {number} {name} has format=\"{format}\", which is not word \
                         lengths like 6,3,6 or 4-5"
                    ))
                })?,
            };
            let clue = puzzle.clue_mut(number, direction).ok_or_else(|| {
                fail(format!(
                    "clue {number} {name} does not match the grid: no {name} word is numbered \
                     {number}"
                ))
            })?;
            clue.text = text;
            clue.enumeration = enumeration;
        }
    }
    Ok(())
}
