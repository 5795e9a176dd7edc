//! Compresses the default word list and the clue database so the binary
//! carries them deflated.
//!
//! The clue database is checked here, line by line, so that the library can
//! take its format for granted: a malformed line fails the build, not a user.

use std::path::{Path, PathBuf};

fn main() {
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    embed("wordlists/default.txt", &out, |_| {});
    embed("wordlists/clues.txt", &out, check_clue_database);
}

/// Writes `source` deflated to `OUT_DIR/<file name>.deflate` after `check`.
fn embed(source: &str, out: &Path, check: impl Fn(&str)) {
    println!("cargo:rerun-if-changed={source}");
    let text = std::fs::read(source).unwrap_or_else(|e| panic!("{source}: {e}"));
    check(std::str::from_utf8(&text).unwrap_or_else(|_| panic!("{source} is not UTF-8")));
    let packed = miniz_oxide::deflate::compress_to_vec(&text, 9);
    let name = Path::new(source).file_name().expect("a file name");
    let target = out.join(format!("{}.deflate", name.to_string_lossy()));
    std::fs::write(target, packed).expect("write to OUT_DIR");
}

/// Every line `ANSWER;clue`: answer A–Z, clue not empty, answers sorted and
/// unique (the library looks answers up by binary search).
fn check_clue_database(text: &str) {
    let mut previous = "";
    for (index, line) in text.lines().enumerate() {
        let fail = |why: &str| panic!("wordlists/clues.txt:{}: {why}", index + 1);
        let (answer, clue) = line.split_once(';').unwrap_or_else(|| fail("no ';'"));
        if answer.is_empty() || !answer.bytes().all(|b| b.is_ascii_uppercase()) {
            fail("the answer is not A-Z");
        }
        if clue.trim().is_empty() {
            fail("empty clue");
        }
        if answer <= previous {
            fail("answers out of order or repeated");
        }
        previous = answer;
    }
}
