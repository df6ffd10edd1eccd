//! The sixth part of the catalog: the operators RayTK users missed most
//! (field arithmetic and conversion, rescaling, SDF colouring, the surface
//! normal, folds, surface colours, tri-planar textures, three materials)
//! and the small modes and field-driven parameters that brought existing
//! ROPs closer to RayTK's. Each check samples the GPU and compares with a
//! reference written here: the ROP's formula in Rust, a brute-force
//! classification, or a symmetry. Each says which in a comment.

use crate::catalog::an::{self, V3};
use crate::catalog::*;
use crate::catalog_b::Image;
use crate::common::*;
use ropkit::build::build;
use ropkit::generate::Mode;
use ropkit::library::Library;
use ropkit::network::Network;
use ropkit::render::{Gpu, Renderer};
use std::f64::consts::PI;
use std::path::Path;

// ---------------------------------------------------------------------------
// Helpers

/// Every sampled vector equals `want` in its first `n` channels.
fn expect_vec(
    what: &str,
    pts: &[[f32; 3]],
    got: &[[f32; 4]],
    n: usize,
    tol: f64,
    want: impl Fn(V3) -> [f64; 4],
) {
    let bad: Vec<String> = pts
        .iter()
        .zip(got)
        .filter_map(|(p, g)| {
            let w = want(v3(p));
            (0..n)
                .any(|i| !close(g[i] as f64, w[i], tol))
                .then(|| format!("  at {p:?}: got {g:?}, want {w:?}"))
        })
        .collect();
    assert!(
        bad.is_empty(),
        "{what}: {} of {} points differ:\n{}",
        bad.len(),
        pts.len(),
        bad.iter().take(8).cloned().collect::<Vec<_>>().join("\n")
    );
}

fn norm3(a: V3) -> V3 {
    let l = an::len3(a);
    [a[0] / l, a[1] / l, a[2] / l]
}

fn dot3(a: V3, b: V3) -> f64 {
    an::dot3(a, b)
}

/// The fields most checks combine: a(p) = 1.3 x, b(p) = y + 0.5, c(p) = z,
/// and the position as a vec4 (x, y, z, 1).
const FIELDS: &str = "  /a: { rop: position, params: { Component: x, Scale: 1.3 } }
  /b: { rop: position, params: { Component: y, Offset: [0, -0.5, 0] } }
  /c: { rop: position, params: { Component: z } }
  /pos: { rop: position }
  /v: { rop: reorderField, inputs: [/pos] }
";

fn fa(p: V3) -> f64 {
    1.3 * p[0]
}
fn fb(p: V3) -> f64 {
    p[1] + 0.5
}

// ---------------------------------------------------------------------------
// Field arithmetic and conversion

/// math's average and Swap (RayTK's combineFields) and addFields, against
/// their formulas: (a + b) / 2; with Swap, b - a, b / a and b^a, and Value
/// standing in for the missing operand on the other side; the sum of up to
/// eight fields, a float added to every component of a vector sum.
#[test]
fn combine_fields_average_swap_and_add_fields_match_their_formulas() {
    let Some(gpu) = gpu("combine_fields_average_swap_and_add_fields_match_their_formulas") else {
        return;
    };
    let lib = catalog_library();
    // Away from a = 0 (the divisions) and with positive bases for powers.
    let pts: Vec<[f32; 3]> = points3(601, 200, -2.0, 2.0)
        .into_iter()
        .filter(|p| (p[0] as f64).abs() > 0.1)
        .collect();
    type F = Box<dyn Fn(V3) -> f64>;
    let cases: Vec<(&str, F)> = vec![
        (
            "{ rop: math, params: { Operation: average }, inputs: [/a, /b] }",
            Box::new(|p| 0.5 * (fa(p) + fb(p))),
        ),
        (
            "{ rop: math, params: { Operation: subtract, Swap: true }, inputs: [/a, /b] }",
            Box::new(|p| fb(p) - fa(p)),
        ),
        (
            "{ rop: math, params: { Operation: divide, Swap: true }, inputs: [/a, /b] }",
            Box::new(|p| fb(p) / fa(p)),
        ),
        (
            "{ rop: math, params: { Operation: subtract, Swap: true, Value: 0.75 }, inputs: [/a] }",
            Box::new(|p| 0.75 - fa(p)),
        ),
        (
            "{ rop: math, params: { Operation: power, Swap: true, Value: 1.7 }, inputs: [/b] }",
            Box::new(|p| 1.7f64.powf(fb(p))),
        ),
        (
            "{ rop: math, params: { Operation: subtract }, inputs: [/a, /b] }",
            Box::new(|p| fa(p) - fb(p)),
        ),
        (
            "{ rop: addFields, inputs: [/a, /b, /c] }",
            Box::new(|p| fa(p) + fb(p) + p[2]),
        ),
        (
            "{ rop: addFields, inputs: [/a, /b, /c, /a, /b, /c, /a, /b] }",
            Box::new(|p| 3.0 * fa(p) + 3.0 * fb(p) + 2.0 * p[2]),
        ),
    ];
    for (node, want) in cases {
        let out = sample(&gpu, &lib, &probe("probeFloat3", node, FIELDS), &pts);
        expect_within(node, &pts, &out, 2e-4, |p| want(v3(p)));
    }
    // formula: a vector sum takes a float into every component.
    let node = "{ rop: addFields, inputs: [/v, /a, /v] }";
    let out = sample(&gpu, &lib, &probe("probeColor3", node, FIELDS), &pts);
    expect_vec(node, &pts, &out, 4, 2e-4, |p| {
        let a = fa(p);
        [2.0 * p[0] + a, 2.0 * p[1] + a, 2.0 * p[2] + a, 2.0 + a]
    });
    // formula: a float sum takes a vector's x.
    let node = "{ rop: addFields, inputs: [/v, /b] }";
    let out = sample(&gpu, &lib, &probe("probeFloat3", node, FIELDS), &pts);
    expect_within(node, &pts, &out, 2e-4, |p| p[0] as f64 + fb(v3(p)));
}

/// floatToVector places its inputs (or 0 or 1) where the menus say, an
/// unconnected input reading 0; vectorToFloat takes a component or a length.
#[test]
fn float_to_vector_and_vector_to_float_move_the_components() {
    let Some(gpu) = gpu("float_to_vector_and_vector_to_float_move_the_components") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(602, 150, -2.0, 2.0);
    let node = "{ rop: floatToVector, params: { SourceX: input2, SourceY: one, SourceZ: input1, SourceW: input3 }, inputs: [/a, /b] }";
    let out = sample(&gpu, &lib, &probe("probeColor3", node, FIELDS), &pts);
    expect_vec(node, &pts, &out, 4, 2e-4, |p| [fb(p), 1.0, fa(p), 0.0]);
    let node = "{ rop: floatToVector, inputs: [/a, /b, /c, /a] }";
    let out = sample(&gpu, &lib, &probe("probeColor3", node, FIELDS), &pts);
    expect_vec(node, &pts, &out, 4, 2e-4, |p| [fa(p), fb(p), p[2], fa(p)]);
    for (part, want) in [
        ("y", Box::new(|p: V3| p[1]) as Box<dyn Fn(V3) -> f64>),
        ("w", Box::new(|_| 1.0)),
        ("lengthXyz", Box::new(an::len3)),
        ("lengthXyzw", Box::new(|p: V3| (dot3(p, p) + 1.0).sqrt())),
    ] {
        let node = format!("{{ rop: vectorToFloat, params: {{ Part: {part} }}, inputs: [/v] }}");
        let out = sample(&gpu, &lib, &probe("probeFloat3", &node, FIELDS), &pts);
        expect_within(&node, &pts, &out, 2e-4, |p| want(v3(p)));
    }
}

