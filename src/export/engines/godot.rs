//! Godot: a `canvas_item` shader for a `ColorRect` (or any 2D node), in
//! Godot 4's dialect (`.gdshader`) or Godot 3's (`.shader`). Each live
//! parameter is a `uniform` the inspector shows under Shader Parameters,
//! with its range and the network's value as default; time is `TIME`.
//!
//! Where the dialects differ: Godot 4 writes colours as `source_color` (any
//! vector), Godot 3 as `hint_color` (a `vec4` only); Godot 4's texture hints
//! are `hint_default_white`, `filter_linear`, `repeat_enable`, Godot 3's
//! `hint_white` (filtering and repeat come from the import); Godot 3 reads
//! `5u` as an int (so `uint(5)`) and takes no vector index that is not a
//! constant.

use super::{Property, Scene, float, floats, host_globals, lowered, rotation_fn, scene};
use crate::build::Built;
use crate::export::ExportError;
use crate::export::lower::{GlobalAccess, Host, Syntax, Unsupported, syntax};
use crate::globals::HostInputs;
use crate::library::Library;
use crate::network::Network;
use crate::types::ParamStyle;
use std::fmt::Write as _;

/// Which Godot.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Version {
    Godot3,
    Godot4,
}

impl Version {
    fn syntax(self) -> &'static dyn Syntax {
        match self {
            Version::Godot3 => &syntax::Godot3,
            Version::Godot4 => &syntax::Godot4,
        }
    }
    fn format_id(self) -> crate::export::Format {
        match self {
            Version::Godot3 => crate::export::Format::Godot3,
            Version::Godot4 => crate::export::Format::Godot,
        }
    }
    fn format(self) -> &'static str {
        match self {
            Version::Godot3 => "godot3",
            Version::Godot4 => "godot",
        }
    }
}

struct GodotHost {
    slots: Vec<String>,
    globals: Vec<String>,
}

/// What Godot gives ropkit's per-frame globals: its clock (`TIME`, a frame
/// counted at 60 a second) and the picture's size.
const INPUTS: HostInputs = HostInputs {
    time: "TIME",
    delta: "(1.0 / 60.0)",
    resolution: "rk_res",
};

impl Host for GodotHost {
    fn global(&self, name: &str, leaves: usize) -> Result<GlobalAccess, Unsupported> {
        globals_for(name, leaves, &self.slots, &self.globals)
    }
    fn builtin(&self, b: naga::BuiltIn) -> Result<String, Unsupported> {
        match b {
            // Pixels from the top left, as ropkit's own gl_FragCoord.
            naga::BuiltIn::Position { .. } => Ok("vec4(UV * rk_res, 0.0, 1.0)".into()),
            other => Err(Unsupported(format!("the built-in input {other:?}"))),
        }
    }
    fn output(&self, colour: &str) -> String {
        format!("COLOR = {colour};")
    }
}

/// What ropkit's bound globals become in a host that reads its
/// parameters everywhere and its per-frame globals in the entry point.
pub(super) fn globals_for(
    name: &str,
    leaves: usize,
    slots: &[String],
    globals: &[String],
) -> Result<GlobalAccess, Unsupported> {
    let check = |n: usize, what: &str| {
        if leaves == n {
            Ok(())
        } else {
            Err(Unsupported(format!(
                "{what} with {leaves} parts where {n} were expected"
            )))
        }
    };
    match name {
        crate::export::bindings::GLOBALS_NAME => {
            check(globals.len(), "the globals' block")?;
            Ok(GlobalAccess::EntryOnly(globals.to_vec()))
        }
        crate::export::bindings::PARAMS_NAME => {
            check(slots.len(), "the parameters' block")?;
            Ok(GlobalAccess::Everywhere(slots.to_vec()))
        }
        "rk_sampler" => Ok(GlobalAccess::Nothing),
        t if t.starts_with("rk_tex") || t == crate::data::DATA_TEXTURE_VAR => {
            Ok(GlobalAccess::Texture(t.to_string()))
        }
        other => Err(Unsupported(format!("the bound resource {other}"))),
    }
}

/// The Godot type of a property, and how the code reads it.
fn property_type(p: &Property, v: Version) -> (&'static str, String) {
    let n = &p.name;
    match (p.style, v) {
        (ParamStyle::Float, _) => ("float", n.clone()),
        (ParamStyle::Int, _) => ("int", n.clone()),
        (ParamStyle::Toggle, _) => ("bool", n.clone()),
        // Godot 3 gives a colour picker to a vec4 only.
        (ParamStyle::Rgb, Version::Godot3) => ("vec4", format!("{n}.rgb")),
        _ => match p.components() {
            2 => ("vec2", n.clone()),
            3 => ("vec3", n.clone()),
            _ => ("vec4", n.clone()),
        },
    }
}

