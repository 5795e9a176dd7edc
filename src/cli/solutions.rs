//! How the solver commands (`regex`, `numbers`) report a search: a note when
//! it stopped before the end, then the solutions as a count, as JSON
//! (`{"solutions": […]}`) or as text blocks separated by a blank line. Each
//! command only says how one solution looks.

use std::time::Duration;

use serde_json::{json, Value};

use cruciverb::puzzles::Solutions;
use cruciverb::Result;

/// What a solver command prints of its solutions.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Output {
    Count,
    Json,
    Text,
}

impl Output {
    /// From the commands' `--count` and `--json` flags; `--count` wins.
    pub fn of(count: bool, json: bool) -> Output {
        match (count, json) {
            (true, _) => Output::Count,
            (false, true) => Output::Json,
            (false, false) => Output::Text,
        }
    }
}

/// `--max N` as a number of solutions (a count beyond memory is no limit).
pub fn max_solutions(max: u64) -> usize {
    usize::try_from(max).unwrap_or(usize::MAX)
}

/// Notes why the search stopped early, if it did (`max` and `timeout` are
/// the limits it was given), and prints the solutions as `output` asks:
/// each through `as_json` or `as_text` (a block without its last newline).
pub fn report<T>(
    solutions: &Solutions<T>,
    (max, timeout): (usize, Option<Duration>),
    output: Output,
    as_json: impl Fn(&T) -> Value,
    as_text: impl Fn(&T) -> String,
) -> Result<()> {
    if solutions.timed_out {
        note!(
            "gave up after {:.1} s (--timeout) with {} solution(s) found",
            timeout.unwrap_or_default().as_secs_f64(),
            solutions.found.len()
        );
    } else if !solutions.complete {
        note!("stopped after {max} solutions (--max)");
    }
    match output {
        Output::Count => outln!("{}", solutions.found.len()),
        Output::Json => {
            let list: Vec<Value> = solutions.found.iter().map(as_json).collect();
            outln!("{}", json!({ "solutions": list }));
        }
        Output::Text => {
            let blocks: Vec<String> = solutions.found.iter().map(as_text).collect();
            if !blocks.is_empty() {
                outln!("{}", blocks.join("\n\n"));
            }
        }
    }
    Ok(())
}