/// rescaleField: the linear map from the input range to the output range,
/// per component for a vector, clamped on request, and multiply-add; on an
/// SDF it maps the distance.
#[test]
fn rescale_field_maps_ranges_per_component() {
    let Some(gpu) = gpu("rescale_field_maps_ranges_per_component") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(603, 150, -2.0, 2.0);
    let map = |v: f64, il: f64, ih: f64, ol: f64, oh: f64| ol + (v - il) / (ih - il) * (oh - ol);
    let ranges = "InputLow: [-1, 0, 2, 0], InputHigh: [2, 1, -2, 1], OutputLow: [10, 0, 1, 5], OutputHigh: [4, 2, 3, 5]";
    let node = format!("{{ rop: rescaleField, params: {{ {ranges} }}, inputs: [/a] }}");
    let out = sample(&gpu, &lib, &probe("probeFloat3", &node, FIELDS), &pts);
    expect_within(&node, &pts, &out, 2e-4, |p| {
        map(fa(v3(p)), -1.0, 2.0, 10.0, 4.0)
    });
    let node =
        format!("{{ rop: rescaleField, params: {{ {ranges}, Clamp: true }}, inputs: [/a] }}");
    let out = sample(&gpu, &lib, &probe("probeFloat3", &node, FIELDS), &pts);
    expect_within(&node, &pts, &out, 2e-4, |p| {
        map(fa(v3(p)), -1.0, 2.0, 10.0, 4.0).clamp(4.0, 10.0)
    });
    let node = format!("{{ rop: rescaleField, params: {{ {ranges} }}, inputs: [/v] }}");
    let out = sample(&gpu, &lib, &probe("probeColor3", &node, FIELDS), &pts);
    expect_vec(&node, &pts, &out, 4, 2e-4, |p| {
        [
            map(p[0], -1.0, 2.0, 10.0, 4.0),
            map(p[1], 0.0, 1.0, 0.0, 2.0),
            map(p[2], 2.0, -2.0, 1.0, 3.0),
            5.0,
        ]
    });
    let node = "{ rop: rescaleField, params: { Mode: multiplyAdd, Multiply: [2, -1, 0.5, 3], Add: [0.5, 1, 0, -1] }, inputs: [/v] }";
    let out = sample(&gpu, &lib, &probe("probeColor3", node, FIELDS), &pts);
    expect_vec(node, &pts, &out, 4, 2e-4, |p| {
        [2.0 * p[0] + 0.5, 1.0 - p[1], 0.5 * p[2], 2.0]
    });
    // formula: the distance of a unit sphere, halved and raised by 0.1.
    let node = "{ rop: rescaleField, params: { Mode: multiplyAdd, Multiply: [0.5, 1, 1, 1], Add: [0.1, 0, 0, 0] }, inputs: [/ball] }";
    let out = sample(&gpu, &lib, &sdf3(node, "  /ball: { rop: sphere }\n"), &pts);
    expect_within(node, &pts, &out, 2e-4, |p| {
        0.5 * (an::len3(v3(p)) - 1.0) + 0.1
    });
}

/// colorizeSdf2d: (1 + sin((d - phase) / period)) / 2 between the two
/// colours of each side, the edge colour over the line |d| < thickness / 2
/// (softened by the blending), for a circle of radius 0.7.
#[test]
fn colorize_sdf2d_draws_its_stripes_and_edge() {
    let Some(gpu) = gpu("colorize_sdf2d_draws_its_stripes_and_edge") else {
        return;
    };
    let lib = catalog_library();
    let pts = points2(604, 300, -1.5, 1.5);
    let (ic1, ic2, oc1, oc2, ec) = (
        [0.1, 0.2, 0.3, 1.0],
        [0.9, 0.8, 0.7, 0.5],
        [0.0, 0.5, 1.0, 1.0],
        [1.0, 0.0, 0.2, 0.0],
        [1.0, 1.0, 0.0, 1.0],
    );
    let extra = "  /circle: { rop: circle, params: { Radius: 0.7 } }\n";
    for edge in [false, true] {
        let node = format!(
            "{{ rop: colorizeSdf2d, params: {{ InsideColor1: {ic1:?}, InsideColor2: {ic2:?}, OutsideColor1: {oc1:?}, OutsideColor2: {oc2:?}, EdgeColor: {ec:?}, InsidePeriod: 0.05, InsidePhase: 0.01, OutsidePeriod: 0.08, OutsidePhase: -0.02, Edge: {edge}, EdgeThickness: 0.1, EdgeBlending: 0.04 }}, inputs: [/circle] }}"
        );
        let out = sample(&gpu, &lib, &probe("probeColor2", &node, extra), &pts);
        expect_vec(&node, &pts, &out, 4, 2e-3, |p| {
            let d = p[0].hypot(p[1]) - 0.7;
            let (c1, c2, t) = if d > 0.0 {
                (oc1, oc2, 0.5 * (1.0 + ((d + 0.02) / 0.08).sin()))
            } else {
                (ic1, ic2, 0.5 * (1.0 + ((d - 0.01) / 0.05).sin()))
            };
            let mut c = [0.0; 4];
            for i in 0..4 {
                c[i] = c1[i] + (c2[i] - c1[i]) * t;
            }
            if edge {
                let (lo, hi) = (0.5 * (0.1 - 0.04), 0.5 * (0.1 + 0.04));
                let x = ((d.abs() - lo) / (hi - lo)).clamp(0.0, 1.0);
                let line = 1.0 - x * x * (3.0 - 2.0 * x);
                for i in 0..4 {
                    c[i] += (ec[i] - c[i]) * line;
                }
            }
            c
        });
    }
}

/// normalField: the unit gradient of the shape's distance (exact for a
/// sphere and a circle: the direction from the centre), and in a material
/// context the normal of the hit, set here by a custom node.
#[test]
fn normal_field_is_the_surface_normal() {
    let Some(gpu) = gpu("normal_field_is_the_surface_normal") else {
        return;
    };
    let lib = catalog_library();
    let pts: Vec<[f32; 3]> = points3(605, 150, -2.0, 2.0)
        .into_iter()
        .filter(|p| an::len3(an::sub3(v3(p), [0.3, -0.2, 0.1])) > 0.05)
        .collect();
    let node = "{ rop: normalField, inputs: [/ball] }";
    let extra = "  /ball: { rop: sphere, params: { Radius: 0.8, Translate: [0.3, -0.2, 0.1] } }\n";
    let out = sample(&gpu, &lib, &probe("probeColor3", node, extra), &pts);
    expect_vec(node, &pts, &out, 4, 1e-3, |p| {
        let n = norm3(an::sub3(p, [0.3, -0.2, 0.1]));
        [n[0], n[1], n[2], 0.0]
    });
    let pts2: Vec<[f32; 3]> = points2(606, 150, -2.0, 2.0)
        .into_iter()
        .filter(|p| (p[0] as f64).hypot(p[1] as f64) > 0.05)
        .collect();
    let extra = "  /ball: { rop: circle, params: { Radius: 0.5 } }\n";
    let out = sample(&gpu, &lib, &probe("probeColor2", node, extra), &pts2);
    expect_vec("normalField 2D", &pts2, &out, 4, 1e-3, |p| {
        let l = p[0].hypot(p[1]);
        [p[0] / l, p[1] / l, 0.0, 0.0]
    });
    // In a material context: the normal the context carries (here the
    // direction of the point from the origin, whatever the point).
    let nodes = "  /s:
    rop: custom
    custom:
      coordTypes: [vec3]
      returnTypes: [vec4]
      contextTypes: [Context]
      inputs:
        - { name: layer, coordTypes: [vec3], returnTypes: [vec4], contextTypes: [MaterialContext], required: true }
      function: |
        ReturnT thismap(CoordT p, ContextT ctx) {
          MaterialContext m = ropkitDefaultMaterialContext();
          m.normal = normalize(p);
          return inputOp1(p * 3.0, m);
        }
    inputs: [/n]
  /n: { rop: normalField }
  /out: { rop: probeColor3, inputs: [/s] }
";
    let out = sample(&gpu, &lib, nodes, &pts);
    expect_vec("normalField in a material", &pts, &out, 4, 1e-4, |p| {
        let n = norm3(p);
        [n[0], n[1], n[2], 0.0]
    });
}

