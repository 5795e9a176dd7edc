//! A filled grid made a puzzle: credits, the theme's clues and circles on
//! the slots its entries were seated in, clues chosen as the options say,
//! enumerations for British solvers, and the quality report.

use crate::clues::{self, Choosing, Sources};
use crate::error::Result;
use crate::fill::quality::Quality;
use crate::fill::Fill;
use crate::grid::Direction;
use crate::grid::DEFAULT_MIN_SLOT;
use crate::pattern::seat::Seat;
use crate::puzzle::{Mark, Marks, Puzzle};
use crate::theme::Theme;
use crate::wordlist::dialect::Dialect;
use crate::wordlist::notes::notes;
use crate::wordlist::roots::roots;

use super::options::{Credits, MakeOptions, PatternSource};
use super::outcome::Made;

/// `fill` as a puzzle: its clues (drafted spares held back when
/// `hold_spares`), enumerations, credits and quality report. `seats` are
/// where a theme's entries sit.
pub(super) fn dress(
    options: &MakeOptions,
    fill: Fill,
    seats: &[Seat],
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
        mark_theme(&mut puzzle, theme, seats)?;
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
    // Barred puzzles print enumerations whatever their dialect.
    if options.dialect == Dialect::British || puzzle.grid.is_barred() {
        clues::enumerate(&mut puzzle, &|answer| {
            written
                .iter()
                .find(|(a, _)| a == answer)
                .map(|(_, w)| w.clone())
        });
    }
    let answers: Vec<&str> = puzzle.clues.iter().map(|c| c.answer.as_str()).collect();
    let quality = Quality::of(&fill.words, &answers, notes(), roots());
    Ok(Made {
        puzzle,
        fill,
        clues,
        quality,
    })
}

/// Gives the theme entries of a filled puzzle, which sit in `seats`, their
/// clues from the theme file and circles the letters the file asks for.
fn mark_theme(puzzle: &mut Puzzle, theme: &Theme, seats: &[Seat]) -> Result<()> {
    let slots = puzzle.grid.slots(puzzle.min_slot);
    let mut marks = Marks::new();
    for entry in &theme.entries {
        let Some(seat) = seats.iter().find(|s| s.answer == entry.answer) else {
            continue;
        };
        let direction = match seat.across {
            true => Direction::Across,
            false => Direction::Down,
        };
        let found = slots.iter().zip(puzzle.clues.iter_mut()).find(|(slot, _)| {
            (slot.row, slot.col, slot.direction) == (seat.row, seat.col, direction)
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
