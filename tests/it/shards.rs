//! Fill batches dealt into shards (`fill --patterns … --shard K/N`) and
//! put together again (`fill merge`): the merged ranking is the one run's,
//! row for row and puzzle for puzzle, whether the shards ran one after
//! another or through GNU parallel; shards of different runs, a shard
//! given twice, a missing shard and an unfinished one are refused by name.

use std::hash::{DefaultHasher, Hash, Hasher};
use std::path::Path;

use crate::common::*;

/// The rows of a summary, without their seconds (which differ between
/// runs) and with each puzzle's file read in (its path differs), as a
/// digest so that a failure prints readably.
fn rows(summary: &Path, base: &Path) -> Vec<(Vec<String>, Option<u64>)> {
    let text = std::fs::read_to_string(summary).unwrap();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("pattern\t"))
        .map(|line| {
            let mut f: Vec<String> = line.split('\t').map(str::to_string).collect();
            assert_eq!(f.len(), 8, "{line}");
            let file = f.remove(5);
            f.remove(2);
            let puzzle = (!file.is_empty()).then(|| {
                let mut hasher = DefaultHasher::new();
                std::fs::read(base.join(file)).unwrap().hash(&mut hasher);
                hasher.finish()
            });
            (f, puzzle)
        })
        .collect()
}

fn batch(dir: &ScratchDir, out: &str, extra: &[&str]) {
    let patterns = dir.join("p.hex").display().to_string();
    let out = dir.join(out).display().to_string();
    let mut args = vec!["fill", "--patterns", &patterns, "--out-dir", &out];
    args.extend(["--polish", "0", "--timeout", "60", "--seed", "3"]);
    args.extend(extra);
    let done = run(&args);
    assert!(done.status.success(), "{}", stderr(&done));
}

/// The first `limit` 6×6 patterns without symmetry (each fills in
/// milliseconds, so no time limit makes two runs differ), filled in one run
/// into `whole`.
fn one_run(dir: &ScratchDir, limit: usize) {
    let patterns = dir.join("p.hex").display().to_string();
    let limit = limit.to_string();
    let made = run(&[
        "patterns",
        "--size",
        "6",
        "--symmetry",
        "none",
        "--limit",
        &limit,
        "--out",
        &patterns,
    ]);
    assert!(made.status.success(), "{}", stderr(&made));
    batch(dir, "whole", &[]);
}

fn merge(dir: &ScratchDir, shards: &[&str]) -> std::process::Output {
    let mut args = vec!["fill".to_string(), "merge".to_string()];
    args.extend(shards.iter().map(|s| dir.join(s).display().to_string()));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    run(&args)
}

#[test]
fn a_sharded_batch_merged_ranks_as_one_run() {
    let dir = scratch("shards");
    one_run(&dir, 1000);
    for k in 1..=4 {
        batch(
            &dir,
            &format!("s{k}"),
            &["--shard", &format!("{k}/4"), "--threads", "1"],
        );
    }
    // Each shard holds every fourth pattern, and only those.
    let shard2 = std::fs::read_to_string(dir.join("s2/summary.tsv")).unwrap();
    let numbers: Vec<usize> = shard2
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("pattern\t"))
        .map(|l| l.split('\t').next().unwrap().parse().unwrap())
        .collect();
    let mut sorted = numbers.clone();
    sorted.sort();
    assert_eq!(sorted, (2..=1000).step_by(4).collect::<Vec<_>>());

    let merged = merge(&dir, &["s3", "s1", "s4", "s2"]);
    assert!(merged.status.success(), "{}", stderr(&merged));
    std::fs::write(dir.join("merged.tsv"), &merged.stdout).unwrap();
    let whole = rows(&dir.join("whole/summary.tsv"), &dir.join("whole"));
    let joined = rows(&dir.join("merged.tsv"), Path::new(""));
    assert_eq!(whole.len(), 1000);
    assert_eq!(joined, whole, "same ranking, same fills");
    assert_eq!(
        stderr(&merged).trim_end(),
        stderr(&merged).lines().last().unwrap(),
        "one line on stderr"
    );
    assert!(stderr(&merged).starts_with("1000 filled, 0 unfillable, 0 timed out of 1000 patterns"));
    let run_line = |path: &Path| {
        let text = std::fs::read_to_string(path).unwrap();
        text.lines()
            .find(|l| l.starts_with("# run: "))
            .unwrap()
            .to_string()
    };
    assert_eq!(
        run_line(&dir.join("merged.tsv")),
        run_line(&dir.join("whole/summary.tsv"))
    );

    // Refusals, each naming what is wrong.
    let refused = |shards: &[&str], message: &str| {
        let out = merge(&dir, shards);
        assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
        assert!(stderr(&out).contains(message), "{}", stderr(&out));
    };
    refused(&["s1", "s2", "s4"], "shard 3/4 of the run is missing");
    refused(&["s1", "s2"], "shards 3/4, 4/4 of the run are missing");
    let (s1, s1_again) = (dir.join("s1"), dir.join("s1/"));
    let twice = format!(
        "shard 1/4 is given twice: {} and {}",
        s1.display(),
        s1_again.display()
    );
    let out = run(&[
        "fill",
        "merge",
        &s1.display().to_string(),
        &s1_again.display().to_string(),
    ]);
    assert!(stderr(&out).contains(&twice), "{}", stderr(&out));
    batch(&dir, "other", &["--shard", "2/4", "--min-score", "60"]);
    refused(
        &["s1", "other", "s3", "s4"],
        "hold shards of different runs:",
    );
    refused(&["whole", "s1"], "hold shards of different runs:");
    std::fs::create_dir(dir.join("killed")).unwrap();
    std::fs::write(dir.join("killed/summary.tsv.part"), "").unwrap();
    refused(
        &["s1", "killed"],
        "killed: the shard is unfinished (summary.tsv.part but no summary.tsv); finish it with --resume",
    );
    refused(&["s1", "nowhere"], "nowhere/summary.tsv");
}

/// The same shards run by GNU parallel, four at a time, merge to the same
/// ranking. CI installs parallel (Debian's `parallel`); without it this
/// test fails saying so, rather than passing untried.
#[test]
fn shards_run_through_gnu_parallel_merge_to_the_one_run() {
    let dir = scratch("shards-parallel");
    one_run(&dir, 300);
    let cache = Path::new(env!("CARGO_TARGET_TMPDIR")).join("index-cache");
    let status = gnu_parallel()
        .current_dir(dir.join(""))
        .env("CRUCIVERB_CACHE_DIR", cache)
        .args(["--will-cite", "--halt", "now,fail=1", "-j", "4"])
        .arg(bin())
        .args([
            "fill",
            "--patterns",
            "p.hex",
            "--shard",
            "{}/4",
            "--out-dir",
            "par{}",
        ])
        .args([
            "--polish",
            "0",
            "--timeout",
            "60",
            "--seed",
            "3",
            "--threads",
            "1",
        ])
        .args([":::", "1", "2", "3", "4"])
        .output()
        .unwrap();
    assert!(status.status.success(), "{}", stderr(&status));
    let merged = merge(&dir, &["par1", "par2", "par3", "par4"]);
    assert!(merged.status.success(), "{}", stderr(&merged));
    std::fs::write(dir.join("merged.tsv"), &merged.stdout).unwrap();
    let whole = rows(&dir.join("whole/summary.tsv"), &dir.join("whole"));
    assert_eq!(whole.len(), 300);
    assert_eq!(rows(&dir.join("merged.tsv"), Path::new("")), whole);
}
