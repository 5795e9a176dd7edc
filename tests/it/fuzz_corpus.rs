//! The fuzz targets' checks (fuzz/checks.rs) over the corpus the fuzzer
//! reached (fuzz/corpus/TARGET/), so every input it ever found interesting
//! stays a regression test without nightly Rust.

use std::fs;
use std::path::Path;

#[path = "../../fuzz/checks.rs"]
mod checks;

fn each_input(target: &str, check: fn(&[u8])) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz/corpus")
        .join(target);
    let mut seen = 0;
    for entry in fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let data = fs::read(&path).unwrap();
        let outcome = std::panic::catch_unwind(|| check(&data));
        assert!(outcome.is_ok(), "{} fails its check", path.display());
        seen += 1;
    }
    assert!(seen >= 10, "{target}: only {seen} corpus inputs");
}

#[test]
fn text_grid_corpus() {
    each_input("text_grid", checks::text_grid);
}

#[test]
fn hex_pattern_corpus() {
    each_input("hex_pattern", checks::hex_pattern);
}

#[test]
fn word_list_corpus() {
    each_input("word_list", checks::word_list);
}

#[test]
fn ipuz_corpus() {
    each_input("ipuz", checks::ipuz);
}

#[test]
fn puz_corpus() {
    each_input("puz", checks::puz);
}

#[test]
fn xd_corpus() {
    each_input("xd", checks::xd);
}

#[test]
fn jpz_corpus() {
    each_input("jpz", checks::jpz);
}

#[test]
fn number_puzzle_corpus() {
    each_input("number_puzzle", checks::number_puzzle);
}

#[test]
fn regex_puzzle_corpus() {
    each_input("regex_puzzle", checks::regex_puzzle);
}

#[test]
fn clue_sheet_corpus() {
    each_input("clue_sheet", checks::clue_sheet);
}
