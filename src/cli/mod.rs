//! The command line: one module per subcommand, each with an `…Args` struct
//! (what clap parses) and `run(&…Args) -> Result<ExitCode>`; options shared
//! by several commands live in [`options`], progress bars in [`progress`],
//! the exit code of a search without result in [`exit`]. The generators of
//! pages from the clap definition (`completions`, `manpage`) are handed
//! that definition by `main`, so no subcommand imports this root.
//!
//! Results go to standard output through [`out!`]/[`outln!`], which turn a
//! full disk or a closed pipe into an error instead of a panic; notes go to
//! standard error through [`note!`], which never fails a command (both
//! written by [`output`]).

use clap::{Parser, Subcommand};

/// `print!` for results: an unwritable standard output returns the error
/// from the enclosing function (`?`).
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::cli::output::write_stdout(format_args!($($arg)*))?
    };
}

/// `println!` for results; see [`out!`].
macro_rules! outln {
    () => {
        $crate::cli::output::write_stdout(format_args!("\n"))?
    };
    ($($arg:tt)*) => {
        $crate::cli::output::write_stdout(format_args!("{}\n", format_args!($($arg)*)))?
    };
}

/// `eprintln!` for notes and errors: a note that cannot be shown is not a
/// reason to fail (or panic).
macro_rules! note {
    ($($arg:tt)*) => {
        $crate::cli::output::write_stderr(format_args!("{}\n", format_args!($($arg)*)))
    };
}

pub mod arrange;
pub mod clues;
pub mod completions;
pub mod exit;
pub mod export;
pub mod fill;
pub mod import;
pub mod make;
pub mod manpage;
pub mod numbers;
pub mod options;
pub mod output;
pub mod patterns;
pub mod pdf;
pub mod progress;
pub mod regex;
pub mod show;
pub mod solutions;
pub mod squares;
pub mod studio;
pub mod wordlist;

#[cfg(test)]
mod tests;

#[derive(Parser)]
#[command(
    name = "cruciverb",
    version,
    about = "Crossword construction: patterns, fill, typesetting"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand)]
pub enum Command {
    /// Enumerate black/white grid patterns into a hex pattern file.
    Patterns(Box<patterns::PatternsArgs>),
    /// Fill a grid with words from a word list.
    Fill(Box<fill::FillArgs>),
    /// Inspect word lists: counts, and why a word scores what it does.
    #[command(subcommand)]
    Wordlist(wordlist::WordlistArgs),
    /// The whole pipeline: pattern → fill → clues → .ipuz, .puz and .pdf under output/.
    Make(Box<make::MakeArgs>),
    /// Draft clues for a puzzle, or write and apply an editable clue sheet.
    Clues(clues::CluesArgs),
    /// Typeset a puzzle as a printable PDF.
    Pdf(pdf::PdfArgs),
    /// Write a puzzle as .puz, .ipuz, .jpz, .xd or .txt.
    Export(export::ExportArgs),
    /// Read a finished .puz, .ipuz, .jpz or .xd puzzle into ipuz.
    Import(import::ImportArgs),
    /// Place a word set across and down in the smallest square.
    Arrange(arrange::ArrangeArgs),
    /// Count or list word squares: every row and column a word.
    Squares(squares::SquaresArgs),
    /// Solve a regex crossword (rectangle or hexagon), count solutions, or give a hint.
    Regex(regex::RegexArgs),
    /// Solve a number crossword (Listener style): clues are arithmetic over letters.
    Numbers(numbers::NumbersArgs),
    /// Draw a grid or pattern in the terminal.
    Show(show::ShowArgs),
    /// Construct in the browser: a local web page and JSON API on the fill engine.
    Studio(Box<studio::StudioArgs>),
    /// Print a shell's tab-completion script (bash, zsh, fish, elvish, powershell).
    Completions(completions::CompletionsArgs),
    /// Write the man pages (roff): cruciverb.1 to standard output, or every page to --dir.
    Manpage(manpage::ManpageArgs),
}

/// Ends the process on SIGINT or SIGTERM with 128 + the signal's number
/// (130, 143), at once but cleanly: [`cruciverb::files::abandon`] removes
/// the temporaries in flight and lets a set of outputs being put in place
/// finish first, so nothing is left half-made. Without the handler (it
/// could not be installed) the signals keep their default effect.
pub fn end_cleanly_on_signals() {
    use signal_hook::consts::{SIGINT, SIGTERM};
    let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM]) else {
        return;
    };
    std::thread::spawn(move || {
        if let Some(signal) = signals.forever().next() {
            cruciverb::files::abandon();
            note!("\ncruciverb: interrupted");
            std::process::exit(128 + signal);
        }
    });
}
