//! The modes, parameters, variables and inputs added to the sdf ROPs so
//! that they do what the RayTK operators they stand in for do
//! (docs/raytk-operators.yaml, `parity: full`). Each check samples the GPU
//! and compares with a reference written here: the mode's formula in Rust,
//! an exact distance from the shape's geometry, or a symmetry between two
//! settings of the same ROP. Each says which in a comment.

use crate::catalog::an::{self, V2, V3};
use crate::catalog::*;
use crate::common::*;
use crate::parity::{expect_same, expect_vec, rot_axis, smoothstep};
use std::f64::consts::{PI, TAU};

// ---------------------------------------------------------------------------
// Helpers

/// The triangles of a frustum standing on y = 0: a base of half sizes
/// `a` (x, z), a top of half sizes `b` at y = `h`.
fn frustum_faces(a: V2, b: V2, h: f64) -> Vec<[V3; 3]> {
    let bot = [
        [-a[0], 0.0, -a[1]],
        [a[0], 0.0, -a[1]],
        [a[0], 0.0, a[1]],
        [-a[0], 0.0, a[1]],
    ];
    let top = [
        [-b[0], h, -b[1]],
        [b[0], h, -b[1]],
        [b[0], h, b[1]],
        [-b[0], h, b[1]],
    ];
    let mut quads = vec![bot, top];
    for i in 0..4 {
        let j = (i + 1) % 4;
        quads.push([bot[i], bot[j], top[j], top[i]]);
    }
    quads
        .iter()
        .flat_map(|q| [[q[0], q[1], q[2]], [q[0], q[2], q[3]]])
        .collect()
}

/// Signed distance to an axis-aligned box of half sizes `h` in any number
/// of dimensions.
fn box_n(q: &[f64], h: &[f64]) -> f64 {
    let d: Vec<f64> = q.iter().zip(h).map(|(a, b)| a.abs() - b).collect();
    let out = d.iter().map(|x| x.max(0.0).powi(2)).sum::<f64>().sqrt();
    out + d.iter().cloned().fold(f64::MIN, f64::max).min(0.0)
}

/// Distance to the nearest of the twelve edges of the box of half sizes `h`.
fn box_edges(p: V3, h: V3) -> f64 {
    let mut best = f64::MAX;
    for axis in 0..3 {
        let (o1, o2) = ((axis + 1) % 3, (axis + 2) % 3);
        for s1 in [-1.0, 1.0] {
            for s2 in [-1.0, 1.0] {
                let mut a = [0.0; 3];
                a[o1] = s1 * h[o1];
                a[o2] = s2 * h[o2];
                let mut b = a;
                a[axis] = -h[axis];
                b[axis] = h[axis];
                best = best.min(an::seg3(p, a, b));
            }
        }
    }
    best
}

/// A custom node returning (uv.x, uv.y, distance) of the 3D shape wired to
/// it, with the uv field switched on, under a vec3 -> vec4 probe.
fn uv_probe3(shape: &str) -> String {
    format!(
        "  /s:
    rop: custom
    custom:
      coordTypes: [vec3]
      returnTypes: [vec4]
      contextTypes: [Context]
      globalMacros: [[null, ROPKIT_SDF_UV]]
      inputs:
        - {{ name: shape, coordTypes: [vec3], returnTypes: [Sdf], contextTypes: [Context], required: true }}
      function: |
        ReturnT thismap(CoordT p, ContextT ctx) {{
          Sdf r = inputOp1(p, ctx);
          return vec4(r.uv, r.x, 0.0);
        }}
    inputs: [/shape]
  /shape: {shape}
  /out: {{ rop: probeColor3, inputs: [/s] }}\n"
    )
}

/// Signed distance, in the plane through the ring's axis, to the rounded
/// rectangle that is a twisted band's cross section at the point's azimuth
/// (ring around y; HalfTwists h, phase and rounding as mobiusRing's). The
/// band meets that plane in exactly this section, so its 3D distance is
/// never larger, and has the same sign.
fn mobius_section(q: V3, radius: f64, w: f64, t: f64, h: f64, phase: f64, round: f64) -> f64 {
    let phi = q[2].atan2(q[0]);
    let c = an::rot2(
        [q[0].hypot(q[2]) - radius, q[1]],
        -0.5 * h * phi - phase.to_radians(),
    );
    box_n(&c, &[0.5 * w - round, 0.5 * t - round]) - round
}

