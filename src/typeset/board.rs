//! Drawing a crossword grid: black blocks, thin lines between cells, a
//! barred grid's bars as heavy as the border, a heavier border, circled and
//! shaded cells, and either the clue numbers
//! (the puzzle) or the letters (the solution; a rebus cell's whole text,
//! smaller so that it fits).
//!
//! Sizes of the marks follow the cell size, so the same drawing serves a
//! 36-point mini cell and a 15-point cell of a 25×25 grid. Lines are drawn
//! after the blocks, and the border last, so that the border's full weight
//! shows even where a block touches it.

use crate::grid::{Cell, Grid, Marks as CellMarks};

use super::fonts::{Fonts, Style, CAP_HEIGHT};
use super::page::{Item, Rect};

/// What goes inside the white cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Marks {
    /// Clue numbers in the top-left corner, for solving.
    Numbers,
    /// The solution's letters, centred.
    Letters,
}

/// Lines between cells: thin enough not to compete with the writing.
const INNER_LINE: f32 = 0.5;

/// The border's weight grows with the cell (about 1/14 of it) but stays
/// between a clearly heavier line and one that does not eat into the cells.
fn border_width(cell: f32) -> f32 {
    (cell / 14.0).clamp(1.2, 2.4)
}

/// The items that draw `grid` with its top-left corner at (`x`, `y`) and
/// square cells of `cell` points; `min_slot` decides which cells get a
/// number.
/// `cell_marks` says which cells are circled, shaded or hold a rebus.
pub fn draw(
    fonts: &Fonts,
    grid: &Grid,
    cell_marks: &CellMarks,
    min_slot: usize,
    (x, y): (f32, f32),
    cell: f32,
    marks: Marks,
) -> Vec<Item> {
    let bounds = Rect {
        x,
        y,
        width: cell * grid.width() as f32,
        height: cell * grid.height() as f32,
    };
    let mut items = shades(cell_marks, bounds, cell);
    items.extend(blocks(grid, bounds, cell));
    items.extend(circles(cell_marks, bounds, cell));
    items.extend(inner_lines(grid, bounds, cell));
    items.extend(bars(grid, bounds, cell));
    items.push(Item::Frame(bounds, border_width(cell)));
    items.extend(match marks {
        Marks::Numbers => numbers(grid, min_slot, bounds, cell),
        Marks::Letters => letters(fonts, grid, cell_marks, bounds, cell),
    });
    items
}

fn shades(cell_marks: &CellMarks, bounds: Rect, cell: f32) -> Vec<Item> {
    cell_marks
        .iter()
        .filter(|(_, mark)| mark.shaded)
        .map(|(&(row, col), _)| Item::Shade(cell_rect(bounds, cell, row, col)))
        .collect()
}

/// A circle just inside the cell, thin like the inner lines, so that the
/// number in the corner and the letter in the middle stay readable.
fn circles(cell_marks: &CellMarks, bounds: Rect, cell: f32) -> Vec<Item> {
    cell_marks
        .iter()
        .filter(|(_, mark)| mark.circled)
        .map(|(&(row, col), _)| {
            let r = cell_rect(bounds, cell, row, col);
            Item::Circle {
                centre: (r.x + cell / 2.0, r.y + cell / 2.0),
                radius: cell * 0.46,
                width: INNER_LINE,
            }
        })
        .collect()
}

fn cell_rect(bounds: Rect, cell: f32, row: usize, col: usize) -> Rect {
    Rect {
        x: bounds.x + col as f32 * cell,
        y: bounds.y + row as f32 * cell,
        width: cell,
        height: cell,
    }
}

fn blocks(grid: &Grid, bounds: Rect, cell: f32) -> Vec<Item> {
    positions(grid)
        .filter(|&(row, col)| grid.get(row, col) == Cell::Block)
        .map(|(row, col)| Item::Fill(cell_rect(bounds, cell, row, col)))
        .collect()
}

fn inner_lines(grid: &Grid, bounds: Rect, cell: f32) -> Vec<Item> {
    let across = (1..grid.height()).map(|row| {
        let y = bounds.y + row as f32 * cell;
        (bounds.x, y, bounds.right(), y)
    });
    let down = (1..grid.width()).map(|col| {
        let x = bounds.x + col as f32 * cell;
        (x, bounds.y, x, bounds.bottom())
    });
    across
        .chain(down)
        .map(|(x1, y1, x2, y2)| Item::Line {
            from: (x1, y1),
            to: (x2, y2),
            width: INNER_LINE,
        })
        .collect()
}

