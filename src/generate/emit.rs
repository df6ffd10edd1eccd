//! The sections every target shares: the line buffer with its source map,
//! each node's macros and code blocks, library includes, `initAll`, the
//! material switch, and macro tables. Targets add their header, resources
//! and entry point around these (see [`super::target`]).

use super::{GenerateError, LineOrigin, ParamSlot, SourceMap};
use crate::expr::{self, Env, Value};
use crate::library::{BlockKind, CodeBlock, Library, MacroRow, ParamDef, RopDef, ShaderFile};
use crate::network::Network;
use crate::resolve::{Resolution, ResolvedNode};
use crate::substitute::{Names, substitute};
use crate::types::ParamStyle;
use crate::value::{ParamValue, float_text};
use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::fmt::Write as _;
use std::path::PathBuf;

/// Line-oriented output with origins.
pub struct Out {
    pub text: String,
    pub map: SourceMap,
    file_ids: BTreeMap<PathBuf, u32>,
}

impl Default for Out {
    fn default() -> Out {
        Out::new()
    }
}

impl Out {
    pub fn new() -> Out {
        Out {
            text: String::with_capacity(64 * 1024),
            map: SourceMap::default(),
            file_ids: BTreeMap::new(),
        }
    }

    fn file_id(&mut self, path: &PathBuf) -> u32 {
        if let Some(id) = self.file_ids.get(path) {
            return *id;
        }
        let id = self.map.files.len() as u32;
        self.map.files.push(path.clone());
        self.file_ids.insert(path.clone(), id);
        id
    }
    /// Generated text (may hold several lines).
    pub fn emit(&mut self, text: &str, node: u32) {
        for line in text.lines() {
            self.text.push_str(line);
            self.text.push('\n');
            self.map.lines.push(LineOrigin {
                file: u32::MAX,
                line: 0,
                node,
            });
        }
    }
    /// Text from a file, already substituted; line numbers map one to one.
    pub fn file(&mut self, text: &str, path: &PathBuf, node: u32) {
        let file = self.file_id(path);
        for (i, line) in text.lines().enumerate() {
            self.text.push_str(line);
            self.text.push('\n');
            self.map.lines.push(LineOrigin {
                file,
                line: i as u32 + 1,
                node,
            });
        }
    }
    /// One generated line that comes from line `line` of `path` (a macro
    /// row of a `rop.yaml`): errors in it point at that row.
    pub fn line_from(&mut self, text: &str, path: &PathBuf, line: usize, node: u32) {
        let file = self.file_id(path);
        for part in text.lines() {
            self.text.push_str(part);
            self.text.push('\n');
            self.map.lines.push(LineOrigin {
                file,
                line: line as u32,
                node,
            });
        }
    }
    /// Lines of a file that were kept, each with its line number in the file.
    pub fn lines(&mut self, lines: &[(u32, String)], path: &PathBuf, node: u32) {
        let file = self.file_id(path);
        for (n, line) in lines {
            self.text.push_str(line);
            self.text.push('\n');
            self.map.lines.push(LineOrigin {
                file,
                line: *n,
                node,
            });
        }
    }
    /// A ROP code block, with the node's substitutions applied.
    pub fn block(&mut self, block: &CodeBlock, names: &Names, node: u32) {
        let lines: Vec<(u32, String)> = substitute(&block.text, names)
            .lines()
            .enumerate()
            .map(|(i, l)| (block.file_line(i + 1) as u32, l.to_string()))
            .collect();
        self.lines(&lines, &block.path, node);
    }
    pub fn header(&mut self, title: &str) {
        self.emit(&format!("\n// ==== {title} ===="), u32::MAX);
    }
}

/// The values a macro-table expression of one node may look at.
pub(super) struct NodeEnv<'a> {
    pub def: &'a RopDef,
    pub node: &'a crate::network::Node,
    pub rnode: &'a ResolvedNode,
    /// The whole resolution, for `inputSize`.
    pub res: &'a Resolution,
}

