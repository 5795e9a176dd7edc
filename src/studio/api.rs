//! The studio's JSON API as plain functions: a request in, a reply or an
//! [`ApiError`] out, with no HTTP in sight, so that the server only routes
//! and the behaviour is testable in-process.
//!
//! Grids travel as rows of the text grid format (`#` block, `.` open, a
//! letter fixed) and slots are named like clues (`12A`, `3D`); every time a
//! request may spend is bounded, by its own `timeout` or the defaults here.

use std::collections::BTreeMap;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::SeedableRng;

use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use crate::clues::choose::suits;
use crate::clues::{
    attach, database, parse_slot_name, slot_name, Answers, Choosing, Level, Sources,
};
use crate::draw::{
    fillable_rules, random_pattern_keeping, until_one_fills, DrawLimit, Keeping, BEST,
    MOST_DESCENTS,
};
use crate::export::{self, render, Format};
use crate::fill::quality::Quality;
use crate::fill::{self, FillOptions, Outcome};
use crate::grid::{Cell, Grid};
use crate::pattern::rules::{Rules, Style};
use crate::puzzle::Puzzle;
use crate::typeset::{self, Paper, PdfOptions};
use crate::wordlist::dialect::{respell, Dialect};
use crate::wordlist::index::Index;
use crate::wordlist::normalize::normalize;
use crate::wordlist::notes::notes;
use crate::wordlist::roots::{clashing_pairs, roots};
use crate::wordlist::{WordList, DEFAULT_MIN_SCORE};

use super::lists::WordSource;

/// Longest a request may ask to spend, in seconds.
pub const MOST_SECONDS: f64 = 60.0;
/// Candidates listed unless `limit` says otherwise, and at most.
const DEFAULT_LIMIT: usize = 100;
const MOST_LIMIT: usize = 2_000;
/// Time for deciding viability unless `timeout` says otherwise.
const DEFAULT_CANDIDATES_SECONDS: f64 = 0.5;
/// Time for a fill unless `timeout` says otherwise.
const DEFAULT_FILL_SECONDS: f64 = 5.0;

/// A refusal: the HTTP status and a message for the constructor, with any
/// details (`slots` at fault) in `extra`.
#[derive(Debug, PartialEq)]
pub struct ApiError {
    pub status: u16,
    pub message: String,
    pub extra: Value,
}

impl ApiError {
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError {
            status: 400,
            message: message.into(),
            extra: Value::Null,
        }
    }

    /// The whole reply body: `{"error": message, ...extra}`.
    pub fn body(&self) -> Value {
        let mut body = json!({ "error": self.message });
        if let (Some(body), Some(extra)) = (body.as_object_mut(), self.extra.as_object()) {
            body.extend(extra.clone());
        }
        body
    }
}

impl From<crate::Error> for ApiError {
    fn from(e: crate::Error) -> ApiError {
        ApiError::bad_request(e.to_string())
    }
}

type Reply = std::result::Result<Value, ApiError>;

/// A request that names the word list to use (`"list"`; absent: the
/// default one), and perhaps a minimum score.
pub trait Listed {
    fn list(&self) -> Option<&str>;

    /// Gives the request the studio's minimum score when it names none.
    fn default_min_score(&mut self, min_score: u8) {
        let _ = min_score;
    }
}

macro_rules! listed {
    ($($request:ty),*) => {
        $(impl Listed for $request {
            fn list(&self) -> Option<&str> {
                self.list.as_deref()
            }

            fn default_min_score(&mut self, min_score: u8) {
                self.min_score.get_or_insert(min_score);
            }
        })*
    };
}

listed!(
    CandidatesRequest,
    FillRequest,
    AnalyzeRequest,
    PatternRequest
);

