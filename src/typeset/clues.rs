//! Clue lists set in columns: an ACROSS heading and its clues, then DOWN and
//! its clues, poured into a sequence of equally wide columns.
//!
//! Each clue is "number, text": the number bold and right-aligned in a gutter
//! as wide as the widest number, the text wrapped beside it so that continued
//! lines hang under the text rather than under the number. Clues are kept
//! whole where possible; a clue is split between columns only if it starts a
//! column and still does not fit, which only an enormous clue or a tiny
//! column causes. A heading never ends a column: it moves on with its first
//! clue.
//!
//! [`flow`] reports where it stopped, so layout can try a smaller size, or
//! carry on in the columns of another page from that point.

use crate::grid::Direction;
use crate::puzzle::Puzzle;

use super::fonts::{Fonts, Style};
use super::page::{wrap, Item};

#[derive(Clone, Debug, PartialEq)]
pub enum Entry {
    Heading(&'static str),
    Clue { number: String, text: String },
}

/// The puzzle's clue lists in reading order, texts made printable.
/// A direction without clues gets no heading.
pub fn entries(fonts: &Fonts, puzzle: &Puzzle) -> Vec<Entry> {
    let mut entries = Vec::new();
    for (direction, heading) in [(Direction::Across, "ACROSS"), (Direction::Down, "DOWN")] {
        let clues: Vec<Entry> = puzzle
            .clues
            .iter()
            .filter(|c| c.direction == direction)
            .map(|c| Entry::Clue {
                number: c.number.to_string(),
                text: fonts.printable(&c.text),
            })
            .collect();
        if !clues.is_empty() {
            entries.push(Entry::Heading(heading));
            entries.extend(clues);
        }
    }
    entries
}

/// Where a flow stopped: the entry to set next and, for a clue split between
/// columns, how many of its lines are already set.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Position {
    pub entry: usize,
    pub line: usize,
}

/// Columns of one width, each given as (left, top, bottom). One width for all
/// keeps a split clue's lines the same wherever it continues.
#[derive(Clone, Debug, PartialEq)]
pub struct Columns {
    pub width: f32,
    pub spots: Vec<(f32, f32, f32)>,
}

pub struct Flow {
    pub items: Vec<Item>,
    pub next: Position,
}

/// Vertical rhythm and the number gutter at one clue size, all in points.
struct Metrics {
    size: f32,
    line: f32,
    clue_gap: f32,
    heading_size: f32,
    heading_line: f32,
    heading_gap: f32,
    gutter: f32,
}

impl Metrics {
    fn new(fonts: &Fonts, entries: &[Entry], size: f32) -> Metrics {
        let widest_number = entries
            .iter()
            .filter_map(|e| match e {
                Entry::Clue { number, .. } => Some(fonts.width(number, Style::Bold, size)),
                Entry::Heading(_) => None,
            })
            .fold(0.0, f32::max);
        let heading_size = size * 1.15;
        Metrics {
            size,
            line: size * 1.15,
            clue_gap: size * 0.2,
            heading_size,
            heading_line: heading_size * 1.45,
            heading_gap: size * 0.9,
            gutter: widest_number + size * 0.4,
        }
    }

    fn text_width(&self, columns: &Columns) -> f32 {
        columns.width - self.gutter
    }

    /// The baseline of a line whose box starts at `top`: the font's ascent
    /// (0.93 em for DejaVu Sans) below it.
    fn baseline(top: f32, size: f32) -> f32 {
        top + size * 0.93
    }
}

/// Sets `entries` from `from` on at `size` points into `columns`, in order,
/// until they or the columns run out.
pub fn flow(
    fonts: &Fonts,
    entries: &[Entry],
    from: Position,
    columns: &Columns,
    size: f32,
) -> Flow {
    let metrics = Metrics::new(fonts, entries, size);
    let mut column = ColumnState {
        fonts,
        entries,
        metrics: &metrics,
        text_width: metrics.text_width(columns),
        items: Vec::new(),
        next: from,
    };
    for &(left, top, bottom) in &columns.spots {
        if column.next.entry >= entries.len() {
            break;
        }
        column.fill(left, top, bottom);
    }
    Flow {
        items: column.items,
        next: column.next,
    }
}

