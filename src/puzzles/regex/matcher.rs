//! The exact judge: a backtracking full matcher with Python `re` semantics.
//!
//! The solver's automata over-approximate lines with backreferences and
//! lookaheads, so every line of every reported solution is re-checked here.
//! Continuation passing keeps the semantics plain: each node is matched at a
//! position and hands every way it can end to "the rest of the pattern".

use super::syntax::{is_word, Node, Regex};
use crate::progress::Deadline;

/// The span of text each capture group holds on the current path.
type Captures = Vec<Option<(usize, usize)>>;

/// What happens after a node has matched: given the end position, does the rest match?
type Rest<'k> = &'k mut dyn FnMut(usize, &mut Captures) -> bool;

/// Does `regex` match the whole of `text` (Python `re.fullmatch`)?
pub fn full_match(regex: &Regex, text: &[char]) -> bool {
    full_match_within(regex, text, &Deadline::never())
}

/// [`full_match`], giving up (false) once `deadline` passes: nested
/// repetitions can take exponential time, as in Python.
pub(crate) fn full_match_within(regex: &Regex, text: &[char], deadline: &Deadline) -> bool {
    let mut captures = vec![None; regex.groups + 1];
    let matcher = Matcher { text, deadline };
    matcher.node(&regex.root, 0, &mut captures, &mut |end, _| {
        end == text.len()
    })
}

struct Matcher<'t> {
    text: &'t [char],
    deadline: &'t Deadline,
}

impl Matcher<'_> {
    /// Every mutation of `caps` is undone before returning false, so callers
    /// can try the next alternative on the same vector.
    fn node(&self, node: &Node, at: usize, caps: &mut Captures, rest: Rest) -> bool {
        if self.deadline.tick() {
            return false;
        }
        match node {
            Node::Empty => rest(at, caps),
            Node::Class(class) => match self.text.get(at) {
                Some(&c) if class.matches(c) => rest(at + 1, caps),
                _ => false,
            },
            Node::Concat(nodes) => self.sequence(nodes, at, caps, rest),
            Node::Alt(branches) => branches.iter().any(|b| self.node(b, at, caps, rest)),
            Node::Repeat {
                node,
                min,
                max,
                greedy,
            } => {
                let limits = Limits {
                    min: *min,
                    max: *max,
                    greedy: *greedy,
                };
                self.repeat(node, limits, 0, at, caps, rest)
            }
            Node::Group { index, node } => match index {
                Some(i) => self.capture(*i, node, at, caps, rest),
                None => self.node(node, at, caps, rest),
            },
            Node::Backref(i) => self.backref(*i, at, caps, rest),
            Node::Start => at == 0 && rest(at, caps),
            Node::End => at == self.text.len() && rest(at, caps),
            Node::WordBoundary { negated } => self.at_boundary(at) != *negated && rest(at, caps),
            Node::Look { negative, node } => self.lookahead(*negative, node, at, caps, rest),
        }
    }

    fn at_boundary(&self, at: usize) -> bool {
        let word_at = |i: Option<usize>| {
            i.and_then(|i| self.text.get(i))
                .is_some_and(|&c| is_word(c))
        };
        word_at(at.checked_sub(1)) != word_at(Some(at))
    }

    fn sequence(&self, nodes: &[Node], at: usize, caps: &mut Captures, rest: Rest) -> bool {
        match nodes.split_first() {
            None => rest(at, caps),
            Some((first, others)) => self.node(first, at, caps, &mut |end, caps| {
                self.sequence(others, end, caps, rest)
            }),
        }
    }

    fn capture(
        &self,
        index: usize,
        node: &Node,
        at: usize,
        caps: &mut Captures,
        rest: Rest,
    ) -> bool {
        self.node(node, at, caps, &mut |end, caps| {
            let before = caps[index];
            caps[index] = Some((at, end));
            rest(end, caps) || {
                caps[index] = before;
                false
            }
        })
    }

    /// `done` iterations so far. An iteration that consumes nothing once the
    /// minimum is met ends the loop, as in Python, which also keeps `(a*)*` finite.
    fn repeat(
        &self,
        node: &Node,
        limits: Limits,
        done: u32,
        at: usize,
        caps: &mut Captures,
        rest: Rest,
    ) -> bool {
        let may_stop = done >= limits.min;
        let may_continue = limits.max.is_none_or(|m| done < m);
        let again = |caps: &mut Captures, rest: Rest| {
            may_continue
                && self.node(node, at, caps, &mut |end, caps| {
                    !(end == at && may_stop) && self.repeat(node, limits, done + 1, end, caps, rest)
                })
        };
        // Order matters only for which captures a lookahead keeps: greedy
        // tries one more iteration first, lazy tries stopping first.
        let stop_first = !limits.greedy;
        if stop_first && may_stop && rest(at, caps) {
            return true;
        }
        again(caps, rest) || (!stop_first && may_stop && rest(at, caps))
    }

    fn backref(&self, index: usize, at: usize, caps: &mut Captures, rest: Rest) -> bool {
        let Some((from, to)) = caps[index] else {
            return false;
        };
        let end = at + (to - from);
        end <= self.text.len() && self.text[from..to] == self.text[at..end] && rest(end, caps)
    }

    /// Lookaheads are atomic in Python: the first way the inside matches fixes
    /// its captures, and nothing backtracks into it.
    fn lookahead(
        &self,
        negative: bool,
        node: &Node,
        at: usize,
        caps: &mut Captures,
        rest: Rest,
    ) -> bool {
        let before = caps.clone();
        let inside = self.node(node, at, caps, &mut |_, _| true);
        if negative {
            // A failed inside has already undone its captures.
            *caps = before.clone();
            return !inside && rest(at, caps);
        }
        inside
            && (rest(at, caps) || {
                *caps = before;
                false
            })
    }
}

#[derive(Clone, Copy)]
struct Limits {
    min: u32,
    max: Option<u32>,
    greedy: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn matches(pattern: &str, text: &str) -> bool {
        let regex = Regex::parse(pattern).unwrap();
        full_match(&regex, &text.chars().collect::<Vec<_>>())
    }

    #[test]
    fn agrees_with_python_on_known_cases() {
        // Expected values are what Python's re.fullmatch answers.
        let cases = [
            ("HE|LL|O+", "OOO", true),
            ("HE|LL|O+", "HEL", false),
            ("(...?)\\1*", "ABABAB", true),
            ("(...?)\\1*", "ABCABD", false),
            (".*(.)(.)(.)(.)\\4\\3\\2\\1.*", "XABCDDCBAX", true),
            (".*(.)(.)(.)(.)\\4\\3\\2\\1.*", "XABCDDCBXX", false),
            ("(?=.*A)[AB]+", "BBA", true),
            ("(?=.*A)[AB]+", "BBB", false),
            ("(?!.*A)[AB]+", "BBB", true),
            ("(a*)*b", "aab", true),
            ("a{2,3}?", "aaa", true),
            ("a{2,3}", "aaaa", false),
            ("x{y}", "x{y}", true),
            ("A$\\s?", "A ", false),
            ("A$\\s?", "A", true),
            ("(A|B)?\\1", "A", false),
            ("[\\]\\[]+", "][", true),
            ("\\W\\w\\d\\s", "-_7 ", true),
            ("A\\b B", "A B", true),
            ("A\\bB", "AB", false),
            ("A\\BB", "AB", true),
            ("\\AA\\Z", "A", true),
        ];
        for (pattern, text, expected) in cases {
            assert_eq!(matches(pattern, text), expected, "{pattern} on {text}");
        }
    }
}
