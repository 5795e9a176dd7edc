//! Line narrowing with a nondeterministic automaton over the puzzle alphabet.
//!
//! Given a set of possible characters for each cell of a line, one forward
//! pass (states reachable after each prefix) and one backward pass (states
//! that can still reach acceptance) tell exactly which characters of each cell
//! lie on some accepting path. Backreferences and lookaheads have no automaton;
//! they are replaced by something that accepts at least as much (a copy of the
//! referenced group, nothing), so narrowing never loses a solution and the
//! exact matcher settles what the automaton cannot.

use super::syntax::{Class, Node, Regex};

/// A set of alphabet symbols: bit i is the alphabet's i-th character.
pub(crate) type Symbols = u128;

/// Counts above this are loosened (min lowered, max dropped): a line is never
/// that long, and the result still accepts everything the regex does.
const COUNT_CAP: u32 = 64;

enum Step {
    Char(Symbols, usize),
    Split(Vec<usize>),
    AtStart(usize),
    AtEnd(usize),
    Accept,
}

pub(crate) struct Automaton {
    steps: Vec<Step>,
    start: usize,
    /// Epsilon edges reversed, for the backward pass.
    before: Vec<Vec<usize>>,
}

impl Automaton {
    pub fn new(regex: &Regex, alphabet: &[char]) -> Automaton {
        let mut groups = vec![None; regex.groups + 1];
        find_groups(&regex.root, &mut groups);
        let mut builder = Builder {
            steps: vec![Step::Accept],
            alphabet,
            groups,
        };
        let start = builder.compile(&regex.root, 0, false);
        let steps = builder.steps;
        let mut before = vec![Vec::new(); steps.len()];
        for (from, step) in steps.iter().enumerate() {
            for to in epsilon_targets(step) {
                before[to].push(from);
            }
        }
        Automaton {
            steps,
            start,
            before,
        }
    }

    /// The characters of each cell that some accepted line uses, or `None`
    /// when no line over `cells` is accepted.
    pub fn narrow(&self, cells: &[Symbols]) -> Option<Vec<Symbols>> {
        let n = cells.len();
        let forward = self.forward(cells);
        let backward = self.backward(cells);
        if !backward[0][self.start] {
            return None;
        }
        let mut out = vec![0; n];
        for (i, cell) in out.iter_mut().enumerate() {
            for (s, step) in self.steps.iter().enumerate() {
                if let Step::Char(set, next) = *step {
                    if forward[i][s] && backward[i + 1][next] {
                        *cell |= set & cells[i];
                    }
                }
            }
        }
        Some(out)
    }

    fn epsilon_allowed(&self, step: &Step, at: usize, len: usize) -> bool {
        match step {
            Step::AtStart(_) => at == 0,
            Step::AtEnd(_) => at == len,
            _ => true,
        }
    }

    /// `reached[i]`: states the automaton can be in after reading cells `..i`.
    fn forward(&self, cells: &[Symbols]) -> Vec<Vec<bool>> {
        let n = cells.len();
        let mut reached = vec![vec![false; self.steps.len()]; n + 1];
        let mut seeds = vec![self.start];
        for at in 0..=n {
            let mut stack = std::mem::take(&mut seeds);
            while let Some(s) = stack.pop() {
                if std::mem::replace(&mut reached[at][s], true) {
                    continue;
                }
                let step = &self.steps[s];
                match *step {
                    Step::Char(set, next) if at < n && set & cells[at] != 0 => seeds.push(next),
                    _ if self.epsilon_allowed(step, at, n) => stack.extend(epsilon_targets(step)),
                    _ => {}
                }
            }
        }
        reached
    }

    /// `alive[i]`: states from which cells `i..` can be read to acceptance.
    fn backward(&self, cells: &[Symbols]) -> Vec<Vec<bool>> {
        let n = cells.len();
        let mut alive = vec![vec![false; self.steps.len()]; n + 1];
        for at in (0..=n).rev() {
            let mut stack: Vec<usize> = self
                .steps
                .iter()
                .enumerate()
                .filter(|(_, step)| match **step {
                    Step::Accept => at == n,
                    Step::Char(set, next) => at < n && set & cells[at] != 0 && alive[at + 1][next],
                    _ => false,
                })
                .map(|(s, _)| s)
                .collect();
            while let Some(s) = stack.pop() {
                if std::mem::replace(&mut alive[at][s], true) {
                    continue;
                }
                for &p in &self.before[s] {
                    if self.epsilon_allowed(&self.steps[p], at, n) {
                        stack.push(p);
                    }
                }
            }
        }
        alive
    }
}

fn epsilon_targets(step: &Step) -> Vec<usize> {
    match step {
        Step::Split(targets) => targets.clone(),
        Step::AtStart(next) | Step::AtEnd(next) => vec![*next],
        Step::Char(..) | Step::Accept => Vec::new(),
    }
}

