//! The shape pass, between resolving a network and emitting its text: it
//! decides which node functions the shader keeps and which are spliced,
//! statement by statement, into the one function that calls them.
//!
//! Drivers inline every call, and a chain of N nested functions costs them
//! work that grows with the square of N (each function is inlined into its
//! caller only after its own callees were). Spliced, a chain is straight
//! code in one function. A node is spliced into its caller when the code of
//! both allows it, read from the code itself:
//! - its function ends with its only `return`, and takes plain values;
//! - it is named exactly once in the whole shader, in a top-level
//!   statement of its caller's function (never inside a loop or a branch,
//!   so splicing never nests code deeper), with no `?:`, `&&` or `||`
//!   that could skip the call;
//! - no macro its code uses reads its local variables by name, and no
//!   later node redefines a macro it uses.
//!
//! A function stays where a result is used more than once, where the call
//! is conditional or repeated, and for the output's inputs. Spliced
//! locals are renamed `<node>_<name>`, so names never clash; every line
//! keeps its place in its ROP file, so errors still point there.
//! Affine nodes (transforms), alone or in a run, fold into one map (see
//! [`affine`]).

mod affine;
mod budget;
mod expr;
mod flatten;
mod func;
use crate::glsl::lex;
mod macros;
pub use crate::glsl::defines::TextScan;

pub use affine::{Program, Step};
pub(super) use flatten::{FoldText, flatten};

use super::GenerateError;
use super::model::NodeText;
use crate::library::{BlockKind, RopDef};
use crate::resolve::Resolution;
use affine::CallSite;
use func::Func;
use lex::Kind;
use std::collections::{HashMap, HashSet};

/// What the shape pass reads.
pub(super) struct Input<'a> {
    pub res: &'a Resolution,
    pub defs: &'a [&'a RopDef],
    pub net: &'a crate::network::Network,
    pub texts: &'a [NodeText],
    /// The rest of the shader's text: the header and global macro rows,
    /// the resources and the library files.
    pub others: &'a [&'a TextScan],
    /// The output templates, substituted for the output node (its code too).
    pub output_text: &'a [&'a str],
    /// Whether nodes' code may join their callers'.
    pub splice: bool,
    /// Whether runs of affine nodes fold.
    pub fold: bool,
}

/// A run of consecutive affine nodes, folded into one map.
#[derive(Debug, Clone)]
pub struct Run {
    /// Outermost first.
    pub nodes: Vec<usize>,
    pub programs: Vec<Program>,
    /// Components of the coordinate (2 or 3).
    pub dims: usize,
    /// The part of the result the scale applies to (`.x`, or `` for all).
    pub path: String,
    /// Whether the shader reads none of the run's parameters any more (they
    /// then need no uniform slots of their own).
    pub params_unread: bool,
}

impl Run {
    /// The composed map for the nodes' parameter values.
    pub fn compose(&self, values: &[Vec<crate::value::ParamValue>]) -> Option<Step> {
        let mut step = Step::identity(self.dims);
        for (p, v) in self.programs.iter().zip(values) {
            step = step.then(&p.eval(v)?);
        }
        Some(step)
    }
}

/// The shape of the emitted code.
pub(super) struct Plan {
    funcs: Vec<Option<Func>>,
    /// For each spliced node: its caller and the call there.
    into: Vec<Option<(usize, CallSite)>>,
    /// For each node: the calls spliced into its body.
    spliced: Vec<Vec<(usize, CallSite)>>,
    /// For each node: the one call of a node in its body, if it has one.
    input_call: Vec<Option<(usize, CallSite)>>,
    pub runs: Vec<Run>,
    /// For each node: its run and its place there.
    in_run: Vec<Option<(usize, usize)>>,
    /// Deepest chain of function calls from the output's function down.
    pub depth: usize,
    /// Every identifier that a macro body reads (see [`flatten`]).
    macro_reads: HashSet<String>,
}

impl Plan {
    /// Whether node `ni` is spliced into another.
    pub fn is_spliced(&self, ni: usize) -> bool {
        self.into[ni].is_some()
    }
    /// Whether node `ni` is part of a folded run.
    pub fn is_folded(&self, ni: usize) -> bool {
        self.in_run[ni].is_some()
    }
}

