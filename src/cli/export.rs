//! `cruciverb export`: write a puzzle as .puz, .ipuz, .jpz, .xd or .txt.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, ValueEnum};

use cruciverb::formats::{self, Format};
use cruciverb::Result;

use super::options::{output_path, wrote, CreditOptions, ForceOption};

#[derive(Clone, Copy, ValueEnum)]
enum FormatName {
    Puz,
    Ipuz,
    Jpz,
    Xd,
    Txt,
}

impl FormatName {
    fn format(self) -> Format {
        match self {
            FormatName::Puz => Format::Puz,
            FormatName::Ipuz => Format::Ipuz,
            FormatName::Jpz => Format::Jpz,
            FormatName::Xd => Format::Xd,
            FormatName::Txt => Format::Txt,
        }
    }
}

#[derive(Args)]
pub struct ExportArgs {
    /// The puzzle (.ipuz, or .puz/.jpz/.xd).
    puzzle: PathBuf,
    /// Format to write.
    #[arg(long, value_enum)]
    to: FormatName,
    /// Output file (default: output/NAME.EXT; `-` for standard output).
    #[arg(short, long, value_name = "FILE")]
    out: Option<PathBuf>,
    #[command(flatten)]
    credits: CreditOptions,
    #[command(flatten)]
    force: ForceOption,
}

pub fn run(command: &ExportArgs) -> Result<ExitCode> {
    let mut puzzle = formats::import(&command.puzzle)?;
    command.credits.apply(&mut puzzle);
    let format = command.to.format();
    let out = output_path(&command.puzzle, command.out.as_deref(), format.extension())?;
    formats::save(&puzzle, format, &out, command.force.existing())?;
    wrote(&out);
    Ok(ExitCode::SUCCESS)
}
