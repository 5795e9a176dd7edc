//! The module map of `lib.rs` as a checked fact. The sources are read as Rust
//! (with `syn`), not as text, so every import counts and nothing else does:
//! `use` trees with their groups, `self`, `super::super`, renames and globs,
//! and `crate::…`, `super::…`, `self::…` paths written inline in types,
//! expressions and macro calls; never words in comments or strings. Each one
//! is resolved, the way the compiler would, to the module that defines what
//! it names (following re-exports: `crate::Error` is `crate::error`).
//!
//! Three rules follow from the pipeline of `lib.rs` and the README:
//! - a library module uses only the modules its row of [`ALLOWED`] names,
//!   and the table itself runs one way (a row names only rows above it), so
//!   no import can run back up the pipeline;
//! - no file-level import circle: no file imports from a file that (directly
//!   or through others) imports from it. An edge A → B means file A names
//!   something defined in file B. A `pub use` of the file's own submodules
//!   (`pub use search::fill` in `fill/mod.rs`) is the module's front door,
//!   not a use, so it makes no edge unless the file's own code also names
//!   what it re-exports; a child naming its parent's items (`super::Thing`)
//!   is an ordinary edge, and a circle only if the parent also uses the
//!   child. `mod` declarations are never edges, and a glob import counts
//!   as naming the module it reads. Both crates are checked (the library,
//!   and the binary's `cli/`). Circles still being broken are listed in
//!   [`KNOWN_CIRCLES`], which must match exactly;
//! - the library never prints or draws (it reports through
//!   `progress::Reporter`), and `main.rs` only dispatches.
//!
//! The reader is tested last, on small crates held in memory.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

use proc_macro2::{Spacing, TokenStream, TokenTree};
use syn::visit::{self, Visit};

/// Which library modules each one may use, bottom to top in pipeline order:
/// a row names only modules of rows above it. One row per top-level module
/// of `lib.rs`; the shared helpers are in every row above theirs.
#[rustfmt::skip]
const ALLOWED: &[(&str, &[&str])] = &[
    // The crate's one error type, under everything.
    ("error", &[]),
    // The shared helpers: writing outputs (one policy for existing files),
    // reporting long work (the library never prints), embedded data.
    ("files", &["error"]),
    ("progress", &["error"]),
    ("data", &["error"]),
    // Black/white shapes, their rules, enumeration and files.
    ("pattern", &["error", "files", "progress", "data"]),
    // Cells, slots and numbering over a pattern.
    ("grid", &["error", "files", "progress", "data", "pattern"]),
    // Drawing grids in a terminal.
    ("terminal", &["error", "files", "progress", "data", "grid"]),
    // Scored words and their index (a pattern's largest side bounds a word).
    ("wordlist", &["error", "files", "progress", "data", "pattern"]),
    // Theme entries and the ways of seating them in a pattern.
    ("theme", &["error", "files", "progress", "data", "pattern", "grid", "wordlist"]),
    // The search that puts words in a grid.
    ("fill", &["error", "files", "progress", "data", "pattern", "grid", "wordlist"]),
    // The finished document: solution, marks, clues, credits (an answer's
    // enumeration comes from the word list's forms).
    ("puzzle", &["error", "files", "progress", "data", "grid", "wordlist"]),
    // Clue texts for a puzzle, from the clue database.
    ("clues", &["error", "files", "progress", "data", "grid", "wordlist", "puzzle"]),
    // The file formats, and bringing finished puzzles in.
    ("formats", &["error", "files", "progress", "data", "pattern", "grid", "puzzle"]),
    // The printable PDF (which carries the puzzle's .ipuz inside).
    ("typeset", &["error", "files", "progress", "data", "grid", "puzzle", "formats"]),
    // Drawing patterns to fill: the rules to draw under, seeded draws, and
    // drawing again until one fills (for `make` and the studio).
    ("draw", &["error", "files", "progress", "data", "pattern", "grid", "wordlist", "theme", "fill", "puzzle"]),
    // A pattern file filled in parallel, each fill exported.
    ("batch", &["error", "files", "progress", "data", "pattern", "grid", "wordlist", "fill", "puzzle", "formats"]),
    // The whole chain, pattern to PDF.
    ("make", &["error", "files", "progress", "data", "pattern", "grid", "wordlist", "theme", "fill", "puzzle", "clues", "formats", "typeset", "draw"]),
    // The related puzzles, each a chain of its own: word squares, placing a
    // word set, regex crosswords (own automata, no word list), number
    // crosswords (arithmetic clues over letters).
    ("puzzles", &["error", "files", "progress", "data", "pattern", "grid", "wordlist", "puzzle", "formats"]),
    // The constructor in the browser, over the stages (not `make`: it
    // shares the pattern drawing through `draw`).
    ("studio", &["error", "files", "progress", "data", "pattern", "grid", "wordlist", "theme", "fill", "puzzle", "clues", "formats", "typeset", "draw"]),
];

