//! Mesh export: turns a network's 3D scene into a closed, oriented, coloured
//! triangle mesh.
//!
//! The scene's SDF is evaluated on the GPU ([`grid`], [`device`]) in blocks
//! of [`BLOCK_CELLS`]³ cells, coarse to fine, skipping a block only where
//! the scene's [`guarantee::Promise`] rules the surface out (every block is
//! evaluated for a field that promises nothing); the surface is extracted by
//! dual contouring ([`extract`], [`contour`], [`qef`], crease vertices
//! moved by [`relax`]) one batch of blocks at a time on every core while the
//! GPU evaluates the next; normals come from the SDF gradient and colours
//! from the material switch; [`simplify`]
//! merges flat regions on request; [`write`] stores the result as glTF
//! binary, OBJ, STL or PLY.

pub mod contour;
pub mod device;
pub mod extract;
pub mod grid;
pub mod guarantee;
pub mod qef;
pub mod relax;
pub mod simplify;
pub mod thin;
#[cfg(feature = "mesh-files")]
pub mod write;

use crate::build::BuildError;
use crate::library::Library;
use crate::network::{Network, node_path};
use crate::render::{RenderError, Renderer};
pub use grid::Aabb;
pub use guarantee::Promise;
use std::time::{Duration, Instant};

/// Cells on a side of one evaluation block.
pub const BLOCK_CELLS: u32 = 16;
/// Most cells along the longest side.
pub const MAX_RESOLUTION: u32 = 4096;
/// Most triangles a mesh may have unless the caller allows more (about 1 GiB in memory).
pub const DEFAULT_MAX_TRIANGLES: usize = 30_000_000;
/// Half-size of the cube the automatic bounds are searched in.
pub const SEARCH_EXTENT: f32 = 1000.0;
/// Half-size of the cube searched first: most scenes fit, and fractal
/// distance estimates, which overestimate far from the set, are still
/// bounds at this scale.
pub const NEAR_EXTENT: f32 = 16.0;
/// Half-size of the box meshed along an axis where the scene has no end
/// (a floor plane, an endless repeat), centred on the origin.
pub const UNBOUNDED_EXTENT: f32 = 4.0;
/// The search stops refining when its boxes are this fine a share of the scene.
const SEARCH_DETAIL: f32 = 128.0;
/// Most box centres one refinement step of the search evaluates.
const SEARCH_BUDGET: usize = 1 << 19;

/// An indexed triangle mesh: one vertex per position, triangles wound
/// counter-clockwise seen from outside.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Mesh {
    pub positions: Vec<[f32; 3]>,
    /// Unit normals, one per vertex.
    pub normals: Vec<[f32; 3]>,
    /// Linear RGB base colours, one per vertex, each channel 0 to 1.
    pub colors: Vec<[f32; 3]>,
    pub triangles: Vec<[u32; 3]>,
}

/// What to mesh and how finely.
#[derive(Debug, Clone)]
pub struct MeshOptions {
    /// Cells along the longest side of the bounds.
    pub resolution: u32,
    /// The box to mesh; `None` finds it from the SDF.
    pub bounds: Option<Aabb>,
    /// Mesh this node instead of the output's scene input.
    pub node: Option<String>,
    /// Refuse to build a mesh with more triangles than this.
    pub max_triangles: usize,
    /// Merge triangles while the surface moves less than this (scene
    /// units): fewer triangles where the surface is flat.
    pub tolerance: Option<f32>,
    /// Give up with [`MeshError::Timeout`] after this long.
    pub timeout: Option<Duration>,
    /// Mesh only the brick of blocks from `[0]` up to (not including)
    /// `[1]`, in block coordinates ([`BLOCK_CELLS`] cells each), of the
    /// grid that `bounds` and `resolution` give: one piece of a mesh made
    /// in pieces. The grid is the whole mesh's, and the brick is extracted
    /// with a halo of one block on every side (see [`extract::extract`]):
    /// it keeps the triangles its own blocks own, which are the whole
    /// mesh's, and the bricks of a partition meet by [`extract::vertex_key`]
    /// into one closed mesh ([`mesh_keyed`] gives the keys).
    pub blocks: Option<extract::BlockRange>,
}

impl Default for MeshOptions {
    fn default() -> Self {
        MeshOptions {
            resolution: 128,
            bounds: None,
            node: None,
            max_triangles: DEFAULT_MAX_TRIANGLES,
            tolerance: None,
            timeout: None,
            blocks: None,
        }
    }
}

