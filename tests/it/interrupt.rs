//! Interrupted commands: SIGINT and SIGTERM delivered at many points of a
//! run leave every output whole or absent, never a temporary, and end the
//! process with 130 or 143 (0 when the run finished first).
//!
//! `CRUCIVERB_SLOW_WRITES_MS` stretches the moment between a file's
//! temporary and its rename, so that some of the signals land there.

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::{bin, data, scratch};

/// Points a command is interrupted at, per signal (20 in all).
const POINTS: usize = 10;

fn spawn(args: &[&str], dir: &Path) -> Child {
    Command::new(bin())
        .args(args)
        .current_dir(dir)
        .env("CRUCIVERB_CACHE_DIR", dir.join("cache"))
        .env("CRUCIVERB_SLOW_WRITES_MS", "40")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("start cruciverb")
}

/// How long an uninterrupted run of `args` takes (it must succeed).
fn clean_run(args: &[&str], dir: &Path) -> Duration {
    let start = Instant::now();
    let status = spawn(args, dir).wait().unwrap();
    assert!(status.success(), "{args:?} must succeed uninterrupted");
    start.elapsed()
}

/// Names in `dir` (recursively) that are temporaries.
fn temporaries(dir: &Path) -> Vec<String> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            found.extend(temporaries(&path));
        } else if path.to_string_lossy().ends_with(".tmp") {
            found.push(path.display().to_string());
        }
    }
    found
}

/// Runs `args` in a fresh directory, interrupting it at `POINTS` moments
/// spread over its usual run time, with each signal; `check` gets the
/// directory and whether the run finished, and asserts what it must hold.
fn interrupt_everywhere(name: &str, args: &[&str], check: impl Fn(&Path, bool)) {
    let probe = scratch(name);
    let took = clean_run(args, &probe.join(""));
    for (signal, code) in [("INT", 130), ("TERM", 143)] {
        for point in 0..POINTS {
            let dir = scratch(name);
            let at = took.mul_f64((point as f64 + 0.5) / POINTS as f64);
            let mut child = spawn(args, &dir.join(""));
            std::thread::sleep(at);
            let _ = Command::new("kill")
                .args([&format!("-{signal}"), &child.id().to_string()])
                .status();
            let status = child.wait().unwrap();
            let finished = status.code() == Some(0);
            assert!(
                finished || status.code() == Some(code),
                "{name} SIG{signal} at {at:?}: exit {status:?}, not 0 or {code}"
            );
            assert_eq!(
                temporaries(&dir.join("")),
                Vec::<String>::new(),
                "{name} SIG{signal} at {at:?}"
            );
            check(&dir.join(""), finished);
        }
    }
}

#[test]
fn make_leaves_its_set_whole_or_absent() {
    interrupt_everywhere(
        "int-make",
        &["make", "--seed", "5", "--out-dir", "o"],
        |dir, finished| {
            let present: Vec<bool> = ["ipuz", "puz", "pdf"]
                .iter()
                .map(|ext| dir.join(format!("o/cruciverb-5.{ext}")).exists())
                .collect();
            assert!(
                present.iter().all(|&p| p == present[0]),
                "a partial set: {present:?}"
            );
            if present[0] {
                let ipuz = std::fs::read_to_string(dir.join("o/cruciverb-5.ipuz")).unwrap();
                serde_json::from_str::<serde_json::Value>(&ipuz).expect("whole .ipuz");
                let pdf = std::fs::read(dir.join("o/cruciverb-5.pdf")).unwrap();
                assert!(
                    pdf.ends_with(b"%%EOF\n") || pdf.ends_with(b"%%EOF"),
                    "whole .pdf"
                );
            }
            if finished {
                assert!(present[0], "a finished make wrote its set");
            }
        },
    );
}

#[test]
fn import_and_export_leave_whole_files_or_none() {
    let source = data("puzzles/applet-zipped.jpz");
    let source = source.to_str().unwrap();
    interrupt_everywhere(
        "int-import",
        &["import", source, "-o", "p.ipuz"],
        |dir, finished| {
            let out = dir.join("p.ipuz");
            if out.exists() {
                let text = std::fs::read_to_string(&out).unwrap();
                serde_json::from_str::<serde_json::Value>(&text).expect("whole .ipuz");
            }
            if finished {
                assert!(out.exists());
            }
        },
    );
    interrupt_everywhere(
        "int-export",
        &["export", source, "--to", "puz", "-o", "p.puz"],
        |dir, finished| {
            let out = dir.join("p.puz");
            if out.exists() {
                let bytes = std::fs::read(&out).unwrap();
                assert_eq!(&bytes[2..14], b"ACROSS&DOWN\0", "whole .puz");
            }
            if finished {
                assert!(out.exists());
            }
        },
    );
}

#[test]
fn patterns_and_batch_fills_leave_whole_files_or_resumable_state() {
    let patterns = [
        "patterns", "--size", "15", "--random", "--seed", "3", "--limit", "20000", "-o", "p.hex",
    ];
    interrupt_everywhere("int-patterns", &patterns, |dir, finished| {
        let out = dir.join("p.hex");
        if out.exists() {
            let text = std::fs::read_to_string(&out).unwrap();
            let patterns = text.lines().filter(|l| !l.starts_with('#')).count();
            assert_eq!(patterns, 20000, "a whole pattern file");
            assert!(
                !dir.join("p.hex.ckpt").exists(),
                "a stale checkpoint beside it"
            );
        }
        if finished {
            assert!(out.exists());
        }
    });
    let grid = Path::new(env!("CARGO_MANIFEST_DIR")).join("patterns/bench-15x15.hex");
    let fill = [
        "fill",
        "--patterns",
        grid.to_str().unwrap(),
        "--limit",
        "4",
        "--timeout",
        "2",
        "--out-dir",
        "b",
    ];
    interrupt_everywhere("int-batch", &fill, |dir, finished| {
        for entry in std::fs::read_dir(dir.join("b"))
            .into_iter()
            .flatten()
            .flatten()
        {
            let path = entry.path();
            if path.extension().is_some_and(|e| e == "ipuz") {
                let text = std::fs::read_to_string(&path).unwrap();
                serde_json::from_str::<serde_json::Value>(&text).expect("whole .ipuz");
            }
        }
        if finished {
            assert!(dir.join("b/summary.tsv").exists());
        }
    });
}
