//! ROPs written to stand in for RayTK operators of the camera, combine,
//! convert, field, filter and function categories that had none
//! (docs/raytk-operators.yaml). Each check samples the GPU and compares
//! with a reference written here: the operator's formula in Rust, or an
//! exact distance from the shape's geometry. Each says which in a comment.

use crate::catalog::an::{self, V2, V3};
use crate::catalog::*;
use crate::common::*;
use crate::parity::{expect_vec, smoothstep};
use std::f64::consts::{PI, TAU};

// ---------------------------------------------------------------------------
// Helpers

/// The position as a vec4 field (x, y, z, 1): position kept from its float form.
const POS4: &str = "  /p0: { rop: position }\n  /p: { rop: restrictTypes, params: { Float: false, Sdf: false }, inputs: [/p0] }\n";

/// A sphere of radius 1.1 at (0.2, -0.1, 0.3), as /b.
const BALL: &str = "  /b: { rop: sphere, params: { Radius: 1.1, Translate: [0.2, -0.1, 0.3] } }\n";

fn ball_d(p: V3) -> f64 {
    an::len3(an::sub3(p, [0.2, -0.1, 0.3])) - 1.1
}

/// Exact distance to an axis-aligned rectangle of size `s` centred at `c`.
fn rect_d(p: V2, s: V2, c: V2) -> f64 {
    let dx = (p[0] - c[0]).abs() - s[0] / 2.0;
    let dy = (p[1] - c[1]).abs() - s[1] / 2.0;
    an::len2([dx.max(0.0), dy.max(0.0)]) + dx.max(dy).min(0.0)
}

/// A 2D cross-section distance `w0` intersected with the slab |h| <= half:
/// the exact extrusion formula.
fn slab_d(w0: f64, h: f64, half: f64) -> f64 {
    let w1 = h.abs() - half;
    w0.max(w1).min(0.0) + an::len2([w0.max(0.0), w1.max(0.0)])
}

/// hg_sdf's round intersection, from its definition.
fn intersect_round(a: f64, b: f64, r: f64) -> f64 {
    (-r).min(a.max(b)) + an::len2([(r + a).max(0.0), (r + b).max(0.0)])
}

/// RayTK magnetField's falloff: Amount inside Radius - Fade / 2, 0 from
/// Radius out, a smoothstep between.
fn magnet(d: f64, amount: f64, radius: f64, fade: f64) -> f64 {
    amount * (1.0 - smoothstep(radius - fade / 2.0, radius, d))
}

/// The log-spiral map of a plane point about `c`: (Branches a + tx r,
/// a - ty r) with a the angle in turns and r the log distance, plus the
/// log distance and distance.
fn spiral(w: V2, c: V2, branches: f64, twist: V2) -> (V2, f64, f64) {
    let (u, v) = (w[0] - c[0], w[1] - c[1]);
    let d = u.hypot(v);
    let r = d.ln();
    let a = v.atan2(u) / TAU;
    ([branches * a + twist[0] * r, a - twist[1] * r], r, d)
}

/// A custom node that runs a float -> vec4 function (/f) at the point's x,
/// so a probe can sample colour functions.
const COLOR_FN_AT_X: &str = "{ rop: custom, custom: { coordTypes: [vec3], returnTypes: [vec4], inputs: [{ name: fn, coordTypes: [float], returnTypes: [vec4], required: true }], function: \"ReturnT thismap(CoordT p, ContextT ctx) { return inputOp1(p.x, ctx); }\" }, inputs: [/f] }";

// ---------------------------------------------------------------------------
// Combine and field

