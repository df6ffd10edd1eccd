//! Function combinators, the layers of `modularMaterial`, and the tone
//! curves, against their formulas written here.

use crate::catalog::*;
use crate::common::*;
use std::f64::consts::{PI, TAU};

// ---------------------------------------------------------------------------
// Function combinators

/// waveFunction's documented shapes: t = x / period + phase.
fn wave(shape: &str, period: f64, amp: f64, off: f64, x: f64) -> f64 {
    let t = x / period;
    let w = match shape {
        "sine" => (TAU * t).sin(),
        "triangle" => 1.0 - 4.0 * ((t + 0.25).rem_euclid(1.0) - 0.5).abs(),
        _ => 2.0 * (t + 0.5).rem_euclid(1.0) - 1.0,
    };
    off + amp * w
}

const WAVES: &str = "  /a: { rop: waveFunction, params: { Shape: sine, Period: 2.0, Amplitude: 1.5, Offset: 0.25 } }
  /b: { rop: waveFunction, params: { Shape: triangle, Period: 0.7, Amplitude: 0.5, Offset: -0.1 } }
  /c: { rop: waveFunction, params: { Shape: saw, Period: 3.0, Amplitude: 1.0, Offset: 0.5 } }
";

fn fa(x: f64) -> f64 {
    wave("sine", 2.0, 1.5, 0.25, x)
}
fn fb(x: f64) -> f64 {
    wave("triangle", 0.7, 0.5, -0.1, x)
}
fn fc(x: f64) -> f64 {
    wave("saw", 3.0, 1.0, 0.5, x)
}

#[test]
fn function_combinators_chain_sum_multiply_blend_and_remap() {
    let Some(gpu) = gpu("function_combinators_chain_sum_multiply_blend_and_remap") else {
        return;
    };
    let lib = catalog_library();
    // Away from the saw's jumps (x = 1.5 + 3k) and the triangle's corners
    // nothing is discontinuous; a small tolerance covers f32.
    let pts: Vec<[f32; 3]> = points2(70, 200, -4.0, 4.0)
        .into_iter()
        .filter(|p| {
            ((p[0] as f64 - 1.5).rem_euclid(3.0)).min(3.0 - (p[0] as f64 - 1.5).rem_euclid(3.0))
                > 0.01
        })
        .collect();
    type F = Box<dyn Fn(f64) -> f64>;
    let cases: Vec<(&str, F)> = vec![
        (
            "{ rop: chainFunction, inputs: [/a, /b, /c] }",
            Box::new(|x| fc(fb(fa(x)))),
        ),
        (
            "{ rop: chainFunction, inputs: { first: /b, third: /a } }",
            Box::new(|x| fa(fb(x))),
        ),
        (
            "{ rop: sumFunction, params: { Weights: [2, -0.5, 0.3, 9], Offset: 0.75 }, inputs: [/a, /b, /c] }",
            Box::new(|x| 0.75 + 2.0 * fa(x) - 0.5 * fb(x) + 0.3 * fc(x)),
        ),
        (
            "{ rop: productFunction, params: { Scale: -1.5 }, inputs: [/a, /b, /c] }",
            Box::new(|x| -1.5 * fa(x) * fb(x) * fc(x)),
        ),
        (
            "{ rop: blendFunction, params: { Mix: 0.3 }, inputs: [/a, /b] }",
            Box::new(|x| fa(x) + (fb(x) - fa(x)) * 0.3),
        ),
        (
            "{ rop: blendFunction, inputs: [/a, /b, /c] }",
            Box::new(|x| {
                let t = fc(x).clamp(0.0, 1.0);
                fa(x) + (fb(x) - fa(x)) * t
            }),
        ),
        (
            "{ rop: remapFunction, params: { FromRange: [-1, 3], ToRange: [2, -4] }, inputs: [/b] }",
            Box::new(|x| {
                let t = ((x + 1.0) / 4.0).clamp(0.0, 1.0);
                2.0 + (-4.0 - 2.0) * fb(t)
            }),
        ),
        (
            "{ rop: remapFunction, params: { FromRange: [-1, 3], ToRange: [2, -4], Clamp: false } }",
            Box::new(|x| 2.0 - 6.0 * (x + 1.0) / 4.0),
        ),
    ];
    for (node, want) in cases {
        let out = sample(&gpu, &lib, &probe("probeFunction", node, WAVES), &pts);
        expect_within(node, &pts, &out, 2e-4, |p| want(p[0] as f64));
    }
}

// ---------------------------------------------------------------------------
// Material layers

