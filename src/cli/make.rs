//! `cruciverb make`: the whole pipeline — pattern, fill, clues, and the
//! .ipuz, .puz (.jpz for a barred grid) and .pdf files — from the embedded
//! defaults.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::Args;

use cruciverb::clues::{Level, Sources};
use cruciverb::files;
use cruciverb::grid;
use cruciverb::make::{
    clued_index, output_paths, write_outputs, Attempt, Credits, MakeOptions, PatternSource,
};
use cruciverb::pattern::rules::Style;
use cruciverb::theme::{SeatOptions, Theme};
use cruciverb::wordlist::dialect::Dialect;
use cruciverb::wordlist::spec::default_cache_dir;
use cruciverb::{Error, Result};

use super::exit::NO_RESULT;
use super::options::{
    clock_seed, clue_file, clue_list, parse_positive, parse_seconds, parse_size, CreditOptions,
    ForceOption, GridStyle, PaperOptions, TimeoutOption, WordlistOptions, OUTPUT_DIR,
};
use super::progress::Bars;

/// Patterns `make` tries by default, and with a theme.
const ATTEMPTS: u64 = 20;
const THEMED_ATTEMPTS: u64 = 1000;

#[derive(Args)]
#[command(mut_arg("timeout", |a| a.help("Seconds to try each pattern before drawing another (default: 1.5 up to 15×15, 5 above, 10 for --pattern; most patterns that fill at all fill in well under a second)")))]
pub struct MakeArgs {
    /// Grid size: N for N×N, or WxH.
    #[arg(long, default_value = "15", value_parser = parse_size, conflicts_with = "pattern")]
    size: (usize, usize),
    /// Pattern style: american, british, or barred (no blocks: bars divide
    /// the lights; written as .ipuz, .jpz and .pdf, as .puz has no bars).
    #[arg(long, default_value = "american", conflicts_with = "pattern")]
    style: GridStyle,
    /// Use this pattern instead of a random one: a text grid file (letters
    /// are kept), a hex pattern, FILE.hex or FILE.hex:N.
    #[arg(long, value_name = "SPEC")]
    pattern: Option<String>,
    /// Theme entries to build the puzzle around: one `ANSWER[;clue]` a line,
    /// optionally `ROW COL across|down` after the answer, letters in
    /// [brackets] circled.
    #[arg(long, value_name = "FILE", conflicts_with = "pattern")]
    theme: Option<PathBuf>,
    /// With --theme: entries may cross one another where their letters agree.
    #[arg(long, requires = "theme")]
    theme_crossings: bool,
    /// With --theme: entries sit in the order the file lists them (by clue number).
    #[arg(long, requires = "theme")]
    in_order: bool,
    /// Seed for every random choice (default: from the clock, printed).
    #[arg(long)]
    seed: Option<u64>,
    #[command(flatten)]
    time: TimeoutOption,
    /// Random patterns to try before giving up (default: 20; 1000 with
    /// --theme, whose patterns are mostly proven unfillable in milliseconds).
    #[arg(long, value_name = "N", value_parser = parse_positive)]
    attempts: Option<u64>,
    /// After the first fill, spend up to this many seconds on a better one
    /// (a higher lowest score, then fewer weak entries); 0 keeps the first.
    #[arg(long, value_name = "SECONDS", default_value = "1", value_parser = parse_seconds, allow_negative_numbers = true)]
    polish: Duration,
    /// How hard the clues are: easy (plain definitions), medium (a mix) or
    /// hard (less obvious senses, misdirection, question-mark wordplay).
    #[arg(long, default_value = "medium", value_name = "LEVEL")]
    difficulty: Level,
    #[command(flatten)]
    lists: WordlistOptions,
    /// Clues to use first: lines `ANSWER;clue` or `12A;clue`.
    #[arg(long, value_name = "FILE")]
    clues: Option<PathBuf>,
    #[command(flatten)]
    credits: CreditOptions,
    #[command(flatten)]
    paper: PaperOptions,
    /// Directory for the puzzle files.
    #[arg(long, value_name = "DIR", default_value = OUTPUT_DIR)]
    out_dir: PathBuf,
    /// File name stem (default: cruciverb-SEED).
    #[arg(long)]
    name: Option<String>,
    #[command(flatten)]
    force: ForceOption,
}

impl MakeArgs {
    fn options(&self, seed: u64) -> Result<MakeOptions> {
        let source =
            match (&self.pattern, &self.theme) {
                (Some(spec), _) => PatternSource::Given(grid::load(spec)?),
                (None, Some(_)) if self.style == GridStyle::Barred => return Err(Error::invalid(
                    "--theme does not take --style barred yet: themes are seated in blocked grids",
                )),
                (None, Some(theme)) => PatternSource::Themed {
                    width: self.size.0,
                    height: self.size.1,
                    style: self.style.blocked().unwrap_or(Style::American),
                    theme: Theme::read(theme)?,
                    seat: SeatOptions {
                        crossings: self.theme_crossings,
                        in_order: self.in_order,
                    },
                },
                (None, None) => match self.style.blocked() {
                    Some(style) => PatternSource::Random {
                        width: self.size.0,
                        height: self.size.1,
                        style,
                    },
                    None => PatternSource::Barred {
                        width: self.size.0,
                        height: self.size.1,
                    },
                },
            };
        let timeout = match self.time.timeout {
            Some(t) => t,
            None => source.default_timeout(),
        };
        if timeout.is_zero() {
            return Err(Error::invalid("--timeout must be more than 0 seconds"));
        }
        Ok(MakeOptions {
            source,
            seed,
            timeout,
            attempts: usize::try_from(self.attempts.unwrap_or(match self.theme {
                Some(_) => THEMED_ATTEMPTS,
                None => ATTEMPTS,
            }))
            .unwrap_or(usize::MAX),
            polish: self.polish,
            level: self.difficulty,
            dialect: self.dialect(),
        })
    }

