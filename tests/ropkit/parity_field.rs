//! The parameters and modes that bring the field, material, pattern,
//! output, time and utility ROPs to the RayTK operators they stand in for
//! (docs/raytk-operators.yaml, `parity: full`). Each check samples the GPU
//! and compares with a reference written here: the mode's formula in Rust,
//! or a symmetry between two settings of the same ROP. Each says which in a
//! comment.

use crate::catalog::an::{self, V3};
use crate::catalog::*;
use crate::catalog_b::Image;
use crate::common::*;
use crate::parity::{expect_same, expect_vec, norm3, rot_axis, smoothstep};
use std::f64::consts::{PI, TAU};

// ---------------------------------------------------------------------------
// Helpers

/// The nodes of a field `a - b` (math subtract) over the nodes `a` and `b`
/// plus `extra`, under `probe_rop`: a symmetry between two settings in one
/// sampling.
fn difference(probe_rop: &str, a: &str, b: &str, extra: &str) -> String {
    probe(
        probe_rop,
        "{ rop: math, params: { Operation: subtract }, inputs: [/a, /b] }",
        &format!("  /a: {a}\n  /b: {b}\n{extra}"),
    )
}

/// The published wavelength-to-RGB fits at `nm`, each written from its
/// definition: Zucconi's bump fits, MATLAB jet, GPU Gems, Bruton, Spektre.
fn spectrum_fit(kind: &str, nm: f64) -> [f64; 3] {
    let x = ((nm - 400.0) / 300.0).clamp(0.0, 1.0);
    let bump = |c: [f64; 3], m: [f64; 3], y: [f64; 3]| -> [f64; 3] {
        std::array::from_fn(|i| {
            let u = c[i] * (x - m[i]);
            (1.0 - u * u - y[i]).clamp(0.0, 1.0)
        })
    };
    let sat = |c: [f64; 3]| c.map(|v| v.clamp(0.0, 1.0));
    match kind {
        "zucconi" => bump(
            [3.54541723, 2.86670055, 2.29421995],
            [0.69548916, 0.49416934, 0.28269708],
            [0.02320775, 0.15936245, 0.53520021],
        ),
        "zucconi6" => {
            let a = bump(
                [3.54585104, 2.93225262, 2.41593945],
                [0.69549072, 0.49228336, 0.27699880],
                [0.02312639, 0.15225084, 0.52607955],
            );
            let b = bump(
                [3.90307140, 3.21182957, 3.96587128],
                [0.11748627, 0.86755042, 0.66077860],
                [0.84897130, 0.88445281, 0.73949448],
            );
            std::array::from_fn(|i| a[i] + b[i])
        }
        "jet" => sat(if x < 0.25 {
            [0.0, 4.0 * x, 1.0]
        } else if x < 0.5 {
            [0.0, 1.0, 1.0 + 4.0 * (0.25 - x)]
        } else if x < 0.75 {
            [4.0 * (x - 0.5), 1.0, 0.0]
        } else {
            [1.0, 1.0 + 4.0 * (0.75 - x), 0.0]
        }),
        "gems" => bump([4.0; 3], [0.75, 0.5, 0.25], [0.0; 3]),
        "bruton" => sat(match nm {
            w if (380.0..440.0).contains(&w) => [(440.0 - w) / 60.0, 0.0, 1.0],
            w if (440.0..490.0).contains(&w) => [0.0, (w - 440.0) / 50.0, 1.0],
            w if (490.0..510.0).contains(&w) => [0.0, 1.0, (510.0 - w) / 20.0],
            w if (510.0..580.0).contains(&w) => [(w - 510.0) / 70.0, 1.0, 0.0],
            w if (580.0..645.0).contains(&w) => [1.0, (645.0 - w) / 65.0, 0.0],
            w if (645.0..=780.0).contains(&w) => [1.0, 0.0, 0.0],
            _ => [0.0; 3],
        }),
        _ => {
            // Spektre: quadratic pieces, the first matching one per channel.
            let piece = |pieces: &[(f64, f64, f64, f64, f64)]| {
                pieces
                    .iter()
                    .find(|p| nm >= p.0 && nm < p.1)
                    .map_or(0.0, |p| {
                        let t = (nm - p.0) / (p.1 - p.0);
                        p.2 + p.3 * t + p.4 * t * t
                    })
            };
            [
                piece(&[
                    (400.0, 410.0, 0.0, 0.33, -0.20),
                    (410.0, 475.0, 0.14, 0.0, -0.13),
                    (545.0, 595.0, 0.0, 1.98, -1.0),
                    (595.0, 650.0, 0.98, 0.06, -0.40),
                    (650.0, 700.0, 0.65, -0.84, 0.20),
                ]),
                piece(&[
                    (415.0, 475.0, 0.0, 0.0, 0.80),
                    (475.0, 590.0, 0.8, 0.76, -0.80),
                    (585.0, 639.0, 0.82, -0.80, 0.0),
                ]),
                piece(&[
                    (400.0, 475.0, 0.0, 2.20, -1.50),
                    (475.0, 560.0, 0.7, -1.0, 0.30),
                ]),
            ]
        }
    }
}

// ---------------------------------------------------------------------------
// Colour fields

#[test]
fn colour_fields_have_their_raytk_units_and_shapes() {
    let Some(gpu) = gpu("colour_fields_have_their_raytk_units_and_shapes") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(7101, 40, -1.0, 1.0);

    // symmetry: blackbodyColor with Unit norm reads 0..1 as 0..8000 K, and
    // Exponent raises the temperature in kelvin to a power.
    for (a, b, what) in [
        (
            "Unit: norm, Temperature: 0.5",
            "Temperature: 4000",
            "blackbodyColor Unit norm",
        ),
        (
            "Temperature: 60, Exponent: 2",
            "Temperature: 3600",
            "blackbodyColor Exponent",
        ),
    ] {
        let nodes = difference(
            "probeColor3",
            &format!("{{ rop: blackbodyColor, params: {{ {a} }} }}"),
            &format!("{{ rop: blackbodyColor, params: {{ {b} }} }}"),
            "",
        );
        let out = sample(&gpu, &lib, &nodes, &pts[..4]);
        expect_vec(what, &pts[..4], &out, 3, 1e-4, |_| [0.0; 4]);
    }

    // formula: spectralColor's published fits (wavelengths 350..800 nm
    // over x 0..1), all six summed in one sampling (points at a break of a
    // piecewise fit are left out).
    let kinds = ["zucconi", "zucconi6", "jet", "gems", "bruton", "spektre"];
    let breaks = [
        380.0, 400.0, 410.0, 415.0, 440.0, 475.0, 490.0, 510.0, 545.0, 560.0, 580.0, 585.0, 590.0,
        595.0, 639.0, 645.0, 650.0, 700.0, 780.0,
    ];
    let mut r = Rng::new(7109);
    let xs: Vec<[f32; 3]> = (0..200)
        .map(|_| [r.range(-0.2, 1.2) as f32, 0.0, 0.0])
        .filter(|p| {
            let nm = 350.0 + 450.0 * p[0] as f64;
            breaks.iter().all(|b: &f64| (nm - b).abs() > 0.05)
        })
        .collect();
    let mut extra: String = kinds
        .iter()
        .enumerate()
        .map(|(i, k)| {
            format!("  /s{i}: {{ rop: spectralColor, params: {{ Spectrum: {k}, Wavelengths: [350, 800] }} }}\n")
        })
        .collect();
    extra.push_str("  /a01: { rop: math, inputs: [/s0, /s1] }\n  /a23: { rop: math, inputs: [/s2, /s3] }\n  /a45: { rop: math, inputs: [/s4, /s5] }\n  /a03: { rop: math, inputs: [/a01, /a23] }\n");
    let nodes = probe("probeColor3", "{ rop: math, inputs: [/a03, /a45] }", &extra);
    let out = sample(&gpu, &lib, &nodes, &xs);
    expect_vec("spectralColor fits", &xs, &out, 3, 1e-3, |p| {
        let nm = 350.0 + 450.0 * p[0] as f64;
        let mut sum = [0.0; 4];
        for k in kinds {
            let c = spectrum_fit(k, nm);
            for i in 0..3 {
                sum[i] += c[i];
            }
        }
        sum
    });

    // formula: domainColor's grid scales the colour by
    // mix(1, (|sin(pi x / s)| |sin(pi y / s)|)^LinePower, GridStrength)
    // (the colour with the grid over the colour without it, one sampling).
    let nodes = probe(
        "probeColor3",
        "{ rop: math, params: { Operation: divide }, inputs: [/a, /b] }",
        "  /a: { rop: domainColor, params: { GridSpacing: 0.7, GridStrength: 0.6, LinePower: 0.5 } }\n  /b: { rop: domainColor }\n",
    );
    let out = sample(&gpu, &lib, &nodes, &pts);
    expect_vec("domainColor grid", &pts, &out, 3, 1e-3, |p| {
        let g = (PI * p[0] as f64 / 0.7).sin().abs() * (PI * p[1] as f64 / 0.7).sin().abs();
        let f = 0.4 + 0.6 * g.sqrt();
        [f, f, f, 1.0]
    });
    // symmetry: atmosphere's Rotate turns the view direction (about y here:
    // the sky at d seen through Rotate is the plain sky at the turned d), and
    // PlanetRadius and Thickness scale with the other lengths: halving every
    // length and doubling every coefficient leaves the sky as it was.
    let dirs: Vec<[f32; 3]> = pts
        .iter()
        .map(|p| [p[0], p[1].abs() * 0.6 + 0.05, p[2]])
        .collect();
    let turned: Vec<[f32; 3]> = dirs
        .iter()
        .map(|p| {
            let q = rot_axis(v3(p), 1, 90.0);
            [q[0] as f32, q[1] as f32, q[2] as f32]
        })
        .collect();
    let sky = |params: &str, at: &[[f32; 3]]| {
        let node = format!("{{ rop: atmosphere, params: {{ {params} }} }}");
        sample(&gpu, &lib, &probe("probeColor3", &node, ""), at)
    };
    expect_same(
        "atmosphere Rotate",
        &sky("Rotate: [0, 90, 0]", &dirs),
        &sky("Steps: 16", &turned),
        3,
        2e-3,
    );
    let nodes = difference(
        "probeColor3",
        "{ rop: atmosphere, params: { PlanetRadius: 3180, Thickness: 30, RayleighHeight: 4000, MieHeight: 600, ObserverHeight: 0.5, Rayleigh: [11.6, 27, 66.2], Mie: 42 } }",
        "{ rop: atmosphere }",
        "",
    );
    let out = sample(&gpu, &lib, &nodes, &dirs);
    expect_vec(
        "atmosphere PlanetRadius and Thickness",
        &dirs,
        &out,
        3,
        2e-3,
        |_| [0.0; 4],
    );
}

