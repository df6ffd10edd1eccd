//! The ROP catalog, evaluated on the GPU and compared with formulas written
//! here, independently of the GLSL.
//!
//! Each primitive gets one of two kinds of check, named in a comment:
//! - exact: the sampled distance equals the true signed distance (computed
//!   here from the shape's geometry: polygons, polytopes, arcs, segments,
//!   or a root finder) within 1e-3 absolute or relative;
//! - bound: the sign agrees with an exact inside/outside test, and the value
//!   never exceeds the true distance (checked directly where the true
//!   distance is known here, else through the Lipschitz condition
//!   |d(a) - d(b)| <= |a - b| on pairs of nearby points, which together with
//!   the sign implies it).
//!
//! The networks wrap the ROP under test in an output (raymarchRender3D for a
//! 3D SDF, render2D for a 2D one, or a probe output from
//! `tests/fixtures/probe_rops` for fields, cameras and lights) and sample the
//! output's first input at a few hundred points in one call.
//!
//! The sampling helpers and the `an` geometry module are `pub(crate)`: the
//! other catalog test modules use them too.

use crate::common::*;
use ropkit::build::build;
use ropkit::generate::Mode;
use ropkit::library::Library;
use ropkit::network::Network;
use ropkit::render::{Gpu, Renderer};
use ropkit::sample::sample_network;

use std::f64::consts::{FRAC_1_SQRT_2, PI, SQRT_2, TAU};

/// Absolute and relative tolerance of exact checks.
pub(crate) const TOL: f64 = 1e-3;

// ---------------------------------------------------------------------------
// Sampling

pub(crate) fn catalog_library() -> Library {
    let lib = project(&[root().join("tests/fixtures/probe_rops")]).load_library();
    assert!(lib.broken.is_empty(), "{:#?}", lib.broken);
    lib
}

/// Samples the output's first input of a network given as node lines
/// (`  /path: { ... }`), with the output at `/out`.
pub(crate) fn sample_at(
    gpu: &Gpu,
    lib: &Library,
    nodes: &str,
    pts: &[[f32; 3]],
    time: f32,
) -> Vec<[f32; 4]> {
    let text = format!("output: /out\nnodes:\n{nodes}");
    let net = Network::parse(&text, &root().join("catalog-test.yaml"), lib)
        .unwrap_or_else(|e| panic!("{e}\n{text}"));
    let mut r = Renderer::new(gpu.clone());
    r.asset_dirs = vec![root()];
    r.globals.time = time;
    let out = sample_network(&net, lib, &mut r, pts).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(out.len(), pts.len());
    out
}

pub(crate) fn sample(gpu: &Gpu, lib: &Library, nodes: &str, pts: &[[f32; 3]]) -> Vec<[f32; 4]> {
    sample_at(gpu, lib, nodes, pts, 0.0)
}

/// A 3D SDF node (plus helper nodes) under raymarchRender3D.
pub(crate) fn sdf3(node: &str, extra: &str) -> String {
    format!("  /s: {node}\n{extra}  /out: {{ rop: raymarchRender3D, inputs: [/s] }}\n")
}

/// A 2D SDF node (plus helper nodes) under render2D.
pub(crate) fn sdf2(node: &str, extra: &str) -> String {
    format!("  /s: {node}\n{extra}  /out: {{ rop: render2D, inputs: [/s] }}\n")
}

/// A node under one of the probe outputs.
pub(crate) fn probe(probe: &str, node: &str, extra: &str) -> String {
    format!("  /s: {node}\n{extra}  /out: {{ rop: {probe}, inputs: [/s] }}\n")
}

/// Deterministic points (xorshift), so failures reproduce.
pub(crate) struct Rng(u64);

impl Rng {
    pub(crate) fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    pub(crate) fn next(&mut self) -> f64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 11) as f64 / (1u64 << 53) as f64
    }
    pub(crate) fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.next()
    }
}

pub(crate) fn points3(seed: u64, n: usize, lo: f64, hi: f64) -> Vec<[f32; 3]> {
    let mut r = Rng::new(seed);
    (0..n)
        .map(|_| {
            [
                r.range(lo, hi) as f32,
                r.range(lo, hi) as f32,
                r.range(lo, hi) as f32,
            ]
        })
        .collect()
}

pub(crate) fn points2(seed: u64, n: usize, lo: f64, hi: f64) -> Vec<[f32; 3]> {
    let mut r = Rng::new(seed);
    (0..n)
        .map(|_| [r.range(lo, hi) as f32, r.range(lo, hi) as f32, 0.0])
        .collect()
}

pub(crate) fn v3(p: &[f32; 3]) -> [f64; 3] {
    [p[0] as f64, p[1] as f64, p[2] as f64]
}

pub(crate) fn v2(p: &[f32; 3]) -> [f64; 2] {
    [p[0] as f64, p[1] as f64]
}

pub(crate) fn close(got: f64, want: f64, tol: f64) -> bool {
    (got - want).abs() <= tol * (1.0 + want.abs())
}

/// Every sampled value equals `want` at its point.
pub(crate) fn expect_exact(
    what: &str,
    pts: &[[f32; 3]],
    out: &[[f32; 4]],
    want: impl Fn(&[f32; 3]) -> f64,
) {
    expect_within(what, pts, out, TOL, want)
}

