//! The modes, parameters, variables and inputs added to the sdf ROPs so
//! that they do what the RayTK operators they stand in for do
//! (docs/raytk-operators.yaml, `parity: full`). Each check samples the GPU
//! and compares with a reference written here: the mode's formula in Rust,
//! an exact distance from the shape's geometry, or a symmetry between two
//! settings of the same ROP. Each says which in a comment.

use crate::catalog::an::{self, V2, V3};
use crate::catalog::*;
use crate::common::*;

// ---------------------------------------------------------------------------
// Helpers

/// The triangles of a frustum standing on y = 0: a base of half sizes
/// `a` (x, z), a top of half sizes `b` at y = `h`.
fn frustum_faces(a: V2, b: V2, h: f64) -> Vec<[V3; 3]> {
    let bot = [
        [-a[0], 0.0, -a[1]],
        [a[0], 0.0, -a[1]],
        [a[0], 0.0, a[1]],
        [-a[0], 0.0, a[1]],
    ];
    let top = [
        [-b[0], h, -b[1]],
        [b[0], h, -b[1]],
        [b[0], h, b[1]],
        [-b[0], h, b[1]],
    ];
    let mut quads = vec![bot, top];
    for i in 0..4 {
        let j = (i + 1) % 4;
        quads.push([bot[i], bot[j], top[j], top[i]]);
    }
    quads
        .iter()
        .flat_map(|q| [[q[0], q[1], q[2]], [q[0], q[2], q[3]]])
        .collect()
}

// ---------------------------------------------------------------------------
// Primitives

#[test]
fn sdf_primitives_have_their_raytk_modes() {
    let Some(gpu) = gpu("sdf_primitives_have_their_raytk_modes") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(5101, 150, -1.5, 1.5);

    // exact distance: truncatedPyramid with a rectangular footprint, moved,
    // and turned onto x (the frame zxy), against the convex solid.
    let node = "{ rop: truncatedPyramid, params: { Base: 1.4, Top: 0.4, BaseDepth: 0.8, TopDepth: 0.6, Height: 0.9, Footprint: rectangle, Translate: [0.1, -0.2, 0.05] } }";
    let out = sample(&gpu, &lib, &sdf3(node, ""), &pts);
    let faces = frustum_faces([0.7, 0.4], [0.2, 0.3], 0.9);
    expect_exact("truncatedPyramid rectangle", &pts, &out, |p| {
        let q = v3(p);
        an::convex([q[0] - 0.1, q[1] + 0.2, q[2] - 0.05], &faces)
    });
    let node = "{ rop: truncatedPyramid, params: { Base: 1.4, Top: 0.4, BaseDepth: 0.8, TopDepth: 0.6, Height: 0.9, Footprint: rectangle, Axis: x } }";
    let out = sample(&gpu, &lib, &sdf3(node, ""), &pts);
    expect_exact("truncatedPyramid Axis x", &pts, &out, |p| {
        let q = v3(p);
        an::convex([q[2], q[0], q[1]], &faces)
    });
    // exact distance: the top's size driven by the height variable
    // (normoffset) plus 0.2, at each point the frustum of that top.
    let extra = "  /v: { rop: variableReference, params: { Name: normoffset, Type: float } }\n  /m: { rop: math, params: { Operation: add, Value: 0.2 }, inputs: [/v] }\n";
    let node =
        "{ rop: truncatedPyramid, params: { Base: 1.4, Height: 0.9, Axis: z }, inputs: { Top: /m } }";
    let out = sample(&gpu, &lib, &sdf3(node, extra), &pts);
    expect_exact("truncatedPyramid normoffset", &pts, &out, |p| {
        let q = v3(p);
        let t = 0.5 * (0.2 + (q[2] / 0.9).clamp(0.0, 1.0));
        an::convex([q[1], q[2], q[0]], &frustum_faces([0.7, 0.7], [t, t], 0.9))
    });
}
