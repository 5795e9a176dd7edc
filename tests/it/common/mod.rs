//! Test support: an independent rule checker and CLI helpers.
//!
//! The checker reads each rule's definition cell by cell, sharing no code with
//! the bit-parallel search, so that agreement between the two means something.
#![allow(dead_code)]

pub mod python;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use cruciverb::pattern::rules::{Rules, Symmetry};
use cruciverb::pattern::Pattern;

pub fn white(p: &Pattern, r: isize, c: isize) -> bool {
    r >= 0
        && c >= 0
        && (r as usize) < p.height()
        && (c as usize) < p.width()
        && p.is_white(r as usize, c as usize)
}

/// Maximal runs of cells with colour `want` along every row and column.
fn runs(p: &Pattern, want: bool) -> Vec<usize> {
    let (h, w) = (p.height() as isize, p.width() as isize);
    let mut out = Vec::new();
    let mut scan = |cells: Vec<bool>| {
        let mut len = 0;
        for cell in cells.into_iter().chain([!want]) {
            if cell == want {
                len += 1;
            } else if len > 0 {
                out.push(len);
                len = 0;
            }
        }
    };
    for r in 0..h {
        scan((0..w).map(|c| white(p, r, c)).collect());
    }
    for c in 0..w {
        scan((0..h).map(|r| white(p, r, c)).collect());
    }
    out
}

pub fn words(p: &Pattern) -> usize {
    runs(p, true).into_iter().filter(|&l| l >= 2).count()
}

fn flipped(p: &Pattern, row: usize, col: usize) -> Pattern {
    let mut rows = p.rows().to_vec();
    rows[row] ^= 1 << col;
    Pattern::from_rows(p.width(), p.height(), rows).unwrap()
}

fn connected(p: &Pattern) -> bool {
    let (h, w) = (p.height(), p.width());
    let cells: Vec<(usize, usize)> = (0..h)
        .flat_map(|r| (0..w).map(move |c| (r, c)))
        .filter(|&(r, c)| p.is_white(r, c))
        .collect();
    let Some(&start) = cells.first() else {
        return false;
    };
    let mut seen = vec![vec![false; w]; h];
    let mut stack = vec![start];
    seen[start.0][start.1] = true;
    let mut count = 0;
    while let Some((r, c)) = stack.pop() {
        count += 1;
        for (dr, dc) in [(0isize, 1isize), (0, -1), (1, 0), (-1, 0)] {
            let (nr, nc) = (r as isize + dr, c as isize + dc);
            if white(p, nr, nc) && !seen[nr as usize][nc as usize] {
                seen[nr as usize][nc as usize] = true;
                stack.push((nr as usize, nc as usize));
            }
        }
    }
    count == cells.len()
}

