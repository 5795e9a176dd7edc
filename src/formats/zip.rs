//! The one file inside a ZIP archive, as Crossword Compiler saves a `.jpz`.
//!
//! Only what reading such a file needs: the end-of-central-directory record
//! at the archive's end says where the central directory is; its entries
//! name the files, their compression and sizes, and where each one's local
//! header is; the data follows that header. The central directory is
//! trusted over the local headers because writers that stream (Java's
//! `ZipOutputStream`, for one) leave the sizes in the local header zero.
//! Stored and deflated data are read; anything else (another compression,
//! encryption, ZIP64) is refused by name. A file larger than the caller's
//! limit is refused before it is unpacked, and unpacking stops at the size
//! the directory gives, so an archive that inflates to gigabytes is an
//! error, not exhausted memory. The unpacked data must match the CRC-32
//! the directory gives, so a damaged archive is an error, not a puzzle
//! with wrong letters.

use miniz_oxide::inflate;

/// What every archive starts with: a local file header, or for an empty
/// archive its end-of-central-directory record.
const LOCAL_HEADER: &[u8; 4] = b"PK\x03\x04";
const CENTRAL_HEADER: &[u8; 4] = b"PK\x01\x02";
const END_OF_DIRECTORY: &[u8; 4] = b"PK\x05\x06";

const LOCAL_HEADER_LEN: usize = 30;
const CENTRAL_HEADER_LEN: usize = 46;
const END_OF_DIRECTORY_LEN: usize = 22;
/// The end record may be followed by a comment of up to this many bytes.
const MAX_COMMENT: usize = 0xFFFF;

const STORED: u16 = 0;
const DEFLATED: u16 = 8;
const ENCRYPTED: u16 = 0x0001;
/// A size or offset field holding this means the real value is in a ZIP64
/// record.
const ZIP64: u32 = 0xFFFF_FFFF;

/// Whether `bytes` look like a ZIP archive rather than a text file.
pub(crate) fn is_zip(bytes: &[u8]) -> bool {
    bytes.starts_with(LOCAL_HEADER) || bytes.starts_with(END_OF_DIRECTORY)
}

/// The contents of the archive's one file, at most `limit` bytes unpacked.
/// Problems are plain messages until the caller names the file.
pub(crate) fn only_file(bytes: &[u8], limit: u64) -> Result<Vec<u8>, String> {
    let directory = end_of_directory(bytes)?;
    let entries = central_entries(bytes, &directory)?;
    let files: Vec<&Entry> = entries.iter().filter(|e| !e.name.ends_with('/')).collect();
    let entry = match files.as_slice() {
        [] => {
            return Err("the ZIP archive holds no file (a .jpz archive holds one XML file)".into())
        }
        [one] => *one,
        several => {
            let names: Vec<String> = several
                .iter()
                .take(3)
                .map(|e| format!("{:?}", e.name))
                .collect();
            let more = if several.len() > 3 { ", …" } else { "" };
            return Err(format!(
                "the ZIP archive holds {} files ({}{more}); a .jpz archive holds one XML file",
                several.len(),
                names.join(", ")
            ));
        }
    };
    unpack(bytes, entry, limit)
}

struct Directory {
    entries: usize,
    offset: usize,
}

/// Searched for from the end, since a comment of any length up to
/// [`MAX_COMMENT`] may follow it.
fn end_of_directory(bytes: &[u8]) -> Result<Directory, String> {
    let earliest = bytes
        .len()
        .saturating_sub(END_OF_DIRECTORY_LEN + MAX_COMMENT);
    let last = bytes.len().checked_sub(END_OF_DIRECTORY_LEN);
    let at = last
        .and_then(|last| {
            (earliest..=last)
                .rev()
                .find(|&i| bytes[i..].starts_with(END_OF_DIRECTORY))
        })
        .ok_or("the ZIP archive is truncated or damaged (it has no end-of-directory record)")?;
    let entries = u16_at(bytes, at + 10);
    let offset = u32_at(bytes, at + 16);
    if entries == 0xFFFF || offset == ZIP64 {
        return Err("the ZIP archive is in the ZIP64 format, which is not read".into());
    }
    Ok(Directory {
        entries: usize::from(entries),
        offset: offset as usize,
    })
}

