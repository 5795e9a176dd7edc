//! Reading `.jpz`: the file's bytes (unzipped when zipped) become a
//! [`Document`], what the XML says gathered in one pass (see [`xml`]); the
//! document is then checked as a whole (the grid complete, the cell
//! numbers the standard numbering of the words, every clue on a word of the
//! grid) and becomes the puzzle. Errors give the line and column in the
//! XML.

mod document;
mod xml;

use std::collections::{HashMap, HashSet};

use crate::error::{Error, Result};
use crate::files;
use crate::formats::numbering::grid_clue;
use crate::formats::zip;
use crate::grid::{Direction, Grid, Marks, Side};
use crate::puzzle::{direction_name, min_slot_candidates, parse_enumeration, Puzzle};
use document::{ClueList, Document, GridSpec, ListedClue, Place, Source, Word};
use xml::{parse, whole};

/// Reads a `.jpz` file's bytes: the XML itself, or a ZIP archive holding it
/// as its one file (stored or deflated, at most
/// [`files::MAX_DOCUMENT_BYTES`] unpacked). `name` names the file in
/// errors, which give the line and column in the XML (inside the archive,
/// for a zipped file). Besides what [`write`](super::write) writes, this accepts:
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
            for (side, barred) in Side::ALL.into_iter().zip(spec.bars) {
                // A bar on the outer edge divides nothing: dropped.
                if barred {
                    grid.add_bar(row, col, side);
                }
            }
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
            let clue =
                grid_clue(puzzle, number, direction, &format!("{number} {name}")).map_err(fail)?;
            clue.text = text;
            clue.enumeration = enumeration;
        }
    }
    Ok(())
}
