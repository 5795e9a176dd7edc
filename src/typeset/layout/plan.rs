//! The layout search: how many clue columns page 1 gets, how much of
//! them the grid spans, and the clue and cell sizes.
//!
//! The grid comes first, because a solver writes in it: its cells are never
//! smaller than [`Search::min_cell`] (7 mm, unless the grid would then be
//! wider than 4/5 of the page), and its numbers follow the cell
//! ([`crate::typeset::board::number_size`]). The search ([`Search`]) tries
//! every column count, grid span, clue size (in quarter points from
//! [`MAX_CLUE_SIZE`] down to [`READABLE_CLUE_SIZE`]) and cell size from
//! that floor up to what the span allows, and keeps:
//!
//! 1. the fewest pages of clues: one if the clues fit beside and under the
//!    grid, else as many as they need; a second page of clues is better than
//!    a grid too small to write in or clues too small to read;
//! 2. of those, the best balance of clue size and cell size ([`score`]). As
//!    bigger clues fill pages faster, this also fills the last page rather
//!    than leaving a few clues alone on it;
//! 3. of equals, the one with the most clues on page 1, then the biggest
//!    cells.
//!
//! Clues go below [`READABLE_CLUE_SIZE`], to no less than [`MIN_CLUE_SIZE`],
//! only if no number of pages could hold them otherwise.

use crate::grid::Grid;

use crate::typeset::clues::{Entry, Position, Setting, Spot};
use crate::typeset::fonts::Fonts;
use crate::typeset::page::Rect;

/// Space between the grid and the clues below it, and under headers.
pub(super) const GUTTER: f32 = 12.0;
const MAX_CLUE_SIZE: f32 = 10.0;
/// Clues are set at least this large whenever more pages can hold them.
pub(super) const READABLE_CLUE_SIZE: f32 = 7.5;
/// The smallest clue size still readable in print, for pages too small for
/// anything bigger.
pub(super) const MIN_CLUE_SIZE: f32 = 6.0;
const SIZE_STEP: f32 = 0.25;
/// A clue column narrower than this holds too few words per line.
const MIN_COLUMN_WIDTH: f32 = 90.0;
/// Nor may the text beside the clue numbers be narrower than this many ems
/// of the clue size (about 20 characters): bigger clues need wider columns
/// not to wrap at every other word.
const MIN_MEASURE_EMS: f32 = 10.0;
/// Bigger cells than this (half an inch) only waste the page.
pub(super) const MAX_CELL: f32 = 36.0;
/// 7 mm: the smallest cell a solver writes a letter in comfortably, clear
/// of the number in its corner.
pub(super) const WRITING_CELL: f32 = 7.0 * 72.0 / 25.4;
/// A grid is not made wider than this share of the content width just to
/// reach [`WRITING_CELL`]: a 25×25 would leave only a sliver for clues.
const MAX_GRID_SHARE: f32 = 0.8;
/// The share of the content height a grid may take: centred over the
/// clues, or beside columns of clues (which then need less room below it).
const CENTRED_HEIGHT_SHARE: f32 = 0.72;
const BESIDE_HEIGHT_SHARE: f32 = 0.85;
/// Cell sizes are tried in steps of this, so that the chosen size is exact.
const CELL_STEP: f32 = 0.05;
/// Sizes beyond which more is no longer better, for [`score`].
const COMFORTABLE_CLUE_SIZE: f32 = 9.5;
/// 10 mm.
const COMFORTABLE_CELL: f32 = 10.0 * 72.0 / 25.4;
/// More pages of clues than this is no layout: a bound for the search.
const MAX_CLUE_PAGES: usize = 50;

/// One way to lay out page 1: `count` columns of clues set at `size`, the
/// grid as wide as `span` of them at most, with cells of `cell`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Plan {
    pub(super) count: usize,
    pub(super) span: usize,
    pub(super) cell: f32,
    pub(super) size: f32,
}

/// The space between clue columns: a little more than the clue size, as
/// type of any size needs about the same gap in ems to keep its columns
/// apart.
pub(super) fn column_gap(size: f32) -> f32 {
    size * 1.2
}

/// The layout search of the module documentation.
pub(super) struct Search<'a> {
    pub(super) fonts: &'a Fonts,
    pub(super) grid: &'a Grid,
    pub(super) entries: &'a [Entry],
    /// Page 1's room for the grid and clues.
    pub(super) area: Rect,
    /// A continuation page's room for clues.
    pub(super) more: Rect,
}

