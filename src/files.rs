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
//! Files that belong together (a puzzle's .ipuz, .puz and .pdf) are written
//! as a set ([`write_set`]): every one goes to its temporary first, and only
//! when all are written are they renamed into place, so a full disk on the
//! third leaves none of them. The temporaries in flight are known to
//! [`abandon`], which the binary calls when SIGINT or SIGTERM arrives: it
//! removes them, and it waits for a set's renames to finish, so an
//! interrupted command leaves its outputs whole or absent, never half-made.
//!
//! Whether an existing file may be replaced is the caller's [`Existing`]:
//! the commands refuse to replace a user's file unless told `--force`; the
//! caches and checkpoints the program owns are simply replaced.

use std::fs::{self, File, OpenOptions, Permissions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard};

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

/// [`target`], and for a regular file a proof that it can be written: a
/// temporary is created and removed in its directory, or in the nearest
/// one that exists (nothing is made that the command would not make).
/// Commands call this before long work, so that a read-only or impossible
/// place fails at once, not after the work.
pub fn writable(path: &Path, existing: Existing) -> Result<Target> {
    let target = target(path, existing)?;
    if let Target::File { path: real, .. } = &target {
        let mut dir = real.parent().unwrap_or(Path::new("."));
        while !dir.as_os_str().is_empty() && !dir.exists() {
            dir = dir.parent().unwrap_or(Path::new(""));
        }
        let mut staged = Staged::default();
        staged.stage(path, &dir.join(".cruciverb-probe"), b"", None)?;
        // Dropping the staged set removes the probe.
    }
    Ok(target)
}

/// Writes `data` to `path` under the policy `existing` (see the module doc).
pub fn write(path: &Path, data: &[u8], existing: Existing) -> Result<()> {
    write_set(&[(path, data)], existing)
}

/// Writes files that belong together, all or none: every path is checked
/// against `existing` first, every regular file is written to its
/// temporary, and only then are the temporaries renamed into place, under
/// the lock [`abandon`] waits for. A failure removes every temporary, and
/// any file of the set the renames had already created. Standard output,
/// devices and FIFOs are streamed last, once the files are in place.
pub fn write_set(files: &[(&Path, &[u8])], existing: Existing) -> Result<()> {
    let targets = files
        .iter()
        .map(|(path, _)| target(path, existing))
        .collect::<Result<Vec<_>>>()?;
    let mut staged = Staged::default();
    for (target, (path, data)) in targets.iter().zip(files) {
        if let Target::File {
            path: real,
            permissions,
        } = target
        {
            staged.stage(path, real, data, permissions.clone())?;
        }
    }
    staged.commit()?;
    for (target, (path, data)) in targets.iter().zip(files) {
        match target {
            Target::Stdout => {
                let mut out = io::stdout().lock();
                out.write_all(data)
                    .and_then(|()| out.flush())
                    .map_err(stdout_error)?
            }
            Target::Stream(device) => {
                let mut file = OpenOptions::new().write(true).open(device).at(path)?;
                file.write_all(data).and_then(|()| file.flush()).at(path)?
            }
            Target::File { .. } => {}
        }
    }
    Ok(())
}

/// Temporaries written and waiting for their renames: (temporary, final
/// path as the user named it, final path resolved, whether it is new).
#[derive(Default)]
struct Staged {
    files: Vec<(PathBuf, PathBuf, PathBuf, bool)>,
}

impl Staged {
    /// Writes `data` to a registered temporary beside `real`, synced.
    fn stage(
        &mut self,
        named: &Path,
        real: &Path,
        data: &[u8],
        permissions: Option<Permissions>,
    ) -> Result<()> {
        create_parent(real)?;
        let tmp = temporary_beside(real);
        // Created and registered as one step, and never once the run is
        // abandoned, so that no temporary escapes [`abandon`].
        let mut file = {
            let mut live = live();
            if ABANDONED.load(Ordering::SeqCst) {
                return Err(Error::invalid("interrupted"));
            }
            let file = OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(&tmp)
                .at(named)?;
            live.push(tmp.clone());
            file
        };
        let new = permissions.is_none();
        self.files
            .push((tmp, named.to_path_buf(), real.to_path_buf(), new));
        file.write_all(data).at(named)?;
        if let Some(p) = permissions {
            file.set_permissions(p).at(named)?;
        }
        file.sync_data().at(named)?;
        slow_writes_for_tests();
        Ok(())
    }

