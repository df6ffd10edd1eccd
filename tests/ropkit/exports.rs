//! Every export format read back by something other than the code that
//! wrote it: WGSL by naga's WGSL front end and by wgpu running it; SPIR-V by
//! `spirv-val` and naga's SPIR-V front end; the Shadertoy pass by a harness
//! that declares Shadertoy's own uniforms; the JSON layout by a schema and by
//! driving the WGSL render with the buffer bytes it describes. The pictures
//! are compared with ropkit's own.

use crate::common::*;
use crate::harness::{Bindings, compare, draw};
use ropkit::build::build;
use ropkit::export::{Format, export};
use ropkit::generate::Mode;
use ropkit::library::Library;
use ropkit::network::Network;
use ropkit::render::{Gpu, Renderer};
use serde_json::Value as Json;
use std::borrow::Cow;

pub(crate) const SIZE: u32 = 64;

/// ropkit's own picture of a network, through `ropkit::render`.
pub(crate) fn ropkit_picture(gpu: &Gpu, lib: &Library, net: &Network) -> image::RgbaImage {
    ropkit_pictures(gpu, lib, net, &[0.0]).remove(0)
}

/// ropkit's own pictures of `net` at each of `times` (seconds).
pub(crate) fn ropkit_pictures(
    gpu: &Gpu,
    lib: &Library,
    net: &Network,
    times: &[f32],
) -> Vec<image::RgbaImage> {
    ropkit_pictures_at(gpu, lib, net, times, SIZE)
}

/// The same at `size` x `size` pixels.
pub(crate) fn ropkit_pictures_at(
    gpu: &Gpu,
    lib: &Library,
    net: &Network,
    times: &[f32],
    size: u32,
) -> Vec<image::RgbaImage> {
    let built = build(lib, net, &Mode::Render.into()).unwrap_or_else(|e| panic!("{e}"));
    let mut r = Renderer::new(gpu.clone());
    r.asset_dirs = project(&[]).asset_dirs(&net.file);
    r.set_built(&built).unwrap_or_else(|e| panic!("{e}"));
    r.set_params(&built.shader.param_values(net, lib));
    times
        .iter()
        .map(|t| {
            r.globals.time = *t;
            r.render_image(size, size).unwrap_or_else(|e| panic!("{e}"))
        })
        .collect()
}

pub(crate) fn exported(lib: &Library, net: &Network, format: Format) -> Vec<u8> {
    let built = build(lib, net, &Mode::Render.into()).unwrap_or_else(|e| panic!("{e}"));
    export(&built, net, lib, format)
        .unwrap_or_else(|e| panic!("{}: {format:?}: {e}", net.file.display()))
}

pub(crate) fn text(lib: &Library, net: &Network, format: Format) -> String {
    String::from_utf8(exported(lib, net, format)).expect("text exports are UTF-8")
}

/// The image a texture path names, looked up as ropkit documents it (the
/// network's folder, its parent, the project); an empty path is plain white.
pub(crate) fn texture_image(net: &Network, path: &str) -> image::RgbaImage {
    if path.is_empty() {
        return image::RgbaImage::from_pixel(1, 1, image::Rgba([255; 4]));
    }
    let dir = net.file.parent().unwrap();
    let candidates = [dir.join(path), dir.join("..").join(path), root().join(path)];
    let file = candidates
        .iter()
        .find(|p| p.is_file())
        .unwrap_or_else(|| panic!("texture {path} not found for {}", net.file.display()));
    image::open(file).unwrap().to_rgba8()
}

/// A texture as a program would upload it: environment maps (`.hdr`,
/// `.exr`) as floats, other images as 8-bit sRGB.
pub(crate) fn texture_texels(net: &Network, path: &str) -> crate::harness::Texels {
    let lower = path.to_ascii_lowercase();
    if lower.ends_with(".hdr") || lower.ends_with(".exr") {
        let file = [root().join(path), net.file.parent().unwrap().join(path)]
            .into_iter()
            .find(|p| p.is_file())
            .unwrap_or_else(|| panic!("texture {path} not found for {}", net.file.display()));
        crate::harness::Texels::Float(image::open(file).unwrap().to_rgba32f())
    } else {
        crate::harness::Texels::Srgb8(texture_image(net, path))
    }
}

