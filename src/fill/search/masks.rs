//! Letter masks read off a slot's candidates, and the bitset steps the
//! search shares.
//!
//! A mask is 26 bits, the letters some candidate has at one position. There
//! are two ways to read them: reading every candidate word, which costs the
//! candidate count, or intersecting the candidates with each letter's
//! words, which costs a pass over the bitset per letter still allowed; the
//! search picks whichever is cheaper (see `Search::letter_masks`).

use fixedbitset::FixedBitSet;

use crate::fill::crossing::MAX_LEN;
use crate::wordlist::index::{Words, LETTERS};

pub(super) const ALL_LETTERS: u32 = (1 << LETTERS) - 1;

// Inlined into the propagation loop, as it was when it lived there: the
// call and the returned array cost a few per cent of a 21×21 fill.
#[inline]
pub(super) fn masks_by_reading(
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
#[inline]
pub(super) fn masks_by_intersecting(
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

pub(super) fn letter(bit: u32) -> u8 {
    b'A' + bit as u8
}

/// Removes from `domain` the words of `gone` (which may span more or fewer
/// words than the domain).
pub(super) fn without(domain: &mut FixedBitSet, gone: &FixedBitSet) {
    for (d, g) in domain.as_mut_slice().iter_mut().zip(gone.as_slice()) {
        *d &= !g;
    }
}
