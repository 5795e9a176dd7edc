//! The rules a pattern must obey, with the American and British presets.
//!
//! Rules are plain data; [`Rules::validate`] turns a contradictory or
//! unsatisfiable combination into a clear error before any search starts, and
//! [`Rules::describe`] gives the canonical one-line form written into pattern
//! file headers and used to recognise a resumed run.

use std::fmt;
use std::str::FromStr;

use crate::error::{Error, Result};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Symmetry {
    None,
    /// 180° rotation: cell (r, c) equals cell (h-1-r, w-1-c).
    Rotational,
    /// Left-right mirror: every row is a palindrome.
    Mirror,
    /// Left-right and top-bottom mirror (hence also rotational).
    FourFold,
}

impl Symmetry {
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rotational => "rotational",
            Symmetry::Mirror => "mirror",
            Symmetry::FourFold => "four-fold",
        }
    }

    /// Rows are palindromes.
    pub(crate) fn mirrors_rows(self) -> bool {
        matches!(self, Symmetry::Mirror | Symmetry::FourFold)
    }
}

impl FromStr for Symmetry {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "none" => Ok(Symmetry::None),
            "rotational" => Ok(Symmetry::Rotational),
            "mirror" => Ok(Symmetry::Mirror),
            "four-fold" | "fourfold" => Ok(Symmetry::FourFold),
            _ => Err(format!(
                "unknown symmetry {s:?} (none, rotational, mirror, four-fold)"
            )),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    American,
    British,
}

impl FromStr for Style {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "american" => Ok(Style::American),
            "british" => Ok(Style::British),
            _ => Err(format!("unknown style {s:?} (american, british)")),
        }
    }
}

/// An inclusive range with optional ends, e.g. `30..40`, `30..`, `..40`, `36`.
/// Values may end in `%` (a share of all cells), resolved by [`Bound::resolve`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bound {
    pub min: Option<Amount>,
    pub max: Option<Amount>,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Amount {
    Count(usize),
    Percent(f64),
}

impl Amount {
    fn parse(s: &str) -> Result<Amount, String> {
        if let Some(p) = s.strip_suffix('%') {
            let v: f64 = p
                .trim()
                .parse()
                .map_err(|_| format!("bad percentage {s:?}"))?;
            if !(0.0..=100.0).contains(&v) {
                return Err(format!("percentage {s:?} is outside 0%..100%"));
            }
            Ok(Amount::Percent(v))
        } else {
            s.trim()
                .parse()
                .map(Amount::Count)
                .map_err(|_| format!("bad number {s:?}"))
        }
    }

    fn to_cells(self, total: usize, round_up: bool) -> usize {
        match self {
            Amount::Count(n) => n,
            Amount::Percent(p) => {
                let exact = p / 100.0 * total as f64;
                let v = if round_up {
                    exact.ceil()
                } else {
                    exact.floor()
                };
                v as usize
            }
        }
    }
}

impl FromStr for Amount {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Amount::parse(s)
    }
}

impl fmt::Display for Amount {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            Amount::Count(n) => write!(f, "{n}"),
            Amount::Percent(p) => write!(f, "{p}%"),
        }
    }
}

impl FromStr for Bound {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let part = |p: &str| {
            if p.trim().is_empty() {
                Ok(None)
            } else {
                Amount::parse(p).map(Some)
            }
        };
        match s.split_once("..") {
            Some((lo, hi)) => Ok(Bound {
                min: part(lo)?,
                max: part(hi.trim_start_matches('=')).map_err(|e| format!("{e} in range {s:?}"))?,
            }),
            None => {
                let v = Amount::parse(s)?;
                Ok(Bound {
                    min: Some(v),
                    max: Some(v),
                })
            }
        }
    }
}

impl fmt::Display for Bound {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let show = |a: Option<Amount>| a.map(|a| a.to_string()).unwrap_or_default();
        write!(f, "{}..{}", show(self.min), show(self.max))
    }
}

