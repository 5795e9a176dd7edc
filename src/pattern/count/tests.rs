//! Tests of the counter against exhaustive enumeration by the search, and
//! of its limits.

use super::*;
use crate::pattern::rules::Style;
use crate::pattern::search::Search;
use crate::pattern::shard::Shard;

/// The count by exhaustive enumeration, the reference for the counter.
fn enumerated(width: usize, height: usize, rules: &Rules) -> u128 {
    // The enumerator refuses sizes where no row can hold a white cell.
    let Ok(search) = Search::new(width, height, rules) else {
        return 0;
    };
    let mut n = 0u128;
    search.walk(&[], &mut |_| {
        n += 1;
        true
    });
    n
}

/// Fixed cells drawn at random: the counter must agree with the
/// enumerator told to keep them, and give 0 exactly when that refuses.
#[test]
fn fixed_cells_count_as_the_enumerator_keeps_them() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::StdRng::seed_from_u64(11);
    let mut nonzero = 0;
    for trial in 0..160 {
        let symmetry = [
            Symmetry::None,
            Symmetry::Mirror,
            Symmetry::FourFold,
            Symmetry::Rotational,
        ][trial % 4];
        let (w, h) = [(5, 5), (6, 5), (5, 6), (6, 6), (7, 7), (7, 6)][rng.random_range(0..6)];
        let r = rules(symmetry, 3, trial % 3 != 0, trial % 5 == 0);
        let mut white = vec![0u32; h];
        let mut black = vec![0u32; h];
        for _ in 0..rng.random_range(1..5) {
            let (y, x) = (rng.random_range(0..h), rng.random_range(0..w));
            if rng.random_bool(0.6) {
                white[y] |= 1 << x;
            } else {
                black[y] |= 1 << x;
            }
        }
        let expected = match Search::new(w, h, &r).and_then(|s| s.keeping(&white, &black)) {
            Ok(search) => {
                let mut n = 0u128;
                search.walk(&[], &mut |_| {
                    n += 1;
                    true
                });
                n
            }
            Err(_) => 0,
        };
        nonzero += usize::from(expected > 0);
        assert_eq!(
            count_patterns_keeping(w, h, &r, &white, &black),
            Some(expected),
            "{w}x{h} {symmetry:?} white {white:?} black {black:?}"
        );
    }
    assert!(nonzero > 40, "too few trials with patterns: {nonzero}");
}

fn rules(symmetry: Symmetry, min_word: usize, connected: bool, allow_black_edges: bool) -> Rules {
    Rules {
        symmetry,
        min_word,
        connected,
        allow_black_edges,
        ..Rules::preset(Style::American)
    }
}

/// Compares the counter with the enumerator on every combination of
/// connectivity and edge rule, for each minimum word length given.
fn check_all(width: usize, height: usize, symmetry: Symmetry, min_words: &[usize]) {
    for &min_word in min_words {
        for connected in [true, false] {
            for edges in [false, true] {
                let r = rules(symmetry, min_word, connected, edges);
                check(width, height, &r);
            }
        }
    }
}

fn check(width: usize, height: usize, r: &Rules) {
    let expected = r
        .validate(width, height)
        .is_ok()
        .then(|| enumerated(width, height, r));
    assert_eq!(
        count_patterns(width, height, r),
        expected,
        "{width}x{height} {}",
        r.describe()
    );
}

#[test]
fn known_american_counts() {
    let american = Rules::preset(Style::American);
    let edges = Rules {
        allow_black_edges: true,
        ..american.clone()
    };
    for (n, count) in [
        (3, 1),
        (4, 3),
        (5, 12),
        (6, 48),
        (7, 312),
        (9, 31187),
        (11, 17438702),
    ] {
        assert_eq!(count_patterns(n, n, &american), Some(count), "{n}x{n}");
    }
    for (n, count) in [(3, 1), (4, 3), (5, 15), (6, 65), (7, 397), (9, 35324)] {
        assert_eq!(
            count_patterns(n, n, &edges),
            Some(count),
            "{n}x{n} with black edges"
        );
    }
}

#[test]
fn rotational_squares_match_enumeration() {
    for n in 3..=10 {
        let min_words: &[usize] = if n <= 9 { &[2, 3, 4] } else { &[3, 4] };
        check_all(n, n, Symmetry::Rotational, min_words);
    }
}

#[test]
fn rotational_rectangles_match_enumeration() {
    for (w, h) in [
        (5, 7),
        (7, 5),
        (6, 9),
        (9, 6),
        (4, 11),
        (11, 4),
        (3, 8),
        (8, 5),
    ] {
        check_all(w, h, Symmetry::Rotational, &[2, 3, 4]);
    }
}

#[test]
fn unsymmetric_grids_match_enumeration() {
    for (w, h) in [(3, 3), (4, 4), (5, 5), (3, 6), (6, 4), (4, 5), (5, 6)] {
        check_all(w, h, Symmetry::None, &[2, 3, 4]);
    }
    check_all(6, 6, Symmetry::None, &[2, 3, 4]);
    check_all(7, 5, Symmetry::None, &[2, 3, 4]);
    check_all(7, 7, Symmetry::None, &[3, 4]);
}

