//! Features thinner than the grid: a grid edge whose two ends lie on one
//! side of the surface while the surface crosses it twice in between (a
//! notch, a slot or a plate narrower than a cell). Dual contouring sees
//! only the signs at the grid points, so there the mesh seals the notch or
//! drops the plate; where the same notch is sampled a little further on,
//! what is left of it can become a tunnel through the part (a handle the
//! shape does not have). The mesh cannot keep such features at this
//! resolution; they are found and reported instead.
//!
//! Only for a scene whose SDF is a distance bound with Lipschitz constant
//! `L` ([`super::Promise`]): along an edge from `a` (value `va`) to `b`
//! (`vb`, the same sign), `|f(x)| >= max(|va| - L x, |vb| - L (h - x))`,
//! so the surface can reach the edge only inside `[|va| / L, h - |vb| / L]`,
//! and not at all when `|va| + |vb| >= L h` (most edges). Each edge left is
//! evaluated at the middle of that interval; a value of the other sign is
//! a thin feature, found; otherwise the value's own bound cuts the interval
//! in two, which are tried again, for [`ROUNDS`] rounds. A notch that
//! crosses an edge squarely is found in the first round; one that grazes an
//! edge within a small share of a cell may be missed.

use super::extract::Grid;
use super::grid::Evaluator;
use crate::render::RenderError;

/// Rounds of evaluations per edge (at most 2^ROUNDS - 1 evaluations each).
pub const ROUNDS: usize = 2;

/// Values within this share of a cell of zero are the surface itself (a
/// face lying in a grid plane reads ±rounding along it), not a feature.
const NOISE: f32 = 1e-3;

/// What is left to search of one grid edge: from `start` along `axis`,
/// the stretch `lo..hi` (scene units) where the surface could cross it,
/// and the sign of both its ends.
#[derive(Debug, Clone, Copy)]
pub struct Stretch {
    pub start: [f32; 3],
    pub axis: u8,
    pub lo: f32,
    pub hi: f32,
    pub inside: bool,
}

/// What the search found: how many grid edges the surface crosses twice
/// between their ends, and one such place.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct ThinFound {
    pub edges: u64,
    pub example: Option<[f32; 3]>,
}

impl ThinFound {
    pub fn add(&mut self, other: &ThinFound) {
        self.edges += other.edges;
        if self.example.is_none() {
            self.example = other.example;
        }
    }
}

/// The stretches to search on the edges a block owns (those starting at one
/// of its cells' lower corners), from its lattice of samples `v` (`n =
/// block + 3` a side, from one point before the block).
pub fn stretches(grid: &Grid, coord: [u32; 3], v: &[f32], lipschitz: f32) -> Vec<Stretch> {
    let mut out = Vec::new();
    let b = grid.block as usize;
    let n = b + 3;
    let h = grid.step;
    let base = coord.map(|c| c * grid.block);
    let stride = [1, n, n * n];
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
                let l = (cx + 1) + n * ((cy + 1) + n * (cz + 1));
                let va = v[l];
                if !va.is_finite() {
                    continue;
                }
                let g = [
                    base[0] + cx as u32,
                    base[1] + cy as u32,
                    base[2] + cz as u32,
                ];
                for (axis, s) in stride.iter().enumerate() {
                    let vb = v[l + s];
                    if !vb.is_finite() || (va < 0.0) != (vb < 0.0) {
                        continue;
                    }
                    // An end on the surface (a face in a grid plane): no
                    // feature, and a sign that rounding decides.
                    if va.abs().min(vb.abs()) < NOISE * h {
                        continue;
                    }
                    let lo = va.abs() / lipschitz;
                    let hi = h - vb.abs() / lipschitz;
                    // A crossing needs room for two: a stretch of (almost)
                    // nothing is a surface touching the edge, not a feature.
                    if hi - lo > 1e-3 * h {
                        out.push(Stretch {
                            start: [0, 1, 2].map(|a| grid.origin[a] + g[a] as f32 * h),
                            axis: axis as u8,
                            lo,
                            hi,
                            inside: va < 0.0,
                        });
                    }
                }
            }
        }
    }
    out
}

/// Searches the stretches on the GPU (see the module's notes).
pub fn search(
    ev: &mut Evaluator,
    mut open: Vec<Stretch>,
    lipschitz: f32,
    step: f32,
) -> Result<ThinFound, RenderError> {
    let mut found = ThinFound::default();
    let at = |s: &Stretch, x: f32| {
        let mut p = s.start;
        p[s.axis as usize] += x;
        p
    };
    for _ in 0..ROUNDS {
        if open.is_empty() {
            break;
        }
        let points: Vec<[f32; 3]> = open.iter().map(|s| at(s, 0.5 * (s.lo + s.hi))).collect();
        let values = ev.sample(&points)?;
        let mut next = Vec::new();
        for (s, v) in open.iter().zip(&values) {
            let (x, f) = (0.5 * (s.lo + s.hi), v[0]);
            if !f.is_finite() {
                continue;
            }
            // Past the other side by more than rounding: a feature.
            if (f < 0.0) != s.inside && f.abs() > NOISE * step {
                found.edges += 1;
                found.example.get_or_insert(at(s, x));
                continue;
            }
            let reach = f.abs() / lipschitz;
            for (lo, hi) in [(s.lo, x - reach), (x + reach, s.hi)] {
                if hi - lo > 1e-3 * step {
                    next.push(Stretch { lo, hi, ..*s });
                }
            }
        }
        open = next;
    }
    Ok(found)
}
