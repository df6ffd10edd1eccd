//! Surface extraction: dual contouring with one vertex per surface patch of
//! a cell.
//!
//! Each cell whose corners change sign gets its contour polygons by walking
//! its faces, as marching cubes would: on a face with two sign changes they
//! pair up; on an ambiguous face (four changes) the asymptotic decider, the
//! sign of the bilinear saddle, pairs them. The decision depends only on the
//! face's four values, so both cells sharing the face agree. Each polygon (a
//! cycle of crossed edges) becomes one vertex, placed by the QEF of its
//! crossings and their SDF normals, so box edges and corners stay sharp.
//! Each crossed grid edge then gives one quad joining the vertices of the
//! four cells around it (the vertex of the polygon holding that edge in each
//! cell), wound so that its normal points from inside to outside. Because
//! every mesh edge between two cells comes from exactly one pair of crossings
//! on their shared face, each appears in exactly two quads with opposite
//! directions: the mesh is closed and consistently oriented wherever the
//! surface stays inside the grid.
//!
//! Blocks are processed in z, y, x order; a quad is made by the block that
//! holds its edge's owner cell, when the cells it joins (in that block and
//! the ones below it) are known, so only two layers of blocks are kept.

use super::grid::Evaluator;
use super::{Mesh, MeshError, qef};
use std::collections::{BTreeMap, HashMap};
use std::sync::OnceLock;

/// The corner `c` (bits: x, y, z) of a cell as offsets.
fn corner(c: usize) -> [usize; 3] {
    [c & 1, (c >> 1) & 1, (c >> 2) & 1]
}

/// The two axes other than `d`, in increasing order.
fn others(d: usize) -> (usize, usize) {
    match d {
        0 => (1, 2),
        1 => (0, 2),
        _ => (0, 1),
    }
}

/// Edge `e = 4 d + k` of a cell runs along axis `d` from corner
/// `edge_corners(e).0`; `k` holds the cell coordinates on the other two axes.
fn edge_id(d: usize, c: usize) -> usize {
    let (o1, o2) = others(d);
    let o = corner(c);
    d * 4 + o[o1] + 2 * o[o2]
}

fn edge_corners(e: usize) -> (usize, usize) {
    let d = e / 4;
    let (o1, o2) = others(d);
    let c0 = ((e & 1) << o1) | (((e >> 1) & 1) << o2);
    (c0, c0 | (1 << d))
}

/// Face `f = 2 a + s` (axis a, side s): its corners in cyclic order over its
/// two axes p < q, (0,0) (1,0) (1,1) (0,1), and the edge after each corner.
fn face_corners(f: usize) -> [usize; 4] {
    let (a, s) = (f / 2, f % 2);
    let (p, q) = others(a);
    [(0, 0), (1, 0), (1, 1), (0, 1)].map(|(u, v)| (s << a) | (u << p) | (v << q))
}

fn face_edges(f: usize) -> [usize; 4] {
    let c = face_corners(f);
    let (p, q) = others(f / 2);
    [
        edge_id(p, c[0]),
        edge_id(q, c[1]),
        edge_id(p, c[3]),
        edge_id(q, c[0]),
    ]
}

/// The contour of a cell: for each edge, the polygon it belongs to (2 bits
/// each), and how many polygons there are.
#[derive(Clone, Copy, Default)]
struct Contour {
    cycles: u32,
    count: u8,
}

impl Contour {
    fn cycle(&self, e: usize) -> u32 {
        (self.cycles >> (2 * e)) & 3
    }
}

/// Contours for each corner sign mask (bit set: inside) and each choice of
/// the six faces' saddle signs (bit set: the saddle is inside).
fn contour_table() -> &'static [Contour] {
    static TABLE: OnceLock<Vec<Contour>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = vec![Contour::default(); 256 * 64];
        for mask in 1..255usize {
            for saddles in 0..64usize {
                table[mask * 64 + saddles] = contour_of(mask, saddles);
            }
        }
        table
    })
}

