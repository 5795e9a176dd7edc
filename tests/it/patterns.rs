//! The pattern stage end to end: exact counts, every output checked against
//! the independent rule checker, shards, resume, random order, errors.

use std::collections::HashSet;
use std::fs;

use crate::common::*;
use cruciverb::pattern::hex;
use cruciverb::pattern::rules::{Rules, Style, Symmetry};
use cruciverb::pattern::search::Search;
use cruciverb::pattern::Pattern;

fn american() -> Rules {
    Rules::preset(Style::American)
}

fn british() -> Rules {
    Rules::preset(Style::British)
}

fn enumerate(width: usize, height: usize, rules: &Rules) -> Vec<Pattern> {
    let search = Search::new(width, height, rules).unwrap();
    let mut found = Vec::new();
    search.walk(&[], &mut |rows| {
        found.push(Pattern::from_rows(width, height, rows.to_vec()).unwrap());
        true
    });
    found
}

fn assert_matches_brute_force(width: usize, height: usize, rules: &Rules) {
    let mut fast = enumerate(width, height, rules);
    let n = fast.len();
    fast.sort();
    fast.dedup();
    assert_eq!(
        fast.len(),
        n,
        "search repeated a pattern for {width}x{height} {}",
        rules.describe()
    );
    assert_eq!(
        fast,
        brute_force(width, height, rules),
        "{width}x{height} {}",
        rules.describe()
    );
}

#[test]
fn search_agrees_with_brute_force_on_every_rule() {
    let mut cases: Vec<(usize, usize, Rules)> = Vec::new();
    for (w, h) in [(3, 3), (4, 4), (5, 5), (6, 6), (5, 7), (7, 5), (4, 6)] {
        cases.push((w, h, american()));
        let mut edges = american();
        edges.allow_black_edges = true;
        cases.push((w, h, edges));
    }
    for (w, h) in [(5, 5), (7, 7), (6, 6), (7, 9), (9, 7), (8, 8)] {
        cases.push((w, h, british()));
    }
    // The checking lattice under each symmetry small enough to brute-force.
    for (w, h, symmetry) in [
        (5, 5, Symmetry::FourFold),
        (7, 7, Symmetry::FourFold),
        (9, 7, Symmetry::FourFold),
        (5, 5, Symmetry::Rotational),
        (5, 7, Symmetry::Rotational),
        (7, 5, Symmetry::Rotational),
        (3, 5, Symmetry::None),
        (5, 3, Symmetry::Mirror),
    ] {
        let mut rules = british();
        rules.lattice = true;
        rules.symmetry = symmetry;
        cases.push((w, h, rules.clone()));
        rules.words = Some("4..6".parse().unwrap());
        cases.push((w, h, rules));
    }
    // Crossings allowed black (lights of even length), under each symmetry
    // small enough to brute-force: the British preset's rules; looser ones
    // that leave the lattice's own rules all the work (two-letter lights,
    // no isolated-cell, black-run or region rule); a word count. Without a
    // paired symmetry a brute force takes seconds (2^21 patterns at 5x5),
    // so there only the loose rules.
    let loose: fn(&mut Rules) = |r| {
        r.min_word = 2;
        r.no_isolated_white = false;
        r.no_black_2x2 = false;
        r.max_black_run = None;
        r.connected = false;
    };
    let ends: Vec<fn(&mut Rules)> = vec![|_| {}, loose, |r| {
        r.no_black_2x2 = false;
        r.max_black_run = None;
        r.words = Some("6..8".parse().unwrap());
    }];
    for (w, h, symmetry) in [
        (5, 5, Symmetry::Rotational),
        (5, 5, Symmetry::FourFold),
        (5, 5, Symmetry::None),
        (7, 5, Symmetry::Rotational),
        (7, 5, Symmetry::FourFold),
        (5, 7, Symmetry::Rotational),
        (5, 7, Symmetry::FourFold),
        (5, 7, Symmetry::Mirror),
        (7, 3, Symmetry::None),
        (7, 7, Symmetry::FourFold),
    ] {
        let variants = match symmetry {
            Symmetry::None | Symmetry::Mirror => &ends[1..2],
            Symmetry::Rotational | Symmetry::FourFold => &ends[..],
        };
        for variant in variants {
            let mut rules = british();
            rules.lattice = true;
            rules.lattice_ends = true;
            rules.symmetry = symmetry;
            variant(&mut rules);
            cases.push((w, h, rules));
        }
    }
    let variants: Vec<fn(&mut Rules)> = vec![
        |r| r.symmetry = Symmetry::None,
        |r| r.symmetry = Symmetry::Mirror,
        |r| r.min_word = 2,
        |r| {
            r.min_word = 2;
            r.max_word = Some(3)
        },
        |r| r.allow_unchecked = true,
        |r| {
            r.allow_unchecked = true;
            r.no_isolated_white = true;
            r.no_white_2x2 = true
        },
        |r| {
            r.allow_black_edges = true;
            r.no_black_2x2 = true;
            r.max_black_run = Some(2)
        },
        |r| r.blacks = Some("20%..40%".parse().unwrap()),
        |r| r.words = Some("8..12".parse().unwrap()),
        |r| r.max_three_letter = Some(4),
        |r| r.no_cheaters = true,
        |r| {
            r.connected = false;
            r.allow_black_edges = true
        },
    ];
    for variant in &variants {
        for (w, h) in [(4usize, 4usize), (5, 4), (5, 5), (6, 6)] {
            let mut rules = american();
            variant(&mut rules);
            let free = if rules.symmetry == Symmetry::None {
                w * h
            } else {
                (w * h).div_ceil(2)
            };
            if free <= 20 {
                cases.push((w, h, rules));
            }
        }
    }
    for (w, h, rules) in &cases {
        assert_matches_brute_force(*w, *h, rules);
    }
}

