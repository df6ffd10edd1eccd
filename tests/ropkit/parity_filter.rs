//! More RayTK parity: the modes, parameters and inputs added to filters,
//! combiners, converters, cameras, functions and lights so that they do what
//! the RayTK operators they stand in for do (docs/raytk-operators.yaml,
//! `parity: full`). Each check samples the GPU and compares with a
//! reference written here: the mode's formula in Rust, an exact distance
//! from the shape's geometry, or a symmetry between two settings of the
//! same ROP. Each says which in a comment.

use crate::catalog::an::{self, V2, V3};
use crate::catalog::*;
use crate::common::*;
use crate::parity::{expect_vec, norm3, rot_axis};
use std::f64::consts::{PI, TAU};

// ---------------------------------------------------------------------------
// Helpers

/// Up to four 3D SDF nodes (/q0 ...) sampled in one shader: a custom node
/// returns their distances as the four channels, under a vec3 -> vec4
/// probe (unused channels 0).
fn four_sdfs(nodes: &[&str], extra: &str) -> String {
    let inputs: String = (0..nodes.len())
        .map(|i| format!("        - {{ name: q{i}, coordTypes: [vec3], returnTypes: [Sdf], contextTypes: [Context], required: true }}\n"))
        .collect();
    let values: Vec<String> = (0..4)
        .map(|i| {
            if i < nodes.len() {
                format!("inputOp{}(p, ctx).x", i + 1)
            } else {
                "0.0".to_string()
            }
        })
        .collect();
    let wires: Vec<String> = (0..nodes.len()).map(|i| format!("/q{i}")).collect();
    let defs: String = nodes
        .iter()
        .enumerate()
        .map(|(i, n)| format!("  /q{i}: {n}\n"))
        .collect();
    format!(
        "  /s:\n    rop: custom\n    custom:\n      coordTypes: [vec3]\n      returnTypes: [vec4]\n      contextTypes: [Context]\n      inputs:\n{inputs}      function: |\n        ReturnT thismap(CoordT p, ContextT ctx) {{\n          return vec4({});\n        }}\n    inputs: [{}]\n{defs}{extra}  /out: {{ rop: probeColor3, inputs: [/s] }}\n",
        values.join(", "),
        wires.join(", ")
    )
}

// ---------------------------------------------------------------------------
// Functions and cameras

#[test]
fn flip_function_and_fisheye_lenses() {
    let Some(gpu) = gpu("flip_function_and_fisheye_lenses") else {
        return;
    };
    let lib = catalog_library();

    // formula: flipFunction's flips about 0, of a sine with a phase and an
    // offset (neither even nor odd): f(-x), -f(x), f(|x|), sign(x) f(|x|),
    // summed with weights 1, 3, 9, 27 (sumFunction) in one sampling.
    let f = |x: f64| 0.3 + (TAU * (x / 2.0 + 0.1)).sin();
    let xs: Vec<[f32; 3]> = (0..81)
        .map(|i| [-2.0 + 4.0 * i as f32 / 80.0, 0.0, 0.0])
        .collect();
    let flips = "  /w: { rop: waveFunction, params: { Period: 2.0, Phase: 0.1, Offset: 0.3 } }
  /f1: { rop: flipFunction, params: { Mode: negateInput }, inputs: [/w] }
  /f2: { rop: flipFunction, params: { Mode: negateOutput }, inputs: [/w] }
  /f3: { rop: flipFunction, params: { Mode: mirrorPositive }, inputs: [/w] }
  /f4: { rop: flipFunction, params: { Mode: flipNegative }, inputs: [/w] }
";
    let node =
        "{ rop: sumFunction, params: { Weights: [1, 3, 9, 27] }, inputs: [/f1, /f2, /f3, /f4] }";
    let out = sample(&gpu, &lib, &probe("probeFunction", node, flips), &xs);
    expect_within("flipFunction about 0", &xs, &out, 1e-3, |p| {
        let x = p[0] as f64;
        let sign = if x == 0.0 { 0.0 } else { x.signum() };
        f(-x) - 3.0 * f(x) + 9.0 * f(x.abs()) + 27.0 * sign * f(x.abs())
    });

    // formula: fisheyeCamera's equisolid lens: the angle off the axis for a
    // radius r (image heights) is 2 asin(r / 2f) with f = 1 / Fov, about an
    // Up of (1, 1, 0), the rays then turned by Rotate (x, then y, then z).
    let uv: Vec<[f32; 3]> = points2(77, 40, -0.45, 0.45);
    let (pos, target, up, fov, turn) = (
        [1.0, 2.0, 3.0],
        [1.0, 2.0, 2.0],
        [1.0, 1.0, 0.0],
        120.0f64,
        [10.0, 20.0, 30.0],
    );
    let lens = |p: &[f32; 3]| -> [f64; 4] {
        let fw = norm3(an::sub3(target, pos));
        let rt = norm3(an::cross(fw, norm3(up)));
        let upv = an::cross(rt, fw);
        let (x, y) = (p[0] as f64, p[1] as f64);
        let r = x.hypot(y);
        let rf = r * fov.to_radians();
        let theta = 2.0 * (rf / 2.0).min(1.0).asin();
        let (s, c) = theta.sin_cos();
        let d: V3 = std::array::from_fn(|i| c * fw[i] + s * (x / r * rt[i] + y / r * upv[i]));
        let d = (0..3).fold(norm3(d), |v, a| rot_axis(v, a, turn[a]));
        [d[0], d[1], d[2], 0.0]
    };
    let node = "{ rop: fisheyeCamera, params: { Position: [1, 2, 3], Target: [1, 2, 2], Fov: 120, Projection: equisolid, Up: [1, 1, 0], Rotate: [10, 20, 30] } }";
    let out = sample(&gpu, &lib, &probe("probeCamera", node, ""), &uv);
    expect_vec("fisheyeCamera equisolid", &uv, &out, 3, 1e-3, lens);
}

#[test]
fn iso_camera_projects_obliquely() {
    let Some(gpu) = gpu("iso_camera_projects_obliquely") else {
        return;
    };
    let lib = catalog_library();
    // formula: the oblique isoCamera's ray origins lie on the world's x and
    // y axes turned by Roll (15 degrees), Size 6 to the picture's height,
    // around the target moved back along the view by Distance. A custom
    // camera hands the origin to the probe in place of the direction.
    let uv = points2(151, 40, -0.5, 0.5);
    let nodes = "  /w:
    rop: custom
    custom:
      coordTypes: [vec2]
      returnTypes: [Ray]
      contextTypes: [CameraContext]
      inputs:
        - { name: camera, coordTypes: [vec2], returnTypes: [Ray], contextTypes: [CameraContext], required: true }
      function: |
        ReturnT thismap(CoordT p, ContextT ctx) {
          Ray r = inputOp1(p, ctx);
          return Ray(r.dir, r.pos);
        }
    inputs: [/c]
  /c: { rop: isoCamera, params: { Target: [0.5, 0.2, -0.3], Size: 6, Azimuth: 30, Elevation: 20, Projection: oblique, Roll: 15, Distance: 50 } }
  /out: { rop: probeCamera, inputs: [/w] }
";
    let out = sample(&gpu, &lib, nodes, &uv);
    let (az, el, roll) = (30f64.to_radians(), 20f64.to_radians(), 15f64.to_radians());
    let back = [el.cos() * az.sin(), el.sin(), el.cos() * az.cos()];
    expect_vec("isoCamera oblique origins", &uv, &out, 3, 1e-4, |p| {
        let (x, y) = (p[0] as f64, p[1] as f64);
        let right = [roll.cos(), roll.sin(), 0.0];
        let up = [-roll.sin(), roll.cos(), 0.0];
        let target = [0.5, 0.2, -0.3];
        let o: V3 =
            std::array::from_fn(|i| target[i] + back[i] * 50.0 + (x * right[i] + y * up[i]) * 6.0);
        [o[0], o[1], o[2], 0.0]
    });
}

// ---------------------------------------------------------------------------
// Filters that read the iteration

#[test]
fn iteration_switch_and_range_transform_read_the_cell() {
    let Some(gpu) = gpu("iteration_switch_and_range_transform_read_the_cell") else {
        return;
    };
    let lib = catalog_library();
    let pts = points2(5, 150, -3.5, 3.5);
    let cell = |p: &[f32; 3]| {
        let (x, y) = (p[0] as f64, p[1] as f64);
        let (cx, cy) = ((x + 0.5).floor(), (y + 0.5).floor());
        (x - cx, y - cy, cx, cy)
    };

    // formula: iterationSwitch under a 2D gridRepeat reading the y cell
    // (iteration part z) plus Offset 1, going back and forth over the three
    // inputs (zigzag: 0 1 2 1 0 1 2 ...), each a circle of its own radius
    // at the cell's centre.
    let nodes = "  /w: { rop: iterationSwitch, params: { Part: z, Extend: zigzag, Offset: 1 }, inputs: [/a, /b, /c] }\n  /a: { rop: circle, params: { Radius: 0.1 } }\n  /b: { rop: circle, params: { Radius: 0.2 } }\n  /c: { rop: circle, params: { Radius: 0.3 } }\n  /g: { rop: gridRepeat, params: { Spacing: [1, 1, 0] }, inputs: [/w] }\n  /out: { rop: render2D, inputs: [/g] }\n";
    let out = sample(&gpu, &lib, nodes, &pts);
    expect_exact("iterationSwitch zigzag", &pts, &out, |p| {
        let (qx, qy, _, cy) = cell(p);
        let z = (cy + 1.0).rem_euclid(4.0);
        let pick = if z > 2.0 { 4.0 - z } else { z };
        qx.hypot(qy) - [0.1, 0.2, 0.3][pick as usize]
    });

    // formula: rangeTransform with the raw x cell mapped from an Index range
    // of -2..2 and looped (t = fract((cx + 2) / 4)): the circle moves up by
    // 0.4 t and grows by 1 + 0.5 t.
    let node = "{ rop: rangeTransform, params: { UseIndexRange: true, IndexRange: [-2, 2], Loop: true, TranslateTo: [0, 0.4, 0], ScaleTo: 1.5 }, inputs: [/a] }";
    let nodes = format!(
        "  /a: {{ rop: circle, params: {{ Radius: 0.3 }} }}\n  /r: {node}\n  /g: {{ rop: gridRepeat, params: {{ Spacing: [1, 1, 0] }}, inputs: [/r] }}\n  /out: {{ rop: render2D, inputs: [/g] }}\n"
    );
    let out = sample(&gpu, &lib, &nodes, &pts);
    expect_exact("rangeTransform Index range and Loop", &pts, &out, |p| {
        let (qx, qy, cx, _) = cell(p);
        let t = ((cx + 2.0) / 4.0).rem_euclid(1.0);
        let s = 1.0 + 0.5 * t;
        (qx / s).hypot((qy - 0.4 * t) / s) * s - 0.3 * s
    });
}

