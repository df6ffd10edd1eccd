//! The modes, parameters, variables and inputs added so that ROPs do what
//! the RayTK operators they stand in for do (docs/raytk-operators.yaml,
//! `parity: full`). Each check samples the GPU and compares with a
//! reference written here: the mode's formula in Rust, an exact distance
//! from the shape's geometry, a brute-force search, or a symmetry between
//! two settings of the same ROP. Each says which in a comment.

use crate::catalog::an::{self, V2, V3};
use crate::catalog::*;
use crate::common::*;
use ropkit::library::Library;
use ropkit::network::Network;
use std::f64::consts::{PI, TAU};

// ---------------------------------------------------------------------------
// Helpers

/// A node and the UV it must give at a 2D point.
type UvCase = (&'static str, Box<dyn Fn(V2) -> V2>);

/// A node's parameters and the curve it must follow.
type Curve = (&'static str, Box<dyn Fn(f64) -> f64>);

/// Every sampled vector equals `want` in its first `n` channels.
pub(crate) fn expect_vec(
    what: &str,
    pts: &[[f32; 3]],
    got: &[[f32; 4]],
    n: usize,
    tol: f64,
    want: impl Fn(&[f32; 3]) -> [f64; 4],
) {
    let bad: Vec<String> = pts
        .iter()
        .zip(got)
        .filter_map(|(p, g)| {
            let w = want(p);
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

/// Two samplings agree value by value (a symmetry between two settings).
pub(crate) fn expect_same(what: &str, a: &[[f32; 4]], b: &[[f32; 4]], n: usize, tol: f64) {
    let bad: Vec<String> = a
        .iter()
        .zip(b)
        .enumerate()
        .filter(|(_, (x, y))| (0..n).any(|i| !close(x[i] as f64, y[i] as f64, tol)))
        .map(|(i, (x, y))| format!("  #{i}: {x:?} vs {y:?}"))
        .collect();
    assert!(
        bad.is_empty(),
        "{what}: {} of {} values differ:\n{}",
        bad.len(),
        a.len(),
        bad.iter().take(8).cloned().collect::<Vec<_>>().join("\n")
    );
}

fn pts_of(v: &[V3]) -> Vec<[f32; 3]> {
    v.iter()
        .map(|p| [p[0] as f32, p[1] as f32, p[2] as f32])
        .collect()
}

/// Rotation about x, y or z by `deg` degrees (right-handed), applied to v.
pub(crate) fn rot_axis(v: V3, axis: usize, deg: f64) -> V3 {
    let (s, c) = deg.to_radians().sin_cos();
    match axis {
        0 => [v[0], c * v[1] - s * v[2], s * v[1] + c * v[2]],
        1 => [c * v[0] + s * v[2], v[1], -s * v[0] + c * v[2]],
        _ => [c * v[0] - s * v[1], s * v[0] + c * v[1], v[2]],
    }
}

/// The turn by Euler angles in degrees, the three turns in `order`
/// ("xyz": about x first).
fn euler(v: V3, deg: V3, order: &str) -> V3 {
    order.chars().fold(v, |acc, c| {
        let axis = (c as u8 - b'x') as usize;
        rot_axis(acc, axis, deg[axis])
    })
}

/// The inverse turn of [`euler`] with order xyz.
fn euler_inv(v: V3, deg: V3) -> V3 {
    let v = rot_axis(v, 2, -deg[2]);
    let v = rot_axis(v, 1, -deg[1]);
    rot_axis(v, 0, -deg[0])
}

pub(crate) fn norm3(a: V3) -> V3 {
    let l = an::len3(a);
    [a[0] / l, a[1] / l, a[2] / l]
}

pub(crate) fn smoothstep(e0: f64, e1: f64, x: f64) -> f64 {
    let t = ((x - e0) / (e1 - e0)).clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

/// A data render of `scene` (nodes with the scene at /s) seen from above by
/// an orthographic camera: the buffer's texels.
fn data_from_above(
    gpu: &ropkit::render::Gpu,
    lib: &Library,
    scene: &str,
    buffer: &str,
) -> Vec<[f32; 4]> {
    use ropkit::build::build;
    use ropkit::generate::Mode;
    let text = format!(
        "output: /render\nnodes:\n{scene}  /cam: {{ rop: orthoCamera, params: {{ Position: [0, 5, 0.001], Target: [0, 0, 0] }} }}\n  /render: {{ rop: raymarchRender3D, params: {{ Buffer: {buffer} }}, inputs: {{ scene: /s, camera: /cam }} }}\n"
    );
    let net = Network::parse(&text, &root().join("parity.yaml"), lib)
        .unwrap_or_else(|e| panic!("{e}\n{text}"));
    let built = build(lib, &net, &Mode::Data.into()).unwrap_or_else(|e| panic!("{}", e.report()));
    let mut r = ropkit::render::Renderer::new(gpu.clone());
    r.set_built(&built).unwrap();
    r.set_params(&built.shader.param_values(&net, lib));
    r.render_data(16, 16).unwrap()
}

/// A custom node returning (uv.x, uv.y, distance) of the 2D shape wired to
/// it, with the uv field switched on, under a vec2 -> vec4 probe.
fn uv_probe2(shape: &str) -> String {
    format!(
        "  /s:
    rop: custom
    custom:
      coordTypes: [vec2]
      returnTypes: [vec4]
      contextTypes: [Context]
      globalMacros: [[null, ROPKIT_SDF_UV]]
      inputs:
        - {{ name: shape, coordTypes: [vec2], returnTypes: [Sdf], contextTypes: [Context], required: true }}
      function: |
        ReturnT thismap(CoordT p, ContextT ctx) {{
          Sdf r = inputOp1(p, ctx);
          return vec4(r.uv, r.x, 0.0);
        }}
    inputs: [/shape]
  /shape: {shape}
  /out: {{ rop: probeColor2, inputs: [/s] }}\n"
    )
}

/// A custom node returning the orbit trap of the 3D shape wired to it, with
/// the field switched on, under a vec3 -> vec4 probe.
fn trap_probe(shape: &str) -> String {
    format!(
        "  /s:
    rop: custom
    custom:
      coordTypes: [vec3]
      returnTypes: [vec4]
      contextTypes: [Context]
      globalMacros: [[null, ROPKIT_SDF_ORBIT_TRAP]]
      inputs:
        - {{ name: shape, coordTypes: [vec3], returnTypes: [Sdf], contextTypes: [Context], required: true }}
      function: |
        ReturnT thismap(CoordT p, ContextT ctx) {{
          return inputOp1(p, ctx).orbitTrap;
        }}
    inputs: [/shape]
  /shape: {shape}
  /out: {{ rop: probeColor3, inputs: [/s] }}\n"
    )
}

/// Signed distance to a vesica (lens) with tips at (0, +-a) and half width
/// w at the middle, from its two arcs (x across, y along).
fn vesica_d(p: V2, a: f64, w: f64) -> f64 {
    if w >= a {
        // At most the length: a disc.
        return an::len2(p) - a;
    }
    let r = 0.5 * (w + a * a / w);
    let dd = r - w;
    let half = a.atan2(dd);
    let d = an::arc2(p, [-dd, 0.0], r, -half, half).min(an::arc2(
        p,
        [dd, 0.0],
        r,
        PI - half,
        PI + half,
    ));
    let inside = an::len2([p[0] + dd, p[1]]) <= r && an::len2([p[0] - dd, p[1]]) <= r;
    if inside { -d } else { d }
}

// ---------------------------------------------------------------------------
// Fields and functions

#[test]
fn fields_and_functions_have_their_raytk_modes() {
    let Some(gpu) = gpu("fields_and_functions_have_their_raytk_modes") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(4101, 160, -2.0, 2.0);

    // formula: curlNoise's Offset is added to the vector, Amplitude first.
    let plain = sample(
        &gpu,
        &lib,
        &probe(
            "probeColor3",
            "{ rop: curlNoise, params: { Scale: 0.7, Amplitude: 1.5 } }",
            "",
        ),
        &pts,
    );
    let moved = sample(
        &gpu,
        &lib,
        &probe(
            "probeColor3",
            "{ rop: curlNoise, params: { Scale: 0.7, Amplitude: 1.5, Offset: [0.3, -0.2, 0.55] } }",
            "",
        ),
        &pts,
    );
    for (k, (a, b)) in plain.iter().zip(&moved).enumerate() {
        for (i, off) in [0.3, -0.2, 0.55].iter().enumerate() {
            assert!(
                ((b[i] - a[i]) as f64 - off).abs() < 1e-4,
                "curlNoise Offset at #{k}: {a:?} -> {b:?}"
            );
        }
    }

    // formula: distanceToPoint over some axes only.
    let c = [0.3, -0.4, 0.7];
    for (axes, keep) in [
        ("xy", [1.0, 1.0, 0.0]),
        ("zx", [1.0, 0.0, 1.0]),
        ("y", [0.0, 1.0, 0.0]),
        ("xyz", [1.0, 1.0, 1.0]),
    ] {
        let node = format!(
            "{{ rop: distanceToPoint, params: {{ Point: [0.3, -0.4, 0.7], Axes: {axes} }} }}"
        );
        let out = sample(&gpu, &lib, &probe("probeFloat3", &node, ""), &pts);
        expect_exact(&format!("distanceToPoint Axes {axes}"), &pts, &out, |p| {
            let q = v3(p);
            (0..3)
                .map(|i| keep[i] * (q[i] - c[i]).powi(2))
                .sum::<f64>()
                .sqrt()
        });
    }

    // formula: nearestGridPoint snapping only x and z (Axes zx).
    let snap = |x: f64, s: f64, o: f64| o + s * ((x - o) / s + 0.5).floor();
    let node = "{ rop: nearestGridPoint, params: { Spacing: [0.5, 0.7, 0.9], Offset: [0.1, 0.2, -0.3], Axes: zx } }";
    let out = sample(&gpu, &lib, &probe("probeColor3", node, ""), &pts);
    expect_vec("nearestGridPoint Axes zx", &pts, &out, 4, 1e-4, |p| {
        let q = v3(p);
        [snap(q[0], 0.5, 0.1), q[1], snap(q[2], 0.9, -0.3), 1.0]
    });
    let out = sample(&gpu, &lib, &probe("probeFloat3", node, ""), &pts);
    expect_exact("nearestGridPoint Axes zx distance", &pts, &out, |p| {
        let q = v3(p);
        (q[0] - snap(q[0], 0.5, 0.1)).hypot(q[2] - snap(q[2], 0.9, -0.3))
    });

    // identities between the cell styles of cellTileNoise (the same points):
    // bright = clamp(1 - 1.1 cellular), beveled = second - first >= 0,
    // raw (the first point alone) >= cellular, and with one point raw is
    // cellular. Each repeats with its Period.
    let style = |s: &str, points: u32, at: &[[f32; 3]]| {
        let node = format!(
            "{{ rop: cellTileNoise, params: {{ Points: {points}, Period: 1.3, Seed: 3, Style: {s} }} }}"
        );
        sample(&gpu, &lib, &probe("probeFloat3", &node, ""), at)
    };
    let bright = style("bright", 6, &pts);
    let cellular = style("cellular", 6, &pts);
    let beveled = style("beveled", 6, &pts);
    let raw = style("raw", 6, &pts);
    for (k, (((b, c), v), r)) in bright
        .iter()
        .zip(&cellular)
        .zip(&beveled)
        .zip(&raw)
        .enumerate()
    {
        let want = (1.0 - 1.1 * c[0] as f64).clamp(0.0, 1.0);
        assert!(
            (b[0] as f64 - want).abs() < 1e-4,
            "bright vs cellular at #{k}"
        );
        assert!(v[0] >= -1e-6, "beveled below 0 at #{k}: {}", v[0]);
        assert!(r[0] >= c[0] - 1e-5, "raw below cellular at #{k}");
    }
    assert!(
        beveled.iter().any(|v| v[0] > 0.05) && cellular.iter().any(|v| v[0] > 0.05),
        "the styles are not flat"
    );
    expect_same(
        "cellTileNoise one point: raw is cellular",
        &style("raw", 1, &pts),
        &style("cellular", 1, &pts),
        1,
        1e-5,
    );
    let shifted: Vec<[f32; 3]> = pts
        .iter()
        .map(|p| [p[0] + 1.3, p[1] - 2.6, p[2] + 3.9])
        .collect();
    expect_same(
        "cellTileNoise beveled repeats",
        &beveled,
        &style("beveled", 6, &shifted),
        1,
        2e-3,
    );

    // formula: powerCurveFunction with Normalize scale off: Scale x^A (1-x)^B.
    let xs: Vec<[f32; 3]> = (0..101)
        .map(|i| [-0.2 + 1.4 * i as f32 / 100.0, 0.0, 0.0])
        .collect();
    let node =
        "{ rop: powerCurveFunction, params: { A: 2.5, B: 1.5, Normalize: false, Scale: 3.0 } }";
    let out = sample(&gpu, &lib, &probe("probeFunction", node, ""), &xs);
    expect_exact("powerCurveFunction Scale", &xs, &out, |p| {
        let x = p[0] as f64;
        if x <= 0.0 || x >= 1.0 {
            0.0
        } else {
            3.0 * x.powf(2.5) * (1.0 - x).powf(1.5)
        }
    });
    // formula: sincCurveFunction with its peak at 1 / Frequency.
    let node = "{ rop: sincCurveFunction, params: { Frequency: 3.0, Peak: shifted } }";
    let out = sample(&gpu, &lib, &probe("probeFunction", node, ""), &xs);
    expect_within("sincCurveFunction Peak shifted", &xs, &out, 2e-3, |p| {
        let a = PI * (3.0 * p[0] as f64 - 1.0);
        if a.abs() < 1e-6 { 1.0 } else { a.sin() / a }
    });
}

// ---------------------------------------------------------------------------
// Filters and converters

#[test]
fn filters_have_their_raytk_modes() {
    let Some(gpu) = gpu("filters_have_their_raytk_modes") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(4102, 160, -1.8, 1.8);
    let pos = "  /pos: { rop: position }\n";

    // formula: twist with Shift: the turn is Rate (p.y + Shift) degrees.
    let node = "{ rop: twist, params: { Rate: 40, Shift: 0.7, StepScale: 0.8 }, inputs: [/b] }";
    let out = sample(&gpu, &lib, &sdf3(node, BOX), &pts);
    expect_exact("twist Shift", &pts, &out, |p| {
        let q = v3(p);
        let a = (40.0 * (q[1] + 0.7)).to_radians();
        let (s, c) = a.sin_cos();
        // zx turned by a: z' = c z - s x, x' = s z + c x.
        let z = c * q[2] - s * q[0];
        let x = s * q[2] + c * q[0];
        box_d([x, q[1], z]) * 0.8
    });

    // formula: twirl reads its axis position through the variable: Amount
    // driven by 100 times it.
    let extra = format!(
        "{pos}  /ap: {{ rop: variableReference, params: {{ Name: axispos, Type: float }} }}\n  /amt: {{ rop: math, params: {{ Operation: multiply, Value: 100 }}, inputs: [/ap] }}\n"
    );
    let node = "{ rop: twirl, params: { Size: 2.5, StepScale: 1.0 }, inputs: { input: /pos, Amount: /amt } }";
    let out = sample(&gpu, &lib, &probe("probeColor3", node, &extra), &pts);
    expect_vec("twirl axispos", &pts, &out, 3, 1e-3, |p| {
        let q = v3(p);
        // The plane across y is (x, z); the turn -Amount f^2 with f = 1 - r / Size.
        let (x, z) = (q[0], q[2]);
        let f = (1.0 - x.hypot(z) / 2.5).max(0.0);
        let a = -(100.0 * q[1]).to_radians() * f * f;
        let (s, c) = a.sin_cos();
        [c * x - s * z, q[1], s * x + c * z, 1.0]
    });

    // formula: geometricSeriesTile provides the tile's width: a vec4 field
    // reading it returns it (vec4 results are not rescaled).
    let extra = "  /w: { rop: variableReference, params: { Name: scale, Type: float } }\n";
    let node =
        "{ rop: geometricSeriesTile, params: { Count: 3, Size: 0.4, Zoom: 0.3 }, inputs: [/w] }";
    let out = sample(&gpu, &lib, &probe("probeColor3", node, extra), &pts);
    expect_exact("geometricSeriesTile scale", &pts, &out, |p| {
        let q = v3(p);
        let m = q[2].abs().max(q[0].abs()).max(1e-9);
        let ratio: f64 = 1.0 + 2.0 / 3.0;
        let k = ((m / 0.4).ln() / ratio.ln() - 0.3).floor();
        2.0 * 0.4 * ratio.powf(k + 0.3) / 3.0
    });

    // formula: swizzleAxes with Order custom may repeat an axis.
    let node = "{ rop: swizzleAxes, params: { Order: custom, SourceX: z, SourceY: z, SourceZ: x, FlipY: true }, inputs: [/pos] }";
    let out = sample(&gpu, &lib, &probe("probeColor3", node, pos), &pts);
    expect_vec("swizzleAxes custom", &pts, &out, 4, 1e-5, |p| {
        let q = v3(p);
        [q[2], -q[2], q[0], 1.0]
    });

    // formula: lookAtRotate in 2D turns the input's y (Forward z or y) or x
    // (Forward x) towards Target.
    let pts2 = points2(4103, 120, -1.5, 1.5);
    let (o, t) = ([0.4, -0.3], [-0.5, 1.1]);
    let fw = {
        let d = [t[0] - o[0], t[1] - o[1]];
        let l = an::len2(d);
        [d[0] / l, d[1] / l]
    };
    for forward in ["y", "x"] {
        let node = format!(
            "{{ rop: lookAtRotate, params: {{ Position: [0.4, -0.3, 0], Target: [-0.5, 1.1, 0], Forward: {forward} }}, inputs: [/pos] }}"
        );
        let out = sample(&gpu, &lib, &probe("probeColor2", &node, pos), &pts2);
        expect_vec(
            &format!("lookAtRotate 2D forward {forward}"),
            &pts2,
            &out,
            2,
            1e-4,
            |p| {
                let d = [p[0] as f64 - o[0], p[1] as f64 - o[1]];
                let along = d[0] * fw[0] + d[1] * fw[1];
                // The side to the right of the aim.
                let side = d[0] * fw[1] - d[1] * fw[0];
                if forward == "y" {
                    [side, along, 0.0, 0.0]
                } else {
                    [along, -side, 0.0, 0.0]
                }
            },
        );
    }
    // formula: on a float coordinate: moved to Position.x, flipped when
    // Target lies on the negative side.
    let xs: Vec<[f32; 3]> = (0..41).map(|i| [-2.0 + 0.1 * i as f32, 0.0, 0.0]).collect();
    let node = "{ rop: lookAtRotate, params: { Position: [0.5, 0, 0], Target: [-1, 0, 0] }, inputs: [/f] }";
    let extra = "  /f: { rop: remapFunction, params: { FromRange: [0, 1], ToRange: [0, 1], Clamp: false } }\n";
    let out = sample(&gpu, &lib, &probe("probeFunction", node, extra), &xs);
    expect_exact("lookAtRotate float", &xs, &out, |p| 0.5 - p[0] as f64);

    // formula: quantizeValue on an SDF steps its distance.
    let node = "{ rop: quantizeValue, params: { Step: 0.25, Offset: 0.1, Rounding: floor }, inputs: [/ball] }";
    let extra = "  /ball: { rop: sphere, params: { Radius: 0.8 } }\n";
    let out = sample(&gpu, &lib, &sdf3(node, extra), &pts);
    expect_within("quantizeValue Sdf", &pts, &out, 1e-4, |p| {
        let d = an::len3(v3(p)) - 0.8;
        let u = (d - 0.1) / 0.25;
        // Keep away from the steps, where f32 may round either way.
        if (u - u.round()).abs() < 1e-3 {
            return out_at(&pts, &out, p);
        }
        0.1 + u.floor() * 0.25
    });

    // formula: coordTo2D with Plane custom: 2D x from z, 2D y zero.
    let node =
        "{ rop: coordTo2D, params: { Plane: custom, PartX: z, PartY: zero }, inputs: [/pos] }";
    let out = sample(&gpu, &lib, &probe("probeColor3", node, pos), &pts);
    expect_vec("coordTo2D custom", &pts, &out, 4, 1e-6, |p| {
        [p[2] as f64, 0.0, 0.0, 1.0]
    });

    // formula: crossSection on a float coordinate runs along the chosen 3D
    // axis from the plane's centre, or along the plane's 2D x.
    let extra = "  /py: { rop: position, params: { Component: y } }\n";
    let node =
        "{ rop: crossSection, params: { Normal: [0, 0, 1], Offset: 0.5, Line: y }, inputs: [/py] }";
    let out = sample(&gpu, &lib, &probe("probeFunction", node, extra), &xs);
    expect_exact("crossSection 1D along y", &xs, &out, |p| p[0] as f64);
    let extra = "  /pz: { rop: position, params: { Component: z } }\n";
    let node =
        "{ rop: crossSection, params: { Normal: [0, 0, 1], Offset: 0.5, Line: y }, inputs: [/pz] }";
    let out = sample(&gpu, &lib, &probe("probeFunction", node, extra), &xs);
    expect_exact("crossSection 1D off the plane", &xs, &out, |_| 0.5);

    // formula: radialSlice's smooth radius: a quadratic smooth maximum of the
    // ball and the quarter wedge x >= 0, z >= 0.
    let extra = "  /ball: { rop: sphere, params: { Radius: 1.0 } }\n";
    let node =
        "{ rop: radialSlice, params: { Start: 0, Angle: 90, Smoothing: 0.3 }, inputs: [/ball] }";
    let out = sample(&gpu, &lib, &sdf3(node, extra), &pts);
    expect_within("radialSlice smoothing", &pts, &out, 2e-4, |p| {
        let q = v3(p);
        let (x, z) = (q[0], q[2]);
        let wedge = if x >= 0.0 && z >= 0.0 {
            -x.min(z)
        } else {
            x.min(0.0).hypot(z.min(0.0))
        };
        let a = an::len3(q) - 1.0;
        let h = (0.3 - (a - wedge).abs()).max(0.0) / 0.3;
        a.max(wedge) + 0.25 * 0.3 * h * h
    });

    // formula: layoutGrid's Prescale scales each input about its cell's
    // centre: the single cell (Columns 1) sits at the origin.
    let extra =
        "  /b1: { rop: box, params: { Size: [0.6, 0.9, 0.4], Translate: [0.1, 0.05, -0.1] } }\n";
    let node = "{ rop: layoutGrid, params: { Columns: 1, Spacing: [6, 6], Prescale: 0.6 }, inputs: [/b1] }";
    let inner = points3(4104, 80, -1.0, 1.0);
    let out = sample(&gpu, &lib, &sdf3(node, extra), &inner);
    expect_exact("layoutGrid Prescale", &inner, &out, |p| {
        let q = v3(p);
        an::cube(
            [q[0] / 0.6, q[1] / 0.6, q[2] / 0.6],
            [0.1, 0.05, -0.1],
            [0.3, 0.45, 0.2],
        ) * 0.6
    });
}

/// The sampled value at `p` (for points a check skips).
fn out_at(pts: &[[f32; 3]], out: &[[f32; 4]], p: &[f32; 3]) -> f64 {
    let k = pts.iter().position(|q| q == p).unwrap();
    out[k][0] as f64
}

#[test]
fn time_and_switch_have_their_raytk_parameters() {
    let Some(gpu) = gpu("time_and_switch_have_their_raytk_parameters") else {
        return;
    };
    let lib = catalog_library();
    let origin = [[0.0f32, 0.0, 0.0]];
    // formula: with Interval frames, Offset counts frames of Frame rate.
    let extra = "  /t: { rop: timeField }\n";
    let node = "{ rop: timeShift, params: { Offset: 12, Speed: 1, Interval: frames, FrameRate: 24 }, inputs: [/t] }";
    let out = sample_at(&gpu, &lib, &probe("probeFloat3", node, extra), &origin, 2.0);
    assert!(
        (out[0][0] - 2.5).abs() < 1e-5,
        "12 frames at 24 fps after 2 s: {}",
        out[0][0]
    );

    // formula: the switch's value fallback, for an Index with no input.
    let extra = "  /one: { rop: constant, params: { Color: [0.1, 0.2, 0.3, 0.4] } }\n";
    let node = "{ rop: switch, params: { Index: 3, Fallback: value, DefaultValue: [1.5, -2, 3, 0.25] }, inputs: [/one] }";
    let out = sample(&gpu, &lib, &probe("probeColor3", node, extra), &origin);
    assert_eq!(out[0], [1.5, -2.0, 3.0, 0.25]);
    let node = "{ rop: switch, params: { Index: 3, Fallback: first, DefaultValue: [1.5, -2, 3, 0.25] }, inputs: [/one] }";
    let out = sample(&gpu, &lib, &probe("probeColor3", node, extra), &origin);
    assert_eq!(out[0], [0.1, 0.2, 0.3, 0.4]);
    // An Sdf takes the value as its distance.
    let extra = "  /ball: { rop: sphere, params: { Radius: 0.5 } }\n";
    let node = "{ rop: switch, params: { Index: 1, Fallback: value, DefaultValue: [0.75, 0, 0, 0] }, inputs: [/ball] }";
    let out = sample(&gpu, &lib, &sdf3(node, extra), &origin);
    assert_eq!(out[0][0], 0.75);
}

// ---------------------------------------------------------------------------
// Normals

#[test]
fn normal_filters_have_their_raytk_modes() {
    let Some(gpu) = gpu("normal_filters_have_their_raytk_modes") else {
        return;
    };
    let lib = catalog_library();
    // formula: the normal of a tilted plane scaled per axis, normalised.
    let n0 = norm3([1.0, 2.0, 0.0]);
    let plane = "  /p: { rop: plane, params: { Normal: [1, 2, 0] } }\n";
    let scene = format!(
        "{plane}  /f: {{ rop: constant, params: {{ Color: [2, 1, 1, 1] }} }}\n  /s: {{ rop: modifyNormals, params: {{ Mode: multiply, Amount: 1 }}, inputs: {{ shape: /p, direction: /f }} }}\n"
    );
    let want = norm3([n0[0] * 2.0, n0[1], 0.0]);
    for n in &data_from_above(&gpu, &lib, &scene, "normal") {
        for (got, w) in n.iter().zip(want) {
            // A tilted plane: the renderer's finite differences of its
            // distance in f32 leave about 0.5% in the measured normal.
            assert!(
                (*got as f64 - w).abs() < 1e-2,
                "modifyNormals multiply: {n:?}, want {want:?}"
            );
        }
    }
    // formula: rotateNormals turns in the chosen order.
    let flat = "  /p: { rop: plane }\n";
    for order in ["xyz", "zyx", "yzx"] {
        let scene = format!(
            "{flat}  /s: {{ rop: rotateNormals, params: {{ Rotate: [40, 25, 30], RotateOrder: {order} }}, inputs: [/p] }}\n"
        );
        let want = euler([0.0, 1.0, 0.0], [40.0, 25.0, 30.0], order);
        for n in &data_from_above(&gpu, &lib, &scene, "normal") {
            for (got, w) in n.iter().zip(want) {
                assert!(
                    (*got as f64 - w).abs() < 3e-3,
                    "rotateNormals {order}: {n:?}, want {want:?}"
                );
            }
        }
    }
}

// ---------------------------------------------------------------------------
// 3D shapes

#[test]
fn shapes_3d_have_their_raytk_options() {
    let Some(gpu) = gpu("shapes_3d_have_their_raytk_options") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(4105, 160, -1.6, 1.6);
    let swap =
        |p: &[[f32; 3]], f: fn([f32; 3]) -> [f32; 3]| p.iter().map(|q| f(*q)).collect::<Vec<_>>();

    // symmetry: the pyramid along x is the one along y with x and y swapped.
    let s = |axis: &str, at: &[[f32; 3]]| {
        let node = format!(
            "{{ rop: pyramid, params: {{ Base: 0.9, Height: 1.2, Translate: [0.1, -0.2, 0.05], Axis: {axis} }} }}"
        );
        sample(&gpu, &lib, &sdf3(&node, ""), at)
    };
    let t = [0.1f32, -0.2, 0.05];
    let local = |f: fn([f32; 3]) -> [f32; 3]| -> Vec<[f32; 3]> {
        pts.iter()
            .map(|p| {
                let q = f([p[0] - t[0], p[1] - t[1], p[2] - t[2]]);
                [q[0] + t[0], q[1] + t[1], q[2] + t[2]]
            })
            .collect()
    };
    expect_same(
        "pyramid Axis x",
        &s("x", &pts),
        &s("y", &local(|q| [q[1], q[0], q[2]])),
        1,
        1e-4,
    );
    expect_same(
        "pyramid Axis z",
        &s("z", &pts),
        &s("y", &local(|q| [q[0], q[2], q[1]])),
        1,
        1e-4,
    );
    // And the apex is where Axis says.
    let apex = sample(
        &gpu,
        &lib,
        &sdf3(
            "{ rop: pyramid, params: { Base: 0.9, Height: 1.2, Axis: z } }",
            "",
        ),
        &[[0.0, 0.0, 1.2]],
    );
    assert!(apex[0][0].abs() < 1e-4, "the apex on +z: {}", apex[0][0]);

    // symmetry: sphereGrid with its poles on x or z.
    let g = |axis: &str, at: &[[f32; 3]]| {
        let node = format!(
            "{{ rop: sphereGrid, params: {{ Radius: 0.9, Rings: 4, Meridians: 6, Thickness: 0.03, Axis: {axis} }} }}"
        );
        sample(&gpu, &lib, &sdf3(&node, ""), at)
    };
    expect_same(
        "sphereGrid Axis x",
        &g("x", &pts),
        &g("y", &swap(&pts, |q| [q[1], q[0], q[2]])),
        1,
        1e-4,
    );
    expect_same(
        "sphereGrid Axis z",
        &g("z", &pts),
        &g("y", &swap(&pts, |q| [q[0], q[2], q[1]])),
        1,
        1e-4,
    );

    // symmetry: cutSphere turned by Rotate is the plain one at the point
    // turned back.
    let rot = [35.0, -20.0, 50.0];
    let node = "{ rop: cutSphere, params: { Radius: 1.0, Cut: 0.3, Translate: [0.2, 0.1, 0], Rotate: [35, -20, 50] } }";
    let turned = sample(&gpu, &lib, &sdf3(node, ""), &pts);
    let back: Vec<[f32; 3]> = pts
        .iter()
        .map(|p| {
            let q = euler_inv([p[0] as f64 - 0.2, p[1] as f64 - 0.1, p[2] as f64], rot);
            [q[0] as f32 + 0.2, q[1] as f32 + 0.1, q[2] as f32]
        })
        .collect();
    let plain = sample(
        &gpu,
        &lib,
        &sdf3(
            "{ rop: cutSphere, params: { Radius: 1.0, Cut: 0.3, Translate: [0.2, 0.1, 0] } }",
            "",
        ),
        &back,
    );
    expect_same("cutSphere Rotate", &turned, &plain, 1, 2e-4);

    // exact: quad's plane presets are flat rectangles of Size, thickened.
    for (plane, map) in [("xy", [0usize, 1, 2]), ("yz", [1, 2, 0]), ("zx", [2, 0, 1])] {
        let node = format!(
            "{{ rop: quad, params: {{ Plane: {plane}, Size: [1.2, 0.7], Thickness: 0.05 }} }}"
        );
        let out = sample(&gpu, &lib, &sdf3(&node, ""), &pts);
        expect_exact(&format!("quad Plane {plane}"), &pts, &out, |p| {
            let q = v3(p);
            let (u, v, w) = (q[map[0]], q[map[1]], q[map[2]]);
            let ou = (u.abs() - 0.6).max(0.0);
            let ov = (v.abs() - 0.35).max(0.0);
            (ou * ou + ov * ov + w * w).sqrt() - 0.05
        });
    }

    // bound: the endless saddle: the sign of |g| - Thickness, 1-Lipschitz,
    // and with no curvature the slab |y| - Thickness exactly.
    let node = "{ rop: hyperbolicParaboloid, params: { Curvature: 0.9, Thickness: 0.05, Infinite: true } }";
    let wide = points3(4106, 200, -4.0, 4.0);
    let out = sample(&gpu, &lib, &sdf3(node, ""), &wide);
    for (p, v) in wide.iter().zip(&out) {
        let q = v3(p);
        let g = (q[1] - 0.9 * (q[0] * q[0] - q[2] * q[2])).abs() - 0.05;
        if g.abs() > 1e-3 {
            assert_eq!(
                g > 0.0,
                v[0] > 0.0,
                "hyperbolicParaboloid Infinite sign at {p:?}: {}",
                v[0]
            );
        }
        // brute force: no point of the two sheets y = k (x^2 - z^2) +- T
        // lies nearer than the value (a grid over the square of the
        // value's size around p finds any that would).
        let r = (v[0] as f64).abs();
        let mut nearest = f64::MAX;
        for i in 0..=60 {
            for j in 0..=60 {
                let x = q[0] - r + 2.0 * r * i as f64 / 60.0;
                let z = q[2] - r + 2.0 * r * j as f64 / 60.0;
                let y = 0.9 * (x * x - z * z);
                for sheet in [y - 0.05, y + 0.05] {
                    nearest = nearest.min(an::len3(an::sub3(q, [x, sheet, z])));
                }
            }
        }
        assert!(
            nearest >= r * (1.0 - 1e-4) - 1e-5,
            "hyperbolicParaboloid Infinite at {p:?}: {r} but a surface point {nearest} away"
        );
    }
    // Beyond the box the trimmed sheet ends; the endless one goes on.
    let far = [[3.0f32, 4.5, 2.0], [-3.5, 0.9 * (12.25 - 0.25), 0.5]];
    let out = sample(&gpu, &lib, &sdf3(node, ""), &far);
    assert!(
        out.iter().all(|v| v[0] < 0.0),
        "inside the endless sheet far out: {out:?}"
    );
    let node =
        "{ rop: hyperbolicParaboloid, params: { Curvature: 0, Thickness: 0.05, Infinite: true } }";
    let out = sample(&gpu, &lib, &sdf3(node, ""), &wide);
    expect_exact("hyperbolicParaboloid flat", &wide, &out, |p| {
        (p[1] as f64).abs() - 0.05
    });

    // exact: capsule's radius driven along the segment through normoffset.
    let taper = "  /t: { rop: variableReference, params: { Name: normoffset, Type: float } }\n  /r: { rop: math, params: { Operation: remap, FromRange: [0, 1], ToRange: [0.1, 0.4] }, inputs: [/t] }\n";
    let node = "{ rop: capsule, params: { A: [-0.6, -0.3, 0.1], B: [0.5, 0.4, -0.2] }, inputs: { Radius: /r } }";
    let out = sample(&gpu, &lib, &sdf3(node, taper), &pts);
    expect_within("capsule normoffset", &pts, &out, 2e-4, |p| {
        let (a, b) = ([-0.6, -0.3, 0.1], [0.5, 0.4, -0.2]);
        let q = v3(p);
        let ba = an::sub3(b, a);
        let h = (an::dot3(an::sub3(q, a), ba) / an::dot3(ba, ba)).clamp(0.0, 1.0);
        let c = [a[0] + ba[0] * h, a[1] + ba[1] * h, a[2] + ba[2] * h];
        an::len3(an::sub3(q, c)) - (0.1 + 0.3 * h)
    });
    // exact: vesicaSegment's width driven the same way (a lens of that width
    // at each point, turned about the axis A to B, here the y axis).
    let node = "{ rop: vesicaSegment, params: { A: [0, -0.8, 0], B: [0, 0.8, 0] }, inputs: { Width: /r } }";
    let out = sample(&gpu, &lib, &sdf3(node, taper), &pts);
    expect_within("vesicaSegment normoffset", &pts, &out, 5e-4, |p| {
        let q = v3(p);
        let t = (q[1] / 1.6 + 0.5).clamp(0.0, 1.0);
        vesica_d([q[0].hypot(q[2]), q[1]], 0.8, 0.5 * (0.1 + 0.3 * t))
    });

    // brute force: apollonian's orbit trap, the smallest |z| per axis and
    // |z|^2 over the folded points of every level.
    let node = "{ rop: apollonian, params: { Iterations: 3, Inversion: 1.2, Scale: 1.3, Translate: [0.1, 0, 0] } }";
    let out = sample(&gpu, &lib, &trap_probe(node), &pts);
    expect_vec("apollonian orbit trap", &pts, &out, 4, 2e-3, |p| {
        let mut z = [
            (p[0] as f64 - 0.1) / 1.3,
            p[1] as f64 / 1.3,
            p[2] as f64 / 1.3,
        ];
        let mut trap = [1e20f64; 4];
        for _ in 0..3 {
            for c in z.iter_mut() {
                *c = -1.0 + 2.0 * (0.5 * *c + 0.5).rem_euclid(1.0);
            }
            let r2 = an::dot3(z, z);
            for (t, c) in trap.iter_mut().zip(z) {
                *t = t.min(c.abs());
            }
            trap[3] = trap[3].min(r2);
            let k = 1.2 / r2.max(1e-8);
            z = [z[0] * k, z[1] * k, z[2] * k];
        }
        trap
    });
    // property: the Sierpinski tetrahedron's address: at the centre of each
    // of the 16 copies of level 2 (corner k1, then corner k2 of that copy),
    // the first base-4 digit is k1, and the four copies of one corner get
    // the four second digits.
    let corners: [V3; 4] = [
        [1.0, 1.0, 1.0],
        [1.0, -1.0, -1.0],
        [-1.0, 1.0, -1.0],
        [-1.0, -1.0, 1.0],
    ];
    let mut at = Vec::new();
    for a in corners {
        for b in corners {
            // Off the mirror planes through two corners (x + y = 0 and the
            // like), where the fold could take either side.
            at.push([
                0.5 * a[0] + 0.25 * b[0] + 0.011,
                0.5 * a[1] + 0.25 * b[1] + 0.007,
                0.5 * a[2] + 0.25 * b[2] + 0.003,
            ]);
        }
    }
    let node = "{ rop: sierpinskiTetrahedron, params: { Iterations: 2, Radius: 1.7320508 } }";
    let out = sample(&gpu, &lib, &trap_probe(node), &pts_of(&at));
    for k1 in 0..4 {
        let mut second = Vec::new();
        for k2 in 0..4 {
            let a = out[4 * k1 + k2][0] as f64 * 16.0;
            assert!(
                (a - a.round()).abs() < 1e-3,
                "sierpinski address {a} / 16 is not two base-4 digits"
            );
            let a = a.round() as usize;
            assert_eq!(a / 4, k1, "sierpinski first digit at copy ({k1}, {k2})");
            second.push(a % 4);
        }
        second.sort();
        assert_eq!(
            second,
            [0, 1, 2, 3],
            "sierpinski second digits of corner {k1}"
        );
    }
}

// ---------------------------------------------------------------------------
// 2D shapes

#[test]
fn shapes_2d_have_their_raytk_options() {
    let Some(gpu) = gpu("shapes_2d_have_their_raytk_options") else {
        return;
    };
    let lib = catalog_library();
    let pts = points2(4108, 200, -1.3, 1.3);

    // formula: the UVs 2D shapes write.
    let polar = |rel: V2, r: f64| {
        [
            (rel[1].atan2(rel[0]) / TAU).rem_euclid(1.0),
            an::len2(rel) / r,
        ]
    };
    let node = "{ rop: circle, params: { Radius: 0.6, Translate: [0.2, -0.1], UvMode: polar } }";
    let out = sample(&gpu, &lib, &uv_probe2(node), &pts);
    for (p, o) in pts.iter().zip(&out) {
        let w = polar([p[0] as f64 - 0.2, p[1] as f64 + 0.1], 0.6);
        let du = (o[0] as f64 - w[0]).rem_euclid(1.0);
        assert!(
            du.min(1.0 - du) < 1e-4 && (o[1] as f64 - w[1]).abs() < 1e-4,
            "circle polar at {p:?}: {o:?}, want {w:?}"
        );
    }
    let cases: [UvCase; 5] = [
        (
            "{ rop: circle, params: { Radius: 0.6, Translate: [0.2, -0.1], UvMode: cartesian } }",
            Box::new(|p| [(p[0] - 0.2) / 1.2 + 0.5, (p[1] + 0.1) / 1.2 + 0.5]),
        ),
        (
            "{ rop: ellipse, params: { Radii: [0.7, 0.3], Translate: [-0.1, 0.2], UvMode: bounds } }",
            Box::new(|p| [(p[0] + 0.1) / 1.4 + 0.5, (p[1] - 0.2) / 0.6 + 0.5]),
        ),
        (
            "{ rop: rectangle, params: { Size: [1.2, 0.5], Translate: [0.1, 0.1], UvMode: normalized } }",
            Box::new(|p| [(p[0] - 0.1) / 1.2 + 0.5, (p[1] - 0.1) / 0.5 + 0.5]),
        ),
        (
            "{ rop: rectangle, params: { Size: [1.2, 0.5], Translate: [0.1, 0.1], UvMode: fitOutside } }",
            Box::new(|p| [(p[0] - 0.1) / 1.2 + 0.5, (p[1] - 0.1) / 1.2 + 0.5]),
        ),
        (
            "{ rop: star, params: { Radius: 0.7, Translate: [0.05, 0], UvMode: cartesian } }",
            Box::new(|p| [(p[0] - 0.05) / 1.4 + 0.5, p[1] / 1.4 + 0.5]),
        ),
    ];
    for (node, want) in cases {
        let out = sample(&gpu, &lib, &uv_probe2(node), &pts);
        expect_vec(node, &pts, &out, 2, 1e-4, |p| {
            let w = want(v2(p));
            [w[0], w[1], 0.0, 0.0]
        });
    }
    let out = sample(
        &gpu,
        &lib,
        &uv_probe2("{ rop: star, params: { Radius: 0.7, UvMode: polar } }"),
        &pts,
    );
    for (p, o) in pts.iter().zip(&out) {
        let w = polar(v2(p), 0.7);
        let du = (o[0] as f64 - w[0]).rem_euclid(1.0);
        assert!(
            du.min(1.0 - du) < 1e-4 && (o[1] as f64 - w[1]).abs() < 1e-4,
            "star polar at {p:?}: {o:?}, want {w:?}"
        );
    }

    // exact: chamferRectangle with separate reaches: an octagon.
    let node = "{ rop: chamferRectangle, params: { Size: [1.4, 0.9], ChamferMode: xy, ChamferXY: [0.4, 0.15], Translate: [0.1, 0] } }";
    let out = sample(&gpu, &lib, &sdf2(node, ""), &pts);
    let (bx, by, cx, cy) = (0.7, 0.45, 0.4, 0.15);
    let oct: Vec<V2> = vec![
        [bx, -by + cy],
        [bx, by - cy],
        [bx - cx, by],
        [-bx + cx, by],
        [-bx, by - cy],
        [-bx, -by + cy],
        [-bx + cx, -by],
        [bx - cx, -by],
    ];
    expect_exact("chamferRectangle xy", &pts, &out, |p| {
        an::polygon([p[0] as f64 - 0.1, p[1] as f64], &oct)
    });

    // symmetry: cutDisk and moon turned by Rotate are the plain ones at the
    // point turned back about the centre.
    for (rop, params) in [
        ("cutDisk", "Radius: 0.6, Cut: 0.2"),
        ("moon", "Radius: 0.6, CutRadius: 0.45, Offset: 0.35"),
    ] {
        let turned = sample(
            &gpu,
            &lib,
            &sdf2(
                &format!(
                    "{{ rop: {rop}, params: {{ {params}, Translate: [0.1, 0.2], Rotate: 65 }} }}"
                ),
                "",
            ),
            &pts,
        );
        let back: Vec<[f32; 3]> = pts
            .iter()
            .map(|p| {
                let q = an::rot2([p[0] as f64 - 0.1, p[1] as f64 - 0.2], -65f64.to_radians());
                [q[0] as f32 + 0.1, q[1] as f32 + 0.2, 0.0]
            })
            .collect();
        let plain = sample(
            &gpu,
            &lib,
            &sdf2(
                &format!("{{ rop: {rop}, params: {{ {params}, Translate: [0.1, 0.2] }} }}"),
                "",
            ),
            &back,
        );
        expect_same(&format!("{rop} Rotate"), &turned, &plain, 1, 2e-4);
    }

    // exact: joint2d with square ends: an annular sector (bent to the
    // right: centre at (Length / Angle, 0)), and straight a rectangle.
    let node =
        "{ rop: joint2d, params: { Length: 1.2, Angle: 1.5, Thickness: 0.15, Ends: square } }";
    let out = sample(&gpu, &lib, &sdf2(node, ""), &pts);
    let rho = 1.2 / 1.5;
    expect_exact("joint2d square", &pts, &out, |p| {
        let q = v2(p);
        // The path: (rho, 0) + rho (-cos t, sin t), t in 0..1.5: angles
        // about the centre from pi - 1.5 to pi.
        let (a0, a1) = (PI - 1.5, PI);
        let (lo, hi) = (rho - 0.15, rho + 0.15);
        let ray = |a: f64, r: f64| [rho + r * a.cos(), r * a.sin()];
        let d = an::arc2(q, [rho, 0.0], lo, a0, a1)
            .min(an::arc2(q, [rho, 0.0], hi, a0, a1))
            .min(an::seg2(q, ray(a0, lo), ray(a0, hi)))
            .min(an::seg2(q, ray(a1, lo), ray(a1, hi)));
        let rel = [q[0] - rho, q[1]];
        let ang = rel[1].atan2(rel[0]).rem_euclid(TAU);
        let r = an::len2(rel);
        let inside = ang >= a0 && ang <= a1 && r >= lo && r <= hi;
        if inside { -d } else { d }
    });
    let node = "{ rop: joint2d, params: { Length: 1.2, Angle: 0, Thickness: 0.15, Ends: square, Translate: [0.1, -0.5] } }";
    let out = sample(&gpu, &lib, &sdf2(node, ""), &pts);
    expect_exact("joint2d square straight", &pts, &out, |p| {
        an::polygon(
            v2(p),
            &[[-0.05, -0.5], [0.25, -0.5], [0.25, 0.7], [-0.05, 0.7]],
        )
    });

    // symmetry + exact: trapezoid by end points is the upright one moved
    // and turned; upright along y it is a polygon.
    let node = "{ rop: trapezoid, params: { Mode: endPoints, Point1: [-0.4, -0.2], Point2: [0.5, 0.4], BottomWidth: 0.8, TopWidth: 0.3 } }";
    let out = sample(&gpu, &lib, &sdf2(node, ""), &pts);
    let (p1, p2) = ([-0.4, -0.2], [0.5, 0.4]);
    let ax = [p2[0] - p1[0], p2[1] - p1[1]];
    let len = an::len2(ax);
    let (ux, uy) = (ax[0] / len, ax[1] / len);
    // Across the axis, to its right.
    let (sx, sy) = (uy, -ux);
    let corner = |c: V2, s: f64| [c[0] + s * sx, c[1] + s * sy];
    let quad = vec![
        corner(p1, -0.4),
        corner(p1, 0.4),
        corner(p2, 0.15),
        corner(p2, -0.15),
    ];
    expect_exact("trapezoid endPoints", &pts, &out, |p| {
        an::polygon(v2(p), &quad)
    });

    // exact: stairs with a fractional Count rounds it, and a field on Count
    // changes the flight point by point.
    let steps = |n: usize, q: V2| {
        let (w, h) = (0.2, 0.15);
        let mut v: Vec<V2> = vec![[0.0, 0.0], [n as f64 * w, 0.0]];
        for i in (0..n).rev() {
            v.push([(i + 1) as f64 * w, (i + 1) as f64 * h]);
            v.push([i as f64 * w, (i + 1) as f64 * h]);
        }
        an::polygon([q[0] + 0.5, q[1] + 0.4], &v)
    };
    let out = sample(
        &gpu,
        &lib,
        &sdf2("{ rop: stairs, params: { Count: 3.6 } }", ""),
        &pts,
    );
    expect_exact("stairs Count 3.6", &pts, &out, |p| steps(4, v2(p)));
    let extra = "  /n: { rop: position, params: { Component: x, Offset: [-10, 0, 0] } }\n";
    let out = sample(
        &gpu,
        &lib,
        &sdf2("{ rop: stairs, inputs: { Count: /n } }", extra),
        &pts,
    );
    expect_exact("stairs Count field", &pts, &out, |p| {
        let n = ((p[0] as f64 + 10.0) + 0.5).floor() as usize;
        steps(n.clamp(1, 32), v2(p))
    });

    // property: the Koch snowflake's Iterations is a uniform, rounded, and a
    // field can drive it: driven by a constant 2 it equals Iterations 2.
    let plain = sample(
        &gpu,
        &lib,
        &sdf2("{ rop: kochSnowflake, params: { Iterations: 2 } }", ""),
        &pts,
    );
    let rounded = sample(
        &gpu,
        &lib,
        &sdf2("{ rop: kochSnowflake, params: { Iterations: 2.4 } }", ""),
        &pts,
    );
    expect_same("kochSnowflake rounds Iterations", &plain, &rounded, 1, 1e-6);
    let extra = "  /two: { rop: constant, params: { Value: 2 } }\n";
    let driven = sample(
        &gpu,
        &lib,
        &sdf2(
            "{ rop: kochSnowflake, params: { Iterations: 5 }, inputs: { Iterations: /two } }",
            extra,
        ),
        &pts,
    );
    expect_same("kochSnowflake driven Iterations", &plain, &driven, 1, 1e-6);
    let other = sample(
        &gpu,
        &lib,
        &sdf2("{ rop: kochSnowflake, params: { Iterations: 3 } }", ""),
        &pts,
    );
    assert!(
        plain
            .iter()
            .zip(&other)
            .any(|(a, b)| (a[0] - b[0]).abs() > 1e-3),
        "Iterations changes the shape"
    );

    // exact: the 2D strokes' widths driven along them through normoffset.
    let taper = "  /t: { rop: variableReference, params: { Name: normoffset, Type: float } }\n  /r: { rop: math, params: { Operation: remap, FromRange: [0, 1], ToRange: [0.02, 0.2] }, inputs: [/t] }\n";
    let node =
        "{ rop: segment, params: { A: [-0.7, -0.3], B: [0.6, 0.5] }, inputs: { Thickness: /r } }";
    let out = sample(&gpu, &lib, &sdf2(node, taper), &pts);
    expect_within("segment normoffset", &pts, &out, 2e-4, |p| {
        let (a, b) = ([-0.7, -0.3], [0.6, 0.5]);
        let q = v2(p);
        let ba = [b[0] - a[0], b[1] - a[1]];
        let h = (((q[0] - a[0]) * ba[0] + (q[1] - a[1]) * ba[1]) / (ba[0] * ba[0] + ba[1] * ba[1]))
            .clamp(0.0, 1.0);
        an::len2([q[0] - a[0] - ba[0] * h, q[1] - a[1] - ba[1] * h]) - (0.02 + 0.18 * h)
    });
    let node =
        "{ rop: vesicaSegment2d, params: { A: [0, -0.9], B: [0, 0.7] }, inputs: { Width: /r } }";
    let out = sample(&gpu, &lib, &sdf2(node, taper), &pts);
    expect_within("vesicaSegment2d normoffset", &pts, &out, 5e-4, |p| {
        let q = v2(p);
        // Centre (0, -0.1), half length 0.8.
        let along = q[1] + 0.1;
        let t = (along / 1.6 + 0.5).clamp(0.0, 1.0);
        vesica_d([q[0], along], 0.8, 0.5 * (0.02 + 0.18 * t))
    });
    // exact near the curve: points a little off a quadratic Bezier at known
    // t are nearest to that t, so the distance is the offset minus the width
    // at t.
    let (a, b, c) = ([-0.6, -0.3], [0.0, 0.7], [0.6, -0.3]);
    let bez = |t: f64| -> (V2, V2) {
        let p = [
            (1.0 - t).powi(2) * a[0] + 2.0 * t * (1.0 - t) * b[0] + t * t * c[0],
            (1.0 - t).powi(2) * a[1] + 2.0 * t * (1.0 - t) * b[1] + t * t * c[1],
        ];
        let d = [
            2.0 * (1.0 - t) * (b[0] - a[0]) + 2.0 * t * (c[0] - b[0]),
            2.0 * (1.0 - t) * (b[1] - a[1]) + 2.0 * t * (c[1] - b[1]),
        ];
        let l = an::len2(d);
        (p, [-d[1] / l, d[0] / l])
    };
    let ts: Vec<f64> = (0..=18).map(|i| 0.05 + 0.05 * i as f64).collect();
    let near: Vec<[f32; 3]> = ts
        .iter()
        .map(|&t| {
            let (p, n) = bez(t);
            [
                (p[0] + 0.03 * n[0]) as f32,
                (p[1] + 0.03 * n[1]) as f32,
                0.0,
            ]
        })
        .collect();
    let node = "{ rop: quadraticBezier, params: { A: [-0.6, -0.3], B: [0, 0.7], C: [0.6, -0.3] }, inputs: { Thickness: /r } }";
    let out = sample(&gpu, &lib, &sdf2(node, taper), &near);
    for (t, o) in ts.iter().zip(&out) {
        let want = 0.03 - (0.02 + 0.18 * t);
        assert!(
            (o[0] as f64 - want).abs() < 5e-4,
            "quadraticBezier normoffset at t = {t}: {}, want {want}",
            o[0]
        );
    }
}

// ---------------------------------------------------------------------------
// Lights and materials

#[test]
fn lights_and_materials_have_their_raytk_parameters() {
    let Some(gpu) = gpu("lights_and_materials_have_their_raytk_parameters") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(4109, 60, -3.0, 3.0);
    let fall = |d: f64, s: f64, e: f64| 1.0 - smoothstep(s, e, d);

    // formula: pointLight's attenuation, and reshaped by a curve (here a
    // remap to 0.2..0.8 of the fall-off).
    let node = "{ rop: pointLight, params: { Position: [0.5, 1, -0.5], Color: [1, 0.5, 0.25], Intensity: 2, Attenuated: true, AttenuationStart: 1, AttenuationEnd: 4 } }";
    let out = sample(&gpu, &lib, &probe("probeLight", node, ""), &pts);
    expect_vec("pointLight attenuation", &pts, &out, 3, 1e-4, |p| {
        let f = fall(an::len3(an::sub3(v3(p), [0.5, 1.0, -0.5])), 1.0, 4.0);
        [2.0 * f, f, 0.5 * f, 0.0]
    });
    let node = "{ rop: pointLight, params: { Position: [0.5, 1, -0.5], Attenuated: true, AttenuationStart: 1, AttenuationEnd: 4 }, inputs: { attenuation: /c } }";
    let extra = "  /c: { rop: remapFunction, params: { ToRange: [0.2, 0.8] } }\n";
    let out = sample(&gpu, &lib, &probe("probeLight", node, extra), &pts);
    expect_vec("pointLight attenuation curve", &pts, &out, 3, 1e-4, |p| {
        let f = 0.2 + 0.6 * fall(an::len3(an::sub3(v3(p), [0.5, 1.0, -0.5])), 1.0, 4.0);
        [f, f, f, 0.0]
    });
    // formula: spotLight's attenuation on its axis (the cone's full light).
    let axis: Vec<[f32; 3]> = (1..20).map(|i| [0.0, 5.0 - 0.4 * i as f32, 0.0]).collect();
    let node = "{ rop: spotLight, params: { Position: [0, 5, 0], Target: [0, 0, 0], Intensity: 1, Attenuated: true, AttenuationStart: 2, AttenuationEnd: 6 } }";
    let out = sample(&gpu, &lib, &probe("probeLight", node, ""), &axis);
    expect_vec("spotLight attenuation", &axis, &out, 3, 1e-4, |p| {
        let f = fall(5.0 - p[1] as f64, 2.0, 6.0);
        [f, f, f, 0.0]
    });
    // formula: pointLight's direction to the light through lightdir,
    // driving its colour.
    // The reference through restrictTypes, so that the colour's field is a
    // vec4 (a float field would fill the colour with its x).
    let extra = "  /dir0: { rop: variableReference, params: { Name: lightdir, Type: vec3 } }\n  /dir: { rop: restrictTypes, params: { Float: false, Sdf: false }, inputs: [/dir0] }\n";
    let node = "{ rop: pointLight, params: { Position: [0.5, 1, -0.5], Intensity: 1 }, inputs: { Color: /dir } }";
    let out = sample(&gpu, &lib, &probe("probeLight", node, extra), &pts);
    expect_vec("pointLight lightdir", &pts, &out, 3, 1e-4, |p| {
        let d = norm3(an::sub3([0.5, 1.0, -0.5], v3(p)));
        [d[0], d[1], d[2], 0.0]
    });
    // formula: ringLight with one point (at Centre - Radius z for a ring
    // about y): its direction, and its attenuation by the distance to it.
    let low = points3(4110, 40, -1.0, 1.0);
    let node = "{ rop: ringLight, params: { Center: [0, 4, 0], Radius: 1.5, Samples: 1, Intensity: 1, Attenuated: true, AttenuationStart: 3, AttenuationEnd: 7 }, inputs: { Color: /dir } }";
    let out = sample(&gpu, &lib, &probe("probeLight", node, extra), &low);
    expect_vec("ringLight lightdir", &low, &out, 3, 2e-4, |p| {
        let to = an::sub3([0.0, 4.0, -1.5], v3(p));
        let d = norm3(to);
        let f = fall(an::len3(to), 3.0, 7.0);
        [d[0] * f, d[1] * f, d[2] * f, 0.0]
    });

    // property: reflectMaterial with Enable shadow off ignores the shadow a
    // ball casts on it (one grey over the whole floor under a directional
    // light and a parallel view), and with it on the shadow shows.
    let scene = |shadow: bool| {
        format!(
            "output: /render\nnodes:\n  /floor: {{ rop: plane }}\n  /floorMat: {{ rop: reflectMaterial, params: {{ Color: [0.7, 0.7, 0.7], Reflectivity: 0, Specular: 0, EnableShadow: {shadow} }}, inputs: [/floor] }}\n  /ball: {{ rop: sphere, params: {{ Radius: 0.5, Translate: [0, 1.2, 0] }} }}\n  /ballMat: {{ rop: basicMaterial, params: {{ Color: [0.9, 0.1, 0.1] }}, inputs: [/ball] }}\n  /scene: {{ rop: combine, params: {{ Mode: union }}, inputs: [/floorMat, /ballMat] }}\n  /cam: {{ rop: orthoCamera, params: {{ Position: [0, 6, 0.001], Target: [0, 0, 0] }} }}\n  /sun: {{ rop: directionalLight, params: {{ Direction: [-1, -1.2, 0], Color: [1, 1, 1], Intensity: 1 }} }}\n  /render: {{ rop: raymarchRender3D, params: {{ AO: false }}, inputs: {{ scene: /scene, camera: /cam, light: /sun }} }}\n"
        )
    };
    let greys = |img: &image::RgbaImage| -> Vec<[u8; 3]> {
        img.pixels()
            .map(|p| [p[0], p[1], p[2]])
            .filter(|c| c[0].abs_diff(c[1]) <= 2 && c[1].abs_diff(c[2]) <= 2)
            .collect()
    };
    let off = greys(&render_image(&gpu, &lib, &scene(false), 64));
    let on = greys(&render_image(&gpu, &lib, &scene(true), 64));
    let spread = |g: &[[u8; 3]]| {
        let lo = g.iter().map(|c| c[0]).min().unwrap();
        let hi = g.iter().map(|c| c[0]).max().unwrap();
        hi - lo
    };
    assert!(
        off.len() > 1000 && on.len() > 1000,
        "the floor fills the view"
    );
    assert!(
        spread(&off) <= 1,
        "shadow off: one grey, spread {}",
        spread(&off)
    );
    assert!(
        spread(&on) > 20,
        "shadow on: the ball's shadow shows, spread {}",
        spread(&on)
    );
}

// ---------------------------------------------------------------------------
// The second round: fields, converters, a light and shapes

#[test]
fn more_rops_have_their_raytk_options() {
    let Some(gpu) = gpu("more_rops_have_their_raytk_options") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(4201, 160, -1.6, 1.6);
    let pts2 = points2(4202, 200, -1.3, 1.3);

    // identity: worleyNoise's Amplitude and Offset act on the value; in the
    // plane across y it is the 2D noise of (x, z).
    let w = |params: &str, at: &[[f32; 3]], pr: &str| {
        let node = format!("{{ rop: worleyNoise, params: {{ Scale: 1.7, {params} }} }}");
        sample(&gpu, &lib, &probe(pr, &node, ""), at)
    };
    let plain = w("Output: edges", &pts, "probeFloat3");
    let scaled = w(
        "Output: edges, Amplitude: -2.5, Offset: 0.3",
        &pts,
        "probeFloat3",
    );
    for (a, b) in plain.iter().zip(&scaled) {
        assert!(
            (b[0] as f64 - (-2.5 * a[0] as f64 + 0.3)).abs() < 1e-4,
            "worleyNoise Amplitude/Offset: {a:?} -> {b:?}"
        );
    }
    let flat: Vec<[f32; 3]> = pts.iter().map(|p| [p[0], p[2], 0.0]).collect();
    expect_same(
        "worleyNoise Plane y",
        &w("Plane: y", &pts, "probeFloat3"),
        &w("Plane: y", &flat, "probeFloat2"),
        1,
        1e-5,
    );

    // formula: stepField by the distance from the origin, between two vec4
    // values.
    let node = "{ rop: stepField, params: { Axis: dist, Threshold: 1.1, Value1: [0.2, -1, 3, 0], Value2: [0.9, 2, -3, 1] } }";
    let out = sample(&gpu, &lib, &probe("probeColor3", node, ""), &pts);
    expect_vec("stepField dist", &pts, &out, 4, 1e-6, |p| {
        if an::len3(v3(p)) >= 1.1 {
            [0.9, 2.0, -3.0, 1.0]
        } else {
            [0.2, -1.0, 3.0, 0.0]
        }
    });

    // formula: coordTo3D's other plane orders and custom parts.
    let pos = "  /pos: { rop: position }\n";
    for (plane, want) in [("yx", [1usize, 0, 2]), ("yz", [2, 0, 1]), ("zx", [1, 2, 0])] {
        // want[i]: which of (x, y, 0) lands on 3D axis i.
        let node = format!(
            "{{ rop: coordTo3D, params: {{ Plane: {plane}, Origin: [0.1, 0.2, 0.3] }}, inputs: [/pos] }}"
        );
        let out = sample(&gpu, &lib, &probe("probeColor2", &node, pos), &pts2);
        expect_vec(
            &format!("coordTo3D Plane {plane}"),
            &pts2,
            &out,
            3,
            1e-6,
            |p| {
                let parts = [p[0] as f64, p[1] as f64, 0.0];
                [
                    0.1 + parts[want[0]],
                    0.2 + parts[want[1]],
                    0.3 + parts[want[2]],
                    1.0,
                ]
            },
        );
    }
    let node = "{ rop: coordTo3D, params: { Plane: custom, PartX: y, PartY: zero, PartZ: y }, inputs: [/pos] }";
    let out = sample(&gpu, &lib, &probe("probeColor2", node, pos), &pts2);
    expect_vec("coordTo3D custom", &pts2, &out, 3, 1e-6, |p| {
        [p[1] as f64, 0.0, p[1] as f64, 1.0]
    });

    // formula: ambientLight provides the normal it comes from (the default
    // light context's normal is +y) and, with Enable shadow, is a light
    // along the normal rather than an ambient one (the probe reads its
    // colour; the position is one unit out along the normal).
    // The reference through restrictTypes, so that the colour's field is a
    // vec4 (a float field would fill the colour with its x).
    let extra = "  /dir0: { rop: variableReference, params: { Name: lightdir, Type: vec3 } }\n  /dir: { rop: restrictTypes, params: { Float: false, Sdf: false }, inputs: [/dir0] }\n";
    let node = "{ rop: ambientLight, params: { Intensity: 1, EnableShadow: true }, inputs: { SkyColor: /dir } }";
    let out = sample(
        &gpu,
        &lib,
        &probe("probeLight", node, extra),
        &[[0.3, 0.2, 0.1]],
    );
    assert!(
        out[0][0].abs() < 1e-6 && (out[0][1] - 1.0).abs() < 1e-6 && out[0][2].abs() < 1e-6,
        "ambientLight lightdir: {:?}",
        out[0]
    );

    // symmetry: the disc facing x or z is the one facing y with axes
    // swapped; exact: its variable (the normalised angle) drives Thickness.
    let disc = |axis: &str, at: &[[f32; 3]]| {
        let node =
            format!("{{ rop: disc, params: {{ Radius: 0.7, Thickness: 0.08, Axis: {axis} }} }}");
        sample(&gpu, &lib, &sdf3(&node, ""), at)
    };
    let sw = |f: fn([f32; 3]) -> [f32; 3]| pts.iter().map(|q| f(*q)).collect::<Vec<_>>();
    expect_same(
        "disc Axis x",
        &disc("x", &pts),
        &disc("y", &sw(|q| [q[1], q[0], q[2]])),
        1,
        1e-5,
    );
    expect_same(
        "disc Axis z",
        &disc("z", &pts),
        &disc("y", &sw(|q| [q[0], q[2], q[1]])),
        1,
        1e-5,
    );
    let extra = "  /t: { rop: variableReference, params: { Name: normangle, Type: float } }\n  /th: { rop: math, params: { Operation: remap, FromRange: [0, 1], ToRange: [0.02, 0.22] }, inputs: [/t] }\n";
    let node = "{ rop: disc, params: { Radius: 0.7 }, inputs: { Thickness: /th } }";
    let out = sample(&gpu, &lib, &sdf3(node, extra), &pts);
    expect_within("disc normangle", &pts, &out, 2e-4, |p| {
        let q = v3(p);
        // About y, from z towards x.
        let t = q[0].atan2(q[2]) / TAU + 0.5;
        ((q[0].hypot(q[2]) - 0.7).max(0.0)).hypot(q[1]) - (0.02 + 0.2 * t)
    });

    // symmetry: arc and pie turned by their rotation; exact: the arc's
    // position along it drives its width, and the pie's ring shape.
    for (rop, params) in [
        ("arc", "Radius: 0.7, Angle: 100, Thickness: 0.06"),
        ("pie", "Radius: 0.8, Angle: 50"),
    ] {
        let turned = sample(
            &gpu,
            &lib,
            &sdf2(
                &format!("{{ rop: {rop}, params: {{ {params}, Rotate: -70 }} }}"),
                "",
            ),
            &pts2,
        );
        let back: Vec<[f32; 3]> = pts2
            .iter()
            .map(|p| {
                let q = an::rot2(v2(p), 70f64.to_radians());
                [q[0] as f32, q[1] as f32, 0.0]
            })
            .collect();
        let plain = sample(
            &gpu,
            &lib,
            &sdf2(&format!("{{ rop: {rop}, params: {{ {params} }} }}"), ""),
            &back,
        );
        expect_same(&format!("{rop} Rotate"), &turned, &plain, 1, 2e-4);
    }
    let extra = "  /t: { rop: variableReference, params: { Name: normangle, Type: float } }\n  /th: { rop: math, params: { Operation: remap, FromRange: [0, 1], ToRange: [0.02, 0.12] }, inputs: [/t] }\n";
    let node = "{ rop: arc, params: { Radius: 0.7, Angle: 100 }, inputs: { Thickness: /th } }";
    let out = sample(&gpu, &lib, &sdf2(node, extra), &pts2);
    expect_within("arc normangle", &pts2, &out, 3e-4, |p| {
        let q = v2(p);
        let an = 100f64.to_radians();
        let t = ((q[0].atan2(q[1]) + an) / (2.0 * an)).clamp(0.0, 1.0);
        // The arc from angle pi/2 - an to pi/2 + an (from +x), its ends.
        an::arc2(q, [0.0, 0.0], 0.7, PI / 2.0 - an, PI / 2.0 + an) - (0.02 + 0.1 * t)
    });
    let node = "{ rop: pie, params: { Radius: 0.9, Angle: 65, Shape: ring, InnerRadius: 0.4 } }";
    let out = sample(&gpu, &lib, &sdf2(node, ""), &pts2);
    expect_exact("pie ring", &pts2, &out, |p| {
        let q = v2(p);
        let an = 65f64.to_radians();
        let (a0, a1) = (PI / 2.0 - an, PI / 2.0 + an);
        let ray = |a: f64, r: f64| [r * a.cos(), r * a.sin()];
        let d = an::arc2(q, [0.0, 0.0], 0.4, a0, a1)
            .min(an::arc2(q, [0.0, 0.0], 0.9, a0, a1))
            .min(an::seg2(q, ray(a0, 0.4), ray(a0, 0.9)))
            .min(an::seg2(q, ray(a1, 0.4), ray(a1, 0.9)));
        let r = an::len2(q);
        let inside = q[0].atan2(q[1]).abs() <= an && (0.4..=0.9).contains(&r);
        if inside { -d } else { d }
    });

    // formula: the flower's Petals driven by a field, and its angle variable.
    let extra = "  /n: { rop: constant, params: { Value: 5 } }\n";
    let driven = sample(
        &gpu,
        &lib,
        &sdf2(
            "{ rop: flower, params: { Petals: 9 }, inputs: { Petals: /n } }",
            extra,
        ),
        &pts2,
    );
    let five = sample(
        &gpu,
        &lib,
        &sdf2("{ rop: flower, params: { Petals: 5 } }", ""),
        &pts2,
    );
    expect_same("flower Petals field", &driven, &five, 1, 1e-6);
    let extra = "  /t: { rop: variableReference, params: { Name: normangle, Type: float } }\n  /a: { rop: math, params: { Operation: remap, FromRange: [0, 1], ToRange: [0.05, 0.25] }, inputs: [/t] }\n";
    let node =
        "{ rop: flower, params: { Petals: 4, Radius: 0.6, Angle: 30 }, inputs: { Amount: /a } }";
    let out = sample(&gpu, &lib, &sdf2(node, extra), &pts2);
    expect_within("flower normangle", &pts2, &out, 2e-4, |p| {
        let q = v2(p);
        let rho = an::len2(q);
        let t = q[1].atan2(q[0]) - 30f64.to_radians();
        let amount = 0.05 + 0.2 * (t / TAU).rem_euclid(1.0);
        let edge = 0.6 + amount * (4.0 * t).cos();
        let slope = amount * 4.0 * (4.0 * t).sin() / rho.max(0.06 + 1e-4);
        (rho - edge) / (1.0 + slope * slope).sqrt()
    });
}

/// exact: polyline's position along the line, provided to a field on
/// Thickness, tapers the tube by length (away from the points where two
/// segments are equally near, where either may be taken).
#[test]
fn polyline_provides_the_position_along_it() {
    let Some(gpu) = gpu("polyline_provides_the_position_along_it") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(4301, 200, -1.2, 1.2);
    let line: [V3; 4] = [
        [-0.8, -0.4, 0.1],
        [-0.3, 0.4, 0.0],
        [0.2, -0.4, -0.2],
        [0.7, 0.5, 0.3],
    ];
    let taper = "  /t: { rop: variableReference, params: { Name: normoffset, Type: float } }\n  /r: { rop: math, params: { Operation: remap, FromRange: [0, 1], ToRange: [0.03, 0.23] }, inputs: [/t] }\n";
    let node = "{ rop: polyline, params: { Count: 4, P1: [-0.8, -0.4, 0.1], P2: [-0.3, 0.4, 0.0], P3: [0.2, -0.4, -0.2], P4: [0.7, 0.5, 0.3] }, inputs: { Thickness: /r } }";
    let out = sample(&gpu, &lib, &sdf3(node, taper), &pts);
    let lens: Vec<f64> = (0..3)
        .map(|i| an::len3(an::sub3(line[i + 1], line[i])))
        .collect();
    let total: f64 = lens.iter().sum();
    let mut checked = 0;
    for (p, o) in pts.iter().zip(&out) {
        let q = v3(p);
        let mut ds: Vec<(f64, f64)> = (0..3)
            .map(|i| {
                let (a, b) = (line[i], line[i + 1]);
                let ba = an::sub3(b, a);
                let h = (an::dot3(an::sub3(q, a), ba) / an::dot3(ba, ba)).clamp(0.0, 1.0);
                let c = [a[0] + ba[0] * h, a[1] + ba[1] * h, a[2] + ba[2] * h];
                let along: f64 = lens[..i].iter().sum::<f64>() + h * lens[i];
                (an::len3(an::sub3(q, c)), along / total)
            })
            .collect();
        ds.sort_by(|a, b| a.0.partial_cmp(&b.0).unwrap());
        if ds[1].0 - ds[0].0 < 1e-3 {
            continue;
        }
        checked += 1;
        let want = ds[0].0 - (0.03 + 0.2 * ds[0].1);
        assert!(
            (o[0] as f64 - want).abs() < 2e-4,
            "polyline normoffset at {p:?}: {}, want {want}",
            o[0]
        );
    }
    assert!(checked > 100, "only {checked} points checked");
}

/// exact: isoscelesTriangle pointing and anchored by its menus (a polygon);
/// identity and symmetry: spiral2d's radius limit is a number of turns, and
/// Rotate turns it.
#[test]
fn triangle_and_spiral_point_and_end_where_told() {
    let Some(gpu) = gpu("triangle_and_spiral_point_and_end_where_told") else {
        return;
    };
    let lib = catalog_library();
    let pts = points2(4401, 200, -1.3, 1.3);
    let node = "{ rop: isoscelesTriangle, params: { Width: 0.8, Height: 1.1, Translate: [0.3, -0.1], Direction: right, PositionMode: tip } }";
    let out = sample(&gpu, &lib, &sdf2(node, ""), &pts);
    let tri = [
        [0.3, -0.1],
        [0.3 - 1.1, -0.1 + 0.4],
        [0.3 - 1.1, -0.1 - 0.4],
    ];
    expect_exact("isoscelesTriangle right tip", &pts, &out, |p| {
        an::polygon(v2(p), &tri)
    });
    let node = "{ rop: isoscelesTriangle, params: { Width: 0.6, Height: 0.9, Translate: [-0.2, 0.2], Direction: down, PositionMode: base } }";
    let out = sample(&gpu, &lib, &sdf2(node, ""), &pts);
    let tri = [[-0.5, 0.2], [0.1, 0.2], [-0.2, 0.2 - 0.9]];
    expect_exact("isoscelesTriangle down base", &pts, &out, |p| {
        an::polygon(v2(p), &tri)
    });
    let node = "{ rop: isoscelesTriangle, params: { Width: 0.6, Height: 0.9, Direction: left } }";
    let out = sample(&gpu, &lib, &sdf2(node, ""), &pts);
    let tri = [[-0.45, 0.0], [0.45, 0.3], [0.45, -0.3]];
    expect_exact("isoscelesTriangle left", &pts, &out, |p| {
        an::polygon(v2(p), &tri)
    });

    let spiral = |params: &str, at: &[[f32; 3]]| {
        let node = format!(
            "{{ rop: spiral2d, params: {{ Start: 0.1, Spacing: 0.15, Thickness: 0.02, {params} }} }}"
        );
        sample(&gpu, &lib, &sdf2(&node, ""), at)
    };
    // (1.0 - 0.1) / 0.15 = 6 turns.
    expect_same(
        "spiral2d Limit radius",
        &spiral("Limit: radius, RadiusLimit: 1.0", &pts),
        &spiral("Turns: 6", &pts),
        1,
        1e-4,
    );
    let back: Vec<[f32; 3]> = pts
        .iter()
        .map(|p| {
            let q = an::rot2(v2(p), -40f64.to_radians());
            [q[0] as f32, q[1] as f32, 0.0]
        })
        .collect();
    expect_same(
        "spiral2d Rotate",
        &spiral("Turns: 3.3, Rotate: 40", &pts),
        &spiral("Turns: 3.3", &back),
        1,
        2e-4,
    );
    // Without a limit the windings go on past where Turns 3 stops.
    let far = [[1.5f32, 0.0, 0.0]];
    let endless = spiral("Limit: none", &far);
    let short = spiral("Turns: 3", &far);
    assert!(
        endless[0][0] < 0.1 && short[0][0] > 0.5,
        "endless {endless:?}, three turns {short:?}"
    );
}

/// symmetry and identity: chainLink along another axis is the one along x
/// turned; endless it matches a long finite chain near its middle;
/// torusKnot turned to another axis, and its angle variable driving the
/// wire's thickness.
#[test]
fn chain_and_knot_turn_and_go_on() {
    let Some(gpu) = gpu("chain_and_knot_turn_and_go_on") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(4501, 160, -1.5, 1.5);
    let at = |f: fn([f32; 3]) -> [f32; 3]| pts.iter().map(|q| f(*q)).collect::<Vec<_>>();
    let chain = |params: &str, p: &[[f32; 3]]| {
        let node = format!(
            "{{ rop: chainLink, params: {{ Length: 0.15, Radius: 0.25, Thickness: 0.06, {params} }} }}"
        );
        sample(&gpu, &lib, &sdf3(&node, ""), p)
    };
    expect_same(
        "chainLink Axis y",
        &chain("Count: 5, Axis: y", &pts),
        &chain("Count: 5", &at(|q| [q[1], q[2], q[0]])),
        1,
        1e-5,
    );
    expect_same(
        "chainLink Axis z",
        &chain("Count: 4, Axis: z", &pts),
        &chain("Count: 4", &at(|q| [q[2], q[0], q[1]])),
        1,
        1e-5,
    );
    expect_same(
        "chainLink Infinite",
        &chain("Infinite: true, Count: 2", &pts),
        &chain("Count: 41", &pts),
        1,
        1e-5,
    );

    let knot = |params: &str, p: &[[f32; 3]]| {
        let node = format!(
            "{{ rop: torusKnot, params: {{ P: 2, Q: 3, Radius: 0.8, Minor: 0.3, {params} }} }}"
        );
        sample(&gpu, &lib, &sdf3(&node, ""), p)
    };
    expect_same(
        "torusKnot Axis z",
        &knot("Thickness: 0.1, Axis: z", &pts),
        &knot("Thickness: 0.1", &at(|q| [q[1], q[2], q[0]])),
        1,
        1e-4,
    );
    expect_same(
        "torusKnot Axis x",
        &knot("Thickness: 0.1, Axis: x", &pts),
        &knot("Thickness: 0.1", &at(|q| [q[2], q[0], q[1]])),
        1,
        1e-4,
    );
    let bare = knot("Thickness: 0", &pts);
    let extra = "  /t: { rop: variableReference, params: { Name: normangle, Type: float } }\n  /r: { rop: math, params: { Operation: remap, FromRange: [0, 1], ToRange: [0.04, 0.14] }, inputs: [/t] }\n";
    let node = "{ rop: torusKnot, params: { P: 2, Q: 3, Radius: 0.8, Minor: 0.3 }, inputs: { Thickness: /r } }";
    let driven = sample(&gpu, &lib, &sdf3(node, extra), &pts);
    for ((p, a), b) in pts.iter().zip(&bare).zip(&driven) {
        let t = (p[2] as f64).atan2(p[0] as f64) / TAU + 0.5;
        let want = a[0] as f64 - (0.04 + 0.1 * t);
        assert!(
            (b[0] as f64 - want).abs() < 1e-4,
            "torusKnot normangle at {p:?}: {}, want {want}",
            b[0]
        );
    }
}

/// exact: cappedCylinder hollow (an open tube), and its radius driven along
/// the axis through normoffset (a cone-like taper, exact per point for a
/// straight-sided profile: the 2D box distance with that radius).
#[test]
fn capped_cylinder_hollows_and_tapers() {
    let Some(gpu) = gpu("capped_cylinder_hollows_and_tapers") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(4601, 200, -1.4, 1.4);
    let box2 = |x: f64, y: f64| x.max(y).min(0.0) + x.max(0.0).hypot(y.max(0.0));
    let node = "{ rop: cappedCylinder, params: { Radius: 0.6, Height: 1.2, Axis: z, Hollow: true, Thickness: 0.08, Translate: [0.1, 0, 0] } }";
    let out = sample(&gpu, &lib, &sdf3(node, ""), &pts);
    expect_exact("cappedCylinder Hollow", &pts, &out, |p| {
        let q = v3(p);
        let rho = (q[0] - 0.1).hypot(q[1]);
        box2((rho - 0.6).abs() - 0.08, q[2].abs() - 0.6)
    });
    let extra = "  /t: { rop: variableReference, params: { Name: normoffset, Type: float } }\n  /r: { rop: math, params: { Operation: remap, FromRange: [0, 1], ToRange: [0.2, 0.7] }, inputs: [/t] }\n";
    let node = "{ rop: cappedCylinder, params: { Height: 1.4 }, inputs: { Radius: /r } }";
    let out = sample(&gpu, &lib, &sdf3(node, extra), &pts);
    expect_within("cappedCylinder normoffset", &pts, &out, 2e-4, |p| {
        let q = v3(p);
        let t = (q[1] / 1.4 + 0.5).clamp(0.0, 1.0);
        box2(q[0].hypot(q[2]) - (0.2 + 0.5 * t), q[1].abs() - 0.7)
    });
}

/// formula: quantizeCoords on an SDF reads it at the snapped point, and
/// Smoothing ramps each axis on to the next cell over its last fraction.
#[test]
fn quantize_coords_smooths_and_takes_sdfs() {
    let Some(gpu) = gpu("quantize_coords_smooths_and_takes_sdfs") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(4701, 200, -1.3, 1.3);
    let extra = "  /ball: { rop: sphere, params: { Radius: 0.7, Translate: [0.1, 0.05, -0.1] } }\n";
    let node = "{ rop: quantizeCoords, params: { Size: [0.3, 0.2, 0], Offset: [0.05, 0, 0], Smoothing: [0.4, 0, 0] }, inputs: [/ball] }";
    let out = sample(&gpu, &lib, &sdf3(node, extra), &pts);
    let snap = |x: f64, s: f64, o: f64, w: f64| {
        let u = (x - o) / s;
        let k = u.floor();
        let t = if w > 0.0 {
            ((u - k - (1.0 - w)) / w).clamp(0.0, 1.0)
        } else {
            0.0
        };
        o + (k + 0.5 + t * t * (3.0 - 2.0 * t)) * s
    };
    expect_within("quantizeCoords Sdf smoothing", &pts, &out, 2e-4, |p| {
        let q = v3(p);
        // Away from the hard steps along y, where f32 may fall either way.
        let uy = q[1] / 0.2;
        if (uy - uy.round()).abs() < 1e-3 {
            return out_at(&pts, &out, p);
        }
        let s = [snap(q[0], 0.3, 0.05, 0.4), snap(q[1], 0.2, 0.0, 0.0), q[2]];
        sphere_d(s, [0.1, 0.05, -0.1], 0.7)
    });
}

/// formula: bend along z curling towards x, shifted.
#[test]
fn bend_runs_along_any_axis_and_shifts() {
    let Some(gpu) = gpu("bend_runs_along_any_axis_and_shifts") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(4801, 160, -1.5, 1.5);
    let node = "{ rop: bend, params: { Rate: 35, Direction: zx, Shift: 0.3, StepScale: 0.7 }, inputs: [/b] }";
    let out = sample(&gpu, &lib, &sdf3(node, BOX), &pts);
    expect_exact("bend zx Shift", &pts, &out, |p| {
        let q = v3(p);
        let (u, v) = (q[2] + 0.3, q[0]);
        let (s, c) = (35f64.to_radians() * u).sin_cos();
        box_d([-s * u + c * v, q[1], c * u + s * v - 0.3]) * 0.7
    });
}

/// formula: spread (RayTK's split) with a tilted cut and smoothed faces.
#[test]
fn spread_cuts_at_a_tilt_with_smooth_faces() {
    let Some(gpu) = gpu("spread_cuts_at_a_tilt_with_smooth_faces") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(4901, 160, -1.5, 1.5);
    let node = "{ rop: spread, params: { Axis: x, Center: 0.2, Width: 0.4, Rotate: [0, 20, 30], Smoothing: 0.15 }, inputs: [/b] }";
    let out = sample(&gpu, &lib, &sdf3(node, BOX), &pts);
    let n = euler([1.0, 0.0, 0.0], [0.0, 20.0, 30.0], "xyz");
    let smax = |a: f64, b: f64, k: f64| {
        let h = (k - (a - b).abs()).max(0.0) / k;
        a.max(b) + 0.25 * k * h * h
    };
    expect_within("spread tilted, smoothed", &pts, &out, 2e-4, |p| {
        let q = v3(p);
        let x = an::dot3(q, n) - 0.2;
        let h = 0.2;
        let up = box_d([q[0] - n[0] * h, q[1] - n[1] * h, q[2] - n[2] * h]);
        let down = box_d([q[0] + n[0] * h, q[1] + n[1] * h, q[2] + n[2] * h]);
        smax(up, h - x, 0.15).min(smax(down, x + h, 0.15))
    });
}

/// formula: mirror keeping the negative side on one axis and pushing the
/// copies apart; exact: roundedRectangle with a radius per corner (its
/// outline of four sides and four quarter arcs), and radii as a ratio.
#[test]
fn mirror_and_rounded_rectangle_per_axis_and_corner() {
    let Some(gpu) = gpu("mirror_and_rounded_rectangle_per_axis_and_corner") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(5001, 160, -1.5, 1.5);
    let node = "{ rop: mirror, params: { MirrorX: true, MirrorY: true, NegY: true, Offset: [0.1, -0.2, 0], Shift: [0.25, 0.1, 0] }, inputs: [/b] }";
    let out = sample(&gpu, &lib, &sdf3(node, BOX), &pts);
    expect_exact("mirror NegY Shift", &pts, &out, |p| {
        let q = v3(p);
        let (x, y) = (q[0] - 0.1, q[1] + 0.2);
        box_d([(x.abs() - 0.25) + 0.1, -(y.abs() - 0.1) - 0.2, q[2]])
    });

    let pts2 = points2(5002, 240, -1.0, 1.0);
    let rounded = |p: V2, b: V2, r: [f64; 4]| -> f64 {
        // r: top-right, bottom-right, top-left, bottom-left.
        let corners = [
            ([1.0, 1.0], r[0]),
            ([1.0, -1.0], r[1]),
            ([-1.0, 1.0], r[2]),
            ([-1.0, -1.0], r[3]),
        ];
        let mut d = f64::MAX;
        let mut inside = p[0].abs() <= b[0] && p[1].abs() <= b[1];
        for (s, rr) in corners {
            let c = [s[0] * (b[0] - rr), s[1] * (b[1] - rr)];
            // The quarter arc facing out of this corner.
            let a0 = if s[0] > 0.0 {
                if s[1] > 0.0 { 0.0 } else { -PI / 2.0 }
            } else if s[1] > 0.0 {
                PI / 2.0
            } else {
                PI
            };
            d = d.min(an::arc2(p, c, rr, a0, a0 + PI / 2.0));
            // Outside the arc within the corner's square: outside the shape.
            if (p[0] - c[0]) * s[0] > 0.0
                && (p[1] - c[1]) * s[1] > 0.0
                && an::len2([p[0] - c[0], p[1] - c[1]]) > rr
            {
                inside = false;
            }
        }
        // The four straight sides between the arcs.
        d = d
            .min(an::seg2(p, [b[0], -b[1] + r[1]], [b[0], b[1] - r[0]]))
            .min(an::seg2(p, [-b[0] + r[2], b[1]], [b[0] - r[0], b[1]]))
            .min(an::seg2(p, [-b[0], -b[1] + r[3]], [-b[0], b[1] - r[2]]))
            .min(an::seg2(p, [-b[0] + r[3], -b[1]], [b[0] - r[1], -b[1]]));
        if inside { -d } else { d }
    };
    let node = "{ rop: roundedRectangle, params: { Size: [1.4, 0.9], Corners: each, CornerRadii: [0.4, 0.05, 0.2, 0.0] } }";
    let out = sample(&gpu, &lib, &sdf2(node, ""), &pts2);
    expect_exact("roundedRectangle each", &pts2, &out, |p| {
        rounded(v2(p), [0.7, 0.45], [0.4, 0.05, 0.2, 0.0])
    });
    let node = "{ rop: roundedRectangle, params: { Size: [1.4, 0.9], Radius: 0.5, Units: ratio } }";
    let out = sample(&gpu, &lib, &sdf2(node, ""), &pts2);
    expect_exact("roundedRectangle ratio", &pts2, &out, |p| {
        rounded(v2(p), [0.7, 0.45], [0.225; 4])
    });
}

/// formula: lookAtCamera with an Up vector (the picture's up, here +x) and
/// a Rotate of every ray after the look-at (Fov 90: uv (0, 0.25) is
/// atan(0.5) up the picture).
#[test]
fn look_at_camera_takes_up_and_rotate() {
    let Some(gpu) = gpu("look_at_camera_takes_up_and_rotate") else {
        return;
    };
    let lib = catalog_library();
    let uv = [
        [0.0f32, 0.0, 0.0],
        [0.25, 0.0, 0.0],
        [0.0, 0.25, 0.0],
        [-0.3, -0.2, 0.0],
    ];
    let node = "{ rop: lookAtCamera, params: { Position: [0, 0, 5], Target: [0, 0, 0], Fov: 90, Up: [1, 0, 0] } }";
    let out = sample(&gpu, &lib, &probe("probeCamera", node, ""), &uv);
    // Looking along -z with +x up: the picture's right is -y.
    let want = |u: f64, v: f64| norm3([v, -u, -0.5 / (45f64.to_radians()).tan()]);
    for (p, o) in uv.iter().zip(&out) {
        let w = want(p[0] as f64, p[1] as f64);
        for (got, want) in o.iter().zip(w) {
            assert!(
                (*got as f64 - want).abs() < 1e-4,
                "lookAtCamera Up at {p:?}: {o:?}, want {w:?}"
            );
        }
    }
    let node = "{ rop: lookAtCamera, params: { Position: [0, 0, 5], Target: [0, 0, 0], Fov: 90, Up: [1, 0, 0], Rotate: [20, -35, 10] } }";
    let out = sample(&gpu, &lib, &probe("probeCamera", node, ""), &uv);
    for (p, o) in uv.iter().zip(&out) {
        let w = euler(want(p[0] as f64, p[1] as f64), [20.0, -35.0, 10.0], "xyz");
        for (got, want) in o.iter().zip(w) {
            assert!(
                (*got as f64 - want).abs() < 1e-4,
                "lookAtCamera Rotate at {p:?}: {o:?}, want {w:?}"
            );
        }
    }
}

/// formula: sweep's other plane orders, and the distance to the path
/// provided to the profile (here a profile whose radius grows with it,
/// read through the variable: a disc of radius 0.1 + 0.2 pathsdf about
/// (pathsdf, height), so |profile point| - radius).
#[test]
fn sweep_has_every_plane_and_provides_the_path_distance() {
    let Some(gpu) = gpu("sweep_has_every_plane_and_provides_the_path_distance") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(5101, 160, -1.5, 1.5);
    let extra = "  /ring: { rop: circle, params: { Radius: 0.8 } }\n  /disc: { rop: circle, params: { Radius: 0.2 } }\n";
    let node = "{ rop: sweep, params: { Plane: yx, Offset: 0.1 }, inputs: { profile: /disc, path: /ring } }";
    let out = sample(&gpu, &lib, &sdf3(node, extra), &pts);
    expect_exact("sweep Plane yx", &pts, &out, |p| {
        let q = v3(p);
        let along = q[1].hypot(q[0]) - 0.8;
        along.hypot(q[2] - 0.1) - 0.2
    });
    let extra = "  /ring: { rop: circle, params: { Radius: 0.8 } }\n  /t: { rop: variableReference, params: { Name: pathsdf, Type: float } }\n  /r: { rop: math, params: { Operation: remap, FromRange: [0, 1], ToRange: [0.1, 0.3] }, inputs: [/t] }\n  /disc: { rop: circle, inputs: { Radius: /r } }\n";
    let node = "{ rop: sweep, params: { Plane: zx }, inputs: { profile: /disc, path: /ring } }";
    let out = sample(&gpu, &lib, &sdf3(node, extra), &pts);
    expect_within("sweep pathsdf", &pts, &out, 2e-4, |p| {
        let q = v3(p);
        let along = q[2].hypot(q[0]) - 0.8;
        along.hypot(q[1]) - (0.1 + 0.2 * along)
    });
}

/// brute force: juliaSet iterated here, with C changing step by step through
/// the step variable and the orbit trap of the same orbit.
#[test]
fn julia_reads_c_per_step_and_keeps_its_orbit_trap() {
    let Some(gpu) = gpu("julia_reads_c_per_step_and_keeps_its_orbit_trap") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(5201, 120, -1.3, 1.3);
    // C = v (1, 1, 1, 1) with v = -0.3 + 0.4 step / 6.
    let orbit = |p: &[f32; 3]| -> (f64, [f64; 4]) {
        let mut z = [p[0] as f64, p[1] as f64, p[2] as f64, 0.1];
        let mut dz = 1.0;
        let mut m2: f64 = z.iter().map(|a| a * a).sum();
        let mut trap = [z[0].abs(), z[1].abs(), z[2].abs(), m2];
        for i in 0..6 {
            if !(1e-12..=256.0).contains(&m2) {
                break;
            }
            dz *= 2.0 * m2.sqrt();
            let v = -0.3 + 0.4 * i as f64 / 6.0;
            let a = z[0];
            let vv = z[1] * z[1] + z[2] * z[2] + z[3] * z[3];
            z = [
                a * a - vv + v,
                2.0 * a * z[1] + v,
                2.0 * a * z[2] + v,
                2.0 * a * z[3] + v,
            ];
            m2 = z.iter().map(|a| a * a).sum();
            trap = [
                trap[0].min(z[0].abs()),
                trap[1].min(z[1].abs()),
                trap[2].min(z[2].abs()),
                trap[3].min(m2),
            ];
        }
        let m = m2.max(1e-30).sqrt();
        ((0.5 * m * m.ln() / dz.max(1e-30)).max(-1.0), trap)
    };
    let extra = "  /t: { rop: variableReference, params: { Name: normstep, Type: float } }\n  /c: { rop: math, params: { Operation: remap, FromRange: [0, 1], ToRange: [-0.3, 0.1] }, inputs: [/t] }\n";
    let node = "{ rop: juliaSet, params: { Slice: 0.1, Iterations: 6 }, inputs: { C: /c } }";
    let out = sample(&gpu, &lib, &sdf3(node, extra), &pts);
    expect_within("juliaSet C per step", &pts, &out, 2e-3, |p| orbit(p).0);
    let shape = format!("{node}\n{extra}");
    let out = sample(&gpu, &lib, &trap_probe(&shape), &pts);
    expect_vec("juliaSet orbit trap", &pts, &out, 4, 2e-3, |p| orbit(p).1);
}

/// formula: limitField with a range per channel, and soft limits.
#[test]
fn limit_field_per_channel_and_soft() {
    let Some(gpu) = gpu("limit_field_per_channel_and_soft") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(5301, 160, -2.0, 2.0);
    let extra = "  /pos: { rop: position }\n";
    let node = "{ rop: limitField, params: { Channels: each, LowEach: [-0.5, 0, -1, 0], HighEach: [0.5, 1.5, 0.2, 2] }, inputs: [/pos] }";
    let out = sample(&gpu, &lib, &probe("probeColor3", node, extra), &pts);
    expect_vec("limitField each", &pts, &out, 4, 1e-6, |p| {
        [
            (p[0] as f64).clamp(-0.5, 0.5),
            (p[1] as f64).clamp(0.0, 1.5),
            (p[2] as f64).clamp(-1.0, 0.2),
            1.0,
        ]
    });
    let smin = |a: f64, b: f64, k: f64| {
        let h = (k - (a - b).abs()).max(0.0) / k;
        a.min(b) - 0.25 * k * h * h
    };
    let extra = "  /px: { rop: position, params: { Component: x } }\n";
    let node =
        "{ rop: limitField, params: { Low: -0.4, High: 0.9, Blending: 0.5 }, inputs: [/px] }";
    let out = sample(&gpu, &lib, &probe("probeFloat3", node, extra), &pts);
    expect_within("limitField Blending", &pts, &out, 1e-4, |p| {
        let v = p[0] as f64;
        -smin(-smin(v, 0.9, 0.5), 0.4, 0.5)
    });
}

/// exact: circleWave with another Curl (arcs of that share of a circle,
/// joined where they run level), and along y.
#[test]
fn circle_wave_curls_and_turns() {
    let Some(gpu) = gpu("circle_wave_curls_and_turns") else {
        return;
    };
    let lib = catalog_library();
    let pts = points2(5401, 240, -1.5, 1.5);
    let wave = |q: V2, r: f64, curl: f64, t: f64| {
        let a = PI * curl;
        let (w, h) = (r * a.sin(), r * a.cos());
        let mut d = f64::MAX;
        for k in -8..8 {
            let base = 4.0 * w * k as f64;
            d = d
                .min(an::arc2(q, [base + w, -h], r, PI / 2.0 - a, PI / 2.0 + a))
                .min(an::arc2(
                    q,
                    [base + 3.0 * w, h],
                    r,
                    1.5 * PI - a,
                    1.5 * PI + a,
                ));
        }
        d - t
    };
    let node = "{ rop: circleWave, params: { Radius: 0.25, Thickness: 0.03, Curl: 0.3, Translate: [0.1, -0.05] } }";
    let out = sample(&gpu, &lib, &sdf2(node, ""), &pts);
    expect_exact("circleWave Curl 0.3", &pts, &out, |p| {
        wave([p[0] as f64 - 0.1, p[1] as f64 + 0.05], 0.25, 0.3, 0.03)
    });
    let node = "{ rop: circleWave, params: { Radius: 0.2, Thickness: 0.02, Curl: 0.7, Axis: y } }";
    let out = sample(&gpu, &lib, &sdf2(node, ""), &pts);
    expect_exact("circleWave Curl 0.7 along y", &pts, &out, |p| {
        wave([p[1] as f64, p[0] as f64], 0.2, 0.7, 0.02)
    });
}

/// formula: hardShadow's Shadow level: with no ambient light, occlusion or
/// gamma, a floor's shadowed grey over its lit grey is the level.
#[test]
fn hard_shadow_leaves_its_level_of_light() {
    let Some(gpu) = gpu("hard_shadow_leaves_its_level_of_light") else {
        return;
    };
    let lib = catalog_library();
    let scene = |level: f64| {
        format!(
            "output: /render\nnodes:\n  /floor: {{ rop: plane }}\n  /floorMat: {{ rop: basicMaterial, params: {{ Color: [0.8, 0.8, 0.8], Specular: 0 }}, inputs: [/floor] }}\n  /ball: {{ rop: sphere, params: {{ Radius: 0.5, Translate: [0, 1.2, 0] }} }}\n  /ballMat: {{ rop: basicMaterial, params: {{ Color: [0.9, 0.1, 0.1] }}, inputs: [/ball] }}\n  /scene: {{ rop: combine, params: {{ Mode: union }}, inputs: [/floorMat, /ballMat] }}\n  /cam: {{ rop: orthoCamera, params: {{ Position: [0, 6, 0.001], Target: [0, 0, 0] }} }}\n  /sun: {{ rop: directionalLight, params: {{ Direction: [-1, -1.2, 0], Color: [1, 1, 1], Intensity: 1 }} }}\n  /hard: {{ rop: hardShadow, params: {{ Level: {level} }}, inputs: [/sun] }}\n  /render: {{ rop: raymarchRender3D, params: {{ AO: false, Ambient: 0, Gamma: 1 }}, inputs: {{ scene: /scene, camera: /cam, light: /hard }} }}\n"
        )
    };
    for level in [0.0, 0.4] {
        let img = render_image(&gpu, &lib, &scene(level), 64);
        // The shadow's middle lies 1 unit from the ball along -x (16 pixels
        // a unit): the floor there and at the mirror point across the ball,
        // lit (the ball's own unlit side is black too, so whole-image
        // extremes would not do).
        let a = img.get_pixel(16, 32)[1] as f64;
        let b = img.get_pixel(48, 32)[1] as f64;
        let (dark, lit) = (a.min(b), a.max(b));
        assert!(lit > 100.0, "the lit floor: {lit}");
        assert!(
            (dark / lit - level).abs() < 0.02,
            "Shadow level {level}: shadow {dark} over lit {lit}"
        );
    }
}

/// exact: the pistons' endless rod (a half-infinite bar or cylinder ending
/// Extension out) pointing along another axis; symmetry: a piston pointing
/// down -z is the +y one with its axes swapped and flipped.
#[test]
fn pistons_point_anywhere_and_become_rods() {
    let Some(gpu) = gpu("pistons_point_anywhere_and_become_rods") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(5501, 160, -1.5, 1.5);
    let box2 = |x: f64, y: f64| x.max(y).min(0.0) + x.max(0.0).hypot(y.max(0.0));
    let node = "{ rop: piston, params: { Shape: rod, Direction: xneg, RodRadius: 0.2, Extension: 0.4, Translate: [0.1, 0.2, 0] } }";
    let out = sample(&gpu, &lib, &sdf3(node, ""), &pts);
    expect_exact("piston rod xneg", &pts, &out, |p| {
        let q = [p[0] as f64 - 0.1, p[1] as f64 - 0.2, p[2] as f64];
        box2(q[1].hypot(q[2]) - 0.2, -q[0] - 0.4)
    });
    let plain = sample(
        &gpu,
        &lib,
        &sdf3("{ rop: piston }", ""),
        &pts.iter().map(|q| [q[0], -q[2], q[1]]).collect::<Vec<_>>(),
    );
    let turned = sample(
        &gpu,
        &lib,
        &sdf3("{ rop: piston, params: { Direction: zneg } }", ""),
        &pts,
    );
    expect_same("piston zneg", &turned, &plain, 1, 1e-5);
    let pts2 = points2(5502, 200, -1.5, 1.5);
    let node = "{ rop: piston2d, params: { Shape: rod, Direction: xpos, RodRadius: 0.15, Extension: 0.3 } }";
    let out = sample(&gpu, &lib, &sdf2(node, ""), &pts2);
    expect_exact("piston2d rod xpos", &pts2, &out, |p| {
        box2((p[1] as f64).abs() - 0.15, p[0] as f64 - 0.3)
    });
}

/// formula: uvField reads the UV a shape writes (a rectangle's normalised
/// UVs), as a vec4 with w = 1, and Default with w = 0 when there is none.
#[test]
fn uv_field_reads_the_surface_uv() {
    let Some(gpu) = gpu("uv_field_reads_the_surface_uv") else {
        return;
    };
    let lib = catalog_library();
    let pts = points2(5601, 120, -1.0, 1.0);
    let extra = "  /r: { rop: rectangle, params: { Size: [1.2, 0.5], Translate: [0.1, 0.1], UvMode: normalized } }\n";
    let out = sample(
        &gpu,
        &lib,
        &probe("probeColor2", "{ rop: uvField, inputs: [/r] }", extra),
        &pts,
    );
    expect_vec("uvField", &pts, &out, 4, 1e-4, |p| {
        [
            (p[0] as f64 - 0.1) / 1.2 + 0.5,
            (p[1] as f64 - 0.1) / 0.5 + 0.5,
            0.0,
            1.0,
        ]
    });
    let out = sample(
        &gpu,
        &lib,
        &probe(
            "probeFloat2",
            "{ rop: uvField, params: { Component: v }, inputs: [/r] }",
            extra,
        ),
        &pts,
    );
    expect_exact("uvField v", &pts, &out, |p| (p[1] as f64 - 0.1) / 0.5 + 0.5);
    let out = sample(
        &gpu,
        &lib,
        &probe(
            "probeColor2",
            "{ rop: uvField, params: { Default: [0.3, 0.7] } }",
            "",
        ),
        &pts,
    );
    expect_vec("uvField Default", &pts, &out, 4, 1e-6, |_| {
        [0.3, 0.7, 0.0, 0.0]
    });
}

/// formula: impulseFunction's four shapes, each 1 at Peak.
#[test]
fn impulse_function_has_four_shapes() {
    let Some(gpu) = gpu("impulse_function_has_four_shapes") else {
        return;
    };
    let lib = catalog_library();
    let xs: Vec<[f32; 3]> = (0..121)
        .map(|i| [-0.5 + 0.05 * i as f32, 0.0, 0.0])
        .collect();
    let cases: [Curve; 3] = [
        ("Shape: quad", Box::new(|h: f64| 2.0 * h / (1.0 + h * h))),
        (
            "Shape: polynomial, Degree: 4",
            Box::new(|h: f64| 4.0 * h / (3.0 + h.powi(4))),
        ),
        (
            "Shape: sustained, Falloff: 3",
            Box::new(|h: f64| {
                let s = (h - 1.0).max(0.0);
                (h * h).min(1.0 + 2.0 * s * (-3.0 * s).exp())
            }),
        ),
    ];
    for (params, f) in cases {
        let node = format!("{{ rop: impulseFunction, params: {{ Peak: 0.8, {params} }} }}");
        let out = sample(&gpu, &lib, &probe("probeFunction", &node, ""), &xs);
        expect_within(params, &xs, &out, 2e-4, |p| f((p[0] as f64).max(0.0) / 0.8));
    }
}

/// formula: waveFunction on 3D points waves each component; sumFunction,
/// productFunction and blendFunction combine vector fields of 3D points.
#[test]
fn function_combinators_take_vector_fields() {
    let Some(gpu) = gpu("function_combinators_take_vector_fields") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(5701, 120, -2.0, 2.0);
    let wave = |x: f64| 0.2 + 1.5 * (std::f64::consts::TAU * (x / 0.8 + 0.1)).sin();
    let node =
        "{ rop: waveFunction, params: { Period: 0.8, Phase: 0.1, Amplitude: 1.5, Offset: 0.2 } }";
    let out = sample(&gpu, &lib, &probe("probeColor3", node, ""), &pts);
    expect_vec("waveFunction 3D", &pts, &out, 4, 2e-3, |p| {
        [wave(p[0] as f64), wave(p[1] as f64), wave(p[2] as f64), 0.0]
    });
    let extra =
        "  /a: { rop: position }\n  /b: { rop: constant, params: { Color: [0.5, 0.25, 1, 1] } }\n";
    let node =
        "{ rop: sumFunction, params: { Weights: [2, -1, 0, 0], Offset: 0.1 }, inputs: [/a, /b] }";
    let out = sample(&gpu, &lib, &probe("probeColor3", node, extra), &pts);
    expect_vec("sumFunction 3D", &pts, &out, 4, 1e-5, |p| {
        [
            0.1 + 2.0 * p[0] as f64 - 0.5,
            0.1 + 2.0 * p[1] as f64 - 0.25,
            0.1 + 2.0 * p[2] as f64 - 1.0,
            0.1 + 2.0 - 1.0,
        ]
    });
    let node = "{ rop: productFunction, params: { Scale: 3 }, inputs: [/a, /b] }";
    let out = sample(&gpu, &lib, &probe("probeColor3", node, extra), &pts);
    expect_vec("productFunction 3D", &pts, &out, 4, 1e-5, |p| {
        [
            3.0 * p[0] as f64 * 0.5,
            3.0 * p[1] as f64 * 0.25,
            3.0 * p[2] as f64,
            3.0,
        ]
    });
    let extra =
        format!("{extra}  /m: {{ rop: position, params: {{ Component: x, Scale: 0.25 }} }}\n");
    let node = "{ rop: blendFunction, inputs: { a: /a, b: /b, mix: /m } }";
    let out = sample(&gpu, &lib, &probe("probeColor3", node, &extra), &pts);
    expect_vec("blendFunction 3D", &pts, &out, 4, 1e-5, |p| {
        let t = (0.25 * p[0] as f64).clamp(0.0, 1.0);
        let a = [p[0] as f64, p[1] as f64, p[2] as f64, 1.0];
        let b = [0.5, 0.25, 1.0, 1.0];
        [0, 1, 2, 3].map(|i| a[i] + (b[i] - a[i]) * t)
    });
}

/// exact: triangle's equilateral and isosceles shapes, pointed by Direction.
#[test]
fn triangle_has_equilateral_and_isosceles_shapes() {
    let Some(gpu) = gpu("triangle_has_equilateral_and_isosceles_shapes") else {
        return;
    };
    let lib = catalog_library();
    let pts = points2(5801, 200, -1.2, 1.2);
    let node = "{ rop: triangle, params: { Shape: isosceles, Width: 0.6, Height: 1.0, Direction: left, Translate: [0.1, -0.2] } }";
    let out = sample(&gpu, &lib, &sdf2(node, ""), &pts);
    let tri = [
        [0.1 - 0.5, -0.2],
        [0.1 + 0.5, -0.2 - 0.3],
        [0.1 + 0.5, -0.2 + 0.3],
    ];
    expect_exact("triangle isosceles left", &pts, &out, |p| {
        an::polygon(v2(p), &tri)
    });
    let node = "{ rop: triangle, params: { Shape: equilateral, Radius: 0.7, Direction: right } }";
    let out = sample(&gpu, &lib, &sdf2(node, ""), &pts);
    let tri: Vec<V2> = [0.0f64, 120.0, 240.0]
        .iter()
        .map(|a| [0.7 * a.to_radians().cos(), 0.7 * a.to_radians().sin()])
        .collect();
    expect_exact("triangle equilateral right", &pts, &out, |p| {
        an::polygon(v2(p), &tri)
    });
}