/// File-level import circles that exist today and are being broken; each is
/// the set of files of one circle. The test fails when a circle is not
/// listed and when a listed one no longer exists, so remove entries as the
/// circles go.
const KNOWN_CIRCLES: &[&[&str]] = &[];

// ---------------------------------------------------------------------------
// The crate as modules, names and references.

/// A module path below the crate root: `crate::fill::search` is
/// `["fill", "search"]`.
type ModPath = Vec<String>;

fn show(module: &[String]) -> String {
    if module.is_empty() {
        "crate".to_string()
    } else {
        format!("crate::{}", module.join("::"))
    }
}

/// One module's namespace, as far as resolving paths needs it.
#[derive(Default)]
struct Scope {
    /// The file the module is written in (inline modules share their file's).
    file: String,
    /// Names of the items defined here (functions, types, constants, macros…).
    items: BTreeSet<String>,
    /// Names of the modules declared here, in files or inline.
    children: BTreeSet<String>,
    /// Names brought in by `use`, and the path each stands for as written.
    bindings: BTreeMap<String, Vec<String>>,
    /// Paths of the glob imports (`use super::*`).
    globs: Vec<Vec<String>>,
}

#[derive(Debug, PartialEq)]
enum Kind {
    /// A leaf of a `use` tree; `reexport` when the `use` is `pub` (any
    /// `pub(…)`), `binding` the name it brings in (none for globs and `_`).
    Use {
        reexport: bool,
        binding: Option<String>,
    },
    /// A path of two or more segments written in code.
    Inline,
}

/// A path written in a file, before resolution.
struct Reference {
    file: String,
    line: usize,
    /// The module the path is written in (inline modules included).
    scope: ModPath,
    path: Vec<String>,
    /// The import as written: a `use` leaf with its prefix (`crate::a::c as
    /// d`, `super::*`) or the inline path.
    written: String,
    kind: Kind,
}

/// Where a path lands: in a module (which may be named further) or at an
/// item defined in a module.
#[derive(Debug, PartialEq)]
enum Place {
    Module(ModPath),
    Item(ModPath),
}

impl Place {
    fn module(&self) -> &ModPath {
        match self {
            Place::Module(m) | Place::Item(m) => m,
        }
    }
}

/// One crate (the library or the binary): its modules, and every path its
/// files write.
struct Crate {
    scopes: BTreeMap<ModPath, Scope>,
    /// Each file and the module it holds.
    files: BTreeMap<String, ModPath>,
    references: Vec<Reference>,
    /// Per file, the single names its code uses as paths (`fill(…)`,
    /// `Grid`), which tell whether a re-export is also used.
    names_used: BTreeMap<String, BTreeSet<String>>,
}

impl Crate {
    /// Reads the crate whose root is `root` (`src/lib.rs`), following its
    /// `mod` declarations; `read` gives a file's text.
    fn load(root: &str, read: &dyn Fn(&str) -> Option<String>) -> Crate {
        let mut krate = Crate {
            scopes: BTreeMap::new(),
            files: BTreeMap::new(),
            references: Vec::new(),
            names_used: BTreeMap::new(),
        };
        let dir = root.rsplit_once('/').map_or("", |(d, _)| d).to_string();
        let mut pending = vec![(root.to_string(), ModPath::new(), dir)];
        while let Some((file, module, dir)) = pending.pop() {
            let text = read(&file)
                .unwrap_or_else(|| panic!("{file}: declared as a module but unreadable"));
            let ast = syn::parse_file(&text)
                .unwrap_or_else(|e| panic!("{file}:{}: {e}", e.span().start().line));
            krate.files.insert(file.clone(), module.clone());
            krate.scopes.entry(module.clone()).or_default().file = file.clone();
            let mut collector = Collector {
                krate: &mut krate,
                file: file.clone(),
                scope: module,
                dir,
                blocks: 0,
                declared: Vec::new(),
            };
            collector.visit_file(&ast);
            for (child, dir) in collector.declared {
                let name = child.last().unwrap().clone();
                let flat = format!("{dir}/{name}.rs");
                let folder = format!("{dir}/{name}/mod.rs");
                let found = if read(&flat).is_some() { flat } else { folder };
                pending.push((found, child, format!("{dir}/{name}")));
            }
        }
        krate
    }

