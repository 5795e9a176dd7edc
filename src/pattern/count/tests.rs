//! Tests of the counter against exhaustive enumeration by the search, and
//! of its limits.

use super::*;
use crate::pattern::rules::Style;
use crate::pattern::search::Search;

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
