//! Stage 5: parse and validate the stitched shader with naga, and translate
//! naga's errors back through the source map to the ROP file, line and
//! column they came from.

use crate::generate::Shader;
use naga::front::glsl::{Frontend, Options};
use naga::valid::{Capabilities, ModuleInfo, ValidationFlags, Validator};
use std::fmt;
use std::path::PathBuf;

/// One compiler message, located in the ROP's own file where possible.
#[derive(Debug, Clone, PartialEq)]
pub struct Diagnostic {
    /// The ROP or library file, or `None` for generated text.
    pub file: Option<PathBuf>,
    pub line: usize,
    pub col: usize,
    pub node: Option<String>,
    pub message: String,
    /// Line and text in the generated shader.
    pub generated_line: usize,
    pub generated_text: String,
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.file {
            Some(file) => write!(
                f,
                "{}:{}:{}: {}",
                file.display(),
                self.line,
                self.col,
                self.message
            )?,
            None => write!(
                f,
                "<generated>:{}:{}: {}",
                self.generated_line, self.col, self.message
            )?,
        }
        if let Some(node) = &self.node {
            write!(f, " (node {node})")?;
        }
        if self.generated_text.trim().is_empty() {
            return Ok(());
        }
        write!(
            f,
            "\n    generated line {}: {}",
            self.generated_line,
            self.generated_text.trim()
        )
    }
}

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub struct CompileError {
    pub diagnostics: Vec<Diagnostic>,
    /// naga's own codespan-style rendering against the generated source.
    pub pretty: String,
}

impl fmt::Display for CompileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.diagnostics.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

/// A validated naga module, ready for the renderer.
#[derive(Debug)]
pub struct Compiled {
    pub module: naga::Module,
    pub info: ModuleInfo,
}

/// Stack for naga's front end, validator and SPIR-V writer, which recurse
/// on the nesting of the code: with the nesting and statement sizes that
/// [`precheck`] lets through they need a few megabytes at most; the rest is
/// margin (the memory is only reserved, not used).
const COMPILE_STACK_BYTES: usize = 64 << 20;

/// Parses, checks and validates the stitched shader. Runs naga on a thread
/// of its own with a large stack, after [`precheck`] has bounded how deep
/// naga can recurse: no input can overflow the stack and abort the process.
pub fn compile(shader: &Shader) -> Result<Compiled, CompileError> {
    precheck(shader)?;
    let spawned = std::thread::scope(|scope| {
        std::thread::Builder::new()
            .name("ropkit-compile".into())
            .stack_size(COMPILE_STACK_BYTES)
            .spawn_scoped(scope, || compile_here(shader))
            .map(|handle| handle.join())
    });
    match spawned {
        Ok(Ok(result)) => result,
        Ok(Err(panic)) => std::panic::resume_unwind(panic),
        // No thread to be had (a process limit): the checks above keep the
        // recursion small enough for the caller's stack too.
        Err(_) => compile_here(shader),
    }
}

/// What naga's parser would choke on, found in the text first: control
/// characters, brackets nested too deep, statements that expand (macros
/// included) to too many tokens. Located through the source map.
fn precheck(shader: &Shader) -> Result<(), CompileError> {
    let problem = crate::glsl::scan(&shader.glsl)
        .or_else(|| crate::glsl::expanded_size(&shader.glsl, crate::limits::GLSL_STATEMENT_TOKENS));
    match problem {
        None => Ok(()),
        Some(p) => Err(CompileError {
            diagnostics: vec![locate(
                shader,
                naga::SourceLocation {
                    line_number: p.line as u32,
                    line_position: p.col as u32,
                    offset: 0,
                    length: 0,
                },
                p.message,
            )],
            pretty: String::new(),
        }),
    }
}

