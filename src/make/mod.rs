//! The main job, `cruciverb make`: pattern → fill → clues → files.
//!
//! Constructors start from a blank page, so this stage chooses a pattern
//! itself, drawn at random under rules that published grids follow and
//! that fill well (see [`crate::draw`]); a pattern that does not fill
//! within the time limit is set aside and another drawn, so one unlucky
//! pattern cannot sink the run. Every draw and every fill takes its seed
//! from the run's seed, so a run is reproducible. The fill draws only on
//! words some clue source can clue, so a made puzzle has no empty clue. A
//! theme's patterns are drawn under a ladder of rules, loosened one step
//! at a time and only when a step is spent (`ladder`), so a themed
//! puzzle has as few blocks and as short other entries as its theme
//! allows; where the ladder seated the entries is where their clues and
//! circles go (`dress`). A fill that leaves a slot without a clean clue
//! is refilled around it (`refill`), and the puzzle written as one set
//! of files (`outputs`).

mod dress;
mod ladder;
mod options;
mod outcome;
mod outputs;
mod refill;

use std::path::Path;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::clues::choose::suits;
use crate::clues::{database, ClueFile, Sources};
use crate::draw::{
    fillable_barred_rules, fillable_rules, random_pattern, until_one_fills, Drawn, Draws,
};
use crate::error::{Error, Result};
use crate::fill::{slot_name, Fill, Outcome};
use crate::grid::Grid;
use crate::grid::DEFAULT_MIN_SLOT;
use crate::pattern::barred::{self, BarredRules};
use crate::pattern::rules::Rules;
use crate::pattern::seat::Seat;
use crate::progress::{Deadline, Reporter};
use crate::wordlist::index::Index;
use crate::wordlist::spec::ListSpec;

use dress::dress;
use ladder::{ThemeDraw, ThemeDraws};
use options::fill_options;
pub use options::{Credits, MakeOptions, PatternSource};
pub use outcome::Attempt;
pub(crate) use outcome::Made;
pub use outputs::{output_paths, write_outputs};

/// The index `make` fills from: the words of `spec` that some source can
/// clue — the list's own clue field, an `ANSWER;clue` line of `clue_file`,
/// or the embedded clue database with a clue for the solvers of
/// `spec.dialect` — so no slot of a made puzzle is left without a clue.
/// Cached like any index, under a key that covers the clue sources too.
pub fn clued_index(
    spec: &ListSpec,
    clue_file: Option<&ClueFile>,
    cache_dir: Option<&Path>,
    progress: &dyn Reporter,
) -> Result<Index> {
    let mut filter: Vec<u8> = format!("clued v2 {}", spec.dialect).into_bytes();
    for table in database::packed() {
        filter.extend_from_slice(&(table.len() as u64).to_le_bytes());
        filter.extend_from_slice(table);
    }
    if let Some(file) = clue_file {
        for answer in file.answers() {
            filter.extend_from_slice(answer.as_bytes());
            filter.push(b'\n');
        }
    }
    spec.index_of(
        &filter,
        |entry| {
            entry.clue.is_some()
                || clue_file.is_some_and(|f| f.for_answer(entry.word).is_some())
                || database()
                    .clues(entry.word)
                    .iter()
                    .any(|c| suits(spec.dialect, c.region))
        },
        cache_dir,
        progress,
    )
}

/// A pattern that filled: the grid as drawn (before the fill, with a
/// theme's entries written in), its fill, and where the theme's entries
/// sit (none without a theme).
#[derive(Clone, Debug)]
pub struct Filled {
    pub grid: Grid,
    pub fill: Fill,
    pub seats: Vec<Seat>,
}

/// Fills patterns until one fills; `report` hears about each one that does
/// not. None when every attempt failed.
pub(crate) fn make_fill(
    options: &MakeOptions,
    index: &Index,
    mut report: impl FnMut(&Attempt),
) -> Result<Option<Filled>> {
    let attempts = match options.source {
        PatternSource::Random { .. }
        | PatternSource::Themed { .. }
        | PatternSource::Barred { .. } => options.attempts.max(1),
        PatternSource::Given(_) => 1,
    };
    let source = match &options.source {
        PatternSource::Random {
            width,
            height,
            style,
        } => Source::Random(fillable_rules(*style, *width, *height), *width, *height),
        PatternSource::Themed {
            width,
            height,
            style,
            theme,
            seat,
        } => Source::Themed(ThemeDraws::new(theme, (*width, *height), *style, *seat)?),
        PatternSource::Barred { width, height } => {
            let rules = fillable_barred_rules(*width, *height);
            rules.validate(*width, *height)?;
            Source::Barred(rules, *width, *height)
        }
        PatternSource::Given(grid) => Source::Given(grid),
    };
    let mut patterns = Patterns {
        options,
        index,
        rng: StdRng::seed_from_u64(options.seed),
        source,
        report: &mut report,
        seats: Vec::new(),
    };
    let filled = until_one_fills(&mut patterns, index, attempts)?;
    Ok(filled.map(|(grid, fill)| Filled {
        grid,
        fill,
        seats: patterns.seats,
    }))
}

