//! What restarts learn: the nogoods of a stopped branch, and their
//! propagation by two watched decisions.
//!
//! When a restart runs out of budget, every word its branch had refuted is
//! a proven failure *given the words decided above it*: the set of those
//! decisions plus the refuted word is a nogood, which later restarts never
//! explore again. Once all but one of a nogood's words are placed, the last
//! is removed from its slot.

use super::{Decision, Nogood, Search};

/// Nogoods longer than this are not kept: long ones rarely fire and cost a
/// check on every placement of their watched slots.
const LONGEST_NOGOOD: usize = 40;
/// Nogoods kept at most; beyond it a restart learns nothing more.
const MOST_NOGOODS: usize = 100_000;

impl Search<'_, '_> {
    /// Records the nogoods of the branch a restart stopped on: each refuted
    /// word with the words placed above it. A refutation with nothing placed
    /// above holds for good and is made at the root. False when that leaves
    /// no fill.
    pub(super) fn learn_from_branch(&mut self) -> bool {
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
    pub(super) fn propagate_nogoods(&mut self, slot: usize) -> bool {
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
}