fn contour_of(mask: usize, saddles: usize) -> Contour {
    let inside = |c: usize| mask & (1 << c) != 0;
    let crossed = |e: usize| {
        let (a, b) = edge_corners(e);
        inside(a) != inside(b)
    };
    // Each crossed edge lies on two faces and is paired with one edge on each.
    let mut links: [[usize; 2]; 12] = [[usize::MAX; 2]; 12];
    let mut link = |a: usize, b: usize| {
        for (x, y) in [(a, b), (b, a)] {
            let slot = if links[x][0] == usize::MAX { 0 } else { 1 };
            links[x][slot] = y;
        }
    };
    for f in 0..6 {
        let c = face_corners(f);
        let e = face_edges(f);
        let hits: Vec<usize> = (0..4).filter(|&j| crossed(e[j])).collect();
        match hits.len() {
            2 => link(e[hits[0]], e[hits[1]]),
            4 => {
                // Corners whose side differs from the saddle's are cut off on
                // their own: pair the two edges around each of them.
                let saddle_inside = saddles & (1 << f) != 0;
                for j in 0..4 {
                    if inside(c[j]) != saddle_inside {
                        link(e[(j + 3) % 4], e[j]);
                    }
                }
            }
            _ => {}
        }
    }
    let mut out = Contour::default();
    let mut seen = [false; 12];
    for start in 0..12 {
        if seen[start] || !crossed(start) {
            continue;
        }
        let id = out.count as u32;
        let (mut prev, mut cur) = (usize::MAX, start);
        loop {
            seen[cur] = true;
            out.cycles |= id << (2 * cur);
            let next = if links[cur][0] != prev {
                links[cur][0]
            } else {
                links[cur][1]
            };
            prev = cur;
            cur = next;
            if cur == start || cur == usize::MAX || seen[cur] {
                break;
            }
        }
        out.count += 1;
    }
    out
}

/// A cell's corner signs and the asymptotic decider's verdict on its faces.
struct CellSigns {
    /// Bit c set: corner c is inside.
    mask: usize,
    /// Bit f set: face f is ambiguous and its saddle is inside.
    saddles: usize,
    /// Bit f set: face f is ambiguous.
    ambiguous: usize,
}

impl CellSigns {
    /// The cell whose lower corner is sample `l0` of a block lattice `n` wide;
    /// `None` when every corner is on one side.
    fn of(v: &[f32], l0: usize, n: usize) -> Option<CellSigns> {
        let at = |c: usize| {
            let o = corner(c);
            v[l0 + o[0] + n * (o[1] + n * o[2])]
        };
        let mut mask = 0usize;
        for c in 0..8 {
            if at(c) < 0.0 {
                mask |= 1 << c;
            }
        }
        if mask == 0 || mask == 255 {
            return None;
        }
        let (mut saddles, mut ambiguous) = (0usize, 0usize);
        for f in 0..6 {
            let c = face_corners(f);
            let ins = c.map(|k| mask & (1 << k) != 0);
            if ins[0] == ins[2] && ins[1] == ins[3] && ins[0] != ins[1] {
                ambiguous |= 1 << f;
                if saddle_inside(c.map(at)) {
                    saddles |= 1 << f;
                }
            }
        }
        Some(CellSigns {
            mask,
            saddles,
            ambiguous,
        })
    }

    /// Whether one polygon of the contour crosses face `f` twice (all four
    /// of its crossed edges in one polygon).
    fn crosses_twice(&self, table: &[Contour], f: usize) -> bool {
        let contour = table[self.mask * 64 + self.saddles];
        let e = face_edges(f);
        (1..4).all(|j| contour.cycle(e[j]) == contour.cycle(e[0]))
    }
}

/// Ambiguous faces whose decider verdict must be reversed: where the cells
/// on both sides would each have one polygon crossing the face twice, the
/// two would share a mesh edge four times over (a tunnel thinner than a
/// cell). Reversing the verdict there splits both polygons in two and keeps
/// the mesh manifold. Both cells reach the same answer from the same samples.
fn flips(v: &[f32], l0: usize, n: usize, cell: &CellSigns, table: &[Contour]) -> usize {
    let mut out = 0;
    for f in 0..6 {
        if cell.ambiguous & (1 << f) == 0 || !cell.crosses_twice(table, f) {
            continue;
        }
        let (a, side) = (f / 2, f % 2);
        let stride = [1, n, n * n][a];
        let other = if side == 1 { l0 + stride } else { l0 - stride };
        if let Some(nb) = CellSigns::of(v, other, n)
            && nb.crosses_twice(table, 2 * a + (1 - side))
        {
            out |= 1 << f;
        }
    }
    out
}

