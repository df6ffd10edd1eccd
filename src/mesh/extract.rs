//! Surface extraction: dual contouring with one vertex per surface patch of
//! a cell ([`super::contour`]), block by block.
//!
//! For each batch of blocks the GPU evaluates the grid samples; while it
//! evaluates the next batch, the CPU (on every core) finds this batch's
//! surface cells and crossed edges; the GPU then refines every crossing on
//! the SDF itself (false position along the edge) and gives the gradient
//! there; each polygon's vertex is the QEF minimiser of its crossings'
//! tangent planes inside its cell, so box edges and corners, CSG creases and
//! shell rims stay sharp; normals and colours follow on the GPU.
//!
//! Quads come last, once every block is known: each crossed grid edge gives
//! one quad joining the vertices of the four cells around it (the vertex of
//! the polygon holding that edge in each cell), wound from inside to
//! outside. Every mesh edge between two cells comes from exactly one pair of
//! crossings on their shared face, so it appears in exactly two quads with
//! opposite directions: the mesh is closed and consistently oriented
//! wherever the surface stays inside the grid.

use super::contour::{CellSigns, Contour, contour_table, corner, edge_corners, edge_id, flips};
use super::grid::{EdgeQuery, Evaluator};
use super::relax::{MIN_GAP, relax};
use super::{Mesh, MeshError, qef};
use rayon::prelude::*;
use std::time::Instant;

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
    pub fn blocks(&self) -> [u32; 3] {
        self.cells.map(|c| c.div_ceil(self.block))
    }
}

/// What extraction counted besides the mesh.
#[derive(Debug, Clone, Copy, Default)]
pub struct ExtractStats {
    /// Crossed grid edges on the grid's boundary: the surface leaves the bounds there.
    pub boundary_crossings: u64,
    /// Quads that could not be made because a cell they need was skipped
    /// (an SDF that breaks its promise).
    pub missing_quads: u64,
    /// Vertices whose gradient vanished and that took their faces' normal.
    pub normal_fallbacks: u64,
    /// Seconds spent waiting for the GPU and working on the CPU.
    pub gpu_wait: f64,
    pub cpu: f64,
    /// Grid edges the surface crosses twice between their ends: features
    /// thinner than a cell, which the mesh cannot keep ([`super::thin`]).
    pub thin: super::thin::ThinFound,
}

/// A surface cell of a block.
#[derive(Clone, Copy)]
struct CellRec {
    /// Local cell index, x fastest.
    index: u32,
    contour: Contour,
    /// The cell's first vertex, counted within its block.
    first: u32,
}

/// A crossed edge whose quad a block makes: its lower grid point and axis,
/// and whether its lower end is inside.
#[derive(Clone, Copy)]
struct QuadEdge {
    g: [u32; 3],
    axis: u8,
    inside_first: bool,
}

/// How far beyond its cell (in cells) a vertex may move to meet a crease.
const RELAX_REACH: f64 = 0.5;

/// How far inside its cell (in cells) a vertex stays: vertices of
/// different cells never coincide, and quads cannot fold.
pub const INSET: f64 = 1e-3;

/// One block's part of the mesh.
#[derive(Default)]
struct BlockOut {
    cells: Vec<CellRec>,
    quads: Vec<QuadEdge>,
    positions: Vec<[f32; 3]>,
    /// Vertices (counted in the block) with a better place beyond their cell.
    preferred: Vec<(u32, [f32; 3])>,
    normals: Vec<[f32; 3]>,
    colors: Vec<[f32; 3]>,
    boundary_crossings: u64,
}

/// One block between classification and its vertices.
struct Classified {
    cells: Vec<(u32, Contour)>,
    /// Crossings of the block's surface cells: (lattice index * 3 + axis, query).
    crossings: Vec<(u32, EdgeQuery)>,
    quads: Vec<QuadEdge>,
    boundary_crossings: u64,
}

