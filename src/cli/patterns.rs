//! `cruciverb patterns`: enumerate, sample, count or estimate black/white
//! patterns under rules, into a hex pattern file; barred patterns with
//! `--style barred`; and `patterns stats` and `patterns sum`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use clap::{Args, Subcommand};

use cruciverb::pattern::barred::{self, BarredJob, BarredRules};
use cruciverb::pattern::count::Plan;
use cruciverb::pattern::rules::{Amount, Bound, Rules, Style, Symmetry};
use cruciverb::pattern::run::{self, Job, Order, Summary};
use cruciverb::pattern::shard::Shard;
use cruciverb::pattern::stats::Stats;
use cruciverb::pattern::tally::{self, ShardCount};
use cruciverb::theme::{seatings, SeatOptions, Theme};
use cruciverb::Result;
use cruciverb::{files, Error};

use super::options::{
    clock_seed, command_line, parse_memory, parse_seconds, parse_size, parse_threads, peak_memory,
    threads, ForceOption, GridStyle,
};
use super::progress::Bars;

#[derive(Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct PatternsArgs {
    #[command(subcommand)]
    action: Option<PatternsAction>,
    #[command(flatten)]
    options: PatternOptions,
}

#[derive(Subcommand)]
enum PatternsAction {
    /// Count, word-count, black-square and word-length distributions of a pattern file.
    Stats {
        /// The pattern file to read (written by `cruciverb patterns`).
        file: PathBuf,
    },
    /// Add up the result files of a sharded count (`patterns --count
    /// --shard K/N --work DIR`), each shard once, all of one run.
    Sum {
        /// The shards' result files.
        #[arg(required = true, value_name = "FILE")]
        files: Vec<PathBuf>,
    },
}

#[derive(Args)]
struct PatternOptions {
    /// Grid size: N for N×N, or WxH.
    #[arg(long, default_value = "15", value_parser = parse_size)]
    size: (usize, usize),
    /// Rule preset: american (rotational, words ≥ 3, no unchecked cells),
    /// british, or barred (no blocks: bars divide the lights; rotational,
    /// lights ≥ 3, at most half of a light unchecked, no two unchecked
    /// cells touching).
    #[arg(long, default_value = "american")]
    style: GridStyle,
    /// Symmetry of the blocks: none, rotational (180°), mirror (left-right)
    /// or four-fold (default: the style's, rotational or four-fold).
    #[arg(long, value_name = "SYMMETRY")]
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
    /// Number of words (lights of a barred grid), e.g. 70..78.
    #[arg(long, value_name = "RANGE")]
    words: Option<Bound>,
    /// --style barred: most unchecked cells in a light, a count or a share
    /// of its letters (default 50%).
    #[arg(long, value_name = "N|P%")]
    max_unchecked: Option<Amount>,
    /// --style barred: let two unchecked cells touch.
    #[arg(long)]
    adjacent_unchecked: bool,
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
    /// With --lattice: crossings may be black, so a light may begin or end
    /// on an unchecked cell (even lengths), each light still at least half
    /// checked with no two unchecked cells together.
    #[arg(long)]
    lattice_ends: bool,
    /// Theme entries to seat (one `ANSWER[;clue]` a line, optionally
    /// `ROW COL across|down` after the answer): patterns seating them all,
    /// each line followed by where each entry sits.
    #[arg(long, value_name = "FILE")]
    theme: Option<PathBuf>,
    /// With --theme: entries may cross one another where their letters agree.
    #[arg(long, requires = "theme")]
    theme_crossings: bool,
    /// With --theme: entries sit in the order the file lists them (by clue number).
    #[arg(long, requires = "theme")]
    in_order: bool,
    /// Print only the number of patterns.
    #[arg(long, conflicts_with_all = ["random", "resume"])]
    count: bool,
    /// With --count: keep the exact counter's states within SIZE of memory
    /// (e.g. 16G, 512M), split into parts that wait in a scratch directory
    /// between half rows. For counts too large for memory (17×17 and up).
    #[arg(long, value_name = "SIZE", requires = "count", value_parser = parse_memory)]
    memory: Option<u64>,
    /// Where the exact counter keeps its states between half rows: with
    /// --memory, a scratch directory is made in DIR (default: the system's
    /// temporary directory); with --count --shard K/N, the directory all N
    /// shards share, each writing its result to --out or standard output.
    /// About 30 bytes a state.
    #[arg(long, value_name = "DIR", requires = "count")]
    work: Option<PathBuf>,
    /// With --count --shard K/N --work DIR: how long a shard waits at a
    /// half row for the other shards' states before it gives up.
    #[arg(long, value_name = "SECONDS", default_value = "3600", value_parser = parse_seconds, requires = "work")]
    wait: Duration,
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
    #[arg(long, value_parser = parse_threads)]
    threads: Option<usize>,
    /// Only shard K of N (1-based) of the exhaustive run; the N shards partition it.
    #[arg(long, value_name = "K/N", conflicts_with = "random")]
    shard: Option<Shard>,
    /// Continue an interrupted run of the same command from its checkpoint.
    #[arg(long)]
    resume: bool,
    #[command(flatten)]
    force: ForceOption,
}

