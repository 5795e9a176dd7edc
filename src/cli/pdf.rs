//! `cruciverb pdf`: typeset a puzzle as a printable PDF.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use cruciverb::formats;
use cruciverb::typeset;
use cruciverb::Result;

use super::options::{output_path, wrote, CreditOptions, ForceOption, PaperOptions};

#[derive(Args)]
pub struct PdfArgs {
    /// The puzzle (.ipuz, or .puz/.jpz/.xd).
    puzzle: PathBuf,
    /// Output file (default: output/NAME.pdf; `-` for standard output).
    #[arg(short, long, value_name = "FILE.pdf")]
    out: Option<PathBuf>,
    #[command(flatten)]
    paper: PaperOptions,
    #[command(flatten)]
    credits: CreditOptions,
    #[command(flatten)]
    force: ForceOption,
}

pub fn run(command: &PdfArgs) -> Result<ExitCode> {
    let mut puzzle = formats::import(&command.puzzle)?;
    command.credits.apply(&mut puzzle);
    let out = output_path(&command.puzzle, command.out.as_deref(), "pdf")?;
    typeset::save_pdf(
        &puzzle,
        &command.paper.pdf_options(),
        &out,
        command.force.existing(),
    )?;
    wrote(&out);
    Ok(ExitCode::SUCCESS)
}
