//! `cruciverb fill`: fill one grid (once, N different ways, or every way),
//! or a whole pattern file in parallel.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::{Args, Subcommand};

use cruciverb::batch::{self, Batch};
use cruciverb::files;
use cruciverb::fill::quality::Quality;
use cruciverb::fill::{fill, fills, Fill, FillOptions, Outcome, Want};
use cruciverb::formats::ipuz;
use cruciverb::grid::{self, Grid, DEFAULT_MIN_SLOT};
use cruciverb::pattern::shard::Shard;
use cruciverb::puzzle::Puzzle;
use cruciverb::wordlist::index::Index;
use cruciverb::wordlist::notes::notes;
use cruciverb::wordlist::roots::roots;
use cruciverb::wordlist::spec::default_cache_dir;
use cruciverb::Result;

use super::exit::NO_RESULT;
use super::options::{
    parse_positive, parse_seconds, parse_threads, threads, wrote, ForceOption, TimeoutOption,
    WordlistOptions,
};
use super::progress::Bars;

#[derive(Args)]
#[command(mut_arg("timeout", |a| a.help("Give up after this many seconds (per pattern with --patterns; default there 10)")))]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct FillArgs {
    #[command(subcommand)]
    action: Option<FillAction>,
    /// A text grid file (letters are fixed), a hex pattern, FILE.hex or FILE.hex:N.
    #[arg(required_unless_present = "patterns", conflicts_with = "patterns")]
    grid: Option<String>,
    #[command(flatten)]
    lists: WordlistOptions,
    /// Shortest run that is a word (shorter runs are unchecked cells).
    #[arg(long, default_value_t = DEFAULT_MIN_SLOT)]
    min_slot: usize,
    /// Seed for the choice among good candidates.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    #[command(flatten)]
    time: TimeoutOption,
    /// Also write the filled puzzle as ipuz (clues left empty).
    #[arg(long, value_name = "FILE.ipuz", conflicts_with_all = ["count", "all", "patterns"])]
    out: Option<PathBuf>,
    /// Print N different fills.
    #[arg(long, value_name = "N", default_value_t = 1, conflicts_with = "all",
          value_parser = parse_positive)]
    count: u64,
    /// Print every fill (small grids), then how many there are.
    #[arg(long)]
    all: bool,
    /// Fill-in puzzle: use every word of the list exactly once.
    #[arg(long)]
    use_all: bool,
    /// After the first fill, spend up to this many seconds on a better one
    /// (a higher lowest score, then fewer weak entries); 0 keeps the first.
    #[arg(long, value_name = "SECONDS", default_value = "1", value_parser = parse_seconds, allow_negative_numbers = true)]
    polish: Duration,
    /// Fill the patterns of a pattern file, in parallel, into --out-dir.
    #[arg(long, value_name = "FILE.hex", requires = "out_dir")]
    patterns: Option<PathBuf>,
    /// With --patterns: fill only the first N patterns.
    #[arg(long, value_name = "N", requires = "patterns")]
    limit: Option<usize>,
    /// With --patterns: where the puzzles and summary.tsv go.
    #[arg(long, value_name = "DIR", requires = "patterns")]
    out_dir: Option<PathBuf>,
    /// With --patterns: continue an unfinished batch in --out-dir (a killed
    /// run), filling only the patterns it had not finished.
    #[arg(long, requires = "patterns")]
    resume: bool,
    /// With --patterns: worker threads (default: all cores).
    #[arg(long, requires = "patterns", value_parser = parse_threads)]
    threads: Option<usize>,
    /// With --patterns: fill only shard K of N (pattern n goes to shard
    /// (n - 1) mod N + 1); `fill merge` puts the shards' summaries together.
    #[arg(long, value_name = "K/N", requires = "patterns")]
    shard: Option<Shard>,
    #[command(flatten)]
    force: ForceOption,
}

#[derive(Subcommand)]
enum FillAction {
    /// Merge the summaries of the shards of one batch (`fill --patterns FILE
    /// --shard K/N`) into the ranking one run would have made.
    Merge {
        /// The shards' --out-dir directories, each shard once.
        #[arg(required = true, value_name = "DIR")]
        dirs: Vec<PathBuf>,
        /// Where the merged summary goes (default: standard output).
        #[arg(long, short, value_name = "FILE")]
        out: Option<PathBuf>,
        #[command(flatten)]
        force: ForceOption,
    },
}

