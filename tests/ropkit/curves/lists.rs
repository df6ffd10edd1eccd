//! The ROPs on point lists (inline points in the network), against the
//! same curves sampled densely here: polylines and polygons (exact),
//! Bezier paths (exact quadratic pieces, bounded cubic ones), Catmull-Rom
//! splines (Barry-Goldman's construction), even-odd fills, and the curve
//! parameter that curveSweep provides.

use super::reference::{self, Sampled};
use super::*;
use crate::catalog::an;

/// A point list as the network writes it.
fn yaml_points(pts: &[V3]) -> String {
    let items: Vec<String> = pts
        .iter()
        .map(|p| format!("[{}, {}, {}]", p[0], p[1], p[2]))
        .collect();
    format!("[{}]", items.join(", "))
}

/// The segments of the polyline through `pts`, each as 1,001 points.
fn polyline_pieces(pts: &[V3]) -> Vec<Vec<V3>> {
    pts.windows(2)
        .map(|w| reference::cubic(w[0], w[0], w[1], w[1], 1000))
        .collect()
}

/// A zigzag in space, and a flat one.
const PATH: [V3; 7] = [
    [-0.9, -0.5, 0.1],
    [-0.5, 0.5, 0.3],
    [0.0, -0.2, -0.2],
    [0.3, 0.6, 0.1],
    [0.8, -0.4, 0.0],
    [0.5, -0.7, 0.4],
    [-0.2, -0.8, 0.0],
];

fn flatten(pts: &[V3]) -> Vec<V3> {
    pts.iter().map(|p| [p[0], p[1], 0.0]).collect()
}

/// Distance to the polyline through `pts` (closed: back to the first).
fn polyline_distance(p: V3, pts: &[V3], closed: bool) -> f64 {
    let n = if closed { pts.len() } else { pts.len() - 1 };
    (0..n)
        .map(|i| an::seg3(p, pts[i], pts[(i + 1) % pts.len()]))
        .fold(f64::MAX, f64::min)
}

/// pointPolyline, 3D and 2D, open and closed: the distance to the segments
/// less the thickness.
#[test]
fn point_polyline_matches_its_segments() {
    let Some(gpu) = gpu("point_polyline_matches_its_segments") else {
        return;
    };
    let lib = catalog_library();
    let pts3 = points3(301, 300, -1.5, 1.5);
    let pts2 = points2(302, 300, -1.5, 1.5);
    let list = yaml_points(&PATH);
    for closed in [false, true] {
        let node = format!(
            "{{ rop: pointPolyline, params: {{ Points: {list}, Closed: {closed}, Thickness: 0.04 }} }}"
        );
        let got = distances(&gpu, &lib, &sdf3(&node, ""), &pts3);
        expect_between(&node, &pts3, &got, 0.0, |p| {
            polyline_distance(p, &PATH, closed) - 0.04
        });
        let got = distances(&gpu, &lib, &sdf2(&node, ""), &pts2);
        let flat_path = flatten(&PATH);
        expect_between(&node, &pts2, &got, 0.0, |p| {
            polyline_distance(p, &flat_path, closed) - 0.04
        });
    }
}

/// pointPolygon: the sign is the even-odd test's (a pentagram drawn in one
/// stroke has an outside pentagon in the middle), the value the distance to
/// the nearest edge; a concave outline too.
#[test]
fn point_polygon_is_even_odd_and_exact() {
    let Some(gpu) = gpu("point_polygon_is_even_odd_and_exact") else {
        return;
    };
    let lib = catalog_library();
    let pts = points2(303, 400, -1.2, 1.2);
    let star: Vec<V3> = (0..5)
        .map(|k| {
            let a = std::f64::consts::FRAC_PI_2 + k as f64 * 4.0 * std::f64::consts::PI / 5.0;
            [0.9 * a.cos(), 0.9 * a.sin(), 0.0]
        })
        .collect();
    let concave: Vec<V3> = vec![
        [-0.8, -0.6, 0.0],
        [0.7, -0.7, 0.0],
        [0.1, -0.1, 0.0],
        [0.8, 0.6, 0.0],
        [-0.5, 0.7, 0.0],
        [-0.2, 0.0, 0.0],
    ];
    for outline in [star, concave] {
        let node = format!(
            "{{ rop: pointPolygon, params: {{ Points: {} }} }}",
            yaml_points(&outline)
        );
        let got = distances(&gpu, &lib, &sdf2(&node, ""), &pts);
        let v2: Vec<[f64; 2]> = outline.iter().map(|p| [p[0], p[1]]).collect();
        expect_between(&node, &pts, &got, 0.0, |p| {
            let d = polyline_distance(p, &outline, true);
            if reference::even_odd_inside([p[0], p[1]], &v2) {
                -d
            } else {
                d
            }
        });
    }
}

