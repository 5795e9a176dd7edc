//! Drawing one random pattern: seeded descents of the pattern search,
//! counted rather than timed so that a seed draws the same pattern on any
//! machine, the best-ranked pattern kept. A draw may keep a grid's blocks
//! and letters (a theme's entries, a constructor's start), and may check
//! each slot as soon as the rows drawn settle it, so that a pattern with a
//! slot no word fits is cut before it is finished.

use rand::rngs::StdRng;

use crate::error::{Error, Result};
use crate::grid::{Cell, Direction, Grid, Slot};
use crate::pattern::rules::Rules;
use crate::pattern::search::{Run, Sample, Search};
use crate::pattern::Pattern;
use crate::progress::Deadline;
use crate::wordlist::index::Index;

use super::rules::lively_shape;

/// Nodes one random descent may visit before it starts over: descents are
/// steered (see [`Search::sample`]), so one that goes wrong early rarely
/// recovers, and many short ones find more patterns than a few long ones.
const SAMPLE_BUDGET: usize = 2_000;
/// Nodes of a descent that checks slots as they settle (see
/// [`random_pattern_keeping`]): when the check bites, a descent that has
/// not found a pattern soon is usually deep in a dead branch, and starting
/// over is cheaper (with 2,000 nodes, themed 15×15 grids took 3× longer).
const CHECKED_BUDGET: usize = 300;
/// Descents, in all, before the rules are declared too tight for random
/// drawing.
pub const MOST_DESCENTS: usize = 20_000;
/// Descents spent looking for a lively shape (see [`lively_shape`]) before
/// taking the first pattern found.
const SHAPE_DESCENTS: usize = 200;

/// A random pattern under `rules`, drawn with `rng`: the first of a lively
/// shape (see [`lively_shape`]) among [`SHAPE_DESCENTS`] descents, else the
/// first pattern found. The work is counted in descents, not seconds, so a
/// seed draws the same pattern on any machine.
pub fn random_pattern(
    rules: &Rules,
    width: usize,
    height: usize,
    rng: &mut StdRng,
) -> Result<Grid> {
    rules.validate(width, height)?;
    draw(
        &Search::new(width, height, rules)?,
        rules,
        rng,
        DrawLimit::descents(MOST_DESCENTS),
        &|g| if lively_shape(g) { BEST } else { 0 },
        None,
    )
}

/// How long a draw may go on: for at most a number of descents (counted
/// rather than timed, so that a seed draws the same pattern on any
/// machine), and until `deadline` (a time, or a studio request whose
/// client has gone), looked at once per descent.
#[derive(Clone, Copy)]
pub struct DrawLimit<'a> {
    pub deadline: &'a Deadline,
    pub descents: usize,
}

/// The deadline of a draw counted in descents alone.
static NEVER: Deadline = Deadline::never();

impl DrawLimit<'_> {
    /// At most `descents`, with no time limit and no flag.
    pub fn descents(descents: usize) -> DrawLimit<'static> {
        DrawLimit {
            deadline: &NEVER,
            descents,
        }
    }

    /// Whether the time is up or the flag set.
    pub fn passed(&self) -> bool {
        self.deadline.check()
    }
}

