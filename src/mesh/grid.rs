//! Evaluating the scene on the GPU for the mesher: blocks of grid samples,
//! points, edge crossings, gradients and colours, in draws of bounded size
//! through [`Device`] (two in flight), and the sparse search for the blocks
//! (or boxes) the surface may pass through.
//!
//! A box is skipped only on the scene's [`Promise`]: with a Lipschitz factor
//! L, a centre value |f| above L times the half-diagonal rules the surface
//! out of the box. A scene that promises nothing gets every block.

use super::MeshError;
use super::device::{Device, MAX_INPUT, MAX_ITEMS, Ticket};
use super::guarantee::Promise;
use crate::build::build;
use crate::generate::Mode;
use crate::library::Library;
use crate::network::Network;
use crate::render::{RenderError, Renderer};

/// Operations of `shaders/templates/mesh.glsl`.
const OP_GRID: f32 = 0.0;
const OP_SAMPLE: f32 = 1.0;
const OP_GRADIENT: f32 = 2.0;
const OP_COLOUR: f32 = 3.0;
const OP_EDGE: f32 = 4.0;
/// Evaluations per edge item: refinement steps and a gradient.
const EDGE_EVALUATIONS: u64 = 10;

/// The scene's SDF on the GPU: a `Mode::Mesh` shader and its draws.
pub struct Evaluator {
    dev: Device,
    /// SDF evaluations so far (each gradient counts four).
    pub evaluations: u64,
    /// What building the shader found worth telling.
    pub warnings: Vec<crate::generate::Warning>,
    /// Blocks of grid samples submitted and not yet collected.
    pending: Option<(Ticket, usize)>,
}

/// A crossed grid edge to refine: its lower grid point, its axis, and the
/// values at its two ends.
#[derive(Debug, Clone, Copy)]
pub struct EdgeQuery {
    pub start: [u32; 3],
    pub axis: u8,
    pub values: [f32; 2],
}

impl Evaluator {
    /// Builds the mesher's shader for `net` (whose output's first input is
    /// the scene) and makes it current on `renderer`.
    pub fn new(
        renderer: &mut Renderer,
        lib: &Library,
        net: &Network,
    ) -> Result<Evaluator, MeshError> {
        let built = build(lib, net, &Mode::Mesh.into())?;
        renderer.set_built(&built)?;
        renderer.set_params(&built.shader.param_values(net, lib));
        Ok(Evaluator {
            dev: Device::new(renderer)?,
            evaluations: 0,
            warnings: built.shader.warnings,
            pending: None,
        })
    }

    /// Draws so far.
    pub fn draws(&self) -> u64 {
        self.dev.draws
    }

    /// One operation on a list of items of `per` input vec4s each (written by
    /// `fill`), in as many draws as the input buffer needs, two in flight
    /// where a slot is free.
    fn items_op(
        &mut self,
        header: [f32; 4],
        second: [f32; 4],
        count: usize,
        per: usize,
        fill: &dyn Fn(usize, &mut Vec<[f32; 4]>),
    ) -> Result<Vec<[f32; 4]>, RenderError> {
        let chunk = ((MAX_INPUT - 2) / per).min(MAX_ITEMS);
        let mut out = Vec::with_capacity(count);
        let mut input = Vec::with_capacity(MAX_INPUT);
        let mut in_flight: std::collections::VecDeque<Ticket> = Default::default();
        let mut start = 0;
        while start < count || !in_flight.is_empty() {
            if start < count && self.dev.can_submit() {
                let n = chunk.min(count - start);
                input.clear();
                input.push([header[0], n as f32, header[2], header[3]]);
                input.push(second);
                for i in start..start + n {
                    fill(i, &mut input);
                }
                in_flight.push_back(self.dev.submit(&input, n)?);
                start += n;
                // Keep one slot for the next chunk while this one runs.
                if start < count && self.dev.can_submit() {
                    continue;
                }
            }
            if let Some(t) = in_flight.pop_front() {
                self.dev.collect(t, &mut out)?;
            }
        }
        Ok(out)
    }

