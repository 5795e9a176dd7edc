//! The puzzle as a file: `GET /api/start` (the puzzle the studio was
//! started on), `POST /api/import`, `POST /api/export` and `POST /api/save`,
//! each through the same readers and writers as the command line.
//!
//! The page edits a grid, its credits and its clues; a save keeps whatever
//! else the file holds (see [`save`]).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use super::request::{bars, parse_grid, rows, CellBars, Reply};
use super::ApiError;
use crate::clues::{parse_slot_name, slot_name};
use crate::formats::{self, render, Format};
use crate::grid::{Cell, Grid};
use crate::puzzle::Puzzle;
use crate::typeset::{self, Paper, PdfOptions};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExportRequest {
    pub grid: Vec<String>,
    /// The grid's bars, by cell; absent: none.
    #[serde(default)]
    pub bars: Vec<CellBars>,
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
pub(super) fn set_clue_texts(
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

/// A puzzle's grid and bars, credits, clues and marks as the page holds
/// them.
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
        "bars": bars(&puzzle.grid),
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
    /// The grid's bars, by cell; absent: none (bars are part of the grid,
    /// not a field the file keeps).
    #[serde(default)]
    pub bars: Vec<CellBars>,
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
/// and what the format holds beyond them (see [`formats::render_over`]) —
/// is kept as it was.
pub fn save(request: &SaveRequest, file: &std::path::Path) -> Reply {
    let grid = parse_grid(&request.grid, &request.bars)?;
    let format = Format::of_path(file).unwrap_or(Format::Ipuz);
    // The file as it is now: absent (a new puzzle) or unreadable, the
    // puzzle is written fresh.
    let original = crate::files::read_bounded(file, crate::files::MAX_DOCUMENT_BYTES).ok();
    let name = file.display().to_string();
    let before = original
        .as_ref()
        .and_then(|bytes| formats::read(bytes, format, &name).ok());
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
        Some(original) => formats::render_over(&puzzle, format, original),
        None => formats::render(&puzzle, format),
    }
    .map_err(|e| {
        // A writer's refusal that names its format already (`cannot write
        // .puz: the grid has bars, …`) is said once, as it is.
        let message = e.to_string();
        match message.starts_with("cannot write .") {
            true => ApiError::bad_request(message),
            false => {
                ApiError::bad_request(format!("cannot save as {}: {message}", format.extension()))
            }
        }
    })?;
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
    let grid = parse_grid(&request.grid, &request.bars)?;
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
            crate::formats::READ
        ))
    })?;
    let puzzle = crate::formats::read(&request.bytes, format, &request.name)?;
    Ok(puzzle_reply(&puzzle))
}
