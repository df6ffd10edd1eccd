//! ROPs that stand in for RayTK operators ropkit lacked: the material
//! layers (sky light, shadow, occlusion, surface colour, background,
//! reflection, refraction, hologram) and shadingProperty, the patterns (wave Greek frieze, ring
//! interference, hexagonal weave, snub quadrille), the shapes (petal,
//! logarithmic spiral, polytope, lambdabulb, aexion, Kleinian group, sphere
//! noise), axisLight and providePosition. Each check samples the GPU and
//! compares with a reference written here: the operator's formula in Rust,
//! a brute-force search, or a symmetry. Each says which in a comment.

use crate::catalog::an::{self, V3};
use crate::catalog::*;
use crate::common::*;
use crate::parity::{expect_vec, norm3, smoothstep};
use std::f64::consts::{PI, TAU};

// ---------------------------------------------------------------------------
// Helpers

fn fract(x: f64) -> f64 {
    x - x.floor()
}

/// A custom node that evaluates the layer wired to it at a unit-sphere point
/// n = normalize(p), seen along -z from n + (0, 0, 4), lit from the
/// direction (0.3, 0.8, 0.5) by a light of colour (1, 0.9, 0.8), shadow
/// 0.75, ao 0.5 and ambient 0.2. `body` ends the function (it has `n` and
/// the context `m`); `libs` adds lines to the custom definition.
fn layer_probe(layer: &str, extra: &str, body: &str, libs: &str) -> String {
    format!(
        "  /s:
    rop: custom
    custom:
      coordTypes: [vec3]
      returnTypes: [vec4]
      contextTypes: [Context]
{libs}      inputs:
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
          {body}
        }}
    inputs: [/layer]
  /layer: {layer}
{extra}  /out: {{ rop: probeColor3, inputs: [/s] }}\n"
    )
}

const PLAIN: &str = "return inputOp1(n, m);";
const SHADOW: f64 = 0.75;
const AO: f64 = 0.5;

/// The unit normal a layer probe shades at point p.
fn normal_at(p: &[f32; 3]) -> V3 {
    norm3(v3(p))
}

/// A fully saturated, fully bright colour of hue h (0..1 round the wheel).
fn hue(h: f64) -> [f64; 3] {
    [0.0, 2.0 / 3.0, 1.0 / 3.0].map(|o| ((fract(h + o) * 6.0 - 3.0).abs() - 1.0).clamp(0.0, 1.0))
}

// ---------------------------------------------------------------------------
// Material layers