/// fold: boxFold is clamp(p, -r, r) * 2 - p (r = Distance plus the distance
/// field), mengerFold sorts the coordinates into x >= y >= z; as a field
/// without an input, and as the point a shape is evaluated at.
#[test]
fn fold_reflects_and_sorts_the_point() {
    let Some(gpu) = gpu("fold_reflects_and_sorts_the_point") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(607, 200, -2.0, 2.0);
    let bfold = |p: V3, r: f64| {
        [
            p[0].clamp(-r, r) * 2.0 - p[0],
            p[1].clamp(-r, r) * 2.0 - p[1],
            p[2].clamp(-r, r) * 2.0 - p[2],
        ]
    };
    let sorted = |p: V3| {
        let mut v = p;
        v.sort_by(|a, b| b.partial_cmp(a).unwrap());
        v
    };
    let node = "{ rop: fold, params: { Distance: 0.6 } }";
    let out = sample(&gpu, &lib, &probe("probeColor3", node, ""), &pts);
    expect_vec(node, &pts, &out, 4, 1e-4, |p| {
        let q = bfold(p, 0.6);
        [q[0], q[1], q[2], 0.0]
    });
    let node = "{ rop: fold, params: { Function: mengerFold } }";
    let out = sample(&gpu, &lib, &probe("probeColor3", node, ""), &pts);
    expect_vec(node, &pts, &out, 4, 1e-4, |p| {
        let q = sorted(p);
        [q[0], q[1], q[2], 0.0]
    });
    // formula: a ball seen through the fold (its distance at the folded point).
    let extra = "  /ball: { rop: sphere, params: { Radius: 0.3, Translate: [0.9, 0.2, -0.4] } }\n  /r: { rop: constant, params: { Value: 0.25 } }\n";
    let ball = |q: V3| an::len3(an::sub3(q, [0.9, 0.2, -0.4])) - 0.3;
    let node = "{ rop: fold, params: { Distance: 0.5 }, inputs: [/ball, /r] }";
    let out = sample(&gpu, &lib, &sdf3(node, extra), &pts);
    expect_within(node, &pts, &out, 2e-4, |p| ball(bfold(v3(p), 0.75)));
    let node = "{ rop: fold, params: { Function: mengerFold }, inputs: [/ball] }";
    let out = sample(&gpu, &lib, &sdf3(node, extra), &pts);
    expect_within(node, &pts, &out, 2e-4, |p| ball(sorted(v3(p))));
    // formula (2D): the point folds as (x, y, 0).
    let pts2 = points2(608, 150, -2.0, 2.0);
    let node = "{ rop: fold, params: { Distance: 0.4 }, inputs: [/disc] }";
    let extra = "  /disc: { rop: circle, params: { Radius: 0.2 } }\n";
    let out = sample(&gpu, &lib, &sdf2(node, extra), &pts2);
    expect_within(node, &pts2, &out, 2e-4, |p| {
        let q = bfold([p[0] as f64, p[1] as f64, 0.0], 0.4);
        q[0].hypot(q[1]) - 0.2
    });
}

/// assignColor stores the colour (or the colour field's value) in the
/// surface's colour attribute, which attributeField reads back; with
/// Condition missing only where no colour was assigned before.
#[test]
fn assign_color_sets_and_fills_in_the_surface_colour() {
    let Some(gpu) = gpu("assign_color_sets_and_fills_in_the_surface_colour") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(609, 100, -2.0, 2.0);
    let read = |inner: &str| {
        format!(
            "  /ball: {{ rop: sphere }}\n  /red: {{ rop: assignColor, params: {{ Color: [0.9, 0.1, 0.05] }}, inputs: [/ball] }}\n  /y: {{ rop: position, params: {{ Component: y, Scale: 0.25, Offset: [0, -2, 0] }} }}\n  /test: {inner}\n  /s: {{ rop: attributeField, params: {{ Name: color, Type: vec3 }}, inputs: [/test] }}\n  /out: {{ rop: probeColor3, inputs: [/s] }}\n"
        )
    };
    type F = Box<dyn Fn(V3) -> [f64; 4]>;
    let cases: Vec<(&str, F)> = vec![
        (
            "{ rop: assignColor, params: { Color: [0.2, 0.5, 0.9] }, inputs: [/ball] }",
            Box::new(|_| [0.2, 0.5, 0.9, 0.0]),
        ),
        (
            "{ rop: assignColor, params: { Color: [0.2, 0.5, 0.9] }, inputs: [/red] }",
            Box::new(|_| [0.2, 0.5, 0.9, 0.0]),
        ),
        (
            "{ rop: assignColor, params: { Color: [0.2, 0.5, 0.9], Condition: missing }, inputs: [/red] }",
            Box::new(|_| [0.9, 0.1, 0.05, 0.0]),
        ),
        (
            "{ rop: assignColor, params: { Color: [0.2, 0.5, 0.9], Condition: missing }, inputs: [/ball] }",
            Box::new(|_| [0.2, 0.5, 0.9, 0.0]),
        ),
        (
            "{ rop: assignColor, inputs: [/ball, /y] }",
            Box::new(|p| {
                let g = 0.25 * (p[1] + 2.0);
                [g, g, g, 0.0]
            }),
        ),
    ];
    for (node, want) in cases {
        let out = sample(&gpu, &lib, &read(node), &pts);
        expect_vec(node, &pts, &out, 4, 1e-4, &want);
    }
}

