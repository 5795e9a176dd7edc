//! Scored word lists: reading, layering and filtering.
//!
//! Lists come as `WORD;SCORE` lines (CrossFire, Spread the Wordlist,
//! Crossword Nexus: score 0–100, 50 when missing), plain one-word-per-line
//! lists, or `WORD;SCORE;clue`. Entries are normalized to grid letters (see
//! [`normalize`]); unusable ones are skipped and counted, duplicates keep
//! their highest score. Several lists layer: a later list's score for a word
//! replaces an earlier one, so a personal list can adjust a big public one.

pub mod dialect;
pub mod embedded;
pub mod forms;
pub mod index;
pub mod normalize;
pub mod notes;
pub mod roots;
pub mod spec;

use std::collections::{BTreeMap, HashSet};
use std::fmt;
use std::fs::File;
use std::hash::BuildHasher;
use std::io::Read;
use std::path::Path;

use hashbrown::{DefaultHashBuilder, HashTable};

use crate::error::{Error, IoContext, Result};
use crate::pattern::MAX_SIDE;
use crate::progress::Deadline;
use normalize::normalize;

pub const DEFAULT_SCORE: u8 = 50;
/// The score below which words are left out unless a command (`--min-score`)
/// or a studio request (`"min_score"`) says otherwise.
pub const DEFAULT_MIN_SCORE: u8 = 50;
pub const MAX_SCORE: u8 = 100;

/// One entry of a list, as the list holds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry<'a> {
    /// Upper-case `A`–`Z` only.
    pub word: &'a str,
    pub score: u8,
    pub clue: Option<&'a str>,
}

/// What reading a list kept and dropped.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReadReport {
    pub source: String,
    /// Distinct usable words.
    pub words: usize,
    /// Lines whose word or score could not be used.
    pub skipped: usize,
    /// The first few skipped lines, as (line number, reason), to show the user.
    pub examples: Vec<(usize, String)>,
    /// Lines repeating an earlier word (after normalization).
    pub duplicates: usize,
}

const EXAMPLES_KEPT: usize = 3;

impl fmt::Display for ReadReport {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(
            f,
            "{}: {} words, {} duplicates merged, {} entries skipped",
            self.source, self.words, self.duplicates, self.skipped
        )?;
        for (line, reason) in &self.examples {
            write!(f, "\n  line {line}: {reason}")?;
        }
        Ok(())
    }
}

/// The largest list file read, in bytes: lists far beyond any published
/// one are refused before they are read, since memory grows with them
/// (see the README's performance section for the measured multiple).
pub(crate) const MAX_LIST_BYTES: u64 = 500_000_000;

/// Where one entry's text is in [`WordList::text`]: the word's letters,
/// then its clue (none when `clue_len` is 0).
/// 12 bytes: the offset is split in two so that no padding is needed.
#[derive(Clone, Copy, Debug)]
struct Record {
    at_low: u32,
    clue_len: u32,
    at_high: u16,
    len: u8,
    score: u8,
}

impl Record {
    fn at(&self) -> usize {
        (usize::from(self.at_high) << 32) | self.at_low as usize
    }

    /// The word's bytes in `text`.
    fn span(&self) -> std::ops::Range<usize> {
        self.at()..self.at() + self.len as usize
    }
}

/// A list of distinct words, each with a score and perhaps a clue.
///
/// Lists of millions of words are the reason for the layout: every
/// entry's text sits in one byte buffer, an entry is a 12-byte record, and
/// the table that finds a word holds record numbers, not strings. A
/// replaced clue appends the entry's text anew; the old bytes stay unused.
#[derive(Clone, Default)]
pub struct WordList {
    text: Vec<u8>,
    records: Vec<Record>,
    table: HashTable<u32>,
    hasher: DefaultHashBuilder,
    lookups_forgotten: bool,
}

impl fmt::Debug for WordList {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "WordList({} words)", self.len())
    }
}