// ---------------------------------------------------------------------------
// Time

fn fract(x: f64) -> f64 {
    x - x.floor()
}

#[test]
fn lfo_and_time_fields_have_their_raytk_modes() {
    let Some(gpu) = gpu("lfo_and_time_fields_have_their_raytk_modes") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(7102, 120, -2.0, 2.0);
    // Under a timeShift whose Offset is the point's x, a node sees the time
    // t + x: one sampling covers many phases.
    let px = "  /px: { rop: position, params: { Component: x } }\n";
    let lfo = |params: &str, probe_rop: &str| {
        let extra = format!("{px}  /l: {{ rop: lfoField, params: {{ {params} }} }}\n");
        let nodes = probe(
            probe_rop,
            "{ rop: timeShift, inputs: { input: /l, Offset: /px } }",
            &extra,
        );
        sample(&gpu, &lib, &nodes, &pts)
    };
    // Two lfoFields (the nodes /l1 and /l2, with the helper nodes `extra`)
    // summed, in one sampling.
    let lfo_sum = |l1: &str, l2: &str, extra: &str, time: f32| {
        let extra = format!(
            "{px}{extra}  /l1: {l1}\n  /l2: {l2}\n  /sum: {{ rop: math, inputs: [/l1, /l2] }}\n"
        );
        let nodes = probe(
            "probeFloat3",
            "{ rop: timeShift, inputs: { input: /sum, Offset: /px } }",
            &extra,
        );
        sample_at(&gpu, &lib, &nodes, &pts, time)
    };

    // formula: gaussian, a bell at mid-cycle Width wide (6 sigma), plus
    // Reverse, which runs a sine backwards.
    let out = lfo_sum(
        "{ rop: lfoField, params: { Shape: gaussian, Frequency: 1.3, Phase: 0.1, Width: 0.4, Amplitude: 2, Offset: -0.5 } }",
        "{ rop: lfoField, params: { Shape: sine, Frequency: 0.7, Phase: 0.2, Reverse: true } }",
        "",
        0.0,
    );
    expect_within("lfoField gaussian plus Reverse", &pts, &out, 1e-3, |p| {
        let x = p[0] as f64;
        let g = (fract(1.3 * x + 0.1) - 0.5) / (0.4 / 6.0);
        2.0 * (-0.5 * g * g).exp() - 0.5 - (TAU * (0.7 * x + 0.2)).sin()
    });
    // formula: Bias 0.4 gives the first half of each cycle 0.7 of it
    // (triangle), plus a wave input read at the phase in the cycle
    // (powerCurveFunction: 3 x^2.5 (1 - x)^1.5).
    let out = lfo_sum(
        "{ rop: lfoField, params: { Shape: triangle, Frequency: 0.9, Bias: 0.4 } }",
        "{ rop: lfoField, params: { Frequency: 1.1, Phase: 0.05, Amplitude: 0.5 }, inputs: [/w] }",
        "  /w: { rop: powerCurveFunction, params: { A: 2.5, B: 1.5, Normalize: false, Scale: 3.0 } }\n",
        0.0,
    );
    expect_within("lfoField Bias plus a wave input", &pts, &out, 1e-3, |p| {
        let q = 0.9 * p[0] as f64;
        let (m, u) = (0.7, fract(q));
        let w = q.floor()
            + if u < m {
                0.5 * u / m
            } else {
                0.5 + 0.5 * (u - m) / (1.0 - m)
            };
        let biased = 1.0 - 4.0 * (fract(w + 0.25) - 0.5).abs();
        let x = fract(1.1 * p[0] as f64 + 0.05);
        biased + 0.5 * 3.0 * x.powf(2.5) * (1.0 - x).powf(1.5)
    });
    // formula: TimeSource global and Interval frames ignore the shift (at
    // time 0.35, frame 0).
    let out = lfo_sum(
        "{ rop: lfoField, params: { Shape: sine, Frequency: 0.9, Phase: 0.3, TimeSource: global } }",
        "{ rop: lfoField, params: { Shape: sine, Frequency: 0.9, Phase: 0.1, Interval: frames } }",
        "",
        0.35,
    );
    expect_within(
        "lfoField TimeSource global plus Interval frames",
        &pts,
        &out,
        1e-3,
        |_| (TAU * (0.9 * 0.35 + 0.3)).sin() + (TAU * 0.1).sin(),
    );
    // formula: Multipliers scale each channel of a vec4 result; alpha is 1.
    let out = lfo(
        "Shape: sine, Frequency: 0.6, Multipliers: [1, -2, 0.5], Offset: 0.25",
        "probeColor3",
    );
    expect_vec("lfoField Multipliers", &pts, &out, 4, 1e-3, |p| {
        let s = (TAU * 0.6 * p[0] as f64).sin();
        [s + 0.25, -2.0 * s + 0.25, 0.5 * s + 0.25, 1.0]
    });

    // formula: timeField with TimeSource global reads the clock past the
    // shift (local would read t + x).
    let time = |params: &str| {
        let extra = format!("{px}  /l: {{ rop: timeField, params: {{ {params} }} }}\n");
        let nodes = probe(
            "probeFloat3",
            "{ rop: timeShift, inputs: { input: /l, Offset: /px } }",
            &extra,
        );
        sample_at(&gpu, &lib, &nodes, &pts[..8], 1.5)
    };
    let out = time("Mode: seconds, TimeSource: global, Speed: 2, Offset: 0.25");
    expect_exact("timeField TimeSource global", &pts[..8], &out, |_| 3.25);
    // identity: the frame rate is one over the step in seconds: their
    // product is 1 (so neither is 0).
    let nodes = probe(
        "probeFloat3",
        "{ rop: math, params: { Operation: multiply }, inputs: [/rate, /step] }",
        "  /rate: { rop: timeField, params: { Mode: rate } }\n  /step: { rop: timeField, params: { Mode: stepSeconds } }\n",
    );
    let out = sample_at(&gpu, &lib, &nodes, &pts[..8], 1.5);
    expect_exact("timeField rate and stepSeconds", &pts[..8], &out, |_| 1.0);
}

// ---------------------------------------------------------------------------
// Coordinate fields

/// polarCoords' (radius, angle, height) of q (relative to the centre) about
/// an axis, in a unit of `k` per turn.
fn polar_ref(q: V3, axis: char, spherical: bool, k: f64) -> [f64; 4] {
    let (u, v, a) = match axis {
        'x' => (q[1], q[2], q[0]),
        'z' => (q[0], q[1], q[2]),
        _ => (q[0], -q[2], q[1]),
    };
    let angle = (v.atan2(u) / TAU).rem_euclid(1.0) * k;
    let d = an::len3(q);
    if spherical {
        [d, angle, (a / d).asin() / TAU * k, 0.0]
    } else {
        [u.hypot(v), angle, a, 0.0]
    }
}