/// Every rule of `rules` that `p` breaks, by name (empty: the pattern is legal).
pub fn violations(p: &Pattern, rules: &Rules) -> Vec<String> {
    let (h, w) = (p.height() as isize, p.width() as isize);
    let mut bad = Vec::new();
    let all = || (0..h).flat_map(move |r| (0..w).map(move |c| (r, c)));
    let symmetric = |f: &dyn Fn(isize, isize) -> (isize, isize)| {
        all().all(|(r, c)| {
            let (r2, c2) = f(r, c);
            white(p, r, c) == white(p, r2, c2)
        })
    };
    let sym_ok = match rules.symmetry {
        Symmetry::None => true,
        Symmetry::Rotational => symmetric(&|r, c| (h - 1 - r, w - 1 - c)),
        Symmetry::Mirror => symmetric(&|r, c| (r, w - 1 - c)),
        Symmetry::FourFold => {
            symmetric(&|r, c| (r, w - 1 - c)) && symmetric(&|r, c| (h - 1 - r, c))
        }
    };
    if !sym_ok {
        bad.push("symmetry".into());
    }
    for len in runs(p, true) {
        let ok = (len == 1 && rules.allow_unchecked)
            || (len >= rules.min_word && rules.max_word.is_none_or(|m| len <= m));
        if !ok {
            bad.push(format!("white run of {len}"));
        }
    }
    if let Some(m) = rules.max_black_run {
        if runs(p, false).into_iter().any(|l| l > m) {
            bad.push("black run too long".into());
        }
    }
    let square = |colour: bool| {
        all().any(|(r, c)| {
            [(0, 0), (0, 1), (1, 0), (1, 1)]
                .iter()
                .all(|&(dr, dc)| r + dr < h && c + dc < w && white(p, r + dr, c + dc) == colour)
        })
    };
    if rules.no_white_2x2 && square(true) {
        bad.push("white 2x2".into());
    }
    if rules.no_black_2x2 && square(false) {
        bad.push("black 2x2".into());
    }
    if rules.no_isolated_white
        && all().any(|(r, c)| {
            white(p, r, c)
                && ![(0, 1), (0, -1), (1, 0), (-1, 0)]
                    .iter()
                    .any(|&(dr, dc)| white(p, r + dr, c + dc))
        })
    {
        bad.push("isolated white cell".into());
    }
    if p.white_count() == 0 {
        bad.push("no white cell".into());
    }
    if rules.connected && !connected(p) {
        bad.push("disconnected".into());
    }
    if !rules.allow_black_edges {
        let row_white = |r: isize| (0..w).any(|c| white(p, r, c));
        let col_white = |c: isize| (0..h).any(|r| white(p, r, c));
        if !row_white(0) || !row_white(h - 1) || !col_white(0) || !col_white(w - 1) {
            bad.push("black edge".into());
        }
    }
    let cells = (h * w) as usize;
    if let Some(b) = rules.blacks {
        let (lo, hi) = b.resolve(cells);
        if !(lo..=hi).contains(&p.black_count()) {
            bad.push("black count".into());
        }
    }
    let n_words = words(p);
    if let Some(b) = rules.words {
        let (lo, hi) = b.resolve(cells);
        if !(lo..=hi).contains(&n_words) {
            bad.push("word count".into());
        }
    }
    if let Some(m) = rules.max_three_letter {
        if runs(p, true).into_iter().filter(|&l| l == 3).count() > m {
            bad.push("too many 3-letter words".into());
        }
    }
    if rules.lattice {
        // Read from the conventions themselves. Lights run only along even
        // rows and columns (counted from 0), as every (odd, odd) cell is
        // black; where two such lines meet is a crossing, white and in a
        // light both ways (strict form), or else black (with `lattice_ends`).
        // Every white cell is in a light; a light's checked cells are those
        // in a light the other way too, and every light has at least half
        // its cells checked and no two unchecked cells side by side.
        let runs_through = |r: isize, c: isize, dr: isize, dc: isize| {
            white(p, r, c) && (white(p, r + dr, c + dc) || white(p, r - dr, c - dc))
        };
        let broken = all().any(|(r, c)| match (r % 2, c % 2) {
            (0, 0) if !white(p, r, c) => !rules.lattice_ends,
            (0, 0) => !(runs_through(r, c, 0, 1) && runs_through(r, c, 1, 0)),
            (1, 1) => white(p, r, c),
            _ => false,
        });
        if broken {
            bad.push("checking lattice".into());
        }
        if all()
            .any(|(r, c)| white(p, r, c) && !runs_through(r, c, 0, 1) && !runs_through(r, c, 1, 0))
        {
            bad.push("white cell in no light".into());
        }
        // Every light, across (step (0, 1)) then down (step (1, 0)).
        for (dr, dc) in [(0isize, 1isize), (1, 0)] {
            let (lines, along) = if dr == 0 { (h, w) } else { (w, h) };
            let at = |line: isize, i: isize| if dr == 0 { (line, i) } else { (i, line) };
            for line in 0..lines {
                let mut i = 0;
                while i < along {
                    let start = i;
                    while i < along && {
                        let (r, c) = at(line, i);
                        white(p, r, c)
                    } {
                        i += 1;
                    }
                    if i - start >= 2 {
                        let checked: Vec<bool> = (start..i)
                            .map(|k| {
                                let (r, c) = at(line, k);
                                runs_through(r, c, dc, dr)
                            })
                            .collect();
                        let n = checked.iter().filter(|&&x| x).count();
                        if 2 * n < checked.len() {
                            bad.push("light less than half checked".into());
                        }
                        if checked.windows(2).any(|pair| !pair[0] && !pair[1]) {
                            bad.push("unchecked cells side by side".into());
                        }
                    }
                    i += 1;
                }
            }
        }
    }
    if rules.no_cheaters
        && all()
            .any(|(r, c)| !white(p, r, c) && words(&flipped(p, r as usize, c as usize)) == n_words)
    {
        bad.push("cheater square".into());
    }
    bad
}