#[test]
fn lattice_grids_exist_and_follow_the_convention() {
    let mut rules = british();
    rules.lattice = true;
    rules.symmetry = Symmetry::Rotational;
    // (Agreement with brute force is checked above on smaller grids; 7x7
    // rotational has too many free cells for it.)
    let found = enumerate(7, 7, &rules);
    assert!(!found.is_empty());
    for p in &found {
        assert!(violations(p, &rules).is_empty());
        for r in (1..7).step_by(2) {
            for c in (1..7).step_by(2) {
                assert!(!p.is_white(r, c), "({r}, {c}) is a lattice block");
            }
        }
    }
    let err = cruciverb::pattern::search::Search::new(8, 8, &rules)
        .err()
        .unwrap();
    assert!(
        err.to_string().contains("--lattice needs odd sides"),
        "{err}"
    );
}

/// Black crossings (`--lattice-ends`) on a grid too big to brute-force:
/// every 9x9 pattern the search lists passes the independent checker, the
/// strict lattice's are among them, lights of 4, 6 and 8 letters occur,
/// and the command line's count, shards and random order list the same
/// patterns.
#[test]
fn lattice_ends_grids_have_even_lights_and_keep_the_conventions() {
    let mut rules = american();
    rules.allow_unchecked = true;
    rules.allow_black_edges = true;
    rules.lattice = true;
    let strict = enumerate(9, 9, &rules);
    rules.lattice_ends = true;
    let mut found = enumerate(9, 9, &rules);
    found.sort();
    let mut lengths = HashSet::new();
    for p in &found {
        let bad = violations(p, &rules);
        assert!(bad.is_empty(), "{} breaks {bad:?}", hex::encode(p));
        lengths.extend(p.run_lengths().into_iter().filter(|&l| l >= 2));
    }
    assert!(strict.iter().all(|p| found.binary_search(p).is_ok()));
    assert!(
        found.len() > 10 * strict.len(),
        "{} against {}",
        found.len(),
        strict.len()
    );
    for len in [4, 6, 8] {
        assert!(
            lengths.contains(&len),
            "no {len}-letter light in {lengths:?}"
        );
    }
    let with_even = found
        .iter()
        .filter(|p| p.run_lengths().iter().any(|&l| l >= 2 && l % 2 == 0))
        .count();
    assert!(
        2 * with_even > found.len(),
        "{with_even} of {} have an even light",
        found.len()
    );

    let args = [
        "patterns",
        "--size",
        "9",
        "--unchecked",
        "allow",
        "--allow-black-edges",
        "--lattice",
        "--lattice-ends",
    ];
    let decoded = |text: &str| {
        let mut ps: Vec<Pattern> = pattern_lines(text)
            .iter()
            .map(|l| hex::decode(l).unwrap())
            .collect();
        ps.sort();
        ps
    };
    let listed = run(&args);
    assert!(listed.status.success(), "{}", stderr(&listed));
    assert!(
        stdout(&listed).contains("lattice lattice-ends"),
        "the header's rules"
    );
    assert_eq!(decoded(&stdout(&listed)), found);
    let count = run(&[&args[..], &["--count"]].concat());
    assert_eq!(stdout(&count).trim(), found.len().to_string());
    let mut union = Vec::new();
    for k in 1..=3 {
        let shard = format!("{k}/3");
        let part = decoded(&stdout(&run(&[&args[..], &["--shard", &shard]].concat())));
        assert!(!part.is_empty(), "shard {shard} got no work");
        union.extend(part);
    }
    union.sort();
    assert_eq!(union, found, "shards");
    let random = run(&[&args[..], &["--random", "--seed", "5"]].concat());
    assert_eq!(
        decoded(&stdout(&random)),
        found,
        "random order lists them all"
    );

    let refused = run(&[
        "patterns",
        "--size",
        "9",
        "--style",
        "british",
        "--lattice-ends",
    ]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        stderr(&refused).contains("impossible rules: --lattice-ends needs --lattice"),
        "{}",
        stderr(&refused)
    );
}