/// What a run found out besides the mesh.
#[derive(Debug, Clone)]
pub struct MeshInfo {
    /// The box that was meshed.
    pub bounds: Aabb,
    /// Whether `bounds` was found from the SDF.
    pub bounds_found: bool,
    /// Axes (x, y, z) along which the scene has no end within the search
    /// cube, so the found bounds cut it at ±[`UNBOUNDED_EXTENT`].
    pub unbounded: [bool; 3],
    /// Cell size and cells per axis.
    pub step: f32,
    pub cells: [u32; 3],
    /// Blocks evaluated and blocks in the whole grid.
    pub active_blocks: usize,
    pub total_blocks: usize,
    /// SDF evaluations and GPU draws.
    pub evaluations: u64,
    pub draws: u64,
    /// What the scene's values promise, which decided the blocks skipped.
    pub promise: Promise,
    /// Triangles before simplification (`tolerance`), and the largest
    /// distance simplification moved the surface (scene units, estimated).
    pub unsimplified_triangles: usize,
    pub stats: extract::ExtractStats,
    /// Seconds for: building the shader, finding the bounds, finding the
    /// blocks, extraction, simplification.
    pub timings: [f64; 5],
    /// What building the shader found worth telling.
    pub warnings: Vec<crate::generate::Warning>,
}

impl MeshInfo {
    /// Whether the mesh has holes: the surface leaves the bounds, or a block
    /// the surface reaches was skipped.
    pub fn is_open(&self) -> bool {
        self.stats.boundary_crossings > 0 || self.stats.missing_quads > 0
    }

    /// One line for the user about openness, when there is something to say.
    pub fn open_note(&self) -> Option<String> {
        if self.stats.boundary_crossings > 0 {
            Some(format!(
                "the surface leaves the bounds ({} crossings on the boundary): the mesh is open there{}",
                self.stats.boundary_crossings,
                if self.bounds_found {
                    ""
                } else {
                    "; give larger --bounds to close it"
                }
            ))
        } else if self.stats.missing_quads > 0 {
            Some(format!(
                "{} quads are missing where the SDF breaks its distance promise (a block with surface was skipped): the mesh is open there",
                self.stats.missing_quads
            ))
        } else {
            None
        }
    }
}

impl MeshInfo {
    /// One line for the user when the grid is too coarse for some of the
    /// shape's features ([`thin`]), else `None`.
    pub fn thin_note(&self) -> Option<String> {
        let t = &self.stats.thin;
        if t.edges == 0 {
            return None;
        }
        let near = t
            .example
            .map(|p| format!(", one near ({:.4}, {:.4}, {:.4})", p[0], p[1], p[2]))
            .unwrap_or_default();
        Some(format!(
            "the grid is too coarse for parts of the shape thinner than a cell ({:.4} units): the surface passes through {} grid edges and back between their ends{near}; there the mesh seals a notch or drops a thin part, and a sealed notch can leave a tunnel through the shape: mesh at a higher --resolution to keep them",
            self.step, t.edges
        ))
    }
}

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum MeshError {
    #[error(transparent)]
    Build(#[from] BuildError),
    #[error(transparent)]
    Render(#[from] RenderError),
    /// Nothing to mesh: no surface inside the bounds.
    #[error("{0}")]
    Empty(String),
    /// The mesh would not fit the limits.
    #[error("{0}")]
    TooLarge(String),
    /// Bad options.
    #[error("{0}")]
    Invalid(String),
    /// The run took longer than its timeout.
    #[error(
        "meshing took longer than the timeout of {0:.0} s: lower --resolution, mesh a smaller --bounds or give a longer --timeout"
    )]
    Timeout(f64),
}

impl MeshError {
    /// The text the command line prints (a GLSL error with its ROP's lines).
    pub fn report(&self) -> String {
        match self {
            // The scene is wired into a fresh 3D output: a type error there
            // means the node is not a 3D SDF.
            MeshError::Build(e @ BuildError::Resolve { .. }) => format!(
                "{}\n(a mesh needs a node that evaluates as a 3D SDF, vec3 -> Sdf: pick one with --node)",
                e.report()
            ),
            MeshError::Build(e) => e.report(),
            e => e.to_string(),
        }
    }
}

