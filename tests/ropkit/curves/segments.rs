//! Single pieces with vector parameters: the library's quadratic (exact)
//! through a custom node, and the cubicBezier ROPs (a bound).

use super::reference::{self, Sampled};
use super::*;

/// A custom 3D node returning the library distance `call` (GLSL, of p).
fn custom3(call: &str) -> String {
    format!(
        "{{ rop: custom, custom: {{ coordTypes: [vec3], returnTypes: [Sdf], libraries: [curves], \
         function: \"ReturnT thismap(CoordT p, ContextT ctx) {{ return createSdf({call}); }}\" }} }}"
    )
}

/// rkcQuadratic is exact: curved, nearly straight (the chord start and
/// Newton steps) and straight with the control point off the middle.
#[test]
fn quadratic_piece_distance_is_exact() {
    let Some(gpu) = gpu("quadratic_piece_distance_is_exact") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(241, 300, -1.5, 1.5);
    let cases: [[V3; 3]; 4] = [
        [[-0.9, -0.4, 0.1], [0.1, 1.2, -0.5], [0.8, -0.3, 0.4]],
        [[-0.5, 0.5, 0.0], [0.9, 0.7, 0.3], [0.2, -0.8, -0.6]],
        [[-1.0, 0.0, 0.0], [0.0, 1e-4, 0.0], [1.0, 0.0, 0.0]],
        [[-1.0, -0.2, 0.3], [-0.7, -0.1, 0.2], [1.0, 0.3, -0.2]],
    ];
    for [a, b, c] in cases {
        let call = format!(
            "rkcQuadratic(p, {}, {}, {}).x",
            glsl3(a),
            glsl3(b),
            glsl3(c)
        );
        let got = distances(&gpu, &lib, &sdf3(&custom3(&call), ""), &pts);
        let curve = Sampled::new(reference::quadratic(a, b, c, 4000));
        expect_between(&call, &pts, &got, 0.0, |p| curve.distance(p));
    }
}

/// The sqrt(3)/2304 |D| slack of the four-piece cubic, as documented.
pub(crate) fn slack(a: V3, b: V3, c: V3, d: V3) -> f64 {
    let dd: Vec<f64> = (0..3)
        .map(|i| d[i] - 3.0 * c[i] + 3.0 * b[i] - a[i])
        .collect();
    3f64.sqrt() / 2304.0 * (dd[0] * dd[0] + dd[1] * dd[1] + dd[2] * dd[2]).sqrt()
}

/// cubicBezier (2D) and cubicBezierTube (3D): never more than the true
/// distance, never less by more than twice the slack; an S curve and a loop.
#[test]
fn cubic_bezier_is_a_tight_bound() {
    let Some(gpu) = gpu("cubic_bezier_is_a_tight_bound") else {
        return;
    };
    let lib = catalog_library();
    let pts2 = points2(242, 300, -1.5, 1.5);
    let pts3 = points3(243, 300, -1.5, 1.5);
    let shapes: [[V3; 4]; 2] = [
        [
            [-0.7, -0.3, 0.2],
            [-0.4, 0.6, -0.4],
            [0.4, -0.6, 0.5],
            [0.7, 0.3, 0.0],
        ],
        [
            [-0.6, -0.5, 0.0],
            [1.2, 0.9, 0.6],
            [-1.2, 0.9, -0.6],
            [0.6, -0.5, 0.0],
        ],
    ];
    for [a, b, c, d] in shapes {
        let below = 2.0 * slack(a, b, c, d);
        let thick = 0.05;
        // 3D tube.
        let node = format!(
            "{{ rop: cubicBezierTube, params: {{ A: {a:?}, B: {b:?}, C: {c:?}, D: {d:?}, Thickness: {thick} }} }}"
        );
        let got = distances(&gpu, &lib, &sdf3(&node, ""), &pts3);
        let curve = Sampled::new(reference::cubic(a, b, c, d, 6000));
        expect_between(&node, &pts3, &got, below, |p| curve.distance(p) - thick);
        // 2D stroke of the same curve flattened.
        let [a2, b2, c2, d2] = [a, b, c, d].map(|v| [v[0], v[1]]);
        let node = format!(
            "{{ rop: cubicBezier, params: {{ A: {a2:?}, B: {b2:?}, C: {c2:?}, D: {d2:?}, Thickness: {thick} }} }}"
        );
        let flat_pts = [a, b, c, d].map(|v| flat([v[0], v[1]]));
        let below = 2.0 * slack(flat_pts[0], flat_pts[1], flat_pts[2], flat_pts[3]);
        let got = distances(&gpu, &lib, &sdf2(&node, ""), &pts2);
        let curve = Sampled::new(reference::cubic(
            flat_pts[0],
            flat_pts[1],
            flat_pts[2],
            flat_pts[3],
            6000,
        ));
        expect_between(&node, &pts2, &got, below, |p| curve.distance(p) - thick);
    }
}

/// rkcCatmullRom's Bezier form of a piece, measured by rkcCubic, against
/// the Barry-Goldman construction of the same piece, centripetal and
/// uniform, with uneven steps between the points (where the two differ).
#[test]
fn catmull_rom_piece_matches_barry_goldman() {
    let Some(gpu) = gpu("catmull_rom_piece_matches_barry_goldman") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(244, 300, -1.5, 1.5);
    let ctl: [V3; 4] = [
        [-1.2, -0.6, 0.0],
        [-0.9, 0.2, 0.3],
        [0.8, 0.4, -0.2],
        [0.9, -0.9, 0.5],
    ];
    for alpha in [0.5, 0.0] {
        let call = format!(
            "rkcCubic(p, {p1}, b1, b2, {p2}).x",
            p1 = glsl3(ctl[1]),
            p2 = glsl3(ctl[2])
        );
        let node = format!(
            "{{ rop: custom, custom: {{ coordTypes: [vec3], returnTypes: [Sdf], libraries: [curves], \
             function: \"ReturnT thismap(CoordT p, ContextT ctx) {{ vec3 b1; vec3 b2; \
             rkcCatmullRom({}, {}, {}, {}, {alpha:.1}, b1, b2); return createSdf({call}); }}\" }} }}",
            glsl3(ctl[0]),
            glsl3(ctl[1]),
            glsl3(ctl[2]),
            glsl3(ctl[3]),
        );
        let got = distances(&gpu, &lib, &sdf3(&node, ""), &pts);
        let curve = Sampled::new(reference::catmull_rom(ctl, alpha, 6000));
        // The cubic's slack for these points is under 1e-3 (|D| < 1.3).
        expect_between(&format!("alpha {alpha}"), &pts, &got, 2e-3, |p| {
            curve.distance(p)
        });
    }
}
