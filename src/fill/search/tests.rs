//! Tests of the search against brute force: every fill is found, none is
//! lost to learning, to the root and ration rules or to the parallel check.

use super::masks::masks_by_reading;
use super::*;
use crate::fill::Ration;
use crate::grid::Cell;
use crate::wordlist::index::{Index, Lexicon};
use crate::wordlist::notes::Notes;
use crate::wordlist::roots::RootTable;
use crate::wordlist::WordList;

/// An index of `text` that knows nothing of its words: each is its own
/// root and of no rationed kind.
fn plain_index(text: &str) -> Index {
    let (roots, notes) = (RootTable::default(), Notes::default());
    let lexicon = Lexicon {
        roots: &roots,
        notes: &notes,
    };
    Index::build_with(&WordList::parse(text, "t").0, 0, &lexicon).unwrap()
}

#[test]
fn both_ways_of_reading_letter_masks_agree() {
    let mut rng = StdRng::seed_from_u64(3);
    let text: String = (0..5000)
        .map(|_| {
            (0..5)
                .map(|_| (b'A' + rng.random_range(0..26u8)) as char)
                .collect::<String>()
                + "\n"
        })
        .collect();
    let index = plain_index(&text);
    let words = index.of_length(5).expect("five-letter words");
    for density in [0.001, 0.01, 0.2, 0.9] {
        let mut domain = FixedBitSet::with_capacity(words.count());
        for w in 0..words.count() {
            domain.set(w, rng.random_bool(density));
        }
        let positions = [0, 2, 4].into_iter();
        let read = masks_by_reading(&domain, words, positions.clone(), &[ALL_LETTERS; MAX_LEN]);
        let all = [ALL_LETTERS; MAX_LEN];
        assert_eq!(read, masks_by_intersecting(&domain, words, positions, &all));
    }
}

/// A random square grid of a side in `sides` with up to two blocks, and
/// an index of `words` random words (as many as the range picks) that
/// fit it, over the first `letters` letters.
fn random_case(
    rng: &mut StdRng,
    sides: std::ops::RangeInclusive<usize>,
    words: std::ops::Range<usize>,
    letters: u8,
) -> (Grid, Index) {
    let size = rng.random_range(sides);
    let mut grid = Grid::empty(size, size).expect("a small grid");
    for _ in 0..rng.random_range(0..=2) {
        let (r, c) = (rng.random_range(0..size), rng.random_range(0..size));
        grid.set(r, c, Cell::Block);
    }
    let text: String = (0..rng.random_range(words))
        .map(|_| {
            let len = rng.random_range(2..=size);
            (0..len)
                .map(|_| (b'A' + rng.random_range(0..letters)) as char)
                .collect::<String>()
                + "\n"
        })
        .collect();
    (grid, plain_index(&text))
}

/// Every fill of `problem`, found by trying each word in each slot in
/// turn with no inference at all: the reference the search is held to.
/// No word twice.
fn brute_force(problem: &Problem, grid: &Grid) -> HashSet<Vec<usize>> {
    brute_force_with(problem, grid, &|a, b| a == b, &|_| false, 0)
}

