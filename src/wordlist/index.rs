//! The letter-position index the filler searches with, in one byte layout
//! that is both built in memory and memory-mapped from a cache file.
//!
//! Per word length, words are stored best score first (so a word's position is
//! also its rank) and for every (position, letter) a bitset marks the words
//! with that letter there. A slot's candidates are then a bitset, and a fixed
//! or crossing letter narrows them with one AND. Because the layout is the
//! same in memory and on disk, opening a cached index is a map plus a
//! checksum: no parsing.
//!
//! Beside letters and scores the index records what the search needs to
//! know of each word as an editor would: its roots (see
//! [`super::roots`]: placing a word rules out every word sharing a root,
//! its own letters included, so the same table serves the no-repeat rule)
//! and whether it is of a kind editors ration (see
//! [`super::notes::Kind::RATIONED`]). Roots are numbered per index; a
//! word lists its root numbers and each root number its words, so placing
//! a word costs a walk over the few words of its families.
//!
//! Layout (little-endian u64 words; sections 8-byte aligned):
//! `MAGIC, key, total bytes, longest length, roots, root starts offset,
//! members offset`, then per length `count, letters offset, scores offset,
//! bitsets offset, flags offset, root starts offset, roots offset`, then
//! the sections (the roots' members first, then each length's), then a
//! checksum of everything before it. Root lists are
//! u32s: a word's roots are root numbers (bit 31 set for a weak root), a
//! root's members `weak << 31 | length << 26 | word number`.

use std::fs::File;
use std::path::Path;

use fixedbitset::FixedBitSet;

use super::notes::{notes, Kind, Notes};
use super::roots::{roots, RootTable};
use super::{Entry, WordList, MAX_SCORE};
use crate::error::{Error, IoContext, Result};
use crate::files::{self, Existing};
use crate::progress::{Deadline, Reporter};

pub(crate) const LETTERS: usize = 26;
const MAGIC: u64 = u64::from_le_bytes(*b"CRVIDX02");
const HEADER_WORDS: usize = 7;
const TABLE_WORDS: usize = 7;

/// A word's flag: it is of a kind editors ration, and no everyday one.
pub(crate) const RATIONED: u8 = 1;
/// A word's flag: it is a name.
pub const NAME: u8 = 2;
/// Bit 31 of a root number or member: the root is a weak one.
pub const WEAK: u32 = 1 << 31;
const LENGTH_SHIFT: u32 = 26;
const WORD_MASK: u32 = (1 << LENGTH_SHIFT) - 1;

/// What the index records of each word besides letters and score.
#[derive(Clone, Copy)]
pub(crate) struct Lexicon<'a> {
    pub roots: &'a RootTable,
    pub notes: &'a Notes,
}

impl Lexicon<'static> {
    /// What the default list knows (`wordlists/roots.txt`, `notes.txt`).
    pub fn embedded() -> Lexicon<'static> {
        Lexicon {
            roots: roots(),
            notes: notes(),
        }
    }
}

/// Rationed kinds at this score or more are everyday ones (ATM, DNA,
/// NASA), which editors do not count against a grid.
pub(crate) const EVERYDAY: u8 = 60;

impl Lexicon<'_> {
    fn flags(&self, word: &str, score: u8) -> u8 {
        match self.notes.get(word) {
            Some(note) => {
                let rationed = if note.rationed() && score < EVERYDAY {
                    RATIONED
                } else {
                    0
                };
                let name = if note.is(Kind::Name) { NAME } else { 0 };
                rationed | name
            }
            None => 0,
        }
    }
}

const _: () = assert!(usize::BITS == 64, "bitset blocks are read as 64-bit words");

enum Backing {
    /// Little-endian words, viewed as bytes.
    Owned(Vec<u64>),
    Mapped(memmap2::Mmap),
}

impl Backing {
    fn bytes(&self) -> &[u8] {
        match self {
            Backing::Owned(v) => as_bytes(v),
            Backing::Mapped(m) => m,
        }
    }
}

/// The bytes of `words`, without a copy (the index of a big list is
/// hundreds of megabytes).
fn as_bytes(words: &[u64]) -> &[u8] {
    // SAFETY: the slice is initialized memory of exactly this many bytes,
    // and u8 has no alignment requirement.
    unsafe { std::slice::from_raw_parts(words.as_ptr().cast::<u8>(), std::mem::size_of_val(words)) }
}

