//! Where every parameter and texture of a network lives in the shader's
//! resources: computed once, as plain data, before any text is written.
//! Targets read it to declare their resources; the renderer and the JSON
//! export read it to fill and describe the uniform buffer.

use super::{GenerateError, MAX_PARAM_VEC4S, ParamSlot, TextureBinding};
use crate::library::{RopDef, TextureSource};
use crate::network::Network;
use crate::options::ParamPlacement;
use crate::resolve::Resolution;
use crate::types::ParamStyle;
use std::collections::BTreeMap;
use std::ops::Range;

/// Where live parameters live, chosen by their number (measured on
/// lavapipe; see BENCHMARKS.md): a private copy made once per pixel is read
/// fastest while it is small; past that, the copy costs more than it saves
/// (the driver spills it) and the uniform block is read where needed; past
/// what a uniform block holds, a storage buffer (slow to read on some
/// drivers, so copied again).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ParamStorage {
    UniformCopy,
    Uniform,
    StorageCopy,
}

/// Most parameter slots copied privately from the uniform block.
pub const COPY_VEC4S: usize = 1024;
/// Most parameter slots in a uniform block (64 KiB less the globals: what
/// every desktop GPU offers; the renderer asks for it).
pub const UNIFORM_VEC4S: usize = 4090;

/// The parameter slots and texture bindings of a resolved network.
#[derive(Debug, Clone)]
pub struct Layout {
    /// Every uniform parameter, node by node.
    pub params: Vec<ParamSlot>,
    /// Each node's slots, as a range of `params`, so emitting a node never searches them all.
    pub node_params: Vec<Range<usize>>,
    /// Length of `vecParams` (at least 1).
    pub vec4s: usize,
    pub textures: Vec<TextureBinding>,
    /// Per node: (macro name, index into `textures`) for each texture it samples.
    pub node_textures: Vec<Vec<(String, usize)>>,
    /// First slot of each folded run's composed map (live parameters).
    pub folds: Vec<usize>,
    /// The data parameters' texels and accessor macros.
    pub data: super::DataPack,
    /// Where the build's options asked the live parameters to go.
    pub placement: ParamPlacement,
}

/// What the shape pass changes in the layout: nodes whose parameters the
/// shader no longer reads (folded into a composed map), and the slots
/// each composed map takes.
#[derive(Debug, Clone, Default)]
pub struct Folds {
    pub unread: Vec<bool>,
    pub slots: Vec<usize>,
}

/// A raw volume's size and sample type, from the node's parameters.
fn raw_layout(
    node: &crate::network::Node,
    def: &RopDef,
    raw: &crate::library::RawParams,
) -> crate::volume::RawLayout {
    use crate::value::ParamValue;
    let size = match node.value(def, &raw.size) {
        Some(ParamValue::Vector(v)) if v.len() == 3 => {
            // Rounded; a negative or absurd size becomes 0 and is refused when read.
            [0, 1, 2].map(|k| {
                let f = v[k].round();
                if f.is_finite() && f >= 1.0 && f <= u32::MAX as f64 {
                    f as u32
                } else {
                    0
                }
            })
        }
        _ => [0; 3],
    };
    let format = node
        .value(def, &raw.format)
        .and_then(|v| v.as_text())
        .and_then(crate::volume::RawFormat::parse)
        .unwrap_or(crate::volume::RawFormat::U8);
    crate::volume::RawLayout { size, format }
}

