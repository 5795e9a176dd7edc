//! Across Lite `.puz`: files we write are checked by an independent reader
//! (puzpy), files puzpy writes are read back by us, and damaged, truncated,
//! scrambled or unsupported files fail with messages naming the problem.

use crate::common::python::run_python;
use crate::common::*;
use cruciverb::files::Existing;
use cruciverb::formats::puz::{read, to_latin1, write};
use cruciverb::formats::{import, render, Format};
use cruciverb::grid::{Cell, Direction, Grid};
use cruciverb::puzzle::Puzzle;
use serde_json::{json, Value};
use std::sync::atomic::{AtomicUsize, Ordering};

const FIXTURES: [&str; 3] = ["mini5", "american15", "british15"];

/// Tests run in parallel threads of one process, so each needs its own
/// scratch directory.
fn fresh_dir() -> ScratchDir {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    scratch(&format!("puz-{}", NEXT.fetch_add(1, Ordering::Relaxed)))
}

/// Everything puzpy sees in a file. `puz.load` itself rejects a file whose
/// global, header or masked checksums are wrong; `tobytes()` writes the file
/// again from what was read, with checksums puzpy computes itself.
const DESCRIBE: &str = r#"
import json, sys, puz
data = open(sys.argv[1], 'rb').read()
p = puz.load(data)
n = p.clue_numbering()
entries = lambda es: [[e.number, e.row, e.col, e.length, e.text] for e in es]
print(json.dumps({
    'same_bytes_written_back': p.tobytes() == data,
    'version': p.version.decode(),
    'width': p.width, 'height': p.height,
    'solution': p.solution, 'fill': p.fill,
    'title': p.title, 'author': p.author, 'copyright': p.copyright, 'notes': p.notes,
    'across': entries(n.across), 'down': entries(n.down),
    'type': int(p.puzzletype), 'locked': p.is_solution_locked(),
    'extensions': sorted(code.decode() for code in p.extensions),
}))
"#;

fn describe_with_puzpy(bytes: &[u8]) -> Value {
    let dir = fresh_dir();
    let path = dir.join("p.puz");
    std::fs::write(&path, bytes).unwrap();
    let out = run_python(DESCRIBE, &[path.to_str().unwrap()]);
    serde_json::from_str(&out).unwrap()
}

/// What puzpy must report for `puzzle`, built from our grid and slots.
fn expected_description(puzzle: &Puzzle) -> Value {
    let grid = &puzzle.grid;
    let row_major = |cell: fn(Cell) -> char| -> String {
        (0..grid.height())
            .flat_map(|r| (0..grid.width()).map(move |c| cell(grid.get(r, c))))
            .collect()
    };
    let solution = row_major(|cell| match cell {
        Cell::Letter(b) => b as char,
        _ => '.',
    });
    let fill = row_major(|cell| if cell.is_white() { '-' } else { '.' });
    let entries = |direction: Direction| -> Vec<Value> {
        grid.slots(2)
            .iter()
            .filter(|s| s.direction == direction)
            .map(|s| {
                let text = &puzzle.clue(s.number, direction).unwrap().text;
                json!([s.number, s.row, s.col, s.len, to_latin1(text)])
            })
            .collect()
    };
    json!({
        "same_bytes_written_back": true,
        "version": "1.3",
        "width": grid.width(), "height": grid.height(),
        "solution": solution, "fill": fill,
        "title": to_latin1(&puzzle.title), "author": to_latin1(&puzzle.author),
        "copyright": to_latin1(&puzzle.copyright), "notes": to_latin1(&puzzle.notes),
        "across": entries(Direction::Across), "down": entries(Direction::Down),
        "type": 1, "locked": false,
        "extensions": [],
    })
}

