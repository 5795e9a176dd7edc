//! Whole-grid predicates on a pattern as rows of bits: connectivity, word
//! counts, isolated white cells and cheater squares. The search checks them
//! once a pattern is complete (connectivity also on the way, for paired
//! rows); statistics and other callers use them on any pattern.

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
pub(crate) fn is_connected(rows: &[u32]) -> bool {
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
pub(super) fn reaches_all_from_last(rows: &[u32]) -> bool {
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

pub(super) fn has_isolated_white(rows: &[u32]) -> bool {
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

pub(super) fn three_letter_count(rows: &[u32]) -> usize {
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
pub(super) fn has_cheater(rows: &[u32], width: usize) -> bool {
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
