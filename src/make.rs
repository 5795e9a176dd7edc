//! The main job, `cruciverb make`: pattern → fill → clues → files.
//!
//! Constructors start from a blank page, so this stage chooses a pattern
//! itself: a seeded random draw from rules that published grids follow and
//! that fill well (a moderate share of blocks, a cap on the word count and on
//! three-letter words). A pattern that does not fill within the time limit is
//! set aside and another is drawn, so one unlucky pattern cannot sink the run;
//! every draw and every fill takes its seed from the run's seed, so a run is
//! reproducible.

use std::path::{Path, PathBuf};
use std::time::Duration;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::error::{Error, Result};
use crate::export::{self, Format};
use crate::fill::{fill, FillOptions, Outcome};
use crate::grid::Grid;
use crate::pattern::output::write_atomically;
use crate::pattern::rules::{Amount, Bound, Rules, Style};
use crate::pattern::search::{Sample, Search};
use crate::pattern::Pattern;
use crate::puzzle::Puzzle;
use crate::typeset::{self, PdfOptions};
use crate::wordlist::index::Index;

/// Where the pattern comes from.
#[derive(Clone, Debug)]
pub enum PatternSource {
    /// Random patterns of this size and style, redrawn after a failed fill.
    Random {
        width: usize,
        height: usize,
        style: Style,
    },
    /// This grid only (its letters stay fixed).
    Given(Grid),
}

#[derive(Clone, Debug)]
pub struct MakeOptions {
    pub source: PatternSource,
    pub seed: u64,
    /// Time for each fill attempt.
    pub timeout: Duration,
    /// Patterns to try before giving up (random source only).
    pub attempts: usize,
}

/// What happened to one pattern, for the progress messages.
#[derive(Clone, Debug, PartialEq)]
pub enum Attempt {
    Unfillable { number: usize, reason: String },
    GaveUp { number: usize, seconds: f64 },
}

impl std::fmt::Display for Attempt {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        match self {
            Attempt::Unfillable { number, reason } => {
                write!(f, "pattern {number} is unfillable ({reason})")
            }
            Attempt::GaveUp { number, seconds } => {
                write!(f, "pattern {number}: no fill within {seconds:.1} s")
            }
        }
    }
}

/// Rules for random patterns that fill well from a list like the default
/// one: American grids with 16–18% blocks, a word count in the band of
/// newspaper grids of the size (fewer words means longer ones, which the
/// list has fewer of), few three-letter words, no long black runs and, past
/// 15×15, no word longer than 13; American minis (under 9×9) at most 20%
/// blocks; British grids as the style defines them.
pub fn fillable_rules(style: Style, width: usize, height: usize) -> Rules {
    let mut rules = Rules::preset(style);
    if style == Style::American && width.min(height) >= 9 {
        let cells = (width * height) as f64;
        let (fewest, most) = if width.max(height) <= 15 {
            (0.33, 0.347)
        } else {
            (0.313, 0.327)
        };
        rules.blacks = Some(Bound {
            min: Some(Amount::Percent(16.0)),
            max: Some(Amount::Percent(18.0)),
        });
        rules.words = Some(Bound {
            min: Some(Amount::Count((cells * fewest).round() as usize)),
            max: Some(Amount::Count((cells * most).round() as usize)),
        });
        rules.max_three_letter = Some((cells * 0.09) as usize);
        rules.max_black_run = Some(3);
        if width.max(height) > 15 {
            rules.max_word = Some(13);
        }
    } else if style == Style::American {
        // Minis: a few blocks at most, as published minis have.
        rules.blacks = Some(Bound {
            min: None,
            max: Some(Amount::Percent(20.0)),
        });
    }
    rules
}

/// Nodes one random descent may visit before it starts over.
const SAMPLE_BUDGET: usize = 200_000;
/// Descents tried before the rules are declared too tight.
const SAMPLE_TRIES: usize = 50;

