//! The search behind [`super::fill`]: domains as bitsets, letter-level arc
//! consistency, 2-way branching, dom/wdeg slot choice and Luby restarts.
//!
//! Besides its candidate words, every slot keeps, for each crossed position, a
//! 26-bit mask of the letters its candidates still allow there (an upper bound
//! made exact on each revision). When a mask loses a letter, the crossing slot
//! drops its words with that letter in the shared cell, which may shrink its
//! own masks in turn; this runs to a fixpoint, so every remaining candidate
//! agrees with some candidate of each crossing slot. A slot down to one word
//! takes that word and every word sharing a root with it away from every
//! other slot (no repeats, no ELM beside ELMS: see
//! [`crate::wordlist::roots`]); with rationing, once the grid holds its
//! allowance of rationed words (crosswordese, partials, ...) the other
//! slots lose theirs.
//!
//! Branching is 2-way: try the chosen slot's best word; if that fails, remove
//! the word and propagate the removal, then choose again. Each restart is a
//! complete search, so a restart that fails proves there is no (further) fill.
//! Before placing a word, [`Partners`] checks cheaply whether a parallel slot
//! would be left empty, the way most placements in hard grids fail.
//!
//! Restarts keep what they learned. When one runs out of budget, every word
//! its branch had refuted is a proven failure *given the words decided above
//! it*: the set of those decisions plus the refuted word is a nogood, which
//! later restarts never explore again (reduced nld-nogoods, Lecoutre et al.
//! 2007). A nogood is propagated with two watched decisions, as SAT solvers
//! propagate clauses: once all but one of its words are placed, the last is
//! removed from its slot.
//!
//! The work is split by job: [`problem`] holds what the search is asked,
//! [`propagate`] the propagation and its trail, [`claims`] what a decided
//! slot takes from the others, [`learn`] the nogoods and [`masks`] the
//! letter masks; this file holds the search's state, its restarts and its
//! choices of slot and word.

mod claims;
mod learn;
mod masks;
mod problem;
mod propagate;
#[cfg(test)]
mod tests;

use std::collections::{HashMap, HashSet, VecDeque};

use fixedbitset::FixedBitSet;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::crossing::{Crossing, MAX_LEN};
use super::partners::{Partners, View};
use crate::grid::Grid;
use crate::progress::Deadline;
use crate::wordlist::index::LETTERS;
use masks::{masks_by_intersecting, without, ALL_LETTERS};
pub(super) use problem::Problem;

/// Nodes between looks at the clock and the cancel flag: a node is slow
/// (propagation over many word lists), so few.
const CHECK_EVERY: u32 = 16;

/// What the search does at a complete assignment.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum AtLeaf {
    /// Stop and report it (a later restart skips fills already reported).
    Stop,
    /// Report it and keep searching the same tree: enumerates every fill.
    Continue,
}

/// How a descent ended.
enum Step {
    Found,
    /// The subtree holds no (further) fill.
    Failed,
    /// Out of time or out of this restart's node budget.
    Stopped,
}

pub(super) enum End {
    /// The caller's visitor asked to stop.
    Done,
    /// No (further) fill exists; the slots that failed most.
    Exhausted { hardest: Vec<usize> },
    /// The deadline passed (the caller knows since when it was running).
    GaveUp,
}

/// One decision on the current branch: a word placed in a slot, or (after
/// the placement failed) taken out of it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Decision {
    Place { slot: usize, word: usize },
    Refute { slot: usize, word: usize },
}

/// Words that cannot all be placed together, as (slot, word) pairs; the
/// first two are watched.
#[derive(Clone)]
struct Nogood {
    placed: Vec<(usize, usize)>,
}

#[derive(Clone)]
struct SlotState {
    words: FixedBitSet,
    count: usize,
    masks: [u32; MAX_LEN],
    /// Which state of the words this is, unique over the search (undoing
    /// brings an old one back), so that what was read off them can be kept
    /// while it matches.
    version: u64,
}

