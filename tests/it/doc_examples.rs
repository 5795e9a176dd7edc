//! Every shell example of README.md and docs/*.md runs, so the documentation
//! cannot drift from the program: the ```sh blocks of each file are run in
//! order, as a reader would type them, by bash with `-e -o pipefail`, each
//! file in a fresh working directory that holds what the examples name
//! (`examples/`, `tests/data/`, `wordlists/`, `patterns/`) and an empty
//! `output/`, with `cruciverb` first on PATH as the binary under test and
//! HOME and CRUCIVERB_CACHE_DIR inside that directory (no example touches
//! the user's files or cache).
//!
//! A block that cannot run here (a server that runs until stopped, a
//! benchmark, a tool CI lacks) is preceded by the marker
//! `<!-- example: not run — REASON -->`; a marker without a reason fails.
//! Only blocks tagged `sh` are examples: output (`text`, untagged) and file
//! contents (`json`) are not.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::{bin, scratch};

/// One ```sh block and where it starts.
struct Example {
    file: String,
    line: usize,
    script: String,
}

const MARKER: &str = "<!-- example: not run";

/// The ```sh blocks of `text` not preceded by the not-run marker; a marker
/// with no reason is an error.
fn examples(file: &str, text: &str) -> Result<Vec<Example>, String> {
    let lines: Vec<&str> = text.lines().collect();
    let mut found = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let fence = lines[i].trim_start();
        if !fence.starts_with("```") {
            i += 1;
            continue;
        }
        let tag = fence.trim_start_matches('`').trim();
        let start = i;
        let end = (i + 1..lines.len())
            .find(|&j| lines[j].trim_start().starts_with("```"))
            .ok_or_else(|| format!("{file}:{}: unclosed code block", start + 1))?;
        i = end + 1;
        if tag != "sh" {
            continue;
        }
        let before = lines[..start]
            .iter()
            .rev()
            .find(|l| !l.trim().is_empty())
            .map(|l| l.trim())
            .unwrap_or("");
        if let Some(rest) = before.strip_prefix(MARKER) {
            let reason = rest
                .trim_end_matches("-->")
                .trim()
                .trim_start_matches(['—', '-', ':']);
            if reason.trim().is_empty() {
                return Err(format!("{file}:{}: a not-run marker needs a reason", start));
            }
            continue;
        }
        found.push(Example {
            file: file.to_string(),
            line: start + 1,
            script: lines[start + 1..end].join("\n"),
        });
    }
    Ok(found)
}

/// README.md and every docs/*.md, README first.
fn doc_files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root.join("docs"))
        .expect("docs/")
        .map(|entry| entry.expect("docs/ entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    docs.insert(0, root.join("README.md"));
    docs
}

/// The longest any one block may take: a block slower than this belongs
/// behind the marker, or should run on a smaller case.
const BLOCK_LIMIT: Duration = Duration::from_secs(120);

/// Runs `example` in `dir` with `path` first on PATH; the failure says
/// where the block is and what it printed.
fn run(example: &Example, dir: &Path, path: &str) -> Result<Duration, String> {
    let started = Instant::now();
    let mut child = Command::new("bash")
        .args(["-e", "-o", "pipefail", "-c", &example.script])
        .current_dir(dir)
        .env("PATH", path)
        .env("HOME", dir.join("home"))
        .env("CRUCIVERB_CACHE_DIR", dir.join("cache"))
        .env_remove("XDG_CACHE_HOME")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("bash: {e}"))?;
    // Drain the pipes on threads so a chatty example cannot block on them.
    let mut out = child.stdout.take().expect("piped stdout");
    let mut err = child.stderr.take().expect("piped stderr");
    let out = std::thread::spawn(move || {
        let mut text = Vec::new();
        std::io::Read::read_to_end(&mut out, &mut text).ok();
        text
    });
    let err = std::thread::spawn(move || {
        let mut text = Vec::new();
        std::io::Read::read_to_end(&mut err, &mut text).ok();
        text
    });
    let status = loop {
        if let Some(status) = child.try_wait().map_err(|e| e.to_string())? {
            break Some(status);
        }
        if started.elapsed() > BLOCK_LIMIT {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let (out, err) = (
        out.join().unwrap_or_default(),
        err.join().unwrap_or_default(),
    );
    let tail = |bytes: &[u8]| {
        let text = String::from_utf8_lossy(bytes);
        let lines: Vec<&str> = text.lines().collect();
        lines[lines.len().saturating_sub(15)..].join("\n")
    };
    let place = format!("{}:{}", example.file, example.line);
    match status {
        Some(status) if status.success() => Ok(started.elapsed()),
        Some(status) => Err(format!(
            "{place}: the example failed ({status})\n--- block\n{}\n--- stdout (tail)\n{}\n--- stderr (tail)\n{}",
            example.script,
            tail(&out),
            tail(&err)
        )),
        None => Err(format!(
            "{place}: the example ran over {} s; shorten it or mark it not run",
            BLOCK_LIMIT.as_secs()
        )),
    }
}

/// A working directory holding what the examples read, by symbolic link.
fn workspace(dir: &Path) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for name in ["examples", "wordlists", "patterns"] {
        std::os::unix::fs::symlink(root.join(name), dir.join(name)).expect("link");
    }
    std::fs::create_dir_all(dir.join("tests")).expect("tests/");
    std::os::unix::fs::symlink(root.join("tests/data"), dir.join("tests/data")).expect("link");
    for name in ["output", "home", "cache"] {
        std::fs::create_dir_all(dir.join(name)).expect("dir");
    }
}

#[test]
fn every_documented_example_runs() {
    let tools = scratch("doc-examples-bin");
    std::os::unix::fs::symlink(bin(), tools.join("cruciverb")).expect("link the binary");
    let path = format!(
        "{}:{}",
        tools.join("").display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let only = std::env::var("DOC_EXAMPLES").ok();
    let mut failures = Vec::new();
    let mut ran = 0;
    for file in doc_files() {
        let name = file
            .strip_prefix(env!("CARGO_MANIFEST_DIR"))
            .unwrap_or(&file)
            .display()
            .to_string()
            .trim_start_matches('/')
            .to_string();
        if only.as_deref().is_some_and(|only| !name.contains(only)) {
            continue;
        }
        let text = std::fs::read_to_string(&file).expect("read the doc");
        let blocks = match examples(&name, &text) {
            Ok(blocks) => blocks,
            Err(e) => {
                failures.push(e);
                continue;
            }
        };
        let dir = scratch("doc-examples");
        workspace(&dir.join(""));
        for example in &blocks {
            match run(example, &dir.join(""), &path) {
                Ok(took) => {
                    ran += 1;
                    eprintln!(
                        "{}:{} ran in {:.1} s",
                        example.file,
                        example.line,
                        took.as_secs_f64()
                    );
                }
                Err(e) => failures.push(e),
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert!(ran > 0 || only.is_some(), "no example found");
}

#[test]
fn the_marker_needs_a_reason() {
    let doc = "<!-- example: not run -->\n```sh\ncruciverb studio\n```\n";
    assert!(examples("x.md", doc).is_err());
    let doc = "<!-- example: not run — a server -->\n```sh\ncruciverb studio\n```\n\n```sh\ncruciverb make\n```\n";
    let found = examples("x.md", doc).expect("parses");
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].script, "cruciverb make");
    assert_eq!(found[0].line, 6);
}
