//! `POST /api/pattern`: a random pattern drawn around the constructor's
//! letters and blocks by the pattern stage, tried with the fill engine
//! until one fills or the time is up.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use rand::rngs::StdRng;
use rand::SeedableRng;
use serde_json::{json, Value};

use super::request::{bars, options, parse_grid, parse_style, rows, seconds, Reply};
use super::ApiError;
use crate::draw::{
    fillable_rules, random_pattern_keeping, until_one_fills, DrawLimit, Keeping, BEST,
    MOST_DESCENTS,
};
use crate::grid::DEFAULT_MIN_SLOT;
use crate::pattern::rules::Rules;
use crate::progress::Deadline;
use crate::wordlist::index::Index;

request! {
    pub struct PatternRequest {
        list,
        grid,
        bars,
        /// `american` (the default) or `british`.
        pub style: Option<String>,
        /// `rotational` (the default for American grids), `none`, `mirror`,
        /// `four-fold`.
        pub symmetry: Option<String>,
        pub seed: Option<u64>,
        min_score,
        banned,
        timeout,
    }
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
/// draw or fill step. A barred grid is refused: patterns are of blocks.
pub fn pattern(request: &PatternRequest, index: &Index, cancel: Arc<AtomicBool>) -> Reply {
    let grid = parse_grid(&request.grid, &request.bars)?;
    // The pattern stage draws blocks and knows nothing of bars: a pattern
    // drawn around them would cross words it cannot see.
    if grid.is_barred() {
        return Err(ApiError::bad_request(
            "a pattern is drawn in blocks, and this grid has bars; take the bars away to draw one",
        ));
    }
    let budget = seconds(request.timeout, DEFAULT_PATTERN_SECONDS)?;
    let style = parse_style(request.style.as_deref())?;
    let mut rules = fillable_rules(style, grid.width(), grid.height());
    if let Some(symmetry) = &request.symmetry {
        rules.symmetry = symmetry
            .parse()
            .map_err(|e: String| ApiError::bad_request(format!("\"symmetry\": {e}")))?;
    }
    let options = options(request.min_score, request.banned.as_deref())?;
    let deadline = Deadline::after(Some(budget)).with_cancel(cancel);
    let limit = DrawLimit {
        deadline: &deadline,
        descents: MOST_DESCENTS,
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
        options,
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
        "bars": bars(&best),
        "fillable": fillable,
        "tried": tried,
        "words": best.slots(DEFAULT_MIN_SLOT).len(),
        "blocks": blocks,
        "rules": rules.describe(),
    }))
}
