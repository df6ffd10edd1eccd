//! What the shape pass needs to know about one node's function (`thismap`,
//! already named after the node): its signature, its top-level statements,
//! the names it declares, which parameters it only reads, and whether its
//! body can be spliced into a caller (a single `return`, as the last
//! statement). Read from the code itself: a ROP is data, and whatever its
//! code allows is done for it.

use super::lex::{Kind, Lines, Tok, matching, tokens};
use std::collections::{BTreeSet, HashSet};

/// One parameter of the function.
#[derive(Debug, Clone)]
pub struct Param {
    /// The type as written (`vec3`, `scene_sphere1_CoordT`).
    pub ty: String,
    pub name: String,
    /// Token of the name in the signature.
    pub tok: usize,
    /// Never written, nor passed where it could be: a caller's variable
    /// may stand in for it instead of a copy.
    pub read_only: bool,
}

/// A node's function, analysed.
#[derive(Debug)]
pub struct Func {
    pub toks: Vec<Tok>,
    /// Token of the function's name in its definition.
    pub name: usize,
    /// Tokens of the body's `{` and `}`.
    pub open: usize,
    pub close: usize,
    /// The return type as written.
    pub ret: String,
    pub params: Vec<Param>,
    /// Top-level statements of the body, as token ranges.
    pub stmts: Vec<(usize, usize)>,
    /// Every name declared in the body.
    pub locals: BTreeSet<String>,
    /// Names declared by a top-level statement (alive until the end).
    pub top_locals: HashSet<String>,
    /// Every identifier of the body (not after a `.`).
    pub words: HashSet<String>,
    /// Whether the body declares an array (kept in a function of its
    /// own: arrays spliced together would all be alive at once).
    pub arrays: bool,
    /// Why the body cannot be spliced into a caller, if it cannot.
    pub splice: Result<(), &'static str>,
}

/// GLSL keywords that start a statement or an expression rather than a
/// declaration's type.
const STATEMENT_WORDS: &[&str] = &[
    "return", "else", "case", "default", "if", "for", "while", "do", "switch", "break", "continue",
    "discard", "true", "false", "goto",
];

/// Qualifiers that may come before a declaration's type.
const QUALIFIERS: &[&str] = &[
    "const",
    "highp",
    "mediump",
    "lowp",
    "precise",
    "invariant",
    "in",
];

