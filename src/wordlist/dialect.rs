//! American and British puzzles: which spellings and answers each prints.
//!
//! The default list is scored for American puzzles: COLOR is prime fill and
//! COLOUR, its British twin, is held below the minimum. A British puzzle
//! wants the reverse, and no answer that only American solvers know
//! (`wordlists/build.py` writes both into `wordlists/british.txt`, the
//! scores British puzzles use where they differ), and its clues spelled the
//! British way: [`respell`] turns "color" into "colour" with the pairs of
//! `wordlists/spellings.txt` (`AMERICAN;BRITISH`).

use std::borrow::Cow;
use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

use crate::data::{inflate, KeyedLines};

const SCORES: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/british.txt.deflate"));
const SPELLINGS: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/spellings.txt.deflate"));

/// Whose solvers a puzzle is for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Dialect {
    #[default]
    American,
    British,
}

impl Dialect {
    pub fn name(self) -> &'static str {
        match self {
            Dialect::American => "american",
            Dialect::British => "british",
        }
    }
}

impl fmt::Display for Dialect {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Dialect {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "american" => Ok(Dialect::American),
            "british" => Ok(Dialect::British),
            _ => Err(format!("{s:?} is not american or british")),
        }
    }
}

fn table(packed: &'static [u8], cell: &'static OnceLock<KeyedLines>) -> &'static KeyedLines {
    cell.get_or_init(|| KeyedLines::from_text(inflate(packed)))
}

/// The embedded tables as compiled in, for cache keys.
pub fn packed() -> [&'static [u8]; 2] {
    [SCORES, SPELLINGS]
}

/// The score British puzzles give `word` where it differs from the
/// default list's.
pub fn british_score(word: &str) -> Option<u8> {
    static CELL: OnceLock<KeyedLines> = OnceLock::new();
    table(SCORES, &CELL).get(word)?.parse().ok()
}

/// Every (word, British score) the table holds.
pub(crate) fn british_scores() -> impl Iterator<Item = (&'static str, u8)> {
    static CELL: OnceLock<KeyedLines> = OnceLock::new();
    table(SCORES, &CELL)
        .iter()
        .filter_map(|(w, s)| Some((w, s.parse().ok()?)))
}

/// The British spelling of an American one (grid letters), if it differs.
pub(crate) fn british_spelling(word: &str) -> Option<&'static str> {
    static CELL: OnceLock<KeyedLines> = OnceLock::new();
    table(SPELLINGS, &CELL).get(word)
}

/// `text` with its American spellings made British: "Color of the sky" →
/// "Colour of the sky". Only words in lower case, or capitalised as the
/// text's first word, change: a capitalised word inside a clue is a name
/// (Pearl Harbor, the Labor Party of Australia), and names keep their
/// spelling.
pub fn respell(text: &str) -> Cow<'_, str> {
    let mut out = String::new();
    let mut last = 0;
    let mut first = true;
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if !bytes[i].is_ascii_alphabetic() {
            i += 1;
            continue;
        }
        let start = i;
        while i < bytes.len() && bytes[i].is_ascii_alphabetic() {
            i += 1;
        }
        // Part of a longer token (an apostrophe or digit inside): keep it.
        let joined = |at: Option<&u8>| at.is_some_and(|b| b.is_ascii_digit() || *b == b'\'');
        let word = &text[start..i];
        let is_first = std::mem::replace(&mut first, false);
        if joined(bytes.get(i)) || (start > 0 && joined(bytes.get(start - 1))) {
            continue;
        }
        let lower = word.bytes().all(|b| b.is_ascii_lowercase());
        let capitalised = word.as_bytes()[0].is_ascii_uppercase()
            && word.bytes().skip(1).all(|b| b.is_ascii_lowercase());
        if !(lower || (capitalised && is_first)) {
            continue;
        }
        let Some(twin) = british_spelling(&word.to_ascii_uppercase()) else {
            continue;
        };
        let mut twin = twin.to_ascii_lowercase();
        if capitalised {
            twin[..1].make_ascii_uppercase();
        }
        out.push_str(&text[last..start]);
        out.push_str(&twin);
        last = i;
    }
    if last == 0 {
        Cow::Borrowed(text)
    } else {
        out.push_str(&text[last..]);
        Cow::Owned(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clues_are_respelled_but_names_are_not() {
        assert_eq!(respell("Color of the sky"), "Colour of the sky");
        assert_eq!(respell("Theater center"), "Theatre centre");
        assert_eq!(respell("Sight at Pearl Harbor"), "Sight at Pearl Harbor");
        assert_eq!(respell("Gray area, in a sense"), "Grey area, in a sense");
        assert_eq!(respell("\"Honor thy father\""), "\"Honour thy father\"");
        assert_eq!(respell("COLOR"), "COLOR");
        assert_eq!(respell("Plain text"), "Plain text");
        assert_eq!(respell("Organize, as files"), "Organise, as files");
        assert!(matches!(respell("Plain text"), Cow::Borrowed(_)));
    }

    #[test]
    fn british_puzzles_score_spellings_their_way() {
        let colour = british_score("COLOUR").expect("COLOUR has a British score");
        assert!(colour >= 50, "{colour}");
        let color = british_score("COLOR").expect("COLOR has a British score");
        assert!(color < 50, "{color}");
        assert_eq!(british_spelling("COLOR"), Some("COLOUR"));
        assert_eq!(british_spelling("CAT"), None);
        assert_eq!("british".parse(), Ok(Dialect::British));
        assert!("klingon".parse::<Dialect>().is_err());
    }
}
