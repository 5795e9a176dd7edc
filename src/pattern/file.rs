//! Reading pattern files.
//!
//! A pattern file holds one hex pattern per line, optionally followed by
//! the seats of a theme's entries (see [`super::seat`]); blank lines and
//! lines starting with `#` are ignored. Files can be far larger than memory,
//! so the reader streams.

use std::fs::File;
use std::io::{BufRead, BufReader};
use std::path::Path;

use super::seat::Seat;
use super::{hex, Pattern};
use crate::error::{Error, IoContext, Result};

/// Calls `visit(line_number, pattern)` for each pattern of the file in order;
/// `visit` returns false to stop early. Seats are checked and left out.
pub(crate) fn for_each_pattern(
    path: &Path,
    mut visit: impl FnMut(usize, Pattern) -> bool,
) -> Result<()> {
    for_each_seated(path, |line, pattern, _| visit(line, pattern))
}

/// As [`for_each_pattern`], with each line's seats. A seat that is not a
/// whole slot of its pattern is an error naming the line.
pub(crate) fn for_each_seated(
    path: &Path,
    mut visit: impl FnMut(usize, Pattern, Vec<Seat>) -> bool,
) -> Result<()> {
    let name = path.display().to_string();
    let mut reader = BufReader::with_capacity(1 << 20, File::open(path).at(path)?);
    let mut bytes = Vec::new();
    let mut line_no = 0;
    loop {
        bytes.clear();
        if reader.read_until(b'\n', &mut bytes).at(path)? == 0 {
            return Ok(());
        }
        line_no += 1;
        let line = std::str::from_utf8(&bytes)
            .map_err(|_| Error::parse(&name, line_no, None, "not text (is this a binary file?)"))?
            .trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut fields = line.split_ascii_whitespace();
        let at = |message: String| Error::parse(&name, line_no, None, message);
        let pattern =
            hex::decode(fields.next().unwrap_or_default()).map_err(|e| at(e.to_string()))?;
        let seats = fields
            .map(|text| {
                let seat = Seat::parse(text)?;
                check_seat(&pattern, &seat)?;
                Ok(seat)
            })
            .collect::<Result<Vec<Seat>, String>>()
            .map_err(at)?;
        if !visit(line_no, pattern, seats) {
            return Ok(());
        }
    }
}

/// Whether `seat` fills a whole slot of `pattern`: white cells inside the
/// grid, a block or the edge just before and after.
fn check_seat(pattern: &Pattern, seat: &Seat) -> Result<(), String> {
    let (w, h) = (pattern.width(), pattern.height());
    let len = seat.answer.len();
    let (dr, dc) = if seat.across { (0, 1) } else { (1, 0) };
    let inside = |r: usize, c: usize| r < h && c < w;
    let (end_r, end_c) = (seat.row + (len - 1) * dr, seat.col + (len - 1) * dc);
    if !inside(end_r, end_c) {
        return Err(format!("seat {seat} runs off the {w}x{h} grid"));
    }
    if let Some((r, c)) = seat.cells().find(|&(r, c)| !pattern.is_white(r, c)) {
        return Err(format!(
            "seat {seat}: row {}, column {} is a block",
            r + 1,
            c + 1
        ));
    }
    let before = (seat.row >= dr && seat.col >= dc).then(|| (seat.row - dr, seat.col - dc));
    let after = Some((end_r + dr, end_c + dc)).filter(|&(r, c)| inside(r, c));
    if before
        .into_iter()
        .chain(after)
        .any(|(r, c)| pattern.is_white(r, c))
    {
        return Err(format!("seat {seat} is not a whole slot of its pattern"));
    }
    Ok(())
}

pub fn read_patterns(path: &Path) -> Result<Vec<Pattern>> {
    let mut all = Vec::new();
    for_each_pattern(path, |_, p| {
        all.push(p);
        true
    })?;
    Ok(all)
}

/// The `n`-th pattern (1-based) of a pattern file, with its seats.
pub(crate) fn nth_seated(path: &Path, n: usize) -> Result<(Pattern, Vec<Seat>)> {
    if n == 0 {
        return Err(Error::invalid(format!(
            "{}:0: patterns are numbered from 1",
            path.display()
        )));
    }
    let (mut seen, mut found) = (0, None);
    for_each_seated(path, |_, p, seats| {
        seen += 1;
        if seen == n {
            found = Some((p, seats));
        }
        seen < n
    })?;
    found.ok_or_else(|| {
        Error::invalid(format!(
            "{} has {seen} pattern(s); there is no pattern {n}",
            path.display()
        ))
    })
}