/// A network whose output is a fresh `raymarchRender3D` with `node` (or the
/// original output's first input) on its scene input: only the scene is
/// compiled, always as a 3D SDF.
pub fn scene_network(net: &Network, node: Option<&str>) -> Result<Network, MeshError> {
    let target = match node {
        Some(n) => {
            let path = node_path(n);
            if !net.nodes.contains_key(&path) {
                return Err(MeshError::Invalid(format!(
                    "--node {n}: there is no node {path} in {}",
                    net.file.display()
                )));
            }
            path
        }
        None => net
            .nodes
            .get(&net.output)
            .and_then(|o| o.input(0))
            .map(str::to_string)
            .ok_or_else(|| {
                MeshError::Invalid(format!(
                    "the output {} has nothing on its first (scene) input: connect one or give --node",
                    net.output
                ))
            })?,
    };
    let mut m = net.clone();
    let out = m
        .add_node_at("raymarchRender3D", None)
        .map_err(|e| MeshError::Invalid(e.to_string()))?;
    m.connect(&target, &out, 0)
        .map_err(|e| MeshError::Invalid(e.to_string()))?;
    m.output = out;
    Ok(m)
}

/// Checks the options that need no GPU.
pub fn check_options(opts: &MeshOptions) -> Result<(), MeshError> {
    if opts.resolution < 2 || opts.resolution > MAX_RESOLUTION {
        return Err(MeshError::TooLarge(format!(
            "resolution {} is outside 2 to {MAX_RESOLUTION} cells along the longest side",
            opts.resolution
        )));
    }
    if let Some(t) = opts.tolerance
        && !(t.is_finite() && t >= 0.0)
    {
        return Err(MeshError::Invalid(format!(
            "tolerance {t}: give a distance of 0 or more, in scene units"
        )));
    }
    if opts.blocks.is_some() && opts.tolerance.is_some_and(|t| t > 0.0) {
        return Err(MeshError::Invalid(
            "a brick (blocks) cannot be simplified: simplification would move its border vertices away from its neighbours'".into(),
        ));
    }
    if let Some([lo, hi]) = &opts.blocks
        && (0..3).any(|a| lo[a] >= hi[a])
    {
        return Err(MeshError::Invalid(format!(
            "blocks {lo:?} to {hi:?}: each start must be below its end"
        )));
    }
    if let Some(b) = &opts.bounds {
        let ok =
            (0..3).all(|a| b.min[a].is_finite() && b.max[a].is_finite() && b.min[a] < b.max[a]);
        if !ok {
            return Err(MeshError::Invalid(format!(
                "bounds {:?} to {:?}: each minimum must be finite and below its maximum",
                b.min, b.max
            )));
        }
    }
    Ok(())
}

