//! The HLSL, MSL and engine exports, each read by a consumer of its own
//! wherever this machine has one: HLSL by glslang's HLSL front end, then
//! `spirv-val`, then wgpu drawing the SPIR-V; MSL by its structure against
//! the JSON layout (no Metal compiler runs here).

use crate::common::*;
use crate::exports::{
    SIZE, check_layout_schema, exported, naga_validate, params_from_layout, picture_difference,
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
fn glslang_hlsl(hlsl: &str, entry: &str, what: &str) -> Vec<u8> {
    let dir = tempfile::tempdir().unwrap();
    let (src, spv) = (
        dir.path().join("shader.hlsl"),
        dir.path().join("shader.spv"),
    );
    std::fs::write(&src, hlsl).unwrap();
    let out = Command::new("glslangValidator")
        .args(["-D", "-V", "-S", "frag", "-e", entry, "-o"])
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
fn entry_point(text: &str, marker: &str) -> String {
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

/// The HLSL and MSL of every preset come out, and the module they come from
/// passes naga's validator (the MSL writer's own input check).
#[test]
fn hlsl_and_msl_export_for_every_preset() {
    let lib = library();
    for path in presets() {
        let net = Network::load(&path, &lib).unwrap();
        let built = ropkit::build::build(&lib, &net, ropkit::generate::Mode::Render).unwrap();
        naga_validate(&built.compiled.module, &path.display().to_string());
        for format in [Format::Hlsl, Format::Msl] {
            let bytes = exported(&lib, &net, format);
            assert!(std::str::from_utf8(&bytes).is_ok(), "{format}");
        }
    }
}

// ---------------------------------------------------------------------------
// Godot 3, for real: Debian's godot3 under Xvfb

/// Presets the Godot test draws: lit 3D, combine modes, 2D, a texture, glass.
const GODOT_PRESETS: [&str; 5] = [
    "default",
    "combineModes",
    "composition2d",
    "materials",
    "glassSphere",
];

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
            "-screen 0 640x480x24",
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
    let mut nets = Vec::new();
    for name in GODOT_PRESETS {
        let net = Network::load(&root().join(format!("presets/{name}.yaml")), &lib).unwrap();
        std::fs::write(
            dir.path().join(format!("{name}.shader")),
            text(&lib, &net, Format::Godot3),
        )
        .unwrap();
        // Textures as the JSON layout lists them, found as ropkit finds them.
        let layout: Json = serde_json::from_str(&text(&lib, &net, Format::Json)).unwrap();
        let mut textures = String::new();
        for (i, t) in layout["textures"].as_array().unwrap().iter().enumerate() {
            let image = crate::exports::texture_image(&net, t["path"].as_str().unwrap());
            let file = dir.path().join(format!("{name}-{i}.png"));
            image.save(&file).unwrap();
            textures += &format!("{} {}\n", t["var"].as_str().unwrap(), file.display());
        }
        std::fs::write(dir.path().join(format!("{name}.textures")), textures).unwrap();
        nets.push((name, net));
    }
    std::fs::write(dir.path().join("list.txt"), GODOT_PRESETS.join("\n")).unwrap();
    let out = run_godot3(dir.path());
    let log =
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    let errors: Vec<&str> = log.lines().filter(|l| l.contains("SHADER ERROR")).collect();
    assert!(errors.is_empty(), "Godot rejects a shader:\n{log}");
    let all = image::open(dir.path().join("all.png"))
        .unwrap_or_else(|e| panic!("Godot saved no picture ({e}):\n{log}"))
        .to_rgba8();
    assert_eq!(
        all.dimensions(),
        (SIZE * GODOT_PRESETS.len() as u32, SIZE),
        "{log}"
    );
    let mut failures = Vec::new();
    for (i, (name, net)) in nets.iter().enumerate() {
        let theirs = image::imageops::crop_imm(&all, SIZE * i as u32, 0, SIZE, SIZE).to_image();
        let ours = ropkit_picture(&gpu, &lib, net);
        let (mean, far) = mean_and_far(&ours, &theirs);
        if mean > 3.0 || far > 0.01 {
            let keep = std::env::temp_dir();
            ours.save(keep.join(format!("ropkit-godot3-{name}-ropkit.png")))
                .unwrap();
            theirs
                .save(keep.join(format!("ropkit-godot3-{name}-godot.png")))
                .unwrap();
            failures.push(format!(
                "{name}: mean difference {mean:.2}/255, {:.2}% of pixels off by more than 16/255 (pictures in {})",
                far * 100.0,
                keep.display()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
