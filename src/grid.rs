//! The grid model every stage shares.
//!
//! A [`Grid`] is a rectangle of cells, each a block, an empty white cell or a
//! white cell holding a fixed letter, and may have [`Bars`]: thick lines on a
//! cell's right or lower side that end a word as a block would, the way
//! barred puzzles (British advanced cryptics, variety puzzles) divide a grid
//! with no blocks at all. One model holds both kinds, so every stage takes
//! either. Words live in [`Slot`]s: maximal across or down runs of white
//! cells, unbroken by a bar, at least `min_len` long (a shorter run is an
//! unchecked cell, not a word). Clue numbers follow the standard convention:
//! reading row by row, every cell that starts a slot gets the next number.
//!
//! Themed puzzles also mark some cells: circled, shaded, or holding a rebus
//! (several letters in one cell). Those [`Mark`]s live beside the grid, keyed
//! by cell, so that the fill, which only cares about letters, never sees
//! them; the text format carries them in an optional section after the grid
//! (see [`parse_marked_text`]).

use std::collections::BTreeMap;
use std::path::Path;

use crate::error::{Error, Result};
use crate::pattern::file::nth_seated;
use crate::pattern::seat::Seat;
use crate::pattern::{hex, Pattern};

/// The shortest run that is a word unless a user or a file says otherwise
/// (a run of one cell is unchecked), and the shortest a fill ever fills.
pub const DEFAULT_MIN_SLOT: usize = 2;

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

/// The bars on one cell's right and lower sides. A bar on a cell's left or
/// upper side is its neighbour's right or lower bar, so these two are all
/// there is; a bar on the grid's outer edge would divide nothing and is
/// never stored.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Bars {
    pub right: bool,
    pub below: bool,
}

impl Bars {
    pub const NONE: Bars = Bars {
        right: false,
        below: false,
    };

    pub fn any(self) -> bool {
        self.right || self.below
    }

    /// The bar that ends a word going in `direction` after this cell.
    pub fn after(self, direction: Direction) -> bool {
        match direction {
            Direction::Across => self.right,
            Direction::Down => self.below,
        }
    }
}

/// A side of a cell, as files name bars (ipuz's `T`, `R`, `B`, `L`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    Top,
    Right,
    Bottom,
    Left,
}

impl Side {
    pub const ALL: [Side; 4] = [Side::Top, Side::Right, Side::Bottom, Side::Left];

    /// `T`, `R`, `B` or `L`, either case.
    pub fn from_letter(letter: char) -> Option<Side> {
        match letter.to_ascii_uppercase() {
            'T' => Some(Side::Top),
            'R' => Some(Side::Right),
            'B' => Some(Side::Bottom),
            'L' => Some(Side::Left),
            _ => None,
        }
    }