#[test]
fn material_layers_follow_raytk_contributions() {
    let Some(gpu) = gpu("material_layers_follow_raytk_contributions") else {
        return;
    };
    let lib = catalog_library();
    // Points on the half of the sphere that faces the viewer (+z).
    let pts: Vec<[f32; 3]> = points3(80, 150, -1.0, 1.0)
        .into_iter()
        .map(|p| [p[0], p[1], p[2].abs() + 0.05])
        .collect();
    let col = [0.2, 0.5, 1.0];

    // formula: sky light, clamp(0.5 + 0.5 n.d) * Level * Color, d the
    // Direction turned 90 degrees about z; emitted, so times the occlusion.
    let node = "{ rop: skyLightLayer, params: { Color: [0.2, 0.5, 1.0], Level: 0.7, Direction: [1, 1, 0], Rotate: [0, 0, 90] } }";
    let out = sample(&gpu, &lib, &layer_probe(node, "", PLAIN, ""), &pts);
    let d = norm3([-1.0, 1.0, 0.0]);
    expect_vec("skyLightLayer", &pts, &out, 3, 2e-4, |p| {
        let level = (0.5 + 0.5 * an::dot3(normal_at(p), d)).clamp(0.0, 1.0) * 0.7;
        [
            col[0] * level * AO,
            col[1] * level * AO,
            col[2] * level * AO,
            1.0,
        ]
    });

    // formula: the shadow level, inverted, times the colour.
    let node = "{ rop: shadowLayer, params: { Color: [0.2, 0.5, 1.0], Invert: true } }";
    let out = sample(&gpu, &lib, &layer_probe(node, "", PLAIN, ""), &pts);
    expect_vec("shadowLayer", &pts, &out, 3, 2e-4, |_| {
        let l = 1.0 - SHADOW;
        [col[0] * l, col[1] * l, col[2] * l, 1.0]
    });

    // formula: the occlusion level times the colour.
    let node = "{ rop: occlusionLayer, params: { Color: [0.2, 0.5, 1.0] } }";
    let out = sample(&gpu, &lib, &layer_probe(node, "", PLAIN, ""), &pts);
    expect_vec("occlusionLayer", &pts, &out, 3, 2e-4, |_| {
        [col[0] * AO, col[1] * AO, col[2] * AO, 1.0]
    });

    // formula: with a Shape, the occlusion measured along the normal (the
    // probe's hit is n itself): occ = Occ + sum of (h - d(n (1 + h))) w over
    // h = 0.01 + 0.03 i, w from Sca shrinking by 0.95, level
    // sqrt(clamp(1 - 3 occ)); the shape is the plane y = -0.5.
    let plane = "  /pl: { rop: plane, params: { Offset: -0.5 } }\n";
    let node = "{ rop: occlusionLayer, params: { Color: [0.5, 1, 1], Steps: 6, Occ: 0.1, Sca: 1.5 }, inputs: { shape: /pl } }";
    let out = sample(&gpu, &lib, &layer_probe(node, plane, PLAIN, ""), &pts);
    expect_within("occlusionLayer with a shape", &pts, &out, 1e-4, |p| {
        let ny = normal_at(p)[1];
        let (mut occ, mut w) = (0.1, 1.5);
        for i in 0..6 {
            let h = 0.01 + 0.03 * i as f64;
            occ += (h - (ny * (1.0 + h) + 0.5)) * w;
            w *= 0.95;
        }
        0.5 * (1.0 - 3.0 * occ).clamp(0.0, 1.0).sqrt()
    });

    // formula: a surface never coloured shows the default colour, emitted.
    let node = "{ rop: surfaceColorLayer, params: { DefaultColor: [0.3, 0.6, 0.9] } }";
    let out = sample(&gpu, &lib, &layer_probe(node, "", PLAIN, ""), &pts);
    expect_vec("surfaceColorLayer", &pts, &out, 3, 2e-4, |_| {
        [0.3 * AO, 0.6 * AO, 0.9 * AO, 1.0]
    });

    // formula: the background read along the normal, times Level, emitted
    // (the background here is the direction itself, 0.5 + 0.5 d).
    let bg = "  /bg:
    rop: custom
    custom:
      coordTypes: [vec3]
      returnTypes: [vec4]
      contextTypes: [Context]
      function: |
        ReturnT thismap(CoordT p, ContextT ctx) { return vec4(0.5 + 0.5 * p, 1.0); }
";
    let node = "{ rop: backgroundLayer, params: { Level: 1.5 }, inputs: { background: /bg } }";
    let out = sample(&gpu, &lib, &layer_probe(node, bg, PLAIN, ""), &pts);
    expect_vec("backgroundLayer", &pts, &out, 3, 2e-4, |p| {
        let n = normal_at(p);
        let c = n.map(|x| 1.5 * AO * (0.5 + 0.5 * x));
        [c[0], c[1], c[2], 1.0]
    });

    // formula: the reflected share Level * ((1 - F) + F (1 - n.v)) * Tint,
    // added to the surface of the layer's material (the view is +z).
    let body = "ropkitClearSurface();
          ropkitLayerMaterial = 0;
          vec4 c = inputOp1(n, m);
          return vec4(ropkitSurface.reflection, c.r);";
    let libs = "      libraries: [surface]\n";
    let node = "{ rop: reflectLayer, params: { Level: 0.8, Fresnel: 0.6, Tint: [1, 0.5, 0.25] } }";
    let out = sample(&gpu, &lib, &layer_probe(node, "", body, libs), &pts);
    expect_vec("reflectLayer", &pts, &out, 4, 2e-4, |p| {
        let facing = (1.0 - normal_at(p)[2]).clamp(0.0, 1.0);
        let s = 0.8 * ((1.0 - 0.6) + 0.6 * facing);
        [s, 0.5 * s, 0.25 * s, 0.0]
    });

    // formula: the transmitted share Level * Tint, the index and the
    // absorption, added to the surface.
    let body = "ropkitClearSurface();
          ropkitLayerMaterial = 0;
          vec4 c = inputOp1(n, m);
          return vec4(ropkitSurface.transmission.xy, ropkitSurface.ior, ropkitSurface.absorption.z);";
    let node = "{ rop: refractLayer, params: { Level: 0.7, Ior: 1.33, Tint: [1, 0.5, 0.25], Absorption: [0, 0, 2] } }";
    let out = sample(&gpu, &lib, &layer_probe(node, "", body, libs), &pts);
    expect_vec("refractLayer", &pts, &out, 4, 2e-4, |_| {
        [0.7, 0.35, 0.33, 2.0]
    });

    // formula: the hologram, the mean over the steps along the view ray of
    // the hue level / 10 + Phase, the level growing by |sum of sines|.
    let node = "{ rop: hologramLayer, params: { Iterations: 7, StepDistance: 0.3, Period: [0.2, 0.3, 0.5], Phase: 0.25 } }";
    let out = sample(&gpu, &lib, &layer_probe(node, "", PLAIN, ""), &pts);
    expect_vec("hologramLayer", &pts, &out, 3, 1e-3, |p| {
        let n = normal_at(p);
        let origin = [n[0], n[1], n[2] + 4.0];
        let period = [0.2, 0.3, 0.5];
        let mut level = 1.0;
        let mut sum = [0.0; 3];
        for i in 0..7 {
            let q = [origin[0], origin[1], origin[2] - 0.3 * i as f64];
            level += (0..3).map(|k| (q[k] / period[k]).sin()).sum::<f64>().abs();
            for (s, h) in sum.iter_mut().zip(hue(level / 10.0 + 0.25)) {
                *s += h;
            }
        }
        [sum[0] / 7.0 * AO, sum[1] / 7.0 * AO, sum[2] / 7.0 * AO, 1.0]
    });

    // formula: shadingProperty's half-angle vector normalize(l + v) and
    // n.l (in every part), with l towards the light and v towards the eye.
    let l = norm3([0.3, 0.8, 0.5]);
    let h = norm3([l[0], l[1], l[2] + 1.0]);
    let node = "{ rop: shadingProperty, params: { Property: halfangle } }";
    let out = sample(&gpu, &lib, &layer_probe(node, "", PLAIN, ""), &pts);
    expect_vec("shadingProperty halfangle", &pts, &out, 4, 1e-4, |_| {
        [h[0], h[1], h[2], 0.0]
    });
    let node = "{ rop: shadingProperty, params: { Property: ndotl } }";
    let out = sample(&gpu, &lib, &layer_probe(node, "", PLAIN, ""), &pts);
    expect_vec("shadingProperty ndotl", &pts, &out, 4, 1e-4, |p| {
        [an::dot3(normal_at(p), l); 4]
    });

    // formula: with a colour field, the mean of its colours at the steps,
    // each step's share of the steps provided as the variable normstep.
    let field = "  /v: { rop: variableReference, params: { Name: normstep, Type: float } }
  /cf:
    rop: custom
    custom:
      coordTypes: [vec3]
      returnTypes: [vec4]
      contextTypes: [MaterialContext]
      inputs:
        - { name: v, coordTypes: [vec3], returnTypes: [float], contextTypes: [MaterialContext], required: true }
      function: |
        ReturnT thismap(CoordT p, ContextT ctx) { float s = inputOp1(p, ctx); return vec4(s * s, p.z, 1.0 - s, 1.0); }
    inputs: [/v]
";
    let node = "{ rop: hologramLayer, params: { Iterations: 5, StepDistance: 0.5 }, inputs: { colorField: /cf } }";
    let out = sample(&gpu, &lib, &layer_probe(node, field, PLAIN, ""), &pts);
    expect_vec("hologramLayer colour field", &pts, &out, 3, 1e-4, |p| {
        let z0 = normal_at(p)[2] + 4.0;
        let mut sum = [0.0; 3];
        for i in 0..5 {
            let s = i as f64 / 4.0;
            for (t, c) in sum.iter_mut().zip([s * s, z0 - 0.5 * i as f64, 1.0 - s]) {
                *t += c;
            }
        }
        [sum[0] / 5.0 * AO, sum[1] / 5.0 * AO, sum[2] / 5.0 * AO, 1.0]
    });
}

