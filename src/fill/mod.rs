//! Filling a grid with words: a constraint search over the slots.
//!
//! Every slot's candidates are a bitset over the words of its length (see
//! [`crate::wordlist::index`]); fixed letters narrow it before the search. The
//! search takes the slot with the fewest candidates, tries its words best
//! score first (with seeded jitter so different seeds give different fills),
//! and after each choice narrows every crossing slot by the shared letter
//! (forward checking) and removes the word from same-length slots (no word
//! twice). Narrowed domains are saved on a trail and restored on backtrack.
//! Slots that keep failing gain weight and are chosen earlier (dom/wdeg), and
//! the search restarts on a Luby schedule so an early bad choice cannot stall
//! it; each restart is complete, so one that runs out of words proves there
//! is no fill. It ends in one of three honest outcomes: a fill, proof that none exists
//! (naming the slots that kept failing), or giving up at the time limit.

use std::time::{Duration, Instant};

use fixedbitset::FixedBitSet;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::error::{Error, Result};
use crate::grid::{Cell, Direction, Grid, Slot};
use crate::wordlist::index::{Index, Words};

#[derive(Clone, Debug)]
pub struct FillOptions {
    /// Shortest run that is a word; shorter runs are unchecked cells.
    pub min_slot: usize,
    pub seed: u64,
    pub timeout: Option<Duration>,
}

impl Default for FillOptions {
    fn default() -> Self {
        FillOptions {
            min_slot: 2,
            seed: 0,
            timeout: None,
        }
    }
}

#[derive(Clone, Debug)]
pub enum Outcome {
    Filled(Fill),
    /// The whole search space was exhausted; the named slots failed most.
    Unfillable {
        slots: Vec<String>,
    },
    GaveUp {
        after: Duration,
    },
}

#[derive(Clone, Debug)]
pub struct Fill {
    pub grid: Grid,
    /// (slot name, word, score), across slots first.
    pub words: Vec<(String, String, u8)>,
    pub nodes: u64,
}

impl Fill {
    pub fn mean_score(&self) -> f64 {
        let total: u64 = self.words.iter().map(|w| w.2 as u64).sum();
        total as f64 / self.words.len().max(1) as f64
    }

    pub fn lowest_score(&self) -> u8 {
        self.words.iter().map(|w| w.2).min().unwrap_or(0)
    }
}

/// Slot name as constructors write it: `12A`, `3D`.
pub fn slot_name(slot: &Slot) -> String {
    let d = match slot.direction {
        Direction::Across => 'A',
        Direction::Down => 'D',
    };
    format!("{}{d}", slot.number)
}

/// A crossing seen from one slot: my position, the other slot, its position.
#[derive(Clone, Copy)]
struct Crossing {
    here: usize,
    other: usize,
    there: usize,
}

struct Problem<'a> {
    slots: Vec<Slot>,
    words: Vec<Words<'a>>,
    crossings: Vec<Vec<Crossing>>,
    /// Slots of each length, for the no-repeat rule.
    same_length: Vec<Vec<usize>>,
}

/// How a descent ended.
enum Step {
    Found,
    /// The subtree holds no fill.
    Failed,
    /// Out of time or out of this restart's node budget.
    Stopped,
}

/// Nodes of the first restart; later ones follow the Luby sequence.
const RESTART_BASE: u64 = 2_000;

/// The Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, …: restart budgets that waste at
/// most a log factor against the best fixed budget.
fn luby(mut i: u64) -> u64 {
    loop {
        let mut k = 1;
        while (1u64 << k) - 1 < i {
            k += 1;
        }
        if (1u64 << k) - 1 == i {
            return 1 << (k - 1);
        }
        i -= (1 << (k - 1)) - 1;
    }
}

/// Jitter added to scores when ordering candidates; seeds change the fill.
const JITTER: f64 = 8.0;
/// Candidates ordered by jittered score per node; the rest follow in score order.
const ORDERED: usize = 64;

