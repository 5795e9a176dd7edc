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
use std::process::ExitCode;

use clap::{Args, Subcommand};

use cruciverb::clues::database::{database, Origin, Region};
use cruciverb::wordlist::dialect::british_score;
use cruciverb::wordlist::normalize::normalize;
use cruciverb::wordlist::notes::notes;
use cruciverb::wordlist::roots::roots;
use cruciverb::wordlist::{embedded, WordList};
use cruciverb::{Error, Result};

use super::options::WordlistOptions;
use super::progress::Bars;

#[derive(Subcommand)]
pub enum WordlistArgs {
    /// Word counts per length and score band of one or more layered lists.
    Info(WordlistOptions),
    /// Each word's score in every list, its kind and origin, and its clue.
    Show(WordArgs),
}

#[derive(Args)]
pub struct WordArgs {
    /// Words or phrases, as written (`ice cream` and ICECREAM are the same entry).
    #[arg(required = true)]
    words: Vec<String>,
    #[command(flatten)]
    lists: WordlistOptions,
}

pub fn run(command: &WordlistArgs) -> Result<ExitCode> {
    match command {
        WordlistArgs::Info(options) => info(options)?,
        WordlistArgs::Show(command) => show(command)?,
    }
    Ok(ExitCode::SUCCESS)
}

fn info(options: &WordlistOptions) -> Result<()> {
    let list = options.spec().load(&Bars::new(true))?;
    outln!("{} words scoring {} or more", list.len(), options.min_score);
    out!("{}", list.summary());
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

fn show(command: &WordArgs) -> Result<()> {
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
            outln!();
        }
        outln!("{word}");
        let found: Vec<(&str, u8, Option<&str>)> = layers
            .iter()
            .filter_map(|(name, list)| list.get(&word).map(|e| (name.as_str(), e.score, e.clue)))
            .collect();
        for (name, score, _) in &found {
            outln!("  score {score} in {name}");
        }
        match found.last() {
            None => outln!("  in no list: fills never use it"),
            Some((name, score, _)) => {
                if let Some((file, _)) = exclusions.iter().find(|(_, l)| l.get(&word).is_some()) {
                    outln!("  excluded by {}", file.display());
                } else if *score < options.min_score {
                    outln!(
                        "  below the minimum score {} (score {score} from {name}): fills leave it out",
                        options.min_score
                    );
                } else {
                    outln!("  used at score {score} (from {name})");
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
                outln!("  default list: {kinds}; {}", note.origin);
            }
            None => outln!(
                "  not in the default list (its sources lack it, or it is left out: no newspaper prints it, or nobody uses it)"
            ),
        }
        let of = roots().of(&word);
        if of.strong.len() > 1 || !of.weak.is_empty() {
            let mut shown: Vec<String> = of.strong[1..].iter().map(|r| r.to_string()).collect();
            shown.extend(of.weak.iter().map(|r| format!("{r} (weak)")));
            outln!(
                "  roots: {} (no grid holds it beside an entry sharing one)",
                shown.join(", ")
            );
        }
        if let Some(score) = british_score(&word) {
            outln!("  in British puzzles: score {score}");
        }
        let listed = found
            .iter()
            .rev()
            .find_map(|(name, _, clue)| clue.map(|c| (c, *name)));
        if let Some((clue, name)) = listed {
            outln!("  clue: {clue} (from {name})");
        }
        let clues = database().clues(&word);
        match clues.first().map(|c| c.origin) {
            Some(Origin::Written) => outln!("  clue database, written by the cruciverb team:"),
            Some(Origin::Drafted) => outln!("  clue database, drafted from WordNet:"),
            None if listed.is_none() => {
                outln!("  clue: none (make will not use it unless a clue file gives one)")
            }
            None => {}
        }
        for clue in &clues {
            let only = match clue.region {
                Region::Any => "",
                Region::Us => ", American solvers only",
                Region::Uk => ", British solvers only",
            };
            let spare = match (clue.origin, clues[0].origin) {
                (Origin::Drafted, Origin::Written) => ", a spare drafted from WordNet",
                _ => "",
            };
            outln!("    {} ({}{only}{spare})", clue.text, clue.level);
        }
    }
    Ok(())
}
