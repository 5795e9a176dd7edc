//! The publishing subcommands: `pdf`, `export`, `import`, `clues` and the
//! whole pipeline, `make`. Each parses its arguments and calls the library.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, ValueEnum};

use cruciverb::clues::{self, ClueFile, Sources};
use cruciverb::export::{self, Format};
use cruciverb::make::{clued_index, write_outputs, Credits, MakeOptions, PatternSource};
use cruciverb::pattern::file::load_grid;
use cruciverb::pattern::rules::Style;
use cruciverb::typeset::{self, Paper, PdfOptions};
use cruciverb::wordlist::spec::{default_cache_dir, ListSpec};
use cruciverb::wordlist::WordList;
use cruciverb::{Error, Result};

use crate::{clock_seed, parse_size, WordlistOptions, NO_FILL};

/// Where outputs go unless a command is told otherwise.
const OUTPUT_DIR: &str = "output";

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
    fn pdf_options(&self) -> PdfOptions {
        PdfOptions {
            paper: match self.paper {
                PaperName::Letter => Paper::Letter,
                PaperName::A4 => Paper::A4,
            },
            solution: !self.no_solution,
        }
    }
}

#[derive(Args)]
pub struct PdfCommand {
    /// The puzzle (.ipuz, or .puz/.xd).
    puzzle: PathBuf,
    /// Output file (default: output/NAME.pdf).
    #[arg(short, long, value_name = "FILE.pdf")]
    out: Option<PathBuf>,
    #[command(flatten)]
    paper: PaperOptions,
}

#[derive(Clone, Copy, ValueEnum)]
enum FormatName {
    Puz,
    Ipuz,
    Jpz,
    Xd,
    Txt,
}

impl FormatName {
    fn format(self) -> Format {
        match self {
            FormatName::Puz => Format::Puz,
            FormatName::Ipuz => Format::Ipuz,
            FormatName::Jpz => Format::Jpz,
            FormatName::Xd => Format::Xd,
            FormatName::Txt => Format::Txt,
        }
    }
}

#[derive(Args)]
pub struct ExportCommand {
    /// The puzzle (.ipuz, or .puz/.xd).
    puzzle: PathBuf,
    /// Format to write.
    #[arg(long, value_enum)]
    to: FormatName,
    /// Output file (default: output/NAME.EXT).
    #[arg(short, long, value_name = "FILE")]
    out: Option<PathBuf>,
}

#[derive(Args)]
pub struct ImportCommand {
    /// A finished puzzle: .puz, .ipuz or .xd.
    file: PathBuf,
    /// Output file (default: output/NAME.ipuz).
    #[arg(short, long, value_name = "FILE.ipuz")]
    out: Option<PathBuf>,
}

/// `output/STEM.EXT` for an input file, unless `out` is given. Never the
/// input itself: converting a file must not replace it.
fn output_path(input: &Path, out: Option<&Path>, extension: &str) -> Result<PathBuf> {
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

/// Creates the parent directory of an output file.
fn prepare(path: &Path) -> Result<()> {
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => {
            std::fs::create_dir_all(dir).map_err(|e| Error::io(dir, e))
        }
        _ => Ok(()),
    }
}

pub fn pdf(command: &PdfCommand) -> Result<()> {
    let puzzle = export::import(&command.puzzle)?;
    let out = output_path(&command.puzzle, command.out.as_deref(), "pdf")?;
    prepare(&out)?;
    typeset::save_pdf(&puzzle, &command.paper.pdf_options(), &out)?;
    eprintln!("wrote {}", out.display());
    Ok(())
}

pub fn export(command: &ExportCommand) -> Result<()> {
    let puzzle = export::import(&command.puzzle)?;
    let format = command.to.format();
    let out = output_path(&command.puzzle, command.out.as_deref(), format.extension())?;
    prepare(&out)?;
    export::save(&puzzle, format, &out)?;
    eprintln!("wrote {}", out.display());
    Ok(())
}