    /// What `name` means inside `scope`: a child module, a `use` binding
    /// (followed), an item defined there, or a name from a glob import.
    /// None for names from outside the crate (`std`, `Vec`).
    fn lookup(&self, scope: &ModPath, name: &str, depth: usize) -> Option<Place> {
        let here = self.scopes.get(scope)?;
        if here.children.contains(name) {
            let mut child = scope.clone();
            child.push(name.to_string());
            if self.scopes.contains_key(&child) {
                return Some(Place::Module(child));
            }
        }
        if let Some(path) = here.bindings.get(name) {
            return self.resolve(scope, path, depth + 1);
        }
        if here.items.contains(name) {
            return Some(Place::Item(scope.clone()));
        }
        for glob in &here.globs {
            if let Some(Place::Module(from)) = self.resolve(scope, glob, depth + 1) {
                if from != *scope {
                    if let Some(place) = self.lookup(&from, name, depth + 1) {
                        return Some(place);
                    }
                }
            }
        }
        None
    }

    /// Resolves `path` as written in `scope`; None when it leaves the crate.
    fn resolve(&self, scope: &ModPath, path: &[String], depth: usize) -> Option<Place> {
        // Re-exports that run in a ring would recurse for ever; the compiler
        // rejects them, so giving up is enough.
        if depth > 32 || path.is_empty() {
            return None;
        }
        let (mut place, rest) = match path[0].as_str() {
            "crate" => (Place::Module(ModPath::new()), &path[1..]),
            "self" | "super" => (Place::Module(scope.clone()), path),
            "Self" => return None,
            name => (self.lookup(scope, name, depth)?, &path[1..]),
        };
        for (i, segment) in rest.iter().enumerate() {
            let Place::Module(module) = &place else {
                break;
            };
            place = match segment.as_str() {
                "self" if i == 0 => continue,
                "super" => {
                    let mut parent = module.clone();
                    parent.pop()?;
                    Place::Module(parent)
                }
                name => self
                    .lookup(module, name, depth)
                    .unwrap_or_else(|| Place::Item(module.clone())),
            };
        }
        Some(place)
    }

    /// The module a reference names, if it is in this crate.
    fn target(&self, reference: &Reference) -> Option<ModPath> {
        self.resolve(&reference.scope, &reference.path, 0)
            .map(|place| place.module().clone())
    }

    fn file_of(&self, module: &ModPath) -> &str {
        &self.scopes[module].file
    }
}

/// Walks one file's syntax tree, filling in its crate's scopes and
/// references.
struct Collector<'a> {
    krate: &'a mut Crate,
    file: String,
    scope: ModPath,
    /// The folder that files of modules declared here live in.
    dir: String,
    /// How deep inside function bodies (items there are not module items).
    blocks: usize,
    /// Modules declared here with their own files, and their folders.
    declared: Vec<(ModPath, String)>,
}