#[test]
fn american_counts_match_the_issue() {
    let count = |n: usize, edges: bool| {
        let mut r = american();
        r.allow_black_edges = edges;
        enumerate(n, n, &r).len()
    };
    assert_eq!(
        [count(3, false), count(5, false), count(7, false)],
        [1, 12, 312]
    );
    assert_eq!(
        [count(3, true), count(5, true), count(7, true)],
        [1, 15, 397]
    );
    for (n, edges, expected) in [("7", false, "312"), ("7", true, "397"), ("5", false, "12")] {
        let mut args = vec!["patterns", "--size", n, "--count"];
        if edges {
            args.push("--allow-black-edges");
        }
        let out = run(&args);
        assert!(out.status.success(), "{}", stderr(&out));
        assert_eq!(stdout(&out).trim(), expected);
    }
}

#[test]
fn every_written_pattern_obeys_its_rules() {
    let cases: Vec<(Vec<&str>, Rules, Option<usize>)> = vec![
        (vec!["--size", "9"], american(), Some(31187)),
        (
            vec!["--size", "9", "--allow-black-edges"],
            {
                let mut r = american();
                r.allow_black_edges = true;
                r
            },
            Some(35324),
        ),
        (vec!["--size", "11", "--style", "british"], british(), None),
        (
            vec!["--size", "15", "--style", "british", "--limit", "3000"],
            british(),
            Some(3000),
        ),
        (
            vec!["--size", "15", "--limit", "3000"],
            american(),
            Some(3000),
        ),
        (vec!["--size", "13x9", "--limit", "3000"], american(), None),
        (
            vec![
                "--size",
                "9",
                "--blacks",
                "12..16",
                "--words",
                "24..30",
                "--max-3-letter",
                "10",
                "--no-cheaters",
            ],
            {
                let mut r = american();
                r.blacks = Some("12..16".parse().unwrap());
                r.words = Some("24..30".parse().unwrap());
                r.max_three_letter = Some(10);
                r.no_cheaters = true;
                r
            },
            None,
        ),
    ];
    for (args, rules, expected) in cases {
        let mut full = vec!["patterns"];
        full.extend(&args);
        let out = run(&full);
        assert!(out.status.success(), "{args:?}: {}", stderr(&out));
        let lines = pattern_lines(&stdout(&out));
        assert!(!lines.is_empty(), "{args:?} produced nothing");
        if let Some(n) = expected {
            assert_eq!(lines.len(), n, "{args:?}");
        }
        let distinct: HashSet<&String> = lines.iter().collect();
        assert_eq!(distinct.len(), lines.len(), "{args:?} repeated a pattern");
        for line in &lines {
            let p = hex::decode(line).unwrap();
            let bad = violations(&p, &rules);
            assert!(bad.is_empty(), "{args:?}: {line} breaks {bad:?}");
        }
    }
}

