//! Compresses the default word list, what is known of its entries (notes,
//! written forms, roots, British spellings and scores) and the clue
//! databases so the binary carries them deflated.
//!
//! Each file is checked here, line by line, so that the library can take its
//! format for granted: a malformed line fails the build, not a user.

use std::path::{Path, PathBuf};

fn main() {
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    embed("wordlists/default.txt", &out, |_| {});
    embed("wordlists/notes.txt", &out, |text| {
        check_keyed("wordlists/notes.txt", text, |value| {
            let (kinds, origin) = value.split_once(';')?;
            (!kinds.is_empty()
                && kinds
                    .split(',')
                    .all(|k| !k.is_empty() && k.bytes().all(|b| b.is_ascii_lowercase()))
                && !origin.trim().is_empty())
            .then_some(())
        })
    });
    embed("wordlists/clues.txt", &out, |text| {
        check_keyed("wordlists/clues.txt", text, |clue| {
            (!clue.trim().is_empty()).then_some(())
        })
    });
    // `LEVEL[+REGION];clue` pairs: easy, medium or hard; us or uk.
    embed("wordlists/clues-written.txt", &out, |text| {
        check_keyed("wordlists/clues-written.txt", text, |value| {
            let fields: Vec<&str> = value.split(';').collect();
            (fields.len().is_multiple_of(2)
                && fields.chunks(2).all(|pair| {
                    let (level, region) = pair[0].split_once('+').unwrap_or((pair[0], ""));
                    ["easy", "medium", "hard"].contains(&level)
                        && ["", "us", "uk"].contains(&region)
                        && !pair[1].trim().is_empty()
                }))
            .then_some(())
        })
    });
    // `written form`: letters, spaces, hyphens, apostrophes.
    embed("wordlists/forms.txt", &out, |text| {
        check_keyed("wordlists/forms.txt", text, |form| {
            (!form.trim().is_empty() && !form.contains(';')).then_some(())
        })
    });
    // `ROOT ROOT|WEAK WEAK`: A-Z words; either side may be empty, not both.
    embed("wordlists/roots.txt", &out, |text| {
        check_keyed("wordlists/roots.txt", text, |value| {
            let (strong, weak) = value.split_once('|').unwrap_or((value, ""));
            let words = |side: &str| {
                side.split(' ')
                    .filter(|w| !w.is_empty())
                    .all(|w| w.bytes().all(|b| b.is_ascii_uppercase()))
            };
            (words(strong) && words(weak) && !value.trim().replace('|', "").is_empty())
                .then_some(())
        })
    });
    // `BRITISH`: the British twin of an American spelling, A-Z.
    embed("wordlists/spellings.txt", &out, |text| {
        check_keyed("wordlists/spellings.txt", text, |british| {
            (!british.is_empty() && british.bytes().all(|b| b.is_ascii_uppercase())).then_some(())
        })
    });
    // `SCORE`: 0-100.
    embed("wordlists/british.txt", &out, |text| {
        check_keyed("wordlists/british.txt", text, |score| {
            score.parse::<u8>().ok().filter(|&s| s <= 100).map(|_| ())
        })
    });
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

/// Every line `KEY;value`: the key A–Z, keys sorted and unique (the library
/// looks them up by binary search), the value accepted by `value_ok`.
fn check_keyed(source: &str, text: &str, value_ok: impl Fn(&str) -> Option<()>) {
    let mut previous = "";
    for (index, line) in text.lines().enumerate() {
        let fail = |why: &str| panic!("{source}:{}: {why}", index + 1);
        let (key, value) = line.split_once(';').unwrap_or_else(|| fail("no ';'"));
        if key.is_empty() || !key.bytes().all(|b| b.is_ascii_uppercase()) {
            fail("the key is not A-Z");
        }
        if value_ok(value).is_none() {
            fail("malformed value");
        }
        if key <= previous {
            fail("keys out of order or repeated");
        }
        previous = key;
    }
}
