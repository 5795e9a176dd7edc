//! The main job, `cruciverb make`: pattern → fill → clues → files.
//!
//! Constructors start from a blank page, so this stage chooses a pattern
//! itself: a seeded random draw from rules that published grids follow and
//! that fill well. American grids get a moderate share of blocks, a cap on
//! the word count and on three-letter words, and a shape check that turns
//! away stacks of long entries, which only a rich list fills with lively
//! words; British grids follow the checking lattice of the blocked cryptic
//! grids papers print. A pattern that does not fill within the time limit
//! is set aside and another is drawn, so one unlucky pattern cannot sink the
//! run; every draw and every fill takes its seed from the run's seed, so a
//! run is reproducible. The fill draws only on words some clue source can
//! clue, so a made puzzle has no empty clue. A theme's patterns are drawn
//! under a ladder of rules, loosened one step at a time and only when a
//! step is spent, so a themed puzzle has as few blocks and as short other
//! entries as its theme allows.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::clues::choose::suits;
use crate::clues::{self, database, Choosing, ClueFile, Level, Sources};
use crate::error::{Error, Result};
use crate::files::{self, Existing};
use crate::fill::quality::Quality;
use crate::fill::{fill, slot_name, Fill, FillOptions, Outcome, Ration};
use crate::formats::{self, Format};
use crate::grid::{Cell, Direction, Grid, Slot};
use crate::pattern::rules::{Amount, Bound, Rules, Style, Symmetry};
use crate::pattern::search::{Run, Sample, Search};
use crate::pattern::seat::{Seat, Seating};
use crate::pattern::Pattern;
use crate::progress::Reporter;
use crate::puzzle::{Mark, Marks, Puzzle, DEFAULT_MIN_SLOT};
use crate::theme::{self, SeatOptions, Theme};
use crate::typeset::{self, PdfOptions};
use crate::wordlist::dialect::Dialect;
use crate::wordlist::index::Index;
use crate::wordlist::notes::notes;
use crate::wordlist::roots::roots;
use crate::wordlist::spec::ListSpec;

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
    /// Random patterns seating a theme's entries, each draw in a seating
    /// picked at random (see [`crate::theme`]).
    Themed {
        width: usize,
        height: usize,
        style: Style,
        theme: Theme,
        seat: SeatOptions,
    },
}

impl PatternSource {
    /// Time to give each pattern when the user names none. Fill times are
    /// heavy-tailed: a pattern that fills at all mostly fills in a fraction
    /// of a second, so a random 15×15 that has not filled in 1.5 s is
    /// better replaced by a fresh draw; larger grids take seconds even when
    /// they fill, and a given pattern is the only one there is.
    pub fn default_timeout(&self) -> Duration {
        match self {
            PatternSource::Random { width, height, .. }
            | PatternSource::Themed { width, height, .. }
                if width * height <= 15 * 15 =>
            {
                Duration::from_millis(1500)
            }
            PatternSource::Random { .. } | PatternSource::Themed { .. } => Duration::from_secs(5),
            PatternSource::Given(_) => Duration::from_secs(10),
        }
    }
}

#[derive(Clone, Debug)]
pub struct MakeOptions {
    pub source: PatternSource,
    pub seed: u64,
    /// Time for each fill attempt.
    pub timeout: Duration,
    /// Patterns to try before giving up (random source only).
    pub attempts: usize,
    /// Time to spend improving a fill once found (see [`crate::fill::fill`]).
    pub polish: Duration,
    /// The clues' difficulty (see [`crate::clues::choose`]).
    pub level: Level,
    /// Whose solvers the puzzle is for: British puzzles get British
    /// spellings, clues and enumerations. The word list's scores for it
    /// are the index's business (see [`ListSpec::dialect`]).
    pub dialect: Dialect,
}

/// The credits printed on the puzzle.
#[derive(Clone, Debug, Default)]
pub struct Credits {
    pub title: String,
    pub author: String,
    pub copyright: String,
}

/// A made puzzle and what went into it.
#[derive(Clone, Debug)]
pub struct Made {
    pub puzzle: Puzzle,
    pub fill: Fill,
    /// Where each clue came from.
    pub clues: clues::Report,
    pub quality: Quality,
}

/// What happened to one pattern, for the progress messages.
#[derive(Clone, Debug, PartialEq)]
pub enum Attempt {
    Unfillable {
        number: usize,
        reason: String,
    },
    GaveUp {
        number: usize,
        seconds: f64,
    },
    /// Random drawing found no further pattern (the rules admit patterns:
    /// earlier ones were drawn), so the attempts end here.
    NoPattern {
        number: usize,
    },
    /// The rules a theme's patterns were drawn under are spent (nothing
    /// drawn, or nothing drawn filled), so from pattern `number` on they
    /// are these looser ones (`Rules::describe`).
    Loosened {
        number: usize,
        rules: String,
    },
    /// No rule set has a pattern around any of the theme's `seatings`
    /// (ways of placing its entries), so the attempts end here.
    Unseated {
        number: usize,
        seatings: usize,
    },
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
            Attempt::NoPattern { number } => write!(
                f,
                "pattern {number}: random drawing found no further pattern under these rules"
            ),
            Attempt::Loosened { number, rules } => write!(
                f,
                "pattern {number}: drawing under looser rules from here on ({rules})"
            ),
            Attempt::Unseated { number, seatings } => write!(
                f,
                "pattern {number}: no pattern under the rules seats the theme in any of its {seatings} placing(s) at this size"
            ),
        }
    }
}