/// Whether the bilinear saddle of a face with corner values `f` (in cyclic
/// order) is inside. Only asked of ambiguous faces, where the denominator
/// cannot vanish (two corners are negative, two are not).
fn saddle_inside(f: [f32; 4]) -> bool {
    let f = f.map(|v| v as f64);
    let num = f[0] * f[2] - f[1] * f[3];
    let den = f[0] + f[2] - f[1] - f[3];
    num != 0.0 && (num < 0.0) != (den < 0.0)
}

/// The grid: `cells` cubes of side `step` from `origin`, in blocks of `block` cells.
#[derive(Debug, Clone, Copy)]
pub struct Grid {
    pub origin: [f32; 3],
    pub step: f32,
    pub cells: [u32; 3],
    pub block: u32,
}

impl Grid {
    fn point(&self, g: [u32; 3]) -> [f32; 3] {
        [0, 1, 2].map(|a| self.origin[a] + g[a] as f32 * self.step)
    }
}

/// What extraction counted besides the mesh.
#[derive(Debug, Clone, Copy, Default)]
pub struct ExtractStats {
    /// Crossed grid edges on the grid's boundary: the surface leaves the bounds there.
    pub boundary_crossings: u64,
    /// Quads that could not be made because a cell they need was skipped
    /// (an SDF that overestimates distances).
    pub missing_quads: u64,
    /// Vertices whose gradient vanished and that took their faces' normal.
    pub normal_fallbacks: u64,
}

/// A surface cell: its first vertex and the polygon of each edge.
#[derive(Clone, Copy)]
struct CellRec {
    first: u32,
    contour: Contour,
}

/// One block's share of a batch.
struct BlockWork {
    coord: [u32; 3],
    /// Surface cells: local index of the lower corner and contour.
    cells: Vec<(u32, Contour)>,
    /// Crossed edges: local lattice index * 3 + axis → index into the batch's crossings.
    edges: Vec<(u32, u32)>,
}

