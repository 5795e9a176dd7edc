//! Word squares: N×N letter grids whose every row and every column is a word
//! of the list.
//!
//! The fill engine's general search (bitset domains, one slot at a time) is
//! built for crossword grids; a word square is a denser problem where every
//! cell is checked twice, and counting all of them means hundreds of
//! millions of squares. So this module fills the square cell by cell, in
//! reading order, walking a prefix trie of the N-letter words once per row
//! and once per column: the letters allowed in a cell are the AND of two
//! 26-bit masks (what may follow the row's prefix, what may follow the
//! column's prefix). The words come from the fill engine's index, so
//! `squares` sees exactly the list `fill` would use.
//!
//! Listing visits every square. Counting does not: it counts the last row
//! from a tally instead of walking it, and counts a square and its transpose
//! together (see [`Counter`]). With `distinct` (no word twice, which rules
//! out symmetric squares) every completed word is compared with the ones
//! already placed, and counting walks every square, though still one of
//! each square and its transpose.

use std::fmt;
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::error::{Error, Result};
use crate::progress::{Deadline, Quiet, Reporter};
use crate::wordlist::index::{Index, Words, LETTERS};

/// A set of letters, bit `l` for letter `b'A' + l`.
type LetterMask = u32;

/// Prefix trie of same-length words, stored level by level.
///
/// Nodes of one level are the distinct prefixes of that length in sorted
/// order, so the children of a node are contiguous and a child is found by
/// counting the node's letters below it: no per-node child table, which keeps
/// the whole trie small enough to stay in cache.
struct Trie {
    nodes: Vec<Node>,
    /// Node id of the first leaf (a complete word); leaf `first_leaf + w` is
    /// the `w`-th word in alphabetical order.
    first_leaf: u32,
    word_count: usize,
}

/// One prefix. Both fields are read together at every step, so they sit
/// side by side.
#[derive(Clone, Copy)]
struct Node {
    /// Letters that may follow the prefix.
    next: LetterMask,
    /// Node id of the first child.
    first_child: u32,
}

const ROOT: u32 = 0;

impl Trie {
    /// Builds the trie of `words` (all `len` letters of `A`–`Z`, no repeats).
    fn build(mut words: Vec<&[u8]>, len: usize) -> Trie {
        words.sort_unstable();
        words.dedup();
        let mut nodes = Vec::new();
        let mut level_start = 0u32;
        for depth in 0..=len {
            let prefixes = distinct_prefixes(&words, depth);
            let level_size = prefixes.len() as u32;
            // Children of this level's nodes are numbered from the next level's start.
            let mut child = level_start + level_size;
            for (_, letters) in prefixes {
                nodes.push(Node {
                    next: letters,
                    first_child: child,
                });
                child += letters.count_ones();
            }
            if depth < len {
                level_start += level_size;
            }
        }
        Trie {
            nodes,
            first_leaf: level_start,
            word_count: words.len(),
        }
    }

    fn child(&self, node: u32, letter: u32) -> u32 {
        let node = self.nodes[node as usize];
        node.first_child + (node.next & ((1 << letter) - 1)).count_ones()
    }

    fn allowed(&self, node: u32) -> LetterMask {
        self.nodes[node as usize].next
    }
}

/// Each distinct prefix of length `depth` of the sorted `words`, with the
/// mask of letters that follow it (empty for whole words).
fn distinct_prefixes<'w>(words: &[&'w [u8]], depth: usize) -> Vec<(&'w [u8], LetterMask)> {
    let mut out: Vec<(&[u8], LetterMask)> = Vec::new();
    for word in words {
        let prefix = &word[..depth];
        let follower = word.get(depth).map_or(0, |&l| 1 << (l - b'A'));
        match out.last_mut() {
            Some((last, letters)) if *last == prefix => *letters |= follower,
            _ => out.push((prefix, follower)),
        }
    }
    out
}

/// One finished square, as handed to a listing callback.
pub struct Square<'a> {
    size: usize,
    letters: &'a [u8],
}

