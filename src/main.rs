//! The `cruciverb` command line: parses arguments and hands each subcommand to
//! the library.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};

mod cli {
    pub mod arrange;
    pub mod publish;
    pub mod regex;
    pub mod squares;
    pub mod wordlist;
}
use cli::publish;

use cruciverb::pattern::file::load_grid;
use cruciverb::pattern::rules::{Bound, Rules, Style, Symmetry};
use cruciverb::pattern::run::{self, Job, Order, Shard};
use cruciverb::pattern::stats::Stats;
use std::time::Duration;

use cruciverb::fill::batch::{self, Batch};
use cruciverb::fill::quality::Quality;
use cruciverb::fill::{fill, fills, Ending, Fill, FillOptions, Outcome, Want};
use cruciverb::grid::Grid;
use cruciverb::puzzle::Puzzle;
use cruciverb::wordlist::index::Index;
use cruciverb::wordlist::notes::notes;
use cruciverb::wordlist::spec::{default_cache_dir, ListSpec};
use cruciverb::{terminal, Error, Result};

#[derive(Parser)]
#[command(
    name = "cruciverb",
    version,
    about = "Crossword construction: patterns, fill, typesetting"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Enumerate black/white grid patterns into a hex pattern file.
    Patterns(Box<PatternsCommand>),
    /// Fill a grid with words from a word list.
    Fill(FillCommand),
    /// Inspect word lists: counts, and why a word scores what it does.
    #[command(subcommand)]
    Wordlist(cli::wordlist::WordlistCommand),
    /// The whole pipeline: pattern → fill → clues → .ipuz, .puz and .pdf under output/.
    Make(Box<publish::MakeCommand>),
    /// Draft clues for a puzzle, or write and apply an editable clue sheet.
    Clues(publish::CluesCommand),
    /// Typeset a puzzle as a printable PDF.
    Pdf(publish::PdfCommand),
    /// Write a puzzle as .puz, .ipuz, .jpz, .xd or .txt.
    Export(publish::ExportCommand),
    /// Read a finished .puz, .ipuz or .xd puzzle into ipuz.
    Import(publish::ImportCommand),
    /// Place a word set across and down in the smallest square.
    Arrange(cli::arrange::ArrangeCommand),
    /// Count or list word squares: every row and column a word.
    Squares(cli::squares::SquaresCommand),
    /// Solve a regex crossword (rectangle or hexagon), count solutions, or give a hint.
    Regex(cli::regex::RegexCommand),
    /// Draw a grid or pattern in the terminal.
    Show {
        /// A text grid file, a hex pattern, FILE.hex (its first pattern) or FILE.hex:N.
        pattern: String,
        /// Shortest run that is a word (and gets a clue number).
        #[arg(long, default_value_t = 2)]
        min_slot: usize,
    },
}

#[derive(Args)]
struct FillCommand {
    /// A text grid file (letters are fixed), a hex pattern, FILE.hex or FILE.hex:N.
    #[arg(required_unless_present = "patterns", conflicts_with = "patterns")]
    grid: Option<String>,
    #[command(flatten)]
    lists: WordlistOptions,
    /// Shortest run that is a word (shorter runs are unchecked cells).
    #[arg(long, default_value_t = 2)]
    min_slot: usize,
    /// Seed for the choice among good candidates.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Give up after this many seconds (per pattern with --patterns; default there 10).
    #[arg(long, value_name = "SECONDS")]
    timeout: Option<f64>,
    /// Also write the filled puzzle as ipuz (clues left empty).
    #[arg(long, value_name = "FILE.ipuz", conflicts_with_all = ["count", "all", "patterns"])]
    out: Option<PathBuf>,
    /// Print N different fills.
    #[arg(long, value_name = "N", default_value_t = 1, conflicts_with = "all",
          value_parser = clap::value_parser!(u64).range(1..))]
    count: u64,
    /// Print every fill (small grids), then how many there are.
    #[arg(long)]
    all: bool,
    /// Fill-in puzzle: use every word of the list exactly once.
    #[arg(long)]
    use_all: bool,
    /// After the first fill, spend up to this many seconds on a better one
    /// (a higher lowest score, then fewer weak entries); 0 keeps the first.
    #[arg(long, value_name = "SECONDS", default_value_t = 1.0)]
    polish: f64,
    /// Fill the patterns of a pattern file, in parallel, into --out-dir.
    #[arg(long, value_name = "FILE.hex", requires = "out_dir")]
    patterns: Option<PathBuf>,
    /// With --patterns: fill only the first N patterns.
    #[arg(long, value_name = "N", requires = "patterns")]
    limit: Option<usize>,
    /// With --patterns: where the puzzles and summary.tsv go.
    #[arg(long, value_name = "DIR", requires = "patterns")]
    out_dir: Option<PathBuf>,
    /// With --patterns: worker threads (default: all cores).
    #[arg(long, requires = "patterns")]
    threads: Option<usize>,
}

