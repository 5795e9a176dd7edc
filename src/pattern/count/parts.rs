//! Counts too large for one table: the states in parts, kept on disk
//! between phases, so that only one part needs memory at a time.
//!
//! The 17×17 count holds a couple of hundred million states at once, more
//! than fits a 24 GB machine in the in-memory tables. Splitting by the
//! first rows does not help: whatever the top rows hold, the sweep reaches
//! nearly every frontier a few rows later (measured: a sixteenth of the
//! 13×13 states after row 3 still peaks at 99.97% of the whole table).
//! What does help is splitting each step's states, as a distributed hash
//! table does, by a key their successors share for half a row:
//!
//! A step colours one cell and rewrites only that column's run length
//! (besides the row run, flags, black count and component tags). So while
//! the sweep colours the left half of a row, the run lengths of the right
//! half stay as they are; a state's part, a hash of them, is the part of
//! all its successors. Each part is swept through the half row alone. At
//! the half row its states are written to files by their part for the next
//! half (a hash of the left half's run lengths), and the next phase reads
//! each part back. The whole table crosses the disk twice a row, not at
//! every step.
//!
//! The number of parts is chosen phase by phase, from the memory budget and
//! the states the phase before made.

use std::fs::File;
use std::io::{BufReader, Read, Write};
use std::ops::Range;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use super::table::{add_all, shard_of, start_states, Count, Key, Table};
use crate::error::{Error, IoContext, Result};
use crate::files::Scratch;
use crate::pattern::shard::Shard;
use crate::progress::Reporter;

/// What a count in parts may use.
#[derive(Clone, Debug)]
pub struct Plan {
    /// Bytes of memory the states of one part may take.
    pub memory: u64,
    /// Where the scratch directory for the states between phases is made.
    pub work: PathBuf,
    /// Threads sweeping a part.
    pub threads: usize,
    /// `Some`: this process is one of N sharing `work`, each sweeping its
    /// own part of every phase (the parts fixed at N, all N running at
    /// once); `None`: it sweeps every part itself, as many as `memory` needs.
    pub shard: Option<Shard>,
    /// How long a shard waits for the others' states at a half row.
    pub wait: Duration,
}

/// How a count in parts went: for the report and for choosing budgets.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PartsStats {
    /// Half rows swept (each ends by writing the states to their parts).
    pub phases: usize,
    /// The most parts one phase was split into.
    pub most_parts: usize,
    /// The most states one part held at the end of a phase.
    pub largest_part: usize,
    /// The most states all parts of a phase held at its end.
    pub most_states: u64,
    /// Bytes of states written to the scratch directory, all phases.
    pub written: u64,
}

/// Memory a state takes while its part is swept, in table slots: a source
/// and a target table per worker, each a power of two of slots at most three
/// quarters full, and the successors in flight between the workers. Measured
/// at the peak: 3.4 slots a state on the 15×15 count, 6.8 on the 17×17
/// (89.5 million states in the largest part, 14.55 GB), where the tables had
/// just doubled; rounded up.
pub(super) const SLOTS_PER_STATE: u64 = 7;

/// A part may outgrow its share of the budget by this factor before the
/// count stops rather than risk the machine's memory: the growth of a
/// phase is estimated from the one before, and parts differ in size.
const OVERSHOOT: u64 = 2;

/// Parts differ in size (a part holds whole classes of run lengths, and
/// some classes are large: the largest 13×13 part is about 1.5 times the
/// mean), so a phase is split into this many times the parts its states
/// would fill evenly. More parts cost little: the same states cross the
/// disk however many parts there are.
const UNEVEN: f64 = 1.5;

/// States are read and written in blocks of about this many bytes.
const BLOCK: usize = 1 << 20;

/// One half row of the sweep: the steps it runs and the columns whose run
/// lengths those steps leave alone (the key of its parts).
struct Phase {
    steps: Range<usize>,
    stable: Range<usize>,
}

