//! The rules of a barred pattern and the check of a whole pattern against
//! them: every run a light or an unchecked cell, every cell in a light,
//! few and separated unchecked cells, connected lights, their number.

use std::fmt;

use crate::error::{Error, Result};
use crate::pattern::rules::{Amount, Bound, Symmetry};
use crate::pattern::Pattern;

/// The rules of a barred pattern.
#[derive(Clone, Debug, PartialEq)]
pub struct BarredRules {
    pub symmetry: Symmetry,
    /// Shortest light; runs from 2 to one shorter are not allowed (a run
    /// of 1 is an unchecked cell).
    pub min_light: usize,
    pub max_light: usize,
    /// Most unchecked cells (cells in no other light) a light may have: a
    /// count, or a share of its letters (rounded down).
    pub max_unchecked: Amount,
    /// Whether two unchecked cells may touch (side by side, in a light or
    /// across a bar).
    pub adjacent_unchecked: bool,
    /// Every light reachable from every other through crossings.
    pub connected: bool,
    /// How many lights, across and down.
    pub lights: Option<Bound>,
}

impl BarredRules {
    /// The conventions of published barred puzzles: rotational symmetry,
    /// lights of 3 letters or more, at most half of a light's letters
    /// unchecked and no two unchecked cells side by side, connected.
    pub fn conventional(width: usize, height: usize) -> BarredRules {
        BarredRules {
            symmetry: Symmetry::Rotational,
            min_light: 3,
            max_light: width.max(height),
            max_unchecked: Amount::Percent(50.0),
            adjacent_unchecked: false,
            connected: true,
            lights: None,
        }
    }

    /// Refuses rules no pattern of this size can meet before a search
    /// starts.
    pub fn validate(&self, width: usize, height: usize) -> Result<()> {
        if self.min_light < 2 {
            return Err(Error::rules(format!(
                "the shortest light is {}, but a light has at least 2 letters",
                self.min_light
            )));
        }
        if self.max_light < self.min_light {
            return Err(Error::rules(format!(
                "the longest light ({}) is shorter than the shortest ({})",
                self.max_light, self.min_light
            )));
        }
        for (what, side) in [("row", width), ("column", height)] {
            if compositions(side, self).is_empty() {
                return Err(Error::rules(format!(
                    "no {what} of {side} cells splits into lights of {}..={} letters and unchecked cells",
                    self.min_light, self.max_light
                )));
            }
        }
        Ok(())
    }

    /// Most unchecked cells in a light of `len` letters.
    fn unchecked_allowed(&self, len: usize) -> usize {
        match self.max_unchecked {
            Amount::Count(n) => n,
            Amount::Percent(p) => (p / 100.0 * len as f64).floor() as usize,
        }
    }
}

impl fmt::Display for BarredRules {
    /// The canonical one-line form, for pattern file headers.
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(
            f,
            "barred symmetry={} lights={}..{} max-unchecked={}{}{}",
            self.symmetry.name(),
            self.min_light,
            self.max_light,
            self.max_unchecked,
            if self.adjacent_unchecked {
                " adjacent-unchecked"
            } else {
                ""
            },
            if self.connected { " connected" } else { "" },
        )?;
        if let Some(lights) = self.lights {
            write!(f, " count={lights}")?;
        }
        Ok(())
    }
}

/// Why `pattern` breaks `rules`, naming a row, column or light (1-based),
/// or None when it keeps them all. Checks everything, the runs of each line
/// included, so that it also serves as the check of any pattern read in.
pub fn violation(pattern: &Pattern, rules: &BarredRules) -> Option<String> {
    let runs = Runs::of(pattern);
    let (w, h) = (pattern.width(), pattern.height());
    if let Some(r) = (0..h).find(|&r| pattern.rows()[r] != (1 << w) - 1) {
        return Some(format!(
            "row {} has a block; a barred pattern has none",
            r + 1
        ));
    }
    for run in runs.across.iter().chain(&runs.down) {
        if run.len > 1 && !(rules.min_light..=rules.max_light).contains(&run.len) {
            return Some(format!(
                "{} is {} letters long, outside {}..={}",
                run, run.len, rules.min_light, rules.max_light
            ));
        }
    }
    for r in 0..h {
        for c in 0..w {
            if runs.across_len(r, c) == 1 && runs.down_len(r, c) == 1 {
                return Some(format!(
                    "the cell at row {}, column {} is in no light",
                    r + 1,
                    c + 1
                ));
            }
        }
    }
    let lights: Vec<&Run> = runs
        .across
        .iter()
        .chain(&runs.down)
        .filter(|run| run.len > 1)
        .collect();
    for light in &lights {
        let count = light
            .cells()
            .filter(|&(r, c)| match light.across {
                true => runs.down_len(r, c) == 1,
                false => runs.across_len(r, c) == 1,
            })
            .count();
        if count > rules.unchecked_allowed(light.len) {
            return Some(format!(
                "{light} has {count} unchecked cells; at most {} allowed",
                rules.unchecked_allowed(light.len)
            ));
        }
    }
    if !rules.adjacent_unchecked {
        let unchecked = |r: usize, c: usize| runs.across_len(r, c) == 1 || runs.down_len(r, c) == 1;
        for r in 0..h {
            for c in 0..w {
                let right = c + 1 < w && unchecked(r, c + 1);
                let below = r + 1 < h && unchecked(r + 1, c);
                if unchecked(r, c) && (right || below) {
                    return Some(format!(
                        "the unchecked cells at row {}, column {} and row {}, column {} touch",
                        r + 1,
                        c + 1,
                        r + 1 + usize::from(!right),
                        c + 1 + usize::from(right)
                    ));
                }
            }
        }
    }
    if let Some(bound) = rules.lights {
        let (lo, hi) = bound.resolve(w * h);
        if !(lo..=hi).contains(&lights.len()) {
            return Some(format!("{} lights, outside {bound}", lights.len()));
        }
    }
    if rules.connected && !connected(w, h, &lights) {
        return Some("the lights fall apart into groups that do not cross".to_string());
    }
    None
}

