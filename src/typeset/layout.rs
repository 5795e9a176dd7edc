//! Page layout: where the header, grid, clue columns, footer and solution go.
//!
//! The puzzle page is laid out like a newspaper's: title, byline and notes
//! across the top (each only if there is one), a rule, then the content area
//! split into 2 to 5 equal columns, the gap between them growing with the
//! clue size. The grid sits at the top right spanning some of those columns,
//! or centred across all of them; clues fill the columns beside it from the
//! top and those under it from below the grid. Clues that page 1 cannot
//! hold continue on further pages in columns of the same width, the last
//! page's columns balanced to about equal length. Then comes the solution
//! page, its cells never bigger than the puzzle's, and every page has the
//! copyright (if any) at its foot.
//!
//! The grid comes first, because a solver writes in it: its cells are never
//! smaller than [`Search::min_cell`] (7 mm, unless the grid would then be
//! wider than 4/5 of the page), and its numbers follow the cell
//! ([`board::number_size`]). The search ([`Search`]) tries every column
//! count, grid span, clue size (in quarter points from [`MAX_CLUE_SIZE`]
//! down to [`READABLE_CLUE_SIZE`]) and cell size from that floor up to what
//! the span allows, and keeps:
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
//!
//! Titles, notes and copyrights of any length are wrapped, not cut; if they
//! leave less than half the page for the grid and clues, that is an error
//! rather than a page with no room for the puzzle. Empty ones take no room.

use crate::error::{Error, Result};
use crate::grid::{Direction, Grid};
use crate::puzzle::Puzzle;

use super::board::{self, Marks};
use super::clues::{self, Entry, Position, Setting, Spot};
use super::fonts::{Fonts, Style};
use super::page::{wrap, Item, Page, Rect};

/// Page margin on every side: half an inch.
const MARGIN: f32 = 36.0;
/// Space between the grid and the clues below it, and under headers.
const GUTTER: f32 = 12.0;
const MAX_CLUE_SIZE: f32 = 10.0;
/// Clues are set at least this large whenever more pages can hold them.
const READABLE_CLUE_SIZE: f32 = 7.5;
/// The smallest clue size still readable in print, for pages too small for
/// anything bigger.
const MIN_CLUE_SIZE: f32 = 6.0;
const SIZE_STEP: f32 = 0.25;
/// A clue column narrower than this holds too few words per line.
const MIN_COLUMN_WIDTH: f32 = 90.0;
/// Nor may the text beside the clue numbers be narrower than this many ems
/// of the clue size (about 20 characters): bigger clues need wider columns
/// not to wrap at every other word.
const MIN_MEASURE_EMS: f32 = 10.0;
/// Bigger cells than this (half an inch) only waste the page.
const MAX_CELL: f32 = 36.0;
/// 7 mm: the smallest cell a solver writes a letter in comfortably, clear
/// of the number in its corner.
const WRITING_CELL: f32 = 7.0 * 72.0 / 25.4;
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

/// Characters of title, byline and notes beyond which they cannot leave
/// half a page: half an A4 or Letter page holds about 40 lines of 9-point
/// notes of at most about 200 of the narrowest letters each.
const MAX_HEADING_CHARS: usize = 20_000;

const TITLE_SIZE: f32 = 20.0;
const BYLINE_SIZE: f32 = 11.0;
const NOTES_SIZE: f32 = 9.0;
const CONTINUED_SIZE: f32 = 12.0;
const FOOTER_SIZE: f32 = 8.0;
const RULE_WIDTH: f32 = 0.75;

/// Where the layout put things, in points from each page's top-left
/// corner: what the PDF is drawn from, for checking sizes and placement
/// without reading the PDF back.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    /// Paper width and height.
    pub paper: (f32, f32),
    /// The margin every page keeps clear on each side.
    pub margin: f32,
    /// All pages: the puzzle page, any pages of clues that continue it, and
    /// the solution page.
    pub pages: usize,
    /// The puzzle page and the pages of clues that continue it.
    pub clue_pages: usize,
    /// The size of the clue text.
    pub clue_size: f32,
    /// The width of every clue column, on every page.
    pub column_width: f32,
    /// The grid to solve in (on page 0); its `mark_size` is the size of its
    /// clue numbers.
    pub puzzle: GridBox,
    /// The solution grid, if printed; its `mark_size` is the letters' size.
    pub solution: Option<GridBox>,
    /// Each clue as set, one for each column it is set in (a clue split
    /// between columns has two).
    pub clues: Vec<PlacedClue>,
    /// Every text run of every page: title, clues, grid numbers and letters,
    /// footers.
    pub texts: Vec<TextBox>,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GridBox {
    /// The page, counted from 0.
    pub page: usize,
    /// The grid's outer edges.
    pub rect: Rect,
    /// The side of a cell.
    pub cell: f32,
    /// The size of the numbers (puzzle) or letters (solution) in the cells.
    pub mark_size: f32,
}

