//! The `squares` subcommand: count or list word squares of one size.

use std::io::{self, Write};
use std::process::ExitCode;

use clap::Args;

use cruciverb::files::stdout_error;
use cruciverb::progress::Deadline;
use cruciverb::puzzles::squares::{Square, WordSquares};
use cruciverb::wordlist::spec::default_cache_dir;
use cruciverb::Result;

use super::exit::NO_RESULT;
use super::options::{parse_positive, parse_threads, threads, TimeoutOption, WordlistOptions};
use super::progress::Bars;

#[derive(Args)]
#[command(mut_arg("timeout", |a| a.help("Give up after this many seconds (a count says nothing then; a listing keeps the squares it printed)")))]
pub struct SquaresArgs {
    /// Side of the square: every row and column is a word of this length.
    #[arg(long, value_name = "N")]
    size: usize,
    /// Print only how many squares there are.
    #[arg(long, conflicts_with = "limit")]
    count: bool,
    /// List at most K squares (default: all of them).
    #[arg(long, value_name = "K", value_parser = parse_positive)]
    limit: Option<u64>,
    /// No word twice in a square (this rules out symmetric squares).
    #[arg(long)]
    distinct: bool,
    /// With --count: worker threads (default: all cores).
    #[arg(long, requires = "count", value_parser = parse_threads)]
    threads: Option<usize>,
    #[command(flatten)]
    time: TimeoutOption,
    #[command(flatten)]
    lists: WordlistOptions,
}

pub fn run(command: &SquaresArgs) -> Result<ExitCode> {
    let threads = threads(command.threads);
    // --timeout counts reading and indexing the lists.
    let deadline = Deadline::after(command.time.timeout);
    let mut spec = command.lists.spec();
    spec.until = deadline.instant();
    let index = spec.index(default_cache_dir().as_deref(), &Bars::new(false))?;
    let squares = WordSquares::from_index(&index, command.size, command.distinct)?;
    if command.count {
        let Some(found) = squares.count_reporting(threads, &Bars::new(false), &deadline) else {
            note!("gave up (--timeout) before the count was complete");
            return Ok(ExitCode::from(NO_RESULT));
        };
        outln!("{found}");
        return Ok(ExitCode::SUCCESS);
    }
    list(&squares, command, deadline)
}

/// Prints squares separated by blank lines; exit code [`NO_RESULT`] when there
/// are none.
fn list(squares: &WordSquares, command: &SquaresArgs, deadline: Deadline) -> Result<ExitCode> {
    let limit = command.limit.unwrap_or(u64::MAX);
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut written: u64 = 0;
    let mut failure = None;
    let visit = |square: &Square| {
        let separator = if written > 0 { "\n" } else { "" };
        if let Err(e) = write!(out, "{separator}{square}") {
            failure = Some(e);
            return false;
        }
        written += 1;
        written < limit
    };
    let listed = squares.each_reporting(visit, &Bars::beside_stdout(), deadline);
    let flushed = match failure {
        Some(e) => Err(e),
        None => out.flush(),
    };
    flushed.map_err(stdout_error)?;
    let n = squares.size();
    if listed.timed_out {
        note!(
            "gave up (--timeout) after {written} square{}",
            if written == 1 { "" } else { "s" }
        );
        return Ok(ExitCode::from(NO_RESULT));
    }
    if written == 0 {
        note!(
            "no {n}×{n} word square{} from {} words of {n} letters",
            if command.distinct {
                " without a repeated word"
            } else {
                ""
            },
            squares.word_count()
        );
        return Ok(ExitCode::from(NO_RESULT));
    }
    if written < limit {
        note!("{written} square{}", if written == 1 { "" } else { "s" });
    }
    Ok(ExitCode::SUCCESS)
}
