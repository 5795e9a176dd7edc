//! The filler: every fill re-checked independently; unfillable and timed-out
//! searches reported as such.

use std::collections::HashSet;
use std::time::Duration;

use crate::common::*;
use cruciverb::fill::{fill, fills, FillOptions, NoFill, Outcome, Want};
use cruciverb::formats::ipuz;
use cruciverb::grid::{Cell, Grid};
use cruciverb::wordlist::index::Index;
use cruciverb::wordlist::WordList;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// `count` random words with lengths in `lengths` over the first `letters` letters.
fn random_list(
    rng: &mut StdRng,
    count: usize,
    lengths: std::ops::RangeInclusive<usize>,
    letters: u8,
) -> WordList {
    let text: String = (0..count)
        .map(|_| {
            let len = rng.random_range(lengths.clone());
            let word: String = (0..len)
                .map(|_| (b'A' + rng.random_range(0..letters)) as char)
                .collect();
            word + "\n"
        })
        .collect();
    list(&text)
}

fn list(text: &str) -> WordList {
    WordList::parse(text, "test").0
}

fn grid(text: &str) -> Grid {
    Grid::parse_text(text, "test").unwrap()
}

#[test]
fn fills_a_small_square_and_keeps_fixed_letters() {
    let words = list("bat;70\nore;60\nwed;50\nbow;80\nare;40\nted;60\ncat;30\nzzz;90\n");
    let index = Index::build(&words, 0).unwrap();
    let start = grid("...\n...\n...\n");
    let Outcome::Filled(f) = fill(&start, &index, &FillOptions::default()).unwrap() else {
        panic!("no fill")
    };
    assert_valid_fill(&start, &f.grid, &words);
    assert_eq!(f.words.len(), 6);
    let fixed = grid("..T\n...\n...\n");
    let Outcome::Filled(f) = fill(&fixed, &index, &FillOptions::default()).unwrap() else {
        panic!("no fill")
    };
    assert_valid_fill(&fixed, &f.grid, &words);
    assert_eq!(
        f.grid.to_text(),
        "BAT\nORE\nWED\n",
        "the only fill with T in the corner"
    );
}

#[test]
fn reports_unfillable_grids_and_names_slots() {
    // Rows and columns would have to repeat each word.
    let words = list("bit\nice\nten\n");
    let index = Index::build(&words, 0).unwrap();
    match fill(&grid("...\n...\n...\n"), &index, &FillOptions::default()).unwrap() {
        Outcome::Unfillable(NoFill { slots, .. }) => assert!(!slots.is_empty()),
        other => panic!("expected unfillable, got {other:?}"),
    }
    // A fixed letter no word has in that place: the slot is named at once.
    match fill(&grid("..Q\n...\n...\n"), &index, &FillOptions::default()).unwrap() {
        Outcome::Unfillable(NoFill { slots, .. }) => {
            assert_eq!(slots, vec!["1A".to_string(), "3D".to_string()])
        }
        other => panic!("expected unfillable, got {other:?}"),
    }
    let err = fill(&grid("....\n....\n....\n"), &index, &FillOptions::default())
        .unwrap_err()
        .to_string();
    assert!(err.contains("slot 1A needs a 4-letter word"), "{err}");
}

/// Grids built from a random solution: the filler must find a (possibly
/// different) valid fill among many distractors, for several seeds.
#[test]
fn fills_grids_with_a_planted_solution() {
    let mut rng = StdRng::seed_from_u64(9);
    for (shape, seed) in [
        ("mini5_2corners.txt", 1u64),
        ("square5_open.txt", 2),
        ("mini5_2corners.txt", 3),
    ] {
        let start = grid_file(shape);
        let mut solution = start.clone();
        for r in 0..start.height() {
            for c in 0..start.width() {
                if start.get(r, c) == Cell::Empty {
                    solution.set(r, c, Cell::Letter(b'A' + rng.random_range(0..6u8)));
                }
            }
        }
        let mut text: String = grid_words(&solution)
            .iter()
            .map(|w| format!("{w};60\n"))
            .collect();
        for _ in 0..3000 {
            let len = rng.random_range(2..=5);
            let w: String = (0..len)
                .map(|_| (b'A' + rng.random_range(0..6u8)) as char)
                .collect();
            text += &format!("{w};{}\n", rng.random_range(0..=100));
        }
        let words = list(&text);
        let index = Index::build(&words, 0).unwrap();
        let options = FillOptions {
            seed,
            ..FillOptions::default()
        };
        match fill(&start, &index, &options).unwrap() {
            Outcome::Filled(f) => assert_valid_fill(&start, &f.grid, &words),
            other => panic!("{shape}: {other:?}"),
        }
    }
}

