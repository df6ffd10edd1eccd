//! Stage 4: turn a resolved network into one stitched GLSL fragment shader,
//! with its parameter layout, texture bindings and a source map.
//!
//! Three steps, in the manner of MaterialX's shader generators: the
//! parameter and texture [`layout`] is computed once as plain data; the
//! [`emit`] step writes the sections every shader shares (global macros,
//! library includes, each node with its inputs first, `initAll`, the
//! material switch, the output node); and a [`target`] (live, baked,
//! Shadertoy, data, sample) adds its own header, resources and entry point
//! around them. Adding a target means one file in `target/`.
//!
//! Generation reads no files: everything comes from the [`Library`], so it
//! is cheap enough to run on every edit.

pub mod emit;
pub mod fold;
pub mod layout;
pub mod target;

pub use emit::{eval_macro_table, param_macros};

use crate::library::{Library, RopDef};
use crate::network::Network;
use crate::resolve::Resolution;
use crate::substitute::Names;
use crate::types::ParamStyle;
use crate::value::ParamValue;
use emit::Out;
use layout::Layout;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::PathBuf;

pub use crate::globals::GLOBAL_VEC4S;
/// Most `vec4` parameter slots one shader may use: past a uniform block's
/// 64 KiB, live parameters live in a storage buffer.
pub const MAX_PARAM_VEC4S: usize = crate::limits::PARAM_VEC4S;
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
    /// Evaluates the output's first input for the mesher (`crate::mesh`):
    /// blocks of grid points, points, gradients and material colours, as a
    /// read-only storage buffer asks. Parameter values are compiled in.
    Mesh,
    /// A web page's shader: like `Render`, with the page's entry point
    /// (naga turns it into GLSL ES 3.00 for WebGL2).
    Web,
    /// Like `Render`, with every parameter read from the uniform block where
    /// it is used (no private copy): the engine exports give each slot to
    /// the engine's own properties.
    Engine,
}

