//! Which words of one slot keep the whole grid fillable: the question a
//! constructor asks at every entry, answered within a time budget.
//!
//! Two tiers. Propagating the grid's letters once rules out, for free, every
//! word that disagrees with all candidates of some crossing slot; those are
//! only counted, since an open slot has thousands. Each word that survives
//! is then put in place in a copy of that propagated search and the grid
//! filled: a fill proves the word viable, an exhausted search proves it is
//! not. Copying the settled search instead of starting over is what makes
//! a word cost a fraction of a millisecond on a half-filled 15×15. Words are taken best score first,
//! so the budget goes where the constructor looks; a word the budget did not
//! reach, or whose search gave up, is left undecided rather than guessed.

use std::time::{Duration, Instant};

use super::search::{AtLeaf, End, Problem, Search};
use super::{no_fill, slot_name, slot_words, FillOptions, NoFill};
use crate::error::{Error, Result};
use crate::grid::Grid;
use crate::wordlist::index::Index;

/// One word that fits a slot's letters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidate {
    pub word: String,
    pub score: u8,
    /// `Some(true)`: the rest of the grid can be filled with it;
    /// `Some(false)`: proven not; `None`: not decided within the budget.
    pub viable: Option<bool>,
}

/// The words of one slot worth showing, and how many more fit its letters.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Candidates {
    /// Words that agree with the crossing slots, best score first.
    pub list: Vec<Candidate>,
    /// More words that agree, past the limit.
    pub more: usize,
    /// Words that fit the slot's letters but clash with a crossing slot.
    pub ruled_out: usize,
}

/// Shortest share of the budget one word's search gets, so that a word that
/// needs a real search is not cut off at once.
const LEAST_PER_WORD: Duration = Duration::from_millis(20);

/// The first `limit` words (best score first) that fit the letters of `slot`
/// (named like a clue: `12A`, `3D`), score at least `options.floor` and
/// agree with the crossing slots, each with whether the grid can still be
/// filled with it in place, decided within `budget` where possible.
/// `cancelled` is asked between words; when it says yes, the rest are left
/// undecided.
pub fn candidates(
    grid: &Grid,
    index: &Index,
    slot: &str,
    options: &FillOptions,
    limit: usize,
    budget: Duration,
    cancelled: &dyn Fn() -> bool,
) -> Result<Candidates> {
    let started = Instant::now();
    let slots = grid.slots(options.min_slot.max(2));
    let Some(at) = slots
        .iter()
        .position(|s| slot_name(s).eq_ignore_ascii_case(slot))
    else {
        return Err(Error::invalid(format!(
            "the grid has no slot {slot} (slots are named like clues: 1A, 3D)"
        )));
    };
    let words = slot_words(&slots, index)?;
    let source = words[at];
    let pattern = grid.letters(&slots[at]);
    let fitting = source.matching(&pattern, options.floor);
    let problem = Problem::new(grid, slots, words, options.floor).banning(&options.banned);
    let mut root = Search::new(&problem, grid, options.seed, None, AtLeaf::Stop);
    let settled = root.empty_slots().is_empty() && root.settle();
    let agreeing: Vec<usize> = fitting
        .ones()
        .filter(|&w| settled && root.allows(at, w))
        .collect();
    let shown = agreeing.len().min(limit);
    let mut out = Candidates {
        list: Vec::with_capacity(shown),
        more: agreeing.len() - shown,
        ruled_out: fitting.count_ones(..) - agreeing.len(),
    };
    for (k, &w) in agreeing[..shown].iter().enumerate() {
        let left = budget.saturating_sub(started.elapsed());
        let viable = if left.is_zero() || cancelled() {
            None
        } else {
            // An even share of what is left, but never a useless sliver.
            let share = (left / (shown - k) as u32).max(LEAST_PER_WORD);
            let mut probe = root.clone();
            if probe.place(at, w) {
                probe.limit_time(share.min(left));
                match probe.run(|_, _| false) {
                    End::Done => Some(true),
                    End::Exhausted { .. } => Some(false),
                    End::GaveUp { .. } => None,
                }
            } else {
                Some(false)
            }
        };
        out.list.push(Candidate {
            word: source.word_str(w).to_string(),
            score: source.score(w),
            viable,
        });
    }
    Ok(out)
}

/// How many letters each cell can still take once the grid's letters are
/// propagated (row by row, `None` for a block; a fixed letter counts 1):
/// the constructor's heat map, where 1 means the crossings force the letter.
/// `Err(why)` when propagation alone proves there is no fill, naming the
/// slots left without a word.
pub fn letter_counts(
    grid: &Grid,
    index: &Index,
    options: &FillOptions,
) -> Result<std::result::Result<Vec<Option<u8>>, NoFill>> {
    let slots = grid.slots(options.min_slot.max(2));
    let words = slot_words(&slots, index)?;
    let problem = Problem::new(grid, slots, words, options.floor).banning(&options.banned);
    let mut root = Search::new(&problem, grid, options.seed, None, AtLeaf::Stop);
    let empty = root.empty_slots();
    if !empty.is_empty() {
        return Ok(Err(no_fill(
            &problem,
            &empty,
            "no word fits the fixed letters of",
        )));
    }
    if !root.settle() {
        let reason = "the crossing letters leave no word for";
        return Ok(Err(no_fill(&problem, &root.hardest(), reason)));
    }
    let width = grid.width();
    let mut allowed: Vec<Option<u32>> = (0..width * grid.height())
        .map(|i| grid.is_white(i / width, i % width).then_some(u32::MAX))
        .collect();
    for (s, slot) in problem.slots.iter().enumerate() {
        let letters = root.letters(s);
        for (i, (r, c)) in slot.cells().enumerate() {
            if let Some(mask) = &mut allowed[r * width + c] {
                *mask &= letters[i];
            }
        }
    }
    Ok(Ok(allowed
        .into_iter()
        .map(|m| m.map(|m| m.count_ones() as u8))
        .collect()))
}
