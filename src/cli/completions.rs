//! `cruciverb completions SHELL`: the shell's tab-completion script on
//! standard output, generated from the same clap definition that parses the
//! command line, so it never lags behind a new option. Installing it is the
//! shell's business (README, "Install").

use std::process::ExitCode;

use clap::Args;
use clap_complete::Shell;

use cruciverb::Result;

#[derive(Args)]
pub struct CompletionsArgs {
    /// The shell to complete for: bash, zsh, fish, elvish or powershell.
    #[arg(value_enum)]
    shell: Shell,
}

/// The completion script for `shell`, as bytes, from `command` (the whole
/// command line's definition, handed down by `main`).
pub fn script(shell: Shell, mut command: clap::Command) -> Vec<u8> {
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut command, "cruciverb", &mut script);
    script
}

pub fn run(command: &CompletionsArgs, definition: clap::Command) -> Result<ExitCode> {
    out!(
        "{}",
        String::from_utf8_lossy(&script(command.shell, definition))
    );
    Ok(ExitCode::SUCCESS)
}
