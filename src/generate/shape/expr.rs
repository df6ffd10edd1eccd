//! A small GLSL expression reader and evaluator for the affine fold: the
//! constant arithmetic a transform does on its parameters (`max`, `radians`,
//! matrices, vectors) and the coordinate it passes on, as `A·p + b`.
//! Everything it does not know makes it give up, and then the code stays
//! as it is. Its depth is bounded, so no input can exhaust a stack.

use super::lex::{Kind, Lines, Tok};

/// Deepest expression (and macro expansion) read or evaluated.
pub const MAX_DEPTH: usize = 48;

/// An expression as read.
#[derive(Debug, Clone, PartialEq)]
pub enum Expr {
    Num(f64),
    Name(String),
    Call(String, Vec<Expr>),
    Neg(Box<Expr>),
    Bin(char, Box<Expr>, Box<Expr>),
    Field(Box<Expr>, String),
    Index(Box<Expr>, Box<Expr>),
    /// A comparison (`<`, `>`, `l` for `<=`, `g` for `>=`, `=`, `!`).
    Cmp(char, Box<Expr>, Box<Expr>),
    /// `c ? a : b`
    Pick(Box<Expr>, Box<Expr>, Box<Expr>),
}

/// Reads tokens `from..to` as one expression; `None` for anything outside
/// the subset (assignments, `?:`, comparisons, too deep).
pub fn parse(toks: &[Tok], lines: &Lines, from: usize, to: usize) -> Option<Expr> {
    let words: Vec<(&str, Kind)> = toks[from..to]
        .iter()
        .map(|t| (t.text(lines), t.kind))
        .collect();
    parse_words(&words)
}

/// [`parse`] over text (a macro's body).
pub fn parse_text(text: &str) -> Option<Expr> {
    let lines = [(1u32, text.to_string())];
    let toks = super::lex::tokens(&lines);
    parse(&toks, &lines, 0, toks.len())
}

fn parse_words(words: &[(&str, Kind)]) -> Option<Expr> {
    let mut p = Parser { words, at: 0 };
    let e = p.pick(0)?;
    (p.at == words.len()).then_some(e)
}

struct Parser<'a> {
    words: &'a [(&'a str, Kind)],
    at: usize,
}

