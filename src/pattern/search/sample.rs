//! Random sampling: one pattern drawn by a randomized depth-first descent
//! within a node budget, steered towards the rules' counts (see
//! [`super::aim`]), optionally asking a check about each slot as soon as
//! the rows placed settle it.

use rand::seq::SliceRandom;
use rand::Rng;

use super::aim::Tally;
use super::rows::{runs, Pairing};
use super::{ColumnState, Run, Sample, Scratch, Search, THOROUGH_BUDGET};

/// Candidates a random descent considers at one row at most, when its
/// budget is below [`THOROUGH_BUDGET`].
const SAMPLE_WIDTH: usize = 256;

/// Keys at or above this sort together, last.
const KEY_CAP: u32 = 64;

/// Sorts `items` by `key` (capped at [`KEY_CAP`]), keeping the order of
/// items with equal keys: a counting sort, no dearer than the shuffle
/// before it.
fn sort_by_small_key(items: &mut [u32], key: impl Fn(u32) -> u32) {
    let keys: Vec<u32> = items.iter().map(|&r| key(r).min(KEY_CAP)).collect();
    let mut next = [0usize; KEY_CAP as usize + 2];
    for &k in &keys {
        next[k as usize + 1] += 1;
    }
    for k in 1..next.len() {
        next[k] += next[k - 1];
    }
    let mut sorted = vec![0; items.len()];
    for (&item, &k) in items.iter().zip(&keys) {
        sorted[next[k as usize]] = item;
        next[k as usize] += 1;
    }
    items.copy_from_slice(&sorted);
}

/// A random descent's working memory, node budget and slot check.
struct Descent<'a> {
    scratch: Scratch,
    nodes: usize,
    budget: usize,
    /// Some candidates were never tried, so failing proves nothing.
    skipped: bool,
    check: Option<&'a mut dyn FnMut(Run) -> bool>,
}

impl Search {
    /// How many rows of the grid free row `depth` stands for.
    fn copies(&self, depth: usize) -> f64 {
        let middle = self.height % 2 == 1 && depth + 1 == self.free;
        match self.pairing {
            Pairing::None => 1.0,
            Pairing::Reverse | Pairing::Same if middle => 1.0,
            Pairing::Reverse | Pairing::Same => 2.0,
        }
    }

    /// `tally` with row `r` added at free row `depth`.
    fn tally_with(&self, tally: Tally, depth: usize, r: u32) -> Tally {
        let copies = self.copies(depth);
        let across = (r & !(r << 1) & r >> 1).count_ones();
        let three = (r & !(r << 1) & r >> 1 & r >> 2 & !(r >> 3)).count_ones();
        Tally {
            blacks: tally.blacks + copies * f64::from(self.width as u32 - r.count_ones()),
            across: tally.across + copies * f64::from(across),
            three: tally.three + copies * f64::from(three),
            rows: tally.rows + copies,
        }
    }

    /// One pattern drawn by a randomized depth-first descent that visits
    /// at most `budget` nodes, steered towards the rules' counts (see
    /// [`super::aim::Aim`]). Below [`THOROUGH_BUDGET`], a row with a long
    /// list of candidates tries a random few of them, and then running out
    /// proves nothing ([`Sample::OutOfBudget`]).
    pub fn sample<R: Rng>(&self, rng: &mut R, budget: usize) -> Sample {
        self.sample_checked(rng, budget, None)
    }

    /// As [`sample`](Self::sample), with `check` asked about every run of
    /// two or more white cells (a slot) as soon as the rows placed settle
    /// it, across or down, symmetric partners included: a slot it turns
    /// down cuts the branch. A theme's letters make some slots unfillable
    /// whatever the rest of the grid; cutting them as they appear keeps a
    /// descent from finishing patterns that cannot be filled.
    pub fn sample_checked<R: Rng>(
        &self,
        rng: &mut R,
        budget: usize,
        check: Option<&mut dyn FnMut(Run) -> bool>,
    ) -> Sample {
        let mut descent = Descent {
            scratch: self.scratch(),
            nodes: 0,
            budget,
            skipped: false,
            check,
        };
        if self.sample_from(0, &mut descent, rng, Tally::default()) {
            Sample::Found(descent.scratch.rows[..self.height].to_vec())
        } else if descent.nodes > budget || descent.skipped {
            Sample::OutOfBudget
        } else {
            Sample::Empty
        }
    }

