//! Stage 4: turn a resolved network into one stitched GLSL fragment shader,
//! with its parameter layout, texture bindings and a source map.
//!
//! Sections, in order: header and global macros; resources; library
//! includes; each node (inputs first); `initAll`; the material switch; the
//! output template. Generation reads no files: everything comes from the
//! [`Library`], so it is cheap enough to run on every edit.

use crate::expr::{self, Env, Value};
use crate::library::{
    BlockKind, CodeBlock, Library, MacroRow, ParamDef, RopDef, ShaderFile, TextureSource,
};
use crate::network::Network;
use crate::resolve::{Resolution, ResolvedNode};
use crate::substitute::{Names, substitute};
use crate::types::ParamStyle;
use crate::value::{ParamValue, float_text};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::PathBuf;

/// Number of `vec4` globals before `vecParams` in the uniform block.
pub const GLOBAL_VEC4S: usize = 6;
/// Most `vec4` parameter slots one shader may use (a uniform block stays under 64 KiB).
pub const MAX_PARAM_VEC4S: usize = 4000;
/// Points evaluated per draw by the sampling template.
pub const SAMPLE_BATCH: usize = 1024;

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum GenerateError {
    #[error("{}:{line}: {message} (node {node})", file.display())]
    Macro {
        file: PathBuf,
        line: usize,
        node: String,
        message: String,
    },
    #[error("{}: {message}", file.display())]
    Library { file: PathBuf, message: String },
    #[error("{message}")]
    Other { message: String },
}

/// What the shader is for: a picture, or evaluating the scene at points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Mode {
    #[default]
    Render,
    /// Evaluates the output's first input at points read from a uniform array.
    Sample,
    /// A Shadertoy image pass: `mainImage`, Shadertoy's uniforms, parameter
    /// values baked in as constants, textures on `iChannel0..3`.
    Shadertoy,
    /// Like `Render`, with the parameter values baked in as constants: as fast
    /// as hand-written code, but any parameter change needs a new shader. For
    /// one-off renders and exports, never for live editing.
    RenderBaked,
    /// Like `Render`, but the output's values leave as 32-bit floats (their
    /// bits in an unsigned-integer target) and `ROPKIT_DATA` is defined, so
    /// an output can write raw data (distances, normals, ids) instead of
    /// colours made to be looked at.
    Data,
}

impl Mode {
    /// Whether parameter values are compiled in rather than read from the uniform buffer.
    pub fn bakes_params(self) -> bool {
        matches!(self, Mode::Shadertoy | Mode::RenderBaked)
    }
}

/// Where one uniform parameter lives in `vecParams`.
#[derive(Debug, Clone, PartialEq)]
pub struct ParamSlot {
    pub node: String,
    pub param: String,
    pub style: ParamStyle,
    pub slot: usize,
    pub offset: usize,
    pub components: usize,
    pub default: ParamValue,
    pub min: Option<f64>,
    pub max: Option<f64>,
}

/// A texture the renderer must bind.
#[derive(Debug, Clone, PartialEq)]
pub struct TextureBinding {
    /// The GLSL variable (`rk_tex0`, ...).
    pub var: String,
    pub binding: u32,
    /// File path as written (relative to the project); empty for a blank texture.
    pub path: String,
    pub node: String,
}

/// Where one generated line came from.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LineOrigin {
    /// Index into [`SourceMap::files`], or `u32::MAX` for generated text.
    pub file: u32,
    pub line: u32,
    /// Index into [`SourceMap::nodes`], or `u32::MAX`.
    pub node: u32,
}

#[derive(Debug, Clone, Default)]
pub struct SourceMap {
    pub files: Vec<PathBuf>,
    pub nodes: Vec<String>,
    /// One entry per generated line.
    pub lines: Vec<LineOrigin>,
}

/// A located origin, ready for a message.
#[derive(Debug, Clone, PartialEq)]
pub struct Origin {
    pub file: Option<PathBuf>,
    pub line: usize,
    pub node: Option<String>,
}

impl SourceMap {
    /// The origin of generated line `line` (1-based).
    pub fn origin(&self, line: usize) -> Option<Origin> {
        let o = self.lines.get(line.checked_sub(1)?)?;
        Some(Origin {
            file: self.files.get(o.file as usize).cloned(),
            line: o.line as usize,
            node: self.nodes.get(o.node as usize).cloned(),
        })
    }
}

