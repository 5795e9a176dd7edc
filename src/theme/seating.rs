//! Every way of seating a theme's entries in a symmetric grid.
//!
//! A themed puzzle starts from its theme entries (and a revealer, which is
//! just one more entry); the pattern must then make each of them a whole
//! slot. Published grids keep the theme symmetric: the slot an entry sits in
//! has its image under the grid's symmetry filled by another theme entry of
//! the same length, or is its own image (an odd entry across the middle row
//! or down the middle column). So the slots a theme can take are unions of
//! *orbits* (a slot and its images); this module lists the orbit sets that
//! hold the theme's lengths without two entries overlapping (or crossing,
//! unless allowed), and for each the ways of writing the entries into them.
//! Each such set is a [`Seating`]: cells the pattern stage must keep white
//! (the letters) and black (just before and after each entry), which it
//! then enumerates, samples or counts patterns around.

use crate::error::{Error, Result};
use crate::grid::Direction;
use crate::pattern::rules::{Rules, Symmetry};
use crate::pattern::seat::{Seat, Seating};

use super::file::Theme;

/// Orbit sets listed before a theme is declared too loose to list: a grid
/// without symmetry lets four 9-letter entries sit in some 80 million ways.
pub(crate) const MOST_SEATINGS: usize = 200_000;

/// How entries may be seated beyond the rules.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SeatOptions {
    /// Entries may cross one another where their letters agree.
    pub crossings: bool,
    /// Entries sit in the order the file lists them: by clue number, the
    /// first entry first (across before down at the same square).
    pub in_order: bool,
}

/// A slot a theme entry can take.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
struct Spot {
    /// Reading order of the first square: row, then column, across first.
    row: usize,
    col: usize,
    down: bool,
    len: usize,
}

impl Spot {
    fn cells(self) -> impl Iterator<Item = (usize, usize)> {
        let (dr, dc) = if self.down { (1, 0) } else { (0, 1) };
        (0..self.len).map(move |i| (self.row + i * dr, self.col + i * dc))
    }

    /// The squares just before and after the slot that are in the grid.
    fn ends(self, width: usize, height: usize) -> impl Iterator<Item = (usize, usize)> {
        let (dr, dc) = if self.down { (1, 0) } else { (0, 1) };
        let before = (self.row >= dr && self.col >= dc).then(|| (self.row - dr, self.col - dc));
        let after = Some((self.row + self.len * dr, self.col + self.len * dc))
            .filter(|&(r, c)| r < height && c < width);
        before.into_iter().chain(after)
    }

    /// This slot's images under `symmetry`, itself first.
    fn images(self, symmetry: Symmetry, width: usize, height: usize) -> Vec<Spot> {
        let flip_lr = |s: Spot| match s.down {
            false => Spot {
                col: width - s.col - s.len,
                ..s
            },
            true => Spot {
                col: width - 1 - s.col,
                ..s
            },
        };
        let flip_tb = |s: Spot| match s.down {
            false => Spot {
                row: height - 1 - s.row,
                ..s
            },
            true => Spot {
                row: height - s.row - s.len,
                ..s
            },
        };
        let mut all = vec![self];
        match symmetry {
            Symmetry::None => {}
            Symmetry::Mirror => all.push(flip_lr(self)),
            Symmetry::Rotational => all.push(flip_tb(flip_lr(self))),
            Symmetry::FourFold => {
                all.extend([flip_lr(self), flip_tb(self), flip_tb(flip_lr(self))]);
            }
        }
        all.sort();
        all.dedup();
        all
    }
}

/// Fixed squares of the slots chosen so far: white letters, black ends, and
/// which directions of entry cover each white square.
struct Board {
    width: usize,
    height: usize,
    white: Vec<u32>,
    black: Vec<u32>,
    /// Per square: 1 = an across entry, 2 = a down entry.
    covered: Vec<u8>,
}

impl Board {
    fn new(width: usize, height: usize) -> Board {
        Board {
            width,
            height,
            white: vec![0; height],
            black: vec![0; height],
            covered: vec![0; width * height],
        }
    }

