//! Word squares: exact known answers on hand-checkable lists, exact agreement
//! with a naive enumerator on random small lists, every listed square checked
//! word by word, and the CLI's messages and exit codes.

use std::collections::HashSet;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::common::{data, run, stderr, stdout, ProgressLog};
use cruciverb::progress::Deadline;
use cruciverb::puzzles::squares::{Listed, WordSquares};
use cruciverb::wordlist::index::Index;
use cruciverb::wordlist::WordList;

fn index_of(words: &[String]) -> Index {
    let (list, _) = WordList::parse(&words.join("\n"), "test");
    Index::build(&list, 0).unwrap()
}

fn squares_of(index: &Index, size: usize, distinct: bool) -> Option<WordSquares> {
    index
        .of_length(size)
        .map(|words| WordSquares::from_words(&words, distinct).unwrap())
}

/// Every square as its rows, tried row by row over all word tuples: slow,
/// obviously right, and sharing nothing with the trie walk.
fn naive_squares(words: &[String], size: usize, distinct: bool) -> Vec<Vec<String>> {
    let mut same_length: Vec<&String> = words.iter().filter(|w| w.len() == size).collect();
    // A word drawn twice at random is still one word of the list.
    same_length.sort();
    same_length.dedup();
    let known: HashSet<&str> = same_length.iter().map(|w| w.as_str()).collect();
    let mut found = Vec::new();
    let mut rows: Vec<&String> = Vec::new();
    naive_rows(&same_length, &known, size, distinct, &mut rows, &mut found);
    found.sort();
    found
}

fn naive_rows<'w>(
    words: &[&'w String],
    known: &HashSet<&str>,
    size: usize,
    distinct: bool,
    rows: &mut Vec<&'w String>,
    found: &mut Vec<Vec<String>>,
) {
    if rows.len() == size {
        let rows: Vec<String> = rows.iter().map(|r| r.to_string()).collect();
        if is_square(&rows, known, distinct) {
            found.push(rows);
        }
        return;
    }
    for &word in words {
        rows.push(word);
        naive_rows(words, known, size, distinct, rows, found);
        rows.pop();
    }
}

fn columns(rows: &[String]) -> Vec<String> {
    (0..rows.len())
        .map(|j| rows.iter().map(|r| r.as_bytes()[j] as char).collect())
        .collect()
}

/// A square: N rows of N letters, every row and column a word of `known`,
/// and with `distinct` no word twice among the 2N.
fn is_square(rows: &[String], known: &HashSet<&str>, distinct: bool) -> bool {
    let n = rows.len();
    let cols = columns(rows);
    let all: Vec<&String> = rows.iter().chain(&cols).collect();
    rows.iter().all(|r| r.len() == n)
        && all.iter().all(|w| known.contains(w.as_str()))
        && (!distinct || all.iter().collect::<HashSet<_>>().len() == 2 * n)
}

fn listed(squares: &WordSquares) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    squares.each(|square| {
        let rows: Vec<String> = (0..square.size())
            .map(|i| square.row(i).to_string())
            .collect();
        let cols: Vec<String> = (0..square.size()).map(|j| square.column(j)).collect();
        assert_eq!(cols, columns(&rows));
        out.push(rows);
        true
    });
    out
}

fn random_words(rng: &mut StdRng, size: usize, alphabet: &[u8], count: usize) -> Vec<String> {
    (0..count)
        .map(|_| {
            (0..size)
                .map(|_| alphabet[rng.random_range(0..alphabet.len())] as char)
                .collect()
        })
        .collect()
}

fn lines(words: &[&str]) -> Vec<String> {
    words.iter().map(|w| w.to_string()).collect()
}

#[test]
fn card_square_is_the_only_one_and_uses_words_twice() {
    let words = lines(&["CARD", "AREA", "REAR", "DART"]);
    let index = index_of(&words);
    let plain = squares_of(&index, 4, false).unwrap();
    assert_eq!(plain.count(1), 1);
    assert_eq!(
        listed(&plain),
        vec![lines(&["CARD", "AREA", "REAR", "DART"])]
    );
    // Symmetric: each word is a row and a column.
    let distinct = squares_of(&index, 4, true).unwrap();
    assert_eq!(distinct.count(1), 0);
    assert!(listed(&distinct).is_empty());
}

