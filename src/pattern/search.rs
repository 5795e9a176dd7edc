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

use std::sync::Arc;

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

use super::rules::{Rules, Symmetry};
use crate::error::{Error, Result};

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

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pairing {
    None,
    Reverse,
    Same,
}

/// Candidate rows indexed by their bits, highest first, so that the rows
/// containing every `required` bit and no `forbidden` bit are listed without
/// looking at the others, in ascending order. Wide grids have tens of
/// thousands of legal rows of which a node's column state admits a handful.
struct RowTrie {
    /// Children of each node for bit value 0 and 1; `NONE` when absent.
    nodes: Vec<[u32; 2]>,
    /// Rows below each node, to share a random draw between branches.
    rows_below: Vec<u32>,
    width: usize,
}

const NONE: u32 = u32::MAX;

impl RowTrie {
    fn new(rows: &[u32], width: usize) -> RowTrie {
        let mut trie = RowTrie {
            nodes: vec![[NONE; 2]],
            rows_below: vec![rows.len() as u32],
            width,
        };
        for &row in rows {
            let mut node = 0;
            for bit in (0..width).rev() {
                let b = (row >> bit & 1) as usize;
                if trie.nodes[node][b] == NONE {
                    trie.nodes[node][b] = trie.nodes.len() as u32;
                    trie.nodes.push([NONE; 2]);
                    trie.rows_below.push(0);
                }
                node = trie.nodes[node][b] as usize;
                trie.rows_below[node] += 1;
            }
        }
        trie
    }

    /// Up to `quota` of the rows [`collect`](Self::collect) would list,
    /// spread at random over the trie: each branch gets a share of the
    /// quota in proportion to its rows, and what one branch cannot use
    /// passes to the other. Far cheaper than listing them all when there
    /// are tens of thousands; the count is short of `quota` only when
    /// there are few rows (or a branch had fewer than its share).
    fn draw<R: Rng>(
        &self,
        required: u32,
        forbidden: u32,
        quota: usize,
        rng: &mut R,
        out: &mut Vec<u32>,
    ) {
        self.draw_from(0, self.width, 0, (required, forbidden), quota, rng, out);
    }

    #[allow(clippy::too_many_arguments)]
    fn draw_from<R: Rng>(
        &self,
        node: usize,
        bits_left: usize,
        prefix: u32,
        masks: (u32, u32),
        quota: usize,
        rng: &mut R,
        out: &mut Vec<u32>,
    ) -> usize {
        if quota == 0 {
            return 0;
        }
        if bits_left == 0 {
            out.push(prefix);
            return 1;
        }
        let bit = bits_left - 1;
        let (required, forbidden) = masks;
        let [mut zero, mut one] = self.nodes[node];
        if required >> bit & 1 == 1 {
            zero = NONE;
        }
        if forbidden >> bit & 1 == 1 {
            one = NONE;
        }
        let with_one = prefix | 1 << bit;
        match (zero, one) {
            (NONE, NONE) => 0,
            (child, NONE) => self.draw_from(child as usize, bit, prefix, masks, quota, rng, out),
            (NONE, child) => self.draw_from(child as usize, bit, with_one, masks, quota, rng, out),
            (zero, one) => {
                let (w0, w1) = (
                    self.rows_below[zero as usize],
                    self.rows_below[one as usize],
                );
                // The exact share, rounded up or down at random.
                let exact = quota as f64 * f64::from(w0) / f64::from(w0 + w1);
                let share0 = (exact + rng.random::<f64>()) as usize;
                let mut branches = [(zero, prefix, share0), (one, with_one, quota - share0)];
                if rng.random::<bool>() {
                    branches.swap(0, 1);
                }
                let [(a, pa, qa), (b, pb, _)] = branches;
                let got = self.draw_from(a as usize, bit, pa, masks, qa, rng, out);
                got + self.draw_from(b as usize, bit, pb, masks, quota - got, rng, out)
            }
        }
    }

    fn collect(&self, required: u32, forbidden: u32, out: &mut Vec<u32>) {
        self.collect_from(0, self.width, 0, required, forbidden, out);
    }

