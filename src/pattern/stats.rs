//! Summaries of a pattern file, for choosing which patterns to fill.
//!
//! Streams the file once and tallies grid sizes, word counts, black-square
//! counts and word lengths (words are white runs of two or more cells).

use std::collections::BTreeMap;
use std::fmt;
use std::path::Path;

use super::file::for_each_pattern;
use super::search::word_count;
use crate::error::Result;

#[derive(Debug, Default, PartialEq, Eq)]
pub struct Stats {
    pub patterns: u64,
    pub sizes: BTreeMap<(usize, usize), u64>,
    pub word_counts: BTreeMap<usize, u64>,
    pub black_counts: BTreeMap<usize, u64>,
    /// Number of words of each length, over all patterns.
    pub word_lengths: BTreeMap<usize, u64>,
}

impl Stats {
    pub fn collect(path: &Path) -> Result<Stats> {
        let mut stats = Stats::default();
        for_each_pattern(path, |_, p| {
            stats.patterns += 1;
            *stats.sizes.entry((p.width(), p.height())).or_default() += 1;
            let lengths: Vec<usize> = p.run_lengths().into_iter().filter(|&l| l >= 2).collect();
            // The fast count by row masks knows no bars.
            let words = if p.is_barred() {
                lengths.len()
            } else {
                word_count(p.rows())
            };
            *stats.word_counts.entry(words).or_default() += 1;
            *stats.black_counts.entry(p.black_count()).or_default() += 1;
            for len in lengths {
                *stats.word_lengths.entry(len).or_default() += 1;
            }
            true
        })?;
        Ok(stats)
    }
}

fn table(
    f: &mut fmt::Formatter,
    title: &str,
    rows: &BTreeMap<usize, u64>,
    total: u64,
) -> fmt::Result {
    writeln!(f, "\n{title}:")?;
    let peak = rows.values().copied().max().unwrap_or(1).max(1);
    for (key, &n) in rows {
        let bar = "#".repeat(((n * 40).div_ceil(peak)) as usize);
        let share = 100.0 * n as f64 / total.max(1) as f64;
        writeln!(f, "  {key:>4}  {n:>12}  {share:>6.2}%  {bar}")?;
    }
    Ok(())
}

impl fmt::Display for Stats {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        writeln!(f, "patterns: {}", self.patterns)?;
        for ((w, h), n) in &self.sizes {
            writeln!(f, "  {w}x{h}: {n}")?;
        }
        if self.patterns == 0 {
            return Ok(());
        }
        table(f, "words per pattern", &self.word_counts, self.patterns)?;
        table(
            f,
            "black squares per pattern",
            &self.black_counts,
            self.patterns,
        )?;
        let words: u64 = self.word_lengths.values().sum();
        table(f, "word lengths (all words)", &self.word_lengths, words)
    }
}
