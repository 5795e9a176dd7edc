//! Where enumerated patterns go: stdout, or a file written resumably.
//!
//! A file run writes `FILE.part` and, about once a second, a checkpoint
//! `FILE.ckpt` recording how much of `FILE.part` is final. After Ctrl-C or
//! kill -9 the same command with `--resume` truncates the part file to the
//! checkpoint and carries on, so no pattern is lost or written twice. Only a
//! finished run is renamed to `FILE`, so an existing `FILE` is never clobbered
//! by a half-written one.

use std::fs::{self, File, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use crate::error::{Error, IoContext, Result};
use crate::files::{self, stdout_error, with_suffix, Existing};
use crate::progress::Reporter;

const BUFFER: usize = 1 << 20;

/// Progress recorded in a checkpoint: everything up to `bytes` of the part
/// file is final and holds `patterns` patterns; `position` is the generator's
/// own resume point (completed units, or the next random sample).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Progress {
    pub position: u64,
    pub bytes: u64,
    pub patterns: u64,
}

pub(crate) enum Sink {
    /// Standard output, a device or a FIFO: written as it comes.
    Stdout(BufWriter<Box<dyn Write + Send>>),
    File(FileSink),
}

pub(crate) struct FileSink {
    writer: BufWriter<File>,
    target: PathBuf,
    part: PathBuf,
    checkpoint: PathBuf,
    signature: String,
}

impl Sink {
    pub fn stdout() -> Sink {
        Sink::Stdout(BufWriter::with_capacity(BUFFER, Box::new(io::stdout())))
    }

    /// A device or FIFO, streamed like standard output.
    pub fn stream(path: &Path) -> Result<Sink> {
        let file = OpenOptions::new().write(true).open(path).at(path)?;
        Ok(Sink::Stdout(BufWriter::with_capacity(
            BUFFER,
            Box::new(file),
        )))
    }

    /// Opens `target` for a new run, or resumes an interrupted one. Returns the
    /// sink and the progress to continue from (zero for a new run).
    pub fn file(
        target: &Path,
        signature: &str,
        resume: bool,
        report: &dyn Reporter,
    ) -> Result<(Sink, Progress)> {
        let part = with_suffix(target, ".part");
        let checkpoint = with_suffix(target, ".ckpt");
        let progress = if resume {
            match read_checkpoint(&checkpoint, signature)? {
                Some(progress) => {
                    truncate_part(&part, progress.bytes)?;
                    progress
                }
                None => {
                    report.note(&format!(
                        "note: no checkpoint {} found; starting a new run",
                        checkpoint.display()
                    ));
                    Progress::default()
                }
            }
        } else {
            if part.exists() || checkpoint.exists() {
                return Err(Error::invalid(format!(
                    "{} is left from an unfinished run: add --resume to continue it, or delete it (and {}) to start over",
                    part.display(),
                    checkpoint.display()
                )));
            }
            Progress::default()
        };
        let file = if progress.bytes > 0 {
            OpenOptions::new().append(true).open(&part)
        } else {
            File::create(&part)
        }
        .at(&part)?;
        Ok((
            Sink::File(FileSink {
                writer: BufWriter::with_capacity(BUFFER, file),
                target: target.to_path_buf(),
                part,
                checkpoint,
                signature: signature.to_string(),
            }),
            progress,
        ))
    }

    pub fn write(&mut self, data: &[u8]) -> Result<()> {
        match self {
            Sink::Stdout(w) => w.write_all(data).map_err(stdout_error),
            Sink::File(f) => f.writer.write_all(data).at(&f.part),
        }
    }

    /// Hands buffered bytes to the operating system.
    pub fn flush(&mut self) -> Result<()> {
        match self {
            Sink::Stdout(w) => w.flush().map_err(stdout_error),
            Sink::File(f) => f.writer.flush().at(&f.part),
        }
    }

    /// Makes everything written so far durable and records `progress`.
    pub fn checkpoint(&mut self, progress: Progress) -> Result<()> {
        match self {
            Sink::Stdout(w) => w.flush().map_err(stdout_error),
            Sink::File(f) => {
                f.writer.flush().at(&f.part)?;
                f.writer.get_ref().sync_data().at(&f.part)?;
                let text = format!(
                    "cruciverb-checkpoint 1\nsignature {}\nposition {}\nbytes {}\npatterns {}\n",
                    f.signature, progress.position, progress.bytes, progress.patterns
                );
                files::write(&f.checkpoint, text.as_bytes(), Existing::Replace)
            }
        }
    }

    /// Completes the run: the part file becomes the target.
    pub fn finish(self) -> Result<()> {
        match self {
            Sink::Stdout(mut w) => w.flush().map_err(stdout_error),
            Sink::File(mut f) => {
                f.writer.flush().at(&f.part)?;
                f.writer.get_ref().sync_all().at(&f.part)?;
                // The finished file and no checkpoint, or neither.
                files::as_one(|| {
                    fs::rename(&f.part, &f.target).at(&f.target)?;
                    match fs::remove_file(&f.checkpoint) {
                        Err(e) if e.kind() != io::ErrorKind::NotFound => {
                            Err(Error::io(&f.checkpoint, e))
                        }
                        _ => Ok(()),
                    }
                })
            }
        }
    }

    /// The part file being written, for re-reading on resume.
    pub(crate) fn part_path(&self) -> Option<&Path> {
        match self {
            Sink::Stdout(_) => None,
            Sink::File(f) => Some(&f.part),
        }
    }
}

fn read_checkpoint(path: &Path, signature: &str) -> Result<Option<Progress>> {
    let text = match fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(Error::io(path, e)),
    };
    let name = path.display().to_string();
    let mut progress = Progress::default();
    let mut seen_signature = None;
    for (i, line) in text.lines().enumerate().skip(1) {
        let bad = || {
            Error::parse(
                &name,
                i + 1,
                None,
                format!("corrupt checkpoint line {line:?}"),
            )
        };
        let (key, value) = line.split_once(' ').ok_or_else(bad)?;
        let number = || value.parse::<u64>().map_err(|_| bad());
        match key {
            "signature" => seen_signature = Some(value.to_string()),
            "position" => progress.position = number()?,
            "bytes" => progress.bytes = number()?,
            "patterns" => progress.patterns = number()?,
            _ => return Err(bad()),
        }
    }
    if !text.starts_with("cruciverb-checkpoint 1\n") || seen_signature.is_none() {
        return Err(Error::parse(&name, 1, None, "not a cruciverb checkpoint"));
    }
    if seen_signature.as_deref() != Some(signature) {
        return Err(Error::invalid(format!(
            "{name} belongs to a different run (other size, rules, order, shard or limit); rerun the original command with --resume, or delete it"
        )));
    }
    Ok(Some(progress))
}

fn truncate_part(part: &Path, bytes: u64) -> Result<()> {
    let file = OpenOptions::new().write(true).open(part).at(part)?;
    let len = file.metadata().at(part)?.len();
    if len < bytes {
        return Err(Error::invalid(format!(
            "{} has {len} bytes but its checkpoint records {bytes}: it was changed since, so the run cannot resume",
            part.display()
        )));
    }
    file.set_len(bytes).at(part)
}

/// FNV-1a, hex: identifies a run's parameters in its checkpoint.
pub fn signature(text: &str) -> String {
    let hash = text.bytes().fold(0xcbf29ce484222325u64, |h, b| {
        (h ^ b as u64).wrapping_mul(0x100000001b3)
    });
    format!("{hash:016x}")
}
