//! Exact pattern counts without listing the patterns.
//!
//! There are hundreds of trillions of 15×15 American patterns: far too many to
//! enumerate just to learn how many there are. This module counts them with a
//! transfer-matrix ("frontier") dynamic program, the technique used to count
//! polyominoes. Cells are coloured one at a time in row-major order. After each
//! cell, what may still follow depends only on the last `width` cells placed
//! (the *frontier* between the finished and the unfinished part of the grid),
//! so every partial pattern is reduced to a compact description of its
//! frontier, and partial patterns with the same description are merged into
//! one state that carries how many of them there are.
//!
//! A state records, for each frontier cell, whether it is black or white, how
//! long the white run reaching down into it is (capped once more length no
//! longer matters), and which white frontier cells are already joined by a
//! white path; plus the length of the white run along the current row and
//! whether the side columns have a white cell yet. Connectivity is stored as a
//! non-crossing partition (each run of white frontier cells says whether it
//! opens, continues or closes its component), which a planar sweep guarantees
//! and which keeps a state within a `u64` for the common sizes.
//!
//! Symmetry shrinks the swept region. Mirror symmetry sweeps the left half and
//! treats the middle as a fold (a run that reaches it continues in its mirror
//! image); four-fold symmetry folds the bottom as well. Rotational symmetry
//! sweeps the top half, then joins each final state to its own 180° image,
//! through the middle row when the height is odd.
//!
//! A limit on black cells adds the black count so far to the state (capped
//! where more no longer matters), so such counts cost more states.
//!
//! States are sharded by hash so that every core can expand its own shard and
//! merge the successors that hash to it without locks.
//!
//! Submodules: `rules` (the rule adapters), `state` (the packed frontier
//! state), `table` (keys, counts, the hash table and sharding) and `parts`
//! (counts larger than memory: the states in parts on disk between half
//! rows, one process or many); this file holds the sweep itself:
//! transitions, the symmetric joins and the driver.

mod parts;
mod rules;
mod state;
mod table;

use std::sync::atomic::{AtomicBool, Ordering};

use super::rules::{Rules, Symmetry};
use crate::error::Result;
use crate::progress::Reporter;
pub use parts::{PartsStats, Plan};

use parts::Phased;
use rules::{BlackLimit, Bottom, RunRule, Side};
use state::{
    layout, Edit, Frontier, Layout, Outcome, CELL_CODES, MAX_COLS, NO_RENAME, TAGS, TAG_BLACK,
    TAG_CLOSES, TAG_CONTINUES, TAG_MIDDLE, TAG_ONLY, TAG_OPENS,
};
use table::{
    add_all, mix, run_all, shard_of, start_states, worker_count, Count, Key, Outbox, Table, Wide,
    BATCH,
};

/// Exact number of patterns of this size obeying `rules`, computed without listing them,
/// or None when `rules` use a rule this counter does not model (the caller then enumerates).
///
/// Modelled: every symmetry, `min_word`, `max_word`, `connected`,
/// `allow_black_edges` and `blacks`, with unchecked cells forbidden. None is
/// also returned when the rules are invalid for this size (the enumerator
/// explains why) and when a state would not fit in 128 bits or the count in a
/// `u128`, which only happens for grids far too large to count anyway.
pub fn count_patterns(width: usize, height: usize, rules: &Rules) -> Option<u128> {
    count_patterns_keeping(width, height, rules, &[], &[])
}

/// Like [`count_patterns`], for the patterns with a white cell wherever
/// `white` has a bit and a block wherever `black` has one (per grid row, bit
/// `c` = column `c`; missing rows fix nothing): a theme's entries and the
/// blocks that end them. Fixed cells the symmetry cannot honour (a block
/// whose image must be white) give 0.
pub(crate) fn count_patterns_keeping(
    width: usize,
    height: usize,
    rules: &Rules,
    white: &[u32],
    black: &[u32],
) -> Option<u128> {
    // Kept runs may outgrow the longest word (see `Search::keeping`), which
    // the sweep does not model.
    if let Some(max) = rules.max_word {
        let column = |c: usize| {
            (0..height).fold(0u32, |m, r| {
                m | (white.get(r).copied().unwrap_or(0) >> c & 1) << r
            })
        };
        let long = |mask: u32| {
            let mut run = 0;
            (0..32).any(|i| {
                run = if mask >> i & 1 == 1 { run + 1 } else { 0 };
                run > max
            })
        };
        if white.iter().any(|&m| long(m)) || (0..width).any(|c| long(column(c))) {
            return None;
        }
    }
    let mut counter = Counter::new(width, height, rules)?;
    if !counter.fix(height, white, black) {
        return Some(0);
    }
    // The in-memory sweep has no errors of its own.
    counter.count_narrowest(&mut InMemory, false).ok().flatten()
}