// ---------------------------------------------------------------------------
// The JSON layout: a schema, written from what the layout promises

fn int(v: &Json, what: &str) -> u64 {
    v.as_u64()
        .unwrap_or_else(|| panic!("{what} is not a non-negative integer: {v}"))
}

/// Checks the layout's shape and internal consistency against the network
/// and the GLSL it describes; returns the parsed document.
pub(crate) fn check_layout_schema(text: &str, net: &Network, lib: &Library, glsl: &str) -> Json {
    let built = build(lib, net, &Mode::Render.into()).unwrap_or_else(|e| panic!("{e}"));
    check_layout_schema_with(text, net, lib, glsl, &built.shader.source_map)
}

/// [`check_layout_schema`], with the source map of a build of the network
/// (which says which lines are a node's code).
pub(crate) fn check_layout_schema_with(
    text: &str,
    net: &Network,
    lib: &Library,
    glsl: &str,
    map: &ropkit::generate::SourceMap,
) -> Json {
    let json: Json = serde_json::from_str(text).expect("the JSON export parses");
    // The document is exactly what serde writes back: nothing lost in a round trip.
    assert_eq!(
        serde_json::to_string_pretty(&json).unwrap(),
        text,
        "round trip"
    );
    let obj = json.as_object().expect("an object at the top");
    let keys: Vec<&str> = obj.keys().map(String::as_str).collect();
    for k in [
        "output",
        "uniformBlock",
        "sampler",
        "params",
        "textures",
        "rops",
        "nodes",
    ] {
        assert!(keys.contains(&k), "missing key {k}: {keys:?}");
    }
    assert_eq!(json["output"], net.output.as_str());

    let ub = &json["uniformBlock"];
    assert_eq!(
        (int(&ub["set"], "set"), int(&ub["binding"], "binding")),
        (0, 0)
    );
    let globals = ub["globals"].as_array().expect("globals: a list");
    assert!(globals.iter().all(Json::is_string));
    assert_eq!(
        int(&ub["sizeBytes"], "sizeBytes"),
        16 * globals.len() as u64,
        "one vec4 a global"
    );
    // The parameters' buffer, declared in the GLSL as the layout says.
    let pb = &json["paramsBuffer"];
    let vec4s = int(&pb["vec4s"], "paramsBuffer.vec4s");
    assert_eq!(int(&pb["sizeBytes"], "paramsBuffer.sizeBytes"), 16 * vec4s);
    assert_eq!(int(&pb["set"], "paramsBuffer.set"), 0);
    let member = pb["member"].as_str().expect("paramsBuffer.member");
    let params_binding = int(&pb["binding"], "paramsBuffer.binding");
    // The layout names the kind of buffer, and the GLSL declares that kind.
    let kind = pb["kind"].as_str().expect("paramsBuffer.kind");
    let declaration = if kind.contains("storage") {
        format!("layout(set = 0, binding = {params_binding}, std430) readonly buffer")
    } else {
        assert!(kind.contains("uniform"), "unknown kind {kind}");
        format!("layout(set = 0, binding = {params_binding}) uniform Params")
    };
    assert!(
        glsl.contains(&declaration) && glsl.contains(&format!("vec4 {member}[{vec4s}];")),
        "the GLSL declares no {kind} `{member}[{vec4s}]` at binding {params_binding}"
    );
    assert_eq!(
        (
            int(&json["sampler"]["set"], "sampler set"),
            int(&json["sampler"]["binding"], "sampler binding")
        ),
        (0, 1)
    );

    let nodes = json["nodes"].as_object().expect("nodes: path -> GLSL name");
    // A node the shape pass joined into its caller keeps no name of its
    // own when nothing of it is live: its code is there all the same, and
    // the source map says which lines are its.
    let has_lines = |path: &str| {
        map.nodes
            .iter()
            .position(|n| n == path)
            .is_some_and(|k| map.lines.iter().any(|l| l.node as usize == k))
    };
    for (path, name) in nodes {
        assert!(net.nodes.contains_key(path), "nodes names {path}");
        let name = name.as_str().unwrap();
        assert!(
            glsl.contains(&format!("{name}_"))
                || glsl.contains(&format!("{name}("))
                || has_lines(path),
            "{path}'s GLSL name {name} is not in the shader, nor any line of its code"
        );
    }
    let rops = json["rops"].as_array().expect("rops: a list");
    for node in nodes.keys() {
        let rop = &net.nodes[node].rop;
        assert!(rops.iter().any(|r| r == rop.as_str()), "rops lacks {rop}");
    }

    let mut used = vec![[false; 4]; vec4s as usize];
    // Parameter macros found in the shader and checked against the layout.
    let mut reads = 0;
    for p in json["params"].as_array().expect("params: a list") {
        let node = p["node"].as_str().expect("node");
        let param = p["param"].as_str().expect("param");
        let what = format!("{node}.{param}");
        let def = net.nodes[node].def(lib).unwrap();
        let pdef = def
            .param(param)
            .unwrap_or_else(|| panic!("{what}: no such parameter"));
        assert!(pdef.is_uniform(), "{what} is compiled in, not a uniform");
        assert_eq!(p["style"], pdef.style.as_str(), "{what}");
        let (slot, slots, offset, n) = (
            int(&p["slot"], "slot"),
            int(&p["slots"], "slots"),
            int(&p["offset"], "offset"),
            int(&p["components"], "components"),
        );
        assert!(
            slot + slots <= vec4s && (1..=4).contains(&n) && offset + n <= 4,
            "{what}: {p}"
        );
        assert_eq!(
            int(&p["byteOffset"], "byteOffset"),
            16 * slot + 4 * offset,
            "{what}: byteOffset in the parameters' buffer"
        );
        let rotation = pdef.style == ropkit::types::ParamStyle::Rotation;
        // A rotation fills three whole slots (its matrix); any other style
        // its components in one.
        assert_eq!(slots, if rotation { 3 } else { 1 }, "{what}");
        assert_eq!(p["encoding"].is_string(), rotation, "{what}: encoding");
        let cells: Vec<(u64, u64)> = if rotation {
            (slot..slot + 3)
                .flat_map(|s| (0..4).map(move |k| (s, k)))
                .collect()
        } else {
            (offset..offset + n).map(|k| (slot, k)).collect()
        };
        for (s, k) in cells {
            let cell = &mut used[s as usize][k as usize];
            assert!(!*cell, "{what} overlaps another parameter");
            *cell = true;
        }
        // The value is the one in effect in the network, and the default the ROP's.
        let current = net.param_value(lib, node, param).unwrap();
        assert_eq!(value_floats(&p["value"]), current.components(), "{what}");
        assert_eq!(
            value_floats(&p["default"]),
            pdef.default.components(),
            "{what}"
        );
        for bound in ["min", "max"] {
            assert!(p[bound].is_null() || p[bound].is_number(), "{what}.{bound}");
        }
        // Every macro the shader has for it reads where the layout says.
        // (A macro that no code names is left out of the shader, so a
        // parameter may have none, or only some of its forms.)
        let name = nodes[node].as_str().unwrap();
        let lanes = "xyzw";
        let mut expected: Vec<(String, String)> = if rotation {
            let cols: Vec<String> = (0..3).map(|k| format!("vecParams[{}]", slot + k)).collect();
            vec![
                (
                    String::new(),
                    format!("vec3({}.w, {}.w, {}.w)", cols[0], cols[1], cols[2]),
                ),
                (
                    "_matrix".into(),
                    format!("mat3({}.xyz, {}.xyz, {}.xyz)", cols[0], cols[1], cols[2]),
                ),
            ]
        } else {
            vec![(
                String::new(),
                format!(
                    "vecParams[{slot}].{}",
                    &lanes[offset as usize..(offset + n) as usize]
                ),
            )]
        };
        if n > 1 {
            for (k, suffix) in pdef.style.component_suffixes().iter().enumerate() {
                let read = if rotation {
                    format!("vecParams[{}].w", slot + k as u64)
                } else {
                    format!(
                        "vecParams[{slot}].{}",
                        &lanes[offset as usize + k..offset as usize + k + 1]
                    )
                };
                expected.push((suffix.to_string(), read));
            }
        }
        for (suffix, read) in expected {
            let head = format!("#define {name}_{param}{suffix} ");
            if let Some(define) = glsl.lines().find(|l| l.starts_with(&head)) {
                reads += 1;
                assert!(
                    define.contains(&read),
                    "{what}: the layout says `{read}`, the shader has `{define}`"
                );
            }
        }
    }
    assert!(
        json["params"].as_array().unwrap().is_empty() || reads > 0,
        "no parameter macro of the layout is in the shader"
    );
    for t in json["textures"].as_array().expect("textures: a list") {
        let (var, binding) = (
            t["var"].as_str().expect("var"),
            int(&t["binding"], "binding"),
        );
        assert!(
            binding >= 2,
            "bindings 0 and 1 are the block and the sampler"
        );
        assert_ne!(
            binding, params_binding,
            "{var} and the parameters share a binding"
        );
        assert!(t["path"].is_string() && t["node"].is_string());
        // A volume says so ("dimension": "3d") and is a texture3D.
        let kind = if t["dimension"] == "3d" { "3D" } else { "2D" };
        assert!(
            glsl.contains(&format!(
                "layout(set = 0, binding = {binding}) uniform texture{kind} {var};"
            )),
            "texture {var} at binding {binding}"
        );
    }
    json
}

