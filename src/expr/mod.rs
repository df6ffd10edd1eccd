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

mod ast;
mod builtins;
mod evaluator;
mod lexer;
mod parser;
mod value;

use ast::*;
use builtins::*;
use evaluator::*;
use lexer::*;
use parser::*;
pub use value::Value;
use value::*;

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

#[cfg(test)]
mod tests;
