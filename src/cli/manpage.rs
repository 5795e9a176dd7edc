//! `cruciverb manpage`: man pages in roff, generated from the clap
//! definition (its help texts are the pages' text). Like git, one page per
//! command: `cruciverb.1` lists the subcommands, and `--dir DIR` also writes
//! `cruciverb-SUBCOMMAND.1` for each (nested ones as
//! `cruciverb-wordlist-info.1`), as one set under the project's file policy.
//! Without `--dir` the main page goes to standard output
//! (`cruciverb manpage | man -l -`).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;
use clap_mangen::Man;

use cruciverb::{files, Error, Result};

use super::options::{wrote, ForceOption};

#[derive(Args)]
pub struct ManpageArgs {
    /// Directory to write cruciverb.1 and one cruciverb-SUBCOMMAND.1 per
    /// subcommand into (created if missing); without it, cruciverb.1 goes to
    /// standard output.
    #[arg(long, value_name = "DIR")]
    dir: Option<PathBuf>,
    #[command(flatten)]
    force: ForceOption,
}

/// Every page of `definition` (the whole command line's, handed down by
/// `main`): (file name, roff text), the main page first.
pub fn pages(definition: clap::Command) -> Result<Vec<(String, Vec<u8>)>> {
    let mut command = definition.disable_help_subcommand(true);
    command.build();
    let mut pages = Vec::new();
    collect(&command, &mut pages)?;
    Ok(pages)
}

/// Renders `command`'s page, then its subcommands' pages. clap names a
/// built subcommand `cruciverb-fill`, which is also the page's file name.
fn collect(command: &clap::Command, pages: &mut Vec<(String, Vec<u8>)>) -> Result<()> {
    let man = Man::new(command.clone());
    let mut roff = Vec::new();
    man.render(&mut roff).map_err(|source| Error::Io {
        path: PathBuf::from(man.get_filename()),
        source,
    })?;
    pages.push((man.get_filename(), roff));
    for sub in command.get_subcommands().filter(|s| !s.is_hide_set()) {
        collect(sub, pages)?;
    }
    Ok(())
}

pub fn run(command: &ManpageArgs, definition: clap::Command) -> Result<ExitCode> {
    let pages = pages(definition)?;
    let Some(dir) = &command.dir else {
        out!("{}", String::from_utf8_lossy(&pages[0].1));
        return Ok(ExitCode::SUCCESS);
    };
    let paths: Vec<PathBuf> = pages.iter().map(|(name, _)| dir.join(name)).collect();
    let set: Vec<(&Path, &[u8])> = paths
        .iter()
        .zip(&pages)
        .map(|(path, (_, roff))| (path.as_path(), roff.as_slice()))
        .collect();
    files::write_set(&set, command.force.existing())?;
    for path in &paths {
        wrote(path);
    }
    Ok(ExitCode::SUCCESS)
}