/// Like [`count_patterns`], with the states kept in parts on disk between
/// half rows (see `parts`), so that a count larger than memory needs only
/// `plan.memory` at a time, or is shared among processes (`plan.shard`).
/// Ok(None) when the counter does not model the rules or the count
/// overflows a `u128`.
pub fn count_patterns_in_parts(
    width: usize,
    height: usize,
    rules: &Rules,
    plan: &Plan,
    report: &dyn Reporter,
) -> Result<Option<(Tally, PartsStats)>> {
    let Some(counter) = Counter::new(width, height, rules) else {
        return Ok(None);
    };
    let mut sweep = InParts {
        plan,
        report,
        stats: PartsStats::default(),
    };
    // Shards count in u128 from the start: one redoing its part in u128
    // after an overflow could not read the others' u64 states.
    let found = counter.count_narrowest(&mut sweep, plan.shard.is_some())?;
    let Some(found) = found else {
        return Ok(None);
    };
    let tally = match plan.shard {
        None => counter
            .less_empty_grid(found)
            .map(|patterns| Tally { patterns, less: 0 }),
        Some(shard) => Some(Tally {
            patterns: found,
            less: u128::from(shard.index == 0 && counter.counts_empty_grid()),
        }),
    };
    Ok(tally.map(|t| (t, sweep.stats)))
}

/// The patterns a count in parts found: all of them for a whole run; for a
/// shard, those its parts stand for, and `less` to take from the sum of all
/// shards (the empty grid, which the sweep counts where the rules let it
/// through, though it is no pattern; the first shard carries it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tally {
    pub patterns: u128,
    pub less: u128,
}

/// One way to run the whole sweep, for any key and count types.
trait Sweep {
    /// The count, Ok(None) on overflow.
    fn run<K: Key, C: Count>(&mut self, counter: &Counter) -> Result<Option<u128>>;
}

/// The sweep in memory, within [`MAX_STATES`].
struct InMemory;

impl Sweep for InMemory {
    fn run<K: Key, C: Count>(&mut self, counter: &Counter) -> Result<Option<u128>> {
        Ok(counter.count::<K, C>())
    }
}

/// The sweep in parts on disk.
struct InParts<'a> {
    plan: &'a Plan,
    report: &'a dyn Reporter,
    stats: PartsStats,
}

impl Sweep for InParts<'_> {
    fn run<K: Key, C: Count>(&mut self, counter: &Counter) -> Result<Option<u128>> {
        parts::count_in_parts::<K, C>(counter, self.plan, self.report, &mut self.stats)
    }
}

impl Phased for Counter {
    fn shape(&self) -> (usize, usize) {
        (self.rows, self.cols)
    }

    fn part_of<K: Key>(&self, key: K, stable: &std::ops::Range<usize>, parts: usize) -> usize {
        if parts == 1 {
            return 0;
        }
        let bits = self.layout.cell_bits;
        let lengths = stable.clone().fold(0u64, |h, j| {
            let field = key.field(j as u32 * bits, bits);
            let down = if self.connected {
                CELL_CODES[field as usize].0
            } else {
                field as u8
            };
            h.wrapping_mul(257).wrapping_add(u64::from(down) + 1)
        });
        ((mix(lengths) >> 32) % parts as u64) as usize
    }

    /// Runs steps `range` of the sweep over `states`; the patterns completed
    /// on the way, or None on overflow or beyond `max_states` states.
    fn sweep<K: Key, C: Count>(
        &self,
        range: std::ops::Range<usize>,
        states: &mut Vec<Table<K, C>>,
        max_states: usize,
    ) -> Option<u128> {
        // As large as the states already: a table growing step by step
        // rehashes everything it holds each time it doubles.
        let mut spare: Vec<Table<K, C>> =
            states.iter().map(|t| Table::for_states(t.len())).collect();
        let mut complete = 0u128;
        for i in range {
            let (r, c) = (i / self.cols, i % self.cols);
            complete = complete.checked_add(self.step(r, c, states, &mut spare)?)?;
            std::mem::swap(states, &mut spare);
            spare.iter_mut().for_each(Table::clear);
            if states.iter().map(Table::len).sum::<usize>() > max_states {
                self.too_many_states.store(true, Ordering::Relaxed);
                return None;
            }
        }
        Some(complete)
    }

    /// The patterns the states left after the last step stand for.
    fn finals_total<K: Key, C: Count>(&self, states: &[Table<K, C>]) -> Option<u128> {
        let middles = match self.bottom {
            Bottom::HalfTurn { middle_row: true } => {
                let mut rows = self.symmetric_rows();
                rows.retain(|&m| {
                    m & self.middle_white == self.middle_white && m & self.middle_black == 0
                });
                rows
            }
            _ => Vec::new(),
        };
        let totals = run_all(
            is_large(states),
            states
                .iter()
                .map(|shard| || self.total_of_finals(shard, &middles)),
        );
        totals
            .into_iter()
            .try_fold(0u128, |sum, t| sum.checked_add(t?))
    }

    fn stopped_for_memory(&self) -> bool {
        self.too_many_states.load(Ordering::Relaxed)
    }

    fn identity(&self) -> String {
        format!("{self:?}")
    }
}