impl Func {
    pub fn text<'a>(&self, lines: &'a Lines, k: usize) -> &'a str {
        self.toks[k].text(lines)
    }

    /// The function `name` defined in `lines` (a node's function block),
    /// analysed; `None` when it is not there exactly once or its body is
    /// not plain code (preprocessor lines or a `struct` inside it).
    pub fn find(lines: &Lines, name: &str) -> Option<Func> {
        let toks = tokens(lines);
        let t = |k: usize| toks[k].text(lines);
        let is = |k: usize, s: &str| toks.get(k).is_some_and(|x| x.text(lines) == s);
        let mut found = None;
        let mut depth = 0usize;
        let mut k = 0;
        while k < toks.len() {
            match (toks[k].kind, t(k)) {
                (Kind::Punct, "{") => depth += 1,
                (Kind::Punct, "}") => depth = depth.saturating_sub(1),
                (Kind::Ident, w) if depth == 0 && w == name && is(k + 1, "(") => {
                    let close_paren = matching(&toks, lines, k + 1)?;
                    if is(close_paren + 1, "{") {
                        if found.is_some() {
                            return None;
                        }
                        found = Some((k, close_paren));
                    }
                    k = close_paren;
                }
                _ => {}
            }
            k += 1;
        }
        let (name_tok, close_paren) = found?;
        let open = close_paren + 1;
        let close = matching(&toks, lines, open)?;
        // The return type: the words since the last declaration ended.
        let mut first = name_tok;
        while first > 0 && toks[first - 1].kind == Kind::Ident && !matches!(t(first - 1), "return")
        {
            first -= 1;
        }
        if first == name_tok {
            return None;
        }
        let ret = (first..name_tok).map(t).collect::<Vec<_>>().join(" ");
        let params = params(&toks, lines, name_tok + 2, close_paren)?;
        if toks[open + 1..close]
            .iter()
            .any(|x| x.kind == Kind::Directive || x.text(lines) == "struct")
        {
            return None;
        }
        let stmts = statements(&toks, lines, open + 1, close)?;
        let mut func = Func {
            toks,
            name: name_tok,
            open,
            close,
            ret,
            params,
            stmts,
            locals: BTreeSet::new(),
            top_locals: HashSet::new(),
            words: HashSet::new(),
            arrays: false,
            splice: Ok(()),
        };
        func.declarations(lines);
        for k in open + 1..close {
            if func.toks[k].kind == Kind::Ident && !(k > 0 && func.text(lines, k - 1) == ".") {
                func.words.insert(func.text(lines, k).to_string());
            }
        }
        // A declared name that is also called would be renamed with the calls.
        for k in open + 1..close {
            if func.toks[k].kind == Kind::Ident
                && func.locals.contains(func.text(lines, k))
                && is_at(&func.toks, lines, k + 1, "(")
            {
                return None;
            }
        }
        func.mark_read_only(lines, &|_| false);
        func.splice = func.splice_check(lines);
        Some(func)
    }

    /// Finds the names every declaration in the body declares (at any depth).
    fn declarations(&mut self, lines: &Lines) {
        let toks = &self.toks;
        let t = |k: usize| toks[k].text(lines);
        let top: HashSet<usize> = self.stmts.iter().map(|s| s.0).collect();
        let mut starts = vec![self.open + 1];
        // Brackets that open an `if`/`for`/`while`/`switch` header: their
        // `)` starts a statement (and `for (` starts one inside too).
        let mut headers: Vec<bool> = Vec::new();
        for k in self.open + 1..self.close {
            match t(k) {
                ";" | "{" | "}" | "else" | "do" => starts.push(k + 1),
                ":" if k > 0 && (t(k - 1) == "default" || self.case_label(lines, k)) => {
                    starts.push(k + 1)
                }
                "(" => {
                    let head = k > 0 && matches!(t(k - 1), "if" | "for" | "while" | "switch");
                    headers.push(head);
                    if k > 0 && t(k - 1) == "for" {
                        starts.push(k + 1);
                    }
                }
                ")" if headers.pop() == Some(true) => starts.push(k + 1),
                _ => {}
            }
        }
        let mut names = Vec::new();
        for s in starts {
            if s >= self.close {
                continue;
            }
            let (declared, array) = declared_at(toks, lines, s, self.close);
            self.arrays |= array;
            for name in declared {
                names.push((name, top.contains(&s)));
            }
        }
        for (name, at_top) in names {
            if at_top {
                self.top_locals.insert(name.clone());
            }
            self.locals.insert(name);
        }
    }

    /// Whether the `:` at `k` ends a `case` label (not a `?:`).
    fn case_label(&self, lines: &Lines, k: usize) -> bool {
        let mut j = k;
        while j > self.open + 1 {
            j -= 1;
            match self.text(lines, j) {
                "case" => return true,
                ";" | "{" | "}" | "?" => return false,
                _ => {}
            }
        }
        false
    }

    /// Marks the parameters that the body only reads. `by_value(f)` says
    /// that function `f` takes every argument by value (the nodes'
    /// functions do); built-in functions are known.
    pub fn mark_read_only(&mut self, lines: &Lines, by_value: &dyn Fn(&str) -> bool) {
        let toks = &self.toks;
        let t = |k: usize| toks[k].text(lines);
        for param in &mut self.params {
            if self.locals.contains(&param.name) {
                param.read_only = false;
                continue;
            }
            let mut ok = true;
            for k in self.open + 1..self.close {
                if toks[k].kind != Kind::Ident || t(k) != param.name || t(k - 1) == "." {
                    continue;
                }
                if matches!(t(k - 1), "++" | "--") {
                    ok = false;
                    break;
                }
                // Past member and index accesses, an assignment writes it.
                let mut j = k + 1;
                loop {
                    if is_at(toks, lines, j, ".") && j + 1 < self.close {
                        j += 2;
                    } else if is_at(toks, lines, j, "[") {
                        match matching(toks, lines, j) {
                            Some(e) => j = e + 1,
                            None => break,
                        }
                    } else {
                        break;
                    }
                }
                let after = if j < self.close { t(j) } else { ";" };
                if is_assignment(after) || matches!(after, "++" | "--") {
                    ok = false;
                    break;
                }
                // A whole argument of a call may be an `out` or `inout`
                // one: only the built-in functions are known not to write.
                let before = t(k - 1);
                if matches!(before, "(" | ",")
                    && matches!(after, ")" | ",")
                    && let Some(callee) = enclosing_call(toks, lines, k, self.open)
                    && !crate::glsl::words::pure_builtin(t(callee))
                    && !by_value(t(callee))
                {
                    ok = false;
                    break;
                }
            }
            param.read_only = ok;
        }
    }

    /// Whether the body can be spliced into a caller: parameters it can
    /// take as variables, and one `return`, the last statement.
    fn splice_check(&self, lines: &Lines) -> Result<(), &'static str> {
        let Some(&(last, _)) = self.stmts.last() else {
            return Err("empty body");
        };
        if self.text(lines, last) != "return" {
            return Err("does not end with a return");
        }
        let returns = (self.open + 1..self.close)
            .filter(|&k| self.text(lines, k) == "return")
            .count();
        if returns != 1 {
            return Err("returns early");
        }
        if self.params.iter().any(|p| p.ty.is_empty()) {
            return Err("parameters that are not plain values");
        }
        if self.arrays {
            return Err("declares arrays");
        }
        Ok(())
    }

    /// The top-level statement holding token `k`, by its index.
    pub fn statement_of(&self, k: usize) -> Option<usize> {
        self.stmts.iter().position(|&(a, b)| a <= k && k < b)
    }

    /// The final `return`'s expression, as a token range.
    pub fn return_expr(&self) -> Option<(usize, usize)> {
        let &(a, b) = self.stmts.last()?;
        Some((a + 1, b - 1))
    }
}