// ---------------------------------------------------------------------------
// Folds and shells

#[test]
fn folds_shells_and_reflections_take_their_raytk_options() {
    let Some(gpu) = gpu("folds_shells_and_reflections_take_their_raytk_options") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(11, 160, -2.2, 2.2);
    let n = norm3([1.0, 0.5, 0.0]);
    // Four filters of the box in one sampling, each channel a formula:
    // x: mirrorDiagonal (RayTK's mirrorOctant) in the xz plane with Rotate
    // axis (the point turned back by 25 degrees), Size (|w| - Size before
    // the diagonal) and Offset (subtracted after the fold);
    // y: moduloDistance around the y axis through Center (cylindrical
    // shells, the height kept), every other shell mirrored (Spacing - u);
    // z: mirrorOctant (RayTK's mirrorQuadrant) in the xz plane: after the
    // fold (|w| - Offset) the point turned back by Rotate axis (30 degrees)
    // and moved by Post offset;
    // w: reflect with Shift (the point moved back along the unit normal
    // first) and Blend (within 0.4 of the plane its distance t to it
    // becomes 0.4 (x^2 + 1) / 2 with x = |t| / 0.4, elsewhere |t|).
    let nodes = four_sdfs(
        &[
            "{ rop: mirrorDiagonal, params: { Axis: y, RotateAxis: 25, Size: [0.3, 0.1], Offset: [0.2, -0.1] }, inputs: [/b] }",
            "{ rop: moduloDistance, params: { Mode: y, Mirror: true, Spacing: 0.7, Center: [0.2, 0.5, -0.1] }, inputs: [/b] }",
            "{ rop: mirrorOctant, params: { Plane: xz, Offset: [0.2, 0.1], RotateAxis: 30, PostOffset: [0.3, -0.1] }, inputs: [/b] }",
            "{ rop: reflect, params: { Normal: [1, 0.5, 0], Offset: 0.2, Shift: 0.3, Blend: 0.4 }, inputs: [/b] }",
        ],
        BOX,
    );
    let out = sample(&gpu, &lib, &nodes, &pts);
    expect_vec(
        "mirrorDiagonal, moduloDistance, mirrorOctant, reflect",
        &pts,
        &out,
        4,
        TOL,
        |p| {
            let q = v3(p);
            let diagonal = {
                let w: V2 = an::rot2([q[0], q[2]], -25f64.to_radians());
                let (mut a, mut b) = (w[0].abs() - 0.3, w[1].abs() - 0.1);
                if b > a {
                    std::mem::swap(&mut a, &mut b);
                }
                box_d([a - 0.2, q[1], b + 0.1])
            };
            let shells = {
                let (dx, dz) = (q[0] - 0.2, q[2] + 0.1);
                let r = dx.hypot(dz);
                let k = (r / 0.7).floor();
                let u = r - k * 0.7;
                let u = if k.rem_euclid(2.0) == 1.0 { 0.7 - u } else { u };
                box_d([0.2 + dx * u / r, q[1], -0.1 + dz * u / r])
            };
            let quadrant = {
                let w = an::rot2([q[0].abs() - 0.2, q[2].abs() - 0.1], -30f64.to_radians());
                box_d([w[0] - 0.3, q[1], w[1] + 0.1])
            };
            let reflected = {
                let ps: V3 = std::array::from_fn(|i| q[i] - 0.3 * n[i]);
                let t = an::dot3(ps, n) - 0.2;
                let x = t.abs() / 0.4;
                let e = if x < 1.0 {
                    0.4 * 0.5 * (x * x + 1.0)
                } else {
                    t.abs()
                };
                box_d(std::array::from_fn(|i| ps[i] + (e - t) * n[i]))
            };
            [diagonal, shells, quadrant, reflected]
        },
    );

    // formula: mirrorOctant with Iteration sign: the iteration's y is the
    // sign of the plane's second coordinate, so an iterationSwitch reading
    // it picks the second input (1) above the x axis and the third (-1,
    // mod 3: 2) below.
    let pts = points2(72, 150, -1.5, 1.5);
    let nodes = "  /s: { rop: mirrorOctant, params: { Iteration: sign }, inputs: [/w] }\n  /w: { rop: iterationSwitch, params: { Part: y }, inputs: [/a, /b, /c] }\n  /a: { rop: circle, params: { Radius: 0.1, Translate: [0.5, 0.3] } }\n  /b: { rop: circle, params: { Radius: 0.2, Translate: [0.5, 0.3] } }\n  /c: { rop: circle, params: { Radius: 0.3, Translate: [0.5, 0.3] } }\n  /out: { rop: render2D, inputs: [/s] }\n";
    let out = sample(&gpu, &lib, nodes, &pts);
    expect_exact("mirrorOctant Iteration sign", &pts, &out, |p| {
        let (x, y) = (p[0] as f64, p[1] as f64);
        let r = if y >= 0.0 { 0.2 } else { 0.3 };
        (x.abs() - 0.5).hypot(y.abs() - 0.3) - r
    });

    // formula: reflect with Iteration sign across the x axis: an
    // iterationSwitch picks its second input (1) above and its third (-1,
    // mod 3: 2) below; a Blend function that is the identity on 0..1
    // (flipFunction mirrorPositive, no input: |x|) keeps the blended seam
    // (Blend 0.4) the sharp mirror.
    let pts = points2(82, 150, -1.5, 1.5);
    let nodes = "  /s: { rop: reflect, params: { Normal: [0, 1, 0], Iteration: sign, Blend: 0.4 }, inputs: [/w, /f] }\n  /f: { rop: flipFunction, params: { Mode: mirrorPositive } }\n  /w: { rop: iterationSwitch, inputs: [/a, /b, /c] }\n  /a: { rop: circle, params: { Radius: 0.1, Translate: [0.5, 0.3] } }\n  /b: { rop: circle, params: { Radius: 0.2, Translate: [0.5, 0.3] } }\n  /c: { rop: circle, params: { Radius: 0.3, Translate: [0.5, 0.3] } }\n  /out: { rop: render2D, inputs: [/s] }\n";
    let out = sample(&gpu, &lib, nodes, &pts);
    expect_exact("reflect Iteration sign", &pts, &out, |p| {
        let (x, y) = (p[0] as f64, p[1] as f64);
        let r = if y >= 0.0 { 0.2 } else { 0.3 };
        (x - 0.5).hypot(y.abs() - 0.3) - r
    });

    // formula: with Iterate off, moduloDistance and mirrorDiagonal keep the
    // iteration of the gridRepeat further out, so the iterationSwitch picks
    // by the x cell (even: radius 0.2, odd: 0.4), not by shell or wedge.
    let pts = points2(12, 150, -3.9, 3.9);
    let nodes = "  /g: { rop: gridRepeat, params: { Spacing: [4, 0, 0] }, inputs: [/d] }\n  /d: { rop: moduloDistance, params: { Spacing: 1.5, Iterate: false }, inputs: [/m] }\n  /m: { rop: mirrorDiagonal, params: { Iterate: false }, inputs: [/w] }\n  /w: { rop: iterationSwitch, inputs: [/a, /c] }\n  /a: { rop: circle, params: { Radius: 0.2, Translate: [0.5, 0.2] } }\n  /c: { rop: circle, params: { Radius: 0.4, Translate: [0.5, 0.2] } }\n  /out: { rop: render2D, inputs: [/g] }\n";
    let out = sample(&gpu, &lib, nodes, &pts);
    expect_exact(
        "moduloDistance and mirrorDiagonal Iterate off",
        &pts,
        &out,
        |p| {
            let (x, y) = (p[0] as f64, p[1] as f64);
            let cx = (x / 4.0 + 0.5).floor();
            let x = x - 4.0 * cx;
            let r = x.hypot(y);
            let u = r - 1.5 * (r / 1.5).floor();
            let (mut a, mut b) = ((x * u / r).abs(), (y * u / r).abs());
            if b > a {
                std::mem::swap(&mut a, &mut b);
            }
            let radius = if cx.rem_euclid(2.0) == 1.0 { 0.4 } else { 0.2 };
            (a - 0.5).hypot(b - 0.2) - radius
        },
    );
}

// ---------------------------------------------------------------------------
// Warps