#[derive(Clone, Debug, PartialEq)]
pub struct PlacedClue {
    pub number: u32,
    pub direction: Direction,
    pub page: usize,
    /// Which of the clue's wrapped lines this part holds: `lines` of them
    /// from `first_line` on (0 for the part with the number).
    pub first_line: usize,
    pub lines: usize,
    /// As wide as the column, from the top of its first line to the bottom
    /// of its last.
    pub rect: Rect,
}

#[derive(Clone, Debug, PartialEq)]
pub struct TextBox {
    pub page: usize,
    /// Where the ink can be: from the top of capitals and accented small
    /// letters (0.76 em above the baseline) to the bottom of descenders
    /// (0.23 em below), as wide as the text's advance.
    pub rect: Rect,
    pub size: f32,
    pub text: String,
}

/// The pages of the document: the puzzle page, any pages of clues that did
/// not fit on it, and (with `solution`) the solution page; and where the
/// layout put things on them. `(width, height)` is the paper size in points.
pub fn document(
    fonts: &Fonts,
    puzzle: &Puzzle,
    (width, height): (f32, f32),
    solution: bool,
) -> Result<(Vec<Page>, Layout)> {
    let mut sheet = Sheet {
        fonts,
        width,
        height,
        footer: Vec::new(),
        bottom: height - MARGIN,
    };
    sheet.set_footer(&puzzle.copyright);
    let set = puzzle_pages(&sheet, puzzle)?;
    let mut pages = set.pages;
    let clue_pages = pages.len();
    let puzzle_grid = GridBox {
        page: 0,
        rect: set.grid,
        cell: set.cell,
        mark_size: board::number_size(set.cell),
    };
    let solution_grid = solution.then(|| {
        let (page, grid) = solution_page(&sheet, puzzle, set.cell);
        pages.push(page);
        grid
    });
    // The footer goes last so that text extraction reads it last too.
    for page in &mut pages {
        page.items.extend(sheet.footer.iter().cloned());
    }
    let texts = pages
        .iter()
        .enumerate()
        .flat_map(|(index, page)| {
            page.items.iter().filter_map(move |item| match item {
                Item::Text {
                    x,
                    baseline,
                    size,
                    style,
                    text,
                } => Some(TextBox {
                    page: index,
                    rect: Rect {
                        x: *x,
                        y: baseline - size * 0.76,
                        width: fonts.width(text, *style, *size),
                        height: size * 0.99,
                    },
                    size: *size,
                    text: text.clone(),
                }),
                _ => None,
            })
        })
        .collect();
    let layout = Layout {
        paper: (width, height),
        margin: MARGIN,
        pages: pages.len(),
        clue_pages,
        clue_size: set.size,
        column_width: set.column_width,
        puzzle: puzzle_grid,
        solution: solution_grid.map(|grid| GridBox {
            page: clue_pages,
            ..grid
        }),
        clues: set.clues,
        texts,
    };
    Ok((pages, layout))
}

/// What every page shares: the paper and the footer.
struct Sheet<'a> {
    fonts: &'a Fonts,
    width: f32,
    height: f32,
    footer: Vec<Item>,
    /// Where content must end, above the footer.
    bottom: f32,
}