/// Like [`brute_force`], with no two words that `clash`, and at most
/// `most` words that are `rationed`, none of them in the slots the
/// problem keeps them out of.
fn brute_force_with(
    problem: &Problem,
    grid: &Grid,
    clash: &dyn Fn(&str, &str) -> bool,
    rationed: &dyn Fn(&str) -> bool,
    most: usize,
) -> HashSet<Vec<usize>> {
    let width = grid.width();
    let mut letters: Vec<Option<u8>> = (0..width * grid.height())
        .map(|i| match grid.get(i / width, i % width) {
            Cell::Letter(b) => Some(b),
            _ => None,
        })
        .collect();
    // Slots that cross the most cells already visited go first, so that
    // letters prune early.
    let mut seen = vec![false; letters.len()];
    let mut order = Vec::new();
    let mut left: Vec<usize> = (0..problem.slots.len()).collect();
    while !left.is_empty() {
        let covered = |s: usize| {
            let slot = &problem.slots[s];
            slot.cells().filter(|&(r, c)| seen[r * width + c]).count()
        };
        let k = (0..left.len()).max_by_key(|&k| (covered(left[k]), std::cmp::Reverse(k)));
        let s = left.remove(k.expect("a slot left"));
        problem.slots[s]
            .cells()
            .for_each(|(r, c)| seen[r * width + c] = true);
        order.push(s);
    }
    struct Rules<'r> {
        clash: &'r dyn Fn(&str, &str) -> bool,
        rationed: &'r dyn Fn(&str) -> bool,
        most: usize,
    }
    fn go(
        problem: &Problem,
        rules: &Rules,
        order: &[usize],
        width: usize,
        letters: &mut Vec<Option<u8>>,
        chosen: &mut Vec<usize>,
        out: &mut HashSet<Vec<usize>>,
    ) {
        let Some((&s, rest)) = order.split_first() else {
            out.insert(chosen.clone());
            return;
        };
        let slot = &problem.slots[s];
        let words = problem.words[s];
        let others: Vec<&str> = (0..chosen.len())
            .filter(|&o| o != s && chosen[o] != usize::MAX)
            .map(|o| problem.words[o].word_str(chosen[o]))
            .collect();
        let used = others.iter().filter(|o| (rules.rationed)(o)).count();
        let kept_out = problem.rationing.as_ref().is_some_and(|r| r.none_in[s]);
        for w in 0..words.count() {
            let text = words.word_str(w);
            let is_rationed = (rules.rationed)(text);
            let repeat = others.iter().any(|o| (rules.clash)(o, text))
                || (is_rationed && (kept_out || used >= rules.most));
            let word = words.word(w);
            let fits = slot
                .cells()
                .zip(word)
                .all(|((r, c), &l)| letters[r * width + c].is_none_or(|x| x == l));
            if repeat || !fits || words.score(w) < problem.floor {
                continue;
            }
            let mut set = Vec::new();
            for ((r, c), &l) in slot.cells().zip(word) {
                if letters[r * width + c].is_none() {
                    letters[r * width + c] = Some(l);
                    set.push(r * width + c);
                }
            }
            chosen[s] = w;
            go(problem, rules, rest, width, letters, chosen, out);
            chosen[s] = usize::MAX;
            set.iter().for_each(|&i| letters[i] = None);
        }
    }
    let mut out = HashSet::new();
    let mut chosen = vec![usize::MAX; problem.slots.len()];
    let rules = Rules {
        clash,
        rationed,
        most,
    };
    go(
        problem,
        &rules,
        &order,
        width,
        &mut letters,
        &mut chosen,
        &mut out,
    );
    out
}

/// The search, systematic or restarting after every node or two (which
/// makes it lean on what it learned), must find every fill that trying
/// every word finds, and then prove there are no more: what restarts
/// learn may only skip what holds no fill.
#[test]
fn learned_nogoods_never_lose_a_fill() {
    let mut rng = StdRng::seed_from_u64(5);
    let (mut fills, mut empty, mut learned) = (0, 0, 0);
    for case in 0..200 {
        let (grid, index) = random_case(&mut rng, 4..=5, 40..200, 5);
        let slots = grid.slots(2);
        let Some(words) = slots.iter().map(|s| index.of_length(s.len)).collect() else {
            continue;
        };
        let problem = Problem::new(&grid, slots, words, &index, 0);
        let all = brute_force(&problem, &grid);
        let mut listed = HashSet::new();
        let systematic = Search::new(&problem, &grid, case, Deadline::never(), AtLeaf::Continue)
            .run(|f, _| {
                assert!(listed.insert(f.to_vec()), "case {case}: a fill came twice");
                true
            });
        assert!(matches!(systematic, End::Exhausted { .. }));
        assert_eq!(listed, all, "case {case}:\n{}", grid.to_text());
        if all.len() > 30 {
            // Each fill found starts the search over: too slow to list.
            continue;
        }
        let mut search = Search::new(&problem, &grid, case, Deadline::never(), AtLeaf::Stop);
        search.restart_nodes = 1;
        let mut found = HashSet::new();
        let end = search.run(|f, _| {
            assert!(found.insert(f.to_vec()), "case {case}: a fill came twice");
            true
        });
        assert!(matches!(end, End::Exhausted { .. }), "case {case}");
        assert_eq!(found, all, "case {case}:\n{}", grid.to_text());
        fills += all.len();
        empty += usize::from(all.is_empty());
        learned += search.nogoods.len();
    }
    // The comparison means little unless both kinds of grid came up and
    // the search really learned.
    assert!(
        fills > 100 && empty > 20 && learned > 1000,
        "{fills} {empty} {learned}"
    );
}

