//! Hostile input, command by command: empty, binary, non-UTF-8, truncated,
//! oversized and contradictory files, directories where files belong, bad
//! numbers, existing outputs, full disks and closed pipes. Each ends with one
//! exact message and exit code 2 (or, for a closed pipe, a quiet success),
//! never a panic, a hang or a replaced file.

use std::fs;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use serde_json::Value;

use crate::common::{bin, data, scratch, stderr, ScratchDir};

/// Runs the binary in `dir` (so that relative names in messages are as
/// typed), with the index cache inside the build directory.
fn run_in(dir: &Path, args: &[&str]) -> Output {
    command_in(dir, args).output().expect("run cruciverb")
}

fn command_in(dir: &Path, args: &[&str]) -> Command {
    let mut command = Command::new(bin());
    command
        .args(args)
        .current_dir(dir)
        .env(
            "CRUCIVERB_CACHE_DIR",
            Path::new(env!("CARGO_TARGET_TMPDIR")).join("index-cache"),
        )
        .stdin(Stdio::null());
    command
}

/// The files the cases refer to.
fn hostile_files() -> ScratchDir {
    let dir = scratch("hostile");
    let put = |name: &str, bytes: &[u8]| fs::write(dir.join(name), bytes).unwrap();
    put("empty.txt", b"");
    let binary: Vec<u8> = (0..=255u8).cycle().take(1024).collect();
    put("binary.bin", &binary);
    put("binary.xd", &binary);
    put("latin1.txt", b"caf\xe9\n");
    put("words.txt", b"CAT\nDOG\nACT\nTOGA\n");
    put("existing.txt", b"keep me\n");
    put(
        "r.json",
        br#"{"left_lines":["[AB]+","B+"],"top_columns":["[AB]+","[AB]+"]}"#,
    );
    put(
        "bad-regex.json",
        br#"{"left_lines":["(AB","B"],"top_columns":["A","B"]}"#,
    );
    put("truncated.json", br#"{"left_lines": ["A"#);
    put(
        "n.json",
        br#"{"grid":["...",".#.","..."],"values":[2,3,5,7],"clues":{"across":{"1":"A^3","3":"C(A^2 + 2B)"},"down":{"1":"BC^2 - A","2":"A(B + C)^2 + C"}}}"#,
    );
    fs::create_dir(dir.join("dir")).unwrap();
    fs::copy(data("grids/mini5_2corners.txt"), dir.join("grid.txt")).unwrap();
    let ipuz = fs::read_to_string(data("puzzles/mini5.ipuz")).unwrap();
    put("p.ipuz", ipuz.as_bytes());
    put("truncated.ipuz", &ipuz.as_bytes()[..ipuz.len() / 2]);
    let mut doc: Value = serde_json::from_str(&ipuz).unwrap();
    doc["clues"]["Across"][0][1] = Value::from("x".repeat(5000));
    put("bigclue.ipuz", doc.to_string().as_bytes());
    let exported = run_in(
        &dir.join(""),
        &["export", "p.ipuz", "--to", "puz", "-o", "p.puz"],
    );
    assert!(exported.status.success(), "{}", stderr(&exported));
    let puz = fs::read(dir.join("p.puz")).unwrap();
    put("truncated.puz", &puz[..60]);
    put("binary.jpz", &binary);
    put("empty.jpz", b"");
    let exported = run_in(
        &dir.join(""),
        &["export", "p.ipuz", "--to", "jpz", "-o", "p.jpz"],
    );
    assert!(exported.status.success(), "{}", stderr(&exported));
    let jpz = fs::read(dir.join("p.jpz")).unwrap();
    put("truncated.jpz", &jpz[..jpz.len() / 2]);
    let zipped = fs::read(data("puzzles/applet-zipped.jpz")).unwrap();
    put("truncated-zip.jpz", &zipped[..zipped.len() - 30]);
    dir
}

/// (arguments, the one line that explains the failure). Lines starting
/// `error:` come from argument parsing, `cruciverb: error:` from the commands.
const CASES: &[(&[&str], &str)] = &[
    (&["show", "empty.txt"], "cruciverb: error: empty.txt:1: empty grid"),
    (&["show", "binary.bin"], "cruciverb: error: binary.bin:1: not text (is this a binary file?)"),
    (&["show", "dir"], "cruciverb: error: dir is a directory; give a grid file, a pattern file or a hex pattern"),
    (&["show", "missing.txt"], "cruciverb: error: missing.txt: no such file"),
    (&["show", "/dev/null"], "cruciverb: error: /dev/null:1: empty grid"),
    (&["fill", "/dev/null"], "cruciverb: error: /dev/null:1: empty grid"),
    (&["show", "FFF"], "cruciverb: error: \"FFF\" is neither a file nor a hex pattern: hex pattern of 3 characters holds 12 cells, which is not a square of side 3..=31 (use a WxH: prefix for other shapes)"),
    (&["show", "latin1.txt"], "cruciverb: error: latin1.txt:1: not text (is this a binary file?)"),
    (&["fill", "empty.txt"], "cruciverb: error: empty.txt:1: empty grid"),
    (&["fill", "binary.bin"], "cruciverb: error: binary.bin:1: not text (is this a binary file?)"),
    (&["fill", "dir"], "cruciverb: error: dir is a directory; give a grid file, a pattern file or a hex pattern"),
    (&["fill", "grid.txt", "--wordlist", "empty.txt"], "cruciverb: error: empty.txt: no words (the file is empty)"),
    (&["fill", "grid.txt", "--wordlist", "binary.bin"], "cruciverb: error: binary.bin:1: binary data, not a word list"),
    (&["fill", "grid.txt", "--wordlist", "dir"], "cruciverb: error: dir: Is a directory (os error 21)"),
    (&["fill", "grid.txt", "--wordlist", "latin1.txt"], "cruciverb: error: slot 5A needs a 5-letter word and the word list has none"),
    (&["fill", "grid.txt", "--timeout", "-1"], "error: invalid value '-1' for '--timeout <SECONDS>': expected a number of seconds, 0 or more (e.g. 2.5)"),
    (&["fill", "grid.txt", "--timeout", "1e300"], "error: invalid value '1e300' for '--timeout <SECONDS>': expected a number of seconds, 0 or more (e.g. 2.5)"),
    (&["fill", "grid.txt", "--timeout", "nan"], "error: invalid value 'nan' for '--timeout <SECONDS>': expected a number of seconds, 0 or more (e.g. 2.5)"),
    (&["fill", "grid.txt", "--min-score", "300"], "error: invalid value '300' for '--min-score <N>': 300 is not in 0..=100"),
    (&["fill", "grid.txt", "--polish", "-2"], "error: invalid value '-2' for '--polish <SECONDS>': expected a number of seconds, 0 or more (e.g. 2.5)"),
    (&["fill", "--patterns", "binary.bin", "--out-dir", "out1"], "cruciverb: error: binary.bin:1: hex pattern: bad character '\\0' at character 1 (expected 0-9, A-F, or a final g-t)"),
    (&["fill", "--patterns", "missing.hex", "--out-dir", "out2"], "cruciverb: error: missing.hex: No such file or directory (os error 2)"),
    (&["fill", "grid.txt", "--threads", "2"], "error: the following required arguments were not provided:"),
    (&["fill", "grid.txt", "--out", "dir"], "cruciverb: error: dir is a directory; give a file name"),
    (&["fill", "grid.txt", "--out", "existing.txt"], "cruciverb: error: existing.txt exists; add --force to replace it"),
    (&["fill", "grid.txt", "--exclude", "binary.bin"], "cruciverb: error: binary.bin:1: binary data, not a word list"),
    (&["fill", "grid.txt", "--count", "0"], "error: invalid value '0' for '--count <N>': expected a whole number, 1 or more"),
    (&["patterns", "--size", "0"], "error: invalid value '0' for '--size <SIZE>': grid size 0 is outside the supported range 3..=31"),
    (&["patterns", "--size", "99999999999999999999"], "error: invalid value '99999999999999999999' for '--size <SIZE>': bad size \"99999999999999999999\" (expected N or WxH)"),
    (&["patterns", "--size", "5x"], "error: invalid value '5x' for '--size <SIZE>': bad size \"5x\" (expected N or WxH)"),
    (&["patterns", "--threads", "0"], "error: invalid value '0' for '--threads <THREADS>': expected a number of threads from 1 to 1024"),
    (&["patterns", "--threads", "99999"], "error: invalid value '99999' for '--threads <THREADS>': expected a number of threads from 1 to 1024"),
    (&["patterns", "--blacks", "50..40"], "cruciverb: error: impossible rules: --blacks 50..40: the minimum is above the maximum"),
    (&["patterns", "--blacks", "abc"], "error: invalid value 'abc' for '--blacks <RANGE>': bad number \"abc\""),
    (&["patterns", "--words", "5%..x"], "error: invalid value '5%..x' for '--words <RANGE>': bad number \"x\" in range \"5%..x\""),
    (&["patterns", "--shard", "0/3"], "error: invalid value '0/3' for '--shard <K/N>': bad shard \"0/3\" (expected K/N with 1 <= K <= N, e.g. 3/8)"),
    (&["patterns", "stats", "binary.bin"], "cruciverb: error: binary.bin:1: hex pattern: bad character '\\0' at character 1 (expected 0-9, A-F, or a final g-t)"),
    (&["patterns", "stats", "dir"], "cruciverb: error: dir: Is a directory (os error 21)"),
    (&["patterns", "--size", "5", "--out", "dir"], "cruciverb: error: dir is a directory; give a file name"),
    (&["patterns", "--size", "5", "--out", "existing.txt"], "cruciverb: error: existing.txt exists; add --force to replace it"),
    (&["patterns", "--resume"], "cruciverb: error: --resume needs --out FILE (standard output, a device or a FIFO cannot be resumed)"),
    (&["patterns", "--symmetry", "sideways"], "error: invalid value 'sideways' for '--symmetry <SYMMETRY>': unknown symmetry \"sideways\" (none, rotational, mirror, four-fold)"),
    (&["wordlist", "info", "--wordlist", "binary.bin"], "cruciverb: error: binary.bin:1: binary data, not a word list"),
    (&["wordlist", "info", "--wordlist", "empty.txt"], "cruciverb: error: empty.txt: no words (the file is empty)"),
    (&["wordlist", "show", "---"], "error: unexpected argument '---' found"),
    (&["wordlist", "show", "--wordlist", "missing.txt", "CAT"], "cruciverb: error: missing.txt: No such file or directory (os error 2)"),
    (&["make", "--size", "2"], "error: invalid value '2' for '--size <SIZE>': grid size 2 is outside the supported range 3..=31"),
    (&["make", "--size", "40"], "error: invalid value '40' for '--size <SIZE>': grid size 40 is outside the supported range 3..=31"),
    (&["make", "--timeout", "0"], "cruciverb: error: --timeout must be more than 0 seconds"),
    (&["make", "--timeout", "1e300"], "error: invalid value '1e300' for '--timeout <SECONDS>': expected a number of seconds, 0 or more (e.g. 2.5)"),
    (&["make", "--pattern", "binary.bin"], "cruciverb: error: binary.bin:1: not text (is this a binary file?)"),
    (&["make", "--clues", "binary.bin"], "cruciverb: error: binary.bin:2: not UTF-8 text (is this a binary file?)"),
    (&["make", "--attempts", "0"], "error: invalid value '0' for '--attempts <N>': expected a whole number, 1 or more"),
    (&["make", "--style", "cryptic"], "error: invalid value 'cryptic' for '--style <STYLE>': unknown style \"cryptic\" (american, british, barred)"),
    (&["clues", "binary.bin"], "cruciverb: error: binary.bin: cannot tell the format from the file name (import reads .puz, .ipuz, .jpz and .xd)"),
    (&["clues", "truncated.ipuz"], "cruciverb: error: truncated.ipuz:86:4: invalid JSON: EOF while parsing a value"),
    (&["clues", "p.ipuz", "--apply", "binary.bin"], "cruciverb: error: binary.bin:2: not UTF-8 text (is this a binary file?)"),
    (&["clues", "p.ipuz", "--template", "-o", "existing.txt"], "cruciverb: error: existing.txt exists; add --force to replace it"),
    (&["clues", "dir"], "cruciverb: error: dir is a directory"),
    (&["pdf", "binary.bin"], "cruciverb: error: binary.bin: cannot tell the format from the file name (import reads .puz, .ipuz, .jpz and .xd)"),
    (&["pdf", "truncated.puz"], "cruciverb: error: truncated.puz: truncated .puz file: it ends inside the solution grid"),
    (&["pdf", "truncated.ipuz"], "cruciverb: error: truncated.ipuz:86:4: invalid JSON: EOF while parsing a value"),
    (&["pdf", "bigclue.ipuz", "-o", "big.pdf"], "cruciverb: error: clue 1A has 5000 characters; a printed clue can have at most 1000"),
    (&["pdf", "p.ipuz", "-o", "dir"], "cruciverb: error: dir is a directory; give a file name"),
    (&["pdf", "p.ipuz", "-o", "p.ipuz"], "cruciverb: error: p.ipuz is the input; give another output file with -o"),
    (&["pdf", "p.ipuz", "--paper", "a5"], "error: invalid value 'a5' for '--paper <PAPER>'"),
    (&["export", "binary.bin", "--to", "puz"], "cruciverb: error: binary.bin: cannot tell the format from the file name (import reads .puz, .ipuz, .jpz and .xd)"),
    (&["export", "p.ipuz", "--to", "xyz"], "error: invalid value 'xyz' for '--to <TO>'"),
    (&["export", "p.ipuz", "--to", "txt", "-o", "existing.txt"], "cruciverb: error: existing.txt exists; add --force to replace it"),
    (&["export", "empty.txt", "--to", "puz"], "cruciverb: error: empty.txt: import reads .puz, .ipuz, .jpz and .xd files, not .txt"),
    (&["import", "truncated.puz"], "cruciverb: error: truncated.puz: truncated .puz file: it ends inside the solution grid"),
    (&["import", "dir"], "cruciverb: error: dir is a directory"),
    (&["import", "binary.xd"], "cruciverb: error: binary.xd:2: not UTF-8 text (is this a binary file?)"),
    (&["import", "binary.jpz"], "cruciverb: error: binary.jpz:2: not UTF-8 text (is this a binary file?)"),
    (&["import", "empty.jpz"], "cruciverb: error: empty.jpz: no XML element: not a .jpz puzzle"),
    (&["import", "truncated.jpz"], "cruciverb: error: truncated.jpz:32:9: not well-formed XML: syntax error: tag not closed: `>` not found before end of input"),
    (&["import", "truncated-zip.jpz"], "cruciverb: error: truncated-zip.jpz: the ZIP archive is truncated or damaged (it has no end-of-directory record)"),
    (&["pdf", "binary.jpz"], "cruciverb: error: binary.jpz:2: not UTF-8 text (is this a binary file?)"),
    (&["arrange", "empty.txt"], "cruciverb: error: empty.txt: no words"),
    (&["arrange", "binary.bin"], "cruciverb: error: binary.bin:1: binary data, not a words file"),
    (&["arrange", "words.txt", "--size", "0"], "cruciverb: error: grid size 0 is outside the supported range 3..=31"),
    (&["arrange", "words.txt", "--timeout", "-5"], "error: invalid value '-5' for '--timeout <SECONDS>': expected a number of seconds, 0 or more (e.g. 2.5)"),
    (&["arrange", "words.txt", "--at-least", "1000"], "cruciverb: error: --at-least 1000 must be from 1 to the number of words, 4"),
    (&["arrange", "missing.txt"], "cruciverb: error: missing.txt: No such file or directory (os error 2)"),
    (&["squares", "--size", "0"], "cruciverb: error: --size 0: a word square needs words of at least 2 letters"),
    (&["squares", "--size", "99"], "cruciverb: error: --size 99: the word list has no 99-letter words"),
    (&["squares", "--size", "4", "--count", "--threads", "0"], "error: invalid value '0' for '--threads <THREADS>': expected a number of threads from 1 to 1024"),
    (&["squares", "--size", "4", "--wordlist", "binary.bin"], "cruciverb: error: binary.bin:1: binary data, not a word list"),
    (&["squares", "--size", "4", "--limit", "0"], "error: invalid value '0' for '--limit <K>': expected a whole number, 1 or more"),
    (&["regex", "empty.txt"], "cruciverb: error: empty.txt:1:0: EOF while parsing a value"),
    (&["regex", "binary.bin"], "cruciverb: error: binary.bin:2: not UTF-8 text (is this a binary file?)"),
    (&["regex", "truncated.json"], "cruciverb: error: truncated.json:1:18: EOF while parsing a string"),
    (&["regex", "bad-regex.json"], "cruciverb: error: bad-regex.json: row 1: regex \"(AB\": missing ), unterminated subpattern at position 3"),
    (&["regex", "r.json", "--max", "0"], "error: invalid value '0' for '--max <N>': expected a whole number, 1 or more"),
    (&["regex", "r.json", "--timeout", "nan"], "error: invalid value 'nan' for '--timeout <SECONDS>': expected a number of seconds, 0 or more (e.g. 2.5)"),
    (&["regex", "dir"], "cruciverb: error: dir is a directory"),
    (&["numbers", "empty.txt"], "cruciverb: error: empty.txt:1:0: EOF while parsing a value"),
    (&["numbers", "binary.bin"], "cruciverb: error: binary.bin:2: not UTF-8 text (is this a binary file?)"),
    (&["numbers", "r.json"], "cruciverb: error: r.json: unknown field `left_lines`, expected one of `grid`, `bars`, `values`, `clues`, `spellings`"),
    (&["numbers", "n.json", "--max", "0"], "error: invalid value '0' for '--max <N>': expected a whole number, 1 or more"),
    (&["numbers", "n.json", "--timeout", "nan"], "error: invalid value 'nan' for '--timeout <SECONDS>': expected a number of seconds, 0 or more (e.g. 2.5)"),
    (&["numbers", "dir"], "cruciverb: error: dir is a directory"),
];

#[test]
fn every_command_refuses_hostile_input_with_one_exact_line() {
    let dir = hostile_files();
    let before = fs::read(dir.join("existing.txt")).unwrap();
    let mut wrong = Vec::new();
    for (args, message) in CASES {
        let out = run_in(&dir.join(""), args);
        let err = stderr(&out);
        let line = if message.starts_with("error:") {
            err.lines().next()
        } else {
            err.lines().rev().find(|l| !l.is_empty())
        };
        if out.status.code() != Some(2) || line != Some(*message) || err.contains("panicked") {
            wrong.push(format!("{args:?}: exit {:?}\n{err}", out.status.code()));
        }
    }
    assert!(CASES.len() >= 60);
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    assert_eq!(fs::read(dir.join("existing.txt")).unwrap(), before);
}

/// Standard output on a full disk: one line naming it, exit 2, no panic.
#[test]
fn a_full_disk_on_standard_output_is_an_error_not_a_panic() {
    let dir = hostile_files();
    let cases: &[&[&str]] = &[
        &["show", "grid.txt"],
        &["fill", "grid.txt", "--polish", "0"],
        &["fill", "grid.txt", "--count", "2"],
        &["patterns", "--size", "5", "--count"],
        &["patterns", "--size", "5"],
        &["patterns", "stats", "p.hex"],
        &["wordlist", "info"],
        &["regex", "r.json"],
        &["numbers", "n.json"],
        &["arrange", "words.txt"],
        &["clues", "p.ipuz", "--template"],
        &[
            "squares",
            "--size",
            "3",
            "--wordlist",
            "words.txt",
            "--count",
        ],
        &["export", "p.ipuz", "--to", "txt", "-o", "-"],
    ];
    let out = run_in(&dir.join(""), &["patterns", "--size", "5", "-o", "p.hex"]);
    assert!(out.status.success(), "{}", stderr(&out));
    for args in cases {
        let full = fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let out = command_in(&dir.join(""), args)
            .stdout(full)
            .output()
            .unwrap();
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(
            err.lines().last(),
            Some("cruciverb: error: standard output: No space left on device (os error 28)"),
            "{args:?}: {err}"
        );
    }
}

/// A reader that stops early (`| head -1`) ends the command quietly.
#[test]
fn a_closed_pipe_ends_every_command_quietly() {
    let dir = hostile_files();
    let cases: &[&[&str]] = &[
        &["fill", "grid.txt", "--all"],
        &["wordlist", "info"],
        &["patterns", "--size", "7"],
        &["squares", "--size", "4", "--limit", "100000"],
        &["regex", "r.json"],
        &["export", "p.ipuz", "--to", "txt", "-o", "-"],
    ];
    for args in cases {
        let mut child = command_in(&dir.join(""), args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {err}");
        assert!(!err.contains("error"), "{args:?}: {err}");
    }
}

/// Outputs follow links and stream to devices; a file edited in place
/// keeps its link and its permissions; nothing is replaced without --force.
#[test]
fn outputs_write_through_links_and_keep_what_the_user_had() {
    use std::os::unix::fs::{symlink, PermissionsExt};
    let dir = hostile_files();
    let at = dir.join("");
    symlink("/dev/null", dir.join("null-link")).unwrap();
    let out = run_in(&at, &["export", "p.ipuz", "--to", "txt", "-o", "null-link"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(fs::symlink_metadata(dir.join("null-link"))
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(
        fs::read_link(dir.join("null-link")).unwrap(),
        Path::new("/dev/null")
    );

    // In-place clue editing through a link to a 0600 file.
    fs::create_dir(dir.join("real")).unwrap();
    fs::copy(dir.join("p.ipuz"), dir.join("real/q.ipuz")).unwrap();
    fs::set_permissions(dir.join("real/q.ipuz"), fs::Permissions::from_mode(0o600)).unwrap();
    symlink("real/q.ipuz", dir.join("q.ipuz")).unwrap();
    let sheet = "1A;ADDS;Sums up\n";
    fs::write(dir.join("sheet.txt"), sheet).unwrap();
    let out = run_in(&at, &["clues", "q.ipuz", "--apply", "sheet.txt"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(fs::symlink_metadata(dir.join("q.ipuz"))
        .unwrap()
        .file_type()
        .is_symlink());
    let real = dir.join("real/q.ipuz");
    assert_eq!(
        fs::metadata(&real).unwrap().permissions().mode() & 0o777,
        0o600
    );
    assert!(fs::read_to_string(&real).unwrap().contains("Sums up"));

    // The one policy: an existing output is kept unless --force.
    for args in [
        &["export", "p.ipuz", "--to", "xd", "-o", "existing.txt"][..],
        &["pdf", "p.ipuz", "-o", "existing.txt"],
        &["import", "p.puz", "-o", "existing.txt"],
        &["fill", "grid.txt", "--out", "existing.txt"],
        &["arrange", "words.txt", "--out", "existing.txt"],
        &["patterns", "--size", "5", "--out", "existing.txt"],
    ] {
        let out = run_in(&at, args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(fs::read(dir.join("existing.txt")).unwrap(), b"keep me\n");
        let mut forced = args.to_vec();
        forced.push("--force");
        let out = run_in(&at, &forced);
        assert!(out.status.success(), "{forced:?}: {}", stderr(&out));
        assert_ne!(fs::read(dir.join("existing.txt")).unwrap(), b"keep me\n");
        fs::write(dir.join("existing.txt"), "keep me\n").unwrap();
    }
    // No temporary files are left behind.
    let leftovers: Vec<_> = fs::read_dir(dir.join(""))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".tmp") || n.ends_with(".part"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
}

#[test]
fn places_that_cannot_be_written_are_refused_before_the_work() {
    let dir = scratch("unwritable");
    fs::write(dir.join("afile"), "x").unwrap();
    let patterns = Path::new(env!("CARGO_MANIFEST_DIR")).join("patterns/bench-15x15.hex");
    let out = run_in(
        &dir.join(""),
        &[
            "fill",
            "--patterns",
            patterns.to_str().unwrap(),
            "--limit",
            "1",
            "--out-dir",
            "afile",
        ],
    );
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        "cruciverb: error: --out-dir afile is a file, not a directory\n"
    );
    // /proc takes no new directories: make fails before it fills (it
    // names its seed only once the fill begins).
    let out = run_in(
        &dir.join(""),
        &["make", "--seed", "3", "--out-dir", "/proc/cruciverb-out"],
    );
    assert_eq!(out.status.code(), Some(2));
    let message = stderr(&out);
    assert!(
        message.starts_with("cruciverb: error: /proc/cruciverb-out"),
        "{message}"
    );
    assert!(!message.contains("seed 3"), "{message}");
}