/// One heavy line per bar, on the side of the cell it ends a word at. Each
/// reaches half its width past both cell corners, so that bars meeting at
/// a corner join without a notch, and bars meeting the border run into it.
fn bars(grid: &Grid, bounds: Rect, cell: f32) -> Vec<Item> {
    let width = border_width(cell);
    let reach = width / 2.0;
    let mut items = Vec::new();
    for (row, col) in positions(grid) {
        let r = cell_rect(bounds, cell, row, col);
        let bars = grid.bars(row, col);
        if bars.right {
            items.push(Item::Line {
                from: (r.right(), r.y - reach),
                to: (r.right(), r.bottom() + reach),
                width,
            });
        }
        if bars.below {
            items.push(Item::Line {
                from: (r.x - reach, r.bottom()),
                to: (r.right() + reach, r.bottom()),
                width,
            });
        }
    }
    items
}

/// Clue numbers are about 0.3 of the cell, but never under 6 points, the
/// smallest a solver reads at a glance, unless the cell is too small to
/// leave room under such a number for a letter (then 0.38 of the cell).
const MIN_NUMBER_SIZE: f32 = 6.0;

/// The size of the clue numbers in a puzzle grid of `cell`-point cells.
pub(crate) fn number_size(cell: f32) -> f32 {
    (cell * 0.3).max(MIN_NUMBER_SIZE).min(cell * 0.38)
}

/// The size of the letters in a solution grid of `cell`-point cells (a
/// rebus is set smaller to fit).
pub(crate) fn letter_size(cell: f32) -> f32 {
    cell * 0.62
}

/// Numbers tucked into the corner with a small inset so they clear the
/// lines.
fn numbers(grid: &Grid, min_slot: usize, bounds: Rect, cell: f32) -> Vec<Item> {
    let size = number_size(cell);
    let inset = (cell * 0.07).max(INNER_LINE + 0.6);
    let numbers = grid.clue_numbers(min_slot);
    positions(grid)
        .filter_map(|(row, col)| {
            let number = numbers[row * grid.width() + col];
            (number > 0).then(|| {
                let r = cell_rect(bounds, cell, row, col);
                Item::Text {
                    x: r.x + inset,
                    baseline: r.y + inset + size * CAP_HEIGHT,
                    size,
                    style: Style::Regular,
                    text: number.to_string(),
                }
            })
        })
        .collect()
}

/// Letters a little over half the cell high ([`letter_size`]), centred both ways (their cap
/// height, not their line box, is what is centred). A rebus is set smaller,
/// as large as fits in 80% of the cell's width.
fn letters(
    fonts: &Fonts,
    grid: &Grid,
    cell_marks: &CellMarks,
    bounds: Rect,
    cell: f32,
) -> Vec<Item> {
    let letter_size = letter_size(cell);
    positions(grid)
        .filter_map(|(row, col)| match grid.get(row, col) {
            Cell::Letter(b) => {
                let r = cell_rect(bounds, cell, row, col);
                let rebus = cell_marks.get(&(row, col)).and_then(|m| m.rebus.clone());
                let size = match &rebus {
                    Some(text) => {
                        let at_one_point = fonts.width(text, Style::Regular, 1.0);
                        letter_size.min(cell * 0.8 / at_one_point.max(f32::EPSILON))
                    }
                    None => letter_size,
                };
                let text = rebus.unwrap_or_else(|| char::from(b).to_string());
                let width = fonts.width(&text, Style::Regular, size);
                Some(Item::Text {
                    x: r.x + (cell - width) / 2.0,
                    baseline: r.y + (cell + size * CAP_HEIGHT) / 2.0,
                    size,
                    style: Style::Regular,
                    text,
                })
            }
            Cell::Block | Cell::Empty => None,
        })
        .collect()
}

