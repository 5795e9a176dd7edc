//! Across Lite `.puz` (version 1.3): the binary format most crossword apps
//! still open.
//!
//! A file is a 52-byte header, the solution grid and the player's grid (one
//! byte per cell, row by row), then NUL-terminated strings: title, author,
//! copyright, every clue, notes. Optional sections (timer, circles, rebus…)
//! may follow. The format has no numbers or directions for its clues: a
//! reader numbers the grid itself, counting every run of two or more white
//! cells as a word, and takes the clues in number order, Across before Down
//! where both start at one cell. So writing only ever needs the texts in that
//! order, and reading rebuilds the words from the solution grid. Nor has it
//! a place for a clue's enumeration: it ends the clue text as printed,
//! `Comic (6,3,6)`, and reading takes a trailing `(…)` that spells the
//! answer's letters back out of the text (see
//! [`Puzzle::split_enumerations`]).
//!
//! Cell marks travel in optional sections after the strings, each a
//! 4-letter code, the data's length and checksum, the data and a NUL:
//! `GRBS` (one byte a cell: 0, or 1 + the key of the cell's rebus), `RTBL`
//! (the rebus texts, ` 0:HEART; 1:STAR;`: keys right-aligned in two
//! columns, as Across Lite writes them) and `GEXT` (one byte a cell:
//! 0x80 circled, as in Across Lite; 0x08 shaded, a bit of our own that
//! Across Lite has no use for and leaves alone). A rebus cell's solution
//! byte is the rebus's first letter.
//!
//! Readers trust nothing they cannot check: the header carries checksums of
//! the size block, of the whole content, and of four parts masked with
//! "ICHEATED" (see [`checksum`]); we write all of them and reading rejects a
//! file where any of them is wrong, naming which.

mod checksum;
mod latin1;

pub use latin1::to_latin1;

use crate::error::{Error, Result};
use std::collections::HashMap;

use crate::grid::{check_marks, Cell, Direction, Grid, Marks};
use crate::puzzle::{Clue, Puzzle, DEFAULT_MIN_SLOT};
use checksum::{unmask, Body, Sums, MASKED_PARTS};

/// The signature every file has at offset 2.
const MAGIC: &[u8; 12] = b"ACROSS&DOWN\0";
const HEADER_LEN: usize = 0x34;
const VERSION: &[u8; 4] = b"1.3\0";

// Header offsets.
const GLOBAL_SUM: usize = 0x00;
const MAGIC_AT: usize = 0x02;
const CIB_SUM: usize = 0x0E;
const MASKED_SUMS: usize = 0x10;
const VERSION_AT: usize = 0x18;
/// The size block (CIB): width, height, clue count, type, solution state.
const CIB: usize = 0x2C;

const BLOCK: u8 = b'.';
/// Diagramless puzzles mark blocks with `:` instead.
const DIAGRAMLESS_BLOCK: u8 = b':';
const BLANK: u8 = b'-';

const TYPE_NORMAL: u16 = 0x0001;
const STATE_PLAIN: u16 = 0x0000;
/// Solution-state bits: the solution is missing, or scrambled with a key.
const STATE_NO_SOLUTION: u16 = 0x0002;
const STATE_SCRAMBLED: u16 = 0x0004;

const SECTION_HEADER_LEN: usize = 8;
const REBUS_GRID: &[u8; 4] = b"GRBS";
const REBUS_TABLE: &[u8; 4] = b"RTBL";
const MARKUP: &[u8; 4] = b"GEXT";
/// GEXT bits. Across Lite's other bits (0x10, 0x20, 0x40) record a
/// solver's mistakes and hints, which a puzzle document does not keep.
const CIRCLED: u8 = 0x80;
const SHADED: u8 = 0x08;

// ---------------------------------------------------------------- writing

/// The puzzle as a `.puz` file. Texts go through [`to_latin1`]. The grid must
/// be completely filled and numbered the way `.puz` numbers it (`min_slot`
/// 2).
pub fn write(puzzle: &Puzzle) -> Result<Vec<u8>> {
    write_keeping(puzzle, None, &[])
}

