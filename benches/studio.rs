//! Studio benchmark: candidates with viability over the HTTP API, the answer
//! a constructor waits for at every entry.
//!
//! `cargo bench --bench studio` starts the server in-process on a free
//! loopback port, fills the first 10 patterns of `patterns/bench-15x15.hex`
//! (seed 0), clears the bottom half of each, and asks `POST /api/candidates`
//! for every slot with an open cell, one request at a time over a fresh
//! connection, in the order of the grid's slots, as a constructor moves
//! from entry to entry: the default limit (100 words) with the default
//! budget (0.5 s), then, on a fresh server, with a 50 ms budget. It prints
//! per budget the median and 95th percentile latency (and the median of the
//! first request on each grid, which has no earlier fills to start from)
//! and how many candidates were viable, proven not, or left undecided by
//! the budget.

mod common;
use common::median;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use cruciverb::fill::{fill, slot_name, FillOptions, Outcome};
use cruciverb::grid::{Cell, Grid};
use cruciverb::pattern::file::read_patterns;
use cruciverb::studio::lists::{Lists, WordSource};
use cruciverb::studio::server;
use cruciverb::wordlist::embedded::default_list;
use cruciverb::wordlist::index::Index;
use serde_json::{json, Value};

fn post(address: &str, path: &str, body: &Value) -> Value {
    let body = body.to_string();
    let mut stream = TcpStream::connect(address).expect("connect");
    write!(
        stream,
        "POST {path} HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .expect("send");
    let mut reply = String::new();
    stream.read_to_string(&mut reply).expect("reply");
    let (head, body) = reply.split_once("\r\n\r\n").expect("an HTTP reply");
    assert!(head.starts_with("HTTP/1.1 200"), "{head}\n{body}");
    serde_json::from_str(body).expect("JSON")
}

fn main() {
    let (list, _) = default_list().expect("embedded list");
    let index = Index::build(&list, 0).expect("index the list");
    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    // A fresh server per budget, so that no run starts with the fills an
    // earlier one found.
    let lists = Lists::new(vec![
        WordSource::new("embedded list", list).expect("index the list")
    ]);
    let start = || {
        let listener = runtime
            .block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))
            .expect("bind");
        let address = listener.local_addr().expect("address").to_string();
        let lists = lists.clone();
        runtime.spawn(async move {
            server::serve(listener, lists, None, None, std::future::pending())
                .await
                .expect("serve")
        });
        address
    };

    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let patterns = read_patterns(&root.join("patterns/bench-15x15.hex")).expect("patterns");
    let mut grids = Vec::new();
    for pattern in patterns.iter().take(10) {
        let options = FillOptions {
            floor: 50,
            timeout: Some(Duration::from_secs(10)),
            ..FillOptions::default()
        };
        if let Ok(Outcome::Filled(found)) = fill(&Grid::from_pattern(pattern), &index, &options) {
            let mut half = found.grid.clone();
            for r in half.height() / 2..half.height() {
                for c in 0..half.width() {
                    if half.is_white(r, c) {
                        half.set(r, c, Cell::Empty);
                    }
                }
            }
            grids.push(half);
        }
    }
    for budget in [None, Some(0.05)] {
        let address = start();
        let (mut times, mut viable, mut dead, mut undecided) = (Vec::new(), 0, 0, 0);
        let mut firsts = Vec::new();
        for half in &grids {
            let first = times.len();
            let rows: Vec<String> = half.to_text().lines().map(str::to_string).collect();
            for slot in half.slots(2) {
                if !slot.cells().any(|(r, c)| half.get(r, c) == Cell::Empty) {
                    continue;
                }
                let mut request = json!({ "grid": rows, "slot": slot_name(&slot) });
                if let Some(seconds) = budget {
                    request["timeout"] = json!(seconds);
                }
                let started = Instant::now();
                let reply = post(&address, "/api/candidates", &request);
                times.push(started.elapsed());
                for c in reply["candidates"].as_array().expect("candidates") {
                    match c["viable"].as_bool() {
                        Some(true) => viable += 1,
                        Some(false) => dead += 1,
                        None => undecided += 1,
                    }
                }
            }
            if let Some(&t) = times.get(first) {
                firsts.push(t);
            }
        }
        let requests = times.len();
        let mut sorted = times.clone();
        sorted.sort();
        let p95 = sorted[(requests * 95).div_ceil(100) - 1];
        println!(
            "candidates over HTTP, 15x15 half filled, budget {}: {requests} requests ({} grids), median {:.1} ms, p95 {:.1} ms (first request on each grid: median {:.1} ms); candidates {viable} viable, {dead} not, {undecided} undecided",
            budget.map_or("default".to_string(), |s| format!("{s} s")),
            grids.len(),
            median(times).as_secs_f64() * 1e3,
            p95.as_secs_f64() * 1e3,
            median(firsts).as_secs_f64() * 1e3,
        );
    }
}
