//! The grid model every stage shares.
//!
//! A [`Grid`] is a rectangle of cells, each a block, an empty white cell or a
//! white cell holding a fixed letter. Words live in [`Slot`]s: maximal across or
//! down runs of white cells at least `min_len` long (a shorter run is an
//! unchecked cell, not a word). Clue numbers follow the standard convention:
//! reading row by row, every cell that starts a slot gets the next number.

use std::path::Path;

use crate::error::{Error, Result};
use crate::pattern::file::nth_seated;
use crate::pattern::seat::Seat;
use crate::pattern::{hex, Pattern};

pub use crate::pattern::{check_side, MAX_SIDE, MIN_SIDE};

/// A text grid is at most 31 lines of 31 cells; anything much larger is
/// not a grid, and is refused before it is read.
const MAX_TEXT_GRID_BYTES: u64 = 64 * 1024;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    Block,
    Empty,
    /// An upper-case ASCII letter `A`–`Z`.
    Letter(u8),
}

impl Cell {
    pub fn is_white(self) -> bool {
        self != Cell::Block
    }

    fn to_char(self) -> char {
        match self {
            Cell::Block => '#',
            Cell::Empty => '.',
            Cell::Letter(b) => b as char,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Direction {
    Across,
    Down,
}

impl Direction {
    pub fn step(self) -> (usize, usize) {
        match self {
            Direction::Across => (0, 1),
            Direction::Down => (1, 0),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Slot {
    pub number: u32,
    pub direction: Direction,
    pub row: usize,
    pub col: usize,
    pub len: usize,
}

impl Slot {
    /// The (row, col) positions of the slot's cells, in reading order.
    pub fn cells(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        let (dr, dc) = self.direction.step();
        (0..self.len).map(move |i| (self.row + i * dr, self.col + i * dc))
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    width: usize,
    height: usize,
    cells: Vec<Cell>,
}

impl Grid {
    pub fn empty(width: usize, height: usize) -> Result<Grid> {
        check_side("width", width)?;
        check_side("height", height)?;
        Ok(Grid {
            width,
            height,
            cells: vec![Cell::Empty; width * height],
        })
    }

    pub fn width(&self) -> usize {
        self.width
    }

    pub fn height(&self) -> usize {
        self.height
    }

    pub fn get(&self, row: usize, col: usize) -> Cell {
        self.cells[row * self.width + col]
    }

    pub fn set(&mut self, row: usize, col: usize, cell: Cell) {
        self.cells[row * self.width + col] = cell;
    }

    pub fn is_white(&self, row: usize, col: usize) -> bool {
        self.get(row, col).is_white()
    }

    /// The letters in `slot`'s cells, `None` where a cell is open: the
    /// pattern its words must match.
    pub fn letters(&self, slot: &Slot) -> Vec<Option<u8>> {
        slot.cells()
            .map(|(r, c)| match self.get(r, c) {
                Cell::Letter(b) => Some(b),
                _ => None,
            })
            .collect()
    }

    /// Parses the text grid format: one line per row, `#` block, `.` empty,
    /// a letter (either case) fixed. `source_name` names the input in errors.
    pub fn parse_text(text: &str, source_name: &str) -> Result<Grid> {
        let lines: Vec<&str> = text.lines().map(|l| l.trim_end()).collect();
        let used = lines
            .iter()
            .rposition(|l| !l.is_empty())
            .map_or(0, |i| i + 1);
        if used == 0 {
            return Err(Error::parse(source_name, 1, None, "empty grid"));
        }
        let width = lines[0].chars().count();
        let mut cells = Vec::with_capacity(width * used);
        for (index, line) in lines[..used].iter().enumerate() {
            let line_no = index + 1;
            let mut count = 0;
            for (col, ch) in line.chars().enumerate() {
                cells.push(parse_cell(ch).ok_or_else(|| {
                    Error::parse(
                        source_name,
                        line_no,
                        Some(col + 1),
                        format!("unknown character {ch:?} (expected '#', '.' or a letter A-Z)"),
                    )
                })?);
                count += 1;
            }
            if count != width {
                return Err(Error::parse(
                    source_name,
                    line_no,
                    Some(count.min(width) + 1),
                    format!("ragged grid: row has {count} cells, the first row has {width}"),
                ));
            }
        }
        let grid = Grid {
            width,
            height: used,
            cells,
        };
        check_side("width", grid.width)
            .and_then(|_| check_side("height", grid.height))
            .map_err(|e| Error::parse(source_name, 1, None, e.to_string()))?;
        Ok(grid)
    }

    /// The text grid format, one row per line, each line ending in `\n`.
    pub fn to_text(&self) -> String {
        let mut out = String::with_capacity((self.width + 1) * self.height);
        for row in self.cells.chunks(self.width) {
            out.extend(row.iter().map(|c| c.to_char()));
            out.push('\n');
        }
        out
    }

    pub fn from_pattern(pattern: &Pattern) -> Grid {
        let cells = (0..pattern.height())
            .flat_map(|r| (0..pattern.width()).map(move |c| (r, c)))
            .map(|(r, c)| {
                if pattern.is_white(r, c) {
                    Cell::Empty
                } else {
                    Cell::Block
                }
            })
            .collect();
        Grid {
            width: pattern.width(),
            height: pattern.height(),
            cells,
        }
    }

    /// The pattern with the letters of its seats (whole slots of the
    /// pattern, as pattern files guarantee) written in.
    pub fn from_seated(pattern: &Pattern, seats: &[Seat]) -> Grid {
        let mut grid = Grid::from_pattern(pattern);
        for seat in seats {
            for ((r, c), letter) in seat.cells().zip(seat.answer.bytes()) {
                grid.set(r, c, Cell::Letter(letter));
            }
        }
        grid
    }

    /// The black/white shape of the grid (letters count as white).
    pub fn pattern(&self) -> Pattern {
        let rows = self
            .cells
            .chunks(self.width)
            .map(|row| {
                row.iter()
                    .enumerate()
                    .filter(|(_, c)| c.is_white())
                    .fold(0u32, |acc, (i, _)| acc | 1 << i)
            })
            .collect();
        Pattern::from_rows(self.width, self.height, rows).expect("grid sizes are validated")
    }

    /// All slots of at least `min_len` cells, numbered in the standard way,
    /// ordered across-first then by number.
    pub fn slots(&self, min_len: usize) -> Vec<Slot> {
        let numbers = self.clue_numbers(min_len);
        let mut slots = Vec::new();
        for direction in [Direction::Across, Direction::Down] {
            for row in 0..self.height {
                for col in 0..self.width {
                    let len = self.run_from(row, col, direction);
                    if len >= min_len.max(1) && self.starts_run(row, col, direction) {
                        slots.push(Slot {
                            number: numbers[row * self.width + col],
                            direction,
                            row,
                            col,
                            len,
                        });
                    }
                }
            }
        }
        slots.sort_by_key(|s| (s.direction, s.number));
        slots
    }

    /// Clue number per cell in row-major order, 0 where the cell starts no slot.
    pub fn clue_numbers(&self, min_len: usize) -> Vec<u32> {
        let mut next = 1;
        let mut numbers = vec![0; self.cells.len()];
        for row in 0..self.height {
            for col in 0..self.width {
                let starts = [Direction::Across, Direction::Down].into_iter().any(|d| {
                    self.starts_run(row, col, d) && self.run_from(row, col, d) >= min_len.max(1)
                });
                if starts {
                    numbers[row * self.width + col] = next;
                    next += 1;
                }
            }
        }
        numbers
    }

    fn starts_run(&self, row: usize, col: usize, direction: Direction) -> bool {
        if !self.is_white(row, col) {
            return false;
        }
        match direction {
            Direction::Across => col == 0 || !self.is_white(row, col - 1),
            Direction::Down => row == 0 || !self.is_white(row - 1, col),
        }
    }

    /// Length of the white run starting at (row, col) going in `direction`.
    fn run_from(&self, row: usize, col: usize, direction: Direction) -> usize {
        let (dr, dc) = direction.step();
        let (mut r, mut c, mut len) = (row, col, 0);
        while r < self.height && c < self.width && self.is_white(r, c) {
            len += 1;
            r += dr;
            c += dc;
        }
        len
    }
}

fn parse_cell(ch: char) -> Option<Cell> {
    match ch {
        '#' => Some(Cell::Block),
        '.' => Some(Cell::Empty),
        'A'..='Z' => Some(Cell::Letter(ch as u8)),
        'a'..='z' => Some(Cell::Letter(ch.to_ascii_uppercase() as u8)),
        _ => None,
    }
}

/// Resolves the grid a user names on the command line: a text grid file,
/// a hex pattern file (its first pattern), `FILE:N` (the N-th pattern,
/// 1-based) or a hex string.
pub fn load(spec: &str) -> Result<Grid> {
    let path = Path::new(spec);
    if path.is_dir() {
        return Err(Error::invalid(format!(
            "{spec} is a directory; give a grid file, a pattern file or a hex pattern"
        )));
    }
    if path.is_file() {
        if path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("hex"))
        {
            return nth_seated(path, 1).map(|(p, seats)| Grid::from_seated(&p, &seats));
        }
        let bytes = crate::files::read_bounded(path, MAX_TEXT_GRID_BYTES)?;
        let text = String::from_utf8(bytes)
            .map_err(|_| Error::parse(spec, 1, None, "not text (is this a binary file?)"))?;
        return Grid::parse_text(&text, spec);
    }
    if let Some((file, index)) = spec.rsplit_once(':') {
        if Path::new(file).is_file() {
            let n = index.parse().map_err(|_| {
                Error::invalid(format!("{spec}: {index:?} is not a pattern number"))
            })?;
            return nth_seated(Path::new(file), n).map(|(p, seats)| Grid::from_seated(&p, &seats));
        }
    }
    hex::decode(spec)
        .map(|p| Grid::from_pattern(&p))
        .map_err(|e| {
            if spec.contains(['/', '.']) {
                Error::invalid(format!("{spec}: no such file"))
            } else {
                Error::invalid(format!("{spec:?} is neither a file nor a hex pattern: {e}"))
            }
        })
}