    pub fn letter(self) -> char {
        match self {
            Side::Top => 'T',
            Side::Right => 'R',
            Side::Bottom => 'B',
            Side::Left => 'L',
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Side::Top => "upper",
            Side::Right => "right",
            Side::Bottom => "lower",
            Side::Left => "left",
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
    /// One per cell, row-major; all [`Bars::NONE`] in a blocked grid.
    bars: Vec<Bars>,
}

impl Grid {
    pub fn empty(width: usize, height: usize) -> Result<Grid> {
        check_side("width", width)?;
        check_side("height", height)?;
        Ok(Grid {
            width,
            height,
            cells: vec![Cell::Empty; width * height],
            bars: vec![Bars::NONE; width * height],
        })
    }

    pub fn width(&self) -> usize {
        self.width
    }

    pub fn height(&self) -> usize {
        self.height
    }

    /// The grid mirrored in its main diagonal: rows become columns.
    pub fn transposed(&self) -> Grid {
        let cells = (0..self.width)
            .flat_map(|c| (0..self.height).map(move |r| (r, c)))
            .map(|(r, c)| self.get(r, c))
            .collect();
        let bars = (0..self.width)
            .flat_map(|c| (0..self.height).map(move |r| (r, c)))
            .map(|(r, c)| {
                let bars = self.bars(r, c);
                Bars {
                    right: bars.below,
                    below: bars.right,
                }
            })
            .collect();
        Grid {
            width: self.height,
            height: self.width,
            cells,
            bars,
        }
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

    /// The bars on the cell's right and lower sides.
    pub fn bars(&self, row: usize, col: usize) -> Bars {
        self.bars[row * self.width + col]
    }

    /// Sets the cell's right and lower bars. A bar on the grid's outer
    /// edge divides nothing and is dropped.
    pub fn set_bars(&mut self, row: usize, col: usize, bars: Bars) {
        self.bars[row * self.width + col] = Bars {
            right: bars.right && col + 1 < self.width,
            below: bars.below && row + 1 < self.height,
        };
    }

    /// Puts a bar on `side` of the cell (a left or upper bar is stored as
    /// the neighbour's right or lower one). False, and nothing changes,
    /// when that side is the grid's outer edge.
    pub fn add_bar(&mut self, row: usize, col: usize, side: Side) -> bool {
        let (r, c, right) = match side {
            Side::Right if col + 1 < self.width => (row, col, true),
            Side::Bottom if row + 1 < self.height => (row, col, false),
            Side::Left if col > 0 => (row, col - 1, true),
            Side::Top if row > 0 => (row - 1, col, false),
            _ => return false,
        };
        let mut bars = self.bars(r, c);
        if right {
            bars.right = true;
        } else {
            bars.below = true;
        }
        self.set_bars(r, c, bars);
        true
    }

    /// Whether any cell has a bar: a barred grid, which formats without
    /// bars (`.puz`, `.xd`) cannot hold.
    pub fn is_barred(&self) -> bool {
        self.bars.iter().any(|b| b.any())
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

    /// The word `slot` holds when every cell has its letter, else None.
    pub fn entry(&self, slot: &Slot) -> Option<String> {
        slot.cells()
            .map(|(r, c)| match self.get(r, c) {
                Cell::Letter(b) => Some(char::from(b)),
                _ => None,
            })
            .collect()
    }

    /// Parses the text grid format: one line per row, `#` block, `.` empty,
    /// a letter (either case) fixed. `source_name` names the input in errors.
    /// A mark section after the grid (see [`parse_marked_text`]) is checked
    /// and left out, so marked grids can be filled like any other.
    pub fn parse_text(text: &str, source_name: &str) -> Result<Grid> {
        parse_marked_text(text, source_name).map(|(grid, _)| grid)
    }

    /// The grid part of the text format: `lines` up to the first blank one.
    fn parse_rows(lines: &[&str], source_name: &str) -> Result<Grid> {
        let used = lines
            .iter()
            .position(|l| l.is_empty())
            .unwrap_or(lines.len());
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
            bars: vec![Bars::NONE; cells.len()],
            cells,
        };
        check_side("width", grid.width)
            .and_then(|_| check_side("height", grid.height))
            .map_err(|e| Error::parse(source_name, 1, None, e.to_string()))?;
        Ok(grid)
    }

    /// The text grid format, one row per line, each line ending in `\n`,
    /// then a barred grid's `bars:` line (see [`parse_marked_text`]).
    pub fn to_text(&self) -> String {
        marked_text(self, &Marks::new())
    }

    /// The grid's rows alone, one per line.
    fn rows_text(&self) -> String {
        let mut out = String::with_capacity((self.width + 1) * self.height);
        for row in self.cells.chunks(self.width) {
            out.extend(row.iter().map(|c| c.to_char()));
            out.push('\n');
        }
        out
    }

    pub fn from_pattern(pattern: &Pattern) -> Grid {
        let cells: Vec<Cell> = (0..pattern.height())
            .flat_map(|r| (0..pattern.width()).map(move |c| (r, c)))
            .map(|(r, c)| {
                if pattern.is_white(r, c) {
                    Cell::Empty
                } else {
                    Cell::Block
                }
            })
            .collect();
        let bars = (0..pattern.height())
            .flat_map(|r| (0..pattern.width()).map(move |c| (r, c)))
            .map(|(r, c)| Bars {
                right: pattern.bars_right(r) >> c & 1 == 1,
                below: pattern.bars_below(r) >> c & 1 == 1,
            })
            .collect();
        Grid {
            width: pattern.width(),
            height: pattern.height(),
            bars,
            cells,
        }
    }

    /// The pattern with the letters of its seats (whole slots of the
    /// pattern, as pattern files guarantee) written in.
    pub(crate) fn from_seated(pattern: &Pattern, seats: &[Seat]) -> Grid {
        let mut grid = Grid::from_pattern(pattern);
        for seat in seats {
            for ((r, c), letter) in seat.cells().zip(seat.answer.bytes()) {
                grid.set(r, c, Cell::Letter(letter));
            }
        }
        grid
    }

    /// The black/white shape of the grid (letters count as white), with
    /// its bars.
    pub fn pattern(&self) -> Pattern {
        let masks = |rows: usize, bit: &dyn Fn(usize, usize) -> bool| -> Vec<u32> {
            (0..rows)
                .map(|r| {
                    (0..self.width)
                        .filter(|&c| bit(r, c))
                        .fold(0u32, |acc, c| acc | 1 << c)
                })
                .collect()
        };
        let rows = masks(self.height, &|r, c| self.is_white(r, c));
        let right = masks(self.height, &|r, c| self.bars(r, c).right);
        let below = masks(self.height - 1, &|r, c| self.bars(r, c).below);
        Pattern::from_rows(self.width, self.height, rows)
            .and_then(|p| p.with_bars(right, below))
            .expect("grid sizes are validated and edge bars never stored")
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
        let before = match direction {
            Direction::Across if col > 0 => (row, col - 1),
            Direction::Down if row > 0 => (row - 1, col),
            _ => return true,
        };
        !self.is_white(before.0, before.1) || self.bars(before.0, before.1).after(direction)
    }

    /// Length of the white run starting at (row, col) going in `direction`,
    /// up to a block, a bar or the edge.
    fn run_from(&self, row: usize, col: usize, direction: Direction) -> usize {
        let (dr, dc) = direction.step();
        let (mut r, mut c, mut len) = (row, col, 0);
        while r < self.height && c < self.width && self.is_white(r, c) {
            len += 1;
            if self.bars(r, c).after(direction) {
                break;
            }
            r += dr;
            c += dc;
        }
        len
    }
}

/// How a cell is marked beyond its letter.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Mark {
    pub circled: bool,
    pub shaded: bool,
    /// The cell's whole text when it holds more than one character: two or
    /// more of `A`–`Z` and `0`–`9`, upper case, starting with the letter the
    /// grid holds in that cell (as `.puz` stores a rebus).
    pub rebus: Option<String>,
}

impl Mark {
    /// An unmarked cell; such marks are never stored.
    pub(crate) fn is_plain(&self) -> bool {
        *self == Mark::default()
    }
}

/// The marked cells by (row, column), counted from 0. A cell not in the map
/// is unmarked; [`Mark::default`] is never stored.
pub(crate) type Marks = BTreeMap<(usize, usize), Mark>;

/// The names of the mark lines, in the order [`marked_text`] writes them.
const MARK_KINDS: [&str; 3] = ["circled", "shaded", "rebus"];

/// The name of the line that lists a barred grid's bars.
const BARS: &str = "bars";

/// Parses the text grid format with its optional section after the grid:
/// the grid's lines, then a blank line, the bars of a barred grid and one
/// line per kind of mark, each listing cells as 1-based `ROW,COL`:
///
/// ```text
/// HEART#...
/// .....#...
///
/// bars: 1,7=R 2,2=RB
/// circled: 1,1 1,3
/// shaded: 2,4
/// rebus: 1,1=HEART
/// ```
///
/// A bar is named by the cell it borders and the side: `R` right, `B`
/// below (bottom), and `L` left or `T` top, which are read as the
/// neighbour's right or lower bar; letters may be combined (`RB`) and
/// lower case. Bars and marks go on white cells only, and a bar on the
/// grid's outer edge is refused; a rebus is two or more of `A`–`Z` and
/// `0`–`9` (lower case is read as upper) and starts with the grid's letter
/// in its cell. A kind may be given on several lines; they add up.
/// `source_name` names the input in errors, which give the line at fault.
pub fn parse_marked_text(text: &str, source_name: &str) -> Result<(Grid, Marks)> {
    let lines: Vec<&str> = text.lines().map(str::trim_end).collect();
    let mut grid = Grid::parse_rows(&lines, source_name)?;
    let mut marks = Marks::new();
    for (index, line) in lines.iter().enumerate().skip(grid.height) {
        if !line.trim().is_empty() {
            parse_mark_line(&mut grid, &mut marks, line, source_name, index + 1)?;
        }
    }
    Ok((grid, marks))
}

fn parse_mark_line(
    grid: &mut Grid,
    marks: &mut Marks,
    line: &str,
    source_name: &str,
    line_no: usize,
) -> Result<()> {
    let at = |message: String| Error::parse(source_name, line_no, None, message);
    let Some((kind, cells)) = line.split_once(':') else {
        return Err(at(format!(
            "{:?} is not a mark line like \"circled: 1,1 2,3\" (a grid has no blank lines; \
             after the grid and a blank line come only bars and mark lines)",
            line.trim()
        )));
    };
    let kind = kind.trim();
    if kind == BARS {
        return grid.add_bars(cells).map_err(at);
    }
    if !MARK_KINDS.contains(&kind) {
        return Err(at(format!(
            "unknown mark kind {kind:?} (expected bars, circled, shaded or rebus)"
        )));
    }
    for item in cells.split_whitespace() {
        let (cell, rebus) = match item.split_once('=') {
            Some((cell, text)) if kind == "rebus" => (cell, Some(text)),
            None if kind == "rebus" => {
                return Err(at(format!(
                    "{item:?} is not a rebus cell (expected ROW,COL=TEXT, like 1,2=HEART)"
                )))
            }
            _ => (item, None),
        };
        let (row, col) = parse_cell_name(grid, cell).map_err(&at)?;
        let mut mark = marks.remove(&(row, col)).unwrap_or_default();
        match rebus {
            Some(text) => {
                let text = text.to_ascii_uppercase();
                check_rebus(grid, row, col, &text).map_err(&at)?;
                if let Some(old) = mark.rebus.as_ref().filter(|old| **old != text) {
                    return Err(at(format!(
                        "cell {cell} is given two rebuses, {old} and {text}"
                    )));
                }
                mark.rebus = Some(text);
            }
            None if kind == "circled" => mark.circled = true,
            None => mark.shaded = true,
        }
        marks.insert((row, col), mark);
    }
    Ok(())
}

impl Grid {
    /// Adds the bars of a `bars:` line's items (`1,3=R 3,1=B`, see
    /// [`parse_marked_text`]), for formats that carry the notation in a
    /// field of their own (a number crossword's JSON).
    pub fn add_bars(&mut self, notation: &str) -> std::result::Result<(), String> {
        notation
            .split_whitespace()
            .try_for_each(|item| parse_bar(self, item))
    }

    /// The bars as a `bars:` line's items, empty for a grid without bars.
    pub fn bars_notation(&self) -> String {
        let mut items = Vec::new();
        for row in 0..self.height {
            for col in 0..self.width {
                let bars = self.bars(row, col);
                if bars.any() {
                    let sides = match (bars.right, bars.below) {
                        (true, true) => "RB",
                        (true, false) => "R",
                        _ => "B",
                    };
                    items.push(format!("{},{}={sides}", row + 1, col + 1));
                }
            }
        }
        items.join(" ")
    }
}

/// One item of a `bars:` line, `ROW,COL=SIDES`, added to `grid`.
fn parse_bar(grid: &mut Grid, item: &str) -> std::result::Result<(), String> {
    let Some((cell, sides)) = item.split_once('=') else {
        return Err(format!(
            "{item:?} is not a bar (expected ROW,COL=SIDES, like 2,5=R; sides R, B, L, T)"
        ));
    };
    let (row, col) = parse_position(grid, cell)?;
    if sides.is_empty() {
        return Err(format!("bar {item:?} names no side (R, B, L or T)"));
    }
    for letter in sides.chars() {
        let Some(side) = Side::from_letter(letter) else {
            return Err(format!(
                "bar {item:?}: {letter:?} is not a side (expected R right, B below, L left, T top)"
            ));
        };
        if !grid.add_bar(row, col, side) {
            return Err(format!(
                "bar {item:?}: the {} side of cell {cell} is the grid's edge, where a bar divides nothing",
                side.name()
            ));
        }
    }
    Ok(())
}

/// A 1-based `ROW,COL` as 0-based (row, col) of a white cell in `grid`.
fn parse_cell_name(grid: &Grid, name: &str) -> std::result::Result<(usize, usize), String> {
    let (row, col) = parse_position(grid, name)?;
    if !grid.is_white(row, col) {
        return Err(format!(
            "cell {},{} is a block; only white cells are marked",
            row + 1,
            col + 1
        ));
    }
    Ok((row, col))
}

/// A 1-based `ROW,COL` as 0-based (row, col) of a cell in `grid`.
fn parse_position(grid: &Grid, name: &str) -> std::result::Result<(usize, usize), String> {
    let number = |part: &str| part.trim().parse::<usize>().ok().filter(|&n| n > 0);
    let Some((row, col)) = name
        .split_once(',')
        .and_then(|(r, c)| Some((number(r)?, number(c)?)))
    else {
        return Err(format!(
            "{name:?} is not a cell (expected ROW,COL counted from 1, like 2,5)"
        ));
    };
    if row > grid.height || col > grid.width {
        return Err(format!(
            "cell {row},{col} is outside the grid, which has {} rows and {} columns",
            grid.height, grid.width
        ));
    }
    Ok((row - 1, col - 1))
}

/// Checks that `text` can be the rebus of the cell at (row, col): see
/// [`Mark::rebus`]. Messages name the cell 1-based.
pub(crate) fn check_rebus(
    grid: &Grid,
    row: usize,
    col: usize,
    text: &str,
) -> std::result::Result<(), String> {
    let name = format!("{},{}", row + 1, col + 1);
    if let Some(bad) = text
        .chars()
        .find(|c| !c.is_ascii_uppercase() && !c.is_ascii_digit())
    {
        return Err(format!(
            "rebus {text:?} at {name} contains {bad:?}; a rebus holds only letters A-Z and digits 0-9"
        ));
    }
    if text.len() < 2 {
        return Err(format!(
            "rebus {text:?} at {name} is not a rebus: a rebus holds two or more characters"
        ));
    }
    let first = text.as_bytes()[0];
    match grid.get(row, col) {
        Cell::Letter(letter) if letter == first => Ok(()),
        Cell::Letter(letter) => Err(format!(
            "rebus {text} at {name} starts with {}, but the grid has {} there",
            first as char, letter as char
        )),
        Cell::Empty => Err(format!(
            "rebus {text} at {name} is on an empty cell; the grid must hold its first letter, {}",
            first as char
        )),
        Cell::Block => Err(format!("rebus {text} at {name} is on a block")),
    }
}

/// Checks marks against their grid: every cell inside it and white, no
/// plain mark stored, every rebus fit for its cell (see [`check_rebus`]).
pub(crate) fn check_marks(grid: &Grid, marks: &Marks) -> std::result::Result<(), String> {
    for (&(row, col), mark) in marks {
        let name = format!("{},{}", row + 1, col + 1);
        if row >= grid.height || col >= grid.width {
            return Err(format!(
                "marked cell {name} is outside the grid, which has {} rows and {} columns",
                grid.height, grid.width
            ));
        }
        if !grid.is_white(row, col) {
            return Err(format!("marked cell {name} is a block"));
        }
        if mark.is_plain() {
            return Err(format!("cell {name} is stored with an empty mark"));
        }
        if let Some(text) = &mark.rebus {
            check_rebus(grid, row, col, text)?;
        }
    }
    Ok(())
}

/// The text grid format with its mark section (see [`parse_marked_text`]):
/// exactly [`Grid::to_text`] when there are no marks. Kinds with no cell get
/// no line.
pub fn marked_text(grid: &Grid, marks: &Marks) -> String {
    let mut out = grid.rows_text();
    if marks.is_empty() && !grid.is_barred() {
        return out;
    }
    out.push('\n');
    if grid.is_barred() {
        out.push_str(&format!("{BARS}: {}\n", grid.bars_notation()));
    }
    for kind in MARK_KINDS {
        let cells: Vec<String> = marks
            .iter()
            .filter_map(|(&(row, col), mark)| {
                let name = format!("{},{}", row + 1, col + 1);
                match kind {
                    "circled" => mark.circled.then_some(name),
                    "shaded" => mark.shaded.then_some(name),
                    _ => mark.rebus.as_ref().map(|text| format!("{name}={text}")),
                }
            })
            .collect();
        if !cells.is_empty() {
            out.push_str(&format!("{kind}: {}\n", cells.join(" ")));
        }
    }
    out
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
/// 1-based) or a hex string. A text grid's marks are checked and left out
/// (see [`load_marked`]).
pub fn load(spec: &str) -> Result<Grid> {
    load_marked(spec).map(|(grid, _)| grid)
}

/// [`load`] with the marks of a text grid file (see
/// [`parse_marked_text`]); patterns have none.
pub fn load_marked(spec: &str) -> Result<(Grid, Marks)> {
    let unmarked = |grid: Grid| (grid, Marks::new());
    let path = Path::new(spec);
    // Anything that exists is read as a file: a device or a FIFO too, so
    // that `/dev/null` is an empty grid, not "no such file".
    let exists = match std::fs::metadata(path) {
        Ok(meta) if meta.is_dir() => {
            return Err(Error::invalid(format!(
                "{spec} is a directory; give a grid file, a pattern file or a hex pattern"
            )));
        }
        Ok(_) => true,
        Err(e) if e.kind() == std::io::ErrorKind::PermissionDenied => {
            return Err(Error::io(path, e));
        }
        // Not found, or not a file name at all (a long hex pattern).
        Err(_) => false,
    };
    if exists {
        if path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("hex"))
        {
            return nth_seated(path, 1).map(|(p, seats)| unmarked(Grid::from_seated(&p, &seats)));
        }
        let bytes = crate::files::read_bounded(path, MAX_TEXT_GRID_BYTES)?;
        let text = String::from_utf8(bytes)
            .map_err(|_| Error::parse(spec, 1, None, "not text (is this a binary file?)"))?;
        return parse_marked_text(&text, spec);
    }
    if let Some((file, index)) = spec.rsplit_once(':') {
        if Path::new(file).is_file() {
            let n = index.parse().map_err(|_| {
                Error::invalid(format!("{spec}: {index:?} is not a pattern number"))
            })?;
            return nth_seated(Path::new(file), n)
                .map(|(p, seats)| unmarked(Grid::from_seated(&p, &seats)));
        }
    }
    hex::decode(spec)
        .map(|p| unmarked(Grid::from_pattern(&p)))
        .map_err(|e| {
            if spec.contains(['/', '.']) {
                Error::invalid(format!("{spec}: no such file"))
            } else {
                Error::invalid(format!("{spec:?} is neither a file nor a hex pattern: {e}"))
            }
        })
}
