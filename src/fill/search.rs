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

use std::collections::{HashMap, HashSet, VecDeque};
use std::time::{Duration, Instant};

use fixedbitset::FixedBitSet;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::partners::{Partners, View};
use super::{FillOptions, Ration};
use crate::grid::{Grid, Slot, MAX_SIDE};
use crate::wordlist::index::{member, Index, Words, LETTERS, NAME, RATIONED, WEAK};
use crate::wordlist::roots::roots as root_table;

/// Room for a mask per position of the longest possible slot.
pub(super) const MAX_LEN: usize = MAX_SIDE + 1;
const ALL_LETTERS: u32 = (1 << LETTERS) - 1;

/// A crossing seen from one slot: my position, the other slot, its position.
#[derive(Clone, Copy)]
pub(super) struct Crossing {
    pub here: usize,
    pub other: usize,
    pub there: usize,
}

pub(super) struct Problem<'a> {
    pub slots: Vec<Slot>,
    pub words: Vec<Words<'a>>,
    index: &'a Index,
    crossings: Vec<Vec<Crossing>>,
    /// Slots of each length, for the no-repeat and root rules.
    same_length: Vec<Vec<usize>>,
    /// Words scoring below this are left out of every domain.
    floor: u8,
    /// Words left out of every domain whatever their score (see
    /// [`Problem::banning`]).
    banned: Vec<Vec<Option<u8>>>,
    /// Entries may share a root (fill-in puzzles): only the same word is
    /// ruled out.
    shared_roots: bool,
    /// Root numbers (with [`WEAK`]) of the constructor's own entries, which
    /// no searched slot may share (see [`Problem::giving`]).
    given: Vec<u32>,
    rationing: Option<Rationing>,
}

/// [`Ration`] as the search applies it: allowances of flagged words.
struct Rationing {
    allowances: Vec<Allowance>,
    /// Per slot, whether it may hold no word of the first allowance (the
    /// rationed kinds) at all.
    none_in: Vec<bool>,
}

/// At most `most` words with index flag `flag` in a fill.
struct Allowance {
    flag: u8,
    most: usize,
    /// Per length, the words with the flag.
    words: Vec<FixedBitSet>,
}

impl<'a> Problem<'a> {
    /// The problem `options` pose: the floor, the bans, the root rule (off
    /// for fill-in puzzles, whose lists are given) and the ration.
    pub fn from_options(
        grid: &Grid,
        slots: Vec<Slot>,
        words: Vec<Words<'a>>,
        index: &'a Index,
        options: &FillOptions,
    ) -> Problem<'a> {
        let mut problem = Problem::new(grid, slots, words, index, options.floor)
            .banning(&options.banned)
            .giving(grid);
        problem.shared_roots = options.shared_roots || options.use_all;
        problem.rationing = options.ration.map(|r| problem.rationing_of(r));
        problem
    }

    pub fn new(
        grid: &Grid,
        slots: Vec<Slot>,
        words: Vec<Words<'a>>,
        index: &'a Index,
        floor: u8,
    ) -> Problem<'a> {
        let mut owner: Vec<Vec<(usize, usize)>> = vec![Vec::new(); grid.width() * grid.height()];
        for (s, slot) in slots.iter().enumerate() {
            for (i, (r, c)) in slot.cells().enumerate() {
                owner[r * grid.width() + c].push((s, i));
            }
        }
        let mut crossings = vec![Vec::new(); slots.len()];
        for cell in &owner {
            if let [(a, i), (b, j)] = cell[..] {
                crossings[a].push(Crossing {
                    here: i,
                    other: b,
                    there: j,
                });
                crossings[b].push(Crossing {
                    here: j,
                    other: a,
                    there: i,
                });
            }
        }
        let longest = slots.iter().map(|s| s.len).max().unwrap_or(0);
        let mut same_length = vec![Vec::new(); longest + 1];
        for (s, slot) in slots.iter().enumerate() {
            same_length[slot.len].push(s);
        }
        Problem {
            slots,
            words,
            index,
            crossings,
            same_length,
            floor,
            banned: Vec::new(),
            shared_roots: false,
            given: Vec::new(),
            rationing: None,
        }
    }

    /// Takes the complete entries of `grid` that no slot searches (the
    /// constructor's own, which the list lacks) as given: no searched slot
    /// may share a root with them. Their roots are found as words of the
    /// list (ELM for a given ELMS): a root that is no word of the list has
    /// no number here, and no word of the list could share it anyway
    /// unless it is a phrase part.
    pub fn giving(mut self, grid: &Grid) -> Problem<'a> {
        let searched: Vec<(usize, usize, crate::grid::Direction)> = self
            .slots
            .iter()
            .map(|s| (s.row, s.col, s.direction))
            .collect();
        let table = root_table();
        for slot in grid.slots(2) {
            let letters = grid.letters(&slot);
            if searched.contains(&(slot.row, slot.col, slot.direction))
                || letters.iter().any(Option::is_none)
            {
                continue;
            }
            let entry: String = letters.iter().flatten().map(|&b| b as char).collect();
            let of = table.of(&entry);
            let weak = of.weak.iter().map(|r| (*r, WEAK));
            for (root, bit) in of.strong.iter().map(|r| (*r, 0)).chain(weak) {
                let Some(words) = self.index.of_length(root.len()) else {
                    continue;
                };
                let pattern: Vec<Option<u8>> = root.bytes().map(Some).collect();
                if let Some(w) = words.matching(&pattern, 0).minimum() {
                    if let Some(own) = words.roots(w).next() {
                        self.given.push(own | bit);
                    }
                }
            }
        }
        self
    }

    /// The search's form of `ration` for these slots.
    fn rationing_of(&self, ration: Ration) -> Rationing {
        let longest = self.slots.iter().map(|s| s.len).max().unwrap_or(0);
        let allowance = |flag: u8, most: usize| {
            let mut words = vec![FixedBitSet::new(); longest + 1];
            for (slot, source) in self.slots.iter().zip(&self.words) {
                if words[slot.len].is_empty() {
                    let mut bits = FixedBitSet::with_capacity(source.count());
                    (0..source.count())
                        .filter(|&w| source.flags(w) & flag != 0)
                        .for_each(|w| bits.insert(w));
                    words[slot.len] = bits;
                }
            }
            Allowance { flag, most, words }
        };
        Rationing {
            allowances: vec![
                allowance(RATIONED, ration.most),
                allowance(NAME, ration.names),
            ],
            none_in: self
                .slots
                .iter()
                .map(|s| s.len >= ration.long || s.len == longest)
                .collect(),
        }
    }

    /// Words scoring below this are in no domain.
    pub fn floor(&self) -> u8 {
        self.floor
    }

    /// Leaves `words` (in grid letters, A–Z) out of every slot.
    pub fn banning(mut self, words: &[String]) -> Problem<'a> {
        self.banned = words
            .iter()
            .map(|w| w.bytes().map(Some).collect())
            .collect();
        self
    }
}

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
    Exhausted {
        hardest: Vec<usize>,
    },
    GaveUp {
        after: Duration,
    },
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

