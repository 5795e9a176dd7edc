//! `cruciverb clues`: draft clues for a puzzle, or write and apply an
//! editable clue sheet.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use cruciverb::clues::{self, Choosing, Level, Sources};
use cruciverb::files::{self, Existing};
use cruciverb::formats::{self, Format};
use cruciverb::wordlist::dialect::Dialect;
use cruciverb::Result;

use super::options::{clue_file, clue_list, output_path, wrote, ForceOption};

#[derive(Args)]
pub struct CluesArgs {
    /// The puzzle (.ipuz, or .puz/.jpz/.xd).
    puzzle: PathBuf,
    /// Write an editable clue sheet (`12A;ANSWER;clue` lines) instead, to
    /// -o or stdout.
    #[arg(long, conflicts_with_all = ["apply", "clues", "files", "no_database"])]
    template: bool,
    /// Set the clues from an edited clue sheet.
    #[arg(long, value_name = "SHEET", conflicts_with_all = ["clues", "files", "no_database"])]
    apply: Option<PathBuf>,
    /// Clues to use first: lines `ANSWER;clue` or `12A;clue`.
    #[arg(long, value_name = "FILE")]
    clues: Option<PathBuf>,
    /// Word lists whose third field (`WORD;SCORE;clue`) gives clues.
    #[arg(long = "wordlist", value_name = "FILE")]
    files: Vec<PathBuf>,
    /// Do not draft clues from the embedded clue database (the clues the
    /// cruciverb team wrote for every entry of the default list scoring 50
    /// or more, several per answer by difficulty, and clues drafted from
    /// WordNet for many entries below 50): only the puzzle's own clues,
    /// --clues and the word lists' clue field are used.
    #[arg(long)]
    no_database: bool,
    /// How hard the drafted clues are: easy, medium or hard.
    #[arg(long, default_value = "medium", value_name = "LEVEL")]
    difficulty: Level,
    /// Draft for British solvers: no clue only Americans would get, British
    /// spellings, and an enumeration after every clue (a barred grid's
    /// clues always get one, as barred puzzles print them).
    #[arg(long)]
    british: bool,
    /// Seed for the choice among an answer's clues (default: 0).
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Output file (default: the puzzle itself when it is .ipuz, else
    /// output/NAME.ipuz; stdout for --template).
    #[arg(short, long, value_name = "FILE")]
    out: Option<PathBuf>,
    #[command(flatten)]
    force: ForceOption,
}

pub fn run(command: &CluesArgs) -> Result<ExitCode> {
    let mut puzzle = formats::import(&command.puzzle)?;
    if command.template {
        let sheet = clues::template(&puzzle);
        match &command.out {
            Some(out) => {
                files::write(out, sheet.as_bytes(), command.force.existing())?;
                wrote(out);
            }
            None => out!("{sheet}"),
        }
        return Ok(ExitCode::SUCCESS);
    }
    // Editing a puzzle's clues in place is this command's job; any other
    // output file follows the policy for existing files.
    let (out, existing) = match &command.out {
        Some(out) => (out.clone(), command.force.existing()),
        None if Format::of_path(&command.puzzle) == Some(Format::Ipuz) => {
            (command.puzzle.clone(), Existing::Replace)
        }
        None => (
            output_path(&command.puzzle, None, "ipuz")?,
            command.force.existing(),
        ),
    };
    files::target(&out, existing)?;
    if let Some(sheet) = &command.apply {
        let changed = clues::apply_file(&mut puzzle, sheet)?;
        note!("{changed} clues changed");
    } else {
        let file = clue_file(command.clues.as_deref())?;
        let list = clue_list(&command.files)?;
        let dialect = match command.british {
            true => Dialect::British,
            false => Dialect::American,
        };
        let report = clues::attach(
            &mut puzzle,
            &Sources {
                file: file.as_ref(),
                list: list.as_ref(),
                database: !command.no_database,
            },
            &Choosing {
                level: command.difficulty,
                dialect,
                seed: command.seed,
                hold_spares: false,
            },
        );
        if command.british || puzzle.grid.is_barred() {
            clues::enumerate(&mut puzzle, &|_| None);
        }
        note!("{report}");
    }
    formats::ipuz::save(&puzzle, &out, existing)?;
    wrote(&out);
    Ok(ExitCode::SUCCESS)
}
