//! The search: letters are the variables, clues the constraints.
//!
//! The next clue is the one with the fewest letters still unknown (ties: the
//! most cells already decided by crossings or givens), so a clue whose
//! letters are all known is checked at once, which is all the propagation
//! needed. Its unknown letters are given every unused value in turn; the
//! value is spelled in each alphabet, and an answer of the right length that
//! agrees with the cells already written is written (and undone on the way
//! back). Every solution is then judged again by [`check`], which shares no
//! state with the search: it evaluates the expression trees (not the
//! search's compiled programs) with the finished mapping and compares the
//! spelled answers with the finished grid.

use std::collections::BTreeMap;

use super::expr::{digits, Program};
use super::puzzle::Puzzle;
use crate::grid::{Cell, Grid};
use crate::progress::Deadline;

/// One way to fill the puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The grid with every answer written in.
    pub grid: Grid,
    /// Each letter's value.
    pub values: BTreeMap<char, i128>,
    /// Each clue's label (`1A`) and the name of its spelling, in clue order.
    pub languages: Vec<(String, String)>,
}

/// The solutions found, each a filled grid with its letters' values.
pub type Solutions = crate::puzzles::Solutions<Solution>;

/// Every solution of `puzzle`, up to `max`.
pub fn solve(puzzle: &Puzzle, max: usize, deadline: &Deadline) -> Solutions {
    let mut search = Search::new(puzzle, max, deadline);
    search.descend();
    let mut solutions = Solutions {
        complete: !search.stopped,
        timed_out: deadline.passed(),
        found: Vec::with_capacity(search.found.len()),
    };
    for solution in search.found {
        // A solution the plain judge rejects would be a bug in the search;
        // it is dropped rather than shown as an answer.
        debug_assert_eq!(check(puzzle, &solution), Ok(()));
        if check(puzzle, &solution).is_ok() {
            solutions.found.push(solution);
        }
    }
    solutions
}

/// Judges `solution` from scratch: distinct values from the puzzle's set,
/// each clue's tree evaluated and spelled in its language equal to the
/// grid's letters, given letters kept and blocks unchanged.
pub fn check(puzzle: &Puzzle, solution: &Solution) -> Result<(), String> {
    let mut seen = Vec::new();
    for (&letter, value) in &solution.values {
        if !puzzle.values.contains(value) || seen.contains(value) {
            return Err(format!("{letter} = {value} is not an unused value"));
        }
        seen.push(*value);
    }
    let (grid, given) = (&solution.grid, &puzzle.grid);
    if grid.width() != given.width() || grid.height() != given.height() {
        return Err("the grid has the wrong size".into());
    }
    for r in 0..given.height() {
        for c in 0..given.width() {
            let kept = match given.get(r, c) {
                Cell::Empty => grid.get(r, c) != Cell::Block,
                cell => grid.get(r, c) == cell,
            };
            if !kept {
                return Err(format!("row {}, column {} changed", r + 1, c + 1));
            }
        }
    }
    if solution.languages.len() != puzzle.clues.len() {
        return Err("not every clue has a language".into());
    }
    for (clue, (label, language)) in puzzle.clues.iter().zip(&solution.languages) {
        let spelling = puzzle
            .spellings
            .iter()
            .find(|s| &s.name == language)
            .ok_or_else(|| format!("{label}: unknown language {language}"))?;
        let value = clue
            .expr
            .eval(&|l| solution.values.get(&(l as char)).copied())
            .ok_or_else(|| format!("{label}: no integer value"))?;
        let answer = spelling
            .spell(value)
            .ok_or_else(|| format!("{label}: {value} is not positive"))?;
        let written: String = grid
            .letters(&clue.slot)
            .into_iter()
            .map(|l| l.map_or('.', char::from))
            .collect();
        if &clue.label != label || answer != written {
            return Err(format!("{label}: {answer} is not {written}"));
        }
    }
    Ok(())
}

struct Search<'p> {
    puzzle: &'p Puzzle,
    programs: Vec<Program>,
    /// Letter indices each clue uses.
    clue_letters: Vec<Vec<u8>>,
    /// Row-major cell indices of each clue's slot.
    clue_cells: Vec<Vec<usize>>,
    /// Each letter's value while it is assigned.
    value: Vec<i128>,
    assigned: Vec<bool>,
    /// Bit i: `puzzle.values[i]` is taken.
    used: u64,
    /// Letter per cell, 0 while open.
    cells: Vec<u8>,
    done: Vec<bool>,
    language: Vec<usize>,
    stack: Vec<i128>,
    max: usize,
    deadline: &'p Deadline,
    stopped: bool,
    found: Vec<Solution>,
}