impl Parser<'_> {
    fn peek(&self) -> Option<&str> {
        self.words.get(self.at).map(|w| w.0)
    }
    fn eat(&mut self, s: &str) -> bool {
        if self.peek() == Some(s) {
            self.at += 1;
            true
        } else {
            false
        }
    }
    fn pick(&mut self, depth: usize) -> Option<Expr> {
        if depth > MAX_DEPTH {
            return None;
        }
        let c = self.compare(depth + 1)?;
        if !self.eat("?") {
            return Some(c);
        }
        let a = self.pick(depth + 1)?;
        if !self.eat(":") {
            return None;
        }
        let b = self.pick(depth + 1)?;
        Some(Expr::Pick(Box::new(c), Box::new(a), Box::new(b)))
    }
    fn compare(&mut self, depth: usize) -> Option<Expr> {
        let l = self.sum(depth + 1)?;
        let op = match self.peek() {
            Some("<") => '<',
            Some(">") => '>',
            Some("<=") => 'l',
            Some(">=") => 'g',
            Some("==") => '=',
            Some("!=") => '!',
            _ => return Some(l),
        };
        self.at += 1;
        let r = self.sum(depth + 1)?;
        Some(Expr::Cmp(op, Box::new(l), Box::new(r)))
    }
    fn sum(&mut self, depth: usize) -> Option<Expr> {
        let mut e = self.product(depth + 1)?;
        while let Some(op @ ("+" | "-")) = self.peek() {
            let op = op.chars().next()?;
            self.at += 1;
            let r = self.product(depth + 1)?;
            e = Expr::Bin(op, Box::new(e), Box::new(r));
        }
        Some(e)
    }
    fn product(&mut self, depth: usize) -> Option<Expr> {
        let mut e = self.unary(depth + 1)?;
        while let Some(op @ ("*" | "/")) = self.peek() {
            let op = op.chars().next()?;
            self.at += 1;
            let r = self.unary(depth + 1)?;
            e = Expr::Bin(op, Box::new(e), Box::new(r));
        }
        Some(e)
    }
    fn unary(&mut self, depth: usize) -> Option<Expr> {
        if depth > MAX_DEPTH {
            return None;
        }
        if self.eat("-") {
            return Some(Expr::Neg(Box::new(self.unary(depth + 1)?)));
        }
        if self.eat("+") {
            return self.unary(depth + 1);
        }
        let mut e = self.primary(depth + 1)?;
        loop {
            if self.eat(".") {
                let (w, k) = *self.words.get(self.at)?;
                if k != Kind::Ident {
                    return None;
                }
                self.at += 1;
                e = Expr::Field(Box::new(e), w.to_string());
            } else if self.eat("[") {
                let i = self.pick(depth + 1)?;
                if !self.eat("]") {
                    return None;
                }
                e = Expr::Index(Box::new(e), Box::new(i));
            } else {
                return Some(e);
            }
        }
    }
    fn primary(&mut self, depth: usize) -> Option<Expr> {
        let (w, k) = *self.words.get(self.at)?;
        self.at += 1;
        match k {
            Kind::Number => number(w).map(Expr::Num),
            Kind::Ident if self.eat("(") => {
                let mut args = Vec::new();
                if !self.eat(")") {
                    loop {
                        args.push(self.pick(depth + 1)?);
                        if self.eat(")") {
                            break;
                        }
                        if !self.eat(",") {
                            return None;
                        }
                    }
                }
                Some(Expr::Call(w.to_string(), args))
            }
            Kind::Ident => Some(match w {
                "true" => Expr::Num(1.0),
                "false" => Expr::Num(0.0),
                _ => Expr::Name(w.to_string()),
            }),
            Kind::Punct if w == "(" => {
                let e = self.pick(depth + 1)?;
                self.eat(")").then_some(e)
            }
            _ => None,
        }
    }
}

/// A GLSL number literal's value (`1.0`, `1e-4`, `2.5f`, `3u`, `0x10`).
fn number(w: &str) -> Option<f64> {
    let t = w.trim_end_matches(['f', 'F', 'u', 'U']);
    if let Some(hex) = t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        return i64::from_str_radix(hex, 16).ok().map(|v| v as f64);
    }
    t.parse::<f64>().ok()
}

/// A value: constant, or affine in the coordinate `p` (of `n` components):
/// `rows` values, row `i` being `a[i]·p + b[i]`.
#[derive(Debug, Clone, PartialEq)]
pub enum Val {
    /// A float (or int, or bool), a vector of 2 to 4, or a matrix (column
    /// major, `cols` columns of `rows`).
    Num(Vec<f64>),
    Mat {
        cols: usize,
        rows: usize,
        m: Vec<f64>,
    },
    Affine {
        a: Vec<Vec<f64>>,
        b: Vec<f64>,
    },
}

impl Val {
    pub fn scalar(&self) -> Option<f64> {
        match self {
            Val::Num(v) if v.len() == 1 => Some(v[0]),
            _ => None,
        }
    }
    fn num(&self) -> Option<&[f64]> {
        match self {
            Val::Num(v) => Some(v),
            _ => None,
        }
    }
    /// A constant as a map of the coordinate (one that ignores it).
    pub fn promote(self, n: usize) -> Option<Val> {
        let (a, b) = self.rows(n)?;
        Some(Val::Affine { a, b })
    }

    /// Components as affine rows (constants have zero coefficients).
    fn rows(&self, n: usize) -> Option<(Vec<Vec<f64>>, Vec<f64>)> {
        match self {
            Val::Num(v) => Some((vec![vec![0.0; n]; v.len()], v.clone())),
            Val::Affine { a, b } => Some((a.clone(), b.clone())),
            Val::Mat { .. } => None,
        }
    }
}

