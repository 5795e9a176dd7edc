//! Where a random descent steers a pattern's counts (black cells, words,
//! three-letter words), and the running counts it steers by.

use crate::pattern::rules::Rules;

/// The counts a random descent steers towards: the middle of the rules'
/// black and word ranges, and under the cap on three-letter words.
///
/// Those are whole-grid rules, checked only on a complete pattern, and rows
/// drawn uniformly drift far from them on big grids (an unsteered 27×27
/// descent almost never lands in a 16–18% black window with enough words
/// and few enough three-letter ones), so descents would end in thousands of
/// rejected patterns. Instead each row's candidates, once shuffled, are
/// tried in order of how far they take the running counts from the share
/// of the target the rows so far should hold. The allowed drift is wide at
/// the top and narrows towards the last row, where it is the rules' own
/// range: early rows stay free, late rows bring the counts home.
#[derive(Clone, Copy)]
pub(super) struct Aim {
    /// Target and tolerance (half the allowed range, at least one).
    blacks: Option<(f64, f64)>,
    words: Option<(f64, f64)>,
    /// Most three-letter words.
    three: Option<f64>,
}

impl Aim {
    /// How much wider than at the bottom the allowed drift is at the top.
    const SLACK: f64 = 0.5;

    pub(super) fn new(
        rules: &Rules,
        blacks: (usize, usize),
        words: Option<(usize, usize)>,
        cells: usize,
    ) -> Aim {
        let middle = |(lo, hi): (usize, usize)| {
            let hi = hi.min(cells);
            (
                (lo + hi) as f64 / 2.0,
                ((hi - lo.min(hi)) as f64 / 2.0).max(1.0),
            )
        };
        Aim {
            blacks: (blacks != (0, cells)).then(|| middle(blacks)),
            words: words.map(middle),
            three: rules.max_three_letter.map(|m| m as f64),
        }
    }

    /// How far `tally` strays from its share of the target once the rows
    /// so far make `share` of the grid, in allowed drifts, rounded down.
    pub(super) fn strays(&self, tally: Tally, share: f64) -> u32 {
        let widen = 1.0 + Self::SLACK * (1.0 - share);
        let off = |aim: Option<(f64, f64)>, count: f64| {
            aim.map_or(0.0, |(target, tolerance)| {
                (count - target * share).abs() / (tolerance * widen)
            })
        };
        // Only across words are known row by row; a symmetric grid has
        // about as many down words, so their counts are doubled.
        let three = self.three.map_or(0.0, |cap| {
            (2.0 * tally.three - cap * share).max(0.0) / ((cap * 0.1 + 1.0) * widen)
        });
        (off(self.blacks, tally.blacks) + off(self.words, 2.0 * tally.across) + three) as u32
    }
}

/// Running counts of a descent, each row counted as often as it appears in
/// the grid (twice when symmetry repeats it).
#[derive(Clone, Copy, Default)]
pub(super) struct Tally {
    pub(super) blacks: f64,
    /// Across words, and those of three letters.
    pub(super) across: f64,
    pub(super) three: f64,
    pub(super) rows: f64,
}
