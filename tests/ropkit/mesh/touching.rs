//! Surfaces that touch: a box standing on another with its base exactly on
//! a grid plane samples as a gap of zero width with a sheet on each side.
//! Both sheets' vertices want the plane between them; none may land on
//! another vertex, and the mesh stays closed and oriented.

use super::*;

/// The least distance between two vertices, by a grid of boxes `cell` wide
/// (every pair closer than `cell` is compared).
pub(super) fn nearest_pair(m: &Mesh, cell: f32) -> f64 {
    let key = |p: [f32; 3]| p.map(|x| (x / cell).floor() as i64);
    let mut boxes: HashMap<[i64; 3], Vec<usize>> = HashMap::new();
    for (i, p) in m.positions.iter().enumerate() {
        boxes.entry(key(*p)).or_default().push(i);
    }
    let mut best = f64::INFINITY;
    for (i, p) in m.positions.iter().enumerate() {
        let k = key(*p);
        for d in 0..27i64 {
            let nb = [k[0] + d % 3 - 1, k[1] + (d / 3) % 3 - 1, k[2] + d / 9 - 1];
            for &j in boxes.get(&nb).into_iter().flatten() {
                if j > i {
                    let q = m.positions[j];
                    let d2: f64 = (0..3).map(|a| ((p[a] - q[a]) as f64).powi(2)).sum();
                    best = best.min(d2.sqrt());
                }
            }
        }
    }
    best
}

#[test]
fn mesh_touching_boxes_keep_their_vertices_apart() {
    // A slab y in [-0.5, 0] and a block y in [0, 0.5] on it; the bounds put
    // y = 0 on a grid plane (cells of 1/8), where the union's value is 0.
    let yaml = "output: /render\nnodes:\n  /a: { rop: box, params: { Size: [1.0, 0.5, 1.0], Translate: [0, -0.25, 0] } }\n  /b: { rop: box, params: { Size: [0.6, 0.5, 0.6], Translate: [0.1, 0.25, 0.05] } }\n  /u: { rop: combine, params: { Mode: union }, inputs: [/a, /b] }\n  /render: { rop: raymarchRender3D, inputs: { scene: /u } }\n";
    let bounds = Aabb {
        min: [-1.0; 3],
        max: [1.0; 3],
    };
    let Some((m, info, net, lib, mut r)) = mesh("mesh_touching", yaml, 16, Some(bounds)) else {
        return;
    };
    assert_eq!(info.step, 0.125);
    assert_sound(&m, info.step, "touching boxes");
    assert_closed_oriented(&m, "touching boxes");
    // As far apart as vertices of neighbouring cells are (an inset of a
    // thousandth of a cell on each side of their face).
    let gap = nearest_pair(&m, info.step) / info.step as f64;
    assert!(gap >= 1e-3, "two vertices {gap} cells apart");
    // The two boxes' volumes (the gap between them has no width to speak of).
    let expected = 1.0 * 0.5 * 1.0 + 0.6 * 0.5 * 0.6;
    let v = signed_volume(&m);
    assert!(within(v, expected, 0.01), "volume {v}, expected {expected}");
    assert_near_surface(&m, &info, &net, &lib, &mut r, "touching boxes");
}