    /// British puzzles for the British style, American ones otherwise.
    fn dialect(&self) -> Dialect {
        match (&self.pattern, self.style) {
            (None, GridStyle::British) => Dialect::British,
            _ => Dialect::American,
        }
    }
}

/// The title a newspaper would give the puzzle: its series and number, the
/// seed being what tells one made puzzle from another ("Crossword No.
/// 482,913"). A British puzzle here is a blocked grid with plain clues,
/// which British papers call a quick crossword. A `--pattern` puzzle (no
/// `--style`) gets the American title; `--title` names it otherwise.
fn default_title(style: GridStyle, seed: u64) -> String {
    let series = match style {
        GridStyle::American => "Crossword",
        GridStyle::British => "Quick Crossword",
        GridStyle::Barred => "Barred Crossword",
    };
    format!("{series} No. {}", grouped(seed))
}

/// `n` with commas between groups of three digits, as printed numbers are.
fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

pub fn run(command: &MakeArgs) -> Result<ExitCode> {
    let seed = command.seed.unwrap_or_else(|| clock_seed() % 1_000_000);
    let name = command
        .name
        .clone()
        .unwrap_or_else(|| format!("cruciverb-{seed}"));
    let options = command.options(seed)?;
    // A name clash or a place that cannot be written is reported before
    // the fill, not after it.
    for (path, _) in output_paths(&command.out_dir, &name, options.source.is_barred()) {
        files::writable(&path, command.force.existing())?;
    }
    // Bad clue sources should fail before the fill, not after it.
    let file = clue_file(command.clues.as_deref())?;
    let list = clue_list(&command.lists.files)?;
    let mut spec = command.lists.spec();
    spec.dialect = options.dialect;
    // --timeout is each pattern's; reading and indexing the lists may take
    // as long as all the attempts together.
    spec.until = options
        .timeout
        .checked_mul(u32::try_from(options.attempts).unwrap_or(u32::MAX))
        .and_then(|all| Instant::now().checked_add(all));
    let index = clued_index(
        &spec,
        file.as_ref(),
        default_cache_dir().as_deref(),
        &Bars::new(false),
    )?;
    note!("seed {seed}");
    let given = &command.credits;
    let credits = Credits {
        title: given
            .title
            .clone()
            .unwrap_or_else(|| default_title(command.style, seed)),
        author: given.author.clone().unwrap_or_default(),
        copyright: given.copyright.clone().unwrap_or_default(),
    };
    let sources = Sources {
        file: file.as_ref(),
        list: list.as_ref(),
        database: true,
    };
    let mut tried = 0;
    let mut unseated = false;
    let made = cruciverb::make::make(
        &options,
        &index,
        &sources,
        &credits,
        |attempt| match attempt {
            Attempt::NoPattern { .. } | Attempt::Loosened { .. } => note!("{attempt}"),
            Attempt::Unseated { .. } => {
                unseated = true;
                note!("{attempt}")
            }
            _ => {
                tried += 1;
                note!("{attempt}; trying another pattern")
            }
        },
    )?;
    let Some(made) = made else {
        if unseated {
            note!("no puzzle: the theme cannot be seated at this size (try another --size, --style or other fixed places)");
            return Ok(ExitCode::from(NO_RESULT));
        }
        note!(
            "no fill: {tried} pattern(s) tried, {:.1} s each (raise --attempts or --timeout, try another --seed, or lower --min-score)",
            options.timeout.as_secs_f64()
        );
        return Ok(ExitCode::from(NO_RESULT));
    };
    note!("{}", made.clues);
    note!("{}", made.quality.to_string().trim_end());
    let written = write_outputs(
        &made.puzzle,
        &command.out_dir,
        &name,
        &command.paper.pdf_options(),
        command.force.existing(),
    )?;
    out!("{}", made.puzzle.to_text());
    for path in written {
        outln!("{}", path.display());
    }
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_titles_number_the_puzzle_by_its_seed_in_groups_of_three() {
        assert_eq!(
            default_title(GridStyle::American, 482_913),
            "Crossword No. 482,913"
        );
        assert_eq!(
            default_title(GridStyle::British, 1_000),
            "Quick Crossword No. 1,000"
        );
        assert_eq!(default_title(GridStyle::American, 7), "Crossword No. 7");
        assert_eq!(
            default_title(GridStyle::Barred, 12),
            "Barred Crossword No. 12"
        );
        assert_eq!(default_title(GridStyle::American, 999), "Crossword No. 999");
        assert_eq!(
            default_title(GridStyle::American, u64::MAX),
            "Crossword No. 18,446,744,073,709,551,615"
        );
    }
}
