//! Functions and statements: signatures with leaves and carried globals,
//! naga's structured control flow as plain `if`s and `while` loops.

use super::expr::Spot;
use super::{Cx, GlobalKind, LeafTy, Result, sanitize, unique, unsupported};
use naga::{Handle, Statement as S};
use std::collections::{HashMap, HashSet};

use std::fmt::Write as _;

/// One function being written.
pub(super) struct Func<'a> {
    pub cx: &'a Cx<'a>,
    pub func: &'a naga::Function,
    pub info: &'a naga::valid::FunctionInfo,
    pub values: HashMap<Handle<naga::Expression>, Vec<String>>,
    pub locals: HashMap<Handle<naga::LocalVariable>, Vec<String>>,
    pub args: Vec<Vec<String>>,
    /// Leaf names of the carried globals in this function.
    pub carried: HashMap<Handle<naga::GlobalVariable>, Vec<String>>,
    /// The `out` parameters of a struct result.
    results: Vec<String>,
    entry: bool,
    taken: HashSet<String>,
    out: String,
    depth: usize,
}

/// The functions a block calls.
pub(super) fn callees(block: &naga::Block) -> Vec<Handle<naga::Function>> {
    let mut out = Vec::new();
    for s in block.iter() {
        match s {
            S::Call { function, .. } => out.push(*function),
            S::Block(b) => out.extend(callees(b)),
            S::If { accept, reject, .. } => {
                out.extend(callees(accept));
                out.extend(callees(reject));
            }
            S::Switch { cases, .. } => {
                for c in cases {
                    out.extend(callees(&c.body));
                }
            }
            S::Loop {
                body, continuing, ..
            } => {
                out.extend(callees(body));
                out.extend(callees(continuing));
            }
            _ => {}
        }
    }
    out
}

impl<'a> Func<'a> {
    fn new(cx: &'a Cx<'a>, func: &'a naga::Function, info: &'a naga::valid::FunctionInfo) -> Self {
        Func {
            cx,
            func,
            info,
            values: HashMap::new(),
            locals: HashMap::new(),
            args: Vec::new(),
            carried: HashMap::new(),
            results: Vec::new(),
            entry: false,
            taken: cx.reserved.clone(),
            out: String::new(),
            depth: 1,
        }
    }

    fn name(&mut self, base: &str) -> String {
        unique(&mut self.taken, base)
    }

    fn line(&mut self, text: &str) {
        for _ in 0..self.depth {
            self.out.push_str("  ");
        }
        self.out.push_str(text);
        self.out.push('\n');
    }

    /// Names for the leaves of a type, from a base name.
    fn leaf_names(&mut self, base: &str, ty: Handle<naga::Type>) -> Result<Vec<(String, LeafTy)>> {
        let mut out = Vec::new();
        for l in self.cx.leaves(ty)? {
            let name = self.name(&format!("{base}{}", l.suffix));
            out.push((name, l.ty));
        }
        Ok(out)
    }

    /// Local variables, declared at the top with their first value.
    fn declare_locals(&mut self) -> Result<()> {
        for (h, local) in self.func.local_variables.iter() {
            let base = format!("v_{}", sanitize(local.name.as_deref().unwrap_or("local")));
            let names = self.leaf_names(&base, local.ty)?;
            let init = match local.init {
                Some(e) => self.value(e)?,
                None => self.cx.zero(local.ty)?,
            };
            for ((name, ty), v) in names.iter().zip(&init) {
                let t = self.cx.type_name(*ty);
                self.line(&format!("{t} {name} = {v};"));
            }
            self.locals
                .insert(h, names.into_iter().map(|(n, _)| n).collect());
        }
        Ok(())
    }

    /// The carried globals' leaves: parameters of a function, or locals of
    /// the entry point set from their first values.
    fn carried_globals(
        &mut self,
        list: &[Handle<naga::GlobalVariable>],
        params: &mut Vec<String>,
    ) -> Result<()> {
        let module = self.cx.module;
        for &g in list {
            let global = &module.global_variables[g];
            let base = format!("g_{}", sanitize(global.name.as_deref().unwrap_or("global")));
            if let GlobalKind::CarriedTexture { value, ty } = &self.cx.globals[&g] {
                let name = if self.entry {
                    value.clone()
                } else {
                    params.push(format!("{ty} {base}"));
                    base
                };
                self.carried.insert(g, vec![name]);
                continue;
            }
            let names = self.leaf_names(&base, global.ty)?;
            let GlobalKind::Carried { init, writable } = &self.cx.globals[&g] else {
                continue;
            };
            for ((name, ty), v) in names.iter().zip(init) {
                let t = self.cx.type_name(*ty);
                if self.entry {
                    self.line(&format!("{t} {name} = {v};"));
                } else {
                    let q = if *writable { "inout" } else { "in" };
                    params.push(format!("{q} {t} {name}"));
                }
            }
            self.carried
                .insert(g, names.into_iter().map(|(n, _)| n).collect());
        }
        Ok(())
    }

