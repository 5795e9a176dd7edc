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

use std::collections::{BTreeMap, HashMap, HashSet};
use std::fmt;
use std::path::Path;

use crate::error::{Error, IoContext, Result};
use crate::pattern::MAX_SIDE;
use normalize::normalize;

pub const DEFAULT_SCORE: u8 = 50;
pub const MAX_SCORE: u8 = 100;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Upper-case `A`–`Z` only.
    pub word: String,
    pub score: u8,
    pub clue: Option<String>,
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

#[derive(Clone, Debug, Default)]
pub struct WordList {
    entries: HashMap<String, Entry>,
}

impl WordList {
    /// Reads a list file. A binary file, or one with no usable word, is an error.
    pub fn read(path: &Path) -> Result<(WordList, ReadReport)> {
        let bytes = std::fs::read(path).at(path)?;
        let name = path.display().to_string();
        let text = decode_text(&bytes)
            .ok_or_else(|| Error::parse(&name, 1, None, "binary data, not a word list"))?;
        let (list, report) = WordList::parse(&text, &name);
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
        let mut list = WordList::default();
        let mut report = ReadReport {
            source: source.to_string(),
            ..ReadReport::default()
        };
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        for (index, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            match parse_entry(line) {
                Ok(entry) => {
                    if list.merge_keeping_best(entry) {
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
        (list, report)
    }

    /// Adds `entry`; on a repeat keeps the higher score. True if it was a repeat.
    fn merge_keeping_best(&mut self, entry: Entry) -> bool {
        match self.entries.get_mut(&entry.word) {
            None => {
                self.entries.insert(entry.word.clone(), entry);
                false
            }
            Some(old) => {
                if entry.score > old.score {
                    old.score = entry.score;
                    if entry.clue.is_some() {
                        old.clue = entry.clue;
                    }
                } else if old.clue.is_none() {
                    old.clue = entry.clue;
                }
                true
            }
        }
    }

    /// Lays `over` on top: its scores (and clues, where it has them) win.
    pub fn layer(&mut self, over: WordList) {
        for (word, entry) in over.entries {
            match self.entries.get_mut(&word) {
                Some(old) => {
                    old.score = entry.score;
                    if entry.clue.is_some() {
                        old.clue = entry.clue;
                    }
                }
                None => {
                    self.entries.insert(word, entry);
                }
            }
        }
    }

    /// Gives the words of `scores` that the list holds those scores.
    pub fn rescore<'a>(&mut self, scores: impl IntoIterator<Item = (&'a str, u8)>) {
        for (word, score) in scores {
            if let Some(entry) = self.entries.get_mut(word) {
                entry.score = score;
            }
        }
    }

    /// Removes every word of `banned`; returns how many were present.
    pub fn exclude(&mut self, banned: &WordList) -> usize {
        banned
            .entries
            .keys()
            .filter(|w| self.entries.remove(*w).is_some())
            .count()
    }

    /// Keeps words scoring at least `min`.
    pub fn retain_min_score(&mut self, min: u8) {
        self.entries.retain(|_, e| e.score >= min);
    }

    /// Keeps the entries `keep` accepts.
    pub fn retain(&mut self, keep: impl Fn(&Entry) -> bool) {
        self.entries.retain(|_, e| keep(e));
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    pub fn get(&self, word: &str) -> Option<&Entry> {
        self.entries.get(word)
    }

    pub fn words(&self) -> HashSet<&str> {
        self.entries.keys().map(String::as_str).collect()
    }

    /// All entries ordered by length, then best score first, then alphabetically.
    pub fn sorted(&self) -> Vec<&Entry> {
        let mut all: Vec<&Entry> = self.entries.values().collect();
        all.sort_by(|a, b| {
            (a.word.len(), std::cmp::Reverse(a.score), &a.word).cmp(&(
                b.word.len(),
                std::cmp::Reverse(b.score),
                &b.word,
            ))
        });
        all
    }

    /// Word counts per length and per score band, for `wordlist info`.
    pub fn summary(&self) -> Summary {
        let mut by_length: BTreeMap<usize, [usize; BANDS]> = BTreeMap::new();
        for entry in self.entries.values() {
            by_length.entry(entry.word.len()).or_default()[band(entry.score)] += 1;
        }
        Summary { by_length }
    }
}

/// UTF-8 text, or Latin-1 for lists saved by older tools; None for binary data.
fn decode_text(bytes: &[u8]) -> Option<String> {
    if bytes.contains(&0) {
        return None;
    }
    Some(match std::str::from_utf8(bytes) {
        Ok(text) => text.to_string(),
        Err(_) => bytes.iter().map(|&b| b as char).collect(),
    })
}

/// The start of an overlong text, for messages.
fn shorten(text: &str) -> String {
    const SHOWN: usize = 40;
    match text.char_indices().nth(SHOWN) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_string(),
    }
}

/// One `WORD[;SCORE[;clue]]` line.
fn parse_entry(line: &str) -> std::result::Result<Entry, String> {
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
    let clue = fields
        .next()
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .map(str::to_string);
    Ok(Entry { word, score, clue })
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
