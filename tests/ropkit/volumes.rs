//! volumetricRender: a medium that dims what lies behind it, scatters light
//! exactly as the formula says, and lets an occluder cut shafts of light.

use crate::common::*;
use ropkit::build::build;
use ropkit::generate::Mode;
use ropkit::library::Library;
use ropkit::network::Network;
use ropkit::render::{Gpu, Renderer};
use std::path::Path;

/// Linear colours (a data render: no exposure or gamma), rows top first.
fn colours(gpu: &Gpu, lib: &Library, text: &str, w: u32, h: u32) -> Vec<[f32; 4]> {
    let net =
        Network::parse(text, Path::new("volumes.yaml"), lib).unwrap_or_else(|e| panic!("{e}"));
    let built = build(lib, &net, &Mode::Data.into()).unwrap_or_else(|e| panic!("{}", e.report()));
    assert_glslang(&built.shader.glsl, "volumetricRender");
    let mut r = Renderer::new(gpu.clone());
    r.set_built(&built).unwrap();
    r.set_params(&built.shader.param_values(&net, lib));
    r.render_data(w, h).unwrap()
}

fn mean(texels: &[[f32; 4]]) -> f32 {
    texels.iter().map(|t| t[0] + t[1] + t[2]).sum::<f32>() / (3.0 * texels.len() as f32)
}

#[test]
fn a_uniform_medium_scatters_and_dims_as_the_formula_says_at_any_step_count() {
    let Some(gpu) = gpu("a_uniform_medium_scatters_and_dims_as_the_formula_says_at_any_step_count")
    else {
        return;
    };
    let lib = library();
    // No solid scene, and a light that gives nothing: only the ambient term
    // is scattered, so along any ray of length L the colour is
    // ambient x albedo x (1 - e^(-density L)) + e^(-density L) x background.
    let net = |density: f32, steps: u32| {
        format!(
            "output: /render\nnodes:\n  /none: {{ rop: ambientLight, params: {{ Intensity: 0 }} }}\n  /render: {{ rop: volumetricRender, params: {{ Density: {density}, Albedo: 0.8, Ambient: 0.5, Steps: {steps}, MaxDist: 10, Background: [0.1, 0.2, 0.3] }}, inputs: {{ light: /none }} }}\n"
        )
    };
    for (density, steps) in [(0.0, 8), (0.1, 8), (0.1, 64), (0.3, 5)] {
        let c = colours(&gpu, &lib, &net(density, steps), 8, 8);
        let left = (-density * 10.0f32).exp();
        for t in &c {
            for (k, bg) in [0.1f32, 0.2, 0.3].iter().enumerate() {
                let want = 0.5 * 0.8 * (1.0 - left) + left * bg;
                assert!(
                    (t[k] - want).abs() < 2e-3,
                    "density {density}, {steps} steps: channel {k} is {}, expected {want}",
                    t[k]
                );
            }
        }
    }
}

/// A slab over the camera's view of the fog, lit from above: solid, pierced
/// by slots, or not there at all.
fn slab_net(slab: &str) -> String {
    format!(
        "output: /render
nodes:
  /slab: {{ rop: box, params: {{ Size: [60, 0.3, 60], Translate: [0, 4.5, 0] }} }}
  /slot: {{ rop: box, params: {{ Size: [0.4, 1, 3.2], Translate: [0, 4.5, 0] }} }}
  /slots: {{ rop: linearRepeat, params: {{ Axis: x, Spacing: 1.1, Limited: true, First: -2, Last: 2 }}, inputs: [/slot] }}
  /pierced: {{ rop: combine, params: {{ Mode: difference }}, inputs: [/slab, /slots] }}
  /far: {{ rop: plane, params: {{ Offset: -60 }} }}
  /scene: {{ rop: combine, inputs: [{slab}, /far] }}
  /cam: {{ rop: lookAtCamera, params: {{ Position: [0, 2, 9], Target: [0, 2, 0], Fov: 40 }} }}
  /sun: {{ rop: pointLight, params: {{ Position: [0, 14, 0], Intensity: 1.5 }} }}
  /render: {{ rop: volumetricRender, params: {{ Density: 0.1, Steps: 40, LightSteps: 0, ShadowSteps: 32, MaxDist: 20, Ambient: 0 }}, inputs: {{ scene: /scene, camera: /cam, light: /sun }} }}
"
    )
}

#[test]
fn an_occluder_with_gaps_lets_shafts_of_light_into_the_fog() {
    let Some(gpu) = gpu("an_occluder_with_gaps_lets_shafts_of_light_into_the_fog") else {
        return;
    };
    let lib = library();
    let (w, h) = (48, 32);
    // The fog below the slab: the lower half of the picture.
    let below = |c: &[[f32; 4]]| c[(h / 2 * w) as usize..].to_vec();
    let solid = colours(&gpu, &lib, &slab_net("/slab"), w, h);
    let pierced = colours(&gpu, &lib, &slab_net("/pierced"), w, h);
    let open = colours(&gpu, &lib, &slab_net("/far"), w, h);
    let (s, p, o) = (
        mean(&below(&solid)),
        mean(&below(&pierced)),
        mean(&below(&open)),
    );
    assert!(
        s < 0.5 * p && p < 0.8 * o,
        "fog under a solid slab {s}, a pierced one {p}, none {o}"
    );
    // The shafts are shafts: along a row below the slab, the pierced slab's
    // fog alternates between lit and dark columns.
    let row = &pierced[((h * 3 / 4) * w) as usize..((h * 3 / 4 + 1) * w) as usize];
    let values: Vec<f32> = row.iter().map(|t| t[0]).collect();
    let (lo, hi) = values
        .iter()
        .fold((f32::MAX, f32::MIN), |(a, b), v| (a.min(*v), b.max(*v)));
    assert!(hi > 1.5 * lo, "no shafts along a row: {values:?}");
}

#[test]
fn denser_fog_hides_what_lies_behind_it() {
    let Some(gpu) = gpu("denser_fog_hides_what_lies_behind_it") else {
        return;
    };
    let lib = library();
    let net = |density: f32| {
        format!(
            "output: /render
nodes:
  /ball: {{ rop: sphere, params: {{ Radius: 1.2 }} }}
  /white: {{ rop: basicMaterial, params: {{ Color: [1, 1, 1] }}, inputs: [/ball] }}
  /cam: {{ rop: lookAtCamera, params: {{ Position: [0, 0, 8], Target: [0, 0, 0], Fov: 40 }} }}
  /key: {{ rop: pointLight, params: {{ Position: [0, 2, 9] }} }}
  /render: {{ rop: volumetricRender, params: {{ Density: {density}, Steps: 24, MaxDist: 20, Ambient: 0.05, Background: [0, 0, 0] }}, inputs: {{ scene: /white, camera: /cam, light: /key }} }}
"
        )
    };
    let (w, h) = (32, 32);
    let contrast = |density: f32| {
        let c = colours(&gpu, &lib, &net(density), w, h);
        let centre = c[(h / 2 * w + w / 2) as usize];
        let corner = c[0];
        assert_eq!(
            (centre[3], corner[3]),
            (1.0, 0.0),
            "the ball at the centre only"
        );
        centre[0] - corner[0]
    };
    let (clear, misty, thick) = (contrast(0.0), contrast(0.1), contrast(0.4));
    assert!(clear > 0.3, "the lit ball in clear air: {clear}");
    assert!(
        misty < 0.8 * clear && thick < 0.3 * misty,
        "contrast {clear} > {misty} > {thick}"
    );
}