/// Where [`Patterns`] draws from: the rules for random patterns and their
/// size, a theme's ladder, or the one given grid.
enum Source<'a> {
    Random(Rules, usize, usize),
    Barred(BarredRules, usize, usize),
    Themed(ThemeDraws),
    Given(&'a Grid),
}

/// The patterns `make` tries, each filled with its seed from `rng` (after
/// the draw's); `seats` are where the theme sits in the last one drawn.
struct Patterns<'a> {
    options: &'a MakeOptions,
    index: &'a Index,
    rng: StdRng,
    source: Source<'a>,
    report: &'a mut dyn FnMut(&Attempt),
    seats: Vec<Seat>,
}

impl Draws for Patterns<'_> {
    fn draw(&mut self, number: usize) -> Result<Drawn> {
        let grid = match &mut self.source {
            Source::Random(rules, width, height) => {
                match random_pattern(rules, *width, *height, &mut self.rng) {
                    Ok(grid) => grid,
                    // Earlier draws succeeded, so the rules are not
                    // impossible: this is the end of the attempts, not bad
                    // input.
                    Err(Error::Rules(_)) if number > 1 => {
                        (self.report)(&Attempt::NoPattern { number });
                        return Ok(Drawn::Spent);
                    }
                    Err(e) => return Err(e),
                }
            }
            Source::Themed(themed) => {
                match themed.draw(number, self.index, &mut self.rng, &mut *self.report) {
                    ThemeDraw::Pattern(grid, seats) => {
                        self.seats = seats;
                        grid
                    }
                    ThemeDraw::Skipped => return Ok(Drawn::Skipped),
                    ThemeDraw::Spent => return Ok(Drawn::Spent),
                }
            }
            Source::Barred(rules, width, height) => {
                let deadline = Deadline::never();
                match barred::random(*width, *height, rules, &mut self.rng, &deadline)? {
                    Some(pattern) => Grid::from_pattern(&pattern),
                    None => {
                        (self.report)(&Attempt::NoPattern { number });
                        return Ok(Drawn::Spent);
                    }
                }
            }
            Source::Given(grid) => (*grid).clone(),
        };
        // Complete slots (a theme's or the constructor's entries) need no word.
        let index = self.index;
        if let Some(slot) = grid
            .slots(DEFAULT_MIN_SLOT)
            .iter()
            .find(|s| index.of_length(s.len).is_none() && grid.letters(s).contains(&None))
        {
            if let Source::Themed(themed) = &mut self.source {
                // Another draw may not have the slot: not the list's fault.
                themed.unfilled();
                (self.report)(&Attempt::Unfillable {
                    number,
                    reason: format!("no {}-letter word for slot {}", slot.len, slot_name(slot)),
                });
                return Ok(Drawn::Skipped);
            }
            return Err(Error::invalid(format!(
                "slot {} needs a {}-letter word and no {}-letter word of the list has a clue (make prints only entries it can clue: give clues with --clues FILE or as WORD;SCORE;clue lines)",
                slot_name(slot),
                slot.len,
                slot.len
            )));
        }
        let options = fill_options(self.options, &grid, self.rng.random(), &[]);
        Ok(Drawn::Pattern(Box::new((grid, options))))
    }

    fn unfilled(&mut self, number: usize, outcome: Outcome) {
        if let Source::Themed(themed) = &mut self.source {
            themed.unfilled();
        }
        match outcome {
            Outcome::Filled(_) => {}
            Outcome::Unfillable(why) => (self.report)(&Attempt::Unfillable {
                number,
                reason: why.reason,
            }),
            Outcome::GaveUp { after } => (self.report)(&Attempt::GaveUp {
                number,
                seconds: after.as_secs_f64(),
            }),
        }
    }
}

/// The whole chain short of writing files: a filled pattern, its clues from
/// `sources`, the credits and the quality report. None when no pattern
/// filled (`report` heard why, pattern by pattern).
pub fn make(
    options: &MakeOptions,
    index: &Index,
    sources: &Sources,
    credits: &Credits,
    mut report: impl FnMut(&Attempt),
) -> Result<Option<Made>> {
    let Some(Filled { grid, fill, seats }) = make_fill(options, index, &mut report)? else {
        return Ok(None);
    };
    let first = dress(options, fill, &seats, sources, credits, true)?;
    refill::cleaner(options, index, sources, credits, &grid, &seats, first).map(Some)
}
