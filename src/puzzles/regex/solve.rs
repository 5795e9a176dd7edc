//! The solver: a set of possible characters per cell, narrowed line by line
//! until nothing changes, then a branch on the cell with fewest candidates.
//!
//! Narrowing is sound (it never removes a character some solution uses), so
//! the search is complete; lines with backreferences or lookaheads are
//! narrowed exactly by enumeration once their cells are few enough, and every
//! solution is re-judged by the exact matcher before it is reported.

use super::automaton::{Automaton, Symbols};
use super::matcher::full_match_within;
use super::puzzle::{Line, Puzzle};
use super::setmatch::SetMatcher;
use crate::progress::{Deadline, Quiet, Reporter};

/// Lines whose cells allow at most this many strings are narrowed exactly by
/// trying every string with the matcher; beyond it only the automaton narrows.
const ENUMERATION_LIMIT: u64 = 256;

/// Steps one set-matcher run may take before the line keeps the automaton's
/// (looser) result for this round.
const SET_MATCH_BUDGET: usize = 200_000;

/// The solutions found, each as its display rows.
pub type Solutions = crate::puzzles::Solutions<Vec<String>>;

/// A cell the puzzle forces, for a stuck player (row and position from 0).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hint {
    pub row: usize,
    pub column: usize,
    pub value: char,
    /// True when the lines through the cell force it directly, without trial.
    pub by_lines_alone: bool,
}

/// Up to `max` solutions, in a deterministic order, found before `deadline`.
pub fn solve(puzzle: &Puzzle, max: usize, deadline: &Deadline) -> Solutions {
    solve_reporting(puzzle, max, deadline, &Quiet)
}

/// [`solve`], reporting each branch the search tries to `progress` (the
/// size of the search is not known in advance, so the count is open-ended).
pub fn solve_reporting(
    puzzle: &Puzzle,
    max: usize,
    deadline: &Deadline,
    progress: &dyn Reporter,
) -> Solutions {
    let mut solver = Solver::new(puzzle, max, deadline, progress);
    let mut cells = solver.initial_cells();
    progress.start("branches tried", None);
    if max > 0 && solver.propagate(&mut cells, (0..puzzle.lines.len()).collect()) {
        solver.search(cells);
    }
    progress.finish();
    let timed_out = deadline.passed();
    Solutions {
        complete: solver.found.len() < max && !timed_out,
        timed_out,
        found: solver.found,
    }
}

/// What `--hint` can tell a stuck player.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HintOutcome {
    Cell(Hint),
    /// Every open cell differs between solutions (or no cell is open, or
    /// there are more than `solution_cap` solutions to compare).
    NoneForced,
    NoSolution,
    /// The time limit passed first.
    GaveUp,
}

/// One open cell the puzzle forces: first one its lines force directly, else
/// one on which all solutions (up to `solution_cap`) agree; the search for
/// those solutions reports to `progress`.
pub fn hint(
    puzzle: &Puzzle,
    solution_cap: usize,
    deadline: &Deadline,
    progress: &dyn Reporter,
) -> HintOutcome {
    let solver = Solver::new(puzzle, 0, deadline, &Quiet);
    let mut cells = solver.initial_cells();
    if !solver.propagate(&mut cells, (0..puzzle.lines.len()).collect()) {
        return match deadline.passed() {
            true => HintOutcome::GaveUp,
            false => HintOutcome::NoSolution,
        };
    }
    let open = |cell: &usize| puzzle.givens[*cell].is_none();
    let forced = (0..cells.len())
        .filter(open)
        .find(|&c| cells[c].count_ones() == 1);
    if let Some(cell) = forced {
        return HintOutcome::Cell(make_hint(
            puzzle,
            cell,
            puzzle.alphabet[only_symbol(cells[cell])],
            true,
        ));
    }
    let solutions = solve_reporting(puzzle, solution_cap, deadline, progress);
    if solutions.timed_out {
        return HintOutcome::GaveUp;
    }
    let Some(first) = solutions.found.first() else {
        return HintOutcome::NoSolution;
    };
    if !solutions.complete {
        return HintOutcome::NoneForced;
    }
    let value_at = |solution: &Vec<String>, cell: usize| {
        let (r, c) = puzzle.position(cell);
        solution[r].chars().nth(c)
    };
    let shared = (0..cells.len()).filter(open).find_map(|cell| {
        let value = value_at(first, cell)?;
        let all_agree = solutions
            .found
            .iter()
            .all(|s| value_at(s, cell) == Some(value));
        all_agree.then_some((cell, value))
    });
    match shared {
        Some((cell, value)) => HintOutcome::Cell(make_hint(puzzle, cell, value, false)),
        None => HintOutcome::NoneForced,
    }
}

