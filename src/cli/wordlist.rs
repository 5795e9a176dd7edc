//! `cruciverb wordlist`: what a word list holds, and why a word scores what
//! it does.
//!
//! `info` counts words per length and score band. `show` answers the
//! constructor's question "why did the filler pick this (or never pick
//! that)?": for each word, the score every layered list gives it and the one
//! that wins, whether the minimum score or an exclusion list keeps it out,
//! what kind of entry the default list takes it for and where its score came
//! from, and the clue `make` would print.

use std::path::Path;

use clap::{Args, Subcommand};

use cruciverb::clues::database::{database, Origin};
use cruciverb::wordlist::normalize::normalize;
use cruciverb::wordlist::notes::notes;
use cruciverb::wordlist::{embedded, WordList};
use cruciverb::{Error, Result};

use crate::WordlistOptions;

#[derive(Subcommand)]
pub enum WordlistCommand {
    /// Word counts per length and score band of one or more layered lists.
    Info(WordlistOptions),
    /// Each word's score in every list, its kind and origin, and its clue.
    Show(ShowCommand),
}

#[derive(Args)]
pub struct ShowCommand {
    /// Words or phrases, as written (`ice cream` and ICECREAM are the same entry).
    #[arg(required = true)]
    words: Vec<String>,
    #[command(flatten)]
    lists: WordlistOptions,
}

pub fn run(command: &WordlistCommand) -> Result<()> {
    match command {
        WordlistCommand::Info(options) => info(options),
        WordlistCommand::Show(command) => show(command),
    }
}

fn info(options: &WordlistOptions) -> Result<()> {
    let list = options.spec().load(true)?;
    println!("{} words scoring {} or more", list.len(), options.min_score);
    print!("{}", list.summary());
    Ok(())
}

/// One layer of the lists a command would use: its name and contents.
fn layers(options: &WordlistOptions) -> Result<Vec<(String, WordList)>> {
    if options.files.is_empty() {
        let (list, _) = embedded::default_list()?;
        return Ok(vec![(embedded::NAME.to_string(), list)]);
    }
    options
        .files
        .iter()
        .map(|file| Ok((file.display().to_string(), WordList::read(file)?.0)))
        .collect()
}

fn show(command: &ShowCommand) -> Result<()> {
    let options = &command.lists;
    let layers = layers(options)?;
    let exclusions: Vec<(&Path, WordList)> = options
        .exclude
        .iter()
        .map(|file| Ok((file.as_path(), WordList::read(file)?.0)))
        .collect::<Result<_>>()?;
    for (i, raw) in command.words.iter().enumerate() {
        let word = normalize(raw)
            .ok_or_else(|| Error::invalid(format!("{raw:?} has characters no grid can hold")))?;
        if i > 0 {
            println!();
        }
        println!("{word}");
        let found: Vec<(&str, u8, Option<&str>)> = layers
            .iter()
            .filter_map(|(name, list)| {
                list.get(&word)
                    .map(|e| (name.as_str(), e.score, e.clue.as_deref()))
            })
            .collect();
        for (name, score, _) in &found {
            println!("  score {score} in {name}");
        }
        match found.last() {
            None => println!("  in no list: fills never use it"),
            Some((name, score, _)) => {
                if let Some((file, _)) = exclusions.iter().find(|(_, l)| l.get(&word).is_some()) {
                    println!("  excluded by {}", file.display());
                } else if *score < options.min_score {
                    println!(
                        "  below the minimum score {} (score {score} from {name}): fills leave it out",
                        options.min_score
                    );
                } else {
                    println!("  used at score {score} (from {name})");
                }
            }
        }
        match notes().get(&word) {
            Some(note) => {
                let kinds: Vec<&str> = note.kinds.iter().map(|k| k.name()).collect();
                let kinds = if kinds.is_empty() {
                    "word".to_string()
                } else {
                    kinds.join(", ")
                };
                println!("  default list: {kinds}; {}", note.origin);
            }
            None => println!(
                "  not in the default list (its sources lack it, or it is left out: no newspaper prints it, or nobody uses it)"
            ),
        }
        let listed = found
            .iter()
            .rev()
            .find_map(|(name, _, clue)| clue.map(|c| (c, *name)));
        match (listed, database().lookup(&word)) {
            (Some((clue, name)), _) => println!("  clue: {clue} (from {name})"),
            (None, Some((clue, Origin::Written))) => {
                println!("  clue: {clue} (clue database, written by the cruciverb team)")
            }
            (None, Some((clue, Origin::Drafted))) => {
                println!("  clue: {clue} (clue database, drafted from WordNet)")
            }
            (None, None) => {
                println!("  clue: none (make will not use it unless a clue file gives one)")
            }
        }
    }
    Ok(())
}
