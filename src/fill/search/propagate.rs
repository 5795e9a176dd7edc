//! Propagation: letter-level arc consistency over the crossings, run to a
//! fixpoint, and the trail that undoes it.
//!
//! Every change to a slot's words goes through here: placing a word
//! (`decide`), taking one out (`refute`, `remove_word`), narrowing a slot to
//! the letters a crossing allows (`narrow`). Each saves the slot on the
//! trail first (once per mark) and queues it; `propagate` revises queued
//! slots until nothing changes, so every remaining candidate agrees with
//! some candidate of each crossing slot.

use super::masks::{letter, masks_by_intersecting, masks_by_reading};
use super::Search;
use crate::fill::crossing::{Crossing, MAX_LEN};

/// Slots with this many candidates or fewer are checked for a root all of
/// them hold (see [`Search::claim_family`]).
const FAMILY_CLAIM: usize = 8;

impl Search<'_, '_> {
    /// A point to undo back to; changes after it are saved anew.
    pub(super) fn mark(&mut self) -> usize {
        self.stamp += 1;
        self.trail.len()
    }

    /// Restores the state at `mark`; later changes are saved anew.
    pub(super) fn undo(&mut self, mark: usize) {
        self.stamp += 1;
        while self.trail.len() > mark {
            let (s, old) = self.trail.pop().expect("trail above mark");
            self.state[s] = old;
        }
    }

    /// Saves `slot` before its first change since the last mark.
    pub(super) fn save(&mut self, slot: usize) {
        if self.saved_at[slot] != self.stamp {
            self.saved_at[slot] = self.stamp;
            self.trail.push((slot, self.state[slot].clone()));
        }
    }

    pub(super) fn enqueue(&mut self, slot: usize) {
        if !self.queued[slot] {
            self.queued[slot] = true;
            self.queue.push_back(slot);
        }
    }

    /// Puts `word` in `slot` and propagates; false on a wipe-out.
    pub(super) fn decide(&mut self, slot: usize, word: usize) -> bool {
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
    pub(super) fn refute(&mut self, slot: usize, word: usize) -> bool {
        if self.remove_word(slot, word) && self.propagate() {
            return true;
        }
        // A wipe-out in `remove_word` can leave slots queued.
        self.clear_queue();
        false
    }

    pub(super) fn remove_word(&mut self, slot: usize, word: usize) -> bool {
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
    pub(super) fn propagate(&mut self) -> bool {
        while let Some(slot) = self.queue.pop_front() {
            self.queued[slot] = false;
            if !self.revise(slot) {
                self.clear_queue();
                return false;
            }
        }
        true
    }

    pub(super) fn clear_queue(&mut self) {
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
