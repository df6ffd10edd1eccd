//! Per-node templates: `#include "node/<name>.glsl"` in a ROP's code block
//! puts the text of `shaders/node/<name>.glsl` in its place when the ROP
//! loads. The block, template lines and all, is then substituted for each
//! node as any code is (`THIS_` → `<node>_`, `thismap`, `CoordT`, ...),
//! so code that depends on the node's own macros is written once and
//! shared by every ROP that includes it.
//!
//! Templates come only from the shader library already loaded (a map
//! lookup, never a path opened), nest at most [`limits::INCLUDE_DEPTH`]
//! deep, never include themselves, and the expanded block must still fit
//! in [`limits::CODE_FILE_BYTES`]. Every refusal names the file and line
//! of the `#include`. A block that includes nothing is left untouched, so
//! its generated code is what it always was.

use super::*;

/// Where per-node templates live, relative to `shaders/`.
pub const TEMPLATE_DIR: &str = "node/";

/// The name an `#include` line names, `Ok(None)` for any other line, or
/// why the line is not a valid include.
fn include_target(line: &str) -> Result<Option<&str>, String> {
    let t = line.trim_start();
    let Some(rest) = t.strip_prefix('#') else {
        return Ok(None);
    };
    let Some(rest) = rest.trim_start().strip_prefix("include") else {
        return Ok(None);
    };
    if rest.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_') {
        return Ok(None);
    }
    // A comment may follow the name.
    let rest = rest.split("//").next().unwrap_or("").trim();
    let name = rest
        .strip_prefix('"')
        .and_then(|r| r.strip_suffix('"'))
        .filter(|n| !n.contains('"'));
    match name {
        Some(n) if !n.is_empty() => Ok(Some(n)),
        _ => Err(format!(
            "#include wants a quoted template name, as in `#include \"{TEMPLATE_DIR}curveScan.glsl\"`"
        )),
    }
}

/// Checks an included name: a relative path under [`TEMPLATE_DIR`] of
/// plain parts, ending in `.glsl`.
fn check_name(name: &str) -> Result<(), String> {
    let echo = crate::value::echo(name);
    let parts_ok = name.split('/').all(|part| {
        !part.is_empty()
            && part != "."
            && part != ".."
            && part
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'))
    });
    if !name.starts_with(TEMPLATE_DIR) || !parts_ok || !name.ends_with(".glsl") {
        return Err(format!(
            "#include \"{echo}\": ROP code includes per-node templates only, named as `{TEMPLATE_DIR}<name>.glsl` (files of shaders/{TEMPLATE_DIR}); list global library files under `libraries:` instead"
        ));
    }
    Ok(())
}

/// The block with its includes expanded (itself when it has none).
pub(super) fn expand_block(
    block: CodeBlock,
    shaders: &BTreeMap<String, ShaderFile>,
    shader_root: &Path,
) -> Result<CodeBlock, LibraryError> {
    let has_include = block
        .text
        .lines()
        .any(|l| !matches!(include_target(l), Ok(None)));
    if !has_include {
        return Ok(block);
    }
    let mut out = Expanded {
        text: String::with_capacity(block.text.len() * 2),
        runs: Vec::new(),
        lines: 0,
    };
    let mut stack = Vec::new();
    expand(
        &block.text,
        None,
        &block,
        shaders,
        shader_root,
        &mut stack,
        &mut out,
    )?;
    let written = Some(block.text.clone());
    Ok(CodeBlock {
        text: out.text,
        runs: out.runs,
        written,
        ..block
    })
}

struct Expanded {
    text: String,
    runs: Vec<LineRun>,
    /// Lines written so far.
    lines: usize,
}

impl Expanded {
    /// Appends one line that is line `line` of `file` (`None`: the block's own).
    fn push(&mut self, text: &str, file: Option<&Path>, line: usize) {
        self.lines += 1;
        let continues = self
            .runs
            .last()
            .is_some_and(|r| r.file.as_deref() == file && r.line + (self.lines - r.from) == line);
        if !continues {
            self.runs.push(LineRun {
                from: self.lines,
                file: file.map(Path::to_path_buf),
                line,
            });
        }
        self.text.push_str(text);
        self.text.push('\n');
    }
}