#[test]
fn mirror_grids_match_enumeration() {
    for (w, h) in [
        (3, 3),
        (4, 4),
        (5, 5),
        (6, 6),
        (7, 7),
        (7, 5),
        (6, 9),
        (8, 6),
    ] {
        check_all(w, h, Symmetry::Mirror, &[2, 3, 4]);
    }
}

#[test]
fn four_fold_grids_match_enumeration() {
    for (w, h) in [
        (3, 3),
        (4, 4),
        (5, 5),
        (6, 6),
        (7, 7),
        (8, 8),
        (9, 9),
        (7, 10),
        (10, 5),
    ] {
        check_all(w, h, Symmetry::FourFold, &[2, 3, 4]);
    }
}

#[test]
fn maximum_word_length_matches_enumeration() {
    for symmetry in [
        Symmetry::Rotational,
        Symmetry::None,
        Symmetry::Mirror,
        Symmetry::FourFold,
    ] {
        let (w, h) = if symmetry == Symmetry::None {
            (5, 5)
        } else {
            (7, 7)
        };
        for (min_word, max_word) in [(2, 3), (3, 4), (3, 5), (2, 6)] {
            for connected in [true, false] {
                let r = Rules {
                    max_word: Some(max_word),
                    ..rules(symmetry, min_word, connected, false)
                };
                check(w, h, &r);
            }
        }
    }
}

#[test]
fn black_counts_match_enumeration() {
    let sizes = [
        (Symmetry::Rotational, 7, 7, 2),
        (Symmetry::Rotational, 8, 8, 2),
        (Symmetry::Rotational, 6, 9, 2),
        (Symmetry::Rotational, 9, 9, 3),
        (Symmetry::None, 5, 5, 2),
        (Symmetry::None, 4, 6, 2),
        (Symmetry::Mirror, 7, 7, 2),
        (Symmetry::Mirror, 6, 8, 2),
        (Symmetry::FourFold, 7, 7, 2),
        (Symmetry::FourFold, 8, 8, 2),
        (Symmetry::FourFold, 9, 9, 2),
    ];
    for (symmetry, w, h, shortest) in sizes {
        let cells = w * h;
        let ranges = [
            format!("..{}", cells / 5),
            format!("{}..{}", cells / 6, cells / 4),
            format!("{}", cells / 5),
            format!("{}..", cells / 4),
            "10%..25%".to_string(),
        ];
        for range in &ranges {
            for min_word in shortest..=3 {
                for (connected, edges) in [(true, false), (false, true), (true, true)] {
                    let r = Rules {
                        blacks: Some(range.parse().unwrap()),
                        ..rules(symmetry, min_word, connected, edges)
                    };
                    check(w, h, &r);
                }
            }
        }
    }
}

#[test]
fn unmodelled_rules_are_declined() {
    let american = Rules::preset(Style::American);
    let variants = [
        Rules {
            allow_unchecked: true,
            ..american.clone()
        },
        Rules {
            no_white_2x2: true,
            ..american.clone()
        },
        Rules {
            no_black_2x2: true,
            ..american.clone()
        },
        Rules {
            max_black_run: Some(3),
            ..american.clone()
        },
        Rules {
            words: Some("70..78".parse().unwrap()),
            ..american.clone()
        },
        Rules {
            max_three_letter: Some(10),
            ..american.clone()
        },
        Rules {
            no_cheaters: true,
            ..american.clone()
        },
        Rules::preset(Style::British),
    ];
    for r in &variants {
        assert_eq!(count_patterns(9, 9, r), None, "{}", r.describe());
    }
}

#[test]
fn impossible_sizes_count_zero() {
    // Words of 5 fit down a 3x5 grid but not across it.
    let r = rules(Symmetry::Rotational, 5, false, true);
    assert_eq!(count_patterns(3, 5, &r), Some(0));
    assert_eq!(
        count_patterns(3, 5, &rules(Symmetry::Rotational, 6, false, true)),
        None
    );
}

#[test]
fn packed_states_round_trip() {
    let counter = Counter::new(9, 9, &rules(Symmetry::None, 2, true, false)).unwrap();
    let mut f = Frontier::EMPTY;
    // Components 1 and 2 nested inside component 1's two runs, 3 alone.
    let cells: [(u8, u8); 9] = [
        (1, 1),
        (0, 0),
        (2, 2),
        (2, 2),
        (0, 0),
        (1, 1),
        (2, 1),
        (0, 0),
        (1, 3),
    ];
    for (j, &(down, label)) in cells.iter().enumerate() {
        f.down[j] = down;
        f.label[j] = label;
    }
    f.flags = FLAG_LEFT;
    let edit = Edit {
        col: 8,
        down: 1,
        label: 3,
        rename: NO_RENAME,
        across: 1,
        flags: FLAG_LEFT,
        blacks: 0,
    };
    let key: u64 = counter.encode(&f, &edit);
    let mut g = Frontier::EMPTY;
    counter.decode(key, &mut g);
    assert_eq!(g.down, f.down);
    for (j, &(down, label)) in cells.iter().enumerate() {
        if down > 0 {
            assert_eq!(g.label[j], label, "label of cell {j}");
        }
    }
    assert_eq!((g.across, g.flags), (1, FLAG_LEFT));
}