/// The pieces of a Bezier path through `pts`, sampled densely.
fn bezier_path(pts: &[V3], degree: usize, closed: bool) -> (Sampled, f64) {
    let pieces = if closed {
        pts.len() / degree
    } else {
        (pts.len() - 1) / degree
    };
    let mut chain = Vec::new();
    let mut slack: f64 = 0.0;
    for i in 0..pieces {
        let at = |k: usize| {
            let j = i * degree + k;
            if closed && i == pieces - 1 && k == degree {
                pts[0]
            } else {
                pts[j]
            }
        };
        if degree == 2 {
            chain.push(reference::quadratic(at(0), at(1), at(2), 3000));
        } else {
            let (a, b, c, d) = (at(0), at(1), at(2), at(3));
            slack = slack.max(super::segments::slack(a, b, c, d));
            chain.push(reference::cubic(a, b, c, d, 3000));
        }
    }
    (Sampled::chain(&chain), slack)
}

/// bezierPath: quadratic pieces exact, cubic ones within twice the
/// largest slack below; 3D and 2D; a closed cubic 2D path filled
/// (even-odd against the dense outline, away from it).
#[test]
fn bezier_path_matches_its_pieces() {
    let Some(gpu) = gpu("bezier_path_matches_its_pieces") else {
        return;
    };
    let lib = catalog_library();
    let pts3 = points3(304, 300, -1.5, 1.5);
    let pts2 = points2(305, 300, -1.5, 1.5);
    let list = yaml_points(&PATH);
    for (degree, name) in [(2, "quadratic"), (3, "cubic")] {
        let node = format!(
            "{{ rop: bezierPath, params: {{ Points: {list}, Degree: {name}, Thickness: 0.03 }} }}"
        );
        let (curve, slack) = bezier_path(&PATH, degree, false);
        let got = distances(&gpu, &lib, &sdf3(&node, ""), &pts3);
        expect_between(&node, &pts3, &got, 2.0 * slack, |p| {
            curve.distance(p) - 0.03
        });
        let flat_path = flatten(&PATH);
        let (curve, slack) = bezier_path(&flat_path, degree, false);
        let got = distances(&gpu, &lib, &sdf2(&node, ""), &pts2);
        expect_between(&node, &pts2, &got, 2.0 * slack, |p| {
            curve.distance(p) - 0.03
        });
    }
    // Filled: six points make two closed cubic pieces.
    let flat_path = flatten(&PATH[..6]);
    let node = format!(
        "{{ rop: bezierPath, params: {{ Points: {}, Degree: cubic, Closed: true, Fill: true, Thickness: 0 }} }}",
        yaml_points(&flat_path)
    );
    let (curve, slack) = bezier_path(&flat_path, 3, true);
    let outline: Vec<[f64; 2]> = curve.pts.iter().map(|p| [p[0], p[1]]).collect();
    let got = distances(&gpu, &lib, &sdf2(&node, ""), &pts2);
    expect_filled(&node, &pts2, &got, 2.0 * slack, &curve, &outline);
}