pub fn fill(grid: &Grid, index: &Index, options: &FillOptions) -> Result<Outcome> {
    let slots = grid.slots(options.min_slot.max(2));
    if slots.is_empty() {
        return Err(Error::invalid("the grid has no slot to fill"));
    }
    let mut words = Vec::with_capacity(slots.len());
    for slot in &slots {
        let w = index.of_length(slot.len).ok_or_else(|| {
            Error::invalid(format!(
                "slot {} needs a {}-letter word and the word list has none",
                slot_name(slot),
                slot.len
            ))
        })?;
        words.push(w);
    }
    let problem = Problem::new(grid, slots, words);
    let mut search = Search::new(&problem, grid, options);
    Ok(search.run(grid))
}

impl<'a> Problem<'a> {
    fn new(grid: &Grid, slots: Vec<Slot>, words: Vec<Words<'a>>) -> Problem<'a> {
        let mut owner: Vec<Vec<(usize, usize)>> = vec![Vec::new(); grid.width() * grid.height()];
        for (s, slot) in slots.iter().enumerate() {
            for (i, (r, c)) in slot.cells().enumerate() {
                owner[r * grid.width() + c].push((s, i));
            }
        }
        let mut crossings = vec![Vec::new(); slots.len()];
        for cell in &owner {
            if let [(a, i), (b, j)] = cell[..] {
                crossings[a].push(Crossing {
                    here: i,
                    other: b,
                    there: j,
                });
                crossings[b].push(Crossing {
                    here: j,
                    other: a,
                    there: i,
                });
            }
        }
        let longest = slots.iter().map(|s| s.len).max().unwrap_or(0);
        let mut same_length = vec![Vec::new(); longest + 1];
        for (s, slot) in slots.iter().enumerate() {
            same_length[slot.len].push(s);
        }
        Problem {
            slots,
            words,
            crossings,
            same_length,
        }
    }
}

struct Search<'p, 'a> {
    problem: &'p Problem<'a>,
    domains: Vec<FixedBitSet>,
    assigned: Vec<Option<usize>>,
    /// (slot, domain before a change), undone on backtrack.
    trail: Vec<(usize, FixedBitSet)>,
    failures: Vec<u64>,
    rng: StdRng,
    nodes: u64,
    /// Node count at which the current restart stops.
    budget_end: u64,
    deadline: Option<Instant>,
    started: Instant,
    timed_out: bool,
}

impl<'p, 'a> Search<'p, 'a> {
    fn new(problem: &'p Problem<'a>, grid: &Grid, options: &FillOptions) -> Search<'p, 'a> {
        let domains = problem
            .slots
            .iter()
            .zip(&problem.words)
            .map(|(slot, words)| {
                let pattern: Vec<Option<u8>> = slot
                    .cells()
                    .map(|(r, c)| match grid.get(r, c) {
                        Cell::Letter(b) => Some(b),
                        _ => None,
                    })
                    .collect();
                words.matching(&pattern)
            })
            .collect();
        let started = Instant::now();
        Search {
            problem,
            domains,
            assigned: vec![None; problem.slots.len()],
            trail: Vec::new(),
            failures: vec![0; problem.slots.len()],
            rng: StdRng::seed_from_u64(options.seed),
            nodes: 0,
            budget_end: 0,
            deadline: options.timeout.map(|t| started + t),
            started,
            timed_out: false,
        }
    }

    fn run(&mut self, grid: &Grid) -> Outcome {
        let empty: Vec<String> = (0..self.domains.len())
            .filter(|&s| self.domains[s].is_clear())
            .map(|s| slot_name(&self.problem.slots[s]))
            .collect();
        if !empty.is_empty() {
            return Outcome::Unfillable { slots: empty };
        }
        for restart in 1.. {
            self.budget_end = self.nodes + RESTART_BASE * luby(restart);
            match self.descend() {
                Step::Found => return Outcome::Filled(self.result(grid)),
                Step::Failed => break,
                Step::Stopped if self.timed_out => {
                    return Outcome::GaveUp {
                        after: self.started.elapsed(),
                    }
                }
                Step::Stopped => {}
            }
        }
        let mut worst: Vec<usize> = (0..self.failures.len())
            .filter(|&s| self.failures[s] > 0)
            .collect();
        worst.sort_by_key(|&s| std::cmp::Reverse(self.failures[s]));
        worst.truncate(5);
        Outcome::Unfillable {
            slots: worst
                .iter()
                .map(|&s| slot_name(&self.problem.slots[s]))
                .collect(),
        }
    }