/// A scratch directory of the test's own, removed when dropped.
struct Work(std::path::PathBuf);

impl Work {
    fn new(name: &str) -> Work {
        let path = std::env::temp_dir().join(format!("cruciverb-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).unwrap();
        Work(path)
    }
}

impl Drop for Work {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn plan(work: &Work, states: u64, shard: Option<Shard>) -> Plan {
    Plan {
        memory: states * parts::SLOTS_PER_STATE * 24,
        work: work.0.clone(),
        threads: 2,
        shard,
        wait: std::time::Duration::from_secs(60),
    }
}

/// A count in parts by one process, with room for about `states` states in
/// a part; the scratch directory must go with it.
fn in_parts(width: usize, height: usize, r: &Rules, states: u64) -> (u128, PartsStats) {
    let work = Work::new("parts-test");
    let plan = plan(&work, states, None);
    let (tally, stats) = count_patterns_in_parts(width, height, r, &plan, &crate::progress::Quiet)
        .unwrap()
        .unwrap();
    assert_eq!(
        std::fs::read_dir(&work.0).unwrap().count(),
        0,
        "scratch left behind"
    );
    assert_eq!(tally.less, 0);
    (tally.patterns, stats)
}

/// A count shared by `n` shards, each on threads of its own as separate
/// processes would be, summed as `patterns sum` does; the shared
/// directory must be empty after.
fn in_shards(width: usize, height: usize, r: &Rules, n: u64) -> u128 {
    let work = Work::new("shards-test");
    let tallies: Vec<Tally> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..n)
            .map(|index| {
                let plan = plan(&work, u64::MAX / 1000, Some(Shard { index, count: n }));
                scope.spawn(move || {
                    count_patterns_in_parts(width, height, r, &plan, &crate::progress::Quiet)
                        .unwrap()
                        .unwrap()
                        .0
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    assert_eq!(
        std::fs::read_dir(&work.0).unwrap().count(),
        0,
        "shared directory left behind"
    );
    let found: u128 = tallies.iter().map(|t| t.patterns).sum();
    found - tallies.iter().map(|t| t.less).sum::<u128>()
}

/// Rule sets of every kind the counter models: both styles' symmetries,
/// black edges allowed or not, disconnected, word lengths, black limits.
fn rule_sets(n: usize) -> Vec<Rules> {
    let cells = n * n;
    vec![
        Rules::preset(Style::American),
        rules(Symmetry::Rotational, 3, true, true),
        Rules::preset(Style::British),
        rules(Symmetry::Mirror, 3, true, false),
        rules(Symmetry::None, 3, false, true),
        rules(Symmetry::FourFold, 2, true, false),
        Rules {
            max_word: Some(n - 2),
            ..rules(Symmetry::Rotational, 4, true, false)
        },
        Rules {
            blacks: Some(format!("{}..{}", cells / 6, cells / 4).parse().unwrap()),
            ..rules(Symmetry::Rotational, 3, true, false)
        },
    ]
}

#[test]
fn counts_in_parts_equal_counts_in_memory() {
    for n in 5..=11 {
        for r in rule_sets(n) {
            let whole = count_patterns(n, n, &r);
            // Room for 20,000 states: several parts for the large
            // counts, one for the small.
            let Some(whole) = whole else { continue };
            let (parted, _) = in_parts(n, n, &r, 20_000);
            assert_eq!(parted, whole, "{n}x{n} {}", r.describe());
        }
    }
    // Many parts (a part is 1/20 of the states or less).
    let american = Rules::preset(Style::American);
    let (parted, stats) = in_parts(13, 13, &american, 100_000);
    assert_eq!(parted, 40_575_832_476);
    assert!(stats.most_parts >= 16, "{stats:?}");
    assert!(stats.largest_part <= 2 * 100_000, "{stats:?}");
}

#[test]
fn counts_in_shards_equal_counts_in_memory() {
    for n in 5..=11 {
        for (i, r) in rule_sets(n).into_iter().enumerate() {
            let Some(whole) = count_patterns(n, n, &r) else {
                continue;
            };
            let shards = [2, 3, 5][(n + i) % 3];
            assert_eq!(
                in_shards(n, n, &r, shards),
                whole,
                "{n}x{n} {} in {shards} shards",
                r.describe()
            );
        }
    }
    assert_eq!(
        in_shards(13, 13, &Rules::preset(Style::American), 4),
        40_575_832_476
    );
}
