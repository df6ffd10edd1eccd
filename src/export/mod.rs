//! Exports of a built network for other programs: the GLSL itself, a JSON
//! description of the parameter layout, WGSL, SPIR-V, HLSL and MSL through
//! naga's back ends, a Shadertoy pass, a self-contained web page ([`html`])
//! and the engine formats ([`engines`], through [`lower`]).

pub mod bindings;
mod builds;
mod engines;
mod hlsl;
pub mod html;
pub mod lower;
mod msl;

pub use builds::Exporter;
pub use engines::data::DataFile;

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

/// The build a format is written from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// ropkit's own shader (`Mode::Render`, or the caller's build's mode)
    /// with transforms kept apart: another program fills its parameters
    /// slot by slot as the JSON layout says.
    Layout,
    /// A Shadertoy image pass (`Mode::Shadertoy`), stitched: Shadertoy
    /// compiles it, not naga.
    Shadertoy,
    /// The engines' build (`Mode::Engine`), lowered to the engine's language.
    Engine,
    /// The web page's build (`Mode::Web`), through naga's GLSL ES writer.
    Web,
}

impl Source {
    pub const ALL: [Source; 4] = [
        Source::Layout,
        Source::Shadertoy,
        Source::Engine,
        Source::Web,
    ];

    /// Its name for scripts (Python's `ropkit.formats()`).
    pub fn name(self) -> &'static str {
        match self {
            Source::Layout => "layout",
            Source::Shadertoy => "shadertoy",
            Source::Engine => "engine",
            Source::Web => "web",
        }
    }

    /// How a failed build of this kind is introduced in a message.
    fn failure(self) -> &'static str {
        match self {
            Source::Layout => "",
            Source::Shadertoy => "Shadertoy output failed: ",
            Source::Engine => "engine export: ",
            Source::Web => "web page output failed: ",
        }
    }

    /// What the build is, in a few words.
    pub fn describe(self) -> &'static str {
        match self {
            Source::Layout => "render build, transforms unfolded",
            Source::Shadertoy => "Shadertoy build (stitched)",
            Source::Engine => "engine build",
            Source::Web => "web build",
        }
    }
}

/// How a format carries the data parameters (point lists, text outlines).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DataCarry {
    /// As the data texture the JSON layout describes (or the page embeds;
    /// or, for an engine, the file [`Exporter::data_texture`] writes next
    /// to the shader).
    Texture,
    /// As a constant array in the code: small lists only (at most
    /// `DATA_INLINE_TEXELS` texels, and one statement of at most
    /// `GLSL_STATEMENT_TOKENS` tokens where the code is compiled by ropkit).
    Constants,
}

impl DataCarry {
    pub fn name(self) -> &'static str {
        match self {
            DataCarry::Texture => "texture",
            DataCarry::Constants => "constants",
        }
    }
}

/// What reads a format's output back (in the conformance test; the
/// README's format table names it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Validator {
    /// glslangValidator, as Vulkan GLSL.
    Glslang,
    /// glslangValidator, the file inside what its host declares (Shadertoy's
    /// uniforms, Godot's or TouchDesigner's built-ins).
    GlslangHosted,
    /// glslang's HLSL front end (for Unity and Unreal, inside a stand-in
    /// for what the engine declares).
    GlslangHlsl,
    /// naga's WGSL front end and validator.
    NagaWgsl,
    /// `spirv-val`.
    SpirvVal,
    /// A JSON parse and the layout's schema.
    JsonSchema,
    /// One file that asks for nothing outside itself; its GLSL ES by glslang.
    SelfContained,
    /// No compiler for it here: the module it is written from passes
    /// naga's validator, and its resources are checked against the layout.
    NagaModule,
}

impl Validator {
    pub fn describe(self) -> &'static str {
        match self {
            Validator::Glslang => "glslang",
            Validator::GlslangHosted => "glslang, under the host's declarations",
            Validator::GlslangHlsl => "glslang's HLSL front end",
            Validator::NagaWgsl => "naga's WGSL front end",
            Validator::SpirvVal => "spirv-val; naga reads it back",
            Validator::JsonSchema => "JSON parse and schema",
            Validator::SelfContained => "one file, no requests; glslang on its GLSL ES",
            Validator::NagaModule => "naga's validator on its module (no Metal compiler here)",
        }
    }
}