/// Like [`random_pattern`], for the size of `grid` and keeping its blocks
/// and the white cells its letters are in (a constructor's theme entries
/// and the blocks placed around them); the letters come back in place. A
/// run of three or more letters across or down is taken as a whole entry:
/// the cells just before and after it become blocks. Patterns are ranked
/// by `fits` (given the letters; [`BEST`] ends the drawing at once) and by
/// their shape (see [`lively_shape`]). With `words`, each slot is checked
/// as soon as the rows drawn settle it, and kept only if [`FITTING_WORDS`]
/// words of the index fit the letters it crosses (or they fill it) and
/// it runs alongside letters for at most [`ALONGSIDE`] cells: long theme
/// entries leave many short slots with two or three fixed letters, and a
/// pattern with one that no word fits is lost however the rest is drawn.
/// Drawing stops after `limit.descents` descents (at most
/// [`MOST_DESCENTS`]), or once `limit.deadline` passes (which a seed then
/// no longer reproduces), as if the rules were too tight.
pub fn random_pattern_keeping(
    rules: &Rules,
    grid: &Grid,
    rng: &mut StdRng,
    limit: DrawLimit,
    fits: &dyn Fn(&Grid) -> u8,
    words: Option<&Index>,
) -> Result<Grid> {
    let (width, height) = (grid.width(), grid.height());
    rules.validate(width, height)?;
    let mut white = vec![0u32; height];
    let mut black = vec![0u32; height];
    for r in 0..height {
        for c in 0..width {
            match grid.get(r, c) {
                Cell::Block => black[r] |= 1 << c,
                Cell::Letter(_) => white[r] |= 1 << c,
                Cell::Empty => {}
            }
        }
    }
    // A block just before and just after each run of letters, across and down.
    let letter = |(r, c): (usize, usize)| {
        r < height && c < width && matches!(grid.get(r, c), Cell::Letter(_))
    };
    for (dr, dc) in [(0, 1), (1, 0)] {
        for r in 0..height {
            for c in 0..width {
                let before = (r >= dr && c >= dc).then(|| (r - dr, c - dc));
                if !letter((r, c)) || before.is_some_and(letter) {
                    continue;
                }
                let run = (0..)
                    .take_while(|&k| letter((r + k * dr, c + k * dc)))
                    .count();
                if run < ENTRY_RUN {
                    continue;
                }
                let after = (r + run * dr, c + run * dc);
                for (y, x) in before.into_iter().chain(Some(after)) {
                    if y < height && x < width {
                        black[y] |= 1 << x;
                    }
                }
            }
        }
    }
    let search = Search::new(width, height, rules)?.keeping(&white, &black)?;
    let lettered = |mut drawn: Grid| {
        for r in 0..height {
            for c in 0..width {
                if let Cell::Letter(l) = grid.get(r, c) {
                    drawn.set(r, c, Cell::Letter(l));
                }
            }
        }
        drawn
    };
    let rank = |drawn: &Grid| {
        let drawn = lettered(drawn.clone());
        match fits(&drawn) {
            BEST if lively_shape(&drawn) => BEST,
            fit => fit.min(BEST - 1),
        }
    };
    // Answers kept per slot (0: not yet asked), in a flat table: the check
    // runs for every row tried, and hashing the slots took a third of a
    // checked draw's time.
    let longest = width.max(height) + 1;
    let mut known = vec![0u8; 2 * height * width * longest];
    let mut fillable = |run: Run| {
        let index = words?;
        let at =
            ((usize::from(run.across) * height + run.row) * width + run.col) * longest + run.len;
        if known[at] == 0 {
            let letters: Vec<Option<u8>> = (0..run.len)
                .map(|k| match run.across {
                    true => (run.row, run.col + k),
                    false => (run.row + k, run.col),
                })
                .map(|(r, c)| match grid.get(r, c) {
                    Cell::Letter(l) => Some(l),
                    _ => None,
                })
                .collect();
            let ok = letters_fit(index, &letters, FITTING_WORDS)
                && alongside(grid, (run.row, run.col), run.len, run.across) <= ALONGSIDE;
            known[at] = 1 + u8::from(ok);
        }
        Some(known[at] == 2)
    };
    let mut check = |run: Run| fillable(run).unwrap_or(true);
    Ok(lettered(draw(
        &search,
        rules,
        rng,
        limit,
        &rank,
        words.map(|_| &mut check as &mut dyn FnMut(Run) -> bool),
    )?))
}

/// Whether a slot with `letters` (None: open) has room in a fill from
/// `index`: it is complete, or open with words of its length, or crosses
/// fixed letters that at least `least` words fit.
pub(crate) fn letters_fit(index: &Index, letters: &[Option<u8>], least: usize) -> bool {
    let fixed = letters.iter().filter(|l| l.is_some()).count();
    fixed == letters.len()
        || index
            .of_length(letters.len())
            .is_some_and(|words| fixed == 0 || words.matching(letters, 0).count_ones(..) >= least)
}

/// Cells of an open slot (first cell, length, across or not) that run
/// alongside fixed letters in the neighbouring line, on whichever side has
/// more; 0 for a slot with letters of its own (a theme entry, or a slot
/// crossing one).
fn alongside(grid: &Grid, (row, col): (usize, usize), len: usize, across: bool) -> usize {
    let (h, w) = (grid.height(), grid.width());
    let letter = |r: usize, c: usize| r < h && c < w && matches!(grid.get(r, c), Cell::Letter(_));
    let mut sides = [0usize; 2];
    for k in 0..len {
        let (r, c) = if across {
            (row, col + k)
        } else {
            (row + k, col)
        };
        if letter(r, c) {
            return 0;
        }
        let (before, after) = if across {
            (
                r.checked_sub(1).is_some_and(|r| letter(r, c)),
                letter(r + 1, c),
            )
        } else {
            (
                c.checked_sub(1).is_some_and(|c| letter(r, c)),
                letter(r, c + 1),
            )
        };
        sides[0] += usize::from(before);
        sides[1] += usize::from(after);
    }
    sides[0].max(sides[1])
}

/// Whether `slot` of `grid` leaves a fill from `index` room, as a draw
/// with a word check asks of every slot (see [`random_pattern_keeping`]):
/// [`FITTING_WORDS`] words fit its letters, and it runs alongside fixed
/// letters for at most [`ALONGSIDE`] cells.
pub(crate) fn has_room(index: &Index, grid: &Grid, slot: &Slot) -> bool {
    letters_fit(index, &grid.letters(slot), FITTING_WORDS)
        && alongside(
            grid,
            (slot.row, slot.col),
            slot.len,
            slot.direction == Direction::Across,
        ) <= ALONGSIDE
}