/// States held at once before the count is abandoned rather than risk
/// memory: about 80 bytes each (two tables of 24-byte slots at most three
/// quarters full, and the successors in flight), so roughly 2.5 GB at
/// most. The largest symmetric 15×15 count peaks near 18.4 million.
const MAX_STATES: usize = 28 << 20;

/// Labels are small integers (a frontier of 32 cells has at most 17
/// components); this one is never produced by decoding, so it can name a
/// component that is being created.
const FRESH_LABEL: u8 = 31;
const LABELS: usize = 32;

/// The left column (or, under rotation, either side column) has a white cell.
const FLAG_LEFT: u8 = 1;
/// The right column of the swept region has a white cell.
const FLAG_RIGHT: u8 = 2;

/// Below this many states a step is not worth spreading over threads.
const PARALLEL_MIN_STATES: usize = 1 << 14;

/// One counting problem: the swept region, its boundaries and the rules.
#[derive(Debug)]
struct Counter {
    /// Size of the swept region.
    cols: usize,
    rows: usize,
    /// Width of the whole grid (the half-turn join pairs column j with width-1-j).
    width: usize,
    /// Cells of the whole grid.
    cells: usize,
    right: Side,
    bottom: Bottom,
    runs: RunRule,
    connected: bool,
    /// Every edge row and column needs a white cell.
    white_edges: bool,
    /// Which of FLAG_LEFT / FLAG_RIGHT a finished pattern needs.
    needed_flags: u8,
    blacks: Option<BlackLimit>,
    /// Black cells the pattern gains if every cell after step i of the sweep
    /// (and, under a half turn, every middle-row cell) is black.
    blacks_after: Vec<u32>,
    layout: Layout,
    /// Cells of the swept region fixed white / black, a mask per swept row
    /// (see [`Counter::fix`]), and the same for the middle row of a half
    /// turn; `white_after[i]`: some cell after step i of the sweep (or in
    /// that middle row) is fixed white, so the rest cannot all be black.
    fixed_white: Vec<u32>,
    fixed_black: Vec<u32>,
    middle_white: u32,
    middle_black: u32,
    white_after: Vec<bool>,
    /// Set when a count stopped at [`MAX_STATES`] (not an overflow).
    too_many_states: AtomicBool,
}

impl Counter {
    fn new(width: usize, height: usize, rules: &Rules) -> Option<Counter> {
        if !is_modelled(rules) || rules.validate(width, height).is_err() {
            return None;
        }
        // Run lengths, and so cell codes, stay below 256 within these sides.
        if !(1..=MAX_COLS).contains(&width) || !(1..=MAX_COLS).contains(&height) {
            return None;
        }
        let (cols, rows, right, bottom) = match rules.symmetry {
            Symmetry::None => (width, height, Side::Edge, Bottom::Side(Side::Edge)),
            Symmetry::Mirror => (
                width.div_ceil(2),
                height,
                Side::fold(width),
                Bottom::Side(Side::Edge),
            ),
            Symmetry::FourFold => (
                width.div_ceil(2),
                height.div_ceil(2),
                Side::fold(width),
                Bottom::Side(Side::fold(height)),
            ),
            Symmetry::Rotational => (
                width,
                height / 2,
                Side::Edge,
                Bottom::HalfTurn {
                    middle_row: height % 2 == 1,
                },
            ),
        };
        let white_edges = !rules.allow_black_edges;
        let half_turn = matches!(bottom, Bottom::HalfTurn { .. });
        let mut needed_flags = 0;
        if white_edges {
            needed_flags |= FLAG_LEFT;
        }
        // A mirrored half joins its image only through the fold.
        let right_is_own_edge = right == Side::Edge && !half_turn;
        if (right_is_own_edge && white_edges) || (right != Side::Edge && rules.connected) {
            needed_flags |= FLAG_RIGHT;
        }
        let runs = RunRule::new(rules, width.max(height));
        let cells = width * height;
        let blacks = rules
            .blacks
            .map(|b| BlackLimit::new(b.resolve(cells), cells));
        let black_cap = blacks.map_or(0, BlackLimit::cap);
        let layout = layout(cols, runs.cap, rules.connected, needed_flags, black_cap)?;
        let mut counter = Counter {
            cols,
            rows,
            width,
            cells,
            right,
            bottom,
            runs,
            connected: rules.connected,
            white_edges,
            needed_flags,
            blacks,
            blacks_after: Vec::new(),
            layout,
            fixed_white: vec![0; rows],
            fixed_black: vec![0; rows],
            middle_white: 0,
            middle_black: 0,
            white_after: vec![false; rows * cols],
            too_many_states: AtomicBool::new(false),
        };
        counter.blacks_after = counter.blacks_after_each_step();
        Some(counter)
    }