/// Runs extraction over the active blocks. `progress(done, total)` is
/// called after each batch; `max_triangles` stops a run that grows too big.
pub fn extract(
    ev: &mut Evaluator,
    grid: &Grid,
    blocks: &[[u32; 3]],
    max_triangles: usize,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<(Mesh, ExtractStats), MeshError> {
    let table = contour_table();
    let b = grid.block as usize;
    // Block samples run from one point before the block to one after.
    let n = b + 3;
    let per_block = n * n * n;
    let nx = grid.cells[0] as u64;
    let ny = grid.cells[1] as u64;
    let cell_key = |g: [u32; 3]| g[0] as u64 + nx * (g[1] as u64 + ny * g[2] as u64);
    let mut mesh = Mesh::default();
    let mut stats = ExtractStats::default();
    // Cell records by block layer (z), two layers kept.
    let mut layers: BTreeMap<u32, HashMap<u64, CellRec>> = BTreeMap::new();
    // Vertices waiting for their normal and colour.
    let mut local_edge = vec![u32::MAX; per_block * 3];
    let batch = (super::BATCH_SAMPLES / per_block).max(1);
    let total = blocks.len() as u64;
    let mut done = 0u64;
    for chunk in blocks.chunks(batch) {
        let first_layer = chunk[0][2];
        layers.retain(|&z, _| z + 1 >= first_layer);
        let values = ev.blocks(grid.origin, grid.step, grid.block, chunk)?;
        // Surface cells and crossings.
        let mut work: Vec<BlockWork> = Vec::with_capacity(chunk.len());
        let mut cross_points: Vec<[f32; 3]> = Vec::new();
        let mut cross_fallback: Vec<[f32; 3]> = Vec::new();
        for (bi, &coord) in chunk.iter().enumerate() {
            let v = &values[bi * per_block..(bi + 1) * per_block];
            let base = coord.map(|c| c * grid.block);
            let mut w = BlockWork {
                coord,
                cells: Vec::new(),
                edges: Vec::new(),
            };
            for cz in 0..b {
                if base[2] + cz as u32 >= grid.cells[2] {
                    break;
                }
                for cy in 0..b {
                    if base[1] + cy as u32 >= grid.cells[1] {
                        break;
                    }
                    for cx in 0..b {
                        if base[0] + cx as u32 >= grid.cells[0] {
                            break;
                        }
                        // Samples start one point before the block.
                        let l0 = (cx + 1) + n * ((cy + 1) + n * (cz + 1));
                        let corner_index = |c: usize| {
                            let o = corner(c);
                            l0 + o[0] + n * (o[1] + n * o[2])
                        };
                        let Some(cell) = CellSigns::of(v, l0, n) else {
                            continue;
                        };
                        let contour =
                            table[cell.mask * 64 + (cell.saddles ^ flips(v, l0, n, &cell, table))];
                        for e in 0..12 {
                            let (c0, c1) = edge_corners(e);
                            let (i0, i1) = (corner_index(c0), corner_index(c1));
                            if (v[i0] < 0.0) == (v[i1] < 0.0) {
                                continue;
                            }
                            let key = i0 * 3 + e / 4;
                            if local_edge[key] == u32::MAX {
                                local_edge[key] = cross_points.len() as u32;
                                let d = e / 4;
                                let t = v[i0] / (v[i0] - v[i1]);
                                // A NaN sample counts as outside; its crossing sits mid-edge.
                                let t = if t.is_finite() {
                                    t.clamp(0.0, 1.0)
                                } else {
                                    0.5
                                };
                                let l = [i0 % n - 1, (i0 / n) % n - 1, i0 / (n * n) - 1];
                                let g = [0, 1, 2].map(|a| base[a] + l[a] as u32);
                                let mut p = grid.point(g);
                                p[d] += t * grid.step;
                                cross_points.push(p);
                                // Where the gradient fails, the edge's own direction
                                // (from inside to outside) is the normal.
                                let mut fb = [0.0f32; 3];
                                fb[d] = if v[i0] < 0.0 { 1.0 } else { -1.0 };
                                cross_fallback.push(fb);
                                w.edges.push((key as u32, local_edge[key]));
                            }
                        }
                        w.cells.push((l0 as u32, contour));
                    }
                }
            }
            for (key, _) in &w.edges {
                local_edge[*key as usize] = u32::MAX;
            }
            work.push(w);
        }
        let eps = 0.05 * grid.step;
        let grads = ev.gradients(&cross_points, eps)?;
        let cross_normals: Vec<[f32; 3]> = grads
            .iter()
            .zip(&cross_fallback)
            .map(|(g, fb)| unit(*g).unwrap_or(*fb))
            .collect();

        // Vertices: one per polygon, from the QEF of its crossings.
        let first_new_vertex = mesh.positions.len();
        for w in &work {
            let base = w.coord.map(|c| c * grid.block);
            for (key, idx) in &w.edges {
                local_edge[*key as usize] = *idx;
            }
            let layer = layers.entry(w.coord[2]).or_default();
            for &(l0, contour) in &w.cells {
                let l0 = l0 as usize;
                let l = [l0 % n - 1, (l0 / n) % n - 1, l0 / (n * n) - 1];
                let g = [0, 1, 2].map(|a| base[a] + l[a] as u32);
                let cmin = grid.point(g);
                let first = mesh.positions.len() as u32;
                for cycle in 0..contour.count as u32 {
                    let mut pts = Vec::with_capacity(6);
                    let mut nrm = Vec::with_capacity(6);
                    for e in 0..12 {
                        let (c0, _) = edge_corners(e);
                        let o = corner(c0);
                        let i0 = l0 + o[0] + n * (o[1] + n * o[2]);
                        let idx = local_edge[i0 * 3 + e / 4];
                        if idx == u32::MAX || contour.cycle(e) != cycle {
                            continue;
                        }
                        let p = cross_points[idx as usize];
                        let q = cross_normals[idx as usize];
                        // Cell-local coordinates keep the solve well scaled.
                        pts.push([0, 1, 2].map(|a| ((p[a] - cmin[a]) / grid.step) as f64));
                        nrm.push(q.map(|c| c as f64));
                    }
                    let x = qef::solve(&pts, &nrm);
                    // A point a little outside the cell is an edge or corner
                    // that the cell only clips: clamping keeps it sharp. One
                    // far outside comes from nearly parallel planes and would
                    // pull the vertex off the surface: then the mass point of
                    // the crossings is the better vertex.
                    const SLACK: f64 = 1.0;
                    let x = if x
                        .iter()
                        .all(|c| c.is_finite() && (-SLACK..=1.0 + SLACK).contains(c))
                    {
                        x
                    } else {
                        let k = pts.len().max(1) as f64;
                        [0, 1, 2].map(|a| pts.iter().map(|p| p[a]).sum::<f64>() / k)
                    };
                    // Stay strictly inside the cell: vertices of different
                    // cells never coincide, and quads cannot fold far.
                    const INSET: f64 = 1e-3;
                    let x = x.map(|c| c.clamp(INSET, 1.0 - INSET));
                    mesh.positions
                        .push([0, 1, 2].map(|a| cmin[a] + x[a] as f32 * grid.step));
                }
                layer.insert(cell_key(g), CellRec { first, contour });
            }
            for (key, _) in &w.edges {
                local_edge[*key as usize] = u32::MAX;
            }
        }

        // Quads, from the edges each block owns.
        for (bi, w) in work.iter().enumerate() {
            let v = &values[bi * per_block..(bi + 1) * per_block];
            let base = w.coord.map(|c| c * grid.block);
            for &(key, _) in &w.edges {
                let key = key as usize;
                let (i0, d) = (key / 3, key % 3);
                let l = [i0 % n - 1, (i0 / n) % n - 1, i0 / (n * n) - 1];
                let g = [0, 1, 2].map(|a| base[a] + l[a] as u32);
                // The owner cell: the edge's own cell, pulled back inside the grid.
                let (u, w_) = ((d + 1) % 3, (d + 2) % 3);
                let mut owner = g;
                let mut on_boundary = false;
                for a in [u, w_] {
                    if g[a] == 0 {
                        on_boundary = true;
                    }
                    if g[a] >= grid.cells[a] {
                        owner[a] = grid.cells[a] - 1;
                        on_boundary = true;
                    }
                }
                if (0..3).any(|a| owner[a] / grid.block != w.coord[a]) {
                    continue;
                }
                if on_boundary {
                    stats.boundary_crossings += 1;
                    continue;
                }
                let inside_first = v[i0] < 0.0;
                let mut quad = [0u32; 4];
                let mut complete = true;
                for (k, (du, dv)) in [(1, 1), (0, 1), (0, 0), (1, 0)].into_iter().enumerate() {
                    let mut c = g;
                    c[u] -= du;
                    c[w_] -= dv;
                    let rec = layers
                        .get(&(c[2] / grid.block))
                        .and_then(|m| m.get(&cell_key(c)));
                    let Some(rec) = rec else {
                        complete = false;
                        break;
                    };
                    // The edge as seen from cell c.
                    let mut o = [0usize; 3];
                    for a in 0..3 {
                        o[a] = (g[a] - c[a]) as usize;
                    }
                    let e = edge_id(d, o[0] | (o[1] << 1) | (o[2] << 2));
                    quad[k] = rec.first + rec.contour.cycle(e);
                }
                if !complete {
                    stats.missing_quads += 1;
                    continue;
                }
                if !inside_first {
                    quad.reverse();
                }
                let mut dir = [0.0f32; 3];
                dir[d] = if inside_first { 1.0 } else { -1.0 };
                for t in split_quad(&mesh.positions, quad, dir) {
                    mesh.triangles.push(t);
                }
            }
            if mesh.triangles.len() > max_triangles {
                return Err(MeshError::TooLarge(format!(
                    "the mesh passed {max_triangles} triangles; lower --resolution or mesh a smaller --bounds"
                )));
            }
        }

        // Normals from the SDF gradient at each new vertex, then colours.
        let new = &mesh.positions[first_new_vertex..];
        let grads = ev.gradients(new, eps)?;
        let mut normals = Vec::with_capacity(new.len());
        for g in &grads {
            match unit(*g) {
                Some(u) => normals.push(u),
                None => {
                    // Fixed from the faces at the end; NaN marks it until then.
                    stats.normal_fallbacks += 1;
                    normals.push([f32::NAN; 3]);
                }
            }
        }
        let for_colour: Vec<[f32; 3]> = normals
            .iter()
            .map(|n| if n[0].is_nan() { [0.0, 1.0, 0.0] } else { *n })
            .collect();
        let colours = ev.colours(new, &for_colour)?;
        mesh.normals.extend(normals);
        // A material that gives NaN gets the default material's grey.
        mesh.colors.extend(colours.into_iter().map(|c| {
            c.map(|x| {
                if x.is_finite() {
                    x.clamp(0.0, 1.0)
                } else {
                    0.75
                }
            })
        }));
        done += chunk.len() as u64;
        progress(done, total);
    }
    if stats.normal_fallbacks > 0 {
        face_normal_fallback(&mut mesh);
    }
    Ok((mesh, stats))
}

/// The unit vector along `g`, unless it is (nearly) zero or not finite.
fn unit(g: [f32; 3]) -> Option<[f32; 3]> {
    let len = (g[0] * g[0] + g[1] * g[1] + g[2] * g[2]).sqrt();
    (len.is_finite() && len > 1e-6).then(|| g.map(|c| c / len))
}

fn sub(a: [f32; 3], b: [f32; 3]) -> [f32; 3] {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

fn cross(a: [f32; 3], b: [f32; 3]) -> [f32; 3] {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

fn dot(a: [f32; 3], b: [f32; 3]) -> f32 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

/// Splits a quad (wound around `dir`) into two triangles along the diagonal
/// that keeps both facing `dir` and folds least.
fn split_quad(pos: &[[f32; 3]], q: [u32; 4], dir: [f32; 3]) -> [[u32; 3]; 2] {
    let p = q.map(|i| pos[i as usize]);
    let score = |t: [[usize; 3]; 2]| {
        let n = t.map(|[a, b, c]| cross(sub(p[b], p[a]), sub(p[c], p[a])));
        let facing = n.iter().all(|n| dot(*n, dir) > 0.0);
        let flat = match (unit(n[0]), unit(n[1])) {
            (Some(a), Some(b)) => dot(a, b),
            _ => -2.0,
        };
        (facing, flat)
    };
    let a = [[0, 1, 2], [0, 2, 3]];
    let b = [[0, 1, 3], [1, 2, 3]];
    let (sa, sb) = (score(a), score(b));
    let pick = if (sb.0, sb.1) > (sa.0, sa.1) { b } else { a };
    pick.map(|t| t.map(|k| q[k]))
}

/// Gives vertices without a gradient the area-weighted normal of their
/// triangles, or +z when even that vanishes.
fn face_normal_fallback(mesh: &mut Mesh) {
    let mut acc = vec![[0.0f32; 3]; mesh.positions.len()];
    for t in &mesh.triangles {
        let p = t.map(|i| mesh.positions[i as usize]);
        let n = cross(sub(p[1], p[0]), sub(p[2], p[0]));
        for &i in t {
            if mesh.normals[i as usize][0].is_nan() {
                for a in 0..3 {
                    acc[i as usize][a] += n[a];
                }
            }
        }
    }
    for (n, a) in mesh.normals.iter_mut().zip(&acc) {
        if n[0].is_nan() {
            *n = unit(*a).unwrap_or([0.0, 0.0, 1.0]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edges_and_faces_agree() {
        for e in 0..12 {
            let (a, b) = edge_corners(e);
            assert_eq!((a ^ b).count_ones(), 1);
            assert_eq!(edge_id(e / 4, a), e);
            // Each edge lies on exactly two faces.
            let faces = (0..6).filter(|&f| face_edges(f).contains(&e)).count();
            assert_eq!(faces, 2, "edge {e}");
        }
        for f in 0..6 {
            let c = face_corners(f);
            for (j, e) in face_edges(f).into_iter().enumerate() {
                let (a, b) = edge_corners(e);
                let ends = [c[j], c[(j + 1) % 4]];
                assert!(ends.contains(&a) && ends.contains(&b), "face {f} edge {j}");
            }
        }
    }

    #[test]
    fn every_crossed_edge_is_in_one_polygon() {
        for mask in 1..255 {
            for saddles in 0..64 {
                let c = contour_of(mask, saddles);
                assert!(
                    c.count >= 1 && c.count <= 4,
                    "mask {mask}: {} polygons",
                    c.count
                );
                // A single inside (or outside) corner is one triangle.
                if (mask as u32).count_ones() == 1 || (mask as u32).count_ones() == 7 {
                    assert_eq!(c.count, 1);
                }
            }
        }
        // Two opposite corners: two separate polygons whatever the faces say.
        assert_eq!(contour_of(0b1000_0001, 0).count, 2);
    }
}