/// Whether every cell is joined to every other along lights.
fn connected(width: usize, height: usize, lights: &[&Run]) -> bool {
    let mut parent: Vec<usize> = (0..width * height).collect();
    fn root(parent: &mut [usize], mut i: usize) -> usize {
        while parent[i] != i {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        i
    }
    for light in lights {
        let cells: Vec<usize> = light.cells().map(|(r, c)| r * width + c).collect();
        for pair in cells.windows(2) {
            let (a, b) = (root(&mut parent, pair[0]), root(&mut parent, pair[1]));
            parent[a] = b;
        }
    }
    let first = root(&mut parent, 0);
    (1..width * height).all(|i| root(&mut parent, i) == first)
}

/// One maximal run between bars and edges.
struct Run {
    across: bool,
    row: usize,
    col: usize,
    len: usize,
}

impl Run {
    fn cells(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        (0..self.len).map(move |i| match self.across {
            true => (self.row, self.col + i),
            false => (self.row + i, self.col),
        })
    }
}

impl fmt::Display for Run {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let way = if self.across { "across" } else { "down" };
        write!(
            f,
            "the light {way} at row {}, column {}",
            self.row + 1,
            self.col + 1
        )
    }
}

/// Every run of a pattern without blocks, and each cell's run lengths.
struct Runs {
    width: usize,
    across: Vec<Run>,
    down: Vec<Run>,
    across_len: Vec<usize>,
    down_len: Vec<usize>,
}

impl Runs {
    fn of(p: &Pattern) -> Runs {
        let (w, h) = (p.width(), p.height());
        let mut runs = Runs {
            width: w,
            across: Vec::new(),
            down: Vec::new(),
            across_len: vec![0; w * h],
            down_len: vec![0; w * h],
        };
        // Each line of each direction, cut after its last cell and at bars.
        for across in [true, false] {
            let (lines, cells) = if across { (h, w) } else { (w, h) };
            for line in 0..lines {
                let at = |i: usize| if across { (line, i) } else { (i, line) };
                let mut start = 0;
                for i in 0..cells {
                    let (r, c) = at(i);
                    let bar = if across {
                        p.bars_right(r) >> c & 1 == 1
                    } else {
                        p.bars_below(r) >> c & 1 == 1
                    };
                    if i + 1 < cells && !bar {
                        continue;
                    }
                    let len = i + 1 - start;
                    let lengths = if across {
                        &mut runs.across_len
                    } else {
                        &mut runs.down_len
                    };
                    for (rr, cc) in (start..=i).map(at) {
                        lengths[rr * w + cc] = len;
                    }
                    let (row, col) = at(start);
                    let run = Run {
                        across,
                        row,
                        col,
                        len,
                    };
                    if across {
                        runs.across.push(run);
                    } else {
                        runs.down.push(run);
                    }
                    start = i + 1;
                }
            }
        }
        runs
    }

    fn across_len(&self, r: usize, c: usize) -> usize {
        self.across_len[r * self.width + c]
    }

    fn down_len(&self, r: usize, c: usize) -> usize {
        self.down_len[r * self.width + c]
    }
}

/// Every split of a line of `cells` cells into runs of 1 or of
/// `min_light..=max_light`, as the mask of bars after its cells (bit i: a
/// bar after cell i; never after the last).
pub(super) fn compositions(cells: usize, rules: &BarredRules) -> Vec<u32> {
    fn extend(at: usize, cells: usize, rules: &BarredRules, bars: u32, out: &mut Vec<u32>) {
        if at == cells {
            out.push(bars);
            return;
        }
        let lengths = std::iter::once(1).chain(rules.min_light.max(2)..=rules.max_light);
        for len in lengths {
            let end = at + len;
            if end > cells {
                break;
            }
            let bar = if end < cells { 1 << (end - 1) } else { 0 };
            extend(end, cells, rules, bars | bar, out);
        }
    }
    let mut out = Vec::new();
    extend(0, cells, rules, 0, &mut out);
    out
}