#[derive(Args)]
pub(crate) struct WordlistOptions {
    /// Word lists (`WORD;SCORE[;clue]` or one word per line); later ones
    /// override scores. Default: the embedded list.
    #[arg(long = "wordlist", value_name = "FILE")]
    files: Vec<PathBuf>,
    /// Drop words scoring below N.
    #[arg(long, default_value_t = 50)]
    min_score: u8,
    /// A list of words to ban.
    #[arg(long)]
    exclude: Vec<PathBuf>,
}

#[derive(Args)]
#[command(args_conflicts_with_subcommands = true)]
struct PatternsCommand {
    #[command(subcommand)]
    action: Option<PatternsAction>,
    #[command(flatten)]
    options: PatternOptions,
}

#[derive(Subcommand)]
enum PatternsAction {
    /// Count, word-count, black-square and word-length distributions of a pattern file.
    Stats { file: PathBuf },
}

#[derive(Args)]
struct PatternOptions {
    /// Grid size: N for N×N, or WxH.
    #[arg(long, default_value = "15", value_parser = parse_size)]
    size: (usize, usize),
    /// Rule preset: american (rotational, words ≥ 3, no unchecked cells) or british.
    #[arg(long, default_value = "american")]
    style: Style,
    #[arg(long)]
    symmetry: Option<Symmetry>,
    /// Shortest word.
    #[arg(long)]
    min_word: Option<usize>,
    /// Longest word.
    #[arg(long)]
    max_word: Option<usize>,
    /// Allow or forbid unchecked cells (white runs of one cell).
    #[arg(long, value_parser = ["allow", "forbid"])]
    unchecked: Option<String>,
    /// No 2×2 block of white cells.
    #[arg(long)]
    no_white_2x2: bool,
    /// No 2×2 block of black cells.
    #[arg(long)]
    no_black_2x2: bool,
    /// At most N black cells in a row in any row or column.
    #[arg(long, value_name = "N")]
    max_black_run: Option<usize>,
    /// Every white cell has a white neighbour.
    #[arg(long)]
    no_isolated_white: bool,
    /// Allow an entirely black edge row or column.
    #[arg(long)]
    allow_black_edges: bool,
    /// Allow white cells in more than one region.
    #[arg(long)]
    allow_disconnected: bool,
    /// Black squares: a count or percentage range, e.g. 30..40 or 12%..17%.
    #[arg(long, value_name = "RANGE")]
    blacks: Option<Bound>,
    /// Number of words, e.g. 70..78.
    #[arg(long, value_name = "RANGE")]
    words: Option<Bound>,
    /// At most N three-letter words.
    #[arg(long = "max-3-letter", value_name = "N")]
    max_three_letter: Option<usize>,
    /// No cheater squares (black squares that do not change the word count).
    #[arg(long)]
    no_cheaters: bool,
    /// The British checking lattice: (odd, odd) cells, counted from 1, are
    /// white and checked both ways, (even, even) cells black (odd sides only).
    #[arg(long)]
    lattice: bool,
    /// Print only the number of patterns.
    #[arg(long, conflicts_with_all = ["random", "out", "resume"])]
    count: bool,
    /// Print a quick statistical estimate of the number of patterns.
    #[arg(long, conflicts_with_all = ["count", "random", "out", "resume"])]
    estimate: bool,
    /// Diverse patterns in a seeded random order instead of the exhaustive order.
    #[arg(long)]
    random: bool,
    /// Seed for --random (default: from the clock; the header records it).
    #[arg(long, requires = "random")]
    seed: Option<u64>,
    /// Stop after N patterns.
    #[arg(long)]
    limit: Option<u64>,
    /// Output file (default: stdout). Written as FILE.part, renamed when complete.
    #[arg(long, short)]
    out: Option<PathBuf>,
    /// Worker threads (default: all cores).
    #[arg(long)]
    threads: Option<usize>,
    /// Only shard K of N (1-based) of the exhaustive run; the N shards partition it.
    #[arg(long, value_name = "K/N", conflicts_with = "random")]
    shard: Option<Shard>,
    /// Continue an interrupted run of the same command from its checkpoint.
    #[arg(long)]
    resume: bool,
}