impl Env for NodeEnv<'_> {
    fn param(&self, name: &str) -> Option<Value> {
        let pdef = self.def.param(name)?;
        let v = self.node.value(self.def, name)?;
        Some(match v {
            ParamValue::Float(f) => Value::Float(*f),
            ParamValue::Int(i) => Value::Int(*i),
            ParamValue::Bool(b) => Value::Bool(*b),
            ParamValue::Vector(v) => Value::List(v.iter().map(|f| Value::Float(*f)).collect()),
            ParamValue::Text(s)
                if pdef.style == ParamStyle::Menu || pdef.style == ParamStyle::String =>
            {
                Value::Str(s.clone())
            }
            ParamValue::Text(s) => Value::Str(s.clone()),
        })
    }
    fn has_input(&self, index: i64) -> bool {
        index >= 1
            && self
                .rnode
                .inputs
                .get(index as usize - 1)
                .is_some_and(|i| i.is_some())
    }
    fn input_size(&self, index: i64) -> i64 {
        let Some(Some(first)) = index
            .checked_sub(1)
            .and_then(|i| usize::try_from(i).ok())
            .and_then(|i| self.rnode.inputs.get(i))
        else {
            return 0;
        };
        // Inputs come before the nodes that call them, so a walk down from
        // `first` marks each upstream node once.
        let mut seen = vec![false; self.res.nodes.len()];
        let mut stack = vec![*first];
        let mut count = 0;
        while let Some(i) = stack.pop() {
            if std::mem::replace(&mut seen[i], true) {
                continue;
            }
            count += 1;
            stack.extend(self.res.nodes[i].inputs.iter().flatten().copied());
        }
        count
    }
    fn coord_type(&self) -> &str {
        self.rnode.coord.as_str()
    }
    fn context_type(&self) -> &str {
        self.rnode.context.as_str()
    }
    fn return_type(&self) -> &str {
        self.rnode.ret.as_str()
    }
}

/// A code block's lines that remain after folding, each with its line
/// number in the ROP's file.
pub(super) type Lines = Vec<(u32, String)>;

/// One node's code, substituted once (and folded, see [`super::fold`]) and
/// kept for every section that emits it.
pub(super) struct NodeText {
    /// The node's own `#define`s: types, inputs, material id, parameters, textures.
    pub decls: Vec<String>,
    /// For each line of `decls`, the index of the parameter it defines (if any).
    pub decl_params: Vec<Option<usize>>,
    /// Its macro table's lines, each with its row's line in `rop.yaml`.
    pub macros: Vec<(String, usize)>,
    /// Each code block as (line number in the ROP's file, text) pairs.
    pub blocks: Vec<(BlockKind, Lines, PathBuf)>,
}

impl NodeText {
    pub fn block(&self, kind: BlockKind) -> Option<(&[(u32, String)], &PathBuf)> {
        self.blocks
            .iter()
            .find(|(k, _, _)| *k == kind)
            .map(|(_, t, p)| (t.as_slice(), p))
    }
}