/// What names mean while evaluating: locals, the coordinate, macros.
pub trait Scope {
    /// The value of a variable (a local, or the coordinate parameter).
    fn var(&self, name: &str) -> Option<Val>;
    /// The body of an object-like macro.
    fn macro_body(&self, name: &str) -> Option<&Expr>;
    /// Components of the coordinate.
    fn dims(&self) -> usize;
}

/// Evaluates `e`; `None` for what the subset cannot say.
pub fn eval(e: &Expr, scope: &dyn Scope, depth: usize) -> Option<Val> {
    if depth > MAX_DEPTH {
        return None;
    }
    let n = scope.dims();
    match e {
        Expr::Num(v) => Some(Val::Num(vec![*v])),
        Expr::Name(name) => match scope.var(name) {
            Some(v) => Some(v),
            None => eval(scope.macro_body(name)?, scope, depth + 1),
        },
        Expr::Neg(x) => neg(eval(x, scope, depth + 1)?),
        Expr::Bin(op, l, r) => binary(
            *op,
            eval(l, scope, depth + 1)?,
            eval(r, scope, depth + 1)?,
            n,
        ),
        Expr::Field(x, f) => {
            let v = eval(x, scope, depth + 1)?;
            // A field named by a macro (`p.THIS_Order`) is its body's.
            match scope.macro_body(f) {
                Some(Expr::Name(g)) => swizzle(v, g),
                _ => swizzle(v, f),
            }
        }
        Expr::Cmp(op, l, r) => {
            let l = eval(l, scope, depth + 1)?.scalar()?;
            let r = eval(r, scope, depth + 1)?.scalar()?;
            let yes = match op {
                '<' => l < r,
                '>' => l > r,
                'l' => l <= r,
                'g' => l >= r,
                '=' => l == r,
                _ => l != r,
            };
            Some(Val::Num(vec![if yes { 1.0 } else { 0.0 }]))
        }
        Expr::Pick(c, a, b) => {
            // Both sides are read, so that what the expression is (a
            // constant or a map of the coordinate) never depends on values.
            let c = eval(c, scope, depth + 1)?.scalar()?;
            let (a, b) = (eval(a, scope, depth + 1)?, eval(b, scope, depth + 1)?);
            let affine = |v: &Val| matches!(v, Val::Affine { .. });
            let (a, b) = match (affine(&a), affine(&b)) {
                (true, false) => (a, b.promote(n)?),
                (false, true) => (a.promote(n)?, b),
                _ => (a, b),
            };
            Some(if c != 0.0 { a } else { b })
        }
        Expr::Index(x, i) => {
            let i = eval(i, scope, depth + 1)?.scalar()?;
            index(eval(x, scope, depth + 1)?, i)
        }
        Expr::Call(f, args) => {
            let vals = args
                .iter()
                .map(|a| eval(a, scope, depth + 1))
                .collect::<Option<Vec<_>>>()?;
            call(f, vals, n)
        }
    }
}

fn neg(v: Val) -> Option<Val> {
    Some(match v {
        Val::Num(x) => Val::Num(x.iter().map(|c| -c).collect()),
        Val::Mat { cols, rows, m } => Val::Mat {
            cols,
            rows,
            m: m.iter().map(|c| -c).collect(),
        },
        Val::Affine { a, b } => Val::Affine {
            a: a.iter().map(|r| r.iter().map(|c| -c).collect()).collect(),
            b: b.iter().map(|c| -c).collect(),
        },
    })
}

/// Componentwise `op` of two lists, a single value standing for all.
fn zip(x: &[f64], y: &[f64], f: impl Fn(f64, f64) -> f64) -> Option<Vec<f64>> {
    match (x.len(), y.len()) {
        (a, b) if a == b => Some(x.iter().zip(y).map(|(p, q)| f(*p, *q)).collect()),
        (1, _) => Some(y.iter().map(|q| f(x[0], *q)).collect()),
        (_, 1) => Some(x.iter().map(|p| f(*p, y[0])).collect()),
        _ => None,
    }
}