impl Collector<'_> {
    fn here(&mut self) -> &mut Scope {
        self.krate.scopes.get_mut(&self.scope).unwrap()
    }

    fn refer(&mut self, path: Vec<String>, written: String, line: usize, kind: Kind) {
        self.krate.references.push(Reference {
            file: self.file.clone(),
            line,
            scope: self.scope.clone(),
            path,
            written,
            kind,
        });
    }

    fn name_used(&mut self, name: String) {
        self.krate
            .names_used
            .entry(self.file.clone())
            .or_default()
            .insert(name);
    }

    /// The paths inside a macro call: `a::b` sequences in its tokens, at
    /// any depth; strings and comments are already single tokens or gone.
    fn scan(&mut self, tokens: TokenStream) {
        let tokens: Vec<TokenTree> = tokens.into_iter().collect();
        let is_colons = |i: usize| {
            matches!((tokens.get(i), tokens.get(i + 1)),
                (Some(TokenTree::Punct(a)), Some(TokenTree::Punct(b)))
                    if a.as_char() == ':' && a.spacing() == Spacing::Joint && b.as_char() == ':')
        };
        let mut i = 0;
        while i < tokens.len() {
            match &tokens[i] {
                TokenTree::Group(group) => self.scan(group.stream()),
                TokenTree::Ident(first) => {
                    // `x.name` is a field or method and `::name` starts
                    // outside the crate.
                    let after_dot = i > 0
                        && matches!(&tokens[i - 1], TokenTree::Punct(p) if p.as_char() == '.');
                    let after_colons = i >= 2 && is_colons(i - 2);
                    let mut path = vec![first.to_string()];
                    while is_colons(i + 1) {
                        match tokens.get(i + 3) {
                            Some(TokenTree::Ident(next)) => {
                                path.push(next.to_string());
                                i += 3;
                            }
                            _ => break,
                        }
                    }
                    if !(after_dot || after_colons) {
                        if path.len() == 1 {
                            self.name_used(path.remove(0));
                        } else {
                            let line = first.span().start().line;
                            self.refer(path.clone(), path.join("::"), line, Kind::Inline);
                        }
                    }
                }
                _ => {}
            }
            i += 1;
        }
    }
}

/// One leaf of a `use` tree.
struct Leaf {
    path: Vec<String>,
    binding: Option<String>,
    glob: bool,
    written: String,
    line: usize,
}

/// The leaves of a `use` tree, each with its whole path: `crate::{a::{b, c
/// as d}, e::*}` is `crate::a::b`, `crate::a::c as d` and `crate::e::*`.
fn leaves(tree: &syn::UseTree, prefix: &mut Vec<String>, out: &mut Vec<Leaf>) {
    let joined = |prefix: &[String], last: &str| {
        let mut all = prefix.to_vec();
        all.push(last.to_string());
        all.join("::")
    };
    match tree {
        syn::UseTree::Path(p) => {
            prefix.push(p.ident.to_string());
            leaves(&p.tree, prefix, out);
            prefix.pop();
        }
        syn::UseTree::Group(g) => {
            for item in &g.items {
                leaves(item, prefix, out);
            }
        }
        syn::UseTree::Glob(g) => out.push(Leaf {
            path: prefix.clone(),
            binding: None,
            glob: true,
            written: joined(prefix, "*"),
            line: g.star_token.span.start().line,
        }),
        syn::UseTree::Name(_) | syn::UseTree::Rename(_) => {
            let (ident, rename) = match tree {
                syn::UseTree::Rename(r) => (&r.ident, Some(&r.rename)),
                syn::UseTree::Name(n) => (&n.ident, None),
                _ => unreachable!(),
            };
            let name = ident.to_string();
            let mut path = prefix.clone();
            // `use a::b::{self}` names the module `a::b` itself.
            if name != "self" {
                path.push(name.clone());
            }
            let mut written = joined(prefix, &name);
            let binding = match rename {
                Some(rename) => {
                    written = format!("{written} as {rename}");
                    Some(rename.to_string()).filter(|r| r != "_")
                }
                None => path.last().cloned(),
            };
            out.push(Leaf {
                path,
                binding,
                glob: false,
                written,
                line: ident.span().start().line,
            });
        }
    }
}