/// Whether token `k` exists and reads `s`.
fn is_at(toks: &[Tok], lines: &Lines, k: usize, s: &str) -> bool {
    toks.get(k).is_some_and(|x| x.text(lines) == s)
}

pub fn is_assignment(op: &str) -> bool {
    matches!(
        op,
        "=" | "+=" | "-=" | "*=" | "/=" | "%=" | "<<=" | ">>=" | "&=" | "|=" | "^="
    )
}

/// The function (or constructor) whose argument list holds token `k`;
/// `None` where `k` is in brackets that are not a call.
fn enclosing_call(toks: &[Tok], lines: &Lines, k: usize, floor: usize) -> Option<usize> {
    let mut depth = 0usize;
    let mut j = k;
    while j > floor {
        j -= 1;
        match toks[j].text(lines) {
            ")" | "]" => depth += 1,
            "(" | "[" if depth > 0 => depth -= 1,
            "(" => {
                let call = j > 0
                    && toks[j - 1].kind == Kind::Ident
                    && !STATEMENT_WORDS.contains(&toks[j - 1].text(lines));
                return call.then(|| j - 1);
            }
            "[" | "{" | ";" => return None,
            _ => {}
        }
    }
    None
}

/// The parameters between `from` and `to` (the signature's brackets);
/// `None` for an array parameter. A parameter passed out (`out`,
/// `inout`) gets an empty type: such a function can be a region's root
/// but is never spliced.
fn params(toks: &[Tok], lines: &Lines, from: usize, to: usize) -> Option<Vec<Param>> {
    let mut out = Vec::new();
    if to == from || (to == from + 1 && toks[from].text(lines) == "void") {
        return Some(out);
    }
    let mut start = from;
    for k in from..=to {
        if k < to && toks[k].text(lines) != "," {
            continue;
        }
        let part = &toks[start..k];
        start = k + 1;
        let words: Vec<&str> = part.iter().map(|x| x.text(lines)).collect();
        if words.len() < 2 || part.iter().any(|x| x.kind != Kind::Ident) || words.contains(&"[") {
            return None;
        }
        let name = words[words.len() - 1];
        let ty = words[words.len() - 2];
        let qualifiers = &words[..words.len() - 2];
        let passed_out = qualifiers.iter().any(|q| matches!(*q, "out" | "inout"));
        if qualifiers
            .iter()
            .any(|q| !QUALIFIERS.contains(q) && !matches!(*q, "out" | "inout"))
        {
            return None;
        }
        out.push(Param {
            ty: if passed_out {
                String::new()
            } else {
                ty.to_string()
            },
            name: name.to_string(),
            tok: k - 1,
            read_only: false,
        });
    }
    Some(out)
}

