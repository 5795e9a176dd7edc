//! `POST /api/analyze`: what a grid is made of and what an editor would
//! object to: counts, each slot with the words that fit it, rule breaks,
//! duplicate entries, entries sharing a root, and the heat map of letters
//! each open cell can still take.

use std::collections::BTreeMap;

use serde::Serialize;
use serde_json::{json, Value};

use super::request::{options, parse_grid, parse_style, Reply};
use crate::fill;
use crate::grid::{Grid, DEFAULT_MIN_SLOT};
use crate::pattern::barred::{self, BarredRules};
use crate::pattern::rules::Style;
use crate::wordlist::index::Index;
use crate::wordlist::roots::{clashing_pairs, roots};

request! {
    pub struct AnalyzeRequest {
        list,
        grid,
        bars,
        min_score,
        banned,
        /// `american` (the default): unchecked cells and two-letter entries
        /// are faults; `british`: they are the style. A barred grid without
        /// blocks is held to the barred conventions instead.
        pub style: Option<String>,
    }
}

/// `POST /api/analyze`: counts, each slot with its letters and how many
/// words fit them, and what breaks the usual American rules.
pub fn analyze(request: &AnalyzeRequest, index: &Index) -> Reply {
    let grid = parse_grid(&request.grid, &request.bars)?;
    let options = options(request.min_score, request.banned.as_deref())?;
    let floor = options.floor;
    let style = parse_style(request.style.as_deref())?;
    let slots = grid.slots(DEFAULT_MIN_SLOT);
    let (width, height) = (grid.width(), grid.height());
    let cells = (0..height).flat_map(|r| (0..width).map(move |c| (r, c)));
    let blocks = cells.clone().filter(|&(r, c)| !grid.is_white(r, c)).count();
    let mut violations = Vec::new();
    let mut listed = Vec::new();
    for slot in &slots {
        let name = fill::slot_name(slot);
        let pattern = grid.letters(slot);
        let fitting = index
            .of_length(slot.len)
            .map_or(0, |w| w.matching(&pattern, floor).count_ones(..));
        if slot.len < 3 {
            violations.push(format!("{name} has {} letters (fewer than 3)", slot.len));
        }
        // A complete entry the list lacks is the constructor's own, which
        // fills keep as it is; an open one that nothing fits is a fault.
        let own = fitting == 0 && pattern.iter().all(Option::is_some);
        if fitting == 0 && !own {
            violations.push(format!("no word in the list fits {name}"));
        }
        let letters: String = pattern.iter().map(|l| l.map_or('.', char::from)).collect();
        // Where the slot starts and its number: the page numbers its grid
        // and names its entries from these, so there is one numbering.
        listed.push(json!({
            "slot": name,
            "number": slot.number,
            "row": slot.row,
            "col": slot.col,
            "length": slot.len,
            "letters": letters,
            "fitting": fitting,
            "own": own,
        }));
    }
    let mut in_across = vec![false; width * height];
    let mut in_down = vec![false; width * height];
    for slot in &slots {
        let across = slot.direction == crate::grid::Direction::Across;
        for (r, c) in slot.cells() {
            if across {
                in_across[r * width + c] = true;
            } else {
                in_down[r * width + c] = true;
            }
        }
    }
    // A barred grid's unchecked cells are its style, within the barred
    // conventions (at most half a light, none touching, every cell in a
    // light), which are checked instead.
    let barred = grid.is_barred() && blocks == 0;
    if barred {
        let rules = BarredRules::conventional(width, height);
        violations.extend(barred::violation(&grid.pattern(), &rules));
    }
    for (r, c) in cells.filter(|&(r, c)| grid.is_white(r, c) && style == Style::American && !barred)
    {
        if !(in_across[r * width + c] && in_down[r * width + c]) {
            violations.push(format!(
                "the cell at row {}, column {} is unchecked",
                r + 1,
                c + 1
            ));
        }
    }
    if !symmetric(&grid) {
        violations.push("the blocks are not rotationally symmetric".to_string());
    }
    if !bars_symmetric(&grid) {
        violations.push("the bars are not rotationally symmetric".to_string());
    }
    let entries = complete_entries(&grid, &slots);
    let repeats = duplicates(&entries);
    violations.extend(repeats.iter().map(|d| d.to_string()));
    // Not a violation of the grid's rules but an editor's objection, and
    // the filler's own entries never make one: listed apart, so that a long
    // list of rule breaks cannot hide it.
    let shared = sharing_a_root(&entries);
    // The heat map, or the slots propagation alone leaves without a word.
    let (mut heat, mut stuck) = (Value::Null, Value::Null);
    match fill::letter_counts(&grid, index, &options) {
        Ok(Ok(counts)) => {
            heat = json!(counts.chunks(width).collect::<Vec<_>>());
        }
        Ok(Err(why)) => stuck = json!({ "reason": why.reason, "slots": why.slots }),
        // A slot length the list has no words of, or a grid with no slot:
        // the other facts still stand.
        Err(e) => violations.push(e.to_string()),
    }
    Ok(json!({
        "width": width,
        "height": height,
        "words": slots.len(),
        "blocks": blocks,
        "slots": listed,
        "violations": violations,
        "duplicates": repeats.iter().map(|d| json!({ "word": d.word, "slots": d.slots, "inside": d.inside })).collect::<Vec<_>>(),
        "shared_roots": shared,
        "heat": heat,
        "unfillable": stuck,
    }))
}