#[test]
fn count_equals_number_written() {
    for args in [
        vec!["--size", "9", "--style", "british"],
        vec!["--size", "8"],
        vec!["--size", "9x7", "--min-word", "4"],
    ] {
        let mut list = vec!["patterns"];
        list.extend(&args);
        let written = pattern_lines(&stdout(&run(&list))).len();
        list.push("--count");
        let counted: usize = stdout(&run(&list)).trim().parse().unwrap();
        assert_eq!(written, counted, "{args:?}");
    }
}

#[test]
fn output_is_identical_for_any_thread_count() {
    let with = |threads: &str| {
        pattern_lines(&stdout(&run(&[
            "patterns",
            "--size",
            "11",
            "--limit",
            "200000",
            "--threads",
            threads,
        ])))
    };
    let (one, two, three) = (with("1"), with("2"), with("3"));
    assert_eq!(one.len(), 200000);
    assert!(one == two && two == three);
}

#[test]
fn shards_partition_the_full_run() {
    for size in ["9", "11"] {
        let full = pattern_lines(&stdout(&run(&[
            "patterns", "--size", size, "--style", "british",
        ])));
        let mut union = Vec::new();
        for k in 1..=3 {
            let shard = format!("{k}/3");
            let part = pattern_lines(&stdout(&run(&[
                "patterns", "--size", size, "--style", "british", "--shard", &shard,
            ])));
            let counted: usize = stdout(&run(&[
                "patterns", "--size", size, "--style", "british", "--shard", &shard, "--count",
            ]))
            .trim()
            .parse()
            .unwrap();
            assert_eq!(part.len(), counted);
            assert!(
                !part.is_empty(),
                "shard {shard} of {size}x{size} got no work"
            );
            union.extend(part);
        }
        let mut sorted_full = full.clone();
        sorted_full.sort();
        union.sort();
        assert_eq!(union, sorted_full, "shards of {size}x{size} british");
    }
}

#[test]
fn resume_after_a_crash_loses_and_repeats_nothing() {
    let dir = scratch("resume");
    for (order, crash_at) in [(vec![], "70000"), (vec!["--random", "--seed", "3"], "2500")] {
        let out_file = dir.join("p.hex");
        let _ = fs::remove_file(&out_file);
        let mut args = vec!["patterns", "--size", "11", "--limit", "150000"];
        if !order.is_empty() {
            args = vec!["patterns", "--size", "11", "--limit", "5000"];
            args.extend(&order);
        }
        let out_arg = out_file.to_str().unwrap();
        let mut with_out = args.clone();
        with_out.extend(["--out", out_arg]);
        let crashed = run_until_crash(&with_out, crash_at);
        assert!(!crashed.status.success());
        assert!(
            !out_file.exists(),
            "an unfinished run must not create the target"
        );
        let part = dir.join("p.hex.part");
        let checkpoint = fs::read_to_string(dir.join("p.hex.ckpt")).unwrap();
        let recorded: u64 = checkpoint
            .lines()
            .find_map(|l| l.strip_prefix("bytes "))
            .unwrap()
            .parse()
            .unwrap();
        assert!(
            fs::metadata(&part).unwrap().len() > recorded,
            "the crash should leave bytes past the checkpoint"
        );
        // Without --resume the leftover run is protected.
        let refused = run(&with_out);
        assert_eq!(refused.status.code(), Some(2));
        assert!(
            stderr(&refused).contains("--resume"),
            "{}",
            stderr(&refused)
        );
        let mut resume = with_out.clone();
        resume.push("--resume");
        let resumed = run(&resume);
        assert!(resumed.status.success(), "{}", stderr(&resumed));
        let expected = pattern_lines(&stdout(&run(&args)));
        assert_eq!(
            pattern_lines(&fs::read_to_string(&out_file).unwrap()),
            expected,
            "{order:?}"
        );
        assert!(!part.exists() && !dir.join("p.hex.ckpt").exists());
    }
}