/// Calls `progress(done, total)` after each batch and stops at `deadline`.
pub struct Limits<'a> {
    pub max_triangles: usize,
    pub deadline: Option<(Instant, f64)>,
    pub progress: &'a mut dyn FnMut(u64, u64),
    /// Search for features thinner than a cell ([`super::thin`]) with this
    /// Lipschitz constant (the scene's distance promise); `None` skips it.
    pub thin: Option<f32>,
}

/// A half-open range of blocks, `[lo, hi)` on each axis.
pub type BlockRange = [[u32; 3]; 2];

fn in_range(range: &BlockRange, b: [u32; 3]) -> bool {
    (0..3).all(|a| (range[0][a]..range[1][a]).contains(&b[a]))
}

/// A vertex's place in the grid, the same in every brick of one mesh: its
/// cell (16 bits an axis, x lowest) and which of the cell's polygons (2 bits).
pub fn vertex_key(cell: [u32; 3], polygon: u32) -> u64 {
    ((cell[2] as u64) << 34) | ((cell[1] as u64) << 18) | ((cell[0] as u64) << 2) | polygon as u64
}

/// The cell of a [`vertex_key`].
pub fn key_cell(key: u64) -> [u32; 3] {
    [2, 18, 34].map(|shift| ((key >> shift) & 0xffff) as u32)
}

/// Runs extraction over the active blocks (sorted by z, y, x). Returns the
/// mesh and each vertex's [`vertex_key`].
///
/// With `owned`, the blocks are a brick of a mesh made in pieces plus a
/// halo of blocks around it: the halo's cells complete the quads at the
/// brick's borders and give its border vertices the neighbours they have
/// in the whole mesh, but only the triangles of quads the brick's own
/// blocks own are kept, with the vertices they use and the brick's own
/// vertices. Every quad of the whole mesh is then owned by exactly one
/// brick, and the bricks' vertices meet by key.
pub fn extract(
    ev: &mut Evaluator,
    grid: &Grid,
    blocks: &[[u32; 3]],
    owned: Option<BlockRange>,
    limits: Limits,
) -> Result<(Mesh, Vec<u64>, ExtractStats), MeshError> {
    let is_owned = |b: [u32; 3]| owned.as_ref().is_none_or(|r| in_range(r, b));
    let per_draw = Evaluator::blocks_per_draw(grid.block);
    let batches: Vec<&[[u32; 3]]> = blocks.chunks(per_draw).collect();
    let nb = grid.blocks();
    let block_index = |c: [u32; 3]| (c[0] + nb[0] * (c[1] + nb[1] * c[2])) as usize;
    let mut outs: Vec<Option<BlockOut>> = Vec::new();
    outs.resize_with((nb[0] * nb[1] * nb[2]) as usize, || None);
    let mut stats = ExtractStats::default();
    let mut quads_so_far = 0usize;
    let total = blocks.len() as u64;
    let mut done = 0u64;
    if let Some(first) = batches.first() {
        ev.submit_blocks(grid.origin, grid.step, grid.block, first)?;
    }
    for (k, chunk) in batches.iter().enumerate() {
        let t = Instant::now();
        let values = ev.collect_blocks()?;
        stats.gpu_wait += t.elapsed().as_secs_f64();
        // The GPU evaluates the next batch while this one is extracted.
        if let Some(next) = batches.get(k + 1) {
            ev.submit_blocks(grid.origin, grid.step, grid.block, next)?;
        }
        if let Some(lipschitz) = limits.thin {
            let n = (grid.block + 3) as usize;
            let per_block = n * n * n;
            let t = Instant::now();
            let open: Vec<super::thin::Stretch> = chunk
                .par_iter()
                .enumerate()
                .filter(|(_, c)| is_owned(**c))
                .flat_map_iter(|(bi, c)| {
                    let v = &values[bi * per_block..(bi + 1) * per_block];
                    super::thin::stretches(grid, *c, v, lipschitz)
                })
                .collect();
            stats.cpu += t.elapsed().as_secs_f64();
            let t = Instant::now();
            let found = super::thin::search(ev, open, lipschitz, grid.step)?;
            stats.gpu_wait += t.elapsed().as_secs_f64();
            stats.thin.add(&found);
        }
        let outs_now = batch(ev, grid, chunk, &values, &mut stats)?;
        for (coord, out) in chunk.iter().zip(outs_now) {
            if is_owned(*coord) {
                quads_so_far += out.quads.len();
                stats.boundary_crossings += out.boundary_crossings;
            }
            outs[block_index(*coord)] = Some(out);
        }
        if quads_so_far.saturating_mul(2) > limits.max_triangles {
            return Err(MeshError::TooLarge(format!(
                "the mesh passed {} triangles; lower --resolution or mesh a smaller --bounds",
                limits.max_triangles
            )));
        }
        done += chunk.len() as u64;
        (limits.progress)(done, total);
        if let Some((deadline, secs)) = limits.deadline
            && Instant::now() > deadline
        {
            return Err(MeshError::Timeout(secs));
        }
    }
    let t = Instant::now();
    let (mesh, keys) = assemble(grid, blocks, &outs, block_index, is_owned, &mut stats);
    stats.cpu += t.elapsed().as_secs_f64();
    Ok((mesh, keys, stats))
}