/// A square wave from its first n odd harmonics, each weighted by
/// 1 - h / (2n + 1).
fn add_square(t: f64, n: usize) -> f64 {
    let sum: f64 = (0..n)
        .map(|k| {
            let h = 2.0 * k as f64 + 1.0;
            (1.0 - h / (2.0 * n as f64 + 1.0)) * (TAU * (h * t).rem_euclid(1.0)).sin() / h
        })
        .sum();
    sum * 4.0 / PI
}

#[test]
fn wave_warp_kink_and_spin_take_their_raytk_shapes() {
    let Some(gpu) = gpu("wave_warp_kink_and_spin_take_their_raytk_shapes") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(21, 160, -1.8, 1.8);

    // Three filters of the box in one sampling, each channel a formula:
    // x: waveWarp with a wave per axis: x, y and z each shifted by
    // Amplitude * Amplitude mult * wave((u + Phase) / (Period * Axis
    // period) + Axis phase + Phase offset) + Offset, u the distance from the
    // origin and the wave the additive square of 4 harmonics;
    // y: kink's smooth style: about the pivot (Offset, -Spread) in the xz
    // plane (z mirrored for the positive side), the angle from the second
    // axis eased by a -= Amount a / sqrt(1 + a^2);
    // z: spin about x, y and z at once (Axis xyz), at a time held by a
    // timeShift.
    let nodes = four_sdfs(
        &[
            "{ rop: waveWarp, params: { Wave: addSquare4, Along: distance, Period: 0.9, Phase: 0.1, AxisPeriod: [1, 2, 0.5], AxisPhase: [0.1, 0, 0.3], PhaseOffset: 0.05, AmplitudeMult: 1.5, Amplitude: [0.2, 0.1, -0.15], Offset: [0.1, 0, -0.05], StepScale: 0.8 }, inputs: [/b] }",
            "{ rop: kink, params: { Direction: xz, Style: smooth, Amount: 0.7, Spread: 0.8, Offset: 0.3, Side: positive }, inputs: [/b] }",
            "{ rop: timeShift, params: { Offset: 2.0, Speed: 0 }, inputs: [/sp] }\n  /sp: { rop: spin, params: { Axis: xyz, AxisSpeed: [10, -20, 15], Offset: 5, Pivot: [0.2, 0.1, -0.3] }, inputs: [/b] }",
        ],
        BOX,
    );
    let out = sample(&gpu, &lib, &nodes, &pts);
    expect_vec(
        "waveWarp additive square per axis, kink smooth, spin xyz",
        &pts,
        &out,
        3,
        TOL,
        |p| {
            let q = v3(p);
            let u = an::len3(q);
            let (amp, period, phase, offset) = (
                [0.2, 0.1, -0.15],
                [1.0, 2.0, 0.5],
                [0.1, 0.0, 0.3],
                [0.1, 0.0, -0.05],
            );
            let moved: V3 = std::array::from_fn(|i| {
                let t = (u + 0.1) / (0.9 * period[i]) + phase[i] + 0.05;
                q[i] + amp[i] * 1.5 * add_square(t, 4) + offset[i]
            });
            let (a, b) = (q[0] - 0.3, 0.8 - q[2]);
            let ang = a.atan2(b);
            let ang = ang - 0.7 * ang / (1.0 + ang * ang).sqrt();
            let l = a.hypot(b);
            let kinked = box_d([l * ang.sin() + 0.3, q[1], 0.8 - l * ang.cos()]);
            // The spin at time 2 (a timeShift frozen there): turned by 5 + 2
            // Axis speed degrees about x, then y, then z around the pivot.
            let turn = [25.0, -35.0, 35.0];
            let d = [q[0] - 0.2, q[1] - 0.1, q[2] + 0.3];
            let d = rot_axis(rot_axis(rot_axis(d, 2, -turn[2]), 1, -turn[1]), 0, -turn[0]);
            let spun = box_d([d[0] + 0.2, d[1] + 0.1, d[2] - 0.3]);
            [box_d(moved) * 0.8, kinked, spun, 0.0]
        },
    );
}

// ---------------------------------------------------------------------------
// Hilbert curve

/// hilbertCurveTransform (Size 4, Steps 2: cells of 1) with the given
/// Offset over `input`, under a vec2 -> vec4 probe.
fn hilbert_probe(offset: &str, input: &str) -> String {
    format!(
        "  /s: {{ rop: hilbertCurveTransform, params: {{ Size: 4, Steps: 2, Offset: {offset} }}, inputs: [/i] }}\n  /i: {input}\n  /out: {{ rop: probeColor2, inputs: [/s] }}\n"
    )
}

/// A custom node giving the point it is called with and the iteration.
const POINT_AND_ITERATION: &str = "
    rop: custom
    custom:
      coordTypes: [vec2]
      returnTypes: [vec4]
      contextTypes: [Context]
      function: |
        ReturnT thismap(CoordT p, ContextT ctx) {
          return vec4(p, ctx.iteration.xy);
        }";

#[test]
fn hilbert_curve_moves_and_provides_its_local_cell() {
    let Some(gpu) = gpu("hilbert_curve_moves_and_provides_its_local_cell") else {
        return;
    };
    let lib = catalog_library();
    let pts = points2(41, 150, -2.3, 2.3);
    let back: Vec<[f32; 3]> = pts.iter().map(|p| [p[0] - 0.3, p[1] + 0.2, 0.0]).collect();

    // symmetry: Offset (0.3, -0.2) moves the square: the input sees at p
    // what it sees without Offset at p - Offset (coordinates and iteration).
    let moved = sample(
        &gpu,
        &lib,
        &hilbert_probe("[0.3, -0.2]", POINT_AND_ITERATION),
        &pts,
    );
    let still = sample(
        &gpu,
        &lib,
        &hilbert_probe("[0, 0]", POINT_AND_ITERATION),
        &back,
    );
    for (k, (a, b)) in moved.iter().zip(&still).enumerate() {
        assert!(
            (0..4).all(|i| (a[i] - b[i]).abs() < 1e-4),
            "hilbertCurveTransform Offset at #{k}: {a:?} vs {b:?}"
        );
    }

    // formula: the provided variable is (u / cell - d, v / cell, d mod 4, d)
    // for the coordinates (u, v) the input sees and the cell d along the
    // curve (the iteration); the cell is 1 here.
    let var = "{ rop: variableReference, params: { Name: hilbert, Type: vec4 } }";
    let got = sample(&gpu, &lib, &hilbert_probe("[0.3, -0.2]", var), &pts);
    expect_vec("hilbertCurveTransform variable", &pts, &got, 4, 1e-4, |p| {
        let k = pts.iter().position(|q| q == p).unwrap();
        let [u, v, d, _] = moved[k].map(|c| c as f64);
        [u - d, v, d.rem_euclid(4.0), d]
    });
}

// ---------------------------------------------------------------------------
// Combiners

#[test]
fn shaped_combine_scales_its_seam_and_blends_materials() {
    let Some(gpu) = gpu("shaped_combine_scales_its_seam_and_blends_materials") else {
        return;
    };
    let lib = catalog_library();
    let pts = points2(51, 150, -1.5, 1.5);
    let circles = "  /a: { rop: circle, params: { Radius: 0.5, Translate: [-0.4, 0] } }\n  /b: { rop: circle, params: { Radius: 0.4, Translate: [0.4, 0.1] } }\n  /k: { rop: circle, params: { Radius: 0.6 } }\n";
    let ab = |x: f64, y: f64| ((x + 0.4).hypot(y) - 0.5, (x - 0.4).hypot(y - 0.1) - 0.4);

    // formula: shapedCombine with Radius 0.5 reads a circle of radius 0.6
    // at (a, b) / 0.5 and scales it back: the seam is |(a, b)| - 0.3; the
    // difference as a float field (the union as an Sdf below).
    let nodes = format!(
        "  /s: {{ rop: shapedCombine, params: {{ Mode: difference, Radius: 0.5 }}, inputs: [/a, /b, /k] }}\n{circles}  /out: {{ rop: probeFloat2, inputs: [/s] }}\n"
    );
    let got = sample(&gpu, &lib, &nodes, &pts);
    expect_exact("shapedCombine Radius difference", &pts, &got, |p| {
        let (a, b) = ab(p[0] as f64, p[1] as f64);
        a.max(-b).max(-((-a).hypot(b) - 0.3))
    });

    // formula: the union of two spheres with the same seam, as an Sdf
    // (min(a, b, |(a, b)| - 0.3)); with Blend materials the second input's
    // share is the smooth union's, 1 - clamp(0.5 + 0.5 (b - a) / Radius),
    // kept as the blend where it is neither (almost) 0 nor 1.
    let pts = points3(52, 150, -1.2, 1.2);
    let nodes = "  /s:
    rop: custom
    custom:
      coordTypes: [vec3]
      returnTypes: [vec4]
      contextTypes: [Context]
      inputs:
        - { name: shape, coordTypes: [vec3], returnTypes: [Sdf], contextTypes: [Context], required: true }
      function: |
        ReturnT thismap(CoordT p, ContextT ctx) {
          Sdf r = inputOp1(p, ctx);
          return vec4(r.blend, r.x, 0.0, 0.0);
        }
    inputs: [/c]
  /c: { rop: shapedCombine, params: { Radius: 0.5, BlendMaterials: true }, inputs: [/ma, /mb, /k] }
  /ma: { rop: basicMaterial, params: { Color: [1, 0, 0] }, inputs: [/a] }
  /mb: { rop: basicMaterial, params: { Color: [0, 0, 1] }, inputs: [/b] }
  /a: { rop: sphere, params: { Radius: 0.5, Translate: [-0.4, 0, 0] } }
  /b: { rop: sphere, params: { Radius: 0.4, Translate: [0.4, 0.1, 0] } }
  /k: { rop: circle, params: { Radius: 0.6 } }
  /out: { rop: probeColor3, inputs: [/s] }
";
    let got = sample(&gpu, &lib, nodes, &pts);
    let spheres = |p: &[f32; 3]| {
        let q = v3(p);
        (
            sphere_d(q, [-0.4, 0.0, 0.0], 0.5),
            sphere_d(q, [0.4, 0.1, 0.0], 0.4),
        )
    };
    expect_vec(
        "shapedCombine union and Blend materials",
        &pts,
        &got,
        2,
        TOL,
        |p| {
            let (a, b) = spheres(p);
            let s = 1.0 - (0.5 + 0.5 * (b - a) / 0.5).clamp(0.0, 1.0);
            let blend = if s > 0.001 && s < 0.999 { s } else { 0.0 };
            [blend, a.min(b).min(a.hypot(b) - 0.3), 0.0, 0.0]
        },
    );
    assert!(
        got.iter().filter(|v| v[0] > 0.01).count() > 20,
        "shapedCombine Blend materials: hardly any blend"
    );
}

