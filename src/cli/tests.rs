//! The pages generated from the clap definition (completion scripts, man
//! pages), checked against the whole command line: every subcommand named,
//! every argument with a help text. Kept apart from the generators, which
//! are handed the definition, so they need not import the root that
//! declares them.

use clap::CommandFactory;
use clap_complete::Shell;

use super::completions::script;
use super::manpage::pages;
use super::Cli;

#[test]
fn bash_completions_name_every_subcommand() {
    let script = String::from_utf8(script(Shell::Bash, Cli::command())).expect("UTF-8 script");
    for sub in Cli::command().get_subcommands() {
        let name = sub.get_name();
        assert!(
            script.contains(&format!("cruciverb__{name}")) || script.contains(name),
            "bash completions do not mention `{name}`"
        );
    }
}

#[test]
fn the_main_page_is_roff_naming_every_subcommand() {
    let pages = pages(Cli::command()).expect("pages render");
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
