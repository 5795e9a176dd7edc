//! Runs a pattern job: exhaustive, counting or random; threaded, sharded,
//! resumable, with progress.
//!
//! Exhaustive runs cut the search tree into units (see [`Search::unit_depth`]).
//! Threads take units in order and encode their patterns into chunks; an
//! ordered writer emits chunks strictly in unit order, so output is the same
//! for any thread count. A thread whose unit is not yet next buffers a bounded
//! amount and then waits, so memory stays flat however large units are.
//! Shard K/N keeps the units whose index is K-1 modulo N.
//!
//! A themed job searches one space per [`Seating`] (the patterns keeping a
//! theme's cells), one after another: units are numbered across all of
//! them, and each pattern is written once per way of seating the entries.

use std::collections::{BTreeMap, HashSet};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

use super::count::{count_patterns_in_parts, count_patterns_keeping, PartsStats, Plan, Tally};
use super::hex;
use super::shard::Shard;

use super::output::{self, Progress, Sink};
use super::rules::Rules;
use super::search::{Sample, Search};
use super::seat::{line_suffix, Seating};
use crate::error::{Error, Result};
use crate::files::{self, Existing, Target};
use crate::pattern::file;
use crate::progress::Reporter;

/// Patterns per unit: small enough that threads stay busy and a resume
/// repeats little, large enough that per-unit overhead vanishes.
const PATTERNS_PER_UNIT: f64 = 50_000.0;
/// Bytes a worker encodes before handing them to the writer.
const CHUNK_BYTES: usize = 1 << 20;
/// Bytes of not-yet-writable chunks held before workers wait.
const MAX_BUFFERED: usize = 64 << 20;
const CHECKPOINT_EVERY: Duration = Duration::from_secs(1);
/// Random mode: consecutive repeats that mean the space is nearly exhausted.
const REPEATS_BEFORE_SWEEP: u64 = 2_000;
/// Random mode: nodes a descent may visit before restarting.
const SAMPLE_BUDGET: usize = 20_000;
/// Random mode: the largest space swept in full once repeats dominate.
const SWEEP_CAP: usize = 5_000_000;
/// Random mode: checkpoint position flag for "sweeping the rest".
const SWEEPING: u64 = 1 << 63;

/// Test hooks, from the environment: `CRUCIVERB_CHECKPOINT_MS` sets the
/// checkpoint interval; `CRUCIVERB_CRASH_AFTER` aborts the process (as kill -9
/// would) once that many patterns are written, with data past the checkpoint.
struct Hooks {
    checkpoint_every: Duration,
    crash_after: Option<u64>,
}

impl Hooks {
    fn from_env() -> Hooks {
        let number = |name: &str| std::env::var(name).ok().and_then(|v| v.parse::<u64>().ok());
        Hooks {
            checkpoint_every: number("CRUCIVERB_CHECKPOINT_MS")
                .map_or(CHECKPOINT_EVERY, Duration::from_millis),
            crash_after: number("CRUCIVERB_CRASH_AFTER"),
        }
    }

