//! `cruciverb studio`: serves the constructor's page and JSON API on a local
//! port until Ctrl-C.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::process::ExitCode;
use std::sync::Arc;

use clap::Args;

use cruciverb::grid;
use cruciverb::studio::server;
use cruciverb::wordlist::spec::default_cache_dir;
use cruciverb::{Error, Result};

use super::options::WordlistOptions;
use super::progress::Bars;

#[derive(Args)]
pub struct StudioArgs {
    /// A grid to start from: a text grid file, a hex pattern, FILE.hex or FILE.hex:N.
    file: Option<String>,
    /// Port to listen on (default: a free one).
    #[arg(long, default_value_t = 0)]
    port: u16,
    /// Address to listen on. Anything but loopback lets other machines use
    /// the studio (and the files it writes).
    #[arg(long, default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    host: IpAddr,
    #[command(flatten)]
    lists: WordlistOptions,
}

pub fn run(command: &StudioArgs) -> Result<ExitCode> {
    let start = command.file.as_deref().map(grid::load).transpose()?;
    let index = command
        .lists
        .spec()
        .index(default_cache_dir().as_deref(), &Bars::new(false))?;
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
        super::flush_stdout()?;
        let stop = async {
            // Without a signal handler there is no clean stop to wait for;
            // the process then ends the default way on Ctrl-C.
            if tokio::signal::ctrl_c().await.is_err() {
                std::future::pending::<()>().await;
            }
        };
        server::serve(listener, Arc::new(index), start, stop)
            .await
            .map_err(|e| Error::invalid(format!("the server stopped: {e}")))
    })?;
    note!("cruciverb studio: stopped");
    Ok(ExitCode::SUCCESS)
}