pub fn import(command: &ImportCommand) -> Result<()> {
    let puzzle = export::import(&command.file)?;
    let out = output_path(&command.file, command.out.as_deref(), "ipuz")?;
    prepare(&out)?;
    puzzle.save(&out)?;
    eprintln!("wrote {}", out.display());
    Ok(())
}

#[derive(Args)]
pub struct CluesCommand {
    /// The puzzle (.ipuz, or .puz/.xd).
    puzzle: PathBuf,
    /// Write an editable clue sheet (`12A;ANSWER;clue` lines) instead, to
    /// -o or stdout.
    #[arg(long, conflicts_with_all = ["apply", "clues", "files", "no_database"])]
    template: bool,
    /// Set the clues from an edited clue sheet.
    #[arg(long, value_name = "SHEET", conflicts_with_all = ["clues", "files", "no_database"])]
    apply: Option<PathBuf>,
    /// Clues to use first: lines `ANSWER;clue` or `12A;clue`.
    #[arg(long, value_name = "FILE")]
    clues: Option<PathBuf>,
    /// Word lists whose third field (`WORD;SCORE;clue`) gives clues.
    #[arg(long = "wordlist", value_name = "FILE")]
    files: Vec<PathBuf>,
    /// Do not draft clues from the embedded WordNet clue database.
    #[arg(long)]
    no_database: bool,
    /// Output file (default: the puzzle itself when it is .ipuz, else
    /// output/NAME.ipuz; stdout for --template).
    #[arg(short, long, value_name = "FILE")]
    out: Option<PathBuf>,
}

/// The word lists named on the command line, for their clue fields.
fn clue_list(files: &[PathBuf]) -> Result<Option<WordList>> {
    if files.is_empty() {
        return Ok(None);
    }
    let spec = ListSpec {
        files: files.to_vec(),
        min_score: 0,
        exclude: Vec::new(),
    };
    spec.load(false).map(Some)
}

fn clue_file(path: Option<&Path>) -> Result<Option<ClueFile>> {
    path.map(ClueFile::read).transpose()
}

pub fn clues(command: &CluesCommand) -> Result<()> {
    let mut puzzle = export::import(&command.puzzle)?;
    if command.template {
        let sheet = clues::template(&puzzle);
        return match &command.out {
            Some(out) => {
                prepare(out)?;
                cruciverb::pattern::output::write_atomically(out, sheet.as_bytes())?;
                eprintln!("wrote {}", out.display());
                Ok(())
            }
            None => {
                print!("{sheet}");
                Ok(())
            }
        };
    }
    let out = match &command.out {
        Some(out) => out.clone(),
        None if Format::of_path(&command.puzzle) == Some(Format::Ipuz) => command.puzzle.clone(),
        None => output_path(&command.puzzle, None, "ipuz")?,
    };
    if let Some(sheet) = &command.apply {
        let changed = clues::apply_file(&mut puzzle, sheet)?;
        eprintln!("{changed} clues changed");
    } else {
        let file = clue_file(command.clues.as_deref())?;
        let list = clue_list(&command.files)?;
        let report = clues::attach(
            &mut puzzle,
            &Sources {
                file: file.as_ref(),
                list: list.as_ref(),
                database: !command.no_database,
            },
        );
        eprintln!("{report}");
    }
    prepare(&out)?;
    puzzle.save(&out)?;
    eprintln!("wrote {}", out.display());
    Ok(())
}