    /// Maps the fixed cells of the whole grid onto the swept region (each
    /// cell onto its image there); false when a cell would have to be both
    /// white and black.
    fn fix(&mut self, height: usize, white: &[u32], black: &[u32]) -> bool {
        let w = self.width;
        let mut place = |masks: &[u32], into_white: bool| {
            for (r, &mask) in masks.iter().enumerate() {
                for c in (0..w).filter(|&c| mask >> c & 1 == 1 && r < height) {
                    let (mut y, mut x) = (r, c);
                    let mut middle = false;
                    match self.bottom {
                        Bottom::HalfTurn { middle_row } => {
                            if middle_row && r == self.rows {
                                middle = true;
                                x = c.min(w - 1 - c);
                            } else if r >= self.rows {
                                (y, x) = (height - 1 - r, w - 1 - c);
                            }
                        }
                        Bottom::Side(Side::Edge) => {}
                        Bottom::Side(_) => y = r.min(height - 1 - r),
                    }
                    if self.right != Side::Edge {
                        x = x.min(w - 1 - x);
                    }
                    let (whites, blacks) = if middle {
                        (&mut self.middle_white, &mut self.middle_black)
                    } else if y < self.rows {
                        (&mut self.fixed_white[y], &mut self.fixed_black[y])
                    } else {
                        continue;
                    };
                    if into_white {
                        *whites |= 1 << x;
                    } else {
                        *blacks |= 1 << x;
                    }
                }
            }
        };
        place(white, true);
        place(black, false);
        if self.middle_white != 0 || self.middle_black != 0 {
            let mirror = |m: u32| (0..w).fold(0u32, |o, j| o | (m >> j & 1) << (w - 1 - j));
            self.middle_white |= mirror(self.middle_white);
            self.middle_black |= mirror(self.middle_black);
        }
        let clash = self.middle_white & self.middle_black != 0
            || (0..self.rows).any(|r| self.fixed_white[r] & self.fixed_black[r] != 0);
        let mut later = self.middle_white != 0;
        for i in (0..self.rows * self.cols).rev() {
            self.white_after[i] = later;
            later |= self.fixed_white[i / self.cols] >> (i % self.cols) & 1 == 1;
        }
        !clash
    }

    /// How many cells of the grid a cell of the swept region stands for: itself
    /// and its images under the symmetry.
    fn weight(&self, r: usize, c: usize) -> u32 {
        let across = match self.right {
            Side::Edge => 1,
            Side::FoldOdd if c + 1 == self.cols => 1,
            _ => 2,
        };
        let down = match self.bottom {
            Bottom::HalfTurn { .. } => 2,
            Bottom::Side(Side::Edge) => 1,
            Bottom::Side(Side::FoldOdd) if r + 1 == self.rows => 1,
            Bottom::Side(_) => 2,
        };
        across * down
    }

    fn blacks_after_each_step(&self) -> Vec<u32> {
        let middle = match self.bottom {
            Bottom::HalfTurn { middle_row: true } => self.width as u32,
            _ => 0,
        };
        let mut after = vec![middle; self.rows * self.cols];
        for i in (0..after.len().saturating_sub(1)).rev() {
            let next = i + 1;
            after[i] = after[next] + self.weight(next / self.cols, next % self.cols);
        }
        after
    }

    /// The black count after cell (r, c) turns black, or None if that count
    /// is already too high.
    fn black_count_with(&self, f: &Frontier, r: usize, c: usize) -> Option<u32> {
        match self.blacks {
            Some(limit) => limit.add(f.blacks, self.weight(r, c)),
            None => Some(0),
        }
    }

    /// The black count `blacks` after cell (r, c) can still reach the minimum.
    fn may_reach_black_minimum(&self, blacks: u32, r: usize, c: usize) -> bool {
        self.blacks.is_none_or(|limit| {
            (blacks + self.blacks_after[r * self.cols + c]) as usize >= limit.min
        })
    }

    /// A pattern with `total` black cells obeys the black-count rule.
    fn black_total_allowed(&self, total: u32) -> bool {
        self.blacks.is_none_or(|limit| limit.allows(total as usize))
    }

    /// Runs `sweep` with the narrowest key that holds a state, counting in
    /// u64 and again in u128 if that overflows.
    fn count_narrowest(&self, sweep: &mut impl Sweep, wide: bool) -> Result<Option<u128>> {
        let retry_wide = || !self.too_many_states.load(Ordering::Relaxed);
        if wide {
            return if self.layout.total_bits < 64 {
                sweep.run::<u64, u128>(self)
            } else {
                sweep.run::<Wide, u128>(self)
            };
        }
        if self.layout.total_bits < 64 {
            match sweep.run::<u64, u64>(self)? {
                None if retry_wide() => sweep.run::<u64, u128>(self),
                n => Ok(n),
            }
        } else {
            match sweep.run::<Wide, u64>(self)? {
                None if retry_wide() => sweep.run::<Wide, u128>(self),
                n => Ok(n),
            }
        }
    }

    /// The count, or None if it overflows.
    fn count<K: Key, C: Count>(&self) -> Option<u128> {
        let mut states = start_states::<K, C>(worker_count());
        let complete = self.sweep(0..self.steps(), &mut states, MAX_STATES)?;
        let total = complete.checked_add(self.finals_total(&states)?)?;
        self.less_empty_grid(total)
    }

    /// Cells the sweep colours, one step each.
    fn steps(&self) -> usize {
        self.rows * self.cols
    }

