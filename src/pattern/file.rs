//! Reading pattern files.
//!
//! A pattern file holds one hex pattern per line; blank lines and lines
//! starting with `#` are ignored. Files can be far larger than memory, so the
//! reader streams.

use std::fs::File;
use std::io::{BufRead, BufReader};
use std::path::Path;

use super::{hex, Pattern};
use crate::error::{Error, IoContext, Result};

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
