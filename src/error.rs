//! One error type for the whole pipeline.
//!
//! Every failure a user can cause (a bad file, a bad value, rules that admit no
//! grid) becomes an [`Error`] whose message names the file, line or value at
//! fault. The binary prints that one line and exits with [`Error::exit_code`].

use std::io;
use std::path::{Path, PathBuf};

pub type Result<T, E = Error> = std::result::Result<T, E>;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Malformed content at a known place in a named input.
    #[error("{source_name}:{line}{}: {message}", column.map(|c| format!(":{c}")).unwrap_or_default())]
    Parse {
        source_name: String,
        line: usize,
        column: Option<usize>,
        message: String,
    },
    /// A value given on the command line or inside a file is unusable.
    #[error("{0}")]
    Invalid(String),
    /// The requested rules contradict each other or admit no grid.
    #[error("impossible rules: {0}")]
    Rules(String),
    #[error("{}: {source}", path.display())]
    Io { path: PathBuf, source: io::Error },
    /// `--timeout` ran out before the work that precedes a search (reading
    /// and indexing word lists) was done; says what was under way.
    #[error("--timeout ran out while {0}")]
    TimedOut(String),
}

impl Error {
    pub fn parse(
        source_name: &str,
        line: usize,
        column: Option<usize>,
        message: impl Into<String>,
    ) -> Self {
        Error::Parse {
            source_name: source_name.to_string(),
            line,
            column,
            message: message.into(),
        }
    }

    pub fn invalid(message: impl Into<String>) -> Self {
        Error::Invalid(message.into())
    }

    pub fn rules(message: impl Into<String>) -> Self {
        Error::Rules(message.into())
    }

    pub fn io(path: &Path, source: io::Error) -> Self {
        Error::Io {
            path: path.to_path_buf(),
            source,
        }
    }

    /// Bad input of any kind exits 2, a timeout 1 (a search that ended
    /// without a result), as documented in the README.
    pub fn exit_code(&self) -> u8 {
        match self {
            Error::TimedOut(_) => 1,
            _ => 2,
        }
    }
}

/// Attach a path to I/O errors: `fs::read(p).at(p)?`.
pub(crate) trait IoContext<T> {
    fn at(self, path: &Path) -> Result<T>;
}

impl<T> IoContext<T> for io::Result<T> {
    fn at(self, path: &Path) -> Result<T> {
        self.map_err(|e| Error::io(path, e))
    }
}
