//! Filling a grid with words: a constraint search over the slots.
//!
//! Every slot's candidates are a bitset over the words of its length (see
//! [`crate::wordlist::index`]); fixed letters narrow it before the search,
//! and crossing letters narrow it during the search (see [`search`]). No word
//! appears twice, and no two words share a root (ELM and ELMS, DATE and
//! BLINDDATE; see [`crate::wordlist::roots`]), the constructor's own
//! entries included. The search ends in one of three honest outcomes: a fill,
//! proof that none exists (naming the slots that kept failing), or giving up
//! at the time limit. The same search can also list several different fills
//! or enumerate all of them.

mod crossing;
mod options;
mod outcome;
mod partners;
mod prepare;
pub mod quality;
mod search;
mod viability;

use std::time::Duration;

use crate::error::{Error, Result};
use crate::grid::{Grid, DEFAULT_MIN_SLOT};
use crate::wordlist::index::Index;
pub(crate) use options::Ration;
pub use options::{FillOptions, Want};
pub use outcome::{slot_name, Fill, NoFill, Outcome};
use prepare::{
    check_every_cell_in_a_slot, check_use_all, fill_from, no_fill, searched, slot_words,
    too_few_words, typed_sharing_a_root,
};
use search::{AtLeaf, End, Problem, Search};
pub(crate) use viability::letter_counts;
pub use viability::{candidates, Asking};

/// A fill, or why there is none. With `options.polish`, a first fill is
/// followed by a bounded search for a better one: the floor of the slots
/// the search chooses for is raised past the lowest score it chose and the
/// grid filled again, until no fill clears that floor or the time is spent
/// (every fill found clears every earlier one's lowest choice, so the
/// result only improves). The given entries keep the caller's floor: a
/// theme entry at 51 stays a list word of the fill, not the constructor's
/// own, however high the polish climbs.
pub fn fill(grid: &Grid, index: &Index, options: &FillOptions) -> Result<Outcome> {
    let started = std::time::Instant::now();
    let mut best = match first_fill(grid, index, options, options.floor)? {
        Outcome::Filled(f) => f,
        other => return Ok(other),
    };
    let budget = match options.timeout {
        Some(t) => options.polish.min(t.saturating_sub(started.elapsed())),
        None => options.polish,
    };
    // Within the caller's limit too: a cancelled request polishes no more.
    let polishing = options.within.sooner(budget);
    for round in 1u64.. {
        let left = polishing.left().unwrap_or(Duration::ZERO);
        let Some(lowest) = best.lowest_chosen() else {
            break;
        };
        if left.is_zero() || lowest >= crate::wordlist::MAX_SCORE {
            break;
        }
        let higher = FillOptions {
            seed: options.seed.wrapping_add(round),
            timeout: Some(left),
            polish: Duration::ZERO,
            ..options.clone()
        };
        match first_fill(grid, index, &higher, lowest + 1) {
            Ok(Outcome::Filled(f)) => best = f,
            // No fill clears the floor, or none was found in time: the
            // best so far stands. (A floor no word of some length clears
            // is an error here, and means the same.)
            _ => break,
        }
    }
    Ok(Outcome::Filled(best))
}

/// The first fill found whose chosen words score at least `open_floor`,
/// or why there is none.
fn first_fill(
    grid: &Grid,
    index: &Index,
    options: &FillOptions,
    open_floor: u8,
) -> Result<Outcome> {
    let mut found = None;
    let ending = fills_above(grid, index, options, open_floor, Want::Distinct, |f| {
        found = Some(f);
        false
    })?;
    Ok(match (found, ending) {
        (Some(f), _) => Outcome::Filled(f),
        (None, Outcome::Unfillable(why)) => Outcome::Unfillable(why),
        (None, Outcome::GaveUp { after }) => Outcome::GaveUp { after },
        (None, Outcome::Filled(())) => unreachable!("the visitor only stops after a fill"),
    })
}

/// Hands fills of `grid` to `visit` until it returns false, the search space
/// is exhausted or time runs out.
pub fn fills(
    grid: &Grid,
    index: &Index,
    options: &FillOptions,
    want: Want,
    visit: impl FnMut(Fill) -> bool,
) -> Result<Outcome<()>> {
    fills_above(grid, index, options, options.floor, want, visit)
}

/// [`fills`] whose chosen words score at least `open_floor` (at least
/// `options.floor`); the given entries are classified at `options.floor`.
fn fills_above(
    grid: &Grid,
    index: &Index,
    options: &FillOptions,
    open_floor: u8,
    want: Want,
    mut visit: impl FnMut(Fill) -> bool,
) -> Result<Outcome<()>> {
    // Before the deadline is made: a search that gives up reports at
    // least its whole limit.
    let started = std::time::Instant::now();
    let slots = grid.slots(options.min_slot.max(DEFAULT_MIN_SLOT));
    if slots.is_empty() {
        return Err(Error::invalid("the grid has no slot to fill"));
    }
    check_every_cell_in_a_slot(grid, &slots)?;
    if options.use_all {
        check_use_all(&slots, index)?;
    }
    if !options.shared_roots && !options.use_all {
        if let Some(why) = typed_sharing_a_root(grid, &slots, index, options.floor) {
            return Ok(Outcome::Unfillable(why));
        }
    }
    let slots = if options.use_all {
        slots
    } else {
        searched(slots, grid, index, options.floor)
    };
    if slots.is_empty() {
        // Every slot is the constructor's own entry: nothing to search.
        visit(Fill {
            grid: grid.clone(),
            words: Vec::new(),
            nodes: 0,
        });
        return Ok(Outcome::Filled(()));
    }
    let words = slot_words(&slots, index)?;
    let problem = Problem::from_options(grid, slots, words, index, options).raising(open_floor);
    let at_leaf = match want {
        Want::Distinct => AtLeaf::Stop,
        Want::All => AtLeaf::Continue,
    };
    let mut search = Search::new(&problem, grid, options.seed, options.deadline(), at_leaf);
    let empty = search.empty_slots();
    if !empty.is_empty() {
        let reason = "no word fits the fixed letters of";
        return Ok(Outcome::Unfillable(no_fill(&problem, &empty, reason)));
    }
    if let Some(why) = too_few_words(&problem, grid) {
        return Ok(Outcome::Unfillable(why));
    }
    let end = search.run(|assignment, nodes| visit(fill_from(&problem, grid, assignment, nodes)));
    Ok(match end {
        End::Done => Outcome::Filled(()),
        End::GaveUp => Outcome::GaveUp {
            after: started.elapsed(),
        },
        End::Exhausted { hardest } => {
            let reason = "no fill exists with this word list; hardest slots:";
            Outcome::Unfillable(no_fill(&problem, &hardest, reason))
        }
    })
}
