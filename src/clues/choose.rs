//! Choosing each slot's clue with the whole grid in view, the way an editor
//! reads a puzzle.
//!
//! A clue that is fine on its own can still send a puzzle back: "Not good"
//! for BAD when GOOD is in the grid, "Sets, as Jell-O" beside SETS, AMEND
//! and EDIT both clued "Revise", ORA "___ pro nobis" in every puzzle. So a
//! database clue is chosen only if no word of it shares a root with any
//! answer of the grid, its own included (see [`crate::wordlist::roots`]:
//! "for one" beside ONES, "was" beside ARE),
//! and no other slot has the same text; among those, one is drawn at
//! random (seeded) with weights that follow the puzzle's difficulty, so the
//! same answer in two puzzles usually gets two clues. A drafted spare is
//! drawn only when no written clue is left (WHIRL's "Spin" beside SPIN).
//! British puzzles skip clues only American solvers would get and respell
//! the rest.

use std::collections::HashSet;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::database::{DbClue, Level, Origin, Region};
use crate::wordlist::dialect::{respell, Dialect};
use crate::wordlist::roots::roots;

/// How [`super::attach`] picks among an answer's database clues.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Choosing {
    /// The puzzle's difficulty: which levels of clue it leans on.
    pub level: Level,
    pub dialect: Dialect,
    pub seed: u64,
    /// Leaves the drafted spares out, so that a slot only a spare would
    /// clue counts as unclean: `make` refills such slots before it settles
    /// for a spare.
    pub hold_spares: bool,
}

/// How much a puzzle of difficulty `puzzle` wants a clue of `clue`'s level.
/// Easy puzzles are plain definitions with a few medium clues; hard ones
/// lean on hard clues; medium ones (the default) mix all three evenly,
/// which also makes repeats across puzzles rare.
pub(crate) fn weight(puzzle: Level, clue: Level) -> f64 {
    match (puzzle, clue) {
        (Level::Easy, Level::Easy) => 1.0,
        (Level::Easy, Level::Medium) => 0.3,
        (Level::Easy, Level::Hard) => 0.0,
        (Level::Medium, _) => 1.0,
        (Level::Hard, Level::Easy) => 0.1,
        (Level::Hard, Level::Medium) => 0.5,
        (Level::Hard, Level::Hard) => 1.0,
    }
}

/// Whether a clue of `region` suits a puzzle for `dialect`'s solvers.
pub(crate) fn suits(dialect: Dialect, region: Region) -> bool {
    !matches!(
        (dialect, region),
        (Dialect::British, Region::Us) | (Dialect::American, Region::Uk)
    )
}

/// The roots of a grid's answers, to test clue words against.
pub(crate) struct Answers {
    /// Answers as grid letters.
    answers: HashSet<String>,
    /// Every root of every answer (their own letters among them).
    roots: HashSet<String>,
}

impl Answers {
    /// The complete answers of `puzzle` (a rebus or open slot has none).
    pub(crate) fn of_puzzle(puzzle: &crate::puzzle::Puzzle) -> Answers {
        Answers::new(
            puzzle
                .clues
                .iter()
                .filter(|c| !c.answer.contains('.'))
                .map(|c| c.answer.as_str()),
        )
    }

    pub fn new<'a>(answers: impl IntoIterator<Item = &'a str>) -> Answers {
        let table = roots();
        let mut all = Answers {
            answers: HashSet::new(),
            roots: HashSet::new(),
        };
        for answer in answers {
            all.roots
                .extend(table.of(answer).strong.iter().map(|r| r.to_string()));
            all.answers.insert(answer.to_string());
        }
        all
    }

    /// The first word of `clue` that uses an answer of the grid or one of
    /// its roots, as the clue writes it; None when it uses none: a word
    /// that is an answer, or shares a root with one ("for one" beside
    /// ONES, "Had dinner" beside HAVE, "was" beside ARE). Few clues hold a
    /// form of BE or HAVE (one in 150), so counting them costs little.
    pub(crate) fn used_in<'c>(&self, clue: &'c str) -> Option<&'c str> {
        let table = roots();
        words(clue)
            .find(|(_, letters)| {
                self.answers.contains(letters.as_str())
                    || table
                        .of(letters)
                        .strong
                        .iter()
                        .any(|r| self.roots.contains(*r))
            })
            .map(|(word, _)| word)
    }
}

/// The words of a clue as written and in grid letters: "Don't" → DONT,
/// "Boy-and-tiger" → BOY, AND, TIGER.
fn words(clue: &str) -> impl Iterator<Item = (&str, String)> {
    clue.split(|c: char| !(c.is_ascii_alphabetic() || c == '\'' || c == '\u{2019}'))
        .map(|w| w.trim_matches(['\'', '\u{2019}']))
        .filter(|w| !w.is_empty())
        .map(|w| {
            let letters: String = w
                .chars()
                .filter(char::is_ascii_alphabetic)
                .map(|c| c.to_ascii_uppercase())
                .collect();
            (w, letters)
        })
}

