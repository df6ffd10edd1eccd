//! The affine fold: a node whose code moves the coordinate by an affine map
//! of constants (its parameters), calls its input once with it, and only
//! scales the distance that comes back, is read as `p ↦ A·p + b` and a
//! scale. Consecutive such nodes compose into one map on the CPU: with
//! parameters compiled in, the shader gets one matrix; with live
//! parameters, the composed map is computed at every upload of the values
//! and read from four uniform slots, so a chain of a thousand transforms
//! costs a frame what one does.
//!
//! Which nodes fold is read from their code, never from their ROP's name.

use super::expr::{Expr, Scope, Val, eval, parse, parse_text};
use super::func::{Func, is_assignment};
use super::lex::Lines;
use crate::library::ParamDef;
use crate::value::ParamValue;
use std::collections::HashMap;

/// What one statement before the call does.
#[derive(Debug, Clone)]
enum Pre {
    /// `T name = e;` or `name = e;`
    Set(String, Expr),
    /// `name op= e;`
    Update(String, char, Expr),
}

/// A node's code, read as an affine step.
#[derive(Debug, Clone)]
pub struct Program {
    /// The node's GLSL name (its parameter macros start with it).
    node: String,
    /// Its parameters, to remake their macros from new values.
    params: Vec<ParamDef>,
    coord: String,
    dims: usize,
    pre: Vec<Pre>,
    /// The coordinate passed to the input.
    arg: Expr,
    /// Factors applied to the input's result (`/=` as its inverse).
    scales: Vec<(char, Expr)>,
    /// What the scales apply to: `.x` of a struct, or `` for the whole value.
    pub path: String,
    /// Macros the code reads that no parameter value changes.
    fixed: HashMap<String, Expr>,
}

/// One node's (or a whole run's) map: `p ↦ a·p + b`, distances times `scale`.
#[derive(Debug, Clone, PartialEq)]
pub struct Step {
    pub a: Vec<Vec<f64>>,
    pub b: Vec<f64>,
    pub scale: f64,
}

impl Step {
    pub fn identity(n: usize) -> Step {
        Step {
            a: (0..n)
                .map(|i| (0..n).map(|k| if i == k { 1.0 } else { 0.0 }).collect())
                .collect(),
            b: vec![0.0; n],
            scale: 1.0,
        }
    }
    /// `then` applied after `self` (the outer node's map first).
    pub fn then(&self, then: &Step) -> Step {
        let n = self.b.len();
        let a = (0..n)
            .map(|i| {
                (0..n)
                    .map(|k| (0..n).map(|j| then.a[i][j] * self.a[j][k]).sum())
                    .collect()
            })
            .collect();
        let b = (0..n)
            .map(|i| (0..n).map(|j| then.a[i][j] * self.b[j]).sum::<f64>() + then.b[i])
            .collect();
        Step {
            a,
            b,
            scale: self.scale * then.scale,
        }
    }
}

/// Where a node calls its input: the statement, the callee's token, the
/// closing bracket and each argument's token range.
#[derive(Debug, Clone)]
pub struct CallSite {
    pub stmt: usize,
    pub tok: usize,
    pub close: usize,
    pub args: Vec<(usize, usize)>,
}

/// Everything `Program::read` needs from outside the node's code.
pub struct Context<'a> {
    pub node: &'a str,
    pub params: &'a [ParamDef],
    pub values: &'a [ParamValue],
    pub dims: usize,
    /// Object-like macros the shader defines elsewhere, by name: their bodies.
    pub macros: &'a dyn Fn(&str) -> Option<String>,
}

