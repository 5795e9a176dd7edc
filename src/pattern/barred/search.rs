//! Finding barred patterns: each line's splits into runs, the lines a
//! symmetry pairs, every choice in order ([`for_each`]) or a random draw
//! repaired line by line ([`random`]).

use rand::seq::IndexedRandom;
use rand::Rng;

use super::rules::{compositions, violation, BarredRules};
use crate::error::Result;
use crate::pattern::rules::Symmetry;
use crate::pattern::Pattern;
use crate::progress::Deadline;

fn reversed(mask: u32, bits: usize) -> u32 {
    if bits == 0 {
        return 0;
    }
    mask.reverse_bits() >> (32 - bits)
}

/// How one axis's lines (rows' right bars, or columns' bars below) follow
/// from each other under a symmetry: the lines chosen freely, each with the
/// lines it decides (itself first) and whether each gets the mask reversed,
/// and whether it must read the same both ways.
struct Axis {
    /// Bits per mask: cells per line less one.
    bits: usize,
    free: Vec<FreeLine>,
    /// The candidates of each free line.
    candidates: Vec<Vec<u32>>,
}

struct FreeLine {
    copies: Vec<(usize, bool)>,
}

impl Axis {
    /// `lines` lines of `cells` cells; `partner` says, under the symmetry,
    /// whether line i equals line `lines - 1 - i` (reversed or not), and
    /// `palindrome` whether every line reads the same both ways.
    fn new(
        lines: usize,
        cells: usize,
        partner: Option<bool>,
        palindrome: bool,
        rules: &BarredRules,
    ) -> Axis {
        let bits = cells - 1;
        let all = compositions(cells, rules);
        let mut free = Vec::new();
        let mut candidates = Vec::new();
        for i in 0..lines {
            let j = lines - 1 - i;
            let (copies, self_reversed) = match partner {
                Some(_) if j < i => continue,
                Some(rev) if j == i => (vec![(i, false)], rev),
                Some(rev) => (vec![(i, false), (j, rev)], false),
                None => (vec![(i, false)], false),
            };
            let must_read_back = palindrome || self_reversed;
            candidates.push(
                all.iter()
                    .copied()
                    .filter(|&m| !must_read_back || reversed(m, bits) == m)
                    .collect(),
            );
            free.push(FreeLine { copies });
        }
        Axis {
            bits,
            free,
            candidates,
        }
    }

    /// Writes free line `k`'s mask into every line it decides.
    fn place(&self, k: usize, mask: u32, masks: &mut [u32]) {
        for &(line, rev) in &self.free[k].copies {
            masks[line] = if rev { reversed(mask, self.bits) } else { mask };
        }
    }
}

/// The rows' and the columns' axes of a `width`×`height` barred pattern.
fn axes(width: usize, height: usize, rules: &BarredRules) -> (Axis, Axis) {
    // Row masks are right bars (across), column masks bars below (down).
    let (row_partner, row_palindrome, col_partner, col_palindrome) = match rules.symmetry {
        Symmetry::None => (None, false, None, false),
        Symmetry::Rotational => (Some(true), false, Some(true), false),
        Symmetry::Mirror => (None, true, Some(false), false),
        Symmetry::FourFold => (Some(false), true, Some(false), true),
    };
    (
        Axis::new(height, width, row_partner, row_palindrome, rules),
        Axis::new(width, height, col_partner, col_palindrome, rules),
    )
}

/// The pattern with these right bars per row and bars below per column.
fn build(width: usize, height: usize, rows: &[u32], cols: &[u32]) -> Pattern {
    let below = (0..height - 1)
        .map(|r| {
            (0..width)
                .filter(|&c| cols[c] >> r & 1 == 1)
                .fold(0u32, |acc, c| acc | 1 << c)
        })
        .collect();
    let white = vec![(1u32 << width) - 1; height];
    Pattern::from_rows(width, height, white)
        .and_then(|p| p.with_bars(rows.to_vec(), below))
        .expect("sizes checked by the caller, masks inside the grid")
}

