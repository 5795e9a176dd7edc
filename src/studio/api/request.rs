//! Reading what the studio's requests share: the grid as rows of the text
//! grid format, the search options (`min_score`, `banned`), the style, and
//! the time a request may spend, each with a message naming the field at
//! fault. Used by every group of endpoints, and using none of them.

use std::time::Duration;

use serde_json::Value;

use super::super::error::ApiError;
use crate::fill::FillOptions;
use crate::grid::Grid;
use crate::pattern::rules::Style;
use crate::wordlist::normalize::normalize;
use crate::wordlist::DEFAULT_MIN_SCORE;

/// Longest a request may ask to spend, in seconds.
pub(crate) const MOST_SECONDS: f64 = 60.0;

pub(super) type Reply = std::result::Result<Value, ApiError>;

/// The grid of a request, with a message naming the row at fault.
pub(crate) fn parse_grid(rows: &[String]) -> Result<Grid, ApiError> {
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

pub(super) fn rows(grid: &Grid) -> Vec<String> {
    grid.to_text().lines().map(str::to_string).collect()
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