/// Decides the shape (see the module's documentation).
pub(super) fn plan(input: &Input) -> Result<Plan, GenerateError> {
    let res = input.res;
    let n = res.nodes.len();
    let out = n - 1;
    let index: HashMap<&str, usize> = res
        .nodes
        .iter()
        .enumerate()
        .map(|(i, r)| (r.name.as_str(), i))
        .collect();
    let block = |ni: usize| input.texts[ni].block(BlockKind::Function);
    let mut funcs: Vec<Option<Func>> = (0..n)
        .map(|ni| {
            if ni == out {
                return None;
            }
            Func::find(block(ni)?.0, &res.nodes[ni].name)
        })
        .collect();
    for (ni, f) in funcs.iter_mut().enumerate() {
        if let (Some(f), Some((lines, _))) = (f.as_mut(), block(ni)) {
            f.mark_read_only(lines, &|name| index.contains_key(name));
        }
    }
    let names = Names::find(input, &funcs, &index);
    let macros = macros::Macros::collect(input.texts, input.others);
    let out_inputs: HashSet<usize> = res.output().inputs.iter().flatten().copied().collect();

    let mut into: Vec<Option<(usize, CallSite)>> = vec![None; n];
    for x in 0..out {
        let (Some(fx), Some((c, k))) = (&funcs[x], names.site[x]) else {
            continue;
        };
        // A node with nothing on its inputs but fields driving its
        // parameters (a shape, a field) keeps its function: it calls no
        // other node's code in line, so a call of it costs the driver no
        // more than its code spliced in (one call deep), and its code
        // stays as written.
        let leaf = res.nodes[x].inputs.iter().enumerate().all(|(slot, i)| {
            i.is_none()
                || input.defs[x]
                    .inputs
                    .get(slot)
                    .is_some_and(|d| d.drives.is_some())
        });
        // A node that keeps the point it is called at for a field on a
        // parameter (see `decls::store_points`) stays a function.
        if !input.splice
            || leaf
            || super::decls::stores_point(res, input.defs, x)
            || out_inputs.contains(&x)
            || fx.splice.is_err()
            || names.count[x] != 2
            || c == x
        {
            continue;
        }
        let (Some(fc), Some((lines, _))) = (&funcs[c], block(c)) else {
            continue;
        };
        let Some(call) = call_site(fc, lines, k) else {
            continue;
        };
        let locals = |w: &str| fx.locals.contains(w) || fx.params.iter().any(|p| p.name == w);
        if call.args.len() == fx.params.len() && macros.hygienic(&fx.words, &locals, x, c) {
            into[x] = Some((c, call));
        }
    }
    let input_call: Vec<Option<(usize, CallSite)>> = (0..n)
        .map(|c| {
            let (f, (lines, _)) = (funcs[c].as_ref()?, block(c)?);
            match names.body_calls[c].as_slice() {
                [(k, y)] if res.nodes[c].inputs.contains(&Some(*y)) => {
                    Some((*y, call_site(f, lines, *k)?))
                }
                _ => None,
            }
        })
        .collect();
    let mut plan = Plan {
        funcs: std::mem::take(&mut funcs),
        into,
        spliced: vec![Vec::new(); n],
        input_call,
        runs: Vec::new(),
        in_run: vec![None; n],
        depth: 0,
        macro_reads: macros.read_words(),
    };
    if input.fold {
        plan.find_runs(input, &macros, &names.outside);
    }
    plan.check_code_nodes(input)?;
    plan.keep_functions_small();
    for (x, at) in plan.into.iter().enumerate() {
        if let Some((c, call)) = at {
            plan.spliced[*c].push((x, call.clone()));
        }
    }
    for calls in &mut plan.spliced {
        calls.sort_by_key(|(_, c)| c.close);
    }
    plan.depth = call_depth(input, &plan.into, &names.refs)?;
    Ok(plan)
}

/// Where node names occur in the shader's text.
struct Names {
    /// Occurrences of each node's name (its own definition included).
    count: Vec<u32>,
    /// For each node, an occurrence in a parsed function: (caller, token).
    site: Vec<Option<(usize, usize)>>,
    /// For each node, the nodes it names (other than itself).
    refs: Vec<Vec<usize>>,
    /// For each node, the node calls in its function's body: (token, callee).
    body_calls: Vec<Vec<(usize, usize)>>,
    /// Every identifier outside the nodes' function bodies.
    outside: HashSet<String>,
}