/// A custom node that evaluates the layer wired to it at a unit-sphere point
/// n = normalize(p), seen along -z (view direction v = +z), lit from the
/// direction `l` by a light of colour (1, 0.9, 0.8), shadow 0.75, ao 0.5 and
/// ambient 0.2.
fn layer_probe(layer: &str, extra: &str) -> String {
    format!(
        "  /s:
    rop: custom
    custom:
      coordTypes: [vec3]
      returnTypes: [vec4]
      contextTypes: [Context]
      inputs:
        - {{ name: layer, coordTypes: [vec3], returnTypes: [vec4], contextTypes: [MaterialContext], required: true }}
      function: |
        ReturnT thismap(CoordT p, ContextT ctx) {{
          vec3 n = normalize(p);
          MaterialContext m = ropkitDefaultMaterialContext();
          m.normal = n;
          m.ray = Ray(n + vec3(0.0, 0.0, 4.0), vec3(0.0, 0.0, -1.0));
          m.light = Light(n + 3.0 * normalize(vec3(0.3, 0.8, 0.5)), vec3(1.0, 0.9, 0.8), false, false);
          m.shadow = 0.75;
          m.ao = 0.5;
          m.ambient = 0.2;
          return inputOp1(n, m);
        }}
    inputs: [/layer]
  /layer: {layer}
{extra}  /out: {{ rop: probeColor3, inputs: [/s] }}\n"
    )
}

type V3 = [f64; 3];
const LCOL: V3 = [1.0, 0.9, 0.8];
const SHADOW: f64 = 0.75;
const AO: f64 = 0.5;
const AMBIENT: f64 = 0.2;

fn norm(a: V3) -> V3 {
    let l = (a[0] * a[0] + a[1] * a[1] + a[2] * a[2]).sqrt();
    [a[0] / l, a[1] / l, a[2] / l]
}
fn dot(a: V3, b: V3) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}
fn light_dir() -> V3 {
    norm([0.3, 0.8, 0.5])
}

/// Checks each channel of the layer's colour at every point.
fn expect_rgb(what: &str, pts: &[[f32; 3]], out: &[[f32; 4]], want: impl Fn(V3) -> V3) {
    for ch in 0..3 {
        let got: Vec<[f32; 4]> = out.iter().map(|o| [o[ch], 0.0, 0.0, 0.0]).collect();
        expect_within(&format!("{what} channel {ch}"), pts, &got, 2e-4, |p| {
            want(norm([p[0] as f64, p[1] as f64, p[2] as f64]))[ch]
        });
    }
}