#[test]
fn coordinate_fields_have_their_raytk_axes_units_and_modes() {
    let Some(gpu) = gpu("coordinate_fields_have_their_raytk_axes_units_and_modes") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(7103, 150, -2.0, 2.0);
    let c = [0.3, -0.2, 0.5];

    // formula: polarCoords about x and z, in degrees and radians (points
    // where the angle wraps around are left out).
    for (axis, mode, unit, k) in [
        ('x', "cylindrical", "degrees", 360.0),
        ('z', "spherical", "radians", TAU),
    ] {
        let node = format!(
            "{{ rop: polarCoords, params: {{ Axis: {axis}, Mode: {mode}, Unit: {unit}, Center: [0.3, -0.2, 0.5] }} }}"
        );
        let out = sample(&gpu, &lib, &probe("probeColor3", &node, ""), &pts);
        let keep: Vec<usize> = (0..pts.len())
            .filter(|&i| {
                let a = polar_ref(an::sub3(v3(&pts[i]), c), axis, mode == "spherical", 1.0)[1];
                a > 1e-3 && a < 1.0 - 1e-3
            })
            .collect();
        let at: Vec<[f32; 3]> = keep.iter().map(|&i| pts[i]).collect();
        let got: Vec<[f32; 4]> = keep.iter().map(|&i| out[i]).collect();
        expect_vec(&node, &at, &got, 3, 1e-3, |p| {
            polar_ref(an::sub3(v3(p), c), axis, mode == "spherical", k)
        });
    }
    // formula: planeDistance and distance whatever the mode (distance plus
    // twice planeDistance, one sampling).
    let polar = |comp: &str| {
        format!(
            "{{ rop: polarCoords, params: {{ Axis: z, Mode: spherical, Component: {comp}, Center: [0.3, -0.2, 0.5] }} }}"
        )
    };
    let extra = format!(
        "  /d: {}\n  /pd: {}\n  /two: {{ rop: math, params: {{ Operation: multiply, Value: 2 }}, inputs: [/pd] }}\n",
        polar("distance"),
        polar("planeDistance")
    );
    let nodes = probe("probeFloat3", "{ rop: math, inputs: [/d, /two] }", &extra);
    let out = sample(&gpu, &lib, &nodes, &pts);
    expect_exact("polarCoords distance and planeDistance", &pts, &out, |p| {
        let q = an::sub3(v3(p), c);
        an::len3(q) + 2.0 * q[0].hypot(q[1])
    });
    // formula: sdfField of a unit sphere (distance |p| - 1) grown by Offset
    // 0.2: outside is 1 - the mask, surfaceInside the inner half of a band
    // Thickness wide, each edge blended across -Softness..Softness.
    let below = |e: f64| 1.0 - smoothstep(-0.1, 0.1, e);
    let mut extra = String::from("  /b: { rop: sphere, params: { Radius: 1 } }\n");
    for (i, mode) in ["outside", "surfaceInside"].iter().enumerate() {
        extra.push_str(&format!(
            "  /f{i}: {{ rop: sdfField, params: {{ Mode: {mode}, Softness: 0.1, Offset: 0.2, Thickness: 0.3 }}, inputs: [/b] }}\n"
        ));
    }
    let nodes = probe("probeFloat3", "{ rop: math, inputs: [/f0, /f1] }", &extra);
    let out = sample(&gpu, &lib, &nodes, &pts);
    expect_exact("sdfField outside plus surfaceInside", &pts, &out, |p| {
        let d = an::len3(v3(p)) - 1.2;
        let inner = if d < 0.0 { below(d.abs() - 0.15) } else { 0.0 };
        1.0 - below(d) + inner
    });
    // symmetry: sdfField's uv is the UV uvField reads from the same shape.
    let nodes = difference(
        "probeColor3",
        "{ rop: sdfField, params: { Mode: uv }, inputs: [/box] }",
        "{ rop: uvField, inputs: [/box] }",
        "  /box: { rop: box }\n",
    );
    let out = sample(&gpu, &lib, &nodes, &pts);
    expect_vec("sdfField uv", &pts, &out, 3, 1e-5, |_| [0.0; 4]);
    // formula: band across the distance from the origin, repeating every
    // 0.8 (shifted 0.15), reversed, between Outside value -1 and Inside
    // value 2; then along x with an easing (t^3) as the blend function of
    // each edge, between two colours.
    let edge = |x: f64, w: f64| smoothstep(-0.5 * w, 0.5 * w, x);
    let node = "{ rop: band, params: { Axis: length, Start: 0.2, End: 0.5, Softness: 0.1, Repeat: true, RepeatSize: 0.8, RepeatShift: 0.15, Reverse: true, InsideValue: 2, OutsideValue: -1 } }";
    let out = sample(&gpu, &lib, &probe("probeFloat3", node, ""), &pts);
    expect_within(node, &pts, &out, 1e-4, |p| {
        let x = (an::len3(v3(p)) + 0.15).rem_euclid(0.8);
        let v = 1.0 - edge(x - 0.2, 0.1) * edge(0.5 - x, 0.1);
        -1.0 + 3.0 * v
    });
    let node = "{ rop: band, params: { Axis: x, Start: -0.5, End: 0.7, Softness: 0.6, InsideColor: [0.9, 0.5, 0.2, 1], OutsideColor: [0.1, 0.2, 0.3, 0.5] }, inputs: [/f] }";
    let extra = "  /f: { rop: easeFunction, params: { Mode: in, Power: 3 } }\n";
    let out = sample(&gpu, &lib, &probe("probeColor3", node, extra), &pts);
    expect_vec("band blend function", &pts, &out, 4, 1e-4, |p| {
        let x = p[0] as f64;
        let eased = |e: f64| (e / 0.6 + 0.5).clamp(0.0, 1.0).powi(3);
        let v = eased(x + 0.5) * eased(0.7 - x);
        let (inside, outside) = ([0.9, 0.5, 0.2, 1.0], [0.1, 0.2, 0.3, 0.5]);
        std::array::from_fn(|i| outside[i] + (inside[i] - outside[i]) * v)
    });
    // brute force: nearestRingPoint with Points 5 around x is the nearest of
    // the five points (the first towards +y, counter-clockwise seen from
    // +x), and its vector output runs from the point to it (points nearly
    // as near to two of them are left out).
    let (c, rad) = ([0.2, -0.3, 0.1], 0.9);
    let ring: Vec<V3> = (0..5)
        .map(|k| {
            let a = TAU * k as f64 / 5.0;
            [c[0], c[1] + rad * a.cos(), c[2] + rad * a.sin()]
        })
        .collect();
    let nearest = |q: V3| -> (V3, f64) {
        let mut d: Vec<(f64, usize)> = ring
            .iter()
            .enumerate()
            .map(|(i, r)| (an::len3(an::sub3(*r, q)), i))
            .collect();
        d.sort_by(|a, b| a.0.total_cmp(&b.0));
        (ring[d[0].1], d[1].0 - d[0].0)
    };
    let clear: Vec<[f32; 3]> = pts
        .iter()
        .copied()
        .filter(|p| nearest(v3(p)).1 > 1e-3)
        .collect();
    let node = "{ rop: nearestRingPoint, params: { Radius: 0.9, Center: [0.2, -0.3, 0.1], Axis: x, Points: 5, Vec4: vector } }";
    let out = sample(&gpu, &lib, &probe("probeColor3", node, ""), &clear);
    expect_vec(node, &clear, &out, 4, 1e-4, |p| {
        let q = v3(p);
        let r = nearest(q).0;
        [r[0] - q[0], r[1] - q[1], r[2] - q[2], 0.0]
    });
    // formula: multiPointDistance's separate vec4 holds the distances to
    // points 1 to 4.
    let four = [
        [0.3, -0.2, 0.4],
        [-0.6, 0.5, 0.0],
        [0.0, 0.9, -0.7],
        [1.1, 0.1, 0.2],
    ];
    let node = "{ rop: multiPointDistance, params: { Vec4: separate, P1: [0.3, -0.2, 0.4], P2: [-0.6, 0.5, 0], P3: [0, 0.9, -0.7], P4: [1.1, 0.1, 0.2] } }";
    let out = sample(&gpu, &lib, &probe("probeColor3", node, ""), &pts);
    expect_vec(node, &pts, &out, 4, 1e-4, |p| {
        std::array::from_fn(|i| an::len3(an::sub3(v3(p), four[i])))
    });
    // formula: valuePointsField's colours blended by inverse distance cubed.
    let node = "{ rop: valuePointsField, params: { Vec4: colors, Power: 3, Point1: [0.3, -0.2, 0.4], Point2: [-0.6, 0.5, 0], Point3: [0, 0.9, -0.7], Point4: [1.1, 0.1, 0.2], Color1: [1, 0.2, 0.2, 1], Color2: [0.2, 1, 0.2, 0.5], Color3: [0.2, 0.2, 1, 1], Color4: [1, 1, 0.2, 0] } }";
    let colours = [
        [1.0, 0.2, 0.2, 1.0],
        [0.2, 1.0, 0.2, 0.5],
        [0.2, 0.2, 1.0, 1.0],
        [1.0, 1.0, 0.2, 0.0],
    ];
    let out = sample(&gpu, &lib, &probe("probeColor3", node, ""), &pts);
    expect_vec(node, &pts, &out, 4, 1e-4, |p| {
        let w: Vec<f64> = four
            .iter()
            .map(|q| an::len3(an::sub3(v3(p), *q)).powi(-3))
            .collect();
        let total: f64 = w.iter().sum();
        std::array::from_fn(|i| (0..4).map(|k| w[k] * colours[k][i]).sum::<f64>() / total)
    });
    // formula: reorderField drawing components from two inputs, a float one
    // (the distance from the origin) filling every component; an unconnected
    // third input reads as the first (the position).
    let extra =
        "  /pos: { rop: position }\n  /len: { rop: position, params: { Component: length } }\n";
    let node = "{ rop: reorderField, params: { SourceX: in2, X: x, SourceY: in1, Y: z, SourceZ: in3, Z: x, SourceW: in2, W: one }, inputs: [/pos, /len] }";
    let out = sample(&gpu, &lib, &probe("probeColor3", node, extra), &pts);
    expect_vec(node, &pts, &out, 4, 1e-4, |p| {
        let q = v3(p);
        [an::len3(q), q[2], q[0], 1.0]
    });
    // formula: gradient (linear along x from -1 to 1, t = (x + 1) / 2) with
    // each Extend, between ValueA 2 and ValueB -1 (points at a seam, where t
    // is a whole number, are left out).
    let seamless: Vec<[f32; 3]> = points3(7104, 150, -3.0, 3.0)
        .into_iter()
        .filter(|p| {
            let t = (p[0] as f64 + 1.0) / 2.0;
            (t - t.round()).abs() > 1e-3
        })
        .collect();
    let ramp_t = |p: &[f32; 3]| (p[0] as f64 + 1.0) / 2.0;
    // The three Extends summed in one sampling.
    let mut extra = String::new();
    for (i, extend) in ["repeat", "mirror", "zero"].iter().enumerate() {
        extra.push_str(&format!(
            "  /g{i}: {{ rop: gradient, params: {{ Start: [-1, 0, 0], End: [1, 0, 0], Extend: {extend}, ValueA: 2, ValueB: -1 }} }}\n"
        ));
    }
    extra.push_str("  /g01: { rop: math, inputs: [/g0, /g1] }\n");
    let nodes = probe("probeFloat3", "{ rop: math, inputs: [/g01, /g2] }", &extra);
    let out = sample(&gpu, &lib, &nodes, &seamless);
    expect_exact(
        "gradient Extend repeat, mirror and zero",
        &seamless,
        &out,
        |p| {
            let x = ramp_t(p);
            let zero = if (0.0..=1.0).contains(&x) {
                2.0 - 3.0 * x
            } else {
                0.0
            };
            let repeat = 2.0 - 3.0 * x.rem_euclid(1.0);
            let mirror = 2.0 - 3.0 * (1.0 - (x.rem_euclid(2.0) - 1.0).abs());
            repeat + mirror + zero
        },
    );
    // formula: an easing function reshapes the clamped ramp
    // (powerCurveFunction: 3 t^2.5 (1 - t)^1.5).
    let extra = "  /w: { rop: powerCurveFunction, params: { A: 2.5, B: 1.5, Normalize: false, Scale: 3.0 } }\n";
    let node = "{ rop: gradient, params: { Start: [-1, 0, 0], End: [1, 0, 0] }, inputs: [/w] }";
    let out = sample(&gpu, &lib, &probe("probeFloat3", node, extra), &seamless);
    expect_exact("gradient easing", &seamless, &out, |p| {
        let t = ramp_t(p).clamp(0.0, 1.0);
        3.0 * t.powf(2.5) * (1.0 - t).powf(1.5)
    });
    // formula: waveVector's shapes, each component along its own coordinate
    // or along the next one, plus Offset (saw and square are left out at
    // their jumps: triangle and cosine are continuous).
    let wave = |shape: &str, along: &str, q: V3| -> V3 {
        let s = if along == "own" {
            q
        } else {
            [q[1], q[2], q[0]]
        };
        let (a, o) = ([0.3, -0.5, 0.7], [0.1, 0.2, -0.3]);
        std::array::from_fn(|i| {
            let u = (TAU * 0.8 * s[i] + 0.4) / TAU;
            let v = if shape == "cosine" {
                (TAU * u).cos()
            } else {
                1.0 - 4.0 * (fract(u + 0.25) - 0.5).abs()
            };
            a[i] * v + o[i]
        })
    };
    let mut extra = String::new();
    for (i, (shape, along)) in [("triangle", "own"), ("cosine", "next")].iter().enumerate() {
        extra.push_str(&format!(
            "  /w{i}: {{ rop: waveVector, params: {{ Shape: {shape}, Along: {along}, Amplitude: [0.3, -0.5, 0.7], Offset: [0.1, 0.2, -0.3], Frequency: 0.8, Phase: 0.4 }} }}\n"
        ));
    }
    let nodes = probe("probeColor3", "{ rop: math, inputs: [/w0, /w1] }", &extra);
    let out = sample(&gpu, &lib, &nodes, &pts);
    expect_vec(
        "waveVector triangle own plus cosine next",
        &pts,
        &out,
        4,
        1e-3,
        |p| {
            let (a, b) = (
                wave("triangle", "own", v3(p)),
                wave("cosine", "next", v3(p)),
            );
            [a[0] + b[0], a[1] + b[1], a[2] + b[2], 0.0]
        },
    );
}

