//! The theme ladder: how `make` draws patterns around a theme's entries.
//!
//! A theme can sit in a grid in many ways (its seatings, from
//! [`crate::theme::seatings`]); `make` keeps the roomiest ones (entries
//! off the edges and apart, on the lattice's lines for British grids),
//! then draws each pattern around one picked at random, under the
//! tightest of [`themed_rules`]' rule sets that is not yet spent. A rule
//! set is left for the next looser one only when it is spent, and never
//! taken up again, so a themed puzzle has as few blocks and as short other
//! entries as its theme allows.

use std::collections::HashSet;

use rand::rngs::StdRng;
use rand::Rng;

use crate::draw::{has_room, letters_fit, random_pattern_keeping, themed_rules, DrawLimit, BEST};
use crate::error::Result;
use crate::grid::DEFAULT_MIN_SLOT;
use crate::grid::{Cell, Grid};
use crate::pattern::rules::{Rules, Style, Symmetry};
use crate::pattern::seat::{Seat, Seating};
use crate::theme::{self, SeatOptions, Theme};
use crate::wordlist::index::Index;

use super::outcome::Attempt;

/// A theme's patterns as `make` draws them: the seatings it draws around
/// and the ladder of rule sets it draws under.
pub(super) struct ThemeDraws {
    seatings: Vec<Seating>,
    ladder: Ladder,
    width: usize,
    height: usize,
}

/// What [`ThemeDraws::draw`] came to.
pub(super) enum ThemeDraw {
    /// A pattern, with the theme's entries written in, and where they sit.
    Pattern(Grid, Vec<Seat>),
    /// No pattern around the seating picked this time (said why).
    Skipped,
    /// No rule set has a pattern around any seating (said so).
    Spent,
}

impl ThemeDraws {
    /// Ready to draw `theme` at `width`×`height` in `style`.
    pub(super) fn new(
        theme: &Theme,
        (width, height): (usize, usize),
        style: Style,
        seat: SeatOptions,
    ) -> Result<ThemeDraws> {
        let shortest = theme.entries.iter().map(|e| e.answer.len()).min();
        let rules = themed_rules(style, width, height, shortest.unwrap_or(usize::MAX));
        let seatings = roomiest_seatings(theme, (width, height), &rules[0], seat)?;
        Ok(ThemeDraws {
            seatings,
            ladder: Ladder::new(rules, width * height),
            width,
            height,
        })
    }

    /// Pattern `number`: under the ladder's current rule set, around a
    /// seating picked at random among those the rule set has not given up
    /// on, its entries written in a way picked at random. `report` hears
    /// when the rules loosen, when a draw finds no pattern and when the
    /// ladder is spent.
    pub(super) fn draw(
        &mut self,
        number: usize,
        index: &Index,
        rng: &mut StdRng,
        report: &mut dyn FnMut(&Attempt),
    ) -> ThemeDraw {
        let seatings = &self.seatings;
        let Some((rung, loosened)) = self.ladder.rung(seatings.len()) else {
            report(&Attempt::Unseated {
                number,
                seatings: seatings.len(),
            });
            return ThemeDraw::Spent;
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
        let size = (self.width, self.height);
        match themed_pattern(rung, which, size, seating, seats, index, rng) {
            Some(grid) => ThemeDraw::Pattern(grid, seats.clone()),
            None => {
                report(&Attempt::Unfillable {
                    number,
                    reason: format!(
                        "no pattern under the rules seats the theme as {}",
                        describe_seats(seats)
                    ),
                });
                ThemeDraw::Skipped
            }
        }
    }

    /// Notes that the last pattern drawn did not fill.
    pub(super) fn unfilled(&mut self) {
        self.ladder.unfilled();
    }
}

/// The seatings of `theme` that `make` draws around, for the `tightest`
/// of its rule sets: under the checking lattice only ways on its lines (if
/// any), and then the roomiest ways there are: entries off the two outer
/// lines and parallel ones a fifth of the grid apart, else closer, else
/// any.
fn roomiest_seatings(
    theme: &Theme,
    (width, height): (usize, usize),
    tightest: &Rules,
    seat: SeatOptions,
) -> Result<Vec<Seating>> {
    let all = theme::seatings(theme, width, height, tightest, seat)?;
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
    let widest = width.max(height) / 5;
    let roomiest = (1..=THEME_MARGIN).rev().flat_map(|margin| {
        (THEME_GAP..=widest.max(THEME_GAP))
            .rev()
            .map(move |gap| (margin, gap))
    });
    Ok(roomiest
        .map(|room| {
            all.iter()
                .filter_map(|s| roomy_ways(s, (width, height), room))
                .collect::<Vec<Seating>>()
        })
        .find(|roomy| !roomy.is_empty())
        .unwrap_or(all))
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
        g.slots(DEFAULT_MIN_SLOT)
            .iter()
            .all(|s| has_room(index, g, s))
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
    failed: HashSet<usize>,
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
