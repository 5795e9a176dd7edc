//! Exact counts larger than memory: `patterns --count --memory SIZE` (one
//! process, its states in parts on disk between half rows) and `--count
//! --shard K/N --work DIR` (N processes sharing the states), added up by
//! `patterns sum`. The totals must be the published ones and the in-memory
//! counter's; the sum refuses, by name, what would give a wrong total.

use std::process::Command;

use crate::common::*;

fn succeeded(out: &std::process::Output) -> String {
    assert!(out.status.success(), "{}", stderr(out));
    stdout(out)
}

fn refused(out: &std::process::Output, message: &str) {
    assert_eq!(out.status.code(), Some(2), "{}", stderr(out));
    assert_eq!(
        stderr(out).trim_end(),
        format!("cruciverb: error: {message}")
    );
}

/// The 15×15 American count (OEIS A323839) within a gigabyte.
#[test]
fn fifteen_by_fifteen_within_a_gigabyte() {
    let dir = scratch("count-15-memory");
    let work = dir.join("work").display().to_string();
    let out = run(&[
        "patterns", "--size", "15", "--count", "--memory", "1G", "--work", &work,
    ]);
    assert_eq!(succeeded(&out).trim(), "404139015237875");
    let note = stderr(&out);
    assert!(
        note.starts_with("counted in 14 half rows, at most "),
        "{note}"
    );
    // The scratch directory is gone; the directory it was made in stays.
    assert_eq!(std::fs::read_dir(&work).unwrap().count(), 0);
}

/// The shards of a 13×13 count, each a process, run by GNU parallel four at
/// a time, add up to the one-process count. CI installs parallel (Debian's
/// `parallel`); without it this test fails saying so.
#[test]
fn shards_run_through_gnu_parallel_add_up_to_the_whole_count() {
    let dir = scratch("count-parallel");
    // OEIS A323839 (no all-black edge row or column), then with black
    // edges allowed (A323838), as the in-memory counter gives it.
    for (rules, published) in [
        (&[][..], Some("40575832476")),
        (&["--allow-black-edges"][..], None),
    ] {
        let whole = succeeded(&run(
            &[&["patterns", "--size", "13", "--count"][..], rules].concat()
        ));
        assert!(published.is_none_or(|p| whole.trim() == p), "{whole}");
        let expected: u128 = whole.trim().parse().unwrap();
        let _ = std::fs::remove_dir_all(dir.join("w"));
        let status = gnu_parallel()
            .current_dir(dir.join(""))
            .args(["--will-cite", "--halt", "now,fail=1", "-j", "4"])
            .arg(bin())
            .args(["patterns", "--size", "13", "--count", "--threads", "1"])
            .args(rules)
            .args([
                "--shard", "{}/4", "--work", "w", "--out", "r{}.txt", "--force",
            ])
            .args([":::", "1", "2", "3", "4"])
            .output()
            .unwrap();
        assert!(status.status.success(), "{}", stderr(&status));
        let files: Vec<String> = (1..=4)
            .map(|k| dir.join(&format!("r{k}.txt")).display().to_string())
            .collect();
        let mut args = vec!["patterns", "sum"];
        args.extend(files.iter().map(String::as_str));
        assert_eq!(succeeded(&run(&args)), whole);
        // Each shard counted a part, none all of it.
        for file in &files {
            let text = std::fs::read_to_string(file).unwrap();
            let patterns: u128 = field(&text, "patterns").parse().unwrap();
            assert!(patterns > 0 && patterns < expected, "{text}");
        }
        // The shared directory went with the last shard.
        assert_eq!(std::fs::read_dir(dir.join("w")).unwrap().count(), 0);
    }
}

fn field<'a>(text: &'a str, name: &str) -> &'a str {
    text.lines()
        .find_map(|l| l.strip_prefix(&format!("{name}: ")))
        .unwrap_or_else(|| panic!("no {name} in {text}"))
}

/// The shards of an 11×11 count with the edges rule both ways, as files.
fn shard_files(dir: &ScratchDir, name: &str, n: u64, extra: &[&str]) -> Vec<String> {
    let work = dir.join(&format!("{name}-work")).display().to_string();
    let count = n.to_string();
    let children: Vec<_> = (1..=n)
        .map(|k| {
            let shard = format!("{k}/{count}");
            let out = dir.join(&format!("{name}{k}.txt")).display().to_string();
            let mut args = vec!["patterns", "--size", "11", "--count", "--threads", "1"];
            args.extend(extra);
            args.extend(["--shard", &shard, "--work", &work, "--out", &out]);
            let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
            std::thread::spawn(move || {
                let args: Vec<&str> = args.iter().map(String::as_str).collect();
                succeeded(&run(&args));
                out
            })
        })
        .collect();
    children.into_iter().map(|c| c.join().unwrap()).collect()
}

