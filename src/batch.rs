//! Filling many patterns of one pattern file, in parallel.
//!
//! Constructors enumerate patterns overnight and then want to know which of
//! them fill well. A reader thread streams the file (it may be huge) into a
//! small queue, worker threads fill one pattern each with a per-pattern time
//! limit, and every success is saved as its own puzzle. A themed pattern
//! file's lines carry their theme entries (see [`crate::pattern::seat`]),
//! which are filled around as fixed letters. The summary table,
//! one row per pattern ranked best fill first, is written last and
//! atomically, so a directory that has one holds a complete batch.
//!
//! A batch too large for one machine is dealt into shards (pattern `n`
//! goes to shard `(n - 1) mod N + 1`), each run anywhere into its own
//! directory; every summary names its [`Run`], and [`merge`] puts the
//! shards' summaries together into the ranking one run would have made,
//! refusing shards of different runs, doubled shards and missing ones.

use std::collections::HashSet;
use std::fmt::Write as _;
use std::fs::OpenOptions;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Mutex};
use std::time::{Duration, Instant};

use crate::error::{Error, IoContext, Result};
use crate::files::{self, Existing};
use crate::fill::{fill, FillOptions, Outcome};
use crate::formats::ipuz;
use crate::grid::Grid;
use crate::pattern::file::for_each_seated;
use crate::pattern::hex;
use crate::pattern::shard::Shard;
use crate::progress::Reporter;
use crate::puzzle::Puzzle;
use crate::wordlist::index::Index;

/// Name of the table a batch leaves in its output directory.
pub const SUMMARY_NAME: &str = "summary.tsv";

/// Rows of an unfinished batch, one appended as each pattern is done, so
/// that a killed batch can resume without redoing them.
pub(crate) const JOURNAL_NAME: &str = "summary.tsv.part";

/// A summary row is about 150 bytes: this is some 25 million patterns.
const MAX_SUMMARY_BYTES: u64 = 4 << 30;

const COLUMNS: &str =
    "pattern\tresult\tseconds\tmean_score\tlowest_score\tfile\tpattern_hex\tdetail\n";

pub struct Batch<'a> {
    pub patterns: &'a Path,
    /// Fill only the first N patterns.
    pub limit: Option<usize>,
    pub out_dir: &'a Path,
    pub threads: usize,
    /// Options for each fill; the time limit applies to each pattern.
    pub options: FillOptions,
    /// Continue an unfinished batch in `out_dir` from its journal.
    pub resume: bool,
    /// The part of the run this batch fills ([`Shard::WHOLE`] for all).
    pub shard: Shard,
    /// The fill settings in words (list, minimum score, seed, time): the
    /// shards of one run must agree on them, and a resumed batch too.
    pub settings: String,
}

/// Which run a batch belongs to and which part of it it is. The shards of
/// one run agree on everything but their number, which is how [`merge`]
/// tells a missing or doubled shard from a shard of another run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Run {
    pub shard: Shard,
    /// Patterns in the whole run (every shard's, within the limit).
    pub patterns: usize,
    /// The pattern file's name, and a digest of its lines (those within
    /// the limit).
    pub file: String,
    pub digest: u64,
    pub settings: String,
}

const RUN_LINE: &str = "# run: shard ";

impl Run {
    /// The summary's and the journal's line naming the run.
    fn line(&self) -> String {
        format!(
            "{RUN_LINE}{} of {} patterns of {} (digest {:016x}); {}\n",
            self.shard, self.patterns, self.file, self.digest, self.settings
        )
    }

    /// Reads back a [`Run::line`] (without its newline).
    fn parse(line: &str) -> Option<Run> {
        let rest = line.strip_prefix(RUN_LINE)?;
        let (shard, rest) = rest.split_once(" of ")?;
        let (patterns, rest) = rest.split_once(" patterns of ")?;
        let (file, rest) = rest.rsplit_once(" (digest ")?;
        let (digest, settings) = rest.split_once("); ")?;
        Some(Run {
            shard: shard.parse().ok()?,
            patterns: patterns.parse().ok()?,
            file: file.to_string(),
            digest: u64::from_str_radix(digest, 16).ok()?,
            settings: settings.to_string(),
        })
    }

