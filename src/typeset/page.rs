//! What a page is made of before it becomes PDF: a flat list of text runs,
//! filled boxes and lines, in points, measured from the page's top-left
//! corner.
//!
//! Layout thinks top-down (a header, then the grid, then clues flowing down
//! columns), while PDF measures up from the bottom. Keeping layout in its own
//! coordinates with this small list between it and printpdf means the
//! flipping happens in exactly one place (the renderer), and layout can be
//! checked without reading a PDF back.

use super::fonts::{Fonts, Style};

#[derive(Clone, Debug, PartialEq)]
pub enum Item {
    /// One line of text; `baseline` is the y of the text's baseline.
    Text {
        x: f32,
        baseline: f32,
        size: f32,
        style: Style,
        text: String,
    },
    /// A solid black box.
    Fill(Rect),
    /// A light grey box: a shaded cell, under everything else.
    Shade(Rect),
    /// A circle outline of the given line width.
    Circle {
        centre: (f32, f32),
        radius: f32,
        width: f32,
    },
    /// A box outline of the given line width.
    Frame(Rect, f32),
    /// A straight line of the given width.
    Line {
        from: (f32, f32),
        to: (f32, f32),
        width: f32,
    },
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rect {
    pub x: f32,
    pub y: f32,
    pub width: f32,
    pub height: f32,
}

impl Rect {
    pub fn bottom(&self) -> f32 {
        self.y + self.height
    }

    pub fn right(&self) -> f32 {
        self.x + self.width
    }

    /// Whether the two share area, beyond a hundredth of a point of
    /// rounding: what the layout's tests check never happens.
    pub fn overlaps(&self, other: &Rect) -> bool {
        let eps = 0.01;
        self.x + eps < other.right()
            && other.x + eps < self.right()
            && self.y + eps < other.bottom()
            && other.y + eps < self.bottom()
    }

    /// Whether this lies within `other`, to a hundredth of a point.
    pub fn within(&self, other: &Rect) -> bool {
        let eps = 0.01;
        self.x >= other.x - eps
            && self.right() <= other.right() + eps
            && self.y >= other.y - eps
            && self.bottom() <= other.bottom() + eps
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Page {
    pub width: f32,
    pub height: f32,
    pub items: Vec<Item>,
}

impl Page {
    pub fn new(width: f32, height: f32) -> Page {
        Page {
            width,
            height,
            items: Vec::new(),
        }
    }
}

/// Ties the words either side of it onto one line wherever they fit on a
/// line together; it is set as an ordinary space. [`Fonts::printable`] makes
/// every space of user text an ordinary one, so only layout puts these in.
pub(crate) const NO_BREAK: char = '\u{a0}';

/// Breaks `text` (already [`Fonts::printable`], perhaps with [`NO_BREAK`]
/// ties) into lines no wider than `width`, at spaces. Tied words that are
/// too wide for a line even on their own are broken at their ties; a word
/// wider than a whole line is cut between characters, so nothing ever runs
/// past the line's end. Empty text is one empty line, so that every entry
/// takes up room.
pub fn wrap(fonts: &Fonts, text: &str, style: Style, size: f32, width: f32) -> Vec<String> {
    // A tie is measured as the space it is set as.
    let units = |word: &str| {
        if word.contains(NO_BREAK) {
            fonts.units(&word.replace(NO_BREAK, " "), style)
        } else {
            fonts.units(word, style)
        }
    };
    let fits_units = |units: u32| fonts.points(units, style, size) <= width;
    let fits = |line: &str| fits_units(units(line));
    let space = fonts.units(" ", style);
    let mut lines = Vec::new();
    let mut line = String::new();
    let mut line_units = 0;
    let words = text.split(' ').filter(|w| !w.is_empty()).flat_map(|word| {
        let whole = units(word);
        if fits_units(whole) || !word.contains(NO_BREAK) {
            vec![(word, whole)]
        } else {
            word.split(NO_BREAK)
                .filter(|w| !w.is_empty())
                .map(|w| (w, units(w)))
                .collect()
        }
    });
    for (word, word_units) in words {
        let candidate = if line.is_empty() {
            word_units
        } else {
            line_units + space + word_units
        };
        if fits_units(candidate) {
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
            line_units = candidate;
            continue;
        }
        if !line.is_empty() {
            lines.push(std::mem::take(&mut line));
        }
        line = cut_to_fit(word, &fits, &mut lines);
        line_units = units(&line);
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
        .into_iter()
        .map(|line| line.replace(NO_BREAK, " "))
        .collect()
}

/// Pushes full-width pieces of an over-long `word` onto `lines` and returns
/// the rest, which fits. Every piece holds at least one character, even if
/// that one is too wide, so this always ends.
fn cut_to_fit(word: &str, fits: &dyn Fn(&str) -> bool, lines: &mut Vec<String>) -> String {
    let mut piece = String::new();
    for c in word.chars() {
        piece.push(c);
        if !fits(&piece) && piece.chars().count() > 1 {
            piece.pop();
            lines.push(std::mem::take(&mut piece));
            piece.push(c);
        }
    }
    piece
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wraps_at_spaces_within_the_width() {
        let fonts = Fonts::load().unwrap();
        let text = "the quick brown fox jumps over the lazy dog";
        let width = fonts.width("the quick brown", Style::Regular, 10.0) + 0.01;
        let lines = wrap(&fonts, text, Style::Regular, 10.0, width);
        assert_eq!(lines, ["the quick brown", "fox jumps over", "the lazy dog"]);
        for line in &lines {
            assert!(fonts.width(line, Style::Regular, 10.0) <= width);
        }
    }

    #[test]
    fn cuts_a_word_longer_than_the_line() {
        let fonts = Fonts::load().unwrap();
        let width = fonts.width("MMM", Style::Bold, 8.0) + 0.01;
        let lines = wrap(&fonts, "ab MMMMMMM c", Style::Bold, 8.0, width);
        assert_eq!(lines, ["ab", "MMM", "MMM", "M c"]);
    }

    #[test]
    fn tied_words_move_on_together_and_break_only_when_too_wide_together() {
        let fonts = Fonts::load().unwrap();
        let width = fonts.width("Boy and tiger", Style::Regular, 10.0) + 0.01;
        let text = "Boy and tiger\u{a0}(6,3,6)";
        let lines = wrap(&fonts, text, Style::Regular, 10.0, width);
        assert_eq!(lines, ["Boy and", "tiger (6,3,6)"]);
        let narrow = fonts.width("(6,3,6)", Style::Regular, 10.0) + 0.01;
        let lines = wrap(&fonts, "tiger\u{a0}(6,3,6)", Style::Regular, 10.0, narrow);
        assert_eq!(lines, ["tiger", "(6,3,6)"]);
        // A tie is as wide as the space it is set as.
        assert_eq!(
            fonts.width("\u{a0}", Style::Regular, 10.0),
            fonts.width(" ", Style::Regular, 10.0)
        );
    }

    #[test]
    fn empty_text_is_one_empty_line() {
        let fonts = Fonts::load().unwrap();
        assert_eq!(wrap(&fonts, "", Style::Regular, 9.0, 100.0), [""]);
    }

    #[test]
    fn a_line_narrower_than_one_character_still_ends() {
        let fonts = Fonts::load().unwrap();
        assert_eq!(wrap(&fonts, "WW", Style::Regular, 9.0, 1.0), ["W", "W"]);
    }
}
