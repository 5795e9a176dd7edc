//! Number crosswords: a hand-checked puzzle; generated puzzles with a planted
//! solution, which must be found, and every solution found re-judged here by
//! this file's own evaluator, speller and slot numbering; equality with brute
//! force over every mapping and every language choice; the Listener-size
//! example (regenerated here from its seed); the command line's output and
//! limits, and its exact error messages.

use std::collections::{BTreeMap, BTreeSet};

use crate::common::{run, scratch, stderr, stdout, ScratchDir};
use cruciverb::progress::Deadline;
use cruciverb::puzzles::numbers::{expr::Expr, solve, Puzzle};
use serde_json::{json, Map, Value};

const ENGLISH: &str = "ZOTTFFSSEN";
const GERMAN: &str = "NEZDVFSSAN";
const PRIMES: [i64; 10] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29];

/// A solution as this file sees it: grid rows, letter → value, clue → language.
type Answer = (Vec<String>, BTreeMap<char, i64>, BTreeMap<String, String>);

// ---------------------------------------------------------------------------
// This file's own judge: tokens, evaluation while parsing, slots, spelling.

#[derive(Clone, Copy, Debug)]
enum Tok {
    Num(i128),
    Var(char),
    Sym(char),
}

fn tokens(text: &str) -> Option<Vec<Tok>> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_ascii_digit() {
            let mut n: i128 = 0;
            while i < chars.len() && chars[i].is_ascii_digit() {
                n = n
                    .checked_mul(10)?
                    .checked_add(chars[i] as i128 - '0' as i128)?;
                i += 1;
            }
            out.push(Tok::Num(n));
            continue;
        }
        if c.is_ascii_uppercase() {
            out.push(Tok::Var(c));
        } else if "+-*/^()".contains(c) {
            out.push(Tok::Sym(c));
        } else if !c.is_whitespace() {
            return None;
        }
        i += 1;
    }
    Some(out)
}

struct Judge<'a> {
    toks: Vec<Tok>,
    at: usize,
    map: &'a BTreeMap<char, i64>,
}

impl Judge<'_> {
    fn peek(&self) -> Option<Tok> {
        self.toks.get(self.at).copied()
    }

    fn sum(&mut self) -> Option<i128> {
        let mut v = self.term()?;
        loop {
            match self.peek() {
                Some(Tok::Sym('+')) => {
                    self.at += 1;
                    v = v.checked_add(self.term()?)?;
                }
                Some(Tok::Sym('-')) => {
                    self.at += 1;
                    v = v.checked_sub(self.term()?)?;
                }
                _ => return Some(v),
            }
        }
    }

    fn term(&mut self) -> Option<i128> {
        let mut v = self.neg()?;
        loop {
            match self.peek() {
                Some(Tok::Sym('*')) => {
                    self.at += 1;
                    v = v.checked_mul(self.neg()?)?;
                }
                Some(Tok::Sym('/')) => {
                    self.at += 1;
                    let d = self.neg()?;
                    if v.checked_rem(d)? != 0 {
                        return None;
                    }
                    v = v.checked_div(d)?;
                }
                Some(Tok::Num(_) | Tok::Var(_) | Tok::Sym('(')) => {
                    v = v.checked_mul(self.neg()?)?;
                }
                _ => return Some(v),
            }
        }
    }

    fn neg(&mut self) -> Option<i128> {
        if let Some(Tok::Sym('-')) = self.peek() {
            self.at += 1;
            return self.neg()?.checked_neg();
        }
        let base = self.atom()?;
        if let Some(Tok::Sym('^')) = self.peek() {
            self.at += 1;
            let e = self.neg()?;
            return match (base, e) {
                (1, _) => Some(1),
                (-1, _) => Some(if e % 2 == 0 { 1 } else { -1 }),
                (_, e) if e < 0 => None,
                _ => base.checked_pow(u32::try_from(e).ok()?),
            };
        }
        Some(base)
    }

    fn atom(&mut self) -> Option<i128> {
        let t = self.peek()?;
        self.at += 1;
        match t {
            Tok::Num(n) => Some(n),
            Tok::Var(c) => self.map.get(&c).map(|&v| v as i128),
            Tok::Sym('(') => {
                let v = self.sum()?;
                match self.peek() {
                    Some(Tok::Sym(')')) => {
                        self.at += 1;
                        Some(v)
                    }
                    _ => None,
                }
            }
            _ => None,
        }
    }
}

/// The value of `text` with `map`, by this file's reading of the grammar.
fn evaluate(text: &str, map: &BTreeMap<char, i64>) -> Option<i128> {
    let mut judge = Judge {
        toks: tokens(text)?,
        at: 0,
        map,
    };
    let v = judge.sum()?;
    (judge.at == judge.toks.len()).then_some(v)
}

fn spell(value: i128, alphabet: &str) -> Option<String> {
    let letters: Vec<char> = alphabet.chars().collect();
    (value > 0).then(|| {
        value
            .to_string()
            .chars()
            .map(|d| letters[d as usize - '0' as usize])
            .collect()
    })
}