/// Seconds a batch spends on one pattern unless `--timeout` says otherwise.
const BATCH_TIMEOUT: Duration = Duration::from_secs(10);
/// Best fills of a batch named on stderr at the end.
const BEST_SHOWN: usize = 3;

impl FillArgs {
    /// The batch settings every shard of a run must share, in words: list
    /// files by name (shards may run on machines with other paths).
    fn settings(&self, index: &Index) -> String {
        let names = |files: &[PathBuf]| {
            let names: Vec<String> = files
                .iter()
                .map(|f| {
                    f.file_name()
                        .unwrap_or(f.as_os_str())
                        .to_string_lossy()
                        .into_owned()
                })
                .collect();
            names.join(" ")
        };
        let lists = match self.lists.files.is_empty() {
            true => "embedded".to_string(),
            false => names(&self.lists.files),
        };
        let timeout = self.time.timeout.unwrap_or(BATCH_TIMEOUT);
        format!(
            "list {lists} ({} words), min-score {}, exclude [{}], min-slot {}, seed {}, timeout {} s, polish {} s{}",
            index.total_words(),
            self.lists.min_score,
            names(&self.lists.exclude),
            self.min_slot,
            self.seed,
            timeout.as_secs_f64(),
            self.polish.as_secs_f64(),
            if self.use_all { ", use-all" } else { "" }
        )
    }

