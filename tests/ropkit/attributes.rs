//! Named per-hit attributes: assignAttribute sets a value on a surface's
//! result, combines carry it from the side that wins (and mix it across a
//! smooth seam), and attributeField and attributeMaterial read it by name.
//! The values read back are compared with what the network's definition
//! gives at each point, computed here from the shapes' distances.

use crate::catalog::{Rng, catalog_library, probe, sample};
use crate::common::*;
use ropkit::build::{BuildError, build};
use ropkit::generate::Mode;
use ropkit::library::Library;
use ropkit::network::Network;
use ropkit::render::Renderer;

/// A sphere of radius 0.5 at x = -1 tinted (0.2, 0.4, 0.6) and given
/// heat 0.75, and a box of side 1 at x = +1 whose heat is 2 x (its point's
/// x), in a hard union; `reader` reads from the union.
fn union_scene(reader: &str) -> String {
    let nodes = "  /a: { rop: sphere, params: { Radius: 0.5, Translate: [-1, 0, 0] } }
  /aTint: { rop: assignAttribute, params: { Name: tint, Type: vec3, Value: [0.2, 0.4, 0.6, 9] }, inputs: [/a] }
  /aHeat: { rop: assignAttribute, params: { Name: heat, Type: float, Value: [0.75, 5, 5, 5] }, inputs: [/aTint] }
  /b: { rop: box, params: { Size: [1, 1, 1], Translate: [1, 0, 0] } }
  /x: { rop: position, params: { Component: x, Scale: 2 } }
  /bHeat: { rop: assignAttribute, params: { Name: heat, Type: float }, inputs: { input: /b, value: /x } }
  /u: { rop: combine, params: { Mode: union }, inputs: [/aHeat, /bHeat] }
";
    probe("probeColor3", reader, nodes)
}

fn sphere_a(p: [f64; 3]) -> f64 {
    ((p[0] + 1.0).powi(2) + p[1].powi(2) + p[2].powi(2)).sqrt() - 0.5
}

fn box_b(p: [f64; 3]) -> f64 {
    let q = [(p[0] - 1.0).abs() - 0.5, p[1].abs() - 0.5, p[2].abs() - 0.5];
    let outside = q.iter().map(|v| v.max(0.0).powi(2)).sum::<f64>().sqrt();
    outside + q[0].max(q[1]).max(q[2]).min(0.0)
}

/// Points spread over both shapes and the space between them, none where
/// the two distances tie (there either side may win).
fn points(seed: u64) -> Vec<[f32; 3]> {
    let mut r = Rng::new(seed);
    let mut pts = Vec::new();
    while pts.len() < 200 {
        let p = [r.range(-2.2, 2.2), r.range(-1.0, 1.0), r.range(-1.0, 1.0)];
        if (sphere_a(p) - box_b(p)).abs() > 1e-3 {
            pts.push([p[0] as f32, p[1] as f32, p[2] as f32]);
        }
    }
    pts
}

fn f64s(p: &[f32; 3]) -> [f64; 3] {
    [p[0] as f64, p[1] as f64, p[2] as f64]
}

fn close(got: &[f32; 4], want: [f64; 4], tol: f64) -> bool {
    got.iter()
        .zip(want)
        .all(|(g, w)| (*g as f64 - w).abs() <= tol)
}

#[test]
fn attributes_read_back_from_the_side_of_a_union_that_wins() {
    let Some(gpu) = gpu("attributes_read_back_from_the_side_of_a_union_that_wins") else {
        return;
    };
    let lib = catalog_library();
    let pts = points(7);
    // The vec3 tint: the sphere's where it is nearer, zero (never assigned)
    // where the box is; a vec3 pads the fourth part with 0.
    let tint = sample(
        &gpu,
        &lib,
        &union_scene(
            "{ rop: attributeField, params: { Name: tint, Type: vec3, Default: [7, 7, 7, 7] }, inputs: [/u] }",
        ),
        &pts,
    );
    // The float heat as a vec4 (a float fills all four parts): 0.75 on the
    // sphere's side, twice the point's x on the box's.
    let heat = sample(
        &gpu,
        &lib,
        &union_scene("{ rop: attributeField, params: { Name: heat, Type: float }, inputs: [/u] }"),
        &pts,
    );
    let (mut on_a, mut on_b, mut bad) = (0, 0, Vec::new());
    for ((p, t), h) in pts.iter().zip(&tint).zip(&heat) {
        let q = f64s(p);
        let a_wins = sphere_a(q) <= box_b(q);
        let (want_tint, want_heat) = if a_wins {
            on_a += 1;
            ([0.2, 0.4, 0.6, 0.0], 0.75)
        } else {
            on_b += 1;
            ([0.0; 4], 2.0 * q[0])
        };
        if !close(t, want_tint, 1e-5) || !close(h, [want_heat; 4], 1e-5) {
            bad.push(format!(
                "at {p:?}: tint {t:?} heat {h:?}, want {want_tint:?} and {want_heat}"
            ));
        }
    }
    assert!(on_a > 40 && on_b > 40, "{on_a} and {on_b} points per side");
    assert!(
        bad.is_empty(),
        "{} points differ:\n{}",
        bad.len(),
        bad[..bad.len().min(8)].join("\n")
    );
}