    fn block(&mut self, block: &naga::Block) -> Result<()> {
        for (s, span) in block.span_iter() {
            self.statement(s).map_err(|e| e.at(*span))?;
        }
        Ok(())
    }

    fn nested(&mut self, head: &str, block: &naga::Block) -> Result<()> {
        self.line(&format!("{head} {{"));
        self.depth += 1;
        self.block(block)?;
        self.depth -= 1;
        self.line("}");
        Ok(())
    }

    fn statement(&mut self, s: &naga::Statement) -> Result<()> {
        match s {
            S::Emit(range) => {
                for h in range.clone() {
                    self.bake(h)?;
                }
            }
            S::Block(b) => self.nested("", b)?,
            S::If {
                condition,
                accept,
                reject,
            } => {
                let c = self.value(*condition)?.remove(0);
                self.nested(&format!("if ({c})"), accept)?;
                if !reject.is_empty() {
                    self.nested("else", reject)?;
                }
            }
            S::Switch { selector, cases } => self.switch(*selector, cases)?,
            S::Loop {
                body,
                continuing,
                break_if,
            } => {
                // naga's loop: the body, then `continuing` on every way round
                // but the first, as a `continue` jumps to it.
                let first = self.name("first");
                self.line(&format!("bool {first} = true;"));
                self.line("while (true) {");
                self.depth += 1;
                self.line(&format!("if (!{first}) {{"));
                self.depth += 1;
                self.block(continuing)?;
                if let Some(b) = break_if {
                    let c = self.value(*b)?.remove(0);
                    self.line(&format!("if ({c}) {{ break; }}"));
                }
                self.depth -= 1;
                self.line("}");
                self.line(&format!("{first} = false;"));
                self.block(body)?;
                self.depth -= 1;
                self.line("}");
            }
            S::Break => self.line("break;"),
            S::Continue => self.line("continue;"),
            S::Return { value } => self.ret(*value)?,
            S::Kill => self.line("discard;"),
            S::Store { pointer, value } => {
                let spots = self.place(*pointer)?;
                let values = self.value(*value)?;
                for (spot, v) in spots.iter().zip(&values) {
                    self.store(spot, v);
                }
            }
            S::Call {
                function,
                arguments,
                result,
            } => self.call(*function, arguments, *result)?,
            other => {
                let name = format!("{other:?}");
                let name = name.split(|c: char| !c.is_ascii_alphanumeric()).next();
                return unsupported(format!("the statement {}", name.unwrap_or("?")));
            }
        }
        Ok(())
    }

    fn store(&mut self, spot: &Spot, v: &str) {
        match spot {
            Spot::Fixed(s) => self.line(&format!("{s} = {v};")),
            Spot::Chosen { index, options } => {
                for (k, o) in options.iter().enumerate() {
                    let head = match k {
                        0 => format!("if (int({index}) == {k}) {{"),
                        _ if k + 1 == options.len() => "} else {".to_string(),
                        _ => format!("}} else if (int({index}) == {k}) {{"),
                    };
                    self.line(&head);
                    self.line(&format!("  {o} = {v};"));
                }
                self.line("}");
            }
        }
    }

    /// A value into temporaries where naga emits it (pointers stay places).
    fn bake(&mut self, h: Handle<naga::Expression>) -> Result<()> {
        if matches!(
            self.info[h].ty.inner_with(&self.cx.module.types),
            naga::TypeInner::Pointer { .. } | naga::TypeInner::ValuePointer { .. }
        ) {
            return Ok(());
        }
        // A value nothing reads (naga's expressions have no side effects).
        if self.info[h].ref_count == 0 {
            return Ok(());
        }
        let span = self.func.expressions.get_span(h);
        let texts = self.value(h).map_err(|e| e.at(span))?;
        let types = self.leaf_types(h).map_err(|e| e.at(span))?;
        let base = format!("e{}", h.index());
        let mut names = Vec::new();
        for (k, (text, ty)) in texts.iter().zip(&types).enumerate() {
            let name = if texts.len() == 1 {
                self.name(&base)
            } else {
                self.name(&format!("{base}_{k}"))
            };
            let t = self.cx.type_name(*ty);
            self.line(&format!("{t} {name} = {text};"));
            names.push(name);
        }
        self.values.insert(h, names);
        Ok(())
    }

