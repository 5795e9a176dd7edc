//! The rows a free row of the search may take: every row that keeps the
//! row-local rules, the further cuts of lattice, symmetry and edge rules at
//! each depth, and a trie over long lists that finds the rows a column state
//! admits without looking at the others.
//!
//! A row is a bit mask, bit `c` white for column `c`.

use rand::Rng;

use crate::pattern::rules::Rules;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Pairing {
    None,
    Reverse,
    Same,
}

/// Candidate rows indexed by their bits, highest first, so that the rows
/// containing every `required` bit and no `forbidden` bit are listed without
/// looking at the others, in ascending order. Wide grids have tens of
/// thousands of legal rows of which a node's column state admits a handful.
pub(super) struct RowTrie {
    /// Children of each node for bit value 0 and 1; `NONE` when absent.
    nodes: Vec<[u32; 2]>,
    /// Rows below each node, to share a random draw between branches.
    rows_below: Vec<u32>,
    width: usize,
}

const NONE: u32 = u32::MAX;

impl RowTrie {
    pub(super) fn new(rows: &[u32], width: usize) -> RowTrie {
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
    pub(super) fn draw<R: Rng>(
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

    pub(super) fn collect(&self, required: u32, forbidden: u32, out: &mut Vec<u32>) {
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

/// Rows allowed by every row-local rule, in increasing numeric order.
pub(super) fn valid_rows(width: usize, rules: &Rules, palindromic: bool) -> Vec<u32> {
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
pub(super) fn runs(mut row: u32) -> impl Iterator<Item = u32> {
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
pub(super) fn longest_run(row: u32) -> usize {
    runs(row)
        .map(|r| r.count_ones() as usize)
        .max()
        .unwrap_or(0)
}

/// Keeps the rows free row `depth` may take beyond the row-local rules: the
/// lattice's, a palindrome in the middle row of a half turn, a white cell
/// in an edge row that must have one.
pub(super) fn fit_depth(
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
pub(super) fn reverse(row: u32, width: usize) -> u32 {
    row.reverse_bits() >> (32 - width)
}
