//! Clue lists set in columns: an ACROSS heading and its clues, then DOWN and
//! its clues, poured into a sequence of equally wide columns.
//!
//! Each clue is "number, text (enumeration)": the number bold and
//! right-aligned in a gutter as wide as the widest number, the text wrapped
//! beside it so that continued lines hang under the text rather than under
//! the number. The enumeration is tied to the clue's last word, so that it
//! never starts a line alone unless that word and it together are wider than
//! the column. Clues are kept whole where possible; a clue is split between
//! columns only if it starts a column and still does not fit, which only an
//! enormous clue or a tiny column causes. A heading never ends a column: it
//! moves on with its first clue.
//!
//! Wrapping is the costly part, and the layout search pours the same clues
//! at the same size and column width into many different arrangements of
//! columns, so it happens once, in [`Setting::new`]; [`Setting::reach`] then
//! only counts, and [`Setting::flow`] places the text. Both report where they
//! stopped, so layout can try a smaller size, or carry on in the columns of
//! another page from that point.

use crate::grid::Direction;
use crate::puzzle::Puzzle;

use super::fonts::{Fonts, Style};
use super::page::{wrap, Item, Rect, NO_BREAK};

#[derive(Clone, Debug, PartialEq)]
pub enum Entry {
    Heading(&'static str),
    Clue {
        number: u32,
        direction: Direction,
        /// The printable clue text with its enumeration, if any, tied on.
        text: String,
    },
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
                number: c.number,
                direction,
                text: with_enumeration(&fonts.printable(&c.text), &fonts.printable(&c.enumeration)),
            })
            .collect();
        if !clues.is_empty() {
            entries.push(Entry::Heading(heading));
            entries.extend(clues);
        }
    }
    entries
}

/// `text (enumeration)`, the two tied by a no-break space; the enumeration's
/// own spaces (`6, 3, 6`) are dropped so that it is one unbreakable piece.
fn with_enumeration(text: &str, enumeration: &str) -> String {
    let enumeration: String = enumeration.chars().filter(|c| *c != ' ').collect();
    match (text.is_empty(), enumeration.is_empty()) {
        (_, true) => text.to_string(),
        (true, false) => format!("({enumeration})"),
        (false, false) => format!("{text}{NO_BREAK}({enumeration})"),
    }
}

/// Where a flow stopped: the entry to set next and, for a clue split between
/// columns, how many of its lines are already set.
/// Later positions compare greater.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Position {
    pub entry: usize,
    pub line: usize,
}

/// A column: its left edge, and the top and bottom its text must keep to.
/// Every column of one [`Setting`] has the setting's width, which keeps a
/// split clue's lines the same wherever it continues.
pub(crate) type Spot = (f32, f32, f32);

/// The part of one entry set in one column: `lines` lines from `first_line`
/// on, in `rect` (as wide as the column, as tall as the lines).
#[derive(Clone, Debug, PartialEq)]
pub struct Placed {
    pub entry: usize,
    pub first_line: usize,
    pub lines: usize,
    pub rect: Rect,
}

pub(crate) struct Flow {
    pub items: Vec<Item>,
    pub placed: Vec<Placed>,
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
    fn new(widest_number: f32, size: f32) -> Metrics {
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

    /// The baseline of a line whose box starts at `top`: the font's ascent
    /// (0.93 em for DejaVu Sans) below it.
    fn baseline(top: f32, size: f32) -> f32 {
        top + size * 0.93
    }
}

/// Entries wrapped at one clue size for columns of one width.
pub(crate) struct Setting<'a> {
    entries: &'a [Entry],
    metrics: Metrics,
    width: f32,
    /// Per entry: a clue's wrapped lines and its number's width; a heading
    /// has neither.
    lines: Vec<Vec<String>>,
    number_widths: Vec<f32>,
}

