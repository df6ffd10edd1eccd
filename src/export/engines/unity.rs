//! Unity: a ShaderLab `.shader` with an unlit pass for the Universal Render
//! Pipeline. Each live parameter is a material property (in the Properties
//! block and the `UnityPerMaterial` buffer, so the SRP batcher takes it);
//! textures are `2D` properties sampled with their own sampler; time is
//! `_Time.y`. The picture is drawn over the mesh's UVs, so a quad shows it.

use super::{Property, float, floats, host_globals, lowered, rotation_fn, scene};
use crate::build::Built;
use crate::export::ExportError;
use crate::export::lower::{GlobalAccess, Host, Unsupported, syntax, syntax::Hlsl};
use crate::globals::HostInputs;
use crate::library::Library;
use crate::network::Network;
use crate::types::ParamStyle;
use std::fmt::Write as _;

const FORMAT: &str = "unity";

struct UnityHost {
    slots: Vec<String>,
    globals: Vec<String>,
}

/// What Unity gives ropkit's per-frame globals: its built-in clock and
/// frame time, and the picture's size.
const INPUTS: HostInputs = HostInputs {
    time: "_Time.y",
    delta: "unity_DeltaTime.x",
    resolution: "rk_res",
};

impl Host for UnityHost {
    fn global(&self, name: &str, leaves: usize) -> Result<GlobalAccess, Unsupported> {
        super::godot::globals_for(name, leaves, &self.slots, &self.globals)
    }
    fn builtin(&self, b: naga::BuiltIn) -> Result<String, Unsupported> {
        match b {
            // Unity's UVs start at the bottom left; ropkit's pixels at the top left.
            naga::BuiltIn::Position { .. } => {
                Ok("float4(float2(i.uv.x, 1.0 - i.uv.y) * rk_res, 0.0, 1.0)".into())
            }
            other => Err(Unsupported(format!("the built-in input {other:?}"))),
        }
    }
    fn output(&self, colour: &str) -> String {
        format!("return {colour};")
    }
}

/// The property's line in the Properties block, its HLSL declaration, and
/// how the code reads it.
fn property(p: &Property) -> (String, String, String) {
    let label = format!("{} {}", p.node, p.param);
    let n = &p.name;
    let v = &p.value;
    let vector = |v: &[f32]| {
        let mut c = v.to_vec();
        c.resize(4, 0.0);
        format!("({})", floats(&c))
    };
    let range = match (p.min, p.max) {
        (Some(lo), Some(hi)) if lo < hi => Some(format!("Range({}, {})", float(lo), float(hi))),
        _ => None,
    };
    let (line, ty, read) = match p.style {
        ParamStyle::Float => (
            format!(
                "{n} (\"{label}\", {}) = {}",
                range.unwrap_or("Float".into()),
                float(v[0] as f64)
            ),
            "float",
            n.clone(),
        ),
        ParamStyle::Int => (
            match range {
                Some(r) => format!("[IntRange] {n} (\"{label}\", {r}) = {}", v[0].round()),
                None => format!("{n} (\"{label}\", Float) = {}", v[0].round()),
            },
            "float",
            format!("round({n})"),
        ),
        ParamStyle::Toggle => (
            format!(
                "[Toggle] {n} (\"{label}\", Float) = {}",
                (v[0] != 0.0) as u8
            ),
            "float",
            n.clone(),
        ),
        ParamStyle::Rgb | ParamStyle::Rgba => {
            let mut c = v.clone();
            c.resize(4, 1.0);
            let read = if p.style == ParamStyle::Rgb {
                format!("{n}.rgb")
            } else {
                n.clone()
            };
            (
                format!("{n} (\"{label}\", Color) = ({})", floats(&c)),
                "float4",
                read,
            )
        }
        _ => {
            let read = match p.components() {
                2 => format!("{n}.xy"),
                3 => format!("{n}.xyz"),
                _ => n.clone(),
            };
            (
                format!("{n} (\"{label}\", Vector) = {}", vector(v)),
                "float4",
                read,
            )
        }
    };
    (line, format!("{ty} {n};"), read)
}

