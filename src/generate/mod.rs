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

mod assemble;
mod data;
mod decls;
pub mod emit;
pub mod fold;
pub mod layout;
mod macros;
mod node;
mod out;
mod sections;
pub mod shape;
pub mod target;

pub use assemble::{Shaping, generate, generate_shaped};
pub use data::DataPack;
pub use emit::{eval_macro_table, param_macros};

use crate::library::Library;
use crate::network::Network;
use crate::types::ParamStyle;
use crate::value::ParamValue;
use std::collections::BTreeMap;
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

/// Something a build found worth telling but not worth refusing (a
/// character the font has no glyph for): the network file and the node's
/// line there, the node, and what. Printed as errors are, `path:line:
/// message (node ...)`.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{}:{line}: {message} (node {node})", file.display())]
pub struct Warning {
    pub file: PathBuf,
    pub line: usize,
    pub node: String,
    pub message: String,
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
    /// The parameter (or the ROP's own texture entry) that names the file.
    pub param: String,
    /// Where the node is written: the network file and the node's line,
    /// for messages about the file (missing, unreadable, over a budget).
    pub at: crate::location::Location,
    /// The shader's data texture ([`Shader::data`], read by `rk_data`),
    /// not a file.
    pub data: bool,
    /// A volume (3D texture, `texture3D`): how its file is read. `None`
    /// for a picture.
    pub volume: Option<crate::volume::VolumeSpec>,
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
    /// Folded runs whose composed map the live parameters carry.
    pub folds: Vec<FoldSlots>,
    /// Deepest chain of function calls in the shader.
    pub call_depth: usize,
    /// The data parameters' texels (see [`crate::data`]): the data texture's
    /// content, [`crate::data::DATA_WIDTH`] to a row; empty when none.
    pub data: Vec<[f32; 4]>,
    /// What the build found worth telling, each once.
    pub warnings: Vec<Warning>,
}

/// A folded run's composed map among the live parameters: where it lives
/// and how it is made from its nodes' values at every upload.
#[derive(Debug, Clone)]
pub struct FoldSlots {
    /// First of its slots: for a 3D coordinate four (the matrix's columns
    /// in `.xyz` of three, then the offset in `.xyz` and the scale in
    /// `.w`), for 2D two (the columns in `.xy` and `.zw`, then the offset
    /// in `.xy` and the scale in `.z`).
    pub slot: usize,
    /// The run's nodes, outermost first.
    pub nodes: Vec<String>,
    pub run: shape::Run,
}

impl FoldSlots {
    /// Slots a composed map of a `dims`-component coordinate takes.
    pub fn slots(dims: usize) -> usize {
        if dims == 2 { 2 } else { 4 }
    }

    /// The composed map for the network's current values, as its slots
    /// hold it.
    pub fn values(&self, net: &Network, lib: &Library) -> Vec<[f32; 4]> {
        let values: Vec<Vec<ParamValue>> = self
            .nodes
            .iter()
            .map(|path| node_values(net, lib, path))
            .collect();
        let n = self.run.dims;
        let step = self
            .run
            .compose(&values)
            .unwrap_or_else(|| shape::Step::identity(n));
        let a = |i: usize, j: usize| step.a[i][j] as f32;
        let b = |i: usize| step.b[i] as f32;
        let s = step.scale as f32;
        if n == 2 {
            vec![[a(0, 0), a(1, 0), a(0, 1), a(1, 1)], [b(0), b(1), s, 0.0]]
        } else {
            vec![
                [a(0, 0), a(1, 0), a(2, 0), 0.0],
                [a(0, 1), a(1, 1), a(2, 1), 0.0],
                [a(0, 2), a(1, 2), a(2, 2), 0.0],
                [b(0), b(1), b(2), s],
            ]
        }
    }
}

/// Every parameter value of a node, in its ROP's order (defaults where the
/// network sets none).
pub fn node_values(net: &Network, lib: &Library, path: &str) -> Vec<ParamValue> {
    let Some(node) = net.nodes.get(path) else {
        return Vec::new();
    };
    let Some(def) = node.def(lib) else {
        return Vec::new();
    };
    def.params
        .iter()
        .map(|p| {
            node.value(def, &p.name)
                .cloned()
                .unwrap_or_else(|| p.default.clone())
        })
        .collect()
}

impl Shader {
    /// The `vecParams` contents for the network's current values.
    pub fn param_values(&self, net: &Network, lib: &Library) -> Vec<[f32; 4]> {
        let mut out = param_values(&self.params, self.param_vec4s, net, lib);
        for fold in &self.folds {
            for (k, v) in fold.values(net, lib).into_iter().enumerate() {
                if let Some(slot) = out.get_mut(fold.slot + k) {
                    *slot = v;
                }
            }
        }
        out
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
        if node.bypass {
            key.push_str("~bypass");
        }
        if let Some(custom) = &node.custom {
            // The node's own code and definition: any change rebuilds.
            let _ = write!(key, "{}", crate::yaml::flow(&custom.source));
        }
        if let Some(def) = node.def(lib) {
            for p in def.params.iter().filter(|p| !p.is_uniform()) {
                match node.value(def, &p.name) {
                    // An inline point list of up to 65,536 points: its
                    // digest, not its text, so that an edit elsewhere does
                    // not format the whole list.
                    Some(ParamValue::Points(list)) => {
                        let mut h = std::collections::hash_map::DefaultHasher::new();
                        for q in &list.points {
                            for v in q.pos.iter().chain(&q.rotate).chain(&q.color) {
                                std::hash::Hash::hash(&v.to_bits(), &mut h);
                            }
                            std::hash::Hash::hash(&q.scale.to_bits(), &mut h);
                        }
                        let digest = std::hash::Hasher::finish(&h);
                        let _ = write!(key, ",{}=points{}#{digest:x}", p.name, list.points.len());
                    }
                    v => {
                        let _ = write!(key, ",{}={v:?}", p.name);
                    }
                }
            }
        }
        key.push(';');
    }
    key
}