fn compile_here(shader: &Shader) -> Result<Compiled, CompileError> {
    let src = &shader.glsl;
    let mut frontend = Frontend::default();
    let module = frontend
        .parse(&Options::from(naga::ShaderStage::Fragment), src)
        .map_err(|errs| {
            let diagnostics = errs
                .errors
                .iter()
                .map(|e| {
                    let message = explain(src, e.kind.to_string(), e.meta.location(src));
                    locate(shader, e.meta.location(src), message)
                })
                .collect();
            CompileError {
                diagnostics,
                pretty: errs.emit_to_string(src),
            }
        })?;
    check_module(&module).map_err(|(span, message)| CompileError {
        diagnostics: vec![locate(shader, span.location(src), message)],
        pretty: String::new(),
    })?;
    let mut validator = Validator::new(ValidationFlags::all(), Capabilities::all());
    let info = validator.validate(&module).map_err(|e| {
        let mut message = e.as_inner().to_string();
        let mut source = std::error::Error::source(e.as_inner());
        while let Some(s) = source {
            message.push_str(": ");
            message.push_str(&s.to_string());
            source = s.source();
        }
        let loc = e
            .spans()
            .next()
            .map(|(span, _)| span.location(src))
            .unwrap_or(naga::SourceLocation {
                line_number: 1,
                line_position: 1,
                offset: 0,
                length: 0,
            });
        CompileError {
            diagnostics: vec![locate(shader, loc, message)],
            pretty: e.emit_to_string(src),
        }
    })?;
    // The GPU backends translate the module again (to SPIR-V on Vulkan), and
    // naga's writer can panic on some valid modules. Run it here, where a
    // panic becomes an error that names the shader, instead of in the renderer.
    let spv = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        let options = naga::back::spv::Options::default();
        let pipeline = naga::back::spv::PipelineOptions {
            shader_stage: naga::ShaderStage::Fragment,
            entry_point: "main".into(),
        };
        naga::back::spv::write_vec(&module, &info, &options, Some(&pipeline)).map(|_| ())
    }));
    let failure = match spv {
        Ok(Ok(())) => None,
        Ok(Err(e)) => Some(e.to_string()),
        Err(panic) => Some(
            panic
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "the SPIR-V writer failed".into()),
        ),
    };
    if let Some(message) = failure {
        let diagnostic = Diagnostic {
            file: None,
            line: 1,
            col: 1,
            node: None,
            message: format!(
                "naga cannot translate this shader for the GPU: {message} (a known naga limitation: passing a vector component such as p.y as an inout argument is one cause)"
            ),
            generated_line: 1,
            generated_text: String::new(),
        };
        return Err(CompileError {
            diagnostics: vec![diagnostic],
            pretty: String::new(),
        });
    }
    Ok(Compiled { module, info })
}

