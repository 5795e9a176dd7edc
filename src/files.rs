//! Writing output files, with one policy for every command.
//!
//! A regular file is written whole or not at all: the bytes go to a temporary
//! file beside it, are synced, and a rename puts them in place, so a crash or
//! a full disk never leaves a half-written file under the real name, and the
//! temporary is removed when the write fails. What cannot be renamed over —
//! `-` (standard output), a device such as `/dev/null`, a FIFO — is streamed
//! instead. A symbolic link is followed: its target is replaced and the link
//! stays. A replaced file keeps its permissions. Missing parent directories
//! are created.
//!
//! Whether an existing file may be replaced is the caller's [`Existing`]:
//! the commands refuse to replace a user's file unless told `--force`; the
//! caches and checkpoints the program owns are simply replaced.

use std::fs::{self, File, OpenOptions, Permissions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use crate::error::{Error, IoContext, Result};

/// What to do when the output file exists already.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Existing {
    /// Stop with an error naming the file (the commands' default).
    Refuse,
    /// Replace it, atomically (`--force`, and files the program owns).
    Replace,
}

impl Existing {
    /// The policy a command's `--force` flag selects.
    pub fn from_force(force: bool) -> Existing {
        if force {
            Existing::Replace
        } else {
            Existing::Refuse
        }
    }
}

/// Where the bytes for an output path really go.
#[derive(Debug)]
pub enum Target {
    /// `-`: standard output.
    Stdout,
    /// A device or FIFO: written in place, never replaced.
    Stream(PathBuf),
    /// A regular file (after following links), present or not.
    File {
        path: PathBuf,
        permissions: Option<Permissions>,
    },
}

/// Links followed before a path is taken for a loop.
const MAX_LINKS: usize = 40;

/// Resolves `path` to what writing it would touch, and applies the policy:
/// an existing regular file under [`Existing::Refuse`] and a directory are
/// errors. Commands call this before long work, so that a run is not lost
/// to a name clash at its end.
pub fn target(path: &Path, existing: Existing) -> Result<Target> {
    if path.as_os_str() == "-" {
        return Ok(Target::Stdout);
    }
    let resolved = follow_links(path)?;
    match fs::metadata(&resolved) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(Target::File {
            path: resolved,
            permissions: None,
        }),
        Err(e) => Err(Error::io(path, e)),
        Ok(meta) if meta.is_dir() => Err(Error::invalid(format!(
            "{} is a directory; give a file name",
            path.display()
        ))),
        Ok(meta) if meta.is_file() => match existing {
            Existing::Refuse => Err(Error::invalid(format!(
                "{} exists; add --force to replace it",
                path.display()
            ))),
            Existing::Replace => Ok(Target::File {
                path: resolved,
                permissions: Some(meta.permissions()),
            }),
        },
        Ok(_) => Ok(Target::Stream(resolved)),
    }
}

/// Follows symbolic links to the path they finally name (which may not
/// exist yet), so that writing replaces the target, never the link.
fn follow_links(path: &Path) -> Result<PathBuf> {
    let mut current = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        match fs::symlink_metadata(&current) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let link = fs::read_link(&current).at(&current)?;
                current = match current.parent() {
                    Some(dir) if link.is_relative() => dir.join(link),
                    _ => link,
                };
            }
            _ => return Ok(current),
        }
    }
    Err(Error::invalid(format!(
        "{}: too many levels of symbolic links",
        path.display()
    )))
}

/// Writes `data` to `path` under the policy `existing` (see the module doc).
pub fn write(path: &Path, data: &[u8], existing: Existing) -> Result<()> {
    match target(path, existing)? {
        Target::Stdout => {
            let mut out = io::stdout().lock();
            out.write_all(data)
                .and_then(|()| out.flush())
                .map_err(stdout_error)
        }
        Target::Stream(device) => {
            let mut file = OpenOptions::new().write(true).open(&device).at(path)?;
            file.write_all(data).and_then(|()| file.flush()).at(path)
        }
        Target::File { path, permissions } => replace(&path, data, permissions),
    }
}