#[test]
fn gives_up_at_the_time_limit() {
    let mut rng = StdRng::seed_from_u64(4);
    let words = random_list(&mut rng, 20000, 3..=15, 26);
    let index = Index::build(&words, 0).unwrap();
    let start = grid_file("ingrid_readme.txt");
    let options = FillOptions {
        timeout: Some(Duration::from_millis(200)),
        ..FillOptions::default()
    };
    // Random letters make a 72-word grid hopeless, but not quickly provably so.
    match fill(&start, &index, &options).unwrap() {
        Outcome::GaveUp { after } => {
            assert!(after >= Duration::from_millis(200) && after < Duration::from_secs(5))
        }
        other => panic!("expected to give up, got {other:?}"),
    }
}

/// A scratch directory with a small word list and its own index cache, for
/// running the `fill` command.
struct FillCli {
    dir: ScratchDir,
}

const SQUARE_WORDS: &str = "bat;70\nore;60\nwed;50\nbow;80\nare;40\nted;60\n";

impl FillCli {
    fn new(name: &str) -> FillCli {
        FillCli::with_words(name, SQUARE_WORDS)
    }

    fn with_words(name: &str, words: &str) -> FillCli {
        let dir = scratch(name);
        std::fs::write(dir.join("w.txt"), words).unwrap();
        FillCli { dir }
    }

    fn path(&self, name: &str) -> String {
        self.dir.join(name).to_str().unwrap().to_string()
    }

    /// `cruciverb ARGS` with this test's index cache.
    fn run(&self, args: &[&str]) -> std::process::Output {
        let cache = self.path("cache");
        run_env(args, &[("CRUCIVERB_CACHE_DIR", cache.as_str())])
    }

    /// `cruciverb fill` on `grid_text` with the small list and `extra` flags.
    fn fill(&self, grid_text: &str, extra: &[&str]) -> std::process::Output {
        let grid = self.dir.join("g.txt");
        std::fs::write(&grid, grid_text).unwrap();
        let words = self.dir.join("w.txt");
        let mut args = vec![
            "fill",
            grid.to_str().unwrap(),
            "--wordlist",
            words.to_str().unwrap(),
        ];
        args.extend(extra);
        self.run(&args)
    }
}

/// The grids of `fill` output: blocks of grid lines, each ended by its score line.
fn printed_fills(out: &str) -> Vec<String> {
    out.split("\n\n")
        .map(|block| {
            let (grid, score) = block.trim_end().rsplit_once('\n').expect("grid and score");
            assert!(score.starts_with("mean score "), "{block}");
            format!("{grid}\n")
        })
        .collect()
}

#[test]
fn fill_out_writes_the_fill_as_an_ipuz_puzzle() {
    let cli = FillCli::new("fill-out");
    let path = cli.path("corner.ipuz");
    let out = cli.fill("..T\n...\n...\n", &["--min-score", "0", "--out", &path]);
    assert!(out.status.success(), "{}", stderr(&out));
    let printed = printed_fills(&stdout(&out));
    let puzzle = ipuz::load(std::path::Path::new(&path)).unwrap();
    assert_eq!(puzzle.grid.to_text(), printed[0]);
    let mut answers: Vec<String> = puzzle.clues.iter().map(|c| c.answer.clone()).collect();
    let mut expected = grid_words(&puzzle.grid);
    answers.sort();
    expected.sort();
    assert_eq!(answers, expected);
    assert!(puzzle.clues.iter().all(|c| c.text.is_empty()));
}