/// The stitched shader and everything needed to drive it.
#[derive(Debug, Clone)]
pub struct Shader {
    pub glsl: String,
    pub params: Vec<ParamSlot>,
    /// Length of `vecParams` (at least 1).
    pub param_vec4s: usize,
    pub textures: Vec<TextureBinding>,
    pub source_map: SourceMap,
    /// The ROP types used, sorted.
    pub rops: Vec<String>,
    /// GLSL names of nodes by path.
    pub names: BTreeMap<String, String>,
    pub mode: Mode,
}

impl Shader {
    /// The `vecParams` contents for the network's current values.
    pub fn param_values(&self, net: &Network, lib: &Library) -> Vec<[f32; 4]> {
        param_values(&self.params, self.param_vec4s, net, lib)
    }

    pub fn param_slot(&self, node: &str, param: &str) -> Option<&ParamSlot> {
        self.params
            .iter()
            .find(|s| s.node == node && s.param == param)
    }
}

/// Fills `vec4` slots from the network's values (defaults where it sets none).
pub fn param_values(
    params: &[ParamSlot],
    vec4s: usize,
    net: &Network,
    lib: &Library,
) -> Vec<[f32; 4]> {
    let mut out = vec![[0.0f32; 4]; vec4s];
    for slot in params {
        let value = net
            .nodes
            .get(&slot.node)
            .and_then(|n| lib.get(&n.rop).and_then(|d| n.value(d, &slot.param)))
            .unwrap_or(&slot.default);
        for (k, c) in value
            .components()
            .into_iter()
            .take(slot.components)
            .enumerate()
        {
            out[slot.slot][slot.offset + k] = c;
        }
    }
    out
}

/// The parameters as a constant array, for modes that bake them in.
fn baked_params(net: &Network, lib: &Library, params: &[ParamSlot], vec4s: usize) -> String {
    let values = param_values(params, vec4s, net, lib);
    let items: Vec<String> = values
        .iter()
        .map(|v| {
            // Shortest text that reads back as the same f32.
            let items: Vec<String> = v
                .iter()
                .map(|f| float_text(format!("{f:?}").parse().unwrap_or(0.0)))
                .collect();
            format!("vec4({})", items.join(", "))
        })
        .collect();
    format!(
        "const vec4 vecParams[{vec4s}] = vec4[{vec4s}](\n  {}\n);",
        items.join(",\n  ")
    )
}

/// Shadertoy's uniforms in place of ropkit's.
const SHADERTOY_GLOBALS: &str = "#define rk_time vec4(iTime, float(iFrame), iTimeDelta, 0.0)\n#define rk_resolution vec4(iResolution.xy, 1.0 / iResolution.xy)\n#define rk_mouse iMouse\n#define rk_camPos vec4(0.0)\n#define rk_camTarget vec4(0.0)\n#define rk_view vec4(0.0)";

/// A key that changes exactly when the shader text would change: the network
/// with its uniform parameter values left out. Equal keys mean a parameter
/// edit that only needs the uniform buffer rewritten.
pub fn structure_key(net: &Network, lib: &Library) -> String {
    let mut key = format!("{}|", net.output);
    for path in net.reachable_order() {
        let node = &net.nodes[&path];
        let _ = write!(key, "{path}={}{:?}", node.rop, node.inputs);
        if let Some(def) = lib.get(&node.rop) {
            for p in def.params.iter().filter(|p| !p.is_uniform()) {
                let _ = write!(key, ",{}={:?}", p.name, node.value(def, &p.name));
            }
        }
        key.push(';');
    }
    key
}

/// Line-oriented output with origins.
struct Out {
    text: String,
    map: SourceMap,
    file_ids: BTreeMap<PathBuf, u32>,
}