    fn maybe_crash(&self, sink: &mut Sink, patterns: u64) {
        if self.crash_after.is_some_and(|n| patterns >= n) {
            let _ = sink.flush();
            std::process::abort();
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    Exhaustive,
    Random { seed: u64 },
}

pub struct Job {
    pub width: usize,
    pub height: usize,
    pub rules: Rules,
    pub style_name: Option<String>,
    pub order: Order,
    pub limit: Option<u64>,
    pub shard: Option<Shard>,
    pub threads: usize,
    pub out: Option<PathBuf>,
    /// Whether an existing `out` may be replaced.
    pub existing: Existing,
    pub resume: bool,
    pub command_line: String,
    /// A theme's seatings (see [`Seating`]); empty for plain patterns.
    pub seatings: Vec<Seating>,
    /// The theme, as the header and the resume signature name it.
    pub theme: Option<String>,
}

impl Job {
    fn order_text(&self) -> String {
        let mut text = match self.order {
            Order::Exhaustive => "exhaustive".to_string(),
            Order::Random { seed } => format!("random, seed {seed}"),
        };
        if let Some(s) = self.shard {
            text += &format!(", shard {s}");
        }
        if let Some(l) = self.limit {
            text += &format!(", limit {l}");
        }
        text
    }

    /// Everything that determines the output; resumed runs must match it.
    fn signature(&self) -> String {
        output::signature(
            &(format!(
                "cruciverb patterns v1|{}x{}|{}|{}",
                self.width,
                self.height,
                self.rules.describe(),
                self.order_text()
            ) + &self
                .theme
                .as_ref()
                .map_or(String::new(), |t| format!("|theme {t}"))),
        )
    }

    /// The spaces searched: the seatings, or one plain space.
    fn spaces(&self) -> std::borrow::Cow<'_, [Seating]> {
        if self.seatings.is_empty() {
            std::borrow::Cow::Owned(vec![Seating::plain(self.height)])
        } else {
            std::borrow::Cow::Borrowed(&self.seatings)
        }
    }

    fn header(&self) -> String {
        let mut h = String::from(
            "# cruciverb pattern file: one hex pattern per line (1 = white, row-major)\n",
        );
        h += &format!("# size: {}x{}\n", self.width, self.height);
        if let Some(style) = &self.style_name {
            h += &format!("# style: {style}\n");
        }
        h += &format!("# rules: {}\n", self.rules.describe());
        if let Some(theme) = &self.theme {
            h += &format!(
                "# theme: {theme}; after each pattern, where each entry sits: ROW,COL,A|D,ANSWER\n"
            );
        }
        h += &format!("# order: {}\n", self.order_text());
        h += &format!("# command: {}\n", self.command_line);
        h
    }
}

pub struct Summary {
    pub patterns: u64,
    pub elapsed: Duration,
}

/// Writes the job's patterns; returns how many the output holds.
pub fn write_patterns(job: &Job, report: &dyn Reporter) -> Result<Summary> {
    let search = Search::new(job.width, job.height, &job.rules)?;
    let target = match &job.out {
        Some(path) => files::target(path, job.existing)?,
        None => Target::Stdout,
    };
    let (mut sink, resumed) =
        match target {
            Target::File { path, .. } => Sink::file(&path, &job.signature(), job.resume, report)?,
            _ if job.resume => return Err(Error::invalid(
                "--resume needs --out FILE (standard output, a device or a FIFO cannot be resumed)",
            )),
            Target::Stdout => (Sink::stdout(), Progress::default()),
            Target::Stream(path) => (Sink::stream(&path)?, Progress::default()),
        };
    let mut progress = resumed;
    if resumed.bytes == 0 {
        let header = job.header();
        sink.write(header.as_bytes())?;
        progress.bytes = header.len() as u64;
    }
    let started = Instant::now();
    report.start("patterns", None);
    report.advance(progress.patterns);
    let outcome = match job.order {
        Order::Exhaustive => write_exhaustive(job, &search, sink, progress, report),
        Order::Random { seed } => write_random(job, &search, seed, sink, progress, report),
    };
    report.finish();
    match outcome {
        Ok(patterns) => Ok(Summary {
            patterns,
            elapsed: started.elapsed(),
        }),
        Err(e) if files::is_broken_pipe(&e) => Ok(Summary {
            patterns: 0,
            elapsed: started.elapsed(),
        }),
        Err(e) => Err(e),
    }
}

/// Beyond this many patterns (by estimate) counting them one by one would
/// take hours: `count` refuses and gives the estimate instead.
const MAX_ENUMERATED_COUNT: f64 = 5e10;

/// The exact number of patterns the job would write: by the transfer-matrix
/// counter when it models the rules (and no shard is asked for), otherwise by
/// enumeration. Impossible rules are refused exactly as when writing. A
/// themed job counts each seating's patterns once per way of seating the
/// entries in them.
pub fn count(job: &Job, report: &dyn Reporter) -> Result<u128> {
    let search = Search::new(job.width, job.height, &job.rules)?;
    let spaces = job.spaces();
    let n = if job.shard.is_some() {
        count_by_enumeration(job, &search, report)
    } else if spaces.len() == 1 {
        count_space(job, &search, &spaces[0], report)?
    } else {
        count_seatings(job, &search, &spaces, report)?
    };
    Ok(job.limit.map_or(n, |l| n.min(l as u128)))
}

/// The exact count of a job too large for the in-memory counter, with its
/// states kept in parts within `plan` (see `count::parts`), and how the
/// parts went. Only plain jobs the counter models: no theme, shard or limit.
pub fn count_in_parts(
    job: &Job,
    plan: &Plan,
    report: &dyn Reporter,
) -> Result<(Tally, PartsStats)> {
    let refuse = |what: &str| {
        Err(Error::invalid(format!(
            "a count in parts (--memory, --work) counts whole runs: not with {what}"
        )))
    };
    if job.theme.is_some() {
        return refuse("--theme");
    }
    if job.limit.is_some() {
        return refuse("--limit");
    }
    // Rules no grid can obey are refused as when writing.
    Search::new(job.width, job.height, &job.rules)?;
    count_patterns_in_parts(job.width, job.height, &job.rules, plan, report)?.ok_or_else(|| {
        Error::invalid(format!(
            "a count in parts (--memory, --work) needs rules the exact counter models, not {}; without those options they are counted by enumeration",
            job.rules.describe()
        ))
    })
}

/// The patterns of one space, times its ways.
fn count_space(job: &Job, base: &Search, space: &Seating, report: &dyn Reporter) -> Result<u128> {
    let ways = space.ways.len() as u128;
    let exact = count_patterns_keeping(
        job.width,
        job.height,
        &job.rules,
        &space.white,
        &space.black,
    );
    if let Some(n) = exact {
        return Ok(n * ways);
    }
    let Some(search) = seated_search(base, space) else {
        return Ok(0);
    };
    let estimate = search.estimate_patterns();
    if estimate > MAX_ENUMERATED_COUNT {
        return Err(Error::invalid(format!(
            "about {estimate:.1e} patterns: too many to count one by one, and the exact counter cannot take these rules at this size (--estimate gives the figure; narrower rules, such as --blacks or --words, make fewer)"
        )));
    }
    let units = Mutex::new(search.prefixes(search.unit_depth(PATTERNS_PER_UNIT, 1.0)));
    report.start("patterns counted", None);
    let n = count_units(job, &units, |prefix| search.walk_count(prefix), report);
    report.finish();
    Ok(n as u128 * ways)
}

/// A themed job's count: the seatings shared among the threads.
fn count_seatings(
    job: &Job,
    base: &Search,
    spaces: &[Seating],
    report: &dyn Reporter,
) -> Result<u128> {
    let next = AtomicU64::new(0);
    let total = Mutex::new(Ok(0u128));
    report.start("seatings counted", Some(spaces.len() as u64));
    std::thread::scope(|scope| {
        for _ in 0..job.threads.max(1) {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed) as usize;
                let Some(space) = spaces.get(i) else { break };
                let n = count_space(job, base, space, &crate::progress::Quiet);
                let mut total = total.lock().unwrap_or_else(|p| p.into_inner());
                *total = match (&*total, n) {
                    (Ok(t), Ok(n)) => Ok(t + n),
                    (Err(_), _) => break,
                    (_, Err(e)) => Err(e),
                };
                report.advance(1);
            });
        }
    });
    report.finish();
    total.into_inner().unwrap_or_else(|p| p.into_inner())
}
/// A seeded statistical estimate of the number of patterns.
pub fn estimate(job: &Job) -> Result<f64> {
    Ok(Search::new(job.width, job.height, &job.rules)?.estimate_patterns())
}