/// Extracts one batch: surface cells, refined crossings, vertices, normals, colours.
fn batch(
    ev: &mut Evaluator,
    grid: &Grid,
    chunk: &[[u32; 3]],
    values: &[f32],
    stats: &mut ExtractStats,
) -> Result<Vec<BlockOut>, MeshError> {
    let n = (grid.block + 3) as usize;
    let per_block = n * n * n;
    let t = Instant::now();
    let classified: Vec<Classified> = chunk
        .par_iter()
        .enumerate()
        .map(|(bi, coord)| classify(grid, *coord, &values[bi * per_block..(bi + 1) * per_block]))
        .collect();
    stats.cpu += t.elapsed().as_secs_f64();

    // Every crossing of the batch, refined on the SDF in one pass.
    let queries: Vec<EdgeQuery> = classified
        .iter()
        .flat_map(|c| c.crossings.iter().map(|(_, q)| *q))
        .collect();
    let eps = 0.05 * grid.step;
    let t = Instant::now();
    let refined = ev.edges(grid.origin, grid.step, eps, &queries)?;
    stats.gpu_wait += t.elapsed().as_secs_f64();
    let mut offsets = Vec::with_capacity(classified.len());
    let mut at = 0;
    for c in &classified {
        offsets.push(at);
        at += c.crossings.len();
    }

    let t = Instant::now();
    let mut outs: Vec<BlockOut> = classified
        .par_iter()
        .zip(chunk)
        .zip(&offsets)
        .map(|((c, coord), &off)| vertices(grid, *coord, c, &refined[off..off + c.crossings.len()]))
        .collect();
    stats.cpu += t.elapsed().as_secs_f64();

    // Normals from the SDF gradient at each vertex, then colours.
    let positions: Vec<[f32; 3]> = outs
        .iter()
        .flat_map(|o| o.positions.iter().copied())
        .collect();
    let t = Instant::now();
    let grads = ev.gradients(&positions, eps)?;
    let normals: Vec<[f32; 3]> = grads
        .iter()
        .map(|g| {
            unit(*g).unwrap_or_else(|| {
                // Fixed from the faces at the end; NaN marks it until then.
                stats.normal_fallbacks += 1;
                [f32::NAN; 3]
            })
        })
        .collect();
    let for_colour: Vec<[f32; 3]> = normals
        .iter()
        .map(|n| if n[0].is_nan() { [0.0, 1.0, 0.0] } else { *n })
        .collect();
    let colours = ev.colours(&positions, &for_colour)?;
    stats.gpu_wait += t.elapsed().as_secs_f64();
    let mut at = 0;
    for o in &mut outs {
        let k = o.positions.len();
        o.normals = normals[at..at + k].to_vec();
        // A material that gives NaN gets the default material's grey.
        o.colors = colours[at..at + k]
            .iter()
            .map(|c| {
                c.map(|x| {
                    if x.is_finite() {
                        x.clamp(0.0, 1.0)
                    } else {
                        0.75
                    }
                })
            })
            .collect();
        at += k;
    }
    Ok(outs)
}

