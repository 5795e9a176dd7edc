//! Clue expressions: integers, letters (each one unknown), `+ - * / ^`,
//! parentheses, and juxtaposition as multiplication (`ABI`, `2A`, `B(C - D)`).
//!
//! Two evaluators, on purpose. [`Expr::eval`] walks the tree and is the plain
//! judge every solution is re-checked with; [`Program`] is the same
//! expression flattened to postfix over letter indices, which the search runs
//! millions of times without touching the heap. Both use checked `i128`
//! arithmetic through [`apply`]: overflow, division by zero and inexact
//! division make the value undefined (`None`), never a panic.

use std::fmt;

/// Longest expression accepted, in characters; more is not a clue.
pub(crate) const MAX_CHARS: usize = 1000;

/// Deepest nesting of parentheses, minus signs and powers accepted, so
/// that parsing (and evaluating) never runs out of stack.
pub(crate) const MAX_DEPTH: usize = 64;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    Add,
    Sub,
    Mul,
    Div,
    Pow,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expr {
    Num(i128),
    /// An upper-case ASCII letter.
    Letter(u8),
    Neg(Box<Expr>),
    Bin(Op, Box<Expr>, Box<Expr>),
}

/// Why an expression does not parse: `position` counts characters from 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    pub position: usize,
    pub message: String,
}

impl fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// `a op b`, or `None` when the result is not a (representable) integer.
pub fn apply(op: Op, a: i128, b: i128) -> Option<i128> {
    match op {
        Op::Add => a.checked_add(b),
        Op::Sub => a.checked_sub(b),
        Op::Mul => a.checked_mul(b),
        Op::Div => match a.checked_rem(b)? {
            0 => a.checked_div(b),
            _ => None,
        },
        Op::Pow => power(a, b),
    }
}

/// Integer powers; a negative exponent is whole only for bases ±1.
fn power(base: i128, exponent: i128) -> Option<i128> {
    let odd = exponent % 2 != 0;
    match base {
        1 => Some(1),
        -1 => Some(if odd { -1 } else { 1 }),
        _ if exponent < 0 => None,
        0 => Some(if exponent == 0 { 1 } else { 0 }),
        _ => base.checked_pow(u32::try_from(exponent).ok()?),
    }
}

impl Expr {
    /// Parses `text`; the letters become [`Expr::Letter`].
    pub fn parse(text: &str) -> Result<Expr, SyntaxError> {
        let chars: Vec<(usize, char)> = text
            .chars()
            .enumerate()
            .filter(|(_, c)| !c.is_whitespace())
            .map(|(i, c)| (i + 1, c))
            .collect();
        let length = text.chars().count();
        if length > MAX_CHARS {
            return Err(SyntaxError {
                position: MAX_CHARS + 1,
                message: format!("longer than {MAX_CHARS} characters"),
            });
        }
        let mut parser = Parser {
            chars,
            at: 0,
            depth: 0,
            end: length + 1,
        };
        let expr = parser.sum()?;
        match parser.peek() {
            None => Ok(expr),
            Some(')') => {
                Err(parser.error(format!("unmatched ')' at position {}", parser.position())))
            }
            Some(_) => Err(parser.unexpected()),
        }
    }

    /// The distinct letters, in order of first appearance.
    pub fn letters(&self) -> Vec<u8> {
        let mut found = Vec::new();
        self.collect_letters(&mut found);
        found
    }

    fn collect_letters(&self, found: &mut Vec<u8>) {
        match self {
            Expr::Num(_) => {}
            Expr::Letter(l) => {
                if !found.contains(l) {
                    found.push(*l);
                }
            }
            Expr::Neg(e) => e.collect_letters(found),
            Expr::Bin(_, a, b) => {
                a.collect_letters(found);
                b.collect_letters(found);
            }
        }
    }

    /// The value with each letter's value from `value_of`; `None` when a
    /// letter has none or the arithmetic leaves the integers.
    pub fn eval(&self, value_of: &dyn Fn(u8) -> Option<i128>) -> Option<i128> {
        match self {
            Expr::Num(n) => Some(*n),
            Expr::Letter(l) => value_of(*l),
            Expr::Neg(e) => e.eval(value_of)?.checked_neg(),
            Expr::Bin(op, a, b) => apply(*op, a.eval(value_of)?, b.eval(value_of)?),
        }
    }

    /// The postfix program, letters numbered by `index_of`.
    pub(crate) fn compile(&self, index_of: &dyn Fn(u8) -> u8) -> Program {
        let mut steps = Vec::new();
        self.emit(index_of, &mut steps);
        Program { steps }
    }

    fn emit(&self, index_of: &dyn Fn(u8) -> u8, steps: &mut Vec<Step>) {
        match self {
            Expr::Num(n) => steps.push(Step::Num(*n)),
            Expr::Letter(l) => steps.push(Step::Letter(index_of(*l))),
            Expr::Neg(e) => {
                e.emit(index_of, steps);
                steps.push(Step::Neg);
            }
            Expr::Bin(op, a, b) => {
                a.emit(index_of, steps);
                b.emit(index_of, steps);
                steps.push(Step::Apply(*op));
            }
        }
    }
}

#[derive(Clone, Copy, Debug)]
enum Step {
    Num(i128),
    Letter(u8),
    Neg,
    Apply(Op),
}

