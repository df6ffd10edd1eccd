//! Exports of a built network for other programs: the GLSL itself, a JSON
//! description of the parameter layout, WGSL, SPIR-V, HLSL and MSL through
//! naga's back ends, a Shadertoy pass, a self-contained web page ([`html`])
//! and the engine formats ([`engines`], through [`lower`]).

pub mod bindings;
mod engines;
mod hlsl;
pub mod html;
pub mod lower;
mod msl;

use crate::build::Built;
use crate::generate::Shader;
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
    /// One self-contained web page (WebGL2) with the live parameters as controls.
    Html,
    /// HLSL (Shader Model 5.1 and 6), registers as the JSON layout lists them.
    Hlsl,
    /// Metal Shading Language 2.1, argument slots as the JSON layout lists them.
    Msl,
    /// A Godot 4 `canvas_item` shader (`.gdshader`), parameters as uniforms.
    Godot,
    /// A Godot 3 `canvas_item` shader (`.shader`).
    Godot3,
    /// A Unity ShaderLab shader (URP unlit pass) with a Properties block.
    Unity,
    /// The HLSL of an Unreal material Custom node, with its inputs listed.
    Unreal,
    /// A TouchDesigner GLSL TOP pixel shader.
    TouchDesigner,
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

// One row a format, kept on one line each (rustfmt would spread them).
#[rustfmt::skip]
pub const FORMATS: &[FormatInfo] = &[
    FormatInfo { format: Format::Glsl, name: "glsl", extension: "frag", label: "GLSL", text: true },
    FormatInfo { format: Format::Shadertoy, name: "shadertoy", extension: "shadertoy.glsl", label: "Shadertoy", text: true },
    FormatInfo { format: Format::Json, name: "json", extension: "json", label: "JSON layout", text: true },
    FormatInfo { format: Format::Wgsl, name: "wgsl", extension: "wgsl", label: "WGSL", text: true },
    FormatInfo { format: Format::Spirv, name: "spirv", extension: "spv", label: "SPIR-V", text: false },
    FormatInfo { format: Format::Html, name: "html", extension: "html", label: "web page", text: true },
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
    FormatInfo {
        format: Format::Hlsl,
        name: "hlsl",
        extension: "hlsl",
        label: "HLSL",
        text: true,
    },
    FormatInfo {
        format: Format::Msl,
        name: "msl",
        extension: "metal",
        label: "Metal (MSL)",
        text: true,
    },
    FormatInfo {
        format: Format::Godot,
        name: "godot",
        extension: "gdshader",
        label: "Godot 4 shader",
        text: true,
    },
    FormatInfo {
        format: Format::Godot3,
        name: "godot3",
        extension: "shader",
        label: "Godot 3 shader",
        text: true,
    },
    FormatInfo {
        format: Format::Unity,
        name: "unity",
        extension: "unity.shader",
        label: "Unity shader",
        text: true,
    },
    FormatInfo {
        format: Format::Unreal,
        name: "unreal",
        extension: "unreal.hlsl",
        label: "Unreal Custom node",
        text: true,
    },
    FormatInfo {
        format: Format::TouchDesigner,
        name: "touchdesigner",
        extension: "td.glsl",
        label: "TouchDesigner GLSL TOP",
        text: true,
    },
];

/// A format name that is not in [`FORMATS`]; the message lists them.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("unknown export format '{0}' ({names})", names = FORMATS.iter().map(|f| f.name).collect::<Vec<_>>().join(", "))]
pub struct UnknownFormat(pub String);

impl Format {
    pub fn info(self) -> &'static FormatInfo {
        FORMATS
            .iter()
            .find(|f| f.format == self)
            .expect("every format has a row in FORMATS")
    }
    /// The format a name (or file extension) stands for, case ignored.
    pub fn parse(name: &str) -> Result<Format, UnknownFormat> {
        let lower = name.to_ascii_lowercase();
        FORMATS
            .iter()
            .find(|f| f.name == lower || f.extension == lower)
            .map(|f| f.format)
            .ok_or_else(|| UnknownFormat(crate::value::echo(name)))
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
    #[error("web page output failed: {0}")]
    Web(String),
    #[error("{}: cannot embed the texture of node {node} in a web page: {message}", path.display())]
    Texture {
        path: std::path::PathBuf,
        node: String,
        message: String,
    },
    #[error("HLSL output failed: {0}")]
    Hlsl(String),
    #[error("MSL output failed: {0}")]
    Msl(String),
    /// The network does not build for an engine format.
    #[error("engine export: {0}")]
    Engine(String),
    /// The network did not build again for the export.
    #[error("{0}")]
    Build(String),
    /// The network uses something the format cannot carry.
    #[error("{format} export: this network uses {feature}, which {format} cannot carry")]
    Refused {
        format: &'static str,
        feature: String,
    },
}

