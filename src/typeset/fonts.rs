//! The typeface of every page: DejaVu Sans, regular and bold, built into the
//! binary.
//!
//! The 14 standard PDF fonts only cover Latin-1 in practice, and clue texts
//! carry curly quotes, dashes, accents and fractions. Embedding a TrueType
//! font is what makes every such character print and extract as itself.
//! Layout needs to know how wide text will be, so this module also measures
//! strings with the font's own advance widths, and it replaces the rare
//! character the font has no glyph for with a visible stand-in rather than
//! letting a viewer draw garbage.
//!
//! The whole faces weigh 1.4 MB, and printpdf only subsets fonts when built
//! with its large text-layout feature. So [`Face::subset`] cuts a face down
//! to the characters a document uses with allsorts (the font library printpdf
//! itself is built on) before it is embedded: a page of clues needs a few
//! dozen kilobytes of font, not 700.

use std::collections::BTreeSet;

use allsorts::binary::read::ReadScope;
use allsorts::font_data::FontData;
use allsorts::subset::{subset, CmapTarget, SubsetProfile};
use printpdf::{FontId, ParsedFont};

use crate::error::{Error, Result};

const REGULAR_TTF: &[u8] = include_bytes!("fonts/DejaVuSans.ttf");
const BOLD_TTF: &[u8] = include_bytes!("fonts/DejaVuSans-Bold.ttf");

/// Height of DejaVu Sans capitals and figures (1493 of 2048 units per em):
/// what centres a letter in a cell or aligns a number to a cell's corner.
pub(crate) const CAP_HEIGHT: f32 = 1493.0 / 2048.0;

/// What a character the font lacks is printed as.
const STAND_IN: char = '\u{FFFD}';

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    Regular,
    Bold,
}

/// One face and the name the PDF's resources know it by.
pub(crate) struct Face {
    pub font: ParsedFont,
    /// The face's PostScript name, which the PDF names it by.
    name: &'static str,
    /// Fixed rather than printpdf's generated ids, whose values depend on
    /// how many ids the process made before, so output stays reproducible.
    pub id: FontId,
}

impl Face {
    /// This face reduced to the glyphs of `chars` (each of which it must
    /// have), renumbered, with a cmap for just those characters and a font
    /// name carrying the subset tag PDF asks for.
    pub fn subset(&self, chars: &BTreeSet<char>) -> Result<Face> {
        let failed = |what: &str| {
            Error::invalid(format!(
                "cannot subset the built-in font {}: {what}",
                self.name
            ))
        };
        let glyphs: BTreeSet<u16> = chars
            .iter()
            .filter_map(|&c| self.font.lookup_glyph_index(c as u32))
            .filter(|&g| g != 0)
            .collect();
        // Glyph 0 (.notdef) must come first.
        let ids: Vec<u16> = std::iter::once(0).chain(glyphs).collect();
        let file = ReadScope::new(&self.font.original_bytes)
            .read::<FontData<'_>>()
            .map_err(|e| failed(&e.to_string()))?;
        let provider = file.table_provider(0).map_err(|e| failed(&e.to_string()))?;
        let bytes = subset(&provider, &ids, &SubsetProfile::Pdf, CmapTarget::Unicode)
            .map_err(|e| failed(&e.to_string()))?;
        let tag = subset_tag(self.name, chars);
        let mut face = load_face(&bytes, self.name, &self.id.0)?;
        face.font.font_name = Some(format!("{tag}+{}", self.name));
        Ok(face)
    }
}

/// Six capital letters that differ between subsets of different characters
/// (PDF wants subsets named apart) yet are the same on every run.
fn subset_tag(name: &str, chars: &BTreeSet<char>) -> String {
    let data = name.chars().chain(chars.iter().copied());
    let mut hash = data.fold(0xcbf2_9ce4_8422_2325_u64, |hash, c| {
        (hash ^ u64::from(u32::from(c))).wrapping_mul(0x0000_0100_0000_01b3)
    });
    (0..6)
        .map(|_| {
            let letter = char::from(b'A' + (hash % 26) as u8);
            hash /= 26;
            letter
        })
        .collect()
}

pub(crate) struct Fonts {
    pub regular: Face,
    pub bold: Face,
}

impl Fonts {
    pub fn load() -> Result<Fonts> {
        Ok(Fonts {
            regular: load_face(REGULAR_TTF, "DejaVuSans", "F1")?,
            bold: load_face(BOLD_TTF, "DejaVuSans-Bold", "F2")?,
        })
    }

    pub fn face(&self, style: Style) -> &Face {
        match style {
            Style::Regular => &self.regular,
            Style::Bold => &self.bold,
        }
    }

    /// Width in points of `text` set in `style` at `size` points, without
    /// kerning (which is also how it will be drawn).
    pub fn width(&self, text: &str, style: Style, size: f32) -> f32 {
        self.points(self.units(text, style), style, size)
    }

