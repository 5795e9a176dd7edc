//! The one pass over a `.jpz`'s XML: elements are known by where they sit
//! (so namespace prefixes and unknown elements do not matter), texts are
//! gathered with any markup inside them, and what matters is kept in a
//! [`Document`](super::document::Document) for [`super`] to check as a whole. Everything kept is
//! bounded by the grid's size, so a hostile file cannot exhaust memory.

use quick_xml::events::{BytesRef, BytesStart, Event};
use quick_xml::XmlVersion;

use super::document::{
    CellSpec, ClueAttributes, ClueList, Document, GridSpec, ListedClue, OpenWord, Place, Source,
    Word,
};
use crate::error::{Error, Result};
use crate::formats::cell_text::{cell_text, CellText};
use crate::grid::{check_side, Cell, Direction, Mark, Side};

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

pub(super) fn parse(source: &Source) -> Result<Document> {
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
pub(super) fn whole(text: &str) -> Option<usize> {
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
                bars: [false; 4],
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
    let bars = Side::ALL.map(|side| {
        let name = format!("{}-bar", side_attribute(side));
        attributes
            .get(&name)
            .is_some_and(|v| v.trim().eq_ignore_ascii_case("true") || v.trim() == "1")
    });
    Ok(CellSpec {
        cell,
        mark,
        bars,
        number,
        at,
    })
}

/// The word Crossword Compiler puts before `-bar` for a side.
fn side_attribute(side: Side) -> &'static str {
    match side {
        Side::Top => "top",
        Side::Right => "right",
        Side::Bottom => "bottom",
        Side::Left => "left",
    }
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