impl WordList {
    /// Reads a list file. A binary file, one with no usable word, or one
    /// larger than [`MAX_LIST_BYTES`] is an error.
    pub fn read(path: &Path) -> Result<(WordList, ReadReport)> {
        WordList::read_until(path, &Deadline::never())
    }

    /// [`WordList::read`], giving up with [`Error::TimedOut`] once
    /// `deadline` passes.
    pub(crate) fn read_until(path: &Path, deadline: &Deadline) -> Result<(WordList, ReadReport)> {
        let name = path.display().to_string();
        let bytes = read_limited(path)?;
        let text = decode_text(bytes)
            .ok_or_else(|| Error::parse(&name, 1, None, "binary data, not a word list"))?;
        let (list, report) = WordList::parse_until(&text, &name, deadline)?;
        if list.is_empty() && report.skipped == 0 {
            return Err(Error::invalid(format!(
                "{name}: no words (the file is empty)"
            )));
        }
        if list.is_empty() {
            let hint = report
                .examples
                .first()
                .map(|(line, reason)| format!(" (line {line}: {reason})"))
                .unwrap_or_default();
            return Err(Error::invalid(format!(
                "{name}: no usable words in {} skipped entries{hint}",
                report.skipped
            )));
        }
        Ok((list, report))
    }

    /// Parses list text; `source` names it in the report.
    pub fn parse(text: &str, source: &str) -> (WordList, ReadReport) {
        match WordList::parse_until(text, source, &Deadline::never()) {
            Ok(read) => read,
            Err(_) => unreachable!("a deadline that never passes"),
        }
    }

    /// [`WordList::parse`], giving up with [`Error::TimedOut`] once
    /// `deadline` passes.
    pub(crate) fn parse_until(
        text: &str,
        source: &str,
        deadline: &Deadline,
    ) -> Result<(WordList, ReadReport)> {
        let mut list = WordList::default();
        let mut report = ReadReport {
            source: source.to_string(),
            ..ReadReport::default()
        };
        // Sized once for every line, so that growing never holds two
        // copies of a large list.
        let lines = text.bytes().filter(|&b| b == b'\n').count() + 1;
        list.records.reserve(lines);
        list.table.reserve(lines, |_| 0);
        list.text.reserve(text.len());
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        for (index, line) in text.lines().enumerate() {
            if deadline.tick() {
                return Err(Error::TimedOut(format!(
                    "reading {source} (line {})",
                    index + 1
                )));
            }
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            match parse_entry(line) {
                Ok((word, score, clue)) => {
                    if list.merge_keeping_best(&word, score, clue) {
                        report.duplicates += 1;
                    }
                }
                Err(reason) => {
                    report.skipped += 1;
                    if report.examples.len() < EXAMPLES_KEPT {
                        report.examples.push((index + 1, reason));
                    }
                }
            }
        }
        report.words = list.len();
        Ok((list, report))
    }

    fn hash(&self, word: &[u8]) -> u64 {
        self.hasher.hash_one(word)
    }

    fn word_of(&self, record: &Record) -> &[u8] {
        &self.text[record.span()]
    }

