//! One part of a run split across processes or machines: `K/N` on the
//! command line. Pattern enumeration and fill batches deal their items out
//! round-robin ([`Shard::holds`]); the exact counter gives each shard one
//! hash part of its states in every phase.

use std::path::Path;

use crate::error::{Error, Result};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// 0-based index of this shard.
    pub index: u64,
    pub count: u64,
}

impl Shard {
    /// The whole run, as one shard.
    pub const WHOLE: Shard = Shard { index: 0, count: 1 };

    /// Refuses shards (of one run, checked by the caller) that are not
    /// each of its N shards exactly once, naming a shard given twice and
    /// the missing ones; `given` says where each shard came from.
    pub fn check_set(given: &[(Shard, &Path)]) -> Result<()> {
        for (i, (shard, source)) in given.iter().enumerate() {
            if let Some((_, twin)) = given[..i].iter().find(|(s, _)| s == shard) {
                return Err(Error::invalid(format!(
                    "shard {shard} is given twice: {} and {}",
                    twin.display(),
                    source.display()
                )));
            }
        }
        let Some((first, _)) = given.first() else {
            return Err(Error::invalid("no shards given"));
        };
        let count = first.count;
        let missing: Vec<String> = (0..count)
            .filter(|&index| !given.iter().any(|(s, _)| s.index == index))
            .map(|index| Shard { index, count }.to_string())
            .collect();
        if missing.is_empty() {
            return Ok(());
        }
        Err(Error::invalid(format!(
            "shard{} {} of the run {} missing",
            if missing.len() == 1 { "" } else { "s" },
            missing.join(", "),
            if missing.len() == 1 { "is" } else { "are" }
        )))
    }

    /// Whether item `i` (0-based) of a run dealt round-robin is this shard's.
    pub fn holds(&self, i: u64) -> bool {
        i % self.count == self.index
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(f, "{}/{}", self.index + 1, self.count)
    }
}

impl std::str::FromStr for Shard {
    type Err = String;
    fn from_str(s: &str) -> Result<Shard, String> {
        let bad = || format!("bad shard {s:?} (expected K/N with 1 <= K <= N, e.g. 3/8)");
        let (k, n) = s.split_once('/').ok_or_else(bad)?;
        let k: u64 = k.trim().parse().map_err(|_| bad())?;
        let n: u64 = n.trim().parse().map_err(|_| bad())?;
        if k == 0 || n == 0 || k > n {
            return Err(bad());
        }
        Ok(Shard {
            index: k - 1,
            count: n,
        })
    }
}