/// Each word's root numbers, its own first, as (starts, roots, number of
/// roots): word `n`'s are `roots[starts[n]..starts[n + 1]]`. A root that
/// is a word of the list is that word's number; others are numbered after
/// the words. None once `deadline` passes.
fn word_roots(
    sorted: &Sorted,
    first: &[usize],
    lexicon: &Lexicon,
    deadline: &Deadline,
) -> Option<(Vec<u32>, Vec<u32>, usize)> {
    let total = sorted.order.len();
    let mut others: std::collections::HashMap<&str, u32> = Default::default();
    let mut starts: Vec<u32> = Vec::with_capacity(total + 1);
    let mut roots: Vec<u32> = Vec::with_capacity(total);
    for number in 0..total {
        if deadline.tick() {
            return None;
        }
        let entry = sorted.get(number);
        starts.push(roots.len() as u32);
        let of = lexicon.roots.of(entry.word);
        let weak = of.weak.iter().map(|r| (*r, WEAK));
        for (k, (root, bit)) in of.strong.iter().map(|r| (*r, 0)).chain(weak).enumerate() {
            let root_number = match k {
                0 => number as u32,
                _ => match sorted.position(first, root) {
                    Some(n) => n as u32,
                    None => {
                        let next = (total + others.len()) as u32;
                        *others.entry(root).or_insert(next)
                    }
                },
            };
            roots.push(root_number | bit);
        }
    }
    starts.push(roots.len() as u32);
    Some((starts, roots, total + others.len()))
}

/// Each root's members (see [`member`]), strong ones first, since a weak
/// root rules out only those: (starts, members) as in [`word_roots`].
/// None once `deadline` passes.
fn root_members(
    root_starts: &[u32],
    roots: &[u32],
    root_count: usize,
    first: &[usize],
    deadline: &Deadline,
) -> Option<(Vec<u32>, Vec<u32>)> {
    let mut starts = vec![0u32; root_count + 1];
    for &root in roots {
        starts[(root & !WEAK) as usize + 1] += 1;
    }
    for r in 0..root_count {
        starts[r + 1] += starts[r];
    }
    let mut members = vec![0u32; roots.len()];
    let mut next: Vec<u32> = starts[..root_count].to_vec();
    for weak_pass in [false, true] {
        for len in 1..first.len() - 1 {
            for number in first[len]..first[len + 1] {
                if deadline.tick() {
                    return None;
                }
                let own = root_starts[number] as usize..root_starts[number + 1] as usize;
                for &root in &roots[own] {
                    if (root & WEAK != 0) == weak_pass {
                        let at = &mut next[(root & !WEAK) as usize];
                        let i = (number - first[len]) as u32;
                        members[*at as usize] = (root & WEAK) | ((len as u32) << LENGTH_SHIFT) | i;
                        *at += 1;
                    }
                }
            }
        }
    }
    Some((starts, members))
}

/// A list's entries in index order.
struct Sorted<'a> {
    list: &'a WordList,
    order: &'a [u32],
}

impl<'a> Sorted<'a> {
    fn get(&self, number: usize) -> Entry<'a> {
        self.list.entry(self.order[number])
    }

    /// Where each length's words start: `first[len]..first[len + 1]` are
    /// the words of length `len`, for every length up to `longest`. An
    /// error when a length has more words than an index can number.
    fn length_starts(&self, longest: usize) -> Result<Vec<usize>> {
        let mut first = vec![0usize; longest + 2];
        for number in 0..self.order.len() {
            first[self.get(number).word.len() + 1] += 1;
        }
        for len in 0..=longest {
            if first[len + 1] > WORD_MASK as usize + 1 {
                return Err(Error::invalid(format!(
                    "the word lists hold {} words of {len} letters; an index holds at most {}",
                    first[len + 1],
                    WORD_MASK as usize + 1
                )));
            }
            first[len + 1] += first[len];
        }
        Ok(first)
    }

    /// The number (in index order) of `word` when the list holds it, by
    /// binary search among the words of its length
    /// (`first[len]..first[len + 1]`), which are in (score, word) order:
    /// with the word's score when the list can look it up, else score by
    /// score (see [`WordList::forget_lookups`]).
    fn position(&self, first: &[usize], word: &str) -> Option<usize> {
        let len = word.len();
        let (from, to) = (*first.get(len)?, *first.get(len + 1)?);
        let find = |score: u8| {
            let key = (std::cmp::Reverse(score), word);
            self.order[from..to]
                .binary_search_by(|&n| {
                    let e = self.list.entry(n);
                    (std::cmp::Reverse(e.score), e.word).cmp(&key)
                })
                .ok()
                .map(|i| from + i)
        };
        match self.list.get(word) {
            Some(entry) => find(entry.score),
            None if self.list.can_look_up() => None,
            None => (0..=MAX_SCORE).find_map(find),
        }
    }
}

