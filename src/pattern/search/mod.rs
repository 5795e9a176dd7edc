//! Exhaustive pattern search: rows chosen top to bottom, columns checked with
//! bit-parallel state.
//!
//! Only rows the symmetry leaves free are chosen; the rest follow from their
//! partner row at the end. Each free row comes from a precomputed list of rows
//! that satisfy every row-local rule, so the search only ever checks columns.
//! Per column it keeps "white run ≥ k" and "black run ≥ k" as bit planes (bit
//! `c` of plane `k`), which turns the column rules into a few AND/OR operations
//! per row and yields, before trying any candidate, the masks of columns that
//! must turn white or must not. Whole-grid rules (connectivity, edges, counts,
//! cheater squares) are checked once a pattern is complete.
//!
//! The search tree is cut at a fixed depth into *units* (prefixes of rows) in a
//! deterministic order; units are what threads share, shards split and resumed
//! runs skip.
//!
//! The work is split by job: [`rows`] lists the rows each free row may take,
//! [`predicates`] holds the whole-grid checks, [`aim`] and [`sample`] the
//! random descent; this file holds the exhaustive walk and what it shares
//! with the descent (the column state and its masks).

mod aim;
mod predicates;
mod rows;
mod sample;

use std::sync::Arc;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::rules::{Rules, Symmetry};
use crate::error::{Error, Result};
use aim::Aim;
pub(crate) use predicates::is_connected;
pub use predicates::word_count;
use predicates::{has_cheater, has_isolated_white, reaches_all_from_last, three_letter_count};
use rows::{fit_depth, longest_run, reverse, runs, valid_rows, Pairing, RowTrie};

/// Candidate lists longer than this are searched through a [`RowTrie`];
/// shorter ones are faster to scan.
const TRIE_THRESHOLD: usize = 1024;

/// Planes are indexed 1..=31 ("run ≥ k"); index 0 is unused.
const PLANES: usize = 32;

#[derive(Clone, Copy)]
struct ColumnState {
    white: [u32; PLANES],
    black: [u32; PLANES],
    prev_white: u32,
    prev_black: u32,
    /// The white cells of the row above `prev_white`.
    prev2_white: u32,
    /// Rows placed so far (the next row's index).
    rows: u32,
    /// Lattice grids: columns whose down run must go on into the next
    /// row: it is one cell long (in an even column a crossing must be
    /// checked down, and any other white cell would be in no light), or it
    /// began on an odd row and has got to another, so ending here it would
    /// begin and end on unchecked cells.
    lattice_need: u32,
    /// Lattice grids: columns whose open down run began on an odd row (an
    /// unchecked cell), which only [`Rules::lattice_ends`] allows.
    lattice_odd_start: u32,
}

impl ColumnState {
    const TOP: ColumnState = ColumnState {
        white: [0; PLANES],
        black: [0; PLANES],
        prev_white: 0,
        prev_black: 0,
        prev2_white: 0,
        rows: 0,
        lattice_need: 0,
        lattice_odd_start: 0,
    };
}

/// A compiled search for one grid size and rule set.
#[derive(Clone)]
pub struct Search {
    width: usize,
    height: usize,
    full: u32,
    free: usize,
    pairing: Pairing,
    candidates: Vec<Vec<u32>>,
    /// Per free row, an index of `candidates` when scanning them is slow.
    tries: Vec<Option<Arc<RowTrie>>>,
    rules: Rules,
    white_planes: usize,
    /// Plane index whose bits may not turn white again (run at the maximum).
    max_word_plane: Option<usize>,
    /// Per grid row, cells of kept runs longer than the longest word a
    /// column may otherwise have (a theme's entries): the column rule lets
    /// those through. Empty when nothing is kept.
    long_down: Vec<u32>,
    max_black_plane: Option<usize>,
    blacks: (usize, usize),
    words: Option<(usize, usize)>,
    /// Bits of the even columns (0, 2, …): the lattice's crossing columns.
    even_columns: u32,
    /// Where a random descent steers the grid's counts.
    aim: Aim,
}