    fn entry_of(&self, record: &Record) -> Entry<'_> {
        entry_in(&self.text, record)
    }

    /// The record number of `word`.
    fn find(&self, word: &[u8]) -> Option<u32> {
        let hash = self.hash(word);
        self.table
            .find(hash, |&r| self.word_of(&self.records[r as usize]) == word)
            .copied()
    }

    /// Appends an entry's text; its record.
    fn push_text(&mut self, word: &str, score: u8, clue: Option<&str>) -> Record {
        let at = self.text.len();
        self.text.extend_from_slice(word.as_bytes());
        let clue = clue.unwrap_or("");
        self.text.extend_from_slice(clue.as_bytes());
        Record {
            at_low: at as u32,
            at_high: (at >> 32) as u16,
            clue_len: clue.len() as u32,
            len: word.len() as u8,
            score,
        }
    }

    /// Adds a word not yet in the list.
    fn insert_new(&mut self, word: &str, score: u8, clue: Option<&str>) {
        let record = self.push_text(word, score, clue);
        let number = self.records.len() as u32;
        self.records.push(record);
        let hash = self.hash(word.as_bytes());
        let (text, records, hasher) = (&self.text, &self.records, &self.hasher);
        self.table.insert_unique(hash, number, |&r| {
            let r = &records[r as usize];
            hasher.hash_one(&text[r.span()])
        });
    }

    /// Gives record `number` the clue `clue`.
    fn set_clue(&mut self, number: u32, clue: &str) {
        let old = self.records[number as usize];
        let word = as_text(self.word_of(&old)).to_string();
        self.records[number as usize] = self.push_text(&word, old.score, Some(clue));
    }

    /// Adds `word`; on a repeat keeps the higher score. True if it was a repeat.
    fn merge_keeping_best(&mut self, word: &str, score: u8, clue: Option<&str>) -> bool {
        let Some(number) = self.find(word.as_bytes()) else {
            self.insert_new(word, score, clue);
            return false;
        };
        let old = self.records[number as usize];
        if score > old.score {
            self.records[number as usize].score = score;
            if let Some(clue) = clue {
                self.set_clue(number, clue);
            }
        } else if old.clue_len == 0 {
            if let Some(clue) = clue {
                self.set_clue(number, clue);
            }
        }
        true
    }

    /// Lays `over` on top: its scores (and clues, where it has them) win.
    pub fn layer(&mut self, over: WordList) {
        if self.is_empty() {
            *self = over;
            return;
        }
        for entry in over.iter() {
            match self.find(entry.word.as_bytes()) {
                Some(number) => {
                    self.records[number as usize].score = entry.score;
                    if let Some(clue) = entry.clue {
                        self.set_clue(number, clue);
                    }
                }
                None => self.insert_new(entry.word, entry.score, entry.clue),
            }
        }
    }

    /// Gives the words of `scores` that the list holds those scores.
    pub(crate) fn rescore<'a>(&mut self, scores: impl IntoIterator<Item = (&'a str, u8)>) {
        for (word, score) in scores {
            if let Some(number) = self.find(word.as_bytes()) {
                self.records[number as usize].score = score;
            }
        }
    }

    /// Removes every word of `banned`; returns how many were present.
    pub fn exclude(&mut self, banned: &WordList) -> usize {
        let before = self.len();
        self.retain(|e| banned.find(e.word.as_bytes()).is_none());
        before - self.len()
    }

    /// Keeps words scoring at least `min`.
    pub fn retain_min_score(&mut self, min: u8) {
        self.retain(|e| e.score >= min);
    }

    /// Keeps the entries `keep` accepts.
    pub(crate) fn retain(&mut self, keep: impl Fn(&Entry) -> bool) {
        let before = self.records.len();
        let text = &self.text;
        self.records.retain(|r| keep(&entry_in(text, r)));
        if self.records.len() == before {
            return;
        }
        self.table.clear();
        let (text, records, hasher) = (&self.text, &self.records, &self.hasher);
        let hash = |r: &u32| {
            let r = &records[*r as usize];
            hasher.hash_one(&text[r.span()])
        };
        for number in 0..records.len() as u32 {
            self.table.insert_unique(hash(&number), number, hash);
        }
    }

    /// Frees the table that finds entries by word, a fifth of a big
    /// list's memory, when nothing will look a word up again: indexing a
    /// list read from files does, before the index takes its memory.
    /// Afterwards [`WordList::get`] finds nothing, and changing the list
    /// is a mistake.
    pub(crate) fn forget_lookups(&mut self) {
        self.table = HashTable::new();
        self.lookups_forgotten = true;
    }

    /// False after [`WordList::forget_lookups`].
    pub(crate) fn can_look_up(&self) -> bool {
        !self.lookups_forgotten
    }

    pub fn len(&self) -> usize {
        self.records.len()
    }

    pub fn is_empty(&self) -> bool {
        self.records.is_empty()
    }

    pub fn get(&self, word: &str) -> Option<Entry<'_>> {
        self.find(word.as_bytes())
            .map(|n| self.entry_of(&self.records[n as usize]))
    }

    /// Every entry, in no particular order.
    pub fn iter(&self) -> impl Iterator<Item = Entry<'_>> + '_ {
        self.records.iter().map(|r| self.entry_of(r))
    }

    pub fn words(&self) -> HashSet<&str> {
        self.iter().map(|e| e.word).collect()
    }

    /// All entries ordered by length, then best score first, then alphabetically.
    pub fn sorted(&self) -> Vec<Entry<'_>> {
        self.sorted_numbers()
            .into_iter()
            .map(|n| self.entry_of(&self.records[n as usize]))
            .collect()
    }

    /// Entry number `number` (numbers run from 0 to `len() - 1`, in no
    /// particular order, and change when entries are removed).
    pub fn entry(&self, number: u32) -> Entry<'_> {
        self.entry_of(&self.records[number as usize])
    }

    /// The entry numbers in [`WordList::sorted`] order, 4 bytes a word
    /// where [`WordList::sorted`] takes 40. Records are put in buckets by
    /// (length, score) first, so that only words of one bucket are ever
    /// compared letter by letter.
    pub(crate) fn sorted_numbers(&self) -> Vec<u32> {
        self.sorted_numbers_until(&Deadline::never())
            .unwrap_or_default()
    }

    /// [`WordList::sorted_numbers`], or None once `deadline` passes.
    pub(crate) fn sorted_numbers_until(&self, deadline: &Deadline) -> Option<Vec<u32>> {
        let bucket =
            |r: &Record| r.len as usize * (MAX_SCORE as usize + 1) + (MAX_SCORE - r.score) as usize;
        let buckets = (MAX_SIDE + 1) * (MAX_SCORE as usize + 1);
        let mut starts = vec![0usize; buckets + 1];
        for r in &self.records {
            starts[bucket(r) + 1] += 1;
        }
        for b in 0..buckets {
            starts[b + 1] += starts[b];
        }
        let mut next = starts.clone();
        let mut order = vec![0u32; self.records.len()];
        for (number, r) in self.records.iter().enumerate() {
            let b = bucket(r);
            order[next[b]] = number as u32;
            next[b] += 1;
        }
        for b in 0..buckets {
            if deadline.check() {
                return None;
            }
            order[starts[b]..starts[b + 1]].sort_unstable_by(|&x, &y| {
                self.word_of(&self.records[x as usize])
                    .cmp(self.word_of(&self.records[y as usize]))
            });
        }
        Some(order)
    }

    /// Bytes of memory the list holds, for budgets.
    pub(crate) fn heap_bytes(&self) -> usize {
        self.text.capacity()
            + self.records.capacity() * std::mem::size_of::<Record>()
            + self.table.allocation_size()
    }

    /// Word counts per length and per score band, for `wordlist info`.
    pub fn summary(&self) -> Summary {
        let mut by_length: BTreeMap<usize, [usize; BANDS]> = BTreeMap::new();
        for entry in self.iter() {
            by_length.entry(entry.word.len()).or_default()[band(entry.score)] += 1;
        }
        Summary { by_length }
    }
}