fn positions(grid: &Grid) -> impl Iterator<Item = (usize, usize)> + '_ {
    (0..grid.height()).flat_map(move |row| (0..grid.width()).map(move |col| (row, col)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(items: &[Item]) -> Vec<String> {
        items
            .iter()
            .filter_map(|item| match item {
                Item::Text { text, .. } => Some(text.clone()),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn puzzle_grid_has_blocks_lines_border_and_numbers() {
        let fonts = Fonts::load().unwrap();
        let grid = Grid::parse_text("#AB\nCDE\nFG#\n", "t").unwrap();
        let items = draw(
            &fonts,
            &grid,
            &CellMarks::new(),
            2,
            (10.0, 20.0),
            30.0,
            Marks::Numbers,
        );
        let fills: Vec<&Item> = items
            .iter()
            .filter(|i| matches!(i, Item::Fill(_)))
            .collect();
        assert_eq!(
            fills,
            [
                &Item::Fill(Rect {
                    x: 10.0,
                    y: 20.0,
                    width: 30.0,
                    height: 30.0
                }),
                &Item::Fill(Rect {
                    x: 70.0,
                    y: 80.0,
                    width: 30.0,
                    height: 30.0
                }),
            ]
        );
        let lines = items
            .iter()
            .filter(|i| matches!(i, Item::Line { .. }))
            .count();
        assert_eq!(lines, 4);
        assert!(items.contains(&Item::Frame(
            Rect {
                x: 10.0,
                y: 20.0,
                width: 90.0,
                height: 90.0
            },
            30.0 / 14.0
        )));
        assert_eq!(texts(&items), ["1", "2", "3", "4"]);
    }

    #[test]
    fn numbers_keep_to_six_points_unless_the_cell_is_tiny() {
        // A 15×15's cells (26.8), a 21×21's at 7 mm (19.84), a mini's (36).
        assert!((number_size(26.8) - 8.04).abs() < 1e-4);
        assert_eq!(number_size(19.84), 6.0);
        assert!((number_size(36.0) - 10.8).abs() < 1e-4);
        // Under 6/0.38 = 15.8 points a cell takes 0.38 of itself.
        assert!((number_size(12.0) - 4.56).abs() < 1e-4);
    }

    #[test]
    fn solution_grid_centres_the_letters() {
        let fonts = Fonts::load().unwrap();
        let grid = Grid::parse_text("#AB\nCDE\nFG#\n", "t").unwrap();
        let items = draw(
            &fonts,
            &grid,
            &CellMarks::new(),
            2,
            (0.0, 0.0),
            20.0,
            Marks::Letters,
        );
        assert_eq!(texts(&items), ["A", "B", "C", "D", "E", "F", "G"]);
        let Some(Item::Text {
            x, baseline, size, ..
        }) = items
            .iter()
            .find(|i| matches!(i, Item::Text { text, .. } if text == "D"))
        else {
            panic!("no D");
        };
        let width = fonts.width("D", Style::Regular, *size);
        assert!((x + width / 2.0 - 30.0).abs() < 1e-3);
        assert!((baseline - size * CAP_HEIGHT / 2.0 - 30.0).abs() < 1e-3);
    }

    #[test]
    fn marked_cells_are_shaded_under_and_circled_over_the_grid() {
        use crate::grid::Mark;
        let fonts = Fonts::load().unwrap();
        let grid = Grid::parse_text("#AB\nCDE\nFG#\n", "t").unwrap();
        let marks = CellMarks::from([
            (
                (0, 1),
                Mark {
                    circled: true,
                    shaded: true,
                    rebus: None,
                },
            ),
            (
                (1, 1),
                Mark {
                    rebus: Some("DOUBLE".into()),
                    ..Mark::default()
                },
            ),
        ]);
        let items = draw(&fonts, &grid, &marks, 2, (0.0, 0.0), 20.0, Marks::Letters);
        let cell = Rect {
            x: 20.0,
            y: 0.0,
            width: 20.0,
            height: 20.0,
        };
        // The shade comes first, so blocks, lines and letters cover it.
        assert_eq!(items[0], Item::Shade(cell));
        assert!(items.contains(&Item::Circle {
            centre: (30.0, 10.0),
            radius: 20.0 * 0.46,
            width: INNER_LINE,
        }));
        let Some(Item::Text { x, size, .. }) = items
            .iter()
            .find(|i| matches!(i, Item::Text { text, .. } if text == "DOUBLE"))
        else {
            panic!("no rebus text");
        };
        let width = fonts.width("DOUBLE", Style::Regular, *size);
        assert!(*size < 20.0 * 0.62);
        assert!((width - 20.0 * 0.8).abs() < 1e-3);
        assert!((x + width / 2.0 - 30.0).abs() < 1e-3);
    }

    #[test]
    fn bars_are_heavy_lines_on_their_cells_sides_drawn_before_the_frame() {
        let fonts = Fonts::load().unwrap();
        let grid = Grid::parse_text("...\n...\n...\n\nbars: 1,1=R 2,3=B\n", "t").unwrap();
        let items = draw(
            &fonts,
            &grid,
            &CellMarks::new(),
            2,
            (10.0, 20.0),
            28.0,
            Marks::Numbers,
        );
        let heavy = border_width(28.0);
        let bars: Vec<&Item> = items
            .iter()
            .filter(|i| matches!(i, Item::Line { width, .. } if *width == heavy))
            .collect();
        let reach = heavy / 2.0;
        assert_eq!(
            bars,
            [
                &Item::Line {
                    from: (38.0, 20.0 - reach),
                    to: (38.0, 48.0 + reach),
                    width: heavy
                },
                &Item::Line {
                    from: (66.0 - reach, 76.0),
                    to: (94.0 + reach, 76.0),
                    width: heavy
                },
            ]
        );
        let frame = items
            .iter()
            .position(|i| matches!(i, Item::Frame(..)))
            .unwrap();
        assert!(items.iter().position(|i| i == bars[1]).unwrap() < frame);
        // Numbers follow the bars: the top-left cell's right bar leaves it
        // only a down word, and 2 starts the top row's across word.
        assert_eq!(texts(&items), ["1", "2", "3", "4", "5"]);
    }
}