impl Program {
    /// Reads `func` as an affine step, if its code is one: statements that
    /// compute constants and the coordinate, the call, scalings of the
    /// result, and `return` of it.
    pub fn read(func: &Func, lines: &Lines, call: &CallSite, cx: &Context) -> Option<Program> {
        let t = |k: usize| func.text(lines, k);
        if func.params.len() != 2 || call.args.len() != 2 {
            return None;
        }
        let (coord, ctx) = (&func.params[0], &func.params[1]);
        // The context goes through untouched.
        let (ca, cb) = call.args[1];
        if !(cb == ca + 1 && t(ca) == ctx.name && ctx.read_only) {
            return None;
        }
        let mut pre = Vec::new();
        for &(a, b) in &func.stmts[..call.stmt] {
            pre.push(read_pre(func, lines, a, b)?);
        }
        let (ca, cb) = func.stmts[call.stmt];
        let (aa, ab) = call.args[0];
        let arg = parse(&func.toks, lines, aa, ab)?;
        // The call's statement: `T r = f(..);`, `r = f(..);` or `return f(..);`.
        let last = func.stmts.len() - 1;
        let result = if t(ca) == "return" {
            if call.stmt != last || call.tok != ca + 1 || call.close + 2 != cb {
                return None;
            }
            None
        } else {
            let head: Vec<&str> = (ca..call.tok).map(t).collect();
            let name = match head.as_slice() {
                [_, r, "="] | [r, "="] => r.to_string(),
                _ => return None,
            };
            if call.close + 2 != cb {
                return None;
            }
            Some(name)
        };
        let mut scales = Vec::new();
        let mut path = String::new();
        if let Some(r) = &result {
            // The call assigns, so a `return` of the result must follow it.
            let between = func.stmts.get(call.stmt + 1..last)?;
            for &(a, b) in between {
                let (op, field, e) = read_scale(func, lines, a, b, r)?;
                if !scales.is_empty() && field != path {
                    return None;
                }
                path = field;
                scales.push((op, e));
            }
            let (ra, rb) = func.stmts[last];
            if !(rb == ra + 3 && t(ra) == "return" && t(ra + 1) == r) {
                return None;
            }
        }
        let mut program = Program {
            node: cx.node.to_string(),
            params: cx.params.to_vec(),
            coord: coord.name.clone(),
            dims: cx.dims,
            pre,
            arg,
            scales,
            path,
            fixed: HashMap::new(),
        };
        program.fixed = program.fixed_macros(cx)?;
        // It must evaluate now, to an n-by-n map.
        program.eval(cx.values)?;
        Some(program)
    }

    /// Bodies of the macros the code reads (through other macros too) that
    /// are not the node's parameters.
    fn fixed_macros(&self, cx: &Context) -> Option<HashMap<String, Expr>> {
        let own = self.param_macros(cx.values);
        let mut fixed = HashMap::new();
        let mut todo: Vec<String> = Vec::new();
        let mut names = Vec::new();
        for p in &self.pre {
            match p {
                Pre::Set(_, e) | Pre::Update(_, _, e) => names_in(e, &mut names),
            }
        }
        names_in(&self.arg, &mut names);
        for (_, e) in &self.scales {
            names_in(e, &mut names);
        }
        for e in own.values() {
            names_in(e, &mut names);
        }
        todo.extend(names);
        let mut seen = 0usize;
        while let Some(name) = todo.pop() {
            seen += 1;
            if seen > 4096 {
                return None;
            }
            if own.contains_key(&name) || fixed.contains_key(&name) {
                continue;
            }
            if let Some(body) = (cx.macros)(&name) {
                let e = parse_text(&body)?;
                let mut inner = Vec::new();
                names_in(&e, &mut inner);
                todo.extend(inner);
                fixed.insert(name, e);
            }
        }
        Some(fixed)
    }

    /// The node's parameter macros for `values`, as the baked target
    /// writes them, read back.
    fn param_macros(&self, values: &[ParamValue]) -> HashMap<String, Expr> {
        let mut text = String::new();
        for (p, v) in self.params.iter().zip(values) {
            crate::generate::param_macros(&mut text, &self.node, p, v, None);
        }
        let mut out = HashMap::new();
        for line in text.lines() {
            let Some(rest) = line.strip_prefix("#define ") else {
                continue;
            };
            let (name, body) = rest.split_once(' ').unwrap_or((rest, ""));
            if name.contains('(') {
                continue;
            }
            if let Some(e) = parse_text(body) {
                out.insert(name.to_string(), e);
            }
        }
        out
    }

    /// Whether the result is scaled at all.
    pub fn scales(&self) -> bool {
        !self.scales.is_empty()
    }

    /// The step for these parameter values (one per `params`).
    pub fn eval(&self, values: &[ParamValue]) -> Option<Step> {
        let n = self.dims;
        let mut scope = Env {
            vars: HashMap::new(),
            own: self.param_macros(values),
            fixed: &self.fixed,
            dims: n,
        };
        scope
            .vars
            .insert(self.coord.clone(), Step::identity(n).as_val());
        for p in &self.pre {
            match p {
                Pre::Set(name, e) => {
                    let v = eval(e, &scope, 0)?;
                    scope.vars.insert(name.clone(), v);
                }
                Pre::Update(name, op, e) => {
                    let v = eval(
                        &Expr::Bin(*op, Box::new(Expr::Name(name.clone())), Box::new(e.clone())),
                        &scope,
                        0,
                    )?;
                    scope.vars.insert(name.clone(), v);
                }
            }
        }
        let Val::Affine { a, b } = eval(&self.arg, &scope, 0)?.promote(n)? else {
            return None;
        };
        if a.len() != n || b.len() != n {
            return None;
        }
        let mut scale = 1.0;
        for (op, e) in &self.scales {
            let s = eval(e, &scope, 0)?.scalar()?;
            scale = if *op == '*' { scale * s } else { scale / s };
        }
        Some(Step { a, b, scale })
    }
}

