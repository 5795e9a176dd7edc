//! The quality report that ends `fill` and `make`: what an editor counts in
//! a fill before accepting it.
//!
//! An editor judges a grid by its weakest entries more than by its average:
//! entries scoring below the default minimum, and how many names,
//! abbreviations, partials, crosswordese and foreign words it leans on, and
//! whether anything fails the breakfast-table test. Those kinds come from
//! the default list's notes ([`crate::wordlist::notes`]), looked up by the
//! entry's letters, so a fill from a constructor's own list is judged by the
//! same measure; its long entries, which carry the grid, are listed with
//! their scores. The filler never puts two entries sharing a root in a grid,
//! but a constructor's own entries may: the report names such pairs. The
//! constructor's own entries (typed words the list lacks) count among the
//! entries and are named, but have no score to weigh.

use std::collections::BTreeMap;
use std::fmt;

use super::outcome::Placed;
use crate::wordlist::notes::{Kind, Notes};
use crate::wordlist::roots::{clashing_pairs, RootTable};
use crate::wordlist::DEFAULT_SCORE;

/// Entries at least this long are listed as the fill's long entries.
pub(crate) const LONG: usize = 8;

/// The kinds the report counts, in the order it prints them.
const COUNTED: [(Kind, &str); 7] = [
    (Kind::Name, "names"),
    (Kind::Abbreviation, "abbreviations"),
    (Kind::Partial, "partials"),
    (Kind::Crosswordese, "crosswordese"),
    (Kind::Inflection, "odd inflections"),
    (Kind::Foreign, "foreign words"),
    (Kind::Breakfast, "breakfast test"),
];

#[derive(Clone, Debug, PartialEq)]
pub struct Quality {
    /// Every entry of the grid, the constructor's own included.
    pub entries: usize,
    /// The mean and lowest score of the list's words.
    pub mean: f64,
    pub lowest: u8,
    /// Entries scoring below the default minimum, worst first.
    pub weak: Vec<Placed>,
    /// Entries of each counted kind, in grid order.
    pub kinds: BTreeMap<Kind, Vec<String>>,
    /// Entries of [`LONG`] letters or more, longest first.
    pub long: Vec<Placed>,
    /// Pairs of the grid's entries that share a root, with the roots they
    /// share (`ELM`): only the constructor's own entries can make one.
    pub shared: Vec<(String, String, String)>,
    /// The constructor's own entries, which no list scores, in grid order.
    pub own: Vec<String>,
}

impl Quality {
    /// The report on a fill whose scored words are `words` and whose
    /// entries, all of them in grid order, are `answers`: the words the
    /// search chose or found in the list, and the constructor's own.
    pub fn of(words: &[Placed], answers: &[&str], notes: &Notes, roots: &RootTable) -> Quality {
        let total: u64 = words.iter().map(|w| w.score as u64).sum();
        let mut weak: Vec<Placed> = words
            .iter()
            .filter(|w| w.score < DEFAULT_SCORE)
            .cloned()
            .collect();
        weak.sort_by_key(|w| w.score);
        let mut kinds: BTreeMap<Kind, Vec<String>> = BTreeMap::new();
        for placed in words {
            if let Some(note) = notes.get(&placed.word) {
                for (kind, _) in COUNTED {
                    if note.is(kind) {
                        kinds.entry(kind).or_default().push(placed.word.clone());
                    }
                }
            }
        }
        let mut long: Vec<Placed> = words
            .iter()
            .filter(|w| w.word.len() >= LONG)
            .cloned()
            .collect();
        long.sort_by_key(|w| std::cmp::Reverse(w.word.len()));
        Quality {
            entries: words.len().max(answers.len()),
            mean: total as f64 / words.len().max(1) as f64,
            lowest: words.iter().map(|w| w.score).min().unwrap_or(0),
            weak,
            kinds,
            long,
            shared: clashing_pairs(roots, &distinct(answers))
                .into_iter()
                .map(|(a, b, roots)| (a.to_string(), b.to_string(), roots.join(", ")))
                .collect(),
            own: own_entries(words, answers),
        }
    }

    /// Entries of `kind` in the fill.
    pub(crate) fn of_kind(&self, kind: Kind) -> &[String] {
        self.kinds.get(&kind).map_or(&[], Vec::as_slice)
    }
}

/// `answers` without repeats: an entry typed twice is a duplicate (which
/// the studio's analysis names), not a pair sharing a root with itself.
fn distinct<'a>(answers: &[&'a str]) -> Vec<&'a str> {
    let mut seen = Vec::with_capacity(answers.len());
    for &answer in answers {
        if !seen.contains(&answer) {
            seen.push(answer);
        }
    }
    seen
}