/// Slots by the definition: runs of two or more white cells, unbroken by a
/// bar (`bars` in the notation `1,3=R 2,2=B`: 1-based cells and the side,
/// R right or B below); a cell that starts an across or down run takes the
/// next number in reading order.
fn slots_of(rows: &[String], bars: &str) -> Vec<(String, Vec<(usize, usize)>)> {
    let g: Vec<Vec<char>> = rows.iter().map(|r| r.chars().collect()).collect();
    let (h, w) = (g.len() as isize, g[0].len() as isize);
    let white =
        |r: isize, c: isize| r >= 0 && c >= 0 && r < h && c < w && g[r as usize][c as usize] != '#';
    // (row, col, down?) of each bar after a cell, 0-based.
    let barred: BTreeSet<(isize, isize, bool)> = bars
        .split_whitespace()
        .flat_map(|item| {
            let (cell, sides) = item.split_once('=').unwrap();
            let (r, c) = cell.split_once(',').unwrap();
            let (r, c): (isize, isize) = (r.parse().unwrap(), c.parse().unwrap());
            sides
                .chars()
                .map(move |s| (r - 1, c - 1, s == 'B'))
                .collect::<Vec<_>>()
        })
        .collect();
    // Whether a word goes on from (r, c) to the next cell along (dr, dc).
    let joined = |r: isize, c: isize, dr: isize, dc: isize| {
        white(r, c) && white(r + dr, c + dc) && !barred.contains(&(r, c, dr == 1))
    };
    let mut out = Vec::new();
    let mut number = 0;
    for r in 0..h {
        for c in 0..w {
            let mut here = Vec::new();
            for (dr, dc, tag) in [(0, 1, 'A'), (1, 0, 'D')] {
                if white(r, c) && !joined(r - dr, c - dc, dr, dc) && joined(r, c, dr, dc) {
                    let mut cells = vec![(r as usize, c as usize)];
                    let (mut rr, mut cc) = (r, c);
                    while joined(rr, cc, dr, dc) {
                        rr += dr;
                        cc += dc;
                        cells.push((rr as usize, cc as usize));
                    }
                    here.push((tag, cells));
                }
            }
            if !here.is_empty() {
                number += 1;
                for (tag, cells) in here {
                    out.push((format!("{number}{tag}"), cells));
                }
            }
        }
    }
    out
}

fn bars_of(puzzle: &Value) -> &str {
    puzzle["bars"].as_str().unwrap_or("")
}

fn rows_of(puzzle: &Value) -> Vec<String> {
    puzzle["grid"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap().to_string())
        .collect()
}

/// Label (`1A`) → clue text.
fn clues_of(puzzle: &Value) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for (way, tag) in [("across", 'A'), ("down", 'D')] {
        if let Some(map) = puzzle["clues"][way].as_object() {
            for (n, text) in map {
                out.insert(format!("{n}{tag}"), text.as_str().unwrap().to_string());
            }
        }
    }
    out
}

fn spellings_of(puzzle: &Value) -> Vec<(String, String)> {
    puzzle["spellings"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(k, v)| (k.clone(), v.as_str().unwrap().to_string()))
        .collect()
}

fn values_of(puzzle: &Value) -> Vec<i64> {
    puzzle["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_i64().unwrap())
        .collect()
}

fn letters_of(puzzle: &Value) -> Vec<char> {
    let set: BTreeSet<char> = clues_of(puzzle)
        .values()
        .flat_map(|t| {
            t.chars()
                .filter(char::is_ascii_uppercase)
                .collect::<Vec<_>>()
        })
        .collect();
    set.into_iter().collect()
}

/// Whether `answer` solves `puzzle`, judged with nothing from the library.
fn judge(puzzle: &Value, answer: &Answer) -> Result<(), String> {
    let (grid, map, languages) = answer;
    let given = rows_of(puzzle);
    let values = values_of(puzzle);
    if map.keys().copied().collect::<Vec<_>>() != letters_of(puzzle) {
        return Err(format!("mapping {map:?} is not over the clues' letters"));
    }
    let distinct: BTreeSet<i64> = map.values().copied().collect();
    if distinct.len() != map.len() || !distinct.iter().all(|v| values.contains(v)) {
        return Err(format!("mapping {map:?} is not injective into the values"));
    }
    if grid.len() != given.len() {
        return Err("grid height".into());
    }
    for (g, s) in given.iter().zip(grid) {
        if g.len() != s.len() {
            return Err("grid width".into());
        }
        for (a, b) in g.chars().zip(s.chars()) {
            if (a == '#') != (b == '#') || (a != '.' && a != '#' && a != b) {
                return Err(format!("row {s} does not keep {g}"));
            }
        }
    }
    let spellings: BTreeMap<String, String> = spellings_of(puzzle).into_iter().collect();
    let clues = clues_of(puzzle);
    let slots = slots_of(&given, bars_of(puzzle));
    if languages.len() != slots.len() {
        return Err("a language per slot".into());
    }
    for (label, cells) in slots {
        let value = evaluate(&clues[&label], map).ok_or(format!("{label}: no value"))?;
        let alphabet = &spellings[&languages[&label]];
        let answer = spell(value, alphabet).ok_or(format!("{label}: {value} not positive"))?;
        let written: String = cells
            .iter()
            .map(|&(r, c)| grid[r].as_bytes()[c] as char)
            .collect();
        if answer != written {
            return Err(format!("{label}: {answer} is not {written}"));
        }
    }
    Ok(())
}

/// Every solution by enumeration: each injective mapping of the letters,
/// each language for each clue, kept when the answers agree with each other
/// and with the given letters; an answer spelled alike in two languages
/// counts once, for the first.
fn brute_force(puzzle: &Value) -> BTreeSet<Answer> {
    let letters = letters_of(puzzle);
    let values = values_of(puzzle);
    let given = rows_of(puzzle);
    let clues = clues_of(puzzle);
    let spellings = spellings_of(puzzle);
    let slots = slots_of(&given, bars_of(puzzle));
    let mut found = BTreeSet::new();
    let mut mappings = Vec::new();
    fn extend(
        letters: &[char],
        values: &[i64],
        map: &mut BTreeMap<char, i64>,
        out: &mut Vec<BTreeMap<char, i64>>,
    ) {
        let Some((&l, rest)) = letters.split_first() else {
            out.push(map.clone());
            return;
        };
        for &v in values {
            if !map.values().any(|&u| u == v) {
                map.insert(l, v);
                extend(rest, values, map, out);
                map.remove(&l);
            }
        }
    }
    extend(&letters, &values, &mut BTreeMap::new(), &mut mappings);
    let n = slots.len();
    let k = spellings.len();
    for map in mappings {
        let spelled: Vec<Vec<Option<String>>> = slots
            .iter()
            .map(|(label, _)| {
                let value = evaluate(&clues[label], &map);
                spellings
                    .iter()
                    .map(|(_, a)| value.and_then(|v| spell(v, a)))
                    .collect()
            })
            .collect();
        let total = k.pow(n as u32);
        'choice: for choice in 0..total {
            let mut grid: Vec<Vec<char>> = given.iter().map(|r| r.chars().collect()).collect();
            let mut languages = BTreeMap::new();
            let mut rest = choice;
            for (i, (label, cells)) in slots.iter().enumerate() {
                let lang = rest % k;
                rest /= k;
                let Some(word) = &spelled[i][lang] else {
                    continue 'choice;
                };
                // The same answer in an earlier language is that language's.
                if spelled[i][..lang].contains(&spelled[i][lang]) {
                    continue 'choice;
                }
                if word.len() != cells.len() {
                    continue 'choice;
                }
                for (&(r, c), ch) in cells.iter().zip(word.chars()) {
                    if grid[r][c] != '.' && grid[r][c] != ch {
                        continue 'choice;
                    }
                    grid[r][c] = ch;
                }
                languages.insert(label.clone(), spellings[lang].0.clone());
            }
            let rows = grid.into_iter().map(|r| r.into_iter().collect()).collect();
            found.insert((rows, map.clone(), languages));
        }
    }
    found
}

