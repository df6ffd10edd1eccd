//! Crease vertices beyond their cells: after the quads are known, a vertex
//! whose QEF minimiser lies a little outside its cell moves there where that
//! folds nothing and meets no other vertex.
//!
//! Inside their cells, vertices of different cells are at least two insets
//! apart ([`super::extract::INSET`] on each side of the face between them).
//! A move beyond the cell gives that up, and two vertices may then want the
//! same point: two surfaces that touch (a box standing on a floor, the floor
//! on a grid plane) sample as a gap of zero width with a sheet on each side,
//! and both sheets' vertices want the plane between them. Two vertices on
//! one point are one point of the surface claimed by two separate patches,
//! which no welding can make manifold, so the move is refused instead:
//! every move keeps [`MIN_GAP`] from every other vertex, the least distance
//! the cells themselves guarantee.

use super::Mesh;
use super::extract::{INSET, cross, dot, sub, unit};
use rayon::prelude::*;
use std::collections::{HashMap, HashSet};

/// The least distance (in cells) between two vertices that a move keeps.
pub const MIN_GAP: f32 = 2.0 * INSET as f32;

/// A box of the lookup grid (one cell of the mesh grid wide).
type Key = [i64; 3];

/// Vertices near the places some vertex wants to move to, by box of the
/// lookup grid: every vertex within [`MIN_GAP`] of a wanted place is found.
struct Nearby {
    step: f32,
    boxes: HashMap<Key, Vec<u32>>,
}

impl Nearby {
    fn key(&self, p: [f32; 3]) -> Key {
        p.map(|x| (x / self.step).floor() as i64)
    }

    /// The boxes around each wanted place, then the vertices in them.
    fn around(positions: &[[f32; 3]], wanted: &[[f32; 3]], step: f32) -> Nearby {
        let mut near = Nearby {
            step,
            boxes: HashMap::new(),
        };
        let mut keys = HashSet::new();
        for p in wanted {
            let k = near.key(*p);
            for d in 0..27i64 {
                keys.insert([k[0] + d % 3 - 1, k[1] + (d / 3) % 3 - 1, k[2] + d / 9 - 1]);
            }
        }
        let found: Vec<(Key, u32)> = positions
            .par_iter()
            .enumerate()
            .filter_map(|(v, p)| {
                let k = near.key(*p);
                keys.contains(&k).then_some((k, v as u32))
            })
            .collect();
        for (k, v) in found {
            near.boxes.entry(k).or_default().push(v);
        }
        near
    }

    /// Whether a vertex other than `v` lies within `gap` of `p`.
    fn crowded(&self, positions: &[[f32; 3]], v: u32, p: [f32; 3], gap: f32) -> bool {
        let k = self.key(p);
        (0..27i64).any(|d| {
            let key = [k[0] + d % 3 - 1, k[1] + (d / 3) % 3 - 1, k[2] + d / 9 - 1];
            self.boxes.get(&key).is_some_and(|vs| {
                vs.iter().any(|&u| {
                    let e = sub(positions[u as usize], p);
                    u != v && dot(e, e) < gap * gap
                })
            })
        })
    }

    fn moved(&mut self, v: u32, from: [f32; 3], to: [f32; 3]) {
        if let Some(vs) = self.boxes.get_mut(&self.key(from)) {
            vs.retain(|&u| u != v);
        }
        let k = self.key(to);
        self.boxes.entry(k).or_default().push(v);
    }
}

