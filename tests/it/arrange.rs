//! `cruciverb arrange`: known smallest squares for the shared examples, every
//! printed arrangement re-checked cell by cell, the sizes below proved
//! impossible, agreement with a brute force on small sets, and the errors.

use std::collections::{HashMap, HashSet};

use crate::common::{data, run, scratch, stderr, stdout};
use cruciverb::formats::ipuz;
use cruciverb::grid::Direction;
use cruciverb::progress::{Deadline, Quiet};
use cruciverb::puzzles::arrange::{arrange, arrange_smallest, parse_words, Outcome};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn words_of(name: &str) -> Vec<String> {
    let text = std::fs::read_to_string(data(&format!("arrange/{name}"))).unwrap();
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(str::to_uppercase)
        .collect()
}

/// Maximal runs of 2+ letters as (word, row, col, across?) in a square of
/// rows; `None` marks a cell without a letter.
fn runs(rows: &[Vec<Option<u8>>]) -> Vec<(String, usize, usize, bool)> {
    let n = rows.len();
    let mut out = Vec::new();
    for across in [true, false] {
        let cell = |line: usize, i: usize| if across { rows[line][i] } else { rows[i][line] };
        for line in 0..n {
            let at = |i: usize| cell(line, i);
            let mut i = 0;
            while i < n {
                let start = i;
                let mut word = String::new();
                while i < n {
                    let Some(b) = at(i) else { break };
                    word.push(b as char);
                    i += 1;
                }
                if word.len() >= 2 {
                    let (r, c) = if across { (line, start) } else { (start, line) };
                    out.push((word, r, c, across));
                }
                i += 1;
            }
        }
    }
    out
}

/// Every letter lies in a run of 2+ and the letters form one 4-connected piece.
fn letters_connected_and_in_words(rows: &[Vec<Option<u8>>]) -> bool {
    let n = rows.len();
    let letter = |r: isize, c: isize| {
        r >= 0
            && c >= 0
            && r < n as isize
            && c < n as isize
            && rows[r as usize][c as usize].is_some()
    };
    let cells: Vec<(isize, isize)> = (0..n as isize)
        .flat_map(|r| (0..n as isize).map(move |c| (r, c)))
        .filter(|&(r, c)| letter(r, c))
        .collect();
    let neighbours = |(r, c): (isize, isize)| [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)];
    if cells
        .iter()
        .any(|&cell| !neighbours(cell).iter().any(|&(r, c)| letter(r, c)))
    {
        return false;
    }
    let Some(&first) = cells.first() else {
        return false;
    };
    let mut seen = HashSet::from([first]);
    let mut stack = vec![first];
    while let Some(cell) = stack.pop() {
        for (r, c) in neighbours(cell) {
            if letter(r, c) && seen.insert((r, c)) {
                stack.push((r, c));
            }
        }
    }
    seen.len() == cells.len()
}

/// The independent check of a square: every run is a given word, none
/// twice, at least `at_least` of them, all connected. Returns the runs.
fn check_square(
    rows: &[Vec<Option<u8>>],
    words: &[String],
    at_least: usize,
) -> Vec<(String, usize, usize, bool)> {
    let found = runs(rows);
    let given: HashSet<&str> = words.iter().map(String::as_str).collect();
    let mut seen = HashSet::new();
    for (word, r, c, _) in &found {
        assert!(
            given.contains(word.as_str()),
            "{word} at {r},{c} is not a given word"
        );
        assert!(seen.insert(word.clone()), "{word} appears twice");
    }
    assert!(found.len() >= at_least, "only {} words placed", found.len());
    assert!(
        letters_connected_and_in_words(rows),
        "not one connected piece"
    );
    found
}

fn parse_square(text: &str) -> Vec<Vec<Option<u8>>> {
    text.lines()
        .map(|l| l.bytes().map(|b| (b != b'#').then_some(b)).collect())
        .collect()
}