/// Expands `text` (the block's own when `file` is `None`, else a template
/// at `file`) into `out`. `stack` holds the templates being expanded.
fn expand(
    text: &str,
    file: Option<(&Path, &str)>,
    block: &CodeBlock,
    shaders: &BTreeMap<String, ShaderFile>,
    shader_root: &Path,
    stack: &mut Vec<String>,
    out: &mut Expanded,
) -> Result<(), LibraryError> {
    for (i, line) in text.lines().enumerate() {
        let n = i + 1;
        let at = |message: String| match file {
            Some((path, _)) => LibraryError::at(path, n, message),
            None => {
                let (path, line) = block.origin(n);
                LibraryError::at(path, line, message)
            }
        };
        let target = include_target(line).map_err(at)?;
        let Some(name) = target else {
            out.push(line, file.map(|(p, _)| p), n);
            if out.text.len() as u64 > limits::CODE_FILE_BYTES {
                return Err(at(format!(
                    "with what it includes, this code block grows past {} (CODE_FILE_BYTES)",
                    crate::files::human_size(limits::CODE_FILE_BYTES)
                )));
            }
            continue;
        };
        check_name(name).map_err(at)?;
        let Some(template) = shaders.get(name) else {
            return Err(at(format!(
                "#include \"{}\": there is no per-node template {}",
                crate::value::echo(name),
                shader_root.join(name).display()
            )));
        };
        if stack.iter().any(|s| s == name) || file.is_some_and(|(_, own)| own == name) {
            return Err(at(format!(
                "include cycle: {} -> {name}",
                stack.join(" -> ")
            )));
        }
        if stack.len() >= limits::INCLUDE_DEPTH {
            return Err(at(format!(
                "includes nested deeper than {} templates (INCLUDE_DEPTH): {} -> {name}",
                limits::INCLUDE_DEPTH,
                stack.join(" -> ")
            )));
        }
        stack.push(name.to_string());
        expand(
            &template.text,
            Some((&template.path, name)),
            block,
            shaders,
            shader_root,
            stack,
            out,
        )?;
        stack.pop();
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shaders(files: &[(&str, &str)]) -> BTreeMap<String, ShaderFile> {
        files
            .iter()
            .map(|(k, t)| {
                (
                    k.to_string(),
                    ShaderFile::new(PathBuf::from("shaders").join(k), t.to_string()),
                )
            })
            .collect()
    }

    fn block(text: &str) -> CodeBlock {
        CodeBlock::new(
            BlockKind::Function,
            PathBuf::from("rops/x/function.glsl"),
            text.into(),
            BlockAt::File,
        )
    }

    #[test]
    fn a_block_without_includes_is_untouched() {
        let b = expand_block(block("a\nb\n"), &shaders(&[]), Path::new("shaders")).unwrap();
        assert_eq!(b.text, "a\nb\n");
        assert!(b.runs.is_empty() && b.written.is_none());
    }

    #[test]
    fn lines_map_back_to_their_files() {
        let s = shaders(&[
            ("node/a.glsl", "a1\n#include \"node/b.glsl\"\na3"),
            ("node/b.glsl", "b1\nb2\n"),
        ]);
        let b = expand_block(
            block("f1\n#include \"node/a.glsl\" // shared\nf3\n"),
            &s,
            Path::new("shaders"),
        )
        .unwrap();
        assert_eq!(b.text, "f1\na1\nb1\nb2\na3\nf3\n");
        assert_eq!(
            b.as_written(),
            "f1\n#include \"node/a.glsl\" // shared\nf3\n"
        );
        let want = [
            ("rops/x/function.glsl", 1),
            ("shaders/node/a.glsl", 1),
            ("shaders/node/b.glsl", 1),
            ("shaders/node/b.glsl", 2),
            ("shaders/node/a.glsl", 3),
            ("rops/x/function.glsl", 3),
        ];
        for (i, (f, l)) in want.iter().enumerate() {
            let (path, line) = b.origin(i + 1);
            assert_eq!((path, line), (Path::new(f), *l), "line {}", i + 1);
        }
        // A custom node's block placed in a network file keeps its offset.
        let mut c = block("x\n#include \"node/b.glsl\"\ny\n");
        c.at = BlockAt::Lines(40);
        let c = expand_block(c, &s, Path::new("shaders")).unwrap();
        assert_eq!(c.origin(1), (Path::new("rops/x/function.glsl"), 40));
        assert_eq!(c.origin(3), (Path::new("shaders/node/b.glsl"), 2));
        assert_eq!(c.origin(4), (Path::new("rops/x/function.glsl"), 42));
    }

    fn refusal(text: &str, files: &[(&str, &str)]) -> LibraryError {
        expand_block(block(text), &shaders(files), Path::new("shaders")).unwrap_err()
    }

    #[test]
    fn bad_includes_are_refused_at_their_line() {
        let e = refusal("x\n#include \"node/none.glsl\"\n", &[]);
        assert_eq!(e.at.line, 2);
        assert!(e.message.contains("no per-node template"), "{e}");
        let e = refusal("#include \"../../etc/passwd\"\n", &[]);
        assert!(e.message.contains("per-node templates only"), "{e}");
        let e = refusal("#include \"node/../common.glsl\"\n", &[]);
        assert!(e.message.contains("per-node templates only"), "{e}");
        let e = refusal("#include \"common.glsl\"\n", &[("common.glsl", "")]);
        assert!(e.message.contains("libraries:"), "{e}");
        let e = refusal("#include <node/a.glsl>\n", &[]);
        assert!(e.message.contains("quoted"), "{e}");
        // A cycle is named where it closes, in the template's own file.
        let e = refusal(
            "#include \"node/a.glsl\"\n",
            &[
                ("node/a.glsl", "#include \"node/b.glsl\""),
                ("node/b.glsl", "\n#include \"node/a.glsl\""),
            ],
        );
        assert!(
            e.message
                .contains("include cycle: node/a.glsl -> node/b.glsl -> node/a.glsl"),
            "{e}"
        );
        assert_eq!(e.at.path(), Path::new("shaders/node/b.glsl"));
        assert_eq!(e.at.line, 2);
        // Each template includes the next twice: 2^20 copies, stopped by size.
        let mut files = Vec::new();
        let names: Vec<String> = (0..21).map(|i| format!("node/t{i}.glsl")).collect();
        let bodies: Vec<String> = (0..21)
            .map(|i| {
                if i == 20 {
                    "float big = 1.0; // some text to copy".to_string()
                } else {
                    format!("#include \"{0}\"\n#include \"{0}\"", names[i + 1])
                }
            })
            .collect();
        for i in 0..21 {
            files.push((names[i].as_str(), bodies[i].as_str()));
        }
        let e = refusal("#include \"node/t0.glsl\"\n", &files);
        assert!(e.message.contains("CODE_FILE_BYTES"), "{e}");
        assert_eq!(e.at.path(), Path::new("shaders/node/t20.glsl"));
        // Deeper than INCLUDE_DEPTH without a cycle.
        let names: Vec<String> = (0..=limits::INCLUDE_DEPTH + 1)
            .map(|i| format!("node/d{i}.glsl"))
            .collect();
        let bodies: Vec<String> = names
            .iter()
            .skip(1)
            .map(|n| format!("#include \"{n}\""))
            .chain(["x".to_string()])
            .collect();
        let files: Vec<(&str, &str)> = names
            .iter()
            .map(String::as_str)
            .zip(bodies.iter().map(String::as_str))
            .collect();
        let e = refusal("#include \"node/d0.glsl\"\n", &files);
        assert!(e.message.contains("INCLUDE_DEPTH"), "{e}");
    }

    #[test]
    fn words_that_only_start_like_include_are_code() {
        assert_eq!(include_target("#includeX"), Ok(None));
        assert_eq!(
            include_target("  #  include \"node/a.glsl\""),
            Ok(Some("node/a.glsl"))
        );
        assert_eq!(include_target("// #include \"x\""), Ok(None));
    }
}