/// The puzzle as a `.puz` file written over `original`, the file it was
/// opened from: what the puzzle does not model is kept. While the grid
/// keeps its shape (its size and blocks), that is the solver's grid and
/// every section but the marks written here (a timer `LTIM`, the solver's
/// rebus entries `RUSR`, sections of other tools); after a change of
/// shape, only the timer. An original that cannot be read is ignored.
pub fn write_over(puzzle: &Puzzle, original: &[u8]) -> Result<Vec<u8>> {
    let Ok(file) = parse(original) else {
        return write(puzzle);
    };
    let Ok(sections) = read_sections(file.rest) else {
        return write(puzzle);
    };
    let grid = &puzzle.grid;
    let same_shape = file.width == grid.width()
        && file.height == grid.height()
        && cells(grid).all(|(r, c, cell)| {
            let byte = file.solution[r * file.width + c];
            cell.is_white() == (byte != BLOCK && byte != DIAGRAMLESS_BLOCK)
        });
    let mut kept: Vec<([u8; 4], &[u8])> = sections
        .iter()
        .filter(|(code, _)| ![REBUS_GRID, REBUS_TABLE, MARKUP].contains(code))
        .filter(|(code, _)| same_shape || *code == b"LTIM")
        .map(|(code, data)| (*code, *data))
        .collect();
    // Sections keep the order of the file (the table forgets it).
    kept.sort_by_key(|(code, data)| {
        let at = data.as_ptr() as usize - file.rest.as_ptr() as usize;
        (at, *code)
    });
    write_keeping(puzzle, same_shape.then_some(file.fill), &kept)
}

/// [`write`], with `fill` as the solver's grid (blank when None) and
/// `extra` sections after the marks.
fn write_keeping(
    puzzle: &Puzzle,
    fill: Option<&[u8]>,
    extra: &[([u8; 4], &[u8])],
) -> Result<Vec<u8>> {
    check_numbering(puzzle)?;
    let grid = &puzzle.grid;
    check_marks(grid, &puzzle.marks).map_err(write_error)?;
    let solution = solution_bytes(grid)?;
    let fill = fill.map_or_else(|| player_grid(grid), <[u8]>::to_vec);
    let clues: Vec<Vec<u8>> = clue_texts_in_file_order(puzzle)
        .iter()
        .map(|text| latin1::encode(text))
        .collect();
    let cib = size_block(grid, clues.len())?;
    let [title, author, copyright, notes] = [
        &puzzle.title,
        &puzzle.author,
        &puzzle.copyright,
        &puzzle.notes,
    ]
    .map(|text| latin1::encode(text));
    let body = Body {
        cib: &cib,
        solution: &solution,
        fill: &fill,
        title: &title,
        author: &author,
        copyright: &copyright,
        clues: clues.iter().map(Vec::as_slice).collect(),
        notes: &notes,
        notes_counted: true,
    };
    let mut out = assemble(&body);
    let marks = mark_sections(puzzle)?;
    let sections = marks
        .iter()
        .map(|(code, data)| (*code, data.as_slice()))
        .chain(extra.iter().copied());
    for (code, data) in sections {
        out.extend_from_slice(&code);
        out.extend_from_slice(&(data.len() as u16).to_le_bytes());
        out.extend_from_slice(&checksum::checksum(data, 0).to_le_bytes());
        out.extend_from_slice(data);
        out.push(0);
    }
    Ok(out)
}