/// The images of cell (r, c) under `symmetry`, itself first, always in the
/// same order of transformations.
pub fn cell_images(
    symmetry: Symmetry,
    width: usize,
    height: usize,
    (r, c): (usize, usize),
) -> Vec<(usize, usize)> {
    let (h, w) = (height, width);
    match symmetry {
        Symmetry::None => vec![(r, c)],
        Symmetry::Rotational => vec![(r, c), (h - 1 - r, w - 1 - c)],
        Symmetry::Mirror => vec![(r, c), (r, w - 1 - c)],
        Symmetry::FourFold => vec![
            (r, c),
            (r, w - 1 - c),
            (h - 1 - r, c),
            (h - 1 - r, w - 1 - c),
        ],
    }
}

/// Every pattern of the size that obeys `rules`, by brute force over the
/// cells the symmetry leaves free. Keep sizes small. Under the checking
/// lattice, orbits of (odd, odd) cells are left black: [`violations`]
/// turns down every pattern with one white, so only the time changes.
pub fn brute_force(width: usize, height: usize, rules: &Rules) -> Vec<Pattern> {
    let image = |r: usize, c: usize| cell_images(rules.symmetry, width, height, (r, c));
    let lattice_block = |cells: &[(usize, usize)]| {
        rules.lattice && cells.iter().all(|&(r, c)| r % 2 == 1 && c % 2 == 1)
    };
    // One representative per orbit: the smallest cell of its orbit.
    let mut orbits = Vec::new();
    for r in 0..height {
        for c in 0..width {
            let orbit = image(r, c);
            if orbit.iter().all(|&cell| (r, c) <= cell) && !lattice_block(&orbit) {
                orbits.push(orbit);
            }
        }
    }
    assert!(orbits.len() <= 22, "too many free cells for brute force");
    let mut found = Vec::new();
    for bits in 0u32..1 << orbits.len() {
        let mut rows = vec![0u32; height];
        for (i, orbit) in orbits.iter().enumerate() {
            if bits >> i & 1 == 1 {
                for &(r, c) in orbit {
                    rows[r] |= 1 << c;
                }
            }
        }
        let p = Pattern::from_rows(width, height, rows).unwrap();
        if violations(&p, rules).is_empty() {
            found.push(p);
        }
    }
    found.sort();
    found
}

pub fn bin() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_cruciverb"))
}

pub fn run(args: &[&str]) -> Output {
    run_env(args, &[])
}

/// Runs the binary with `env` added. The index cache goes to a directory
/// of the build's own (unless `env` names another), never the user's.
pub fn run_env(args: &[&str], env: &[(&str, &str)]) -> Output {
    let cache = Path::new(env!("CARGO_TARGET_TMPDIR")).join("index-cache");
    Command::new(bin())
        .args(args)
        .env("CRUCIVERB_CACHE_DIR", cache)
        .envs(env.iter().copied())
        .output()
        .expect("run cruciverb")
}

