//! `cruciverb manpage`: man pages in roff, generated from the clap
//! definition (its help texts are the pages' text). Like git, one page per
//! command: `cruciverb.1` lists the subcommands, and `--dir DIR` also writes
//! `cruciverb-SUBCOMMAND.1` for each (nested ones as
//! `cruciverb-wordlist-info.1`), as one set under the project's file policy.
//! Without `--dir` the main page goes to standard output
//! (`cruciverb manpage | man -l -`).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, CommandFactory};
use clap_mangen::Man;

use cruciverb::{files, Error, Result};

use super::options::{wrote, ForceOption};
use super::Cli;

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

/// Every page: (file name, roff text), the main page first.
pub fn pages() -> Result<Vec<(String, Vec<u8>)>> {
    let mut command = Cli::command().disable_help_subcommand(true);
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

pub fn run(command: &ManpageArgs) -> Result<ExitCode> {
    let pages = pages()?;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_main_page_is_roff_naming_every_subcommand() {
        let pages = pages().expect("pages render");
        let (name, roff) = &pages[0];
        assert_eq!(name, "cruciverb.1");
        let roff = String::from_utf8_lossy(roff);
        assert!(
            roff.starts_with(".ie") || roff.contains("\n.TH "),
            "not roff: {roff:.200}"
        );
        assert!(roff.contains(".TH cruciverb"), "no .TH header");
        for sub in Cli::command().get_subcommands() {
            let name = sub.get_name();
            assert!(roff.contains(name), "the man page does not name `{name}`");
            let page = format!("cruciverb-{name}.1");
            assert!(pages.iter().any(|(n, _)| *n == page), "no page {page}");
        }
    }

    /// Every option and positional of every (sub)command says what it is:
    /// the man page, completions and `--help` are made of these texts.
    #[test]
    fn every_argument_has_help() {
        fn walk(command: &clap::Command, path: &str, missing: &mut Vec<String>) {
            for arg in command.get_arguments() {
                let id = arg.get_id().as_str();
                if id == "help" || id == "version" {
                    continue;
                }
                if arg.get_help().is_none() && arg.get_long_help().is_none() {
                    missing.push(format!("{path} {id}"));
                }
            }
            for sub in command.get_subcommands() {
                if sub.get_about().is_none() && sub.get_long_about().is_none() {
                    missing.push(format!("{path} {} (the subcommand)", sub.get_name()));
                }
                walk(sub, &format!("{path} {}", sub.get_name()), missing);
            }
        }
        let mut missing = Vec::new();
        walk(&Cli::command(), "cruciverb", &mut missing);
        assert!(missing.is_empty(), "arguments without help: {missing:#?}");
    }
}