impl Listed for CluesRequest {
    fn list(&self) -> Option<&str> {
        self.list.as_deref()
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CandidatesRequest {
    /// The word list to use, by name (see `GET /api/lists`); absent: the
    /// default one.
    pub list: Option<String>,
    pub grid: Vec<String>,
    pub slot: String,
    pub min_score: Option<u8>,
    /// Words never offered or placed.
    pub banned: Option<Vec<String>>,
    pub limit: Option<usize>,
    /// Seconds to spend deciding viability.
    pub timeout: Option<f64>,
}

#[derive(Serialize)]
struct CandidateReply {
    word: String,
    score: u8,
    viable: Option<bool>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FillRequest {
    /// The word list to use, by name (see `GET /api/lists`); absent: the
    /// default one.
    pub list: Option<String>,
    pub grid: Vec<String>,
    pub min_score: Option<u8>,
    pub banned: Option<Vec<String>>,
    pub timeout: Option<f64>,
    pub seed: Option<u64>,
    /// The cells (`[row, col]`, from 0) that may change; their letters are
    /// cleared first. Absent: every open cell.
    pub region: Option<Vec<[usize; 2]>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AnalyzeRequest {
    /// The word list to use, by name (see `GET /api/lists`); absent: the
    /// default one.
    pub list: Option<String>,
    pub grid: Vec<String>,
    pub min_score: Option<u8>,
    pub banned: Option<Vec<String>>,
    /// `american` (the default): unchecked cells and two-letter entries
    /// are faults; `british`: they are the style.
    pub style: Option<String>,
}

/// The grid of a request, with a message naming the row at fault.
pub fn parse_grid(rows: &[String]) -> Result<Grid, ApiError> {
    if rows.is_empty() {
        return Err(ApiError::bad_request("\"grid\" has no rows"));
    }
    if let Some(r) = rows.iter().position(|row| row.contains(['\n', '\r'])) {
        return Err(ApiError::bad_request(format!(
            "\"grid\" row {} holds a line break; send one string per row",
            r + 1
        )));
    }
    Ok(Grid::parse_text(&rows.join("\n"), "grid")?)
}

fn rows(grid: &Grid) -> Vec<String> {
    grid.to_text().lines().map(str::to_string).collect()
}

fn seconds(value: Option<f64>, default: f64) -> Result<Duration, ApiError> {
    let s = value.unwrap_or(default);
    if !(s > 0.0 && s <= MOST_SECONDS) {
        return Err(ApiError::bad_request(format!(
            "\"timeout\" must be more than 0 and at most {MOST_SECONDS} seconds, not {s}"
        )));
    }
    Ok(Duration::from_secs_f64(s))
}

/// Search options from a request's `min_score` and `banned` words.
fn options(min_score: Option<u8>, banned: Option<&[String]>) -> Result<FillOptions, ApiError> {
    let banned = banned
        .unwrap_or_default()
        .iter()
        .map(|w| {
            normalize(w).ok_or_else(|| {
                ApiError::bad_request(format!(
                    "\"banned\" word {w:?} holds a character no grid can (letters, spaces, hyphens and apostrophes only)"
                ))
            })
        })
        .collect::<Result<_, _>>()?;
    Ok(FillOptions {
        floor: min_score.unwrap_or(DEFAULT_MIN_SCORE),
        banned,
        ..FillOptions::default()
    })
}

/// Fills of the grid the constructor is working on, found while deciding
/// candidates: each proves the word it has in every slot viable, so the
/// next question about the same grid starts with those answers (a
/// constructor asks about entry after entry of one grid). Kept for one
/// list, minimum score, set of bans and pattern of blocks at a time, the
/// latest [`MOST_WITNESSES`].
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
/// score floor, bans and blocks (letters may differ; each fill is checked
/// against them).
fn witness_key(list: &str, options: &FillOptions, grid: &Grid) -> String {
    let mut banned = options.banned.clone();
    banned.sort();
    let blocks: String = (0..grid.height())
        .flat_map(|r| (0..grid.width()).map(move |c| (r, c)))
        .map(|(r, c)| if grid.is_white(r, c) { '.' } else { '#' })
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
pub fn candidates(
    request: &CandidatesRequest,
    source: &WordSource,
    witnesses: &Witnesses,
    cancelled: &(dyn Fn() -> bool + Sync),
) -> Reply {
    let grid = parse_grid(&request.grid)?;
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
        budget,
        known: &known,
        cancelled,
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

/// `POST /api/fill`: the grid filled (or only its region changed), or a 422
/// naming why there is no fill.
pub fn fill(
    request: &FillRequest,
    index: &Index,
    gone: std::sync::Arc<std::sync::atomic::AtomicBool>,
) -> Reply {
    let mut grid = parse_grid(&request.grid)?;
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
        cancel: Some(gone),
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
            // filler never pairs its own words so). An entry typed twice is
            // a duplicate, which the analysis names, not a pair with itself.
            let entries = complete_entries(&found.grid, &found.grid.slots(2));
            let mut answers: Vec<&str> = Vec::new();
            for (word, _) in &entries {
                if !answers.contains(&word.as_str()) {
                    answers.push(word);
                }
            }
            let quality = Quality::of(&found.words, notes()).sharing_roots(roots(), &answers);
            Ok(json!({
                "grid": rows(&out),
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

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PatternRequest {
    /// The word list to use, by name (see `GET /api/lists`); absent: the
    /// default one.
    pub list: Option<String>,
    pub grid: Vec<String>,
    /// `american` (the default) or `british`.
    pub style: Option<String>,
    /// `rotational` (the default for American grids), `none`, `mirror`,
    /// `four-fold`.
    pub symmetry: Option<String>,
    pub seed: Option<u64>,
    pub min_score: Option<u8>,
    pub banned: Option<Vec<String>>,
    pub timeout: Option<f64>,
}

fn parse_style(style: Option<&str>) -> Result<Style, ApiError> {
    style
        .unwrap_or("american")
        .parse()
        .map_err(|e: String| ApiError::bad_request(format!("\"style\": {e}")))
}

/// Time for drawing patterns and trying to fill them, unless `timeout`
/// says otherwise.
const DEFAULT_PATTERN_SECONDS: f64 = 3.0;
/// Longest fill tried on one drawn pattern: a pattern that fills at all
/// mostly fills in a fraction of that (see `make`).
const PATTERN_FILL_SECONDS: f64 = 0.5;

/// `POST /api/pattern`: a random pattern of the grid's size drawn by the
/// pattern stage under the rules `make` uses for the style, keeping the
/// grid's blocks and the cells of its letters (with the letters in them);
/// patterns are drawn until one fills around the letters or the time is
/// up. `fillable` says whether the returned one fills (`null`: not decided).
/// `cancel`, once set (the client has gone), ends the search at the next
/// draw or fill step.
pub fn pattern(request: &PatternRequest, index: &Index, cancel: Arc<AtomicBool>) -> Reply {
    let grid = parse_grid(&request.grid)?;
    let budget = seconds(request.timeout, DEFAULT_PATTERN_SECONDS)?;
    let style = parse_style(request.style.as_deref())?;
    let mut rules = fillable_rules(style, grid.width(), grid.height());
    if let Some(symmetry) = &request.symmetry {
        rules.symmetry = symmetry
            .parse()
            .map_err(|e: String| ApiError::bad_request(format!("\"symmetry\": {e}")))?;
    }
    let options = options(request.min_score, request.banned.as_deref())?;
    let started = Instant::now();
    let deadline = started + budget;
    let limit = DrawLimit {
        until: Some(deadline),
        descents: MOST_DESCENTS,
        cancel: Some(&cancel),
    };
    let mut rng = StdRng::seed_from_u64(request.seed.unwrap_or(0));
    // The lively rules first; when the cells kept rule them out, the
    // style's own.
    let mut draw =
        |rules: &Rules| random_pattern_keeping(rules, &grid, &mut rng, limit, &|_| BEST, None);
    let drawn = match draw(&rules) {
        Ok(drawn) => drawn,
        Err(_) => {
            rules = Rules {
                symmetry: rules.symmetry,
                ..Rules::preset(style)
            };
            draw(&rules).map_err(|e| ApiError {
                status: 422,
                message: e.to_string(),
                extra: Value::Null,
            })?
        }
    };
    let mut redraws = Keeping {
        grid: &grid,
        rules: &rules,
        first: Some(drawn.clone()),
        rng: &mut rng,
        limit,
        options: FillOptions {
            cancel: Some(cancel.clone()),
            ..options
        },
        each: Duration::from_secs_f64(PATTERN_FILL_SECONDS),
        tried: 0,
        first_unfillable: false,
    };
    // What is said of a pattern none filled is said of the first, the one
    // returned.
    let (best, fillable) = match until_one_fills(&mut redraws, index, usize::MAX)? {
        Some((filled, _)) => (filled, Some(true)),
        None => (drawn, redraws.first_unfillable.then_some(false)),
    };
    let tried = redraws.tried;
    let blocks = (0..best.height())
        .flat_map(|r| (0..best.width()).map(move |c| (r, c)))
        .filter(|&(r, c)| !best.is_white(r, c))
        .count();
    Ok(json!({
        "grid": rows(&best),
        "fillable": fillable,
        "tried": tried,
        "words": best.slots(2).len(),
        "blocks": blocks,
        "rules": rules.describe(),
    }))
}

/// `POST /api/analyze`: counts, each slot with its letters and how many
/// words fit them, and what breaks the usual American rules.
pub fn analyze(request: &AnalyzeRequest, index: &Index) -> Reply {
    let grid = parse_grid(&request.grid)?;
    let options = options(request.min_score, request.banned.as_deref())?;
    let floor = options.floor;
    let style = parse_style(request.style.as_deref())?;
    let slots = grid.slots(2);
    let (width, height) = (grid.width(), grid.height());
    let cells = (0..height).flat_map(|r| (0..width).map(move |c| (r, c)));
    let blocks = cells.clone().filter(|&(r, c)| !grid.is_white(r, c)).count();
    let mut violations = Vec::new();
    let mut listed = Vec::new();
    for slot in &slots {
        let name = fill::slot_name(slot);
        let pattern = grid.letters(slot);
        let fitting = index
            .of_length(slot.len)
            .map_or(0, |w| w.matching(&pattern, floor).count_ones(..));
        if slot.len < 3 {
            violations.push(format!("{name} has {} letters (fewer than 3)", slot.len));
        }
        // A complete entry the list lacks is the constructor's own, which
        // fills keep as it is; an open one that nothing fits is a fault.
        let own = fitting == 0 && pattern.iter().all(Option::is_some);
        if fitting == 0 && !own {
            violations.push(format!("no word in the list fits {name}"));
        }
        let letters: String = pattern.iter().map(|l| l.map_or('.', char::from)).collect();
        listed.push(json!({
            "slot": name,
            "length": slot.len,
            "letters": letters,
            "fitting": fitting,
            "own": own,
        }));
    }
    let mut in_across = vec![false; width * height];
    let mut in_down = vec![false; width * height];
    for slot in &slots {
        let across = slot.direction == crate::grid::Direction::Across;
        for (r, c) in slot.cells() {
            if across {
                in_across[r * width + c] = true;
            } else {
                in_down[r * width + c] = true;
            }
        }
    }
    for (r, c) in cells.filter(|&(r, c)| grid.is_white(r, c) && style == Style::American) {
        if !(in_across[r * width + c] && in_down[r * width + c]) {
            violations.push(format!(
                "the cell at row {}, column {} is unchecked",
                r + 1,
                c + 1
            ));
        }
    }
    if !symmetric(&grid) {
        violations.push("the blocks are not rotationally symmetric".to_string());
    }
    let entries = complete_entries(&grid, &slots);
    let repeats = duplicates(&entries);
    violations.extend(repeats.iter().map(|d| d.to_string()));
    // Not a violation of the grid's rules but an editor's objection, and
    // the filler's own entries never make one: listed apart, so that a long
    // list of rule breaks cannot hide it.
    let shared = sharing_a_root(&entries);
    // The heat map, or the slots propagation alone leaves without a word.
    let (mut heat, mut stuck) = (Value::Null, Value::Null);
    match fill::letter_counts(&grid, index, &options) {
        Ok(Ok(counts)) => {
            heat = json!(counts.chunks(width).collect::<Vec<_>>());
        }
        Ok(Err(why)) => stuck = json!({ "reason": why.reason, "slots": why.slots }),
        // A slot length the list has no words of, or a grid with no slot:
        // the other facts still stand.
        Err(e) => violations.push(e.to_string()),
    }
    Ok(json!({
        "width": width,
        "height": height,
        "words": slots.len(),
        "blocks": blocks,
        "slots": listed,
        "violations": violations,
        "duplicates": repeats.iter().map(|d| json!({ "word": d.word, "slots": d.slots, "inside": d.inside })).collect::<Vec<_>>(),
        "shared_roots": shared,
        "heat": heat,
        "unfillable": stuck,
    }))
}

/// A complete entry that the grid holds twice, or that another entry
/// is made of with another word (an editor's duplicate: ERIE beside
/// LAKEERIE). Letters that merely occur inside a longer entry (ANA in
/// ALANALDA, ERA in ERASE) are no duplicate.
struct Duplicate {
    word: String,
    /// The slots holding it: the repeats, or the entry and the one it is in.
    slots: Vec<String>,
    /// The longer entry it is inside (None for a plain repeat).
    inside: Option<String>,
}

impl std::fmt::Display for Duplicate {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        match &self.inside {
            None => write!(
                f,
                "{} is in the grid twice ({})",
                self.word,
                self.slots.join(", ")
            ),
            Some(longer) => write!(
                f,
                "{} ({}) is inside {longer} ({})",
                self.word, self.slots[0], self.slots[1]
            ),
        }
    }
}

/// Shortest entry, and shortest rest of the longer entry, for one entry
/// to count as part of another: ERA is no part of ERASE.
const SHORTEST_PART: usize = 3;

/// The grid's complete entries, as (letters, slot name), in the order of
/// `slots`; entries with an open cell are left out.
fn complete_entries(grid: &Grid, slots: &[crate::grid::Slot]) -> Vec<(String, String)> {
    slots
        .iter()
        .filter_map(|slot| grid.entry(slot).map(|word| (word, fill::slot_name(slot))))
        .collect()
}

/// Two entries of the grid that share a root (ELM and ELMS): each entry
/// with its slot, beside the other, and the roots they share.
#[derive(Debug, PartialEq, Serialize)]
struct SharedRoot {
    entries: [String; 2],
    slots: [String; 2],
    roots: Vec<String>,
}

/// Every pair of the grid's complete `entries` (letters, slot) that share
/// a root, by the rule the filler keeps ([`clashing_pairs`]), in grid
/// order. An entry the grid holds twice is a duplicate, not a pair here;
/// its every slot pairs with an entry sharing its root.
fn sharing_a_root(entries: &[(String, String)]) -> Vec<SharedRoot> {
    let mut slots_of: Vec<(&str, Vec<&str>)> = Vec::new();
    for (word, slot) in entries {
        match slots_of.iter_mut().find(|(w, _)| w == word) {
            Some((_, slots)) => slots.push(slot),
            None => slots_of.push((word, vec![slot])),
        }
    }
    let words: Vec<&str> = slots_of.iter().map(|(w, _)| *w).collect();
    let slots = |word: &str| {
        slots_of
            .iter()
            .find(|(w, _)| *w == word)
            .map_or(&[][..], |(_, s)| s.as_slice())
    };
    let mut found = Vec::new();
    for (a, b, shared) in clashing_pairs(roots(), &words) {
        for slot_a in slots(a) {
            for slot_b in slots(b) {
                found.push(SharedRoot {
                    entries: [a.to_string(), b.to_string()],
                    slots: [slot_a.to_string(), slot_b.to_string()],
                    roots: shared.iter().map(|r| r.to_string()).collect(),
                });
            }
        }
    }
    found
}

/// The grid's complete `entries` (letters, slot) that repeat, or begin or
/// end a longer one.
fn duplicates(entries: &[(String, String)]) -> Vec<Duplicate> {
    let mut found = Vec::new();
    let mut by_word: BTreeMap<&str, Vec<String>> = BTreeMap::new();
    for (word, name) in entries {
        by_word.entry(word).or_default().push(name.clone());
    }
    for (word, names) in &by_word {
        if names.len() > 1 {
            found.push(Duplicate {
                word: word.to_string(),
                slots: names.clone(),
                inside: None,
            });
        }
    }
    for (short, short_names) in &by_word {
        for (long, long_names) in &by_word {
            let rest = long.len().saturating_sub(short.len());
            if short.len() >= SHORTEST_PART
                && rest >= SHORTEST_PART
                && (long.starts_with(short) || long.ends_with(short))
            {
                found.push(Duplicate {
                    word: short.to_string(),
                    slots: vec![short_names[0].clone(), long_names[0].clone()],
                    inside: Some(long.to_string()),
                });
            }
        }
    }
    found
}

/// 180° rotational symmetry of the blocks, the American convention.
fn symmetric(grid: &Grid) -> bool {
    let (w, h) = (grid.width(), grid.height());
    (0..h).all(|r| (0..w).all(|c| grid.is_white(r, c) == grid.is_white(h - 1 - r, w - 1 - c)))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExportRequest {
    pub grid: Vec<String>,
    /// `puz`, `ipuz`, `jpz`, `xd`, `txt` or `pdf`.
    pub format: String,
    /// For `pdf`: `letter` (the default) or `a4`.
    pub paper: Option<String>,
    pub title: Option<String>,
    pub author: Option<String>,
    /// Clue texts by slot name (`1A`); slots left out get an empty clue.
    pub clues: Option<BTreeMap<String, String>>,
}

/// The puzzle document of a grid with the page's credits and clues (by
/// slot name; slots left out get an empty clue).
fn puzzle_of(
    grid: Grid,
    min_slot: usize,
    title: &Option<String>,
    author: &Option<String>,
    clues: &Option<BTreeMap<String, String>>,
) -> Result<Puzzle, ApiError> {
    let mut puzzle = Puzzle::from_grid(grid, min_slot);
    puzzle.title = title.clone().unwrap_or_default();
    puzzle.author = author.clone().unwrap_or_default();
    set_clue_texts(&mut puzzle, clues)?;
    Ok(puzzle)
}

/// Sets the clue texts a request gives by slot name; a name that is no
/// slot of the grid is refused, naming it.
fn set_clue_texts(
    puzzle: &mut Puzzle,
    clues: &Option<BTreeMap<String, String>>,
) -> Result<(), ApiError> {
    for (name, text) in clues.iter().flatten() {
        let clue = parse_slot_name(name)
            .and_then(|(number, direction)| puzzle.clue_mut(number, direction))
            .ok_or_else(|| {
                ApiError::bad_request(format!(
                    "\"clues\" names {name:?}, which is no slot of the grid"
                ))
            })?;
        clue.text = text.clone();
    }
    Ok(())
}

/// A puzzle's grid, credits, clues and marks as the page holds them.
fn puzzle_reply(puzzle: &Puzzle) -> Value {
    let clues: BTreeMap<String, &str> = puzzle
        .clues
        .iter()
        .map(|c| (slot_name(c.number, c.direction), c.text.as_str()))
        .collect();
    let marks: Vec<CellMark> = puzzle
        .marks
        .iter()
        .map(|(&(row, col), m)| CellMark {
            row,
            col,
            circled: m.circled,
            shaded: m.shaded,
            rebus: m.rebus.clone(),
        })
        .collect();
    json!({
        "grid": rows(&puzzle.grid),
        "title": puzzle.title,
        "author": puzzle.author,
        "copyright": puzzle.copyright,
        "notes": puzzle.notes,
        "clues": clues,
        "marks": marks,
    })
}

/// `GET /api/start`: the puzzle the studio was started on (or nulls), the
/// puzzle file Save writes to, if any, and the minimum score requests
/// use unless they name one (the page's starting value).
pub fn start(puzzle: Option<&Puzzle>, file: Option<&std::path::Path>, min_score: u8) -> Value {
    let mut reply = puzzle.map_or_else(|| json!({ "grid": null }), puzzle_reply);
    reply["file"] = json!(file.map(|f| f.display().to_string()));
    reply["min_score"] = json!(min_score);
    reply
}

/// A circled, shaded or rebus cell, counted from 0.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct CellMark {
    pub row: usize,
    pub col: usize,
    #[serde(default)]
    pub circled: bool,
    #[serde(default)]
    pub shaded: bool,
    /// The cell's whole text when it holds more than one letter (`HEART`).
    #[serde(default)]
    pub rebus: Option<String>,
}

/// What Save sends: what `/api/start` gave, with the user's changes. The
/// fields left out keep what the file has.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SaveRequest {
    pub grid: Vec<String>,
    pub title: Option<String>,
    pub author: Option<String>,
    pub copyright: Option<String>,
    pub notes: Option<String>,
    pub clues: Option<BTreeMap<String, String>>,
    /// Every marked cell; absent: the file's marks, on the cells still
    /// white, a rebus only where its first letter is still the cell's.
    pub marks: Option<Vec<CellMark>>,
    /// The file `/api/start` named; Save always writes the studio's own.
    pub file: Option<Value>,
    /// The minimum score `/api/start` gave, which a save has no use for.
    pub min_score: Option<Value>,
}

/// `POST /api/save`: writes the puzzle to `file`, the puzzle file the
/// studio was started on, in its format (.ipuz, .puz, .jpz or .xd),
/// atomically (a crash leaves the old file or the new one, never half of
/// either), over what the file holds now: every field the page does not
/// edit — a copyright, notes, enumerations, marks the request leaves out,
/// and what the format holds beyond them (see [`export::render_over`]) —
/// is kept as it was.
pub fn save(request: &SaveRequest, file: &std::path::Path) -> Reply {
    let grid = parse_grid(&request.grid)?;
    let format = Format::of_path(file).unwrap_or(Format::Ipuz);
    // The file as it is now: absent (a new puzzle) or unreadable, the
    // puzzle is written fresh.
    let original = crate::files::read_bounded(file, crate::files::MAX_DOCUMENT_BYTES).ok();
    let name = file.display().to_string();
    let before = original
        .as_ref()
        .and_then(|bytes| export::read(bytes, format, &name).ok());
    let min_slot = before.as_ref().map_or(2, |b| b.min_slot);
    let mut puzzle = puzzle_of(
        grid,
        min_slot,
        &request.title,
        &request.author,
        &request.clues,
    )?;
    if let Some(before) = &before {
        keep_unedited(&mut puzzle, before);
    }
    if let Some(copyright) = &request.copyright {
        puzzle.copyright = copyright.clone();
    }
    if let Some(notes) = &request.notes {
        puzzle.notes = notes.clone();
    }
    if let Some(marks) = &request.marks {
        let marks = marks
            .iter()
            .map(|m| {
                let mark = crate::grid::Mark {
                    circled: m.circled,
                    shaded: m.shaded,
                    rebus: m.rebus.clone(),
                };
                ((m.row, m.col), mark)
            })
            .filter(|(_, mark)| !mark.is_plain())
            .collect();
        puzzle
            .set_marks(marks)
            .map_err(|e| ApiError::bad_request(format!("\"marks\": {e}")))?;
    }
    let bytes = match &original {
        Some(original) => export::render_over(&puzzle, format, original),
        None => export::render(&puzzle, format),
    }
    .map_err(|e| ApiError::bad_request(format!("cannot save as {}: {e}", format.extension())))?;
    crate::files::write(file, &bytes, crate::files::Existing::Replace)?;
    Ok(json!({ "saved": file.display().to_string() }))
}

/// Carries into `puzzle` (the page's grid, credits and clues) what the
/// page does not edit from `before`, the file's puzzle: the copyright and
/// notes, each clue's enumeration where its slot still has that length,
/// and the marks on cells still white (a rebus only where the cell still
/// holds its first letter: a letter typed over it replaces it).
fn keep_unedited(puzzle: &mut Puzzle, before: &Puzzle) {
    puzzle.copyright = before.copyright.clone();
    puzzle.notes = before.notes.clone();
    for clue in &mut puzzle.clues {
        if let Some(old) = before.clue(clue.number, clue.direction) {
            let fits = crate::puzzle::enumeration_length(&old.enumeration)
                .is_some_and(|n| n == clue.answer.chars().count());
            if fits {
                clue.enumeration = old.enumeration.clone();
            }
        }
    }
    let grid = &puzzle.grid;
    let marks = before
        .marks
        .iter()
        .filter(|(&(r, c), _)| r < grid.height() && c < grid.width())
        .filter_map(|(&(r, c), mark)| {
            let mut mark = mark.clone();
            let letter = match grid.get(r, c) {
                Cell::Letter(l) => Some(l),
                Cell::Block => return None,
                Cell::Empty => None,
            };
            let first = mark.rebus.as_ref().and_then(|t| t.bytes().next());
            if first.is_some() && first != letter {
                mark.rebus = None;
            }
            (!mark.is_plain()).then_some(((r, c), mark))
        })
        .collect();
    // Checked marks on white cells: set_marks cannot refuse them.
    let _ = puzzle.set_marks(marks);
}

/// A file for the browser to download.
pub struct Download {
    pub bytes: Vec<u8>,
    pub media_type: &'static str,
    pub file_name: String,
}

/// `POST /api/export`: the grid as a puzzle file, written by the same code
/// as `cruciverb export`.
pub fn export(request: &ExportRequest) -> Result<Download, ApiError> {
    let grid = parse_grid(&request.grid)?;
    if request.format.eq_ignore_ascii_case("pdf") {
        return export_pdf(grid, request);
    }
    if request.paper.is_some() {
        return Err(ApiError::bad_request(
            "\"paper\" is for the pdf format only",
        ));
    }
    let format = Format::ALL
        .into_iter()
        .find(|f| f.extension().eq_ignore_ascii_case(&request.format))
        .ok_or_else(|| {
            ApiError::bad_request(format!(
                "\"format\" {:?} is not one of puz, ipuz, jpz, xd, txt, pdf",
                request.format
            ))
        })?;
    let puzzle = puzzle_of(grid, 2, &request.title, &request.author, &request.clues)?;
    let bytes = render(&puzzle, format)?;
    let media_type = match format {
        Format::Puz => "application/x-crossword",
        Format::Ipuz => "application/json",
        Format::Jpz => "application/xml",
        Format::Xd | Format::Txt => "text/plain; charset=utf-8",
    };
    Ok(Download {
        bytes,
        media_type,
        file_name: file_name(&puzzle, format.extension()),
    })
}

/// The printable PDF, as `cruciverb pdf` writes it: the grid, numbers and
/// clues, and the solution page when every cell has its letter.
fn export_pdf(grid: Grid, request: &ExportRequest) -> Result<Download, ApiError> {
    let paper = match request.paper.as_deref().unwrap_or("letter") {
        p if p.eq_ignore_ascii_case("letter") => Paper::Letter,
        p if p.eq_ignore_ascii_case("a4") => Paper::A4,
        other => {
            return Err(ApiError::bad_request(format!(
                "\"paper\" {other:?} is not letter or a4"
            )))
        }
    };
    let solution =
        (0..grid.height()).all(|r| (0..grid.width()).all(|c| grid.get(r, c) != Cell::Empty));
    let puzzle = puzzle_of(grid, 2, &request.title, &request.author, &request.clues)?;
    let bytes = typeset::pdf(&puzzle, &PdfOptions { paper, solution })?;
    Ok(Download {
        bytes,
        media_type: "application/pdf",
        file_name: file_name(&puzzle, "pdf"),
    })
}

/// A download name from the puzzle's title: `My-Puzzle.puz`, else
/// `puzzle.puz`.
fn file_name(puzzle: &Puzzle, extension: &str) -> String {
    let stem: String = puzzle
        .title
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == ' ')
        .collect::<String>()
        .trim()
        .replace(' ', "-");
    let stem = if stem.is_empty() {
        "puzzle".to_string()
    } else {
        stem
    };
    format!("{stem}.{extension}")
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ImportRequest {
    /// The file's name; its extension says the format (.puz, .ipuz, .jpz, .xd).
    pub name: String,
    /// The file's bytes.
    pub bytes: Vec<u8>,
}

/// `POST /api/import`: a `.puz`, `.ipuz`, `.jpz` or `.xd` file (its bytes, as
/// the page read them) as a grid with its credits and clues.
pub fn import(request: &ImportRequest) -> Reply {
    let format = Format::of_path(std::path::Path::new(&request.name)).ok_or_else(|| {
        ApiError::bad_request(format!(
            "{}: cannot tell the format from the file name (open reads {})",
            request.name,
            crate::export::READ
        ))
    })?;
    let puzzle = crate::export::read(&request.bytes, format, &request.name)?;
    Ok(puzzle_reply(&puzzle))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CluesRequest {
    /// The word list to use, by name (see `GET /api/lists`); absent: the
    /// default one.
    pub list: Option<String>,
    pub grid: Vec<String>,
    /// Clues already written, by slot name; they are kept as they are.
    pub clues: Option<BTreeMap<String, String>>,
    /// `easy`, `medium` (the default) or `hard`: the levels of clue the
    /// drafts lean on.
    pub difficulty: Option<String>,
    /// Draft for British solvers: no clue only Americans would get, and
    /// British spellings.
    pub british: Option<bool>,
}

/// One database clue offered for a slot beside the drafted one.
#[derive(Debug, PartialEq, Serialize)]
struct Alternative {
    text: String,
    level: &'static str,
    /// The word of the clue that uses another answer of the grid (or a
    /// root of one), as the clue writes it: why drafting passed it over.
    uses: Option<String>,
}

/// `POST /api/clues`: a clue for every slot: the ones given, the rest
/// drafted from the word list's own clues and the embedded clue database
/// where they know the answer (empty where they do not, or where the answer
/// is not complete), chosen for the request's difficulty and dialect; and
/// for every slot its `alternatives`, the database's clues for its answer
/// that suit the dialect, in the database's order, each marked with the
/// word by which it uses another answer, if it does.
pub fn clues(request: &CluesRequest, list: &WordList) -> Reply {
    let grid = parse_grid(&request.grid)?;
    let level = match &request.difficulty {
        None => Level::default(),
        Some(name) => name
            .parse()
            .map_err(|e: String| ApiError::bad_request(format!("\"difficulty\": {e}")))?,
    };
    let dialect = match request.british {
        Some(true) => Dialect::British,
        _ => Dialect::American,
    };
    let mut puzzle = Puzzle::from_grid(grid, 2);
    set_clue_texts(&mut puzzle, &request.clues)?;
    let report = attach(
        &mut puzzle,
        &Sources {
            list: Some(list),
            database: true,
            ..Sources::default()
        },
        &Choosing {
            level,
            dialect,
            seed: 0,
            hold_spares: false,
        },
    );
    // The grid as the drafting saw it: complete answers only.
    let answers = Answers::of_puzzle(&puzzle);
    let mut clues = BTreeMap::new();
    let mut alternatives = BTreeMap::new();
    for clue in &puzzle.clues {
        let name = slot_name(clue.number, clue.direction);
        let offered: Vec<Alternative> = match clue.answer.contains('.') {
            true => Vec::new(),
            false => database()
                .clues(&clue.answer)
                .into_iter()
                .filter(|c| suits(dialect, c.region))
                .map(|c| Alternative {
                    text: match dialect {
                        Dialect::British => respell(c.text).into_owned(),
                        Dialect::American => c.text.to_string(),
                    },
                    level: c.level.name(),
                    uses: answers.used_in(c.text).map(str::to_string),
                })
                .collect(),
        };
        clues.insert(name.clone(), clue.text.as_str());
        alternatives.insert(name, offered);
    }
    Ok(json!({
        "clues": clues,
        "alternatives": alternatives,
        "report": report.to_string(),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A request as the page sends it: JSON, so the field names are tested
    /// too.
    fn request<T: serde::de::DeserializeOwned>(body: Value) -> T {
        serde_json::from_value(body).expect("a well-formed request")
    }

    #[test]
    fn analyze_lists_entries_sharing_a_root_apart_from_violations() {
        // DATE ends BLINDDATE, ELM is in the grid twice and both pair with
        // ELMS; the open rows make every down entry incomplete, so only
        // the across entries count.
        let grid = json!([
            "BLINDDATE",
            ".........",
            "ELM##ELMS",
            ".........",
            "DATE##ELM"
        ]);
        let (list, _) = WordList::parse("BLINDDATE;70\nDATE;98\nELM;68\nELMS;60\n", "t");
        let index = Index::build(&list, 0).unwrap();
        let reply = analyze(&request(json!({ "grid": grid })), &index).expect("analysed");
        assert_eq!(
            reply["shared_roots"],
            json!([
                { "entries": ["BLINDDATE", "DATE"], "slots": ["1A", "15A"], "roots": ["DATE"] },
                { "entries": ["ELM", "ELMS"], "slots": ["11A", "12A"], "roots": ["ELM"] },
                { "entries": ["ELM", "ELMS"], "slots": ["16A", "12A"], "roots": ["ELM"] },
            ])
        );
        let violations = reply["violations"].to_string();
        assert!(!violations.contains("root"), "{violations}");
        // The repeat and the entry inside another stay duplicates.
        assert_eq!(
            reply["duplicates"],
            json!([
                { "word": "ELM", "slots": ["11A", "16A"], "inside": null },
                { "word": "DATE", "slots": ["15A", "1A"], "inside": "BLINDDATE" },
            ])
        );
        // A grid whose entries share no root lists none.
        let plain = json!(["ELM", "...", "..."]);
        let reply = analyze(&request(json!({ "grid": plain })), &index).expect("analysed");
        assert_eq!(reply["shared_roots"], json!([]));
    }

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

    /// The texts, levels and uses of a slot's alternatives.
    fn offered(reply: &Value, slot: &str) -> Vec<(String, String, Value)> {
        reply["alternatives"][slot]
            .as_array()
            .expect("alternatives for every slot")
            .iter()
            .map(|a| {
                (
                    a["text"].as_str().unwrap_or_default().to_string(),
                    a["level"].as_str().unwrap_or_default().to_string(),
                    a["uses"].clone(),
                )
            })
            .collect()
    }

    #[test]
    fn clues_offer_the_databases_alternatives_for_every_slot() {
        // AREA (a word of wordlists/curated/levels-01.txt), WIDTH and EST;
        // the list has no clues of its own, so every draft is the
        // database's.
        let (list, _) = WordList::parse("AREA;99\nWIDTH;80\nEST;60\n", "t");
        let grid = json!(["AREA#WIDTH#EST", "#############.", "#############."]);
        let reply = clues(&request(json!({ "grid": grid })), &list).expect("drafted");
        let area = offered(&reply, "1A");
        assert!(area.len() >= 3, "{area:?}");
        assert_eq!(
            area,
            [
                ("Region".into(), "easy".into(), Value::Null),
                ("Length times width".into(), "easy".into(), json!("width")),
                ("Field of study".into(), "medium".into(), Value::Null),
                ("Square footage".into(), "hard".into(), Value::Null),
            ]
        );
        // The draft is one of them, and not the one using WIDTH.
        let drafted = reply["clues"]["1A"].as_str().expect("a clue for 1A");
        assert!(
            area.iter()
                .any(|(t, _, uses)| t == drafted && uses.is_null()),
            "{drafted}"
        );
        assert_eq!(offered(&reply, "3A").len(), 4);
        // A slot not yet complete has a clue box but nothing to offer.
        assert_eq!(reply["alternatives"]["4D"], json!([]));
        assert_eq!(reply["clues"]["4D"], "");

        // British solvers are not offered a clue only Americans would get.
        let british =
            clues(&request(json!({ "grid": grid, "british": true })), &list).expect("drafted");
        let est: Vec<String> = offered(&british, "3A").into_iter().map(|a| a.0).collect();
        assert_eq!(
            est,
            ["Founded, on a sign", "Ballpark fig.", "Superlative suffix"]
        );

        // An easy puzzle never drafts a hard clue while an easier one is
        // left, whatever the seed's draw.
        let easy = clues(
            &request(json!({ "grid": grid, "difficulty": "easy" })),
            &list,
        )
        .expect("drafted");
        for slot in ["1A", "3A"] {
            let text = easy["clues"][slot].as_str().unwrap_or_default();
            let level = offered(&easy, slot)
                .into_iter()
                .find(|(t, _, _)| t == text)
                .map(|a| a.1);
            assert_ne!(level.as_deref(), Some("hard"), "{slot}: {text}");
        }

        let refused = clues(
            &request(json!({ "grid": grid, "difficulty": "extreme" })),
            &list,
        )
        .expect_err("no such difficulty");
        assert_eq!(
            refused,
            ApiError::bad_request("\"difficulty\": \"extreme\" is not easy, medium or hard")
        );
        assert_eq!(
            refused.body(),
            json!({ "error": "\"difficulty\": \"extreme\" is not easy, medium or hard" })
        );
    }
}