/// Every node's declarations, substituted code and macro-table lines, with
/// the conditionals whose answer the generator knows folded away.
/// `settled` holds the macros defined before the nodes (the target's
/// header and the global macro rows).
pub(super) fn node_texts(
    cx: &NodeCx,
    layout: &super::layout::Layout,
    settled: &str,
    lib: &crate::library::Library,
) -> Result<(Vec<NodeText>, std::collections::HashSet<String>), GenerateError> {
    use super::fold;
    use std::collections::HashSet;
    let mut raw = Vec::with_capacity(cx.res.nodes.len());
    for (ni, n) in cx.res.nodes.iter().enumerate() {
        let def = cx.defs[ni];
        let names = cx.names(ni);
        let env = NodeEnv {
            def,
            node: &cx.net.nodes[&n.path],
            rnode: n,
            res: cx.res,
        };
        let (decls, decl_params) =
            node_decls(cx, ni, &layout.params[layout.node_params[ni].clone()]);
        // Field-capable parameters with nothing on their input read their own
        // value: `<node>_<Param>_at(p, ctx)` becomes `<node>_<Param>`, so the
        // code is exactly what it was before the parameter could be driven.
        let own_values: Vec<String> = def
            .params
            .iter()
            .filter(|p| p.field && field_node(cx, ni, &p.name).is_none())
            .map(|p| format!("{}_{}", n.name, p.name))
            .collect();
        let macros = eval_macro_rows(
            &def.macros,
            &env,
            &names,
            def,
            &n.path,
            crate::limits::SHADER_BYTES,
        )?;
        let blocks: Vec<(&CodeBlock, String)> = def
            .blocks
            .iter()
            .map(|b| (b, unfield(substitute(&b.text, &names), &own_values)))
            .collect();
        raw.push((decls, decl_params, macros, blocks));
    }
    // What is settled: every generated macro; what is not: anything code defines.
    let mut defined = HashSet::new();
    fold::defined_in(settled, &mut defined);
    let mut code_defined = HashSet::new();
    // Every word of the output node's own prefix that the code names before
    // folding (see `emit_node`).
    let out_prefix = format!("{}_", cx.res.output().name);
    let mut named = HashSet::new();
    for (decls, _, macros, blocks) in &raw {
        for line in decls.iter().chain(macros.iter().map(|(m, _)| m)) {
            fold::defined_in(line, &mut defined);
        }
        for (m, _) in macros {
            add_words_with_prefix(m, &out_prefix, &mut named);
        }
        for (_, text) in blocks {
            fold::defined_in(text, &mut code_defined);
            add_words_with_prefix(text, &out_prefix, &mut named);
        }
    }
    for file in lib.shaders.values() {
        fold::defined_in(&file.text, &mut code_defined);
    }
    let mut prefixes: Vec<String> = cx
        .res
        .nodes
        .iter()
        .map(|n| format!("{}_", n.name))
        .collect();
    prefixes.push("ROPKIT_".into());
    let facts = fold::Facts {
        defined: &defined,
        code_defined: &code_defined,
        generated_prefixes: &prefixes,
    };
    let texts = raw
        .into_iter()
        .map(|(decls, decl_params, macros, blocks)| NodeText {
            decls,
            decl_params,
            macros,
            blocks: blocks
                .iter()
                .map(|(block, text)| {
                    // Numbered as in the file that holds the block (a
                    // custom node's code sits inside a network file).
                    let lines = fold::fold(text, &facts)
                        .into_iter()
                        .map(|(n, l)| (block.file_line(n as usize) as u32, l.into_owned()))
                        .collect();
                    (block.kind, lines, block.path.clone())
                })
                .collect(),
        })
        .collect();
    Ok((texts, named))
}

/// Every identifier the nodes' code and macro rows use: a generated macro
/// that none of them names is left out of the shader (it would only be
/// more text for every compiler to read).
pub(super) fn used_words(texts: &[NodeText]) -> std::collections::HashSet<String> {
    let mut words = std::collections::HashSet::new();
    let mut add = |text: &str| add_words(text, &mut words);
    for t in texts {
        for (m, _) in &t.macros {
            add(m);
        }
        for (_, lines, _) in &t.blocks {
            for (_, l) in lines {
                add(l);
            }
        }
    }
    words
}

/// Adds every identifier of `text` to `words`.
pub(super) fn add_words(text: &str, words: &mut std::collections::HashSet<String>) {
    add_words_with_prefix(text, "", words);
}

/// Adds every identifier of `text` that starts with `prefix` to `words`.
pub(super) fn add_words_with_prefix(
    text: &str,
    prefix: &str,
    words: &mut std::collections::HashSet<String>,
) {
    for w in text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')) {
        if w.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
            && w.starts_with(prefix)
            && !words.contains(w)
        {
            words.insert(w.to_string());
        }
    }
}

/// What emitting any node needs to see.
pub(super) struct NodeCx<'a> {
    pub res: &'a Resolution,
    pub net: &'a Network,
    pub defs: &'a [&'a RopDef],
    pub input_names: &'a [Vec<Option<&'a str>>],
    /// Per node: (macro name, GLSL expression) of each texture.
    pub texture_macros: &'a [Vec<(String, String)>],
    /// Parameters are compiled in as literals rather than read from their slots.
    pub bake: bool,
}