/// A parameter value as the floats the uniform block holds.
fn value_floats(v: &Json) -> Vec<f32> {
    match v {
        Json::Number(n) => vec![n.as_f64().unwrap() as f32],
        Json::Bool(b) => vec![if *b { 1.0 } else { 0.0 }],
        Json::Array(a) => a.iter().flat_map(value_floats).collect(),
        Json::String(_) => vec![],
        other => panic!("not a parameter value: {other}"),
    }
}

/// The uniform block's bytes, filled only from what the JSON layout says:
/// the globals by their names.
pub(crate) fn uniform_from_layout(json: &Json, width: u32, height: u32) -> Vec<u8> {
    let ub = &json["uniformBlock"];
    let mut bytes = vec![0u8; ub["sizeBytes"].as_u64().unwrap() as usize];
    let (w, h) = (width as f32, height as f32);
    for (i, g) in ub["globals"].as_array().unwrap().iter().enumerate() {
        let values = match g.as_str().unwrap().split_whitespace().next().unwrap() {
            "rk_time" => vec![0.0, 0.0, 1.0 / 60.0, 0.0],
            "rk_resolution" => vec![w, h, 1.0 / w, 1.0 / h],
            _ => continue,
        };
        put_floats(&mut bytes, 16 * i, &values);
    }
    bytes
}

