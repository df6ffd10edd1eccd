//! The second part of the catalog: 3D and 2D shapes, patterns and float ->
//! float functions, evaluated on the GPU and compared with formulas written
//! here from each shape's geometry or each function's definition.
//!
//! The kinds of check, named in a comment on each case:
//! - exact: the sampled value equals the truth computed here (a root finder,
//!   a fine polygon, arcs and segments, a definition) within 1e-3;
//! - bound: the sign agrees with an exact inside test, and the value never
//!   exceeds the true distance (directly, or through the Lipschitz condition);
//! - property: ranges, periods, symmetries and identities, for patterns and
//!   functions whose exact values are not the point.

use crate::catalog::*;
use crate::common::*;
use ropkit::library::Library;
use ropkit::render::Gpu;
use std::f64::consts::{PI, TAU};

fn fract(x: f64) -> f64 {
    x - x.floor()
}

/// Points on the x axis (a float coordinate reads the point's x).
fn xs(lo: f64, hi: f64, n: usize) -> Vec<[f32; 3]> {
    (0..n)
        .map(|i| {
            [
                (lo + (hi - lo) * i as f64 / (n - 1) as f64) as f32,
                0.0,
                0.0,
            ]
        })
        .collect()
}

/// A function node under the float -> float probe.
fn func(node: &str, extra: &str) -> String {
    probe("probeFunction", node, extra)
}

// ---------------------------------------------------------------------------
// Functions

/// Penner's in curves, from their definitions.
fn penner_in(curve: &str, x: f64) -> f64 {
    let bounce_out = |x: f64| {
        // Four parabolic hops of heights 1, 1/4, 1/16, 1/64 below 1, the
        // first reaching 1 at x = 1/2.75 (n = 2.75^2 = 7.5625).
        let (n, d) = (7.5625, 2.75);
        if x < 1.0 / d {
            n * x * x
        } else if x < 2.0 / d {
            n * (x - 1.5 / d).powi(2) + 0.75
        } else if x < 2.5 / d {
            n * (x - 2.25 / d).powi(2) + 0.9375
        } else {
            n * (x - 2.625 / d).powi(2) + 0.984375
        }
    };
    match curve {
        "quad" => x.powi(2),
        "cubic" => x.powi(3),
        "quart" => x.powi(4),
        "quint" => x.powi(5),
        "sine" => 1.0 - (x * PI / 2.0).cos(),
        "expo" => {
            if x == 0.0 {
                0.0
            } else {
                2f64.powf(10.0 * x - 10.0)
            }
        }
        "circ" => 1.0 - (1.0 - x * x).sqrt(),
        "back" => {
            let c1 = 1.70158;
            (c1 + 1.0) * x.powi(3) - c1 * x * x
        }
        "elastic" => {
            if x == 0.0 || x == 1.0 {
                x
            } else {
                -(2f64.powf(10.0 * x - 10.0)) * ((10.0 * x - 10.75) * TAU / 3.0).sin()
            }
        }
        "bounce" => 1.0 - bounce_out(1.0 - x),
        _ => unreachable!(),
    }
}