/// An expression in postfix over letter indices, for the search.
#[derive(Clone, Debug)]
pub(crate) struct Program {
    steps: Vec<Step>,
}

impl Program {
    /// The value with `values[i]` for letter index `i`; `stack` is scratch
    /// space reused between calls.
    pub fn run(&self, values: &[i128], stack: &mut Vec<i128>) -> Option<i128> {
        stack.clear();
        for step in &self.steps {
            match *step {
                Step::Num(n) => stack.push(n),
                Step::Letter(i) => stack.push(values[usize::from(i)]),
                Step::Neg => {
                    let a = stack.pop()?;
                    stack.push(a.checked_neg()?);
                }
                Step::Apply(op) => {
                    let b = stack.pop()?;
                    let a = stack.pop()?;
                    stack.push(apply(op, a, b)?);
                }
            }
        }
        stack.pop()
    }
}

/// Recursive descent with the usual precedence: `+ -` below `*`, `/` and
/// juxtaposition, below unary minus, below `^` (right-associative).
struct Parser {
    /// Non-blank characters with their 1-based positions.
    chars: Vec<(usize, char)>,
    at: usize,
    depth: usize,
    /// The position reported for "the end".
    end: usize,
}

impl Parser {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).map(|&(_, c)| c)
    }

    fn position(&self) -> usize {
        self.chars.get(self.at).map_or(self.end, |&(p, _)| p)
    }

    fn error(&self, message: String) -> SyntaxError {
        SyntaxError {
            position: self.position(),
            message,
        }
    }

    fn unexpected(&self) -> SyntaxError {
        match self.peek() {
            None => self.error("expected a letter, a number or '(' at the end".into()),
            Some(c) if c.is_ascii_lowercase() => self.error(format!(
                "unexpected {c:?} at position {} (letters are A-Z)",
                self.position()
            )),
            Some(c) => self.error(format!("unexpected {c:?} at position {}", self.position())),
        }
    }

    fn sum(&mut self) -> Result<Expr, SyntaxError> {
        let mut left = self.product()?;
        while let Some(c @ ('+' | '-')) = self.peek() {
            self.at += 1;
            let op = if c == '+' { Op::Add } else { Op::Sub };
            left = Expr::Bin(op, Box::new(left), Box::new(self.product()?));
        }
        Ok(left)
    }

    fn product(&mut self) -> Result<Expr, SyntaxError> {
        let mut left = self.unary()?;
        loop {
            let op = match self.peek() {
                Some('*') => Op::Mul,
                Some('/') => Op::Div,
                // Juxtaposition: `2A`, `AB`, `A(B + C)`.
                Some(c) if c.is_ascii_uppercase() || c.is_ascii_digit() || c == '(' => {
                    left = Expr::Bin(Op::Mul, Box::new(left), Box::new(self.unary()?));
                    continue;
                }
                _ => return Ok(left),
            };
            self.at += 1;
            left = Expr::Bin(op, Box::new(left), Box::new(self.unary()?));
        }
    }

    /// Every nesting passes through here, so the depth is counted here.
    fn unary(&mut self) -> Result<Expr, SyntaxError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(self.error(format!(
                "nested more than {MAX_DEPTH} deep at position {}",
                self.position()
            )));
        }
        let result = if self.peek() == Some('-') {
            self.at += 1;
            self.unary().map(|e| Expr::Neg(Box::new(e)))
        } else {
            self.power()
        };
        self.depth -= 1;
        result
    }

    fn power(&mut self) -> Result<Expr, SyntaxError> {
        let base = self.primary()?;
        if self.peek() == Some('^') {
            self.at += 1;
            let exponent = self.unary()?;
            return Ok(Expr::Bin(Op::Pow, Box::new(base), Box::new(exponent)));
        }
        Ok(base)
    }

    fn primary(&mut self) -> Result<Expr, SyntaxError> {
        match self.peek() {
            Some(c) if c.is_ascii_uppercase() => {
                self.at += 1;
                Ok(Expr::Letter(c as u8))
            }
            Some(c) if c.is_ascii_digit() => {
                let start = self.position();
                let mut n: i128 = 0;
                let mut next = start;
                // Blanks separate numbers: `2 3` is 2 times 3, not 23.
                while let Some(d) = self
                    .peek()
                    .and_then(|c| c.to_digit(10))
                    .filter(|_| self.position() == next)
                {
                    next += 1;
                    n = n
                        .checked_mul(10)
                        .and_then(|n| n.checked_add(i128::from(d)))
                        .ok_or_else(|| SyntaxError {
                            position: start,
                            message: format!("number too large at position {start}"),
                        })?;
                    self.at += 1;
                }
                Ok(Expr::Num(n))
            }
            Some('(') => {
                let open = self.position();
                self.at += 1;
                let inner = self.sum()?;
                if self.peek() != Some(')') {
                    return Err(match self.peek() {
                        None => self.error(format!("missing ')' for the '(' at position {open}")),
                        Some(_) => self.unexpected(),
                    });
                }
                self.at += 1;
                Ok(inner)
            }
            _ => Err(self.unexpected()),
        }
    }
}

/// The decimal digits of a positive `value`, most significant first.
pub fn digits(value: i128) -> Option<Vec<u8>> {
    if value <= 0 {
        return None;
    }
    let mut out = Vec::new();
    let mut v = value;
    while v > 0 {
        out.push((v % 10) as u8);
        v /= 10;
    }
    out.reverse();
    Some(out)
}
