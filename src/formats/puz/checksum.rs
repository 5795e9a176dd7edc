//! The checksums a `.puz` file carries, so readers can reject damaged files.
//!
//! Every checksum is the same 16-bit rotate-and-add sum over some part of the
//! file. The header stores three kinds: one over the size block (CIB), one
//! over everything (global), and the four part sums (size block, solution,
//! player grid, text) again, XORed byte by byte with the string "ICHEATED".
//! [`Body`] is the file's content split into those parts; writing and
//! reading both compute [`Sums`] from it, so they cannot disagree.

/// The string the four part checksums are XORed with in the header.
const MASK: &[u8; 8] = b"ICHEATED";

/// The parts of a file that its checksums cover, as stored bytes.
pub(crate) struct Body<'a> {
    /// The 8-byte size block: width, height, clue count, puzzle type and
    /// solution state.
    pub cib: &'a [u8],
    pub solution: &'a [u8],
    pub fill: &'a [u8],
    pub title: &'a [u8],
    pub author: &'a [u8],
    pub copyright: &'a [u8],
    pub clues: Vec<&'a [u8]>,
    pub notes: &'a [u8],
    /// Versions before 1.3 leave the notes out of the checksums.
    pub notes_counted: bool,
}

/// The checksums a header holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sums {
    pub global: u16,
    /// The sums of the parts [`MASKED_PARTS`] names; the first is also
    /// stored unmasked as the header checksum.
    pub parts: [u16; 4],
}

/// The names of the four masked parts, in header order.
pub(crate) const MASKED_PARTS: [&str; 4] = ["header", "solution", "player grid", "text"];

impl Sums {
    /// The "ICHEATED" bytes: the low bytes of the four part sums, then their
    /// high bytes, each XORed with its letter of the mask.
    pub fn masked(&self) -> [u8; 8] {
        let mut masked = [0; 8];
        for (i, part) in self.parts.iter().enumerate() {
            let [low, high] = part.to_le_bytes();
            masked[i] = MASK[i] ^ low;
            masked[i + 4] = MASK[i + 4] ^ high;
        }
        masked
    }
}

/// The four part sums that `masked` bytes stand for.
pub(crate) fn unmask(masked: &[u8]) -> [u16; 4] {
    let byte = |i: usize| masked.get(i).map_or(0, |b| b ^ MASK[i]);
    [0, 1, 2, 3].map(|i| u16::from_le_bytes([byte(i), byte(i + 4)]))
}

/// Rotates the running sum right by one bit, then adds the byte.
pub fn checksum(data: &[u8], seed: u16) -> u16 {
    data.iter().fold(seed, |sum, &b| {
        sum.rotate_right(1).wrapping_add(u16::from(b))
    })
}

impl Body<'_> {
    pub fn sums(&self) -> Sums {
        let cib = checksum(self.cib, 0);
        let solution = checksum(self.solution, 0);
        let fill = checksum(self.fill, 0);
        let text = self.text_checksum(0);
        let global = checksum(self.fill, checksum(self.solution, cib));
        Sums {
            global: self.text_checksum(global),
            parts: [cib, solution, fill, text],
        }
    }

    /// Credits and notes count with their terminating NUL, clues without it,
    /// and empty strings not at all: that is how Across Lite sums them.
    fn text_checksum(&self, seed: u16) -> u16 {
        let with_nul = |sum: u16, text: &[u8]| {
            if text.is_empty() {
                sum
            } else {
                checksum(&[0], checksum(text, sum))
            }
        };
        let mut sum = seed;
        for credit in [self.title, self.author, self.copyright] {
            sum = with_nul(sum, credit);
        }
        for clue in &self.clues {
            sum = checksum(clue, sum);
        }
        if self.notes_counted {
            sum = with_nul(sum, self.notes);
        }
        sum
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checksum_rotates_before_adding() {
        // 0 → 0x41; 0x41 rotated is 0x8020, + 0x42 = 0x8062.
        assert_eq!(checksum(b"A", 0), 0x41);
        assert_eq!(checksum(b"AB", 0), 0x8062);
        assert_eq!(checksum(b"", 0x1234), 0x1234);
        // Carries past 16 bits are dropped.
        assert_eq!(checksum(b"\xFF", 0xFFFF), 0x00FE);
    }
}
