//! Text tables compiled into the binary: the default word list, its notes
//! and the clue databases.
//!
//! `build.rs` checks each file's format and compiles it in deflated, so a
//! malformed line fails the build, not a user's run. Inflating is done on
//! first use only (most commands need none of the tables), and a keyed table
//! (`KEY;value` lines) is looked up through a hash table of line numbers
//! (indexing a list of millions of words looks each one up), so it costs
//! one copy of the text and two small indexes.

use std::hash::BuildHasher;

use hashbrown::{DefaultHashBuilder, HashTable};

/// The bytes `build.rs` deflated, inflated. Panics only on a broken build:
/// build.rs compressed these very bytes from checked UTF-8.
pub(crate) fn inflate(packed: &[u8]) -> String {
    let bytes = miniz_oxide::inflate::decompress_to_vec(packed)
        .expect("a table compiled in by build.rs inflates");
    String::from_utf8(bytes).expect("build.rs checked the table is UTF-8")
}

/// `KEY;value` lines, looked up by key.
#[derive(Default)]
pub struct KeyedLines {
    text: String,
    /// For each line, in key order: where it starts, where its key ends (the
    /// `;`) and where it ends, as byte offsets into `text`.
    lines: Vec<Line>,
    /// Line numbers, found by key.
    table: HashTable<u32>,
    hasher: DefaultHashBuilder,
}

impl std::fmt::Debug for KeyedLines {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(f, "KeyedLines({} lines)", self.lines.len())
    }
}

#[derive(Clone, Copy, Debug)]
struct Line {
    start: usize,
    semicolon: usize,
    end: usize,
}

impl KeyedLines {
    /// Indexes the lines of `text`; lines without `;` are ignored and keys
    /// are sorted here, so the text need not be.
    pub(crate) fn from_text(text: String) -> KeyedLines {
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
        lines.sort_by(|a, b| text[a.start..a.semicolon].cmp(&text[b.start..b.semicolon]));
        let hasher = DefaultHashBuilder::default();
        let mut table = HashTable::with_capacity(lines.len());
        let hash = |n: &u32| {
            let line: &Line = &lines[*n as usize];
            hasher.hash_one(&text[line.start..line.semicolon])
        };
        for n in 0..lines.len() as u32 {
            // The first of equal keys is the one found.
            let key = &text[lines[n as usize].start..lines[n as usize].semicolon];
            let h = hasher.hash_one(key);
            if table
                .find(h, |m| {
                    text[lines[*m as usize].start..lines[*m as usize].semicolon] == *key
                })
                .is_none()
            {
                table.insert_unique(h, n, hash);
            }
        }
        KeyedLines {
            text,
            lines,
            table,
            hasher,
        }
    }

    /// The value of `key` (everything after the first `;`, trimmed).
    pub fn get(&self, key: &str) -> Option<&str> {
        self.table
            .find(self.hasher.hash_one(key), |n| {
                self.key(&self.lines[*n as usize]) == key
            })
            .map(|n| self.value(&self.lines[*n as usize]))
    }

    pub fn len(&self) -> usize {
        self.lines.len()
    }

    pub fn is_empty(&self) -> bool {
        self.lines.is_empty()
    }

    /// Every (key, value), in key order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> + '_ {
        self.lines
            .iter()
            .map(|line| (self.key(line), self.value(line)))
    }

    fn key(&self, line: &Line) -> &str {
        &self.text[line.start..line.semicolon]
    }

    fn value(&self, line: &Line) -> &str {
        self.text[line.semicolon + 1..line.end].trim()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn looks_up_keys_in_unsorted_text() {
        let table = KeyedLines::from_text(
            "ZEBRA;Striped animal\r\nAPE;Primate\nnonsense\nCAT;Pet; purrs\n".into(),
        );
        assert_eq!(table.len(), 3);
        assert_eq!(table.get("APE"), Some("Primate"));
        assert_eq!(table.get("CAT"), Some("Pet; purrs"));
        assert_eq!(table.get("ZEBRA"), Some("Striped animal"));
        assert_eq!(table.get("DOG"), None);
        let keys: Vec<&str> = table.iter().map(|(k, _)| k).collect();
        assert_eq!(keys, ["APE", "CAT", "ZEBRA"]);
    }
}