impl Names {
    fn find(input: &Input, funcs: &[Option<Func>], index: &HashMap<&str, usize>) -> Names {
        let n = input.res.nodes.len();
        let mut names = Names {
            count: vec![0; n],
            site: vec![None; n],
            refs: vec![Vec::new(); n],
            body_calls: vec![Vec::new(); n],
            outside: HashSet::new(),
        };
        // `outside`: whether the words count as read outside function
        // bodies (the generated `#define`s only define them).
        let text_words = |names: &mut Names, ni: Option<usize>, text: &str, outside: bool| {
            for w in macros::identifiers(text) {
                if let Some(&y) = index.get(w) {
                    names.count[y] += 1;
                    if let Some(x) = ni.filter(|&x| x != y) {
                        names.refs[x].push(y);
                    }
                }
                if outside && !names.outside.contains(w) {
                    names.outside.insert(w.to_string());
                }
            }
        };
        for (ni, t) in input.texts.iter().enumerate() {
            for line in &t.decls {
                text_words(&mut names, Some(ni), line, false);
            }
            for (line, _) in &t.macros {
                text_words(&mut names, Some(ni), line, true);
            }
            for (kind, lines, _) in &t.blocks {
                let f = funcs[ni].as_ref().filter(|_| *kind == BlockKind::Function);
                let Some(f) = f else {
                    for (_, l) in lines {
                        text_words(&mut names, Some(ni), l, true);
                    }
                    continue;
                };
                for (k, tok) in f.toks.iter().enumerate() {
                    let text = tok.text(lines);
                    let in_body = k > f.open && k < f.close;
                    if tok.kind == Kind::Directive || (tok.kind == Kind::Ident && !in_body) {
                        if k != f.name {
                            text_words(&mut names, Some(ni), text, true);
                        } else {
                            names.count[ni] += 1;
                        }
                        continue;
                    }
                    if tok.kind != Kind::Ident || (k > 0 && f.text(lines, k - 1) == ".") {
                        continue;
                    }
                    if let Some(&y) = index.get(text) {
                        names.count[y] += 1;
                        names.site[y] = Some((ni, k));
                        if y != ni {
                            names.refs[ni].push(y);
                            names.body_calls[ni].push((k, y));
                        }
                    }
                }
            }
        }
        for scan in input.others {
            for (w, c) in &scan.words {
                if let Some(&y) = index.get(w.as_str()) {
                    names.count[y] += *c;
                }
                if !names.outside.contains(w) {
                    names.outside.insert(w.clone());
                }
            }
        }
        for text in input.output_text {
            text_words(&mut names, Some(n - 1), text, true);
        }
        names
    }
}

/// The call of the function named at token `k` of `f`'s body, if it is
/// spliceable there: in a top-level statement that is not compound and
/// cannot skip the call.
fn call_site(f: &Func, lines: &lex::Lines, k: usize) -> Option<CallSite> {
    if k <= f.open || k >= f.close || f.text(lines, k - 1) == "." {
        return None;
    }
    let stmt = f.statement_of(k)?;
    let (a, b) = f.stmts[stmt];
    if matches!(
        f.text(lines, a),
        "if" | "for" | "while" | "do" | "switch" | "{"
    ) {
        return None;
    }
    if (a..b).any(|j| matches!(f.text(lines, j), "?" | "&&" | "||")) {
        return None;
    }
    if f.toks.get(k + 1).map(|t| t.text(lines)) != Some("(") {
        return None;
    }
    let close = lex::matching(&f.toks, lines, k + 1)?;
    if close >= b {
        return None;
    }
    let mut args = Vec::new();
    if close > k + 2 {
        let mut start = k + 2;
        let mut depth = 0usize;
        for j in k + 2..close {
            match f.text(lines, j) {
                "(" | "[" | "{" => depth += 1,
                ")" | "]" | "}" => depth = depth.saturating_sub(1),
                "," if depth == 0 => {
                    args.push((start, j));
                    start = j + 1;
                }
                _ => {}
            }
        }
        args.push((start, close));
    }
    Some(CallSite {
        stmt,
        tok: k,
        close,
        args,
    })
}