/// What emitting nodes needs beyond the network: their code and the words it uses.
pub(super) struct Texts<'a> {
    pub nodes: &'a [NodeText],
    pub used: &'a std::collections::HashSet<String>,
    /// Every identifier with the output node's prefix that the nodes' code,
    /// macro rows and the output templates name before folding (conditions
    /// included).
    pub named: &'a std::collections::HashSet<String>,
}

impl NodeCx<'_> {
    fn names(&self, ni: usize) -> Names<'_> {
        Names {
            name: &self.res.nodes[ni].name,
            inputs: &self.input_names[ni],
        }
    }
}

/// Emits one node: type macros, input and material macros, parameter macros,
/// its macro table, then its globals and function blocks.
pub(super) fn emit_node(
    out: &mut Out,
    ni: usize,
    cx: &NodeCx,
    texts: &Texts,
) -> Result<(), GenerateError> {
    let n = &cx.res.nodes[ni];
    let id = ni as u32;
    out.header(&format!("node {} ({})", n.path, cx.defs[ni].name));
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
    out.emit(&kept.join("\n"), id);
    let def = cx.defs[ni];
    for (line, row) in &text.macros {
        out.line_from(line, &def.yaml_path, *row, id);
    }
    for kind in [BlockKind::Globals, BlockKind::Function] {
        if let Some((lines, path)) = text.block(kind) {
            out.lines(lines, path, id);
        }
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
            "the stitched shader grows past the limit of {} with this node",
            crate::files::human_size(limit as u64)
        ),
    })
}

/// The `#define`s that make a node's types, inputs, material id,
/// parameters and textures reachable from its code, one line each.
/// Also says, line by line, which parameter (its index in the ROP's list)
/// each line defines.
fn node_decls(cx: &NodeCx, ni: usize, params: &[ParamSlot]) -> (Vec<String>, Vec<Option<usize>>) {
    let n = &cx.res.nodes[ni];
    let def = cx.defs[ni];
    let node = &cx.net.nodes[&n.path];
    let nm = &n.name;
    let mut decl = format!(
        "#define {nm}_CoordT {c}\n#define {nm}_ContextT {x}\n#define {nm}_ReturnT {r}\n#define {nm}_COORD_TYPE_{c}\n#define {nm}_CONTEXT_TYPE_{x}\n#define {nm}_RETURN_TYPE_{r}\n",
        c = n.coord,
        x = n.context,
        r = n.ret
    );
    for (i, input) in n.inputs.iter().enumerate() {
        if input.is_some() {
            let _ = writeln!(decl, "#define {nm}_HAS_INPUT_{}", i + 1);
        }
    }
    if let Some(m) = n.material_id {
        let _ = writeln!(decl, "#define {nm}_MAT {m}");
    }
    let mut owners = vec![None; decl.lines().count()];
    for (pi, p) in def.params.iter().enumerate() {
        let value = node
            .value(def, &p.name)
            .cloned()
            .unwrap_or_else(|| p.default.clone());
        let slot = if cx.bake {
            None
        } else {
            params.iter().find(|s| s.param == p.name)
        };
        let mut text = String::new();
        param_macros(&mut text, nm, p, &value, slot);
        if p.field {
            field_macro(&mut text, cx, ni, p);
        }
        owners.extend(std::iter::repeat_n(Some(pi), text.lines().count()));
        decl.push_str(&text);
    }
    for (name, value) in &cx.texture_macros[ni] {
        let _ = writeln!(decl, "#define {name} {value}");
    }
    if let Some((_, var, _)) = node.variable(def) {
        let _ = writeln!(decl, "#define {nm}_VAR {}", variable_global(var));
    }
    let lines: Vec<String> = decl.lines().map(str::to_string).collect();
    owners.resize(lines.len(), None);
    (lines, owners)
}

/// `<node>_<Param>_at(P, CTX)` for a field-capable parameter with a field
/// on its input: the field node evaluated at P (converted to the parameter's
/// type). Appended to `text`, which already holds the parameter's own
/// macros. Without a field nothing is defined: [`unfield`] has rewritten the
/// reads to the parameter itself.
fn field_macro(text: &mut String, cx: &NodeCx, ni: usize, p: &crate::library::ParamDef) {
    let Some(fi) = field_node(cx, ni, &p.name) else {
        return;
    };
    let f = &cx.res.nodes[fi];
    let call = format!("{}(P, CTX)", f.name);
    let k = p.style.components();
    let body = match (k, f.ret) {
        (1, _) | (4, crate::types::ReturnType::Vec4) => call,
        (_, crate::types::ReturnType::Vec4) => format!("({call}).{}", &"xyzw"[..k]),
        _ => format!("vec{k}({call})"),
    };
    let _ = writeln!(
        text,
        "#define {}_{}_at(P, CTX) ({body})",
        cx.res.nodes[ni].name, p.name
    );
}