impl Sheet<'_> {
    fn content_width(&self) -> f32 {
        self.width - 2.0 * MARGIN
    }

    /// The copyright, centred at the foot of the page, and the content
    /// bottom above it. Without a copyright there is no footer, and the
    /// content runs down to the margin.
    fn set_footer(&mut self, copyright: &str) {
        let copyright = self.fonts.printable(copyright);
        if copyright.is_empty() {
            return;
        }
        let lines = wrap(
            self.fonts,
            &copyright,
            Style::Regular,
            FOOTER_SIZE,
            self.content_width(),
        );
        let line = FOOTER_SIZE * 1.25;
        let top = self.height - MARGIN - lines.len() as f32 * line;
        for (i, text) in lines.into_iter().enumerate() {
            let width = self.fonts.width(&text, Style::Regular, FOOTER_SIZE);
            self.footer.push(Item::Text {
                x: (self.width - width) / 2.0,
                baseline: top + (i as f32 + 1.0) * line - FOOTER_SIZE * 0.25,
                size: FOOTER_SIZE,
                style: Style::Regular,
                text,
            });
        }
        self.bottom = top - GUTTER;
    }

    /// Sets `lines` of text (each wrapped to the content width, an empty one
    /// left out) from `y` down; returns the y below them.
    fn heading(&self, page: &mut Page, mut y: f32, lines: &[(&str, Style, f32)]) -> f32 {
        for &(text, style, size) in lines {
            let text = self.fonts.printable(text);
            if text.is_empty() {
                continue;
            }
            for line in wrap(self.fonts, &text, style, size, self.content_width()) {
                page.items.push(Item::Text {
                    x: MARGIN,
                    baseline: y + size * 0.93,
                    size,
                    style,
                    text: line,
                });
                y += size * 1.25;
            }
        }
        y
    }

    /// A rule across the content width under a heading, and the y below it.
    fn rule(&self, page: &mut Page, y: f32) -> f32 {
        let y = y + 4.0;
        page.items.push(Item::Line {
            from: (MARGIN, y),
            to: (self.width - MARGIN, y),
            width: RULE_WIDTH,
        });
        y + GUTTER
    }

    /// A page of clues continued from the one before it: its heading (the
    /// title if there is one) and the area below for columns.
    fn continued_page(&self, title: &str) -> (Page, Rect) {
        let mut page = Page::new(self.width, self.height);
        let title = self.fonts.printable(title);
        let heading = if title.is_empty() {
            "Clues, continued".to_string()
        } else {
            format!("{title}: clues, continued")
        };
        let below = self.heading(
            &mut page,
            MARGIN,
            &[(&heading, Style::Bold, CONTINUED_SIZE)],
        );
        let top = self.rule(&mut page, below);
        let area = Rect {
            x: MARGIN,
            y: top,
            width: self.content_width(),
            height: (self.bottom - top).max(0.0),
        };
        (page, area)
    }
}

/// "by Author", unless the author already says "by" (or is empty: then no
/// byline at all).
fn byline(author: &str) -> String {
    let author = author.trim();
    let has_by = author
        .get(..3)
        .is_some_and(|start| start.eq_ignore_ascii_case("by "));
    if author.is_empty() || has_by {
        author.to_string()
    } else {
        format!("by {author}")
    }
}

/// The puzzle page and its continuations, and what [`Layout`] reports of
/// them.
struct PuzzlePages {
    pages: Vec<Page>,
    grid: Rect,
    cell: f32,
    size: f32,
    column_width: f32,
    clues: Vec<PlacedClue>,
}

/// Page 1 with its header (title, byline, notes and a rule, each only if
/// there is one), and the room left below it for the grid and clues.
fn first_page(sheet: &Sheet, puzzle: &Puzzle) -> Result<(Page, Rect)> {
    let too_long = || {
        Error::invalid(
            "the title, byline, notes and copyright are too long: they leave less than \
             half the page for the grid and clues",
        )
    };
    // Far more than half a page holds even in the narrowest letters: no
    // need to wrap megabytes of notes to find that out.
    let heading = [&puzzle.title, &puzzle.author, &puzzle.notes];
    if heading.iter().map(|t| t.chars().count()).sum::<usize>() > MAX_HEADING_CHARS {
        return Err(too_long());
    }
    let mut page = Page::new(sheet.width, sheet.height);
    let bottom = sheet.bottom;
    let byline = byline(&puzzle.author);
    let below_header = sheet.heading(
        &mut page,
        MARGIN,
        &[
            (&puzzle.title, Style::Bold, TITLE_SIZE),
            (&byline, Style::Regular, BYLINE_SIZE),
            (&puzzle.notes, Style::Regular, NOTES_SIZE),
        ],
    );
    let top = if below_header > MARGIN {
        sheet.rule(&mut page, below_header)
    } else {
        MARGIN
    };
    if bottom - top < (sheet.height - 2.0 * MARGIN) / 2.0 {
        return Err(too_long());
    }
    let area = Rect {
        x: MARGIN,
        y: top,
        width: sheet.content_width(),
        height: bottom - top,
    };
    Ok((page, area))
}

