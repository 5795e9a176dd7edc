//! `cruciverb studio`: viability against a brute force, and the JSON API over
//! real HTTP against a running server.

use std::collections::HashSet;
use std::fs;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use cruciverb::fill::{candidates, slot_name, Asking, FillOptions};
use cruciverb::grid::{Cell, Grid};
use cruciverb::progress::Deadline;
use cruciverb::wordlist::index::Index;
use cruciverb::wordlist::WordList;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::{json, Value};

use crate::common::python::run_python;
use crate::common::*;

/// Whether `grid` has a fill from `words` with no repeat: plain
/// backtracking over the slots with no inference, the reference.
fn fillable(grid: &Grid, words: &[String]) -> bool {
    fn go(
        grid: &mut Grid,
        slots: &[cruciverb::grid::Slot],
        k: usize,
        words: &[String],
        used: &mut HashSet<String>,
    ) -> bool {
        let Some(slot) = slots.get(k) else {
            return true;
        };
        let cells: Vec<(usize, usize)> = slot.cells().collect();
        for w in words.iter().filter(|w| w.len() == slot.len) {
            if used.contains(w) {
                continue;
            }
            let fits = cells
                .iter()
                .zip(w.bytes())
                .all(|(&(r, c), b)| match grid.get(r, c) {
                    Cell::Letter(x) => x == b,
                    _ => true,
                });
            if !fits {
                continue;
            }
            let before: Vec<Cell> = cells.iter().map(|&(r, c)| grid.get(r, c)).collect();
            cells
                .iter()
                .zip(w.bytes())
                .for_each(|(&(r, c), b)| grid.set(r, c, Cell::Letter(b)));
            used.insert(w.clone());
            let found = go(grid, slots, k + 1, words, used);
            used.remove(w);
            cells
                .iter()
                .zip(before)
                .for_each(|(&(r, c), was)| grid.set(r, c, was));
            if found {
                return true;
            }
        }
        false
    }
    // Across and down alternately, so that letters prune early.
    let mut slots = grid.slots(2);
    slots.sort_by_key(|s| {
        (
            s.row + s.col,
            s.direction == cruciverb::grid::Direction::Down,
        )
    });
    go(&mut grid.clone(), &slots, 0, words, &mut HashSet::new())
}

#[test]
fn viability_agrees_with_brute_force() {
    let mut rng = StdRng::seed_from_u64(21);
    let (mut viable, mut dead, mut ruled_out) = (0, 0, 0);
    for case in 0..25 {
        let words: Vec<String> = (0..rng.random_range(60..160))
            .map(|_| {
                (0..4)
                    .map(|_| (b'A' + rng.random_range(0..5u8)) as char)
                    .collect()
            })
            .collect::<HashSet<String>>()
            .into_iter()
            .collect();
        let text: String = words.iter().map(|w| format!("{w}\n")).collect();
        let list = WordList::parse(&text, "t").0;
        let index = Index::build(&list, 0).unwrap();
        let mut grid = Grid::empty(4, 4).unwrap();
        if rng.random_bool(0.5) {
            grid.set(
                rng.random_range(0..4),
                rng.random_range(0..4),
                Cell::Letter(b'A'),
            );
        }
        for slot in grid.slots(2) {
            let name = slot_name(&slot);
            let found = candidates(
                &grid,
                &index,
                &name,
                &FillOptions::default(),
                &Asking {
                    limit: 10_000,
                    known: &[],
                    deadline: Deadline::after(Some(Duration::from_secs(60))),
                },
            )
            .unwrap();
            // The fills found on the way are fills of the grid, one per
            // viable word; given back as witnesses, they change no answer.
            for fill in &found.fills {
                assert_valid_fill(&grid, fill, &list);
            }
            let viable_here = found.list.iter().filter(|c| c.viable == Some(true)).count();
            assert_eq!(found.fills.len(), viable_here, "case {case} {name}");
            let again = candidates(
                &grid,
                &index,
                &name,
                &FillOptions::default(),
                &Asking {
                    limit: 10_000,
                    known: &found.fills,
                    deadline: Deadline::after(Some(Duration::from_secs(60))),
                },
            )
            .unwrap();
            assert_eq!(again.list, found.list, "case {case} {name}");
            assert!(again.fills.is_empty(), "case {case} {name}");
            let fitting = words
                .iter()
                .filter(|w| {
                    slot.cells()
                        .zip(w.bytes())
                        .all(|((r, c), b)| match grid.get(r, c) {
                            Cell::Letter(x) => x == b,
                            _ => true,
                        })
                })
                .count();
            assert_eq!(
                found.list.len() + found.ruled_out,
                fitting,
                "case {case} {name}"
            );
            for cand in &found.list {
                let mut placed = grid.clone();
                slot.cells()
                    .zip(cand.word.bytes())
                    .for_each(|((r, c), b)| placed.set(r, c, Cell::Letter(b)));
                let truth = fillable(&placed, &words);
                assert_eq!(cand.viable, Some(truth), "case {case} {name} {}", cand.word);
                if truth {
                    viable += 1
                } else {
                    dead += 1
                }
            }
            ruled_out += found.ruled_out;
        }
    }
    // All three kinds of answer must have come up for the check to mean much.
    assert!(
        viable > 50 && dead > 50 && ruled_out > 50,
        "{viable} {dead} {ruled_out}"
    );
}

/// A running `cruciverb studio` on a free port, stopped on drop.
struct Studio {
    child: Child,
    address: String,
}

impl Studio {
    fn start(args: &[&str]) -> Studio {
        let cache = Path::new(env!("CARGO_TARGET_TMPDIR")).join("index-cache");
        let mut child = Command::new(bin())
            .arg("studio")
            .args(args)
            .env("CRUCIVERB_CACHE_DIR", cache)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let address = line
            .split_whitespace()
            .find_map(|w| w.strip_prefix("http://"))
            .unwrap_or_else(|| panic!("no address in {line:?}"))
            .trim_end_matches('/')
            .to_string();
        assert!(address.starts_with("127.0.0.1:"), "{line}");
        Studio { child, address }
    }

    /// One request over a fresh connection: the status and the body.
    fn request(&self, method: &str, path: &str, content_type: &str, body: &[u8]) -> (u16, String) {
        self.request_as(&self.address, method, path, content_type, body)
    }

    /// [`Self::request`] with `host` in the `Host` header.
    fn request_as(
        &self,
        host: &str,
        method: &str,
        path: &str,
        content_type: &str,
        body: &[u8],
    ) -> (u16, String) {
        let (status, body, _) = self.exchange(host, method, path, content_type, body);
        (status, String::from_utf8_lossy(&body).into_owned())
    }

    /// One request: the status, the body's bytes and the head.
    fn exchange(
        &self,
        host: &str,
        method: &str,
        path: &str,
        content_type: &str,
        body: &[u8],
    ) -> (u16, Vec<u8>, String) {
        let mut stream = TcpStream::connect(&self.address).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(120)))
            .unwrap();
        let head = format!(
            "{method} {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
            body.len()
        );
        stream.write_all(head.as_bytes()).unwrap();
        // A server may refuse before reading the whole body.
        let _ = stream.write_all(body);
        let mut reply = Vec::new();
        stream.read_to_end(&mut reply).unwrap();
        let split = reply
            .windows(4)
            .position(|w| w == b"\r\n\r\n")
            .expect("an HTTP reply");
        let head = String::from_utf8_lossy(&reply[..split]).into_owned();
        let body = String::from_utf8_lossy(&reply[split + 4..]).into_owned();
        let status = head.split_whitespace().nth(1).unwrap().parse().unwrap();
        if head
            .to_ascii_lowercase()
            .contains("transfer-encoding: chunked")
        {
            return (status, dechunk(&body).into_bytes(), head);
        }
        (status, reply[split + 4..].to_vec(), head)
    }

    /// Asserts that the studio refuses the request with `want`: the status
    /// and the exact error message.
    fn refuses(&self, path: &str, body: &Value, want: (u16, &str)) {
        let (status, reply) = self.post(path, body);
        let message = reply["error"]
            .as_str()
            .unwrap_or_else(|| panic!("no error: {reply}"));
        assert_eq!((status, message), want, "{path} {body}");
    }

    fn post(&self, path: &str, body: &Value) -> (u16, Value) {
        let (status, text) = self.request(
            "POST",
            path,
            "application/json",
            body.to_string().as_bytes(),
        );
        (
            status,
            serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}")),
        )
    }
}

impl Drop for Studio {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn dechunk(mut body: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = body.split_once("\r\n") {
        let n = usize::from_str_radix(size.trim(), 16).unwrap();
        if n == 0 {
            break;
        }
        out.push_str(&rest[..n]);
        body = &rest[n + 2..];
    }
    out
}

/// The name of the first slot of `grid`.
fn name_of_first(grid: &Grid) -> String {
    slot_name(&grid.slots(2)[0])
}

fn rows(grid: &Grid) -> Vec<String> {
    grid.to_text().lines().map(str::to_string).collect()
}

fn grid_of(value: &Value) -> Grid {
    let rows: Vec<&str> = value
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap())
        .collect();
    Grid::parse_text(&rows.join("\n"), "reply").unwrap()
}