// ---------------------------------------------------------------------------
// Patterns

#[test]
fn patterns_have_their_raytk_outputs() {
    let Some(gpu) = gpu("patterns_have_their_raytk_outputs") else {
        return;
    };
    let lib = catalog_library();

    // brute force: rosettePattern's glow sums Glow (R / e - 1) over every
    // circle line nearer than R (e its distance), the circles of radius R
    // centred on the triangular lattice of spacing R (points on a line are
    // left out).
    let r = 0.37;
    let lines = |x: f64, y: f64| -> Vec<f64> {
        let mut v = Vec::new();
        for j in -20..=20 {
            for i in -20..=20 {
                let (i, j) = (i as f64, j as f64);
                let (cx, cy) = (r * (i + 0.5 * j), r * 0.866_025_403_78 * j);
                v.push(((x - cx).hypot(y - cy) - r).abs());
            }
        }
        v
    };
    let pts: Vec<[f32; 3]> = points3(7105, 120, -2.0, 2.0)
        .into_iter()
        .filter(|p| lines(p[0] as f64, p[2] as f64).iter().all(|&e| e > 1e-3))
        .collect();
    let node = "{ rop: rosettePattern, params: { Radius: 0.37, Output: glow, Glow: 0.3 } }";
    let out = sample(&gpu, &lib, &probe("probeFloat3", node, ""), &pts);
    expect_exact("rosettePattern glow", &pts, &out, |p| {
        0.3 * lines(p[0] as f64, p[2] as f64)
            .iter()
            .map(|&e| (r / e - 1.0).max(0.0))
            .sum::<f64>()
    });
    // brute force: knitPattern's profile with fibre grooves: the nearest leg
    // (the largest a (1 - e) over the two legs of the 3 x 3 cells around,
    // e the elliptical radius in the leg's frame), its profile 1 - e times
    // 1 - Amount g^8, g = 1/2 + 1/2 cos(2 pi Density (y / 2 + x / 4)) of the
    // point in the leg's frame over its half width a and half length b.
    let (sx, sy, tilt, amount, density) = (0.2, 0.16, 25f64.to_radians(), 0.6, 5.0);
    let (a, b) = (0.25 * 0.4 * sx, 0.5 * 1.2 * sy);
    let knit = |x: f64, y: f64| -> f64 {
        let (cx, cy) = ((x / sx).floor(), (y / sy).floor());
        let mut best = (f64::NEG_INFINITY, 0.0, [0.0; 2]);
        for k in 0..9 {
            let (ix, iy) = (cx + (k % 3 - 1) as f64, cy + (k / 3 - 1) as f64);
            for side in [-1.0, 1.0] {
                let (s, c) = (side * tilt).sin_cos();
                let hx = x - (ix + 0.5) * sx - side * 0.25 * sx;
                let hy = y - (iy + 0.5) * sy;
                let l = [(c * hx - s * hy) / a, (s * hx + c * hy) / b];
                let e = l[0].hypot(l[1]);
                if a * (1.0 - e) > best.0 {
                    best = (a * (1.0 - e), (1.0 - e).clamp(0.0, 1.0), l);
                }
            }
        }
        let g = 0.5 + 0.5 * (TAU * density * (0.5 * best.2[1] + 0.25 * best.2[0])).cos();
        best.1 * (1.0 - amount * g.powi(8))
    };
    let flat: Vec<[f32; 3]> = points2(7110, 150, -1.0, 1.0)
        .iter()
        .map(|p| [p[0], 0.0, p[1]])
        .collect();
    let node =
        "{ rop: knitPattern, params: { Output: profile, TextureAmount: 0.6, TextureDensity: 5 } }";
    let out = sample(&gpu, &lib, &probe("probeFloat3", node, ""), &flat);
    expect_within(node, &flat, &out, 1e-4, |p| knit(p[0] as f64, p[2] as f64));
    // formula: spiralPattern's twist: u = q / Spacing turned counter-
    // clockwise by |u| + Spin, folded by abs, then sqrt(a) + sqrt(r) -
    // sqrt(a + r) of a = atan(u.x, u.y) / pi and r = |u| (the xz plane).
    let twist = |x: f64, y: f64| {
        let (ux, uy) = (x / 0.4, y / 0.4);
        let (s, c) = (ux.hypot(uy) + 0.7).sin_cos();
        let (fx, fy) = ((c * ux - s * uy).abs(), (s * ux + c * uy).abs());
        let (ang, rad) = (fx.atan2(fy) / PI, fx.hypot(fy));
        ang.sqrt() + rad.sqrt() - (ang + rad).sqrt()
    };
    let node = "{ rop: spiralPattern, params: { Output: twist, Spacing: 0.4, Spin: 0.7 } }";
    let out = sample(&gpu, &lib, &probe("probeFloat3", node, ""), &flat);
    expect_within(node, &flat, &out, 1e-4, |p| twist(p[0] as f64, p[2] as f64));
}

// ---------------------------------------------------------------------------
// Textures

/// textureField on assets/checker.png: past the image Extend mirror and
/// zero, at texel centres (where linear filtering returns the texel
/// itself); 1D coordinates along the middle row (the mean of the two rows
/// it runs between); the image's size as the variable `res`.
#[test]
fn texture_field_extends_reads_1d_and_provides_its_size() {
    let Some(gpu) = gpu("texture_field_extends_reads_1d_and_provides_its_size") else {
        return;
    };
    let lib = catalog_library();
    let img = Image::load();
    let (w, h) = (img.w as f64, img.h as f64);
    let mut r = Rng::new(7108);
    let pts: Vec<[f32; 3]> = (0..120)
        .map(|_| {
            let i = (r.next() * 3.0 * w).floor() - w;
            let j = (r.next() * 3.0 * h).floor() - h;
            [((i + 0.5) / w) as f32, (1.0 - (j + 0.5) / h) as f32, 0.0]
        })
        .collect();
    let texel = |u: f64, v: f64| img.texel((u * w).floor() as i64, ((1.0 - v) * h).floor() as i64);
    let mirror = |x: f64| 1.0 - (x.rem_euclid(2.0) - 1.0).abs();
    let check = |what: &str, got: &[[f32; 4]], want: &dyn Fn(f64, f64) -> [f64; 4]| {
        for (p, g) in pts.iter().zip(got) {
            let want = want(p[0] as f64, p[1] as f64);
            for ch in 0..4 {
                assert!(
                    (g[ch] as f64 - want[ch]).abs() <= 3e-3,
                    "{what} at {p:?}: got {g:?}, want {want:?}"
                );
            }
        }
    };
    // formula: mirror folds the coordinate back into 0..1 every other image.
    let node = "{ rop: textureField, params: { Extend: mirror } }";
    let out = sample(&gpu, &lib, &probe("probeColor2", node, ""), &pts);
    check("textureField Extend mirror", &out, &|u, v| {
        texel(mirror(u), mirror(v))
    });
    // formula: zero reads 0 past the image.
    let node = "{ rop: textureField, params: { Extend: zero } }";
    let out = sample(&gpu, &lib, &probe("probeColor2", node, ""), &pts);
    check("textureField Extend zero", &out, &|u, v| {
        if (0.0..=1.0).contains(&u) && (0.0..=1.0).contains(&v) {
            texel(u, v)
        } else {
            [0.0; 4]
        }
    });
    // formula: a 1D coordinate runs along v = 0.5, between the two middle
    // rows (red channel).
    let xs: Vec<[f32; 3]> = pts.iter().map(|p| [p[0], 0.0, 0.0]).collect();
    let node = "{ rop: textureField, params: { Channel: r } }";
    let out = sample(&gpu, &lib, &probe("probeFunction", node, ""), &xs);
    for (p, g) in xs.iter().zip(&out) {
        let i = (p[0] as f64 * w).floor() as i64;
        let half = img.h as i64 / 2;
        let want = 0.5 * (img.texel(i, half - 1)[0] + img.texel(i, half)[0]);
        assert!(
            (g[0] as f64 - want).abs() <= 3e-3,
            "textureField 1D at {p:?}: got {}, want {want}",
            g[0]
        );
    }
    // symmetry: Scale driven by the variable res (the image's width and
    // height) is Scale set to them.
    let at: Vec<[f32; 3]> = pts
        .iter()
        .map(|p| [p[0] * 1.37 / w as f32, p[1] * 0.61 / h as f32, 0.0])
        .collect();
    let nodes = difference(
        "probeColor2",
        "{ rop: textureField, inputs: { Scale: /res } }",
        &format!("{{ rop: textureField, params: {{ Scale: [{w}, {h}] }} }}"),
        "  /res: { rop: variableReference, params: { Name: res, Type: vec4 } }\n",
    );
    let out = sample(&gpu, &lib, &nodes, &at);
    expect_vec("textureField res", &at, &out, 4, 1e-5, |_| [0.0; 4]);
}

// ---------------------------------------------------------------------------
// Noise and cells