/// What the driver needs of a sweep: its shape, the key of its parts, the
/// steps themselves and the final states' worth. (The counter provides
/// them; this file keeps to storage, so that nothing here reaches back.)
pub(super) trait Phased {
    /// Rows and columns of the swept region: one step per cell.
    fn shape(&self) -> (usize, usize);
    /// The part of `parts` that `key` falls in, from the run lengths of the
    /// `stable` columns alone.
    fn part_of<K: Key>(&self, key: K, stable: &Range<usize>, parts: usize) -> usize;
    /// Runs `steps` over `states`: the patterns completed on the way, None
    /// on overflow or beyond `max_states` states.
    fn sweep<K: Key, C: Count>(
        &self,
        steps: Range<usize>,
        states: &mut Vec<Table<K, C>>,
        max_states: usize,
    ) -> Option<u128>;
    /// The patterns the states after the last step stand for.
    fn finals_total<K: Key, C: Count>(&self, states: &[Table<K, C>]) -> Option<u128>;
    /// The last sweep stopped at `max_states` (not an overflow).
    fn stopped_for_memory(&self) -> bool;
    /// Everything the states depend on, as text.
    fn identity(&self) -> String;
}

/// The patterns the parts this process sweeps stand for (every part unless
/// `plan.shard`), the empty grid included; Ok(None) on overflow.
pub(super) fn count_in_parts<K: Key, C: Count>(
    sweep: &impl Phased,
    plan: &Plan,
    report: &dyn Reporter,
    stats: &mut PartsStats,
) -> Result<Option<u128>> {
    *stats = PartsStats::default();
    let (rows, cols) = sweep.shape();
    let phases = phases(rows, cols);
    let exchange = Exchange::new(plan, &run_name::<K, C>(sweep, plan))?;
    let record = (K::BYTES + C::BYTES) as u64;
    let per_state = SLOTS_PER_STATE * std::mem::size_of::<(K, C)>() as u64;
    let share = (plan.memory / per_state).max(1) as usize;
    let limit = OVERSHOOT as usize * share;
    // The first phase has one part, or N when sharded: the one empty
    // frontier is in the part its key falls in.
    let mut parts = plan.shard.map_or(1, |s| s.count as usize);
    let start = sweep.part_of(K::ZERO, &phases[0].stable, parts);
    let mut entering = 1u64;
    let mut found = 0u128;
    report.start("half rows swept", Some(phases.len() as u64));
    for (p, phase) in phases.iter().enumerate() {
        let next = phases.get(p + 1);
        let mut next_parts = plan.shard.map(|s| s.count as usize);
        let mut leaving = 0u64;
        for j in (0..parts).filter(|&j| plan.shard.is_none_or(|s| s.index as usize == j)) {
            let mut states = if p == 0 {
                let mut states = start_states::<K, C>(plan.threads);
                if j != start {
                    states.iter_mut().for_each(Table::clear);
                }
                states
            } else {
                exchange.read(p, j, plan.threads, report)?
            };
            let before = total_len(&states);
            let Some(done) = sweep.sweep(phase.steps.clone(), &mut states, limit) else {
                if sweep.stopped_for_memory() {
                    return Err(Error::invalid(format!(
                        "a part of the count outgrew its memory ({limit} states, twice what --memory allows a part): give --memory more, or shards more"
                    )));
                }
                return Ok(None);
            };
            let after = total_len(&states);
            stats.largest_part = stats.largest_part.max(after);
            leaving += after as u64;
            let more = match next {
                None => sweep.finals_total(&states),
                Some(next) => {
                    let parts = *next_parts.get_or_insert_with(|| {
                        // This part is a hash-chosen sample of the phase:
                        // its growth is the phase's, and likely the next's.
                        let growth = (after as f64 / before.max(1) as f64).max(1.0);
                        let expected = entering as f64 * growth * growth;
                        (expected * UNEVEN / share as f64).ceil().max(1.0) as usize
                    });
                    stats.written += after as u64 * record;
                    exchange.write(sweep, &states, &next.stable, p + 1, j, parts)?;
                    Some(0)
                }
            };
            match more
                .and_then(|n| n.checked_add(done))
                .and_then(|n| found.checked_add(n))
            {
                Some(sum) => found = sum,
                None => return Ok(None),
            }
        }
        stats.most_parts = stats.most_parts.max(parts);
        stats.most_states = stats.most_states.max(leaving);
        stats.phases += 1;
        parts = next_parts.unwrap_or(0);
        entering = leaving;
        report.advance(1);
    }
    report.finish();
    Ok(Some(found))
}