impl<'a> Setting<'a> {
    pub fn new(fonts: &Fonts, entries: &'a [Entry], size: f32, width: f32) -> Setting<'a> {
        let number_widths: Vec<f32> = entries
            .iter()
            .map(|e| match e {
                Entry::Clue { number, .. } => fonts.width(&number.to_string(), Style::Bold, size),
                Entry::Heading(_) => 0.0,
            })
            .collect();
        let widest = number_widths.iter().copied().fold(0.0, f32::max);
        let metrics = Metrics::new(widest, size);
        let text_width = width - metrics.gutter;
        let lines: Vec<Vec<String>> = entries
            .iter()
            .map(|e| match e {
                Entry::Clue { text, .. } => wrap(fonts, text, Style::Regular, size, text_width),
                Entry::Heading(_) => Vec::new(),
            })
            .collect();
        Setting {
            entries,
            metrics,
            width,
            lines,
            number_widths,
        }
    }

    pub fn size(&self) -> f32 {
        self.metrics.size
    }

    pub fn width(&self) -> f32 {
        self.width
    }

    /// How many entries there are: a position at this entry is the end.
    pub(crate) fn entries_count(&self) -> usize {
        self.entries.len()
    }

    /// The width of the clue text, beside the numbers.
    pub(crate) fn text_width(&self) -> f32 {
        self.width - self.metrics.gutter
    }

    /// Where setting the entries from `from` into `spots` would stop.
    pub fn reach(&self, from: Position, spots: &[Spot]) -> Position {
        self.pour(from, spots, None)
    }

    /// Sets the entries from `from` on into `spots`, in order, until they or
    /// the columns run out.
    pub(crate) fn flow(&self, from: Position, spots: &[Spot]) -> Flow {
        let mut out = Out {
            items: Vec::new(),
            placed: Vec::new(),
        };
        let next = self.pour(from, spots, Some(&mut out));
        Flow {
            items: out.items,
            placed: out.placed,
            next,
        }
    }

    fn pour(&self, from: Position, spots: &[Spot], mut out: Option<&mut Out>) -> Position {
        let mut next = from;
        for &spot in spots {
            if next.entry >= self.entries.len() {
                break;
            }
            next = self.fill(next, spot, out.as_deref_mut());
        }
        next
    }

    /// Sets entries into one column until it is full; returns where it
    /// stopped.
    fn fill(
        &self,
        mut next: Position,
        (left, top, bottom): Spot,
        mut out: Option<&mut Out>,
    ) -> Position {
        let m = &self.metrics;
        let mut y = top;
        // Whether a clue has been set in this column: until then a heading
        // needs no space above it, and a clue may be split.
        let mut has_clue = false;
        let mut after_heading = false;
        while let Some(entry) = self.entries.get(next.entry) {
            match entry {
                Entry::Heading(text) => {
                    let gap = if has_clue { m.heading_gap } else { 0.0 };
                    let follow = self.following_clue_height(next.entry, has_clue);
                    if y + gap + m.heading_line + follow > bottom {
                        return next;
                    }
                    y += gap;
                    if let Some(out) = out.as_deref_mut() {
                        out.text(left, y, m.heading_size, Style::Bold, text.to_string());
                    }
                    y += m.heading_line;
                    after_heading = true;
                }
                Entry::Clue { number, .. } => {
                    let lines = &self.lines[next.entry];
                    let gap = if has_clue && !after_heading {
                        m.clue_gap
                    } else {
                        0.0
                    };
                    let room = ((bottom - y - gap) / m.line + 1e-4).floor().max(0.0) as usize;
                    let rest = lines.len().saturating_sub(next.line);
                    let count = if room >= rest {
                        rest
                    } else if has_clue {
                        0
                    } else {
                        room
                    };
                    if count == 0 {
                        return next;
                    }
                    y += gap;
                    if let Some(out) = out.as_deref_mut() {
                        out.placed.push(Placed {
                            entry: next.entry,
                            first_line: next.line,
                            lines: count,
                            rect: Rect {
                                x: left,
                                y,
                                width: self.width,
                                height: count as f32 * m.line,
                            },
                        });
                        if next.line == 0 {
                            let x = left + m.gutter - m.size * 0.4 - self.number_widths[next.entry];
                            out.text(x, y, m.size, Style::Bold, number.to_string());
                        }
                        for (i, line) in lines[next.line..next.line + count].iter().enumerate() {
                            let top = y + i as f32 * m.line;
                            out.text(left + m.gutter, top, m.size, Style::Regular, line.clone());
                        }
                    }
                    y += count as f32 * m.line;
                    has_clue = true;
                    after_heading = false;
                    if count < rest {
                        next.line += count;
                        return next;
                    }
                }
            }
            next = Position {
                entry: next.entry + 1,
                line: 0,
            };
        }
        next
    }

    /// Room a heading at `heading` must leave below itself for the clue after
    /// it: the whole clue, unless the column is fresh (then the clue may be
    /// split and one line is enough).
    fn following_clue_height(&self, heading: usize, has_clue: bool) -> f32 {
        let m = &self.metrics;
        match self.entries.get(heading + 1) {
            Some(Entry::Clue { .. }) if has_clue => self.lines[heading + 1].len() as f32 * m.line,
            Some(Entry::Clue { .. }) => m.line,
            _ => 0.0,
        }
    }
}

/// What [`Setting::flow`] collects.
struct Out {
    items: Vec<Item>,
    placed: Vec<Placed>,
}

impl Out {
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
            number,
            direction: Direction::Across,
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
        let setting = Setting::new(&fonts, &entries, 10.0, 100.0);
        let flow = setting.flow(Position::default(), &[(50.0, 0.0, 500.0)]);
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
        // Each clue is placed once, as tall as its lines, below the one
        // before it.
        let line = 10.0 * 1.15;
        let placed: Vec<(usize, usize, f32)> = flow
            .placed
            .iter()
            .map(|p| (p.entry, p.lines, p.rect.height))
            .collect();
        assert_eq!(placed, [(1, 1, line), (2, 3, 3.0 * line), (4, 1, line)]);
        assert_eq!(flow.placed[1].rect.y, flow.placed[0].rect.bottom() + 2.0);
        assert_eq!(
            setting.reach(Position::default(), &[(50.0, 0.0, 500.0)]),
            flow.next
        );
    }