    fn collect_from(
        &self,
        node: usize,
        bits_left: usize,
        prefix: u32,
        required: u32,
        forbidden: u32,
        out: &mut Vec<u32>,
    ) {
        if bits_left == 0 {
            out.push(prefix);
            return;
        }
        let bit = bits_left - 1;
        let [zero, one] = self.nodes[node];
        if zero != NONE && required >> bit & 1 == 0 {
            self.collect_from(zero as usize, bit, prefix, required, forbidden, out);
        }
        if one != NONE && forbidden >> bit & 1 == 0 {
            self.collect_from(
                one as usize,
                bit,
                prefix | 1 << bit,
                required,
                forbidden,
                out,
            );
        }
    }
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

/// The counts a random descent steers towards: the middle of the rules'
/// black and word ranges, and under the cap on three-letter words.
///
/// Those are whole-grid rules, checked only on a complete pattern, and rows
/// drawn uniformly drift far from them on big grids (an unsteered 27×27
/// descent almost never lands in a 16–18% black window with enough words
/// and few enough three-letter ones), so descents would end in thousands of
/// rejected patterns. Instead each row's candidates, once shuffled, are
/// tried in order of how far they take the running counts from the share
/// of the target the rows so far should hold. The allowed drift is wide at
/// the top and narrows towards the last row, where it is the rules' own
/// range: early rows stay free, late rows bring the counts home.
#[derive(Clone, Copy)]
struct Aim {
    /// Target and tolerance (half the allowed range, at least one).
    blacks: Option<(f64, f64)>,
    words: Option<(f64, f64)>,
    /// Most three-letter words.
    three: Option<f64>,
}

impl Aim {
    /// How much wider than at the bottom the allowed drift is at the top.
    const SLACK: f64 = 0.5;

    fn new(
        rules: &Rules,
        blacks: (usize, usize),
        words: Option<(usize, usize)>,
        cells: usize,
    ) -> Aim {
        let middle = |(lo, hi): (usize, usize)| {
            let hi = hi.min(cells);
            (
                (lo + hi) as f64 / 2.0,
                ((hi - lo.min(hi)) as f64 / 2.0).max(1.0),
            )
        };
        Aim {
            blacks: (blacks != (0, cells)).then(|| middle(blacks)),
            words: words.map(middle),
            three: rules.max_three_letter.map(|m| m as f64),
        }
    }

    /// How far `tally` strays from its share of the target once the rows
    /// so far make `share` of the grid, in allowed drifts, rounded down.
    fn strays(&self, tally: Tally, share: f64) -> u32 {
        let widen = 1.0 + Self::SLACK * (1.0 - share);
        let off = |aim: Option<(f64, f64)>, count: f64| {
            aim.map_or(0.0, |(target, tolerance)| {
                (count - target * share).abs() / (tolerance * widen)
            })
        };
        // Only across words are known row by row; a symmetric grid has
        // about as many down words, so their counts are doubled.
        let three = self.three.map_or(0.0, |cap| {
            (2.0 * tally.three - cap * share).max(0.0) / ((cap * 0.1 + 1.0) * widen)
        });
        (off(self.blacks, tally.blacks) + off(self.words, 2.0 * tally.across) + three) as u32
    }
}

/// Running counts of a descent, each row counted as often as it appears in
/// the grid (twice when symmetry repeats it).
#[derive(Clone, Copy, Default)]
struct Tally {
    blacks: f64,
    /// Across words, and those of three letters.
    across: f64,
    three: f64,
    rows: f64,
}

/// Rows allowed by every row-local rule, in increasing numeric order.
fn valid_rows(width: usize, rules: &Rules, palindromic: bool) -> Vec<u32> {
    let mut rows = Vec::new();
    extend_row(width, rules, PartialRow::default(), &mut rows);
    if palindromic {
        rows.retain(|&r| reverse(r, width) == r);
    }
    rows.sort_unstable();
    rows
}

/// A row being built cell by cell, with the runs it currently ends in.
#[derive(Clone, Copy, Default)]
struct PartialRow {
    bits: u32,
    len: usize,
    white_run: usize,
    black_run: usize,
}

fn extend_row(width: usize, rules: &Rules, row: PartialRow, out: &mut Vec<u32>) {
    let ends_ok = rules.run_allowed(row.white_run);
    if row.len == width {
        if ends_ok {
            out.push(row.bits);
        }
        return;
    }
    if ends_ok && rules.max_black_run.is_none_or(|m| row.black_run < m) {
        let black = PartialRow {
            len: row.len + 1,
            white_run: 0,
            black_run: row.black_run + 1,
            ..row
        };
        extend_row(width, rules, black, out);
    }
    if rules.max_word.is_none_or(|m| row.white_run < m) {
        let white = PartialRow {
            bits: row.bits | 1 << row.len,
            len: row.len + 1,
            white_run: row.white_run + 1,
            black_run: 0,
        };
        extend_row(width, rules, white, out);
    }
}

/// The maximal runs of set bits of `row`, each as a mask.
fn runs(mut row: u32) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        if row == 0 {
            return None;
        }
        let low = row & row.wrapping_neg();
        // Adding the lowest bit carries through the run and clears it.
        let run = row & !(row.wrapping_add(low)) & !(low - 1);
        row &= !run;
        Some(run)
    })
}

