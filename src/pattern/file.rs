//! Reading pattern files, and resolving the grid a user names on the command line.
//!
//! A pattern file holds one hex pattern per line; blank lines and lines
//! starting with `#` are ignored. Files can be far larger than memory, so the
//! reader streams. A grid argument may be a text grid file, a hex pattern file
//! (its first pattern), `FILE:N` (the N-th pattern, 1-based) or a hex string.

use std::fs::File;
use std::io::{BufRead, BufReader};
use std::path::Path;

use super::{hex, Pattern};
use crate::error::{Error, IoContext, Result};
use crate::grid::Grid;

/// Calls `visit(line_number, pattern)` for each pattern of the file in order;
/// `visit` returns false to stop early.
pub fn for_each_pattern(path: &Path, mut visit: impl FnMut(usize, Pattern) -> bool) -> Result<()> {
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
        let pattern =
            hex::decode(line).map_err(|e| Error::parse(&name, line_no, None, e.to_string()))?;
        if !visit(line_no, pattern) {
            return Ok(());
        }
    }
}

pub fn read_patterns(path: &Path) -> Result<Vec<Pattern>> {
    let mut all = Vec::new();
    for_each_pattern(path, |_, p| {
        all.push(p);
        true
    })?;
    Ok(all)
}

/// The `n`-th pattern (1-based) of a pattern file.
pub fn nth_pattern(path: &Path, n: usize) -> Result<Pattern> {
    if n == 0 {
        return Err(Error::invalid(format!(
            "{}:0: patterns are numbered from 1",
            path.display()
        )));
    }
    let (mut seen, mut found) = (0, None);
    for_each_pattern(path, |_, p| {
        seen += 1;
        if seen == n {
            found = Some(p);
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

/// Resolves a grid argument: text grid file, `FILE.hex`, `FILE:N`, or hex string.
pub fn load_grid(spec: &str) -> Result<Grid> {
    let path = Path::new(spec);
    if path.is_file() {
        if path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("hex"))
        {
            return nth_pattern(path, 1).map(|p| Grid::from_pattern(&p));
        }
        let bytes = std::fs::read(path).at(path)?;
        let text = String::from_utf8(bytes)
            .map_err(|_| Error::parse(spec, 1, None, "not text (is this a binary file?)"))?;
        return Grid::parse_text(&text, spec);
    }
    if let Some((file, index)) = spec.rsplit_once(':') {
        if Path::new(file).is_file() {
            let n = index.parse().map_err(|_| {
                Error::invalid(format!("{spec}: {index:?} is not a pattern number"))
            })?;
            return nth_pattern(Path::new(file), n).map(|p| Grid::from_pattern(&p));
        }
    }
    hex::decode(spec)
        .map(|p| Grid::from_pattern(&p))
        .map_err(|e| {
            if spec.contains(['/', '.']) {
                Error::invalid(format!("{spec}: no such file"))
            } else {
                Error::invalid(format!("{spec:?} is neither a file nor a hex pattern: {e}"))
            }
        })
}