/// triPlanarTextureField: the three projections of assets/checker.png (along
/// x, y and z, each read from the side n faces by the UV convention of
/// docs/writing-rops.md: seen along x the UV is (-z, y) from +x and (z, y)
/// from -x, along y (x, -z) from above and (x, z) from below, along z (x, y)
/// from +z and (-x, y) from -z; of the point times Scale, plus the parts of
/// Translate along the axes u and v run along) mixed
/// by |n|^Sharpness normalised, n the direction from Center; at points whose
/// three coordinates are texel centres every read is one texel, so the
/// reference is exact. Past the image, hold, zero and mirror.
#[test]
fn tri_planar_texture_field_mixes_three_projections() {
    let Some(gpu) = gpu("tri_planar_texture_field_mixes_three_projections") else {
        return;
    };
    let lib = catalog_library();
    let img = Image::load();
    assert_eq!(img.w, img.h, "the reference needs a square image");
    let n = img.w as i64;
    let mut r = Rng::new(610);
    let mut cells = Vec::new();
    for _ in 0..150 {
        let ijk = [
            (r.next() * 2.0 * n as f64) as i64 - n,
            (r.next() * 2.0 * n as f64) as i64 - n,
            (r.next() * 2.0 * n as f64) as i64 - n,
        ];
        cells.push(ijk);
    }
    let centre = |i: i64| (i as f64 + 0.5) / n as f64;
    // Scale 2, Translate (0.25, 0.5, 0.75): the coordinate along an axis is
    // 2 p + t; p is placed so that it lands on texel centres.
    let t = [0.25, 0.5, 0.75];
    let pts: Vec<[f32; 3]> = cells
        .iter()
        .map(|c| {
            [
                ((centre(c[0]) - t[0]) / 2.0) as f32,
                ((centre(c[1]) - t[1]) / 2.0) as f32,
                ((centre(c[2]) - t[2]) / 2.0) as f32,
            ]
        })
        .collect();
    let weights = |p: V3, c: V3, sharp: f64| {
        let d = an::sub3(p, c);
        let m = d[0].abs().max(d[1].abs()).max(d[2].abs());
        let w = [
            (d[0].abs() / m).powf(sharp),
            (d[1].abs() / m).powf(sharp),
            (d[2].abs() / m).powf(sharp),
        ];
        let s = w[0] + w[1] + w[2];
        [w[0] / s, w[1] / s, w[2] / s]
    };
    // Texel (i, j) of UV space (i along u, j up v, extended past the
    // image), read from the image stored top row first.
    let texel_at = |extend: &str, i: i64, j: i64| -> [f64; 4] {
        let inside = |k: i64| (0..n).contains(&k);
        let (i, j) = match extend {
            "zero" if !(inside(i) && inside(j)) => return [0.0; 4],
            "hold" => (i.clamp(0, n - 1), j.clamp(0, n - 1)),
            "mirror" => {
                let m = |k: i64| {
                    let k = k.rem_euclid(2 * n);
                    if k < n { k } else { 2 * n - 1 - k }
                };
                (m(i), m(j))
            }
            _ => (i, j),
        };
        img.texel(i, n - 1 - j.rem_euclid(n))
    };
    // The texel of a face coordinate: the point's scaled coordinate along
    // an axis is centre(k) - t, read with a sign, plus t again.
    let face = |k: i64, side: f64, t: f64| ((side * (centre(k) - t) + t) * n as f64).floor() as i64;
    for (extend, sharp, c) in [
        ("repeat", 4.0, [0.0, 0.0, 0.0]),
        ("hold", 2.0, [0.1, -0.2, 0.3]),
        ("zero", 4.0, [0.0, 0.0, 0.0]),
        ("mirror", 8.0, [0.0, 0.5, 0.0]),
    ] {
        let node = format!(
            "{{ rop: triPlanarTextureField, params: {{ Scale: 2, Translate: {t:?}, Sharpness: {sharp}, Extend: {extend}, Center: {c:?} }} }}"
        );
        let out = sample(&gpu, &lib, &probe("probeColor3", &node, ""), &pts);
        let mut bad = Vec::new();
        for (k, cell) in cells.iter().enumerate() {
            let w = weights(v3(&pts[k]), c, sharp);
            let (x, y, z) = (cell[0], cell[1], cell[2]);
            let d = an::sub3(v3(&pts[k]), c);
            let s = d.map(|e| if e < 0.0 { -1.0 } else { 1.0 });
            let reads = [
                texel_at(extend, face(z, -s[0], t[2]), y),
                texel_at(extend, x, face(z, -s[1], t[2])),
                texel_at(extend, face(x, s[2], t[0]), y),
            ];
            for ch in 0..4 {
                let want: f64 = (0..3).map(|a| reads[a][ch] * w[a]).sum();
                if (out[k][ch] as f64 - want).abs() > 3e-3 {
                    bad.push(format!(
                        "  {extend} cell {cell:?} channel {ch}: {} != {want}",
                        out[k][ch]
                    ));
                }
            }
        }
        assert!(bad.is_empty(), "{}", bad[..bad.len().min(8)].join("\n"));
    }
}

// ---------------------------------------------------------------------------
// Materials, through the colour data buffer

