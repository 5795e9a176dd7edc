//! `patterns --style barred`: every pattern written is checked against the
//! rules by this file's own reading of the grid, exhaustive runs equal a
//! brute force over every placing of bars, random runs keep the rules and
//! their seed, shards partition a run, and barred pattern files fill.

use std::collections::{BTreeSet, HashSet};

use crate::common::*;
use cruciverb::grid::Grid;
use cruciverb::pattern::hex;
use cruciverb::pattern::Pattern;

/// A place for a bar: (right?, row, col).
type Place = (bool, usize, usize);

fn places(w: usize, h: usize) -> Vec<Place> {
    let right = (0..h).flat_map(|r| (0..w - 1).map(move |c| (true, r, c)));
    let below = (0..h - 1).flat_map(|r| (0..w).map(move |c| (false, r, c)));
    right.chain(below).collect()
}

/// Where a symmetry's generators send a bar.
fn images(symmetry: &str, (right, r, c): Place, w: usize, h: usize) -> Vec<Place> {
    let turn = if right {
        (true, h - 1 - r, w - 2 - c)
    } else {
        (false, h - 2 - r, w - 1 - c)
    };
    let left_right = if right {
        (true, r, w - 2 - c)
    } else {
        (false, r, w - 1 - c)
    };
    let top_bottom = if right {
        (true, h - 1 - r, c)
    } else {
        (false, h - 2 - r, c)
    };
    match symmetry {
        "rotational" => vec![turn],
        "mirror" => vec![left_right],
        "four-fold" => vec![left_right, top_bottom],
        _ => vec![],
    }
}

/// Rules as the command line gives them, read independently here.
struct Rules {
    symmetry: &'static str,
    min: usize,
    max: usize,
    /// Share of a light's letters that may be unchecked, in per cent.
    unchecked_percent: usize,
}

/// The runs of a grid with no blocks: (across?, cells).
fn runs(grid: &Grid) -> Vec<(bool, Vec<(usize, usize)>)> {
    let (w, h) = (grid.width(), grid.height());
    let mut out = Vec::new();
    for r in 0..h {
        let mut run = vec![];
        for c in 0..w {
            run.push((r, c));
            if c + 1 == w || grid.bars(r, c).right {
                out.push((true, std::mem::take(&mut run)));
            }
        }
    }
    for c in 0..w {
        let mut run = vec![];
        for r in 0..h {
            run.push((r, c));
            if r + 1 == h || grid.bars(r, c).below {
                out.push((false, std::mem::take(&mut run)));
            }
        }
    }
    out
}

