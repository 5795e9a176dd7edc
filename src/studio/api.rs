//! The studio's JSON API as plain functions: a request in, a reply or an
//! [`ApiError`] out, with no HTTP in sight, so that the server only routes
//! and the behaviour is testable in-process.
//!
//! Grids travel as rows of the text grid format (`#` block, `.` open, a
//! letter fixed) and slots are named like clues (`12A`, `3D`); every time a
//! request may spend is bounded, by its own `timeout` or the defaults here.

use std::collections::BTreeMap;
use std::time::Duration;

use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use crate::clues::{attach, parse_slot_name, slot_name, Sources};
use crate::export::{render, Format};
use crate::fill::quality::Quality;
use crate::fill::{self, FillOptions, Outcome};
use crate::grid::{Cell, Grid};
use crate::puzzle::Puzzle;
use crate::wordlist::index::Index;
use crate::wordlist::normalize::normalize;
use crate::wordlist::notes::notes;

/// Longest a request may ask to spend, in seconds.
pub const MOST_SECONDS: f64 = 60.0;
/// Candidates listed unless `limit` says otherwise, and at most.
const DEFAULT_LIMIT: usize = 100;
const MOST_LIMIT: usize = 2_000;
/// Time for deciding viability unless `timeout` says otherwise.
const DEFAULT_CANDIDATES_SECONDS: f64 = 0.5;
/// Time for a fill unless `timeout` says otherwise.
const DEFAULT_FILL_SECONDS: f64 = 5.0;
/// Minimum score unless `min_score` says otherwise (the list's own floor).
const DEFAULT_MIN_SCORE: u8 = 50;

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

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CandidatesRequest {
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
    pub grid: Vec<String>,
    pub min_score: Option<u8>,
    pub banned: Option<Vec<String>>,
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

/// `POST /api/candidates`: the words that fit a slot, best first, each
/// marked viable (`true`), proven not (`false`) or undecided (`null`).
pub fn candidates(
    request: &CandidatesRequest,
    index: &Index,
    cancelled: &dyn Fn() -> bool,
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
    let found = fill::candidates(
        &grid,
        index,
        &request.slot,
        &options,
        limit,
        budget,
        cancelled,
    )?;
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
pub fn fill(request: &FillRequest, index: &Index) -> Reply {
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
            Ok(json!({
                "grid": rows(&out),
                "words": words,
                "mean_score": (found.mean_score() * 10.0).round() / 10.0,
                "lowest_score": found.lowest_score(),
                "quality": Quality::of(&found.words, notes()).to_string().trim_end(),
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

/// `POST /api/analyze`: counts, each slot with its letters and how many
/// words fit them, and what breaks the usual American rules.
pub fn analyze(request: &AnalyzeRequest, index: &Index) -> Reply {
    let grid = parse_grid(&request.grid)?;
    let options = options(request.min_score, request.banned.as_deref())?;
    let floor = options.floor;
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
        if fitting == 0 {
            violations.push(format!("no word in the list fits {name}"));
        }
        let letters: String = pattern.iter().map(|l| l.map_or('.', char::from)).collect();
        listed.push(
            json!({ "slot": name, "length": slot.len, "letters": letters, "fitting": fitting }),
        );
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
    for (r, c) in cells.filter(|&(r, c)| grid.is_white(r, c)) {
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
        "heat": heat,
        "unfillable": stuck,
    }))
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
    /// `puz`, `ipuz`, `jpz`, `xd` or `txt`.
    pub format: String,
    pub title: Option<String>,
    pub author: Option<String>,
    /// Clue texts by slot name (`1A`); slots left out get an empty clue.
    pub clues: Option<BTreeMap<String, String>>,
}

/// The puzzle document of a grid with the page's credits and clues (by
/// slot name; slots left out get an empty clue).
fn puzzle_of(
    grid: Grid,
    title: &Option<String>,
    author: &Option<String>,
    clues: &Option<BTreeMap<String, String>>,
) -> Result<Puzzle, ApiError> {
    let mut puzzle = Puzzle::from_grid(grid, 2);
    puzzle.title = title.clone().unwrap_or_default();
    puzzle.author = author.clone().unwrap_or_default();
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
    Ok(puzzle)
}

/// A puzzle's grid, credits and clues as the page holds them.
fn puzzle_reply(puzzle: &Puzzle) -> Value {
    let clues: BTreeMap<String, &str> = puzzle
        .clues
        .iter()
        .map(|c| (slot_name(c.number, c.direction), c.text.as_str()))
        .collect();
    json!({
        "grid": rows(&puzzle.grid),
        "title": puzzle.title,
        "author": puzzle.author,
        "clues": clues,
    })
}

/// `GET /api/start`: the puzzle the studio was started on (or nulls), and
/// the .ipuz file Save writes to, if any.
pub fn start(puzzle: Option<&Puzzle>, file: Option<&std::path::Path>) -> Value {
    let mut reply = puzzle.map_or_else(|| json!({ "grid": null }), puzzle_reply);
    reply["file"] = json!(file.map(|f| f.display().to_string()));
    reply
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SaveRequest {
    pub grid: Vec<String>,
    pub title: Option<String>,
    pub author: Option<String>,
    pub clues: Option<BTreeMap<String, String>>,
}

/// `POST /api/save`: writes the puzzle as ipuz to `file`, the one the
/// studio was started on, atomically (a crash leaves the old file or the
/// new one, never half of either).
pub fn save(request: &SaveRequest, file: &std::path::Path) -> Reply {
    let grid = parse_grid(&request.grid)?;
    let puzzle = puzzle_of(grid, &request.title, &request.author, &request.clues)?;
    crate::export::save(&puzzle, Format::Ipuz, file, crate::files::Existing::Replace)?;
    Ok(json!({ "saved": file.display().to_string() }))
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
    let format = Format::ALL
        .into_iter()
        .find(|f| f.extension().eq_ignore_ascii_case(&request.format))
        .ok_or_else(|| {
            ApiError::bad_request(format!(
                "\"format\" {:?} is not one of puz, ipuz, jpz, xd, txt",
                request.format
            ))
        })?;
    let puzzle = puzzle_of(grid, &request.title, &request.author, &request.clues)?;
    let bytes = render(&puzzle, format)?;
    let media_type = match format {
        Format::Puz => "application/x-crossword",
        Format::Ipuz => "application/json",
        Format::Jpz => "application/xml",
        Format::Xd | Format::Txt => "text/plain; charset=utf-8",
    };
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
    Ok(Download {
        bytes,
        media_type,
        file_name: format!("{stem}.{}", format.extension()),
    })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ImportRequest {
    /// The file's name; its extension says the format (.puz, .ipuz, .xd).
    pub name: String,
    /// The file's bytes.
    pub bytes: Vec<u8>,
}

/// `POST /api/import`: a `.puz`, `.ipuz` or `.xd` file (its bytes, as the
/// page read them) as a grid with its credits and clues.
pub fn import(request: &ImportRequest) -> Reply {
    let format = Format::of_path(std::path::Path::new(&request.name)).ok_or_else(|| {
        ApiError::bad_request(format!(
            "{}: cannot tell the format from the file name (open reads .puz, .ipuz and .xd)",
            request.name
        ))
    })?;
    let puzzle = crate::export::read(&request.bytes, format, &request.name)?;
    Ok(puzzle_reply(&puzzle))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CluesRequest {
    pub grid: Vec<String>,
    /// Clues already written, by slot name; they are kept as they are.
    pub clues: Option<BTreeMap<String, String>>,
}

/// `POST /api/clues`: a clue for every slot: the ones given, the rest
/// drafted from the embedded clue database where it knows the answer
/// (empty where it does not, or where the answer is not complete).
pub fn clues(request: &CluesRequest) -> Reply {
    let grid = parse_grid(&request.grid)?;
    let mut puzzle = Puzzle::from_grid(grid, 2);
    for (name, text) in request.clues.iter().flatten() {
        if let Some(clue) =
            parse_slot_name(name).and_then(|(number, direction)| puzzle.clue_mut(number, direction))
        {
            clue.text = text.clone();
        }
    }
    let report = attach(
        &mut puzzle,
        &Sources {
            database: true,
            ..Sources::default()
        },
    );
    let clues: BTreeMap<String, &str> = puzzle
        .clues
        .iter()
        .map(|c| (slot_name(c.number, c.direction), c.text.as_str()))
        .collect();
    Ok(json!({ "clues": clues, "report": report.to_string() }))
}
