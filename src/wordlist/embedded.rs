//! The default word list, compiled into the binary deflated so every command
//! works with no file (see `wordlists/README.md` for how it is built).

use super::{ReadReport, WordList};
use crate::error::Result;

const PACKED: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/default.txt.deflate"));

/// Name under which the embedded list appears in reports and errors.
pub const NAME: &str = "<embedded default list>";

/// The embedded list as compiled in (deflated), e.g. for cache keys.
pub fn packed() -> &'static [u8] {
    PACKED
}

/// The embedded list, parsed.
pub fn default_list() -> Result<(WordList, ReadReport)> {
    Ok(WordList::parse(&crate::data::inflate(PACKED), NAME))
}