    #[test]
    fn a_heading_moves_on_with_its_clue_and_flow_stops_when_columns_run_out() {
        let fonts = Fonts::load().unwrap();
        let entries = sample();
        let setting = Setting::new(&fonts, &entries, 10.0, 100.0);
        // Room for the ACROSS block (heading, 1 line, 3 lines) but not for
        // DOWN and its clue after it.
        let m = &setting.metrics;
        let first = m.heading_line + 4.0 * m.line + m.clue_gap + 1.0;
        let flow = setting.flow(
            Position::default(),
            &[(0.0, 0.0, first), (120.0, 0.0, first)],
        );
        assert_eq!(flow.next, Position { entry: 5, line: 0 });
        let down = texts(&flow.items)
            .into_iter()
            .find(|(t, _)| t == "DOWN")
            .unwrap();
        assert_eq!(down.1, 120.0);

        let short = setting.reach(Position::default(), &[(0.0, 0.0, first)]);
        assert_eq!(short, Position { entry: 3, line: 0 });
    }

    #[test]
    fn a_clue_taller_than_a_column_is_split_and_continues_without_its_number() {
        let fonts = Fonts::load().unwrap();
        let entries = vec![clue(7, "Twelve is a longer clue that wraps")];
        let setting = Setting::new(&fonts, &entries, 10.0, 100.0);
        let line = setting.metrics.line;
        let spots = [(0.0, 0.0, 2.0 * line), (120.0, 0.0, 2.0 * line)];
        let flow = setting.flow(Position::default(), &spots);
        assert_eq!(flow.next, Position { entry: 1, line: 0 });
        let set: Vec<String> = texts(&flow.items).into_iter().map(|(t, _)| t).collect();
        assert_eq!(set, ["7", "Twelve is a", "longer clue that", "wraps"]);
        let parts: Vec<(usize, usize, f32)> = flow
            .placed
            .iter()
            .map(|p| (p.first_line, p.lines, p.rect.x))
            .collect();
        assert_eq!(parts, [(0, 2, 0.0), (2, 1, 120.0)]);
        let first = setting.reach(Position::default(), &spots[..1]);
        assert_eq!(first, Position { entry: 0, line: 2 });
    }

    #[test]
    fn a_column_too_short_for_a_line_is_skipped() {
        let fonts = Fonts::load().unwrap();
        let entries = vec![clue(1, "One")];
        let setting = Setting::new(&fonts, &entries, 10.0, 100.0);
        let flow = setting.flow(Position::default(), &[(0.0, 0.0, 3.0), (120.0, 0.0, 100.0)]);
        assert_eq!(flow.next.entry, 1);
        assert!(texts(&flow.items).iter().all(|(_, x)| *x >= 120.0));
    }

    #[test]
    fn the_enumeration_stays_with_the_last_word() {
        let fonts = Fonts::load().unwrap();
        assert_eq!(
            with_enumeration("Boy and tiger", "6,3,6"),
            "Boy and tiger\u{a0}(6,3,6)"
        );
        assert_eq!(with_enumeration("Comic", "6, 3, 6"), "Comic\u{a0}(6,3,6)");
        assert_eq!(with_enumeration("", "5"), "(5)");
        assert_eq!(with_enumeration("American clue", ""), "American clue");
        // "tiger (6,3,6)" does not fit after "Boy and", so it moves on whole
        // rather than leaving the enumeration alone on the last line.
        let entries = vec![clue(1, &with_enumeration("Boy and tiger", "6,3,6"))];
        let width = fonts.width("Boy and tiger", Style::Regular, 10.0) + 1.0;
        let setting = Setting::new(&fonts, &entries, 10.0, setting_width(&fonts, width));
        assert_eq!(setting.lines[0], ["Boy and", "tiger (6,3,6)"]);
    }

    /// The column width whose text is `text_width` wide, for one-digit numbers
    /// at 10 points.
    fn setting_width(fonts: &Fonts, text_width: f32) -> f32 {
        text_width + fonts.width("1", Style::Bold, 10.0) + 4.0
    }
}