/// UTF-8 text, or Latin-1 for lists saved by older tools; None for binary data.
fn decode_text(bytes: Vec<u8>) -> Option<String> {
    if bytes.contains(&0) {
        return None;
    }
    Some(match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) => e.into_bytes().iter().map(|&b| b as char).collect(),
    })
}

/// The bytes of a list file, refusing one above [`MAX_LIST_BYTES`] before
/// reading it (or, for a pipe or device, as soon as it has sent more).
fn read_limited(path: &Path) -> Result<Vec<u8>> {
    let file = File::open(path).at(path)?;
    let too_big = |size: u64| {
        Error::invalid(format!(
            "{}: {} is too big for a word list (at most {})",
            path.display(),
            megabytes(size),
            megabytes(MAX_LIST_BYTES)
        ))
    };
    let size = file.metadata().at(path)?.len();
    if size > MAX_LIST_BYTES {
        return Err(too_big(size));
    }
    let mut bytes = Vec::with_capacity(size as usize);
    file.take(MAX_LIST_BYTES + 1)
        .read_to_end(&mut bytes)
        .at(path)?;
    if bytes.len() as u64 > MAX_LIST_BYTES {
        return Err(Error::invalid(format!(
            "{}: more than {} is too big for a word list",
            path.display(),
            megabytes(MAX_LIST_BYTES)
        )));
    }
    Ok(bytes)
}