impl Layout {
    /// Multi-part values get a `vec4` each; scalars share one, four to a slot.
    /// Textures get a binding each, from binding 2 on (0 is the uniform
    /// block, 1 the shared sampler).
    /// Folded runs' composed maps come last, each in whole slots.
    pub fn compute(
        res: &Resolution,
        net: &Network,
        defs: &[&RopDef],
        folds: &Folds,
        data: (&super::DataPack, bool),
        placement: ParamPlacement,
    ) -> Result<Layout, GenerateError> {
        let mut params = Vec::new();
        let mut next_slot = 0usize;
        let mut scalar_slot: Option<(usize, usize)> = None;
        let mut node_params = Vec::with_capacity(res.nodes.len());
        for (ni, n) in res.nodes.iter().enumerate() {
            let first = params.len();
            let unread = folds.unread.get(ni).copied().unwrap_or(false);
            for p in defs[ni].params.iter().filter(|p| p.is_uniform() && !unread) {
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
                    next_slot += p.style.slots();
                    (next_slot - p.style.slots(), 0)
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
        let mut fold_slots = Vec::with_capacity(folds.slots.len());
        for k in &folds.slots {
            fold_slots.push(next_slot);
            next_slot += k;
        }
        let vec4s = next_slot.max(1);
        if vec4s > MAX_PARAM_VEC4S {
            return Err(GenerateError::Other {
                message: format!(
                    "the network needs {vec4s} parameter slots; at most {MAX_PARAM_VEC4S} fit"
                ),
            });
        }

        let mut textures: Vec<TextureBinding> = Vec::new();
        let mut node_textures = vec![Vec::new(); res.nodes.len()];
        for (ni, n) in res.nodes.iter().enumerate() {
            let node = &net.nodes[&n.path];
            let mut by_param: BTreeMap<&str, usize> = BTreeMap::new();
            let at = crate::location::Location::new(
                &net.file,
                net.lines.get(&n.path).copied().unwrap_or(0),
                0,
            );
            let bind = |path: String, param: &str, textures: &mut Vec<TextureBinding>| {
                let index = textures.len();
                textures.push(TextureBinding {
                    var: format!("rk_tex{index}"),
                    binding: 2 + index as u32,
                    path,
                    node: n.path.clone(),
                    param: param.to_string(),
                    at: at.clone(),
                    data: false,
                    volume: None,
                });
                index
            };
            for p in defs[ni].params.iter().filter(|p| p.style.is_texture()) {
                let path = node
                    .value(defs[ni], &p.name)
                    .and_then(|v| v.as_text())
                    .unwrap_or("")
                    .to_string();
                let index = bind(path, &p.name, &mut textures);
                if p.style == ParamStyle::Volume {
                    textures[index].volume = Some(crate::volume::VolumeSpec::default());
                }
                by_param.insert(&p.name, index);
                node_textures[ni].push((format!("{}_{}", n.name, p.name), index));
            }
            for t in &defs[ni].textures {
                let index = match &t.source {
                    TextureSource::Param(p) => match by_param.get(p.as_str()) {
                        Some(i) => *i,
                        None => continue,
                    },
                    TextureSource::Path(path) => bind(path.clone(), &t.name, &mut textures),
                };
                if let (Some(raw), Some(spec)) = (&t.raw, textures[index].volume.as_mut()) {
                    spec.raw = Some(raw_layout(node, defs[ni], raw));
                }
                if let (Some(param), Some(spec)) = (&t.mesh_voxels, textures[index].volume.as_mut())
                {
                    // Out of range is refused when the mesh is read.
                    let n = match node.value(defs[ni], param) {
                        Some(crate::value::ParamValue::Int(i)) => u32::try_from(*i).unwrap_or(0),
                        _ => 0,
                    };
                    spec.mesh_voxels = Some(n);
                }
                node_textures[ni].push((format!("{}_{}", n.name, t.name), index));
            }
        }
        // The data texture, where the target binds one (else `rk_data`
        // reads a constant array: see `target::data_array`).
        let (data, data_texture) = data;
        if data_texture && data.any() {
            textures.push(TextureBinding {
                var: crate::data::DATA_TEXTURE_VAR.into(),
                binding: 2 + textures.len() as u32,
                path: String::new(),
                node: String::new(),
                param: String::new(),
                at: crate::location::Location::default(),
                data: true,
                volume: None,
            });
        }
        Ok(Layout {
            params,
            node_params,
            vec4s,
            textures,
            node_textures,
            folds: fold_slots,
            data: data.clone(),
            placement,
        })
    }

    /// How live parameters reach the code (see [`ParamStorage`]).
    pub fn params_storage(&self) -> ParamStorage {
        // Forced, for measuring the choices against each other
        // (BENCHMARKS.md), where the block is big enough.
        match self.placement {
            ParamPlacement::Copy if self.vec4s <= UNIFORM_VEC4S => {
                return ParamStorage::UniformCopy;
            }
            ParamPlacement::Direct if self.vec4s <= UNIFORM_VEC4S => return ParamStorage::Uniform,
            ParamPlacement::Storage => return ParamStorage::StorageCopy,
            _ => {}
        }
        if self.vec4s <= COPY_VEC4S {
            ParamStorage::UniformCopy
        } else if self.vec4s <= UNIFORM_VEC4S {
            ParamStorage::Uniform
        } else {
            ParamStorage::StorageCopy
        }
    }

    /// The binding of the live parameters' buffer: after the textures.
    pub fn params_binding(&self) -> u32 {
        2 + self.textures.len() as u32
    }

    /// The binding of the sample points: after the parameters.
    pub fn points_binding(&self) -> u32 {
        3 + self.textures.len() as u32
    }
}