    /// Whether `other` is a part of the same run (any shard of it).
    fn same_run(&self, other: &Run) -> bool {
        self.shard.count == other.shard.count
            && self.patterns == other.patterns
            && self.file == other.file
            && self.digest == other.digest
            && self.settings == other.settings
    }
}

/// What became of one pattern.
#[derive(Clone, Debug)]
pub enum Status {
    Filled {
        mean_score: f64,
        lowest_score: u8,
        file: String,
    },
    Unfillable(String),
    TimedOut,
    /// The pattern itself cannot be filled as asked (e.g. a word length the
    /// list lacks); the batch goes on.
    Rejected(String),
}

#[derive(Clone, Debug)]
pub struct Report {
    /// 1-based, as in `FILE.hex:N`.
    pub number: usize,
    pub hex: String,
    pub status: Status,
    pub elapsed: Duration,
}

pub struct Summary {
    pub reports: Vec<Report>,
    pub elapsed: Duration,
}

impl Summary {
    pub fn filled(&self) -> usize {
        self.count(|s| matches!(s, Status::Filled { .. }))
    }

    pub fn unfillable(&self) -> usize {
        self.count(|s| matches!(s, Status::Unfillable(_) | Status::Rejected(_)))
    }

    pub fn timed_out(&self) -> usize {
        self.count(|s| matches!(s, Status::TimedOut))
    }

    fn count(&self, pick: impl Fn(&Status) -> bool) -> usize {
        self.reports.iter().filter(|r| pick(&r.status)).count()
    }

    /// The reports best first: fills by their lowest score (an editor
    /// notices the worst entry), then their mean as the summary prints it
    /// (to a tenth, so that the table read back ranks the same: merged
    /// shards do); then the unfillable patterns (whose reasons say what to
    /// change), the rejected ones and those that timed out, each in file
    /// order.
    pub fn ranked(&self) -> Vec<&Report> {
        let mut ranked: Vec<&Report> = self.reports.iter().collect();
        ranked.sort_by(|a, b| {
            let group = |r: &Report| match r.status {
                Status::Filled { .. } => 0,
                Status::Unfillable(_) => 1,
                Status::Rejected(_) => 2,
                Status::TimedOut => 3,
            };
            let merit = |r: &Report| match r.status {
                Status::Filled {
                    mean_score,
                    lowest_score,
                    ..
                } => (lowest_score, printed(mean_score)),
                _ => (0, 0.0),
            };
            let ((low_a, mean_a), (low_b, mean_b)) = (merit(a), merit(b));
            group(a)
                .cmp(&group(b))
                .then(low_b.cmp(&low_a))
                .then(mean_b.total_cmp(&mean_a))
                .then(a.number.cmp(&b.number))
        });
        ranked
    }

    /// The summary table: a header comment, then one tab-separated row per
    /// pattern, ranked as [`Summary::ranked`].
    /// `name` says what was filled: the pattern file, or the shards merged.
    pub fn to_tsv(&self, name: &str, run: &Run) -> String {
        let mut out = format!(
            "# cruciverb fill batch of {name}: {} filled, {} unfillable, {} timed out in {:.1} s\n\
             # best fills first (highest lowest score, then mean), then unfillable, rejected, timed out\n",
            self.filled(),
            self.unfillable(),
            self.timed_out(),
            self.elapsed.as_secs_f64()
        );
        out.push_str(&run.line());
        out.push_str(COLUMNS);
        for r in self.ranked() {
            out.push_str(&r.row());
        }
        out
    }
}

/// A mean score as the summary prints it, to a tenth: read back, the
/// table ranks the same (`{:.1}` and rounding disagree on halves).
fn printed(mean: f64) -> f64 {
    format!("{mean:.1}").parse().unwrap_or(mean)
}