/// The exported bytes for a format. A web page embeds the network's
/// textures, looked up from the network's folder (see
/// [`html::default_asset_dirs`]); [`export_in`] names the folders.
pub fn export(
    built: &Built,
    net: &Network,
    lib: &Library,
    format: Format,
) -> Result<Vec<u8>, ExportError> {
    export_in(built, net, lib, format, &html::default_asset_dirs(net))
}

/// [`export`], with texture files looked up in `asset_dirs` (first match
/// wins; the built-in assets after them).
pub fn export_in(
    built: &Built,
    net: &Network,
    lib: &Library,
    format: Format,
    asset_dirs: &[std::path::PathBuf],
) -> Result<Vec<u8>, ExportError> {
    refuse_volumes(&built.shader, format)?;
    // Another program fills these formats' parameters slot by slot from the
    // JSON layout. A folded run's composed map is a slot ropkit's renderer
    // computes at each upload, which no such program would: they are
    // written from a build whose transforms stay apart.
    let unfolded;
    let built = if bound_by_layout(format) && !built.shader.folds.is_empty() {
        unfolded = crate::build::build(lib, net, &built.options.for_export())
            .map_err(|e| ExportError::Build(e.report()))?;
        &unfolded
    } else {
        built
    };
    match format {
        Format::Html => html::page(net, lib, asset_dirs).map(String::into_bytes),
        Format::Glsl => Ok(built.shader.glsl.clone().into_bytes()),
        Format::Shadertoy => crate::build::build(
            lib,
            net,
            &built.options.with_mode(crate::generate::Mode::Shadertoy),
        )
        .map(|b| b.shader.glsl.into_bytes())
        .map_err(|e| ExportError::Shadertoy(e.to_string())),
        Format::Json => Ok(
            serde_json::to_string_pretty(&layout_json(&built.shader, net, lib))
                .unwrap_or_default()
                .into_bytes(),
        ),
        Format::Wgsl => {
            let flags = naga::back::wgsl::WriterFlags::empty();
            let compiled = built
                .compiled()
                .map_err(|e| ExportError::Wgsl(e.to_string()))?;
            naga::back::wgsl::write_string(&compiled.module, &compiled.info, flags)
                .map(String::into_bytes)
                .map_err(|e| ExportError::Wgsl(e.to_string()))
        }
        Format::Spirv => {
            let options = naga::back::spv::Options::default();
            let pipeline = naga::back::spv::PipelineOptions {
                shader_stage: naga::ShaderStage::Fragment,
                entry_point: "main".into(),
            };
            let compiled = built
                .compiled()
                .map_err(|e| ExportError::Spirv(e.to_string()))?;
            naga::back::spv::write_vec(&compiled.module, &compiled.info, &options, Some(&pipeline))
                .map(|words| words.iter().flat_map(|w| w.to_le_bytes()).collect())
                .map_err(|e| ExportError::Spirv(e.to_string()))
        }
        Format::Hlsl => hlsl::write(built).map(|(text, _)| text.into_bytes()),
        Format::Msl => msl::write(built).map(|(text, _)| text.into_bytes()),
        Format::Godot => {
            engines::godot::write(net, lib, engines::godot::Version::Godot4).map(String::into_bytes)
        }
        Format::Godot3 => {
            engines::godot::write(net, lib, engines::godot::Version::Godot3).map(String::into_bytes)
        }
        Format::Unity => engines::unity::write(net, lib).map(String::into_bytes),
        Format::Unreal => engines::unreal::write(net, lib).map(String::into_bytes),
        Format::TouchDesigner => engines::touchdesigner::write(net, lib).map(String::into_bytes),
    }
}

/// The formats whose parameters are bound as the JSON layout says.
fn bound_by_layout(format: Format) -> bool {
    matches!(
        format,
        Format::Glsl | Format::Json | Format::Wgsl | Format::Spirv | Format::Hlsl | Format::Msl
    )
}

