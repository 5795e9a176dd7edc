//! Regex crosswords: the shared examples and the 84 published puzzles solve to
//! exactly their known solutions, every solution is re-judged by Python's own
//! `re` (with the grid geometry recomputed there from the issue's formulas),
//! and bad input fails with a clear message.

use std::collections::BTreeSet;

use crate::common::python::run_python;
use crate::common::{data, run, scratch, stderr, stdout, ProgressLog};
use cruciverb::progress::Deadline;
use cruciverb::puzzles::regex::matcher::full_match;
use cruciverb::puzzles::regex::syntax::Regex;
use cruciverb::puzzles::regex::{solve, solve_reporting, Puzzle};
use serde_json::{json, Value};

/// Python re-checks every solution: each row/column (or hexagon line) fully
/// matches each of its regexes, with the lines built here from the issue's
/// definitions rather than from our layout code.
const CHECK_SOLUTIONS: &str = r#"
import json, re, sys
cases = json.load(open(sys.argv[1]))
def hex_lines(rows):
    n = len(rows); m = (n + 1) // 2
    assert n % 2 == 1
    for r, row in enumerate(rows):
        assert len(row) == m + min(r, n - 1 - r), (r, row)
    horizontal = list(rows)
    se = ["".join(rows[r][k - max(0, m - 1 - r)] for r in reversed(range(n))
                  if 0 <= k - max(0, m - 1 - r) < len(rows[r])) for k in range(n)]
    ne = ["".join(rows[r][n - 1 - k - max(0, r - (m - 1))] for r in range(n)
                  if 0 <= n - 1 - k - max(0, r - (m - 1)) < len(rows[r])) for k in range(n)]
    return horizontal + se + ne
bad = []
for case in cases:
    for rows in case["solutions"]:
        if case["shape"] == "hex":
            lines = hex_lines(rows)
            regexes = case["horizontal"] + case["se_to_nw"] + case["ne_to_sw"]
        else:
            width = len(case["col_regexes"])
            assert len(rows) == len(case["row_regexes"]) and all(len(r) == width for r in rows)
            lines = list(rows) + ["".join(r[c] for r in rows) for c in range(width)]
            regexes = case["row_regexes"] + case["col_regexes"]
        for line, group in zip(lines, regexes, strict=True):
            for rx in group:
                if not re.fullmatch(rx, line):
                    bad.append([case["name"], rx, line])
print(json.dumps(bad))
"#;

fn pack() -> Vec<Value> {
    let text = std::fs::read_to_string(data("regex/puzzles.json")).unwrap();
    serde_json::from_str(&text).unwrap()
}

fn family(entry: &Value, key: &str) -> Vec<Vec<String>> {
    serde_json::from_value(entry[key].clone()).unwrap()
}

fn puzzle_of(entry: &Value) -> Puzzle {
    if entry["shape"] == "hex" {
        let families = ["horizontal", "se_to_nw", "ne_to_sw"].map(|k| family(entry, k));
        Puzzle::hex(families, None, None).unwrap()
    } else {
        Puzzle::rect(
            family(entry, "row_regexes"),
            family(entry, "col_regexes"),
            None,
            None,
        )
        .unwrap()
    }
}

fn as_set(solutions: &[Vec<String>]) -> BTreeSet<Vec<String>> {
    solutions.iter().cloned().collect()
}

/// Asks Python to judge `cases` (pack-style entries with `solutions`); returns the failures.
fn python_rejects(name: &str, cases: &Value) -> Vec<Value> {
    let dir = scratch(name);
    let path = dir.join("cases.json");
    std::fs::write(&path, cases.to_string()).unwrap();
    let out = run_python(CHECK_SOLUTIONS, &[path.to_str().unwrap()]);
    serde_json::from_str(out.trim()).unwrap()
}

