//! `cruciverb studio`: serves the constructor's page and JSON API on a local
//! port until Ctrl-C.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::process::ExitCode;

use clap::Args;

use std::path::{Path, PathBuf};

use cruciverb::formats::{self, Format};
use cruciverb::grid::{self, DEFAULT_MIN_SLOT};
use cruciverb::puzzle::Puzzle;
use cruciverb::studio::lists::{Lists, WordSource, LIST_MEMORY};
use cruciverb::studio::server;
use cruciverb::wordlist::embedded::default_list;
use cruciverb::{Error, Result};

use super::options::WordlistOptions;
use super::progress::Bars;

#[derive(Args)]
pub struct StudioArgs {
    /// What to start from: a puzzle FILE.ipuz, .puz, .jpz or .xd (Save
    /// writes it back in its format; an .ipuz that does not exist yet is
    /// a new puzzle), a text grid, FILE.hex or FILE.hex:N.
    file: Option<String>,
    /// Port to listen on (default: a free one).
    #[arg(long, default_value_t = 0)]
    port: u16,
    /// Address to listen on. Anything but loopback lets other machines use
    /// the studio (and the files it writes).
    #[arg(long, default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    host: IpAddr,
    /// Memory, in MB, that all the studio's word lists may hold together,
    /// those of the command line included; lists added from the page
    /// beyond it are refused.
    #[arg(long, value_name = "MB", default_value_t = LIST_MEMORY / 1_000_000, value_parser = clap::value_parser!(usize))]
    list_memory: usize,
    #[command(flatten)]
    lists: WordlistOptions,
}

pub fn run(command: &StudioArgs) -> Result<ExitCode> {
    let (start, save_to) = match command.file.as_deref() {
        None => (None, None),
        Some(spec) => opening(spec)?,
    };
    let budget = command.list_memory.checked_mul(1_000_000).ok_or_else(|| {
        Error::invalid(format!(
            "--list-memory {} is more memory than any machine has",
            command.list_memory
        ))
    })?;
    let lists = word_sources(&command.lists, budget)?.with_min_score(command.lists.min_score);
    if !command.host.is_loopback() {
        note!(
            "cruciverb studio: warning: listening on {}, not loopback: anyone who can reach this machine can use the studio",
            command.host
        );
    }
    let runtime = tokio::runtime::Runtime::new()
        .map_err(|e| Error::invalid(format!("cannot start the server: {e}")))?;
    runtime.block_on(async {
        let address = SocketAddr::new(command.host, command.port);
        let listener = tokio::net::TcpListener::bind(address)
            .await
            .map_err(|e| Error::invalid(format!("cannot listen on {address}: {e}")))?;
        let bound = listener
            .local_addr()
            .map_err(|e| Error::invalid(format!("cannot listen on {address}: {e}")))?;
        outln!("cruciverb studio: http://{bound}/  (Ctrl-C stops it)");
        super::output::flush_stdout()?;
        let stop = async {
            // Ctrl-C or SIGTERM: the requests in hand (a save among them)
            // are finished first. Without a handler there is no clean stop
            // to wait for; the process then ends the default way.
            let interrupt = async {
                if tokio::signal::ctrl_c().await.is_err() {
                    std::future::pending::<()>().await;
                }
            };
            let terminate = async {
                use tokio::signal::unix::{signal, SignalKind};
                match signal(SignalKind::terminate()) {
                    Ok(mut s) => drop(s.recv().await),
                    Err(_) => std::future::pending::<()>().await,
                }
            };
            tokio::select! {
                () = interrupt => {}
                () = terminate => {}
            }
        };
        server::serve(listener, lists, start, save_to, stop)
            .await
            .map_err(|e| Error::invalid(format!("the server stopped: {e}")))
    })?;
    note!("cruciverb studio: stopped");
    Ok(ExitCode::SUCCESS)
}

/// The list the command line names (the embedded one by default) and,
/// when that is the constructor's own, the embedded one beside it.
fn word_sources(options: &WordlistOptions, budget: usize) -> Result<Lists> {
    let spec = options.spec();
    let list = spec.load(&Bars::new(false))?;
    if spec.files.is_empty() {
        return Ok(Lists::with_budget(
            vec![WordSource::new(EMBEDDED, list)?],
            budget,
        ));
    }
    let names: Vec<String> = spec.files.iter().map(|f| f.display().to_string()).collect();
    let (mut embedded, _) = default_list()?;
    embedded.retain_min_score(spec.min_score);
    Ok(Lists::with_budget(
        vec![
            WordSource::new(names.join(" + "), list)?,
            WordSource::new(EMBEDDED, embedded)?,
        ],
        budget,
    ))
}

/// The embedded list's name on the page.
const EMBEDDED: &str = "embedded list";

/// The puzzle to start from and the file Save writes: a puzzle file is
/// both (Save writes it back in its format; an .ipuz may be a new one,
/// not there yet); grids are only opened.
fn opening(spec: &str) -> Result<(Option<Puzzle>, Option<PathBuf>)> {
    let path = Path::new(spec);
    match Format::of_path(path) {
        Some(Format::Ipuz) if !path.exists() => Ok((None, Some(path.to_path_buf()))),
        Some(Format::Ipuz) => Ok((Some(formats::import(path)?), Some(path.to_path_buf()))),
        Some(Format::Puz | Format::Jpz | Format::Xd) => {
            Ok((Some(formats::import(path)?), Some(path.to_path_buf())))
        }
        _ => Ok((
            Some(Puzzle::from_grid(grid::load(spec)?, DEFAULT_MIN_SLOT)),
            None,
        )),
    }
}