    /// `total` less the empty grid where nothing else rules it out: the
    /// sweep counts it, and without the connectivity or edge rules it
    /// passes. (A cell fixed white has already ruled it out.)
    fn less_empty_grid(&self, total: u128) -> Option<u128> {
        if self.counts_empty_grid() {
            total.checked_sub(1)
        } else {
            Some(total)
        }
    }

    /// The sweep lets the all-black grid through.
    fn counts_empty_grid(&self) -> bool {
        let any_white = self.middle_white != 0 || self.fixed_white.iter().any(|&m| m != 0);
        !self.connected
            && !self.white_edges
            && !any_white
            && self.black_total_allowed(self.cells as u32)
    }

    /// Colours cell (r, c) in every state of `from`, merging the successors
    /// into the empty shards `into`. Returns the patterns completed on the way.
    fn step<K: Key, C: Count>(
        &self,
        r: usize,
        c: usize,
        from: &[Table<K, C>],
        into: &mut [Table<K, C>],
    ) -> Option<u128> {
        let shards = from.len();
        let parallel = is_large(from);
        let expanded = run_all(
            parallel,
            from.iter()
                .zip(into.iter_mut())
                .enumerate()
                .map(|(me, (source, target))| {
                    move || self.expand(r, c, me, shards, source, target)
                }),
        );
        let mut complete = 0u128;
        let mut posted = Vec::with_capacity(shards);
        for result in expanded {
            let (done, outbox) = result?;
            complete = complete.checked_add(done)?;
            posted.push(outbox);
        }
        let posted = &posted;
        let merged = run_all(
            parallel,
            into.iter_mut().enumerate().map(|(me, target)| {
                move || {
                    posted
                        .iter()
                        .try_for_each(|outbox: &Outbox<K, C>| add_all(target, &outbox[me]))
                }
            }),
        );
        merged.into_iter().collect::<Option<Vec<()>>>()?;
        Some(complete)
    }

    /// Expands the states of shard `me` into `target`, posting successors that
    /// belong to other shards to an outbox per shard. Returns the patterns
    /// completed and the outboxes, or None on overflow.
    fn expand<K: Key, C: Count>(
        &self,
        r: usize,
        c: usize,
        me: usize,
        shards: usize,
        source: &Table<K, C>,
        target: &mut Table<K, C>,
    ) -> Option<(u128, Outbox<K, C>)> {
        let mut outbox: Outbox<K, C> = vec![Vec::new(); shards];
        let mut batch = Vec::with_capacity(BATCH + 2);
        let mut complete = 0u128;
        let mut f = Frontier::EMPTY;
        for (key, n) in source.entries() {
            self.decode(key, &mut f);
            let completes = self.successors(&f, r, c, |next: K| {
                let shard = shard_of(next, shards);
                if shard == me {
                    batch.push((next, n));
                } else {
                    outbox[shard].push((next, n));
                }
            });
            if completes {
                complete = complete.checked_add(n.wide())?;
            }
            if batch.len() >= BATCH {
                target.add_batch(&batch)?;
                batch.clear();
            }
        }
        target.add_batch(&batch)?;
        Some((complete, outbox))
    }

    /// Calls `emit` with each state that follows `f` when cell (r, c) is
    /// coloured; returns true when colouring it black completes a pattern.
    fn successors<K: Key>(
        &self,
        f: &Frontier,
        r: usize,
        c: usize,
        mut emit: impl FnMut(K),
    ) -> bool {
        let fixed_white = self.fixed_white[r] >> c & 1 == 1;
        let fixed_black = self.fixed_black[r] >> c & 1 == 1;
        let completes = match self.black_successor(f, r, c) {
            _ if fixed_white => false,
            Outcome::Dead => false,
            Outcome::State(key) => {
                emit(key);
                false
            }
            // Every later cell turns black, which a cell fixed white forbids.
            Outcome::Complete => !self.white_after[r * self.cols + c],
        };
        if fixed_black {
            return completes;
        }
        if let Some(key) = self.white_successor(f, r, c) {
            emit(key);
        }
        completes
    }

    /// The state after cell (r, c) turns black.
    fn black_successor<K: Key>(&self, f: &Frontier, r: usize, c: usize) -> Outcome<K> {
        let above = f.down[c];
        if !self.runs.may_end(above) || !self.runs.may_end(f.across) {
            return Outcome::Dead;
        }
        let Some(blacks) = self.black_count_with(f, r, c) else {
            return Outcome::Dead;
        };
        // Cell c starts a run, since the frontier breaks just before it.
        let run_is_one_cell = c + 1 == self.cols || f.down[c + 1] == 0;
        if self.connected && f.lone_runs >> c & 1 == 1 && run_is_one_cell {
            return self.component_closed(f, r, c, blacks);
        }
        if !self.may_reach_black_minimum(blacks, r, c) {
            return Outcome::Dead;
        }
        let row_done = c + 1 == self.cols;
        if row_done && self.row_needs_white(r) && !f.white_except(self.cols, c) {
            return Outcome::Dead;
        }
        Outcome::State(self.encode(
            f,
            &Edit {
                col: c,
                down: 0,
                label: 0,
                rename: NO_RENAME,
                across: 0,
                flags: f.flags,
                blacks,
            },
        ))
    }