fn binary(op: char, l: Val, r: Val, n: usize) -> Option<Val> {
    use Val::*;
    let arith = |a: f64, b: f64| match op {
        '+' => a + b,
        '-' => a - b,
        '*' => a * b,
        _ => a / b,
    };
    match (&l, &r) {
        (Num(x), Num(y)) => zip(x, y, arith).map(Num),
        (Mat { cols, rows, m }, Num(v)) if op == '*' && v.len() == *cols => {
            // Matrix times column vector.
            Some(Num((0..*rows)
                .map(|i| (0..*cols).map(|j| m[j * rows + i] * v[j]).sum())
                .collect()))
        }
        (Num(v), Mat { cols, rows, m }) if op == '*' && v.len() == *rows => {
            // Row vector times matrix: each column dotted with the vector.
            Some(Num((0..*cols)
                .map(|j| (0..*rows).map(|i| m[j * rows + i] * v[i]).sum())
                .collect()))
        }
        (
            Mat { cols, rows, m },
            Mat {
                cols: c2,
                rows: r2,
                m: m2,
            },
        ) if op == '*' => {
            if cols != r2 {
                return None;
            }
            let mut out = vec![0.0; c2 * rows];
            for j in 0..*c2 {
                for i in 0..*rows {
                    out[j * rows + i] = (0..*cols).map(|k| m[k * rows + i] * m2[j * r2 + k]).sum();
                }
            }
            Some(Mat {
                cols: *c2,
                rows: *rows,
                m: out,
            })
        }
        (
            Mat { cols, rows, m },
            Mat {
                cols: c2,
                rows: r2,
                m: m2,
            },
        ) if cols == c2 && rows == r2 => Some(Mat {
            cols: *cols,
            rows: *rows,
            m: m.iter().zip(m2).map(|(a, b)| arith(*a, *b)).collect(),
        }),
        (Mat { cols, rows, m }, Num(s)) | (Num(s), Mat { cols, rows, m })
            if s.len() == 1 && op != '+' && op != '-' =>
        {
            let scalar_left = matches!(l, Num(_));
            if op == '/' && scalar_left {
                return None;
            }
            Some(Mat {
                cols: *cols,
                rows: *rows,
                m: m.iter().map(|c| arith(*c, s[0])).collect(),
            })
        }
        (Mat { cols, rows, m }, Affine { a, b }) if op == '*' && a.len() == *cols => {
            // M (A p + b) = (M A) p + M b.
            let a2 = (0..*rows)
                .map(|i| {
                    (0..n)
                        .map(|k| (0..*cols).map(|j| m[j * rows + i] * a[j][k]).sum())
                        .collect()
                })
                .collect();
            let b2 = (0..*rows)
                .map(|i| (0..*cols).map(|j| m[j * rows + i] * b[j]).sum())
                .collect();
            Some(Affine { a: a2, b: b2 })
        }
        (Affine { a, b }, Mat { cols, rows, m }) if op == '*' && a.len() == *rows => {
            // (A p + b)ᵀ M = (Mᵀ A) p + Mᵀ b.
            let a2 = (0..*cols)
                .map(|j| {
                    (0..n)
                        .map(|k| (0..*rows).map(|i| m[j * rows + i] * a[i][k]).sum())
                        .collect()
                })
                .collect();
            let b2 = (0..*cols)
                .map(|j| (0..*rows).map(|i| m[j * rows + i] * b[i]).sum())
                .collect();
            Some(Affine { a: a2, b: b2 })
        }
        (Affine { .. }, Affine { .. }) if op == '+' || op == '-' => {
            let (a1, b1) = l.rows(n)?;
            let (a2, b2) = r.rows(n)?;
            affine_zip(&a1, &b1, &a2, &b2, arith)
        }
        (Affine { .. }, Num(_)) | (Num(_), Affine { .. }) if op == '+' || op == '-' => {
            let (a1, b1) = l.rows(n)?;
            let (a2, b2) = r.rows(n)?;
            affine_zip(&a1, &b1, &a2, &b2, arith)
        }
        (Affine { a, b }, Num(s)) if op == '*' || op == '/' => {
            let k = a.len();
            let s = if s.len() == 1 {
                vec![s[0]; k]
            } else {
                s.clone()
            };
            if s.len() != k {
                return None;
            }
            Some(Affine {
                a: a.iter()
                    .zip(&s)
                    .map(|(row, f)| row.iter().map(|c| arith(*c, *f)).collect())
                    .collect(),
                b: b.iter().zip(&s).map(|(c, f)| arith(*c, *f)).collect(),
            })
        }
        (Num(s), Affine { a, b }) if op == '*' => binary(
            '*',
            Affine {
                a: a.clone(),
                b: b.clone(),
            },
            Num(s.clone()),
            n,
        ),
        _ => None,
    }
}

