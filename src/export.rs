//! Exports of a built network for other programs: the GLSL itself, a JSON
//! description of the parameter layout, WGSL and SPIR-V through naga's back ends.

use crate::build::Built;
use crate::generate::{GLOBAL_VEC4S, Shader};
use crate::library::{Library, RopDef};
use crate::network::Network;
use crate::value::ParamValue;
use serde_json::{Value as Json, json};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Glsl,
    Json,
    Wgsl,
    Spirv,
    /// A Shadertoy image pass (GLSL ES, `mainImage`), parameters baked in.
    Shadertoy,
}

/// What every front end needs to know of a format: the name the command
/// line and Python take, the file extension, the menu label, and whether
/// the bytes are text. A new format is a variant and a row here (plus its
/// arm in [`export`]); the CLI, the viewer's Export menu and Python read
/// this table.
pub struct FormatInfo {
    pub format: Format,
    pub name: &'static str,
    pub extension: &'static str,
    pub label: &'static str,
    pub text: bool,
}

pub const FORMATS: &[FormatInfo] = &[
    FormatInfo {
        format: Format::Glsl,
        name: "glsl",
        extension: "frag",
        label: "GLSL",
        text: true,
    },
    FormatInfo {
        format: Format::Shadertoy,
        name: "shadertoy",
        extension: "shadertoy.glsl",
        label: "Shadertoy",
        text: true,
    },
    FormatInfo {
        format: Format::Json,
        name: "json",
        extension: "json",
        label: "JSON layout",
        text: true,
    },
    FormatInfo {
        format: Format::Wgsl,
        name: "wgsl",
        extension: "wgsl",
        label: "WGSL",
        text: true,
    },
    FormatInfo {
        format: Format::Spirv,
        name: "spirv",
        extension: "spv",
        label: "SPIR-V",
        text: false,
    },
];

impl Format {
    pub fn info(self) -> &'static FormatInfo {
        FORMATS
            .iter()
            .find(|f| f.format == self)
            .expect("every format has a row in FORMATS")
    }
    /// The format a name (or file extension) stands for, case ignored.
    pub fn parse(name: &str) -> Result<Format, String> {
        let lower = name.to_ascii_lowercase();
        FORMATS
            .iter()
            .find(|f| f.name == lower || f.extension == lower)
            .map(|f| f.format)
            .ok_or_else(|| {
                let names: Vec<_> = FORMATS.iter().map(|f| f.name).collect();
                format!(
                    "unknown export format '{}' ({})",
                    crate::value::echo(name),
                    names.join(", ")
                )
            })
    }
}

impl std::fmt::Display for Format {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.info().name)
    }
}

#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    #[error("WGSL output failed: {0}")]
    Wgsl(String),
    #[error("SPIR-V output failed: {0}")]
    Spirv(String),
    #[error("Shadertoy output failed: {0}")]
    Shadertoy(String),
}

/// The exported bytes for a format.
pub fn export(
    built: &Built,
    net: &Network,
    lib: &Library,
    format: Format,
) -> Result<Vec<u8>, ExportError> {
    match format {
        Format::Glsl => Ok(built.shader.glsl.clone().into_bytes()),
        Format::Shadertoy => crate::build::stitch(lib, net, crate::generate::Mode::Shadertoy)
            .map(|(_, shader)| shader.glsl.into_bytes())
            .map_err(|e| ExportError::Shadertoy(e.to_string())),
        Format::Json => Ok(
            serde_json::to_string_pretty(&layout_json(&built.shader, net, lib))
                .unwrap_or_default()
                .into_bytes(),
        ),
        Format::Wgsl => {
            let flags = naga::back::wgsl::WriterFlags::empty();
            naga::back::wgsl::write_string(&built.compiled.module, &built.compiled.info, flags)
                .map(String::into_bytes)
                .map_err(|e| ExportError::Wgsl(e.to_string()))
        }
        Format::Spirv => {
            let options = naga::back::spv::Options::default();
            let pipeline = naga::back::spv::PipelineOptions {
                shader_stage: naga::ShaderStage::Fragment,
                entry_point: "main".into(),
            };
            naga::back::spv::write_vec(
                &built.compiled.module,
                &built.compiled.info,
                &options,
                Some(&pipeline),
            )
            .map(|words| words.iter().flat_map(|w| w.to_le_bytes()).collect())
            .map_err(|e| ExportError::Spirv(e.to_string()))
        }
    }
}

