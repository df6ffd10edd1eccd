//! The new 3D shapes against their geometry.

use super::*;
use std::f64::consts::{PI, TAU};

/// The tetrahedron with corners (1,1,1) and its even sign flips, scaled.
fn tetra_corners(s: f64) -> Vec<V3> {
    [[1., 1., 1.], [1., -1., -1.], [-1., 1., -1.], [-1., -1., 1.]]
        .iter()
        .map(|v| mul3(*v, s))
        .collect()
}

/// The signed distance to a crescent in the plane: the disk (0, ra) minus
/// the disk ((off, 0), rb), from its two arcs (the circles cross).
fn moon2(p: V2, ra: f64, rb: f64, off: f64) -> f64 {
    let a = (ra * ra - rb * rb + off * off) / (2.0 * off);
    let b = (ra * ra - a * a).sqrt();
    let alpha = b.atan2(a);
    let beta = b.atan2(a - off);
    let d = an::arc2(p, [0.0, 0.0], ra, alpha, TAU - alpha).min(an::arc2(
        p,
        [off, 0.0],
        rb,
        beta,
        TAU - beta,
    ));
    let inside = an::len2(p) < ra && an::len2([p[0] - off, p[1]]) > rb;
    if inside { -d } else { d }
}

/// The signed distance to a lens with tips (0, +-h) and half width w: the
/// intersection of the disks about (-+c, 0) of radius c + w.
pub(crate) fn vesica2(p: V2, h: f64, w: f64) -> f64 {
    let c = (h * h - w * w) / (2.0 * w);
    let r = c + w;
    let th = h.atan2(c);
    let d = an::arc2(p, [-c, 0.0], r, -th, th).min(an::arc2(p, [c, 0.0], r, PI - th, PI + th));
    let inside = an::len2([p[0] + c, p[1]]) < r && an::len2([p[0] - c, p[1]]) < r;
    if inside { -d } else { d }
}

/// The arch's outline as a fine polygon: the outer half circle and leg, the
/// foot, the inner leg and half circle, and the same mirrored.
pub(crate) fn arch_polygon(r: f64, t: f64, legs: f64) -> Vec<V2> {
    let (ro, ri) = (r + 0.5 * t, r - 0.5 * t);
    let n = 4000;
    let mut v = Vec::new();
    v.push([ro, -legs]);
    for i in 0..=n {
        let a = PI * i as f64 / n as f64;
        v.push([ro * a.cos(), ro * a.sin()]);
    }
    v.push([-ro, -legs]);
    v.push([-ri, -legs]);
    for i in 0..=n {
        let a = PI - PI * i as f64 / n as f64;
        v.push([ri * a.cos(), ri * a.sin()]);
    }
    v.push([ri, -legs]);
    v
}

/// The piston's outline (symmetric about the y axis).
pub(crate) fn piston_polygon(rb: f64, hb: f64, rr: f64, ext: f64) -> Vec<V2> {
    let top = hb + ext;
    vec![
        [-rb, 0.0],
        [rb, 0.0],
        [rb, hb],
        [rr, hb],
        [rr, top],
        [-rr, top],
        [-rr, hb],
        [-rb, hb],
    ]
}

/// The distance to a bent path (see joint): a segment up +y when the angle is
/// 0, else an arc about (len / angle, 0) from angle pi - angle to pi.
pub(crate) fn bent_path(p: V3, len: f64, angle: f64) -> f64 {
    if angle.abs() < 1e-9 {
        return an::seg3(p, [0.0; 3], [0.0, len, 0.0]);
    }
    let rho = len / angle;
    if angle > 0.0 {
        an::arc3(p, [rho, 0.0, 0.0], rho, PI - angle, PI)
    } else {
        // Mirrored in x.
        an::arc3([-p[0], p[1], p[2]], [-rho, 0.0, 0.0], -rho, PI + angle, PI)
    }
}