impl Search {
    pub fn new(width: usize, height: usize, rules: &Rules) -> Result<Search> {
        rules.validate(width, height)?;
        let pairing = match rules.symmetry {
            Symmetry::Rotational => Pairing::Reverse,
            Symmetry::FourFold => Pairing::Same,
            Symmetry::None | Symmetry::Mirror => Pairing::None,
        };
        let free = if pairing == Pairing::None {
            height
        } else {
            height.div_ceil(2)
        };
        let base = valid_rows(width, rules, rules.symmetry.mirrors_rows());
        if !base.iter().any(|&r| r != 0) {
            return Err(Error::rules(format!(
                "no row of width {width} satisfies {} (every row would be black)",
                rules.describe()
            )));
        }
        let even_columns = (0..width).step_by(2).fold(0u32, |m, c| m | 1 << c);
        let mut candidates = vec![base.clone(); free];
        for (depth, rows) in candidates.iter_mut().enumerate() {
            fit_depth(
                rules,
                (width, height, free),
                pairing,
                even_columns,
                depth,
                rows,
            );
        }
        let limited = |m: Option<usize>, extent: usize| m.filter(|&m| m < extent);
        let max_word_plane = limited(rules.max_word, height);
        let max_black_plane = limited(rules.max_black_run, height);
        let white_planes = rules
            .min_word
            .max(2)
            .max(max_word_plane.unwrap_or(0))
            .min(PLANES - 1);
        let cells = width * height;
        let blacks = rules.blacks.map_or((0, cells), |b| b.resolve(cells));
        let words = rules.words.map(|b| b.resolve(cells));
        // Most free rows share one candidate list; index each distinct list once.
        let mut tries: Vec<Option<Arc<RowTrie>>> = Vec::with_capacity(free);
        for (depth, rows) in candidates.iter().enumerate() {
            let same = (0..depth).find(|&d| candidates[d] == *rows);
            tries.push(match same {
                Some(d) => tries[d].clone(),
                None => (rows.len() > TRIE_THRESHOLD).then(|| Arc::new(RowTrie::new(rows, width))),
            });
        }
        Ok(Search {
            width,
            height,
            full: if width == 32 {
                u32::MAX
            } else {
                (1 << width) - 1
            },
            free,
            pairing,
            candidates,
            tries,
            rules: rules.clone(),
            white_planes,
            max_word_plane,
            long_down: Vec::new(),
            max_black_plane,
            blacks,
            words,
            even_columns,
            aim: Aim::new(rules, blacks, words, cells),
        })
    }

    /// The same search, for patterns with white cells wherever `white` has
    /// a bit and blocks wherever `black` has one (per grid row, bit `c` =
    /// column `c`): a constructor's letters and blocks, which the pattern
    /// must keep. A cell fixed in a row the symmetry derives binds its
    /// partner in the free row. An error names the first row where the
    /// fixed cells contradict the symmetry or leave no legal row.
    pub fn keeping(mut self, white: &[u32], black: &[u32]) -> Result<Search> {
        let h = self.height;
        let row = |masks: &[u32], r: usize| masks.get(r).copied().unwrap_or(0) & self.full;
        if let Some(max) = self.rules.max_word {
            // Cells of kept down runs longer than `max`, row by row.
            let mut long = vec![0u32; h];
            let mut run = [0usize; 32];
            for r in 0..=h {
                let kept = if r < h { row(white, r) } else { 0 };
                for (c, length) in run.iter_mut().enumerate().take(self.width) {
                    if kept >> c & 1 == 1 {
                        *length += 1;
                        continue;
                    }
                    if *length > max {
                        (r - *length..r).for_each(|y| long[y] |= 1 << c);
                    }
                    *length = 0;
                }
            }
            if long.iter().any(|&m| m != 0) {
                self.long_down = long;
            }
        }
        for depth in 0..self.free {
            let (mut need, mut ban) = (row(white, depth), row(black, depth));
            if self.pairing != Pairing::None && h - 1 - depth != depth {
                need |= self.partner(row(white, h - 1 - depth));
                ban |= self.partner(row(black, h - 1 - depth));
            }
            if self.rules.symmetry.mirrors_rows() {
                need |= reverse(need, self.width);
                ban |= reverse(ban, self.width);
            }
            if need & ban != 0 {
                let c = (need & ban).trailing_zeros() + 1;
                return Err(Error::rules(format!(
                    "row {}, column {c}: the {} symmetry needs a block and a white cell there at once",
                    depth + 1,
                    self.rules.symmetry.name()
                )));
            }
            if need == 0 && ban == 0 {
                continue;
            }
            if let Some(max) = self.rules.max_word.filter(|&m| longest_run(need) > m) {
                // A kept run longer than the rules' longest word (a theme
                // entry) comes from rows listed without that limit; any
                // other run of the row still keeps to it.
                let free_rules = Rules {
                    max_word: None,
                    ..self.rules.clone()
                };
                let mut rows =
                    valid_rows(self.width, &free_rules, free_rules.symmetry.mirrors_rows());
                let shape = (self.width, self.height, self.free);
                fit_depth(
                    &self.rules,
                    shape,
                    self.pairing,
                    self.even_columns,
                    depth,
                    &mut rows,
                );
                rows.retain(|&r| {
                    runs(r).all(|run| run.count_ones() as usize <= max || run & !need == 0)
                });
                self.candidates[depth] = rows;
            }
            let rows = &mut self.candidates[depth];
            rows.retain(|&r| r & need == need && r & ban == 0);
            if rows.is_empty() {
                return Err(Error::rules(format!(
                    "no row {} under {} keeps the letters and blocks placed there",
                    depth + 1,
                    self.rules.describe()
                )));
            }
            self.tries[depth] =
                (rows.len() > TRIE_THRESHOLD).then(|| Arc::new(RowTrie::new(rows, self.width)));
        }
        Ok(self)
    }