/// How a walk ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// Every pattern was visited.
    Done,
    /// The visitor asked to stop.
    Stopped,
    /// The deadline passed.
    GaveUp,
}

/// Calls `visit` with every barred pattern of the size that keeps `rules`,
/// in a fixed order, until it returns false or `deadline` passes. Only
/// small grids can be walked whole: the patterns multiply by the hundreds
/// with every pair of lines.
pub fn for_each(
    width: usize,
    height: usize,
    rules: &BarredRules,
    deadline: &Deadline,
    mut visit: impl FnMut(&Pattern) -> bool,
) -> Result<End> {
    rules.validate(width, height)?;
    let (rows, cols) = axes(width, height, rules);
    let mut row_masks = vec![0u32; height];
    let mut col_masks = vec![0u32; width];
    let free = rows.free.len() + cols.free.len();
    let mut choice = vec![0usize; free];
    // An odometer over the candidates of every free line, rows first.
    let candidates = |k: usize| -> &Vec<u32> {
        if k < rows.free.len() {
            &rows.candidates[k]
        } else {
            &cols.candidates[k - rows.free.len()]
        }
    };
    if (0..free).any(|k| candidates(k).is_empty()) {
        return Ok(End::Done);
    }
    loop {
        if deadline.tick() {
            return Ok(End::GaveUp);
        }
        for (k, &i) in choice.iter().enumerate() {
            let mask = candidates(k)[i];
            if k < rows.free.len() {
                rows.place(k, mask, &mut row_masks);
            } else {
                cols.place(k - rows.free.len(), mask, &mut col_masks);
            }
        }
        let pattern = build(width, height, &row_masks, &col_masks);
        if violation(&pattern, rules).is_none() && !visit(&pattern) {
            return Ok(End::Stopped);
        }
        // Next choice: the last free line turns fastest.
        let mut k = free;
        loop {
            if k == 0 {
                return Ok(End::Done);
            }
            k -= 1;
            choice[k] += 1;
            if choice[k] < candidates(k).len() {
                break;
            }
            choice[k] = 0;
        }
    }
}

/// A random barred pattern that keeps `rules`, or None if none was found
/// before `deadline` or in [`RESTARTS`] fresh starts. Each line's split is drawn with runs of one cell made
/// rarer than lights; while the pattern breaks a rule, one line through the
/// fault (or any line, for rules of the whole grid) is drawn again, and
/// after many redraws the pattern starts afresh.
pub fn random(
    width: usize,
    height: usize,
    rules: &BarredRules,
    rng: &mut impl Rng,
    deadline: &Deadline,
) -> Result<Option<Pattern>> {
    rules.validate(width, height)?;
    let (rows, cols) = axes(width, height, rules);
    if rows
        .candidates
        .iter()
        .chain(&cols.candidates)
        .any(Vec::is_empty)
    {
        return Ok(None);
    }
    // Splits with few unchecked cells are the likeliest to fit: weight each
    // by 1/4 per run of one cell. Left alone, short lights abound (64
    // lights in a 12×12 with lights of 3 to 8); a bound on the count of
    // lights is met by weighting each light of a split by LIGHT_WEIGHT.
    let per_light = if rules.lights.is_some() {
        LIGHT_WEIGHT
    } else {
        1.0
    };
    let weighted = |axis: &Axis| -> Vec<Vec<(u32, f64)>> {
        axis.candidates
            .iter()
            .map(|c| {
                c.iter()
                    .map(|&m| {
                        let cells = axis.bits + 1;
                        let (ones, runs) = (singles(m, cells), m.count_ones() as usize + 1);
                        let weight =
                            0.25f64.powi(ones as i32) * per_light.powi((runs - ones) as i32);
                        (m, weight)
                    })
                    .collect()
            })
            .collect()
    };
    let (row_weights, col_weights) = (weighted(&rows), weighted(&cols));
    let mut row_masks = vec![0u32; height];
    let mut col_masks = vec![0u32; width];
    const REDRAWS: usize = 200;
    for _ in 0..RESTARTS {
        if deadline.check() {
            break;
        }
        for (k, weights) in row_weights.iter().enumerate() {
            rows.place(k, pick(weights, rng), &mut row_masks);
        }
        for (k, weights) in col_weights.iter().enumerate() {
            cols.place(k, pick(weights, rng), &mut col_masks);
        }
        for _ in 0..REDRAWS {
            let pattern = build(width, height, &row_masks, &col_masks);
            if violation(&pattern, rules).is_none() {
                return Ok(Some(pattern));
            }
            // Redraw a random line: rows and columns alike.
            let k = rng.random_range(0..rows.free.len() + cols.free.len());
            if k < rows.free.len() {
                rows.place(k, pick(&row_weights[k], rng), &mut row_masks);
            } else {
                let k = k - rows.free.len();
                cols.place(k, pick(&col_weights[k], rng), &mut col_masks);
            }
        }
    }
    Ok(None)
}

