//! Number crossword files: the JSON format, checked whole before any search.
//!
//! The grid is an ordinary crossword grid (slots and clue numbers come from
//! [`crate::grid`]); each slot must have exactly one clue and each clue a
//! slot, so a typo in a clue number is an error naming it, not a silently
//! unconstrained answer.

use std::collections::BTreeMap;
use std::path::Path;

use serde::Deserialize;

use super::expr::Expr;
use crate::grid::{Direction, Grid, Slot, DEFAULT_MIN_SLOT};
use crate::puzzles::json;
use crate::{Error, Result};

/// Most values a puzzle may give: the search keeps the used ones in a `u64`.
pub(crate) const MAX_VALUES: usize = 64;

/// Digit letters used when a file gives no `spellings`.
pub const ENGLISH: &str = "ZOTTFFSSEN";
pub const GERMAN: &str = "NEZDVFSSAN";

/// A digit alphabet: the letter written for each digit 0–9.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spelling {
    pub name: String,
    pub digits: [u8; 10],
}

impl Spelling {
    /// `text` must be exactly ten letters A–Z (either case).
    pub fn new(name: &str, text: &str) -> Result<Spelling> {
        let letters: Vec<char> = text.chars().collect();
        if letters.len() != 10 || !letters.iter().all(char::is_ascii_alphabetic) {
            return Err(Error::invalid(format!(
                "spelling {name:?}: {text:?} is not 10 letters A-Z (one per digit 0-9)"
            )));
        }
        let mut digits = [0u8; 10];
        for (d, c) in digits.iter_mut().zip(letters) {
            *d = c.to_ascii_uppercase() as u8;
        }
        Ok(Spelling {
            name: name.to_string(),
            digits,
        })
    }

    /// `value` written in this alphabet, if it is positive.
    pub fn spell(&self, value: i128) -> Option<String> {
        let digits = super::expr::digits(value)?;
        Some(
            digits
                .into_iter()
                .map(|d| self.digits[usize::from(d)] as char)
                .collect(),
        )
    }
}

/// One clue: its slot, label (`1A`, `14D`), source text and expression.
#[derive(Clone, Debug)]
pub struct Clue {
    pub slot: Slot,
    pub label: String,
    pub text: String,
    pub expr: Expr,
}

#[derive(Clone, Debug)]
pub struct Puzzle {
    /// The grid as given: blocks, open cells and given letters.
    pub grid: Grid,
    /// The values letters take, all different.
    pub values: Vec<i128>,
    /// Every letter of the clues, in alphabetical order.
    pub letters: Vec<u8>,
    pub spellings: Vec<Spelling>,
    /// One per slot, in slot order (across by number, then down).
    pub clues: Vec<Clue>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    grid: Vec<String>,
    /// A barred grid's bars in the text grid's notation, `"1,3=R 3,1=B"`.
    #[serde(default)]
    bars: Option<String>,
    values: Vec<i64>,
    clues: ClueFile,
    spellings: Option<BTreeMap<String, String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ClueFile {
    #[serde(default)]
    across: BTreeMap<String, String>,
    #[serde(default)]
    down: BTreeMap<String, String>,
}

impl Puzzle {
    pub fn load(path: &Path) -> Result<Puzzle> {
        json::load(path, Puzzle::from_json)
    }

    /// Reads the JSON format; `source` names the input in error messages.
    pub fn from_json(text: &str, source: &str) -> Result<Puzzle> {
        json::decode(json::parse(text, source)?, source, Puzzle::from_file)
    }

    fn from_file(file: File) -> Result<Puzzle> {
        let mut grid = Grid::parse_text(&file.grid.join("\n"), "grid")?;
        if let Some(bars) = &file.bars {
            grid.add_bars(bars)
                .map_err(|e| Error::invalid(format!("bars: {e}")))?;
        }
        let spellings = match file.spellings {
            None => vec![
                Spelling::new("english", ENGLISH)?,
                Spelling::new("german", GERMAN)?,
            ],
            Some(map) if map.is_empty() => {
                return Err(Error::invalid("spellings: give at least one"))
            }
            Some(map) => map
                .iter()
                .map(|(name, text)| Spelling::new(name, text))
                .collect::<Result<_>>()?,
        };
        let values = check_values(&file.values)?;
        let clues = match_clues(&grid, &file.clues)?;
        let mut letters: Vec<u8> = clues.iter().flat_map(|c| c.expr.letters()).collect();
        letters.sort_unstable();
        letters.dedup();
        if letters.len() > values.len() {
            let names: String = letters.iter().map(|&l| l as char).collect();
            return Err(Error::invalid(format!(
                "the clues use {} letters ({names}) but there are only {} values",
                letters.len(),
                values.len()
            )));
        }
        Ok(Puzzle {
            grid,
            values,
            letters,
            spellings,
            clues,
        })
    }
}

fn check_values(values: &[i64]) -> Result<Vec<i128>> {
    if values.is_empty() {
        return Err(Error::invalid("values: give at least one"));
    }
    if values.len() > MAX_VALUES {
        return Err(Error::invalid(format!(
            "values: {} values, at most {MAX_VALUES} are supported",
            values.len()
        )));
    }
    for (i, v) in values.iter().enumerate() {
        if values[..i].contains(v) {
            return Err(Error::invalid(format!("values: {v} appears twice")));
        }
    }
    Ok(values.iter().map(|&v| i128::from(v)).collect())
}

/// Pairs every slot with its clue, refusing clues without a slot and slots
/// without a clue.
fn match_clues(grid: &Grid, given: &ClueFile) -> Result<Vec<Clue>> {
    let slots = grid.slots(DEFAULT_MIN_SLOT);
    let numbers = grid.clue_numbers(2);
    let highest = numbers.iter().copied().max().unwrap_or(0);
    let mut by_slot: BTreeMap<(Direction, u32), &String> = BTreeMap::new();
    for (direction, map) in [
        (Direction::Across, &given.across),
        (Direction::Down, &given.down),
    ] {
        let way = way(direction);
        for (key, text) in map {
            let number = key
                .trim()
                .parse::<u32>()
                .map_err(|_| Error::invalid(format!("clue {key:?} {way}: not a clue number")))?;
            if number == 0 || number > highest {
                return Err(Error::invalid(format!(
                    "clue {number} {way}: the grid has no clue number {number} (it numbers 1 to {highest})"
                )));
            }
            if !slots
                .iter()
                .any(|s| s.number == number && s.direction == direction)
            {
                return Err(Error::invalid(format!(
                    "clue {number} {way}: there is no {number} {way} in the grid"
                )));
            }
            if by_slot.insert((direction, number), text).is_some() {
                return Err(Error::invalid(format!("clue {number} {way}: given twice")));
            }
        }
    }
    let mut clues = Vec::with_capacity(slots.len());
    for slot in slots {
        let way = way(slot.direction);
        let Some(text) = by_slot.get(&(slot.direction, slot.number)) else {
            return Err(Error::invalid(format!("{} {way} has no clue", slot.number)));
        };
        let expr = Expr::parse(text)
            .map_err(|e| Error::invalid(format!("clue {} {way} {text:?}: {e}", slot.number)))?;
        let label = format!("{}{}", slot.number, &way[..1].to_ascii_uppercase());
        clues.push(Clue {
            slot,
            label,
            text: (*text).clone(),
            expr,
        });
    }
    Ok(clues)
}

fn way(direction: Direction) -> &'static str {
    match direction {
        Direction::Across => "across",
        Direction::Down => "down",
    }
}