#[test]
fn material_layers_follow_their_formulas_and_stack() {
    let Some(gpu) = gpu("material_layers_follow_their_formulas_and_stack") else {
        return;
    };
    let lib = catalog_library();
    // Points on the half of the sphere that faces the viewer (+z).
    let pts: Vec<[f32; 3]> = points3(80, 150, -1.0, 1.0)
        .into_iter()
        .map(|p| [p[0], p[1], p[2].abs() + 0.05])
        .collect();
    let l = light_dir();
    let ndv = |n: V3| n[2].clamp(0.0, 1.0);

    // diffuse: albedo * (ambient * ao + light * max(n.l, 0) * shadow).
    let albedo = [0.6, 0.4, 0.2];
    let node = "{ rop: diffuseLayer, params: { Color: [0.6, 0.4, 0.2] } }";
    let out = sample(&gpu, &lib, &layer_probe(node, ""), &pts);
    let diffuse = move |n: V3| -> V3 {
        let d = dot(n, l).max(0.0);
        [0, 1, 2].map(|i| albedo[i] * (AMBIENT * AO + LCOL[i] * d * SHADOW))
    };
    expect_rgb("diffuseLayer", &pts, &out, diffuse);

    // specular: Blinn-Phong with h = normalize(l + v), only where n.l > 0.
    let specular = move |n: V3| -> V3 {
        let h = norm([l[0], l[1], l[2] + 1.0]);
        let s = if dot(n, l) > 0.0 {
            dot(n, h).max(0.0).powf(20.0)
        } else {
            0.0
        };
        [0, 1, 2].map(|i| [1.0, 0.5, 0.25][i] * 1.5 * s * LCOL[i] * SHADOW)
    };
    let node =
        "{ rop: specularLayer, params: { Color: [1, 0.5, 0.25], Strength: 1.5, Shininess: 20 } }";
    let out = sample(&gpu, &lib, &layer_probe(node, ""), &pts);
    expect_rgb("specularLayer", &pts, &out, specular);

    // Stacked: specular with diffuse on its Added layer input is the sum.
    let node = "{ rop: specularLayer, params: { Color: [1, 0.5, 0.25], Strength: 1.5, Shininess: 20 }, inputs: [/d] }";
    let extra = "  /d: { rop: diffuseLayer, params: { Color: [0.6, 0.4, 0.2] } }\n";
    let out = sample(&gpu, &lib, &layer_probe(node, extra), &pts);
    expect_rgb("stacked layers", &pts, &out, move |n| {
        let (a, b) = (diffuse(n), specular(n));
        [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
    });

    // rim: emitted once, times ao.
    let node = "{ rop: rimLayer, params: { Color: [0.2, 0.6, 1.0], Strength: 2.0, Power: 2.5 } }";
    let out = sample(&gpu, &lib, &layer_probe(node, ""), &pts);
    expect_rgb("rimLayer", &pts, &out, move |n| {
        let r = (1.0 - ndv(n)).powf(2.5);
        [0, 1, 2].map(|i| [0.2, 0.6, 1.0][i] * 2.0 * r * AO)
    });

    // Fresnel (Schlick) with F0 = ((ior - 1) / (ior + 1))^2.
    let node =
        "{ rop: fresnelLayer, params: { Color: [0.9, 0.95, 1.0], Strength: 1.5, Ior: 1.8 } }";
    let out = sample(&gpu, &lib, &layer_probe(node, ""), &pts);
    expect_rgb("fresnelLayer", &pts, &out, move |n| {
        let f0 = ((1.8 - 1.0) / (1.8 + 1.0f64)).powi(2);
        let f = f0 + (1.0 - f0) * (1.0 - ndv(n)).powi(5);
        [0, 1, 2].map(|i| [0.9, 0.95, 1.0][i] * 1.5 * f * AO)
    });

    // toon: 4 bands of max(n.l, 0) * shadow.
    let node = "{ rop: toonLayer, params: { Color: [1, 0.6, 0.2], ShadowColor: [0.1, 0.0, 0.3], Bands: 4 } }";
    let out = sample(&gpu, &lib, &layer_probe(node, ""), &pts);
    // Points whose value sits on a band edge could round either way in f32: skip them.
    let keep: Vec<usize> = pts
        .iter()
        .enumerate()
        .filter(|(_, p)| {
            let x = dot(norm([p[0] as f64, p[1] as f64, p[2] as f64]), l).max(0.0) * SHADOW * 4.0;
            (x - x.round()).abs() > 1e-3
        })
        .map(|(i, _)| i)
        .collect();
    let kp: Vec<[f32; 3]> = keep.iter().map(|&i| pts[i]).collect();
    let ko: Vec<[f32; 4]> = keep.iter().map(|&i| out[i]).collect();
    expect_rgb("toonLayer", &kp, &ko, move |n| {
        let x = dot(n, l).max(0.0) * SHADOW;
        let k = (x * 4.0).floor().min(3.0) / 3.0;
        let (lit, dark) = ([1.0, 0.6, 0.2], [0.1, 0.0, 0.3]);
        [0, 1, 2].map(|i| (dark[i] + (lit[i] - dark[i]) * k) * LCOL[i])
    });
    // x never passes the shadow's 0.75, so the top band (x >= 0.75) stays
    // dark: exactly the three lower levels appear, flat.
    let mut levels: Vec<i64> = ko
        .iter()
        .map(|o| (o[1] as f64 * 1e4).round() as i64)
        .collect();
    levels.sort();
    levels.dedup();
    assert_eq!(levels.len(), 3, "toon levels {levels:?}");

    // Gooch: cool + (warm - cool) * (1 + n.l) / 2, times light and strength.
    let node = "{ rop: goochLayer, params: { Warm: [0.9, 0.6, 0.1], Cool: [0.0, 0.2, 0.6], Strength: 0.8 } }";
    let out = sample(&gpu, &lib, &layer_probe(node, ""), &pts);
    expect_rgb("goochLayer", &pts, &out, move |n| {
        let t = 0.5 + 0.5 * dot(n, l);
        let (w, c) = ([0.9, 0.6, 0.1], [0.0, 0.2, 0.6]);
        [0, 1, 2].map(|i| (c[i] + (w[i] - c[i]) * t) * LCOL[i] * 0.8)
    });

    // Subsurface: wrapped light, not shadowed.
    let node =
        "{ rop: subsurfaceLayer, params: { Color: [0.9, 0.4, 0.3], Strength: 1.2, Wrap: 0.6 } }";
    let out = sample(&gpu, &lib, &layer_probe(node, ""), &pts);
    expect_rgb("subsurfaceLayer", &pts, &out, move |n| {
        let s = ((dot(n, l) + 0.6) / 1.6).max(0.0);
        [0, 1, 2].map(|i| [0.9, 0.4, 0.3][i] * 1.2 * s * LCOL[i])
    });

    // Environment: the sky gradient along the mirrored view ray, times
    // Schlick's Fresnel, emitted once (times ao).
    let node = "{ rop: environmentLayer, params: { ZenithColor: [0.1, 0.3, 0.9], HorizonColor: [1, 0.9, 0.8], GroundColor: [0.3, 0.2, 0.1], F0: 0.3, Strength: 1.5 } }";
    let out = sample(&gpu, &lib, &layer_probe(node, ""), &pts);
    expect_rgb("environmentLayer", &pts, &out, move |n| {
        // The view ray is -z: r = d - 2 (d.n) n.
        let dn = -n[2];
        let r = [2.0 * dn * -n[0], 2.0 * dn * -n[1], -1.0 - 2.0 * dn * n[2]];
        let up = 1.0 - r[1].clamp(0.0, 1.0);
        let (z, h, g) = ([0.1, 0.3, 0.9], [1.0, 0.9, 0.8], [0.3, 0.2, 0.1]);
        let f = 0.3 + 0.7 * (1.0 - ndv(n)).powi(5);
        [0, 1, 2].map(|i| {
            let sky = if r[1] >= 0.0 {
                z[i] + (h[i] - z[i]) * up * up
            } else {
                g[i]
            };
            sky * f * 1.5 * AO
        })
    });

    // Iridescence: thin-film interference per channel.
    let node =
        "{ rop: iridescenceLayer, params: { Thickness: 520, FilmIndex: 1.45, Strength: 0.7 } }";
    let out = sample(&gpu, &lib, &layer_probe(node, ""), &pts);
    expect_rgb("iridescenceLayer", &pts, &out, move |n| {
        let ci = ndv(n);
        let ct = (1.0 - (1.0 - ci * ci) / (1.45 * 1.45)).max(0.0).sqrt();
        [650.0, 532.0, 450.0].map(|lam| {
            let ph = 4.0 * PI * 1.45 * 520.0 * ct / lam;
            (0.5 + 0.5 * ph.cos()) * 0.7 * AO
        })
    });
}

// ---------------------------------------------------------------------------
// Tone curves

#[test]
fn tone_map_none_and_agx_follow_their_formulas() {
    let Some(gpu) = gpu("tone_map_none_and_agx_follow_their_formulas") else {
        return;
    };
    let lib = catalog_library();
    // A colour field that returns the point: (x, y, z, 1).
    let field = "  /col:
    rop: custom
    custom:
      coordTypes: [vec3]
      returnTypes: [vec4]
      contextTypes: [Context]
      function: |
        ReturnT thismap(CoordT p, ContextT ctx) {
          return vec4(p, 1.0);
        }
";
    let pts: Vec<[f32; 3]> = points3(90, 150, 0.0, 1.0)
        .into_iter()
        .map(|p| p.map(|c| c * c * 12.0))
        .collect();
    let node = "{ rop: toneMap, params: { Operator: none, Exposure: 1.7 }, inputs: [/col] }";
    let out = sample(&gpu, &lib, &probe("probeColor3", node, field), &pts);
    for ch in 0..3 {
        let got: Vec<[f32; 4]> = out.iter().map(|o| [o[ch], 0.0, 0.0, 0.0]).collect();
        expect_within("toneMap none", &pts, &got, 1e-5, |p| p[ch] as f64 * 1.7);
    }
    // AgX-style: the formula of the ROP's description.
    let agx = |x: V3| -> V3 {
        let g = (x[0] + x[1] + x[2]) / 3.0;
        let f = x.map(|c| {
            let v = c + (g - c) * 0.15;
            let t = (((v.max(1e-10) / 0.18).log2() + 10.0) / 16.5).clamp(1e-6, 1.0);
            let r = 1.667 * (1.0 - t) / t;
            1.0 / (1.0 + r * r)
        });
        let go = (f[0] + f[1] + f[2]) / 3.0;
        f.map(|c| (go + (c - go) / 0.85).clamp(0.0, 1.0).powf(2.2))
    };
    let node = "{ rop: toneMap, params: { Operator: agx, Exposure: 1.0 }, inputs: [/col] }";
    let out = sample(&gpu, &lib, &probe("probeColor3", node, field), &pts);
    for ch in 0..3 {
        let got: Vec<[f32; 4]> = out.iter().map(|o| [o[ch], 0.0, 0.0, 0.0]).collect();
        expect_within("toneMap agx", &pts, &got, 2e-3, |p| {
            agx([p[0] as f64, p[1] as f64, p[2] as f64])[ch]
        });
    }
    // Its promises: middle grey stays near middle grey, and a very bright
    // saturated red runs towards white (its green and blue rise).
    let g = agx([0.18; 3]);
    assert!((g[0] - 0.18).abs() < 0.01, "grey maps to {g:?}");
    let red = agx([200.0, 0.0, 0.0]);
    assert!(red[1] > 0.3 && red[0] > 0.9, "bright red maps to {red:?}");
}

// ---------------------------------------------------------------------------
// Materials in the renderer

use ropkit::build::build;
use ropkit::generate::Mode;
use ropkit::library::Library;
use ropkit::network::Network;
use ropkit::render::{Gpu, Renderer};

/// A data render of one buffer of a network given as node lines, with the
/// output at /render.
fn render_buffer(gpu: &Gpu, lib: &Library, nodes: &str, buffer: &str, size: u32) -> Vec<[f32; 4]> {
    let text = format!("output: /render\nnodes:\n{nodes}");
    let mut net = Network::parse(&text, &root().join("materials-test.yaml"), lib)
        .unwrap_or_else(|e| panic!("{e}\n{text}"));
    net.set_param(lib, "/render", "Buffer", &buffer.into())
        .unwrap();
    let built = build(lib, &net, &Mode::Data.into()).unwrap_or_else(|e| panic!("{}", e.report()));
    let mut r = Renderer::new(gpu.clone());
    r.asset_dirs = vec![root()];
    r.set_built(&built).unwrap();
    r.set_params(&built.shader.param_values(&net, lib));
    r.render_data(size, size).unwrap()
}

/// A ball on a floor, the ball wearing `material` (a node named /mat whose
/// shape input is /ball), under a point light and an ambient light.
fn ball_scene(material: &str, extra: &str) -> String {
    format!(
        "  /ball: {{ rop: sphere, params: {{ Radius: 0.8 }} }}
  /mat: {material}
{extra}  /floor: {{ rop: plane, params: {{ Offset: -0.8 }} }}
  /scene: {{ rop: combine, params: {{ Mode: union }}, inputs: [/mat, /floor] }}
  /cam: {{ rop: lookAtCamera, params: {{ Position: [0, 1.5, 3.5], Target: [0, 0, 0], Fov: 45 }} }}
  /key: {{ rop: pointLight, params: {{ Position: [2, 3, 2] }} }}
  /sky: {{ rop: ambientLight, params: {{ Intensity: 0.3 }} }}
  /render: {{ rop: raymarchRender3D, params: {{ Ambient: 0.2 }}, inputs: {{ scene: /scene, camera: /cam, light: /key, 5: /sky }} }}
"
    )
}

fn same_pixels(what: &str, a: &[[f32; 4]], b: &[[f32; 4]]) {
    let bad: Vec<String> = a
        .iter()
        .zip(b)
        .enumerate()
        .filter(|(_, (x, y))| (0..3).any(|c| (x[c] - y[c]).abs() > 2e-4 * (1.0 + y[c].abs())))
        .map(|(i, (x, y))| format!("  pixel {i}: {x:?} vs {y:?}"))
        .collect();
    assert!(
        bad.is_empty(),
        "{what}: {} of {} pixels differ:\n{}",
        bad.len(),
        a.len(),
        bad.iter().take(8).cloned().collect::<Vec<_>>().join("\n")
    );
}

#[test]
fn modular_material_equals_the_materials_its_layers_rebuild() {
    let Some(gpu) = gpu("modular_material_equals_the_materials_its_layers_rebuild") else {
        return;
    };
    let lib = catalog_library();
    let size = 40;
    let render =
        |m: &str, extra: &str| render_buffer(&gpu, &lib, &ball_scene(m, extra), "color", size);
    // The base alone is basicMaterial without a highlight (both Lambert).
    let basic = render(
        "{ rop: basicMaterial, params: { Color: [0.7, 0.3, 0.2], Specular: 0.0 }, inputs: [/ball] }",
        "",
    );
    let base = render(
        "{ rop: modularMaterial, params: { BaseColor: [0.7, 0.3, 0.2], Base: 1.0 }, inputs: [/ball] }",
        "",
    );
    same_pixels("modularMaterial base vs basicMaterial", &base, &basic);
    // A diffuse layer with a specular layer stacked on it, without the
    // base, is Blinn-Phong.
    let phong = render(
        "{ rop: phongMaterial, params: { Color: [0.2, 0.5, 0.3], SpecularColor: [1, 0.8, 0.6], Specular: 0.5, Shininess: 40 }, inputs: [/ball] }",
        "",
    );
    let layered = render(
        "{ rop: modularMaterial, params: { Base: 0.0 }, inputs: { shape: /ball, layer1: /spec } }",
        "  /diff: { rop: diffuseLayer, params: { Color: [0.2, 0.5, 0.3] } }
  /spec: { rop: specularLayer, params: { Color: [1, 0.8, 0.6], Strength: 0.5, Shininess: 40 }, inputs: [/diff] }\n",
    );
    same_pixels(
        "diffuse + specular layers vs phongMaterial",
        &layered,
        &phong,
    );
    // The picture is not the background: the ball and floor were drawn,
    // and a layer changes it.
    let with_rim = render(
        "{ rop: modularMaterial, params: { BaseColor: [0.7, 0.3, 0.2] }, inputs: { shape: /ball, layer1: /rim } }",
        "  /rim: { rop: rimLayer, params: { Strength: 2.0 } }\n",
    );
    let changed = with_rim
        .iter()
        .zip(&base)
        .filter(|(a, b)| (a[2] - b[2]).abs() > 0.01)
        .count();
    assert!(changed > 20, "the rim layer changed only {changed} pixels");
}

#[test]
fn uv_material_colours_the_hit_by_its_uv() {
    let Some(gpu) = gpu("uv_material_colours_the_hit_by_its_uv") else {
        return;
    };
    let lib = catalog_library();
    // A floor seen from above, projected along y with 0.5 UV units per
    // world unit, coloured unlit by a value field of the UV: fract(u + 2v)
    // from ColorA to ColorB. Without occlusion, each floor pixel's colour is
    // that formula at its world position (the worldPosition buffer).
    let nodes = "  /floor: { rop: plane }
  /uv: { rop: assignUV, params: { Projection: planar, Axis: y, Scale: 0.5 }, inputs: [/floor] }
  /ramp:
    rop: custom
    custom:
      coordTypes: [vec2]
      returnTypes: [float]
      contextTypes: [Context]
      function: |
        ReturnT thismap(CoordT p, ContextT ctx) {
          return fract(p.x + 2.0 * p.y);
        }
  /mat: { rop: uvMaterial, params: { ColorA: [0.1, 0.2, 0.9], ColorB: [0.9, 0.6, 0.1], Lit: false }, inputs: { shape: /uv, value: /ramp } }
  /cam: { rop: lookAtCamera, params: { Position: [0.3, 4, 0.2], Target: [0.3, 0, 0.21], Fov: 60 } }
  /render: { rop: raymarchRender3D, params: { AO: false, Ambient: 0.2, Shadows: false }, inputs: { scene: /mat, camera: /cam } }
";
    let size = 48;
    let col = render_buffer(&gpu, &lib, nodes, "color", size);
    let pos = render_buffer(&gpu, &lib, nodes, "worldPosition", size);
    let (a, b) = ([0.1, 0.2, 0.9], [0.9, 0.6, 0.1]);
    let mut checked = 0;
    let mut bad = Vec::new();
    for (c, p) in col.iter().zip(&pos) {
        // The floor read from above: uv = (x, -z) times Scale.
        let t = (0.5 * p[0] as f64 - 2.0 * 0.5 * p[2] as f64).rem_euclid(1.0);
        // Skip pixels right at the ramp's jump, where a pixel may straddle it.
        if !(0.02..0.98).contains(&t) {
            continue;
        }
        checked += 1;
        for ch in 0..3 {
            let want = a[ch] + (b[ch] - a[ch]) * t;
            if (c[ch] as f64 - want).abs() > 2e-3 {
                bad.push(format!("  at {p:?}: {c:?}, want channel {ch} {want}"));
            }
        }
    }
    assert!(
        checked > (size * size) as usize / 2,
        "only {checked} pixels checked"
    );
    assert!(
        bad.is_empty(),
        "{} pixels differ:\n{}",
        bad.len(),
        bad.iter().take(8).cloned().collect::<Vec<_>>().join("\n")
    );
}
