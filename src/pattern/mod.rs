//! Black/white grid patterns: the shape of a crossword before any letter.
//!
//! A [`Pattern`] stores one `u32` per row, bit `c` set when cell `c` is white,
//! so that rule checks during enumeration are a handful of bit operations per
//! row. Submodules hold the hex file format, the rules, the enumerator and its
//! driver, and pattern-file statistics.

pub mod count;
pub mod file;
pub mod hex;
pub mod output;
pub mod rules;
pub mod run;
pub mod search;
pub mod seat;
pub mod shard;
pub mod stats;
pub mod tally;

use crate::error::{Error, Result};

/// The smallest and largest grid side: a row fits a `u32` mask.
pub const MIN_SIDE: usize = 3;
pub const MAX_SIDE: usize = 31;

/// Checks a width or height against the supported range.
pub fn check_side(what: &str, value: usize) -> Result<()> {
    if (MIN_SIDE..=MAX_SIDE).contains(&value) {
        Ok(())
    } else {
        Err(Error::invalid(format!(
            "grid {what} {value} is outside the supported range {MIN_SIDE}..={MAX_SIDE}"
        )))
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pattern {
    width: usize,
    height: usize,
    rows: Vec<u32>,
}

impl Pattern {
    /// Builds a pattern from row masks; bits at or beyond `width` must be clear.
    pub fn from_rows(width: usize, height: usize, rows: Vec<u32>) -> Result<Pattern> {
        check_side("width", width)?;
        check_side("height", height)?;
        assert_eq!(rows.len(), height, "one mask per row");
        debug_assert!(rows.iter().all(|r| r >> width == 0));
        Ok(Pattern {
            width,
            height,
            rows,
        })
    }

    pub fn width(&self) -> usize {
        self.width
    }

    pub fn height(&self) -> usize {
        self.height
    }

    pub fn rows(&self) -> &[u32] {
        &self.rows
    }

    pub fn is_white(&self, row: usize, col: usize) -> bool {
        self.rows[row] >> col & 1 == 1
    }

    pub fn black_count(&self) -> usize {
        self.width * self.height - self.white_count()
    }

    pub fn white_count(&self) -> usize {
        self.rows.iter().map(|r| r.count_ones() as usize).sum()
    }

    /// Lengths of all maximal white runs (across then down), including runs of 1.
    pub fn run_lengths(&self) -> Vec<usize> {
        let mut runs = Vec::new();
        let lines = |outer: usize, inner: usize, white: &dyn Fn(usize, usize) -> bool| {
            let mut found = Vec::new();
            for o in 0..outer {
                let mut len = 0;
                for i in 0..=inner {
                    if i < inner && white(o, i) {
                        len += 1;
                    } else if len > 0 {
                        found.push(len);
                        len = 0;
                    }
                }
            }
            found
        };
        runs.extend(lines(self.height, self.width, &|r, c| self.is_white(r, c)));
        runs.extend(lines(self.width, self.height, &|c, r| self.is_white(r, c)));
        runs
    }
}