    pub fn width(&self) -> usize {
        self.width
    }

    pub fn height(&self) -> usize {
        self.height
    }

    /// Columns that must turn white in the next row, and columns that must not.
    #[inline]
    fn masks(&self, s: &ColumnState) -> (u32, u32) {
        let w1 = s.white[1];
        let short_ok = if self.rules.allow_unchecked {
            w1 & !s.white[2]
        } else {
            0
        };
        let mut required = w1 & !s.white[self.rules.min_word] & !short_ok;
        if let Some(p) = self.max_black_plane {
            required |= s.black[p];
        }
        if self.rules.no_isolated_white {
            // A white cell with no white neighbour yet needs one below.
            let pw = s.prev_white;
            required |= pw & !(pw << 1) & !(pw >> 1) & !s.prev2_white;
        }
        required |= s.lattice_need;
        let forbidden = self.max_word_plane.map_or(0, |p| {
            s.white[p] & !self.long_down.get(s.rows as usize).copied().unwrap_or(0)
        });
        (required, forbidden)
    }

    /// The candidates for free row `depth` below state `s` that meet the
    /// column masks (2×2 rules are left to [`advance_unchecked`]).
    #[inline]
    fn matching(&self, depth: usize, s: &ColumnState, out: &mut Vec<u32>) {
        out.clear();
        let (required, forbidden) = self.masks(s);
        match &self.tries[depth] {
            Some(trie) => trie.collect(required, forbidden, out),
            None => out.extend(
                self.candidates[depth]
                    .iter()
                    .copied()
                    .filter(|&r| r & required == required && r & forbidden == 0),
            ),
        }
    }

    /// Appends row `r` below state `s`; false if a column rule breaks.
    #[inline]
    fn advance(&self, s: &ColumnState, r: u32, out: &mut ColumnState) -> bool {
        let (required, forbidden) = self.masks(s);
        if r & required != required || r & forbidden != 0 {
            return false;
        }
        self.advance_unchecked(s, r, out)
    }

