//! Writing `.puz`: header with every checksum, the two grids, the
//! strings in Latin-1, then the sections that carry cell marks; written
//! over an earlier file, the solver's grid and other sections are kept.

use super::checksum::Body;
use super::latin1;
use super::read::{parse, read_sections};
use super::*;
use crate::error::{Error, Result};
use crate::formats::{refuse_bars, Format};
use crate::grid::DEFAULT_MIN_SLOT;
use crate::grid::{check_marks, Cell, Grid};
use crate::puzzle::{Clue, Puzzle};

/// The puzzle as a `.puz` file. Texts go through [`to_latin1`]. The grid must
/// be completely filled and numbered the way `.puz` numbers it (`min_slot`
/// 2).
pub fn write(puzzle: &Puzzle) -> Result<Vec<u8>> {
    write_keeping(puzzle, None, &[])
}

/// The puzzle as a `.puz` file written over `original`, the file it was
/// opened from: what the puzzle does not model is kept. While the grid
/// keeps its shape (its size and blocks), that is the solver's grid and
/// every section but the marks written here (a timer `LTIM`, the solver's
/// rebus entries `RUSR`, sections of other tools); after a change of
/// shape, only the timer. An original that cannot be read is ignored.
pub(crate) fn write_over(puzzle: &Puzzle, original: &[u8]) -> Result<Vec<u8>> {
    let Ok(file) = parse(original) else {
        return write(puzzle);
    };
    let Ok(sections) = read_sections(file.rest) else {
        return write(puzzle);
    };
    let grid = &puzzle.grid;
    let same_shape = file.width == grid.width()
        && file.height == grid.height()
        && cells(grid).all(|(r, c, cell)| {
            let byte = file.solution[r * file.width + c];
            cell.is_white() == (byte != BLOCK && byte != DIAGRAMLESS_BLOCK)
        });
    let mut kept: Vec<([u8; 4], &[u8])> = sections
        .iter()
        .filter(|(code, _)| ![REBUS_GRID, REBUS_TABLE, MARKUP].contains(code))
        .filter(|(code, _)| same_shape || *code == b"LTIM")
        .map(|(code, data)| (*code, *data))
        .collect();
    // Sections keep the order of the file (the table forgets it).
    kept.sort_by_key(|(code, data)| {
        let at = data.as_ptr() as usize - file.rest.as_ptr() as usize;
        (at, *code)
    });
    write_keeping(puzzle, same_shape.then_some(file.fill), &kept)
}

/// [`write`], with `fill` as the solver's grid (blank when None) and
/// `extra` sections after the marks.
fn write_keeping(
    puzzle: &Puzzle,
    fill: Option<&[u8]>,
    extra: &[([u8; 4], &[u8])],
) -> Result<Vec<u8>> {
    refuse_bars(puzzle, Format::Puz)?;
    check_numbering(puzzle)?;
    let grid = &puzzle.grid;
    check_marks(grid, &puzzle.marks).map_err(write_error)?;
    let solution = solution_bytes(grid)?;
    let fill = fill.map_or_else(|| player_grid(grid), <[u8]>::to_vec);
    let clues: Vec<Vec<u8>> = clue_texts_in_file_order(puzzle)
        .iter()
        .map(|text| latin1::encode(text))
        .collect();
    let cib = size_block(grid, clues.len())?;
    let [title, author, copyright, notes] = [
        &puzzle.title,
        &puzzle.author,
        &puzzle.copyright,
        &puzzle.notes,
    ]
    .map(|text| latin1::encode(text));
    let body = Body {
        cib: &cib,
        solution: &solution,
        fill: &fill,
        title: &title,
        author: &author,
        copyright: &copyright,
        clues: clues.iter().map(Vec::as_slice).collect(),
        notes: &notes,
        notes_counted: true,
    };
    let mut out = assemble(&body);
    let marks = mark_sections(puzzle)?;
    let sections = marks
        .iter()
        .map(|(code, data)| (*code, data.as_slice()))
        .chain(extra.iter().copied());
    for (code, data) in sections {
        out.extend_from_slice(&code);
        out.extend_from_slice(&(data.len() as u16).to_le_bytes());
        out.extend_from_slice(&checksum::checksum(data, 0).to_le_bytes());
        out.extend_from_slice(data);
        out.push(0);
    }
    Ok(out)
}