/// The shader text.
pub fn write(built: &Built, net: &Network, lib: &Library) -> Result<String, ExportError> {
    let scene = scene(built, net, lib);
    let props: Vec<(String, String, String)> = scene.properties.iter().map(property).collect();
    let reads: std::collections::HashMap<&str, &str> = scene
        .properties
        .iter()
        .zip(&props)
        .map(|(p, (_, _, r))| (p.name.as_str(), r.as_str()))
        .collect();
    let slots = scene.slots(&Hlsl, |p| reads[p.name.as_str()].to_string());
    let code = lowered(
        built,
        &scene,
        &Hlsl,
        &UnityHost {
            slots,
            globals: host_globals(&Hlsl, &INPUTS),
        },
        FORMAT,
    )?;
    let name = net
        .file
        .file_stem()
        .map(|f| f.to_string_lossy().into_owned())
        .unwrap_or_else(|| "network".into());
    let mut s = String::new();
    let _ = writeln!(
        s,
        "// Unity (Universal Render Pipeline) unlit shader exported by ropkit from {}.\n\
         // Put it in Assets/, make a material with it and put that on a quad. Generated:\n\
         // edit the network, not this file.",
        scene.source
    );
    s.push_str(&scene.data_header(
        crate::export::Format::Unity,
        "In Unity, put that file in Assets/ and set its import settings: Texture Type\n\
         Default, sRGB (Color Texture) off, Non-Power of 2 None, Generate Mip Maps off,\n\
         Wrap Mode Clamp, Filter Mode Point, Format RGBA Float, Compression None; then\n\
         give it to the material's rk_dataTex.",
    ));
    let _ = writeln!(
        s,
        "Shader \"ropkit/{}\"\n{{\n  Properties\n  {{",
        super::super::lower::sanitize(&name)
    );
    s.push_str(
        "    rk_resolution (\"Picture size in pixels (0: the screen's)\", Vector) = (0, 0, 0, 0)\n",
    );
    for (line, _, _) in &props {
        let _ = writeln!(s, "    {line}");
    }
    for t in scene.pictures() {
        let _ = writeln!(
            s,
            "    {} (\"{} ({})\", 2D) = \"white\" {{}}",
            t.var, t.path, t.node
        );
    }
    if let Some(t) = scene.data_texture() {
        let _ = writeln!(
            s,
            "    [NoScaleOffset] {} (\"Data texture (the .data.exr file, see the header)\", 2D) = \"black\" {{}}",
            t.var
        );
    }
    s.push_str(
        "  }\n  SubShader\n  {\n    Tags { \"RenderType\" = \"Opaque\" \"RenderPipeline\" = \"UniversalPipeline\" \"Queue\" = \"Geometry\" }\n    Pass\n    {\n      Name \"ropkit\"\n      HLSLPROGRAM\n      #pragma vertex rk_vertex\n      #pragma fragment rk_fragment\n      #include \"Packages/com.unity.render-pipelines.universal/ShaderLibrary/Core.hlsl\"\n\n      CBUFFER_START(UnityPerMaterial)\n      float4 rk_resolution;\n",
    );
    for (_, decl, _) in &props {
        let _ = writeln!(s, "      {decl}");
    }
    s.push_str("      CBUFFER_END\n");
    for t in &scene.shader.textures {
        let _ = writeln!(
            s,
            "      TEXTURE2D({0});\n      SAMPLER(sampler_{0});",
            t.var
        );
    }
    s.push_str(
        "\n      struct rk_Attributes { float4 positionOS : POSITION; float2 uv : TEXCOORD0; };\n      struct rk_Varyings { float4 positionCS : SV_POSITION; float2 uv : TEXCOORD0; };\n\n      rk_Varyings rk_vertex(rk_Attributes v)\n      {\n        rk_Varyings o;\n        o.positionCS = TransformObjectToHClip(v.positionOS.xyz);\n        o.uv = v.uv;\n        return o;\n      }\n\n",
    );
    let mut code_text = String::new();
    if code
        .functions
        .iter()
        .chain([&code.entry_body])
        .any(|f| f.contains(syntax::HLSL_TEXTURE_SIZE_FN))
    {
        code_text.push_str(syntax::HLSL_TEXTURE_SIZE);
        code_text.push('\n');
    }
    if scene.has_rotation() {
        code_text.push_str(&rotation_fn(&Hlsl));
        code_text.push('\n');
    }
    for f in &code.functions {
        code_text.push_str(f);
        code_text.push('\n');
    }
    code_text.push_str("float4 rk_fragment(rk_Varyings i) : SV_Target {\n");
    code_text.push_str(
        "  float2 rk_res = rk_resolution.x > 0.0 ? rk_resolution.xy : _ScreenParams.xy;\n",
    );
    code_text.push_str(&code.entry_body);
    code_text.push_str("}\n");
    for line in code_text.lines() {
        if line.is_empty() {
            s.push('\n');
        } else {
            let _ = writeln!(s, "      {line}");
        }
    }
    s.push_str("      ENDHLSL\n    }\n  }\n}\n");
    Ok(s)
}
