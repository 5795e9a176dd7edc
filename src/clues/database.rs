//! The embedded clue database: one clue for each answer of the default word
//! list that WordNet can define without giving the answer away.
//!
//! `wordlists/build_clues.py` makes `wordlists/clues.txt` (`ANSWER;clue`
//! lines, sorted) from WordNet's glosses; `build.rs` checks its format and
//! compiles it in deflated. It is inflated on first use only, since most
//! commands never need it, and then looked up by binary search over the
//! sorted lines, so it costs one copy of the text and one small index.

use std::sync::OnceLock;

const PACKED: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/clues.txt.deflate"));

/// Name under which the database appears in reports.
pub const NAME: &str = "<embedded clue database>";

#[derive(Debug, Default)]
pub struct ClueDatabase {
    text: String,
    /// For each line, in answer order: where its answer ends (the `;`) and
    /// where the line ends, as byte offsets into `text`.
    lines: Vec<Line>,
}

#[derive(Clone, Copy, Debug)]
struct Line {
    start: usize,
    semicolon: usize,
    end: usize,
}

/// The embedded database, inflated the first time it is asked for.
pub fn database() -> &'static ClueDatabase {
    static DATABASE: OnceLock<ClueDatabase> = OnceLock::new();
    DATABASE.get_or_init(|| {
        // build.rs deflated and checked these bytes; failing here would mean
        // a broken build, not anything a user did.
        let bytes = miniz_oxide::inflate::decompress_to_vec(PACKED)
            .expect("the clue database compiled in by build.rs inflates");
        let text = String::from_utf8(bytes).expect("build.rs checked the clue database is UTF-8");
        ClueDatabase::from_text(text)
    })
}

impl ClueDatabase {
    /// Indexes `ANSWER;clue` lines. Lines without `;` are ignored; answers
    /// are sorted here, so the text need not be.
    pub fn from_text(text: String) -> ClueDatabase {
        let mut lines = Vec::new();
        let mut start = 0;
        for line in text.split_inclusive('\n') {
            let end = start + line.trim_end_matches(['\n', '\r']).len();
            if let Some(at) = line.find(';') {
                lines.push(Line {
                    start,
                    semicolon: start + at,
                    end,
                });
            }
            start += line.len();
        }
        let mut database = ClueDatabase { text, lines };
        let mut lines = std::mem::take(&mut database.lines);
        lines.sort_by(|a, b| database.answer(a).cmp(database.answer(b)));
        database.lines = lines;
        database
    }

    /// The clue for `answer` (upper-case letters, as in the grid).
    pub fn get(&self, answer: &str) -> Option<&str> {
        self.lines
            .binary_search_by(|line| self.answer(line).cmp(answer))
            .ok()
            .map(|i| self.clue(&self.lines[i]))
    }

    pub fn len(&self) -> usize {
        self.lines.len()
    }

    pub fn is_empty(&self) -> bool {
        self.lines.is_empty()
    }

    /// Every (answer, clue), in answer order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> + '_ {
        self.lines
            .iter()
            .map(|line| (self.answer(line), self.clue(line)))
    }

    fn answer(&self, line: &Line) -> &str {
        &self.text[line.start..line.semicolon]
    }

    fn clue(&self, line: &Line) -> &str {
        self.text[line.semicolon + 1..line.end].trim()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn looks_up_answers_in_unsorted_text() {
        let db = ClueDatabase::from_text(
            "ZEBRA;Striped animal\r\nAPE;Primate\nnonsense\nCAT;Pet; purrs\n".into(),
        );
        assert_eq!(db.len(), 3);
        assert_eq!(db.get("APE"), Some("Primate"));
        assert_eq!(db.get("CAT"), Some("Pet; purrs"));
        assert_eq!(db.get("ZEBRA"), Some("Striped animal"));
        assert_eq!(db.get("DOG"), None);
        let answers: Vec<&str> = db.iter().map(|(a, _)| a).collect();
        assert_eq!(answers, ["APE", "CAT", "ZEBRA"]);
    }
}