impl Bound {
    /// The bound as an inclusive count range, percentages taken of `total`.
    pub fn resolve(&self, total: usize) -> (usize, usize) {
        let lo = self.min.map_or(0, |a| a.to_cells(total, true));
        let hi = self.max.map_or(usize::MAX, |a| a.to_cells(total, false));
        (lo, hi)
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Rules {
    pub symmetry: Symmetry,
    /// Shortest word (white run that is not an unchecked cell).
    pub min_word: usize,
    pub max_word: Option<usize>,
    /// A white run of exactly one cell (an unchecked cell) is allowed.
    pub allow_unchecked: bool,
    pub no_white_2x2: bool,
    pub no_black_2x2: bool,
    pub max_black_run: Option<usize>,
    /// Every white cell has at least one white neighbour.
    pub no_isolated_white: bool,
    pub connected: bool,
    /// An edge row or column may be entirely black.
    pub allow_black_edges: bool,
    pub blacks: Option<Bound>,
    pub words: Option<Bound>,
    pub max_three_letter: Option<usize>,
    pub no_cheaters: bool,
    /// The British checking lattice: with rows and columns counted from 0,
    /// every cell at (even, even) is a white crossing checked both ways and
    /// every cell at (odd, odd) is black, so lights run along even rows and
    /// columns only, every light has more than half its letters checked and
    /// no two unchecked cells touch. Needs odd sides. With
    /// [`lattice_ends`](Self::lattice_ends), crossings may be black.
    pub lattice: bool,
    /// With [`lattice`](Self::lattice): a crossing (even, even) may be
    /// black, so that a light may begin or end on an unchecked cell and
    /// have even length, as in the blocked grids papers print. The
    /// conventions still hold: (odd, odd) cells are black, a white
    /// crossing is in a light both ways, every white cell is in a light,
    /// every light has at least half its letters checked and no two of
    /// its unchecked cells touch. Along a line of the lattice its
    /// (even, even) cells are checked and the others not, so the last two
    /// come down to: no light both begins and ends on an unchecked cell.
    pub lattice_ends: bool,
}

impl Rules {
    pub fn preset(style: Style) -> Rules {
        match style {
            Style::American => Rules {
                symmetry: Symmetry::Rotational,
                min_word: 3,
                max_word: None,
                allow_unchecked: false,
                no_white_2x2: false,
                no_black_2x2: false,
                max_black_run: None,
                no_isolated_white: false,
                connected: true,
                allow_black_edges: false,
                blacks: None,
                words: None,
                max_three_letter: None,
                no_cheaters: false,
                lattice: false,
                lattice_ends: false,
            },
            Style::British => Rules {
                symmetry: Symmetry::FourFold,
                min_word: 3,
                max_word: None,
                allow_unchecked: true,
                no_white_2x2: true,
                no_black_2x2: true,
                max_black_run: Some(3),
                no_isolated_white: true,
                connected: true,
                allow_black_edges: true,
                blacks: None,
                words: None,
                max_three_letter: None,
                no_cheaters: false,
                lattice: false,
                lattice_ends: false,
            },
        }
    }

    /// Is a maximal white run of `len` cells legal (0 means no run)?
    pub(crate) fn run_allowed(&self, len: usize) -> bool {
        len == 0
            || (len == 1 && self.allow_unchecked)
            || (len >= self.min_word && self.max_word.is_none_or(|m| len <= m))
    }

    /// Rejects contradictions and rules no pattern of this size can meet.
    pub fn validate(&self, width: usize, height: usize) -> Result<()> {
        let cells = width * height;
        if self.min_word < 2 {
            return Err(Error::rules(format!(
                "--min-word {} is below 2 (a single white cell is an unchecked cell; use --unchecked allow)",
                self.min_word
            )));
        }
        if let Some(max) = self.max_word {
            if max < self.min_word {
                return Err(Error::rules(format!(
                    "--max-word {max} is below --min-word {}",
                    self.min_word
                )));
            }
        }
        if self.min_word > width.max(height) && !self.allow_unchecked {
            return Err(Error::rules(format!(
                "--min-word {} is longer than the grid ({width}x{height}): no white cell could be in a word",
                self.min_word
            )));
        }
        if self.lattice && (width.is_multiple_of(2) || height.is_multiple_of(2)) {
            return Err(Error::rules(format!(
                "--lattice needs odd sides (the lattice's crossings sit on even rows and columns counted from 0, at both edges); {width}x{height} has an even side"
            )));
        }
        if self.lattice && !self.allow_unchecked {
            return Err(Error::rules(
                "--lattice needs --unchecked allow (half the letters of a lattice light are unchecked)",
            ));
        }
        if self.lattice_ends && !self.lattice {
            return Err(Error::rules(
                "--lattice-ends needs --lattice (it lets a light of the checking lattice begin or end on an unchecked cell)",
            ));
        }
        if self.max_black_run == Some(0) {
            return Err(Error::rules(
                "--max-black-run 0 forbids every black cell; use at least 1",
            ));
        }
        for (name, bound) in [("--blacks", self.blacks), ("--words", self.words)] {
            if let Some(b) = bound {
                let (lo, hi) = b.resolve(cells);
                if lo > hi {
                    return Err(Error::rules(format!(
                        "{name} {b}: the minimum is above the maximum"
                    )));
                }
                if name == "--blacks" && lo > cells {
                    return Err(Error::rules(format!(
                        "{name} {b}: the grid has only {cells} cells"
                    )));
                }
            }
        }
        Ok(())
    }

    /// Canonical one-line description, stable across runs.
    pub fn describe(&self) -> String {
        let mut parts = vec![
            format!("symmetry={}", self.symmetry.name()),
            format!("min-word={}", self.min_word),
        ];
        if let Some(m) = self.max_word {
            parts.push(format!("max-word={m}"));
        }
        parts.push(format!(
            "unchecked={}",
            if self.allow_unchecked {
                "allow"
            } else {
                "forbid"
            }
        ));
        let flags = [
            (self.no_white_2x2, "no-white-2x2"),
            (self.no_black_2x2, "no-black-2x2"),
            (self.no_isolated_white, "no-isolated-white"),
            (self.connected, "connected"),
            (!self.allow_black_edges, "no-black-edges"),
            (self.no_cheaters, "no-cheaters"),
            (self.lattice, "lattice"),
            (self.lattice_ends, "lattice-ends"),
        ];
        parts.extend(
            flags
                .iter()
                .filter(|(on, _)| *on)
                .map(|(_, n)| n.to_string()),
        );
        if let Some(m) = self.max_black_run {
            parts.push(format!("max-black-run={m}"));
        }
        if let Some(b) = self.blacks {
            parts.push(format!("blacks={b}"));
        }
        if let Some(b) = self.words {
            parts.push(format!("words={b}"));
        }
        if let Some(m) = self.max_three_letter {
            parts.push(format!("max-3-letter={m}"));
        }
        parts.join(" ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_parse_and_resolve() {
        let b: Bound = "30..40".parse().unwrap();
        assert_eq!(b.resolve(225), (30, 40));
        let b: Bound = "10%..20%".parse().unwrap();
        assert_eq!(b.resolve(225), (23, 45));
        let b: Bound = "..36".parse().unwrap();
        assert_eq!(b.resolve(225), (0, 36));
        let b: Bound = "36".parse().unwrap();
        assert_eq!(b.resolve(225), (36, 36));
        assert!("x..3".parse::<Bound>().is_err());
        assert!("120%".parse::<Bound>().is_err());
    }

    #[test]
    fn contradictions_are_rejected() {
        let mut r = Rules::preset(Style::American);
        r.max_word = Some(2);
        assert!(r
            .validate(15, 15)
            .unwrap_err()
            .to_string()
            .contains("below --min-word"));
        let mut r = Rules::preset(Style::American);
        r.blacks = Some("40..30".parse().unwrap());
        assert!(r.validate(15, 15).is_err());
        let mut r = Rules::preset(Style::American);
        r.min_word = 16;
        assert!(r.validate(15, 15).is_err());
        let mut r = Rules::preset(Style::British);
        r.lattice_ends = true;
        assert_eq!(
            r.validate(15, 15).unwrap_err().to_string(),
            "impossible rules: --lattice-ends needs --lattice (it lets a light of the checking lattice begin or end on an unchecked cell)"
        );
        r.lattice = true;
        assert!(r.validate(15, 15).is_ok());
        assert!(r
            .describe()
            .ends_with(" lattice lattice-ends max-black-run=3"));
    }
}
