//! Reading what the studio's requests share: the grid as rows of the text
//! grid format with its bars beside them, the search options (`min_score`,
//! `banned`), the style, and the time a request may spend, each with a
//! message naming the field at fault; and the grid written back the same
//! way. Used by every group of endpoints, and using none of them.
//!
//! Bars travel as a list of [`CellBars`] beside the rows, not as the text
//! format's `bars:` line within them: the rows stay exactly the grid's rows
//! (so a page can index them by row), and a cell is named as `marks` and
//! `region` name it, from 0.

use std::time::Duration;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::super::error::ApiError;
use crate::fill::FillOptions;
use crate::grid::{Bars, Grid};
use crate::pattern::rules::Style;
use crate::wordlist::normalize::normalize;
use crate::wordlist::DEFAULT_MIN_SCORE;

/// Longest a request may ask to spend, in seconds.
pub(crate) const MOST_SECONDS: f64 = 60.0;

pub(super) type Reply = std::result::Result<Value, ApiError>;

/// The bars on one cell's right and lower sides, the cell counted from 0:
/// how requests and replies carry a barred grid's bars (`"bars"`, beside
/// `"grid"`). A bar on a cell's left or upper side is its neighbour's right
/// or lower bar.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct CellBars {
    pub row: usize,
    pub col: usize,
    #[serde(default)]
    pub right: bool,
    #[serde(default)]
    pub below: bool,
}

/// The grid of a request, its rows and its bars, with a message naming the
/// row or cell at fault.
pub(crate) fn parse_grid(rows: &[String], bars: &[CellBars]) -> Result<Grid, ApiError> {
    if rows.is_empty() {
        return Err(ApiError::bad_request("\"grid\" has no rows"));
    }
    if let Some(r) = rows.iter().position(|row| row.contains(['\n', '\r'])) {
        return Err(ApiError::bad_request(format!(
            "\"grid\" row {} holds a line break; send one string per row",
            r + 1
        )));
    }
    // The text format's section after the grid would be read from a blank
    // row on; here the rows are the grid's alone, and bars have their field.
    if let Some(r) = rows.iter().position(|row| row.trim().is_empty()) {
        return Err(ApiError::bad_request(format!(
            "\"grid\" row {} is empty; send only the grid's rows (bars go in \"bars\")",
            r + 1
        )));
    }
    let mut grid = Grid::parse_text(&rows.join("\n"), "grid")?;
    for cell in bars {
        let (row, col) = (cell.row, cell.col);
        if row >= grid.height() || col >= grid.width() {
            return Err(ApiError::bad_request(format!(
                "\"bars\" cell [{row}, {col}] is outside the {}×{} grid",
                grid.height(),
                grid.width()
            )));
        }
        let edge = match (
            cell.right && col + 1 == grid.width(),
            cell.below && row + 1 == grid.height(),
        ) {
            (true, _) => Some("right"),
            (_, true) => Some("lower"),
            _ => None,
        };
        if let Some(side) = edge {
            return Err(ApiError::bad_request(format!(
                "\"bars\" cell [{row}, {col}]: its {side} side is the grid's edge, where a bar divides nothing"
            )));
        }
        let had = grid.bars(row, col);
        grid.set_bars(
            row,
            col,
            Bars {
                right: had.right || cell.right,
                below: had.below || cell.below,
            },
        );
    }
    Ok(grid)
}

/// The grid's rows as replies carry them: the text format's, with no
/// section after them (the bars go beside them, see [`bars`]).
pub(super) fn rows(grid: &Grid) -> Vec<String> {
    grid.to_text()
        .lines()
        .take(grid.height())
        .map(str::to_string)
        .collect()
}

/// The grid's bars as replies carry them, beside its [`rows`]: each barred
/// cell once, in reading order; none for a grid of blocks.
pub(super) fn bars(grid: &Grid) -> Vec<CellBars> {
    (0..grid.height())
        .flat_map(|row| (0..grid.width()).map(move |col| (row, col)))
        .filter_map(|(row, col)| {
            let Bars { right, below } = grid.bars(row, col);
            (right || below).then_some(CellBars {
                row,
                col,
                right,
                below,
            })
        })
        .collect()
}

pub(super) fn seconds(value: Option<f64>, default: f64) -> Result<Duration, ApiError> {
    let s = value.unwrap_or(default);
    if !(s > 0.0 && s <= MOST_SECONDS) {
        return Err(ApiError::bad_request(format!(
            "\"timeout\" must be more than 0 and at most {MOST_SECONDS} seconds, not {s}"
        )));
    }
    Ok(Duration::from_secs_f64(s))
}

/// Search options from a request's `min_score` and `banned` words.
pub(super) fn options(
    min_score: Option<u8>,
    banned: Option<&[String]>,
) -> Result<FillOptions, ApiError> {
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

pub(super) fn parse_style(style: Option<&str>) -> Result<Style, ApiError> {
    style
        .unwrap_or("american")
        .parse()
        .map_err(|e: String| ApiError::bad_request(format!("\"style\": {e}")))
}

/// A request as the page sends it: JSON, so the field names are tested
/// too.
#[cfg(test)]
pub(super) fn request<T: serde::de::DeserializeOwned>(body: Value) -> T {
    serde_json::from_value(body).expect("a well-formed request")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_barred_grid_travels_as_rows_and_bars_and_comes_back_the_same() {
        let text = "......\n".repeat(6) + "\nbars: 1,3=R 3,1=B 3,3=RB 3,5=B 5,3=R\n";
        let grid = Grid::parse_text(&text, "barred6").expect("a barred grid");
        let sent: Vec<String> = vec!["......".to_string(); 6];
        let cell = |row, col, right, below| CellBars {
            row,
            col,
            right,
            below,
        };
        // Either order, and one cell's bars in two items, add up.
        let items = [
            cell(4, 2, true, false),
            cell(2, 2, true, false),
            cell(0, 2, true, false),
            cell(2, 0, false, true),
            cell(2, 2, false, true),
            cell(2, 4, false, true),
        ];
        let read = parse_grid(&sent, &items).expect("read");
        assert_eq!(read, grid);
        assert_eq!(rows(&read), sent);
        assert_eq!(
            bars(&read),
            [
                cell(0, 2, true, false),
                cell(2, 0, false, true),
                cell(2, 2, true, true),
                cell(2, 4, false, true),
                cell(4, 2, true, false),
            ]
        );
        assert_eq!(
            serde_json::to_value(cell(0, 2, true, false)).expect("json"),
            serde_json::json!({ "row": 0, "col": 2, "right": true, "below": false })
        );
        // A grid of blocks has no bars to give.
        let plain = parse_grid(&sent, &[]).expect("read");
        assert!(bars(&plain).is_empty() && !plain.is_barred());
    }
}
