//! Adaptive output (`--tolerance`): edge collapses ordered by the quadric
//! error metric (the sum of squared distances to the tangent planes of the
//! original triangles around an edge), taken only while the merged vertex
//! stays within the tolerance of every one of those planes, and only where
//! the collapse keeps the mesh manifold and every triangle facing the way
//! it did. Flat regions merge into large triangles; curved ones keep theirs.
//!
//! Each plane enters a quadric with weight 1, so the sum bounds each term:
//! an error of at most tolerance² puts the vertex within the tolerance of
//! every plane it carries. Vertices on the mesh's boundary (where the
//! bounds cut the surface) stay where they are, so an open mesh stays open
//! in the same places and a closed one stays closed.

use super::{Mesh, MeshError};
use rayon::prelude::*;
use std::cmp::Ordering;
use std::collections::BinaryHeap;
use std::time::Instant;

/// A symmetric 4x4 quadric: xx xy xz xw yy yz yw zz zw ww.
#[derive(Clone, Copy, Default)]
struct Quadric([f64; 10]);

impl Quadric {
    fn plane(n: [f64; 3], d: f64) -> Quadric {
        let [a, b, c] = n;
        Quadric([
            a * a,
            a * b,
            a * c,
            a * d,
            b * b,
            b * c,
            b * d,
            c * c,
            c * d,
            d * d,
        ])
    }
    fn add(&self, o: &Quadric) -> Quadric {
        let mut q = self.0;
        for (x, y) in q.iter_mut().zip(o.0) {
            *x += y;
        }
        Quadric(q)
    }
    fn error(&self, p: [f64; 3]) -> f64 {
        let q = &self.0;
        let [x, y, z] = p;
        q[0] * x * x
            + 2.0 * q[1] * x * y
            + 2.0 * q[2] * x * z
            + 2.0 * q[3] * x
            + q[4] * y * y
            + 2.0 * q[5] * y * z
            + 2.0 * q[6] * y
            + q[7] * z * z
            + 2.0 * q[8] * z
            + q[9]
    }
    /// The point of least error, when the quadric pins one down.
    fn minimum(&self) -> Option<[f64; 3]> {
        let q = &self.0;
        let m = [[q[0], q[1], q[2]], [q[1], q[4], q[5]], [q[2], q[5], q[7]]];
        let b = [-q[3], -q[6], -q[8]];
        let det = m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
            - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
            + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
        let scale = q[0] + q[4] + q[7];
        if det.abs() <= 1e-9 * scale.powi(3) || !det.is_finite() {
            return None;
        }
        let col = |k: usize| {
            let mut mk = m;
            for r in 0..3 {
                mk[r][k] = b[r];
            }
            mk[0][0] * (mk[1][1] * mk[2][2] - mk[1][2] * mk[2][1])
                - mk[0][1] * (mk[1][0] * mk[2][2] - mk[1][2] * mk[2][0])
                + mk[0][2] * (mk[1][0] * mk[2][1] - mk[1][1] * mk[2][0])
        };
        Some([col(0) / det, col(1) / det, col(2) / det])
    }
}

/// A candidate collapse in the queue (least error first).
struct Candidate {
    cost: f64,
    a: u32,
    b: u32,
    stamps: (u32, u32),
}

impl PartialEq for Candidate {
    fn eq(&self, o: &Self) -> bool {
        self.cost == o.cost
    }
}
impl Eq for Candidate {}
impl PartialOrd for Candidate {
    fn partial_cmp(&self, o: &Self) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}
impl Ord for Candidate {
    fn cmp(&self, o: &Self) -> Ordering {
        o.cost.total_cmp(&self.cost)
    }
}

struct State {
    pos: Vec<[f64; 3]>,
    quadric: Vec<Quadric>,
    tris: Vec<[u32; 3]>,
    tri_alive: Vec<bool>,
    /// Triangles around each vertex (dead ones removed as they die).
    around: Vec<Vec<u32>>,
    locked: Vec<bool>,
    alive: Vec<bool>,
    stamp: Vec<u32>,
    /// Largest squared distance allowed.
    limit: f64,
}

fn sub(a: [f64; 3], b: [f64; 3]) -> [f64; 3] {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}
fn cross(a: [f64; 3], b: [f64; 3]) -> [f64; 3] {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}
fn dot(a: [f64; 3], b: [f64; 3]) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}
fn normalise(v: [f64; 3]) -> Option<[f64; 3]> {
    let l = dot(v, v).sqrt();
    (l > 0.0 && l.is_finite()).then(|| v.map(|c| c / l))
}