    /// The state after cell (r, c) turns white, if that breaks no rule yet.
    fn white_successor<K: Key>(&self, f: &Frontier, r: usize, c: usize) -> Option<K> {
        let above = f.down[c];
        let down = if above > 0 {
            self.runs.extend(above)?
        } else {
            1
        };
        let mut across = self.runs.extend(f.across)?;
        if let (true, Bottom::Side(side)) = (r + 1 == self.rows, self.bottom) {
            if !self.runs.is_word(side.full_run(down)) {
                return None;
            }
        }
        if c + 1 == self.cols {
            if !self.runs.is_word(self.right.full_run(across)) {
                return None;
            }
            across = 0;
        }
        if !self.may_reach_black_minimum(f.blacks, r, c) {
            return None;
        }
        let (label, rename) = if self.connected {
            self.joined_label(f, c)
        } else {
            (0, NO_RENAME)
        };
        // Flags nothing checks are dropped so that they do not split states.
        let flags = (f.flags | self.flag_of_column(c)) & self.needed_flags;
        Some(self.encode(
            f,
            &Edit {
                col: c,
                down,
                label,
                rename,
                across,
                flags,
                blacks: f.blacks,
            },
        ))
    }

    /// The label of a new white cell at column `c`, and the renaming that
    /// merges the components of its white neighbours above and to the left.
    fn joined_label(&self, f: &Frontier, c: usize) -> (u8, (u8, u8)) {
        let up = (f.down[c] > 0).then_some(f.label[c]);
        let left = (c > 0 && f.down[c - 1] > 0).then(|| f.label[c - 1]);
        match (up, left) {
            (Some(a), Some(b)) => (a, (b, a)),
            (Some(a), None) | (None, Some(a)) => (a, NO_RENAME),
            (None, None) => (FRESH_LABEL, NO_RENAME),
        }
    }

    fn flag_of_column(&self, c: usize) -> u8 {
        let last = c + 1 == self.cols;
        let mut flags = 0;
        if c == 0 {
            flags |= FLAG_LEFT;
        }
        if last {
            // Under rotation the right column is the image of the left one.
            flags |= match self.bottom {
                Bottom::HalfTurn { .. } => FLAG_LEFT,
                Bottom::Side(_) => FLAG_RIGHT,
            };
        }
        flags
    }

    /// Row r of the swept region must have a white cell.
    fn row_needs_white(&self, r: usize) -> bool {
        let top = r == 0 && self.white_edges;
        let bottom = r + 1 == self.rows
            && match self.bottom {
                Bottom::Side(Side::Edge) => self.white_edges,
                // The fold row is what joins the pattern to its image.
                Bottom::Side(_) => self.connected,
                Bottom::HalfTurn { .. } => false,
            };
        top || bottom
    }

    /// Colouring cell c black leaves the component of the cell above it with
    /// no frontier cell: fine only if it is the whole pattern and the rest of
    /// the grid may stay black.
    fn component_closed<K>(&self, f: &Frontier, r: usize, c: usize, blacks: u32) -> Outcome<K> {
        if f.white_except(self.cols, c) {
            return Outcome::Dead;
        }
        let rest_may_be_black = match self.bottom {
            // Its image would be a second component.
            Bottom::HalfTurn { .. } => false,
            Bottom::Side(Side::Edge) => !self.white_edges,
            Bottom::Side(_) => false,
        };
        let flags_ok = f.flags & self.needed_flags == self.needed_flags;
        let blacks_ok = self.black_total_allowed(blacks + self.blacks_after[r * self.cols + c]);
        if rest_may_be_black && flags_ok && blacks_ok {
            Outcome::Complete
        } else {
            Outcome::Dead
        }
    }

    /// The patterns that the final states of one shard stand for.
    fn total_of_finals<K: Key, C: Count>(
        &self,
        shard: &Table<K, C>,
        middles: &[u32],
    ) -> Option<u128> {
        let mut total = 0u128;
        let mut f = Frontier::EMPTY;
        for (key, n) in shard.entries() {
            let n = n.wide();
            self.decode(key, &mut f);
            let ways = match self.bottom {
                Bottom::HalfTurn { middle_row: true } => self.middle_rows_joining(&f, middles),
                Bottom::HalfTurn { middle_row: false } => usize::from(self.joins_directly(&f)),
                Bottom::Side(_) => usize::from(self.is_finished(&f)),
            };
            total = total.checked_add(n.checked_mul(ways as u128)?)?;
        }
        Some(total)
    }

    /// A final state of a fully swept grid is a valid pattern.
    fn is_finished(&self, f: &Frontier) -> bool {
        f.flags & self.needed_flags == self.needed_flags
            && self.black_total_allowed(f.blacks)
            && (!self.connected || f.component_count(self.cols) == 1)
    }