#[test]
fn cell_and_noise_fields_have_their_raytk_offsets_and_outputs() {
    let Some(gpu) = gpu("cell_and_noise_fields_have_their_raytk_offsets_and_outputs") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(7106, 100, -2.0, 2.0);
    let field =
        |node: &str, at: &[[f32; 3]]| sample(&gpu, &lib, &probe("probeFloat3", node, ""), at);

    // symmetry: a whole-number HashOffset of voronoi hashes the cells a
    // Translate by the same amount reaches; a fractional one is another set
    // of points (most values change).
    let nodes = difference(
        "probeFloat3",
        "{ rop: voronoi, params: { Mode: f2, Scale: 1.5, HashOffset: [1, 2, -3] } }",
        "{ rop: voronoi, params: { Mode: f2, Scale: 1.5, Translate: [1, 2, -3] } }",
        "",
    );
    let out = sample(&gpu, &lib, &nodes, &pts);
    expect_within("voronoi whole HashOffset", &pts, &out, 1e-4, |_| 0.0);
    let nodes = difference(
        "probeFloat3",
        "{ rop: voronoi, params: { Mode: f2, Scale: 1.5, HashOffset: [0.37, 0, 0] } }",
        "{ rop: voronoi, params: { Mode: f2, Scale: 1.5 } }",
        "",
    );
    let out = sample(&gpu, &lib, &nodes, &pts);
    let changed = out.iter().filter(|v| v[0].abs() > 1e-3).count();
    assert!(
        changed > pts.len() / 2,
        "voronoi fractional HashOffset changed only {changed} values"
    );

    // symmetry: voronoiBorder's packed vec4 is (the border distance, the
    // point less its nearest feature point): the vector's length times Scale
    // is voronoi's F1 for the same points.
    let node =
        "{ rop: voronoiBorder, params: { Vec4: packed, Scale: 1.5, HashOffset: [0.3, 0.1, 0] } }";
    let packed = sample(&gpu, &lib, &probe("probeColor3", node, ""), &pts);
    let f1 = field(
        "{ rop: voronoi, params: { Mode: f1, Scale: 1.5, HashOffset: [0.3, 0.1, 0] } }",
        &pts,
    );
    let lengths: Vec<[f32; 4]> = packed
        .iter()
        .map(|v| {
            let l = (v[1] * v[1] + v[2] * v[2] + v[3] * v[3]).sqrt() * 1.5;
            [l, 0.0, 0.0, 0.0]
        })
        .collect();
    expect_same("voronoiBorder packed vector", &lengths, &f1, 1, 1e-3);

    // symmetry: Stretch multiplies the frequency per axis.
    let stretched = field(
        "{ rop: voronoiBorder, params: { Scale: 1.0, Stretch: [2, 1, 0.5] } }",
        &pts,
    );
    let squeezed: Vec<[f32; 3]> = pts.iter().map(|p| [2.0 * p[0], p[1], 0.5 * p[2]]).collect();
    let plain = field("{ rop: voronoiBorder, params: { Scale: 1.0 } }", &squeezed);
    expect_same("voronoiBorder Stretch", &stretched, &plain, 1, 1e-4);
    // formula: metaball with per-axis radii, exponents and a weight, in both
    // falloffs (the first three default centres).
    let centres = [[-0.4, 0.0, 0.0], [0.4, 0.1, 0.0], [0.0, 0.45, 0.1]];
    let (radii, exps, weight) = ([0.9, 0.42, 0.6], [1.0, 2.0, 1.5], 0.8);
    let extra: String = ["bump", "inverseSquare"]
        .iter()
        .enumerate()
        .map(|(i, f)| format!("  /m{i}: {{ rop: metaball, params: {{ Count: 3, Falloff: {f}, RadiusScale: [1.5, 0.7, 1.0], Exponent: [1, 2, 1.5], Weight: 0.8 }} }}\n"))
        .collect();
    let nodes = probe("probeFloat3", "{ rop: math, inputs: [/m0, /m1] }", &extra);
    let out = sample(&gpu, &lib, &nodes, &pts);
    expect_exact("metaball bump plus inverseSquare", &pts, &out, |p| {
        let q = v3(p);
        centres
            .iter()
            .map(|c| {
                let q2: f64 = (0..3)
                    .map(|i| ((q[i] - c[i]).abs().powf(exps[i]) / radii[i]).powi(2))
                    .sum();
                weight * (1.0 - q2).max(0.0).powi(3) + weight / q2.max(1e-12)
            })
            .sum()
    });
    // property: Perlin noise is 0 at every lattice point (here in 4D with a
    // whole-number W), and not elsewhere.
    let mut lattice: Vec<[f32; 3]> = points3(7107, 30, -4.0, 4.0)
        .iter()
        .map(|p| [p[0].round(), p[1].round(), p[2].round()])
        .collect();
    lattice.extend_from_slice(&pts[..30]);
    let out = field(
        "{ rop: simplexNoise, params: { Type: perlin, Dims: four, W: 2 } }",
        &lattice,
    );
    expect_within(
        "perlin noise at lattice points",
        &lattice[..30],
        &out[..30],
        1e-4,
        |_| 0.0,
    );
    let spread = out[30..].iter().map(|v| v[0].abs()).fold(0.0f32, f32::max);
    assert!(spread > 0.1, "perlin noise is flat: {spread}");
    // symmetry: Amplitude scales and Offset adds (4D simplex).
    let nodes = difference(
        "probeFloat3",
        "{ rop: simplexNoise, params: { Dims: four, W: 0.3, Amplitude: 2, Offset: 0.3 } }",
        "{ rop: math, params: { Operation: multiply, Value: 2 }, inputs: [/n] }",
        "  /n: { rop: simplexNoise, params: { Dims: four, W: 0.3 } }\n",
    );
    let out = sample(&gpu, &lib, &nodes, &pts);
    expect_exact("simplexNoise Offset", &pts, &out, |_| 0.3);
    // symmetry: 2D noise in the xz plane ignores y (a Translate along y).
    let nodes = difference(
        "probeFloat3",
        "{ rop: simplexNoise, params: { Type: perlin, Dims: plane, Plane: xz, Stretch: [1.5, 1, 0.5] } }",
        "{ rop: simplexNoise, params: { Type: perlin, Dims: plane, Plane: xz, Stretch: [1.5, 1, 0.5], Translate: [0, 3, 0] } }",
        "",
    );
    let out = sample(&gpu, &lib, &nodes, &pts);
    expect_within("simplexNoise Plane xz", &pts, &out, 1e-5, |_| 0.0);
    // symmetry: in 4D, Speed scrolls along w: at time 2, Speed 0.25 is W 0.5.
    let nodes = difference(
        "probeFloat3",
        "{ rop: simplexNoise, params: { Dims: four, Speed: 0.25 } }",
        "{ rop: simplexNoise, params: { Dims: four, W: 0.5 } }",
        "",
    );
    let out = sample_at(&gpu, &lib, &nodes, &pts, 2.0);
    expect_within("simplexNoise 4D Speed", &pts, &out, 1e-4, |_| 0.0);
    // symmetry: waveletNoise's Phase pi negates every wavelet, so with
    // Offset 0.3 it plus the plain noise is 0.3.
    let nodes = probe(
        "probeFloat3",
        "{ rop: math, params: { Operation: add }, inputs: [/a, /b] }",
        "  /a: { rop: waveletNoise, params: { Phase: 3.14159265, Offset: 0.3 } }\n  /b: { rop: waveletNoise }\n",
    );
    let out = sample(&gpu, &lib, &nodes, &pts);
    expect_within("waveletNoise Phase and Offset", &pts, &out, 1e-4, |_| 0.3);
    // symmetry: two octaves of gain 1 are the mean of the first octave and
    // the first octave at Scale times Lacunarity, moved by 3.7 (q L + 3.7).
    let nodes = difference(
        "probeFloat3",
        "{ rop: waveletNoise, params: { Octaves: 2, Gain: 1, Lacunarity: 2.7 } }",
        "{ rop: math, params: { Operation: average }, inputs: [/o1, /o2] }",
        "  /o1: { rop: waveletNoise, params: { Octaves: 1 } }\n  /o2: { rop: waveletNoise, params: { Octaves: 1, Scale: 5.4, Translate: [3.7, 3.7, 3.7] } }\n",
    );
    let out = sample(&gpu, &lib, &nodes, &pts);
    expect_within("waveletNoise Lacunarity", &pts, &out, 1e-4, |_| 0.0);
    // property: Vorticity turns the wavelets (most values change).
    let nodes = difference(
        "probeFloat3",
        "{ rop: waveletNoise, params: { Phase: 1, Vorticity: true } }",
        "{ rop: waveletNoise, params: { Phase: 1 } }",
        "",
    );
    let out = sample(&gpu, &lib, &nodes, &pts);
    let changed = out.iter().filter(|v| v[0].abs() > 1e-3).count();
    assert!(
        changed > pts.len() / 2,
        "waveletNoise Vorticity changed only {changed} values"
    );
    // symmetry: terrainNoise's Musgrave types over Perlin noise n (the same
    // as simplexNoise's perlin in the plane): one octave of multifractal is
    // n + Step offset (in the xy plane here, times Amplitude 2, plus Offset
    // 0.1); two octaves of fbm with Detail 1.5 are n(q) + 0.5 2^-1 n(2 q)
    // (the second octave half counted, weighted lacunarity^-H); one octave
    // of ridged is (Step offset - |n|)^2.
    let perlin = |params: &str| {
        format!("{{ rop: simplexNoise, params: {{ Type: perlin, Dims: plane, {params} }} }}")
    };
    let cases = [
        (
            "{ rop: terrainNoise, params: { Type: multifractal, Octaves: 1, Plane: xy, Scale: 1.3, Translate: [0.2, 0.7], StepOffset: 0.6, Amplitude: 2, Offset: 0.1 } }".to_string(),
            "{ rop: math, params: { Operation: multiply, Value: 2 }, inputs: [/n] }".to_string(),
            format!("  /n: {}\n", perlin("Plane: xy, Scale: 1.3, Translate: [0.2, 0.7, 0], Offset: 0.6")),
            0.1,
        ),
        (
            "{ rop: terrainNoise, params: { Type: fbm, Octaves: 2, Detail: 1.5, Scale: 1.3, Translate: [0.2, 0.7] } }".to_string(),
            "{ rop: math, params: { Operation: add }, inputs: [/n, /half] }".to_string(),
            format!(
                "  /n: {}\n  /n2: {}\n  /half: {{ rop: math, params: {{ Operation: multiply, Value: 0.25 }}, inputs: [/n2] }}\n",
                perlin("Plane: xz, Scale: 1.3, Translate: [0.2, 0, 0.7]"),
                perlin("Plane: xz, Scale: 2.6, Translate: [0.4, 0, 1.4]")
            ),
            0.0,
        ),
        (
            "{ rop: terrainNoise, params: { Type: ridgedMultifractal, Octaves: 1, StepOffset: 0.9 } }".to_string(),
            "{ rop: math, params: { Operation: multiply }, inputs: [/r, /r] }".to_string(),
            format!(
                "  /n: {}\n  /abs: {{ rop: math, params: {{ Operation: abs }}, inputs: [/n] }}\n  /r: {{ rop: math, params: {{ Operation: subtract, Value: 0.9, Swap: true }}, inputs: [/abs] }}\n",
                perlin("Plane: xz")
            ),
            0.0,
        ),
    ];
    for (terrain, reference, extra, offset) in &cases {
        let nodes = difference("probeFloat3", terrain, reference, extra);
        let out = sample(&gpu, &lib, &nodes, &pts);
        expect_within(terrain, &pts, &out, 1e-4, |_| *offset);
    }
}

// ---------------------------------------------------------------------------
// Materials