/// What names a run in a shared directory: everything the states depend
/// on, their sizes on disk and the number of shards.
fn run_name<K: Key, C: Count>(sweep: &impl Phased, plan: &Plan) -> String {
    let shards = plan.shard.map_or(0, |s| s.count);
    let (key, count) = (K::BYTES, C::BYTES);
    crate::pattern::output::signature(&format!(
        "count v1|{key}|{count}|{shards}|{}",
        sweep.identity()
    ))
}

/// The half rows of a sweep of `rows` × `cols` cells, in order.
fn phases(rows: usize, cols: usize) -> Vec<Phase> {
    let half = cols / 2;
    let mut phases = Vec::new();
    for r in 0..rows {
        let first = r * cols;
        if half > 0 {
            phases.push(Phase {
                steps: first..first + half,
                stable: half..cols,
            });
        }
        phases.push(Phase {
            steps: first + half..first + cols,
            stable: 0..half,
        });
    }
    phases
}

/// Where the states wait between phases: files `phase{p}.part{j}.from{i}`,
/// the states of part j of phase p written by part i of the phase before.
/// Written under a temporary name and renamed when whole, so a shard that
/// sees a file may read it.
struct Exchange {
    dir: PathBuf,
    /// A whole run's own directory, removed with it.
    _scratch: Option<Scratch>,
    /// This process's shard, and how long it waits for the other shards'
    /// files (shared counts only).
    shard: Option<(Shard, Duration)>,
    /// How many parts wrote each phase's files (a whole run's own record).
    writers: std::cell::RefCell<Vec<usize>>,
}

impl Drop for Exchange {
    /// A shard leaves the shared directory once no shard needs it: it is
    /// empty when the last has read its last states.
    fn drop(&mut self) {
        if self.shard.is_some() {
            let _ = std::fs::remove_dir(&self.dir);
        }
    }
}

impl Exchange {
    fn new(plan: &Plan, run: &str) -> Result<Exchange> {
        match plan.shard {
            None => {
                let scratch = Scratch::new(&plan.work, "cruciverb-count")?;
                Ok(Exchange {
                    dir: scratch.path().to_path_buf(),
                    _scratch: Some(scratch),
                    shard: None,
                    writers: Default::default(),
                })
            }
            Some(shard) => {
                let dir = plan.work.join(format!("cruciverb-count-{run}"));
                crate::files::directory(&plan.work)?;
                std::fs::create_dir_all(&dir).at(&dir)?;
                Ok(Exchange {
                    dir,
                    _scratch: None,
                    shard: Some((shard, plan.wait)),
                    writers: Default::default(),
                })
            }
        }
    }

    fn path(&self, phase: usize, part: usize, from: usize) -> PathBuf {
        self.dir.join(format!("phase{phase}.part{part}.from{from}"))
    }

    /// Writes the states of part `from` to one file per part of `phase`.
    fn write<K: Key, C: Count>(
        &self,
        sweep: &impl Phased,
        states: &[Table<K, C>],
        stable: &Range<usize>,
        phase: usize,
        from: usize,
        parts: usize,
    ) -> Result<()> {
        let mut files = Vec::with_capacity(parts);
        for to in 0..parts {
            let path = self.path(phase, to, from);
            let temporary = crate::files::with_suffix(&path, ".tmp");
            let file = File::create(&temporary).at(&temporary)?;
            files.push((path, temporary, file, Vec::with_capacity(BLOCK)));
        }
        for (key, n) in states.iter().flat_map(Table::entries) {
            let (_, temporary, file, buffer) = &mut files[sweep.part_of(key, stable, parts)];
            key.put(buffer);
            n.put(buffer);
            if buffer.len() >= BLOCK {
                file.write_all(buffer).at(temporary)?;
                buffer.clear();
            }
        }
        for (path, temporary, mut file, buffer) in files {
            file.write_all(&buffer).at(&temporary)?;
            drop(file);
            std::fs::rename(&temporary, &path).at(&path)?;
        }
        let mut writers = self.writers.borrow_mut();
        let len = writers.len().max(phase + 1);
        writers.resize(len, 0);
        writers[phase] = writers[phase].max(from + 1);
        Ok(())
    }