fn render_data(gpu: &Gpu, lib: &Library, net: &Network, buffer: &str, size: u32) -> Vec<[f32; 4]> {
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

/// A unit sphere with the material under test, seen along -z by an
/// orthographic camera and lit by one directional light travelling along
/// `travel` (colour (1, 0.9, 0.8), intensity 1.5), with no ambient light,
/// occlusion or shadow; compares the colour buffer with `want(n, l)` at
/// each pixel's hit (the point is the normal n; the eye is +z) on the
/// pixels facing the camera (n.z > 0.3): within 0.01 plus 1% on all but 1%
/// of them.
fn lit_sphere(
    gpu: &Gpu,
    lib: &Library,
    material: &str,
    travel: V3,
    skip: impl Fn(V3) -> bool,
    want: impl Fn(V3, V3) -> V3,
) {
    let size = 48u32;
    let light = [1.0, 0.9, 0.8];
    let yaml = format!(
        "output: /render\nnodes:\n  /s: {{ rop: sphere }}\n  /m: {material}\n  /cam: {{ rop: orthoCamera, params: {{ Position: [0, 0, 5], Target: [0, 0, 0], Size: 2.4 }} }}\n  /sun: {{ rop: directionalLight, params: {{ Direction: {travel:?}, Color: {light:?}, Intensity: 1.5 }} }}\n  /render: {{ rop: raymarchRender3D, params: {{ Ambient: 0, AO: false, Shadows: false }}, inputs: {{ scene: /m, camera: /cam, light: /sun }} }}\n"
    );
    let net = Network::parse(&yaml, Path::new("lit.yaml"), lib).unwrap_or_else(|e| panic!("{e}"));
    let colour = render_data(gpu, lib, &net, "color", size);
    let origin = render_data(gpu, lib, &net, "rayOrigin", size);
    let l = norm3([-travel[0], -travel[1], -travel[2]]);
    let (mut facing, mut off, mut worst) = (0, 0, (0.0f64, [0.0; 3], [0.0; 3], [0.0; 3]));
    for (i, c) in colour.iter().enumerate() {
        let (x, y) = (origin[i][0] as f64, origin[i][1] as f64);
        let z2 = 1.0 - x * x - y * y;
        if z2 < 0.09 {
            continue;
        }
        let n = [x, y, z2.sqrt()];
        if skip(n) {
            continue;
        }
        facing += 1;
        let w = want(n, l);
        let w = [
            w[0] * light[0] * 1.5,
            w[1] * light[1] * 1.5,
            w[2] * light[2] * 1.5,
        ];
        let got = [c[0] as f64, c[1] as f64, c[2] as f64];
        let err = (0..3)
            .map(|k| (got[k] - w[k]).abs() - 0.01 - 0.01 * w[k])
            .fold(f64::MIN, f64::max);
        if err > 0.0 {
            off += 1;
        }
        if err > worst.0 {
            worst = (err, n, got, w);
        }
    }
    assert!(facing > 500, "{material}: only {facing} pixels checked");
    assert!(
        off * 100 <= facing,
        "{material}: {off} of {facing} pixels off; worst at n = {:?}: got {:?}, want {:?}",
        worst.1,
        worst.2,
        worst.3
    );
}

/// checkerboardMaterial: Lambert (albedo * n.l) with the albedo of the
/// cell the hit lies in (Colour A where the cell indices sum to an even
/// number); pixels within 0.02 of a cell border are left out.
#[test]
fn checkerboard_material_colours_cells_by_their_parity() {
    let Some(gpu) = gpu("checkerboard_material_colours_cells_by_their_parity") else {
        return;
    };
    let lib = catalog_library();
    let (ca, cb) = ([0.9, 0.7, 0.2], [0.1, 0.3, 0.6]);
    for (axes, size, offset) in [
        ("xyz", 0.35, [0.1, 0.05, 0.0]),
        ("xy", 0.5, [0.0, 0.0, 0.0]),
    ] {
        let cell = |p: V3| -> [f64; 3] {
            let mut c = [0.0; 3];
            for k in 0..3 {
                c[k] = ((p[k] - offset[k]) / size).floor();
            }
            if axes == "xy" {
                c[2] = 0.0;
            }
            c
        };
        let near_border = |p: V3| {
            (0..3).any(|k| {
                if axes == "xy" && k == 2 {
                    return false;
                }
                let f = (p[k] - offset[k]) / size;
                (f - f.round()).abs() * size < 0.02
            })
        };
        let material = format!(
            "{{ rop: checkerboardMaterial, params: {{ ColorA: {ca:?}, ColorB: {cb:?}, Size: {size}, Offset: {offset:?}, Axes: {axes} }}, inputs: [/s] }}"
        );
        lit_sphere(
            &gpu,
            &lib,
            &material,
            [-0.4, -0.5, -0.75],
            near_border,
            |n, l| {
                let c = cell(n);
                let odd = (c[0] + c[1] + c[2]).rem_euclid(2.0) > 0.5;
                let albedo = if odd { cb } else { ca };
                let ndl = dot3(n, l).max(0.0);
                [albedo[0] * ndl, albedo[1] * ndl, albedo[2] * ndl]
            },
        );
    }
}

/// ggxMaterial: Lambert diffuse of Base colour times Diffuse plus Specular
/// times the GGX microfacet term pi D G F / (4 n.l n.v), all times n.l:
/// D = a^2 / (pi ((n.h)^2 (a^2 - 1) + 1)^2) with a = Roughness^2, G Smith-
/// Schlick with k = a / 2, F Schlick's from Fresnel.
#[test]
fn ggx_material_matches_the_microfacet_formula() {
    let Some(gpu) = gpu("ggx_material_matches_the_microfacet_formula") else {
        return;
    };
    let lib = catalog_library();
    let base = [0.7, 0.3, 0.2];
    for (rough, f0, diffuse, spec) in [(0.35, 0.04, 1.0, 1.0), (0.7, 0.5, 0.6, 2.0)] {
        let material = format!(
            "{{ rop: ggxMaterial, params: {{ BaseColor: {base:?}, Roughness: {rough}, Fresnel: {f0}, Diffuse: {diffuse}, Specular: {spec} }}, inputs: [/s] }}"
        );
        for travel in [[-0.5, -0.6, -0.62], [0.3, 0.2, -0.9]] {
            // Near the terminator the highlight over n.l magnifies the
            // difference between the renderer's numerical normal and the
            // sphere's: those pixels are left out.
            let l = norm3([-travel[0], -travel[1], -travel[2]]);
            let grazing = move |n: V3| (0.0..0.1).contains(&dot3(n, l));
            lit_sphere(&gpu, &lib, &material, travel, grazing, |n, l| {
                let v = [0.0, 0.0, 1.0];
                let ndl = dot3(n, l).max(0.0);
                if ndl <= 0.0 {
                    return [0.0; 3];
                }
                let ndv = dot3(n, v).max(1e-4);
                let h = norm3([l[0] + v[0], l[1] + v[1], l[2] + v[2]]);
                let ndh = dot3(n, h).max(0.0);
                let a = rough * rough;
                let a2 = a * a;
                let den = ndh * ndh * (a2 - 1.0) + 1.0;
                let d = a2 / (PI * den * den);
                let k = a / 2.0;
                let g = (ndl / (ndl * (1.0 - k) + k)) * (ndv / (ndv * (1.0 - k) + k));
                let f = f0 + (1.0 - f0) * (1.0 - dot3(h, v)).clamp(0.0, 1.0).powi(5);
                let s = spec * PI * d * g * f / (4.0 * ndl.max(1e-4) * ndv);
                [
                    (base[0] * diffuse + s) * ndl,
                    (base[1] * diffuse + s) * ndl,
                    (base[2] * diffuse + s) * ndl,
                ]
            });
        }
    }
}

/// orenNayarMaterial: albedo * n.l * (A + B max(0, cos(phi_i - phi_r))
/// sin(alpha) tan(beta)) with A and B from the roughness; at roughness 0
/// that is Lambert.
#[test]
fn oren_nayar_material_matches_its_formula() {
    let Some(gpu) = gpu("oren_nayar_material_matches_its_formula") else {
        return;
    };
    let lib = catalog_library();
    let albedo = [0.8, 0.6, 0.4];
    for rough in [0.0, 0.5, 1.2] {
        let material = format!(
            "{{ rop: orenNayarMaterial, params: {{ Color: {albedo:?}, Roughness: {rough} }}, inputs: [/s] }}"
        );
        lit_sphere(
            &gpu,
            &lib,
            &material,
            [-0.5, -0.3, -0.8],
            |_| false,
            |n, l| {
                let v = [0.0, 0.0, 1.0];
                let s2 = rough * rough;
                let a = 1.0 - 0.5 * s2 / (s2 + 0.33);
                let b = 0.45 * s2 / (s2 + 0.09);
                let ndl = dot3(n, l);
                if ndl <= 0.0 {
                    return [0.0; 3];
                }
                let ndv = dot3(n, v).clamp(0.0, 1.0);
                let (ti, tr) = (ndl.clamp(0.0, 1.0).acos(), ndv.acos());
                let proj = |u: V3, c: f64| [u[0] - n[0] * c, u[1] - n[1] * c, u[2] - n[2] * c];
                let (lp, vp) = (proj(l, ndl), proj(v, ndv));
                let (ll, vl) = (an::len3(lp), an::len3(vp));
                let cphi = if ll > 1e-6 && vl > 1e-6 {
                    dot3(lp, vp) / (ll * vl)
                } else {
                    0.0
                };
                let f = a + b * cphi.max(0.0) * ti.max(tr).sin() * ti.min(tr).tan();
                [
                    albedo[0] * ndl * f,
                    albedo[1] * ndl * f,
                    albedo[2] * ndl * f,
                ]
            },
        );
    }
}

// ---------------------------------------------------------------------------
// Claims: domainWarp's modes (remapCoords), colorAdjust's gamma (adjustColor)

/// domainWarp with a constant warp vector v: add evaluates the input at
/// p + A v, replace at mix(p, v, A), multiply at mix(p, p * v, A).
#[test]
fn domain_warp_adds_replaces_and_multiplies_the_point() {
    let Some(gpu) = gpu("domain_warp_adds_replaces_and_multiplies_the_point") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(611, 150, -2.0, 2.0);
    let v = [0.3, -0.2, 0.5];
    let extra = format!(
        "  /ball: {{ rop: sphere, params: {{ Radius: 0.6, Translate: [0.2, 0.1, 0] }} }}\n  /w: {{ rop: constant, params: {{ Color: [{}, {}, {}, 1] }} }}\n",
        v[0], v[1], v[2]
    );
    let ball = |q: V3| an::len3(an::sub3(q, [0.2, 0.1, 0.0])) - 0.6;
    for (mode, amount) in [
        ("add", 0.7),
        ("replace", 0.6),
        ("replace", 1.0),
        ("multiply", 0.5),
    ] {
        let node = format!(
            "{{ rop: domainWarp, params: {{ Mode: {mode}, Amount: {amount}, StepScale: 1 }}, inputs: [/ball, /w] }}"
        );
        let out = sample(&gpu, &lib, &sdf3(&node, &extra), &pts);
        expect_within(&node, &pts, &out, 2e-4, |p| {
            let p = v3(p);
            let q: V3 = std::array::from_fn(|k| match mode {
                "add" => p[k] + amount * v[k],
                "replace" => p[k] + amount * (v[k] - p[k]),
                _ => p[k] + amount * (p[k] * v[k] - p[k]),
            });
            ball(q)
        });
    }
}

/// colorAdjust's Gamma: after contrast and brightness, each channel (at
/// least 0) to the power 1 / Gamma; Gamma 1 leaves negative values as they
/// were.
#[test]
fn color_adjust_applies_its_gamma_last() {
    let Some(gpu) = gpu("color_adjust_applies_its_gamma_last") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(612, 20, -1.0, 1.0);
    let c = [0.2, 0.5, 0.8, 0.7];
    let extra = format!("  /c: {{ rop: constant, params: {{ Color: {c:?} }} }}\n");
    for (gamma, bright) in [(2.2, 0.05), (0.5, 0.0), (1.0, -0.4)] {
        let node = format!(
            "{{ rop: colorAdjust, params: {{ Contrast: 1.2, Brightness: {bright}, Gamma: {gamma} }}, inputs: [/c] }}"
        );
        let out = sample(&gpu, &lib, &probe("probeColor3", &node, &extra), &pts);
        expect_vec(&node, &pts, &out, 4, 1e-4, |_| {
            let f = |x: f64| {
                let y = (x - 0.5) * 1.2 + 0.5 + bright;
                if gamma == 1.0 {
                    y
                } else {
                    y.max(0.0).powf(1.0 / gamma)
                }
            };
            [f(c[0]), f(c[1]), f(c[2]), c[3]]
        });
    }
}

// ---------------------------------------------------------------------------
// Parity: modes and field-driven parameters of existing ROPs

/// The signed distance to the wedge of angles [start, start + angle]
/// (degrees, from x towards z) around the y axis, from its two boundary
/// rays: negative inside.
fn wedge(p: V3, start: f64, angle: f64) -> f64 {
    let (x, z) = (p[0], p[2]);
    let ray = |a: f64| {
        let (c, s) = (a.to_radians().cos(), a.to_radians().sin());
        let t = (x * c + z * s).max(0.0);
        (x - t * c).hypot(z - t * s)
    };
    let d = ray(start).min(ray(start + angle));
    let a = (z.atan2(x).to_degrees() - start).rem_euclid(360.0);
    if a <= angle { -d } else { d }
}

/// radialSlice with Invert keeps what lies outside the wedge: the input's
/// distance held above the negated wedge distance (the wedge measured here
/// from its two boundary rays).
#[test]
fn radial_slice_inverted_keeps_the_rest() {
    let Some(gpu) = gpu("radial_slice_inverted_keeps_the_rest") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(620, 300, -1.5, 1.5);
    let extra = "  /ball: { rop: sphere }\n";
    for (start, angle) in [(20.0, 100.0), (-30.0, 250.0)] {
        let node = format!(
            "{{ rop: radialSlice, params: {{ Start: {start}, Angle: {angle}, Invert: true }}, inputs: [/ball] }}"
        );
        let out = sample(&gpu, &lib, &sdf3(&node, extra), &pts);
        expect_within(&node, &pts, &out, 2e-4, |p| {
            let p = v3(p);
            (an::len3(p) - 1.0).max(-wedge(p, start, angle))
        });
        // And without Invert, the wedge itself (as before).
        let node = format!(
            "{{ rop: radialSlice, params: {{ Start: {start}, Angle: {angle} }}, inputs: [/ball] }}"
        );
        let out = sample(&gpu, &lib, &sdf3(&node, extra), &pts);
        expect_within(&node, &pts, &out, 2e-4, |p| {
            let p = v3(p);
            (an::len3(p) - 1.0).max(wedge(p, start, angle))
        });
    }
}

/// Parameters that take a field now, each driven by one and compared with
/// the ROP's formula at the field's value: extend's Center and Size,
/// transform's Translate (a float field fills every component), twirl's
/// Amount, Size and Center, ellipsoid's Radii, link's Length and Radius,
/// tetrahedron's Radius, and edgeCombine's Radius and Depth (with Swap).
#[test]
fn new_field_driven_parameters_follow_their_fields() {
    let Some(gpu) = gpu("new_field_driven_parameters_follow_their_fields") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(621, 250, -1.8, 1.8);
    // Vector values come from floatToVector (a constant node would resolve
    // to a float under a field socket and fill every component).
    let consts = "  /ball: { rop: sphere, params: { Radius: 0.5 } }
  /c3: { rop: floatToVector, inputs: [/k03, /km01, /k02] }
  /km01: { rop: constant, params: { Value: -0.1 } }
  /k02: { rop: constant, params: { Value: 0.2 } }
  /k08: { rop: constant, params: { Value: 0.8 } }
  /k06: { rop: constant, params: { Value: 0.6 } }
  /k04: { rop: constant, params: { Value: 0.4 } }
  /k90: { rop: constant, params: { Value: 90 } }
  /k2: { rop: constant, params: { Value: 2 } }
  /k015: { rop: constant, params: { Value: 0.15 } }
  /k03: { rop: constant, params: { Value: 0.3 } }
  /radii: { rop: floatToVector, inputs: [/k12, /k05, /k07] }
  /k12: { rop: constant, params: { Value: 1.2 } }
  /k05: { rop: constant, params: { Value: 0.5 } }
  /k07: { rop: constant, params: { Value: 0.7 } }
  /x: { rop: position, params: { Component: x, Scale: 0.5 } }
  /px: { rop: position, params: { Component: x } }
  /other: { rop: sphere, params: { Radius: 0.6, Translate: [0.5, 0.2, 0] } }
";
    let ball = |q: V3| an::len3(q) - 0.5;
    type F = Box<dyn Fn(V3) -> f64>;
    let cases: Vec<(&str, &str, F)> = vec![
        (
            "{ rop: extend, params: { Axes: x }, inputs: { input: /ball, Center: /c3, Size: /k08 } }",
            "sdf",
            // Center x 0.3, Size 0.8 on x: the point clamped into [-0.1, 0.7].
            Box::new(move |p| ball([p[0].clamp(-0.1, 0.7), p[1], p[2]])),
        ),
        (
            "{ rop: transform, inputs: { input: /ball, Translate: /x } }",
            "sdf",
            Box::new(move |p| {
                let t = 0.5 * p[0];
                ball([p[0] - t, p[1] - t, p[2] - t])
            }),
        ),
        (
            "{ rop: twirl, params: { StepScale: 1 }, inputs: { input: /px, Amount: /k90, Size: /k2, Center: /c3 } }",
            "field",
            // About y through (0.3, -0.1, 0.2): (x, z) turns by -90 (1 - r / 2)^2 degrees.
            Box::new(|p| {
                let d = [p[0] - 0.3, p[1] + 0.1, p[2] - 0.2];
                let r = d[0].hypot(d[2]);
                let f = (1.0 - r / 2.0).max(0.0);
                let a = -(90.0f64).to_radians() * f * f;
                0.3 + a.cos() * d[0] - a.sin() * d[2]
            }),
        ),
        (
            "{ rop: ellipsoid, inputs: { Radii: /radii } }",
            "sdf",
            Box::new(|p| {
                let r = [1.2, 0.5, 0.7];
                let k0 = an::len3([p[0] / r[0], p[1] / r[1], p[2] / r[2]]);
                let k1 = an::len3([
                    p[0] / (r[0] * r[0]),
                    p[1] / (r[1] * r[1]),
                    p[2] / (r[2] * r[2]),
                ]);
                let d = k0 * (k0 - 1.0) / k1;
                if k0 < 1.0 { d.max((k0 - 1.0) * 0.5) } else { d }
            }),
        ),
        (
            "{ rop: link, params: { Thickness: 0.1 }, inputs: { Length: /k06, Radius: /k04 } }",
            "sdf",
            Box::new(|p| {
                let qy = (p[1].abs() - 0.6).max(0.0);
                (p[0].hypot(qy) - 0.4).hypot(p[2]) - 0.1
            }),
        ),
        (
            "{ rop: tetrahedron, inputs: { Radius: /k08 } }",
            "sdf",
            Box::new(|p| {
                let s = 0.8 / 3f64.sqrt();
                let v = [[s, s, s], [s, -s, -s], [-s, s, -s], [-s, -s, s]];
                let faces = [
                    [v[0], v[1], v[2]],
                    [v[0], v[1], v[3]],
                    [v[0], v[2], v[3]],
                    [v[1], v[2], v[3]],
                ];
                an::convex(p, &faces)
            }),
        ),
        (
            "{ rop: edgeCombine, params: { Mode: groove, Swap: true }, inputs: { a: /ball, b: /other, Radius: /k015, Depth: /k03 } }",
            "sdf",
            // Swapped: the second sphere is grooved where the first meets it.
            Box::new(move |p| {
                let a = an::len3(an::sub3(p, [0.5, 0.2, 0.0])) - 0.6;
                let b = ball(p);
                a.max((a + 0.3).min(0.15 - b.abs()))
            }),
        ),
        (
            "{ rop: edgeCombine, params: { Mode: engrave }, inputs: { a: /ball, b: /other, Radius: /x } }",
            "sdf",
            Box::new(move |p| {
                let a = ball(p);
                let b = an::len3(an::sub3(p, [0.5, 0.2, 0.0])) - 0.6;
                let r = (0.5 * p[0]).max(0.0);
                a.max((a + r - b.abs()) * 0.5f64.sqrt())
            }),
        ),
    ];
    for (node, kind, want) in cases {
        let text = if kind == "sdf" {
            sdf3(node, consts)
        } else {
            probe("probeFloat3", node, consts)
        };
        let out = sample(&gpu, &lib, &text, &pts);
        expect_within(node, &pts, &out, 5e-4, |p| want(v3(p)));
    }
}

/// timeShift's Offset as a field: the input sees t + Offset(p) (Speed 1),
/// here a time field under an Offset of the point's x.
#[test]
fn time_shift_offset_follows_its_field() {
    let Some(gpu) = gpu("time_shift_offset_follows_its_field") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(622, 100, -2.0, 2.0);
    let nodes = probe(
        "probeFloat3",
        "{ rop: timeShift, inputs: { input: /t, Offset: /px } }",
        "  /t: { rop: time }\n  /px: { rop: position, params: { Component: x } }\n",
    );
    let out = sample_at(&gpu, &lib, &nodes, &pts, 2.5);
    expect_within("timeShift Offset field", &pts, &out, 1e-4, |p| {
        2.5 + p[0] as f64
    });
}

/// colorRamp's Extend: past the range the ramp (twoColors, range 0..1,
/// value x) holds its ends, repeats (fract), mirrors (1 - |mod(x, 2) - 1|)
/// or gives zero.
#[test]
fn color_ramp_extends_past_its_range() {
    let Some(gpu) = gpu("color_ramp_extends_past_its_range") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(623, 200, -2.5, 2.5);
    let (ca, cc) = ([0.1, 0.2, 0.9, 1.0], [0.9, 0.6, 0.1, 0.5]);
    let extra = "  /px: { rop: position, params: { Component: x } }\n";
    for extend in ["clamp", "repeat", "mirror", "zero"] {
        let node = format!(
            "{{ rop: colorRamp, params: {{ Mode: twoColors, Range: [0, 1], ColorA: {ca:?}, ColorC: {cc:?}, Extend: {extend} }}, inputs: [/px] }}"
        );
        let out = sample(&gpu, &lib, &probe("probeColor3", &node, extra), &pts);
        expect_vec(&node, &pts, &out, 4, 2e-4, |p| {
            let x = p[0];
            let t = match extend {
                "repeat" => x.rem_euclid(1.0),
                "mirror" => 1.0 - (x.rem_euclid(2.0) - 1.0).abs(),
                "zero" if !(0.0..=1.0).contains(&x) => return [0.0; 4],
                _ => x.clamp(0.0, 1.0),
            };
            std::array::from_fn(|i| ca[i] + (cc[i] - ca[i]) * t)
        });
    }
}

/// iterationField's z and w formats: the third and fourth parts of the
/// iteration a caller set (a custom node sets (1, 2, 3 + x, 4 - y)).
#[test]
fn iteration_field_reads_z_and_w() {
    let Some(gpu) = gpu("iteration_field_reads_z_and_w") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(624, 60, -1.0, 1.0);
    for (format, want) in [("z", 3.0), ("w", 4.0)] {
        let nodes = format!(
            "  /s:
    rop: custom
    custom:
      coordTypes: [vec3]
      returnTypes: [float]
      contextTypes: [Context]
      inputs:
        - {{ name: field, returnTypes: [float], required: true }}
      function: |
        ReturnT thismap(CoordT p, ContextT ctx) {{
          ctx.iteration = vec4(1.0, 2.0, 3.0 + p.x, 4.0 - p.y);
          return inputOp1(p, ctx);
        }}
    inputs: [/it]
  /it: {{ rop: iterationField, params: {{ Format: {format} }} }}
  /out: {{ rop: probeFloat3, inputs: [/s] }}
"
        );
        let out = sample(&gpu, &lib, &nodes, &pts);
        expect_within(format, &pts, &out, 1e-5, |p| {
            if format == "z" {
                want + p[0] as f64
            } else {
                want - p[1] as f64
            }
        });
    }
}

/// isoCamera's Roll turns the picture about the view direction: every
/// ray's origin, relative to the middle of the image, is the unrolled one
/// turned by Roll in the image plane (directions are all the same).
#[test]
fn iso_camera_roll_turns_the_image_plane() {
    let Some(gpu) = gpu("iso_camera_roll_turns_the_image_plane") else {
        return;
    };
    let lib = catalog_library();
    let size = 16u32;
    let origins = |roll: f64| {
        let yaml = format!(
            "output: /render\nnodes:\n  /s: {{ rop: sphere }}\n  /cam: {{ rop: isoCamera, params: {{ Target: [0.5, 0.2, -0.3], Size: 4, Distance: 20, Roll: {roll} }} }}\n  /render: {{ rop: raymarchRender3D, inputs: {{ scene: /s, camera: /cam }} }}\n"
        );
        let net = Network::parse(&yaml, Path::new("iso.yaml"), &lib).unwrap();
        render_data(&gpu, &lib, &net, "rayOrigin", size)
    };
    let (az, el) = (45f64.to_radians(), 35.26439f64.to_radians());
    let back = [el.cos() * az.sin(), el.sin(), el.cos() * az.cos()];
    let centre = [
        0.5 + 20.0 * back[0],
        0.2 + 20.0 * back[1],
        -0.3 + 20.0 * back[2],
    ];
    let fw = [-back[0], -back[1], -back[2]];
    let base = origins(0.0);
    for roll in [30.0f64, -75.0] {
        let got = origins(roll);
        let a = roll.to_radians();
        for (k, (o0, o1)) in base.iter().zip(&got).enumerate() {
            let d0 = an::sub3([o0[0] as f64, o0[1] as f64, o0[2] as f64], centre);
            let d1 = an::sub3([o1[0] as f64, o1[1] as f64, o1[2] as f64], centre);
            // Rodrigues: d0 turned by -a about the forward direction
            // (the camera turns by a, so the offsets of fixed pixels do).
            let c = an::cross(fw, d0);
            let want: V3 = std::array::from_fn(|i| d0[i] * a.cos() - c[i] * a.sin());
            assert!(
                (0..3).all(|i| (d1[i] - want[i]).abs() < 1e-3),
                "roll {roll}, pixel {k}: offset {d1:?}, want {want:?}"
            );
        }
    }
}

/// cutSphere's hollow shape: the spherical shell below the cut, Thickness
/// thick on each side; against a brute-force distance to the profile's arc
/// (the circle of the radius from the bottom up to the rim at the cut),
/// sampled densely.
#[test]
fn cut_sphere_hollow_is_a_shell_below_the_cut() {
    let Some(gpu) = gpu("cut_sphere_hollow_is_a_shell_below_the_cut") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(625, 250, -1.6, 1.6);
    for (r, h, t) in [(1.0f64, 0.4f64, 0.05), (0.9, -0.3, 0.1)] {
        let top = (h / r).asin();
        let arc: Vec<[f64; 2]> = (0..=20000)
            .map(|i| {
                let a = -PI / 2.0 + (top + PI / 2.0) * i as f64 / 20000.0;
                [r * a.cos(), r * a.sin()]
            })
            .collect();
        let node = format!(
            "{{ rop: cutSphere, params: {{ Radius: {r}, Cut: {h}, Shape: hollow, Thickness: {t}, Translate: [0.1, 0, -0.1] }} }}"
        );
        let out = sample(&gpu, &lib, &sdf3(&node, ""), &pts);
        expect_within(&node, &pts, &out, 5e-4, |p| {
            let q = [p[0] as f64 - 0.1, p[1] as f64, p[2] as f64 + 0.1];
            let (rho, y) = (q[0].hypot(q[2]), q[1]);
            arc.iter()
                .map(|a| (rho - a[0]).hypot(y - a[1]))
                .fold(f64::MAX, f64::min)
                - t
        });
    }
}

/// chamferBox's Round: the chamfered box shrunk by Round on every side and
/// grown back by it (its distance less Round), so edges and corners turn
/// round: identity with the unrounded box of the smaller size.
#[test]
fn chamfer_box_round_offsets_a_smaller_box() {
    let Some(gpu) = gpu("chamfer_box_round_offsets_a_smaller_box") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(626, 250, -1.5, 1.5);
    let rounded = "{ rop: chamferBox, params: { Size: [1.6, 1.0, 1.2], Chamfer: 0.15, Round: 0.1, Translate: [0.1, 0, 0] } }";
    let smaller = "{ rop: chamferBox, params: { Size: [1.4, 0.8, 1.0], Chamfer: 0.15, Translate: [0.1, 0, 0] } }";
    let a = sample(&gpu, &lib, &sdf3(rounded, ""), &pts);
    let b = sample(&gpu, &lib, &sdf3(smaller, ""), &pts);
    expect_within("chamferBox Round", &pts, &a, 2e-4, |p| {
        let k = pts.iter().position(|q| q == p).unwrap();
        b[k][0] as f64 - 0.1
    });
    // And it rounds: at a corner direction the rounded box lies inside the
    // sharp one of the full size.
    let sharp = "{ rop: chamferBox, params: { Size: [1.6, 1.0, 1.2], Chamfer: 0.15, Translate: [0.1, 0, 0] } }";
    let s = sample(&gpu, &lib, &sdf3(sharp, ""), &pts);
    for (k, p) in pts.iter().enumerate() {
        assert!(
            a[k][0] >= s[k][0] - 1e-5,
            "at {p:?}: {} < {}",
            a[k][0],
            s[k][0]
        );
    }
}

/// helixWarp's Phase turns the helix about its axis: with Phase phi the
/// input is seen at the point turned back by phi (a symmetry: the same
/// helix, sampled at turned points).
#[test]
fn helix_warp_phase_turns_the_helix() {
    let Some(gpu) = gpu("helix_warp_phase_turns_the_helix") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(627, 200, -1.8, 1.8);
    let phi: f64 = 50.0;
    let (c, s) = (phi.to_radians().cos(), phi.to_radians().sin());
    // Turned back by phi about y (angles run from x towards z).
    let turned: Vec<[f32; 3]> = pts
        .iter()
        .map(|p| {
            let (x, z) = (p[0] as f64, p[2] as f64);
            [(c * x + s * z) as f32, p[1], (-s * x + c * z) as f32]
        })
        .collect();
    let extra = "  /pos: { rop: position }\n  /v: { rop: reorderField, inputs: [/pos] }\n";
    let with = format!(
        "{{ rop: helixWarp, params: {{ Radius: 1, Pitch: 0.7, Phase: {phi} }}, inputs: [/v] }}"
    );
    let without = "{ rop: helixWarp, params: { Radius: 1, Pitch: 0.7 }, inputs: [/v] }";
    let a = sample(&gpu, &lib, &probe("probeColor3", &with, extra), &pts);
    let b = sample(&gpu, &lib, &probe("probeColor3", without, extra), &turned);
    let mut bad = Vec::new();
    for k in 0..pts.len() {
        // Away from the seams where the nearest winding changes.
        if (0..3).any(|i| (a[k][i] - b[k][i]).abs() > 1e-3) {
            bad.push(format!("  at {:?}: {:?} vs {:?}", pts[k], a[k], b[k]));
        }
    }
    assert!(
        bad.len() * 50 <= pts.len(),
        "{} of {} differ:\n{}",
        bad.len(),
        pts.len(),
        bad[..bad.len().min(8)].join("\n")
    );
}