#[test]
fn cow_list_has_four_squares_two_with_distinct_words() {
    let words = lines(&["CAT", "ORE", "WED", "COW", "ARE", "TED"]);
    let index = index_of(&words);
    // CAT/ARE/TED and COW/ORE/WED read the same across and down; the other
    // two are each other's transpose and use six different words.
    let symmetric = [lines(&["CAT", "ARE", "TED"]), lines(&["COW", "ORE", "WED"])];
    let asymmetric = [lines(&["CAT", "ORE", "WED"]), lines(&["COW", "ARE", "TED"])];
    let plain = squares_of(&index, 3, false).unwrap();
    assert_eq!((plain.count(1), plain.count(2)), (4, 4));
    assert_eq!(
        listed(&plain),
        vec![
            symmetric[0].clone(),
            asymmetric[0].clone(),
            asymmetric[1].clone(),
            symmetric[1].clone()
        ]
    );
    let distinct = squares_of(&index, 3, true).unwrap();
    assert_eq!((distinct.count(1), distinct.count(2)), (2, 2));
    assert_eq!(listed(&distinct), asymmetric.to_vec());
}

#[test]
fn counts_and_listings_agree_with_a_naive_enumerator() {
    let mut rng = StdRng::seed_from_u64(5);
    // (side, alphabet, words): small alphabets so that squares exist.
    let cases: [(usize, &[u8], usize); 7] = [
        (2, b"ABC", 6),
        (2, b"ABCDE", 12),
        (3, b"ABC", 14),
        (3, b"ABCD", 30),
        (4, b"AB", 9),
        (4, b"ABC", 24),
        (5, b"AB", 11),
    ];
    let mut nonempty = 0;
    for round in 0..8 {
        for &(size, alphabet, count) in &cases {
            let words = random_words(&mut rng, size, alphabet, count);
            let index = index_of(&words);
            let known: HashSet<&str> = words.iter().map(String::as_str).collect();
            for distinct in [false, true] {
                let expected = naive_squares(&words, size, distinct);
                let squares = squares_of(&index, size, distinct).unwrap();
                let context = format!("round {round}, {words:?}, distinct {distinct}");
                assert_eq!(squares.count(1), expected.len() as u64, "{context}");
                assert_eq!(squares.count(2), expected.len() as u64, "{context}");
                let got = listed(&squares);
                for rows in &got {
                    assert!(is_square(rows, &known, distinct), "{rows:?} ({context})");
                }
                assert_eq!(got, expected, "{context}");
                nonempty += usize::from(!expected.is_empty());
            }
        }
    }
    // The cross-check means little unless many lists have squares.
    assert!(nonempty > 40, "only {nonempty} lists had squares");
}

#[test]
fn listing_stops_when_told() {
    let words = lines(&["CAT", "ORE", "WED", "COW", "ARE", "TED"]);
    let index = index_of(&words);
    let squares = squares_of(&index, 3, false).unwrap();
    let mut seen = Vec::new();
    let given = squares.each(|square| {
        seen.push(square.row(0).to_string());
        false
    });
    assert_eq!((given, seen), (1, vec!["CAT".to_string()]));
    let mut left = 3;
    let given = squares.each(|_| {
        left -= 1;
        left > 0
    });
    assert_eq!(given, 3);
}

fn squares_cli(list: &str, extra: &[&str]) -> std::process::Output {
    let path = data(&format!("squares/{list}"));
    let mut args = vec!["squares", "--wordlist", path.to_str().unwrap()];
    args.extend_from_slice(extra);
    run(&args)
}

#[test]
fn cli_lists_squares_separated_by_blank_lines() {
    let out = squares_cli("cow.words", &["--size", "3", "--distinct"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out), "CAT\nORE\nWED\n\nCOW\nARE\nTED\n");
    assert!(stderr(&out).ends_with("2 squares\n"), "{}", stderr(&out));
}

