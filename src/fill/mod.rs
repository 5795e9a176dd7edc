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

mod partners;
pub mod quality;
mod search;
mod viability;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use crate::error::{Error, Result};
use crate::grid::{Cell, Direction, Grid, Slot};
use crate::wordlist::index::{Index, Words};
use crate::wordlist::roots::roots;
use search::{AtLeaf, End, Problem, Search};
pub use viability::{candidates, letter_counts, Asking, Candidate, Candidates};

#[derive(Clone, Debug)]
pub struct FillOptions {
    /// Shortest run that is a word; shorter runs are unchecked cells.
    pub min_slot: usize,
    pub seed: u64,
    pub timeout: Option<Duration>,
    /// Fill-in puzzles: every word of the list is used exactly once.
    pub use_all: bool,
    /// Only words scoring at least this (the index may hold lower ones).
    pub floor: u8,
    /// After a first fill, time to spend looking for a better one (see
    /// [`fill`]); zero for none.
    pub polish: Duration,
    /// Words never placed, in grid letters (A–Z): the constructor's bans.
    pub banned: Vec<String>,
    /// Entries may share a root (ELM beside ELMS); by default no two do
    /// (see [`crate::wordlist::roots`]). Fill-in puzzles (`use_all`)
    /// always may: their lists are given.
    pub shared_roots: bool,
    /// At most so many entries of the kinds editors ration, and none in
    /// the longest slots (`make`'s budget); None for no limit.
    pub ration: Option<Ration>,
    /// Set from elsewhere to end the search as a timeout would: the
    /// studio sets it when a request's client has gone.
    pub cancel: Option<Arc<AtomicBool>>,
}

/// How many rationed entries (crosswordese, partials, abbreviations, odd
/// inflections: [`crate::wordlist::notes::Kind::RATIONED`]) and names a
/// fill may hold, and where no rationed entry may go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ration {
    pub most: usize,
    pub names: usize,
    /// Slots this long or longer, and the grid's longest, hold none.
    pub long: usize,
}

impl Default for FillOptions {
    fn default() -> Self {
        FillOptions {
            min_slot: 2,
            seed: 0,
            timeout: None,
            use_all: false,
            floor: 0,
            polish: Duration::ZERO,
            banned: Vec::new(),
            shared_roots: false,
            ration: None,
            cancel: None,
        }
    }
}

/// How a search ended: the one result type of [`fill`] (`Outcome<Fill>`)
/// and [`fills`] (`Outcome<()>`, where `Filled` means the visitor asked for
/// no more fills).
#[derive(Clone, Debug)]
pub enum Outcome<T = Fill> {
    Filled(T),
    /// The whole search space was exhausted: no (further) fill exists.
    Unfillable(NoFill),
    GaveUp {
        after: Duration,
    },
}

#[derive(Clone, Debug)]
pub struct Fill {
    pub grid: Grid,
    /// Every slot the search filled with its word, across slots first (not
    /// the constructor's own entries, see [`searched`]).
    pub words: Vec<Placed>,
    pub nodes: u64,
}

/// One slot of a fill and the word in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placed {
    /// `12A`, `3D`.
    pub slot: String,
    pub word: String,
    pub score: u8,
}

impl Fill {
    pub fn mean_score(&self) -> f64 {
        let total: u64 = self.words.iter().map(|w| w.score as u64).sum();
        total as f64 / self.words.len().max(1) as f64
    }

    pub fn lowest_score(&self) -> u8 {
        self.words.iter().map(|w| w.score).min().unwrap_or(0)
    }

    /// How a fill ranks against another of the same grid: the higher lowest
    /// score first (an editor notices the worst entry), then fewer entries
    /// below 60, then the higher mean.
    pub fn merit(&self) -> (u8, std::cmp::Reverse<usize>, u64) {
        let weak = self.words.iter().filter(|w| w.score < 60).count();
        let total: u64 = self.words.iter().map(|w| w.score as u64).sum();
        (self.lowest_score(), std::cmp::Reverse(weak), total)
    }
}

/// Slot name as constructors write it: `12A`, `3D`.
pub fn slot_name(slot: &Slot) -> String {
    let d = match slot.direction {
        Direction::Across => 'A',
        Direction::Down => 'D',
    };
    format!("{}{d}", slot.number)
}

/// Why no (further) fill exists.
#[derive(Clone, Debug)]
pub struct NoFill {
    /// The slots that failed most, worst first.
    pub slots: Vec<String>,
    pub reason: String,
}

