//! Which words a command uses, and the cached index for them.
//!
//! A [`ListSpec`] names the lists (or the embedded default), the minimum
//! score, the exclusion lists and the puzzle's dialect (British puzzles
//! score the embedded list their own way, see [`super::dialect`]). Its
//! cache key hashes all of their bytes and settings, and the tables of
//! roots and kinds the index records, so any change to any input selects a
//! different cache file; the index for a key is memory-mapped when cached
//! and built (then saved) when not.

use std::fs::File;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::time::Instant;

use super::dialect::{british_scores, Dialect};
use super::embedded;
use super::index::{cached, Index, Lexicon};
use super::{Entry, WordList};
use crate::error::{IoContext, Result};
use crate::progress::{Deadline, Reporter};

#[derive(Clone, Debug)]
pub struct ListSpec {
    /// Lists layered in order; empty means the embedded default list.
    pub files: Vec<PathBuf>,
    pub min_score: u8,
    pub exclude: Vec<PathBuf>,
    /// British puzzles rescore the embedded list (`wordlists/british.txt`:
    /// British spellings up, American ones and answers only Americans know
    /// down); a constructor's own lists keep their scores.
    pub dialect: Dialect,
    /// When reading and indexing the lists must be done (a command's
    /// `--timeout` counts them in): past it they stop with
    /// [`crate::Error::TimedOut`]. `None` never stops them.
    pub until: Option<Instant>,
}

impl ListSpec {
    /// The layered, filtered list. What each list held is a detail for
    /// `progress`; skipped entries are a note.
    pub fn load(&self, progress: &dyn Reporter) -> Result<WordList> {
        let deadline = Deadline::at(self.until);
        let mut list = WordList::default();
        if self.files.is_empty() {
            let (embedded, read) = embedded::default_list()?;
            progress.detail(&read.to_string());
            list = embedded;
            if self.dialect == Dialect::British {
                list.rescore(british_scores());
            }
        }
        for file in &self.files {
            let (layer, read) = WordList::read_until(file, &deadline)?;
            if read.skipped > 0 {
                progress.note(&read.to_string());
            } else {
                progress.detail(&read.to_string());
            }
            list.layer(layer);
        }
        for file in &self.exclude {
            let (banned, _) = WordList::read_until(file, &deadline)?;
            let removed = list.exclude(&banned);
            progress.detail(&format!("{}: {removed} words excluded", file.display()));
        }
        list.retain_min_score(self.min_score);
        Ok(list)
    }

    /// Hash of every input byte and setting.
    pub(crate) fn cache_key(&self) -> Result<u64> {
        let mut hash = Fnv::new();
        // The layout and what the index derives from the tables below (its
        // flags: see `index::EVERYDAY`) are versioned here.
        hash.add(b"cruciverb index v4");
        hash.add(&[super::index::EVERYDAY]);
        // What the index records of each word (roots, kinds) comes from
        // these whatever the lists.
        hash.add(super::roots::packed());
        hash.add(super::notes::packed());
        if self.files.is_empty() {
            hash.add(embedded::packed());
            if self.dialect == Dialect::British {
                hash.add(b"british");
                hash.add(super::dialect::packed()[0]);
            }
        }
        for (tag, files) in [(b'L', &self.files), (b'X', &self.exclude)] {
            for file in files {
                hash.add(&[tag]);
                hash_file(&mut hash, file)?;
            }
        }
        hash.add(&[self.min_score]);
        Ok(hash.0)
    }

    /// The index, from `cache_dir` when cached there, else built and saved.
    /// Without a cache directory the index is built in memory.
    pub fn index(&self, cache_dir: Option<&Path>, progress: &dyn Reporter) -> Result<Index> {
        let key = self.cache_key()?;
        index_for(self.until, key, cache_dir, progress, || self.load(progress))
    }

    /// The index of the entries `keep` accepts. `filter` identifies the
    /// filter in the cache key: it must change whenever `keep` would answer
    /// differently (say, the bytes of the clue sources it consults).
    pub fn index_of(
        &self,
        filter: &[u8],
        keep: impl Fn(&Entry) -> bool,
        cache_dir: Option<&Path>,
        progress: &dyn Reporter,
    ) -> Result<Index> {
        let mut hash = Fnv(self.cache_key()?);
        hash.add(b"filtered by");
        hash.add(filter);
        index_for(self.until, hash.0, cache_dir, progress, || {
            let mut list = self.load(progress)?;
            list.retain(keep);
            Ok(list)
        })
    }
}

fn index_for(
    until: Option<Instant>,
    key: u64,
    cache_dir: Option<&Path>,
    progress: &dyn Reporter,
    load: impl FnOnce() -> Result<WordList>,
) -> Result<Index> {
    let build = || {
        let mut list = load()?;
        list.forget_lookups();
        let deadline = Deadline::at(until);
        Index::build_until(&list, key, &Lexicon::embedded(), &deadline)
    };
    match cache_dir {
        Some(dir) => cached(&dir.join(format!("{key:016x}.idx")), key, build, progress),
        None => build(),
    }
}

/// Adds a list file's bytes to `hash`, a megabyte at a time (a list may
/// be hundreds of them).
fn hash_file(hash: &mut Fnv, path: &Path) -> Result<()> {
    let mut file = File::open(path).at(path)?;
    let mut chunk = vec![0u8; 1 << 20];
    loop {
        let mut filled = 0;
        while filled < chunk.len() {
            match file.read(&mut chunk[filled..]) {
                Ok(0) => break,
                Ok(n) => filled += n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => return Err(crate::Error::io(path, e)),
            }
        }
        hash.add(&chunk[..filled]);
        if filled < chunk.len() {
            return Ok(());
        }
    }
}

/// Where indexes are cached: `$CRUCIVERB_CACHE_DIR`, else
/// `$XDG_CACHE_HOME/cruciverb`, else `~/.cache/cruciverb`.
pub fn default_cache_dir() -> Option<PathBuf> {
    let var = |name: &str| {
        std::env::var_os(name)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    var("CRUCIVERB_CACHE_DIR")
        .or_else(|| var("XDG_CACHE_HOME").map(|d| d.join("cruciverb")))
        .or_else(|| var("HOME").map(|d| d.join(".cache/cruciverb")))
}

/// FNV-1a over 8-byte words (then the tail), fast enough for megabytes.
struct Fnv(u64);

impl Fnv {
    fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }

    fn add(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let w = u64::from_le_bytes(chunk.try_into().expect("8 bytes"));
            self.0 = (self.0 ^ w).wrapping_mul(0x0000_0100_0000_01b3);
        }
        for &b in chunks.remainder() {
            self.0 = (self.0 ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3);
        }
        self.0 = (self.0 ^ bytes.len() as u64).wrapping_mul(0x0000_0100_0000_01b3);
    }
}