fn puzzle_pages(sheet: &Sheet, puzzle: &Puzzle) -> Result<PuzzlePages> {
    let (mut page, area) = first_page(sheet, puzzle)?;
    let (continued, more) = sheet.continued_page(&puzzle.title);
    let entries = clues::entries(sheet.fonts, puzzle);
    let search = Search {
        fonts: sheet.fonts,
        grid: &puzzle.grid,
        entries: &entries,
        area,
        more,
    };
    let plan = search.choose();
    let setting = Setting::new(
        sheet.fonts,
        &entries,
        plan.size,
        search.width(plan.count, plan.size),
    );
    let (grid_at, spots) = search.arrangement(&plan);
    page.items.extend(board::draw(
        sheet.fonts,
        &puzzle.grid,
        &puzzle.marks,
        puzzle.min_slot,
        grid_at,
        plan.cell,
        Marks::Numbers,
    ));
    let mut pages = vec![page];
    let mut placed = Vec::new();
    let mut next = Position::default();
    let mut spots = spots;
    loop {
        if pages.len() > 1 {
            spots = balanced(&setting, next, spots);
        }
        let flow = setting.flow(next, &spots);
        let index = pages.len() - 1;
        pages[index].items.extend(flow.items);
        placed.extend(flow.placed.into_iter().map(|p| (index, p)));
        // No progress means no page could hold a single line; stopping beats
        // looping, and the check on the header above rules it out.
        if flow.next.entry >= entries.len() || flow.next == next {
            break;
        }
        next = flow.next;
        pages.push(continued.clone());
        spots = search.more_spots(&setting);
    }
    let clues = placed
        .into_iter()
        .filter_map(|(page, p)| match &entries[p.entry] {
            Entry::Clue {
                number, direction, ..
            } => Some(PlacedClue {
                number: *number,
                direction: *direction,
                page,
                first_line: p.first_line,
                lines: p.lines,
                rect: p.rect,
            }),
            Entry::Heading(_) => None,
        })
        .collect();
    Ok(PuzzlePages {
        pages,
        grid: Rect {
            x: grid_at.0,
            y: grid_at.1,
            width: plan.cell * puzzle.grid.width() as f32,
            height: plan.cell * puzzle.grid.height() as f32,
        },
        cell: plan.cell,
        size: plan.size,
        column_width: setting.width(),
        clues,
    })
}

/// `spots` (columns with one top and one bottom) shortened to the lowest
/// common bottom that still holds every entry from `from` on, so that the
/// last page of clues ends in columns of about equal length, as a newspaper
/// sets them, rather than in full columns and an empty one. If the entries
/// do not all fit, `spots` as they are.
fn balanced(setting: &Setting, from: Position, spots: Vec<Spot>) -> Vec<Spot> {
    let Some(&(_, top, bottom)) = spots.first() else {
        return spots;
    };
    let ends = setting.entries_count();
    let fits = |height: u32| {
        let cut: Vec<Spot> = spots
            .iter()
            .map(|&(left, top, _)| (left, top, top + height as f32))
            .collect();
        setting.reach(from, &cut).entry >= ends
    };
    // Whole points are fine enough, and keep the search exact.
    let full = (bottom - top).max(0.0).floor() as u32;
    if !fits(full) {
        return spots;
    }
    let (mut too_short, mut enough) = (0, full);
    while enough - too_short > 1 {
        let mid = too_short + (enough - too_short) / 2;
        if fits(mid) {
            enough = mid;
        } else {
            too_short = mid;
        }
    }
    spots
        .iter()
        .map(|&(left, top, _)| (left, top, top + enough as f32))
        .collect()
}

