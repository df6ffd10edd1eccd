//! Writing the planned shape: each region root's function with the bodies
//! of the nodes spliced into it, statement by statement, in place of their
//! calls. Done with an explicit stack, not recursion: a chain of twenty
//! thousand nodes is one region.

use super::super::model::Piece;
use super::func::Func;
use super::lex::{Edit, Kind, Lines, render};
use super::{Input, Plan, Program};
use crate::library::BlockKind;
use std::collections::{HashMap, HashSet};

/// How a folded run's composed map reads in the shader: GLSL expressions
/// for the matrix, the offset and the scale.
#[derive(Debug, Clone)]
pub struct FoldText {
    pub matrix: String,
    pub offset: String,
    pub scale: String,
}

/// Per node, its function block as emitted, or `None` where it is emitted
/// unchanged (`folds`: one per run of the plan).
pub fn flatten(plan: &Plan, input: &Input, folds: &[FoldText]) -> Vec<Option<Vec<Piece>>> {
    let n = input.res.nodes.len();
    let mut names = Registry::new(plan, input);
    let mut out = Vec::with_capacity(n);
    for x in 0..n {
        let starts_run = plan.in_run[x].is_some_and(|(_, k)| k == 0);
        let pieces = if plan.into[x].is_some() {
            Some(without_function(plan, input, x))
        } else if !plan.spliced[x].is_empty() || starts_run {
            Some(
                Writer {
                    plan,
                    input,
                    folds,
                    names: &mut names,
                    claimed: HashSet::new(),
                    globals: region_globals(plan, x),
                }
                .root(x),
            )
        } else {
            None
        };
        out.push(pieces);
    }
    out
}

/// Every name the code of the region rooted at `x` reads that its own node
/// does not declare: a local may keep its name only if it is none of these
/// (nor a name a macro reads: see [`Writer::local_name`]).
fn region_globals(plan: &Plan, x: usize) -> HashSet<String> {
    let mut globals = HashSet::new();
    let mut stack = vec![x];
    while let Some(y) = stack.pop() {
        if let Some(f) = &plan.funcs[y] {
            for w in &f.words {
                if !f.locals.contains(w) && !f.params.iter().any(|p| &p.name == w) {
                    globals.insert(w.clone());
                }
            }
        }
        stack.extend(plan.spliced[y].iter().map(|(c, _)| *c));
    }
    globals
}

/// Fresh names for renamed locals: never a word the shader already holds.
struct Registry {
    taken: HashSet<String>,
}

impl Registry {
    fn new(plan: &Plan, input: &Input) -> Registry {
        let mut taken: HashSet<String> = HashSet::new();
        let mut add = |text: &str| {
            for w in super::macros::identifiers(text) {
                if !taken.contains(w) {
                    taken.insert(w.to_string());
                }
            }
        };
        for t in input.texts {
            t.decls.iter().for_each(|l| add(l));
            t.macros.iter().for_each(|(l, _)| add(l));
            for (_, lines, _) in &t.blocks {
                lines.iter().for_each(|(_, l)| add(l));
            }
        }
        for scan in input.others {
            for (w, _) in &scan.words {
                if !taken.contains(w) {
                    taken.insert(w.clone());
                }
            }
        }
        for f in plan.funcs.iter().flatten() {
            f.words.iter().for_each(|w| {
                taken.insert(w.clone());
            });
        }
        Registry { taken }
    }
    fn fresh(&mut self, node: &str, local: &str) -> String {
        let local = local.trim_start_matches('_');
        let base = format!("{node}_{local}");
        let mut name = base.clone();
        let mut k = 2;
        while self.taken.contains(&name) {
            name = format!("{base}_{k}");
            k += 1;
        }
        self.taken.insert(name.clone());
        name
    }
}