fn count_by_enumeration(job: &Job, base: &Search, report: &dyn Reporter) -> u128 {
    let spaces = job.spaces();
    let units = Mutex::new(shard_units(base, &spaces, job.shard).map(|(_, unit)| unit));
    report.start("patterns counted", None);
    let n = count_units(
        job,
        &units,
        |Unit(space, search, prefix)| search.walk_count(prefix) * spaces[*space].ways.len() as u64,
        report,
    );
    report.finish();
    n as u128
}

/// Counts the patterns below each unit `units` yields (`count` gives a
/// unit's), on the job's threads.
fn count_units<U: Send>(
    job: &Job,
    units: &Mutex<impl Iterator<Item = U> + Send>,
    count: impl Fn(&U) -> u64 + Sync,
    report: &dyn Reporter,
) -> u64 {
    let total = AtomicU64::new(0);
    std::thread::scope(|scope| {
        for _ in 0..job.threads.max(1) {
            scope.spawn(|| loop {
                let next = units.lock().unwrap_or_else(|p| p.into_inner()).next();
                let Some(unit) = next else { break };
                let n = count(&unit);
                total.fetch_add(n, Ordering::Relaxed);
                report.advance(n);
            });
        }
    });
    total.into_inner()
}

/// The search for one seating's patterns, or None when its fixed cells
/// leave none.
fn seated_search(base: &Search, seating: &Seating) -> Option<Search> {
    let fixed = seating.white.iter().chain(&seating.black).any(|&m| m != 0);
    if !fixed {
        return Some(base.clone());
    }
    base.clone().keeping(&seating.white, &seating.black).ok()
}