impl Plan {
    /// Refuses a shader holding the code of more than
    /// [`crate::limits::SHADER_NODES`] nodes (folded runs count once).
    fn check_code_nodes(&self, input: &Input) -> Result<(), GenerateError> {
        let count = (0..self.funcs.len())
            .filter(|&x| self.in_run[x].is_none_or(|(_, k)| k == 0))
            .count();
        let limit = crate::limits::SHADER_NODES;
        if count <= limit {
            return Ok(());
        }
        Err(GenerateError::Other {
            message: format!(
                "the network puts the code of {count} of its {} nodes into one shader, past the limit of {limit} (SHADER_NODES): drivers compile a scene as one function, at a cost that grows faster than its size; split the scene into several networks, or make repeated parts with repeat filters",
                input.res.nodes.len()
            ),
        })
    }
}

/// The deepest chain of function calls once spliced nodes are gone,
/// refused past [`crate::limits::CALL_DEPTH`].
fn call_depth(
    input: &Input,
    into: &[Option<(usize, CallSite)>],
    refs: &[Vec<usize>],
) -> Result<usize, GenerateError> {
    let n = into.len();
    // Each node's region root: the function its code ends up in. Callers
    // come after their inputs, so roots are known walking backwards.
    let mut root: Vec<usize> = (0..n).collect();
    for x in (0..n).rev() {
        if let Some((c, _)) = into[x] {
            root[x] = root[c];
        }
    }
    // depth[r]: functions nested below and including region root r; the
    // deepest callee of each root, to name the chain in an error.
    let mut depth = vec![1usize; n];
    let mut deepest: Vec<Option<usize>> = vec![None; n];
    for x in 0..n {
        let r = root[x];
        for &y in &refs[x] {
            if into[y].as_ref().is_some_and(|(c, _)| *c == x) {
                continue;
            }
            let y = root[y];
            if y != r && depth[y] + 1 > depth[r] {
                depth[r] = depth[y] + 1;
                deepest[r] = Some(y);
            }
        }
    }
    let total = depth[n - 1];
    let limit = crate::limits::CALL_DEPTH;
    if total > limit {
        let mut chain = Vec::new();
        let mut at = Some(n - 1);
        while let Some(x) = at {
            chain.push(input.res.nodes[x].path.as_str());
            at = deepest[x];
        }
        let shown: Vec<&str> = chain.iter().take(6).copied().collect();
        return Err(GenerateError::Other {
            message: format!(
                "the network nests {total} functions deep ({} …), past the limit of {limit} (CALL_DEPTH): nodes whose code cannot be joined into their caller's (an early return, a call in a loop, a result used twice) each add one; put fewer of them in a row",
                shown.join(" → ")
            ),
        });
    }
    Ok(total)
}

impl Plan {
    /// Finds the runs of affine nodes, each spliced into the one before.
    fn find_runs(&mut self, input: &Input, macros: &macros::Macros, outside: &HashSet<String>) {
        let n = self.funcs.len();
        let programs: Vec<Option<Program>> =
            (0..n).map(|x| self.program(input, macros, x)).collect();
        // next[x]: the node after x in a run.
        let next = |x: usize| -> Option<usize> {
            let (y, _) = self.input_call[x].as_ref()?;
            let follows = self.into[*y].as_ref().is_some_and(|(c, _)| *c == x);
            let (px, py) = (programs[x].as_ref()?, programs[*y].as_ref()?);
            let same = input.res.nodes[x].coord == input.res.nodes[*y].coord
                && (px.path.is_empty() || py.path.is_empty() || px.path == py.path);
            (follows && same).then_some(*y)
        };
        let mut has_prev = vec![false; n];
        for x in 0..n {
            if let Some(y) = next(x) {
                has_prev[y] = true;
            }
        }
        for start in (0..n).rev() {
            if has_prev[start] || programs[start].is_none() {
                continue;
            }
            let mut nodes = vec![start];
            let mut path = programs[start]
                .as_ref()
                .map(|p| p.path.clone())
                .unwrap_or_default();
            while let Some(y) = next(*nodes.last().unwrap_or(&start)) {
                let py = &programs[y].as_ref().expect("next() checked it").path;
                if !py.is_empty() && !path.is_empty() && *py != path {
                    break;
                }
                if path.is_empty() {
                    path = py.clone();
                }
                nodes.push(y);
            }
            // A run of one folds too: its map is computed on the CPU, so
            // the shader does a matrix and an add, not the node's own
            // clamps and divisions (measured: BENCHMARKS.md, twists).
            let r = self.runs.len();
            for (k, &x) in nodes.iter().enumerate() {
                self.in_run[x] = Some((r, k));
            }
            self.runs.push(Run {
                programs: nodes
                    .iter()
                    .map(|&x| programs[x].clone().expect("runs hold programs"))
                    .collect(),
                dims: input.res.nodes[start]
                    .coord
                    .as_str()
                    .trim_start_matches("vec")
                    .parse()
                    .unwrap_or(3),
                nodes,
                path,
                params_unread: true,
            });
        }
        self.mark_read_params(input, outside);
    }

