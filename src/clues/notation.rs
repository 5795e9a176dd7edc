//! How clue files and sheets write what they refer to: slots as `12A` and
//! `3D`, partly filled answers with `.` for a cell not filled yet, and the
//! lines that count (blank lines and `#` comments do not). Shared by the
//! drafting in `clues`, the clue file and the clue sheet, so each reads and
//! writes the same notation.

use crate::grid::Direction;

/// `12A`, `3D`.
pub fn slot_name(number: u32, direction: Direction) -> String {
    let letter = match direction {
        Direction::Across => 'A',
        Direction::Down => 'D',
    };
    format!("{number}{letter}")
}

/// Reads a slot name, `12A` or `3d`; None for anything else.
pub(crate) fn parse_slot_name(text: &str) -> Option<(u32, Direction)> {
    let text = text.trim();
    let (at, letter) = text.char_indices().last()?;
    let direction = match letter {
        'A' | 'a' => Direction::Across,
        'D' | 'd' => Direction::Down,
        _ => return None,
    };
    let digits = &text[..at];
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let number = digits.parse().ok().filter(|&n: &u32| n > 0)?;
    Some((number, direction))
}

/// Same length and the same letter wherever both have one (`.` is a cell
/// not filled yet on either side).
pub(crate) fn answers_agree(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .all(|(x, y)| x == y || x == b'.' || y == b'.')
}

/// The non-blank, non-comment lines of a clue file or sheet, numbered from 1.
pub(super) fn content_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    text.lines()
        .enumerate()
        .map(|(i, line)| (i + 1, line.trim()))
        .filter(|(_, line)| !line.is_empty() && !line.starts_with('#'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slot_names_read_back() {
        assert_eq!(slot_name(12, Direction::Across), "12A");
        assert_eq!(parse_slot_name("12A"), Some((12, Direction::Across)));
        assert_eq!(parse_slot_name(" 3d "), Some((3, Direction::Down)));
        for bad in [
            "",
            "A",
            "12",
            "12X",
            "0A",
            "-1A",
            "1 2A",
            "99999999999A",
            "١A",
            "12é",
        ] {
            assert_eq!(parse_slot_name(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn dots_agree_with_any_letter() {
        assert!(answers_agree("CAT", "CAT"));
        assert!(answers_agree("C.T", "CAT"));
        assert!(answers_agree("CAT", "..."));
        assert!(!answers_agree("CAT", "COT"));
        assert!(!answers_agree("CAT", "CATS"));
    }
}