/// Why a cache file cannot be used (it is then rebuilt).
#[derive(Debug, PartialEq, Eq)]
pub enum Unusable {
    Missing,
    WrongKey,
    Truncated,
    Corrupt,
}

pub struct Index {
    backing: Backing,
}

fn word_at(bytes: &[u8], word: usize) -> u64 {
    let at = word * 8;
    u64::from_le_bytes(bytes[at..at + 8].try_into().expect("8 bytes"))
}

fn checksum(bytes: &[u8]) -> u64 {
    bytes
        .chunks_exact(8)
        .fold(0x9E37_79B9_7F4A_7C15u64, |h, chunk| {
            let w = u64::from_le_bytes(chunk.try_into().expect("8 bytes"));
            (h ^ w).wrapping_mul(0xFF51_AFD7_ED55_8CCD).rotate_left(29)
        })
}

fn blocks_for(count: usize) -> usize {
    count.div_ceil(64)
}

impl Index {
    /// Builds the index of `list`, tagged with `key` (the cache key), with
    /// what the default list knows of its words.
    pub fn build(list: &WordList, key: u64) -> Result<Index> {
        Index::build_with(list, key, &Lexicon::embedded())
    }

    /// Builds the index of `list` with the roots and kinds of `lexicon`.
    pub(crate) fn build_with(list: &WordList, key: u64, lexicon: &Lexicon) -> Result<Index> {
        Index::build_until(list, key, lexicon, &Deadline::never())
    }

