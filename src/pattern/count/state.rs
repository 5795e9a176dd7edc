//! The packed frontier state: where each part of a state sits in its key,
//! how a white frontier cell's run and component are coded, the decoded
//! frontier the sweep works on, and the edit one coloured cell makes to it.

/// Widest frontier the fixed-size arrays hold.
pub(super) const MAX_COLS: usize = 32;

/// Bit positions of the parts of a packed state: `cell_bits` per frontier
/// cell from bit 0, then the run along the row, the flags and the black count.
#[derive(Clone, Copy, Debug)]
pub(super) struct Layout {
    pub(super) cell_bits: u32,
    pub(super) across_shift: u32,
    pub(super) across_bits: u32,
    pub(super) flags_shift: u32,
    pub(super) flags_bits: u32,
    pub(super) blacks_shift: u32,
    pub(super) blacks_bits: u32,
    pub(super) total_bits: u32,
}

/// Run tags of a white frontier cell, in connected mode. A cell that continues
/// the run to its left has no tag of its own; the first cell of each run says
/// where the run stands in its component, reading left to right.
pub(super) const TAG_CONTINUES: u8 = 0;
pub(super) const TAG_ONLY: u8 = 1;
pub(super) const TAG_OPENS: u8 = 2;
pub(super) const TAG_MIDDLE: u8 = 3;
pub(super) const TAG_CLOSES: u8 = 4;
pub(super) const TAGS: u8 = 5;
/// Not a tag: what the decoding table gives for a black cell.
pub(super) const TAG_BLACK: u8 = 5;

/// Connected-mode cell code to (run length down, tag), as a table because
/// decoding is on the hot path.
pub(super) const CELL_CODES: [(u8, u8); 256] = cell_codes();

const fn cell_codes() -> [(u8, u8); 256] {
    let mut table = [(0, TAG_BLACK); 256];
    let mut code = 1;
    while code < 256 {
        table[code] = (
            ((code - 1) / TAGS as usize + 1) as u8,
            ((code - 1) % TAGS as usize) as u8,
        );
        code += 1;
    }
    table
}

/// A decoded state: the frontier before cell (r, c) is coloured is, left to
/// right, cells (r, 0..c) and (r-1, c..).
#[derive(Clone, Copy, Debug)]
pub(super) struct Frontier {
    /// Length of the white run down into each cell; 0 for a black cell.
    pub(super) down: [u8; MAX_COLS],
    /// Component of each white cell, numbered from 1 by first appearance.
    pub(super) label: [u8; MAX_COLS],
    /// Length of the white run along the current row up to the next cell.
    pub(super) across: u8,
    pub(super) flags: u8,
    /// Black cells so far, weighted by their images (see [`BlackLimit`]).
    pub(super) blacks: u32,
    /// Bit j: a run starts at cell j and is its component's only run.
    pub(super) lone_runs: u32,
}

impl Frontier {
    pub(super) const EMPTY: Frontier = Frontier {
        down: [0; MAX_COLS],
        label: [0; MAX_COLS],
        across: 0,
        flags: 0,
        blacks: 0,
        lone_runs: 0,
    };

    pub(super) fn white_except(&self, cols: usize, skip: usize) -> bool {
        (0..cols).any(|j| j != skip && self.down[j] > 0)
    }

    pub(super) fn component_count(&self, cols: usize) -> usize {
        (0..cols)
            .filter(|&j| self.down[j] > 0)
            .map(|j| self.label[j] as usize)
            .max()
            .unwrap_or(0)
    }
}

/// A frontier after one cell is coloured, described as a change to the one
/// before, so that no frontier is copied on the hot path.
pub(super) struct Edit {
    pub(super) col: usize,
    pub(super) down: u8,
    pub(super) label: u8,
    /// Every cell labelled `rename.0` is relabelled `rename.1`.
    pub(super) rename: (u8, u8),
    pub(super) across: u8,
    pub(super) flags: u8,
    pub(super) blacks: u32,
}

/// Renaming label 0 (black cells) to itself changes nothing.
pub(super) const NO_RENAME: (u8, u8) = (0, 0);

/// What colouring a cell black leads to.
pub(super) enum Outcome<K> {
    Dead,
    State(K),
    /// The only component closed and every remaining cell may stay black: a
    /// whole valid pattern.
    Complete,
}

/// Bits of a packed state for a frontier of `cols` cells, or None unless the
/// top bit of a u128 stays clear.
pub(super) fn layout(
    cols: usize,
    cap: u8,
    connected: bool,
    flags: u8,
    black_cap: u32,
) -> Option<Layout> {
    let codes = if connected {
        cap as u32 * TAGS as u32
    } else {
        cap as u32
    };
    let cell_bits = bits_for(codes);
    let across_shift = cols as u32 * cell_bits;
    let across_bits = bits_for(cap as u32);
    let flags_shift = across_shift + across_bits;
    let flags_bits = bits_for(flags as u32);
    let blacks_shift = flags_shift + flags_bits;
    let blacks_bits = bits_for(black_cap);
    let total_bits = blacks_shift + blacks_bits;
    (total_bits < 128).then_some(Layout {
        cell_bits,
        across_shift,
        across_bits,
        flags_shift,
        flags_bits,
        blacks_shift,
        blacks_bits,
        total_bits,
    })
}

/// Bits needed to store values 0..=max.
fn bits_for(max: u32) -> u32 {
    u32::BITS - max.leading_zeros()
}
