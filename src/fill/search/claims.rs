//! What a slot down to one word (or a few of one family) takes from the
//! others: the word itself, every word sharing a root with it (no ELM
//! beside ELMS: see [`crate::wordlist::roots`]), and, once the grid holds
//! its allowance of rationed words, the other slots' rationed words.

use super::masks::without;
use super::problem::Allowance;
use super::Search;
use crate::wordlist::index::{member, WEAK};

impl Search<'_, '_> {
    /// A slot down to one word takes it, and every word sharing a root
    /// with it, from the other slots; a rationed word may use up the
    /// grid's allowance, which takes every other rationed word away.
    pub(super) fn claim_word(&mut self, slot: usize) -> bool {
        let word = self.state[slot]
            .words
            .minimum()
            .expect("a slot with count 1 has a word");
        let problem = self.problem;
        let words = problem.words[slot];
        if problem.shared_roots {
            let len = problem.slots[slot].len;
            if !self.rule_out(slot, (false, len, word)) {
                return false;
            }
        } else {
            for root in words.roots(word) {
                if !self.rule_out_root(slot, root) {
                    return false;
                }
            }
        }
        let Some(r) = &problem.rationing else {
            return true;
        };
        r.allowances
            .iter()
            .filter(|a| words.flags(word) & a.flag != 0)
            .all(|a| self.ration(slot, a))
    }

    /// A slot whose few candidates all hold one root rules that root out of
    /// the other slots, as a decided slot would (ERA or ERAS: no other slot
    /// keeps ERAS or ERA). A root every candidate holds strongly rules out
    /// every word holding it; one some hold only weakly, the words holding
    /// it strongly.
    pub(super) fn claim_family(&mut self, slot: usize) -> bool {
        let problem = self.problem;
        let words = problem.words[slot];
        let mut common: Option<Vec<u32>> = None;
        for w in self.state[slot].words.ones() {
            let roots: Vec<u32> = words.roots(w).collect();
            common = Some(match common {
                None => roots,
                Some(c) => c
                    .into_iter()
                    .filter_map(|r| {
                        roots
                            .iter()
                            .find(|&&q| q & !WEAK == r & !WEAK)
                            .map(|&q| r | (q & WEAK))
                    })
                    .collect(),
            });
            if common.as_ref().is_some_and(Vec::is_empty) {
                return true;
            }
        }
        for root in common.unwrap_or_default() {
            if !self.rule_out_root(slot, root) {
                return false;
            }
        }
        true
    }

    /// Takes from every slot but `except` the words root number `root`
    /// (with [`WEAK`] for a weak root) rules out: for a root, every word
    /// holding it; for a weak root, those holding it as a root of their own.
    pub(super) fn rule_out_root(&mut self, except: usize, root: u32) -> bool {
        let problem = self.problem;
        for packed in problem.index.members(root) {
            let (weak_there, len, word) = member(packed);
            if root & WEAK != 0 && weak_there {
                // Members are listed strong first: only weak ones are left.
                break;
            }
            if !self.rule_out(except, (weak_there, len, word)) {
                return false;
            }
        }
        true
    }

    /// Takes word `word` of length `len` from every slot of that length
    /// but `except`.
    fn rule_out(&mut self, except: usize, (_, len, word): (bool, usize, usize)) -> bool {
        let problem = self.problem;
        let Some(slots) = problem.same_length.get(len) else {
            return true;
        };
        for &other in slots {
            if other != except
                && self.state[other].words.contains(word)
                && !self.remove_word(other, word)
            {
                return false;
            }
        }
        true
    }

    /// A word of allowance `a` has come into `slot`: past the allowance
    /// that fails; at it, the undecided slots lose their words of it.
    fn ration(&mut self, slot: usize, a: &Allowance) -> bool {
        let problem = self.problem;
        let decided = |s: usize| {
            let st = &self.state[s];
            st.count == 1
                && st
                    .words
                    .minimum()
                    .is_some_and(|w| problem.words[s].flags(w) & a.flag != 0)
        };
        let used = (0..self.state.len()).filter(|&s| decided(s)).count();
        if used > a.most {
            self.failures[slot] += 1;
            return false;
        }
        if used < a.most {
            return true;
        }
        for s in 0..self.state.len() {
            let flagged = &a.words[problem.slots[s].len];
            let st = &self.state[s];
            let holds_some = st
                .words
                .as_slice()
                .iter()
                .zip(flagged.as_slice())
                .any(|(d, r)| d & r != 0);
            if st.count <= 1 || !holds_some {
                continue;
            }
            self.save(s);
            self.versions += 1;
            let st = &mut self.state[s];
            st.version = self.versions;
            without(&mut st.words, flagged);
            st.count = st.words.count_ones(..);
            if st.count == 0 {
                self.failures[s] += 1;
                return false;
            }
            self.enqueue(s);
        }
        true
    }
}