/// Draws clues for a grid, one slot after another, remembering the texts
/// already used.
pub(crate) struct Chooser<'a> {
    how: Choosing,
    answers: &'a Answers,
    used: HashSet<String>,
    rng: StdRng,
}

/// What [`Chooser::choose`] found for one slot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Chosen {
    /// A clue that uses no answer and repeats no other slot's clue.
    Clean(String),
    /// Every clue the answer has (for this dialect) uses an answer of the
    /// grid or repeats a clue: the first of them, and the word at fault.
    Unclean(String, String),
}

impl<'a> Chooser<'a> {
    pub fn new(how: Choosing, answers: &'a Answers) -> Chooser<'a> {
        Chooser {
            how,
            answers,
            used: HashSet::new(),
            rng: StdRng::seed_from_u64(how.seed),
        }
    }

    /// Marks a clue another source gave as used, so no slot repeats it.
    pub fn taken(&mut self, text: &str) {
        self.used.insert(text.to_lowercase());
    }

    /// A clue among `clues` for one slot, or None when none suits the
    /// puzzle's dialect.
    pub(crate) fn choose(&mut self, clues: &[DbClue]) -> Option<Chosen> {
        let suited: Vec<&DbClue> = clues
            .iter()
            .filter(|c| suits(self.how.dialect, c.region))
            .collect();
        let first = *suited.first()?;
        let clean: Vec<&DbClue> = suited
            .iter()
            .copied()
            .filter(|c| {
                !self.used.contains(&c.text.to_lowercase())
                    && self.answers.used_in(c.text).is_none()
            })
            .collect();
        // A drafted spare only when no written clue is clean.
        let (written, spare): (Vec<&DbClue>, Vec<&DbClue>) =
            clean.into_iter().partition(|c| c.origin == Origin::Written);
        let drawn = match (written.is_empty(), self.how.hold_spares) {
            (false, _) => self.draw(&written),
            (true, false) => self.draw(&spare),
            (true, true) => None,
        };
        let chosen = match drawn {
            Some(c) => Chosen::Clean(self.finish(c.text)),
            None => {
                let fault = self
                    .answers
                    .used_in(first.text)
                    .map_or_else(|| "a repeat".to_string(), |w| format!("\"{w}\""));
                Chosen::Unclean(self.finish(first.text), fault)
            }
        };
        let text = match &chosen {
            Chosen::Clean(t) | Chosen::Unclean(t, _) => t,
        };
        self.used.insert(text.to_lowercase());
        Some(chosen)
    }

    /// One of `clues`, drawn by the weights of the puzzle's difficulty; a
    /// level the puzzle does not want at all is used only when nothing
    /// else is left.
    fn draw<'c>(&mut self, clues: &[&'c DbClue<'c>]) -> Option<&'c DbClue<'c>> {
        let weights: Vec<f64> = clues
            .iter()
            .map(|c| weight(self.how.level, c.level))
            .collect();
        let total: f64 = weights.iter().sum();
        if total <= 0.0 {
            return clues.first().copied();
        }
        let mut at = self.rng.random::<f64>() * total;
        for (clue, w) in clues.iter().zip(&weights) {
            if at < *w {
                return Some(clue);
            }
            at -= w;
        }
        clues
            .iter()
            .rev()
            .zip(weights.iter().rev())
            .find(|(_, w)| **w > 0.0)
            .map(|(c, _)| *c)
    }

