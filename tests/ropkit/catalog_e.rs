//! The fifth part of the catalog: more of RayTK's 2D and 3D shapes, fields
//! and patterns, each sampled on the GPU and compared with a reference
//! written here from its definition:
//! - exact: the true signed distance, from a polygon, from every piece of a
//!   tiling, from analytic circles, or from a curve minimised numerically;
//! - bound: the sign agrees with an exact inside test and the value never
//!   exceeds the distance to a dense sampling of the surface;
//! - fields and patterns: their formulas, a brute-force classification, or
//!   a symmetry.

use crate::catalog::an::{self, V2, V3};
use crate::catalog::*;
use crate::catalog_c::minimize;
use crate::common::*;
use ropkit::library::Library;
use ropkit::render::Gpu;
use std::f64::consts::{PI, TAU};

const S3: f64 = 0.866_025_403_784_438_6;

fn probe_values(
    gpu: &Gpu,
    lib: &Library,
    probe_rop: &str,
    node: &str,
    pts: &[[f32; 3]],
) -> Vec<[f64; 4]> {
    sample(gpu, lib, &probe(probe_rop, node, ""), pts)
        .iter()
        .map(|v| [v[0] as f64, v[1] as f64, v[2] as f64, v[3] as f64])
        .collect()
}

/// Every vector sampled equals `want` (first `n` channels) within tol.
fn expect_vectors(
    what: &str,
    pts: &[[f32; 3]],
    got: &[[f64; 4]],
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
                .any(|i| !close(g[i], w[i], tol))
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

/// The point at parameter t of the spiral r = start + spacing t / TAU.
fn spiral_point(t: f64, start: f64, spacing: f64) -> V2 {
    let r = start + spacing * t / TAU;
    [r * t.cos(), r * t.sin()]
}

/// Distance to the spiral curve, minimised over its parameter.
fn spiral_distance(p: V2, start: f64, spacing: f64, turns: f64) -> f64 {
    minimize(
        |t| {
            an::len2([
                p[0] - spiral_point(t, start, spacing)[0],
                p[1] - spiral_point(t, start, spacing)[1],
            ])
        },
        0.0,
        TAU * turns,
        6000,
    )
}

/// The edges of the rhombille tiling of hexagon radius s near the origin:
/// every hexagon's six sides and its spokes to the corners at 90, 210 and
/// 330 degrees.
fn rhombille_edges(s: f64) -> Vec<(V2, V2)> {
    let mut edges = Vec::new();
    for i in -8..=8 {
        for j in -8..=8 {
            let c = [
                (i as f64 + 0.5 * j as f64) * 3f64.sqrt() * s,
                1.5 * s * j as f64,
            ];
            let corner = |k: i32| {
                let a = (30.0 + 60.0 * k as f64).to_radians();
                [c[0] + s * a.cos(), c[1] + s * a.sin()]
            };
            for k in 0..6 {
                edges.push((corner(k), corner(k + 1)));
            }
            for k in [1, 3, 5] {
                edges.push((c, corner(k)));
            }
        }
    }
    edges
}

/// 2D shapes with exact distances.
#[test]
fn sdf2d_shapes_match_exact_distances() {
    let Some(gpu) = gpu("sdf2d_shapes_match_exact_distances") else {
        return;
    };
    let lib = catalog_library();
    let pts = points2(81, 300, -1.5, 1.5);
    let edges = rhombille_edges(0.3);
    type Case = (&'static str, &'static str, Box<dyn Fn(V2) -> f64>);
    let cases: Vec<Case> = vec![
        // exact: the four-cornered polygon.
        (
            "rhombus2d",
            "{ rop: rhombus2d, params: { Size: [0.7, 0.4], Translate: [0.1, -0.2] } }",
            Box::new(|p| {
                let q = [p[0] - 0.1, p[1] + 0.2];
                an::polygon(q, &[[0.7, 0.0], [0.0, 0.4], [-0.7, 0.0], [0.0, -0.4]])
            }),
        ),
        // exact: the seven-sided outline, drawn from A to B.
        (
            "arrow2d",
            "{ rop: arrow2d, params: { Start: [-0.6, -0.3], End: [0.6, 0.6], ShaftWidth: 0.16, HeadLength: 0.4, HeadWidth: 0.5 } }",
            Box::new(|p| {
                let (a, b) = ([-0.6, -0.3], [0.6, 0.6]);
                let len = an::len2([b[0] - a[0], b[1] - a[1]]);
                let u = [(b[0] - a[0]) / len, (b[1] - a[1]) / len];
                let v = [-u[1], u[0]];
                let at = |x: f64, y: f64| [a[0] + x * u[0] + y * v[0], a[1] + x * u[1] + y * v[1]];
                let hb = len - 0.4;
                an::polygon(
                    p,
                    &[
                        at(0.0, -0.08),
                        at(hb, -0.08),
                        at(hb, -0.25),
                        at(len, 0.0),
                        at(hb, 0.25),
                        at(hb, 0.08),
                        at(0.0, 0.08),
                    ],
                )
            }),
        ),
        // exact: half the gap less the distance to the nearest edge of the tiling.
        (
            "rhombilleTiling2d",
            "{ rop: rhombilleTiling2d, params: { Size: 0.3, Gap: 0.04 } }",
            Box::new(move |p| {
                let e = edges
                    .iter()
                    .map(|(a, b)| an::seg2(p, *a, *b))
                    .fold(f64::MAX, f64::min);
                0.02 - e
            }),
        ),
        // exact: the curve's distance minimised over its parameter, less the half width.
        (
            "spiral2d",
            "{ rop: spiral2d, params: { Start: 0.1, Spacing: 0.25, Turns: 2.5, Thickness: 0.04, Translate: [0.1, 0] } }",
            Box::new(|p| spiral_distance([p[0] - 0.1, p[1]], 0.1, 0.25, 2.5) - 0.04),
        ),
    ];
    for (what, node, want) in &cases {
        let out = sample(&gpu, &lib, &sdf2(node, ""), &pts);
        expect_exact(what, &pts, &out, |q| want(v2(q)));
    }
}

/// dogBone2d: a bound (the nearer piece), exact outside.
#[test]
fn dog_bone_is_a_bound_and_exact_outside() {
    let Some(gpu) = gpu("dog_bone_is_a_bound_and_exact_outside") else {
        return;
    };
    let lib = catalog_library();
    let (h, t, kr, ks) = (0.5, 0.1, 0.15, 0.12);
    let knobs: Vec<V2> = [[h, ks], [h, -ks], [-h, ks], [-h, -ks]].to_vec();
    let in_bar = |q: V2| q[0].abs() <= h && q[1].abs() <= t;
    let in_knob = |q: V2| {
        knobs
            .iter()
            .any(|k| an::len2([q[0] - k[0], q[1] - k[1]]) <= kr)
    };
    let inside = |q: V2| in_bar(q) || in_knob(q);
    // The outline: points of each piece's boundary outside every other piece.
    let mut outline = Vec::new();
    for i in 0..=2000 {
        let f = i as f64 / 2000.0;
        for q in [
            [-h + 2.0 * h * f, t],
            [-h + 2.0 * h * f, -t],
            [h, -t + 2.0 * t * f],
            [-h, -t + 2.0 * t * f],
        ] {
            if !in_knob(q) {
                outline.push(q);
            }
        }
        for k in &knobs {
            let a = TAU * f;
            let q = [k[0] + kr * a.cos(), k[1] + kr * a.sin()];
            let others = knobs
                .iter()
                .any(|o| o != k && an::len2([q[0] - o[0], q[1] - o[1]]) < kr - 1e-9);
            let in_bar_strict = q[0].abs() < h - 1e-9 && q[1].abs() < t - 1e-9;
            if !others && !in_bar_strict {
                outline.push(q);
            }
        }
    }
    let truth = |q: V2| {
        outline
            .iter()
            .map(|o| an::len2([q[0] - o[0], q[1] - o[1]]))
            .fold(f64::MAX, f64::min)
    };
    let pts = points2(82, 400, -1.0, 1.0);
    let out = sample(
        &gpu,
        &lib,
        &sdf2(
            "{ rop: dogBone2d, params: { Length: 1.0, Thickness: 0.1, KnobRadius: 0.15, KnobSpread: 0.12 } }",
            "",
        ),
        &pts,
    );
    expect_bound(
        "dogBone2d",
        &pts,
        &out,
        0.004,
        |p| (inside(v2(p)), Some(truth(v2(p)) + 0.002)),
        |_| false,
    );
    // Outside, the distance is exact (up to the outline's sampling).
    let outside: Vec<usize> = (0..pts.len()).filter(|i| !inside(v2(&pts[*i]))).collect();
    let bad: Vec<String> = outside
        .iter()
        .filter(|i| (out[**i][0] as f64 - truth(v2(&pts[**i]))).abs() > 2e-3)
        .map(|i| {
            format!(
                "  at {:?}: {} vs {}",
                pts[*i],
                out[*i][0],
                truth(v2(&pts[*i]))
            )
        })
        .collect();
    assert!(bad.is_empty(), "dogBone2d outside:\n{}", bad.join("\n"));
}

/// Distance from p to the circle of centre c, unit normal n and radius r.
fn circle(p: V3, c: V3, n: V3, r: f64) -> f64 {
    let v = an::sub3(p, c);
    let h = an::dot3(v, n);
    let flat = an::sub3(v, [n[0] * h, n[1] * h, n[2] * h]);
    (an::len3(flat) - r).hypot(h)
}

/// The wire globe: every latitude circle and every meridian half circle
/// (a meridian's nearest point is on its half when the point is in front of
/// it, else one of the poles).
fn globe(p: V3, radius: f64, rings: usize, meridians: usize) -> f64 {
    let mut d = f64::MAX;
    for k in 1..=rings {
        let a = PI * k as f64 / (rings + 1) as f64;
        d = d.min(circle(
            p,
            [0.0, radius * a.cos(), 0.0],
            [0.0, 1.0, 0.0],
            radius * a.sin(),
        ));
    }
    for k in 0..meridians {
        let phi = TAU * k as f64 / meridians as f64;
        let e = [phi.cos(), 0.0, phi.sin()];
        let u = an::dot3(p, e);
        if u >= 0.0 {
            d = d.min(circle(p, [0.0; 3], [-phi.sin(), 0.0, phi.cos()], radius));
        } else {
            for y in [radius, -radius] {
                d = d.min(an::len3(an::sub3(p, [0.0, y, 0.0])));
            }
        }
    }
    d
}

/// The wire torus: rings around the tube and bands around the axis.
fn torus_grid(p: V3, big: f64, small: f64, rings: usize, bands: usize) -> f64 {
    let mut d = f64::MAX;
    for k in 0..rings {
        let phi = TAU * k as f64 / rings as f64;
        let c = [big * phi.cos(), 0.0, big * phi.sin()];
        d = d.min(circle(p, c, [-phi.sin(), 0.0, phi.cos()], small));
    }
    for k in 0..bands {
        let psi = TAU * k as f64 / bands as f64;
        d = d.min(circle(
            p,
            [0.0, small * psi.sin(), 0.0],
            [0.0, 1.0, 0.0],
            big + small * psi.cos(),
        ));
    }
    d
}

/// Wire shapes: exact outside the wires against every circle, negative
/// inside; the spiral tube exact against its curve.
#[test]
fn wire_shapes_and_spiral_match_their_curves() {
    let Some(gpu) = gpu("wire_shapes_and_spiral_match_their_curves") else {
        return;
    };
    let lib = catalog_library();
    let mut pts = points3(83, 300, -1.2, 1.2);
    // Points close to the wires too, so the sign is checked where it matters.
    let mut r = Rng::new(84);
    for _ in 0..100 {
        let (a, b) = (r.range(0.0, TAU), r.range(0.0, PI));
        let rr = 0.8 + r.range(-0.05, 0.05);
        pts.push([
            (rr * b.sin() * a.cos()) as f32,
            (rr * b.cos()) as f32,
            (rr * b.sin() * a.sin()) as f32,
        ]);
    }
    type Case = (&'static str, &'static str, f64, Box<dyn Fn(V3) -> f64>);
    let cases: Vec<Case> = vec![
        (
            "sphereGrid",
            "{ rop: sphereGrid, params: { Radius: 0.8, Rings: 5, Meridians: 7, Thickness: 0.03, Translate: [0.05, 0, 0] } }",
            0.03,
            Box::new(|p| globe([p[0] - 0.05, p[1], p[2]], 0.8, 5, 7)),
        ),
        (
            "sphereGrid, one meridian",
            "{ rop: sphereGrid, params: { Radius: 0.8, Rings: 0, Meridians: 1, Thickness: 0.03 } }",
            0.03,
            Box::new(|p| globe(p, 0.8, 0, 1)),
        ),
        (
            "torusGrid",
            "{ rop: torusGrid, params: { Radius: 0.7, TubeRadius: 0.3, Rings: 10, Bands: 5, Thickness: 0.02 } }",
            0.02,
            Box::new(|p| torus_grid(p, 0.7, 0.3, 10, 5)),
        ),
        (
            "spiral",
            "{ rop: spiral, params: { Start: 0.1, Spacing: 0.25, Turns: 3, Thickness: 0.05 } }",
            0.05,
            Box::new(|p| spiral_distance([p[0], p[2]], 0.1, 0.25, 3.0).hypot(p[1])),
        ),
    ];
    for (what, node, thick, curve) in &cases {
        let out = sample(&gpu, &lib, &sdf3(node, ""), &pts);
        let mut bad = Vec::new();
        for (p, v) in pts.iter().zip(&out) {
            let want = curve(v3(p)) - thick;
            let got = v[0] as f64;
            let wrong = if want > 0.0 || what == &"spiral" {
                !close(got, want, TOL)
            } else {
                got > 0.0 || got < want - TOL
            };
            if wrong {
                bad.push(format!("  at {p:?}: got {got}, want {want}"));
            }
        }
        assert!(
            bad.is_empty(),
            "{what}: {} points differ:\n{}",
            bad.len(),
            bad.iter().take(8).cloned().collect::<Vec<_>>().join("\n")
        );
    }
}

/// mobiusRing: a bound against a dense sampling of its surface, the sign
/// by an exact inside test (each cross section is the rectangle turned by
/// half the azimuth), and a symmetry of the band.
#[test]
fn mobius_ring_is_a_bound() {
    let Some(gpu) = gpu("mobius_ring_is_a_bound") else {
        return;
    };
    let lib = catalog_library();
    let (big, w, t) = (0.7, 0.4, 0.06);
    let turn = |c: V2, a: f64| {
        [
            a.cos() * c[0] - a.sin() * c[1],
            a.sin() * c[0] + a.cos() * c[1],
        ]
    };
    let inside = |p: V3| {
        let phi = p[2].atan2(p[0]);
        let c = turn([p[0].hypot(p[2]) - big, p[1]], -0.5 * phi);
        c[0].abs() <= 0.5 * w && c[1].abs() <= 0.5 * t
    };
    let mut rect = Vec::new();
    let n = 80;
    for i in 0..=n {
        let f = i as f64 / n as f64;
        let x = -0.5 * w + w * f;
        rect.push([x, 0.5 * t]);
        rect.push([x, -0.5 * t]);
    }
    for i in 0..=12 {
        let y = -0.5 * t + t * i as f64 / 12.0;
        rect.push([0.5 * w, y]);
        rect.push([-0.5 * w, y]);
    }
    let mut surface = Vec::new();
    for i in 0..900 {
        let phi = -PI + TAU * i as f64 / 900.0;
        for c in &rect {
            let q = turn(*c, 0.5 * phi);
            let rho = big + q[0];
            surface.push([rho * phi.cos(), q[1], rho * phi.sin()]);
        }
    }
    // Sampling spacing: at most 0.0056 along the ring and 0.005 across.
    let slack = 0.004;
    let pts = points3(85, 250, -1.2, 1.2);
    let out = sample(
        &gpu,
        &lib,
        &sdf3(
            "{ rop: mobiusRing, params: { Radius: 0.7, Width: 0.4, Thickness: 0.06, HalfTwists: 1 } }",
            "",
        ),
        &pts,
    );
    expect_bound_ratio(
        "mobiusRing",
        &pts,
        &out,
        0.01,
        |_| 0.25,
        |p| {
            let q = v3(p);
            let d = surface
                .iter()
                .map(|s| an::len3(an::sub3(q, *s)))
                .fold(f64::MAX, f64::min);
            (inside(q), Some(d + slack))
        },
        |_| false,
    );
    // A half turn about the x axis (y -> -y, z -> -z) maps each cross
    // section onto the mirror image of the one at the opposite azimuth,
    // and the rectangle is mirror symmetric: the band maps onto itself.
    let mirrored: Vec<[f32; 3]> = pts.iter().map(|p| [p[0], -p[1], -p[2]]).collect();
    let out3 = sample(
        &gpu,
        &lib,
        &sdf3(
            "{ rop: mobiusRing, params: { Radius: 0.7, Width: 0.4, Thickness: 0.06, HalfTwists: 1 } }",
            "",
        ),
        &mirrored,
    );
    let a: Vec<f64> = out.iter().map(|v| v[0] as f64).collect();
    let c: Vec<f64> = out3.iter().map(|v| v[0] as f64).collect();
    crate::catalog_c::expect_symmetric("mobiusRing mirror", &pts, &a, &c, 1e-4);
}

/// The new fields against their formulas.
#[test]
fn point_ring_and_grid_fields_match_their_formulas() {
    let Some(gpu) = gpu("point_ring_and_grid_fields_match_their_formulas") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(86, 150, -1.5, 1.5);
    let points: [V3; 3] = [[-0.5, 0.0, 0.0], [0.5, 0.2, 0.0], [0.0, 0.5, 0.3]];
    let node = |mode: &str| {
        format!(
            "{{ rop: multiPointDistance, params: {{ Count: 3, Mode: {mode}, P1: [-0.5, 0, 0], P2: [0.5, 0.2, 0], P3: [0, 0.5, 0.3] }} }}"
        )
    };
    let sorted = |p: V3| {
        let mut d: Vec<f64> = points.iter().map(|c| an::len3(an::sub3(p, *c))).collect();
        d.sort_by(f64::total_cmp);
        d
    };
    for (mode, pick) in [
        (
            "nearest",
            Box::new(|d: &[f64]| d[0]) as Box<dyn Fn(&[f64]) -> f64>,
        ),
        ("second", Box::new(|d: &[f64]| d[1])),
        ("border", Box::new(|d: &[f64]| d[1] - d[0])),
    ] {
        let out = sample(&gpu, &lib, &probe("probeFloat3", &node(mode), ""), &pts);
        expect_within(
            &format!("multiPointDistance {mode}"),
            &pts,
            &out,
            1e-4,
            |p| pick(&sorted(v3(p))),
        );
    }
    // 2D: the points' x and y.
    let pts2 = points2(87, 100, -1.5, 1.5);
    let out = sample(
        &gpu,
        &lib,
        &probe("probeFloat2", &node("nearest"), ""),
        &pts2,
    );
    expect_within("multiPointDistance 2D", &pts2, &out, 1e-4, |p| {
        points
            .iter()
            .map(|c| (p[0] as f64 - c[0]).hypot(p[1] as f64 - c[1]))
            .fold(f64::MAX, f64::min)
    });

    // nearestGridPoint: the grid point found by searching the neighbours of
    // the point's cell, and the distance to it.
    let sp = [0.3, 0.5, 0.4];
    let off = [0.1, -0.05, 0.2];
    let nearest_grid = |p: V3| {
        let mut best = (f64::MAX, [0.0; 3]);
        let base: Vec<f64> = (0..3).map(|i| ((p[i] - off[i]) / sp[i]).floor()).collect();
        for a in 0..2 {
            for b in 0..2 {
                for c in 0..2 {
                    let g = [
                        off[0] + sp[0] * (base[0] + a as f64),
                        off[1] + sp[1] * (base[1] + b as f64),
                        off[2] + sp[2] * (base[2] + c as f64),
                    ];
                    let d = an::len3(an::sub3(p, g));
                    if d < best.0 {
                        best = (d, g);
                    }
                }
            }
        }
        best
    };
    let grid = "{ rop: nearestGridPoint, params: { Spacing: [0.3, 0.5, 0.4], Offset: [0.1, -0.05, 0.2] } }";
    let got = probe_values(&gpu, &lib, "probeColor3", grid, &pts);
    expect_vectors("nearestGridPoint position", &pts, &got, 4, 1e-4, |p| {
        let g = nearest_grid(p).1;
        [g[0], g[1], g[2], 1.0]
    });
    let out = sample(&gpu, &lib, &probe("probeFloat3", grid, ""), &pts);
    expect_within("nearestGridPoint distance", &pts, &out, 1e-4, |p| {
        nearest_grid(v3(p)).0
    });

    // nearestRingPoint around x: the ring point minimising the distance,
    // found by scanning the circle.
    let ring = "{ rop: nearestRingPoint, params: { Radius: 0.6, Center: [0.1, 0.2, 0], Axis: x } }";
    let ring_point = |p: V3| {
        let (mut best, mut at) = (f64::MAX, [0.0; 3]);
        for i in 0..20000 {
            let a = TAU * i as f64 / 20000.0;
            let g = [0.1, 0.2 + 0.6 * a.cos(), 0.6 * a.sin()];
            let d = an::len3(an::sub3(p, g));
            if d < best {
                best = d;
                at = g;
            }
        }
        (best, at)
    };
    let got = probe_values(&gpu, &lib, "probeColor3", ring, &pts);
    expect_vectors("nearestRingPoint position", &pts, &got, 4, 1e-3, |p| {
        let g = ring_point(p).1;
        [g[0], g[1], g[2], 1.0]
    });
    let out = sample(&gpu, &lib, &probe("probeFloat3", ring, ""), &pts);
    expect_within("nearestRingPoint distance", &pts, &out, 1e-4, |p| {
        ring_point(v3(p)).0
    });
}

/// Vector fields: polar directions, the dipole and the travelling waves.
#[test]
fn vector_fields_match_their_formulas() {
    let Some(gpu) = gpu("vector_fields_match_their_formulas") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(88, 150, -1.5, 1.5);
    let unit = |v: V3| {
        let l = an::len3(v);
        [v[0] / l, v[1] / l, v[2] / l]
    };
    // Tangent around z through (0.2, 0, 0): z x (the radial direction).
    let got = probe_values(
        &gpu,
        &lib,
        "probeColor3",
        "{ rop: polarVector, params: { Direction: tangent, Axis: z, Center: [0.2, 0, 0] } }",
        &pts,
    );
    expect_vectors("polarVector tangent", &pts, &got, 4, 1e-4, |p| {
        let r = unit([p[0] - 0.2, p[1], 0.0]);
        [-r[1], r[0], 0.0, 0.0]
    });
    let got = probe_values(
        &gpu,
        &lib,
        "probeColor3",
        "{ rop: polarVector, params: { Direction: radial } }",
        &pts,
    );
    expect_vectors("polarVector radial", &pts, &got, 4, 1e-4, |p| {
        let r = unit([p[0], 0.0, p[2]]);
        [r[0], r[1], r[2], 0.0]
    });
    let out = sample(
        &gpu,
        &lib,
        &probe(
            "probeFloat3",
            "{ rop: polarVector, params: { Direction: spherical, Component: y } }",
            "",
        ),
        &pts,
    );
    expect_within("polarVector spherical y", &pts, &out, 1e-4, |p| {
        unit(v3(p))[1]
    });

    // The dipole field B = s (3 (m.n) n - m) / r^3.
    let (m, s) = ([0.3, 1.0, -0.2], 0.1);
    let dipole = |p: V3| {
        let q = an::sub3(p, [0.1, 0.0, 0.0]);
        let r = an::len3(q).max(0.05);
        let n = unit(q);
        let mn = an::dot3(m, n);
        let f = s / (r * r * r);
        [
            f * (3.0 * mn * n[0] - m[0]),
            f * (3.0 * mn * n[1] - m[1]),
            f * (3.0 * mn * n[2] - m[2]),
        ]
    };
    let node = "{ rop: magnetField, params: { Center: [0.1, 0, 0], Moment: [0.3, 1, -0.2], Strength: 0.1, Core: 0.05 } }";
    let got = probe_values(&gpu, &lib, "probeColor3", node, &pts);
    expect_vectors("magnetField", &pts, &got, 4, 1e-3, |p| {
        let b = dipole(p);
        [b[0], b[1], b[2], 0.0]
    });
    let out = sample(&gpu, &lib, &probe("probeFloat3", node, ""), &pts);
    expect_within("magnetField strength", &pts, &out, 1e-3, |p| {
        an::len3(dipole(v3(p)))
    });
    // Along the moment, at distance r, the field is 2 s m / r^3 (the
    // textbook on-axis value).
    let at = [0.1 + 0.3 * 3.0, 3.0, -0.2 * 3.0];
    let got = probe_values(
        &gpu,
        &lib,
        "probeColor3",
        node,
        &[[at[0] as f32, at[1] as f32, at[2] as f32]],
    );
    let r = 3.0 * an::len3(m);
    for i in 0..3 {
        let want = 2.0 * s * m[i] / r.powi(3);
        assert!(
            close(got[0][i], want, 1e-3),
            "on-axis dipole: {:?}, want {want} in channel {i}",
            got[0]
        );
    }

    // Waves: x along y, y along z, z along x; at time 0.
    let node =
        "{ rop: waveVector, params: { Amplitude: [0.2, 0.3, 0.4], Frequency: 1.5, Phase: 0.7 } }";
    let wave = |p: V3| {
        let a = [0.2, 0.3, 0.4];
        let w = |c: f64, amp: f64| amp * (TAU * 1.5 * c + 0.7).sin();
        [w(p[1], a[0]), w(p[2], a[1]), w(p[0], a[2])]
    };
    let got = probe_values(&gpu, &lib, "probeColor3", node, &pts);
    expect_vectors("waveVector", &pts, &got, 4, 1e-3, |p| {
        let v = wave(p);
        [v[0], v[1], v[2], 0.0]
    });
}

/// Steps and waves of a coordinate or a field.
#[test]
fn step_and_wave_fields_match_their_formulas() {
    let Some(gpu) = gpu("step_and_wave_fields_match_their_formulas") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(89, 200, -1.5, 1.5);
    let smooth = |e0: f64, e1: f64, x: f64| {
        let t = ((x - e0) / (e1 - e0)).clamp(0.0, 1.0);
        t * t * (3.0 - 2.0 * t)
    };
    let out = sample(
        &gpu,
        &lib,
        &probe(
            "probeFloat3",
            "{ rop: stepField, params: { Axis: y, Threshold: 0.2, Softness: 0.4 } }",
            "",
        ),
        &pts,
    );
    expect_within("stepField soft", &pts, &out, 1e-4, |p| {
        smooth(0.0, 0.4, p[1] as f64)
    });
    // With a field: the distance from a point, stepped at 0.8 and inverted:
    // 1 inside the ball of radius 0.8.
    let out = sample(
        &gpu,
        &lib,
        &probe(
            "probeFloat3",
            "{ rop: stepField, params: { Threshold: 0.8, Invert: true }, inputs: [/d] }",
            "  /d: { rop: distanceToPoint }\n",
        ),
        &pts,
    );
    let keep: Vec<usize> = (0..pts.len())
        .filter(|i| (an::len3(v3(&pts[*i])) - 0.8).abs() > 1e-4)
        .collect();
    let p2: Vec<[f32; 3]> = keep.iter().map(|i| pts[*i]).collect();
    let o2: Vec<[f32; 4]> = keep.iter().map(|i| out[*i]).collect();
    expect_within("stepField of a field", &p2, &o2, 0.0, |p| {
        if an::len3(v3(p)) < 0.8 { 1.0 } else { 0.0 }
    });

    // enhancedWave: each shape from its definition over x, then the rings.
    let shapes: [(&str, Box<dyn Fn(f64) -> f64>); 4] = [
        ("sine", Box::new(|t: f64| (TAU * t).sin())),
        (
            "saw",
            Box::new(|t: f64| 2.0 * (t + 0.5).rem_euclid(1.0) - 1.0),
        ),
        (
            "square",
            Box::new(|t: f64| if t.rem_euclid(1.0) < 0.3 { 1.0 } else { -1.0 }),
        ),
        (
            "triangle",
            Box::new(|t: f64| 1.0 - 4.0 * ((t + 0.25).rem_euclid(1.0) - 0.5).abs()),
        ),
    ];
    for (name, f) in &shapes {
        let node = format!(
            "{{ rop: enhancedWave, params: {{ Shape: {name}, Along: x, Period: 0.7, Phase: 0.15, Width: 0.3, Amplitude: 2, Offset: 0.5 }} }}"
        );
        let out = sample(&gpu, &lib, &probe("probeFloat3", &node, ""), &pts);
        // Skip points next to the jumps of saw and square.
        let keep: Vec<usize> = (0..pts.len())
            .filter(|i| {
                let t = pts[*i][0] as f64 / 0.7 + 0.15;
                let fr = t.rem_euclid(1.0);
                [0.0, 0.3, 0.5, 1.0].iter().all(|j| (fr - j).abs() > 1e-3)
            })
            .collect();
        let p2: Vec<[f32; 3]> = keep.iter().map(|i| pts[*i]).collect();
        let o2: Vec<[f32; 4]> = keep.iter().map(|i| out[*i]).collect();
        expect_within(&format!("enhancedWave {name}"), &p2, &o2, 1e-3, |p| {
            0.5 + 2.0 * f(p[0] as f64 / 0.7 + 0.15)
        });
    }
    let out = sample(
        &gpu,
        &lib,
        &probe(
            "probeFloat3",
            "{ rop: enhancedWave, params: { Along: radius, Period: 0.5 } }",
            "",
        ),
        &pts,
    );
    expect_within("enhancedWave rings", &pts, &out, 1e-3, |p| {
        (TAU * an::len3(v3(p)) / 0.5).sin()
    });
}

/// Patterns: grid lines by brute force over the lines, the triangle
/// checker by finding each point's triangle from the lattice's corners,
/// and the spiral by its symmetries.
#[test]
fn grid_triangle_and_spiral_patterns() {
    let Some(gpu) = gpu("grid_triangle_and_spiral_patterns") else {
        return;
    };
    let lib = catalog_library();
    let pts = points2(90, 300, -1.5, 1.5);
    let field = |node: &str, p: &[[f32; 3]]| -> Vec<f64> {
        sample(&gpu, &lib, &probe("probeFloat2", node, ""), p)
            .iter()
            .map(|v| v[0] as f64)
            .collect()
    };

    // Grid: half the line width less the distance to the nearest line.
    let got = field(
        "{ rop: gridPattern, params: { Spacing: [0.25, 0.4], LineWidth: 0.03, Output: distance } }",
        &pts,
    );
    for (p, g) in pts.iter().zip(&got) {
        let q = v2(p);
        let mut e = f64::MAX;
        for k in -10..=10 {
            e = e
                .min((q[0] - 0.25 * k as f64).abs())
                .min((q[1] - 0.4 * k as f64).abs());
        }
        assert!(
            close(*g, 0.015 - e, 1e-4),
            "gridPattern at {p:?}: {g} vs {}",
            0.015 - e
        );
    }

    // Triangle checker: the up triangles have corners v, v + (s, 0), v +
    // (s/2, h) for lattice points v = i (s, 0) + j (s/2, h); every edge of
    // the tiling is an edge of one of them.
    let s = 0.4;
    let h = S3 * s;
    let mut ups: Vec<[V2; 3]> = Vec::new();
    for i in -12..=12 {
        for j in -8..=8 {
            let v = [i as f64 * s + 0.5 * j as f64 * s, j as f64 * h];
            ups.push([v, [v[0] + s, v[1]], [v[0] + 0.5 * s, v[1] + h]]);
        }
    }
    let in_tri = |p: V2, t: &[V2; 3]| an::polygon(p, t) < 0.0;
    let got_mask = field(
        "{ rop: triangleCheckerPattern, params: { Size: 0.4 } }",
        &pts,
    );
    let got_dist = field(
        "{ rop: triangleCheckerPattern, params: { Size: 0.4, Output: distance } }",
        &pts,
    );
    for ((p, m), d) in pts.iter().zip(&got_mask).zip(&got_dist) {
        let q = v2(p);
        let e = ups
            .iter()
            .flat_map(|t| [(t[0], t[1]), (t[1], t[2]), (t[2], t[0])])
            .map(|(a, b)| an::seg2(q, a, b))
            .fold(f64::MAX, f64::min);
        if e < 1e-4 {
            continue;
        }
        let up = ups.iter().any(|t| in_tri(q, t));
        assert_eq!(
            *m,
            if up { 1.0 } else { 0.0 },
            "triangleCheckerPattern mask at {p:?}"
        );
        let want = if up { e } else { -e };
        assert!(
            close(*d, want, 1e-4),
            "triangleCheckerPattern distance at {p:?}: {d} vs {want}"
        );
    }

    // Spiral: a turn by a whole number of arm gaps, and a step of the
    // spacing outward along the radius, leave it unchanged.
    let node =
        "{ rop: spiralPattern, params: { Spacing: 0.45, Arms: 3, Duty: 0.4, Output: distance } }";
    let base = field(node, &pts);
    let a = TAU / 3.0;
    let turned: Vec<[f32; 3]> = pts
        .iter()
        .map(|p| {
            let q = an::rot2(v2(p), a);
            [q[0] as f32, q[1] as f32, 0.0]
        })
        .collect();
    let outward: Vec<[f32; 3]> = pts
        .iter()
        .map(|p| {
            let q = v2(p);
            let l = an::len2(q);
            let k = (l + 0.45) / l;
            [(q[0] * k) as f32, (q[1] * k) as f32, 0.0]
        })
        .collect();
    crate::catalog_c::expect_symmetric(
        "spiralPattern turned",
        &pts,
        &base,
        &field(node, &turned),
        2e-3,
    );
    crate::catalog_c::expect_symmetric(
        "spiralPattern outward",
        &pts,
        &base,
        &field(node, &outward),
        2e-3,
    );
    // And the phase rises with the radius: 1 / gap per unit outward.
    let phase = field(
        "{ rop: spiralPattern, params: { Spacing: 0.45, Arms: 3, Output: phase } }",
        &pts,
    );
    for (p, ph) in pts.iter().zip(&phase) {
        let q = v2(p);
        let want = (an::len2(q) / 0.15 - 3.0 * q[1].atan2(q[0]) / TAU).rem_euclid(1.0);
        let diff = (ph - want).abs();
        assert!(
            diff.min(1.0 - diff) < 1e-3,
            "spiralPattern phase at {p:?}: {ph} vs {want}"
        );
    }
}

/// The nearest of the hexagon centres (pointy top, radius s) to q.
fn hex_centre(q: V2, s: f64) -> V2 {
    let mut best = (f64::MAX, [0.0, 0.0]);
    for i in -10..=10 {
        for j in -10..=10 {
            let c = [
                (i as f64 + 0.5 * j as f64) * 3f64.sqrt() * s,
                1.5 * s * j as f64,
            ];
            let d = an::len2([q[0] - c[0], q[1] - c[1]]);
            if d < best.0 {
                best = (d, c);
            }
        }
    }
    best.1
}

/// Rosette by brute force over the circles, the blob ring over its blobs,
/// and the hexagonal Truchet tiles as one of the two arc sets per tile.
#[test]
fn rosette_blob_ring_and_hex_truchet_patterns() {
    let Some(gpu) = gpu("rosette_blob_ring_and_hex_truchet_patterns") else {
        return;
    };
    let lib = catalog_library();
    let pts = points2(91, 300, -1.5, 1.5);
    let field = |node: &str| -> Vec<f64> {
        sample(&gpu, &lib, &probe("probeFloat2", node, ""), &pts)
            .iter()
            .map(|v| v[0] as f64)
            .collect()
    };

    // Rosette: circles of radius R around i (R, 0) + j (R/2, R sqrt(3)/2).
    let got = field(
        "{ rop: rosettePattern, params: { Radius: 0.35, LineWidth: 0.04, Output: distance } }",
    );
    for (p, g) in pts.iter().zip(&got) {
        let q = v2(p);
        let mut e = f64::MAX;
        for i in -12..=12 {
            for j in -12..=12 {
                let c = [0.35 * (i as f64 + 0.5 * j as f64), 0.35 * S3 * j as f64];
                e = e.min((an::len2([q[0] - c[0], q[1] - c[1]]) - 0.35).abs());
            }
        }
        assert!(
            close(*g, 0.02 - e, 1e-4),
            "rosettePattern at {p:?}: {g} vs {}",
            0.02 - e
        );
    }

    // Blob ring: the nearest of the blobs, and its number.
    let n = 7;
    let centre = |k: usize| {
        let a = TAU * k as f64 / n as f64;
        [0.8 * a.cos(), 0.8 * a.sin()]
    };
    let got = field(
        "{ rop: blobRingPattern, params: { Count: 7, Radius: 0.8, BlobRadius: 0.15, Output: distance } }",
    );
    let cells = field(
        "{ rop: blobRingPattern, params: { Count: 7, Radius: 0.8, BlobRadius: 0.15, Output: cell } }",
    );
    for ((p, g), c) in pts.iter().zip(&got).zip(&cells) {
        let q = v2(p);
        let (k, d) = (0..n)
            .map(|k| (k, an::len2([q[0] - centre(k)[0], q[1] - centre(k)[1]])))
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .unwrap();
        assert!(
            close(*g, 0.15 - d, 1e-4),
            "blobRingPattern at {p:?}: {g} vs {}",
            0.15 - d
        );
        // Skip points nearly halfway between two blobs.
        let second = (0..n)
            .filter(|j| *j != k)
            .map(|j| an::len2([q[0] - centre(j)[0], q[1] - centre(j)[1]]))
            .fold(f64::MAX, f64::min);
        if second - d > 1e-3 {
            assert!(
                close(*c, k as f64 / n as f64, 1e-5),
                "blobRingPattern cell at {p:?}: {c} vs {k}/{n}"
            );
        }
    }

    // Hexagonal Truchet: in each tile the distance is that of the arcs
    // around the even corners or around the odd ones, the same set over
    // the whole tile, and both sets occur.
    let s = 0.3;
    let got = field(
        "{ rop: hexagonalTruchetPattern, params: { Size: 0.3, LineWidth: 0.06, Output: distance } }",
    );
    let flips = field("{ rop: hexagonalTruchetPattern, params: { Size: 0.3, Output: flip } }");
    let mut tiles: std::collections::HashMap<(i64, i64), f64> = Default::default();
    for ((p, g), f) in pts.iter().zip(&got).zip(&flips) {
        let q = v2(p);
        let c = hex_centre(q, s);
        let h = [q[0] - c[0], q[1] - c[1]];
        // Skip points on a tile's border, where the nearest centre is a tie.
        let apothem = S3 * s;
        let norm = [0.0f64, 60.0, 120.0]
            .iter()
            .map(|a: &f64| (h[0] * a.to_radians().cos() + h[1] * a.to_radians().sin()).abs())
            .fold(0.0, f64::max);
        if apothem - norm < 1e-4 {
            continue;
        }
        let arcs = |odd: usize| {
            (0..3)
                .map(|k| {
                    let a = (30.0 + 60.0 * (2 * k + odd) as f64).to_radians();
                    (an::len2([h[0] - s * a.cos(), h[1] - s * a.sin()]) - 0.5 * s).abs()
                })
                .fold(f64::MAX, f64::min)
        };
        let set = *f as usize;
        assert!(
            *f == 0.0 || *f == 1.0,
            "hexagonalTruchetPattern flip at {p:?}: {f}"
        );
        let want = 0.03 - arcs(set);
        assert!(
            close(*g, want, 1e-4),
            "hexagonalTruchetPattern at {p:?}: {g} vs {want}"
        );
        let key = ((c[0] * 100.0).round() as i64, (c[1] * 100.0).round() as i64);
        let seen = *tiles.entry(key).or_insert(*f);
        assert_eq!(
            seen, *f,
            "hexagonalTruchetPattern: one tile uses both corner sets"
        );
    }
    let ones = flips.iter().filter(|f| **f == 1.0).count();
    assert!(
        ones > 20 && ones < pts.len() - 20,
        "hexagonalTruchetPattern: {ones} of {} points use the odd set",
        pts.len()
    );
}

/// twistedRings: a bound against densely sampled strand curves (a tube's
/// distance is the distance to its curve less its radius), with the sign
/// of that reference.
#[test]
fn twisted_rings_are_a_bound() {
    let Some(gpu) = gpu("twisted_rings_are_a_bound") else {
        return;
    };
    let lib = catalog_library();
    // (strands, spread, twists, phase in degrees), thickness 0.06, radius 0.7.
    for (n, spread, twists, phase) in [
        (3usize, 0.15, 2.0, 20.0),
        (3, 0.12, 3.0, 0.0),
        (5, 0.2, 4.0, -45.0),
    ] {
        twisted_rings_case(&gpu, &lib, n, spread, twists, phase);
    }
}

fn twisted_rings_case(
    gpu: &Gpu,
    lib: &Library,
    n: usize,
    spread: f64,
    twists: f64,
    phase_deg: f64,
) {
    let (big, t) = (0.7, 0.06);
    let phase = phase_deg.to_radians();
    let mut curve = Vec::new();
    for k in 0..n {
        for i in 0..6000 {
            let phi = TAU * i as f64 / 6000.0;
            let a = TAU * k as f64 / n as f64 + twists * phi + phase;
            let rho = big + spread * a.cos();
            curve.push([rho * phi.cos(), spread * a.sin(), rho * phi.sin()]);
        }
    }
    let to_curve = |p: V3| {
        curve
            .iter()
            .map(|c| an::len3(an::sub3(p, *c)))
            .fold(f64::MAX, f64::min)
    };
    let mut pts = points3(92, 250, -1.1, 1.1);
    // And points near the strands.
    let mut r = Rng::new(93);
    for _ in 0..100 {
        let c = curve[(r.next() * curve.len() as f64) as usize % curve.len()];
        pts.push([
            (c[0] + r.range(-0.1, 0.1)) as f32,
            (c[1] + r.range(-0.1, 0.1)) as f32,
            (c[2] + r.range(-0.1, 0.1)) as f32,
        ]);
    }
    let node = format!(
        "{{ rop: twistedRings, params: {{ Radius: 0.7, Thickness: 0.06, Rings: {n}, Spread: {spread}, Twists: {twists}, TwistPhase: {phase_deg} }} }}"
    );
    let out = sample(gpu, lib, &sdf3(&node, ""), &pts);
    // The curve is sampled every 0.0016 or less: its distance is over by at most that.
    expect_bound_ratio(
        &format!("twistedRings {node}"),
        &pts,
        &out,
        0.01,
        |_| 0.25,
        |p| {
            let d = to_curve(v3(p)) - t;
            (d < 0.0, Some(d.abs() + 0.0016))
        },
        |_| false,
    );
}

/// Switches and scattered values against their definitions.
#[test]
fn switch_and_value_point_fields_match_their_definitions() {
    let Some(gpu) = gpu("switch_and_value_point_fields_match_their_definitions") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(94, 200, -4.0, 4.0);
    let values = [[1.0, 10.0], [2.0, 20.0], [3.0, 30.0]];
    let slot = |i: f64, extend: &str| -> usize {
        match extend {
            "loop" => i.rem_euclid(3.0) as usize,
            // 0 1 2 1 0 1 2 ...
            "zigzag" => [0, 1, 2, 1][i.rem_euclid(4.0) as usize],
            _ => i.clamp(0.0, 2.0) as usize,
        }
    };
    let index = "  /i: { rop: distanceToPoint }\n";
    for extend in ["clamp", "loop", "zigzag"] {
        for blend in [false, true] {
            let node = format!(
                "{{ rop: constantSwitchField, params: {{ Count: 3, Offset: -0.4, Extend: {extend}, Blend: {blend}, Value1: [1, 10, 0, 0], Value2: [2, 20, 0, 0], Value3: [3, 30, 0, 0] }}, inputs: [/i] }}"
            );
            let got: Vec<[f64; 4]> = sample(&gpu, &lib, &probe("probeColor3", &node, index), &pts)
                .iter()
                .map(|v| [v[0] as f64, v[1] as f64, v[2] as f64, v[3] as f64])
                .collect();
            for (p, g) in pts.iter().zip(&got) {
                let x = an::len3(v3(p)) - 0.4;
                let i = x.floor();
                if (x - i).abs() < 1e-4 || (x - i - 1.0).abs() < 1e-4 {
                    continue;
                }
                let a = values[slot(i, extend)];
                let want = if blend {
                    let b = values[slot(i + 1.0, extend)];
                    let f = x - i;
                    [a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f]
                } else {
                    a
                };
                assert!(
                    close(g[0], want[0], 1e-3) && close(g[1], want[1], 1e-3),
                    "constantSwitchField {extend} blend {blend} at {p:?} (index {x}): {g:?} vs {want:?}"
                );
            }
        }
    }

    // Value points: the nearest one's value, and Shepard's weighted mean.
    let pv: [(V3, f64); 3] = [
        ([-0.5, 0.0, 0.0], 0.0),
        ([0.5, 0.2, 0.0], 1.0),
        ([0.0, 0.5, 0.3], 0.5),
    ];
    let params = "Count: 3, Point1: [-0.5, 0, 0], Value1: 0, Point2: [0.5, 0.2, 0], Value2: 1, Point3: [0, 0.5, 0.3], Value3: 0.5";
    let pts = points3(95, 150, -1.2, 1.2);
    let out = sample(
        &gpu,
        &lib,
        &probe(
            "probeFloat3",
            &format!("{{ rop: valuePointsField, params: {{ Mode: nearest, {params} }} }}"),
            "",
        ),
        &pts,
    );
    expect_within("valuePointsField nearest", &pts, &out, 1e-5, |p| {
        pv.iter()
            .min_by(|a, b| {
                an::len3(an::sub3(v3(p), a.0)).total_cmp(&an::len3(an::sub3(v3(p), b.0)))
            })
            .unwrap()
            .1
    });
    let out = sample(
        &gpu,
        &lib,
        &probe(
            "probeFloat3",
            &format!("{{ rop: valuePointsField, params: {{ Power: 3, {params} }} }}"),
            "",
        ),
        &pts,
    );
    expect_within("valuePointsField shepard", &pts, &out, 1e-4, |p| {
        let w: Vec<f64> = pv
            .iter()
            .map(|(c, _)| an::len3(an::sub3(v3(p), *c)).powf(-3.0))
            .collect();
        w.iter().zip(&pv).map(|(w, (_, v))| w * v).sum::<f64>() / w.iter().sum::<f64>()
    });
    // At a point, its own value.
    let at = [[0.5f32, 0.2, 0.0]];
    let out = sample(
        &gpu,
        &lib,
        &probe(
            "probeFloat3",
            &format!("{{ rop: valuePointsField, params: {{ {params} }} }}"),
            "",
        ),
        &at,
    );
    assert!(
        close(out[0][0] as f64, 1.0, 1e-4),
        "valuePointsField at a point: {}",
        out[0][0]
    );
}

/// The branches of the tree, built recursively: (foot, tip, radius).
fn tree_branches(
    foot: V2,
    dir: V2,
    len: f64,
    rad: f64,
    levels: usize,
    turn: f64,
    ratio: f64,
    out: &mut Vec<(V2, V2, f64)>,
) {
    if levels == 0 {
        return;
    }
    let tip = [foot[0] + dir[0] * len, foot[1] + dir[1] * len];
    out.push((foot, tip, rad));
    for side in [turn, -turn] {
        let d = an::rot2(dir, side);
        tree_branches(
            tip,
            d,
            len * ratio,
            rad * ratio,
            levels - 1,
            turn,
            ratio,
            out,
        );
    }
}

/// branchingTree2d against every branch of a recursively built tree
/// (exact outside, a bound inside); reorderField against its input.
#[test]
fn branching_tree_and_reorder_field() {
    let Some(gpu) = gpu("branching_tree_and_reorder_field") else {
        return;
    };
    let lib = catalog_library();
    let mut branches = Vec::new();
    tree_branches(
        [0.1, -0.8],
        [0.0, 1.0],
        0.6,
        0.05,
        5,
        35f64.to_radians(),
        0.7,
        &mut branches,
    );
    assert_eq!(branches.len(), 31);
    let union = |p: V2| {
        branches
            .iter()
            .map(|(a, b, r)| an::seg2(p, *a, *b) - r)
            .fold(f64::MAX, f64::min)
    };
    let pts = points2(96, 400, -1.2, 1.2);
    let node = "{ rop: branchingTree2d, params: { Levels: 5, Length: 0.6, Thickness: 0.05, Angle: 35, Ratio: 0.7, Translate: [0.1, -0.8] } }";
    let out = sample(&gpu, &lib, &sdf2(node, ""), &pts);
    for (p, v) in pts.iter().zip(&out) {
        let want = union(v2(p));
        let got = v[0] as f64;
        if want > 0.0 {
            assert!(
                close(got, want, TOL),
                "branchingTree2d at {p:?}: {got} vs {want}"
            );
        } else {
            // Inside: negative, and no deeper than the distance to the outline
            // (at least the deepest branch's own depth).
            assert!(
                got <= 0.0 && got >= want - TOL,
                "branchingTree2d inside at {p:?}: {got} vs {want}"
            );
        }
    }
    // Points along the branches: inside.
    let on: Vec<[f32; 3]> = branches
        .iter()
        .map(|(a, b, _)| {
            [
                (0.5 * (a[0] + b[0])) as f32,
                (0.5 * (a[1] + b[1])) as f32,
                0.0,
            ]
        })
        .collect();
    let out = sample(&gpu, &lib, &sdf2(node, ""), &on);
    for ((p, v), (_, _, r)) in on.iter().zip(&out).zip(&branches) {
        assert!(
            (v[0] as f64) <= -0.9 * r,
            "branchingTree2d: the middle of a branch at {p:?} reads {}",
            v[0]
        );
    }

    // reorderField: a permutation with constants, of the grid point field.
    let pts = points3(97, 100, -1.5, 1.5);
    let grid = "  /g: { rop: nearestGridPoint, params: { Spacing: [0.3, 0.4, 0.5] } }\n";
    let input = sample(
        &gpu,
        &lib,
        &probe(
            "probeColor3",
            "{ rop: nearestGridPoint, params: { Spacing: [0.3, 0.4, 0.5] } }",
            "",
        ),
        &pts,
    );
    let got = sample(
        &gpu,
        &lib,
        &probe(
            "probeColor3",
            "{ rop: reorderField, params: { X: z, Y: one, Z: x, W: zero }, inputs: [/g] }",
            grid,
        ),
        &pts,
    );
    for ((p, i), g) in pts.iter().zip(&input).zip(&got) {
        assert_eq!(*g, [i[2], 1.0, i[0], 0.0], "reorderField at {p:?}");
    }
    let got = sample(
        &gpu,
        &lib,
        &probe(
            "probeFloat3",
            "{ rop: reorderField, params: { X: y }, inputs: [/g] }",
            grid,
        ),
        &pts,
    );
    for ((p, i), g) in pts.iter().zip(&input).zip(&got) {
        assert_eq!(g[0], i[1], "reorderField float at {p:?}");
    }
}