/// Volumes (3D textures) travel only where the shader's own bindings do
/// (GLSL, WGSL, SPIR-V, HLSL, MSL, with the JSON layout): a web page,
/// Shadertoy and the engines each take pictures only.
fn refuse_volumes(shader: &Shader, format: Format) -> Result<(), ExportError> {
    let carries = matches!(
        format,
        Format::Glsl | Format::Json | Format::Wgsl | Format::Spirv | Format::Hlsl | Format::Msl
    );
    match shader.textures.iter().find(|t| t.volume.is_some()) {
        Some(t) if !carries => Err(ExportError::Refused {
            format: format.info().name,
            feature: format!(
                "a volume (3D texture) '{}' read by node {}; export it as glsl, spirv, wgsl, hlsl or msl, or render it",
                crate::value::echo(&t.path),
                t.node
            ),
        }),
        _ => Ok(()),
    }
}

pub(crate) fn value_json(v: &ParamValue) -> Json {
    match v {
        ParamValue::Float(f) => json!(f),
        ParamValue::Int(i) => json!(i),
        ParamValue::Bool(b) => json!(b),
        ParamValue::Vector(v) => json!(v),
        ParamValue::Text(s) => json!(s),
        ParamValue::Points(l) => json!(l.points.iter().map(|p| p.pos).collect::<Vec<_>>()),
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
        .map(|t| {
            let mut entry =
                json!({ "var": t.var, "binding": t.binding, "path": t.path, "node": t.node });
            if t.data {
                // The data parameters' texels: a program binding the shader
                // uploads these as they are (read with texelFetch).
                use base64::Engine as _;
                let width = crate::data::DATA_WIDTH;
                let height = shader.data.len().div_ceil(width).max(1);
                let mut bytes = Vec::with_capacity(width * height * 16);
                for v in shader.data.iter().flatten() {
                    bytes.extend_from_slice(&v.to_le_bytes());
                }
                bytes.resize(width * height * 16, 0);
                entry["data"] = json!({
                    "format": "rgba32float, little-endian, row by row",
                    "width": width,
                    "height": height,
                    "base64": base64::engine::general_purpose::STANDARD.encode(&bytes),
                });
            }
            if let Some(v) = &t.volume {
                // A texture3D: a program binding it reads the file as ropkit does.
                entry["dimension"] = json!("3d");
                if let Some(raw) = &v.raw {
                    entry["rawSize"] = json!(raw.size);
                    entry["rawFormat"] = json!(raw.format.name());
                }
            }
            entry
        })
        .collect();
    json!({
        "output": net.output,
        "uniformBlock": {
            "set": 0,
            "binding": 0,
            "globals": crate::globals::described(),
            "sizeBytes": crate::globals::GLOBALS_BYTES,
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
        "bindings": bindings_json(shader),
        "params": params,
        "textures": textures,
        "rops": shader.rops,
        "nodes": shader.names,
    })
}

/// Every bound resource with its place in each language: the Vulkan set
/// and binding (GLSL, WGSL, SPIR-V), the HLSL register and the Metal slot.
fn bindings_json(shader: &Shader) -> Json {
    let kind = |k: bindings::ResourceKind| match k {
        bindings::ResourceKind::Globals => "globals",
        bindings::ResourceKind::Params => "params",
        bindings::ResourceKind::Sampler => "sampler",
        bindings::ResourceKind::Texture => "texture",
    };
    bindings::resources(shader)
        .iter()
        .map(|r| {
            json!({
                "name": r.name,
                "kind": kind(r.kind),
                "vulkan": { "set": r.set, "binding": r.binding },
                "hlsl": { "register": r.hlsl(), "space": 0, "name": r.written_name() },
                "msl": { "slot": r.msl(), "name": r.written_name() },
            })
        })
        .collect()
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
                // The range a value must lie in (null: unbounded that way).
                "hardMin": p.hard_limits().map(|l| l.0).filter(|v| v.is_finite()),
                "hardMax": p.hard_limits().map(|l| l.1).filter(|v| v.is_finite()),
                "options": p.options,
                "help": p.help,
                "uniform": p.is_uniform(),
                // A field on the input of the same name may drive it.
                "field": def.driving_slot(&p.name).is_some(),
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
