//! Options and conventions several subcommands share: word lists, paper,
//! credits, sizes, threads, seconds and the `--timeout`, seeds, and where
//! outputs go.

use std::path::{Path, PathBuf};
use std::time::Duration;

use clap::{Args, ValueEnum};

use cruciverb::clues::ClueFile;
use cruciverb::files::Existing;
use cruciverb::pattern::rules::Style;
use cruciverb::progress::Deadline;
use cruciverb::puzzle::Puzzle;
use cruciverb::typeset::{Paper, PdfOptions};
use cruciverb::wordlist::dialect::Dialect;
use cruciverb::wordlist::spec::ListSpec;
use cruciverb::wordlist::{WordList, DEFAULT_MIN_SCORE};
use cruciverb::{Error, Result};

use super::progress::Bars;

/// Where outputs go unless a command is told otherwise.
pub const OUTPUT_DIR: &str = "output";

/// More threads than this is a typo, not a machine.
const MAX_THREADS: usize = 1024;

#[derive(Args)]
pub struct WordlistOptions {
    /// Word lists (`WORD;SCORE[;clue]` or one word per line); later ones
    /// override scores. Default: the embedded list.
    #[arg(long = "wordlist", value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// Drop words scoring below N (0 to 100).
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MIN_SCORE,
          value_parser = clap::value_parser!(u8).range(0..=100))]
    pub min_score: u8,
    /// A word list (same formats) whose words are never used; repeatable.
    #[arg(long, value_name = "FILE")]
    pub exclude: Vec<PathBuf>,
}

impl WordlistOptions {
    pub fn spec(&self) -> ListSpec {
        ListSpec {
            files: self.files.clone(),
            min_score: self.min_score,
            exclude: self.exclude.clone(),
            dialect: Dialect::American,
            until: None,
        }
    }
}

/// `--force`: the one policy for existing output files.
#[derive(Args)]
pub struct ForceOption {
    /// Replace existing output files (by default an existing file is never
    /// replaced).
    #[arg(long)]
    pub force: bool,
}

impl ForceOption {
    pub fn existing(&self) -> Existing {
        Existing::from_force(self.force)
    }
}

/// `--timeout`: the one time limit every searching command takes, one
/// parser and one type. What it limits and its default differ by command
/// (`make` and `fill --patterns`: each pattern; `squares`: a count then
/// says nothing), so a command whose meaning is more than this help says
/// its own with `#[command(mut_arg("timeout", ...))]` on its arguments.
#[derive(Args)]
pub struct TimeoutOption {
    /// Give up after this many seconds.
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds, allow_negative_numbers = true)]
    pub timeout: Option<Duration>,
}

impl TimeoutOption {
    /// The limit from now (no limit without `--timeout`).
    pub fn deadline(&self) -> Deadline {
        Deadline::after(self.timeout)
    }
}

#[derive(Args)]
pub struct PaperOptions {
    /// Paper size.
    #[arg(long, value_enum, default_value = "letter")]
    paper: PaperName,
    /// Leave out the solution page.
    #[arg(long)]
    no_solution: bool,
}

#[derive(Clone, Copy, ValueEnum)]
enum PaperName {
    Letter,
    A4,
}

impl PaperOptions {
    pub fn pdf_options(&self) -> PdfOptions {
        PdfOptions {
            paper: match self.paper {
                PaperName::Letter => Paper::Letter,
                PaperName::A4 => Paper::A4,
            },
            solution: !self.no_solution,
        }
    }
}

/// `--title`, `--author`, `--copyright`: the credits `make`, `pdf` and
/// `export` print, one definition so that they read alike everywhere. Each
/// given one replaces the puzzle's own (`""` clears it); one not given
/// leaves it as it is.
#[derive(Args)]
pub struct CreditOptions {
    /// Title (default: the puzzle's own; for `make`, "Crossword No. SEED",
    /// or "Quick Crossword No. SEED" with --style british).
    #[arg(long, value_name = "TEXT")]
    pub title: Option<String>,
    /// Author, printed as the byline "by AUTHOR" (default: the puzzle's own;
    /// none for `make`).
    #[arg(long, value_name = "NAME")]
    pub author: Option<String>,
    /// Copyright line, printed as given, e.g. "© 2026 Ann Smith" (default:
    /// the puzzle's own; none for `make`).
    #[arg(long, value_name = "TEXT")]
    pub copyright: Option<String>,
}

impl CreditOptions {
    /// Replaces the puzzle's credits with those given.
    pub fn apply(&self, puzzle: &mut Puzzle) {
        for (given, field) in [
            (&self.title, &mut puzzle.title),
            (&self.author, &mut puzzle.author),
            (&self.copyright, &mut puzzle.copyright),
        ] {
            if let Some(given) = given {
                field.clone_from(given);
            }
        }
    }
}

/// `--style` of `patterns` and `make`: the blocked presets, or barred
/// grids, whose rules are of another kind (see `pattern::barred`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GridStyle {
    American,
    British,
    Barred,
}

impl std::str::FromStr for GridStyle {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "american" => Ok(GridStyle::American),
            "british" => Ok(GridStyle::British),
            "barred" => Ok(GridStyle::Barred),
            _ => Err(format!("unknown style {s:?} (american, british, barred)")),
        }
    }
}

impl GridStyle {
    /// The blocked preset, None for barred.
    pub fn blocked(self) -> Option<Style> {
        match self {
            GridStyle::American => Some(Style::American),
            GridStyle::British => Some(Style::British),
            GridStyle::Barred => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            GridStyle::American => "american",
            GridStyle::British => "british",
            GridStyle::Barred => "barred",
        }
    }
}

