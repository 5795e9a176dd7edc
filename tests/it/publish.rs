//! The publishing commands end to end: `make` (pattern → fill → clues →
//! files), `export`, `import` and `pdf`, as a user runs them.

use std::fs;
use std::path::Path;

use crate::common::*;
use cruciverb::files::Existing;
use cruciverb::formats::ipuz;
use cruciverb::formats::{import, Format};
use cruciverb::grid::{Cell, Direction, Grid};
use cruciverb::puzzle::Puzzle;
use cruciverb::wordlist::embedded::default_list;

fn make_in(dir: &Path, extra: &[&str]) -> std::process::Output {
    let mut args = vec!["make", "--out-dir", dir.to_str().unwrap()];
    args.extend_from_slice(extra);
    run(&args)
}

fn blank(grid: &Grid) -> Grid {
    let mut out = grid.clone();
    for r in 0..grid.height() {
        for c in 0..grid.width() {
            if let Cell::Letter(_) = grid.get(r, c) {
                out.set(r, c, Cell::Empty);
            }
        }
    }
    out
}

#[test]
fn make_writes_a_valid_filled_clued_puzzle_in_three_formats() {
    let dir = scratch("make");
    let out = make_in(&dir.join("out"), &["--seed", "7"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let ipuz = dir.join("out/cruciverb-7.ipuz");
    let puzzle = ipuz::load(&ipuz).unwrap();
    let grid = &puzzle.grid;
    assert_eq!((grid.width(), grid.height()), (15, 15));

    // stdout: the grid, then the three paths.
    let printed = stdout(&out);
    let (grid_text, paths) = printed.split_at(grid.to_text().len());
    assert_eq!(grid_text, grid.to_text());
    let expected_paths: Vec<String> = ["ipuz", "puz", "pdf"]
        .iter()
        .map(|ext| {
            dir.join(&format!("out/cruciverb-7.{ext}"))
                .display()
                .to_string()
        })
        .collect();
    assert_eq!(paths.lines().collect::<Vec<_>>(), expected_paths);

    // A valid fill from the embedded list, on a pattern the American rules allow.
    let (list, _) = default_list().unwrap();
    assert_valid_fill(&blank(grid), grid, &list);
    let blocks = (0..15)
        .flat_map(|r| (0..15).map(move |c| (r, c)))
        .filter(|&(r, c)| grid.get(r, c) == Cell::Block)
        .count();
    assert!((36..=40).contains(&blocks), "{blocks} blocks");
    for (r, c) in (0..15).flat_map(|r| (0..15).map(move |c| (r, c))) {
        assert_eq!(
            grid.get(r, c) == Cell::Block,
            grid.get(14 - r, 14 - c) == Cell::Block
        );
    }
    // With no credit flags: a numbered title, and no byline or copyright
    // in the files at all.
    assert_eq!(puzzle.title, "Crossword No. 7");
    let raw: serde_json::Value = serde_json::from_slice(&fs::read(&ipuz).unwrap()).unwrap();
    assert_eq!(raw["title"], "Crossword No. 7");
    assert_eq!((raw.get("author"), raw.get("copyright")), (None, None));
    let puz_credits = crate::common::python::run_python(
        "import sys, puz\n\
         p = puz.load(open(sys.argv[1], 'rb').read())\n\
         print(repr((p.title, p.author, p.copyright)))",
        &[dir.join("out/cruciverb-7.puz").to_str().unwrap()],
    );
    assert_eq!(puz_credits.trim(), "('Crossword No. 7', '', '')");
    // Every clue written, each the database's clue for its answer, and
    // every entry at the default minimum score.
    for clue in &puzzle.clues {
        assert!(!clue.text.is_empty(), "{} has no clue", clue.answer);
        assert!(
            crate::common::is_database_clue(&clue.answer, &clue.text),
            "{}: {}",
            clue.answer,
            clue.text
        );
        assert!(
            list.get(&clue.answer).unwrap().score >= 50,
            "{}",
            clue.answer
        );
    }
    // stderr ends with the clue summary and the quality report.
    let report = stderr(&out);
    let n = puzzle.clues.len();
    assert!(
        report.contains(&format!(
            "{n} clues: 0 already written, 0 from the clue file, 0 from the word list, {n} from the clue database, 0 left empty\nquality: {n} entries, mean score "
        )),
        "{report}"
    );
    assert!(report.contains("\n  below 50: none\n"), "{report}");

    // The .puz holds the same puzzle (its texts in Latin-1).
    let puz = import(&dir.join("out/cruciverb-7.puz")).unwrap();
    assert_eq!(puz.grid, puzzle.grid);
    let answers = |p: &Puzzle| p.clues.iter().map(|c| c.answer.clone()).collect::<Vec<_>>();
    assert_eq!(answers(&puz), answers(&puzzle));
    let pdf = fs::read(dir.join("out/cruciverb-7.pdf")).unwrap();
    assert!(pdf.starts_with(b"%PDF-"));
}

#[test]
fn british_make_draws_a_checking_lattice_grid() {
    let dir = scratch("make-british");
    let mut even_lights = Vec::new();
    let mut credits = Vec::new();
    // Seed 3 as a user runs it; two more without polishing, for speed (the
    // pattern is drawn before the fill, so it is the same either way).
    for (seed, polish) in [("3", None), ("1", Some("0")), ("2", Some("0"))] {
        let out_dir = dir.join(&format!("out-{seed}"));
        let mut args = vec!["--seed", seed, "--style", "british"];
        if let Some(p) = polish {
            args.extend(["--polish", p]);
        }
        let out = make_in(&out_dir, &args);
        assert!(out.status.success(), "seed {seed}: {}", stderr(&out));
        let puzzle = ipuz::load(&out_dir.join(format!("cruciverb-{seed}.ipuz"))).unwrap();
        let grid = &puzzle.grid;
        assert_eq!((grid.width(), grid.height()), (15, 15));
        let white = |r: usize, c: usize| r < 15 && c < 15 && grid.get(r, c) != Cell::Block;
        // In a light across / down: a white neighbour along that direction.
        let across =
            |r: usize, c: usize| white(r, c) && (c > 0 && white(r, c - 1) || white(r, c + 1));
        let down =
            |r: usize, c: usize| white(r, c) && (r > 0 && white(r - 1, c) || white(r + 1, c));
        // Rows and columns counted from 0: (odd, odd) cells are blocks and
        // a white (even, even) cell is a crossing, in a light both ways, as
        // in the blocked grids British papers print; a crossing may be a
        // block, so a light may begin or end on an unchecked cell.
        for r in 0..15 {
            for c in 0..15 {
                match (r % 2, c % 2) {
                    (0, 0) if white(r, c) => {
                        assert!(across(r, c) && down(r, c), "seed {seed}: ({r}, {c})")
                    }
                    (1, 1) => assert!(!white(r, c), "seed {seed}: ({r}, {c})"),
                    _ => {}
                }
                assert!(
                    !white(r, c) || across(r, c) || down(r, c),
                    "seed {seed}: ({r}, {c}) in no light"
                );
                assert_eq!(
                    white(r, c),
                    white(14 - r, 14 - c),
                    "seed {seed}: 180° symmetry"
                );
            }
        }
        // 30-34 lights, every one at least half checked, no two unchecked
        // cells side by side; no empty clue.
        let slots = grid.slots(2);
        assert!(
            (30..=34).contains(&slots.len()),
            "seed {seed}: {} lights",
            slots.len()
        );
        for slot in &slots {
            let checked: Vec<bool> = slot
                .cells()
                .map(|(r, c)| match slot.direction {
                    Direction::Across => down(r, c),
                    Direction::Down => across(r, c),
                })
                .collect();
            let n = checked.iter().filter(|&&x| x).count();
            assert!(2 * n >= slot.len, "seed {seed}: {slot:?} has {n} checked");
            assert!(
                checked.windows(2).all(|pair| pair[0] || pair[1]),
                "seed {seed}: {slot:?} has two unchecked cells together"
            );
        }
        assert!(puzzle.clues.iter().all(|c| !c.text.is_empty()));
        // Every clue has its enumeration, and it spells the answer.
        for clue in &puzzle.clues {
            assert_eq!(
                cruciverb::puzzle::enumeration_length(&clue.enumeration),
                Some(clue.answer.len()),
                "seed {seed}: {} {:?}",
                clue.answer,
                clue.enumeration
            );
        }
        even_lights.push(slots.iter().filter(|s| s.len % 2 == 0).count());
        credits.push((puzzle.title, puzzle.author, puzzle.copyright));
    }
    // Lights of 4, 6, 8 letters, as the papers' grids have (seeds 1-3 have
    // 22, 10 and 14).
    assert!(
        even_lights.iter().all(|&n| n >= 4),
        "{even_lights:?} even-length lights"
    );
    // With no credit flags: the numbered title of a British puzzle, no
    // byline, no copyright.
    let (title, author, copyright) = &credits[0];
    assert_eq!(title, "Quick Crossword No. 3");
    assert_eq!((author.as_str(), copyright.as_str()), ("", ""));
}

#[test]
fn make_takes_credits_from_the_command_line() {
    let dir = scratch("make-credits");
    let pattern = data("grids/mini5_2corners.txt");
    let out = make_in(
        &dir.join("out"),
        &[
            "--pattern",
            pattern.to_str().unwrap(),
            "--seed",
            "482913",
            "--name",
            "mini",
            "--author",
            "Ann Smith",
            "--copyright",
            "© 2026 Ann Smith",
        ],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let puzzle = ipuz::load(&dir.join("out/mini.ipuz")).unwrap();
    assert_eq!(
        (
            puzzle.title.as_str(),
            puzzle.author.as_str(),
            puzzle.copyright.as_str()
        ),
        ("Crossword No. 482,913", "Ann Smith", "© 2026 Ann Smith")
    );
}

#[test]
fn make_is_reproducible_and_keeps_existing_files() {
    let dir = scratch("make-again");
    // Polishing is bounded by time, so only without it is a run exact on a
    // loaded machine (tests run side by side).
    for sub in ["a", "b"] {
        let out = make_in(
            &dir.join(sub),
            &["--seed", "11", "--size", "11", "--polish", "0"],
        );
        assert!(out.status.success(), "{}", stderr(&out));
    }
    for ext in ["ipuz", "puz", "pdf"] {
        let name = format!("cruciverb-11.{ext}");
        assert_eq!(
            fs::read(dir.join(&format!("a/{name}"))).unwrap(),
            fs::read(dir.join(&format!("b/{name}"))).unwrap(),
            "{name} differs between two runs with one seed"
        );
    }
    let before = fs::read(dir.join("a/cruciverb-11.pdf")).unwrap();
    let again = make_in(&dir.join("a"), &["--seed", "12", "--name", "cruciverb-11"]);
    assert_eq!(again.status.code(), Some(2));
    assert_eq!(
        stderr(&again).lines().last().unwrap(),
        format!(
            "cruciverb: error: {} exists; add --force to replace it",
            dir.join("a/cruciverb-11.ipuz").display()
        )
    );
    assert_eq!(fs::read(dir.join("a/cruciverb-11.pdf")).unwrap(), before);
    let forced = make_in(
        &dir.join("a"),
        &["--seed", "12", "--name", "cruciverb-11", "--force"],
    );
    assert!(forced.status.success(), "{}", stderr(&forced));
}

#[test]
fn make_with_a_given_pattern_and_its_failures() {
    let dir = scratch("make-pattern");
    let pattern = data("grids/mini5_2corners.txt");
    let out = make_in(
        &dir.join("out"),
        &[
            "--pattern",
            pattern.to_str().unwrap(),
            "--seed",
            "3",
            "--name",
            "mini",
        ],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let puzzle = ipuz::load(&dir.join("out/mini.ipuz")).unwrap();
    assert_eq!(blank(&puzzle.grid), grid_file("mini5_2corners.txt"));

    // A word list that cannot fill it: exit 1, a clear message, no files.
    // (Enough words of each length, each with a clue, but no two share a
    // letter.)
    let words: String = (b'A'..=b'N')
        .enumerate()
        .map(|(i, l)| {
            let word = (l as char).to_string().repeat(if i < 6 { 4 } else { 5 });
            format!("{word};50;Letter run\n")
        })
        .collect();
    fs::write(dir.join("tiny.txt"), &words).unwrap();
    let tiny = dir.join("tiny.txt");
    let out = make_in(
        &dir.join("none"),
        &[
            "--pattern",
            pattern.to_str().unwrap(),
            "--wordlist",
            tiny.to_str().unwrap(),
        ],
    );
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("pattern 1 is unfillable"),
        "{}",
        stderr(&out)
    );
    assert!(!dir.join("none").exists());

    // The same words without clues: make cannot print them, and says so.
    let bare: String = words
        .lines()
        .map(|l| l.split(';').next().unwrap().to_string() + "\n")
        .collect();
    fs::write(&tiny, bare).unwrap();
    let out = make_in(
        &dir.join("none"),
        &[
            "--pattern",
            pattern.to_str().unwrap(),
            "--wordlist",
            tiny.to_str().unwrap(),
            "--seed",
            "3",
        ],
    );
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert_eq!(
        stderr(&out),
        "seed 3\ncruciverb: error: slot 1A needs a 4-letter word and no 4-letter word of the list has a clue (make prints only entries it can clue: give clues with --clues FILE or as WORD;SCORE;clue lines)\n"
    );

    for (args, message) in [
        (
            vec!["--timeout", "0"],
            "cruciverb: error: --timeout must be more than 0 seconds",
        ),
        (vec!["--size", "2"], "size 2"),
    ] {
        let out = make_in(&dir.join("bad"), &args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr(&out).contains(message), "{}", stderr(&out));
    }
}

#[test]
fn export_and_import_round_trip_through_the_command_line() {
    let dir = scratch("export-cli");
    let source = data("puzzles/american15.ipuz");
    let original = ipuz::load(&source).unwrap();
    for format in Format::ALL {
        let ext = format.extension();
        let file = dir.join(&format!("p.{ext}"));
        let out = run(&[
            "export",
            source.to_str().unwrap(),
            "--to",
            ext,
            "-o",
            file.to_str().unwrap(),
        ]);
        assert!(out.status.success(), "{ext}: {}", stderr(&out));
        assert_eq!(stderr(&out), format!("wrote {}\n", file.display()));
        if format != Format::Txt {
            let back = dir.join(&format!("back-{ext}.ipuz"));
            let out = run(&[
                "import",
                file.to_str().unwrap(),
                "-o",
                back.to_str().unwrap(),
            ]);
            assert!(out.status.success(), "{ext}: {}", stderr(&out));
            let read = ipuz::load(&back).unwrap();
            if format == Format::Puz {
                // Its texts are ISO-8859-1: curly quotes and dashes go ASCII.
                assert_eq!(read.grid, original.grid, "{ext}");
                assert_eq!(read.clues.len(), original.clues.len(), "{ext}");
            } else {
                assert_eq!(read, original, "{ext}");
            }
        }
    }
    // Converting never replaces the input.
    let ipuz = dir.join("p.ipuz");
    let before = fs::read(&ipuz).unwrap();
    let out = run(&[
        "import",
        ipuz.to_str().unwrap(),
        "-o",
        ipuz.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        format!(
            "cruciverb: error: {} is the input; give another output file with -o\n",
            ipuz.display()
        )
    );
    assert_eq!(fs::read(&ipuz).unwrap(), before);
    // Formats it cannot read back, and files that are not puzzles.
    let txt = dir.join("p.txt");
    let out = run(&["import", txt.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        format!(
            "cruciverb: error: {}: import reads .puz, .ipuz, .jpz and .xd files, not .txt\n",
            txt.display()
        )
    );
    fs::write(dir.join("bad.puz"), b"not a puzzle").unwrap();
    let out = run(&["pdf", dir.join("bad.puz").to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).starts_with("cruciverb: error: "));
}

#[test]
fn clues_command_drafts_writes_a_sheet_and_applies_it() {
    let dir = scratch("clues-cli");
    let puzzle_path = dir.join("p.ipuz");
    let mut blank_clues = ipuz::load(&data("puzzles/mini5.ipuz")).unwrap();
    for clue in &mut blank_clues.clues {
        clue.text.clear();
    }
    blank_clues.clues[0].text = "Kept as written".to_string();
    ipuz::save(&blank_clues, &puzzle_path, Existing::Replace).unwrap();
    let p = puzzle_path.to_str().unwrap();

    // Drafting: a clue file first, then the database; written in place.
    let first = &blank_clues.clues[1];
    let file = dir.join("mine.txt");
    fs::write(&file, format!("{}A;My own clue\n", first.number)).unwrap();
    let out = run(&["clues", p, "--clues", file.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    let drafted = ipuz::load(&puzzle_path).unwrap();
    assert_eq!(drafted.clues[0].text, "Kept as written");
    assert_eq!(drafted.clues[1].text, "My own clue");
    let report = stderr(&out);
    assert!(
        report.starts_with(&format!(
            "{} clues: 1 already written, 1 from the clue file",
            drafted.clues.len()
        )),
        "{report}"
    );
    for clue in &drafted.clues[2..] {
        assert!(
            crate::common::is_database_clue(&clue.answer, &clue.text)
                || (clue.text.is_empty()
                    && cruciverb::clues::database().get(&clue.answer).is_none()),
            "{}: {}",
            clue.answer,
            clue.text
        );
    }

    // The sheet round trip: edit one line, apply, exactly that clue changes.
    let sheet = dir.join("sheet.txt");
    let out = run(&["clues", p, "--template", "-o", sheet.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = fs::read_to_string(&sheet).unwrap();
    let target = format!("{}A;{};", first.number, first.answer);
    let edited: String = text
        .lines()
        .map(|l| {
            if l.starts_with(&target) {
                format!("{target}Edited; with a semicolon\n")
            } else {
                format!("{l}\n")
            }
        })
        .collect();
    fs::write(&sheet, edited).unwrap();
    let out = run(&["clues", p, "--apply", sheet.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stderr(&out).starts_with("1 clues changed\n"),
        "{}",
        stderr(&out)
    );
    let applied = ipuz::load(&puzzle_path).unwrap();
    let mut expected = drafted.clone();
    expected.clues[1].text = "Edited; with a semicolon".to_string();
    assert_eq!(applied, expected);

    // A bad sheet changes nothing and names the line.
    fs::write(&sheet, "99A;XYZ;Nope\n").unwrap();
    let out = run(&["clues", p, "--apply", sheet.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains(":1"), "{}", stderr(&out));
    assert_eq!(ipuz::load(&puzzle_path).unwrap(), expected);
}

#[test]
fn pdf_command_takes_paper_and_solution_options() {
    let dir = scratch("pdf-cli");
    let source = data("puzzles/mini5.ipuz");
    let pdf = dir.join("mini.pdf");
    let out = run(&[
        "pdf",
        source.to_str().unwrap(),
        "-o",
        pdf.to_str().unwrap(),
        "--paper",
        "a4",
        "--no-solution",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let pages = crate::common::python::run_python(
        "import sys, pypdf\n\
         r = pypdf.PdfReader(sys.argv[1])\n\
         print(len(r.pages), round(float(r.pages[0].mediabox.width)), round(float(r.pages[0].mediabox.height)))",
        &[pdf.to_str().unwrap()],
    );
    assert_eq!(pages.trim(), "1 595 842");
    // An unfilled grid cannot have a solution page.
    let mut unfilled = ipuz::load(&source).unwrap();
    unfilled.grid.set(1, 1, Cell::Empty);
    let unfilled_path = dir.join("unfilled.ipuz");
    ipuz::save(&unfilled, &unfilled_path, Existing::Replace).unwrap();
    let out = run(&[
        "pdf",
        unfilled_path.to_str().unwrap(),
        "-o",
        pdf.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        "cruciverb: error: cannot print a solution page: the grid has 1 empty cell; fill the grid or use --no-solution\n"
    );
}

/// Page texts and the document title as pypdf reads them.
const PDF_TEXT: &str = "import json, sys, pypdf\n\
r = pypdf.PdfReader(sys.argv[1])\n\
print(json.dumps({'title': r.metadata.title if r.metadata else None,\n\
    'pages': [p.extract_text() for p in r.pages]}))";

fn pdf_text(path: &Path) -> serde_json::Value {
    let out = crate::common::python::run_python(PDF_TEXT, &[path.to_str().unwrap()]);
    serde_json::from_str(&out).unwrap()
}

#[test]
fn pdf_prints_the_credits_given_on_the_command_line() {
    let dir = scratch("pdf-credits");
    let source = data("puzzles/mini5.ipuz");
    let pdf = dir.join("credited.pdf");
    let out = run(&[
        "pdf",
        source.to_str().unwrap(),
        "-o",
        pdf.to_str().unwrap(),
        "--title",
        "Sunday Special",
        "--author",
        "Ann Smith",
        "--copyright",
        "© 2026 The Daily Grid",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let read = pdf_text(&pdf);
    assert_eq!(read["title"], "Sunday Special");
    let pages = read["pages"].as_array().unwrap();
    let first: Vec<&str> = pages[0].as_str().unwrap().lines().collect();
    for line in ["Sunday Special", "by Ann Smith", "© 2026 The Daily Grid"] {
        assert!(first.contains(&line), "{line:?} in {first:?}");
    }
    // The flags replace the file's own credits, on every page.
    for page in pages {
        let text = page.as_str().unwrap();
        assert!(!text.contains("Mini") && !text.contains("Zoë"), "{text}");
        assert!(text.contains("© 2026 The Daily Grid"), "{text}");
    }

    // Credits cleared: no title (not the file's name either), no stray
    // "by", no copyright line.
    let bare = dir.join("uncredited.pdf");
    let out = run(&[
        "pdf",
        source.to_str().unwrap(),
        "-o",
        bare.to_str().unwrap(),
        "--title",
        "",
        "--author",
        "",
        "--copyright",
        "",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let read = pdf_text(&bare);
    assert!(
        read["title"].as_str().unwrap_or("").is_empty(),
        "{}",
        read["title"]
    );
    for page in read["pages"].as_array().unwrap() {
        let text = page.as_str().unwrap();
        for unwanted in ["uncredited", "mini5", "Mini", "©", "cruciverb"] {
            assert!(!text.contains(unwanted), "{unwanted:?} in {text}");
        }
        assert!(
            text.lines()
                .all(|l| l.trim() != "by" && !l.trim_start().starts_with("by ")),
            "{text}"
        );
    }
}

#[test]
fn export_carries_the_credits_given_into_every_format() {
    let dir = scratch("export-credits");
    let source = data("puzzles/mini5.ipuz");
    let credits = [
        "--title",
        "Sunday Special",
        "--author",
        "Ann Smith",
        "--copyright",
        "© 2026 The Daily Grid",
    ];
    for format in Format::ALL {
        let ext = format.extension();
        let file = dir.join(&format!("p.{ext}"));
        let mut args = vec![
            "export",
            source.to_str().unwrap(),
            "--to",
            ext,
            "-o",
            file.to_str().unwrap(),
        ];
        args.extend_from_slice(&credits);
        let out = run(&args);
        assert!(out.status.success(), "{ext}: {}", stderr(&out));
        match format {
            Format::Txt => {
                let text = fs::read_to_string(&file).unwrap();
                assert!(
                    text.starts_with("Sunday Special\nby Ann Smith\n\n"),
                    "{text}"
                );
                assert!(text.contains("\n© 2026 The Daily Grid\n"), "{text}");
            }
            _ => {
                let puzzle = import(&file).unwrap();
                assert_eq!(
                    (
                        puzzle.title.as_str(),
                        puzzle.author.as_str(),
                        puzzle.copyright.as_str()
                    ),
                    ("Sunday Special", "Ann Smith", "© 2026 The Daily Grid"),
                    "{ext}"
                );
            }
        }
    }
    let xd = fs::read_to_string(dir.join("p.xd")).unwrap();
    assert!(
        xd.starts_with(
            "Title: Sunday Special\nAuthor: Ann Smith\nCopyright: © 2026 The Daily Grid\n"
        ),
        "{xd}"
    );

    // Only the credits given change; "" clears one.
    let file = dir.join("title-only.xd");
    let out = run(&[
        "export",
        source.to_str().unwrap(),
        "--to",
        "xd",
        "-o",
        file.to_str().unwrap(),
        "--title",
        "Sunday Special",
        "--author",
        "",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let xd = fs::read_to_string(&file).unwrap();
    let original = ipuz::load(&source).unwrap();
    assert!(
        xd.starts_with(&format!(
            "Title: Sunday Special\nCopyright: {}\n\n\n",
            original.copyright
        )),
        "{xd}"
    );
}
