//! `cruciverb completions SHELL`: the shell's tab-completion script on
//! standard output, generated from the same clap definition that parses the
//! command line, so it never lags behind a new option. Installing it is the
//! shell's business (README, "Install").

use std::process::ExitCode;

use clap::{Args, CommandFactory};
use clap_complete::Shell;

use cruciverb::Result;

use super::Cli;

#[derive(Args)]
pub struct CompletionsArgs {
    /// The shell to complete for: bash, zsh, fish, elvish or powershell.
    #[arg(value_enum)]
    shell: Shell,
}

/// The completion script for `shell`, as bytes.
pub fn script(shell: Shell) -> Vec<u8> {
    let mut command = Cli::command();
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut command, "cruciverb", &mut script);
    script
}

pub fn run(command: &CompletionsArgs) -> Result<ExitCode> {
    out!("{}", String::from_utf8_lossy(&script(command.shell)));
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bash_completions_name_every_subcommand() {
        let script = String::from_utf8(script(Shell::Bash)).expect("UTF-8 script");
        for sub in Cli::command().get_subcommands() {
            let name = sub.get_name();
            assert!(
                script.contains(&format!("cruciverb__{name}")) || script.contains(name),
                "bash completions do not mention `{name}`"
            );
        }
    }
}