#[test]
fn every_published_puzzle_has_exactly_its_known_solutions() {
    let entries = pack();
    assert_eq!(entries.len(), 84);
    let mut judged = Vec::new();
    for entry in &entries {
        let name = entry["name"].as_str().unwrap();
        let known: Vec<Vec<String>> = serde_json::from_value(entry["solutions"].clone()).unwrap();
        let found = solve(&puzzle_of(entry), 100_000, &Deadline::never());
        assert!(found.complete, "{name}: search did not finish");
        if entry["solver_header"]
            .as_str()
            .unwrap()
            .contains("no other solutions")
        {
            assert_eq!(as_set(&found.found), as_set(&known), "{name}");
        } else {
            // The source lists only the first two it found ("there might be
            // other solutions"); Python below confirms each of ours.
            assert!(as_set(&known).is_subset(&as_set(&found.found)), "{name}");
            assert_eq!((name, found.found.len()), ("player_puzzle_sheep", 2304));
        }
        let mut case = entry.clone();
        case["solutions"] = json!(found.found);
        judged.push(case);
    }
    assert_eq!(
        python_rejects("regex-pack", &Value::Array(judged)),
        Vec::<Value>::new()
    );
}

#[test]
fn our_matcher_agrees_with_python_re_on_every_pack_regex() {
    // Each regex meets its own solution line and every one-character change
    // of it (over a few characters), so both answers occur often.
    let mut cases = Vec::new();
    for entry in pack() {
        let Some(rows) = entry["solutions"][0].as_array() else {
            continue;
        };
        if entry["shape"] != "rect" {
            continue;
        }
        let rows: Vec<String> = rows
            .iter()
            .map(|r| r.as_str().unwrap().to_string())
            .collect();
        let width = rows[0].chars().count();
        let cols = (0..width).map(|c| rows.iter().map(|r| r.chars().nth(c).unwrap()).collect());
        let lines: Vec<String> = rows.iter().cloned().chain(cols).collect();
        let regexes = [family(&entry, "row_regexes"), family(&entry, "col_regexes")].concat();
        for (line, group) in lines.iter().zip(regexes) {
            for source in group {
                for text in variants(line) {
                    let regex = Regex::parse(&source).unwrap();
                    let ours = full_match(&regex, &text.chars().collect::<Vec<_>>());
                    cases.push(json!([source, text, ours]));
                }
            }
        }
    }
    assert!(cases.len() > 3000, "{}", cases.len());
    let dir = scratch("regex-matcher");
    let path = dir.join("cases.json");
    std::fs::write(&path, Value::Array(cases).to_string()).unwrap();
    let script = r#"
import json, re, sys
cases = json.load(open(sys.argv[1]))
print(json.dumps([c for c in cases if bool(re.fullmatch(c[0], c[1])) != c[2]]))
"#;
    let out = run_python(script, &[path.to_str().unwrap()]);
    assert_eq!(out.trim(), "[]");
}

fn variants(line: &str) -> Vec<String> {
    let chars: Vec<char> = line.chars().collect();
    let mut out = vec![line.to_string()];
    for i in 0..chars.len() {
        for c in ['A', 'E', ' ', '1', '?'] {
            if chars[i] != c {
                let mut changed = chars.clone();
                changed[i] = c;
                out.push(changed.into_iter().collect());
            }
        }
    }
    out
}

fn example(name: &str) -> String {
    data(&format!("regex/{name}")).to_str().unwrap().to_string()
}

#[test]
fn beginner_example_prints_its_solution() {
    let out = run(&["regex", &example("beginner.json")]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out), "HE\nLP\n");
}

