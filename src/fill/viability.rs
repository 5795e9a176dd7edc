//! Which words of one slot keep the whole grid fillable: the question a
//! constructor asks at every entry, answered within a time budget.
//!
//! Two tiers. Propagating the grid's letters once rules out, for free, every
//! word that disagrees with all candidates of some crossing slot; those are
//! only counted, since an open slot has thousands. The words that survive
//! (the best-scoring ones the caller asked for) then go to one search per
//! core, each over its share of them at once: every fill it finds proves
//! one word viable, which leaves the slot so the next fill must use
//! another, starting from the last fill's words (phase saving: most slots
//! keep theirs); what the search refutes at its root, or what is left when
//! it runs out of fills, is proven not. A word the budget did not reach is
//! left undecided rather than guessed.
//!
//! Fills found are handed back: the next question about the same grid
//! takes them as witnesses, so a constructor moving from entry to entry
//! gets the words earlier fills used marked viable at once.

use std::sync::Mutex;

use fixedbitset::FixedBitSet;

use super::options::FillOptions;
use super::outcome::{slot_name, NoFill};
use super::prepare::{fill_from, no_fill, searched, slot_words};
use super::search::{AtLeaf, End, Problem, Search};
use crate::error::{Error, Result};
use crate::grid::{Cell, Grid, DEFAULT_MIN_SLOT};
use crate::progress::Deadline;
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
    /// The fills of the grid found on the way: witnesses for the next
    /// question about this grid (see [`candidates`]).
    pub fills: Vec<Grid>,
}

/// Whether `fill` is a complete grid that keeps every block and letter of
/// `grid`.
fn holds(fill: &Grid, grid: &Grid) -> bool {
    fill.width() == grid.width()
        && fill.height() == grid.height()
        && (0..grid.height()).all(|r| {
            (0..grid.width()).all(|c| match (grid.get(r, c), fill.get(r, c)) {
                (Cell::Block, Cell::Block) => true,
                (Cell::Empty, Cell::Letter(_)) => true,
                (Cell::Letter(a), Cell::Letter(b)) => a == b,
                _ => false,
            })
        })
}

/// The word number of each slot of `problem` in `fill`, if the list has
/// every word at the floor.
fn assignment_of(problem: &Problem, fill: &Grid) -> Option<Vec<usize>> {
    problem
        .slots
        .iter()
        .zip(&problem.words)
        .map(|(slot, source)| {
            source
                .matching(&fill.letters(slot), problem.floor())
                .minimum()
        })
        .collect()
}

/// Threads deciding words at once, at most.
const MOST_THREADS: usize = 8;

/// How much of a slot's word list to decide, and how long to spend.
pub struct Asking<'a> {
    /// Words to list at most, best score first.
    pub limit: usize,
    /// When to stop deciding them: the time to spend, and the caller's
    /// cancel flag (the studio's, set when a newer request supersedes
    /// this one); the words not decided by then are left undecided.
    pub deadline: Deadline,
    /// Fills found earlier (see [`Candidates::fills`]) with the same list,
    /// floor and bans; those that hold the grid's letters prove their words
    /// viable at once.
    pub known: &'a [Grid],
}

/// The first `asking.limit` words (best score first) that fit the letters
/// of `slot` (named like a clue: `12A`, `3D`), score at least
/// `options.floor` and agree with the crossing slots, each with whether the
/// grid can still be filled with it in place, decided before
/// `asking.deadline` where possible.
pub fn candidates(
    grid: &Grid,
    index: &Index,
    slot: &str,
    options: &FillOptions,
    asking: &Asking,
) -> Result<Candidates> {
    let all = grid.slots(options.min_slot.max(DEFAULT_MIN_SLOT));
    if !all.iter().any(|s| slot_name(s).eq_ignore_ascii_case(slot)) {
        return Err(Error::invalid(format!(
            "the grid has no slot {slot} (slots are named like clues: 1A, 3D)"
        )));
    }
    let slots = searched(all, grid, index, options.floor);
    let Some(at) = slots
        .iter()
        .position(|s| slot_name(s).eq_ignore_ascii_case(slot))
    else {
        // The constructor's own entry, which no word of the list fits.
        return Ok(Candidates::default());
    };
    let words = slot_words(&slots, index)?;
    let source = words[at];
    let pattern = grid.letters(&slots[at]);
    let fitting = source.matching(&pattern, options.floor);
    let problem = Problem::from_options(grid, slots, words, index, options);
    let mut root = Search::new(
        &problem,
        grid,
        options.seed,
        Deadline::never(),
        AtLeaf::Stop,
    );
    let settled = root.empty_slots().is_empty() && root.settle();
    let agreeing: Vec<usize> = fitting
        .ones()
        .filter(|&w| settled && root.allows(at, w))
        .collect();
    let shown = agreeing.len().min(asking.limit);
    let mut out = Candidates {
        list: Vec::with_capacity(shown),
        more: agreeing.len() - shown,
        ruled_out: fitting.count_ones(..) - agreeing.len(),
        fills: Vec::new(),
    };
    let shown_words = &agreeing[..shown];
    // Earlier fills of this grid are witnesses: the word each has here is
    // viable as it stands, and the latest is where the search starts.
    let known_fills: Vec<&Grid> = asking.known.iter().filter(|f| holds(f, grid)).collect();
    let mut viable = vec![false; shown];
    for fill in &known_fills {
        let word = fill.letters(&problem.slots[at]);
        if let Some(k) = shown_words.iter().position(|&w| {
            source
                .word(w)
                .iter()
                .map(|&b| Some(b))
                .eq(word.iter().copied())
        }) {
            viable[k] = true;
        }
    }
    let hint = known_fills.last().and_then(|f| assignment_of(&problem, f));
    let (verdicts, found) = decide_together(
        &root,
        at,
        shown_words,
        &viable,
        hint.as_deref(),
        &asking.deadline,
    );
    for (&w, viable) in shown_words.iter().zip(verdicts) {
        out.list.push(Candidate {
            word: source.word_str(w).to_string(),
            score: source.score(w),
            viable,
        });
    }
    out.fills = found
        .iter()
        .map(|fill| fill_from(&problem, grid, fill, 0).grid)
        .collect();
    Ok(out)
}

