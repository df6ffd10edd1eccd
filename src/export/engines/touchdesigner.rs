//! TouchDesigner: a GLSL TOP pixel shader. TouchDesigner declares the
//! version, `uTDOutputInfo` (the output's resolution), `vUV` (the texture
//! coordinate), `sTD2DInputs[]` (the TOP's inputs) and `TDOutputSwizzle`;
//! the shader declares `fragColor`, its uniforms (set on the GLSL TOP's
//! Vectors pages: one per live parameter, plus `uTime`), and samples the
//! network's textures from the TOP's inputs in order.

use super::{Property, floats, host_globals, lowered, rotation_fn, scene};
use crate::build::Built;
use crate::export::ExportError;
use crate::export::lower::{GlobalAccess, Host, Unsupported, syntax::Glsl};
use crate::globals::HostInputs;
use crate::library::Library;
use crate::network::Network;
use std::fmt::Write as _;

const FORMAT: &str = "touchdesigner";

struct TdHost {
    slots: Vec<String>,
    globals: Vec<String>,
    /// The TOP's input that takes the data texture (after the pictures).
    data_input: usize,
}

/// What TouchDesigner gives ropkit's per-frame globals: the `uTime`
/// uniform and the output's resolution.
const INPUTS: HostInputs = HostInputs {
    time: "uTime",
    delta: "(1.0 / 60.0)",
    resolution: "rk_res",
};

impl Host for TdHost {
    fn global(&self, name: &str, leaves: usize) -> Result<GlobalAccess, Unsupported> {
        match super::godot::globals_for(name, leaves, &self.slots, &self.globals)? {
            // Textures arrive on the TOP's inputs, in the layout's order.
            GlobalAccess::Texture(t) => {
                let i: usize = if t == crate::data::DATA_TEXTURE_VAR {
                    self.data_input
                } else {
                    t.trim_start_matches("rk_tex").parse().unwrap_or(0)
                };
                Ok(GlobalAccess::Texture(format!("sTD2DInputs[{i}]")))
            }
            other => Ok(other),
        }
    }
    fn builtin(&self, b: naga::BuiltIn) -> Result<String, Unsupported> {
        match b {
            // vUV starts at the bottom left; ropkit's pixels at the top left.
            naga::BuiltIn::Position { .. } => {
                Ok("vec4(vec2(vUV.s, 1.0 - vUV.t) * rk_res, 0.0, 1.0)".into())
            }
            other => Err(Unsupported(format!("the built-in input {other:?}"))),
        }
    }
    fn output(&self, colour: &str) -> String {
        format!("fragColor = TDOutputSwizzle({colour});")
    }
}

/// The GLSL type of a property (TouchDesigner sets floats and vectors).
fn glsl_type(p: &Property) -> &'static str {
    match p.components() {
        1 => "float",
        2 => "vec2",
        3 => "vec3",
        _ => "vec4",
    }
}

/// The shader text.
pub fn write(built: &Built, net: &Network, lib: &Library) -> Result<String, ExportError> {
    let scene = scene(built, net, lib);
    let slots = scene.slots(&Glsl, |p| p.name.clone());
    let code = lowered(
        built,
        &scene,
        &Glsl,
        &TdHost {
            slots,
            globals: host_globals(&Glsl, &INPUTS),
            data_input: scene.pictures().count(),
        },
        FORMAT,
    )?;
    let mut s = String::new();
    let _ = writeln!(
        s,
        "// TouchDesigner GLSL TOP pixel shader exported by ropkit from {}.\n\
         // Put it in a Text DAT as the GLSL TOP's Pixel Shader. On the GLSL TOP's\n\
         // Vectors pages, set each uniform below: uTime to absTime.seconds, each\n\
         // parameter to the value shown (its range in brackets).",
        scene.source
    );
    for (i, t) in scene.pictures().enumerate() {
        let _ = writeln!(s, "// Input {i} of the TOP: {} ({}).", t.path, t.node);
    }
    if scene.data_texture().is_some() {
        let i = scene.pictures().count();
        let _ = writeln!(
            s,
            "// Input {i} of the TOP: the data texture (below): a Movie File In TOP reading it\n\
             // with Pixel Format 32-bit float (RGBA) and Input Smoothness Nearest Pixel."
        );
        s.push_str(&scene.data_header(crate::export::Format::TouchDesigner, ""));
    }
    s.push_str("\nuniform float uTime;\n");
    for p in &scene.properties {
        let range = match (p.min, p.max) {
            (Some(lo), Some(hi)) => format!(" [{lo} .. {hi}]"),
            _ => String::new(),
        };
        let _ = writeln!(
            s,
            "uniform {} {}; // {}{range}: {} {}",
            glsl_type(p),
            p.name,
            floats(&p.value),
            p.node,
            p.param
        );
    }
    s.push_str("\nlayout(location = 0) out vec4 fragColor;\n\n");
    if scene.has_rotation() {
        s.push_str(&rotation_fn(&Glsl));
        s.push('\n');
    }
    for f in &code.functions {
        s.push_str(f);
        s.push('\n');
    }
    s.push_str("void main() {\n  vec2 rk_res = uTDOutputInfo.res.zw;\n");
    s.push_str(&code.entry_body);
    s.push_str("}\n");
    Ok(s)
}