#[test]
fn intermediate_example_as_json() {
    let out = run(&["regex", &example("intermediate.json"), "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "{\"solutions\":[[\"NOS\",\"FER\",\"ATU\"]]}\n"
    );
}

#[test]
fn hard_example_has_one_solution_that_python_accepts() {
    let out = run(&["regex", &example("hard-5x5.json"), "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let solutions: Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(solutions["solutions"].as_array().unwrap().len(), 1);
    let file: Value =
        serde_json::from_str(&std::fs::read_to_string(example("hard-5x5.json")).unwrap()).unwrap();
    let pair = |a: &str, b: &str| -> Value {
        let first = file[a].as_array().unwrap();
        let second = file[b].as_array().unwrap();
        first
            .iter()
            .zip(second)
            .map(|(x, y)| json!([x, y]))
            .collect()
    };
    let case = json!([{
        "name": "hard-5x5", "shape": "rect",
        "row_regexes": pair("left_lines", "right_lines"),
        "col_regexes": pair("top_columns", "bottom_columns"),
        "solutions": solutions["solutions"],
    }]);
    assert_eq!(python_rejects("regex-hard", &case), Vec::<Value>::new());
}

fn write_puzzle(dir: &crate::common::ScratchDir, puzzle: &Value) -> String {
    let path = dir.join("puzzle.json");
    std::fs::write(&path, puzzle.to_string()).unwrap();
    path.to_str().unwrap().to_string()
}

fn intermediate_with(extra: &[(&str, Value)]) -> Value {
    let text = std::fs::read_to_string(example("intermediate.json")).unwrap();
    let mut puzzle: Value = serde_json::from_str(&text).unwrap();
    for (key, value) in extra {
        puzzle[*key] = value.clone();
    }
    puzzle
}

#[test]
fn count_max_and_hint() {
    let sheep = pack()
        .into_iter()
        .find(|e| e["name"] == "player_puzzle_sheep")
        .unwrap();
    let dir = scratch("regex-count");
    let path = write_puzzle(
        &dir,
        &json!({
            "left_lines": sheep["row_regexes"].as_array().unwrap().iter().map(|l| l[0].clone()).collect::<Vec<_>>(),
            "right_lines": sheep["row_regexes"].as_array().unwrap().iter().map(|l| l[1].clone()).collect::<Vec<_>>(),
            "top_columns": sheep["col_regexes"].as_array().unwrap().iter().map(|l| l[0].clone()).collect::<Vec<_>>(),
            "bottom_columns": null,
        }),
    );
    let out = run(&["regex", &path, "--count", "--max", "5000"]);
    assert_eq!(stdout(&out), "2304\n");
    let out = run(&["regex", &path, "--count", "--max", "10"]);
    assert_eq!(stdout(&out), "10\n");
    assert_eq!(stderr(&out), "stopped after 10 solutions (--max)\n");

    // The known solution is NOS/FER/ATU; the first open cell is the hint.
    let path = write_puzzle(
        &dir,
        &intermediate_with(&[("grid", json!(["N__", "___", "___"]))]),
    );
    let out = run(&["regex", &path, "--hint"]);
    assert_eq!(
        stdout(&out),
        "row 1, column 2: 'O' (its lines allow nothing else)\n"
    );
}

#[test]
fn a_partial_grid_is_respected() {
    let dir = scratch("regex-grid");
    let path = write_puzzle(
        &dir,
        &intermediate_with(&[("grid", json!(["N__", "___", "__U"]))]),
    );
    assert_eq!(stdout(&run(&["regex", &path])), "NOS\nFER\nATU\n");
    let path = write_puzzle(
        &dir,
        &intermediate_with(&[("grid", json!(["X__", "___", "___"]))]),
    );
    let out = run(&["regex", &path]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stderr(&out), "no solution\n");
}

#[test]
fn an_explicit_alphabet_limits_the_cells() {
    let dir = scratch("regex-alphabet");
    let puzzle = json!({"left_lines": ["[AB]"], "top_columns": ["."], "alphabet": "B"});
    assert_eq!(
        stdout(&run(&["regex", &write_puzzle(&dir, &puzzle)])),
        "B\n"
    );
}

#[test]
fn bad_input_gets_a_clear_error() {
    let dir = scratch("regex-errors");
    let cases = [
        (json!({"left_lines": ["A("], "top_columns": ["A"]}),
         "row 1: regex \"A(\": missing ), unterminated subpattern at position 2"),
        (json!({"left_lines": ["A"], "top_columns": ["(?<=B)A"]}),
         "column 1: regex \"(?<=B)A\": unsupported syntax: lookbehind `(?` at position 1"),
        (json!({"left_lines": ["A"], "top_columns": ["\\1(A)"]}),
         "column 1: regex \"\\\\1(A)\": invalid group reference 1 at position 2"),
        (json!({"left_lines": ["A", "B"], "right_lines": ["A"], "top_columns": ["A"]}),
         "right_lines has 1 regexes but left_lines has 2"),
        (json!({"left_lines": [], "top_columns": ["A"]}),
         "a puzzle needs at least one row and one column"),
        (json!({"left_lines": ["A"], "top_columns": ["A"], "grid": ["AB"]}),
         "grid row 1 has 2 cells but should have 1"),
        (json!({"left_lines": ["A"], "top_columns": ["A"], "colour": 1}),
         "unknown field `colour`, expected one of `left_lines`, `right_lines`, `top_columns`, `bottom_columns`, `alphabet`, `grid`, `shape`"),
        (json!({"shape": "hex", "horizontal": [["A"], ["B"]], "se_to_nw": [["A"], ["B"]], "ne_to_sw": [["A"], ["B"]]}),
         "a hexagon needs an odd number of horizontal lines, not 2"),
        (json!({"shape": "hex", "horizontal": [["A"]], "se_to_nw": [["A"]], "ne_to_sw": [[]]}),
         "ne_to_sw line 1 has 0 regexes (expected 1 or 2)"),
        (json!({"shape": "square", "left_lines": ["A"], "top_columns": ["A"]}),
         "unknown shape \"square\" (expected \"rect\" or \"hex\")"),
    ];
    for (puzzle, message) in cases {
        let path = write_puzzle(&dir, &puzzle);
        let out = run(&["regex", &path]);
        assert_eq!(out.status.code(), Some(2), "{puzzle}");
        assert_eq!(
            stderr(&out),
            format!("cruciverb: error: {path}: {message}\n")
        );
    }
    let path = dir.join("broken.json");
    std::fs::write(&path, "{\"left_lines\": [\n").unwrap();
    let out = run(&["regex", path.to_str().unwrap()]);
    assert_eq!(
        stderr(&out),
        format!(
            "cruciverb: error: {}:2:0: EOF while parsing a list\n",
            path.display()
        )
    );
}

#[test]
fn a_one_row_hexagon_reads_its_cell_three_ways() {
    // n = 1: a single cell on all three lines.
    let dir = scratch("regex-hex1");
    let puzzle = json!({"shape": "hex", "horizontal": [["[AB]"]], "se_to_nw": [["[BC]"]], "ne_to_sw": [["B|Z"]]});
    assert_eq!(
        stdout(&run(&["regex", &write_puzzle(&dir, &puzzle), "--json"])),
        "{\"solutions\":[[\"B\"]]}\n"
    );
}

#[test]
fn hint_falls_back_on_what_every_solution_shares() {
    // Line by line every cell could still be A or B; only trying shows that
    // AA/AA is the one solution.
    let dir = scratch("regex-hint");
    let puzzle = json!({"left_lines": ["AA|BB", "AA|BB"], "top_columns": ["AA|BB", "AA|BA|AB"], "alphabet": "AB"});
    let out = run(&["regex", &write_puzzle(&dir, &puzzle), "--hint"]);
    assert_eq!(
        stdout(&out),
        "row 1, column 1: 'A' (every solution has it)\n"
    );

    let puzzle = json!({"left_lines": ["AB|BA", "AB|BA"], "top_columns": ["AB|BA", "AB|BA"], "alphabet": "AB"});
    let out = run(&["regex", &write_puzzle(&dir, &puzzle), "--hint"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        stdout(&out),
        "no open cell is forced: the solutions differ in every open cell, or none is open\n"
    );
    assert_eq!(
        stdout(&run(&["regex", &write_puzzle(&dir, &puzzle), "--count"])),
        "2\n"
    );
}

#[test]
fn the_search_reports_each_branch_it_tries() {
    // One cell, A or B, that no line decides: the search tries both.
    let one = |r: &str| vec![vec![r.to_string()]];
    let puzzle = Puzzle::rect(one("[AB]"), one("[AB]"), None, None).unwrap();
    let log = ProgressLog::default();
    let solutions = solve_reporting(&puzzle, 10, &Deadline::never(), &log);
    assert_eq!(solutions.found, [["A"], ["B"]]);
    assert_eq!(
        log.calls(),
        [
            "start branches tried of ?",
            "advance 1",
            "advance 1",
            "finish"
        ]
    );
}