#[test]
fn a_smooth_union_mixes_attributes_by_its_blend_ratio() {
    let Some(gpu) = gpu("a_smooth_union_mixes_attributes_by_its_blend_ratio") else {
        return;
    };
    let lib = catalog_library();
    let k = 0.8;
    let nodes = format!(
        "  /a: {{ rop: sphere, params: {{ Radius: 0.7, Translate: [-0.6, 0, 0] }} }}
  /aTint: {{ rop: assignAttribute, params: {{ Name: tint, Type: vec4, Value: [1, 0, 0, 0.5] }}, inputs: [/a] }}
  /b: {{ rop: sphere, params: {{ Radius: 0.7, Translate: [0.6, 0, 0] }} }}
  /bTint: {{ rop: assignAttribute, params: {{ Name: tint, Type: vec4, Value: [0, 0, 1, -0.5] }}, inputs: [/b] }}
  /u: {{ rop: combine, params: {{ Mode: smoothUnion, Blend: {k} }}, inputs: [/aTint, /bTint] }}
"
    );
    let text = probe(
        "probeColor3",
        "{ rop: attributeField, params: { Name: tint, Type: vec4 }, inputs: [/u] }",
        &nodes,
    );
    let mut r = Rng::new(3);
    let pts: Vec<[f32; 3]> = (0..200)
        .map(|_| {
            [
                r.range(-1.5, 1.5) as f32,
                r.range(-1.0, 1.0) as f32,
                r.range(-1.0, 1.0) as f32,
            ]
        })
        .collect();
    let got = sample(&gpu, &lib, &text, &pts);
    let mut mixed = 0;
    for (p, g) in pts.iter().zip(&got) {
        let q = f64s(p);
        let d = |cx: f64| ((q[0] - cx).powi(2) + q[1].powi(2) + q[2].powi(2)).sqrt() - 0.7;
        // The polynomial smooth minimum's weight of the first shape, h; the
        // second's share is 1 - h.
        let h = (0.5 + 0.5 * (d(0.6) - d(-0.6)) / k).clamp(0.0, 1.0);
        let s = 1.0 - h;
        let want = [1.0 - s, 0.0, s, 0.5 - s];
        assert!(close(g, want, 1e-4), "at {p:?}: {g:?}, want {want:?}");
        if s > 0.1 && s < 0.9 {
            mixed += 1;
        }
    }
    assert!(mixed > 20, "only {mixed} points in the seam");
}

#[test]
fn attribute_material_colours_each_surface_by_its_own_attribute() {
    let Some(gpu) = gpu("attribute_material_colours_each_surface_by_its_own_attribute") else {
        return;
    };
    let lib = library();
    // Two balls side by side under one unlit attributeMaterial, with no
    // occlusion: each pixel is its ball's tint.
    let text = "output: /render
nodes:
  /a: { rop: sphere, params: { Radius: 0.8, Translate: [-1, 0, 0] } }
  /aTint: { rop: assignAttribute, params: { Name: tint, Type: vec3, Value: [0.2, 0.5, 0.8, 1] }, inputs: [/a] }
  /b: { rop: sphere, params: { Radius: 0.8, Translate: [1, 0, 0] } }
  /bTint: { rop: assignAttribute, params: { Name: tint, Type: vec3, Value: [0.9, 0.6, 0.3, 1] }, inputs: [/b] }
  /u: { rop: combine, params: { Mode: union }, inputs: [/aTint, /bTint] }
  /mat: { rop: attributeMaterial, params: { Name: tint, Type: vec3, Lit: false }, inputs: [/u] }
  /cam: { rop: lookAtCamera, params: { Position: [0, 0, 6], Target: [0, 0, 0], Fov: 40 } }
  /key: { rop: pointLight, params: { Position: [0, 3, 6] } }
  /render: { rop: raymarchRender3D, params: { Ambient: 1, AO: false, Shadows: false }, inputs: { scene: /mat, camera: /cam, light: /key } }
";
    let net = Network::parse(text, &root().join("attributes-test.yaml"), &lib)
        .unwrap_or_else(|e| panic!("{e}"));
    let built = build(&lib, &net, &Mode::Data.into()).unwrap_or_else(|e| panic!("{}", e.report()));
    assert_glslang(&built.shader.glsl, "attributeMaterial");
    let mut r = Renderer::new(gpu.clone());
    r.set_built(&built).unwrap();
    r.set_params(&built.shader.param_values(&net, &lib));
    let (w, h) = (32u32, 16u32);
    let px = r.render_data(w, h).unwrap();
    // The centres of the two balls: x = -1 and 1 at the distance of 6 seen
    // over 40 degrees of height are 16 / (6 tan 20°) = 3.7 pixels either
    // side of the middle; each ball is 2.9 pixels wide around its centre.
    for (col, tint) in [(12, [0.2f32, 0.5, 0.8]), (20, [0.9, 0.6, 0.3])] {
        let c = px[(h / 2 * w + col) as usize];
        assert_eq!(c[3], 1.0, "pixel {col} misses the ball: {c:?}");
        for k in 0..3 {
            assert!(
                (c[k] - tint[k]).abs() < 1e-3,
                "pixel {col}: {c:?}, want {tint:?}"
            );
        }
    }
}