impl PatternOptions {
    fn rules(&self) -> Rules {
        let mut rules = Rules::preset(self.style.blocked().unwrap_or(Style::American));
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
        rules.lattice_ends |= self.lattice_ends;
        rules
    }

    fn job(&self) -> Result<Job> {
        let rules = self.rules();
        let (seatings, theme) = match &self.theme {
            Some(path) => {
                let theme = Theme::read(path)?;
                let options = SeatOptions {
                    crossings: self.theme_crossings,
                    in_order: self.in_order,
                };
                let (w, h) = self.size;
                rules.validate(w, h)?;
                let seatings = seatings(&theme, w, h, &rules, options)?;
                let mut described = theme.describe();
                if self.theme_crossings {
                    described += ", crossings allowed";
                }
                if self.in_order {
                    described += ", in order";
                }
                (seatings, Some(described))
            }
            None => (Vec::new(), None),
        };
        let order = if self.random {
            let seed = self.seed.unwrap_or_else(clock_seed);
            Order::Random { seed }
        } else {
            Order::Exhaustive
        };
        Ok(Job {
            width: self.size.0,
            height: self.size.1,
            rules,
            style_name: Some(self.style.name().to_string()),
            order,
            limit: self.limit,
            shard: self.shard,
            threads: threads(self.threads),
            out: self.out.clone(),
            existing: self.force.existing(),
            resume: self.resume,
            command_line: command_line(),
            seatings,
            theme,
        })
    }
}

pub fn run(command: &PatternsArgs) -> Result<ExitCode> {
    match &command.action {
        Some(PatternsAction::Stats { file }) => {
            out!("{}", Stats::collect(file)?);
            return Ok(ExitCode::SUCCESS);
        }
        Some(PatternsAction::Sum { files }) => return sum(files),
        None => {}
    }
    let options = &command.options;
    if options.style == GridStyle::Barred {
        return barred(options);
    }
    if let Some(flag) = [
        ("--max-unchecked", options.max_unchecked.is_some()),
        ("--adjacent-unchecked", options.adjacent_unchecked),
    ]
    .iter()
    .find_map(|&(flag, given)| given.then_some(flag))
    {
        return Err(Error::invalid(format!(
            "{flag} is a rule of barred grids; add --style barred (blocked grids take --unchecked allow|forbid)"
        )));
    }
    let job = options.job()?;
    if options.count && (options.work.is_some() || options.memory.is_some()) {
        return count_in_parts(options, &job);
    }
    if options.count && options.out.is_some() {
        return Err(Error::invalid(COUNT_TO_FILE));
    }
    if options.estimate {
        outln!(
            "about {:.2e} patterns (Knuth's estimator, seeded; use --count for the exact number)",
            run::estimate(&job)?
        );
        return Ok(ExitCode::SUCCESS);
    }
    if options.count {
        outln!("{}", run::count(&job, &Bars::new(false))?);
        return Ok(ExitCode::SUCCESS);
    }
    let summary = run::write_patterns(&job, &Bars::new(false))?;
    wrote(&summary, job.out.as_deref());
    Ok(ExitCode::SUCCESS)
}

/// The note a run that wrote a file ends with.
fn wrote(summary: &Summary, out: Option<&Path>) {
    if let Some(out) = out {
        note!(
            "wrote {} patterns to {} in {:.1} s",
            summary.patterns,
            out.display(),
            summary.elapsed.as_secs_f64()
        );
    }
}

