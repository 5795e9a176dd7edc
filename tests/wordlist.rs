//! Word-list reading: formats, normalization, duplicates, layering, errors.

mod common;

use std::fs;

use common::*;
use cruciverb::wordlist::WordList;

#[test]
fn formats_scores_clues_and_duplicates() {
    let text = "\u{feff}ice cream;60\nICECREAM;40\nÉclair;70;A pastry; with cream\nzebra\n# a comment\n\nR2D2;90\nabc;abc\nhello;101\nat ease;55\nat-ease;45;Relaxed\n";
    let (list, report) = WordList::parse(text, "t.txt");
    assert_eq!(report.words, 4);
    assert_eq!(report.duplicates, 2);
    assert_eq!(report.skipped, 3);
    assert_eq!(
        report
            .examples
            .iter()
            .map(|(line, _)| *line)
            .collect::<Vec<_>>(),
        vec![7, 8, 9]
    );
    let entry = |w: &str| list.get(w).unwrap().clone();
    assert_eq!(
        entry("ICECREAM").score,
        60,
        "duplicates keep the highest score"
    );
    assert_eq!(entry("ECLAIR").score, 70);
    assert_eq!(
        entry("ECLAIR").clue.as_deref(),
        Some("A pastry; with cream")
    );
    assert_eq!(entry("ZEBRA").score, 50, "a missing score means 50");
    assert_eq!(entry("ATEASE").score, 55);
    assert_eq!(
        entry("ATEASE").clue.as_deref(),
        Some("Relaxed"),
        "a lower-scored repeat still lends its clue"
    );
    let sorted: Vec<&str> = list.sorted().iter().map(|e| e.word.as_str()).collect();
    assert_eq!(
        sorted,
        vec!["ZEBRA", "ECLAIR", "ATEASE", "ICECREAM"],
        "by length, best score first"
    );
}

#[test]
fn layering_excluding_and_min_score() {
    let (mut base, _) = WordList::parse("alpha;40\nbeta;60\ngamma;70;Greek letter\n", "base");
    let (over, _) = WordList::parse("alpha;80\ngamma;20\ndelta\n", "over");
    base.layer(over);
    assert_eq!(base.get("ALPHA").unwrap().score, 80);
    assert_eq!(
        base.get("GAMMA").unwrap().score,
        20,
        "a later list overrides, even downwards"
    );
    assert_eq!(
        base.get("GAMMA").unwrap().clue.as_deref(),
        Some("Greek letter")
    );
    assert_eq!(base.get("DELTA").unwrap().score, 50);
    let (banned, _) = WordList::parse("beta\nomega\n", "ban");
    assert_eq!(base.exclude(&banned), 1);
    assert!(base.get("BETA").is_none());
    base.retain_min_score(50);
    let mut left: Vec<&str> = base.words().into_iter().collect();
    left.sort();
    assert_eq!(left, vec!["ALPHA", "DELTA"]);
}

#[test]
fn files_in_latin1_and_bad_files() {
    let dir = scratch("wordlist");
    let latin1 = dir.join("latin1.txt");
    fs::write(&latin1, b"caf\xe9;70\nna\xefve\n").unwrap();
    let (list, _) = WordList::read(&latin1).unwrap();
    assert_eq!(list.get("CAFE").unwrap().score, 70);
    assert!(list.get("NAIVE").is_some());

    let binary = dir.join("bin.dat");
    fs::write(&binary, [0x7f, b'E', b'L', b'F', 0, 1, 2]).unwrap();
    let err = WordList::read(&binary).unwrap_err().to_string();
    assert!(
        err.ends_with("bin.dat:1: binary data, not a word list"),
        "{err}"
    );

    let empty = dir.join("empty.txt");
    fs::write(&empty, "").unwrap();
    assert!(WordList::read(&empty)
        .unwrap_err()
        .to_string()
        .contains("no usable words"));

    let junk = dir.join("junk.txt");
    fs::write(&junk, "R2D2\n42\n").unwrap();
    let err = WordList::read(&junk).unwrap_err().to_string();
    assert!(
        err.contains("no usable words in 2 skipped entries (line 1: \"R2D2\""),
        "{err}"
    );
}