    /// As [`advance`] when the caller already tested the masks.
    #[inline]
    fn advance_unchecked(&self, s: &ColumnState, r: u32, out: &mut ColumnState) -> bool {
        let black = !r & self.full;
        if self.rules.no_white_2x2 {
            let both = r & s.prev_white;
            if both & both >> 1 != 0 {
                return false;
            }
        }
        if self.rules.no_black_2x2 {
            let both = black & s.prev_black;
            if both & both >> 1 != 0 {
                return false;
            }
        }
        out.white[1] = r;
        for k in 2..=self.white_planes {
            out.white[k] = r & s.white[k - 1];
        }
        if let Some(p) = self.max_black_plane {
            out.black[1] = black;
            for k in 2..=p {
                out.black[k] = black & s.black[k - 1];
            }
        }
        out.prev2_white = s.prev_white;
        out.prev_white = r;
        out.prev_black = black;
        out.rows = s.rows + 1;
        if self.rules.lattice {
            // The column rules of the lattice, for both its forms: in an
            // even column a white cell with black above starts a down run
            // that needs a second cell, and a run that began on an odd row
            // may not end on one. (On the strict lattice no run begins on an
            // odd row, as the crossing above is white, so only the first
            // rule bites, at crossings.)
            let started = r & self.even_columns & !s.prev_white;
            let odd_row = s.rows % 2 == 1;
            out.lattice_odd_start = s.lattice_odd_start & r | if odd_row { started } else { 0 };
            out.lattice_need = started | if odd_row { out.lattice_odd_start } else { 0 };
        } else {
            out.lattice_need = 0;
            out.lattice_odd_start = 0;
        }
        true
    }

    /// Runs still open at the bottom edge must be legal lengths.
    #[inline]
    fn bottom_ok(&self, s: &ColumnState) -> bool {
        let w1 = s.white[1];
        let short_ok = if self.rules.allow_unchecked {
            w1 & !s.white[2]
        } else {
            0
        };
        w1 & !s.white[self.rules.min_word] & !short_ok == 0 && s.lattice_need == 0
    }

    #[inline]
    fn partner(&self, row: u32) -> u32 {
        match self.pairing {
            Pairing::Reverse => reverse(row, self.width),
            Pairing::Same | Pairing::None => row,
        }
    }

    /// With paired rows, a white region that no longer reaches the newest row
    /// (above the middle) can never join the rest: its mirror image is a
    /// second region. Only paired symmetries can rule this out this early.
    /// (At the middle row itself the check costs more than it saves.)
    #[inline]
    fn closes_region(&self, rows: &[u32]) -> bool {
        let depth = rows.len() - 1;
        self.rules.connected
            && self.pairing != Pairing::None
            && depth > 0
            && depth + 1 < self.free
            && !reaches_all_from_last(rows)
    }

    /// Fills in the rows fixed by symmetry and checks everything left.
    #[inline]
    fn complete(&self, rows: &mut [u32; 32], states: &mut [ColumnState]) -> bool {
        let h = self.height;
        for i in self.free..h {
            rows[i] = self.partner(rows[h - 1 - i]);
            let (before, after) = states.split_at_mut(i + 1);
            if !self.advance(&before[i], rows[i], &mut after[0]) {
                return false;
            }
        }
        self.bottom_ok(&states[h]) && self.whole_grid_ok(&rows[..h])
    }

    /// Connectivity, using the top-bottom mirror when there is one: reflecting
    /// the lower part of any path onto the upper half keeps it a path, so the
    /// grid is connected exactly when its upper half (with the middle row) is
    /// and that half's last row has a white cell to join the two halves.
    #[inline]
    fn connected(&self, rows: &[u32]) -> bool {
        match self.pairing {
            Pairing::Same => rows[self.free - 1] != 0 && is_connected(&rows[..self.free]),
            Pairing::Reverse | Pairing::None => is_connected(rows),
        }
    }

    /// Rules that need the complete pattern.
    fn whole_grid_ok(&self, rows: &[u32]) -> bool {
        let whites: usize = rows.iter().map(|r| r.count_ones() as usize).sum();
        let blacks = self.width * self.height - whites;
        if whites == 0 || blacks < self.blacks.0 || blacks > self.blacks.1 {
            return false;
        }
        if !self.rules.allow_black_edges {
            let any = rows.iter().fold(0, |a, r| a | r);
            if any & 1 == 0
                || any >> (self.width - 1) & 1 == 0
                || rows[0] == 0
                || rows[self.height - 1] == 0
            {
                return false;
            }
        }
        if self.rules.no_isolated_white && has_isolated_white(rows) {
            return false;
        }
        if self.rules.connected && !self.connected(rows) {
            return false;
        }
        if let Some((lo, hi)) = self.words {
            let n = word_count(rows);
            if n < lo || n > hi {
                return false;
            }
        }
        if let Some(max) = self.rules.max_three_letter {
            if three_letter_count(rows) > max {
                return false;
            }
        }
        if self.rules.no_cheaters && has_cheater(rows, self.width) {
            return false;
        }
        true
    }