/// The surface cells and crossed edges of one block from its samples
/// (lattice `n = block + 3` wide, from one point before the block).
fn classify(grid: &Grid, coord: [u32; 3], v: &[f32]) -> Classified {
    let mut out = Classified {
        cells: Vec::new(),
        crossings: Vec::new(),
        quads: Vec::new(),
        boundary_crossings: 0,
    };
    // No sign change anywhere (NaN counts as outside): nothing to do.
    let inside = |x: f32| x < 0.0;
    if v.iter().all(|&x| inside(x)) || !v.iter().any(|&x| inside(x)) {
        return out;
    }
    let table = contour_table();
    let b = grid.block as usize;
    let n = b + 3;
    let base = coord.map(|c| c * grid.block);
    let mut seen = vec![false; n * n * n * 3];
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
                let Some(cell) = CellSigns::of(v, l0, n) else {
                    continue;
                };
                let contour =
                    table[cell.mask * 64 + (cell.saddles ^ flips(v, l0, n, &cell, table))];
                out.cells.push(((cx + b * (cy + b * cz)) as u32, contour));
                for e in 0..12 {
                    let (c0, c1) = edge_corners(e);
                    let (o0, o1) = (corner(c0), corner(c1));
                    let i0 = l0 + o0[0] + n * (o0[1] + n * o0[2]);
                    let i1 = l0 + o1[0] + n * (o1[1] + n * o1[2]);
                    if inside(v[i0]) == inside(v[i1]) {
                        continue;
                    }
                    let key = i0 * 3 + e / 4;
                    if std::mem::replace(&mut seen[key], true) {
                        continue;
                    }
                    let l = [i0 % n, (i0 / n) % n, i0 / (n * n)];
                    let g = [0, 1, 2].map(|a| base[a] + l[a] as u32 - 1);
                    let axis = (e / 4) as u8;
                    out.crossings.push((
                        key as u32,
                        EdgeQuery {
                            start: g,
                            axis,
                            values: [v[i0], v[i1]],
                        },
                    ));
                    owned_quad(grid, coord, g, axis, inside(v[i0]), &mut out);
                }
            }
        }
    }
    out
}

/// Records the quad of a crossed edge when this block owns it: the owner is
/// the edge's own cell, pulled back inside the grid; an edge on the grid's
/// boundary has no quad and counts as a crossing of the boundary.
fn owned_quad(
    grid: &Grid,
    coord: [u32; 3],
    g: [u32; 3],
    axis: u8,
    inside_first: bool,
    out: &mut Classified,
) {
    let d = axis as usize;
    let (u, w) = ((d + 1) % 3, (d + 2) % 3);
    let mut owner = g;
    let mut on_boundary = false;
    for a in [u, w] {
        if g[a] == 0 {
            on_boundary = true;
        }
        if g[a] >= grid.cells[a] {
            owner[a] = grid.cells[a] - 1;
            on_boundary = true;
        }
    }
    if (0..3).any(|a| owner[a] / grid.block != coord[a]) {
        return;
    }
    if on_boundary {
        out.boundary_crossings += 1;
    } else {
        out.quads.push(QuadEdge {
            g,
            axis,
            inside_first,
        });
    }
}