/// `--size`: N for N×N, or WxH.
pub fn parse_size(s: &str) -> Result<(usize, usize), String> {
    let number = |t: &str| {
        t.trim()
            .parse::<usize>()
            .map_err(|_| format!("bad size {s:?} (expected N or WxH)"))
    };
    let (w, h) = match s.split_once(['x', 'X']) {
        Some((w, h)) => (number(w)?, number(h)?),
        None => (number(s)?, number(s)?),
    };
    for side in [w, h] {
        cruciverb::pattern::check_side("size", side).map_err(|e| e.to_string())?;
    }
    Ok((w, h))
}

/// `--memory`: bytes, with an optional K, M, G or T (powers of 1024, as
/// `16G`, `512M` or `1.5G`), at least a megabyte.
pub fn parse_memory(s: &str) -> Result<u64, String> {
    let bad =
        || format!("bad memory size {s:?} (expected a size such as 16G or 512M, at least 1M)");
    let t = s.trim();
    let t = t
        .strip_suffix("iB")
        .or_else(|| t.strip_suffix('B'))
        .unwrap_or(t);
    let (number, unit) = match t.char_indices().last() {
        Some((i, c)) if c.is_ascii_alphabetic() => (&t[..i], c.to_ascii_uppercase()),
        _ => (t, ' '),
    };
    let scale: u64 = match unit {
        ' ' => 1,
        'K' => 1 << 10,
        'M' => 1 << 20,
        'G' => 1 << 30,
        'T' => 1 << 40,
        _ => return Err(bad()),
    };
    let value: f64 = number.trim().parse().map_err(|_| bad())?;
    let bytes = value * scale as f64;
    if !bytes.is_finite() || !(1048576.0..=(1u64 << 60) as f64).contains(&bytes) {
        return Err(bad());
    }
    Ok(bytes as u64)
}

/// The process's peak resident memory so far, as "1.5 GB" (Linux only).
pub fn peak_memory() -> Option<String> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(format!("{:.2} GB", kb * 1024.0 / 1e9))
}

/// `--threads`: 1 to [`MAX_THREADS`].
pub fn parse_threads(s: &str) -> Result<usize, String> {
    match s.trim().parse::<usize>() {
        Ok(n) if (1..=MAX_THREADS).contains(&n) => Ok(n),
        _ => Err(format!(
            "expected a number of threads from 1 to {MAX_THREADS}"
        )),
    }
}

/// The thread count to use: the option, or every core.
pub fn threads(option: Option<usize>) -> usize {
    option.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

/// A duration given in seconds on the command line: finite, not negative
/// and representable (`1e300` is refused, not a panic). Options that take
/// it also take negative numbers, so that `-1` gets this message.
pub fn parse_seconds(s: &str) -> Result<Duration, String> {
    s.trim()
        .parse::<f64>()
        .ok()
        .and_then(|v| Duration::try_from_secs_f64(v).ok())
        .ok_or_else(|| "expected a number of seconds, 0 or more (e.g. 2.5)".to_string())
}

/// A count that must be at least 1.
pub fn parse_positive(s: &str) -> Result<u64, String> {
    match s.trim().parse::<u64>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err("expected a whole number, 1 or more".to_string()),
    }
}

/// A seed for runs not given `--seed` (and printed or recorded, so the run
/// can be repeated).
pub fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

/// The invocation as typed, quoted where needed, for file headers.
pub fn command_line() -> String {
    let mut args = std::env::args_os();
    let program = args
        .next()
        .map(|_| "cruciverb".to_string())
        .unwrap_or_default();
    std::iter::once(program)
        .chain(args.map(|a| {
            let a = a.to_string_lossy().into_owned();
            if a.is_empty()
                || a.contains(|c: char| c.is_whitespace() || "'\"$`\\*?;&|<>()".contains(c))
            {
                format!("'{}'", a.replace('\'', "'\\''"))
            } else {
                a
            }
        }))
        .collect::<Vec<_>>()
        .join(" ")
}

/// `output/STEM.EXT` for an input file, unless `out` is given. Never the
/// input itself: converting a file must not replace it.
pub fn output_path(input: &Path, out: Option<&Path>, extension: &str) -> Result<PathBuf> {
    let path = match out {
        Some(out) => out.to_path_buf(),
        None => {
            let stem = input
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_else(|| "puzzle".to_string());
            Path::new(OUTPUT_DIR).join(format!("{stem}.{extension}"))
        }
    };
    if same_file(input, &path) {
        return Err(Error::invalid(format!(
            "{} is the input; give another output file with -o",
            path.display()
        )));
    }
    Ok(path)
}

fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// The word lists named on the command line, for their clue fields.
pub fn clue_list(files: &[PathBuf]) -> Result<Option<WordList>> {
    if files.is_empty() {
        return Ok(None);
    }
    let spec = ListSpec {
        files: files.to_vec(),
        min_score: 0,
        exclude: Vec::new(),
        dialect: Dialect::American,
        until: None,
    };
    spec.load(&Bars::new(false)).map(Some)
}

/// `--clues FILE`, read.
pub fn clue_file(path: Option<&Path>) -> Result<Option<ClueFile>> {
    path.map(ClueFile::read).transpose()
}

/// "wrote FILE" on standard error, unless the file was standard output.
pub fn wrote(path: &Path) {
    if path.as_os_str() != "-" {
        note!("wrote {}", path.display());
    }
}