// ---------------------------------------------------------------------------
// Patterns

/// The snub quadrille's four lifted colours, coded as r + 2 g + 4 b.
fn snub_code(c: [f64; 3]) -> f64 {
    let l = c.map(|x| 0.25 + 0.75 * x);
    l[0] + 2.0 * l[1] + 4.0 * l[2]
}

#[test]
fn patterns_follow_raytk_formulas() {
    let Some(gpu) = gpu("patterns_follow_raytk_formulas") else {
        return;
    };
    let lib = catalog_library();
    let pts = points2(11, 200, -3.0, 3.0);
    let float2 =
        |node: &str, pts: &[[f32; 3]]| sample(&gpu, &lib, &probe("probeFloat2", node, ""), pts);

    // formula: the wave Greek frieze, smoothstep(-b, b, dir(a) . u) in the
    // unit tile, a = 8 TAU Twist max(0, 0.5 - |u|), dir(a) = (cos(a - 33), cos a).
    let out = float2(
        "{ rop: waveGreekFriezePattern, params: { Size: [0.7, 0.9], Translate: [0.3, -0.2], Twist: 0.3, Blending: 0.1 } }",
        &pts,
    );
    expect_within("waveGreekFriezePattern", &pts, &out, 1e-3, |p| {
        let q = [(p[0] as f64 - 0.3) / 0.7, (p[1] as f64 + 0.2) / 0.9];
        let u = [fract(q[0]) - 0.5, fract(q[1]) - 0.5];
        let a = 8.0 * TAU * 0.3 * (0.5 - an::len2(u)).max(0.0);
        let v = (a - 33.0).cos() * u[0] + a.cos() * u[1];
        smoothstep(-0.05, 0.05, v)
    });

    // formula: the ring interference |cos(phi) - cos((r - Phase 90 TAU) / 10)|
    // of the point moved, divided by Size and scaled by 50.
    let out = float2(
        "{ rop: ringInterferencePattern, params: { Center: [0.2, -0.1], Size: [1.5, 1.2], Phase: 0.01 } }",
        &pts,
    );
    expect_within("ringInterferencePattern", &pts, &out, 1e-3, |p| {
        let q = [
            50.0 * (p[0] as f64 - 0.2) / 1.5,
            50.0 * (p[1] as f64 + 0.1) / 1.2,
        ];
        let r = an::len2(q);
        let phi = q[1].atan2(q[0]);
        (phi.cos() - ((r - 0.01 * 90.0 * TAU) / 10.0).cos()).abs()
    });

    // brute force: the hexagonal weave; the hexagon is the nearest centre
    // of the lattice (1.5 i, sqrt(3) / 2 j), i + j even, found by search,
    // the discs the nearest of the corners at 60, 180, 300 degrees (front)
    // and 0, 120, 240 (back).
    let out = float2(
        "{ rop: hexWeavePattern, params: { Size: [0.6, 0.5], Translate: [0.1, 0.2], Thickness: 0.3 } }",
        &pts,
    );
    let s3 = 3f64.sqrt();
    expect_within("hexWeavePattern", &pts, &out, 1e-3, |p| {
        let q = [(p[0] as f64 - 0.1) / 0.6, (p[1] as f64 - 0.2) / 0.5];
        let (i0, j0) = (
            (q[0] / 1.5).round() as i64,
            (q[1] / s3 * 2.0).round() as i64,
        );
        let mut best = (f64::MAX, [0.0, 0.0]);
        for i in i0 - 3..=i0 + 3 {
            for j in j0 - 3..=j0 + 3 {
                if (i + j).rem_euclid(2) != 0 {
                    continue;
                }
                let c = [1.5 * i as f64, s3 / 2.0 * j as f64];
                let d = (q[0] - c[0]).powi(2) + (q[1] - c[1]).powi(2);
                if d < best.0 {
                    best = (d, c);
                }
            }
        }
        let h = [q[0] - best.1[0], q[1] - best.1[1]];
        let radius = 0.85 + (0.49 - 0.85) * 0.3;
        let discs = |start: f64| {
            (0..3)
                .map(|k| {
                    let a = start + k as f64 * TAU / 3.0;
                    an::len2([h[0] - a.cos(), h[1] - a.sin()])
                })
                .fold(f64::MAX, f64::min)
                - radius
        };
        let (front, back) = (discs(PI / 3.0), discs(0.0));
        let m = smoothstep(-0.05, 0.05, front);
        let (bx, by) = (smoothstep(0.0, 0.05, front), smoothstep(0.0, 0.05, back));
        0.5 * by + (bx - 0.5 * by) * m
    });

    // symmetry and area: the snub quadrille repeats every 2 Size along x
    // and y, shows only its four lifted colours (no outline), and its
    // squares (colours 1 and 2) cover 1 / (1 + sqrt(3) / 2) of the plane,
    // the regular snub square tiling's share.
    let code = "  /w:
    rop: custom
    custom:
      coordTypes: [vec2]
      returnTypes: [vec4]
      contextTypes: [Context]
      inputs:
        - { name: a, coordTypes: [vec2], returnTypes: [vec4], required: true }
      function: |
        ReturnT thismap(CoordT p, ContextT ctx) { vec4 c = inputOp1(p, ctx); return vec4(c.r + 2.0 * c.g + 4.0 * c.b); }
    inputs: [/s]
";
    let snub = "{ rop: snubQuadrilePattern, params: { Size: 0.5, EnableOutline: false, PolyColor1: [1, 0, 0], PolyColor2: [0, 1, 0], PolyColor3: [0, 0, 1], PolyColor4: [1, 1, 0] } }";
    let net = format!("  /s: {snub}\n{code}  /out: {{ rop: probeColor2, inputs: [/w] }}\n");
    let many = points2(21, 400, -3.0, 3.0);
    // The points, then the same points moved by one period, in one sampling.
    let both: Vec<[f32; 3]> = many
        .iter()
        .copied()
        .chain(many.iter().map(|p| [p[0] + 1.0, p[1] - 1.0, 0.0]))
        .collect();
    let all = sample(&gpu, &lib, &net, &both);
    let (out, out_shifted) = all.split_at(many.len());
    let codes = [
        snub_code([1.0, 0.0, 0.0]),
        snub_code([0.0, 1.0, 0.0]),
        snub_code([0.0, 0.0, 1.0]),
        snub_code([1.0, 1.0, 0.0]),
    ];
    let mut squares = 0;
    for (k, (a, b)) in out.iter().zip(out_shifted).enumerate() {
        let v = a[0] as f64;
        assert!(
            codes.iter().any(|c| (c - v).abs() < 1e-4),
            "snubQuadrilePattern at {:?}: {v} is none of the tile colours",
            many[k]
        );
        assert!(
            (v - b[0] as f64).abs() < 1e-4,
            "snubQuadrilePattern does not repeat at {:?}",
            many[k]
        );
        if (v - codes[0]).abs() < 1e-4 || (v - codes[1]).abs() < 1e-4 {
            squares += 1;
        }
    }
    let share = squares as f64 / many.len() as f64;
    let want = 1.0 / (1.0 + 3f64.sqrt() / 2.0);
    assert!(
        (share - want).abs() < 0.08,
        "snubQuadrilePattern squares cover {share}, want about {want}"
    );
}