/// Units a run needs at least: plenty per shard, so shards share the work.
fn min_units(shard: Option<Shard>) -> f64 {
    shard.map_or(1.0, |s| 16.0 * s.count as f64)
}

/// A unit of work: its space, that space's search, and a row prefix.
struct Unit(usize, Arc<Search>, Vec<u32>);

/// This shard's units as (local index, unit), in order: every space's
/// prefixes, the spaces one after another. A plain run cuts its one space
/// so that each shard gets work; a themed run has many small spaces and
/// cuts each by size alone.
fn shard_units<'a>(
    base: &'a Search,
    spaces: &'a [Seating],
    shard: Option<Shard>,
) -> impl Iterator<Item = (u64, Unit)> + Send + 'a {
    let min = if spaces.len() == 1 {
        min_units(shard)
    } else {
        1.0
    };
    let shard = shard.unwrap_or(Shard { index: 0, count: 1 });
    spaces
        .iter()
        .enumerate()
        .filter_map(move |(i, space)| seated_search(base, space).map(|s| (i, Arc::new(s))))
        .flat_map(move |(i, search)| {
            let depth = search.unit_depth(PATTERNS_PER_UNIT, min);
            let shared = search.clone();
            shared
                .shared_prefixes(depth)
                .map(move |prefix| Unit(i, search.clone(), prefix))
        })
        .enumerate()
        .filter(move |(i, _)| *i as u64 % shard.count == shard.index)
        .map(|(_, u)| u)
        .enumerate()
        .map(|(i, u)| (i as u64, u))
}

#[derive(Default)]
struct Chunk {
    data: Vec<u8>,
    patterns: u64,
}

#[derive(Default)]
struct Pending {
    chunks: Vec<Chunk>,
    done: bool,
}

/// Emits chunks in unit order; see the module doc.
struct OrderedWriter {
    state: Mutex<WriterState>,
    wake: Condvar,
    stop: AtomicBool,
}

struct WriterState {
    sink: Option<Sink>,
    head: u64,
    pending: BTreeMap<u64, Pending>,
    buffered: usize,
    progress: Progress,
    limit: Option<u64>,
    last_checkpoint: Instant,
    error: Option<Error>,
    hooks: Hooks,
}

impl WriterState {
    fn emit(&mut self, chunk: &mut Chunk, stop: &AtomicBool, report: &dyn Reporter) {
        if self.error.is_some() || stop.load(Ordering::Relaxed) {
            return;
        }
        if let Some(limit) = self.limit {
            let room = limit - self.progress.patterns;
            if chunk.patterns >= room {
                truncate_lines(chunk, room);
                stop.store(true, Ordering::Relaxed);
            }
        }
        let Some(sink) = self.sink.as_mut() else {
            return;
        };
        if let Err(e) = sink.write(&chunk.data) {
            self.error = Some(e);
            stop.store(true, Ordering::Relaxed);
            return;
        }
        self.progress.bytes += chunk.data.len() as u64;
        self.progress.patterns += chunk.patterns;
        report.advance(chunk.patterns);
        self.hooks.maybe_crash(sink, self.progress.patterns);
    }

