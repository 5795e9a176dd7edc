//! The hex pattern format of crossword_gen, so files can go either way.
//!
//! Cells are read row-major as bits (1 = white), packed four to a hex digit
//! most significant bit first. The final 1–3 bits, if any, become one letter:
//! `g`/`h` for one bit, `i`–`l` for two, `m`–`t` for three. A square pattern's
//! side follows from the string length; other shapes carry a `WxH:` prefix.
//!
//! A barred pattern (our extension; crossword_gen has no bars) follows its
//! cells with `/` and its bars packed the same way: first each row's bars
//! on the right of its cells but the last (`width - 1` bits a row, 1 =
//! bar), then each row's bars below its cells, for every row but the last
//! (`width` bits a row). A 13×13 barred pattern is `…43 digits…/…78 digits…`.

use super::Pattern;
use super::{check_side, MAX_SIDE, MIN_SIDE};
use crate::error::{Error, Result};

const DIGITS: &[u8; 16] = b"0123456789ABCDEF";

/// Appends the hex form of `pattern` (with the `WxH:` prefix when not
/// square, and its bars after a `/` when barred).
pub(crate) fn encode_into(pattern: &Pattern, out: &mut Vec<u8>) {
    encode_rows_into(pattern.width(), pattern.rows(), out);
    if pattern.is_barred() {
        let (w, h) = (pattern.width(), pattern.height());
        out.push(b'/');
        let right = (0..h).map(|r| (pattern.bars_right(r), w - 1));
        let below = (0..h - 1).map(|r| (pattern.bars_below(r), w));
        pack_into(right.chain(below), out);
    }
}

/// Hex digit for four cells taken first-cell-lowest: the format puts the
/// first cell in the most significant bit, so the nibble is read reversed.
const DIGITS_OF_CELLS: [u8; 16] = {
    let mut table = [0u8; 16];
    let mut v = 0;
    while v < 16 {
        let msb_first = (v & 1) << 3 | (v & 2) << 1 | (v & 4) >> 1 | (v & 8) >> 3;
        table[v] = DIGITS[msb_first];
        v += 1;
    }
    table
};

/// Two digits for eight cells, first-cell-lowest.
const DIGIT_PAIRS: [[u8; 2]; 256] = {
    let mut table = [[0u8; 2]; 256];
    let mut v = 0;
    while v < 256 {
        table[v] = [DIGITS_OF_CELLS[v & 0xF], DIGITS_OF_CELLS[v >> 4]];
        v += 1;
    }
    table
};

/// As [`encode_into`] from raw row masks; the enumerator's hot path. Rows
/// already hold cells first-cell-lowest, so they are streamed in that order
/// and each nibble is looked up, with no bit reversal.
pub(crate) fn encode_rows_into(width: usize, rows: &[u32], out: &mut Vec<u8>) {
    let height = rows.len();
    if width != height {
        out.extend_from_slice(format!("{width}x{height}:").as_bytes());
    }
    pack_into(rows.iter().map(|&row| (row, width)), out);
}

/// Appends `chunks`, each `(bits, count)` with its first bit lowest, as one
/// string of hex digits and a final trailing-bits letter.
fn pack_into(chunks: impl Iterator<Item = (u32, usize)>, out: &mut Vec<u8>) {
    // Room for the most bits anything packs: a barred pattern's bars.
    let mut digits = [0u8; (2 * MAX_SIDE * MAX_SIDE).div_ceil(4)];
    let mut used = 0;
    // `n` pending bits sit in the low bits of `acc`, earliest lowest.
    let (mut acc, mut n) = (0u64, 0usize);
    for (row, width) in chunks {
        acc |= (row as u64) << n;
        n += width;
        while n >= 8 {
            digits[used..used + 2].copy_from_slice(&DIGIT_PAIRS[(acc & 0xFF) as usize]);
            used += 2;
            acc >>= 8;
            n -= 8;
        }
    }
    if n >= 4 {
        digits[used] = DIGITS_OF_CELLS[(acc & 0xF) as usize];
        used += 1;
        acc >>= 4;
        n -= 4;
    }
    if n > 0 {
        let (base, msb_first) = match n {
            1 => (b'g', acc),
            2 => (b'i', (acc & 1) << 1 | acc >> 1),
            _ => (b'm', (acc & 1) << 2 | (acc & 2) | acc >> 2 & 1),
        };
        digits[used] = base + msb_first as u8;
        used += 1;
    }
    out.extend_from_slice(&digits[..used]);
}

pub fn encode(pattern: &Pattern) -> String {
    let mut out = Vec::new();
    encode_into(pattern, &mut out);
    String::from_utf8(out).expect("hex output is ASCII")
}