/// The rename-into-place write of a regular file.
fn replace(path: &Path, data: &[u8], permissions: Option<Permissions>) -> Result<()> {
    create_parent(path)?;
    let tmp = temporary_beside(path);
    let written = (|| {
        let mut file = OpenOptions::new().write(true).create_new(true).open(&tmp)?;
        file.write_all(data)?;
        if let Some(p) = permissions {
            file.set_permissions(p)?;
        }
        file.sync_data()
    })();
    let result = written
        .at(path)
        .and_then(|()| fs::rename(&tmp, path).at(path));
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result
}

/// A temporary name in `path`'s directory, unique to the process and the
/// call, so that writers racing for one file (say, two fills caching one
/// index) cannot trip over each other.
fn temporary_beside(path: &Path) -> PathBuf {
    static WRITES: AtomicU64 = AtomicU64::new(0);
    let n = WRITES.fetch_add(1, Ordering::Relaxed);
    with_suffix(path, &format!(".{}-{n}.tmp", std::process::id()))
}

/// Creates the directories `path` will live in.
pub fn create_parent(path: &Path) -> Result<()> {
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => fs::create_dir_all(dir).at(dir),
        _ => Ok(()),
    }
}

/// `path` with `suffix` appended to its file name: `p.hex` → `p.hex.part`.
pub fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_os_string();
    name.push(suffix);
    PathBuf::from(name)
}

/// A failure writing standard output, named as such.
pub fn stdout_error(e: io::Error) -> Error {
    Error::io(Path::new("standard output"), e)
}

/// A closed pipe on the way out (the reader, say `head`, has seen enough):
/// not a failure of the command.
pub fn is_broken_pipe(e: &Error) -> bool {
    matches!(e, Error::Io { source, .. } if source.kind() == io::ErrorKind::BrokenPipe)
}

/// Reads a whole input file of at most `limit` bytes: more is an error
/// naming the file, not unbounded memory. A directory is refused; a FIFO
/// or device is read up to the limit.
pub fn read_bounded(path: &Path, limit: u64) -> Result<Vec<u8>> {
    let file = File::open(path).at(path)?;
    let meta = file.metadata().at(path)?;
    if meta.is_dir() {
        return Err(Error::invalid(format!("{} is a directory", path.display())));
    }
    let too_large = || {
        Error::invalid(format!(
            "{} is larger than {limit} bytes, far more than this input can be",
            path.display()
        ))
    };
    if meta.is_file() && meta.len() > limit {
        return Err(too_large());
    }
    let mut data = Vec::new();
    io::Read::read_to_end(&mut io::Read::take(file, limit + 1), &mut data).at(path)?;
    if data.len() as u64 > limit {
        return Err(too_large());
    }
    Ok(data)
}

/// [`read_bounded`] as UTF-8 text; anything else is an error naming the
/// line where the text stops being UTF-8.
pub fn read_text(path: &Path, limit: u64) -> Result<String> {
    let bytes = read_bounded(path, limit)?;
    String::from_utf8(bytes).map_err(|e| {
        not_utf8(
            e.as_bytes(),
            e.utf8_error().valid_up_to(),
            &path.display().to_string(),
        )
    })
}

/// `bytes` as UTF-8 text; anything else is an error naming `source` and
/// the line where the text stops being UTF-8.
pub fn utf8<'a>(bytes: &'a [u8], source: &str) -> Result<&'a str> {
    std::str::from_utf8(bytes).map_err(|e| not_utf8(bytes, e.valid_up_to(), source))
}

fn not_utf8(bytes: &[u8], valid_up_to: usize, source: &str) -> Error {
    let valid = &bytes[..valid_up_to];
    let line = 1 + valid.iter().filter(|&&b| b == b'\n').count();
    Error::parse(
        source,
        line,
        None,
        "not UTF-8 text (is this a binary file?)",
    )
}

/// `text` as JSON; a syntax error names `source`, the line and the column
/// (serde's own message, without its trailing position).
pub fn parse_json(text: &str, source: &str) -> Result<serde_json::Value> {
    serde_json::from_str(text).map_err(|e| {
        let message = e.to_string();
        let message = message.split(" at line ").next().unwrap_or_default();
        Error::parse(source, e.line(), Some(e.column()), message)
    })
}

/// Largest puzzle, clue sheet or regex puzzle file read: far beyond any
/// real one (a 31×31 puzzle with long clues is well under 1 MB).
pub const MAX_DOCUMENT_BYTES: u64 = 64 << 20;