/// Checks on the parsed module that the text cannot show: blocks nested
/// deeper than [`crate::limits::GLSL_NESTING`] (`if` chains without braces,
/// `?:` chains: the validator, the SPIR-V writer and wgpu recurse on them,
/// on whatever thread renders), and arrays larger than the driver should be
/// asked to allocate per pixel. Returns the span to blame and the message.
fn check_module(module: &naga::Module) -> Result<(), (naga::Span, String)> {
    use crate::limits::{GLSL_ARRAY_ELEMENTS, GLSL_ARRAY_ELEMENTS_TOTAL, GLSL_NESTING};
    use naga::{AddressSpace, ArraySize, Statement, TypeInner};
    // Scalars per type, and of them those in arrays (what a driver keeps
    // in memory for every pixel; a struct of scalars lives in registers
    // like so many variables). A type's parts come before it in the arena.
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
    let count = |ty: naga::Handle<naga::Type>| elements.get(ty.index()).copied().unwrap_or(0);
    // (elements, span, name, scope): scope 0 is the module's private
    // globals, k > 0 the locals of the k-th function.
    let mut vars: Vec<(u64, naga::Span, Option<&str>, usize)> = Vec::new();
    for (h, v) in module.global_variables.iter() {
        if matches!(v.space, AddressSpace::Private | AddressSpace::WorkGroup) {
            vars.push((
                count(v.ty),
                module.global_variables.get_span(h),
                v.name.as_deref(),
                0,
            ));
        }
    }
    let functions: Vec<&naga::Function> = module
        .functions
        .iter()
        .map(|(_, f)| f)
        .chain(module.entry_points.iter().map(|e| &e.function))
        .collect();
    for (k, f) in functions.iter().enumerate() {
        for (h, v) in f.local_variables.iter() {
            vars.push((
                count(v.ty),
                f.local_variables.get_span(h),
                v.name.as_deref(),
                k + 1,
            ));
        }
    }
    // The total counts what can be alive at once: the globals and one
    // function's locals. (Summed over every function, a network of
    // hundreds of nodes, each with a small context copy, would pass the
    // limit with no large array anywhere.)
    let mut totals = vec![0u64; functions.len() + 1];
    for (n, span, name, scope) in vars {
        // The generator's own copy of the parameters (at most
        // `layout::COPY_VEC4S` slots, measured to pay for itself) is not
        // ROP code: the limits are for what ROPs declare.
        if name == Some("vecParams") {
            continue;
        }
        let name = name.unwrap_or("a variable");
        if n > GLSL_ARRAY_ELEMENTS {
            return Err((
                span,
                format!(
                    "{name} holds {n} array elements; at most {GLSL_ARRAY_ELEMENTS} are allowed in one variable (the GPU keeps them for every pixel)"
                ),
            ));
        }
        if n > 0 {
            totals[scope] = totals[scope].saturating_add(n);
            let total = if scope == 0 {
                totals[0]
            } else {
                totals[0].saturating_add(totals[scope])
            };
            if total > GLSL_ARRAY_ELEMENTS_TOTAL {
                return Err((
                    span,
                    format!(
                        "with {name}, the arrays alive together hold more than {GLSL_ARRAY_ELEMENTS_TOTAL} elements (the GPU keeps them for every pixel)"
                    ),
                ));
            }
        }
    }
    // Block nesting, walked without recursion; calls collected on the way.
    let mut calls: Vec<Vec<(naga::Handle<naga::Function>, naga::Span)>> = Vec::new();
    for f in &functions {
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
                    return Err((
                        *span,
                        format!(
                            "blocks nested deeper than {GLSL_NESTING} levels (if, loops, ?: and braces together)"
                        ),
                    ));
                }
                stack.extend(children.into_iter().map(|b| (b, depth + 1)));
            }
        }
        calls.push(called);
    }
    // Recursion through declared functions: naga's validator would only say
    // that one function "depends on" another "not processed yet".
    let name = |h: naga::Handle<naga::Function>| {
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
                    return Err((
                        span,
                        format!(
                            "recursion: {} (GLSL allows no function to call itself, directly or through others: write it as a loop)",
                            circle.join(" calls ")
                        ),
                    ));
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

/// naga's message, with what it means where naga's own words mislead:
/// "Unknown function" for a function that exists but calls itself.
fn explain(src: &str, message: String, at: naga::SourceLocation) -> String {
    let Some(name) = message
        .strip_prefix("Unknown function '")
        .and_then(|rest| rest.split('\'').next())
    else {
        return message;
    };
    let code = crate::glsl::strip_comments(src);
    let defined_at = code.lines().position(|line| {
        let t = line.trim_start();
        let Some(k) = find_word(t, name) else {
            return false;
        };
        // `float name(`: a return type, then the name, then its parameters.
        let before = t[..k].trim_end();
        let after = t[k + name.len()..].trim_start();
        after.starts_with('(')
            && !before.is_empty()
            && before
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == ' ')
            && !matches!(
                before.split_whitespace().last(),
                Some("return" | "else" | "case")
            )
    });
    match defined_at {
        Some(def) if def < at.line_number as usize => format!(
            "{message}: '{name}' calls itself (directly or through other functions), and GLSL allows no recursion: write it as a loop"
        ),
        Some(_) => format!(
            "{message}: '{name}' is defined further down; GLSL needs a function defined (or declared) before its first use"
        ),
        None => message,
    }
}