/// Decodes one pattern: `HEX` for a square or `WxH:HEX` for any rectangle,
/// either followed by `/BARS` when barred. Errors name the offending
/// character position or length.
pub fn decode(text: &str) -> Result<Pattern> {
    let text = text.trim();
    let (size, body) = match text.split_once(':') {
        Some((size, body)) => (Some(parse_size_prefix(size)?), body),
        None => (None, text),
    };
    let (body, bars) = match body.split_once('/') {
        Some((cells, bars)) => (cells, Some(bars)),
        None => (body, None),
    };
    let bits = decode_bits(body)?;
    let (width, height) = match size {
        Some((w, h)) if w * h == bits.len() => (w, h),
        Some((w, h)) => {
            return Err(Error::invalid(format!(
                "hex pattern has {} cells but its prefix says {w}x{h} = {}",
                bits.len(),
                w * h
            )))
        }
        None => {
            let side = square_side(bits.len()).ok_or_else(|| {
                Error::invalid(format!(
                    "hex pattern of {} characters holds {} cells, which is not a square of side {MIN_SIDE}..={MAX_SIDE} (use a WxH: prefix for other shapes)",
                    body.len(),
                    bits.len()
                ))
            })?;
            (side, side)
        }
    };
    let rows = masks(&bits, width);
    let pattern = Pattern::from_rows(width, height, rows)?;
    let Some(bars) = bars else {
        return Ok(pattern);
    };
    let bits = decode_bits(bars).map_err(|e| Error::invalid(format!("bars: {e}")))?;
    let (right, below) = (height * (width - 1), (height - 1) * width);
    if bits.len() != right + below {
        return Err(Error::invalid(format!(
            "a {width}x{height} pattern has {} places for bars, but its bars after '/' give {}",
            right + below,
            bits.len()
        )));
    }
    pattern.with_bars(
        masks(&bits[..right], width - 1),
        masks(&bits[right..], width),
    )
}

/// Bits in rows of `width`, each row a mask with its first bit lowest.
fn masks(bits: &[bool], width: usize) -> Vec<u32> {
    bits.chunks(width)
        .map(|cells| {
            cells
                .iter()
                .enumerate()
                .fold(0u32, |acc, (c, &w)| acc | (w as u32) << c)
        })
        .collect()
}

fn parse_size_prefix(size: &str) -> Result<(usize, usize)> {
    let bad = || {
        Error::invalid(format!(
            "bad size prefix {size:?} (expected WxH, e.g. 15x11)"
        ))
    };
    let (w, h) = size.split_once(['x', 'X']).ok_or_else(bad)?;
    let w: usize = w.parse().map_err(|_| bad())?;
    let h: usize = h.parse().map_err(|_| bad())?;
    check_side("width", w)?;
    check_side("height", h)?;
    Ok((w, h))
}

fn decode_bits(body: &str) -> Result<Vec<bool>> {
    if body.is_empty() {
        return Err(Error::invalid("empty hex pattern"));
    }
    let mut bits = Vec::with_capacity(body.len() * 4);
    let last = body.len() - 1;
    for (i, ch) in body.chars().enumerate() {
        let (value, count) = match ch {
            '0'..='9' => (ch as u32 - '0' as u32, 4),
            'A'..='F' => (ch as u32 - 'A' as u32 + 10, 4),
            'a'..='f' => (ch as u32 - 'a' as u32 + 10, 4),
            'g'..='h' if i == last => (ch as u32 - 'g' as u32, 1),
            'i'..='l' if i == last => (ch as u32 - 'i' as u32, 2),
            'm'..='t' if i == last => (ch as u32 - 'm' as u32, 3),
            'g'..='t' => {
                return Err(Error::invalid(format!(
                    "hex pattern: trailing-bits letter {ch:?} at character {} is allowed only at the end",
                    i + 1
                )))
            }
            _ => {
                return Err(Error::invalid(format!(
                    "hex pattern: bad character {ch:?} at character {} (expected 0-9, A-F, or a final g-t)",
                    i + 1
                )))
            }
        };
        bits.extend((0..count).rev().map(|b| value >> b & 1 == 1));
    }
    Ok(bits)
}

fn square_side(cells: usize) -> Option<usize> {
    (MIN_SIDE..=MAX_SIDE).find(|s| s * s == cells)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trailing_letters_cover_one_to_three_bits() {
        // 3x3 = 9 bits = 2 digits + 1 bit; 5x5 = 25 = 6 digits + 1; 7x7 = 49 = 12 + 1.
        let all_white = Pattern::from_rows(3, 3, vec![7; 3]).unwrap();
        assert_eq!(encode(&all_white), "FFh");
        let black = Pattern::from_rows(3, 3, vec![0; 3]).unwrap();
        assert_eq!(encode(&black), "00g");
        // 6x3 = 18 bits = 4 digits + 2 bits, non-square gets a prefix.
        let rect = Pattern::from_rows(6, 3, vec![0b111111, 0, 0b110000]).unwrap();
        assert_eq!(encode(&rect), "6x3:FC00l");
        // 3x5 = 15 bits = 3 digits + 3 bits.
        let tall = Pattern::from_rows(3, 5, vec![0, 0, 0, 0, 0b111]).unwrap();
        assert_eq!(encode(&tall), "3x5:000t");
    }

    #[test]
    fn decode_rejects_bad_input() {
        assert!(decode("FFx")
            .unwrap_err()
            .to_string()
            .contains("bad character 'x'"));
        assert!(decode("FgF")
            .unwrap_err()
            .to_string()
            .contains("only at the end"));
        assert!(decode("FFF")
            .unwrap_err()
            .to_string()
            .contains("not a square"));
        assert!(decode("4x4:FFF")
            .unwrap_err()
            .to_string()
            .contains("prefix says 4x4"));
        assert!(decode("").is_err());
        assert!(decode("40x4:FFFF").is_err());
    }
}
