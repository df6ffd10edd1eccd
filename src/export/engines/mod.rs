//! The engine formats: Godot 4 and 3, Unity, Unreal, TouchDesigner. Each
//! is the network's shader lowered to plain code ([`super::lower`]), with
//! the live parameters as the engine's own properties and time as the
//! engine's time. What every engine shares is here: the properties, how
//! they fill the parameter slots the shader reads, and the refusals.

pub mod data;
pub mod godot;
pub mod touchdesigner;
pub mod unity;
pub mod unreal;

use super::ExportError;
use super::lower::{self, Syntax};
use crate::build::Built;
use crate::generate::{Mode, ParamSlot, Shader};
use crate::library::Library;
use crate::network::Network;
use crate::types::ParamStyle;
use crate::value::ParamValue;
use std::collections::HashSet;

/// One live parameter as an engine property.
pub struct Property {
    /// The name in the code and the engine: `<node>_<Param>`.
    pub name: String,
    /// The node's path and the parameter, as the network names them.
    pub node: String,
    pub param: String,
    pub style: ParamStyle,
    /// The network's value (what `ropkit render` draws), and the ROP's default.
    pub value: Vec<f32>,
    pub rop_default: Vec<f32>,
    pub min: Option<f64>,
    pub max: Option<f64>,
    slot: ParamSlot,
}

impl Property {
    /// Components of the value: 1 to 4.
    pub fn components(&self) -> usize {
        self.slot.components
    }
}

/// Everything an engine writer needs.
pub struct Scene {
    pub shader: Shader,
    pub properties: Vec<Property>,
    /// The network file, for the header.
    pub source: String,
    /// The nodes whose data parameters the data texture holds (`node
    /// /title (ROP text: Font)`, ...), when the shader reads one.
    pub data_nodes: Option<String>,
}

/// The properties of the network's engine build (`Mode::Engine`).
pub fn scene(built: &Built, net: &Network, lib: &Library) -> Scene {
    debug_assert_eq!(built.shader.mode, Mode::Engine);
    let mut properties = Vec::new();
    for slot in &built.shader.params {
        let name = built
            .shader
            .names
            .get(&slot.node)
            .map(|n| format!("{n}_{}", lower::sanitize(&slot.param)))
            .unwrap_or_else(|| lower::sanitize(&format!("{}_{}", slot.node, slot.param)));
        let value = net
            .nodes
            .get(&slot.node)
            .and_then(|n| n.def(lib).and_then(|d| n.value(d, &slot.param)))
            .unwrap_or(&slot.default);
        properties.push(Property {
            name,
            node: slot.node.clone(),
            param: slot.param.clone(),
            style: slot.style,
            value: components(value, slot.components),
            rop_default: components(&slot.default, slot.components),
            min: slot.min,
            max: slot.max,
            slot: slot.clone(),
        });
    }
    let source = net
        .file
        .file_name()
        .map(|f| f.to_string_lossy().into_owned())
        .unwrap_or_default();
    let data_nodes = built
        .shader
        .textures
        .iter()
        .any(|t| t.data)
        .then(|| super::builds::data_nodes(built, net, lib));
    Scene {
        shader: built.shader.clone(),
        properties,
        source,
        data_nodes,
    }
}

fn components(v: &ParamValue, n: usize) -> Vec<f32> {
    let mut c = v.components();
    c.resize(n, 0.0);
    c
}

impl Scene {
    /// The textures the network's nodes read (the data texture apart).
    pub fn pictures(&self) -> impl Iterator<Item = &crate::generate::TextureBinding> {
        self.shader.textures.iter().filter(|t| !t.data)
    }

    /// The data texture, when the shader reads one.
    pub fn data_texture(&self) -> Option<&crate::generate::TextureBinding> {
        self.shader.textures.iter().find(|t| t.data)
    }

    /// The header's lines (`//`) on the data texture: what it holds, the
    /// file `format`'s export writes next to the shader, and how the
    /// engine is to take it (`how`, one line or more).
    pub fn data_header(&self, format: super::Format, how: &str) -> String {
        let (Some(nodes), Some(ext)) = (&self.data_nodes, data::extension(format)) else {
            return String::new();
        };
        let var = crate::data::DATA_TEXTURE_VAR;
        let mut s = format!(
            "// Data texture `{var}`: the data parameters of {nodes}, as 32-bit float\n\
             // RGBA texels (texel i at column i % {w}, row i / {w}, read with texelFetch).\n\
             // `ropkit export -o NAME.EXT` writes it next to this file as NAME.{ext}.\n",
            w = crate::data::DATA_WIDTH
        );
        for line in how.lines() {
            s += &format!("// {line}\n");
        }
        s
    }

    /// The property names: the lowered code declares none of them.
    pub fn reserved(&self) -> HashSet<String> {
        let mut names: HashSet<String> = self.properties.iter().map(|p| p.name.clone()).collect();
        names.extend(self.shader.textures.iter().map(|t| t.var.clone()));
        names.extend(RESERVED.iter().map(|s| s.to_string()));
        names
    }

