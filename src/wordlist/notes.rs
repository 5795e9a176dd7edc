//! What the default list knows about each entry: what kind of entry it is
//! and where its score came from.
//!
//! `wordlists/build.py` writes `wordlists/notes.txt` (`WORD;kinds;origin`)
//! beside the list. Kinds are what an editor counts when judging a fill —
//! names, abbreviations, partials, crosswordese, foreign words, phrases, odd
//! inflections, answers only Americans know, and entries that fail the
//! breakfast-table test — so the quality report of
//! `fill` and `make` can name them, whatever list the fill came from; the
//! origin ("SCOWL word 35, wordfreq 3.21", "curated phrases.txt") is what
//! `wordlist show` prints to explain a score.

use std::fmt;
use std::sync::OnceLock;

use crate::data::{inflate, KeyedLines};

const PACKED: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/notes.txt.deflate"));

/// A kind of entry an editor keeps count of.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    Name,
    Abbreviation,
    Contraction,
    Partial,
    Crosswordese,
    Foreign,
    Phrase,
    /// An odd inflection: the plural of a mass noun (TOBACCOS), a form
    /// nobody uses (ACTIVES).
    Inflection,
    /// Known only to American solvers (NCAA, a US-only brand): British
    /// puzzles leave it out.
    American,
    /// Fails the breakfast-table test: kept below the default minimum score.
    Breakfast,
}

impl Kind {
    pub const ALL: [Kind; 10] = [
        Kind::Name,
        Kind::Abbreviation,
        Kind::Contraction,
        Kind::Partial,
        Kind::Crosswordese,
        Kind::Foreign,
        Kind::Phrase,
        Kind::Inflection,
        Kind::American,
        Kind::Breakfast,
    ];

    /// The kinds an editor rations, a few to a grid and none in its
    /// longest entries: crosswordese, partials, abbreviations and odd
    /// inflections (`make`'s budget).
    pub(crate) const RATIONED: [Kind; 4] = [
        Kind::Crosswordese,
        Kind::Partial,
        Kind::Abbreviation,
        Kind::Inflection,
    ];

    /// The name used in notes.txt.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Name => "name",
            Kind::Abbreviation => "abbreviation",
            Kind::Contraction => "contraction",
            Kind::Partial => "partial",
            Kind::Crosswordese => "crosswordese",
            Kind::Foreign => "foreign",
            Kind::Phrase => "phrase",
            Kind::Inflection => "inflection",
            Kind::American => "american",
            Kind::Breakfast => "breakfast",
        }
    }

    pub fn parse(name: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.name() == name)
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One entry's note.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note<'a> {
    pub kinds: Vec<Kind>,
    pub origin: &'a str,
}

impl Note<'_> {
    pub fn is(&self, kind: Kind) -> bool {
        self.kinds.contains(&kind)
    }

    /// Whether the entry is of a kind an editor rations ([`Kind::RATIONED`]).
    pub(crate) fn rationed(&self) -> bool {
        Kind::RATIONED.iter().any(|k| self.is(*k))
    }
}

#[derive(Debug, Default)]
pub struct Notes {
    table: KeyedLines,
}

/// The notes as compiled in (deflated), for cache keys.
pub fn packed() -> &'static [u8] {
    PACKED
}

/// The notes of the embedded list, inflated the first time they are asked for.
pub fn notes() -> &'static Notes {
    static NOTES: OnceLock<Notes> = OnceLock::new();
    NOTES.get_or_init(|| Notes::from_text(inflate(PACKED)))
}

impl Notes {
    /// Notes from `WORD;kinds;origin` lines (kinds comma-separated; `word`
    /// or an unknown name is no kind).
    pub(crate) fn from_text(text: String) -> Notes {
        Notes {
            table: KeyedLines::from_text(text),
        }
    }

    /// The note on `word` (grid letters), if the default list has it.
    pub fn get(&self, word: &str) -> Option<Note<'_>> {
        let value = self.table.get(word)?;
        let (kinds, origin) = value.split_once(';').unwrap_or((value, ""));
        Some(Note {
            kinds: kinds.split(',').filter_map(Kind::parse).collect(),
            origin: origin.trim(),
        })
    }

    pub fn len(&self) -> usize {
        self.table.len()
    }

    pub fn is_empty(&self) -> bool {
        self.table.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_and_origin() {
        let notes = Notes::from_text(
            "OHNO;phrase;curated phrases.txt\nELVIS;name;curated names.txt\nCAT;word;SCOWL word 10, wordfreq 4.71\nANUS;breakfast,word;SCOWL\n"
                .into(),
        );
        let oh_no = notes.get("OHNO").unwrap();
        assert_eq!(oh_no.kinds, [Kind::Phrase]);
        assert_eq!(oh_no.origin, "curated phrases.txt");
        assert!(notes.get("ELVIS").unwrap().is(Kind::Name));
        assert!(notes.get("CAT").unwrap().kinds.is_empty());
        assert!(notes.get("ANUS").unwrap().is(Kind::Breakfast));
        assert_eq!(notes.get("DOG"), None);
        for kind in Kind::ALL {
            assert_eq!(Kind::parse(kind.name()), Some(kind));
        }
    }
}