#[test]
fn api_over_http_candidates_fill_and_refusals() {
    let studio = Studio::start(&[]);
    let (status, page) = studio.request("GET", "/", "text/plain", b"");
    assert_eq!(status, 200);
    // Only the studio's own address: a domain name pointed at 127.0.0.1 by
    // another page (DNS rebinding) is refused.
    let port = studio.address.rsplit_once(':').unwrap().1;
    let local = format!("localhost:{port}");
    assert_eq!(
        studio.request_as(&local, "GET", "/", "text/plain", b"").0,
        200
    );
    let (status, body) = studio.request_as(
        "evil.example:80",
        "POST",
        "/api/save",
        "application/json",
        b"{}",
    );
    assert_eq!(status, 403);
    assert_eq!(
        serde_json::from_str::<Value>(&body).unwrap()["error"],
        "the studio answers requests to its own address, not to host \"evil.example:80\""
    );
    assert!(page.contains("<title>cruciverb studio</title>"));
    assert_eq!(
        studio.request("GET", "/studio.js", "text/plain", b"").0,
        200
    );
    // The page's scripts are modules, which browsers run only when served
    // as JavaScript.
    for script in ["/studio.js", "/state.js", "/api.js", "/view.js"] {
        let (status, body, head) =
            studio.exchange(&studio.address, "GET", script, "text/plain", b"");
        assert_eq!(status, 200, "{script}");
        assert!(
            head.to_ascii_lowercase()
                .contains("content-type: text/javascript"),
            "{script}: {head}"
        );
        assert!(!body.is_empty(), "{script}");
    }
    assert!(page.contains(r#"<script type="module" src="/studio.js"></script>"#));

    // A 15×15 with its top half filled: every viable word must really fill.
    let full = grid_file("ingrid_readme.txt");
    let (status, filled) = studio.post("/api/fill", &json!({ "grid": rows(&full), "timeout": 30 }));
    assert_eq!(status, 200, "{filled}");
    let quality = filled["quality"].as_str().unwrap();
    assert!(
        quality.starts_with(&format!(
            "quality: {} entries, mean score",
            full.slots(2).len()
        )),
        "{quality}"
    );
    let filled = grid_of(&filled["grid"]);
    let mut half = filled.clone();
    for r in 7..half.height() {
        for c in 0..half.width() {
            if half.is_white(r, c) {
                half.set(r, c, Cell::Empty);
            }
        }
    }
    // Every answer checked by filling with the word in place, over slots of
    // the open half.
    let (list, _) = cruciverb::wordlist::embedded::default_list().unwrap();
    let open: Vec<_> = half
        .slots(2)
        .into_iter()
        .filter(|s| s.cells().any(|(r, c)| half.get(r, c) == Cell::Empty))
        .take(8)
        .collect();
    let (mut viable, mut dead) = (0, 0);
    for slot in &open {
        let name = slot_name(slot);
        let (status, reply) = studio.post(
            "/api/candidates",
            &json!({ "grid": rows(&half), "slot": name.to_lowercase(), "limit": 6, "timeout": 20 }),
        );
        assert_eq!(status, 200, "{reply}");
        assert_eq!(reply["slot"], name.as_str());
        assert_eq!(reply["undecided"], 0, "{reply}");
        let found = reply["candidates"].as_array().unwrap();
        assert!(found.len() <= 6);
        let scores: Vec<u64> = found.iter().map(|c| c["score"].as_u64().unwrap()).collect();
        assert!(scores.windows(2).all(|w| w[0] >= w[1]), "{scores:?}");
        for cand in found {
            let word = cand["word"].as_str().unwrap();
            let mut placed = half.clone();
            slot.cells()
                .zip(word.bytes())
                .for_each(|((r, c), b)| placed.set(r, c, Cell::Letter(b)));
            let (status, body) = studio.post(
                "/api/fill",
                &json!({ "grid": rows(&placed), "timeout": 30 }),
            );
            match cand["viable"].as_bool() {
                Some(true) => {
                    assert_eq!(status, 200, "{word}: {body}");
                    assert_valid_fill(&placed, &grid_of(&body["grid"]), &list);
                    viable += 1;
                }
                Some(false) => {
                    assert_eq!(status, 422, "{word}: {body}");
                    assert_eq!(body["result"], "unfillable");
                    dead += 1;
                }
                None => panic!("undecided with a 20 s budget: {word}"),
            }
        }
    }
    assert!(viable >= 5, "{viable} viable, {dead} not");
    let slot = &open[0];

    // A banned word is never offered, nor placed by a fill.
    let ask = |banned: &[&str]| {
        let request =
            json!({ "grid": rows(&half), "slot": slot_name(slot), "limit": 5, "banned": banned });
        let (status, reply) = studio.post("/api/candidates", &request);
        assert_eq!(status, 200, "{reply}");
        let words: Vec<String> = reply["candidates"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["word"].as_str().unwrap().to_string())
            .collect();
        words
    };
    let before = ask(&[]);
    let lower = before[0].to_lowercase();
    let after = ask(&[lower.as_str()]);
    assert!(!after.contains(&before[0]), "{after:?}");
    // The rest keep their order; some may go too, when the ban leaves a
    // crossing slot only words sharing a root with them.
    let kept: Vec<&String> = after.iter().filter(|w| before.contains(w)).collect();
    let still: Vec<&String> = before[1..].iter().filter(|w| after.contains(w)).collect();
    assert_eq!(kept, still, "{before:?} then {after:?}");
    // A word the ban took away with it has no fill once the ban holds.
    for gone in before[1..].iter().filter(|w| !after.contains(w)) {
        let mut placed = half.clone();
        slot.cells()
            .zip(gone.bytes())
            .for_each(|((r, c), b)| placed.set(r, c, Cell::Letter(b)));
        let (status, body) = studio.post(
            "/api/fill",
            &json!({ "grid": rows(&placed), "banned": [lower], "timeout": 30 }),
        );
        assert_eq!(status, 422, "{gone}: {body}");
    }
    let (status, body) = studio.post(
        "/api/fill",
        &json!({ "grid": rows(&half), "banned": [lower], "timeout": 30 }),
    );
    assert_eq!(status, 200, "{body}");
    assert!(!grid_words(&grid_of(&body["grid"])).contains(&before[0]));
    studio.refuses("/api/fill", &json!({ "grid": rows(&half), "banned": ["A1"] }), (400, "\"banned\" word \"A1\" holds a character no grid can (letters, spaces, hyphens and apostrophes only)"));

    // A region fill changes only the region and keeps the rest fillable.
    let region: Vec<[usize; 2]> = slot.cells().map(|(r, c)| [r, c]).collect();
    let (status, body) = studio.post(
        "/api/fill",
        &json!({ "grid": rows(&half), "region": region, "timeout": 30 }),
    );
    assert_eq!(status, 200, "{body}");
    let after = grid_of(&body["grid"]);
    for r in 0..half.height() {
        for c in 0..half.width() {
            let inside = slot.cells().any(|x| x == (r, c));
            if inside {
                assert!(matches!(after.get(r, c), Cell::Letter(_)));
            } else {
                assert_eq!(
                    after.get(r, c),
                    half.get(r, c),
                    "outside the region at {r},{c}"
                );
            }
        }
    }

    // A newer candidates request stops an older one: a slow request (an
    // open 15×15, where proofs take long) returns, with words left
    // undecided, soon after a quick one arrives.
    let open_grid = rows(&grid_file("ingrid_readme.txt"));
    let slow = std::thread::scope(|scope| {
        let slow = scope.spawn(|| {
            let started = std::time::Instant::now();
            let reply = studio.post(
                "/api/candidates",
                &json!({ "grid": open_grid, "slot": "1A", "limit": 2000, "timeout": 60 }),
            );
            (started.elapsed(), reply)
        });
        std::thread::sleep(Duration::from_millis(500));
        let (status, _) = studio.post(
            "/api/candidates",
            &json!({ "grid": rows(&half), "slot": name_of_first(&half), "limit": 1 }),
        );
        assert_eq!(status, 200);
        slow.join().unwrap()
    });
    let (took, (status, reply)) = slow;
    assert_eq!(status, 200, "{reply}");
    assert!(
        took < Duration::from_secs(20),
        "the stale request ran {took:?}"
    );
    assert!(reply["undecided"].as_u64().unwrap() > 0, "{reply}");

    // Export then import: the grid, credits and clues come back.
    let export = json!({ "grid": rows(&filled), "format": "ipuz", "title": "Test one",
                         "author": "Me", "clues": { "1A": "First across", "1D": "First down" } });
    let (status, file) = studio.request(
        "POST",
        "/api/export",
        "application/json",
        export.to_string().as_bytes(),
    );
    assert_eq!(status, 200, "{file}");
    let (status, back) = studio.post(
        "/api/import",
        &json!({ "name": "Test-one.ipuz", "bytes": file.as_bytes() }),
    );
    assert_eq!(status, 200, "{back}");
    assert_eq!(grid_of(&back["grid"]), filled);
    assert_eq!(
        (back["title"].as_str(), back["author"].as_str()),
        (Some("Test one"), Some("Me"))
    );
    assert_eq!(
        (back["clues"]["1A"].as_str(), back["clues"]["1D"].as_str()),
        (Some("First across"), Some("First down"))
    );
    assert_eq!(
        back["clues"].as_object().unwrap().len(),
        filled.slots(2).len()
    );
    studio.refuses(
        "/api/export",
        &json!({ "grid": rows(&filled), "format": "docx" }),
        (
            400,
            "\"format\" \"docx\" is not one of puz, ipuz, jpz, xd, txt, pdf",
        ),
    );
    studio.refuses(
        "/api/export",
        &json!({ "grid": rows(&filled), "format": "pdf", "paper": "a5" }),
        (400, "\"paper\" \"a5\" is not letter or a4"),
    );
    studio.refuses(
        "/api/export",
        &json!({ "grid": rows(&filled), "format": "puz", "paper": "a4" }),
        (400, "\"paper\" is for the pdf format only"),
    );
    studio.refuses(
        "/api/export",
        &json!({ "grid": rows(&filled), "format": "xd", "clues": { "99A": "x" } }),
        (400, "\"clues\" names \"99A\", which is no slot of the grid"),
    );
    let (status, body) = studio.post(
        "/api/import",
        &json!({ "name": "junk.puz", "bytes": [1, 2, 3] }),
    );
    assert_eq!(status, 400, "{body}");
    assert!(
        body["error"].as_str().unwrap().starts_with("junk.puz"),
        "{body}"
    );
    studio.refuses(
        "/api/import",
        &json!({ "name": "notes.doc", "bytes": [] }),
        (
            400,
            "notes.doc: cannot tell the format from the file name (open reads .puz, .ipuz, .jpz and .xd)",
        ),
    );

    // Clues: written ones kept, complete answers drafted from the database,
    // an incomplete answer left empty.
    let mut partial = filled.clone();
    let last = filled
        .slots(2)
        .into_iter()
        .rev()
        .find(|s| s.direction == cruciverb::grid::Direction::Across)
        .unwrap();
    let (r, c) = last.cells().next().unwrap();
    partial.set(r, c, Cell::Empty);
    let (status, body) = studio.post(
        "/api/clues",
        &json!({ "grid": rows(&partial), "clues": { "1A": "Mine" } }),
    );
    assert_eq!(status, 200, "{body}");
    let drafted = body["clues"].as_object().unwrap();
    assert_eq!(drafted.len(), partial.slots(2).len());
    assert_eq!(drafted["1A"], "Mine");
    assert_eq!(drafted[&slot_name(&last)], "");
    let written = drafted
        .values()
        .filter(|t| !t.as_str().unwrap().is_empty())
        .count();
    assert!(written * 10 >= drafted.len() * 8, "{body}");

    // Refusals: each a JSON error naming the problem.
    studio.refuses(
        "/api/candidates",
        &json!({ "grid": rows(&half), "slot": "99Z" }),
        (
            400,
            "the grid has no slot 99Z (slots are named like clues: 1A, 3D)",
        ),
    );
    let (status, body) = studio.post("/api/candidates", &json!({ "grid": 3, "slot": "1A" }));
    assert_eq!(status, 422);
    assert!(
        body["error"]
            .as_str()
            .unwrap()
            .contains("grid: invalid type: integer `3`"),
        "{body}"
    );
    studio.refuses(
        "/api/fill",
        &json!({ "grid": ["#..", "...", "..Q"], "timeout": 0 }),
        (
            400,
            "\"timeout\" must be more than 0 and at most 60 seconds, not 0",
        ),
    );
    studio.refuses(
        "/api/fill",
        &json!({ "grid": ["...", "..X", "#.."], "region": [[5, 0]] }),
        (400, "\"region\" cell [5, 0] is outside the 3×3 grid"),
    );
    let (status, body) = studio.post("/api/fill", &json!({ "grid": ["QQ.", "...", "..."] }));
    assert_eq!(status, 422, "{body}");
    assert_eq!(body["result"], "unfillable");
    assert_eq!(body["slots"], json!(["1A"]));
    let (status, text) = studio.request("POST", "/api/fill", "application/json", b"{\"grid\": [");
    assert_eq!(status, 400);
    assert!(
        text.contains("Failed to parse the request body as JSON"),
        "{text}"
    );
    let (status, _) = studio.request("POST", "/api/fill", "text/plain", b"{}");
    assert_eq!(status, 415);
    let huge = vec![b' '; 2 << 20];
    assert_eq!(
        studio
            .request("POST", "/api/fill", "application/json", &huge)
            .0,
        413
    );
    studio.refuses(
        "/api/nothing",
        &json!({}),
        (404, "no such page or API call"),
    );
    studio.refuses(
        "/api/clues",
        &json!({ "grid": ["CAT", "A.A", "TAT"], "clues": { "99A": "Gone" } }),
        (400, "\"clues\" names \"99A\", which is no slot of the grid"),
    );
    // A call with the wrong method says so in JSON too.
    let (status, text) = studio.request("GET", "/api/fill", "application/json", b"");
    assert_eq!(status, 405);
    let body: Value = serde_json::from_str(&text).expect("a JSON error body");
    assert_eq!(body["error"], "/api/fill does not take GET");

    // Analysis: counts and rule violations.
    let (status, body) = studio.post(
        "/api/analyze",
        &json!({ "grid": ["#....", ".....", ".....", ".....", "....."] }),
    );
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        (body["words"].as_u64(), body["blocks"].as_u64()),
        (Some(10), Some(1))
    );
    assert_eq!(
        body["violations"],
        json!(["the blocks are not rotationally symmetric"])
    );
    // Every slot with its number and first cell: the page's one numbering.
    let starts: Vec<Value> = body["slots"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| json!([s["slot"], s["number"], s["row"], s["col"], s["length"]]))
        .collect();
    assert_eq!(
        starts[..6],
        [
            json!(["1A", 1, 0, 1, 4]),
            json!(["5A", 5, 1, 0, 5]),
            json!(["6A", 6, 2, 0, 5]),
            json!(["7A", 7, 3, 0, 5]),
            json!(["8A", 8, 4, 0, 5]),
            json!(["1D", 1, 0, 1, 5]),
        ]
    );
    assert_eq!(body["unfillable"], Value::Null);
    // Heat: a block has none, a fixed letter exactly one, an open cell
    // between 1 and 26 letters.
    let (status, body) = studio.post("/api/analyze", &json!({ "grid": rows(&half) }));
    assert_eq!(status, 200, "{body}");
    let heat = body["heat"].as_array().unwrap();
    assert_eq!(heat.len(), half.height());
    for (r, row) in heat.iter().enumerate() {
        for (c, n) in row.as_array().unwrap().iter().enumerate() {
            match half.get(r, c) {
                Cell::Block => assert_eq!(n, &Value::Null),
                Cell::Letter(_) => assert_eq!(n, 1),
                Cell::Empty => assert!((1..=26).contains(&n.as_u64().unwrap()), "{r},{c}: {n}"),
            }
        }
    }
    let (status, body) = studio.post("/api/analyze", &json!({ "grid": ["QQ.", "...", "..."] }));
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        body["unfillable"],
        json!({ "reason": "no word fits the fixed letters of 1A", "slots": ["1A"] })
    );
    assert_eq!(body["heat"], Value::Null);
}

