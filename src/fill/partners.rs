//! Parallel slots: a cheap check that catches the commonest dead end.
//!
//! In the grids that are hard to decide, most placements that fail fail the
//! same way: a word goes into one row of a stack and leaves the row beside it
//! no word, because at each column the crossing slot allows only some letters
//! next to the new one. Propagation finds this too, but only after narrowing
//! every crossing slot and revising each; here it is checked first. Each
//! crossing slot two parallel slots share gives a table of the letter pairs
//! it still allows in their two cells; a word passes when the parallel slot
//! has some word whose letters pair with it in every such table.
//!
//! Whatever the check rules out, propagation after the placement would have
//! ruled out too (each table is what that crossing slot would allow next to
//! the word's letter), so no fill is lost and failures only come cheaper;
//! on a catch the parallel slot takes the blame for dom/wdeg, as it would
//! had propagation wiped it out. Tables and the parallel slots' letters are
//! kept, each while the slot it was read from is unchanged.

use fixedbitset::FixedBitSet;

use super::crossing::{Crossing, MAX_LEN};
use crate::wordlist::index::{Words, LETTERS};

/// Parallel slots with more candidates than this are not checked: the
/// check would cost more than the placement it saves.
const MOST_PARTNERS: usize = 2_000;
/// Crossing slots with more candidates than this are not read for pairs.
const MOST_PAIRS: usize = 3_000;

/// Two cells of one crossing slot, one in each of two parallel slots: the
/// position in each, the crossing slot, and their positions in it.
#[derive(Clone, Copy, Debug)]
struct Link {
    here: usize,
    there: usize,
    down: usize,
    at_here: usize,
    at_there: usize,
}

/// What the check needs to know of a slot now.
pub(super) struct View<'s> {
    pub words: &'s FixedBitSet,
    pub count: usize,
    /// Changes whenever the words do (see `SlotState::version`).
    pub version: u64,
}

/// One parallel slot of one slot, as last read.
#[derive(Clone, Default)]
struct Parallel {
    /// Version of the parallel slot its letters were read from.
    version: u64,
    /// Per word of the parallel slot, per link, its letter there (a bit).
    letters: Vec<u32>,
    /// Per link: the crossing slot's version and the letters it allows in
    /// the parallel slot's cell beside each letter in mine (None: too big
    /// to read, the link is not checked).
    tables: Vec<(u64, Option<[u32; LETTERS]>)>,
    /// The partner found last (a residue, as in AC-2001): the next word
    /// often pairs with it too, so it is tried first.
    last: usize,
}

#[derive(Clone)]
pub(super) struct Partners {
    /// For each slot, the parallel slots sharing a crossing slot with it and
    /// the links through those crossing slots.
    parallels: Vec<Vec<(usize, Vec<Link>)>>,
    /// The same, as last read, for each slot's parallel slots in order.
    read: Vec<Vec<Parallel>>,
}

impl Partners {
    pub fn new(crossings: &[Vec<Crossing>]) -> Partners {
        let mut parallels: Vec<Vec<(usize, Vec<Link>)>> = vec![Vec::new(); crossings.len()];
        for (slot, list) in parallels.iter_mut().enumerate() {
            for c in &crossings[slot] {
                for c2 in crossings[c.other].iter().filter(|c2| c2.other != slot) {
                    let link = Link {
                        here: c.here,
                        there: c2.there,
                        down: c.other,
                        at_here: c.there,
                        at_there: c2.here,
                    };
                    match list.iter_mut().find(|(p, _)| *p == c2.other) {
                        Some((_, links)) => links.push(link),
                        None => list.push((c2.other, vec![link])),
                    }
                }
            }
        }
        let read = parallels
            .iter()
            .map(|list| {
                list.iter()
                    .map(|(_, links)| Parallel {
                        version: u64::MAX,
                        letters: Vec::new(),
                        tables: vec![(u64::MAX, None); links.len()],
                        last: 0,
                    })
                    .collect()
            })
            .collect();
        Partners { parallels, read }
    }

    /// A parallel slot that `word` in `slot` would leave with no word (see
    /// the module doc), or None.
    pub(crate) fn orphaned<'s>(
        &mut self,
        slot: usize,
        word: usize,
        words: &[Words],
        view: impl Fn(usize) -> View<'s>,
    ) -> Option<usize> {
        let mine = words[slot].word(word);
        let mut caught = None;
        for (i, ((other, links), read)) in self.parallels[slot]
            .iter()
            .zip(&mut self.read[slot])
            .enumerate()
        {
            let them = view(*other);
            // A parallel slot down to one word is checked exactly by
            // propagation already.
            if them.count <= 1 || them.count > MOST_PARTNERS {
                continue;
            }
            if read.version != them.version {
                read.version = them.version;
                read.letters.clear();
                for u in them.words.ones() {
                    let theirs = words[*other].word(u);
                    read.letters
                        .extend(links.iter().map(|l| 1u32 << (theirs[l.there] - b'A')));
                }
            }
            let mut allowed = [0u32; MAX_LEN];
            for ((l, a), (version, table)) in links.iter().zip(&mut allowed).zip(&mut read.tables) {
                let down = view(l.down);
                if *version != down.version {
                    *version = down.version;
                    *table =
                        (down.count <= MOST_PAIRS).then(|| pairs(l, words[l.down], down.words));
                }
                *a = table.map_or(!0, |t| t[(mine[l.here] - b'A') as usize]);
            }
            let n = links.len();
            let pairs_with = |theirs: &[u32]| theirs.iter().zip(&allowed).all(|(t, a)| t & a != 0);
            let partnered = read
                .letters
                .get(read.last * n..(read.last + 1) * n)
                .is_some_and(pairs_with)
                || match read.letters.chunks_exact(n).position(pairs_with) {
                    Some(at) => {
                        read.last = at;
                        true
                    }
                    None => false,
                };
            if !partnered {
                caught = Some((i, *other));
                break;
            }
        }
        let (i, other) = caught?;
        // The parallel slot that caught goes first next time.
        self.parallels[slot].swap(0, i);
        self.read[slot].swap(0, i);
        Some(other)
    }
}

/// The letters the crossing slot of `link` allows at `at_there` beside each
/// letter at `at_here`, read off its candidate `words`.
fn pairs(link: &Link, down: Words, words: &FixedBitSet) -> [u32; LETTERS] {
    let mut table = [0u32; LETTERS];
    for w in words.ones() {
        let letters = down.word(w);
        table[(letters[link.at_here] - b'A') as usize] |= 1 << (letters[link.at_there] - b'A');
    }
    table
}