fn find_groups<'r>(node: &'r Node, groups: &mut Vec<Option<&'r Node>>) {
    match node {
        Node::Group { index, node } => {
            if let Some(i) = index {
                groups[*i] = Some(node);
            }
            find_groups(node, groups);
        }
        Node::Concat(nodes) | Node::Alt(nodes) => nodes.iter().for_each(|n| find_groups(n, groups)),
        Node::Repeat { node, .. } | Node::Look { node, .. } => find_groups(node, groups),
        Node::Empty
        | Node::Class(_)
        | Node::Backref(_)
        | Node::Start
        | Node::End
        | Node::WordBoundary { .. } => {}
    }
}

/// The characters of `set`, in alphabet order, for readable test expectations.
#[cfg(test)]
pub(crate) fn spell(set: Symbols, alphabet: &[char]) -> String {
    alphabet
        .iter()
        .enumerate()
        .filter(|(i, _)| set >> i & 1 == 1)
        .map(|(_, c)| *c)
        .collect()
}

pub(crate) fn symbols_of(class: &Class, alphabet: &[char]) -> Symbols {
    alphabet
        .iter()
        .enumerate()
        .filter(|(_, &c)| class.matches(c))
        .fold(0, |set, (i, _)| set | 1 << i)
}

struct Builder<'r, 'a> {
    steps: Vec<Step>,
    alphabet: &'a [char],
    groups: Vec<Option<&'r Node>>,
}

impl Builder<'_, '_> {
    fn push(&mut self, step: Step) -> usize {
        self.steps.push(step);
        self.steps.len() - 1
    }

    fn everything(&self) -> Symbols {
        symbols_of(
            &Class {
                negated: true,
                items: Vec::new(),
            },
            self.alphabet,
        )
    }

    /// Builds `node` back to front: returns the state that matches `node` and
    /// then continues at `next`. `in_copy`: inside a group copied for a
    /// backreference, where further backreferences become "any text".
    fn compile(&mut self, node: &Node, next: usize, in_copy: bool) -> usize {
        match node {
            Node::Empty | Node::Look { .. } | Node::WordBoundary { .. } => next,
            Node::Class(class) => {
                let set = symbols_of(class, self.alphabet);
                self.push(Step::Char(set, next))
            }
            Node::Concat(nodes) => nodes
                .iter()
                .rev()
                .fold(next, |after, n| self.compile(n, after, in_copy)),
            Node::Alt(branches) => {
                let starts = branches
                    .iter()
                    .map(|b| self.compile(b, next, in_copy))
                    .collect();
                self.push(Step::Split(starts))
            }
            Node::Group { node, .. } => self.compile(node, next, in_copy),
            Node::Backref(i) => match self.groups[*i] {
                Some(group) if !in_copy => self.compile(group, next, true),
                _ => self.any_text(next),
            },
            Node::Start => self.push(Step::AtStart(next)),
            Node::End => self.push(Step::AtEnd(next)),
            Node::Repeat { node, min, max, .. } => {
                let min = (*min).min(COUNT_CAP);
                let max = max.filter(|&m| m <= COUNT_CAP);
                self.repeat(node, min, max, next, in_copy)
            }
        }
    }

    fn any_text(&mut self, next: usize) -> usize {
        let everything = self.everything();
        let loop_state = self.push(Step::Split(Vec::new()));
        let char_state = self.push(Step::Char(everything, loop_state));
        self.steps[loop_state] = Step::Split(vec![char_state, next]);
        loop_state
    }

    fn repeat(
        &mut self,
        node: &Node,
        min: u32,
        max: Option<u32>,
        next: usize,
        in_copy: bool,
    ) -> usize {
        let mut tail = match max {
            None => {
                let loop_state = self.push(Step::Split(Vec::new()));
                let body = self.compile(node, loop_state, in_copy);
                self.steps[loop_state] = Step::Split(vec![body, next]);
                loop_state
            }
            Some(max) => {
                // Each optional copy either matches and moves on to the next
                // optional copy, or the repetition ends here.
                let mut tail = next;
                for _ in min..max {
                    let body = self.compile(node, tail, in_copy);
                    tail = self.push(Step::Split(vec![body, next]));
                }
                tail
            }
        };
        for _ in 0..min {
            tail = self.compile(node, tail, in_copy);
        }
        tail
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn narrowed(pattern: &str, alphabet: &str, len: usize) -> Option<Vec<String>> {
        let alphabet: Vec<char> = alphabet.chars().collect();
        let regex = Regex::parse(pattern).unwrap();
        let all = (1u128 << alphabet.len()) - 1;
        let sets = Automaton::new(&regex, &alphabet).narrow(&vec![all; len])?;
        Some(sets.iter().map(|&s| spell(s, &alphabet)).collect())
    }

    #[test]
    fn keeps_exactly_the_characters_on_accepting_paths() {
        assert_eq!(
            narrowed("HE|LL|O+", "EHLOP", 2),
            Some(vec!["HLO".into(), "ELO".into()])
        );
        assert_eq!(
            narrowed("A{2}B?", "AB", 3),
            Some(vec!["A".into(), "A".into(), "B".into()])
        );
        assert_eq!(narrowed("A{2}B?", "AB", 4), None);
        assert_eq!(narrowed("^A$|B*", "AB", 1), Some(vec!["AB".into()]));
        assert_eq!(narrowed("A$B", "AB", 2), None);
    }
}