/// Everything a front end or a test needs to know of a format: the name the
/// command line and Python take, the file extension, the menu label,
/// whether the bytes are text, the build it is written from, what it can
/// carry and what checks it. One row a format; a new format is a variant,
/// a row here and its arm in [`Exporter::export`]. The CLI, the viewer's
/// Export menu and Python read this table, and the refusals of what a
/// format cannot carry are made from it ([`refusal`]).
#[derive(Debug)]
pub struct FormatInfo {
    pub format: Format,
    pub name: &'static str,
    pub extension: &'static str,
    pub label: &'static str,
    pub text: bool,
    /// The build it is written from.
    pub source: Source,
    /// Its parameters are bound as the JSON layout says (so it is written
    /// from a build whose transforms stay apart).
    pub layout_bound: bool,
    /// It carries volumes (3D textures).
    pub volumes: bool,
    /// It carries picture textures at all.
    pub textures: bool,
    /// It carries high dynamic range maps (Radiance `.hdr`, OpenEXR).
    pub hdr: bool,
    /// How it carries data parameters.
    pub data: DataCarry,
    pub validator: Validator,
}

// One row a format, kept on one line each (rustfmt would spread them).
#[rustfmt::skip]
pub const FORMATS: &[FormatInfo] = &[
    FormatInfo { format: Format::Glsl, name: "glsl", extension: "frag", label: "GLSL", text: true, source: Source::Layout, layout_bound: true, volumes: true, textures: true, hdr: true, data: DataCarry::Texture, validator: Validator::Glslang },
    FormatInfo { format: Format::Shadertoy, name: "shadertoy", extension: "shadertoy.glsl", label: "Shadertoy", text: true, source: Source::Shadertoy, layout_bound: false, volumes: false, textures: true, hdr: true, data: DataCarry::Constants, validator: Validator::GlslangHosted },
    FormatInfo { format: Format::Json, name: "json", extension: "json", label: "JSON layout", text: true, source: Source::Layout, layout_bound: true, volumes: true, textures: true, hdr: true, data: DataCarry::Texture, validator: Validator::JsonSchema },
    FormatInfo { format: Format::Wgsl, name: "wgsl", extension: "wgsl", label: "WGSL", text: true, source: Source::Layout, layout_bound: true, volumes: true, textures: true, hdr: true, data: DataCarry::Texture, validator: Validator::NagaWgsl },
    FormatInfo { format: Format::Spirv, name: "spirv", extension: "spv", label: "SPIR-V", text: false, source: Source::Layout, layout_bound: true, volumes: true, textures: true, hdr: true, data: DataCarry::Texture, validator: Validator::SpirvVal },
    FormatInfo { format: Format::Html, name: "html", extension: "html", label: "web page", text: true, source: Source::Web, layout_bound: false, volumes: true, textures: true, hdr: true, data: DataCarry::Texture, validator: Validator::SelfContained },
    FormatInfo { format: Format::Hlsl, name: "hlsl", extension: "hlsl", label: "HLSL", text: true, source: Source::Layout, layout_bound: true, volumes: true, textures: true, hdr: true, data: DataCarry::Texture, validator: Validator::GlslangHlsl },
    FormatInfo { format: Format::Msl, name: "msl", extension: "metal", label: "Metal (MSL)", text: true, source: Source::Layout, layout_bound: true, volumes: true, textures: true, hdr: true, data: DataCarry::Texture, validator: Validator::NagaModule },
    FormatInfo { format: Format::Godot, name: "godot", extension: "gdshader", label: "Godot 4 shader", text: true, source: Source::Engine, layout_bound: false, volumes: false, textures: true, hdr: true, data: DataCarry::Texture, validator: Validator::GlslangHosted },
    FormatInfo { format: Format::Godot3, name: "godot3", extension: "shader", label: "Godot 3 shader", text: true, source: Source::Engine, layout_bound: false, volumes: false, textures: true, hdr: true, data: DataCarry::Texture, validator: Validator::GlslangHosted },
    FormatInfo { format: Format::Unity, name: "unity", extension: "unity.shader", label: "Unity shader", text: true, source: Source::Engine, layout_bound: false, volumes: false, textures: true, hdr: true, data: DataCarry::Texture, validator: Validator::GlslangHlsl },
    FormatInfo { format: Format::Unreal, name: "unreal", extension: "unreal.hlsl", label: "Unreal Custom node", text: true, source: Source::Engine, layout_bound: false, volumes: false, textures: false, hdr: true, data: DataCarry::Texture, validator: Validator::GlslangHlsl },
    FormatInfo { format: Format::TouchDesigner, name: "touchdesigner", extension: "td.glsl", label: "TouchDesigner GLSL TOP", text: true, source: Source::Engine, layout_bound: false, volumes: false, textures: true, hdr: true, data: DataCarry::Texture, validator: Validator::GlslangHosted },
];

/// A format name that is not in [`FORMATS`]; the message lists them.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("unknown export format '{0}' ({names})", names = names(|_| true))]
pub struct UnknownFormat(pub String);

/// The names of the formats that `keep`, in the table's order, comma separated.
pub fn names(keep: impl Fn(&FormatInfo) -> bool) -> String {
    FORMATS
        .iter()
        .filter(|f| keep(f))
        .map(|f| f.name)
        .collect::<Vec<_>>()
        .join(", ")
}

