//! Evaluating the scene on the GPU for the mesher: blocks of grid samples,
//! points, gradients and colours, in draws of bounded size, and the sparse
//! search for the blocks (or boxes) the surface may pass through.
//!
//! ropkit's SDFs are exact or lower bounds of the distance, so a box whose
//! centre distance exceeds its half-diagonal holds no surface: such boxes
//! are skipped, and only boxes that may hold surface are split further.

use super::MeshError;
use crate::build::build;
use crate::generate::Mode;
use crate::library::Library;
use crate::network::Network;
use crate::render::{MESH_INPUT_VEC4S, RenderError, Renderer};

/// Most texels one draw returns (16 MiB of results).
const MAX_ITEMS_PER_DRAW: usize = 1 << 20;
/// Operations of `shaders/templates/mesh.glsl`.
const OP_GRID: f32 = 0.0;
const OP_SAMPLE: f32 = 1.0;
const OP_GRADIENT: f32 = 2.0;
const OP_COLOUR: f32 = 3.0;

/// The scene's SDF on the GPU: a renderer holding a `Mode::Mesh` shader.
pub struct Evaluator<'r> {
    renderer: &'r mut Renderer,
    /// SDF evaluations so far (each gradient counts four).
    pub evaluations: u64,
    /// Draws so far.
    pub draws: u64,
}

impl<'r> Evaluator<'r> {
    /// Builds the mesher's shader for `net` (whose output's first input is
    /// the scene) and makes it current on `renderer`.
    pub fn new(
        renderer: &'r mut Renderer,
        lib: &Library,
        net: &Network,
    ) -> Result<Evaluator<'r>, MeshError> {
        let built = build(lib, net, Mode::Mesh)?;
        renderer.set_shader(&built.shader, &built.compiled)?;
        renderer.set_params(&built.shader.param_values(net, lib));
        Ok(Evaluator {
            renderer,
            evaluations: 0,
            draws: 0,
        })
    }

    /// One operation on a list of points (with a second vector per point for
    /// colours), in as many draws as the input buffer needs.
    fn points_op(
        &mut self,
        op: f32,
        step: f32,
        points: &[[f32; 3]],
        normals: Option<&[[f32; 3]]>,
    ) -> Result<Vec<[f32; 4]>, RenderError> {
        let per = if normals.is_some() { 2 } else { 1 };
        let chunk = ((MESH_INPUT_VEC4S - 2) / per).min(MAX_ITEMS_PER_DRAW);
        let mut out = Vec::with_capacity(points.len());
        let mut input = Vec::with_capacity(MESH_INPUT_VEC4S);
        for (ci, pts) in points.chunks(chunk).enumerate() {
            input.clear();
            input.push([op, pts.len() as f32, step, 0.0]);
            input.push([0.0; 4]);
            for (k, p) in pts.iter().enumerate() {
                input.push([p[0], p[1], p[2], 0.0]);
                if let Some(n) = normals {
                    let n = n[ci * chunk + k];
                    input.push([n[0], n[1], n[2], 0.0]);
                }
            }
            out.extend(self.renderer.evaluate_mesh(&input, pts.len())?);
            self.draws += 1;
        }
        self.evaluations += points.len() as u64 * if op == OP_GRADIENT { 4 } else { 1 };
        Ok(out)
    }

    /// (distance, material, material2, blend) at each point.
    pub fn sample(&mut self, points: &[[f32; 3]]) -> Result<Vec<[f32; 4]>, RenderError> {
        self.points_op(OP_SAMPLE, 0.0, points, None)
    }

    /// The SDF gradient at each point by tetrahedral differences of step
    /// `eps` (not normalised; NaN where the SDF is).
    pub fn gradients(
        &mut self,
        points: &[[f32; 3]],
        eps: f32,
    ) -> Result<Vec<[f32; 3]>, RenderError> {
        let v = self.points_op(OP_GRADIENT, eps, points, None)?;
        // The offsets the template uses, in its order; their outer products sum to 4 I.
        const K: [[f32; 3]; 4] = [
            [1.0, -1.0, -1.0],
            [-1.0, -1.0, 1.0],
            [-1.0, 1.0, -1.0],
            [1.0, 1.0, 1.0],
        ];
        Ok(v.iter()
            .map(|f| {
                let mut g = [0.0f32; 3];
                for (k, fk) in K.iter().zip(f) {
                    for a in 0..3 {
                        g[a] += k[a] * fk;
                    }
                }
                g.map(|c| c / (4.0 * eps))
            })
            .collect())
    }

    /// The material's base colour (linear RGB) at each point, seen along its normal.
    pub fn colours(
        &mut self,
        points: &[[f32; 3]],
        normals: &[[f32; 3]],
    ) -> Result<Vec<[f32; 3]>, RenderError> {
        let v = self.points_op(OP_COLOUR, 0.0, points, Some(normals))?;
        Ok(v.iter().map(|c| [c[0], c[1], c[2]]).collect())
    }

    /// The samples of whole blocks and one point beyond: block `b` at
    /// integer block coordinates covers grid points `b * cells + (-1..=cells
    /// + 1)` on each axis, grid point `i` lying at `origin + i * step`.
    /// Returns `(cells + 3)^3` values per block, x fastest, blocks in order.
    pub fn blocks(
        &mut self,
        origin: [f32; 3],
        step: f32,
        cells: u32,
        blocks: &[[u32; 3]],
    ) -> Result<Vec<f32>, RenderError> {
        let per_block = ((cells + 3) as usize).pow(3);
        let max_blocks = (MAX_ITEMS_PER_DRAW * 4 / per_block).clamp(1, MESH_INPUT_VEC4S - 2);
        let mut out = Vec::with_capacity(blocks.len() * per_block);
        let mut input = Vec::with_capacity(MESH_INPUT_VEC4S);
        for chunk in blocks.chunks(max_blocks) {
            let samples = chunk.len() * per_block;
            let items = samples.div_ceil(4);
            input.clear();
            input.push([OP_GRID, items as f32, step, cells as f32]);
            input.push([origin[0], origin[1], origin[2], chunk.len() as f32]);
            for b in chunk {
                input.push([b[0] as f32, b[1] as f32, b[2] as f32, 0.0]);
            }
            let v = self.renderer.evaluate_mesh(&input, items)?;
            self.draws += 1;
            out.extend(v.iter().flatten().take(samples));
        }
        self.evaluations += (blocks.len() * per_block) as u64;
        Ok(out)
    }
}