#[test]
fn resume_refuses_a_different_command() {
    let dir = scratch("resume-mismatch");
    let out_file = dir.join("p.hex");
    let out_arg = out_file.to_str().unwrap();
    run_until_crash(&["patterns", "--size", "11", "--out", out_arg], "70000");
    assert!(dir.join("p.hex.ckpt").exists());
    let other = run(&[
        "patterns",
        "--size",
        "11",
        "--allow-black-edges",
        "--out",
        out_arg,
        "--resume",
    ]);
    assert_eq!(other.status.code(), Some(2));
    assert!(
        stderr(&other).contains("different run"),
        "{}",
        stderr(&other)
    );
}

#[test]
fn random_order_is_seeded_distinct_and_valid() {
    let sample = |seed: &str| {
        stdout(&run(&[
            "patterns", "--size", "13", "--random", "--seed", seed, "--limit", "300",
        ]))
    };
    let (a, b, c) = (sample("7"), sample("7"), sample("8"));
    assert_eq!(a, b, "same seed, same output");
    let lines = pattern_lines(&a);
    assert_eq!(lines.len(), 300);
    assert_ne!(lines, pattern_lines(&c));
    assert_eq!(lines.iter().collect::<HashSet<_>>().len(), 300);
    for line in &lines {
        assert!(
            violations(&hex::decode(line).unwrap(), &american()).is_empty(),
            "{line}"
        );
    }
    // Diversity: the first row varies between samples (not one DFS corner).
    let first_rows: HashSet<_> = lines.iter().map(|l| &l[..3]).collect();
    assert!(
        first_rows.len() > 20,
        "only {} distinct openings",
        first_rows.len()
    );
    // A small space is produced completely, each pattern once.
    let all = pattern_lines(&stdout(&run(&[
        "patterns", "--size", "7", "--random", "--seed", "1",
    ])));
    let mut exhaustive = pattern_lines(&stdout(&run(&["patterns", "--size", "7"])));
    let mut shuffled = all.clone();
    shuffled.sort();
    exhaustive.sort();
    assert_eq!(shuffled, exhaustive);
    assert_ne!(
        all,
        pattern_lines(&stdout(&run(&["patterns", "--size", "7"]))),
        "random order differs from exhaustive"
    );
}

#[test]
fn header_records_size_rules_and_command() {
    let text = stdout(&run(&["patterns", "--size", "5", "--style", "british"]));
    let header: Vec<&str> = text.lines().take_while(|l| l.starts_with('#')).collect();
    assert!(header.contains(&"# size: 5x5"), "{header:?}");
    assert!(header
        .iter()
        .any(|l| l.contains("symmetry=four-fold") && l.contains("no-white-2x2")));
    assert!(header.contains(&"# command: cruciverb patterns --size 5 --style british"));
    let random = stdout(&run(&[
        "patterns", "--size", "5", "--random", "--seed", "42",
    ]));
    assert!(random.contains("# order: random, seed 42"));
}

#[test]
fn stats_summarise_a_pattern_file() {
    let dir = scratch("stats");
    let file = dir.join("five.hex");
    let out = run(&["patterns", "--size", "5", "--out", file.to_str().unwrap()]);
    assert!(out.status.success());
    let patterns: Vec<Pattern> = pattern_lines(&fs::read_to_string(&file).unwrap())
        .iter()
        .map(|l| hex::decode(l).unwrap())
        .collect();
    let report = stdout(&run(&["patterns", "stats", file.to_str().unwrap()]));
    assert!(report.starts_with("patterns: 12\n  5x5: 12\n"), "{report}");
    // Each word-count bucket matches an independent tally.
    for n in patterns.iter().map(words).collect::<HashSet<_>>() {
        let expected = patterns.iter().filter(|p| words(p) == n).count();
        let line = report
            .lines()
            .find(|l| l.trim_start().starts_with(&format!("{n} ")))
            .unwrap();
        assert_eq!(
            line.split_whitespace().nth(1).unwrap(),
            expected.to_string(),
            "{report}"
        );
    }
}