/// The body's top-level statements between `from` and `to`, found without
/// recursion (an `else if` chain of any length is one statement).
fn statements(toks: &[Tok], lines: &Lines, from: usize, to: usize) -> Option<Vec<(usize, usize)>> {
    let t = |k: usize| toks[k].text(lines);
    let mut out = Vec::new();
    let mut k = from;
    while k < to {
        let start = k;
        // Statements still waiting for their sub-statement: `if`s (which
        // may take an `else`), loops, and `do`s (which end with a `while`).
        #[derive(PartialEq)]
        enum Open {
            If,
            Loop,
            Do,
        }
        let mut open: Vec<Open> = Vec::new();
        loop {
            if k >= to {
                return None;
            }
            match t(k) {
                "if" | "for" | "while" | "switch" if is_at(toks, lines, k + 1, "(") => {
                    let close = matching(toks, lines, k + 1)?;
                    let word = t(k);
                    k = close + 1;
                    if word == "switch" {
                        // Its body is a block.
                        if !is_at(toks, lines, k, "{") {
                            return None;
                        }
                        k = matching(toks, lines, k)? + 1;
                    } else {
                        open.push(if word == "if" { Open::If } else { Open::Loop });
                        continue;
                    }
                }
                "do" => {
                    open.push(Open::Do);
                    k += 1;
                    continue;
                }
                "{" => k = matching(toks, lines, k)? + 1,
                _ => {
                    // A simple statement: up to its `;` outside brackets.
                    let mut depth = 0usize;
                    loop {
                        if k >= to {
                            return None;
                        }
                        match t(k) {
                            "(" | "[" | "{" => depth += 1,
                            ")" | "]" | "}" => depth = depth.checked_sub(1)?,
                            ";" if depth == 0 => break,
                            _ => {}
                        }
                        k += 1;
                    }
                    k += 1;
                }
            }
            // A statement ended at `k`: close what waited for it.
            let mut again = false;
            while let Some(o) = open.pop() {
                match o {
                    Open::If if k < to && t(k) == "else" => {
                        k += 1;
                        again = true;
                        break;
                    }
                    Open::If | Open::Loop => {}
                    Open::Do => {
                        if !(k < to && t(k) == "while") {
                            return None;
                        }
                        let close = matching(toks, lines, k + 1)?;
                        if !is_at(toks, lines, close + 1, ";") {
                            return None;
                        }
                        k = close + 2;
                    }
                }
            }
            if !again {
                break;
            }
        }
        out.push((start, k));
    }
    Some(out)
}