impl Square<'_> {
    pub fn size(&self) -> usize {
        self.size
    }

    /// Row `i`, top to bottom.
    pub fn row(&self, i: usize) -> &str {
        let row = &self.letters[i * self.size..(i + 1) * self.size];
        std::str::from_utf8(row).unwrap_or_default()
    }

    /// Column `j`, left to right.
    pub fn column(&self, j: usize) -> String {
        (0..self.size)
            .map(|i| self.letters[i * self.size + j] as char)
            .collect()
    }
}

impl fmt::Display for Square<'_> {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        for i in 0..self.size {
            writeln!(f, "{}", self.row(i))?;
        }
        Ok(())
    }
}

/// The word squares of one size over one word list.
pub struct WordSquares {
    trie: Trie,
    size: usize,
    distinct: bool,
}

/// Smallest side that makes a square out of words rather than letters.
pub(crate) const MIN_SIZE: usize = 2;

impl WordSquares {
    /// Squares of side `size` from the index's `size`-letter words; with
    /// `distinct`, no word may appear twice in a square.
    pub fn from_index(index: &Index, size: usize, distinct: bool) -> Result<WordSquares> {
        check_size(size)?;
        let words = index.of_length(size).ok_or_else(|| {
            Error::invalid(format!(
                "--size {size}: the word list has no {size}-letter words"
            ))
        })?;
        WordSquares::from_words(&words, distinct)
    }

    /// Squares made of the words of `words` (their length is the side).
    pub fn from_words(words: &Words<'_>, distinct: bool) -> Result<WordSquares> {
        check_size(words.len())?;
        let list = (0..words.count()).map(|i| words.word(i)).collect();
        Ok(WordSquares {
            trie: Trie::build(list, words.len()),
            size: words.len(),
            distinct,
        })
    }

    pub fn size(&self) -> usize {
        self.size
    }

    /// How many words the squares are made of.
    pub fn word_count(&self) -> usize {
        self.trie.word_count
    }

    /// The number of squares, counted on `threads` threads.
    pub fn count(&self, threads: usize) -> u64 {
        self.count_reporting(threads, &Quiet, &Deadline::never())
            .unwrap_or_default()
    }

    /// [`count`](Self::count), reporting each unit of work (a two-letter
    /// start of the first row) to `progress` as it ends; None when
    /// `deadline` passes first (it is checked between units).
    pub fn count_reporting(
        &self,
        threads: usize,
        progress: &dyn Reporter,
        deadline: &Deadline,
    ) -> Option<u64> {
        let tasks = self.starts();
        progress.start("first-row starts", Some(tasks.len() as u64));
        let taken = AtomicUsize::new(0);
        let worker = || {
            let mut total = 0;
            let mut walk = Walk::new(self, Counting(0));
            let mut counter = Counter::new(self);
            while let Some(start) = tasks.get(taken.fetch_add(1, Ordering::Relaxed)) {
                if deadline.check() {
                    break;
                }
                if self.distinct {
                    walk.resume(start);
                } else {
                    total += counter.count(start);
                }
                progress.advance(1);
            }
            total + walk.visit.0
        };
        let total = std::thread::scope(|scope| {
            let helpers: Vec<_> = (1..threads.max(1)).map(|_| scope.spawn(worker)).collect();
            let mine = worker();
            mine + helpers
                .into_iter()
                .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
                .sum::<u64>()
        });
        progress.finish();
        (!deadline.passed()).then_some(total)
    }

    /// Calls `visit` with each square in alphabetical order of its letters
    /// read row by row, until it returns false. Returns how many it was given.
    pub fn each(&self, visit: impl FnMut(&Square) -> bool) -> u64 {
        self.each_reporting(visit, &Quiet, Deadline::never()).given
    }

    /// [`each`](Self::each), reporting each unit of work (a start of the
    /// first row, as for counting) to `progress` as it ends, and stopping
    /// when `deadline` passes.
    pub fn each_reporting(
        &self,
        visit: impl FnMut(&Square) -> bool,
        progress: &dyn Reporter,
        deadline: Deadline,
    ) -> Listed {
        let starts = self.starts();
        progress.start("first-row starts", Some(starts.len() as u64));
        let mut walk = Walk::new(self, Listing { visit, given: 0 });
        walk.deadline = deadline;
        // Starts are in alphabetical order, so walking them one after the
        // other keeps the squares in order.
        for start in &starts {
            walk.resume(start);
            if walk.stopped {
                break;
            }
            progress.advance(1);
        }
        progress.finish();
        Listed {
            given: walk.visit.given,
            timed_out: walk.deadline.passed(),
        }
    }