    /// Adds `spot` if it fits what is there; false (and nothing changed)
    /// otherwise.
    fn add(&mut self, spot: Spot, crossings: bool) -> bool {
        let way = if spot.down { 2 } else { 1 };
        let fits_cell = |(r, c): (usize, usize)| {
            let covered = self.covered[r * self.width + c];
            self.black[r] >> c & 1 == 0 && (covered == 0 || crossings && covered & way == 0)
        };
        let fits_end = |(r, c): (usize, usize)| self.white[r] >> c & 1 == 0;
        if !spot.cells().all(fits_cell) || !spot.ends(self.width, self.height).all(fits_end) {
            return false;
        }
        for (r, c) in spot.cells() {
            self.white[r] |= 1 << c;
            self.covered[r * self.width + c] |= way;
        }
        for (r, c) in spot.ends(self.width, self.height) {
            self.black[r] |= 1 << c;
        }
        true
    }
}

/// Every seating of `theme` in a `width`×`height` grid under `rules`: one
/// per set of slots (see the module doc), each with the ways of writing the
/// entries into those slots. An error explains a theme that cannot be
/// seated at all (lengths, symmetry, fixed places) or has more than
/// [`MOST_SEATINGS`] slot sets.
pub fn seatings(
    theme: &Theme,
    width: usize,
    height: usize,
    rules: &Rules,
    options: SeatOptions,
) -> Result<Vec<Seating>> {
    check_lengths(theme, width, height, rules)?;
    // Orbits by entry length; the lengths in decreasing order, so the
    // longest (fewest places) are chosen first.
    let mut lengths: Vec<usize> = theme.entries.iter().map(|e| e.answer.len()).collect();
    lengths.sort_unstable_by(|a, b| b.cmp(a));
    lengths.dedup();
    let groups: Vec<Group> = lengths
        .iter()
        .map(|&len| Group::new(theme, len, width, height, rules.symmetry))
        .collect();
    for group in &groups {
        group.check_symmetry(theme, rules.symmetry)?;
    }
    let mut board = Board::new(width, height);
    let mut found = Vec::new();
    let mut chosen = Vec::new();
    choose(
        &groups,
        0,
        0,
        0,
        &mut board,
        &mut chosen,
        options,
        theme,
        &mut found,
    )?;
    if found.is_empty() {
        return Err(Error::invalid(format!(
            "no {width}x{height} grid seats {} with the {} symmetry: {}",
            theme.describe(),
            rules.symmetry.name(),
            if theme.entries.iter().any(|e| e.place.is_some()) {
                "the entries overlap, cross or touch end to end wherever they can go (check the fixed places)"
            } else if options.crossings {
                "the entries overlap or touch end to end wherever they can go"
            } else {
                "the entries overlap, cross or touch end to end wherever they can go"
            }
        )));
    }
    Ok(found)
}

/// Entries of one length and the orbits of slots they can take.
struct Group {
    len: usize,
    /// Indices into the theme's entries.
    entries: Vec<usize>,
    orbits: Vec<Vec<Spot>>,
}

impl Group {
    fn new(theme: &Theme, len: usize, width: usize, height: usize, symmetry: Symmetry) -> Group {
        let entries: Vec<usize> = (0..theme.entries.len())
            .filter(|&i| theme.entries[i].answer.len() == len)
            .collect();
        let mut orbits: Vec<Vec<Spot>> = Vec::new();
        for down in [false, true] {
            let (rows, cols) = if down {
                ((height + 1).saturating_sub(len), width)
            } else {
                (height, (width + 1).saturating_sub(len))
            };
            for row in 0..rows {
                for col in 0..cols {
                    let orbit = Spot {
                        row,
                        col,
                        down,
                        len,
                    }
                    .images(symmetry, width, height);
                    if orbit[0]
                        == (Spot {
                            row,
                            col,
                            down,
                            len,
                        })
                    {
                        orbits.push(orbit);
                    }
                }
            }
        }
        // An orbit of spots overlapping one another cannot hold entries.
        orbits.retain(|orbit| {
            let mut board = Board::new(width, height);
            orbit.iter().all(|&s| board.add(s, false))
        });
        orbits.sort();
        Group {
            len,
            entries,
            orbits,
        }
    }