// ---------------------------------------------------------------------------
// Shapes

/// The larger of a and b, rounded over k by the quadratic blend.
fn smax(a: f64, b: f64, k: f64) -> f64 {
    if k <= 0.0 {
        return a.max(b);
    }
    let h = (k - (a - b).abs()).max(0.0) / k;
    a.max(b) + 0.25 * h * h * k
}

/// A point turned about the origin in one plane: (a, b) -> (c a + s b, -s a + c b).
fn turn(a: f64, b: f64, angle: f64) -> (f64, f64) {
    let (s, c) = angle.sin_cos();
    (c * a + s * b, -s * a + c * b)
}

fn petal_d(p: V3) -> f64 {
    let (th, width, wrap, radius) = (0.3, 0.8, 1.1, 1.2);
    let (x, z) = turn(p[0], p[2], 30f64.to_radians());
    let shell = 0.16 * th;
    let n = norm3([1.0, 0.0, width]);
    let mut d = (-(x * n[0] + z * n[2])).max(x * n[0] - z * n[2]);
    let reach = ((PI / 1.2 + (PI / 2.0 - PI / 1.2) * (radius / 2.9f64).powi(2)) * wrap).max(0.0);
    let (y, z) = turn(p[1], z, PI / 2.0 - reach);
    d = smax(d, y, th);
    smax(d, (an::len3([x, y, z]) - radius).abs() - th * shell, shell)
}