// ---------------------------------------------------------------------------
// Converters

#[test]
fn extrude_tells_the_shape_where_along_it_is() {
    let Some(gpu) = gpu("extrude_tells_the_shape_where_along_it_is") else {
        return;
    };
    let lib = catalog_library();
    // Inside the slab's height (y from -0.3 to 0.9), where a positive 2D
    // value is the slab's distance as it is.
    let pts = points3(61, 150, -0.25, 0.85);
    let ratio = |p: &[f32; 3]| (p[1] as f64 - 0.3) / 1.2 + 0.5;

    // formula: the variable (position along y, ratio through the slab) and
    // the iteration (Iterate: the ratio), read by the 2D shape as the value
    // 5 + ratio + 2 y + 10 iteration.
    let nodes = "  /s: { rop: extrude, params: { Axis: y, Height: 1.2, Offset: 0.3, Iterate: true, Provide: true }, inputs: [/c] }
  /c:
    rop: custom
    custom:
      coordTypes: [vec2]
      returnTypes: [float]
      contextTypes: [Context]
      inputs:
        - { name: v, coordTypes: [vec2], returnTypes: [vec4], contextTypes: [Context], required: true }
      function: |
        ReturnT thismap(CoordT p, ContextT ctx) {
          vec4 v = inputOp1(p, ctx);
          return 5.0 + v.y + 2.0 * v.x + 10.0 * ctx.iteration.x;
        }
    inputs: [/v]
  /v: { rop: variableReference, params: { Name: extrude, Type: vec4 } }
  /out: { rop: probeFloat3, inputs: [/s] }
";
    let got = sample(&gpu, &lib, nodes, &pts);
    expect_exact("extrude variable and Iterate", &pts, &got, |p| {
        5.0 + ratio(p) + 2.0 * p[1] as f64 + 10.0 * ratio(p)
    });

    // formula: UV mode depth: the circle's u (x across its square), v the
    // ratio through the slab.
    let nodes = "  /s:
    rop: custom
    custom:
      coordTypes: [vec3]
      returnTypes: [vec4]
      contextTypes: [Context]
      globalMacros: [[null, ROPKIT_SDF_UV]]
      inputs:
        - { name: shape, coordTypes: [vec3], returnTypes: [Sdf], contextTypes: [Context], required: true }
      function: |
        ReturnT thismap(CoordT p, ContextT ctx) {
          Sdf r = inputOp1(p, ctx);
          return vec4(r.uv, r.x, 0.0);
        }
    inputs: [/e]
  /e: { rop: extrude, params: { Axis: y, Height: 1.2, Offset: 0.3, UvMode: depth }, inputs: [/k] }
  /k: { rop: circle, params: { Radius: 0.5, UvMode: cartesian } }
  /out: { rop: probeColor3, inputs: [/s] }
";
    let got = sample(&gpu, &lib, nodes, &pts);
    expect_vec("extrude UV mode depth", &pts, &got, 2, 1e-4, |p| {
        [p[0] as f64 / 1.0 + 0.5, ratio(p), 0.0, 0.0]
    });
}

// ---------------------------------------------------------------------------
// Flip

/// hg_sdf's stairs union with the steps shifted by o along the seam.
fn stairs_union(a: f64, b: f64, r: f64, n: f64, o: f64) -> f64 {
    let s = r / n;
    let u = b - r;
    a.min(b)
        .min(0.5 * (u + a + ((u - a + s + o).rem_euclid(2.0 * s) - s).abs()))
}

#[test]
fn flip_merges_shifts_and_signs() {
    let Some(gpu) = gpu("flip_merges_shifts_and_signs") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(91, 160, -1.8, 1.8);
    // The input moved by Shift 0.2 (a) and its mirror image across x = 0.1
    // (b: at 2 * 0.1 - x - 0.2).
    let ab = |p: &[f32; 3]| {
        let q = v3(p);
        (box_d([q[0] - 0.2, q[1], q[2]]), box_d([-q[0], q[1], q[2]]))
    };

    // formula: flip merged by stairs union (radius 0.3, 3 steps, shifted
    // 0.1) as an Sdf, and by chamfer difference as a float field.
    let node = |merge: &str| {
        format!(
            "{{ rop: flip, params: {{ Axis: x, Offset: 0.1, Shift: 0.2, Merge: true, MergeType: {merge}, MergeRadius: 0.3, MergeNumber: 3, MergeOffset: 0.1 }}, inputs: [/b] }}"
        )
    };
    let out = sample(&gpu, &lib, &sdf3(&node("stairsUnion"), BOX), &pts);
    expect_exact("flip stairs union", &pts, &out, |p| {
        let (a, b) = ab(p);
        stairs_union(a, b, 0.3, 3.0, 0.1)
    });
    let out = sample(
        &gpu,
        &lib,
        &probe("probeFloat3", &node("chamferDifference"), BOX),
        &pts,
    );
    expect_exact("flip chamfer difference", &pts, &out, |p| {
        let (a, b) = ab(p);
        a.max(-b).max((a + 0.3 - b) * 0.5f64.sqrt())
    });

    // formula: merged with Iteration sign, the input gets 1 and its mirror
    // image -1, so an iterationSwitch gives them its second and third
    // inputs (radius 0.2 and 0.3).
    let pts = points2(92, 150, -1.5, 1.5);
    let nodes = "  /s: { rop: flip, params: { Merge: true, Iteration: sign }, inputs: [/w] }\n  /w: { rop: iterationSwitch, inputs: [/a, /b, /c] }\n  /a: { rop: circle, params: { Radius: 0.1, Translate: [0.5, 0.3] } }\n  /b: { rop: circle, params: { Radius: 0.2, Translate: [0.5, 0.3] } }\n  /c: { rop: circle, params: { Radius: 0.3, Translate: [0.5, 0.3] } }\n  /out: { rop: render2D, inputs: [/s] }\n";
    let out = sample(&gpu, &lib, nodes, &pts);
    expect_exact("flip Iteration sign", &pts, &out, |p| {
        let (x, y) = (p[0] as f64, p[1] as f64);
        ((x - 0.5).hypot(y - 0.3) - 0.2).min((-x - 0.5).hypot(y - 0.3) - 0.3)
    });
}

// ---------------------------------------------------------------------------
// Polar repeat

/// polarRepeat around y of the box: the slice index and local angle of
/// the point (whole: the angle from copy 0's start), folded as the ROP's
/// settings say, then the radial offset and the turn.
#[allow(clippy::too_many_arguments)]
fn polar_box(
    p: &[f32; 3],
    n: f64,
    rotate: f64,
    offset: f64,
    turn: f64,
    mirror: bool,
    limit: Option<(f64, f64)>,
) -> f64 {
    let q = v3(p);
    let angle = TAU / n;
    let whole = q[2].atan2(q[0]) - rotate.to_radians() + angle * 0.5;
    let mut c = (whole / angle).floor();
    let mut a = whole.rem_euclid(angle) - angle * 0.5;
    if let Some((lo, hi)) = limit {
        let mut s = whole.rem_euclid(TAU) / angle;
        if s >= 0.5 * (hi + 1.0 + n + lo) {
            s -= n;
        }
        c = s.floor().clamp(lo, hi);
        a = (s - c - 0.5) * angle;
    }
    if mirror && c.rem_euclid(2.0) >= 1.0 {
        a = -a;
    }
    let l = q[0].hypot(q[2]);
    let w = an::rot2([a.cos() * l - offset, a.sin() * l], -turn.to_radians());
    box_d([w[0], q[1], w[1]])
}

// ---------------------------------------------------------------------------
// Clones

/// hg_sdf's chamfer union.
fn chamfer_union(a: f64, b: f64, r: f64) -> f64 {
    a.min(b).min((a - r + b) * 0.5f64.sqrt())
}

/// hg_sdf's round union.
fn round_union(a: f64, b: f64, r: f64) -> f64 {
    r.max(a.min(b)) - (r - a).max(0.0).hypot((r - b).max(0.0))
}