/// Nodes of the first restart per slot of the grid (a descent needs about
/// one node per slot to reach a fill); later restarts follow the Luby sequence.
const RESTART_NODES_PER_SLOT: u64 = 8;

/// The Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, …: restart budgets that waste at
/// most a log factor against the best fixed budget.
pub(super) fn luby(mut i: u64) -> u64 {
    loop {
        let mut k = 1;
        while (1u64 << k) - 1 < i {
            k += 1;
        }
        if (1u64 << k) - 1 == i {
            return 1 << (k - 1);
        }
        i -= (1 << (k - 1)) - 1;
    }
}

/// Best-scoring candidates the value choice weighs.
const PICK_AMONG: usize = 64;
/// Weight of a word's score (0–100) against the log room it leaves its
/// crossings: 0.05 makes 20 points of score worth one factor of e in room.
const SCORE_WEIGHT: f64 = 0.05;
/// Random noise added to each candidate's key; seeds change the fill.
const JITTER: f64 = 1.0;

/// Cloning a settled search is how many questions share one propagation
/// of the grid (see [`Search::settle`]).
#[derive(Clone)]
pub(super) struct Search<'p, 'a> {
    problem: &'p Problem<'a>,
    state: Vec<SlotState>,
    /// Stamp of the mark at which each slot was last saved on the trail.
    saved_at: Vec<u64>,
    stamp: u64,
    trail: Vec<(usize, SlotState)>,
    queue: VecDeque<usize>,
    queued: Vec<bool>,
    failures: Vec<u64>,
    rng: StdRng,
    pub nodes: u64,
    budget_end: u64,
    /// When to give up (see [`CHECK_EVERY`]).
    deadline: Deadline,
    timed_out: bool,
    at_leaf: AtLeaf,
    /// Fills already reported by earlier restarts, as word numbers per slot.
    reported: HashSet<Vec<usize>>,
    /// The visitor asked to stop.
    done: bool,
    /// Decisions from the root to the current node.
    branch: Vec<Decision>,
    nogoods: Vec<Nogood>,
    /// Nogoods by the (slot, word) pairs they watch (their first two), so
    /// that a slot taking a word meets only the nogoods that name it.
    watches: HashMap<(usize, usize), Vec<usize>>,
    /// Nodes of a restart of Luby length 1.
    restart_nodes: u64,
    /// Slot states made so far (see `SlotState::version`).
    versions: u64,
    partners: Partners,
    /// The fixed letters are propagated already (see [`Search::settle`]).
    settled: bool,
    /// Per slot, the word to try first (see [`Search::hint`]).
    hints: Vec<Option<usize>>,
}

impl<'p, 'a> Search<'p, 'a> {
    pub fn new(
        problem: &'p Problem<'a>,
        grid: &Grid,
        seed: u64,
        deadline: Deadline,
        at_leaf: AtLeaf,
    ) -> Search<'p, 'a> {
        let state = problem
            .slots
            .iter()
            .zip(&problem.words)
            .enumerate()
            .map(|(s, (slot, source))| {
                let letters = grid.letters(slot);
                // A slot given whole holds its list word at any floor.
                let given = letters.iter().all(Option::is_some);
                let floor = if given { 0 } else { problem.floor };
                let mut words = source.matching(&letters, floor);
                for banned in problem.banned.iter().filter(|b| b.len() == slot.len) {
                    // A banned word below the floor is in no domain anyway.
                    if let Some(w) = source.matching(banned, 0).minimum() {
                        if w < words.len() {
                            words.set(w, false);
                        }
                    }
                }
                if let Some(r) = &problem.rationing {
                    if r.none_in[s] {
                        without(&mut words, &r.allowances[0].words[slot.len]);
                    }
                }
                SlotState {
                    count: words.count_ones(..),
                    words,
                    masks: [ALL_LETTERS; MAX_LEN],
                    version: 0,
                }
            })
            .collect();
        let n = problem.slots.len();
        Search {
            problem,
            state,
            saved_at: vec![0; n],
            stamp: 0,
            trail: Vec::new(),
            queue: VecDeque::new(),
            queued: vec![false; n],
            failures: vec![0; n],
            rng: StdRng::seed_from_u64(seed),
            nodes: 0,
            budget_end: u64::MAX,
            deadline: deadline.tick_every(CHECK_EVERY),
            timed_out: false,
            at_leaf,
            reported: HashSet::new(),
            done: false,
            branch: Vec::new(),
            nogoods: Vec::new(),
            watches: HashMap::new(),
            restart_nodes: RESTART_NODES_PER_SLOT * n as u64,
            versions: 0,
            partners: Partners::new(&problem.crossings),
            settled: false,
            hints: Vec::new(),
        }
    }