    /// The `vec4` parameter slots the shader reads, each composed from the
    /// properties that live in it, written with `read(property)` (the
    /// property as the code reads it), in the language of `syntax`.
    pub fn slots(&self, syntax: &dyn Syntax, read: impl Fn(&Property) -> String) -> Vec<String> {
        let n = self.shader.param_vec4s;
        let mut cells = vec![["0.0".to_string(), "0.0".into(), "0.0".into(), "0.0".into()]; n];
        let mut whole: Vec<Option<String>> = vec![None; n];
        let float = |t: String| syntax.convert("float", &t);
        for p in &self.properties {
            let r = read(p);
            let s = &p.slot;
            match p.style {
                ParamStyle::Rotation => {
                    for k in 0..3 {
                        whole[s.slot + k] = Some(format!("{ROTATION_FN}({r}, {k})"));
                    }
                }
                ParamStyle::Int | ParamStyle::Toggle => cells[s.slot][s.offset] = float(r),
                ParamStyle::Float => cells[s.slot][s.offset] = r,
                _ => {
                    for k in 0..s.components {
                        cells[s.slot][s.offset + k] = format!("{r}.{}", ["x", "y", "z", "w"][k]);
                    }
                }
            }
        }
        let vec4 = syntax.vector(4, naga::Scalar::F32);
        cells
            .into_iter()
            .zip(whole)
            .map(|(c, w)| w.unwrap_or_else(|| format!("{vec4}({})", c.join(", "))))
            .collect()
    }

    /// Whether a rotation property needs [`rotation_fn`].
    pub fn has_rotation(&self) -> bool {
        self.properties
            .iter()
            .any(|p| p.style == ParamStyle::Rotation)
    }
}

/// ropkit's per-frame globals in an engine's language, one `vec4` each,
/// written from their table ([`crate::globals::SLOTS`]) with what the
/// engine gives: its clock, the seconds of a frame, the picture's size.
pub fn host_globals(syntax: &dyn Syntax, inputs: &crate::globals::HostInputs) -> Vec<String> {
    let vec4 = syntax.vector(4, naga::Scalar::F32);
    crate::globals::host_values(inputs)
        .iter()
        .map(|c| format!("{vec4}({})", c.join(", ")))
        .collect()
}

/// Names the lowered code leaves alone for the wrappers' own use.
const RESERVED: &[&str] = &[
    "rk_res",
    "rk_resolution",
    "rk_uv",
    "rk_time",
    "rk_colour",
    super::lower::syntax::HLSL_TEXTURE_SIZE_FN,
];

const ROTATION_FN: &str = "rk_rotation_column";

/// The helper that turns a rotation property (degrees about x, then y, then
/// z) into the three slots ropkit's shader reads: column k of
/// Rz * Ry * Rx in `.xyz`, angle k in `.w`.
pub fn rotation_fn(syntax: &dyn Syntax) -> String {
    let (v3, v4) = (
        syntax.vector(3, naga::Scalar::F32),
        syntax.vector(4, naga::Scalar::F32),
    );
    format!(
        "{v4} {ROTATION_FN}({v3} degrees, int k) {{\n\
        \x20 {v3} c = cos(radians(degrees));\n\
        \x20 {v3} s = sin(radians(degrees));\n\
        \x20 if (k == 0) {{\n\
        \x20   return {v4}(c.z * c.y, s.z * c.y, -s.y, degrees.x);\n\
        \x20 }}\n\
        \x20 if (k == 1) {{\n\
        \x20   return {v4}(c.z * s.y * s.x - s.z * c.x, s.z * s.y * s.x + c.z * c.x, c.y * s.x, degrees.y);\n\
        \x20 }}\n\
        \x20 return {v4}(c.z * s.y * c.x + s.z * s.x, s.z * s.y * c.x - c.z * s.x, c.y * c.x, degrees.z);\n\
        }}\n"
    )
}

/// The lowered code of the scene for an engine.
pub fn lowered(
    built: &Built,
    scene: &Scene,
    syntax: &dyn Syntax,
    host: &dyn lower::Host,
    format: &'static str,
) -> Result<lower::Lowered, ExportError> {
    let compiled = built.compiled().map_err(|error| ExportError::Build {
        from: super::Source::Engine,
        error: Box::new(error),
    })?;
    let module = super::bindings::named_module(&compiled.module, &built.shader);
    lower::lower(&module, &compiled.info, syntax, host, &scene.reserved()).map_err(|e| {
        ExportError::Refused {
            format,
            feature: match e.at.and_then(|span| origin(built, span)) {
                Some(place) => format!("{} ({place})", e.what),
                None => e.what,
            },
        }
    })
}

/// Where a place in the shader naga read comes from: the node, its ROP
/// and the file and line of the code (`node /env (ROP envLight),
/// rops/.../function.glsl:12`), as far as the source map knows.
fn origin(built: &Built, span: naga::Span) -> Option<String> {
    let line = span.location(&built.shader.glsl).line_number as usize;
    let o = built.shader.source_map.origin(line)?;
    let file = o.file.map(|f| format!("{}:{}", f.display(), o.line));
    let node = o.node.map(
        |n| match built.resolution.nodes.iter().find(|r| r.path == n) {
            Some(r) => format!("node {n} (ROP {})", r.rop),
            None => format!("node {n}"),
        },
    );
    match (node, file) {
        (Some(n), Some(f)) => Some(format!("{n}, {f}")),
        (Some(n), None) => Some(n),
        (None, Some(f)) => Some(format!("in {f}")),
        (None, None) => None,
    }
}

/// A number as every dialect writes a float.
pub fn float(v: f64) -> String {
    let s = format!("{:?}", v as f32);
    if s.contains(['.', 'e']) {
        s
    } else {
        format!("{s}.0")
    }
}

/// The values as a comma list of floats.
pub fn floats(v: &[f32]) -> String {
    v.iter()
        .map(|x| float(*x as f64))
        .collect::<Vec<_>>()
        .join(", ")
}