struct Entry {
    name: String,
    flags: u16,
    method: u16,
    packed: usize,
    unpacked: usize,
    crc: u32,
    local_header: usize,
}

fn central_entries(bytes: &[u8], directory: &Directory) -> Result<Vec<Entry>, String> {
    let damaged = || "the ZIP archive's directory is truncated or damaged".to_string();
    let mut entries = Vec::new();
    let mut at = directory.offset;
    for _ in 0..directory.entries {
        let header = bytes
            .get(at..at + CENTRAL_HEADER_LEN)
            .filter(|h| h.starts_with(CENTRAL_HEADER))
            .ok_or_else(damaged)?;
        let name_len = usize::from(u16_at(header, 28));
        let extra_len = usize::from(u16_at(header, 30));
        let comment_len = usize::from(u16_at(header, 32));
        let name_at = at + CENTRAL_HEADER_LEN;
        let name = bytes.get(name_at..name_at + name_len).ok_or_else(damaged)?;
        let (packed, unpacked) = (u32_at(header, 20), u32_at(header, 24));
        let local_header = u32_at(header, 42);
        if [packed, unpacked, local_header].contains(&ZIP64) {
            return Err("the ZIP archive is in the ZIP64 format, which is not read".into());
        }
        entries.push(Entry {
            name: String::from_utf8_lossy(name).into_owned(),
            flags: u16_at(header, 8),
            method: u16_at(header, 10),
            packed: packed as usize,
            unpacked: unpacked as usize,
            crc: u32_at(header, 16),
            local_header: local_header as usize,
        });
        at = name_at + name_len + extra_len + comment_len;
    }
    Ok(entries)
}

fn unpack(bytes: &[u8], entry: &Entry, limit: u64) -> Result<Vec<u8>, String> {
    let name = &entry.name;
    if entry.flags & ENCRYPTED != 0 {
        return Err(format!("{name:?} in the ZIP archive is encrypted"));
    }
    if entry.unpacked as u64 > limit {
        return Err(format!(
            "{name:?} in the ZIP archive unpacks to {} bytes, far more than a puzzle (at most \
             {limit})",
            entry.unpacked
        ));
    }
    let truncated = || format!("the ZIP archive is truncated: it ends inside {name:?}");
    let header = bytes
        .get(entry.local_header..entry.local_header + LOCAL_HEADER_LEN)
        .filter(|h| h.starts_with(LOCAL_HEADER))
        .ok_or_else(truncated)?;
    let data_at = entry.local_header
        + LOCAL_HEADER_LEN
        + usize::from(u16_at(header, 26))
        + usize::from(u16_at(header, 28));
    let data = bytes
        .get(data_at..data_at + entry.packed)
        .ok_or_else(truncated)?;
    let contents = match entry.method {
        STORED => data.to_vec(),
        // The size the directory gives (checked against the limit above)
        // bounds the output: data that would inflate past it stops there.
        DEFLATED => inflate::decompress_to_vec_with_limit(data, entry.unpacked).map_err(|e| {
            let problem = match e.status {
                inflate::TINFLStatus::HasMoreOutput => {
                    format!(
                        "it unpacks to more than the {} bytes the archive says",
                        entry.unpacked
                    )
                }
                _ => "its deflated data does not unpack".to_string(),
            };
            format!("{name:?} in the ZIP archive is damaged: {problem}")
        })?,
        method => {
            return Err(format!(
                "{name:?} in the ZIP archive uses compression method {method}; only stored (0) \
                 and deflated (8) files can be read"
            ))
        }
    };
    if contents.len() != entry.unpacked {
        return Err(format!(
            "{name:?} in the ZIP archive is damaged: it unpacks to {} bytes, the archive says {}",
            contents.len(),
            entry.unpacked
        ));
    }
    let crc = crc32fast::hash(&contents);
    if crc != entry.crc {
        return Err(format!(
            "{name:?} in the ZIP archive is damaged: its CRC-32 is {crc:08x}, the archive says {:08x}",
            entry.crc
        ));
    }
    Ok(contents)
}

/// Little-endian fields; callers have checked that the record is whole.
fn u16_at(bytes: &[u8], at: usize) -> u16 {
    u16::from_le_bytes([bytes[at], bytes[at + 1]])
}

fn u32_at(bytes: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]])
}