    /// Called when unit `head` is complete: moves on and writes whatever is
    /// ready. Checkpoints are taken only right after `head` moves, the one
    /// moment when every unit before it is written and nothing of it is.
    fn advance(&mut self, stop: &AtomicBool, report: &dyn Reporter) {
        loop {
            self.head += 1;
            self.maybe_checkpoint();
            let Some(pending) = self.pending.get_mut(&self.head) else {
                return;
            };
            let chunks = std::mem::take(&mut pending.chunks);
            let done = pending.done;
            for mut chunk in chunks {
                self.buffered -= chunk.data.len();
                self.emit(&mut chunk, stop, report);
            }
            if !done {
                return;
            }
            self.pending.remove(&self.head);
        }
    }

    fn maybe_checkpoint(&mut self) {
        if self.last_checkpoint.elapsed() < self.hooks.checkpoint_every || self.error.is_some() {
            return;
        }
        self.last_checkpoint = Instant::now();
        let progress = Progress {
            position: self.head,
            ..self.progress
        };
        if let Some(Err(e)) = self.sink.as_mut().map(|s| s.checkpoint(progress)) {
            self.error = Some(e);
        }
    }
}

fn truncate_lines(chunk: &mut Chunk, keep: u64) {
    let cut = match keep {
        0 => 0,
        k => chunk
            .data
            .iter()
            .enumerate()
            .filter(|(_, &b)| b == b'\n')
            .nth(k as usize - 1)
            .map_or(chunk.data.len(), |(i, _)| i + 1),
    };
    chunk.data.truncate(cut);
    chunk.patterns = chunk.patterns.min(keep);
}

impl OrderedWriter {
    /// Hands over `chunk`, writing it now if `unit` is next and buffering it
    /// otherwise; leaves `chunk` empty for reuse.
    fn submit(&self, unit: u64, chunk: &mut Chunk, done: bool, report: &dyn Reporter) {
        let mut state = self.state.lock().unwrap_or_else(|p| p.into_inner());
        loop {
            if state.head == unit {
                state.emit(chunk, &self.stop, report);
                chunk.data.clear();
                chunk.patterns = 0;
                if done {
                    state.advance(&self.stop, report);
                    self.wake.notify_all();
                }
                return;
            }
            let fits = state.buffered + chunk.data.len() <= MAX_BUFFERED;
            if fits || chunk.data.is_empty() || self.stop.load(Ordering::Relaxed) {
                state.buffered += chunk.data.len();
                let pending = state.pending.entry(unit).or_default();
                pending.chunks.push(std::mem::take(chunk));
                pending.done |= done;
                return;
            }
            state = self.wake.wait(state).unwrap_or_else(|p| p.into_inner());
        }
    }
}

fn write_exhaustive(
    job: &Job,
    search: &Search,
    sink: Sink,
    start: Progress,
    report: &dyn Reporter,
) -> Result<u64> {
    let spaces = job.spaces();
    let suffixes: Vec<Vec<String>> = spaces
        .iter()
        .map(|s| s.ways.iter().map(|w| line_suffix(w)).collect())
        .collect();
    let units = Mutex::new(shard_units(search, &spaces, job.shard).skip(start.position as usize));
    let writer = OrderedWriter {
        state: Mutex::new(WriterState {
            sink: Some(sink),
            head: start.position,
            pending: BTreeMap::new(),
            buffered: 0,
            progress: start,
            limit: job.limit,
            last_checkpoint: Instant::now(),
            error: None,
            hooks: Hooks::from_env(),
        }),
        wake: Condvar::new(),
        stop: AtomicBool::new(job.limit.is_some_and(|l| start.patterns >= l)),
    };
    let width = search.width();
    std::thread::scope(|scope| {
        for _ in 0..job.threads.max(1) {
            scope.spawn(|| {
                let mut chunk = Chunk::default();
                loop {
                    if writer.stop.load(Ordering::Relaxed) {
                        break;
                    }
                    let next = units.lock().unwrap_or_else(|p| p.into_inner()).next();
                    let Some((unit, Unit(space, search, prefix))) = next else {
                        break;
                    };
                    search.walk(&prefix, &mut |rows| {
                        for suffix in &suffixes[space] {
                            hex::encode_rows_into(width, rows, &mut chunk.data);
                            chunk.data.extend_from_slice(suffix.as_bytes());
                            chunk.data.push(b'\n');
                            chunk.patterns += 1;
                        }
                        if chunk.data.len() >= CHUNK_BYTES {
                            writer.submit(unit, &mut chunk, false, report);
                            return !writer.stop.load(Ordering::Relaxed);
                        }
                        true
                    });
                    writer.submit(unit, &mut chunk, true, report);
                }
            });
        }
    });
    let mut state = writer.state.into_inner().unwrap_or_else(|p| p.into_inner());
    if let Some(e) = state.error.take() {
        return Err(e);
    }
    let sink = state.sink.take().expect("sink is only taken here");
    sink.finish()?;
    Ok(state.progress.patterns)
}

