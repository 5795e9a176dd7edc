//! The Python validators (tests/validators.txt) in a virtual environment under
//! `target/validators`, created on first use so that `cargo test` works on a
//! fresh machine with only python3 and access to PyPI.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The virtual environment's python, with every validator installed.
pub fn python() -> &'static Path {
    static PYTHON: OnceLock<PathBuf> = OnceLock::new();
    PYTHON.get_or_init(|| {
        let venv = root().join("target/validators");
        let python = venv.join("bin/python");
        let requirements = root().join("tests/validators.txt");
        let stamp = venv.join("installed.txt");
        let wanted = std::fs::read_to_string(&requirements).expect("tests/validators.txt");
        if std::fs::read_to_string(&stamp).ok().as_deref() != Some(wanted.as_str()) {
            let ok = |cmd: &mut Command| cmd.status().is_ok_and(|s| s.success());
            assert!(
                ok(Command::new("python3").args(["-m", "venv"]).arg(&venv)),
                "python3 -m venv {} failed",
                venv.display()
            );
            assert!(
                ok(Command::new(&python)
                    .args(["-m", "pip", "install", "-q", "-r"])
                    .arg(&requirements)),
                "pip install -r tests/validators.txt failed"
            );
            std::fs::write(&stamp, &wanted).expect("write the stamp");
        }
        python
    })
}

/// Runs `script` (Python source) with `args`; panics with its output unless
/// it exits 0. Returns its stdout.
pub fn run_python(script: &str, args: &[&str]) -> String {
    run_python_with_input(script, args, "")
}

/// [`run_python`] with `input` on its standard input.
pub fn run_python_with_input(script: &str, args: &[&str], input: &str) -> String {
    use std::io::Write;
    let mut child = Command::new(python())
        .arg("-c")
        .arg(script)
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run python");
    child
        .stdin
        .take()
        .expect("piped stdin")
        .write_all(input.as_bytes())
        .expect("write to python");
    let out = child.wait_with_output().expect("wait for python");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "python failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}