impl State {
    fn neighbours(&self, v: u32) -> Vec<u32> {
        let mut out: Vec<u32> = self.around[v as usize]
            .iter()
            .flat_map(|&t| self.tris[t as usize])
            .filter(|&w| w != v)
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Where to put the merged vertex and its error, or `None` when no
    /// place is within the tolerance.
    fn target(&self, a: u32, b: u32) -> Option<([f64; 3], f64)> {
        let q = self.quadric[a as usize].add(&self.quadric[b as usize]);
        let (pa, pb) = (self.pos[a as usize], self.pos[b as usize]);
        let mid = [0, 1, 2].map(|k| 0.5 * (pa[k] + pb[k]));
        let mut options = vec![mid, pa, pb];
        if let Some(m) = q.minimum() {
            // Only near the edge: far minima come from nearly parallel planes.
            let len = dot(sub(pa, pb), sub(pa, pb)).sqrt();
            if dot(sub(m, mid), sub(m, mid)).sqrt() <= len {
                options.insert(0, m);
            }
        }
        options
            .into_iter()
            .map(|p| (p, q.error(p).max(0.0)))
            .filter(|(_, e)| *e <= self.limit)
            .min_by(|x, y| x.1.total_cmp(&y.1))
    }

    /// Whether collapsing `b` into `a` at `p` keeps the mesh manifold and no
    /// triangle turns over or collapses.
    fn allowed(&self, a: u32, b: u32, p: [f64; 3]) -> bool {
        if self.locked[a as usize] || self.locked[b as usize] {
            return false;
        }
        // The link condition: a and b share exactly the two vertices
        // opposite their edge.
        let (na, nb) = (self.neighbours(a), self.neighbours(b));
        let shared: Vec<u32> = na
            .iter()
            .filter(|v| nb.binary_search(v).is_ok())
            .copied()
            .collect();
        let opposite: Vec<u32> = self.around[a as usize]
            .iter()
            .filter(|&&t| self.tris[t as usize].contains(&b))
            .map(|&t| {
                let tri = self.tris[t as usize];
                tri.into_iter().find(|&v| v != a && v != b).unwrap_or(a)
            })
            .collect();
        if opposite.len() != 2 || shared.len() != 2 || !opposite.iter().all(|v| shared.contains(v))
        {
            return false;
        }
        // Each opposite vertex keeps at least three neighbours (no flat pair).
        if opposite.iter().any(|&v| self.around[v as usize].len() <= 3) {
            return false;
        }
        for &v in &[a, b] {
            for &t in &self.around[v as usize] {
                let tri = self.tris[t as usize];
                if tri.contains(&a) && tri.contains(&b) {
                    continue;
                }
                let old = tri.map(|i| self.pos[i as usize]);
                let new = tri.map(|i| {
                    if i == a || i == b {
                        p
                    } else {
                        self.pos[i as usize]
                    }
                });
                let n_old = cross(sub(old[1], old[0]), sub(old[2], old[0]));
                let n_new = cross(sub(new[1], new[0]), sub(new[2], new[0]));
                let (Some(u), Some(w)) = (normalise(n_old), normalise(n_new)) else {
                    return false;
                };
                // No turning over, and no sliver flatter than about 1/50 of its longest side.
                if dot(u, w) < 0.5 {
                    return false;
                }
                let longest = (0..3)
                    .map(|k| {
                        let e = sub(new[(k + 1) % 3], new[k]);
                        dot(e, e)
                    })
                    .fold(0.0f64, f64::max);
                if dot(n_new, n_new).sqrt() < 0.02 * longest {
                    return false;
                }
            }
        }
        true
    }

    fn collapse(&mut self, a: u32, b: u32, p: [f64; 3]) {
        let (ai, bi) = (a as usize, b as usize);
        self.pos[ai] = p;
        self.quadric[ai] = self.quadric[ai].add(&self.quadric[bi]);
        let moved = std::mem::take(&mut self.around[bi]);
        for t in moved {
            let tri = &mut self.tris[t as usize];
            if tri.contains(&a) {
                self.tri_alive[t as usize] = false;
                for v in *tri {
                    if v != b {
                        self.around[v as usize].retain(|&x| x != t);
                    }
                }
            } else {
                for v in tri.iter_mut() {
                    if *v == b {
                        *v = a;
                    }
                }
                self.around[ai].push(t);
            }
        }
        self.alive[bi] = false;
        self.stamp[ai] += 1;
        self.stamp[bi] += 1;
    }

    fn push_edges(&self, a: u32, heap: &mut BinaryHeap<Candidate>) {
        for c in self.neighbours(a) {
            if let Some((_, cost)) = self.target(a, c) {
                heap.push(Candidate {
                    cost,
                    a,
                    b: c,
                    stamps: (self.stamp[a as usize], self.stamp[c as usize]),
                });
            }
        }
    }
}

/// Simplifies `mesh` in place; normals and colours of merged vertices are
/// those of the vertex kept (the caller may evaluate them again).
pub fn simplify(
    mesh: &mut Mesh,
    tolerance: f32,
    deadline: Option<(Instant, f64)>,
) -> Result<(), MeshError> {
    let nv = mesh.positions.len();
    let pos: Vec<[f64; 3]> = mesh.positions.iter().map(|p| p.map(|c| c as f64)).collect();
    // Each triangle's plane goes to its three corners.
    let planes: Vec<Option<Quadric>> = mesh
        .triangles
        .par_iter()
        .map(|t| {
            let p = t.map(|i| pos[i as usize]);
            let n = normalise(cross(sub(p[1], p[0]), sub(p[2], p[0])))?;
            Some(Quadric::plane(n, -dot(n, p[0])))
        })
        .collect();
    let mut quadric = vec![Quadric::default(); nv];
    let mut around: Vec<Vec<u32>> = vec![Vec::new(); nv];
    for (t, tri) in mesh.triangles.iter().enumerate() {
        for &v in tri {
            around[v as usize].push(t as u32);
            if let Some(q) = &planes[t] {
                quadric[v as usize] = quadric[v as usize].add(q);
            }
        }
    }
    // Vertices on an edge that is not shared by exactly two triangles stay.
    let mut edge_count: std::collections::HashMap<(u32, u32), u32> = Default::default();
    for tri in &mesh.triangles {
        for k in 0..3 {
            let (a, b) = (tri[k], tri[(k + 1) % 3]);
            *edge_count.entry((a.min(b), a.max(b))).or_default() += 1;
        }
    }
    let mut locked = vec![false; nv];
    for ((a, b), n) in &edge_count {
        if *n != 2 {
            locked[*a as usize] = true;
            locked[*b as usize] = true;
        }
    }
    let tol = tolerance as f64;
    let mut s = State {
        pos,
        quadric,
        tri_alive: vec![true; mesh.triangles.len()],
        tris: std::mem::take(&mut mesh.triangles),
        around,
        locked,
        alive: vec![true; nv],
        stamp: vec![0; nv],
        limit: tol * tol,
    };
    let mut heap = BinaryHeap::new();
    for &(a, b) in edge_count.keys() {
        if let Some((_, cost)) = s.target(a, b) {
            heap.push(Candidate {
                cost,
                a,
                b,
                stamps: (0, 0),
            });
        }
    }
    drop(edge_count);
    let mut steps = 0u64;
    while let Some(c) = heap.pop() {
        steps += 1;
        if steps.is_multiple_of(65536)
            && let Some((deadline, secs)) = deadline
            && Instant::now() > deadline
        {
            return Err(MeshError::Timeout(secs));
        }
        let (a, b) = (c.a, c.b);
        if !s.alive[a as usize]
            || !s.alive[b as usize]
            || (s.stamp[a as usize], s.stamp[b as usize]) != c.stamps
        {
            continue;
        }
        let Some((p, _)) = s.target(a, b) else {
            continue;
        };
        if !s.allowed(a, b, p) {
            continue;
        }
        s.collapse(a, b, p);
        s.push_edges(a, &mut heap);
    }
    // Compact: live vertices in their old order, live triangles.
    let mut remap = vec![u32::MAX; nv];
    let mut out = Mesh::default();
    for (v, slot) in remap.iter_mut().enumerate() {
        if s.alive[v] && !s.around[v].is_empty() {
            *slot = out.positions.len() as u32;
            out.positions.push(s.pos[v].map(|c| c as f32));
            out.normals.push(mesh.normals[v]);
            out.colors.push(mesh.colors[v]);
        }
    }
    out.triangles = s
        .tris
        .iter()
        .zip(&s.tri_alive)
        .filter(|(_, a)| **a)
        .map(|(t, _)| t.map(|i| remap[i as usize]))
        .collect();
    *mesh = out;
    Ok(())
}