/// An axis-aligned box.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Aabb {
    pub min: [f32; 3],
    pub max: [f32; 3],
}

impl Aabb {
    pub fn size(&self) -> [f32; 3] {
        [0, 1, 2].map(|a| self.max[a] - self.min[a])
    }
    pub fn longest(&self) -> f32 {
        self.size().into_iter().fold(0.0, f32::max)
    }
}

/// A regular subdivision of a box into cells, refined by halving.
#[derive(Debug, Clone, Copy)]
pub struct Lattice {
    pub origin: [f32; 3],
    /// Size of one cell on each axis.
    pub cell: [f32; 3],
    /// Number of cells on each axis.
    pub counts: [u32; 3],
}

impl Lattice {
    fn centre(&self, c: [u32; 3]) -> [f32; 3] {
        [0, 1, 2].map(|a| self.origin[a] + (c[a] as f32 + 0.5) * self.cell[a])
    }
    fn half_diagonal(&self) -> f32 {
        0.5 * (self.cell.iter().map(|c| c * c).sum::<f32>()).sqrt()
    }
    fn halved(&self) -> Lattice {
        Lattice {
            origin: self.origin,
            cell: self.cell.map(|c| c * 0.5),
            counts: self.counts.map(|n| n * 2),
        }
    }
}

/// Of `cells` of `lattice`, those the surface may pass through: the
/// distance at the centre is at most the half-diagonal plus `margin`.
pub fn may_hold_surface(
    ev: &mut Evaluator,
    lattice: &Lattice,
    cells: &[[u32; 3]],
    margin: f32,
) -> Result<Vec<[u32; 3]>, RenderError> {
    let centres: Vec<[f32; 3]> = cells.iter().map(|c| lattice.centre(*c)).collect();
    let d = ev.sample(&centres)?;
    let reach = lattice.half_diagonal() + margin;
    // A NaN distance says nothing: keep the cell rather than lose surface.
    Ok(cells
        .iter()
        .zip(&d)
        .filter(|(_, d)| d[0].abs() <= reach || d[0].is_nan())
        .map(|(c, _)| *c)
        .collect())
}

/// The children of `cells` after halving, within `limit` cells per axis.
fn children(cells: &[[u32; 3]], limit: [u32; 3]) -> Vec<[u32; 3]> {
    let mut out = Vec::with_capacity(cells.len() * 8);
    for c in cells {
        for k in 0..8u32 {
            let child = [
                c[0] * 2 + (k & 1),
                c[1] * 2 + ((k >> 1) & 1),
                c[2] * 2 + ((k >> 2) & 1),
            ];
            if (0..3).all(|a| child[a] < limit[a]) {
                out.push(child);
            }
        }
    }
    out
}