    /// (distance, material, material2, blend) at each point.
    pub fn sample(&mut self, points: &[[f32; 3]]) -> Result<Vec<[f32; 4]>, RenderError> {
        self.evaluations += points.len() as u64;
        self.items_op(
            [OP_SAMPLE, 0.0, 0.0, 0.0],
            [0.0; 4],
            points.len(),
            1,
            &|i, v| {
                let p = points[i];
                v.push([p[0], p[1], p[2], 0.0]);
            },
        )
    }

    /// The SDF gradient at each point by tetrahedral differences of step
    /// `eps` (not normalised; NaN where the SDF is).
    pub fn gradients(
        &mut self,
        points: &[[f32; 3]],
        eps: f32,
    ) -> Result<Vec<[f32; 3]>, RenderError> {
        self.evaluations += 4 * points.len() as u64;
        let v = self.items_op(
            [OP_GRADIENT, 0.0, eps, 0.0],
            [0.0; 4],
            points.len(),
            1,
            &|i, v| {
                let p = points[i];
                v.push([p[0], p[1], p[2], 0.0]);
            },
        )?;
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
        self.evaluations += points.len() as u64;
        let v = self.items_op(
            [OP_COLOUR, 0.0, 0.0, 0.0],
            [0.0; 4],
            points.len(),
            2,
            &|i, v| {
                let (p, n) = (points[i], normals[i]);
                v.push([p[0], p[1], p[2], 0.0]);
                v.push([n[0], n[1], n[2], 0.0]);
            },
        )?;
        Ok(v.iter().map(|c| [c[0], c[1], c[2]]).collect())
    }

    /// The zero crossing on each edge of a grid (`origin`, `step`), refined
    /// on the SDF itself, and the gradient there (differences of `eps`):
    /// (t along the edge from its start, gradient).
    pub fn edges(
        &mut self,
        origin: [f32; 3],
        step: f32,
        eps: f32,
        edges: &[EdgeQuery],
    ) -> Result<Vec<(f32, [f32; 3])>, RenderError> {
        self.evaluations += EDGE_EVALUATIONS * edges.len() as u64;
        let second = [origin[0], origin[1], origin[2], 0.0];
        let v = self.items_op(
            [OP_EDGE, 0.0, step, eps],
            second,
            edges.len(),
            2,
            &|i, v| {
                let e = edges[i];
                v.push([
                    e.start[0] as f32,
                    e.start[1] as f32,
                    e.start[2] as f32,
                    e.axis as f32,
                ]);
                v.push([e.values[0], e.values[1], 0.0, 0.0]);
            },
        )?;
        Ok(v.iter().map(|r| (r[0], [r[1], r[2], r[3]])).collect())
    }

    /// Most blocks of `cells` cells a side one [`Self::submit_blocks`] takes.
    pub fn blocks_per_draw(cells: u32) -> usize {
        let per_block = ((cells + 3) as usize).pow(3);
        (MAX_ITEMS * 4 / per_block).clamp(1, MAX_INPUT - 2)
    }

    /// Starts evaluating whole blocks and one point beyond: block `b` at
    /// integer block coordinates covers grid points `b * cells + (-1..=cells
    /// + 1)` on each axis, grid point `i` lying at `origin + i * step`. At
    /// most [`Self::blocks_per_draw`] blocks; collect with [`Self::collect_blocks`].
    pub fn submit_blocks(
        &mut self,
        origin: [f32; 3],
        step: f32,
        cells: u32,
        blocks: &[[u32; 3]],
    ) -> Result<(), RenderError> {
        let per_block = ((cells + 3) as usize).pow(3);
        let samples = blocks.len() * per_block;
        let items = samples.div_ceil(4);
        let mut input = Vec::with_capacity(blocks.len() + 2);
        input.push([OP_GRID, items as f32, step, cells as f32]);
        input.push([origin[0], origin[1], origin[2], blocks.len() as f32]);
        for b in blocks {
            input.push([b[0] as f32, b[1] as f32, b[2] as f32, 0.0]);
        }
        let ticket = self.dev.submit(&input, items)?;
        self.pending = Some((ticket, samples));
        self.evaluations += samples as u64;
        Ok(())
    }