impl<'p> Search<'p> {
    fn new(puzzle: &'p Puzzle, max: usize, deadline: &'p Deadline) -> Search<'p> {
        let index_of = |l: u8| {
            puzzle
                .letters
                .iter()
                .position(|&x| x == l)
                .and_then(|i| u8::try_from(i).ok())
                .unwrap_or(0)
        };
        let grid = &puzzle.grid;
        let cells = (0..grid.height())
            .flat_map(|r| (0..grid.width()).map(move |c| (r, c)))
            .map(|(r, c)| match grid.get(r, c) {
                Cell::Letter(l) => l,
                _ => 0,
            })
            .collect();
        Search {
            puzzle,
            programs: puzzle
                .clues
                .iter()
                .map(|c| c.expr.compile(&index_of))
                .collect(),
            clue_letters: puzzle
                .clues
                .iter()
                .map(|c| c.expr.letters().into_iter().map(index_of).collect())
                .collect(),
            clue_cells: puzzle
                .clues
                .iter()
                .map(|c| c.slot.cells().map(|(r, c)| r * grid.width() + c).collect())
                .collect(),
            value: vec![0; puzzle.letters.len()],
            assigned: vec![false; puzzle.letters.len()],
            used: 0,
            cells,
            done: vec![false; puzzle.clues.len()],
            language: vec![0; puzzle.clues.len()],
            stack: Vec::new(),
            max,
            deadline,
            stopped: max == 0,
            found: Vec::new(),
        }
    }

    /// The open clue to decide next, or `None` when all are decided.
    fn choose(&self) -> Option<usize> {
        (0..self.done.len())
            .filter(|&i| !self.done[i])
            .min_by_key(|&i| {
                let unknown = self.clue_letters[i]
                    .iter()
                    .filter(|&&l| !self.assigned[usize::from(l)])
                    .count();
                let decided = self.clue_cells[i]
                    .iter()
                    .filter(|&&c| self.cells[c] != 0)
                    .count();
                (unknown, usize::MAX - decided, i)
            })
    }

    fn descend(&mut self) {
        if self.stopped {
            return;
        }
        if self.deadline.tick() {
            self.stopped = true;
            return;
        }
        let Some(clue) = self.choose() else {
            self.record();
            return;
        };
        let open: Vec<u8> = self.clue_letters[clue]
            .iter()
            .copied()
            .filter(|&l| !self.assigned[usize::from(l)])
            .collect();
        self.assign(clue, &open);
    }

    /// Gives the letters of `open` every combination of unused values, then
    /// places the clue's answer.
    fn assign(&mut self, clue: usize, open: &[u8]) {
        let Some((&letter, rest)) = open.split_first() else {
            self.place(clue);
            return;
        };
        let letter = usize::from(letter);
        for (v, &value) in self.puzzle.values.iter().enumerate() {
            if self.stopped {
                return;
            }
            if self.used & (1 << v) != 0 {
                continue;
            }
            self.used |= 1 << v;
            self.assigned[letter] = true;
            self.value[letter] = value;
            self.assign(clue, rest);
            self.assigned[letter] = false;
            self.used &= !(1 << v);
        }
    }

    /// Writes each spelling of the clue's value that fits its cells, and
    /// goes on from there.
    fn place(&mut self, clue: usize) {
        // Counted here too: a clue with many open letters can try a great
        // many values without descending.
        if self.deadline.tick() {
            self.stopped = true;
            return;
        }
        let Some(value) = self.programs[clue].run(&self.value, &mut self.stack) else {
            return;
        };
        let Some(digits) = digits(value) else {
            return;
        };
        if digits.len() != self.clue_cells[clue].len() {
            return;
        }
        let spellings = &self.puzzle.spellings;
        for language in 0..spellings.len() {
            let alphabet = &spellings[language].digits;
            // A value that reads the same in an earlier alphabet (digits
            // 5–7 do in English and German) is the same answer, not another
            // solution: it is credited to the first.
            let same = |other: &[u8]| {
                digits
                    .iter()
                    .all(|&d| other[usize::from(d)] == alphabet[usize::from(d)])
            };
            if spellings[..language].iter().any(|s| same(&s.digits)) {
                continue;
            }
            let cells = &self.clue_cells[clue];
            let fits = cells.iter().zip(&digits).all(|(&c, &d)| {
                let have = self.cells[c];
                have == 0 || have == alphabet[usize::from(d)]
            });
            if !fits {
                continue;
            }
            let mut wrote = Vec::new();
            for (&c, &d) in cells.iter().zip(&digits) {
                if self.cells[c] == 0 {
                    self.cells[c] = alphabet[usize::from(d)];
                    wrote.push(c);
                }
            }
            self.done[clue] = true;
            self.language[clue] = language;
            self.descend();
            self.done[clue] = false;
            for c in wrote {
                self.cells[c] = 0;
            }
            if self.stopped {
                return;
            }
        }
    }

    fn record(&mut self) {
        let puzzle = self.puzzle;
        let mut grid = puzzle.grid.clone();
        for r in 0..grid.height() {
            for c in 0..grid.width() {
                let letter = self.cells[r * grid.width() + c];
                if letter != 0 {
                    grid.set(r, c, Cell::Letter(letter));
                }
            }
        }
        let values = puzzle
            .letters
            .iter()
            .zip(&self.value)
            .map(|(&l, &v)| (l as char, v))
            .collect();
        let languages = puzzle
            .clues
            .iter()
            .zip(&self.language)
            .map(|(clue, &l)| (clue.label.clone(), puzzle.spellings[l].name.clone()))
            .collect();
        self.found.push(Solution {
            grid,
            values,
            languages,
        });
        if self.found.len() >= self.max {
            self.stopped = true;
        }
    }
}