fn make_hint(puzzle: &Puzzle, cell: usize, value: char, by_lines_alone: bool) -> Hint {
    let (row, column) = puzzle.position(cell);
    Hint {
        row,
        column,
        value,
        by_lines_alone,
    }
}

fn only_symbol(set: Symbols) -> usize {
    set.trailing_zeros() as usize
}

fn symbols(set: Symbols) -> impl Iterator<Item = usize> {
    (0..128).filter(move |i| set >> i & 1 == 1)
}

/// A line prepared for narrowing.
struct Check<'p> {
    line: &'p Line,
    automata: Vec<Automaton>,
    /// For the regexes with backreferences or lookaheads.
    set_matchers: Vec<SetMatcher>,
    /// The automata are exact for this line: no backreference or lookahead.
    exact: bool,
}

struct Solver<'p> {
    puzzle: &'p Puzzle,
    checks: Vec<Check<'p>>,
    lines_of_cell: Vec<Vec<usize>>,
    found: Vec<Vec<String>>,
    max: usize,
    deadline: &'p Deadline,
    progress: &'p dyn Reporter,
}

impl<'p> Solver<'p> {
    fn new(
        puzzle: &'p Puzzle,
        max: usize,
        deadline: &'p Deadline,
        progress: &'p dyn Reporter,
    ) -> Self {
        let checks = puzzle
            .lines
            .iter()
            .map(|line| Check {
                line,
                automata: line
                    .regexes
                    .iter()
                    .map(|r| Automaton::new(r, &puzzle.alphabet))
                    .collect(),
                set_matchers: line
                    .regexes
                    .iter()
                    .filter(|r| r.needs_backtracking)
                    .map(|r| SetMatcher::new(r, &puzzle.alphabet))
                    .collect(),
                exact: line.regexes.iter().all(|r| !r.needs_backtracking),
            })
            .collect();
        let mut lines_of_cell = vec![Vec::new(); puzzle.cell_count()];
        for (i, line) in puzzle.lines.iter().enumerate() {
            for &cell in &line.cells {
                lines_of_cell[cell].push(i);
            }
        }
        Solver {
            puzzle,
            checks,
            lines_of_cell,
            found: Vec::new(),
            max,
            deadline,
            progress,
        }
    }

    fn initial_cells(&self) -> Vec<Symbols> {
        let alphabet = &self.puzzle.alphabet;
        let everything = if alphabet.len() == 128 {
            Symbols::MAX
        } else {
            (1 << alphabet.len()) - 1
        };
        self.puzzle
            .givens
            .iter()
            .map(|given| match given {
                Some(c) => alphabet.iter().position(|a| a == c).map_or(0, |i| 1 << i),
                None => everything,
            })
            .collect()
    }

    /// Narrows lines until nothing changes; false on a contradiction.
    fn propagate(&self, cells: &mut [Symbols], mut pending: Vec<usize>) -> bool {
        let mut queued = vec![false; self.checks.len()];
        pending.iter().for_each(|&l| queued[l] = true);
        while let Some(l) = pending.pop() {
            if self.deadline.tick() {
                return false;
            }
            queued[l] = false;
            let check = &self.checks[l];
            let before: Vec<Symbols> = check.line.cells.iter().map(|&c| cells[c]).collect();
            let Some(after) = self.narrow(check, before.clone()) else {
                return false;
            };
            for ((&cell, old), new) in check.line.cells.iter().zip(before).zip(after) {
                if new == old {
                    continue;
                }
                cells[cell] = new;
                for &other in &self.lines_of_cell[cell] {
                    if !queued[other] {
                        queued[other] = true;
                        pending.push(other);
                    }
                }
            }
        }
        true
    }