/// A floor under a ball lit by a sun from the side, seen from above by a
/// parallel camera, with no occlusion or gamma and the renderer's Ambient
/// at `ambient`: the floor's material is the node `floor_mat` (wired to
/// /floor), with the helper nodes `extra`.
fn shadow_scene(floor_mat: &str, extra: &str, ambient: f64) -> String {
    format!(
        "output: /render\nnodes:\n  /floor: {{ rop: plane }}\n  /floorMat: {floor_mat}\n{extra}  /ball: {{ rop: sphere, params: {{ Radius: 0.5, Translate: [0, 1.2, 0] }} }}\n  /ballMat: {{ rop: basicMaterial, params: {{ Color: [0.9, 0.1, 0.1] }}, inputs: [/ball] }}\n  /scene: {{ rop: combine, params: {{ Mode: union }}, inputs: [/floorMat, /ballMat] }}\n  /cam: {{ rop: orthoCamera, params: {{ Position: [0, 6, 0.001], Target: [0, 0, 0] }} }}\n  /sun: {{ rop: directionalLight, params: {{ Direction: [-1, -1.2, 0], Color: [1, 1, 1], Intensity: 1 }} }}\n  /render: {{ rop: raymarchRender3D, params: {{ AO: false, Ambient: {ambient}, Gamma: 1 }}, inputs: {{ scene: /scene, camera: /cam, light: /sun }} }}\n"
    )
}

/// The floor's colour in the ball's shadow (16 pixels a unit: the shadow's
/// middle lies 1 unit from the ball along -x) and at the mirror point
/// across the ball, in the open, of a 64-pixel render of [`shadow_scene`]
/// with the floor's material `rop: ..., params: { ... }` and no ambient.
fn shadow_and_open(
    gpu: &ropkit::render::Gpu,
    lib: &ropkit::library::Library,
    floor_mat: &str,
) -> ([f64; 3], [f64; 3]) {
    let node = format!("{{ {floor_mat}, inputs: [/floor] }}");
    let img = render_image(gpu, lib, &shadow_scene(&node, "", 0.0), 64);
    let px = |x: u32| {
        let p = img.get_pixel(x, 32);
        [p[0] as f64, p[1] as f64, p[2] as f64]
    };
    (px(16), px(48))
}

/// Two renders agree pixel by pixel (within one level).
fn same_image(a: &image::RgbaImage, b: &image::RgbaImage) -> bool {
    a.pixels()
        .zip(b.pixels())
        .all(|(a, b)| a.0.iter().zip(b.0).all(|(x, y)| x.abs_diff(y) <= 1))
}