    fn ret(&mut self, value: Option<Handle<naga::Expression>>) -> Result<()> {
        let Some(v) = value else {
            self.line("return;");
            return Ok(());
        };
        let values = self.value(v)?;
        if self.entry {
            // The output struct's one member: the colour.
            let colour = values.first().cloned().unwrap_or_default();
            let text = self.cx.host.output(&colour);
            for l in text.lines() {
                self.line(l);
            }
        } else if self.results.is_empty() {
            self.line(&format!("return {};", values[0]));
        } else {
            for (r, v) in self.results.clone().iter().zip(&values) {
                self.line(&format!("{r} = {v};"));
            }
            self.line("return;");
        }
        Ok(())
    }

    fn call(
        &mut self,
        function: Handle<naga::Function>,
        arguments: &[Handle<naga::Expression>],
        result: Option<Handle<naga::Expression>>,
    ) -> Result<()> {
        let cx = self.cx;
        let callee = &cx.module.functions[function];
        let mut args = Vec::new();
        // Pointer arguments chosen at run time go through a copy.
        let mut write_back = Vec::new();
        for (a, param) in arguments.iter().zip(&callee.arguments) {
            if let naga::TypeInner::Pointer { .. } = cx.module.types[param.ty].inner {
                for spot in self.place(*a)? {
                    match spot {
                        Spot::Fixed(s) => args.push(s),
                        Spot::Chosen { .. } => {
                            let ty = self.leaf_types(*a)?[0];
                            let t = self.name("copy");
                            let value = self.read(&spot);
                            self.line(&format!("{} {t} = {value};", cx.type_name(ty)));
                            args.push(t.clone());
                            write_back.push((spot, t));
                        }
                    }
                }
            } else {
                args.extend(self.value(*a)?);
            }
        }
        let mut results = Vec::new();
        if let (Some(r), Some(res)) = (result, &callee.result) {
            let leaves = cx.leaves(res.ty)?;
            if leaves.len() > 1 {
                for l in &leaves {
                    let name = self.name(&format!("e{}{}", r.index(), l.suffix));
                    self.line(&format!("{} {name};", cx.type_name(l.ty)));
                    args.push(name.clone());
                    results.push(name);
                }
            }
        }
        for g in &cx.carried[&function] {
            args.extend(self.carried[g].iter().cloned());
        }
        let call = format!("{}({})", cx.function_names[&function], args.join(", "));
        match (result, results.is_empty()) {
            (Some(r), true) => {
                let ty = self.leaf_types(r)?[0];
                let name = self.name(&format!("e{}", r.index()));
                self.line(&format!("{} {name} = {call};", cx.type_name(ty)));
                self.values.insert(r, vec![name]);
            }
            (Some(r), false) => {
                self.line(&format!("{call};"));
                self.values.insert(r, results);
            }
            (None, _) => self.line(&format!("{call};")),
        }
        for (spot, t) in write_back {
            self.store(&spot, &t);
        }
        Ok(())
    }

    /// A switch as a chain of `if`s inside a loop that runs once, so that a
    /// `break` in a case leaves it as it leaves a switch.
    fn switch(
        &mut self,
        selector: Handle<naga::Expression>,
        cases: &[naga::SwitchCase],
    ) -> Result<()> {
        let sel = self.value(selector)?.remove(0);
        if cases.iter().any(|c| continues(&c.body)) {
            return unsupported("`continue` inside a switch");
        }
        self.line("while (true) {");
        self.depth += 1;
        let mut pending: Vec<String> = Vec::new();
        let mut first = true;
        let mut default_body = None;
        for c in cases {
            let test = match c.value {
                naga::SwitchValue::I32(v) => Some(format!("{sel} == {v}")),
                naga::SwitchValue::U32(v) => {
                    Some(format!("{sel} == {}", self.cx.uint_literal(v as u64)))
                }
                naga::SwitchValue::Default => None,
            };
            if c.fall_through {
                if !c.body.is_empty() {
                    return unsupported("a switch case that falls through after code");
                }
                match test {
                    Some(t) => pending.push(t),
                    None => return unsupported("a default case that falls through"),
                }
                continue;
            }
            match test {
                Some(t) => {
                    pending.push(t);
                    let cond = std::mem::take(&mut pending).join(" || ");
                    let head = if first { "if" } else { "else if" };
                    self.nested(&format!("{head} ({cond})"), &c.body)?;
                    first = false;
                }
                None => {
                    if !pending.is_empty() {
                        return unsupported("cases falling through into default");
                    }
                    default_body = Some(&c.body);
                }
            }
        }
        if let Some(body) = default_body {
            if first {
                self.nested("", body)?;
            } else {
                self.nested("else", body)?;
            }
        }
        self.line("break;");
        self.depth -= 1;
        self.line("}");
        Ok(())
    }
}

