//! The sections every target shares: each node's macros and code blocks,
//! the variables, library includes, `initAll` and the material switch.
//! Targets add their header, resources and entry point around these (see
//! [`super::target`]).

use super::GenerateError;
use super::model::{NodeCx, Texts};
use super::out::Out;
use crate::library::{BlockKind, Library, RopDef, ShaderFile};
use std::collections::{BTreeMap, BTreeSet, HashSet};

/// Emits one node: type macros, input and material macros, parameter macros,
/// its macro table, then its globals and function blocks.
/// A `quiet` node (spliced into its caller or folded) that leaves nothing
/// of its own leaves no section either.
pub(super) fn emit_node(
    out: &mut Out,
    ni: usize,
    cx: &NodeCx,
    texts: &Texts,
    quiet: bool,
) -> Result<(), GenerateError> {
    let n = &cx.res.nodes[ni];
    let id = ni as u32;
    let text = &texts.nodes[ni];
    let is_output = ni + 1 == cx.res.nodes.len();
    let define_used = |line: &str| {
        line.strip_prefix("#define ")
            .and_then(|rest| {
                // The macro's name, without a function-like macro's parameters.
                rest.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                    .next()
            })
            .is_none_or(|name| texts.used.contains(name))
    };
    // The output node's macros are read by the output template too, so they
    // stay, all of a parameter's lines together, as long as any code (the
    // nodes', their macro rows' or a template's, before folding) names one
    // of them (`<node>_Mode_bands` names `Mode`). A parameter that no code
    // names at all leaves no lines: an
    // output parameter read only through the output's macro table (such as
    // raymarchRender3D's Reflections, which turns on code that is folded
    // away at 0) must leave the shader of a network that does not use it
    // exactly as it was before the parameter existed. Other nodes keep only
    // the lines that the code left after folding names.
    let params_named: Vec<bool> = if is_output {
        cx.defs[ni]
            .params
            .iter()
            .map(|p| {
                let prefix = format!("{}_{}", n.name, p.name);
                texts.named.iter().any(|w| w.starts_with(&prefix))
            })
            .collect()
    } else {
        Vec::new()
    };
    let kept: Vec<&str> = text
        .decls
        .iter()
        .zip(&text.decl_params)
        .filter(|(line, p)| {
            if is_output {
                p.is_none_or(|p| params_named[p])
            } else {
                define_used(line)
            }
        })
        .map(|(line, _)| line.as_str())
        .collect();
    let function = texts.functions.get(ni).and_then(Option::as_ref);
    let empty = kept.is_empty()
        && text.macros.is_empty()
        && text
            .block(BlockKind::Globals)
            .is_none_or(|(l, _)| l.is_empty())
        && function.is_some_and(Vec::is_empty);
    if quiet && empty {
        return Ok(());
    }
    out.header(&format!("node {} ({})", n.path, cx.defs[ni].name));
    out.emit(&kept.join("\n"), id);
    let def = cx.defs[ni];
    for (line, row) in &text.macros {
        out.line_from(line, &def.yaml_path, *row, id);
    }
    if let Some((lines, map)) = text.block(BlockKind::Globals) {
        out.block_lines(lines, map, id);
    }
    match (function, text.block(BlockKind::Function)) {
        (Some(pieces), Some((_, map))) => {
            for p in pieces {
                let map = texts.nodes[p.node as usize]
                    .block(BlockKind::Function)
                    .map_or(map, |(_, map)| map);
                match p.line {
                    Some(line) => out.line_at(&p.text, map, line, p.node),
                    None => out.emit(&p.text, p.node),
                }
            }
        }
        (_, Some((lines, map))) => out.block_lines(lines, map, id),
        (_, None) => {}
    }
    check_size(out, def, &n.path)
}

/// Fails once the stitched shader is larger than [`crate::limits::SHADER_BYTES`],
/// naming the node that took it past.
pub(super) fn check_size(out: &Out, def: &RopDef, node: &str) -> Result<(), GenerateError> {
    let limit = crate::limits::SHADER_BYTES;
    if out.text.len() <= limit {
        return Ok(());
    }
    Err(GenerateError::Macro {
        file: def.yaml_path.clone(),
        line: 1,
        node: node.to_string(),
        message: format!(
            "the stitched shader grows past the limit of {} with this node (SHADER_BYTES): a driver compiles a shader as one function, in time and memory that grow faster than its size; split the scene into several networks, or use repeat filters for repeated parts",
            crate::files::human_size(limit as u64)
        ),
    })
}

/// The global that holds variable `name` (see [`crate::library::VariableDef`]).
pub fn variable_global(name: &str) -> String {
    format!("rk_var_{name}")
}

/// One global per variable that a reachable node provides, set by its
/// providers around the calls they make: none when no node provides one.
pub(super) fn variables(out: &mut Out, cx: &NodeCx) {
    let mut vars = BTreeMap::new();
    for (ni, n) in cx.res.nodes.iter().enumerate() {
        if let Some((crate::library::VariableRole::Provide, name, ty)) =
            cx.net.nodes[&n.path].variable(cx.defs[ni])
        {
            vars.entry(name.to_string()).or_insert(ty.to_string());
        }
    }
    if vars.is_empty() {
        return;
    }
    out.header("variables");
    for (name, ty) in vars {
        out.emit(
            &format!("{ty} {} = {ty}(0.0);", variable_global(&name)),
            u32::MAX,
        );
    }
}