fn log_spiral_d(p: V3, axis: char, branches: f64, bend: f64, twist: f64, e: f64, th: f64) -> f64 {
    let q = match axis {
        'x' => [p[1], p[2], p[0]],
        'y' => [p[2], p[0], p[1]],
        _ => p,
    };
    let r = an::len2([q[0], q[1]]);
    let (lr, la) = (r.ln() / TAU, q[1].atan2(q[0]) / TAU);
    let across = (fract(la * branches - lr * bend) - 0.5) * TAU * r / an::len2([branches, bend]);
    let (a, b) = turn(across, q[2], twist * lr);
    0.9 * ((a.abs().powf(e) + b.abs().powf(e)).powf(1.0 / e) - th * r)
}

fn dot4(a: [f64; 4], b: [f64; 4]) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3]
}

fn norm4(a: [f64; 4]) -> [f64; 4] {
    let l = dot4(a, a).sqrt();
    a.map(|x| x / l)
}

/// The 4D polytope: the point lifted onto the 3-sphere by inverse
/// stereographic projection, folded by the mirrors of the group, measured to
/// the edges and the corner on the sphere and brought back.
fn polytope_d(
    p: V3,
    kind: u32,
    uvw: [f64; 3],
    edges: Option<f64>,
    corner_size: Option<f64>,
) -> f64 {
    let k = kind as f64;
    let ca = (PI / k).cos();
    let sc = (2.0 / 3.0 - ca * ca).sqrt();
    let r3 = 3f64.sqrt();
    let mc = [0.0, -0.5, 0.5 * r3, 0.0];
    let md = [-ca, -0.5, -0.5 / r3, sc];
    let verts = [
        [0.0, 0.0, 0.0, 1.0],
        [0.5 * r3 * sc, 0.0, 0.0, 0.5 * r3 * ca],
        [0.0, 0.5 * r3 * sc, 0.5 * sc, 1.0 / r3].map(|x| x / (PI / k).sin()),
        [0.0, 0.0, 2.0 * sc, 1.0 / r3].map(|x| x / (3.0 - 4.0 * ca * ca).sqrt()),
    ];
    let w = [uvw[0], uvw[1], uvw[2], 0.01];
    let corner = norm4([0, 1, 2, 3].map(|i| (0..4).map(|j| w[j] * verts[j][i]).sum::<f64>()));
    let q = [p[2], p[1], p[0]];
    let r = an::len3(q);
    let s = 1.0 + r * r;
    let mut z = [
        2.0 * q[0] / s,
        2.0 * q[1] / s,
        2.0 * q[2] / s,
        (1.0 - r * r) / s,
    ];
    let rounds = match kind {
        3 => 3,
        4 => 8,
        _ => 15,
    };
    for _ in 0..rounds {
        z[0] = z[0].abs();
        z[1] = z[1].abs();
        for m in [mc, md] {
            let t = -2.0 * dot4(z, m).min(0.0);
            z = [0, 1, 2, 3].map(|i| z[i] + t * m[i]);
        }
    }
    let to_space = |ca: f64, sa: f64| {
        r - (2.0 * r * ca - (1.0 - r * r) * sa) / ((1.0 - r * r) * ca + 2.0 * r * sa + 1.0 + r * r)
    };
    let to = |t: [f64; 4]| {
        let (a, b) = (
            [0, 1, 2, 3].map(|i| t[i] - z[i]),
            [0, 1, 2, 3].map(|i| t[i] + z[i]),
        );
        to_space(dot4(z, t), 0.5 * dot4(a, a).sqrt() * dot4(b, b).sqrt())
    };
    let edge = |n: [f64; 4]| {
        let (zn, zc, nc) = (dot4(z, n), dot4(z, corner), dot4(n, corner));
        to(norm4([0, 1, 2, 3].map(|i| {
            (zc - zn * nc) * corner[i] + (zn - zc * nc).min(0.0) * n[i]
        })))
    };
    let mut d = f64::MAX;
    if let Some(size) = edges {
        d = edge([1.0, 0.0, 0.0, 0.0])
            .min(edge([0.0, 1.0, 0.0, 0.0]))
            .min(edge(mc))
            .min(edge(md))
            - 0.5 * size;
    }
    if let Some(size) = corner_size {
        d = d.min(to(corner) - size);
    }
    d
}

