//! Regex syntax: the Python `re` subset that regex crosswords use, parsed into
//! a small tree that both the exact matcher and the automaton builder read.

use crate::{Error, Result};

/// One predicate inside a character class (or a bare escape like `\d`).
#[derive(Debug, Clone, PartialEq)]
pub enum ClassItem {
    Range(char, char),
    Digit { negated: bool },
    Word { negated: bool },
    Space { negated: bool },
}

/// A set of characters, described by predicates so that it can be evaluated
/// against any alphabet later.
#[derive(Debug, Clone, PartialEq)]
pub struct Class {
    pub negated: bool,
    pub items: Vec<ClassItem>,
}

impl Class {
    fn single(c: char) -> Self {
        Class {
            negated: false,
            items: vec![ClassItem::Range(c, c)],
        }
    }

    /// `.`: Python's dot matches everything but a newline.
    fn dot() -> Self {
        Class {
            negated: true,
            items: vec![ClassItem::Range('\n', '\n')],
        }
    }

    pub fn matches(&self, c: char) -> bool {
        self.items.iter().any(|item| item_matches(item, c)) != self.negated
    }
}

/// Python's `\w` for str patterns: Unicode letters and digits plus `_`.
pub(crate) fn is_word(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

fn item_matches(item: &ClassItem, c: char) -> bool {
    match *item {
        ClassItem::Range(lo, hi) => (lo..=hi).contains(&c),
        ClassItem::Digit { negated } => c.is_numeric() != negated,
        ClassItem::Word { negated } => is_word(c) != negated,
        ClassItem::Space { negated } => c.is_whitespace() != negated,
    }
}

#[derive(Debug, Clone, PartialEq)]
pub enum Node {
    Empty,
    Class(Class),
    Concat(Vec<Node>),
    Alt(Vec<Node>),
    Repeat {
        node: Box<Node>,
        min: u32,
        max: Option<u32>,
        greedy: bool,
    },
    /// `index` is the capture number, `None` for `(?: )`.
    Group {
        index: Option<usize>,
        node: Box<Node>,
    },
    Backref(usize),
    Start,
    End,
    /// `\b` (or `\B` when negated).
    WordBoundary {
        negated: bool,
    },
    Look {
        negative: bool,
        node: Box<Node>,
    },
}

/// A parsed regex with the facts the solver needs about it.
#[derive(Debug, Clone)]
pub struct Regex {
    pub source: String,
    pub root: Node,
    pub groups: usize,
    /// Backreferences or lookaheads: an automaton can only over-approximate it.
    pub needs_backtracking: bool,
}

/// Counted repeats beyond this are refused: puzzles never need them and the
/// automaton copies the repeated part once per count.
const MAX_COUNT: u32 = 1000;

/// Deeper group nesting is refused: parsing and matching recurse per level.
const MAX_DEPTH: usize = 100;

impl Regex {
    pub fn parse(source: &str) -> Result<Regex> {
        let mut parser = Parser {
            source,
            chars: source.chars().collect(),
            pos: 0,
            groups: 0,
            open: Vec::new(),
            depth: 0,
            special: false,
        };
        let root = parser.alternation()?;
        if parser.pos < parser.chars.len() {
            return Err(parser.error("unbalanced parenthesis"));
        }
        Ok(Regex {
            source: source.to_string(),
            root,
            groups: parser.groups,
            needs_backtracking: parser.special,
        })
    }

    /// Characters written literally (outside ranges), which join the default alphabet.
    pub(crate) fn literal_chars(&self) -> Vec<char> {
        let mut out = Vec::new();
        collect_literals(&self.root, &mut out);
        out
    }
}

fn collect_literals(node: &Node, out: &mut Vec<char>) {
    match node {
        Node::Class(class) => {
            for item in &class.items {
                if let ClassItem::Range(lo, hi) = *item {
                    if lo == hi && lo != '\n' {
                        out.push(lo);
                    }
                }
            }
        }
        Node::Concat(nodes) | Node::Alt(nodes) => {
            nodes.iter().for_each(|n| collect_literals(n, out));
        }
        Node::Repeat { node, .. } | Node::Group { node, .. } | Node::Look { node, .. } => {
            collect_literals(node, out)
        }
        Node::Empty | Node::Backref(_) | Node::Start | Node::End | Node::WordBoundary { .. } => {}
    }
}

struct Parser<'a> {
    source: &'a str,
    chars: Vec<char>,
    pos: usize,
    groups: usize,
    /// Capture groups not yet closed: a backreference to one is an error in Python.
    open: Vec<usize>,
    depth: usize,
    special: bool,
}