/// A complete entry that the grid holds twice, or that another entry
/// is made of with another word (an editor's duplicate: ERIE beside
/// LAKEERIE). Letters that merely occur inside a longer entry (ANA in
/// ALANALDA, ERA in ERASE) are no duplicate.
struct Duplicate {
    word: String,
    /// The slots holding it: the repeats, or the entry and the one it is in.
    slots: Vec<String>,
    /// The longer entry it is inside (None for a plain repeat).
    inside: Option<String>,
}

impl std::fmt::Display for Duplicate {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        match &self.inside {
            None => write!(
                f,
                "{} is in the grid twice ({})",
                self.word,
                self.slots.join(", ")
            ),
            Some(longer) => write!(
                f,
                "{} ({}) is inside {longer} ({})",
                self.word, self.slots[0], self.slots[1]
            ),
        }
    }
}

/// Shortest entry, and shortest rest of the longer entry, for one entry
/// to count as part of another: ERA is no part of ERASE.
const SHORTEST_PART: usize = 3;

/// The grid's complete entries, as (letters, slot name), in the order of
/// `slots`; entries with an open cell are left out.
pub(super) fn complete_entries(grid: &Grid, slots: &[crate::grid::Slot]) -> Vec<(String, String)> {
    slots
        .iter()
        .filter_map(|slot| grid.entry(slot).map(|word| (word, fill::slot_name(slot))))
        .collect()
}

/// Two entries of the grid that share a root (ELM and ELMS): each entry
/// with its slot, beside the other, and the roots they share.
#[derive(Debug, PartialEq, Serialize)]
struct SharedRoot {
    entries: [String; 2],
    slots: [String; 2],
    roots: Vec<String>,
}

/// Every pair of the grid's complete `entries` (letters, slot) that share
/// a root, by the rule the filler keeps ([`clashing_pairs`]), in grid
/// order. An entry the grid holds twice is a duplicate, not a pair here;
/// its every slot pairs with an entry sharing its root.
fn sharing_a_root(entries: &[(String, String)]) -> Vec<SharedRoot> {
    let mut slots_of: Vec<(&str, Vec<&str>)> = Vec::new();
    for (word, slot) in entries {
        match slots_of.iter_mut().find(|(w, _)| w == word) {
            Some((_, slots)) => slots.push(slot),
            None => slots_of.push((word, vec![slot])),
        }
    }
    let words: Vec<&str> = slots_of.iter().map(|(w, _)| *w).collect();
    let slots = |word: &str| {
        slots_of
            .iter()
            .find(|(w, _)| *w == word)
            .map_or(&[][..], |(_, s)| s.as_slice())
    };
    let mut found = Vec::new();
    for (a, b, shared) in clashing_pairs(roots(), &words) {
        for slot_a in slots(a) {
            for slot_b in slots(b) {
                found.push(SharedRoot {
                    entries: [a.to_string(), b.to_string()],
                    slots: [slot_a.to_string(), slot_b.to_string()],
                    roots: shared.iter().map(|r| r.to_string()).collect(),
                });
            }
        }
    }
    found
}

