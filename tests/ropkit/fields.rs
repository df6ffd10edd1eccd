//! Field-driven parameters: a parameter marked `field: true` gets a socket
//! of its own name; a field node connected there sets the parameter point
//! by point, read by the ROP's code through `THIS_<Name>_at(p, ctx)`.
//! Unconnected, the shader is exactly the one the ROP gave before it could
//! be driven.

use crate::common::*;
use ropkit::build::build;
use ropkit::generate::Mode;
use ropkit::library::Library;
use ropkit::network::Network;
use ropkit::render::Renderer;
use ropkit::sample::sample_network;

const REST: &str =
    "  /cam: { rop: lookAtCamera, params: { Position: [3, 2, 4], Target: [0, 0, 0] } }
  /light: { rop: pointLight, params: { Position: [5, 8, 4] } }
  /render: { rop: raymarchRender3D, inputs: { scene: /shape, camera: /cam, light: /light } }
";

fn net(nodes: &str, lib: &Library) -> Network {
    let text = format!("output: /render\nnodes:\n{nodes}{REST}");
    Network::parse(&text, &root().join("fields-test.yaml"), lib)
        .unwrap_or_else(|e| panic!("{e}\n{text}"))
}

fn points() -> Vec<[f32; 3]> {
    (0..48)
        .map(|i| {
            let t = i as f32 * 0.41;
            [t.sin() * 1.8, (t * 1.7).cos() * 1.3, (t * 0.6).sin() * 1.5]
        })
        .collect()
}

fn length(p: [f32; 3]) -> f32 {
    (p[0] * p[0] + p[1] * p[1] + p[2] * p[2]).sqrt()
}

fn box_distance(p: [f32; 3], half: [f32; 3]) -> f32 {
    let q: Vec<f32> = (0..3).map(|k| p[k].abs() - half[k]).collect();
    let outside = q.iter().map(|v| v.max(0.0).powi(2)).sum::<f32>().sqrt();
    outside + q[0].max(q[1]).max(q[2]).min(0.0)
}

/// Distances the scene gives at `points()`, against `expected`.
fn assert_distances(lib: &Library, nodes: &str, expected: impl Fn([f32; 3]) -> f32, what: &str) {
    let Some(gpu) = gpu(what) else {
        return;
    };
    let network = net(nodes, lib);
    let mut r = Renderer::new(gpu);
    let got = sample_network(&network, lib, &mut r, &points())
        .unwrap_or_else(|e| panic!("{what}: {}", e.report()));
    for (p, g) in points().into_iter().zip(got) {
        let want = expected(p);
        assert!(
            (g[0] - want).abs() < 1e-3,
            "{what}: at {p:?} the distance is {}, expected {want}",
            g[0]
        );
    }
}

#[test]
fn a_field_on_a_parameter_sets_it_point_by_point() {
    let lib = library();
    // Unconnected: the parameter's own value.
    assert_distances(
        &lib,
        "  /shape: { rop: sphere, params: { Radius: 0.7 } }\n",
        |p| length(p) - 0.7,
        "a_field_on_a_parameter_sets_it_point_by_point (unconnected)",
    );
    // A constant field overrides the value.
    assert_distances(
        &lib,
        "  /f: { rop: constant, params: { Value: 0.3 } }\n  /shape: { rop: sphere, params: { Radius: 0.7 }, inputs: { Radius: /f } }\n",
        |p| length(p) - 0.3,
        "a_field_on_a_parameter_sets_it_point_by_point (constant)",
    );
    // A field that varies: the radius is 0.25 x at each point.
    assert_distances(
        &lib,
        "  /f: { rop: position, params: { Component: x, Scale: 0.25 } }\n  /shape: { rop: sphere, inputs: { Radius: /f } }\n",
        |p| length(p) - 0.25 * p[0],
        "a_field_on_a_parameter_sets_it_point_by_point (position)",
    );
    // A filter's parameter, on its socket by position in the list form:
    // round's Radius is its second slot (after its input).
    assert_distances(
        &lib,
        "  /s: { rop: sphere, params: { Radius: 0.5 } }\n  /f: { rop: constant, params: { Value: 0.2 } }\n  /shape: { rop: round, params: { Radius: 0.9 }, inputs: [/s, /f] }\n",
        |p| length(p) - 0.7,
        "a_field_on_a_parameter_sets_it_point_by_point (round)",
    );
}

#[test]
fn vector_parameters_take_a_float_field_on_every_component_or_a_vec4_cut_to_size() {
    let lib = library();
    // A float field spreads over x, y and z: a cube of side 1.2.
    assert_distances(
        &lib,
        "  /f: { rop: constant, params: { Value: 1.2 } }\n  /shape: { rop: box, params: { Size: [3, 3, 3] }, inputs: { Size: /f } }\n",
        |p| box_distance(p, [0.6, 0.6, 0.6]),
        "vector_parameters (float field)",
    );
    // A vec4 field (a colour) gives its first three components; the fourth
    // is left out.
    assert_distances(
        &lib,
        "  /zero: { rop: constant, params: { Value: 0.0 } }\n  /f: { rop: colorRamp, params: { Mode: twoColors, ColorA: [0.4, 0.8, 1.0, 0.5] }, inputs: [/zero] }\n  /shape: { rop: box, inputs: { Size: /f } }\n",
        |p| box_distance(p, [0.2, 0.4, 0.5]),
        "vector_parameters (vec4 field)",
    );
}