    /// All reverse-symmetric rows (bit j white) whose runs are words, the
    /// all-black row included.
    fn symmetric_rows(&self) -> Vec<u32> {
        let w = self.width;
        (0u32..1 << w.div_ceil(2))
            .map(|half| (0..w).fold(0u32, |row, j| row | (half >> j.min(w - 1 - j) & 1) << j))
            .filter(|&row| row_runs(row, w).all(|len| self.runs.is_word(len)))
            .collect()
    }

    /// How many of the `middles` rows complete top half `f`, with the 180°
    /// image of `f` below them, to a valid pattern.
    fn middle_rows_joining(&self, f: &Frontier, middles: &[u32]) -> usize {
        let w = self.width;
        // Columns where the middle cell must be white, and where it may not be.
        let (mut must, mut cannot) = (0u32, 0u32);
        for j in 0..w {
            let (above, below) = (f.down[j], f.down[w - 1 - j]);
            if !self.runs.may_end(above) {
                must |= 1 << j;
            }
            if !self.runs.is_word(above as usize + 1 + below as usize) {
                cannot |= 1 << j;
            }
        }
        let left_has_white = !self.white_edges || f.flags & FLAG_LEFT != 0;
        middles
            .iter()
            .filter(|&&middle| {
                middle & must == must
                    && middle & cannot == 0
                    && (left_has_white || middle & 1 == 1)
                    && self.black_total_allowed(f.blacks + w as u32 - middle.count_ones())
                    && (!self.connected || self.joined_through_middle(f, middle))
            })
            .count()
    }

    /// Top half `f`, middle row `middle` and the image of `f` form one region.
    fn joined_through_middle(&self, f: &Frontier, middle: u32) -> bool {
        let w = self.width;
        let white = |j: usize| middle >> j & 1 == 1;
        let labels = f.component_count(w);
        // Nodes: top components, their images, then middle-row runs.
        let mut sets = DisjointSets::new(2 * labels + w);
        let mut nodes = 2 * labels;
        for j in (0..w).filter(|&j| white(j)) {
            if j == 0 || !white(j - 1) {
                nodes += 1;
            }
            let run = nodes - 1;
            if f.down[j] > 0 {
                sets.union(run, f.label[j] as usize - 1);
            }
            if f.down[w - 1 - j] > 0 {
                sets.union(run, labels + f.label[w - 1 - j] as usize - 1);
            }
        }
        nodes > 0 && sets.all_joined(nodes)
    }

    /// Top half `f` directly above its 180° image (even height).
    fn joins_directly(&self, f: &Frontier) -> bool {
        let w = self.width;
        for j in 0..w {
            let (above, below) = (f.down[j], f.down[w - 1 - j]);
            let ok = match (above > 0, below > 0) {
                (true, true) => self.runs.is_word(above as usize + below as usize),
                (true, false) => self.runs.may_end(above),
                (false, _) => true,
            };
            if !ok {
                return false;
            }
        }
        if self.white_edges && f.flags & FLAG_LEFT == 0 || !self.black_total_allowed(f.blacks) {
            return false;
        }
        if !self.connected {
            return true;
        }
        let labels = f.component_count(w);
        let mut sets = DisjointSets::new(2 * labels);
        for j in 0..w {
            if f.down[j] > 0 && f.down[w - 1 - j] > 0 {
                sets.union(
                    f.label[j] as usize - 1,
                    labels + f.label[w - 1 - j] as usize - 1,
                );
            }
        }
        labels > 0 && sets.all_joined(2 * labels)
    }

    /// Unpacks `key` into `f`. Runs restart at the break in the frontier
    /// without being told where it is, because the encoding tags every run start.
    fn decode<K: Key>(&self, key: K, f: &mut Frontier) {
        let Layout {
            cell_bits,
            across_shift,
            across_bits,
            flags_shift,
            flags_bits,
            blacks_shift,
            blacks_bits,
            ..
        } = self.layout;
        f.across = key.field(across_shift, across_bits) as u8;
        f.flags = key.field(flags_shift, flags_bits) as u8;
        f.blacks = key.field(blacks_shift, blacks_bits);
        if !self.connected {
            for j in 0..self.cols {
                f.down[j] = key.field(j as u32 * cell_bits, cell_bits) as u8;
            }
            return;
        }
        let mut tags = [TAG_BLACK; MAX_COLS];
        let mut starts = 0u32;
        for j in 0..self.cols {
            let (down, tag) = CELL_CODES[key.field(j as u32 * cell_bits, cell_bits) as usize];
            f.down[j] = down;
            tags[j] = tag;
            starts |= u32::from(tag != TAG_BLACK && tag != TAG_CONTINUES) << j;
        }
        // Label the first cell of each run; branching per run rather than
        // per cell, since tags are unpredictable.
        let mut open = [0u8; MAX_COLS];
        let mut depth = 0;
        let mut next_label = 1;
        f.lone_runs = 0;
        for j in set_bits(starts) {
            f.label[j] = match tags[j] {
                TAG_ONLY => {
                    f.lone_runs |= 1 << j;
                    next_label += 1;
                    next_label - 1
                }
                TAG_OPENS => {
                    open[depth] = next_label;
                    depth += 1;
                    next_label += 1;
                    next_label - 1
                }
                TAG_MIDDLE => open[depth - 1],
                _ => {
                    depth -= 1;
                    open[depth]
                }
            };
        }
        // The rest of each run takes its first cell's label.
        let mut previous = 0;
        for j in 0..self.cols {
            if starts >> j & 1 == 0 {
                f.label[j] = previous;
            }
            previous = f.label[j];
        }
    }