/// Meshes `net`'s scene. `progress(done, total)` follows the blocks.
pub fn mesh_network(
    net: &Network,
    lib: &Library,
    renderer: &mut Renderer,
    opts: &MeshOptions,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<(Mesh, MeshInfo), MeshError> {
    mesh_keyed(net, lib, renderer, opts, progress).map(|(mesh, _, info)| (mesh, info))
}

/// [`mesh_network`], with each vertex's [`extract::vertex_key`] (empty
/// after simplification, which merges vertices of different cells).
pub fn mesh_keyed(
    net: &Network,
    lib: &Library,
    renderer: &mut Renderer,
    opts: &MeshOptions,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<(Mesh, Vec<u64>, MeshInfo), MeshError> {
    check_options(opts)?;
    let start = Instant::now();
    let deadline = opts.timeout.map(|t| (start + t, t.as_secs_f64()));
    let scene = scene_network(net, opts.node.as_deref())?;
    let target = scene.nodes[&scene.output]
        .input(0)
        .map(str::to_string)
        .unwrap_or_default();
    let promise = guarantee::promise_of(&scene, lib, &target);
    let mut timings = [0.0; 5];
    let mut ev = grid::Evaluator::new(renderer, lib, &scene)?;
    timings[0] = start.elapsed().as_secs_f64();
    let t = Instant::now();
    let (bounds, unbounded) = match opts.bounds {
        Some(b) => (b, [false; 3]),
        None => find_bounds(&mut ev, opts.resolution, promise.lipschitz().unwrap_or(1.0))?,
    };
    timings[1] = t.elapsed().as_secs_f64();
    let grid = grid_of(&bounds, opts.resolution);
    let (origin, step, cells) = (grid.origin, grid.step, grid.cells);
    let t = Instant::now();
    // A brick is searched and extracted with its halo of one block.
    let halo = opts
        .blocks
        .map(|[lo, hi]| [lo.map(|x| x.saturating_sub(1)), hi.map(|x| x + 1)]);
    let blocks = grid::active_blocks(&mut ev, promise, origin, step, cells, BLOCK_CELLS, halo)?;
    timings[2] = t.elapsed().as_secs_f64();
    let total_blocks = cells
        .iter()
        .map(|c| c.div_ceil(BLOCK_CELLS) as usize)
        .product();
    if blocks.is_empty() {
        return Err(MeshError::Empty(empty_message(&bounds)));
    }
    // A plane through a block gives about 2 B² triangles; refuse early what
    // would pass the limit anyway (a dense pass promises nothing about how
    // many blocks hold surface, so it is judged as it goes).
    let estimate = blocks.len() * (BLOCK_CELLS * BLOCK_CELLS) as usize * 2;
    if promise.lipschitz().is_some() && estimate > opts.max_triangles.saturating_mul(2) {
        return Err(MeshError::TooLarge(format!(
            "at resolution {} the surface reaches {} blocks, about {} million triangles, more than the limit of {} million: lower the resolution or mesh a smaller box",
            opts.resolution,
            blocks.len(),
            estimate / 1_000_000,
            opts.max_triangles / 1_000_000
        )));
    }
    let t = Instant::now();
    let limits = extract::Limits {
        max_triangles: opts.max_triangles,
        deadline,
        progress,
        thin: promise.lipschitz().map(|l| l as f32),
    };
    let (mut mesh, mut keys, stats) =
        extract::extract(&mut ev, &grid, &blocks, opts.blocks, limits)?;
    timings[3] = t.elapsed().as_secs_f64();
    if mesh.triangles.is_empty() {
        return Err(MeshError::Empty(empty_message(&bounds)));
    }
    let unsimplified_triangles = mesh.triangles.len();
    if let Some(tolerance) = opts.tolerance.filter(|t| *t > 0.0) {
        let t = Instant::now();
        simplify::simplify(&mut mesh, tolerance, deadline)?;
        keys.clear();
        // Merged vertices moved: their normals and colours again, from the SDF.
        let grads = ev.gradients(&mesh.positions, 0.05 * step)?;
        for (n, g) in mesh.normals.iter_mut().zip(&grads) {
            if let Some(u) = extract::unit(*g) {
                *n = u;
            }
        }
        let colours = ev.colours(&mesh.positions, &mesh.normals)?;
        for (c, new) in mesh.colors.iter_mut().zip(colours) {
            if new.iter().all(|x| x.is_finite()) {
                *c = new.map(|x| x.clamp(0.0, 1.0));
            }
        }
        timings[4] = t.elapsed().as_secs_f64();
    }
    let info = MeshInfo {
        bounds: Aabb {
            min: origin,
            max: [0, 1, 2].map(|a| origin[a] + cells[a] as f32 * step),
        },
        bounds_found: opts.bounds.is_none(),
        unbounded,
        step,
        cells,
        active_blocks: blocks.len(),
        total_blocks,
        evaluations: ev.evaluations,
        draws: ev.draws(),
        promise,
        unsimplified_triangles,
        stats,
        timings,
        warnings: std::mem::take(&mut ev.warnings),
    };
    Ok((mesh, keys, info))
}

/// The grid a mesh of `bounds` at `resolution` is extracted on.
pub fn grid_of(bounds: &Aabb, resolution: u32) -> extract::Grid {
    let longest = bounds.longest();
    let step = longest / resolution as f32;
    let size = bounds.size();
    let cells = size.map(|s| ((s / step).round() as u32).max(1));
    // Centre the grid on the bounds (rounding may make it a little larger or smaller).
    let origin = [0, 1, 2].map(|a| bounds.min[a] + 0.5 * (size[a] - cells[a] as f32 * step));
    extract::Grid {
        origin,
        step,
        cells,
        block: BLOCK_CELLS,
    }
}

/// The box a mesh of `net` with `opts` covers (`opts.bounds`, or found
/// from the SDF as [`mesh_network`] finds it) and the grid on it: what the
/// pieces of a mesh made in bricks agree on first.
pub fn mesh_grid(
    net: &Network,
    lib: &Library,
    renderer: &mut Renderer,
    opts: &MeshOptions,
) -> Result<(Aabb, extract::Grid), MeshError> {
    check_options(opts)?;
    let bounds = match opts.bounds {
        Some(b) => b,
        None => {
            let scene = scene_network(net, opts.node.as_deref())?;
            let target = scene.nodes[&scene.output]
                .input(0)
                .map(str::to_string)
                .unwrap_or_default();
            let promise = guarantee::promise_of(&scene, lib, &target);
            let mut ev = grid::Evaluator::new(renderer, lib, &scene)?;
            find_bounds(&mut ev, opts.resolution, promise.lipschitz().unwrap_or(1.0))?.0
        }
    };
    Ok((bounds, grid_of(&bounds, opts.resolution)))
}

fn empty_message(b: &Aabb) -> String {
    format!(
        "the scene has no surface inside the bounds {} (every sample is on one side): nothing to mesh",
        format_bounds(b)
    )
}

/// `x0,y0,z0,x1,y1,z1`, as `--bounds` takes it.
pub fn format_bounds(b: &Aabb) -> String {
    let v: Vec<String> = b
        .min
        .iter()
        .chain(&b.max)
        .map(|x| format!("{x:.4}"))
        .collect();
    v.join(",")
}

/// Finds the box around the surface: a coarse-to-fine search inside
/// ±[`NEAR_EXTENT`], then, when the surface reaches its sides, inside
/// ±[`SEARCH_EXTENT`]; padded by 2% and two cells of the final grid. Along
/// axes where the surface runs to the edge of the search cube, the box is
/// cut at ±[`UNBOUNDED_EXTENT`] (and the other axes are searched again
/// inside that cut, so a floor does not swallow the objects on it).
pub fn find_bounds(
    ev: &mut grid::Evaluator,
    resolution: u32,
    lipschitz: f64,
) -> Result<(Aabb, [bool; 3]), MeshError> {
    let cube = |e: f32| Aabb {
        min: [-e; 3],
        max: [e; 3],
    };
    let near = grid::surface_box(
        ev,
        cube(NEAR_EXTENT),
        SEARCH_DETAIL,
        SEARCH_BUDGET,
        lipschitz,
    )?;
    let touches_any = |s: &grid::SurfaceBox| s.touches.iter().flatten().any(|t| *t);
    let first = if near.found.is_some() && !touches_any(&near) {
        near
    } else {
        let far = grid::surface_box(
            ev,
            cube(SEARCH_EXTENT),
            SEARCH_DETAIL,
            SEARCH_BUDGET,
            lipschitz,
        )?;
        // A distance estimate that overestimates far away can hide the
        // surface from the large search; then the near one stands.
        if far.found.is_some() { far } else { near }
    };
    let Some(found) = first.found else {
        return Err(MeshError::Empty(format!(
            "the scene has no surface within ±{SEARCH_EXTENT} of the origin: nothing to mesh"
        )));
    };
    let unbounded = first.touches.map(|t| t[0] || t[1]);
    let found = if unbounded.iter().any(|u| *u) {
        let region = Aabb {
            min: [0, 1, 2].map(|a| {
                if unbounded[a] {
                    -UNBOUNDED_EXTENT
                } else {
                    found.min[a]
                }
            }),
            max: [0, 1, 2].map(|a| {
                if unbounded[a] {
                    UNBOUNDED_EXTENT
                } else {
                    found.max[a]
                }
            }),
        };
        let second = grid::surface_box(ev, region, SEARCH_DETAIL, SEARCH_BUDGET, lipschitz)?;
        let Some(inner) = second.found else {
            return Err(MeshError::Empty(format!(
                "the scene's surface runs off to ±{SEARCH_EXTENT} but has none within ±{UNBOUNDED_EXTENT}: give --bounds"
            )));
        };
        Aabb {
            min: [0, 1, 2].map(|a| {
                if unbounded[a] {
                    region.min[a]
                } else {
                    inner.min[a]
                }
            }),
            max: [0, 1, 2].map(|a| {
                if unbounded[a] {
                    region.max[a]
                } else {
                    inner.max[a]
                }
            }),
        }
    } else {
        found
    };
    let longest = found.longest().max(1e-6);
    let pad = 0.02 * longest + 2.0 * longest / resolution as f32;
    let bounds = Aabb {
        min: [0, 1, 2].map(|a| found.min[a] - if unbounded[a] { 0.0 } else { pad }),
        max: [0, 1, 2].map(|a| found.max[a] + if unbounded[a] { 0.0 } else { pad }),
    };
    Ok((bounds, unbounded))
}