#[test]
fn clones_and_arrange_merge_and_read_fields_per_copy() {
    let Some(gpu) = gpu("clones_and_arrange_merge_and_read_fields_per_copy") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(111, 160, -2.5, 2.5);

    // Two clones of a ball in one sampling, each channel a formula:
    // x: radialClone over a 90 degree arc (copy i turned by 10 + 30 i
    // degrees about y), its Radius driven by the copy index (a field read
    // with each copy's iteration: radius i), chamfer-joined one after the
    // other with radius 0.2;
    // y: cloneUnion spread from Start (0.2, 0.1, 0) to the end (1.6, 0.1,
    // 0) (copies 0.7 apart), round-joined with the Blend radius read per
    // copy from its iteration ratio (copy i: i / 3).
    let extra = "  /ball: { rop: sphere, params: { Radius: 0.3 } }\n  /ixa: { rop: iterationField, params: { Format: rawIndex } }\n  /ixb: { rop: iterationField, params: { Format: ratio } }\n";
    let nodes = four_sdfs(
        &[
            "{ rop: radialClone, params: { Count: 3, AngleRange: 90, Rotate: 10, MergeType: chamferUnion, Blend: 0.2 }, inputs: { input: /ball, Radius: /ixa } }",
            "{ rop: cloneUnion, params: { Count: 3, Start: [0.2, 0.1, 0], Translate: [1.6, 0.1, 0], ToEnd: true, MergeType: roundUnion }, inputs: { input: /ball, Blend: /ixb } }",
        ],
        extra,
    );
    let out = sample(&gpu, &lib, &nodes, &pts);
    expect_vec("radialClone and cloneUnion", &pts, &out, 2, TOL, |p| {
        let q = v3(p);
        let radial = (0..3)
            .map(|i| {
                let w = an::rot2([q[0], q[2]], -(10.0 + 30.0 * i as f64).to_radians());
                an::len3([w[0] - i as f64, q[1], w[1]]) - 0.3
            })
            .reduce(|a, b| chamfer_union(a, b, 0.2))
            .unwrap();
        let line = (0..3)
            .map(|i| {
                let d = sphere_d(q, [0.2 + 0.7 * i as f64, 0.1, 0.0], 0.3);
                (d, (i as f64 / 3.0).max(1e-5))
            })
            .reduce(|(a, _), (b, k)| (round_union(a, b, k), k))
            .unwrap()
            .0;
        [radial, line, 0.0, 0.0]
    });

    // formula: arrange's merge type: round difference (radius 0.15) of the
    // first circle minus the second, then minus the third, each moved by its
    // Translate.
    let pts = points2(131, 150, -2.0, 2.0);
    let nodes = "  /s: { rop: arrange, params: { Translate1: [0, 0, 0], Translate2: [0.6, 0.2, 0], Translate3: [-0.5, -0.3, 0], MergeType: roundDifference, Blend: 0.15 }, inputs: [/a, /b, /c] }\n  /a: { rop: circle, params: { Radius: 0.9 } }\n  /b: { rop: circle, params: { Radius: 0.4 } }\n  /c: { rop: circle, params: { Radius: 0.3 } }\n  /out: { rop: render2D, inputs: [/s] }\n";
    let out = sample(&gpu, &lib, nodes, &pts);
    // hg_sdf's round difference.
    let round_difference =
        |a: f64, b: f64, r: f64| (-r).min(a.max(-b)) + (r + a).max(0.0).hypot((r - b).max(0.0));
    expect_exact("arrange round difference", &pts, &out, |p| {
        let (x, y) = (p[0] as f64, p[1] as f64);
        let a = x.hypot(y) - 0.9;
        let b = (x - 0.6).hypot(y - 0.2) - 0.4;
        let c = (x + 0.5).hypot(y + 0.3) - 0.3;
        round_difference(round_difference(a, b, 0.15), c, 0.15)
    });

    // formula: gridClone (3 x 2, 1 and 1.2 apart, centred on (0.3, -0.2))
    // of a circle whose radius reads the provided variable (cell x, cell y,
    // index), stairs-joined (radius 0.15, 2 steps shifted 0.05).
    let pts = points2(121, 150, -2.0, 2.0);
    let nodes = "  /s: { rop: gridClone, params: { Count: [3, 2, 1], Spacing: [1, 1.2, 1], Center: [0.3, -0.2, 0], MergeType: stairsUnion, Blend: 0.15, MergeNumber: 2, MergeOffset: 0.05 }, inputs: [/c] }
  /c:
    rop: custom
    custom:
      coordTypes: [vec2]
      returnTypes: [float]
      contextTypes: [Context]
      inputs:
        - { name: v, coordTypes: [vec2], returnTypes: [vec4], contextTypes: [Context], required: true }
      function: |
        ReturnT thismap(CoordT p, ContextT ctx) {
          vec4 v = inputOp1(p, ctx);
          return length(p) - (0.2 + 0.05 * v.x + 0.1 * v.y + 0.01 * v.w);
        }
    inputs: [/v]
  /v: { rop: variableReference, params: { Name: gridClone, Type: vec4 } }
  /out: { rop: probeFloat2, inputs: [/s] }
";
    let out = sample(&gpu, &lib, nodes, &pts);
    expect_exact("gridClone Center, variable, stairs", &pts, &out, |p| {
        let (x, y) = (p[0] as f64, p[1] as f64);
        (0..6)
            .map(|i| {
                let (gx, gy) = ((i % 3) as f64, (i / 3) as f64);
                let (ax, ay) = (gx - 1.0 + 0.3, (gy - 0.5) * 1.2 - 0.2);
                (x - ax).hypot(y - ay) - (0.2 + 0.05 * gx + 0.1 * gy + 0.01 * i as f64)
            })
            .reduce(|a, b| stairs_union(a, b, 0.15, 2.0, 0.05))
            .unwrap()
    });
}

// ---------------------------------------------------------------------------
// Blend modes

/// Two colour fields varying in space, as custom nodes /a and /b.
const TWO_COLOURS: &str = "  /a:
    rop: custom
    custom:
      coordTypes: [vec2]
      returnTypes: [vec4]
      contextTypes: [Context]
      function: |
        ReturnT thismap(CoordT p, ContextT ctx) {
          return vec4(0.5 + 0.5 * sin(vec3(1.3, 2.1, 0.7) * p.x + vec3(0.4, 1.1, 2.0) * p.y), 1.0);
        }
  /b:
    rop: custom
    custom:
      coordTypes: [vec2]
      returnTypes: [vec4]
      contextTypes: [Context]
      function: |
        ReturnT thismap(CoordT p, ContextT ctx) {
          return vec4(0.5 + 0.5 * cos(vec3(0.9, 1.7, 2.3) * p.y - vec3(1.5, 0.3, 0.8) * p.x), 1.0);
        }
";

/// The blend modes' formulas (glsl-blend's), a the bottom and b the top.
fn blend_mode(mode: &str, a: f64, b: f64) -> f64 {
    let burn = |a: f64, b: f64| {
        if b <= 0.0 {
            b
        } else {
            (1.0 - (1.0 - a) / b).max(0.0)
        }
    };
    let dodge = |a: f64, b: f64| {
        if b >= 1.0 {
            b
        } else {
            (a / (1.0 - b)).min(1.0)
        }
    };
    let reflect = |a: f64, b: f64| {
        if b >= 1.0 {
            b
        } else {
            (a * a / (1.0 - b)).min(1.0)
        }
    };
    let vivid = |a: f64, b: f64| {
        if b < 0.5 {
            burn(a, 2.0 * b)
        } else {
            dodge(a, 2.0 * (b - 0.5))
        }
    };
    match mode {
        "softLight" if b < 0.5 => 2.0 * a * b + a * a * (1.0 - 2.0 * b),
        "softLight" => a.sqrt() * (2.0 * b - 1.0) + 2.0 * a * (1.0 - b),
        "vividLight" => vivid(a, b),
        "negation" => 1.0 - (1.0 - a - b).abs(),
        "glow" => reflect(b, a),
        "exclusion" => a + b - 2.0 * a * b,
        "linearLight" if b < 0.5 => (a + 2.0 * b - 1.0).max(0.0),
        "linearLight" => (a + 2.0 * (b - 0.5)).min(1.0),
        "pinLight" if b < 0.5 => a.min(2.0 * b),
        "pinLight" => a.max(2.0 * (b - 0.5)),
        "hardMix" if vivid(a, b) < 0.5 => 0.0,
        "hardMix" => 1.0,
        "colorDodge" => dodge(a, b),
        "phoenix" => a.min(b) - a.max(b) + 1.0,
        "average" => 0.5 * (a + b),
        "colorBurn" => burn(a, b),
        "linearBurn" => (a + b - 1.0).max(0.0),
        "reflect" => reflect(a, b),
        "hardLight" if b < 0.5 => 2.0 * a * b,
        "hardLight" => 1.0 - 2.0 * (1.0 - a) * (1.0 - b),
        "linearDodge" => (a + b).min(1.0),
        _ => panic!("no mode {mode}"),
    }
}

#[test]
fn composite_fields_has_the_paint_program_modes() {
    let Some(gpu) = gpu("composite_fields_has_the_paint_program_modes") else {
        return;
    };
    let lib = catalog_library();
    let pts = points2(141, 150, -2.0, 2.0);
    let a = |p: &[f32; 3], i: usize| {
        let (x, y) = (p[0] as f64, p[1] as f64);
        0.5 + 0.5 * ([1.3, 2.1, 0.7][i] * x + [0.4, 1.1, 2.0][i] * y).sin()
    };
    let b = |p: &[f32; 3], i: usize| {
        let (x, y) = (p[0] as f64, p[1] as f64);
        0.5 + 0.5 * ([0.9, 1.7, 2.3][i] * y - [1.5, 0.3, 0.8][i] * x).cos()
    };

    // formula: a chain of compositeFields through every added mode (opaque
    // layers, so each result is the mode's colour), each step laying b,
    // then a, then b ... over the result so far, channel by channel.
    let chain = [
        "softLight",
        "vividLight",
        "negation",
        "glow",
        "exclusion",
        "linearLight",
        "pinLight",
        "hardMix",
        "colorDodge",
        "phoenix",
        "average",
        "colorBurn",
        "linearBurn",
        "reflect",
        "hardLight",
        "linearDodge",
    ];
    let mut nodes = TWO_COLOURS.to_string();
    let mut prev = "/a".to_string();
    for (i, mode) in chain.iter().enumerate() {
        let top = if i % 2 == 0 { "/b" } else { "/a" };
        nodes += &format!(
            "  /c{i}: {{ rop: compositeFields, params: {{ Mode: {mode} }}, inputs: [{prev}, {top}] }}\n"
        );
        prev = format!("/c{i}");
    }
    nodes += &format!("  /out: {{ rop: probeColor2, inputs: [{prev}] }}\n");
    let got = sample(&gpu, &lib, &nodes, &pts);
    expect_vec("compositeFields modes", &pts, &got, 4, TOL, |p| {
        let mut c = [a(p, 0), a(p, 1), a(p, 2)];
        for (i, mode) in chain.iter().enumerate() {
            for (ch, v) in c.iter_mut().enumerate() {
                let top = if i % 2 == 0 { b(p, ch) } else { a(p, ch) };
                *v = blend_mode(mode, *v, top);
            }
        }
        [c[0], c[1], c[2], 1.0]
    });
}