/// The GRBS and RTBL sections when some cell is a rebus, and GEXT when
/// some cell is circled or shaded, in the order Across Lite writes them.
/// Rebus keys count from 0 in the order the texts first appear, row by row.
fn mark_sections(puzzle: &Puzzle) -> Result<Vec<([u8; 4], Vec<u8>)>> {
    let grid = &puzzle.grid;
    let cells = grid.width() * grid.height();
    let index = |(row, col): (usize, usize)| row * grid.width() + col;
    let mut sections = Vec::new();
    let mut texts: Vec<&str> = Vec::new();
    let mut rebus_grid = vec![0u8; cells];
    for (&at, mark) in &puzzle.marks {
        let Some(text) = mark.rebus.as_deref() else {
            continue;
        };
        let key = match texts.iter().position(|t| *t == text) {
            Some(key) => key,
            None => {
                texts.push(text);
                texts.len() - 1
            }
        };
        // The byte holds key + 1, and RTBL's two-column keys stop at 99.
        if key > 98 {
            return Err(write_error("the puzzle has more than 99 different rebuses"));
        }
        rebus_grid[index(at)] = key as u8 + 1;
    }
    if !texts.is_empty() {
        let table: String = texts
            .iter()
            .enumerate()
            .map(|(key, text)| format!("{key:>2}:{text};"))
            .collect();
        sections.push((*REBUS_GRID, rebus_grid));
        sections.push((*REBUS_TABLE, table.into_bytes()));
    }
    let mut markup = vec![0u8; cells];
    for (&at, mark) in &puzzle.marks {
        markup[index(at)] =
            if mark.circled { CIRCLED } else { 0 } | if mark.shaded { SHADED } else { 0 };
    }
    if markup.iter().any(|&b| b != 0) {
        sections.push((*MARKUP, markup));
    }
    Ok(sections)
}

fn write_error(message: impl std::fmt::Display) -> Error {
    Error::invalid(format!("cannot write .puz: {message}"))
}

/// `.puz` has no field for the shortest word: readers always count every run
/// of two or more cells, so any other `min_slot` would give other clues.
fn check_numbering(puzzle: &Puzzle) -> Result<()> {
    if puzzle.min_slot == DEFAULT_MIN_SLOT {
        return Ok(());
    }
    Err(write_error(format!(
        "the puzzle counts runs of {} or more cells as words, but .puz readers \
         count every run of {DEFAULT_MIN_SLOT} or more",
        puzzle.min_slot
    )))
}

/// The solution row by row, `.` for blocks. Across Lite has no way to leave
/// a cell of the solution open, so an unfilled cell is an error.
fn solution_bytes(grid: &Grid) -> Result<Vec<u8>> {
    cells(grid)
        .map(|(row, col, cell)| match cell {
            Cell::Block => Ok(BLOCK),
            Cell::Letter(letter) => Ok(letter),
            Cell::Empty => Err(write_error(format!(
                "the grid is not filled: row {}, column {} is empty",
                row + 1,
                col + 1
            ))),
        })
        .collect()
}

/// The grid a solver starts from: blocks, and `-` in every white cell.
fn player_grid(grid: &Grid) -> Vec<u8> {
    cells(grid)
        .map(|(_, _, cell)| if cell.is_white() { BLANK } else { BLOCK })
        .collect()
}

fn cells(grid: &Grid) -> impl Iterator<Item = (usize, usize, Cell)> + '_ {
    (0..grid.height()).flat_map(move |r| (0..grid.width()).map(move |c| (r, c, grid.get(r, c))))
}

/// One text per word of the grid, in the order readers expect (see the
/// module documentation); a word without a clue gets an empty text.
fn clue_texts_in_file_order(puzzle: &Puzzle) -> Vec<String> {
    words_in_file_order(&puzzle.grid)
        .into_iter()
        .map(|(number, direction)| {
            puzzle
                .clue(number, direction)
                .map_or(String::new(), Clue::printed)
        })
        .collect()
}

/// The grid's words as (number, direction), by number, Across first.
fn words_in_file_order(grid: &Grid) -> Vec<(u32, Direction)> {
    let mut words: Vec<(u32, Direction)> = grid
        .slots(DEFAULT_MIN_SLOT)
        .iter()
        .map(|slot| (slot.number, slot.direction))
        .collect();
    words.sort();
    words
}