/// The parameters' buffer: every parameter's value at its byte offset, a
/// rotation as its encoding says (the matrix made here from its definition).
/// The parameters' binding, its bytes, and whether it is a uniform block.
pub(crate) fn params_from_layout(json: &Json) -> (u32, Vec<u8>, bool) {
    let pb = &json["paramsBuffer"];
    let mut bytes = vec![0u8; pb["sizeBytes"].as_u64().unwrap() as usize];
    for p in json["params"].as_array().unwrap() {
        let at = p["byteOffset"].as_u64().unwrap() as usize;
        let value = value_floats(&p["value"]);
        if p["style"] == "rotation" {
            let m = rotation_columns([value[0] as f64, value[1] as f64, value[2] as f64]);
            for (k, column) in m.iter().enumerate() {
                let cell = [column[0], column[1], column[2], value[k] as f64];
                put_floats(&mut bytes, at + 16 * k, &cell.map(|f| f as f32));
            }
        } else {
            put_floats(&mut bytes, at, &value);
        }
    }
    let uniform = pb["kind"].as_str().unwrap().contains("uniform");
    (pb["binding"].as_u64().unwrap() as u32, bytes, uniform)
}

/// The columns of Rz * Ry * Rx for angles in degrees, as the product of the
/// three elementary rotations (matrices as rows here, then transposed).
fn rotation_columns(degrees: [f64; 3]) -> [[f64; 3]; 3] {
    let [x, y, z] = degrees.map(f64::to_radians);
    let rx = [
        [1.0, 0.0, 0.0],
        [0.0, x.cos(), -x.sin()],
        [0.0, x.sin(), x.cos()],
    ];
    let ry = [
        [y.cos(), 0.0, y.sin()],
        [0.0, 1.0, 0.0],
        [-y.sin(), 0.0, y.cos()],
    ];
    let rz = [
        [z.cos(), -z.sin(), 0.0],
        [z.sin(), z.cos(), 0.0],
        [0.0, 0.0, 1.0],
    ];
    let mul = |a: [[f64; 3]; 3], b: [[f64; 3]; 3]| {
        let mut m = [[0.0; 3]; 3];
        for (r, row) in m.iter_mut().enumerate() {
            for (c, cell) in row.iter_mut().enumerate() {
                *cell = (0..3).map(|k| a[r][k] * b[k][c]).sum();
            }
        }
        m
    };
    let rows = mul(mul(rz, ry), rx);
    [0, 1, 2].map(|c| [rows[0][c], rows[1][c], rows[2][c]])
}