impl Mode {
    /// Whether parameter values are compiled in rather than read from the uniform buffer.
    pub fn bakes_params(self) -> bool {
        self.target().bakes_params()
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
    /// Where the live parameters are bound (a read-only storage buffer), or
    /// `None` when the target compiles them in.
    pub params_binding: Option<u32>,
    /// Where the points to sample are bound (sampling shaders only).
    pub points_binding: Option<u32>,
    /// The live parameters are a uniform block (else a storage buffer).
    pub params_uniform: bool,
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
            .and_then(|n| n.def(lib).and_then(|d| n.value(d, &slot.param)))
            .unwrap_or(&slot.default);
        if slot.style == ParamStyle::Rotation {
            // The matrix goes in as three columns, each angle in a `.w`.
            let angles = value.components();
            let deg = |k: usize| angles.get(k).copied().unwrap_or(0.0) as f64;
            let m = crate::value::rotation_matrix([deg(0), deg(1), deg(2)]);
            for (c, column) in m.iter().enumerate() {
                out[slot.slot + c] = [
                    column[0] as f32,
                    column[1] as f32,
                    column[2] as f32,
                    deg(c) as f32,
                ];
            }
            continue;
        }
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

/// A key that changes exactly when the shader text would change: the network
/// with its uniform parameter values left out. Equal keys mean a parameter
/// edit that only needs the uniform buffer rewritten.
pub fn structure_key(net: &Network, lib: &Library) -> String {
    let mut key = format!("{}|", net.output);
    for path in net.reachable_order() {
        let node = &net.nodes[&path];
        let _ = write!(key, "{path}={}{:?}", node.rop, node.inputs);
        if let Some(custom) = &node.custom {
            // The node's own code and definition: any change rebuilds.
            let _ = write!(key, "{}", crate::yaml::flow(&custom.source));
        }
        if let Some(def) = node.def(lib) {
            for p in def.params.iter().filter(|p| !p.is_uniform()) {
                let _ = write!(key, ",{}={:?}", p.name, node.value(def, &p.name));
            }
        }
        key.push(';');
    }
    key
}

/// Generates the shader for a resolved network, for the target `mode` names.
pub fn generate(
    lib: &Library,
    net: &Network,
    res: &Resolution,
    mode: Mode,
) -> Result<Shader, GenerateError> {
    let target = mode.target();
    let defs: Vec<&RopDef> = res
        .nodes
        .iter()
        .map(|n| {
            net.nodes
                .get(&n.path)
                .and_then(|node| node.def(lib))
                .ok_or_else(|| GenerateError::Other {
                    message: format!("unknown ROP '{}'", n.rop),
                })
        })
        .collect::<Result<_, _>>()?;
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
    let layout = Layout::compute(res, net, &defs)?;
    let cx = target::Context {
        lib,
        net,
        res,
        defs: &defs,
        input_names: &input_names,
        layout: &layout,
    };
    let texture_macros: Vec<Vec<(String, String)>> = layout
        .node_textures
        .iter()
        .map(|list| {
            list.iter()
                .map(|(name, t)| (name.clone(), target.texture(&layout.textures[*t])))
                .collect()
        })
        .collect();

    let mut out = Out::new();
    out.map.nodes = res.nodes.iter().map(|n| n.path.clone()).collect();

    // 1. Header, then the global macros of every node.
    target.header(&mut out, &cx)?;
    out.header("global macros");
    let mut seen_globals = BTreeSet::new();
    for (ni, n) in res.nodes.iter().enumerate() {
        let env = emit::NodeEnv {
            def: defs[ni],
            node: &net.nodes[&n.path],
            rnode: n,
            res,
        };
        let names = Names {
            name: &n.name,
            inputs: &input_names[ni],
        };
        let budget = crate::limits::SHADER_BYTES.saturating_sub(out.text.len());
        for (line, row) in emit::eval_macro_rows(
            &defs[ni].global_macros,
            &env,
            &names,
            defs[ni],
            &n.path,
            budget,
        )? {
            if seen_globals.insert(line.clone()) {
                out.line_from(&line, &defs[ni].yaml_path, row, ni as u32);
            }
        }
        emit::check_size(&out, defs[ni], &n.path)?;
    }

    // 2. Resources: the target's uniforms, textures and whatever else it binds.
    out.header("resources");
    target.resources(&mut out, &cx)?;

    // 3. Library includes, each once, dependencies first.
    out.header("library");
    let mut included = BTreeSet::new();
    // Names the library files define themselves: never settled when the
    // files are folded.
    let mut library_defined = std::collections::HashSet::new();
    for f in lib.shaders.values() {
        fold::defined_in(&f.text, &mut library_defined);
    }
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
        emit::include(
            lib,
            &library_defined,
            &file,
            &mut included,
            &mut Vec::new(),
            &mut out,
        )?;
    }

    // 4. Nodes, inputs first. The output node comes after the material
    // switch, which it calls (naga wants functions defined before use).
    let node_cx = emit::NodeCx {
        res,
        net,
        defs: &defs,
        input_names: &input_names,
        texture_macros: &texture_macros,
        bake: target.bakes_params(),
    };
    // The macros settled before the nodes: the header and the global rows.
    let settled = out.text.clone();
    let (node_texts, mut named) = emit::node_texts(&node_cx, &layout, &settled, lib)?;
    let used = emit::used_words(&node_texts);
    // The output templates may name the output node's macros too.
    let out_names = Names {
        name: &res.output().name,
        inputs: &input_names[res.nodes.len() - 1],
    };
    for (key, file) in &lib.shaders {
        if key.starts_with("templates/") {
            emit::add_words_with_prefix(
                &crate::substitute::substitute(&file.text, &out_names),
                &format!("{}_", out_names.name),
                &mut named,
            );
        }
    }
    let texts = emit::Texts {
        nodes: &node_texts,
        used: &used,
        named: &named,
    };
    emit::variables(&mut out, &node_cx);
    let out_index = res.nodes.len() - 1;
    for ni in 0..out_index {
        emit::emit_node(&mut out, ni, &node_cx, &texts)?;
    }

    // 5. Init, 6. the material switch.
    emit::init_all(&mut out, &texts, &target.init_prologue(&cx));
    emit::materials(&mut out, &node_cx, &texts);
    emit::emit_node(&mut out, out_index, &node_cx, &texts)?;

    // 7. The target's entry point.
    target.entry(&mut out, &cx)?;

    // As the network names them: a node with its own definition says `custom`.
    let mut rops: Vec<String> = res
        .nodes
        .iter()
        .map(|n| net.nodes[&n.path].rop.clone())
        .collect();
    rops.sort();
    rops.dedup();
    let params_binding = (!target.bakes_params()).then(|| layout.params_binding());
    let points_binding = matches!(mode, Mode::Sample | Mode::Mesh).then(|| layout.points_binding());
    let params_uniform = layout.params_storage() != layout::ParamStorage::StorageCopy;
    Ok(Shader {
        params_uniform,
        params_binding,
        points_binding,
        glsl: out.text,
        params: layout.params,
        param_vec4s: layout.vec4s,
        textures: layout.textures,
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