#[test]
fn the_sum_refuses_shards_that_do_not_make_one_run() {
    let dir = scratch("count-sum");
    let four = shard_files(&dir, "a", 4, &[]);
    let edges = shard_files(&dir, "e", 4, &["--allow-black-edges"]);
    let three = shard_files(&dir, "t", 3, &[]);
    let sum = |files: &[&String]| {
        let mut args = vec!["patterns", "sum"];
        args.extend(files.iter().map(|s| s.as_str()));
        run(&args)
    };
    assert_eq!(
        succeeded(&sum(&four.iter().collect::<Vec<_>>())).trim(),
        "17438702"
    );
    assert_eq!(
        succeeded(&sum(&three.iter().collect::<Vec<_>>())).trim(),
        "17438702"
    );
    assert_eq!(
        succeeded(&sum(&edges.iter().collect::<Vec<_>>())).trim(),
        "18446134"
    );
    refused(
        &sum(&[&four[0], &four[1], &four[0], &four[3]]),
        &format!("shard 1/4 is given twice: {} and {}", four[0], four[0]),
    );
    refused(
        &sum(&[&four[0], &four[2]]),
        "shards 2/4, 4/4 of the run are missing",
    );
    refused(
        &sum(&[&four[0], &four[1], &four[2]]),
        "shard 4/4 of the run is missing",
    );
    let mixed = stderr(&sum(&[&four[0], &edges[1], &four[2], &four[3]]));
    assert!(
        mixed.starts_with(&format!(
            "cruciverb: error: {} and {} are shards of different runs:",
            four[0], edges[1]
        )),
        "{mixed}"
    );
    let split = stderr(&sum(&[&four[0], &three[1]]));
    assert!(split.contains("are shards of different runs"), "{split}");
    // Not a shard's file.
    let text = dir.join("notes.txt");
    std::fs::write(&text, "17438702\n").unwrap();
    let text = text.display().to_string();
    refused(
        &sum(&[&text]),
        &format!("{text}:1: not the result of a count shard (it should begin \"# cruciverb count shard\")"),
    );
    let damaged = dir.join("damaged.txt");
    let good = std::fs::read_to_string(&four[0]).unwrap();
    std::fs::write(&damaged, good.replace("patterns: ", "patterns: x")).unwrap();
    let damaged = damaged.display().to_string();
    let out = sum(&[&damaged]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains(&format!("{damaged}:4")),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_shard_alone_gives_up_waiting_and_says_for_whom() {
    let dir = scratch("count-alone");
    let work = dir.join("w").display().to_string();
    let out = run(&[
        "patterns", "--size", "11", "--count", "--shard", "1/3", "--work", &work, "--wait", "1",
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let message = stderr(&out);
    assert!(
        message.starts_with("cruciverb: error: shard 1/3: waited 1 s at half row 1 for the states of shard(s) 2/3, 3/3: all 3 shards must run at once with the same --work"),
        "{message}"
    );
}

#[test]
fn count_options_that_cannot_work_are_refused() {
    refused(
        &run(&["patterns", "--size", "5", "--count", "--out", "n.txt"]),
        "--count prints its number; --out takes it only for a shard of a shared count (--count --shard K/N --work DIR)",
    );
    refused(
        &run(&["patterns", "--size", "5", "--count", "--shard", "1/2", "--memory", "1G"]),
        "--count --shard 1/2 with --memory: the shards of a count share its states through a directory all of them reach; give it with --work DIR",
    );
    for shard in [&[][..], &["--shard", "1/2"]] {
        let args = [
            &[
                "patterns",
                "--size",
                "5",
                "--count",
                "--memory",
                "1G",
                "--work",
                "/dev/null",
            ][..],
            shard,
        ]
        .concat();
        refused(&run(&args), "/dev/null: not a directory");
    }
    let out = run(&["patterns", "--size", "5", "--count", "--memory", "12"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out)
            .contains("bad memory size \"12\" (expected a size such as 16G or 512M, at least 1M)"),
        "{}",
        stderr(&out)
    );
}

/// Ctrl-C or SIGTERM in the middle of a count in parts leaves no scratch
/// directory behind.
#[test]
fn an_interrupted_count_removes_its_scratch_directory() {
    let dir = scratch("count-interrupted");
    let work = dir.join("w");
    for signal in ["INT", "TERM"] {
        let child = Command::new(bin())
            .args([
                "patterns", "--size", "15", "--count", "--memory", "64M", "--work",
            ])
            .arg(&work)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        // Until the scratch directory holds states between half rows.
        let started = std::time::Instant::now();
        let holds_states = || {
            std::fs::read_dir(&work)
                .into_iter()
                .flatten()
                .flatten()
                .any(|scratch| {
                    std::fs::read_dir(scratch.path()).is_ok_and(|mut files| files.next().is_some())
                })
        };
        while !holds_states() {
            assert!(
                started.elapsed().as_secs() < 60,
                "no states written in a minute"
            );
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        Command::new("kill")
            .args([&format!("-{signal}"), &child.id().to_string()])
            .status()
            .unwrap();
        let out = child.wait_with_output().unwrap();
        let code = if signal == "INT" { 130 } else { 143 };
        assert_eq!(out.status.code(), Some(code), "{}", stderr(&out));
        assert_eq!(
            std::fs::read_dir(&work).unwrap().count(),
            0,
            "after SIG{signal}"
        );
    }
}
