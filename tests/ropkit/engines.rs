//! The HLSL, MSL and engine exports, each read by a consumer of its own
//! wherever this machine has one: HLSL by glslang's HLSL front end, then
//! `spirv-val`, then wgpu drawing the SPIR-V; MSL by its structure against
//! the JSON layout (no Metal compiler runs here).

use crate::common::*;
use crate::exports::{
    SIZE, check_layout_schema, naga_validate, params_from_layout, picture_difference,
    ropkit_picture, spirv_val, text, textures_from_layout, uniform_from_layout,
};
use crate::harness::{Bindings, draw};
use ropkit::export::Format;
use ropkit::network::Network;
use serde_json::Value as Json;
use std::borrow::Cow;
use std::process::Command;

/// The presets the HLSL picture test draws: plain, with a texture, with glass.
const HLSL_PRESETS: [&str; 3] = ["default", "materials", "glassSphere"];

/// glslang's HLSL front end on a pixel shader: the SPIR-V it writes.
pub(crate) fn glslang_hlsl(hlsl: &str, entry: &str, what: &str) -> Vec<u8> {
    glslang_hlsl_with(hlsl, entry, what, &[])
}

/// [`glslang_hlsl`] without the legalization passes that make SPIR-V from
/// HLSL drawable (`-Od`): the front end's checks (parsing, types,
/// overloads) at a tenth of the time. The SPIR-V is not for drawing, nor
/// for `spirv-val` (unlegalized SPIR-V need not be valid).
pub(crate) fn glslang_hlsl_unlegalized(hlsl: &str, entry: &str, what: &str) -> Vec<u8> {
    glslang_hlsl_with(hlsl, entry, what, &["-Od"])
}

fn glslang_hlsl_with(hlsl: &str, entry: &str, what: &str, flags: &[&str]) -> Vec<u8> {
    let dir = tempfile::tempdir().unwrap();
    let (src, spv) = (
        dir.path().join("shader.hlsl"),
        dir.path().join("shader.spv"),
    );
    std::fs::write(&src, hlsl).unwrap();
    let out = Command::new("glslangValidator")
        .args(["-D", "-V", "-S", "frag", "-e", entry])
        .args(flags)
        .arg("-o")
        .arg(&spv)
        .arg(&src)
        .output()
        .unwrap_or_else(|e| {
            panic!("glslangValidator not found ({e}): apt-get install glslang-tools")
        });
    assert!(
        out.status.success(),
        "{what}: glslang rejects the HLSL:\n{}",
        String::from_utf8_lossy(&out.stdout)
    );
    std::fs::read(&spv).unwrap()
}

/// The layout's binding entry of a resource kind (the first, for textures).
fn binding<'a>(layout: &'a Json, kind: &str) -> Vec<&'a Json> {
    layout["bindings"]
        .as_array()
        .expect("bindings: a list")
        .iter()
        .filter(|b| b["kind"] == kind)
        .collect()
}

/// A register such as `t2` as its class and number.
fn register(b: &Json) -> (char, u32) {
    let r = b["hlsl"]["register"].as_str().expect("hlsl.register");
    (
        r.chars().next().unwrap(),
        r[1..].parse().expect("register number"),
    )
}

/// The entry point named in an export's header comment.
pub(crate) fn entry_point(text: &str, marker: &str) -> String {
    let line = text
        .lines()
        .find(|l| l.contains(marker))
        .unwrap_or_else(|| panic!("no `{marker}` line in the header"));
    line.split(marker)
        .nth(1)
        .unwrap()
        .split([' ', '.', '('])
        .next()
        .unwrap()
        .to_string()
}