impl Format {
    /// Every variant, once: the registry has one row for each (checked by
    /// a test; a new variant that is not listed here does not compile).
    pub const ALL: [Format; 13] = [
        Format::Glsl,
        Format::Json,
        Format::Wgsl,
        Format::Spirv,
        Format::Shadertoy,
        Format::Html,
        Format::Hlsl,
        Format::Msl,
        Format::Godot,
        Format::Godot3,
        Format::Unity,
        Format::Unreal,
        Format::TouchDesigner,
    ];

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

#[derive(Debug, Clone, thiserror::Error)]
pub enum ExportError {
    #[error("WGSL output failed: {0}")]
    Wgsl(String),
    #[error("SPIR-V output failed: {0}")]
    Spirv(String),
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
    /// The network does not build for the format (`from`: the build it
    /// is written from).
    #[error("{}{}", from.failure(), error.report())]
    Build {
        from: Source,
        error: Box<crate::build::BuildError>,
    },
    /// The data parameters are too many for the constants a format takes
    /// them as.
    #[error(
        "{format} export: the data parameters of {nodes} come to {texels} texels, {reason}; \
         shorten the text or the point list, or export as {instead} (they bind the data as a texture)"
    )]
    Data {
        format: &'static str,
        /// Each node with data parameters: `node /path (ROP rop: Param)`.
        nodes: String,
        texels: usize,
        reason: String,
        /// The formats that carry the data.
        instead: String,
    },
    /// The network uses something the format cannot carry.
    #[error("{format} export: this network uses {feature}, which {format} cannot carry")]
    Refused {
        format: &'static str,
        feature: String,
    },
}

/// Where the data texture of an engine export written to `path` goes:
/// beside it, the format's extension (`.gdshader`, `.unity.shader`, ...)
/// replaced by the data file's (`.data.tres`, `.data.exr`).
pub fn data_path(path: &std::path::Path, format: Format, data: &DataFile) -> std::path::PathBuf {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let dotted = format!(".{}", format.info().extension);
    let stem = match name.strip_suffix(&dotted) {
        Some(stem) if !stem.is_empty() => stem.to_string(),
        _ => match name.rsplit_once('.') {
            Some((stem, _)) if !stem.is_empty() => stem.to_string(),
            _ => name,
        },
    };
    path.with_file_name(format!("{stem}.{}", data.extension))
}

/// The data texture file of an engine export of `built` (see
/// [`Exporter::data_texture`]).
pub fn data_texture(
    built: &Built,
    net: &Network,
    lib: &Library,
    format: Format,
) -> Result<Option<DataFile>, ExportError> {
    Exporter::from_build(built, net, lib).data_texture(format)
}

/// The exported bytes for a format, from `built` (the caller's build of
/// `net`; other builds a format needs are made here). A web page embeds
/// the network's textures, looked up from the network's folder (see
/// [`html::default_asset_dirs`]); [`export_in`] names the folders.
pub fn export(
    built: &Built,
    net: &Network,
    lib: &Library,
    format: Format,
) -> Result<Vec<u8>, ExportError> {
    Exporter::from_build(built, net, lib).export(format)
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
    Exporter::from_build(built, net, lib)
        .with_asset_dirs(asset_dirs.to_vec())
        .export(format)
}

impl Exporter<'_> {
    /// The bytes of one format, from the build its row names (made once).
    pub fn export(&self, format: Format) -> Result<Vec<u8>, ExportError> {
        let info = format.info();
        // Refused from any build at hand before another is made for it.
        if let Some(shader) = self.any_shader() {
            refusal(info, shader)?;
        }
        match info.source {
            Source::Layout => {
                let built = self.layout()?;
                refusal(info, &built.shader)?;
                layout_format(built, self.net, self.lib, format)
            }
            Source::Shadertoy => {
                let shader = self.shadertoy().map_err(|e| self.explained(info, e))?;
                refusal(info, shader)?;
                Ok(shader.glsl.clone().into_bytes())
            }
            Source::Web => {
                let built = self.web()?;
                refusal(info, &built.shader)?;
                html::page(built, self.net, self.lib, &self.asset_dirs).map(String::into_bytes)
            }
            Source::Engine => {
                let built = self.engine().map_err(|e| self.explained(info, e))?;
                refusal(info, &built.shader)?;
                let (net, lib) = (self.net, self.lib);
                let text = match format {
                    Format::Godot => {
                        engines::godot::write(built, net, lib, engines::godot::Version::Godot4)
                    }
                    Format::Godot3 => {
                        engines::godot::write(built, net, lib, engines::godot::Version::Godot3)
                    }
                    Format::Unity => engines::unity::write(built, net, lib),
                    Format::Unreal => engines::unreal::write(built, net, lib),
                    Format::TouchDesigner => engines::touchdesigner::write(built, net, lib),
                    other => unreachable!("{other} is not an engine format"),
                };
                text.map(String::into_bytes)
            }
        }
    }
}