impl Search<'_> {
    /// The column counts to try at clue size `size`: 2 to 5 columns at
    /// least [`MIN_COLUMN_WIDTH`] wide, or a single column on paper too
    /// narrow for two.
    fn counts(&self, size: f32) -> Vec<usize> {
        let counts: Vec<usize> = (2..=5)
            .filter(|&count| self.width(count, size) >= MIN_COLUMN_WIDTH)
            .collect();
        if counts.is_empty() {
            vec![1]
        } else {
            counts
        }
    }

    /// The width of each of `count` columns of clues of `size` across the
    /// content area.
    pub(super) fn width(&self, count: usize, size: f32) -> f32 {
        (self.area.width - column_gap(size) * (count - 1) as f32) / count as f32
    }

    /// The biggest cell for a grid spanning `span` of `count` columns.
    fn max_cell(&self, count: usize, span: usize, size: f32) -> f32 {
        let width = self.width(count, size);
        let band = span as f32 * width + (span - 1) as f32 * column_gap(size);
        let share = if span == count {
            CENTRED_HEIGHT_SHARE
        } else {
            BESIDE_HEIGHT_SHARE
        };
        MAX_CELL
            .min(band / self.grid.width() as f32)
            .min(self.area.height * share / self.grid.height() as f32)
    }

    /// The smallest cell the search may give the grid with clues of at
    /// least `smallest` points: [`WRITING_CELL`], unless the grid would then
    /// be wider than [`MAX_GRID_SHARE`] of the page, or no arrangement has
    /// room for it.
    pub(super) fn min_cell(&self, smallest: f32) -> f32 {
        let largest = clue_sizes(smallest)
            .flat_map(|size| {
                self.counts(size)
                    .into_iter()
                    .flat_map(move |count| (1..=count).map(move |span| (count, span, size)))
            })
            .map(|(count, span, size)| self.max_cell(count, span, size))
            .fold(0.0, f32::max);
        WRITING_CELL
            .min(MAX_GRID_SHARE * self.area.width / self.grid.width() as f32)
            .min(largest)
    }

    /// Where the grid goes and the columns of page 1 for `plan`. A grid
    /// spanning every column is centred, otherwise it is flush right.
    /// Columns the grid's width overlaps start below it, the others at the
    /// top.
    pub(super) fn arrangement(&self, plan: &Plan) -> ((f32, f32), Vec<Spot>) {
        let area = self.area;
        let width = self.width(plan.count, plan.size);
        let gap = column_gap(plan.size);
        let grid_width = plan.cell * self.grid.width() as f32;
        let grid_height = plan.cell * self.grid.height() as f32;
        let x = if plan.span == plan.count {
            area.x + (area.width - grid_width) / 2.0
        } else {
            area.right() - grid_width
        };
        let spots = (0..plan.count)
            .map(|i| {
                let left = area.x + i as f32 * (width + gap);
                let overlaps = left < x + grid_width && left + width > x;
                let top = if overlaps {
                    area.y + grid_height + GUTTER
                } else {
                    area.y
                };
                (left, top, area.bottom())
            })
            .collect();
        ((x, area.y), spots)
    }

    /// The columns of a continuation page for the columns of `setting`.
    pub(super) fn more_spots(&self, setting: &Setting) -> Vec<Spot> {
        let more = self.more;
        let (width, gap) = (setting.width(), column_gap(setting.size()));
        let count = ((more.width + gap) / (width + gap)).floor().max(1.0) as usize;
        (0..count)
            .map(|i| {
                let left = more.x + i as f32 * (width + gap);
                (left, more.y, more.bottom())
            })
            .collect()
    }

    /// How many pages the clues take with `plan` (set as `setting`), and
    /// how far page 1 gets; no pages if no number of pages holds them.
    pub(super) fn pages(&self, setting: &Setting, plan: &Plan) -> Option<(usize, Position)> {
        let (_, spots) = self.arrangement(plan);
        let more = self.more_spots(setting);
        let first = setting.reach(Position::default(), &spots);
        let mut next = first;
        let mut pages = 1;
        while next.entry < self.entries.len() {
            let reached = setting.reach(next, &more);
            if reached == next || pages >= MAX_CLUE_PAGES {
                return None;
            }
            next = reached;
            pages += 1;
        }
        Some((pages, first))
    }

    /// The plan to print (see the module documentation): clues of at least
    /// [`READABLE_CLUE_SIZE`] if any number of pages holds them, else of
    /// at least [`MIN_CLUE_SIZE`], else the smallest clues and cells.
    pub(super) fn choose(&self) -> Plan {
        self.best(READABLE_CLUE_SIZE)
            .or_else(|| self.best(MIN_CLUE_SIZE))
            .unwrap_or_else(|| {
                let count = self.counts(MIN_CLUE_SIZE)[0];
                Plan {
                    count,
                    span: count,
                    cell: self.min_cell(MIN_CLUE_SIZE),
                    size: MIN_CLUE_SIZE,
                }
            })
    }

    /// The best plan with clues of at least `smallest` points: the fewest
    /// pages, then the best [`score`], then the most clues on page 1, then
    /// the biggest cells; of equals, the first found (the biggest clues).
    pub(super) fn best(&self, smallest: f32) -> Option<Plan> {
        // Cells are tried from the smallest allowed up, then at whole
        // multiples of CELL_STEP above it, so that the search is over whole
        // numbers and its results round numbers where they can be.
        let floor = self.min_cell(smallest);
        let base = (floor / CELL_STEP - 1e-3).ceil() as u32;
        let cell = |step: u32| match step {
            0 => floor,
            _ => (base + step - 1) as f32 * CELL_STEP,
        };
        let mut settings = Vec::new();
        let mut options = Vec::new();
        for size in clue_sizes(smallest) {
            for count in self.counts(size) {
                let setting = Setting::new(self.fonts, self.entries, size, self.width(count, size));
                if setting.text_width() < MIN_MEASURE_EMS * size && count > 1 {
                    continue;
                }
                for span in (1..=count).rev() {
                    let max = self.max_cell(count, span, size);
                    if max < floor {
                        continue;
                    }
                    // The last step whose cell is at most `max`.
                    let top = (max / CELL_STEP + 1e-3).floor() as u32;
                    let steps = (top + 1).saturating_sub(base);
                    let plan = Plan {
                        count,
                        span,
                        // The smallest grid leaves the most room for clues.
                        cell: floor,
                        size,
                    };
                    if let Some((pages, _)) = self.pages(&setting, &plan) {
                        options.push((settings.len(), plan, steps, pages));
                    }
                }
                settings.push(setting);
            }
        }
        let fewest = options.iter().map(|o| o.3).min()?;
        let mut best: Option<(Plan, f32, Position)> = None;
        for (index, plan, steps, _) in options.into_iter().filter(|o| o.3 == fewest) {
            let setting = &settings[index];
            let at = |step: u32| Plan {
                cell: cell(step),
                ..plan
            };
            // The biggest cell that keeps to the fewest pages: fewer pages
            // only come with smaller grids, so this is a binary search.
            let fits = |step: u32| {
                self.pages(setting, &at(step))
                    .is_some_and(|(pages, _)| pages <= fewest)
            };
            let (mut fitting, mut too_big) = (0, steps + 1);
            while too_big - fitting > 1 {
                let mid = fitting + (too_big - fitting) / 2;
                if fits(mid) {
                    fitting = mid;
                } else {
                    too_big = mid;
                }
            }
            let plan = at(fitting);
            let value = score(plan.cell, plan.size);
            let Some((_, first)) = self.pages(setting, &plan) else {
                continue;
            };
            let better = match best {
                None => true,
                Some((b, b_value, b_first)) => {
                    value > b_value
                        || (value == b_value
                            && (first > b_first || (first == b_first && plan.cell > b.cell)))
                }
            };
            if better {
                best = Some((plan, value, first));
            }
        }
        best.map(|(plan, _, _)| plan)
    }
}

/// How good a layout looks: bigger clues and bigger cells both help, each up
/// to a comfortable size, and equally.
fn score(cell: f32, size: f32) -> f32 {
    size.min(COMFORTABLE_CLUE_SIZE) / COMFORTABLE_CLUE_SIZE
        + cell.min(COMFORTABLE_CELL) / COMFORTABLE_CELL
}

/// Clue sizes from [`MAX_CLUE_SIZE`] down to `smallest`, in steps of
/// [`SIZE_STEP`].
fn clue_sizes(smallest: f32) -> impl Iterator<Item = f32> {
    let steps = ((MAX_CLUE_SIZE - smallest) / SIZE_STEP).round() as usize;
    (0..=steps).map(|i| MAX_CLUE_SIZE - i as f32 * SIZE_STEP)
}