// ---------------------------------------------------------------------------
// Lights

#[test]
fn soft_shadow_rays_start_and_stop_where_told() {
    let Some(gpu) = gpu("soft_shadow_rays_start_and_stop_where_told") else {
        return;
    };
    let lib = catalog_library();
    // A ball above a floor, seen from above, lit from +x and up: its shadow
    // falls at x = -1, where the shadow ray (towards (1, 1.2, 0)) passes
    // through the ball from about 1.06 to 2.06 from the floor.
    let scene = |overrides: &str| {
        format!(
            "output: /render\nnodes:\n  /floor: {{ rop: plane }}\n  /floorMat: {{ rop: basicMaterial, params: {{ Color: [0.8, 0.8, 0.8], Specular: 0 }}, inputs: [/floor] }}\n  /ball: {{ rop: sphere, params: {{ Radius: 0.5, Translate: [0, 1.2, 0] }} }}\n  /ballMat: {{ rop: basicMaterial, params: {{ Color: [0.9, 0.1, 0.1] }}, inputs: [/ball] }}\n  /scene: {{ rop: combine, params: {{ Mode: union }}, inputs: [/floorMat, /ballMat] }}\n  /cam: {{ rop: orthoCamera, params: {{ Position: [0, 6, 0.001], Target: [0, 0, 0] }} }}\n  /sun: {{ rop: directionalLight, params: {{ Direction: [-1, -1.2, 0], Color: [1, 1, 1], Intensity: 1 }} }}\n  /soft: {{ rop: softShadow, params: {{ Sharpness: 64, {overrides} }}, inputs: [/sun] }}\n  /render: {{ rop: raymarchRender3D, params: {{ AO: false, Ambient: 0, Gamma: 1 }}, inputs: {{ scene: /scene, camera: /cam, light: /soft }} }}\n"
        )
    };
    // symmetry: shadow rays that stop before the ball (Maximum 0.5) or
    // start past it (Minimum 2.5) leave the floor where the shadow was as
    // lit as its mirror point across the ball; rays over the whole way
    // (Maximum 3) keep the shadow.
    for (overrides, shadowed) in [
        ("OverrideMax: true, MaxDistance: 0.5", false),
        ("OverrideMin: true, MinDistance: 2.5", false),
    ] {
        let img = render_image(&gpu, &lib, &scene(overrides), 64);
        // 16 pixels a unit: x = -1 and its mirror x = 1 on the floor.
        let shade = img.get_pixel(16, 32)[1] as f64;
        let lit = img.get_pixel(48, 32)[1] as f64;
        assert!(lit > 100.0, "softShadow {overrides}: the lit floor {lit}");
        if shadowed {
            assert!(
                shade < 0.2 * lit,
                "softShadow {overrides}: no shadow ({shade} vs {lit})"
            );
        } else {
            assert!(
                (shade - lit).abs() <= 2.0,
                "softShadow {overrides}: shadowed ({shade} vs {lit})"
            );
        }
    }
}

// ---------------------------------------------------------------------------
// Revolve

/// A custom float function node `path` returning `body` of p.
fn function_node(path: &str, ret: &str, body: &str) -> String {
    format!(
        "  {path}:
    rop: custom
    custom:
      coordTypes: [float]
      returnTypes: [{ret}]
      contextTypes: [any]
      function: |
        ReturnT thismap(CoordT p, ContextT ctx) {{
          return {body};
        }}
"
    )
}

#[test]
fn revolve_changes_the_profile_with_the_angle() {
    let Some(gpu) = gpu("revolve_changes_the_profile_with_the_angle") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(161, 160, -2.0, 2.0);
    // formula: revolve about y with the angle ratio a = atan(z, x) / TAU:
    // the profile point (r - 0.2, y) turned back by 120 a degrees, divided
    // by 1 + 0.5 a and moved by (0.2 a, 0.1); the profile (a circle) adds
    // the provided variable (degrees, 0.5 + a) and the iteration (a); the
    // distance scaled back.
    let mut nodes = "  /s: { rop: revolve, params: { Offset: 0.2, Iterate: true }, inputs: { shape: /prof, rotateField: /rot, scaleField: /scl, translateField: /mov } }
  /prof:
    rop: custom
    custom:
      coordTypes: [vec2]
      returnTypes: [float]
      contextTypes: [Context]
      inputs:
        - { name: v, coordTypes: [vec2], returnTypes: [vec4], contextTypes: [Context], required: true }
      function: |
        ReturnT thismap(CoordT p, ContextT ctx) {
          vec4 v = inputOp1(p, ctx);
          return length(p - vec2(0.6, 0.1)) - 0.3 + 0.001 * v.x + 0.1 * v.y + 0.2 * ctx.iteration.x;
        }
    inputs: [/v]
  /v: { rop: variableReference, params: { Name: revolve, Type: vec4 } }
  /out: { rop: probeFloat3, inputs: [/s] }
"
    .to_string();
    nodes += &function_node("/rot", "float", "120.0 * p");
    nodes += &function_node("/scl", "float", "1.0 + 0.5 * p");
    nodes += &function_node("/mov", "vec4", "vec4(0.2 * p, 0.1, 0.0, 0.0)");
    let out = sample(&gpu, &lib, &nodes, &pts);
    expect_exact("revolve by angle", &pts, &out, |p| {
        let q = v3(p);
        let a = q[2].atan2(q[0]) / TAU;
        let w = an::rot2([q[0].hypot(q[2]) - 0.2, q[1]], -(120.0 * a).to_radians());
        let s = 1.0 + 0.5 * a;
        let (u, v) = (w[0] / s - 0.2 * a, w[1] / s - 0.1);
        let d = (u - 0.6).hypot(v - 0.1) - 0.3 + 0.001 * 360.0 * a + 0.1 * (0.5 + a) + 0.2 * a;
        d * s
    });
}

// ---------------------------------------------------------------------------
// Toroidal repeat

/// The slice around +x of n copies, shifted by `shift` cells.
fn slice_shifted(w: V2, n: f64, shift: f64) -> V2 {
    let step = TAU / n;
    let k = (w[1].atan2(w[0]) / step - shift + 0.5).floor();
    an::rot2(w, -(k + shift) * step)
}

#[test]
fn toroidal_repeat_shifts_and_provides_its_angles() {
    let Some(gpu) = gpu("toroidal_repeat_shifts_and_provides_its_angles") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(181, 160, -2.2, 2.2);
    // formula: moduloToroidal about y shifted 0.3 cells around the axis and
    // 0.25 around the tube; the input (a small ball) adds the provided
    // angles (around the axis and the tube, in degrees and 0 to 1).
    let nodes = "  /s: { rop: moduloToroidal, params: { Count: 8, Repetitions: 5, Radius: 1.5, Thickness: 0.4, Axis: y, Shift: [0.3, 0.25] }, inputs: [/c] }
  /c:
    rop: custom
    custom:
      coordTypes: [vec3]
      returnTypes: [float]
      contextTypes: [Context]
      inputs:
        - { name: v, coordTypes: [vec3], returnTypes: [vec4], contextTypes: [Context], required: true }
      function: |
        ReturnT thismap(CoordT p, ContextT ctx) {
          vec4 v = inputOp1(p, ctx);
          return length(p - vec3(0.1, 0.05, 0.0)) - 0.1 + 0.001 * v.x + 0.1 * v.y + 0.002 * v.z + 0.2 * v.w;
        }
    inputs: [/v]
  /v: { rop: variableReference, params: { Name: toroidal, Type: vec4 } }
  /out: { rop: probeFloat3, inputs: [/s] }
";
    let out = sample(&gpu, &lib, nodes, &pts);
    expect_exact("moduloToroidal Shift and variable", &pts, &out, |p| {
        let q = v3(p);
        let w = slice_shifted([q[0], q[2]], 8.0, 0.3);
        let c = slice_shifted([w[0] - 1.5, q[1]], 5.0, 0.25);
        let local = [c[1], c[0] - 0.4, w[1]];
        let around = q[2].atan2(q[0]).to_degrees();
        let inner = q[1].atan2(q[0].hypot(q[2]) - 1.5).to_degrees();
        sphere_d(local, [0.1, 0.05, 0.0], 0.1)
            + 0.001 * around
            + 0.1 * (around / 360.0 + 0.5)
            + 0.002 * inner
            + 0.2 * (inner / 360.0 + 0.5)
    });
}