/// The sphere ROP as it was before its Radius could be driven, in a folder
/// that shadows the built-in one.
fn undriven_sphere() -> tempfile::TempDir {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("sdf/sphere");
    std::fs::create_dir_all(&dir).unwrap();
    let yaml = std::fs::read_to_string(root().join("rops/sdf/sphere/rop.yaml")).unwrap();
    let glsl = std::fs::read_to_string(root().join("rops/sdf/sphere/function.glsl")).unwrap();
    assert!(yaml.contains("field: true") && glsl.contains("THIS_Radius_at(p, ctx)"));
    std::fs::write(dir.join("rop.yaml"), yaml.replace(" field: true,", "")).unwrap();
    std::fs::write(
        dir.join("function.glsl"),
        glsl.replace("THIS_Radius_at(p, ctx)", "THIS_Radius"),
    )
    .unwrap();
    tmp
}

#[test]
fn an_unconnected_field_parameter_leaves_the_shader_as_it_was() {
    let lib = library();
    let tmp = undriven_sphere();
    let old = project(&[tmp.path().to_path_buf()]).load_library();
    assert!(
        old.get("sphere")
            .is_some_and(|d| !d.param("Radius").unwrap().field),
        "the shadowing folder must win"
    );
    for preset in ["default", "noiseRadius"] {
        let path = root().join(format!("presets/{preset}.yaml"));
        for mode in [Mode::Render, Mode::RenderBaked] {
            let new = build(&lib, &Network::load(&path, &lib).unwrap(), &mode.into())
                .unwrap_or_else(|e| panic!("{}", e.report()));
            let before = Network::load(&path, &old)
                .map_err(|e| e.to_string())
                .and_then(|net| build(&old, &net, &mode.into()).map_err(|e| e.report()));
            if preset == "default" {
                // Nothing drives the sphere here: byte for byte the same.
                let before = before.unwrap_or_else(|e| panic!("{e}"));
                assert_eq!(new.shader.glsl, before.shader.glsl, "{preset} {mode:?}");
                assert!(!new.shader.glsl.contains("_Radius_at"));
            } else {
                // Driven: the field is called where the radius is read. The
                // old sphere, which reads `THIS_Radius` as a value, has the
                // socket too (every float parameter has one): its function
                // stores its point and the radius is the field there.
                assert!(
                    new.shader.glsl.contains("_Radius_at(P, CTX) (radius"),
                    "the field on /ball's Radius is not called"
                );
                assert!(!new.shader.glsl.contains("ball_rkFieldP"));
                let before = before.unwrap_or_else(|e| panic!("{e}"));
                assert!(before.shader.glsl.contains("ball_rkFieldP = p;"));
            }
        }
    }
}

#[test]
fn field_parameters_are_checked_where_they_are_declared_and_connected() {
    let lib = library();
    // A parameter that cannot vary per point cannot be field: true.
    for (style, extra) in [
        ("menu", ", options: [a, b], default: a"),
        ("int", ""),
        ("float", ", macro: true"),
    ] {
        let text = format!(
            "output: /render\nnodes:\n  /shape:\n    rop: custom\n    custom:\n      coordTypes: [vec3]\n      returnTypes: [Sdf]\n      params:\n        - {{ name: Bad, style: {style}, field: true{extra} }}\n      function: |\n        ReturnT thismap(CoordT p, ContextT ctx) {{ return createSdf(length(p) - 1.0); }}\n{REST}"
        );
        let err = Network::parse(&text, &root().join("fields-test.yaml"), &lib)
            .err()
            .unwrap_or_else(|| panic!("field: true on a {style}{extra} parameter was accepted"));
        let msg = err.to_string();
        assert!(msg.contains("fields-test.yaml:9"), "{style}: {msg}");
        assert!(msg.contains("parameter Bad"), "{style}: {msg}");
    }
    // A field socket takes numbers (an SDF serves as its distance), not a
    // light: the error names the node.
    let network = net(
        "  /s: { rop: pointLight }\n  /shape: { rop: sphere, inputs: { Radius: /s } }\n",
        &lib,
    );
    let err = build(&lib, &network, &Mode::Render.into()).expect_err("a light on a Radius socket");
    assert_eq!(err.node().as_deref(), Some("/s"), "{err}");
    assert!(err.to_string().contains("/shape input 1 (Radius)"), "{err}");
}

#[test]
fn a_driven_parameter_compiles_with_both_compilers_in_every_mode() {
    let lib = library();
    let network = Network::load(&root().join("presets/mechanisms.yaml"), &lib).unwrap();
    for mode in [Mode::Render, Mode::RenderBaked, Mode::Sample] {
        let built =
            build(&lib, &network, &mode.into()).unwrap_or_else(|e| panic!("{}", e.report()));
        assert!(built.shader.glsl.contains("_Radius_at(p, ctx)"), "{mode:?}");
        assert_glslang(&built.shader.glsl, &format!("mechanisms {mode:?}"));
    }
}

#[test]
fn at_global_position_gives_each_repeated_copy_its_own_value() {
    let lib = library();
    // Radius 0.5 + 0.05 x, read at the world point snapped to the repeat's
    // spacing: one radius per copy, growing along x.
    let nodes =
        "  /x: { rop: position, params: { Component: x, Scale: 0.05, Offset: [-10, 0, 0] } }
  /snapped: { rop: atGlobalPosition, params: { Snap: [2, 0, 0] }, inputs: [/x] }
  /ball: { rop: sphere, inputs: { Radius: /snapped } }
  /shape: { rop: gridRepeat, params: { Spacing: [2, 0, 0] }, inputs: [/ball] }
";
    assert_distances(
        &lib,
        nodes,
        |p| {
            let cell = (p[0] / 2.0).round();
            let local = [p[0] - 2.0 * cell, p[1], p[2]];
            length(local) - 0.05 * (2.0 * cell + 10.0)
        },
        "at_global_position_gives_each_repeated_copy_its_own_value",
    );
}