#[test]
fn studio_listens_on_loopback_opens_its_file_and_stops_on_ctrl_c() {
    let grid = data("grids/mini5_2corners.txt");
    let studio = Studio::start(&[grid.to_str().unwrap()]);
    let (status, text) = studio.request("GET", "/api/start", "text/plain", b"");
    assert_eq!(status, 200);
    let body: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(
        body["grid"],
        json!(["#....", ".....", ".....", ".....", "....#"])
    );
    let mut studio = studio;
    let pid = studio.child.id().to_string();
    assert!(Command::new("kill")
        .args(["-INT", &pid])
        .status()
        .unwrap()
        .success());
    let status = studio.child.wait().unwrap();
    assert!(status.success(), "{status:?}");
    let mut err = String::new();
    studio
        .child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    assert!(err.contains("cruciverb studio: stopped"), "{err}");
}

/// The page in Debian's chromium, driven over WebDriver by
/// `tests/browser/studio_e2e.py`: a new grid, a symmetric block, typing,
/// banning a suggestion and picking another, locking it, one entry filled,
/// autofill, clearing what is not locked, undo, drafting clues and picking
/// another of the database's clues for an entry, entries sharing a root.
/// The screenshots stay in `target/tmp/studio-screens` to be looked at.
/// Runs `tests/browser/SCRIPT` (which imports its neighbour `chrome.py`)
/// on the studio's page, its screenshots going to `target/tmp/SHOTS`;
/// returns what it prints.
fn browser_script(script: &str, studio: &Studio, shots: &str) -> String {
    for program in ["/usr/bin/chromium", "/usr/bin/chromedriver"] {
        assert!(
            Path::new(program).exists(),
            "{program} is missing: install Debian's chromium and chromium-driver (.ci/run does)"
        );
    }
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/browser");
    let shots = Path::new(env!("CARGO_TARGET_TMPDIR")).join(shots);
    fs::create_dir_all(&shots).unwrap();
    let run = format!(
        "import runpy, sys; sys.path.insert(0, {dir:?}); runpy.run_path({path:?}, run_name='__main__')",
        dir = dir.to_str().unwrap(),
        path = dir.join(script).to_str().unwrap(),
    );
    let url = format!("http://{}/", studio.address);
    run_python(&run, &[&url, shots.to_str().unwrap()])
}

/// The page's pure state module (`src/studio/page/state.js`, as the studio
/// serves it) under its tests, `tests/browser/state_test.js`, in chromium.
#[test]
fn studio_page_state_module_in_a_real_browser() {
    let studio = Studio::start(&[]);
    let out = browser_script("studio_state.py", &studio, "studio-state");
    let result: Value = serde_json::from_str(out.trim()).unwrap_or_else(|e| panic!("{e}: {out}"));
    assert_eq!(result["failures"], json!([]), "{result}");
    assert!(result["passed"].as_u64().unwrap_or(0) >= 24, "{result}");
}

#[test]
fn studio_page_in_a_real_browser() {
    let studio = Studio::start(&[]);
    let out = browser_script("studio_e2e.py", &studio, "studio-screens");
    let shots = Path::new(env!("CARGO_TARGET_TMPDIR")).join("studio-screens");
    let result: Value = serde_json::from_str(out.trim()).unwrap_or_else(|e| panic!("{e}: {out}"));
    let filled: Vec<&str> = result["filled"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap())
        .collect();
    let grid = Grid::parse_text(&filled.join("\n"), "page").unwrap();
    let start = Grid::parse_text("#....\n.....\n.....\n.....\n....#", "start").unwrap();
    let (list, _) = cruciverb::wordlist::embedded::default_list().unwrap();
    assert_valid_fill(&start, &grid, &list);
    assert_eq!(filled[1], result["word"].as_str().unwrap());
    let banned = result["banned"].as_str().unwrap();
    assert!(banned.starts_with("ST") && banned != filled[1]);
    assert!(
        !grid_words(&grid).iter().any(|w| w == banned),
        "{banned} was placed"
    );
    assert!(filled[1].starts_with("ST"));
    // The downloaded .puz, read by puzpy: the same solution and the clues
    // the page drafted, in .puz order (by number, across first).
    let read = run_python(
        "import sys, json, puz; p = puz.read(sys.argv[1]); print(json.dumps([p.width, p.height, p.solution, p.clues]))",
        &[result["puz"].as_str().unwrap()],
    );
    let read: Value = serde_json::from_str(read.trim()).unwrap();
    let read = read.as_array().unwrap();
    assert_eq!(
        read[..3],
        [json!(5), json!(5), json!(filled.concat().replace('#', "."))]
    );
    let mut slots = grid.slots(2);
    slots.sort_by_key(|s| (s.number, s.direction != cruciverb::grid::Direction::Across));
    let expected: Vec<&Value> = slots
        .iter()
        .map(|s| &result["clues"][slot_name(s)])
        .collect();
    assert_eq!(
        read[3].as_array().unwrap().iter().collect::<Vec<_>>(),
        expected
    );
    assert!(expected.iter().all(|c| !c.as_str().unwrap().is_empty()));
    // The clue picked among the database's went into the puzzle.
    let picked = &result["picked"];
    assert_ne!(picked["before"], picked["after"]);
    assert_eq!(
        result["clues"][picked["slot"].as_str().unwrap()],
        picked["after"]
    );
    // The patterns the page drew around PATTERN obey the rules.
    let mut rules =
        cruciverb::pattern::rules::Rules::preset(cruciverb::pattern::rules::Style::American);
    rules.symmetry = cruciverb::pattern::rules::Symmetry::Rotational;
    for drawn in result["patterns"].as_array().unwrap() {
        let drawn = grid_of(drawn);
        assert_eq!(
            violations(&pattern_of(&drawn), &rules),
            Vec::<String>::new()
        );
        let middle = &rows(&drawn)[7];
        assert_eq!(&middle[3..12], "#PATTERN#", "{middle}");
    }
    for shot in [
        "studio-suggestions.png",
        "studio-filled.png",
        "studio-clues.png",
        "studio-alternatives.png",
        "studio-pattern.png",
        "studio-roots.png",
    ] {
        let bytes = std::fs::read(shots.join(shot)).unwrap();
        assert!(
            bytes.starts_with(b"\x89PNG") && bytes.len() > 10_000,
            "{shot}"
        );
    }
}

