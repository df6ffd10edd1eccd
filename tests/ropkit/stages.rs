//! Render stages: `restrictStage` uses its input only in the stages that are
//! on (a shadow without the object, an object without its shadow).

use crate::common::*;
use ropkit::build::build;
use ropkit::generate::Mode;
use ropkit::library::Library;
use ropkit::network::Network;
use ropkit::render::{Gpu, Renderer};
use std::path::Path;

/// A floor and, over it, a sphere through `restrictStage` with `params`,
/// lit from straight above, seen from the front and a little above; `pad`
/// transform nodes (moving nothing) make the scene big enough for the raymarcher's
/// single-call-site shape.
fn network(lib: &Library, params: &str, pad: usize) -> Network {
    let mut chain = String::new();
    let mut last = "/only".to_string();
    for k in 0..pad {
        chain += &format!(
            "  /pad{k}: {{ rop: transform, params: {{ Translate: [0, 0, 0] }}, inputs: [{last}] }}\n"
        );
        last = format!("/pad{k}");
    }
    let text = format!(
        "output: /render
nodes:
  /ball: {{ rop: sphere, params: {{ Radius: 0.7, Translate: [0, 1.2, 0] }} }}
  /only: {{ rop: restrictStage, params: {{ {params} }}, inputs: [/ball] }}
  /floor: {{ rop: plane }}
{chain}  /scene: {{ rop: combine, params: {{ Mode: union }}, inputs: [{last}, /floor] }}
  /cam: {{ rop: lookAtCamera, params: {{ Position: [0, 2.5, 6], Target: [0, 0.6, 0], Fov: 45 }} }}
  /light: {{ rop: pointLight, params: {{ Position: [0, 8, 0] }} }}
  /render: {{ rop: raymarchRender3D, params: {{ AO: false, ShadowSharpness: 64 }}, inputs: {{ scene: /scene, camera: /cam, light: /light }} }}
"
    );
    Network::parse(&text, Path::new("stages.yaml"), lib).unwrap_or_else(|e| panic!("{e}"))
}

fn data(gpu: &Gpu, lib: &Library, net: &Network, buffer: &str, size: u32) -> Vec<[f32; 4]> {
    let mut net = net.clone();
    let output = net.output.clone();
    net.set_param(lib, &output, "Buffer", &buffer.into())
        .unwrap();
    let built = build(lib, &net, &Mode::Data.into()).unwrap_or_else(|e| panic!("{}", e.report()));
    assert_glslang(&built.shader.glsl, buffer);
    let mut r = Renderer::new(gpu.clone());
    r.set_built(&built).unwrap();
    r.set_params(&built.shader.param_values(&net, lib));
    r.render_data(size, size).unwrap()
}

#[test]
fn restrict_stage_separates_an_object_from_its_shadow() {
    let Some(gpu) = gpu("restrict_stage_separates_an_object_from_its_shadow") else {
        return;
    };
    let lib = library();
    // Both shapes of the raymarcher: a loop per job, and one phase loop.
    for pad in [0, 30] {
        separates(&gpu, &lib, pad);
    }
}

fn separates(gpu: &Gpu, lib: &Library, pad: usize) {
    let (gpu, lib) = (gpu.clone(), lib);
    let size = 48;
    let all = network(lib, "", pad);
    let phase_loop = !build(lib, &all, &Mode::Render.into())
        .unwrap()
        .shader
        .glsl
        .contains("#define render_SEPARATE_LOOPS");
    assert_eq!(phase_loop, pad > 0, "pad {pad}");
    let no_shadow = network(lib, "Shadow: false", pad);
    let shadow_only = network(lib, "Primary: false, Normal: false", pad);
    let nothing = network(lib, "Primary: false, Shadow: false, Normal: false", pad);
    let depth_all = data(&gpu, lib, &all, "depth", size);
    let depth_nothing = data(&gpu, lib, &nothing, "depth", size);
    // Texels where the camera sees the sphere (nearer than the floor behind).
    let sphere: Vec<usize> = (0..depth_all.len())
        .filter(|&i| depth_all[i][3] == 1.0 && depth_all[i][0] < depth_nothing[i][0] - 0.3)
        .collect();
    assert!(
        sphere.len() > 40,
        "the sphere covers {} texels",
        sphere.len()
    );
    // Floor texels in the sphere's shadow: darker with the sphere than
    // without it.
    let col_all = data(&gpu, lib, &all, "color", size);
    let col_nothing = data(&gpu, lib, &nothing, "color", size);
    let shadowed: Vec<usize> = (0..col_all.len())
        .filter(|i| !sphere.contains(i) && col_all[*i][0] < 0.5 * col_nothing[*i][0])
        .collect();
    assert!(
        shadowed.len() > 20,
        "{} shadowed floor texels",
        shadowed.len()
    );

    // Shadow off: the sphere is seen where it was, and casts no shadow.
    let depth = data(&gpu, lib, &no_shadow, "depth", size);
    let col = data(&gpu, lib, &no_shadow, "color", size);
    for &i in &sphere {
        assert!(
            (depth[i][0] - depth_all[i][0]).abs() < 1e-3,
            "texel {i}: the sphere moved"
        );
    }
    for &i in &shadowed {
        assert!(
            (col[i][0] - col_nothing[i][0]).abs() < 1e-3,
            "texel {i}: still shadowed ({} against {})",
            col[i][0],
            col_nothing[i][0]
        );
    }

    // Primary and normal off: the camera sees the floor through the
    // sphere, and the floor keeps the sphere's shadow.
    let depth = data(&gpu, lib, &shadow_only, "depth", size);
    let col = data(&gpu, lib, &shadow_only, "color", size);
    for &i in &sphere {
        assert!(
            (depth[i][0] - depth_nothing[i][0]).abs() < 1e-3,
            "texel {i}: the sphere is seen"
        );
    }
    for &i in &shadowed {
        assert!(
            (col[i][0] - col_all[i][0]).abs() < 1e-3,
            "texel {i}: the shadow is gone"
        );
    }

    // Without restrictStage in a network, no stage code at all.
    let plain = Network::load(&root().join("presets/default.yaml"), lib).unwrap();
    let glsl = build(lib, &plain, &Mode::Render.into())
        .unwrap()
        .shader
        .glsl;
    assert!(!glsl.contains("ropkitStage"));
}