/// Random order: sample `i` comes from its own generator seeded by (seed, i),
/// so the sequence depends on the seed only. Repeats are skipped; when
/// repeats dominate, the rest of a small space is swept in a seated order.
/// The checkpoint position is the next sample, with [`SWEEPING`] set once the
/// sweep has begun.
fn write_random(
    job: &Job,
    search: &Search,
    seed: u64,
    mut sink: Sink,
    start: Progress,
    report: &dyn Reporter,
) -> Result<u64> {
    let spaces = job.spaces();
    let mut sampler = Sampler::new(search, &spaces, seed);
    let mut seen: HashSet<Vec<u8>> = HashSet::new();
    if let Some(part) = sink.part_path().filter(|_| start.patterns > 0) {
        file::for_each_seated(part, |_, pattern, seats| {
            let mut line = Vec::new();
            hex::encode_into(&pattern, &mut line);
            line.extend_from_slice(line_suffix(&seats).as_bytes());
            seen.insert(line);
            true
        })?;
    }
    let mut progress = start;
    let limit = job.limit.unwrap_or(u64::MAX);
    let mut last_checkpoint = Instant::now();
    let hooks = Hooks::from_env();
    let mut emit = |mut line: Vec<u8>,
                    position: u64,
                    sink: &mut Sink,
                    progress: &mut Progress|
     -> Result<bool> {
        if seen.contains(&line) {
            return Ok(false);
        }
        seen.insert(line.clone());
        line.push(b'\n');
        sink.write(&line)?;
        progress.bytes += line.len() as u64;
        progress.patterns += 1;
        progress.position = position;
        report.advance(1);
        hooks.maybe_crash(sink, progress.patterns);
        if last_checkpoint.elapsed() >= hooks.checkpoint_every {
            last_checkpoint = Instant::now();
            sink.checkpoint(*progress)?;
        }
        Ok(true)
    };
    let mut index = start.position & !SWEEPING;
    let mut sweeping = start.position & SWEEPING != 0;
    let (mut repeats, mut patience) = (0, REPEATS_BEFORE_SWEEP);
    while progress.patterns < limit {
        if !sweeping {
            let line = match sampler.sample(index) {
                Drawn::Line(line) => Some(line),
                Drawn::Miss => None,
                Drawn::Exhausted => break,
            };
            index += 1;
            let new = match line {
                Some(line) => emit(line, index, &mut sink, &mut progress)?,
                None => false,
            };
            if new {
                repeats = 0;
            } else {
                repeats += 1;
                sweeping = repeats >= patience;
            }
            continue;
        }
        let Some(mut rest) = sampler.all_lines(SWEEP_CAP) else {
            // Too many to sweep: the repeats were sampling bias, keep sampling.
            (sweeping, repeats, patience) = (false, 0, patience * 2);
            continue;
        };
        rest.shuffle(&mut StdRng::seed_from_u64(seed));
        for line in rest {
            if progress.patterns >= limit {
                break;
            }
            emit(line, index | SWEEPING, &mut sink, &mut progress)?;
        }
        break;
    }
    sink.finish()?;
    Ok(progress.patterns)
}

