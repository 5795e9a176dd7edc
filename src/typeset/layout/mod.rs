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
//! The layout search ([`plan`]) chooses the column count, the grid's span
//! and the clue and cell sizes; this file sets the pages from its plan.
//!
//! Titles, notes and copyrights of any length are wrapped, not cut; if they
//! leave less than half the page for the grid and clues, that is an error
//! rather than a page with no room for the puzzle. Empty ones take no room.

mod plan;
#[cfg(test)]
mod tests;

use crate::error::{Error, Result};
use crate::grid::Direction;
use crate::puzzle::Puzzle;

use super::board::{self, Marks};
use super::clues::{self, Entry, Position, Setting, Spot};
use super::fonts::{Fonts, Style};
use super::page::{wrap, Item, Page, Rect};
use plan::{Search, GUTTER, MAX_CELL};

/// Page margin on every side: half an inch.
const MARGIN: f32 = 36.0;

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