fn put_floats(bytes: &mut [u8], at: usize, values: &[f32]) {
    for (k, v) in values.iter().enumerate() {
        bytes[at + 4 * k..at + 4 * k + 4].copy_from_slice(&v.to_le_bytes());
    }
}

pub(crate) fn textures_from_layout(
    json: &Json,
    net: &Network,
) -> Vec<(u32, crate::harness::Texels)> {
    json["textures"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            let texels = match t.get("data") {
                // The data parameters' texels, as the layout gives them.
                Some(d) => {
                    use base64::Engine as _;
                    let bytes = base64::engine::general_purpose::STANDARD
                        .decode(d["base64"].as_str().unwrap())
                        .unwrap();
                    crate::harness::Texels::Data {
                        width: d["width"].as_u64().unwrap() as u32,
                        height: d["height"].as_u64().unwrap() as u32,
                        texels: bytes
                            .chunks_exact(4)
                            .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
                            .collect(),
                    }
                }
                None => texture_texels(net, t["path"].as_str().unwrap()),
            };
            (t["binding"].as_u64().unwrap() as u32, texels)
        })
        .collect()
}

// The layout of every preset against the schema: conformance.rs.

// ---------------------------------------------------------------------------
// WGSL and SPIR-V

pub(crate) fn naga_validate(module: &naga::Module, what: &str) {
    naga::valid::Validator::new(
        naga::valid::ValidationFlags::all(),
        naga::valid::Capabilities::all(),
    )
    .validate(module)
    .unwrap_or_else(|e| panic!("{what}: naga's validator rejects it: {e:?}"));
}

/// The largest channel difference allowed between ropkit's picture and an
/// export's, and how many pixels may reach past `NEAR` (a float rounding
/// at an edge of the scene moves a pixel a step along its ray).
const NEAR: u8 = 3;
const FAR_PIXELS: usize = 3;
/// ...and the mean channel difference over the whole picture stays below
/// this, so a shift too small for the per-pixel test (a colour a step off
/// everywhere) fails too.
const EXPORT_MEAN: f64 = 0.5;

/// The mean absolute difference over every channel of every pixel.
pub(crate) fn mean_difference(a: &image::RgbaImage, b: &image::RgbaImage) -> f64 {
    assert_eq!(a.dimensions(), b.dimensions());
    let sum: u64 = a
        .as_raw()
        .iter()
        .zip(b.as_raw())
        .map(|(x, y)| x.abs_diff(*y) as u64)
        .sum();
    sum as f64 / a.as_raw().len() as f64
}

pub(crate) fn picture_difference(
    what: &str,
    ours: &image::RgbaImage,
    theirs: &image::RgbaImage,
) -> Option<String> {
    let (worst, far) = compare(ours, theirs, NEAR);
    let mean = mean_difference(ours, theirs);
    (far > FAR_PIXELS || mean > EXPORT_MEAN).then(|| {
        let dir = std::env::temp_dir();
        let name = what.replace(['/', ' '], "_");
        ours.save(dir.join(format!("ropkit-{name}-ropkit.png")))
            .unwrap();
        theirs
            .save(dir.join(format!("ropkit-{name}-export.png")))
            .unwrap();
        format!(
            "{what}: {far} pixels differ by more than {NEAR} (at most {FAR_PIXELS} may; worst {worst}), \
             mean difference {mean:.3} (at most {EXPORT_MEAN}); pictures in {}",
            dir.display()
        )
    })
}