    /// Searches, handing each fill (a word number per slot) to `visit`, which
    /// returns false to stop.
    pub fn run(&mut self, mut visit: impl FnMut(&[usize], u64) -> bool) -> End {
        let empty = self.empty_slots();
        if !empty.is_empty() {
            return End::Exhausted { hardest: empty };
        }
        if !self.settled && !self.settle() {
            return End::Exhausted {
                hardest: self.hardest(),
            };
        }
        let mut root = self.mark();
        for restart in 1.. {
            if self.at_leaf == AtLeaf::Stop {
                self.budget_end = self.nodes + self.restart_nodes * luby(restart);
            }
            let step = self.descend(&mut visit);
            let fill = matches!(step, Step::Found).then(|| self.assignment());
            self.undo(root);
            if matches!(step, Step::Stopped) && !self.timed_out && !self.done {
                if !self.learn_from_branch() {
                    break;
                }
                // What the root learned holds for good: later restarts
                // undo back to here.
                root = self.mark();
            }
            self.branch.clear();
            match step {
                Step::Found => {
                    let fill = fill.expect("a found fill");
                    let go_on = visit(&fill, self.nodes);
                    self.reported.insert(fill);
                    if !go_on {
                        return End::Done;
                    }
                }
                Step::Failed => break,
                Step::Stopped if self.done => return End::Done,
                Step::Stopped if self.timed_out => return End::GaveUp,
                Step::Stopped => {}
            }
        }
        End::Exhausted {
            hardest: self.hardest(),
        }
    }

    /// Propagates the fixed letters alone, before any choice; false when
    /// that leaves a slot no word (no fill). A settled search can be cloned
    /// and each clone given a word ([`Self::place`]) and run, without
    /// propagating the whole grid again.
    pub(crate) fn settle(&mut self) -> bool {
        let problem = self.problem;
        // The constructor's own entries rule out their roots first.
        let ruled_out = problem
            .given
            .iter()
            .all(|&root| self.rule_out_root(usize::MAX, root));
        (0..self.state.len()).for_each(|s| self.enqueue(s));
        self.settled = ruled_out && self.propagate();
        if !ruled_out {
            self.clear_queue();
        }
        self.settled
    }

    /// Gives [`Self::run`] `deadline` from now on.
    pub fn limit(&mut self, deadline: Deadline) {
        self.deadline = deadline.tick_every(CHECK_EVERY);
    }

    /// The letters `slot`'s candidates allow at each of its positions.
    pub fn letters(&self, slot: usize) -> [u32; MAX_LEN] {
        let positions = 0..self.problem.slots[slot].len;
        let all = [ALL_LETTERS; MAX_LEN];
        masks_by_intersecting(
            &self.state[slot].words,
            self.problem.words[slot],
            positions,
            &all,
        )
    }