/// Checks the CLI's output: an `n`×`n` grid in the text format, a blank line
/// and a placement list that matches the grid's runs exactly.
fn check_output(out: &str, words: &[String], n: usize, at_least: usize) {
    let (grid_text, list) = out.split_once("\n\n").expect("grid, blank line, list");
    let rows = parse_square(grid_text);
    assert_eq!(rows.len(), n, "{out}");
    assert!(rows.iter().all(|r| r.len() == n), "{out}");
    assert!(grid_text
        .bytes()
        .all(|b| b == b'#' || b == b'\n' || b.is_ascii_uppercase()));
    let mut found: Vec<String> = check_square(&rows, words, at_least)
        .into_iter()
        .map(|(w, r, c, across)| {
            let dir = if across { "across" } else { "down" };
            format!("{} {} {dir} {w}", r + 1, c + 1)
        })
        .collect();
    let mut listed: Vec<String> = list.lines().map(str::to_string).collect();
    found.sort();
    listed.sort();
    assert_eq!(listed, found, "the placement list differs from the grid");
}

/// The stderr line without its trailing timing, ` (0.03 s)`.
fn message(err: &str) -> String {
    let line = err.lines().next().unwrap_or_default();
    line.rsplit_once(" (").map_or(line, |(m, _)| m).to_string()
}