/// A puzzle whose texts need every kind of rewriting on the way to Latin-1.
fn awkward_puzzle() -> Puzzle {
    let mut puzzle = fixture("mini5");
    let texts = [
        "Łódź, in Poland",
        "Emoji 🧩 and Ωμέγα",
        "NUL\0inside",
        "Œuvre — “complète”",
        "",
    ];
    for (clue, text) in puzzle.clues.iter_mut().zip(texts.iter().cycle()) {
        clue.text = text.to_string();
    }
    puzzle.notes = "Line one\nline two\ttabbed …".into();
    puzzle
}

#[test]
fn puzpy_reads_what_we_write_with_valid_checksums() {
    let mut puzzles: Vec<Puzzle> = FIXTURES.iter().map(|name| fixture(name)).collect();
    puzzles.push(awkward_puzzle());
    for puzzle in &puzzles {
        let bytes = write(puzzle).unwrap();
        assert_eq!(
            describe_with_puzpy(&bytes),
            expected_description(puzzle),
            "{}",
            puzzle.title
        );
    }
}

#[test]
fn texts_reach_the_file_as_latin1_with_ascii_typography() {
    let described = describe_with_puzpy(&write(&fixture("mini5")).unwrap());
    assert_eq!(described["title"], "Mini \"Five\"");
    assert_eq!(described["author"], "Zoë Test");
    assert_eq!(described["copyright"], "© 2026 Cruciverb test data");
    assert_eq!(
        described["notes"],
        "A 5×5 with curly quotes, accents and dashes in its clues."
    );
    let across: Vec<&str> = described["across"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e[4].as_str().unwrap())
        .collect();
    assert_eq!(
        across,
        [
            "Café \"au lait\" - served hot",
            "It's a 'small' world...",
            "Naïve señor's façade",
            "See 1-Across",
            "½ of a pair",
        ]
    );
    let down = &described["down"];
    assert_eq!(down[1][4], "Alpha & omega <AND> more");
    assert_eq!(down[2][4], "Dash - en, dash - em");

    let awkward = describe_with_puzpy(&write(&awkward_puzzle()).unwrap());
    let texts: Vec<&str> = ["across", "down"]
        .iter()
        .flat_map(|d| awkward[d].as_array().unwrap())
        .map(|e| e[4].as_str().unwrap())
        .collect();
    assert_eq!(
        texts[..5],
        [
            "Lódz, in Poland",
            "Emoji ? and ?????",
            "NUL?inside",
            "OEuvre - \"complète\"",
            ""
        ]
    );
    assert_eq!(awkward["notes"], "Line one\nline two\ttabbed ...");
}

#[test]
fn the_header_is_laid_out_as_across_lite_expects() {
    let bytes = write(&fixture("mini5")).unwrap();
    assert_eq!(&bytes[2..14], b"ACROSS&DOWN\0");
    assert_eq!(&bytes[0x18..0x1C], b"1.3\0");
    // Width, height, clue count, type normal, solution not scrambled.
    assert_eq!(&bytes[0x2C..0x34], &[5, 5, 10, 0, 1, 0, 0, 0]);
    assert_eq!(&bytes[0x34..0x34 + 5], b".ADDS");
    assert_eq!(&bytes[0x34 + 25..0x34 + 30], b".----");
    // Title, author, copyright start right after the grids.
    let strings = &bytes[0x34 + 50..];
    assert!(strings.starts_with(b"Mini \"Five\"\0Zo\xEB Test\0\xA9 2026"));
    assert!(bytes.ends_with(b"in its clues.\0"));
}

#[test]
fn clues_are_ordered_by_number_with_across_first() {
    let mut puzzle = fixture("mini5");
    for clue in &mut puzzle.clues {
        let direction = match clue.direction {
            Direction::Across => "A",
            Direction::Down => "D",
        };
        clue.text = format!("{}{direction}", clue.number);
    }
    puzzle.title.clear();
    puzzle.author.clear();
    puzzle.copyright.clear();
    puzzle.notes.clear();
    let bytes = write(&puzzle).unwrap();
    assert_eq!(
        &bytes[0x34 + 50..],
        b"\0\0\x001A\x001D\x002D\x003D\x004D\x005A\x005D\x006A\x007A\x008A\0\0"
    );
}