    /// An odd number of entries of one length needs an orbit of one slot
    /// (its own image); say so plainly when the grid has none.
    fn check_symmetry(&self, theme: &Theme, symmetry: Symmetry) -> Result<()> {
        let sizes: Vec<usize> = self.orbits.iter().map(Vec::len).collect();
        let need = self.entries.len();
        // Sums reachable from the orbit sizes (small: sizes are 1, 2 or 4).
        let mut reachable = vec![false; need + 1];
        reachable[0] = true;
        let mut used = [0usize; 5];
        for &s in &sizes {
            used[s.min(4)] += 1;
        }
        for size in 1..=4 {
            for _ in 0..used[size].min(need) {
                for total in (size..=need).rev() {
                    reachable[total] |= reachable[total - size];
                }
            }
        }
        if reachable[need] {
            return Ok(());
        }
        let names: Vec<&str> = self
            .entries
            .iter()
            .map(|&i| theme.entries[i].answer.as_str())
            .collect();
        Err(Error::invalid(format!(
            "the {} symmetry seats theme entries in matching pairs, and {} of {} letters ({}) cannot be matched: an unpaired entry must be its own image (an odd length across the middle row or down the middle column{})",
            symmetry.name(),
            need,
            self.len,
            names.join(", "),
            if symmetry == Symmetry::FourFold {
                ", whose mirror images are four"
            } else {
                ""
            }
        )))
    }
}

/// Chooses orbits group by group (orbit indices increasing within a group,
/// so each set is listed once), then the ways of writing the entries.
#[allow(clippy::too_many_arguments)]
fn choose(
    groups: &[Group],
    group: usize,
    start: usize,
    seated: usize,
    board: &mut Board,
    chosen: &mut Vec<Spot>,
    options: SeatOptions,
    theme: &Theme,
    found: &mut Vec<Seating>,
) -> Result<()> {
    let Some(g) = groups.get(group) else {
        let ways = ways(theme, chosen, options);
        if !ways.is_empty() {
            if found.len() == MOST_SEATINGS {
                return Err(Error::invalid(format!(
                    "more than {MOST_SEATINGS} sets of slots can seat {}: fix some entries' places (ROW COL across|down in the theme file) or choose a symmetry",
                    theme.describe()
                )));
            }
            found.push(Seating {
                white: board.white.clone(),
                black: board.black.clone(),
                ways,
            });
        }
        return Ok(());
    };
    if seated == g.entries.len() {
        return choose(
            groups,
            group + 1,
            0,
            0,
            board,
            chosen,
            options,
            theme,
            found,
        );
    }
    for (i, orbit) in g.orbits.iter().enumerate().skip(start) {
        if seated + orbit.len() > g.entries.len() {
            continue;
        }
        let saved = (
            board.white.clone(),
            board.black.clone(),
            board.covered.clone(),
        );
        if orbit.iter().all(|&s| board.add(s, options.crossings)) {
            chosen.extend(orbit);
            choose(
                groups,
                group,
                i + 1,
                seated + orbit.len(),
                board,
                chosen,
                options,
                theme,
                found,
            )?;
            chosen.truncate(chosen.len() - orbit.len());
        }
        (board.white, board.black, board.covered) = saved;
    }
    Ok(())
}

/// The ways of writing the theme's entries into `spots` (one of the right
/// length each): fixed places kept, letters agreeing where entries cross,
/// and the file's order when asked.
fn ways(theme: &Theme, spots: &[Spot], options: SeatOptions) -> Vec<Vec<Seat>> {
    let n = theme.entries.len();
    let mut order: Vec<Spot> = spots.to_vec();
    order.sort();
    let mut out = Vec::new();
    let mut taken = vec![None; order.len()];
    assign(theme, &order, 0, &mut taken, options, &mut out);
    debug_assert!(out.iter().all(|w: &Vec<Seat>| w.len() == n));
    out
}

