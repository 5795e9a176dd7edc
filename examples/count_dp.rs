//! Counts American patterns with the transfer-matrix counter and times it.
//!
//! `cargo run --release --example count_dp -- 15` (or `13x15`); add `edges` to
//! allow black edge rows and columns.

use std::time::Instant;

use cruciverb::pattern::count::count_patterns;
use cruciverb::pattern::rules::{Rules, Style};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let size = args.first().map_or("15", String::as_str);
    let parsed = match size.split_once('x') {
        Some((w, h)) => w.parse().ok().zip(h.parse().ok()),
        None => size.parse().ok().map(|n| (n, n)),
    };
    let Some((width, height)) = parsed else {
        eprintln!("usage: count_dp N|WxH [edges]");
        std::process::exit(2);
    };
    let mut rules = Rules::preset(Style::American);
    rules.allow_black_edges = args.iter().any(|a| a == "edges");
    let start = Instant::now();
    match count_patterns(width, height, &rules) {
        Some(n) => println!("{width}x{height}: {n} patterns in {:.2?}", start.elapsed()),
        None => println!("{width}x{height}: not countable by the counter"),
    }
}
