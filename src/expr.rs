//! Safe evaluator for macro-table cells: a small subset of Python expressions.
//!
//! ropkit operator definitions carry macro tables whose cells are short
//! Python-like expressions such as `param("Count") > 2`, `'THIS_USE_THINGS'`
//! or `'vec2(0.3, 0.1)'`. This module parses and evaluates those cells without
//! giving them any reach into the host: everything an expression can look at
//! comes from an [`Env`] (parameter values, connected inputs, and the
//! operator's coord, context and return types).
//!
//! # Language
//!
//! * Literals: ints (`3`, `0x1F`), floats (`1.5`, `.5`, `2.`, `1e-3`),
//!   strings in single or double quotes (escapes `\\ \' \" \n \t \r`),
//!   `True`, `False`, `None`, lists `[a, b]` and tuples `(a, b)`; tuples
//!   become [`Value::List`].
//! * Names: `coordType`, `contextType`, `returnType`, `params.Name`.
//! * Calls, only to: `param`, `hasInput`, `str`, `int`, `float`, `bool`,
//!   `min`, `max`, `len`, `abs`, `round`.
//! * Operators with Python precedence: `x if c else y`, `or`, `and`, `not`,
//!   comparisons (`== != < <= > >= in`, `not in`, `is`, `is not`, chained),
//!   `+ -`, `* / // %`, unary `- +`, `**`, subscripts `x[i]`.
//!
//! Names and called functions are resolved while parsing, so [`check_syntax`]
//! also reports unknown names, calls that are not allowed and wrong argument
//! counts. Every failure is an [`ExprError`] with the 1-based character column
//! of the offending token; no input makes the evaluator panic.
//!
//! # Departures from Python
//!
//! * Integers are 64-bit; overflow is an error.
//! * Float results that are not finite (inf, nan) are errors, because they are
//!   not valid GLSL.
//! * Tuples are lists; `is` compares `None` and booleans by identity and
//!   everything else by type and value.
//! * Nesting is capped (brackets, unary operators and `**` chains at 64
//!   levels, the expression tree at 128 levels), and strings and lists built
//!   by an expression are capped at about a million elements or bytes.

use std::cmp::Ordering;
use std::fmt::Write as _;

/// Deepest nesting of brackets, unary operators, `not`, `**` and `if`/`else`.
const MAX_NESTING: usize = crate::limits::EXPR_NESTING;
/// Deepest expression tree (also bounds chains such as `1 + 1 + ... + 1`).
const MAX_TREE_DEPTH: u32 = crate::limits::EXPR_TREE_DEPTH;
/// Largest string (bytes) or list (elements, counting nested contents) an
/// expression may build.
const MAX_SIZE: usize = crate::limits::EXPR_VALUE_SIZE;

// ---------------------------------------------------------------------------
// Values
// ---------------------------------------------------------------------------

/// The value of an expression.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    None,
    Bool(bool),
    Int(i64),
    Float(f64),
    Str(String),
    List(Vec<Value>),
}

impl Value {
    /// Python truthiness: None, False, 0, 0.0, "", [] are false.
    #[must_use]
    pub fn truthy(&self) -> bool {
        match self {
            Value::None => false,
            Value::Bool(b) => *b,
            Value::Int(i) => *i != 0,
            Value::Float(f) => *f != 0.0,
            Value::Str(s) => !s.is_empty(),
            Value::List(items) => !items.is_empty(),
        }
    }

    /// Python's `str()`: ints as `3`, floats as Python's repr (`1.0`, `3.5`,
    /// `0.001`, `1e-05`, `1e+16`), booleans as `True`/`False`, `None` as
    /// `None`, strings as their raw text, lists as `[1, 2.5, 'a']`.
    #[must_use]
    pub fn to_text(&self) -> String {
        match self {
            Value::Str(s) => s.clone(),
            other => {
                let mut out = String::new();
                other.write_repr(&mut out);
                out
            }
        }
    }

    /// Python's type name: `NoneType`, `bool`, `int`, `float`, `str`, `list`.
    #[must_use]
    pub fn type_name(&self) -> &'static str {
        match self {
            Value::None => "NoneType",
            Value::Bool(_) => "bool",
            Value::Int(_) => "int",
            Value::Float(_) => "float",
            Value::Str(_) => "str",
            Value::List(_) => "list",
        }
    }

    /// Python's `repr()`.
    fn write_repr(&self, out: &mut String) {
        match self {
            Value::None => out.push_str("None"),
            Value::Bool(true) => out.push_str("True"),
            Value::Bool(false) => out.push_str("False"),
            Value::Int(i) => {
                let _ = write!(out, "{i}");
            }
            Value::Float(f) => out.push_str(&float_repr(*f)),
            Value::Str(s) => push_str_repr(out, s),
            Value::List(items) => {
                out.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    item.write_repr(out);
                }
                out.push(']');
            }
        }
    }
}