// ---------------------------------------------------------------------------
// The library and the binary, seen as answers.

fn library_answers(puzzle: &Value) -> (BTreeSet<Answer>, usize) {
    let parsed = Puzzle::from_json(&puzzle.to_string(), "test").unwrap();
    let solutions = solve(&parsed, 1_000_000, &Deadline::never());
    assert!(solutions.complete);
    let count = solutions.found.len();
    let set = solutions
        .found
        .iter()
        .map(|s| {
            (
                s.grid
                    .to_text()
                    .lines()
                    .take(s.grid.height())
                    .map(String::from)
                    .collect(),
                s.values.iter().map(|(&l, &v)| (l, v as i64)).collect(),
                s.languages.iter().cloned().collect(),
            )
        })
        .collect();
    (set, count)
}

fn json_answers(out: &str) -> Vec<Answer> {
    let value: Value = serde_json::from_str(out).unwrap();
    value["solutions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["grid"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|r| r.as_str().unwrap().to_string())
                    .collect(),
                s["values"]
                    .as_object()
                    .unwrap()
                    .iter()
                    .map(|(k, v)| (k.chars().next().unwrap(), v.as_i64().unwrap()))
                    .collect(),
                s["languages"]
                    .as_object()
                    .unwrap()
                    .iter()
                    .map(|(k, v)| (k.clone(), v.as_str().unwrap().to_string()))
                    .collect(),
            )
        })
        .collect()
}

fn write_puzzle(dir: &ScratchDir, puzzle: &Value) -> String {
    let path = dir.join("puzzle.json");
    std::fs::write(&path, puzzle.to_string()).unwrap();
    path.to_str().unwrap().to_string()
}

// ---------------------------------------------------------------------------
// The generator: a planted mapping, random expressions, and a grid filled
// slot by slot (most constrained first) with expressions whose values,
// spelled in some language, fit the crossings.

/// SplitMix64: deterministic everywhere, whatever `rand` does.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

/// A random expression of `leaves` operands, letters drawn from `bag`
/// (refilled from `letters` when empty, so repeats are rare), written with
/// the fewest parentheses and juxtaposition for products. Returns the text
/// and its precedence (1 sum, 3 product, 4 power, 9 atom).
fn random_expression(
    rng: &mut Rng,
    letters: &[char],
    bag: &mut Vec<char>,
    leaves: usize,
) -> (String, u8) {
    if leaves == 1 {
        if rng.below(12) == 0 {
            return ((2 + rng.below(8)).to_string(), 9);
        }
        if bag.is_empty() {
            bag.extend_from_slice(letters);
            rng.shuffle(bag);
        }
        return (bag.pop().unwrap().to_string(), 9);
    }
    let wrap = |(s, p): (String, u8), min: u8| if p < min { format!("({s})") } else { s };
    match rng.below(9) {
        0 => {
            let base = random_expression(rng, letters, bag, leaves - 1);
            if base.1 == 4 {
                return base;
            }
            (format!("{}^{}", wrap(base, 9), 2 + rng.below(2)), 4)
        }
        k => {
            let split = 1 + rng.below(leaves - 1);
            let left = random_expression(rng, letters, bag, split);
            let right = random_expression(rng, letters, bag, leaves - split);
            match k {
                1 | 2 => (format!("{} + {}", left.0, right.0), 1),
                3 => (format!("{} - {}", left.0, wrap(right, 2)), 1),
                _ => {
                    let (mut l, mut r) = (wrap(left, 3), wrap(right, 3));
                    let numeric = |s: &str| s.starts_with(|c: char| c.is_ascii_digit());
                    if numeric(&r) && !numeric(&l) {
                        std::mem::swap(&mut l, &mut r);
                    }
                    if numeric(&r) {
                        (format!("{l} * {r}"), 3)
                    } else {
                        (format!("{l}{r}"), 3)
                    }
                }
            }
        }
    }
}