#[test]
fn hlsl_compiles_with_glslang_passes_spirv_val_and_draws_ropkits_picture() {
    let Some(gpu) = gpu("hlsl_compiles_with_glslang_passes_spirv_val_and_draws_ropkits_picture")
    else {
        return;
    };
    let lib = library();
    let mut failures = Vec::new();
    for name in HLSL_PRESETS {
        let net = Network::load(&root().join(format!("presets/{name}.yaml")), &lib).unwrap();
        let hlsl = text(&lib, &net, Format::Hlsl);
        let entry = entry_point(&hlsl, "Entry point: ");
        let spv = glslang_hlsl(&hlsl, &entry, name);
        spirv_val(&spv, &format!("{name} HLSL"));
        let module = naga::front::spv::parse_u8_slice(&spv, &Default::default())
            .unwrap_or_else(|e| panic!("{name}: naga cannot read glslang's SPIR-V: {e}"));
        naga_validate(&module, name);

        // Bound where the layout's HLSL registers say (glslang keeps the
        // register numbers as bindings): globals b0, sampler s1.
        let glsl = text(&lib, &net, Format::Glsl);
        let layout = check_layout_schema(&text(&lib, &net, Format::Json), &net, &lib, &glsl);
        assert_eq!(register(binding(&layout, "globals")[0]), ('b', 0), "{name}");
        assert_eq!(register(binding(&layout, "sampler")[0]), ('s', 1), "{name}");
        let params = binding(&layout, "params")[0];
        let (class, params_register) = register(params);
        let uniform = uniform_from_layout(&layout, SIZE, SIZE);
        let (_, params_bytes, params_uniform) = params_from_layout(&layout);
        assert_eq!(class, if params_uniform { 'b' } else { 't' }, "{name}");
        let textures: Vec<_> = textures_from_layout(&layout, &net)
            .into_iter()
            .zip(binding(&layout, "texture"))
            .map(|((_, image), b)| {
                let (class, n) = register(b);
                assert_eq!(class, 't', "{name}: textures are in t registers");
                (n, image)
            })
            .collect();
        let theirs = draw(
            &gpu,
            wgpu::ShaderSource::Naga(Cow::Owned(module)),
            &entry,
            &Bindings {
                uniform: &uniform,
                storage: Some((params_register, &params_bytes)),
                params_uniform,
                textures: &textures,
            },
            SIZE,
            SIZE,
        )
        .unwrap_or_else(|e| panic!("{name}: wgpu refuses glslang's SPIR-V of the HLSL: {e}"));
        let ours = ropkit_picture(&gpu, &lib, &net);
        failures.extend(picture_difference(&format!("{name} HLSL"), &ours, &theirs));
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn msl_declares_every_resource_in_the_slot_the_layout_gives() {
    let lib = library();
    for name in ["default", "materials", "patternFloor"] {
        let net = Network::load(&root().join(format!("presets/{name}.yaml")), &lib).unwrap();
        let msl = text(&lib, &net, Format::Msl);
        let layout: Json = serde_json::from_str(&text(&lib, &net, Format::Json)).unwrap();
        let entry = entry_point(&msl, "Fragment function: ");
        // The fragment function and its argument list.
        let head = format!("Output {entry}(");
        let at = msl
            .lines()
            .find(|l| l.starts_with("fragment ") && l.ends_with(&head))
            .and_then(|l| msl.find(l))
            .unwrap_or_else(|| panic!("{name}: no fragment function `{entry}` in the MSL"));
        let args = &msl[at..at + msl[at..].find(") {").expect("the argument list ends")];
        // Globals and parameters are always read; each named with its slot.
        for kind in ["globals", "params"] {
            let b = binding(&layout, kind)[0];
            let (resource, slot) = (
                b["msl"]["name"].as_str().unwrap(),
                b["msl"]["slot"].as_str().unwrap(),
            );
            assert!(
                args.contains(&format!("{resource} [[{slot}]]")),
                "{name}: {kind} `{resource}` is not in [[{slot}]]: {args}"
            );
        }
        for t in binding(&layout, "texture") {
            let (resource, slot) = (
                t["msl"]["name"].as_str().unwrap(),
                t["msl"]["slot"].as_str().unwrap(),
            );
            assert!(
                args.contains(&format!(
                    "metal::texture2d<float, metal::access::sample> {resource} [[{slot}]]"
                )),
                "{name}: texture {resource} is not in [[{slot}]]"
            );
        }
        // Every parameter lies inside the buffer the MSL declares: an array of
        // as many float4 as the layout counts.
        let vec4s = layout["paramsBuffer"]["vec4s"].as_u64().unwrap();
        assert!(
            msl.contains(&format!("metal::float4 inner[{vec4s}];")),
            "{name}: the parameters' array is not float4[{vec4s}]"
        );
        for p in layout["params"].as_array().unwrap() {
            let end = p["byteOffset"].as_u64().unwrap()
                + 16 * (p["slots"].as_u64().unwrap() - 1)
                + 4 * p["components"].as_u64().unwrap();
            assert!(end <= 16 * vec4s, "{name}: {p} ends past the buffer");
        }
        // Nothing of naga's placeholders for unbound resources.
        assert!(!msl.contains("fake"), "{name}: a resource without a slot");
    }
}

// The HLSL and MSL of every preset, read back: conformance.rs.

// ---------------------------------------------------------------------------
// Godot 3, for real: Debian's godot3 under Xvfb

/// Thumbnails to a row in the Godot window (tests/godot/main.gd's COLS).
const GODOT_COLS: u32 = 8;
/// Each preset's side in the Godot window (main.gd's SIZE). At 64 pixels a
/// textured floor is sampled far below its texture's size, where the
/// last bit of a coordinate picks another texel: both pictures are right,
/// and they differ pixel by pixel.
const GODOT_SIZE: u32 = 128;

/// Mean channel difference (in 1/255) and the share of pixels with a
/// channel off by more than 16/255.
fn mean_and_far(ours: &image::RgbaImage, theirs: &image::RgbaImage) -> (f64, f64) {
    let (mut sum, mut far, mut n) = (0u64, 0usize, 0usize);
    for (p, q) in ours.pixels().zip(theirs.pixels()) {
        let mut worst = 0;
        for c in 0..3 {
            let d = (p[c] as i32 - q[c] as i32).unsigned_abs();
            sum += d as u64;
            worst = worst.max(d);
        }
        far += (worst > 16) as usize;
        n += 1;
    }
    (sum as f64 / (3 * n) as f64, far as f64 / n as f64)
}

/// Runs the Godot project in `dir` (tests/godot plus the shaders) once.
fn run_godot3(dir: &std::path::Path) -> std::process::Output {
    for tool in ["godot3", "xvfb-run"] {
        assert!(
            Command::new("which")
                .arg(tool)
                .output()
                .is_ok_and(|o| o.status.success()),
            "{tool} not found: apt-get install godot3 xvfb xauth"
        );
    }
    Command::new("timeout")
        .args([
            "300",
            "xvfb-run",
            "-a",
            "-s",
            "-screen 0 1280x800x24",
            "godot3",
            "--path",
        ])
        .arg(dir)
        // Godot keeps its settings and logs under these: not in the user's home.
        .env("HOME", dir)
        .env("XDG_DATA_HOME", dir.join("data"))
        .env("XDG_CONFIG_HOME", dir.join("config"))
        .env("XDG_CACHE_HOME", dir.join("cache"))
        .output()
        .expect("xvfb-run godot3 runs")
}

#[test]
fn godot3_draws_ropkits_picture() {
    let Some(gpu) = gpu("godot3_draws_ropkits_picture") else {
        return;
    };
    let lib = library();
    let dir = tempfile::tempdir().unwrap();
    for f in ["project.godot", "main.tscn", "main.gd"] {
        std::fs::copy(root().join("tests/godot").join(f), dir.path().join(f)).unwrap();
    }
    // Every preset Godot 3 can express: those whose export is refused say
    // why by node (checked in conformance.rs) and are listed here.
    let mut nets = Vec::new();
    let mut refused = Vec::new();
    // Runs of Godot: where one run holds several presets with picture
    // textures, Godot 3.2 sometimes samples one of them wrongly (lathe's
    // checker floor came out blurred beside materials or uvTexture, and
    // right alone), so each run holds at most one such preset.
    let mut runs: Vec<Vec<usize>> = vec![Vec::new()];
    let mut run_has_pictures = false;
    for file in presets() {
        let name = file.file_stem().unwrap().to_string_lossy().to_string();
        let net = Network::load(&file, &lib).unwrap();
        let built =
            ropkit::build::build(&lib, &net, &ropkit::generate::Mode::Render.into()).unwrap();
        if let Err(e) = ropkit::export::export(&built, &net, &lib, Format::Godot3) {
            refused.push(format!("{name}: {e}"));
            continue;
        }
        std::fs::write(
            dir.path().join(format!("{name}.shader")),
            text(&lib, &net, Format::Godot3),
        )
        .unwrap();
        // Textures as the JSON layout lists them: the file itself, as a
        // user gives it to Godot (an HDR map's floats included), found as
        // ropkit finds it; a white picture for an empty path; the data
        // texture as the file the export writes beside the shader.
        let layout: Json = serde_json::from_str(&text(&lib, &net, Format::Json)).unwrap();
        let mut textures = String::new();
        let mut pictures = false;
        for (i, t) in layout["textures"].as_array().unwrap().iter().enumerate() {
            if t.get("data").is_some() {
                let data = ropkit::export::Exporter::new(&net, &lib)
                    .data_texture(Format::Godot3)
                    .unwrap()
                    .unwrap_or_else(|| panic!("{name}: no data texture for Godot 3"));
                let file = format!("{name}.{}", data.extension);
                std::fs::write(dir.path().join(&file), &data.bytes).unwrap();
                textures += &format!("{} res://{file}\n", t["var"].as_str().unwrap());
                continue;
            }
            pictures = true;
            let path = t["path"].as_str().unwrap();
            let here = net.file.parent().unwrap();
            let found = [
                here.join(path),
                here.join("..").join(path),
                root().join(path),
            ]
            .into_iter()
            .find(|p| !path.is_empty() && p.is_file());
            let file = match found {
                Some(found) => {
                    let ext = found.extension().unwrap().to_string_lossy().to_string();
                    let file = dir.path().join(format!("{name}-{i}.{ext}"));
                    std::fs::copy(&found, &file).unwrap();
                    file
                }
                None => {
                    let file = dir.path().join(format!("{name}-{i}.png"));
                    crate::exports::texture_image(&net, path)
                        .save(&file)
                        .unwrap();
                    file
                }
            };
            textures += &format!("{} {}\n", t["var"].as_str().unwrap(), file.display());
        }
        std::fs::write(dir.path().join(format!("{name}.textures")), textures).unwrap();
        if pictures && run_has_pictures {
            runs.push(Vec::new());
            run_has_pictures = false;
        }
        run_has_pictures |= pictures;
        runs.last_mut().unwrap().push(nets.len());
        nets.push((name, net));
    }
    eprintln!(
        "godot3: {} presets drawn in {} runs, {} refused by the export:\n  {}",
        nets.len(),
        runs.len(),
        refused.len(),
        refused.join("\n  ")
    );
    assert!(
        nets.len() * 10 >= presets().len() * 9,
        "too few presets export to Godot 3"
    );
    let mut theirs: Vec<Option<image::RgbaImage>> = vec![None; nets.len()];
    for run in &runs {
        let names: Vec<&str> = run.iter().map(|&k| nets[k].0.as_str()).collect();
        std::fs::write(dir.path().join("list.txt"), names.join("\n")).unwrap();
        let _ = std::fs::remove_file(dir.path().join("all.png"));
        let out = run_godot3(dir.path());
        let log = String::from_utf8_lossy(&out.stdout).to_string()
            + &String::from_utf8_lossy(&out.stderr);
        let errors: Vec<&str> = log.lines().filter(|l| l.contains("SHADER ERROR")).collect();
        assert!(errors.is_empty(), "Godot rejects a shader:\n{log}");
        let all = image::open(dir.path().join("all.png"))
            .unwrap_or_else(|e| panic!("Godot saved no picture ({e}):\n{log}"))
            .to_rgba8();
        let n = run.len() as u32;
        assert_eq!(
            all.dimensions(),
            (
                GODOT_SIZE * n.min(GODOT_COLS),
                GODOT_SIZE * n.div_ceil(GODOT_COLS)
            ),
            "{log}"
        );
        for (i, &k) in run.iter().enumerate() {
            let (col, row) = (i as u32 % GODOT_COLS, i as u32 / GODOT_COLS);
            theirs[k] = Some(
                image::imageops::crop_imm(
                    &all,
                    GODOT_SIZE * col,
                    GODOT_SIZE * row,
                    GODOT_SIZE,
                    GODOT_SIZE,
                )
                .to_image(),
            );
        }
    }
    let mut failures = Vec::new();
    for (k, (name, net)) in nets.iter().enumerate() {
        let theirs = theirs[k].as_ref().expect("every preset drawn");
        let ours =
            crate::exports::ropkit_pictures_at(&gpu, &lib, net, &[0.0], GODOT_SIZE).remove(0);
        // The goldens' tolerance: Godot draws what ropkit draws.
        let (count, worst, mean) = crate::gpu::golden_difference(&ours, theirs);
        let (_, far) = mean_and_far(&ours, theirs);
        let measured = format!(
            "{name}: {count} pixels off by more than {}/255 (at most {} may), worst {worst}, \
             mean {mean:.2}/255 (at most {}); {:.2}% of pixels off by more than 16/255",
            crate::gpu::GOLDEN_CHANNEL_TOLERANCE,
            (GODOT_SIZE * GODOT_SIZE) / 200,
            crate::gpu::GOLDEN_MEAN,
            far * 100.0
        );
        eprintln!("godot3 {measured}");
        // The goldens' tolerance, as a share of the picture: their 5 pixels
        // of 64 x 64 (0.12%) become 0.5% here, since Godot's GL compiler
        // rounds otherwise than ropkit's Vulkan one where a pixel lies on an
        // edge or a Voronoi cell border (mechanisms, noise2d, scatter: the
        // same pictures, 0.3 to 0.4% of pixels off, all on edges). A mean
        // past the goldens' with no pixel more than 2/255 off is rounding.
        let allowed = (GODOT_SIZE * GODOT_SIZE) as usize / 200;
        if count > allowed || (mean > crate::gpu::GOLDEN_MEAN && worst > 2) {
            let keep = std::env::temp_dir();
            ours.save(keep.join(format!("ropkit-godot3-{name}-ropkit.png")))
                .unwrap();
            theirs
                .save(keep.join(format!("ropkit-godot3-{name}-godot.png")))
                .unwrap();
            failures.push(format!("{measured} (pictures in {})", keep.display()));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

// ---------------------------------------------------------------------------
// Godot 4, Unity, Unreal, TouchDesigner: no engine runs here. Each file is
// compiled by glslang under the declarations its engine gives, and checked
// against the JSON layout: every live parameter is a property of the right
// type, with the network's value.

/// Presets the compile checks use: 3D, a texture, glass, 2D, the data
/// texture (text outlines), and a texture's size read in the code
/// (`pbrStillLife`: `textureSize`, which HLSL spells `GetDimensions`).
const ENGINE_PRESETS: [&str; 6] = [
    "default",
    "materials",
    "glassSphere",
    "composition2d",
    "title3d",
    "pbrStillLife",
];

/// glslang on a GLSL fragment shader for OpenGL (loose uniforms allowed).
pub(crate) fn glslang_gl(glsl: &str, what: &str) {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("shader.frag");
    std::fs::write(&file, glsl).unwrap();
    let out = Command::new("glslangValidator")
        .arg(&file)
        .output()
        .unwrap_or_else(|e| {
            panic!("glslangValidator not found ({e}): apt-get install glslang-tools")
        });
    assert!(
        out.status.success(),
        "{what}: glslang rejects it:\n{}",
        String::from_utf8_lossy(&out.stdout)
    );
}

/// Every live parameter of the layout as (property name, components, value).
fn layout_properties(layout: &Json) -> Vec<(String, usize, Vec<f32>, String)> {
    layout["params"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            let node = p["node"].as_str().unwrap();
            let name = format!(
                "{}_{}",
                layout["nodes"][node].as_str().unwrap(),
                p["param"].as_str().unwrap()
            );
            let value = match &p["value"] {
                Json::Array(a) => a.iter().map(|v| v.as_f64().unwrap() as f32).collect(),
                Json::Bool(b) => vec![*b as u8 as f32],
                v => vec![v.as_f64().unwrap() as f32],
            };
            (
                name,
                p["components"].as_u64().unwrap() as usize,
                value,
                p["style"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

/// Nothing but uniforms, functions and comments at the top level: no
/// struct, no global variable, no preprocessor line.
fn assert_plain_top_level(code: &str, what: &str) {
    let mut depth = 0i32;
    for line in code.lines() {
        let t = line.trim();
        if depth == 0 && !t.is_empty() && !t.starts_with("//") && t != "}" {
            let allowed = t.starts_with("uniform ")
                || t.starts_with("shader_type ")
                || t.starts_with("render_mode ")
                || t.starts_with("layout(location = 0) out vec4 fragColor;")
                || t.ends_with(") {");
            assert!(
                allowed,
                "{what}: a top-level line an engine may not take: {t}"
            );
        }
        assert!(
            !t.starts_with('#') && !t.starts_with("struct "),
            "{what}: {t}"
        );
        depth += t.matches('{').count() as i32 - t.matches('}').count() as i32;
    }
}

#[test]
fn godot4_differs_from_godot3_only_where_the_dialects_do() {
    let lib = library();
    for name in ENGINE_PRESETS {
        let net = Network::load(&root().join(format!("presets/{name}.yaml")), &lib).unwrap();
        let (g4, g3) = (
            text(&lib, &net, Format::Godot),
            text(&lib, &net, Format::Godot3),
        );
        let layout: Json = serde_json::from_str(&text(&lib, &net, Format::Json)).unwrap();
        assert_plain_top_level(&g4, name);
        assert!(g4.contains("shader_type canvas_item;") && g4.contains("void fragment() {"));
        assert!(
            !g4.contains("hint_color") && !g4.contains("hint_white"),
            "{name}: Godot 3 hints"
        );
        assert!(!g3.contains("source_color") && !g3.contains("hint_default_white"));
        // Each parameter a uniform with the network's value; colours with a
        // colour picker (Godot 3: a vec4 only).
        for (prop, n, value, style) in layout_properties(&layout) {
            let decl = |src: &str| {
                src.lines()
                    .find(|l| l.starts_with("uniform ") && l.contains(&format!(" {prop} ")))
                    .unwrap_or_else(|| panic!("{name}: no uniform {prop}"))
                    .to_string()
            };
            let (d4, d3) = (decl(&g4), decl(&g3));
            let colour = style == "rgb" || style == "rgba";
            assert_eq!(d4.contains(": source_color"), colour, "{d4}");
            assert_eq!(d3.contains(": hint_color"), colour, "{d3}");
            if colour {
                assert!(d3.starts_with("uniform vec4 "), "{d3}");
                assert!(d4.starts_with(&format!("uniform vec{n} ")), "{d4}");
            }
            if n == 1 && style == "float" {
                let v = d4.split(" = ").nth(1).unwrap().split(';').next().unwrap();
                assert!((v.parse::<f32>().unwrap() - value[0]).abs() < 1e-6, "{d4}");
            }
        }
        // Line by line, the rest differs only in the header's name, the
        // colour and texture uniforms, the spelling of unsigned literals and
        // the indexing of vectors (a store `v[k] = x;` in Godot 4 is a chain
        // of `if (int(k) == 0) { v.x = x; } else if ...` in Godot 3).
        let (l4, l3): (Vec<&str>, Vec<&str>) = (g4.lines().collect(), g3.lines().collect());
        let (mut i, mut j) = (0, 0);
        while i < l4.len() && j < l3.len() {
            let (a, b) = (l4[i], l3[j]);
            i += 1;
            j += 1;
            if a == b || (a.starts_with("//") && b.starts_with("//")) {
                continue;
            }
            // A store through a vector index: the chain runs from `if` to
            // the `}` at its indentation, one branch per component, each
            // storing the same value.
            if let Some((target, value)) = a
                .trim()
                .strip_suffix(';')
                .and_then(|t| t.split_once("] = "))
                && let Some((vector, index)) = target.split_once('[')
                && b.trim() == format!("if (int({index}) == 0) {{")
            {
                let indent = &b[..b.len() - b.trim_start().len()];
                let mut stores = 0;
                while j < l3.len() && l3[j] != format!("{indent}}}") {
                    let t = l3[j].trim();
                    if let Some(rest) = t.strip_prefix(&format!("{vector}.")) {
                        assert!(
                            rest.ends_with(&format!(" = {value};")),
                            "{name}: `{a}` stores `{t}`"
                        );
                        stores += 1;
                    }
                    j += 1;
                }
                j += 1;
                assert!((2..=4).contains(&stores), "{name}: `{a}` in Godot 3");
                continue;
            }
            let uniform = a.starts_with("uniform ") && b.starts_with("uniform ");
            // Godot 3 holds an rgb colour in a vec4.
            let colour = b.replace(".rgb", "") == *a;
            let unsigned = a.replace(|c: char| c.is_ascii_digit(), "")
                != b.replace(|c: char| c.is_ascii_digit(), "")
                && b.contains("uint(");
            // Godot 3 indexes a vector by a constant only: a chain of
            // `int(k) == 0 ? v.x : ...` where Godot 4 writes `v[k]`.
            let vector_index = a.contains('[') && b.contains(") == 0 ? ") && b.contains(".x : ");
            assert!(
                uniform || unsigned || colour || vector_index,
                "{name}: Godot 4 `{a}` against Godot 3 `{b}`"
            );
        }
        assert_eq!(
            (i, j),
            (l4.len(), l3.len()),
            "{name}: both texts end together"
        );
        glslang_gl(&godot_as_glsl(&g4), &format!("{name} Godot 4"));
    }
}

/// A Godot shader as GLSL glslang reads: Godot's declarations given and its
/// uniform hints dropped (both are Godot's, not GLSL's).
pub(crate) fn godot_as_glsl(godot: &str) -> String {
    let mut glsl = String::from(
        "#version 450\nuniform float TIME;\nin vec2 UV;\nuniform vec2 SCREEN_PIXEL_SIZE;\nlayout(location = 0) out vec4 COLOR;\n",
    );
    for line in godot.lines() {
        if line.starts_with("shader_type") || line.starts_with("render_mode") {
            continue;
        }
        if let Some(rest) = line.strip_prefix("uniform ") {
            let decl = rest.split([':', '=', ';']).next().unwrap().trim();
            glsl += &format!("uniform {decl};\n");
            continue;
        }
        glsl += line;
        glsl.push('\n');
    }
    glsl += "void main() { fragment(); }\n";
    glsl
}

/// TouchDesigner's declarations for a GLSL TOP, as its documentation gives them.
pub(crate) fn touchdesigner_prelude(inputs: usize) -> String {
    format!(
        "#version 460\n\
         struct TDTexInfo {{ vec4 res; vec4 depth; }};\n\
         uniform TDTexInfo uTDOutputInfo;\n\
         {}\
         in vec3 vUV;\n\
         vec4 TDOutputSwizzle(vec4 c) {{ return c; }}\n",
        if inputs > 0 {
            format!("uniform sampler2D sTD2DInputs[{inputs}];\n")
        } else {
            String::new()
        }
    )
}

#[test]
fn touchdesigner_compiles_under_touchdesigners_declarations() {
    let lib = library();
    for name in ENGINE_PRESETS {
        let net = Network::load(&root().join(format!("presets/{name}.yaml")), &lib).unwrap();
        let td = text(&lib, &net, Format::TouchDesigner);
        let layout: Json = serde_json::from_str(&text(&lib, &net, Format::Json)).unwrap();
        assert_plain_top_level(&td, name);
        assert!(td.contains("uniform float uTime;") && td.contains("void main() {"));
        assert!(td.contains("fragColor = TDOutputSwizzle("), "{name}");
        for (prop, n, _, _) in layout_properties(&layout) {
            let ty = ["float", "vec2", "vec3", "vec4"][n - 1];
            assert!(
                td.contains(&format!("uniform {ty} {prop};")),
                "{name}: {prop}"
            );
        }
        let textures = layout["textures"].as_array().unwrap().len();
        for i in 0..textures {
            assert!(
                td.contains(&format!("sTD2DInputs[{i}]")),
                "{name}: input {i}"
            );
        }
        glslang_gl(
            &(touchdesigner_prelude(textures) + &td),
            &format!("{name} TouchDesigner"),
        );
    }
}

/// What URP's Core.hlsl gives a shader, as far as the export uses it.
const URP_STAND_IN: &str = "\
float4 _Time;\n\
float4 _ScreenParams;\n\
float4 unity_DeltaTime;\n\
float4x4 unity_MatrixMVP;\n\
float4 TransformObjectToHClip(float3 p) { return mul(unity_MatrixMVP, float4(p, 1.0)); }\n\
#define CBUFFER_START(name) cbuffer name {\n\
#define CBUFFER_END };\n\
#define TEXTURE2D(t) Texture2D t\n\
#define SAMPLER(s) SamplerState s\n";

/// The HLSL program of a Unity shader, URP's include replaced by a stand-in.
pub(crate) fn unity_as_hlsl(unity: &str) -> String {
    let program = &unity[unity.find("HLSLPROGRAM").unwrap() + 11..unity.find("ENDHLSL").unwrap()];
    let hlsl = program.replace(
        "#include \"Packages/com.unity.render-pipelines.universal/ShaderLibrary/Core.hlsl\"",
        URP_STAND_IN,
    );
    assert_ne!(hlsl, program, "the URP include is where it belongs");
    hlsl
}

#[test]
fn unity_shader_declares_every_property_and_its_hlsl_compiles() {
    let lib = library();
    for name in ENGINE_PRESETS {
        let net = Network::load(&root().join(format!("presets/{name}.yaml")), &lib).unwrap();
        let unity = text(&lib, &net, Format::Unity);
        let layout: Json = serde_json::from_str(&text(&lib, &net, Format::Json)).unwrap();
        let properties =
            &unity[unity.find("Properties").unwrap()..unity.find("SubShader").unwrap()];
        let program =
            &unity[unity.find("HLSLPROGRAM").unwrap() + 11..unity.find("ENDHLSL").unwrap()];
        for (prop, _, _, style) in layout_properties(&layout) {
            let kind = match style.as_str() {
                "rgb" | "rgba" => "Color",
                "float" | "int" | "toggle" => "",
                _ => "Vector",
            };
            let line = properties
                .lines()
                .find(|l| l.contains(&format!("{prop} (\"")))
                .unwrap_or_else(|| panic!("{name}: {prop} is not in Properties"));
            assert!(line.contains(kind), "{name}: {line}");
            assert!(
                program.contains(&format!("float {prop};"))
                    || program.contains(&format!("float4 {prop};")),
                "{name}: {prop} is not in UnityPerMaterial"
            );
        }
        for t in layout["textures"].as_array().unwrap() {
            let var = t["var"].as_str().unwrap();
            let default = if t.get("data").is_some() {
                "black"
            } else {
                "white"
            };
            let line = properties
                .lines()
                .find(|l| l.contains(&format!("{var} (\"")))
                .unwrap_or_else(|| panic!("{name}: {var} is not in Properties"));
            assert!(
                line.ends_with(&format!("2D) = \"{default}\" {{}}")),
                "{line}"
            );
            assert!(program.contains(&format!("TEXTURE2D({var});")));
        }
        if name == "pbrStillLife" {
            assert!(program.contains("GetDimensions("), "{name}: textureSize");
        }
        let hlsl = unity_as_hlsl(&unity);
        let spv = glslang_hlsl(&hlsl, "rk_fragment", &format!("{name} Unity"));
        spirv_val(&spv, &format!("{name} Unity"));
    }
}

/// The Unreal Custom node's inputs as its header lists them: (name, type).
pub(crate) fn unreal_inputs(text: &str) -> Vec<(String, String)> {
    text.lines()
        .skip_while(|l| *l != "// Inputs:")
        .skip(1)
        .take_while(|l| !l.starts_with("// ----"))
        .filter_map(|l| l.strip_prefix("//   "))
        .map(|l| {
            let (name, rest) = l.split_once(" (").unwrap();
            (
                name.to_string(),
                rest.split_once(')').unwrap().0.to_string(),
            )
        })
        .collect()
}

/// The Custom node's code as Unreal compiles it, the body of a function of
/// its inputs, drawn by a pixel shader that passes the layout's values.
#[test]
fn unreal_custom_node_compiles_and_draws_ropkits_picture() {
    let Some(gpu) = gpu("unreal_custom_node_compiles_and_draws_ropkits_picture") else {
        return;
    };
    let lib = library();
    let mut failures = Vec::new();
    for name in ["default", "glassSphere", "composition2d", "title3d"] {
        let net = Network::load(&root().join(format!("presets/{name}.yaml")), &lib).unwrap();
        let unreal = text(&lib, &net, Format::Unreal);
        let layout: Json = serde_json::from_str(&text(&lib, &net, Format::Json)).unwrap();
        let inputs = unreal_inputs(&unreal);
        let props = layout_properties(&layout);
        // The data texture, as the OpenEXR file the export writes, read
        // back by the image crate's reader.
        let data = ropkit::export::Exporter::new(&net, &lib)
            .data_texture(Format::Unreal)
            .unwrap();
        let mut textures = Vec::new();
        if let Some(d) = &data {
            assert_eq!(d.extension, "data.exr");
            let exr = image::load_from_memory_with_format(&d.bytes, image::ImageFormat::OpenExr)
                .unwrap_or_else(|e| panic!("{name}: the data texture is no OpenEXR file: {e}"))
                .to_rgba32f();
            assert_eq!(
                (exr.width() as usize, exr.height() as usize),
                (d.width, d.height)
            );
            textures.push((
                UNREAL_TEXTURE_REGISTER,
                crate::harness::Texels::Data {
                    width: exr.width(),
                    height: exr.height(),
                    texels: exr.into_raw(),
                },
            ));
        }
        assert_eq!(
            inputs.len(),
            3 + props.len() + data.is_some() as usize,
            "{name}: UV, Time, Resolution, the parameters and the data texture"
        );
        let mut args = Vec::new();
        for (input, ty) in &inputs {
            args.push(match input.as_str() {
                "UV" => format!("pos.xy / {SIZE}.0"),
                "Time" => "0.0".into(),
                "Resolution" => format!("float2({SIZE}.0, {SIZE}.0)"),
                _ if ty == "Texture2D" => String::new(),
                _ => {
                    let (_, n, value, _) = props
                        .iter()
                        .find(|(p, ..)| p == input)
                        .unwrap_or_else(|| panic!("{name}: input {input} is no parameter"));
                    assert_eq!(
                        ty,
                        ["float", "float2", "float3", "float4"][n - 1],
                        "{input}"
                    );
                    let v: Vec<String> = value.iter().map(|x| format!("{x:?}")).collect();
                    format!("{ty}({})", v.join(", "))
                }
            });
        }
        let hlsl = unreal_as_hlsl(&unreal, &args);
        let spv = glslang_hlsl(&hlsl, "main", &format!("{name} Unreal"));
        spirv_val(&spv, &format!("{name} Unreal"));
        let module = naga::front::spv::parse_u8_slice(&spv, &Default::default()).unwrap();
        let theirs = draw(
            &gpu,
            wgpu::ShaderSource::Naga(Cow::Owned(module)),
            "main",
            &Bindings {
                uniform: &[0; 16],
                storage: None,
                params_uniform: false,
                textures: &textures,
            },
            SIZE,
            SIZE,
        )
        .unwrap_or_else(|e| panic!("{name}: wgpu refuses the Unreal code: {e}"));
        let ours = ropkit_picture(&gpu, &lib, &net);
        failures.extend(picture_difference(
            &format!("{name} Unreal"),
            &ours,
            &theirs,
        ));
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The Custom node's code as Unreal compiles it, the body of a function of
/// its inputs, called by a pixel shader `main` with `args` (one a line of
/// the header's input list). glslang's HLSL front end loses its way in a
/// struct with methods declared inside a function (DXC and FXC do not), so
/// the struct is compiled at the top level: it reads nothing of the
/// function around it, every input comes to Run as an argument.
///
/// A Texture Object input (the data texture) is, as Unreal binds it, a
/// texture the material declares: here `Texture2D` NAME`_bound` in
/// register t[`UNREAL_TEXTURE_REGISTER`], passed in place of its argument.
pub(crate) fn unreal_as_hlsl(unreal: &str, args: &[String]) -> String {
    let code = unreal
        .split("// ------")
        .nth(1)
        .unwrap()
        .split_once('\n')
        .unwrap()
        .1;
    let params: Vec<String> = unreal_inputs(unreal)
        .iter()
        .map(|(n, t)| format!("{t} {n}"))
        .collect();
    let (scene, body) = code
        .split_once("};\nRopkitScene rk_scene;\n")
        .expect("the struct, then the call");
    let mut bound = String::new();
    let mut args = args.to_vec();
    for (i, (n, t)) in unreal_inputs(unreal).iter().enumerate() {
        if t == "Texture2D" {
            bound += &format!("Texture2D {n}_bound : register(t{UNREAL_TEXTURE_REGISTER});\n");
            args[i] = format!("{n}_bound");
        }
    }
    format!(
        "{bound}{scene}}};\nfloat4 CustomExpression0({}) {{\nRopkitScene rk_scene;\n{body}}}\nfloat4 main(float4 pos : SV_Position) : SV_Target {{\n  return CustomExpression0({});\n}}\n",
        params.join(", "),
        args.join(", ")
    )
}

/// The register the Unreal stand-in binds the data texture to.
pub(crate) const UNREAL_TEXTURE_REGISTER: u32 = 2;

// ---------------------------------------------------------------------------
// What a format cannot carry is refused, with what it is

#[test]
fn features_a_format_cannot_carry_are_refused_by_name() {
    let lib = library();
    // Unreal takes no textures into a Custom node's functions.
    let net = Network::load(&root().join("presets/materials.yaml"), &lib).unwrap();
    let built = ropkit::build::build(&lib, &net, &ropkit::generate::Mode::Render.into()).unwrap();
    let e = ropkit::export::export(&built, &net, &lib, Format::Unreal)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("texture") && e.contains("assets/checker.png") && e.contains("unreal"),
        "{e}"
    );
    // HLSL has no matrix inverse: Unity and Unreal refuse it; the GLSL
    // dialects carry it. Counting bits is in no engine's language here.
    let dir = tempfile::tempdir().unwrap();
    let custom = |body: &str| {
        format!(
            "output: /render\nnodes:\n  /odd:\n    rop: custom\n    custom:\n      name: odd\n      coordTypes: [vec3]\n      returnTypes: [Sdf]\n      function: |\n{}\n  /render: {{ rop: raymarchRender3D, inputs: {{ scene: /odd }} }}\n",
            body.lines()
                .map(|l| format!("        {l}\n"))
                .collect::<String>()
        )
    };
    let inverse = custom(
        "ReturnT thismap(CoordT p, ContextT ctx) {\n  mat3 m = inverse(mat3(2.0));\n  return createSdf(length(m * p) - 1.0);\n}",
    );
    let bits = custom(
        "ReturnT thismap(CoordT p, ContextT ctx) {\n  return createSdf(length(p) - float(bitCount(int(p.x))) * 0.01 - 1.0);\n}",
    );
    for (file, text, refused) in [
        (
            "inverse.yaml",
            inverse,
            vec![(Format::Unity, "Inverse"), (Format::Unreal, "Inverse")],
        ),
        (
            "bits.yaml",
            bits,
            vec![
                (Format::Godot, "CountOneBits"),
                (Format::Godot3, "CountOneBits"),
                (Format::Unity, "CountOneBits"),
                (Format::Unreal, "CountOneBits"),
                (Format::TouchDesigner, "CountOneBits"),
            ],
        ),
    ] {
        let path = dir.path().join(file);
        std::fs::write(&path, text).unwrap();
        let net = Network::load(&path, &lib).unwrap_or_else(|e| panic!("{file}: {e}"));
        let built = ropkit::build::build(&lib, &net, &ropkit::generate::Mode::Render.into())
            .unwrap_or_else(|e| panic!("{file}: {e}"));
        for (format, word) in refused {
            let e = ropkit::export::export(&built, &net, &lib, format)
                .err()
                .unwrap_or_else(|| panic!("{file}: {format} exported it"))
                .to_string();
            assert!(
                e.contains(word) && e.contains(&format.to_string()),
                "{file} {format}: {e}"
            );
        }
        if file == "inverse.yaml" {
            for format in [Format::Godot, Format::Godot3, Format::TouchDesigner] {
                ropkit::export::export(&built, &net, &lib, format)
                    .unwrap_or_else(|e| panic!("{format} carries inverse(): {e}"));
            }
        }
    }
}

/// `ropkit export --format NAME -o FILE` writes each new format, exactly as
/// it prints it, and refuses what a format cannot carry with a message.
#[test]
fn the_command_line_writes_every_engine_format() {
    let dir = tempfile::tempdir().unwrap();
    for (format, file, marker) in [
        ("hlsl", "out.hlsl", "register(b0)"),
        ("msl", "out.metal", "[[buffer(0)]]"),
        ("godot", "out.gdshader", "shader_type canvas_item;"),
        ("godot3", "out.shader", "shader_type canvas_item;"),
        ("unity", "out.unity.shader", "Shader \"ropkit/default\""),
        ("unreal", "out.unreal.hlsl", "struct RopkitScene {"),
        ("touchdesigner", "out.td.glsl", "uniform float uTime;"),
    ] {
        let path = dir.path().join(file);
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
        let written = std::fs::read_to_string(&path).unwrap();
        assert!(written.contains(marker), "{format}");
        let printed = run_ropkit(["export", "presets/default.yaml", "--format", format]);
        assert_eq!(
            String::from_utf8_lossy(&printed.stdout),
            written,
            "{format}"
        );
    }
    let out = run_ropkit(["export", "presets/materials.yaml", "--format", "unreal"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("texture") && err.contains("unreal"), "{err}");
    assert!(out.stdout.is_empty(), "nothing half-written to stdout");
}

// ---------------------------------------------------------------------------
// The data texture of the engine formats

/// The texels of the layout's data texture (the JSON layout's base64, from
/// the layout's own build): (width, height, RGBA floats row by row).
fn layout_data(lib: &ropkit::library::Library, net: &Network) -> (usize, usize, Vec<f32>) {
    use base64::Engine as _;
    let layout: Json = serde_json::from_str(&text(lib, net, Format::Json)).unwrap();
    let t = layout["textures"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t.get("data").is_some())
        .expect("a data texture in the layout");
    let d = &t["data"];
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(d["base64"].as_str().unwrap())
        .unwrap();
    (
        d["width"].as_u64().unwrap() as usize,
        d["height"].as_u64().unwrap() as usize,
        bytes
            .chunks_exact(4)
            .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            .collect(),
    )
}

/// Each engine's data texture file holds the layout's texels exactly, in
/// the row order its engine reads: Godot's resource and Unreal's OpenEXR
/// with row 0 first, Unity's and TouchDesigner's with row 0 last (both put
/// an image's bottom row at texel row 0). A point list of several rows
/// (`instancesCsv`) tells the orders apart.
#[test]
fn engine_data_textures_hold_the_layouts_texels_in_the_engines_row_order() {
    let lib = library();
    for name in ["instancesCsv", "title3d"] {
        let net = Network::load(&root().join(format!("presets/{name}.yaml")), &lib).unwrap();
        let (width, height, texels) = layout_data(&lib, &net);
        let row = |r: usize| &texels[r * width * 4..(r + 1) * width * 4];
        if name == "instancesCsv" {
            assert!(height > 1, "{name}: {height} row(s)");
        }
        let ex = ropkit::export::Exporter::new(&net, &lib);
        for format in [
            Format::Godot3,
            Format::Godot,
            Format::Unity,
            Format::Unreal,
            Format::TouchDesigner,
        ] {
            let d = ex.data_texture(format).unwrap().expect("a data texture");
            assert_eq!((d.width, d.height), (width, height), "{name} {format}");
            let floats: Vec<f32> = if d.extension == "data.tres" {
                let text = std::str::from_utf8(&d.bytes).unwrap();
                assert!(text.starts_with("[gd_resource type=\"ImageTexture\""));
                assert!(text.contains("\"format\": \"RGBAFloat\""), "{format}");
                let open = text.find("ByteArray(").unwrap() + "ByteArray(".len();
                let close = open + text[open..].find(')').unwrap();
                let bytes: Vec<u8> = text[open..close]
                    .split(',')
                    .map(|b| b.trim().parse().unwrap())
                    .collect();
                bytes
                    .chunks_exact(4)
                    .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
                    .collect()
            } else {
                assert_eq!(d.extension, "data.exr", "{format}");
                image::load_from_memory_with_format(&d.bytes, image::ImageFormat::OpenExr)
                    .unwrap_or_else(|e| panic!("{name} {format}: not OpenEXR: {e}"))
                    .to_rgba32f()
                    .into_raw()
            };
            assert_eq!(floats.len(), width * height * 4, "{name} {format}");
            let bottom_up = matches!(format, Format::Unity | Format::TouchDesigner);
            for r in 0..height {
                let file_row = if bottom_up { height - 1 - r } else { r };
                assert!(
                    &floats[file_row * width * 4..(file_row + 1) * width * 4] == row(r),
                    "{name} {format}: data row {r} is not the file's row {file_row}"
                );
            }
        }
        // Formats that bind the data texture themselves write no file.
        assert!(ex.data_texture(Format::Glsl).unwrap().is_none());
    }
    // A network without data parameters has none.
    let net = Network::load(&root().join("presets/default.yaml"), &lib).unwrap();
    let ex = ropkit::export::Exporter::new(&net, &lib);
    assert!(ex.data_texture(Format::Godot3).unwrap().is_none());
}

/// `ropkit export -o` writes the data texture beside the shader, named
/// after it; printed to the terminal, there is nowhere to put it: refused.
#[test]
fn the_command_line_writes_the_data_texture_beside_the_shader() {
    let dir = tempfile::tempdir().unwrap();
    for (format, file, data) in [
        ("godot3", "title.shader", "title.data.tres"),
        ("godot", "title.gdshader", "title.data.tres"),
        ("unity", "title.unity.shader", "title.data.exr"),
        ("unreal", "title.unreal.hlsl", "title.data.exr"),
        ("touchdesigner", "title.td.glsl", "title.data.exr"),
    ] {
        let path = dir.path().join(file);
        let out = run_ropkit([
            "export",
            "presets/title3d.yaml",
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
        let shader = std::fs::read_to_string(&path).unwrap();
        assert!(shader.contains("rk_dataTex"), "{format}");
        assert!(
            shader.contains(".data."),
            "{format}: the header names the file"
        );
        let written = std::fs::read(dir.path().join(data))
            .unwrap_or_else(|e| panic!("{format}: no {data} ({e})"));
        let lib = library();
        let net = Network::load(&root().join("presets/title3d.yaml"), &lib).unwrap();
        let expected = ropkit::export::Exporter::new(&net, &lib)
            .data_texture(Format::parse(format).unwrap())
            .unwrap()
            .unwrap();
        assert_eq!(written, expected.bytes, "{format}");
        let printed = run_ropkit(["export", "presets/title3d.yaml", "--format", format]);
        assert!(!printed.status.success(), "{format}");
        let err = String::from_utf8_lossy(&printed.stderr);
        assert!(err.contains("-o FILE") && err.contains("data"), "{err}");
        assert!(printed.stdout.is_empty());
    }
}