#[test]
fn raytk_new_combine_and_field_rops() {
    let Some(gpu) = gpu("raytk_new_combine_and_field_rops") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(5101, 150, -1.8, 1.8);
    let pts2 = points2(5102, 150, -1.8, 1.8);

    // formula: mixFields weighted: (sum of value * level + default value *
    // default level) / (sum of levels), a disabled input left out.
    let extra = "  /a: { rop: constant, params: { Value: 2.0 } }\n  /y: { rop: position, params: { Component: y } }\n  /x: { rop: position, params: { Component: x } }\n";
    let node = "{ rop: mixFields, params: { Mode: weighted, Level1: 0.5, Level2: 0.25, Enable3: false, DefaultValue: [4, 1, 1, 1], DefaultLevel: 0.75 }, inputs: [/a, /y, /x] }";
    let out = sample(&gpu, &lib, &probe("probeFloat3", node, extra), &pts);
    expect_exact("mixFields weighted", &pts, &out, |p| {
        (2.0 * 0.5 + p[1] as f64 * 0.25 + 4.0 * 0.75) / 1.5
    });

    // formula: mixFields add on vectors; a float field counts in every component.
    let extra = format!("{POS4}  /k: {{ rop: constant, params: {{ Value: 0.3 }} }}\n");
    let node = "{ rop: mixFields, params: { Level1: 0.5, Level2: 2.0, DefaultValue: [1, 2, 3, 4], DefaultLevel: 0.5 }, inputs: [/p, /k] }";
    let out = sample(&gpu, &lib, &probe("probeColor3", node, &extra), &pts);
    expect_vec("mixFields add vec4", &pts, &out, 4, 1e-4, |p| {
        let q = v3(p);
        [
            0.5 * q[0] + 0.6 + 0.5,
            0.5 * q[1] + 0.6 + 1.0,
            0.5 * q[2] + 0.6 + 1.5,
            0.5 + 0.6 + 2.0,
        ]
    });

    // formula: mixColorFields weighted: (RGB * Color * Level summed, plus
    // Base color * Base level) / (sum of levels), alpha 1.
    let extra = format!("{POS4}  /k: {{ rop: constant, params: {{ Value: 0.8 }} }}\n");
    let node = "{ rop: mixColorFields, params: { Mode: weighted, BaseColor: [0.2, 0.4, 0.6], BaseLevel: 1.0, Color1: [1, 0.5, 0.25], Level1: 1.0, Color2: [0, 1, 1], Level2: 3.0 }, inputs: [/p, /k] }";
    let out = sample(&gpu, &lib, &probe("probeColor3", node, &extra), &pts);
    expect_vec("mixColorFields weighted", &pts, &out, 4, 1e-4, |p| {
        let q = v3(p);
        [
            (q[0] + 0.2) / 5.0,
            (0.5 * q[1] + 0.8 * 3.0 + 0.4) / 5.0,
            (0.25 * q[2] + 0.8 * 3.0 + 0.6) / 5.0,
            1.0,
        ]
    });

    // formula: distanceAlongAxis is |coordinate - Center| along the axis.
    let node = "{ rop: distanceAlongAxis, params: { Axis: z, Center: 0.3 } }";
    let out = sample(&gpu, &lib, &probe("probeFloat3", node, ""), &pts);
    expect_exact("distanceAlongAxis z", &pts, &out, |p| {
        (p[2] as f64 - 0.3).abs()
    });

    // formula: angleVector in 3D, the theta and phi fields adding to the
    // offsets (degrees) and the length field replacing Length.
    let extra = "  /th: { rop: position, params: { Component: x, Scale: 30 } }\n  /ph: { rop: position, params: { Component: y, Scale: 45 } }\n  /ln: { rop: position, params: { Component: z } }\n";
    let node = "{ rop: angleVector, params: { ThetaOffset: 25, PhiOffset: 20 }, inputs: { thetaField: /th, phiField: /ph, lengthField: /ln } }";
    let out = sample(&gpu, &lib, &probe("probeColor3", node, extra), &pts);
    expect_vec("angleVector 3D", &pts, &out, 4, 1e-3, |p| {
        let q = v3(p);
        let t = (25.0 + 30.0 * q[0]).to_radians();
        let f = (20.0 + 45.0 * q[1]).to_radians();
        let l = q[2];
        [
            l * t.sin() * f.cos(),
            l * t.sin() * f.sin(),
            l * t.cos(),
            0.0,
        ]
    });

    // formula: magnetFalloff vectorAmount with an easing function
    // (parabolaFunction, 4t(1 - t)) over the ramp from Radius (0) to
    // Radius - Fade / 2 (1).
    let c: V3 = [0.3, -0.2, 0.4];
    let extra = "  /e: { rop: parabolaFunction }\n";
    let node = "{ rop: magnetFalloff, params: { Format: vectorAmount, Amount: 2.0, Center: [0.3, -0.2, 0.4], Radius: 1.6, Fade: 2.0 }, inputs: { easing: /e } }";
    let out = sample(&gpu, &lib, &probe("probeColor3", node, extra), &pts);
    expect_vec(
        "magnetFalloff vectorAmount easing",
        &pts,
        &out,
        4,
        1e-3,
        |p| {
            let v = an::sub3(v3(p), c);
            let t = ((an::len3(v) - 1.6) / (0.6 - 1.6)).clamp(0.0, 1.0);
            [v[0], v[1], v[2], 2.0 * 4.0 * t * (1.0 - t)]
        },
    );

    // formula: magnetFalloff centerAmount in 2D with the centre from a
    // vector field.
    let extra = "  /c0: { rop: constant, params: { Color: [0.3, -0.2, 0.9, 1] } }\n  /c: { rop: restrictTypes, params: { Float: false, Sdf: false }, inputs: [/c0] }\n";
    let node = "{ rop: magnetFalloff, params: { Format: centerAmount, Amount: 1.0, Radius: 1.2, Fade: 0.8 }, inputs: { coordField: /c } }";
    let out = sample(&gpu, &lib, &probe("probeColor2", node, extra), &pts2);
    expect_vec("magnetFalloff 2D centre field", &pts2, &out, 4, 1e-3, |p| {
        let d = an::len2([p[0] as f64 - 0.3, p[1] as f64 + 0.2]);
        [0.3, -0.2, 0.0, magnet(d, 1.0, 1.2, 0.8)]
    });
}

// ---------------------------------------------------------------------------
// Filters