/// Expressions by the digit count of their value: the text and its answer
/// in each spelling.
type Pool = BTreeMap<usize, Vec<(String, Vec<Vec<u8>>)>>;

/// A fitting choice for a slot: expression, spelling index, answer.
type Fit = (String, usize, Vec<u8>);

struct Recipe<'a> {
    pattern: &'a [&'a str],
    /// A barred grid's bars, in the notation; "" for none.
    bars: &'a str,
    values: &'a [i64],
    letters: usize,
    leaves: (usize, usize),
    pool: usize,
    givens: usize,
}

/// A puzzle with a planted solution, or `None` if this seed's fill failed.
fn generate(seed: u64, recipe: &Recipe) -> Option<(Value, Answer)> {
    let mut rng = Rng(seed);
    let mut alphabet: Vec<char> = ('A'..='Z').collect();
    rng.shuffle(&mut alphabet);
    let mut letters: Vec<char> = alphabet[..recipe.letters].to_vec();
    letters.sort_unstable();
    let mut values = recipe.values.to_vec();
    rng.shuffle(&mut values);
    let map: BTreeMap<char, i64> = letters.iter().copied().zip(values).collect();
    let spellings = [("english", ENGLISH), ("german", GERMAN)];

    // Expressions by the length of their value, each with both spellings.
    let mut pool: Pool = BTreeMap::new();
    let mut seen = BTreeSet::new();
    for _ in 0..recipe.pool {
        let leaves = recipe.leaves.0 + rng.below(recipe.leaves.1 - recipe.leaves.0 + 1);
        let (text, _) = random_expression(&mut rng, &letters, &mut Vec::new(), leaves);
        let Some(value) = evaluate(&text, &map).filter(|&v| v > 0) else {
            continue;
        };
        let distinct: BTreeSet<char> = text.chars().filter(char::is_ascii_uppercase).collect();
        if distinct.len() < 2.min(letters.len()) {
            continue;
        }
        if !seen.insert(text.clone()) {
            continue;
        }
        let words = spellings
            .iter()
            .map(|(_, a)| spell(value, a).unwrap().into_bytes())
            .collect::<Vec<_>>();
        pool.entry(words[0].len()).or_default().push((text, words));
    }

    let pattern: Vec<String> = recipe.pattern.iter().map(|r| r.to_string()).collect();
    let slots = slots_of(&pattern, recipe.bars);
    let mut grid: Vec<Vec<u8>> = pattern.iter().map(|r| r.bytes().collect()).collect();
    let mut chosen: Vec<Option<(String, usize)>> = vec![None; slots.len()];
    let mut budget = 3000;
    if !fill(&mut rng, &slots, &pool, &mut grid, &mut chosen, &mut budget) {
        return None;
    }
    let rows: Vec<String> = grid
        .iter()
        .map(|r| String::from_utf8(r.clone()).unwrap())
        .collect();
    let mut shown: Vec<Vec<u8>> = pattern.iter().map(|r| r.bytes().collect()).collect();
    let whites: Vec<(usize, usize)> = slots.iter().flat_map(|(_, c)| c.clone()).collect();
    for _ in 0..recipe.givens {
        let (r, c) = whites[rng.below(whites.len())];
        shown[r][c] = grid[r][c];
    }
    // The planted mapping covers the letters the chosen clues use.
    let used: BTreeSet<char> = chosen
        .iter()
        .flat_map(|c| {
            c.as_ref()
                .unwrap()
                .0
                .chars()
                .filter(char::is_ascii_uppercase)
                .collect::<Vec<_>>()
        })
        .collect();
    let map: BTreeMap<char, i64> = map.into_iter().filter(|(l, _)| used.contains(l)).collect();
    let mut across = Map::new();
    let mut down = Map::new();
    let mut languages = BTreeMap::new();
    for ((label, _), choice) in slots.iter().zip(&chosen) {
        let (text, lang) = choice.clone().unwrap();
        let (number, way) = label.split_at(label.len() - 1);
        let target = if way == "A" { &mut across } else { &mut down };
        // An answer that reads the same in an earlier language is that
        // language's (as the solver reports it).
        let value = evaluate(&text, &map);
        let word = |j: usize| value.and_then(|v| spell(v, spellings[j].1));
        let first = (0..lang).find(|&j| word(j) == word(lang)).unwrap_or(lang);
        target.insert(number.to_string(), Value::from(text));
        languages.insert(label.clone(), spellings[first].0.to_string());
    }
    let mut puzzle = json!({
        "grid": shown.iter().map(|r| String::from_utf8(r.clone()).unwrap()).collect::<Vec<_>>(),
        "values": recipe.values,
        "clues": {"across": across, "down": down},
        "spellings": {"english": ENGLISH, "german": GERMAN},
    });
    if !recipe.bars.is_empty() {
        puzzle["bars"] = Value::from(recipe.bars);
    }
    Some((puzzle, (rows, map, languages)))
}