/// Python's repr of a float: shortest round-trip digits, fixed notation for
/// decimal exponents -4..=15, otherwise `d.ddde+XX`.
fn float_repr(f: f64) -> String {
    if f.is_nan() {
        return "nan".to_string();
    }
    if f.is_infinite() {
        return if f > 0.0 { "inf" } else { "-inf" }.to_string();
    }
    if f == 0.0 {
        return if f.is_sign_negative() { "-0.0" } else { "0.0" }.to_string();
    }
    // `{:e}` gives the shortest round-trip digits, e.g. "1.2345e-5".
    let sci = format!("{:e}", f.abs());
    let (mantissa, exp) = sci.split_once('e').unwrap_or((sci.as_str(), "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
    let mut out = String::new();
    if f < 0.0 {
        out.push('-');
    }
    if (-4..16).contains(&exp) {
        if exp >= 0 {
            let int_len = exp as usize + 1;
            if digits.len() <= int_len {
                out.push_str(&digits);
                out.extend(std::iter::repeat_n('0', int_len - digits.len()));
                out.push_str(".0");
            } else {
                out.push_str(&digits[..int_len]);
                out.push('.');
                out.push_str(&digits[int_len..]);
            }
        } else {
            out.push_str("0.");
            out.extend(std::iter::repeat_n('0', (-exp - 1) as usize));
            out.push_str(&digits);
        }
    } else {
        out.push_str(&digits[..1]);
        if digits.len() > 1 {
            out.push('.');
            out.push_str(&digits[1..]);
        }
        let sign = if exp < 0 { '-' } else { '+' };
        let _ = write!(out, "e{sign}{:02}", exp.unsigned_abs());
    }
    out
}

/// Python's repr of a string.
fn push_str_repr(out: &mut String, s: &str) {
    let quote = if s.contains('\'') && !s.contains('"') {
        '"'
    } else {
        '\''
    };
    out.push(quote);
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c == quote => {
                out.push('\\');
                out.push(c);
            }
            c if (c as u32) < 0x20 || c as u32 == 0x7f => {
                let _ = write!(out, "\\x{:02x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push(quote);
}

// ---------------------------------------------------------------------------
// Environment and errors
// ---------------------------------------------------------------------------

/// What an expression may look at. Nothing else is reachable: no files, no host.
pub trait Env {
    /// The value of parameter `name`, or `None` when there is no such parameter.
    fn param(&self, name: &str) -> Option<Value>;
    /// Whether input `index` (1-based) is connected.
    fn has_input(&self, index: i64) -> bool;
    /// How many nodes feed input `index` (1-based): the connected node and
    /// every node upstream of it, each counted once; 0 when unconnected. An
    /// output can choose, by the size of its scene, between code that is
    /// fastest for small scenes and code that compiles well for big ones.
    fn input_size(&self, index: i64) -> i64;
    fn coord_type(&self) -> &str;
    fn context_type(&self) -> &str;
    fn return_type(&self) -> &str;
}

/// A syntax or evaluation error, with the 1-based character column of the
/// offending token in the source text.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{message} (column {column})")]
pub struct ExprError {
    pub message: String,
    pub column: usize,
}

type Res<T> = Result<T, ExprError>;

fn fail<T>(column: usize, message: impl Into<String>) -> Res<T> {
    Err(ExprError {
        message: message.into(),
        column,
    })
}

// ---------------------------------------------------------------------------
// Public entry points
// ---------------------------------------------------------------------------

/// Parse and evaluate `src` against `env`.
///
/// # Errors
///
/// Syntax errors, unknown names or parameters, calls that are not allowed,
/// type errors, integer overflow, division by zero and the like, each with
/// the column of the offending token.
pub fn eval(src: &str, env: &dyn Env) -> Result<Value, ExprError> {
    let tree = parse(src)?;
    Evaluator { env }.eval(&tree)
}

/// Parse only (syntax check), without evaluating.
///
/// Besides the grammar this also checks names, allowed functions and argument
/// counts, which are fixed; parameter names and values are not checked.
///
/// # Errors
///
/// The first problem found, with its column.
pub fn check_syntax(src: &str) -> Result<(), ExprError> {
    parse(src).map(|_| ())
}

/// True when `name` is one of the evaluator's own names (True, False, None,
/// param, params, hasInput, inputSize, coordType, contextType, returnType, str, int,
/// float, bool, min, max, len, abs, round, and, or, not, in, if, else, is).
#[must_use]
pub fn is_reserved_name(name: &str) -> bool {
    matches!(
        name,
        "True"
            | "False"
            | "None"
            | "param"
            | "params"
            | "hasInput"
            | "inputSize"
            | "coordType"
            | "contextType"
            | "returnType"
            | "str"
            | "int"
            | "float"
            | "bool"
            | "min"
            | "max"
            | "len"
            | "abs"
            | "round"
            | "and"
            | "or"
            | "not"
            | "in"
            | "if"
            | "else"
            | "is"
    )
}

// ---------------------------------------------------------------------------
// Lexer
// ---------------------------------------------------------------------------

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Int(i64),
    Float(f64),
    Str(String),
    Name(String),
    Op(&'static str),
    End,
    /// A lexical error; always the last token. The parser reports it when it
    /// gets there, so errors come out in source order.
    Error(String),
}

#[derive(Debug, Clone)]
struct Token {
    tok: Tok,
    col: usize,
    text: String,
}

fn is_ident_char(c: char) -> bool {
    c == '_' || c.is_alphanumeric()
}

/// Split `src` into tokens. The result always ends with `Tok::End` or, when
/// the text cannot be split, with `Tok::Error`.
fn lex(src: &str) -> Vec<Token> {
    let chars: Vec<char> = src.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let col = i + 1;
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        let start = i;
        let tok = if c.is_ascii_digit()
            || (c == '.' && chars.get(i + 1).is_some_and(char::is_ascii_digit))
        {
            match lex_number(&chars, i) {
                Ok((tok, end)) => {
                    i = end;
                    tok
                }
                Err(e) => return with_error(out, e),
            }
        } else if c == '_' || c.is_alphabetic() {
            while i < chars.len() && is_ident_char(chars[i]) {
                i += 1;
            }
            Tok::Name(chars[start..i].iter().collect())
        } else if c == '\'' || c == '"' {
            match lex_string(&chars, i) {
                Ok((text, end)) => {
                    i = end;
                    Tok::Str(text)
                }
                Err(e) => return with_error(out, e),
            }
        } else {
            let two = match (c, chars.get(i + 1)) {
                ('*', Some('*')) => Some("**"),
                ('/', Some('/')) => Some("//"),
                ('=', Some('=')) => Some("=="),
                ('!', Some('=')) => Some("!="),
                ('<', Some('=')) => Some("<="),
                ('>', Some('=')) => Some(">="),
                _ => None,
            };
            if let Some(op) = two {
                i += 2;
                Tok::Op(op)
            } else {
                let op = match c {
                    '+' => "+",
                    '-' => "-",
                    '*' => "*",
                    '/' => "/",
                    '%' => "%",
                    '<' => "<",
                    '>' => ">",
                    '(' => "(",
                    ')' => ")",
                    '[' => "[",
                    ']' => "]",
                    ',' => ",",
                    '.' => ".",
                    _ => {
                        let e = ExprError {
                            message: format!("unexpected '{c}'"),
                            column: col,
                        };
                        return with_error(out, e);
                    }
                };
                i += 1;
                Tok::Op(op)
            }
        };
        out.push(Token {
            tok,
            col,
            text: chars[start..i].iter().collect(),
        });
    }
    out.push(Token {
        tok: Tok::End,
        col: chars.len() + 1,
        text: String::new(),
    });
    out
}

fn with_error(mut tokens: Vec<Token>, e: ExprError) -> Vec<Token> {
    tokens.push(Token {
        tok: Tok::Error(e.message),
        col: e.column,
        text: String::new(),
    });
    tokens
}

fn lex_number(chars: &[char], start: usize) -> Res<(Tok, usize)> {
    let col = start + 1;
    let n = chars.len();
    let digits_from = |mut i: usize, hex: bool| {
        while i < n && (chars[i].is_ascii_digit() || (hex && chars[i].is_ascii_hexdigit())) {
            i += 1;
        }
        i
    };
    let bad_literal = |end: usize| {
        let mut end = end;
        while end < n && is_ident_char(chars[end]) {
            end += 1;
        }
        let text: String = chars[start..end].iter().collect();
        fail(col, format!("invalid number literal '{text}'"))
    };

    if chars[start] == '0' && matches!(chars.get(start + 1), Some('x' | 'X')) {
        let end = digits_from(start + 2, true);
        if end == start + 2 || (end < n && is_ident_char(chars[end])) {
            return bad_literal(end);
        }
        let digits: String = chars[start + 2..end].iter().collect();
        return match i64::from_str_radix(&digits, 16) {
            Ok(v) => Ok((Tok::Int(v), end)),
            Err(_) => fail(col, "integer literal too large"),
        };
    }

    let mut i = digits_from(start, false);
    let mut is_float = false;
    if i < n && chars[i] == '.' {
        is_float = true;
        i = digits_from(i + 1, false);
    }
    if i < n && matches!(chars[i], 'e' | 'E') {
        let mut j = i + 1;
        if j < n && matches!(chars[j], '+' | '-') {
            j += 1;
        }
        if j < n && chars[j].is_ascii_digit() {
            is_float = true;
            i = digits_from(j, false);
        } else {
            return bad_literal(i);
        }
    }
    if i < n && is_ident_char(chars[i]) {
        return bad_literal(i);
    }
    let text: String = chars[start..i].iter().collect();
    if is_float {
        match text.parse::<f64>() {
            Ok(f) if f.is_finite() => Ok((Tok::Float(f), i)),
            Ok(_) => fail(col, "float literal too large"),
            Err(_) => fail(col, format!("invalid number literal '{text}'")),
        }
    } else {
        if text.len() > 1 && text.starts_with('0') && text.bytes().any(|b| b != b'0') {
            return fail(
                col,
                "leading zeros in decimal integer literals are not permitted",
            );
        }
        match text.parse::<i64>() {
            Ok(v) => Ok((Tok::Int(v), i)),
            Err(_) => fail(col, "integer literal too large"),
        }
    }
}

fn lex_string(chars: &[char], start: usize) -> Res<(String, usize)> {
    let quote = chars[start];
    let unterminated = || fail(start + 1, "unterminated string");
    let mut out = String::new();
    let mut i = start + 1;
    loop {
        let Some(&c) = chars.get(i) else {
            return unterminated();
        };
        if c == quote {
            return Ok((out, i + 1));
        }
        match c {
            '\n' => return unterminated(),
            '\\' => {
                let Some(&e) = chars.get(i + 1) else {
                    return unterminated();
                };
                match e {
                    '\\' | '\'' | '"' => out.push(e),
                    'n' => out.push('\n'),
                    't' => out.push('\t'),
                    'r' => out.push('\r'),
                    '\n' => {} // line continuation
                    other => {
                        // Unknown escapes keep their backslash, as in Python.
                        out.push('\\');
                        out.push(other);
                    }
                }
                i += 2;
            }
            c => {
                out.push(c);
                i += 1;
            }
        }
    }
}

// ---------------------------------------------------------------------------
// Syntax tree
// ---------------------------------------------------------------------------

#[derive(Debug, Clone, Copy, PartialEq)]
enum EnvName {
    Coord,
    Context,
    Return,
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Func {
    Param,
    HasInput,
    InputSize,
    Str,
    Int,
    Float,
    Bool,
    Min,
    Max,
    Len,
    Abs,
    Round,
}

impl Func {
    fn from_name(name: &str) -> Option<Func> {
        Some(match name {
            "param" => Func::Param,
            "hasInput" => Func::HasInput,
            "inputSize" => Func::InputSize,
            "str" => Func::Str,
            "int" => Func::Int,
            "float" => Func::Float,
            "bool" => Func::Bool,
            "min" => Func::Min,
            "max" => Func::Max,
            "len" => Func::Len,
            "abs" => Func::Abs,
            "round" => Func::Round,
            _ => return None,
        })
    }

    fn name(self) -> &'static str {
        match self {
            Func::Param => "param",
            Func::HasInput => "hasInput",
            Func::InputSize => "inputSize",
            Func::Str => "str",
            Func::Int => "int",
            Func::Float => "float",
            Func::Bool => "bool",
            Func::Min => "min",
            Func::Max => "max",
            Func::Len => "len",
            Func::Abs => "abs",
            Func::Round => "round",
        }
    }

    /// Smallest and largest number of arguments (`None`: unbounded).
    fn arity(self) -> (usize, Option<usize>) {
        match self {
            Func::Param | Func::HasInput | Func::InputSize | Func::Len | Func::Abs => (1, Some(1)),
            Func::Str | Func::Int | Func::Float | Func::Bool => (0, Some(1)),
            Func::Round => (1, Some(2)),
            Func::Min | Func::Max => (1, None),
        }
    }

    fn check_arity(self, given: usize, col: usize) -> Res<()> {
        let (lo, hi) = self.arity();
        if given >= lo && hi.is_none_or(|hi| given <= hi) {
            return Ok(());
        }
        let plural = |n: usize| if n == 1 { "argument" } else { "arguments" };
        let expected = match hi {
            Some(hi) if hi == lo => format!("exactly {lo} {}", plural(lo)),
            Some(hi) if lo == 0 => format!("at most {hi} {}", plural(hi)),
            Some(hi) => format!("{lo} to {hi} arguments"),
            None => format!("at least {lo} {}", plural(lo)),
        };
        fail(
            col,
            format!("{}() takes {expected} ({given} given)", self.name()),
        )
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    FloorDiv,
    Mod,
    Pow,
}

impl BinOp {
    fn symbol(self) -> &'static str {
        match self {
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::Div => "/",
            BinOp::FloorDiv => "//",
            BinOp::Mod => "%",
            BinOp::Pow => "**",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum CmpOp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    In,
    NotIn,
    Is,
    IsNot,
}

impl CmpOp {
    fn symbol(self) -> &'static str {
        match self {
            CmpOp::Eq => "==",
            CmpOp::Ne => "!=",
            CmpOp::Lt => "<",
            CmpOp::Le => "<=",
            CmpOp::Gt => ">",
            CmpOp::Ge => ">=",
            CmpOp::In => "in",
            CmpOp::NotIn => "not in",
            CmpOp::Is => "is",
            CmpOp::IsNot => "is not",
        }
    }
}

#[derive(Debug, Clone)]
enum Kind {
    Lit(Value),
    EnvName(EnvName),
    Param(String),
    List(Vec<Node>),
    Call(Func, Vec<Node>),
    Index(Box<Node>, Box<Node>),
    Neg(Box<Node>),
    Pos(Box<Node>),
    Not(Box<Node>),
    Bin(BinOp, Box<Node>, Box<Node>),
    And(Box<Node>, Box<Node>),
    Or(Box<Node>, Box<Node>),
    /// First operand, then (operator, operator column, operand) pairs.
    Compare(Box<Node>, Vec<(CmpOp, usize, Node)>),
    /// Condition, value when true, value when false.
    IfElse(Box<Node>, Box<Node>, Box<Node>),
}

#[derive(Debug, Clone)]
struct Node {
    kind: Kind,
    col: usize,
    depth: u32,
}

/// Build a node, refusing trees deeper than [`MAX_TREE_DEPTH`] (evaluation
/// and dropping are recursive, so the depth must stay bounded).
fn node(kind: Kind, col: usize) -> Res<Node> {
    let child = match &kind {
        Kind::Lit(_) | Kind::EnvName(_) | Kind::Param(_) => 0,
        Kind::List(items) | Kind::Call(_, items) => {
            items.iter().map(|n| n.depth).max().unwrap_or(0)
        }
        Kind::Neg(a) | Kind::Pos(a) | Kind::Not(a) => a.depth,
        Kind::Index(a, b) | Kind::Bin(_, a, b) | Kind::And(a, b) | Kind::Or(a, b) => {
            a.depth.max(b.depth)
        }
        Kind::Compare(first, rest) => rest
            .iter()
            .map(|(_, _, n)| n.depth)
            .fold(first.depth, u32::max),
        Kind::IfElse(a, b, c) => a.depth.max(b.depth).max(c.depth),
    };
    let depth = child + 1;
    if depth > MAX_TREE_DEPTH {
        return fail(col, "expression nested too deeply");
    }
    Ok(Node { kind, col, depth })
}

// ---------------------------------------------------------------------------
// Parser
// ---------------------------------------------------------------------------

/// Python keywords for statements and constructs this language leaves out.
const UNSUPPORTED_KEYWORDS: &[&str] = &[
    "lambda", "for", "while", "import", "from", "def", "class", "return", "yield", "await",
    "async", "with", "del", "global", "nonlocal", "assert", "pass", "break", "continue", "raise",
    "try", "except", "finally", "elif", "as",
];

fn parse(src: &str) -> Res<Node> {
    let toks = lex(src);
    let mut p = Parser {
        toks,
        pos: 0,
        nesting: 0,
    };
    if p.peek().tok == Tok::End {
        return fail(1, "empty expression");
    }
    let tree = p.expr()?;
    if p.peek().tok != Tok::End {
        return Err(p.unexpected());
    }
    Ok(tree)
}

struct Parser {
    /// Always ends with a `Tok::End` token.
    toks: Vec<Token>,
    pos: usize,
    nesting: usize,
}

impl Parser {
    fn peek(&self) -> &Token {
        &self.toks[self.pos]
    }

    fn peek_at(&self, ahead: usize) -> &Token {
        let last = self.toks.len() - 1;
        &self.toks[(self.pos + ahead).min(last)]
    }

    fn advance(&mut self) -> Token {
        let t = self.toks[self.pos].clone();
        if self.pos + 1 < self.toks.len() {
            self.pos += 1;
        }
        t
    }

    fn is_op(&self, op: &str) -> bool {
        matches!(&self.peek().tok, Tok::Op(o) if *o == op)
    }

    fn is_kw(&self, kw: &str) -> bool {
        matches!(&self.peek().tok, Tok::Name(n) if n == kw)
    }

    fn unexpected(&self) -> ExprError {
        let t = self.peek();
        let message = match &t.tok {
            Tok::End => "unexpected end of expression".to_string(),
            Tok::Error(message) => message.clone(),
            _ => format!("unexpected '{}'", t.text),
        };
        ExprError {
            message,
            column: t.col,
        }
    }

    /// [`Self::unexpected`], naming what was expected instead.
    fn expected(&self, what: &str) -> ExprError {
        let mut e = self.unexpected();
        if !matches!(self.peek().tok, Tok::Error(_)) {
            let _ = write!(e.message, ", expected '{what}'");
        }
        e
    }

    fn expect_op(&mut self, op: &str) -> Res<Token> {
        if self.is_op(op) {
            return Ok(self.advance());
        }
        Err(self.expected(op))
    }

    /// Run `f` one nesting level deeper, refusing to go past [`MAX_NESTING`].
    fn nested<T>(&mut self, col: usize, f: impl FnOnce(&mut Self) -> Res<T>) -> Res<T> {
        if self.nesting >= MAX_NESTING {
            return fail(col, "expression nested too deeply");
        }
        self.nesting += 1;
        let r = f(self);
        self.nesting -= 1;
        r
    }

    /// expr := or_test ['if' or_test 'else' expr]
    fn expr(&mut self) -> Res<Node> {
        let col = self.peek().col;
        self.nested(col, |p| {
            let then = p.or_test()?;
            if !p.is_kw("if") {
                return Ok(then);
            }
            let col = p.advance().col;
            let cond = p.or_test()?;
            if !p.is_kw("else") {
                return Err(p.expected("else"));
            }
            p.advance();
            let other = p.expr()?;
            node(
                Kind::IfElse(Box::new(cond), Box::new(then), Box::new(other)),
                col,
            )
        })
    }

    fn or_test(&mut self) -> Res<Node> {
        let mut left = self.and_test()?;
        while self.is_kw("or") {
            let col = self.advance().col;
            let right = self.and_test()?;
            left = node(Kind::Or(Box::new(left), Box::new(right)), col)?;
        }
        Ok(left)
    }

    fn and_test(&mut self) -> Res<Node> {
        let mut left = self.not_test()?;
        while self.is_kw("and") {
            let col = self.advance().col;
            let right = self.not_test()?;
            left = node(Kind::And(Box::new(left), Box::new(right)), col)?;
        }
        Ok(left)
    }

    fn not_test(&mut self) -> Res<Node> {
        if self.is_kw("not") {
            let col = self.advance().col;
            let operand = self.nested(col, Self::not_test)?;
            return node(Kind::Not(Box::new(operand)), col);
        }
        self.comparison()
    }

    fn comparison(&mut self) -> Res<Node> {
        let first = self.arith()?;
        let mut rest = Vec::new();
        loop {
            let col = self.peek().col;
            let op = match &self.peek().tok {
                Tok::Op("==") => CmpOp::Eq,
                Tok::Op("!=") => CmpOp::Ne,
                Tok::Op("<") => CmpOp::Lt,
                Tok::Op("<=") => CmpOp::Le,
                Tok::Op(">") => CmpOp::Gt,
                Tok::Op(">=") => CmpOp::Ge,
                Tok::Name(n) if n == "in" => CmpOp::In,
                Tok::Name(n) if n == "is" => {
                    if matches!(&self.peek_at(1).tok, Tok::Name(m) if m == "not") {
                        self.advance();
                        CmpOp::IsNot
                    } else {
                        CmpOp::Is
                    }
                }
                Tok::Name(n)
                    if n == "not" && matches!(&self.peek_at(1).tok, Tok::Name(m) if m == "in") =>
                {
                    self.advance();
                    CmpOp::NotIn
                }
                _ => break,
            };
            self.advance();
            let operand = self.arith()?;
            rest.push((op, col, operand));
        }
        if rest.is_empty() {
            return Ok(first);
        }
        let col = first.col;
        node(Kind::Compare(Box::new(first), rest), col)
    }

    fn arith(&mut self) -> Res<Node> {
        let mut left = self.term()?;
        loop {
            let op = match self.peek().tok {
                Tok::Op("+") => BinOp::Add,
                Tok::Op("-") => BinOp::Sub,
                _ => return Ok(left),
            };
            let col = self.advance().col;
            let right = self.term()?;
            left = node(Kind::Bin(op, Box::new(left), Box::new(right)), col)?;
        }
    }

    fn term(&mut self) -> Res<Node> {
        let mut left = self.factor()?;
        loop {
            let op = match self.peek().tok {
                Tok::Op("*") => BinOp::Mul,
                Tok::Op("/") => BinOp::Div,
                Tok::Op("//") => BinOp::FloorDiv,
                Tok::Op("%") => BinOp::Mod,
                _ => return Ok(left),
            };
            let col = self.advance().col;
            let right = self.factor()?;
            left = node(Kind::Bin(op, Box::new(left), Box::new(right)), col)?;
        }
    }

    /// factor := ('-' | '+') factor | power
    fn factor(&mut self) -> Res<Node> {
        let negate = match self.peek().tok {
            Tok::Op("-") => true,
            Tok::Op("+") => false,
            _ => return self.power(),
        };
        let col = self.advance().col;
        let operand = Box::new(self.nested(col, Self::factor)?);
        node(
            if negate {
                Kind::Neg(operand)
            } else {
                Kind::Pos(operand)
            },
            col,
        )
    }

    /// power := postfix ['**' factor]
    fn power(&mut self) -> Res<Node> {
        let base = self.postfix()?;
        if !self.is_op("**") {
            return Ok(base);
        }
        let col = self.advance().col;
        let exponent = self.nested(col, Self::factor)?;
        node(
            Kind::Bin(BinOp::Pow, Box::new(base), Box::new(exponent)),
            col,
        )
    }

    fn postfix(&mut self) -> Res<Node> {
        let mut n = self.atom()?;
        loop {
            let col = self.peek().col;
            if self.is_op("[") {
                self.advance();
                let index = self.expr()?;
                self.expect_op("]")?;
                n = node(Kind::Index(Box::new(n), Box::new(index)), col)?;
            } else if self.is_op(".") {
                return fail(col, "attribute access is only allowed as params.Name");
            } else if self.is_op("(") {
                return fail(col, "only the allowed functions can be called, by name");
            } else {
                return Ok(n);
            }
        }
    }

    /// Comma-separated expressions up to `close`, trailing comma allowed.
    fn items(&mut self, close: &str) -> Res<Vec<Node>> {
        let mut items = Vec::new();
        while !self.is_op(close) {
            items.push(self.expr()?);
            if self.is_op(",") {
                self.advance();
            } else {
                break;
            }
        }
        self.expect_op(close)?;
        Ok(items)
    }

    fn atom(&mut self) -> Res<Node> {
        let t = self.peek().clone();
        let col = t.col;
        match t.tok {
            Tok::Int(i) => {
                self.advance();
                node(Kind::Lit(Value::Int(i)), col)
            }
            Tok::Float(f) => {
                self.advance();
                node(Kind::Lit(Value::Float(f)), col)
            }
            Tok::Str(s) => {
                self.advance();
                node(Kind::Lit(Value::Str(s)), col)
            }
            Tok::Op("(") => {
                self.advance();
                if self.is_op(")") {
                    self.advance();
                    return node(Kind::List(Vec::new()), col);
                }
                let first = self.expr()?;
                if !self.is_op(",") {
                    self.expect_op(")")?;
                    return Ok(first);
                }
                self.advance();
                let mut items = vec![first];
                items.extend(self.items(")")?);
                node(Kind::List(items), col)
            }
            Tok::Op("[") => {
                self.advance();
                let items = self.items("]")?;
                node(Kind::List(items), col)
            }
            Tok::Name(name) => self.name(&name, col),
            _ => Err(self.unexpected()),
        }
    }

    fn name(&mut self, name: &str, col: usize) -> Res<Node> {
        let kind = match name {
            "True" => Kind::Lit(Value::Bool(true)),
            "False" => Kind::Lit(Value::Bool(false)),
            "None" => Kind::Lit(Value::None),
            "coordType" => Kind::EnvName(EnvName::Coord),
            "contextType" => Kind::EnvName(EnvName::Context),
            "returnType" => Kind::EnvName(EnvName::Return),
            "params" => {
                self.advance();
                if !self.is_op(".") {
                    return fail(col, "'params' must be followed by '.Name'");
                }
                self.advance();
                let Tok::Name(param) = self.peek().tok.clone() else {
                    return fail(self.peek().col, "expected a parameter name after 'params.'");
                };
                self.advance();
                return node(Kind::Param(param), col);
            }
            "and" | "or" | "not" | "in" | "if" | "else" | "is" => return Err(self.unexpected()),
            _ => {
                if let Some(func) = Func::from_name(name) {
                    self.advance();
                    if !self.is_op("(") {
                        return fail(col, format!("function '{name}' must be called"));
                    }
                    self.advance();
                    let args = self.items(")")?;
                    func.check_arity(args.len(), col)?;
                    return node(Kind::Call(func, args), col);
                }
                if UNSUPPORTED_KEYWORDS.contains(&name) {
                    return fail(col, format!("'{name}' is not supported"));
                }
                self.advance();
                if self.is_op("(") {
                    return fail(col, format!("function '{name}' is not allowed"));
                }
                return fail(col, format!("unknown name '{name}'"));
            }
        };
        self.advance();
        node(kind, col)
    }
}

// ---------------------------------------------------------------------------
// Evaluation
// ---------------------------------------------------------------------------

/// A number: bools count as ints, as in Python.
#[derive(Clone, Copy)]
enum Num {
    I(i64),
    F(f64),
}

impl Num {
    fn of(v: &Value) -> Option<Num> {
        match v {
            Value::Bool(b) => Some(Num::I(i64::from(*b))),
            Value::Int(i) => Some(Num::I(*i)),
            Value::Float(f) => Some(Num::F(*f)),
            _ => None,
        }
    }

    fn to_f64(self) -> f64 {
        match self {
            Num::I(i) => i as f64,
            Num::F(f) => f,
        }
    }
}

/// Exact comparison of an int with a float (`None` when the float is NaN).
fn cmp_int_float(i: i64, f: f64) -> Option<Ordering> {
    const TWO_63: f64 = 9_223_372_036_854_775_808.0;
    if f.is_nan() {
        return None;
    }
    if f >= TWO_63 {
        return Some(Ordering::Less);
    }
    if f < -TWO_63 {
        return Some(Ordering::Greater);
    }
    let t = f.trunc();
    Some(match i.cmp(&(t as i64)) {
        Ordering::Equal => t.partial_cmp(&f)?,
        other => other,
    })
}

fn num_cmp(a: Num, b: Num) -> Option<Ordering> {
    match (a, b) {
        (Num::I(x), Num::I(y)) => Some(x.cmp(&y)),
        (Num::F(x), Num::F(y)) => x.partial_cmp(&y),
        (Num::I(x), Num::F(y)) => cmp_int_float(x, y),
        (Num::F(x), Num::I(y)) => cmp_int_float(y, x).map(Ordering::reverse),
    }
}

/// Python `==`.
fn py_eq(a: &Value, b: &Value) -> bool {
    if let (Some(x), Some(y)) = (Num::of(a), Num::of(b)) {
        return num_cmp(x, y) == Some(Ordering::Equal);
    }
    match (a, b) {
        (Value::None, Value::None) => true,
        (Value::Str(x), Value::Str(y)) => x == y,
        (Value::List(x), Value::List(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(p, q)| py_eq(p, q))
        }
        _ => false,
    }
}

/// Python ordering; `Ok(None)` when unordered (NaN), an error for
/// incompatible kinds.
fn py_cmp(a: &Value, b: &Value, symbol: &str, col: usize) -> Res<Option<Ordering>> {
    if let (Some(x), Some(y)) = (Num::of(a), Num::of(b)) {
        return Ok(num_cmp(x, y));
    }
    match (a, b) {
        (Value::Str(x), Value::Str(y)) => Ok(Some(x.cmp(y))),
        (Value::List(x), Value::List(y)) => {
            for (p, q) in x.iter().zip(y) {
                if !py_eq(p, q) {
                    return py_cmp(p, q, symbol, col);
                }
            }
            Ok(Some(x.len().cmp(&y.len())))
        }
        _ => fail(
            col,
            format!(
                "'{symbol}' not supported between instances of '{}' and '{}'",
                a.type_name(),
                b.type_name()
            ),
        ),
    }
}

/// Rough memory weight of a value, for the size cap.
fn weight(v: &Value) -> usize {
    match v {
        Value::Str(s) => s.len().saturating_add(1),
        Value::List(items) => weight_all(items).saturating_add(1),
        _ => 1,
    }
}

fn weight_all(items: &[Value]) -> usize {
    items
        .iter()
        .fold(0usize, |acc, item| acc.saturating_add(weight(item)))
}

fn too_large<T>(col: usize) -> Res<T> {
    fail(col, "result too large")
}

fn overflow<T>(col: usize) -> Res<T> {
    fail(col, "integer overflow")
}

fn division_by_zero<T>(col: usize) -> Res<T> {
    fail(col, "division by zero")
}

fn finite(f: f64, col: usize) -> Res<Value> {
    if f.is_finite() {
        Ok(Value::Float(f))
    } else {
        fail(col, "float result out of range")
    }
}

/// A float that holds an integral value, as an int.
fn float_to_int(f: f64, col: usize) -> Res<Value> {
    const TWO_63: f64 = 9_223_372_036_854_775_808.0;
    if f.is_nan() {
        return fail(col, "cannot convert float NaN to integer");
    }
    if f.is_infinite() {
        return fail(col, "cannot convert float infinity to integer");
    }
    if !(-TWO_63..TWO_63).contains(&f) {
        return overflow(col);
    }
    Ok(Value::Int(f as i64))
}

/// Python's float `divmod`: (floor quotient, remainder with the divisor's sign).
fn float_divmod(x: f64, y: f64) -> (f64, f64) {
    let mut rem = x % y;
    let mut div = (x - rem) / y;
    if rem != 0.0 {
        if (y < 0.0) != (rem < 0.0) {
            rem += y;
            div -= 1.0;
        }
    } else {
        rem = 0.0_f64.copysign(y);
    }
    let floor_div = if div != 0.0 {
        let mut fd = div.floor();
        if div - fd > 0.5 {
            fd += 1.0;
        }
        fd
    } else {
        0.0_f64.copysign(x / y)
    };
    (floor_div, rem)
}

fn int_arith(op: BinOp, x: i64, y: i64, col: usize) -> Res<Value> {
    let checked = |r: Option<i64>| r.map(Value::Int).ok_or(()).or_else(|()| overflow(col));
    match op {
        BinOp::Add => checked(x.checked_add(y)),
        BinOp::Sub => checked(x.checked_sub(y)),
        BinOp::Mul => checked(x.checked_mul(y)),
        BinOp::Div => {
            if y == 0 {
                return division_by_zero(col);
            }
            finite(x as f64 / y as f64, col)
        }
        BinOp::FloorDiv => {
            if y == 0 {
                return division_by_zero(col);
            }
            let Some(q) = x.checked_div(y) else {
                return overflow(col);
            };
            let adjust = x % y != 0 && ((x < 0) != (y < 0));
            Ok(Value::Int(if adjust { q - 1 } else { q }))
        }
        BinOp::Mod => {
            if y == 0 {
                return division_by_zero(col);
            }
            let r = x.wrapping_rem(y);
            Ok(Value::Int(if r != 0 && ((r < 0) != (y < 0)) {
                r + y
            } else {
                r
            }))
        }
        BinOp::Pow => {
            if y < 0 {
                if x == 0 {
                    return fail(col, "zero cannot be raised to a negative power");
                }
                return finite((x as f64).powf(y as f64), col);
            }
            match u32::try_from(y) {
                Ok(e) => checked(x.checked_pow(e)),
                Err(_) => match x {
                    0 | 1 => Ok(Value::Int(x)),
                    -1 => Ok(Value::Int(if y % 2 == 0 { 1 } else { -1 })),
                    _ => overflow(col),
                },
            }
        }
    }
}

fn float_arith(op: BinOp, x: f64, y: f64, col: usize) -> Res<Value> {
    match op {
        BinOp::Add => finite(x + y, col),
        BinOp::Sub => finite(x - y, col),
        BinOp::Mul => finite(x * y, col),
        BinOp::Div | BinOp::FloorDiv | BinOp::Mod if y == 0.0 => division_by_zero(col),
        BinOp::Div => finite(x / y, col),
        BinOp::FloorDiv => finite(float_divmod(x, y).0, col),
        BinOp::Mod => finite(float_divmod(x, y).1, col),
        BinOp::Pow => {
            if x == 0.0 && y < 0.0 {
                return fail(col, "zero cannot be raised to a negative power");
            }
            if x < 0.0 && y.fract() != 0.0 {
                return fail(
                    col,
                    "negative number cannot be raised to a fractional power",
                );
            }
            finite(x.powf(y), col)
        }
    }
}

/// The repeat count of `str * n` / `list * n`, when `v` is an int or bool.
fn repeat_count(v: &Value) -> Option<usize> {
    match v {
        Value::Int(n) => Some(usize::try_from(*n).unwrap_or(if *n < 0 { 0 } else { usize::MAX })),
        Value::Bool(b) => Some(usize::from(*b)),
        _ => None,
    }
}

fn binary(op: BinOp, a: Value, b: Value, col: usize) -> Res<Value> {
    match (op, a, b) {
        (BinOp::Add, Value::Str(mut x), Value::Str(y)) => {
            if x.len().saturating_add(y.len()) > MAX_SIZE {
                return too_large(col);
            }
            x.push_str(&y);
            Ok(Value::Str(x))
        }
        (BinOp::Add, Value::List(mut x), Value::List(y)) => {
            if weight_all(&x).saturating_add(weight_all(&y)) >= MAX_SIZE {
                return too_large(col);
            }
            x.extend(y);
            Ok(Value::List(x))
        }
        (BinOp::Mul, Value::Str(s), n) | (BinOp::Mul, n, Value::Str(s))
            if repeat_count(&n).is_some() =>
        {
            let count = repeat_count(&n).unwrap_or(0);
            if s.len().saturating_mul(count) > MAX_SIZE {
                return too_large(col);
            }
            Ok(Value::Str(s.repeat(count)))
        }
        (BinOp::Mul, Value::List(items), n) | (BinOp::Mul, n, Value::List(items))
            if repeat_count(&n).is_some() =>
        {
            let count = repeat_count(&n).unwrap_or(0);
            if items.is_empty() || count == 0 {
                return Ok(Value::List(Vec::new()));
            }
            let each = weight_all(&items);
            if each.saturating_mul(count) > MAX_SIZE {
                return too_large(col);
            }
            let mut out = Vec::with_capacity(items.len() * count);
            for _ in 0..count {
                out.extend(items.iter().cloned());
            }
            Ok(Value::List(out))
        }
        (op, a, b) => match (Num::of(&a), Num::of(&b)) {
            (Some(Num::I(x)), Some(Num::I(y))) => int_arith(op, x, y, col),
            (Some(x), Some(y)) => float_arith(op, x.to_f64(), y.to_f64(), col),
            _ => fail(
                col,
                format!(
                    "unsupported operand types for {}: '{}' and '{}'",
                    op.symbol(),
                    a.type_name(),
                    b.type_name()
                ),
            ),
        },
    }
}

fn negate(v: Value, col: usize) -> Res<Value> {
    match v {
        Value::Int(i) => i
            .checked_neg()
            .map_or_else(|| overflow(col), |n| Ok(Value::Int(n))),
        Value::Bool(b) => Ok(Value::Int(-i64::from(b))),
        Value::Float(f) => Ok(Value::Float(-f)),
        other => fail(
            col,
            format!("bad operand type for unary -: '{}'", other.type_name()),
        ),
    }
}

fn plus(v: Value, col: usize) -> Res<Value> {
    match v {
        Value::Bool(b) => Ok(Value::Int(i64::from(b))),
        v @ (Value::Int(_) | Value::Float(_)) => Ok(v),
        other => fail(
            col,
            format!("bad operand type for unary +: '{}'", other.type_name()),
        ),
    }
}

fn compare(op: CmpOp, a: &Value, b: &Value, col: usize) -> Res<bool> {
    let ordered = |test: fn(Ordering) -> bool| -> Res<bool> {
        Ok(py_cmp(a, b, op.symbol(), col)?.is_some_and(test))
    };
    match op {
        CmpOp::Eq => Ok(py_eq(a, b)),
        CmpOp::Ne => Ok(!py_eq(a, b)),
        CmpOp::Lt => ordered(Ordering::is_lt),
        CmpOp::Le => ordered(Ordering::is_le),
        CmpOp::Gt => ordered(Ordering::is_gt),
        CmpOp::Ge => ordered(Ordering::is_ge),
        CmpOp::In => contains(b, a, col),
        CmpOp::NotIn => contains(b, a, col).map(|found| !found),
        CmpOp::Is => Ok(identical(a, b)),
        CmpOp::IsNot => Ok(!identical(a, b)),
    }
}

fn contains(container: &Value, item: &Value, col: usize) -> Res<bool> {
    match (container, item) {
        (Value::List(items), _) => Ok(items.iter().any(|x| py_eq(x, item))),
        (Value::Str(s), Value::Str(sub)) => Ok(s.contains(sub.as_str())),
        (Value::Str(_), other) => fail(
            col,
            format!(
                "'in <string>' requires string as left operand, not {}",
                other.type_name()
            ),
        ),
        (other, _) => fail(
            col,
            format!("argument of type '{}' is not iterable", other.type_name()),
        ),
    }
}

/// `is`: identity for `None` and booleans, type and value for the rest.
fn identical(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::None, Value::None) => true,
        (Value::Bool(x), Value::Bool(y)) => x == y,
        _ => a.type_name() == b.type_name() && py_eq(a, b),
    }
}

/// Resolve a possibly negative index against a length.
fn resolve_index(index: i64, len: usize) -> Option<usize> {
    let len = i64::try_from(len).ok()?;
    let i = if index < 0 {
        index.checked_add(len)?
    } else {
        index
    };
    if (0..len).contains(&i) {
        usize::try_from(i).ok()
    } else {
        None
    }
}

fn subscript(container: Value, index: &Value, col: usize) -> Res<Value> {
    let what = match &container {
        Value::List(_) => "list",
        Value::Str(_) => "string",
        other => {
            return fail(
                col,
                format!("'{}' object is not subscriptable", other.type_name()),
            );
        }
    };
    let i = match index {
        Value::Int(i) => *i,
        Value::Bool(b) => i64::from(*b),
        other => {
            return fail(
                col,
                format!(
                    "{what} indices must be integers, not '{}'",
                    other.type_name()
                ),
            );
        }
    };
    let out_of_range = || fail(col, format!("{what} index out of range"));
    match container {
        Value::List(mut items) => match resolve_index(i, items.len()) {
            Some(at) => Ok(items.swap_remove(at)),
            None => out_of_range(),
        },
        Value::Str(s) => match resolve_index(i, s.chars().count()).and_then(|at| s.chars().nth(at))
        {
            Some(c) => Ok(Value::Str(c.to_string())),
            None => out_of_range(),
        },
        _ => out_of_range(),
    }
}

/// Python's `round(x, ndigits)` for an int: round half to even at a power of ten.
fn round_int(x: i64, ndigits: i64, col: usize) -> Res<i64> {
    if ndigits >= 0 {
        return Ok(x);
    }
    let k = ndigits.unsigned_abs();
    if k > 30 {
        return Ok(0);
    }
    let p = 10i128.pow(k as u32);
    let x = i128::from(x);
    let mut q = x.div_euclid(p);
    let r = x.rem_euclid(p);
    if 2 * r > p || (2 * r == p && q % 2 != 0) {
        q += 1;
    }
    i64::try_from(q * p).or_else(|_| overflow(col))
}

/// Python's `round(x, ndigits)` for a float.
fn round_float(x: f64, ndigits: i64, col: usize) -> Res<f64> {
    if !x.is_finite() || ndigits > 330 {
        return Ok(x);
    }
    if ndigits < -330 {
        return Ok(0.0_f64.copysign(x));
    }
    if ndigits >= 0 {
        // Rust formats the exact binary value, rounding ties to even, which is
        // what Python does.
        let text = format!("{:.*}", ndigits as usize, x);
        return Ok(text.parse().unwrap_or(x));
    }
    // Ties are only possible for integral values, which round exactly as ints.
    if x.fract() == 0.0 && x.abs() < 9.0e18 {
        let r = round_int(x as i64, ndigits, col)? as f64;
        return Ok(r.copysign(x));
    }
    let p = 10f64.powi(ndigits.unsigned_abs() as i32);
    Ok(((x / p).round_ties_even() * p).copysign(x))
}

fn parse_int_text(s: &str, col: usize) -> Res<Value> {
    let t = s.trim();
    match t.parse::<i64>() {
        Ok(v) => Ok(Value::Int(v)),
        Err(_) => {
            let digits = t.strip_prefix(['+', '-']).unwrap_or(t);
            if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
                return overflow(col);
            }
            let mut repr = String::new();
            push_str_repr(&mut repr, s);
            fail(
                col,
                format!("invalid literal for int() with base 10: {repr}"),
            )
        }
    }
}

fn parse_float_text(s: &str, col: usize) -> Res<Value> {
    let t = s.trim();
    match t.parse::<f64>() {
        Ok(f) if f.is_finite() => Ok(Value::Float(f)),
        Ok(_) => fail(col, "float() result is not finite"),
        Err(_) => {
            let mut repr = String::new();
            push_str_repr(&mut repr, s);
            fail(col, format!("could not convert string to float: {repr}"))
        }
    }
}

struct Evaluator<'a> {
    env: &'a dyn Env,
}