fn parse_size(s: &str) -> Result<(usize, usize), String> {
    let number = |t: &str| {
        t.trim()
            .parse::<usize>()
            .map_err(|_| format!("bad size {s:?} (expected N or WxH)"))
    };
    let (w, h) = match s.split_once(['x', 'X']) {
        Some((w, h)) => (number(w)?, number(h)?),
        None => (number(s)?, number(s)?),
    };
    for side in [w, h] {
        cruciverb::grid::check_side("size", side).map_err(|e| e.to_string())?;
    }
    Ok((w, h))
}

impl PatternOptions {
    fn rules(&self) -> Rules {
        let mut rules = Rules::preset(self.style);
        if let Some(s) = self.symmetry {
            rules.symmetry = s;
        }
        if let Some(m) = self.min_word {
            rules.min_word = m;
        }
        rules.max_word = self.max_word.or(rules.max_word);
        if let Some(u) = &self.unchecked {
            rules.allow_unchecked = u == "allow";
        }
        rules.no_white_2x2 |= self.no_white_2x2;
        rules.no_black_2x2 |= self.no_black_2x2;
        rules.max_black_run = self.max_black_run.or(rules.max_black_run);
        rules.no_isolated_white |= self.no_isolated_white;
        rules.allow_black_edges |= self.allow_black_edges;
        rules.connected &= !self.allow_disconnected;
        rules.blacks = self.blacks.or(rules.blacks);
        rules.words = self.words.or(rules.words);
        rules.max_three_letter = self.max_three_letter.or(rules.max_three_letter);
        rules.no_cheaters |= self.no_cheaters;
        rules.lattice |= self.lattice;
        rules
    }

    fn job(&self) -> Job {
        let order = if self.random {
            let seed = self.seed.unwrap_or_else(clock_seed);
            Order::Random { seed }
        } else {
            Order::Exhaustive
        };
        Job {
            width: self.size.0,
            height: self.size.1,
            rules: self.rules(),
            style_name: Some(format!("{:?}", self.style).to_lowercase()),
            order,
            limit: self.limit,
            shard: self.shard,
            threads: self.threads.unwrap_or_else(default_threads),
            out: self.out.clone(),
            resume: self.resume,
            command_line: command_line(),
        }
    }
}

fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// The invocation as typed, quoted where needed, for file headers.
fn command_line() -> String {
    let mut args = std::env::args();
    let program = args
        .next()
        .map(|_| "cruciverb".to_string())
        .unwrap_or_default();
    std::iter::once(program)
        .chain(args.map(|a| {
            if a.is_empty()
                || a.contains(|c: char| c.is_whitespace() || "'\"$`\\*?;&|<>()".contains(c))
            {
                format!("'{}'", a.replace('\'', "'\\''"))
            } else {
                a
            }
        }))
        .collect::<Vec<_>>()
        .join(" ")
}