/// The most cells an open slot may run alongside a theme entry (see
/// [`alongside`]). Each such cell's crossing word also crosses the entry
/// in the next cell, so a long slot there stacks on the entry, and stacks
/// fill only from a rich list. At 21×21 with five theme entries of 19–21
/// letters, this cap took the patterns drawn under 21% blocks before one
/// filled from a median of 17 to 3 (seeds 1–11); a cap of 7 left those
/// rules no pattern to draw.
const ALONGSIDE: usize = 8;

/// Words that must fit the fixed letters of each slot of a pattern drawn
/// with a word check (see [`random_pattern_keeping`]). A slot that only a
/// few words fit, crossing others as narrow, seldom fills: at 21×21 with
/// five theme entries, asking for ten took the share of checked patterns
/// that fill from 0 in 200 to about 1 in 20.
pub const FITTING_WORDS: usize = 10;

/// Letters in a row at least this long are an entry (see
/// [`random_pattern_keeping`]).
const ENTRY_RUN: usize = 3;

/// The best rank a drawn pattern can have (see [`draw`]).
pub(crate) const BEST: u8 = 2;

/// The first pattern drawn that `rank` puts at [`BEST`] within
/// [`SHAPE_DESCENTS`] descents, else the first of the highest rank drawn;
/// no more than `limit.descents` descents, none past `limit.deadline`.
fn draw(
    search: &Search,
    rules: &Rules,
    rng: &mut StdRng,
    limit: DrawLimit,
    rank: &dyn Fn(&Grid) -> u8,
    mut check: Option<&mut dyn FnMut(Run) -> bool>,
) -> Result<Grid> {
    let (width, height) = (search.width(), search.height());
    let too_tight = || {
        Error::rules(format!(
            "no {width}x{height} pattern found under {}",
            rules.describe()
        ))
    };
    let mut fallback = None;
    for descent in 1..=limit.descents.min(MOST_DESCENTS) {
        let check = check
            .as_mut()
            .map(|c| &mut **c as &mut dyn FnMut(Run) -> bool);
        let budget = match check {
            Some(_) => CHECKED_BUDGET,
            None => SAMPLE_BUDGET,
        };
        match search.sample_checked(rng, budget, check) {
            Sample::Found(rows) => {
                let grid = Grid::from_pattern(&Pattern::from_rows(width, height, rows)?);
                let r = rank(&grid);
                if r >= BEST {
                    return Ok(grid);
                }
                if fallback.as_ref().is_none_or(|(best, _)| r > *best) {
                    fallback = Some((r, grid));
                }
            }
            Sample::Empty => break,
            Sample::OutOfBudget => {}
        }
        if descent >= SHAPE_DESCENTS && fallback.is_some() || limit.passed() {
            break;
        }
    }
    fallback.map(|(_, grid)| grid).ok_or_else(too_tight)
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;

    use super::super::rules::fillable_rules;
    use super::*;
    use crate::grid::DEFAULT_MIN_SLOT;
    use crate::pattern::rules::Style;

    /// British draws keep the lattice's shape: rotational symmetry, blocks
    /// at every odd row and column, at most half of a light's cells
    /// unchecked and never two side by side, and even-length lights.
    #[test]
    fn british_draws_follow_the_lattice() {
        let rules = fillable_rules(Style::British, 15, 15);
        let mut even = 0;
        for seed in 0..5 {
            let mut rng = StdRng::seed_from_u64(seed);
            let g = random_pattern(&rules, 15, 15, &mut rng).unwrap();
            let white = |r: usize, c: usize| r < 15 && c < 15 && g.is_white(r, c);
            for r in 0..15 {
                for c in 0..15 {
                    assert_eq!(white(r, c), white(14 - r, 14 - c), "seed {seed}");
                    if r % 2 == 1 && c % 2 == 1 {
                        assert!(!white(r, c), "seed {seed}: ({r}, {c})");
                    }
                }
            }
            let blocks = (0..15)
                .flat_map(|r| (0..15).map(move |c| (r, c)))
                .filter(|&(r, c)| !white(r, c))
                .count();
            assert!((64..=74).contains(&blocks), "seed {seed}: {blocks} blocks");
            let slots = g.slots(DEFAULT_MIN_SLOT);
            assert!((30..=34).contains(&slots.len()), "seed {seed}");
            for slot in &slots {
                // Checked cells: those with a white neighbour across the
                // slot, which under the lattice are its even-indexed cells.
                let checked: Vec<bool> = slot
                    .cells()
                    .map(|(r, c)| match slot.direction {
                        Direction::Across => r > 0 && white(r - 1, c) || white(r + 1, c),
                        Direction::Down => c > 0 && white(r, c - 1) || white(r, c + 1),
                    })
                    .collect();
                let n = checked.iter().filter(|&&x| x).count();
                assert!(2 * n >= slot.len, "seed {seed}: {slot:?}");
                assert!(
                    checked.windows(2).all(|p| p[0] || p[1]),
                    "seed {seed}: {slot:?}"
                );
            }
            even += slots.iter().filter(|s| s.len % 2 == 0).count();
        }
        assert!(even >= 20, "{even} even-length lights in five grids");
    }
}