impl Evaluator<'_> {
    fn eval(&self, n: &Node) -> Res<Value> {
        let col = n.col;
        match &n.kind {
            Kind::Lit(v) => Ok(v.clone()),
            Kind::EnvName(which) => Ok(self.env_name(*which)),
            Kind::Param(name) => self.param(name, col),
            Kind::List(items) => Ok(Value::List(self.eval_all(items)?)),
            Kind::Call(func, args) => {
                let args = self.eval_all(args)?;
                self.call(*func, args, col)
            }
            Kind::Index(container, index) => {
                let container = self.eval(container)?;
                let index = self.eval(index)?;
                subscript(container, &index, col)
            }
            Kind::Neg(operand) => negate(self.eval(operand)?, col),
            Kind::Pos(operand) => plus(self.eval(operand)?, col),
            Kind::Not(operand) => Ok(Value::Bool(!self.eval(operand)?.truthy())),
            Kind::Bin(op, left, right) => {
                let a = self.eval(left)?;
                let b = self.eval(right)?;
                binary(*op, a, b, col)
            }
            Kind::And(left, right) => {
                let a = self.eval(left)?;
                if a.truthy() { self.eval(right) } else { Ok(a) }
            }
            Kind::Or(left, right) => {
                let a = self.eval(left)?;
                if a.truthy() { Ok(a) } else { self.eval(right) }
            }
            Kind::Compare(first, rest) => self.compare_chain(first, rest),
            Kind::IfElse(cond, then, other) => {
                if self.eval(cond)?.truthy() {
                    self.eval(then)
                } else {
                    self.eval(other)
                }
            }
        }
    }

    fn env_name(&self, which: EnvName) -> Value {
        let text = match which {
            EnvName::Coord => self.env.coord_type(),
            EnvName::Context => self.env.context_type(),
            EnvName::Return => self.env.return_type(),
        };
        Value::Str(text.to_string())
    }

    /// `a < b < c`: each operand evaluated at most once, stopping at the
    /// first comparison that fails.
    fn compare_chain(&self, first: &Node, rest: &[(CmpOp, usize, Node)]) -> Res<Value> {
        let mut left = self.eval(first)?;
        for (op, op_col, operand) in rest {
            let right = self.eval(operand)?;
            if !compare(*op, &left, &right, *op_col)? {
                return Ok(Value::Bool(false));
            }
            left = right;
        }
        Ok(Value::Bool(true))
    }

    /// Evaluate a list of expressions, keeping their total size bounded.
    fn eval_all(&self, nodes: &[Node]) -> Res<Vec<Value>> {
        let mut total = 1usize;
        let mut out = Vec::with_capacity(nodes.len());
        for n in nodes {
            let v = self.eval(n)?;
            total = total.saturating_add(weight(&v));
            if total > MAX_SIZE {
                return too_large(n.col);
            }
            out.push(v);
        }
        Ok(out)
    }

    fn param(&self, name: &str, col: usize) -> Res<Value> {
        self.env
            .param(name)
            .map_or_else(|| fail(col, format!("unknown parameter '{name}'")), Ok)
    }

    fn call(&self, func: Func, mut args: Vec<Value>, col: usize) -> Res<Value> {
        func.check_arity(args.len(), col)?;
        let name = func.name();
        let wrong_type = |v: &Value, wanted: &str| {
            fail(
                col,
                format!(
                    "{name}() argument must be {wanted}, not '{}'",
                    v.type_name()
                ),
            )
        };
        match func {
            Func::Param => match &args[0] {
                Value::Str(s) => self.param(s, col),
                other => wrong_type(other, "a str"),
            },
            Func::HasInput => match &args[0] {
                Value::Int(i) => Ok(Value::Bool(self.env.has_input(*i))),
                Value::Bool(b) => Ok(Value::Bool(self.env.has_input(i64::from(*b)))),
                other => wrong_type(other, "an int"),
            },
            Func::InputSize => match &args[0] {
                Value::Int(i) => Ok(Value::Int(self.env.input_size(*i))),
                Value::Bool(b) => Ok(Value::Int(self.env.input_size(i64::from(*b)))),
                other => wrong_type(other, "an int"),
            },
            Func::Str => Ok(Value::Str(
                args.first().map(Value::to_text).unwrap_or_default(),
            )),
            Func::Bool => Ok(Value::Bool(args.first().is_some_and(Value::truthy))),
            Func::Int => match args.first() {
                None => Ok(Value::Int(0)),
                Some(Value::Int(i)) => Ok(Value::Int(*i)),
                Some(Value::Bool(b)) => Ok(Value::Int(i64::from(*b))),
                Some(Value::Float(f)) => float_to_int(f.trunc(), col),
                Some(Value::Str(s)) => parse_int_text(s, col),
                Some(other) => wrong_type(other, "a string or a number"),
            },
            Func::Float => match args.first() {
                None => Ok(Value::Float(0.0)),
                Some(Value::Int(i)) => Ok(Value::Float(*i as f64)),
                Some(Value::Bool(b)) => Ok(Value::Float(f64::from(u8::from(*b)))),
                Some(Value::Float(f)) => Ok(Value::Float(*f)),
                Some(Value::Str(s)) => parse_float_text(s, col),
                Some(other) => wrong_type(other, "a string or a number"),
            },
            Func::Len => match &args[0] {
                Value::Str(s) => Ok(Value::Int(s.chars().count() as i64)),
                Value::List(items) => Ok(Value::Int(items.len() as i64)),
                other => fail(
                    col,
                    format!("object of type '{}' has no len()", other.type_name()),
                ),
            },
            Func::Abs => match &args[0] {
                Value::Int(i) => i
                    .checked_abs()
                    .map(Value::Int)
                    .map_or_else(|| overflow(col), Ok),
                Value::Bool(b) => Ok(Value::Int(i64::from(*b))),
                Value::Float(f) => Ok(Value::Float(f.abs())),
                other => fail(
                    col,
                    format!("bad operand type for abs(): '{}'", other.type_name()),
                ),
            },
            Func::Round => {
                let ndigits = match args.get(1) {
                    None | Some(Value::None) => None,
                    Some(Value::Int(n)) => Some(*n),
                    Some(Value::Bool(b)) => Some(i64::from(*b)),
                    Some(other) => {
                        return fail(
                            col,
                            format!(
                                "'{}' object cannot be interpreted as an integer",
                                other.type_name()
                            ),
                        );
                    }
                };
                let x = match &args[0] {
                    Value::Bool(b) => Num::I(i64::from(*b)),
                    Value::Int(i) => Num::I(*i),
                    Value::Float(f) => Num::F(*f),
                    other => {
                        return fail(
                            col,
                            format!("type {} doesn't define __round__ method", other.type_name()),
                        );
                    }
                };
                match (x, ndigits) {
                    (Num::I(i), None) => Ok(Value::Int(i)),
                    (Num::I(i), Some(n)) => round_int(i, n, col).map(Value::Int),
                    (Num::F(f), None) => float_to_int(f.round_ties_even(), col),
                    (Num::F(f), Some(n)) => round_float(f, n, col).map(Value::Float),
                }
            }
            Func::Min | Func::Max => {
                let items = if args.len() == 1 {
                    match args.swap_remove(0) {
                        Value::List(items) => items,
                        Value::Str(s) => s.chars().map(|c| Value::Str(c.to_string())).collect(),
                        other => {
                            return fail(
                                col,
                                format!("'{}' object is not iterable", other.type_name()),
                            );
                        }
                    }
                } else {
                    args
                };
                let (symbol, wanted) = if func == Func::Min {
                    ("<", Ordering::Less)
                } else {
                    (">", Ordering::Greater)
                };
                let mut items = items.into_iter();
                let Some(mut best) = items.next() else {
                    return fail(col, format!("{name}() arg is an empty sequence"));
                };
                for item in items {
                    if py_cmp(&item, &best, symbol, col)? == Some(wanted) {
                        best = item;
                    }
                }
                Ok(best)
            }
        }
    }
}

