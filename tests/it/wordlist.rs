//! Word-list reading: formats, normalization, duplicates, layering, errors.

use std::fs;

use crate::common::*;
use cruciverb::progress::Quiet;
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
    let entry = |w: &str| list.get(w).unwrap();
    assert_eq!(
        entry("ICECREAM").score,
        60,
        "duplicates keep the highest score"
    );
    assert_eq!(entry("ECLAIR").score, 70);
    assert_eq!(entry("ECLAIR").clue, Some("A pastry; with cream"));
    assert_eq!(entry("ZEBRA").score, 50, "a missing score means 50");
    assert_eq!(entry("ATEASE").score, 55);
    assert_eq!(
        entry("ATEASE").clue,
        Some("Relaxed"),
        "a lower-scored repeat still lends its clue"
    );
    let sorted: Vec<&str> = list.sorted().iter().map(|e| e.word).collect();
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
    assert_eq!(base.get("GAMMA").unwrap().clue, Some("Greek letter"));
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
    assert_eq!(
        WordList::read(&empty).unwrap_err().to_string(),
        format!("{}: no words (the file is empty)", empty.display())
    );

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
    let index = Index::build(&list, 1).unwrap();
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
            let floor = rng.random_range(0..=101u8);
            let found: Vec<usize> = bucket.matching(&pattern, floor).ones().collect();
            let expected: Vec<usize> = (0..bucket.count())
                .filter(|&i| {
                    bucket.score(i) >= floor
                        && pattern
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
    let built = Index::build(&list, 42).unwrap();
    let mut builds = 0;
    let first = cached(
        &path,
        42,
        || {
            builds += 1;
            Index::build(&list, 42)
        },
        &Quiet,
    )
    .unwrap();
    assert!(!first.is_mapped());
    let again = cached(
        &path,
        42,
        || panic!("a valid cache must not be rebuilt"),
        &Quiet,
    )
    .unwrap();
    assert!(again.is_mapped());
    for len in [2, 4, 5] {
        let (a, b) = (built.of_length(len).unwrap(), again.of_length(len).unwrap());
        assert_eq!(a.count(), b.count());
        for i in 0..a.count() {
            assert_eq!((a.word(i), a.score(i)), (b.word(i), b.score(i)));
        }
        let pattern: Vec<Option<u8>> = (0..len).map(|p| (p == len - 1).then_some(b'A')).collect();
        assert_eq!(a.matching(&pattern, 0), b.matching(&pattern, 0));
    }
    let five = again.of_length(5).unwrap();
    let ending_a: Vec<&str> = five
        .matching(&[None, None, None, None, Some(b'A')], 0)
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
    let rebuilt = cached(
        &path,
        42,
        || {
            builds += 1;
            Index::build(&list, 42)
        },
        &Quiet,
    )
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
    let index = cached(&blocked, 7, || Index::build(&list, 7), &Quiet).unwrap();
    assert_eq!(index.total_words(), 2);
    assert!(!blocked.exists());

    // Builders racing for one cache file all succeed and leave one good file.
    let path = dir.join("raced.idx");
    std::thread::scope(|s| {
        for _ in 0..4 {
            s.spawn(|| {
                let index = cached(&path, 7, || Index::build(&list, 7), &Quiet).unwrap();
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
    let score = |word: &str| list.get(word).map(|e| e.score);
    // Phrases run together; those in the language reach the default minimum.
    for phrase in ["ICECREAM", "HIGHSCHOOL", "BUCKETLIST", "OHNO", "IMEANIT"] {
        assert!(score(phrase) >= Some(50), "{phrase}: {:?}", score(phrase));
    }
    // Abbreviations, contractions and crosswordese staples are in, the
    // well-known ones at usable scores...
    for staple in [
        "DNA", "CEO", "NASA", "NATO", "ATM", "ISNT", "DONT", "TSAR", "ASEA",
    ] {
        assert!(score(staple).is_some(), "{staple}");
    }
    for staple in ["DNA", "CEO", "NASA", "ISNT", "DONT"] {
        assert!(score(staple) >= Some(50), "{staple}: {:?}", score(staple));
    }
    for word in ["AREA", "ERA", "EASE"] {
        assert!(
            score(word) >= Some(85),
            "{word} is among the most common words"
        );
    }
    // ...while words nobody uses stay below it or out: inflections wordfreq
    // never saw, odd plurals, British-only spellings.
    for weak in ["LEFTEST", "TIREDER", "ANCIENTER", "SAMES", "COLOUR", "BANI"] {
        assert!(score(weak) < Some(50), "{weak}: {:?}", score(weak));
    }
    // Famous names score well, obscure ones do not.
    for name in ["ELVIS", "OPRAH", "ONO"] {
        assert!(score(name) >= Some(50), "{name}: {:?}", score(name));
    }
    assert!(score("ELVIS") > score("ALISA"));
    // Taxonomic names and possessives stay out...
    for junk in ["GENUSALOE", "ATELESGEOFFROYI", "FAMILYCANIDAE", "AACHENS"] {
        assert!(score(junk).is_none(), "{junk}");
    }
    // ...but not innocent words that contain a blocked stem.
    for word in ["TITLE", "CUMIN", "ASSESS", "SPICE", "SCUNTHORPE", "GRAPE"] {
        assert!(score(word).is_some(), "{word}");
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

/// One line of `wordlists/curated/blocked.txt` or `breakfast.txt`, read
/// here from the README's definition, sharing no code with the builder.
struct SafetyPattern {
    stem: String,
    kind: u8, // b'=' exact, b'<' prefix, b'>' suffix, b'*' anywhere, b'w' word
    text: String,
}

fn read_patterns(name: &str) -> Vec<SafetyPattern> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("wordlists/curated")
        .join(name);
    let text = fs::read_to_string(&path).unwrap();
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|line| {
            let (prefix, suffix) = (line.ends_with('*'), line.starts_with('*'));
            let kind = match (line.starts_with('='), prefix, suffix) {
                (true, _, _) => b'=',
                (_, true, true) => b'*',
                (_, true, false) => b'<',
                (_, false, true) => b'>',
                _ => b'w',
            };
            let stem = cruciverb::wordlist::normalize::normalize(line.trim_matches(['=', '*']))
                .unwrap_or_else(|| panic!("{name}: {line}"));
            SafetyPattern {
                stem,
                kind,
                text: line.to_string(),
            }
        })
        .collect()
}

impl SafetyPattern {
    fn matches(&self, word: &str) -> bool {
        let stem = self.stem.as_str();
        match self.kind {
            b'=' => word == stem,
            b'<' => word.starts_with(stem),
            b'>' => word.ends_with(stem),
            b'*' => word.contains(stem),
            _ => {
                let Some(rest) = word.strip_prefix(stem) else {
                    // SLAVE -> SLAVED; STAB -> STABBED
                    let bare = stem.strip_suffix('E').unwrap_or(stem);
                    let doubled = format!("{stem}{}", &stem[stem.len() - 1..]);
                    return [bare, doubled.as_str()].iter().any(|base| {
                        word.strip_prefix(base).is_some_and(|rest| {
                            ["ED", "ER", "ERS", "ING", "Y", "IER", "IEST", "ES"].contains(&rest)
                        })
                    });
                };
                ["", "S", "ES", "ED", "ER", "ERS", "ING", "Y", "IER", "IEST"].contains(&rest)
            }
        }
    }
}

fn allowed() -> std::collections::HashSet<String> {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("wordlists/curated/allowed.txt");
    fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .filter_map(cruciverb::wordlist::normalize::normalize)
        .collect()
}

#[test]
fn safety_tiers_hold_on_the_embedded_list_and_every_clue() {
    let (list, _) = cruciverb::wordlist::embedded::default_list().unwrap();
    let blocked = read_patterns("blocked.txt");
    let breakfast = read_patterns("breakfast.txt");
    let allowed = allowed();
    let hit = |patterns: &[SafetyPattern], word: &str| {
        (!allowed.contains(word))
            .then(|| patterns.iter().find(|p| p.matches(word)))
            .flatten()
            .map(|p| p.text.clone())
    };
    let mut kept_low = 0;
    for entry in list.sorted() {
        // Tier 1: out of the list altogether.
        assert_eq!(
            hit(&blocked, entry.word),
            None,
            "{} is in the list",
            entry.word
        );
        // Tier 2: in the list, below the default minimum.
        if hit(&breakfast, entry.word).is_some() {
            assert!(entry.score < 50, "{} scores {}", entry.word, entry.score);
            kept_low += 1;
        }
    }
    assert!(kept_low > 500, "{kept_low}");
    // What the issue found in made puzzles and in the old list.
    for gone in [
        "RAPE",
        "RAPIST",
        "MOTHERFUCKING",
        "COCKSUCKER",
        "NIGGAZ",
        "SHITTING",
        "PEDOPHILE",
        "NEGRO",
        "HALFBREED",
        "HIMMLER",
        "GERMANNAZI",
        "YID",
        "DARKIE",
    ] {
        assert!(list.get(gone).is_none(), "{gone}");
    }
    for low in [
        "URINE",
        "ANUS",
        "ENEMA",
        "TESTICLES",
        "SADISM",
        "EROTICA",
        "PUS",
        "PEED",
    ] {
        let score = list.get(low).map(|e| e.score);
        assert!(score.is_none_or(|s| s < 50), "{low}: {score:?}");
    }
    // Clue text gets the same pass: no word of a clue, nor two or three
    // of its words run together, falls in either tier.
    for (answer, clue) in cruciverb::clues::database().iter() {
        let words: Vec<String> = clue
            .split(|c: char| !c.is_ascii_alphabetic() && c != '\'')
            .filter_map(cruciverb::wordlist::normalize::normalize)
            .collect();
        for n in 1..=3 {
            for run in words.windows(n) {
                let run = run.concat();
                for tier in [&blocked, &breakfast] {
                    assert_eq!(hit(tier, &run), None, "{answer};{clue}");
                }
            }
        }
    }
}

#[test]
fn breakfast_entries_are_opt_in() {
    let dir = scratch("breakfast");
    let grid = dir.join("grid.txt");
    fs::write(&grid, "URIN.\n#####\n#####\n").unwrap();
    let g = grid.to_str().unwrap();
    let out = run(&["fill", g]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let out = run(&["fill", g, "--min-score", "30"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).starts_with("URINE\n"), "{}", stdout(&out));
    assert!(
        stderr(&out).contains("  breakfast test (1): URINE\n"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn wordlist_show_explains_a_score() {
    let dir = scratch("show");
    let mine = dir.join("mine.txt");
    fs::write(&mine, "OHNO;90;\"Uh-oh!\"\nZZYZX;20\n").unwrap();
    let m = mine.to_str().unwrap();
    let out = run(&["wordlist", "show", "oh no", "ZZYZX", "qwrtp"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let ohno = list_score("OHNO");
    assert!(
        text.starts_with(&format!(
            "OHNO\n  score {ohno} in <embedded default list>\n  used at score {ohno} (from <embedded default list>)\n  default list: phrase; curated phrases-a.txt; kind reviewed by the team (levels-09.txt)\n  roots: OH, NO (weak) (no grid holds it beside an entry sharing one)\n  clue database, written by the cruciverb team:\n    "
        )),
        "{text}"
    );
    // Every clue of the answer, with its level.
    let db = cruciverb::clues::database().clues("OHNO");
    assert!(db.len() >= 4, "{db:?}");
    for clue in db {
        assert!(
            text.contains(&format!("    {} ({}", clue.text, clue.level)),
            "{text}"
        );
    }
    assert!(
        text.contains("\nQWRTP\n  in no list: fills never use it\n  not in the default list (its sources lack it, or it is left out: no newspaper prints it, or nobody uses it)\n"),
        "{text}"
    );
    // With layered lists: every layer's score, the winner, the minimum.
    let out = run(&[
        "wordlist",
        "show",
        "ohno",
        "zzyzx",
        "--wordlist",
        m,
        "--min-score",
        "30",
    ]);
    let text = stdout(&out);
    assert!(
        text.starts_with("OHNO\n  score 90 in ") && text.contains("  clue: \"Uh-oh!\" (from "),
        "{text}"
    );
    assert!(
        text.contains("ZZYZX\n  score 20 in ")
            && text.contains("  below the minimum score 30 (score 20 from "),
        "{text}"
    );
    let out = run(&["wordlist", "show", "é!"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        "cruciverb: error: \"é!\" has characters no grid can hold\n"
    );
}

fn list_score(word: &str) -> u8 {
    let (list, _) = cruciverb::wordlist::embedded::default_list().unwrap();
    list.get(word).unwrap().score
}

#[test]
fn python_builder_unit_tests_pass() {
    // The word-list builder's own tests (`wordlists/tests/`, stdlib
    // unittest): scoring, safety and clue choice. run_python fails the
    // test on a non-zero exit, so one failing Python test fails this one
    // (a module that does not import counts as a failing test), as does
    // finding none. It leaves no __pycache__ in the source tree.
    let script = "import sys, unittest\n\
                  sys.dont_write_bytecode = True\n\
                  sys.path.insert(0, sys.argv[1])\n\
                  suite = unittest.defaultTestLoader.discover(sys.argv[1] + '/tests', top_level_dir=sys.argv[1])\n\
                  result = unittest.TextTestRunner(stream=sys.stdout, verbosity=2).run(suite)\n\
                  sys.exit(0 if result.wasSuccessful() and result.testsRun > 0 else 1)\n";
    let wordlists = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("wordlists");
    crate::common::python::run_python(script, &[wordlists.to_str().unwrap()]);
}

#[test]
fn python_and_rust_normalise_alike() {
    // Every character up to U+024F (Latin Extended-B), alone and between
    // letters, through the builders' normaliser and the library's.
    let samples: Vec<String> = (0u32..=0x24f)
        .filter_map(char::from_u32)
        .filter(|c| !c.is_control() && *c != '\u{85}')
        .flat_map(|c| [c.to_string(), format!("a{c}b")])
        .chain(
            [
                "Æther",
                "Øresund",
                "Łódź",
                "ice cream",
                "rock 'n' roll",
                "ß",
            ]
            .map(String::from),
        )
        .collect();
    // One sample per line in, one result per line out ("-" for none).
    let script = "import sys\n\
                  sys.path.insert(0, sys.argv[1])\n\
                  from listkit.text import normalize\n\
                  for line in sys.stdin.read().split('\\n')[:-1]:\n    \
                      print(normalize(line) or '-')\n";
    let wordlists = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("wordlists");
    let input: String = samples.iter().map(|s| format!("{s}\n")).collect();
    let out = crate::common::python::run_python_with_input(
        script,
        &[wordlists.to_str().unwrap()],
        &input,
    );
    let python: Vec<Option<String>> = out
        .lines()
        .map(|v| (v != "-").then(|| v.to_string()))
        .collect();
    assert_eq!(python.len(), samples.len());
    for (sample, theirs) in samples.iter().zip(&python) {
        let ours = cruciverb::wordlist::normalize::normalize(sample);
        assert_eq!(
            &ours,
            theirs,
            "{sample:?} (U+{:04X})",
            sample.chars().nth(usize::from(sample.len() > 1)).unwrap() as u32
        );
    }
    assert_eq!(
        cruciverb::wordlist::normalize::normalize("Łódź").as_deref(),
        Some("LODZ")
    );
}

#[test]
fn lists_beyond_the_size_limit_are_refused_before_they_are_read() {
    let dir = scratch("wordlist-limit");
    // Sparse: 600 MB on paper, nothing on disk.
    let big = dir.join("big.txt");
    fs::File::create(&big)
        .unwrap()
        .set_len(600_000_000)
        .unwrap();
    let want = format!(
        "{}: 600.0 MB is too big for a word list (at most 500.0 MB)",
        big.display()
    );
    assert_eq!(WordList::read(&big).unwrap_err().to_string(), want);
    let out = run(&[
        "fill",
        "tests/data/grids/mini5_2corners.txt",
        "--wordlist",
        big.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(stderr(&out), format!("cruciverb: error: {want}\n"));
}

#[test]
fn timeout_counts_reading_the_lists() {
    // About 30 MB of distinct words: reading them takes well over a
    // second, so a limit of a tenth of one stops the reading itself.
    let dir = scratch("wordlist-timeout");
    let list = dir.join("many.txt");
    let mut text = String::with_capacity(30_000_000);
    let mut state = 7u64;
    while text.len() < 30_000_000 {
        for _ in 0..12 {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            text.push(char::from(b'A' + ((state >> 33) % 26) as u8));
        }
        text.push_str(";50\n");
    }
    fs::write(&list, &text).unwrap();
    let out = run(&[
        "fill",
        "tests/data/grids/mini5_2corners.txt",
        "--wordlist",
        list.to_str().unwrap(),
        "--timeout",
        "0.1",
    ]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    let prefix = format!(
        "cruciverb: error: --timeout ran out while reading {} (line ",
        list.display()
    );
    assert!(err.starts_with(&prefix) && err.ends_with(")\n"), "{err}");
    // Stopped inside the list, not after it.
    let line: usize = err[prefix.len()..err.len() - 2].parse().unwrap();
    assert!(line < text.lines().count(), "{err}");
}
