//! Plain text: the grid and numbered clues.
//!
//! For reading, mailing or printing a puzzle without crossword software: a
//! text file anyone can open. The layout, top to bottom, each part separated
//! by a blank line and left out when it would be empty:
//! - the title, and `by` the author;
//! - the notes;
//! - the blank grid drawn with `+---+` boxes, each white cell showing its
//!   clue number, blocks filled with `###` (4 columns a cell: a 21×21 grid is
//!   85 columns wide), and a barred grid's bars drawn double: `‖` between
//!   cells of a row, `===` between cells of a column;
//! - when cells are circled or shaded, which ones, as lines like
//!   `Circled squares (row,column): 1,1 1,3` (a box drawing has no room
//!   for a circle, and a solver needs to know them);
//! - `ACROSS` and `DOWN`, one clue a line, `12. Clue text (5)` with the
//!   answer length, or the clue's enumeration in its place when it has one
//!   (`12. Comic (6,3,6)`), numbers right-aligned;
//! - the copyright;
//! - `SOLUTION`: the filled grid, one row a line, letters separated by
//!   spaces, `#` for blocks and `.` for cells not filled yet; a rebus cell
//!   shows its whole text (`H E A R T` becomes `HEART E A …` there), so such
//!   a row is wider than the others.

use crate::grid::{Cell, Direction, Grid, Slot};
use crate::puzzle::{Mark, Puzzle};

/// The puzzle as plain text.
pub fn write(puzzle: &Puzzle) -> String {
    let slots = puzzle.grid.slots(puzzle.min_slot);
    let parts = [
        byline(puzzle),
        puzzle.notes.trim().to_string(),
        blank_grid(&puzzle.grid, puzzle.min_slot),
        marked_squares(puzzle),
        clue_list(puzzle, &slots, Direction::Across),
        clue_list(puzzle, &slots, Direction::Down),
        puzzle.copyright.trim().to_string(),
        solution(puzzle),
    ];
    let mut text = parts
        .iter()
        .filter(|part| !part.is_empty())
        .map(|part| part.trim_end())
        .collect::<Vec<_>>()
        .join("\n\n");
    text.push('\n');
    text
}

fn byline(puzzle: &Puzzle) -> String {
    let title = puzzle.title.trim();
    let author = puzzle.author.trim();
    match (title.is_empty(), author.is_empty()) {
        (_, true) => title.to_string(),
        (true, false) => format!("by {author}"),
        (false, false) => format!("{title}\nby {author}"),
    }
}

fn blank_grid(grid: &Grid, min_slot: usize) -> String {
    let numbers = grid.clue_numbers(min_slot);
    // The line under `row` (None: the top and bottom edges).
    let border = |row: Option<usize>| {
        let mut line: String = (0..grid.width())
            .map(|col| match row {
                Some(r) if grid.bars(r, col).below => "+===",
                _ => "+---",
            })
            .collect();
        line.push_str("+\n");
        line
    };
    let mut text = border(None);
    for row in 0..grid.height() {
        text.push('|');
        for col in 0..grid.width() {
            let content = match grid.get(row, col) {
                Cell::Block => "###".to_string(),
                _ => match numbers[row * grid.width() + col] {
                    0 => String::new(),
                    n => n.to_string(),
                },
            };
            let side = if grid.bars(row, col).right {
                '‖'
            } else {
                '|'
            };
            text.push_str(&format!("{content:<3}{side}"));
        }
        text.push('\n');
        text.push_str(&border((row + 1 < grid.height()).then_some(row)));
    }
    text
}

/// The heading and the direction's clues; empty when the grid has no word
/// in that direction.
fn clue_list(puzzle: &Puzzle, slots: &[Slot], direction: Direction) -> String {
    let listed: Vec<&Slot> = slots.iter().filter(|s| s.direction == direction).collect();
    if listed.is_empty() {
        return String::new();
    }
    // One width for both lists, so Across and Down line up alike.
    let width = slots
        .iter()
        .map(|s| s.number.to_string().len())
        .max()
        .unwrap_or(1);
    let mut text = match direction {
        Direction::Across => String::from("ACROSS\n"),
        Direction::Down => String::from("DOWN\n"),
    };
    for slot in listed {
        let clue = puzzle.clue(slot.number, direction);
        let words = clue.map_or("", |c| c.text.trim());
        // The enumeration says the length and more; printing both would
        // give the solver two lengths to read.
        let length = match clue.map_or("", |c| c.enumeration.as_str()) {
            "" => slot.len.to_string(),
            enumeration => enumeration.to_string(),
        };
        text.push_str(&clue_entry(slot, words, &length, width));
    }
    text
}

/// `12. Clue text (5)`; a clue's later lines are indented to its text.
fn clue_entry(slot: &Slot, clue: &str, length: &str, width: usize) -> String {
    let label = format!("{:>width$}. ", slot.number);
    let indent = " ".repeat(label.len());
    let mut entry = label;
    for (i, line) in clue.lines().enumerate() {
        if i > 0 {
            entry.push('\n');
            entry.push_str(&indent);
        }
        entry.push_str(line.trim());
    }
    if !clue.is_empty() {
        entry.push(' ');
    }
    entry.push_str(&format!("({length})\n"));
    entry
}

/// The circled and shaded cells, 1-based, one line a kind; empty if none.
fn marked_squares(puzzle: &Puzzle) -> String {
    let mut text = String::new();
    for (name, is) in [
        ("Circled", (|m: &Mark| m.circled) as fn(&Mark) -> bool),
        ("Shaded", |m: &Mark| m.shaded),
    ] {
        let cells: Vec<String> = puzzle
            .marks
            .iter()
            .filter(|(_, mark)| is(mark))
            .map(|((row, col), _)| format!("{},{}", row + 1, col + 1))
            .collect();
        if !cells.is_empty() {
            text.push_str(&format!(
                "{name} squares (row,column): {}\n",
                cells.join(" ")
            ));
        }
    }
    text
}

fn solution(puzzle: &Puzzle) -> String {
    let grid = &puzzle.grid;
    let mut text = String::from("SOLUTION\n");
    for row in 0..grid.height() {
        let cells: Vec<String> = (0..grid.width())
            .map(|col| {
                let rebus = puzzle.marks.get(&(row, col)).and_then(|m| m.rebus.clone());
                rebus.unwrap_or_else(|| match grid.get(row, col) {
                    Cell::Block => "#".to_string(),
                    Cell::Empty => ".".to_string(),
                    Cell::Letter(b) => (b as char).to_string(),
                })
            })
            .collect();
        text.push_str(&cells.join(" "));
        text.push('\n');
    }
    text
}