impl<'ast> Visit<'ast> for Collector<'_> {
    fn visit_item(&mut self, item: &'ast syn::Item) {
        let name = match item {
            syn::Item::Const(i) => Some(&i.ident),
            syn::Item::Enum(i) => Some(&i.ident),
            syn::Item::Fn(i) => Some(&i.sig.ident),
            syn::Item::Macro(i) => i.ident.as_ref(),
            syn::Item::Static(i) => Some(&i.ident),
            syn::Item::Struct(i) => Some(&i.ident),
            syn::Item::Trait(i) => Some(&i.ident),
            syn::Item::TraitAlias(i) => Some(&i.ident),
            syn::Item::Type(i) => Some(&i.ident),
            syn::Item::Union(i) => Some(&i.ident),
            _ => None,
        };
        if let (Some(name), 0) = (name, self.blocks) {
            let name = name.to_string();
            self.here().items.insert(name);
        }
        visit::visit_item(self, item);
    }

    fn visit_item_mod(&mut self, item: &'ast syn::ItemMod) {
        let name = item.ident.to_string();
        self.here().children.insert(name.clone());
        let mut child = self.scope.clone();
        child.push(name.clone());
        match &item.content {
            None => self.declared.push((child, self.dir.clone())),
            Some((_, items)) => {
                let file = self.file.clone();
                self.krate.scopes.entry(child.clone()).or_default().file = file;
                let outer = std::mem::replace(&mut self.scope, child);
                let outer_dir = self.dir.clone();
                self.dir = format!("{}/{name}", self.dir);
                for inner in items {
                    self.visit_item(inner);
                }
                self.scope = outer;
                self.dir = outer_dir;
            }
        }
    }

    fn visit_item_use(&mut self, item: &'ast syn::ItemUse) {
        if item.leading_colon.is_some() {
            return; // `use ::name` is always another crate
        }
        let reexport = !matches!(item.vis, syn::Visibility::Inherited);
        let mut found = Vec::new();
        leaves(&item.tree, &mut Vec::new(), &mut found);
        for leaf in found {
            let scope = self.krate.scopes.get_mut(&self.scope).unwrap();
            if leaf.glob {
                scope.globs.push(leaf.path.clone());
            } else if let Some(name) = &leaf.binding {
                // A `use` inside a function is local to it: it may not
                // shadow the module's own names.
                if self.blocks == 0 || !scope.bindings.contains_key(name) {
                    scope.bindings.insert(name.clone(), leaf.path.clone());
                }
            }
            let kind = Kind::Use {
                reexport,
                binding: leaf.binding,
            };
            self.refer(leaf.path, leaf.written, leaf.line, kind);
        }
    }

    fn visit_block(&mut self, block: &'ast syn::Block) {
        self.blocks += 1;
        visit::visit_block(self, block);
        self.blocks -= 1;
    }

    fn visit_path(&mut self, path: &'ast syn::Path) {
        if path.leading_colon.is_none() {
            let mut names: Vec<String> =
                path.segments.iter().map(|s| s.ident.to_string()).collect();
            if names.len() == 1 {
                self.name_used(names.remove(0));
            } else {
                let line = path.segments[0].ident.span().start().line;
                self.refer(names.clone(), names.join("::"), line, Kind::Inline);
            }
        }
        visit::visit_path(self, path);
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        self.visit_path(&mac.path);
        self.scan(mac.tokens.clone());
    }

    // `pub(in crate::x)` and attributes (docs among them) name no imports.
    fn visit_visibility(&mut self, _: &'ast syn::Visibility) {}
    fn visit_attribute(&mut self, _: &'ast syn::Attribute) {}
}

// ---------------------------------------------------------------------------
// The two crates of this package, and the edges between files.

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read_source(file: &str) -> Option<String> {
    fs::read_to_string(root().join(file)).ok()
}

fn library() -> Crate {
    Crate::load("src/lib.rs", &read_source)
}

fn binary() -> Crate {
    Crate::load("src/main.rs", &read_source)
}

/// Every `.rs` file under `dir`, relative to the package root.
fn sources(dir: &Path) -> Vec<String> {
    let mut found = Vec::new();
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            found.extend(sources(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            let rel = path.strip_prefix(root()).unwrap();
            found.push(rel.to_str().unwrap().replace('\\', "/"));
        }
    }
    found.sort();
    found
}

/// One import from a file to another file of the same crate.
struct Edge<'a> {
    reference: &'a Reference,
    target: ModPath,
}

/// The references of `krate` that name another file, as edges (the rule
/// for re-exports is in the module doc).
fn file_edges(krate: &Crate) -> Vec<Edge<'_>> {
    let mut edges = Vec::new();
    for reference in &krate.references {
        let Some(target) = krate.target(reference) else {
            continue;
        };
        if krate.file_of(&target) == reference.file {
            continue;
        }
        if let Kind::Use {
            reexport: true,
            binding,
        } = &reference.kind
        {
            let own = &krate.files[&reference.file];
            let below = target.len() > own.len() && target.starts_with(own);
            let used = binding.as_ref().is_some_and(|b| {
                krate
                    .names_used
                    .get(&reference.file)
                    .is_some_and(|n| n.contains(b))
            });
            if below && !used {
                continue;
            }
        }
        edges.push(Edge { reference, target });
    }
    edges
}

/// Each reference of `krate` that leaves its file, with the top-level module
/// it is written in and the one it names.
fn crossings(krate: &Crate) -> Vec<(String, String, Edge<'_>)> {
    file_edges(krate)
        .into_iter()
        .filter_map(|edge| {
            let from = krate.files[&edge.reference.file].first()?.clone();
            let to = edge
                .target
                .first()
                .cloned()
                .unwrap_or_else(|| "crate".to_string());
            (from != to).then_some((from, to, edge))
        })
        .collect()
}

