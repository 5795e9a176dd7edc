//! `POST /api/candidates` and `POST /api/fill`: the searches of the fill
//! engine, the words that keep a slot's grid fillable and the fill itself.
//!
//! A constructor asks about entry after entry of one grid, so the fills
//! found while deciding candidates are kept ([`Witnesses`]) to answer the
//! next question sooner.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use serde::Serialize;
use serde_json::{json, Value};

use super::analyze::complete_entries;
use super::request::{bars, options, parse_grid, rows, seconds, Reply};
use super::ApiError;
use crate::fill::quality::Quality;
use crate::fill::{self, FillOptions, Outcome};
use crate::grid::{Cell, Grid, DEFAULT_MIN_SLOT};
use crate::progress::Deadline;
use crate::studio::lists::WordSource;
use crate::wordlist::index::Index;
use crate::wordlist::notes::notes;
use crate::wordlist::roots::roots;

/// Candidates listed unless `limit` says otherwise, and at most.
const DEFAULT_LIMIT: usize = 100;
const MOST_LIMIT: usize = 2_000;
/// Time for deciding viability unless `timeout` says otherwise.
const DEFAULT_CANDIDATES_SECONDS: f64 = 0.5;
/// Time for a fill unless `timeout` says otherwise.
const DEFAULT_FILL_SECONDS: f64 = 5.0;

request! {
    pub struct CandidatesRequest {
        list,
        grid,
        bars,
        /// The slot, by name (`12A`).
        pub slot: String,
        min_score,
        banned,
        /// Candidates listed at most (default 100, at most 2,000).
        pub limit: Option<usize>,
        timeout,
    }
}

#[derive(Serialize)]
struct CandidateReply {
    word: String,
    score: u8,
    viable: Option<bool>,
}

request! {
    pub struct FillRequest {
        list,
        grid,
        bars,
        min_score,
        banned,
        timeout,
        pub seed: Option<u64>,
        /// The cells (`[row, col]`, from 0) that may change; their letters are
        /// cleared first. Absent: every open cell.
        pub region: Option<Vec<[usize; 2]>>,
    }
}

/// Fills of the grid the constructor is working on, found while deciding
/// candidates: each proves the word it has in every slot viable, so the
/// next question about the same grid starts with those answers (a
/// constructor asks about entry after entry of one grid). Kept for one
/// list, minimum score, set of bans and pattern of blocks and bars at a
/// time, the latest [`MOST_WITNESSES`].
#[derive(Default)]
pub struct Witnesses {
    kept: std::sync::Mutex<(String, Vec<Grid>)>,
}

/// Fills kept at most: enough to answer most entries of a grid at once.
const MOST_WITNESSES: usize = 4_000;

impl Witnesses {
    fn lock(&self) -> std::sync::MutexGuard<'_, (String, Vec<Grid>)> {
        // Each change is whole (see `add`): a panic cannot leave half of one.
        self.kept.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn get(&self, key: &str) -> Vec<Grid> {
        let kept = self.lock();
        if kept.0 == key {
            kept.1.clone()
        } else {
            Vec::new()
        }
    }

    fn add(&self, key: &str, fills: Vec<Grid>) {
        let mut kept = self.lock();
        if kept.0 != key {
            *kept = (key.to_string(), Vec::new());
        }
        kept.1.extend(fills);
        let over = kept.1.len().saturating_sub(MOST_WITNESSES);
        kept.1.drain(..over);
    }
}

/// What fills found for one request are good for another: the same list,
/// score floor, bans, blocks and bars (letters may differ; each fill is
/// checked against them). A bar moves words as a block does, so a fill of
/// other bars proves nothing here.
fn witness_key(list: &str, options: &FillOptions, grid: &Grid) -> String {
    let mut banned = options.banned.clone();
    banned.sort();
    // Each cell as a block, or open with the bars on its right and lower
    // sides: one of five characters.
    let blocks: String = (0..grid.height())
        .flat_map(|r| (0..grid.width()).map(move |c| (r, c)))
        .map(|(r, c)| {
            let bars = grid.bars(r, c);
            match (grid.is_white(r, c), bars.right, bars.below) {
                (false, _, _) => '#',
                (true, false, false) => '.',
                (true, true, false) => 'R',
                (true, false, true) => 'B',
                (true, true, true) => '+',
            }
        })
        .collect();
    format!(
        "{list}\n{}\n{}\n{}x{}\n{blocks}",
        options.floor,
        banned.join(" "),
        grid.width(),
        grid.height()
    )
}