    /// The samples of the blocks submitted last: `(cells + 3)^3` values per
    /// block, x fastest, blocks in order.
    pub fn collect_blocks(&mut self) -> Result<Vec<f32>, RenderError> {
        let Some((ticket, samples)) = self.pending.take() else {
            return Ok(Vec::new());
        };
        let mut v = Vec::with_capacity(samples.div_ceil(4));
        self.dev.collect(ticket, &mut v)?;
        Ok(v.iter().flatten().copied().take(samples).collect())
    }

    /// Submits and collects blocks (any number).
    pub fn blocks(
        &mut self,
        origin: [f32; 3],
        step: f32,
        cells: u32,
        blocks: &[[u32; 3]],
    ) -> Result<Vec<f32>, RenderError> {
        let mut out = Vec::new();
        for chunk in blocks.chunks(Self::blocks_per_draw(cells)) {
            self.submit_blocks(origin, step, cells, chunk)?;
            out.extend(self.collect_blocks()?);
        }
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

/// Of `cells` of `lattice`, those the surface may pass through: the value
/// at the centre is at most `lipschitz` times the half-diagonal plus `margin`.
pub fn may_hold_surface(
    ev: &mut Evaluator,
    lattice: &Lattice,
    cells: &[[u32; 3]],
    margin: f32,
    lipschitz: f64,
) -> Result<Vec<[u32; 3]>, RenderError> {
    let centres: Vec<[f32; 3]> = cells.iter().map(|c| lattice.centre(*c)).collect();
    let d = ev.sample(&centres)?;
    // A little over the promise: float rounding of the value and the centre.
    let reach = ((lattice.half_diagonal() + margin) as f64 * lipschitz * 1.001) as f32;
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
/// coarse to fine on the scene's promise; every block when it promises
/// nothing. Sorted by z, then y, then x. With `within` (a half-open range
/// of leaf blocks), only blocks inside it, and the search never leaves it:
/// a brick of a mesh made in pieces costs its own share of the search.
pub fn active_blocks(
    ev: &mut Evaluator,
    promise: Promise,
    origin: [f32; 3],
    step: f32,
    cells: [u32; 3],
    block: u32,
    within: Option<[[u32; 3]; 2]>,
) -> Result<Vec<[u32; 3]>, RenderError> {
    let leaf_counts = cells.map(|c| c.div_ceil(block));
    // Whether a box of `level` (2^level leaves a side) meets `within`.
    let meets = |b: &[u32; 3], level: u32| {
        within.is_none_or(|[lo, hi]| {
            (0..3).all(|a| (b[a] << level) < hi[a] && ((b[a] + 1) << level) > lo[a])
        })
    };
    let Some(lipschitz) = promise.lipschitz() else {
        let mut all = Vec::new();
        for z in 0..leaf_counts[2] {
            for y in 0..leaf_counts[1] {
                for x in 0..leaf_counts[0] {
                    all.push([x, y, z]);
                }
            }
        }
        all.retain(|b| meets(b, 0));
        return Ok(all);
    };
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
    all.retain(|b| meets(b, levels));
    // Half a leaf cell of slack covers rounding in the distance.
    let margin = 0.5 * step;
    let mut active = may_hold_surface(ev, &lattice, &all, margin, lipschitz)?;
    for level in (0..levels).rev() {
        let next = lattice.halved();
        let limit = leaf_counts.map(|n| n.div_ceil(1 << level));
        let mut kids = children(&active, limit);
        kids.retain(|b| meets(b, level));
        lattice = Lattice {
            counts: limit,
            ..next
        };
        active = may_hold_surface(ev, &lattice, &kids, margin, lipschitz)?;
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
/// than `budget` points. `lipschitz` is the scene's factor (a guess where it
/// promises none: the mesh itself never relies on it).
pub fn surface_box(
    ev: &mut Evaluator,
    region: Aabb,
    detail: f32,
    budget: usize,
    lipschitz: f64,
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
    let mut active = may_hold_surface(ev, &lattice, &cells, 0.0, lipschitz)?;
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
        active = may_hold_surface(ev, &lattice, &kids, 0.0, lipschitz)?;
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