#[test]
fn raytk_new_filter_rops() {
    let Some(gpu) = gpu("raytk_new_filter_rops") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(5201, 150, -1.8, 1.8);

    // formula: slabCut diff, mirrored and smoothed: a round intersection
    // with the negated slab distance of |y|.
    let node = "{ rop: slabCut, params: { Axis: y, Offset: 0.4, Thickness: 0.15, Operation: diff, Mirror: true, Smooth: true, SmoothRadius: 0.1 }, inputs: [/b] }";
    let out = sample(&gpu, &lib, &sdf3(node, BALL), &pts);
    expect_exact("slabCut diff mirror smooth", &pts, &out, |p| {
        let slab = ((p[1] as f64).abs() - 0.4).abs() - 0.15;
        intersect_round(ball_d(v3(p)), -slab, 0.1)
    });

    // formula: modifyDistance replace by a field of the dist variable (3 d).
    let extra = format!(
        "{BALL}  /d: {{ rop: variableReference, params: {{ Name: dist, Type: float }} }}\n  /v: {{ rop: math, params: {{ Operation: multiply, Value: 3.0 }}, inputs: [/d] }}\n"
    );
    let node = "{ rop: modifyDistance, params: { Mode: replace }, inputs: [/b, /v] }";
    let out = sample(&gpu, &lib, &sdf3(node, &extra), &pts);
    expect_exact("modifyDistance dist variable", &pts, &out, |p| {
        3.0 * ball_d(v3(p))
    });

    // formula: logSpiralWarp around y maps the plane (z, x) and keeps y.
    let node = "{ rop: logSpiralWarp, params: { Axis: y, Center: [0.2, -0.1], Twist: [0.4, -0.3], Branches: 3, Phase: [0.1, 0.05] }, inputs: [/p] }";
    let out = sample(&gpu, &lib, &probe("probeColor3", node, POS4), &pts);
    expect_vec("logSpiralWarp Axis y", &pts, &out, 4, 1e-3, |p| {
        let q = v3(p);
        let (w, _, _) = spiral([q[2], q[0]], [0.2, -0.1], 3.0, [0.4, -0.3]);
        [w[1] + 0.05, q[1], w[0] + 0.1, 1.0]
    });

    // formula: logSpiralWarp provides (log distance, distance) to a field on
    // Phase.
    let extra = format!(
        "{POS4}  /lv0: {{ rop: variableReference, params: {{ Name: logdist, Type: vec2 }} }}\n  /lv: {{ rop: restrictTypes, params: {{ Float: false, Sdf: false }}, inputs: [/lv0] }}\n"
    );
    let node = "{ rop: logSpiralWarp, inputs: { input: /p, Phase: /lv } }";
    let out = sample(&gpu, &lib, &probe("probeColor3", node, &extra), &pts);
    expect_vec("logSpiralWarp logdist variable", &pts, &out, 4, 1e-3, |p| {
        let q = v3(p);
        let (w, r, d) = spiral([q[0], q[1]], [0.0, 0.0], 4.0, [0.5, 0.5]);
        [w[0] + r, w[1] + d, q[2], 1.0]
    });

    // formula: isoRotate turns (y, z) by -atan(1 / sqrt(2)), then (x, z) by
    // pi / 4, each as v -> cos(t) v + sin(t) (v.y, -v.x).
    let node = "{ rop: isoRotate, inputs: [/p] }";
    let out = sample(&gpu, &lib, &probe("probeColor3", node, POS4), &pts);
    expect_vec("isoRotate", &pts, &out, 4, 1e-4, |p| {
        let [x, y, z] = v3(p);
        let (s, c) = (-(1.0 / 2f64.sqrt()).atan()).sin_cos();
        let (y, z) = (c * y + s * z, c * z - s * y);
        let (s, c) = (PI / 4.0).sin_cos();
        let (x, z) = (c * x + s * z, c * z - s * x);
        [x, y, z, 1.0]
    });

    // formula: stereoRotate4D lifts p onto the 3-sphere (k p, k - 1), k = 2
    // / (1 + |p|^2), turns (y, w) about the origin by 40 degrees (v -> cos(a)
    // v + sin(a) (v.y, -v.x)), projects back (xyz / (1 + w)) and corrects
    // the distance by min(1, 1 / |q|) max(1, |p|).
    let extra = "  /b: { rop: sphere, params: { Radius: 0.5 } }\n";
    let node = "{ rop: stereoRotate4D, params: { Plane: yw, Rotate: 40 }, inputs: [/b] }";
    let out = sample(&gpu, &lib, &sdf3(node, extra), &pts);
    expect_exact("stereoRotate4D", &pts, &out, |p| {
        let x = v3(p);
        let k = 2.0 / (1.0 + an::dot3(x, x));
        let (y, w) = (k * x[1], k - 1.0);
        let (s, c) = 40f64.to_radians().sin_cos();
        let (y, w) = (c * y + s * w, c * w - s * y);
        let q = [k * x[0] / (1.0 + w), y / (1.0 + w), k * x[2] / (1.0 + w)];
        let e = an::len3(q);
        (e - 0.5) * (1.0 / e).min(1.0) * an::len3(x).max(1.0)
    });

    // formula: stereoRotate4D provides the lifted point (k p, k - 1) as pos4d.
    let extra = "  /q0: { rop: variableReference, params: { Name: pos4d, Type: vec4 } }\n  /q: { rop: restrictTypes, params: { Float: false, Sdf: false }, inputs: [/q0] }\n";
    let node = "{ rop: stereoRotate4D, inputs: [/q] }";
    let out = sample(&gpu, &lib, &probe("probeColor3", node, extra), &pts);
    expect_vec("stereoRotate4D pos4d", &pts, &out, 4, 1e-4, |p| {
        let x = v3(p);
        let k = 2.0 / (1.0 + an::dot3(x, x));
        [k * x[0], k * x[1], k * x[2], k - 1.0]
    });

    // formula: rescaleField rangeMultiplyAdd (RayTK's rescaleFloatField):
    // the range mapping, then * Multiply + Add.
    let extra = "  /x: { rop: position, params: { Component: x } }\n";
    let node = "{ rop: rescaleField, params: { Mode: rangeMultiplyAdd, InputLow: [-1, 0, 0, 0], InputHigh: [2, 1, 1, 1], OutputLow: [0, 0, 0, 0], OutputHigh: [6, 1, 1, 1], Multiply: [0.5, 1, 1, 1], Add: [-0.25, 0, 0, 0] }, inputs: [/x] }";
    let out = sample(&gpu, &lib, &probe("probeFloat3", node, extra), &pts);
    expect_exact("rescaleField rangeMultiplyAdd", &pts, &out, |p| {
        (p[0] as f64 + 1.0) / 3.0 * 6.0 * 0.5 - 0.25
    });
}