/// The longest run of set bits of `row`.
fn longest_run(row: u32) -> usize {
    runs(row)
        .map(|r| r.count_ones() as usize)
        .max()
        .unwrap_or(0)
}

/// Keeps the rows free row `depth` may take beyond the row-local rules: the
/// lattice's, a palindrome in the middle row of a half turn, a white cell
/// in an edge row that must have one.
fn fit_depth(
    rules: &Rules,
    (width, height, free): (usize, usize, usize),
    pairing: Pairing,
    even_columns: u32,
    depth: usize,
    rows: &mut Vec<u32>,
) {
    if rules.lattice {
        rows.retain(|&r| lattice_row(r, depth, width, even_columns, rules.lattice_ends));
    }
    if pairing == Pairing::Reverse && height % 2 == 1 && depth + 1 == free {
        rows.retain(|&r| reverse(r, width) == r);
    }
    let edge = depth == 0 || (pairing == Pairing::None && depth + 1 == free);
    if !rules.allow_black_edges && edge {
        rows.retain(|&r| r != 0);
    }
}

/// Whether row `r` at index `depth` fits the checking lattice: even rows
/// have every even column white and each of those crossings joined to a
/// white neighbour in the row (so it is in an across light); odd rows have
/// every odd column black. Rows chosen by symmetry have the parity of their
/// partner, as lattice grids have odd sides.
///
/// With `ends` ([`Rules::lattice_ends`]) an even row's crossings may be
/// black, and what the row must keep to is what the strict form gave for
/// free: every white cell is in an across light (a crossing must be
/// checked across, and an (even, odd) cell, with blocks above and below,
/// is in no light otherwise), and no light both begins and ends on an odd
/// column. Its odd columns are its unchecked cells and its even ones are
/// checked (the column rules see to that), so this is the rule that every
/// light is at least half checked; unchecked cells then alternate with
/// checked ones, and never touch.
fn lattice_row(r: u32, depth: usize, width: usize, even_columns: u32, ends: bool) -> bool {
    let full = if width == 32 {
        u32::MAX
    } else {
        (1 << width) - 1
    };
    if depth % 2 == 1 {
        return r & !even_columns & full == 0;
    }
    if ends {
        let odd = |bit: u32| bit % 2 == 1;
        return runs(r).all(|run| {
            run.count_ones() >= 2 && !(odd(run.trailing_zeros()) && odd(31 - run.leading_zeros()))
        });
    }
    let neighbours = (r << 1 | r >> 1) & full;
    r & even_columns == even_columns && neighbours & even_columns == even_columns
}