/// A bound's checks against a reference that the true distance never
/// exceeds and that has the true sign: the same sign away from the
/// surface, never above it, and not below `ratio` of it.
fn expect_under(
    what: &str,
    pts: &[[f32; 3]],
    out: &[[f32; 4]],
    ratio: f64,
    reference: impl Fn(&[f32; 3]) -> f64,
) {
    let bad: Vec<String> = pts
        .iter()
        .zip(out)
        .filter_map(|(p, v)| {
            let (got, s) = (v[0] as f64, reference(p));
            let wrong = (s.abs() > 0.01 && (got > 0.0) != (s > 0.0))
                || got.abs() > s.abs() + 1e-4
                || (s.abs() > 0.01 && got.abs() < ratio * s.abs());
            wrong.then(|| format!("  at {p:?}: got {got}, reference {s}"))
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

/// Exact distance to a tube of radius `t` along an arc of radius `r` in the
/// xy plane, its middle at +y and `half` radians to each side (the angle
/// from the middle growing towards -x).
fn arc_tube(q: V3, r: f64, t: f64, half: f64) -> f64 {
    let s = (-q[0]).atan2(q[1]);
    if s.abs() <= half {
        return (q[0].hypot(q[1]) - r).hypot(q[2]) - t;
    }
    let (sn, cs) = half.sin_cos();
    let e1 = an::len3(an::sub3(q, [-r * sn, r * cs, 0.0]));
    let e2 = an::len3(an::sub3(q, [r * sn, r * cs, 0.0]));
    e1.min(e2) - t
}

/// `q` turned back by `deg` degrees about z (right-handed).
fn turn_back_z(q: V3, deg: f64) -> V3 {
    let (s, c) = deg.to_radians().sin_cos();
    [c * q[0] + s * q[1], -s * q[0] + c * q[1], q[2]]
}

/// Exact signed distance to a band of half width `w` with flat ends around
/// the path that starts at the origin heading +y and bends towards +x
/// through `angle` (> 0) radians over `len`: the nearest of its two arcs
/// and two end segments, negative inside.
fn bent_band(p: V2, len: f64, angle: f64, w: f64) -> f64 {
    let rho = len / angle;
    let c = [rho, 0.0];
    let (a0, a1) = (PI - angle, PI);
    let at = |r: f64, a: f64| [c[0] + r * a.cos(), c[1] + r * a.sin()];
    let d = an::arc2(p, c, rho - w, a0, a1)
        .min(an::arc2(p, c, rho + w, a0, a1))
        .min(an::seg2(p, at(rho - w, a0), at(rho + w, a0)))
        .min(an::seg2(p, at(rho - w, a1), at(rho + w, a1)));
    let q = [p[0] - c[0], p[1] - c[1]];
    let th = (q[1].atan2(q[0]) - a0).rem_euclid(TAU);
    let inside = th <= angle && (an::len2(q) - rho).abs() <= w;
    if inside { -d } else { d }
}

/// Exact signed distance to the solid of revolution about the axis from
/// `s` to `e` whose profile, in (distance from the axis, height above `s`),
/// runs along `half` from the axis out and back to the axis: the distance,
/// in the half plane through the point, to that profile mirrored across
/// the axis.
fn revolved(p: V3, s: V3, e: V3, half: &[V2]) -> f64 {
    let axis = an::sub3(e, s);
    let h = an::len3(axis);
    let dir = [axis[0] / h, axis[1] / h, axis[2] / h];
    let d = an::sub3(p, s);
    let along = an::dot3(d, dir);
    let across = an::len3(an::sub3(
        d,
        [dir[0] * along, dir[1] * along, dir[2] * along],
    ));
    let mut full = half.to_vec();
    full.extend(
        half.iter()
            .rev()
            .skip(1)
            .take(half.len() - 2)
            .map(|v| [-v[0], v[1]]),
    );
    an::polygon([across, along], &full)
}

/// The corners of the regular polygon with `n` sides and corner radius `r`,
/// one side facing +x.
fn ngon(n: usize, r: f64) -> Vec<V2> {
    (0..n)
        .map(|k| {
            let a = PI / n as f64 + TAU * k as f64 / n as f64;
            [r * a.cos(), r * a.sin()]
        })
        .collect()
}

/// Distance to the wires of a torus grid around y: `nr` rings (circles of
/// radius `r` around the tube, the first at angle `sx` turns around the
/// axis) and `nb` bands (circles around the axis, the first at `sy` turns
/// around the tube), each wire by its own circle, the nearest.
fn torus_wires(q: V3, big: f64, r: f64, nr: usize, nb: usize, sx: f64, sy: f64) -> f64 {
    let rho = q[0].hypot(q[2]);
    let rings = (0..nr).map(|i| {
        let a = TAU * (i as f64 / nr as f64 + sx);
        let (s, c) = a.sin_cos();
        let v = [q[0] - big * c, q[1], q[2] - big * s];
        let across = -v[0] * s + v[2] * c;
        ((v[0] * c + v[2] * s).hypot(v[1]) - r).hypot(across)
    });
    let bands = (0..nb).map(|j| {
        let a = TAU * (j as f64 / nb as f64 + sy);
        (rho - (big + r * a.cos())).hypot(q[1] - r * a.sin())
    });
    rings.chain(bands).fold(f64::MAX, f64::min)
}

/// The arch's centre line folded to x >= 0 (a leg at x = r from y = -legs,
/// a corner arc of radius rc, the top at y = r; closed: and the bottom):
/// the distance to it, and whether the point lies inside the closed
/// outline.
fn arch_outline(p: V2, r: f64, rc: f64, legs: f64, closed: bool) -> (f64, bool) {
    let q = [p[0].abs(), p[1]];
    let k = r - rc;
    let mut d = an::seg2(q, [r, -legs], [r, k])
        .min(an::seg2(q, [0.0, r], [k, r]))
        .min(an::arc2(q, [k, k], rc, 0.0, PI / 2.0));
    if closed {
        d = d.min(an::seg2(q, [0.0, -legs], [r, -legs]));
    }
    let c = [q[0] - k, q[1] - k];
    let inside = q[0] <= r
        && q[1] >= -legs
        && q[1] <= r
        && (c[0] <= 0.0 || c[1] <= 0.0 || an::len2(c) <= rc);
    (d, inside)
}

/// The polynomial smooth minimum of lattice's blends.
fn smin(a: f64, b: f64, k: f64) -> f64 {
    if k <= 0.0 {
        return a.min(b);
    }
    let h = (k - (a - b).abs()).max(0.0) / k;
    a.min(b) - h * h * k * 0.25
}

/// RayTK's lattice kinds through a node at the origin (round bars of
/// radius t, joints blended by k): 4, the axis bars (cc) with the body
/// diagonals (bcc); 5, the face diagonals (fcc) with the body diagonals.
fn lattice_kind(c: V3, kind: usize, t: f64, k: f64) -> f64 {
    let o = c.map(f64::abs);
    let line = |a: usize, b: usize, n: usize| {
        let m = 0.5 * (o[a] + o[b]);
        ((o[a] - m).powi(2) + (o[b] - m).powi(2) + o[n].powi(2)).sqrt()
    };
    let fcc = |k: f64| smin(smin(line(0, 1, 2), line(0, 2, 1), k), line(1, 2, 0), k) - t;
    let cc = |k: f64| {
        smin(
            smin(o[1].hypot(o[2]), o[0].hypot(o[1]), k),
            o[0].hypot(o[2]),
            k,
        ) - t
    };
    let mean = (o[0] + o[1] + o[2]) / 3.0;
    let bcc = o.iter().map(|x| (x - mean).powi(2)).sum::<f64>().sqrt() - t;
    match kind {
        4 => smin(cc(0.5 * k), bcc, k),
        _ => smin(fcc(0.5 * k), bcc, k),
    }
}

/// The struts of a cubic cell of side `s` with its corner at `o`: its
/// twelve edges and the diagonals of its faces that avoid the corners `o`
/// and `o + (s, s, s)`.
fn cell_struts(o: V3, s: f64) -> Vec<(V3, V3)> {
    let at = |x: f64, y: f64, z: f64| [o[0] + x * s, o[1] + y * s, o[2] + z * s];
    let mut out = Vec::new();
    for axis in 0..3 {
        for (a, b) in [(0.0, 0.0), (0.0, 1.0), (1.0, 0.0), (1.0, 1.0)] {
            let mut u = [0.0; 3];
            u[(axis + 1) % 3] = a;
            u[(axis + 2) % 3] = b;
            let mut v = u;
            v[axis] = 1.0;
            out.push((at(u[0], u[1], u[2]), at(v[0], v[1], v[2])));
        }
    }
    for (u, v) in [
        ([0.0, 1.0, 0.0], [0.0, 0.0, 1.0]),
        ([0.0, 0.0, 1.0], [1.0, 0.0, 0.0]),
        ([1.0, 0.0, 0.0], [0.0, 1.0, 0.0]),
        ([1.0, 0.0, 1.0], [1.0, 1.0, 0.0]),
        ([1.0, 1.0, 0.0], [0.0, 1.0, 1.0]),
        ([0.0, 1.0, 1.0], [1.0, 0.0, 1.0]),
    ] {
        out.push((at(u[0], u[1], u[2]), at(v[0], v[1], v[2])));
    }
    out
}

/// The distance from p to bezierTube's default curve (A (-0.8, -0.3, 0),
/// Control (0, 0.8, 0.3), B (0.8, -0.3, 0)) and the parameter of its
/// nearest point: a dense scan, then a ternary search.
fn bezier_near(p: V3) -> (f64, f64) {
    let (a, c, b) = ([-0.8, -0.3, 0.0], [0.0, 0.8, 0.3], [0.8, -0.3, 0.0]);
    let at = |t: f64| -> V3 {
        [0, 1, 2].map(|i| (1.0 - t) * (1.0 - t) * a[i] + 2.0 * (1.0 - t) * t * c[i] + t * t * b[i])
    };
    let f = |t: f64| {
        let d = an::sub3(p, at(t));
        an::dot3(d, d)
    };
    let n: usize = 2000;
    let best = (0..=n)
        .min_by(|&i, &j| f(i as f64 / n as f64).total_cmp(&f(j as f64 / n as f64)))
        .unwrap();
    let (mut lo, mut hi) = (
        best.saturating_sub(1) as f64 / n as f64,
        (best + 1).min(n) as f64 / n as f64,
    );
    for _ in 0..60 {
        let (m1, m2) = (lo + (hi - lo) / 3.0, hi - (hi - lo) / 3.0);
        if f(m1) < f(m2) {
            hi = m2;
        } else {
            lo = m1;
        }
    }
    let t = 0.5 * (lo + hi);
    (f(t).sqrt(), t)
}

/// Two 3D shapes under one probe (one shader for two checks): a custom node
/// returning (a's distance, b's distance, b's orbit trap w), with the trap
/// switched on.
fn pair_probe(a: &str, b: &str) -> String {
    pair_probe_in("vec3", "probeColor3", a, b)
}

/// [`pair_probe`] for two 2D shapes.
fn pair_probe2(a: &str, b: &str) -> String {
    pair_probe_in("vec2", "probeColor2", a, b)
}

fn pair_probe_in(coord: &str, probe: &str, a: &str, b: &str) -> String {
    format!(
        "  /s:
    rop: custom
    custom:
      coordTypes: [{coord}]
      returnTypes: [vec4]
      contextTypes: [Context]
      globalMacros: [[null, ROPKIT_SDF_ORBIT_TRAP]]
      inputs:
        - {{ name: a, coordTypes: [{coord}], returnTypes: [Sdf], contextTypes: [Context], required: true }}
        - {{ name: b, coordTypes: [{coord}], returnTypes: [Sdf], contextTypes: [Context], required: true }}
      function: |
        ReturnT thismap(CoordT p, ContextT ctx) {{
          Sdf r = inputOp2(p, ctx);
          return vec4(inputOp1(p, ctx).x, r.x, r.orbitTrap.w, 0.0);
        }}
    inputs: [/a, /b]
  /a: {a}
  /b: {b}
  /out: {{ rop: {probe}, inputs: [/s] }}\n"
    )
}

/// Three 3D shapes under one probe: (a's, b's and c's distances).
fn trio_probe(a: &str, b: &str, c: &str) -> String {
    let input = |n: &str| {
        format!(
            "        - {{ name: {n}, coordTypes: [vec3], returnTypes: [Sdf], contextTypes: [Context], required: true }}\n"
        )
    };
    format!(
        "  /s:
    rop: custom
    custom:
      coordTypes: [vec3]
      returnTypes: [vec4]
      contextTypes: [Context]
      inputs:
{}{}{}      function: |
        ReturnT thismap(CoordT p, ContextT ctx) {{
          return vec4(inputOp1(p, ctx).x, inputOp2(p, ctx).x, inputOp3(p, ctx).x, 0.0);
        }}
    inputs: [/shape1, /shape2, /shape3]
  /shape1: {a}
  /shape2: {b}
  /shape3: {c}
  /out: {{ rop: probeColor3, inputs: [/s] }}\n",
        input("a"),
        input("b"),
        input("c")
    )
}

/// Channel `i` of each sample, moved to the first channel.
fn channel(out: &[[f32; 4]], i: usize) -> Vec<[f32; 4]> {
    out.iter().map(|v| [v[i], 0.0, 0.0, 0.0]).collect()
}

// ---------------------------------------------------------------------------
// Primitives

#[test]
fn sdf_primitives_have_their_raytk_modes() {
    let Some(gpu) = gpu("sdf_primitives_have_their_raytk_modes") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(5101, 150, -1.5, 1.5);

    // exact distance: truncatedPyramid with a rectangular footprint, moved,
    // and turned onto x (the frame zxy), against the convex solid; its top
    // width driven by the height variable (normoffset) plus 0.2, at each
    // point the frustum of that top.
    let extra = "  /v: { rop: variableReference, params: { Name: normoffset, Type: float } }\n  /m: { rop: math, params: { Operation: add, Value: 0.2 }, inputs: [/v] }\n";
    let node = "{ rop: truncatedPyramid, params: { Base: 1.4, BaseDepth: 0.8, TopDepth: 0.6, Height: 0.9, Footprint: rectangle, Axis: x, Translate: [0.1, -0.2, 0.05] }, inputs: { Top: /m } }";
    let out = sample(&gpu, &lib, &sdf3(node, extra), &pts);
    expect_exact(
        "truncatedPyramid rectangle, Axis x, normoffset",
        &pts,
        &out,
        |p| {
            let q = v3(p);
            let local = [q[2] - 0.05, q[0] - 0.1, q[1] + 0.2];
            let t = 0.5 * (0.2 + (local[1] / 0.9).clamp(0.0, 1.0));
            an::convex(local, &frustum_faces([0.7, 0.4], [t, 0.3], 0.9))
        },
    );

    // formula: box endless along y with Uniform scale multiplying Size, as
    // a cheap box: the largest distance to a face plane (the two across
    // y); UV mode bounds is the place across the box on x, and along the
    // endless y the coordinate itself.
    let node = "{ rop: box, params: { Size: [0.8, 0.6, 0.9], UniformScale: 1.5, InfiniteAxis: y, BoxType: cheap, UvMode: bounds, Translate: [0.1, 0.3, -0.2] } }";
    let out = sample(&gpu, &lib, &uv_probe3(node), &pts);
    expect_vec(
        "box InfiniteAxis y, UniformScale, cheap, bounds",
        &pts,
        &out,
        3,
        1e-4,
        |p| {
            let q = an::sub3(v3(p), [0.1, 0.3, -0.2]);
            [
                q[0] / 1.2 + 0.5,
                q[1],
                (q[0].abs() - 0.6).max(q[2].abs() - 0.675),
                0.0,
            ]
        },
    );

    // exact distance (the same min of tubes): boxFrame's round bars are
    // tubes of radius Thickness around the edges of the box inset by it
    // (here centred on the box's edges).
    let node = "{ rop: boxFrame, params: { Size: [1.6, 1.2, 1.0], Thickness: 0.08, BarShape: round, ThicknessMode: centered, Translate: [0.1, 0, -0.1] } }";
    let out = sample(&gpu, &lib, &sdf3(node, ""), &pts);
    expect_exact("boxFrame round centered", &pts, &out, |p| {
        let q = v3(p);
        box_edges([q[0] - 0.1, q[1], q[2] + 0.1], [0.8, 0.6, 0.5]) - 0.08
    });
    // exact distance outside (the nearest of the twelve square bars, each a
    // box; inside, the sign): square bars outset lie outside the box of
    // Size, so they are the bars of the box larger by four thicknesses;
    // the UVs of mode bounds span that outer box.
    let node = "{ rop: boxFrame, params: { Size: [1.6, 1.2, 1.0], Thickness: 0.08, ThicknessMode: outset, UvMode: bounds, Translate: [0.1, 0.2, 0] } }";
    let out = sample(&gpu, &lib, &uv_probe3(node), &pts);
    let outer = [0.96, 0.76, 0.66];
    let bars = |q: V3| {
        let mut best = f64::MAX;
        for axis in 0..3 {
            let mut h = [0.08; 3];
            h[axis] = outer[axis];
            for s1 in [-1.0, 1.0] {
                for s2 in [-1.0, 1.0] {
                    let mut c = [0.0; 3];
                    c[(axis + 1) % 3] = s1 * (outer[(axis + 1) % 3] - 0.08);
                    c[(axis + 2) % 3] = s2 * (outer[(axis + 2) % 3] - 0.08);
                    best = best.min(box_n(&an::sub3(q, c), &h));
                }
            }
        }
        best
    };
    for (p, v) in pts.iter().zip(&out) {
        let q = an::sub3(v3(p), [0.1, 0.2, 0.0]);
        let want = bars(q);
        let ok = if want > 0.0 {
            close(v[2] as f64, want, TOL)
        } else {
            v[2] <= 1e-4
        };
        assert!(ok, "boxFrame outset at {p:?}: {}, want {want}", v[2]);
    }
    expect_vec("boxFrame UvMode bounds", &pts, &out, 2, 1e-4, |p| {
        let q = v3(p);
        [
            (q[0] - 0.1) / 1.92 + 0.5,
            (q[1] - 0.2) / 1.52 + 0.5,
            0.0,
            0.0,
        ]
    });

    // exact distance: cappedTorus turned by Angle offset around x (the
    // ring's frame yzx), its tube radius driven by the place along the arc
    // (normangle, 0 to 1 between the ends): 0.05 + 0.2 of it. formula:
    // torus's tube radius driven the same way by the angle around its axis
    // (normangle, the UV's u: around x from y towards z).
    let extra = "  /v: { rop: variableReference, params: { Name: normangle, Type: float } }\n  /m: { rop: math, params: { Operation: multiply, Value: 0.2 }, inputs: [/v] }\n  /w: { rop: math, params: { Operation: add, Value: 0.05 }, inputs: [/m] }\n";
    let ring = "{ rop: torus, params: { Radius: 0.8, Axis: x }, inputs: { Thickness: /w } }";
    let arc = "{ rop: cappedTorus, params: { Radius: 0.9, Angle: 100, AngleOffset: -30, Axis: x }, inputs: { Thickness: /w } }";
    let out = sample(
        &gpu,
        &lib,
        &format!("{}{extra}", pair_probe(ring, arc)),
        &pts,
    );
    expect_exact("torus normangle", &pts, &channel(&out, 0), |p| {
        let q = v3(p);
        let u = q[2].atan2(q[1]) / TAU + 0.5;
        (q[1].hypot(q[2]) - 0.8).hypot(q[0]) - (0.05 + 0.2 * u)
    });
    expect_exact(
        "cappedTorus AngleOffset, Axis x, normangle",
        &pts,
        &channel(&out, 1),
        |p| {
            let q = turn_back_z([p[1] as f64, p[2] as f64, p[0] as f64], -30.0);
            let half = 100f64.to_radians();
            let along = (-q[0]).atan2(q[1]) / (2.0 * half) + 0.5;
            arc_tube(q, 0.9, 0.05 + 0.2 * along, half)
        },
    );

    // exact distance: joint with a square section, along z bending towards
    // -x (a negative Angle; the frame xzy): the mirror image of the flat
    // band bending towards +x, extruded across its plane. formula: its UVs
    // where the point lies beside the arc, the offset across (towards the
    // side it bends to) and the arc length over Length.
    let node = "{ rop: joint, params: { Length: 1.5, Angle: -2.0, Thickness: 0.2, Shape: square, Direction: zx } }";
    let out = sample(&gpu, &lib, &uv_probe3(node), &pts);
    let flat: Vec<[f32; 4]> = out.iter().map(|v| [v[2], 0.0, 0.0, 0.0]).collect();
    expect_exact("joint square, Angle -2, Direction zx", &pts, &flat, |p| {
        let q = v3(p);
        an::extrude(bent_band([-q[0], q[2]], 1.5, 2.0, 0.2), q[1], 0.2)
    });
    for (p, v) in pts.iter().zip(&out) {
        let q = v3(p);
        let c = [q[0] + 0.75, q[2]];
        let t = c[1].atan2(c[0]).rem_euclid(TAU);
        if t <= 2.0 {
            let want = [an::len2(c) - 0.75, 0.75 * t / 1.5];
            assert!(
                close(v[0] as f64, want[0], 1e-4) && close(v[1] as f64, want[1], 1e-4),
                "joint UV at {p:?}: {v:?}, want {want:?}"
            );
        }
    }

    // exact distance: cappedCone with Mode points, from Start to End, its
    // top radius driven by the height variable (normoffset, 0 at the base
    // and 1 at the top): 0.1 + 0.4 of it; and cone along x, its radius
    // driven by the angle around the axis (the vec4 variable's z, here
    // named axisvars: from y towards z, 0..1).
    let (s0, e0) = ([0.2, -0.5, 0.1], [-0.4, 0.7, 0.5]);
    let extra = "  /v: { rop: variableReference, params: { Name: normoffset, Type: float } }\n  /m: { rop: math, params: { Operation: multiply, Value: 0.4 }, inputs: [/v] }\n  /w: { rop: math, params: { Operation: add, Value: 0.1 }, inputs: [/m] }\n  /v2: { rop: variableReference, params: { Name: axisvars, Type: vec4 } }\n  /c2: { rop: vectorToFloat, params: { Part: z }, inputs: [/v2] }\n  /m2: { rop: math, params: { Operation: multiply, Value: 0.4 }, inputs: [/c2] }\n  /w2: { rop: math, params: { Operation: add, Value: 0.1 }, inputs: [/m2] }\n";
    let capped = "{ rop: cappedCone, params: { Mode: points, Start: [0.2, -0.5, 0.1], End: [-0.4, 0.7, 0.5], BottomRadius: 0.5 }, inputs: { TopRadius: /w } }";
    let pointed = "{ rop: cone, params: { Height: 1.2, Axis: x, Translate: [-0.3, 0.1, 0], Name: axisvars, Type: vec4 }, inputs: { Radius: /w2 } }";
    let out = sample(
        &gpu,
        &lib,
        &format!("{}{extra}", pair_probe(capped, pointed)),
        &pts,
    );
    expect_exact(
        "cappedCone points, normoffset",
        &pts,
        &channel(&out, 0),
        |p| {
            let q = v3(p);
            let axis = an::sub3(e0, s0);
            let h = an::len3(axis);
            let t = 0.1 + 0.4 * (an::dot3(an::sub3(q, s0), axis) / (h * h)).clamp(0.0, 1.0);
            revolved(q, s0, e0, &[[0.0, 0.0], [0.5, 0.0], [t, h], [0.0, h]])
        },
    );
    expect_exact("cone Axis x, normangle", &pts, &channel(&out, 1), |p| {
        let q = [p[0] as f64 + 0.3, p[1] as f64 - 0.1, p[2] as f64];
        let t = 0.1 + 0.4 * (q[2].atan2(q[1]) / TAU + 0.5);
        revolved(
            q,
            [0.0; 3],
            [1.2, 0.0, 0.0],
            &[[0.0, 0.0], [t, 0.0], [0.0, 1.2]],
        )
    });

    // exact distance: prism along x (the cross section in y, z), endless
    // and hollow, its radius driven by the position along the axis (the
    // vec4 variable's x): 0.6 + 0.3 of it; the hole's corners lie Thickness
    // inside. formula: its cylindrical UVs, the angle around x from y
    // towards z and (endless) the position along x.
    let extra = "  /v: { rop: variableReference, params: { Name: normoffset, Type: vec4 } }\n  /c: { rop: vectorToFloat, params: { Part: x }, inputs: [/v] }\n  /m: { rop: math, params: { Operation: multiply, Value: 0.3 }, inputs: [/c] }\n  /w: { rop: math, params: { Operation: add, Value: 0.6 }, inputs: [/m] }\n";
    let node = "{ rop: prism, params: { Sides: 5, Axis: x, Infinite: true, Hollow: true, Thickness: 0.2, UvMode: cylindrical, Type: vec4 }, inputs: { Radius: /w } }";
    let out = sample(&gpu, &lib, &format!("{}{extra}", uv_probe3(node)), &pts);
    let flat: Vec<[f32; 4]> = out.iter().map(|v| [v[2], 0.0, 0.0, 0.0]).collect();
    expect_exact(
        "prism Axis x, Infinite, Hollow, axispos",
        &pts,
        &flat,
        |p| {
            let q = [p[1] as f64, p[2] as f64];
            let r = 0.6 + 0.3 * p[0] as f64;
            an::polygon(q, &ngon(5, r)).max(-an::polygon(q, &ngon(5, r - 0.2)))
        },
    );
    expect_vec("prism UvMode cylindrical", &pts, &out, 2, 1e-4, |p| {
        let q = v3(p);
        [q[2].atan2(q[1]) / TAU + 0.5, q[0], 0.0, 0.0]
    });

    // formula (each bar's exact distance, joined by the round union):
    // axisCross with endless square bars whose half widths differ per
    // axis, on the axes z and x only, joined with fillets of radius 0.1.
    let node = "{ rop: axisCross, params: { Thickness: 0.1, Size: [1, 1.5, 2], Infinite: true, SmoothRadius: 0.1, Axes: zx, Translate: [0.05, 0, 0] } }";
    let out = sample(&gpu, &lib, &sdf3(node, ""), &pts);
    expect_exact(
        "axisCross Infinite, Size, SmoothRadius, Axes zx",
        &pts,
        &out,
        |p| {
            let q = an::sub3(v3(p), [0.05, 0.0, 0.0]);
            let bx = box_n(&[q[1], q[2]], &[0.15, 0.2]);
            let bz = box_n(&[q[0], q[1]], &[0.1, 0.15]);
            let u = [(0.1 - bz).max(0.0), (0.1 - bx).max(0.0)];
            bz.min(bx).max(0.1) - an::len2(u)
        },
    );

    // formula: endless rings laid out as nested diamonds across x (the
    // frame zxy), the cross section a wired-in circle at (offset out from
    // the ring, position along the axis) whose radius is driven by the
    // ring number (ring, from -1 here, the innermost ring at radius 0.05):
    // 0.03 + 0.02 of it.
    let extra = "  /v: { rop: variableReference, params: { Name: ring, Type: float } }\n  /m: { rop: math, params: { Operation: multiply, Value: 0.02 }, inputs: [/v] }\n  /w: { rop: math, params: { Operation: add, Value: 0.03 }, inputs: [/m] }\n  /c: { rop: circle, inputs: { Radius: /w } }\n";
    let node = "{ rop: rings, params: { Layout: diamond, Infinite: true, Axis: x, Start: 0.25, Spacing: 0.2 }, inputs: { crossSection: /c } }";
    let out = sample(&gpu, &lib, &sdf3(node, extra), &pts);
    expect_exact(
        "rings Layout diamond, Infinite, crossSection, ring",
        &pts,
        &out,
        |p| {
            let q = [p[2] as f64, p[0] as f64, p[1] as f64];
            let r = (q[0].abs() + q[2].abs()) * 0.5f64.sqrt();
            let k = ((r - 0.25) / 0.2 + 0.5).floor().max(-1.0);
            (r - (0.25 + k * 0.2)).hypot(q[1]) - (0.03 + 0.02 * k)
        },
    );

    // exact distance outside the wires (each wire's circle, the nearest):
    // torusGrid around z (the frame yzx), its rings and bands turned by
    // Shift, the wire radius driven by the band number (the vec4
    // variable's y): 0.02 + 0.01 of it.
    let extra = "  /v: { rop: variableReference, params: { Name: normangle, Type: vec4 } }\n  /c: { rop: vectorToFloat, params: { Part: y }, inputs: [/v] }\n  /m: { rop: math, params: { Operation: multiply, Value: 0.01 }, inputs: [/c] }\n  /w: { rop: math, params: { Operation: add, Value: 0.02 }, inputs: [/m] }\n";
    let node = "{ rop: torusGrid, params: { Rings: 7, Bands: 5, Radius: 0.7, TubeRadius: 0.3, Shift: [0.05, 0.1], Axis: z, Type: vec4 }, inputs: { Thickness: /w } }";
    let out = sample(&gpu, &lib, &sdf3(node, extra), &pts);
    expect_exact("torusGrid Shift, Axis z, row", &pts, &out, |p| {
        let q = [p[1] as f64, p[2] as f64, p[0] as f64];
        let psi = q[1].atan2(q[0].hypot(q[2]) - 0.7) - 0.1 * TAU;
        let row = (psi / (TAU / 5.0) + 0.5).floor().rem_euclid(5.0);
        torus_wires(q, 0.7, 0.3, 7, 5, 0.05, 0.1) - (0.02 + 0.01 * row)
    });

    // exact distance: arch with its top corners rounded to 0.4 of Radius,
    // the band (half width t) around the open outline cut flat at the foot,
    // and the panel filling the closed outline with its own depth.
    let node = "{ rop: arch, params: { Rounding: 0.4, Panel: true, PanelDepth: 0.1, Translate: [0.1, 0, 0] } }";
    let out = sample(&gpu, &lib, &sdf3(node, ""), &pts);
    expect_exact("arch Rounding, Panel", &pts, &out, |p| {
        let q = an::sub3(v3(p), [0.1, 0.0, 0.0]);
        let (r, rc, legs, t) = (0.5, 0.2, 0.5, 0.1);
        let foot = q[1] + legs;
        let across = ((q[0].abs() - r).abs() - t).max(0.0);
        let band = if foot < 0.0 {
            across.hypot(foot)
        } else {
            let side = arch_outline([q[0], q[1]], r, rc, legs, false).0 - t;
            if side > 0.0 { side } else { -(-side).min(foot) }
        };
        let (e, inside) = arch_outline([q[0], q[1]], r, rc, legs, true);
        an::extrude(band, q[2], 0.15).min(an::extrude(if inside { -e } else { e }, q[2], 0.05))
    });

    // exact distance away from the joints (here there are none): lattice
    // as a grid across x (the frame zxy) with only its bars along z, of
    // diamond section, repeating along y every Spacing times Axis
    // spacing's y. formula: lattice Kind 4.6 eases from kind 4 (axis bars
    // and body diagonals) towards kind 5 (face and body diagonals) by
    // smoothstep(0.6^3), in each cell around its node.
    let grid = "{ rop: lattice, params: { Layout: grid, Axis: x, Pattern: hbars, Shape: diamond, Spacing: 0.4, AxisSpacing: [1, 1.5, 2], Thickness: 0.08, Translate: [0.1, 0.2, 0] } }";
    let kind = "{ rop: lattice, params: { Kind: 4.6, Spacing: 0.6, Thickness: 0.04, Blend: 0.1 } }";
    let out = sample(&gpu, &lib, &pair_probe(grid, kind), &pts);
    expect_exact(
        "lattice grid, Axis x, hbars, diamond",
        &pts,
        &channel(&out, 0),
        |p| {
            let q = an::sub3(v3(p), [0.1, 0.2, 0.0]);
            let y = q[1] - 0.6 * (q[1] / 0.6 + 0.5).floor();
            // The diamond: the square of half diagonal 0.08 turned 45 degrees.
            let r = [
                (y.abs() + q[0].abs()) * 0.5f64.sqrt(),
                (q[0].abs() - y.abs()) * 0.5f64.sqrt(),
            ];
            box_n(&r, &[0.08 * 0.5f64.sqrt(); 2])
        },
    );
    expect_exact("lattice Kind 4.6", &pts, &channel(&out, 1), |p| {
        let c = v3(p).map(|x| x - 0.6 * (x / 0.6 + 0.5).floor());
        let u = smoothstep(0.0, 1.0, 0.6f64.powi(3));
        lattice_kind(c, 4, 0.04, 0.1) * (1.0 - u) + lattice_kind(c, 5, 0.04, 0.1) * u
    });
    // exact distance (brute force over every strut of every cell): the
    // cubic space frame, two cells along x, one along y and endless along
    // z (here eleven cells), each with its edges and face diagonals.
    let node = "{ rop: spaceFrame, params: { Layout: cubic, Spacing: 0.7, Thickness: 0.05, Cells: [2, 1, 0], Translate: [0, 0.2, 0] } }";
    let out = sample(&gpu, &lib, &sdf3(node, ""), &pts);
    let struts: Vec<(V3, V3)> = (0..2)
        .flat_map(|i| {
            (-5..=5).flat_map(move |k| {
                cell_struts(
                    [(i - 1) as f64 * 0.7, -0.35 + 0.2, (k as f64 - 0.5) * 0.7],
                    0.7,
                )
            })
        })
        .collect();
    expect_exact("spaceFrame cubic, Cells", &pts, &out, |p| {
        let q = v3(p);
        struts
            .iter()
            .map(|(a, b)| an::seg3(q, *a, *b))
            .fold(f64::MAX, f64::min)
            - 0.05
    });

    // formula (the nearest curve point by brute force): bezierTube's radius
    // tapers from Thickness at A to twice it at B, Thickness itself driven
    // by the curve parameter of the nearest point (normoffset): 0.05 +
    // 0.05 of it.
    let extra = "  /v: { rop: variableReference, params: { Name: normoffset, Type: float } }\n  /m: { rop: math, params: { Operation: multiply, Value: 0.05 }, inputs: [/v] }\n  /w: { rop: math, params: { Operation: add, Value: 0.05 }, inputs: [/m] }\n";
    let node = "{ rop: bezierTube, params: { EndScale: 2 }, inputs: { Thickness: /w } }";
    let out = sample(&gpu, &lib, &sdf3(node, extra), &pts);
    expect_exact("bezierTube EndScale, normoffset", &pts, &out, |p| {
        let (d, t) = bezier_near(v3(p));
        d - (0.05 + 0.05 * t) * (1.0 + t)
    });

    // exact distance: polyline with Mode pairs, separate segments from
    // point 1 to 2, 3 to 4 and 5 to 6 (Count 6, the default points), the
    // radius driven by the nearest segment's number (the vec4 variable's
    // x): 0.03 + 0.02 of it; pointPolyline with Mode pairs, separate
    // segments between its listed points two by two (an odd last point
    // left out); and polyline with Mode fields, five segments from Point A,
    // driven by the segment's number i (the variable's x while the points
    // are read) to (0.4 i - 0.8, 0, 0), to a fixed Point B.
    let extra = "  /v: { rop: variableReference, params: { Name: normoffset, Type: vec4 } }\n  /c: { rop: vectorToFloat, params: { Part: x }, inputs: [/v] }\n  /m: { rop: math, params: { Operation: multiply, Value: 0.02 }, inputs: [/c] }\n  /w: { rop: math, params: { Operation: add, Value: 0.03 }, inputs: [/m] }\n  /m4: { rop: math, params: { Operation: multiply, Value: 0.4 }, inputs: [/c] }\n  /x4: { rop: math, params: { Operation: add, Value: -0.8 }, inputs: [/m4] }\n  /a4: { rop: floatToVector, params: { SourceY: zero, SourceZ: zero }, inputs: { input1: /x4 } }\n";
    let eight = "{ rop: polyline, params: { Mode: pairs, Count: 6, Type: vec4 }, inputs: { Thickness: /w } }";
    let listed = "{ rop: pointPolyline, params: { Mode: pairs, Thickness: 0.04, Points: [[-0.8, -0.4, 0], [-0.3, 0.4, 0.1], [0.2, -0.4, 0], [0.7, 0.4, 0.3], [0.7, 0.4, 0.6], [0.2, -0.4, 0.6], [1, 1, 1]] } }";
    let fielded = "{ rop: polyline, params: { Mode: fields, Segments: 5, PointB: [0, 0.8, 0.3], Thickness: 0.05, Type: vec4 }, inputs: { PointA: /a4 } }";
    let out = sample(
        &gpu,
        &lib,
        &format!("{}{extra}", trio_probe(eight, listed, fielded)),
        &pts,
    );
    expect_exact("polyline Mode fields", &pts, &channel(&out, 2), |p| {
        let q = v3(p);
        (0..5)
            .map(|i| an::seg3(q, [0.4 * i as f64 - 0.8, 0.0, 0.0], [0.0, 0.8, 0.3]))
            .fold(f64::MAX, f64::min)
            - 0.05
    });
    let ends: [V3; 6] = [
        [-0.8, -0.4, 0.0],
        [-0.3, 0.4, 0.0],
        [0.2, -0.4, 0.0],
        [0.7, 0.4, 0.0],
        [0.7, 0.4, 0.6],
        [0.2, -0.4, 0.6],
    ];
    expect_exact(
        "polyline Mode pairs, segment index",
        &pts,
        &channel(&out, 0),
        |p| {
            let q = v3(p);
            let (d, i) = (0..3)
                .map(|i| (an::seg3(q, ends[2 * i], ends[2 * i + 1]), i))
                .fold((f64::MAX, 0), |a, b| if b.0 < a.0 { b } else { a });
            d - (0.03 + 0.02 * i as f64)
        },
    );
    let list: [V3; 7] = [
        [-0.8, -0.4, 0.0],
        [-0.3, 0.4, 0.1],
        [0.2, -0.4, 0.0],
        [0.7, 0.4, 0.3],
        [0.7, 0.4, 0.6],
        [0.2, -0.4, 0.6],
        [1.0, 1.0, 1.0],
    ];
    expect_exact("pointPolyline Mode pairs", &pts, &channel(&out, 1), |p| {
        let q = v3(p);
        (0..3)
            .map(|i| an::seg3(q, list[2 * i], list[2 * i + 1]))
            .fold(f64::MAX, f64::min)
            - 0.04
    });

    // formula (the union of every part, each exact, over all twenty
    // directions): geodesicSphere with Shape faces at Frequency 1 is the
    // icosahedron (facets normal to the dodecahedron's corners), with a
    // cone along each facet normal (base 0.3 out, 0.6 long, radius 0.15)
    // and a wired-in ball of radius 0.1 at each tip.
    let phi = (1.0 + 5f64.sqrt()) / 2.0;
    let mut dirs: Vec<V3> = Vec::new();
    for a in [-1.0, 1.0] {
        for b in [-1.0, 1.0] {
            for c in [-1.0, 1.0] {
                dirs.push([a, b, c]);
            }
            dirs.push([0.0, a * phi, b / phi]);
            dirs.push([a * phi, b / phi, 0.0]);
            dirs.push([b / phi, 0.0, a * phi]);
        }
    }
    let dirs: Vec<V3> = dirs.iter().map(|v| v.map(|x| x / an::len3(*v))).collect();
    let extra = "  /t: { rop: sphere, params: { Radius: 0.1 } }\n";
    let node = "{ rop: geodesicSphere, params: { Frequency: 1, Shape: faces, Radius: 0.5, Spikes: true, SpikeOffset: 0.3, SpikeLength: 0.6, SpikeRadius: 0.15 }, inputs: { tip: /t } }";
    let out = sample(&gpu, &lib, &sdf3(node, extra), &pts);
    expect_exact("geodesicSphere Shape faces, Spikes, tip", &pts, &out, |p| {
        let q = v3(p);
        let facets = dirs
            .iter()
            .map(|n| an::dot3(q, *n))
            .fold(f64::MIN, f64::max)
            - 0.5;
        let spikes = dirs
            .iter()
            .map(|n| {
                let cone = revolved(
                    q,
                    n.map(|x| x * 0.3),
                    n.map(|x| x * 0.9),
                    &[[0.0, 0.0], [0.15, 0.0], [0.0, 0.6]],
                );
                cone.min(an::len3(an::sub3(q, n.map(|x| x * 0.9))) - 0.1)
            })
            .fold(f64::MAX, f64::min);
        facets.min(spikes)
    });

    // exact distance: stack with Mode slices, RayTK's row along x of one
    // slice per listed size (half sizes; the entry with x <= 0 left out),
    // widened to Total width 1.2, times Size multiplier less Size offset,
    // with nothing wired in: boxes. And the same slices holding a wired-in
    // ball whose radius is the slice's y size (the size variable's y).
    let sizes = "[[0.3, 0.5, 0.5], [0.2, 0.35, 0.35], [-1, 0, 0], [0.4, 0.25, 0.25]]";
    let boxes = format!(
        "{{ rop: stack, params: {{ Mode: slices, Sizes: {sizes}, WidthMode: normalized, TotalWidth: 1.2, SizeMult: [1, 1.2, 0.8], SizeOffset: [0.02, 0, 0], Translate: [0, 0.1, 0] }} }}"
    );
    let balls =
        format!("{{ rop: stack, params: {{ Mode: slices, Sizes: {sizes} }}, inputs: [/sp] }}");
    let extra = "  /v: { rop: variableReference, params: { Name: size, Type: vec4 } }\n  /c: { rop: vectorToFloat, params: { Part: y }, inputs: [/v] }\n  /sp: { rop: sphere, inputs: { Radius: /c } }\n";
    let out = sample(
        &gpu,
        &lib,
        &format!("{}{extra}", pair_probe(&boxes, &balls)),
        &pts,
    );
    let list: [V3; 3] = [[0.3, 0.5, 0.5], [0.2, 0.35, 0.35], [0.4, 0.25, 0.25]];
    expect_exact(
        "stack slices, normalized, boxes",
        &pts,
        &channel(&out, 0),
        |p| {
            let q = an::sub3(v3(p), [0.0, 0.1, 0.0]);
            let stretch = 1.2 / 0.9;
            let mut x = q[0] + 1.2;
            let mut best = f64::MAX;
            for s in list {
                x -= s[0] * stretch;
                let inner = [s[0] * stretch - 0.02, s[1] * 1.2, s[2] * 0.8];
                best = best.min(box_n(&[x, q[1], q[2]], &inner));
                x -= s[0] * stretch;
            }
            best
        },
    );
    expect_exact(
        "stack slices, size variable",
        &pts,
        &channel(&out, 1),
        |p| {
            let q = v3(p);
            let mut x = q[0] + 0.9;
            let mut best = f64::MAX;
            for s in list {
                x -= s[0];
                best = best.min(an::len3([x, q[1], q[2]]) - s[1]);
                x -= s[0];
            }
            best
        },
    );

    // bound: mobiusRing with a fractional twist, a phase, rounding and
    // Axis x (the frame zxy), its width driven by the angle variable
    // (normangle): 0.2 + 0.4 of it, against its cross section in the plane
    // through the axis.
    let extra = "  /v: { rop: variableReference, params: { Name: normangle, Type: float } }\n  /m: { rop: math, params: { Operation: multiply, Value: 0.4 }, inputs: [/v] }\n  /w: { rop: math, params: { Operation: add, Value: 0.2 }, inputs: [/m] }\n";
    let node = "{ rop: mobiusRing, params: { Radius: 0.7, Thickness: 0.2, HalfTwists: 1.5, TwistPhase: 25, Rounding: 0.06, Axis: x }, inputs: { Width: /w } }";
    let out = sample(&gpu, &lib, &sdf3(node, extra), &pts);
    expect_under(
        "mobiusRing twist, phase, rounding, normangle",
        &pts,
        &out,
        0.3,
        |p| {
            let q = [p[2] as f64, p[0] as f64, p[1] as f64];
            let n = q[2].atan2(q[0]) / TAU + 0.5;
            mobius_section(q, 0.7, 0.2 + 0.4 * n, 0.2, 1.5, 25.0, 0.06)
        },
    );
}

/// gyroid's field over its slope bound, in 2D or 3D: frequency `s`, axis
/// scale `k`, sine and cosine periods `p1`, `p2` and phases `f1`, `f2`.
/// In step (the same periods and phases) the slope is the gyroid's own
/// (sqrt 3, in 2D sqrt 2) times the largest stretch; otherwise each
/// coordinate's is the sum of its sine's and cosine's rates.
#[allow(clippy::too_many_arguments)]
fn gyroid_d(
    q: &[f64],
    s: f64,
    k: &[f64],
    p1: &[f64],
    p2: &[f64],
    f1: &[f64],
    f2: &[f64],
    th: f64,
) -> f64 {
    let n = q.len();
    let u: Vec<f64> = (0..n).map(|i| q[i] * s * k[i]).collect();
    let a: Vec<f64> = (0..n).map(|i| (u[i] + f1[i]) / p1[i]).collect();
    let b: Vec<f64> = (0..n).map(|i| (u[i] + f2[i]) / p2[i]).collect();
    let g: f64 = (0..n).map(|i| a[i].sin() * b[(i + 1) % n].cos()).sum();
    let slope = if p1 == p2 && f1 == f2 {
        (n as f64).sqrt() * s * (0..n).map(|i| k[i] / p1[i].abs()).fold(0.0, f64::max)
    } else {
        s * (0..n)
            .map(|i| (k[i] * (1.0 / p1[i].abs() + 1.0 / p2[i].abs())).powi(2))
            .sum::<f64>()
            .sqrt()
    };
    (g.abs() - th) / slope
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

/// Points within `r` of `c`.
fn ball_points(seed: u64, n: usize, c: V3, r: f64) -> Vec<[f32; 3]> {
    points3(seed, 4 * n, -r, r)
        .into_iter()
        .filter(|d| an::len3(v3(d)) < r)
        .take(n)
        .map(|d| {
            [
                (c[0] + d[0] as f64) as f32,
                (c[1] + d[1] as f64) as f32,
                (c[2] + d[2] as f64) as f32,
            ]
        })
        .collect()
}

/// A custom node returning (distance, orbit trap w, orbit trap x) of the 3D
/// shape wired to it, with the trap switched on, under a vec3 -> vec4 probe.
fn dist_trap_probe(shape: &str) -> String {
    trap_probe(shape).replace(
        "return inputOp1(p, ctx).orbitTrap;",
        "Sdf r = inputOp1(p, ctx);\n          return vec4(r.x, r.orbitTrap.w, r.orbitTrap.x, 0.0);",
    )
}

/// The turn by Euler angles in degrees, about x first, then y, then z.
fn euler_xyz(v: V3, deg: V3) -> V3 {
    (0..3).fold(v, |acc, axis| rot_axis(acc, axis, deg[axis]))
}

/// Distance from q to the helix H(a) = (r cos a, k a - half, r sin a) for a
/// in lo..hi: a dense scan, then a ternary search around the best sample.
fn helix_d(q: V3, r: f64, k: f64, lo: f64, hi: f64, half: f64) -> f64 {
    let f = |a: f64| {
        an::dot3(
            an::sub3(q, [r * a.cos(), k * a - half, r * a.sin()]),
            an::sub3(q, [r * a.cos(), k * a - half, r * a.sin()]),
        )
    };
    let n = ((hi - lo) / 0.01) as usize + 1;
    let at = |i: usize| lo + (hi - lo) * i as f64 / n as f64;
    let best = (0..=n)
        .min_by(|&i, &j| f(at(i)).total_cmp(&f(at(j))))
        .unwrap();
    let (mut a, mut b) = (at(best.saturating_sub(1)), at((best + 1).min(n)));
    for _ in 0..60 {
        let (m1, m2) = (a + (b - a) / 3.0, b - (b - a) / 3.0);
        if f(m1) < f(m2) {
            b = m2;
        } else {
            a = m1;
        }
    }
    f(0.5 * (a + b)).sqrt()
}

// ---------------------------------------------------------------------------
// Coils

#[test]
fn sdf_coils_have_their_raytk_modes() {
    let Some(gpu) = gpu("sdf_coils_have_their_raytk_modes") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(5301, 60, -1.2, 1.2);

    // exact distance (brute force along the helix): spring around x,
    // wound the other way (the coil mirrored across its own z), with two
    // wires at Radius times 1 -+ Dual spread, their radius driven by the
    // height variable (normoffset, 0 at the lower end and 1 at the upper):
    // 0.03 + 0.08 of it.
    let extra = "  /v: { rop: variableReference, params: { Name: normoffset, Type: float } }\n  /m: { rop: math, params: { Operation: multiply, Value: 0.08 }, inputs: [/v] }\n  /w: { rop: math, params: { Operation: add, Value: 0.03 }, inputs: [/m] }\n";
    let node = "{ rop: spring, params: { Radius: 0.5, Pitch: 0.3, Turns: 3.5, Axis: x, Reverse: true, DualSpread: 0.2 }, inputs: { Thickness: /w } }";
    let out = sample(&gpu, &lib, &sdf3(node, extra), &pts);
    let k = 0.3 / TAU;
    let amax = TAU * 3.5;
    let half = 0.5 * k * amax;
    expect_exact(
        "spring Axis x, Reverse, DualSpread, normoffset",
        &pts,
        &out,
        |p| {
            let q = [p[2] as f64, p[0] as f64, -(p[1] as f64)];
            let t = 0.03 + 0.08 * ((q[1] + half) / (2.0 * half)).clamp(0.0, 1.0);
            helix_d(q, 0.4, k, 0.0, amax, half).min(helix_d(q, 0.6, k, 0.0, amax, half)) - t
        },
    );
    // formula: a cross section wired in replaces the wire of the endless
    // coil (Infinite); it is read in the plane across the
    // wire at its nearest point, x out from the axis and y along the
    // binormal: at points built in that plane close to the wire, the
    // spring's value is the profile's (a 0.2 x 0.1 rectangle) there.
    let (r, k): (f64, f64) = (0.6, 0.5 / TAU);
    let mut rng = Rng::new(5302);
    let mut built = Vec::new();
    let mut want = Vec::new();
    for _ in 0..80 {
        let (a, x, y) = (
            rng.range(-3.0, 3.0),
            rng.range(-0.15, 0.15),
            rng.range(-0.12, 0.12),
        );
        let l = r.hypot(k);
        let n = [a.cos(), 0.0, a.sin()];
        let t = [-r * a.sin() / l, k / l, r * a.cos() / l];
        let b = an::cross(t, n);
        let p: Vec<f64> = (0..3)
            .map(|i| [r * a.cos(), k * a, r * a.sin()][i] + x * n[i] + y * b[i])
            .collect();
        built.push([p[0] as f32, p[1] as f32, p[2] as f32]);
        want.push(box_n(&[x, y], &[0.1, 0.05]));
    }
    let extra = "  /r: { rop: rectangle, params: { Size: [0.2, 0.1] } }\n";
    let node = "{ rop: spring, params: { Radius: 0.6, Pitch: 0.5, Infinite: true }, inputs: { crossSection: /r } }";
    let out = sample(&gpu, &lib, &sdf3(node, extra), &built);
    for ((p, v), w) in built.iter().zip(&out).zip(&want) {
        assert!(
            close(v[0] as f64, *w, TOL),
            "spring cross section at {p:?}: {}, want {w}",
            v[0]
        );
    }
}

// ---------------------------------------------------------------------------
// Fractals

/// ropkit's Mandelbulb estimate (y up) with its angle shifts in degrees,
/// the theta shift given per normalised step.
fn shifted_bulb(p: V3, n: f64, iters: usize, theta: impl Fn(f64) -> f64, phi: f64) -> f64 {
    let c = [p[0], p[2], p[1]];
    let mut z = c;
    let mut dr = 1.0;
    let mut r = an::len3(z);
    for i in 0..iters {
        r = an::len3(z);
        if r > 2.0 {
            break;
        }
        let rs = r.max(1e-6);
        let t = i as f64 / (iters.max(2) - 1) as f64;
        let th = (z[2] / rs).clamp(-1.0, 1.0).acos() * n + theta(t).to_radians();
        let mut ph = z[1].atan2(z[0]) * n;
        if i > 0 {
            ph += phi.to_radians();
        }
        dr = rs.powf(n - 1.0) * n * dr + 1.0;
        let k = rs.powf(n);
        z = [
            k * th.sin() * ph.cos() + c[0],
            k * ph.sin() * th.sin() + c[1],
            k * th.cos() + c[2],
        ];
        r = an::len3(z);
    }
    0.5 * r.max(1e-6).ln() * r / dr
}

#[test]
fn sdf_fractals_have_their_raytk_modes() {
    let Some(gpu) = gpu("sdf_fractals_have_their_raytk_modes") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(5201, 150, -1.5, 1.5);

    // formula: mandelbulb's Theta shift and Phi shift turn the powered
    // angles at every step (phi from the second on), the theta shift here
    // driven by the step variable (normstep), read anew at every step; and
    // mandelettuce's Style lettuce (TheArchCoder's: the point folded 8-fold
    // around x, then the triplex squaring plus Offset as a Julia constant),
    // its estimate held to at most 1, and its orbit trap's w.
    let extra = "  /v: { rop: variableReference, params: { Name: normstep, Type: float } }\n  /m: { rop: math, params: { Operation: multiply, Value: 40 }, inputs: [/v] }\n";
    let bulb = "{ rop: mandelbulb, params: { Power: 6, Iterations: 5, PhiShift: 20 }, inputs: { ThetaShift: /m } }";
    let lettuce = "{ rop: mandelettuce, params: { Style: lettuce, Iterations: 8, Offset: [-0.5, -0.1, -0.1], Scale: 0.9, Translate: [0, 0, 0.1] } }";
    let out = sample(
        &gpu,
        &lib,
        &format!("{}{extra}", pair_probe(bulb, lettuce)),
        &pts,
    );
    expect_within(
        "mandelbulb shifts, normstep",
        &pts,
        &channel(&out, 0),
        2e-3,
        |p| shifted_bulb(v3(p), 6.0, 5, |t| 40.0 * t, 20.0),
    );
    let lettuce_ref = |p: &[f32; 3]| {
        let mut z = an::sub3(v3(p), [0.0, 0.0, 0.1]).map(|x| x / 0.9);
        let (mut dr, mut r, mut w) = (1.0, an::len3(z), an::dot3(z, z));
        let sector = PI / 4.0;
        for _ in 0..8 {
            if r > 20.0 {
                break;
            }
            dr *= 2.0 * r;
            let psi = ((z[2].atan2(z[1]) + 0.5 * sector).rem_euclid(sector) - 0.5 * sector).abs();
            let l = z[1].hypot(z[2]);
            z = [z[0], psi.cos() * l, psi.sin() * l];
            let sq = z.map(|x| x * x);
            let flat = 1.0 - sq[2] / (sq[0] + sq[1] + sq[2]).max(1e-12);
            z = [
                (sq[0] - sq[1]) * flat - 0.5,
                2.0 * z[0] * z[1] * flat - 0.1,
                2.0 * z[2] * (sq[0] + sq[1]).sqrt() - 0.1,
            ];
            r = an::len3(z);
            w = w.min(an::dot3(z, z));
        }
        ((0.5 * r.max(1e-6).ln() * r / dr.max(1.0)).min(1.0) * 0.9, w)
    };
    expect_within(
        "mandelettuce Style lettuce",
        &pts,
        &channel(&out, 1),
        2e-3,
        |p| lettuce_ref(p).0,
    );
    expect_within(
        "mandelettuce orbit trap",
        &pts,
        &channel(&out, 2),
        2e-3,
        |p| lettuce_ref(p).1,
    );

    // symmetry with another ROP: sierpinskiDodecahedron scaling away from
    // an Offset of 0.8 along the corner (1, 1, 1), its Ratio driven by the
    // level variable (normstep: 0.2 at the first level, 0.3 at the second),
    // has near that corner a copy of a copy: a dodecahedron of radius
    // 0.2 * 0.3 centred at 0.8 (0.8 + 0.2 * 0.7) = 0.752 along the corner.
    // Inside it, that is the whole distance. The dodecahedron ROP stands
    // with its faces towards (0, phi, 1), the fractal's towards (0, 1, phi):
    // the same solid with y and z swapped.
    let f = 1.0 / 3f64.sqrt();
    let o = 0.8 * f;
    let c = [0.752 * f; 3];
    let near = ball_points(5204, 100, c, 0.04);
    let extra = "  /v: { rop: variableReference, params: { Name: normstep, Type: float } }\n  /m: { rop: math, params: { Operation: multiply, Value: 0.1 }, inputs: [/v] }\n  /w: { rop: math, params: { Operation: add, Value: 0.2 }, inputs: [/m] }\n";
    let node = format!(
        "{{ rop: sierpinskiDodecahedron, params: {{ Iterations: 2, Offset: [{o}, {o}, {o}] }}, inputs: {{ Ratio: /w }} }}"
    );
    let flake = sample(
        &gpu,
        &lib,
        &format!("{}{extra}", dist_trap_probe(&node)),
        &near,
    );
    let moved: Vec<[f32; 3]> = near
        .iter()
        .map(|p| {
            let q = an::sub3(v3(p), c);
            [q[0] as f32, q[2] as f32, q[1] as f32]
        })
        .collect();
    let single = sample(
        &gpu,
        &lib,
        &sdf3("{ rop: dodecahedron, params: { Radius: 0.06 } }", ""),
        &moved,
    );
    assert!(
        flake.iter().all(|v| v[0] < 0.0),
        "the points lie inside the copy"
    );
    expect_same(
        "sierpinskiDodecahedron Offset and normstep",
        &flake,
        &single,
        1,
        1e-4,
    );
    // formula: the orbit trap's w is the least squared length of the
    // folded point over the levels; near the copy's corner the folds leave
    // the distance to the corner's axis alone, so the levels' points are
    // p, (p - 0.64 f) / 0.2 and that less 0.56 f over 0.3 (f the corner's
    // unit direction).
    for (p, v) in near.iter().zip(&flake) {
        let z0 = v3(p);
        let z1 = an::sub3(z0, [0.64 * f; 3]).map(|x| x / 0.2);
        let z2 = an::sub3(z1, [0.56 * f; 3]).map(|x| x / 0.3);
        let want = an::dot3(z0, z0).min(an::dot3(z1, z1)).min(an::dot3(z2, z2));
        assert!(
            close(v[1] as f64, want, 1e-3),
            "sierpinskiDodecahedron orbit trap at {p:?}: {v:?}, want w {want}"
        );
    }

    // symmetry: dodecahedronFractal's Rotate 2 turns the point after the
    // scaling, so a level with Rotate 2 R and Offset o is a level with
    // Rotate R (after the fold) and Offset R o; and with Bailout 0 the
    // levels stop once the point is past distance 1, which far from the
    // centre is after the first. So five levels so turned and bailing out
    // give the distance and orbit trap of that one level; it runs the fold
    // with Phi a hair off the golden ratio (the general mirrors, which must
    // then agree with the group's) and stays 1-Lipschitz.
    let far: Vec<[f32; 3]> = point_pairs(5206, 400, -3.0, 3.0, 0.05)
        .chunks(2)
        .filter(|w| w.iter().all(|p| (2.0..3.0).contains(&an::len3(v3(p)))))
        .take(80)
        .flatten()
        .copied()
        .collect();
    let ro = euler_xyz([0.0, 0.52573, 0.85065], [25.0, -40.0, 15.0]);
    let node = "{ rop: dodecahedronFractal, params: { Iterations: 5, Bailout: 0, Rotate2: [25, -40, 15] } }";
    let bailed = sample(&gpu, &lib, &dist_trap_probe(node), &far);
    let node = format!(
        "{{ rop: dodecahedronFractal, params: {{ Iterations: 1, Rotate: [25, -40, 15], Offset: [{}, {}, {}], Phi: 1.61805 }} }}",
        ro[0], ro[1], ro[2]
    );
    let one = sample(&gpu, &lib, &dist_trap_probe(&node), &far);
    expect_same(
        "dodecahedronFractal Rotate2, Bailout, Phi",
        &bailed,
        &one,
        3,
        1e-3,
    );
    expect_lipschitz("dodecahedronFractal Phi", &far, &one);

    // formula: sierpinskiOctahedron's Mode sponge (per level: turns in xz
    // and yz, the octahedral mirrors, scaling away from Offset, the
    // reflection through (1, 1, 1), turns again), its Scale driven by the
    // level variable (normstep): 2 + 0.4 of it; the distance over the
    // growth, and the orbit trap's w (the least |z|^2).
    let extra = "  /v: { rop: variableReference, params: { Name: normstep, Type: float } }\n  /m: { rop: math, params: { Operation: multiply, Value: 0.4 }, inputs: [/v] }\n  /w: { rop: math, params: { Operation: add, Value: 2.0 }, inputs: [/m] }\n";
    let node = "{ rop: sierpinskiOctahedron, params: { Mode: sponge, Iterations: 4, Offset: [1, 0.9, 1.1], Rotate: [10, -15, 20, 5], Radius: 0.8, Translate: [0.1, 0, 0] }, inputs: { Scale: /w } }";
    let out = sample(
        &gpu,
        &lib,
        &format!("{}{extra}", dist_trap_probe(node)),
        &pts,
    );
    let sponge = |p: &[f32; 3]| {
        let turn = |v: [f64; 2], deg: f64| an::rot2(v, deg.to_radians());
        let mut z = an::sub3(v3(p), [0.1, 0.0, 0.0]).map(|x| 2.0 * x / 0.8);
        let (mut w, mut grow, mut s) = (an::dot3(z, z), 1.0, 1.0);
        for i in 0..4 {
            s = 2.0 + 0.4 * i as f64 / 3.0;
            let [x, y] = turn([z[0], z[2]], 10.0);
            z = [x, z[1], y];
            let [x, y] = turn([z[1], z[2]], -15.0);
            z = [z[0], x, y];
            z = z.map(f64::abs);
            if z[0] < z[1] {
                z.swap(0, 1);
            }
            if z[2] < z[0] {
                z.swap(0, 2);
            }
            z = [0, 1, 2].map(|k| 2.0 - (z[k] * s - [1.0, 0.9, 1.1][k] * (s - 1.0)));
            let [x, y] = turn([z[0], z[2]], 20.0);
            z = [x, z[1], y];
            let [x, y] = turn([z[1], z[2]], 5.0);
            z = [z[0], x, y];
            grow *= s;
            w = w.min(an::dot3(z, z));
        }
        (0.7 * an::len3(z) / (grow * s) * 0.5 * 0.8, w)
    };
    expect_within(
        "sierpinskiOctahedron Mode sponge, normstep",
        &pts,
        &out,
        2e-3,
        |p| sponge(p).0,
    );
    let trap: Vec<[f32; 4]> = out.iter().map(|v| [v[1], 0.0, 0.0, 0.0]).collect();
    expect_within(
        "sierpinskiOctahedron sponge orbit trap",
        &pts,
        &trap,
        2e-3,
        |p| sponge(p).1,
    );

    // formula: mengerSponge's RayTK variants, both with turns after and
    // before each step and a Step offset: Klems' (this level's cube less
    // its cross, times the level's scale, then the repeat every 2 into
    // cells 6 wide) and TheArchCoder's (the point halved, scaled by Scale
    // and moved from the corner or edge cube, the distance over the
    // growth), and the latter's orbit trap w (the least |z|^2).
    let klems = "{ rop: mengerSponge, params: { Variant: klems, Iterations: 4, Size: 2.4, Translate: [0.1, 0, 0], StepOffset: [0.1, 0, 0.2], PreRotate: [10, 0], PostRotate: [0, 15] } }";
    let arch = "{ rop: mengerSponge, params: { Variant: thearchcoder, Iterations: 4, Size: 2.4, Translate: [0.1, 0, 0], StepOffset: [0.1, 0, 0.2], PreRotate: [10, 0], PostRotate: [0, 15] } }";
    let out = sample(&gpu, &lib, &pair_probe(klems, arch), &pts);
    let menger = |p: &[f32; 3], archcoder: bool| {
        let turn = |v: [f64; 2], deg: f64| an::rot2(v, deg.to_radians());
        let mut z = an::sub3(v3(p), [0.1, 0.0, 0.0]).map(|x| x / 1.2);
        if archcoder {
            z = z.map(|x| 0.5 * x);
        }
        let (mut s, mut dist, mut w) = (3.0, 0.0f64, an::dot3(z, z));
        for _ in 0..4 {
            let [x, y] = turn([z[0], z[2]], 0.0);
            z = [x, z[1], y];
            let [x, y] = turn([z[1], z[2]], 15.0);
            z = [z[0], x, y];
            z = z.map(f64::abs);
            if z[1] > z[0] {
                z.swap(0, 1);
            }
            if z[2] > z[1] {
                z.swap(1, 2);
            }
            if archcoder {
                let shift = if s * z[2] > 0.5 * (s - 1.0) {
                    [1.0, 1.0, 1.0]
                } else {
                    [1.0, 1.0, 0.0]
                };
                z = [0, 1, 2].map(|k| z[k] * s - shift[k] * (s - 1.0));
            } else {
                let a = z.map(f64::abs);
                let (yz, xz, xy) = (a[1].max(a[2]), a[0].max(a[2]), a[0].max(a[1]));
                let mut across = 0.0;
                if a[0] >= yz {
                    across += yz;
                }
                if a[1] >= xz {
                    across += xz;
                }
                if a[2] >= xy {
                    across += xy;
                }
                dist = dist.max((1.0 - across).max(xy.max(a[2]) - 1.0) * s);
                z = z.map(|x| (((x - 1.0) * 0.5).rem_euclid(1.0)) * 6.0 - 3.0);
                s /= 3.0;
            }
            w = w.min(an::dot3(z, z));
            let [x, y] = turn([z[0], z[2]], 10.0);
            z = [x, z[1], y];
            let [x, y] = turn([z[1], z[2]], 0.0);
            z = [z[0], x, y];
            z = an::sub3(z, [0.1, 0.0, 0.2]);
        }
        if archcoder {
            dist = an::len3(z) / s.powi(4);
        }
        (0.5 * dist * 1.2, w)
    };
    expect_within(
        "mengerSponge Variant klems",
        &pts,
        &channel(&out, 0),
        2e-3,
        |p| menger(p, false).0,
    );
    expect_within(
        "mengerSponge Variant thearchcoder",
        &pts,
        &channel(&out, 1),
        2e-3,
        |p| menger(p, true).0,
    );
    expect_within(
        "mengerSponge thearchcoder orbit trap",
        &pts,
        &channel(&out, 2),
        2e-3,
        |p| menger(p, true).1,
    );

    // formula: amazingSurface's Mode kali (x and z folded at Step
    // translate's x and z, y moved down by its y, the inversion clamped to
    // Min radius^2 .. Clamp max, the turn) with the z tiling, its slab end
    // over the running scale, and the orbit trap's w (the least |z|^2).
    let node = "{ rop: amazingSurface, params: { Mode: kali, Tile: true, Iterations: 6, StepScale: 2, StepTranslate: [1.0, 0.3, 0.9], Rotate: [10, 20, 0], MinRadius: 0.5, ClampMax: 1.2, Scale: 0.8, Translate: [0, 0.1, 0] } }";
    let wide = points3(5207, 150, -2.0, 2.0);
    let out = sample(&gpu, &lib, &dist_trap_probe(node), &wide);
    let kali = |p: &[f32; 3]| {
        let mut z = an::sub3(v3(p), [0.0, 0.1, 0.0]).map(|x| x / 0.8);
        z[2] = (3.0 - z[2].rem_euclid(6.0)).abs();
        let (mut dr, mut w) = (1.0, an::dot3(z, z));
        for _ in 0..6 {
            for (i, t) in [(0, 1.0), (2, 0.9)] {
                z[i] = (z[i] + t).abs() - (z[i] - t).abs() - z[i];
            }
            z[1] -= 0.3;
            let k = 2.0 / an::dot3(z, z).clamp(0.25, 1.2);
            z = euler_xyz(z.map(|x| x * k), [10.0, 20.0, 0.0]);
            dr *= k;
            w = w.min(an::dot3(z, z));
        }
        let d = ((z[1] - 1.5).max(0.0).hypot((z[2] - 1.5).max(0.0)) - 1.0) / dr * 0.8;
        (d, w)
    };
    expect_within("amazingSurface Mode kali, Tile", &wide, &out, 2e-3, |p| {
        kali(p).0
    });
    let trap: Vec<[f32; 4]> = out.iter().map(|v| [v[1], 0.0, 0.0, 0.0]).collect();
    expect_within("amazingSurface orbit trap", &wide, &trap, 2e-3, |p| {
        kali(p).1
    });

    // formula: kaliGenerator with Kali's sphere fold (mirror, move back by
    // Step, scale by Scale / clamp(r^2, 0.4, 1), shift, turn) in 1.5-wide
    // mirrored tiles across xz (the tiling's 2/3 given back at the end).
    let node = "{ rop: kaliGenerator, params: { Fold: sphere, Tile: true, Iterations: 5, Scale: 2, Rotate: [0, 30, 0], Translate: [0.1, 0, 0] } }";
    let out = sample(&gpu, &lib, &sdf3(node, ""), &pts);
    expect_within("kaliGenerator Fold sphere, Tile", &pts, &out, 2e-3, |p| {
        let mut z = an::sub3(v3(p), [0.1, 0.0, 0.0]).map(|x| x / 0.5);
        let mut scale = 0.5 * 1.5;
        for i in [0, 2] {
            let t = z[i] / 1.5;
            z[i] = (0.5 - (t - t.floor())).abs();
        }
        for _ in 0..5 {
            z = [z[0].abs() - 0.6, z[1].abs() - 0.5, z[2].abs() - 0.3];
            let f = 2.0 / an::dot3(z, z).clamp(0.4, 1.0);
            z = euler_xyz(
                [z[0] * f - 0.5, z[1] * f - 1.0, z[2] * f - 0.4],
                [0.0, 30.0, 0.0],
            );
            scale /= f;
        }
        box_n(&z, &[0.3; 3]) * scale - 0.02 * scale
    });

    // formula and bound: gyroid with a per-axis scale and the sines and
    // cosines out of step (their own periods and phases), which stays
    // 1-Lipschitz.
    let pairs = point_pairs(5202, 80, -1.5, 1.5, 0.05);
    let k = [1.0, 1.5, 0.8];
    let (p2, f2) = ([0.5, 1.0, 1.0], [0.0, 1.0, 0.0]);
    let node = "{ rop: gyroid, params: { Scale: 3, Thickness: 0.2, AxisScale: [1, 1.5, 0.8], Period1: [1, 2, 1.5], Period2: [0.5, 1, 1], Phase1: [0.3, 0, -0.5], Phase2: [0, 1, 0] } }";
    let out = sample(&gpu, &lib, &sdf3(node, ""), &pairs);
    expect_exact("gyroid periods and phases", &pairs, &out, |p| {
        gyroid_d(
            &v3(p),
            3.0,
            &k,
            &[1.0, 2.0, 1.5],
            &p2,
            &[0.3, 0.0, -0.5],
            &f2,
            0.2,
        )
    });
    expect_lipschitz("gyroid periods and phases", &pairs, &out);
    // formula: the 2D gyroid, sin x cos y + sin y cos x, moved by
    // Translate's x and y; and exact distance: the 2D lattice, lines across
    // x only (vbars), every Spacing times Axis spacing's x.
    let pts2 = points2(5203, 150, -1.5, 1.5);
    let gyroid2 = "{ rop: gyroid, params: { Scale: 3, Thickness: 0.2, Translate: [0.2, -0.1, 5], Period1: [1, 2, 1], Phase2: [0.5, 0, 0] } }";
    let lines = "{ rop: lattice, params: { Spacing: 0.3, AxisSpacing: [2, 1, 1], Thickness: 0.02, Pattern: vbars, Translate: [0.05, 0, 0] } }";
    let out = sample(&gpu, &lib, &pair_probe2(gyroid2, lines), &pts2);
    expect_exact("gyroid 2D", &pts2, &channel(&out, 0), |p| {
        let q = v2(p);
        gyroid_d(
            &[q[0] - 0.2, q[1] + 0.1],
            3.0,
            &[1.0, 1.0],
            &[1.0, 2.0],
            &[1.0, 1.0],
            &[0.0, 0.0],
            &[0.5, 0.0],
            0.2,
        )
    });
    expect_exact("lattice 2D vbars", &pts2, &channel(&out, 1), |p| {
        let x = p[0] as f64 - 0.05;
        (x - 0.6 * (x / 0.6 + 0.5).floor()).abs() - 0.02
    });
}