#[test]
fn materials_have_their_raytk_ambient_and_shadow_switches() {
    let Some(gpu) = gpu("materials_have_their_raytk_ambient_and_shadow_switches") else {
        return;
    };
    let lib = catalog_library();

    // property: phongMaterial's shadow darkens the floor where the ball
    // blocks the sun; with Shadows off both points are lit alike, and the
    // Ambient colour (0.2 red) is added to each (51 of 255 with gamma 1).
    let (dark, open) = shadow_and_open(
        &gpu,
        &lib,
        "rop: phongMaterial, params: { Color: [0.5, 0.5, 0.5], Specular: 0 }",
    );
    assert!(
        open[1] > 60.0 && dark[1] < 10.0,
        "phongMaterial's shadow: {dark:?} vs {open:?}"
    );
    let (dark, open) = shadow_and_open(
        &gpu,
        &lib,
        "rop: phongMaterial, params: { Color: [0.5, 0.5, 0.5], Specular: 0, Shadows: false, AmbientColor: [0.2, 0, 0] }",
    );
    for c in [dark, open] {
        assert!(
            (c[1] - open[1]).abs() <= 1.0,
            "phongMaterial Shadows off: {dark:?} vs {open:?}"
        );
        assert!(
            (c[0] - c[1] - 51.0).abs() <= 2.0,
            "phongMaterial AmbientColor: {c:?}"
        );
    }
    let lambert = open[1];

    // symmetry: orenNayarMaterial with Roughness 0 is Lambert's shading, so
    // with Diffuse 0.5 and Albedo 0.8 the open floor is 0.4 of phong's
    // diffuse grey; with Shadows off the shadowed point matches it.
    let (dark, open) = shadow_and_open(
        &gpu,
        &lib,
        "rop: orenNayarMaterial, params: { Color: [0.5, 0.5, 0.5], Roughness: 0, Shadows: false, Diffuse: 0.5, Albedo: 0.8 }",
    );
    for c in [dark, open] {
        assert!(
            (c[1] - 0.4 * lambert).abs() <= 1.5,
            "orenNayarMaterial Diffuse, Albedo and Shadows off: {c:?} vs Lambert {lambert}"
        );
    }
    // symmetry: with Local position the colour field (here the x
    // coordinate) reads the ball as the material saw it, before a move of
    // 1 along x: the same picture as the field itself moved by -1.
    let ball = |local: bool, offset: f64| {
        format!(
            "output: /render\nnodes:\n  /b: {{ rop: sphere }}\n  /f: {{ rop: position, params: {{ Component: x, Offset: [{offset}, 0, 0] }} }}\n  /s: {{ rop: orenNayarMaterial, params: {{ LocalPosition: {local} }}, inputs: {{ shape: /b, color: /f }} }}\n  /t: {{ rop: transform, params: {{ Translate: [1, 0, 0] }}, inputs: [/s] }}\n  /render: {{ rop: raymarchRender3D, inputs: [/t] }}\n"
        )
    };
    let local = render_image(&gpu, &lib, &ball(true, 0.0), 32);
    let moved = render_image(&gpu, &lib, &ball(false, 1.0), 32);
    assert!(
        same_image(&local, &moved),
        "orenNayarMaterial Local position"
    );
    // formula: iridescenceLayer's palette on a plane facing (0.6, 0.48, 0.64)
    // seen along -z by a parallel camera (so that is also its normal in view
    // space): 0.5 + 0.5 cos(atan(0.48, 0.6) / Period + 2 pi (Phase + k / 3))
    // per channel k, faded by the smoothstep from Spread's larger value
    // (0) to its smaller (1) at |n.z| = 0.64, times Strength.
    let text = "output: /render\nnodes:\n  /pl: { rop: plane, params: { Normal: [0.6, 0.48, 0.64] } }\n  /ir: { rop: iridescenceLayer, params: { Model: palette, Period: 0.7, Phase: 0.15, Spread: [0.9, 0.3], Strength: 0.8 } }\n  /m: { rop: modularMaterial, params: { Base: 0 }, inputs: { shape: /pl, layer1: /ir } }\n  /cam: { rop: orthoCamera, params: { Position: [0, 0, 6], Target: [0, 0, 0] } }\n  /sun: { rop: directionalLight }\n  /render: { rop: raymarchRender3D, params: { AO: false, Ambient: 0.5, Gamma: 1 }, inputs: { scene: /m, camera: /cam, light: /sun } }\n";
    let img = render_image(&gpu, &lib, text, 32);
    let t = smoothstep(0.0, 1.0, (0.9 - 0.64) / 0.6);
    let around = 0.48f64.atan2(0.6);
    for (x, y) in [(16, 16), (5, 3), (27, 25)] {
        let px = img.get_pixel(x, y);
        for k in 0..3 {
            let want = (0.5 + 0.5 * (around / 0.7 + TAU * (0.15 + k as f64 / 3.0)).cos())
                * t
                * 0.8
                * 255.0;
            assert!(
                (px[k] as f64 - want).abs() <= 1.5,
                "iridescenceLayer palette at ({x}, {y}) channel {k}: {} vs {want}",
                px[k]
            );
        }
    }
    // formula: goochLayer on a plane facing the parallel camera (+z), the
    // sun travelling along (-0.6, 0, -0.8): n.l = 0.8, so t = 0.9 of the way
    // from the cool end (Cool + CoolDiffuse Base) to the warm (Warm +
    // WarmDiffuse Base), plus Specular times the mirrored light's cosine
    // with the eye (0.8) to the Shininess, times Strength; the light's red
    // colour left out (Use light colour off).
    let text = "output: /render\nnodes:\n  /pl: { rop: plane, params: { Normal: [0, 0, 1] } }\n  /g: { rop: goochLayer, params: { Warm: [0.5, 0.3, 0.1], Cool: [0.1, 0.1, 0.3], BaseColor: [0.4, 0.2, 0.6], CoolDiffuse: 0.25, WarmDiffuse: 0.5, Specular: 0.2, Shininess: 4, UseLightColor: false, Strength: 0.8 } }\n  /m: { rop: modularMaterial, params: { Base: 0 }, inputs: { shape: /pl, layer1: /g } }\n  /cam: { rop: orthoCamera, params: { Position: [0, 0, 6], Target: [0, 0, 0] } }\n  /sun: { rop: directionalLight, params: { Direction: [-0.6, 0, -0.8], Color: [1, 0.2, 0.2], Intensity: 1 } }\n  /render: { rop: raymarchRender3D, params: { AO: false, Ambient: 0, Gamma: 1 }, inputs: { scene: /m, camera: /cam, light: /sun } }\n";
    let img = render_image(&gpu, &lib, text, 32);
    let (warm, cool, base) = ([0.5, 0.3, 0.1], [0.1, 0.1, 0.3], [0.4, 0.2, 0.6]);
    let px = img.get_pixel(16, 16);
    for k in 0..3 {
        let mixed = (cool[k] + 0.25 * base[k]) * 0.1 + (warm[k] + 0.5 * base[k]) * 0.9;
        let want = (mixed + 0.2 * 0.8f64.powi(4)) * 0.8 * 255.0;
        assert!(
            (px[k] as f64 - want).abs() <= 1.5,
            "goochLayer channel {k}: {} vs {want}",
            px[k]
        );
    }
    // formula: rimLayer's band on the plane facing (0.6, 0.48, 0.64) seen
    // along -z (n.v = 0.64): 1 - smoothstep(Thickness - Blending / 2,
    // Thickness + Blending / 2, 0.64), with Strength driven by the variable
    // normangle, the normal's angle around the view direction over a turn
    // plus a half.
    let text = "output: /render\nnodes:\n  /pl: { rop: plane, params: { Normal: [0.6, 0.48, 0.64] } }\n  /na: { rop: variableReference, params: { Name: normangle, Type: float } }\n  /r: { rop: rimLayer, params: { Shape: band, Thickness: 0.7, Blending: 0.2, Color: [0.5, 0.4, 0.3] }, inputs: { Strength: /na } }\n  /m: { rop: modularMaterial, params: { Base: 0 }, inputs: { shape: /pl, layer1: /r } }\n  /cam: { rop: orthoCamera, params: { Position: [0, 0, 6], Target: [0, 0, 0] } }\n  /sun: { rop: directionalLight }\n  /render: { rop: raymarchRender3D, params: { AO: false, Ambient: 0.5, Gamma: 1 }, inputs: { scene: /m, camera: /cam, light: /sun } }\n";
    let img = render_image(&gpu, &lib, text, 32);
    let angle = 0.48f64.atan2(0.6) / TAU + 0.5;
    let rim = 1.0 - smoothstep(0.6, 0.8, 0.64);
    let px = img.get_pixel(16, 16);
    for (k, c) in [0.5, 0.4, 0.3].iter().enumerate() {
        let want = c * angle * rim * 255.0;
        assert!(
            (px[k] as f64 - want).abs() <= 1.5,
            "rimLayer band and normangle channel {k}: {} vs {want}",
            px[k]
        );
    }
    // property: with Shadows on, the rim (a band reaching over the whole
    // floor) goes dark in the ball's shadow and keeps its colour outside.
    let text = shadow_scene(
        "{ rop: modularMaterial, params: { Base: 0 }, inputs: { shape: /floor, layer1: /r } }",
        "  /r: { rop: rimLayer, params: { Shape: band, Thickness: 1.5, Blending: 0.2, Color: [0.5, 0.4, 0.3], Shadows: true } }\n",
        0.2,
    );
    let img = render_image(&gpu, &lib, &text, 64);
    let (dark, open) = (img.get_pixel(16, 32), img.get_pixel(48, 32));
    assert!(
        dark[0] < 5 && (open[0] as f64 - 127.5).abs() <= 1.5,
        "rimLayer Shadows: {dark:?} vs {open:?}"
    );
    // formula: diffuseLayer with Method orenNayar on the plane facing the
    // parallel camera (+z), the sun along (-0.6, 0, -0.8): n.l = 0.8 and the
    // eye on the normal, where Oren-Nayar's factor is its A term,
    // 1 - 0.5 s^2 / (s^2 + 0.33); times Albedo and Level, the light's red
    // left out.
    let text = "output: /render\nnodes:\n  /pl: { rop: plane, params: { Normal: [0, 0, 1] } }\n  /g: { rop: diffuseLayer, params: { Color: [0.9, 0.6, 0.3], Method: orenNayar, Roughness: 0.5, Albedo: 0.8, Level: 0.5, UseLightColor: false } }\n  /m: { rop: modularMaterial, params: { Base: 0 }, inputs: { shape: /pl, layer1: /g } }\n  /cam: { rop: orthoCamera, params: { Position: [0, 0, 6], Target: [0, 0, 0] } }\n  /sun: { rop: directionalLight, params: { Direction: [-0.6, 0, -0.8], Color: [1, 0.2, 0.2], Intensity: 1 } }\n  /render: { rop: raymarchRender3D, params: { AO: false, Ambient: 0, Gamma: 1 }, inputs: { scene: /m, camera: /cam, light: /sun } }\n";
    let img = render_image(&gpu, &lib, text, 32);
    let a = 1.0 - 0.5 * 0.25 / (0.25 + 0.33);
    let px = img.get_pixel(16, 16);
    for (k, c) in [0.9, 0.6, 0.3].iter().enumerate() {
        let want = c * 0.8 * 0.8 * a * 0.5 * 255.0;
        assert!(
            (px[k] as f64 - want).abs() <= 1.5,
            "diffuseLayer orenNayar channel {k}: {} vs {want}",
            px[k]
        );
    }
    // property: diffuseLayer with Shadows off lights the shadowed floor as
    // the open floor.
    let text = shadow_scene(
        "{ rop: modularMaterial, params: { Base: 0 }, inputs: { shape: /floor, layer1: /d } }",
        "  /d: { rop: diffuseLayer, params: { Color: [0.5, 0.5, 0.5], Shadows: false } }\n",
        0.0,
    );
    let img = render_image(&gpu, &lib, &text, 64);
    let (dark, open) = (img.get_pixel(16, 32), img.get_pixel(48, 32));
    assert!(
        open[1] > 60 && dark[1].abs_diff(open[1]) <= 1,
        "diffuseLayer Shadows off: {dark:?} vs {open:?}"
    );
    // formula: specularLayer's methods on a plane facing (0, 0.6, 0.8) seen
    // along -z, the sun along (-0.6, 0, -0.8): three layers of red, green
    // and blue, one method each; with Use light colour off a grey light
    // leaves the levels whole.
    let specular = |methods: [&str; 3], strength: f64, light: &str, use_light: bool| {
        let layers: String = methods
            .iter()
            .zip(["[1, 0, 0]", "[0, 1, 0]", "[0, 0, 1]"])
            .enumerate()
            .map(|(i, (m, c))| format!("  /s{i}: {{ rop: specularLayer, params: {{ Method: {m}, Color: {c}, Strength: {strength}, Shininess: 2, Roughness: 0.7, Fresnel: 0.5, UseLightColor: {use_light} }} }}\n"))
            .collect();
        let text = format!(
            "output: /render\nnodes:\n  /pl: {{ rop: plane, params: {{ Normal: [0, 0.6, 0.8] }} }}\n{layers}  /m: {{ rop: modularMaterial, params: {{ Base: 0 }}, inputs: {{ shape: /pl, layer1: /s0, layer2: /s1, layer3: /s2 }} }}\n  /cam: {{ rop: orthoCamera, params: {{ Position: [0, 0, 6], Target: [0, 0, 0] }} }}\n  /sun: {{ rop: directionalLight, params: {{ Direction: [-0.6, 0, -0.8], Color: {light}, Intensity: 1 }} }}\n  /render: {{ rop: raymarchRender3D, params: {{ AO: false, Ambient: 0, Gamma: 1 }}, inputs: {{ scene: /m, camera: /cam, light: /sun }} }}\n"
        );
        let img = render_image(&gpu, &lib, &text, 32);
        let px = img.get_pixel(16, 16);
        [px[0] as f64, px[1] as f64, px[2] as f64]
    };
    let (n, v, l) = ([0.0, 0.6, 0.8], [0.0, 0.0, 1.0], [0.6, 0.0, 0.8]);
    let h = norm3([l[0] + v[0], l[1] + v[1], l[2] + v[2]]);
    let (nh, nv, nl) = (an::dot3(n, h), an::dot3(n, v), an::dot3(n, l));
    let (vh, lh) = (an::dot3(v, h), an::dot3(l, h));
    let (shin, rough, fres) = (2.0, 0.7, 0.5);
    let mirrored: V3 = std::array::from_fn(|i| 2.0 * nl * n[i] - l[i]);
    let phong = an::dot3(mirrored, v).max(0.0).powf(shin);
    let m2 = rough * rough;
    let beckmann = ((nh * nh - 1.0) / (nh * nh * m2)).exp() / (PI * m2 * nh.powi(4));
    let masking = (2.0 * nh * nv.min(nl) / vh).min(1.0);
    let cook = masking * (1.0 - nv).powf(fres) * beckmann / (PI * nv * nl);
    let gaussian = (-(nh.acos() / shin).powi(2)).exp();
    let a2 = rough.powi(4);
    let ggx_d = a2 / (PI * (nh * nh * (a2 - 1.0) + 1.0).powi(2));
    let schlick = fres + (1.0 - fres) * (1.0 - lh).powi(5);
    let k2 = 0.25 * a2;
    let ggx = nl * ggx_d * schlick / (lh * lh * (1.0 - k2) + k2);
    let blinn = nh.powf(shin);
    for (got, want, what) in [
        (
            specular(["phong", "cookTorrance", "ggx"], 2.0, "[1, 1, 1]", true),
            [phong, cook, ggx].map(|x| x * 2.0 * 255.0),
            "phong, cookTorrance, ggx",
        ),
        (
            specular(
                ["beckmann", "gaussian", "blinnPhong"],
                0.5,
                "[0.5, 0.5, 0.5]",
                false,
            ),
            [beckmann, gaussian, blinn].map(|x| x * 0.5 * 255.0),
            "beckmann, gaussian, blinnPhong without the light's colour",
        ),
    ] {
        for k in 0..3 {
            assert!(
                (got[k] - want[k]).abs() <= 1.5,
                "specularLayer {what}: {got:?} vs {want:?}"
            );
        }
    }
    // formula: toonLayer with a colour ramp input (a custom node of the
    // light's level x: (x, x^2, 1 - x)) on the plane facing the camera, the
    // sun along (-0.6, 0, -0.8) (x = n.l = 0.8), times Level 0.5, the light's
    // red left out.
    let text = "output: /render\nnodes:\n  /pl: { rop: plane, params: { Normal: [0, 0, 1] } }\n  /ramp:\n    rop: custom\n    custom:\n      coordTypes: [float]\n      returnTypes: [vec4]\n      contextTypes: [MaterialContext]\n      function: |\n        ReturnT thismap(CoordT p, ContextT ctx) {\n          return vec4(p, p * p, 1.0 - p, 1.0);\n        }\n  /t: { rop: toonLayer, params: { Level: 0.5, UseLightColor: false }, inputs: { ramp: /ramp } }\n  /m: { rop: modularMaterial, params: { Base: 0 }, inputs: { shape: /pl, layer1: /t } }\n  /cam: { rop: orthoCamera, params: { Position: [0, 0, 6], Target: [0, 0, 0] } }\n  /sun: { rop: directionalLight, params: { Direction: [-0.6, 0, -0.8], Color: [1, 0.2, 0.2], Intensity: 1 } }\n  /render: { rop: raymarchRender3D, params: { AO: false, Ambient: 0, Gamma: 1 }, inputs: { scene: /m, camera: /cam, light: /sun } }\n";
    let img = render_image(&gpu, &lib, text, 32);
    let px = img.get_pixel(16, 16);
    for (k, want) in [0.8, 0.64, 0.2].iter().enumerate() {
        let want = want * 0.5 * 255.0;
        assert!(
            (px[k] as f64 - want).abs() <= 1.5,
            "toonLayer ramp channel {k}: {} vs {want}",
            px[k]
        );
    }
    // symmetry: pbrMaterial's Irradiance and Reflectance inputs both fed
    // the environment's field light the ball as the Environment input does
    // (and the irradiance alone does not).
    let pbr = |inputs: &str| {
        format!(
            "output: /render\nnodes:\n  /b: {{ rop: sphere }}\n  /env: {{ rop: position }}\n  /m: {{ rop: pbrMaterial, params: {{ Roughness: 0.5, Samples: 4 }}, inputs: {{ shape: /b, {inputs} }} }}\n  /render: {{ rop: raymarchRender3D, inputs: [/m] }}\n"
        )
    };
    let whole = render_image(&gpu, &lib, &pbr("environment: /env"), 32);
    let split = render_image(&gpu, &lib, &pbr("irradiance: /env, reflectance: /env"), 32);
    let diffuse = render_image(&gpu, &lib, &pbr("irradiance: /env"), 32);
    assert!(
        same_image(&whole, &split),
        "pbrMaterial Irradiance and Reflectance"
    );
    assert!(
        !same_image(&whole, &diffuse),
        "pbrMaterial Irradiance alone"
    );
    // symmetry: Albedo 0.5 of Base colour 0.5 is Base colour 0.25; with
    // Shadows off the shadowed floor is lit as the open floor.
    let floor = |params: &str| {
        let node = format!(
            "{{ rop: pbrMaterial, params: {{ Roughness: 1, Shadows: false, {params} }}, inputs: [/floor] }}"
        );
        render_image(&gpu, &lib, &shadow_scene(&node, "", 0.0), 64)
    };
    let halved = floor("BaseColor: [0.5, 0.5, 0.5], Albedo: 0.5");
    let quarter = floor("BaseColor: [0.25, 0.25, 0.25]");
    assert!(same_image(&halved, &quarter), "pbrMaterial Albedo");
    let (dark, open) = (halved.get_pixel(16, 32), halved.get_pixel(48, 32));
    assert!(
        open[1] > 20 && dark[1].abs_diff(open[1]) <= 1,
        "pbrMaterial Shadows off: {dark:?} vs {open:?}"
    );
    // symmetry: with Local position a field on Roughness (the x coordinate)
    // reads the ball before a move of 1 along x: the same picture as the
    // field itself moved by -1.
    let ball = |local: bool, offset: f64| {
        format!(
            "output: /render\nnodes:\n  /b: {{ rop: sphere }}\n  /f: {{ rop: position, params: {{ Component: x, Offset: [{offset}, 0, 0] }} }}\n  /s: {{ rop: pbrMaterial, params: {{ LocalPosition: {local} }}, inputs: {{ shape: /b, Roughness: /f }} }}\n  /t: {{ rop: transform, params: {{ Translate: [1, 0, 0] }}, inputs: [/s] }}\n  /render: {{ rop: raymarchRender3D, inputs: [/t] }}\n"
        )
    };
    let local = render_image(&gpu, &lib, &ball(true, 0.0), 32);
    let moved = render_image(&gpu, &lib, &ball(false, 1.0), 32);
    assert!(same_image(&local, &moved), "pbrMaterial Local position");
    // formula: subsurfaceLayer's thickness method on a unit ball seen along
    // -z by a parallel camera 4 high, lit from behind (the sun travelling
    // along +z): from the hit p, a march starts 0.1 beneath the surface (at
    // 0.9 p) towards the light (-z) and leaves the ball at the far side;
    // the light through is exp(Offset - depth Density)^Exponent, depth the
    // distance from p to there (Scatter 0: every sample the same).
    let text = "output: /render\nnodes:\n  /b: { rop: sphere, params: { Radius: 1 } }\n  /ss: { rop: subsurfaceLayer, params: { Method: thickness, Thickness: 0.1, Density: 0.5, Exponent: 1.5, Scatter: 0, Offset: 0.2, Samples: 2, Color: [0.8, 0.6, 0.4], Strength: 1 }, inputs: { shape: /b } }\n  /m: { rop: modularMaterial, params: { Base: 0 }, inputs: { shape: /b, layer1: /ss } }\n  /cam: { rop: orthoCamera, params: { Position: [0, 0, 6], Target: [0, 0, 0], Size: 4 } }\n  /sun: { rop: directionalLight, params: { Direction: [0, 0, 1], Color: [1, 1, 1], Intensity: 1 } }\n  /render: { rop: raymarchRender3D, params: { AO: false, Ambient: 0, Gamma: 1 }, inputs: { scene: /m, camera: /cam, light: /sun } }\n";
    let img = render_image(&gpu, &lib, text, 32);
    for (i, j) in [(16, 16), (12, 20), (18, 13), (14, 17), (21, 16)] {
        let (x, y) = (
            (i as f64 + 0.5 - 16.0) / 8.0,
            (16.0 - (j as f64 + 0.5)) / 8.0,
        );
        let p = [x, y, (1.0 - x * x - y * y).sqrt()];
        let start = [0.9 * p[0], 0.9 * p[1], 0.9 * p[2]];
        let exit = [
            start[0],
            start[1],
            -(1.0 - start[0].powi(2) - start[1].powi(2)).sqrt(),
        ];
        let depth = an::len3(an::sub3(p, exit));
        let through = (0.2 - depth * 0.5).exp().powf(1.5);
        let px = img.get_pixel(i, j);
        for (k, c) in [0.8, 0.6, 0.4].iter().enumerate() {
            let want = c * through * 255.0;
            assert!(
                (px[k] as f64 - want).abs() <= 1.5,
                "subsurfaceLayer thickness at ({i}, {j}) channel {k}: {} vs {want}",
                px[k]
            );
        }
    }
    // symmetry: Rotate 180 turns the procedural matcap's baked light to the
    // opposite side: the same picture as the light direction negated.
    let ball = |params: &str| {
        format!(
            "output: /render\nnodes:\n  /b: {{ rop: sphere }}\n  /m: {{ rop: matcapMaterial, params: {{ {params} }}, inputs: [/b] }}\n  /render: {{ rop: raymarchRender3D, inputs: [/m] }}\n"
        )
    };
    let turned = render_image(&gpu, &lib, &ball("Rotate: 180, LightDir: [-0.5, 0.6]"), 32);
    let negated = render_image(&gpu, &lib, &ball("LightDir: [0.5, -0.6]"), 32);
    let plain = render_image(&gpu, &lib, &ball("LightDir: [-0.5, 0.6]"), 32);
    assert!(same_image(&turned, &negated), "matcapMaterial Rotate");
    assert!(
        !same_image(&turned, &plain),
        "matcapMaterial Rotate does nothing"
    );
}

