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

mod fields;
mod patterns;
mod shapes2d;
mod shapes3d;

pub(crate) const S3: f64 = 0.866_025_403_784_438_6;

pub(crate) fn probe_values(
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
pub(crate) fn expect_vectors(
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
