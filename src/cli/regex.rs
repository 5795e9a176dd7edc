//! `cruciverb regex`: solve a regex crossword, count its solutions, or give a hint.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use serde_json::json;

use cruciverb::progress::Deadline;
use cruciverb::puzzles::regex::{hint, solve_reporting, HintOutcome, Puzzle, Shape};
use cruciverb::Result;

use super::options::{parse_positive, TimeoutOption};

use super::exit::{solver_exit, NO_RESULT};
use super::progress::Bars;
use super::solutions::{max_solutions, report, Output};

/// Solutions `--hint` looks at when no cell is forced by its lines alone.
const HINT_SOLUTION_CAP: usize = 10_000;

#[derive(Args)]
pub struct RegexArgs {
    /// The puzzle: JSON with left_lines/top_columns (rectangle) or "shape": "hex".
    puzzle: PathBuf,
    /// Stop after N solutions.
    #[arg(long, value_name = "N", default_value_t = 1000,
          value_parser = parse_positive)]
    max: u64,
    /// Print {"solutions": [[ROW, …], …]} instead of text.
    #[arg(long, conflicts_with_all = ["count", "hint"])]
    json: bool,
    /// Print only the number of solutions (at most --max).
    #[arg(long, conflicts_with = "hint")]
    count: bool,
    /// Print one unknown cell that the puzzle forces.
    #[arg(long)]
    hint: bool,
    #[command(flatten)]
    time: TimeoutOption,
}

pub fn run(command: &RegexArgs) -> Result<ExitCode> {
    let puzzle = Puzzle::load(&command.puzzle)?;
    let timeout = command.time.timeout;
    let deadline = command.time.deadline();
    if command.hint {
        return print_hint(&puzzle, &deadline);
    }
    let max = max_solutions(command.max);
    let solutions = solve_reporting(&puzzle, max, &deadline, &Bars::new(false));
    let output = Output::of(command.count, command.json);
    report(
        &solutions,
        (max, timeout),
        output,
        |rows| json!(rows),
        |rows| rows.join("\n"),
    )?;
    if output == Output::Count {
        return Ok(match solutions.timed_out {
            true => ExitCode::from(NO_RESULT),
            false => ExitCode::SUCCESS,
        });
    }
    Ok(solver_exit(solutions.found.len(), solutions.timed_out))
}

fn print_hint(puzzle: &Puzzle, deadline: &Deadline) -> Result<ExitCode> {
    let h = match hint(puzzle, HINT_SOLUTION_CAP, deadline, &Bars::new(false)) {
        HintOutcome::Cell(h) => h,
        HintOutcome::NoneForced => {
            outln!(
                "no open cell is forced: the solutions differ in every open cell, or none is open"
            );
            return Ok(ExitCode::SUCCESS);
        }
        HintOutcome::NoSolution => {
            note!("no solution");
            return Ok(ExitCode::from(NO_RESULT));
        }
        HintOutcome::GaveUp => {
            note!("gave up (--timeout) before finding a forced cell");
            return Ok(ExitCode::from(NO_RESULT));
        }
    };
    let place = match puzzle.shape {
        Shape::Rect { .. } => format!("row {}, column {}", h.row + 1, h.column + 1),
        Shape::Hex { .. } => format!("row {}, cell {}", h.row + 1, h.column + 1),
    };
    let why = if h.by_lines_alone {
        "its lines allow nothing else"
    } else {
        "every solution has it"
    };
    outln!("{place}: {:?} ({why})", h.value);
    Ok(ExitCode::SUCCESS)
}
