//! Black/white grid patterns: the shape of a crossword before any letter.
//!
//! A [`Pattern`] stores one `u32` per row, bit `c` set when cell `c` is white,
//! so that rule checks during enumeration are a handful of bit operations per
//! row; a barred pattern also has masks of the bars on its cells' right and
//! lower sides. Submodules hold the hex file format, the rules, the
//! enumerator and its driver, the barred patterns' own search, and
//! pattern-file statistics.

pub mod barred;
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
    /// Per row, bit `c` set when cell `c` has a bar on its right; empty
    /// (as `below`) in a pattern without bars.
    right: Vec<u32>,
    /// Per row but the last, bit `c` set when cell `c` has a bar below it.
    below: Vec<u32>,
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
            right: Vec::new(),
            below: Vec::new(),
        })
    }

    /// This pattern with bars: `right[r]` bit `c` a bar right of cell
    /// (r, c) for `c < width - 1`, `below[r]` bit `c` a bar below it for
    /// `r < height - 1`. No bar at all is a pattern without bars.
    pub fn with_bars(self, right: Vec<u32>, below: Vec<u32>) -> Result<Pattern> {
        let (w, h) = (self.width, self.height);
        let fits = |masks: &[u32], rows: usize, bits: usize| {
            masks.len() == rows && masks.iter().all(|m| m >> bits == 0)
        };
        if !fits(&right, h, w - 1) || !fits(&below, h - 1, w) {
            return Err(Error::invalid(format!(
                "bars do not fit a {w}x{h} pattern: {h} rows of {} right bars and {} rows of {w} bars below",
                w - 1,
                h - 1
            )));
        }
        let barred = right.iter().chain(&below).any(|&m| m != 0);
        Ok(Pattern {
            right: if barred { right } else { Vec::new() },
            below: if barred { below } else { Vec::new() },
            ..self
        })
    }

    pub fn is_barred(&self) -> bool {
        !self.right.is_empty()
    }

    /// Row `row`'s bars on the right of its cells, bit `c` for cell `c`.
    pub fn bars_right(&self, row: usize) -> u32 {
        self.right.get(row).copied().unwrap_or(0)
    }

    /// Row `row`'s bars below its cells (none under the last row).
    pub fn bars_below(&self, row: usize) -> u32 {
        self.below.get(row).copied().unwrap_or(0)
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

    /// Lengths of all maximal white runs (across then down), including
    /// runs of 1; a bar ends a run as a block does.
    pub fn run_lengths(&self) -> Vec<usize> {
        let mut runs = Vec::new();
        // `white(o, i)` and whether a bar follows cell i of line o.
        type Cells<'a> = &'a dyn Fn(usize, usize) -> (bool, bool);
        let lines = |outer: usize, inner: usize, cell: Cells| {
            let mut found = Vec::new();
            for o in 0..outer {
                let mut len = 0;
                for i in 0..inner {
                    let (white, bar) = cell(o, i);
                    if white {
                        len += 1;
                    }
                    if (!white || bar || i + 1 == inner) && len > 0 {
                        found.push(len);
                        len = 0;
                    }
                }
            }
            found
        };
        runs.extend(lines(self.height, self.width, &|r, c| {
            (self.is_white(r, c), self.bars_right(r) >> c & 1 == 1)
        }));
        runs.extend(lines(self.width, self.height, &|c, r| {
            (self.is_white(r, c), self.bars_below(r) >> c & 1 == 1)
        }));
        runs
    }
}
