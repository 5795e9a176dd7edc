//! Big word lists: the time and peak memory to read and index a list of
//! hundreds of megabytes (goal for 300 MB: under a minute and under 2 GB
//! on a 2-core machine), to open its cached index, how soon `--timeout`
//! stops the indexing, and the studio's memory with as many lists as its
//! budget admits.
//!
//! `cargo bench --bench big_list`; `BENCH_LIST_MB` sets the list's size
//! (300 by default), `BENCH_TIMEOUT` the limit tried (20 s). The list is
//! synthetic and seeded (random letters, lengths 3–15, scores 0–100: short
//! lines without clues, the densest a list gets), written to a temporary
//! folder and removed at the end.

mod common;
use common::{peak_rss_mb, reset_peak_rss, rss_mb};

use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use cruciverb::progress::Quiet;
use cruciverb::studio::lists::{Lists, WordSource, LIST_MEMORY, MOST_LIST_TEXT};
use cruciverb::wordlist::dialect::Dialect;
use cruciverb::wordlist::spec::ListSpec;
use cruciverb::wordlist::WordList;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Writes about `bytes` of list text to `path`; the number of lines.
fn write_list(path: &Path, bytes: usize, seed: u64) -> usize {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut out = BufWriter::new(std::fs::File::create(path).expect("create the list"));
    let (mut written, mut lines) = (0, 0);
    let mut line = Vec::with_capacity(32);
    while written < bytes {
        line.clear();
        for _ in 0..rng.random_range(3..=15) {
            line.push(b'A' + rng.random_range(0..26u8));
        }
        writeln!(line, ";{}", rng.random_range(0..=100)).expect("format a line");
        out.write_all(&line).expect("write the list");
        written += line.len();
        lines += 1;
    }
    out.flush().expect("write the list");
    lines
}

fn spec(list: &Path, until: Option<Instant>) -> ListSpec {
    ListSpec {
        files: vec![list.to_path_buf()],
        min_score: 0,
        exclude: Vec::new(),
        dialect: Dialect::American,
        until,
    }
}

fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn main() {
    let megabytes = env_number("BENCH_LIST_MB", 300) as usize;
    let limit = Duration::from_secs(env_number("BENCH_TIMEOUT", 20));
    let dir: PathBuf = std::env::temp_dir().join(format!("cruciverb-big-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let list = dir.join("list.txt");
    let lines = write_list(&list, megabytes * 1_000_000, 1);
    println!("list: {megabytes} MB, {lines} lines (synthetic, seed 1)");
    let resets = reset_peak_rss();

    // Cold: read, index and save the cache.
    let cache = dir.join("cache");
    let start = Instant::now();
    let index = spec(&list, None)
        .index(Some(&cache), &Quiet)
        .expect("index the list");
    let cold = start.elapsed();
    let words = index.total_words();
    drop(index);
    let peak = peak_rss_mb().unwrap_or(f64::NAN);
    println!(
        "read + index + cache: {:.1} s, peak memory {peak:.0} MB{} ({words} distinct words)",
        cold.as_secs_f64(),
        if resets {
            ""
        } else {
            " (of the whole benchmark)"
        }
    );

    // Warm: the cache is mapped.
    let start = Instant::now();
    let index = spec(&list, None)
        .index(Some(&cache), &Quiet)
        .expect("open the cache");
    println!(
        "cached index opened in {:.2} s ({} words)",
        start.elapsed().as_secs_f64(),
        index.total_words()
    );
    drop(index);

    // A time limit shorter than the cold build stops it.
    let uncached = dir.join("cache-2");
    let start = Instant::now();
    let stopped = spec(&list, start.checked_add(limit)).index(Some(&uncached), &Quiet);
    println!(
        "with a limit of {} s: {} after {:.1} s",
        limit.as_secs(),
        match stopped {
            Ok(_) => "finished".to_string(),
            Err(e) => format!("stopped ({e})"),
        },
        start.elapsed().as_secs_f64()
    );
    std::fs::remove_dir_all(&dir).ok();

    // The studio: lists of the largest size the page may add, until the
    // budget refuses one.
    let mut text = String::with_capacity(MOST_LIST_TEXT);
    let mut rng = StdRng::seed_from_u64(2);
    while text.len() + 20 < MOST_LIST_TEXT {
        for _ in 0..rng.random_range(3..=15) {
            text.push(char::from(b'A' + rng.random_range(0..26u8)));
        }
        text.push_str(&format!(";{}\n", rng.random_range(0..=100)));
    }
    let (embedded, _) = cruciverb::wordlist::embedded::default_list().expect("the embedded list");
    let source = WordSource::new("embedded list", embedded).expect("index the embedded list");
    let before = rss_mb().unwrap_or(f64::NAN);
    let lists = Lists::new(vec![source]);
    let mut added = 0;
    let start = Instant::now();
    let refusal = loop {
        match lists.add(&format!("big {added}"), &text) {
            Ok(_) => added += 1,
            Err(e) => break e.message,
        }
    };
    let (one, _) = WordList::parse(&text, "one");
    let source = WordSource::new("one", one).expect("index one list");
    println!(
        "studio: one {:.0} MB list holds {:.0} MB ({:.1} bytes per byte of text); {added} added in {:.1} s, then refused: {refusal}",
        text.len() as f64 / 1e6,
        source.memory() as f64 / 1e6,
        source.memory() as f64 / text.len() as f64,
        start.elapsed().as_secs_f64()
    );
    drop(source);
    println!(
        "studio lists: {:.0} MB counted of a {:.0} MB budget; resident memory {:.0} MB (was {before:.0} MB with the embedded list alone)",
        lists.memory() as f64 / 1e6,
        LIST_MEMORY as f64 / 1e6,
        rss_mb().unwrap_or(f64::NAN)
    );
}