/// The grid's complete `entries` (letters, slot) that repeat, or begin or
/// end a longer one.
fn duplicates(entries: &[(String, String)]) -> Vec<Duplicate> {
    let mut found = Vec::new();
    let mut by_word: BTreeMap<&str, Vec<String>> = BTreeMap::new();
    for (word, name) in entries {
        by_word.entry(word).or_default().push(name.clone());
    }
    for (word, names) in &by_word {
        if names.len() > 1 {
            found.push(Duplicate {
                word: word.to_string(),
                slots: names.clone(),
                inside: None,
            });
        }
    }
    for (short, short_names) in &by_word {
        for (long, long_names) in &by_word {
            let rest = long.len().saturating_sub(short.len());
            if short.len() >= SHORTEST_PART
                && rest >= SHORTEST_PART
                && (long.starts_with(short) || long.ends_with(short))
            {
                found.push(Duplicate {
                    word: short.to_string(),
                    slots: vec![short_names[0].clone(), long_names[0].clone()],
                    inside: Some(long.to_string()),
                });
            }
        }
    }
    found
}

/// 180° rotational symmetry of the blocks, the American convention.
fn symmetric(grid: &Grid) -> bool {
    let (w, h) = (grid.width(), grid.height());
    (0..h).all(|r| (0..w).all(|c| grid.is_white(r, c) == grid.is_white(h - 1 - r, w - 1 - c)))
}

/// 180° rotational symmetry of the bars, as barred grids keep it: turned
/// about the centre, the bar right of (r, c) is the one right of
/// (h-1-r, w-2-c), the one below (r, c) the one below (h-2-r, w-1-c).
fn bars_symmetric(grid: &Grid) -> bool {
    let (w, h) = (grid.width(), grid.height());
    (0..h).all(|r| {
        (0..w).all(|c| {
            let bars = grid.bars(r, c);
            // A stored bar is never on the edge, so its partner is a cell.
            (!bars.right || grid.bars(h - 1 - r, w - 2 - c).right)
                && (!bars.below || grid.bars(h - 2 - r, w - 1 - c).below)
        })
    })
}

#[cfg(test)]
mod tests {
    use super::super::request::request;
    use super::*;
    use crate::wordlist::WordList;

    #[test]
    fn analyze_lists_entries_sharing_a_root_apart_from_violations() {
        // DATE ends BLINDDATE, ELM is in the grid twice and both pair with
        // ELMS; the open rows make every down entry incomplete, so only
        // the across entries count.
        let grid = json!([
            "BLINDDATE",
            ".........",
            "ELM##ELMS",
            ".........",
            "DATE##ELM"
        ]);
        let (list, _) = WordList::parse("BLINDDATE;70\nDATE;98\nELM;68\nELMS;60\n", "t");
        let index = Index::build(&list, 0).unwrap();
        let reply = analyze(&request(json!({ "grid": grid })), &index).expect("analysed");
        assert_eq!(
            reply["shared_roots"],
            json!([
                { "entries": ["BLINDDATE", "DATE"], "slots": ["1A", "15A"], "roots": ["DATE"] },
                { "entries": ["ELM", "ELMS"], "slots": ["11A", "12A"], "roots": ["ELM"] },
                { "entries": ["ELM", "ELMS"], "slots": ["16A", "12A"], "roots": ["ELM"] },
            ])
        );
        let violations = reply["violations"].to_string();
        assert!(!violations.contains("root"), "{violations}");
        // The repeat and the entry inside another stay duplicates.
        assert_eq!(
            reply["duplicates"],
            json!([
                { "word": "ELM", "slots": ["11A", "16A"], "inside": null },
                { "word": "DATE", "slots": ["15A", "1A"], "inside": "BLINDDATE" },
            ])
        );
        // A grid whose entries share no root lists none.
        let plain = json!(["ELM", "...", "..."]);
        let reply = analyze(&request(json!({ "grid": plain })), &index).expect("analysed");
        assert_eq!(reply["shared_roots"], json!([]));
    }
}