/// One vertex per polygon of each surface cell, from the QEF of its refined
/// crossings (`refined[i]` belongs to `c.crossings[i]`).
fn vertices(grid: &Grid, coord: [u32; 3], c: &Classified, refined: &[(f32, [f32; 3])]) -> BlockOut {
    let b = grid.block as usize;
    let n = b + 3;
    let base = coord.map(|c| c * grid.block);
    let mut out = BlockOut {
        quads: c.quads.clone(),
        boundary_crossings: c.boundary_crossings,
        ..Default::default()
    };
    if c.cells.is_empty() {
        return out;
    }
    // Crossings by lattice key, sorted for lookup.
    let mut by_key: Vec<(u32, usize)> = c
        .crossings
        .iter()
        .enumerate()
        .map(|(i, (k, _))| (*k, i))
        .collect();
    by_key.sort_unstable();
    let find = |key: u32| {
        by_key
            .binary_search_by_key(&key, |e| e.0)
            .ok()
            .map(|i| by_key[i].1)
    };
    let mut pts = Vec::with_capacity(12);
    let mut nrm = Vec::with_capacity(12);
    for &(index, contour) in &c.cells {
        let index = index as usize;
        let (cx, cy, cz) = (index % b, (index / b) % b, index / (b * b));
        let l0 = (cx + 1) + n * ((cy + 1) + n * (cz + 1));
        let cmin = grid.point([
            base[0] + cx as u32,
            base[1] + cy as u32,
            base[2] + cz as u32,
        ]);
        let first = out.positions.len() as u32;
        for cycle in 0..contour.count as u32 {
            pts.clear();
            nrm.clear();
            for e in 0..12 {
                if contour.cycle(e) != cycle {
                    continue;
                }
                let o = corner(edge_corners(e).0);
                let key = (l0 + o[0] + n * (o[1] + n * o[2])) * 3 + e / 4;
                let Some(i) = find(key as u32) else {
                    continue;
                };
                let (q, (t, grad)) = (c.crossings[i].1, refined[i]);
                let d = e / 4;
                // Cell-local coordinates keep the solve well scaled.
                let mut p = o.map(|x| x as f64);
                let t = if t.is_finite() {
                    t.clamp(0.0, 1.0)
                } else {
                    0.5
                };
                p[d] = t as f64;
                pts.push(p);
                // Where the gradient fails, the edge's own direction (from
                // inside to outside) is the normal.
                let fallback = {
                    let mut f = [0.0f32; 3];
                    f[d] = if q.values[0] < 0.0 { 1.0 } else { -1.0 };
                    f
                };
                nrm.push(unit(grad).unwrap_or(fallback).map(|x| x as f64));
            }
            let (mut x, beyond) = qef::place(&pts, &nrm, INSET, RELAX_REACH);
            // A crease that passes just outside the cell would be met a
            // little beyond it: that place is offered to [`relax`], which
            // takes it where no triangle turns.
            if let Some(beyond) = beyond {
                out.preferred.push((
                    out.positions.len() as u32,
                    [0, 1, 2].map(|a| cmin[a] + beyond[a] as f32 * grid.step),
                ));
            }
            let mut pos = [0, 1, 2].map(|a| cmin[a] + x[a] as f32 * grid.step);
            // Two polygons of one cell whose vertices land on (or next to)
            // the same point (both pinned to one corner, say): the later one
            // moves towards its crossings' centre until they are as far
            // apart as vertices of different cells.
            let gap = MIN_GAP * grid.step;
            for _ in 0..8 {
                let crowded = out.positions[first as usize..].iter().any(|q| {
                    let e = sub(*q, pos);
                    dot(e, e) < gap * gap
                });
                if !crowded {
                    break;
                }
                let k = pts.len().max(1) as f64;
                let mass = [0, 1, 2].map(|a| pts.iter().map(|p| p[a]).sum::<f64>() / k);
                x = [0, 1, 2].map(|a| (0.5 * (x[a] + mass[a])).clamp(INSET, 1.0 - INSET));
                pos = [0, 1, 2].map(|a| cmin[a] + x[a] as f32 * grid.step);
            }
            out.positions.push(pos);
        }
        out.cells.push(CellRec {
            index: index as u32,
            contour,
            first,
        });
    }
    out
}