/// Row by row `f` of two affine values of the same size (or one of a
/// single row, standing for all).
fn affine_zip(
    a1: &[Vec<f64>],
    b1: &[f64],
    a2: &[Vec<f64>],
    b2: &[f64],
    f: impl Fn(f64, f64) -> f64,
) -> Option<Val> {
    let k = a1.len().max(a2.len());
    let pick = |a: &[Vec<f64>], b: &[f64], i: usize| {
        if a.len() == 1 {
            (a[0].clone(), b[0])
        } else {
            (a[i].clone(), b[i])
        }
    };
    if (a1.len() != k && a1.len() != 1) || (a2.len() != k && a2.len() != 1) {
        return None;
    }
    let mut a = Vec::with_capacity(k);
    let mut b = Vec::with_capacity(k);
    for i in 0..k {
        let (r1, c1) = pick(a1, b1, i);
        let (r2, c2) = pick(a2, b2, i);
        a.push(r1.iter().zip(&r2).map(|(x, y)| f(*x, *y)).collect());
        b.push(f(c1, c2));
    }
    Some(Val::Affine { a, b })
}

fn swizzle(v: Val, f: &str) -> Option<Val> {
    let lanes: Vec<usize> = f
        .chars()
        .map(|c| match c {
            'x' | 'r' | 's' => Some(0),
            'y' | 'g' | 't' => Some(1),
            'z' | 'b' | 'p' => Some(2),
            'w' | 'a' | 'q' => Some(3),
            _ => None,
        })
        .collect::<Option<_>>()?;
    if lanes.is_empty() || lanes.len() > 4 {
        return None;
    }
    match v {
        Val::Num(x) if x.len() > 1 => lanes
            .iter()
            .map(|&i| x.get(i).copied())
            .collect::<Option<_>>()
            .map(Val::Num),
        Val::Affine { a, b } if a.len() > 1 => {
            let rows: Option<Vec<(Vec<f64>, f64)>> = lanes
                .iter()
                .map(|&i| Some((a.get(i)?.clone(), *b.get(i)?)))
                .collect();
            let (a, b) = rows?.into_iter().unzip();
            Some(Val::Affine { a, b })
        }
        _ => None,
    }
}

fn index(v: Val, i: f64) -> Option<Val> {
    let i = i as usize;
    match v {
        Val::Mat { cols, rows, m } if i < cols => {
            Some(Val::Num(m[i * rows..(i + 1) * rows].to_vec()))
        }
        Val::Num(x) if x.len() > 1 => x.get(i).map(|c| Val::Num(vec![*c])),
        Val::Affine { a, b } if a.len() > 1 && i < a.len() => Some(Val::Affine {
            a: vec![a[i].clone()],
            b: vec![b[i]],
        }),
        _ => None,
    }
}