    /// The advance of `text` in `style` in font units. Advances add up, so
    /// the units of a line are those of its words and spaces: wrapping
    /// measures each word once rather than every line it tries.
    pub fn units(&self, text: &str, style: Style) -> u32 {
        let font = &self.face(style).font;
        text.chars()
            .filter_map(|c| font.lookup_glyph_index(c as u32))
            .filter_map(|glyph| font.get_glyph_width(glyph))
            .map(u32::from)
            .sum()
    }

    /// `units` of `style` in points at `size`: [`Fonts::width`] of any text
    /// of that many units.
    pub fn points(&self, units: u32, style: Style, size: f32) -> f32 {
        let font = &self.face(style).font;
        units as f32 * size / f32::from(font.units_per_em.max(1))
    }

    /// `text` with every run of white space (tabs and line breaks included)
    /// made one space, no space at either end, and each character that either
    /// face lacks replaced by a stand-in, so that it can be measured and drawn.
    pub fn printable(&self, text: &str) -> String {
        let words: Vec<&str> = text.split_whitespace().collect();
        words
            .join(" ")
            .chars()
            .map(|c| {
                if self.has_glyph(c) {
                    c
                } else {
                    self.stand_in()
                }
            })
            .collect()
    }

    fn has_glyph(&self, c: char) -> bool {
        !c.is_control()
            && [&self.regular, &self.bold].iter().all(|face| {
                face.font
                    .lookup_glyph_index(c as u32)
                    .is_some_and(|g| g != 0)
            })
    }

    fn stand_in(&self) -> char {
        if self.has_glyph(STAND_IN) {
            STAND_IN
        } else {
            '?'
        }
    }
}

fn load_face(bytes: &[u8], name: &'static str, id: &str) -> Result<Face> {
    let mut warnings = Vec::new();
    let mut font = ParsedFont::from_bytes(bytes, 0, &mut warnings)
        .ok_or_else(|| Error::invalid(format!("the built-in font {name} cannot be read")))?;
    font.font_name = Some(name.to_string());
    Ok(Face {
        font,
        name,
        id: FontId(id.to_string()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widths_come_from_the_font() {
        let fonts = Fonts::load().unwrap();
        // DejaVu Sans: 'M' advances 1767 of 2048 units, a space 651.
        let m = fonts.width("M", Style::Regular, 2048.0);
        assert!((m - 1767.0).abs() < 0.01, "{m}");
        let two = fonts.width("M M", Style::Regular, 10.0);
        assert!((two - (2.0 * 1767.0 + 651.0) * 10.0 / 2048.0).abs() < 0.001);
        assert!(fonts.width("M", Style::Bold, 10.0) > fonts.width("M", Style::Regular, 10.0));
        // Units add up, and give the same points as measuring the whole.
        assert_eq!(fonts.units("M M", Style::Regular), 2 * 1767 + 651);
        assert_eq!(
            fonts.points(fonts.units("M M", Style::Regular), Style::Regular, 10.0),
            two
        );
    }

    #[test]
    fn printable_keeps_unicode_and_replaces_what_the_font_lacks() {
        let fonts = Fonts::load().unwrap();
        assert_eq!(
            fonts.printable("  Café\t“au lait”\n— ½ ©  "),
            "Café “au lait” — ½ ©"
        );
        // DejaVu Sans has no CJK ideographs and no Devanagari.
        assert_eq!(fonts.printable("a\u{4E2D}b\u{0915}"), "a\u{FFFD}b\u{FFFD}");
    }

    #[test]
    fn a_subset_keeps_just_its_characters_with_their_widths() {
        let fonts = Fonts::load().unwrap();
        let chars: BTreeSet<char> = "Café ½".chars().collect();
        let small = fonts.regular.subset(&chars).unwrap();
        assert!(
            small.font.original_bytes.len() < 20_000,
            "{}",
            small.font.original_bytes.len()
        );
        for c in chars {
            let glyph = small.font.lookup_glyph_index(c as u32).unwrap();
            let full = fonts.regular.font.lookup_glyph_index(c as u32).unwrap();
            assert_eq!(
                small.font.get_glyph_width(glyph),
                fonts.regular.font.get_glyph_width(full)
            );
        }
        assert_eq!(small.font.lookup_glyph_index('x' as u32), None);
        let name = small.font.font_name.unwrap();
        assert_eq!(name.len(), "ABCDEF+DejaVuSans".len());
        assert!(name[..6].chars().all(|c| c.is_ascii_uppercase()) && name.ends_with("+DejaVuSans"));
        let other: BTreeSet<char> = "Cafe".chars().collect();
        assert_ne!(subset_tag("DejaVuSans", &other), name[..6]);
    }
}