fn size_block(grid: &Grid, clue_count: usize) -> Result<[u8; 8]> {
    let side = |what: &str, value: usize| {
        u8::try_from(value).map_err(|_| {
            write_error(format!(
                "the grid is {value} cells {what}; .puz holds at most 255"
            ))
        })
    };
    let width = side("wide", grid.width())?;
    let height = side("high", grid.height())?;
    let count = u16::try_from(clue_count).map_err(|_| {
        write_error(format!(
            "the grid has {clue_count} words; .puz holds at most {}",
            u16::MAX
        ))
    })?;
    let mut cib = [0; 8];
    cib[0] = width;
    cib[1] = height;
    cib[2..4].copy_from_slice(&count.to_le_bytes());
    cib[4..6].copy_from_slice(&TYPE_NORMAL.to_le_bytes());
    cib[6..8].copy_from_slice(&STATE_PLAIN.to_le_bytes());
    Ok(cib)
}

/// The file: header with checksums, grids, then the NUL-terminated strings.
fn assemble(body: &Body) -> Vec<u8> {
    let sums = body.sums();
    let mut header = [0u8; HEADER_LEN];
    header[GLOBAL_SUM..GLOBAL_SUM + 2].copy_from_slice(&sums.global.to_le_bytes());
    header[MAGIC_AT..MAGIC_AT + MAGIC.len()].copy_from_slice(MAGIC);
    header[CIB_SUM..CIB_SUM + 2].copy_from_slice(&sums.parts[0].to_le_bytes());
    header[MASKED_SUMS..MASKED_SUMS + 8].copy_from_slice(&sums.masked());
    header[VERSION_AT..VERSION_AT + VERSION.len()].copy_from_slice(VERSION);
    header[CIB..].copy_from_slice(body.cib);
    let mut out = header.to_vec();
    out.extend_from_slice(body.solution);
    out.extend_from_slice(body.fill);
    let strings = [body.title, body.author, body.copyright]
        .into_iter()
        .chain(body.clues.iter().copied())
        .chain([body.notes]);
    for text in strings {
        out.extend_from_slice(text);
        out.push(0);
    }
    out
}

// ---------------------------------------------------------------- reading

/// Reads a `.puz` file; `name` is used in error messages.
///
/// Accepts versions 1.x (ISO-8859-1 text, with Windows quotes and dashes in
/// 0x80–0x9F understood) and 2.x (UTF-8 text), bytes before the header (some
/// sites prepend them), and any optional sections after the strings, which
/// are checked; rebus cells (GRBS, RTBL) and circled or shaded cells (GEXT)
/// become the puzzle's marks, other sections are skipped. Refused with a
/// message naming the problem: a damaged or truncated file, any wrong
/// checksum, a scrambled or missing solution, a rebus the document cannot
/// hold (see [`crate::grid::Mark::rebus`]), a grid outside 3..=31 cells a side, and clue
/// counts that do not match the grid.
pub fn read(bytes: &[u8], name: &str) -> Result<Puzzle> {
    let fail = |message: String| Error::invalid(format!("{name}: {message}"));
    let file = parse(bytes).map_err(fail)?;
    file.check_sums().map_err(fail)?;
    let sections = read_sections(file.rest).map_err(fail)?;
    let mut puzzle = file.to_puzzle().map_err(fail)?;
    let marks = file.marks(&puzzle.grid, &sections).map_err(fail)?;
    puzzle.set_marks(marks).map_err(|e| fail(e.to_string()))?;
    puzzle.split_enumerations();
    Ok(puzzle)
}

/// Problems are plain messages until `read` puts the file name in front.
type Checked<T> = std::result::Result<T, String>;

/// A file split into its parts, not yet interpreted.
struct File<'a> {
    header: &'a [u8; HEADER_LEN],
    version: (u32, u32),
    width: usize,
    height: usize,
    solution: &'a [u8],
    fill: &'a [u8],
    title: &'a [u8],
    author: &'a [u8],
    copyright: &'a [u8],
    clues: Vec<&'a [u8]>,
    notes: &'a [u8],
    /// Whatever follows the notes: optional sections, perhaps stray bytes.
    rest: &'a [u8],
}