fn patterns(command: &PatternsCommand) -> Result<()> {
    if let Some(PatternsAction::Stats { file }) = &command.action {
        print!("{}", Stats::collect(file)?);
        return Ok(());
    }
    let options = &command.options;
    let job = options.job();
    if job.threads == 0 {
        return Err(Error::invalid("--threads must be at least 1"));
    }
    if options.estimate {
        println!(
            "about {:.2e} patterns (Knuth's estimator, seeded; use --count for the exact number)",
            run::estimate(&job)?
        );
        return Ok(());
    }
    if options.count {
        println!("{}", run::count(&job)?);
        return Ok(());
    }
    let summary = run::write_patterns(&job)?;
    if let Some(out) = &job.out {
        eprintln!(
            "wrote {} patterns to {} in {:.1} s",
            summary.patterns,
            out.display(),
            summary.elapsed.as_secs_f64()
        );
    }
    Ok(())
}

impl WordlistOptions {
    pub(crate) fn spec(&self) -> ListSpec {
        ListSpec {
            files: self.files.clone(),
            min_score: self.min_score,
            exclude: self.exclude.clone(),
        }
    }
}

/// Exit code for a search that ended without a fill (not an input error).
const NO_FILL: u8 = 1;

/// Seconds a batch spends on one pattern unless `--timeout` says otherwise.
const BATCH_TIMEOUT_SECONDS: f64 = 10.0;

/// A duration given in seconds on the command line: finite, not negative
/// and representable (`1e300` is refused, not a panic).
pub(crate) fn seconds(option: &str, value: f64) -> Result<Duration> {
    Duration::try_from_secs_f64(value).map_err(|_| {
        Error::invalid(format!(
            "{option} {value} is not a usable number of seconds"
        ))
    })
}

impl FillCommand {
    fn options(&self, default_timeout: Option<f64>) -> Result<FillOptions> {
        let timeout = self
            .timeout
            .or(default_timeout)
            .map(|t| seconds("--timeout", t))
            .transpose()?;
        let polish = if self.all || self.count > 1 {
            Duration::ZERO
        } else {
            seconds("--polish", self.polish)?
        };
        Ok(FillOptions {
            min_slot: self.min_slot,
            seed: self.seed,
            timeout,
            use_all: self.use_all,
            polish,
            ..FillOptions::default()
        })
    }
}

fn fill_command(command: &FillCommand) -> Result<ExitCode> {
    let index = command.lists.spec().index(default_cache_dir().as_deref())?;
    if let (Some(patterns), Some(out_dir)) = (&command.patterns, &command.out_dir) {
        return fill_batch(command, patterns, out_dir, &index);
    }
    let grid = load_grid(command.grid.as_deref().unwrap_or_default())?;
    let options = command.options(None)?;
    if command.all || command.count > 1 {
        return fill_many(command, &grid, &index, &options);
    }
    match fill(&grid, &index, &options)? {
        Outcome::Filled(f) => {
            print_fill(&f);
            print_quality(&f);
            if let Some(out) = &command.out {
                Puzzle::from_grid(f.grid, command.min_slot).save(out)?;
                eprintln!("wrote {}", out.display());
            }
            Ok(ExitCode::SUCCESS)
        }
        Outcome::Unfillable(why) => no_fill(&Ending::Exhausted(why)),
        Outcome::GaveUp { after } => no_fill(&Ending::GaveUp { after }),
    }
}

fn print_fill(f: &Fill) {
    print!("{}", f.grid.to_text());
    println!(
        "mean score {:.1}, lowest {}",
        f.mean_score(),
        f.lowest_score()
    );
}

/// What an editor would count in the fill, on stderr (stdout stays the grid).
fn print_quality(f: &Fill) {
    eprint!("{}", Quality::of(&f.words, notes()));
}