// ---------------------------------------------------------------------------
// Converters and functions

#[test]
fn raytk_new_convert_and_function_rops() {
    let Some(gpu) = gpu("raytk_new_convert_and_function_rops") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(5301, 150, -1.8, 1.8);
    let rect = "  /c: { rop: rectangle, params: { Size: [1, 0.5], Translate: [0.2, 0.1] } }\n";

    // exact: projectPlane yx reads (y, x) as the 2D point: an endless prism
    // along z.
    let node = "{ rop: projectPlane, params: { Plane: yx }, inputs: [/c] }";
    let out = sample(&gpu, &lib, &sdf3(node, rect), &pts);
    expect_exact("projectPlane yx", &pts, &out, |p| {
        rect_d([p[1] as f64, p[0] as f64], [1.0, 0.5], [0.2, 0.1])
    });

    // formula: projectPlane zx provides y, the remaining axis, as axispos.
    let extra = "  /v: { rop: variableReference, params: { Name: axispos, Type: float } }\n";
    let node = "{ rop: projectPlane, params: { Plane: zx }, inputs: [/v] }";
    let out = sample(&gpu, &lib, &probe("probeFloat3", node, extra), &pts);
    expect_exact("projectPlane axispos", &pts, &out, |p| p[1] as f64);

    // exact: extrudeLine of a circle is the finite cylinder between the points.
    let (a, b): (V3, V3) = ([-0.6, -0.4, 0.2], [0.5, 0.7, -0.3]);
    let ab = an::sub3(b, a);
    let len = an::len3(ab);
    let along = |p: V3| an::dot3(an::sub3(p, a), ab) / len;
    let extra = "  /c: { rop: circle, params: { Radius: 0.35 } }\n";
    let node = "{ rop: extrudeLine, params: { Point1: [-0.6, -0.4, 0.2], Point2: [0.5, 0.7, -0.3] }, inputs: [/c] }";
    let out = sample(&gpu, &lib, &sdf3(node, extra), &pts);
    expect_exact("extrudeLine cylinder", &pts, &out, |p| {
        let q = v3(p);
        let t = along(q);
        let radial = (an::dot3(an::sub3(q, a), an::sub3(q, a)) - t * t)
            .max(0.0)
            .sqrt();
        slab_d(radial - 0.35, t - len / 2.0, len / 2.0)
    });

    // formula: extrudeLine provides (axispos, normoffset); a cross-section
    // whose distance is normoffset (the clamped fraction along the line).
    let extra = "  /c: { rop: circle, params: { Radius: 0.35 } }\n  /v0: { rop: variableReference, params: { Name: axispos, Type: vec2 } }\n  /v1: { rop: restrictTypes, params: { Float: false, Sdf: false }, inputs: [/v0] }\n  /v: { rop: vectorToFloat, params: { Part: y }, inputs: [/v1] }\n  /m: { rop: modifyDistance, params: { Mode: replace }, inputs: [/c, /v] }\n";
    let node = "{ rop: extrudeLine, params: { Point1: [-0.6, -0.4, 0.2], Point2: [0.5, 0.7, -0.3] }, inputs: [/m] }";
    let out = sample(&gpu, &lib, &sdf3(node, extra), &pts);
    expect_exact("extrudeLine normoffset", &pts, &out, |p| {
        let t = along(v3(p));
        slab_d((t / len).clamp(0.0, 1.0), t - len / 2.0, len / 2.0)
    });

    // exact: extrudeLine along +x puts the section's x on -z and its y on y.
    let node =
        "{ rop: extrudeLine, params: { Point1: [-1, 0, 0], Point2: [1, 0, 0] }, inputs: [/c] }";
    let out = sample(&gpu, &lib, &sdf3(node, rect), &pts);
    expect_exact("extrudeLine frame", &pts, &out, |p| {
        let q = v3(p);
        slab_d(rect_d([-q[2], q[1]], [1.0, 0.5], [0.2, 0.1]), q[0], 1.0)
    });

    // formula: rainbowFunction is cubehelix(2 pi t - 1.74533, s, l) with
    // (s, l) = (1.5, 0.8) - (0.25 cos(2 pi t) + 0.25) (1.5, 0.9), t = x + Phase.
    let extra = "  /f: { rop: rainbowFunction, params: { Phase: 0.3 } }\n";
    let out = sample(
        &gpu,
        &lib,
        &probe("probeColor3", COLOR_FN_AT_X, extra),
        &pts,
    );
    expect_vec("rainbowFunction", &pts, &out, 4, 1e-3, |p| {
        let t = p[0] as f64 + 0.3;
        let k = 0.25 * (TAU * t).cos() + 0.25;
        let (s, l) = (1.5 - 1.5 * k, 0.8 - 0.9 * k);
        let h = TAU * t - 1.74533;
        let a = [0.14861, 0.29227, -1.97294];
        let b = [1.78277, -0.90649, 0.0];
        let ch = |i: usize| l * (1.0 + s * (1.0 - l) * (h.sin() * a[i] + h.cos() * b[i]));
        [ch(0), ch(1), ch(2), 1.0]
    });

    let xs: Vec<[f32; 3]> = (0..101)
        .map(|i| [-0.2 + 1.4 * i as f32 / 100.0, 0.0, 0.0])
        .collect();

    // formula: pausingWaveFunction smoothstep(0, Low - High, |fract(x) - 0.5| - 0.5 + Low).
    let node = "{ rop: pausingWaveFunction, params: { LowWidth: 0.4, HighWidth: 0.1 } }";
    let out = sample(&gpu, &lib, &probe("probeFunction", node, ""), &xs);
    expect_exact("pausingWaveFunction", &xs, &out, |p| {
        let x = p[0] as f64;
        smoothstep(0.0, 0.3, (x - x.floor() - 0.5).abs() - 0.5 + 0.4)
    });

    // formula: joinFunction runs input k on 3x - (k - 1) over its third of
    // 0..1 (an identity, a parabola 4t(1 - t) clamped to 0..1, and 5 + t).
    let extra = "  /a: { rop: remapFunction, params: { FromRange: [-10, 10], ToRange: [-10, 10] } }\n  /b: { rop: parabolaFunction }\n  /c: { rop: remapFunction, params: { FromRange: [0, 1], ToRange: [5, 6], Clamp: false } }\n";
    let node = "{ rop: joinFunction, inputs: [/a, /b, /c] }";
    let out = sample(&gpu, &lib, &probe("probeFunction", node, extra), &xs);
    expect_exact("joinFunction", &xs, &out, |p| {
        let i = 3.0 * p[0] as f64;
        if i <= 1.0 {
            i
        } else if i <= 2.0 {
            let t = (i - 1.0).clamp(0.0, 1.0);
            4.0 * t * (1.0 - t)
        } else {
            5.0 + (i - 2.0)
        }
    });

    // formula: extendFunction mirror bounces each coordinate between -0.5 and 0.7.
    let node = "{ rop: extendFunction, params: { Extend: mirror, RangeLow: -0.5, RangeHigh: 0.7 }, inputs: [/p] }";
    let out = sample(&gpu, &lib, &probe("probeColor3", node, POS4), &pts);
    expect_vec("extendFunction mirror", &pts, &out, 4, 1e-4, |p| {
        let m = |v: f64| {
            let u = (v + 0.5).rem_euclid(2.4);
            -0.5 + 1.2 - (u - 1.2).abs()
        };
        let q = v3(p);
        [m(q[0]), m(q[1]), m(q[2]), 1.0]
    });

    // exact: modulateFunction runs the sphere at the vector field's value,
    // half the point: the distance from p / 2 to the sphere.
    let extra = "  /f: { rop: sphere, params: { Radius: 1.0, Translate: [0.3, 0, 0] } }\n  /g0: { rop: position, params: { Scale: 0.5 } }\n  /g: { rop: restrictTypes, params: { Float: false, Sdf: false }, inputs: [/g0] }\n";
    let node = "{ rop: modulateFunction, inputs: [/f, /g] }";
    let out = sample(&gpu, &lib, &sdf3(node, extra), &pts);
    expect_exact("modulateFunction", &pts, &out, |p| {
        let q = v3(p);
        an::len3(an::sub3(
            [0.5 * q[0], 0.5 * q[1], 0.5 * q[2]],
            [0.3, 0.0, 0.0],
        )) - 1.0
    });
}