/// Why the pattern breaks the rules, or None.
fn broken(p: &Pattern, rules: &Rules) -> Option<String> {
    let grid = Grid::from_pattern(p);
    let (w, h) = (grid.width(), grid.height());
    if (0..h).any(|r| (0..w).any(|c| !grid.is_white(r, c))) {
        return Some("a block".into());
    }
    let all = runs(&grid);
    if let Some((_, bad)) = all
        .iter()
        .find(|(_, cells)| cells.len() > 1 && !(rules.min..=rules.max).contains(&cells.len()))
    {
        return Some(format!("run of {}", bad.len()));
    }
    let len_at = |across: bool, cell: (usize, usize)| {
        all.iter()
            .find(|(a, cells)| *a == across && cells.contains(&cell))
            .map_or(0, |(_, cells)| cells.len())
    };
    for r in 0..h {
        for c in 0..w {
            if len_at(true, (r, c)) == 1 && len_at(false, (r, c)) == 1 {
                return Some(format!("{r},{c} in no light"));
            }
        }
    }
    let lights: Vec<&(bool, Vec<(usize, usize)>)> =
        all.iter().filter(|(_, cells)| cells.len() > 1).collect();
    for (across, cells) in &lights {
        let unchecked: Vec<bool> = cells
            .iter()
            .map(|&cell| len_at(!across, cell) == 1)
            .collect();
        let count = unchecked.iter().filter(|&&u| u).count();
        if count * 100 > rules.unchecked_percent * cells.len() {
            return Some(format!("{count} unchecked in {}", cells.len()));
        }
    }
    let unchecked = |r: usize, c: usize| len_at(true, (r, c)) == 1 || len_at(false, (r, c)) == 1;
    for r in 0..h {
        for c in 0..w {
            let neighbours = [(r + 1, c), (r, c + 1)];
            if unchecked(r, c)
                && neighbours
                    .iter()
                    .any(|&(nr, nc)| nr < h && nc < w && unchecked(nr, nc))
            {
                return Some("two unchecked cells touch".into());
            }
        }
    }
    // Connected along lights: a flood from the first cell.
    let mut seen = HashSet::from([(0usize, 0usize)]);
    let mut todo = vec![(0usize, 0usize)];
    while let Some(cell) = todo.pop() {
        for (_, cells) in lights.iter().filter(|(_, cells)| cells.contains(&cell)) {
            for &next in cells {
                if seen.insert(next) {
                    todo.push(next);
                }
            }
        }
    }
    if seen.len() != w * h {
        return Some("not connected".into());
    }
    // Symmetry: every bar's images are bars.
    let has = |(right, r, c): Place| {
        let bars = grid.bars(r, c);
        if right {
            bars.right
        } else {
            bars.below
        }
    };
    for place in places(w, h) {
        if has(place)
            && images(rules.symmetry, place, w, h)
                .into_iter()
                .any(|i| !has(i))
        {
            return Some("not symmetric".into());
        }
    }
    None
}

/// Every pattern of the size keeping the rules, by trying every placing of
/// bars that the symmetry allows (bars in one orbit are placed together).
fn brute_force(w: usize, h: usize, rules: &Rules) -> BTreeSet<String> {
    let all = places(w, h);
    let index = |p: Place| all.iter().position(|&q| q == p).unwrap();
    let mut orbit: Vec<usize> = (0..all.len()).collect();
    fn root(o: &mut [usize], mut i: usize) -> usize {
        while o[i] != i {
            i = o[i];
        }
        i
    }
    for (i, &place) in all.iter().enumerate() {
        for image in images(rules.symmetry, place, w, h) {
            let (a, b) = (root(&mut orbit, i), root(&mut orbit, index(image)));
            orbit[a] = b;
        }
    }
    let roots: Vec<usize> = (0..all.len()).map(|i| root(&mut orbit, i)).collect();
    let distinct: Vec<usize> = roots
        .iter()
        .copied()
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    let mut found = BTreeSet::new();
    for bits in 0u64..1 << distinct.len() {
        let mut grid = Grid::empty(w, h).unwrap();
        for (i, &(right, r, c)) in all.iter().enumerate() {
            let k = distinct.iter().position(|&d| d == roots[i]).unwrap();
            if bits >> k & 1 == 1 {
                let mut bars = grid.bars(r, c);
                if right {
                    bars.right = true;
                } else {
                    bars.below = true;
                }
                grid.set_bars(r, c, bars);
            }
        }
        let pattern = grid.pattern();
        if broken(&pattern, rules).is_none() {
            found.insert(hex::encode(&pattern));
        }
    }
    found
}

/// The patterns lines of a pattern file's text.
fn written(text: &str) -> Vec<String> {
    pattern_lines(text)
}

fn patterns_run(args: &[&str]) -> String {
    let mut all = vec!["patterns", "--style", "barred"];
    all.extend_from_slice(args);
    let out = run(&all);
    assert!(out.status.success(), "{args:?}: {}", stderr(&out));
    stdout(&out)
}