/// The node on the input that drives field-capable parameter `param` of
/// node `ni`, if one is connected.
fn field_node(cx: &NodeCx, ni: usize, param: &str) -> Option<usize> {
    let k = cx.defs[ni]
        .inputs
        .iter()
        .position(|i| i.drives.as_deref() == Some(param))?;
    cx.res.nodes[ni].inputs.get(k).copied().flatten()
}

/// `text` with every call `NAME_at(…)` of a name in `names` replaced by
/// `NAME` (arguments dropped, parentheses balanced). A call left open is
/// left as written, for the compiler to report at its line.
fn unfield(text: String, names: &[String]) -> String {
    let mut text = text;
    for name in names {
        let call = format!("{name}_at(");
        if !text.contains(&call) {
            continue;
        }
        let mut out = String::with_capacity(text.len());
        let mut rest = text.as_str();
        while let Some(at) = rest.find(&call) {
            let boundary = rest[..at]
                .chars()
                .next_back()
                .is_none_or(|c| !(c.is_ascii_alphanumeric() || c == '_'));
            let args = &rest[at + call.len()..];
            let mut depth = 1usize;
            let close = args.char_indices().find_map(|(i, c)| {
                match c {
                    '(' => depth += 1,
                    ')' => depth -= 1,
                    _ => {}
                }
                (depth == 0).then_some(i)
            });
            match (boundary, close) {
                (true, Some(i)) => {
                    out.push_str(&rest[..at]);
                    out.push_str(name);
                    // Arguments over several lines: keep the line breaks, so
                    // the lines after still map to their place in the file.
                    out.extend(args[..i].chars().filter(|c| *c == '\n'));
                    rest = &args[i + 1..];
                }
                _ => {
                    out.push_str(&rest[..at + call.len()]);
                    rest = args;
                }
            }
        }
        out.push_str(rest);
        text = out;
    }
    text
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
        if let Some((lines, path)) = text.block(BlockKind::Init) {
            out.emit("  {", ni as u32);
            out.lines(lines, path, ni as u32);
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
        let (Some(_), Some((body, path))) =
            (n.material_id, texts.nodes[ni].block(BlockKind::Material))
        else {
            continue;
        };
        out.emit(&format!("  case {}_MAT: {{", n.name), ni as u32);
        out.lines(body, path, ni as u32);
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
    let prefixes = vec!["ROPKIT_".to_string()];
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

/// The `#define`s that make a parameter reachable as `<name>_<Param>`.
pub fn param_macros(
    out: &mut String,
    nm: &str,
    p: &ParamDef,
    value: &ParamValue,
    slot: Option<&ParamSlot>,
) {
    let pn = &p.name;
    if let Some(s) = slot {
        let swz = &"xyzw"[s.offset..s.offset + s.components];
        let v = format!("vecParams[{}]", s.slot);
        match p.style {
            ParamStyle::Float => {
                let _ = writeln!(out, "#define {nm}_{pn} {v}.{swz}");
            }
            ParamStyle::Int => {
                let _ = writeln!(out, "#define {nm}_{pn} int({v}.{swz})");
            }
            ParamStyle::Toggle => {
                let _ = writeln!(out, "#define {nm}_{pn} ({v}.{swz} > 0.5)");
            }
            ParamStyle::Rotation => {
                // Three columns of the matrix (made on the CPU), angles in `.w`.
                let col = |c: usize| format!("vecParams[{}]", s.slot + c);
                let _ = writeln!(
                    out,
                    "#define {nm}_{pn} vec3({}.w, {}.w, {}.w)\n#define {nm}_{pn}x {}.w\n#define {nm}_{pn}y {}.w\n#define {nm}_{pn}z {}.w\n#define {nm}_{pn}_matrix mat3({}.xyz, {}.xyz, {}.xyz)",
                    col(0),
                    col(1),
                    col(2),
                    col(0),
                    col(1),
                    col(2),
                    col(0),
                    col(1),
                    col(2)
                );
            }
            _ => {
                let _ = writeln!(out, "#define {nm}_{pn} vec{}({v}.{swz})", s.components);
                for (k, suffix) in p.style.component_suffixes().iter().enumerate() {
                    let _ = writeln!(out, "#define {nm}_{pn}{suffix} {v}.{}", &"xyzw"[k..k + 1]);
                }
            }
        }
        return;
    }
    if let (ParamStyle::Rotation, ParamValue::Vector(v)) = (p.style, value) {
        let deg = |k: usize| v.get(k).copied().unwrap_or(0.0);
        let m = crate::value::rotation_matrix([deg(0), deg(1), deg(2)]);
        let items: Vec<String> = m
            .iter()
            .flat_map(|c| c.iter().map(|f| float_text(*f)))
            .collect();
        let _ = writeln!(
            out,
            "#define {nm}_{pn} vec3({}, {}, {})\n#define {nm}_{pn}x {}\n#define {nm}_{pn}y {}\n#define {nm}_{pn}z {}\n#define {nm}_{pn}_matrix mat3({})",
            float_text(deg(0)),
            float_text(deg(1)),
            float_text(deg(2)),
            float_text(deg(0)),
            float_text(deg(1)),
            float_text(deg(2)),
            items.join(", ")
        );
        return;
    }
    match (p.style, value) {
        (ParamStyle::Menu, ParamValue::Text(opt)) => {
            let index = p.options.iter().position(|o| o == opt).unwrap_or(0);
            let _ = writeln!(
                out,
                "#define {nm}_{pn} {opt}\n#define {nm}_{pn}_{opt}\n#define {nm}_{pn}_INDEX {index}"
            );
        }
        (ParamStyle::String, ParamValue::Text(s)) => {
            let _ = writeln!(out, "#define {nm}_{pn} {}", s.replace('\n', " "));
        }
        (ParamStyle::Texture, _) => {} // bound by texture macros
        (_, ParamValue::Float(f)) => {
            let _ = writeln!(out, "#define {nm}_{pn} {}", float_text(*f));
        }
        (_, ParamValue::Int(i)) => {
            let _ = writeln!(out, "#define {nm}_{pn} {i}");
        }
        (_, ParamValue::Bool(b)) => {
            let _ = writeln!(out, "#define {nm}_{pn} {b}");
            if *b {
                let _ = writeln!(out, "#define {nm}_{pn}_on");
            }
        }
        (_, ParamValue::Vector(v)) => {
            let items: Vec<String> = v.iter().map(|f| float_text(*f)).collect();
            let _ = writeln!(
                out,
                "#define {nm}_{pn} vec{}({})",
                v.len(),
                items.join(", ")
            );
            for (suffix, item) in p.style.component_suffixes().iter().zip(&items) {
                let _ = writeln!(out, "#define {nm}_{pn}{suffix} {item}");
            }
        }
        (_, ParamValue::Text(s)) => {
            let _ = writeln!(out, "#define {nm}_{pn} {s}");
        }
    }
}

/// Evaluates a macro table into `#define` lines (see the ROP code guide):
/// a row whose condition is falsy is dropped; the second cell is a name, or a
/// name and value separated by a space; the third cell, if any, is the value.
pub fn eval_macro_table(
    rows: &[MacroRow],
    env: &dyn Env,
    names: &Names,
    def: &RopDef,
    node: &str,
) -> Result<Vec<String>, GenerateError> {
    eval_macro_rows(rows, env, names, def, node, crate::limits::SHADER_BYTES)
        .map(|lines| lines.into_iter().map(|(line, _)| line).collect())
}

/// [`eval_macro_table`], with the `rop.yaml` line of each row, failing at
/// the row whose lines take the table past `budget` bytes: each cell is
/// capped, but thousands of rows of a megabyte each would make a shader of
/// gigabytes.
pub(super) fn eval_macro_rows(
    rows: &[MacroRow],
    env: &dyn Env,
    names: &Names,
    def: &RopDef,
    node: &str,
    budget: usize,
) -> Result<Vec<(String, usize)>, GenerateError> {
    let mut lines = Vec::new();
    let mut bytes = 0usize;
    for (ri, row) in rows.iter().enumerate() {
        let fail = |cell: usize, message: String| GenerateError::Macro {
            file: def.yaml_path.clone(),
            line: row.line,
            node: node.to_string(),
            message: format!("macro row {}, cell {}: {message}", ri + 1, cell + 1),
        };
        let cell = |k: usize| {
            row.cells
                .get(k)
                .cloned()
                .flatten()
                .map(|c| substitute(&c, names))
        };
        if let Some(cond) = cell(0) {
            let v = expr::eval(&cond, env).map_err(|e| fail(0, e.to_string()))?;
            if !v.truthy() {
                continue;
            }
        }
        let Some(name_cell) = cell(1) else { continue };
        let name_text = match literal_macro_name(&name_cell) {
            Some(text) => text.to_string(),
            None => expr::eval(&name_cell, env)
                .map_err(|e| fail(1, e.to_string()))?
                .to_text(),
        };
        let name_text = name_text.trim().to_string();
        let (name, inline_value) = match name_text.split_once(char::is_whitespace) {
            Some((n, v)) => (n.to_string(), Some(v.trim().to_string())),
            None => (name_text.clone(), None),
        };
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            return Err(fail(
                1,
                format!("'{}' is not a macro name", crate::value::echo(&name_text)),
            ));
        }
        let value = match cell(2) {
            Some(v) => Some(
                expr::eval(&v, env)
                    .map_err(|e| fail(2, e.to_string()))?
                    .to_text(),
            ),
            None => inline_value,
        };
        let line = match value {
            Some(v) if !v.is_empty() => format!("#define {name} {}", v.replace('\n', " ")),
            _ => format!("#define {name}"),
        };
        bytes = bytes.saturating_add(line.len() + 1);
        if bytes > budget {
            return Err(GenerateError::Macro {
                file: def.yaml_path.clone(),
                line: row.line,
                node: node.to_string(),
                message: format!(
                    "macro row {}: the macro table takes the stitched shader past the limit of {}",
                    ri + 1,
                    crate::files::human_size(crate::limits::SHADER_BYTES as u64)
                ),
            });
        }
        lines.push((line, row.line));
    }
    Ok(lines)
}

/// A name cell written as a bare macro name (`THIS_USE_THINGS` or
/// `THIS_FOO 3.5`) is taken as it is; anything else is an expression.
fn literal_macro_name(cell: &str) -> Option<&str> {
    let t = cell.trim();
    let first = t.split_whitespace().next()?;
    let ident = first
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && first.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    (ident && !expr::is_reserved_name(first) && !t[first.len()..].trim_start().starts_with('('))
        .then_some(t)
}

#[cfg(test)]
mod tests {
    use super::unfield;

    #[test]
    fn unfield_drops_the_arguments_of_unconnected_field_reads_only() {
        let names = vec!["n_Radius".to_string()];
        let un = |t: &str| unfield(t.to_string(), &names);
        assert_eq!(un("d - n_Radius_at(p, ctx);"), "d - n_Radius;");
        // Nested parentheses in the arguments.
        assert_eq!(un("f(n_Radius_at(max(p, q), ctx)) * 2"), "f(n_Radius) * 2");
        // Another name that merely ends the same way is left alone.
        assert_eq!(un("xn_Radius_at(p, ctx)"), "xn_Radius_at(p, ctx)");
        // Arguments over two lines keep the line break.
        assert_eq!(un("a = n_Radius_at(p,\n ctx);\nb"), "a = n_Radius\n;\nb");
        // A call left open stays as written, for the compiler to report.
        assert_eq!(un("n_Radius_at(p, ctx"), "n_Radius_at(p, ctx");
        // Two reads on one line.
        assert_eq!(
            un("n_Radius_at(p, c) + n_Radius_at(q, c)"),
            "n_Radius + n_Radius"
        );
    }
}