/// The floor and the ball, lit from above by a light through `wrap`
/// (`/light` itself when empty), in either raymarcher shape.
fn shadow_net(lib: &Library, wrap: &str, pad: usize) -> Network {
    let mut chain = String::new();
    let mut last = "/ball".to_string();
    for k in 0..pad {
        chain += &format!(
            "  /pad{k}: {{ rop: transform, params: {{ Translate: [0, 0, 0] }}, inputs: [{last}] }}\n"
        );
        last = format!("/pad{k}");
    }
    let (extra, light) = if wrap.is_empty() {
        (String::new(), "/light")
    } else {
        (format!("  /wrapped: {wrap}\n"), "/wrapped")
    };
    let text = format!(
        "output: /render
nodes:
  /ball: {{ rop: sphere, params: {{ Radius: 0.7, Translate: [0, 1.2, 0] }} }}
{chain}  /floor: {{ rop: plane }}
  /scene: {{ rop: combine, params: {{ Mode: union }}, inputs: [{last}, /floor] }}
  /cam: {{ rop: lookAtCamera, params: {{ Position: [0, 2.5, 6], Target: [0, 0.6, 0], Fov: 45 }} }}
  /light: {{ rop: pointLight, params: {{ Position: [0, 8, 0] }} }}
{extra}  /render: {{ rop: raymarchRender3D, params: {{ AO: false, Ambient: 0, ShadowSharpness: 16 }}, inputs: {{ scene: /scene, camera: /cam, light: {light} }} }}
"
    );
    Network::parse(&text, Path::new("shadows.yaml"), lib).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn each_light_can_have_its_own_shadows() {
    let Some(gpu) = gpu("each_light_can_have_its_own_shadows") else {
        return;
    };
    let lib = library();
    let size = 48;
    for pad in [0, 30] {
        let red = |wrap: &str| -> Vec<f32> {
            data(&gpu, &lib, &shadow_net(&lib, wrap, pad), "color", size)
                .iter()
                .map(|t| t[0])
                .collect()
        };
        let plain = red("");
        let none = red("{ rop: hardShadow, params: { Cast: false }, inputs: [/light] }");
        let hard = red("{ rop: hardShadow, inputs: [/light] }");
        let soft = red("{ rop: softShadow, params: { Sharpness: 1.5 }, inputs: [/light] }");
        // Floor texels darkened by the ball's shadow under the renderer's
        // own setting.
        let shadowed: Vec<usize> = (0..plain.len())
            .filter(|&i| plain[i] < 0.5 * none[i])
            .collect();
        assert!(
            shadowed.len() > 20,
            "pad {pad}: {} shadowed texels",
            shadowed.len()
        );
        // Cast off: the same picture wherever the ball is not itself seen.
        let lit_everywhere = (0..none.len()).all(|i| none[i] >= plain[i] - 1e-4);
        assert!(
            lit_everywhere,
            "pad {pad}: a light without shadows darkened something"
        );
        // Penumbra: texels between a tenth and nine tenths of the unshadowed
        // light. A hard shadow has fewer than the renderer's 16, a soft one
        // (sharpness 1.5) many more.
        let penumbra = |v: &[f32]| {
            (0..v.len())
                .filter(|&i| none[i] > 0.05 && v[i] > 0.1 * none[i] && v[i] < 0.9 * none[i])
                .count()
        };
        let (h, p, s) = (penumbra(&hard), penumbra(&plain), penumbra(&soft));
        assert!(
            h < p && p * 2 < s,
            "pad {pad}: penumbra texels hard {h}, default {p}, soft {s}"
        );
    }
    // Networks without these nodes carry none of it.
    let plain = Network::load(&root().join("presets/default.yaml"), &lib).unwrap();
    let glsl = build(&lib, &plain, &Mode::Render.into())
        .unwrap()
        .shader
        .glsl;
    assert!(!glsl.contains("ropkitLightShadow") && !glsl.contains("lightSharp"));
}