/// `POST /api/candidates`: the words that fit a slot, best first, each
/// marked viable (`true`), proven not (`false`) or undecided (`null`).
/// Fills found on the way are kept in `witnesses` for the next request.
/// `superseded`, once set (a newer candidates request came), ends the
/// search with the words not decided yet left undecided.
pub fn candidates(
    request: &CandidatesRequest,
    source: &WordSource,
    witnesses: &Witnesses,
    superseded: Arc<AtomicBool>,
) -> Reply {
    let grid = parse_grid(&request.grid, &request.bars)?;
    let budget = seconds(request.timeout, DEFAULT_CANDIDATES_SECONDS)?;
    let limit = request.limit.unwrap_or(DEFAULT_LIMIT);
    if limit == 0 || limit > MOST_LIMIT {
        return Err(ApiError::bad_request(format!(
            "\"limit\" must be 1 to {MOST_LIMIT}, not {limit}"
        )));
    }
    let options = options(request.min_score, request.banned.as_deref())?;
    let key = witness_key(&source.name, &options, &grid);
    let known = witnesses.get(&key);
    let asking = fill::Asking {
        limit,
        known: &known,
        deadline: Deadline::after(Some(budget)).with_cancel(superseded),
    };
    let found = fill::candidates(&grid, &source.index, &request.slot, &options, &asking)?;
    witnesses.add(&key, found.fills);
    let undecided = found.list.iter().filter(|c| c.viable.is_none()).count();
    let list: Vec<CandidateReply> = found
        .list
        .into_iter()
        .map(|c| CandidateReply {
            word: c.word,
            score: c.score,
            viable: c.viable,
        })
        .collect();
    Ok(json!({
        "slot": request.slot.to_ascii_uppercase(),
        "candidates": list,
        "undecided": undecided,
        "more": found.more,
        "ruled_out": found.ruled_out,
    }))
}

/// `POST /api/fill`: the grid filled (or only its region changed) with its
/// bars as they were, or a 422 naming why there is no fill.
pub fn fill(request: &FillRequest, index: &Index, gone: Arc<AtomicBool>) -> Reply {
    let mut grid = parse_grid(&request.grid, &request.bars)?;
    let timeout = seconds(request.timeout, DEFAULT_FILL_SECONDS)?;
    let keep = grid.clone();
    let mut may_change = vec![request.region.is_none(); grid.width() * grid.height()];
    for &[r, c] in request.region.iter().flatten() {
        if r >= grid.height() || c >= grid.width() {
            return Err(ApiError::bad_request(format!(
                "\"region\" cell [{r}, {c}] is outside the {}×{} grid",
                grid.height(),
                grid.width()
            )));
        }
        may_change[r * grid.width() + c] = true;
        if let Cell::Letter(_) = grid.get(r, c) {
            grid.set(r, c, Cell::Empty);
        }
    }
    let options = FillOptions {
        timeout: Some(timeout),
        seed: request.seed.unwrap_or(0),
        within: Deadline::never().with_cancel(gone),
        ..options(request.min_score, request.banned.as_deref())?
    };
    match fill::fill(&grid, index, &options)? {
        Outcome::Filled(found) => {
            // Outside the region only what was there stays: the rest of the
            // grid was filled to prove the region's words leave it fillable.
            let mut out = keep;
            for r in 0..out.height() {
                for c in 0..out.width() {
                    if may_change[r * out.width() + c] && out.is_white(r, c) {
                        out.set(r, c, found.grid.get(r, c));
                    }
                }
            }
            let words: Vec<Value> = found
                .words
                .iter()
                .map(|p| json!({ "slot": p.slot, "word": p.word, "score": p.score }))
                .collect();
            // The report judges the fill it describes, the constructor's
            // entries among its answers: they alone can share a root (the
            // filler never pairs its own words so).
            let entries = complete_entries(&found.grid, &found.grid.slots(DEFAULT_MIN_SLOT));
            let answers: Vec<&str> = entries.iter().map(|(word, _)| word.as_str()).collect();
            let quality = Quality::of(&found.words, &answers, notes(), roots());
            Ok(json!({
                "grid": rows(&out),
                "bars": bars(&out),
                "words": words,
                "mean_score": (found.mean_score() * 10.0).round() / 10.0,
                "lowest_score": found.lowest_score(),
                "quality": quality.to_string().trim_end(),
            }))
        }
        Outcome::Unfillable(why) => Err(ApiError {
            status: 422,
            message: why.reason,
            extra: json!({ "result": "unfillable", "slots": why.slots }),
        }),
        Outcome::GaveUp { after } => Err(ApiError {
            status: 422,
            message: format!("gave up after {:.1} s without a fill", after.as_secs_f64()),
            extra: json!({ "result": "timed out" }),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::super::request::request;
    use super::*;
    use crate::wordlist::DEFAULT_MIN_SCORE;

    #[test]
    fn fill_report_names_the_pair_the_constructors_entries_make() {
        // ELMS across and ELM down, typed by the constructor, score below
        // the floor of 70 (60 and 68): they are the constructor's own
        // entries, which the filler keeps as they are (list words sharing
        // a root it would refuse), and it adds nothing sharing their root.
        let (mut list, _) = crate::wordlist::embedded::default_list().expect("embedded list");
        list.retain_min_score(DEFAULT_MIN_SCORE);
        let index = Index::build(&list, 0).unwrap();
        let grid = json!(["ELMS", "L...", "M...", "#..."]);
        let body = json!({ "grid": grid, "min_score": 70, "timeout": 20 });
        let reply =
            fill(&request(body), &index, Default::default()).unwrap_or_else(|e| panic!("{e:?}"));
        let quality = reply["quality"].as_str().expect("a quality report");
        assert!(
            quality.ends_with("entries sharing a root (1): ELMS/ELM (ELM)"),
            "{quality}"
        );
    }
}