/// A spliced node's block, without its function (that is spliced).
fn without_function(plan: &Plan, input: &Input, x: usize) -> Vec<Piece> {
    let (Some(f), Some((lines, _))) = (&plan.funcs[x], input.texts[x].block(BlockKind::Function))
    else {
        return Vec::new();
    };
    let mut first = f.name;
    while first > 0 && f.toks[first - 1].kind == Kind::Ident {
        first -= 1;
    }
    let mut out = Vec::new();
    let mut parts = render(lines, (0, 0), f.toks[first].begin(), &[]);
    parts.extend(render(lines, f.toks[f.close].finish(), end_of(lines), &[]));
    for (li, text) in parts {
        if !text.trim().is_empty() {
            out.push(Piece {
                node: x as u32,
                line: Some(lines[li as usize].0),
                text,
            });
        }
    }
    out
}

/// The position after the last character of `lines`.
fn end_of(lines: &Lines) -> (u32, u32) {
    match lines.len() {
        0 => (0, 0),
        k => ((k - 1) as u32, lines[k - 1].1.len() as u32),
    }
}

/// Node `x`'s analysed function and its block's lines.
fn func<'a>(plan: &'a Plan, input: &'a Input<'a>, x: usize) -> (&'a Func, &'a Lines) {
    let f = plan.funcs[x]
        .as_ref()
        .expect("a planned node has a function");
    let lines = input.texts[x]
        .block(BlockKind::Function)
        .expect("a planned node has a function block")
        .0;
    (f, lines)
}

/// One function being written: the node whose code it is, where it has
/// got to, and the names its locals are written under.
struct Frame {
    node: usize,
    names: HashMap<String, String>,
    /// Emitted names that are variables of this frame (its renamed locals
    /// and parameters, and the results of calls spliced so far).
    vars: HashSet<String>,
    stmt: usize,
    pos: (u32, u32),
    /// Result variable of each call spliced into this frame, by its token.
    results: HashMap<usize, String>,
    /// Whether this frame answers a caller (else it is the root).
    spliced: bool,
    /// White space held back to go before this frame's next statement.
    indent: Option<(u32, String)>,
    fold: Option<Fold>,
}

/// A folded run being written, in place of its nodes' code.
struct Fold {
    run: usize,
    /// The coordinate after the composed map.
    coord: String,
    /// The context variable passed on.
    ctx: String,
    state: FoldState,
}

enum FoldState {
    Start,
    /// Waiting for the input after the run.
    Waiting,
    /// The input after the run returned this.
    Answered(String),
}

/// What one step of a frame asks for.
enum Next {
    Enter(Box<Frame>),
    Continue,
    /// The frame is done; a spliced frame's result variable.
    Done(String),
}

struct Writer<'a> {
    plan: &'a Plan,
    input: &'a Input<'a>,
    folds: &'a [FoldText],
    names: &'a mut Registry,
    /// Names the region's function already declares.
    claimed: HashSet<String>,
    /// Names the region's code reads from outside its nodes.
    globals: HashSet<String>,
}

