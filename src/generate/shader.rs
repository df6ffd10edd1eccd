//! The stitched shader and what drives it: the parameter values for a
//! network's current state, folded runs' composed maps, and the key that
//! says when a change needs a new shader.

use super::model::{Mode, ParamSlot, SourceMap, TextureBinding, Warning};
use super::shape;
use crate::library::Library;
use crate::network::Network;
use crate::types::ParamStyle;
use crate::value::ParamValue;
use std::collections::BTreeMap;
use std::fmt::Write as _;

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
