//! Reading `.puz`: the file split into its parts, every checksum checked,
//! then the grid, clues and marks interpreted; problems are messages
//! naming the part until [`read`] puts the file's name in front.

use std::collections::HashMap;

use super::checksum::{unmask, Body, Sums, MASKED_PARTS};
use super::latin1;
use super::*;
use crate::error::{Error, Result};
use crate::grid::DEFAULT_MIN_SLOT;
use crate::grid::{Cell, Grid, Marks};
use crate::puzzle::Puzzle;

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
pub(super) struct File<'a> {
    header: &'a [u8; HEADER_LEN],
    version: (u32, u32),
    pub(super) width: usize,
    pub(super) height: usize,
    pub(super) solution: &'a [u8],
    pub(super) fill: &'a [u8],
    title: &'a [u8],
    author: &'a [u8],
    copyright: &'a [u8],
    clues: Vec<&'a [u8]>,
    notes: &'a [u8],
    /// Whatever follows the notes: optional sections, perhaps stray bytes.
    pub(super) rest: &'a [u8],
}

pub(super) fn parse(bytes: &[u8]) -> Checked<File<'_>> {
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
pub(super) fn read_sections(mut rest: &[u8]) -> Checked<HashMap<[u8; 4], &[u8]>> {
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
