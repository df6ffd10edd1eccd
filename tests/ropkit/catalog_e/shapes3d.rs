//! The new 3D shapes: wire shapes against analytic circles, twisted ones
//! as bounds against densely sampled surfaces and curves.

use super::shapes2d::spiral_distance;
use super::*;

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