    fn scratch(&self) -> Scratch {
        Scratch {
            rows: [0; 32],
            states: vec![ColumnState::TOP; self.height + 1],
            lists: vec![Vec::new(); self.free],
        }
    }

    /// Puts row `r` at free row `depth` if the column rules and the region
    /// rule allow it.
    #[inline]
    fn place(&self, scratch: &mut Scratch, depth: usize, r: u32) -> bool {
        let (before, after) = scratch.states.split_at_mut(depth + 1);
        if !self.advance_unchecked(&before[depth], r, &mut after[0]) {
            return false;
        }
        scratch.rows[depth] = r;
        !self.closes_region(&scratch.rows[..=depth])
    }

    /// Visits every complete pattern below `prefix` in order; stops early and
    /// returns false when `visit` returns false.
    /// The number of patterns below `prefix`.
    pub(crate) fn walk_count(&self, prefix: &[u32]) -> u64 {
        let mut n = 0;
        self.walk(prefix, &mut |_| {
            n += 1;
            true
        });
        n
    }

    pub fn walk<F: FnMut(&[u32]) -> bool>(&self, prefix: &[u32], visit: &mut F) -> bool {
        let mut scratch = self.scratch();
        for (i, &r) in prefix.iter().enumerate() {
            scratch.rows[i] = r;
            let (before, after) = scratch.states.split_at_mut(i + 1);
            if !self.advance(&before[i], r, &mut after[0]) {
                return true;
            }
        }
        self.descend(prefix.len(), &mut scratch, visit)
    }

    fn descend<F: FnMut(&[u32]) -> bool>(
        &self,
        depth: usize,
        scratch: &mut Scratch,
        visit: &mut F,
    ) -> bool {
        if depth == self.free {
            if self.complete(&mut scratch.rows, &mut scratch.states) {
                return visit(&scratch.rows[..self.height]);
            }
            return true;
        }
        let mut list = std::mem::take(&mut scratch.lists[depth]);
        self.matching(depth, &scratch.states[depth], &mut list);
        let mut go_on = true;
        for &r in &list {
            if self.place(scratch, depth, r) && !self.descend(depth + 1, scratch, visit) {
                go_on = false;
                break;
            }
        }
        scratch.lists[depth] = list;
        go_on
    }

    /// The depth at which the tree is cut into units: the shallowest level
    /// whose subtrees hold about `patterns_per_unit` patterns or fewer and
    /// that has at least `min_units` nodes (so every shard gets work), judged
    /// by a seeded estimate so that every shard and resume cuts identically.
    pub(crate) fn unit_depth(&self, patterns_per_unit: f64, min_units: f64) -> usize {
        let estimate = self.estimate_tree();
        let leaves = estimate[self.free];
        (0..self.free)
            .find(|&d| estimate[d] >= min_units && leaves / estimate[d] <= patterns_per_unit)
            .unwrap_or(self.free - 1)
    }

    /// Estimated number of patterns (seeded, so repeatable; typically within a
    /// factor of a few for large spaces).
    pub(crate) fn estimate_patterns(&self) -> f64 {
        self.estimate_tree()[self.free]
    }