fn allowed(module: &str) -> Option<&'static [&'static str]> {
    ALLOWED.iter().find(|(m, _)| *m == module).map(|(_, a)| *a)
}

/// The strongly connected components of more than one file: each is one
/// circle (or several sharing files), as the sorted list of its files.
fn circles(edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    struct Tarjan<'a> {
        edges: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on_stack: BTreeSet<&'a str>,
        found: Vec<Vec<String>>,
    }
    impl<'a> Tarjan<'a> {
        fn visit(&mut self, node: &'a str) {
            let n = self.index.len();
            self.index.insert(node, n);
            self.low.insert(node, n);
            self.stack.push(node);
            self.on_stack.insert(node);
            for next in self.edges.get(node).into_iter().flatten() {
                let next = next.as_str();
                if !self.index.contains_key(next) {
                    self.visit(next);
                    self.low.insert(node, self.low[node].min(self.low[next]));
                } else if self.on_stack.contains(next) {
                    self.low.insert(node, self.low[node].min(self.index[next]));
                }
            }
            if self.low[node] == self.index[node] {
                let mut component = Vec::new();
                while let Some(top) = self.stack.pop() {
                    self.on_stack.remove(top);
                    component.push(top.to_string());
                    if top == node {
                        break;
                    }
                }
                if component.len() > 1 {
                    component.sort();
                    self.found.push(component);
                }
            }
        }
    }
    let mut tarjan = Tarjan {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        found: Vec::new(),
    };
    for node in edges.keys() {
        if !tarjan.index.contains_key(node.as_str()) {
            tarjan.visit(node);
        }
    }
    tarjan.found.sort();
    tarjan.found
}

// ---------------------------------------------------------------------------
// The checks.

