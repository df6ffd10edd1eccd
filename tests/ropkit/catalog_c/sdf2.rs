//! The new 2D shapes against their geometry.

use super::sdf3::{arch_polygon, bent_path, piston_polygon, vesica2};
use super::*;
use std::f64::consts::PI;

fn rot(p: V2, a: f64) -> V2 {
    an::rot2(p, a)
}

/// Distance to a ray from a in direction u (unit).
fn ray(p: V2, a: V2, u: V2) -> f64 {
    an::seg2(p, a, [a[0] + 100.0 * u[0], a[1] + 100.0 * u[1]])
}

fn signed(inside: bool, d: f64) -> f64 {
    if inside { -d } else { d }
}

#[test]
fn sdf2d_vocabulary_matches_exact_distances() {
    let Some(gpu) = gpu("sdf2d_vocabulary_matches_exact_distances") else {
        return;
    };
    let lib = catalog_library();
    let pts = points2(51, 300, -1.5, 1.5);
    let irregular = [
        [-0.5, -0.4],
        [0.6, -0.5],
        [0.1, 0.0],
        [0.4, 0.5],
        [-0.3, 0.3],
        [-0.7, 0.6],
    ];
    let stairs: Vec<V2> = {
        let (n, w, h) = (4, 0.3, 0.2);
        let mut v = vec![[0.0, 0.0], [n as f64 * w, 0.0]];
        for i in (0..n).rev() {
            v.push([(i + 1) as f64 * w, (i + 1) as f64 * h]);
            v.push([i as f64 * w, (i + 1) as f64 * h]);
        }
        v.iter().map(|q| [q[0] - 0.6, q[1] - 0.5]).collect()
    };
    type Case = (&'static str, String, Box<dyn Fn(V2) -> f64>);
    let cases: Vec<Case> = vec![
        // exact: the arch's outline as a fine polygon.
        (
            "arch2d",
            "{ rop: arch2d, params: { Radius: 0.6, Thickness: 0.3, LegHeight: 0.5, Translate: [0.1, 0] } }".into(),
            Box::new(|p| an::polygon([p[0] - 0.1, p[1]], &arch_polygon(0.6, 0.3, 0.5))),
        ),
        // exact: a lens (two arcs) between A and B.
        (
            "vesicaSegment2d",
            "{ rop: vesicaSegment2d, params: { A: [-0.6, -0.3], B: [0.7, 0.4], Width: 0.5 } }".into(),
            Box::new(|p| {
                let (a, b) = ([-0.6, -0.3], [0.7, 0.4]);
                let c = [0.5 * (a[0] + b[0]), 0.5 * (a[1] + b[1])];
                let ab = [b[0] - a[0], b[1] - a[1]];
                let len = an::len2(ab);
                let q = [p[0] - c[0], p[1] - c[1]];
                let along = (q[0] * ab[0] + q[1] * ab[1]) / len;
                let across = (q[0] * ab[1] - q[1] * ab[0]) / len;
                vesica2([across, along], 0.5 * len, 0.25)
            }),
        ),
        // exact: the stepped outline.
        (
            "piston2d",
            "{ rop: piston2d, params: { BarrelRadius: 0.4, BarrelHeight: 0.5, RodRadius: 0.12, Extension: 0.6, Translate: [0, -0.5] } }".into(),
            Box::new(|p| an::polygon([p[0], p[1] + 0.5], &piston_polygon(0.4, 0.5, 0.12, 0.6))),
        ),
        // exact: a stroke along an arc.
        (
            "joint2d",
            "{ rop: joint2d, params: { Length: 1.2, Angle: 2.0, Thickness: 0.1, Translate: [-0.2, -0.4] } }".into(),
            Box::new(|p| bent_path([p[0] + 0.2, p[1] + 0.4, 0.0], 1.2, 2.0) - 0.1),
        ),
        // exact: a non-convex hexagon.
        (
            "irregularPolygon",
            "{ rop: irregularPolygon, params: { Count: 6, P1: [-0.5, -0.4], P2: [0.6, -0.5], P3: [0.1, 0.0], P4: [0.4, 0.5], P5: [-0.3, 0.3], P6: [-0.7, 0.6], P7: [5, 5] } }".into(),
            Box::new(move |p| an::polygon(p, &irregular)),
        ),
        // exact: the octagon of a rectangle with cut corners.
        (
            "chamferRectangle",
            "{ rop: chamferRectangle, params: { Size: [1.4, 0.8], Chamfer: 0.25, Translate: [0.1, 0.1] } }".into(),
            Box::new(|p| {
                let (x, y, c) = (0.7, 0.4, 0.25);
                let v = [[x, y - c], [x - c, y], [-x + c, y], [-x, y - c], [-x, -y + c], [-x + c, -y], [x - c, -y], [x, -y + c]];
                an::polygon([p[0] - 0.1, p[1] - 0.1], &v)
            }),
        ),
        // exact: the nearer of two rays, inside within the angle.
        (
            "wedge",
            "{ rop: wedge, params: { HalfAngle: 35, Translate: [0.1, -0.2] } }".into(),
            Box::new(|p| {
                let q = [p[0] - 0.1, p[1] + 0.2];
                let a = 35f64.to_radians();
                let d = ray(q, [0.0, 0.0], [a.sin(), a.cos()]).min(ray(q, [0.0, 0.0], [-a.sin(), a.cos()]));
                signed(q[0].atan2(q[1]).abs() < a, d)
            }),
        ),
        (
            "wedge wide",
            "{ rop: wedge, params: { HalfAngle: 130 } }".into(),
            Box::new(|p| {
                let a = 130f64.to_radians();
                let d = ray(p, [0.0, 0.0], [a.sin(), a.cos()]).min(ray(p, [0.0, 0.0], [-a.sin(), a.cos()]));
                signed(p[0].atan2(p[1]).abs() < a, d)
            }),
        ),
        // exact: the staircase outline.
        (
            "stairs",
            "{ rop: stairs, params: { Count: 4, Width: 0.3, Height: 0.2, Translate: [-0.6, -0.5] } }".into(),
            Box::new(move |p| an::polygon(p, &stairs)),
        ),
        // exact: the nearest point of the curve, by search.
        (
            "parabola",
            "{ rop: parabola, params: { Curvature: 1.3, Translate: [0.1, -0.4] } }".into(),
            Box::new(|p| {
                let q = [p[0] - 0.1, p[1] + 0.4];
                let d = minimize(|t| an::len2([q[0] - t, q[1] - 1.3 * t * t]), -3.0, 3.0, 3000);
                signed(q[1] > 1.3 * q[0] * q[0], d)
            }),
        ),
        (
            "parabola downwards",
            "{ rop: parabola, params: { Curvature: -0.7, Translate: [0, 0.3] } }".into(),
            Box::new(|p| {
                let q = [p[0], p[1] - 0.3];
                let d = minimize(|t| an::len2([q[0] - t, q[1] + 0.7 * t * t]), -4.0, 4.0, 4000);
                signed(q[1] < -0.7 * q[0] * q[0], d)
            }),
        ),
        // exact: height above a line.
        (
            "halfPlane",
            "{ rop: halfPlane, params: { Angle: 30, Translate: [0.2, 0.1] } }".into(),
            Box::new(|p| {
                let a = 30f64.to_radians();
                (p[0] - 0.2) * a.cos() + (p[1] - 0.1) * a.sin()
            }),
        ),
        // exact: two rays and a quarter arc.
        (
            "corner",
            "{ rop: corner, params: { Angle: 20, Rounding: 0.2, Translate: [0.1, 0.2] } }".into(),
            Box::new(|p| {
                let q = rot([p[0] - 0.1, p[1] - 0.2], -20f64.to_radians());
                let r = 0.2;
                let d = ray(q, [-r, 0.0], [-1.0, 0.0])
                    .min(ray(q, [0.0, -r], [0.0, -1.0]))
                    .min(an::arc2(q, [-r, -r], r, 0.0, PI / 2.0));
                let cut = q[0] > -r && q[1] > -r && an::len2([q[0] + r, q[1] + r]) > r;
                signed(q[0] <= 0.0 && q[1] <= 0.0 && !cut, d)
            }),
        ),
        // exact: the nearest of many half circles, alternately up and down.
        (
            "circleWave",
            "{ rop: circleWave, params: { Radius: 0.25, Thickness: 0.05, Translate: [0.1, 0] } }".into(),
            Box::new(|p| {
                let mut best = f64::MAX;
                for k in -8..8 {
                    let cx = 0.1 + 0.25 * (2 * k + 1) as f64;
                    let (a0, a1) = if k % 2 == 0 { (0.0, PI) } else { (PI, 2.0 * PI) };
                    best = best.min(an::arc2(p, [cx, 0.0], 0.25, a0, a1));
                }
                best - 0.05
            }),
        ),
    ];
    for (what, node, want) in &cases {
        let out = sample(&gpu, &lib, &sdf2(node, ""), &pts);
        expect_exact(what, &pts, &out, |p| want(v2(p)));
    }
}

/// Distance to the lines of a pointy-top hexagon grid of corner radius r:
/// every edge of the cells around.
fn hex_lines(p: V2, r: f64) -> f64 {
    let mut best = f64::MAX;
    let (w, h) = (3f64.sqrt() * r, 1.5 * r);
    for j in -6..=6 {
        for i in -6..=6 {
            let c = [
                w * (i as f64 + 0.5 * (j as f64).rem_euclid(2.0)),
                h * j as f64,
            ];
            for k in 0..6 {
                let a0 = PI / 2.0 + PI / 3.0 * k as f64;
                let a1 = a0 + PI / 3.0;
                let u = [c[0] + r * a0.cos(), c[1] + r * a0.sin()];
                let v = [c[0] + r * a1.cos(), c[1] + r * a1.sin()];
                best = best.min(an::seg2(p, u, v));
            }
        }
    }
    best
}

#[test]
fn sdf2d_vocabulary_grids_and_bounds() {
    let Some(gpu) = gpu("sdf2d_vocabulary_grids_and_bounds") else {
        return;
    };
    let lib = catalog_library();
    let pts = points2(52, 300, -1.5, 1.5);
    let pairs: Vec<[f32; 3]> = point_pairs(53, 150, -1.5, 1.5, 0.03)
        .iter()
        .map(|p| [p[0], p[1], 0.0])
        .collect();
    // The line grids: exact outside the lines (the nearest line), negative on them.
    type Case = (&'static str, String, Box<dyn Fn(V2) -> f64>);
    let cases: Vec<Case> = vec![
        (
            "gridLines",
            "{ rop: gridLines, params: { Spacing: [0.3, 0.4], Thickness: 0.02, Translate: [0.05, 0] } }".into(),
            Box::new(|p| {
                let x = p[0] - 0.05;
                let fx = (x - 0.3 * (x / 0.3).round()).abs();
                let fy = (p[1] - 0.4 * (p[1] / 0.4).round()).abs();
                fx.min(fy) - 0.02
            }),
        ),
        (
            "hexLines",
            "{ rop: hexLines, params: { Size: 0.5, Thickness: 0.02 } }".into(),
            Box::new(|p| hex_lines(p, 0.5 / 3f64.sqrt()) - 0.02),
        ),
        (
            "triangleLines",
            "{ rop: triangleLines, params: { Spacing: 0.35, Thickness: 0.02 } }".into(),
            Box::new(|p| {
                // Normals at 30, 90 and 150 degrees.
                [30f64, 90.0, 150.0]
                    .iter()
                    .map(|a| {
                        let h = p[0] * a.to_radians().cos() + p[1] * a.to_radians().sin();
                        (h - 0.35 * (h / 0.35).round()).abs()
                    })
                    .fold(f64::MAX, f64::min)
                    - 0.02
            }),
        ),
    ];
    for (what, node, want) in &cases {
        let out = sample(&gpu, &lib, &sdf2(node, ""), &pts);
        for (p, v) in pts.iter().zip(&out) {
            let (d, w) = (v[0] as f64, want(v2(p)));
            let ok = if w >= 0.0 {
                close(d, w, TOL)
            } else {
                d <= 1e-4 && d >= w - TOL
            };
            assert!(ok, "{what} at {p:?}: got {d}, want {w}");
        }
        expect_lipschitz(what, &pairs, &sample(&gpu, &lib, &sdf2(node, ""), &pairs));
    }

    // bound: the superellipse against its outline sampled densely.
    let (a, b, n) = (0.7, 0.4, 3.0);
    let outline: Vec<V2> = (0..20000)
        .map(|i| {
            let t = 2.0 * PI * i as f64 / 20000.0;
            let f = |c: f64| c.signum() * c.abs().powf(2.0 / n);
            [a * f(t.cos()), b * f(t.sin())]
        })
        .collect();
    let node = format!("{{ rop: superellipse, params: {{ Size: [{a}, {b}], Exponent: {n} }} }}");
    let out = sample(&gpu, &lib, &sdf2(&node, ""), &pts);
    expect_bound(
        "superellipse",
        &pts,
        &out,
        2e-3,
        |p| {
            let q = v2(p);
            let inside = (q[0] / a).abs().powf(n) + (q[1] / b).abs().powf(n) < 1.0;
            let d = outline
                .iter()
                .map(|o| an::len2([q[0] - o[0], q[1] - o[1]]))
                .fold(f64::MAX, f64::min);
            (inside, Some(d))
        },
        |_| false,
    );
    expect_lipschitz(
        "superellipse",
        &pairs,
        &sample(&gpu, &lib, &sdf2(&node, ""), &pairs),
    );
    let diamond = "{ rop: superellipse, params: { Size: [0.5, 0.5], Exponent: 1.2 } }";
    expect_lipschitz(
        "superellipse near a diamond",
        &pairs,
        &sample(&gpu, &lib, &sdf2(diamond, ""), &pairs),
    );

    // none: the flower is zero on its edge, negative inside, positive outside.
    let node = "{ rop: flower, params: { Petals: 5, Radius: 0.6, Amount: 0.2, Angle: 90, Translate: [0.1, 0] } }";
    let edge: Vec<V2> = (0..200)
        .map(|i| {
            let t = 2.0 * PI * i as f64 / 200.0;
            let r = 0.6 + 0.2 * (5.0 * (t - PI / 2.0)).cos();
            [0.1 + r * t.cos(), r * t.sin()]
        })
        .collect();
    for (k, want) in [(1.0, 0), (1.1, 1), (0.9, -1)] {
        let at: Vec<[f32; 3]> = edge
            .iter()
            .map(|e| pt2([0.1 + (e[0] - 0.1) * k, e[1] * k]))
            .collect();
        for (p, v) in at.iter().zip(values(&gpu, &lib, &sdf2(node, ""), &at)) {
            match want {
                0 => assert!(v.abs() < 1e-3, "flower on its edge at {p:?}: {v}"),
                1 => assert!(v > 0.0, "flower outside at {p:?}: {v}"),
                _ => assert!(v < 0.0, "flower inside at {p:?}: {v}"),
            }
        }
    }
}

fn escapes(c: V2, n: usize) -> bool {
    let mut z = [0.0, 0.0];
    for _ in 0..n {
        z = [z[0] * z[0] - z[1] * z[1] + c[0], 2.0 * z[0] * z[1] + c[1]];
        if z[0] * z[0] + z[1] * z[1] > 4.0 {
            return true;
        }
    }
    false
}

/// bound: the Mandelbrot set's estimate is negative on points that never
/// escape, positive where the escape is quick, 1-Lipschitz, and never more
/// than the distance to points of the set found here.
#[test]
fn mandelbrot_estimate_bounds_the_set() {
    let Some(gpu) = gpu("mandelbrot_estimate_bounds_the_set") else {
        return;
    };
    let lib = catalog_library();
    let node = "{ rop: mandelbrot, params: { Iterations: 200, Center: [-0.5, 0], Scale: 0.8 } }";
    let to_c = |p: V2| [p[0] / 0.8 - 0.5, p[1] / 0.8];
    // Points of the set on a fine grid (they do not escape in 200 steps).
    let mut set = Vec::new();
    for i in 0..300 {
        for j in 0..300 {
            let p = [-1.6 + 3.2 * i as f64 / 299.0, -1.2 + 2.4 * j as f64 / 299.0];
            if !escapes(to_c(p), 200) {
                set.push(p);
            }
        }
    }
    assert!(set.len() > 1000);
    let pts = points2(54, 300, -1.8, 1.8);
    let out = values(&gpu, &lib, &sdf2(node, ""), &pts);
    for (p, d) in pts.iter().zip(&out) {
        let q = v2(p);
        let near = set
            .iter()
            .map(|s| an::len2([q[0] - s[0], q[1] - s[1]]))
            .fold(f64::MAX, f64::min);
        assert!(
            *d <= near + 1e-3,
            "mandelbrot at {p:?}: {d} exceeds the distance {near} to a point of the set"
        );
        if escapes(to_c(q), 20) {
            assert!(
                *d > 0.0,
                "mandelbrot at {p:?} escapes quickly but gives {d}"
            );
        }
    }
    let inside: Vec<[f32; 3]> = set.iter().step_by(37).map(|s| pt2(*s)).collect();
    for (p, d) in inside
        .iter()
        .zip(values(&gpu, &lib, &sdf2(node, ""), &inside))
    {
        assert!(d <= 0.0, "mandelbrot in the set at {p:?}: {d}");
    }
    let pairs: Vec<[f32; 3]> = point_pairs(55, 200, -1.8, 1.8, 0.02)
        .iter()
        .map(|p| [p[0], p[1], 0.0])
        .collect();
    expect_lipschitz(
        "mandelbrot",
        &pairs,
        &sample(&gpu, &lib, &sdf2(node, ""), &pairs),
    );
}