    /// The unassigned slot with the fewest candidates per past failure
    /// (dom/wdeg: slots that keep failing go first), or None when all are set.
    fn choose_slot(&self) -> Option<usize> {
        (0..self.domains.len())
            .filter(|&s| self.assigned[s].is_none())
            .map(|s| {
                (
                    self.domains[s].count_ones(..) as f64 / (1 + self.failures[s]) as f64,
                    s,
                )
            })
            .min_by(|a, b| a.0.total_cmp(&b.0))
            .map(|(_, s)| s)
    }

    /// Candidates of `slot` in trial order: the best few by jittered score,
    /// then the rest by score.
    fn candidates(&mut self, slot: usize) -> Vec<usize> {
        let words = self.problem.words[slot];
        let all: Vec<usize> = self.domains[slot].ones().collect();
        let head = all.len().min(ORDERED);
        let mut keyed: Vec<(f64, usize)> = all[..head]
            .iter()
            .map(|&w| (words.score(w) as f64 + self.rng.random::<f64>() * JITTER, w))
            .collect();
        keyed.sort_by(|a, b| b.0.total_cmp(&a.0));
        keyed
            .into_iter()
            .map(|(_, w)| w)
            .chain(all[head..].iter().copied())
            .collect()
    }

    fn out_of_time(&mut self) -> bool {
        if self.nodes.is_multiple_of(256) {
            if let Some(deadline) = self.deadline {
                self.timed_out |= Instant::now() >= deadline;
            }
        }
        self.timed_out
    }

    fn descend(&mut self) -> Step {
        let Some(slot) = self.choose_slot() else {
            return Step::Found;
        };
        for word in self.candidates(slot) {
            self.nodes += 1;
            if self.out_of_time() || self.nodes >= self.budget_end {
                return Step::Stopped;
            }
            let mark = self.trail.len();
            if self.assign(slot, word) {
                match self.descend() {
                    Step::Found => return Step::Found,
                    Step::Stopped => {
                        self.undo(slot, mark);
                        return Step::Stopped;
                    }
                    Step::Failed => {}
                }
            }
            self.undo(slot, mark);
        }
        self.failures[slot] += 1;
        Step::Failed
    }

    /// Puts `word` in `slot` and narrows the others; false on a wipe-out.
    fn assign(&mut self, slot: usize, word: usize) -> bool {
        self.assigned[slot] = Some(word);
        let problem = self.problem;
        let letters = problem.words[slot].word(word);
        for &Crossing { here, other, there } in &problem.crossings[slot] {
            if self.assigned[other].is_some() {
                continue;
            }
            self.trail.push((other, self.domains[other].clone()));
            problem.words[other].restrict(&mut self.domains[other], there, letters[here]);
            if self.domains[other].is_clear() {
                self.failures[other] += 1;
                return false;
            }
        }
        for &other in &problem.same_length[problem.slots[slot].len] {
            if self.assigned[other].is_none() && self.domains[other].contains(word) {
                self.trail.push((other, self.domains[other].clone()));
                self.domains[other].set(word, false);
                if self.domains[other].is_clear() {
                    self.failures[other] += 1;
                    return false;
                }
            }
        }
        true
    }

    fn undo(&mut self, slot: usize, mark: usize) {
        while self.trail.len() > mark {
            let (s, domain) = self.trail.pop().expect("trail above mark");
            self.domains[s] = domain;
        }
        self.assigned[slot] = None;
    }

    fn result(&self, grid: &Grid) -> Fill {
        let mut filled = grid.clone();
        let mut words = Vec::new();
        for (s, slot) in self.problem.slots.iter().enumerate() {
            let w = self.assigned[s].expect("every slot is assigned in a fill");
            let source = self.problem.words[s];
            for ((r, c), &letter) in slot.cells().zip(source.word(w)) {
                filled.set(r, c, Cell::Letter(letter));
            }
            words.push((
                slot_name(slot),
                source.word_str(w).to_string(),
                source.score(w),
            ));
        }
        Fill {
            grid: filled,
            words,
            nodes: self.nodes,
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn luby_sequence() {
        let first: Vec<u64> = (1..=15).map(super::luby).collect();
        assert_eq!(first, vec![1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }
}
