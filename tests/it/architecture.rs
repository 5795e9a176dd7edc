//! The module map of `lib.rs` as a checked fact: every library module sits
//! in a layer, and a module imports only from layers below its own. The
//! library never prints or draws (it reports through `progress::Reporter`),
//! and `main.rs` only dispatches.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

/// Bottom to top, in pipeline order; modules of one layer are independent.
const LAYERS: &[&[&str]] = &[
    &["error"],
    &["files", "progress", "data"],
    &["pattern"],
    &["grid"],
    &["terminal", "wordlist"],
    &["theme"],
    &["fill"],
    &["puzzle"],
    &["clues"],
    &["formats"],
    &["typeset"],
    &["draw"],
    &["batch", "make", "puzzles"],
    &["studio"],
];

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

fn layer_of(module: &str) -> Option<usize> {
    LAYERS.iter().position(|layer| layer.contains(&module))
}

/// Every `.rs` file under `dir`.
fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            found.extend(sources(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            found.push(path);
        }
    }
    found.sort();
    found
}

/// The top-level library module a file belongs to (`src/fill/search.rs` →
/// `fill`); None for the binary's files.
fn module_of(file: &Path) -> Option<String> {
    let rel = file.strip_prefix(src()).unwrap();
    let first = rel.components().next()?.as_os_str().to_str()?.to_string();
    match first.as_str() {
        "main.rs" | "cli" | "lib.rs" => None,
        _ => Some(first.trim_end_matches(".rs").to_string()),
    }
}

/// The crate modules a file names: `crate::fill::…`, and `crate::{Error,
/// Result}` (the root's re-exports of `error`).
fn imports(text: &str) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    for (i, _) in text.match_indices("crate::") {
        let rest = &text[i + "crate::".len()..];
        let name: String = rest
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        if rest.starts_with('{') || name.starts_with(char::is_uppercase) {
            found.insert("error".to_string());
        } else if !name.is_empty() {
            found.insert(name);
        }
    }
    found
}

#[test]
fn lib_declares_exactly_the_layered_modules() {
    let lib = fs::read_to_string(src().join("lib.rs")).unwrap();
    let declared: BTreeSet<&str> = lib
        .lines()
        .filter_map(|l| l.strip_prefix("pub mod "))
        .map(|l| l.trim_end_matches(';'))
        .collect();
    let layered: BTreeSet<&str> = LAYERS.iter().flat_map(|l| l.iter().copied()).collect();
    assert_eq!(declared, layered);
}

#[test]
fn every_module_imports_only_from_layers_below() {
    let mut wrong = Vec::new();
    for file in sources(&src()) {
        let Some(module) = module_of(&file) else {
            continue;
        };
        let own = layer_of(&module).unwrap_or_else(|| panic!("{module} is in no layer"));
        let text = fs::read_to_string(&file).unwrap();
        for used in imports(&text) {
            if used == module {
                continue;
            }
            match layer_of(&used) {
                Some(layer) if layer < own => {}
                _ => wrong.push(format!("{} uses {used}", file.display())),
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "imports against the layers:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn the_library_never_prints_or_draws() {
    let mut wrong = Vec::new();
    for file in sources(&src()) {
        if module_of(&file).is_none() {
            continue;
        }
        let text = fs::read_to_string(&file).unwrap();
        for needle in [
            "println!",
            "print!(",
            "eprint",
            "indicatif",
            "std::process::exit",
        ] {
            if text.contains(needle) {
                wrong.push(format!("{}: {needle}", file.display()));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn main_only_dispatches() {
    let main = fs::read_to_string(src().join("main.rs")).unwrap();
    assert!(
        main.lines().count() <= 60,
        "main.rs has grown past dispatch"
    );
    // One module per subcommand, each with the same entry point.
    let cli = src().join("cli");
    for line in main.lines().filter(|l| l.contains("=> cli::")) {
        let module = line
            .split("cli::")
            .nth(1)
            .unwrap()
            .split("::")
            .next()
            .unwrap();
        let text = fs::read_to_string(cli.join(format!("{module}.rs"))).unwrap();
        assert!(
            text.contains("pub fn run(") && text.contains("-> Result<ExitCode>"),
            "cli/{module}.rs lacks `pub fn run(…) -> Result<ExitCode>`"
        );
    }
}
