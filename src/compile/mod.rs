//! Stage 5: parse and validate the stitched shader with naga, and translate
//! naga's errors back through the source map to the ROP file, line and
//! column they came from.

mod checks;

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
    checks::check_module(&module).map_err(|problem| CompileError {
        diagnostics: vec![locate(
            shader,
            problem.span.location(src),
            problem.kind.to_string(),
        )],
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
