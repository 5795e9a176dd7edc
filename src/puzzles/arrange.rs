//! Arranging a word set: place given words across or down in a small square
//! so that they all connect through crossings and no other words appear.
//!
//! Why a module of its own: unlike `fill`, there is no pattern to fill; the
//! shape comes out of where the words go. The rules are those of a fill-in
//! or "criss-cross" puzzle: every maximal run of two or more letters in a row
//! or column is one of the given words, each word is used once, and the words
//! form one connected piece.
//!
//! The main idea is a search that builds every connected arrangement exactly
//! once, like a breadth-first walk of its crossing graph. The placed words
//! form a queue; the search visits the cells of the word at the head of the
//! queue in order and, at a cell not crossed yet, decides once and for all
//! what crosses it: either one of the unused words (at any offset where the
//! letter matches), which joins the queue, or nothing, in which case the two
//! neighbours across the word must stay empty for good. When the queue runs
//! out, every letter's row and column runs have been decided, so no
//! accidental run can exist. Fixing the first word (across, since
//! transposing an arrangement gives another one) and working in coordinates
//! relative to it removes the transpose and translation symmetries, so a
//! size is proved impossible by exhausting this search. The bounding box of
//! the placed words must stay within N×N, which is what prunes it.

use crate::progress::{Deadline, Reporter};
use std::path::Path;

use crate::error::{Error, IoContext, Result};
use crate::grid::{check_side, Cell, Direction, Grid, MAX_SIDE, MIN_SIDE};
use crate::wordlist::normalize::normalize;

/// One placed word; rows and columns count from 0 at the top left.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placement {
    pub word: String,
    pub row: usize,
    pub col: usize,
    pub direction: Direction,
}

impl Placement {
    /// The (row, col) of each letter, in reading order.
    pub fn cells(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        let (dr, dc) = self.direction.step();
        (0..self.word.len()).map(move |i| (self.row + i * dr, self.col + i * dc))
    }
}

/// Words placed in a `size`×`size` square.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Arrangement {
    pub size: usize,
    /// Across words first, then down, each in reading order of their first cell.
    pub placements: Vec<Placement>,
}

impl Arrangement {
    /// The square with the letters in place and blocks elsewhere.
    pub fn grid(&self) -> Result<Grid> {
        let mut grid = Grid::empty(self.size, self.size)?;
        for row in 0..self.size {
            for col in 0..self.size {
                grid.set(row, col, Cell::Block);
            }
        }
        for placement in &self.placements {
            for ((row, col), letter) in placement.cells().zip(placement.word.bytes()) {
                grid.set(row, col, Cell::Letter(letter));
            }
        }
        Ok(grid)
    }
}

/// What a search ended with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    Arranged(Arrangement),
    /// No arrangement exists; the reason says why in one sentence.
    Impossible(String),
    /// The time limit passed first.
    GaveUp,
}

/// Reads a words file: one word per line, normalized like word lists (upper
/// case, accents folded, spaces and hyphens dropped). Blank lines and `#`
/// comments are skipped; anything else unusable is an error naming the line.
pub fn read_words(path: &Path) -> Result<Vec<String>> {
    let bytes = std::fs::read(path).at(path)?;
    let name = path.display().to_string();
    if bytes.contains(&0) {
        return Err(Error::parse(
            &name,
            1,
            None,
            "binary data, not a words file",
        ));
    }
    let text = match std::str::from_utf8(&bytes) {
        Ok(text) => text.to_string(),
        // Older tools save Latin-1; every byte is then one character.
        Err(_) => bytes.iter().map(|&b| b as char).collect(),
    };
    parse_words(&text, &name)
}