    /// Marks the runs whose nodes' parameters some code still reads: outside
    /// the function bodies, or in the body of a node not in the run.
    fn mark_read_params(&mut self, input: &Input, outside: &HashSet<String>) {
        let mut owner: HashMap<&str, usize> = HashMap::new();
        for (r, run) in self.runs.iter().enumerate() {
            for &x in &run.nodes {
                let t = &input.texts[x];
                for (line, p) in t.decls.iter().zip(&t.decl_params) {
                    if let (Some(_), Some(name)) = (p, macro_name(line)) {
                        owner.insert(name, r);
                    }
                }
            }
        }
        let mut read = vec![false; self.runs.len()];
        for (name, &r) in &owner {
            if outside.contains(*name) {
                read[r] = true;
            }
        }
        for (y, f) in self.funcs.iter().enumerate() {
            let Some(f) = f else { continue };
            for w in &f.words {
                if let Some(&r) = owner.get(w.as_str())
                    && self.in_run[y].is_none_or(|(ry, _)| ry != r)
                {
                    read[r] = true;
                }
            }
        }
        for (run, read) in self.runs.iter_mut().zip(read) {
            run.params_unread = !read;
        }
    }

    /// Node `x`'s code read as an affine step, if it is one.
    fn program(&self, input: &Input, macros: &macros::Macros, x: usize) -> Option<Program> {
        let f = self.funcs[x].as_ref()?;
        // A parameter that a field drives varies from point to point: not a map.
        if super::decls::driven(input.res, input.defs, x) {
            return None;
        }
        let (lines, _) = input.texts[x].block(BlockKind::Function)?;
        let (_, call) = self.input_call[x].as_ref()?;
        let rn = &input.res.nodes[x];
        let dims = match rn.coord.as_str() {
            "vec2" => 2,
            "vec3" => 3,
            _ => return None,
        };
        let def = input.defs[x];
        let node = &input.net.nodes[&rn.path];
        let values: Vec<crate::value::ParamValue> = def
            .params
            .iter()
            .map(|p| {
                node.value(def, &p.name)
                    .cloned()
                    .unwrap_or_else(|| p.default.clone())
            })
            .collect();
        let own: HashMap<&str, &str> = input.texts[x]
            .decls
            .iter()
            .chain(input.texts[x].macros.iter().map(|(m, _)| m))
            .filter_map(|line| {
                let rest = line.strip_prefix("#define ")?;
                let (name, body) = rest.split_once(' ').unwrap_or((rest, ""));
                (!name.contains('(')).then_some((name, body))
            })
            .collect();
        let lookup = |name: &str| -> Option<String> {
            own.get(name)
                .map(|b| b.to_string())
                .or_else(|| macros.body(name))
        };
        let cx = affine::Context {
            node: &rn.name,
            params: &def.params,
            values: &values,
            dims,
            macros: &lookup,
        };
        Program::read(f, lines, call, &cx)
    }
}

/// The name a `#define` line defines.
fn macro_name(line: &str) -> Option<&str> {
    let rest = line.strip_prefix("#define ")?;
    rest.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .next()
}
