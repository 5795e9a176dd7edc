//! The grid's side of a fill: the slots the search fills and their words,
//! the checks that settle a grid before any search (a cell in no slot,
//! typed entries sharing a root, too few words of a length), and a fill or
//! a reason built back from the search's slot numbers.

use crate::error::{Error, Result};
use crate::grid::{Cell, Grid, Slot};
use crate::wordlist::index::{Index, Words};
use crate::wordlist::roots::roots;

use super::outcome::{slot_name, Fill, NoFill, Placed};
use super::search::Problem;

/// The slots the search fills: all but the constructor's own entries,
/// complete slots whose word the list lacks (above the floor) — a theme
/// answer, a name, a word typed by hand. Those are taken as given: their
/// letters still bind the crossing slots, and the fill keeps them as they
/// are without listing them among its words, which the list scored.
pub(super) fn searched(slots: Vec<Slot>, grid: &Grid, index: &Index, floor: u8) -> Vec<Slot> {
    slots
        .into_iter()
        .filter(|slot| {
            let letters = grid.letters(slot);
            letters.iter().any(Option::is_none)
                || index
                    .of_length(slot.len)
                    .is_some_and(|w| w.matching(&letters, floor).count_ones(..) > 0)
        })
        .collect()
}

/// Two complete entries of the grid as given that share a root, one of
/// them a list word the fill would have to keep: no fill can, and the
/// search would only name a slot. Two entries the list lacks are the
/// constructor's own and stay (the quality report names them).
pub(super) fn typed_sharing_a_root(
    grid: &Grid,
    slots: &[Slot],
    index: &Index,
    floor: u8,
) -> Option<NoFill> {
    let complete: Vec<(String, &Slot)> = slots
        .iter()
        .filter_map(|slot| grid.entry(slot).map(|word| (word, slot)))
        .collect();
    let listed = |word: &str| {
        let pattern: Vec<Option<u8>> = word.bytes().map(Some).collect();
        index
            .of_length(word.len())
            .is_some_and(|w| w.matching(&pattern, floor).count_ones(..) > 0)
    };
    let words: Vec<&str> = complete.iter().map(|(w, _)| w.as_str()).collect();
    let (a, b, shared) = crate::wordlist::roots::clashing_pairs(roots(), &words)
        .into_iter()
        .find(|(a, b, _)| listed(a) || listed(b))?;
    let name = |word: &str| {
        complete
            .iter()
            .find(|(w, _)| w == word)
            .map_or_else(String::new, |(_, slot)| slot_name(slot))
    };
    let slots = vec![name(a), name(b)];
    Some(NoFill {
        reason: format!(
            "{} {a} and {} {b} share a root ({}), which no two entries of a grid may",
            slots[0],
            slots[1],
            shared.join(", ")
        ),
        slots,
    })
}

pub(super) fn no_fill(problem: &Problem, slots: &[usize], reason: &str) -> NoFill {
    let slots: Vec<String> = slots
        .iter()
        .map(|&s| slot_name(&problem.slots[s]))
        .collect();
    NoFill {
        reason: format!("{reason} {}", slots.join(", ")),
        slots,
    }
}

/// A white cell outside every slot could never get a letter.
pub(super) fn check_every_cell_in_a_slot(grid: &Grid, slots: &[Slot]) -> Result<()> {
    let mut covered = vec![false; grid.width() * grid.height()];
    for (r, c) in slots.iter().flat_map(|s| s.cells()) {
        covered[r * grid.width() + c] = true;
    }
    for r in 0..grid.height() {
        for c in 0..grid.width() {
            if grid.is_white(r, c) && !covered[r * grid.width() + c] {
                return Err(Error::invalid(format!(
                    "the white cell at row {}, column {} is in no word (no across or down run of 2+ cells)",
                    r + 1,
                    c + 1
                )));
            }
        }
    }
    Ok(())
}

/// The words of each slot's length; a length the list lacks is an error.
pub(super) fn slot_words<'a>(slots: &[Slot], index: &'a Index) -> Result<Vec<Words<'a>>> {
    slots
        .iter()
        .map(|slot| {
            index.of_length(slot.len).ok_or_else(|| {
                Error::invalid(format!(
                    "slot {} needs a {}-letter word and the word list has none",
                    slot_name(slot),
                    slot.len
                ))
            })
        })
        .collect()
}

/// More slots of one length than words of that length: no fill without a
/// repeat. Caught here because pairwise propagation cannot count. A slot
/// the grid gives whole brings its own word, counted even below the floor
/// (see [`Problem::raising`]).
pub(super) fn too_few_words(problem: &Problem, grid: &Grid) -> Option<NoFill> {
    let slots = &problem.slots;
    let longest = slots.iter().map(|s| s.len).max()?;
    (2..=longest).find_map(|len| {
        let of_len: Vec<usize> = (0..slots.len()).filter(|&s| slots[s].len == len).collect();
        let words = &problem.words[*of_len.first()?];
        let given_below = of_len
            .iter()
            .map(|&s| grid.letters(&slots[s]))
            .filter(|letters| letters.iter().all(Option::is_some))
            .filter_map(|letters| words.matching(&letters, 0).minimum())
            .filter(|&w| words.score(w) < problem.floor())
            .count();
        let available = words.scoring_at_least(problem.floor()) + given_below;
        (of_len.len() > available).then(|| NoFill {
            slots: of_len.iter().map(|&s| slot_name(&slots[s])).collect(),
            reason: format!(
                "the grid has {} slots of {len} letters and the word list only {available} such words",
                of_len.len()
            ),
        })
    })
}

/// With `--use-all`, slots and words must pair off length by length.
pub(super) fn check_use_all(slots: &[Slot], index: &Index) -> Result<()> {
    for len in 1..=index.longest() {
        let words = index.of_length(len).map_or(0, |w| w.count());
        let places = slots.iter().filter(|s| s.len == len).count();
        if words > places {
            return Err(Error::rules(format!(
                "--use-all: the word list has {words} words of {len} letters but the grid has {places} such slots"
            )));
        }
    }
    Ok(())
}

pub(super) fn fill_from(problem: &Problem, grid: &Grid, assignment: &[usize], nodes: u64) -> Fill {
    let mut filled = grid.clone();
    let mut words = Vec::with_capacity(problem.slots.len());
    for ((slot, source), &w) in problem.slots.iter().zip(&problem.words).zip(assignment) {
        for ((r, c), &letter) in slot.cells().zip(source.word(w)) {
            filled.set(r, c, Cell::Letter(letter));
        }
        words.push(Placed {
            slot: slot_name(slot),
            word: source.word_str(w).to_string(),
            score: source.score(w),
            given: grid.letters(slot).iter().all(Option::is_some),
        });
    }
    Fill {
        grid: filled,
        words,
        nodes,
    }
}
