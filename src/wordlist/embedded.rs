//! The default word list, compiled into the binary deflated so every command
//! works with no file (see `wordlists/README.md` for how it is built).

use super::{ReadReport, WordList};
use crate::error::{Error, Result};

const PACKED: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/default.txt.deflate"));

/// Name under which the embedded list appears in reports and errors.
pub const NAME: &str = "<embedded default list>";

/// The embedded list as compiled in (deflated), e.g. for cache keys.
pub fn packed() -> &'static [u8] {
    PACKED
}

/// The embedded list, parsed.
pub fn default_list() -> Result<(WordList, ReadReport)> {
    let bytes = miniz_oxide::inflate::decompress_to_vec(PACKED)
        .map_err(|e| Error::invalid(format!("{NAME} is damaged: {e:?}")))?;
    let text =
        String::from_utf8(bytes).map_err(|_| Error::invalid(format!("{NAME} is not text")))?;
    Ok(WordList::parse(&text, NAME))
}
