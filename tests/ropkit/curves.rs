//! The curve ROPs and the distance functions they share
//! (`shaders/curves.glsl`), sampled on the GPU at hundreds of points and
//! compared with curves sampled densely here (`reference.rs`): exact pieces
//! agree with the brute-force distance; bounds never exceed it and fall
//! short by no more than they document.

mod lists;
mod reference;
mod segments;

use crate::catalog::an::V3;
use crate::catalog::*;
use crate::common::*;
use ropkit::library::Library;
use ropkit::render::Gpu;

/// Tolerance of a float32 distance against the f64 reference.
pub(crate) const EPS: f64 = 2e-4;

/// Samples the first channel of a network's output input at points.
pub(crate) fn distances(gpu: &Gpu, lib: &Library, nodes: &str, pts: &[[f32; 3]]) -> Vec<f64> {
    sample(gpu, lib, nodes, pts)
        .iter()
        .map(|v| v[0] as f64)
        .collect()
}

/// Each value lies within [want - below - EPS, want + EPS]: exact when
/// `below` is 0, a bound that falls short by at most `below` otherwise.
pub(crate) fn expect_between(
    what: &str,
    pts: &[[f32; 3]],
    got: &[f64],
    below: f64,
    want: impl Fn(V3) -> f64,
) {
    let mut bad = Vec::new();
    for (p, g) in pts.iter().zip(got) {
        let w = want(v3(p));
        if *g > w + EPS || *g < w - below - EPS {
            bad.push(format!(
                "  at {p:?}: got {g}, want {w} (at most {below} less)"
            ));
        }
    }
    assert!(
        bad.is_empty(),
        "{what}: {} of {} points out of range:\n{}",
        bad.len(),
        pts.len(),
        bad.iter().take(8).cloned().collect::<Vec<_>>().join("\n")
    );
}

/// A GLSL vec3 literal.
pub(crate) fn glsl3(v: V3) -> String {
    format!("vec3({:.6}, {:.6}, {:.6})", v[0], v[1], v[2])
}

/// A 2D point lifted to the z = 0 plane.
pub(crate) fn flat(p: [f64; 2]) -> V3 {
    [p[0], p[1], 0.0]
}