#[test]
fn cli_limit_lists_only_the_first_squares() {
    let out = squares_cli("cow.words", &["--size", "3", "--limit", "2"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout(&out), "CAT\nARE\nTED\n\nCAT\nORE\nWED\n");
    assert_eq!(stderr(&out), "");
}

#[test]
fn cli_counts() {
    let out = squares_cli("cow.words", &["--size", "3", "--count"]);
    assert_eq!((out.status.code(), stdout(&out)), (Some(0), "4\n".into()));
    let out = squares_cli("cow.words", &["--size", "3", "--count", "--distinct"]);
    assert_eq!((out.status.code(), stdout(&out)), (Some(0), "2\n".into()));
    let out = squares_cli("card.words", &["--size", "4", "--count", "--distinct"]);
    assert_eq!((out.status.code(), stdout(&out)), (Some(0), "0\n".into()));
}

#[test]
fn cli_uses_the_word_list_options() {
    // Banning WED leaves only the square that reads CAT, ARE, TED both ways.
    let ban = data("squares/wed.words");
    let out = squares_cli(
        "cow.words",
        &["--size", "3", "--exclude", ban.to_str().unwrap()],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out), "CAT\nARE\nTED\n");
    assert!(stderr(&out).ends_with("1 square\n"), "{}", stderr(&out));
    // Unscored words score 50: a higher minimum leaves no 3-letter word.
    let out = squares_cli("cow.words", &["--size", "3", "--min-score", "51"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        "cruciverb: error: --size 3: the word list has no 3-letter words\n"
    );
}

#[test]
fn cli_without_a_square_exits_1() {
    let out = squares_cli("card.words", &["--size", "4", "--distinct"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout(&out), "");
    assert!(
        stderr(&out)
            .ends_with("no 4×4 word square without a repeated word from 4 words of 4 letters\n"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn cli_rejects_impossible_sizes() {
    for (size, message) in [
        (
            "1",
            "cruciverb: error: --size 1: a word square needs words of at least 2 letters\n",
        ),
        (
            "5",
            "cruciverb: error: --size 5: the word list has no 5-letter words\n",
        ),
    ] {
        let out = squares_cli("card.words", &["--size", size]);
        assert_eq!(out.status.code(), Some(2));
        assert!(stderr(&out).ends_with(message), "{}", stderr(&out));
    }
}

#[test]
fn cli_rejects_bad_options_and_files() {
    for threads in ["0", "100000"] {
        let out = squares_cli(
            "card.words",
            &["--size", "4", "--count", "--threads", threads],
        );
        assert_eq!(out.status.code(), Some(2));
        assert!(
            stderr(&out).starts_with(&format!("error: invalid value '{threads}' for '--threads <THREADS>': expected a number of threads from 1 to 1024\n")),
            "{}",
            stderr(&out)
        );
    }
    let out = squares_cli("card.words", &["--size", "4", "--limit", "0"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--limit"), "{}", stderr(&out));
    let out = squares_cli("missing.words", &["--size", "4"]);
    assert_eq!(out.status.code(), Some(2));
    let missing = data("squares/missing.words");
    assert!(
        stderr(&out).starts_with(&format!("cruciverb: error: {}: ", missing.display())),
        "{}",
        stderr(&out)
    );
}

#[test]
fn counting_agrees_with_listing_on_the_embedded_list() {
    // At the default minimum score, as `squares` uses it.
    let (mut list, _) = cruciverb::wordlist::embedded::default_list().unwrap();
    list.retain_min_score(cruciverb::wordlist::DEFAULT_SCORE);
    let index = Index::build(&list, 0).unwrap();
    let words: Vec<String> = (0..index.of_length(3).unwrap().count())
        .map(|i| index.of_length(3).unwrap().word_str(i).to_string())
        .collect();
    let known: HashSet<&str> = words.iter().map(String::as_str).collect();
    for distinct in [false, true] {
        let squares = squares_of(&index, 3, distinct).unwrap();
        let mut checked = 0u64;
        let given = squares.each(|square| {
            let rows: Vec<String> = (0..3).map(|i| square.row(i).to_string()).collect();
            assert!(is_square(&rows, &known, distinct), "{rows:?}");
            checked += 1;
            true
        });
        assert_eq!(given, checked);
        assert_eq!(squares.count(1), checked, "distinct {distinct}");
        assert_eq!(squares.count(2), checked, "distinct {distinct}");
    }
}

#[test]
fn progress_reports_every_unit_of_counting_work() {
    let words = lines(&["CAT", "ORE", "WED", "COW", "ARE", "TED"]);
    let index = index_of(&words);
    let squares = squares_of(&index, 3, false).unwrap();
    let log = ProgressLog::default();
    let found = squares
        .count_reporting(2, &log, &Deadline::never())
        .unwrap();
    assert_eq!(found, 4);
    // Units are two-letter starts of the first row whose second letter also
    // begins a word (it starts column 2): CA and CO only.
    let calls = log.calls();
    assert_eq!(
        calls,
        [
            "start first-row starts of 2",
            "advance 1",
            "advance 1",
            "finish"
        ]
    );
}

#[test]
fn one_letter_words_make_no_square() {
    let index = index_of(&lines(&["A", "I"]));
    let words = index.of_length(1).unwrap();
    let error = WordSquares::from_words(&words, false).err().unwrap();
    assert_eq!(
        error.to_string(),
        "--size 1: a word square needs words of at least 2 letters"
    );
}

#[test]
fn listing_reports_every_unit_and_the_same_squares_as_each() {
    let words = lines(&["CAT", "ORE", "WED", "COW", "ARE", "TED"]);
    let index = index_of(&words);
    let squares = squares_of(&index, 3, false).unwrap();
    let log = ProgressLog::default();
    let mut listed = Vec::new();
    let result = squares.each_reporting(
        |square| {
            listed.push((0..3).map(|i| square.row(i)).collect::<Vec<_>>().join("/"));
            true
        },
        &log,
        Deadline::never(),
    );
    let mut each = Vec::new();
    squares.each(|square| {
        each.push((0..3).map(|i| square.row(i)).collect::<Vec<_>>().join("/"));
        true
    });
    assert_eq!(
        result,
        Listed {
            given: 4,
            timed_out: false
        }
    );
    assert_eq!(listed, each);
    assert_eq!(
        log.calls(),
        [
            "start first-row starts of 2",
            "advance 1",
            "advance 1",
            "finish"
        ]
    );
}

#[test]
fn listing_gives_up_when_its_deadline_passes() {
    let words = every_word_over_abcd();
    let index = index_of(&words);
    let squares = squares_of(&index, 4, false).unwrap();
    let mut given = 0u64;
    let listed = squares.each_reporting(
        |_| {
            given += 1;
            true
        },
        &cruciverb::progress::Quiet,
        Deadline::after(Some(std::time::Duration::from_millis(50))),
    );
    assert!(listed.timed_out);
    assert_eq!(listed.given, given);
    assert!(given > 0 && given < 1 << 32, "{given} squares");
}

#[test]
fn cli_listing_gives_up_at_the_timeout_with_exit_1() {
    let words = every_word_over_abcd();
    let dir = crate::common::scratch("squares-timeout");
    let list = dir.join("abcd.words");
    std::fs::write(&list, words.join("\n")).unwrap();
    let squares = [
        "squares",
        "--wordlist",
        list.to_str().unwrap(),
        "--size",
        "4",
    ];
    // A first run builds the list's index into the cache, so that on a busy
    // machine the 0.2 s below goes to the walk, not to indexing (which the
    // timeout also counts, and which would end it with another message).
    let warm = run(&[&squares[..], &["--limit", "1"]].concat());
    assert_eq!(warm.status.code(), Some(0), "{}", stderr(&warm));
    let out = run(&[&squares[..], &["--timeout", "0.2"]].concat());
    assert_eq!(out.status.code(), Some(1));
    let printed = stdout(&out).split("\n\n").count();
    assert_eq!(
        stderr(&out),
        format!("gave up (--timeout) after {printed} squares\n")
    );
}

/// All 256 four-letter words over A–D: every 4×4 grid over those letters is
/// a square, 4^16 of them, a walk no test could finish, so only a deadline
/// can end it.
fn every_word_over_abcd() -> Vec<String> {
    (0..256u32)
        .map(|n| {
            (0..4)
                .map(|k| (b'A' + (n >> (2 * k) & 3) as u8) as char)
                .collect()
        })
        .collect()
}