/// Backtracking fill: the open slot with the fewest fitting expressions next.
fn fill(
    rng: &mut Rng,
    slots: &[(String, Vec<(usize, usize)>)],
    pool: &Pool,
    grid: &mut Vec<Vec<u8>>,
    chosen: &mut Vec<Option<(String, usize)>>,
    budget: &mut usize,
) -> bool {
    if *budget == 0 {
        return false;
    }
    *budget -= 1;
    let mut best: Option<(usize, Vec<Fit>)> = None;
    for (i, (_, cells)) in slots.iter().enumerate() {
        if chosen[i].is_some() {
            continue;
        }
        let mut fits = Vec::new();
        for (text, words) in pool.get(&cells.len()).into_iter().flatten() {
            for (lang, word) in words.iter().enumerate() {
                let ok = cells
                    .iter()
                    .zip(word)
                    .all(|(&(r, c), &b)| grid[r][c] == b'.' || grid[r][c] == b);
                if ok {
                    fits.push((text.clone(), lang, word.clone()));
                }
            }
        }
        if best.as_ref().is_none_or(|(_, f)| fits.len() < f.len()) {
            best = Some((i, fits));
        }
    }
    let Some((slot, mut fits)) = best else {
        return true;
    };
    rng.shuffle(&mut fits);
    for (text, lang, word) in fits.into_iter().take(8) {
        let cells = &slots[slot].1;
        let before: Vec<u8> = cells.iter().map(|&(r, c)| grid[r][c]).collect();
        for (&(r, c), &b) in cells.iter().zip(&word) {
            grid[r][c] = b;
        }
        chosen[slot] = Some((text, lang));
        if fill(rng, slots, pool, grid, chosen, budget) {
            return true;
        }
        chosen[slot] = None;
        for (&(r, c), &b) in cells.iter().zip(&before) {
            grid[r][c] = b;
        }
    }
    false
}

// ---------------------------------------------------------------------------
// The tests.

#[test]
fn the_evaluators_agree_on_precedence_and_refuse_what_is_not_whole() {
    let map: BTreeMap<char, i64> = [('A', 3), ('B', 5), ('C', 7), ('D', 2), ('I', 11)].into();
    let cases: [(&str, Option<i128>); 12] = [
        ("2^3^2", Some(512)),
        ("-2^2 + 10", Some(6)),
        ("2A^2", Some(18)),
        ("ABI", Some(165)),
        ("A^2 + B(C - D)", Some(34)),
        ("12/4A", Some(9)),
        ("C/D", None),
        ("A/(B - B)", None),
        ("A^-1", None),
        ("B^99999", None),
        ("(A + B)(C - D) - -1", Some(41)),
        ("2 3", Some(6)),
    ];
    for (text, want) in cases {
        assert_eq!(evaluate(text, &map), want, "{text} (this file)");
        let expr = Expr::parse(text).unwrap();
        let value = expr.eval(&|l| map.get(&(l as char)).map(|&v| v as i128));
        assert_eq!(value, want, "{text} (library)");
    }
}

/// Checked by hand: of the cubes of 2, 3, 5, 7 only 5^3 = 125 has three
/// digits and a T in the middle (English OTF). 1D then starts with O, so it is
/// English 1xx: BC^2 - 5 with B, C from 2, 3, 7 gives that only as 3·49 - 5 =
/// 142 (OFT). 2D = 5(3 + 7)^2 + 7 = 507 is FZS in English and FNS in German;
/// the given N picks German. 3A = 7(25 + 6) = 217 starts with 1D's T, so it
/// is English TOS, which ends in 2D's S.
fn small_puzzle() -> Value {
    json!({
        "grid": [".T.", ".#N", "..."],
        "values": [2, 3, 5, 7],
        "clues": {
            "across": {"1": "A^3", "3": "C(A^2 + 2B)"},
            "down": {"1": "BC^2 - A", "2": "A(B + C)^2 + C"}
        },
        "spellings": {"english": ENGLISH, "german": GERMAN}
    })
}

const SMALL_SOLUTION: &str = "\
OTF
F#N
TOS
values: A=5 B=3 C=7
languages: 1A english, 3A english, 1D english, 2D german
";

#[test]
fn a_small_puzzle_has_its_one_known_solution() {
    let puzzle = small_puzzle();
    let dir = scratch("numbers-small");
    let path = write_puzzle(&dir, &puzzle);
    let out = run(&["numbers", &path]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out), SMALL_SOLUTION);
    assert_eq!(stderr(&out), "");
    let known: Answer = (
        vec!["OTF".into(), "F#N".into(), "TOS".into()],
        [('A', 5), ('B', 3), ('C', 7)].into(),
        [
            ("1A", "english"),
            ("3A", "english"),
            ("1D", "english"),
            ("2D", "german"),
        ]
        .map(|(l, g)| (l.to_string(), g.to_string()))
        .into(),
    );
    assert_eq!(brute_force(&puzzle), BTreeSet::from([known.clone()]));
    assert_eq!(library_answers(&puzzle).0, BTreeSet::from([known]));
}