    /// [`Index::build_with`], giving up with [`Error::TimedOut`] once
    /// `deadline` passes.
    ///
    /// Memory is what lists of millions of words decide, so the build holds
    /// nothing per word beyond the index itself but a few u32s: words are
    /// numbered in index order, a word's own root is its number (so a root
    /// that is a word of the list needs no table), and only roots that are
    /// no word of the list are numbered through a map. The index is sized
    /// once, exactly, before it is written.
    pub(crate) fn build_until(
        list: &WordList,
        key: u64,
        lexicon: &Lexicon,
        deadline: &Deadline,
    ) -> Result<Index> {
        let timed_out = || {
            Error::TimedOut(format!(
                "indexing the word lists ({} words); an index is built once and then cached, so a run without --timeout makes the next ones quick",
                list.len()
            ))
        };
        let order = list.sorted_numbers_until(deadline).ok_or_else(timed_out)?;
        let sorted = Sorted {
            list,
            order: &order,
        };
        let longest = order
            .len()
            .checked_sub(1)
            .map_or(0, |last| sorted.get(last).word.len());
        let first = sorted.length_starts(longest)?;
        let (root_starts, roots, root_count) =
            word_roots(&sorted, &first, lexicon, deadline).ok_or_else(timed_out)?;
        let (member_starts, members) =
            root_members(&root_starts, &roots, root_count, &first, deadline)
                .ok_or_else(timed_out)?;
        // The exact size, in u64 words.
        let in_words = |bytes: usize| bytes.div_ceil(8);
        let mut size = HEADER_WORDS + (longest + 1) * TABLE_WORDS;
        for len in 0..=longest {
            let count = first[len + 1] - first[len];
            let own_roots = (root_starts[first[len + 1]] - root_starts[first[len]]) as usize;
            size += in_words(count * len) // letters
                + 2 * in_words(count) // scores, flags
                + len * LETTERS * blocks_for(count)
                + in_words((count + 1) * 4)
                + in_words(own_roots * 4);
        }
        size += in_words((root_count + 1) * 4) + in_words(members.len() * 4) + 1;
        let mut words: Vec<u64> = Vec::with_capacity(size);
        words.extend_from_slice(&[MAGIC, key, 0, longest as u64, 0, 0, 0]);
        let table_start = words.len();
        words.resize(table_start + (longest + 1) * TABLE_WORDS, 0);
        // The members first, so that their arrays are gone before the
        // biggest part, the bitsets, is written.
        words[4] = root_count as u64;
        words[5] = push_u32s(&mut words, member_starts.iter().copied()) as u64;
        drop(member_starts);
        words[6] = push_u32s(&mut words, members.iter().copied()) as u64;
        drop(members);
        for len in 0..=longest {
            if deadline.tick() {
                return Err(timed_out());
            }
            // Gathered once: the entries are scattered through the list,
            // and reading them once per section cost a third of the time.
            let gathered: Vec<(&str, u8)> = (first[len]..first[len + 1])
                .map(|n| sorted.get(n))
                .map(|e| (e.word, e.score))
                .collect();
            let count = gathered.len();
            let letters_at = push_bytes(&mut words, gathered.iter().flat_map(|(w, _)| w.bytes()));
            let scores_at = push_bytes(&mut words, gathered.iter().map(|&(_, score)| score));
            let bits_at = words.len();
            let blocks = blocks_for(count);
            words.resize(bits_at + len * LETTERS * blocks, 0);
            for (i, (word, _)) in gathered.iter().enumerate() {
                if deadline.tick() {
                    return Err(timed_out());
                }
                for (position, letter) in word.bytes().enumerate() {
                    let set = bits_at + (position * LETTERS + (letter - b'A') as usize) * blocks;
                    words[set + i / 64] |= 1 << (i % 64);
                }
            }
            let flags_at = push_bytes(
                &mut words,
                gathered
                    .iter()
                    .map(|&(word, score)| lexicon.flags(word, score)),
            );
            let base = root_starts[first[len]];
            let starts = root_starts[first[len]..=first[len + 1]]
                .iter()
                .map(|s| s - base);
            let starts_at = push_u32s(&mut words, starts);
            let own = base as usize..root_starts[first[len + 1]] as usize;
            let roots_at = push_u32s(&mut words, roots[own].iter().copied());
            let row = table_start + len * TABLE_WORDS;
            words[row..row + TABLE_WORDS].copy_from_slice(&[
                count as u64,
                letters_at as u64,
                scores_at as u64,
                bits_at as u64,
                flags_at as u64,
                starts_at as u64,
                roots_at as u64,
            ]);
        }
        drop((roots, root_starts));
        words[2] = ((words.len() + 1) * 8) as u64;
        debug_assert_eq!(words.len() + 1, size, "the index was sized exactly");
        // The bytes are the words in little-endian order, as a cache file
        // holds them: on a big-endian machine each word is swapped once.
        for w in &mut words {
            *w = w.to_le();
        }
        let sum = checksum(as_bytes(&words));
        words.push(sum.to_le());
        Ok(Index {
            backing: Backing::Owned(words),
        })
    }

    /// Writes the index to `path` atomically, replacing an older one.
    pub fn save(&self, path: &Path) -> Result<()> {
        // A cache goes only to a regular file: a FIFO or device in its place
        // is left alone (streaming to it would block or lose the index).
        match files::target(path, Existing::Replace)? {
            files::Target::File { .. } => {
                files::write(path, self.backing.bytes(), Existing::Replace)
            }
            _ => Err(crate::Error::invalid(format!(
                "{} is not a regular file",
                path.display()
            ))),
        }
    }