#[test]
fn functions_match_their_definitions() {
    let Some(gpu) = gpu("functions_match_their_definitions") else {
        return;
    };
    let lib = catalog_library();
    let pts = xs(-0.73, 1.91, 241);
    // Keeps x away from a function's jumps, where f32 rounding may fall
    // either way.
    let away = |x: f64, jumps: &[f64]| jumps.iter().all(|j| (x - j).abs() > 1e-3);
    type Case = (&'static str, String, Box<dyn Fn(f64) -> f64>);
    let mut cases: Vec<Case> = Vec::new();
    // exact: the four waves from their shapes: sine; square +1 on the first
    // half cycle; triangle from 0 up to 1 at a quarter; saw from 0 up to 1
    // at half a cycle, jumping to -1.
    for shape in ["sine", "square", "triangle", "saw"] {
        cases.push((
            "waveFunction",
            format!("{{ rop: waveFunction, params: {{ Shape: {shape}, Period: 0.8, Phase: 0.1, Amplitude: 1.5, Offset: 0.2 }} }}"),
            Box::new(move |x| {
                let t = x / 0.8 + 0.1;
                let w = match shape {
                    "sine" => (TAU * t).sin(),
                    "square" => {
                        if fract(t) < 0.5 {
                            1.0
                        } else {
                            -1.0
                        }
                    }
                    "triangle" => {
                        let u = fract(t);
                        if u < 0.25 {
                            4.0 * u
                        } else if u < 0.75 {
                            2.0 - 4.0 * u
                        } else {
                            4.0 * u - 4.0
                        }
                    }
                    _ => {
                        let u = fract(t);
                        if u < 0.5 { 2.0 * u } else { 2.0 * u - 2.0 }
                    }
                };
                0.2 + 1.5 * w
            }),
        ));
    }
    // exact: power eases.
    for (mode, f) in [
        ("in", (|x: f64| x.powf(2.5)) as fn(f64) -> f64),
        ("out", |x: f64| 1.0 - (1.0 - x).powf(2.5)),
        ("inOut", |x: f64| {
            if x < 0.5 {
                2f64.powf(1.5) * x.powf(2.5)
            } else {
                1.0 - 2f64.powf(1.5) * (1.0 - x).powf(2.5)
            }
        }),
    ] {
        cases.push((
            "easeFunction",
            format!("{{ rop: easeFunction, params: {{ Mode: {mode}, Power: 2.5 }} }}"),
            Box::new(move |x| f(x.clamp(0.0, 1.0))),
        ));
    }
    // exact: step and staircase.
    cases.push((
        "stepFunction",
        "{ rop: stepFunction, params: { Edge: 0.3, Low: -1, High: 2 } }".into(),
        Box::new(|x| if x < 0.3 { -1.0 } else { 2.0 }),
    ));
    for (mode, f) in [
        ("floor", f64::floor as fn(f64) -> f64),
        ("nearest", f64::round),
        ("ceil", f64::ceil),
    ] {
        cases.push((
            "quantizeFunction",
            format!("{{ rop: quantizeFunction, params: {{ Steps: 3, Rounding: {mode} }} }}"),
            Box::new(move |x| f(x * 3.0) / 3.0),
        ));
    }
    // exact: smoothstep and smootherstep between 0.2 and 1.2.
    cases.push((
        "smoothStepFunction",
        "{ rop: smoothStepFunction, params: { Edge0: 0.2, Edge1: 1.2 } }".into(),
        Box::new(|x| {
            let t = (x - 0.2).clamp(0.0, 1.0);
            t * t * (3.0 - 2.0 * t)
        }),
    ));
    cases.push((
        "smoothStepFunction quintic",
        "{ rop: smoothStepFunction, params: { Edge0: 0.2, Edge1: 1.2, Order: quintic } }".into(),
        Box::new(|x| {
            let t = (x - 0.2).clamp(0.0, 1.0);
            6.0 * t.powi(5) - 15.0 * t.powi(4) + 10.0 * t.powi(3)
        }),
    ));
    // exact: Perlin's bias and gain.
    let bias = |b: f64, t: f64| t.powf(b.ln() / 0.5f64.ln());
    cases.push((
        "biasFunction",
        "{ rop: biasFunction, params: { Bias: 0.3 } }".into(),
        Box::new(move |x| bias(0.3, x.clamp(0.0, 1.0))),
    ));
    cases.push((
        "gainFunction",
        "{ rop: gainFunction, params: { Gain: 0.8 } }".into(),
        Box::new(move |x| {
            let t = x.clamp(0.0, 1.0);
            if t < 0.5 {
                bias(0.2, 2.0 * t) / 2.0
            } else {
                1.0 - bias(0.2, 2.0 - 2.0 * t) / 2.0
            }
        }),
    ));
    // exact: impulse, pulses, parabola, remap.
    cases.push((
        "impulseFunction",
        "{ rop: impulseFunction, params: { Peak: 0.4 } }".into(),
        Box::new(|x| {
            let h = x.max(0.0) / 0.4;
            h * (1.0 - h).exp()
        }),
    ));
    cases.push((
        "pulseFunction box",
        "{ rop: pulseFunction, params: { Center: 0.5, Width: 0.6 } }".into(),
        Box::new(|x| if (x - 0.5).abs() <= 0.3 { 1.0 } else { 0.0 }),
    ));
    cases.push((
        "pulseFunction cubic",
        "{ rop: pulseFunction, params: { Shape: cubic, Center: 0.5, Width: 0.6 } }".into(),
        Box::new(|x| {
            let t = ((x - 0.5).abs() / 0.3).min(1.0);
            1.0 - t * t * (3.0 - 2.0 * t)
        }),
    ));
    cases.push((
        "parabolaFunction",
        "{ rop: parabolaFunction, params: { Power: 1.5 } }".into(),
        Box::new(|x| {
            let t = x.clamp(0.0, 1.0);
            (4.0 * t * (1.0 - t)).powf(1.5)
        }),
    ));
    cases.push((
        "clampRemapFunction",
        "{ rop: clampRemapFunction, params: { FromRange: [0, 1], ToRange: [2, -2] } }".into(),
        Box::new(|x| (2.0 - 4.0 * x).clamp(-2.0, 2.0)),
    ));
    cases.push((
        "clampRemapFunction unclamped",
        "{ rop: clampRemapFunction, params: { FromRange: [1, 0.5], ToRange: [0, 1], Clamp: false } }"
            .into(),
        Box::new(|x| (1.0 - x) * 2.0),
    ));
    // exact: the almost-identity cubic, the normalised power curve, sinc
    // and the flips (of the identity: no function connected).
    cases.push((
        "almostIdentityFunction",
        "{ rop: almostIdentityFunction, params: { Threshold: 0.6, Floor: 0.15 } }".into(),
        Box::new(|x| {
            let (m, n) = (0.6, 0.15);
            if x >= m {
                return x;
            }
            // The cubic through (0, n) and (m, m), flat at 0, of slope 1 at m,
            // solved here as a linear system rather than from the ROP's form.
            let t = x.max(0.0) / m;
            let c3 = m - 2.0 * (m - n);
            let c2 = (m - n) - c3;
            n + c2 * t * t + c3 * t * t * t
        }),
    ));
    cases.push((
        "powerCurveFunction",
        "{ rop: powerCurveFunction, params: { A: 2, B: 3 } }".into(),
        Box::new(|x| {
            if x <= 0.0 || x >= 1.0 {
                return 0.0;
            }
            let f = |t: f64| t * t * (1.0 - t).powi(3);
            f(x) / f(0.4)
        }),
    ));
    cases.push((
        "sincCurveFunction",
        "{ rop: sincCurveFunction, params: { Frequency: 3 } }".into(),
        Box::new(|x| {
            let a = std::f64::consts::PI * 3.0 * x;
            if a == 0.0 { 1.0 } else { a.sin() / a }
        }),
    ));
    for (mode, f) in [
        ("input", (|x| 1.0 - x) as fn(f64) -> f64),
        ("output", |x| 1.0 - x),
        ("both", |x| x),
    ] {
        cases.push((
            "flipFunction",
            format!("{{ rop: flipFunction, params: {{ Mode: {mode} }} }}"),
            Box::new(f),
        ));
    }
    // exact: Penner's curves in, and out/inOut as mirrors of in.
    for curve in [
        "quad", "cubic", "quart", "quint", "sine", "expo", "circ", "back", "elastic", "bounce",
    ] {
        for mode in ["in", "out", "inOut"] {
            cases.push((
                "pennerEasing",
                format!("{{ rop: pennerEasing, params: {{ Curve: {curve}, Mode: {mode} }} }}"),
                Box::new(move |x| {
                    let x = x.clamp(0.0, 1.0);
                    let f = |t| penner_in(curve, t);
                    match mode {
                        "in" => f(x),
                        "out" => 1.0 - f(1.0 - x),
                        _ if x < 0.5 => f(2.0 * x) / 2.0,
                        _ => 1.0 - f(2.0 - 2.0 * x) / 2.0,
                    }
                }),
            ));
        }
    }
    // The jumps of the discontinuous functions (wave period 0.8, phase 0.1).
    let jumps: Vec<f64> = (-4..8)
        .flat_map(|k| [0.8 * (k as f64 - 0.1), 0.8 * (k as f64 + 0.4)])
        .chain((-3..7).map(|k| k as f64 / 3.0))
        .chain([0.3, 0.2, 0.8])
        .collect();
    for (name, node, want) in &cases {
        let out = sample(&gpu, &lib, &func(node, ""), &pts);
        let keep: Vec<usize> = (0..pts.len())
            .filter(|&i| away(pts[i][0] as f64, &jumps))
            .collect();
        let p: Vec<[f32; 3]> = keep.iter().map(|&i| pts[i]).collect();
        let o: Vec<[f32; 4]> = keep.iter().map(|&i| out[i]).collect();
        expect_exact(&format!("{name} {node}"), &p, &o, |q| want(q[0] as f64));
    }
}

#[test]
fn noise_function_is_zero_on_the_lattice_bounded_and_smooth() {
    let Some(gpu) = gpu("noise_function_is_zero_on_the_lattice_bounded_and_smooth") else {
        return;
    };
    let lib = catalog_library();
    // property: gradient noise is 0 at every lattice point (x * Scale whole).
    let lattice: Vec<[f32; 3]> = (-20..20).map(|k| [k as f32 * 0.5, 0.0, 0.0]).collect();
    let node = "{ rop: noiseFunction, params: { Scale: 2.0, Amplitude: 3.0, Seed: 7 } }";
    let out = sample(&gpu, &lib, &func(node, ""), &lattice);
    for (p, v) in lattice.iter().zip(&out) {
        assert!(v[0].abs() < 1e-5, "gradient noise at {}: {}", p[0], v[0]);
    }
    // property: every type and octave count stays within the amplitude,
    // varies, changes slowly (a bound on the slope), and repeats exactly;
    // another seed gives another sequence.
    let pts = xs(-30.0, 30.0, 4001);
    for (node, slope) in [
        (
            "{ rop: noiseFunction, params: { Scale: 1.5, Amplitude: 0.8 } }",
            // Gradient noise: slopes up to 2 * (1 + the fade's 15/8) per unit.
            0.8 * 1.5 * 6.0,
        ),
        (
            "{ rop: noiseFunction, params: { Type: value, Scale: 1.5, Amplitude: 0.8 } }",
            0.8 * 1.5 * 2.0 * 15.0 / 8.0,
        ),
        (
            "{ rop: noiseFunction, params: { Scale: 1.5, Amplitude: 0.8, Octaves: 4 } }",
            0.8 * 1.5 * 6.0 * 8.0,
        ),
    ] {
        let a = sample(&gpu, &lib, &func(node, ""), &pts);
        let b = sample(&gpu, &lib, &func(node, ""), &pts);
        assert_eq!(a, b, "{node}: not repeatable");
        let (lo, hi) = a
            .iter()
            .fold((f32::MAX, f32::MIN), |(l, h), v| (l.min(v[0]), h.max(v[0])));
        assert!(lo >= -0.8 - 1e-5 && hi <= 0.8 + 1e-5, "{node}: {lo}..{hi}");
        assert!(hi - lo > 0.6, "{node}: too flat, {lo}..{hi}");
        let step = 60.0 / 4000.0;
        for k in 1..a.len() {
            let d = (a[k][0] - a[k - 1][0]).abs() as f64;
            assert!(
                d <= slope * step + 1e-4,
                "{node}: jumps by {d} at {}",
                pts[k][0]
            );
        }
        let other = node.replace("Scale:", "Seed: 3, Scale:");
        let c = sample(&gpu, &lib, &func(&other, ""), &pts);
        let same = a.iter().zip(&c).filter(|(x, y)| x[0] == y[0]).count();
        assert!(same < pts.len() / 10, "{node}: the seed changes nothing");
    }
}

#[test]
fn functions_compose_and_apply_to_fields() {
    let Some(gpu) = gpu("functions_compose_and_apply_to_fields") else {
        return;
    };
    let lib = catalog_library();
    // exact: a function's optional input runs first: ease(remap(x)).
    let pts = xs(-1.0, 3.0, 81);
    let extra =
        "  /g: { rop: clampRemapFunction, params: { FromRange: [0, 2], ToRange: [0, 1] } }\n";
    let out = sample(
        &gpu,
        &lib,
        &func(
            "{ rop: easeFunction, params: { Mode: in, Power: 2 }, inputs: [/g] }",
            extra,
        ),
        &pts,
    );
    expect_exact("ease(remap(x))", &pts, &out, |p| {
        (p[0] as f64 / 2.0).clamp(0.0, 1.0).powi(2)
    });
    // exact: applyFunction runs the function on a field: a sine of the
    // distance from the origin (3D and 2D), and on a coordinate without one.
    let wave = "  /w: { rop: waveFunction, params: { Period: 2.0 } }\n";
    let pts3 = points3(40, 200, -2.0, 2.0);
    let extra3 = format!("{wave}  /r: {{ rop: position, params: {{ Component: length }} }}\n");
    let out = sample(
        &gpu,
        &lib,
        &probe(
            "probeFloat3",
            "{ rop: applyFunction, inputs: { field: /r, function: /w } }",
            &extra3,
        ),
        &pts3,
    );
    expect_exact("applyFunction 3D", &pts3, &out, |p| {
        (PI * an::len3(v3(p))).sin()
    });
    for (axis, f) in [
        ("x", (|p: &[f32; 3]| p[0] as f64) as fn(&[f32; 3]) -> f64),
        ("y", |p| p[1] as f64),
        ("z", |_| 0.0),
        ("length", |p| an::len2(v2(p))),
    ] {
        let pts2 = points2(41, 100, -2.0, 2.0);
        let node = format!(
            "{{ rop: applyFunction, params: {{ Axis: {axis} }}, inputs: {{ function: /w }} }}"
        );
        let out = sample(&gpu, &lib, &probe("probeFloat2", &node, wave), &pts2);
        expect_exact(&format!("applyFunction 2D {axis}"), &pts2, &out, |p| {
            (PI * f(p)).sin()
        });
    }
}

// ---------------------------------------------------------------------------
// 2D shapes

/// Points along a circular arc (centre, radius, from angle a0 to a1, ccw for
/// a1 > a0), n + 1 of them, ends included.
fn arc_points(c: an::V2, r: f64, a0: f64, a1: f64, n: usize) -> Vec<an::V2> {
    (0..=n)
        .map(|i| {
            let a = a0 + (a1 - a0) * i as f64 / n as f64;
            [c[0] + r * a.cos(), c[1] + r * a.sin()]
        })
        .collect()
}

/// Minimum of f over [lo, hi]: a dense scan, then golden-section search
/// around the best sample (f need only be unimodal near its minimum).
fn minimize(f: impl Fn(f64) -> f64, lo: f64, hi: f64, n: usize) -> f64 {
    let step = (hi - lo) / n as f64;
    let best = (0..=n)
        .map(|i| lo + step * i as f64)
        .min_by(|a, b| f(*a).total_cmp(&f(*b)))
        .unwrap();
    let (mut a, mut b) = ((best - step).max(lo), (best + step).min(hi));
    let g = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..100 {
        let (c, d) = (b - g * (b - a), a + g * (b - a));
        if f(c) < f(d) {
            b = d;
        } else {
            a = c;
        }
    }
    f(0.5 * (a + b)).min(f(lo)).min(f(hi))
}

/// The Koch snowflake as a polygon: an equilateral triangle (corner radius
/// r, one corner down, the top side horizontal), each edge replaced by four
/// `iterations` times, the bump on the outer side.
fn koch_polygon(r: f64, iterations: usize) -> Vec<an::V2> {
    let rho = r / 2.0;
    let half = rho * 3f64.sqrt();
    // Clockwise, so the outside is on the left of each edge.
    let mut v = vec![[-half, rho], [half, rho], [0.0, -r]];
    for _ in 0..iterations {
        let mut next = Vec::new();
        for i in 0..v.len() {
            let (a, b) = (v[i], v[(i + 1) % v.len()]);
            let d = [(b[0] - a[0]) / 3.0, (b[1] - a[1]) / 3.0];
            let p1 = [a[0] + d[0], a[1] + d[1]];
            let p3 = [a[0] + 2.0 * d[0], a[1] + 2.0 * d[1]];
            // The apex: the middle third's midpoint plus its length times
            // sqrt(3)/2, to the left of the edge.
            let k = 3f64.sqrt() / 2.0;
            let apex = [
                (p1[0] + p3[0]) / 2.0 - d[1] * k,
                (p1[1] + p3[1]) / 2.0 + d[0] * k,
            ];
            next.extend([a, p1, apex, p3]);
        }
        v = next;
    }
    v
}

#[test]
fn sdf2d_new_shapes_match_their_exact_distances() {
    let Some(gpu) = gpu("sdf2d_new_shapes_match_their_exact_distances") else {
        return;
    };
    let lib = catalog_library();
    let pts = points2(50, 300, -1.5, 1.5);
    type Case = (&'static str, &'static str, Box<dyn Fn(an::V2) -> f64>);
    let cases: Vec<Case> = vec![
        // exact: quadratic Bezier, against a minimisation over the curve.
        (
            "quadraticBezier",
            "{ rop: quadraticBezier, params: { A: [-0.8, -0.4], B: [0.1, 1.2], C: [0.9, -0.2], Thickness: 0.05 } }",
            Box::new(|p| {
                let (a, b, c) = ([-0.8, -0.4], [0.1, 1.2], [0.9, -0.2]);
                let at = |t: f64| {
                    let u = 1.0 - t;
                    let q = [
                        u * u * a[0] + 2.0 * u * t * b[0] + t * t * c[0],
                        u * u * a[1] + 2.0 * u * t * b[1] + t * t * c[1],
                    ];
                    an::len2([p[0] - q[0], p[1] - q[1]])
                };
                minimize(at, 0.0, 1.0, 400) - 0.05
            }),
        ),
        // exact: a straight Bezier is its segment.
        (
            "quadraticBezier straight",
            "{ rop: quadraticBezier, params: { A: [-0.8, -0.4], B: [0, 0], C: [0.8, 0.4], Thickness: 0 } }",
            Box::new(|p| an::seg2(p, [-0.8, -0.4], [0.8, 0.4])),
        ),
        // exact: Koch snowflake, against its polygon (3 * 4^3 edges).
        (
            "kochSnowflake",
            "{ rop: kochSnowflake, params: { Radius: 1.0, Iterations: 3, Translate: [0.1, 0] } }",
            Box::new(|p| an::polygon([p[0] - 0.1, p[1]], &koch_polygon(1.0, 3))),
        ),
        (
            "kochSnowflake triangle",
            "{ rop: kochSnowflake, params: { Radius: 1.2, Iterations: 0 } }",
            Box::new(|p| an::polygon(p, &koch_polygon(1.2, 0))),
        ),
        // exact: rounded polygon, the polygon with its sides moved in by r,
        // grown by r.
        (
            "roundedPolygon",
            "{ rop: roundedPolygon, params: { Sides: 5, Radius: 1.0, Rounding: 0.2 } }",
            Box::new(|p| {
                let n = 5.0;
                let inner = 1.0 - 0.2 / (PI / n).cos();
                let v: Vec<an::V2> = (0..5)
                    .map(|k| {
                        let a = TAU * k as f64 / n;
                        [inner * a.sin(), inner * a.cos()]
                    })
                    .collect();
                an::polygon(p, &v) - 0.2
            }),
        ),
        // exact: egg, the nearest of its four arcs; inside by its parts.
        (
            "egg",
            "{ rop: egg, params: { Radius: 0.6, TopRadius: 0.25, Translate: [0, -0.2] } }",
            Box::new(|p| {
                let (ra, rb): (f64, f64) = (0.6, 0.25);
                let q = [p[0], p[1] + 0.2];
                let k = ((2.0 * ra - rb) * (2.0f64 * ra - rb) - ra * ra).sqrt();
                // The tangent points of the side arcs and the top disk.
                let ta = k.atan2(ra); // direction from (-ra, 0) to (0, k)
                let d = an::arc2(q, [0.0, 0.0], ra, PI, TAU)
                    .min(an::arc2(q, [-ra, 0.0], 2.0 * ra, 0.0, ta))
                    .min(an::arc2(q, [ra, 0.0], 2.0 * ra, PI - ta, PI))
                    .min(an::arc2(q, [0.0, k], rb, ta, PI - ta));
                let ty = 2.0 * ra * ta.sin();
                let inside = if q[1] < 0.0 {
                    an::len2(q) < ra
                } else if q[1] < ty {
                    an::len2([q[0] + ra, q[1]]) < 2.0 * ra && an::len2([q[0] - ra, q[1]]) < 2.0 * ra
                } else {
                    an::len2([q[0], q[1] - k]) < rb
                };
                if inside { -d } else { d }
            }),
        ),
        // exact: moon, the outer arc outside the cut and the cut's arc inside the disk.
        (
            "moon",
            "{ rop: moon, params: { Radius: 0.9, CutRadius: 0.7, Offset: 0.5 } }",
            Box::new(|p| {
                let (ra, rb, o): (f64, f64, f64) = (0.9, 0.7, 0.5);
                let a = (ra * ra - rb * rb + o * o) / (2.0 * o);
                let b = (ra * ra - a * a).sqrt();
                let t1 = b.atan2(a);
                let t2 = b.atan2(a - o);
                let d = an::arc2(p, [0.0, 0.0], ra, t1, TAU - t1).min(an::arc2(
                    p,
                    [o, 0.0],
                    rb,
                    t2,
                    TAU - t2,
                ));
                let inside = an::len2(p) < ra && an::len2([p[0] - o, p[1]]) > rb;
                if inside { -d } else { d }
            }),
        ),
        // exact: a cut that misses the disk leaves the disk.
        (
            "moon without a bite",
            "{ rop: moon, params: { Radius: 0.6, CutRadius: 0.3, Offset: 1.0 } }",
            Box::new(|p| an::len2(p) - 0.6),
        ),
        // exact: horseshoe, an arc and two tangent legs.
        (
            "horseshoe",
            "{ rop: horseshoe, params: { Radius: 0.6, Angle: 130, Length: 0.5, Thickness: 0.1 } }",
            Box::new(|p| {
                let a = 130f64.to_radians();
                let (r, l) = (0.6, 0.5);
                let arc = an::arc2(p, [0.0, 0.0], r, PI / 2.0 - a, PI / 2.0 + a);
                let mut d = arc;
                for s in [-1.0, 1.0] {
                    let end = [s * r * a.sin(), r * a.cos()];
                    // Tangent direction continuing away from the arc.
                    let dir = [s * a.cos(), -a.sin()];
                    d = d.min(an::seg2(p, end, [end[0] + l * dir[0], end[1] + l * dir[1]]));
                }
                d - 0.1
            }),
        ),
        // exact: roundedX, two stroked diagonals.
        (
            "roundedX",
            "{ rop: roundedX, params: { Width: 1.6, Thickness: 0.15, Translate: [0.1, 0.1] } }",
            Box::new(|p| {
                let q = [p[0] - 0.1, p[1] - 0.1];
                an::seg2(q, [-0.8, -0.8], [0.8, 0.8]).min(an::seg2(q, [-0.8, 0.8], [0.8, -0.8]))
                    - 0.15
            }),
        ),
        // exact: cutDisk, an arc and a chord (cut above and below the centre).
        (
            "cutDisk",
            "{ rop: cutDisk, params: { Radius: 0.9, Cut: 0.4 } }",
            Box::new(|p| cut_disk(p, 0.9, 0.4)),
        ),
        (
            "cutDisk below the centre",
            "{ rop: cutDisk, params: { Radius: 0.9, Cut: -0.5 } }",
            Box::new(|p| cut_disk(p, 0.9, -0.5)),
        ),
        // exact: parallelogram and isosceles triangle, as polygons.
        (
            "parallelogram",
            "{ rop: parallelogram, params: { Width: 1.2, Height: 0.8, Skew: 0.6, Translate: [0.1, 0] } }",
            Box::new(|p| {
                an::polygon(
                    [p[0] - 0.1, p[1]],
                    &[[-0.9, -0.4], [0.3, -0.4], [0.9, 0.4], [-0.3, 0.4]],
                )
            }),
        ),
        (
            "parallelogram skewed left",
            "{ rop: parallelogram, params: { Width: 0.5, Height: 1.4, Skew: -1.0 } }",
            Box::new(|p| an::polygon(p, &[[0.25, -0.7], [0.75, -0.7], [-0.25, 0.7], [-0.75, 0.7]])),
        ),
        (
            "isoscelesTriangle",
            "{ rop: isoscelesTriangle, params: { Width: 1.4, Height: 1.6, Translate: [0, 0.1] } }",
            Box::new(|p| an::polygon(p, &[[-0.7, -0.7], [0.7, -0.7], [0.0, 0.9]])),
        ),
        // exact: uneven capsule, two arcs and two tangent segments.
        (
            "unevenCapsule",
            "{ rop: unevenCapsule, params: { BottomRadius: 0.5, TopRadius: 0.2, Height: 0.9, Translate: [0, -0.3] } }",
            Box::new(|p| uneven_capsule([p[0], p[1] + 0.3], 0.5, 0.2, 0.9)),
        ),
        (
            "unevenCapsule wider on top",
            "{ rop: unevenCapsule, params: { BottomRadius: 0.1, TopRadius: 0.4, Height: 0.8 } }",
            Box::new(|p| uneven_capsule(p, 0.1, 0.4, 0.8)),
        ),
    ];
    for (name, node, want) in &cases {
        let out = sample(&gpu, &lib, &sdf2(node, ""), &pts);
        expect_exact(name, &pts, &out, |p| want(v2(p)));
    }

    // exact: blobby cross, against its boundary drawn as a fine polygon
    // (round ends and fillets of 600 segments each: within 1e-6); without
    // fillets the inner corners are sharp.
    for (len, w, k) in [(1.8, 0.5, 0.2), (1.8, 0.5, 0.0), (2.4, 0.3, 0.5)] {
        let (hw, h) = (w / 2.0, len / 2.0 - w / 2.0);
        let mut outline: Vec<an::V2> = Vec::new();
        for quarter in 0..4 {
            let rot = |v: an::V2| an::rot2(v, quarter as f64 * PI / 2.0);
            let mut piece = arc_points([h, 0.0], hw, -PI / 2.0, PI / 2.0, 600);
            piece.extend(arc_points([hw + k, hw + k], k, 1.5 * PI, PI, 600));
            outline.extend(piece.into_iter().map(rot));
        }
        let node =
            format!("{{ rop: blobbyCross, params: {{ Length: {len}, Width: {w}, Fillet: {k} }} }}");
        let out = sample(&gpu, &lib, &sdf2(&node, ""), &pts);
        expect_exact(&node, &pts, &out, |p| an::polygon(v2(p), &outline));
    }
}

/// The disk of radius r below y = h: its arc and its chord.
fn cut_disk(p: an::V2, r: f64, h: f64) -> f64 {
    let w = (r * r - h * h).sqrt();
    let t = h.atan2(w);
    let d = an::arc2(p, [0.0, 0.0], r, PI - t, TAU + t).min(an::seg2(p, [-w, h], [w, h]));
    let inside = an::len2(p) < r && p[1] < h;
    if inside { -d } else { d }
}

/// Two circles (radii r1 at the origin, r2 at (0, h)) and their outer tangents.
fn uneven_capsule(p: an::V2, r1: f64, r2: f64, h: f64) -> f64 {
    let b = ((r1 - r2) / h).asin();
    // The tangent points, from the outward normal (cos b, sin b) and its mirror.
    let t1 = [r1 * b.cos(), r1 * b.sin()];
    let t2 = [r2 * b.cos(), h + r2 * b.sin()];
    let d = an::arc2(p, [0.0, 0.0], r1, PI - b, TAU + b)
        .min(an::arc2(p, [0.0, h], r2, b, PI - b))
        .min(an::seg2(p, t1, t2))
        .min(an::seg2(p, [-t1[0], t1[1]], [-t2[0], t2[1]]));
    let trapezoid = [t1, t2, [-t2[0], t2[1]], [-t1[0], t1[1]]];
    let inside =
        an::len2(p) < r1 || an::len2([p[0], p[1] - h]) < r2 || an::polygon(p, &trapezoid) < 0.0;
    if inside { -d } else { d }
}

#[test]
fn image_sdf_traces_the_outline_of_its_image() {
    let Some(gpu) = gpu("image_sdf_traces_the_outline_of_its_image") else {
        return;
    };
    let lib = catalog_library();
    // The image, decoded here: a pixel is inside when its luminance (of the
    // file's values) is above the threshold. At Size 64 one pixel is one
    // unit, pixel (i, j) covering x in -32 + i .. -31 + i, y in 31 - j .. 32 - j.
    let img = image::open(root().join("assets/checker.png"))
        .unwrap()
        .to_rgba8();
    let (w, h) = img.dimensions();
    assert_eq!((w, h), (64, 64));
    let inside_px = |i: i64, j: i64| {
        if i < 0 || j < 0 || i >= 64 || j >= 64 {
            return false;
        }
        let c = img.get_pixel(i as u32, j as u32).0;
        let lum = (0.2126 * c[0] as f64 + 0.7152 * c[1] as f64 + 0.0722 * c[2] as f64) / 255.0;
        lum > 0.5
    };
    // The pixel under a point, and the distance to the nearest pixel square
    // of the other class (the pixelated outline).
    let pixel = |p: an::V2| ((p[0] + 32.0).floor() as i64, (32.0 - p[1]).floor() as i64);
    let truth = |p: an::V2| {
        let (pi, pj) = pixel(p);
        let inside = inside_px(pi, pj);
        let mut best = f64::MAX;
        for j in pj - 6..=pj + 6 {
            for i in pi - 6..=pi + 6 {
                if inside_px(i, j) != inside {
                    let (x0, y1) = (-32.0 + i as f64, 32.0 - j as f64);
                    let dx = (x0 - p[0]).max(p[0] - x0 - 1.0).max(0.0);
                    let dy = (y1 - 1.0 - p[1]).max(p[1] - y1).max(0.0);
                    best = best.min(dx.hypot(dy));
                }
            }
        }
        (inside, best)
    };
    let node = "{ rop: imageSdf, params: { Size: [64, 64], Search: 3 } }";
    let pts = points2(60, 400, -34.0, 34.0);
    let out = sample(&gpu, &lib, &sdf2(node, ""), &pts);
    let mut signs = 0;
    let mut near = 0;
    for (p, v) in pts.iter().zip(&out) {
        let (inside, dist) = truth(v2(p));
        let d = v[0] as f64;
        // property: the sign, a pixel or more from the pixelated outline
        // (the traced outline runs between pixel centres, so within one).
        if dist >= 1.0 {
            signs += 1;
            assert_eq!(
                d < 0.0,
                inside,
                "imageSdf sign at {p:?}: {d} (pixel distance {dist})"
            );
        }
        // approximate: within reach of the search, the distance follows the
        // pixelated outline to within 0.75 pixel (cut corners and the
        // threshold's place between two pixel values).
        if dist <= 2.0 {
            near += 1;
            assert!(
                (d.abs() - dist).abs() <= 0.75,
                "imageSdf at {p:?}: {d}, the pixelated outline is {dist} away"
            );
        }
    }
    assert!(
        signs > 100 && near > 100,
        "{signs} sign checks, {near} distance checks"
    );
    // property: outside the image the rectangle bounds it from below.
    let far = [[50.0f32, 0.0, 0.0], [-40.0, 45.0, 0.0], [0.0, -100.0, 0.0]];
    let out = sample(&gpu, &lib, &sdf2(node, ""), &far);
    for (p, v) in far.iter().zip(&out) {
        let r = ((p[0].abs() - 32.0).max(0.0)).hypot((p[1].abs() - 32.0).max(0.0));
        assert!(v[0] >= r - 1e-3, "imageSdf far at {p:?}: {} < {r}", v[0]);
    }
    // property: Invert swaps inside and outside (well inside the image,
    // where no border pixel is in reach).
    let inner = points2(61, 200, -27.0, 27.0);
    let a = sample(&gpu, &lib, &sdf2(node, ""), &inner);
    let b = sample(
        &gpu,
        &lib,
        &sdf2(
            "{ rop: imageSdf, params: { Size: [64, 64], Search: 3, Invert: true } }",
            "",
        ),
        &inner,
    );
    for ((p, x), y) in inner.iter().zip(&a).zip(&b) {
        assert!(
            (x[0] + y[0]).abs() < 1e-4,
            "imageSdf inverted at {p:?}: {} vs {}",
            x[0],
            y[0]
        );
    }
    // property: Size and Translate scale and move the whole field.
    let moved: Vec<[f32; 3]> = inner
        .iter()
        .map(|p| [p[0] / 32.0 + 0.5, p[1] / 32.0 - 0.25, 0.0])
        .collect();
    let c = sample(
        &gpu,
        &lib,
        &sdf2(
            "{ rop: imageSdf, params: { Size: [2, 2], Search: 3, Translate: [0.5, -0.25] } }",
            "",
        ),
        &moved,
    );
    for ((p, x), y) in inner.iter().zip(&a).zip(&c) {
        assert!(
            (x[0] / 32.0 - y[0]).abs() < 1e-4,
            "imageSdf scaled at {p:?}: {} vs {}",
            x[0] / 32.0,
            y[0]
        );
    }
}

// ---------------------------------------------------------------------------
// 3D shapes

const PHI: f64 = 1.618_033_988_749_895;

fn scale3(v: an::V3, s: f64) -> an::V3 {
    [v[0] * s, v[1] * s, v[2] * s]
}

fn norm3(v: an::V3) -> an::V3 {
    scale3(v, 1.0 / an::len3(v))
}

/// The cyclic turns of (a, b, c) with every choice of signs.
fn cyclic_signed(a: f64, b: f64, c: f64) -> Vec<an::V3> {
    let mut out = Vec::new();
    for s in [
        [1.0, 1.0, 1.0],
        [1.0, 1.0, -1.0],
        [1.0, -1.0, 1.0],
        [1.0, -1.0, -1.0],
        [-1.0, 1.0, 1.0],
        [-1.0, 1.0, -1.0],
        [-1.0, -1.0, 1.0],
        [-1.0, -1.0, -1.0],
    ] {
        let v = [a * s[0], b * s[1], c * s[2]];
        for t in [v, [v[2], v[0], v[1]], [v[1], v[2], v[0]]] {
            if !out
                .iter()
                .any(|u: &an::V3| an::len3(an::sub3(*u, t)) < 1e-9)
            {
                out.push(t);
            }
        }
    }
    out
}

/// The icosahedron with corners (0, +-1, +-phi) turned: its corners and its
/// 20 faces (the triples of corners two apart).
fn icosahedron() -> (Vec<an::V3>, Vec<[an::V3; 3]>) {
    let v = cyclic_signed(0.0, 1.0, PHI);
    assert_eq!(v.len(), 12);
    let mut faces = Vec::new();
    for i in 0..12 {
        for j in i + 1..12 {
            for k in j + 1..12 {
                let edge = |a: an::V3, b: an::V3| (an::len3(an::sub3(a, b)) - 2.0).abs() < 1e-9;
                if edge(v[i], v[j]) && edge(v[j], v[k]) && edge(v[i], v[k]) {
                    faces.push([v[i], v[j], v[k]]);
                }
            }
        }
    }
    assert_eq!(faces.len(), 20);
    (v, faces)
}

/// A convex polytope given by face normals and corners: each face is the
/// corners furthest along its normal, ordered around it and split into a fan.
fn polytope_faces(normals: &[an::V3], corners: &[an::V3]) -> Vec<[an::V3; 3]> {
    let mut faces = Vec::new();
    for n in normals {
        let top = corners
            .iter()
            .map(|c| an::dot3(*c, *n))
            .fold(f64::MIN, f64::max);
        let mut f: Vec<an::V3> = corners
            .iter()
            .copied()
            .filter(|c| (an::dot3(*c, *n) - top).abs() < 1e-9)
            .collect();
        let k = f.len() as f64;
        let m = f.iter().fold([0.0; 3], |s, c| {
            [s[0] + c[0] / k, s[1] + c[1] / k, s[2] + c[2] / k]
        });
        let e1 = an::sub3(f[0], m);
        let e2 = an::cross(*n, e1);
        f.sort_by(|a, b| {
            let ang =
                |c: &an::V3| an::dot3(an::sub3(*c, m), e2).atan2(an::dot3(an::sub3(*c, m), e1));
            ang(a).total_cmp(&ang(b))
        });
        for i in 1..f.len() - 1 {
            faces.push([f[0], f[i], f[i + 1]]);
        }
    }
    faces
}

/// Distance from p to the polytope { x : n_i . x <= b_i } (unit normals),
/// by Dykstra's alternating projections, which converge to the nearest point.
fn halfspace_distance(p: an::V3, planes: &[(an::V3, f64)]) -> f64 {
    if planes.iter().all(|(n, b)| an::dot3(p, *n) <= *b) {
        return -planes
            .iter()
            .map(|(n, b)| b - an::dot3(p, *n))
            .fold(f64::MAX, f64::min);
    }
    let mut x = p;
    let mut y = vec![[0.0; 3]; planes.len()];
    for _ in 0..3000 {
        let before = x;
        for (i, (n, b)) in planes.iter().enumerate() {
            let z = [x[0] + y[i][0], x[1] + y[i][1], x[2] + y[i][2]];
            let over = an::dot3(z, *n) - b;
            let xn = if over > 0.0 {
                an::sub3(z, scale3(*n, over))
            } else {
                z
            };
            y[i] = an::sub3(z, xn);
            x = xn;
        }
        if an::len3(an::sub3(x, before)) < 1e-13 {
            break;
        }
    }
    an::len3(an::sub3(p, x))
}

/// The unit normals of the geodesic sphere of frequency f: the icosahedron's
/// faces cut into f^2 triangles, their corners pushed out to the sphere.
fn geodesic_normals(f: usize) -> Vec<an::V3> {
    let (_, faces) = icosahedron();
    let mut out: Vec<an::V3> = Vec::new();
    for [a, b, c] in faces {
        for i in 0..=f {
            for j in 0..=f - i {
                let (s, t) = (i as f64 / f as f64, j as f64 / f as f64);
                let v = norm3([
                    a[0] + s * (b[0] - a[0]) + t * (c[0] - a[0]),
                    a[1] + s * (b[1] - a[1]) + t * (c[1] - a[1]),
                    a[2] + s * (b[2] - a[2]) + t * (c[2] - a[2]),
                ]);
                if !out.iter().any(|u| an::len3(an::sub3(*u, v)) < 1e-9) {
                    out.push(v);
                }
            }
        }
    }
    assert_eq!(out.len(), 10 * f * f + 2);
    out
}

/// A stadium link (half length l, end radius r, tube t) centred at c, long
/// along x, lying in the plane spanned by x and the axis `up` (1: y, 2: z).
fn link_d(p: an::V3, c: an::V3, l: f64, r: f64, t: f64, up: usize) -> f64 {
    let q = an::sub3(p, c);
    // Into the link's own frame: x, then the in-plane axis, then the normal.
    let local = if up == 1 { q } else { [q[0], q[2], q[1]] };
    let sides = an::seg3(local, [-l, r, 0.0], [l, r, 0.0]).min(an::seg3(
        local,
        [-l, -r, 0.0],
        [l, -r, 0.0],
    ));
    let ends = an::arc3(local, [l, 0.0, 0.0], r, -PI / 2.0, PI / 2.0).min(an::arc3(
        local,
        [-l, 0.0, 0.0],
        r,
        PI / 2.0,
        1.5 * PI,
    ));
    sides.min(ends) - t
}

#[test]
fn sdf3d_new_shapes_match_their_exact_distances() {
    let Some(gpu) = gpu("sdf3d_new_shapes_match_their_exact_distances") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(70, 300, -2.0, 2.0);
    let (ico_v, ico_f) = icosahedron();
    let ico_s = 1.3 / an::len3(ico_v[0]);
    let ico_faces: Vec<[an::V3; 3]> = ico_f
        .iter()
        .map(|f| {
            [
                scale3(f[0], ico_s),
                scale3(f[1], ico_s),
                scale3(f[2], ico_s),
            ]
        })
        .collect();
    // The dodecahedron: corners (+-1, +-1, +-1) and (0, +-1/phi, +-phi)
    // turned; its faces are normal to (0, +-phi, +-1) turned.
    let mut dod_v = cyclic_signed(1.0, 1.0, 1.0);
    dod_v.extend(cyclic_signed(0.0, 1.0 / PHI, PHI));
    assert_eq!(dod_v.len(), 20);
    let dod_n = cyclic_signed(0.0, PHI, 1.0);
    let dod_s = 1.2 / 3f64.sqrt();
    let dod_faces: Vec<[an::V3; 3]> = polytope_faces(&dod_n, &dod_v)
        .iter()
        .map(|f| {
            [
                scale3(f[0], dod_s),
                scale3(f[1], dod_s),
                scale3(f[2], dod_s),
            ]
        })
        .collect();
    assert_eq!(dod_faces.len(), 36);
    type Case = (&'static str, &'static str, Box<dyn Fn(an::V3) -> f64>);
    let cases: Vec<Case> = vec![
        // exact: icosahedron and dodecahedron, as polytopes built here.
        (
            "icosahedron",
            "{ rop: icosahedron, params: { Radius: 1.3, Translate: [0.1, 0, -0.1] } }",
            Box::new(move |p| an::convex(an::sub3(p, [0.1, 0.0, -0.1]), &ico_faces)),
        ),
        (
            "dodecahedron",
            "{ rop: dodecahedron, params: { Radius: 1.2 } }",
            Box::new(move |p| an::convex(p, &dod_faces)),
        ),
        // exact: a chain of five links, each link on its own.
        (
            "chainLink",
            "{ rop: chainLink, params: { Count: 5, Length: 0.15, Radius: 0.25, Thickness: 0.06, Translate: [0, 0.2, 0] } }",
            Box::new(|p| {
                let pitch = 2.0 * (0.15 + 0.25 - 0.06);
                (0..5)
                    .map(|i| {
                        let c = [(i as f64 - 2.0) * pitch, 0.2, 0.0];
                        link_d(p, c, 0.15, 0.25, 0.06, if i % 2 == 0 { 1 } else { 2 })
                    })
                    .fold(f64::MAX, f64::min)
            }),
        ),
        (
            "chainLink of two",
            "{ rop: chainLink, params: { Count: 2, Length: 0.3, Radius: 0.4, Thickness: 0.1 } }",
            Box::new(|p| {
                let pitch = 2.0 * (0.3 + 0.4 - 0.1);
                link_d(p, [-pitch / 2.0, 0.0, 0.0], 0.3, 0.4, 0.1, 1).min(link_d(
                    p,
                    [pitch / 2.0, 0.0, 0.0],
                    0.3,
                    0.4,
                    0.1,
                    2,
                ))
            }),
        ),
        // exact: solids of revolution, by their profiles (distance from the
        // y axis, height): a cut disk, an arc, a circular sector.
        (
            "cutSphere",
            "{ rop: cutSphere, params: { Radius: 1.2, Cut: 0.5 } }",
            Box::new(|p| cut_disk([p[0].hypot(p[2]), p[1]], 1.2, 0.5)),
        ),
        (
            "cutSphere cap",
            "{ rop: cutSphere, params: { Radius: 1.2, Cut: -0.6, Translate: [0, 0.5, 0] } }",
            Box::new(|p| cut_disk([p[0].hypot(p[2]), p[1] - 0.5], 1.2, -0.6)),
        ),
        (
            "hollowSphere",
            "{ rop: hollowSphere, params: { Radius: 1.2, Cut: 0.4, Thickness: 0.1 } }",
            Box::new(|p| {
                let w = (1.44f64 - 0.16).sqrt();
                an::arc2(
                    [p[0].hypot(p[2]), p[1]],
                    [0.0, 0.0],
                    1.2,
                    -PI / 2.0,
                    0.4f64.atan2(w),
                ) - 0.1
            }),
        ),
        (
            "solidAngle",
            "{ rop: solidAngle, params: { Radius: 1.4, Angle: 35 } }",
            Box::new(|p| {
                let (r, a) = (1.4, 35f64.to_radians());
                let q = [p[0].hypot(p[2]), p[1]];
                let edge = [r * a.sin(), r * a.cos()];
                let d = an::arc2(q, [0.0, 0.0], r, PI / 2.0 - a, PI / 2.0 + a).min(an::seg2(
                    q,
                    [0.0, 0.0],
                    edge,
                ));
                let inside = an::len2(q) < r && q[0].atan2(q[1]) < a;
                if inside { -d } else { d }
            }),
        ),
        // exact: no tunnels leave the cube.
        (
            "mengerSponge level 0",
            "{ rop: mengerSponge, params: { Size: 2.4, Iterations: 0 } }",
            Box::new(|p| an::cube(p, [0.0; 3], [1.2; 3])),
        ),
        // exact: spring, against a minimisation along the whole helix.
        (
            "spring",
            "{ rop: spring, params: { Radius: 0.8, Pitch: 0.5, Turns: 3.3, Thickness: 0.1, Translate: [0, 0.1, 0] } }",
            Box::new(|p| helix_d(an::sub3(p, [0.0, 0.1, 0.0]), 0.8, 0.5, 3.3) - 0.1),
        ),
        (
            "spring, tight",
            "{ rop: spring, params: { Radius: 0.7, Pitch: 0.2, Turns: 7.5, Thickness: 0.05 } }",
            Box::new(|p| helix_d(p, 0.7, 0.2, 7.5) - 0.05),
        ),
        (
            "spring, steep",
            "{ rop: spring, params: { Radius: 0.3, Pitch: 1.7, Turns: 1.6, Thickness: 0.05 } }",
            Box::new(|p| helix_d(p, 0.3, 1.7, 1.6) - 0.05),
        ),
    ];
    for (name, node, want) in &cases {
        let out = sample(&gpu, &lib, &sdf3(node, ""), &pts);
        expect_exact(name, &pts, &out, |p| want(v3(p)));
    }
}

/// Distance to the helix of radius r and pitch h, turns t, around y, centred
/// on its middle height, starting at +x: minimised along the curve.
fn helix_d(p: an::V3, r: f64, h: f64, t: f64) -> f64 {
    let k = h / TAU;
    let half = k * TAU * t / 2.0;
    let at = |a: f64| an::len3(an::sub3(p, [r * a.cos(), k * a - half, r * a.sin()]));
    minimize(at, 0.0, TAU * t, (4000.0 * t) as usize)
}

/// Distance to the (P, Q) torus knot's curve, minimised along it.
fn knot_d(p: an::V3, np: f64, nq: f64, big: f64, small: f64) -> f64 {
    let at = |u: f64| {
        let rr = big + small * (nq * u).cos();
        let c = [
            rr * (np * u).cos(),
            small * (nq * u).sin(),
            rr * (np * u).sin(),
        ];
        an::len3(an::sub3(p, c))
    };
    minimize(at, 0.0, TAU, 20000)
}

#[test]
fn sdf3d_new_bounds_never_overshoot_and_have_the_right_sign() {
    let Some(gpu) = gpu("sdf3d_new_bounds_never_overshoot_and_have_the_right_sign") else {
        return;
    };
    let lib = catalog_library();

    // exact inside, bound outside: geodesic spheres, against the planes
    // through every vertex of the full subdivision (computed here) and the
    // true distance to that polytope.
    let pts = points3(80, 300, -1.6, 1.6);
    for f in [1usize, 3] {
        let planes: Vec<(an::V3, f64)> =
            geodesic_normals(f).into_iter().map(|n| (n, 1.1)).collect();
        let node = format!("{{ rop: geodesicSphere, params: {{ Radius: 1.1, Frequency: {f} }} }}");
        let out = sample(&gpu, &lib, &sdf3(&node, ""), &pts);
        let mut inside = 0;
        for (p, v) in pts.iter().zip(&out) {
            let truth = halfspace_distance(v3(p), &planes);
            let d = v[0] as f64;
            if truth < 0.0 {
                inside += 1;
                assert!(
                    close(d, truth, TOL),
                    "geodesicSphere {f} inside at {p:?}: {d} != {truth}"
                );
            } else {
                assert!(
                    d > -1e-6 && d <= truth + 1e-4,
                    "geodesicSphere {f} at {p:?}: {d}, true {truth}"
                );
            }
        }
        assert!(inside > 30, "geodesicSphere {f}: {inside} points inside");
        // Every facet touches the sphere: its centre is on the surface.
        let touch: Vec<[f32; 3]> = geodesic_normals(f)
            .iter()
            .map(|n| {
                [
                    (n[0] * 1.1) as f32,
                    (n[1] * 1.1) as f32,
                    (n[2] * 1.1) as f32,
                ]
            })
            .collect();
        let out = sample(&gpu, &lib, &sdf3(&node, ""), &touch);
        expect_within("geodesicSphere facet centres", &touch, &out, 1e-5, |_| 0.0);
    }

    // bound: superquadrics. Sign against the implicit inequality, never
    // above the true distance (1-Lipschitz with the right sign), and for
    // exponents 1 (an ellipsoid) never above the true ellipsoid distance;
    // a sphere outside is exact.
    let implicit = |p: an::V3, r: an::V3, e1: f64, e2: f64| {
        let g = (p[0] / r[0]).abs().powf(2.0 / e2) + (p[2] / r[2]).abs().powf(2.0 / e2);
        g.powf(e2 / e1) + (p[1] / r[1]).abs().powf(2.0 / e1)
    };
    let pairs = point_pairs(81, 250, -2.0, 2.0, 0.05);
    for (r, e) in [
        ([1.2, 0.7, 0.9], [0.3, 0.6]),
        ([0.8, 1.3, 1.0], [1.8, 1.2]),
        ([1.0, 0.6, 1.4], [1.0, 0.1]),
        ([1.1, 0.8, 0.6], [1.0, 1.0]),
    ] {
        let node = format!(
            "{{ rop: superquadric, params: {{ Radii: [{}, {}, {}], Exponents: [{}, {}] }} }}",
            r[0], r[1], r[2], e[0], e[1]
        );
        let out = sample(&gpu, &lib, &sdf3(&node, ""), &pts);
        let ellipsoid = e == [1.0, 1.0];
        // Inside, the ROP takes "a slower safe step" (its description).
        expect_bound_ratio(
            &node,
            &pts,
            &out,
            0.0,
            |p| {
                if implicit(v3(p), r, e[0], e[1]) < 1.0 {
                    0.25
                } else {
                    0.5
                }
            },
            |p| {
                let q = v3(p);
                let dist = ellipsoid.then(|| an::ellipsoid_n(&q, &r).abs());
                (implicit(q, r, e[0], e[1]) < 1.0, dist)
            },
            |p| (implicit(v3(p), r, e[0], e[1]) - 1.0).abs() < 1e-3,
        );
        let out = sample(&gpu, &lib, &sdf3(&node, ""), &pairs);
        expect_lipschitz(&node, &pairs, &out);
    }
    let node = "{ rop: superquadric, params: { Radii: [0.9, 0.9, 0.9], Exponents: [1, 1], Translate: [0.1, 0, 0] } }";
    let out = sample(&gpu, &lib, &sdf3(node, ""), &pts);
    for (p, v) in pts.iter().zip(&out) {
        let want = sphere_d(v3(p), [0.1, 0.0, 0.0], 0.9);
        if want > 0.0 {
            assert!(
                close(v[0] as f64, want, TOL),
                "superquadric sphere at {p:?}: {} != {want}",
                v[0]
            );
        }
    }

    // bound: the Menger sponge. Sign from the base-3 digits of the point
    // (a tunnel at level k where two of the three k-th digits are 1), and
    // 1-Lipschitz.
    let menger_inside = |p: an::V3, half: f64, levels: u32| {
        let u = [
            p[0] / half * 0.5 + 0.5,
            p[1] / half * 0.5 + 0.5,
            p[2] / half * 0.5 + 0.5,
        ];
        if u.iter().any(|c| !(0.0..1.0).contains(c)) {
            return false;
        }
        (1..=levels).all(|k| {
            let s = 3f64.powi(k as i32);
            let ones = u
                .iter()
                .filter(|c| ((*c * s).floor() as i64).rem_euclid(3) == 1)
                .count();
            ones < 2
        })
    };
    // Close to a face of any cell at the deepest level, the sign may go
    // either way within rounding.
    let near_menger = |p: an::V3, half: f64, levels: u32| {
        let s = 3f64.powi(levels as i32);
        p.iter().any(|c| {
            let u = (c / half * 0.5 + 0.5) * s;
            (u - u.round()).abs() < 1e-3
        })
    };
    let node = "{ rop: mengerSponge, params: { Size: 2.4, Iterations: 3 } }";
    let pts_m = points3(82, 600, -1.4, 1.4);
    let out = sample(&gpu, &lib, &sdf3(node, ""), &pts_m);
    expect_bound(
        "mengerSponge",
        &pts_m,
        &out,
        0.0,
        |p| (menger_inside(v3(p), 1.2, 3), None),
        |p| near_menger(v3(p), 1.2, 3),
    );
    let pairs_m = point_pairs(83, 300, -1.4, 1.4, 0.02);
    let out = sample(&gpu, &lib, &sdf3(node, ""), &pairs_m);
    expect_lipschitz("mengerSponge", &pairs_m, &out);

    // exact near the torus, bound elsewhere: the torus knot, against a
    // minimisation along the curve; sign from the true distance.
    for (np, nq) in [(2.0, 3.0), (3.0, 5.0), (1.0, 0.0)] {
        let node = format!(
            "{{ rop: torusKnot, params: {{ P: {np}, Q: {nq}, Radius: 1.0, Minor: 0.4, Thickness: 0.1 }} }}"
        );
        let out = sample(&gpu, &lib, &sdf3(&node, ""), &pts);
        let mut exact = 0;
        for (p, v) in pts.iter().zip(&out) {
            let q = v3(p);
            let truth = knot_d(q, np, nq, 1.0, 0.4) - 0.1;
            let d = v[0] as f64;
            let to_torus = ((q[0].hypot(q[2]) - 1.0).hypot(q[1]) - 0.4).abs();
            if to_torus < 0.4 {
                exact += 1;
                assert!(
                    close(d, truth, TOL),
                    "torusKnot {node} at {p:?}: {d} != {truth}"
                );
            } else {
                assert!(
                    d <= truth + 1e-4 && d > 0.0,
                    "torusKnot {node} at {p:?}: {d}, true {truth}"
                );
            }
        }
        assert!(exact > 50, "torusKnot: only {exact} points near the torus");
    }

    // estimate: the quaternion Julia set. C = 0 is the unit ball, whose
    // estimate is 0.5 r ln r at every iteration count (|z| is r^(2^n) and
    // |z'| is 2^n r^(2^n - 1)).
    let radii: Vec<[f32; 3]> = points3(84, 200, -1.5, 1.5)
        .into_iter()
        .filter(|p| (0.5..2.0).contains(&an::len3(v3(p))))
        .collect();
    let node = "{ rop: juliaSet, params: { C: [0, 0, 0, 0], Iterations: 6, Scale: 1.5 } }";
    let out = sample(&gpu, &lib, &sdf3(node, ""), &radii);
    expect_exact("juliaSet with C = 0", &radii, &out, |p| {
        let r = an::len3(v3(p)) / 1.5;
        0.5 * r * r.ln() * 1.5
    });
    // Any C: z and -z have the same orbit after one step, so the slice
    // w = 0 is symmetric through the centre; a real C makes it symmetric
    // about the real (x) axis as well.
    let node = "{ rop: juliaSet, params: { C: [-0.2, 0.6, 0.2, 0.2], Iterations: 10 } }";
    let flipped: Vec<[f32; 3]> = pts.iter().map(|p| [-p[0], -p[1], -p[2]]).collect();
    let a = sample(&gpu, &lib, &sdf3(node, ""), &pts);
    let b = sample(&gpu, &lib, &sdf3(node, ""), &flipped);
    for ((p, x), y) in pts.iter().zip(&a).zip(&b) {
        assert!(
            close(x[0] as f64, y[0] as f64, 1e-4),
            "juliaSet at {p:?} and its opposite: {} {}",
            x[0],
            y[0]
        );
    }
    let node = "{ rop: juliaSet, params: { C: [-0.8, 0, 0, 0], Iterations: 10 } }";
    let turned: Vec<[f32; 3]> = pts
        .iter()
        .map(|p| {
            let (s, c) = 1.1f32.sin_cos();
            [p[0], c * p[1] - s * p[2], s * p[1] + c * p[2]]
        })
        .collect();
    let a = sample(&gpu, &lib, &sdf3(node, ""), &pts);
    let b = sample(&gpu, &lib, &sdf3(node, ""), &turned);
    let mut negative = 0;
    for ((p, x), y) in pts.iter().zip(&a).zip(&b) {
        negative += usize::from(x[0] < 0.0);
        assert!(
            close(x[0] as f64, y[0] as f64, 1e-3),
            "juliaSet turned about x at {p:?}: {} {}",
            x[0],
            y[0]
        );
    }
    assert!(negative > 5, "juliaSet C = -0.8: no point inside");
}

// ---------------------------------------------------------------------------
// Patterns

/// A pattern node sampled as a 2D float field.
fn pattern2(gpu: &Gpu, lib: &Library, node: &str, pts: &[[f32; 3]]) -> Vec<f64> {
    sample(gpu, lib, &probe("probeFloat2", node, ""), pts)
        .iter()
        .map(|v| v[0] as f64)
        .collect()
}

/// The same pattern with its Output menu set.
fn with_output(node: &str, output: &str) -> String {
    node.replacen("params: {", &format!("params: {{ Output: {output},"), 1)
}

/// Nearest point of the lattice spanned by a and b (brute force over a
/// neighbourhood, so it does not share the GLSL's shortcut).
fn nearest_lattice(p: an::V2, a: an::V2, b: an::V2) -> an::V2 {
    // Solve p = s a + t b for a starting cell.
    let det = a[0] * b[1] - a[1] * b[0];
    let s = ((p[0] * b[1] - p[1] * b[0]) / det).round() as i64;
    let t = ((a[0] * p[1] - a[1] * p[0]) / det).round() as i64;
    let mut best = [0.0; 2];
    let mut bd = f64::MAX;
    for i in s - 3..=s + 3 {
        for j in t - 3..=t + 3 {
            let c = [
                i as f64 * a[0] + j as f64 * b[0],
                i as f64 * a[1] + j as f64 * b[1],
            ];
            let d = an::len2([p[0] - c[0], p[1] - c[1]]);
            if d < bd {
                bd = d;
                best = c;
            }
        }
    }
    best
}

/// Distance from the centre of a pointy-top regular hexagon (circumradius
/// 1, corners on +-y) in units of its apothem: 1 on the edge. From the
/// hexagon's six sides.
fn hex_radius(h: an::V2) -> f64 {
    let ap = 3f64.sqrt() / 2.0;
    (0..6)
        .map(|k| {
            let a = k as f64 * PI / 3.0; // side normals at 0, 60, ... degrees
            (h[0] * a.cos() + h[1] * a.sin()) / ap
        })
        .fold(f64::MIN, f64::max)
}

#[test]
fn patterns_measure_their_tiles() {
    let Some(gpu) = gpu("patterns_measure_their_tiles") else {
        return;
    };
    let lib = catalog_library();
    let pts = points2(90, 300, -3.0, 3.0);

    // exact: hexagonal tiles (and the hexagon tiling), from the nearest
    // centre of the lattice of hexagons of circumradius s.
    let s = 0.35;
    let (a, b) = ([3f64.sqrt() * s, 0.0], [3f64.sqrt() * s / 2.0, 1.5 * s]);
    let hex = |p: an::V2| {
        let c = nearest_lattice(p, a, b);
        hex_radius([(p[0] - c[0]) / s, (p[1] - c[1]) / s])
    };
    let node = "{ rop: hexGridPattern, params: { Size: 0.35, Gap: 0.04 } }";
    let dist = pattern2(&gpu, &lib, &with_output(node, "distance"), &pts);
    let radius = pattern2(&gpu, &lib, &with_output(node, "radius"), &pts);
    let ap = s * 3f64.sqrt() / 2.0;
    for (i, p) in pts.iter().enumerate() {
        let r = hex(v2(p));
        assert!(
            close(radius[i], r, TOL),
            "hexGrid radius at {p:?}: {} != {r}",
            radius[i]
        );
        assert!(
            close(dist[i], ap * (1.0 - r) - 0.02, TOL),
            "hexGrid distance at {p:?}: {}",
            dist[i]
        );
    }
    let node = "{ rop: tilingPattern, params: { Shape: hexagon, Size: 0.35, Gap: 0.0 } }";
    let out = pattern2(&gpu, &lib, &with_output(node, "distance"), &pts);
    for (p, d) in pts.iter().zip(&out) {
        let want = ap * (1.0 - hex(v2(p)));
        assert!(
            close(*d, want, TOL),
            "tiling hexagon at {p:?}: {d} != {want}"
        );
    }
    // exact: square and triangle tilings, the distance to their lines: two
    // families of lines s apart, or three families (0, 60 and 120 degrees)
    // a triangle's height apart, through common points.
    let node = "{ rop: tilingPattern, params: { Shape: square, Size: 0.4, Gap: 0.06 } }";
    let out = pattern2(&gpu, &lib, &with_output(node, "distance"), &pts);
    let line = |x: f64, h: f64| (x - h * (x / h).round()).abs();
    for (p, d) in pts.iter().zip(&out) {
        let q = v2(p);
        let want = line(q[0], 0.4).min(line(q[1], 0.4)) - 0.03;
        assert!(
            close(*d, want, TOL),
            "tiling square at {p:?}: {d} != {want}"
        );
    }
    let node = "{ rop: tilingPattern, params: { Shape: triangle, Size: 0.5, Gap: 0.02 } }";
    let out = pattern2(&gpu, &lib, &with_output(node, "distance"), &pts);
    let h = 0.5 * 3f64.sqrt() / 2.0;
    for (p, d) in pts.iter().zip(&out) {
        let q = v2(p);
        let want = (0..3)
            .map(|k| {
                let a = k as f64 * PI / 3.0; // line directions 0, 60, 120 degrees
                line(-q[0] * a.sin() + q[1] * a.cos(), h)
            })
            .fold(f64::MAX, f64::min)
            - 0.01;
        assert!(
            close(*d, want, TOL),
            "tiling triangle at {p:?}: {d} != {want}"
        );
    }
    // The triangles are the cells: a random value per triangle, the same
    // over a triangle (its centroid and points near its corners agree).
    let cell = pattern2(
        &gpu,
        &lib,
        &with_output(node, "cell"),
        &[[0.1, 0.05, 0.0], [0.2, 0.1, 0.0], [0.35, 0.05, 0.0]],
    );
    assert!(
        cell[0] == cell[1] && cell[0] == cell[2],
        "triangle cell values {cell:?}"
    );

    // exact: dots on square and hexagonal lattices, the distance to the
    // nearest centre less the radius; with jitter the dots only shrink.
    for (layout, a, b) in [
        ("square", [0.3, 0.0], [0.0, 0.3]),
        ("hexagonal", [0.0, 0.3], [0.3 * 3f64.sqrt() / 2.0, 0.15]),
    ] {
        let node = format!(
            "{{ rop: dotsPattern, params: {{ Size: 0.3, Radius: 0.1, Layout: {layout} }} }}"
        );
        let out = pattern2(&gpu, &lib, &with_output(&node, "distance"), &pts);
        for (p, d) in pts.iter().zip(&out) {
            let c = nearest_lattice(v2(p), a, b);
            let want = 0.1 - an::len2([p[0] as f64 - c[0], p[1] as f64 - c[1]]);
            assert!(
                close(*d, want, TOL),
                "dots {layout} at {p:?}: {d} != {want}"
            );
        }
    }
    let centres: Vec<[f32; 3]> = (0..40)
        .map(|k| [0.3 * (k % 8) as f32, 0.3 * (k / 8) as f32, 0.0])
        .collect();
    let node = "{ rop: dotsPattern, params: { Size: 0.3, Radius: 0.1, Jitter: 0.8 } }";
    let out = pattern2(&gpu, &lib, &with_output(node, "distance"), &centres);
    for d in &out {
        assert!(
            (0.02 - 1e-6..=0.1 + 1e-6).contains(d),
            "jittered dot radius {d}"
        );
    }
    let spread =
        out.iter().fold(f64::MIN, |m, d| m.max(*d)) - out.iter().fold(f64::MAX, |m, d| m.min(*d));
    assert!(spread > 0.02, "jitter changes no dot");

    // exact: bricks, the distance to the mortar lines: the row lines and,
    // within a row, joints a brick apart, each row shifted by Offset bricks.
    let node = "{ rop: brickPattern, params: { Size: [0.5, 0.2], Gap: 0.04, Offset: 0.3 } }";
    let out = pattern2(&gpu, &lib, &with_output(node, "distance"), &pts);
    for (p, d) in pts.iter().zip(&out) {
        let q = v2(p);
        let row = (q[1] / 0.2).floor();
        let joints = line(q[0] + row * 0.3 * 0.5, 0.5);
        let rows = (q[1] - 0.2 * row).min(0.2 * (row + 1.0) - q[1]);
        let want = joints.min(rows) - 0.02;
        assert!(close(*d, want, TOL), "brick at {p:?}: {d} != {want}");
    }
    // exact: checker, the parity of the square and the distance to its edges.
    let node = "{ rop: checkerPattern, params: { Size: [0.4, 0.3] } }";
    let mask = pattern2(&gpu, &lib, node, &pts);
    let dist = pattern2(&gpu, &lib, &with_output(node, "distance"), &pts);
    for (i, p) in pts.iter().enumerate() {
        let q = v2(p);
        let (cx, cy) = ((q[0] / 0.4).floor(), (q[1] / 0.3).floor());
        let odd = (cx + cy).rem_euclid(2.0) == 1.0;
        let edge = line(q[0], 0.4).min(line(q[1], 0.3));
        if edge > 1e-4 {
            assert_eq!(mask[i] == 1.0, odd, "checker mask at {p:?}");
        }
        let want = if odd { edge } else { -edge };
        assert!(
            close(dist[i], want, TOL),
            "checker distance at {p:?}: {} != {want}",
            dist[i]
        );
    }
    // exact: stripes across y (turned by Rotate), the phase and the distance
    // to the edges of the stripe centred in each period.
    let node = "{ rop: stripesPattern, params: { Size: 0.3, Width: 0.4, Rotate: 30 } }";
    let dist = pattern2(&gpu, &lib, &with_output(node, "distance"), &pts);
    let phase = pattern2(&gpu, &lib, &with_output(node, "phase"), &pts);
    for (i, p) in pts.iter().enumerate() {
        let q = v2(p);
        // Across the stripes: the y axis turned by 30 degrees.
        let a = 30f64.to_radians();
        let t = (-q[0] * a.sin() + q[1] * a.cos()) / 0.3;
        let ph = fract(t);
        assert!(
            (phase[i] - ph).abs() < 1e-3 || (phase[i] - ph).abs() > 0.999,
            "stripes phase at {p:?}: {} != {ph}",
            phase[i]
        );
        let want = (0.2 - (ph - 0.5).abs()) * 0.3;
        assert!(
            close(dist[i], want, TOL),
            "stripes distance at {p:?}: {} != {want}",
            dist[i]
        );
    }
}

#[test]
fn patterns_keep_their_properties() {
    let Some(gpu) = gpu("patterns_keep_their_properties") else {
        return;
    };
    let lib = catalog_library();

    // property: truchet arcs pass through the middle of every cell side
    // whatever the cell's orientation, keep a fixed distance from the cell
    // centres and corners, and both orientations occur.
    let (s, w) = (0.4f32, 0.06);
    let node = "{ rop: truchetPattern, params: { Size: 0.4, Width: 0.06 } }";
    let cells: Vec<(f32, f32)> = (0..64)
        .map(|k| ((k % 8) as f32 - 4.0, (k / 8) as f32 - 4.0))
        .collect();
    let mids: Vec<[f32; 3]> = cells
        .iter()
        .map(|(i, j)| [(i + 0.5) * s, j * s + 1e-4, 0.0])
        .collect();
    let centres: Vec<[f32; 3]> = cells
        .iter()
        .map(|(i, j)| [(i + 0.5) * s, (j + 0.5) * s, 0.0])
        .collect();
    let off: Vec<[f32; 3]> = cells
        .iter()
        .map(|(i, j)| [(i + 0.8) * s, (j + 0.8) * s, 0.0])
        .collect();
    let dist = |pts: &[[f32; 3]]| pattern2(&gpu, &lib, &with_output(node, "distance"), pts);
    for d in dist(&mids) {
        assert!(
            (d - w / 2.0).abs() < 1e-3,
            "truchet at a side's middle: {d}"
        );
    }
    for d in dist(&centres) {
        let want = w / 2.0 - ((0.5f64.sqrt() - 0.5) * s as f64);
        assert!(
            (d - want).abs() < 1e-3,
            "truchet at a cell centre: {d} != {want}"
        );
    }
    let at_off = dist(&off);
    let first = at_off[0];
    assert!(
        at_off.iter().any(|d| (d - first).abs() > 0.01),
        "truchet: every cell turned the same way"
    );
    let mask = pattern2(&gpu, &lib, node, &off);
    assert!(mask.iter().all(|m| *m == 0.0 || *m == 1.0));

    // property: the weave repeats every two threads; at every crossing the
    // thread on top is at full height, halfway between crossings a thread is
    // at half height, the gaps are empty, and the thread on top alternates
    // between the one along x and the one along y.
    let node = "{ rop: weavePattern, params: { Size: 0.2, Width: 0.7 } }";
    let pts = points2(91, 200, -2.0, 2.0);
    let shifted: Vec<[f32; 3]> = pts.iter().map(|p| [p[0] + 0.4, p[1] - 0.4, 0.0]).collect();
    for out in ["mask", "distance", "height"] {
        let a = pattern2(&gpu, &lib, &with_output(node, out), &pts);
        let b = pattern2(&gpu, &lib, &with_output(node, out), &shifted);
        for ((p, x), y) in pts.iter().zip(&a).zip(&b) {
            assert!(
                (x - y).abs() < 2e-3,
                "weave {out} not periodic at {p:?}: {x} {y}"
            );
        }
    }
    let crossings: Vec<[f32; 3]> = cells
        .iter()
        .map(|(i, j)| [(i + 0.5) * 0.2, (j + 0.5) * 0.2, 0.0])
        .collect();
    let height = pattern2(&gpu, &lib, &with_output(node, "height"), &crossings);
    assert!(
        height.iter().all(|h| (h - 1.0).abs() < 1e-4),
        "weave crossings: {height:?}"
    );
    let between: Vec<[f32; 3]> = cells
        .iter()
        .map(|(i, j)| [i * 0.2, (j + 0.5) * 0.2, 0.0])
        .collect();
    let height = pattern2(&gpu, &lib, &with_output(node, "height"), &between);
    assert!(
        height.iter().all(|h| (h - 0.5).abs() < 1e-3),
        "weave between crossings: {height:?}"
    );
    let gaps: Vec<[f32; 3]> = cells
        .iter()
        .map(|(i, j)| [i * 0.2 + 1e-3, j * 0.2 + 1e-3, 0.0])
        .collect();
    assert!(
        pattern2(&gpu, &lib, node, &gaps).iter().all(|m| *m == 0.0),
        "weave gaps are not empty"
    );
    // Which thread shows at a crossing: the cell value of the thread along x
    // (read between crossings, where only it passes) when column + row is even.
    let on_top = pattern2(&gpu, &lib, &with_output(node, "cell"), &crossings);
    let row_thread = pattern2(&gpu, &lib, &with_output(node, "cell"), &between);
    for (k, (i, j)) in cells.iter().enumerate() {
        let even = ((*i + *j) as i64).rem_euclid(2) == 0;
        assert_eq!(on_top[k] == row_thread[k], even, "weave crossing {i}, {j}");
    }

    // property: in 3D the pattern lies in its plane: the xz pattern at
    // (x, y, z) is the 2D one at (x, z); xy and yz likewise. Translate and
    // Rotate move and turn it.
    let pts3 = points3(92, 100, -2.0, 2.0);
    let base = "{ rop: hexGridPattern, params: { Size: 0.3, Output: distance";
    let flat = pattern2(
        &gpu,
        &lib,
        &format!("{base}, Translate: [0.2, -0.1], Rotate: 25 }} }}"),
        &pts3.iter().map(|p| [p[0], p[2], 0.0]).collect::<Vec<_>>(),
    );
    let turned: Vec<[f32; 3]> = pts3
        .iter()
        .map(|p| {
            let (x, z) = (p[0] - 0.2, p[2] + 0.1);
            let (s, c) = 25f32.to_radians().sin_cos();
            [c * x + s * z, -s * x + c * z, 0.0]
        })
        .collect();
    let plain = pattern2(&gpu, &lib, &format!("{base} }} }}"), &turned);
    for (plane, swizzle) in [("xz", [0usize, 2]), ("xy", [0, 1]), ("yz", [1, 2])] {
        let out: Vec<f64> = sample(
            &gpu,
            &lib,
            &probe("probeFloat3", &format!("{base}, Plane: {plane} }} }}"), ""),
            &pts3,
        )
        .iter()
        .map(|v| v[0] as f64)
        .collect();
        let two: Vec<[f32; 3]> = pts3
            .iter()
            .map(|p| [p[swizzle[0]], p[swizzle[1]], 0.0])
            .collect();
        let want = pattern2(&gpu, &lib, &format!("{base} }} }}"), &two);
        for (i, p) in pts3.iter().enumerate() {
            assert!(
                (out[i] - want[i]).abs() < 1e-5,
                "hexGrid in plane {plane} at {p:?}"
            );
        }
    }
    for (i, p) in pts3.iter().enumerate() {
        assert!(
            (flat[i] - plain[i]).abs() < 1e-4,
            "hexGrid moved and turned at {p:?}: {} {}",
            flat[i],
            plain[i]
        );
    }

    // property: every float output in range, masks within 0..1 and taking
    // both values, cells in 0..1, and the colour output mixes ColorA and
    // ColorB by the mask, the shape shaded by Variation times the cell value.
    let pts = points2(93, 200, -2.0, 2.0);
    for node in [
        "{ rop: brickPattern, params: { Softness: 0.01, Variation: 0.5, ColorA: [0.1, 0.2, 0.3], ColorB: [0.9, 0.6, 0.3] } }",
        "{ rop: checkerPattern, params: { Softness: 0.01, Variation: 0.5, ColorA: [0.1, 0.2, 0.3], ColorB: [0.9, 0.6, 0.3] } }",
        "{ rop: hexGridPattern, params: { Softness: 0.01, Variation: 0.5, ColorA: [0.1, 0.2, 0.3], ColorB: [0.9, 0.6, 0.3] } }",
        "{ rop: truchetPattern, params: { Softness: 0.01, Variation: 0.5, ColorA: [0.1, 0.2, 0.3], ColorB: [0.9, 0.6, 0.3] } }",
        "{ rop: weavePattern, params: { Softness: 0.01, Variation: 0.5, ColorA: [0.1, 0.2, 0.3], ColorB: [0.9, 0.6, 0.3] } }",
        "{ rop: tilingPattern, params: { Softness: 0.01, Variation: 0.5, ColorA: [0.1, 0.2, 0.3], ColorB: [0.9, 0.6, 0.3] } }",
        "{ rop: dotsPattern, params: { Softness: 0.01, Variation: 0.5, ColorA: [0.1, 0.2, 0.3], ColorB: [0.9, 0.6, 0.3] } }",
        "{ rop: stripesPattern, params: { Softness: 0.01, Variation: 0.5, ColorA: [0.1, 0.2, 0.3], ColorB: [0.9, 0.6, 0.3] } }",
    ] {
        let mask = pattern2(&gpu, &lib, node, &pts);
        let cell = pattern2(&gpu, &lib, &with_output(node, "cell"), &pts);
        assert!(
            mask.iter().all(|m| (0.0..=1.0).contains(m)),
            "{node}: mask out of range"
        );
        assert!(
            mask.contains(&0.0) && mask.contains(&1.0),
            "{node}: mask is flat"
        );
        assert!(
            cell.iter().all(|c| (0.0..1.0).contains(c)),
            "{node}: cell out of range"
        );
        let colour = sample(&gpu, &lib, &probe("probeColor2", node, ""), &pts);
        for i in 0..pts.len() {
            let shade = 1.0 - 0.5 * cell[i];
            for (k, (a, b)) in [(0.1, 0.9), (0.2, 0.6), (0.3, 0.3)].iter().enumerate() {
                let want = a + (b * shade - a) * mask[i];
                assert!(
                    (colour[i][k] as f64 - want).abs() < 1e-4,
                    "{node} colour at {:?}",
                    pts[i]
                );
            }
            assert_eq!(colour[i][3], 1.0);
        }
    }

    // exact: a profile function connected to stripes shapes the mask: here
    // a smooth step over the phase.
    let extra = "  /f: { rop: smoothStepFunction, params: { Edge0: 0.2, Edge1: 0.9 } }\n";
    let node = "{ rop: stripesPattern, params: { Size: 0.5 }, inputs: [/f] }";
    let out = sample(&gpu, &lib, &probe("probeFloat2", node, extra), &pts);
    expect_exact("stripes with a profile", &pts, &out, |p| {
        let t = ((fract(p[1] as f64 / 0.5) - 0.2) / 0.7).clamp(0.0, 1.0);
        t * t * (3.0 - 2.0 * t)
    });
}

#[test]
fn the_new_categories_hold_their_rops() {
    let lib = library();
    let count = |cat: &str| lib.rops.values().filter(|d| d.category == cat).count();
    for (cat, at_least) in [("sdf", 34), ("sdf2d", 27), ("pattern", 8), ("function", 14)] {
        assert!(count(cat) >= at_least, "{cat}: {} ROPs", count(cat));
    }
    // Every function is a float -> float building block, except the one that
    // applies them to fields and those below: the wave and the sum, product
    // and blend of functions also run on 2D and 3D points with vector
    // values, as RayTK's do, but float -> float first; the palettes give a
    // colour; extend and modulate pass on whatever their input function
    // gives (a float, a colour or an SDF); flip flips a float or a colour.
    use ropkit::types::{CoordType as C, ReturnType as R};
    let points: &[C] = &[C::Float, C::Vec2, C::Vec3];
    let signatures: &[(&[&str], &[C], &[R])] = &[
        (
            &[
                "waveFunction",
                "sumFunction",
                "productFunction",
                "blendFunction",
            ],
            points,
            &[R::Float, R::Vec4],
        ),
        (
            &["rainbowFunction", "cosinePaletteFunction"],
            points,
            &[R::Vec4],
        ),
        (
            &["extendFunction", "modulateFunction"],
            points,
            &[R::Float, R::Vec4, R::Sdf],
        ),
        (&["flipFunction"], &[C::Float], &[R::Float, R::Vec4]),
    ];
    for def in lib
        .rops
        .values()
        .filter(|d| d.category == "function" && d.name != "applyFunction")
    {
        let (coords, returns): (&[C], &[R]) = signatures
            .iter()
            .find(|(names, _, _)| names.contains(&def.name.as_str()))
            .map(|(_, c, r)| (*c, *r))
            .unwrap_or((&[C::Float], &[R::Float]));
        assert_eq!(
            (def.coord_types.as_slice(), def.return_types.as_slice()),
            (coords, returns),
            "{}",
            def.name
        );
    }
}