/// The root rule and the ration, held to a brute force that checks
/// them on the words' letters with [`RootTable::clash`] and the notes:
/// every fill the search lists obeys both, and no fill that obeys them
/// is missing, whether the search runs systematically or restarts
/// after every node (leaning on what it learned). Random families mix
/// roots that are words of the list with roots that are not, and weak
/// roots.
#[test]
fn roots_and_ration_lose_no_fill_and_let_none_through() {
    let mut rng = StdRng::seed_from_u64(17);
    let (mut fills, mut unruly, mut rationed_fills) = (0, 0, 0);
    for case in 0..160 {
        let size = rng.random_range(3..=4);
        let mut grid = Grid::empty(size, size).expect("a small grid");
        if rng.random_bool(0.5) {
            grid.set(
                rng.random_range(0..size),
                rng.random_range(0..size),
                Cell::Block,
            );
        }
        let words: Vec<String> = (0..rng.random_range(30..90))
            .map(|_| {
                let len = rng.random_range(2..=size);
                (0..len)
                    .map(|_| (b'A' + rng.random_range(0..4u8)) as char)
                    .collect()
            })
            .collect();
        let mut roots = String::new();
        let mut notes = String::new();
        let mut seen = HashSet::new();
        for w in &words {
            if !seen.insert(w.clone()) {
                continue;
            }
            let pick = |rng: &mut StdRng| -> String {
                if rng.random_bool(0.7) {
                    words[rng.random_range(0..words.len())].clone()
                } else {
                    ["QQ", "XY", "ZZZ"][rng.random_range(0..3)].to_string()
                }
            };
            let strong: Vec<String> = (0..rng.random_range(0..=2))
                .map(|_| pick(&mut rng))
                .collect();
            let weak: Vec<String> = (0..rng.random_range(0..=1))
                .map(|_| pick(&mut rng))
                .collect();
            if !strong.is_empty() || !weak.is_empty() {
                roots += &format!("{w};{}|{}\n", strong.join(" "), weak.join(" "));
            }
            if rng.random_bool(0.25) {
                notes += &format!("{w};crosswordese;test\n");
            }
        }
        let (table, notes) = (RootTable::from_text(roots), Notes::from_text(notes));
        let lexicon = Lexicon {
            roots: &table,
            notes: &notes,
        };
        let text: String = words.iter().map(|w| format!("{w}\n")).collect();
        let index = Index::build_with(&WordList::parse(&text, "t").0, 0, &lexicon).unwrap();
        let slots = grid.slots(2);
        let Some(words) = slots.iter().map(|s| index.of_length(s.len)).collect() else {
            continue;
        };
        let mut problem = Problem::new(&grid, slots, words, &index, 0);
        let most = rng.random_range(0..=2);
        problem.rationing = Some(problem.rationing_of(Ration {
            most,
            names: usize::MAX,
            long: rng.random_range(3..=5),
        }));
        let clash = |a: &str, b: &str| table.clash(a, b);
        let rationed = |w: &str| notes.get(w).is_some_and(|n| n.rationed());
        let all = brute_force_with(&problem, &grid, &clash, &rationed, most);
        let mut listed = HashSet::new();
        let systematic = Search::new(&problem, &grid, case, Deadline::never(), AtLeaf::Continue)
            .run(|f, _| {
                assert!(listed.insert(f.to_vec()), "case {case}: a fill came twice");
                true
            });
        assert!(matches!(systematic, End::Exhausted { .. }));
        assert_eq!(listed, all, "case {case}:\n{}", grid.to_text());
        if all.len() <= 30 {
            let mut search = Search::new(&problem, &grid, case, Deadline::never(), AtLeaf::Stop);
            search.restart_nodes = 1;
            let mut found = HashSet::new();
            let end = search.run(|f, _| {
                assert!(found.insert(f.to_vec()), "case {case}: a fill came twice");
                true
            });
            assert!(matches!(end, End::Exhausted { .. }), "case {case}");
            assert_eq!(found, all, "case {case}:\n{}", grid.to_text());
        }
        fills += all.len();
        rationed_fills += all
            .iter()
            .filter(|f| {
                f.iter()
                    .zip(&problem.words)
                    .any(|(&w, words)| rationed(words.word_str(w)))
            })
            .count();
        // Fills that only repeat-free filling allows: the rules cut something.
        unruly +=
            brute_force(&problem, &grid).len() - all.len().min(brute_force(&problem, &grid).len());
    }
    // Meaningless unless fills were found, some held rationed words,
    // and the rules turned fills away.
    assert!(
        fills > 200 && rationed_fills > 20 && unruly > 200,
        "{fills} {rationed_fills} {unruly}"
    );
}