// ---------------------------------------------------------------------------
// More filters, combines and fields

/// RayTK's curve (filter/curveBend), from its definition: the point turned
/// in xz by R.y, moved by the arc's radius, mirrored past the arc's end and
/// mapped to (radial, along the arc, z), then turned back with the twist.
/// `turn` is a row vector times RayTK's rotateMatrix2d.
fn curve_map(p: V3, h: f64, r: V3) -> V3 {
    let turn = |u: f64, v: f64, a: f64| {
        let (s, c) = a.sin_cos();
        (u * c - v * s, u * s + v * c)
    };
    let side = if r[0] < 0.0 { -1.0 } else { 1.0 };
    let (sx, cx) = r[0].sin_cos();
    let radius = 0.5 * h / r[0];
    let (x, z) = turn(p[0], p[2], r[1]);
    let (x, y) = (x - radius, p[1]);
    let k = (sx * x + cx * y).max(0.0);
    let (wx, wy) = (x - 2.0 * sx * k, y - 2.0 * cx * k);
    let u = [
        radius - an::len2([wx, wy]) * side,
        radius * (side * y).atan2(-side * x),
        z,
    ];
    let (uz, ux) = turn(u[2], u[0], r[1] + r[2] * u[1] / h);
    [ux, u[1], uz]
}