#[test]
fn estimate_is_close_to_the_exact_count() {
    for (args, exact) in [
        (vec!["--size", "9"], 31187.0),
        (vec!["--size", "11", "--style", "british"], 498187.0),
    ] {
        let mut list = vec!["patterns", "--estimate"];
        list.extend(&args);
        let out = stdout(&run(&list));
        let estimate: f64 = out.split_whitespace().nth(1).unwrap().parse().unwrap();
        assert!(
            estimate > exact / 2.0 && estimate < exact * 2.0,
            "{args:?}: {out}"
        );
    }
}

/// Units larger than one write chunk, with two threads: a checkpoint must
/// never record part of a unit as written.
#[test]
fn resume_is_exact_when_units_span_several_chunks() {
    let dir = scratch("resume-chunks");
    let out_file = dir.join("b.hex");
    let out_arg = out_file.to_str().unwrap();
    let args = [
        "patterns",
        "--size",
        "15",
        "--style",
        "british",
        "--limit",
        "600000",
        "--threads",
        "2",
    ];
    let expected = pattern_lines(&stdout(&run(&args)));
    assert_eq!(expected.len(), 600000);
    for crash_at in ["150000", "350000", "450000", "520000"] {
        // --force: each round replaces the finished file of the last.
        let mut with_out = args.to_vec();
        with_out.extend(["--out", out_arg, "--force"]);
        let crashed = run_until_crash(&with_out, crash_at);
        assert!(!crashed.status.success());
        with_out.push("--resume");
        let resumed = run(&with_out);
        assert!(resumed.status.success(), "{}", stderr(&resumed));
        assert!(
            pattern_lines(&fs::read_to_string(&out_file).unwrap()) == expected,
            "crash at {crash_at}"
        );
    }
}

#[test]
fn make_draws_a_valid_pattern_at_every_size_under_its_tight_rules() {
    use cruciverb::draw::{fillable_rules, random_pattern};
    use rand::{rngs::StdRng, SeedableRng};
    // `make`'s rules fix the black share, the word count and the
    // three-letter words to narrow windows; unsteered random descents
    // stopped finding such patterns past 21×21.
    for size in (9..=27).step_by(2) {
        let rules = fillable_rules(Style::American, size, size);
        for seed in 0..3 {
            let draw = || {
                random_pattern(&rules, size, size, &mut StdRng::seed_from_u64(seed))
                    .unwrap_or_else(|e| panic!("{size}x{size} seed {seed}: {e}"))
                    .pattern()
            };
            let pattern = draw();
            assert_eq!(
                violations(&pattern, &rules),
                Vec::<String>::new(),
                "{size}x{size} seed {seed}"
            );
            assert_eq!(pattern, draw(), "same seed, same pattern");
        }
    }
}

/// Patterns that keep fixed cells (the studio's pattern button) are exactly
/// the patterns of the rules with those cells white or black, on every
/// symmetry, for random fixed cells; contradictions are refused by name.
#[test]
fn keeping_fixed_cells_agrees_with_brute_force() {
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};
    let mut rng = StdRng::seed_from_u64(14);
    let mut checked = 0;
    for symmetry in [
        Symmetry::None,
        Symmetry::Rotational,
        Symmetry::Mirror,
        Symmetry::FourFold,
    ] {
        let (w, h) = if symmetry == Symmetry::None {
            (4, 5)
        } else {
            (6, 6)
        };
        let mut rules = american();
        rules.symmetry = symmetry;
        let all = brute_force(w, h, &rules);
        for _ in 0..12 {
            let (mut white, mut black) = (vec![0u32; h], vec![0u32; h]);
            for _ in 0..rng.random_range(1..=3) {
                let (r, c) = (rng.random_range(0..h), rng.random_range(0..w));
                if rng.random_bool(0.6) {
                    white[r] |= 1 << c;
                } else {
                    black[r] |= 1 << c;
                }
            }
            let expected: Vec<Pattern> = all
                .iter()
                .filter(|p| {
                    (0..h).all(|r| {
                        (0..w).all(|c| {
                            let fixed_white = white[r] >> c & 1 == 1;
                            let fixed_black = black[r] >> c & 1 == 1;
                            !(fixed_white && !p.is_white(r, c) || fixed_black && p.is_white(r, c))
                        })
                    })
                })
                .cloned()
                .collect();
            match Search::new(w, h, &rules).unwrap().keeping(&white, &black) {
                Ok(search) => {
                    let mut found = Vec::new();
                    search.walk(&[], &mut |rows| {
                        found.push(Pattern::from_rows(w, h, rows.to_vec()).unwrap());
                        true
                    });
                    found.sort();
                    assert_eq!(found, expected, "{white:?} {black:?} {symmetry:?}");
                    checked += found.len();
                }
                Err(e) => {
                    assert!(expected.is_empty(), "{e}: {white:?} {black:?} {symmetry:?}");
                    let e = e.to_string();
                    assert!(
                        e.contains("needs a block and a white cell there at once")
                            || e.contains("keeps the letters and blocks placed there"),
                        "{e}"
                    );
                }
            }
        }
    }
    assert!(checked > 100, "only {checked} patterns checked");
    let conflict = Search::new(5, 5, &american())
        .unwrap()
        .keeping(&[1, 0, 0, 0, 0], &[0, 0, 0, 0, 1 << 4]);
    assert_eq!(
        conflict.err().map(|e| e.to_string()),
        Some("impossible rules: row 1, column 1: the rotational symmetry needs a block and a white cell there at once".to_string())
    );
}