    /// Leaves `slot` only the candidates in `keep`, for good (between
    /// runs); false when propagation then leaves a slot no word.
    pub(crate) fn keep_only(&mut self, slot: usize, keep: &FixedBitSet) -> bool {
        if !self.settled && !self.settle() {
            return false;
        }
        self.save(slot);
        self.versions += 1;
        let st = &mut self.state[slot];
        st.version = self.versions;
        st.words.intersect_with(keep);
        st.count = st.words.count_ones(..);
        if st.count == 0 {
            return false;
        }
        self.enqueue(slot);
        self.propagate()
    }

    /// Takes `word` out of `slot` for good (between runs); false when
    /// propagation then leaves a slot no word.
    pub fn exclude(&mut self, slot: usize, word: usize) -> bool {
        !self.state[slot].words.contains(word) || self.refute(slot, word)
    }

    /// Word numbers of `slot` range below this.
    pub(crate) fn capacity(&self, slot: usize) -> usize {
        self.state[slot].words.len()
    }

    /// Whether `word` is still a candidate of `slot` (after [`Self::settle`]:
    /// agrees with some candidate of every crossing slot).
    pub(crate) fn allows(&self, slot: usize, word: usize) -> bool {
        self.state[slot].words.contains(word)
    }

    /// Slots whose fixed letters no word fits.
    pub(crate) fn empty_slots(&self) -> Vec<usize> {
        (0..self.state.len())
            .filter(|&s| self.state[s].count == 0)
            .collect()
    }

    /// Slots that failed most, worst first.
    pub(super) fn hardest(&self) -> Vec<usize> {
        let mut worst: Vec<usize> = (0..self.failures.len())
            .filter(|&s| self.failures[s] > 0)
            .collect();
        worst.sort_by_key(|&s| std::cmp::Reverse(self.failures[s]));
        worst.truncate(5);
        worst
    }

    fn assignment(&self) -> Vec<usize> {
        self.state
            .iter()
            .map(|st| st.words.minimum().expect("a decided slot has its word"))
            .collect()
    }

    fn descend(&mut self, visit: &mut impl FnMut(&[usize], u64) -> bool) -> Step {
        let level = self.branch.len();
        // The value order of the slot last tried here, best last. After a
        // word fails the same slot usually comes up again, and weighing its
        // candidates afresh each time would cost more than the failures;
        // the order goes slightly stale, which only ordering can notice.
        let mut ranked: Vec<usize> = Vec::new();
        let mut ranked_slot = usize::MAX;
        loop {
            let Some(slot) = self.choose_slot() else {
                let step = self.at_complete_assignment(visit);
                if matches!(step, Step::Failed) {
                    self.branch.truncate(level);
                }
                return step;
            };
            self.nodes += 1;
            if self.out_of_time() || self.nodes >= self.budget_end || self.done {
                return Step::Stopped;
            }
            if slot != ranked_slot {
                ranked.clear();
            }
            while ranked
                .last()
                .is_some_and(|&w| !self.state[slot].words.contains(w))
            {
                ranked.pop();
            }
            if ranked.is_empty() {
                ranked = self.rank_words(slot);
                ranked_slot = slot;
            }
            let word = ranked.pop().expect("an undecided slot has candidates");
            let mark = self.mark();
            self.branch.push(Decision::Place { slot, word });
            // Grids that fill at the first try would only pay for the check.
            let check = self.nodes > self.restart_nodes;
            if (!check || self.fits_parallels(slot, word)) && self.decide(slot, word) {
                match self.descend(visit) {
                    Step::Failed => {}
                    other => return other,
                }
            }
            self.undo(mark);
            self.branch.pop();
            self.branch.push(Decision::Refute { slot, word });
            if !self.refute(slot, word) {
                self.branch.truncate(level);
                return Step::Failed;
            }
        }
    }