/// The point of the quadratic Bezier (a, b, c) at t.
fn bezier_at(a: V3, b: V3, c: V3, t: f64) -> V3 {
    let s = 1.0 - t;
    [0, 1, 2].map(|i| s * s * a[i] + 2.0 * s * t * b[i] + t * t * c[i])
}

#[test]
fn raytk_new_more_rops() {
    let Some(gpu) = gpu("raytk_new_more_rops") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(5401, 150, -1.8, 1.8);

    // formula: reshapeValues runs a colour function (cosinePaletteFunction
    // with its defaults, 0.5 + 0.5 cos(2 pi (t + (0, 0.33, 0.67)))) on a
    // float field, |y|.
    let extra = "  /y: { rop: distanceAlongAxis, params: { Axis: y } }\n  /f: { rop: cosinePaletteFunction }\n";
    let node = "{ rop: reshapeValues, inputs: [/y, /f] }";
    let out = sample(&gpu, &lib, &probe("probeColor3", node, extra), &pts);
    expect_vec("reshapeValues float to colour", &pts, &out, 4, 1e-3, |p| {
        let t = (p[1] as f64).abs();
        let ch = |d: f64| 0.5 + 0.5 * (TAU * (t + d)).cos();
        [ch(0.0), ch(0.33), ch(0.67), 1.0]
    });

    // formula: reshapeValues on an SDF's distance: parabolaFunction of the
    // sphere's distance (4t(1 - t), t clamped to 0..1).
    let extra = "  /b: { rop: sphere }\n  /f: { rop: parabolaFunction }\n";
    let node = "{ rop: reshapeValues, inputs: [/b, /f] }";
    let out = sample(&gpu, &lib, &sdf3(node, extra), &pts);
    expect_exact("reshapeValues SDF", &pts, &out, |p| {
        let t = (an::len3(v3(p)) - 1.0).clamp(0.0, 1.0);
        4.0 * t * (1.0 - t)
    });

    // formula: fieldFunction atan2 is atan(a, b) per component, a vector
    // field against a float field.
    let extra = format!("{POS4}  /k: {{ rop: constant, params: {{ Value: -0.5 }} }}\n");
    let node = "{ rop: fieldFunction, params: { Function: atan2 }, inputs: [/p, /k] }";
    let out = sample(&gpu, &lib, &probe("probeColor3", node, &extra), &pts);
    expect_vec("fieldFunction atan2", &pts, &out, 4, 1e-3, |p| {
        let q = v3(p);
        [
            q[0].atan2(-0.5),
            q[1].atan2(-0.5),
            q[2].atan2(-0.5),
            1f64.atan2(-0.5),
        ]
    });

    // formula: curveBend maps the point as RayTK's curve does.
    let node = "{ rop: curveBend, params: { H: 1.7, R: [0.6, 0.4, 0.9] }, inputs: [/p] }";
    let out = sample(&gpu, &lib, &probe("probeColor3", node, POS4), &pts);
    expect_vec("curveBend", &pts, &out, 4, 1e-3, |p| {
        let u = curve_map(v3(p), 1.7, [0.6, 0.4, 0.9]);
        [u[0], u[1], u[2], 1.0]
    });

    // exact: mergeToggle with its second input hidden is the union of the
    // other two spheres.
    let extra = "  /a: { rop: sphere, params: { Radius: 0.5, Translate: [0.8, 0, 0] } }\n  /b: { rop: sphere, params: { Radius: 0.9 } }\n  /c: { rop: sphere, params: { Radius: 0.4, Translate: [-0.7, 0.5, 0] } }\n";
    let node = "{ rop: mergeToggle, params: { Enable2: false }, inputs: [/a, /b, /c] }";
    let out = sample(&gpu, &lib, &sdf3(node, extra), &pts);
    expect_exact("mergeToggle", &pts, &out, |p| {
        let q = v3(p);
        (an::len3(an::sub3(q, [0.8, 0.0, 0.0])) - 0.5)
            .min(an::len3(an::sub3(q, [-0.7, 0.5, 0.0])) - 0.4)
    });

    // brute force: quadraticBezierField offsetDist is (distance, parameter)
    // of the nearest of 4001 points along the curve.
    let (a, b, c): (V3, V3, V3) = ([-1.0, 0.2, 0.3], [0.4, 1.5, -0.5], [1.2, -0.3, 0.2]);
    let node = "{ rop: quadraticBezierField, params: { Format: offsetDist, Point1: [-1, 0.2, 0.3], Point2: [0.4, 1.5, -0.5], Point3: [1.2, -0.3, 0.2] } }";
    let out = sample(&gpu, &lib, &probe("probeColor3", node, ""), &pts);
    expect_vec(
        "quadraticBezierField offsetDist",
        &pts,
        &out,
        4,
        2e-3,
        |p| {
            let q = v3(p);
            let (d, t) = (0..=4000)
                .map(|i| {
                    let t = i as f64 / 4000.0;
                    (an::len3(an::sub3(q, bezier_at(a, b, c, t))), t)
                })
                .fold((f64::MAX, 0.0), |m, x| if x.0 < m.0 { x } else { m });
            [d, t, 0.0, 0.0]
        },
    );

    // brute force: extrudeBezier runs its input at the offset from the point
    // to the nearest of 4001 curve points, in that point's frame (x the
    // binormal unit(up x tangent), y the normal tangent x binormal, z the
    // tangent).
    let node = "{ rop: extrudeBezier, params: { Point1: [-1, 0.2, 0.3], Point2: [0.4, 1.5, -0.5], Point3: [1.2, -0.3, 0.2] }, inputs: [/p] }";
    let out = sample(&gpu, &lib, &probe("probeColor3", node, POS4), &pts);
    expect_vec("extrudeBezier", &pts, &out, 4, 3e-3, |p| {
        let q = v3(p);
        let t = (0..=4000)
            .map(|i| i as f64 / 4000.0)
            .fold((f64::MAX, 0.0), |m, t| {
                let d = an::len3(an::sub3(q, bezier_at(a, b, c, t)));
                if d < m.0 { (d, t) } else { m }
            })
            .1;
        let tangent = [0, 1, 2].map(|i| (2.0 - 2.0 * t) * (b[i] - a[i]) + 2.0 * t * (c[i] - b[i]));
        let tangent = {
            let l = an::len3(tangent);
            tangent.map(|x| x / l)
        };
        let side = an::cross([0.0, 1.0, 0.0], tangent);
        let side = {
            let l = an::len3(side);
            side.map(|x| x / l)
        };
        let up = an::cross(tangent, side);
        let d = an::sub3(bezier_at(a, b, c, t), q);
        [
            an::dot3(d, side),
            an::dot3(d, up),
            an::dot3(d, tangent),
            1.0,
        ]
    });

    // formula: fieldExpr runs its statements with param1, vecParam2 and in1:
    // 2.5^y + (0, 1, 0).p.
    let extra = "  /y: { rop: position, params: { Component: y } }\n";
    let node = "{ rop: fieldExpr, params: { Param1: 2.5, VecParam2: [0, 1, 0, 0], Expression: \"float k = pow(param1, in1(p, ctx)); return k + dot(vecParam2.xyz, p);\" }, inputs: [/y] }";
    let out = sample(&gpu, &lib, &probe("probeFloat3", node, extra), &pts);
    expect_exact("fieldExpr", &pts, &out, |p| {
        2.5f64.powf(p[1] as f64) + p[1] as f64
    });

    // formula: sampleAlongLine reads the box at Center + x unit(Direction)
    // turned about z, y, then x (each as v -> cos(a) v + sin(a) (v.y, -v.x)).
    let xs: Vec<[f32; 3]> = (0..101)
        .map(|i| [-2.0 + 4.0 * i as f32 / 100.0, 0.0, 0.0])
        .collect();
    let node = "{ rop: sampleAlongLine, params: { Center: [0.3, -0.2, 0.5], Direction: [1, 2, 0.5], Rotate: [30, -20, 45] }, inputs: [/b] }";
    let out = sample(&gpu, &lib, &probe("probeFunction", node, BOX), &xs);
    expect_exact("sampleAlongLine", &xs, &out, |p| {
        let dir = an::len3([1.0, 2.0, 0.5]);
        let x = p[0] as f64;
        let mut q = [x / dir, 2.0 * x / dir, 0.5 * x / dir];
        let turn = |u: f64, v: f64, deg: f64| {
            let (s, c) = deg.to_radians().sin_cos();
            (c * u + s * v, c * v - s * u)
        };
        (q[0], q[1]) = turn(q[0], q[1], 45.0);
        (q[0], q[2]) = turn(q[0], q[2], -20.0);
        (q[1], q[2]) = turn(q[1], q[2], 30.0);
        box_d([q[0] + 0.3, q[1] - 0.2, q[2] + 0.5])
    });
}