fn attribute_net(scene: &str, lib: &Library) -> Result<Network, BuildError> {
    let text = format!("output: /out\nnodes:\n{scene}");
    let net = Network::parse(&text, &root().join("attributes-test.yaml"), lib)?;
    build(lib, &net, &Mode::Sample.into()).map(|_| net)
}

#[test]
fn attributes_cost_nothing_when_unused_and_bad_names_are_refused() {
    let lib = catalog_library();
    // No attribute in the network: no attribute field in the shader.
    let net = Network::load(&root().join("presets/default.yaml"), &lib).unwrap();
    let built = build(&lib, &net, &Mode::Render.into()).unwrap();
    assert!(!built.shader.glsl.contains("attr0"));
    assert!(!built.shader.glsl.contains("ROPKIT_SDF_ATTR"));
    // Two names: two fields, by sorted name (heat, tint).
    let scene = union_scene("{ rop: attributeField, params: { Name: tint }, inputs: [/u] }");
    let text = format!("output: /out\nnodes:\n{scene}");
    let net = Network::parse(&text, &root().join("attributes-test.yaml"), &lib).unwrap();
    let built =
        build(&lib, &net, &Mode::Render.into()).unwrap_or_else(|e| panic!("{}", e.report()));
    let glsl = &built.shader.glsl;
    assert!(glsl.contains("vec4 attr0;") && glsl.contains("vec4 attr1;"));
    assert!(!glsl.contains("attr2"));

    let fails = |scene: &str, node: &str, words: &[&str]| {
        let err = match attribute_net(scene, &lib) {
            Err(e) => e,
            Ok(_) => panic!("accepted:\n{scene}"),
        };
        assert_eq!(err.node().as_deref(), Some(node), "{err}");
        let text = err.to_string();
        for w in words {
            assert!(text.contains(w), "expected '{w}' in: {text}");
        }
        // The message points at the node's line in the network file.
        let line = scene
            .lines()
            .position(|l| l.starts_with(&format!("  {node}:")))
            .unwrap()
            + 3;
        assert!(
            text.contains(&format!("attributes-test.yaml:{line}:")),
            "expected line {line} in: {text}"
        );
    };
    // A name that is no identifier.
    fails(
        &scene.replace(
            "Name: tint, Type: vec3, Value",
            "Name: 'tint colour', Type: vec3, Value",
        ),
        "/aTint",
        &["must be an identifier", "tint colour"],
    );
    // One name, two types.
    fails(
        &scene.replace(
            "Name: heat, Type: float }, inputs: { input",
            "Name: heat, Type: vec2 }, inputs: { input",
        ),
        "/bHeat",
        &["attribute 'heat'", "/aHeat", "a name has one type"],
    );
    // Five names: one more than the Sdf has fields for.
    let mut five = String::from("  /s0: { rop: sphere }\n");
    for (i, name) in ["a", "b", "c", "d", "e"].iter().enumerate() {
        five += &format!(
            "  /s{}: {{ rop: assignAttribute, params: {{ Name: {name}, Type: float }}, inputs: [/s{i}] }}\n",
            i + 1
        );
    }
    five += "  /out: { rop: raymarchRender3D, inputs: [/s5] }\n";
    fails(
        &five,
        "/s5",
        &["attribute 'e'", "at most 4", "ATTRIBUTE_SLOTS"],
    );
}