#[test]
fn every_source_file_is_a_module_of_the_library_or_the_binary() {
    let (lib, bin) = (library(), binary());
    let mut wrong = Vec::new();
    for file in sources(&root().join("src")) {
        let owners = [&lib, &bin]
            .iter()
            .filter(|k| k.files.contains_key(&file))
            .count();
        if owners != 1 {
            wrong.push(format!("{file} belongs to {owners} crates"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_table_has_one_row_per_library_module() {
    let declared = library().scopes[&ModPath::new()].children.clone();
    let rows: Vec<String> = ALLOWED.iter().map(|(m, _)| m.to_string()).collect();
    let unique: BTreeSet<String> = rows.iter().cloned().collect();
    assert_eq!(unique.len(), rows.len(), "a module has two rows");
    assert_eq!(
        declared, unique,
        "lib.rs's modules (left) against the table's rows (right)"
    );
}

#[test]
fn the_table_runs_one_way() {
    // A row names only rows above it: no module may use itself, one above
    // it, or one in a circle, so no allowed import runs back up.
    let mut wrong = Vec::new();
    for (i, (module, uses)) in ALLOWED.iter().enumerate() {
        let below: Vec<&str> = ALLOWED[..i].iter().map(|(m, _)| *m).collect();
        for used in *uses {
            if !below.contains(used) {
                wrong.push(format!(
                    "{module} may use {used}, which is not above it in the table"
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn every_module_imports_only_what_the_table_allows() {
    let lib = library();
    let mut wrong = Vec::new();
    for (from, to, edge) in crossings(&lib) {
        let may = allowed(&from).unwrap_or_else(|| panic!("{from} has no row in ALLOWED"));
        if !may.contains(&to.as_str()) {
            let r = edge.reference;
            wrong.push(format!(
                "{}:{}: `{}` names {} ({}); {from} may use only: {}",
                r.file,
                r.line,
                r.written,
                show(&edge.target),
                lib.file_of(&edge.target),
                may.join(", ")
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "imports the table does not allow:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn no_file_level_import_circles_but_the_known_ones() {
    let crates = [library(), binary()];
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut why: BTreeMap<(String, String), Vec<String>> = BTreeMap::new();
    for krate in &crates {
        for edge in file_edges(krate) {
            let (from, to) = (
                edge.reference.file.clone(),
                krate.file_of(&edge.target).to_string(),
            );
            graph.entry(from.clone()).or_default().insert(to.clone());
            why.entry((from, to)).or_default().push(format!(
                "{} `{}`",
                edge.reference.line, edge.reference.written
            ));
        }
    }
    let found = circles(&graph);
    let known: Vec<Vec<String>> = KNOWN_CIRCLES
        .iter()
        .map(|c| {
            let mut files: Vec<String> = c.iter().map(|f| f.to_string()).collect();
            files.sort();
            files
        })
        .collect();
    let mut wrong = Vec::new();
    for circle in found.iter().filter(|c| !known.contains(c)) {
        wrong.push(format!(
            "a circle not in KNOWN_CIRCLES: {}",
            circle.join(" ↔ ")
        ));
        for ((from, to), lines) in &why {
            if circle.contains(from) && circle.contains(to) {
                wrong.push(format!("  {from} → {to}: line {}", lines.join(", line ")));
            }
        }
    }
    for circle in known.iter().filter(|c| !found.contains(c)) {
        wrong.push(format!(
            "KNOWN_CIRCLES lists {}, which is not (or no longer) a circle: update the list",
            circle.join(" ↔ ")
        ));
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_library_never_prints_or_draws() {
    let mut wrong = Vec::new();
    for file in library().files.keys() {
        let text = read_source(file).unwrap();
        for needle in [
            "println!",
            "print!(",
            "eprint",
            "indicatif",
            "std::process::exit",
        ] {
            if text.contains(needle) {
                wrong.push(format!("{file}: {needle}"));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn main_only_dispatches() {
    let src = root().join("src");
    let main = fs::read_to_string(src.join("main.rs")).unwrap();
    assert!(
        main.lines().count() <= 60,
        "main.rs has grown past dispatch"
    );
    // One module per subcommand, each with the same entry point.
    let cli = src.join("cli");
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

// ---------------------------------------------------------------------------
// The reader itself, on small crates held in memory.

fn crate_of(files: &[(&str, &str)]) -> Crate {
    let files: BTreeMap<String, String> = files
        .iter()
        .map(|(name, text)| (name.to_string(), text.to_string()))
        .collect();
    Crate::load("src/lib.rs", &|file| files.get(file).cloned())
}

/// What `file` writes that lands in the crate: each import as written and
/// the module it names.
fn named(krate: &Crate, file: &str) -> Vec<(String, String)> {
    krate
        .references
        .iter()
        .filter(|r| r.file == file)
        .filter_map(|r| Some((r.written.clone(), show(&krate.target(r)?))))
        .collect()
}

fn pairs(expected: &[(&str, &str)]) -> Vec<(String, String)> {
    expected
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect()
}

#[test]
fn reader_flattens_nested_groups_renames_and_globs() {
    let krate = crate_of(&[
        ("src/lib.rs", "mod a; mod e; mod user;"),
        ("src/a.rs", "pub fn b() {} pub struct c;"),
        ("src/e.rs", "pub fn f() {}"),
        ("src/user.rs", "use crate::{a::{b, c as d}, e::*};"),
    ]);
    assert_eq!(
        named(&krate, "src/user.rs"),
        pairs(&[
            ("crate::a::b", "crate::a"),
            ("crate::a::c as d", "crate::a"),
            ("crate::e::*", "crate::e"),
        ])
    );
    let user = &krate.scopes[&vec!["user".to_string()]];
    assert_eq!(user.bindings["d"], ["crate", "a", "c"]);
    assert!(!user.bindings.contains_key("c"));
}

#[test]
fn reader_resolves_self_super_and_super_super() {
    let krate = crate_of(&[
        ("src/lib.rs", "pub mod fill; pub mod grid;"),
        ("src/grid.rs", "pub struct Grid;"),
        ("src/fill/mod.rs", "mod search; pub struct Options;"),
        (
            "src/fill/search.rs",
            "use super::super::grid::Grid as G;
             use crate::fill::{self};
             mod inner {
                 use super::super::Options;
                 use self::deeper::X;
                 mod deeper { pub struct X; }
                 fn f() -> super::super::super::grid::Grid { todo!() }
             }",
        ),
    ]);
    assert_eq!(
        named(&krate, "src/fill/search.rs"),
        pairs(&[
            ("super::super::grid::Grid as G", "crate::grid"),
            ("crate::fill::self", "crate::fill"),
            ("super::super::Options", "crate::fill"),
            ("self::deeper::X", "crate::fill::search::inner::deeper"),
            ("super::super::super::grid::Grid", "crate::grid"),
        ])
    );
    // An inline module lives in its file.
    assert_eq!(
        krate.file_of(&vec!["fill".into(), "search".into(), "inner".into()]),
        "src/fill/search.rs"
    );
}

#[test]
fn reader_sees_paths_in_code_but_not_in_comments_or_strings() {
    let krate = crate_of(&[
        ("src/lib.rs", "mod a; mod e; mod user;"),
        ("src/a.rs", "pub fn x() {}"),
        ("src/e.rs", "pub fn f() {} pub struct T;"),
        (
            "src/user.rs",
            r##"
            //! Module doc naming crate::a::x.
            // A line comment: crate::a::x
            /* A block comment /* nested: crate::a::x */ still crate::a::x */
            /// A doc comment: [`crate::a::x`].
            fn g<'a>(_: &'a str, _: Vec<crate::e::T>) -> char {
                let _ = r#"raw "crate::a::x" "#;
                let _ = b"crate::a::x";
                let _ = br#"crate::a::x"#;
                let _ = "crate::a::x";
                let _ = format!("{} crate::a::x", crate::e::f());
                let _ = ::std::vec![e::f(), self::g as usize];
                thread_local! { static X: crate::e::T = crate::e::T; }
                let c = 'c';
                let _ = '"'; let _ = crate::e::f();
                c
            }
            "##,
        ),
    ]);
    assert_eq!(
        named(&krate, "src/user.rs"),
        pairs(&[
            ("crate::e::T", "crate::e"),
            ("crate::e::f", "crate::e"),
            ("self::g", "crate::user"),
            ("crate::e::T", "crate::e"),
            ("crate::e::T", "crate::e"),
            ("crate::e::f", "crate::e"),
        ])
    );
}

#[test]
fn reader_follows_reexports_and_names_bound_by_use() {
    let krate = crate_of(&[
        (
            "src/lib.rs",
            "pub mod error; pub mod fill; mod user; pub use error::{Error, Result as R};",
        ),
        ("src/error.rs", "pub struct Error; pub type Result<T> = T;"),
        ("src/fill/mod.rs", "mod search; pub use search::*;"),
        ("src/fill/search.rs", "pub fn fill() {}"),
        (
            "src/user.rs",
            "use crate::Error; use crate::fill as f;
             fn g() -> crate::R<()> { f::fill(); f::search::fill() }",
        ),
    ]);
    assert_eq!(
        named(&krate, "src/user.rs"),
        pairs(&[
            ("crate::Error", "crate::error"),
            ("crate::fill as f", "crate::fill"),
            ("crate::R", "crate::error"),
            ("f::fill", "crate::fill::search"),
            ("f::search::fill", "crate::fill::search"),
        ])
    );
}

#[test]
fn a_parent_reexporting_its_child_is_no_circle_but_a_parent_using_it_is() {
    let graph = |parent: &str| {
        let krate = crate_of(&[
            ("src/lib.rs", "mod fill;"),
            ("src/fill/mod.rs", parent),
            (
                "src/fill/search.rs",
                "use super::Options; pub fn fill(_: Options) {}",
            ),
        ]);
        let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for edge in file_edges(&krate) {
            graph
                .entry(edge.reference.file.clone())
                .or_default()
                .insert(krate.file_of(&edge.target).to_string());
        }
        circles(&graph)
    };
    let front_door = "mod search; pub use search::fill; pub struct Options;";
    assert!(graph(front_door).is_empty());
    let using = "mod search; pub use search::fill; pub struct Options;
                 pub fn run() { fill(Options) }";
    let circle = vec![vec![
        "src/fill/mod.rs".to_string(),
        "src/fill/search.rs".to_string(),
    ]];
    assert_eq!(graph(using), circle);
    let private = "mod search; use search::fill; pub struct Options;";
    assert_eq!(graph(private), circle);
    let inline = "mod search; pub struct Options; pub fn run() { search::fill(Options) }";
    assert_eq!(graph(inline), circle);
}

#[test]
fn circles_are_found_through_any_number_of_files() {
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (from, to) in [("a", "b"), ("b", "c"), ("c", "a"), ("d", "a"), ("e", "f")] {
        graph.entry(from.into()).or_default().insert(to.into());
    }
    assert_eq!(circles(&graph), [["a", "b", "c"]]);
}