/// The names a declaration starting at token `s` declares (none if the
/// statement there is not a declaration), and whether one is an array.
fn declared_at(toks: &[Tok], lines: &Lines, s: usize, end: usize) -> (Vec<String>, bool) {
    let t = |k: usize| toks[k].text(lines);
    let mut k = s;
    while k < end && QUALIFIERS.contains(&t(k)) {
        k += 1;
    }
    if k + 1 >= end || toks[k].kind != Kind::Ident || STATEMENT_WORDS.contains(&t(k)) {
        return (Vec::new(), false);
    }
    k += 1;
    let mut array = false;
    if t(k) == "[" {
        array = true;
        match matching(toks, lines, k) {
            Some(e) => k = e + 1,
            None => return (Vec::new(), false),
        }
    }
    let mut names = Vec::new();
    loop {
        if k >= end || toks[k].kind != Kind::Ident {
            let declared = !names.is_empty();
            return (names, array && declared);
        }
        names.push(t(k).to_string());
        k += 1;
        array |= k < end && t(k) == "[";
        // Past an array size and an initialiser to the next declarator.
        let mut depth = 0usize;
        while k < end {
            match t(k) {
                "(" | "[" | "{" => depth += 1,
                ")" | "]" | "}" if depth == 0 => return (names, array),
                ")" | "]" | "}" => depth -= 1,
                ";" if depth == 0 => return (names, array),
                "," if depth == 0 => break,
                _ => {}
            }
            k += 1;
        }
        k += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &str) -> Vec<(u32, String)> {
        text.lines()
            .enumerate()
            .map(|(i, l)| (i as u32 + 1, l.to_string()))
            .collect()
    }

    #[test]
    fn a_transform_is_read_as_straight_code_ending_in_its_return() {
        let l = lines(
            "vec2 n_rot(vec2 v) { return v; }\nSdf n(vec3 p, Context ctx) {\n  float s = max(n_Scale, 1e-4);\n  // undo\n  vec3 q = (p - n_T) * n_M;\n  Sdf res = m(q / s, ctx);\n  res.x *= s;\n  return res;\n}\n",
        );
        let mut f = Func::find(&l, "n").expect("found");
        assert_eq!(f.ret, "Sdf");
        assert_eq!(f.stmts.len(), 5);
        let names: Vec<&str> = f.params.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["p", "ctx"]);
        // Passed to an unknown function, the context may be written there;
        // to a function known to take its arguments by value, it is read.
        assert!(!f.params[1].read_only);
        f.mark_read_only(&l, &|name| name == "m");
        assert!(f.params.iter().all(|p| p.read_only));
        assert_eq!(
            f.locals.iter().map(String::as_str).collect::<Vec<_>>(),
            ["q", "res", "s"]
        );
        assert_eq!(f.splice, Ok(()));
    }

    #[test]
    fn writes_early_returns_and_nested_declarations_are_seen() {
        let l = lines(
            "float n(vec3 p, Context ctx) {\n  ctx.iteration.x = 1.0;\n  if (p.x > 0.0) { return 1.0; } else if (p.y > 0.0) p.y = 2.0; else { float k = 3.0, j; }\n  for (int i = 0; i < 3; i++) { vec2 w[2]; }\n  do { p *= 2.0; } while (p.x < 1.0);\n  return m(p, ctx);\n}\n",
        );
        let f = Func::find(&l, "n").expect("found");
        assert_eq!(f.stmts.len(), 5);
        assert!(f.params.iter().all(|p| !p.read_only));
        assert_eq!(
            f.locals.iter().map(String::as_str).collect::<Vec<_>>(),
            ["i", "j", "k", "w"]
        );
        assert!(f.top_locals.is_empty());
        assert_eq!(f.splice, Err("returns early"));
    }

    #[test]
    fn a_parameter_passed_to_an_unknown_function_may_be_written() {
        let l = lines("float n(vec3 p) {\n  helper(p);\n  return length(p);\n}\n");
        let f = Func::find(&l, "n").unwrap();
        assert!(!f.params[0].read_only);
        let l = lines("float n(vec3 p) {\n  return length(p) + max(p.x, 1.0);\n}\n");
        assert!(Func::find(&l, "n").unwrap().params[0].read_only);
    }

    #[test]
    fn code_that_is_not_plain_is_left_alone() {
        let l = lines("float n(vec3 p) {\n#ifdef X\n  return 1.0;\n#endif\n  return 0.0;\n}\n");
        assert!(Func::find(&l, "n").is_none());
        let l = lines("float n(vec3 p) { float length = 1.0; return length(p); }\n");
        assert!(Func::find(&l, "n").is_none());
        let l = lines("float n(vec3 p) { return 1.0; }\nfloat n(vec2 p) { return 1.0; }\n");
        assert!(Func::find(&l, "n").is_none());
    }
}
