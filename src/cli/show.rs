//! `cruciverb show`: draw a grid or pattern in the terminal.

use std::process::ExitCode;

use clap::Args;

use cruciverb::grid::{self, DEFAULT_MIN_SLOT};
use cruciverb::{terminal, Result};

#[derive(Args)]
pub struct ShowArgs {
    /// A text grid file, a hex pattern, FILE.hex (its first pattern) or FILE.hex:N.
    pattern: String,
    /// Shortest run that is a word (and gets a clue number).
    #[arg(long, default_value_t = DEFAULT_MIN_SLOT)]
    min_slot: usize,
}

pub fn run(command: &ShowArgs) -> Result<ExitCode> {
    let grid = grid::load(&command.pattern)?;
    out!("{}", terminal::draw(&grid, command.min_slot));
    Ok(ExitCode::SUCCESS)
}