fn parse(bytes: &[u8]) -> Checked<File<'_>> {
    let start = find_start(bytes)?;
    let mut cursor = Cursor { bytes, at: start };
    let header: &[u8; HEADER_LEN] = cursor
        .take(HEADER_LEN, "the header")?
        .try_into()
        .map_err(|_| "the header is cut short".to_string())?;
    check_size_block(header)?;
    check_solution_state(header)?;
    let version = version(header)?;
    let (width, height) = (usize::from(header[CIB]), usize::from(header[CIB + 1]));
    let clue_count = usize::from(u16_at(header, CIB + 2));
    let solution = cursor.take(width * height, "the solution grid")?;
    let fill = cursor.take(width * height, "the player grid")?;
    let title = cursor.string("the title")?;
    let author = cursor.string("the author")?;
    let copyright = cursor.string("the copyright")?;
    let clues = (1..=clue_count)
        .map(|n| cursor.string(&format!("clue {n} of {clue_count}")))
        .collect::<Checked<Vec<_>>>()?;
    let notes = cursor.string("the notes")?;
    Ok(File {
        header,
        version,
        width,
        height,
        solution,
        fill,
        title,
        author,
        copyright,
        clues,
        notes,
        rest: cursor.rest(),
    })
}

/// Where the header begins: the signature's position less the two bytes of
/// the global checksum before it.
fn find_start(bytes: &[u8]) -> Checked<usize> {
    let found = bytes
        .get(MAGIC_AT..)
        .and_then(|after| after.windows(MAGIC.len()).position(|w| w == MAGIC));
    found.ok_or_else(|| "not an Across Lite .puz file (no \"ACROSS&DOWN\" signature)".to_string())
}

/// Checked before anything else is read, because the sizes come from here.
fn check_size_block(header: &[u8; HEADER_LEN]) -> Checked<()> {
    compare(
        "header",
        u16_at(header, CIB_SUM),
        checksum::checksum(&header[CIB..], 0),
    )
}

fn check_solution_state(header: &[u8; HEADER_LEN]) -> Checked<()> {
    let state = u16_at(header, CIB + 6);
    if state & STATE_SCRAMBLED != 0 {
        Err("the solution is scrambled (locked with a key), so it cannot be read".into())
    } else if state & STATE_NO_SOLUTION != 0 {
        Err("the file has no solution, only the empty grid".into())
    } else {
        Ok(())
    }
}

/// The format version, `major.minor` followed by NUL.
fn version(header: &[u8; HEADER_LEN]) -> Checked<(u32, u32)> {
    let field = &header[VERSION_AT..VERSION_AT + VERSION.len()];
    let text = field.split(|&b| b == 0).next().unwrap_or_default();
    let number = |part: &[u8]| -> Option<u32> {
        let digits = std::str::from_utf8(part).ok()?;
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        digits.parse().ok()
    };
    let parsed = text
        .iter()
        .position(|&b| b == b'.')
        .and_then(|dot| Some((number(&text[..dot])?, number(&text[dot + 1..])?)));
    parsed.ok_or_else(|| {
        format!(
            "unknown format version {:?} (expected something like \"1.3\")",
            String::from_utf8_lossy(field)
        )
    })
}

fn u16_at(header: &[u8; HEADER_LEN], at: usize) -> u16 {
    u16::from_le_bytes([header[at], header[at + 1]])
}

fn compare(what: &str, stored: u16, computed: u16) -> Checked<()> {
    if stored == computed {
        Ok(())
    } else {
        Err(format!(
            "{what} checksum is wrong (the file says {stored:#06x}, its contents give \
             {computed:#06x}): the file is damaged"
        ))
    }
}

/// Reads the file's parts front to back; running out of bytes names the part.
struct Cursor<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Cursor<'a> {
    fn take(&mut self, len: usize, what: &str) -> Checked<&'a [u8]> {
        let part = self
            .bytes
            .get(self.at..)
            .and_then(|rest| rest.get(..len))
            .ok_or_else(|| truncated(what))?;
        self.at += len;
        Ok(part)
    }

    /// A NUL-terminated string, without its NUL.
    fn string(&mut self, what: &str) -> Checked<&'a [u8]> {
        let rest = self.rest();
        let len = rest
            .iter()
            .position(|&b| b == 0)
            .ok_or_else(|| truncated(what))?;
        self.at += len + 1;
        Ok(&rest[..len])
    }

    fn rest(&self) -> &'a [u8] {
        self.bytes.get(self.at..).unwrap_or_default()
    }
}