    /// The first letters of the first row (two, or one for 2×2 squares so
    /// that no row is finished), each a unit of counting work: up to 676 of
    /// them, enough to share well between threads.
    fn starts(&self) -> Vec<Start> {
        let depth = START_LETTERS.min(self.size - 1);
        let mut starts = Vec::new();
        self.extend_starts(&mut Vec::new(), ROOT, depth, &mut starts);
        starts
    }

    fn extend_starts(&self, prefix: &mut Vec<u8>, row: u32, depth: usize, out: &mut Vec<Start>) {
        if prefix.len() == depth {
            out.push(Start {
                prefix: prefix.clone(),
            });
            return;
        }
        let trie = &self.trie;
        // Each column still starts at the root, so the letter must also begin a word.
        for letter in letters(trie.allowed(row) & trie.allowed(ROOT)) {
            prefix.push(letter as u8);
            self.extend_starts(prefix, trie.child(row, letter), depth, out);
            prefix.pop();
        }
    }
}

/// What a listing walked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Listed {
    /// Squares handed to the visitor.
    pub given: u64,
    /// Whether the deadline passed before the visitor stopped the walk or
    /// every square was seen.
    pub timed_out: bool,
}

/// How many first-row letters a unit of work fixes.
const START_LETTERS: usize = 2;

fn check_size(size: usize) -> Result<()> {
    if size < MIN_SIZE {
        return Err(Error::invalid(format!(
            "--size {size}: a word square needs words of at least {MIN_SIZE} letters"
        )));
    }
    Ok(())
}

/// The letters (0 = `A`) of a mask, lowest first.
fn letters(mut mask: LetterMask) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let letter = mask.trailing_zeros();
            mask &= mask - 1;
            letter
        })
    })
}

/// Letters already placed at the start of the first row (0 = `A`).
struct Start {
    prefix: Vec<u8>,
}

/// The walk for plain counting, where only the number of squares matters:
/// no letters are recorded, no words compared, and the last row is counted
/// rather than walked.
///
/// While the second-last row is being filled, each placed letter leaves its
/// column one letter short of a word, which fixes the letters that column
/// accepts in the last row. The walk keeps the *frontier*: the last-row
/// prefixes that fit the columns fixed so far, extended by one letter per
/// cell, so siblings share it and an empty frontier cuts the branch at once.
/// At the last cell of the second-last row the frontier is tallied by the
/// letter each prefix could end with; each choice for that cell then fixes
/// which final letters the last column accepts, and its squares are a sum of
/// the tally over those letters.
///
/// A square's transpose is a square too, so the walk counts each pair once,
/// twice over. It compares each cell below the diagonal with its mirror
/// image as it is placed: while all are equal the branch is *tied* and goes
/// on; the first difference either drops the branch (its transposes are
/// counted elsewhere) or makes every square in it count double. Squares
/// still tied when the last two rows are counted are counted once each, as
/// their transposes, also tied, are counted in their own branches.
struct Counter<'s> {
    trie: &'s Trie,
    size: usize,
    /// Letters placed so far, row by row, for the mirror comparisons.
    placed: Vec<u8>,
    /// Trie node of each column's prefix so far.
    columns: Vec<u32>,
    /// `frontiers[j]`: the last-row prefixes of length `j` that fit the
    /// columns before `j` (valid up to the current cell of the second-last row).
    frontiers: Vec<Vec<u32>>,
}

impl<'s> Counter<'s> {
    fn new(squares: &'s WordSquares) -> Self {
        let mut frontiers = vec![Vec::new(); squares.size];
        frontiers[0].push(ROOT);
        Counter {
            trie: &squares.trie,
            size: squares.size,
            placed: vec![0; squares.size * squares.size],
            columns: vec![ROOT; squares.size],
            frontiers,
        }
    }