/// The entries of `answers` that no word of `words` accounts for, taken
/// one for one (a typed word may stand beside the same word chosen).
fn own_entries(words: &[Placed], answers: &[&str]) -> Vec<String> {
    let mut scored: Vec<&str> = words.iter().map(|w| w.word.as_str()).collect();
    answers
        .iter()
        .filter(|answer| match scored.iter().position(|w| w == *answer) {
            Some(i) => {
                scored.swap_remove(i);
                false
            }
            None => true,
        })
        .map(|answer| answer.to_string())
        .collect()
}

impl fmt::Display for Quality {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self.own.len() {
            0 => writeln!(
                f,
                "quality: {} entries, mean score {:.1}, lowest {}",
                self.entries, self.mean, self.lowest
            )?,
            own => writeln!(
                f,
                "quality: {} entries, {} of them scored: mean score {:.1}, lowest {}\n  your own, unscored ({own}): {}",
                self.entries,
                self.entries - own,
                self.mean,
                self.lowest,
                self.own.join(", ")
            )?,
        }
        let scored = |words: &[Placed]| {
            words
                .iter()
                .map(|w| format!("{} {}", w.word, w.score))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let line = |f: &mut fmt::Formatter, label: &str, count: usize, text: String| {
            if count == 0 {
                writeln!(f, "  {label}: none")
            } else {
                writeln!(f, "  {label} ({count}): {text}")
            }
        };
        line(
            f,
            &format!("below {DEFAULT_SCORE}"),
            self.weak.len(),
            scored(&self.weak),
        )?;
        for (kind, label) in COUNTED {
            let words = self.of_kind(kind);
            line(f, label, words.len(), words.join(", "))?;
        }
        line(
            f,
            &format!("long entries ({LONG}+ letters)"),
            self.long.len(),
            scored(&self.long),
        )?;
        let pairs: Vec<String> = self
            .shared
            .iter()
            .map(|(a, b, roots)| format!("{a}/{b} ({roots})"))
            .collect();
        line(f, "entries sharing a root", pairs.len(), pairs.join(", "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn placed(slot: &str, word: &str, score: u8) -> Placed {
        Placed {
            slot: slot.into(),
            word: word.into(),
            score,
            given: false,
        }
    }

    #[test]
    fn counts_what_an_editor_counts() {
        let notes = Notes::from_text(
            "ELVIS;name;curated\nNASA;abbreviation;curated\nINA;partial;curated\nURINE;breakfast;SCOWL\nBUCKETLIST;phrase;curated\n"
                .into(),
        );
        let words = [
            placed("1A", "ELVIS", 72),
            placed("6A", "NASA", 66),
            placed("1D", "INA", 40),
            placed("2D", "URINE", 35),
            placed("3D", "BUCKETLIST", 78),
            placed("4D", "CAT", 90),
        ];
        let answers = ["ELVIS", "NASA", "INA", "URINE", "BUCKETLIST", "CAT"];
        let table = RootTable::from_text(String::new());
        let q = Quality::of(&words, &answers, &notes, &table);
        assert_eq!(q.entries, 6);
        assert!(q.own.is_empty());
        assert_eq!(q.lowest, 35);
        assert_eq!(q.weak, [placed("2D", "URINE", 35), placed("1D", "INA", 40)]);
        assert_eq!(q.of_kind(Kind::Name), ["ELVIS"]);
        assert_eq!(q.of_kind(Kind::Breakfast), ["URINE"]);
        assert!(q.of_kind(Kind::Foreign).is_empty());
        assert_eq!(q.long, [placed("3D", "BUCKETLIST", 78)]);
        let text = q.to_string();
        assert!(
            text.starts_with("quality: 6 entries, mean score 63.5, lowest 35\n"),
            "{text}"
        );
        assert!(
            text.contains("  below 50 (2): URINE 35, INA 40\n"),
            "{text}"
        );
        assert!(text.contains("  names (1): ELVIS\n"), "{text}");
        assert!(text.contains("  foreign words: none\n"), "{text}");
        assert!(
            text.contains("  long entries (8+ letters) (1): BUCKETLIST 78\n"),
            "{text}"
        );
        // Typed entries the list lacks count, are named and are not scored;
        // a typed CAT beside a chosen one is the constructor's too.
        let answers = [
            "ELVIS",
            "NASA",
            "INA",
            "URINE",
            "BUCKETLIST",
            "CAT",
            "ZORBING",
            "CAT",
        ];
        let q = Quality::of(&words, &answers, &notes, &table);
        assert_eq!((q.entries, q.lowest), (8, 35));
        assert_eq!(q.own, ["ZORBING", "CAT"]);
        let text = q.to_string();
        assert!(
            text.starts_with("quality: 8 entries, 6 of them scored: mean score 63.5, lowest 35\n  your own, unscored (2): ZORBING, CAT\n  below 50 (2)"),
            "{text}"
        );
    }
}