fn truncated(what: &str) -> String {
    format!("truncated .puz file: it ends inside {what}")
}

impl File<'_> {
    fn body(&self) -> Body<'_> {
        Body {
            cib: &self.header[CIB..],
            solution: self.solution,
            fill: self.fill,
            title: self.title,
            author: self.author,
            copyright: self.copyright,
            clues: self.clues.clone(),
            notes: self.notes,
            notes_counted: self.version >= (1, 3),
        }
    }

    fn check_sums(&self) -> Checked<()> {
        let Sums { global, parts } = self.body().sums();
        compare("global", u16_at(self.header, GLOBAL_SUM), global)?;
        let stored = unmask(&self.header[MASKED_SUMS..MASKED_SUMS + 8]);
        for ((name, stored), computed) in MASKED_PARTS.iter().zip(stored).zip(parts) {
            compare(&format!("masked {name}"), stored, computed)?;
        }
        Ok(())
    }

    fn to_puzzle(&self) -> Checked<Puzzle> {
        let grid = self.solution_grid()?;
        let mut puzzle = Puzzle::from_grid(grid, DEFAULT_MIN_SLOT);
        let words = words_in_file_order(&puzzle.grid);
        if words.len() != self.clues.len() {
            return Err(format!(
                "the file has {} clues, but its solution grid has {} words",
                self.clues.len(),
                words.len()
            ));
        }
        for ((number, direction), text) in words.into_iter().zip(&self.clues) {
            let text = self.text(text)?;
            if let Some(clue) = puzzle.clue_mut(number, direction) {
                clue.text = text;
            }
        }
        puzzle.title = self.text(self.title)?;
        puzzle.author = self.text(self.author)?;
        puzzle.copyright = self.text(self.copyright)?;
        puzzle.notes = self.text(self.notes)?;
        Ok(puzzle)
    }

    fn solution_grid(&self) -> Checked<Grid> {
        let mut grid = Grid::empty(self.width, self.height).map_err(|e| e.to_string())?;
        for (i, &byte) in self.solution.iter().enumerate() {
            let (row, col) = (i / self.width, i % self.width);
            let cell = match byte {
                BLOCK | DIAGRAMLESS_BLOCK => Cell::Block,
                b'A'..=b'Z' => Cell::Letter(byte),
                b'a'..=b'z' => Cell::Letter(byte.to_ascii_uppercase()),
                _ => {
                    return Err(format!(
                        "solution row {}, column {} holds {:?}, but a cell can only hold \
                         a letter A-Z or a block",
                        row + 1,
                        col + 1,
                        latin1::decode(&[byte])
                    ))
                }
            };
            grid.set(row, col, cell);
        }
        Ok(grid)
    }

    /// The marks the optional sections give the cells of `grid`.
    fn marks(&self, grid: &Grid, sections: &HashMap<[u8; 4], &[u8]>) -> Checked<Marks> {
        let cells = self.width * self.height;
        let grid_section = |code: &[u8; 4]| -> Checked<Option<&[u8]>> {
            match sections.get(code) {
                Some(data) if data.len() != cells => Err(format!(
                    "the {} section has {} bytes, but the grid has {cells} cells",
                    String::from_utf8_lossy(code),
                    data.len()
                )),
                other => Ok(other.copied()),
            }
        };
        let mut marks = Marks::new();
        if let Some(rebus_grid) = grid_section(REBUS_GRID)? {
            let table = match sections.get(REBUS_TABLE) {
                Some(data) => rebus_table(data, self)?,
                None => HashMap::new(),
            };
            for (i, &byte) in rebus_grid.iter().enumerate() {
                let (row, col) = (i / self.width, i % self.width);
                if byte == 0 {
                    continue;
                }
                let key = byte - 1;
                let text = table.get(&key).ok_or_else(|| {
                    format!(
                        "the GRBS section gives row {}, column {} rebus key {key}, but the RTBL \
                         section has no text for it",
                        row + 1,
                        col + 1
                    )
                })?;
                // A one-letter "rebus" that is the cell's own letter says nothing.
                if text.len() == 1 && grid.get(row, col) == Cell::Letter(text.as_bytes()[0]) {
                    continue;
                }
                marks.entry((row, col)).or_default().rebus = Some(text.clone());
            }
        }
        if let Some(markup) = grid_section(MARKUP)? {
            for (i, &byte) in markup.iter().enumerate() {
                let (row, col) = (i / self.width, i % self.width);
                // Blocks cannot be marked in the document; files that mark
                // one lose nothing a solver sees.
                if byte & (CIRCLED | SHADED) == 0 || !grid.is_white(row, col) {
                    continue;
                }
                let mark = marks.entry((row, col)).or_default();
                mark.circled = byte & CIRCLED != 0;
                mark.shaded = byte & SHADED != 0;
            }
        }
        Ok(marks)
    }

    /// Version 2 files hold UTF-8; earlier ones ISO-8859-1.
    fn text(&self, bytes: &[u8]) -> Checked<String> {
        if self.version.0 >= 2 {
            String::from_utf8(bytes.to_vec()).map_err(|_| {
                format!(
                    "text {:?} is not UTF-8, as a version 2 file's must be",
                    String::from_utf8_lossy(bytes)
                )
            })
        } else {
            Ok(latin1::decode(bytes))
        }
    }
}