impl Out {
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
    fn emit(&mut self, text: &str, node: u32) {
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
    fn file(&mut self, text: &str, path: &PathBuf, node: u32) {
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
    /// A ROP code block, with the node's substitutions applied.
    fn block(&mut self, block: &CodeBlock, names: &Names, node: u32) {
        self.file(&substitute(&block.text, names), &block.path, node);
    }
    fn header(&mut self, title: &str) {
        self.emit(&format!("\n// ==== {title} ===="), u32::MAX);
    }
}

/// The values a macro-table expression of one node may look at.
struct NodeEnv<'a> {
    def: &'a RopDef,
    node: &'a crate::network::Node,
    rnode: &'a ResolvedNode,
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

/// Generates the shader for a resolved network.
pub fn generate(
    lib: &Library,
    net: &Network,
    res: &Resolution,
    mode: Mode,
) -> Result<Shader, GenerateError> {
    let mut out = Out {
        text: String::with_capacity(64 * 1024),
        map: SourceMap::default(),
        file_ids: BTreeMap::new(),
    };
    let defs: Vec<&RopDef> = res
        .nodes
        .iter()
        .map(|n| {
            lib.get(&n.rop).ok_or_else(|| GenerateError::Other {
                message: format!("unknown ROP '{}'", n.rop),
            })
        })
        .collect::<Result<_, _>>()?;
    out.map.nodes = res.nodes.iter().map(|n| n.path.clone()).collect();
    let input_names: Vec<Vec<Option<&str>>> = res
        .nodes
        .iter()
        .map(|n| {
            n.inputs
                .iter()
                .map(|i| i.map(|k| res.nodes[k].name.as_str()))
                .collect()
        })
        .collect();

    // Parameter layout: multi-part values get a vec4 each, scalars share.
    let mut params = Vec::new();
    let mut next_slot = 0usize;
    let mut scalar_slot: Option<(usize, usize)> = None;
    // Each node's slots, as a range of `params`, so emitting a node never searches them all.
    let mut node_params: Vec<std::ops::Range<usize>> = Vec::with_capacity(res.nodes.len());
    for (ni, n) in res.nodes.iter().enumerate() {
        let first = params.len();
        for p in defs[ni].params.iter().filter(|p| p.is_uniform()) {
            let components = p.style.components();
            let (slot, offset) = if components == 1 {
                match scalar_slot {
                    Some((s, o)) if o < 4 => {
                        scalar_slot = Some((s, o + 1));
                        (s, o)
                    }
                    _ => {
                        next_slot += 1;
                        scalar_slot = Some((next_slot - 1, 1));
                        (next_slot - 1, 0)
                    }
                }
            } else {
                next_slot += 1;
                (next_slot - 1, 0)
            };
            params.push(ParamSlot {
                node: n.path.clone(),
                param: p.name.clone(),
                style: p.style,
                slot,
                offset,
                components,
                default: p.default.clone(),
                min: p.min,
                max: p.max,
            });
        }
        node_params.push(first..params.len());
    }
    let param_vec4s = next_slot.max(1);
    if param_vec4s > MAX_PARAM_VEC4S {
        return Err(GenerateError::Other {
            message: format!(
                "the network needs {param_vec4s} parameter slots; at most {MAX_PARAM_VEC4S} fit"
            ),
        });
    }

    // Textures: a binding for each texture parameter and each fixed-path texture.
    let mut textures: Vec<TextureBinding> = Vec::new();
    let mut texture_macros: Vec<Vec<(String, String)>> = vec![Vec::new(); res.nodes.len()];
    for (ni, n) in res.nodes.iter().enumerate() {
        let node = &net.nodes[&n.path];
        let mut by_param: BTreeMap<&str, String> = BTreeMap::new();
        for p in defs[ni]
            .params
            .iter()
            .filter(|p| p.style == ParamStyle::Texture)
        {
            let var = format!("rk_tex{}", textures.len());
            let path = node
                .value(defs[ni], &p.name)
                .and_then(|v| v.as_text())
                .unwrap_or("")
                .to_string();
            textures.push(TextureBinding {
                var: var.clone(),
                binding: 2 + textures.len() as u32,
                path,
                node: n.path.clone(),
            });
            by_param.insert(&p.name, var.clone());
            texture_macros[ni].push((
                format!("{}_{}", n.name, p.name),
                format!("sampler2D({var}, rk_sampler)"),
            ));
        }
        for t in &defs[ni].textures {
            let var = match &t.source {
                TextureSource::Param(p) => by_param.get(p.as_str()).cloned().unwrap_or_default(),
                TextureSource::Path(path) => {
                    let var = format!("rk_tex{}", textures.len());
                    textures.push(TextureBinding {
                        var: var.clone(),
                        binding: 2 + textures.len() as u32,
                        path: path.clone(),
                        node: n.path.clone(),
                    });
                    var
                }
            };
            texture_macros[ni].push((
                format!("{}_{}", n.name, t.name),
                format!("sampler2D({var}, rk_sampler)"),
            ));
        }
    }

    if mode == Mode::Shadertoy {
        if textures.len() > 4 {
            return Err(GenerateError::Other {
                message: format!(
                    "Shadertoy has four texture channels; this network uses {}",
                    textures.len()
                ),
            });
        }
        for list in texture_macros.iter_mut() {
            for (_, v) in list.iter_mut() {
                *v = v
                    .replace("sampler2D(rk_tex", "iChannel")
                    .replace(", rk_sampler)", "");
            }
        }
    }

    // 1. Header, global macros, output settings.
    if mode == Mode::Shadertoy {
        out.emit(
            "// Shadertoy image pass exported by ropkit: paste into the Image tab.",
            u32::MAX,
        );
        out.emit("#define ROPKIT_SHADERTOY", u32::MAX);
    } else {
        out.emit("#version 450", u32::MAX);
    }
    out.emit(
        "// Generated by ropkit. Edit the network or the ROP folders, not this file.",
        u32::MAX,
    );
    out.header("global macros");
    if mode == Mode::Sample {
        out.emit("#define ROPKIT_SAMPLE_MODE", u32::MAX);
    }
    if mode == Mode::Data {
        out.emit("#define ROPKIT_DATA", u32::MAX);
    }
    let mut seen_globals = BTreeSet::new();
    for (ni, n) in res.nodes.iter().enumerate() {
        let env = NodeEnv {
            def: defs[ni],
            node: &net.nodes[&n.path],
            rnode: n,
        };
        let names = Names {
            name: &n.name,
            inputs: &input_names[ni],
        };
        for line in eval_macro_table(&defs[ni].global_macros, &env, &names, defs[ni], &n.path)? {
            if seen_globals.insert(line.clone()) {
                out.emit(&line, ni as u32);
            }
        }
    }

    // 2. Resources.
    out.header("resources");
    if mode == Mode::Shadertoy {
        out.emit(SHADERTOY_GLOBALS, u32::MAX);
        out.emit(&baked_params(net, lib, &params, param_vec4s), u32::MAX);
    } else {
        out.emit(
            &format!(
                "layout(set = 0, binding = 0) uniform Params {{\n  vec4 rk_time;\n  vec4 rk_resolution;\n  vec4 rk_mouse;\n  vec4 rk_camPos;\n  vec4 rk_camTarget;\n  vec4 rk_view;\n  vec4 rk_params[{param_vec4s}];\n}};"
            ),
            u32::MAX,
        );
        if mode.bakes_params() {
            out.emit(&baked_params(net, lib, &params, param_vec4s), u32::MAX);
        } else {
            out.emit(
                &format!(
                    "// Parameters are read through a private copy made in initAll: drivers\n// read it much faster than the uniform block in the marching loop.\nvec4 vecParams[{param_vec4s}];"
                ),
                u32::MAX,
            );
        }
        out.emit(
            "layout(set = 0, binding = 1) uniform sampler rk_sampler;",
            u32::MAX,
        );
        for t in &textures {
            out.emit(
                &format!(
                    "layout(set = 0, binding = {}) uniform texture2D {};",
                    t.binding, t.var
                ),
                u32::MAX,
            );
        }
    }
    if mode == Mode::Sample {
        out.emit(
            &format!(
                "layout(set = 0, binding = {}) uniform SamplePoints {{\n  vec4 rk_points[{SAMPLE_BATCH}];\n}};",
                2 + textures.len()
            ),
            u32::MAX,
        );
    }

    // 3. Library includes, each once, dependencies first.
    out.header("library");
    let mut included = BTreeSet::new();
    let mut wanted = vec!["common".to_string()];
    for d in &defs {
        wanted.extend(d.libraries.iter().cloned());
    }
    for name in wanted {
        let file = if name.ends_with(".glsl") {
            name.clone()
        } else {
            format!("{name}.glsl")
        };
        include(lib, &file, &mut included, &mut Vec::new(), &mut out)?;
    }

    // 4. Nodes, inputs first. The output node comes after the material
    // switch, which it calls (naga wants functions defined before use).
    let out_index = res.nodes.len() - 1;
    for ni in 0..out_index {
        emit_node(
            &mut out,
            ni,
            res,
            net,
            &defs,
            &input_names,
            &params[node_params[ni].clone()],
            &texture_macros,
        )?;
    }

    // 5. Init.
    out.header("init");
    out.emit("void initAll() {", u32::MAX);
    if !mode.bakes_params() {
        out.emit("  vecParams = rk_params;", u32::MAX);
    }
    for (ni, n) in res.nodes.iter().enumerate() {
        if let Some(block) = defs[ni].block(BlockKind::Init) {
            out.emit("  {", ni as u32);
            out.block(
                block,
                &Names {
                    name: &n.name,
                    inputs: &input_names[ni],
                },
                ni as u32,
            );
            out.emit("  }", ni as u32);
        }
    }
    out.emit("}", u32::MAX);

    // 6. Material switch: one branch per material node, then blending of two ids.
    out.header("materials");
    out.emit(
        "vec3 ropkitMaterialById(int m, vec3 p, MaterialContext matCtx) {\n  vec3 col = vec3(0.0);",
        u32::MAX,
    );
    let mut first = true;
    for (ni, n) in res.nodes.iter().enumerate() {
        let (Some(_), Some(block)) = (n.material_id, defs[ni].block(BlockKind::Material)) else {
            continue;
        };
        out.emit(
            &format!(
                "  {}if (m == {}_MAT) {{",
                if first { "" } else { "else " },
                n.name
            ),
            ni as u32,
        );
        out.block(
            block,
            &Names {
                name: &n.name,
                inputs: &input_names[ni],
            },
            ni as u32,
        );
        out.emit("  }", ni as u32);
        first = false;
    }
    out.emit(
        &format!(
            "  {}{{\n    col = ropkitDefaultMaterial(p, matCtx);\n  }}\n  return col;\n}}",
            if first { "" } else { "else " }
        ),
        u32::MAX,
    );
    out.emit(
        "vec3 ropkitMaterial(vec3 p, MaterialContext matCtx) {\n  vec3 col = ropkitMaterialById(matCtx.result.material, p, matCtx);\n  if (matCtx.result.blend > 0.0 && matCtx.result.material2 != matCtx.result.material) {\n    col = mix(col, ropkitMaterialById(matCtx.result.material2, p, matCtx), clamp(matCtx.result.blend, 0.0, 1.0));\n  }\n  return col;\n}",
        u32::MAX,
    );

    emit_node(
        &mut out,
        out_index,
        res,
        net,
        &defs,
        &input_names,
        &params[node_params[out_index].clone()],
        &texture_macros,
    )?;

    // 7. The output template, or the sampling template.
    let out_node = res.output();
    let out_def = defs[out_index];
    match mode {
        Mode::Render | Mode::RenderBaked | Mode::Shadertoy | Mode::Data => {
            let template = match mode {
                Mode::Shadertoy => "shadertoy".to_string(),
                // Every output's pixel function has the same shape, so one
                // data template serves them all.
                Mode::Data => "data".to_string(),
                _ => out_def.template.clone().unwrap_or_default(),
            };
            let key = format!("templates/{template}.glsl");
            let file = lib
                .shaders
                .get(&key)
                .ok_or_else(|| GenerateError::Library {
                    file: out_def.yaml_path.clone(),
                    message: format!("template '{template}' not found as shaders/{key}"),
                })?;
            out.header(&format!("output {} ({})", out_node.path, out_def.name));
            let names = Names {
                name: &out_node.name,
                inputs: &input_names[out_index],
            };
            out.file(
                &substitute(&file.text, &names),
                &file.path,
                out_index as u32,
            );
        }
        Mode::Sample => {
            let target =
                out_node
                    .inputs
                    .first()
                    .copied()
                    .flatten()
                    .ok_or_else(|| GenerateError::Other {
                        message: format!(
                            "output {} has nothing on its first input to sample",
                            out_node.path
                        ),
                    })?;
            let t = &res.nodes[target];
            out.header(&format!("sampling {}", t.path));
            out.emit(
                &format!(
                    "#define ROPKIT_SAMPLE_FN {}\n#define ROPKIT_SAMPLE_COORD_{}\n#define ROPKIT_SAMPLE_RETURN_{}\n#define ROPKIT_SAMPLE_CONTEXT_{}",
                    t.name, t.coord, t.ret, t.context
                ),
                u32::MAX,
            );
            let file =
                lib.shaders
                    .get("templates/sample.glsl")
                    .ok_or_else(|| GenerateError::Other {
                        message: "shaders/templates/sample.glsl is missing".into(),
                    })?;
            out.file(&file.text, &file.path.clone(), u32::MAX);
        }
    }

    let mut rops: Vec<String> = defs.iter().map(|d| d.name.clone()).collect();
    rops.sort();
    rops.dedup();
    Ok(Shader {
        glsl: out.text,
        params,
        param_vec4s,
        textures,
        source_map: out.map,
        rops,
        names: res
            .nodes
            .iter()
            .map(|n| (n.path.clone(), n.name.clone()))
            .collect(),
        mode,
    })
}

/// Emits one node: type macros, input and material macros, parameter macros,
/// its macro table, then its globals and function blocks.
#[allow(clippy::too_many_arguments)]
fn emit_node(
    out: &mut Out,
    ni: usize,
    res: &Resolution,
    net: &Network,
    defs: &[&RopDef],
    input_names: &[Vec<Option<&str>>],
    // This node's parameter slots.
    params: &[ParamSlot],
    texture_macros: &[Vec<(String, String)>],
) -> Result<(), GenerateError> {
    let n = &res.nodes[ni];
    let def = defs[ni];
    let node = &net.nodes[&n.path];
    let id = ni as u32;
    let names = Names {
        name: &n.name,
        inputs: &input_names[ni],
    };
    out.header(&format!("node {} ({})", n.path, def.name));
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
    for p in &def.params {
        let value = node
            .value(def, &p.name)
            .cloned()
            .unwrap_or_else(|| p.default.clone());
        param_macros(
            &mut decl,
            nm,
            p,
            &value,
            params.iter().find(|s| s.param == p.name),
        );
    }
    for (name, value) in &texture_macros[ni] {
        let _ = writeln!(decl, "#define {name} {value}");
    }
    out.emit(&decl, id);
    let env = NodeEnv {
        def,
        node,
        rnode: n,
    };
    for line in eval_macro_table(&def.macros, &env, &names, def, &n.path)? {
        out.emit(&line, id);
    }
    for kind in [BlockKind::Globals, BlockKind::Function] {
        if let Some(block) = def.block(kind) {
            out.block(block, &names, id);
        }
    }
    Ok(())
}

/// Emits one library file after the files it includes, each file once.
fn include(
    lib: &Library,
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
            file: lib.shader_root.join(name),
            message: format!(
                "library file '{name}' not found in {}",
                lib.shader_root.display()
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
            include(lib, target, done, stack, out)?;
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
    out.file(&body, &file.path, u32::MAX);
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
            _ => {
                let _ = writeln!(out, "#define {nm}_{pn} vec{}({v}.{swz})", s.components);
                for (k, suffix) in p.style.component_suffixes().iter().enumerate() {
                    let _ = writeln!(out, "#define {nm}_{pn}{suffix} {v}.{}", &"xyzw"[k..k + 1]);
                }
            }
        }
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
    let mut lines = Vec::new();
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
            return Err(fail(1, format!("'{name_text}' is not a macro name")));
        }
        let value = match cell(2) {
            Some(v) => Some(
                expr::eval(&v, env)
                    .map_err(|e| fail(2, e.to_string()))?
                    .to_text(),
            ),
            None => inline_value,
        };
        lines.push(match value {
            Some(v) if !v.is_empty() => format!("#define {name} {}", v.replace('\n', " ")),
            _ => format!("#define {name}"),
        });
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