/// The whole mesh: every block's vertices in block order, then the quads;
/// with their [`vertex_key`]s. Only the quads of blocks `is_owned` takes
/// stay (after every quad helped [`relax`] decide), with the vertices they
/// use and those of owned blocks.
fn assemble(
    grid: &Grid,
    blocks: &[[u32; 3]],
    outs: &[Option<BlockOut>],
    block_index: impl Fn([u32; 3]) -> usize + Sync,
    is_owned: impl Fn([u32; 3]) -> bool + Sync,
    stats: &mut ExtractStats,
) -> (Mesh, Vec<u64>) {
    let mut bases = vec![0u32; outs.len()];
    let mut mesh = Mesh::default();
    let mut keys = Vec::new();
    for coord in blocks {
        let i = block_index(*coord);
        let Some(o) = &outs[i] else { continue };
        bases[i] = mesh.positions.len() as u32;
        mesh.positions.extend_from_slice(&o.positions);
        mesh.normals.extend_from_slice(&o.normals);
        mesh.colors.extend_from_slice(&o.colors);
        let b = grid.block;
        for rec in &o.cells {
            let l = [rec.index % b, (rec.index / b) % b, rec.index / (b * b)];
            let cell = [0, 1, 2].map(|a| coord[a] * b + l[a]);
            keys.extend((0..rec.contour.count as u32).map(|p| vertex_key(cell, p)));
        }
    }
    let b = grid.block;
    let vertex_of = |c: [u32; 3], e: usize| -> Option<u32> {
        let bc = c.map(|x| x / b);
        let bi = block_index(bc);
        let o = outs.get(bi)?.as_ref()?;
        let l = c.map(|x| x % b);
        let index = l[0] + b * (l[1] + b * l[2]);
        let k = o.cells.binary_search_by_key(&index, |r| r.index).ok()?;
        let rec = o.cells[k];
        Some(bases[bi] + rec.first + rec.contour.cycle(e))
    };
    let positions = &mesh.positions;
    let parts: Vec<(Vec<[u32; 3]>, u64, bool)> = blocks
        .par_iter()
        .map(|coord| {
            let mut tris = Vec::new();
            let mut missing = 0u64;
            let owned = is_owned(*coord);
            let Some(o) = &outs[block_index(*coord)] else {
                return (tris, missing, owned);
            };
            tris.reserve(o.quads.len() * 2);
            for q in &o.quads {
                let d = q.axis as usize;
                let (u, w) = ((d + 1) % 3, (d + 2) % 3);
                let mut quad = [0u32; 4];
                let mut complete = true;
                for (k, (du, dv)) in [(1, 1), (0, 1), (0, 0), (1, 0)].into_iter().enumerate() {
                    let mut c = q.g;
                    c[u] -= du;
                    c[w] -= dv;
                    // The edge as seen from cell c.
                    let o = [0, 1, 2].map(|a| (q.g[a] - c[a]) as usize);
                    let e = edge_id(d, o[0] | (o[1] << 1) | (o[2] << 2));
                    match vertex_of(c, e) {
                        Some(v) => quad[k] = v,
                        None => {
                            complete = false;
                            break;
                        }
                    }
                }
                if !complete {
                    missing += 1;
                    continue;
                }
                if !q.inside_first {
                    quad.reverse();
                }
                let mut dir = [0.0f32; 3];
                dir[d] = if q.inside_first { 1.0 } else { -1.0 };
                tris.extend(split_quad(positions, quad, dir));
            }
            (tris, missing, owned)
        })
        .collect();
    let mut keep = Vec::new();
    for (tris, missing, owned) in parts {
        keep.extend(std::iter::repeat_n(owned, tris.len()));
        mesh.triangles.extend(tris);
        if owned {
            stats.missing_quads += missing;
        }
    }
    let mut preferred = Vec::new();
    for coord in blocks {
        let i = block_index(*coord);
        if let Some(o) = &outs[i] {
            preferred.extend(o.preferred.iter().map(|(v, p)| (bases[i] + v, *p)));
        }
    }
    relax(&mut mesh, &preferred, grid.step);
    if stats.normal_fallbacks > 0 {
        face_normal_fallback(&mut mesh);
    }
    if keep.iter().all(|k| *k) {
        return (mesh, keys);
    }
    let own_vertex: Vec<bool> = keys
        .iter()
        .map(|k| is_owned(key_cell(*k).map(|c| c / grid.block)))
        .collect();
    keep_owned(mesh, keys, &keep, &own_vertex)
}