/// `spirv-val` (Debian `spirv-tools`) on a SPIR-V binary, for Vulkan 1.0.
pub(crate) fn spirv_val(bytes: &[u8], what: &str) {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("shader.spv");
    std::fs::write(&file, bytes).unwrap();
    let out = std::process::Command::new("spirv-val")
        .args(["--target-env", "vulkan1.0"])
        .arg(&file)
        .output()
        .unwrap_or_else(|e| {
            panic!("spirv-val not found ({e}): install spirv-tools (apt-get install spirv-tools)")
        });
    assert!(
        out.status.success(),
        "{what}: spirv-val rejects the SPIR-V:\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

// Every preset's SPIR-V through spirv-val and naga: conformance.rs.

/// The SPIR-V export read back by naga and drawn by wgpu, its bindings
/// filled from the JSON layout alone.
fn spirv_picture(
    gpu: &Gpu,
    lib: &Library,
    net: &Network,
    layout: &Json,
    name: &str,
) -> image::RgbaImage {
    let spv = exported(lib, net, Format::Spirv);
    let module = naga::front::spv::parse_u8_slice(&spv, &Default::default())
        .unwrap_or_else(|e| panic!("{name}: naga cannot read the SPIR-V back: {e}"));
    let uniform = uniform_from_layout(layout, SIZE, SIZE);
    let (params_binding, params, params_uniform) = params_from_layout(layout);
    let textures = textures_from_layout(layout, net);
    draw(
        gpu,
        wgpu::ShaderSource::Naga(Cow::Owned(module)),
        "main",
        &Bindings {
            uniform: &uniform,
            storage: Some((params_binding, &params)),
            params_uniform,
            textures: &textures,
        },
        SIZE,
        SIZE,
    )
    .unwrap_or_else(|e| panic!("{name}: wgpu refuses the SPIR-V read back: {e}"))
}

// ---------------------------------------------------------------------------
// Shadertoy

/// Shadertoy's image-pass inputs as a uniform block (std140 offsets in the
/// comments), its channels as separate textures with one sampler (naga
/// takes no combined samplers), and a `main` that calls `mainImage` with
/// Shadertoy's bottom-left origin.
pub(crate) fn shadertoy_harness(pass: &str, channels: usize) -> String {
    let mut s = String::from(
        "#version 450\n\
         layout(set = 0, binding = 0) uniform ShadertoyInputs {\n\
           vec3 iResolution;   // 0\n\
           float iTime;        // 12\n\
           float iTimeDelta;   // 16\n\
           int iFrame;         // 20\n\
           float iFrameRate;   // 24\n\
           vec4 iMouse;        // 32\n\
           vec4 iDate;         // 48\n\
           float iSampleRate;  // 64\n\
         };\n\
         layout(set = 0, binding = 1) uniform sampler st_sampler;\n",
    );
    for i in 0..channels {
        s += &format!(
            "layout(set = 0, binding = {}) uniform texture2D st_channel{i};\n#define iChannel{i} sampler2D(st_channel{i}, st_sampler)\n",
            2 + i
        );
    }
    s += "\n";
    s += pass;
    s += "\nlayout(location = 0) out vec4 st_fragColor;\n\
          void main() {\n\
            mainImage(st_fragColor, vec2(gl_FragCoord.x, iResolution.y - gl_FragCoord.y));\n\
          }\n";
    s
}

fn shadertoy_uniform(width: u32, height: u32, time: f32) -> Vec<u8> {
    let mut b = vec![0u8; 80];
    let mut put = |at: usize, bytes: [u8; 4]| b[at..at + 4].copy_from_slice(&bytes);
    put(0, (width as f32).to_le_bytes());
    put(4, (height as f32).to_le_bytes());
    put(8, 1f32.to_le_bytes());
    put(12, time.to_le_bytes()); // iTime
    put(16, (1.0f32 / 60.0).to_le_bytes()); // iTimeDelta
    put(20, 0i32.to_le_bytes()); // iFrame
    put(24, 60f32.to_le_bytes()); // iFrameRate
    b
}

/// Every preset four ways: ropkit's own picture, the WGSL export run by
/// wgpu from source and the SPIR-V export read back by naga (their uniform
/// blocks filled from the JSON layout alone), and the Shadertoy export in a
/// harness with Shadertoy's uniforms, at iTime 0 and, for a preset that
/// moves, at two later times. One test, so that ropkit's picture of each
/// preset is drawn once.
#[test]
fn wgsl_spirv_and_shadertoy_exports_render_ropkits_picture() {
    let Some(gpu) = gpu("wgsl_spirv_and_shadertoy_exports_render_ropkits_picture") else {
        return;
    };
    let lib = library();
    let mut failures = Vec::new();
    let later = [1.7f32, 4.25];
    let mut moving = Vec::new();
    for path in presets() {
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        let net = Network::load(&path, &lib).unwrap();
        let glsl = text(&lib, &net, Format::Glsl);
        let layout = check_layout_schema(&text(&lib, &net, Format::Json), &net, &lib, &glsl);
        if layout["textures"]
            .as_array()
            .unwrap()
            .iter()
            .any(|t| t["dimension"] == "3d")
        {
            // This harness binds 2D pictures only; a volume's WGSL is checked
            // by naga in the export tests, and Shadertoy refuses volumes
            // (compiler::shadertoy_export_is_valid_glsl_es_with_parameters_baked_in).
            continue;
        }
        let textures = textures_from_layout(&layout, &net);
        // Later times only where the picture can move: where the code the
        // entry point reaches reads the time (as the web page decides).
        let built = build(&lib, &net, &Mode::Render.into()).unwrap();
        let moves = ropkit::export::html::reads_time(built.compiled().unwrap());
        let times: &[f32] = if moves {
            &[0.0, later[0], later[1]]
        } else {
            &[0.0]
        };
        let pictures = ropkit_pictures(&gpu, &lib, &net, times);
        let ours = &pictures[0];

        // WGSL: naga's WGSL front end and validator, then wgpu from source.
        let wgsl = text(&lib, &net, Format::Wgsl);
        let module = naga::front::wgsl::parse_str(&wgsl)
            .unwrap_or_else(|e| panic!("{name}: {}", e.emit_to_string(&wgsl)));
        naga_validate(&module, &name);
        let uniform = uniform_from_layout(&layout, SIZE, SIZE);
        let (params_binding, params, params_uniform) = params_from_layout(&layout);
        let wgsl_picture = draw(
            &gpu,
            wgpu::ShaderSource::Wgsl(Cow::Owned(wgsl)),
            "main",
            &Bindings {
                uniform: &uniform,
                storage: Some((params_binding, &params)),
                params_uniform,
                textures: &textures,
            },
            SIZE,
            SIZE,
        )
        .unwrap_or_else(|e| panic!("{name}: wgpu refuses the WGSL: {e}"));
        failures.extend(picture_difference(
            &format!("{name} WGSL"),
            ours,
            &wgsl_picture,
        ));
        failures.extend(picture_difference(
            &format!("{name} SPIR-V"),
            ours,
            &spirv_picture(&gpu, &lib, &net, &layout, &name),
        ));

        // Shadertoy: channels in the order the layout publishes them; a
        // later time only where the picture moves.
        let pass = match export(&built, &net, &lib, Format::Shadertoy) {
            Ok(bytes) => String::from_utf8(bytes).unwrap(),
            // A point list too long for constants in the code (the
            // 1,000-instance preset) is refused with the limit's name.
            Err(e) if e.to_string().contains("DATA_INLINE_TEXELS") => continue,
            Err(e) => panic!("{name}: Shadertoy: {e}"),
        };
        if layout["textures"]
            .as_array()
            .unwrap()
            .iter()
            .any(|t| t.get("data").is_some())
        {
            // Shadertoy takes the data parameters as a constant array in the
            // code; lavapipe's LLVM takes many minutes over a dynamically
            // indexed array of thousands of vec4s, so the pass is only
            // checked as GLSL ES here (compiler.rs) and by
            // data_params::targets_without_textures_carry_small_lists_as_constants_and_refuse_big_ones.
            assert!(pass.contains("rk_dataArray"), "{name}: the data inlined");
            continue;
        }
        let harness = shadertoy_harness(&pass, textures.len());
        let mut times = vec![(0.0, ours)];
        for (t, picture) in later.iter().zip(&pictures[1..]) {
            if mean_difference(ours, picture) > 0.5 {
                times.push((*t, picture));
            }
        }
        if times.len() > 1 {
            moving.push(name.clone());
        }
        for (time, ours) in times {
            let uniform = shadertoy_uniform(SIZE, SIZE, time);
            let shadertoy_picture = draw(
                &gpu,
                wgpu::ShaderSource::Glsl {
                    shader: Cow::Owned(harness.clone()),
                    stage: naga::ShaderStage::Fragment,
                    defines: Default::default(),
                },
                "main",
                &Bindings {
                    uniform: &uniform,
                    storage: None,
                    params_uniform: false,
                    textures: &textures,
                },
                SIZE,
                SIZE,
            )
            .unwrap_or_else(|e| panic!("{name}: the Shadertoy pass does not run: {e}"));
            failures.extend(picture_difference(
                &format!("{name} Shadertoy at iTime {time}"),
                ours,
                &shadertoy_picture,
            ));
        }
    }
    assert!(
        moving.len() >= 3,
        "the presets that move are checked at later times: only {moving:?} move"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

// ---------------------------------------------------------------------------
// The command line

#[test]
fn export_o_writes_every_format_and_each_reads_back() {
    let dir = tempfile::tempdir().unwrap();
    let lib = library();
    let net = Network::load(&root().join("presets/default.yaml"), &lib).unwrap();
    for (format, file) in [
        ("glsl", "out.frag"),
        ("shadertoy", "out.shadertoy.glsl"),
        ("json", "out.json"),
        ("wgsl", "out.wgsl"),
        ("spirv", "out.spv"),
    ] {
        let path = dir.path().join(file);
        // An old file of that name is replaced.
        std::fs::write(&path, "old").unwrap();
        let out = run_ropkit([
            "export",
            "presets/default.yaml",
            "--format",
            format,
            "-o",
            path.to_str().unwrap(),
        ]);
        assert!(
            out.status.success(),
            "{format}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(
            out.stdout.is_empty(),
            "{format}: -o writes nothing to stdout"
        );
        let bytes = std::fs::read(&path).unwrap();
        match format {
            "glsl" => assert_glslang(std::str::from_utf8(&bytes).unwrap(), "glsl export"),
            "shadertoy" => {
                let pass = std::str::from_utf8(&bytes).unwrap();
                assert!(pass.contains("void mainImage(out vec4 fragColor, in vec2 fragCoord)"));
                // The same harness as above, parsed and validated by naga.
                let harness = shadertoy_harness(pass, 0);
                let module = naga::front::glsl::Frontend::default()
                    .parse(
                        &naga::front::glsl::Options::from(naga::ShaderStage::Fragment),
                        &harness,
                    )
                    .unwrap_or_else(|e| panic!("shadertoy: {}", e.emit_to_string(&harness)));
                naga_validate(&module, "shadertoy export");
            }
            "json" => {
                let glsl = text(&lib, &net, Format::Glsl);
                check_layout_schema(std::str::from_utf8(&bytes).unwrap(), &net, &lib, &glsl);
            }
            "wgsl" => {
                let wgsl = std::str::from_utf8(&bytes).unwrap();
                let module = naga::front::wgsl::parse_str(wgsl)
                    .unwrap_or_else(|e| panic!("wgsl: {}", e.emit_to_string(wgsl)));
                naga_validate(&module, "wgsl export");
            }
            "spirv" => spirv_val(&bytes, "spirv export"),
            _ => unreachable!(),
        }
        // The file holds exactly what stdout gets (SPIR-V has no stdout form).
        if format != "spirv" {
            let printed = run_ropkit(["export", "presets/default.yaml", "--format", format]);
            assert!(printed.status.success());
            assert_eq!(printed.stdout, bytes, "{format}: -o and stdout differ");
        }
        assert!(
            std::fs::read_dir(dir.path()).unwrap().all(|e| !e
                .unwrap()
                .file_name()
                .to_string_lossy()
                .ends_with(".tmp")),
            "no temporary file left"
        );
    }
    // SPIR-V to stdout is refused, and -o never replaces the network it reads.
    let out = run_ropkit(["export", "presets/default.yaml", "--format", "spirv"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("-o"));
    let copy = dir.path().join("net.yaml");
    std::fs::copy(root().join("presets/default.yaml"), &copy).unwrap();
    let before = std::fs::read(&copy).unwrap();
    let c = copy.to_str().unwrap();
    let out = run_ropkit(["export", c, "--format", "glsl", "-o", c]);
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("refusing to overwrite"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(std::fs::read(&copy).unwrap(), before);
}

/// A network that does not exist is refused with its name.
#[test]
fn export_of_a_missing_network_names_it() {
    let out = run_ropkit(["export", "no/such/net.yaml", "--format", "wgsl"]);
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("no/such/net.yaml"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