/// Built-in functions and constructors on constants (and constructors of
/// affine vectors).
fn call(f: &str, args: Vec<Val>, n: usize) -> Option<Val> {
    let size = |t: &str| {
        t.chars()
            .last()
            .and_then(|c| c.to_digit(10))
            .map(|d| d as usize)
    };
    match f {
        "vec2" | "vec3" | "vec4" | "ivec2" | "ivec3" | "ivec4" => {
            let k = size(f)?;
            if args.iter().any(|a| matches!(a, Val::Affine { .. })) {
                let mut a = Vec::new();
                let mut b = Vec::new();
                for v in &args {
                    let (ra, rb) = v.rows(n)?;
                    a.extend(ra);
                    b.extend(rb);
                }
                return (a.len() == k).then_some(Val::Affine { a, b });
            }
            let comps: Vec<f64> = args
                .iter()
                .map(|a| a.num().map(<[f64]>::to_vec))
                .collect::<Option<Vec<_>>>()?
                .concat();
            match comps.len() {
                1 => Some(Val::Num(vec![comps[0]; k])),
                c if c >= k && args.len() > 1 || c == k => Some(Val::Num(comps[..k].to_vec())),
                _ => None,
            }
        }
        "mat2" | "mat3" | "mat4" => {
            let k = size(f)?;
            if let [Val::Mat { cols, rows, m }] = args.as_slice() {
                // A matrix from a bigger or smaller one: the identity fills in.
                let mut out = vec![0.0; k * k];
                for j in 0..k {
                    for i in 0..k {
                        out[j * k + i] = if j < *cols && i < *rows {
                            m[j * rows + i]
                        } else if i == j {
                            1.0
                        } else {
                            0.0
                        };
                    }
                }
                return Some(Val::Mat {
                    cols: k,
                    rows: k,
                    m: out,
                });
            }
            let comps: Vec<f64> = args
                .iter()
                .map(|a| a.num().map(<[f64]>::to_vec))
                .collect::<Option<Vec<_>>>()?
                .concat();
            let m = match comps.len() {
                1 => (0..k * k)
                    .map(|i| if i % (k + 1) == 0 { comps[0] } else { 0.0 })
                    .collect(),
                c if c == k * k => comps,
                _ => return None,
            };
            Some(Val::Mat {
                cols: k,
                rows: k,
                m,
            })
        }
        "transpose" => match args.as_slice() {
            [Val::Mat { cols, rows, m }] => {
                let mut out = vec![0.0; cols * rows];
                for j in 0..*cols {
                    for i in 0..*rows {
                        out[i * cols + j] = m[j * rows + i];
                    }
                }
                Some(Val::Mat {
                    cols: *rows,
                    rows: *cols,
                    m: out,
                })
            }
            _ => None,
        },
        "float" | "int" => {
            let x = args.first()?.scalar()?;
            Some(Val::Num(vec![if f == "int" { x.trunc() } else { x }]))
        }
        _ => {
            let nums: Vec<&[f64]> = args.iter().map(Val::num).collect::<Option<_>>()?;
            builtin(f, &nums).map(Val::Num)
        }
    }
}

