//! The `arrange` subcommand: place a word set in the smallest square (or a
//! given one) and print the grid and the placements.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::Args;

use cruciverb::formats::ipuz;
use cruciverb::grid::{Direction, MIN_SIDE};
use cruciverb::puzzles::arrange::{arrange, arrange_smallest, read_words, Arrangement, Outcome};
use cruciverb::{files, Result};

use super::exit::NO_RESULT;
use super::options::{wrote, ForceOption, TimeoutOption};
use super::progress::Bars;

#[derive(Args)]
pub struct ArrangeArgs {
    /// The words, one per line.
    words: PathBuf,
    /// Side of the square (default: the smallest that works).
    #[arg(long, value_name = "N")]
    size: Option<usize>,
    /// Place at least W of the words (default: all of them).
    #[arg(long, value_name = "W")]
    at_least: Option<usize>,
    /// Also write the puzzle (empty clues) as ipuz.
    #[arg(long, short, value_name = "FILE.ipuz")]
    out: Option<PathBuf>,
    #[command(flatten)]
    time: TimeoutOption,
    #[command(flatten)]
    force: ForceOption,
}

pub fn run(command: &ArrangeArgs) -> Result<ExitCode> {
    let words = read_words(&command.words)?;
    if let Some(out) = &command.out {
        files::target(out, command.force.existing())?;
    }
    let at_least = command.at_least.unwrap_or(words.len());
    let deadline = command.time.deadline();
    let started = Instant::now();
    let outcome = match command.size {
        Some(size) => arrange(&words, size, at_least, &deadline)?,
        None => arrange_smallest(&words, at_least, &deadline, &Bars::new(false))?,
    };
    let seconds = started.elapsed().as_secs_f64();
    let found = match outcome {
        Outcome::Arranged(found) => found,
        Outcome::Impossible(reason) => {
            note!("impossible: {reason} ({seconds:.2} s)");
            return Ok(ExitCode::from(NO_RESULT));
        }
        Outcome::GaveUp => {
            note!("gave up after {seconds:.1} s (--timeout) without an arrangement");
            return Ok(ExitCode::from(NO_RESULT));
        }
    };
    print_arrangement(&found)?;
    note!(
        "{} of {} words in {} ({seconds:.2} s)",
        found.placements.len(),
        words.len(),
        size_note(found.size, command.size.is_none())
    );
    if let Some(out) = &command.out {
        ipuz::save(&found.puzzle()?, out, command.force.existing())?;
        wrote(out);
    }
    Ok(ExitCode::SUCCESS)
}

/// The grid, a blank line, then one `ROW COL across|down WORD` line per
/// word (rows and columns from 1).
fn print_arrangement(found: &Arrangement) -> Result<()> {
    out!("{}", found.grid()?.to_text());
    outln!();
    for p in &found.placements {
        let direction = match p.direction {
            Direction::Across => "across",
            Direction::Down => "down",
        };
        outln!("{} {} {direction} {}", p.row + 1, p.col + 1, p.word);
    }
    Ok(())
}

fn size_note(size: usize, smallest: bool) -> String {
    match (smallest, size > MIN_SIDE) {
        (false, _) => format!("{size}×{size}"),
        (true, true) => format!(
            "{size}×{size}, the smallest: {0}×{0} is impossible",
            size - 1
        ),
        (true, false) => format!("{size}×{size}, the smallest grid"),
    }
}