/// Started on an .ipuz that does not exist yet, the studio saves there (and
/// nowhere else); started on it again, it opens what was saved.
#[test]
fn studio_saves_to_the_ipuz_it_was_started_on() {
    let dir = scratch("studio-save");
    let path = dir.join("monday.ipuz");
    let name = path.to_str().unwrap();
    let grid = ["#....", ".....", ".....", ".....", "....#"];
    {
        let studio = Studio::start(&[name]);
        let (_, text) = studio.request("GET", "/api/start", "text/plain", b"");
        let start: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(
            (&start["grid"], start["file"].as_str()),
            (&Value::Null, Some(name))
        );
        let (status, body) = studio.post(
            "/api/save",
            &json!({ "grid": grid, "title": "Monday", "clues": { "1A": "First" } }),
        );
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["saved"], name);
    }
    let saved = cruciverb::formats::import(&path).unwrap();
    assert_eq!(saved.grid.to_text(), grid.join("\n") + "\n");
    assert_eq!(saved.title, "Monday");
    let studio = Studio::start(&[name]);
    let (_, text) = studio.request("GET", "/api/start", "text/plain", b"");
    let start: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(start["grid"], json!(grid));
    assert_eq!(start["clues"]["1A"], "First");
    assert_eq!(start["title"], "Monday");
    drop(studio);

    // Started on anything else, there is nowhere to save.
    let other = Studio::start(&[data("grids/mini5_2corners.txt").to_str().unwrap()]);
    let (status, body) = other.post("/api/save", &json!({ "grid": grid }));
    assert_eq!(status, 409);
    assert_eq!(
        body["error"],
        "the studio was not started on a puzzle file, so there is nowhere to save; export instead"
    );
    assert_eq!(
        std::fs::read_dir(dir.join("")).unwrap().count(),
        1,
        "only monday.ipuz"
    );
}

/// An .ipuz carrying every field a puzzle file can: copyright, notes,
/// circled, shaded and rebus cells, an enumeration, and keys cruciverb does
/// not model (origin, publisher, date, explanations, a tool's extension).
/// Opened in the studio and saved as `/api/start` gave it, the file is
/// unchanged in content; with one letter changed, only that cell is.
/// Writes to `path` an .ipuz carrying every field a puzzle file can (see
/// [`studio_save_keeps_every_field_of_the_file`]) and returns its JSON.
/// mini5 with every field the puzzle model holds: credits, notes, an
/// enumeration, a circle, a shaded cell and a rebus.
fn rich_puzzle() -> cruciverb::puzzle::Puzzle {
    use cruciverb::grid::Mark;
    let mut puzzle = fixture("mini5");
    puzzle.copyright = "© 2026 A. Setter".into();
    puzzle.notes = "Circled letters spell a theme.".into();
    puzzle.clues[0].enumeration = "4".into();
    let mark = |circled, shaded, rebus: Option<&str>| Mark {
        circled,
        shaded,
        rebus: rebus.map(str::to_string),
    };
    puzzle
        .set_marks(std::collections::BTreeMap::from([
            ((0, 1), mark(true, false, None)),
            ((2, 2), mark(false, true, None)),
            ((1, 0), mark(false, false, Some("CAT"))),
        ]))
        .unwrap();
    puzzle
}

fn rich_ipuz(path: &Path) -> Value {
    let puzzle = rich_puzzle();
    let mut original: Value =
        serde_json::from_str(&cruciverb::formats::ipuz::write(&puzzle)).unwrap();
    original["origin"] = json!("Another Tool 3.1");
    original["publisher"] = json!("The Daily Example");
    original["date"] = json!("11/28/2026");
    original["explanations"] = json!({ "1A": "A note for solvers" });
    original["com.example:extension"] = json!({ "level": 3 });
    fs::write(path, serde_json::to_string_pretty(&original).unwrap()).unwrap();
    original
}

