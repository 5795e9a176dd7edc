//! Turning laid-out [`Page`]s into PDF bytes with printpdf.
//!
//! Two things matter beyond drawing. Text is shown through the embedded
//! DejaVu faces, cut down to the characters the pages use, and printpdf
//! gives each a ToUnicode map, so a reader extracting text gets the real
//! characters back. And the bytes must
//! be the same for the same puzzle: printpdf's dates are already fixed at the
//! epoch, but its font ids and the trailer's document id come from a
//! process-wide counter, so this module names the fonts itself and replaces
//! the document id with one derived from the document's content.

use std::collections::BTreeSet;

use printpdf::{
    Color, Greyscale, Line, LinePoint, Op, PaintMode, PdfDocument, PdfFont, PdfFontHandle, PdfPage,
    PdfSaveOptions, Point, Pt, TextItem, TextMatrix,
};

use crate::error::Result;

use super::fonts::{Fonts, Style};
use super::page::{Item, Page, Rect};

/// Document metadata shown by viewers.
pub struct Info<'a> {
    pub title: &'a str,
    pub author: &'a str,
}

/// The PDF file holding `pages`. `fingerprint` must identify the content
/// (the same fingerprint for the same pages): the document id is made from it.
pub fn document(fonts: &Fonts, pages: &[Page], info: &Info, fingerprint: &[u8]) -> Result<Vec<u8>> {
    let mut pdf = PdfDocument::new(info.title);
    pdf.metadata.info.author = info.author.to_string();
    pdf.metadata.info.creator = "cruciverb".to_string();
    for style in [Style::Regular, Style::Bold] {
        let chars = characters(pages, style);
        if !chars.is_empty() {
            let face = fonts.face(style).subset(&chars)?;
            pdf.resources
                .fonts
                .map
                .insert(face.id.clone(), PdfFont::new(face.font));
        }
    }
    pdf.pages = pages.iter().map(|page| pdf_page(fonts, page)).collect();
    let options = PdfSaveOptions {
        image_optimization: None,
        ..PdfSaveOptions::default()
    };
    let mut doc = pdf.to_lopdf_document(&options, &mut Vec::new());
    let id = document_id(fingerprint);
    doc.trailer.set(
        "ID",
        vec![
            lopdf::Object::string_literal(id.clone()),
            lopdf::Object::string_literal(id),
        ],
    );
    doc.compress();
    let mut bytes = Vec::new();
    // Writing into memory cannot fail.
    let _ = doc.save_to(&mut bytes);
    Ok(bytes)
}

/// Every character set in `style` on any of the pages.
fn characters(pages: &[Page], style: Style) -> BTreeSet<char> {
    pages
        .iter()
        .flat_map(|page| &page.items)
        .filter_map(|item| match item {
            Item::Text { style: s, text, .. } if *s == style => Some(text.chars()),
            _ => None,
        })
        .flatten()
        .collect()
}

/// 32 hex digits from two 64-bit FNV-1a hashes of `data`: stable across
/// runs, platforms and compiler versions, unlike the standard hasher.
fn document_id(data: &[u8]) -> String {
    let fnv = |basis: u64| {
        data.iter().fold(basis, |hash, &byte| {
            (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3)
        })
    };
    format!(
        "{:016x}{:016x}",
        fnv(0xcbf2_9ce4_8422_2325),
        fnv(0x6c62_272e_07bb_0142)
    )
}