/// Moves each vertex to its preferred place beyond its cell (cells of side
/// `step`) where none of its triangles turns by more than about 45 degrees
/// or shrinks to a sliver, and no other vertex is within [`MIN_GAP`] cells:
/// crease vertices land on creases that only clip their cells, without
/// folding the mesh or landing on another vertex.
pub fn relax(mesh: &mut Mesh, preferred: &[(u32, [f32; 3])], step: f32) {
    if preferred.is_empty() {
        return;
    }
    let mut slot = vec![u32::MAX; mesh.positions.len()];
    for (k, (v, _)) in preferred.iter().enumerate() {
        slot[*v as usize] = k as u32;
    }
    let mut around: Vec<Vec<u32>> = vec![Vec::new(); preferred.len()];
    for (t, tri) in mesh.triangles.iter().enumerate() {
        for v in tri {
            let k = slot[*v as usize];
            if k != u32::MAX {
                around[k as usize].push(t as u32);
            }
        }
    }
    let wanted: Vec<[f32; 3]> = preferred.iter().map(|(_, p)| *p).collect();
    let mut nearby = Nearby::around(&mesh.positions, &wanted, step);
    let gap = MIN_GAP * step;
    let normal = |p: [[f32; 3]; 3]| cross(sub(p[1], p[0]), sub(p[2], p[0]));
    for (k, (v, to)) in preferred.iter().enumerate() {
        let v = *v;
        let folds = !around[k].iter().all(|&t| {
            let tri = mesh.triangles[t as usize];
            let before = tri.map(|i| mesh.positions[i as usize]);
            let after = tri.map(|i| {
                if i == v {
                    *to
                } else {
                    mesh.positions[i as usize]
                }
            });
            let (n0, n1) = (normal(before), normal(after));
            let longest = (0..3)
                .map(|j| {
                    let e = sub(after[(j + 1) % 3], after[j]);
                    dot(e, e)
                })
                .fold(0.0f32, f32::max);
            match (unit(n0), unit(n1)) {
                (Some(a), Some(b)) => dot(a, b) > 0.7 && dot(n1, n1).sqrt() > 0.05 * longest,
                _ => false,
            }
        });
        if folds || nearby.crowded(&mesh.positions, v, *to, gap) {
            continue;
        }
        let from = mesh.positions[v as usize];
        mesh.positions[v as usize] = *to;
        nearby.moved(v, from, *to);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A square sheet of two triangles around the origin at height `y`,
    /// facing `up` or down.
    fn sheet(mesh: &mut Mesh, y: f32, up: bool) {
        let first = mesh.positions.len() as u32;
        for (x, z) in [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)] {
            mesh.positions.push([x, y, z]);
        }
        let (a, b, c, d) = (first, first + 1, first + 2, first + 3);
        if up {
            mesh.triangles.extend([[a, c, b], [a, d, c]]);
        } else {
            mesh.triangles.extend([[a, b, c], [a, c, d]]);
        }
    }

    #[test]
    fn two_sheets_never_meet_at_one_point() {
        // Two sheets a little apart whose corner vertices both prefer the
        // plane between them (a floor and a box standing on it).
        let step = 0.25;
        let mut mesh = Mesh::default();
        sheet(&mut mesh, -0.001 * step, true);
        sheet(&mut mesh, 0.001 * step, false);
        let preferred: Vec<(u32, [f32; 3])> = (0..8)
            .map(|v| {
                let p = mesh.positions[v];
                (v as u32, [p[0], 0.0, p[2]])
            })
            .collect();
        relax(&mut mesh, &preferred, step);
        for i in 0..8 {
            for j in 0..i {
                let e = sub(mesh.positions[i], mesh.positions[j]);
                assert!(
                    dot(e, e).sqrt() >= MIN_GAP * step * 0.999,
                    "vertices {i} and {j} at {:?} and {:?}",
                    mesh.positions[i],
                    mesh.positions[j]
                );
            }
        }
    }

    #[test]
    fn a_lone_vertex_reaches_its_crease() {
        // With nothing in the way, the move happens: the same sheet alone.
        let step = 0.25;
        let mut mesh = Mesh::default();
        sheet(&mut mesh, -0.001 * step, true);
        let preferred: Vec<(u32, [f32; 3])> = (0..4)
            .map(|v| {
                let p = mesh.positions[v];
                (v as u32, [p[0], 0.0, p[2]])
            })
            .collect();
        relax(&mut mesh, &preferred, step);
        assert!(mesh.positions.iter().all(|p| p[1] == 0.0), "{mesh:?}");
    }
}