    fn finish(&self, text: &str) -> String {
        match self.how.dialect {
            Dialect::British => respell(text).into_owned(),
            Dialect::American => text.to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clue(text: &str, level: Level, region: Region) -> DbClue<'_> {
        DbClue {
            text,
            level,
            region,
            origin: Origin::Written,
        }
    }

    #[test]
    fn clue_words_sharing_a_root_with_an_answer_are_caught() {
        let answers = Answers::new(["GOOD", "OVER", "SETS", "ARE", "BLINDDATE"]);
        assert_eq!(answers.used_in("Not good"), Some("good"));
        assert_eq!(answers.used_in("Go over again"), Some("over"));
        assert_eq!(answers.used_in("Set, as Jell-O"), Some("Set"));
        assert_eq!(answers.used_in("Dates on a calendar"), Some("Dates"));
        assert_eq!(
            answers.used_in("What a bee was"),
            Some("was"),
            "WAS and ARE: BE"
        );
        assert_eq!(answers.used_in("Lake near Buffalo"), None);
        assert_eq!(answers.used_in("Don't go"), None);
        let shorts = Answers::new(["SHORTS", "WAYS"]);
        assert_eq!(shorts.used_in("Org., for short"), Some("short"));
        assert_eq!(shorts.used_in("Right, in a way"), Some("way"));
        assert_eq!(shorts.used_in("Tall or not"), None);
        let forms = Answers::new(["ONES", "HAVE", "ARE"]);
        assert_eq!(forms.used_in("Treebeard, for one"), Some("one"));
        assert_eq!(forms.used_in("Had dinner"), Some("Had"));
        assert_eq!(forms.used_in("Bee's home"), None);
        let short = Answers::new(["SHORT"]);
        assert_eq!(short.used_in("Org., for short"), Some("short"));
    }

    #[test]
    fn chooses_clean_clues_and_varies_them() {
        let answers = Answers::new(["ELM", "TREE", "BAD"]);
        let clues = [
            clue("Shade tree", Level::Easy, Region::Any),
            clue("Street of nightmares", Level::Medium, Region::Any),
            clue("Yale alumnus, once", Level::Hard, Region::Us),
            clue("Wood for a bow", Level::Hard, Region::Any),
        ];
        let mut seen = HashSet::new();
        for seed in 0..40 {
            let how = Choosing {
                seed,
                ..Choosing::default()
            };
            let mut chooser = Chooser::new(how, &answers);
            match chooser.choose(&clues) {
                Some(Chosen::Clean(text)) => {
                    assert_ne!(text, "Shade tree", "TREE is in the grid");
                    seen.insert(text);
                }
                other => panic!("{other:?}"),
            }
        }
        assert_eq!(seen.len(), 3, "{seen:?}");
        let british = Choosing {
            dialect: Dialect::British,
            ..Choosing::default()
        };
        for seed in 0..40 {
            let mut chooser = Chooser::new(Choosing { seed, ..british }, &answers);
            let chosen = chooser.choose(&clues);
            assert!(!matches!(chosen, Some(Chosen::Clean(ref t)) if t.contains("Yale")));
        }
    }

    #[test]
    fn a_clue_is_not_repeated_and_the_last_resort_is_named() {
        let answers = Answers::new(["EDIT", "AMEND", "GOOD", "BAD"]);
        let revise = [clue("Revise", Level::Easy, Region::Any)];
        let mut chooser = Chooser::new(Choosing::default(), &answers);
        assert_eq!(
            chooser.choose(&revise),
            Some(Chosen::Clean("Revise".into()))
        );
        assert_eq!(
            chooser.choose(&revise),
            Some(Chosen::Unclean("Revise".into(), "a repeat".into()))
        );
        let bad = [clue("Not good", Level::Easy, Region::Any)];
        assert_eq!(
            chooser.choose(&bad),
            Some(Chosen::Unclean("Not good".into(), "\"good\"".into()))
        );
        let only_us = [clue("Yale alumnus", Level::Easy, Region::Us)];
        let mut british = Chooser::new(
            Choosing {
                dialect: Dialect::British,
                ..Choosing::default()
            },
            &answers,
        );
        assert_eq!(british.choose(&only_us), None);
    }

    #[test]
    fn the_drafted_spare_only_stands_in() {
        let answers = Answers::new(["OVATE", "EGGS"]);
        let spare = DbClue {
            origin: Origin::Drafted,
            ..clue("Shaped like a hen's product", Level::Easy, Region::Any)
        };
        let written = clue("Oval", Level::Medium, Region::Any);
        for seed in 0..20 {
            let mut chooser = Chooser::new(
                Choosing {
                    seed,
                    ..Choosing::default()
                },
                &answers,
            );
            assert_eq!(
                chooser.choose(&[written, spare]),
                Some(Chosen::Clean("Oval".into()))
            );
        }
        let egg = clue("Egg-shaped", Level::Easy, Region::Any);
        let mut chooser = Chooser::new(Choosing::default(), &answers);
        assert_eq!(
            chooser.choose(&[egg, spare]),
            Some(Chosen::Clean("Shaped like a hen's product".into()))
        );
        let held = Choosing {
            hold_spares: true,
            ..Choosing::default()
        };
        let mut chooser = Chooser::new(held, &answers);
        assert_eq!(
            chooser.choose(&[egg, spare]),
            Some(Chosen::Unclean("Egg-shaped".into(), "\"Egg\"".into()))
        );
    }

    #[test]
    fn difficulty_leans_on_its_level() {
        assert_eq!(weight(Level::Easy, Level::Hard), 0.0);
        assert!(weight(Level::Hard, Level::Hard) > weight(Level::Hard, Level::Easy));
        let answers = Answers::new(["CAT"]);
        let clues = [
            clue("Pet that purrs", Level::Easy, Region::Any),
            clue("Jazz fan, old-style", Level::Hard, Region::Any),
        ];
        for seed in 0..30 {
            let how = Choosing {
                level: Level::Easy,
                seed,
                ..Choosing::default()
            };
            assert_eq!(
                Chooser::new(how, &answers).choose(&clues),
                Some(Chosen::Clean("Pet that purrs".into()))
            );
        }
    }
}