impl Exporter<'_> {
    /// A failed build, as the refusal of what the format cannot hold
    /// where that is why.
    fn explained(&self, info: &FormatInfo, e: ExportError) -> ExportError {
        match e {
            ExportError::Build { .. } => self.data_refusal(info).unwrap_or(e),
            e => e,
        }
    }
}

/// A format written from the layout's build.
fn layout_format(
    built: &Built,
    net: &Network,
    lib: &Library,
    format: Format,
) -> Result<Vec<u8>, ExportError> {
    match format {
        Format::Glsl => Ok(built.shader.glsl.clone().into_bytes()),
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
        other => unreachable!("{other} is not written from the layout's build"),
    }
}

/// What a format cannot carry, as its row says, refused with the node
/// that uses it and the formats that do carry it.
pub fn refusal(info: &FormatInfo, shader: &Shader) -> Result<(), ExportError> {
    let refused = |feature: String| ExportError::Refused {
        format: info.name,
        feature,
    };
    for t in shader.textures.iter().filter(|t| !t.data) {
        if t.volume.is_some() && !info.volumes {
            return Err(refused(format!(
                "a volume (3D texture) '{}' read by node {}; export it as {}, or render it",
                crate::value::echo(&t.path),
                t.node,
                names(|f| f.volumes)
            )));
        }
        if t.volume.is_none() && !info.textures {
            return Err(refused(format!(
                "a texture ({}, node {}); export it as {}",
                crate::value::echo(&t.path),
                t.node,
                names(|f| f.textures && f.source == Source::Engine)
            )));
        }
        let lower = t.path.to_ascii_lowercase();
        if !info.hdr && (lower.ends_with(".hdr") || lower.ends_with(".exr")) {
            return Err(refused(format!(
                "a high dynamic range map ('{}', node {}); export the map as a PNG (it loses the light above 1), or the network as {}",
                crate::value::echo(&t.path),
                t.node,
                names(|f| f.hdr && f.textures && f.source != Source::Layout)
            )));
        }
    }
    Ok(())
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
                if let Some(n) = v.mesh_voxels {
                    // A mesh file: its signed distance baked on n³ voxels
                    // as ropkit bakes it (README, meshSdf).
                    entry["meshVoxels"] = json!(n);
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Every variant of [`Format`]: a new one fails to compile here until
    /// it is listed in [`Format::ALL`] (and so in the test below).
    fn listed(f: Format) -> bool {
        match f {
            Format::Glsl
            | Format::Json
            | Format::Wgsl
            | Format::Spirv
            | Format::Shadertoy
            | Format::Html
            | Format::Hlsl
            | Format::Msl
            | Format::Godot
            | Format::Godot3
            | Format::Unity
            | Format::Unreal
            | Format::TouchDesigner => Format::ALL.contains(&f),
        }
    }

    #[test]
    fn the_registry_has_one_row_per_format_and_no_name_twice() {
        assert!(Format::ALL.iter().all(|f| listed(*f)));
        assert_eq!(FORMATS.len(), Format::ALL.len(), "one row per variant");
        for f in Format::ALL {
            let rows = FORMATS.iter().filter(|r| r.format == f).count();
            assert_eq!(rows, 1, "{f:?} has {rows} rows");
        }
        // Names and extensions are what `--format` takes: none stands for two.
        let mut words: Vec<(&str, Format)> = FORMATS
            .iter()
            .flat_map(|r| [(r.name, r.format), (r.extension, r.format)])
            .collect();
        words.sort_by_key(|w| w.0);
        words.dedup(); // a name that is also its own format's extension
        for pair in words.windows(2) {
            assert_ne!(pair[0].0, pair[1].0, "{pair:?}: one word for two formats");
        }
        for r in FORMATS {
            assert_eq!(Format::parse(r.name), Ok(r.format));
            assert_eq!(Format::parse(r.extension), Ok(r.format));
            assert!(!r.label.is_empty());
            // Bound by the layout is written from the layout's build.
            assert_eq!(r.layout_bound, r.source == Source::Layout, "{}", r.name);
            // The data texture is bound where the code binds textures of
            // its own; an engine's is a file next to the shader.
            if r.data == DataCarry::Texture {
                assert!(
                    matches!(r.source, Source::Layout | Source::Web)
                        || engines::data::extension(r.format).is_some(),
                    "{}",
                    r.name
                );
            }
            assert_eq!(
                engines::data::extension(r.format).is_some(),
                r.source == Source::Engine,
                "{}",
                r.name
            );
        }
        let listed = UnknownFormat("x".into()).to_string();
        assert_eq!(listed.matches("glsl").count(), 1, "{listed}");
    }
}