/// moduloSpherical (5 rows, 7 columns, Radius 1.2 about (0.1, -0.2, 0.05))
/// shifted (0.3 columns, 0.2 rows), mirrored both ways, each copy moved 0.1
/// towards the pole: the box's local point.
fn spherical_local(p: &[f32; 3]) -> V3 {
    let q = v3(p);
    let d = [q[0] - 0.1, q[1] + 0.2, q[2] - 0.05];
    let step = TAU / 7.0;
    let col = (d[2].atan2(d[0]) / step - 0.3 + 0.5).floor();
    let xz = an::rot2([d[0], d[2]], -(col + 0.3) * step);
    let band = PI / 5.0;
    let row = (xz[0].atan2(d[1]) / band - 0.2).floor().clamp(0.0, 4.0);
    let xy = an::rot2([xz[0], d[1]], (row + 0.5 + 0.2) * band);
    let mut l = [-xy[0], xy[1] - 1.2, -xz[1]];
    if row.rem_euclid(2.0) >= 1.0 {
        l[0] = -l[0];
    }
    if col.rem_euclid(2.0) >= 1.0 {
        l[2] = -l[2];
    }
    [l[0] - 0.1, l[1], l[2]]
}

#[test]
fn polar_spherical_and_wrapping_filters_take_their_raytk_options() {
    let Some(gpu) = gpu("polar_spherical_and_wrapping_filters_take_their_raytk_options") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(101, 160, -2.0, 2.0);
    // Four filters of the box in one sampling, each channel a formula:
    // x: polarRepeat with a fractional count (4.5, the last slice cut
    // short), every other copy mirrored, the ring turned by 20 degrees,
    // each copy moved out 0.3 and turned by 25 in its slice, and only copies
    // 1 to 3 kept (points in the gap see the nearer end copy, the gap split
    // at its middle);
    // y: moduloSpherical at the local point of its cell (spherical_local);
    // z, w: projectPolar about y at Radius 1.2: the box sees (longitude
    // arc, latitude arc, height above the sphere) or (longitude arc, arc
    // around the tube of Thickness 0.5, height above the tube), its distance
    // scaled by min(1, r / Radius) (and by rho / Thickness for the torus).
    let nodes = four_sdfs(
        &[
            "{ rop: polarRepeat, params: { Count: 4.5, RoundCount: false, Rotate: 20, Offset: 0.3, Turn: 25, Mirror: true, Limited: true, LimitLow: 1, LimitHigh: 3 }, inputs: [/b] }",
            "{ rop: moduloSpherical, params: { Rows: 5, Columns: 7, Radius: 1.2, Shift: [0.3, 0.2], Offset: 0.1, Mirror: grid, Pivot: [0.1, -0.2, 0.05] }, inputs: [/b] }",
            "{ rop: projectPolar, params: { Projection: spherical, Radius: 1.2, Thickness: 0.5, Axis: y }, inputs: [/b] }",
            "{ rop: projectPolar, params: { Projection: toroid, Radius: 1.2, Thickness: 0.5, Axis: y }, inputs: [/b] }",
        ],
        BOX,
    );
    let out = sample(&gpu, &lib, &nodes, &pts);
    expect_vec(
        "polarRepeat, moduloSpherical, projectPolar",
        &pts,
        &out,
        4,
        TOL,
        |p| {
            let q = v3(p);
            let r = q[0].hypot(q[2]);
            let arc = q[2].atan2(q[0]) * 1.2;
            let scale = (r / 1.2).min(1.0);
            let rho = r.hypot(q[1]);
            let sphere = box_d([arc, q[1].atan2(r) * 1.2, rho - 1.2]) * scale;
            let d0 = r - 1.2;
            let rho = d0.hypot(q[1]);
            let torus = box_d([arc, q[1].atan2(d0) * 0.5, rho - 0.5]) * scale.min(rho / 0.5);
            [
                polar_box(p, 4.5, 20.0, 0.3, 25.0, true, Some((1.0, 3.0))),
                box_d(spherical_local(p)),
                sphere,
                torus,
            ]
        },
    );
}

// ---------------------------------------------------------------------------
// Quad tree

#[test]
fn quad_tree_shifts_offsets_and_keeps_world_units() {
    let Some(gpu) = gpu("quad_tree_shifts_offsets_and_keeps_world_units") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(201, 160, -3.0, 3.0);
    // symmetry, each pair of channels one sampling apart in the same
    // shader: Shift equals moving the whole quadTreeRepeat (a transform
    // outside it); Offset (in cells) equals moving the input inside it;
    // Rescale off with one level is gridRepeat (the grid shifted by half a
    // cell); Per-level chance with Chance 1 then Chance 2 of 0 splits the
    // largest cells once, as one level with Chance 1 does.
    let pairs = [
        four_sdfs(
            &[
                "{ rop: quadTreeRepeat, params: { Levels: 3, Shift: [0.7, -0.4] }, inputs: [/b] }",
                "{ rop: transform, params: { Translate: [0.7, 0, -0.4] }, inputs: [/t1] }\n  /t1: { rop: quadTreeRepeat, params: { Levels: 3 }, inputs: [/b] }",
                "{ rop: quadTreeRepeat, params: { Levels: 3, Offset: [0.2, -0.1] }, inputs: [/b] }",
                "{ rop: quadTreeRepeat, params: { Levels: 3 }, inputs: [/t2] }\n  /t2: { rop: transform, params: { Translate: [0.2, 0, -0.1] }, inputs: [/b] }",
            ],
            BOX,
        ),
        four_sdfs(
            &[
                "{ rop: quadTreeRepeat, params: { Levels: 0, Size: 2, Shift: [-1, -1], Rescale: false }, inputs: [/b] }",
                "{ rop: gridRepeat, params: { Spacing: [2, 0, 2] }, inputs: [/b] }",
                "{ rop: quadTreeRepeat, params: { Levels: 3, Chance: 1, PerLevelChance: true, Chance2: 0 }, inputs: [/b] }",
                "{ rop: quadTreeRepeat, params: { Levels: 1, Chance: 1 }, inputs: [/b] }",
            ],
            BOX,
        ),
    ];
    let names = [["Shift", "Offset"], ["Rescale off", "Per-level chance"]];
    for (nodes, names) in pairs.iter().zip(names) {
        let out = sample(&gpu, &lib, nodes, &pts);
        for (k, v) in out.iter().enumerate() {
            for (c, name) in names.iter().enumerate() {
                assert!(
                    (v[2 * c] - v[2 * c + 1]).abs() < 1e-5,
                    "quadTreeRepeat {name} at #{k}: {} vs {}",
                    v[2 * c],
                    v[2 * c + 1]
                );
            }
        }
    }
}

// ---------------------------------------------------------------------------
// Log-polar repeat

#[test]
fn log_polar_repeat_spaces_mirrors_and_alternates() {
    let Some(gpu) = gpu("log_polar_repeat_spaces_mirrors_and_alternates") else {
        return;
    };
    let lib = catalog_library();
    let pts = points2(211, 150, -3.0, 3.0);
    // formula: 6 log-polar cells around, 1.5 times as long radially
    // (Spacing), the rings moved out 0.3 and turned by 10 degrees, folded as
    // hg_sdf's pModGrid2 (even cells flipped, then folded on the diagonal);
    // the alternating iteration (cell around mod 2, in y) picks the circle's
    // radius; the distance scaled back by the cell's size r * 2 pi / 6.
    let nodes = "  /s: { rop: logPolarRepeat, params: { Count: 6, Offset: 0.3, Rotate: 10, Spacing: 1.5, Mirror: grid, Iteration: alternating }, inputs: [/w] }\n  /w: { rop: iterationSwitch, params: { Part: y }, inputs: [/a, /c] }\n  /a: { rop: circle, params: { Radius: 0.2, Translate: [0.1, 0.05] } }\n  /c: { rop: circle, params: { Radius: 0.3, Translate: [0.1, 0.05] } }\n  /out: { rop: render2D, inputs: [/s] }\n";
    let out = sample(&gpu, &lib, nodes, &pts);
    expect_exact(
        "logPolarRepeat Spacing, grid, alternating",
        &pts,
        &out,
        |p| {
            let (x, y) = (p[0] as f64, p[1] as f64);
            let r = x.hypot(y).max(1e-9);
            let cell = TAU / 6.0;
            let lx = r.ln() / cell / 1.5 - 0.3;
            let ly = (y.atan2(x) - 10f64.to_radians()) / cell;
            let (kx, ky) = ((lx + 0.5).floor(), (ly + 0.5).floor());
            let mut u = (lx - kx) * 1.5 * (kx.rem_euclid(2.0) * 2.0 - 1.0) - 0.75;
            let mut v = (ly - ky) * (ky.rem_euclid(2.0) * 2.0 - 1.0) - 0.5;
            if u > v {
                std::mem::swap(&mut u, &mut v);
            }
            let radius = if ky.rem_euclid(2.0) >= 1.0 { 0.3 } else { 0.2 };
            ((u - 0.1).hypot(v - 0.05) - radius) * r * cell
        },
    );
}

// ---------------------------------------------------------------------------
// Linear and grid repeats