/// Built-in functions of constant arguments, componentwise where GLSL is.
fn builtin(f: &str, a: &[&[f64]]) -> Option<Vec<f64>> {
    let one = |g: fn(f64) -> f64| -> Option<Vec<f64>> {
        match a {
            [x] => Some(x.iter().map(|c| g(*c)).collect()),
            _ => None,
        }
    };
    let two = |g: fn(f64, f64) -> f64| -> Option<Vec<f64>> {
        match a {
            [x, y] => zip(x, y, g),
            _ => None,
        }
    };
    let dot = |x: &[f64], y: &[f64]| -> Option<f64> {
        (x.len() == y.len()).then(|| x.iter().zip(y).map(|(p, q)| p * q).sum())
    };
    match f {
        "radians" => one(f64::to_radians),
        "degrees" => one(f64::to_degrees),
        "sin" => one(f64::sin),
        "cos" => one(f64::cos),
        "tan" => one(f64::tan),
        "asin" => one(f64::asin),
        "acos" => one(f64::acos),
        "atan" if a.len() == 1 => one(f64::atan),
        "atan" => two(f64::atan2),
        "abs" => one(f64::abs),
        "sign" => one(|x| {
            if x > 0.0 {
                1.0
            } else if x < 0.0 {
                -1.0
            } else {
                0.0
            }
        }),
        "floor" => one(f64::floor),
        "ceil" => one(f64::ceil),
        "fract" => one(|x| x - x.floor()),
        "sqrt" => one(f64::sqrt),
        "inversesqrt" => one(|x| 1.0 / x.sqrt()),
        "exp" => one(f64::exp),
        "exp2" => one(f64::exp2),
        "log" => one(f64::ln),
        "log2" => one(f64::log2),
        "pow" => two(f64::powf),
        "min" => two(f64::min),
        "max" => two(f64::max),
        "mod" => two(|x, y| x - y * (x / y).floor()),
        "clamp" => match a {
            [x, lo, hi] => zip(&zip(x, lo, f64::max)?, hi, f64::min),
            _ => None,
        },
        "mix" => match a {
            [x, y, t] => {
                let d = zip(y, x, |p, q| p - q)?;
                zip(x, &zip(&d, t, |p, q| p * q)?, |p, q| p + q)
            }
            _ => None,
        },
        "length" => match a {
            [x] => Some(vec![dot(x, x)?.sqrt()]),
            _ => None,
        },
        "dot" => match a {
            [x, y] => Some(vec![dot(x, y)?]),
            _ => None,
        },
        "normalize" => match a {
            [x] => {
                let l = dot(x, x)?.sqrt();
                Some(x.iter().map(|c| c / l).collect())
            }
            _ => None,
        },
        "cross" => match a {
            [x, y] if x.len() == 3 && y.len() == 3 => Some(vec![
                x[1] * y[2] - x[2] * y[1],
                x[2] * y[0] - x[0] * y[2],
                x[0] * y[1] - x[1] * y[0],
            ]),
            _ => None,
        },
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    struct S {
        vars: HashMap<String, Val>,
        macros: HashMap<String, Expr>,
    }
    impl Scope for S {
        fn var(&self, name: &str) -> Option<Val> {
            self.vars.get(name).cloned()
        }
        fn macro_body(&self, name: &str) -> Option<&Expr> {
            self.macros.get(name)
        }
        fn dims(&self) -> usize {
            3
        }
    }

    fn p() -> Val {
        Val::Affine {
            a: vec![
                vec![1.0, 0.0, 0.0],
                vec![0.0, 1.0, 0.0],
                vec![0.0, 0.0, 1.0],
            ],
            b: vec![0.0; 3],
        }
    }

    #[test]
    fn a_rotation_and_a_translation_become_one_affine_map() {
        let mut s = S {
            vars: HashMap::from([("p".to_string(), p())]),
            macros: HashMap::new(),
        };
        // A quarter turn about z, as the rotation macro writes it (columns).
        s.macros.insert(
            "M".into(),
            parse_text("mat3(0.0, 1.0, 0.0, -1.0, 0.0, 0.0, 0.0, 0.0, 1.0)").unwrap(),
        );
        s.macros
            .insert("T".into(), parse_text("vec3(1.0, 2.0, 3.0)").unwrap());
        s.macros.insert("S".into(), parse_text("2.0").unwrap());
        let e = parse_text("(p - T) * M / max(S, 1e-4)").unwrap();
        let Some(Val::Affine { a, b }) = eval(&e, &s, 0) else {
            panic!("not affine");
        };
        // q = Mᵀ (p - T) / 2, checked at a point against the formula.
        let at = [0.5, -1.0, 2.0];
        let got: Vec<f64> = (0..3)
            .map(|i| (0..3).map(|k| a[i][k] * at[k]).sum::<f64>() + b[i])
            .collect();
        let d = [at[0] - 1.0, at[1] - 2.0, at[2] - 3.0];
        // Mᵀ of a quarter turn about z sends (x, y) to (y, -x).
        let want = [d[1] / 2.0, -d[0] / 2.0, d[2] / 2.0];
        for (g, w) in got.iter().zip(want) {
            assert!((g - w).abs() < 1e-12, "{got:?} vs {want:?}");
        }
    }

    #[test]
    fn what_is_not_affine_or_not_known_is_refused() {
        let s = S {
            vars: HashMap::from([("p".to_string(), p())]),
            macros: HashMap::new(),
        };
        for text in ["abs(p)", "p * p", "length(p)", "unknownThing", "p.x > 1.0"] {
            let v = parse_text(text).and_then(|e| eval(&e, &s, 0));
            assert!(v.is_none(), "{text}: {v:?}");
        }
        // Too deep to read.
        let deep = format!("{}1.0{}", "(".repeat(100), ")".repeat(100));
        assert!(parse_text(&deep).is_none());
    }
}
