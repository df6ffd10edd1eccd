//! Checks on the parsed module that the text cannot show: blocks nested
//! deeper than [`GLSL_NESTING`] (`if` chains without braces, `?:` chains:
//! the validator, the SPIR-V writer and wgpu recurse on them, on whatever
//! thread renders), arrays larger than the driver should be asked to
//! allocate per pixel, and recursion (which naga's validator reports only
//! as a function that "depends on" one "not processed yet").

use crate::limits::{GLSL_ARRAY_ELEMENTS, GLSL_ARRAY_ELEMENTS_TOTAL, GLSL_NESTING};
use naga::{AddressSpace, ArraySize, Function, Handle, Module, Span, Statement, TypeInner};

/// What the module holds that ropkit refuses.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ModuleProblemKind {
    #[error(
        "{name} holds {elements} array elements; at most {GLSL_ARRAY_ELEMENTS} are allowed in one variable (the GPU keeps them for every pixel)"
    )]
    ArrayTooLarge { name: String, elements: u64 },
    #[error(
        "with {name}, the arrays alive together hold more than {GLSL_ARRAY_ELEMENTS_TOTAL} elements (the GPU keeps them for every pixel)"
    )]
    ArraysTogether { name: String },
    #[error("blocks nested deeper than {GLSL_NESTING} levels (if, loops, ?: and braces together)")]
    TooDeep,
    #[error(
        "recursion: {} (GLSL allows no function to call itself, directly or through others: write it as a loop)",
        circle.join(" calls ")
    )]
    Recursion { circle: Vec<String> },
}

/// A refusal and the span of the module to blame.
#[derive(Debug, Clone, PartialEq)]
pub struct ModuleProblem {
    pub span: Span,
    pub kind: ModuleProblemKind,
}

/// Every check, in order: array sizes, nesting, recursion.
pub fn check_module(module: &Module) -> Result<(), ModuleProblem> {
    let functions: Vec<&Function> = module
        .functions
        .iter()
        .map(|(_, f)| f)
        .chain(module.entry_points.iter().map(|e| &e.function))
        .collect();
    check_arrays(module, &functions)?;
    let calls = check_nesting(&functions)?;
    check_recursion(module, &calls)
}

/// Scalars held in arrays, per type: what a driver keeps in memory for
/// every pixel (a struct of scalars lives in registers like so many
/// variables). A type's parts come before it in the arena.
fn array_elements(module: &Module) -> Vec<u64> {
    let mut scalars: Vec<u64> = Vec::with_capacity(module.types.len());
    let mut elements: Vec<u64> = Vec::with_capacity(module.types.len());
    for (_, ty) in module.types.iter() {
        let (all, in_arrays) = match &ty.inner {
            TypeInner::Array { base, size, .. } | TypeInner::BindingArray { base, size } => {
                let per = scalars.get(base.index()).copied().unwrap_or(1);
                let n = match size {
                    ArraySize::Constant(k) => per.saturating_mul(u64::from(k.get())),
                    _ => per,
                };
                (n, n)
            }
            TypeInner::Struct { members, .. } => members.iter().fold((0u64, 0u64), |(a, e), m| {
                (
                    a.saturating_add(scalars.get(m.ty.index()).copied().unwrap_or(1)),
                    e.saturating_add(elements.get(m.ty.index()).copied().unwrap_or(0)),
                )
            }),
            _ => (1, 0),
        };
        scalars.push(all);
        elements.push(in_arrays);
    }
    elements
}