// ---------------------------------------------------------------------------
// Outputs

/// render2D's image of `nodes` (the output at /out) at 48 x 32: each
/// pixel's channels, with the pixel's centre in the output's coordinates
/// (x right and y up from the bottom-left corner).
fn render2d(
    gpu: &ropkit::render::Gpu,
    lib: &ropkit::library::Library,
    nodes: &str,
) -> Vec<([f64; 2], [f64; 4])> {
    let img = render_image_wh(gpu, lib, &format!("output: /out\nnodes:\n{nodes}"), 48, 32);
    img.enumerate_pixels()
        .map(|(i, j, p)| {
            let at = [i as f64 + 0.5, 32.0 - (j as f64 + 0.5)];
            (at, [p[0] as f64, p[1] as f64, p[2] as f64, p[3] as f64])
        })
        .collect()
}

/// A render of a network to an image `w` x `h` (render_image draws squares).
fn render_image_wh(
    gpu: &ropkit::render::Gpu,
    lib: &ropkit::library::Library,
    text: &str,
    w: u32,
    h: u32,
) -> image::RgbaImage {
    use ropkit::build::build;
    use ropkit::generate::Mode;
    use ropkit::network::Network;
    let net = Network::parse(text, &root().join("parity-field.yaml"), lib)
        .unwrap_or_else(|e| panic!("{e}\n{text}"));
    let built = build(lib, &net, &Mode::Render.into()).unwrap_or_else(|e| panic!("{e}"));
    let mut r = ropkit::render::Renderer::new(gpu.clone());
    r.asset_dirs = vec![root()];
    r.set_built(&built).unwrap_or_else(|e| panic!("{e}"));
    r.set_params(&built.shader.param_values(&net, lib));
    r.render_image(w, h).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn render2d_scales_aligns_and_reads_1d_fields_and_uv_maps() {
    let Some(gpu) = gpu("render2d_scales_aligns_and_reads_1d_fields_and_uv_maps") else {
        return;
    };
    let lib = catalog_library();
    let check = |what: &str,
                 pixels: &[([f64; 2], [f64; 4])],
                 n: usize,
                 want: &dyn Fn([f64; 2]) -> [f64; 4]| {
        for (at, got) in pixels {
            let want = want(*at).map(|v| v.clamp(0.0, 1.0) * 255.0);
            for k in 0..n {
                assert!(
                    (got[k] - want[k]).abs() <= 1.0,
                    "render2D {what} at {at:?}: {got:?} vs {want:?}"
                );
            }
        }
    };
    // formula: the position as colour, View height across the image's
    // longer side (fitOutside, 0.9 / 48 a pixel) from Center at the
    // bottom-left corner.
    let pixels = render2d(
        &gpu,
        &lib,
        "  /pos: { rop: position }\n  /r: { rop: reorderField, inputs: [/pos] }\n  /out: { rop: render2D, params: { Center: [0.1, 0.2], Zoom: 0.9, Scaling: fitOutside, Alignment: bottomLeft }, inputs: [/r] }\n",
    );
    let px = 0.9 / 48.0;
    check("fitOutside bottomLeft", &pixels, 2, &|a| {
        [a[0] * px + 0.1, a[1] * px + 0.2, 0.0, 1.0]
    });
    // formula: a 1D field along x (a saw wave: fract(x / 2 + 1 / 2)) as grey,
    // the view 1 high centred on (0.5, 0).
    let pixels = render2d(
        &gpu,
        &lib,
        "  /w: { rop: enhancedWave, params: { Shape: saw, Period: 2, Amplitude: 0.5, Offset: 0.5 } }\n  /out: { rop: render2D, params: { Mode: field, Zoom: 1, Center: [0.5, 0] }, inputs: { line: /w } }\n",
    );
    check("1D field", &pixels, 3, &|a| {
        let x = (a[0] - 24.0) / 32.0 + 0.5;
        let v = (x / 2.0 + 0.5).rem_euclid(1.0);
        [v, v, v, 1.0]
    });
    // formula: a UV map (the position read at the pixel's place, 0..1) gives
    // the coordinates of a field (the position with 0.5 as blue and alpha,
    // kept by Alpha).
    let pixels = render2d(
        &gpu,
        &lib,
        "  /pos: { rop: position }\n  /c: { rop: constant, params: { Value: 0.5 } }\n  /r: { rop: reorderField, params: { SourceZ: in2, SourceW: in2 }, inputs: [/pos, /c] }\n  /out: { rop: render2D, params: { Alpha: true }, inputs: { field: /r, uvMap: /pos } }\n",
    );
    check("uvMap and Alpha", &pixels, 4, &|a| {
        [a[0] / 48.0, a[1] / 32.0, 0.5, 0.5]
    });
}