fn assign(
    theme: &Theme,
    spots: &[Spot],
    entry: usize,
    taken: &mut Vec<Option<usize>>,
    options: SeatOptions,
    out: &mut Vec<Vec<Seat>>,
) {
    if entry == theme.entries.len() {
        let mut seats: Vec<Seat> = (0..theme.entries.len())
            .map(|e| {
                let s = spots[taken
                    .iter()
                    .position(|&t| t == Some(e))
                    .expect("every entry seated")];
                Seat {
                    row: s.row,
                    col: s.col,
                    across: !s.down,
                    answer: theme.entries[e].answer.clone(),
                }
            })
            .collect();
        if options.crossings && !letters_agree(&seats) {
            return;
        }
        seats.sort();
        out.push(seats);
        return;
    }
    let e = &theme.entries[entry];
    for (i, &spot) in spots.iter().enumerate() {
        if taken[i].is_some() || spot.len != e.answer.len() {
            continue;
        }
        if let Some(place) = e.place {
            let fixed = Spot {
                row: place.row,
                col: place.col,
                down: place.direction == Direction::Down,
                len: spot.len,
            };
            if fixed != spot {
                continue;
            }
        }
        // In order: each entry's slot comes after the one before it.
        if options.in_order && entry > 0 {
            let previous = taken.iter().position(|&t| t == Some(entry - 1));
            if previous.is_some_and(|p| spots[p] >= spot) {
                continue;
            }
        }
        taken[i] = Some(entry);
        assign(theme, spots, entry + 1, taken, options, out);
        taken[i] = None;
    }
}

/// Entries that share a square have the same letter there.
fn letters_agree(seats: &[Seat]) -> bool {
    let mut letters = std::collections::HashMap::new();
    seats.iter().all(|seat| {
        seat.cells()
            .zip(seat.answer.bytes())
            .all(|(cell, letter)| *letters.entry(cell).or_insert(letter) == letter)
    })
}

/// Entries the rules or the grid cannot hold at all, by name.
fn check_lengths(theme: &Theme, width: usize, height: usize, rules: &Rules) -> Result<()> {
    for e in &theme.entries {
        let len = e.answer.len();
        let longest = width.max(height);
        let problem = if len > longest {
            Some(format!("longer than the {width}x{height} grid"))
        } else if len < rules.min_word {
            Some(format!(
                "shorter than the rules' {}-letter minimum",
                rules.min_word
            ))
        } else if let Some(place) = e.place {
            let (dr, dc) = match place.direction {
                Direction::Across => (0, 1),
                Direction::Down => (1, 0),
            };
            let fits = place.row + (len - 1) * dr < height && place.col + (len - 1) * dc < width;
            (!fits).then(|| {
                format!(
                    "placed at row {}, column {} {} it runs off the {width}x{height} grid",
                    place.row + 1,
                    place.col + 1,
                    match place.direction {
                        Direction::Across => "across",
                        Direction::Down => "down",
                    }
                )
            })
        } else {
            None
        };
        if let Some(problem) = problem {
            return Err(Error::invalid(format!(
                "theme entry {} (line {}, {} letters) is {problem}",
                e.answer, e.line, len
            )));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pattern::rules::Style;

    #[test]
    fn unpaired_lengths_are_explained() {
        let rules = Rules::preset(Style::American);
        let theme = Theme::parse("ABCDEFGH\nIJKLMNOP\nQRSTUVWX", "t").unwrap();
        let e = seatings(&theme, 15, 15, &rules, SeatOptions::default()).unwrap_err();
        assert!(
            e.to_string().starts_with(
                "the rotational symmetry seats theme entries in matching pairs, and 3 of 8 letters"
            ),
            "{e}"
        );
        let long = Theme::parse("ABCDEFGHIJKLMNOP", "t").unwrap();
        let e = seatings(&long, 15, 15, &rules, SeatOptions::default()).unwrap_err();
        assert_eq!(
            e.to_string(),
            "theme entry ABCDEFGHIJKLMNOP (line 1, 16 letters) is longer than the 15x15 grid"
        );
    }

    #[test]
    fn three_fifteens_seat_in_the_middle_row_and_a_pair() {
        let rules = Rules::preset(Style::American);
        let theme = Theme::parse("ABCDEFGHIJKLMNO\nPQRSTUVWXYZABCD\nEFGHIJKLMNOPQRS", "t").unwrap();
        let all = seatings(&theme, 15, 15, &rules, SeatOptions::default()).unwrap();
        // The middle row with one of 7 row pairs, across or down; 3! ways each.
        assert_eq!(all.len(), 14);
        assert!(all.iter().all(|s| s.ways.len() == 6));
        let ordered = SeatOptions {
            in_order: true,
            ..SeatOptions::default()
        };
        let all = seatings(&theme, 15, 15, &rules, ordered).unwrap();
        assert!(all.iter().all(|s| s.ways.len() == 1));
    }
}