#[test]
fn count_and_all_print_distinct_fills_and_say_when_there_are_no_more() {
    let words = "bat ore wed bow are ted cat tor bar owe ate cab ace tee ode sea era ear oat rat toe ten net art tar ado dot"
        .replace(' ', "\n");
    let cli = FillCli::with_words("fill-count", &words);
    let open = "...\n...\n...\n";
    let expected = brute_force_fills(&grid(open), &list(&words));
    assert!(expected.len() > 2, "{expected:?}");

    let all = cli.fill(open, &["--min-score", "0", "--all"]);
    assert!(all.status.success(), "{}", stderr(&all));
    let printed = printed_fills(&stdout(&all));
    assert_eq!(printed.len(), expected.len());
    assert_eq!(printed.into_iter().collect::<HashSet<_>>(), expected);
    assert_eq!(stderr(&all), format!("{} fills\n", expected.len()));

    let two = cli.fill(open, &["--min-score", "0", "--count", "2", "--seed", "3"]);
    let printed = printed_fills(&stdout(&two));
    assert_eq!(printed.len(), 2);
    assert_ne!(printed[0], printed[1]);
    assert!(printed.iter().all(|g| expected.contains(g)));

    let many = cli.fill(open, &["--min-score", "0", "--count", "1000"]);
    let printed: HashSet<String> = printed_fills(&stdout(&many)).into_iter().collect();
    assert_eq!(printed, expected);
    assert_eq!(
        stderr(&many),
        format!("only {} different fills exist\n", expected.len())
    );

    let none = cli.fill(open, &["--count", "0"]);
    assert_eq!(none.status.code(), Some(2));
    assert!(
        stderr(&none).contains("invalid value '0' for '--count"),
        "{}",
        stderr(&none)
    );
}

/// The fill-in puzzles of the shared examples: each word of the lexicon
/// exactly once, fixed letters kept.
#[test]
fn use_all_solves_fill_in_puzzles_with_every_word_once() {
    let cli = FillCli::new("fill-in");
    for name in ["small", "medium", "large"] {
        let grid_path = data(&format!("fill-in/{name}.grid"));
        let words_path = data(&format!("fill-in/{name}.words"));
        let words_text = std::fs::read_to_string(&words_path).unwrap();
        let out = cli.run(&[
            "fill",
            grid_path.to_str().unwrap(),
            "--wordlist",
            words_path.to_str().unwrap(),
            "--min-score",
            "0",
            "--use-all",
        ]);
        assert!(out.status.success(), "{name}: {}", stderr(&out));
        let filled = grid(&printed_fills(&stdout(&out))[0]);
        let start = grid(&std::fs::read_to_string(&grid_path).unwrap());
        let lexicon = list(&words_text);
        assert_valid_fill(&start, &filled, &lexicon);
        let mut used = grid_words(&filled);
        let mut all: Vec<String> = lexicon
            .sorted()
            .iter()
            .map(|e| e.word.to_string())
            .collect();
        used.sort();
        all.sort();
        assert_eq!(used, all, "{name}");
    }
}

