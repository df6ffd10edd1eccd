//! Switches: `runtimeSwitch` picks its input when the shader runs (Index is
//! a live value: moving it writes a uniform and builds nothing), `switch`
//! compiles only the chosen input in (a new Index is a new shader).

use crate::common::*;
use ropkit::build::build;
use ropkit::generate::Mode;
use ropkit::library::Library;
use ropkit::live::Live;
use ropkit::network::Network;
use ropkit::render::{Gpu, Renderer};
use ropkit::value::ParamValue;

const SIZE: u32 = 48;

/// Shapes of two materials, and two cameras, each behind a switch of `rop`.
fn network(lib: &Library, rop: &str, shape: &str, camera: &str) -> Network {
    let text = format!(
        "output: /render
nodes:
  /ball: {{ rop: sphere, params: {{ Radius: 0.9 }} }}
  /red: {{ rop: basicMaterial, params: {{ Color: [0.9, 0.1, 0.1] }}, inputs: [/ball] }}
  /block: {{ rop: box, params: {{ Size: [1.2, 0.6, 1.6] }} }}
  /blue: {{ rop: basicMaterial, params: {{ Color: [0.1, 0.2, 0.9] }}, inputs: [/block] }}
  /shapes: {{ rop: {rop}, params: {{ Index: {shape} }}, inputs: [/red, /blue] }}
  /front: {{ rop: lookAtCamera, params: {{ Position: [0, 1, 4], Target: [0, 0, 0] }} }}
  /side: {{ rop: lookAtCamera, params: {{ Position: [4, 2, 0.5], Target: [0, 0, 0] }} }}
  /cams: {{ rop: {rop}, params: {{ Index: {camera} }}, inputs: [/front, /side] }}
  /light: {{ rop: pointLight, params: {{ Position: [5, 8, 4] }} }}
  /render: {{ rop: raymarchRender3D, inputs: {{ scene: /shapes, camera: /cams, light: /light }} }}
"
    );
    Network::parse(&text, &root().join("switches.yaml"), lib).unwrap_or_else(|e| panic!("{e}"))
}

/// The picture of the network built afresh (the reference).
fn fresh(gpu: &Gpu, lib: &Library, net: &Network) -> Vec<u8> {
    let built = build(lib, net, &Mode::Render.into()).unwrap_or_else(|e| panic!("{}", e.report()));
    let mut r = Renderer::new(gpu.clone());
    r.set_built(&built).unwrap();
    r.set_params(&built.shader.param_values(net, lib));
    r.render_image(SIZE, SIZE).unwrap().into_raw()
}

fn same(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.abs_diff(*y) <= 1)
}

#[test]
fn a_runtime_switch_changes_the_picture_without_a_new_shader() {
    let Some(gpu) = gpu("a_runtime_switch_changes_the_picture_without_a_new_shader") else {
        return;
    };
    let lib = library();
    let mut live = Live::new(
        project(&[]),
        lib.clone(),
        network(&lib, "runtimeSwitch", "0", "0"),
        Some(Renderer::new(gpu.clone())),
    );
    assert!(live.error.is_none(), "{:?}", live.error);
    let builds = live.stats.shader_builds;
    let pipelines = |l: &Live| {
        l.session
            .as_ref()
            .unwrap()
            .renderer
            .stats
            .pipeline_creations
    };
    let made = pipelines(&live);
    let mut pictures = Vec::new();
    for (shape, camera) in [(0, 0), (1, 0), (1, 1), (0, 1)] {
        live.set_param("/shapes", "Index", ParamValue::Int(shape))
            .unwrap();
        live.set_param("/cams", "Index", ParamValue::Int(camera))
            .unwrap();
        let got = live.render_image(SIZE, SIZE).unwrap().into_raw();
        // What the compiled-in switch draws for the same indices, built
        // for them alone.
        let want = fresh(
            &gpu,
            &lib,
            &network(&lib, "switch", &shape.to_string(), &camera.to_string()),
        );
        assert!(
            same(&got, &want),
            "Index {shape}, {camera}: not the chosen inputs"
        );
        pictures.push(got);
    }
    assert_eq!(
        live.stats.shader_builds, builds,
        "a new Index built a shader"
    );
    assert_eq!(pipelines(&live), made, "a new Index made a pipeline");
    for i in 0..pictures.len() {
        for j in i + 1..pictures.len() {
            assert!(
                !same(&pictures[i], &pictures[j]),
                "pictures {i} and {j} are alike"
            );
        }
    }
    // An Index past the connected inputs falls back to the first.
    live.set_param("/shapes", "Index", ParamValue::Int(7))
        .unwrap();
    live.set_param("/cams", "Index", ParamValue::Int(0))
        .unwrap();
    assert!(same(
        &live.render_image(SIZE, SIZE).unwrap().into_raw(),
        &pictures[0]
    ));
    assert_eq!(live.stats.shader_builds, builds);
}

#[test]
fn the_compiled_in_switch_builds_a_shader_for_each_index() {
    let lib = library();
    // No GPU needed: the document counts what an edit needs.
    let mut live = Live::new(
        project(&[]),
        lib.clone(),
        network(&lib, "switch", "0", "0"),
        None,
    );
    assert!(live.error.is_none(), "{:?}", live.error);
    let builds = live.stats.shader_builds;
    live.set_param("/shapes", "Index", ParamValue::Int(1))
        .unwrap();
    assert_eq!(
        live.stats.shader_builds,
        builds + 1,
        "the compiled-in switch rebuilds"
    );
    // The runtime switch keeps both and builds once.
    let mut live = Live::new(
        project(&[]),
        lib.clone(),
        network(&lib, "runtimeSwitch", "0", "0"),
        None,
    );
    let builds = live.stats.shader_builds;
    live.set_param("/shapes", "Index", ParamValue::Int(1))
        .unwrap();
    assert_eq!(live.stats.shader_builds, builds);
    let glsl = &live.built.as_ref().unwrap().shader.glsl;
    assert!(glsl.contains("ball") && glsl.contains("block"));
    assert_glslang(glsl, "runtimeSwitch");
}
