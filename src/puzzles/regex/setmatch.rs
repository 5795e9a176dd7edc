//! Exact line narrowing for regexes with backreferences: a backtracking
//! matcher that runs over *sets* of characters instead of characters.
//!
//! A path through the regex narrows each cell it reads to the cell's set ∩ the
//! class, and a backreference joins the cells it copies into one equality
//! class (a union-find whose root holds the common set). Every string that
//! picks one character per equality class is accepted along that path, so the
//! union over all accepting paths is the exact support of the line (negative
//! lookaheads are passed over, and positive ones tried every way, which can
//! only keep more). A step budget bounds the work; when it runs out the caller
//! keeps what the automaton found.

use super::automaton::{symbols_of, Symbols};
use super::syntax::{Node, Regex};

/// The regex tree with each class already turned into a set of symbols.
enum Tree {
    Empty,
    Set(Symbols),
    Concat(Vec<Tree>),
    Alt(Vec<Tree>),
    Repeat {
        node: Box<Tree>,
        min: u32,
        max: Option<u32>,
    },
    Capture(usize, Box<Tree>),
    Backref(usize),
    Start,
    End,
    Ahead(Box<Tree>),
}

pub(crate) struct SetMatcher {
    root: Tree,
    groups: usize,
}

/// Undo records, so that every branch leaves the state as it found it.
enum Undo {
    Set(usize, Symbols),
    Parent(usize),
}

/// What one path has committed to so far, plus the union of finished paths.
struct Walk<'c> {
    cells: &'c [Symbols],
    sets: Vec<Symbols>,
    parent: Vec<usize>,
    caps: Vec<Option<(usize, usize)>>,
    trail: Vec<Undo>,
    support: Vec<Symbols>,
    steps: usize,
    budget: usize,
    out_of_steps: bool,
}

/// A path's continuation; returning true stops the whole walk.
type Rest<'k, 'c> = &'k mut dyn FnMut(usize, &mut Walk<'c>) -> bool;

impl SetMatcher {
    pub fn new(regex: &Regex, alphabet: &[char]) -> SetMatcher {
        SetMatcher {
            root: tree(&regex.root, alphabet),
            groups: regex.groups,
        }
    }

    /// `Some(None)`: no string over `cells` matches. `None`: out of budget.
    pub fn narrow(&self, cells: &[Symbols], budget: usize) -> Option<Option<Vec<Symbols>>> {
        let n = cells.len();
        let mut walk = Walk {
            cells,
            sets: cells.to_vec(),
            parent: (0..n).collect(),
            caps: vec![None; self.groups + 1],
            trail: Vec::new(),
            support: vec![0; n],
            steps: 0,
            budget,
            out_of_steps: false,
        };
        self.node(&self.root, 0, &mut walk, &mut |end, walk| {
            end == n && walk.record_path()
        });
        if walk.out_of_steps {
            return None;
        }
        Some(walk.support.iter().all(|&s| s != 0).then_some(walk.support))
    }

    fn node<'c>(&self, tree: &Tree, at: usize, walk: &mut Walk<'c>, rest: Rest<'_, 'c>) -> bool {
        walk.steps += 1;
        if walk.steps > walk.budget {
            walk.out_of_steps = true;
            return true;
        }
        match tree {
            Tree::Set(set) => self.read(*set, at, walk, rest),
            Tree::Concat(items) => self.sequence(items, at, walk, rest),
            Tree::Alt(branches) => branches.iter().any(|b| self.node(b, at, walk, rest)),
            Tree::Repeat { node, min, max } => self.repeat(node, (*min, *max), 0, at, walk, rest),
            Tree::Capture(i, node) => self.node(node, at, walk, &mut |end, walk| {
                let before = walk.caps[*i];
                walk.caps[*i] = Some((at, end));
                let stop = rest(end, walk);
                walk.caps[*i] = before;
                stop
            }),
            Tree::Backref(i) => self.backref(*i, at, walk, rest),
            Tree::Start => at == 0 && rest(at, walk),
            Tree::End => at == walk.cells.len() && rest(at, walk),
            Tree::Ahead(inner) => self.node(inner, at, walk, &mut |_, walk| rest(at, walk)),
            Tree::Empty => rest(at, walk),
        }
    }

    fn read<'c>(&self, set: Symbols, at: usize, walk: &mut Walk<'c>, rest: Rest<'_, 'c>) -> bool {
        if at >= walk.cells.len() {
            return false;
        }
        let mark = walk.trail.len();
        let stop = walk.restrict(at, set) && rest(at + 1, walk);
        walk.undo_to(mark);
        stop
    }

    fn sequence<'c>(
        &self,
        items: &[Tree],
        at: usize,
        walk: &mut Walk<'c>,
        rest: Rest<'_, 'c>,
    ) -> bool {
        match items.split_first() {
            None => rest(at, walk),
            Some((first, others)) => self.node(first, at, walk, &mut |end, walk| {
                self.sequence(others, end, walk, rest)
            }),
        }
    }

    /// Same loop rule as the exact matcher: an empty iteration past the
    /// minimum ends the loop.
    fn repeat<'c>(
        &self,
        node: &Tree,
        limits: (u32, Option<u32>),
        done: u32,
        at: usize,
        walk: &mut Walk<'c>,
        rest: Rest<'_, 'c>,
    ) -> bool {
        let (min, max) = limits;
        let may_stop = done >= min;
        let again = max.is_none_or(|m| done < m)
            && self.node(node, at, walk, &mut |end, walk| {
                !(end == at && may_stop) && self.repeat(node, limits, done + 1, end, walk, rest)
            });
        again || (may_stop && rest(at, walk))
    }

    fn backref<'c>(
        &self,
        index: usize,
        at: usize,
        walk: &mut Walk<'c>,
        rest: Rest<'_, 'c>,
    ) -> bool {
        let Some((from, to)) = walk.caps[index] else {
            return false;
        };
        let end = at + (to - from);
        if end > walk.cells.len() {
            return false;
        }
        let mark = walk.trail.len();
        let stop = (0..to - from).all(|k| walk.join(from + k, at + k)) && rest(end, walk);
        walk.undo_to(mark);
        stop
    }
}