    /// Knuth's random-probe estimate of the number of nodes at each depth;
    /// the last entry estimates complete valid patterns.
    fn estimate_tree(&self) -> Vec<f64> {
        let work: usize = self.candidates.iter().map(Vec::len).sum();
        let probes = (20_000_000 / work.max(1)).clamp(200, 4000);
        let mut rng = StdRng::seed_from_u64(0x5EED_C0DE);
        let mut totals = vec![0.0; self.free + 1];
        let mut scratch = self.scratch();
        let mut children = Vec::new();
        for _ in 0..probes {
            let mut weight = 1.0;
            totals[0] += 1.0;
            for depth in 0..self.free {
                // Children that close a region are counted but lead nowhere:
                // the leaf estimate stays unbiased and costs no region checks.
                self.matching(depth, &scratch.states[depth], &mut children);
                let mut probe = ColumnState::TOP;
                children.retain(|&r| self.advance_unchecked(&scratch.states[depth], r, &mut probe));
                if children.is_empty() {
                    weight = 0.0;
                    break;
                }
                weight *= children.len() as f64;
                let r = children[rng.random_range(0..children.len())];
                if !self.place(&mut scratch, depth, r) {
                    weight = 0.0;
                    break;
                }
                if depth + 1 < self.free {
                    totals[depth + 1] += weight;
                }
            }
            if weight > 0.0 && self.complete(&mut scratch.rows, &mut scratch.states) {
                totals[self.free] += weight;
            }
        }
        totals.iter().map(|t| t / probes as f64).collect()
    }

    /// All valid row prefixes of `depth` rows, lazily, in search order.
    pub fn prefixes(&self, depth: usize) -> Prefixes<&Search> {
        Prefixes::new(self, depth)
    }

    /// As [`Search::prefixes`], holding the search (for iterators that
    /// outlive the caller's borrow, such as a themed run's, which moves
    /// from one seating's search to the next).
    pub(crate) fn shared_prefixes(self: Arc<Search>, depth: usize) -> Prefixes<Arc<Search>> {
        Prefixes::new(self, depth)
    }
}

/// A slot's place in a pattern, 0-based: its first cell, length and
/// direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Run {
    pub row: usize,
    pub col: usize,
    pub len: usize,
    pub across: bool,
}

/// Descents with at least this budget try every candidate, so one that
/// finds nothing proves the space empty: callers that double the budget
/// after each failure reach it, and end.
pub const THOROUGH_BUDGET: usize = 1 << 20;

/// Per-walk working memory: rows so far, column state after each, and the
/// candidate list being tried at each depth.
struct Scratch {
    rows: [u32; 32],
    states: Vec<ColumnState>,
    lists: Vec<Vec<u32>>,
}

/// What a random descent found.
pub enum Sample {
    Found(Vec<u32>),
    /// The node budget ran out first, or candidates were left untried
    /// (below [`THOROUGH_BUDGET`]); retry, perhaps with a larger budget.
    OutOfBudget,
    /// The whole tree was searched: no pattern exists.
    Empty,
}

/// Lazy depth-first iterator over row prefixes of a fixed depth.
pub struct Prefixes<S: std::ops::Deref<Target = Search>> {
    search: S,
    depth: usize,
    scratch: Scratch,
    next_index: Vec<usize>,
    level: usize,
    finished: bool,
}

impl<S: std::ops::Deref<Target = Search>> Prefixes<S> {
    fn new(search: S, depth: usize) -> Prefixes<S> {
        let mut scratch = search.scratch();
        if depth > 0 {
            let mut first = std::mem::take(&mut scratch.lists[0]);
            search.matching(0, &scratch.states[0], &mut first);
            scratch.lists[0] = first;
        }
        Prefixes {
            search,
            depth,
            scratch,
            next_index: vec![0; depth.max(1)],
            level: 0,
            finished: false,
        }
    }
}

impl<S: std::ops::Deref<Target = Search>> Iterator for Prefixes<S> {
    type Item = Vec<u32>;

    fn next(&mut self) -> Option<Vec<u32>> {
        if self.finished {
            return None;
        }
        if self.depth == 0 {
            self.finished = true;
            return Some(Vec::new());
        }
        loop {
            let level = self.level;
            let Some(&r) = self.scratch.lists[level].get(self.next_index[level]) else {
                if level == 0 {
                    self.finished = true;
                    return None;
                }
                self.level -= 1;
                continue;
            };
            self.next_index[level] += 1;
            if !self.search.place(&mut self.scratch, level, r) {
                continue;
            }
            if level + 1 == self.depth {
                return Some(self.scratch.rows[..self.depth].to_vec());
            }
            self.level += 1;
            self.next_index[self.level] = 0;
            let mut list = std::mem::take(&mut self.scratch.lists[self.level]);
            self.search
                .matching(self.level, &self.scratch.states[self.level], &mut list);
            self.scratch.lists[self.level] = list;
        }
    }
}