#[test]
fn reading_what_we_write_gives_the_puzzle_back() {
    let mut puzzles: Vec<Puzzle> = FIXTURES.iter().map(|name| fixture(name)).collect();
    puzzles.push(awkward_puzzle());
    for puzzle in puzzles {
        let read_back = read(&write(&puzzle).unwrap(), "round.puz").unwrap();
        let mut expected = puzzle.clone();
        for text in [
            &mut expected.title,
            &mut expected.author,
            &mut expected.copyright,
            &mut expected.notes,
        ] {
            *text = to_latin1(text);
        }
        for clue in &mut expected.clues {
            clue.text = to_latin1(&clue.text);
        }
        let expected = as_read_from_clue_text(expected);
        assert_eq!(read_back, expected, "{}", puzzle.title);
    }
}

#[test]
fn export_and_import_go_through_the_format_dispatch() {
    let dir = fresh_dir();
    let path = dir.join("mini.PUZ");
    let puzzle = fixture("american15");
    cruciverb::formats::save(&puzzle, Format::Puz, &path, Existing::Replace).unwrap();
    assert_eq!(
        std::fs::read(&path).unwrap(),
        render(&puzzle, Format::Puz).unwrap()
    );
    let imported = import(&path).unwrap();
    assert_eq!(imported.grid, puzzle.grid);
    assert_eq!(imported.clues.len(), puzzle.clues.len());
    assert_eq!(imported.title, "American Fifteen");
}

// ------------------------------------------------------- files puzpy writes

/// A 4x4 puzzle built with puzpy; `extra` runs before saving to `argv[1]`.
/// Words: 1A CAB, 1D COW, 2D ARES, 3D BEBE, 4A ORE, 5A WEBS, 6D SA, 7A SEA.
fn puzpy_file(extra: &str) -> Vec<u8> {
    let script = format!(
        r#"
import sys, puz
p = puz.Puzzle()
p.width, p.height = 4, 4
p.solution = 'CAB.' 'ORE.' 'WEBS' '.SEA'
p.fill = ''.join('.' if c == '.' else '-' for c in p.solution)
p.title = 'Petit « quatre »'
p.author = 'Zoë'
p.copyright = '© 2026 Someone'
p.notes = 'Notes: ñ ½'
p.clues = ['Taxi', 'Bovine', 'God of war', 'Baby, in Paris', 'Mineral',
           'Spider homes', 'Tax agency, in brief', 'Ocean']
{extra}
p.save(sys.argv[1])
"#
    );
    let dir = fresh_dir();
    let path = dir.join("p.puz");
    run_python(&script, &[path.to_str().unwrap()]);
    std::fs::read(&path).unwrap()
}

fn read_err(bytes: &[u8]) -> String {
    read(bytes, "t.puz").unwrap_err().to_string()
}

#[test]
fn a_file_puzpy_writes_reads_as_its_grid_clues_and_credits() {
    let puzzle = read(&puzpy_file(""), "p.puz").unwrap();
    assert_eq!(puzzle.grid.to_text(), "CAB#\nORE#\nWEBS\n#SEA\n");
    assert_eq!(puzzle.min_slot, 2);
    let clues: Vec<(u32, Direction, &str, &str)> = puzzle
        .clues
        .iter()
        .map(|c| (c.number, c.direction, c.answer.as_str(), c.text.as_str()))
        .collect();
    use Direction::{Across, Down};
    assert_eq!(
        clues,
        [
            (1, Across, "CAB", "Taxi"),
            (4, Across, "ORE", "Mineral"),
            (5, Across, "WEBS", "Spider homes"),
            (7, Across, "SEA", "Ocean"),
            (1, Down, "COW", "Bovine"),
            (2, Down, "ARES", "God of war"),
            (3, Down, "BEBE", "Baby, in Paris"),
            (6, Down, "SA", "Tax agency, in brief"),
        ]
    );
    assert_eq!(puzzle.title, "Petit « quatre »");
    assert_eq!(puzzle.author, "Zoë");
    assert_eq!(puzzle.copyright, "© 2026 Someone");
    assert_eq!(puzzle.notes, "Notes: ñ ½");
}

