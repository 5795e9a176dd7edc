//! What a solution cell's text says, for the formats that spell cells as
//! text (`.ipuz`, `.jpz`).
//!
//! Both give a white cell's solution as a string: one letter, a rebus's
//! whole text, or nothing for a cell not filled yet. One reading of that
//! string keeps the formats agreeing on what a rebus may be (see
//! [`crate::grid::Mark::rebus`]).

/// A white cell's solution as a file spells it.
pub(crate) enum CellText {
    /// Empty: the cell is not filled yet.
    Unknown,
    /// One letter, upper case.
    Letter(u8),
    /// Two or more letters and digits, upper case, starting with a letter.
    Rebus(String),
}

/// Reads a solution string: a letter of either case, a rebus of letters
/// and digits starting with a letter, or blank. Anything else is a message
/// quoting it.
pub(crate) fn cell_text(s: &str) -> Result<CellText, String> {
    let text = s.trim();
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (None, _) => Ok(CellText::Unknown),
        (Some(c), None) if c.is_ascii_alphabetic() => {
            Ok(CellText::Letter(c.to_ascii_uppercase() as u8))
        }
        (Some(c), Some(_))
            if c.is_ascii_alphabetic() && text.chars().all(|c| c.is_ascii_alphanumeric()) =>
        {
            Ok(CellText::Rebus(text.to_ascii_uppercase()))
        }
        (Some(_), Some(_)) if text.chars().all(|c| c.is_ascii_alphanumeric()) => Err(format!(
            "{s:?}: a rebus must start with a letter A-Z, which is what a one-letter grid holds"
        )),
        (Some(_), Some(_)) => Err(format!(
            "{s:?} is neither a letter A-Z nor a rebus of letters A-Z and digits 0-9"
        )),
        _ => Err(format!("{s:?} is not a letter A-Z")),
    }
}
