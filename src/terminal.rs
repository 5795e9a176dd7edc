//! Drawing grids in a terminal with box-drawing characters.
//!
//! Each cell is three characters wide: a block is shaded, a fixed letter is
//! centred, and an empty cell that starts a word shows its clue number. A
//! barred grid's bars are drawn heavy (`┃`, `━━━`) where the other cell
//! sides are light.

use crate::grid::{Cell, Grid};

pub fn draw(grid: &Grid, min_slot: usize) -> String {
    let (w, h) = (grid.width(), grid.height());
    let numbers = grid.clue_numbers(min_slot);
    // The line under row `below` (None: the top edge), heavy under barred cells.
    let rule = |below: Option<usize>, left: &str, mid: &str, right: &str| {
        let mut line = String::from(left);
        for c in 0..w {
            let barred = below.is_some_and(|r| grid.bars(r, c).below);
            line.push_str(if barred { "━━━" } else { "───" });
            line.push_str(if c + 1 == w { right } else { mid });
        }
        line.push('\n');
        line
    };
    let mut out = rule(None, "┌", "┬", "┐");
    for r in 0..h {
        out.push('│');
        for c in 0..w {
            let cell = match grid.get(r, c) {
                Cell::Block => "███".to_string(),
                Cell::Letter(b) => format!(" {} ", b as char),
                Cell::Empty => match numbers[r * w + c] {
                    0 => "   ".to_string(),
                    n => format!("{n:<3}"),
                },
            };
            out.push_str(&cell);
            out.push(if grid.bars(r, c).right { '┃' } else { '│' });
        }
        out.push('\n');
        out.push_str(&if r + 1 == h {
            rule(None, "└", "┴", "┘")
        } else {
            rule(Some(r), "├", "┼", "┤")
        });
    }
    out
}