/// A filled bound: |value| within [d - below, d] of the distance d to the
/// sampled outline, and negative exactly where the even-odd test says
/// inside, for points farther than `below` from the outline (nearer, the
/// sign follows the quadratic pieces standing in for the cubics).
fn expect_filled(
    what: &str,
    pts: &[[f32; 3]],
    got: &[f64],
    below: f64,
    curve: &Sampled,
    outline: &[[f64; 2]],
) {
    let mut bad = Vec::new();
    let mut inside_count = 0;
    for (p, g) in pts.iter().zip(got) {
        let d = curve.distance(v3(p));
        let inside = reference::even_odd_inside([p[0] as f64, p[1] as f64], outline);
        inside_count += usize::from(inside);
        let magnitude_ok = g.abs() <= d + EPS && g.abs() >= d - below - EPS;
        let sign_ok = d <= below + EPS || (*g < 0.0) == inside;
        if !magnitude_ok || !sign_ok {
            bad.push(format!(
                "  at {p:?}: got {g}, distance {d}, inside {inside}"
            ));
        }
    }
    assert!(
        inside_count > 10,
        "{what}: only {inside_count} points inside"
    );
    assert!(
        bad.is_empty(),
        "{what}: {} of {} points wrong:\n{}",
        bad.len(),
        pts.len(),
        bad.iter().take(8).cloned().collect::<Vec<_>>().join("\n")
    );
}

/// The Catmull-Rom spline through `pts`, piece by piece, with the ends
/// mirrored (open) or wrapped (closed).
fn catmull_rom_spline(pts: &[V3], alpha: f64, closed: bool) -> Sampled {
    catmull_rom_spline_sampled(pts, alpha, closed, 2000)
}

/// The same, each piece sampled at `per_piece` points.
fn catmull_rom_spline_sampled(pts: &[V3], alpha: f64, closed: bool, per_piece: usize) -> Sampled {
    let n = pts.len() as i64;
    let at = |i: i64| -> V3 {
        if closed {
            pts[i.rem_euclid(n) as usize]
        } else if i < 0 {
            let (a, b) = (pts[0], pts[1]);
            [2.0 * a[0] - b[0], 2.0 * a[1] - b[1], 2.0 * a[2] - b[2]]
        } else if i >= n {
            let (a, b) = (pts[n as usize - 1], pts[n as usize - 2]);
            [2.0 * a[0] - b[0], 2.0 * a[1] - b[1], 2.0 * a[2] - b[2]]
        } else {
            pts[i as usize]
        }
    };
    let pieces = if closed { n } else { n - 1 };
    let chain: Vec<Vec<V3>> = (0..pieces)
        .map(|i| reference::catmull_rom([at(i - 1), at(i), at(i + 1), at(i + 2)], alpha, per_piece))
        .collect();
    Sampled::chain(&chain)
}

/// The profile that makes a sweep's value its curve parameter (the
/// `/prof` input of a curveSweep node).
const CURVE_T_PROFILE: &str = "  /prof: { rop: floatToSdf, inputs: [/t] }\n  /t: { rop: variableReference, params: { Name: curveT } }\n";

/// Points near a sampled curve, away from its ends: the samples at `n - 1`
/// even steps (each with its index), nudged by up to `jitter` along each
/// axis.
fn nudged_along(curve: &Sampled, n: usize, jitter: f64, rng: &mut Rng) -> Vec<(usize, V3)> {
    (1..n)
        .map(|k| {
            let i = k * (curve.pts.len() - 1) / n;
            let q = curve.pts[i];
            let off = [
                rng.range(-jitter, jitter),
                rng.range(-jitter, jitter),
                rng.range(-jitter, jitter),
            ];
            (i, [q[0] + off[0], q[1] + off[1], q[2] + off[2]])
        })
        .collect()
}