/// Whether each of `words` in `slot` keeps the settled `root` fillable,
/// decided by one search per thread (as many as the machine has cores)
/// over its share of the words at once: a fill found proves its word
/// viable, which then leaves the slot, and the next fill is sought from the
/// last one's words (few slots need to change); whatever the search rules
/// out at its root, or leaves when it is exhausted, is proven not. One
/// search for many words shares what it learns, where a search per word
/// would prove the same dead ends again for every word. Words already known
/// viable (`known`) are not searched for; `hint` is a fill to start from.
/// Returns the verdicts and the fills found.
fn decide_together(
    root: &Search,
    slot: usize,
    words: &[usize],
    known: &[bool],
    hint: Option<&[usize]>,
    deadline: &Deadline,
) -> (Vec<Option<bool>>, Vec<Vec<usize>>) {
    let open: Vec<usize> = (0..words.len()).filter(|&k| !known[k]).collect();
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .clamp(1, MOST_THREADS)
        .min(open.len());
    let verdicts: Vec<Mutex<Option<bool>>> = known
        .iter()
        .map(|&k| Mutex::new(k.then_some(true)))
        .collect();
    let fills = Mutex::new(Vec::new());
    let set = |k: usize, v: bool| *verdicts[k].lock().unwrap_or_else(|e| e.into_inner()) = Some(v);
    let work = |t: usize| {
        // Every `threads`-th word, so that each share starts with good ones.
        let mine: Vec<usize> = open.iter().copied().skip(t).step_by(threads).collect();
        let mut keep = FixedBitSet::with_capacity(root.capacity(slot));
        mine.iter().for_each(|&k| keep.insert(words[k]));
        let mut probe = root.clone();
        // Each probe counts its own nodes; all share the one deadline.
        probe.limit(deadline.clone());
        if let Some(hint) = hint {
            probe.hint(hint);
        }
        let mut exhausted = !probe.keep_only(slot, &keep);
        while !exhausted && !deadline.check() {
            let mut found = None;
            match probe.run(|fill, _| {
                found = Some(fill.to_vec());
                false
            }) {
                End::Done => {
                    let fill = found.expect("a fill was found");
                    if let Some(&k) = mine.iter().find(|&&k| words[k] == fill[slot]) {
                        set(k, true);
                    }
                    exhausted = !probe.exclude(slot, fill[slot]);
                    probe.hint(&fill);
                    fills.lock().unwrap_or_else(|e| e.into_inner()).push(fill);
                }
                End::Exhausted { .. } => exhausted = true,
                End::GaveUp => break,
            }
        }
        for &k in &mine {
            let decided = verdicts[k]
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .is_some();
            if !decided && (exhausted || !probe.allows(slot, words[k])) {
                set(k, false);
            }
        }
    };
    std::thread::scope(|scope| {
        for t in 1..threads {
            scope.spawn(move || work(t));
        }
        if threads > 0 {
            work(0);
        }
    });
    let verdicts = verdicts
        .into_iter()
        .map(|v| v.into_inner().unwrap_or_else(|e| e.into_inner()))
        .collect();
    (
        verdicts,
        fills.into_inner().unwrap_or_else(|e| e.into_inner()),
    )
}

/// How many letters each cell can still take once the grid's letters are
/// propagated (row by row, `None` for a block; a fixed letter counts 1):
/// the constructor's heat map, where 1 means the crossings force the letter.
/// `Err(why)` when propagation alone proves there is no fill, naming the
/// slots left without a word.
pub(crate) fn letter_counts(
    grid: &Grid,
    index: &Index,
    options: &FillOptions,
) -> Result<std::result::Result<Vec<Option<u8>>, NoFill>> {
    let slots = grid.slots(options.min_slot.max(DEFAULT_MIN_SLOT));
    let slots = searched(slots, grid, index, options.floor);
    let words = slot_words(&slots, index)?;
    let problem = Problem::from_options(grid, slots, words, index, options);
    let mut root = Search::new(
        &problem,
        grid,
        options.seed,
        Deadline::never(),
        AtLeaf::Stop,
    );
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
        .map(|i| match grid.get(i / width, i % width) {
            Cell::Block => None,
            Cell::Letter(l) => Some(1 << (l - b'A')),
            Cell::Empty => Some(u32::MAX),
        })
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