/// `void initAll()`: the target's prologue, then every node's init block.
pub(super) fn init_all(out: &mut Out, texts: &Texts, prologue: &str) {
    out.header("init");
    out.emit("void initAll() {", u32::MAX);
    if !prologue.is_empty() {
        out.emit(prologue, u32::MAX);
    }
    for (ni, text) in texts.nodes.iter().enumerate() {
        if let Some((lines, map)) = text.block(BlockKind::Init) {
            out.emit("  {", ni as u32);
            out.block_lines(lines, map, ni as u32);
            out.emit("  }", ni as u32);
        }
    }
    out.emit("}", u32::MAX);
}

/// The material switch: one `case` per material node, then the blending of
/// a result's two material ids. A `switch` rather than an `else if` chain:
/// each `else if` nests one block deeper, and a network with hundreds of
/// materials would nest past what naga and the drivers recurse through.
pub(super) fn materials(out: &mut Out, cx: &NodeCx, texts: &Texts) {
    out.header("materials");
    out.emit(
        "vec3 ropkitMaterialById(int m, vec3 p, MaterialContext matCtx) {\n  vec3 col = vec3(0.0);\n  switch (m) {",
        u32::MAX,
    );
    for (ni, n) in cx.res.nodes.iter().enumerate() {
        let (Some(_), Some((body, map))) =
            (n.material_id, texts.nodes[ni].block(BlockKind::Material))
        else {
            continue;
        };
        out.emit(&format!("  case {}_MAT: {{", n.name), ni as u32);
        out.block_lines(body, map, ni as u32);
        // `break` after the braces: naga's WGSL writer rejects it inside them.
        out.emit("  } break;", ni as u32);
    }
    out.emit(
        "  default: {\n    col = ropkitDefaultMaterial(p, matCtx);\n  } break;\n  }\n  return col;\n}",
        u32::MAX,
    );
    out.emit(
        "vec3 ropkitMaterial(vec3 p, MaterialContext matCtx) {\n  vec3 col = ropkitMaterialById(matCtx.result.material, p, matCtx);\n  if (matCtx.result.blend > 0.0 && matCtx.result.material2 != matCtx.result.material) {\n    col = mix(col, ropkitMaterialById(matCtx.result.material2, p, matCtx), clamp(matCtx.result.blend, 0.0, 1.0));\n  }\n  return col;\n}",
        u32::MAX,
    );
}

/// Emits one library file after the files it includes, each file once.
pub(super) fn include(
    lib: &Library,
    library_defined: &HashSet<String>,
    name: &str,
    done: &mut BTreeSet<String>,
    stack: &mut Vec<String>,
    out: &mut Out,
) -> Result<(), GenerateError> {
    if done.contains(name) {
        return Ok(());
    }
    if name.starts_with(crate::library::TEMPLATE_DIR) {
        return Err(GenerateError::Library {
            file: lib
                .shader_root()
                .join(stack.last().map_or(name, String::as_str)),
            message: format!(
                "'{name}' is a per-node template: only ROP code includes it (a library file is written once, not per node)"
            ),
        });
    }
    let file: &ShaderFile = lib
        .shaders
        .get(name)
        .ok_or_else(|| GenerateError::Library {
            file: lib.shader_root().join(name),
            message: format!(
                "library file '{name}' not found in {}",
                lib.shader_root().display()
            ),
        })?;
    if stack.iter().any(|s| s == name) {
        return Err(GenerateError::Library {
            file: file.path.clone(),
            message: format!("include cycle: {} -> {name}", stack.join(" -> ")),
        });
    }
    if stack.len() >= crate::limits::INCLUDE_DEPTH {
        return Err(GenerateError::Library {
            file: file.path.clone(),
            message: format!(
                "includes nested deeper than {} files (INCLUDE_DEPTH): {} -> {name}",
                crate::limits::INCLUDE_DEPTH,
                stack.join(" -> ")
            ),
        });
    }
    stack.push(name.to_string());
    // Resolve includes first; the file is then emitted with its include lines blanked
    // so that line numbers still map one to one.
    let mut body = String::with_capacity(file.text.len());
    for line in file.text.lines() {
        let t = line.trim_start();
        if let Some(rest) = t.strip_prefix("#include") {
            let target = rest
                .trim()
                .trim_matches(|c| c == '"' || c == '<' || c == '>');
            include(lib, library_defined, target, done, stack, out)?;
            body.push_str("// (included above) ");
            body.push_str(t);
        } else {
            body.push_str(line);
        }
        body.push('\n');
    }
    stack.pop();
    done.insert(name.to_string());
    out.header(&format!("library {name}"));
    // Settled like node code: what the header, the global macro rows and the
    // files before this one define is known (a library file sees nothing
    // later), so `#ifdef ROPKIT_…` blocks for features a network does not
    // use leave no text. Names library files define themselves
    // (`library_defined`) stay open.
    let mut defined = HashSet::new();
    super::fold::defined_in(&out.text, &mut defined);
    let prefixes: HashSet<String> = ["ROPKIT_".to_string()].into();
    let facts = super::fold::Facts {
        defined: &defined,
        code_defined: library_defined,
        generated_prefixes: &prefixes,
    };
    let lines: Vec<(u32, String)> = super::fold::fold(&body, &facts)
        .into_iter()
        .map(|(n, l)| (n, l.into_owned()))
        .collect();
    out.lines(&lines, &file.path, u32::MAX);
    Ok(())
}