    /// [`SAMPLE_WIDTH`] candidates for free row `depth` below state `s`,
    /// drawn at random from a long list (true), as listing tens of
    /// thousands of rows at every step would cost more than the rest of the
    /// descent; false, with `out` in any state, when there are not that
    /// many to draw from.
    fn draw_candidates<R: Rng>(
        &self,
        depth: usize,
        s: &ColumnState,
        rng: &mut R,
        out: &mut Vec<u32>,
    ) -> bool {
        let Some(trie) = &self.tries[depth] else {
            return false;
        };
        let (required, forbidden) = self.masks(s);
        out.clear();
        trie.draw(required, forbidden, SAMPLE_WIDTH, rng, out);
        out.len() == SAMPLE_WIDTH
    }

    fn sample_from<R: Rng>(
        &self,
        depth: usize,
        descent: &mut Descent<'_>,
        rng: &mut R,
        tally: Tally,
    ) -> bool {
        descent.nodes += 1;
        if descent.nodes > descent.budget {
            return false;
        }
        let scratch = &mut descent.scratch;
        if depth == self.free {
            return self.complete(&mut scratch.rows, &mut scratch.states)
                && self.settled_pass(descent, depth);
        }
        let mut choices = std::mem::take(&mut scratch.lists[depth]);
        let few = descent.budget < THOROUGH_BUDGET;
        if few && self.draw_candidates(depth, &scratch.states[depth], rng, &mut choices) {
            descent.skipped = true;
        } else {
            self.matching(depth, &scratch.states[depth], &mut choices);
        }
        choices.shuffle(rng);
        let after = |r: u32| self.tally_with(tally, depth, r);
        let height = self.height as f64;
        sort_by_small_key(&mut choices, |r| {
            let next = after(r);
            self.aim.strays(next, next.rows / height)
        });
        let mut found = false;
        for &r in &choices {
            if self.place(&mut descent.scratch, depth, r)
                && self.settled_pass(descent, depth)
                && self.sample_from(depth + 1, descent, rng, after(r))
            {
                found = true;
                break;
            }
            if descent.nodes > descent.budget {
                break;
            }
        }
        descent.scratch.lists[depth] = choices;
        found
    }
}

impl Search {
    /// Whether the descent's check (if any) takes every slot settled by
    /// placing free row `depth` (`depth == free`: by completing the grid).
    fn settled_pass(&self, descent: &mut Descent<'_>, depth: usize) -> bool {
        match descent.check.as_mut() {
            Some(check) => self.settled_runs(&descent.scratch.rows, depth, &mut **check),
            None => true,
        }
    }

    /// Hands `take` the slots that placing free row `depth` settles, until
    /// it refuses one (the rest then go unasked): the row's across runs,
    /// and the down runs its blocks end; with paired rows, their symmetric
    /// partners too. At `depth == free` (the grid complete), the down runs
    /// no free row settled. Whether `take` took them all.
    fn settled_runs(
        &self,
        rows: &[u32; 32],
        depth: usize,
        take: &mut dyn FnMut(Run) -> bool,
    ) -> bool {
        let (w, h) = (self.width, self.height);
        let paired = self.pairing != Pairing::None;
        let mirror = |run: Run| {
            let end = run.row + if run.across { 0 } else { run.len - 1 };
            let last = run.col + if run.across { run.len - 1 } else { 0 };
            Run {
                row: h - 1 - end,
                col: match self.pairing {
                    Pairing::Reverse => w - 1 - last,
                    Pairing::Same | Pairing::None => run.col,
                },
                ..run
            }
        };
        let down_from = |col: usize, end: usize| {
            let len = (0..=end)
                .take_while(|&k| rows[end - k] >> col & 1 == 1)
                .count();
            (len >= 2).then_some(Run {
                row: end + 1 - len,
                col,
                len,
                across: false,
            })
        };
        if depth == self.free {
            // Unsettled: runs ending at or below the last free row that are
            // not the partners of runs ending above it.
            let last = self.free - 1;
            let top = if paired { h - last - 1 } else { h - 1 };
            for col in 0..w {
                for end in last..h {
                    let closes = end + 1 == h || rows[end + 1] >> col & 1 == 0;
                    if let Some(run) = down_from(col, end).filter(|r| closes && r.row <= top) {
                        if !take(run) {
                            return false;
                        }
                    }
                }
            }
            return true;
        }
        for run in runs(rows[depth]) {
            let len = run.count_ones() as usize;
            if len >= 2 {
                let across = Run {
                    row: depth,
                    col: run.trailing_zeros() as usize,
                    len,
                    across: true,
                };
                if !take(across) || paired && h - 1 - depth != depth && !take(mirror(across)) {
                    return false;
                }
            }
        }
        if depth > 0 {
            let ended = rows[depth - 1] & !rows[depth];
            for col in (0..w).filter(|&c| ended >> c & 1 == 1) {
                if let Some(run) = down_from(col, depth - 1) {
                    if !take(run) || paired && !take(mirror(run)) {
                        return false;
                    }
                }
            }
        }
        true
    }
}