/// Rules for random patterns that fill well from a list like the default
/// one. American grids: 16–18% blocks, a word count in the band of
/// newspaper grids of the size (fewer words means longer ones, which the
/// list has fewer of), few three-letter words, no long black runs and, past
/// 15×15, no word longer than 13; American minis (under 9×9) at most 20%
/// blocks. British grids: the checking lattice with 180° symmetry, with
/// black crossings allowed so that lights of even length begin or end on
/// an unchecked cell (see [`Rules::lattice_ends`]), 13.3–15.2% of the cells
/// as lights' count (30–34 lights at 15×15), few three-letter lights, and
/// blocks few and apart as in the papers' blocked grids: the style's own
/// rules against black runs over 3 and 2×2 black blocks (without them a
/// random 15×15 has a median of 97 blocks, and black clumps), and
/// 6.7–11.1% of the cells as blocks beyond the lattice's own (64–74 in
/// all at 15×15; counted beyond the lattice's blocks, as the same share
/// of all the cells drew no 31×31 pattern in five minutes). Past 15×15,
/// as for American grids, no light longer than 13, which the list has few
/// words for.
pub fn fillable_rules(style: Style, width: usize, height: usize) -> Rules {
    let mut rules = Rules::preset(style);
    let cells = (width * height) as f64;
    let count = |share: f64| Amount::Count((cells * share).round() as usize);
    match style {
        Style::American if width.min(height) >= 9 => {
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
                min: Some(count(fewest)),
                max: Some(count(most)),
            });
            rules.max_three_letter = Some((cells * 0.09) as usize);
            rules.max_black_run = Some(3);
            if width.max(height) > 15 {
                rules.max_word = Some(13);
            }
        }
        Style::American => {
            // Minis: a few blocks at most, as published minis have.
            rules.blacks = Some(Bound {
                min: None,
                max: Some(Amount::Percent(20.0)),
            });
        }
        Style::British if width % 2 == 1 && height % 2 == 1 && width.min(height) >= 9 => {
            rules.lattice = true;
            rules.lattice_ends = true;
            rules.symmetry = Symmetry::Rotational;
            rules.words = Some(Bound {
                min: Some(count(0.133)),
                max: Some(count(0.152)),
            });
            rules.max_three_letter = Some((cells * 0.018).round() as usize);
            let lattice_blocks = (width / 2) * (height / 2);
            let beyond =
                |share: f64| Amount::Count(lattice_blocks + (cells * share).round() as usize);
            rules.blacks = Some(Bound {
                min: Some(beyond(0.067)),
                max: Some(beyond(0.111)),
            });
            if width.max(height) > 15 {
                rules.max_word = Some(13);
            }
        }
        // Even or small British grids have no lattice: the style's own rules.
        Style::British => {}
    }
    rules
}

/// The rules a theme's patterns are drawn under, tightest first, for a
/// theme whose shortest entry has `shortest` letters. Editors expect the
/// theme entries to be the grid's longest, so the first two rule sets cap
/// the other entries below them: those of [`fillable_rules`] (whose own cap
/// spares the theme's entries: see [`Search::keeping`]), then with a word
/// count allowed to run a tenth lower (long theme entries make fewer
/// words). Then the same without the cap; then, for full-size American
/// grids, blocks up to [`LOOSE_BLOCKS`] with no word count (dense themes
/// at 21×21 fill only so); last the style's own rules (with the symmetry of the first), which
/// have no cap on blocks at all and make grids no editor would take, for
/// themes nothing else seats.
pub fn themed_rules(style: Style, width: usize, height: usize, shortest: usize) -> Vec<Rules> {
    let tight = fillable_rules(style, width, height);
    let mut loose = tight.clone();
    if let Some(words) = &mut loose.words {
        if let Some(Amount::Count(fewest)) = words.min {
            words.min = Some(Amount::Count(fewest * 9 / 10));
        }
    }
    let capped = |rules: &Rules| {
        let below = shortest.saturating_sub(1);
        let mut rules = rules.clone();
        rules.max_word = Some(rules.max_word.map_or(below, |m| m.min(below)));
        rules
    };
    let mut ladder = vec![capped(&tight), capped(&loose), tight.clone(), loose];
    // Full-size American rules: minis have no word count to drop, and a
    // British lattice has more blocks than these shares.
    if tight.words.is_some() && tight.blacks.is_some() && !tight.lattice {
        ladder.extend(LOOSE_BLOCKS.iter().map(|&most| Rules {
            blacks: Some(Bound {
                min: None,
                max: Some(Amount::Percent(most)),
            }),
            words: None,
            max_three_letter: None,
            ..tight.clone()
        }));
    }
    // The seatings are made for the tight rules' symmetry (a British
    // lattice's is rotational, the style's own four-fold).
    ladder.push(Rules {
        symmetry: tight.symmetry,
        ..Rules::preset(style)
    });
    // A cap shorter than any word leaves no pattern; one the rules already
    // had repeats a rule set.
    let mut distinct: Vec<Rules> = Vec::new();
    for rules in ladder {
        if rules.max_word.is_none_or(|m| m >= rules.min_word) && !distinct.contains(&rules) {
            distinct.push(rules);
        }
    }
    distinct
}

/// The block shares (percent) of the rules [`themed_rules`] falls back on
/// before the style's own: at 21×21, five theme entries of 19–21 letters
/// never filled under 18% blocks; over seeds 1–11 they filled under 20%
/// for seven, under 21% for the other four.
const LOOSE_BLOCKS: [f64; 3] = [20.0, 21.0, 22.0];

/// Entries at least this long are "long" for the shape check.
const LONG_ENTRY: usize = 10;
/// Two long entries in neighbouring rows (or columns) sharing this many
/// cells' columns form a stack.
const STACK_OVERLAP: usize = 6;