impl Report {
    /// The report as one tab-separated line of the summary table.
    fn row(&self) -> String {
        let r = self;
        let (result, mean, lowest, file, detail) = match &r.status {
            Status::Filled {
                mean_score,
                lowest_score,
                file,
            } => (
                "filled",
                format!("{mean_score:.1}"),
                lowest_score.to_string(),
                file.as_str(),
                "",
            ),
            Status::Unfillable(why) => {
                ("unfillable", String::new(), String::new(), "", why.as_str())
            }
            Status::Rejected(why) => ("rejected", String::new(), String::new(), "", why.as_str()),
            Status::TimedOut => ("timed out", String::new(), String::new(), "", ""),
        };
        let mut out = String::new();
        let _ = writeln!(
            out,
            "{}\t{result}\t{:.3}\t{mean}\t{lowest}\t{file}\t{}\t{}",
            r.number,
            r.elapsed.as_secs_f64(),
            r.hex,
            detail.replace(['\t', '\n'], " ")
        );
        out
    }

    /// Reads back a [`Report::row`] (without its newline); None for a row
    /// that is not one, such as a line cut short by a kill.
    fn parse_row(line: &str) -> Option<Report> {
        let f: Vec<&str> = line.split('\t').collect();
        let [number, result, seconds, mean, lowest, file, hex, detail] = f[..] else {
            return None;
        };
        let status = match result {
            "filled" => Status::Filled {
                mean_score: mean.parse().ok()?,
                lowest_score: lowest.parse().ok()?,
                file: file.to_string(),
            },
            "unfillable" => Status::Unfillable(detail.to_string()),
            "rejected" => Status::Rejected(detail.to_string()),
            "timed out" => Status::TimedOut,
            _ => return None,
        };
        Some(Report {
            number: number.parse().ok()?,
            hex: hex.to_string(),
            status,
            elapsed: Duration::try_from_secs_f64(seconds.parse().ok()?).ok()?,
        })
    }
}

/// Fills every pattern of the batch, saves each fill as `STEM-N.ipuz` in the
/// output directory and the summary as [`SUMMARY_NAME`].
pub fn run(batch: &Batch, index: &Index, progress: &dyn Reporter) -> Result<Summary> {
    // A missing pattern file is reported before the directory is made.
    let (patterns, digest) = survey(batch.patterns, batch.limit)?;
    let run = Run {
        shard: batch.shard,
        patterns,
        file: batch.patterns.file_name().map_or_else(
            || batch.patterns.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        ),
        digest,
        settings: batch.settings.clone(),
    };
    let resumed = prepare_out_dir(batch, &run)?;
    let done: HashSet<usize> = resumed.iter().map(|r| r.number).collect();
    let journal_path = batch.out_dir.join(JOURNAL_NAME);
    let journal = Mutex::new(
        OpenOptions::new()
            .create(true)
            .append(true)
            .open(&journal_path)
            .at(&journal_path)?,
    );
    let started = Instant::now();
    let stem = batch.patterns.file_stem().map_or_else(
        || "pattern".to_string(),
        |s| s.to_string_lossy().into_owned(),
    );
    let total = (0..patterns as u64)
        .filter(|&i| batch.shard.holds(i))
        .count();
    progress.start("patterns", Some(total as u64));
    progress.advance(done.len() as u64);
    let (work_tx, work_rx) = mpsc::sync_channel::<(usize, Grid)>(4 * batch.threads.max(1));
    let work_rx = Mutex::new(work_rx);
    let results = Mutex::new(Vec::new());
    let first_error = Mutex::new(None);
    // Set on an error: workers then drain the queue without filling, so the
    // reader never blocks on a full queue, and the reader stops.
    let stop = AtomicBool::new(false);
    std::thread::scope(|scope| {
        for _ in 0..batch.threads.max(1) {
            scope.spawn(|| loop {
                let next = work_rx.lock().map(|rx| rx.recv());
                let Ok(Ok((number, grid))) = next else { return };
                if stop.load(Ordering::Relaxed) {
                    continue;
                }
                let filled = fill_one(batch, index, &stem, number, &grid).and_then(|report| {
                    let mut file = journal.lock().map_err(|_| Error::invalid("journal lock"))?;
                    file.write_all(report.row().as_bytes()).at(&journal_path)?;
                    Ok(report)
                });
                match filled {
                    Ok(report) => {
                        progress.advance(1);
                        push(&results, report);
                    }
                    Err(e) => {
                        remember_first(&first_error, e);
                        stop.store(true, Ordering::Relaxed);
                    }
                }
            });
        }
        if let Err(e) = read_patterns(batch, work_tx, &stop, &done) {
            remember_first(&first_error, e);
            stop.store(true, Ordering::Relaxed);
        }
    });
    progress.finish();
    if let Some(e) = first_error.into_inner().ok().flatten() {
        return Err(e);
    }
    let mut reports = results.into_inner().unwrap_or_default();
    reports.extend(resumed);
    reports.sort_by_key(|r| r.number);
    let summary = Summary {
        reports,
        elapsed: started.elapsed(),
    };
    let path = batch.out_dir.join(SUMMARY_NAME);
    files::write(
        &path,
        summary
            .to_tsv(&batch.patterns.display().to_string(), &run)
            .as_bytes(),
        Existing::Replace,
    )?;
    std::fs::remove_file(&journal_path).at(&journal_path)?;
    Ok(summary)
}

