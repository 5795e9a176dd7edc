//! `cruciverb import`: read a finished .puz, .ipuz, .jpz or .xd puzzle into
//! ipuz.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use cruciverb::formats;
use cruciverb::Result;

use super::options::{output_path, wrote, ForceOption};

#[derive(Args)]
pub struct ImportArgs {
    /// A finished puzzle: .puz, .ipuz, .jpz (plain or zipped XML) or .xd.
    file: PathBuf,
    /// Output file (default: output/NAME.ipuz; `-` for standard output).
    #[arg(short, long, value_name = "FILE.ipuz")]
    out: Option<PathBuf>,
    #[command(flatten)]
    force: ForceOption,
}

pub fn run(command: &ImportArgs) -> Result<ExitCode> {
    let puzzle = formats::import(&command.file)?;
    let out = output_path(&command.file, command.out.as_deref(), "ipuz")?;
    formats::ipuz::save(&puzzle, &out, command.force.existing())?;
    wrote(&out);
    Ok(ExitCode::SUCCESS)
}