/// Parses the text of a words file; `name` names it in errors.
pub fn parse_words(text: &str, name: &str) -> Result<Vec<String>> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut words: Vec<(String, usize)> = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let line_no = index + 1;
        let raw = line.trim();
        if raw.is_empty() || raw.starts_with('#') {
            continue;
        }
        let word = normalize(raw).ok_or_else(|| {
            Error::parse(
                name,
                line_no,
                None,
                format!("{raw:?} has characters no grid can hold"),
            )
        })?;
        if word.len() < 2 {
            return Err(Error::parse(
                name,
                line_no,
                None,
                format!("{word} is one letter; a word needs at least 2"),
            ));
        }
        if let Some((_, first)) = words.iter().find(|(w, _)| *w == word) {
            return Err(Error::parse(
                name,
                line_no,
                None,
                format!("{word} is already on line {first}; each word is placed once"),
            ));
        }
        words.push((word, line_no));
    }
    if words.is_empty() {
        return Err(Error::invalid(format!("{name}: no words")));
    }
    Ok(words.into_iter().map(|(w, _)| w).collect())
}

/// Checks `--at-least` against the set: from 1 to the number of words.
fn check_at_least(words: &[String], at_least: usize) -> Result<()> {
    if at_least == 0 || at_least > words.len() {
        return Err(Error::invalid(format!(
            "--at-least {at_least} must be from 1 to the number of words, {}",
            words.len()
        )));
    }
    Ok(())
}

/// Arranges at least `at_least` of `words` in a `size`×`size` square, or
/// proves that no such arrangement exists.
pub fn arrange(
    words: &[String],
    size: usize,
    at_least: usize,
    deadline: &Deadline,
) -> Result<Outcome> {
    check_side("size", size)?;
    check_at_least(words, at_least)?;
    if let Some(reason) = ruled_out_by_lengths(words, size, at_least) {
        return Ok(Outcome::Impossible(reason));
    }
    Ok(match Search::new(words, size, at_least, deadline).run() {
        Some(arrangement) => Outcome::Arranged(arrangement),
        None if deadline.passed() => Outcome::GaveUp,
        None => Outcome::Impossible(format!(
            "no arrangement of {} fits in {size}×{size}",
            how_many(words.len(), at_least)
        )),
    })
}

/// The smallest square that holds at least `at_least` of `words`: every
/// smaller size is searched exhaustively (or ruled out by word lengths).
/// Each size ruled out is reported to `progress`.
pub fn arrange_smallest(
    words: &[String],
    at_least: usize,
    deadline: &Deadline,
    progress: &dyn Reporter,
) -> Result<Outcome> {
    check_at_least(words, at_least)?;
    if let Some(reason) = unconnectable(words, at_least) {
        return Ok(Outcome::Impossible(reason));
    }
    let mut last = None;
    progress.start("sizes ruled out", Some((MAX_SIDE - MIN_SIDE + 1) as u64));
    for size in MIN_SIDE..=MAX_SIDE {
        match arrange(words, size, at_least, deadline)? {
            Outcome::Impossible(reason) => last = Some(reason),
            other => {
                progress.finish();
                return Ok(other);
            }
        }
        progress.advance(1);
    }
    progress.finish();
    // The largest grid's reason is the one that holds for every size.
    Ok(Outcome::Impossible(last.unwrap_or_default()))
}

fn how_many(total: usize, at_least: usize) -> String {
    if at_least == total {
        format!("the {total} words")
    } else {
        format!("{at_least} of the {total} words")
    }
}

/// A reason from lengths alone: too few words are short enough for the side.
fn ruled_out_by_lengths(words: &[String], size: usize, at_least: usize) -> Option<String> {
    let fitting = words.iter().filter(|w| w.len() <= size).count();
    if fitting >= at_least {
        return None;
    }
    // The first of the longest words, so the message is stable.
    let longest = words.iter().rev().max_by_key(|w| w.len())?;
    Some(if at_least == words.len() {
        format!(
            "{longest} has {} letters, more than the side {size}",
            longest.len()
        )
    } else {
        format!("only {fitting} of the words have at most {size} letters")
    })
}