fn uniform(p: &Property, v: Version) -> String {
    let (ty, _) = property_type(p, v);
    let value = match p.style {
        ParamStyle::Int => format!("{}", p.value[0].round() as i64),
        ParamStyle::Toggle => (p.value[0] != 0.0).to_string(),
        ParamStyle::Float => float(p.value[0] as f64),
        ParamStyle::Rgb if v == Version::Godot3 => format!("vec4({}, 1.0)", floats(&p.value)),
        _ => format!("{ty}({})", floats(&p.value)),
    };
    let hint = match (p.style, p.min, p.max) {
        (ParamStyle::Float, Some(lo), Some(hi)) if lo < hi => {
            format!(" : hint_range({}, {})", float(lo), float(hi))
        }
        (ParamStyle::Int, Some(lo), Some(hi)) if lo < hi => {
            format!(
                " : hint_range({}, {})",
                lo.round() as i64,
                hi.round() as i64
            )
        }
        (ParamStyle::Rgb | ParamStyle::Rgba, ..) => match v {
            Version::Godot3 => " : hint_color".into(),
            Version::Godot4 => " : source_color".into(),
        },
        _ => String::new(),
    };
    format!(
        "uniform {ty} {}{hint} = {value}; // {} {} (ROP default {})",
        p.name,
        p.node,
        p.param,
        floats(&p.rop_default)
    )
}

/// The shader text for `version`.
pub fn write(
    built: &Built,
    net: &Network,
    lib: &Library,
    version: Version,
) -> Result<String, ExportError> {
    let scene = scene(built, net, lib);
    let syntax = version.syntax();
    let slots = scene.slots(syntax, |p| property_type(p, version).1);
    let host = GodotHost {
        slots,
        globals: host_globals(syntax, &INPUTS),
    };
    let code = lowered(built, &scene, syntax, &host, version.format())?;
    Ok(assemble(&scene, version, &code))
}

fn assemble(scene: &Scene, version: Version, code: &crate::export::lower::Lowered) -> String {
    let mut s = String::new();
    let (name, file) = match version {
        Version::Godot3 => ("Godot 3", ".shader"),
        Version::Godot4 => ("Godot 4", ".gdshader"),
    };
    let _ = writeln!(
        s,
        "// {name} canvas_item shader exported by ropkit from {}.\n\
         // Save as a {file} file, give a ColorRect a ShaderMaterial with it; the\n\
         // network's parameters are under Shader Parameters. Generated: edit the network, not this file.",
        scene.source
    );
    s.push_str(&scene.data_header(
        version.format_id(),
        "In Godot, give that file (an ImageTexture resource: nothing to import) to the\n\
         uniform rk_dataTex under Shader Parameters.",
    ));
    s.push_str("shader_type canvas_item;\nrender_mode unshaded;\n\n");
    s.push_str("// The picture's size in pixels; (0, 0): the viewport's.\n");
    s.push_str("uniform vec2 rk_resolution = vec2(0.0, 0.0);\n");
    for p in &scene.properties {
        s.push_str(&uniform(p, version));
        s.push('\n');
    }
    for t in scene.pictures() {
        let hint = match version {
            Version::Godot3 => "hint_white",
            Version::Godot4 => "hint_default_white, filter_linear_mipmap, repeat_enable",
        };
        let _ = writeln!(
            s,
            "uniform sampler2D {} : {hint}; // {} ({})",
            t.var, t.path, t.node
        );
    }
    if let Some(t) = scene.data_texture() {
        // Read texel by texel: never filtered, repeated or mipmapped.
        let hint = match version {
            Version::Godot3 => "hint_black",
            Version::Godot4 => "hint_default_black, filter_nearest, repeat_disable",
        };
        let _ = writeln!(
            s,
            "uniform sampler2D {} : {hint}; // the data texture (see the header)",
            t.var
        );
    }
    s.push('\n');
    if scene.has_rotation() {
        s.push_str(&rotation_fn(version.syntax()));
        s.push('\n');
    }
    for f in &code.functions {
        s.push_str(f);
        s.push('\n');
    }
    s.push_str("void fragment() {\n");
    s.push_str(
        "  vec2 rk_res = rk_resolution.x > 0.0 ? rk_resolution : 1.0 / SCREEN_PIXEL_SIZE;\n",
    );
    s.push_str(&code.entry_body);
    s.push_str("}\n");
    s
}