/// Which fills [`fills`] looks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Want {
    /// Fills that differ from each other, each from a fresh randomized start.
    Distinct,
    /// Every fill, in one systematic pass (small grids).
    All,
}

/// A fill, or why there is none. With `options.polish`, a first fill is
/// followed by a bounded search for a better one: the floor is raised past
/// the fill's lowest score and the grid filled again, until no fill clears
/// the floor or the time is spent (every fill found clears every earlier
/// one's lowest score, so the result only improves).
pub fn fill(grid: &Grid, index: &Index, options: &FillOptions) -> Result<Outcome> {
    let started = std::time::Instant::now();
    let mut best = match first_fill(grid, index, options)? {
        Outcome::Filled(f) => f,
        other => return Ok(other),
    };
    let budget = match options.timeout {
        Some(t) => options.polish.min(t.saturating_sub(started.elapsed())),
        None => options.polish,
    };
    let deadline = std::time::Instant::now() + budget;
    for round in 1u64.. {
        let left = deadline.saturating_duration_since(std::time::Instant::now());
        if left.is_zero() || best.lowest_score() >= crate::wordlist::MAX_SCORE {
            break;
        }
        let higher = FillOptions {
            floor: best.lowest_score() + 1,
            seed: options.seed.wrapping_add(round),
            timeout: Some(left),
            polish: Duration::ZERO,
            ..options.clone()
        };
        match first_fill(grid, index, &higher) {
            Ok(Outcome::Filled(f)) => best = f,
            // No fill clears the floor, or none was found in time: the
            // best so far stands. (A floor no word of some length clears
            // is an error here, and means the same.)
            _ => break,
        }
    }
    Ok(Outcome::Filled(best))
}

/// The first fill found, or why there is none.
fn first_fill(grid: &Grid, index: &Index, options: &FillOptions) -> Result<Outcome> {
    let mut found = None;
    let ending = fills(grid, index, options, Want::Distinct, |f| {
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
    mut visit: impl FnMut(Fill) -> bool,
) -> Result<Outcome<()>> {
    let slots = grid.slots(options.min_slot.max(2));
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
    let cancelled = || {
        options
            .cancel
            .as_ref()
            .is_some_and(|c| c.load(Ordering::Relaxed))
    };
    let words = slot_words(&slots, index)?;
    let problem = Problem::from_options(grid, slots, words, index, options);
    let at_leaf = match want {
        Want::Distinct => AtLeaf::Stop,
        Want::All => AtLeaf::Continue,
    };
    let mut search = Search::new(&problem, grid, options.seed, options.timeout, at_leaf);
    if options.cancel.is_some() {
        search.stop_when(&cancelled);
    }
    let empty = search.empty_slots();
    if !empty.is_empty() {
        let reason = "no word fits the fixed letters of";
        return Ok(Outcome::Unfillable(no_fill(&problem, &empty, reason)));
    }
    if let Some(why) = too_few_words(&problem.slots, &problem.words, options.floor) {
        return Ok(Outcome::Unfillable(why));
    }
    let end = search.run(|assignment, nodes| visit(fill_from(&problem, grid, assignment, nodes)));
    Ok(match end {
        End::Done => Outcome::Filled(()),
        End::GaveUp { after } => Outcome::GaveUp { after },
        End::Exhausted { hardest } => {
            let reason = "no fill exists with this word list; hardest slots:";
            Outcome::Unfillable(no_fill(&problem, &hardest, reason))
        }
    })
}

/// The slots the search fills: all but the constructor's own entries,
/// complete slots whose word the list lacks (above the floor) — a theme
/// answer, a name, a word typed by hand. Those are taken as given: their
/// letters still bind the crossing slots, and the fill keeps them as they
/// are without listing them among its words, which the list scored.
fn searched(slots: Vec<Slot>, grid: &Grid, index: &Index, floor: u8) -> Vec<Slot> {
    slots
        .into_iter()
        .filter(|slot| {
            let letters = grid.letters(slot);
            letters.iter().any(Option::is_none)
                || index
                    .of_length(slot.len)
                    .is_some_and(|w| w.matching(&letters, floor).count_ones(..) > 0)
        })
        .collect()
}

/// Two complete entries of the grid as given that share a root, one of
/// them a list word the fill would have to keep: no fill can, and the
/// search would only name a slot. Two entries the list lacks are the
/// constructor's own and stay (the quality report names them).
fn typed_sharing_a_root(grid: &Grid, slots: &[Slot], index: &Index, floor: u8) -> Option<NoFill> {
    let complete: Vec<(String, &Slot)> = slots
        .iter()
        .filter_map(|slot| grid.entry(slot).map(|word| (word, slot)))
        .collect();
    let listed = |word: &str| {
        let pattern: Vec<Option<u8>> = word.bytes().map(Some).collect();
        index
            .of_length(word.len())
            .is_some_and(|w| w.matching(&pattern, floor).count_ones(..) > 0)
    };
    let words: Vec<&str> = complete.iter().map(|(w, _)| w.as_str()).collect();
    let (a, b, shared) = crate::wordlist::roots::clashing_pairs(roots(), &words)
        .into_iter()
        .find(|(a, b, _)| listed(a) || listed(b))?;
    let name = |word: &str| {
        complete
            .iter()
            .find(|(w, _)| w == word)
            .map_or_else(String::new, |(_, slot)| slot_name(slot))
    };
    let slots = vec![name(a), name(b)];
    Some(NoFill {
        reason: format!(
            "{} {a} and {} {b} share a root ({}), which no two entries of a grid may",
            slots[0],
            slots[1],
            shared.join(", ")
        ),
        slots,
    })
}

fn no_fill(problem: &Problem, slots: &[usize], reason: &str) -> NoFill {
    let slots: Vec<String> = slots
        .iter()
        .map(|&s| slot_name(&problem.slots[s]))
        .collect();
    NoFill {
        reason: format!("{reason} {}", slots.join(", ")),
        slots,
    }
}

/// A white cell outside every slot could never get a letter.
fn check_every_cell_in_a_slot(grid: &Grid, slots: &[Slot]) -> Result<()> {
    let mut covered = vec![false; grid.width() * grid.height()];
    for (r, c) in slots.iter().flat_map(|s| s.cells()) {
        covered[r * grid.width() + c] = true;
    }
    for r in 0..grid.height() {
        for c in 0..grid.width() {
            if grid.is_white(r, c) && !covered[r * grid.width() + c] {
                return Err(Error::invalid(format!(
                    "the white cell at row {}, column {} is in no word (no across or down run of 2+ cells)",
                    r + 1,
                    c + 1
                )));
            }
        }
    }
    Ok(())
}

/// The words of each slot's length; a length the list lacks is an error.
fn slot_words<'a>(slots: &[Slot], index: &'a Index) -> Result<Vec<Words<'a>>> {
    slots
        .iter()
        .map(|slot| {
            index.of_length(slot.len).ok_or_else(|| {
                Error::invalid(format!(
                    "slot {} needs a {}-letter word and the word list has none",
                    slot_name(slot),
                    slot.len
                ))
            })
        })
        .collect()
}