/// No variable holds more than [`GLSL_ARRAY_ELEMENTS`] array elements, and
/// what can be alive at once (the private globals and one function's
/// locals) no more than [`GLSL_ARRAY_ELEMENTS_TOTAL`]. (Summed over every
/// function, a network of hundreds of nodes, each with a small context
/// copy, would pass the limit with no large array anywhere.)
fn check_arrays(module: &Module, functions: &[&Function]) -> Result<(), ModuleProblem> {
    let elements = array_elements(module);
    let count = |ty: Handle<naga::Type>| elements.get(ty.index()).copied().unwrap_or(0);
    // (elements, span, name, scope): scope 0 is the module's private
    // globals, k > 0 the locals of the k-th function.
    let mut vars: Vec<(u64, Span, Option<&str>, usize)> = Vec::new();
    for (h, v) in module.global_variables.iter() {
        if matches!(v.space, AddressSpace::Private | AddressSpace::WorkGroup) {
            let span = module.global_variables.get_span(h);
            vars.push((count(v.ty), span, v.name.as_deref(), 0));
        }
    }
    for (k, f) in functions.iter().enumerate() {
        for (h, v) in f.local_variables.iter() {
            let span = f.local_variables.get_span(h);
            vars.push((count(v.ty), span, v.name.as_deref(), k + 1));
        }
    }
    let mut totals = vec![0u64; functions.len() + 1];
    for (n, span, name, scope) in vars {
        // The generator's own copy of the parameters (at most
        // `layout::COPY_VEC4S` slots, measured to pay for itself) is not
        // ROP code: the limits are for what ROPs declare.
        if name == Some("vecParams") {
            continue;
        }
        let name = name.unwrap_or("a variable").to_string();
        if n > GLSL_ARRAY_ELEMENTS {
            let kind = ModuleProblemKind::ArrayTooLarge { name, elements: n };
            return Err(ModuleProblem { span, kind });
        }
        if n > 0 {
            totals[scope] = totals[scope].saturating_add(n);
            let total = if scope == 0 {
                totals[0]
            } else {
                totals[0].saturating_add(totals[scope])
            };
            if total > GLSL_ARRAY_ELEMENTS_TOTAL {
                let kind = ModuleProblemKind::ArraysTogether { name };
                return Err(ModuleProblem { span, kind });
            }
        }
    }
    Ok(())
}

/// The calls of one function, with their spans.
type Calls = Vec<(Handle<Function>, Span)>;

/// Block nesting within [`GLSL_NESTING`], walked without recursion; the
/// calls each function makes are collected on the way.
fn check_nesting(functions: &[&Function]) -> Result<Vec<Calls>, ModuleProblem> {
    let mut calls = Vec::with_capacity(functions.len());
    for f in functions {
        let mut called = Vec::new();
        let mut stack: Vec<(&naga::Block, usize)> = vec![(&f.body, 0)];
        while let Some((block, depth)) = stack.pop() {
            for (st, span) in block.span_iter() {
                let children: Vec<&naga::Block> = match st {
                    Statement::Block(b) => vec![b],
                    Statement::If { accept, reject, .. } => vec![accept, reject],
                    Statement::Switch { cases, .. } => cases.iter().map(|c| &c.body).collect(),
                    Statement::Loop {
                        body, continuing, ..
                    } => vec![body, continuing],
                    Statement::Call { function, .. } => {
                        called.push((*function, *span));
                        Vec::new()
                    }
                    _ => Vec::new(),
                };
                if !children.is_empty() && depth + 1 > GLSL_NESTING {
                    let kind = ModuleProblemKind::TooDeep;
                    return Err(ModuleProblem { span: *span, kind });
                }
                stack.extend(children.into_iter().map(|b| (b, depth + 1)));
            }
        }
        calls.push(called);
    }
    Ok(calls)
}

/// No declared function calls itself, directly or through others: a depth-
/// first walk of the call graph without recursion, naming the circle found.
fn check_recursion(module: &Module, calls: &[Calls]) -> Result<(), ModuleProblem> {
    let name = |h: Handle<Function>| {
        module.functions[h]
            .name
            .clone()
            .unwrap_or_else(|| "a function".into())
    };
    let count = module.functions.len();
    let mut state = vec![0u8; count]; // 0 new, 1 on the path, 2 done
    for start in 0..count {
        if state[start] != 0 {
            continue;
        }
        // (function, next call to follow)
        let mut path: Vec<(usize, usize)> = vec![(start, 0)];
        state[start] = 1;
        while let Some(&mut (f, ref mut next)) = path.last_mut() {
            let Some(&(callee, span)) = calls[f].get(*next) else {
                state[f] = 2;
                path.pop();
                continue;
            };
            *next += 1;
            let c = callee.index();
            if c >= count {
                continue;
            }
            match state[c] {
                1 => {
                    let from = path.iter().position(|(g, _)| *g == c).unwrap_or(0);
                    let mut circle: Vec<String> = path[from..]
                        .iter()
                        .filter_map(|(g, _)| module.functions.iter().nth(*g).map(|(h, _)| name(h)))
                        .collect();
                    circle.push(name(callee));
                    let kind = ModuleProblemKind::Recursion { circle };
                    return Err(ModuleProblem { span, kind });
                }
                0 => {
                    state[c] = 1;
                    path.push((c, 0));
                }
                _ => {}
            }
        }
    }
    Ok(())
}