/// The shards of one run, put together: the run as a whole, and every
/// pattern's report ranked as one run would have ranked it, each puzzle
/// named by its path through its shard's directory.
pub struct Merged {
    pub run: Run,
    pub summary: Summary,
}

/// Reads the summaries of the shard directories `dirs` (each the
/// `--out-dir` of one `--shard K/N` batch) and merges them. Refuses an
/// unfinished shard, shards of different runs, a shard given twice and
/// missing shards, naming them.
pub fn merge(dirs: &[PathBuf]) -> Result<Merged> {
    let mut shards: Vec<(Run, &PathBuf, Summary)> = Vec::new();
    for dir in dirs {
        let (run, summary) = read_summary(dir)?;
        if let Some((first, first_dir, _)) = shards.first() {
            if !first.same_run(&run) {
                return Err(Error::invalid(format!(
                    "{} and {} hold shards of different runs:\n  {}\n  {}",
                    first_dir.display(),
                    dir.display(),
                    first.line().trim_end(),
                    run.line().trim_end()
                )));
            }
        }
        shards.push((run, dir, summary));
    }
    if shards.is_empty() {
        return Err(Error::invalid("no shard directories to merge"));
    }
    let given: Vec<(Shard, &Path)> = shards
        .iter()
        .map(|(r, d, _)| (r.shard, d.as_path()))
        .collect();
    Shard::check_set(&given)?;
    let first = &shards[0].0;
    let run = Run {
        shard: Shard::WHOLE,
        ..first.clone()
    };
    let mut reports = Vec::with_capacity(run.patterns);
    let mut elapsed = Duration::ZERO;
    for (_, dir, summary) in shards {
        elapsed += summary.elapsed;
        for mut report in summary.reports {
            if let Status::Filled { file, .. } = &mut report.status {
                *file = dir.join(&*file).display().to_string();
            }
            reports.push(report);
        }
    }
    reports.sort_by_key(|r| r.number);
    Ok(Merged {
        run,
        summary: Summary { reports, elapsed },
    })
}

/// The run and the reports of one finished batch directory, checked
/// against the run: exactly the patterns its shard holds.
fn read_summary(dir: &Path) -> Result<(Run, Summary)> {
    let path = dir.join(SUMMARY_NAME);
    let text = match files::read_text(&path, MAX_SUMMARY_BYTES) {
        Ok(text) => text,
        Err(_) if dir.join(JOURNAL_NAME).exists() => {
            return Err(Error::invalid(format!(
                "{}: the shard is unfinished ({} but no {SUMMARY_NAME}); finish it with --resume",
                dir.display(),
                JOURNAL_NAME
            )));
        }
        Err(e) => return Err(e),
    };
    let run = text.lines().find_map(Run::parse).ok_or_else(|| {
        Error::invalid(format!(
            "{}: no \"{}\" line (not a batch summary, or one written before shards)",
            path.display(),
            RUN_LINE.trim_end()
        ))
    })?;
    let elapsed = text
        .lines()
        .next()
        .and_then(|l| l.rsplit_once(" in ")?.1.strip_suffix(" s")?.parse().ok())
        .and_then(|s: f64| Duration::try_from_secs_f64(s).ok())
        .unwrap_or_default();
    let mut reports = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.starts_with('#') || line == COLUMNS.trim_end() {
            continue;
        }
        let report = Report::parse_row(line).ok_or_else(|| {
            Error::parse(
                &path.display().to_string(),
                i + 1,
                None,
                "not a summary row",
            )
        })?;
        reports.push(report);
    }
    reports.sort_by_key(|r| r.number);
    let expected = (1..=run.patterns).filter(|&n| run.shard.holds(n as u64 - 1));
    if !reports.iter().map(|r| r.number).eq(expected) {
        return Err(Error::invalid(format!(
            "{}: its rows are not the patterns of shard {} of {}",
            path.display(),
            run.shard,
            run.patterns
        )));
    }
    Ok((run, Summary { reports, elapsed }))
}