    /// Renames every temporary into place, as one step an interruption
    /// cannot split.
    fn commit(mut self) -> Result<()> {
        let _commit = commit_lock();
        for done in 0..self.files.len() {
            let (tmp, named, real, _) = &self.files[done];
            if let Err(e) = fs::rename(tmp, real) {
                let error = Error::io(named, e);
                // The files this set created already go too; a file it
                // replaced cannot be brought back.
                for (_, _, real, new) in &self.files[..done] {
                    if *new {
                        let _ = fs::remove_file(real);
                    }
                }
                let renamed: Vec<_> = self.files.drain(..done).map(|(tmp, ..)| tmp).collect();
                live().retain(|t| !renamed.contains(t));
                return Err(error);
            }
        }
        let mut live = live();
        live.retain(|t| !self.files.iter().any(|(tmp, ..)| tmp == t));
        self.files.clear();
        Ok(())
    }
}

impl Drop for Staged {
    /// A set that was not committed leaves no temporary behind.
    fn drop(&mut self) {
        let mut live = live();
        for (tmp, ..) in self.files.drain(..) {
            let _ = fs::remove_file(&tmp);
            live.retain(|t| *t != tmp);
        }
    }
}

/// `CRUCIVERB_SLOW_WRITES_MS`: a pause after each staged file, which
/// widens the window the interruption tests aim their signals at.
fn slow_writes_for_tests() {
    static PAUSE: std::sync::OnceLock<Option<u64>> = std::sync::OnceLock::new();
    let pause = PAUSE.get_or_init(|| {
        std::env::var("CRUCIVERB_SLOW_WRITES_MS")
            .ok()
            .and_then(|v| v.parse().ok())
    });
    if let Some(ms) = pause {
        std::thread::sleep(std::time::Duration::from_millis(*ms));
    }
}

/// The temporaries being written, for [`abandon`].
fn live() -> MutexGuard<'static, Vec<PathBuf>> {
    static LIVE: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());
    // A panic elsewhere while holding it leaves the list as it was.
    LIVE.lock().unwrap_or_else(|e| e.into_inner())
}

fn commit_lock() -> MutexGuard<'static, ()> {
    static COMMIT: Mutex<()> = Mutex::new(());
    COMMIT.lock().unwrap_or_else(|e| e.into_inner())
}

/// Runs `steps` (renames that belong together) as one step an
/// interruption cannot split: [`abandon`] waits for it.
pub(crate) fn as_one<T>(steps: impl FnOnce() -> T) -> T {
    let _commit = commit_lock();
    steps()
}

/// For an interrupted run that is about to exit: waits for a set being
/// renamed into place to be complete, removes every temporary being
/// written and every scratch directory, and keeps any later set from
/// being put in place.
pub fn abandon() {
    std::mem::forget(commit_lock());
    let mut live = live();
    ABANDONED.store(true, Ordering::SeqCst);
    for tmp in live.drain(..) {
        let _ = fs::remove_file(tmp);
    }
    for dir in scratch_dirs().drain(..) {
        let _ = fs::remove_dir_all(dir);
    }
}

/// A directory of working files no one keeps (a large count's states
/// between phases): made new and unique inside `within`, removed with
/// everything in it when dropped or when the run is interrupted.
pub(crate) struct Scratch {
    path: PathBuf,
}

impl Scratch {
    pub(crate) fn new(within: &Path, name: &str) -> Result<Scratch> {
        static MADE: AtomicU64 = AtomicU64::new(0);
        let n = MADE.fetch_add(1, Ordering::Relaxed);
        directory(within)?;
        let path = within.join(format!("{name}.{}-{n}", std::process::id()));
        fs::create_dir(&path).at(&path)?;
        scratch_dirs().push(path.clone());
        Ok(Scratch { path })
    }