/// The solution grid, centred under its heading, its cells no bigger than
/// `puzzle_cell` so that it never outshines the grid to solve in.
fn solution_page(sheet: &Sheet, puzzle: &Puzzle, puzzle_cell: f32) -> (Page, GridBox) {
    let mut page = Page::new(sheet.width, sheet.height);
    let bottom = sheet.bottom;
    let below = sheet.heading(
        &mut page,
        MARGIN,
        &[
            ("Solution", Style::Bold, TITLE_SIZE),
            (&puzzle.title, Style::Regular, BYLINE_SIZE),
        ],
    );
    let top = sheet.rule(&mut page, below);
    let grid = &puzzle.grid;
    let cell = MAX_CELL
        .min(puzzle_cell)
        .min(sheet.content_width() / grid.width() as f32)
        .min((bottom - top).max(0.0) / grid.height() as f32);
    let x = (sheet.width - cell * grid.width() as f32) / 2.0;
    page.items.extend(board::draw(
        sheet.fonts,
        grid,
        &puzzle.marks,
        puzzle.min_slot,
        (x, top),
        cell,
        Marks::Letters,
    ));
    let rect = Rect {
        x,
        y: top,
        width: cell * grid.width() as f32,
        height: cell * grid.height() as f32,
    };
    let grid = GridBox {
        page: 0,
        rect,
        cell,
        mark_size: board::letter_size(cell),
    };
    (page, grid)
}

/// One way to lay out page 1: `count` columns of clues set at `size`, the
/// grid as wide as `span` of them at most, with cells of `cell`.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Plan {
    count: usize,
    span: usize,
    cell: f32,
    size: f32,
}

/// The space between clue columns: a little more than the clue size, as
/// type of any size needs about the same gap in ems to keep its columns
/// apart.
fn column_gap(size: f32) -> f32 {
    size * 1.2
}