/// The lambdabulb's estimate and the step at which |z| passed 2 (the
/// iteration count when it never did).
fn lambdabulb_d(p: V3) -> (f64, usize) {
    let (power, c) = (4.0, [1.035, -0.317, 0.013]);
    let cr = an::len3(c);
    let (caz, cel) = (c[1].atan2(c[0]), (c[2] / cr).asin());
    let mut z = p;
    let mut r = an::len3(z);
    let mut dz = 1.0;
    for i in 0..10 {
        dz = power * r.powf(0.5 * (power - 1.0)) * dz + 2.0;
        let az = z[1].atan2(z[0]) * power;
        let polar = (z[2] / r).clamp(-1.0, 1.0).acos() * power + 1.815142;
        let rp = r.powf(power);
        let v = [
            z[0] - rp * polar.sin() * az.cos(),
            z[1] - rp * polar.sin() * az.sin(),
            z[2] - rp * polar.cos(),
        ];
        let vr = an::len3(v);
        let (vaz, vel) = (
            v[1].atan2(v[0]) + caz,
            (v[2] / vr).clamp(-1.0, 1.0).asin() + cel,
        );
        z = [
            cr * vr * vaz.cos() * vel.cos(),
            cr * vr * vaz.sin() * vel.cos(),
            cr * vr * vel.sin(),
        ];
        r = an::len3(z);
        if r > 2.0 {
            return (0.5 * r.ln() * r.sqrt() / dz, i);
        }
    }
    (0.5 * r.ln() * r.sqrt() / dz, 10)
}

fn aexion_d(p: V3, iterations: usize) -> f64 {
    let planes = [
        p[0] + p[1] + p[2],
        -p[0] - p[1] + p[2],
        -p[0] + p[1] - p[2],
        p[0] - p[1] - p[2],
    ]
    .map(|x| (x - 4.0).abs());
    let mut v = [0.0f64; 4];
    let mut v2 = 0.0;
    let mut scale = 2.0;
    for _ in 0..iterations {
        v = v.map(|x| 2.0 * x.clamp(-1.0, 1.0) - x);
        v2 = dot4(v, v);
        let k = 4.0 * (0.25 / v2.max(1e-12)).max(0.25).clamp(0.0, 1.0);
        v = [0, 1, 2, 3].map(|j| 2.0 * v[j] * k + planes[j]);
        scale *= 0.5 / k;
        if v2 > 3600.0 {
            break;
        }
    }
    v2.sqrt() * scale
}