/// A reason that holds at every size: the words sharing letters fall into
/// groups, and no group has `at_least` words (crossings need a shared letter).
fn unconnectable(words: &[String], at_least: usize) -> Option<String> {
    let largest = letter_sharing_groups(words).into_iter().max().unwrap_or(0);
    (largest < at_least).then(|| {
        format!(
            "at most {largest} of the words can be connected: the others share no letter with them"
        )
    })
}

/// Sizes of the groups of words linked by shared letters.
fn letter_sharing_groups(words: &[String]) -> Vec<usize> {
    let letters = |w: &String| w.bytes().fold(0u32, |set, b| set | 1 << (b - b'A'));
    let sets: Vec<u32> = words.iter().map(letters).collect();
    let mut group = vec![usize::MAX; words.len()];
    let mut sizes = Vec::new();
    for start in 0..words.len() {
        if group[start] != usize::MAX {
            continue;
        }
        let id = sizes.len();
        let mut stack = vec![start];
        group[start] = id;
        let mut count = 0;
        while let Some(i) = stack.pop() {
            count += 1;
            for j in 0..words.len() {
                if group[j] == usize::MAX && sets[i] & sets[j] != 0 {
                    group[j] = id;
                    stack.push(j);
                }
            }
        }
        sizes.push(count);
    }
    sizes
}

const ACROSS: u8 = 1;
const DOWN: u8 = 2;

/// One canvas cell during the search.
#[derive(Clone, Copy, Default)]
struct Spot {
    /// 0 while empty.
    letter: u8,
    /// Must stay empty: it ends a word, or sits beside a cell that nothing crosses.
    blocked: bool,
    /// Directions (`ACROSS`, `DOWN`) of the placed words through this cell.
    covered: u8,
}

#[derive(Clone, Copy)]
struct Placed {
    word: usize,
    /// Canvas index of the first letter.
    start: usize,
    dir: u8,
}

#[derive(Clone, Copy)]
struct Bounds {
    top: usize,
    bottom: usize,
    left: usize,
    right: usize,
}

struct Search<'d> {
    deadline: &'d Deadline,
    words: Vec<Vec<u8>>,
    /// Indices into `words` of every word with each letter, and the offset.
    by_letter: Vec<Vec<(usize, usize)>>,
    size: usize,
    at_least: usize,
    /// Canvas side: room for N in every direction from the first word, plus
    /// a margin so neighbours of any reachable cell exist.
    side: usize,
    spots: Vec<Spot>,
    /// Old values of changed spots, to undo a branch.
    trail: Vec<(usize, Spot)>,
    used: Vec<bool>,
    /// Words that may not be placed in this root's search.
    excluded: Vec<bool>,
    /// Unused words that are not excluded.
    available: usize,
    placed: Vec<Placed>,
    bounds: Bounds,
    /// The original order of the words, for the output.
    original: Vec<String>,
}