#[test]
fn optional_sections_are_checked_and_skipped() {
    let bytes = puzpy_file(
        "p.markup().set_markup_squares([0, 5], puz.GridMarkup.Circled)\n\
         p.timer().elapsed_seconds = 42",
    );
    // The circles (GEXT) are read; the timer (LTIM) is a solver's, skipped.
    let mut plain = read(&puzpy_file(""), "p.puz").unwrap();
    let circle = cruciverb::puzzle::Mark {
        circled: true,
        ..Default::default()
    };
    plain
        .set_marks([((0, 0), circle.clone()), ((1, 1), circle)].into())
        .unwrap();
    assert_eq!(
        describe_with_puzpy(&bytes)["extensions"],
        json!(["GEXT", "LTIM"])
    );
    assert_eq!(read(&bytes, "p.puz").unwrap(), plain);

    // A stray line break after the last section is tolerated, as Across
    // Lite does.
    let mut trailing = bytes.clone();
    trailing.extend_from_slice(b"\r\n");
    assert_eq!(read(&trailing, "p.puz").unwrap(), plain);

    // Corrupt the timer's data ("42,1" → "43,1"): its own checksum fails.
    let at = bytes.windows(4).position(|w| w == b"42,1").unwrap();
    let mut damaged = bytes.clone();
    damaged[at + 1] = b'3';
    let message = read_err(&damaged);
    assert!(
        message.starts_with("t.puz: LTIM section checksum is wrong (the file says 0x"),
        "{message}"
    );

    // Cut inside the section data.
    assert_eq!(
        read_err(&bytes[..at + 2]),
        "t.puz: truncated .puz file: it ends inside the LTIM section"
    );
}

#[test]
fn bytes_before_the_header_are_skipped() {
    let mut bytes = b"junk before the puzzle".to_vec();
    bytes.extend(puzpy_file(""));
    assert_eq!(
        read(&bytes, "p.puz").unwrap(),
        read(&puzpy_file(""), "p.puz").unwrap()
    );
}

#[test]
fn version_2_files_hold_utf8_text() {
    let bytes = puzpy_file("p.set_version('2.0')\np.clues[0] = '“Taxi” — ✓'");
    let puzzle = read(&bytes, "p.puz").unwrap();
    assert_eq!(
        puzzle.clue(1, Direction::Across).unwrap().text,
        "“Taxi” — ✓"
    );
    assert_eq!(puzzle.title, "Petit « quatre »");
}

#[test]
fn windows_quotes_in_old_files_are_understood() {
    // chr(0x93) is encoded by puzpy as byte 0x93: a Windows-1252 left quote.
    let bytes = puzpy_file("p.clues[0] = '\\x93Taxi\\x94 \\x96 cab'");
    let puzzle = read(&bytes, "p.puz").unwrap();
    assert_eq!(
        puzzle.clue(1, Direction::Across).unwrap().text,
        "“Taxi” – cab"
    );
}

