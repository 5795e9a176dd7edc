//! Text in `.puz` files: ISO-8859-1, one byte per character.
//!
//! Across Lite 1.x stores every string as ISO-8859-1, so a character outside
//! that set has no byte to become, and writing its UTF-8 bytes instead would
//! show up as garbage in every reader. [`to_latin1`] therefore rewrites text
//! before it is encoded: the typography editors paste into clues (curly
//! quotes, dashes, ellipses) becomes its plain ASCII spelling, letters Latin-1
//! lacks lose their accents, and only what is left over becomes `?`.
//! Latin-1's own characters (é, ñ, ©, ½, …) pass through unchanged.

/// Base letters of U+0100..=U+017F (Latin Extended-A), one per code point.
/// The block is almost entirely accented Latin letters, so dropping the accent
/// is the closest Latin-1 spelling. The four ligatures (Ĳ ĳ Œ œ) are handled
/// before this table is consulted; their entries here are unused.
const LATIN_EXTENDED_A: &[u8; 128] = b"AaAaAaCcCcCcCcDdDdEeEeEeEeEeGgGgGgGgHhHhIiIiIiIiIi\
??JjKkkLlLlLlLlLlNnNnNnnNnOoOoOo??RrRrRrSsSsSsSsTtTtTtUuUuUuUuUuUuWwYyYZzZzZzs";

/// Byte 0x80 + i read as Windows-1252 (see [`decode`]); `None` where
/// Windows-1252 leaves the byte undefined.
const WINDOWS_1252_HIGH: [Option<char>; 32] = [
    Some('€'),
    None,
    Some('‚'),
    Some('ƒ'),
    Some('„'),
    Some('…'),
    Some('†'),
    Some('‡'),
    Some('ˆ'),
    Some('‰'),
    Some('Š'),
    Some('‹'),
    Some('Œ'),
    None,
    Some('Ž'),
    None,
    None,
    Some('‘'),
    Some('’'),
    Some('“'),
    Some('”'),
    Some('•'),
    Some('–'),
    Some('—'),
    Some('˜'),
    Some('™'),
    Some('š'),
    Some('›'),
    Some('œ'),
    None,
    Some('ž'),
    Some('Ÿ'),
];

/// `text` as it will read back from a `.puz` file: every character is one
/// ISO-8859-1 can hold. Curly quotes become straight ones, dashes `-`, `…`
/// `...`; other letters lose their accents; anything else becomes `?`.
/// Control characters other than tab and line breaks also become `?`,
/// because a NUL would end the string early.
pub fn to_latin1(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        if is_kept(ch) {
            out.push(ch);
        } else {
            out.push_str(&replacement(ch));
        }
    }
    out
}

/// The bytes of [`to_latin1`]`(text)`.
pub fn encode(text: &str) -> Vec<u8> {
    to_latin1(text)
        .chars()
        // to_latin1 leaves only chars below U+0100, so the cast is exact.
        .map(|ch| ch as u8)
        .collect()
}

/// Text as stored in a 1.x file. Bytes 0x80–0x9F are control codes in
/// ISO-8859-1, which no puzzle means; files made on Windows put curly quotes
/// and dashes there (Windows-1252), so they are read that way.
pub fn decode(bytes: &[u8]) -> String {
    bytes
        .iter()
        .map(|&b| match b {
            0x80..=0x9F => WINDOWS_1252_HIGH[usize::from(b - 0x80)].unwrap_or('\u{FFFD}'),
            _ => char::from(b),
        })
        .collect()
}

/// Printable Latin-1, plus tab and line breaks.
fn is_kept(ch: char) -> bool {
    matches!(u32::from(ch), 0x09 | 0x0A | 0x0D | 0x20..=0x7E | 0xA0..=0xFF)
}

/// The Latin-1 spelling of a character Latin-1 does not have.
fn replacement(ch: char) -> String {
    let ascii = match ch {
        '‘' | '’' | '‚' | '‛' | '′' | 'ʼ' => "'",
        '“' | '”' | '„' | '‟' | '″' => "\"",
        '‹' => "<",
        '›' => ">",
        '\u{2010}'..='\u{2015}' | '−' => "-",
        '…' => "...",
        '•' => "*",
        '™' => "TM",
        '€' => "EUR",
        'Œ' => "OE",
        'œ' => "oe",
        'Ĳ' => "IJ",
        'ĳ' => "ij",
        'Ș' => "S",
        'ș' => "s",
        'Ț' => "T",
        'ț' => "t",
        // Spaces of other widths.
        '\u{2002}'..='\u{200A}' | '\u{202F}' | '\u{205F}' => " ",
        // Invisible: zero-width spaces and joiners, byte order marks, and
        // combining accents (their base letter is already written).
        '\u{200B}'..='\u{200D}' | '\u{2060}' | '\u{FEFF}' | '\u{0300}'..='\u{036F}' => "",
        '\u{0100}'..='\u{017F}' => {
            let base = LATIN_EXTENDED_A[(u32::from(ch) - 0x100) as usize];
            return char::from(base).to_string();
        }
        _ => "?",
    };
    ascii.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typography_becomes_ascii_and_latin1_stays() {
        assert_eq!(
            to_latin1("“Café” — it’s ½ the ‘price’… ©"),
            "\"Café\" - it's ½ the 'price'... ©"
        );
    }

    #[test]
    fn other_letters_fold_or_become_question_marks() {
        assert_eq!(to_latin1("Łódź Œuvre Ĳssel ş"), "Lódz OEuvre IJssel s");
        assert_eq!(to_latin1("Ωμέγα 🧩 日本"), "????? ? ??");
        assert_eq!(to_latin1("e\u{301}te\u{301}"), "ete");
    }

    #[test]
    fn controls_cannot_end_a_string_early() {
        assert_eq!(to_latin1("a\0b\u{1}c\td\ne\u{85}"), "a?b?c\td\ne?");
    }

    #[test]
    fn encoding_is_one_byte_per_character() {
        assert_eq!(encode("Zoë ½ “x”"), b"Zo\xEB \xBD \"x\"");
    }

    #[test]
    fn decoding_reads_latin1_and_windows_quotes() {
        assert_eq!(
            decode(b"Caf\xE9 \x93hi\x94 \x96 \xA9\x81"),
            "Café “hi” – ©\u{FFFD}"
        );
    }

    #[test]
    fn the_fold_table_lines_up_with_its_code_points() {
        assert_eq!(to_latin1("ĀāĐđĦħıĸŁłŉŊŋŦŧſŽž"), "AaDdHhikLlnNnTtsZz");
    }
}
