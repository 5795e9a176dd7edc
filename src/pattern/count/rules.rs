//! Rule adapters: how the rules the counter models look from inside the
//! sweep — where the swept region ends (an edge or a fold), which run
//! lengths are words, and how many black cells a pattern may still take.

use crate::pattern::rules::Rules;

/// How the swept region ends on its right or bottom side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Side {
    /// The edge of the grid.
    Edge,
    /// A mirror axis through the last swept line, which is its own image.
    FoldOdd,
    /// A mirror axis just past the last swept line.
    FoldEven,
}

impl Side {
    pub(super) fn fold(extent: usize) -> Side {
        if extent % 2 == 1 {
            Side::FoldOdd
        } else {
            Side::FoldEven
        }
    }

    /// Full length of a run of which `seen` cells (at least one) end on this side.
    pub(super) fn full_run(self, seen: u8) -> usize {
        let seen = seen as usize;
        match self {
            Side::Edge => seen,
            Side::FoldOdd => 2 * seen - 1,
            Side::FoldEven => 2 * seen,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Bottom {
    Side(Side),
    /// The swept rows are the top half; the rest is their 180° image, with a
    /// reverse-symmetric middle row in between when `middle_row`.
    HalfTurn {
        middle_row: bool,
    },
}

/// How many black cells a pattern may have. Counts are stored exactly up to
/// the maximum when one applies, and otherwise capped at the minimum, beyond
/// which they no longer matter.
#[derive(Clone, Copy, Debug)]
pub(super) struct BlackLimit {
    pub(super) min: usize,
    /// Some when a pattern could exceed it.
    pub(super) max: Option<usize>,
}

impl BlackLimit {
    pub(super) fn new((min, max): (usize, usize), cells: usize) -> BlackLimit {
        // A minimum above the cell count cannot be met whatever it is, and
        // capping it keeps the stored count small.
        BlackLimit {
            min: min.min(cells + 1),
            max: (max < cells).then_some(max),
        }
    }

    pub(super) fn cap(self) -> u32 {
        self.max.unwrap_or(self.min) as u32
    }

    /// The stored count after `more` black cells, or None when over the maximum.
    pub(super) fn add(self, stored: u32, more: u32) -> Option<u32> {
        let n = stored + more;
        match self.max {
            Some(max) => (n as usize <= max).then_some(n),
            None => Some(n.min(self.min as u32)),
        }
    }

    pub(super) fn allows(self, total: usize) -> bool {
        total >= self.min && self.max.is_none_or(|max| total <= max)
    }
}

/// Which white run lengths are words.
#[derive(Clone, Copy, Debug)]
pub(super) struct RunRule {
    pub(super) min: usize,
    /// Some when a run could exceed the maximum: lengths are then tracked exactly.
    pub(super) max: Option<usize>,
    /// Largest stored length; when `max` is None it stands for "`min` or more".
    pub(super) cap: u8,
}

impl RunRule {
    pub(super) fn new(rules: &Rules, longest_line: usize) -> RunRule {
        let max = rules.max_word.filter(|&m| m < longest_line);
        let cap = max.unwrap_or(rules.min_word);
        RunRule {
            min: rules.min_word,
            max,
            cap: cap as u8,
        }
    }

    /// The stored length after one more white cell, or None if too long.
    pub(super) fn extend(self, len: u8) -> Option<u8> {
        if len < self.cap {
            Some(len + 1)
        } else if self.max.is_none() {
            Some(len)
        } else {
            None
        }
    }

    /// A complete run of `len` cells is a legal word.
    pub(super) fn is_word(self, len: usize) -> bool {
        len >= self.min && self.max.is_none_or(|m| len <= m)
    }

    /// A run of stored length `len` (0 for none) may end here.
    pub(super) fn may_end(self, len: u8) -> bool {
        len == 0 || self.is_word(len as usize)
    }
}