#[test]
fn unsupported_puzzles_are_refused_by_name() {
    assert_eq!(
        read_err(&puzpy_file("p.lock_solution(1234)")),
        "t.puz: the solution is scrambled (locked with a key), so it cannot be read"
    );
    assert_eq!(
        read_err(&puzpy_file("p.rebus().add_rebus_squares(0, 'DOG')")),
        "t.puz: rebus DOG at 1,1 starts with D, but the grid has C there"
    );
    assert_eq!(
        read_err(&puzpy_file("p.rebus().add_rebus_squares(0, 'C-T')")),
        "t.puz: rebus \"C-T\" at 1,1 contains '-'; a rebus holds only letters A-Z and digits 0-9"
    );
    assert_eq!(
        read_err(&puzpy_file("p.clues = p.clues[:7]")),
        "t.puz: the file has 7 clues, but its solution grid has 8 words"
    );
    assert_eq!(
        read_err(&puzpy_file("p.solution = 'CA3.' + p.solution[4:]")),
        "t.puz: solution row 1, column 3 holds \"3\", but a cell can only hold a letter A-Z \
         or a block"
    );
    assert_eq!(
        read_err(&puzpy_file(
            "p.width = 40; p.height = 1; p.solution = 'AB.' * 13 + 'A'; \
             p.fill = '-' * 40; p.clues = ['x'] * 13"
        )),
        "t.puz: grid width 40 is outside the supported range 3..=31"
    );
    assert_eq!(
        read_err(&puzpy_file(
            "p.solution_state = puz.SolutionState.NotProvided"
        )),
        "t.puz: the file has no solution, only the empty grid"
    );
}

// ------------------------------------------------------------ damaged files

/// The checksums puzpy computes for a valid file, and the global checksum it
/// gives once the first white solution cell is changed from `A` to `B`.
fn puzpy_checksums(bytes: &[u8]) -> Value {
    let dir = fresh_dir();
    let path = dir.join("p.puz");
    std::fs::write(&path, bytes).unwrap();
    let script = r#"
import json, sys, puz
p = puz.read(sys.argv[1])
sums = {'global': p.global_cksum(), 'header': p.header_cksum(),
        'parts': [p.header_cksum(), puz.data_cksum(p.encode(p.solution)),
                  puz.data_cksum(p.encode(p.fill)), p.text_cksum()]}
p.solution = p.solution.replace('A', 'B', 1)
sums['global_after_change'] = p.global_cksum()
print(json.dumps(sums))
"#;
    serde_json::from_str(&run_python(script, &[path.to_str().unwrap()])).unwrap()
}

fn hex(value: &Value) -> String {
    format!("{:#06x}", value.as_u64().unwrap())
}

fn wrong_sum(what: &str, says: &str, gives: &str) -> String {
    format!(
        "t.puz: {what} checksum is wrong (the file says {says}, its contents give {gives}): \
         the file is damaged"
    )
}

#[test]
fn every_wrong_checksum_is_named() {
    let bytes = write(&fixture("mini5")).unwrap();
    let sums = puzpy_checksums(&bytes);

    let mut header = bytes.clone();
    header[0x0E..0x10].copy_from_slice(&[0xEF, 0xBE]);
    assert_eq!(
        read_err(&header),
        wrong_sum("header", "0xbeef", &hex(&sums["header"]))
    );

    let mut global = bytes.clone();
    global[0..2].copy_from_slice(&[0, 0]);
    assert_eq!(
        read_err(&global),
        wrong_sum("global", "0x0000", &hex(&sums["global"]))
    );

    // A changed letter: the global checksum no longer matches the content.
    let mut letter = bytes.clone();
    let first_a = 0x34 + letter[0x34..].iter().position(|&b| b == b'A').unwrap();
    letter[first_a] = b'B';
    assert_eq!(
        read_err(&letter),
        wrong_sum(
            "global",
            &hex(&sums["global"]),
            &hex(&sums["global_after_change"])
        )
    );

    let names = ["header", "solution", "player grid", "text"];
    for (i, name) in names.iter().enumerate() {
        let mut masked = bytes.clone();
        masked[0x10 + i] ^= 1;
        let part = sums["parts"][i].as_u64().unwrap();
        assert_eq!(
            read_err(&masked),
            wrong_sum(
                &format!("masked {name}"),
                &format!("{:#06x}", part ^ 1),
                &format!("{part:#06x}")
            )
        );
    }
}

