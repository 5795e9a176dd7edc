//! The `cruciverb` binary: parses the command line, runs one subcommand and
//! turns its result into an exit code. Everything else lives in [`cli`] (one
//! module per subcommand) and the library.
//!
//! Exit codes: 0 success, 1 a search that ended without a result (no fill,
//! no solution, no arrangement, time ran out), 2 bad input of any kind,
//! 130 and 143 interrupted by SIGINT (Ctrl-C) and SIGTERM. A reader that
//! closes the pipe early (`| head`) is not an error.
//! An interruption ends the run cleanly ([`cli::end_cleanly_on_signals`]);
//! the studio stops on its own terms instead.

#[macro_use]
mod cli;

use std::process::ExitCode;

use clap::{CommandFactory, Parser};

use cli::{Cli, Command};
use cruciverb::files::is_broken_pipe;

fn main() -> ExitCode {
    let command = Cli::parse().command;
    if !matches!(command, Command::Studio(_)) {
        cli::end_cleanly_on_signals();
    }
    let result = match command {
        Command::Patterns(args) => cli::patterns::run(&args),
        Command::Fill(args) => cli::fill::run(&args),
        Command::Wordlist(args) => cli::wordlist::run(&args),
        Command::Make(args) => cli::make::run(&args),
        Command::Clues(args) => cli::clues::run(&args),
        Command::Pdf(args) => cli::pdf::run(&args),
        Command::Export(args) => cli::export::run(&args),
        Command::Import(args) => cli::import::run(&args),
        Command::Arrange(args) => cli::arrange::run(&args),
        Command::Squares(args) => cli::squares::run(&args),
        Command::Regex(args) => cli::regex::run(&args),
        Command::Numbers(args) => cli::numbers::run(&args),
        Command::Show(args) => cli::show::run(&args),
        Command::Studio(args) => cli::studio::run(&args),
        Command::Completions(args) => cli::completions::run(&args, Cli::command()),
        Command::Manpage(args) => cli::manpage::run(&args, Cli::command()),
    };
    match result.and_then(|code| cli::output::flush_stdout().map(|()| code)) {
        Ok(code) => code,
        Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            note!("cruciverb: error: {e}");
            ExitCode::from(e.exit_code())
        }
    }
}