    /// Squares whose first row starts with `start`'s letters.
    fn count(&mut self, start: &Start) -> u64 {
        let trie = self.trie;
        let mut row = ROOT;
        let mut open = true;
        for (j, &letter) in start.prefix.iter().enumerate() {
            self.placed[j] = letter;
            self.columns[j] = trie.child(ROOT, u32::from(letter));
            row = trie.child(row, u32::from(letter));
            // In a 2×2 square the first row is also the second-last.
            if self.size == 2 {
                open &= self.extend_frontier(j);
            }
        }
        let found = if open {
            self.cell(0, start.prefix.len(), row, TIED)
        } else {
            0
        };
        self.columns.fill(ROOT);
        found
    }

    /// Squares completing the current prefix, from cell (`i`, `j`) on;
    /// `row` is row `i`'s prefix, `weight` [`TIED`] or [`DECIDED`]. The last
    /// row is never reached here.
    fn cell(&mut self, i: usize, j: usize, row: u32, weight: u64) -> u64 {
        let n = self.size;
        let second_last = i + 2 == n;
        if second_last && j + 1 == n {
            return weight * self.last_two_rows(row);
        }
        let trie = self.trie;
        let column = self.columns[j];
        // Below the diagonal, while tied, the mirror cell bounds the letter.
        let mirror = (weight == TIED && j < i).then(|| u32::from(self.placed[j * n + i]));
        let mut found = 0;
        for letter in letters(trie.allowed(row) & trie.allowed(column)) {
            let weight = match mirror {
                Some(m) if letter < m => continue,
                Some(m) if letter > m => DECIDED,
                _ => weight,
            };
            self.placed[i * n + j] = letter as u8;
            self.columns[j] = trie.child(column, letter);
            if second_last && !self.extend_frontier(j) {
                continue;
            }
            found += if j + 1 < n {
                self.cell(i, j + 1, trie.child(row, letter), weight)
            } else {
                self.cell(i + 1, 0, ROOT, weight)
            };
        }
        self.columns[j] = column;
        found
    }

    /// Column `j` now lacks only its last letter: extends the last-row
    /// prefixes by the letters that complete it. False when none is left.
    fn extend_frontier(&mut self, j: usize) -> bool {
        let trie = self.trie;
        let accepts = trie.allowed(self.columns[j]);
        let (done, rest) = self.frontiers.split_at_mut(j + 1);
        let next = &mut rest[0];
        next.clear();
        for &prefix in &done[j] {
            for letter in letters(trie.allowed(prefix) & accepts) {
                next.push(trie.child(prefix, letter));
            }
        }
        !next.is_empty()
    }

    /// Squares completing the prefix when only the last cell of the
    /// second-last row and the last row remain; `row` is the second-last
    /// row's prefix.
    fn last_two_rows(&self, row: u32) -> u64 {
        let trie = self.trie;
        let n = self.size;
        let column = self.columns[n - 1];
        let choices = trie.allowed(row) & trie.allowed(column);
        if choices == 0 {
            return 0;
        }
        let mut endings = [0u64; LETTERS];
        for &prefix in &self.frontiers[n - 1] {
            for last in letters(trie.allowed(prefix)) {
                endings[last as usize] += 1;
            }
        }
        letters(choices)
            .map(|letter| {
                letters(trie.allowed(trie.child(column, letter)))
                    .map(|last| endings[last as usize])
                    .sum::<u64>()
            })
            .sum()
    }
}

/// Weight of a square in a branch that is still its own mirror image so far.
const TIED: u64 = 1;
/// Weight of a square that stands for itself and its transpose.
const DECIDED: u64 = 2;

/// What the walk does with complete squares.
trait Visit {
    /// Whether the visitor may be handed a square and its transpose as one
    /// (see [`Counter`]): then the walk skips the branches of transposes.
    const PAIRS: bool;
    /// Takes one square standing for `copies` squares (2: it and its
    /// transpose); false stops the walk.
    fn square(&mut self, square: &Square, copies: u64) -> bool;
}

struct Counting(u64);

impl Visit for Counting {
    const PAIRS: bool = true;
    fn square(&mut self, _: &Square, copies: u64) -> bool {
        self.0 += copies;
        true
    }
}

struct Listing<F> {
    visit: F,
    given: u64,
}

impl<F: FnMut(&Square) -> bool> Visit for Listing<F> {
    const PAIRS: bool = false;
    fn square(&mut self, square: &Square, _: u64) -> bool {
        self.given += 1;
        (self.visit)(square)
    }
}