fn pdf_page(fonts: &Fonts, page: &Page) -> PdfPage {
    let flip = |y: f32| Pt(page.height - y);
    let mut ops = vec![
        Op::SetFillColor { col: black() },
        Op::SetOutlineColor { col: black() },
    ];
    // Shapes first, then all text in one text object on top of them.
    for item in &page.items {
        match item {
            Item::Fill(rect) => ops.push(Op::DrawRectangle {
                rectangle: pdf_rect(rect, PaintMode::Fill, &flip),
            }),
            Item::Shade(rect) => ops.extend([
                Op::SetFillColor { col: grey(SHADE) },
                Op::DrawRectangle {
                    rectangle: pdf_rect(rect, PaintMode::Fill, &flip),
                },
                Op::SetFillColor { col: black() },
            ]),
            Item::Circle {
                centre,
                radius,
                width,
            } => ops.extend([
                Op::SetOutlineThickness { pt: Pt(*width) },
                Op::DrawLine {
                    line: circle(*centre, *radius, &flip),
                },
            ]),
            Item::Frame(rect, width) => ops.extend([
                Op::SetOutlineThickness { pt: Pt(*width) },
                Op::DrawRectangle {
                    rectangle: pdf_rect(rect, PaintMode::Stroke, &flip),
                },
            ]),
            Item::Line { from, to, width } => ops.extend([
                Op::SetOutlineThickness { pt: Pt(*width) },
                Op::DrawLine {
                    line: Line {
                        points: [from, to]
                            .iter()
                            .map(|&&(x, y)| LinePoint {
                                p: Point {
                                    x: Pt(x),
                                    y: flip(y),
                                },
                                bezier: false,
                            })
                            .collect(),
                        is_closed: false,
                    },
                },
            ]),
            Item::Text { .. } => {}
        }
    }
    ops.push(Op::StartTextSection);
    let mut current: Option<(Style, f32)> = None;
    for item in &page.items {
        if let Item::Text {
            x,
            baseline,
            size,
            style,
            text,
        } = item
        {
            if current != Some((*style, *size)) {
                ops.push(Op::SetFont {
                    font: PdfFontHandle::External(fonts.face(*style).id.clone()),
                    size: Pt(*size),
                });
                current = Some((*style, *size));
            }
            ops.push(Op::SetTextMatrix {
                matrix: TextMatrix::Translate(Pt(*x), flip(*baseline)),
            });
            ops.push(Op::ShowText {
                items: vec![TextItem::Text(text.clone())],
            });
        }
    }
    ops.push(Op::EndTextSection);
    PdfPage {
        media_box: printpdf::Rect::from_wh(Pt(page.width), Pt(page.height)),
        trim_box: printpdf::Rect::from_wh(Pt(page.width), Pt(page.height)),
        crop_box: printpdf::Rect::from_wh(Pt(page.width), Pt(page.height)),
        ops,
    }
}

/// How light a shaded cell is (1 is white): light enough that black
/// letters and numbers on it read as on white.
const SHADE: f32 = 0.82;

/// Segments of the polygon a circle is drawn as: at 64 the corners are
/// under a hundredth of the radius off the curve, invisible in print.
const CIRCLE_SEGMENTS: usize = 64;

fn black() -> Color {
    grey(0.0)
}

fn grey(percent: f32) -> Color {
    Color::Greyscale(Greyscale {
        percent,
        icc_profile: None,
    })
}

/// A closed polygon through points of the circle.
fn circle((cx, cy): (f32, f32), radius: f32, flip: &dyn Fn(f32) -> Pt) -> Line {
    let points = (0..CIRCLE_SEGMENTS)
        .map(|i| {
            let angle = i as f32 / CIRCLE_SEGMENTS as f32 * std::f32::consts::TAU;
            LinePoint {
                p: Point {
                    x: Pt(cx + radius * angle.cos()),
                    y: flip(cy + radius * angle.sin()),
                },
                bezier: false,
            }
        })
        .collect();
    Line {
        points,
        is_closed: true,
    }
}

fn pdf_rect(rect: &Rect, mode: PaintMode, flip: &dyn Fn(f32) -> Pt) -> printpdf::Rect {
    printpdf::Rect {
        x: Pt(rect.x),
        y: flip(rect.bottom()),
        width: Pt(rect.width),
        height: Pt(rect.height),
        mode: Some(mode),
        winding_order: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn document_ids_depend_only_on_the_fingerprint() {
        assert_eq!(document_id(b"abc"), document_id(b"abc"));
        assert_ne!(document_id(b"abc"), document_id(b"abd"));
        assert_eq!(document_id(b"").len(), 32);
        // FNV-1a 64 of the empty input is its offset basis.
        assert!(document_id(b"").starts_with("cbf29ce484222325"));
    }
}