/// A spline of more pieces than curveSweep keeps the lengths of in a table
/// (RKC_ALONG_TABLE, 256): the scan then measures each piece it passes, and
/// the curve parameter must agree with the table's way, and with the
/// curve's own length, just as well.
#[test]
fn curve_sweep_measures_a_long_curve_without_its_table() {
    let Some(gpu) = gpu("curve_sweep_measures_a_long_curve_without_its_table") else {
        return;
    };
    let lib = catalog_library();
    // Three turns of a rising helix, unevenly spaced, 300 points.
    let path: Vec<V3> = (0..300)
        .map(|i| {
            let u = i as f64 / 299.0;
            let t = 6.0 * std::f64::consts::PI * (u + 0.05 * (7.0 * u).sin());
            [0.8 * t.cos(), -0.8 + 1.6 * u, 0.6 * t.sin()]
        })
        .collect();
    let curve = catmull_rom_spline_sampled(&path, 0.5, false, 200);
    let near = nudged_along(&curve, 60, 0.004, &mut Rng::new(309));
    let pts: Vec<[f32; 3]> = near.iter().map(|(_, p)| p.map(|v| v as f32)).collect();
    let want: Vec<f64> = near.iter().map(|(_, p)| curve.nearest(*p).1).collect();
    let node = format!(
        "{{ rop: curveSweep, params: {{ Points: {} }}, inputs: [/prof] }}",
        yaml_points(&path)
    );
    let got = distances(&gpu, &lib, &sdf3(&node, CURVE_T_PROFILE), &pts);
    for ((p, g), w) in pts.iter().zip(&got).zip(&want) {
        // 1e-3 of about 12 units: a piece (about 0.04) off would show.
        assert!((g - w).abs() <= 1e-3, "at {p:?}: curveT {g}, want {w}");
    }
}

/// catmullRomSpline, centripetal open in 3D and uniform closed and filled
/// in 2D, against Barry-Goldman's construction. The cubic slack of these
/// pieces is under 1.5e-3 (checked below from the sampled curve's bend).
#[test]
fn catmull_rom_spline_matches_barry_goldman() {
    let Some(gpu) = gpu("catmull_rom_spline_matches_barry_goldman") else {
        return;
    };
    let lib = catalog_library();
    let pts3 = points3(306, 300, -1.5, 1.5);
    let pts2 = points2(307, 300, -1.5, 1.5);
    let below = 3e-3;
    let node = format!(
        "{{ rop: catmullRomSpline, params: {{ Points: {}, Thickness: 0.05 }} }}",
        yaml_points(&PATH)
    );
    let curve = catmull_rom_spline(&PATH, 0.5, false);
    let got = distances(&gpu, &lib, &sdf3(&node, ""), &pts3);
    expect_between(&node, &pts3, &got, below, |p| curve.distance(p) - 0.05);
    let flat_path = flatten(&PATH);
    let node = format!(
        "{{ rop: catmullRomSpline, params: {{ Points: {}, Mode: uniform, Closed: true, Fill: true, Thickness: 0 }} }}",
        yaml_points(&flat_path)
    );
    let curve = catmull_rom_spline(&flat_path, 0.0, true);
    let outline: Vec<[f64; 2]> = curve.pts.iter().map(|p| [p[0], p[1]]).collect();
    let got = distances(&gpu, &lib, &sdf2(&node, ""), &pts2);
    expect_filled(&node, &pts2, &got, below, &curve, &outline);
}