    fn narrow(&self, check: &Check, mut sets: Vec<Symbols>) -> Option<Vec<Symbols>> {
        // Each regex of the line narrows what the others see, so repeat until stable.
        loop {
            let before = sets.clone();
            for automaton in &check.automata {
                sets = automaton.narrow(&sets)?;
            }
            for matcher in &check.set_matchers {
                if let Some(result) = matcher.narrow(&sets, SET_MATCH_BUDGET) {
                    sets = result?;
                }
            }
            if sets == before {
                break;
            }
        }
        if !check.exact && strings_allowed(&sets) <= ENUMERATION_LIMIT {
            sets = self.narrow_by_trying_all(check.line, &sets)?;
        }
        Some(sets)
    }

    /// The exact support of a line: the union of every string over `sets` that
    /// all the line's regexes fully match.
    fn narrow_by_trying_all(&self, line: &Line, sets: &[Symbols]) -> Option<Vec<Symbols>> {
        let options: Vec<Vec<usize>> = sets.iter().map(|&s| symbols(s).collect()).collect();
        let mut support = vec![0; sets.len()];
        let mut choice = vec![0usize; sets.len()];
        let mut text = vec![' '; sets.len()];
        loop {
            for (i, &k) in choice.iter().enumerate() {
                text[i] = self.puzzle.alphabet[options[i][k]];
            }
            if line
                .regexes
                .iter()
                .all(|r| full_match_within(r, &text, self.deadline))
            {
                for (i, &k) in choice.iter().enumerate() {
                    support[i] |= 1 << options[i][k];
                }
            }
            if !next_choice(&mut choice, &options) {
                break;
            }
        }
        support.iter().all(|&s| s != 0).then_some(support)
    }

    fn search(&mut self, cells: Vec<Symbols>) {
        if self.found.len() >= self.max || self.deadline.passed() {
            return;
        }
        let open = (0..cells.len())
            .filter(|&c| cells[c].count_ones() > 1)
            .min_by_key(|&c| cells[c].count_ones());
        let Some(cell) = open else {
            self.accept_if_valid(&cells);
            return;
        };
        for symbol in symbols(cells[cell]) {
            self.progress.advance(1);
            let mut trial = cells.clone();
            trial[cell] = 1 << symbol;
            if self.propagate(&mut trial, self.lines_of_cell[cell].clone()) {
                self.search(trial);
            }
            if self.found.len() >= self.max {
                return;
            }
        }
    }

    /// Every line is judged by the exact matcher before a grid is reported.
    fn accept_if_valid(&mut self, cells: &[Symbols]) {
        let alphabet = &self.puzzle.alphabet;
        let letter = |cell: usize| alphabet[only_symbol(cells[cell])];
        let valid = self.puzzle.lines.iter().all(|line| {
            let text: Vec<char> = line.cells.iter().map(|&c| letter(c)).collect();
            line.regexes
                .iter()
                .all(|r| full_match_within(r, &text, self.deadline))
        });
        if valid {
            let rows = self
                .puzzle
                .rows
                .iter()
                .map(|row| row.iter().map(|&c| letter(c)).collect())
                .collect();
            self.found.push(rows);
        }
    }
}

fn strings_allowed(sets: &[Symbols]) -> u64 {
    sets.iter()
        .try_fold(1u64, |n, s| n.checked_mul(u64::from(s.count_ones())))
        .unwrap_or(u64::MAX)
}

/// Advances an odometer over the options of each position; false when done.
fn next_choice(choice: &mut [usize], options: &[Vec<usize>]) -> bool {
    for (i, k) in choice.iter_mut().enumerate().rev() {
        *k += 1;
        if *k < options[i].len() {
            return true;
        }
        *k = 0;
    }
    false
}