/// Optional sections after the strings: a 4-letter code, data length,
/// checksum, the data, a NUL. Every one is checked, and returned by code
/// (a code given twice is an error, since either could be meant). Anything
/// after the last section that is not one (often a stray line break) is
/// ignored, as Across Lite does.
fn read_sections(mut rest: &[u8]) -> Checked<HashMap<[u8; 4], &[u8]>> {
    let mut sections = HashMap::new();
    while let Some((code, len, sum)) = section_header(rest) {
        let name = String::from_utf8_lossy(code);
        let data = rest
            .get(SECTION_HEADER_LEN..SECTION_HEADER_LEN + len)
            .ok_or_else(|| truncated(&format!("the {name} section")))?;
        compare(&format!("{name} section"), sum, checksum::checksum(data, 0))?;
        let code: [u8; 4] = code.try_into().map_err(|_| truncated("a section header"))?;
        if sections.insert(code, data).is_some() {
            return Err(format!("the {name} section is given twice"));
        }
        // The data's terminating NUL may be missing at the very end.
        rest = rest.get(SECTION_HEADER_LEN + len + 1..).unwrap_or_default();
    }
    Ok(sections)
}

/// The rebus texts of an RTBL section by key: `key:TEXT;` entries, keys
/// perhaps padded with spaces.
fn rebus_table(data: &[u8], file: &File) -> Checked<HashMap<u8, String>> {
    let text = file.text(data)?;
    let mut table = HashMap::new();
    for entry in text.split(';').filter(|e| !e.trim().is_empty()) {
        let (key, value) = entry
            .split_once(':')
            .ok_or_else(|| format!("RTBL entry {entry:?} is not KEY:TEXT"))?;
        let key: u8 = key.trim().parse().map_err(|_| {
            format!(
                "RTBL entry {entry:?}: {:?} is not a key from 0 to 254",
                key.trim()
            )
        })?;
        if table
            .insert(key, value.trim().to_ascii_uppercase())
            .is_some()
        {
            return Err(format!("RTBL gives rebus key {key} twice"));
        }
    }
    Ok(table)
}

/// A section's code, data length and checksum, if `rest` starts with one.
fn section_header(rest: &[u8]) -> Option<(&[u8], usize, u16)> {
    let header = rest.get(..SECTION_HEADER_LEN)?;
    let code = &header[..4];
    if !code.iter().all(u8::is_ascii_alphanumeric) {
        return None;
    }
    let len = usize::from(u16::from_le_bytes([header[4], header[5]]));
    let sum = u16::from_le_bytes([header[6], header[7]]);
    Some((code, len, sum))
}
