//! The letter-position index the filler searches with.
//!
//! Per word length, words are stored best score first (so a word's position is
//! also its rank) and for every (position, letter) a bitset marks the words
//! with that letter there. A slot's candidates are then a bitset, and a fixed
//! or crossing letter narrows them with one AND.

use fixedbitset::FixedBitSet;

use super::WordList;

pub const LETTERS: usize = 26;

/// All words of one length.
#[derive(Clone, Debug)]
pub struct LengthIndex {
    len: usize,
    /// Letters of word `i` at `i * len .. (i + 1) * len`, as b'A'..=b'Z'.
    letters: Vec<u8>,
    scores: Vec<u8>,
    /// Bitset for (position p, letter l) at `p * LETTERS + l`.
    positions: Vec<FixedBitSet>,
}

impl LengthIndex {
    pub fn len(&self) -> usize {
        self.len
    }

    pub fn count(&self) -> usize {
        self.scores.len()
    }

    pub fn is_empty(&self) -> bool {
        self.scores.is_empty()
    }

    pub fn word(&self, i: usize) -> &[u8] {
        &self.letters[i * self.len..(i + 1) * self.len]
    }

    pub fn word_str(&self, i: usize) -> &str {
        std::str::from_utf8(self.word(i)).expect("index words are ASCII")
    }

    pub fn score(&self, i: usize) -> u8 {
        self.scores[i]
    }

    /// Words with `letter` (b'A'..=b'Z') at `position`.
    pub fn with_letter(&self, position: usize, letter: u8) -> &FixedBitSet {
        &self.positions[position * LETTERS + (letter - b'A') as usize]
    }

    /// Every word of this length.
    pub fn all(&self) -> FixedBitSet {
        let mut all = FixedBitSet::with_capacity(self.count());
        all.insert_range(..);
        all
    }

    /// Words that agree with `pattern`, where `None` is an open cell.
    pub fn matching(&self, pattern: &[Option<u8>]) -> FixedBitSet {
        assert_eq!(pattern.len(), self.len, "pattern length");
        let mut found = self.all();
        for (position, letter) in pattern.iter().enumerate() {
            if let Some(letter) = letter {
                found.intersect_with(self.with_letter(position, *letter));
            }
        }
        found
    }
}

/// Every length of a word list.
#[derive(Clone, Debug, Default)]
pub struct Index {
    /// Entry `n` holds the words of length `n`.
    lengths: Vec<LengthIndex>,
}

impl Index {
    pub fn build(list: &WordList) -> Index {
        let sorted = list.sorted();
        let longest = sorted.last().map_or(0, |e| e.word.len());
        let mut lengths: Vec<LengthIndex> = (0..=longest)
            .map(|len| LengthIndex {
                len,
                letters: Vec::new(),
                scores: Vec::new(),
                positions: Vec::new(),
            })
            .collect();
        for entry in sorted {
            let bucket = &mut lengths[entry.word.len()];
            bucket.letters.extend_from_slice(entry.word.as_bytes());
            bucket.scores.push(entry.score);
        }
        for bucket in &mut lengths {
            bucket.positions =
                vec![FixedBitSet::with_capacity(bucket.count()); bucket.len * LETTERS];
            for i in 0..bucket.count() {
                for position in 0..bucket.len {
                    let letter = (bucket.letters[i * bucket.len + position] - b'A') as usize;
                    bucket.positions[position * LETTERS + letter].insert(i);
                }
            }
        }
        Index { lengths }
    }

    /// The words of length `len` (empty when the list has none).
    pub fn of_length(&self, len: usize) -> Option<&LengthIndex> {
        self.lengths.get(len).filter(|l| !l.is_empty())
    }

    pub fn total_words(&self) -> usize {
        self.lengths.iter().map(LengthIndex::count).sum()
    }
}
