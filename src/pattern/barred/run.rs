//! Writing and counting barred patterns: the pattern file of a barred run,
//! with the same header, output policy and sharding as a blocked run.
//!
//! A random run gives pattern `i` its own generator seeded from the run's
//! seed and `i`, so that a run is the same however it is cut up, and skips
//! a pattern it has already written. An exhaustive run deals the patterns
//! of [`super::for_each`]'s order round-robin to the shards.

use std::collections::HashSet;
use std::path::PathBuf;
use std::time::Instant;

use rand::rngs::StdRng;
use rand::SeedableRng;

use super::rules::{violation, BarredRules};
use super::search::{for_each, random, RESTARTS};
use crate::error::{Error, Result};
use crate::files::{self, Existing, Target};
use crate::pattern::hex;
use crate::pattern::output::Sink;
use crate::pattern::run::{Order, Summary};
use crate::pattern::shard::Shard;
use crate::pattern::Pattern;
use crate::progress::{Deadline, Reporter};

/// One barred run, as the command line asks for it.
pub struct BarredJob {
    pub width: usize,
    pub height: usize,
    pub rules: BarredRules,
    pub order: Order,
    pub limit: Option<u64>,
    pub shard: Option<Shard>,
    pub out: Option<PathBuf>,
    pub existing: Existing,
    pub command_line: String,
}

impl BarredJob {
    fn header(&self) -> String {
        let mut h = String::from(
            "# cruciverb pattern file: one hex pattern per line (1 = white, row-major), \
             bars after '/' (right bars row by row, then bars below)\n",
        );
        h += &format!("# size: {}x{}\n", self.width, self.height);
        h += "# style: barred\n";
        h += &format!("# rules: {}\n", self.rules);
        let mut order = match self.order {
            Order::Exhaustive => "exhaustive".to_string(),
            Order::Random { seed } => format!("random, seed {seed}"),
        };
        if let Some(s) = self.shard {
            order += &format!(", shard {s}");
        }
        if let Some(l) = self.limit {
            order += &format!(", limit {l}");
        }
        h += &format!("# order: {order}\n");
        h += &format!("# command: {}\n", self.command_line);
        h
    }

    /// Visits the run's patterns in order, up to the limit, until `visit`
    /// fails.
    fn walk(
        &self,
        report: &dyn Reporter,
        mut visit: impl FnMut(&Pattern) -> Result<()>,
    ) -> Result<u64> {
        let limit = self.limit.unwrap_or(u64::MAX);
        let mut written = 0u64;
        let mut failed = None;
        match self.order {
            Order::Exhaustive => {
                let mut index = 0u64;
                let shard = self.shard;
                // The walk of the whole run, each shard taking its own.
                for_each(
                    self.width,
                    self.height,
                    &self.rules,
                    &Deadline::never(),
                    |pattern| {
                        index += 1;
                        if shard.is_some_and(|s| !s.holds(index - 1)) {
                            return true;
                        }
                        if let Err(e) = visit(pattern) {
                            failed = Some(e);
                            return false;
                        }
                        written += 1;
                        report.advance(1);
                        written < limit
                    },
                )?;
            }
            Order::Random { seed } => {
                let mut seen = HashSet::new();
                let mut draw = 0u64;
                // Stop when draws keep finding patterns already written:
                // the rules allow few more.
                let mut repeats = 0;
                while written < limit && repeats < REPEATS {
                    let mut rng = StdRng::seed_from_u64(seed ^ draw.wrapping_mul(SPREAD));
                    draw += 1;
                    let Some(pattern) = random(
                        self.width,
                        self.height,
                        &self.rules,
                        &mut rng,
                        &Deadline::never(),
                    )?
                    else {
                        if written == 0 {
                            return Err(Error::rules(format!(
                                "no {}x{} barred pattern keeps these rules in {} random starts ({}); loosen them",
                                self.width,
                                self.height,
                                RESTARTS,
                                self.rules
                            )));
                        }
                        report.note(&format!(
                            "note: only {written} patterns: a random start found none in {} tries; loosen the rules for more",
                            RESTARTS
                        ));
                        break;
                    };
                    if !seen.insert(pattern.clone()) {
                        repeats += 1;
                        if repeats == REPEATS {
                            report.note(&format!(
                                "note: only {written} patterns: the last {REPEATS} draws found only patterns already written"
                            ));
                        }
                        continue;
                    }
                    repeats = 0;
                    debug_assert_eq!(violation(&pattern, &self.rules), None);
                    visit(&pattern)?;
                    written += 1;
                    report.advance(1);
                }
            }
        }
        match failed {
            Some(e) => Err(e),
            None => Ok(written),
        }
    }
}

/// Draws in a row that find only patterns already written before a random
/// run ends short of its limit.
const REPEATS: usize = 1000;

/// An odd constant that spreads draw numbers over the seed space.
const SPREAD: u64 = 0x9E37_79B9_7F4A_7C15;

/// Writes the job's patterns to its output; returns how many.
pub fn write(job: &BarredJob, report: &dyn Reporter) -> Result<Summary> {
    job.rules.validate(job.width, job.height)?;
    let target = match &job.out {
        Some(path) => files::target(path, job.existing)?,
        None => Target::Stdout,
    };
    // A file is made whole in memory and written in one step, so that a
    // failed or interrupted run leaves nothing (barred runs are small: a
    // 12×12 pattern is a line of 120 bytes); a pipe or device is streamed.
    let mut sink = match &target {
        Target::File { .. } => None,
        Target::Stdout => Some(Sink::stdout()),
        Target::Stream(path) => Some(Sink::stream(path)?),
    };
    let started = Instant::now();
    let mut text = job.header().into_bytes();
    report.start("patterns", job.limit);
    let outcome = job.walk(report, |pattern| {
        hex::encode_into(pattern, &mut text);
        text.push(b'\n');
        match &mut sink {
            Some(sink) => {
                let written = sink.write(&text);
                text.clear();
                written
            }
            None => Ok(()),
        }
    });
    report.finish();
    let patterns = match outcome {
        Ok(n) => n,
        Err(e) if files::is_broken_pipe(&e) => 0,
        Err(e) => return Err(e),
    };
    match (sink, &target) {
        (Some(mut sink), _) => {
            // The header, when no pattern came to carry it out.
            match sink.write(&text).and_then(|_| sink.finish()) {
                Err(e) if !files::is_broken_pipe(&e) => return Err(e),
                _ => {}
            }
        }
        (None, Target::File { path, .. }) => files::write(path, &text, job.existing)?,
        (None, _) => {}
    }
    Ok(Summary {
        patterns,
        elapsed: started.elapsed(),
    })
}

/// How many patterns the job would write (exhaustive order only).
pub fn count(job: &BarredJob, report: &dyn Reporter) -> Result<u64> {
    job.rules.validate(job.width, job.height)?;
    if let Order::Random { .. } = job.order {
        return Err(Error::invalid(
            "--count counts the exhaustive run; leave out --random",
        ));
    }
    report.start("patterns", None);
    let n = job.walk(report, |_| Ok(()));
    report.finish();
    n
}