#[test]
fn studio_save_keeps_every_field_of_the_file() {
    let dir = scratch("studio-roundtrip");
    let path = dir.join("rich.ipuz");
    let name = path.to_str().unwrap();
    let original = rich_ipuz(&path);

    let studio = Studio::start(&[name]);
    let (_, text) = studio.request("GET", "/api/start", "text/plain", b"");
    let start: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(start["copyright"], "© 2026 A. Setter");
    assert_eq!(
        start["marks"],
        json!([
            { "row": 0, "col": 1, "circled": true, "shaded": false, "rebus": null },
            { "row": 1, "col": 0, "circled": false, "shaded": false, "rebus": "CAT" },
            { "row": 2, "col": 2, "circled": false, "shaded": true, "rebus": null },
        ])
    );
    let (status, body) = studio.post("/api/save", &start);
    assert_eq!(status, 200, "{body}");
    let saved: Value = serde_json::from_str(&fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(
        saved, original,
        "saved without changes, the file is the same"
    );

    // One letter changed (ERICA's E): only that cell of the solution.
    let mut changed = start.clone();
    changed["grid"][2] = json!("XRICA");
    let (status, body) = studio.post("/api/save", &changed);
    assert_eq!(status, 200, "{body}");
    let saved: Value = serde_json::from_str(&fs::read_to_string(&path).unwrap()).unwrap();
    let mut expected = original.clone();
    expected["solution"][2][0] = json!("X");
    assert_eq!(saved, expected);
    // A letter typed over the rebus replaces it; the other marks stay.
    let mut retyped = start.clone();
    retyped["grid"][1] = json!("DURIO");
    retyped.as_object_mut().unwrap().remove("marks");
    let (status, body) = studio.post("/api/save", &retyped);
    assert_eq!(status, 200, "{body}");
    let again = cruciverb::formats::import(&path).unwrap();
    assert_eq!(again.marks.len(), 2, "{:?}", again.marks);
    assert_eq!(again.copyright, "© 2026 A. Setter");
    assert_eq!(again.clues[0].enumeration, "4");
}

/// The page shows an opened file's circled, shaded and rebus cells, writes
/// a rebus with Insert, and Ctrl+S saves it with the file's other marks and
/// fields (screenshot: `target/tmp/studio-marks/marks.png`).
#[test]
fn studio_page_shows_and_saves_marks_in_a_real_browser() {
    let dir = scratch("studio-marks");
    let path = dir.join("rich.ipuz");
    rich_ipuz(&path);
    let studio = Studio::start(&[path.to_str().unwrap()]);
    let out = browser_script("studio_marks.py", &studio, "studio-marks");
    let seen: Value = serde_json::from_str(out.trim()).unwrap_or_else(|e| panic!("{e}: {out}"));
    assert_eq!(seen["circled"], json!([[0, 1]]));
    assert_eq!(seen["shaded"], json!([[2, 2]]));
    assert_eq!(
        (&seen["rebus"], &seen["new_rebus"]),
        (&json!("CAT"), &json!("KEY"))
    );
    drop(studio);
    let saved = cruciverb::formats::import(&path).unwrap();
    let rebuses: Vec<(&(usize, usize), Option<&str>)> = saved
        .marks
        .iter()
        .map(|(at, m)| (at, m.rebus.as_deref()))
        .filter(|(_, r)| r.is_some())
        .collect();
    assert_eq!(rebuses, [(&(1, 0), Some("CAT")), (&(4, 2), Some("KEY"))]);
    assert_eq!(saved.marks.len(), 4);
    assert_eq!(saved.copyright, "© 2026 A. Setter");
    let answers: Vec<&str> = saved.clues.iter().map(|c| c.answer.as_str()).collect();
    assert!(answers.contains(&"ASKEYS"), "{answers:?}");
    let raw: Value = serde_json::from_str(&fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(raw["publisher"], "The Daily Example");
}

/// A request that declares a body and sends only part of it is answered
/// 408 once the studio's wait for bodies is over, not held open.
#[test]
fn studio_drops_a_request_whose_body_stalls() {
    let studio = Studio::start(&[]);
    let mut stream = TcpStream::connect(&studio.address).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    write!(
        stream,
        "POST /api/fill HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{{\"",
        studio.address
    )
    .unwrap();
    let mut reply = String::new();
    stream.read_to_string(&mut reply).unwrap();
    assert!(reply.starts_with("HTTP/1.1 408"), "{reply}");
    assert!(
        reply.ends_with("{\"error\":\"the request body did not arrive within 10 s\"}"),
        "{reply}"
    );
}

/// CPU time the process has used so far, in clock ticks.
fn cpu_ticks(pid: u32) -> u64 {
    let stat = fs::read_to_string(format!("/proc/{pid}/stat")).unwrap();
    // After the command name in parentheses: utime and stime are fields
    // 14 and 15 of the whole line.
    let rest = &stat[stat.rfind(')').unwrap() + 2..];
    let fields: Vec<u64> = rest
        .split_whitespace()
        .skip(11)
        .take(2)
        .map(|f| f.parse().unwrap())
        .collect();
    fields.iter().sum()
}

/// A fill whose client has gone stops: a 7×7 open square (which would run
/// its whole 30 s) is asked for and the connection closed; the server then
/// uses next to no CPU. With the client waiting, the same request runs
/// until its timeout.
#[test]
fn studio_stops_a_fill_or_pattern_search_its_client_abandoned() {
    // An open 7×7 has no fill (the search runs to its time limit), and no
    // open 21×21 pattern fills above a floor of 95.
    let calls = [
        (
            "/api/fill",
            json!({ "grid": vec!["......."; 7], "timeout": 30 }),
        ),
        (
            "/api/pattern",
            json!({ "grid": vec![".".repeat(21); 21], "timeout": 30, "min_score": 95 }),
        ),
    ];
    for (path, body) in calls {
        let studio = Studio::start(&[]);
        let body = body.to_string();
        let mut stream = TcpStream::connect(&studio.address).unwrap();
        write!(
            stream,
            "POST {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            studio.address,
            body.len()
        )
        .unwrap();
        std::thread::sleep(Duration::from_millis(500));
        let pid = studio.child.id();
        let working = cpu_ticks(pid);
        std::thread::sleep(Duration::from_millis(1000));
        assert!(
            cpu_ticks(pid) - working > 20,
            "{path}: the search is under way"
        );
        drop(stream);
        std::thread::sleep(Duration::from_millis(300));
        let after = cpu_ticks(pid);
        std::thread::sleep(Duration::from_secs(2));
        let used = cpu_ticks(pid) - after;
        assert!(
            used < 40,
            "{path}: {used} ticks in 2 s after the client left"
        );
    }
}

/// The grid as a pattern (white cells), for the independent rule checker.
fn pattern_of(grid: &Grid) -> cruciverb::pattern::Pattern {
    let rows = (0..grid.height())
        .map(|r| {
            (0..grid.width())
                .filter(|&c| grid.is_white(r, c))
                .fold(0u32, |row, c| row | 1 << c)
        })
        .collect();
    cruciverb::pattern::Pattern::from_rows(grid.width(), grid.height(), rows).unwrap()
}

#[test]
fn studio_draws_patterns_around_entries() {
    let studio = Studio::start(&[]);
    // A theme entry the list lacks (the constructor's own) and one it has.
    let mut start = vec![".".repeat(15); 15];
    start[7] = "ELECTRICGUITARS".to_string();
    start[3] = "...CROSSWORD...".to_string();
    let given = grid_of(&json!(start));
    let (list, _) = cruciverb::wordlist::embedded::default_list().unwrap();
    assert!(list.get("ELECTRICGUITARS").is_none());
    let mut filled_any = false;
    for seed in 0..3 {
        let request = json!({ "grid": start, "seed": seed, "timeout": 10 });
        let (status, body) = studio.post("/api/pattern", &request);
        assert_eq!(status, 200, "{body}");
        let drawn = grid_of(&body["grid"]);
        // The same seed draws the same pattern.
        assert_eq!(
            studio.post("/api/pattern", &request).1["grid"],
            body["grid"]
        );
        for r in 0..15 {
            for c in 0..15 {
                if let Cell::Letter(l) = given.get(r, c) {
                    assert_eq!(drawn.get(r, c), Cell::Letter(l), "{r},{c}");
                }
            }
        }
        // Each entry is a whole slot: blocks at both ends of CROSSWORD.
        assert_eq!(
            (drawn.get(3, 2), drawn.get(3, 12)),
            (Cell::Block, Cell::Block)
        );
        let mut rules =
            cruciverb::pattern::rules::Rules::preset(cruciverb::pattern::rules::Style::American);
        rules.symmetry = cruciverb::pattern::rules::Symmetry::Rotational;
        assert_eq!(
            violations(&pattern_of(&drawn), &rules),
            Vec::<String>::new()
        );
        let blocks = (0..15)
            .flat_map(|r| (0..15).map(move |c| (r, c)))
            .filter(|&(r, c)| !drawn.is_white(r, c))
            .count();
        assert_eq!(body["blocks"].as_u64(), Some(blocks as u64));
        assert_eq!(body["words"].as_u64(), Some(drawn.slots(2).len() as u64));
        // The constructor's own entry is no fault, and offers no words.
        let own = drawn
            .slots(2)
            .into_iter()
            .find(|s| s.row == 7 && s.direction == cruciverb::grid::Direction::Across)
            .unwrap();
        let (status, analysis) = studio.post("/api/analyze", &json!({ "grid": body["grid"] }));
        assert_eq!(status, 200, "{analysis}");
        let listed = analysis["slots"].as_array().unwrap();
        let entry = listed
            .iter()
            .find(|s| s["slot"] == slot_name(&own))
            .unwrap();
        assert_eq!(
            (entry["letters"].as_str(), entry["own"].as_bool()),
            (Some("ELECTRICGUITARS"), Some(true))
        );
        assert!(listed.iter().filter(|s| s["own"] == true).count() == 1);
        assert_eq!(analysis["violations"], json!([]));
        let (status, offered) = studio.post(
            "/api/candidates",
            &json!({ "grid": body["grid"], "slot": slot_name(&own) }),
        );
        assert_eq!((status, &offered["candidates"]), (200, &json!([])));
        if body["fillable"] == true {
            filled_any = true;
            let (status, fill) = studio.post("/api/fill", &json!({ "grid": body["grid"] }));
            assert_eq!(status, 200, "{fill}");
            let filled = grid_of(&fill["grid"]);
            let words = grid_words(&filled);
            assert!(words.contains(&"ELECTRICGUITARS".to_string()));
            assert!(words.contains(&"CROSSWORD".to_string()));
            for w in words.iter().filter(|w| *w != "ELECTRICGUITARS") {
                assert!(list.get(w).is_some(), "{w} is not in the list");
            }
            let chosen: Vec<&str> = fill["words"]
                .as_array()
                .unwrap()
                .iter()
                .map(|w| w["word"].as_str().unwrap())
                .collect();
            assert_eq!(chosen.len(), drawn.slots(2).len() - 1);
            assert!(!chosen.contains(&"ELECTRICGUITARS"));
        }
    }
    assert!(filled_any, "no drawn pattern filled");

    // A letter whose symmetric partner is a block, and an unknown style.
    let mut clash = vec![".".repeat(15); 15];
    clash[0] = format!("A{}", ".".repeat(14));
    clash[14] = format!("{}#", ".".repeat(14));
    studio.refuses("/api/pattern", &json!({ "grid": clash }), (
            422,
            "impossible rules: row 1, column 1: the rotational symmetry needs a block and a white cell there at once"
        ));
    studio.refuses(
        "/api/pattern",
        &json!({ "grid": start, "style": "cryptic" }),
        (
            400,
            "\"style\": unknown style \"cryptic\" (american, british)",
        ),
    );
}

/// `n` distinct synthetic words of 8 letters, as list lines.
fn synthetic_list(n: usize, seed: u64) -> String {
    let mut state = seed;
    let mut text = String::new();
    let mut seen = std::collections::HashSet::new();
    while seen.len() < n {
        let word: String = (0..8)
            .map(|_| {
                state = state
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                char::from(b'A' + ((state >> 33) % 26) as u8)
            })
            .collect();
        if seen.insert(word.clone()) {
            text += &format!("{word};50\n");
        }
    }
    text
}

fn megabytes(bytes: u64) -> String {
    format!("{:.1} MB", bytes as f64 / 1e6)
}

#[test]
fn studio_bounds_its_lists_by_size_and_memory_and_frees_removed_ones() {
    // The budget leaves 30 MB beside the embedded list.
    let memory_of = |studio: &Studio| {
        let (_, text) = studio.request("GET", "/api/lists", "text/plain", b"");
        let lists: Value = serde_json::from_str(&text).unwrap();
        (
            lists["memory"].as_u64().unwrap(),
            lists["budget"].as_u64().unwrap(),
        )
    };
    let (embedded_memory, budget) = memory_of(&Studio::start(&[]));
    assert_eq!(budget, 2_000_000_000, "the default budget");
    assert!(
        embedded_memory > 1_000_000 && embedded_memory < 100_000_000,
        "{embedded_memory}"
    );
    let budget_mb = embedded_memory.div_ceil(1_000_000) + 30;
    let studio = Studio::start(&["--list-memory", &budget_mb.to_string()]);
    let budget = budget_mb * 1_000_000;
    assert_eq!(memory_of(&studio), (embedded_memory, budget));

    // A list of 2 MB (reserving 16 MB while it is read) fits, and what it
    // holds is counted.
    let first = synthetic_list(220_000, 1);
    let (status, body) = studio.post("/api/lists", &json!({ "name": "first", "text": first }));
    assert_eq!(
        (status, body["words"].as_u64()),
        (200, Some(220_000)),
        "{body}"
    );
    let (with_first, _) = memory_of(&studio);
    assert!(
        with_first > embedded_memory + first.len() as u64,
        "{with_first}"
    );
    assert!(
        with_first < embedded_memory + 8 * first.len() as u64,
        "{with_first}"
    );

    // The next list's reservation would pass the budget: refused with the
    // sizes, and nothing changes.
    let room = budget - with_first;
    let words = (room / 8 / 9 + 20_000) as usize;
    let second = synthetic_list(words, 2);
    let (status, body) = studio.post("/api/lists", &json!({ "name": "second", "text": second }));
    assert_eq!(status, 507, "{body}");
    assert_eq!(
        body["error"].as_str().unwrap(),
        format!(
            "second: a list of {} of text takes up to {} of memory, and the studio's lists already hold {} of their {}; remove a list (DELETE /api/lists?name=…) first",
            megabytes(second.len() as u64),
            megabytes(8 * second.len() as u64),
            megabytes(with_first),
            megabytes(budget)
        )
    );
    assert_eq!(
        memory_of(&studio).0,
        with_first,
        "a refusal reserves nothing"
    );

    // Removing the first list gives its memory back; then the second fits.
    let (status, text) = studio.request("DELETE", "/api/lists?name=first", "text/plain", b"");
    assert_eq!((status, text.as_str()), (200, r#"{"removed":"first"}"#));
    assert_eq!(memory_of(&studio).0, embedded_memory);
    let (status, body) = studio.post("/api/lists", &json!({ "name": "second", "text": second }));
    assert_eq!(status, 200, "{body}");
    let (status, text) = studio.request("DELETE", "/api/lists?name=first", "text/plain", b"");
    assert_eq!(
        (status, text.as_str()),
        (
            404,
            r#"{"error":"\"first\" is not one of the studio's lists"}"#
        )
    );
    let (status, text) = studio.request(
        "DELETE",
        "/api/lists?name=embedded%20list",
        "text/plain",
        b"",
    );
    assert_eq!(
        (status, text.as_str()),
        (
            409,
            r#"{"error":"\"embedded list\" is the studio's default list; it stays"}"#
        )
    );

    // One list's text is bounded (60 MB), and a body declared bigger than
    // any call takes is refused before it is read.
    let huge = "ABCDEFGH;50\n".repeat(61_000_000 / 12);
    let (status, body) = studio.post("/api/lists", &json!({ "name": "huge", "text": huge }));
    assert_eq!(status, 413, "{body}");
    assert_eq!(
        body["error"].as_str().unwrap(),
        format!(
            "huge: {} of text is too big for a list added from the page (at most 60.0 MB)",
            megabytes(huge.len() as u64)
        )
    );
    let mut stream = std::net::TcpStream::connect(&studio.address).unwrap();
    let head = format!(
        "POST /api/lists HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: 200000000\r\nConnection: close\r\n\r\n{{",
        studio.address
    );
    stream.write_all(head.as_bytes()).unwrap();
    let mut reply = String::new();
    stream.read_to_string(&mut reply).unwrap();
    assert!(reply.starts_with("HTTP/1.1 413"), "{reply}");
    assert!(
        reply.ends_with(
            r#"{"error":"the request body is 200.0 MB; the studio takes at most 120.0 MB"}"#
        ),
        "{reply}"
    );
}

#[test]
fn studio_word_lists_clues_pdf_and_duplicates() {
    let studio = Studio::start(&[]);
    let (status, text) = studio.request("GET", "/api/lists", "text/plain", b"");
    assert_eq!(status, 200, "{text}");
    let lists: Value = serde_json::from_str(&text).unwrap();
    let embedded = default_words();
    assert_eq!(
        lists["lists"],
        json!([{ "name": "embedded list", "words": embedded }])
    );

    // A list of the constructor's: six words that fill a 3×3 two ways.
    let clue_of = [
        ("CAB", "Taxi"),
        ("ORE", "Mined rock"),
        ("WED", "Married"),
        ("COW", "Bovine"),
        ("ARE", "Exist"),
        ("BED", "Place to sleep"),
    ];
    let text: String = clue_of
        .iter()
        .map(|(w, c)| format!("{w};60;{c}\n"))
        .collect::<String>()
        + "abc;xx\n";
    let (status, body) = studio.post("/api/lists", &json!({ "name": "mine", "text": text }));
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        (body["words"].as_u64(), body["skipped"].as_u64()),
        (Some(6), Some(1))
    );
    let empty = ["...", "...", "..."];
    let (status, body) = studio.post("/api/fill", &json!({ "grid": empty, "list": "mine" }));
    assert_eq!(status, 200, "{body}");
    let filled = grid_of(&body["grid"]);
    let mut words = grid_words(&filled);
    words.sort();
    assert_eq!(words, ["ARE", "BED", "CAB", "COW", "ORE", "WED"]);
    // Clues come from the list's own clue field.
    let (status, body) = studio.post(
        "/api/clues",
        &json!({ "grid": rows(&filled), "list": "mine" }),
    );
    assert_eq!(status, 200, "{body}");
    for slot in filled.slots(2) {
        let answer: String = filled
            .letters(&slot)
            .iter()
            .map(|l| char::from(l.unwrap()))
            .collect();
        let clue = clue_of.iter().find(|(w, _)| *w == answer).unwrap().1;
        assert_eq!(body["clues"][slot_name(&slot)], clue, "{answer}");
    }
    // An unknown list is refused by name.
    studio.refuses(
        "/api/fill",
        &json!({ "grid": empty, "list": "nope" }),
        (
            400,
            "\"list\" \"nope\" is not one of the studio's lists: \"embedded list\", \"mine\"",
        ),
    );
    let (status, body) = studio.post(
        "/api/lists",
        &json!({ "name": "embedded list", "text": "CAB" }),
    );
    assert_eq!(
        (status, body["error"].as_str().unwrap()),
        (
            409,
            "\"embedded list\" is the studio's default list; add yours under another name"
        )
    );
    let (status, body) = studio.post("/api/lists", &json!({ "name": "x", "text": "3;4\n" }));
    assert_eq!(status, 422, "{body}");
    assert!(
        body["error"]
            .as_str()
            .unwrap()
            .starts_with("x: no usable word in the list"),
        "{body}"
    );
    // Adding under a name again replaces the list.
    let (status, _) = studio.post("/api/lists", &json!({ "name": "mine", "text": "CAB;60\n" }));
    assert_eq!(status, 200);
    let (_, text) = studio.request("GET", "/api/lists", "text/plain", b"");
    assert_eq!(
        serde_json::from_str::<Value>(&text).unwrap()["lists"][1],
        json!({ "name": "mine", "words": 1 })
    );

    // The PDF is the one `cruciverb pdf` prints from the same puzzle.
    let clues: serde_json::Map<String, Value> = filled
        .slots(2)
        .iter()
        .map(|s| (slot_name(s), json!(format!("Clue for {}", slot_name(s)))))
        .collect();
    let export = |format: &str| {
        let request = json!({ "grid": rows(&filled), "format": format, "title": "Mini",
                              "author": "Me", "clues": clues, "paper": (format == "pdf").then_some("a4") });
        let (status, bytes, head) = studio.exchange(
            &studio.address,
            "POST",
            "/api/export",
            "application/json",
            request.to_string().as_bytes(),
        );
        assert_eq!(status, 200, "{head}");
        (bytes, head)
    };
    let (pdf, head) = export("pdf");
    assert!(
        head.to_ascii_lowercase()
            .contains("content-type: application/pdf"),
        "{head}"
    );
    assert!(head.contains("filename=\"Mini.pdf\""), "{head}");
    let (ipuz, _) = export("ipuz");
    let dir = scratch("studio-pdf");
    fs::write(dir.join("mini.ipuz"), &ipuz).unwrap();
    let out = dir.join("mini.pdf");
    let printed = run(&[
        "pdf",
        dir.join("mini.ipuz").to_str().unwrap(),
        "--paper",
        "a4",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(printed.status.success(), "{}", stderr(&printed));
    assert_eq!(pdf, fs::read(&out).unwrap());
    let read = crate::typeset::read_pdf(&pdf, "studio-pdf-read");
    let pages = read["pages"].as_array().unwrap();
    assert_eq!(pages.len(), 2, "puzzle and solution pages");
    let text = crate::typeset::squeeze(pages[0]["text"].as_str().unwrap());
    assert!(
        text.contains("Clue for 1A") && text.contains("Clue for 3D"),
        "{text}"
    );

    // Duplicates: a repeat and an entry that ends another; CAT in the
    // middle of DECATUR is none.
    let grid = ["CAT#CAT", ".......", "BOBCAT#", "DECATUR"];
    let (status, body) = studio.post("/api/analyze", &json!({ "grid": grid }));
    assert_eq!(status, 200, "{body}");
    let named: Vec<String> = grid_of(&json!(grid))
        .slots(2)
        .iter()
        .filter(|s| s.direction == cruciverb::grid::Direction::Across)
        .map(slot_name)
        .collect();
    let (cat1, cat2, bobcat) = (&named[0], &named[1], &named[3]);
    assert_eq!(
        body["duplicates"],
        json!([
            { "word": "CAT", "slots": [cat1, cat2], "inside": null },
            { "word": "CAT", "slots": [cat1, bobcat], "inside": "BOBCAT" },
        ])
    );
    let violations: Vec<&str> = body["violations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    assert!(violations.contains(&format!("CAT is in the grid twice ({cat1}, {cat2})").as_str()));
    assert!(violations.contains(&format!("CAT ({cat1}) is inside BOBCAT ({bobcat})").as_str()));
}

/// Words in the embedded list, as the studio loads it (score 50 and up).
fn default_words() -> usize {
    let (mut list, _) = cruciverb::wordlist::embedded::default_list().unwrap();
    list.retain_min_score(50);
    list.len()
}

/// Appends a `.puz` section (code, length, checksum, data, NUL).
fn puz_section(bytes: &mut Vec<u8>, code: &[u8; 4], data: &[u8]) {
    // The section checksum: the .puz rotate-and-add over the data.
    let mut sum: u16 = 0;
    for &b in data {
        sum = if sum & 1 == 1 {
            (sum >> 1) | 0x8000
        } else {
            sum >> 1
        };
        sum = sum.wrapping_add(u16::from(b));
    }
    bytes.extend_from_slice(code);
    bytes.extend_from_slice(&(data.len() as u16).to_le_bytes());
    bytes.extend_from_slice(&sum.to_le_bytes());
    bytes.extend_from_slice(data);
    bytes.push(0);
}

/// What a puzzle says, without the answers (which follow the grid).
fn content(p: &cruciverb::puzzle::Puzzle) -> Value {
    let clues: Vec<Value> = p
        .clues
        .iter()
        .map(|c| {
            json!([
                c.number,
                format!("{:?}", c.direction),
                c.text,
                c.enumeration
            ])
        })
        .collect();
    let marks: Vec<Value> = p
        .marks
        .iter()
        .map(|((r, c), m)| json!([r, c, m.circled, m.shaded, m.rebus]))
        .collect();
    json!({
        "grid": p.grid.to_text(), "title": p.title, "author": p.author,
        "copyright": p.copyright, "notes": p.notes, "clues": clues, "marks": marks,
    })
}

#[test]
fn every_format_round_trips_through_the_studio_and_import_export() {
    use cruciverb::formats::{self, Format};
    let dir = scratch("format-roundtrip");
    for format in [Format::Ipuz, Format::Puz, Format::Jpz, Format::Xd] {
        let ext = format.extension();
        let mut puzzle = rich_puzzle();
        if format == Format::Xd {
            // One kind of special cell: circles here.
            let mut marks = puzzle.marks.clone();
            marks.remove(&(2, 2));
            puzzle.set_marks(marks).unwrap();
        }
        let path = dir.join(&format!("rich.{ext}"));
        let mut bytes = formats::render(&puzzle, format).unwrap();
        // What each format holds beyond the puzzle model: a solver's timer
        // and another tool's section; an editor and a date; keys of other
        // tools.
        let extras: Vec<&[u8]> = match format {
            Format::Puz => {
                puz_section(&mut bytes, b"LTIM", b"754,1");
                puz_section(&mut bytes, b"ZZTX", b"kept as it was");
                vec![
                    b"LTIM\x05\x00",
                    b"754,1\x00",
                    b"ZZTX\x0e\x00",
                    b"kept as it was\x00",
                ]
            }
            Format::Xd => {
                // After the credits, where the writer puts headers it keeps.
                let text = String::from_utf8(bytes).unwrap();
                let at = text.find("Special:").unwrap();
                bytes = format!(
                    "{}Editor: E. Ditor\nDate: 2026-11-28\n{}",
                    &text[..at],
                    &text[at..]
                )
                .into_bytes();
                vec![b"\nEditor: E. Ditor\nDate: 2026-11-28\n"]
            }
            Format::Ipuz => {
                let mut doc: Value = serde_json::from_slice(&bytes).unwrap();
                doc["publisher"] = json!("The Daily Example");
                bytes = serde_json::to_vec_pretty(&doc).unwrap();
                vec![b"\"publisher\": \"The Daily Example\""]
            }
            _ => Vec::new(),
        };
        fs::write(&path, &bytes).unwrap();
        let original = formats::import(&path).unwrap();
        let mut whole = puzzle.clone();
        if format == Format::Puz {
            // Its texts are ISO-8859-1.
            let latin1 = cruciverb::formats::puz::to_latin1;
            for clue in &mut whole.clues {
                clue.text = latin1(&clue.text);
            }
            whole.title = latin1(&whole.title);
        }
        assert_eq!(
            content(&original),
            content(&whole),
            "{ext} holds the whole puzzle"
        );

        // Opened in the studio and saved without changes: the same file.
        let studio = Studio::start(&[path.to_str().unwrap()]);
        let (_, text) = studio.request("GET", "/api/start", "text/plain", b"");
        let start: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(start["file"], path.to_str().unwrap(), "{ext}");
        let (status, body) = studio.post("/api/save", &start);
        assert_eq!(status, 200, "{ext}: {body}");
        let saved = fs::read(&path).unwrap();
        if format == Format::Ipuz {
            let (a, b): (Value, Value) = (
                serde_json::from_slice(&saved).unwrap(),
                serde_json::from_slice(&bytes).unwrap(),
            );
            assert_eq!(a, b, "{ext}: saved without changes");
        } else {
            assert_eq!(
                String::from_utf8_lossy(&saved),
                String::from_utf8_lossy(&bytes),
                "{ext}: saved without changes"
            );
        }

        // One letter changed (ERICA's E): only that cell changes, and what
        // the format holds beyond the puzzle stays.
        let mut changed = start.clone();
        changed["grid"][2] = json!("XRICA");
        let (status, body) = studio.post("/api/save", &changed);
        assert_eq!(status, 200, "{ext}: {body}");
        let saved = fs::read(&path).unwrap();
        let read = formats::import(&path).unwrap();
        let mut want = original.grid.clone();
        want.set(2, 0, Cell::Letter(b'X'));
        assert_eq!(read.grid, want, "{ext}");
        let (mut got, mut expected) = (content(&read), content(&original));
        got["grid"] = Value::Null;
        expected["grid"] = Value::Null;
        assert_eq!(got, expected, "{ext}: only the letter changed");
        for extra in &extras {
            assert!(
                saved.windows(extra.len()).any(|w| w == *extra),
                "{ext}: {:?} was lost",
                String::from_utf8_lossy(extra)
            );
        }
        drop(studio);

        // Through import and export: the same puzzle (a format's own
        // extras cannot pass through .ipuz).
        fs::write(&path, &bytes).unwrap();
        let imported = dir.join(&format!("imported-{ext}.ipuz"));
        let back = dir.join(&format!("back.{ext}"));
        let out = run(&[
            "import",
            path.to_str().unwrap(),
            "-o",
            imported.to_str().unwrap(),
            "--force",
        ]);
        assert!(out.status.success(), "{ext}: {}", stderr(&out));
        let out = run(&[
            "export",
            imported.to_str().unwrap(),
            "--to",
            ext,
            "-o",
            back.to_str().unwrap(),
            "--force",
        ]);
        assert!(out.status.success(), "{ext}: {}", stderr(&out));
        assert_eq!(
            content(&formats::import(&back).unwrap()),
            content(&original),
            "{ext} through import and export"
        );
    }
}

#[test]
fn studio_min_score_is_the_pages_and_the_requests_default() {
    let dir = scratch("studio-min-score");
    let list = dir.join("three.txt");
    fs::write(&list, "CAT;40\nDOG;60\nEMU;20\n").unwrap();
    let studio = Studio::start(&["--wordlist", list.to_str().unwrap(), "--min-score", "30"]);
    let (_, text) = studio.request("GET", "/api/start", "text/plain", b"");
    let start: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(start["min_score"], 30);
    // One slot of three letters: the list's words from 30 up are offered
    // to a request that names no minimum, those from 50 to one that does.
    let words = |extra: Value| {
        let mut request = json!({ "grid": ["...", "###", "###"], "slot": "1A", "timeout": 5 });
        request
            .as_object_mut()
            .unwrap()
            .extend(extra.as_object().unwrap().clone());
        let (status, reply) = studio.post("/api/candidates", &request);
        assert_eq!(status, 200, "{reply}");
        reply["candidates"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| {
                (
                    c["word"].as_str().unwrap().to_string(),
                    c["score"].as_u64().unwrap(),
                )
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(
        words(json!({})),
        [("DOG".to_string(), 60), ("CAT".to_string(), 40)]
    );
    assert_eq!(words(json!({ "min_score": 50 })), [("DOG".to_string(), 60)]);
    // Without --min-score the default is 50, page and requests alike.
    let (_, text) = Studio::start(&[]).request("GET", "/api/start", "text/plain", b"");
    assert_eq!(
        serde_json::from_str::<Value>(&text).unwrap()["min_score"],
        50
    );
}

/// A barred grid as the API carries it: the rows alone, and the bars
/// beside them (`"bars"`, a cell from 0 and its right and lower bars).
fn barred_request(grid: &Grid) -> Value {
    let rows: Vec<String> = rows(grid).into_iter().take(grid.height()).collect();
    let bars: Vec<Value> = (0..grid.height())
        .flat_map(|r| (0..grid.width()).map(move |c| (r, c)))
        .filter(|&(r, c)| grid.bars(r, c).any())
        .map(|(r, c)| {
            let bars = grid.bars(r, c);
            json!({ "row": r, "col": c, "right": bars.right, "below": bars.below })
        })
        .collect();
    json!({ "grid": rows, "bars": bars })
}

/// A reply's grid with its bars.
fn barred_grid_of(reply: &Value) -> Grid {
    let mut grid = grid_of(&reply["grid"]);
    for cell in reply["bars"].as_array().expect("a \"bars\" list") {
        let at = |k: &str| cell[k].as_u64().unwrap() as usize;
        grid.set_bars(
            at("row"),
            at("col"),
            cruciverb::grid::Bars {
                right: cell["right"].as_bool().unwrap(),
                below: cell["below"].as_bool().unwrap(),
            },
        );
    }
    grid
}

/// `request` with the fields of `extra` added.
fn with(request: &Value, extra: Value) -> Value {
    let mut request = request.clone();
    let fields = request.as_object_mut().unwrap();
    fields.extend(extra.as_object().unwrap().clone());
    request
}

/// A barred grid through every call: analyze numbers its slots as the
/// bars divide them, candidates and fill keep to those slots and the fill
/// keeps the bars, clues and export go by them (.ipuz and .jpz keep them,
/// .puz and .xd refuse them in one line), import and save bring them back,
/// and a pattern, drawn in blocks, is refused.
#[test]
fn studio_takes_barred_grids_in_every_call() {
    let studio = Studio::start(&[]);
    let barred = grid_file("barred6.txt");
    let request = barred_request(&barred);
    assert_eq!(request["bars"].as_array().unwrap().len(), 5);

    let (status, body) = studio.post("/api/analyze", &with(&request, json!({})));
    assert_eq!(status, 200, "{body}");
    let slots: Vec<Value> = body["slots"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| json!([s["slot"], s["number"], s["row"], s["col"], s["length"]]))
        .collect();
    assert_eq!(
        slots,
        [
            json!(["1A", 1, 0, 0, 3]),
            json!(["4A", 4, 0, 3, 3]),
            json!(["7A", 7, 1, 0, 6]),
            json!(["8A", 8, 2, 0, 3]),
            json!(["9A", 9, 2, 3, 3]),
            json!(["10A", 10, 3, 0, 6]),
            json!(["13A", 13, 4, 0, 3]),
            json!(["14A", 14, 4, 3, 3]),
            json!(["15A", 15, 5, 0, 6]),
            json!(["1D", 1, 0, 0, 3]),
            json!(["2D", 2, 0, 1, 6]),
            json!(["3D", 3, 0, 2, 3]),
            json!(["4D", 4, 0, 3, 6]),
            json!(["5D", 5, 0, 4, 3]),
            json!(["6D", 6, 0, 5, 6]),
            json!(["10D", 10, 3, 0, 3]),
            json!(["11D", 11, 3, 2, 3]),
            json!(["12D", 12, 3, 4, 3]),
        ]
    );
    assert_eq!((&body["words"], &body["blocks"]), (&json!(18), &json!(0)));
    // barred6 is not symmetric under a half turn; its bars and their
    // partners are.
    assert_eq!(
        body["violations"],
        json!(["the bars are not rotationally symmetric"])
    );
    let mut symmetric = barred.clone();
    use cruciverb::grid::Side::{Bottom, Right};
    for (r, c, side) in [
        (5, 2, Right),
        (3, 2, Right),
        (1, 2, Right),
        (2, 5, Bottom),
        (2, 3, Bottom),
        (2, 1, Bottom),
    ] {
        assert!(symmetric.add_bar(r, c, side));
    }
    let (status, body) = studio.post("/api/analyze", &barred_request(&symmetric));
    assert_eq!(status, 200, "{body}");
    // Symmetric now, but its bars below the third row run edge to edge:
    // two puzzles that never cross, which the barred conventions refuse.
    assert_eq!(
        body["violations"],
        json!(["the lights fall apart into groups that do not cross"]),
        "{}",
        symmetric.to_text()
    );
    // Unchecked cells are a barred grid's style, within the barred
    // conventions: one alone is no fault, two touching are.
    for (bars, expected) in [
        ("1,1=R 5,4=R", json!([])),
        (
            "1,1=R 1,2=R 5,3=R 5,4=R",
            json!(["the unchecked cells at row 1, column 1 and row 1, column 2 touch"]),
        ),
    ] {
        let text = format!("{}\nbars: {bars}\n", ".....\n".repeat(5));
        let grid = Grid::parse_text(&text, "t").unwrap();
        let (status, body) = studio.post("/api/analyze", &barred_request(&grid));
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["violations"], expected, "{bars}");
    }

    // Candidates for 7A (six letters between the edges) and 1A (three,
    // ended by a bar).
    for (slot, length) in [("7A", 6), ("1A", 3)] {
        let (status, body) = studio.post(
            "/api/candidates",
            &with(&request, json!({ "slot": slot, "limit": 20, "timeout": 5 })),
        );
        assert_eq!(status, 200, "{body}");
        let words = body["candidates"].as_array().unwrap();
        assert!(!words.is_empty(), "{body}");
        for word in words {
            assert_eq!(word["word"].as_str().unwrap().len(), length, "{body}");
        }
    }

    // A fill keeps the bars; every word the bars make is a list word, once.
    let (status, body) = studio.post("/api/fill", &with(&request, json!({ "timeout": 30 })));
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["bars"], request["bars"]);
    let filled = barred_grid_of(&body);
    assert_eq!(rows(&filled).last(), rows(&barred).last());
    let (list, _) = cruciverb::wordlist::embedded::default_list().unwrap();
    let words = crate::barred::filled_words(&filled);
    assert_eq!(words.len(), 18);
    for word in &words {
        assert!(list.get(word).is_some(), "{word} is not in the list");
    }
    assert_eq!(words.iter().collect::<HashSet<_>>().len(), 18, "{words:?}");
    let filled_request = barred_request(&filled);

    // Clues for the barred slots.
    let (status, body) = studio.post("/api/clues", &filled_request);
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["clues"].as_object().unwrap().len(), 18);
    assert!(body["clues"].get("7A").is_some() && body["clues"].get("2A").is_none());

    // Exported as .ipuz, the bars are the cells' styles; imported again,
    // they come back beside the grid. As .jpz too.
    for format in ["ipuz", "jpz"] {
        let export = with(
            &filled_request,
            json!({ "format": format, "title": "Barred", "clues": { "7A": "Six across" } }),
        );
        let (status, file) = studio.request(
            "POST",
            "/api/export",
            "application/json",
            export.to_string().as_bytes(),
        );
        assert_eq!(status, 200, "{file}");
        if format == "ipuz" {
            let raw: Value = serde_json::from_str(&file).unwrap();
            assert_eq!(raw["puzzle"][0][2]["style"], json!({ "barred": "R" }));
            assert_eq!(raw["puzzle"][2][2]["style"], json!({ "barred": "RB" }));
        }
        let (status, back) = studio.post(
            "/api/import",
            &json!({ "name": format!("Barred.{format}"), "bytes": file.as_bytes() }),
        );
        assert_eq!(status, 200, "{back}");
        assert_eq!(back["bars"], filled_request["bars"], "{format}");
        assert_eq!(barred_grid_of(&back), filled, "{format}");
        assert_eq!(back["clues"]["7A"], "Six across");
    }
    // .puz and .xd cannot hold bars: the writers' one line.
    for format in ["puz", "xd"] {
        studio.refuses(
            "/api/export",
            &with(&filled_request, json!({ "format": format })),
            (
                400,
                &format!(
                    "cannot write .{format}: the grid has bars, which .{format} cannot hold; write it as .ipuz or .jpz"
                ),
            ),
        );
    }
    // A pattern is drawn in blocks, which a barred grid has none of.
    studio.refuses(
        "/api/pattern",
        &request,
        (
            400,
            "a pattern is drawn in blocks, and this grid has bars; take the bars away to draw one",
        ),
    );

    // Bars the grid cannot have, and rows that are no grid's, are named.
    let bad = |bars: Value| with(&request, json!({ "bars": bars }));
    studio.refuses(
        "/api/analyze",
        &bad(json!([{ "row": 0, "col": 5, "right": true }])),
        (
            400,
            "\"bars\" cell [0, 5]: its right side is the grid's edge, where a bar divides nothing",
        ),
    );
    studio.refuses(
        "/api/analyze",
        &bad(json!([{ "row": 5, "col": 0, "below": true }])),
        (
            400,
            "\"bars\" cell [5, 0]: its lower side is the grid's edge, where a bar divides nothing",
        ),
    );
    studio.refuses(
        "/api/fill",
        &bad(json!([{ "row": 6, "col": 0, "right": true }])),
        (400, "\"bars\" cell [6, 0] is outside the 6×6 grid"),
    );
    let (status, body) = studio.post(
        "/api/analyze",
        &bad(json!([{ "row": 0, "col": 0, "left": true }])),
    );
    assert_eq!(status, 422, "{body}");
    assert!(
        body["error"]
            .as_str()
            .unwrap()
            .contains("unknown field `left`"),
        "{body}"
    );
    // The text format's bars line is no row: the bars have their field.
    studio.refuses(
        "/api/analyze",
        &json!({ "grid": rows(&barred) }),
        (
            400,
            "\"grid\" row 7 is empty; send only the grid's rows (bars go in \"bars\")",
        ),
    );

    // Save: a new .ipuz keeps the bars, and the studio opens it with them;
    // a .puz refuses them in the writer's one line, and is left as it was.
    let dir = scratch("studio-barred");
    let path = dir.join("barred.ipuz");
    {
        let studio = Studio::start(&[path.to_str().unwrap()]);
        let (status, body) = studio.post(
            "/api/save",
            &with(&filled_request, json!({ "title": "Barred" })),
        );
        assert_eq!(status, 200, "{body}");
    }
    let saved = cruciverb::formats::ipuz::load(&path).unwrap();
    assert_eq!(saved.grid, filled);
    let reopened = Studio::start(&[path.to_str().unwrap()]);
    let (_, text) = reopened.request("GET", "/api/start", "text/plain", b"");
    let start: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(start["bars"], filled_request["bars"]);
    drop(reopened);
    let puz = dir.join("mini.puz");
    let bytes =
        cruciverb::formats::render(&fixture("mini5"), cruciverb::formats::Format::Puz).unwrap();
    fs::write(&puz, &bytes).unwrap();
    let studio = Studio::start(&[puz.to_str().unwrap()]);
    let (_, text) = studio.request("GET", "/api/start", "text/plain", b"");
    let mut start: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(start["bars"], json!([]));
    // The page sends the clues of the slots the grid has now: none here.
    start["bars"] = json!([{ "row": 0, "col": 1, "right": true }]);
    start["clues"] = json!({});
    studio.refuses(
        "/api/save",
        &start,
        (
            400,
            "cannot write .puz: the grid has bars, which .puz cannot hold; write it as .ipuz or .jpz",
        ),
    );
    assert_eq!(fs::read(&puz).unwrap(), bytes);
}

/// The page in Debian's chromium, driven by `tests/browser/studio_barred.py`:
/// a barred 6×6 built from an empty grid (a bar with its rotational partner,
/// undone; barred6's bars by keys and by clicks in Bars mode), its numbers,
/// candidates, autofill, a .puz export refused in the server's line, and
/// the puzzle exported and saved as .ipuz with its bars, every entry a list
/// word. Screenshots: `target/tmp/studio-barred/barred-mode.png` (Bars
/// mode on), `barred-empty.png` (numbered) and `barred-filled.png`.
#[test]
fn studio_page_builds_fills_and_exports_a_barred_puzzle_in_a_real_browser() {
    let dir = scratch("studio-barred-page");
    let path = dir.join("barred.ipuz");
    let studio = Studio::start(&[path.to_str().unwrap()]);
    let out = browser_script("studio_barred.py", &studio, "studio-barred");
    drop(studio);
    let seen: Value = serde_json::from_str(out.trim()).unwrap_or_else(|e| panic!("{e}: {out}"));
    assert_eq!(seen["saved"], path.to_str().unwrap());
    let barred = grid_file("barred6.txt");
    let (list, _) = cruciverb::wordlist::embedded::default_list().unwrap();
    let exported = seen["ipuz"].as_str().unwrap();
    for file in [exported, path.to_str().unwrap()] {
        let puzzle = cruciverb::formats::ipuz::load(Path::new(file)).unwrap();
        let grid = &puzzle.grid;
        // The bars are barred6's, on the page's letters.
        let bars = |g: &Grid| {
            (0..6)
                .flat_map(|r| (0..6).map(move |c| (r, c)))
                .map(|(r, c)| g.bars(r, c))
                .collect::<Vec<_>>()
        };
        assert_eq!(bars(grid), bars(&barred), "{file}");
        let shown: Vec<&str> = seen["filled"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r.as_str().unwrap())
            .collect();
        assert_eq!(rows(grid)[..6], shown, "{file}");
        // Every across and down word the bars make is a list word, once,
        // and the file's clues are those words.
        let words = crate::barred::filled_words(grid);
        assert_eq!(words.len(), 18, "{file}: {words:?}");
        for word in &words {
            assert!(
                list.get(word).is_some(),
                "{file}: {word} is not in the list"
            );
        }
        assert_eq!(words.iter().collect::<HashSet<_>>().len(), 18, "{words:?}");
        let mut answers: Vec<&str> = puzzle.clues.iter().map(|c| c.answer.as_str()).collect();
        let mut sorted: Vec<&str> = words.iter().map(String::as_str).collect();
        answers.sort();
        sorted.sort();
        assert_eq!(answers, sorted, "{file}");
        // In the file, as ipuz writes a bar: the cell's style.
        let raw: Value = serde_json::from_str(&fs::read_to_string(file).unwrap()).unwrap();
        let styles: Vec<(usize, usize, &Value)> = (0..6)
            .flat_map(|r| (0..6).map(move |c| (r, c)))
            .filter_map(|(r, c)| {
                let style = &raw["puzzle"][r][c]["style"]["barred"];
                (!style.is_null()).then_some((r, c, style))
            })
            .collect();
        assert_eq!(
            styles,
            [
                (0, 2, &json!("R")),
                (2, 0, &json!("B")),
                (2, 2, &json!("RB")),
                (2, 4, &json!("B")),
                (4, 2, &json!("R")),
            ],
            "{file}"
        );
    }
    // The numbers the page showed are the grid's.
    let numbers = barred.clue_numbers(2);
    let want: serde_json::Map<String, Value> = (0..36)
        .filter(|&i| numbers[i] > 0)
        .map(|i| (format!("{},{}", i / 6, i % 6), json!(numbers[i])))
        .collect();
    assert_eq!(seen["numbers"], Value::Object(want));
    let shots = Path::new(env!("CARGO_TARGET_TMPDIR")).join("studio-barred");
    for shot in ["barred-mode.png", "barred-empty.png", "barred-filled.png"] {
        let bytes = fs::read(shots.join(shot)).unwrap();
        assert!(
            bytes.starts_with(b"\x89PNG") && bytes.len() > 10_000,
            "{shot}"
        );
    }
}