#[test]
fn exhaustive_runs_and_counts_equal_a_brute_force_over_every_placing_of_bars() {
    let cases: [(&str, &'static str, usize, usize); 7] = [
        ("4", "rotational", 3, 4),
        ("4", "mirror", 3, 4),
        ("4", "four-fold", 3, 4),
        ("3x4", "none", 3, 4),
        ("4x3", "none", 3, 4),
        ("5", "rotational", 3, 5),
        ("5", "four-fold", 2, 5),
    ];
    for (size, symmetry, min, max) in cases {
        let (w, h) = match size.split_once('x') {
            Some((w, h)) => (w.parse().unwrap(), h.parse().unwrap()),
            None => (size.parse().unwrap(), size.parse().unwrap()),
        };
        let rules = Rules {
            symmetry,
            min,
            max,
            unchecked_percent: 50,
        };
        let expected = brute_force(w, h, &rules);
        assert!(!expected.is_empty(), "{size} {symmetry}");
        let args = [
            "--size",
            size,
            "--symmetry",
            symmetry,
            "--min-word",
            &min.to_string(),
            "--max-word",
            &max.to_string(),
        ]
        .map(str::to_string);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let lines = written(&patterns_run(&args));
        let set: BTreeSet<String> = lines.iter().cloned().collect();
        assert_eq!(set.len(), lines.len(), "{size} {symmetry}: a pattern twice");
        assert_eq!(set, expected, "{size} {symmetry}");
        let mut count = args.clone();
        count.push("--count");
        assert_eq!(
            patterns_run(&count).trim(),
            expected.len().to_string(),
            "{size} {symmetry}"
        );
    }
}

#[test]
fn shards_of_a_barred_run_partition_it() {
    let whole = written(&patterns_run(&["--size", "5"]));
    let rules = Rules {
        symmetry: "rotational",
        min: 3,
        max: 5,
        unchecked_percent: 50,
    };
    assert_eq!(whole.len(), brute_force(5, 5, &rules).len());
    let mut joined = Vec::new();
    for k in 1..=3 {
        let shard = format!("{k}/3");
        let part = written(&patterns_run(&["--size", "5", "--shard", &shard]));
        let counted = patterns_run(&["--size", "5", "--shard", &shard, "--count"]);
        assert_eq!(counted.trim(), part.len().to_string());
        joined.extend(part);
    }
    assert_eq!(joined.len(), whole.len());
    assert_eq!(
        joined.iter().collect::<BTreeSet<_>>(),
        whole.iter().collect::<BTreeSet<_>>()
    );
}

#[test]
fn random_runs_keep_the_rules_their_seed_and_never_repeat() {
    let rules = Rules {
        symmetry: "rotational",
        min: 3,
        max: 12,
        unchecked_percent: 50,
    };
    let text = patterns_run(&["--size", "12", "--random", "--seed", "9", "--limit", "30"]);
    assert!(text.contains("# style: barred\n"));
    assert!(text.contains(
        "# rules: barred symmetry=rotational lights=3..12 max-unchecked=50% connected\n"
    ));
    let lines = written(&text);
    assert_eq!(lines.len(), 30);
    assert_eq!(lines.iter().collect::<HashSet<_>>().len(), 30);
    for line in &lines {
        let p = hex::decode(line).unwrap();
        assert!(p.is_barred());
        assert_eq!(broken(&p, &rules), None, "{line}");
        assert_eq!(hex::encode(&p), *line);
    }
    let again = patterns_run(&["--size", "12", "--random", "--seed", "9", "--limit", "30"]);
    assert_eq!(written(&again), lines);
    // Other rules: mirror symmetry, lights of 4 to 8, a count of lights.
    let text = patterns_run(&[
        "--size",
        "12",
        "--random",
        "--seed",
        "2",
        "--limit",
        "5",
        "--symmetry",
        "mirror",
        "--min-word",
        "4",
        "--max-word",
        "8",
        "--words",
        "40..52",
        "--max-unchecked",
        "3",
    ]);
    let mirror = Rules {
        symmetry: "mirror",
        min: 4,
        max: 8,
        unchecked_percent: 100,
    };
    for line in written(&text) {
        let p = hex::decode(&line).unwrap();
        assert_eq!(broken(&p, &mirror), None, "{line}");
        let grid = Grid::from_pattern(&p);
        let lights: Vec<_> = runs(&grid)
            .into_iter()
            .filter(|(_, c)| c.len() > 1)
            .collect();
        assert!((40..=52).contains(&lights.len()), "{} lights", lights.len());
        for (across, cells) in &lights {
            let unchecked = cells
                .iter()
                .filter(|&&cell| {
                    runs(&grid)
                        .iter()
                        .any(|(a, other)| a != across && other.len() == 1 && other[0] == cell)
                })
                .count();
            assert!(unchecked <= 3);
        }
    }
}

#[test]
fn barred_pattern_lines_round_trip_and_bad_ones_are_named() {
    let text = patterns_run(&["--size", "7x9", "--random", "--seed", "1", "--limit", "3"]);
    for line in written(&text) {
        assert!(line.starts_with("7x9:"), "{line}");
        let p = hex::decode(&line).unwrap();
        assert_eq!((p.width(), p.height()), (7, 9));
        assert_eq!(hex::encode(&p), line);
        assert_eq!(Grid::from_pattern(&p).pattern(), p);
    }
    let bad = [
        ("FFFFFFh/0", "a 5x5 pattern has 40 places for bars, but its bars after '/' give 4"),
        ("FFFFFFh/FFFFFFFFFz", "bars: hex pattern: bad character 'z' at character 10 (expected 0-9, A-F, or a final g-t)"),
    ];
    for (line, message) in bad {
        assert_eq!(
            hex::decode(line).unwrap_err().to_string(),
            message,
            "{line}"
        );
    }
}

#[test]
fn a_barred_pattern_file_fills_and_its_grid_keeps_the_bars() {
    let dir = scratch("barred-file");
    let file = dir.join("b.hex");
    let out = run(&[
        "patterns",
        "--style",
        "barred",
        "--size",
        "12",
        "--random",
        "--seed",
        "4",
        "--limit",
        "2",
        "--words",
        "44..52",
        "--max-word",
        "8",
        "-o",
        file.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stderr(&out).starts_with(&format!("wrote 2 patterns to {} in ", file.display())));
    let spec = format!("{}:2", file.display());
    let out = run(&["fill", &spec, "--polish", "0", "--timeout", "20"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let printed = stdout(&out);
    let grid = Grid::parse_text(printed.split("mean score").next().unwrap(), "out").unwrap();
    let pattern = hex::decode(&written(&std::fs::read_to_string(&file).unwrap())[1]).unwrap();
    assert_eq!(grid.pattern(), pattern);
}

#[test]
fn barred_runs_refuse_what_does_not_apply_in_one_line() {
    let cases: [(&[&str], &str); 5] = [
        (
            &["patterns", "--style", "barred", "--size", "5", "--blacks", "3"],
            "cruciverb: error: --blacks does not apply to --style barred (a barred grid has no blocks)\n",
        ),
        (
            &["patterns", "--style", "barred", "--size", "5", "--count", "--random"],
            "",
        ),
        (
            &["patterns", "--size", "5", "--max-unchecked", "2"],
            "cruciverb: error: --max-unchecked is a rule of barred grids; add --style barred (blocked grids take --unchecked allow|forbid)\n",
        ),
        (
            &["patterns", "--style", "barred", "--size", "5", "--min-word", "6"],
            "cruciverb: error: impossible rules: the longest light (5) is shorter than the shortest (6)\n",
        ),
        (
            &["patterns", "--style", "barred", "--size", "5", "--random", "--seed", "1", "--words", "30..40"],
            "cruciverb: error: impossible rules: no 5x5 barred pattern keeps these rules in 2000 random starts (barred symmetry=rotational lights=3..5 max-unchecked=50% connected count=30..40); loosen them\n",
        ),
    ];
    for (args, message) in cases {
        let out = run(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        if !message.is_empty() {
            assert_eq!(stderr(&out), message, "{args:?}");
        }
    }
}