impl<'d> Search<'d> {
    fn new(words: &[String], size: usize, at_least: usize, deadline: &'d Deadline) -> Search<'d> {
        // Longest first: a long first word fixes the most of the square.
        let mut order: Vec<&String> = words.iter().collect();
        order.sort_by_key(|w| std::cmp::Reverse(w.len()));
        let words: Vec<Vec<u8>> = order.iter().map(|w| w.as_bytes().to_vec()).collect();
        let mut by_letter = vec![Vec::new(); 26];
        for (i, word) in words.iter().enumerate() {
            for (k, &b) in word.iter().enumerate() {
                by_letter[usize::from(b - b'A')].push((i, k));
            }
        }
        let side = 3 * size + 2;
        let count = words.len();
        Search {
            deadline,
            words,
            by_letter,
            size,
            at_least,
            side,
            spots: vec![Spot::default(); side * side],
            trail: Vec::new(),
            used: vec![false; count],
            excluded: vec![false; count],
            available: 0,
            placed: Vec::new(),
            bounds: Bounds {
                top: 0,
                bottom: 0,
                left: 0,
                right: 0,
            },
            original: order.into_iter().cloned().collect(),
        }
    }

    /// Tries each word as the first one; a later root excludes the earlier
    /// ones, so every arrangement is searched under exactly one root (its
    /// earliest word).
    fn run(mut self) -> Option<Arrangement> {
        let size = self.size;
        for root in 0..self.words.len() {
            if self.words[root].len() > size {
                continue;
            }
            for i in 0..self.words.len() {
                self.excluded[i] = i < root || self.words[i].len() > size;
            }
            self.available = self.excluded.iter().filter(|&&x| !x).count();
            if self.available < self.at_least {
                return None;
            }
            let origin = (self.size + 1) * self.side + self.size + 1;
            let mark = self.trail.len();
            if self.try_place(root, origin, ACROSS) {
                if self.visit(0, 0) {
                    return Some(self.arrangement());
                }
                self.unplace(root);
            }
            self.undo_to(mark);
        }
        None
    }

    /// Decides, for cell `pos` of the `head`-th placed word onwards, what
    /// crosses each cell; true once an arrangement is complete.
    fn visit(&mut self, head: usize, pos: usize) -> bool {
        if self.deadline.tick() {
            return false;
        }
        let Some(&current) = self.placed.get(head) else {
            return self.placed.len() >= self.at_least;
        };
        let len = self.words[current.word].len();
        if pos == len {
            return self.visit(head + 1, 0);
        }
        let cell = current.start + pos * self.step(current.dir);
        let cross = other(current.dir);
        if self.spots[cell].covered & cross != 0 {
            return self.visit(head, pos + 1);
        }
        self.cross_with_a_word(head, pos, cell, cross)
            || self.cross_with_nothing(head, pos, cell, cross)
    }

    /// Branches over every unused word crossing `cell` in direction `dir`.
    fn cross_with_a_word(&mut self, head: usize, pos: usize, cell: usize, dir: u8) -> bool {
        let letter = usize::from(self.spots[cell].letter - b'A');
        let step = self.step(dir);
        for n in 0..self.by_letter[letter].len() {
            let (word, offset) = self.by_letter[letter][n];
            if self.used[word] || self.excluded[word] {
                continue;
            }
            // The canvas margin keeps `start` in range whenever the bounds
            // check can pass; a start off the canvas cannot fit anyway.
            let Some(start) = cell.checked_sub(offset * step) else {
                continue;
            };
            let mark = self.trail.len();
            let bounds = self.bounds;
            if self.try_place(word, start, dir) {
                if self.visit(head, pos + 1) {
                    return true;
                }
                self.unplace(word);
            }
            self.undo_to(mark);
            self.bounds = bounds;
        }
        false
    }

    /// The branch where nothing crosses `cell`: its neighbours across the
    /// word must be empty now and stay empty.
    fn cross_with_nothing(&mut self, head: usize, pos: usize, cell: usize, dir: u8) -> bool {
        if self.placed.len() + self.available < self.at_least {
            return false;
        }
        let step = self.step(dir);
        let (before, after) = (cell - step, cell + step);
        if self.spots[before].letter != 0 || self.spots[after].letter != 0 {
            return false;
        }
        let mark = self.trail.len();
        self.block(before);
        self.block(after);
        if self.visit(head, pos + 1) {
            return true;
        }
        self.undo_to(mark);
        false
    }

    /// Puts `word` at `start` going `dir` if it agrees with everything
    /// placed and keeps the bounding box within the square. On failure the
    /// caller undoes the trail; on success the word is queued.
    fn try_place(&mut self, word: usize, start: usize, dir: u8) -> bool {
        let len = self.words[word].len();
        let step = self.step(dir);
        let end = start + (len - 1) * step;
        if !self.extend_bounds(start, end) {
            return false;
        }
        let (before, after) = (start - step, end + step);
        if self.spots[before].letter != 0 || self.spots[after].letter != 0 {
            return false;
        }
        for i in 0..len {
            let cell = start + i * step;
            let letter = self.words[word][i];
            let spot = self.spots[cell];
            let fits = if spot.letter == 0 {
                !spot.blocked
            } else {
                spot.letter == letter && spot.covered & dir == 0
            };
            if !fits {
                return false;
            }
            self.change(
                cell,
                Spot {
                    letter,
                    blocked: false,
                    covered: spot.covered | dir,
                },
            );
        }
        self.block(before);
        self.block(after);
        self.used[word] = true;
        self.available -= 1;
        self.placed.push(Placed { word, start, dir });
        true
    }

    fn unplace(&mut self, word: usize) {
        self.placed.pop();
        self.used[word] = false;
        self.available += 1;
    }

    /// Grows the bounding box to hold `start..=end`; false if it would
    /// exceed the square. The first word sets the box.
    fn extend_bounds(&mut self, start: usize, end: usize) -> bool {
        let (r0, c0) = (start / self.side, start % self.side);
        let (r1, c1) = (end / self.side, end % self.side);
        let b = if self.placed.is_empty() {
            Bounds {
                top: r0,
                bottom: r1,
                left: c0,
                right: c1,
            }
        } else {
            Bounds {
                top: self.bounds.top.min(r0),
                bottom: self.bounds.bottom.max(r1),
                left: self.bounds.left.min(c0),
                right: self.bounds.right.max(c1),
            }
        };
        if b.bottom - b.top >= self.size || b.right - b.left >= self.size {
            return false;
        }
        self.bounds = b;
        true
    }

    fn block(&mut self, cell: usize) {
        let spot = self.spots[cell];
        if !spot.blocked {
            self.change(
                cell,
                Spot {
                    blocked: true,
                    ..spot
                },
            );
        }
    }

    fn change(&mut self, cell: usize, spot: Spot) {
        self.trail.push((cell, self.spots[cell]));
        self.spots[cell] = spot;
    }

    fn undo_to(&mut self, mark: usize) {
        while self.trail.len() > mark {
            if let Some((cell, old)) = self.trail.pop() {
                self.spots[cell] = old;
            }
        }
    }

    fn step(&self, dir: u8) -> usize {
        if dir == ACROSS {
            1
        } else {
            self.side
        }
    }

    /// The placed words moved so the bounding box starts at the top left.
    fn arrangement(&self) -> Arrangement {
        let mut placements: Vec<Placement> = self
            .placed
            .iter()
            .map(|p| Placement {
                word: self.original[p.word].clone(),
                row: p.start / self.side - self.bounds.top,
                col: p.start % self.side - self.bounds.left,
                direction: if p.dir == ACROSS {
                    Direction::Across
                } else {
                    Direction::Down
                },
            })
            .collect();
        placements.sort_by_key(|p| (p.direction, p.row, p.col));
        Arrangement {
            size: self.size,
            placements,
        }
    }
}

fn other(dir: u8) -> u8 {
    ACROSS + DOWN - dir
}

impl Arrangement {
    /// The arrangement as a puzzle document (empty clues), for `--out`.
    /// By the no-accidental-runs rule its slots are exactly the placed
    /// words; this is checked rather than assumed, since a mismatch would
    /// hand the typesetter clues for words nobody chose.
    pub fn puzzle(&self) -> Result<crate::puzzle::Puzzle> {
        let puzzle = crate::puzzle::Puzzle::from_grid(self.grid()?, 2);
        let mut answers: Vec<&str> = puzzle.clues.iter().map(|c| c.answer.as_str()).collect();
        let mut placed: Vec<&str> = self.placements.iter().map(|p| p.word.as_str()).collect();
        answers.sort_unstable();
        placed.sort_unstable();
        if answers != placed {
            return Err(Error::invalid(format!(
                "internal error: the grid's words {answers:?} differ from the placed words {placed:?}"
            )));
        }
        Ok(puzzle)
    }
}