// ---------------------------------------------------------------------------
// Tests
// ---------------------------------------------------------------------------

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    struct TestEnv {
        params: HashMap<String, Value>,
        inputs: Vec<i64>,
    }

    impl TestEnv {
        fn new() -> Self {
            let mut params = HashMap::new();
            params.insert("Count".to_string(), Value::Int(1));
            params.insert("Radius".to_string(), Value::Float(0.5));
            params.insert("Mode".to_string(), Value::Str("smooth".to_string()));
            params.insert("Enable".to_string(), Value::Bool(true));
            params.insert(
                "Offsets".to_string(),
                Value::List(vec![Value::Float(0.25), Value::Int(2), Value::Int(-3)]),
            );
            TestEnv {
                params,
                inputs: vec![1, 3],
            }
        }
    }

    impl Env for TestEnv {
        fn param(&self, name: &str) -> Option<Value> {
            self.params.get(name).cloned()
        }
        fn has_input(&self, index: i64) -> bool {
            self.inputs.contains(&index)
        }
        fn input_size(&self, index: i64) -> i64 {
            if self.has_input(index) { index * 10 } else { 0 }
        }
        fn coord_type(&self) -> &str {
            "vec3"
        }
        fn context_type(&self) -> &str {
            "Context"
        }
        fn return_type(&self) -> &str {
            "Sdf"
        }
    }

    fn ev(src: &str) -> Value {
        match eval(src, &TestEnv::new()) {
            Ok(v) => v,
            Err(e) => panic!("eval({src:?}) failed: {e}"),
        }
    }

    fn ev_err(src: &str) -> ExprError {
        match eval(src, &TestEnv::new()) {
            Ok(v) => panic!("eval({src:?}) should fail but gave {v:?}"),
            Err(e) => e,
        }
    }

    /// Assert that `src` fails with a message containing `needle` at `column`.
    fn assert_err(src: &str, needle: &str, column: usize) {
        let e = ev_err(src);
        assert!(
            e.message.contains(needle),
            "eval({src:?}): message {:?} should contain {needle:?}",
            e.message
        );
        assert_eq!(e.column, column, "eval({src:?}): wrong column for {e}");
    }

    fn int(i: i64) -> Value {
        Value::Int(i)
    }
    fn float(f: f64) -> Value {
        Value::Float(f)
    }
    fn text(s: &str) -> Value {
        Value::Str(s.to_string())
    }
    fn list(items: Vec<Value>) -> Value {
        Value::List(items)
    }
    const T: Value = Value::Bool(true);
    const F: Value = Value::Bool(false);

    #[test]
    fn int_literals() {
        assert_eq!(ev("3"), int(3));
        assert_eq!(ev("0"), int(0));
        assert_eq!(ev("000"), int(0));
        assert_eq!(ev("0x1F"), int(31));
        assert_eq!(ev("0XfF"), int(255));
        assert_eq!(ev("9223372036854775807"), int(i64::MAX));
        assert_eq!(ev("-42"), int(-42));
    }

    #[test]
    fn float_literals() {
        assert_eq!(ev("1.5"), float(1.5));
        assert_eq!(ev(".5"), float(0.5));
        assert_eq!(ev("2."), float(2.0));
        assert_eq!(ev("1e-3"), float(0.001));
        assert_eq!(ev("1E3"), float(1000.0));
        assert_eq!(ev("2.5e+2"), float(250.0));
        assert_eq!(ev("1.e2"), float(100.0));
        assert_eq!(ev("1e-999"), float(0.0));
    }

    #[test]
    fn string_literals() {
        assert_eq!(ev("'abc'"), text("abc"));
        assert_eq!(ev("\"abc\""), text("abc"));
        assert_eq!(ev("''"), text(""));
        assert_eq!(ev(r#"'a\\b'"#), text("a\\b"));
        assert_eq!(ev(r#"'it\'s'"#), text("it's"));
        assert_eq!(ev(r#""say \"hi\"""#), text("say \"hi\""));
        assert_eq!(ev(r#"'a\nb\tc'"#), text("a\nb\tc"));
        assert_eq!(ev(r#"'keep \d'"#), text("keep \\d"));
        assert_eq!(ev("\"it's\""), text("it's"));
        assert_eq!(ev("'ünï'"), text("ünï"));
    }

    #[test]
    fn constant_and_container_literals() {
        assert_eq!(ev("True"), T);
        assert_eq!(ev("False"), F);
        assert_eq!(ev("None"), Value::None);
        assert_eq!(ev("[]"), list(vec![]));
        assert_eq!(
            ev("[1, 2.5, 'a']"),
            list(vec![int(1), float(2.5), text("a")])
        );
        assert_eq!(
            ev("[1, [2, 3],]"),
            list(vec![int(1), list(vec![int(2), int(3)])])
        );
        assert_eq!(ev("(1, 'b')"), list(vec![int(1), text("b")]));
        assert_eq!(ev("(1,)"), list(vec![int(1)]));
        assert_eq!(ev("()"), list(vec![]));
        assert_eq!(ev("(1)"), int(1));
        assert_eq!(ev("((((2))))"), int(2));
        assert_eq!(ev("  ( 1 +\n 2 )  "), int(3));
    }

    #[test]
    fn precedence() {
        assert_eq!(ev("1 + 2 * 3 == 7"), T);
        assert_eq!(ev("1 + 2 * 3"), int(7));
        assert_eq!(ev("(1 + 2) * 3"), int(9));
        assert_eq!(ev("2 ** 3 ** 2 == 512"), T);
        assert_eq!(ev("2 ** 3 ** 2"), int(512));
        assert_eq!(ev("-2 ** 2 == -4"), T);
        assert_eq!(ev("-2 ** 2"), int(-4));
        assert_eq!(ev("(-2) ** 2"), int(4));
        assert_eq!(ev("2 ** -1"), float(0.5));
        assert_eq!(ev("10 - 4 - 3"), int(3));
        assert_eq!(ev("2 * 3 % 4"), int(2));
        assert_eq!(ev("not 1 == 2"), T);
        assert_eq!(ev("not 1 and 0"), F);
        assert_eq!(ev("1 or 0 and 0"), int(1));
        assert_eq!(ev("- - 3"), int(3));
        assert_eq!(ev("+3"), int(3));
        assert_eq!(ev("-[1, 2][0]"), int(-1));
        assert_eq!(ev("1 + 2 if False else 10 * 2"), int(20));
    }

    #[test]
    fn conditional_expressions() {
        assert_eq!(ev("'a' if True else 'b'"), text("a"));
        assert_eq!(ev("'a' if 0 else 'b'"), text("b"));
        assert_eq!(ev("1 if False else 2 if False else 3"), int(3));
        assert_eq!(ev("1 if True else param('Missing')"), int(1));
        assert_eq!(ev("param('Missing') if False else 2"), int(2));
        assert_eq!(
            ev("'THIS_A' if param('Count') > 2 else 'THIS_B'"),
            text("THIS_B")
        );
        assert_err("1 if True", "expected 'else'", 10);
    }

    #[test]
    fn short_circuit() {
        assert_eq!(ev("False and param(\"Missing\")"), F);
        assert_eq!(ev("True or param(\"Missing\")"), T);
        assert_eq!(ev("0 and 1 / 0"), int(0));
        assert_eq!(ev("1 or 1 / 0"), int(1));
        assert_eq!(ev("0 or 'x'"), text("x"));
        assert_eq!(ev("'' and 1"), text(""));
        assert_eq!(ev("1 and 2"), int(2));
        assert_eq!(ev("None or []"), list(vec![]));
        assert_eq!(ev("1 > 2 < param('Missing')"), F);
        assert_err(
            "True and param(\"Missing\")",
            "unknown parameter 'Missing'",
            10,
        );
    }

    #[test]
    fn membership() {
        assert_eq!(ev("2 in [1, 2, 3]"), T);
        assert_eq!(ev("2.0 in [1, 2, 3]"), T);
        assert_eq!(ev("4 in [1, 2, 3]"), F);
        assert_eq!(ev("4 not in [1, 2, 3]"), T);
        assert_eq!(ev("'b' in 'abc'"), T);
        assert_eq!(ev("'bc' in 'abc'"), T);
        assert_eq!(ev("'' in 'abc'"), T);
        assert_eq!(ev("'d' not in 'abc'"), T);
        assert_eq!(ev("[1] in [[1], [2]]"), T);
        assert_eq!(ev("coordType in ('vec2', 'vec3')"), T);
        assert_err("1 in 'abc'", "requires string as left operand, not int", 3);
        assert_err("1 in 5", "argument of type 'int' is not iterable", 3);
    }

    #[test]
    fn comparisons_and_chains() {
        assert_eq!(ev("1 < 2 < 3"), T);
        assert_eq!(ev("1 < 3 < 2"), F);
        assert_eq!(ev("3 > 2 == 2"), T);
        assert_eq!(ev("1 <= 1 >= 0 != 5"), T);
        assert_eq!(ev("1 == 1.0"), T);
        assert_eq!(ev("1 < 1.5"), T);
        assert_eq!(ev("2 >= 2.0"), T);
        assert_eq!(ev("9007199254740993 > 9007199254740992.0"), T);
        assert_eq!(ev("'1' == 1"), F);
        assert_eq!(ev("'1' != 1"), T);
        assert_eq!(ev("None == 0"), F);
        assert_eq!(ev("[1, 2] == [1, 2.0]"), T);
        assert_eq!(ev("[1, 2] < [1, 3]"), T);
        assert_eq!(ev("[1, 2] < [1, 2, 0]"), T);
        assert_eq!(ev("'abc' < 'abd'"), T);
        assert_eq!(ev("True == 1"), T);
        assert_eq!(ev("None is None"), T);
        assert_eq!(ev("1 is not None"), T);
        assert_eq!(ev("False is 0"), F);
        assert_eq!(ev("'a' is 'a'"), T);
        assert_err(
            "'a' < 1",
            "'<' not supported between instances of 'str' and 'int'",
            5,
        );
        assert_err(
            "1 < 2 >= None",
            "'>=' not supported between instances of 'int' and 'NoneType'",
            7,
        );
        assert_err("[1] < ['a']", "'int' and 'str'", 5);
    }

    #[test]
    fn arithmetic() {
        assert_eq!(ev("7 / 2"), float(3.5));
        assert_eq!(ev("6 / 2"), float(3.0));
        assert_eq!(ev("7 // 2"), int(3));
        assert_eq!(ev("-7 // 2"), int(-4));
        assert_eq!(ev("7 // -2"), int(-4));
        assert_eq!(ev("-7 % 2"), int(1));
        assert_eq!(ev("7 % -2"), int(-1));
        assert_eq!(ev("-7.5 // 2"), float(-4.0));
        assert_eq!(ev("7.5 % -2"), float(-0.5));
        assert_eq!(ev("-7.5 % 2"), float(0.5));
        assert_eq!(ev("1.5 + 1"), float(2.5));
        assert_eq!(ev("True + True"), int(2));
        assert_eq!(ev("2 ** 0.5 > 1.41"), T);
        assert_eq!(ev("2.0 ** 3"), float(8.0));
        assert_eq!(ev("(-8) ** 2"), int(64));
        assert_eq!(ev("1 ** 99999999999"), int(1));
        assert_eq!(ev("(-1) ** 99999999999"), int(-1));
        assert_eq!(ev("'ab' + 'cd'"), text("abcd"));
        assert_eq!(ev("'ab' * 3"), text("ababab"));
        assert_eq!(ev("2 * 'ab'"), text("abab"));
        assert_eq!(ev("'ab' * -1"), text(""));
        assert_eq!(ev("[1] * 3"), list(vec![int(1), int(1), int(1)]));
        assert_eq!(ev("[1] + [2]"), list(vec![int(1), int(2)]));
        assert_eq!(ev("(1, 2) + [3]"), list(vec![int(1), int(2), int(3)]));
    }

    #[test]
    fn arithmetic_errors() {
        assert_err("1 / 0", "division by zero", 3);
        assert_err("1 // 0", "division by zero", 3);
        assert_err("1 % 0", "division by zero", 3);
        assert_err("1.5 / 0.0", "division by zero", 5);
        assert_err("1.5 % 0", "division by zero", 5);
        assert_err("9223372036854775807 + 1", "integer overflow", 21);
        assert_err("-9223372036854775807 - 2", "integer overflow", 22);
        assert_err("2 ** 64", "integer overflow", 3);
        assert_err("10 ** 10 ** 10", "integer overflow", 4);
        assert_err("3037000500 * 3037000500", "integer overflow", 12);
        assert_err("(-9223372036854775807 - 1) // -1", "integer overflow", 28);
        assert_err("abs(-9223372036854775807 - 1)", "integer overflow", 1);
        assert_err("1e308 * 10", "float result out of range", 7);
        assert_err("0 ** -1", "zero cannot be raised", 3);
        assert_err("(-8.0) ** 0.5", "fractional power", 8);
        assert_err(
            "'a' + 1",
            "unsupported operand types for +: 'str' and 'int'",
            5,
        );
        assert_err(
            "[1] - [1]",
            "unsupported operand types for -: 'list' and 'list'",
            5,
        );
        assert_err("'a' * 1.5", "'str' and 'float'", 5);
        assert_err("-'a'", "bad operand type for unary -: 'str'", 1);
        assert_err("'a' * 100000000000", "result too large", 5);
        assert_err("[[0] * 1000000] * 1000000", "result too large", 17);
        assert_err("'x' * 900000 + 'y' * 900000", "result too large", 14);
    }

    #[test]
    fn subscripts() {
        assert_eq!(ev("[10, 20, 30][0]"), int(10));
        assert_eq!(ev("[10, 20, 30][-1]"), int(30));
        assert_eq!(ev("[10, 20, 30][-3]"), int(10));
        assert_eq!(ev("'hello'[1]"), text("e"));
        assert_eq!(ev("'hello'[-1]"), text("o"));
        assert_eq!(ev("'ünï'[1]"), text("n"));
        assert_eq!(ev("[[1, 2], [3, 4]][1][0]"), int(3));
        assert_eq!(ev("params.Offsets[1]"), int(2));
        assert_eq!(ev("param('Offsets')[-1]"), int(-3));
        assert_err("[1, 2][2]", "list index out of range", 7);
        assert_err("[1, 2][-3]", "list index out of range", 7);
        assert_err("'ab'[5]", "string index out of range", 5);
        assert_err(
            "[1][-9223372036854775807 - 1]",
            "list index out of range",
            4,
        );
        assert_err("[1]['a']", "list indices must be integers, not 'str'", 4);
        assert_err("5[0]", "'int' object is not subscriptable", 2);
    }

    #[test]
    fn params_access() {
        assert_eq!(ev("params.Count"), int(1));
        assert_eq!(ev("param('Count')"), int(1));
        assert_eq!(ev("param(\"Radius\")"), float(0.5));
        assert_eq!(ev("params.Radius * 2"), float(1.0));
        assert_eq!(ev("params.Mode == 'smooth'"), T);
        assert_eq!(ev("param('Mo' + 'de')"), text("smooth"));
        assert_eq!(ev("params.Enable and params.Count"), int(1));
        assert_err("params.Missing", "unknown parameter 'Missing'", 1);
        assert_err("1 + param('Missing')", "unknown parameter 'Missing'", 5);
        assert_err("param(1)", "param() argument must be a str, not 'int'", 1);
        assert_err("params", "'params' must be followed by '.Name'", 1);
        assert_err("params.", "expected a parameter name", 8);
        assert_err("params.Count.real", "attribute access is only allowed", 13);
    }

    #[test]
    fn env_names_and_has_input() {
        assert_eq!(ev("coordType"), text("vec3"));
        assert_eq!(ev("contextType"), text("Context"));
        assert_eq!(ev("returnType"), text("Sdf"));
        assert_eq!(ev("returnType == 'Sdf' and coordType != 'vec2'"), T);
        assert_eq!(ev("hasInput(1)"), T);
        assert_eq!(ev("hasInput(2)"), F);
        assert_eq!(ev("hasInput(3)"), T);
        assert_eq!(ev("not hasInput(2)"), T);
        assert_eq!(ev("'A' if hasInput(1) else 'B'"), text("A"));
        assert_eq!(ev("inputSize(3)"), Value::Int(30));
        assert_eq!(ev("inputSize(2)"), Value::Int(0));
        assert_eq!(ev("inputSize(1) > 8"), T);
        assert_err(
            "inputSize('1')",
            "inputSize() argument must be an int, not 'str'",
            1,
        );
        assert_err(
            "hasInput('1')",
            "hasInput() argument must be an int, not 'str'",
            1,
        );
        assert_err(
            "hasInput()",
            "hasInput() takes exactly 1 argument (0 given)",
            1,
        );
    }

    #[test]
    fn builtin_str_int_float_bool() {
        assert_eq!(ev("str(1.0)"), text("1.0"));
        assert_eq!(ev("str(1.0) == '1.0'"), T);
        assert_eq!(ev("str(3)"), text("3"));
        assert_eq!(ev("str(True)"), text("True"));
        assert_eq!(ev("str(None)"), text("None"));
        assert_eq!(ev("str('x')"), text("x"));
        assert_eq!(ev("str([1, 'a'])"), text("[1, 'a']"));
        assert_eq!(ev("str()"), text(""));
        assert_eq!(ev("int('3')"), int(3));
        assert_eq!(ev("int(' -12 ')"), int(-12));
        assert_eq!(ev("int(2.7)"), int(2));
        assert_eq!(ev("int(2.7) == 2"), T);
        assert_eq!(ev("int(-2.7)"), int(-2));
        assert_eq!(ev("int(True)"), int(1));
        assert_eq!(ev("int()"), int(0));
        assert_eq!(ev("float('2.5')"), float(2.5));
        assert_eq!(ev("float(' 1e3 ')"), float(1000.0));
        assert_eq!(ev("float(3)"), float(3.0));
        assert_eq!(ev("float(False)"), float(0.0));
        assert_eq!(ev("float()"), float(0.0));
        assert_eq!(ev("bool(0)"), F);
        assert_eq!(ev("bool('x')"), T);
        assert_eq!(ev("bool([])"), F);
        assert_eq!(ev("bool()"), F);
        assert_err(
            "int('abc')",
            "invalid literal for int() with base 10: 'abc'",
            1,
        );
        assert_err("int('2.5')", "invalid literal for int()", 1);
        assert_err("int('99999999999999999999')", "integer overflow", 1);
        assert_err("int(1e300)", "integer overflow", 1);
        assert_err(
            "int([1])",
            "int() argument must be a string or a number, not 'list'",
            1,
        );
        assert_err("float('x')", "could not convert string to float: 'x'", 1);
        assert_err("float('inf')", "not finite", 1);
        assert_err("str(1, 2)", "str() takes at most 1 argument (2 given)", 1);
    }

    #[test]
    fn builtin_min_max_len_abs_round() {
        assert_eq!(ev("min(3, 1, 2)"), int(1));
        assert_eq!(ev("max(3, 1, 2)"), int(3));
        assert_eq!(ev("min([4, 2.5, 3])"), float(2.5));
        assert_eq!(ev("max([4, 2.5, 3])"), int(4));
        assert_eq!(ev("max(1, 1.0)"), int(1));
        assert_eq!(ev("min('b', 'a')"), text("a"));
        assert_eq!(ev("max('abc')"), text("c"));
        assert_eq!(ev("min(params.Count, 4)"), int(1));
        assert_err("min([])", "min() arg is an empty sequence", 1);
        assert_err(
            "max(1, 'a')",
            "'>' not supported between instances of 'str' and 'int'",
            1,
        );
        assert_err("min(5)", "'int' object is not iterable", 1);
        assert_err("max()", "max() takes at least 1 argument (0 given)", 1);

        assert_eq!(ev("len('abc')"), int(3));
        assert_eq!(ev("len('ünï')"), int(3));
        assert_eq!(ev("len([1, 2])"), int(2));
        assert_eq!(ev("len(())"), int(0));
        assert_err("len(3)", "object of type 'int' has no len()", 1);
        assert_err(
            "len('a', 'b')",
            "len() takes exactly 1 argument (2 given)",
            1,
        );

        assert_eq!(ev("abs(-3)"), int(3));
        assert_eq!(ev("abs(-2.5)"), float(2.5));
        assert_eq!(ev("abs(True)"), int(1));
        assert_err("abs('a')", "bad operand type for abs(): 'str'", 1);

        assert_eq!(ev("round(2.5)"), int(2));
        assert_eq!(ev("round(3.5)"), int(4));
        assert_eq!(ev("round(-2.5)"), int(-2));
        assert_eq!(ev("round(2.6)"), int(3));
        assert_eq!(ev("round(7)"), int(7));
        assert_eq!(ev("round(2.675, 2)"), float(2.67));
        assert_eq!(ev("round(0.125, 2)"), float(0.12));
        assert_eq!(ev("round(0.375, 2)"), float(0.38));
        assert_eq!(ev("round(1.23456, 3)"), float(1.235));
        assert_eq!(ev("round(2.5, 0)"), float(2.0));
        assert_eq!(ev("round(2.5, None)"), int(2));
        assert_eq!(ev("round(1234, -2)"), int(1200));
        assert_eq!(ev("round(1250, -2)"), int(1200));
        assert_eq!(ev("round(1350, -2)"), int(1400));
        assert_eq!(ev("round(-1350, -2)"), int(-1400));
        assert_eq!(ev("round(1250.0, -2)"), float(1200.0));
        assert_eq!(ev("round(1251.3, -2)"), float(1300.0));
        assert_eq!(ev("round(5, 2)"), int(5));
        assert_err("round('a')", "type str doesn't define __round__ method", 1);
        assert_err(
            "round(1.5, 1.5)",
            "'float' object cannot be interpreted as an integer",
            1,
        );
        assert_err(
            "round(1, 2, 3)",
            "round() takes 1 to 2 arguments (3 given)",
            1,
        );
        assert_err("round(1e300)", "integer overflow", 1);
    }

    #[test]
    fn forbidden_calls_and_constructs() {
        assert_err("open(\"x\")", "function 'open' is not allowed", 1);
        assert_err(
            "__import__(\"os\")",
            "function '__import__' is not allowed",
            1,
        );
        assert_err("1 + eval('1')", "function 'eval' is not allowed", 5);
        assert_err("exec('x = 1')", "function 'exec' is not allowed", 1);
        assert_err("getattr(1, 'real')", "function 'getattr' is not allowed", 1);
        // Forbidden calls are refused even where they would not be reached.
        assert_err("False and open('x')", "function 'open' is not allowed", 11);
        assert_err("().__class__", "attribute access is only allowed", 3);
        assert_err("'a'.upper()", "attribute access is only allowed", 4);
        assert_err("(min)(1, 2)", "function 'min' must be called", 2);
        assert_err(
            "param('Count')(1)",
            "only the allowed functions can be called",
            15,
        );
        assert_err("lambda: 1", "'lambda' is not supported", 1);
        assert_err("[x for x in [1]]", "unknown name 'x'", 2);
        assert_err("[1 for x in [1]]", "unexpected 'for'", 4);
        assert_err("import os", "'import' is not supported", 1);
        assert_err("x = 1", "unknown name 'x'", 1);
        assert_err("1 = 1", "unexpected '='", 3);
        assert_err("round(1, ndigits=2)", "unknown name 'ndigits'", 10);
        assert_err("round(1, True=2)", "unexpected '='", 14);
        assert_err("{1: 2}", "unexpected '{'", 1);
        assert_err("[1, 2][0:1]", "unexpected ':'", 9);
        assert_err("f'x'", "unknown name 'f'", 1);
    }

    #[test]
    fn unknown_name_column() {
        let e = ev_err("1 + foo");
        assert_eq!(e.message, "unknown name 'foo'");
        assert_eq!(e.column, 5);
        assert_eq!(e.to_string(), "unknown name 'foo' (column 5)");
        assert_err("  bar", "unknown name 'bar'", 3);
        assert_err("'ü' + ünknown", "unknown name 'ünknown'", 7);
        assert_err("true", "unknown name 'true'", 1);
    }

    #[test]
    fn syntax_errors() {
        assert_err("", "empty expression", 1);
        assert_err("   ", "empty expression", 1);
        assert_err("1 +", "unexpected end of expression", 4);
        assert_err("(1", "unexpected end of expression, expected ')'", 3);
        assert_err("[1, 2", "expected ']'", 6);
        assert_err("1 2", "unexpected '2'", 3);
        assert_err("1 + 2 x", "unexpected 'x'", 7);
        assert_err("'abc", "unterminated string", 1);
        assert_err("1 + \"abc", "unterminated string", 5);
        assert_err("'abc\\'", "unterminated string", 1);
        assert_err("'a\nb'", "unterminated string", 1);
        assert_err("1 $ 2", "unexpected '$'", 3);
        assert_err("1 ! 2", "unexpected '!'", 3);
        assert_err("99999999999999999999", "integer literal too large", 1);
        assert_err("0xFFFFFFFFFFFFFFFFFF", "integer literal too large", 1);
        assert_err("1e999", "float literal too large", 1);
        assert_err("1 + 3abc", "invalid number literal '3abc'", 5);
        assert_err("1e", "invalid number literal", 1);
        assert_err("0x", "invalid number literal", 1);
        assert_err("012", "leading zeros", 1);
        assert_err("1..2", "unexpected '.2'", 3);
        assert_err("not", "unexpected end of expression", 4);
        assert_err("and 1", "unexpected 'and'", 1);
        assert_err("1 not 2", "unexpected 'not'", 3);
        assert_err("1 is", "unexpected end of expression", 5);
        assert_err(",", "unexpected ','", 1);
        assert_err("[,]", "unexpected ','", 2);
        assert_err("len", "function 'len' must be called", 1);
    }

    #[test]
    fn nesting_limits() {
        let ok = format!("{}1{}", "(".repeat(60), ")".repeat(60));
        assert_eq!(ev(&ok), int(1));
        let ok = format!("{}1{}", "[".repeat(60), "]".repeat(60));
        assert!(matches!(ev(&ok), Value::List(_)));
        let ok = format!("1{}", " + 1".repeat(127));
        assert_eq!(ev(&ok), int(128));
        assert_err(
            &format!("1{}", " + 1".repeat(128)),
            "expression nested too deeply",
            511,
        );
        // Deepest brackets around the deepest tree.
        let ok = format!(
            "{}1{}{}",
            "(".repeat(63),
            " + 1".repeat(127),
            ")".repeat(63)
        );
        assert_eq!(ev(&ok), int(128));
        let ok = format!("{}1{}", "len([".repeat(31), "])".repeat(31));
        assert_eq!(ev(&ok), int(1));

        let deep = format!("{}1{}", "(".repeat(1000), ")".repeat(1000));
        assert_err(&deep, "expression nested too deeply", 65);
        let deep = format!("{}1{}", "[".repeat(100), "]".repeat(100));
        assert_eq!(ev_err(&deep).message, "expression nested too deeply");
        for deep in [
            format!("{}1", "-".repeat(10_000)),
            format!("{}1", "not ".repeat(10_000)),
            format!("2{}", " ** 2".repeat(10_000)),
            format!("1{}", " + 1".repeat(10_000)),
            format!("1{}", " and 1".repeat(10_000)),
            format!("{}1", "1 if 1 else ".repeat(10_000)),
            format!("1{}", "[0]".repeat(10_000)),
            format!("{}1{}", "len([".repeat(1000), "])".repeat(1000)),
        ] {
            let e = ev_err(&deep);
            assert_eq!(e.message, "expression nested too deeply", "{}", &deep[..20]);
            assert!(check_syntax(&deep).is_err());
        }
        // Long flat expressions are fine.
        let long = format!("[{}]", "1, ".repeat(10_000));
        assert!(matches!(ev(&long), Value::List(v) if v.len() == 10_000));
        let chain = format!("0{}", " < 1".repeat(1000));
        assert_eq!(ev(&chain), F);
    }

    #[test]
    fn truthiness_table() {
        let cases = [
            (Value::None, false),
            (F, false),
            (T, true),
            (int(0), false),
            (int(-1), true),
            (float(0.0), false),
            (float(-0.0), false),
            (float(0.1), true),
            (float(f64::NAN), true),
            (text(""), false),
            (text("0"), true),
            (list(vec![]), false),
            (list(vec![Value::None]), true),
        ];
        for (value, expected) in cases {
            assert_eq!(value.truthy(), expected, "{value:?}");
        }
        assert_eq!(ev("bool(0.0) or bool('') or bool([]) or bool(None)"), F);
    }

    #[test]
    fn to_text_and_type_name() {
        assert_eq!(int(3).to_text(), "3");
        assert_eq!(int(-3).to_text(), "-3");
        assert_eq!(float(1.0).to_text(), "1.0");
        assert_eq!(float(0.25).to_text(), "0.25");
        assert_eq!(float(12.0).to_text(), "12.0");
        assert_eq!(float(3.5).to_text(), "3.5");
        assert_eq!(float(0.001).to_text(), "0.001");
        assert_eq!(float(0.0001).to_text(), "0.0001");
        assert_eq!(float(1e-5).to_text(), "1e-05");
        assert_eq!(float(2.5e-7).to_text(), "2.5e-07");
        assert_eq!(float(1e15).to_text(), "1000000000000000.0");
        assert_eq!(float(1e16).to_text(), "1e+16");
        assert_eq!(float(1.5e300).to_text(), "1.5e+300");
        assert_eq!(
            float(123_456_789_012_345_680.0).to_text(),
            "1.2345678901234568e+17"
        );
        assert_eq!(float(0.1 + 0.2).to_text(), "0.30000000000000004");
        assert_eq!(float(1.0 / 3.0).to_text(), "0.3333333333333333");
        assert_eq!(float(-2.5).to_text(), "-2.5");
        assert_eq!(float(0.0).to_text(), "0.0");
        assert_eq!(float(-0.0).to_text(), "-0.0");
        assert_eq!(float(123.456).to_text(), "123.456");
        assert_eq!(T.to_text(), "True");
        assert_eq!(F.to_text(), "False");
        assert_eq!(Value::None.to_text(), "None");
        assert_eq!(text("raw 'text'").to_text(), "raw 'text'");
        assert_eq!(
            list(vec![int(1), float(2.5), text("a")]).to_text(),
            "[1, 2.5, 'a']"
        );
        assert_eq!(
            list(vec![
                text("it's"),
                text("a\nb"),
                list(vec![]),
                Value::None,
                T
            ])
            .to_text(),
            "[\"it's\", 'a\\nb', [], None, True]"
        );
        assert_eq!(ev("str(2 * 0.5)"), text("1.0"));
        assert_eq!(ev("str(1 / 4)"), text("0.25"));

        let names: Vec<&str> = [Value::None, T, int(1), float(1.0), text(""), list(vec![])]
            .iter()
            .map(Value::type_name)
            .collect();
        assert_eq!(names, ["NoneType", "bool", "int", "float", "str", "list"]);
    }

    #[test]
    fn macro_table_cells() {
        assert_eq!(ev("param(\"Count\") > 2"), F);
        assert_eq!(ev("'THIS_USE_THINGS'"), text("THIS_USE_THINGS"));
        assert_eq!(ev("'vec2(0.3, 0.1)'"), text("vec2(0.3, 0.1)"));
        assert_eq!(ev("'THIS_FOO 3.5'"), text("THIS_FOO 3.5"));
        assert_eq!(
            ev("'THIS_RADIUS ' + str(params.Radius)"),
            text("THIS_RADIUS 0.5")
        );
        assert_eq!(
            ev("'vec2(' + str(float(params.Count)) + ', 0.1)'"),
            text("vec2(1.0, 0.1)")
        );
    }

    #[test]
    fn check_syntax_does_not_evaluate() {
        assert_eq!(check_syntax("param('Missing') > 2"), Ok(()));
        assert_eq!(check_syntax("1 / 0"), Ok(()));
        assert_eq!(check_syntax("params.Anything + hasInput(9)"), Ok(()));
        assert_eq!(check_syntax("'a' if coordType == 'vec2' else 'b'"), Ok(()));
        let e = check_syntax("1 + ").unwrap_err();
        assert_eq!(e.column, 5);
        let e = check_syntax("open('x')").unwrap_err();
        assert_eq!(e.message, "function 'open' is not allowed");
        let e = check_syntax("foo").unwrap_err();
        assert_eq!(e.message, "unknown name 'foo'");
        let e = check_syntax("len(1, 2)").unwrap_err();
        assert!(e.message.contains("takes exactly 1 argument"));
    }

    #[test]
    fn reserved_names() {
        for name in [
            "True",
            "False",
            "None",
            "param",
            "params",
            "hasInput",
            "coordType",
            "contextType",
            "returnType",
            "str",
            "int",
            "float",
            "bool",
            "min",
            "max",
            "len",
            "abs",
            "round",
            "and",
            "or",
            "not",
            "in",
            "if",
            "else",
            "is",
        ] {
            assert!(is_reserved_name(name), "{name}");
        }
        for name in ["Count", "Radius", "true", "none", "open", "x", ""] {
            assert!(!is_reserved_name(name), "{name}");
        }
    }

    #[test]
    fn fuzz_no_panics() {
        const CHARS: &[u8] = b"()[]+-*/%<>=!'\"abc123., ";
        let env = TestEnv::new();
        let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut next = move || {
            // xorshift64*
            state ^= state >> 12;
            state ^= state << 25;
            state ^= state >> 27;
            state.wrapping_mul(0x2545_F491_4F6C_DD1D)
        };
        let mut ok = 0;
        for _ in 0..5000 {
            let len = (next() % 16) as usize;
            let src: String = (0..len)
                .map(|_| CHARS[(next() % CHARS.len() as u64) as usize] as char)
                .collect();
            match eval(&src, &env) {
                Ok(_) => ok += 1,
                Err(e) => {
                    let max_col = src.chars().count() + 1;
                    assert!(
                        (1..=max_col).contains(&e.column),
                        "{src:?}: column {} out of range",
                        e.column
                    );
                    assert!(!e.message.is_empty());
                }
            }
            assert_eq!(check_syntax(&src).is_ok(), parse(&src).is_ok());
        }
        // Some random inputs are valid expressions (e.g. "1", "'a'", "(2)").
        assert!(ok > 0);
    }

    #[test]
    fn fuzz_keywords_no_panics() {
        const WORDS: &[&str] = &[
            "(",
            ")",
            "[",
            "]",
            ",",
            "+",
            "-",
            "*",
            "**",
            "/",
            "//",
            "%",
            "<",
            "==",
            "not",
            "in",
            "is",
            "and",
            "or",
            "if",
            "else",
            "1",
            "0",
            "2.5",
            "'s'",
            "True",
            "None",
            "params.Count",
            "param('Radius')",
            "len(",
            "min(",
            "round(",
            "hasInput(",
            "str(",
            "int(",
            "[1, 2]",
            "9223372036854775807",
            "1e308",
            ".",
        ];
        let env = TestEnv::new();
        let mut state: u64 = 12345;
        let mut next = move || {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            state >> 33
        };
        for _ in 0..5000 {
            let n = next() % 10;
            let src: Vec<&str> = (0..n)
                .map(|_| WORDS[(next() % WORDS.len() as u64) as usize])
                .collect();
            let src = src.join(" ");
            if let Err(e) = eval(&src, &env) {
                assert!((1..=src.chars().count() + 1).contains(&e.column), "{src:?}");
            }
        }
    }
}