/// The weight of each light of a line's split when the count of lights
/// is bounded: fewer, longer lights.
const LIGHT_WEIGHT: f64 = 0.5;

/// Fresh starts [`random`] makes before it gives up: rules that a random
/// draw meets this rarely are too tight to sample (measured: conventional
/// 12×12 rules need one or two).
pub const RESTARTS: usize = 2000;

/// Runs of one cell in a line of `cells` cells split by `bars`.
fn singles(bars: u32, cells: usize) -> usize {
    let mut count = 0;
    let mut start = 0;
    for i in 0..cells {
        if i + 1 == cells || bars >> i & 1 == 1 {
            if i == start {
                count += 1;
            }
            start = i + 1;
        }
    }
    count
}

fn pick(weights: &[(u32, f64)], rng: &mut impl Rng) -> u32 {
    weights
        .choose_weighted(rng, |&(_, w)| w)
        .map(|&(m, _)| m)
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::StdRng;
    use rand::SeedableRng;

    fn rules(symmetry: Symmetry, min: usize, max: usize) -> BarredRules {
        BarredRules {
            symmetry,
            min_light: min,
            max_light: max,
            ..BarredRules::conventional(max, max)
        }
    }

    #[test]
    fn compositions_are_every_split_into_singles_and_lights() {
        let r = rules(Symmetry::None, 3, 5);
        // 5, 1+4, 4+1, 1+3+1, 3+1+1, 1+1+3 and five singles, as the bars
        // after each run but the last (3+2 and 2+3 are not splits: no 2s).
        let mut found: Vec<String> = compositions(5, &r)
            .iter()
            .map(|m| format!("{m:04b}"))
            .collect();
        found.sort();
        let mut expected = ["0000", "0001", "1000", "1001", "1100", "0011", "1111"];
        expected.sort();
        assert_eq!(found, expected);
        assert_eq!(singles(0b1111, 5), 5);
        assert_eq!(singles(0b0001, 5), 1);
        assert_eq!(reversed(0b0001, 4), 0b1000);
    }

    #[test]
    fn random_patterns_keep_the_rules_and_their_symmetry() {
        let mut rng = StdRng::seed_from_u64(7);
        for symmetry in [
            Symmetry::None,
            Symmetry::Rotational,
            Symmetry::Mirror,
            Symmetry::FourFold,
        ] {
            let r = BarredRules {
                symmetry,
                ..BarredRules::conventional(12, 12)
            };
            let p = random(12, 12, &r, &mut rng, &Deadline::never())
                .unwrap()
                .unwrap();
            assert_eq!(violation(&p, &r), None);
            assert!(p.is_barred());
        }
    }
}