// ---------------------------------------------------------------------------
// Cameras and aggregateField

/// A fieldCamera looking along (dx + y, y, dz) at the pixel of height y: its
/// direction field reads only the image's y, so the checks hold whatever
/// the sampler's aspect ratio.
fn y_camera(id: &str, dx: f64, dz: f64) -> String {
    format!(
        "{{ rop: fieldCamera, inputs: {{ directionField: /d{id} }} }}\n  /d{id}: {{ rop: custom, custom: {{ coordTypes: [vec2], returnTypes: [vec4], contextTypes: [CameraContext], function: \"ReturnT thismap(CoordT p, ContextT ctx) {{ return vec4({dx:.1} + p.y, p.y, {dz:.1}, 0.0); }}\" }} }}"
    )
}

/// The unit direction (dx + y, y, dz) of [`y_camera`].
fn y_dir(dx: f64, y: f64, dz: f64) -> [f64; 4] {
    let l = an::len3([dx + y, y, dz]);
    [(dx + y) / l, y / l, dz / l, 0.0]
}

#[test]
fn raytk_new_camera_and_aggregate_rops() {
    let Some(gpu) = gpu("raytk_new_camera_and_aggregate_rops") else {
        return;
    };
    let lib = catalog_library();
    let uv: Vec<[f32; 3]> = points2(5501, 100, -0.5, 0.5);

    // formula: cameraRemap with a pixel map that flips the picture upside
    // down ((u, 1 - v)) gives the wrapped camera's ray at -y.
    let extra = format!(
        "  /c: {}\n  /m: {{ rop: custom, custom: {{ coordTypes: [vec2], returnTypes: [vec4], contextTypes: [CameraContext], function: \"ReturnT thismap(CoordT p, ContextT ctx) {{ return vec4(p.x, 1.0 - p.y, 0.0, 0.0); }}\" }} }}\n",
        y_camera("r", 0.3, 1.0)
    );
    let node = "{ rop: cameraRemap, inputs: [/c, /m] }";
    let out = sample(&gpu, &lib, &probe("probeCamera", node, &extra), &uv);
    expect_vec("cameraRemap flip", &uv, &out, 3, 1e-4, |p| {
        y_dir(0.3, -(p[1] as f64), 1.0)
    });

    // formula: tiledCameras vert with Rescale: the lower half runs camera 1,
    // the upper camera 2, each on its half stretched to a whole picture
    // (y' = 2 mod(y + 0.5, 0.5) - 0.5).
    let extra = format!(
        "  /c1: {}\n  /c2: {}\n",
        y_camera("a", 0.3, 1.0),
        y_camera("b", -0.5, 2.0)
    );
    let node = "{ rop: tiledCameras, params: { Layout: vert }, inputs: [/c1, /c2] }";
    let out = sample(&gpu, &lib, &probe("probeCamera", node, &extra), &uv);
    expect_vec("tiledCameras vert", &uv, &out, 3, 1e-4, |p| {
        let y = p[1] as f64;
        let local = 2.0 * (y + 0.5).rem_euclid(0.5) - 0.5;
        if y < 0.0 {
            y_dir(0.3, local, 1.0)
        } else {
            y_dir(-0.5, local, 2.0)
        }
    });

    // formula: aggregateField sub with Swap order (new - result) on the
    // index variable itself, (i, i / 3) for Count 4: (1, 1/3), then
    // (2, 2/3) - (1, 1/3), then (3, 1) - (1, 1/3) = (2, 2/3).
    let pts = points3(5502, 150, -1.8, 1.8);
    let extra = "  /i0: { rop: variableReference, params: { Name: index, Type: vec2 } }\n  /i: { rop: restrictTypes, params: { Float: false, Sdf: false }, inputs: [/i0] }\n";
    let node = "{ rop: aggregateField, params: { Count: 4, Operation: sub, SwapOrder: true }, inputs: [/i] }";
    let out = sample(&gpu, &lib, &probe("probeColor3", node, extra), &pts);
    expect_vec("aggregateField sub swapped", &pts, &out, 4, 1e-4, |_| {
        [2.0, 2.0 / 3.0, 0.0, 0.0]
    });
}