    fn options(&self, default_timeout: Option<Duration>) -> Result<FillOptions> {
        let timeout = self.time.timeout.or(default_timeout);
        let polish = if self.all || self.count > 1 {
            Duration::ZERO
        } else {
            self.polish
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

pub fn run(command: &FillArgs) -> Result<ExitCode> {
    if let Some(FillAction::Merge { dirs, out, force }) = &command.action {
        return merge(dirs, out.as_deref(), force);
    }
    let started = Instant::now();
    let mut spec = command.lists.spec();
    // One grid's --timeout is the whole command's, reading the lists
    // included; a batch's is each pattern's, and the lists are read once.
    if command.patterns.is_none() {
        spec.until = command.time.timeout.and_then(|t| started.checked_add(t));
    }
    let index = spec.index(default_cache_dir().as_deref(), &Bars::new(false))?;
    if let (Some(patterns), Some(out_dir)) = (&command.patterns, &command.out_dir) {
        return fill_batch(command, patterns, out_dir, &index);
    }
    // A marked text grid's circles and shading go on to the saved puzzle.
    let (grid, marks) = grid::load_marked(command.grid.as_deref().unwrap_or_default())?;
    let mut options = command.options(None)?;
    options.timeout = options.timeout.map(|t| t.saturating_sub(started.elapsed()));
    if command.all || command.count > 1 {
        return fill_many(command, &grid, &index, &options);
    }
    if let Some(out) = &command.out {
        // A name clash is reported before the search, not after it.
        files::target(out, command.force.existing())?;
    }
    match fill(&grid, &index, &options)? {
        Outcome::Filled(f) => {
            print_fill(&f)?;
            print_quality(&f, options.min_slot.max(DEFAULT_MIN_SLOT));
            if let Some(out) = &command.out {
                let mut puzzle = Puzzle::from_grid(f.grid, command.min_slot);
                puzzle.set_marks(marks)?;
                ipuz::save(&puzzle, out, command.force.existing())?;
                wrote(out);
            }
            Ok(ExitCode::SUCCESS)
        }
        other => no_fill(&other),
    }
}

fn print_fill(f: &Fill) -> Result<()> {
    out!("{}", f.grid.to_text());
    outln!(
        "mean score {:.1}, lowest {}",
        f.mean_score(),
        f.lowest_score()
    );
    Ok(())
}

/// What an editor would count in the fill, on stderr (stdout stays the grid).
fn print_quality(f: &Fill, min_slot: usize) {
    let entries: Vec<String> = f
        .grid
        .slots(min_slot)
        .iter()
        .filter_map(|slot| f.grid.entry(slot))
        .collect();
    let answers: Vec<&str> = entries.iter().map(String::as_str).collect();
    let quality = Quality::of(&f.words, &answers, notes(), roots());
    note!("{}", quality.to_string().trim_end());
}

/// Says why the search ended without a fill; exit code [`NO_RESULT`].
fn no_fill<T>(outcome: &Outcome<T>) -> Result<ExitCode> {
    match outcome {
        Outcome::Unfillable(why) => note!("unfillable: {}", why.reason),
        Outcome::GaveUp { after } => {
            note!("gave up after {:.1} s without a fill", after.as_secs_f64())
        }
        Outcome::Filled(_) => return Ok(ExitCode::SUCCESS),
    }
    Ok(ExitCode::from(NO_RESULT))
}

/// `--count N` and `--all`: fills separated by blank lines, streamed.
fn fill_many(
    command: &FillArgs,
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
    let mut failed = None;
    let outcome = fills(grid, index, options, want, |f| {
        let printed = (|| {
            if found > 0 {
                outln!();
            }
            print_fill(&f)
        })();
        if let Err(e) = printed {
            failed = Some(e);
            return false;
        }
        found += 1;
        found < wanted
    })?;
    if let Some(e) = failed {
        return Err(e);
    }
    match (&outcome, found) {
        (_, 0) => no_fill(&outcome),
        (Outcome::Unfillable(_), _) if command.all => {
            note!("{found} fills");
            Ok(ExitCode::SUCCESS)
        }
        (Outcome::Unfillable(_), _) => {
            note!("only {found} different fills exist");
            Ok(ExitCode::SUCCESS)
        }
        (Outcome::GaveUp { after }, _) => {
            note!(
                "stopped after {found} fills: the time limit ({:.1} s) ran out",
                after.as_secs_f64()
            );
            Ok(ExitCode::from(NO_RESULT))
        }
        (Outcome::Filled(()), _) => Ok(ExitCode::SUCCESS),
    }
}

fn fill_batch(
    command: &FillArgs,
    patterns: &std::path::Path,
    out_dir: &std::path::Path,
    index: &Index,
) -> Result<ExitCode> {
    let threads = threads(command.threads);
    let job = Batch {
        patterns,
        limit: command.limit,
        out_dir,
        threads,
        options: command.options(Some(BATCH_TIMEOUT))?,
        resume: command.resume,
        shard: command.shard.unwrap_or(Shard::WHOLE),
        settings: command.settings(index),
    };
    let summary = batch::run(&job, index, &Bars::new(false))?;
    note!(
        "{} filled, {} unfillable, {} timed out of {} patterns in {:.1} s; see {}",
        summary.filled(),
        summary.unfillable(),
        summary.timed_out(),
        summary.reports.len(),
        summary.elapsed.as_secs_f64(),
        out_dir.join(batch::SUMMARY_NAME).display()
    );
    for report in summary.ranked().iter().take(BEST_SHOWN) {
        if let batch::Status::Filled {
            mean_score,
            lowest_score,
            file,
        } = &report.status
        {
            note!(
                "  pattern {}: lowest score {lowest_score}, mean {mean_score:.1}: {}",
                report.number,
                out_dir.join(file).display()
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// `fill merge`: the shards' summaries as one ranking.
fn merge(dirs: &[PathBuf], out: Option<&std::path::Path>, force: &ForceOption) -> Result<ExitCode> {
    let merged = batch::merge(dirs)?;
    let summary = &merged.summary;
    let title = format!("{}, {} shards merged", merged.run.file, dirs.len());
    let text = summary.to_tsv(&title, &merged.run);
    match out {
        Some(path) => {
            files::write(path, text.as_bytes(), force.existing())?;
            wrote(path);
        }
        None => out!("{text}"),
    }
    note!(
        "{} filled, {} unfillable, {} timed out of {} patterns",
        summary.filled(),
        summary.unfillable(),
        summary.timed_out(),
        summary.reports.len()
    );
    Ok(ExitCode::SUCCESS)
}