/// A random pattern under `rules`, drawn with `rng`.
pub fn random_pattern(
    rules: &Rules,
    width: usize,
    height: usize,
    rng: &mut StdRng,
) -> Result<Grid> {
    rules.validate(width, height)?;
    let search = Search::new(width, height, rules)?;
    for _ in 0..SAMPLE_TRIES {
        match search.sample(rng, SAMPLE_BUDGET) {
            Sample::Found(rows) => {
                return Ok(Grid::from_pattern(&Pattern::from_rows(
                    width, height, rows,
                )?));
            }
            Sample::Empty => break,
            Sample::OutOfBudget => {}
        }
    }
    Err(Error::rules(format!(
        "no {width}x{height} pattern found under {}",
        rules.describe()
    )))
}

/// Fills patterns until one fills; `report` hears about each one that does
/// not. None when every attempt failed.
pub fn make_fill(
    options: &MakeOptions,
    index: &Index,
    mut report: impl FnMut(&Attempt),
) -> Result<Option<Grid>> {
    let mut rng = StdRng::seed_from_u64(options.seed);
    let attempts = match options.source {
        PatternSource::Random { .. } => options.attempts.max(1),
        PatternSource::Given(_) => 1,
    };
    for number in 1..=attempts {
        let grid = match &options.source {
            PatternSource::Random {
                width,
                height,
                style,
            } => random_pattern(
                &fillable_rules(*style, *width, *height),
                *width,
                *height,
                &mut rng,
            )?,
            PatternSource::Given(grid) => grid.clone(),
        };
        let fill_options = FillOptions {
            seed: rng.random(),
            timeout: Some(options.timeout),
            ..FillOptions::default()
        };
        match fill(&grid, index, &fill_options)? {
            Outcome::Filled(f) => return Ok(Some(f.grid)),
            Outcome::Unfillable(why) => report(&Attempt::Unfillable {
                number,
                reason: why.reason,
            }),
            Outcome::GaveUp { after } => report(&Attempt::GaveUp {
                number,
                seconds: after.as_secs_f64(),
            }),
        }
    }
    Ok(None)
}

/// The files `make` writes for a puzzle called `name` in `dir`.
pub fn output_paths(dir: &Path, name: &str) -> Vec<(PathBuf, OutputKind)> {
    [OutputKind::Ipuz, OutputKind::Puz, OutputKind::Pdf]
        .into_iter()
        .map(|kind| (dir.join(format!("{name}.{}", kind.extension())), kind))
        .collect()
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OutputKind {
    Ipuz,
    Puz,
    Pdf,
}

impl OutputKind {
    fn extension(self) -> &'static str {
        match self {
            OutputKind::Ipuz => "ipuz",
            OutputKind::Puz => "puz",
            OutputKind::Pdf => "pdf",
        }
    }
}

/// Writes the puzzle as `.ipuz`, `.puz` and `.pdf` into `dir`. Every file is
/// rendered before any is written, and existing files are kept unless
/// `replace`, so a failure leaves the directory as it was.
pub fn write_outputs(
    puzzle: &Puzzle,
    dir: &Path,
    name: &str,
    pdf: &PdfOptions,
    replace: bool,
) -> Result<Vec<PathBuf>> {
    let paths = output_paths(dir, name);
    if !replace {
        if let Some((taken, _)) = paths.iter().find(|(p, _)| p.exists()) {
            return Err(Error::invalid(format!(
                "{} already exists (choose another --name or pass --force to replace it)",
                taken.display()
            )));
        }
    }
    let mut rendered = Vec::new();
    for (path, kind) in paths {
        let bytes = match kind {
            OutputKind::Ipuz => puzzle.to_ipuz().into_bytes(),
            OutputKind::Puz => export::render(puzzle, Format::Puz)?,
            OutputKind::Pdf => typeset::pdf(puzzle, pdf)?,
        };
        rendered.push((path, bytes));
    }
    std::fs::create_dir_all(dir).map_err(|e| Error::io(dir, e))?;
    for (path, bytes) in &rendered {
        write_atomically(path, bytes)?;
    }
    Ok(rendered.into_iter().map(|(path, _)| path).collect())
}