    /// Packs `f` changed by `edit`. The frontier now breaks after the edited
    /// cell: (r, col) and (r-1, col+1) are not neighbours.
    fn encode<K: Key>(&self, f: &Frontier, edit: &Edit) -> K {
        let Layout {
            cell_bits,
            across_shift,
            flags_shift,
            blacks_shift,
            ..
        } = self.layout;
        let cols = self.cols;
        let mut key = K::ZERO
            .with_field(edit.across.into(), across_shift)
            .with_field(edit.flags.into(), flags_shift)
            .with_field(edit.blacks, blacks_shift);
        let mut down = f.down;
        down[edit.col] = edit.down;
        if !self.connected {
            for (j, &d) in down[..cols].iter().enumerate() {
                key = key.with_field(d.into(), j as u32 * cell_bits);
            }
            return key;
        }
        let mut code = [0u8; MAX_COLS];
        let mut whites = 0u32;
        for j in 0..cols {
            if down[j] > 0 {
                whites |= 1 << j;
                code[j] = 1 + (down[j] - 1) * TAGS;
            }
        }
        let mut starts = whites & !(whites << 1);
        if edit.col + 1 < cols {
            starts |= whites & 1 << (edit.col + 1);
        }
        let label = |j: usize| match f.label[j] {
            _ if j == edit.col => edit.label as usize,
            l if l == edit.rename.0 => edit.rename.1 as usize,
            l => l as usize,
        };
        let mut runs = [0u8; LABELS];
        let mut last_run = [0u8; LABELS];
        for j in set_bits(starts) {
            let l = label(j);
            runs[l] += 1;
            last_run[l] = j as u8;
        }
        let mut seen = 0u32;
        for j in set_bits(starts) {
            let l = label(j);
            code[j] += if seen & 1 << l == 0 {
                seen |= 1 << l;
                if runs[l] == 1 {
                    TAG_ONLY
                } else {
                    TAG_OPENS
                }
            } else if last_run[l] as usize == j {
                TAG_CLOSES
            } else {
                TAG_MIDDLE
            };
        }
        for (j, &c) in code[..cols].iter().enumerate() {
            key = key.with_field(c.into(), j as u32 * cell_bits);
        }
        key
    }
}

/// Positions of the set bits of `mask`, lowest first.
fn set_bits(mut mask: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        let j = mask.trailing_zeros() as usize;
        mask &= mask.wrapping_sub(1);
        (j < 32).then_some(j)
    })
}

fn is_large<K: Key, C: Count>(shards: &[Table<K, C>]) -> bool {
    shards.len() > 1 && shards.iter().map(Table::len).sum::<usize>() >= PARALLEL_MIN_STATES
}

/// The rules the sweep models: symmetry, word lengths without unchecked
/// cells, connectivity, edges and the black-cell count. The others need
/// whole-pattern checks or more state than is worth carrying.
fn is_modelled(rules: &Rules) -> bool {
    !rules.allow_unchecked
        && !rules.no_white_2x2
        && !rules.no_black_2x2
        && rules.max_black_run.is_none()
        && rules.words.is_none()
        && rules.max_three_letter.is_none()
        && !rules.no_cheaters
        && !rules.lattice
        && rules.min_word >= 2
}

/// Lengths of the white runs of a row mask `width` cells wide.
fn row_runs(row: u32, width: usize) -> impl Iterator<Item = usize> {
    let mut j = 0;
    std::iter::from_fn(move || {
        while j < width && row >> j & 1 == 0 {
            j += 1;
        }
        let start = j;
        while j < width && row >> j & 1 == 1 {
            j += 1;
        }
        (j > start).then_some(j - start)
    })
}

/// Union-find over a few dozen nodes, for the half-turn join.
struct DisjointSets {
    parent: [u8; 2 * LABELS + MAX_COLS],
}

impl DisjointSets {
    fn new(nodes: usize) -> DisjointSets {
        let mut parent = [0u8; 2 * LABELS + MAX_COLS];
        for (i, p) in parent.iter_mut().enumerate().take(nodes) {
            *p = i as u8;
        }
        DisjointSets { parent }
    }

    fn find(&mut self, mut x: usize) -> usize {
        while self.parent[x] as usize != x {
            let up = self.parent[x] as usize;
            self.parent[x] = self.parent[up];
            x = up;
        }
        x
    }

    fn union(&mut self, a: usize, b: usize) {
        let (ra, rb) = (self.find(a), self.find(b));
        self.parent[ra] = rb as u8;
    }

    fn all_joined(&mut self, nodes: usize) -> bool {
        let root = self.find(0);
        (1..nodes).all(|x| self.find(x) == root)
    }
}

#[cfg(test)]
mod tests;