#[test]
fn use_all_rejects_a_lexicon_with_more_words_than_slots() {
    let cli = FillCli::with_words("fill-in-extra", &format!("{SQUARE_WORDS}cat\n"));
    let out = cli.fill("...\n...\n...\n", &["--min-score", "0", "--use-all"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert_eq!(
        stderr(&out),
        "cruciverb: error: impossible rules: --use-all: the word list has 7 words of 3 letters but the grid has 6 such slots\n"
    );
}

#[test]
fn fill_command_prints_the_grid_or_says_why_not() {
    let cli = FillCli::new("fill-cli");
    let out = cli.fill("..T\n...\n...\n", &["--min-score", "0"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "BAT\nORE\nWED\nmean score 60.0, lowest 40\n");
    // The quality report goes to stderr, with what the default list's
    // notes say of these words (TED is a name).
    assert_eq!(
        stderr(&out),
        "quality: 6 entries, mean score 60.0, lowest 40\n  below 50 (1): ARE 40\n  names (1): TED\n  abbreviations: none\n  partials: none\n  crosswordese: none\n  odd inflections: none\n  foreign words: none\n  breakfast test: none\n  long entries (8+ letters): none\n  entries sharing a root: none\n"
    );
    let out = cli.fill("..Q\n...\n...\n", &["--min-score", "0"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).starts_with("unfillable: "), "{}", stderr(&out));
    let out = cli.fill("..Q\n...\n...\n", &["--timeout", "-1"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn polishing_only_raises_the_lowest_score() {
    let (mut words, _) = cruciverb::wordlist::embedded::default_list().unwrap();
    words.retain_min_score(50);
    let index = Index::build(&words, 0).unwrap();
    let start = grid_file("ingrid_readme.txt");
    let fill_with = |polish: u64| {
        let options = FillOptions {
            seed: 3,
            timeout: Some(Duration::from_secs(60)),
            polish: Duration::from_secs(polish),
            ..FillOptions::default()
        };
        match fill(&start, &index, &options).unwrap() {
            Outcome::Filled(f) => f,
            other => panic!("expected a fill, got {other:?}"),
        }
    };
    let first = fill_with(0);
    let polished = fill_with(2);
    for f in [&first, &polished] {
        assert_valid_fill(&start, &f.grid, &words);
    }
    // Each round raises the floor past the last fill's lowest score, so the
    // polished fill's worst entry is at least as good, and better whenever a
    // round succeeded (it then differs from the first fill).
    assert!(polished.lowest_score() >= first.lowest_score());
    if polished.grid != first.grid {
        assert!(polished.lowest_score() > first.lowest_score());
    }
    assert!(polished.merit() >= first.merit());
}

#[test]
fn polishing_keeps_a_given_list_entry_below_its_raised_floor() {
    // CAT is given and scores 51: a list word, so an entry of the fill.
    // Two fills fit below it: chosen words at 55 and up, or all at 70.
    // Polishing raises the floor of the chosen words past 55, never CAT's.
    let words = list(concat!(
        "cat;51\none;80\ndew;55\ncod;80\nane;80\ntew;80\n",
        "qrs;70\nuvw;70\ncqu;70\narv;70\ntsw;70\n",
    ));
    let index = Index::build(&words, 0).unwrap();
    let start = grid("CAT\n...\n...\n");
    for seed in 0..4 {
        let options = FillOptions {
            seed,
            floor: 50,
            polish: Duration::from_secs(5),
            ..FillOptions::default()
        };
        let Outcome::Filled(f) = fill(&start, &index, &options).unwrap() else {
            panic!("seed {seed}: expected a fill");
        };
        assert_eq!(f.grid.to_text(), "CAT\nQRS\nUVW\n", "seed {seed}");
        let entries: Vec<(&str, u8, bool)> = f
            .words
            .iter()
            .map(|p| (p.word.as_str(), p.score, p.given))
            .collect();
        assert_eq!(entries.len(), 6, "seed {seed}: {entries:?}");
        assert!(
            entries.contains(&("CAT", 51, true)),
            "seed {seed}: {entries:?}"
        );
        assert_eq!(entries.iter().filter(|e| e.2).count(), 1);
        assert_eq!((f.lowest_score(), f.lowest_chosen()), (51, Some(70)));
    }
}

#[test]
fn fills_an_american_15x15_from_the_embedded_list() {
    let (words, _) = cruciverb::wordlist::embedded::default_list().unwrap();
    let mut words = words;
    words.retain_min_score(50);
    let index = Index::build(&words, 0).unwrap();
    let start = grid_file("ingrid_readme.txt");
    let options = FillOptions {
        seed: 5,
        timeout: Some(Duration::from_secs(60)),
        ..FillOptions::default()
    };
    match fill(&start, &index, &options).unwrap() {
        Outcome::Filled(f) => {
            assert_valid_fill(&start, &f.grid, &words);
            assert_eq!(f.words.len(), 72);
            assert!(f.lowest_score() >= 50);
        }
        other => panic!("expected a fill, got {other:?}"),
    }
}

#[test]
fn fill_caches_the_index_and_rebuilds_a_damaged_cache() {
    let cli = FillCli::new("fill-cache");
    let corner = "..T\n...\n...\n";
    let first = cli.fill(corner, &["--min-score", "0"]);
    assert_eq!(
        stdout(&first),
        "BAT\nORE\nWED\nmean score 60.0, lowest 40\n",
        "{}",
        stderr(&first)
    );
    let cache = cli.dir.join("cache");
    let files: Vec<_> = std::fs::read_dir(&cache)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(files.len(), 1);
    let saved = std::fs::read(&files[0]).unwrap();
    // Cached run: same answer. Damaged cache: same answer, and a good file again.
    assert_eq!(
        stdout(&cli.fill(corner, &["--min-score", "0"])),
        stdout(&first)
    );
    std::fs::write(&files[0], &saved[..saved.len() / 2]).unwrap();
    assert_eq!(
        stdout(&cli.fill(corner, &["--min-score", "0"])),
        stdout(&first)
    );
    assert_eq!(std::fs::read(&files[0]).unwrap(), saved);
    // Another minimum score is another index.
    let out = cli.fill(corner, &["--min-score", "50"]);
    assert_eq!(
        out.status.code(),
        Some(1),
        "without ARE (40) the corner cannot be filled"
    );
    assert_eq!(std::fs::read_dir(&cache).unwrap().count(), 2);
}

/// Every fill by plain backtracking over slots: crossings agree, no repeats.
fn brute_force_fills(start: &Grid, list: &WordList) -> HashSet<String> {
    let slots = start.slots(2);
    let words: Vec<String> = list.sorted().iter().map(|e| e.word.to_string()).collect();
    let mut found = HashSet::new();
    fn place(
        slots: &[cruciverb::grid::Slot],
        words: &[String],
        grid: &mut Grid,
        used: &mut Vec<String>,
        found: &mut HashSet<String>,
    ) {
        let Some(slot) = slots.get(used.len()) else {
            found.insert(grid.to_text());
            return;
        };
        for w in words.iter().filter(|w| w.len() == slot.len) {
            let fits = slot.cells().zip(w.bytes()).all(|((r, c), b)| {
                matches!(grid.get(r, c), Cell::Empty) || grid.get(r, c) == Cell::Letter(b)
            });
            if !fits || used.contains(w) {
                continue;
            }
            let before: Vec<Cell> = slot.cells().map(|(r, c)| grid.get(r, c)).collect();
            for ((r, c), b) in slot.cells().zip(w.bytes()) {
                grid.set(r, c, Cell::Letter(b));
            }
            used.push(w.clone());
            place(slots, words, grid, used, found);
            used.pop();
            for ((r, c), cell) in slot.cells().zip(before) {
                grid.set(r, c, cell);
            }
        }
    }
    place(
        &slots,
        &words,
        &mut start.clone(),
        &mut Vec::new(),
        &mut found,
    );
    found
}

/// Enumerating every fill finds exactly the fills plain backtracking finds,
/// on random small grids and lists: the propagation loses no fill and lets
/// no bad one through.
#[test]
fn all_fills_equal_brute_force() {
    let mut rng = StdRng::seed_from_u64(21);
    let mut total = 0;
    for case in 0..60 {
        let (w, h) = (rng.random_range(3..=4), rng.random_range(3..=4));
        let mut start = Grid::empty(w, h).unwrap();
        for _ in 0..rng.random_range(0..=2) {
            start.set(rng.random_range(0..h), rng.random_range(0..w), Cell::Block);
        }
        if rng.random_bool(0.3) {
            let (r, c) = (rng.random_range(0..h), rng.random_range(0..w));
            if start.get(r, c) == Cell::Empty {
                start.set(r, c, Cell::Letter(b'A'));
            }
        }
        if start.slots(2).is_empty() {
            continue;
        }
        let count = rng.random_range(20..120);
        let words = random_list(&mut rng, count, 2..=4, 3);
        let index = Index::build(&words, 0).unwrap();
        let expected = brute_force_fills(&start, &words);
        let mut seen = HashSet::new();
        let options = FillOptions {
            seed: case,
            ..FillOptions::default()
        };
        let ending = match fills(&start, &index, &options, Want::All, |f| {
            assert_valid_fill(&start, &f.grid, &words);
            assert!(seen.insert(f.grid.to_text()), "a fill came twice");
            true
        }) {
            Ok(ending) => ending,
            Err(e) if e.to_string().contains("is in no word") => continue,
            // A length the list lacks: brute force finds nothing either.
            Err(_) => {
                assert!(expected.is_empty());
                continue;
            }
        };
        assert!(matches!(ending, Outcome::Unfillable(_)), "{ending:?}");
        assert_eq!(seen, expected, "case {case}:\n{}", start.to_text());
        total += expected.len();
    }
    assert!(
        total > 100,
        "the cases should have fills to compare ({total})"
    );
}

/// No two entries share a root: a square whose every fill holds MAN beside
/// MEN is proven unfillable, though plain backtracking finds two fills and
/// the filler finds both once roots may be shared; a constructor's own MAN
/// rules MEN out of every other slot the same way.
#[test]
fn a_grid_whose_only_fills_share_a_root_is_proven_unfillable() {
    let words = list("man\nego\nnet\nmen\nage\nnot\ntie\n");
    let index = Index::build(&words, 0).unwrap();
    let square = grid("...\n...\n...\n");
    let expected = brute_force_fills(&square, &words);
    assert_eq!(
        expected,
        HashSet::from(["MAN\nEGO\nNET\n".to_string(), "MEN\nAGE\nNOT\n".to_string()])
    );
    let every = |options: &FillOptions, start: &Grid| {
        let mut seen = HashSet::new();
        let ending = fills(start, &index, options, Want::All, |f| {
            assert_valid_fill(start, &f.grid, &words);
            seen.insert(f.grid.to_text());
            true
        })
        .unwrap();
        assert!(matches!(ending, Outcome::Unfillable(_)), "{ending:?}");
        seen
    };
    let sharing = FillOptions {
        shared_roots: true,
        ..FillOptions::default()
    };
    assert_eq!(every(&sharing, &square), expected);
    assert_eq!(every(&FillOptions::default(), &square), HashSet::new());
    assert!(matches!(
        fill(&square, &index, &FillOptions::default()).unwrap(),
        Outcome::Unfillable(_)
    ));
    // The constructor writes MAN across the top; only MEN would fit 1D.
    let given = grid("MAN\n...\n...\n");
    assert_eq!(every(&FillOptions::default(), &given), HashSet::new());
    assert_eq!(
        every(&sharing, &given),
        HashSet::from(["MAN\nEGO\nNET\n".to_string()])
    );
    // Both typed: refused at once, naming the pair rather than a slot.
    let typed = grid("MAN\nE..\nN..\n");
    match fill(&typed, &index, &FillOptions::default()).unwrap() {
        Outcome::Unfillable(NoFill { slots, reason }) => {
            assert_eq!(slots, ["1A", "1D"]);
            assert_eq!(
                reason,
                "1A MAN and 1D MEN share a root (MAN), which no two entries of a grid may"
            );
        }
        other => panic!("expected unfillable, got {other:?}"),
    }
    assert!(matches!(
        fill(&typed, &index, &sharing).unwrap(),
        Outcome::Filled(_)
    ));
}

/// Distinct fills: as many as asked for when they exist, all of them (and
/// then proof there are no more) when there are fewer.
#[test]
fn distinct_fills_stop_at_the_number_asked_or_at_the_last_one() {
    let words = list("bat\nore\nwed\nbow\nare\nted\ncat\ntor\nbar\nowe\nate\n");
    let index = Index::build(&words, 0).unwrap();
    let start = grid("...\n...\n...\n");
    let expected = brute_force_fills(&start, &words);
    assert!(expected.len() >= 2, "{expected:?}");
    let mut seen = HashSet::new();
    let ending = fills(
        &start,
        &index,
        &FillOptions::default(),
        Want::Distinct,
        |f| {
            assert_valid_fill(&start, &f.grid, &words);
            assert!(seen.insert(f.grid.to_text()), "a fill came twice");
            true
        },
    )
    .unwrap();
    assert!(matches!(ending, Outcome::Unfillable(_)), "{ending:?}");
    assert_eq!(seen, expected);
    let mut count = 0;
    let ending = fills(
        &start,
        &index,
        &FillOptions::default(),
        Want::Distinct,
        |_| {
            count += 1;
            count < 2
        },
    )
    .unwrap();
    assert!(matches!(ending, Outcome::Filled(())));
    assert_eq!(count, 2);
}

/// A batch over three patterns: one without a fill, one filled and saved,
/// one needing a word length the list lacks. The summary says which.
#[test]
fn batch_fills_each_pattern_and_writes_a_summary() {
    let cli = FillCli::new("fill-batch");
    let hex = |text: &str| cruciverb::pattern::hex::encode(&grid(text).pattern());
    let patterns = cli.path("p.hex");
    std::fs::write(
        &patterns,
        format!(
            "# three patterns\n{}\n{}\n{}\n",
            hex("...\n...\n...\n"),
            hex("...\n.#.\n...\n"),
            hex("....\n....\n....\n....\n")
        ),
    )
    .unwrap();
    let words = cli.path("w.txt");
    let batch = |dir: &str, extra: &[&str]| {
        let mut args = vec!["fill", "--patterns", &patterns, "--wordlist", &words];
        args.extend(["--out-dir", dir]);
        args.extend(extra);
        cli.run(&args)
    };

    let out_dir = cli.path("out");
    let out = batch(&out_dir, &[]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stderr(&out).starts_with("1 filled, 2 unfillable, 0 timed out of 3 patterns"),
        "{}",
        stderr(&out)
    );
    let summary = std::fs::read_to_string(cli.dir.join("out/summary.tsv")).unwrap();
    let rows: Vec<Vec<&str>> = summary
        .lines()
        .filter(|l| !l.starts_with('#'))
        .skip(1)
        .map(|l| l.split('\t').collect())
        .collect();
    let column = |i: usize| rows.iter().map(|r| r[i]).collect::<Vec<_>>();
    // Ranked: the fill first, then the unfillable pattern, then the rejected.
    assert_eq!(column(0), ["2", "1", "3"]);
    assert_eq!(column(1), ["filled", "unfillable", "rejected"]);
    assert_eq!(column(5), ["p-2.ipuz", "", ""]);
    assert!(rows[1][7].contains("5 such words"), "{}", rows[1][7]);
    assert!(rows[2][7].contains("4-letter word"), "{}", rows[2][7]);
    let puzzle = ipuz::load(&cli.dir.join("out/p-2.ipuz")).unwrap();
    assert_valid_fill(&grid("...\n.#.\n...\n"), &puzzle.grid, &list(SQUARE_WORDS));
    let files = std::fs::read_dir(cli.dir.join("out")).unwrap().count();
    assert_eq!(files, 2, "one puzzle and the summary");

    let again = batch(&out_dir, &[]);
    assert_eq!(again.status.code(), Some(2));
    assert!(
        stderr(&again).contains("already holds a batch"),
        "{}",
        stderr(&again)
    );

    let missing = cli.run(&[
        "fill",
        "--patterns",
        &cli.path("none.hex"),
        "--out-dir",
        &cli.path("never"),
    ]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(
        stderr(&missing).contains("none.hex"),
        "{}",
        stderr(&missing)
    );
    assert!(
        !cli.dir.join("never").exists(),
        "no directory for a failed batch"
    );

    let limited = batch(&cli.path("first-two"), &["--limit", "2", "--threads", "1"]);
    assert!(limited.status.success(), "{}", stderr(&limited));
    let summary = std::fs::read_to_string(cli.dir.join("first-two/summary.tsv")).unwrap();
    assert_eq!(summary.lines().count(), 6, "{summary}");

    // A batch killed after two patterns (and in the middle of writing the
    // third row) resumes with the third alone; the first two rows are kept
    // as they were, not redone.
    let first_two: Vec<&str> = summary.lines().skip(4).collect();
    let killed = cli.dir.join("killed");
    std::fs::create_dir(&killed).unwrap();
    // A journal from another run (the limited one) is not continued.
    let limited_run = summary.lines().nth(2).unwrap();
    assert!(limited_run.starts_with("# run: shard 1/1 of 2 patterns of p.hex (digest "));
    let journal = format!("{limited_run}\n{}\n{}\n3\trej", first_two[0], first_two[1]);
    std::fs::write(killed.join("summary.tsv.part"), &journal).unwrap();
    let other = batch(&cli.path("killed"), &["--resume"]);
    assert_eq!(other.status.code(), Some(2));
    assert!(
        stderr(&other).contains("holds an unfinished batch of another run"),
        "{}",
        stderr(&other)
    );
    let whole = std::fs::read_to_string(cli.dir.join("out/summary.tsv")).unwrap();
    let whole_run = whole.lines().nth(2).unwrap();
    let journal = format!("{whole_run}\n{}\n{}\n3\trej", first_two[0], first_two[1]);
    std::fs::write(killed.join("summary.tsv.part"), journal).unwrap();
    let refused = batch(&cli.path("killed"), &[]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        stderr(&refused).contains("holds an unfinished batch (")
            && stderr(&refused).contains("add --resume"),
        "{}",
        stderr(&refused)
    );
    let resumed = batch(&cli.path("killed"), &["--resume"]);
    assert!(resumed.status.success(), "{}", stderr(&resumed));
    let summary = std::fs::read_to_string(killed.join("summary.tsv")).unwrap();
    let rows: Vec<&str> = summary.lines().skip(4).collect();
    assert_eq!(rows[..2], first_two[..]);
    assert!(rows[2].starts_with("3\trejected\t"), "{summary}");
    assert!(!killed.join("summary.tsv.part").exists());
    // The resumed run filled only pattern 3: pattern 2's puzzle was never
    // written here (the journal said it was done elsewhere).
    assert!(!killed.join("p-2.ipuz").exists());
}