#[derive(Args)]
pub struct MakeCommand {
    /// Grid size: N for N×N, or WxH.
    #[arg(long, default_value = "15", value_parser = parse_size, conflicts_with = "pattern")]
    size: (usize, usize),
    /// Pattern style: american or british.
    #[arg(long, default_value = "american", conflicts_with = "pattern")]
    style: Style,
    /// Use this pattern instead of a random one: a text grid file (letters
    /// are kept), a hex pattern, FILE.hex or FILE.hex:N.
    #[arg(long, value_name = "SPEC")]
    pattern: Option<String>,
    /// Seed for every random choice (default: from the clock, printed).
    #[arg(long)]
    seed: Option<u64>,
    /// Seconds to try each pattern before drawing another (default: 1.5 up
    /// to 15×15, 5 above, 10 for --pattern; most patterns that fill at all
    /// fill in well under a second).
    #[arg(long, value_name = "SECONDS")]
    timeout: Option<f64>,
    /// Random patterns to try before giving up.
    #[arg(long, value_name = "N", default_value_t = 20,
          value_parser = clap::value_parser!(u64).range(1..))]
    attempts: u64,
    /// After the first fill, spend up to this many seconds on a better one
    /// (a higher lowest score, then fewer weak entries); 0 keeps the first.
    #[arg(long, value_name = "SECONDS", default_value_t = 1.0)]
    polish: f64,
    #[command(flatten)]
    lists: WordlistOptions,
    /// Clues to use first: lines `ANSWER;clue` or `12A;clue`.
    #[arg(long, value_name = "FILE")]
    clues: Option<PathBuf>,
    #[arg(long)]
    title: Option<String>,
    #[arg(long, default_value = "cruciverb")]
    author: String,
    /// Copyright line (default: "© AUTHOR").
    #[arg(long)]
    copyright: Option<String>,
    #[command(flatten)]
    paper: PaperOptions,
    /// Directory for the puzzle files.
    #[arg(long, value_name = "DIR", default_value = OUTPUT_DIR)]
    out_dir: PathBuf,
    /// File name stem (default: cruciverb-SEED).
    #[arg(long)]
    name: Option<String>,
    /// Replace existing files of the same name.
    #[arg(long)]
    force: bool,
}

impl MakeCommand {
    fn options(&self, seed: u64) -> Result<MakeOptions> {
        let source = match &self.pattern {
            Some(spec) => PatternSource::Given(load_grid(spec)?),
            None => PatternSource::Random {
                width: self.size.0,
                height: self.size.1,
                style: self.style,
            },
        };
        let timeout = match self.timeout {
            Some(t) => crate::seconds("--timeout", t)?,
            None => source.default_timeout(),
        };
        if timeout.is_zero() {
            return Err(Error::invalid("--timeout must be more than 0 seconds"));
        }
        Ok(MakeOptions {
            source,
            seed,
            timeout,
            attempts: usize::try_from(self.attempts).unwrap_or(usize::MAX),
            polish: crate::seconds("--polish", self.polish)?,
        })
    }
}

pub fn make(command: &MakeCommand) -> Result<ExitCode> {
    let seed = command.seed.unwrap_or_else(|| clock_seed() % 1_000_000);
    let name = command
        .name
        .clone()
        .unwrap_or_else(|| format!("cruciverb-{seed}"));
    let options = command.options(seed)?;
    // Bad clue sources should fail before the fill, not after it.
    let file = clue_file(command.clues.as_deref())?;
    let list = clue_list(&command.lists.files)?;
    let index = clued_index(
        &command.lists.spec(),
        file.as_ref(),
        default_cache_dir().as_deref(),
    )?;
    eprintln!("seed {seed}");
    let credits = Credits {
        title: command.title.clone().unwrap_or_else(|| name.clone()),
        author: command.author.clone(),
        copyright: command
            .copyright
            .clone()
            .unwrap_or_else(|| format!("© {}", command.author)),
    };
    let sources = Sources {
        file: file.as_ref(),
        list: list.as_ref(),
        database: true,
    };
    let made = cruciverb::make::make(&options, &index, &sources, &credits, |attempt| {
        eprintln!("{attempt}; trying another pattern")
    })?;
    let Some(made) = made else {
        eprintln!(
            "no fill: {} pattern(s) tried, {:.1} s each (raise --attempts or --timeout, or lower --min-score)",
            command.attempts, options.timeout.as_secs_f64()
        );
        return Ok(ExitCode::from(NO_FILL));
    };
    eprintln!("{}", made.clues);
    eprint!("{}", made.quality);
    let written = write_outputs(
        &made.puzzle,
        &command.out_dir,
        &name,
        &command.paper.pdf_options(),
        command.force,
    )?;
    print!("{}", made.puzzle.grid.to_text());
    for path in written {
        println!("{}", path.display());
    }
    Ok(ExitCode::SUCCESS)
}
