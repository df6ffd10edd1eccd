//! The new 2D shapes against their geometry: polygons, every edge of a
//! tiling, a curve minimised over its parameter, every branch of a tree.

use super::*;

/// The point at parameter t of the spiral r = start + spacing t / TAU.
fn spiral_point(t: f64, start: f64, spacing: f64) -> V2 {
    let r = start + spacing * t / TAU;
    [r * t.cos(), r * t.sin()]
}

/// Distance to the spiral curve, minimised over its parameter.
pub(crate) fn spiral_distance(p: V2, start: f64, spacing: f64, turns: f64) -> f64 {
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

/// How each generation of the tree grows from the last.
struct Growth {
    turn: f64,
    ratio: f64,
}

/// The branches of the tree, built recursively: (foot, tip, radius).
fn tree_branches(
    foot: V2,
    dir: V2,
    len: f64,
    rad: f64,
    levels: usize,
    g: &Growth,
    out: &mut Vec<(V2, V2, f64)>,
) {
    if levels == 0 {
        return;
    }
    let tip = [foot[0] + dir[0] * len, foot[1] + dir[1] * len];
    out.push((foot, tip, rad));
    for side in [g.turn, -g.turn] {
        let d = an::rot2(dir, side);
        tree_branches(tip, d, len * g.ratio, rad * g.ratio, levels - 1, g, out);
    }
}

/// branchingTree2d against every branch of a recursively built tree
/// (exact outside, a bound inside).
#[test]
fn branching_tree_matches_its_branches() {
    let Some(gpu) = gpu("branching_tree_matches_its_branches") else {
        return;
    };
    let lib = catalog_library();
    let mut branches = Vec::new();
    let growth = Growth {
        turn: 35f64.to_radians(),
        ratio: 0.7,
    };
    tree_branches(
        [0.1, -0.8],
        [0.0, 1.0],
        0.6,
        0.05,
        5,
        &growth,
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
}