impl Walk<'_> {
    fn find(&self, mut cell: usize) -> usize {
        while self.parent[cell] != cell {
            cell = self.parent[cell];
        }
        cell
    }

    fn restrict(&mut self, cell: usize, set: Symbols) -> bool {
        let root = self.find(cell);
        let narrowed = self.sets[root] & set;
        if narrowed != self.sets[root] {
            self.trail.push(Undo::Set(root, self.sets[root]));
            self.sets[root] = narrowed;
        }
        narrowed != 0
    }

    /// The two cells must hold the same character.
    fn join(&mut self, a: usize, b: usize) -> bool {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra == rb {
            return true;
        }
        self.trail.push(Undo::Parent(rb));
        self.parent[rb] = ra;
        let common = self.sets[rb];
        self.restrict(ra, common)
    }

    fn undo_to(&mut self, mark: usize) {
        while self.trail.len() > mark {
            match self.trail.pop() {
                Some(Undo::Set(cell, set)) => self.sets[cell] = set,
                Some(Undo::Parent(cell)) => self.parent[cell] = cell,
                None => break,
            }
        }
    }

    /// Adds a finished path; stops the walk once nothing more can be added.
    fn record_path(&mut self) -> bool {
        for cell in 0..self.cells.len() {
            self.support[cell] |= self.sets[self.find(cell)];
        }
        self.support == self.cells
    }
}

fn tree(node: &Node, alphabet: &[char]) -> Tree {
    let sub = |n: &Node| Box::new(tree(n, alphabet));
    match node {
        Node::Empty => Tree::Empty,
        Node::Class(class) => Tree::Set(symbols_of(class, alphabet)),
        Node::Concat(items) => Tree::Concat(items.iter().map(|n| tree(n, alphabet)).collect()),
        Node::Alt(items) => Tree::Alt(items.iter().map(|n| tree(n, alphabet)).collect()),
        Node::Repeat { node, min, max, .. } => Tree::Repeat {
            node: sub(node),
            min: *min,
            max: *max,
        },
        Node::Group {
            index: Some(i),
            node,
        } => Tree::Capture(*i, sub(node)),
        Node::Group { index: None, node } => tree(node, alphabet),
        Node::Backref(i) => Tree::Backref(*i),
        Node::Start => Tree::Start,
        Node::End => Tree::End,
        // Neither a negative lookahead nor a word boundary can be judged on
        // sets: let every path through.
        Node::Look { negative: true, .. } | Node::WordBoundary { .. } => Tree::Empty,
        Node::Look {
            negative: false,
            node,
        } => Tree::Ahead(sub(node)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Narrows a line of `len` open cells over `alphabet`, as strings per cell.
    fn support(pattern: &str, alphabet: &str, cells: &[&str]) -> Option<Vec<String>> {
        let alphabet: Vec<char> = alphabet.chars().collect();
        let set_of = |text: &str| {
            text.chars()
                .map(|c| 1u128 << alphabet.iter().position(|&a| a == c).unwrap())
                .fold(0, |a, b| a | b)
        };
        let cells: Vec<Symbols> = cells.iter().map(|t| set_of(t)).collect();
        let matcher = SetMatcher::new(&Regex::parse(pattern).unwrap(), &alphabet);
        let narrowed = matcher.narrow(&cells, 100_000).unwrap()?;
        Some(
            narrowed
                .iter()
                .map(|&s| crate::puzzles::regex::automaton::spell(s, &alphabet))
                .collect(),
        )
    }

    #[test]
    fn backreferences_carry_sets_across_the_line() {
        // Cell 3 must equal cell 0, which can only be A or B.
        assert_eq!(
            support("(.)X.\\1", "ABCX", &["AB", "X", "ABC", "BC"]),
            Some(vec!["B".into(), "X".into(), "ABC".into(), "B".into()])
        );
        assert_eq!(support("(.)\\1", "AB", &["A", "B"]), None);
        // A palindrome of four over sets: the middle pair must agree too.
        assert_eq!(
            support("(.)(.)\\2\\1", "ABC", &["ABC", "A", "AB", "C"]),
            Some(vec!["C".into(), "A".into(), "A".into(), "C".into()])
        );
    }

    #[test]
    fn gives_up_when_out_of_steps() {
        let alphabet: Vec<char> = "AB".chars().collect();
        let matcher = SetMatcher::new(&Regex::parse("(A|B|AB)*\\1").unwrap(), &alphabet);
        assert_eq!(matcher.narrow(&[3; 12], 10), None);
    }
}