impl Step {
    fn as_val(&self) -> Val {
        Val::Affine {
            a: self.a.clone(),
            b: self.b.clone(),
        }
    }
}

struct Env<'a> {
    vars: HashMap<String, Val>,
    own: HashMap<String, Expr>,
    fixed: &'a HashMap<String, Expr>,
    dims: usize,
}

impl Scope for Env<'_> {
    fn var(&self, name: &str) -> Option<Val> {
        self.vars.get(name).cloned()
    }
    fn macro_body(&self, name: &str) -> Option<&Expr> {
        self.own.get(name).or_else(|| self.fixed.get(name))
    }
    fn dims(&self) -> usize {
        self.dims
    }
}

/// Every name an expression reads (not fields, not functions).
fn names_in(e: &Expr, out: &mut Vec<String>) {
    let mut stack = vec![e];
    while let Some(e) = stack.pop() {
        match e {
            Expr::Num(_) => {}
            Expr::Name(n) => out.push(n.clone()),
            Expr::Call(_, args) => stack.extend(args),
            Expr::Neg(x) => stack.push(x),
            Expr::Field(x, f) => {
                stack.push(x);
                out.push(f.clone());
            }
            Expr::Bin(_, l, r) | Expr::Index(l, r) | Expr::Cmp(_, l, r) => {
                stack.push(l);
                stack.push(r);
            }
            Expr::Pick(c, a, b) => stack.extend([&**c, &**a, &**b]),
        }
    }
}

/// A statement before the call: a declaration of one name with a value, or
/// an assignment to a name.
fn read_pre(func: &Func, lines: &Lines, a: usize, b: usize) -> Option<Pre> {
    let t = |k: usize| func.text(lines, k);
    if t(b - 1) != ";" {
        return None;
    }
    let mut k = a;
    while k < b && matches!(t(k), "const" | "highp" | "mediump" | "lowp" | "precise") {
        k += 1;
    }
    // `T name = e;`
    if k + 3 < b && t(k + 2) == "=" && func.locals.contains(t(k + 1)) {
        let e = parse(&func.toks, lines, k + 3, b - 1)?;
        return Some(Pre::Set(t(k + 1).to_string(), e));
    }
    // `name = e;`, `name op= e;`
    if k + 2 < b && is_assignment(t(k + 1)) {
        let name = t(k).to_string();
        let e = parse(&func.toks, lines, k + 2, b - 1)?;
        return Some(match t(k + 1) {
            "=" => Pre::Set(name, e),
            op @ ("+=" | "-=" | "*=" | "/=") => Pre::Update(name, op.chars().next()?, e),
            _ => return None,
        });
    }
    None
}

/// A statement after the call: `r.f *= e;`, `r /= e;`.
fn read_scale(
    func: &Func,
    lines: &Lines,
    a: usize,
    b: usize,
    r: &str,
) -> Option<(char, String, Expr)> {
    let t = |k: usize| func.text(lines, k);
    if t(a) != r || t(b - 1) != ";" {
        return None;
    }
    let (field, op_at) = if t(a + 1) == "." {
        (format!(".{}", t(a + 2)), a + 3)
    } else {
        (String::new(), a + 1)
    };
    let op = match t(op_at) {
        "*=" => '*',
        "/=" => '/',
        _ => return None,
    };
    let e = parse(&func.toks, lines, op_at + 1, b - 1)?;
    Some((op, field, e))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_compose_outer_first() {
        // Outer: p ↦ 2p, inner: p ↦ p + 1; composed: p ↦ 2p + 1.
        let outer = Step {
            a: vec![vec![2.0, 0.0], vec![0.0, 2.0]],
            b: vec![0.0, 0.0],
            scale: 0.5,
        };
        let inner = Step {
            a: vec![vec![1.0, 0.0], vec![0.0, 1.0]],
            b: vec![1.0, 1.0],
            scale: 3.0,
        };
        let s = outer.then(&inner);
        assert_eq!(s.a, vec![vec![2.0, 0.0], vec![0.0, 2.0]]);
        assert_eq!(s.b, vec![1.0, 1.0]);
        assert_eq!(s.scale, 1.5);
    }
}
