//! The third part of the catalog: the shapes, fractals, 2D shapes, fields and
//! outputs that stand in for the rest of RayTK's vocabulary, evaluated on the
//! GPU and compared with references written here from each one's geometry
//! or definition, independently of the GLSL.
//!
//! The kinds of check, named in a comment on each case:
//! - exact: the sampled distance equals the true signed distance computed
//!   here (polytopes from their faces, polygons, arcs, brute force over the
//!   pieces of a fractal, a curve sampled and refined) within 1e-3;
//! - bound: the sign agrees with an inside test written here, the value is
//!   1-Lipschitz on pairs of nearby points (so it never exceeds the
//!   distance to its own surface), and where a true distance or points of
//!   the surface are known, it never exceeds the distance to them;
//! - fractals: a bound as above, and symmetries of the set (a turn, a
//!   mirror, a period) leave the value unchanged;
//! - property: fields and outputs, by identities, ranges and definitions.

mod fields;
mod fractals;
mod outputs;
mod sdf2;
mod sdf3;

use crate::catalog::an::{self, V2, V3};
use crate::catalog::*;
use crate::common::*;
use ropkit::library::Library;
use ropkit::render::Gpu;

pub(crate) fn to32(p: V3) -> [f32; 3] {
    [p[0] as f32, p[1] as f32, p[2] as f32]
}

pub(crate) fn add3(a: V3, b: V3) -> V3 {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}

pub(crate) fn mul3(a: V3, s: f64) -> V3 {
    [a[0] * s, a[1] * s, a[2] * s]
}

pub(crate) fn norm3(a: V3) -> V3 {
    mul3(a, 1.0 / an::len3(a))
}

/// The faces of the convex hull of a set of points, as every triple of
/// corners whose plane has all the others on one side (a face with more than
/// three corners gets several overlapping triangles, which covers it).
pub(crate) fn hull_faces(v: &[V3]) -> Vec<[V3; 3]> {
    let mut faces = Vec::new();
    for i in 0..v.len() {
        for j in i + 1..v.len() {
            for k in j + 1..v.len() {
                let n = an::cross(an::sub3(v[j], v[i]), an::sub3(v[k], v[i]));
                if an::len3(n) < 1e-9 {
                    continue;
                }
                let side: Vec<f64> = v.iter().map(|u| an::dot3(an::sub3(*u, v[i]), n)).collect();
                let eps = 1e-9 * an::len3(n);
                if side.iter().all(|s| *s <= eps) || side.iter().all(|s| *s >= -eps) {
                    faces.push([v[i], v[j], v[k]]);
                }
            }
        }
    }
    faces
}

/// Distance from p to the polytope { x : n_i . x <= b_i } (unit normals):
/// inside, the smallest gap to a plane; outside, by Dykstra's alternating
/// projections, which converge to the nearest point.
pub(crate) fn halfspaces(p: V3, planes: &[(V3, f64)]) -> f64 {
    if planes.iter().all(|(n, b)| an::dot3(p, *n) <= *b) {
        return -planes
            .iter()
            .map(|(n, b)| b - an::dot3(p, *n))
            .fold(f64::MAX, f64::min);
    }
    let mut x = p;
    let mut y = vec![[0.0; 3]; planes.len()];
    for _ in 0..5000 {
        let before = x;
        for (i, (n, b)) in planes.iter().enumerate() {
            let z = add3(x, y[i]);
            let over = an::dot3(z, *n) - b;
            let xn = if over > 0.0 {
                an::sub3(z, mul3(*n, over))
            } else {
                z
            };
            y[i] = an::sub3(z, xn);
            x = xn;
        }
        if an::len3(an::sub3(x, before)) < 1e-14 {
            break;
        }
    }
    an::len3(an::sub3(p, x))
}