/// The GRBS and RTBL sections when some cell is a rebus, and GEXT when
/// some cell is circled or shaded, in the order Across Lite writes them.
/// Rebus keys count from 0 in the order the texts first appear, row by row.
fn mark_sections(puzzle: &Puzzle) -> Result<Vec<([u8; 4], Vec<u8>)>> {
    let grid = &puzzle.grid;
    let cells = grid.width() * grid.height();
    let index = |(row, col): (usize, usize)| row * grid.width() + col;
    let mut sections = Vec::new();
    let mut texts: Vec<&str> = Vec::new();
    let mut rebus_grid = vec![0u8; cells];
    for (&at, mark) in &puzzle.marks {
        let Some(text) = mark.rebus.as_deref() else {
            continue;
        };
        let key = match texts.iter().position(|t| *t == text) {
            Some(key) => key,
            None => {
                texts.push(text);
                texts.len() - 1
            }
        };
        // The byte holds key + 1, and RTBL's two-column keys stop at 99.
        if key > 98 {
            return Err(write_error("the puzzle has more than 99 different rebuses"));
        }
        rebus_grid[index(at)] = key as u8 + 1;
    }
    if !texts.is_empty() {
        let table: String = texts
            .iter()
            .enumerate()
            .map(|(key, text)| format!("{key:>2}:{text};"))
            .collect();
        sections.push((*REBUS_GRID, rebus_grid));
        sections.push((*REBUS_TABLE, table.into_bytes()));
    }
    let mut markup = vec![0u8; cells];
    for (&at, mark) in &puzzle.marks {
        markup[index(at)] =
            if mark.circled { CIRCLED } else { 0 } | if mark.shaded { SHADED } else { 0 };
    }
    if markup.iter().any(|&b| b != 0) {
        sections.push((*MARKUP, markup));
    }
    Ok(sections)
}

fn write_error(message: impl std::fmt::Display) -> Error {
    Error::invalid(format!("cannot write .puz: {message}"))
}

/// `.puz` has no field for the shortest word: readers always count every run
/// of two or more cells, so any other `min_slot` would give other clues.
fn check_numbering(puzzle: &Puzzle) -> Result<()> {
    if puzzle.min_slot == DEFAULT_MIN_SLOT {
        return Ok(());
    }
    Err(write_error(format!(
        "the puzzle counts runs of {} or more cells as words, but .puz readers \
         count every run of {DEFAULT_MIN_SLOT} or more",
        puzzle.min_slot
    )))
}

/// The solution row by row, `.` for blocks. Across Lite has no way to leave
/// a cell of the solution open, so an unfilled cell is an error.
fn solution_bytes(grid: &Grid) -> Result<Vec<u8>> {
    cells(grid)
        .map(|(row, col, cell)| match cell {
            Cell::Block => Ok(BLOCK),
            Cell::Letter(letter) => Ok(letter),
            Cell::Empty => Err(write_error(format!(
                "the grid is not filled: row {}, column {} is empty",
                row + 1,
                col + 1
            ))),
        })
        .collect()
}

/// The grid a solver starts from: blocks, and `-` in every white cell.
fn player_grid(grid: &Grid) -> Vec<u8> {
    cells(grid)
        .map(|(_, _, cell)| if cell.is_white() { BLANK } else { BLOCK })
        .collect()
}

fn cells(grid: &Grid) -> impl Iterator<Item = (usize, usize, Cell)> + '_ {
    (0..grid.height()).flat_map(move |r| (0..grid.width()).map(move |c| (r, c, grid.get(r, c))))
}

/// One text per word of the grid, in the order readers expect (see the
/// module documentation); a word without a clue gets an empty text.
fn clue_texts_in_file_order(puzzle: &Puzzle) -> Vec<String> {
    words_in_file_order(&puzzle.grid)
        .into_iter()
        .map(|(number, direction)| {
            puzzle
                .clue(number, direction)
                .map_or(String::new(), Clue::printed)
        })
        .collect()
}

fn size_block(grid: &Grid, clue_count: usize) -> Result<[u8; 8]> {
    let side = |what: &str, value: usize| {
        u8::try_from(value).map_err(|_| {
            write_error(format!(
                "the grid is {value} cells {what}; .puz holds at most 255"
            ))
        })
    };
    let width = side("wide", grid.width())?;
    let height = side("high", grid.height())?;
    let count = u16::try_from(clue_count).map_err(|_| {
        write_error(format!(
            "the grid has {clue_count} words; .puz holds at most {}",
            u16::MAX
        ))
    })?;
    let mut cib = [0; 8];
    cib[0] = width;
    cib[1] = height;
    cib[2..4].copy_from_slice(&count.to_le_bytes());
    cib[4..6].copy_from_slice(&TYPE_NORMAL.to_le_bytes());
    cib[6..8].copy_from_slice(&STATE_PLAIN.to_le_bytes());
    Ok(cib)
}

/// The file: header with checksums, grids, then the NUL-terminated strings.
fn assemble(body: &Body) -> Vec<u8> {
    let sums = body.sums();
    let mut header = [0u8; HEADER_LEN];
    header[GLOBAL_SUM..GLOBAL_SUM + 2].copy_from_slice(&sums.global.to_le_bytes());
    header[MAGIC_AT..MAGIC_AT + MAGIC.len()].copy_from_slice(MAGIC);
    header[CIB_SUM..CIB_SUM + 2].copy_from_slice(&sums.parts[0].to_le_bytes());
    header[MASKED_SUMS..MASKED_SUMS + 8].copy_from_slice(&sums.masked());
    header[VERSION_AT..VERSION_AT + VERSION.len()].copy_from_slice(VERSION);
    header[CIB..].copy_from_slice(body.cib);
    let mut out = header.to_vec();
    out.extend_from_slice(body.solution);
    out.extend_from_slice(body.fill);
    let strings = [body.title, body.author, body.copyright]
        .into_iter()
        .chain(body.clues.iter().copied())
        .chain([body.notes]);
    for text in strings {
        out.extend_from_slice(text);
        out.push(0);
    }
    out
}