impl Parser<'_> {
    fn error(&self, problem: &str) -> Error {
        Error::invalid(format!(
            "regex {:?}: {problem} at position {}",
            self.source, self.pos
        ))
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn looking_at(&self, text: &str) -> bool {
        text.chars()
            .enumerate()
            .all(|(i, c)| self.chars.get(self.pos + i) == Some(&c))
    }

    fn alternation(&mut self) -> Result<Node> {
        let mut branches = vec![self.concatenation()?];
        while self.peek() == Some('|') {
            self.pos += 1;
            branches.push(self.concatenation()?);
        }
        Ok(if branches.len() == 1 {
            branches.remove(0)
        } else {
            Node::Alt(branches)
        })
    }

    fn concatenation(&mut self) -> Result<Node> {
        let mut items = Vec::new();
        while let Some(c) = self.peek() {
            if c == '|' || c == ')' {
                break;
            }
            let atom = self.atom()?;
            items.push(self.quantified(atom)?);
        }
        Ok(match items.len() {
            0 => Node::Empty,
            1 => items.remove(0),
            _ => Node::Concat(items),
        })
    }

    fn quantified(&mut self, atom: Node) -> Result<Node> {
        let Some((min, max)) = self.quantifier()? else {
            return Ok(atom);
        };
        if matches!(
            atom,
            Node::Start | Node::End | Node::Empty | Node::WordBoundary { .. }
        ) {
            return Err(self.error("nothing to repeat"));
        }
        let greedy = if self.peek() == Some('?') {
            self.pos += 1;
            false
        } else {
            true
        };
        if self.peek() == Some('+') {
            return Err(self.error("unsupported syntax: possessive quantifier"));
        }
        if self.quantifier_ahead() {
            return Err(self.error("multiple repeat"));
        }
        Ok(Node::Repeat {
            node: Box::new(atom),
            min,
            max,
            greedy,
        })
    }

    fn quantifier_ahead(&mut self) -> bool {
        let start = self.pos;
        let found = matches!(self.quantifier(), Ok(Some(_)));
        self.pos = start;
        found
    }

    /// `* + ? {m} {m,} {,n} {m,n}`; a `{` that starts none of these is a literal, as in Python.
    fn quantifier(&mut self) -> Result<Option<(u32, Option<u32>)>> {
        let simple = match self.peek() {
            Some('*') => Some((0, None)),
            Some('+') => Some((1, None)),
            Some('?') => Some((0, Some(1))),
            Some('{') => return self.braces(),
            _ => None,
        };
        if simple.is_some() {
            self.pos += 1;
        }
        Ok(simple)
    }

    fn braces(&mut self) -> Result<Option<(u32, Option<u32>)>> {
        let start = self.pos;
        let Some(len) = self.chars[start..].iter().position(|&c| c == '}') else {
            return Ok(None);
        };
        let inner: String = self.chars[start + 1..start + len].iter().collect();
        let number = |t: &str| -> Option<Option<u32>> {
            if t.is_empty() {
                Some(None)
            } else if t.chars().all(|c| c.is_ascii_digit()) {
                t.parse().ok().map(Some)
            } else {
                None
            }
        };
        let bounds = match inner.split_once(',') {
            Some((lo, hi)) => number(lo).zip(number(hi)),
            None => number(&inner).filter(Option::is_some).map(|n| (n, n)),
        };
        let Some((lo, hi)) = bounds else {
            return Ok(None);
        };
        let min = lo.unwrap_or(0);
        if min.max(hi.unwrap_or(0)) > MAX_COUNT {
            return Err(self.error(&format!("repeat count above {MAX_COUNT}")));
        }
        if hi.is_some_and(|h| h < min) {
            return Err(self.error("min repeat greater than max repeat"));
        }
        self.pos = start + len + 1;
        Ok(Some((min, hi)))
    }

    fn atom(&mut self) -> Result<Node> {
        let Some(c) = self.peek() else {
            return Err(self.error("unexpected end"));
        };
        if self.quantifier_ahead() {
            return Err(self.error("nothing to repeat"));
        }
        self.pos += 1;
        match c {
            '(' => self.group(),
            '[' => Ok(Node::Class(self.class()?)),
            '.' => Ok(Node::Class(Class::dot())),
            '^' => Ok(Node::Start),
            '$' => Ok(Node::End),
            '\\' => self.escape(),
            _ => Ok(Node::Class(Class::single(c))),
        }
    }

    fn group(&mut self) -> Result<Node> {
        let (index, look) = if self.looking_at("?:") {
            self.pos += 2;
            (None, None)
        } else if self.looking_at("?=") || self.looking_at("?!") {
            let negative = self.looking_at("?!");
            self.pos += 2;
            self.special = true;
            (None, Some(negative))
        } else if self.peek() == Some('?') {
            let what = if self.looking_at("?<=") || self.looking_at("?<!") {
                "lookbehind"
            } else if self.looking_at("?P") || self.looking_at("?<") {
                "named group"
            } else {
                "group flag or extension"
            };
            return Err(self.error(&format!("unsupported syntax: {what} `(?`")));
        } else {
            self.groups += 1;
            (Some(self.groups), None)
        };
        if let Some(i) = index {
            self.open.push(i);
        }
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(self.error(&format!("groups nested more than {MAX_DEPTH} deep")));
        }
        let node = Box::new(self.alternation()?);
        self.depth -= 1;
        if self.peek() != Some(')') {
            return Err(self.error("missing ), unterminated subpattern"));
        }
        self.pos += 1;
        if index.is_some() {
            self.open.pop();
        }
        Ok(match look {
            Some(negative) => Node::Look { negative, node },
            None => Node::Group { index, node },
        })
    }

    fn escape(&mut self) -> Result<Node> {
        let Some(c) = self.peek() else {
            return Err(self.error("bad escape (end of pattern)"));
        };
        if c.is_ascii_digit() && c != '0' {
            return self.backref();
        }
        self.pos += 1;
        match c {
            'A' => return Ok(Node::Start),
            'Z' => return Ok(Node::End),
            'b' | 'B' => {
                // Automata skip it, so lines using it need the exact matcher.
                self.special = true;
                return Ok(Node::WordBoundary { negated: c == 'B' });
            }
            _ => {}
        }
        match self.class_escape(c)? {
            Some(item) => Ok(Node::Class(Class {
                negated: false,
                items: vec![item],
            })),
            None => Err(self.error(&format!("unsupported escape \\{c}"))),
        }
    }

    fn backref(&mut self) -> Result<Node> {
        let mut number = 0usize;
        let start = self.pos;
        while let Some(d) = self.peek().and_then(|c| c.to_digit(10)) {
            if self.pos - start == 2 {
                break;
            }
            number = number * 10 + d as usize;
            self.pos += 1;
        }
        if number > self.groups {
            return Err(self.error(&format!("invalid group reference {number}")));
        }
        if self.open.contains(&number) {
            return Err(self.error("cannot refer to an open group"));
        }
        self.special = true;
        Ok(Node::Backref(number))
    }

    /// The meaning of `\c` as one character predicate; `None` for escapes we
    /// do not support (`\b`, `\A`, octal, ...).
    fn class_escape(&self, c: char) -> Result<Option<ClassItem>> {
        let item = match c {
            'd' | 'D' => ClassItem::Digit { negated: c == 'D' },
            'w' | 'W' => ClassItem::Word { negated: c == 'W' },
            's' | 'S' => ClassItem::Space { negated: c == 'S' },
            'n' => ClassItem::Range('\n', '\n'),
            't' => ClassItem::Range('\t', '\t'),
            'r' => ClassItem::Range('\r', '\r'),
            'f' => ClassItem::Range('\x0c', '\x0c'),
            'v' => ClassItem::Range('\x0b', '\x0b'),
            c if c.is_ascii_alphanumeric() => return Ok(None),
            c => ClassItem::Range(c, c),
        };
        Ok(Some(item))
    }

    fn class(&mut self) -> Result<Class> {
        let negated = self.peek() == Some('^');
        if negated {
            self.pos += 1;
        }
        let mut items = Vec::new();
        let mut first = true;
        loop {
            let Some(c) = self.peek() else {
                return Err(self.error("unterminated character set"));
            };
            if c == ']' && !first {
                self.pos += 1;
                return Ok(Class { negated, items });
            }
            first = false;
            let item = self.class_atom()?;
            let range_follows =
                self.peek() == Some('-') && self.chars.get(self.pos + 1).is_some_and(|&n| n != ']');
            match item {
                ClassItem::Range(lo, _) if range_follows => {
                    self.pos += 1;
                    match self.class_atom()? {
                        ClassItem::Range(hi, _) if hi >= lo => items.push(ClassItem::Range(lo, hi)),
                        _ => return Err(self.error("bad character range")),
                    }
                }
                _ if range_follows => return Err(self.error("bad character range")),
                item => items.push(item),
            }
        }
    }

    /// Inside a class Python reads `\3` as the character with octal code 3.
    fn octal(&mut self) -> Result<ClassItem> {
        let mut code = 0;
        let start = self.pos;
        while let Some(d) = self.peek().and_then(|c| c.to_digit(8)) {
            if self.pos - start == 3 {
                break;
            }
            code = code * 8 + d;
            self.pos += 1;
        }
        let c = char::from_u32(code).ok_or_else(|| self.error("bad octal escape"))?;
        Ok(ClassItem::Range(c, c))
    }

    fn class_atom(&mut self) -> Result<ClassItem> {
        let Some(c) = self.peek() else {
            return Err(self.error("unterminated character set"));
        };
        self.pos += 1;
        if c != '\\' {
            return Ok(ClassItem::Range(c, c));
        }
        let Some(e) = self.peek() else {
            return Err(self.error("unterminated character set"));
        };
        if e.is_digit(8) {
            return self.octal();
        }
        self.pos += 1;
        match self.class_escape(e)? {
            Some(item) => Ok(item),
            None => Err(self.error(&format!("unsupported escape \\{e}"))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_classes_and_quantifiers() {
        let r = Regex::parse("[^A-C\\d]{2,3}?x{,2}").unwrap();
        let Node::Concat(items) = &r.root else {
            panic!("{:?}", r.root)
        };
        assert!(matches!(
            items[0],
            Node::Repeat {
                min: 2,
                max: Some(3),
                greedy: false,
                ..
            }
        ));
        assert!(matches!(
            items[1],
            Node::Repeat {
                min: 0,
                max: Some(2),
                ..
            }
        ));
    }

    #[test]
    fn brace_without_count_is_literal() {
        let r = Regex::parse("a{x}").unwrap();
        assert_eq!(r.literal_chars(), vec!['a', '{', 'x', '}']);
    }

    #[test]
    fn errors_name_the_problem() {
        let e = Regex::parse("(?<=A)B").unwrap_err().to_string();
        assert_eq!(
            e,
            "regex \"(?<=A)B\": unsupported syntax: lookbehind `(?` at position 1"
        );
        assert!(Regex::parse("*A").is_err());
        assert!(Regex::parse("(A").is_err());
        assert!(Regex::parse("A)").is_err());
        assert!(Regex::parse("(A)\\2").is_err());
        assert!(Regex::parse("[Z-A]").is_err());
        let deep = format!("{}A{}", "(".repeat(101), ")".repeat(101));
        let e = Regex::parse(&deep).unwrap_err().to_string();
        assert!(
            e.ends_with("groups nested more than 100 deep at position 101"),
            "{e}"
        );
    }
}