#[test]
fn wordlist_info_counts_by_length_and_band() {
    let dir = scratch("wordlist-info");
    let a = dir.join("a.txt");
    fs::write(&a, "cat;90\ndog;55\nbird;30\nhorse;72\nzebra\nR2D2\n").unwrap();
    let b = dir.join("b.txt");
    fs::write(&b, "bird;95\n").unwrap();
    let ban = dir.join("ban.txt");
    fs::write(&ban, "dog\n").unwrap();
    let out = run(&[
        "wordlist",
        "info",
        "--wordlist",
        a.to_str().unwrap(),
        "--wordlist",
        b.to_str().unwrap(),
        "--exclude",
        ban.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.starts_with("4 words scoring 50 or more\n"), "{text}");
    let row = |len: &str| {
        text.lines()
            .skip(2)
            .find(|l| l.split_whitespace().next() == Some(len))
            .unwrap()
            .split_whitespace()
            .skip(1)
            .map(|n| n.parse::<usize>().unwrap())
            .collect::<Vec<_>>()
    };
    // words, then bands 0-24, 25-49, 50-59, 60-69, 70-89, 90-100
    assert_eq!(row("3"), vec![1, 0, 0, 0, 0, 0, 1]);
    assert_eq!(row("4"), vec![1, 0, 0, 0, 0, 0, 1]);
    assert_eq!(row("5"), vec![2, 0, 0, 1, 0, 1, 0]);
    assert!(stderr(&out).contains("a.txt: 5 words, 0 duplicates merged, 1 entries skipped"));
    let bad = run(&[
        "wordlist",
        "info",
        "--wordlist",
        dir.join("missing.txt").to_str().unwrap(),
    ]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(stderr(&bad).contains("missing.txt: No such file"));
}

#[test]
fn index_finds_exactly_the_words_matching_a_pattern() {
    use cruciverb::wordlist::index::Index;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    let mut rng = StdRng::seed_from_u64(5);
    // Few letters, so patterns often match several words.
    let words: Vec<String> = (0..3000)
        .map(|_| {
            let len = rng.random_range(2..=7);
            (0..len)
                .map(|_| (b'A' + rng.random_range(0..4u8)) as char)
                .collect()
        })
        .collect();
    let text: String = words
        .iter()
        .map(|w| format!("{w};{}\n", rng.random_range(0..=100)))
        .collect();
    let (list, _) = WordList::parse(&text, "random");
    let index = Index::build(&list, 1);
    assert_eq!(index.total_words(), list.len());
    for len in 2..=7 {
        let bucket = index.of_length(len).unwrap();
        // Best score first within a length.
        assert!((1..bucket.count()).all(|i| bucket.score(i - 1) >= bucket.score(i)));
        for i in 0..bucket.count() {
            assert_eq!(list.get(bucket.word_str(i)).unwrap().score, bucket.score(i));
        }
        for _ in 0..200 {
            let pattern: Vec<Option<u8>> = (0..len)
                .map(|_| {
                    rng.random_bool(0.4)
                        .then(|| b'A' + rng.random_range(0..4u8))
                })
                .collect();
            let found: Vec<usize> = bucket.matching(&pattern).ones().collect();
            let expected: Vec<usize> = (0..bucket.count())
                .filter(|&i| {
                    pattern
                        .iter()
                        .zip(bucket.word(i))
                        .all(|(p, &c)| p.is_none_or(|p| p == c))
                })
                .collect();
            assert_eq!(found, expected, "{pattern:?}");
        }
    }
    assert!(index.of_length(8).is_none());
}

#[test]
fn cache_round_trips_and_rejects_stale_truncated_and_corrupt_files() {
    use cruciverb::wordlist::index::{cached, Index, Unusable};

    let dir = scratch("index-cache");
    let path = dir.join("sub/list.idx");
    let (list, _) = WordList::parse("alpha;90\nbeta;80\ngamma;70\ndelta;60\nomega\nox;30\n", "t");
    let built = Index::build(&list, 42);
    let mut builds = 0;
    let first = cached(&path, 42, || {
        builds += 1;
        Ok(list.clone())
    })
    .unwrap();
    assert!(!first.is_mapped());
    let again = cached(&path, 42, || panic!("a valid cache must not be rebuilt")).unwrap();
    assert!(again.is_mapped());
    for len in [2, 4, 5] {
        let (a, b) = (built.of_length(len).unwrap(), again.of_length(len).unwrap());
        assert_eq!(a.count(), b.count());
        for i in 0..a.count() {
            assert_eq!((a.word(i), a.score(i)), (b.word(i), b.score(i)));
        }
        let pattern: Vec<Option<u8>> = (0..len).map(|p| (p == len - 1).then_some(b'A')).collect();
        assert_eq!(a.matching(&pattern), b.matching(&pattern));
    }
    let five = again.of_length(5).unwrap();
    let ending_a: Vec<&str> = five
        .matching(&[None, None, None, None, Some(b'A')])
        .ones()
        .map(|i| five.word_str(i))
        .collect();
    assert_eq!(ending_a, vec!["ALPHA", "GAMMA", "DELTA", "OMEGA"]);
    assert_eq!(Index::open(&path, 43).err(), Some(Unusable::WrongKey));

    let bytes = fs::read(&path).unwrap();
    fs::write(&path, &bytes[..bytes.len() - 16]).unwrap();
    assert_eq!(Index::open(&path, 42).err(), Some(Unusable::Truncated));
    let mut flipped = bytes.clone();
    flipped[40] ^= 1;
    fs::write(&path, &flipped).unwrap();
    assert_eq!(Index::open(&path, 42).err(), Some(Unusable::Corrupt));
    fs::write(&path, b"junk").unwrap();
    assert_eq!(Index::open(&path, 42).err(), Some(Unusable::Corrupt));
    let rebuilt = cached(&path, 42, || {
        builds += 1;
        Ok(list.clone())
    })
    .unwrap();
    assert_eq!(builds, 2, "the corrupt cache was rebuilt");
    assert_eq!(rebuilt.total_words(), 6);
    assert!(Index::open(&path, 42).is_ok());
}

#[test]
fn cache_that_cannot_be_written_or_is_raced_still_gives_the_index() {
    use cruciverb::wordlist::index::{cached, Index};

    let dir = scratch("index-cache-trouble");
    let (list, _) = WordList::parse("alpha;90\nbeta;80\n", "t");
    // The cache directory would have to be made inside a regular file.
    fs::write(dir.join("file"), "x").unwrap();
    let blocked = dir.join("file/sub/list.idx");
    let index = cached(&blocked, 7, || Ok(list.clone())).unwrap();
    assert_eq!(index.total_words(), 2);
    assert!(!blocked.exists());

    // Builders racing for one cache file all succeed and leave one good file.
    let path = dir.join("raced.idx");
    std::thread::scope(|s| {
        for _ in 0..4 {
            s.spawn(|| {
                let index = cached(&path, 7, || Ok(list.clone())).unwrap();
                assert_eq!(index.total_words(), 2);
            });
        }
    });
    assert!(Index::open(&path, 7).is_ok());
}

#[test]
fn embedded_default_list_is_large_clean_and_scored() {
    let (list, report) = cruciverb::wordlist::embedded::default_list().unwrap();
    assert!(list.len() >= 150_000, "{report}");
    assert_eq!(report.skipped, 0, "{report}");
    // Phrases run together, common ones reach the default minimum of 50.
    for phrase in ["ICECREAM", "HIGHSCHOOL", "REALESTATE"] {
        assert!(list.get(phrase).unwrap().score >= 50, "{phrase}");
    }
    for word in ["AREA", "ERA", "EASE"] {
        assert!(
            list.get(word).unwrap().score >= 85,
            "{word} is among the most common words"
        );
    }
    // Taxonomic names, possessives and blocked vulgarities stay out...
    for junk in [
        "GENUSALOE",
        "ATELESGEOFFROYI",
        "FAMILYCANIDAE",
        "AACHENS",
        "CUNT",
        "SHITS",
        "FUCKING",
        "JAPS",
        "SQUAW",
    ] {
        assert!(list.get(junk).is_none(), "{junk}");
    }
    // ...but not innocent words that contain them.
    for word in ["TITLE", "CUMIN", "ASSESS", "SPICE"] {
        assert!(list.get(word).is_some(), "{word}");
    }
    // Names are everyday crossword fare and score at the default minimum.
    for name in ["ONO", "EARP", "ATARI", "IZOD"] {
        assert!(list.get(name).unwrap().score >= 50, "{name}");
    }
    // The CLI uses it when no list is given.
    let out = run(&["wordlist", "info"]);
    assert!(out.status.success());
    let at_default: usize = stdout(&out)
        .split_whitespace()
        .next()
        .unwrap()
        .parse()
        .unwrap();
    let mut filtered = list.clone();
    filtered.retain_min_score(50);
    assert_eq!(at_default, filtered.len());
}