struct ColumnState<'a> {
    fonts: &'a Fonts,
    entries: &'a [Entry],
    metrics: &'a Metrics,
    text_width: f32,
    items: Vec<Item>,
    next: Position,
}

impl ColumnState<'_> {
    /// Sets entries into one column until it is full.
    fn fill(&mut self, left: f32, top: f32, bottom: f32) {
        let m = self.metrics;
        let mut y = top;
        // Whether a clue has been set in this column: until then a heading
        // needs no space above it, and a clue may be split.
        let mut has_clue = false;
        let mut after_heading = false;
        while let Some(entry) = self.entries.get(self.next.entry) {
            match entry {
                Entry::Heading(text) => {
                    let gap = if has_clue { m.heading_gap } else { 0.0 };
                    let follow = self.following_clue_height(has_clue);
                    if y + gap + m.heading_line + follow > bottom {
                        return;
                    }
                    y += gap;
                    self.text(left, y, m.heading_size, Style::Bold, text.to_string());
                    y += m.heading_line;
                    after_heading = true;
                }
                Entry::Clue { number, text } => {
                    let lines = wrap(self.fonts, text, Style::Regular, m.size, self.text_width);
                    let gap = if has_clue && !after_heading {
                        m.clue_gap
                    } else {
                        0.0
                    };
                    let room = ((bottom - y - gap) / m.line + 1e-4).floor().max(0.0) as usize;
                    let rest = lines.len().saturating_sub(self.next.line);
                    let count = if room >= rest {
                        rest
                    } else if has_clue {
                        0
                    } else {
                        room
                    };
                    if count == 0 {
                        return;
                    }
                    y += gap;
                    if self.next.line == 0 {
                        let width = self.fonts.width(number, Style::Bold, m.size);
                        let x = left + m.gutter - m.size * 0.4 - width;
                        self.text(x, y, m.size, Style::Bold, number.clone());
                    }
                    for line in &lines[self.next.line..self.next.line + count] {
                        self.text(left + m.gutter, y, m.size, Style::Regular, line.clone());
                        y += m.line;
                    }
                    has_clue = true;
                    after_heading = false;
                    if count < rest {
                        self.next.line += count;
                        return;
                    }
                }
            }
            self.next = Position {
                entry: self.next.entry + 1,
                line: 0,
            };
        }
    }

    /// Room a heading must leave below itself for the clue after it: the
    /// whole clue, unless the column is fresh (then the clue may be split and
    /// one line is enough).
    fn following_clue_height(&self, has_clue: bool) -> f32 {
        let m = self.metrics;
        match self.entries.get(self.next.entry + 1) {
            Some(Entry::Clue { text, .. }) if has_clue => {
                let lines = wrap(self.fonts, text, Style::Regular, m.size, self.text_width);
                lines.len() as f32 * m.line
            }
            Some(Entry::Clue { .. }) => m.line,
            _ => 0.0,
        }
    }

    fn text(&mut self, x: f32, top: f32, size: f32, style: Style, text: String) {
        self.items.push(Item::Text {
            x,
            baseline: Metrics::baseline(top, size),
            size,
            style,
            text,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clue(number: u32, text: &str) -> Entry {
        Entry::Clue {
            number: number.to_string(),
            text: text.to_string(),
        }
    }

    fn texts(items: &[Item]) -> Vec<(String, f32)> {
        items
            .iter()
            .filter_map(|item| match item {
                Item::Text { text, x, .. } => Some((text.clone(), *x)),
                _ => None,
            })
            .collect()
    }

    fn sample() -> Vec<Entry> {
        vec![
            Entry::Heading("ACROSS"),
            clue(1, "One"),
            clue(12, "Twelve is a longer clue that wraps"),
            Entry::Heading("DOWN"),
            clue(2, "Two"),
        ]
    }

    #[test]
    fn everything_fits_in_one_tall_column() {
        let fonts = Fonts::load().unwrap();
        let entries = sample();
        let columns = Columns {
            width: 100.0,
            spots: vec![(50.0, 0.0, 500.0)],
        };
        let flow = flow(&fonts, &entries, Position::default(), &columns, 10.0);
        assert_eq!(flow.next, Position { entry: 5, line: 0 });
        let set: Vec<String> = texts(&flow.items).into_iter().map(|(t, _)| t).collect();
        assert_eq!(
            set,
            [
                "ACROSS",
                "1",
                "One",
                "12",
                "Twelve is a",
                "longer clue that",
                "wraps",
                "DOWN",
                "2",
                "Two"
            ]
        );
        // Continued lines hang at the text's indent, numbers end at the gutter.
        let gutter = fonts.width("12", Style::Bold, 10.0) + 4.0;
        let xs = texts(&flow.items);
        assert!((xs[4].1 - (50.0 + gutter)).abs() < 1e-3);
        assert_eq!(xs[4].1, xs[5].1);
        let number_end = xs[3].1 + fonts.width("12", Style::Bold, 10.0);
        assert!((number_end - (50.0 + gutter - 4.0)).abs() < 1e-3);
    }

    #[test]
    fn a_heading_moves_on_with_its_clue_and_flow_stops_when_columns_run_out() {
        let fonts = Fonts::load().unwrap();
        let entries = sample();
        // Room for the ACROSS block (heading, 1 line, 3 lines) but not for
        // DOWN and its clue after it.
        let m = Metrics::new(&fonts, &entries, 10.0);
        let first = m.heading_line + 4.0 * m.line + m.clue_gap + 1.0;
        let columns = Columns {
            width: 100.0,
            spots: vec![(0.0, 0.0, first), (120.0, 0.0, first)],
        };
        let flow = flow(&fonts, &entries, Position::default(), &columns, 10.0);
        assert_eq!(flow.next, Position { entry: 5, line: 0 });
        let down = texts(&flow.items)
            .into_iter()
            .find(|(t, _)| t == "DOWN")
            .unwrap();
        assert_eq!(down.1, 120.0);

        let one_column = Columns {
            width: 100.0,
            spots: vec![(0.0, 0.0, first)],
        };
        let short = super::flow(&fonts, &entries, Position::default(), &one_column, 10.0);
        assert_eq!(short.next, Position { entry: 3, line: 0 });
    }

    #[test]
    fn a_clue_taller_than_a_column_is_split_and_continues_without_its_number() {
        let fonts = Fonts::load().unwrap();
        let entries = vec![clue(7, "Twelve is a longer clue that wraps")];
        let m = Metrics::new(&fonts, &entries, 10.0);
        let columns = Columns {
            width: 100.0,
            spots: vec![(0.0, 0.0, 2.0 * m.line), (120.0, 0.0, 2.0 * m.line)],
        };
        let flow = flow(&fonts, &entries, Position::default(), &columns, 10.0);
        assert_eq!(flow.next, Position { entry: 1, line: 0 });
        let set: Vec<String> = texts(&flow.items).into_iter().map(|(t, _)| t).collect();
        assert_eq!(set, ["7", "Twelve is a", "longer clue that", "wraps"]);
    }

    #[test]
    fn a_column_too_short_for_a_line_is_skipped() {
        let fonts = Fonts::load().unwrap();
        let entries = vec![clue(1, "One")];
        let columns = Columns {
            width: 100.0,
            spots: vec![(0.0, 0.0, 3.0), (120.0, 0.0, 100.0)],
        };
        let flow = flow(&fonts, &entries, Position::default(), &columns, 10.0);
        assert_eq!(flow.next.entry, 1);
        assert!(texts(&flow.items).iter().all(|(_, x)| *x >= 120.0));
    }
}