/// Nogoods longer than this are not kept: long ones rarely fire and cost a
/// check on every placement of their watched slots.
const LONGEST_NOGOOD: usize = 40;
/// Nogoods kept at most; beyond it a restart learns nothing more.
const MOST_NOGOODS: usize = 100_000;

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

/// Slots with this many candidates or fewer are checked for a root all of
/// them hold (see [`Search::claim_family`]).
const FAMILY_CLAIM: usize = 8;

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
    deadline: Option<Instant>,
    started: Instant,
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
    /// Asked with the clock: yes ends the search as a timeout would.
    cancelled: Option<&'p (dyn Fn() -> bool + Sync)>,
}

impl<'p, 'a> Search<'p, 'a> {
    pub fn new(
        problem: &'p Problem<'a>,
        grid: &Grid,
        seed: u64,
        timeout: Option<Duration>,
        at_leaf: AtLeaf,
    ) -> Search<'p, 'a> {
        let state = problem
            .slots
            .iter()
            .zip(&problem.words)
            .enumerate()
            .map(|(s, (slot, source))| {
                let mut words = source.matching(&grid.letters(slot), problem.floor);
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
        let started = Instant::now();
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
            deadline: timeout.map(|t| started + t),
            started,
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
            cancelled: None,
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
                Step::Stopped if self.timed_out => {
                    return End::GaveUp {
                        after: self.started.elapsed(),
                    }
                }
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
    pub fn settle(&mut self) -> bool {
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

    /// Ends [`Self::run`] as a timeout would once `cancelled` says yes.
    pub fn stop_when(&mut self, cancelled: &'p (dyn Fn() -> bool + Sync)) {
        self.cancelled = Some(cancelled);
    }

    /// Gives [`Self::run`] `timeout` from now.
    pub fn limit_time(&mut self, timeout: Duration) {
        self.started = Instant::now();
        self.deadline = Some(self.started + timeout);
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
    pub fn keep_only(&mut self, slot: usize, keep: &FixedBitSet) -> bool {
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
    pub fn capacity(&self, slot: usize) -> usize {
        self.state[slot].words.len()
    }

    /// Whether `word` is still a candidate of `slot` (after [`Self::settle`]:
    /// agrees with some candidate of every crossing slot).
    pub fn allows(&self, slot: usize, word: usize) -> bool {
        self.state[slot].words.contains(word)
    }

    /// Slots whose fixed letters no word fits.
    pub fn empty_slots(&self) -> Vec<usize> {
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

    /// Records the nogoods of the branch a restart stopped on: each refuted
    /// word with the words placed above it. A refutation with nothing placed
    /// above holds for good and is made at the root. False when that leaves
    /// no fill.
    fn learn_from_branch(&mut self) -> bool {
        let branch = std::mem::take(&mut self.branch);
        let mut placed: Vec<(usize, usize)> = Vec::new();
        for decision in branch {
            match decision {
                Decision::Place { slot, word } => placed.push((slot, word)),
                Decision::Refute { slot, word } if placed.is_empty() => {
                    if self.state[slot].words.contains(word) && !self.refute(slot, word) {
                        return false;
                    }
                }
                Decision::Refute { slot, word } => {
                    if placed.len() < LONGEST_NOGOOD && self.nogoods.len() < MOST_NOGOODS {
                        let mut nogood = placed.clone();
                        nogood.push((slot, word));
                        self.add_nogood(nogood);
                    }
                }
            }
        }
        true
    }

    /// Keeps `placed` as a nogood, watching its last two pairs (the latest
    /// decisions, which are undone first).
    fn add_nogood(&mut self, mut placed: Vec<(usize, usize)>) {
        let n = placed.len();
        placed.swap(0, n - 1);
        placed.swap(1, n - 2);
        let id = self.nogoods.len();
        self.watches.entry(placed[0]).or_default().push(id);
        self.watches.entry(placed[1]).or_default().push(id);
        self.nogoods.push(Nogood { placed });
    }

    /// Whether `slot` holds exactly `word`.
    fn holds(&self, slot: usize, word: usize) -> bool {
        let st = &self.state[slot];
        st.count == 1 && st.words.contains(word)
    }

    /// `slot` is down to one word: every nogood watching that word either
    /// finds another pair to watch, or takes its last pair's word away;
    /// false on a wipe-out or a nogood fully placed.
    fn propagate_nogoods(&mut self, slot: usize) -> bool {
        let word = self.state[slot]
            .words
            .minimum()
            .expect("a slot with count 1 has a word");
        let Some(watching) = self.watches.remove(&(slot, word)) else {
            return true;
        };
        let mut keep = Vec::new();
        let mut ok = true;
        for (k, &id) in watching.iter().enumerate() {
            if !ok {
                keep.extend_from_slice(&watching[k..]);
                break;
            }
            let placed = &mut self.nogoods[id].placed;
            if placed[0] != (slot, word) {
                placed.swap(0, 1);
            }
            let placed = &self.nogoods[id].placed;
            let other = (2..placed.len()).find(|&i| !self.holds(placed[i].0, placed[i].1));
            if let Some(i) = other {
                // A nogood names each slot once, so the new pair is another
                // slot's: the watch moves there.
                let placed = &mut self.nogoods[id].placed;
                placed.swap(0, i);
                let pair = placed[0];
                self.watches.entry(pair).or_default().push(id);
                continue;
            }
            keep.push(id);
            let (last_slot, last_word) = self.nogoods[id].placed[1];
            if self.holds(last_slot, last_word) {
                self.failures[slot] += 1;
                ok = false;
            } else if self.state[last_slot].words.contains(last_word) {
                ok = self.remove_word(last_slot, last_word);
            }
        }
        if !keep.is_empty() {
            self.watches.entry((slot, word)).or_default().extend(keep);
        }
        ok
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

    fn out_of_time(&mut self) -> bool {
        if let Some(deadline) = self.deadline {
            self.timed_out |= self.nodes.is_multiple_of(16) && Instant::now() >= deadline;
        }
        if let Some(cancelled) = self.cancelled {
            self.timed_out |= self.nodes.is_multiple_of(16) && cancelled();
        }
        self.timed_out
    }

    /// A point to undo back to; changes after it are saved anew.
    fn mark(&mut self) -> usize {
        self.stamp += 1;
        self.trail.len()
    }

    /// Restores the state at `mark`; later changes are saved anew.
    fn undo(&mut self, mark: usize) {
        self.stamp += 1;
        while self.trail.len() > mark {
            let (s, old) = self.trail.pop().expect("trail above mark");
            self.state[s] = old;
        }
    }

    /// Saves `slot` before its first change since the last mark.
    fn save(&mut self, slot: usize) {
        if self.saved_at[slot] != self.stamp {
            self.saved_at[slot] = self.stamp;
            self.trail.push((slot, self.state[slot].clone()));
        }
    }

    fn enqueue(&mut self, slot: usize) {
        if !self.queued[slot] {
            self.queued[slot] = true;
            self.queue.push_back(slot);
        }
    }

    /// Puts `word` in `slot` and propagates; false on a wipe-out.
    fn decide(&mut self, slot: usize, word: usize) -> bool {
        self.save(slot);
        self.versions += 1;
        let st = &mut self.state[slot];
        st.version = self.versions;
        st.words.clear();
        st.words.insert(word);
        st.count = 1;
        self.enqueue(slot);
        self.propagate()
    }

    /// Takes `word` out of `slot` and propagates; false on a wipe-out.
    fn refute(&mut self, slot: usize, word: usize) -> bool {
        if self.remove_word(slot, word) && self.propagate() {
            return true;
        }
        // A wipe-out in `remove_word` can leave slots queued.
        self.clear_queue();
        false
    }

    fn remove_word(&mut self, slot: usize, word: usize) -> bool {
        self.save(slot);
        self.versions += 1;
        let st = &mut self.state[slot];
        st.version = self.versions;
        st.words.set(word, false);
        st.count -= 1;
        if st.count == 0 {
            self.failures[slot] += 1;
            return false;
        }
        if st.count == 1 || self.queued[slot] {
            // A full revision is due anyway (or claims the last word).
            self.enqueue(slot);
            return true;
        }
        // The masks are exact (the slot was revised since it last changed):
        // only the letters of the word that went can have lost their last
        // support, which costs a check each instead of a revision.
        let problem = self.problem;
        let letters = problem.words[slot].word(word);
        for c in &problem.crossings[slot] {
            let bit = 1 << (letters[c.here] - b'A');
            let st = &self.state[slot];
            if st.masks[c.here] & bit == 0
                || problem.words[slot].intersects(&st.words, c.here, letters[c.here])
            {
                continue;
            }
            let now = st.masks[c.here] & !bit;
            self.state[slot].masks[c.here] = now;
            if !self.narrow(c.other, c.there, now) {
                return false;
            }
        }
        true
    }

    /// Revises queued slots until nothing changes; false on a wipe-out.
    fn propagate(&mut self) -> bool {
        while let Some(slot) = self.queue.pop_front() {
            self.queued[slot] = false;
            if !self.revise(slot) {
                self.clear_queue();
                return false;
            }
        }
        true
    }

    fn clear_queue(&mut self) {
        for s in self.queue.drain(..) {
            self.queued[s] = false;
        }
    }

    /// Brings the crossing slots and same-length slots in line with `slot`.
    fn revise(&mut self, slot: usize) -> bool {
        if self.state[slot].count == 1 && !(self.claim_word(slot) && self.propagate_nogoods(slot)) {
            return false;
        }
        if self.state[slot].count > 1
            && self.state[slot].count <= FAMILY_CLAIM
            && !self.problem.shared_roots
            && !self.claim_family(slot)
        {
            return false;
        }
        let masks = self.letter_masks(slot);
        let problem = self.problem;
        for &Crossing { here, other, there } in &problem.crossings[slot] {
            let now = masks[here];
            if now == self.state[slot].masks[here] {
                continue;
            }
            self.save(slot);
            self.state[slot].masks[here] = now;
            if !self.narrow(other, there, now) {
                return false;
            }
        }
        true
    }

    /// A slot down to one word takes it, and every word sharing a root
    /// with it, from the other slots; a rationed word may use up the
    /// grid's allowance, which takes every other rationed word away.
    fn claim_word(&mut self, slot: usize) -> bool {
        let word = self.state[slot]
            .words
            .minimum()
            .expect("a slot with count 1 has a word");
        let problem = self.problem;
        let words = problem.words[slot];
        if problem.shared_roots {
            let len = problem.slots[slot].len;
            if !self.rule_out(slot, (false, len, word)) {
                return false;
            }
        } else {
            for root in words.roots(word) {
                if !self.rule_out_root(slot, root) {
                    return false;
                }
            }
        }
        let Some(r) = &problem.rationing else {
            return true;
        };
        r.allowances
            .iter()
            .filter(|a| words.flags(word) & a.flag != 0)
            .all(|a| self.ration(slot, a))
    }

    /// A slot whose few candidates all hold one root rules that root out of
    /// the other slots, as a decided slot would (ERA or ERAS: no other slot
    /// keeps ERAS or ERA). A root every candidate holds strongly rules out
    /// every word holding it; one some hold only weakly, the words holding
    /// it strongly.
    fn claim_family(&mut self, slot: usize) -> bool {
        let problem = self.problem;
        let words = problem.words[slot];
        let mut common: Option<Vec<u32>> = None;
        for w in self.state[slot].words.ones() {
            let roots: Vec<u32> = words.roots(w).collect();
            common = Some(match common {
                None => roots,
                Some(c) => c
                    .into_iter()
                    .filter_map(|r| {
                        roots
                            .iter()
                            .find(|&&q| q & !WEAK == r & !WEAK)
                            .map(|&q| r | (q & WEAK))
                    })
                    .collect(),
            });
            if common.as_ref().is_some_and(Vec::is_empty) {
                return true;
            }
        }
        for root in common.unwrap_or_default() {
            if !self.rule_out_root(slot, root) {
                return false;
            }
        }
        true
    }

    /// Takes from every slot but `except` the words root number `root`
    /// (with [`WEAK`] for a weak root) rules out: for a root, every word
    /// holding it; for a weak root, those holding it as a root of their own.
    fn rule_out_root(&mut self, except: usize, root: u32) -> bool {
        let problem = self.problem;
        for packed in problem.index.members(root) {
            let (weak_there, len, word) = member(packed);
            if root & WEAK != 0 && weak_there {
                // Members are listed strong first: only weak ones are left.
                break;
            }
            if !self.rule_out(except, (weak_there, len, word)) {
                return false;
            }
        }
        true
    }

    /// Takes word `word` of length `len` from every slot of that length
    /// but `except`.
    fn rule_out(&mut self, except: usize, (_, len, word): (bool, usize, usize)) -> bool {
        let problem = self.problem;
        let Some(slots) = problem.same_length.get(len) else {
            return true;
        };
        for &other in slots {
            if other != except
                && self.state[other].words.contains(word)
                && !self.remove_word(other, word)
            {
                return false;
            }
        }
        true
    }

    /// A word of allowance `a` has come into `slot`: past the allowance
    /// that fails; at it, the undecided slots lose their words of it.
    fn ration(&mut self, slot: usize, a: &Allowance) -> bool {
        let problem = self.problem;
        let decided = |s: usize| {
            let st = &self.state[s];
            st.count == 1
                && st
                    .words
                    .minimum()
                    .is_some_and(|w| problem.words[s].flags(w) & a.flag != 0)
        };
        let used = (0..self.state.len()).filter(|&s| decided(s)).count();
        if used > a.most {
            self.failures[slot] += 1;
            return false;
        }
        if used < a.most {
            return true;
        }
        for s in 0..self.state.len() {
            let flagged = &a.words[problem.slots[s].len];
            let st = &self.state[s];
            let holds_some = st
                .words
                .as_slice()
                .iter()
                .zip(flagged.as_slice())
                .any(|(d, r)| d & r != 0);
            if st.count <= 1 || !holds_some {
                continue;
            }
            self.save(s);
            self.versions += 1;
            let st = &mut self.state[s];
            st.version = self.versions;
            without(&mut st.words, flagged);
            st.count = st.words.count_ones(..);
            if st.count == 0 {
                self.failures[s] += 1;
                return false;
            }
            self.enqueue(s);
        }
        true
    }

    /// Keeps in `slot` only words with a letter of `allowed` at `position`.
    fn narrow(&mut self, slot: usize, position: usize, allowed: u32) -> bool {
        let had = self.state[slot].masks[position];
        let keep = had & allowed;
        let mut drop = had & !allowed;
        if drop == 0 {
            return true;
        }
        self.save(slot);
        self.versions += 1;
        let words = self.problem.words[slot];
        let st = &mut self.state[slot];
        st.version = self.versions;
        if keep.count_ones() == 1 {
            words.restrict(&mut st.words, position, letter(keep.trailing_zeros()));
        } else {
            while drop != 0 {
                words.remove_letter(&mut st.words, position, letter(drop.trailing_zeros()));
                drop &= drop - 1;
            }
        }
        st.masks[position] = keep;
        st.count = st.words.count_ones(..);
        if st.count == 0 {
            self.failures[slot] += 1;
            return false;
        }
        self.enqueue(slot);
        true
    }

    /// The letters `slot`'s candidates allow at each crossed position.
    fn letter_masks(&self, slot: usize) -> [u32; MAX_LEN] {
        let st = &self.state[slot];
        let words = self.problem.words[slot];
        let positions = self.problem.crossings[slot].iter().map(|c| c.here);
        // Reading every word costs its count; intersecting costs a pass over
        // the bitset per letter still allowed.
        if st.count <= 4 * st.words.as_slice().len() + 64 {
            masks_by_reading(&st.words, words, positions, &st.masks)
        } else {
            masks_by_intersecting(&st.words, words, positions, &st.masks)
        }
    }
}

fn masks_by_reading(
    domain: &FixedBitSet,
    words: Words,
    positions: impl Iterator<Item = usize> + Clone,
    upper: &[u32; MAX_LEN],
) -> [u32; MAX_LEN] {
    let mut masks = [0u32; MAX_LEN];
    for (b, &block) in domain.as_slice().iter().enumerate() {
        let mut bits = block;
        while bits != 0 {
            let letters = words.word(b * 64 + bits.trailing_zeros() as usize);
            bits &= bits - 1;
            for p in positions.clone() {
                masks[p] |= 1 << (letters[p] - b'A');
            }
        }
        // The masks cannot exceed the upper bounds: once they all reach
        // theirs, the remaining words cannot add anything.
        if block != 0 && positions.clone().all(|p| masks[p] == upper[p]) {
            break;
        }
    }
    masks
}

/// Like [`masks_by_reading`], testing only letters in `upper` (a superset).
fn masks_by_intersecting(
    domain: &FixedBitSet,
    words: Words,
    positions: impl Iterator<Item = usize>,
    upper: &[u32; MAX_LEN],
) -> [u32; MAX_LEN] {
    let mut masks = [0u32; MAX_LEN];
    for p in positions {
        let mut candidates = upper[p];
        while candidates != 0 {
            let l = candidates.trailing_zeros();
            if words.intersects(domain, p, letter(l)) {
                masks[p] |= 1 << l;
            }
            candidates &= candidates - 1;
        }
    }
    masks
}

fn letter(bit: u32) -> u8 {
    b'A' + bit as u8
}

/// Removes from `domain` the words of `gone` (which may span more or fewer
/// words than the domain).
fn without(domain: &mut FixedBitSet, gone: &FixedBitSet) {
    for (d, g) in domain.as_mut_slice().iter_mut().zip(gone.as_slice()) {
        *d &= !g;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Cell;
    use crate::wordlist::index::{Index, Lexicon};
    use crate::wordlist::notes::Notes;
    use crate::wordlist::roots::RootTable;
    use crate::wordlist::WordList;

    /// An index of `text` that knows nothing of its words: each is its own
    /// root and of no rationed kind.
    fn plain_index(text: &str) -> Index {
        let (roots, notes) = (RootTable::default(), Notes::default());
        let lexicon = Lexicon {
            roots: &roots,
            notes: &notes,
        };
        Index::build_with(&WordList::parse(text, "t").0, 0, &lexicon).unwrap()
    }

    #[test]
    fn both_ways_of_reading_letter_masks_agree() {
        let mut rng = StdRng::seed_from_u64(3);
        let text: String = (0..5000)
            .map(|_| {
                (0..5)
                    .map(|_| (b'A' + rng.random_range(0..26u8)) as char)
                    .collect::<String>()
                    + "\n"
            })
            .collect();
        let index = plain_index(&text);
        let words = index.of_length(5).expect("five-letter words");
        for density in [0.001, 0.01, 0.2, 0.9] {
            let mut domain = FixedBitSet::with_capacity(words.count());
            for w in 0..words.count() {
                domain.set(w, rng.random_bool(density));
            }
            let positions = [0, 2, 4].into_iter();
            let read = masks_by_reading(&domain, words, positions.clone(), &[ALL_LETTERS; MAX_LEN]);
            let all = [ALL_LETTERS; MAX_LEN];
            assert_eq!(read, masks_by_intersecting(&domain, words, positions, &all));
        }
    }

    /// A random square grid of a side in `sides` with up to two blocks, and
    /// an index of `words` random words (as many as the range picks) that
    /// fit it, over the first `letters` letters.
    fn random_case(
        rng: &mut StdRng,
        sides: std::ops::RangeInclusive<usize>,
        words: std::ops::Range<usize>,
        letters: u8,
    ) -> (Grid, Index) {
        let size = rng.random_range(sides);
        let mut grid = Grid::empty(size, size).expect("a small grid");
        for _ in 0..rng.random_range(0..=2) {
            let (r, c) = (rng.random_range(0..size), rng.random_range(0..size));
            grid.set(r, c, Cell::Block);
        }
        let text: String = (0..rng.random_range(words))
            .map(|_| {
                let len = rng.random_range(2..=size);
                (0..len)
                    .map(|_| (b'A' + rng.random_range(0..letters)) as char)
                    .collect::<String>()
                    + "\n"
            })
            .collect();
        (grid, plain_index(&text))
    }

    /// Every fill of `problem`, found by trying each word in each slot in
    /// turn with no inference at all: the reference the search is held to.
    /// No word twice.
    fn brute_force(problem: &Problem, grid: &Grid) -> HashSet<Vec<usize>> {
        brute_force_with(problem, grid, &|a, b| a == b, &|_| false, 0)
    }

    /// Like [`brute_force`], with no two words that `clash`, and at most
    /// `most` words that are `rationed`, none of them in the slots the
    /// problem keeps them out of.
    fn brute_force_with(
        problem: &Problem,
        grid: &Grid,
        clash: &dyn Fn(&str, &str) -> bool,
        rationed: &dyn Fn(&str) -> bool,
        most: usize,
    ) -> HashSet<Vec<usize>> {
        let width = grid.width();
        let mut letters: Vec<Option<u8>> = (0..width * grid.height())
            .map(|i| match grid.get(i / width, i % width) {
                Cell::Letter(b) => Some(b),
                _ => None,
            })
            .collect();
        // Slots that cross the most cells already visited go first, so that
        // letters prune early.
        let mut seen = vec![false; letters.len()];
        let mut order = Vec::new();
        let mut left: Vec<usize> = (0..problem.slots.len()).collect();
        while !left.is_empty() {
            let covered = |s: usize| {
                let slot = &problem.slots[s];
                slot.cells().filter(|&(r, c)| seen[r * width + c]).count()
            };
            let k = (0..left.len()).max_by_key(|&k| (covered(left[k]), std::cmp::Reverse(k)));
            let s = left.remove(k.expect("a slot left"));
            problem.slots[s]
                .cells()
                .for_each(|(r, c)| seen[r * width + c] = true);
            order.push(s);
        }
        struct Rules<'r> {
            clash: &'r dyn Fn(&str, &str) -> bool,
            rationed: &'r dyn Fn(&str) -> bool,
            most: usize,
        }
        fn go(
            problem: &Problem,
            rules: &Rules,
            order: &[usize],
            width: usize,
            letters: &mut Vec<Option<u8>>,
            chosen: &mut Vec<usize>,
            out: &mut HashSet<Vec<usize>>,
        ) {
            let Some((&s, rest)) = order.split_first() else {
                out.insert(chosen.clone());
                return;
            };
            let slot = &problem.slots[s];
            let words = problem.words[s];
            let others: Vec<&str> = (0..chosen.len())
                .filter(|&o| o != s && chosen[o] != usize::MAX)
                .map(|o| problem.words[o].word_str(chosen[o]))
                .collect();
            let used = others.iter().filter(|o| (rules.rationed)(o)).count();
            let kept_out = problem.rationing.as_ref().is_some_and(|r| r.none_in[s]);
            for w in 0..words.count() {
                let text = words.word_str(w);
                let is_rationed = (rules.rationed)(text);
                let repeat = others.iter().any(|o| (rules.clash)(o, text))
                    || (is_rationed && (kept_out || used >= rules.most));
                let word = words.word(w);
                let fits = slot
                    .cells()
                    .zip(word)
                    .all(|((r, c), &l)| letters[r * width + c].is_none_or(|x| x == l));
                if repeat || !fits || words.score(w) < problem.floor {
                    continue;
                }
                let mut set = Vec::new();
                for ((r, c), &l) in slot.cells().zip(word) {
                    if letters[r * width + c].is_none() {
                        letters[r * width + c] = Some(l);
                        set.push(r * width + c);
                    }
                }
                chosen[s] = w;
                go(problem, rules, rest, width, letters, chosen, out);
                chosen[s] = usize::MAX;
                set.iter().for_each(|&i| letters[i] = None);
            }
        }
        let mut out = HashSet::new();
        let mut chosen = vec![usize::MAX; problem.slots.len()];
        let rules = Rules {
            clash,
            rationed,
            most,
        };
        go(
            problem,
            &rules,
            &order,
            width,
            &mut letters,
            &mut chosen,
            &mut out,
        );
        out
    }

    /// The search, systematic or restarting after every node or two (which
    /// makes it lean on what it learned), must find every fill that trying
    /// every word finds, and then prove there are no more: what restarts
    /// learn may only skip what holds no fill.
    #[test]
    fn learned_nogoods_never_lose_a_fill() {
        let mut rng = StdRng::seed_from_u64(5);
        let (mut fills, mut empty, mut learned) = (0, 0, 0);
        for case in 0..200 {
            let (grid, index) = random_case(&mut rng, 4..=5, 40..200, 5);
            let slots = grid.slots(2);
            let Some(words) = slots.iter().map(|s| index.of_length(s.len)).collect() else {
                continue;
            };
            let problem = Problem::new(&grid, slots, words, &index, 0);
            let all = brute_force(&problem, &grid);
            let mut listed = HashSet::new();
            let systematic =
                Search::new(&problem, &grid, case, None, AtLeaf::Continue).run(|f, _| {
                    assert!(listed.insert(f.to_vec()), "case {case}: a fill came twice");
                    true
                });
            assert!(matches!(systematic, End::Exhausted { .. }));
            assert_eq!(listed, all, "case {case}:\n{}", grid.to_text());
            if all.len() > 30 {
                // Each fill found starts the search over: too slow to list.
                continue;
            }
            let mut search = Search::new(&problem, &grid, case, None, AtLeaf::Stop);
            search.restart_nodes = 1;
            let mut found = HashSet::new();
            let end = search.run(|f, _| {
                assert!(found.insert(f.to_vec()), "case {case}: a fill came twice");
                true
            });
            assert!(matches!(end, End::Exhausted { .. }), "case {case}");
            assert_eq!(found, all, "case {case}:\n{}", grid.to_text());
            fills += all.len();
            empty += usize::from(all.is_empty());
            learned += search.nogoods.len();
        }
        // The comparison means little unless both kinds of grid came up and
        // the search really learned.
        assert!(
            fills > 100 && empty > 20 && learned > 1000,
            "{fills} {empty} {learned}"
        );
    }

    /// The root rule and the ration, held to a brute force that checks
    /// them on the words' letters with [`RootTable::clash`] and the notes:
    /// every fill the search lists obeys both, and no fill that obeys them
    /// is missing, whether the search runs systematically or restarts
    /// after every node (leaning on what it learned). Random families mix
    /// roots that are words of the list with roots that are not, and weak
    /// roots.
    #[test]
    fn roots_and_ration_lose_no_fill_and_let_none_through() {
        let mut rng = StdRng::seed_from_u64(17);
        let (mut fills, mut unruly, mut rationed_fills) = (0, 0, 0);
        for case in 0..160 {
            let size = rng.random_range(3..=4);
            let mut grid = Grid::empty(size, size).expect("a small grid");
            if rng.random_bool(0.5) {
                grid.set(
                    rng.random_range(0..size),
                    rng.random_range(0..size),
                    Cell::Block,
                );
            }
            let words: Vec<String> = (0..rng.random_range(30..90))
                .map(|_| {
                    let len = rng.random_range(2..=size);
                    (0..len)
                        .map(|_| (b'A' + rng.random_range(0..4u8)) as char)
                        .collect()
                })
                .collect();
            let mut roots = String::new();
            let mut notes = String::new();
            let mut seen = HashSet::new();
            for w in &words {
                if !seen.insert(w.clone()) {
                    continue;
                }
                let pick = |rng: &mut StdRng| -> String {
                    if rng.random_bool(0.7) {
                        words[rng.random_range(0..words.len())].clone()
                    } else {
                        ["QQ", "XY", "ZZZ"][rng.random_range(0..3)].to_string()
                    }
                };
                let strong: Vec<String> = (0..rng.random_range(0..=2))
                    .map(|_| pick(&mut rng))
                    .collect();
                let weak: Vec<String> = (0..rng.random_range(0..=1))
                    .map(|_| pick(&mut rng))
                    .collect();
                if !strong.is_empty() || !weak.is_empty() {
                    roots += &format!("{w};{}|{}\n", strong.join(" "), weak.join(" "));
                }
                if rng.random_bool(0.25) {
                    notes += &format!("{w};crosswordese;test\n");
                }
            }
            let (table, notes) = (RootTable::from_text(roots), Notes::from_text(notes));
            let lexicon = Lexicon {
                roots: &table,
                notes: &notes,
            };
            let text: String = words.iter().map(|w| format!("{w}\n")).collect();
            let index = Index::build_with(&WordList::parse(&text, "t").0, 0, &lexicon).unwrap();
            let slots = grid.slots(2);
            let Some(words) = slots.iter().map(|s| index.of_length(s.len)).collect() else {
                continue;
            };
            let mut problem = Problem::new(&grid, slots, words, &index, 0);
            let most = rng.random_range(0..=2);
            problem.rationing = Some(problem.rationing_of(Ration {
                most,
                names: usize::MAX,
                long: rng.random_range(3..=5),
            }));
            let clash = |a: &str, b: &str| table.clash(a, b);
            let rationed = |w: &str| notes.get(w).is_some_and(|n| n.rationed());
            let all = brute_force_with(&problem, &grid, &clash, &rationed, most);
            let mut listed = HashSet::new();
            let systematic =
                Search::new(&problem, &grid, case, None, AtLeaf::Continue).run(|f, _| {
                    assert!(listed.insert(f.to_vec()), "case {case}: a fill came twice");
                    true
                });
            assert!(matches!(systematic, End::Exhausted { .. }));
            assert_eq!(listed, all, "case {case}:\n{}", grid.to_text());
            if all.len() <= 30 {
                let mut search = Search::new(&problem, &grid, case, None, AtLeaf::Stop);
                search.restart_nodes = 1;
                let mut found = HashSet::new();
                let end = search.run(|f, _| {
                    assert!(found.insert(f.to_vec()), "case {case}: a fill came twice");
                    true
                });
                assert!(matches!(end, End::Exhausted { .. }), "case {case}");
                assert_eq!(found, all, "case {case}:\n{}", grid.to_text());
            }
            fills += all.len();
            rationed_fills += all
                .iter()
                .filter(|f| {
                    f.iter()
                        .zip(&problem.words)
                        .any(|(&w, words)| rationed(words.word_str(w)))
                })
                .count();
            // Fills that only repeat-free filling allows: the rules cut something.
            unruly += brute_force(&problem, &grid).len()
                - all.len().min(brute_force(&problem, &grid).len());
        }
        // Meaningless unless fills were found, some held rationed words,
        // and the rules turned fills away.
        assert!(
            fills > 200 && rationed_fills > 20 && unruly > 200,
            "{fills} {rationed_fills} {unruly}"
        );
    }

    /// The parallel-slot check may only reject what propagation would: for
    /// every candidate it rejects, placing the word must wipe a slot out.
    /// Checked at states deep in random searches, where tables and letters
    /// kept from earlier states are most likely to be stale.
    #[test]
    fn parallel_check_rejects_only_failing_placements() {
        let mut rng = StdRng::seed_from_u64(11);
        let (mut checked, mut rejected) = (0, 0);
        for case in 0..60 {
            let (grid, index) = random_case(&mut rng, 4..=6, 300..1500, 6);
            let slots = grid.slots(2);
            let Some(words) = slots.iter().map(|s| index.of_length(s.len)).collect() else {
                continue;
            };
            let problem = Problem::new(&grid, slots, words, &index, 0);
            let mut search = Search::new(&problem, &grid, case, None, AtLeaf::Stop);
            (0..search.state.len()).for_each(|s| search.enqueue(s));
            if !search.propagate() {
                continue;
            }
            // Walk down by random placements and refutations, checking every
            // candidate of every open slot at each state.
            for _ in 0..6 {
                let open: Vec<usize> = (0..search.state.len())
                    .filter(|&s| search.state[s].count > 1)
                    .collect();
                if open.is_empty() {
                    break;
                }
                for &slot in &open {
                    let candidates: Vec<usize> = search.state[slot].words.ones().collect();
                    for word in candidates {
                        checked += 1;
                        if search.fits_parallels(slot, word) {
                            continue;
                        }
                        rejected += 1;
                        let mark = search.mark();
                        assert!(
                            !search.decide(slot, word),
                            "case {case}: slot {slot} word {word}"
                        );
                        search.undo(mark);
                    }
                }
                let slot = open[rng.random_range(0..open.len())];
                let candidates: Vec<usize> = search.state[slot].words.ones().collect();
                let word = candidates[rng.random_range(0..candidates.len())];
                let mark = search.mark();
                let placed = rng.random_bool(0.5) && search.decide(slot, word);
                if !placed {
                    search.undo(mark);
                    if !search.refute(slot, word) {
                        break;
                    }
                }
            }
        }
        // Meaningless unless the check was exercised and did reject.
        assert!(
            checked > 200_000 && rejected > 10_000,
            "{checked} {rejected}"
        );
    }

    #[test]
    fn luby_sequence() {
        let first: Vec<u64> = (1..=15).map(super::luby).collect();
        assert_eq!(first, vec![1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }
}