/// Says why the search ended without a fill; exit code [`NO_FILL`].
fn no_fill(ending: &Ending) -> Result<ExitCode> {
    match ending {
        Ending::Exhausted(why) => eprintln!("unfillable: {}", why.reason),
        Ending::GaveUp { after } => {
            eprintln!("gave up after {:.1} s without a fill", after.as_secs_f64())
        }
        Ending::Stopped => return Ok(ExitCode::SUCCESS),
    }
    Ok(ExitCode::from(NO_FILL))
}

/// `--count N` and `--all`: fills separated by blank lines, streamed.
fn fill_many(
    command: &FillCommand,
    grid: &Grid,
    index: &Index,
    options: &FillOptions,
) -> Result<ExitCode> {
    let (want, wanted) = if command.all {
        (Want::All, usize::MAX)
    } else {
        (
            Want::Distinct,
            usize::try_from(command.count).unwrap_or(usize::MAX),
        )
    };
    let mut found = 0;
    let ending = fills(grid, index, options, want, |f| {
        if found > 0 {
            println!();
        }
        print_fill(&f);
        found += 1;
        found < wanted
    })?;
    match (&ending, found) {
        (_, 0) => no_fill(&ending),
        (Ending::Exhausted(_), _) if command.all => {
            eprintln!("{found} fills");
            Ok(ExitCode::SUCCESS)
        }
        (Ending::Exhausted(_), _) => {
            eprintln!("only {found} different fills exist");
            Ok(ExitCode::SUCCESS)
        }
        (Ending::GaveUp { after }, _) => {
            eprintln!(
                "stopped after {found} fills: the time limit ({:.1} s) ran out",
                after.as_secs_f64()
            );
            Ok(ExitCode::from(NO_FILL))
        }
        (Ending::Stopped, _) => Ok(ExitCode::SUCCESS),
    }
}

fn fill_batch(
    command: &FillCommand,
    patterns: &std::path::Path,
    out_dir: &std::path::Path,
    index: &Index,
) -> Result<ExitCode> {
    let threads = command.threads.unwrap_or_else(default_threads);
    if threads == 0 {
        return Err(Error::invalid("--threads must be at least 1"));
    }
    let job = Batch {
        patterns,
        limit: command.limit,
        out_dir,
        threads,
        options: command.options(Some(BATCH_TIMEOUT_SECONDS))?,
    };
    let summary = batch::run(&job, index)?;
    eprintln!(
        "{} filled, {} unfillable, {} timed out of {} patterns in {:.1} s; see {}",
        summary.filled(),
        summary.unfillable(),
        summary.timed_out(),
        summary.reports.len(),
        summary.elapsed.as_secs_f64(),
        out_dir.join(batch::SUMMARY_NAME).display()
    );
    Ok(ExitCode::SUCCESS)
}

fn run(cli: Cli) -> Result<ExitCode> {
    let done = |r: Result<()>| r.map(|()| ExitCode::SUCCESS);
    match cli.command {
        Command::Patterns(command) => done(patterns(&command)),
        Command::Fill(command) => fill_command(&command),
        Command::Wordlist(command) => done(cli::wordlist::run(&command)),
        Command::Make(command) => publish::make(&command),
        Command::Clues(command) => done(publish::clues(&command)),
        Command::Pdf(command) => done(publish::pdf(&command)),
        Command::Export(command) => done(publish::export(&command)),
        Command::Import(command) => done(publish::import(&command)),
        Command::Arrange(command) => cli::arrange::run(&command),
        Command::Squares(command) => cli::squares::squares(&command),
        Command::Regex(command) => cli::regex::regex(&command),
        Command::Show { pattern, min_slot } => {
            let grid = load_grid(&pattern)?;
            print!("{}", terminal::draw(&grid, min_slot));
            Ok(ExitCode::SUCCESS)
        }
    }
}

fn main() -> ExitCode {
    match run(Cli::parse()) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("cruciverb: error: {e}");
            ExitCode::from(e.exit_code() as u8)
        }
    }
}