/// A size for messages, in MB (10^6 bytes) with one decimal.
pub fn megabytes(bytes: u64) -> String {
    format!("{:.1} MB", bytes as f64 / 1e6)
}

/// The entry `record` places in `text`.
fn entry_in<'a>(text: &'a [u8], record: &Record) -> Entry<'a> {
    let (word, clue) = text[record.at()..].split_at(record.len as usize);
    let clue = &clue[..record.clue_len as usize];
    Entry {
        word: as_text(word),
        score: record.score,
        clue: (!clue.is_empty()).then(|| as_text(clue)),
    }
}

/// A word's or a clue's bytes, as the `&str` they were copied from.
fn as_text(bytes: &[u8]) -> &str {
    debug_assert!(std::str::from_utf8(bytes).is_ok());
    // SAFETY: `WordList::text` is only ever extended by whole `&str`s
    // (`push_text`), and records point at exactly those spans, so each
    // span is valid UTF-8. Checking it again cost an eighth of the time
    // to index a list of millions of words.
    unsafe { std::str::from_utf8_unchecked(bytes) }
}

/// The start of an overlong text, for messages.
fn shorten(text: &str) -> String {
    const SHOWN: usize = 40;
    match text.char_indices().nth(SHOWN) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_string(),
    }
}

/// One `WORD[;SCORE[;clue]]` line: the word, its score and its clue.
fn parse_entry(line: &str) -> std::result::Result<(String, u8, Option<&str>), String> {
    let mut fields = line.splitn(3, ';');
    let raw_word = fields.next().unwrap_or_default().trim();
    let word = normalize(raw_word)
        .ok_or_else(|| format!("{:?} has characters no grid can hold", shorten(raw_word)))?;
    if word.len() > MAX_SIDE {
        return Err(format!(
            "{:?} has {} letters; no grid holds more than {MAX_SIDE}",
            shorten(&word),
            word.len()
        ));
    }
    let score = match fields.next().map(str::trim) {
        None | Some("") => DEFAULT_SCORE,
        Some(s) => s
            .parse::<u8>()
            .ok()
            .filter(|&v| v <= MAX_SCORE)
            .ok_or_else(|| {
                format!(
                    "score {:?} is not a whole number from 0 to {MAX_SCORE}",
                    shorten(s)
                )
            })?,
    };
    let clue = fields.next().map(str::trim).filter(|c| !c.is_empty());
    Ok((word, score, clue))
}

const BANDS: usize = 6;
const BAND_NAMES: [&str; BANDS] = ["0-24", "25-49", "50-59", "60-69", "70-89", "90-100"];

fn band(score: u8) -> usize {
    match score {
        0..=24 => 0,
        25..=49 => 1,
        50..=59 => 2,
        60..=69 => 3,
        70..=89 => 4,
        _ => 5,
    }
}

pub struct Summary {
    pub by_length: BTreeMap<usize, [usize; BANDS]>,
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{:>6} {:>9}", "length", "words")?;
        for name in BAND_NAMES {
            write!(f, " {name:>8}")?;
        }
        writeln!(f)?;
        let mut totals = [0usize; BANDS];
        for (len, bands) in &self.by_length {
            write!(f, "{len:>6} {:>9}", bands.iter().sum::<usize>())?;
            for (i, n) in bands.iter().enumerate() {
                write!(f, " {n:>8}")?;
                totals[i] += n;
            }
            writeln!(f)?;
        }
        write!(f, "{:>6} {:>9}", "all", totals.iter().sum::<usize>())?;
        for n in totals {
            write!(f, " {n:>8}")?;
        }
        writeln!(f)
    }
}