    /// False when `word` in `slot` would leave a parallel slot no word (see
    /// [`Partners`]); the placement would fail.
    fn fits_parallels(&mut self, slot: usize, word: usize) -> bool {
        let state = &self.state;
        let view = |s: usize| View {
            words: &state[s].words,
            count: state[s].count,
            version: state[s].version,
        };
        match self
            .partners
            .orphaned(slot, word, &self.problem.words, view)
        {
            Some(other) => {
                // Propagation would have wiped `other` out.
                self.failures[other] += 1;
                false
            }
            None => true,
        }
    }

    fn at_complete_assignment(&mut self, visit: &mut impl FnMut(&[usize], u64) -> bool) -> Step {
        let fill = self.assignment();
        if self.reported.contains(&fill) {
            return Step::Failed;
        }
        match self.at_leaf {
            AtLeaf::Stop => Step::Found,
            AtLeaf::Continue => {
                if visit(&fill, self.nodes) {
                    Step::Failed
                } else {
                    self.done = true;
                    Step::Stopped
                }
            }
        }
    }

    /// The undecided slot with the fewest candidates per past failure
    /// (dom/wdeg: slots that keep failing go first), or None when every slot
    /// is down to one word.
    fn choose_slot(&self) -> Option<usize> {
        (0..self.state.len())
            .filter(|&s| self.state[s].count > 1)
            .map(|s| {
                (
                    self.state[s].count as f64 / (1 + self.failures[s]) as f64,
                    s,
                )
            })
            .min_by(|a, b| a.0.total_cmp(&b.0))
            .map(|(_, s)| s)
    }

    /// The best-scoring candidates of `slot`, ordered by the room they leave
    /// their crossings, best last, with seeded jitter: the sum over
    /// crossings of the log of how many crossing words still fit, plus a
    /// bonus for the word's own score (least-constraining value first).
    fn rank_words(&mut self, slot: usize) -> Vec<usize> {
        // A hinted word goes first, unweighed; the rest are ranked if it fails.
        if let Some(&Some(hint)) = self.hints.get(slot) {
            if self.state[slot].words.contains(hint) {
                return vec![hint];
            }
        }
        let problem = self.problem;
        let words = problem.words[slot];
        let crossings = &problem.crossings[slot];
        // ln(1 + crossing words with the letter in the shared cell), per
        // crossing and letter, computed for the letters candidates use.
        let mut room_for = vec![[f64::NAN; LETTERS]; crossings.len()];
        let mut keyed = Vec::with_capacity(PICK_AMONG);
        for w in self.state[slot].words.ones().take(PICK_AMONG) {
            let letters = words.word(w);
            let mut room = 0.0;
            for (c, cache) in crossings.iter().zip(room_for.iter_mut()) {
                let l = (letters[c.here] - b'A') as usize;
                if cache[l].is_nan() {
                    cache[l] = self.support(c, letters[c.here]);
                }
                room += cache[l];
            }
            let key =
                room + SCORE_WEIGHT * words.score(w) as f64 + self.rng.random::<f64>() * JITTER;
            keyed.push((key, w));
        }
        keyed.sort_by(|a, b| a.0.total_cmp(&b.0));
        keyed.into_iter().map(|(_, w)| w).collect()
    }

    /// Tries each slot's word of `fill` first from now on (phase saving):
    /// questions asked one after another about one grid mostly have
    /// answers that differ from the last one in a few slots.
    pub fn hint(&mut self, fill: &[usize]) {
        self.hints = fill.iter().copied().map(Some).collect();
    }

    /// ln(1 + words of the crossing slot with `letter` in the shared cell);
    /// zero for a decided crossing slot, which the word cannot constrain.
    fn support(&self, crossing: &Crossing, letter: u8) -> f64 {
        let st = &self.state[crossing.other];
        if st.count <= 1 {
            return 0.0;
        }
        let words = self.problem.words[crossing.other];
        (words.count_with(&st.words, crossing.there, letter) as f64).ln_1p()
    }

    /// Counts a node against the deadline.
    fn out_of_time(&mut self) -> bool {
        self.timed_out |= self.deadline.tick();
        self.timed_out
    }
}