/// Every slot a checked descent hands back was asked about, and a check
/// that turns slots down is exact: with the thorough budget, a descent
/// finds a pattern exactly when some pattern of the rules (listed by the
/// exhaustive walk) has no slot the check refuses, on every symmetry and
/// on odd and even sides.
#[test]
fn checked_descents_ask_about_every_slot_and_cut_only_refused_ones() {
    use cruciverb::grid::{Direction, Grid};
    use cruciverb::pattern::search::{Run, Sample, THOROUGH_BUDGET};
    use rand::rngs::StdRng;
    use rand::SeedableRng;
    let slots_of = |rows: &[u32], w: usize, h: usize| -> Vec<Run> {
        let grid = Grid::from_pattern(&Pattern::from_rows(w, h, rows.to_vec()).unwrap());
        grid.slots(2)
            .iter()
            .map(|s| Run {
                row: s.row,
                col: s.col,
                len: s.len,
                across: s.direction == Direction::Across,
            })
            .collect()
    };
    let (mut found, mut empty) = (0, 0);
    for symmetry in [
        Symmetry::Rotational,
        Symmetry::Mirror,
        Symmetry::FourFold,
        Symmetry::None,
    ] {
        for (w, h) in [(5, 5), (6, 6), (5, 6), (6, 5), (7, 7), (4, 5)] {
            if symmetry == Symmetry::None && w * h > 25 {
                continue;
            }
            let mut rules = american();
            rules.symmetry = symmetry;
            rules.min_word = 2;
            rules.allow_black_edges = true;
            let Ok(search) = Search::new(w, h, &rules) else {
                continue;
            };
            let mut all = Vec::new();
            search.walk(&[], &mut |rows| {
                all.push(rows.to_vec());
                true
            });
            for salt in 0..6usize {
                let refused = |r: &Run| {
                    (r.row * 7 + r.col * 3 + r.len * 5 + r.across as usize + salt).is_multiple_of(6)
                };
                let mut asked = HashSet::new();
                let mut check = |r: Run| {
                    asked.insert(r);
                    !refused(&r)
                };
                let sample = search.sample_checked(
                    &mut StdRng::seed_from_u64(salt as u64),
                    THOROUGH_BUDGET,
                    Some(&mut check),
                );
                let exists = all
                    .iter()
                    .any(|rows| !slots_of(rows, w, h).iter().any(refused));
                let what = format!("{w}x{h} {symmetry:?} salt {salt}");
                match sample {
                    Sample::Found(rows) => {
                        found += 1;
                        for slot in slots_of(&rows, w, h) {
                            assert!(asked.contains(&slot), "{what}: {slot:?} never asked");
                            assert!(!refused(&slot), "{what}: {slot:?} was refused");
                        }
                    }
                    Sample::Empty => {
                        empty += 1;
                        assert!(!exists, "{what}: a pattern passes the check");
                    }
                    Sample::OutOfBudget => panic!("{what}: out of the thorough budget"),
                }
            }
        }
    }
    assert!(found > 20 && empty > 5, "found {found}, empty {empty}");
}