/// Where `word` starts in `text` as a whole identifier.
fn find_word(text: &str, word: &str) -> Option<usize> {
    let is_ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    let b = text.as_bytes();
    let mut from = 0;
    while let Some(k) = text[from..].find(word) {
        let at = from + k;
        let end = at + word.len();
        if (at == 0 || !is_ident(b[at - 1])) && (end >= b.len() || !is_ident(b[end])) {
            return Some(at);
        }
        from = end;
    }
    None
}

fn locate(shader: &Shader, loc: naga::SourceLocation, message: String) -> Diagnostic {
    let gline = (loc.line_number as usize).max(1);
    let gcol = (loc.line_position as usize).max(1);
    let generated_line = shader.glsl.lines().nth(gline - 1).unwrap_or_default();
    let (file, line, node) = match shader.source_map.origin(gline) {
        Some(o) if o.file.is_some() => (o.file, o.line, o.node),
        Some(o) => (None, gline, o.node),
        None => (None, gline, None),
    };
    // The file is read again only within the limits any ROP file is read
    // under (it may have changed since, into anything).
    let col = match &file {
        Some(path) => crate::files::read_text(path, crate::limits::CODE_FILE_BYTES)
            .ok()
            .and_then(|t| {
                t.lines()
                    .nth(line.saturating_sub(1))
                    .map(|l| original_column(l, generated_line, gcol))
            })
            .unwrap_or(gcol),
        None => gcol,
    };
    Diagnostic {
        file,
        line,
        col,
        node,
        message: crate::value::cut_message(&message),
        generated_line: gline,
        // A generated line can hold a macro value a megabyte long.
        generated_text: crate::value::echo(generated_line),
    }
}

pub use crate::substitute::original_column;

impl CompileError {
    /// Each message drawn against the ROP's own file, codespan style, with
    /// the offending token underlined and the node named.
    pub fn snippets(&self) -> String {
        use codespan_reporting::diagnostic::{Diagnostic as Report, Label};
        use codespan_reporting::files::SimpleFiles;
        use codespan_reporting::term::{Config, emit_into_string};
        let mut files = SimpleFiles::new();
        let mut out = String::new();
        for d in &self.diagnostics {
            let Some(path) = &d.file else { continue };
            let Ok(text) = crate::files::read_text(path, crate::limits::CODE_FILE_BYTES) else {
                continue;
            };
            let line_start: usize = text
                .split_inclusive('\n')
                .take(d.line.saturating_sub(1))
                .map(str::len)
                .sum();
            let start = (line_start + d.col.saturating_sub(1)).min(text.len());
            let len = text[start..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .map(char::len_utf8)
                .sum::<usize>()
                .max(1);
            let end = (start + len).min(text.len());
            let id = files.add(path.display().to_string(), text);
            let mut notes = Vec::new();
            if let Some(node) = &d.node {
                notes.push(format!("in node {node}"));
            }
            notes.push(format!(
                "generated line {}: {}",
                d.generated_line,
                d.generated_text.trim()
            ));
            let report = Report::error()
                .with_message(&d.message)
                .with_labels(vec![Label::primary(id, start..end)])
                .with_notes(notes);
            if let Ok(s) = emit_into_string(&Config::default(), &files, &report) {
                out.push_str(&s);
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::original_column;

    #[test]
    fn columns_shift_back_over_substituted_names() {
        let orig = "  float d = length(p) - THIS_Radius + bad;";
        let generated = "  float d = length(p) - scene_sphere1_Radius + bad;";
        let g = generated.find("bad").unwrap() + 1;
        assert_eq!(
            original_column(orig, generated, g),
            orig.find("bad").unwrap() + 1
        );
        assert_eq!(original_column(orig, generated, 3), 3);
    }
}