/// The parallel-slot check may only reject what propagation would: for
/// every candidate it rejects, placing the word must wipe a slot out.
/// Checked at states deep in random searches, where tables and letters
/// kept from earlier states are most likely to be stale.
#[test]
fn parallel_check_rejects_only_failing_placements() {
    let mut rng = StdRng::seed_from_u64(11);
    let (mut checked, mut rejected) = (0, 0);
    for case in 0..60 {
        let (grid, index) = random_case(&mut rng, 4..=6, 300..1500, 6);
        let slots = grid.slots(2);
        let Some(words) = slots.iter().map(|s| index.of_length(s.len)).collect() else {
            continue;
        };
        let problem = Problem::new(&grid, slots, words, &index, 0);
        let mut search = Search::new(&problem, &grid, case, Deadline::never(), AtLeaf::Stop);
        (0..search.state.len()).for_each(|s| search.enqueue(s));
        if !search.propagate() {
            continue;
        }
        // Walk down by random placements and refutations, checking every
        // candidate of every open slot at each state.
        for _ in 0..6 {
            let open: Vec<usize> = (0..search.state.len())
                .filter(|&s| search.state[s].count > 1)
                .collect();
            if open.is_empty() {
                break;
            }
            for &slot in &open {
                let candidates: Vec<usize> = search.state[slot].words.ones().collect();
                for word in candidates {
                    checked += 1;
                    if search.fits_parallels(slot, word) {
                        continue;
                    }
                    rejected += 1;
                    let mark = search.mark();
                    assert!(
                        !search.decide(slot, word),
                        "case {case}: slot {slot} word {word}"
                    );
                    search.undo(mark);
                }
            }
            let slot = open[rng.random_range(0..open.len())];
            let candidates: Vec<usize> = search.state[slot].words.ones().collect();
            let word = candidates[rng.random_range(0..candidates.len())];
            let mark = search.mark();
            let placed = rng.random_bool(0.5) && search.decide(slot, word);
            if !placed {
                search.undo(mark);
                if !search.refute(slot, word) {
                    break;
                }
            }
        }
    }
    // Meaningless unless the check was exercised and did reject.
    assert!(
        checked > 200_000 && rejected > 10_000,
        "{checked} {rejected}"
    );
}

#[test]
fn luby_sequence() {
    let first: Vec<u64> = (1..=15).map(super::luby).collect();
    assert_eq!(first, vec![1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
}