/// The leaf blocks (`block` cells of size `step` on a side) of a grid of
/// `cells` cells from `origin` that the surface may pass through, found
/// coarse to fine. Sorted by z, then y, then x.
pub fn active_blocks(
    ev: &mut Evaluator,
    origin: [f32; 3],
    step: f32,
    cells: [u32; 3],
    block: u32,
) -> Result<Vec<[u32; 3]>, RenderError> {
    let leaf_counts = cells.map(|c| c.div_ceil(block));
    // Start at a level with at most 8 boxes a side, then halve down to the leaves.
    let mut levels = 0u32;
    while leaf_counts.iter().any(|&n| n.div_ceil(1 << levels) > 8) {
        levels += 1;
    }
    let size = step * block as f32 * (1u32 << levels) as f32;
    let mut lattice = Lattice {
        origin,
        cell: [size; 3],
        counts: leaf_counts.map(|n| n.div_ceil(1 << levels)),
    };
    let mut all = Vec::new();
    for z in 0..lattice.counts[2] {
        for y in 0..lattice.counts[1] {
            for x in 0..lattice.counts[0] {
                all.push([x, y, z]);
            }
        }
    }
    // Half a leaf cell of slack covers rounding in the distance.
    let margin = 0.5 * step;
    let mut active = may_hold_surface(ev, &lattice, &all, margin)?;
    for level in (0..levels).rev() {
        let next = lattice.halved();
        let limit = leaf_counts.map(|n| n.div_ceil(1 << level));
        let kids = children(&active, limit);
        lattice = Lattice {
            counts: limit,
            ..next
        };
        active = may_hold_surface(ev, &lattice, &kids, margin)?;
    }
    active.sort_by_key(|b| (b[2], b[1], b[0]));
    Ok(active)
}

/// Where the surface is, found inside `region`: the box of the cells that
/// may hold surface at the finest level reached, and for each axis whether
/// the surface reaches the region's low and high side.
#[derive(Debug, Clone, Copy)]
pub struct SurfaceBox {
    pub found: Option<Aabb>,
    pub touches: [[bool; 2]; 3],
}

/// Searches `region` coarse to fine until the cells are at most 1/`detail`
/// of the found box's longest side, or the next level would evaluate more
/// than `budget` points.
pub fn surface_box(
    ev: &mut Evaluator,
    region: Aabb,
    detail: f32,
    budget: usize,
) -> Result<SurfaceBox, RenderError> {
    let size = region.size();
    let mut lattice = Lattice {
        origin: region.min,
        cell: size.map(|s| s / 8.0),
        counts: [8; 3],
    };
    let mut cells = Vec::new();
    for z in 0..8 {
        for y in 0..8 {
            for x in 0..8 {
                cells.push([x, y, z]);
            }
        }
    }
    let mut active = may_hold_surface(ev, &lattice, &cells, 0.0)?;
    for _ in 0..40 {
        if active.is_empty() {
            break;
        }
        let b = cells_box(&lattice, &active);
        let longest_cell = lattice.cell.iter().fold(0.0f32, |m, c| m.max(*c));
        if longest_cell <= b.longest() / detail || active.len() * 8 > budget {
            break;
        }
        let next = lattice.halved();
        let kids = children(&active, next.counts);
        lattice = next;
        active = may_hold_surface(ev, &lattice, &kids, 0.0)?;
    }
    if active.is_empty() {
        return Ok(SurfaceBox {
            found: None,
            touches: [[false; 2]; 3],
        });
    }
    let mut touches = [[false; 2]; 3];
    for c in &active {
        for a in 0..3 {
            touches[a][0] |= c[a] == 0;
            touches[a][1] |= c[a] + 1 == lattice.counts[a];
        }
    }
    Ok(SurfaceBox {
        found: Some(cells_box(&lattice, &active)),
        touches,
    })
}

fn cells_box(lattice: &Lattice, cells: &[[u32; 3]]) -> Aabb {
    let mut lo = [u32::MAX; 3];
    let mut hi = [0u32; 3];
    for c in cells {
        for a in 0..3 {
            lo[a] = lo[a].min(c[a]);
            hi[a] = hi[a].max(c[a] + 1);
        }
    }
    Aabb {
        min: [0, 1, 2].map(|a| lattice.origin[a] + lo[a] as f32 * lattice.cell[a]),
        max: [0, 1, 2].map(|a| lattice.origin[a] + hi[a] as f32 * lattice.cell[a]),
    }
}