/// Whether an American pattern has a shape the list can fill with lively
/// entries: no stacked long entries, and not more long entries than a
/// themed grid has (four at 15×15; more in bigger grids), not counting
/// entries already written in (a theme's). Other grids pass.
pub fn lively_shape(grid: &Grid) -> bool {
    if grid.width().min(grid.height()) < 9 {
        return true;
    }
    let slots = grid.slots(DEFAULT_MIN_SLOT);
    let long: Vec<&Slot> = slots.iter().filter(|s| s.len >= LONG_ENTRY).collect();
    let open = long
        .iter()
        .filter(|s| grid.letters(s).contains(&None))
        .count();
    let most = 4 * grid.width() * grid.height() / 225;
    if open > most.max(4) {
        return false;
    }
    !long.iter().enumerate().any(|(i, a)| {
        long[i + 1..].iter().any(|b| {
            if a.direction != b.direction {
                return false;
            }
            let (a_line, a_start, b_line, b_start) = match a.direction {
                Direction::Across => (a.row, a.col, b.row, b.col),
                Direction::Down => (a.col, a.row, b.col, b.row),
            };
            let overlap =
                (a_start + a.len).min(b_start + b.len) as isize - a_start.max(b_start) as isize;
            a_line.abs_diff(b_line) == 1 && overlap >= STACK_OVERLAP as isize
        })
    })
}

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

/// How long a draw may go on: until a time, for at most a number of
/// descents (counted rather than timed, so that a seed draws the same
/// pattern on any machine), and until a flag is set (a studio request
/// whose client has gone).
#[derive(Clone, Copy)]
pub struct DrawLimit<'a> {
    pub until: Option<Instant>,
    pub descents: usize,
    pub cancel: Option<&'a AtomicBool>,
}

