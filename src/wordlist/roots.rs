//! Which entries share a root, so that no grid holds two of them.
//!
//! An editor sends back a grid with ELM and ELMS, MAN and MEN, DATE and
//! BLINDDATE, OVER and OVERTIMES, even when each entry is fine on its own.
//! `wordlists/build.py` works out the roots of every entry of the default
//! list (from WordNet's morphology, its links between words made from one
//! another by an affix, and the words of phrases and closed compounds; see
//! `wordlists/listkit/roots.py`) and writes `wordlists/roots.txt`:
//! `WORD;ROOT ROOT|WEAK WEAK`. A word's own letters are always one of its
//! roots, so a word absent from the table is its own family only.
//!
//! Two entries clash when they share a root, or when a weak root of one is
//! a root of the other. Weak roots are the function words an entry is
//! built on: OVERTIMES (weak OVER) clashes with OVER but not with OVERHEAD,
//! and ONTHEGO (weak ON, THE) not with every other phrase holding a THE.
//! The same rule serves the filler (through the index, see
//! [`super::index`]), the clue chooser (a clue may not use a root of
//! another answer) and the quality report.

use std::sync::OnceLock;

use crate::data::{inflate, KeyedLines};

const PACKED: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/roots.txt.deflate"));
/// The roots of the default list's entries, from `WORD;ROOT ROOT|WEAK` lines.
#[derive(Debug, Default)]
pub struct RootTable {
    table: KeyedLines,
}

/// The roots table of the embedded list, inflated on first use.
pub fn roots() -> &'static RootTable {
    static ROOTS: OnceLock<RootTable> = OnceLock::new();
    ROOTS.get_or_init(|| RootTable::from_text(inflate(PACKED)))
}

/// The embedded table as compiled in (deflated), for cache keys.
pub fn packed() -> &'static [u8] {
    PACKED
}

/// One entry's roots: its own letters first, then the listed ones, and its
/// weak roots.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Roots<'a> {
    pub strong: Vec<&'a str>,
    pub weak: Vec<&'a str>,
}

impl<'a> Roots<'a> {
    /// Whether an entry with these roots may not share a grid with one
    /// with `other`'s.
    pub fn clash(&self, other: &Roots) -> bool {
        self.strong
            .iter()
            .any(|r| other.strong.contains(r) || other.weak.contains(r))
            || self.weak.iter().any(|r| other.strong.contains(r))
    }

    /// The roots two entries clash over, strongest first.
    pub fn shared(&self, other: &Roots) -> Vec<&'a str> {
        let mut found: Vec<&'a str> = self
            .strong
            .iter()
            .filter(|r| other.strong.contains(r) || other.weak.contains(r))
            .copied()
            .collect();
        for r in &self.weak {
            if other.strong.contains(r) && !found.contains(r) {
                found.push(r);
            }
        }
        found
    }
}

impl RootTable {
    pub(crate) fn from_text(text: String) -> RootTable {
        RootTable {
            table: KeyedLines::from_text(text),
        }
    }

    /// The roots of `word` (grid letters): itself and whatever the table
    /// lists for it.
    pub fn of<'a>(&'a self, word: &'a str) -> Roots<'a> {
        let mut roots = Roots {
            strong: vec![word],
            weak: Vec::new(),
        };
        if let Some(value) = self.table.get(word) {
            let (strong, weak) = value.split_once('|').unwrap_or((value, ""));
            roots
                .strong
                .extend(strong.split(' ').filter(|r| !r.is_empty() && *r != word));
            roots.weak.extend(
                weak.split(' ')
                    .filter(|r| !r.is_empty() && !roots.strong.contains(r)),
            );
        }
        roots
    }

    /// Whether two entries may not share a grid.
    pub fn clash(&self, a: &str, b: &str) -> bool {
        self.of(a).clash(&self.of(b))
    }

    pub fn len(&self) -> usize {
        self.table.len()
    }

    pub fn is_empty(&self) -> bool {
        self.table.is_empty()
    }
}

/// Every pair of `entries` that clash, as (first, second, shared roots),
/// in the order the entries come: what the quality report and the studio
/// name when a constructor's own entries share a root.
pub(crate) fn clashing_pairs<'a>(
    table: &'a RootTable,
    entries: &[&'a str],
) -> Vec<(&'a str, &'a str, Vec<&'a str>)> {
    let roots: Vec<Roots> = entries.iter().map(|e| table.of(e)).collect();
    let mut pairs = Vec::new();
    for i in 0..entries.len() {
        for j in i + 1..entries.len() {
            let shared = roots[i].shared(&roots[j]);
            if !shared.is_empty() {
                pairs.push((entries[i], entries[j], shared));
            }
        }
    }
    pairs
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table() -> RootTable {
        RootTable::from_text(
            "ELMS;ELM\nMEN;MAN\nBLINDDATE;BLIND DATE\nOVERTIMES;OVERTIME TIME|OVER\nOVERHEAD;HEAD|OVER\nONTHEGO;GO|ON THE\nINTHEEND;END|IN THE\n"
                .into(),
        )
    }

    #[test]
    fn entries_sharing_a_root_clash() {
        let t = table();
        assert!(t.clash("ELM", "ELMS"));
        assert!(t.clash("MAN", "MEN"));
        assert!(t.clash("DATE", "BLINDDATE"));
        assert!(t.clash("BLIND", "BLINDDATE"));
        assert!(t.clash("TIME", "OVERTIMES"));
        assert!(t.clash("OVERTIME", "OVERTIMES"));
        assert!(t.clash("CAT", "CAT"), "a word is its own root");
        assert!(!t.clash("ELM", "MAN"));
        assert!(!t.clash("CAT", "CATS"), "only the table says CATS is CAT's");
    }

    #[test]
    fn weak_roots_clash_only_with_the_word_itself() {
        let t = table();
        assert!(t.clash("OVER", "OVERTIMES"));
        assert!(t.clash("OVERTIMES", "OVER"));
        assert!(!t.clash("OVERTIMES", "OVERHEAD"));
        assert!(!t.clash("ONTHEGO", "INTHEEND"));
        assert!(t.clash("THE", "INTHEEND"));
        assert_eq!(
            t.of("OVERTIMES"),
            Roots {
                strong: vec!["OVERTIMES", "OVERTIME", "TIME"],
                weak: vec!["OVER"]
            }
        );
    }

    #[test]
    fn pairs_name_what_they_share() {
        let t = table();
        let pairs = clashing_pairs(&t, &["ELM", "OVER", "ELMS", "CAT", "OVERTIMES", "TIME"]);
        assert_eq!(
            pairs,
            vec![
                ("ELM", "ELMS", vec!["ELM"]),
                ("OVER", "OVERTIMES", vec!["OVER"]),
                ("OVERTIMES", "TIME", vec!["TIME"]),
            ]
        );
    }
}
