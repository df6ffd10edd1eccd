//! The syntax tree: names, functions and operators resolved while parsing.

use super::*;

#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum EnvName {
    Coord,
    Context,
    Return,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Func {
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
    pub(super) fn from_name(name: &str) -> Option<Func> {
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

    pub(super) fn name(self) -> &'static str {
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
    pub(super) fn arity(self) -> (usize, Option<usize>) {
        match self {
            Func::Param | Func::HasInput | Func::InputSize | Func::Len | Func::Abs => (1, Some(1)),
            Func::Str | Func::Int | Func::Float | Func::Bool => (0, Some(1)),
            Func::Round => (1, Some(2)),
            Func::Min | Func::Max => (1, None),
        }
    }

    pub(super) fn check_arity(self, given: usize, col: usize) -> Res<()> {
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
pub(super) enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    FloorDiv,
    Mod,
    Pow,
}

impl BinOp {
    pub(super) fn symbol(self) -> &'static str {
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
pub(super) enum CmpOp {
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
    pub(super) fn symbol(self) -> &'static str {
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
pub(super) enum Kind {
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
pub(super) struct Node {
    pub(super) kind: Kind,
    pub(super) col: usize,
    pub(super) depth: u32,
}

/// Build a node, refusing trees deeper than [`MAX_TREE_DEPTH`] (evaluation
/// and dropping are recursive, so the depth must stay bounded).
pub(super) fn node(kind: Kind, col: usize) -> Res<Node> {
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