/// The depth-first fill, cell by cell in reading order.
struct Walk<'s, V> {
    squares: &'s WordSquares,
    visit: V,
    /// Trie node of each column's prefix so far.
    columns: Vec<u32>,
    /// Letters placed, row by row.
    letters: Vec<u8>,
    /// Word ids of the finished rows and columns, for `distinct`.
    row_words: Vec<u32>,
    column_words: Vec<u32>,
    stopped: bool,
    /// Checked at every cell; stops the walk once passed.
    deadline: Deadline,
}

impl<'s, V: Visit> Walk<'s, V> {
    fn new(squares: &'s WordSquares, visit: V) -> Self {
        let n = squares.size;
        Walk {
            squares,
            visit,
            columns: vec![ROOT; n],
            letters: vec![0; n * n],
            row_words: Vec::with_capacity(n),
            column_words: Vec::with_capacity(n),
            stopped: false,
            deadline: Deadline::never(),
        }
    }

    /// Walks every square whose first row starts with `start`'s letters.
    fn resume(&mut self, start: &Start) {
        let trie = &self.squares.trie;
        let mut row = ROOT;
        for (j, &letter) in start.prefix.iter().enumerate() {
            let letter = u32::from(letter);
            self.columns[j] = trie.child(ROOT, letter);
            row = trie.child(row, letter);
            self.letters[j] = b'A' + letter as u8;
        }
        self.cell(start.prefix.len(), row, TIED);
        self.columns.fill(ROOT);
    }

    /// Places letters from `cell` (in reading order) on; `row` is the
    /// current row's prefix, `weight` as in [`Counter::cell`].
    fn cell(&mut self, cell: usize, row: u32, weight: u64) {
        if self.deadline.tick() {
            self.stopped = true;
            return;
        }
        let n = self.squares.size;
        let trie = &self.squares.trie;
        let (i, j) = (cell / n, cell % n);
        let allowed = trie.allowed(row) & trie.allowed(self.columns[j]);
        let last = cell + 1 == n * n;
        let column = self.columns[j];
        let mirror = (V::PAIRS && weight == TIED && j < i).then(|| self.letters[j * n + i]);
        for letter in letters(allowed) {
            let placed = b'A' + letter as u8;
            let weight = match mirror {
                Some(m) if placed < m => continue,
                Some(m) if placed > m => DECIDED,
                _ => weight,
            };
            let next_row = trie.child(row, letter);
            self.columns[j] = trie.child(column, letter);
            self.letters[cell] = placed;
            if last {
                self.finish(next_row, weight);
            } else if j + 1 < n {
                self.cell(cell + 1, next_row, weight);
            } else {
                self.end_row(cell, next_row, weight);
            }
            if self.stopped {
                break;
            }
        }
        self.columns[j] = column;
    }

    /// A row other than the last is complete: go on to the next row.
    fn end_row(&mut self, cell: usize, leaf: u32, weight: u64) {
        let word = leaf - self.squares.trie.first_leaf;
        if self.squares.distinct && self.row_words.contains(&word) {
            return;
        }
        self.row_words.push(word);
        self.cell(cell + 1, ROOT, weight);
        self.row_words.pop();
    }

    /// The last cell is placed: every row and column is a word.
    fn finish(&mut self, last_row_leaf: u32, copies: u64) {
        if self.squares.distinct && !self.all_words_differ(last_row_leaf) {
            return;
        }
        let square = Square {
            size: self.squares.size,
            letters: &self.letters,
        };
        if !self.visit.square(&square, copies) {
            self.stopped = true;
        }
    }

    /// Whether the 2N words of the finished square are all different (the
    /// first N-1 rows are already known to be).
    fn all_words_differ(&mut self, last_row_leaf: u32) -> bool {
        let first_leaf = self.squares.trie.first_leaf;
        self.column_words.clear();
        self.column_words
            .extend(self.columns.iter().map(|&leaf| leaf - first_leaf));
        self.column_words.push(last_row_leaf - first_leaf);
        let rows = &self.row_words;
        let others = &self.column_words;
        others
            .iter()
            .enumerate()
            .all(|(k, w)| !rows.contains(w) && !others[..k].contains(w))
    }
}

/// `LETTERS` bits fit the mask type.
const _: () = assert!(LETTERS <= LetterMask::BITS as usize);
