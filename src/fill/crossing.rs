//! The slot geometry the search and its parallel-slot check share: a
//! crossing as one slot sees it, and room for a letter mask per position.
//!
//! It sits below both [`super::search`] and [`super::partners`], so that
//! each uses it without importing the other.

use crate::grid::MAX_SIDE;

/// Room for a mask per position of the longest possible slot.
pub(super) const MAX_LEN: usize = MAX_SIDE + 1;

/// A crossing seen from one slot: my position, the other slot, its position.
#[derive(Clone, Copy)]
pub(super) struct Crossing {
    pub here: usize,
    pub other: usize,
    pub there: usize,
}