/// The Kleinian group's estimate, step by step as the operator describes it.
fn kleinian_d(
    p: V3,
    a: f64,
    b: f64,
    bx: [f64; 2],
    scale: f64,
    invert: bool,
    iterations: usize,
) -> f64 {
    let side = if b > 0.0 {
        1.0
    } else if b < 0.0 {
        -1.0
    } else {
        0.0
    };
    let sign = |x: f64| {
        if x > 0.0 {
            1.0
        } else if x < 0.0 {
            -1.0
        } else {
            0.0
        }
    };
    let mut q = [p[0] / scale + 0.9, p[1] / scale + 0.8, p[2] / scale];
    let mut last = q.map(|x| x + 1.0);
    let mut before = q.map(|x| x - 1.0);
    let (centre, radius) = ([1.0, 0.96, 0.0], 0.8);
    let (mut r, mut r2) = (0.0, 0.0);
    if invert {
        let rel = an::sub3(q, centre);
        r = an::len3(rel);
        r2 = r * r;
        q = [0, 1, 2].map(|i| rel[i] * radius * radius / r2 + centre[i]);
    }
    let mut dscale = 1.0;
    for _ in 0..iterations {
        q[0] += b / a * q[1];
        for (k, j) in [(0, 0), (2, 1)] {
            let size = 2.0 * bx[j];
            q[k] -= size * ((q[k] + bx[j]) / size).floor();
        }
        q[0] -= b / a * q[1];
        let x = q[0] + 0.5 * b;
        let line = 0.5 * a
            + side * (2.0 * a - 1.95) / 4.0
                * sign(x)
                * (1.0 - (-(7.2 - (1.95 - a) * 15.0) * x.abs()).exp());
        if q[1] >= line {
            q = [-b - q[0], a - q[1], -q[2]];
        }
        let inv = 1.0 / an::dot3(q, q);
        q = q.map(|c| -c * inv);
        q[0] = -b - q[0];
        q[1] += a;
        dscale *= inv;
        let back = an::sub3(q, before);
        if an::dot3(back, back) < 1e-4 {
            break;
        }
        before = last;
        last = q;
    }
    let mut d = q[1].min(a - q[1]).min(0.3) / dscale.max(2.0);
    if invert {
        d = d * r2 / (radius + r * d);
    }
    d * scale
}

