//! Where the command line's text goes: results to standard output, where a
//! full disk or a closed pipe is an error the command returns (behind
//! [`out!`]/[`outln!`]), and notes to standard error, where a failure to
//! write is ignored (behind [`note!`]).

use std::fmt;
use std::io::{self, Write};

use cruciverb::files::stdout_error;
use cruciverb::Result;

/// Writes results to standard output (see [`out!`]).
pub fn write_stdout(args: fmt::Arguments) -> Result<()> {
    io::stdout().lock().write_fmt(args).map_err(stdout_error)
}

/// Hands the last buffered results to the operating system, so that a full
/// disk is reported rather than lost at exit.
pub fn flush_stdout() -> Result<()> {
    io::stdout().lock().flush().map_err(stdout_error)
}

/// Writes a note to standard error, ignoring failure (see [`note!`]).
pub fn write_stderr(args: fmt::Arguments) {
    let _ = io::stderr().lock().write_fmt(args);
}
