//! Regex crossword files: the JSON formats, the alphabet, and the layout of
//! cells into lines for rectangles and hexagons.
//!
//! Everything downstream sees one shape-free model: numbered cells, display
//! rows of cells, and lines (ordered cells plus the regexes they must match).

use std::path::Path;

use serde::Deserialize;
use serde_json::Value;

use super::syntax::Regex;
use crate::puzzles::json;
use crate::{Error, Result};

/// The alphabet is a bit set in a `u128`.
pub(crate) const MAX_ALPHABET: usize = 128;

/// What a `grid` entry uses for a cell the player has not filled in.
pub(crate) const UNKNOWN: char = '_';

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    Rect {
        rows: usize,
        cols: usize,
    },
    /// A hexagon with an odd number of rows; the middle row is the longest.
    Hex {
        rows: usize,
    },
}

/// Cells in a fixed order that must fully match every one of `regexes`.
#[derive(Debug, Clone)]
pub struct Line {
    /// How the player would name the line, e.g. "row 2" or "ne_to_sw line 4".
    pub name: String,
    pub cells: Vec<usize>,
    pub regexes: Vec<Regex>,
}

#[derive(Debug, Clone)]
pub struct Puzzle {
    pub shape: Shape,
    pub alphabet: Vec<char>,
    /// Cell numbers of each display row, top to bottom, left to right.
    pub rows: Vec<Vec<usize>>,
    pub lines: Vec<Line>,
    /// Characters the `grid` entry fixes, by cell.
    pub givens: Vec<Option<char>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RectFile {
    left_lines: Vec<String>,
    right_lines: Option<Vec<String>>,
    top_columns: Vec<String>,
    bottom_columns: Option<Vec<String>>,
    alphabet: Option<String>,
    grid: Option<Vec<String>>,
    // Only read (as "rect" or absent) to choose this format.
    #[allow(dead_code)]
    shape: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct HexFile {
    // Only read (as "hex") to choose this format.
    #[allow(dead_code)]
    shape: String,
    horizontal: Vec<Vec<String>>,
    se_to_nw: Vec<Vec<String>>,
    ne_to_sw: Vec<Vec<String>>,
    alphabet: Option<String>,
    grid: Option<Vec<String>>,
}

/// Regex sources for one family of lines, before parsing.
type Family = Vec<Vec<String>>;

impl Puzzle {
    pub fn load(path: &Path) -> Result<Puzzle> {
        json::load(path, Puzzle::from_json)
    }

    /// Reads either JSON format; `source` names the input in error messages.
    pub fn from_json(text: &str, source: &str) -> Result<Puzzle> {
        let value = json::parse(text, source)?;
        match value.get("shape") {
            Some(Value::String(s)) if s == "hex" => json::decode(value, source, |file: HexFile| {
                let families = [file.horizontal, file.se_to_nw, file.ne_to_sw];
                Puzzle::hex(families, file.alphabet.as_deref(), file.grid.as_deref())
            }),
            None => json::decode(value, source, Puzzle::rect_file),
            Some(Value::String(s)) if s == "rect" => json::decode(value, source, Puzzle::rect_file),
            Some(other) => Err(json::in_source(
                source,
                format!("unknown shape {other} (expected \"rect\" or \"hex\")"),
            )),
        }
    }

    fn rect_file(file: RectFile) -> Result<Puzzle> {
        let rows = pair_up(
            file.left_lines,
            file.right_lines,
            "left_lines",
            "right_lines",
        )?;
        let cols = pair_up(
            file.top_columns,
            file.bottom_columns,
            "top_columns",
            "bottom_columns",
        )?;
        Puzzle::rect(rows, cols, file.alphabet.as_deref(), file.grid.as_deref())
    }

    /// A rectangle: `rows[r]` are the regexes of row r, `cols[c]` of column c.
    pub fn rect(
        rows: Family,
        cols: Family,
        alphabet: Option<&str>,
        grid: Option<&[String]>,
    ) -> Result<Puzzle> {
        let (height, width) = (rows.len(), cols.len());
        if height == 0 || width == 0 {
            return Err(Error::invalid(
                "a puzzle needs at least one row and one column",
            ));
        }
        let display: Vec<Vec<usize>> = (0..height)
            .map(|r| (0..width).map(|c| r * width + c).collect())
            .collect();
        let columns = (0..width).map(|c| (0..height).map(|r| r * width + c).collect());
        let mut lines = Vec::new();
        lines.extend(lines_of("row", rows, display.clone())?);
        lines.extend(lines_of("column", cols, columns.collect())?);
        let shape = Shape::Rect {
            rows: height,
            cols: width,
        };
        Puzzle::assemble(shape, display, lines, alphabet, grid)
    }

    /// A hexagon from its three families of lines, in the order of the issue:
    /// horizontal rows top down, then the two diagonal directions.
    pub fn hex(
        families: [Family; 3],
        alphabet: Option<&str>,
        grid: Option<&[String]>,
    ) -> Result<Puzzle> {
        let [horizontal, se_to_nw, ne_to_sw] = families;
        let n = horizontal.len();
        if n % 2 == 0 {
            return Err(Error::invalid(format!(
                "a hexagon needs an odd number of horizontal lines, not {n}"
            )));
        }
        for (name, family) in [("se_to_nw", &se_to_nw), ("ne_to_sw", &ne_to_sw)] {
            if family.len() != n {
                return Err(Error::invalid(format!(
                    "{name} has {} lines but horizontal has {n}",
                    family.len()
                )));
            }
        }
        let layout = HexLayout::new(n);
        let mut lines = Vec::new();
        lines.extend(lines_of(
            "horizontal line",
            horizontal,
            layout.rows.clone(),
        )?);
        lines.extend(lines_of("se_to_nw line", se_to_nw, layout.diagonals(true))?);
        lines.extend(lines_of(
            "ne_to_sw line",
            ne_to_sw,
            layout.diagonals(false),
        )?);
        Puzzle::assemble(Shape::Hex { rows: n }, layout.rows, lines, alphabet, grid)
    }

    fn assemble(
        shape: Shape,
        rows: Vec<Vec<usize>>,
        lines: Vec<Line>,
        alphabet: Option<&str>,
        grid: Option<&[String]>,
    ) -> Result<Puzzle> {
        let givens = read_grid(&rows, grid)?;
        let alphabet = match alphabet {
            Some(text) => explicit_alphabet(text, &givens)?,
            None => default_alphabet(&lines, &givens),
        };
        if alphabet.len() > MAX_ALPHABET {
            return Err(Error::invalid(format!(
                "the alphabet has {} characters; at most {MAX_ALPHABET} are supported",
                alphabet.len()
            )));
        }
        Ok(Puzzle {
            shape,
            alphabet,
            rows,
            lines,
            givens,
        })
    }

    pub(crate) fn cell_count(&self) -> usize {
        self.givens.len()
    }

    /// (display row, position in that row) of a cell, both from 0.
    pub fn position(&self, cell: usize) -> (usize, usize) {
        self.rows
            .iter()
            .enumerate()
            .find_map(|(r, row)| row.iter().position(|&c| c == cell).map(|p| (r, p)))
            .unwrap_or_default()
    }
}

/// One list of 1–2 regexes per line from a "left" list and an optional "right" one.
fn pair_up(
    first: Vec<String>,
    second: Option<Vec<String>>,
    first_name: &str,
    second_name: &str,
) -> Result<Family> {
    let Some(second) = second else {
        return Ok(first.into_iter().map(|r| vec![r]).collect());
    };
    if second.len() != first.len() {
        return Err(Error::invalid(format!(
            "{second_name} has {} regexes but {first_name} has {}",
            second.len(),
            first.len()
        )));
    }
    Ok(first
        .into_iter()
        .zip(second)
        .map(|(a, b)| vec![a, b])
        .collect())
}

fn lines_of(kind: &str, family: Family, cells: Vec<Vec<usize>>) -> Result<Vec<Line>> {
    family
        .into_iter()
        .zip(cells)
        .enumerate()
        .map(|(i, (sources, cells))| {
            let name = format!("{kind} {}", i + 1);
            if !(1..=2).contains(&sources.len()) {
                return Err(Error::invalid(format!(
                    "{name} has {} regexes (expected 1 or 2)",
                    sources.len()
                )));
            }
            let regexes = sources
                .iter()
                .map(|s| Regex::parse(s).map_err(|e| Error::invalid(format!("{name}: {e}"))))
                .collect::<Result<_>>()?;
            Ok(Line {
                name,
                cells,
                regexes,
            })
        })
        .collect()
}

/// Cell numbering of a hexagon with `n` rows: row r holds m + min(r, n−1−r)
/// cells, m = (n+1)/2, numbered row by row.
struct HexLayout {
    n: usize,
    rows: Vec<Vec<usize>>,
}

impl HexLayout {
    fn new(n: usize) -> HexLayout {
        let m = n.div_ceil(2);
        let mut next = 0;
        let rows = (0..n)
            .map(|r| {
                let len = m + r.min(n - 1 - r);
                next += len;
                (next - len..next).collect()
            })
            .collect();
        HexLayout { n, rows }
    }

    /// Diagonal k holds the cells whose shifted column c + shift(r) is k (se_to_nw,
    /// read bottom up) or n−1−k (ne_to_sw, read top down); the shift lines up
    /// cells of one diagonal across rows of different lengths.
    fn diagonals(&self, se_to_nw: bool) -> Vec<Vec<usize>> {
        let (n, m) = (self.n, self.n.div_ceil(2));
        let shift = |r: usize| {
            if se_to_nw {
                (m - 1).saturating_sub(r)
            } else {
                r.saturating_sub(m - 1)
            }
        };
        (0..n)
            .map(|k| {
                let target = if se_to_nw { k } else { n - 1 - k };
                let mut order: Vec<usize> = (0..n).collect();
                if se_to_nw {
                    order.reverse();
                }
                order
                    .into_iter()
                    .filter_map(|r| {
                        let c = target.checked_sub(shift(r))?;
                        self.rows[r].get(c).copied()
                    })
                    .collect()
            })
            .collect()
    }
}

fn read_grid(rows: &[Vec<usize>], grid: Option<&[String]>) -> Result<Vec<Option<char>>> {
    let cells = rows.iter().map(Vec::len).sum();
    let mut givens = vec![None; cells];
    let Some(grid) = grid else {
        return Ok(givens);
    };
    if grid.len() != rows.len() {
        return Err(Error::invalid(format!(
            "grid has {} rows but the puzzle has {}",
            grid.len(),
            rows.len()
        )));
    }
    for (r, (text, row)) in grid.iter().zip(rows).enumerate() {
        let chars: Vec<char> = text.chars().collect();
        if chars.len() != row.len() {
            return Err(Error::invalid(format!(
                "grid row {} has {} cells but should have {}",
                r + 1,
                chars.len(),
                row.len()
            )));
        }
        for (&cell, &c) in row.iter().zip(&chars) {
            givens[cell] = (c != UNKNOWN).then_some(c);
        }
    }
    Ok(givens)
}

fn explicit_alphabet(text: &str, givens: &[Option<char>]) -> Result<Vec<char>> {
    let mut alphabet = Vec::new();
    add_new(&mut alphabet, text.chars());
    if alphabet.is_empty() {
        return Err(Error::invalid("the alphabet is empty"));
    }
    if let Some(c) = givens.iter().flatten().find(|c| !alphabet.contains(c)) {
        return Err(Error::invalid(format!(
            "grid character {c:?} is not in the alphabet"
        )));
    }
    Ok(alphabet)
}

/// Printable ASCII without lower-case letters (the site's puzzles never use
/// them), plus anything the regexes or the grid spell out literally.
fn default_alphabet(lines: &[Line], givens: &[Option<char>]) -> Vec<char> {
    let mut alphabet = Vec::new();
    add_new(
        &mut alphabet,
        (' '..='~').filter(|c| !c.is_ascii_lowercase()),
    );
    for line in lines {
        for regex in &line.regexes {
            add_new(&mut alphabet, regex.literal_chars());
        }
    }
    add_new(&mut alphabet, givens.iter().flatten().copied());
    alphabet
}

fn add_new(alphabet: &mut Vec<char>, chars: impl IntoIterator<Item = char>) {
    for c in chars {
        if !alphabet.contains(&c) {
            alphabet.push(c);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hexagon_lines_follow_the_issue_geometry() {
        let layout = HexLayout::new(3);
        // Rows: [0 1] [2 3 4] [5 6].
        assert_eq!(layout.rows, vec![vec![0, 1], vec![2, 3, 4], vec![5, 6]]);
        assert_eq!(
            layout.diagonals(true),
            vec![vec![5, 2], vec![6, 3, 0], vec![4, 1]]
        );
        assert_eq!(
            layout.diagonals(false),
            vec![vec![4, 6], vec![1, 3, 5], vec![0, 2]]
        );
    }
}