/// Streams the patterns into the work queue; dropping the sender ends the workers.
fn read_patterns(
    batch: &Batch,
    work: mpsc::SyncSender<(usize, Grid)>,
    stop: &AtomicBool,
    done: &HashSet<usize>,
) -> Result<()> {
    let limit = batch.limit.unwrap_or(usize::MAX);
    if limit == 0 {
        return Ok(());
    }
    let mut number = 0;
    for_each_seated(batch.patterns, |_, pattern, seats| {
        number += 1;
        if done.contains(&number) || !batch.shard.holds(number as u64 - 1) {
            return number < limit && !stop.load(Ordering::Relaxed);
        }
        // A themed pattern's entries are fixed letters the fill keeps.
        let sent = work.send((number, Grid::from_seated(&pattern, &seats)));
        sent.is_ok() && number < limit && !stop.load(Ordering::Relaxed)
    })
}

fn fill_one(
    batch: &Batch,
    index: &Index,
    stem: &str,
    number: usize,
    grid: &Grid,
) -> Result<Report> {
    let started = Instant::now();
    let status = match fill(grid, index, &batch.options) {
        Ok(Outcome::Filled(f)) => {
            let file = format!("{stem}-{number}.ipuz");
            let puzzle = Puzzle::from_grid(f.grid.clone(), batch.options.min_slot);
            ipuz::save(&puzzle, &batch.out_dir.join(&file), Existing::Replace)?;
            Status::Filled {
                mean_score: f.mean_score(),
                lowest_score: f.lowest_score(),
                file,
            }
        }
        Ok(Outcome::Unfillable(why)) => Status::Unfillable(why.reason),
        Ok(Outcome::GaveUp { .. }) => Status::TimedOut,
        Err(e) => Status::Rejected(e.to_string()),
    };
    Ok(Report {
        number,
        hex: hex::encode(&grid.pattern()),
        status,
        elapsed: started.elapsed(),
    })
}

/// Creates the directory; refuses one that already holds a batch, so an
/// earlier batch's puzzles are never mixed with or replaced by this one's.
/// An unfinished batch is continued with `resume` (its journal's rows are
/// returned), and refused without it.
fn prepare_out_dir(batch: &Batch, run: &Run) -> Result<Vec<Report>> {
    let dir = batch.out_dir;
    if dir.exists() && !dir.is_dir() {
        return Err(Error::invalid(format!(
            "--out-dir {} is a file, not a directory",
            dir.display()
        )));
    }
    std::fs::create_dir_all(dir).at(dir)?;
    let summary: PathBuf = dir.join(SUMMARY_NAME);
    if summary.exists() {
        return Err(Error::invalid(format!(
            "{} already holds a batch ({}); choose another --out-dir or remove it",
            dir.display(),
            summary.display()
        )));
    }
    let journal = dir.join(JOURNAL_NAME);
    let text = match std::fs::read_to_string(&journal) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            files::write(&journal, run.line().as_bytes(), Existing::Replace)?;
            return Ok(Vec::new());
        }
        other => other.at(&journal)?,
    };
    if !batch.resume {
        return Err(Error::invalid(format!(
            "{} holds an unfinished batch ({}); add --resume to continue it, or choose another --out-dir",
            dir.display(),
            journal.display()
        )));
    }
    // A journal names its run first: another run's rows are not this one's.
    let begun = text.lines().next().and_then(Run::parse);
    if begun.as_ref() != Some(run) {
        let said = begun.map_or_else(|| "no run".to_string(), |b| b.line().trim_end().to_string());
        return Err(Error::invalid(format!(
            "{} holds an unfinished batch of another run ({said:?}, not {:?}); resume it with the same settings, or choose another --out-dir",
            dir.display(),
            run.line().trim_end()
        )));
    }
    // Only whole lines count: a row cut short by a kill is done again.
    let whole = &text[..text.rfind('\n').map_or(0, |i| i + 1)];
    let rows: Vec<Report> = whole.lines().filter_map(Report::parse_row).collect();
    // The journal is rewritten with just those rows, so that appends
    // continue after a whole line.
    let mut kept = run.line();
    for r in &rows {
        kept.push_str(&r.row());
    }
    files::write(&journal, kept.as_bytes(), Existing::Replace)?;
    Ok(rows)
}