/// The smallest value of f on [lo, hi]: a fine scan, then golden-section
/// refinement around the best sample.
pub(crate) fn minimize(f: impl Fn(f64) -> f64, lo: f64, hi: f64, n: usize) -> f64 {
    let step = (hi - lo) / n as f64;
    let (mut best, mut bt) = (f64::MAX, lo);
    for i in 0..=n {
        let t = lo + step * i as f64;
        let v = f(t);
        if v < best {
            best = v;
            bt = t;
        }
    }
    let (mut a, mut b) = ((bt - step).max(lo), (bt + step).min(hi));
    let g = 0.618_033_988_749_895;
    for _ in 0..80 {
        let c = b - g * (b - a);
        let d = a + g * (b - a);
        if f(c) < f(d) {
            b = d;
        } else {
            a = c;
        }
    }
    best.min(f(0.5 * (a + b)))
}

/// Samples a node under its output and returns the first channel.
pub(crate) fn values(gpu: &Gpu, lib: &Library, nodes: &str, pts: &[[f32; 3]]) -> Vec<f64> {
    sample(gpu, lib, nodes, pts)
        .iter()
        .map(|v| v[0] as f64)
        .collect()
}

/// Every value equals the one at the image of its point under a symmetry.
pub(crate) fn expect_symmetric(
    what: &str,
    pts: &[[f32; 3]],
    base: &[f64],
    image: &[f64],
    tol: f64,
) {
    let bad: Vec<String> = pts
        .iter()
        .zip(base.iter().zip(image))
        .filter(|(_, (a, b))| !close(**a, **b, tol))
        .map(|(p, (a, b))| format!("  at {p:?}: {a} != {b}"))
        .collect();
    assert!(
        bad.is_empty(),
        "{what}: {} of {} points differ:\n{}",
        bad.len(),
        pts.len(),
        bad.iter().take(8).cloned().collect::<Vec<_>>().join("\n")
    );
}

/// 2D helpers: a point of the plane as a sample point.
pub(crate) fn pt2(p: V2) -> [f32; 3] {
    [p[0] as f32, p[1] as f32, 0.0]
}

/// Every ROP outside the filter and combine categories says which RayTK
/// operators it stands in for (possibly none) and what its distance
/// promises; every shape-making ROP promises something about distance, and
/// every field, colour and output promises nothing.
#[test]
fn rops_name_their_raytk_operators_and_distance_kinds() {
    use ropkit::library::DistanceKind;
    let lib = catalog_library();
    let mut problems = Vec::new();
    for def in lib.rops.values() {
        let cat = def.category.as_str();
        if ["filter", "combine", "probe"].contains(&cat) {
            continue;
        }
        let Some(kind) = def.distance else {
            problems.push(format!("{}: no distance kind", def.name));
            continue;
        };
        let shape = ["sdf", "sdf2d"].contains(&cat);
        let plain = [
            "field", "pattern", "function", "light", "camera", "output", "post",
        ]
        .contains(&cat);
        if shape
            && [DistanceKind::Keep, DistanceKind::KeepBound].contains(&kind)
            && def.inputs.is_empty()
        {
            problems.push(format!(
                "{}: keeps the distance of inputs it does not have",
                def.name
            ));
        }
        if plain && kind != DistanceKind::None {
            problems.push(format!(
                "{}: a {cat} ROP promises a distance ({})",
                def.name,
                kind.as_str()
            ));
        }
        if cat == "material" && kind != DistanceKind::Keep {
            problems.push(format!("{}: a material changes no distance", def.name));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    // Some names RayTK users search for, each found.
    for name in [
        "sphereSdf",
        "boxSdf",
        "tetrahedronSdf",
        "apollonianSdf",
        "sierpinskiTetrahedronSdf",
        "metaballField",
        "atmosphereField",
        "fieldRender",
        "functionGraphRender",
        "particleRender",
        "render2D",
        "basicMat",
    ] {
        assert!(
            lib.rops.values().any(|d| d.raytk.iter().any(|n| n == name)),
            "no ROP stands in for {name}"
        );
    }
}