#[test]
fn repeats_limit_one_side_mirror_and_offset_cells() {
    let Some(gpu) = gpu("repeats_limit_one_side_mirror_and_offset_cells") else {
        return;
    };
    let lib = catalog_library();

    // formula: linearRepeat along x (spacing 1.2, shifted 0.3) limited at
    // the start only (First -1 moved by Limit offset 1: no cells below 0),
    // the even cells mirrored, the alternating iteration (cell mod 2)
    // driving Cell offset through a field read with each copy's iteration.
    let pts = points2(231, 150, -4.0, 4.0);
    let nodes = "  /s: { rop: linearRepeat, params: { Axis: x, Spacing: 1.2, Offset: 0.3, Limited: true, LimitType: start, First: -1, LimitOffset: 1, Mirror: true, Iteration: alternating }, inputs: { input: /k, CellOffset: /ix } }\n  /k: { rop: circle, params: { Radius: 0.3, Translate: [0.2, 0.1] } }\n  /ix: { rop: iterationField, params: { Format: rawIndex } }\n  /out: { rop: render2D, inputs: [/s] }\n";
    let out = sample(&gpu, &lib, nodes, &pts);
    expect_exact(
        "linearRepeat start limit, Mirror, Cell offset",
        &pts,
        &out,
        |p| {
            let (x, y) = (p[0] as f64, p[1] as f64);
            let c = ((x - 0.3) / 1.2 + 0.5).floor().max(0.0);
            let mut u = x - 0.3 - 1.2 * c;
            if c.rem_euclid(2.0) < 1.0 {
                u = -u;
            }
            u -= c.rem_euclid(2.0);
            (u - 0.2).hypot(y - 0.1) - 0.3
        },
    );

    // formula: gridRepeat in 2D (spacing 1.5 by 1.2, shifted (0.3, -0.2))
    // limited to cells -1..2 by -2..1 with x moved one cell by Limit offset,
    // folded as pModGrid2 (even cells flipped, then on the diagonal of the
    // half-cell corner), the input moved by Cell offset; the circle reads
    // the provided place between the limits and the quadrant iteration.
    let pts = points2(241, 150, -5.0, 5.0);
    let nodes = "  /s: { rop: gridRepeat, params: { Spacing: [1.5, 1.2, 0], Shift: [0.3, -0.2, 0], Limited: true, LimitType: both, LimitStart: [-1, -2, 0], LimitStop: [2, 1, 0], LimitOffset: [1, 0, 0], Mirror: grid, Iteration: quadrant, CellOffset: [0.1, -0.05, 0] }, inputs: [/c] }
  /c:
    rop: custom
    custom:
      coordTypes: [vec2]
      returnTypes: [float]
      contextTypes: [Context]
      inputs:
        - { name: v, coordTypes: [vec2], returnTypes: [vec4], contextTypes: [Context], required: true }
      function: |
        ReturnT thismap(CoordT p, ContextT ctx) {
          vec4 v = inputOp1(p, ctx);
          return length(p - vec2(0.1, 0.05)) - 0.2 + 0.05 * v.x + 0.03 * v.y + 0.01 * ctx.iteration.x;
        }
    inputs: [/v]
  /v: { rop: variableReference, params: { Name: gridRepeat, Type: vec4 } }
  /out: { rop: probeFloat2, inputs: [/s] }
";
    let out = sample(&gpu, &lib, nodes, &pts);
    expect_exact(
        "gridRepeat limits, Shift, grid, Cell offset, variable",
        &pts,
        &out,
        |p| {
            let (spacing, lo, hi) = ([1.5, 1.2], [0.0, -2.0], [3.0, 1.0]);
            let ps = [p[0] as f64 - 0.3, p[1] as f64 + 0.2];
            let c: V2 =
                std::array::from_fn(|i| (ps[i] / spacing[i] + 0.5).floor().clamp(lo[i], hi[i]));
            let q: V2 = std::array::from_fn(|i| {
                (ps[i] - spacing[i] * c[i]) * (c[i].rem_euclid(2.0) * 2.0 - 1.0)
            });
            let (mut gx, mut gy) = (q[0] - 0.75, q[1] - 0.6);
            if gx > gy {
                std::mem::swap(&mut gx, &mut gy);
            }
            let (u, v) = (gx - 0.1, gy + 0.05);
            let place: V2 = std::array::from_fn(|i| (c[i] - lo[i]) / (hi[i] - lo[i]).max(1.0));
            let quadrant = c[0].rem_euclid(2.0) + 2.0 * c[1].rem_euclid(2.0);
            (u - 0.1).hypot(v - 0.05) - 0.2 + 0.05 * place[0] + 0.03 * place[1] + 0.01 * quadrant
        },
    );
}

// ---------------------------------------------------------------------------
// Magnet

#[test]
fn magnet_takes_its_shape_centre_and_easing_from_inputs() {
    let Some(gpu) = gpu("magnet_takes_its_shape_centre_and_easing_from_inputs") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(251, 160, -1.8, 1.8);
    let mut extra = format!(
        "{BOX}  /ball: {{ rop: sphere, params: {{ Radius: 0.3, Translate: [0.5, 0, 0] }} }}\n"
    );
    extra += &function_node("/ease", "float", "p * p");
    extra += "  /cen:
    rop: custom
    custom:
      coordTypes: [vec3]
      returnTypes: [vec4]
      contextTypes: [any]
      function: |
        ReturnT thismap(CoordT p, ContextT ctx) {
          ReturnT c = vec4(0.2, 0.3, -0.1, 0.0);
          return c;
        }
";
    // formula: x: the pull weighted by the easing (f^2) of the fade f (1
    // within Radius of the ball's surface, 0 from Radius + Fade), the
    // distance being the ball's SDF; y: the magnet's centre from a vec4
    // field, the default smoothstep fade. Each: moved by w Translate, turned
    // back by w Rotate (x, then y, then z) and scaled by mix(1, Scale, w)
    // about the centre, the distance times Step scale and min(1, scale).
    let nodes = four_sdfs(
        &[
            "{ rop: magnet, params: { Amount: 0.8, Radius: 0.4, Fade: 0.6, Translate: [0, 0.3, 0.1], Rotate: [10, 20, 30], Scale: 1.3, StepScale: 0.9 }, inputs: { input: /b, magnet: /ball, easing: /ease } }",
            "{ rop: magnet, params: { Amount: 1.0, Radius: 0.3, Fade: 0.8, Translate: [0.2, 0, 0], Scale: 0.8, StepScale: 0.7 }, inputs: { input: /b, magnet: /cen } }",
        ],
        &extra,
    );
    let out = sample(&gpu, &lib, &nodes, &pts);
    let pulled = |q: V3, c: V3, w: f64, t: V3, r: V3, scale: f64, step: f64| {
        let d: V3 = std::array::from_fn(|i| q[i] - c[i] - w * t[i]);
        let d = rot_axis(
            rot_axis(rot_axis(d, 2, -w * r[2]), 1, -w * r[1]),
            0,
            -w * r[0],
        );
        let s = 1.0 + (scale - 1.0) * w;
        box_d(std::array::from_fn(|i| c[i] + d[i] / s)) * step * s.min(1.0)
    };
    expect_vec("magnet inputs", &pts, &out, 2, TOL, |p| {
        let q = v3(p);
        let f = 1.0 - ((sphere_d(q, [0.5, 0.0, 0.0], 0.3) - 0.4) / 0.6).clamp(0.0, 1.0);
        let shaped = pulled(
            q,
            [0.0; 3],
            0.8 * f * f,
            [0.0, 0.3, 0.1],
            [10.0, 20.0, 30.0],
            1.3,
            0.9,
        );
        let c = [0.2, 0.3, -0.1];
        let t = ((an::len3(an::sub3(q, c)) - 0.3) / 0.8).clamp(0.0, 1.0);
        let w = 1.0 - t * t * (3.0 - 2.0 * t);
        let centred = pulled(q, c, w, [0.2, 0.0, 0.0], [0.0; 3], 0.8, 0.7);
        [shaped, centred, 0.0, 0.0]
    });
}

// ---------------------------------------------------------------------------
// UV transform

#[test]
fn uv_transform_steps_in_any_order() {
    let Some(gpu) = gpu("uv_transform_steps_in_any_order") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(261, 150, -2.0, 2.0);
    // formula: a plane facing z carries uv = (x, y); uvTransform applies,
    // relative to the pivot (0.5, 0.5), rotate (30 degrees), offset, scale
    // (Order rts: x and y channels) or scale, offset, rotate (str: z and w).
    let nodes = "  /s:
    rop: custom
    custom:
      coordTypes: [vec3]
      returnTypes: [vec4]
      contextTypes: [Context]
      inputs:
        - { name: a, coordTypes: [vec3], returnTypes: [Sdf], contextTypes: [Context], required: true }
        - { name: b, coordTypes: [vec3], returnTypes: [Sdf], contextTypes: [Context], required: true }
      function: |
        ReturnT thismap(CoordT p, ContextT ctx) {
          return vec4(inputOp1(p, ctx).uv, inputOp2(p, ctx).uv);
        }
    inputs: [/u1, /u2]
  /u1: { rop: uvTransform, params: { Order: rts, Rotate: 30, Offset: [0.2, -0.1], Scale: [2, 0.5], Pivot: [0.5, 0.5] }, inputs: [/pl] }
  /u2: { rop: uvTransform, params: { Order: str, Rotate: 30, Offset: [0.2, -0.1], Scale: [2, 0.5], Pivot: [0.5, 0.5] }, inputs: [/pl] }
  /pl: { rop: plane, params: { Normal: [0, 0, 1] } }
  /out: { rop: probeColor3, inputs: [/s] }
";
    let out = sample(&gpu, &lib, nodes, &pts);
    let steps = |p: &[f32; 3], order: &str| {
        let mut w = [p[0] as f64 - 0.5, p[1] as f64 - 0.5];
        for step in order.chars() {
            w = match step {
                's' => [w[0] * 2.0, w[1] * 0.5],
                'r' => an::rot2(w, 30f64.to_radians()),
                _ => [w[0] + 0.2, w[1] - 0.1],
            };
        }
        [0.5 + w[0], 0.5 + w[1]]
    };
    expect_vec("uvTransform Order", &pts, &out, 4, TOL, |p| {
        let (a, b) = (steps(p, "rts"), steps(p, "str"));
        [a[0], a[1], b[0], b[1]]
    });
}