impl Writer<'_> {
    /// The name a local (or parameter) of `node` is written under in the
    /// region's function: its own, while no other node of the region
    /// declares it, no code of the region reads a global of that name and
    /// no macro reads one (a macro used later in the region would read the
    /// local in place of the global); else `<node>_<name>`.
    fn local_name(&mut self, node: &str, local: &str) -> String {
        let name = if self.claimed.contains(local)
            || self.globals.contains(local)
            || self.plan.macro_reads.contains(local)
        {
            self.names.fresh(node, local)
        } else {
            local.to_string()
        };
        self.claimed.insert(name.clone());
        name
    }

    fn piece(&self, x: usize, line: Option<u32>, text: String) -> Piece {
        Piece {
            node: x as u32,
            line,
            text,
        }
    }

    /// A new frame for node `x`, its parameters given by `args` (the
    /// caller's expressions, and whether each is a variable of the
    /// caller); copies of the arguments go to `out`, at `at` (the caller
    /// and the line of its call).
    fn enter(
        &mut self,
        x: usize,
        args: &[(String, bool)],
        at: (usize, u32),
        out: &mut Vec<Piece>,
    ) -> Frame {
        let name = self.input.res.nodes[x].name.clone();
        let fold = self.plan.in_run[x].map(|(run, _)| Fold {
            run,
            coord: self.names.fresh(&name, "folded"),
            ctx: String::new(),
            state: FoldState::Start,
        });
        let (f, _) = func(self.plan, self.input, x);
        let locals: Vec<String> = if fold.is_some() {
            Vec::new()
        } else {
            f.locals.iter().cloned().collect()
        };
        let params: Vec<(String, String, bool)> = f
            .params
            .iter()
            .map(|p| (p.name.clone(), p.ty.clone(), p.read_only))
            .collect();
        let pos = f.toks[f.open].finish();
        let mut frame = Frame {
            node: x,
            names: HashMap::new(),
            vars: HashSet::new(),
            stmt: 0,
            pos,
            results: HashMap::new(),
            spliced: true,
            indent: None,
            fold,
        };
        for local in locals {
            let fresh = self.local_name(&name, &local);
            frame.vars.insert(fresh.clone());
            frame.names.insert(local, fresh);
        }
        for ((pname, ty, read_only), (arg, is_var)) in params.into_iter().zip(args) {
            let emitted = if read_only && *is_var {
                arg.clone()
            } else {
                let fresh = self.local_name(&name, &pname);
                out.push(self.piece(at.0, Some(at.1), format!("  {ty} {fresh} = {arg};")));
                fresh
            };
            frame.vars.insert(emitted.clone());
            frame.names.insert(pname, emitted);
        }
        frame.set_fold_ctx(f);
        frame
    }

    /// Node `x`'s whole function block, with everything spliced into it.
    fn root(&mut self, x: usize) -> Vec<Piece> {
        let mut out = Vec::new();
        let mut frame = self.enter(x, &[], (x, 0), &mut out);
        frame.spliced = false;
        let (f, lines) = func(self.plan, self.input, x);
        // The signature, its parameters renamed where they must be.
        let mut edits = Vec::new();
        for p in &f.params {
            let fresh = self.local_name(&self.input.res.nodes[x].name, &p.name);
            frame.vars.insert(fresh.clone());
            frame.names.insert(p.name.clone(), fresh.clone());
            if fresh != p.name {
                edits.push(Edit {
                    from: f.toks[p.tok].begin(),
                    to: f.toks[p.tok].finish(),
                    with: fresh,
                });
            }
        }
        frame.set_fold_ctx(f);
        let head = render(lines, (0, 0), f.toks[f.open].finish(), &edits);
        self.push(&mut out, x, lines, head, &mut None);
        // What follows the body: from its last statement's end (trailing
        // comments), or from the closing bracket when the body is folded.
        let tail_from = match f.stmts.last() {
            Some(&(_, b)) if frame.fold.is_none() => f.toks[b - 1].finish(),
            _ => f.toks[f.close].begin(),
        };
        self.run(frame, &mut out);
        let (_, lines) = func(self.plan, self.input, x);
        let tail = render(lines, tail_from, end_of(lines), &[]);
        self.push(&mut out, x, lines, tail, &mut None);
        out
    }

    /// Writes `root` and every frame it enters, without recursion.
    fn run(&mut self, root: Frame, out: &mut Vec<Piece>) {
        let mut stack = vec![root];
        while let Some(top) = stack.last_mut() {
            let next = if top.fold.is_some() {
                self.fold_step(top, out)
            } else {
                self.step(top, out)
            };
            match next {
                Next::Enter(frame) => stack.push(*frame),
                Next::Continue => {}
                Next::Done(result) => {
                    stack.pop();
                    let Some(caller) = stack.last_mut() else {
                        break;
                    };
                    caller.vars.insert(result.clone());
                    match &mut caller.fold {
                        Some(fold) => fold.state = FoldState::Answered(result),
                        None => {
                            // The caller's pending call is the first unanswered one.
                            let tok = self.plan.spliced[caller.node]
                                .iter()
                                .find(|(_, c)| {
                                    c.stmt == caller.stmt && !caller.results.contains_key(&c.tok)
                                })
                                .map(|(_, c)| c.tok);
                            if let Some(tok) = tok {
                                caller.results.insert(tok, result);
                            }
                        }
                    }
                }
            }
        }
    }

    /// Advances a plain frame by one statement, or enters a call to splice
    /// first.
    fn step(&mut self, frame: &mut Frame, out: &mut Vec<Piece>) -> Next {
        let x = frame.node;
        let (f, lines) = func(self.plan, self.input, x);
        let k = frame.stmt;
        let Some(&(a, b)) = f.stmts.get(k) else {
            return Next::Done(String::new());
        };
        // The gap before the statement (comments), once.
        if frame.pos < f.toks[a].begin() {
            let gap = render(lines, frame.pos, f.toks[a].begin(), &[]);
            frame.pos = f.toks[a].begin();
            self.push(out, x, lines, gap, &mut frame.indent);
        }
        // Calls spliced into this statement come first, innermost first.
        let pending = self.plan.spliced[x]
            .iter()
            .find(|(_, c)| c.stmt == k && !frame.results.contains_key(&c.tok));
        if let Some((y, call)) = pending {
            let args: Vec<(String, bool)> = call
                .args
                .iter()
                .map(|&(s, e)| {
                    let text = self.text(frame, s, e);
                    let is_var = frame.vars.contains(&text);
                    (text, is_var)
                })
                .collect();
            let at = (x, lines[f.toks[call.tok].line as usize].0);
            let (y, call_line) = (*y, at);
            return Next::Enter(Box::new(self.enter(y, &args, call_line, out)));
        }
        frame.pos = f.toks[b - 1].finish();
        frame.stmt += 1;
        if k + 1 == f.stmts.len() && frame.spliced {
            // `return e;` becomes the result: `e` itself if it is a variable.
            let text = self.text(frame, a + 1, b - 1);
            if frame.vars.contains(&text) {
                return Next::Done(text);
            }
            let (f, lines) = func(self.plan, self.input, x);
            let fresh = self.names.fresh(&self.input.res.nodes[x].name, "ret");
            let line = lines[f.toks[a].line as usize].0;
            out.push(self.piece(x, Some(line), format!("  {} {fresh} = {text};", f.ret)));
            return Next::Done(fresh);
        }
        let edits = self.edits(frame, a, b);
        let (f, lines) = func(self.plan, self.input, x);
        let pieces = render(lines, f.toks[a].begin(), f.toks[b - 1].finish(), &edits);
        self.push(out, x, lines, pieces, &mut frame.indent);
        Next::Continue
    }

    /// Writes a folded run in place of its nodes: the composed map, the
    /// input after the run, the composed scale of its result.
    fn fold_step(&mut self, frame: &mut Frame, out: &mut Vec<Piece>) -> Next {
        let x = frame.node;
        let fold = frame.fold.as_mut().expect("a fold frame");
        let run = &self.plan.runs[fold.run];
        let rn = &self.input.res.nodes[x];
        let last = *run.nodes.last().expect("runs are not empty");
        let (y, call) = self.plan.input_call[last]
            .as_ref()
            .expect("runs end in a call");
        let text = &self.folds[fold.run];
        match std::mem::replace(&mut fold.state, FoldState::Waiting) {
            FoldState::Start => {
                let (f, _) = func(self.plan, self.input, x);
                let p = frame
                    .names
                    .get(&f.params[0].name)
                    .cloned()
                    .unwrap_or_default();
                out.push(self.piece(
                    x,
                    None,
                    format!(
                        "  {} {} = {} * {p} + {}; // {} nodes folded: {} to {}",
                        rn.coord,
                        fold.coord,
                        text.matrix,
                        text.offset,
                        run.nodes.len(),
                        rn.path,
                        self.input.res.nodes[last].path
                    ),
                ));
                let spliced = self.plan.into[*y].as_ref().is_some_and(|(c, _)| *c == last);
                if spliced {
                    let args = [(fold.coord.clone(), true), (fold.ctx.clone(), true)];
                    let (lf, ll) = func(self.plan, self.input, last);
                    let at = (last, ll[lf.toks[call.tok].line as usize].0);
                    let y = *y;
                    return Next::Enter(Box::new(self.enter(y, &args, at, out)));
                }
                fold.state = FoldState::Answered(format!(
                    "{}({}, {})",
                    self.input.res.nodes[*y].name, fold.coord, fold.ctx
                ));
                Next::Continue
            }
            FoldState::Waiting => Next::Continue,
            FoldState::Answered(got) => {
                let scaled = run.programs.iter().any(Program::scales);
                let result = if scaled || !frame.vars.contains(&got) {
                    let name = self.names.fresh(&rn.name, "folded_result");
                    out.push(self.piece(x, None, format!("  {} {name} = {got};", rn.ret)));
                    if scaled {
                        out.push(self.piece(
                            x,
                            None,
                            format!("  {name}{} *= {};", run.path, text.scale),
                        ));
                    }
                    name
                } else {
                    got
                };
                if !frame.spliced {
                    out.push(self.piece(x, None, format!("  return {result};")));
                }
                Next::Done(result)
            }
        }
    }

    /// The text of tokens `a..b` of the frame's function, renamed, with
    /// spliced calls replaced by their results, on one line.
    fn text(&self, frame: &Frame, a: usize, b: usize) -> String {
        if a >= b {
            return String::new();
        }
        let (f, lines) = func(self.plan, self.input, frame.node);
        let edits = self.edits(frame, a, b);
        let pieces = render(lines, f.toks[a].begin(), f.toks[b - 1].finish(), &edits);
        let parts: Vec<&str> = pieces
            .iter()
            .map(|(_, t)| t.trim())
            .filter(|t| !t.is_empty())
            .collect();
        parts.join(" ")
    }

    /// Renames and call replacements for tokens `a..b`.
    fn edits(&self, frame: &Frame, a: usize, b: usize) -> Vec<Edit> {
        let (f, lines) = func(self.plan, self.input, frame.node);
        // Spliced calls already answered, the outermost of nested ones.
        let mut spans: Vec<(usize, usize, &String)> = self.plan.spliced[frame.node]
            .iter()
            .filter(|(_, c)| c.tok >= a && c.close < b)
            .filter_map(|(_, c)| Some((c.tok, c.close, frame.results.get(&c.tok)?)))
            .collect();
        spans.sort();
        let mut outer: Vec<(usize, usize, &String)> = Vec::new();
        for s in spans {
            if outer.last().is_none_or(|o| s.0 > o.1) {
                outer.push(s);
            }
        }
        let mut edits = Vec::new();
        let mut spans = outer.into_iter().peekable();
        let mut k = a;
        while k < b {
            if let Some(&(s, e, with)) = spans.peek()
                && s == k
            {
                edits.push(Edit {
                    from: f.toks[s].begin(),
                    to: f.toks[e].finish(),
                    with: with.clone(),
                });
                spans.next();
                k = e + 1;
                continue;
            }
            let t = &f.toks[k];
            if t.kind == Kind::Ident
                && !(k > 0 && f.text(lines, k - 1) == ".")
                && let Some(new) = frame.names.get(t.text(lines))
            {
                edits.push(Edit {
                    from: t.begin(),
                    to: t.finish(),
                    with: new.clone(),
                });
            }
            k += 1;
        }
        edits
    }

    /// Adds rendered lines of node `x`: blank ones dropped; white space
    /// at the end held back in `indent`, for the next statement's line.
    fn push(
        &self,
        out: &mut Vec<Piece>,
        x: usize,
        lines: &Lines,
        rendered: Vec<(u32, String)>,
        indent: &mut Option<(u32, String)>,
    ) {
        let count = rendered.len();
        for (i, (li, mut text)) in rendered.into_iter().enumerate() {
            if i == 0
                && let Some((l, space)) = indent.take()
                && l == li
            {
                text.insert_str(0, &space);
            }
            if text.trim().is_empty() {
                if i + 1 == count {
                    *indent = Some((li, text));
                }
                continue;
            }
            out.push(self.piece(x, Some(lines[li as usize].0), text));
        }
    }
}

impl Frame {
    /// A fold passes on the context its first node received.
    fn set_fold_ctx(&mut self, f: &Func) {
        if let (Some(fold), Some(p)) = (&mut self.fold, f.params.get(1)) {
            fold.ctx = self.names.get(&p.name).cloned().unwrap_or_default();
        }
    }
}