    pub(crate) fn path(&self) -> &Path {
        &self.path
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.path);
        scratch_dirs().retain(|d| *d != self.path);
    }
}

/// The scratch directories that exist, for [`abandon`].
fn scratch_dirs() -> MutexGuard<'static, Vec<PathBuf>> {
    static DIRS: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());
    DIRS.lock().unwrap_or_else(|e| e.into_inner())
}

/// Set by [`abandon`]: no temporary may be created after it.
static ABANDONED: AtomicBool = AtomicBool::new(false);

/// A temporary name in `path`'s directory, unique to the process and the
/// call, so that writers racing for one file (say, two fills caching one
/// index) cannot trip over each other.
fn temporary_beside(path: &Path) -> PathBuf {
    static WRITES: AtomicU64 = AtomicU64::new(0);
    let n = WRITES.fetch_add(1, Ordering::Relaxed);
    with_suffix(path, &format!(".{}-{n}.tmp", std::process::id()))
}

/// Makes directory `path` (and its parents) unless it exists; a file or
/// device in its place is named as such, not reported as "File exists".
pub(crate) fn directory(path: &Path) -> Result<()> {
    if path.exists() && !path.is_dir() {
        return Err(Error::invalid(format!(
            "{}: not a directory",
            path.display()
        )));
    }
    fs::create_dir_all(path).at(path)
}

/// Creates the directories `path` will live in.
pub(crate) fn create_parent(path: &Path) -> Result<()> {
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => fs::create_dir_all(dir).at(dir),
        _ => Ok(()),
    }
}

/// `path` with `suffix` appended to its file name: `p.hex` → `p.hex.part`.
pub(crate) fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
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
pub(crate) fn read_bounded(path: &Path, limit: u64) -> Result<Vec<u8>> {
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
pub(crate) fn read_text(path: &Path, limit: u64) -> Result<String> {
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
pub(crate) fn utf8<'a>(bytes: &'a [u8], source: &str) -> Result<&'a str> {
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
pub(crate) fn parse_json(text: &str, source: &str) -> Result<serde_json::Value> {
    serde_json::from_str(text).map_err(|e| {
        let message = e.to_string();
        let message = message.split(" at line ").next().unwrap_or_default();
        Error::parse(source, e.line(), Some(e.column()), message)
    })
}

/// Largest puzzle, clue sheet or regex puzzle file read: far beyond any
/// real one (a 31×31 puzzle with long clues is well under 1 MB).
pub(crate) const MAX_DOCUMENT_BYTES: u64 = 64 << 20;

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh directory under the system's temporary one.
    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("cruciverb-files-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn a_set_that_cannot_be_written_whole_leaves_nothing() {
        let dir = scratch("set-fails");
        // The third file's directory is a file: its write fails, as a
        // full disk would, after the first two are written.
        fs::write(dir.join("blocker"), b"x").unwrap();
        let (a, b, c) = (
            dir.join("p.ipuz"),
            dir.join("p.puz"),
            dir.join("blocker/p.pdf"),
        );
        let set: [(&Path, &[u8]); 3] = [(&a, b"one"), (&b, b"two"), (&c, b"three")];
        assert!(write_set(&set, Existing::Refuse).is_err());
        assert_eq!(names(&dir), ["blocker"]);
        let (c, set) = (
            dir.join("p.pdf"),
            [(&a as &Path, &b"one"[..]), (&b, b"two")],
        );
        write_set(&[set[0], set[1], (&c, b"three")], Existing::Refuse).unwrap();
        assert_eq!(names(&dir), ["blocker", "p.ipuz", "p.pdf", "p.puz"]);
        assert_eq!(fs::read(&c).unwrap(), b"three");
        // An existing member refuses the whole set before anything is written.
        let d = dir.join("q.ipuz");
        let err = write_set(&[(&d, b"new"), (&a, b"again")], Existing::Refuse).unwrap_err();
        assert!(err.to_string().contains("p.ipuz exists"), "{err}");
        assert!(!d.exists());
        fs::remove_dir_all(&dir).unwrap();
    }
}