#[test]
fn generated_puzzles_keep_their_planted_solution() {
    let patterns: [&[&str]; 4] = [
        &["....", "....", "....", "...."],
        &["...#.", ".....", ".....", ".....", "#...."],
        &["..#...", "......", "#.....", ".....#", "......", "...#.."],
        &["#....", ".....", "..#..", ".....", "....#"],
    ];
    let mut counts = BTreeMap::new();
    let mut made = 0;
    for seed in 0..60u64 {
        let pattern = patterns[seed as usize % patterns.len()];
        let recipe = Recipe {
            pattern,
            values: &PRIMES,
            letters: 4 + seed as usize % 4,
            leaves: (2, 3),
            pool: 3000,
            givens: seed as usize % 3,
            bars: "",
        };
        let Some((puzzle, planted)) = generate(seed, &recipe) else {
            continue;
        };
        made += 1;
        assert_eq!(judge(&puzzle, &planted), Ok(()), "planted, seed {seed}");
        let (found, count) = library_answers(&puzzle);
        assert_eq!(found.len(), count, "no solution twice, seed {seed}");
        assert!(found.contains(&planted), "seed {seed}: planted not found");
        for answer in &found {
            assert_eq!(judge(&puzzle, answer), Ok(()), "seed {seed}");
        }
        *counts.entry(count.min(3)).or_insert(0) += 1;
    }
    // The generator is deterministic, so its outcomes are exact: of 60
    // seeds, 32 fill their grid; by solution count (3 = three or more):
    assert_eq!(
        (made, counts),
        (32, BTreeMap::from([(1, 23), (2, 7), (3, 2)]))
    );
}

#[test]
fn small_puzzles_agree_with_brute_force() {
    let patterns: [&[&str]; 3] = [
        &["...", "...", "..."],
        &["...", ".#.", "..."],
        &["....", "....", "..#.", "...."],
    ];
    let values = [2, 3, 5, 7, 11, 13];
    let mut counts = BTreeMap::new();
    for seed in 0..40u64 {
        let recipe = Recipe {
            pattern: patterns[seed as usize % patterns.len()],
            values: &values,
            letters: 3 + seed as usize % 3,
            leaves: (1, 3),
            pool: 600,
            givens: seed as usize % 2,
            bars: "",
        };
        let Some((mut puzzle, planted)) = generate(1000 + seed, &recipe) else {
            continue;
        };
        if seed % 4 == 3 {
            // A variant: one clue swapped for another, usually unsolvable.
            let first = puzzle["clues"]["across"]["1"].as_str().unwrap().to_string();
            puzzle["clues"]["across"]["1"] = Value::from(format!("{first} + 1"));
        }
        let (found, count) = library_answers(&puzzle);
        let expected = brute_force(&puzzle);
        assert_eq!(found, expected, "seed {seed}: {puzzle}");
        assert_eq!(count, expected.len());
        if seed % 4 != 3 {
            assert!(found.contains(&planted));
        }
        *counts.entry(count.min(3)).or_insert(0) += 1;
    }
    // By solution count (3 = three or more), so that puzzles with none and
    // with exactly two are among those compared:
    assert_eq!(counts, BTreeMap::from([(0, 8), (1, 12), (2, 6), (3, 6)]));
}

#[test]
fn barred_puzzles_agree_with_brute_force_and_print_their_bars() {
    // Barred grids without blocks, as Listener number puzzles are.
    let grids: [(&[&str], &str); 3] = [
        (&["...", "...", "..."], "1,1=R 3,2=R"),
        (&["....", "....", "...."], "1,2=R 2,2=R 3,2=R"),
        (&["...", "...", "...", "..."], "1,1=B 2,3=B 3,1=B"),
    ];
    let values = [2, 3, 5, 7, 11, 13];
    let (mut made, mut solved) = (0, 0);
    for seed in 0..30u64 {
        let (pattern, bars) = grids[seed as usize % grids.len()];
        let recipe = Recipe {
            pattern,
            values: &values,
            letters: 3 + seed as usize % 2,
            leaves: (1, 3),
            pool: 600,
            givens: 0,
            bars,
        };
        let Some((puzzle, planted)) = generate(2000 + seed, &recipe) else {
            continue;
        };
        made += 1;
        assert_eq!(judge(&puzzle, &planted), Ok(()), "planted, seed {seed}");
        let (found, count) = library_answers(&puzzle);
        assert_eq!(found, brute_force(&puzzle), "seed {seed}: {puzzle}");
        assert_eq!(count, found.len());
        assert!(found.contains(&planted), "seed {seed}");
        solved += 1;
        // The command line prints the bars after the rows, in text and JSON.
        let dir = scratch("numbers-barred");
        let path = write_puzzle(&dir, &puzzle);
        let out = run(&["numbers", &path, "--json"]);
        assert!(out.status.success(), "{}", stderr(&out));
        let json: Value = serde_json::from_str(&stdout(&out)).unwrap();
        for solution in json["solutions"].as_array().unwrap() {
            assert_eq!(solution["bars"], Value::from(bars));
            assert_eq!(solution["grid"].as_array().unwrap().len(), pattern.len());
        }
        let out = run(&["numbers", &path, "--max", "1"]);
        let text = stdout(&out);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[pattern.len()], format!("bars: {bars}"), "{text}");
    }
    assert!(made >= 3 && solved == made, "{made} made");
    // Bars are checked as in a text grid, and named.
    let dir = scratch("numbers-bad-bars");
    let path = dir.join("p.json");
    std::fs::write(
        &path,
        r#"{"grid": ["...", "...", "..."], "bars": "1,3=R", "values": [2, 3, 5], "clues": {"across": {"1": "A"}}}"#,
    )
    .unwrap();
    let out = run(&["numbers", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        format!(
            "cruciverb: error: {}: bars: bar \"1,3=R\": the right side of cell 1,3 is the grid's edge, where a bar divides nothing\n",
            path.display()
        )
    );
}