pub(crate) fn expect_within(
    what: &str,
    pts: &[[f32; 3]],
    out: &[[f32; 4]],
    tol: f64,
    want: impl Fn(&[f32; 3]) -> f64,
) {
    let bad: Vec<String> = pts
        .iter()
        .zip(out)
        .filter_map(|(p, v)| {
            let w = want(p);
            (!close(v[0] as f64, w, tol)).then(|| format!("  at {p:?}: got {}, want {w}", v[0]))
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

/// Sign agreement with an exact inside test (points within `margin` of the
/// surface by the true distance are skipped), and, where the true distance is
/// given, |d| <= true distance + tolerance, and far from the surface (true
/// distance at least [`FAR`]) |d| >= half the true distance: a bound that
/// is far too small makes the raymarcher crawl, and a constant 0.01 would
/// otherwise pass every check above.
pub(crate) fn expect_bound(
    what: &str,
    pts: &[[f32; 3]],
    out: &[[f32; 4]],
    margin: f64,
    truth: impl Fn(&[f32; 3]) -> (bool, Option<f64>),
    near: impl Fn(&[f32; 3]) -> bool,
) {
    expect_bound_ratio(what, pts, out, margin, |_| 0.5, truth, near)
}

/// Where an estimate counts as far from the surface for the lower bound.
pub(crate) const FAR: f64 = 0.2;

/// [`expect_bound`] with another lower bound: far from the surface
/// |d| >= `ratio(p)` * the true distance, for ROPs that document a weaker
/// bound somewhere (a non-uniform scale's smallest over largest factor, a
/// wrap's r / Radius near its centre).
pub(crate) fn expect_bound_ratio(
    what: &str,
    pts: &[[f32; 3]],
    out: &[[f32; 4]],
    margin: f64,
    ratio: impl Fn(&[f32; 3]) -> f64,
    truth: impl Fn(&[f32; 3]) -> (bool, Option<f64>),
    near: impl Fn(&[f32; 3]) -> bool,
) {
    let mut bad = Vec::new();
    let mut checked = 0;
    let mut far = 0;
    for (p, v) in pts.iter().zip(out) {
        let d = v[0] as f64;
        let (inside, dist) = truth(p);
        if let Some(t) = dist {
            if d.abs() > t + TOL * (1.0 + t) {
                bad.push(format!("  at {p:?}: |{d}| exceeds the true distance {t}"));
            }
            if t >= FAR {
                far += 1;
                let ratio = ratio(p);
                if d.abs() < ratio * t {
                    bad.push(format!(
                        "  at {p:?}: |{d}| is less than {ratio:.3} of the true distance {t}"
                    ));
                }
            }
        }
        if near(p) || dist.is_some_and(|t| t < margin) {
            continue;
        }
        checked += 1;
        if inside != (d < 0.0) {
            bad.push(format!(
                "  at {p:?}: {d} has the wrong sign (inside: {inside})"
            ));
        }
    }
    assert!(
        checked > pts.len() / 4,
        "{what}: too few points away from the surface"
    );
    // Where true distances are known, enough of them are far for the lower bound to mean something.
    let known = pts.iter().filter(|p| truth(p).1.is_some()).count();
    assert!(
        known == 0 || far > known / 10,
        "{what}: too few points far from the surface ({far} of {known})"
    );
    assert!(
        bad.is_empty(),
        "{what}: {} problems:\n{}",
        bad.len(),
        bad.iter().take(8).cloned().collect::<Vec<_>>().join("\n")
    );
}

/// Pairs of points a small step apart: (p, p + step * random direction), interleaved.
pub(crate) fn point_pairs(seed: u64, n: usize, lo: f64, hi: f64, step: f64) -> Vec<[f32; 3]> {
    let mut r = Rng::new(seed);
    let mut out = Vec::with_capacity(2 * n);
    for _ in 0..n {
        let p = [r.range(lo, hi), r.range(lo, hi), r.range(lo, hi)];
        let mut d = [r.range(-1.0, 1.0), r.range(-1.0, 1.0), r.range(-1.0, 1.0)];
        let l = an::len3(d).max(1e-9);
        d = [d[0] / l * step, d[1] / l * step, d[2] / l * step];
        out.push([p[0] as f32, p[1] as f32, p[2] as f32]);
        out.push([
            (p[0] + d[0]) as f32,
            (p[1] + d[1]) as f32,
            (p[2] + d[2]) as f32,
        ]);
    }
    out
}

/// |d(a) - d(b)| <= |a - b| (with a little slack for f32) on every pair.
pub(crate) fn expect_lipschitz(what: &str, pairs: &[[f32; 3]], out: &[[f32; 4]]) {
    let mut bad = Vec::new();
    for k in 0..pairs.len() / 2 {
        let (a, b) = (v3(&pairs[2 * k]), v3(&pairs[2 * k + 1]));
        let step = an::len3(an::sub3(a, b));
        let diff = (out[2 * k][0] - out[2 * k + 1][0]).abs() as f64;
        if diff > step * 1.001 + 2e-5 {
            bad.push(format!(
                "  {a:?} -> {b:?}: the value changes by {diff} over {step}"
            ));
        }
    }
    assert!(
        bad.is_empty(),
        "{what}: not 1-Lipschitz at {} pairs:\n{}",
        bad.len(),
        bad.iter().take(8).cloned().collect::<Vec<_>>().join("\n")
    );
}

// ---------------------------------------------------------------------------
// Geometry, in f64, written from the shapes' definitions.

pub(crate) mod an {
    pub type V2 = [f64; 2];
    pub type V3 = [f64; 3];

    pub fn sub3(a: V3, b: V3) -> V3 {
        [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
    }
    pub fn dot3(a: V3, b: V3) -> f64 {
        a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
    }
    pub fn cross(a: V3, b: V3) -> V3 {
        [
            a[1] * b[2] - a[2] * b[1],
            a[2] * b[0] - a[0] * b[2],
            a[0] * b[1] - a[1] * b[0],
        ]
    }
    pub fn len3(a: V3) -> f64 {
        dot3(a, a).sqrt()
    }
    pub fn len2(a: V2) -> f64 {
        a[0].hypot(a[1])
    }

    pub fn seg2(p: V2, a: V2, b: V2) -> f64 {
        let pa = [p[0] - a[0], p[1] - a[1]];
        let ba = [b[0] - a[0], b[1] - a[1]];
        let bb = ba[0] * ba[0] + ba[1] * ba[1];
        let h = if bb > 0.0 {
            ((pa[0] * ba[0] + pa[1] * ba[1]) / bb).clamp(0.0, 1.0)
        } else {
            0.0
        };
        len2([pa[0] - ba[0] * h, pa[1] - ba[1] * h])
    }

    pub fn seg3(p: V3, a: V3, b: V3) -> f64 {
        let pa = sub3(p, a);
        let ba = sub3(b, a);
        let bb = dot3(ba, ba);
        let h = if bb > 0.0 {
            (dot3(pa, ba) / bb).clamp(0.0, 1.0)
        } else {
            0.0
        };
        len3([pa[0] - ba[0] * h, pa[1] - ba[1] * h, pa[2] - ba[2] * h])
    }

    /// Signed distance to a simple polygon: nearest edge, sign by crossings.
    pub fn polygon(p: V2, v: &[V2]) -> f64 {
        let mut d = f64::MAX;
        let mut inside = false;
        for i in 0..v.len() {
            let a = v[i];
            let b = v[(i + 1) % v.len()];
            d = d.min(seg2(p, a, b));
            if (a[1] > p[1]) != (b[1] > p[1])
                && p[0] < (b[0] - a[0]) * (p[1] - a[1]) / (b[1] - a[1]) + a[0]
            {
                inside = !inside;
            }
        }
        if inside { -d } else { d }
    }

    /// A 2D distance turned into a slab of half thickness `half` along h.
    pub fn extrude(d2: f64, h: f64, half: f64) -> f64 {
        let w = [d2, h.abs() - half];
        w[0].max(w[1]).min(0.0) + len2([w[0].max(0.0), w[1].max(0.0)])
    }

    /// Whether angle `a` lies in the counter-clockwise range from a0 to a1.
    fn in_range(a: f64, a0: f64, a1: f64) -> bool {
        (a - a0).rem_euclid(std::f64::consts::TAU) <= a1 - a0
    }

    /// Distance to a circular arc (centre, radius, angles from +x, ccw from a0 to a1).
    pub fn arc2(p: V2, c: V2, r: f64, a0: f64, a1: f64) -> f64 {
        let q = [p[0] - c[0], p[1] - c[1]];
        let ends = [
            [c[0] + r * a0.cos(), c[1] + r * a0.sin()],
            [c[0] + r * a1.cos(), c[1] + r * a1.sin()],
        ];
        let end = len2([p[0] - ends[0][0], p[1] - ends[0][1]])
            .min(len2([p[0] - ends[1][0], p[1] - ends[1][1]]));
        if in_range(q[1].atan2(q[0]), a0, a1) {
            (len2(q) - r).abs().min(end)
        } else {
            end
        }
    }

    /// Distance to an arc lying in the plane z = c.z.
    pub fn arc3(p: V3, c: V3, r: f64, a0: f64, a1: f64) -> f64 {
        let d = arc2([p[0], p[1]], [c[0], c[1]], r, a0, a1);
        d.hypot(p[2] - c[2])
    }

    /// Unsigned distance to a triangle in 3D.
    pub fn tri3(p: V3, a: V3, b: V3, c: V3) -> f64 {
        let n = cross(sub3(b, a), sub3(c, a));
        let s1 = dot3(cross(sub3(b, a), sub3(p, a)), n);
        let s2 = dot3(cross(sub3(c, b), sub3(p, b)), n);
        let s3 = dot3(cross(sub3(a, c), sub3(p, c)), n);
        if s1 >= 0.0 && s2 >= 0.0 && s3 >= 0.0 {
            dot3(sub3(p, a), n).abs() / len3(n)
        } else {
            seg3(p, a, b).min(seg3(p, b, c)).min(seg3(p, c, a))
        }
    }

    /// Signed distance to a convex polytope given by triangles covering its faces.
    pub fn convex(p: V3, faces: &[[V3; 3]]) -> f64 {
        let k = faces.len() as f64 * 3.0;
        let mut centre = [0.0; 3];
        for f in faces {
            for v in f {
                for i in 0..3 {
                    centre[i] += v[i] / k;
                }
            }
        }
        let mut inside = true;
        let mut deepest = f64::MIN;
        for f in faces {
            let mut n = cross(sub3(f[1], f[0]), sub3(f[2], f[0]));
            if dot3(n, sub3(f[0], centre)) < 0.0 {
                n = [-n[0], -n[1], -n[2]];
            }
            let s = dot3(sub3(p, f[0]), n) / len3(n);
            if s > 0.0 {
                inside = false;
            }
            deepest = deepest.max(s);
        }
        if inside {
            deepest
        } else {
            faces
                .iter()
                .map(|f| tri3(p, f[0], f[1], f[2]))
                .fold(f64::MAX, f64::min)
        }
    }

    /// The twelve triangles of an axis-aligned box.
    pub fn box_faces(c: V3, h: V3) -> Vec<[V3; 3]> {
        let v = |x: f64, y: f64, z: f64| [c[0] + x * h[0], c[1] + y * h[1], c[2] + z * h[2]];
        let quads = [
            [
                v(-1., -1., -1.),
                v(1., -1., -1.),
                v(1., 1., -1.),
                v(-1., 1., -1.),
            ],
            [
                v(-1., -1., 1.),
                v(1., -1., 1.),
                v(1., 1., 1.),
                v(-1., 1., 1.),
            ],
            [
                v(-1., -1., -1.),
                v(1., -1., -1.),
                v(1., -1., 1.),
                v(-1., -1., 1.),
            ],
            [
                v(-1., 1., -1.),
                v(1., 1., -1.),
                v(1., 1., 1.),
                v(-1., 1., 1.),
            ],
            [
                v(-1., -1., -1.),
                v(-1., 1., -1.),
                v(-1., 1., 1.),
                v(-1., -1., 1.),
            ],
            [
                v(1., -1., -1.),
                v(1., 1., -1.),
                v(1., 1., 1.),
                v(1., -1., 1.),
            ],
        ];
        quads
            .iter()
            .flat_map(|q| [[q[0], q[1], q[2]], [q[0], q[2], q[3]]])
            .collect()
    }

    pub fn cube(p: V3, c: V3, h: V3) -> f64 {
        convex(p, &box_faces(c, h))
    }

    /// Root of the decreasing function f on (lo, hi) by bisection.
    fn bisect(f: impl Fn(f64) -> f64, mut lo: f64, mut hi: f64) -> f64 {
        for _ in 0..300 {
            let mid = 0.5 * (lo + hi);
            if f(mid) > 0.0 {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        0.5 * (lo + hi)
    }

    /// Exact signed distance to an axis-aligned ellipsoid (or ellipse, with
    /// two radii): the closest point is e_i^2 y_i / (t + e_i^2) where t is the
    /// root of sum (e_i y_i / (t + e_i^2))^2 = 1 (Eberly).
    pub fn ellipsoid_n(y: &[f64], e: &[f64]) -> f64 {
        let y: Vec<f64> = y.iter().map(|v| v.abs().max(1e-12)).collect();
        let emin = e.iter().cloned().fold(f64::MAX, f64::min);
        let emax = e.iter().cloned().fold(0.0, f64::max);
        let inside = y.iter().zip(e).map(|(a, b)| (a / b).powi(2)).sum::<f64>() < 1.0;
        let f = |t: f64| {
            y.iter()
                .zip(e)
                .map(|(yi, ei)| (ei * yi / (t + ei * ei)).powi(2))
                .sum::<f64>()
                - 1.0
        };
        let hi = emax * y.iter().map(|v| v * v).sum::<f64>().sqrt() + 1.0;
        let t = bisect(f, -emin * emin, hi);
        let d = y
            .iter()
            .zip(e)
            .map(|(yi, ei)| (ei * ei * yi / (t + ei * ei) - yi).powi(2))
            .sum::<f64>()
            .sqrt();
        if inside { -d } else { d }
    }

    pub fn rot2(v: V2, a: f64) -> V2 {
        let (s, c) = a.sin_cos();
        [c * v[0] - s * v[1], s * v[0] + c * v[1]]
    }
}

use an::{V2, V3};

pub(crate) fn sphere_d(p: V3, c: V3, r: f64) -> f64 {
    an::len3(an::sub3(p, c)) - r
}

// ---------------------------------------------------------------------------
// 3D primitives

#[test]
fn sdf3d_primitives_match_their_exact_distances() {
    let Some(gpu) = gpu("sdf3d_primitives_match_their_exact_distances") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(1, 300, -2.0, 2.0);
    type Case = (&'static str, &'static str, Box<dyn Fn(V3) -> f64>);
    let cases: Vec<Case> = vec![
        // exact: sphere.
        (
            "sphere",
            "{ rop: sphere, params: { Radius: 0.8, Translate: [0.2, -0.1, 0.3] } }",
            Box::new(|p| sphere_d(p, [0.2, -0.1, 0.3], 0.8)),
        ),
        // exact: box, against a polytope of 12 triangles.
        (
            "box",
            "{ rop: box, params: { Size: [1.2, 0.8, 1.6], Translate: [0.1, 0.2, -0.1] } }",
            Box::new(|p| an::cube(p, [0.1, 0.2, -0.1], [0.6, 0.4, 0.8])),
        ),
        // exact: a rounded box is the smaller box grown by the radius (exact for convex shapes).
        (
            "roundBox",
            "{ rop: roundBox, params: { Size: [1.2, 0.8, 1.6], Radius: 0.2 } }",
            Box::new(|p| an::cube(p, [0.0; 3], [0.4, 0.2, 0.6]) - 0.2),
        ),
        // exact outside (the union of the twelve bars); inside, the nearest bar's distance.
        (
            "boxFrame",
            "{ rop: boxFrame, params: { Size: [2, 1.6, 1.2], Thickness: 0.1 } }",
            Box::new(|p| {
                let (b, e) = ([1.0, 0.8, 0.6], 0.1);
                let mut d = f64::MAX;
                for axis in 0..3 {
                    for s1 in [-1.0, 1.0] {
                        for s2 in [-1.0, 1.0] {
                            let (i, j) = ((axis + 1) % 3, (axis + 2) % 3);
                            let mut c = [0.0; 3];
                            let mut h = [0.0; 3];
                            h[axis] = b[axis];
                            c[i] = s1 * (b[i] - e);
                            h[i] = e;
                            c[j] = s2 * (b[j] - e);
                            h[j] = e;
                            d = d.min(an::cube(p, c, h));
                        }
                    }
                }
                d
            }),
        ),
        // exact: torus, distance to its core circle minus the tube radius.
        (
            "torus",
            "{ rop: torus, params: { Radius: 1.0, Thickness: 0.3, Axis: z } }",
            Box::new(|p| an::arc3(p, [0.0; 3], 1.0, 0.0, TAU - 1e-12) - 0.3),
        ),
        // exact: capped torus, distance to an arc of the core circle.
        (
            "cappedTorus",
            "{ rop: cappedTorus, params: { Radius: 1.0, Thickness: 0.2, Angle: 120 } }",
            Box::new(|p| {
                let an = 120f64.to_radians();
                an::arc3(p, [0.0; 3], 1.0, PI / 2.0 - an, PI / 2.0 + an) - 0.2
            }),
        ),
        // exact: link, distance to two half circles and two straight sides.
        (
            "link",
            "{ rop: link, params: { Length: 0.4, Radius: 0.5, Thickness: 0.15 } }",
            Box::new(|p| {
                let (le, r1) = (0.4, 0.5);
                let sides = an::seg3(p, [r1, -le, 0.0], [r1, le, 0.0]).min(an::seg3(
                    p,
                    [-r1, -le, 0.0],
                    [-r1, le, 0.0],
                ));
                let top = an::arc3(p, [0.0, le, 0.0], r1, 0.0, PI);
                let bottom = an::arc3(p, [0.0, -le, 0.0], r1, PI, TAU);
                sides.min(top).min(bottom) - 0.15
            }),
        ),
        // exact: infinite cylinder.
        (
            "cylinder",
            "{ rop: cylinder, params: { Radius: 0.5, Translate: [0.3, 0, 0], Axis: z } }",
            Box::new(|p| (p[0] - 0.3).hypot(p[1]) - 0.5),
        ),
        // exact: capped cylinder, a rectangle revolved.
        (
            "cappedCylinder",
            "{ rop: cappedCylinder, params: { Radius: 0.7, Height: 1.4, Axis: x } }",
            Box::new(|p| {
                let rect = [[-0.7, -0.7], [0.7, -0.7], [0.7, 0.7], [-0.7, 0.7]];
                an::polygon([p[1].hypot(p[2]), p[0]], &rect)
            }),
        ),
        // exact: rounded cylinder, the shrunk cylinder grown by the rounding.
        (
            "roundedCylinder",
            "{ rop: roundedCylinder, params: { Radius: 0.8, Height: 1.2, Rounding: 0.2 } }",
            Box::new(|p| {
                let rect = [[-0.6, -0.4], [0.6, -0.4], [0.6, 0.4], [-0.6, 0.4]];
                an::polygon([p[0].hypot(p[2]), p[1]], &rect) - 0.2
            }),
        ),
        // exact: cone, a triangle revolved.
        (
            "cone",
            "{ rop: cone, params: { Radius: 0.7, Height: 1.5, Translate: [0, -0.5, 0] } }",
            Box::new(|p| {
                let tri = [[-0.7, -0.5], [0.7, -0.5], [0.0, 1.0]];
                an::polygon([p[0].hypot(p[2]), p[1]], &tri)
            }),
        ),
        // exact: capped cone, a trapezoid revolved.
        (
            "cappedCone",
            "{ rop: cappedCone, params: { Height: 1.2, BottomRadius: 0.8, TopRadius: 0.3 } }",
            Box::new(|p| {
                let trap = [[-0.8, -0.6], [0.8, -0.6], [0.3, 0.6], [-0.3, 0.6]];
                an::polygon([p[0].hypot(p[2]), p[1]], &trap)
            }),
        ),
        // exact: capsule.
        (
            "capsule",
            "{ rop: capsule, params: { A: [-0.5, -0.3, 0.1], B: [0.6, 0.4, -0.2], Radius: 0.35 } }",
            Box::new(|p| an::seg3(p, [-0.5, -0.3, 0.1], [0.6, 0.4, -0.2]) - 0.35),
        ),
        // exact: plane.
        (
            "plane",
            "{ rop: plane, params: { Normal: [0, 2, 0], Offset: 0.25 } }",
            Box::new(|p| p[1] - 0.25),
        ),
        // exact: hexagonal prism, a hexagon extruded.
        (
            "hexPrism",
            "{ rop: hexPrism, params: { Radius: 0.6, Depth: 1.0 } }",
            Box::new(|p| {
                let (h, k) = (0.6, 0.6 / 3f64.sqrt());
                let hex = [
                    [2.0 * k, 0.0],
                    [k, h],
                    [-k, h],
                    [-2.0 * k, 0.0],
                    [-k, -h],
                    [k, -h],
                ];
                an::extrude(an::polygon([p[0], p[1]], &hex), p[2], 0.5)
            }),
        ),
        // exact: triangular prism, an equilateral triangle extruded.
        (
            "triPrism",
            "{ rop: triPrism, params: { Size: 1.4, Depth: 0.8 } }",
            Box::new(|p| {
                let r = 0.7;
                let s3 = 3f64.sqrt();
                let tri = [[-r, -r / s3], [r, -r / s3], [0.0, 2.0 * r / s3]];
                an::extrude(an::polygon([p[0], p[1]], &tri), p[2], 0.4)
            }),
        ),
        // exact: octahedron, a polytope of 8 triangles.
        (
            "octahedron",
            "{ rop: octahedron, params: { Radius: 1.1 } }",
            Box::new(|p| {
                let s = 1.1;
                let mut faces = Vec::new();
                for sx in [-s, s] {
                    for sy in [-s, s] {
                        for sz in [-s, s] {
                            faces.push([[sx, 0.0, 0.0], [0.0, sy, 0.0], [0.0, 0.0, sz]]);
                        }
                    }
                }
                an::convex(p, &faces)
            }),
        ),
        // exact: pyramid, a polytope of 4 sides and a square base.
        (
            "pyramid",
            "{ rop: pyramid, params: { Base: 1.4, Height: 1.2, Translate: [0, -0.5, 0] } }",
            Box::new(|p| {
                let (b, h, y0) = (0.7, 1.2, -0.5);
                let c = [[-b, y0, -b], [b, y0, -b], [b, y0, b], [-b, y0, b]];
                let apex = [0.0, y0 + h, 0.0];
                let mut faces = vec![[c[0], c[1], c[2]], [c[0], c[2], c[3]]];
                for i in 0..4 {
                    faces.push([c[i], c[(i + 1) % 4], apex]);
                }
                an::convex(p, &faces)
            }),
        ),
        // exact: rhombus, a grown rhombus outline extruded along y.
        (
            "rhombus",
            "{ rop: rhombus, params: { Diagonals: [1.6, 1.0], Height: 0.4, Rounding: 0.1 } }",
            Box::new(|p| {
                let rh = [[0.8, 0.0], [0.0, 0.5], [-0.8, 0.0], [0.0, -0.5]];
                an::extrude(an::polygon([p[0], p[2]], &rh) - 0.1, p[1], 0.2)
            }),
        ),
    ];
    for (name, node, want) in &cases {
        let out = sample(&gpu, &lib, &sdf3(node, ""), &pts);
        expect_exact(name, &pts, &out, |p| want(v3(p)));
    }
}

#[test]
fn sdf3d_bounds_never_overshoot_and_have_the_right_sign() {
    let Some(gpu) = gpu("sdf3d_bounds_never_overshoot_and_have_the_right_sign") else {
        return;
    };
    let lib = catalog_library();

    // bound: ellipsoid. Sign against x^2/a^2 + ... < 1 and |d| <= the true
    // distance from a root finder.
    let pts = points3(2, 300, -2.0, 2.0);
    let out = sample(
        &gpu,
        &lib,
        &sdf3("{ rop: ellipsoid, params: { Radii: [1.2, 0.5, 0.8] } }", ""),
        &pts,
    );
    expect_bound(
        "ellipsoid",
        &pts,
        &out,
        1e-3,
        |p| {
            let d = an::ellipsoid_n(&v3(p), &[1.2, 0.5, 0.8]);
            (d < 0.0, Some(d.abs()))
        },
        |_| false,
    );
    // A flatter one, with more points close to it.
    let pts = points3(26, 400, -1.6, 1.6);
    let out = sample(
        &gpu,
        &lib,
        &sdf3("{ rop: ellipsoid, params: { Radii: [1.5, 0.2, 0.6] } }", ""),
        &pts,
    );
    expect_bound(
        "flat ellipsoid",
        &pts,
        &out,
        1e-3,
        |p| {
            let d = an::ellipsoid_n(&v3(p), &[1.5, 0.2, 0.6]);
            (d < 0.0, Some(d.abs()))
        },
        |_| false,
    );
    // On the surface the bound is zero.
    let surface: Vec<[f32; 3]> = (0..50)
        .map(|i| {
            let (t, u) = (i as f64 * 0.37, i as f64 * 0.91);
            [
                (1.2 * t.cos() * u.sin()) as f32,
                (0.5 * t.sin() * u.sin()) as f32,
                (0.8 * u.cos()) as f32,
            ]
        })
        .collect();
    let out = sample(
        &gpu,
        &lib,
        &sdf3("{ rop: ellipsoid, params: { Radii: [1.2, 0.5, 0.8] } }", ""),
        &surface,
    );
    expect_within("ellipsoid surface", &surface, &out, TOL, |_| 0.0);

    // bound: gyroid. Sign against |g(s p)| - t and 1-Lipschitz on pairs.
    let node = "{ rop: gyroid, params: { Scale: 3.0, Thickness: 0.3 } }";
    let pts = points3(3, 300, -2.0, 2.0);
    let out = sample(&gpu, &lib, &sdf3(node, ""), &pts);
    let g = |p: V3| {
        let q = [p[0] * 3.0, p[1] * 3.0, p[2] * 3.0];
        q[0].sin() * q[1].cos() + q[1].sin() * q[2].cos() + q[2].sin() * q[0].cos()
    };
    expect_bound(
        "gyroid",
        &pts,
        &out,
        0.0,
        |p| (g(v3(p)).abs() < 0.3, None),
        |p| (g(v3(p)).abs() - 0.3).abs() < 1e-3,
    );
    let pairs = point_pairs(4, 200, -2.0, 2.0, 0.05);
    let out = sample(&gpu, &lib, &sdf3(node, ""), &pairs);
    expect_lipschitz("gyroid", &pairs, &out);
}

/// Whether c escapes (|z| > 2) within `iterations` steps of the Mandelbulb
/// map z -> z^n + c, the power taken in spherical coordinates (White and
/// Nylander's definition). `c` is in the map's own coordinates.
fn bulb_escapes(c: V3, n: f64, iterations: usize) -> bool {
    let mut z = c;
    for _ in 0..iterations {
        let r = an::len3(z);
        if r > 2.0 {
            return true;
        }
        let theta = (z[2] / r.max(1e-300)).clamp(-1.0, 1.0).acos() * n;
        let phi = z[1].atan2(z[0]) * n;
        let rn = r.powf(n);
        z = [
            rn * theta.sin() * phi.cos() + c[0],
            rn * theta.sin() * phi.sin() + c[1],
            rn * theta.cos() + c[2],
        ];
    }
    an::len3(z) > 2.0
}

/// Points of the Mandelbulb's surface (power 8, 8 iterations, y up: the
/// map's z is world y), found along rays from the origin by bisection on
/// the escape-time field: the outermost radius that does not escape.
/// Returns (just inside, just outside) pairs.
fn bulb_surface(seed: u64, rays: usize) -> Vec<(V3, V3)> {
    let mut rng = Rng::new(seed);
    (0..rays)
        .map(|_| {
            let d = loop {
                let d = [
                    rng.range(-1.0, 1.0),
                    rng.range(-1.0, 1.0),
                    rng.range(-1.0, 1.0),
                ];
                let l = an::len3(d);
                if l > 0.1 && l <= 1.0 {
                    break [d[0] / l, d[1] / l, d[2] / l];
                }
            };
            let escapes = |t: f64| bulb_escapes([t * d[0], t * d[2], t * d[1]], 8.0, 8);
            // Inward from outside the escape radius to the first radius that stays.
            let mut t = 2.0;
            while escapes(t) {
                t -= 0.01;
            }
            let (mut lo, mut hi) = (t, t + 0.01);
            for _ in 0..50 {
                let m = 0.5 * (lo + hi);
                if escapes(m) {
                    hi = m;
                } else {
                    lo = m;
                }
            }
            let at = |t: f64| [t * d[0], t * d[1], t * d[2]];
            (at(lo), at(hi))
        })
        .collect()
}

/// The Mandelbulb by properties of the set, not by its shader's loop:
/// - symmetry: the power-8 bulb is unchanged by a turn of 2 pi / 7 about its
///   axis (y) and by the mirror z -> -z;
/// - the surface: where bisection on the escape-time field (computed here)
///   finds the boundary, the estimate is near zero, and a little further
///   out it is positive;
/// - the bound: never more than the distance to the nearest of those
///   boundary points (points of the set), and far from it not less than a
///   quarter of that;
/// - Scale and Translate move and size it: d(p) = s d((p - t) / s).
#[test]
fn mandelbulb_keeps_its_symmetries_bound_and_surface() {
    let Some(gpu) = gpu("mandelbulb_keeps_its_symmetries_bound_and_surface") else {
        return;
    };
    let lib = catalog_library();
    let node = "{ rop: mandelbulb, params: { Power: 8, Iterations: 8 } }";
    let to32 = |p: V3| [p[0] as f32, p[1] as f32, p[2] as f32];

    // Symmetry, away from the surface where rounding is not amplified.
    let pts: Vec<[f32; 3]> = points3(5, 300, -2.5, 2.5)
        .into_iter()
        .filter(|p| an::len3(v3(p)) > 1.25)
        .collect();
    let turn = 2.0 * PI / 7.0;
    let turned: Vec<[f32; 3]> = pts
        .iter()
        .map(|p| {
            let p = v3(p);
            to32([
                p[0] * turn.cos() + p[2] * turn.sin(),
                p[1],
                -p[0] * turn.sin() + p[2] * turn.cos(),
            ])
        })
        .collect();
    let mirrored: Vec<[f32; 3]> = pts.iter().map(|p| [p[0], p[1], -p[2]]).collect();
    let base = sample(&gpu, &lib, &sdf3(node, ""), &pts);
    for (what, image) in [
        ("turned by 2 pi / 7", &turned),
        ("mirrored in z", &mirrored),
    ] {
        let out = sample(&gpu, &lib, &sdf3(node, ""), image);
        for ((p, a), b) in pts.iter().zip(&base).zip(&out) {
            assert!(
                close(a[0] as f64, b[0] as f64, 1e-3),
                "mandelbulb {what} at {p:?}: {} != {}",
                a[0],
                b[0]
            );
        }
    }
    // A shape that is not symmetric so would fail: the turn is not a symmetry of a box.
    let out = sample(
        &gpu,
        &lib,
        &sdf3("{ rop: box, params: { Size: [2, 1, 1] } }", ""),
        &turned,
    );
    let boxed = sample(
        &gpu,
        &lib,
        &sdf3("{ rop: box, params: { Size: [2, 1, 1] } }", ""),
        &pts,
    );
    assert!(
        out.iter()
            .zip(&boxed)
            .any(|(a, b)| !close(a[0] as f64, b[0] as f64, 1e-3)),
        "the symmetry check tells shapes apart"
    );

    // The surface found by bisection.
    let surface = bulb_surface(77, 200);
    let inner: Vec<[f32; 3]> = surface.iter().map(|(i, _)| to32(*i)).collect();
    let outer: Vec<[f32; 3]> = surface
        .iter()
        .map(|(_, o)| {
            // 0.1 further out along the ray: away from the surface, where
            // the estimate's sign is promised.
            let l = an::len3(*o);
            to32([
                o[0] * (l + 0.1) / l,
                o[1] * (l + 0.1) / l,
                o[2] * (l + 0.1) / l,
            ])
        })
        .collect();
    let on = sample(&gpu, &lib, &sdf3(node, ""), &inner);
    for (p, v) in inner.iter().zip(&on) {
        assert!(
            v[0].abs() < 0.02,
            "mandelbulb on its surface at {p:?}: {}",
            v[0]
        );
    }
    let off = sample(&gpu, &lib, &sdf3(node, ""), &outer);
    for (p, v) in outer.iter().zip(&off) {
        assert!(
            v[0] > 0.0,
            "mandelbulb just outside its surface at {p:?}: {}",
            v[0]
        );
    }

    // The bound, against the nearest point of the set found above.
    let pts = points3(15, 300, -2.5, 2.5);
    let out = sample(&gpu, &lib, &sdf3(node, ""), &pts);
    let mut far = 0;
    for (p, v) in pts.iter().zip(&out) {
        let nearest = surface
            .iter()
            .map(|(i, _)| an::len3(an::sub3(v3(p), *i)))
            .fold(f64::MAX, f64::min);
        let d = v[0] as f64;
        assert!(
            d <= nearest + 1e-4,
            "mandelbulb at {p:?}: {d} is more than the distance {nearest} to a point of the set"
        );
        if an::len3(v3(p)) > 1.3 {
            far += 1;
            assert!(
                d >= 0.25 * nearest,
                "mandelbulb at {p:?}: {d} is less than a quarter of the distance {nearest} to the set"
            );
        }
    }
    assert!(far > 100);
    // Near the origin (inside the set) the estimate is negative.
    let core = points3(6, 100, -0.25, 0.25);
    let out = sample(&gpu, &lib, &sdf3(node, ""), &core);
    for (p, v) in core.iter().zip(&out) {
        assert!(v[0] < 0.0, "mandelbulb near the origin at {p:?}: {}", v[0]);
    }

    // Scale and Translate.
    let (s, t) = (1.7, [0.3, -0.4, 0.2]);
    let moved = format!(
        "{{ rop: mandelbulb, params: {{ Power: 8, Iterations: 8, Scale: {s}, Translate: [{}, {}, {}] }} }}",
        t[0], t[1], t[2]
    );
    let local: Vec<[f32; 3]> = pts
        .iter()
        .map(|p| {
            let p = v3(p);
            to32([(p[0] - t[0]) / s, (p[1] - t[1]) / s, (p[2] - t[2]) / s])
        })
        .collect();
    let unit = sample(&gpu, &lib, &sdf3(node, ""), &local);
    let out = sample(&gpu, &lib, &sdf3(&moved, ""), &pts);
    for ((p, a), b) in pts.iter().zip(&out).zip(&unit) {
        assert!(
            close(a[0] as f64, s * b[0] as f64, 2e-3),
            "mandelbulb scaled and moved at {p:?}: {} != {s} * {}",
            a[0],
            b[0]
        );
    }
}

// ---------------------------------------------------------------------------
// 2D primitives

#[test]
fn sdf2d_primitives_match_their_exact_distances() {
    let Some(gpu) = gpu("sdf2d_primitives_match_their_exact_distances") else {
        return;
    };
    let lib = catalog_library();
    let pts = points2(7, 300, -1.5, 1.5);
    type Case = (&'static str, &'static str, Box<dyn Fn(V2) -> f64>);
    let star = |n: usize, r: f64, rho: f64| -> Vec<V2> {
        (0..2 * n)
            .map(|k| {
                let a = PI * k as f64 / n as f64;
                let rr = if k % 2 == 0 { r } else { r * rho };
                [rr * a.sin(), rr * a.cos()]
            })
            .collect()
    };
    let cases: Vec<Case> = vec![
        // exact: circle.
        (
            "circle",
            "{ rop: circle, params: { Radius: 0.6, Translate: [0.1, -0.2] } }",
            Box::new(|p| an::len2([p[0] - 0.1, p[1] + 0.2]) - 0.6),
        ),
        // exact: rectangle, as a polygon.
        (
            "rectangle",
            "{ rop: rectangle, params: { Size: [1.2, 0.6], Translate: [0.1, 0.1] } }",
            Box::new(|p| an::polygon(p, &[[-0.5, -0.2], [0.7, -0.2], [0.7, 0.4], [-0.5, 0.4]])),
        ),
        // exact: rounded rectangle, the inner rectangle grown by the radius.
        (
            "roundedRectangle",
            "{ rop: roundedRectangle, params: { Size: [1.2, 0.8], Radius: 0.25 } }",
            Box::new(|p| {
                an::polygon(
                    p,
                    &[[-0.35, -0.15], [0.35, -0.15], [0.35, 0.15], [-0.35, 0.15]],
                ) - 0.25
            }),
        ),
        // exact: segment.
        (
            "segment",
            "{ rop: segment, params: { A: [-0.5, -0.2], B: [0.6, 0.3], Thickness: 0.1 } }",
            Box::new(|p| an::seg2(p, [-0.5, -0.2], [0.6, 0.3]) - 0.1),
        ),
        // exact: triangle, as a polygon (clockwise corners on purpose).
        (
            "triangle",
            "{ rop: triangle, params: { A: [-0.6, -0.4], B: [0.0, 0.7], C: [0.7, -0.3] } }",
            Box::new(|p| an::polygon(p, &[[-0.6, -0.4], [0.0, 0.7], [0.7, -0.3]])),
        ),
        // exact: regular polygon, corners at the radius, one on +y.
        (
            "polygon",
            "{ rop: polygon, params: { Sides: 5, Radius: 0.8 } }",
            Box::new(|p| {
                let v: Vec<V2> = (0..5)
                    .map(|k| {
                        let a = TAU * k as f64 / 5.0;
                        [0.8 * a.sin(), 0.8 * a.cos()]
                    })
                    .collect();
                an::polygon(p, &v)
            }),
        ),
        // exact: star, a polygon of tips and inner corners.
        (
            "star",
            "{ rop: star, params: { Points: 5, Radius: 0.9, Inner: 0.45 } }",
            Box::new(move |p| an::polygon(p, &star(5, 0.9, 0.45))),
        ),
        // exact: arc, distance to the circular arc minus the half width.
        (
            "arc",
            "{ rop: arc, params: { Radius: 0.7, Angle: 100, Thickness: 0.1 } }",
            Box::new(|p| {
                let a = 100f64.to_radians();
                an::arc2(p, [0.0, 0.0], 0.7, PI / 2.0 - a, PI / 2.0 + a) - 0.1
            }),
        ),
        // exact: cross, a 12-corner polygon.
        (
            "cross",
            "{ rop: cross, params: { Length: 1.6, Width: 0.5 } }",
            Box::new(|p| {
                let (l, w) = (0.8, 0.25);
                let v = [
                    [w, w],
                    [w, l],
                    [-w, l],
                    [-w, w],
                    [-l, w],
                    [-l, -w],
                    [-w, -w],
                    [-w, -l],
                    [w, -l],
                    [w, -w],
                    [l, -w],
                    [l, w],
                ];
                an::polygon(p, &v)
            }),
        ),
        // exact: heart, distance to two straight edges and two half circles.
        (
            "heart",
            "{ rop: heart, params: { Size: 1.5, Translate: [0.1, 0.0] } }",
            Box::new(|p| {
                let s = 1.5 / (0.75 + 0.125f64.sqrt());
                let q = [(p[0] - 0.1) / s, p[1] / s + 0.5 * (0.75 + 0.125f64.sqrt())];
                let r = 0.125f64.sqrt();
                let d = an::seg2(q, [0.0, 0.0], [0.5, 0.5])
                    .min(an::seg2(q, [0.0, 0.0], [-0.5, 0.5]))
                    .min(an::arc2(q, [0.25, 0.75], r, -PI / 4.0, 3.0 * PI / 4.0))
                    .min(an::arc2(q, [-0.25, 0.75], r, PI / 4.0, 5.0 * PI / 4.0));
                let inside = q[0].abs() + (q[1] - 0.5).abs() <= 0.5
                    || an::len2([q[0] - 0.25, q[1] - 0.75]) <= r
                    || an::len2([q[0] + 0.25, q[1] - 0.75]) <= r;
                s * if inside { -d } else { d }
            }),
        ),
        // exact: vesica, distance to two arcs.
        (
            "vesica",
            "{ rop: vesica, params: { Width: 0.8, Height: 1.6 } }",
            Box::new(|p| {
                let (a, b) = (0.4f64, 0.8f64);
                let r = 0.5 * (a + b * b / a);
                let dd = r - a;
                let half = b.atan2(dd);
                let d = an::arc2(p, [-dd, 0.0], r, -half, half).min(an::arc2(
                    p,
                    [dd, 0.0],
                    r,
                    PI - half,
                    PI + half,
                ));
                let inside = an::len2([p[0] + dd, p[1]]) <= r && an::len2([p[0] - dd, p[1]]) <= r;
                if inside { -d } else { d }
            }),
        ),
        // exact (to the iteration's 1e-3 tolerance): ellipse, against a root finder.
        (
            "ellipse",
            "{ rop: ellipse, params: { Radii: [0.9, 0.45] } }",
            Box::new(|p| an::ellipsoid_n(&p, &[0.9, 0.45])),
        ),
        // exact: pie, distance to an arc and two radii.
        (
            "pie",
            "{ rop: pie, params: { Radius: 0.9, Angle: 50 } }",
            Box::new(|p| {
                let a = 50f64.to_radians();
                let e1 = [0.9 * a.sin(), 0.9 * a.cos()];
                let e2 = [-e1[0], e1[1]];
                let d = an::arc2(p, [0.0, 0.0], 0.9, PI / 2.0 - a, PI / 2.0 + a)
                    .min(an::seg2(p, [0.0, 0.0], e1))
                    .min(an::seg2(p, [0.0, 0.0], e2));
                let from_y = p[0].atan2(p[1]).abs();
                let inside = an::len2(p) <= 0.9 && from_y <= a;
                if inside { -d } else { d }
            }),
        ),
        // exact: trapezoid, as a polygon.
        (
            "trapezoid",
            "{ rop: trapezoid, params: { BottomWidth: 1.4, TopWidth: 0.6, Height: 0.9 } }",
            Box::new(|p| an::polygon(p, &[[-0.7, -0.45], [0.7, -0.45], [0.3, 0.45], [-0.3, 0.45]])),
        ),
    ];
    for (name, node, want) in &cases {
        let out = sample(&gpu, &lib, &sdf2(node, ""), &pts);
        expect_exact(name, &pts, &out, |p| want(v2(p)));
    }
}

// ---------------------------------------------------------------------------
// Combine

fn gmod(x: f64, y: f64) -> f64 {
    x - y * (x / y).floor()
}

/// The polynomial smooth minimum in Inigo Quilez's "h squared" form:
/// min(a, b) minus h^2 k / 4, with h = max(k - |a - b|, 0) / k. (The ROPs
/// write it as a mix; the two forms are equal, so this is a check, not a copy.)
fn smooth_min(a: f64, b: f64, k: f64) -> f64 {
    let h = (k - (a - b).abs()).max(0.0) / k;
    a.min(b) - h * h * k / 4.0
}

const COMBINE_MODES: [&str; 18] = [
    "union",
    "intersect",
    "difference",
    "smoothUnion",
    "smoothIntersect",
    "smoothDifference",
    "roundUnion",
    "roundIntersect",
    "roundDifference",
    "chamferUnion",
    "chamferIntersect",
    "chamferDifference",
    "stairsUnion",
    "stairsIntersect",
    "stairsDifference",
    "columnsUnion",
    "columnsIntersect",
    "columnsDifference",
];

/// How far a soft mode may move the hard result on the seam, as a share of
/// the blend radius k, where the point lies outside both shapes (in the
/// mode's union form, below), derived from each seam's shape: the smooth
/// minimum subtracts at most k/4; the round seam's quarter circle reaches
/// (sqrt 2 - 1) k in at the corner; the chamfer's 45-degree cut k / sqrt 2;
/// the stairs' half steps at most k/2; the columns stay within k.
fn seam_depth(mode: &str) -> f64 {
    match mode.trim_end_matches("Union").trim_end_matches("Intersect") {
        m if m.starts_with("smooth") => 0.25,
        m if m.starts_with("round") => SQRT_2 - 1.0,
        m if m.starts_with("chamfer") => FRAC_1_SQRT_2,
        m if m.starts_with("stairs") => 0.5,
        _ => 1.0,
    }
}

/// Checks one combine mode on the distances of its two inputs, by geometry:
///
/// Every mode is written as a union of x and y: x = a, y = b for unions;
/// x = -a, y = -b for intersections and x = -a, y = b for differences (the
/// result negated), so that "adds material" means "gives a smaller value".
/// - hard modes are min(a, b), max(a, b) and max(a, -b) exactly;
/// - away from the seam (one input farther than k, and the two more than k
///   apart) every soft mode equals the hard one;
/// - on the seam a soft mode never crosses the hard result (a soft union
///   only adds material, a soft intersection only removes it), and outside
///   both shapes it stays within [`seam_depth`] * k of it; the smooth modes
///   everywhere.
fn check_combine(mode: &str, k: f64, a: f64, b: f64, got: f64) -> Result<(), String> {
    let (x, y, sign) = if mode.ends_with("Union") || mode == "union" {
        (a, b, 1.0)
    } else if mode.ends_with("ntersect") {
        (-a, -b, -1.0)
    } else {
        (-a, b, -1.0)
    };
    let hard = x.min(y);
    let got = sign * got;
    let tol = TOL * (1.0 + hard.abs());
    if matches!(mode, "union" | "intersect" | "difference") {
        return (got - hard).abs().le(&tol).then_some(()).ok_or(format!(
            "{got} is not the hard result {hard} (a {a}, b {b})"
        ));
    }
    if x.max(y) >= k && (x - y).abs() >= k {
        if (got - hard).abs() > tol {
            return Err(format!(
                "away from the seam {got} differs from the hard result {hard} (a {a}, b {b})"
            ));
        }
        return Ok(());
    }
    if got > hard + tol {
        return Err(format!(
            "on the seam {got} is past the hard result {hard} on the wrong side (a {a}, b {b})"
        ));
    }
    let depth = seam_depth(mode) * k;
    if (mode.starts_with("smooth") || (x >= 0.0 && y >= 0.0)) && got < hard - depth - tol {
        return Err(format!(
            "on the seam {got} is more than {depth} below the hard result {hard} (a {a}, b {b})"
        ));
    }
    Ok(())
}

#[test]
fn every_combine_mode_keeps_to_its_geometry() {
    let Some(gpu) = gpu("every_combine_mode_keeps_to_its_geometry") else {
        return;
    };
    let lib = catalog_library();
    let (k, n) = (0.4, 3.0);
    // The option list of the ROP is exactly the modes checked here.
    let def = lib.get("combine").unwrap();
    assert_eq!(def.param("Mode").unwrap().options, COMBINE_MODES);
    // Unions and differences on two spheres that overlap a little;
    // intersections on two that overlap much, with points around them, so
    // that every region (each side, the seam, inside and outside) is met.
    let apart = (
        ([-0.5, 0.0, 0.0], 1.0, [0.6, 0.2, 0.0], 0.8),
        points3(8, 500, -2.0, 2.0),
    );
    let overlapping = (
        ([-0.3, 0.0, 0.0], 1.2, [0.4, 0.1, 0.0], 1.0),
        points3(28, 500, -1.3, 1.3),
    );
    let pairs = point_pairs(18, 300, -2.0, 2.0, 0.05);
    for mode in COMBINE_MODES {
        let ((ca, ra, cb, rb), pts) = if mode.ends_with("ntersect") {
            &overlapping
        } else {
            &apart
        };
        let spheres = format!(
            "  /a: {{ rop: sphere, params: {{ Radius: {ra}, Translate: [{}, {}, {}] }} }}\n  /b: {{ rop: sphere, params: {{ Radius: {rb}, Translate: [{}, {}, {}] }} }}\n",
            ca[0], ca[1], ca[2], cb[0], cb[1], cb[2]
        );
        let node = format!(
            "{{ rop: combine, params: {{ Mode: {mode}, Blend: {k}, Steps: {n} }}, inputs: [/a, /b] }}"
        );
        let out = sample(&gpu, &lib, &sdf3(&node, &spheres), pts);
        let mut bad = Vec::new();
        let (mut away, mut seam) = (0, 0);
        for (p, v) in pts.iter().zip(&out) {
            let q = v3(p);
            let (a, b) = (sphere_d(q, *ca, *ra), sphere_d(q, *cb, *rb));
            let (x, y) = if mode.ends_with("Union") {
                (a, b)
            } else if mode.ends_with("ntersect") {
                (-a, -b)
            } else {
                (-a, b)
            };
            if x.max(y) >= k && (x - y).abs() >= k {
                away += 1;
            } else {
                seam += 1;
            }
            if let Err(e) = check_combine(mode, k, a, b, v[0] as f64) {
                bad.push(format!("  at {p:?}: {e}"));
            }
        }
        assert!(
            away > 40 && seam > 40,
            "{mode}: {away} points away from the seam and {seam} on it: too few to tell"
        );
        assert!(
            bad.is_empty(),
            "{mode}: {} of {} points:\n{}",
            bad.len(),
            pts.len(),
            bad[..bad.len().min(8)].join("\n")
        );
        // The hard and smooth modes, and the stairs (whose value follows one
        // input or the other), are 1-Lipschitz; the round, chamfer and
        // columns seams combine both inputs' gradients, at most sqrt 2.
        let out = sample(&gpu, &lib, &sdf3(&node, &spheres), &pairs);
        let limit = if ["round", "chamfer", "columns"]
            .iter()
            .any(|m| mode.starts_with(m))
        {
            SQRT_2
        } else {
            1.0
        };
        for i in 0..pairs.len() / 2 {
            let (p, q) = (v3(&pairs[2 * i]), v3(&pairs[2 * i + 1]));
            let step = an::len3(an::sub3(p, q));
            let change = (out[2 * i][0] - out[2 * i + 1][0]).abs() as f64;
            assert!(
                change <= limit * step * 1.001 + 2e-5,
                "{mode}: the value changes by {change} over {step} from {p:?} to {q:?} (limit {limit})"
            );
        }
    }
    // The smooth union is the polynomial smooth minimum, checked in its
    // other form.
    let ((ca, ra, cb, rb), pts) = &apart;
    let spheres = format!(
        "  /a: {{ rop: sphere, params: {{ Radius: {ra}, Translate: [{}, {}, {}] }} }}\n  /b: {{ rop: sphere, params: {{ Radius: {rb}, Translate: [{}, {}, {}] }} }}\n",
        ca[0], ca[1], ca[2], cb[0], cb[1], cb[2]
    );
    for (mode, f) in [
        (
            "smoothUnion",
            Box::new(|a: f64, b: f64| smooth_min(a, b, k)) as Box<dyn Fn(f64, f64) -> f64>,
        ),
        (
            "smoothIntersect",
            Box::new(|a: f64, b: f64| -smooth_min(-a, -b, k)),
        ),
        (
            "smoothDifference",
            Box::new(|a: f64, b: f64| -smooth_min(-a, b, k)),
        ),
    ] {
        let node =
            format!("{{ rop: combine, params: {{ Mode: {mode}, Blend: {k} }}, inputs: [/a, /b] }}");
        let out = sample(&gpu, &lib, &sdf3(&node, &spheres), pts);
        expect_exact(mode, pts, &out, |p| {
            f(sphere_d(v3(p), *ca, *ra), sphere_d(v3(p), *cb, *rb))
        });
    }
}

#[test]
fn combine_carries_and_blends_materials() {
    let Some(gpu) = gpu("combine_carries_and_blends_materials") else {
        return;
    };
    let lib = catalog_library();
    // Material ids follow the sorted node paths: /ma is 1, /mb is 2.
    let nodes = "  /a: { rop: sphere, params: { Radius: 1.0, Translate: [-1, 0, 0] } }\n  /b: { rop: sphere, params: { Radius: 1.0, Translate: [1, 0, 0] } }\n  /ma: { rop: basicMaterial, inputs: [/a] }\n  /mb: { rop: basicMaterial, inputs: [/b] }\n";
    let pts = [[-1.5f32, 0.0, 0.0], [1.5, 0.0, 0.0], [0.0, 0.0, 0.0]];
    let out = sample(
        &gpu,
        &lib,
        &sdf3(
            "{ rop: combine, params: { Mode: union }, inputs: [/ma, /mb] }",
            nodes,
        ),
        &pts,
    );
    assert_eq!(out[0][1], 1.0);
    assert_eq!(out[1][1], 2.0);
    for mode in ["smoothUnion", "roundUnion", "chamferUnion"] {
        let node = format!(
            "{{ rop: combine, params: {{ Mode: {mode}, Blend: 0.5 }}, inputs: [/ma, /mb] }}"
        );
        let out = sample(&gpu, &lib, &sdf3(&node, nodes), &pts);
        assert_eq!(
            (out[0][1], out[0][3]),
            (1.0, 0.0),
            "{mode}: far on a's side"
        );
        assert!(
            out[1][1] == 2.0 || (out[1][2] == 2.0 && out[1][3] > 0.99),
            "{mode}: far on b's side: {:?}",
            out[1]
        );
        // On the seam, halfway between the two materials.
        let (m1, m2, blend) = (out[2][1], out[2][2], out[2][3]);
        assert!(
            m1 == 1.0 && m2 == 2.0 && (blend - 0.5).abs() < 0.01,
            "{mode}: on the seam {:?}",
            out[2]
        );
    }
}

/// The share of material /mb (id 2) in a sample: its weight as the first
/// material, or as the second one blended in.
fn share_of_b(v: &[f32; 4]) -> f64 {
    let (m1, m2, w) = (v[1], v[2], v[3] as f64);
    let mut share = 0.0;
    if m1 == 2.0 {
        share += 1.0 - w;
    }
    if m2 == 2.0 {
        share += w;
    }
    share
}

/// Along a line from one shape through the seam into the other, the share
/// of the second material never goes back: it rises (falls, for an
/// intersection, whose outside is the other shape's) from all of one
/// material to all of the other, for every mode that blends materials.
#[test]
fn materials_blend_monotonically_across_every_seam() {
    let Some(gpu) = gpu("materials_blend_monotonically_across_every_seam") else {
        return;
    };
    let lib = catalog_library();
    let line: Vec<[f32; 3]> = (0..=120)
        .map(|i| [-1.5 + 3.0 * i as f32 / 120.0, 0.1, 0.0])
        .collect();
    for (modes, centre) in [
        (
            [
                "smoothUnion",
                "roundUnion",
                "chamferUnion",
                "stairsUnion",
                "columnsUnion",
            ],
            1.0,
        ),
        (
            [
                "smoothIntersect",
                "roundIntersect",
                "chamferIntersect",
                "stairsIntersect",
                "columnsIntersect",
            ],
            0.5,
        ),
    ] {
        let nodes = format!(
            "  /a: {{ rop: sphere, params: {{ Radius: 1.0, Translate: [-{centre}, 0, 0] }} }}\n  /b: {{ rop: sphere, params: {{ Radius: 1.0, Translate: [{centre}, 0, 0] }} }}\n  /ma: {{ rop: basicMaterial, inputs: [/a] }}\n  /mb: {{ rop: basicMaterial, inputs: [/b] }}\n"
        );
        for mode in modes {
            let node = format!(
                "{{ rop: combine, params: {{ Mode: {mode}, Blend: 0.5, Steps: 3 }}, inputs: [/ma, /mb] }}"
            );
            let out = sample(&gpu, &lib, &sdf3(&node, &nodes), &line);
            let shares: Vec<f64> = out.iter().map(share_of_b).collect();
            let (first, last) = if mode.ends_with("Union") {
                (0.0, 1.0)
            } else {
                (1.0, 0.0)
            };
            assert!(
                (shares[0] - first).abs() < 1e-6 && (shares[120] - last).abs() < 1e-6,
                "{mode}: the ends are not all one material: {:?}",
                (out[0], out[120])
            );
            for i in 1..shares.len() {
                let step = (shares[i] - shares[i - 1]) * (last - first);
                assert!(
                    step >= -1e-6,
                    "{mode}: the share of the second material turns back between x = {} and {}: {} then {}",
                    line[i - 1][0],
                    line[i][0],
                    shares[i - 1],
                    shares[i]
                );
            }
            // Halfway along, on the plane of symmetry, the seam is half and half
            // where the mode blends (the hard-edged stairs and columns pick one).
            if ["smooth", "round", "chamfer"]
                .iter()
                .any(|m| mode.starts_with(m))
            {
                assert!(
                    (shares[60] - 0.5).abs() < 0.01,
                    "{mode}: {} of the second material on the plane of symmetry",
                    shares[60]
                );
            }
        }
    }
}

#[test]
fn multi_union_takes_the_nearest_of_up_to_eight_inputs() {
    let Some(gpu) = gpu("multi_union_takes_the_nearest_of_up_to_eight_inputs") else {
        return;
    };
    let lib = catalog_library();
    let centres: Vec<V3> = (0..8)
        .map(|i| {
            let a = TAU * i as f64 / 8.0;
            [1.2 * a.cos(), 0.3 * (i as f64 - 3.5) / 3.5, 1.2 * a.sin()]
        })
        .collect();
    let mut extra = String::new();
    for (i, c) in centres.iter().enumerate() {
        extra += &format!(
            "  /c{i}: {{ rop: sphere, params: {{ Radius: 0.4, Translate: [{}, {}, {}] }} }}\n",
            c[0], c[1], c[2]
        );
    }
    let inputs: Vec<String> = (0..8).map(|i| format!("/c{i}")).collect();
    let pts = points3(9, 300, -2.0, 2.0);
    for (smooth, k) in [(false, 0.0f64), (true, 0.3)] {
        let node = format!(
            "{{ rop: multiUnion, params: {{ Smooth: {smooth}, Blend: {} }}, inputs: [{}] }}",
            k.max(0.01),
            inputs.join(", ")
        );
        let out = sample(&gpu, &lib, &sdf3(&node, &extra), &pts);
        expect_exact(&format!("multiUnion smooth={smooth}"), &pts, &out, |p| {
            let ds = centres.iter().map(|c| sphere_d(v3(p), *c, 0.4));
            if smooth {
                ds.reduce(|a, b| smooth_min(a, b, k)).unwrap()
            } else {
                ds.fold(f64::MAX, f64::min)
            }
        });
    }
    // Fewer inputs work too.
    let node = "{ rop: multiUnion, inputs: [/c0, /c1, /c2] }";
    let out = sample(&gpu, &lib, &sdf3(node, &extra), &pts);
    expect_exact("multiUnion of three", &pts, &out, |p| {
        centres[..3]
            .iter()
            .map(|c| sphere_d(v3(p), *c, 0.4))
            .fold(f64::MAX, f64::min)
    });
}

// ---------------------------------------------------------------------------
// Domain filters, by identities and formulas

/// An off-centre box: no symmetry of its own.
pub(crate) const BOX: &str =
    "  /b: { rop: box, params: { Size: [0.6, 0.9, 0.4], Translate: [0.7, 0.3, 0.2] } }\n";

pub(crate) fn box_d(p: V3) -> f64 {
    an::cube(p, [0.7, 0.3, 0.2], [0.3, 0.45, 0.2])
}

#[test]
fn transform_moves_rotates_and_scales_exactly() {
    let Some(gpu) = gpu("transform_moves_rotates_and_scales_exactly") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(10, 300, -2.0, 2.0);
    // Translating by t: the result at p equals the original at p - t.
    let node = "{ rop: transform, params: { Translate: [0.4, -0.3, 0.5] }, inputs: [/b] }";
    let out = sample(&gpu, &lib, &sdf3(node, BOX), &pts);
    expect_exact("translate", &pts, &out, |p| {
        box_d([p[0] as f64 - 0.4, p[1] as f64 + 0.3, p[2] as f64 - 0.5])
    });
    // Scaling by s: s * f(p / s).
    let node = "{ rop: transform, params: { Scale: 1.5 }, inputs: [/b] }";
    let out = sample(&gpu, &lib, &sdf3(node, BOX), &pts);
    expect_exact("scale", &pts, &out, |p| {
        1.5 * box_d([p[0] as f64 / 1.5, p[1] as f64 / 1.5, p[2] as f64 / 1.5])
    });
    // Rotating 90 degrees about z turns x into y.
    let node = "{ rop: transform, params: { Rotate: [0, 0, 90] }, inputs: [/b] }";
    let out = sample(&gpu, &lib, &sdf3(node, BOX), &pts);
    expect_within("rotate", &pts, &out, 2e-3, |p| {
        an::cube(v3(p), [-0.3, 0.7, 0.2], [0.45, 0.3, 0.2])
    });
}

#[test]
fn mirrors_and_reflections_are_symmetric_and_keep_one_side() {
    let Some(gpu) = gpu("mirrors_and_reflections_are_symmetric_and_keep_one_side") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(11, 300, -2.0, 2.0);
    let fold = |v: f64, o: f64| (v - o).abs() + o;
    // mirror: x and z folded across planes through the offset.
    let node = "{ rop: mirror, params: { MirrorX: true, MirrorZ: true, Offset: [0.1, 0, -0.2] }, inputs: [/b] }";
    let out = sample(&gpu, &lib, &sdf3(node, BOX), &pts);
    expect_exact("mirror", &pts, &out, |p| {
        let p = v3(p);
        box_d([fold(p[0], 0.1), p[1], fold(p[2], -0.2)])
    });
    // mirror, keeping the negative side.
    let node =
        "{ rop: mirror, params: { MirrorY: true, MirrorX: false, Flip: true }, inputs: [/b] }";
    let out = sample(&gpu, &lib, &sdf3(node, BOX), &pts);
    expect_exact("mirror flipped", &pts, &out, |p| {
        let p = v3(p);
        box_d([p[0], -p[1].abs(), p[2]])
    });
    // mirrorOctant: both plane axes folded, then shifted by the offset.
    let node = "{ rop: mirrorOctant, params: { Offset: [0.2, 0.1] }, inputs: [/b] }";
    let out = sample(&gpu, &lib, &sdf3(node, BOX), &pts);
    expect_exact("mirrorOctant", &pts, &out, |p| {
        let p = v3(p);
        box_d([p[0].abs() - 0.2, p[1], p[2].abs() - 0.1])
    });
    // reflect: across the plane x + y = 0.2 * sqrt(2); the side the normal points to is kept.
    let node = "{ rop: reflect, params: { Normal: [1, 1, 0], Offset: 0.2 }, inputs: [/b] }";
    let out = sample(&gpu, &lib, &sdf3(node, BOX), &pts);
    expect_exact("reflect", &pts, &out, |p| {
        let p = v3(p);
        let n = [FRAC_1_SQRT_2, FRAC_1_SQRT_2, 0.0];
        let t = an::dot3(p, n) - 0.2;
        if t >= 0.0 {
            box_d(p)
        } else {
            box_d([p[0] - 2.0 * t * n[0], p[1] - 2.0 * t * n[1], p[2]])
        }
    });
    // Symmetry itself: the reflected point gives the same value.
    let mirrored: Vec<[f32; 3]> = pts
        .iter()
        .map(|p| {
            let p = v3(p);
            let t = (p[0] + p[1]) * FRAC_1_SQRT_2 - 0.2;
            [
                (p[0] - 2.0 * t * FRAC_1_SQRT_2) as f32,
                (p[1] - 2.0 * t * FRAC_1_SQRT_2) as f32,
                p[2] as f32,
            ]
        })
        .collect();
    let back = sample(&gpu, &lib, &sdf3(node, BOX), &mirrored);
    for (a, b) in out.iter().zip(&back) {
        assert!(
            close(a[0] as f64, b[0] as f64, TOL),
            "reflect is not symmetric: {a:?} {b:?}"
        );
    }
}

#[test]
fn repeats_are_periodic_and_limited_repeats_stop() {
    let Some(gpu) = gpu("repeats_are_periodic_and_limited_repeats_stop") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(12, 300, -3.0, 3.0);
    let small =
        "  /b: { rop: box, params: { Size: [0.4, 0.6, 0.3], Translate: [0.1, 0.05, -0.05] } }\n";
    let small_d = |p: V3| an::cube(p, [0.1, 0.05, -0.05], [0.2, 0.3, 0.15]);

    // polarRepeat: the slice around +x is copied n times about y; each copy is
    // the input rotated, so the value at p is the input at p rotated back into
    // the first slice, moved by the radial offset.
    let node = "{ rop: polarRepeat, params: { Count: 5, Offset: 1.0, Rotate: 10 }, inputs: [/b] }";
    let out = sample(&gpu, &lib, &sdf3(node, small), &pts);
    expect_within("polarRepeat", &pts, &out, 2e-3, |p| {
        let p = v3(p);
        let step = TAU / 5.0;
        let a = p[2].atan2(p[0]) - 10f64.to_radians();
        let k = ((a + step / 2.0) / step).floor();
        let w = an::rot2([p[0], p[2]], -(k * step + 10f64.to_radians()));
        small_d([w[0] - 1.0, p[1], w[1]])
    });
    // ... and periodic: turning the point by one slice changes nothing.
    let turned: Vec<[f32; 3]> = pts
        .iter()
        .map(|p| {
            let w = an::rot2([p[0] as f64, p[2] as f64], TAU / 5.0);
            [w[0] as f32, p[1], w[1] as f32]
        })
        .collect();
    let again = sample(&gpu, &lib, &sdf3(node, small), &turned);
    for (i, (a, b)) in out.iter().zip(&again).enumerate() {
        assert!(
            close(a[0] as f64, b[0] as f64, 2e-3),
            "polarRepeat is not periodic at {:?}: {} vs {}",
            pts[i],
            a[0],
            b[0]
        );
    }

    // linearRepeat, endless: periodic with the spacing.
    let node =
        "{ rop: linearRepeat, params: { Axis: z, Spacing: 1.5, Offset: 0.2 }, inputs: [/b] }";
    let out = sample(&gpu, &lib, &sdf3(node, small), &pts);
    expect_exact("linearRepeat", &pts, &out, |p| {
        let p = v3(p);
        let c = ((p[2] - 0.2) / 1.5 + 0.5).floor();
        small_d([p[0], p[1], p[2] - 0.2 - 1.5 * c])
    });
    let shifted: Vec<[f32; 3]> = pts.iter().map(|p| [p[0], p[1], p[2] + 1.5]).collect();
    let again = sample(&gpu, &lib, &sdf3(node, small), &shifted);
    for (a, b) in out.iter().zip(&again) {
        assert!(
            close(a[0] as f64, b[0] as f64, TOL),
            "linearRepeat is not periodic"
        );
    }
    // linearRepeat, limited to cells -1..2: beyond them the end copies stay.
    let node = "{ rop: linearRepeat, params: { Axis: x, Spacing: 1.0, Limited: true, First: -1, Last: 2 }, inputs: [/b] }";
    let out = sample(&gpu, &lib, &sdf3(node, small), &pts);
    expect_exact("linearRepeat limited", &pts, &out, |p| {
        let p = v3(p);
        let c = (p[0] + 0.5).floor().clamp(-1.0, 2.0);
        small_d([p[0] - c, p[1], p[2]])
    });

    // gridRepeat: periodic on x and y, z left alone (spacing 0).
    let node = "{ rop: gridRepeat, params: { Spacing: [1.2, 1.6, 0] }, inputs: [/b] }";
    let out = sample(&gpu, &lib, &sdf3(node, small), &pts);
    expect_exact("gridRepeat", &pts, &out, |p| {
        let p = v3(p);
        let cx = (p[0] / 1.2 + 0.5).floor();
        let cy = (p[1] / 1.6 + 0.5).floor();
        small_d([p[0] - 1.2 * cx, p[1] - 1.6 * cy, p[2]])
    });
    // gridRepeat limited to one cell on each side.
    let node = "{ rop: gridRepeat, params: { Spacing: [1.2, 1.2, 1.2], Limited: true, Limit: [1, 0, 1] }, inputs: [/b] }";
    let out = sample(&gpu, &lib, &sdf3(node, small), &pts);
    expect_exact("gridRepeat limited", &pts, &out, |p| {
        let p = v3(p);
        let c = |v: f64, l: f64| (v / 1.2 + 0.5).floor().clamp(-l, l);
        small_d([
            p[0] - 1.2 * c(p[0], 1.0),
            p[1] - 1.2 * c(p[1], 0.0),
            p[2] - 1.2 * c(p[2], 1.0),
        ])
    });
}

#[test]
fn deformations_follow_their_domain_maps() {
    let Some(gpu) = gpu("deformations_follow_their_domain_maps") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(13, 300, -2.0, 2.0);
    // twist (a bound only with a small enough step scale): the value is the
    // step scale times the input at the point turned by rate * y about y.
    let node = "{ rop: twist, params: { Rate: 60, StepScale: 0.7 }, inputs: [/b] }";
    let out = sample(&gpu, &lib, &sdf3(node, BOX), &pts);
    expect_exact("twist", &pts, &out, |p| {
        let p = v3(p);
        let zx = an::rot2([p[2], p[0]], 60f64.to_radians() * p[1]);
        0.7 * box_d([zx[1], p[1], zx[0]])
    });
    // The twist is a shear of size t = k r (k in radians per unit, r the
    // distance from the axis), which stretches lengths by at most
    // (t + sqrt(t^2 + 4)) / 2. With the step scale below the inverse over the
    // region, twist is a bound: 1-Lipschitz on pairs within r < 1.45
    // (t = 1.52, factor 2.02).
    let pairs: Vec<[f32; 3]> = point_pairs(14, 200, -1.0, 1.0, 0.05);
    let node = "{ rop: twist, params: { Rate: 60, StepScale: 0.49 }, inputs: [/b] }";
    let out = sample(&gpu, &lib, &sdf3(node, BOX), &pairs);
    expect_lipschitz("twist", &pairs, &out);
    // bend: the input at (c x + s y, -s x + c y, z) with angle rate * x.
    let node = "{ rop: bend, params: { Rate: 40, StepScale: 0.9 }, inputs: [/b] }";
    let out = sample(&gpu, &lib, &sdf3(node, BOX), &pts);
    expect_exact("bend", &pts, &out, |p| {
        let p = v3(p);
        let (s, c) = (40f64.to_radians() * p[0]).sin_cos();
        0.9 * box_d([c * p[0] + s * p[1], -s * p[0] + c * p[1], p[2]])
    });
    // Rate 0 changes nothing.
    for rop in ["twist", "bend"] {
        let node = format!("{{ rop: {rop}, params: {{ Rate: 0, StepScale: 1 }}, inputs: [/b] }}");
        let out = sample(&gpu, &lib, &sdf3(&node, BOX), &pts);
        expect_exact(&format!("{rop} at rate 0"), &pts, &out, |p| box_d(v3(p)));
    }
}

#[test]
fn elongate_round_and_onion_match_their_formulas() {
    let Some(gpu) = gpu("elongate_round_and_onion_match_their_formulas") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(15, 300, -2.0, 2.0);
    let ball = "  /c: { rop: sphere, params: { Radius: 0.5 } }\n";
    // exact: a sphere elongated along y is a capsule.
    let node = "{ rop: elongate, params: { Amount: [0, 0.6, 0] }, inputs: [/c] }";
    let out = sample(&gpu, &lib, &sdf3(node, ball), &pts);
    expect_exact("elongated sphere", &pts, &out, |p| {
        an::seg3(v3(p), [0.0, -0.6, 0.0], [0.0, 0.6, 0.0]) - 0.5
    });
    // exact outside, a bound inside: a centred box elongated by h is a box
    // bigger by 2h.
    let cube = "  /c: { rop: box, params: { Size: [0.6, 0.4, 0.8] } }\n";
    let node = "{ rop: elongate, params: { Amount: [0.3, 0.2, 0.1] }, inputs: [/c] }";
    let out = sample(&gpu, &lib, &sdf3(node, cube), &pts);
    let big = |p: &[f32; 3]| an::cube(v3(p), [0.0; 3], [0.6, 0.4, 0.5]);
    let outside: Vec<usize> = (0..pts.len()).filter(|&i| big(&pts[i]) >= 0.0).collect();
    assert!(outside.len() > 100);
    for &i in &outside {
        assert!(
            close(out[i][0] as f64, big(&pts[i]), TOL),
            "elongated box at {:?}",
            pts[i]
        );
    }
    expect_bound(
        "elongated box",
        &pts,
        &out,
        1e-3,
        |p| (big(p) < 0.0, Some(big(p).abs())),
        |_| false,
    );
    // exact for convex shapes: round grows the box by r.
    let node = "{ rop: round, params: { Radius: 0.15 }, inputs: [/c] }";
    let out = sample(&gpu, &lib, &sdf3(node, cube), &pts);
    expect_exact("round", &pts, &out, |p| {
        an::cube(v3(p), [0.0; 3], [0.3, 0.2, 0.4]) - 0.15
    });
    // onion: |d| - t, applied once per layer.
    for layers in [1, 3] {
        let node = format!(
            "{{ rop: onion, params: {{ Thickness: 0.1, Layers: {layers} }}, inputs: [/c] }}"
        );
        let out = sample(&gpu, &lib, &sdf3(&node, ball), &pts);
        expect_exact(&format!("onion x{layers}"), &pts, &out, |p| {
            let mut d = an::len3(v3(p)) - 0.5;
            for _ in 0..layers {
                d = d.abs() - 0.1;
            }
            d
        });
    }
}

#[test]
fn fields_drive_displace_and_mix() {
    let Some(gpu) = gpu("fields_drive_displace_and_mix") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(16, 300, -2.0, 2.0);
    let ball = "  /c: { rop: sphere, params: { Radius: 0.8 } }\n";
    // displace: (d + amount * field) * step scale, with the field the position's x.
    let extra = format!("{ball}  /f: {{ rop: position, params: {{ Component: x }} }}\n");
    let node = "{ rop: displace, params: { Amount: 0.25, StepScale: 0.8 }, inputs: [/c, /f] }";
    let out = sample(&gpu, &lib, &sdf3(node, &extra), &pts);
    expect_exact("displace", &pts, &out, |p| {
        let p = v3(p);
        (an::len3(p) - 0.8 + 0.25 * p[0]) * 0.8
    });
    // mixByField: a constant 0.25 gives three quarters of the first input.
    let extra = format!("{ball}{BOX}  /f: {{ rop: constant, params: {{ Value: 0.25 }} }}\n");
    let node = "{ rop: mixByField, inputs: [/c, /b, /f] }";
    let out = sample(&gpu, &lib, &sdf3(node, &extra), &pts);
    expect_exact("mixByField", &pts, &out, |p| {
        let p = v3(p);
        0.75 * (an::len3(p) - 0.8) + 0.25 * box_d(p)
    });
}

#[test]
fn two_dimensional_shapes_become_solids_and_solids_slices() {
    let Some(gpu) = gpu("two_dimensional_shapes_become_solids_and_solids_slices") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(17, 300, -2.0, 2.0);
    // exact: a circle extruded along z is a capped cylinder.
    let circle = "  /c: { rop: circle, params: { Radius: 0.6, Translate: [0.2, 0] } }\n";
    let node = "{ rop: extrude, params: { Height: 1.0, Offset: 0.1 }, inputs: [/c] }";
    let out = sample(&gpu, &lib, &sdf3(node, circle), &pts);
    expect_exact("extrude", &pts, &out, |p| {
        let p = v3(p);
        an::extrude((p[0] - 0.2).hypot(p[1]) - 0.6, p[2] - 0.1, 0.5)
    });
    // extrude along y maps the 2D shape onto x and z.
    let rect = "  /c: { rop: rectangle, params: { Size: [1.0, 0.4] } }\n";
    let node = "{ rop: extrude, params: { Height: 0.6, Axis: y }, inputs: [/c] }";
    let out = sample(&gpu, &lib, &sdf3(node, rect), &pts);
    expect_exact("extrude along y", &pts, &out, |p| {
        an::cube(v3(p), [0.0; 3], [0.5, 0.3, 0.2])
    });
    // exact: a circle revolved at an offset is a torus.
    let circle0 = "  /c: { rop: circle, params: { Radius: 0.3 } }\n";
    let node = "{ rop: revolve, params: { Offset: 1.0 }, inputs: [/c] }";
    let out = sample(&gpu, &lib, &sdf3(node, circle0), &pts);
    expect_exact("revolve", &pts, &out, |p| {
        let p = v3(p);
        (p[0].hypot(p[2]) - 1.0).hypot(p[1]) - 0.3
    });
    // slice: the 3D distance at (x, y, offset).
    let pts2 = points2(18, 300, -1.5, 1.5);
    let ball = "  /c: { rop: sphere, params: { Radius: 0.8 } }\n";
    let node = "{ rop: slice, params: { Offset: 0.5 }, inputs: [/c] }";
    let out = sample(&gpu, &lib, &sdf2(node, ball), &pts2);
    expect_exact("slice", &pts2, &out, |p| {
        an::len3([p[0] as f64, p[1] as f64, 0.5]) - 0.8
    });
    let node = "{ rop: slice, params: { Plane: xz, Offset: -0.3 }, inputs: [/c] }";
    let out = sample(&gpu, &lib, &sdf2(node, ball), &pts2);
    expect_exact("slice xz", &pts2, &out, |p| {
        an::len3([p[0] as f64, -0.3, p[1] as f64]) - 0.8
    });
}

#[test]
fn iteration_reaches_switches_and_fields() {
    let Some(gpu) = gpu("iteration_reaches_switches_and_fields") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(19, 300, -2.0, 2.0);
    let shapes = "  /sw: { rop: iterationSwitch, inputs: [/c, /b] }\n  /c: { rop: sphere, params: { Radius: 0.5, Translate: [0.8, 0, 0] } }\n";
    // reflect across x = 0: index 0 (the sphere) on +x, index 1 (the box) on -x.
    let node = "{ rop: reflect, inputs: [/sw] }";
    let out = sample(&gpu, &lib, &sdf3(node, &format!("{shapes}{BOX}")), &pts);
    expect_exact("reflect + iterationSwitch", &pts, &out, |p| {
        let p = v3(p);
        let q = [p[0].abs(), p[1], p[2]];
        if p[0] >= 0.0 {
            sphere_d(q, [0.8, 0.0, 0.0], 0.5)
        } else {
            box_d(q)
        }
    });
    // mirrorOctant quadrants 0..3 counter-clockwise from (+x, +z): 0 and 2 get
    // the sphere, 1 and 3 the box.
    let node = "{ rop: mirrorOctant, inputs: [/sw] }";
    let out = sample(&gpu, &lib, &sdf3(node, &format!("{shapes}{BOX}")), &pts);
    expect_exact("mirrorOctant + iterationSwitch", &pts, &out, |p| {
        let p = v3(p);
        let q = [p[0].abs(), p[1], p[2].abs()];
        let quadrant = match (p[0] >= 0.0, p[2] >= 0.0) {
            (true, true) => 0,
            (false, true) => 1,
            (false, false) => 2,
            (true, false) => 3,
        };
        if quadrant % 2 == 0 {
            sphere_d(q, [0.8, 0.0, 0.0], 0.5)
        } else {
            box_d(q)
        }
    });
    // iterationField through displace of a plane: y + the copy's index (or
    // index / count) from polarRepeat.
    for (format, scale) in [("rawIndex", 1.0), ("ratio", 0.25)] {
        let extra = format!(
            "  /d: {{ rop: displace, params: {{ Amount: 1.0 }}, inputs: [/fl, /it] }}\n  /fl: {{ rop: plane }}\n  /it: {{ rop: iterationField, params: {{ Format: {format} }} }}\n"
        );
        let node = "{ rop: polarRepeat, params: { Count: 4 }, inputs: [/d] }";
        let out = sample(&gpu, &lib, &sdf3(node, &extra), &pts);
        expect_exact(
            &format!("polarRepeat + iterationField {format}"),
            &pts,
            &out,
            |p| {
                let p = v3(p);
                let step = TAU / 4.0;
                let c = ((p[2].atan2(p[0]) + step / 2.0) / step)
                    .floor()
                    .rem_euclid(4.0);
                p[1] + scale * c
            },
        );
    }
    // linearRepeat limited: the index counts from the first cell.
    let extra = "  /d: { rop: displace, params: { Amount: 1.0 }, inputs: [/fl, /it] }\n  /fl: { rop: plane }\n  /it: { rop: iterationField, params: { Format: rawIndex } }\n";
    let node = "{ rop: linearRepeat, params: { Spacing: 1.0, Limited: true, First: -1, Last: 1 }, inputs: [/d] }";
    let out = sample(&gpu, &lib, &sdf3(node, extra), &pts);
    expect_exact("linearRepeat + iterationField", &pts, &out, |p| {
        let p = v3(p);
        p[1] + (p[0] + 0.5).floor().clamp(-1.0, 1.0) + 1.0
    });
}

// ---------------------------------------------------------------------------
// Fields

#[test]
fn simple_fields_match_their_formulas() {
    let Some(gpu) = gpu("simple_fields_match_their_formulas") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(20, 300, -2.0, 2.0);
    type Case = (&'static str, &'static str, Box<dyn Fn(V3) -> f64>);
    let cases: Vec<Case> = vec![
        (
            "constant",
            "{ rop: constant, params: { Value: 0.7 } }",
            Box::new(|_| 0.7),
        ),
        (
            "position",
            "{ rop: position, params: { Component: z, Offset: [0, 0, 0.5], Scale: 2 } }",
            Box::new(|p| 2.0 * (p[2] - 0.5)),
        ),
        (
            "position length",
            "{ rop: position, params: { Component: length } }",
            Box::new(an::len3),
        ),
        (
            "axisDistance",
            "{ rop: axisDistance, params: { Axis: x, Offset: [0, 0.5, 0] } }",
            Box::new(|p| (p[1] - 0.5).hypot(p[2])),
        ),
        (
            "gradient linear",
            "{ rop: gradient, params: { Start: [0, -1, 0], End: [0, 1, 0], Clamp: false } }",
            Box::new(|p| (p[1] + 1.0) / 2.0),
        ),
        (
            "gradient clamped",
            "{ rop: gradient, params: { Start: [-1, 0, 0], End: [1, 0, 0] } }",
            Box::new(|p| ((p[0] + 1.0) / 2.0).clamp(0.0, 1.0)),
        ),
        (
            "gradient radial",
            "{ rop: gradient, params: { Type: radial, Start: [0, 0, 0], End: [2, 0, 0], Clamp: false } }",
            Box::new(|p| an::len3(p) / 2.0),
        ),
        (
            "checker",
            "{ rop: checker, params: { Scale: 0.5 } }",
            Box::new(|p| {
                let s = (p[0] / 0.5).floor() + (p[1] / 0.5).floor() + (p[2] / 0.5).floor();
                gmod(s, 2.0)
            }),
        ),
    ];
    for (name, node, want) in &cases {
        let out = sample(&gpu, &lib, &probe("probeFloat3", node, ""), &pts);
        expect_exact(name, &pts, &out, |p| want(v3(p)));
    }
    // vec4 forms: the colour of constant, gradient and checker; the position itself.
    let out = sample(
        &gpu,
        &lib,
        &probe(
            "probeColor3",
            "{ rop: constant, params: { Color: [0.1, 0.2, 0.3, 0.4] } }",
            "",
        ),
        &pts[..4],
    );
    for v in &out {
        assert!(
            (v[0] - 0.1).abs() < 1e-6 && (v[3] - 0.4).abs() < 1e-6,
            "{v:?}"
        );
    }
    let out = sample(
        &gpu,
        &lib,
        &probe("probeColor3", "{ rop: position }", ""),
        &pts,
    );
    for (p, v) in pts.iter().zip(&out) {
        assert!(
            (0..3).all(|i| (p[i] - v[i]).abs() < 1e-5) && v[3] == 1.0,
            "{p:?} {v:?}"
        );
    }
    let out = sample(
        &gpu,
        &lib,
        &probe(
            "probeColor3",
            "{ rop: gradient, params: { ColorA: [1, 0, 0, 1], ColorB: [0, 0, 1, 1] } }",
            "",
        ),
        &pts,
    );
    for (p, v) in pts.iter().zip(&out) {
        let t = ((p[1] as f64 + 1.0) / 2.0).clamp(0.0, 1.0);
        assert!(
            close(v[0] as f64, 1.0 - t, TOL) && close(v[2] as f64, t, TOL),
            "{p:?} {v:?}"
        );
    }
    // colorRamp: the position's x over the range -1..1 through three colours,
    // darkened by a constant shade.
    let extra = "  /v: { rop: position, params: { Component: x } }\n  /k: { rop: constant, params: { Value: 0.5 } }\n";
    let node = "{ rop: colorRamp, params: { Range: [-1, 1], ColorA: [1, 0, 0, 1], ColorB: [0, 1, 0, 1], ColorC: [0, 0, 1, 1] }, inputs: [/v, /k] }";
    let out = sample(&gpu, &lib, &probe("probeColor3", node, extra), &pts);
    for (p, v) in pts.iter().zip(&out) {
        let t = ((p[0] as f64 + 1.0) / 2.0).clamp(0.0, 1.0);
        let want = if t < 0.5 {
            [1.0 - 2.0 * t, 2.0 * t, 0.0]
        } else {
            [0.0, 2.0 - 2.0 * t, 2.0 * t - 1.0]
        };
        for i in 0..3 {
            assert!(
                close(v[i] as f64, 0.5 * want[i], TOL),
                "colorRamp at {p:?}: {v:?}"
            );
        }
    }
    // 2D forms.
    let pts2 = points2(21, 200, -2.0, 2.0);
    let out = sample(
        &gpu,
        &lib,
        &probe(
            "probeFloat2",
            "{ rop: axisDistance, params: { Axis: z } }",
            "",
        ),
        &pts2,
    );
    expect_exact("axisDistance 2D", &pts2, &out, |p| an::len2(v2(p)));
}

#[test]
fn time_field_follows_the_clock() {
    let Some(gpu) = gpu("time_field_follows_the_clock") else {
        return;
    };
    let lib = catalog_library();
    let pts = [[0.0f32, 0.0, 0.0], [1.0, 2.0, 3.0]];
    for (mode, want) in [
        ("linear", 0.5 * 1.25 * 2.0 + 0.1),
        ("sine", 2.0 * (TAU * 0.5 * 1.25).sin() + 0.1),
        ("saw", 2.0 * (0.5 * 1.25f64).fract() + 0.1),
    ] {
        let node = format!(
            "{{ rop: time, params: {{ Mode: {mode}, Speed: 0.5, Amplitude: 2, Offset: 0.1 }} }}"
        );
        let out = sample_at(&gpu, &lib, &probe("probeFloat3", &node, ""), &pts, 1.25);
        for v in &out {
            assert!(
                close(v[0] as f64, want, TOL),
                "time {mode}: {} != {want}",
                v[0]
            );
        }
    }
}

#[test]
fn math_field_operations() {
    let Some(gpu) = gpu("math_field_operations") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(22, 100, -2.0, 2.0);
    // a is the position's x, b a constant 2 (or Value 3 when b is not connected).
    let extra = "  /a: { rop: position, params: { Component: x } }\n  /b: { rop: constant, params: { Value: 2.0 } }\n";
    type Op = (&'static str, fn(f64, f64) -> f64);
    let ops: [Op; 11] = [
        ("add", |a, b| a + b),
        ("subtract", |a, b| a - b),
        ("multiply", |a, b| a * b),
        ("divide", |a, b| a / b),
        ("min", |a: f64, b| a.min(b)),
        ("max", |a: f64, b| a.max(b)),
        ("power", |a: f64, b| a.abs().powf(b)),
        ("remap", |a, _| 10.0 + (a + 2.0) * (20.0 - 10.0) / 4.0),
        ("clamp", |a: f64, _| a.clamp(-0.5, 0.5)),
        ("abs", |a: f64, _| a.abs()),
        ("oneMinus", |a, _| 1.0 - a),
    ];
    for (op, f) in ops {
        let ranges = if op == "clamp" {
            "FromRange: [-2, 2], ToRange: [0.5, -0.5]"
        } else {
            "FromRange: [-2, 2], ToRange: [10, 20]"
        };
        for wired in [true, false] {
            let inputs = if wired { "[/a, /b]" } else { "[/a]" };
            let node = format!(
                "{{ rop: math, params: {{ Operation: {op}, Value: 3.0, {ranges} }}, inputs: {inputs} }}"
            );
            let out = sample(&gpu, &lib, &probe("probeFloat3", &node, extra), &pts);
            let b = if wired { 2.0 } else { 3.0 };
            expect_exact(&format!("math {op} (b wired: {wired})"), &pts, &out, |p| {
                f(p[0] as f64, b)
            });
        }
    }
}

#[test]
fn noise_fields_stay_in_range_are_smooth_and_repeatable() {
    let Some(gpu) = gpu("noise_fields_stay_in_range_are_smooth_and_repeatable") else {
        return;
    };
    let lib = catalog_library();
    // Pairs 0.01 apart: continuity (no change above a generous bound on the
    // slope: the noises' gradients stay below about 6 per noise unit, and fbm
    // adds one such slope per octave over its normalisation, so a jump would
    // stand out); the same points twice: determinism.
    let pairs = point_pairs(23, 300, -20.0, 20.0, 0.01);
    for (name, node, lipschitz) in [
        (
            "simplexNoise",
            "{ rop: simplexNoise, params: { Scale: 1.3, Amplitude: 0.8 } }",
            10.0,
        ),
        (
            "valueNoise",
            "{ rop: valueNoise, params: { Scale: 1.3, Amplitude: 0.8 } }",
            10.0,
        ),
        (
            "fbm",
            "{ rop: fbm, params: { Scale: 0.7, Amplitude: 0.8, Octaves: 6 } }",
            25.0,
        ),
        (
            "fbm value",
            "{ rop: fbm, params: { Scale: 0.7, Amplitude: 0.8, Noise: value } }",
            25.0,
        ),
    ] {
        for probe_rop in ["probeFloat3", "probeFloat2"] {
            let pts: Vec<[f32; 3]> = if probe_rop == "probeFloat2" {
                pairs.iter().map(|p| [p[0], p[1], 0.0]).collect()
            } else {
                pairs.clone()
            };
            let nodes = probe(probe_rop, node, "");
            let a = sample(&gpu, &lib, &nodes, &pts);
            let b = sample(&gpu, &lib, &nodes, &pts);
            assert_eq!(a, b, "{name} ({probe_rop}) is not deterministic");
            let values: Vec<f64> = a.iter().map(|v| v[0] as f64).collect();
            let (lo, hi) = values
                .iter()
                .fold((f64::MAX, f64::MIN), |(l, h), v| (l.min(*v), h.max(*v)));
            assert!(
                lo >= -0.8 - 1e-6 && hi <= 0.8 + 1e-6,
                "{name} ({probe_rop}): values {lo}..{hi} leave -0.8..0.8"
            );
            assert!(hi - lo > 0.5, "{name} ({probe_rop}): too flat ({lo}..{hi})");
            let mean = values.iter().sum::<f64>() / values.len() as f64;
            assert!(mean.abs() < 0.25, "{name} ({probe_rop}): mean {mean}");
            for k in 0..pts.len() / 2 {
                let step = an::len3(an::sub3(v3(&pts[2 * k]), v3(&pts[2 * k + 1])));
                let diff = (values[2 * k] - values[2 * k + 1]).abs();
                assert!(
                    diff <= lipschitz * step + 1e-4,
                    "{name} ({probe_rop}) jumps by {diff} over {step} at {:?}",
                    pts[2 * k]
                );
            }
        }
    }
    // Moving the pattern by its offset is the same as moving the point.
    let pts = points3(24, 100, -3.0, 3.0);
    let moved: Vec<[f32; 3]> = pts
        .iter()
        .map(|p| [p[0] + 0.5, p[1], p[2] - 0.25])
        .collect();
    let a = sample(
        &gpu,
        &lib,
        &probe(
            "probeFloat3",
            "{ rop: simplexNoise, params: { Translate: [0.5, 0, -0.25] } }",
            "",
        ),
        &pts,
    );
    let b = sample(
        &gpu,
        &lib,
        &probe("probeFloat3", "{ rop: simplexNoise }", ""),
        &moved,
    );
    for (x, y) in a.iter().zip(&b) {
        assert!(
            (x[0] - y[0]).abs() < 1e-4,
            "simplex offset: {} vs {}",
            x[0],
            y[0]
        );
    }
}

#[test]
fn voronoi_distances_are_ordered_and_a_regular_grid_is_exact() {
    let Some(gpu) = gpu("voronoi_distances_are_ordered_and_a_regular_grid_is_exact") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(25, 300, -5.0, 5.0);
    let f = |mode: &str, jitter: f64| {
        let node =
            format!("{{ rop: voronoi, params: {{ Mode: {mode}, Scale: 1.0, Jitter: {jitter} }} }}");
        sample(&gpu, &lib, &probe("probeFloat3", &node, ""), &pts)
    };
    let (f1, f2, edge, cell) = (f("f1", 1.0), f("f2", 1.0), f("edge", 1.0), f("cell", 1.0));
    for i in 0..pts.len() {
        let (a, b) = (f1[i][0], f2[i][0]);
        assert!(
            a >= 0.0 && a <= b && a < 3f32.sqrt(),
            "f1 {a} f2 {b} at {:?}",
            pts[i]
        );
        assert!((edge[i][0] - (b - a)).abs() < 1e-5);
        assert!((0.0..1.0).contains(&cell[i][0]));
    }
    // Jitter 0: the features are the cell centres.
    let grid = f("f1", 0.0);
    expect_exact("voronoi regular grid", &pts, &grid, |p| {
        let q = v3(p);
        let c = [q[0].floor() + 0.5, q[1].floor() + 0.5, q[2].floor() + 0.5];
        an::len3(an::sub3(q, c))
    });
}

// ---------------------------------------------------------------------------
// Materials, cameras, lights

pub(crate) fn render_image(gpu: &Gpu, lib: &Library, text: &str, size: u32) -> image::RgbaImage {
    let net = Network::parse(text, &root().join("catalog-test.yaml"), lib)
        .unwrap_or_else(|e| panic!("{e}\n{text}"));
    let built = build(lib, &net, &Mode::Render.into()).unwrap_or_else(|e| panic!("{e}"));
    let mut r = Renderer::new(gpu.clone());
    r.asset_dirs = vec![root()];
    r.set_built(&built).unwrap_or_else(|e| panic!("{e}"));
    r.set_params(&built.shader.param_values(&net, lib));
    r.render_image(size, size).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn every_material_shades_a_sphere_in_its_own_way() {
    let Some(gpu) = gpu("every_material_shades_a_sphere_in_its_own_way") else {
        return;
    };
    let lib = catalog_library();
    let materials = [
        ("basicMaterial", "{ Color: [0.8, 0.3, 0.2] }", ""),
        ("phongMaterial", "{ Color: [0.2, 0.6, 0.3] }", ""),
        (
            "pbrMaterial",
            "{ BaseColor: [0.9, 0.9, 0.9], Metallic: 1.0, Roughness: 0.2 }",
            "",
        ),
        (
            "pbrMaterial",
            "{ BaseColor: [0.2, 0.3, 0.9], Metallic: 0.0, Roughness: 0.8 }",
            "",
        ),
        ("normalMaterial", "{ }", ""),
        ("matcapMaterial", "{ }", ""),
        ("fieldColorMaterial", "{ Lit: true }", "value: /f, "),
        ("textureMaterial", "{ Scale: 2.0 }", ""),
    ];
    let mut centres = Vec::new();
    for (rop, params, extra_input) in materials {
        let text = format!(
            "output: /out\nnodes:\n  /s: {{ rop: sphere, params: {{ Radius: 1.0 }} }}\n  /f: {{ rop: checker, params: {{ Scale: 0.25 }} }}\n  /m: {{ rop: {rop}, params: {params}, inputs: {{ shape: /s, {extra_input}}} }}\n  /cam: {{ rop: lookAtCamera, params: {{ Position: [0, 0, 4], Target: [0, 0, 0] }} }}\n  /l1: {{ rop: pointLight, params: {{ Position: [3, 4, 5] }} }}\n  /l2: {{ rop: directionalLight }}\n  /out: {{ rop: raymarchRender3D, inputs: {{ scene: /m, camera: /cam, light: /l1, 5: /l2 }} }}\n"
        );
        let img = render_image(&gpu, &lib, &text, 32);
        let c = img.get_pixel(16, 16).0;
        let corner = img.get_pixel(1, 1).0;
        assert_ne!(
            c, corner,
            "{rop} {params}: the sphere looks like the background"
        );
        assert!(
            c[..3].iter().any(|&v| v > 20),
            "{rop} {params}: black at the centre {c:?}"
        );
        // The material's id is what the scene carries.
        let nodes = format!(
            "  /s: {{ rop: sphere, params: {{ Radius: 1.0 }} }}\n  /f: {{ rop: checker }}\n  /m: {{ rop: {rop}, inputs: {{ shape: /s, {extra_input}}} }}\n  /out: {{ rop: raymarchRender3D, inputs: [/m] }}\n"
        );
        let out = sample(&gpu, &lib, &nodes, &[[0.0, 2.0, 0.0]]);
        assert_eq!((out[0][0], out[0][1]), (1.0, 1.0), "{rop}");
        centres.push(c);
    }
    for i in 0..centres.len() {
        for j in i + 1..centres.len() {
            assert_ne!(
                centres[i], centres[j],
                "materials {i} and {j} look the same"
            );
        }
    }
}

#[test]
fn cameras_aim_their_rays() {
    let Some(gpu) = gpu("cameras_aim_their_rays") else {
        return;
    };
    let lib = catalog_library();
    // The probe returns the ray direction for an image point (uv, y up, -0.5..0.5).
    let uv = [
        [0.0f32, 0.0, 0.0],
        [0.25, 0.0, 0.0],
        [0.0, 0.25, 0.0],
        [-0.3, -0.2, 0.0],
    ];
    let dir = |node: &str| sample(&gpu, &lib, &probe("probeCamera", node, ""), &uv);
    let norm = |v: V3| {
        let l = an::len3(v);
        [v[0] / l, v[1] / l, v[2] / l]
    };
    let near = |got: &[f32; 4], want: V3, what: &str| {
        for i in 0..3 {
            assert!(
                (got[i] as f64 - want[i]).abs() < 1e-4,
                "{what}: direction {got:?}, want {want:?}"
            );
        }
    };
    // orbitCamera: from azimuth 90, elevation 0 the camera sits on +x and looks along -x.
    let out = dir(
        "{ rop: orbitCamera, params: { Target: [0, 0, 0], Distance: 5, Azimuth: 90, Elevation: 0, Fov: 90 } }",
    );
    near(&out[0], [-1.0, 0.0, 0.0], "orbit centre");
    // Fov 90: the top edge (uv.y = 0.5) is 45 degrees up, so uv.y = 0.25 is atan(0.5).
    near(&out[2], norm([-1.0, 0.5, 0.0]), "orbit up");
    near(&out[1], norm([-1.0, 0.0, -0.5]), "orbit right");
    // orbitCamera from above at 45 degrees.
    let out = dir(
        "{ rop: orbitCamera, params: { Target: [0, 1, 0], Distance: 3, Azimuth: 0, Elevation: 45 } }",
    );
    near(&out[0], norm([0.0, -1.0, -1.0]), "orbit elevation");
    // orthoCamera: every ray is parallel.
    let out = dir("{ rop: orthoCamera, params: { Position: [2, 2, 2], Target: [0, 0, 0] } }");
    for v in &out {
        near(v, norm([-1.0, -1.0, -1.0]), "ortho");
    }
    // fisheyeCamera: the angle from the centre grows linearly with the radius.
    let out = dir(
        "{ rop: fisheyeCamera, params: { Position: [0, 0, 0], Target: [0, 0, -1], Fov: 180 } }",
    );
    near(&out[0], [0.0, 0.0, -1.0], "fisheye centre");
    let a = 0.25 * PI;
    near(&out[1], [a.sin(), 0.0, -a.cos()], "fisheye right");
    near(&out[2], [0.0, a.sin(), -a.cos()], "fisheye up");
    // equirectangular: longitude across, latitude up.
    let out = dir(
        "{ rop: fisheyeCamera, params: { Position: [0, 0, 0], Target: [0, 0, -1], Fov: 180, Projection: equirectangular } }",
    );
    let (lon, lat) = (-0.3 * PI, -0.2 * PI);
    near(
        &out[3],
        [lat.cos() * lon.sin(), lat.sin(), -lat.cos() * lon.cos()],
        "equirectangular",
    );
    // lookAtCamera (the existing camera) agrees with orbit placement.
    let out =
        dir("{ rop: lookAtCamera, params: { Position: [5, 0, 0], Target: [0, 0, 0], Fov: 90 } }");
    near(&out[2], norm([-1.0, 0.5, 0.0]), "lookAt up");
}

#[test]
fn lights_give_their_colour_where_they_shine() {
    let Some(gpu) = gpu("lights_give_their_colour_where_they_shine") else {
        return;
    };
    let lib = catalog_library();
    let col =
        |node: &str, pts: &[[f32; 3]]| sample(&gpu, &lib, &probe("probeLight", node, ""), pts);
    let origin = [[0.0f32, 0.0, 0.0]];
    let out = col(
        "{ rop: pointLight, params: { Color: [1, 0.5, 0.25], Intensity: 2 } }",
        &origin,
    );
    assert_eq!(&out[0][..3], &[2.0, 1.0, 0.5]);
    let out = col(
        "{ rop: directionalLight, params: { Color: [0.5, 0.5, 1], Intensity: 2 } }",
        &origin,
    );
    assert_eq!(&out[0][..3], &[1.0, 1.0, 2.0]);
    // spotLight from (0, 5, 0) down: full inside the cone, none well outside it.
    let pts = [
        [0.0f32, 0.0, 0.0],
        [1.0, 0.0, 0.0],
        [4.0, 0.0, 0.0],
        [0.0, 0.0, 2.3],
    ];
    let out = col(
        "{ rop: spotLight, params: { Position: [0, 5, 0], Target: [0, 0, 0], Angle: 20, Softness: 10, Intensity: 1 } }",
        &pts,
    );
    assert_eq!(out[0][0], 1.0, "on the axis");
    assert_eq!(out[1][0], 1.0, "11 degrees off the axis");
    assert_eq!(out[2][0], 0.0, "39 degrees off the axis");
    assert!(
        out[3][0] > 0.0 && out[3][0] < 1.0,
        "25 degrees: in the soft edge, {}",
        out[3][0]
    );
    // ambientLight: the default light context's normal points up: the sky colour.
    let out = col(
        "{ rop: ambientLight, params: { SkyColor: [0.2, 0.4, 0.6], GroundColor: [1, 0, 0], Intensity: 2 } }",
        &origin,
    );
    for (got, want) in out[0][..3].iter().zip([0.4, 0.8, 1.2]) {
        assert!((got - want).abs() < 1e-6, "{:?}", out[0]);
    }
}

// ---------------------------------------------------------------------------
// The catalog as data

#[test]
fn every_rop_documents_itself_and_every_parameter() {
    let lib = library();
    let mut problems = Vec::new();
    for def in lib.rops.values() {
        if def.description.trim().is_empty() {
            problems.push(format!("{}: no description", def.name));
        }
        if def.keywords.is_empty() {
            problems.push(format!("{}: no keywords", def.name));
        }
        for p in &def.params {
            if p.help.trim().is_empty() || p.label.trim().is_empty() {
                problems.push(format!("{}.{}: label or help missing", def.name, p.name));
            }
            let numeric = p.style.components() > 0 && p.style != ropkit::types::ParamStyle::Toggle;
            if numeric && (p.min.is_none() || p.max.is_none()) {
                problems.push(format!("{}.{}: min or max missing", def.name, p.name));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    // The categories the catalog promises.
    let count = |cat: &str| lib.rops.values().filter(|d| d.category == cat).count();
    for (cat, at_least) in [
        ("sdf", 22),
        ("sdf2d", 12),
        ("combine", 2),
        ("filter", 19),
        ("field", 10),
        ("material", 7),
        ("camera", 4),
        ("light", 4),
    ] {
        assert!(count(cat) >= at_least, "{cat}: {} ROPs", count(cat));
    }
}

/// rops/README.md is exactly what `ropkit list --markdown` prints, so every
/// ROP is listed under its own name with its current types and parameters
/// (a name that only appears inside another, or a stale row, fails).
#[test]
fn catalog_readme_is_the_list_command_output() {
    let out = run_ropkit(["list", "--markdown"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let listed = String::from_utf8(out.stdout).unwrap();
    let readme = std::fs::read_to_string(root().join("rops/README.md")).unwrap();
    if listed != readme {
        let first = listed
            .lines()
            .zip(readme.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(listed.lines().count().min(readme.lines().count()));
        panic!(
            "rops/README.md differs from `ropkit list --markdown` from line {}:\n  list:   {}\n  README: {}\nregenerate it with `cargo run -- list --markdown > rops/README.md`",
            first + 1,
            listed.lines().nth(first).unwrap_or("(end)"),
            readme.lines().nth(first).unwrap_or("(end)")
        );
    }
    // Each ROP has its own row, named in code type.
    let lib = library();
    for name in lib.rops.keys() {
        let rows = readme
            .lines()
            .filter(|l| l.starts_with(&format!("| `{name}` |")))
            .count();
        assert_eq!(rows, 1, "{name} has {rows} rows in rops/README.md");
    }
}