/// More slots of one length than words of that length: no fill without a
/// repeat. Caught here because pairwise propagation cannot count.
fn too_few_words(slots: &[Slot], words: &[Words], floor: u8) -> Option<NoFill> {
    let longest = slots.iter().map(|s| s.len).max()?;
    (2..=longest).find_map(|len| {
        let of_len: Vec<usize> = (0..slots.len()).filter(|&s| slots[s].len == len).collect();
        let available = words[*of_len.first()?].scoring_at_least(floor);
        (of_len.len() > available).then(|| NoFill {
            slots: of_len.iter().map(|&s| slot_name(&slots[s])).collect(),
            reason: format!(
                "the grid has {} slots of {len} letters and the word list only {available} such words",
                of_len.len()
            ),
        })
    })
}

/// With `--use-all`, slots and words must pair off length by length.
fn check_use_all(slots: &[Slot], index: &Index) -> Result<()> {
    for len in 1..=index.longest() {
        let words = index.of_length(len).map_or(0, |w| w.count());
        let places = slots.iter().filter(|s| s.len == len).count();
        if words > places {
            return Err(Error::rules(format!(
                "--use-all: the word list has {words} words of {len} letters but the grid has {places} such slots"
            )));
        }
    }
    Ok(())
}

fn fill_from(problem: &Problem, grid: &Grid, assignment: &[usize], nodes: u64) -> Fill {
    let mut filled = grid.clone();
    let mut words = Vec::with_capacity(problem.slots.len());
    for ((slot, source), &w) in problem.slots.iter().zip(&problem.words).zip(assignment) {
        for ((r, c), &letter) in slot.cells().zip(source.word(w)) {
            filled.set(r, c, Cell::Letter(letter));
        }
        words.push(Placed {
            slot: slot_name(slot),
            word: source.word_str(w).to_string(),
            score: source.score(w),
        });
    }
    Fill {
        grid: filled,
        words,
        nodes,
    }
}