fn value_json(v: &ParamValue) -> Json {
    match v {
        ParamValue::Float(f) => json!(f),
        ParamValue::Int(i) => json!(i),
        ParamValue::Bool(b) => json!(b),
        ParamValue::Vector(v) => json!(v),
        ParamValue::Text(s) => json!(s),
    }
}

/// Enough for another program to drive the shader: where each parameter
/// lives in the uniform block, with its default, range and current value.
pub fn layout_json(shader: &Shader, net: &Network, lib: &Library) -> Json {
    let params: Vec<Json> = shader
        .params
        .iter()
        .map(|s| {
            let current = net
                .nodes
                .get(&s.node)
                .and_then(|n| n.def(lib).and_then(|d| n.value(d, &s.param)))
                .unwrap_or(&s.default);
            let mut entry = json!({
                "node": s.node,
                "param": s.param,
                "style": s.style.as_str(),
                "slot": s.slot,
                "slots": s.style.slots(),
                "offset": s.offset,
                "components": s.components,
                "byteOffset": s.slot * 16 + s.offset * 4,
                "default": value_json(&s.default),
                "value": value_json(current),
                "min": s.min,
                "max": s.max,
            });
            // The buffer does not hold a rotation's angles as they are: a
            // program filling it must know what goes in its three slots.
            if s.style == crate::types::ParamStyle::Rotation {
                entry["encoding"] = json!(
                    "three vec4 slots: column k of R = Rz * Ry * Rx (angles in degrees about x, then y, then z) in .xyz, angle k in .w"
                );
            }
            entry
        })
        .collect();
    let textures: Vec<Json> = shader
        .textures
        .iter()
        .map(|t| json!({ "var": t.var, "binding": t.binding, "path": t.path, "node": t.node }))
        .collect();
    json!({
        "output": net.output,
        "uniformBlock": {
            "set": 0,
            "binding": 0,
            "globals": ["rk_time (time, frame, delta, 0)", "rk_resolution (w, h, 1/w, 1/h)", "rk_mouse",
                        "rk_camPos (xyz, w: override on)", "rk_camTarget (xyz, w: fov degrees)", "rk_view"],
            "sizeBytes": GLOBAL_VEC4S * 16,
        },
        "paramsBuffer": {
            "set": 0,
            "binding": shader.params_binding,
            "kind": if shader.params_uniform { "uniform block (std140, an array of vec4)" } else { "read-only storage buffer (std430)" },
            "member": "rk_params",
            "vec4s": shader.param_vec4s,
            "sizeBytes": shader.param_vec4s * 16,
        },
        "sampler": { "set": 0, "binding": 1 },
        "params": params,
        "textures": textures,
        "rops": shader.rops,
        "nodes": shader.names,
    })
}

/// A ROP definition as data: what a script or another editor needs to offer
/// the ROP (its parameters with styles, defaults and ranges, and its inputs).
pub fn rop_json(def: &RopDef) -> Json {
    let params: Vec<Json> = def
        .params
        .iter()
        .map(|p| {
            json!({
                "name": p.name,
                "label": p.label,
                "style": p.style.as_str(),
                "default": value_json(&p.default),
                "min": p.min,
                "max": p.max,
                "options": p.options,
                "help": p.help,
                "uniform": p.is_uniform(),
                // A field on the input of the same name may drive it.
                "field": p.field,
            })
        })
        .collect();
    let inputs: Vec<Json> = def
        .inputs
        .iter()
        .map(|i| {
            json!({
                "name": i.name,
                "label": i.label,
                "required": i.required,
                // The field-capable parameter this input drives, if any.
                "drives": i.drives,
                // null: the input takes whatever its caller uses.
                "coordTypes": i.coord_types.as_deref().map(type_names),
                "returnTypes": i.return_types.as_deref().map(type_names),
                "contextTypes": i.context_types.as_deref().map(type_names),
            })
        })
        .collect();
    json!({
        "name": def.name,
        "category": def.category,
        "description": def.description,
        "keywords": def.keywords,
        "raytk": def.raytk,
        "distance": def.distance.map(|d| d.as_str()),
        "folder": def.dir,
        "coordTypes": type_names(&def.coord_types),
        "returnTypes": type_names(&def.return_types),
        "contextTypes": type_names(&def.context_types),
        "params": params,
        "inputs": inputs,
        "variadic": def.variadic,
        "output": def.is_output(),
    })
}

fn type_names<T: std::fmt::Display>(types: &[T]) -> Vec<String> {
    types.iter().map(T::to_string).collect()
}