/// Whether a block has a `continue` that is not inside a loop of its own.
fn continues(block: &naga::Block) -> bool {
    block.iter().any(|s| match s {
        S::Continue => true,
        S::Block(b) => continues(b),
        S::If { accept, reject, .. } => continues(accept) || continues(reject),
        S::Switch { cases, .. } => cases.iter().any(|c| continues(&c.body)),
        _ => false,
    })
}

/// One function of the module, whole.
pub(super) fn function(cx: &Cx, h: Handle<naga::Function>, f: &naga::Function) -> Result<String> {
    let info = &cx.info[h];
    let mut w = Func::new(cx, f, info);
    let mut params = Vec::new();
    for (i, a) in f.arguments.iter().enumerate() {
        let base = format!("a_{}", sanitize(a.name.as_deref().unwrap_or("arg")));
        let (ty, q) = match cx.module.types[a.ty].inner {
            naga::TypeInner::Pointer { base, .. } => (base, "inout"),
            _ => (a.ty, "in"),
        };
        let names = w.leaf_names(&base, ty)?;
        for (n, t) in &names {
            params.push(format!("{q} {} {n}", cx.type_name(*t)));
        }
        debug_assert_eq!(w.args.len(), i);
        w.args.push(names.into_iter().map(|(n, _)| n).collect());
    }
    let mut ret = "void".to_string();
    if let Some(r) = &f.result {
        let leaves = w.leaf_names("r", r.ty)?;
        if leaves.len() == 1 {
            ret = cx.type_name(leaves[0].1);
        } else {
            for (n, t) in &leaves {
                params.push(format!("out {} {n}", cx.type_name(*t)));
                w.results.push(n.clone());
            }
        }
    }
    let carried = cx.carried[&h].clone();
    w.carried_globals(&carried, &mut params)?;
    w.declare_locals()?;
    w.block(&f.body)?;
    let mut text = String::new();
    let _ = writeln!(
        text,
        "{ret} {}({}) {{",
        cx.function_names[&h],
        params.join(", ")
    );
    text.push_str(&w.out);
    text.push_str("}\n");
    Ok(text)
}

/// The entry point's body: its built-in inputs and the carried globals as
/// locals, then its statements; returns hand the colour to the host.
pub(super) fn entry(cx: &Cx, ep: &naga::EntryPoint) -> Result<String> {
    if ep.stage != naga::ShaderStage::Fragment {
        return unsupported("an entry point that is not a fragment shader");
    }
    let f = &ep.function;
    let mut w = Func::new(cx, f, cx.info.get_entry_point(0));
    w.entry = true;
    for a in &f.arguments {
        let Some(naga::Binding::BuiltIn(b)) = a.binding else {
            return unsupported("an entry-point input that is not a built-in");
        };
        let value = cx.host.builtin(b)?;
        let base = format!("a_{}", sanitize(a.name.as_deref().unwrap_or("input")));
        let names = w.leaf_names(&base, a.ty)?;
        let (n, t) = &names[0];
        w.line(&format!("{} {n} = {value};", cx.type_name(*t)));
        w.args.push(vec![n.clone()]);
    }
    // Every carried global any function reads.
    let mut used: Vec<Handle<naga::GlobalVariable>> = Vec::new();
    for (g, kind) in &cx.globals {
        if kind.carried() {
            used.push(*g);
        }
    }
    used.sort();
    w.carried_globals(&used, &mut Vec::new())?;
    w.declare_locals()?;
    w.block(&f.body)?;
    Ok(w.out)
}

/// A math function in the target's language.
pub(super) fn math(cx: &Cx, fun: naga::MathFunction, a: &[String], ty: LeafTy) -> Result<String> {
    use naga::MathFunction as M;
    let call = |name: &str| format!("{name}({})", a.join(", "));
    Ok(match (fun, cx.syntax.function(fun)) {
        (M::Fma, _) => format!("({} * {} + {})", a[0], a[1], a[2]),
        (_, Some(name)) => call(name),
        (M::Saturate, None) => {
            let zero = cx.zero_leaf(ty);
            let one = match ty {
                LeafTy::Scalar(_) => "1.0".to_string(),
                _ => cx.syntax.convert(&cx.type_name(ty), "1.0"),
            };
            format!("clamp({}, {zero}, {one})", a[0])
        }
        (other, None) => return unsupported(format!("the function {other:?}")),
    })
}
