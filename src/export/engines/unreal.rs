//! Unreal Engine: the HLSL body of a material's Custom node, and the list
//! of its inputs. A Custom node's code is the body of one function, so the
//! scene's functions are methods of a struct declared inside it, and every
//! input reaches them as a parameter: the texture coordinate, the time, the
//! picture's size and one input per live parameter, each wired to a
//! ScalarParameter or VectorParameter of the same name (the material's own
//! properties). The data texture (point lists, text outlines) is an input
//! of type Texture Object, passed on to the methods that read it. Picture
//! textures are not passed: a network with one is refused (the format's
//! row in [`crate::export::FORMATS`] says so).

use super::{Property, float, floats, host_globals, lowered, rotation_fn, scene};
use crate::build::Built;
use crate::export::ExportError;
use crate::export::lower::{GlobalAccess, Host, Unsupported, syntax, syntax::Hlsl};
use crate::globals::HostInputs;
use crate::library::Library;
use crate::network::Network;
use crate::types::ParamStyle;
use std::fmt::Write as _;

const FORMAT: &str = "unreal";

/// The node's fixed inputs: name, type, what to wire.
const INPUTS: [(&str, &str, &str); 3] = [
    ("UV", "float2", "a TextureCoordinate node"),
    ("Time", "float", "a Time node"),
    (
        "Resolution",
        "float2",
        "a Constant2Vector: the picture's size in pixels (its aspect matters), e.g. (512, 512)",
    ),
];

struct UnrealHost {
    slots: Vec<String>,
    globals: Vec<String>,
}

/// What the Custom node's inputs give ropkit's per-frame globals.
const HOST_INPUTS: HostInputs = HostInputs {
    time: "Time",
    delta: "(1.0 / 60.0)",
    resolution: "Resolution",
};

impl Host for UnrealHost {
    fn global(&self, name: &str, leaves: usize) -> Result<GlobalAccess, Unsupported> {
        match super::godot::globals_for(name, leaves, &self.slots, &self.globals)? {
            // Inputs are parameters of the entry method: carried from there.
            GlobalAccess::Everywhere(v) => Ok(GlobalAccess::EntryOnly(v)),
            GlobalAccess::Texture(t) if t == crate::data::DATA_TEXTURE_VAR => {
                Ok(GlobalAccess::EntryOnlyTexture {
                    value: t,
                    ty: "Texture2D".into(),
                })
            }
            GlobalAccess::Texture(t) => Err(Unsupported(format!(
                "a texture ({t}): a Custom node's code cannot take one into its functions"
            ))),
            other => Ok(other),
        }
    }
    fn builtin(&self, b: naga::BuiltIn) -> Result<String, Unsupported> {
        match b {
            // Unreal's UVs start at the top left, as ropkit's pixels do.
            naga::BuiltIn::Position { .. } => Ok("float4(UV * Resolution, 0.0, 1.0)".into()),
            other => Err(Unsupported(format!("the built-in input {other:?}"))),
        }
    }
    fn output(&self, colour: &str) -> String {
        format!("return {colour};")
    }
}

/// The HLSL type of a property's input, how the code reads it, and the
/// material parameter to wire to it.
fn input(p: &Property) -> (&'static str, String) {
    let n = &p.name;
    let range = match (p.min, p.max) {
        (Some(lo), Some(hi)) => format!(", slider {} to {}", float(lo), float(hi)),
        _ => String::new(),
    };
    match p.style {
        ParamStyle::Float | ParamStyle::Int | ParamStyle::Toggle => (
            "float",
            format!(
                "a ScalarParameter \"{n}\", default {}{range}{}",
                float(p.value[0] as f64),
                if p.style == ParamStyle::Int {
                    " (whole numbers)"
                } else {
                    ""
                }
            ),
        ),
        _ => {
            let (ty, mask) = match p.components() {
                2 => ("float2", " through a ComponentMask (R G)"),
                3 => ("float3", " through a ComponentMask (R G B)"),
                _ => ("float4", ""),
            };
            (
                ty,
                format!(
                    "a VectorParameter \"{n}\", default ({}){mask}",
                    floats(&p.value)
                ),
            )
        }
    }
}

/// The Custom node's code, with the steps and the inputs in a comment first.
pub fn write(built: &Built, net: &Network, lib: &Library) -> Result<String, ExportError> {
    let scene = scene(built, net, lib);
    let slots = scene.slots(&Hlsl, |p| match p.style {
        ParamStyle::Int => format!("round({})", p.name),
        _ => p.name.clone(),
    });
    let code = lowered(
        built,
        &scene,
        &Hlsl,
        &UnrealHost {
            slots,
            globals: host_globals(&Hlsl, &HOST_INPUTS),
        },
        FORMAT,
    )?;
    let mut inputs: Vec<(String, &str, String)> = INPUTS
        .iter()
        .map(|(n, t, w)| (n.to_string(), *t, w.to_string()))
        .collect();
    for p in &scene.properties {
        let (ty, wire) = input(p);
        inputs.push((p.name.clone(), ty, wire));
    }
    if let Some(t) = scene.data_texture() {
        inputs.push((
            t.var.clone(),
            "Texture2D",
            "a TextureObject node holding the data texture (see below)".into(),
        ));
    }
    let mut s = String::new();
    let _ = writeln!(
        s,
        "// Unreal Engine material Custom node exported by ropkit from {}.\n\
         // 1. In the material, add a Custom node; set Output Type to CMOT Float 4.\n\
         // 2. Paste everything below the dashed line into its Code field.\n\
         // 3. Add one input per line of the list below, in this order, with these names,\n\
         //    and wire each as it says.\n\
         // 4. Wire the output (through a ComponentMask R G B) to Emissive Color (or Base Color)\n\
         //    of an Unlit material.\n\
         // Inputs:",
        scene.source
    );
    for (n, t, w) in &inputs {
        let _ = writeln!(s, "//   {n} ({t}): {w}");
    }
    s.push_str(&scene.data_header(
        crate::export::Format::Unreal,
        "In Unreal, import that file and set, in its Texture editor: Compression Settings\n\
         HDR High Precision (32-bit float RGBA, TC_HDR_F32), sRGB off, Mip Gen Settings\n\
         NoMipmaps, Filter Nearest, Never Stream on.",
    ));
    s.push_str("// ----------------------------------------------------------------------------\n");
    s.push_str("struct RopkitScene {\n");
    let mut methods = String::new();
    if code
        .functions
        .iter()
        .chain([&code.entry_body])
        .any(|f| f.contains(syntax::HLSL_TEXTURE_SIZE_FN))
    {
        methods.push_str(syntax::HLSL_TEXTURE_SIZE);
    }
    if scene.has_rotation() {
        methods.push_str(&rotation_fn(&Hlsl));
    }
    for f in &code.functions {
        methods.push_str(f);
    }
    let params: Vec<String> = inputs.iter().map(|(n, t, _)| format!("{t} {n}")).collect();
    let _ = writeln!(methods, "float4 Run({}) {{", params.join(", "));
    methods.push_str(&code.entry_body);
    methods.push_str("}\n");
    for line in methods.lines() {
        let _ = writeln!(s, "  {line}");
    }
    s.push_str("};\nRopkitScene rk_scene;\n");
    let args: Vec<&str> = inputs.iter().map(|(n, _, _)| n.as_str()).collect();
    let _ = writeln!(s, "return rk_scene.Run({});", args.join(", "));
    Ok(s)
}