/// The layout search of the module documentation.
struct Search<'a> {
    fonts: &'a Fonts,
    grid: &'a Grid,
    entries: &'a [Entry],
    /// Page 1's room for the grid and clues.
    area: Rect,
    /// A continuation page's room for clues.
    more: Rect,
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
    fn width(&self, count: usize, size: f32) -> f32 {
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
    fn min_cell(&self, smallest: f32) -> f32 {
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
    fn arrangement(&self, plan: &Plan) -> ((f32, f32), Vec<Spot>) {
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
    fn more_spots(&self, setting: &Setting) -> Vec<Spot> {
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
    fn pages(&self, setting: &Setting, plan: &Plan) -> Option<(usize, Position)> {
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
    fn choose(&self) -> Plan {
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
    fn best(&self, smallest: f32) -> Option<Plan> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    const LETTER: (f32, f32) = (612.0, 792.0);
    const A4: (f32, f32) = (595.276, 841.89);

    fn fixture(name: &str) -> Puzzle {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data/puzzles")
            .join(format!("{name}.ipuz"));
        crate::formats::ipuz::load(&path).unwrap()
    }

    fn lay_out(fonts: &Fonts, puzzle: &Puzzle, paper: (f32, f32), solution: bool) -> Layout {
        document(fonts, puzzle, paper, solution).unwrap().1
    }

    /// Every text run and clue inside the margins, no two text runs
    /// overlapping, and nothing running into a grid but the grid's own
    /// numbers or letters.
    fn assert_clean(what: &str, layout: &Layout) {
        let (width, height) = layout.paper;
        let m = layout.margin;
        let page = Rect {
            x: m,
            y: m,
            width: width - 2.0 * m,
            height: height - 2.0 * m,
        };
        let grids: Vec<GridBox> = std::iter::once(layout.puzzle)
            .chain(layout.solution)
            .collect();
        let boxes = layout
            .texts
            .iter()
            .map(|t| (t.page, t.rect))
            .chain(layout.clues.iter().map(|c| (c.page, c.rect)));
        for (index, b) in boxes {
            assert!(b.within(&page), "{what}: {b:?} outside the margins");
            for grid in grids.iter().filter(|g| g.page == index) {
                assert!(
                    b.within(&grid.rect) || !b.overlaps(&grid.rect),
                    "{what}: {b:?} runs into the grid"
                );
            }
        }
        for (i, a) in layout.texts.iter().enumerate() {
            for b in &layout.texts[i + 1..] {
                assert!(
                    a.page != b.page || !a.rect.overlaps(&b.rect),
                    "{what}: {a:?} overlaps {b:?}"
                );
            }
        }
    }

    #[test]
    fn every_fixture_lays_out_within_the_margins_without_overlaps() {
        let fonts = Fonts::load().unwrap();
        for name in ["mini5", "american15", "british15", "big21", "big25"] {
            for paper in [LETTER, A4] {
                let layout = lay_out(&fonts, &fixture(name), paper, true);
                assert_clean(&format!("{name} {paper:?}"), &layout);
            }
        }
    }

    #[test]
    fn extreme_shapes_and_texts_stay_within_the_page() {
        let fonts = Fonts::load().unwrap();
        let long = "An absurdly long clue that goes on and on ".repeat(80);
        for (width, height) in [(3, 3), (31, 31), (31, 3), (3, 31)] {
            let mut puzzle = Puzzle::from_grid(Grid::empty(width, height).unwrap(), 2);
            puzzle.title =
                "A title long enough to need a second line on any paper size at all".repeat(2);
            puzzle.author = "Someone".into();
            puzzle.copyright = "© 2026".into();
            for clue in &mut puzzle.clues {
                clue.text = format!("Clue {} {:?} with a few words", clue.number, clue.direction);
                clue.enumeration = "1,2-3".into();
            }
            puzzle.clues[0].text = long.clone();
            for paper in [LETTER, A4] {
                let what = format!("{width}x{height} {paper:?}");
                let layout = lay_out(&fonts, &puzzle, paper, false);
                assert_clean(&what, &layout);
                let set: String = layout
                    .texts
                    .iter()
                    .map(|t| t.text.as_str())
                    .collect::<Vec<_>>()
                    .join(" ");
                let last = puzzle.clues.last().unwrap();
                assert!(
                    set.contains(&format!("{} (1,2-3)", last.text)),
                    "{what}: the last clue is missing"
                );
                assert!(
                    layout.clue_size >= READABLE_CLUE_SIZE,
                    "{what} {} {} {} {}",
                    layout.clue_size,
                    layout.puzzle.cell,
                    layout.clue_pages,
                    layout.column_width
                );
            }
        }
    }

    /// The chosen sizes, as a record of the layout rules at work: 15×15s
    /// keep big cells and big clues on one page; 21×21s get cells over 7 mm
    /// and their long clues a second page; the 25×25's cells are as big as
    /// page 1 allows with room for clues below, its clues on three pages.
    #[test]
    fn clue_and_cell_sizes_of_the_fixtures() {
        let fonts = Fonts::load().unwrap();
        for (name, paper, clue_pages, clue_size, cell) in [
            ("mini5", LETTER, 1, 10.0, 36.0),
            ("american15", LETTER, 1, 10.0, 26.8),
            ("american15", A4, 1, 9.5, 28.35),
            ("british15", LETTER, 1, 9.5, 26.8),
            ("british15", A4, 1, 9.5, 28.75),
            ("big21", LETTER, 2, 8.5, 21.55),
            ("big21", A4, 2, 8.75, 23.35),
            ("big25", LETTER, 3, 9.0, 18.2),
            ("big25", A4, 3, 9.5, 19.15),
        ] {
            let what = format!("{name} {paper:?}");
            let layout = lay_out(&fonts, &fixture(name), paper, true);
            assert_eq!(layout.clue_pages, clue_pages, "{what}");
            assert_eq!(layout.clue_size, clue_size, "{what}");
            assert!(
                (layout.puzzle.cell - cell).abs() < 0.001,
                "{what}: {}",
                layout.puzzle.cell
            );
            assert_eq!(layout.pages, clue_pages + 1, "{what}");
        }
    }

    /// The search on `puzzle`'s page 1 as [`puzzle_pages`] sets it up.
    fn with_search<T>(
        fonts: &Fonts,
        puzzle: &Puzzle,
        paper: (f32, f32),
        f: impl FnOnce(&Search) -> T,
    ) -> T {
        let mut sheet = Sheet {
            fonts,
            width: paper.0,
            height: paper.1,
            footer: Vec::new(),
            bottom: paper.1 - MARGIN,
        };
        sheet.set_footer(&puzzle.copyright);
        let (_, area) = first_page(&sheet, puzzle).unwrap();
        let (_, more) = sheet.continued_page(&puzzle.title);
        let entries = clues::entries(fonts, puzzle);
        f(&Search {
            fonts,
            grid: &puzzle.grid,
            entries: &entries,
            area,
            more,
        })
    }

    #[test]
    fn cells_keep_to_7_mm_unless_the_grid_would_fill_the_width() {
        let fonts = Fonts::load().unwrap();
        for paper in [LETTER, A4] {
            let content = paper.0 - 2.0 * MARGIN;
            for (name, floor) in [
                ("american15", WRITING_CELL),
                ("big21", WRITING_CELL),
                ("big25", 0.8 * content / 25.0),
            ] {
                let min = with_search(&fonts, &fixture(name), paper, |s| {
                    s.min_cell(READABLE_CLUE_SIZE)
                });
                assert_eq!(min, floor, "{name} {paper:?}");
            }
        }
        assert!((WRITING_CELL - 19.8425).abs() < 1e-4);
    }

    #[test]
    fn clues_take_another_page_rather_than_go_below_the_readable_size() {
        let fonts = Fonts::load().unwrap();
        // A 21×21 with clues of up to 24 characters: on Letter, just too many
        // for page 1 at the readable size.
        let mut puzzle = fixture("big21");
        for clue in &mut puzzle.clues {
            clue.text = clue.text.chars().take(24).collect();
        }
        let (readable, small) = with_search(&fonts, &puzzle, LETTER, |s| {
            let pages = |plan: Plan| {
                let width = s.width(plan.count, plan.size);
                let setting = Setting::new(&fonts, s.entries, plan.size, width);
                (plan, s.pages(&setting, &plan).unwrap().0)
            };
            (
                pages(s.best(READABLE_CLUE_SIZE).unwrap()),
                pages(s.best(MIN_CLUE_SIZE).unwrap()),
            )
        });
        // 6.5-point clues would fit on page 1 beside and under a 7 mm grid
        // (flush right, one column beside it) ...
        let one_page = Plan {
            count: 5,
            span: 4,
            cell: 20.45,
            size: 6.5,
        };
        assert_eq!(small, (one_page, 1));
        // ... but the clues stay readable on a second page, and as that page
        // has room, they and the grid grow.
        let two_pages = Plan {
            count: 3,
            span: 3,
            cell: 21.65,
            size: 9.5,
        };
        assert_eq!(readable, (two_pages, 2));
        let layout = lay_out(&fonts, &puzzle, LETTER, false);
        assert_eq!((layout.clue_size, layout.puzzle.cell), (9.5, 21.65));
        assert_eq!(layout.pages, 2);
    }

    #[test]
    fn empty_credits_print_nothing_and_give_the_room_to_the_puzzle() {
        let fonts = Fonts::load().unwrap();
        let credited = fixture("big21");
        let mut bare = credited.clone();
        bare.title.clear();
        bare.author.clear();
        bare.copyright.clear();
        bare.notes.clear();
        for paper in [LETTER, A4] {
            let what = format!("{paper:?}");
            let with = lay_out(&fonts, &credited, paper, true);
            let without = lay_out(&fonts, &bare, paper, true);
            assert_clean(&what, &without);
            // The grid starts at the top margin, and nothing is set above it
            // or below the last clue's column bottom but the clues.
            assert_eq!(without.puzzle.rect.y, MARGIN, "{what}");
            let page_one: Vec<&TextBox> = without.texts.iter().filter(|t| t.page == 0).collect();
            assert!(page_one.iter().all(|t| t.rect.y >= MARGIN), "{what}");
            assert!(
                !page_one
                    .iter()
                    .any(|t| t.text.starts_with("by") || t.text.contains('©')),
                "{what}"
            );
            let headings: Vec<&str> = without
                .texts
                .iter()
                .filter(|t| {
                    t.size == CONTINUED_SIZE || t.size == TITLE_SIZE || t.size == BYLINE_SIZE
                })
                .map(|t| t.text.as_str())
                .collect();
            assert_eq!(headings, ["Clues, continued", "Solution"], "{what}");
            // The room goes to the grid.
            assert!(
                without.puzzle.cell > with.puzzle.cell,
                "{what}: {} vs {}",
                without.puzzle.cell,
                with.puzzle.cell
            );
            let lowest = |l: &Layout| l.clues.iter().map(|c| c.rect.bottom()).fold(0.0, f32::max);
            assert!(lowest(&without) > paper.1 - MARGIN - 2.0 * 10.0, "{what}");
            assert!(lowest(&with) < paper.1 - MARGIN - FOOTER_SIZE * 1.25 - GUTTER + 0.01);
        }
    }

    #[test]
    fn the_last_page_of_clues_ends_in_columns_of_about_equal_length() {
        let fonts = Fonts::load().unwrap();
        let puzzle = fixture("big25");
        let layout = lay_out(&fonts, &puzzle, LETTER, false);
        let last = layout.clue_pages - 1;
        let mut ends: Vec<(f32, f32)> = Vec::new();
        for clue in layout.clues.iter().filter(|c| c.page == last) {
            match ends.last_mut() {
                Some((x, end)) if *x == clue.rect.x => *end = clue.rect.bottom(),
                _ => ends.push((clue.rect.x, clue.rect.bottom())),
            }
        }
        assert_eq!(ends.len(), 4);
        // Within a long clue (four lines) of each other, and well short of
        // the page's bottom.
        let line = layout.clue_size * 1.15;
        let lowest = ends.iter().map(|e| e.1).fold(0.0, f32::max);
        let highest = ends.iter().map(|e| e.1).fold(f32::MAX, f32::min);
        assert!(lowest - highest < 4.0 * line + 2.0, "{ends:?}");
        assert!(lowest < LETTER.1 - MARGIN - 100.0, "{ends:?}");
        // Without balancing, the same clues fill the first column to the
        // foot of the page.
        let entries = clues::entries(&fonts, &puzzle);
        let setting = Setting::new(&fonts, &entries, layout.clue_size, layout.column_width);
        let first = layout.clues.iter().find(|c| c.page == last).unwrap();
        let from = entries
            .iter()
            .position(|e| {
                matches!(e, Entry::Clue { number, direction, .. }
                    if *number == first.number && *direction == first.direction)
            })
            .unwrap();
        let start = Position {
            entry: from,
            line: 0,
        };
        let gap = column_gap(layout.clue_size);
        let bottom = LETTER.1 - MARGIN - FOOTER_SIZE * 1.25 - GUTTER;
        let full: Vec<Spot> = (0..4)
            .map(|i| {
                let left = MARGIN + i as f32 * (layout.column_width + gap);
                (left, first.rect.y, bottom)
            })
            .collect();
        let unbalanced = setting.flow(start, &full);
        let first_column_end = unbalanced
            .placed
            .iter()
            .filter(|p| p.rect.x == MARGIN)
            .map(|p| p.rect.bottom())
            .fold(0.0, f32::max);
        assert!(
            first_column_end > bottom - 4.0 * line - 2.0,
            "{first_column_end}"
        );
        let cut = balanced(&setting, start, full);
        assert!(cut
            .iter()
            .all(|spot| spot.2 == cut[0].2 && spot.2 < lowest + line));
    }

    #[test]
    fn the_solution_grid_is_never_bigger_than_the_puzzle_grid() {
        let fonts = Fonts::load().unwrap();
        for name in ["mini5", "american15", "big21", "big25"] {
            let layout = lay_out(&fonts, &fixture(name), LETTER, true);
            let solution = layout.solution.unwrap();
            assert_eq!(solution.cell, layout.puzzle.cell, "{name}");
            assert_eq!(solution.page, layout.pages - 1, "{name}");
            assert_eq!(solution.mark_size, board::letter_size(solution.cell));
        }
    }

    #[test]
    fn without_a_solution_there_is_no_solution_page() {
        let fonts = Fonts::load().unwrap();
        let count = |name, solution| lay_out(&fonts, &fixture(name), LETTER, solution).pages;
        assert_eq!(count("mini5", false), 1);
        assert_eq!(count("big25", false), 3);
        assert_eq!(count("big25", true), 4);
    }

    #[test]
    fn credits_that_crowd_out_the_puzzle_are_an_error() {
        let fonts = Fonts::load().unwrap();
        let mut puzzle = fixture("mini5");
        puzzle.notes = "Instructions that go on for far too long. ".repeat(150);
        let err = document(&fonts, &puzzle, LETTER, true).unwrap_err();
        assert_eq!(
            err.to_string(),
            "the title, byline, notes and copyright are too long: they leave less than \
             half the page for the grid and clues"
        );
        // Megabytes of notes are refused the same way, before any wrapping.
        puzzle.notes = "i".repeat(5 << 20);
        let err = document(&fonts, &puzzle, LETTER, true).unwrap_err();
        assert!(err
            .to_string()
            .starts_with("the title, byline, notes and copyright are too long"));
        puzzle.notes = "Instructions that go on for far too long. ".repeat(50);
        assert_eq!(lay_out(&fonts, &puzzle, LETTER, true).pages, 2);
    }

    #[test]
    fn bylines_say_by_once() {
        assert_eq!(byline("Zoë Test"), "by Zoë Test");
        assert_eq!(byline("  By the Setter "), "By the Setter");
        assert_eq!(byline(""), "");
        assert_eq!(byline("   "), "");
    }
}