#[test]
fn shapes_follow_raytk_formulas() {
    let Some(gpu) = gpu("shapes_follow_raytk_formulas") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(5, 200, -2.0, 2.0);
    let d3 = |node: &str, pts: &[[f32; 3]]| sample(&gpu, &lib, &sdf3(node, ""), pts);

    // formula: the petal, a sphere shell cut by a wedge and a tipped plane
    // with quadratic smooth maxima; and the cuts keep it 1-Lipschitz.
    let petal = "{ rop: petal, params: { Thickness: 0.3, Width: 0.8, Wrap: 1.1, Radius: 1.2, Rotate: 30 } }";
    let out = d3(petal, &pts);
    expect_within("petal", &pts, &out, 1e-4, |p| petal_d(v3(p)));
    let pairs = point_pairs(6, 100, -2.0, 2.0, 0.05);
    let out = d3(petal, &pairs);
    expect_lipschitz("petal", &pairs, &out);

    // formula: the logarithmic spiral's superquadric cross-section, about
    // y, and about x with a twist.
    let out = d3(
        "{ rop: logSpiral, params: { Axis: y, Branches: 3, Bend: 1.2, Exponent: 2.5, Thickness: 0.15 } }",
        &pts,
    );
    expect_within("logSpiral", &pts, &out, 1e-3, |p| {
        log_spiral_d(v3(p), 'y', 3.0, 1.2, 0.0, 2.5, 0.15)
    });
    let out = d3(
        "{ rop: logSpiral, params: { Axis: x, Branches: 2, Bend: -0.7, Twist: 3.0, Exponent: 2, Thickness: 0.1 } }",
        &pts,
    );
    expect_within("logSpiral twisted", &pts, &out, 1e-3, |p| {
        log_spiral_d(v3(p), 'x', 2.0, -0.7, 3.0, 2.0, 0.1)
    });

    // formula: the polytopes of the three groups, edges and corners, and
    // corners alone.
    let out = d3("{ rop: polytope }", &pts);
    expect_within("polytope", &pts, &out, 1e-3, |p| {
        polytope_d(v3(p), 4, [1.0, 0.0, 0.0], Some(0.05), Some(0.06))
    });
    let out = d3(
        "{ rop: polytope, params: { Type: 5, U: 0.3, V: 0.8, W: 0.2, SegmentSize: 0.1, VertexSize: 0.02 } }",
        &pts,
    );
    expect_within("polytope 5", &pts, &out, 1e-3, |p| {
        polytope_d(v3(p), 5, [0.3, 0.8, 0.2], Some(0.1), Some(0.02))
    });
    let out = d3(
        "{ rop: polytope, params: { Type: 3, U: 0.5, V: 0.5, W: 0.5, EnableSegments: false } }",
        &pts,
    );
    expect_within("polytope 3 corners", &pts, &out, 1e-3, |p| {
        polytope_d(v3(p), 3, [0.5, 0.5, 0.5], None, Some(0.06))
    });

    // formula: the lambdabulb, at points that leave within three steps (a
    // chaotic map: further in, f32 and f64 orbits part).
    let escaping: Vec<[f32; 3]> = points3(9, 400, -2.5, 2.5)
        .into_iter()
        .filter(|p| lambdabulb_d(v3(p)).1 <= 2)
        .take(150)
        .collect();
    assert!(escaping.len() > 100);
    let out = d3("{ rop: lambdabulb }", &escaping);
    expect_within("lambdabulb", &escaping, &out, 1e-3, |p| {
        lambdabulb_d(v3(p)).0
    });

    // formula: aexion's 4D folds.
    let wide = points3(13, 150, -3.0, 3.0);
    let out = d3("{ rop: aexion, params: { Iterations: 12 } }", &wide);
    expect_within("aexion", &wide, &out, 1e-3, |p| aexion_d(v3(p), 12));

    // formula: the Kleinian group, inverted in its sphere and not, over a
    // few steps (its orbits are chaotic too).
    let near = points3(17, 150, -1.5, 1.5);
    let out = d3("{ rop: kleinianGroup, params: { Iterations: 3 } }", &near);
    expect_within("kleinianGroup", &near, &out, 1e-3, |p| {
        kleinian_d(v3(p), 1.95, 0.04, [1.0, 1.0], 1.0, true, 3)
    });
    let out = d3(
        "{ rop: kleinianGroup, params: { Iterations: 2, SphereInversion: false, KleinR: 1.8, KleinI: -0.1, BoxSize: [1.2, 0.8], Scale: 0.7 } }",
        &near,
    );
    expect_within("kleinianGroup slab", &near, &out, 1e-3, |p| {
        kleinian_d(v3(p), 1.8, -0.1, [1.2, 0.8], 0.7, false, 2)
    });

    // symmetry: sphereNoise moved by Translate is the same field moved; at a
    // lattice point the ball there reaches it (d <= 0), and no blend takes
    // it below its largest ball less three blends.
    let out = d3(
        "{ rop: sphereNoise, params: { Translate: [0.37, -1.2, 2.5] } }",
        &wide,
    );
    let lattice: Vec<[f32; 3]> = (-2..3)
        .flat_map(|i| {
            (-2..2).flat_map(move |j| (0..3).map(move |k| [i as f32, j as f32, k as f32]))
        })
        .collect();
    // The points moved back, then the lattice points, in one sampling.
    let back: Vec<[f32; 3]> = wide
        .iter()
        .map(|p| [p[0] - 0.37, p[1] + 1.2, p[2] - 2.5])
        .chain(lattice.iter().copied())
        .collect();
    let all = d3("{ rop: sphereNoise }", &back);
    let (out_back, out_lattice) = all.split_at(wide.len());
    for (k, (a, b)) in out.iter().zip(out_back).enumerate() {
        assert!(
            (a[0] - b[0]).abs() < 1e-4,
            "sphereNoise moved at {:?}: {} vs {}",
            wide[k],
            a[0],
            b[0]
        );
    }
    for (p, d) in lattice.iter().zip(out_lattice) {
        assert!(
            d[0] <= 1e-6 && (d[0] as f64) >= -0.75 - 3.0 * 0.075 - 1e-4,
            "sphereNoise at lattice point {p:?}: {}",
            d[0]
        );
    }
}

// ---------------------------------------------------------------------------
// Light and utility

#[test]
fn axis_light_and_provide_position_follow_raytk() {
    let Some(gpu) = gpu("axis_light_and_provide_position_follow_raytk") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(23, 150, -4.0, 4.0);

    // formula: axisLight fades with the distance from its line (along z
    // through (0.5, 1)), full within the start, gone past the end.
    let node = "{ rop: axisLight, params: { Position: [0.5, 1, -0.5], Axis: z, Color: [1, 0.5, 0.25], Intensity: 2, Attenuated: true, AttenuationStart: 1, AttenuationEnd: 4 } }";
    let out = sample(&gpu, &lib, &probe("probeLight", node, ""), &pts);
    expect_vec("axisLight attenuation", &pts, &out, 3, 1e-4, |p| {
        let d = an::len2([p[0] as f64 - 0.5, p[1] as f64 - 1.0]);
        let f = 1.0 - smoothstep(1.0, 4.0, d);
        [2.0 * f, f, 0.5 * f, 0.0]
    });

    // formula: a reference inside a transform still reads the point the
    // provider was called with (its x here).
    let extra = "  /ref: { rop: variableReference, params: { Name: pos, Type: vec3 } }
  /m: { rop: transform, params: { Translate: [3, -2, 1] }, inputs: [/ref] }
";
    let out = sample(
        &gpu,
        &lib,
        &probe(
            "probeFloat3",
            "{ rop: providePosition, inputs: [/m] }",
            extra,
        ),
        &pts,
    );
    expect_within("providePosition", &pts, &out, 1e-5, |p| p[0] as f64);
}