/// How `examples/numbers/listener.json` was made (see the README): this
/// pattern, the first ten primes, expressions of two to four operands.
const LISTENER_PATTERN: [&str; 8] = [
    "....##..", "....#...", "..#...##", ".....###", "##......", "##......", "...#....", "..###...",
];
const LISTENER_SEED: u64 = 2;

fn listener_recipe() -> Recipe<'static> {
    Recipe {
        pattern: &LISTENER_PATTERN,
        values: &PRIMES,
        letters: 10,
        leaves: (2, 4),
        pool: 40_000,
        givens: 0,
        bars: "",
    }
}

fn listener_path() -> String {
    concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/numbers/listener.json"
    )
    .to_string()
}

/// With NUMBERS_FIND_EXAMPLE set, searches seeds from 0 for a puzzle with
/// exactly one solution and prints the first (how the example was found).
#[test]
fn the_listener_example_is_the_generators_and_has_one_solution() {
    if std::env::var_os("NUMBERS_FIND_EXAMPLE").is_some() {
        for seed in 0..200u64 {
            let Some((puzzle, _)) = generate(seed, &listener_recipe()) else {
                continue;
            };
            let (_, count) = library_answers(&puzzle);
            eprintln!("seed {seed}: {count} solution(s)");
            if count == 1 {
                println!("{}", serde_json::to_string_pretty(&puzzle).unwrap());
                return;
            }
        }
        panic!("no seed made a one-solution puzzle");
    }
    let (generated, planted) = generate(LISTENER_SEED, &listener_recipe()).unwrap();
    let text = std::fs::read_to_string(listener_path()).unwrap();
    let file: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(file, generated);
    assert_eq!(slots_of(&rows_of(&file), "").len(), 27);
    let (found, _) = library_answers(&file);
    assert_eq!(found, BTreeSet::from([planted.clone()]));
    assert_eq!(judge(&file, &planted), Ok(()));

    let out = run(&["numbers", &listener_path(), "--json"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(json_answers(&stdout(&out)), vec![planted]);
}

#[test]
fn json_count_and_max() {
    let dir = scratch("numbers-flags");
    // Two solutions: without the small puzzle's given N, 2D may be English too.
    let mut puzzle = small_puzzle();
    puzzle["grid"] = json!([".T.", ".#.", "..."]);
    let expected = brute_force(&puzzle);
    let path = write_puzzle(&dir, &puzzle);
    let out = run(&["numbers", &path, "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let listed: BTreeSet<Answer> = json_answers(&stdout(&out)).into_iter().collect();
    assert_eq!(listed, expected);
    assert_eq!(expected.len(), 2);

    let out = run(&["numbers", &path, "--count"]);
    assert_eq!(
        (out.status.code(), stdout(&out)),
        (Some(0), "2\n".to_string())
    );
    assert_eq!(stderr(&out), "");

    let out = run(&["numbers", &path, "--count", "--max", "1"]);
    assert_eq!(stdout(&out), "1\n");
    assert_eq!(stderr(&out), "stopped after 1 solutions (--max)\n");
    let out = run(&["numbers", &path, "--json", "--max", "1"]);
    assert_eq!(json_answers(&stdout(&out)).len(), 1);

    // No solution: exit 1, and --count says 0.
    let mut none = puzzle.clone();
    none["grid"] = json!(["XT.", ".#.", "..."]);
    let path = write_puzzle(&dir, &none);
    let out = run(&["numbers", &path]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        (stdout(&out), stderr(&out)),
        (String::new(), "no solution\n".to_string())
    );
    let out = run(&["numbers", &path, "--count"]);
    assert_eq!(
        (out.status.code(), stdout(&out)),
        (Some(1), "0\n".to_string())
    );
}

#[test]
fn arithmetic_that_leaves_the_integers_is_no_solution_not_a_crash() {
    let dir = scratch("numbers-overflow");
    for (a, d) in [
        ("A^99999999999", "B"),
        ("(A^100)^100 / B", "B"),
        ("A/B", "2B"),
        ("A - B - 100", "B"),
        ("170141183460469231731687303715884105727 + A", "B"),
    ] {
        let puzzle = json!({
            "grid": ["##.", "...", "##."],
            "values": [2, 3],
            "clues": {"across": {"2": a}, "down": {"1": d}},
            "spellings": {"english": ENGLISH}
        });
        let out = run(&["numbers", &write_puzzle(&dir, &puzzle)]);
        assert_eq!(out.status.code(), Some(1), "{a}: {}", stderr(&out));
        assert_eq!(stderr(&out), "no solution\n");
    }
}

#[test]
fn bad_input_gets_a_clear_error() {
    let dir = scratch("numbers-errors");
    let good = small_puzzle();
    let with = |key: &str, value: Value| {
        let mut p = good.clone();
        p[key] = value;
        p
    };
    let clues = |across: Value, down: Value| with("clues", json!({"across": across, "down": down}));
    let deep = format!("{}A{}", "(".repeat(70), ")".repeat(70));
    let cases = [
        (clues(json!({"1": "A^3", "3": "AB + C", "9": "A"}), good["clues"]["down"].clone()),
         "clue 9 across: the grid has no clue number 9 (it numbers 1 to 3)"),
        (clues(good["clues"]["across"].clone(), json!({"1": "A", "2": "B", "3": "C"})),
         "clue 3 down: there is no 3 down in the grid"),
        (clues(json!({"1": "A^3"}), good["clues"]["down"].clone()),
         "3 across has no clue"),
        (clues(json!({"one": "A^3", "3": "B"}), good["clues"]["down"].clone()),
         "clue \"one\" across: not a clue number"),
        (clues(json!({"1": "A^3 +", "3": "B"}), good["clues"]["down"].clone()),
         "clue 1 across \"A^3 +\": expected a letter, a number or '(' at the end"),
        (clues(json!({"1": "A % 3", "3": "B"}), good["clues"]["down"].clone()),
         "clue 1 across \"A % 3\": unexpected '%' at position 3"),
        (clues(json!({"1": "A)", "3": "B"}), good["clues"]["down"].clone()),
         "clue 1 across \"A)\": unmatched ')' at position 2"),
        (clues(json!({"1": "(A + B", "3": "B"}), good["clues"]["down"].clone()),
         "clue 1 across \"(A + B\": missing ')' for the '(' at position 1"),
        (clues(json!({"1": "a + 1", "3": "B"}), good["clues"]["down"].clone()),
         "clue 1 across \"a + 1\": unexpected 'a' at position 1 (letters are A-Z)"),
        (clues(json!({"1": "99999999999999999999999999999999999999999", "3": "B"}), good["clues"]["down"].clone()),
         "clue 1 across \"99999999999999999999999999999999999999999\": number too large at position 1"),
        (clues(json!({"1": deep, "3": "B"}), good["clues"]["down"].clone()),
         &*format!("clue 1 across {deep:?}: nested more than 64 deep at position 65")),
        (with("spellings", json!({"english": ENGLISH, "klingon": "ZOT"})),
         "spelling \"klingon\": \"ZOT\" is not 10 letters A-Z (one per digit 0-9)"),
        (with("spellings", json!({"digits": "0123456789"})),
         "spelling \"digits\": \"0123456789\" is not 10 letters A-Z (one per digit 0-9)"),
        (with("spellings", json!({})), "spellings: give at least one"),
        (with("values", json!([2, 3, 7, 7])), "values: 7 appears twice"),
        (with("values", json!([2, 3])),
         "the clues use 3 letters (ABC) but there are only 2 values"),
        (with("values", json!([])), "values: give at least one"),
        (with("values", json!([2.5])),
         "invalid type: floating point `2.5`, expected i64"),
        (with("grid", json!(["...", ".?.", "..."])),
         "grid:2:2: unknown character '?' (expected '#', '.' or a letter A-Z)"),
        (with("grid", json!([".".repeat(40), ".".repeat(40), ".".repeat(40)])),
         "grid:1: grid width 40 is outside the supported range 3..=31"),
        (with("colour", json!(1)),
         "unknown field `colour`, expected one of `grid`, `bars`, `values`, `clues`, `spellings`"),
    ];
    for (puzzle, message) in cases {
        let path = write_puzzle(&dir, &puzzle);
        let out = run(&["numbers", &path]);
        assert_eq!(out.status.code(), Some(2), "{puzzle}");
        assert_eq!(
            stderr(&out),
            format!("cruciverb: error: {path}: {message}\n")
        );
        assert_eq!(stdout(&out), "");
    }

    let path = dir.join("broken.json");
    std::fs::write(&path, "{\"grid\": [\n").unwrap();
    let out = run(&["numbers", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        format!(
            "cruciverb: error: {}:2:0: EOF while parsing a list\n",
            path.display()
        )
    );
    let missing = dir.join("missing.json");
    let out = run(&["numbers", missing.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        format!(
            "cruciverb: error: {}: No such file or directory (os error 2)\n",
            missing.display()
        )
    );
}

#[test]
fn without_spellings_english_and_german_are_used() {
    let dir = scratch("numbers-default-spellings");
    let mut puzzle = small_puzzle();
    puzzle.as_object_mut().unwrap().remove("spellings");
    let out = run(&["numbers", &write_puzzle(&dir, &puzzle)]);
    assert_eq!(
        (out.status.code(), stdout(&out)),
        (Some(0), SMALL_SOLUTION.to_string())
    );
}

#[test]
fn timeout_gives_up_with_exit_1() {
    let dir = scratch("numbers-timeout");
    // Eight open letters over twenty values: far too many choices to try.
    let puzzle = json!({
        "grid": ["...", "###", "###"],
        "values": (1..=20).collect::<Vec<i64>>(),
        "clues": {"across": {"1": "ABCDEFGH - 1"}},
    });
    let out = run(&["numbers", &write_puzzle(&dir, &puzzle), "--timeout", "0"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout(&out), "");
    assert_eq!(
        stderr(&out),
        "gave up after 0.0 s (--timeout) with 0 solution(s) found\n"
    );
}