/// One random draw.
enum Drawn {
    /// A pattern line (hex, then seats), without the newline.
    Line(Vec<u8>),
    /// A themed draw that found nothing in its seating this time.
    Miss,
    /// No space has any pattern left to find.
    Exhausted,
}

/// Draws the random run's patterns: a plain run samples its one space as
/// it always has; a themed run picks a seating and a way for each sample,
/// builds that seating's search when first needed (a few are kept), and
/// bounds each descent, since proving a seating empty can take a full
/// search.
struct Sampler<'a> {
    base: &'a Search,
    spaces: &'a [Seating],
    seed: u64,
    searches: std::collections::HashMap<usize, Option<Arc<Search>>>,
    /// Seatings proven empty.
    empty: HashSet<usize>,
}

/// Searches a themed run keeps built at once.
const KEPT_SEARCHES: usize = 64;
/// A themed draw's largest budget, in multiples of [`SAMPLE_BUDGET`].
const THEMED_BUDGET_DOUBLINGS: u32 = 4;

impl<'a> Sampler<'a> {
    fn new(base: &'a Search, spaces: &'a [Seating], seed: u64) -> Sampler<'a> {
        Sampler {
            base,
            spaces,
            seed,
            searches: Default::default(),
            empty: HashSet::new(),
        }
    }

    fn rng(&self, index: u64) -> StdRng {
        StdRng::seed_from_u64(self.seed ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(17))
    }

    fn line(&self, space: usize, way: usize, rows: &[u32]) -> Vec<u8> {
        let mut line = Vec::new();
        hex::encode_rows_into(self.base.width(), rows, &mut line);
        line.extend_from_slice(line_suffix(&self.spaces[space].ways[way]).as_bytes());
        line
    }

    /// The `index`-th draw for the seed.
    fn sample(&mut self, index: u64) -> Drawn {
        let mut rng = self.rng(index);
        if self.spaces.len() == 1 && self.spaces[0].ways.len() == 1 {
            let Some(search) = self.search(0) else {
                return Drawn::Exhausted;
            };
            let mut budget = SAMPLE_BUDGET;
            return loop {
                match search.sample(&mut rng, budget) {
                    Sample::Found(rows) => break Drawn::Line(self.line(0, 0, &rows)),
                    Sample::Empty => break Drawn::Exhausted,
                    Sample::OutOfBudget => budget = budget.saturating_mul(2),
                }
            };
        }
        if self.empty.len() == self.spaces.len() {
            return Drawn::Exhausted;
        }
        let space = rng.random_range(0..self.spaces.len());
        let way = rng.random_range(0..self.spaces[space].ways.len());
        let Some(search) = self.search(space).filter(|_| !self.empty.contains(&space)) else {
            self.empty.insert(space);
            return Drawn::Miss;
        };
        let mut budget = SAMPLE_BUDGET;
        for _ in 0..=THEMED_BUDGET_DOUBLINGS {
            match search.sample(&mut rng, budget) {
                Sample::Found(rows) => return Drawn::Line(self.line(space, way, &rows)),
                Sample::Empty => {
                    self.empty.insert(space);
                    return Drawn::Miss;
                }
                Sample::OutOfBudget => budget *= 2,
            }
        }
        Drawn::Miss
    }

    fn search(&mut self, space: usize) -> Option<Arc<Search>> {
        if let Some(found) = self.searches.get(&space) {
            return found.clone();
        }
        if self.searches.len() >= KEPT_SEARCHES {
            self.searches.clear();
        }
        let built = seated_search(self.base, &self.spaces[space]).map(Arc::new);
        self.searches.insert(space, built.clone());
        built
    }

    /// Every line of every space, or None if there are more than `cap`.
    fn all_lines(&self, cap: usize) -> Option<Vec<Vec<u8>>> {
        let mut all = Vec::new();
        for (space, seating) in self.spaces.iter().enumerate() {
            let Some(search) = seated_search(self.base, seating) else {
                continue;
            };
            let complete = search.walk(&[], &mut |rows| {
                for way in 0..seating.ways.len() {
                    all.push(self.line(space, way, rows));
                }
                all.len() <= cap
            });
            if !complete {
                return None;
            }
        }
        Some(all)
    }
}