// ---------------------------------------------------------------------------
// Light and texture

#[test]
fn raytk_new_light_and_texture_rops() {
    let Some(gpu) = gpu("raytk_new_light_and_texture_rops") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(5601, 150, -3.0, 3.0);

    // formula: limitLight fades the light's colour by 1 - smoothstep(d0 -
    // f/2, d0 + f/2, distance to the light), and outside the bounds moved
    // out by the offset by 1 - smoothstep(0, blending, outside).
    let extra = "  /l: { rop: pointLight, params: { Position: [0.5, 0, 0], Color: [0.8, 0.6, 0.4] } }\n  /b: { rop: sphere, params: { Radius: 1.5 } }\n";
    let node = "{ rop: limitLight, params: { AttenuationDistance: 2.0, AttenuationFade: 1.0, BoundsOffset: 0.2, BoundsBlending: 0.5, OptimizeOutside: false }, inputs: [/l, /b] }";
    let out = sample(&gpu, &lib, &probe("probeLight", node, extra), &pts);
    expect_vec("limitLight", &pts, &out, 3, 1e-3, |p| {
        let q = v3(p);
        let mut keep = 1.0 - smoothstep(1.5, 2.5, an::len3(an::sub3(q, [0.5, 0.0, 0.0])));
        let outside = an::len3(q) - 1.5 - 0.2;
        if outside > 0.0 {
            keep *= 1.0 - smoothstep(0.0, 0.5, outside);
        }
        [0.8 * keep, 0.6 * keep, 0.4 * keep, 0.0]
    });

    // symmetry: texture1dField's mirror extension reads, at y, what hold
    // reads at y folded back into the range (-1..1 by Translate -1, Scale 2).
    let node =
        "{ rop: texture1dField, params: { Axis: y, Translate: -1, Scale: 2, Extend: mirror } }";
    let mirrored = sample(&gpu, &lib, &probe("probeColor3", node, ""), &pts);
    let folded: Vec<[f32; 3]> = pts
        .iter()
        .map(|p| {
            let u = (p[1] as f64 + 1.0) / 2.0;
            let m = 1.0 - ((u.rem_euclid(2.0)) - 1.0).abs();
            [p[0], (2.0 * m - 1.0) as f32, p[2]]
        })
        .collect();
    let node =
        "{ rop: texture1dField, params: { Axis: y, Translate: -1, Scale: 2, Extend: hold } }";
    let held = sample(&gpu, &lib, &probe("probeColor3", node, ""), &folded);
    expect_vec("texture1dField mirror", &pts, &mirrored, 4, 2e-3, |p| {
        let k = pts.iter().position(|q| q == p).unwrap();
        held[k].map(|c| c as f64)
    });
}
