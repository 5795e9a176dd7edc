//! The embedded clue databases: a clue for every answer of the default word
//! list that scores 50 or more, and for many below.
//!
//! Two tables, looked up in this order: the clues the cruciverb team wrote
//! (`wordlists/clues-written.txt`, from the curated files: the common short
//! entries, the phrases, names and abbreviations, where drafted clues are
//! weakest) and the clues drafted from WordNet for the rest
//! (`wordlists/clues.txt`). Both are made by `wordlists/build.py`; see
//! [`crate::data`] for how they are stored.

use std::sync::OnceLock;

use crate::data::{inflate, KeyedLines};

const WRITTEN: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/clues-written.txt.deflate"));
const DRAFTED: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/clues.txt.deflate"));

/// Name under which the database appears in reports.
pub const NAME: &str = "<embedded clue database>";

/// Where a database clue comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// Written by hand for this answer.
    Written,
    /// Drafted from a WordNet sense.
    Drafted,
}

#[derive(Debug, Default)]
pub struct ClueDatabase {
    written: KeyedLines,
    drafted: KeyedLines,
}

/// The embedded database, inflated the first time it is asked for.
pub fn database() -> &'static ClueDatabase {
    static DATABASE: OnceLock<ClueDatabase> = OnceLock::new();
    DATABASE.get_or_init(|| ClueDatabase {
        written: KeyedLines::from_text(inflate(WRITTEN)),
        drafted: KeyedLines::from_text(inflate(DRAFTED)),
    })
}

/// The embedded tables as compiled in (deflated), e.g. for cache keys.
pub fn packed() -> [&'static [u8]; 2] {
    [WRITTEN, DRAFTED]
}

impl ClueDatabase {
    /// A database from the text of its two tables (`ANSWER;clue` lines).
    pub fn from_text(written: String, drafted: String) -> ClueDatabase {
        ClueDatabase {
            written: KeyedLines::from_text(written),
            drafted: KeyedLines::from_text(drafted),
        }
    }

    /// The clue for `answer` (upper-case letters, as in the grid).
    pub fn get(&self, answer: &str) -> Option<&str> {
        self.lookup(answer).map(|(clue, _)| clue)
    }

    /// The clue for `answer` and where it comes from.
    pub fn lookup(&self, answer: &str) -> Option<(&str, Origin)> {
        match self.written.get(answer) {
            Some(clue) => Some((clue, Origin::Written)),
            None => self.drafted.get(answer).map(|clue| (clue, Origin::Drafted)),
        }
    }

    /// Answers with a clue.
    pub fn len(&self) -> usize {
        self.iter().count()
    }

    pub fn is_empty(&self) -> bool {
        self.written.is_empty() && self.drafted.is_empty()
    }

    /// Every (answer, clue) the database gives, in answer order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> + '_ {
        let mut written = self.written.iter().peekable();
        let mut drafted = self.drafted.iter().peekable();
        std::iter::from_fn(move || match (written.peek(), drafted.peek()) {
            (Some(w), Some(d)) if d.0 < w.0 => drafted.next(),
            (Some(w), Some(d)) if d.0 == w.0 => {
                drafted.next();
                written.next()
            }
            (Some(_), _) => written.next(),
            (None, _) => drafted.next(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn written_clues_come_first() {
        let db = ClueDatabase::from_text(
            "CAT;Pet that purrs\nOREO;Cookie in many a lunchbox\n".into(),
            "APE;Primate\nCAT;Feline\nZEBRA;Striped animal\n".into(),
        );
        assert_eq!(db.lookup("CAT"), Some(("Pet that purrs", Origin::Written)));
        assert_eq!(db.lookup("APE"), Some(("Primate", Origin::Drafted)));
        assert_eq!(db.get("DOG"), None);
        let answers: Vec<&str> = db.iter().map(|(a, _)| a).collect();
        assert_eq!(answers, ["APE", "CAT", "OREO", "ZEBRA"]);
        assert_eq!(db.len(), 4);
    }
}
