//! The problem a fill poses the search: the slots, their words, the
//! crossings between them and the rules every fill keeps (the floor, the
//! bans, the root rule, the constructor's own entries and the ration).
//!
//! It is built once per fill and read, never changed, by every search and
//! clone of a search over it.

use fixedbitset::FixedBitSet;

use crate::fill::crossing::Crossing;
use crate::fill::options::{FillOptions, Ration};
use crate::grid::{Grid, Slot, DEFAULT_MIN_SLOT};
use crate::wordlist::index::{Index, Words, NAME, RATIONED, WEAK};
use crate::wordlist::roots::roots as root_table;

pub(in crate::fill) struct Problem<'a> {
    pub slots: Vec<Slot>,
    pub words: Vec<Words<'a>>,
    pub(super) index: &'a Index,
    pub(super) crossings: Vec<Vec<Crossing>>,
    /// Slots of each length, for the no-repeat and root rules.
    pub(super) same_length: Vec<Vec<usize>>,
    /// Words scoring below this are left out of the domain of every slot
    /// with an open cell. A slot the grid gives whole keeps its word
    /// whatever this is: it was classified as a list word (see
    /// [`crate::fill::prepare::searched`]) at the caller's floor.
    pub(super) floor: u8,
    /// Words left out of every domain whatever their score (see
    /// [`Problem::banning`]).
    pub(super) banned: Vec<Vec<Option<u8>>>,
    /// Entries may share a root (fill-in puzzles): only the same word is
    /// ruled out.
    pub(super) shared_roots: bool,
    /// Root numbers (with [`WEAK`]) of the constructor's own entries, which
    /// no searched slot may share (see [`Problem::giving`]).
    pub(super) given: Vec<u32>,
    pub(super) rationing: Option<Rationing>,
}

/// [`Ration`] as the search applies it: allowances of flagged words.
pub(super) struct Rationing {
    pub(super) allowances: Vec<Allowance>,
    /// Per slot, whether it may hold no word of the first allowance (the
    /// rationed kinds) at all.
    pub(super) none_in: Vec<bool>,
}

/// At most `most` words with index flag `flag` in a fill.
pub(super) struct Allowance {
    pub(super) flag: u8,
    pub(super) most: usize,
    /// Per length, the words with the flag.
    pub(super) words: Vec<FixedBitSet>,
}

impl<'a> Problem<'a> {
    /// The problem `options` pose: the floor, the bans, the root rule (off
    /// for fill-in puzzles, whose lists are given) and the ration.
    pub(crate) fn from_options(
        grid: &Grid,
        slots: Vec<Slot>,
        words: Vec<Words<'a>>,
        index: &'a Index,
        options: &FillOptions,
    ) -> Problem<'a> {
        let mut problem = Problem::new(grid, slots, words, index, options.floor)
            .banning(&options.banned)
            .giving(grid);
        problem.shared_roots = options.shared_roots || options.use_all;
        problem.rationing = options.ration.map(|r| problem.rationing_of(r));
        problem
    }

    pub fn new(
        grid: &Grid,
        slots: Vec<Slot>,
        words: Vec<Words<'a>>,
        index: &'a Index,
        floor: u8,
    ) -> Problem<'a> {
        let mut owner: Vec<Vec<(usize, usize)>> = vec![Vec::new(); grid.width() * grid.height()];
        for (s, slot) in slots.iter().enumerate() {
            for (i, (r, c)) in slot.cells().enumerate() {
                owner[r * grid.width() + c].push((s, i));
            }
        }
        let mut crossings = vec![Vec::new(); slots.len()];
        for cell in &owner {
            if let [(a, i), (b, j)] = cell[..] {
                crossings[a].push(Crossing {
                    here: i,
                    other: b,
                    there: j,
                });
                crossings[b].push(Crossing {
                    here: j,
                    other: a,
                    there: i,
                });
            }
        }
        let longest = slots.iter().map(|s| s.len).max().unwrap_or(0);
        let mut same_length = vec![Vec::new(); longest + 1];
        for (s, slot) in slots.iter().enumerate() {
            same_length[slot.len].push(s);
        }
        Problem {
            slots,
            words,
            index,
            crossings,
            same_length,
            floor,
            banned: Vec::new(),
            shared_roots: false,
            given: Vec::new(),
            rationing: None,
        }
    }

    /// Takes the complete entries of `grid` that no slot searches (the
    /// constructor's own, which the list lacks) as given: no searched slot
    /// may share a root with them. Their roots are found as words of the
    /// list (ELM for a given ELMS): a root that is no word of the list has
    /// no number here, and no word of the list could share it anyway
    /// unless it is a phrase part.
    pub fn giving(mut self, grid: &Grid) -> Problem<'a> {
        let searched: Vec<(usize, usize, crate::grid::Direction)> = self
            .slots
            .iter()
            .map(|s| (s.row, s.col, s.direction))
            .collect();
        let table = root_table();
        for slot in grid.slots(DEFAULT_MIN_SLOT) {
            let letters = grid.letters(&slot);
            if searched.contains(&(slot.row, slot.col, slot.direction))
                || letters.iter().any(Option::is_none)
            {
                continue;
            }
            let entry: String = letters.iter().flatten().map(|&b| b as char).collect();
            let of = table.of(&entry);
            let weak = of.weak.iter().map(|r| (*r, WEAK));
            for (root, bit) in of.strong.iter().map(|r| (*r, 0)).chain(weak) {
                let Some(words) = self.index.of_length(root.len()) else {
                    continue;
                };
                let pattern: Vec<Option<u8>> = root.bytes().map(Some).collect();
                if let Some(w) = words.matching(&pattern, 0).minimum() {
                    if let Some(own) = words.roots(w).next() {
                        self.given.push(own | bit);
                    }
                }
            }
        }
        self
    }

    /// The search's form of `ration` for these slots.
    pub(super) fn rationing_of(&self, ration: Ration) -> Rationing {
        let longest = self.slots.iter().map(|s| s.len).max().unwrap_or(0);
        let allowance = |flag: u8, most: usize| {
            let mut words = vec![FixedBitSet::new(); longest + 1];
            for (slot, source) in self.slots.iter().zip(&self.words) {
                if words[slot.len].is_empty() {
                    let mut bits = FixedBitSet::with_capacity(source.count());
                    (0..source.count())
                        .filter(|&w| source.flags(w) & flag != 0)
                        .for_each(|w| bits.insert(w));
                    words[slot.len] = bits;
                }
            }
            Allowance { flag, most, words }
        };
        Rationing {
            allowances: vec![
                allowance(RATIONED, ration.most),
                allowance(NAME, ration.names),
            ],
            none_in: self
                .slots
                .iter()
                .map(|s| s.len >= ration.long || s.len == longest)
                .collect(),
        }
    }

    /// Words scoring below this are in no open slot's domain.
    pub fn floor(&self) -> u8 {
        self.floor
    }

    /// Leaves words below `floor` out of the open slots' domains (a
    /// polish round's raised floor); a lower one changes nothing.
    pub(crate) fn raising(mut self, floor: u8) -> Problem<'a> {
        self.floor = self.floor.max(floor);
        self
    }

    /// Leaves `words` (in grid letters, A–Z) out of every slot.
    pub fn banning(mut self, words: &[String]) -> Problem<'a> {
        self.banned = words
            .iter()
            .map(|w| w.bytes().map(Some).collect())
            .collect();
        self
    }
}
