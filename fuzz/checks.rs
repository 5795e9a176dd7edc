#![allow(dead_code)] // each fuzz target uses one check
//! What every parser must do with any bytes: return a result, never panic,
//! hang or take unbounded memory; and what it accepts must survive a round
//! trip through the matching writer. Shared by the fuzz targets and by the
//! regular tests, which run these checks over the committed corpus.

use std::time::Duration;

use cruciverb::formats::ipuz;
use cruciverb::formats::{jpz, puz, xd};
use cruciverb::grid::Grid;
use cruciverb::pattern::hex;
use cruciverb::progress::Deadline;
use cruciverb::puzzle::Puzzle;
use cruciverb::wordlist::WordList;

/// Inputs past this size say nothing new and only slow the fuzzer.
const MAX_INPUT: usize = 1 << 16;

fn text(data: &[u8]) -> Option<&str> {
    (data.len() <= MAX_INPUT)
        .then(|| std::str::from_utf8(data).ok())
        .flatten()
}

pub fn text_grid(data: &[u8]) {
    let Some(text) = text(data) else { return };
    if let Ok(grid) = Grid::parse_text(text, "fuzz") {
        let again = Grid::parse_text(&grid.to_text(), "again").expect("a written grid reads back");
        assert_eq!(grid, again);
    }
}

pub fn hex_pattern(data: &[u8]) {
    let Some(text) = text(data) else { return };
    if let Ok(pattern) = hex::decode(text) {
        let again = hex::decode(&hex::encode(&pattern)).expect("an encoded pattern decodes");
        assert_eq!(pattern, again);
    }
}

pub fn word_list(data: &[u8]) {
    let Some(text) = text(data) else { return };
    let (list, report) = WordList::parse(text, "fuzz");
    assert_eq!(list.len(), report.words);
    for entry in list.sorted() {
        assert!(!entry.word.is_empty() && entry.word.len() <= cruciverb::grid::MAX_SIDE);
        assert!(entry.word.bytes().all(|b| b.is_ascii_uppercase()));
        assert!(entry.score <= cruciverb::wordlist::MAX_SCORE);
    }
}

/// A document that reads must write, and read back the same.
fn round_trip(puzzle: &Puzzle) {
    let again = ipuz::read(&ipuz::write(puzzle), "again").expect("written ipuz reads back");
    assert_eq!(ipuz::write(puzzle), ipuz::write(&again));
}

pub fn ipuz(data: &[u8]) {
    let Some(text) = text(data) else { return };
    if let Ok(puzzle) = ipuz::read(text, "fuzz") {
        round_trip(&puzzle);
    }
}

pub fn puz(data: &[u8]) {
    if data.len() > MAX_INPUT {
        return;
    }
    if let Ok(puzzle) = puz::read(data, "fuzz") {
        round_trip(&puzzle);
        if let Ok(bytes) = puz::write(&puzzle) {
            puz::read(&bytes, "again").expect("a written .puz reads back");
        }
    }
}

pub fn xd(data: &[u8]) {
    let Some(text) = text(data) else { return };
    if let Ok(puzzle) = xd::read(text, "fuzz") {
        round_trip(&puzzle);
        if let Ok(written) = xd::write(&puzzle) {
            xd::read(&written, "again").expect("a written .xd reads back");
        }
    }
}

pub fn jpz(data: &[u8]) {
    if data.len() > MAX_INPUT {
        return;
    }
    if let Ok(puzzle) = jpz::read(data, "fuzz") {
        round_trip(&puzzle);
        if let Ok(written) = jpz::write(&puzzle) {
            let again = jpz::read(written.as_bytes(), "again").expect("a written .jpz reads back");
            assert_eq!(again, puzzle);
        }
    }
}

pub fn regex_puzzle(data: &[u8]) {
    let Some(text) = text(data) else { return };
    if let Ok(puzzle) = cruciverb::puzzles::regex::Puzzle::from_json(text, "fuzz") {
        let deadline = Deadline::after(Some(Duration::from_millis(50)));
        let found = cruciverb::puzzles::regex::solve(&puzzle, 4, &deadline);
        assert!(found.found.len() <= 4);
    }
}

pub fn number_puzzle(data: &[u8]) {
    let Some(text) = text(data) else { return };
    if let Ok(puzzle) = cruciverb::puzzles::numbers::Puzzle::from_json(text, "fuzz") {
        let deadline = Deadline::after(Some(Duration::from_millis(50)));
        let found = cruciverb::puzzles::numbers::solve(&puzzle, 4, &deadline);
        assert!(found.found.len() <= 4);
        for solution in &found.found {
            assert_eq!(
                cruciverb::puzzles::numbers::check(&puzzle, solution),
                Ok(())
            );
        }
    }
}

pub fn clue_sheet(data: &[u8]) {
    let Some(text) = text(data) else { return };
    let _ = cruciverb::clues::ClueFile::parse(text, "fuzz");
}