/// curveSweep provides the curve parameter: a profile that is the
/// variable itself (floatToSdf of variableReference) returns, at points
/// near the curve, the fraction of the curve's length at the nearest point,
/// from brute force; it runs from 0 to 1, growing along the curve. The
/// distance of a round profile is the distance to the curve less its radius.
#[test]
fn curve_sweep_provides_the_parameter_along_the_curve() {
    let Some(gpu) = gpu("curve_sweep_provides_the_parameter_along_the_curve") else {
        return;
    };
    let lib = catalog_library();
    let list = yaml_points(&PATH);
    for (curve_kind, curve) in [
        ("spline", catmull_rom_spline(&PATH, 0.5, false)),
        ("polyline", Sampled::chain(&polyline_pieces(&PATH))),
    ] {
        // Points near the curve, away from its ends: on it, and nudged off.
        let near = nudged_along(&curve, 200, 0.01, &mut Rng::new(308));
        let pts: Vec<[f32; 3]> = near.iter().map(|(_, p)| p.map(|v| v as f32)).collect();
        let fractions: Vec<f64> = near
            .iter()
            .map(|(i, _)| curve.len[*i] / curve.total())
            .collect();
        let node = format!(
            "{{ rop: curveSweep, params: {{ Points: {list}, Curve: {curve_kind} }}, inputs: [/prof] }}"
        );
        let got = distances(&gpu, &lib, &sdf3(&node, CURVE_T_PROFILE), &pts);
        let want: Vec<f64> = pts.iter().map(|p| curve.nearest(v3(p)).1).collect();
        let bad: Vec<String> = pts
            .iter()
            .zip(got.iter().zip(&want))
            .filter(|(_, (g, w))| (*g - *w).abs() > 5e-3)
            .map(|(p, (g, w))| format!("  at {p:?}: got {g}, want {w}"))
            .collect();
        assert!(
            bad.is_empty(),
            "{curve_kind}: {} of {}:\n{}",
            bad.len(),
            pts.len(),
            bad[..bad.len().min(8)].join("\n")
        );
        assert!(
            got.windows(2).all(|w| w[1] > w[0] - 5e-3),
            "{curve_kind}: not growing along the curve"
        );
        assert!(fractions[0] < 0.01 && *fractions.last().unwrap() > 0.99);
        assert!(
            got[0] < 0.02 && *got.last().unwrap() > 0.98,
            "{curve_kind}: {} .. {}",
            got[0],
            got.last().unwrap()
        );
        // A round profile: the distance to the curve less the radius, near it.
        let node = format!(
            "{{ rop: curveSweep, params: {{ Points: {list}, Curve: {curve_kind} }}, inputs: [/disc] }}"
        );
        let extra = "  /disc: { rop: circle, params: { Radius: 0.1 } }\n";
        let got = distances(&gpu, &lib, &sdf3(&node, extra), &pts);
        // The spline's nearest point is found within the cubic slack, and
        // the distance across the curve there is within it too.
        let tol = if curve_kind == "spline" { 3e-3 } else { EPS };
        for (p, g) in pts.iter().zip(&got) {
            let w = curve.distance(v3(p)) - 0.1;
            assert!((g - w).abs() <= tol, "{node} at {p:?}: got {g}, want {w}");
        }
    }
}

/// An empty point list is refused by every curve ROP with a message that
/// names the node and says what is wrong (it was a division by zero, or
/// an array of size zero, in the generated code).
#[test]
fn an_empty_point_list_is_refused_by_name() {
    let dir = tempfile::tempdir().unwrap();
    for (rop, coords, extra) in [
        ("pointPolyline", "3", ""),
        ("catmullRomSpline", "3", ""),
        ("bezierPath", "3", ""),
        ("pointPolygon", "2", ""),
        ("curveSweep", "3", ", inputs: [/disc]"),
    ] {
        let shape = if coords == "2" {
            "  /shape: { rop: extrude, inputs: [/curve] }\n"
        } else {
            "  /shape: { rop: multiUnion, inputs: [/curve] }\n"
        };
        let net = format!(
            "output: /render\nnodes:\n  /disc: {{ rop: circle }}\n  /curve: {{ rop: {rop}, params: {{ Points: [] }}{extra} }}\n{shape}  /render: {{ rop: raymarchRender3D, inputs: {{ scene: /shape }} }}\n"
        );
        let path = dir.path().join(format!("{rop}.yaml"));
        std::fs::write(&path, net).unwrap();
        let out = run_ropkit(["check".as_ref(), path.as_os_str(), "--no-glslang".as_ref()]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{rop}: {stderr}");
        assert!(
            stderr.contains("Points is empty: a curve needs at least one point")
                && stderr.contains("(node /curve)"),
            "{rop}: {stderr}"
        );
    }
}
