//! How the default list's entries are written: the word boundaries that
//! grid letters lose (BUCKETLIST is "bucket list").
//!
//! British puzzles print after every clue the lengths of the answer's words,
//! its enumeration — "(6,4)" for BUCKETLIST, "(3-5)" for ICE-CREAM — and a
//! clue may not use a word of its own answer. Both need the written form,
//! which `wordlists/build.py` keeps in `wordlists/forms.txt`
//! (`WORD;written form`) for every entry whose form has a space or hyphen;
//! an entry without a line is one word.

use std::sync::OnceLock;

use crate::data::{inflate, KeyedLines};
use crate::wordlist::normalize::normalize;

const PACKED: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/forms.txt.deflate"));

/// The written forms of the embedded list's entries, inflated on first use.
pub fn forms() -> &'static KeyedLines {
    static FORMS: OnceLock<KeyedLines> = OnceLock::new();
    FORMS.get_or_init(|| KeyedLines::from_text(inflate(PACKED)))
}

/// How `word` (grid letters) is written when the default list knows it
/// as more than one word.
pub fn written(word: &str) -> Option<&'static str> {
    forms().get(word)
}

/// The enumeration of `word` (grid letters): from its written form when
/// that spells the same letters, else its length (`7`).
pub fn enumeration(word: &str) -> String {
    written(word)
        .filter(|form| normalize(form).as_deref() == Some(word))
        .and_then(enumeration_of)
        .unwrap_or_else(|| word.len().to_string())
}

/// The enumeration of an entry written as `written` ("bucket list",
/// "jack-in-the-box", "isn't"): the letters of each word, words joined by
/// `,` and hyphenated parts by `-`, apostrophes and accents counted as the
/// grid counts them (none and one). None when `written` has a character no
/// grid holds or an empty word.
pub(crate) fn enumeration_of(written: &str) -> Option<String> {
    let mut out = String::new();
    for (w, word) in written.split_whitespace().enumerate() {
        if w > 0 {
            out.push(',');
        }
        for (p, part) in word.split(['-', '\u{2010}', '\u{2011}']).enumerate() {
            if p > 0 {
                out.push('-');
            }
            let letters = normalize(part)?;
            out.push_str(&letters.len().to_string());
        }
    }
    (!out.is_empty()).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn enumerations_follow_the_words() {
        assert_eq!(
            enumeration_of("Calvin and Hobbes").as_deref(),
            Some("6,3,6")
        );
        assert_eq!(enumeration_of("ice-cream").as_deref(), Some("3-5"));
        assert_eq!(
            enumeration_of("jack-in-the-box").as_deref(),
            Some("4-2-3-3")
        );
        assert_eq!(enumeration_of("isn't").as_deref(), Some("4"));
        assert_eq!(enumeration_of("Æsop").as_deref(), Some("5"));
        assert_eq!(enumeration_of("  bucket   list ").as_deref(), Some("6,4"));
        assert_eq!(enumeration_of("R2-D2"), None);
        assert_eq!(enumeration_of(""), None);
        assert_eq!(enumeration_of("a--b"), None);
    }

    #[test]
    fn the_embedded_list_knows_its_phrases() {
        assert_eq!(written("BLINDDATE"), Some("blind date"));
        assert_eq!(enumeration("BLINDDATE"), "5,4");
        assert_eq!(enumeration("CAT"), "3");
        assert_eq!(enumeration("QQQQ"), "4");
    }
}