    /// Maps a cache file and checks it is whole and built for `key`.
    pub fn open(path: &Path, key: u64) -> Result<Index, Unusable> {
        // Only a regular file is a cache: opening a FIFO would block, and a
        // device is nothing we wrote.
        match std::fs::metadata(path) {
            Ok(meta) if meta.is_file() => {}
            Ok(_) => return Err(Unusable::Corrupt),
            Err(_) => return Err(Unusable::Missing),
        }
        let file = File::open(path).map_err(|_| Unusable::Missing)?;
        // SAFETY: cache files are only ever replaced by rename, never written
        // in place, so the mapped bytes do not change under us; their content
        // is validated below before any use.
        let map = unsafe { memmap2::Mmap::map(&file) }.map_err(|_| Unusable::Corrupt)?;
        let bytes: &[u8] = &map;
        if bytes.len() < (HEADER_WORDS + 1) * 8
            || !bytes.len().is_multiple_of(8)
            || word_at(bytes, 0) != MAGIC
        {
            return Err(Unusable::Corrupt);
        }
        if word_at(bytes, 2) != bytes.len() as u64 {
            return Err(Unusable::Truncated);
        }
        let body = bytes.len() - 8;
        if checksum(&bytes[..body]) != word_at(bytes, body / 8) {
            return Err(Unusable::Corrupt);
        }
        if word_at(bytes, 1) != key {
            return Err(Unusable::WrongKey);
        }
        Ok(Index {
            backing: Backing::Mapped(map),
        })
    }

    /// Length of the longest word.
    pub fn longest(&self) -> usize {
        word_at(self.backing.bytes(), 3) as usize
    }

    /// The words of length `len`, or None when the list has none.
    pub fn of_length(&self, len: usize) -> Option<Words<'_>> {
        if len > self.longest() {
            return None;
        }
        let bytes = self.backing.bytes();
        let row = HEADER_WORDS + len * TABLE_WORDS;
        let field = |i: usize| word_at(bytes, row + i) as usize;
        let count = field(0);
        (count > 0).then(|| Words {
            bytes,
            len,
            count,
            letters: field(1) * 8,
            scores: field(2) * 8,
            bits: field(3) * 8,
            flags: field(4) * 8,
            root_starts: field(5) * 8,
            roots: field(6) * 8,
        })
    }

    /// The words of root number `root` (without its weak bit), each as
    /// `WEAK` if the root is a weak one of that word, its length and its
    /// number among the words of that length (see [`member`]).
    pub(crate) fn members(&self, root: u32) -> impl Iterator<Item = u32> + '_ {
        let bytes = self.backing.bytes();
        let root = (root & !WEAK) as usize;
        let starts = word_at(bytes, 5) as usize * 8;
        let at = starts + root * 4;
        let from = u32_at(bytes, at) as usize;
        let to = u32_at(bytes, at + 4) as usize;
        let flat = word_at(bytes, 6) as usize * 8;
        (from..to).map(move |k| u32_at(bytes, flat + k * 4))
    }

    pub fn total_words(&self) -> usize {
        (0..=self.longest())
            .filter_map(|len| self.of_length(len))
            .map(|w| w.count())
            .sum()
    }

    /// Bytes of memory the index holds (none for a mapped cache file, whose
    /// pages the kernel shares and drops), for budgets.
    pub(crate) fn heap_bytes(&self) -> usize {
        match &self.backing {
            Backing::Owned(words) => words.capacity() * 8,
            Backing::Mapped(_) => 0,
        }
    }

    /// True when this index came from a cache file rather than a build.
    pub fn is_mapped(&self) -> bool {
        matches!(self.backing, Backing::Mapped(_))
    }
}

/// The u32 at byte `at`.
fn u32_at(bytes: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(bytes[at..at + 4].try_into().expect("4 bytes"))
}

/// A root member's parts: whether the root is weak for it, its length and
/// its word number.
pub(crate) fn member(packed: u32) -> (bool, usize, usize) {
    (
        packed & WEAK != 0,
        (packed & !WEAK) as usize >> LENGTH_SHIFT,
        (packed & WORD_MASK) as usize,
    )
}

/// Appends `data` as u32s (in the byte order [`push_bytes`] gives);
/// returns its offset in words.
fn push_u32s(words: &mut Vec<u64>, data: impl IntoIterator<Item = u32>) -> usize {
    push_bytes(words, data.into_iter().flat_map(u32::to_le_bytes))
}

