//! The result of one shard of a count, as a small text file, and the sum of
//! a run's shards (`cruciverb patterns sum`).
//!
//! A sharded count ends with N files, one per process, often on different
//! machines. Each says which run it belongs to (size, rules, how many
//! shards), which shard it is and what that shard found, so that adding
//! them up can refuse what would silently give a wrong total: shards of
//! different runs, a shard given twice, a shard missing.
//!
//! ```text
//! # cruciverb count shard
//! run: 13x13, rotational symmetry, words 3+, ...; 4 shards
//! shard: 2/4
//! patterns: 10143958119
//! less: 0
//! seconds: 2.1
//! peak memory: 0.04 GB
//! ```
//!
//! `less` is what the sum takes away once (the empty grid, which the sweep
//! counts where the rules let it through); `seconds` and `peak memory` are
//! for the reader and are not checked.

use std::path::{Path, PathBuf};

use super::shard::Shard;
use crate::error::{Error, IoContext, Result};

const HEADER: &str = "# cruciverb count shard";

/// One shard's result.
#[derive(Clone, Debug, PartialEq)]
pub struct ShardCount {
    /// What was counted, the number of shards included: equal for every
    /// shard of a run.
    pub run: String,
    pub shard: Shard,
    pub patterns: u128,
    pub less: u128,
    pub seconds: f64,
    /// As measured, e.g. "1.52 GB"; empty where it could not be.
    pub peak_memory: String,
}

impl ShardCount {
    pub fn to_text(&self) -> String {
        format!(
            "{HEADER}\nrun: {}\nshard: {}\npatterns: {}\nless: {}\nseconds: {:.1}\npeak memory: {}\n",
            self.run, self.shard, self.patterns, self.less, self.seconds, self.peak_memory
        )
    }

    /// Reads a shard's file; errors name the file and line.
    pub fn read(path: &Path) -> Result<ShardCount> {
        let bytes = std::fs::read(path).at(path)?;
        let text = String::from_utf8(bytes)
            .map_err(|_| Error::invalid(format!("{}: not UTF-8 text", path.display())))?;
        let mut lines = text.lines().enumerate();
        if lines.next().map(|(_, l)| l.trim_end()) != Some(HEADER) {
            return Err(Error::invalid(format!(
                "{}:1: not the result of a count shard (it should begin {HEADER:?})",
                path.display()
            )));
        }
        let mut fields: Vec<(usize, &str, &str)> = Vec::new();
        for (i, line) in lines {
            if line.trim().is_empty() {
                continue;
            }
            let Some((name, value)) = line.split_once(':') else {
                return Err(Error::parse(
                    &path.display().to_string(),
                    i + 1,
                    None,
                    format!("expected NAME: VALUE, found {line:?}"),
                ));
            };
            fields.push((i + 1, name.trim(), value.trim()));
        }
        let field = |name: &str| {
            fields
                .iter()
                .find(|(_, n, _)| *n == name)
                .map(|&(line, _, value)| (line, value))
                .ok_or_else(|| Error::invalid(format!("{}: no {name:?} line", path.display())))
        };
        let number = |name: &str| -> Result<u128> {
            let (line, value) = field(name)?;
            value.parse().map_err(|_| {
                Error::parse(
                    &path.display().to_string(),
                    line,
                    None,
                    format!("{name}: not a whole number: {value:?}"),
                )
            })
        };
        let (shard_line, shard) = field("shard")?;
        Ok(ShardCount {
            run: field("run")?.1.to_string(),
            shard: shard.parse().map_err(|e: String| {
                Error::parse(&path.display().to_string(), shard_line, None, e)
            })?,
            patterns: number("patterns")?,
            less: number("less")?,
            seconds: field("seconds")?.1.parse().unwrap_or(f64::NAN),
            peak_memory: field("peak memory").map_or(String::new(), |(_, v)| v.to_string()),
        })
    }
}

/// The total of a run's shards: every shard once, all of one run; the
/// error names the files at fault.
pub fn sum(shards: &[(PathBuf, ShardCount)]) -> Result<u128> {
    if let Some((first_path, first)) = shards.first() {
        for (path, shard) in &shards[1..] {
            if shard.run != first.run || shard.shard.count != first.shard.count {
                return Err(Error::invalid(format!(
                    "{} and {} are shards of different runs:\n  {} (shard {})\n  {} (shard {})",
                    first_path.display(),
                    path.display(),
                    first.run,
                    first.shard,
                    shard.run,
                    shard.shard
                )));
            }
        }
    }
    let given: Vec<(Shard, &Path)> = shards.iter().map(|(p, s)| (s.shard, p.as_path())).collect();
    Shard::check_set(&given)?;
    let total = shards
        .iter()
        .try_fold(0u128, |sum, (_, s)| sum.checked_add(s.patterns))
        .and_then(|sum| {
            shards
                .iter()
                .try_fold(sum, |sum, (_, s)| sum.checked_sub(s.less))
        });
    total.ok_or_else(|| {
        Error::invalid("the shards' counts do not add up to a number of patterns (overflow)")
    })
}
