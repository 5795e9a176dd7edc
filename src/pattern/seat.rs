//! Where a theme's entries sit in a pattern, as pattern files record it.
//!
//! A themed pattern is a black/white pattern plus, for each theme entry, the
//! slot it fills. The pattern layer knows nothing of theme files: it is
//! handed [`Seating`]s (cells every pattern must keep white or black, and the
//! ways of writing the entries into the slots those cells make) and writes
//! each pattern once per way, as the hex pattern followed by its seats:
//!
//! ```text
//! <hex> 4,1,A,HEARTOFGOLD 8,3,D,REVEALER
//! ```
//!
//! Rows and columns count from 1 as the text grid and clue positions do; `A`
//! is across, `D` down. A line without seats is a plain pattern, so a themed
//! file is still a pattern file that every reader takes.

use std::fmt;

/// One entry written into one slot: its first cell, direction and letters.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Seat {
    /// 0-based.
    pub row: usize,
    pub col: usize,
    pub across: bool,
    /// Upper-case `A`–`Z`.
    pub answer: String,
}

impl Seat {
    /// The (row, col) cells the entry covers, first letter first.
    pub fn cells(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        let (dr, dc) = if self.across { (0, 1) } else { (1, 0) };
        (0..self.answer.len()).map(move |i| (self.row + i * dr, self.col + i * dc))
    }

    /// Parses the `ROW,COL,A|D,ANSWER` form; the message says what is wrong.
    pub fn parse(text: &str) -> Result<Seat, String> {
        let bad =
            || format!("{text:?} is not a seat (expected ROW,COL,A|D,ANSWER, e.g. 4,1,A,HEART)");
        let mut parts = text.split(',');
        let (Some(row), Some(col), Some(dir), Some(answer), None) = (
            parts.next(),
            parts.next(),
            parts.next(),
            parts.next(),
            parts.next(),
        ) else {
            return Err(bad());
        };
        let number = |s: &str| s.parse::<usize>().ok().filter(|&n| n >= 1).map(|n| n - 1);
        let across = match dir {
            "A" | "a" => true,
            "D" | "d" => false,
            _ => return Err(bad()),
        };
        let (Some(row), Some(col)) = (number(row), number(col)) else {
            return Err(bad());
        };
        if answer.is_empty() || !answer.bytes().all(|b| b.is_ascii_uppercase()) {
            return Err(bad());
        }
        Ok(Seat {
            row,
            col,
            across,
            answer: answer.to_string(),
        })
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let dir = if self.across { 'A' } else { 'D' };
        write!(f, "{},{},{dir},{}", self.row + 1, self.col + 1, self.answer)
    }
}

/// The seats of a pattern line, as written after its hex (with the
/// separating space).
pub(crate) fn line_suffix(seats: &[Seat]) -> String {
    seats.iter().map(|s| format!(" {s}")).collect()
}

/// Cells patterns must keep, and the ways of seating the entries there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seating {
    /// Per grid row, bit `c` set: cell (row, c) is white (an entry's
    /// letter) or black (the block just before or after an entry).
    pub white: Vec<u32>,
    pub black: Vec<u32>,
    /// Each way is one output line per pattern: every entry with its slot.
    pub ways: Vec<Vec<Seat>>,
}

impl Seating {
    /// No fixed cells and one way with no seats: plain patterns.
    pub fn plain(height: usize) -> Seating {
        Seating {
            white: vec![0; height],
            black: vec![0; height],
            ways: vec![Vec::new()],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_read_back_what_they_write() {
        let seat = Seat {
            row: 3,
            col: 0,
            across: true,
            answer: "HEART".into(),
        };
        assert_eq!(seat.to_string(), "4,1,A,HEART");
        assert_eq!(Seat::parse("4,1,A,HEART"), Ok(seat));
        for bad in [
            "4,1,A",
            "0,1,A,X",
            "4,1,X,HEART",
            "4,1,A,heart",
            "4,1,A,HE,ART",
            "a,1,D,X",
        ] {
            assert!(Seat::parse(bad).is_err(), "{bad}");
        }
    }
}