/// Runs `args` with checkpoints after every unit and the crash hook set to
/// abort after `crash_at` patterns, as kill -9 would.
pub fn run_until_crash(args: &[&str], crash_at: &str) -> Output {
    run_env(
        args,
        &[
            ("CRUCIVERB_CHECKPOINT_MS", "0"),
            ("CRUCIVERB_CRASH_AFTER", crash_at),
        ],
    )
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A fresh scratch directory for one test, removed when dropped.
pub struct ScratchDir(PathBuf);

impl ScratchDir {
    pub fn join(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }
}

impl Drop for ScratchDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

pub fn scratch(name: &str) -> ScratchDir {
    // Unique per call too: every test of the binary shares the process id.
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir =
        std::env::temp_dir().join(format!("cruciverb-test-{}-{n}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    ScratchDir(dir)
}

pub fn data(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(rel)
}

/// A puzzle file from `tests/data/puzzles/`, by stem.
pub fn puzzle_path(name: &str) -> PathBuf {
    data(&format!("puzzles/{name}.ipuz"))
}

/// A puzzle from `tests/data/puzzles/`, read by our ipuz reader.
pub fn fixture(name: &str) -> cruciverb::puzzle::Puzzle {
    cruciverb::formats::ipuz::load(&puzzle_path(name)).unwrap()
}

/// `puzzle` as `.puz` and `.xd` read it back. They have no field for an
/// enumeration and end the clue text with it, so a clue without one whose
/// text ends in its answer's length, `(5)` on a five-letter answer, cannot
/// be told from one with it: it comes back with the enumeration `5`. The
/// british15 fixture's clues all end in `(5)`, so its five-letter ones do.
pub fn as_read_from_clue_text(mut puzzle: cruciverb::puzzle::Puzzle) -> cruciverb::puzzle::Puzzle {
    for clue in &mut puzzle.clues {
        let length = clue.answer.len().to_string();
        let suffix = format!(" ({length})");
        if clue.enumeration.is_empty() && clue.text.ends_with(&suffix) {
            clue.text.truncate(clue.text.len() - suffix.len());
            clue.enumeration = length;
        }
    }
    puzzle
}

/// A grid file from `tests/data/grids/`.
/// Whether `text` is one of the embedded database's clues for `answer`
/// (British puzzles respell them, so respelled ones count too).
pub fn is_database_clue(answer: &str, text: &str) -> bool {
    cruciverb::clues::database()
        .clues(answer)
        .iter()
        .any(|c| c.text == text || cruciverb::wordlist::dialect::respell(c.text) == text)
}

pub fn grid_file(name: &str) -> cruciverb::grid::Grid {
    let text = std::fs::read_to_string(data(&format!("grids/{name}"))).unwrap();
    cruciverb::grid::Grid::parse_text(&text, name).unwrap()
}

/// Pattern lines of a pattern file's text (comments dropped).
pub fn pattern_lines(text: &str) -> Vec<String> {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(str::to_string)
        .collect()
}

/// Words of the grid's runs of 2+ cells, read straight off the cells.
pub fn grid_words(grid: &cruciverb::grid::Grid) -> Vec<String> {
    let mut out = Vec::new();
    let mut scan = |cells: Vec<cruciverb::grid::Cell>| {
        for piece in cells.split(|c| *c == cruciverb::grid::Cell::Block) {
            if piece.len() >= 2 {
                out.push(
                    piece
                        .iter()
                        .map(|c| match c {
                            cruciverb::grid::Cell::Letter(b) => *b as char,
                            _ => '?',
                        })
                        .collect(),
                );
            }
        }
    };
    for r in 0..grid.height() {
        scan((0..grid.width()).map(|c| grid.get(r, c)).collect());
    }
    for c in 0..grid.width() {
        scan((0..grid.height()).map(|r| grid.get(r, c)).collect());
    }
    out
}

/// A fill is valid when every cell of the pattern holds a letter, fixed
/// letters are kept, every word is in the list and none repeats.
pub fn assert_valid_fill(
    start: &cruciverb::grid::Grid,
    filled: &cruciverb::grid::Grid,
    list: &cruciverb::wordlist::WordList,
) {
    assert_eq!(
        (start.width(), start.height()),
        (filled.width(), filled.height())
    );
    for r in 0..start.height() {
        for c in 0..start.width() {
            match (start.get(r, c), filled.get(r, c)) {
                (cruciverb::grid::Cell::Block, cruciverb::grid::Cell::Block)
                | (cruciverb::grid::Cell::Empty, cruciverb::grid::Cell::Letter(_)) => {}
                (cruciverb::grid::Cell::Letter(a), cruciverb::grid::Cell::Letter(b)) => {
                    assert_eq!(a, b, "fixed letter at {r},{c}")
                }
                (a, b) => panic!("cell {r},{c}: {a:?} became {b:?}"),
            }
        }
    }
    let words = grid_words(filled);
    for w in &words {
        assert!(list.get(w).is_some(), "{w} is not in the list");
    }
    assert_eq!(
        words.iter().collect::<std::collections::HashSet<_>>().len(),
        words.len(),
        "a word repeats: {words:?}"
    );
}

/// A [`Reporter`](cruciverb::progress::Reporter) that records what a search
/// reports, in order, as lines like `start WHAT of TOTAL`, `advance N`,
/// `finish`.
#[derive(Default)]
pub struct ProgressLog(std::sync::Mutex<Vec<String>>);

impl ProgressLog {
    pub fn calls(self) -> Vec<String> {
        self.0.into_inner().unwrap()
    }

    fn push(&self, call: String) {
        self.0.lock().unwrap().push(call);
    }
}

impl cruciverb::progress::Reporter for ProgressLog {
    fn start(&self, what: &str, total: Option<u64>) {
        let total = total.map_or("?".to_string(), |t| t.to_string());
        self.push(format!("start {what} of {total}"));
    }
    fn advance(&self, units: u64) {
        self.push(format!("advance {units}"));
    }
    fn finish(&self) {
        self.push("finish".to_string());
    }
}

/// A command running GNU parallel, which CI installs (Debian's `parallel`):
/// a test that needs it fails saying so rather than passing untried.
pub fn gnu_parallel() -> Command {
    let version = Command::new("parallel").arg("--version").output();
    assert!(
        version.is_ok_and(|o| o.status.success()),
        "GNU parallel is not installed: apt-get install parallel"
    );
    Command::new("parallel")
}