#[test]
fn truncated_and_foreign_files_are_refused() {
    let bytes = write(&fixture("mini5")).unwrap();
    assert_eq!(
        read_err(&bytes[..30]),
        "t.puz: truncated .puz file: it ends inside the header"
    );
    assert_eq!(
        read_err(&bytes[..0x34 + 10]),
        "t.puz: truncated .puz file: it ends inside the solution grid"
    );
    assert_eq!(
        read_err(&bytes[..0x34 + 30]),
        "t.puz: truncated .puz file: it ends inside the player grid"
    );
    assert_eq!(
        read_err(&bytes[..0x34 + 52]),
        "t.puz: truncated .puz file: it ends inside the title"
    );
    let clue_8 = bytes.windows(6).position(|w| w == b"Na\xEFve ").unwrap();
    assert_eq!(
        read_err(&bytes[..clue_8 + 2]),
        "t.puz: truncated .puz file: it ends inside clue 8 of 10"
    );
    assert_eq!(
        read_err(&bytes[..bytes.len() - 1]),
        "t.puz: truncated .puz file: it ends inside the notes"
    );

    let mut magic = bytes.clone();
    magic[12] = b'M';
    assert_eq!(
        read_err(&magic),
        "t.puz: not an Across Lite .puz file (no \"ACROSS&DOWN\" signature)"
    );
    assert_eq!(
        read_err(b"{\"version\": \"http://ipuz.org/v2\"}"),
        "t.puz: not an Across Lite .puz file (no \"ACROSS&DOWN\" signature)"
    );

    let mut version = bytes.clone();
    version[0x18..0x1C].copy_from_slice(b"x.y\0");
    assert_eq!(
        read_err(&version),
        "t.puz: unknown format version \"x.y\\0\" (expected something like \"1.3\")"
    );
}

#[test]
fn import_names_the_file() {
    let dir = fresh_dir();
    let path = dir.join("cut.puz");
    std::fs::write(&path, &write(&fixture("mini5")).unwrap()[..40]).unwrap();
    assert_eq!(
        import(&path).unwrap_err().to_string(),
        format!(
            "{}: truncated .puz file: it ends inside the header",
            path.display()
        )
    );
}

/// Truncation at every length and every single-bit flip must give an error
/// (never a panic). The only bytes no checksum covers are the version and
/// the reserved fields (0x18..0x2C); flips there may read, but then must
/// read as the same puzzle.
#[test]
fn damaged_files_never_read_as_something_else() {
    for name in FIXTURES {
        let puzzle = fixture(name);
        let bytes = write(&puzzle).unwrap();
        for len in 0..bytes.len() {
            assert!(read(&bytes[..len], name).is_err(), "{name} cut at {len}");
        }
        for at in 0..bytes.len() {
            for bit in 0..8 {
                let mut damaged = bytes.clone();
                damaged[at] ^= 1 << bit;
                match read(&damaged, name) {
                    Err(_) => {}
                    Ok(read_back) => {
                        assert!(
                            (0x18..0x2C).contains(&at),
                            "{name}: flipping bit {bit} of byte {at:#x} went unnoticed"
                        );
                        assert_eq!(read_back.grid, puzzle.grid);
                    }
                }
            }
        }
    }
}

// ------------------------------------------------------------ writing errors

fn grid(text: &str) -> Grid {
    Grid::parse_text(text, "test").unwrap()
}

#[test]
fn puzzles_puz_cannot_hold_are_refused() {
    let unfilled = Puzzle::from_grid(grid("CAT\nA.E\nTEN\n"), 2);
    assert_eq!(
        write(&unfilled).unwrap_err().to_string(),
        "cannot write .puz: the grid is not filled: row 2, column 2 is empty"
    );
    let three = Puzzle::from_grid(grid("CAT\nA#E\nTEN\n"), 3);
    assert_eq!(
        write(&three).unwrap_err().to_string(),
        "cannot write .puz: the puzzle counts runs of 3 or more cells as words, but .puz \
         readers count every run of 2 or more"
    );
}
