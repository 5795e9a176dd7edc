//! Refills for clean clues: a fill can leave a slot whose every written
//! clue uses another answer of the grid (AND beside "Arms and legs"), so
//! `make` fills again without the answers at fault, first only around
//! them, and keeps the fill that leaves fewest such slots.

use std::collections::HashSet;
use std::time::Duration;

use crate::clues::Sources;
use crate::error::Result;
use crate::fill::{fill, Fill, FillOptions, Outcome};
use crate::grid::DEFAULT_MIN_SLOT;
use crate::grid::{Cell, Grid};
use crate::pattern::seat::Seat;
use crate::wordlist::index::Index;
use crate::wordlist::roots::roots;

use super::dress::dress;
use super::options::{fill_options, Credits, MakeOptions};
use super::outcome::Made;

/// Times `make` fills its grid, banning each time the answers that left a
/// slot with no written clue clear of the grid's other answers (and the
/// answers those clues would use), before it prints the fill that left
/// fewest such slots, with the best clue there is for them: a drafted
/// spare, else the first written clue (and it says so).
const CLEAN_CLUE_ROUNDS: usize = 6;

/// `best`, the first fill of `grid` dressed as a puzzle, or a refill that
/// leaves fewer slots without a clean clue (see [`CLEAN_CLUE_ROUNDS`]);
/// when some are left, with a drafted spare for them. `seats` are where
/// the theme's entries sit.
pub(super) fn cleaner(
    options: &MakeOptions,
    index: &Index,
    sources: &Sources,
    credits: &Credits,
    grid: &Grid,
    seats: &[Seat],
    mut best: Made,
) -> Result<Made> {
    // The latest fill, when it left more slots unclued than the best.
    let mut worse: Option<Made> = None;
    let mut banned = Vec::new();
    for round in 1..CLEAN_CLUE_ROUNDS {
        if best.clues.unclean.is_empty() {
            break;
        }
        // Without the answers no clue suited in any earlier fill: first
        // only around those of the latest (the slots near them opened
        // again, the rest kept), which is quick and keeps the polished
        // fill; else the whole grid again. The grid filled once, so a fill
        // without a few words is usually near: no polishing.
        let latest = worse.as_ref().unwrap_or(&best);
        let fresh = unclued(latest);
        banned.extend(fresh.iter().cloned());
        let seed = options.seed.wrapping_add(round as u64);
        let again = FillOptions {
            polish: Duration::ZERO,
            ..fill_options(options, grid, seed, &banned)
        };
        let mut found = None;
        for steps in OPENED_STEPS {
            let around = opened(grid, &latest.fill, &fresh, steps);
            if let Outcome::Filled(f) = fill(&around, index, &again)? {
                found = Some(f);
                break;
            }
        }
        if found.is_none() {
            if let Outcome::Filled(f) = fill(grid, index, &again)? {
                found = Some(f);
            }
        }
        let Some(f) = found else { break };
        let made = dress(options, f, seats, sources, credits, true)?;
        // A tie goes to the newer fill, which avoids every answer banned
        // so far: the next round then bans its own.
        if made.clues.unclean.len() <= best.clues.unclean.len() {
            best = made;
            worse = None;
        } else {
            worse = Some(made);
        }
    }
    if !best.clues.unclean.is_empty() {
        // No refill cleared them: a drafted spare is better than a clue
        // that uses another answer.
        best = dress(options, best.fill, seats, sources, credits, false)?;
    }
    Ok(best)
}

/// How far from the slots to refill [`opened`] opens a grid, in crossings,
/// tried in turn: the crossing slots alone, their other letters held, are
/// seldom free enough to take another word, and a dense 21×21 often needs
/// a wider region still.
const OPENED_STEPS: [usize; 2] = [2, 4];

/// `fill`'s grid with the slots holding `words` open again, and the slots
/// within `steps` crossings of them, but for the letters `start` gave (a
/// theme's).
fn opened(start: &Grid, fill: &Fill, words: &[String], steps: usize) -> Grid {
    let mut grid = fill.grid.clone();
    let slots = grid.slots(DEFAULT_MIN_SLOT);
    let mut cells: HashSet<(usize, usize)> = slots
        .iter()
        .filter(|s| fill.grid.entry(s).is_some_and(|w| words.contains(&w)))
        .flat_map(|s| s.cells())
        .collect();
    for _ in 0..steps {
        let touching: Vec<(usize, usize)> = slots
            .iter()
            .filter(|s| s.cells().any(|c| cells.contains(&c)))
            .flat_map(|s| s.cells())
            .collect();
        cells.extend(touching);
    }
    for &(r, c) in &cells {
        if start.get(r, c) == Cell::Empty {
            grid.set(r, c, Cell::Empty);
        }
    }
    grid
}

/// The answers of `made` at the slots no clean clue suited, and the
/// answers their clues would use (AND beside "Arms and legs", ONES beside
/// "for one"): a short common entry can foul many clues, and without it
/// most come clean.
fn unclued(made: &Made) -> Vec<String> {
    let table = roots();
    let mut found = Vec::new();
    for (slot, fault) in &made.clues.unclean {
        let used: String = fault
            .chars()
            .filter(char::is_ascii_alphabetic)
            .map(|c| c.to_ascii_uppercase())
            .collect();
        let used_roots = table.of(&used).strong;
        for placed in &made.fill.words {
            let shares = || {
                table
                    .of(&placed.word)
                    .strong
                    .iter()
                    .any(|r| used_roots.contains(r))
            };
            if &placed.slot == slot || placed.word == used || shares() {
                found.push(placed.word.clone());
            }
        }
    }
    found
}