impl DrawLimit<'_> {
    /// At most `descents`, with no time limit and no flag.
    pub fn descents(descents: usize) -> DrawLimit<'static> {
        DrawLimit {
            until: None,
            descents,
            cancel: None,
        }
    }

    /// Whether the time is up or the flag set.
    pub fn passed(&self) -> bool {
        self.until.is_some_and(|d| Instant::now() >= d)
            || self.cancel.is_some_and(|c| c.load(Ordering::Relaxed))
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
/// Drawing stops after `descents` descents (at most
/// [`MOST_DESCENTS`]), or at `deadline` if any (which a seed then no longer
/// reproduces), as if the rules were too tight.
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
fn letters_fit(index: &Index, letters: &[Option<u8>], least: usize) -> bool {
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
pub const BEST: u8 = 2;

/// The first pattern drawn that `rank` puts at [`BEST`] within
/// [`SHAPE_DESCENTS`] descents, else the first of the highest rank drawn;
/// no more than `most` descents, none past `deadline`.
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

/// Fills patterns until one fills; `report` hears about each one that does
/// not. The grid that filled (as drawn, before the fill) and its fill, or
/// None when every attempt failed.
pub fn make_fill(
    options: &MakeOptions,
    index: &Index,
    mut report: impl FnMut(&Attempt),
) -> Result<Option<(Grid, Fill)>> {
    let mut rng = StdRng::seed_from_u64(options.seed);
    let attempts = match options.source {
        PatternSource::Random { .. } | PatternSource::Themed { .. } => options.attempts.max(1),
        PatternSource::Given(_) => 1,
    };
    let ladder_rules = match &options.source {
        PatternSource::Themed {
            width,
            height,
            style,
            theme,
            ..
        } => {
            let shortest = theme.entries.iter().map(|e| e.answer.len()).min();
            themed_rules(*style, *width, *height, shortest.unwrap_or(usize::MAX))
        }
        _ => Vec::new(),
    };
    let seatings = match &options.source {
        PatternSource::Themed {
            width,
            height,
            theme,
            seat,
            ..
        } => {
            let tightest = &ladder_rules[0];
            let all = theme::seatings(theme, *width, *height, tightest, *seat)?;
            // Under the checking lattice, only ways on its lines (if any).
            let all = match tightest.lattice {
                true => {
                    let on_lines: Vec<Seating> = all
                        .iter()
                        .filter_map(|s| on_lattice(s, tightest.lattice_ends))
                        .collect();
                    if on_lines.is_empty() {
                        all
                    } else {
                        on_lines
                    }
                }
                false => all,
            };
            // The roomiest ways that exist: entries off the two outer
            // lines and parallel ones a fifth of the grid apart, else
            // closer, else any.
            let widest = (*width).max(*height) / 5;
            let roomiest = (1..=THEME_MARGIN).rev().flat_map(|margin| {
                (THEME_GAP..=widest.max(THEME_GAP))
                    .rev()
                    .map(move |gap| (margin, gap))
            });
            roomiest
                .map(|room| {
                    all.iter()
                        .filter_map(|s| roomy_ways(s, (*width, *height), room))
                        .collect::<Vec<Seating>>()
                })
                .find(|roomy| !roomy.is_empty())
                .unwrap_or(all)
        }
        _ => Vec::new(),
    };
    let cells = match &options.source {
        PatternSource::Themed { width, height, .. } => width * height,
        _ => 1,
    };
    let mut ladder = Ladder::new(ladder_rules, cells);
    for number in 1..=attempts {
        let grid = match &options.source {
            PatternSource::Random {
                width,
                height,
                style,
            } => match random_pattern(
                &fillable_rules(*style, *width, *height),
                *width,
                *height,
                &mut rng,
            ) {
                Ok(grid) => grid,
                // Earlier draws succeeded, so the rules are not impossible:
                // this is the end of the attempts, not bad input.
                Err(Error::Rules(_)) if number > 1 => {
                    report(&Attempt::NoPattern { number });
                    return Ok(None);
                }
                Err(e) => return Err(e),
            },
            PatternSource::Themed { width, height, .. } => {
                let Some((rung, loosened)) = ladder.rung(seatings.len()) else {
                    report(&Attempt::Unseated {
                        number,
                        seatings: seatings.len(),
                    });
                    return Ok(None);
                };
                if loosened {
                    report(&Attempt::Loosened {
                        number,
                        rules: rung.rules.describe(),
                    });
                }
                let alive: Vec<usize> = (0..seatings.len())
                    .filter(|i| !rung.failed.contains(i))
                    .collect();
                let which = alive[rng.random_range(0..alive.len())];
                let seating = &seatings[which];
                let seats = &seating.ways[rng.random_range(0..seating.ways.len())];
                match themed_pattern(
                    rung,
                    which,
                    (*width, *height),
                    seating,
                    seats,
                    index,
                    &mut rng,
                ) {
                    Some(grid) => grid,
                    None => {
                        report(&Attempt::Unfillable {
                            number,
                            reason: format!(
                                "no pattern under the rules seats the theme as {}",
                                describe_seats(seats)
                            ),
                        });
                        continue;
                    }
                }
            }
            PatternSource::Given(grid) => grid.clone(),
        };
        // Complete slots (a theme's or the constructor's entries) need no word.
        if let Some(slot) = grid
            .slots(DEFAULT_MIN_SLOT)
            .iter()
            .find(|s| index.of_length(s.len).is_none() && grid.letters(s).contains(&None))
        {
            if let PatternSource::Themed { .. } = options.source {
                // Another draw may not have the slot: not the list's fault.
                ladder.unfilled();
                report(&Attempt::Unfillable {
                    number,
                    reason: format!("no {}-letter word for slot {}", slot.len, slot_name(slot)),
                });
                continue;
            }
            return Err(Error::invalid(format!(
                "slot {} needs a {}-letter word and no {}-letter word of the list has a clue (make prints only entries it can clue: give clues with --clues FILE or as WORD;SCORE;clue lines)",
                slot_name(slot),
                slot.len,
                slot.len
            )));
        }
        let outcome = fill(
            &grid,
            index,
            &fill_options(options, &grid, rng.random(), &[]),
        )?;
        if !matches!(outcome, Outcome::Filled(_)) {
            ladder.unfilled();
        }
        match outcome {
            Outcome::Filled(f) => return Ok(Some((grid, f))),
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

/// Draws a pattern around one seating (number `which`) under the rules of
/// `rung`: preferably one where every slot has a word in `index` for its
/// letters, and then one whose other entries are all shorter than the
/// shortest theme entry (so that no entry passes for a theme entry). None
/// when the rules have no pattern keeping the seating (which the rung then
/// remembers).
fn themed_pattern(
    rung: &mut Rung,
    which: usize,
    (width, height): (usize, usize),
    seating: &Seating,
    seats: &[Seat],
    index: &Index,
    rng: &mut StdRng,
) -> Option<Grid> {
    let mut grid = Grid::empty(width, height).ok()?;
    for seat in seats {
        for ((r, c), letter) in seat.cells().zip(seat.answer.bytes()) {
            grid.set(r, c, Cell::Letter(letter));
        }
    }
    for (r, &mask) in seating.black.iter().enumerate() {
        for c in (0..width).filter(|&c| mask >> c & 1 == 1) {
            grid.set(r, c, Cell::Block);
        }
    }
    let shortest = seats
        .iter()
        .map(|s| s.answer.len())
        .min()
        .unwrap_or(usize::MAX);
    // Each slot must have room for its letters (short slots crossing two
    // entries often have none: see `letters_fit`) and not stack on an
    // entry (see `ALONGSIDE`); preferably no other entry is as long as the
    // theme's.
    let fillable = |g: &Grid| {
        g.slots(DEFAULT_MIN_SLOT).iter().all(|s| {
            letters_fit(index, &g.letters(s), FITTING_WORDS)
                && alongside(g, (s.row, s.col), s.len, s.direction == Direction::Across)
                    <= ALONGSIDE
        })
    };
    let stands_out = |g: &Grid| {
        g.slots(DEFAULT_MIN_SLOT)
            .iter()
            .all(|s| s.len < shortest || g.letters(s).iter().all(Option::is_some))
    };
    let rank = |g: &Grid| match (fillable(g), stands_out(g)) {
        (true, true) => BEST,
        (true, false) => 1,
        (false, _) => 0,
    };
    // Rows are drawn top to bottom, so a slot across is checked as soon
    // as its row is drawn, one down only once a block ends it: a checked
    // draw goes faster with the entries standing down. Square grids whose
    // symmetry survives the turn (not a left-right mirror) are drawn
    // turned when most theme letters run across.
    let across: usize = seats
        .iter()
        .filter(|s| s.across)
        .map(|s| s.answer.len())
        .sum();
    let down: usize = seats
        .iter()
        .filter(|s| !s.across)
        .map(|s| s.answer.len())
        .sum();
    let turn = width == height && across > down;
    rung.tries += 1;
    let mut draw = |rules: &Rules, words: Option<&Index>| {
        let turned = words.is_some() && turn && rules.symmetry != Symmetry::Mirror;
        let turn_if = |g: Grid| if turned { g.transposed() } else { g };
        let ranked = |g: &Grid| rank(&turn_if(g.clone()));
        random_pattern_keeping(
            rules,
            &turn_if(grid.clone()),
            rng,
            DrawLimit::descents(THEMED_DESCENTS),
            &ranked,
            words,
        )
        .map(turn_if)
    };
    // Blind draws are cheap and usually leave every slot room; when none
    // does (long entries close together), the draw is made again cutting
    // such slots as they appear, which costs more (most descents then run
    // into one) but finds the few patterns that have room. Failing that, a
    // blind draw whose every slot has some word goes to the fill all the
    // same; one with a slot no word fits does not (the seating is then
    // given up under these rules, as when nothing is drawn). Once a few
    // blind draws under these rules have all lacked room, later ones are
    // skipped: at 21×21 with five long entries they never have room, and
    // cost as much as the checked draw.
    let blind_hopeless = rung.blind_drawn >= BLIND_TRIES && rung.blind_fit == 0;
    let drawn = match blind_hopeless {
        true => draw(&rung.rules, Some(index)).ok(),
        false => match draw(&rung.rules, None) {
            Ok(blind) => {
                rung.blind_drawn += 1;
                if fillable(&blind) {
                    rung.blind_fit += 1;
                    Some(blind)
                } else {
                    let room = blind
                        .slots(DEFAULT_MIN_SLOT)
                        .iter()
                        .all(|s| letters_fit(index, &blind.letters(s), 1));
                    draw(&rung.rules, Some(index))
                        .ok()
                        .or(room.then_some(blind))
                }
            }
            Err(_) => None,
        },
    };
    match &drawn {
        Some(_) => rung.drawn += 1,
        None => {
            rung.failed.insert(which);
        }
    }
    drawn
}

/// The rule sets of [`themed_rules`], tightest first, and the one drawn
/// under now. `make` stays with a rule set until it is spent (see
/// [`Ladder::rung`]) and never goes back, so a puzzle comes from the
/// tightest rules that fill around the theme: trying the looser ones for
/// just the seatings the tight ones cannot draw would let the blockiest
/// patterns, which fill most readily, win most runs.
struct Ladder {
    rungs: Vec<Rung>,
    at: usize,
    /// The grid's cells (see [`UNFILLED_CELLS`]).
    cells: usize,
}

/// One rule set of [`themed_rules`] and how it has fared in this run:
/// draws tried and made, blind draws made and how many left every slot
/// room, patterns drawn that did not fill, and the seatings (by index) it
/// found no pattern for, which are not tried under it again.
struct Rung {
    rules: Rules,
    tries: usize,
    drawn: usize,
    blind_drawn: usize,
    blind_fit: usize,
    unfilled: usize,
    failed: std::collections::HashSet<usize>,
}

impl Ladder {
    fn new(rules: Vec<Rules>, cells: usize) -> Ladder {
        let rungs = rules
            .into_iter()
            .map(|rules| Rung {
                rules,
                tries: 0,
                drawn: 0,
                blind_drawn: 0,
                blind_fit: 0,
                unfilled: 0,
                failed: Default::default(),
            })
            .collect();
        Ladder {
            rungs,
            at: 0,
            cells: cells.max(1),
        }
    }

    /// The rule set to draw the next pattern of a theme with `seatings`
    /// seatings under, and whether it is looser than the last one's; None
    /// when even the loosest has no pattern around any seating. A rule set
    /// is spent when it has found no pattern for any seating, or none in
    /// its first [`HOPELESS_TRIES`] tries, or when [`UNFILLED_CELLS`]
    /// of its patterns did not fill; the loosest only by the first.
    fn rung(&mut self, seatings: usize) -> Option<(&mut Rung, bool)> {
        let start = self.at;
        loop {
            let last = self.at + 1 >= self.rungs.len();
            let rung = self.rungs.get(self.at)?;
            let unseated = rung.failed.len() >= seatings;
            let spent = unseated
                || !last
                    && (rung.tries >= HOPELESS_TRIES && rung.drawn == 0
                        || rung.unfilled >= UNFILLED_CELLS / self.cells);
            if !spent {
                break;
            }
            if last {
                return None;
            }
            self.at += 1;
        }
        Some((&mut self.rungs[self.at], self.at != start))
    }

    /// Notes that the last pattern drawn did not fill.
    fn unfilled(&mut self) {
        if let Some(rung) = self.rungs.get_mut(self.at) {
            rung.unfilled += 1;
        }
    }
}

/// Cells of the patterns drawn under one rule set (not the loosest) that
/// may fail to fill before `make` loosens the rules: 100 patterns at
/// 15×15, where most themes fill within that many under the tightest
/// rules that draw around them, about 50 at 21×21, where a pattern costs
/// twice the time and five theme entries of 19–21 letters never fill under
/// 18% blocks.
const UNFILLED_CELLS: usize = 22_500;

/// Tries under a rule set (not the loosest) that may all find no pattern
/// before it is passed over: a theme the tight rules cannot hold then
/// costs their time only this often.
const HOPELESS_TRIES: usize = 4;

/// Blind draws under one rule set that may all lack room (see
/// [`themed_pattern`]) before the rest are drawn checked straight away.
const BLIND_TRIES: usize = 4;

/// Descents drawn around one seating (about 0.1 s at 15×15): counted, not
/// timed, so that a seed makes the same puzzle on any machine. Many short
/// draws over many seatings fill sooner than long draws over a few.
const THEMED_DESCENTS: usize = 64;

/// The fewest lines between parallel theme entries side by side that
/// `make` prefers: fewer leaves the short crossing words with two fixed
/// letters each, which few fills meet. Bigger grids ask for a fifth of
/// their side (four lines at 21×21, where five full-width entries three
/// lines apart never filled in 200 patterns).
const THEME_GAP: usize = 3;

/// The lines along each edge that `make` prefers to keep theme entries
/// out of: an entry in the second row leaves the first with short words
/// that each cross a theme letter, and published grids seldom have one.
const THEME_MARGIN: usize = 2;

/// The seating with only its ways that a fill has room around: no entry
/// within `margin` lines of the grid's edge, and parallel entries that
/// overlap at least `gap` lines apart. None when no way is left.
/// (Patterns seating a theme more tightly exist, and `patterns --theme`
/// lists them; `make` draws from the ones published grids look like.)
fn roomy_ways(
    seating: &Seating,
    (width, height): (usize, usize),
    (margin, gap): (usize, usize),
) -> Option<Seating> {
    let roomy = |seats: &Vec<Seat>| {
        let edge = |s: &Seat| match s.across {
            true => s.row < margin || s.row + margin >= height,
            false => s.col < margin || s.col + margin >= width,
        };
        let span = |s: &Seat| match s.across {
            true => (s.row, s.col, s.col + s.answer.len()),
            false => (s.col, s.row, s.row + s.answer.len()),
        };
        !seats.iter().any(edge)
            && seats.iter().enumerate().all(|(i, a)| {
                seats[i + 1..].iter().all(|b| {
                    let ((la, sa, ea), (lb, sb, eb)) = (span(a), span(b));
                    a.across != b.across || sa.max(sb) >= ea.min(eb) || la.abs_diff(lb) >= gap
                })
            })
    };
    ways_where(seating, roomy)
}

/// The seating with only its ways whose entries lie on the lines of the
/// British checking lattice (see [`Rules::lattice`]): across in an even
/// row, down in an even column, 0-based, starting and ending on a crossing;
/// with `ends` ([`Rules::lattice_ends`]), starting or ending on one (an
/// entry of even length). None when no way is left.
fn on_lattice(seating: &Seating, ends: bool) -> Option<Seating> {
    let on_lines = |s: &Seat| {
        let (line, first) = match s.across {
            true => (s.row, s.col),
            false => (s.col, s.row),
        };
        let last = first + s.answer.len() - 1;
        let crossing = |i: usize| i.is_multiple_of(2);
        line.is_multiple_of(2)
            && match ends {
                true => crossing(first) || crossing(last),
                false => crossing(first) && crossing(last),
            }
    };
    ways_where(seating, |way| way.iter().all(on_lines))
}

/// The seating with only its ways that `keep` keeps; None when none is.
fn ways_where(seating: &Seating, keep: impl Fn(&Vec<Seat>) -> bool) -> Option<Seating> {
    let ways: Vec<Vec<Seat>> = seating.ways.iter().filter(|w| keep(w)).cloned().collect();
    (!ways.is_empty()).then(|| Seating {
        ways,
        ..seating.clone()
    })
}

/// "HEARTOFGOLD at row 4, column 1 across; …".
fn describe_seats(seats: &[Seat]) -> String {
    seats
        .iter()
        .map(|s| {
            format!(
                "{} at row {}, column {} {}",
                s.answer,
                s.row + 1,
                s.col + 1,
                if s.across { "across" } else { "down" }
            )
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// Rationed entries a grid of `words` slots may hold: three in a 15×15 of
/// 78 words, in proportion elsewhere, at least one.
pub const RATIONED_PER_78_WORDS: usize = 3;
/// Names likewise: eight in a 15×15, about what a newspaper prints.
pub const NAMES_PER_78_WORDS: usize = 8;
/// Slots this long, and a grid's longest, hold no rationed entry: the long
/// entries carry a grid.
pub const RATION_FREE_FROM: usize = 8;

/// The ration of crosswordese, partials, abbreviations and odd inflections,
/// and of names, for `grid` (see [`Ration`]).
pub fn ration(grid: &Grid) -> Ration {
    let words = grid.slots(DEFAULT_MIN_SLOT).len();
    let share = |per_78: usize| ((words * per_78 + 39) / 78).max(1);
    Ration {
        most: share(RATIONED_PER_78_WORDS),
        names: share(NAMES_PER_78_WORDS),
        long: RATION_FREE_FROM,
    }
}

/// How `make` fills `grid`: its time, polish and ration, `seed`, and words
/// it may not use.
fn fill_options(options: &MakeOptions, grid: &Grid, seed: u64, banned: &[String]) -> FillOptions {
    FillOptions {
        seed,
        timeout: Some(options.timeout),
        polish: options.polish,
        banned: banned.to_vec(),
        ration: Some(ration(grid)),
        ..FillOptions::default()
    }
}

/// Times `make` fills its grid, banning each time the answers that left a
/// slot with no written clue clear of the grid's other answers (and the
/// answers those clues would use), before it prints the fill that left
/// fewest such slots, with the best clue there is for them: a drafted
/// spare, else the first written clue (and it says so).
const CLEAN_CLUE_ROUNDS: usize = 6;

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
    let Some((grid, first)) = make_fill(options, index, &mut report)? else {
        return Ok(None);
    };
    let mut best = dress(options, first, sources, credits, true)?;
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
            ..fill_options(options, &grid, seed, &banned)
        };
        let mut found = None;
        for steps in OPENED_STEPS {
            let around = opened(&grid, &latest.fill, &fresh, steps);
            if let Outcome::Filled(f) = fill(&around, index, &again)? {
                found = Some(f);
                break;
            }
        }
        if found.is_none() {
            if let Outcome::Filled(f) = fill(&grid, index, &again)? {
                found = Some(f);
            }
        }
        let Some(f) = found else { break };
        let made = dress(options, f, sources, credits, true)?;
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
        best = dress(options, best.fill, sources, credits, false)?;
    }
    Ok(Some(best))
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
    let mut cells: std::collections::HashSet<(usize, usize)> = slots
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

/// A filled grid made a puzzle: credits, theme clues and marks, clues
/// chosen as the options say, enumerations for British solvers, and the
/// quality report.
/// `fill` as a puzzle: its clues (drafted spares held back when
/// `hold_spares`), enumerations, credits and quality report.
fn dress(
    options: &MakeOptions,
    fill: Fill,
    sources: &Sources,
    credits: &Credits,
    hold_spares: bool,
) -> Result<Made> {
    let mut puzzle = Puzzle::from_grid(fill.grid.clone(), DEFAULT_MIN_SLOT);
    puzzle.title = credits.title.clone();
    puzzle.author = credits.author.clone();
    puzzle.copyright = credits.copyright.clone();
    let mut written: Vec<(String, String)> = Vec::new();
    if let PatternSource::Themed { theme, .. } = &options.source {
        seat_theme(&mut puzzle, theme)?;
        written = theme
            .entries
            .iter()
            .map(|e| (e.answer.clone(), e.written.clone()))
            .collect();
    }
    let how = Choosing {
        level: options.level,
        dialect: options.dialect,
        seed: options.seed,
        hold_spares,
    };
    let clues = clues::attach(&mut puzzle, sources, &how);
    if options.dialect == Dialect::British {
        clues::enumerate(&mut puzzle, &|answer| {
            written
                .iter()
                .find(|(a, _)| a == answer)
                .map(|(_, w)| w.clone())
        });
    }
    let answers: Vec<&str> = puzzle.clues.iter().map(|c| c.answer.as_str()).collect();
    let quality = Quality::of(&fill.words, notes()).sharing_roots(roots(), &answers);
    Ok(Made {
        puzzle,
        fill,
        clues,
        quality,
    })
}

/// Gives the theme entries of a filled puzzle their clues from the theme
/// file and circles the letters the file asks for.
fn seat_theme(puzzle: &mut Puzzle, theme: &Theme) -> Result<()> {
    let slots = puzzle.grid.slots(puzzle.min_slot);
    let mut marks = Marks::new();
    for entry in &theme.entries {
        let found = slots
            .iter()
            .zip(puzzle.clues.iter_mut())
            .find(|(slot, clue)| {
                clue.answer == entry.answer
                    && entry.place.is_none_or(|p| {
                        (p.row, p.col, p.direction) == (slot.row, slot.col, slot.direction)
                    })
            });
        let Some((slot, clue)) = found else { continue };
        if let Some(text) = &entry.clue {
            clue.text = text.clone();
        }
        for (i, cell) in slot.cells().enumerate() {
            if entry.circled.contains(&i) {
                marks.insert(
                    cell,
                    Mark {
                        circled: true,
                        ..Mark::default()
                    },
                );
            }
        }
    }
    puzzle.set_marks(marks)
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

/// Writes the puzzle as `.ipuz`, `.puz` and `.pdf` into `dir`, as one set
/// ([`files::write_set`]): every file is rendered and every name checked
/// against `existing` before any is written, and the three appear together
/// or not at all.
pub fn write_outputs(
    puzzle: &Puzzle,
    dir: &Path,
    name: &str,
    pdf: &PdfOptions,
    existing: Existing,
) -> Result<Vec<PathBuf>> {
    let paths = output_paths(dir, name);
    for (path, _) in &paths {
        files::target(path, existing)?;
    }
    let mut rendered = Vec::new();
    for (path, kind) in paths {
        let bytes = match kind {
            OutputKind::Ipuz => formats::ipuz::write(puzzle).into_bytes(),
            OutputKind::Puz => formats::render(puzzle, Format::Puz)?,
            OutputKind::Pdf => typeset::pdf(puzzle, pdf)?,
        };
        rendered.push((path, bytes));
    }
    let set: Vec<(&Path, &[u8])> = rendered
        .iter()
        .map(|(path, bytes)| (path.as_path(), bytes.as_slice()))
        .collect();
    files::write_set(&set, existing)?;
    Ok(rendered.into_iter().map(|(path, _)| path).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(rows: &[&str]) -> Grid {
        Grid::parse_text(&rows.join("\n"), "test").unwrap()
    }

    #[test]
    fn stacks_of_long_entries_are_not_lively() {
        // A published-style 15x15: two 15s and two 12s, none side by side.
        let text = include_str!("../tests/data/grids/ingrid_readme.txt");
        let rows: Vec<&str> = text.lines().collect();
        assert!(lively_shape(&grid(&rows)));
        // The same with row 2 opened: two 15s stacked.
        let mut stacked = rows.clone();
        stacked[1] = "...............";
        assert!(!lively_shape(&grid(&stacked)), "two 15s stacked");
    }

    #[test]
    fn british_rules_follow_the_lattice() {
        let rules = fillable_rules(Style::British, 15, 15);
        assert!(rules.lattice && rules.lattice_ends);
        assert_eq!(rules.symmetry, Symmetry::Rotational);
        assert_eq!(rules.words.unwrap().resolve(225), (30, 34));
        // The lattice's 49 blocks and 15–25 more.
        assert_eq!(rules.blacks.unwrap().resolve(225), (64, 74));
        assert_eq!(rules.max_three_letter, Some(4));
        assert_eq!(rules.max_word, None);
        assert_eq!(fillable_rules(Style::British, 21, 21).max_word, Some(13));
        assert_eq!(
            fillable_rules(Style::British, 21, 21)
                .blacks
                .unwrap()
                .resolve(441),
            (130, 149)
        );
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
            let slots = g.slots(2);
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
        assert!(!fillable_rules(Style::British, 14, 14).lattice);
        assert!(fillable_rules(Style::British, 9, 9).lattice_ends);
        assert!(!fillable_rules(Style::British, 7, 7).lattice);
    }

    #[test]
    fn roomy_ways_keep_entries_off_the_edges_and_apart() {
        let seat = |row, col, across, answer: &str| Seat {
            row,
            col,
            across,
            answer: answer.into(),
        };
        let ways = vec![
            // Second row: too near the edge for a margin of 2.
            vec![
                seat(1, 0, true, "ABCDEFGHI"),
                seat(13, 6, true, "ABCDEFGHI"),
            ],
            // Three rows apart, off the outer two lines.
            vec![seat(2, 0, true, "ABCDEFGHI"), seat(5, 6, true, "ABCDEFGHI")],
            // Side by side two rows apart (overlapping columns 6–8).
            vec![seat(2, 0, true, "ABCDEFGHI"), seat(4, 6, true, "ABCDEFGHI")],
            // Down in an odd column.
            vec![seat(2, 3, false, "ABCDEFGHI")],
        ];
        let seating = Seating {
            white: vec![0; 15],
            black: vec![0; 15],
            ways,
        };
        let kept = |room| roomy_ways(&seating, (15, 15), room).map(|s| s.ways);
        let ways = &seating.ways;
        assert_eq!(kept((2, 3)), Some(vec![ways[1].clone(), ways[3].clone()]));
        assert_eq!(
            kept((1, 3)),
            Some(vec![ways[0].clone(), ways[1].clone(), ways[3].clone()])
        );
        assert_eq!(kept((7, 3)), None);
        // Only the third has every entry in even lines from an even cell.
        for ends in [false, true] {
            let lattice = on_lattice(&seating, ends).map(|s| s.ways);
            assert_eq!(lattice, Some(vec![ways[2].clone()]));
        }
        // Black crossings let an entry begin or end on an unchecked cell
        // (odd index), not both.
        let ends = Seating {
            white: vec![0; 15],
            black: vec![0; 15],
            ways: vec![
                vec![seat(2, 1, true, "ABCDEFGH")],
                vec![seat(1, 0, false, "ABCDEFGH")],
                vec![seat(2, 1, true, "ABCDEFGHI")],
                vec![seat(2, 0, true, "ABCDEFGHI")],
                vec![seat(3, 0, true, "ABCDEFGH")],
            ],
        };
        let ways = &ends.ways;
        let on = |loose| on_lattice(&ends, loose).map(|s| s.ways);
        assert_eq!(on(false), Some(vec![ways[3].clone()]));
        assert_eq!(
            on(true),
            Some(vec![ways[0].clone(), ways[1].clone(), ways[3].clone()])
        );
    }

    #[test]
    fn themed_rules_loosen_step_by_step() {
        let percent = |rules: &Rules| match rules.blacks.and_then(|b| b.max) {
            Some(Amount::Percent(p)) => Some(p),
            _ => None,
        };
        // Nine-letter entries at 15×15: others at most eight letters, then
        // uncapped, then more blocks, then the style's own rules.
        let ladder = themed_rules(Style::American, 15, 15, 9);
        let caps: Vec<Option<usize>> = ladder.iter().map(|r| r.max_word).collect();
        assert_eq!(caps, [Some(8), Some(8), None, None, None, None, None, None]);
        let fewest: Vec<Option<(usize, usize)>> = ladder
            .iter()
            .map(|r| r.words.map(|w| w.resolve(225)))
            .collect();
        let (newspaper, tenth_fewer) = (Some((74, 78)), Some((66, 78)));
        assert_eq!(
            fewest,
            [
                newspaper,
                tenth_fewer,
                newspaper,
                tenth_fewer,
                None,
                None,
                None,
                None
            ]
        );
        let most: Vec<Option<f64>> = ladder.iter().map(percent).collect();
        let b = Some(18.0);
        let loose = [Some(20.0), Some(21.0), Some(22.0)];
        assert_eq!(most, [b, b, b, b, loose[0], loose[1], loose[2], None]);
        assert_eq!(ladder[7], Rules::preset(Style::American));
        // At 21×21 the rules' own cap of 13 is below the entries' 18: the
        // capped rule sets are the uncapped ones, listed once.
        let big = themed_rules(Style::American, 21, 21, 19);
        assert_eq!(big.len(), 6);
        assert!(big[..4].iter().all(|r| r.max_word == Some(13)));
        // Three-letter entries leave no length for the others: no cap. A
        // mini has no word count to drop and no block share to raise.
        assert_eq!(
            themed_rules(Style::American, 15, 15, 3),
            ladder[2..].to_vec()
        );
        let mini = themed_rules(Style::American, 5, 5, 5);
        assert_eq!(mini.len(), 3);
        assert_eq!(mini[0].max_word, Some(4));
        assert_eq!(mini[1].max_word, None);
        assert_eq!(mini[2], Rules::preset(Style::American));
        // British: the lattice's rules, then the style's own with the
        // lattice's rotational symmetry, which the seatings are made for.
        let british = themed_rules(Style::British, 15, 15, 9);
        assert!(british[..4].iter().all(|r| r.lattice));
        let last = british.last().unwrap();
        assert!(!last.lattice);
        assert_eq!(last.symmetry, Symmetry::Rotational);
    }
}
