//! The embedded clue databases: clues for every answer of the default word
//! list that scores 50 or more, and for many below.
//!
//! Two tables, looked up in this order: the clues the cruciverb team wrote
//! (`wordlists/clues-written.txt`: `ANSWER;LEVEL;clue;LEVEL;clue...`, the
//! answer's first clue first; the answers `make` uses most have several,
//! from plain early-week definitions to late-week misdirection, each with
//! its level and, after a `+`, the country whose solvers alone would get
//! it) and the clues drafted from WordNet (`wordlists/clues.txt`, one
//! each, counted as easy): the only clue of the answers nobody wrote for,
//! and a spare, after the written ones, for answers with fewer than three,
//! which clue choice falls back on only when every written clue would use
//! another answer of the grid. Both are made by `wordlists/build.py`; see
//! [`crate::data`] for how they are stored.

use std::fmt;
use std::str::FromStr;
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

/// How hard a clue is, as the days of a newspaper's week rise: a plain
/// definition (Monday), a less obvious sense (Wednesday), misdirection and
/// fair question-mark wordplay (Saturday).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    Easy,
    #[default]
    Medium,
    Hard,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];

    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Level {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Level::ALL
            .into_iter()
            .find(|l| l.name() == s)
            .ok_or_else(|| format!("{s:?} is not easy, medium or hard"))
    }
}

/// Whose solvers a clue needs: anyone's, or only American or British ones
/// (a US sports league, a British soap).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Region {
    #[default]
    Any,
    Us,
    Uk,
}

/// One clue of the database.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DbClue<'a> {
    pub text: &'a str,
    pub level: Level,
    pub region: Region,
    pub origin: Origin,
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
    /// A database from the text of its two tables (`ANSWER;LEVEL;clue...`
    /// and `ANSWER;clue` lines).
    #[cfg(test)]
    pub(crate) fn from_text(written: String, drafted: String) -> ClueDatabase {
        ClueDatabase {
            written: KeyedLines::from_text(written),
            drafted: KeyedLines::from_text(drafted),
        }
    }

    /// The first clue for `answer` (upper-case letters, as in the grid).
    pub fn get(&self, answer: &str) -> Option<&str> {
        self.lookup(answer).map(|(clue, _)| clue)
    }

    /// The first clue for `answer` and where it comes from.
    pub fn lookup(&self, answer: &str) -> Option<(&str, Origin)> {
        self.clues(answer)
            .into_iter()
            .next()
            .map(|c| (c.text, c.origin))
    }

    /// Every clue for `answer`: the written ones in the table's order (the
    /// first first), then the drafted one (the spare, when there are
    /// written ones).
    pub fn clues(&self, answer: &str) -> Vec<DbClue<'_>> {
        let mut clues = self
            .written
            .get(answer)
            .map(written_clues)
            .unwrap_or_default();
        clues.extend(self.drafted.get(answer).map(|text| DbClue {
            text,
            level: Level::Easy,
            region: Region::Any,
            origin: Origin::Drafted,
        }));
        clues
    }

    /// Answers with a clue.
    pub fn len(&self) -> usize {
        self.iter().count()
    }

    pub fn is_empty(&self) -> bool {
        self.written.is_empty() && self.drafted.is_empty()
    }

    /// Every (answer, first clue) the database gives, in answer order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> + '_ {
        let mut written = self
            .written
            .iter()
            .map(|(a, v)| (a, first_clue(v)))
            .peekable();
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

/// The first clue of a written table's value.
fn first_clue(value: &str) -> &str {
    value.split(';').nth(1).map_or("", str::trim)
}

/// The clues of a written table's value, `LEVEL[+REGION];clue;...`
/// (build.rs checked the form; anything else is skipped).
fn written_clues(value: &str) -> Vec<DbClue<'_>> {
    let fields: Vec<&str> = value.split(';').collect();
    fields
        .chunks(2)
        .filter_map(|pair| {
            let [tag, text] = pair else { return None };
            let (level, region) = tag.split_once('+').unwrap_or((tag, ""));
            Some(DbClue {
                text: text.trim(),
                level: level.parse().ok()?,
                region: match region {
                    "us" => Region::Us,
                    "uk" => Region::Uk,
                    _ => Region::Any,
                },
                origin: Origin::Written,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn written_clues_come_first_then_the_spare() {
        let db = ClueDatabase::from_text(
            "CAT;easy;Pet that purrs;hard;Jazz fan, old-style\nOREO;easy;Cookie in many a lunchbox\nSET;easy+us;Tennis match part;medium;Ready\n".into(),
            "APE;Primate\nCAT;Feline\nZEBRA;Striped animal\n".into(),
        );
        assert_eq!(db.lookup("CAT"), Some(("Pet that purrs", Origin::Written)));
        assert_eq!(db.lookup("APE"), Some(("Primate", Origin::Drafted)));
        assert_eq!(db.get("DOG"), None);
        let cat = db.clues("CAT");
        assert_eq!(cat.len(), 3, "two written, then the drafted spare");
        assert_eq!(
            (cat[1].text, cat[1].level, cat[1].region),
            ("Jazz fan, old-style", Level::Hard, Region::Any)
        );
        assert_eq!((cat[2].text, cat[2].origin), ("Feline", Origin::Drafted));
        let set = db.clues("SET");
        assert_eq!((set[0].level, set[0].region), (Level::Easy, Region::Us));
        assert_eq!(db.clues("APE")[0].level, Level::Easy);
        let answers: Vec<(&str, &str)> = db.iter().collect();
        assert_eq!(
            answers,
            [
                ("APE", "Primate"),
                ("CAT", "Pet that purrs"),
                ("OREO", "Cookie in many a lunchbox"),
                ("SET", "Tennis match part"),
                ("ZEBRA", "Striped animal")
            ]
        );
        assert_eq!(db.len(), 5);
        assert_eq!("hard".parse(), Ok(Level::Hard));
        assert!("brutal".parse::<Level>().is_err());
    }
}