/// An example fits `side`×`side` (the smallest), and `--size side-1` is
/// reported impossible with `why`.
fn assert_smallest(file: &str, side: usize, count: usize, why: &str) {
    let path = data(&format!("arrange/{file}"));
    let words = words_of(file);
    let o = run(&["arrange", path.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    check_output(&stdout(&o), &words, side, count);
    let smaller = side - 1;
    assert_eq!(
        message(&stderr(&o)),
        format!("{count} of {count} words in {side}×{side}, the smallest: {smaller}×{smaller} is impossible")
    );
    let o = run(&[
        "arrange",
        path.to_str().unwrap(),
        "--size",
        &smaller.to_string(),
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(message(&stderr(&o)), format!("impossible: {why}"));
}

#[test]
fn nyt_mini_fits_7x7_and_not_6x6() {
    assert_smallest(
        "nyt-mini.words",
        7,
        20,
        "TIMWALZ has 7 letters, more than the side 6",
    );
}

#[test]
fn austen_fits_9x9_and_not_8x8() {
    assert_smallest(
        "austen.words",
        9,
        10,
        "no arrangement of the 10 words fits in 8×8",
    );
}

#[test]
fn a_larger_given_size_is_filled_to_that_size() {
    let path = data("arrange/austen.words");
    let words = words_of("austen.words");
    let o = run(&["arrange", path.to_str().unwrap(), "--size", "11"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    check_output(&stdout(&o), &words, 11, 10);
    assert_eq!(message(&stderr(&o)), "10 of 10 words in 11×11");
}

#[test]
fn at_least_picks_a_subset() {
    let path = data("arrange/nyt-mini.words");
    let words = words_of("nyt-mini.words");
    let o = run(&[
        "arrange",
        path.to_str().unwrap(),
        "--size",
        "5",
        "--at-least",
        "6",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    check_output(&stdout(&o), &words, 5, 6);
    // Only the thirteen 3-letter words and COATS have at most 5 letters.
    let o = run(&[
        "arrange",
        path.to_str().unwrap(),
        "--size",
        "5",
        "--at-least",
        "15",
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        message(&stderr(&o)),
        "impossible: only 14 of the words have at most 5 letters"
    );
}

#[test]
fn out_writes_a_puzzle_whose_slots_are_the_words() {
    let dir = scratch("arrange-out");
    let out = dir.join("austen.ipuz");
    let path = data("arrange/austen.words");
    let o = run(&[
        "arrange",
        path.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let puzzle = ipuz::load(&out).unwrap();
    let mut answers: Vec<String> = puzzle.clues.iter().map(|c| c.answer.clone()).collect();
    let mut words = words_of("austen.words");
    answers.sort();
    words.sort();
    assert_eq!(answers, words);
    let printed_grid = stdout(&o).split_once("\n\n").unwrap().0.to_string();
    assert_eq!(puzzle.grid.to_text(), printed_grid + "\n");
}

fn error_of(args: &[&str]) -> String {
    let o = run(args);
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    stderr(&o)
}

#[test]
fn bad_input_gets_one_line_errors() {
    let dir = scratch("arrange-errors");
    let file = |name: &str, bytes: &[u8]| {
        let p = dir.join(name);
        std::fs::write(&p, bytes).unwrap();
        p.display().to_string()
    };
    let empty = file("empty.words", b"\n# nothing\n");
    assert_eq!(
        error_of(&["arrange", &empty]),
        format!("cruciverb: error: {empty}: no words\n")
    );
    let binary = file("bin.words", b"AB\0CD\n");
    assert_eq!(
        error_of(&["arrange", &binary]),
        format!("cruciverb: error: {binary}:1: binary data, not a words file\n")
    );
    let digits = file("digits.words", b"JANE\nR2D2\n");
    assert_eq!(
        error_of(&["arrange", &digits]),
        format!("cruciverb: error: {digits}:2: \"R2D2\" has characters no grid can hold\n")
    );
    let short = file("short.words", b"JANE\na\n");
    assert_eq!(
        error_of(&["arrange", &short]),
        format!("cruciverb: error: {short}:2: A is one letter; a word needs at least 2\n")
    );
    let twice = file("twice.words", b"Emma\nJANE\nemma\n");
    assert_eq!(
        error_of(&["arrange", &twice]),
        format!(
            "cruciverb: error: {twice}:3: EMMA is already on line 1; each word is placed once\n"
        )
    );
    let austen = data("arrange/austen.words").display().to_string();
    assert_eq!(
        error_of(&["arrange", &austen, "--size", "2"]),
        "cruciverb: error: grid size 2 is outside the supported range 3..=31\n"
    );
    assert_eq!(
        error_of(&["arrange", &austen, "--at-least", "11"]),
        "cruciverb: error: --at-least 11 must be from 1 to the number of words, 10\n"
    );
    let missing = dir.join("missing.words").display().to_string();
    assert!(error_of(&["arrange", &missing]).starts_with(&format!("cruciverb: error: {missing}: ")));
}

#[test]
fn words_sharing_no_letter_cannot_connect() {
    let words = parse_words("ABC\nXYZ\n", "t").unwrap();
    assert_eq!(
        arrange_smallest(&words, 2, &Deadline::never(), &Quiet).unwrap(),
        Outcome::Impossible(
            "at most 1 of the words can be connected: the others share no letter with them".into()
        )
    );
}

#[test]
fn a_word_longer_than_any_grid_is_reported() {
    let long = "A".repeat(32);
    let words = vec![long.clone(), "ABC".to_string()];
    assert_eq!(
        arrange_smallest(&words, 2, &Deadline::never(), &Quiet).unwrap(),
        Outcome::Impossible(format!("{long} has 32 letters, more than the side 31"))
    );
}

/// Whether some arrangement of all `words` fits in `n`×`n`, by trying every
/// position and direction of every word and checking the square directly.
fn brute_force_fits(words: &[String], n: usize) -> bool {
    fn place(words: &[String], i: usize, square: &mut Vec<Vec<Option<u8>>>, n: usize) -> bool {
        let Some(word) = words.get(i) else {
            let found = runs(square);
            let given: HashSet<&String> = words.iter().collect();
            let distinct: HashSet<&String> = found.iter().map(|(w, ..)| w).collect();
            return found.len() == words.len()
                && distinct.len() == found.len()
                && found.iter().all(|(w, ..)| given.contains(w))
                && letters_connected_and_in_words(square);
        };
        let len = word.len();
        for across in [true, false] {
            for r in 0..n {
                for c in 0..n {
                    let cell = |k: usize| if across { (r, c + k) } else { (r + k, c) };
                    if cell(len - 1).0 >= n || cell(len - 1).1 >= n {
                        continue;
                    }
                    let fits = word.bytes().enumerate().all(|(k, b)| {
                        let (rr, cc) = cell(k);
                        square[rr][cc].is_none_or(|x| x == b)
                    });
                    if !fits {
                        continue;
                    }
                    let saved = square.clone();
                    for (k, b) in word.bytes().enumerate() {
                        let (rr, cc) = cell(k);
                        square[rr][cc] = Some(b);
                    }
                    if place(words, i + 1, square, n) {
                        return true;
                    }
                    *square = saved;
                }
            }
        }
        false
    }
    place(words, 0, &mut vec![vec![None; n]; n], n)
}

fn square_of(arrangement: &cruciverb::puzzles::arrange::Arrangement) -> Vec<Vec<Option<u8>>> {
    parse_square(&arrangement.grid().unwrap().to_text())
}

#[test]
fn agrees_with_brute_force_on_small_sets() {
    let mut rng = StdRng::seed_from_u64(5);
    let mut outcomes: HashMap<bool, usize> = HashMap::new();
    for _ in 0..60 {
        let count = rng.random_range(2..=4);
        let mut words: Vec<String> = Vec::new();
        while words.len() < count {
            let len = rng.random_range(2..=4);
            let w: String = (0..len)
                .map(|_| (b'A' + rng.random_range(0..3u8)) as char)
                .collect();
            if !words.contains(&w) {
                words.push(w);
            }
        }
        for n in 3..=5 {
            let expected = brute_force_fits(&words, n);
            let got = arrange(&words, n, words.len(), &Deadline::never()).unwrap();
            match &got {
                Outcome::Arranged(a) => {
                    assert_eq!(a.size, n);
                    let square = square_of(a);
                    assert_eq!(
                        check_square(&square, &words, words.len()).len(),
                        words.len()
                    );
                    for p in &a.placements {
                        let cells: Vec<(usize, usize)> = p.cells().collect();
                        assert!(cells.iter().all(|&(r, c)| r < n && c < n));
                        let read: String = cells
                            .iter()
                            .map(|&(r, c)| square[r][c].unwrap() as char)
                            .collect();
                        assert_eq!(read, p.word);
                    }
                    assert_eq!(a.placements[0].direction, Direction::Across);
                }
                Outcome::Impossible(_) => {}
                Outcome::GaveUp => unreachable!("no time limit"),
            }
            assert_eq!(
                matches!(got, Outcome::Arranged(_)),
                expected,
                "{words:?} in {n}×{n}"
            );
            *outcomes.entry(expected).or_default() += 1;
        }
    }
    // Both answers occur, so the comparison tests something either way.
    assert!(
        outcomes[&true] >= 10 && outcomes[&false] >= 10,
        "{outcomes:?}"
    );
}

/// Whether some `at_least` or more of `words` fit, by brute force over subsets.
fn brute_force_subset_fits(words: &[String], n: usize, at_least: usize) -> bool {
    (1u32..1 << words.len()).any(|mask| {
        let subset: Vec<String> = (0..words.len())
            .filter(|i| mask >> i & 1 == 1)
            .map(|i| words[i].clone())
            .collect();
        subset.len() >= at_least && brute_force_fits(&subset, n)
    })
}

#[test]
fn at_least_agrees_with_brute_force_over_subsets() {
    let mut rng = StdRng::seed_from_u64(11);
    let mut outcomes: HashMap<bool, usize> = HashMap::new();
    for _ in 0..40 {
        let mut words: Vec<String> = Vec::new();
        while words.len() < 5 {
            let len = rng.random_range(2..=4);
            let w: String = (0..len)
                .map(|_| (b'A' + rng.random_range(0..4u8)) as char)
                .collect();
            if !words.contains(&w) {
                words.push(w);
            }
        }
        let at_least = rng.random_range(2..=4);
        for n in 3..=4 {
            let expected = brute_force_subset_fits(&words, n, at_least);
            let got = arrange(&words, n, at_least, &Deadline::never()).unwrap();
            if let Outcome::Arranged(a) = &got {
                assert!(a.placements.len() >= at_least);
                check_square(&square_of(a), &words, at_least);
            }
            assert_eq!(
                matches!(got, Outcome::Arranged(_)),
                expected,
                "{at_least} of {words:?} in {n}×{n}"
            );
            *outcomes.entry(expected).or_default() += 1;
        }
    }
    assert!(
        outcomes[&true] >= 10 && outcomes[&false] >= 10,
        "{outcomes:?}"
    );
}