/// `--style barred`: barred patterns, written or counted.
fn barred(options: &PatternOptions) -> Result<ExitCode> {
    let blocked_only = [
        ("--unchecked", options.unchecked.is_some()),
        ("--no-white-2x2", options.no_white_2x2),
        ("--no-black-2x2", options.no_black_2x2),
        ("--max-black-run", options.max_black_run.is_some()),
        ("--no-isolated-white", options.no_isolated_white),
        ("--allow-black-edges", options.allow_black_edges),
        ("--blacks", options.blacks.is_some()),
        ("--max-3-letter", options.max_three_letter.is_some()),
        ("--no-cheaters", options.no_cheaters),
        ("--lattice", options.lattice),
        ("--lattice-ends", options.lattice_ends),
        ("--theme", options.theme.is_some()),
        ("--memory", options.memory.is_some()),
        ("--work", options.work.is_some()),
        ("--estimate", options.estimate),
        ("--resume", options.resume),
    ];
    if let Some((flag, _)) = blocked_only.iter().find(|(_, given)| *given) {
        return Err(Error::invalid(format!(
            "{flag} does not apply to --style barred (a barred grid has no blocks)"
        )));
    }
    let (width, height) = options.size;
    let mut rules = BarredRules::conventional(width, height);
    if let Some(s) = options.symmetry {
        rules.symmetry = s;
    }
    if let Some(m) = options.min_word {
        rules.min_light = m;
    }
    if let Some(m) = options.max_word {
        rules.max_light = m;
    }
    if let Some(m) = options.max_unchecked {
        rules.max_unchecked = m;
    }
    rules.adjacent_unchecked = options.adjacent_unchecked;
    rules.connected = !options.allow_disconnected;
    rules.lights = options.words;
    let job = BarredJob {
        width,
        height,
        rules,
        order: if options.random {
            Order::Random {
                seed: options.seed.unwrap_or_else(clock_seed),
            }
        } else {
            Order::Exhaustive
        },
        limit: options.limit,
        shard: options.shard,
        out: options.out.clone(),
        existing: options.force.existing(),
        command_line: command_line(),
    };
    if options.count {
        if options.out.is_some() {
            return Err(Error::invalid(COUNT_TO_FILE));
        }
        outln!("{}", barred::count(&job, &Bars::new(false))?);
        return Ok(ExitCode::SUCCESS);
    }
    let summary = barred::write(&job, &Bars::new(false))?;
    wrote(&summary, job.out.as_deref());
    Ok(ExitCode::SUCCESS)
}

/// Where `--count` with `--out` is refused.
const COUNT_TO_FILE: &str = "--count prints its number; --out takes it only for a shard of a shared count (--count --shard K/N --work DIR)";

/// `--count` with `--memory` (one process, the states in parts on disk) or
/// `--shard K/N --work DIR` (one of N processes sharing the states).
fn count_in_parts(options: &PatternOptions, job: &Job) -> Result<ExitCode> {
    let work = match (&options.work, options.shard) {
        (Some(work), _) => work.clone(),
        (None, None) => std::env::temp_dir(),
        (None, Some(shard)) => {
            return Err(Error::invalid(format!(
                "--count --shard {shard} with --memory: the shards of a count share its states through a directory all of them reach; give it with --work DIR"
            )))
        }
    };
    if options.shard.is_none() && options.out.is_some() {
        return Err(Error::invalid(COUNT_TO_FILE));
    }
    let plan = Plan {
        memory: options.memory.unwrap_or(u64::MAX),
        work,
        threads: job.threads,
        shard: options.shard,
        wait: options.wait,
    };
    let started = std::time::Instant::now();
    let (tally, stats) = run::count_in_parts(job, &plan, &Bars::new(false))?;
    let seconds = started.elapsed().as_secs_f64();
    let memory = peak_memory();
    note!(
        "counted in {} half rows, at most {} part{}; largest part {} states, most states at once {}; {:.1} GB through {}; {seconds:.1} s{}",
        stats.phases,
        stats.most_parts,
        if stats.most_parts == 1 { "" } else { "s" },
        stats.largest_part,
        stats.most_states,
        stats.written as f64 / 1e9,
        plan.work.display(),
        memory.as_ref().map_or(String::new(), |m| format!(", peak memory {m}"))
    );
    let Some(shard) = plan.shard else {
        outln!("{}", tally.patterns);
        return Ok(ExitCode::SUCCESS);
    };
    let result = ShardCount {
        run: format!(
            "{}x{}, {}; {} shards",
            job.width,
            job.height,
            job.rules.describe(),
            shard.count
        ),
        shard,
        patterns: tally.patterns,
        less: tally.less,
        seconds,
        peak_memory: memory.unwrap_or_default(),
    };
    match &options.out {
        Some(path) => files::write(path, result.to_text().as_bytes(), options.force.existing())?,
        None => out!("{}", result.to_text()),
    }
    Ok(ExitCode::SUCCESS)
}

/// `patterns sum FILE...`: the total of a sharded count.
fn sum(paths: &[PathBuf]) -> Result<ExitCode> {
    let shards = paths
        .iter()
        .map(|p| Ok((p.clone(), ShardCount::read(p)?)))
        .collect::<Result<Vec<_>>>()?;
    outln!("{}", tally::sum(&shards)?);
    Ok(ExitCode::SUCCESS)
}