fn bezier3(t: f64, a: V3, b: V3, c: V3) -> V3 {
    let u = 1.0 - t;
    add3(add3(mul3(a, u * u), mul3(b, 2.0 * u * t)), mul3(c, t * t))
}

/// The signed distance to a regular polygon with n sides, corner radius r,
/// one side facing +x.
pub(crate) fn regular_polygon(n: usize, r: f64) -> Vec<V2> {
    (0..n)
        .map(|i| {
            let a = PI / n as f64 + TAU * i as f64 / n as f64;
            [r * a.cos(), r * a.sin()]
        })
        .collect()
}

#[test]
fn sdf3d_vocabulary_matches_exact_distances() {
    let Some(gpu) = gpu("sdf3d_vocabulary_matches_exact_distances") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(31, 240, -1.6, 1.6);
    type Case = (&'static str, String, Box<dyn Fn(V3) -> f64>);
    let tet = hull_faces(&tetra_corners(0.7 / 3f64.sqrt()));
    let (a, b, h) = (0.6, 0.25, 0.9);
    let frustum = hull_faces(&[
        [a, 0., a],
        [a, 0., -a],
        [-a, 0., a],
        [-a, 0., -a],
        [b, h, b],
        [b, h, -b],
        [-b, h, b],
        [-b, h, -b],
    ]);
    let cases: Vec<Case> = vec![
        // exact: a tetrahedron from its four faces.
        (
            "tetrahedron",
            "{ rop: tetrahedron, params: { Radius: 0.7, Translate: [0.1, 0.2, -0.1] } }".into(),
            Box::new(move |p| an::convex(an::sub3(p, [0.1, 0.2, -0.1]), &tet)),
        ),
        // exact: a frustum from its six faces.
        (
            "truncatedPyramid",
            "{ rop: truncatedPyramid, params: { Base: 1.2, Top: 0.5, Height: 0.9, Translate: [0, -0.3, 0.1] } }".into(),
            Box::new(move |p| an::convex(an::sub3(p, [0.0, -0.3, 0.1]), &frustum)),
        ),
        // exact: the crescent's profile (two arcs) turned about x.
        (
            "crescent",
            "{ rop: crescent, params: { Radius: 0.8, CutRadius: 0.6, Offset: 0.5 } }".into(),
            Box::new(|p| moon2([p[0], p[1].hypot(p[2])], 0.8, 0.6, 0.5)),
        ),
        // exact: a lens (two arcs) turned about the segment from A to B.
        (
            "vesicaSegment",
            "{ rop: vesicaSegment, params: { A: [-0.3, -0.7, 0.2], B: [0.5, 0.6, -0.1], Width: 0.6 } }".into(),
            Box::new(|p| {
                let (a, b) = ([-0.3, -0.7, 0.2], [0.5, 0.6, -0.1]);
                let c = mul3(add3(a, b), 0.5);
                let ab = an::sub3(b, a);
                let len = an::len3(ab);
                let q = an::sub3(p, c);
                let along = an::dot3(q, ab) / len;
                let across = an::len3(an::sub3(q, mul3(ab, along / len)));
                vesica2([across, along], 0.5 * len, 0.3)
            }),
        ),
        // exact: a disc: the nearest point of a flat disk, minus the rounding.
        (
            "disc",
            "{ rop: disc, params: { Radius: 0.7, Thickness: 0.1, Translate: [0, 0.2, 0] } }".into(),
            Box::new(|p| {
                let q = [p[0], p[1] - 0.2, p[2]];
                let rho = q[0].hypot(q[2]);
                let foot = if rho > 0.7 { mul3([q[0], 0.0, q[2]], 0.7 / rho) } else { [q[0], 0.0, q[2]] };
                an::len3(an::sub3(q, foot)) - 0.1
            }),
        ),
        // exact: a flat quad as two triangles, thickened.
        (
            "quad",
            "{ rop: quad, params: { A: [-0.6, 0.1, -0.5], B: [0.7, 0.1, -0.4], C: [0.5, 0.1, 0.6], D: [-0.5, 0.1, 0.4], Thickness: 0.05 } }".into(),
            Box::new(|p| {
                let (a, b, c, d) = ([-0.6, 0.1, -0.5], [0.7, 0.1, -0.4], [0.5, 0.1, 0.6], [-0.5, 0.1, 0.4]);
                an::tri3(p, a, b, c).min(an::tri3(p, a, c, d)) - 0.05
            }),
        ),
        // exact: a regular pentagon (a polygon) extruded.
        (
            "prism",
            "{ rop: prism, params: { Sides: 5, Radius: 0.7, Length: 1.4, Translate: [0.1, 0, 0] } }".into(),
            Box::new(|p| {
                let d2 = an::polygon([p[0] - 0.1, p[1]], &regular_polygon(5, 0.7));
                an::extrude(d2, p[2], 0.7)
            }),
        ),
        // exact: the arch's outline (a fine polygon) extruded.
        (
            "arch",
            "{ rop: arch, params: { Radius: 0.6, Thickness: 0.25, LegHeight: 0.7, Depth: 0.5 } }".into(),
            Box::new(|p| an::extrude(an::polygon([p[0], p[1]], &arch_polygon(0.6, 0.25, 0.7)), p[2], 0.25)),
        ),
        // exact: the stepped outline turned about y.
        (
            "piston",
            "{ rop: piston, params: { BarrelRadius: 0.5, BarrelHeight: 0.6, RodRadius: 0.15, Extension: 0.7, Translate: [0, -0.6, 0] } }".into(),
            Box::new(|p| an::polygon([p[0].hypot(p[2]), p[1] + 0.6], &piston_polygon(0.5, 0.6, 0.15, 0.7))),
        ),
        // exact: a tube around an arc (and a straight one).
        (
            "joint",
            "{ rop: joint, params: { Length: 1.3, Angle: 1.5, Thickness: 0.2, Translate: [-0.3, -0.5, 0.1] } }".into(),
            Box::new(|p| bent_path(an::sub3(p, [-0.3, -0.5, 0.1]), 1.3, 1.5) - 0.2),
        ),
        (
            "joint bent the other way",
            "{ rop: joint, params: { Length: 1.0, Angle: -2.5, Thickness: 0.1 } }".into(),
            Box::new(|p| bent_path(p, 1.0, -2.5) - 0.1),
        ),
        (
            "joint straight",
            "{ rop: joint, params: { Length: 1.0, Angle: 0.0, Thickness: 0.1 } }".into(),
            Box::new(|p| bent_path(p, 1.0, 0.0) - 0.1),
        ),
        // exact: the nearest of every ring, each a circle of the cross section.
        (
            "rings round",
            "{ rop: rings, params: { Count: 4, Start: 0.3, Spacing: 0.25, Thickness: 0.08 } }".into(),
            Box::new(|p| {
                let rho = p[0].hypot(p[2]);
                (0..4)
                    .map(|k| (rho - 0.3 - 0.25 * k as f64).hypot(p[1]) - 0.08)
                    .fold(f64::MAX, f64::min)
            }),
        ),
        (
            "rings diamond",
            "{ rop: rings, params: { Count: 3, Start: 0.4, Spacing: 0.3, Thickness: 0.1, Shape: diamond } }".into(),
            Box::new(|p| {
                let rho = p[0].hypot(p[2]);
                let dia = [[0.1, 0.0], [0.0, 0.1], [-0.1, 0.0], [0.0, -0.1]];
                (0..3)
                    .map(|k| an::polygon([rho - 0.4 - 0.3 * k as f64, p[1]], &dia))
                    .fold(f64::MAX, f64::min)
            }),
        ),
        (
            "rings square",
            "{ rop: rings, params: { Count: 3, Start: 0.4, Spacing: 0.3, Thickness: 0.1, Shape: square } }".into(),
            Box::new(|p| {
                let rho = p[0].hypot(p[2]);
                let sq = [[0.1, 0.1], [-0.1, 0.1], [-0.1, -0.1], [0.1, -0.1]];
                (0..3)
                    .map(|k| an::polygon([rho - 0.4 - 0.3 * k as f64, p[1]], &sq))
                    .fold(f64::MAX, f64::min)
            }),
        ),
        // exact: a curve sampled finely and refined.
        (
            "bezierTube",
            "{ rop: bezierTube, params: { A: [-0.8, -0.3, 0.1], Control: [0.1, 1.2, 0.5], B: [0.9, -0.4, -0.2], Thickness: 0.1 } }".into(),
            Box::new(|p| {
                let (a, c, b) = ([-0.8, -0.3, 0.1], [0.1, 1.2, 0.5], [0.9, -0.4, -0.2]);
                minimize(|t| an::len3(an::sub3(p, bezier3(t, a, c, b))), 0.0, 1.0, 400) - 0.1
            }),
        ),
        (
            "bezierTube straight",
            "{ rop: bezierTube, params: { A: [-0.8, 0, 0], Control: [0, 0, 0], B: [0.8, 0, 0], Thickness: 0.1 } }".into(),
            Box::new(|p| an::seg3(p, [-0.8, 0.0, 0.0], [0.8, 0.0, 0.0]) - 0.1),
        ),
        // exact: copies of a sphere, each Ratio the size of the one below.
        (
            "stack",
            "{ rop: stack, params: { Count: 3, Ratio: 0.6, Height: 0.8, Gap: 0.1, Translate: [0, -1, 0] }, inputs: [/ball] }".into(),
            Box::new(|p| {
                let (mut s, mut base, mut best) = (1.0, -1.0, f64::MAX);
                for _ in 0..3 {
                    best = best.min(sphere_d(p, [0.0, base + 0.4 * s, 0.0], 0.4 * s));
                    base += 0.9 * s;
                    s *= 0.6;
                }
                best
            }),
        ),
    ];
    for (what, node, want) in &cases {
        let extra = "  /ball: { rop: sphere, params: { Radius: 0.4 } }\n";
        let out = sample(&gpu, &lib, &sdf3(node, extra), &pts);
        expect_exact(what, &pts, &out, |p| want(v3(p)));
    }
}

/// A polyline's tube: exact outside (the nearest segment), negative inside.
#[test]
fn sdf3d_vocabulary_unions_are_exact_outside_and_bounds_inside() {
    let Some(gpu) = gpu("sdf3d_vocabulary_unions_are_exact_outside_and_bounds_inside") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(32, 240, -1.4, 1.4);
    let pairs = point_pairs(33, 150, -1.4, 1.4, 0.05);
    let poly = [
        [-0.8, -0.4, 0.0],
        [-0.3, 0.4, 0.1],
        [0.2, -0.4, 0.2],
        [0.7, 0.4, -0.3],
    ];
    let box_d = |p: V3, h: V3| an::cube(p, [0.0; 3], h);
    type Case = (&'static str, String, Box<dyn Fn(V3) -> f64>);
    let cases: Vec<Case> = vec![
        (
            "polyline",
            "{ rop: polyline, params: { Count: 4, Thickness: 0.1, P1: [-0.8, -0.4, 0], P2: [-0.3, 0.4, 0.1], P3: [0.2, -0.4, 0.2], P4: [0.7, 0.4, -0.3], P5: [9, 9, 9] } }".into(),
            Box::new(move |p| {
                (0..3).map(|i| an::seg3(p, poly[i], poly[i + 1])).fold(f64::MAX, f64::min) - 0.1
            }),
        ),
        (
            "axisCross square",
            "{ rop: axisCross, params: { Length: 0.9, Thickness: 0.2 } }".into(),
            Box::new(move |p| {
                box_d(p, [0.9, 0.2, 0.2]).min(box_d(p, [0.2, 0.9, 0.2])).min(box_d(p, [0.2, 0.2, 0.9]))
            }),
        ),
        (
            "axisCross round",
            "{ rop: axisCross, params: { Length: 0.9, Thickness: 0.2, Shape: round } }".into(),
            Box::new(|p| {
                let cyl = |a: f64, r: f64| an::extrude(r - 0.2, a, 0.9);
                cyl(p[0], p[1].hypot(p[2])).min(cyl(p[1], p[0].hypot(p[2]))).min(cyl(p[2], p[0].hypot(p[1])))
            }),
        ),
        // Bars through a cubic grid of spacing 0.7 (round, radius 0.08), and
        // the flat grid: the nearest of the bars of the neighbouring cells.
        (
            "lattice cubic",
            "{ rop: lattice, params: { Spacing: 0.7, Thickness: 0.08 } }".into(),
            Box::new(|p| {
                let mut best = f64::MAX;
                for i in -3..=3 {
                    for j in -3..=3 {
                        let (u, v) = (0.7 * i as f64, 0.7 * j as f64);
                        best = best
                            .min((p[1] - u).hypot(p[2] - v))
                            .min((p[0] - u).hypot(p[2] - v))
                            .min((p[0] - u).hypot(p[1] - v));
                    }
                }
                best - 0.08
            }),
        ),
        (
            "lattice grid square",
            "{ rop: lattice, params: { Layout: grid, Spacing: 0.6, Thickness: 0.1, Shape: square, Translate: [0.1, 0.2, 0] } }".into(),
            Box::new(|p| {
                let q = [p[0] - 0.1, p[1] - 0.2, p[2]];
                let sq = [[0.1, 0.1], [-0.1, 0.1], [-0.1, -0.1], [0.1, -0.1]];
                let mut best = f64::MAX;
                for i in -4..=4 {
                    let u = 0.6 * i as f64;
                    best = best.min(an::polygon([q[1], q[2] - u], &sq)).min(an::polygon([q[1], q[0] - u], &sq));
                }
                best
            }),
        ),
        // Every strut of a 6 x 6 patch of the space frame around the point.
        (
            "spaceFrame",
            "{ rop: spaceFrame, params: { Spacing: 0.8, Depth: 0.6, Thickness: 0.05 } }".into(),
            Box::new(|p| {
                let (s, h) = (0.8, 0.3);
                let mut best = f64::MAX;
                for i in -3..=3 {
                    for j in -3..=3 {
                        let (x, z) = (s * i as f64, s * j as f64);
                        let top = [x, h, z];
                        let low = [x + 0.5 * s, -h, z + 0.5 * s];
                        best = best
                            .min(an::seg3(p, top, [x + s, h, z]))
                            .min(an::seg3(p, top, [x, h, z + s]))
                            .min(an::seg3(p, low, [low[0] + s, -h, low[2]]))
                            .min(an::seg3(p, low, [low[0], -h, low[2] + s]));
                        for (dx, dz) in [(0.0, 0.0), (s, 0.0), (0.0, s), (s, s)] {
                            best = best.min(an::seg3(p, low, [x + dx, h, z + dz]));
                        }
                    }
                }
                best - 0.05
            }),
        ),
    ];
    for (what, node, want) in &cases {
        let out = sample(&gpu, &lib, &sdf3(node, ""), &pts);
        let mut bad = Vec::new();
        for (p, v) in pts.iter().zip(&out) {
            let (d, w) = (v[0] as f64, want(v3(p)));
            let ok = if w >= 0.0 {
                close(d, w, TOL)
            } else {
                d < 1e-4 && d >= w - TOL
            };
            if !ok {
                bad.push(format!("  at {p:?}: got {d}, the union gives {w}"));
            }
        }
        assert!(
            bad.is_empty(),
            "{what}: {} problems:\n{}",
            bad.len(),
            bad.join("\n")
        );
        let out = sample(&gpu, &lib, &sdf3(node, ""), &pairs);
        expect_lipschitz(what, &pairs, &out);
    }
}

#[test]
fn sdf3d_vocabulary_bounds_keep_their_sign_and_slope() {
    let Some(gpu) = gpu("sdf3d_vocabulary_bounds_keep_their_sign_and_slope") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(34, 300, -1.2, 1.2);
    let pairs = point_pairs(35, 150, -1.2, 1.2, 0.05);
    // bound: the chamfered box is the box cut by twelve bevel planes; its
    // distance comes from Dykstra's projections onto those half-spaces.
    let (b, c) = ([0.6, 0.4, 0.5], 0.15);
    let mut planes: Vec<(V3, f64)> = Vec::new();
    for i in 0..3 {
        for s in [1.0, -1.0] {
            let mut n = [0.0; 3];
            n[i] = s;
            planes.push((n, b[i]));
        }
    }
    for (i, j) in [(0, 1), (1, 2), (0, 2)] {
        for (si, sj) in [(1.0, 1.0), (1.0, -1.0), (-1.0, 1.0), (-1.0, -1.0)] {
            let mut n = [0.0; 3];
            n[i] = si * std::f64::consts::FRAC_1_SQRT_2;
            n[j] = sj * std::f64::consts::FRAC_1_SQRT_2;
            planes.push((n, (b[i] + b[j] - c) * std::f64::consts::FRAC_1_SQRT_2));
        }
    }
    let node = "{ rop: chamferBox, params: { Size: [1.2, 0.8, 1.0], Chamfer: 0.15 } }";
    let out = sample(&gpu, &lib, &sdf3(node, ""), &pts);
    expect_bound(
        "chamferBox",
        &pts,
        &out,
        1e-3,
        |p| {
            let d = halfspaces(v3(p), &planes);
            (d < 0.0, Some(d.abs()))
        },
        |_| false,
    );
    // Inside, the largest plane distance is exact.
    for (p, v) in pts.iter().zip(&out) {
        let d = halfspaces(v3(p), &planes);
        if d < 0.0 {
            assert!(
                close(v[0] as f64, d, TOL),
                "chamferBox inside at {p:?}: {} != {d}",
                v[0]
            );
        }
    }
    let out = sample(&gpu, &lib, &sdf3(node, ""), &pairs);
    expect_lipschitz("chamferBox", &pairs, &out);

    // bound: the saddle, inside exactly where the sheet's function is within
    // Thickness in the box.
    let node = "{ rop: hyperbolicParaboloid, params: { Curvature: 0.8, Size: [1.6, 1.2, 1.6], Thickness: 0.1 } }";
    let out = sample(&gpu, &lib, &sdf3(node, ""), &pts);
    expect_bound(
        "hyperbolicParaboloid",
        &pts,
        &out,
        0.0,
        |p| {
            let q = v3(p);
            let g = q[1] - 0.8 * (q[0] * q[0] - q[2] * q[2]);
            let inside =
                g.abs() <= 0.1 && q[0].abs() <= 0.8 && q[1].abs() <= 0.6 && q[2].abs() <= 0.8;
            (inside, None)
        },
        |p| {
            let q = v3(p);
            let g = q[1] - 0.8 * (q[0] * q[0] - q[2] * q[2]);
            (g.abs() - 0.1).abs() < 0.01
                || (q[0].abs() - 0.8).abs() < 0.01
                || (q[1].abs() - 0.6).abs() < 0.01
                || (q[2].abs() - 0.8).abs() < 0.01
        },
    );
    let slopes = sample(&gpu, &lib, &sdf3(node, ""), &pairs);
    expect_lipschitz("hyperbolicParaboloid", &pairs, &slopes);
    // Points of the sheet's middle surface are inside, and the value never
    // exceeds the distance to any of them.
    let sheet: Vec<V3> = (0..400)
        .map(|i| {
            let (u, w) = (
                -0.75 + 1.5 * (i % 20) as f64 / 19.0,
                -0.55 + 1.1 * (i / 20) as f64 / 19.0,
            );
            [u, 0.8 * (u * u - w * w), w]
        })
        .filter(|s| s[1].abs() < 0.6)
        .collect();
    let on = sample(
        &gpu,
        &lib,
        &sdf3(node, ""),
        &sheet.iter().map(|s| to32(*s)).collect::<Vec<_>>(),
    );
    assert!(
        on.iter().all(|v| v[0] < 0.0),
        "the saddle's middle surface is inside"
    );
    for (p, v) in pts.iter().zip(&out) {
        let near = sheet
            .iter()
            .map(|s| an::len3(an::sub3(v3(p), *s)))
            .fold(f64::MAX, f64::min);
        assert!(
            v[0] as f64 <= near + 1e-4,
            "saddle at {p:?}: {} exceeds {near}",
            v[0]
        );
    }
}

/// The supershape against Gielis' parametric surface: points of the surface
/// (computed forwards from the two superformulas) give about 0, points a
/// little outward are outside and a little inward inside.
#[test]
fn supershape_follows_the_parametric_surface() {
    let Some(gpu) = gpu("supershape_follows_the_parametric_surface") else {
        return;
    };
    let lib = catalog_library();
    let sf = |a: f64, m: f64, n: [f64; 3]| {
        ((m * a / 4.0).cos().abs().powf(n[1]) + (m * a / 4.0).sin().abs().powf(n[2]))
            .powf(-1.0 / n[0])
    };
    for (m1, n1, m2, n2) in [
        (6.0, [2.0, 3.0, 3.0], 4.0, [4.0, 4.0, 4.0]),
        (4.0, [10.0, 10.0, 10.0], 4.0, [10.0, 10.0, 10.0]),
        (5.0, [1.0, 1.5, 1.5], 2.0, [1.0, 1.0, 1.0]),
    ] {
        let node = format!(
            "{{ rop: superShape, params: {{ Radius: 0.7, LongitudeM: {m1}, LongitudeN: {n1:?}, LatitudeM: {m2}, LatitudeN: {n2:?}, Translate: [0.1, 0, 0] }} }}"
        );
        let mut rng = Rng::new(36);
        let surf: Vec<V3> = (0..200)
            .map(|_| {
                let (t, f) = (rng.range(-PI, PI), rng.range(-1.4, 1.4));
                let (r1, r2) = (sf(t, m1, n1), sf(f, m2, n2));
                mul3(
                    [
                        r1 * t.cos() * r2 * f.cos(),
                        r2 * f.sin(),
                        r1 * t.sin() * r2 * f.cos(),
                    ],
                    0.7,
                )
            })
            .collect();
        let at = |k: f64| -> Vec<[f32; 3]> {
            surf.iter()
                .map(|s| to32(add3(mul3(*s, k), [0.1, 0.0, 0.0])))
                .collect()
        };
        let on = values(&gpu, &lib, &sdf3(&node, ""), &at(1.0));
        let out = values(&gpu, &lib, &sdf3(&node, ""), &at(1.08));
        let inn = values(&gpu, &lib, &sdf3(&node, ""), &at(0.92));
        for i in 0..surf.len() {
            let r = an::len3(surf[i]);
            assert!(
                on[i].abs() < 2e-3 * (1.0 + r),
                "superShape {m1} on the surface at {:?}: {}",
                surf[i],
                on[i]
            );
            assert!(
                out[i] > 0.0,
                "superShape {m1} just outside {:?}: {}",
                surf[i],
                out[i]
            );
            assert!(
                inn[i] < 0.0,
                "superShape {m1} just inside {:?}: {}",
                surf[i],
                inn[i]
            );
        }
    }
}