    /// Reads part `part` of `phase` into tables, one per worker, and
    /// removes its files; a shard first waits for every shard's file.
    fn read<K: Key, C: Count>(
        &self,
        phase: usize,
        part: usize,
        workers: usize,
        report: &dyn Reporter,
    ) -> Result<Vec<Table<K, C>>> {
        let writers = match self.shard {
            Some((shard, wait)) => {
                self.wait_for(phase, part, shard, wait, report)?;
                shard.count as usize
            }
            None => self.writers.borrow().get(phase).copied().unwrap_or(0),
        };
        let record = K::BYTES + C::BYTES;
        let paths: Vec<PathBuf> = (0..writers).map(|i| self.path(phase, part, i)).collect();
        let mut sizes = Vec::with_capacity(writers);
        for path in &paths {
            let bytes = std::fs::metadata(path).at(path)?.len() as usize;
            if !bytes.is_multiple_of(record) {
                return Err(Error::invalid(format!(
                    "{}: not a file of counter states ({bytes} bytes is not a whole number of {record}-byte states): was it written by another version?",
                    path.display()
                )));
            }
            sizes.push(bytes);
        }
        let total = sizes.iter().sum::<usize>() / record;
        let mut tables: Vec<Table<K, C>> = (0..workers)
            .map(|_| Table::for_states(total / workers * 9 / 8 + 1024))
            .collect();
        let mut block = vec![0u8; BLOCK / record * record];
        let mut batches: Vec<Vec<(K, C)>> = vec![Vec::new(); workers];
        for (path, &bytes) in paths.iter().zip(&sizes) {
            let mut reader = BufReader::new(File::open(path).at(path)?);
            let mut left = bytes;
            while left > 0 {
                let chunk = &mut block[..left.min(BLOCK / record * record)];
                reader.read_exact(chunk).at(path)?;
                left -= chunk.len();
                for bytes in chunk.chunks_exact(record) {
                    let key = K::take(bytes);
                    batches[shard_of(key, workers)].push((key, C::take(&bytes[K::BYTES..])));
                }
                for (table, batch) in tables.iter_mut().zip(&mut batches) {
                    // A state is in one file of a part only, so nothing
                    // adds up; but a damaged file must not wrap a count.
                    if add_all(table, batch).is_none() {
                        return Err(Error::invalid(format!(
                            "{}: counts overflow: the file is damaged",
                            path.display()
                        )));
                    }
                    batch.clear();
                }
            }
            std::fs::remove_file(path).at(path)?;
        }
        Ok(tables)
    }

    /// Waits until every shard has written its states of `part` of `phase`.
    fn wait_for(
        &self,
        phase: usize,
        part: usize,
        shard: Shard,
        wait: Duration,
        report: &dyn Reporter,
    ) -> Result<()> {
        let started = Instant::now();
        let mut told = false;
        loop {
            let missing: Vec<u64> = (0..shard.count)
                .filter(|&i| !self.path(phase, part, i as usize).exists())
                .collect();
            if missing.is_empty() {
                return Ok(());
            }
            let names = || {
                missing
                    .iter()
                    .map(|&i| {
                        Shard {
                            index: i,
                            count: shard.count,
                        }
                        .to_string()
                    })
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            if started.elapsed() >= wait {
                return Err(Error::invalid(format!(
                    "shard {shard}: waited {:.0} s at half row {phase} for the states of shard(s) {}: all {} shards must run at once with the same --work ({})",
                    wait.as_secs_f64(),
                    names(),
                    shard.count,
                    self.dir.display()
                )));
            }
            if !told && started.elapsed() >= Duration::from_secs(2) {
                report.note(&format!(
                    "shard {shard}: waiting at half row {phase} for shard(s) {}",
                    names()
                ));
                told = true;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

fn total_len<K: Key, C: Count>(states: &[Table<K, C>]) -> usize {
    states.iter().map(Table::len).sum()
}