/// The triangles `keep` marks, the vertices they use and those `own`
/// marks, renumbered in their order.
fn keep_owned(mesh: Mesh, keys: Vec<u64>, keep: &[bool], own: &[bool]) -> (Mesh, Vec<u64>) {
    let mut used = own.to_vec();
    let triangles: Vec<[u32; 3]> = mesh
        .triangles
        .iter()
        .zip(keep)
        .filter(|(_, k)| **k)
        .map(|(t, _)| *t)
        .collect();
    for t in &triangles {
        for v in t {
            used[*v as usize] = true;
        }
    }
    let mut new_index = vec![u32::MAX; used.len()];
    let mut out = Mesh::default();
    let mut out_keys = Vec::new();
    for (v, _) in used.iter().enumerate().filter(|(_, u)| **u) {
        new_index[v] = out.positions.len() as u32;
        out.positions.push(mesh.positions[v]);
        out.normals.push(mesh.normals[v]);
        out.colors.push(mesh.colors[v]);
        out_keys.push(keys[v]);
    }
    out.triangles = triangles
        .iter()
        .map(|t| t.map(|v| new_index[v as usize]))
        .collect();
    (out, out_keys)
}

/// The unit vector along `g`, unless it is (nearly) zero or not finite.
pub(super) fn unit(g: [f32; 3]) -> Option<[f32; 3]> {
    let len = (g[0] * g[0] + g[1] * g[1] + g[2] * g[2]).sqrt();
    (len.is_finite() && len > 1e-6).then(|| g.map(|c| c / len))
}

pub(super) fn sub(a: [f32; 3], b: [f32; 3]) -> [f32; 3] {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

pub(super) fn cross(a: [f32; 3], b: [f32; 3]) -> [f32; 3] {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

pub(super) fn dot(a: [f32; 3], b: [f32; 3]) -> f32 {
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
    fn vertex_keys_hold_the_cell_and_polygon_of_the_largest_grid() {
        let mut seen = std::collections::HashSet::new();
        let edge = super::super::MAX_RESOLUTION - 1;
        for cell in [
            [0, 0, 0],
            [1, 0, 0],
            [0, 1, 0],
            [0, 0, 1],
            [edge, edge, edge],
            [7, edge, 3],
        ] {
            for polygon in 0..4 {
                let key = vertex_key(cell, polygon);
                assert_eq!(key_cell(key), cell);
                assert_eq!((key & 3) as u32, polygon);
                assert!(seen.insert(key), "{cell:?} {polygon}");
            }
        }
    }

    #[test]
    fn a_brick_keeps_its_triangles_their_vertices_and_its_own() {
        // Four vertices, two triangles; the second is the brick's, vertex 3
        // belongs to the brick but no kept triangle uses it.
        let mesh = Mesh {
            positions: (0..5).map(|i| [i as f32, 0.0, 0.0]).collect(),
            normals: vec![[0.0, 0.0, 1.0]; 5],
            colors: (0..5).map(|i| [i as f32 / 4.0; 3]).collect(),
            triangles: vec![[0, 1, 2], [1, 2, 4]],
        };
        let keys: Vec<u64> = (0..5).map(|i| 100 + i).collect();
        let own = [false, false, false, true, false];
        let (kept, kept_keys) = keep_owned(mesh, keys, &[false, true], &own);
        assert_eq!(kept_keys, vec![101, 102, 103, 104]);
        assert_eq!(kept.triangles, vec![[0, 1, 3]]);
        assert_eq!(kept.positions[3], [4.0, 0.0, 0.0]);
        assert_eq!(kept.colors[0], [0.25; 3]);
    }
}
