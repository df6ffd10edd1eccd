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
