//! `cruciverb numbers`: solve a number crossword (letters standing for
//! values, answers spelled digit by digit), list or count its solutions.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use serde_json::{json, Map, Value};

use cruciverb::puzzles::numbers::{solve, Puzzle, Solution};
use cruciverb::Result;

use super::exit::solver_exit;
use super::options::{parse_positive, TimeoutOption};
use super::solutions::{max_solutions, report, Output};

#[derive(Args)]
pub struct NumbersArgs {
    /// The puzzle: JSON with grid, values, clues (across/down) and spellings.
    puzzle: PathBuf,
    /// Stop after N solutions.
    #[arg(long, value_name = "N", default_value_t = 1000,
          value_parser = parse_positive)]
    max: u64,
    /// Print {"solutions": [{"grid", "values", "languages"}, …]} instead of text.
    #[arg(long, conflicts_with = "count")]
    json: bool,
    /// Print only the number of solutions (at most --max).
    #[arg(long)]
    count: bool,
    #[command(flatten)]
    time: TimeoutOption,
}

pub fn run(command: &NumbersArgs) -> Result<ExitCode> {
    let puzzle = Puzzle::load(&command.puzzle)?;
    let deadline = command.time.deadline();
    let max = max_solutions(command.max);
    let solutions = solve(&puzzle, max, &deadline);
    report(
        &solutions,
        (max, command.time.timeout),
        Output::of(command.count, command.json),
        as_json,
        as_text,
    )?;
    Ok(solver_exit(solutions.found.len(), solutions.timed_out))
}

/// The grid, then `values: A=2 B=3 …` and `languages: 1A english, …`.
fn as_text(solution: &Solution) -> String {
    let values: Vec<String> = solution
        .values
        .iter()
        .map(|(l, v)| format!("{l}={v}"))
        .collect();
    let languages: Vec<String> = solution
        .languages
        .iter()
        .map(|(label, language)| format!("{label} {language}"))
        .collect();
    let mut grid: String = rows(&solution.grid)
        .iter()
        .map(|row| format!("{row}\n"))
        .collect();
    // Solutions are told apart by blank lines: a barred grid's bars follow
    // its rows directly.
    if solution.grid.is_barred() {
        grid += &format!("bars: {}\n", solution.grid.bars_notation());
    }
    format!(
        "{grid}values: {}\nlanguages: {}",
        values.join(" "),
        languages.join(", ")
    )
}

/// The grid's rows alone, as the text grid format writes them.
fn rows(grid: &cruciverb::grid::Grid) -> Vec<String> {
    grid.to_text()
        .lines()
        .take(grid.height())
        .map(str::to_string)
        .collect()
}

fn as_json(solution: &Solution) -> Value {
    let values: Map<String, Value> = solution
        .values
        .iter()
        .map(|(l, v)| (l.to_string(), json_number(*v)))
        .collect();
    let languages: Map<String, Value> = solution
        .languages
        .iter()
        .map(|(label, language)| (label.clone(), Value::from(language.as_str())))
        .collect();
    let mut out = json!({
        "grid": rows(&solution.grid),
        "values": values,
        "languages": languages,
    });
    if solution.grid.is_barred() {
        out["bars"] = Value::from(solution.grid.bars_notation());
    }
    out
}

/// Values come from the file's 64-bit integers, so they fit; the string is
/// only a fallback that keeps the output honest if that ever changes.
fn json_number(v: i128) -> Value {
    i64::try_from(v).map_or_else(|_| Value::from(v.to_string()), Value::from)
}