fn push<T>(list: &Mutex<Vec<T>>, item: T) {
    if let Ok(mut list) = list.lock() {
        list.push(item);
    }
}

fn remember_first(slot: &Mutex<Option<Error>>, e: Error) {
    if let Ok(mut slot) = slot.lock() {
        slot.get_or_insert(e);
    }
}

/// Pattern lines of a file (up to `limit`), counted without decoding
/// them, and a digest (FNV-1a) of the lines read: the run's identity.
fn survey(path: &Path, limit: Option<usize>) -> Result<(usize, u64)> {
    use std::io::BufRead;
    let file = std::fs::File::open(path).at(path)?;
    let limit = limit.unwrap_or(usize::MAX);
    let mut count = 0;
    let mut digest: u64 = 0xcbf2_9ce4_8422_2325;
    for line in std::io::BufReader::new(file).split(b'\n') {
        if count >= limit {
            break;
        }
        let line = line.at(path)?;
        for &b in line.iter().chain(b"\n") {
            digest = (digest ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
        let first = line.iter().find(|b| !b.is_ascii_whitespace());
        count += usize::from(first.is_some_and(|&b| b != b'#'));
    }
    Ok((count, digest))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summary_ranks_fills_by_lowest_then_mean_score() {
        let report = |number, status| Report {
            number,
            hex: String::new(),
            status,
            elapsed: Duration::ZERO,
        };
        let filled = |mean_score, lowest_score| Status::Filled {
            mean_score,
            lowest_score,
            file: String::new(),
        };
        let summary = Summary {
            reports: vec![
                report(1, Status::TimedOut),
                report(2, filled(70.0, 40)),
                report(3, Status::Rejected("no 4-letter word".into())),
                report(4, filled(60.0, 50)),
                report(5, Status::Unfillable("no fill".into())),
                report(6, filled(65.0, 50)),
                report(7, Status::Unfillable("no fill".into())),
                // Ties 6 as the table prints it (65.0): file order.
                report(8, filled(64.96, 50)),
            ],
            elapsed: Duration::ZERO,
        };
        let order: Vec<usize> = summary.ranked().iter().map(|r| r.number).collect();
        assert_eq!(order, [6, 8, 4, 2, 5, 7, 3, 1]);
        let run = Run {
            shard: Shard { index: 2, count: 4 },
            patterns: 31,
            file: "a (digest b).hex".into(),
            digest: 0xfeed,
            settings: "seed 3; polish 0 s".into(),
        };
        let tsv = summary.to_tsv("p.hex", &run);
        let rows: Vec<&str> = tsv.lines().skip(4).map(|l| &l[..1]).collect();
        assert_eq!(rows, ["6", "8", "4", "2", "5", "7", "3", "1"]);
        let line = tsv.lines().nth(2).unwrap();
        assert_eq!(
            line,
            "# run: shard 3/4 of 31 patterns of a (digest b).hex (digest 000000000000feed); seed 3; polish 0 s"
        );
        assert_eq!(Run::parse(line), Some(run));
    }
}