#[inline]
fn reverse(row: u32, width: usize) -> u32 {
    row.reverse_bits() >> (32 - width)
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
    pub fn walk_count(&self, prefix: &[u32]) -> u64 {
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
    pub fn unit_depth(&self, patterns_per_unit: f64, min_units: f64) -> usize {
        let estimate = self.estimate_tree();
        let leaves = estimate[self.free];
        (0..self.free)
            .find(|&d| estimate[d] >= min_units && leaves / estimate[d] <= patterns_per_unit)
            .unwrap_or(self.free - 1)
    }

    /// Estimated number of patterns (seeded, so repeatable; typically within a
    /// factor of a few for large spaces).
    pub fn estimate_patterns(&self) -> f64 {
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
    pub fn shared_prefixes(self: Arc<Search>, depth: usize) -> Prefixes<Arc<Search>> {
        Prefixes::new(self, depth)
    }

    /// One pattern drawn by a randomized depth-first descent that visits
    /// at most `budget` nodes, steered towards the rules' counts (see
    /// [`Aim`]). Below [`THOROUGH_BUDGET`], a row with a long list of
    /// candidates tries a random few of them, and then running out proves
    /// nothing ([`Sample::OutOfBudget`]).
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

/// A slot's place in a pattern, 0-based: its first cell, length and
/// direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Run {
    pub row: usize,
    pub col: usize,
    pub len: usize,
    pub across: bool,
}

/// Candidates a random descent considers at one row at most, when its
/// budget is below [`THOROUGH_BUDGET`].
const SAMPLE_WIDTH: usize = 256;

/// Descents with at least this budget try every candidate, so one that
/// finds nothing proves the space empty: callers that double the budget
/// after each failure reach it, and end.
pub const THOROUGH_BUDGET: usize = 1 << 20;

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

/// Grows `seed` to every cell of `mask` reachable through horizontal
/// neighbours. Runs are short, so a few shift steps beat bit tricks.
#[inline]
fn spread_in_row(mut seed: u32, mask: u32) -> u32 {
    loop {
        let grown = (seed | seed << 1 | seed >> 1) & mask;
        if grown == seed {
            return seed;
        }
        seed = grown;
    }
}

/// True when the white cells form one 4-connected region (and there is one).
pub fn is_connected(rows: &[u32]) -> bool {
    let Some(first) = rows.iter().position(|&r| r != 0) else {
        return false;
    };
    let h = rows.len();
    let mut reach = [0u32; 32];
    reach[first] = spread_in_row(rows[first] & rows[first].wrapping_neg(), rows[first]);
    loop {
        let mut changed = false;
        let mut relax = |reach: &mut [u32; 32], i: usize, from: u32| {
            let grown = spread_in_row(reach[i] | (from & rows[i]), rows[i]);
            if grown != reach[i] {
                reach[i] = grown;
                changed = true;
            }
        };
        for i in 1..h {
            let from = reach[i - 1];
            relax(&mut reach, i, from);
        }
        for i in (0..h - 1).rev() {
            let from = reach[i + 1];
            relax(&mut reach, i, from);
        }
        if !changed {
            break;
        }
    }
    reach[..h] == *rows
}

/// True when every white cell of `rows` connects, within `rows`, to a white
/// cell of the last row.
fn reaches_all_from_last(rows: &[u32]) -> bool {
    let last = rows.len() - 1;
    let mut reach = [0u32; 32];
    reach[last] = rows[last];
    loop {
        let mut changed = false;
        for i in (0..last).rev() {
            let grown = spread_in_row(reach[i] | reach[i + 1] & rows[i], rows[i]);
            changed |= grown != reach[i];
            reach[i] = grown;
        }
        if reach[..=last] == *rows {
            return true;
        }
        for i in 1..last {
            let grown = spread_in_row(reach[i] | reach[i - 1] & rows[i], rows[i]);
            changed |= grown != reach[i];
            reach[i] = grown;
        }
        if !changed {
            return false;
        }
    }
}

fn has_isolated_white(rows: &[u32]) -> bool {
    (0..rows.len()).any(|i| {
        let r = rows[i];
        let above = if i > 0 { rows[i - 1] } else { 0 };
        let below = rows.get(i + 1).copied().unwrap_or(0);
        r & !(r << 1) & !(r >> 1) & !above & !below != 0
    })
}

/// Number of words: white runs of two or more cells, across and down.
pub fn word_count(rows: &[u32]) -> usize {
    let across: u32 = rows
        .iter()
        .map(|&r| (r & !(r << 1) & r >> 1).count_ones())
        .sum();
    let down: u32 = (0..rows.len())
        .map(|i| {
            let above = if i > 0 { rows[i - 1] } else { 0 };
            let below = rows.get(i + 1).copied().unwrap_or(0);
            (rows[i] & !above & below).count_ones()
        })
        .sum();
    (across + down) as usize
}

fn three_letter_count(rows: &[u32]) -> usize {
    let across: u32 = rows
        .iter()
        .map(|&r| (r & !(r << 1) & r >> 1 & r >> 2 & !(r >> 3)).count_ones())
        .sum();
    let at = |i: usize| rows.get(i).copied().unwrap_or(0);
    let down: u32 = (0..rows.len())
        .map(|i| {
            let above = if i > 0 { rows[i - 1] } else { 0 };
            (rows[i] & !above & at(i + 1) & at(i + 2) & !at(i + 3)).count_ones()
        })
        .sum();
    (across + down) as usize
}

/// A cheater square is a black cell whose turning white would leave the word
/// count unchanged.
fn has_cheater(rows: &[u32], width: usize) -> bool {
    let h = rows.len();
    let white = |r: isize, c: isize| {
        r >= 0
            && c >= 0
            && (r as usize) < h
            && (c as usize) < width
            && rows[r as usize] >> c & 1 == 1
    };
    let run = |r: isize, c: isize, dr: isize, dc: isize| {
        let mut n = 0;
        while white(r + dr * (n + 1), c + dc * (n + 1)) {
            n += 1;
        }
        n
    };
    let word = |len: isize| (len >= 2) as isize;
    (0..h as isize).any(|r| {
        (0..width as isize).any(|c| {
            if white(r, c) {
                return false;
            }
            let change = |dr: isize, dc: isize| {
                let (a, b) = (run(r, c, -dr, -dc), run(r, c, dr, dc));
                word(a + b + 1) - word(a) - word(b)
            };
            change(0, 1) + change(1, 0) == 0
        })
    })
}