/// Appends `data` to `words`, zero-padded, as the bytes the words will
/// be read as (see the end of [`Index::build_until`]); returns its offset
/// in words.
fn push_bytes(words: &mut Vec<u64>, data: impl IntoIterator<Item = u8>) -> usize {
    let at = words.len();
    let mut block = [0u8; 8];
    let mut filled = 0;
    for byte in data {
        block[filled] = byte;
        filled += 1;
        if filled == 8 {
            words.push(u64::from_le_bytes(block));
            filled = 0;
        }
    }
    if filled > 0 {
        block[filled..].fill(0);
        words.push(u64::from_le_bytes(block));
    }
    at
}

/// All words of one length, viewed in the index bytes.
#[derive(Clone, Copy)]
pub struct Words<'a> {
    bytes: &'a [u8],
    len: usize,
    count: usize,
    /// Byte offsets of the letters, the scores, the first bitset, the
    /// flags, the root starts and the roots.
    letters: usize,
    scores: usize,
    bits: usize,
    flags: usize,
    root_starts: usize,
    roots: usize,
}

impl<'a> Words<'a> {
    pub fn len(&self) -> usize {
        self.len
    }

    pub fn count(&self) -> usize {
        self.count
    }

    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    pub fn word(&self, i: usize) -> &'a [u8] {
        &self.bytes[self.letters + i * self.len..self.letters + (i + 1) * self.len]
    }

    pub fn word_str(&self, i: usize) -> &'a str {
        std::str::from_utf8(self.word(i)).expect("index words are ASCII")
    }

    pub fn score(&self, i: usize) -> u8 {
        self.bytes[self.scores + i]
    }

    /// Word `i`'s flags ([`RATIONED`], [`NAME`]).
    pub fn flags(&self, i: usize) -> u8 {
        self.bytes[self.flags + i]
    }

    /// Word `i`'s root numbers, its own letters' first; a weak root has
    /// [`WEAK`] set. See [`Index::members`].
    pub fn roots(&self, i: usize) -> impl Iterator<Item = u32> + 'a {
        let bytes = self.bytes;
        let from = u32_at(bytes, self.root_starts + i * 4) as usize;
        let to = u32_at(bytes, self.root_starts + (i + 1) * 4) as usize;
        let at = self.roots;
        (from..to).map(move |k| u32_at(bytes, at + k * 4))
    }

    /// The raw 64-bit blocks of the (position, letter) bitset.
    fn letter_blocks(&self, position: usize, letter: u8) -> &'a [u8] {
        let blocks = blocks_for(self.count);
        let at = self.bits + (position * LETTERS + (letter - b'A') as usize) * blocks * 8;
        &self.bytes[at..at + blocks * 8]
    }

    /// The (position, letter) bitset as 64-bit blocks.
    fn letter_bits(&self, position: usize, letter: u8) -> impl Iterator<Item = usize> + 'a {
        self.letter_blocks(position, letter)
            .chunks_exact(8)
            .map(|chunk| u64::from_le_bytes(chunk.try_into().expect("8 bytes")) as usize)
    }

    /// Keeps in `domain` only words with `letter` (b'A'..=b'Z') at `position`.
    pub(crate) fn restrict(&self, domain: &mut FixedBitSet, position: usize, letter: u8) {
        for (d, bits) in domain
            .as_mut_slice()
            .iter_mut()
            .zip(self.letter_bits(position, letter))
        {
            *d &= bits;
        }
    }

    /// Drops from `domain` the words with `letter` at `position`.
    pub(crate) fn remove_letter(&self, domain: &mut FixedBitSet, position: usize, letter: u8) {
        for (d, bits) in domain
            .as_mut_slice()
            .iter_mut()
            .zip(self.letter_bits(position, letter))
        {
            *d &= !bits;
        }
    }

    /// Whether some word of `domain` has `letter` at `position`.
    pub(crate) fn intersects(&self, domain: &FixedBitSet, position: usize, letter: u8) -> bool {
        domain
            .as_slice()
            .iter()
            .zip(self.letter_bits(position, letter))
            .any(|(d, bits)| d & bits != 0)
    }

    /// How many words of `domain` have `letter` at `position`.
    pub(crate) fn count_with(&self, domain: &FixedBitSet, position: usize, letter: u8) -> usize {
        domain
            .as_slice()
            .iter()
            .zip(self.letter_bits(position, letter))
            .map(|(d, bits)| (d & bits).count_ones() as usize)
            .sum()
    }

    /// Every word of this length.
    pub fn all(&self) -> FixedBitSet {
        let mut all = FixedBitSet::with_capacity(self.count);
        all.insert_range(..);
        all
    }

    /// How many words score at least `floor`: words are stored best score
    /// first, so they are the first ones.
    pub(crate) fn scoring_at_least(&self, floor: u8) -> usize {
        let (mut lo, mut hi) = (0, self.count());
        while lo < hi {
            let mid = (lo + hi) / 2;
            if self.score(mid) >= floor {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        lo
    }

    /// Words scoring at least `floor` that agree with `pattern`, where
    /// `None` is an open cell. The set spans only those words, so that
    /// passes over it skip the low scorers that can never come in.
    pub fn matching(&self, pattern: &[Option<u8>], floor: u8) -> FixedBitSet {
        assert_eq!(pattern.len(), self.len, "pattern length");
        let mut found = FixedBitSet::with_capacity(self.scoring_at_least(floor));
        found.insert_range(..);
        for (position, letter) in pattern.iter().enumerate() {
            if let Some(letter) = letter {
                self.restrict(&mut found, position, *letter);
            }
        }
        found
    }
}

/// Opens the cached index at `path` for `key`, or builds it with `build`
/// and saves it there when the cache is missing, stale, truncated or corrupt.
pub fn cached(
    path: &Path,
    key: u64,
    build: impl FnOnce() -> Result<Index>,
    progress: &dyn Reporter,
) -> Result<Index> {
    match Index::open(path, key) {
        Ok(index) => Ok(index),
        Err(_) => {
            let index = build()?;
            // A cache that cannot be written only costs the next run time.
            let saved = match path.parent() {
                Some(dir) => std::fs::create_dir_all(dir).at(dir),
                None => Ok(()),
            }
            .and_then(|()| index.save(path));
            if let Err(e) = saved {
                progress.note(&format!("warning: word-list index not cached: {e}"));
            }
            Ok(index)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether placing `a` rules out `b`, read from the index as the
    /// filler reads it (see `fill::search`'s `rule_out_root`).
    fn rules_out(index: &Index, a: (usize, usize), b: (usize, usize)) -> bool {
        let words = index.of_length(a.0).expect("words of that length");
        words.roots(a.1).any(|root| {
            index
                .members(root)
                .take_while(|&m| !(root & WEAK != 0 && member(m).0))
                .any(|m| (member(m).1, member(m).2) == b)
        })
    }

    #[test]
    fn the_index_rules_out_exactly_the_pairs_the_root_table_clashes() {
        let table = RootTable::from_text(
            "ELMS;ELM\nMEN;MAN\nBLINDDATE;BLIND DATE\nOVERTIMES;OVERTIME TIME|OVER\nOVERHEAD;HEAD|OVER\nDATES;DATE\n"
                .into(),
        );
        let lexicon = Lexicon {
            roots: &table,
            notes: notes(),
        };
        let text = "ELM;60\nELMS;70\nMAN;80\nMEN;80\nBLINDDATE;50\nDATE;90\nDATES;40\nOVER;75\nOVERTIMES;30\nOVERHEAD;55\nHEAD;65\nTIME;60\nCAT;50\n";
        let (list, _) = WordList::parse(text, "t");
        let index = Index::build_with(&list, 1, &lexicon).unwrap();
        let mut places = Vec::new();
        for len in 0..=index.longest() {
            if let Some(words) = index.of_length(len) {
                for i in 0..words.count() {
                    places.push((words.word_str(i).to_string(), (len, i)));
                }
            }
        }
        assert_eq!(places.len(), 13);
        let mut clashes = 0;
        for (a, at) in &places {
            for (b, bt) in &places {
                let want = a == b || table.clash(a, b);
                assert_eq!(rules_out(&index, *at, *bt), want, "{a} then {b}");
                clashes += usize::from(want && a != b);
            }
        }
        // ELM/ELMS, MAN/MEN, DATE/BLINDDATE/DATES (3 pairs), OVERTIMES/TIME,
        // OVERHEAD/HEAD, OVER with OVERTIMES and OVERHEAD: 9 pairs, both ways.
        assert_eq!(clashes, 18);
    }
}
