//! A uniform grid over a point list's instances, built when the shader is
//! built, so that an instancing ROP evaluates only the copies near the
//! point it is asked about instead of every copy at every march step.
//!
//! Each instance is a bounding sphere: its point's position and the
//! input's bound radius times the point's scale. The grid's box holds every
//! sphere with a margin `m` to spare; its cells are cubes of side `c`, and
//! a cell lists every instance whose sphere comes within `m` of the cell
//! (distance from the sphere's centre to the cell at most `radius + m`).
//! The lists are stored one after another, sorted by cell.
//!
//! Why the shader may return `min(listed copies, distance to the cell's
//! boundary + m)` and stay a conservative bound: let `p` be in cell `C`
//! at distance `b` from `C`'s boundary. A copy that `C` does not list lies
//! in a sphere that keeps more than `m` away from `C`, so any of its points
//! `y` is outside `C`: the segment from `p` to `y` leaves `C` after at
//! least `b`, and then needs more than `m` to reach `y`. So every unlisted
//! copy is farther than `b + m`, and the minimum over the listed copies and
//! `b + m` never exceeds the true distance to the union. It equals it where
//! the true distance is below `m` (the nearest copy is then listed), which
//! keeps surfaces and their normals exact. Outside the box, every copy is
//! more than `m` inside it, so the distance to the box plus `m` is a bound.
//! The margin also keeps the bound above `m` on cell faces, so a ray never
//! stalls at a boundary.

use std::fmt::Write as _;

/// Most cells in one grid: their ranges take one texel per two cells.
pub const MAX_CELLS: usize = 1 << 18;
/// Most entries (an instance listed in a cell) in one grid: four to a
/// texel. Past it the cells are made larger.
pub const MAX_ENTRIES: usize = 1 << 20;
/// Cells aimed at per instance: with about four cells each, a cell lists a
/// few instances on scattered points, and dense clusters still split.
const CELLS_PER_INSTANCE: f64 = 4.0;
/// The margin, as a share of the cell side.
const MARGIN: f32 = 0.25;
/// Smallest scale an instance is drawn at (the shader clamps the same way).
pub const MIN_SCALE: f32 = 1e-4;

/// One instance's bounding sphere.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sphere {
    pub centre: [f32; 3],
    pub radius: f32,
}

/// The grid: its box, its cells and, for each cell, the range of
/// `entries` (instance indices) it lists.
#[derive(Debug, Clone, PartialEq)]
pub struct InstanceGrid {
    /// The corner of the box with the smallest coordinates.
    pub lo: [f32; 3],
    /// Side of a (cubic) cell.
    pub cell: f32,
    /// Cells along x, y and z.
    pub dims: [usize; 3],
    /// How far beyond a cell a sphere may reach and still not be listed.
    pub margin: f32,
    /// Per cell (x fastest, then y, then z): where its list starts in
    /// `entries`, and how long it is.
    pub ranges: Vec<(u32, u32)>,
    /// The instance indices, cell after cell.
    pub entries: Vec<u32>,
    /// Per cell that lists nothing: a distance no copy is nearer than from
    /// anywhere in the cell (0 for cells that list something). See
    /// [`clearance`].
    pub clearance: Vec<f32>,
}

impl InstanceGrid {
    /// The grid over the instances `spheres` (at most `u32::MAX` of them;
    /// the point limit keeps them far fewer). Radii below zero or not
    /// finite count as zero; an empty list gives one empty cell at the
    /// origin.
    pub fn build(spheres: &[Sphere]) -> InstanceGrid {
        let clean: Vec<Sphere> = spheres
            .iter()
            .map(|s| Sphere {
                centre: s.centre,
                radius: if s.radius.is_finite() {
                    s.radius.max(0.0)
                } else {
                    0.0
                },
            })
            .collect();
        let (lo, hi) = bounds(&clean);
        let extent: Vec<f64> = (0..3).map(|k| (hi[k] - lo[k]).max(1e-6) as f64).collect();
        let volume = extent[0] * extent[1] * extent[2];
        let target = (clean.len() as f64 * CELLS_PER_INSTANCE).clamp(1.0, MAX_CELLS as f64);
        // Flat boxes (2D point lists) would ask for thin cells: a cell is
        // never thinner than the box's second-largest side over the target.
        let mut sorted = extent.clone();
        sorted.sort_by(f64::total_cmp);
        let mut cell = (volume / target)
            .cbrt()
            .max(sorted[1] / target.sqrt())
            .max(sorted[2] / target) as f32;
        loop {
            let grid = InstanceGrid::with_cell(&clean, lo, hi, cell);
            if let Some(grid) = grid {
                return grid;
            }
            cell *= 1.5;
        }
    }

    /// The grid with cells of side `cell`, or `None` when it would pass the
    /// cell or entry limits.
    fn with_cell(
        spheres: &[Sphere],
        lo: [f32; 3],
        hi: [f32; 3],
        cell: f32,
    ) -> Option<InstanceGrid> {
        let margin = cell * MARGIN;
        let lo = lo.map(|x| x - margin);
        let mut dims = [1usize; 3];
        for k in 0..3 {
            let span = (hi[k] + margin - lo[k]) as f64;
            dims[k] = ((span / cell as f64).ceil() as usize).max(1);
        }
        let cells = dims.iter().try_fold(1usize, |a, &d| a.checked_mul(d))?;
        if cells > MAX_CELLS {
            return None;
        }
        let grid = InstanceGrid {
            lo,
            cell,
            dims,
            margin,
            ranges: Vec::new(),
            entries: Vec::new(),
            clearance: Vec::new(),
        };
        // Count the cells each sphere reaches, then fill: one pass to size
        // the lists, one to place them.
        let mut counts = vec![0u32; cells];
        let mut total = 0usize;
        for s in spheres {
            for c in grid.cells_near(s) {
                counts[c] += 1;
                total += 1;
                if total > MAX_ENTRIES {
                    return None;
                }
            }
        }
        let mut ranges = Vec::with_capacity(cells);
        let mut start = 0u32;
        for &n in &counts {
            ranges.push((start, n));
            start += n;
        }
        let mut entries = vec![0u32; total];
        let mut fill: Vec<u32> = ranges.iter().map(|r| r.0).collect();
        for (i, s) in spheres.iter().enumerate() {
            for c in grid.cells_near(s) {
                entries[fill[c] as usize] = i as u32;
                fill[c] += 1;
            }
        }
        let occupied: Vec<bool> = counts.iter().map(|&n| n > 0).collect();
        let clearance = clearance(&occupied, dims, cell);
        Some(InstanceGrid {
            ranges,
            entries,
            clearance,
            ..grid
        })
    }

    /// The cells a sphere comes within `margin` of: those whose box is at
    /// most `radius + margin` from the centre.
    fn cells_near(&self, s: &Sphere) -> impl Iterator<Item = usize> + '_ {
        let reach = s.radius + self.margin;
        let range = |k: usize| {
            let a = ((s.centre[k] - reach - self.lo[k]) / self.cell)
                .floor()
                .max(0.0) as usize;
            let b = ((s.centre[k] + reach - self.lo[k]) / self.cell)
                .floor()
                .max(0.0) as usize;
            a.min(self.dims[k] - 1)..=b.min(self.dims[k] - 1)
        };
        let (rx, ry, rz) = (range(0), range(1), range(2));
        let centre = s.centre;
        rz.flat_map(move |z| {
            let rx = rx.clone();
            ry.clone()
                .flat_map(move |y| rx.clone().map(move |x| [x, y, z]))
        })
        .filter(move |c| self.cell_distance(*c, centre) <= reach)
        .map(|c| self.cell_index(c))
    }

    /// Index of cell `[x, y, z]` in `ranges`.
    pub fn cell_index(&self, c: [usize; 3]) -> usize {
        c[0] + self.dims[0] * (c[1] + self.dims[1] * c[2])
    }

    /// The cell holding point `p` (points outside the box: the nearest cell).
    pub fn cell_of(&self, p: [f32; 3]) -> [usize; 3] {
        let mut c = [0; 3];
        for k in 0..3 {
            let f = ((p[k] - self.lo[k]) / self.cell).floor();
            c[k] = (f.max(0.0) as usize).min(self.dims[k] - 1);
        }
        c
    }

    /// Distance from point `p` to the box of cell `c` (0 inside it).
    pub fn cell_distance(&self, c: [usize; 3], p: [f32; 3]) -> f32 {
        let mut sum = 0.0f32;
        for k in 0..3 {
            let a = self.lo[k] + c[k] as f32 * self.cell;
            let b = a + self.cell;
            let d = (a - p[k]).max(p[k] - b).max(0.0);
            sum += d * d;
        }
        sum.sqrt()
    }

    /// The instances cell `c` lists.
    pub fn listed(&self, c: [usize; 3]) -> &[u32] {
        let (start, n) = self.ranges[self.cell_index(c)];
        &self.entries[start as usize..(start + n) as usize]
    }

    /// What cell `k`'s texel pair holds: its list's start and length, or,
    /// for a cell that lists nothing (where the start means nothing), its
    /// clearance and 0.
    fn cell_pair(&self, k: usize) -> [f32; 2] {
        match self.ranges[k] {
            (_, 0) => [self.clearance[k], 0.0],
            (start, n) => [start as f32, n as f32],
        }
    }

    /// The texels the shader reads: the cells, two to a texel (start,
    /// count, start, count; see [`Self::cell_pair`]), then the entries,
    /// four to a texel. Starts, counts and entries are integers below
    /// 2^24, so a float holds them exactly.
    pub fn texels(&self) -> Vec<[f32; 4]> {
        let mut t =
            Vec::with_capacity(self.ranges.len().div_ceil(2) + self.entries.len().div_ceil(4));
        for k in (0..self.ranges.len()).step_by(2) {
            let [a, b] = self.cell_pair(k);
            let [c, d] = if k + 1 < self.ranges.len() {
                self.cell_pair(k + 1)
            } else {
                [0.0, 0.0]
            };
            t.push([a, b, c, d]);
        }
        for four in self.entries.chunks(4) {
            let mut v = [0.0f32; 4];
            for (k, &e) in four.iter().enumerate() {
                v[k] = e as f32;
            }
            t.push(v);
        }
        t
    }

    /// The macros that describe the grid to the shader, for a parameter
    /// whose GLSL prefix is `prefix` and whose grid texels start at `first`
    /// (see `rops/filter/instance/function.glsl` for the walk):
    /// `_grid_lo` (vec3), `_grid_cell`, `_grid_margin` (floats),
    /// `_grid_dims` (ivec3), `_grid_hi` (vec3, the far corner),
    /// `_grid_range(K)` (vec2: start and count of cell K's list) and
    /// `_grid_entry(J)` (int: the J-th instance index).
    pub fn macros(&self, prefix: &str, first: usize) -> String {
        let f = super::float_text;
        let hi: Vec<f32> = (0..3)
            .map(|k| self.lo[k] + self.dims[k] as f32 * self.cell)
            .collect();
        let entries_first = first + self.ranges.len().div_ceil(2);
        let mut out = String::new();
        let _ = writeln!(
            out,
            "#define {prefix}_grid_lo vec3({}, {}, {})",
            f(self.lo[0]),
            f(self.lo[1]),
            f(self.lo[2])
        );
        let _ = writeln!(
            out,
            "#define {prefix}_grid_hi vec3({}, {}, {})",
            f(hi[0]),
            f(hi[1]),
            f(hi[2])
        );
        let _ = writeln!(out, "#define {prefix}_grid_cell {}", f(self.cell));
        let _ = writeln!(out, "#define {prefix}_grid_margin {}", f(self.margin));
        let _ = writeln!(
            out,
            "#define {prefix}_grid_dims ivec3({}, {}, {})",
            self.dims[0], self.dims[1], self.dims[2]
        );
        let _ = writeln!(
            out,
            "#define {prefix}_grid_range(K) ((((K) % 2) == 0) ? rk_data({first} + (K) / 2).xy : rk_data({first} + (K) / 2).zw)"
        );
        // The component by a one-hot dot product: exact (the other three
        // are multiplied by 0), and no dynamic index into a vector.
        let _ = writeln!(
            out,
            "#define {prefix}_grid_entry(J) int(dot(rk_data({entries_first} + (J) / 4), vec4(equal(ivec4((J) % 4), ivec4(0, 1, 2, 3)))))"
        );
        out
    }
}

impl super::Loaded {
    /// A loaded point list with a grid over its copies, each bounded by
    /// `radius` (the value of the first `with:` parameter) times the
    /// point's scale, clamped as the shader clamps it. Other kinds are
    /// returned as they are.
    pub fn with_grid(self, radius: f32) -> super::Loaded {
        match self {
            super::Loaded::Points(list) => {
                let spheres: Vec<Sphere> = list
                    .points
                    .iter()
                    .map(|p| Sphere {
                        centre: p.pos,
                        radius: radius * p.scale.max(MIN_SCALE),
                    })
                    .collect();
                let grid = InstanceGrid::build(&spheres);
                super::Loaded::Instances(list, std::sync::Arc::new(grid))
            }
            other => other,
        }
    }
}

/// How far, in cells, [`clearance`] looks for a listing cell.
const CLEARANCE_REACH: i64 = 16;

/// Per empty cell, the distance from its box to the nearest cell that lists
/// something (0 for those). Every copy lies inside the cells that list it
/// (each point of its sphere is in some cell, which then lists it), so no
/// copy is nearer than this from anywhere in an empty cell, and the shader
/// may step that far through empty space rather than to the cell's
/// boundary. The gap between cells `d` apart along an axis is
/// `max(|d| - 1, 0)` cells, so the squared distance is a sum over the axes
/// of one function of each axis' offset: computed as three passes, one per
/// axis, each looking at most `CLEARANCE_REACH` cells away. Cells further
/// away are at least `CLEARANCE_REACH` cells off, so capping at that keeps
/// the result a lower bound.
fn clearance(occupied: &[bool], dims: [usize; 3], cell: f32) -> Vec<f32> {
    let gap = |d: i64| ((d.abs() - 1).max(0) * (d.abs() - 1).max(0)) as f64;
    let cap = gap(CLEARANCE_REACH + 1);
    let mut squared: Vec<f64> = occupied
        .iter()
        .map(|&o| if o { 0.0 } else { f64::INFINITY })
        .collect();
    let stride = [1, dims[0], dims[0] * dims[1]];
    for axis in 0..3 {
        let len = dims[axis] as i64;
        let prev = squared.clone();
        for (k, out) in squared.iter_mut().enumerate() {
            let at = ((k / stride[axis]) % dims[axis]) as i64;
            let lo = (at - CLEARANCE_REACH).max(0);
            let hi = (at + CLEARANCE_REACH).min(len - 1);
            let mut best = f64::INFINITY;
            for other in lo..=hi {
                let j = (k as i64 + (other - at) * stride[axis] as i64) as usize;
                best = best.min(prev[j] + gap(other - at));
            }
            *out = best;
        }
    }
    squared
        .iter()
        .map(|&d| (d.min(cap).sqrt() as f32) * cell)
        .collect()
}

/// The box around every sphere (a point at the origin for none).
fn bounds(spheres: &[Sphere]) -> ([f32; 3], [f32; 3]) {
    if spheres.is_empty() {
        return ([0.0; 3], [0.0; 3]);
    }
    let mut lo = [f32::MAX; 3];
    let mut hi = [f32::MIN; 3];
    for s in spheres {
        for k in 0..3 {
            lo[k] = lo[k].min(s.centre[k] - s.radius);
            hi[k] = hi[k].max(s.centre[k] + s.radius);
        }
    }
    (lo, hi)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small xorshift generator: reproducible points without a crate.
    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> f32 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 >> 40) as f32 / (1u64 << 24) as f32
        }
        fn range(&mut self, a: f32, b: f32) -> f32 {
            a + (b - a) * self.next()
        }
    }

    fn random_spheres(rng: &mut Rng, n: usize, spread: [f32; 3], radius: f32) -> Vec<Sphere> {
        (0..n)
            .map(|_| Sphere {
                centre: spread.map(|s| rng.range(-s, s)),
                radius: radius * rng.range(0.2, 2.0),
            })
            .collect()
    }

    fn distance(a: [f32; 3], b: [f32; 3]) -> f32 {
        ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt()
    }

    /// Every cell lists exactly the spheres that come within the margin of
    /// it, checked by brute force over every (cell, sphere) pair.
    fn check_lists(g: &InstanceGrid, spheres: &[Sphere]) {
        for z in 0..g.dims[2] {
            for y in 0..g.dims[1] {
                for x in 0..g.dims[0] {
                    let c = [x, y, z];
                    let listed = g.listed(c);
                    for (i, s) in spheres.iter().enumerate() {
                        let near = g.cell_distance(c, s.centre) <= s.radius + g.margin;
                        let found = listed.contains(&(i as u32));
                        assert_eq!(
                            near, found,
                            "cell {c:?}, sphere {i} {s:?}: near {near}, listed {found}"
                        );
                    }
                    let mut sorted = listed.to_vec();
                    sorted.dedup();
                    assert_eq!(
                        sorted.len(),
                        listed.len(),
                        "cell {c:?} lists an instance twice"
                    );
                }
            }
        }
    }

    #[test]
    fn every_instance_is_listed_in_every_cell_it_reaches() {
        let mut rng = Rng(0x2545F4914F6CDD1D);
        for (n, spread, radius) in [
            (1, [1.0, 1.0, 1.0], 0.3),
            (10, [2.0, 2.0, 2.0], 0.3),
            (100, [4.0, 1.0, 4.0], 0.2),
            (300, [3.0, 3.0, 0.0], 0.15), // flat: a 2D list
            (200, [0.5, 0.5, 0.5], 1.0),  // heavy overlap
        ] {
            let spheres = random_spheres(&mut rng, n, spread, radius);
            let g = InstanceGrid::build(&spheres);
            assert!(g.ranges.len() <= MAX_CELLS && g.entries.len() <= MAX_ENTRIES);
            check_lists(&g, &spheres);
        }
    }

    /// The bound the shader returns, computed here as the shader does, never
    /// exceeds the distance to the nearest sphere surface (brute force over
    /// all spheres), equals it below the margin, and is at least the margin
    /// everywhere outside the spheres.
    #[test]
    fn the_cell_bound_is_conservative_and_exact_near_surfaces() {
        let mut rng = Rng(0x9E3779B97F4A7C15);
        let spheres = random_spheres(&mut rng, 150, [3.0, 2.0, 3.0], 0.25);
        let g = InstanceGrid::build(&spheres);
        let hi: Vec<f32> = (0..3)
            .map(|k| g.lo[k] + g.dims[k] as f32 * g.cell)
            .collect();
        for _ in 0..20_000 {
            let p = [
                rng.range(-5.0, 5.0),
                rng.range(-4.0, 4.0),
                rng.range(-5.0, 5.0),
            ];
            let truth = spheres
                .iter()
                .map(|s| distance(p, s.centre) - s.radius)
                .fold(f32::MAX, f32::min);
            let mut outside = 0.0f32;
            for k in 0..3 {
                let d = (g.lo[k] - p[k]).max(p[k] - hi[k]).max(0.0);
                outside += d * d;
            }
            let bound = if outside > 0.0 {
                outside.sqrt() + g.margin
            } else {
                let c = g.cell_of(p);
                let mut face = f32::MAX;
                for k in 0..3 {
                    let a = g.lo[k] + c[k] as f32 * g.cell;
                    face = face.min(p[k] - a).min(a + g.cell - p[k]);
                }
                let mut far = face.max(0.0) + g.margin;
                if g.listed(c).is_empty() {
                    far = far.max(g.clearance[g.cell_index(c)]);
                }
                g.listed(c)
                    .iter()
                    .map(|&i| distance(p, spheres[i as usize].centre) - spheres[i as usize].radius)
                    .fold(far, f32::min)
            };
            assert!(
                bound <= truth + 1e-5,
                "at {p:?}: bound {bound} > distance {truth}"
            );
            if truth < g.margin * 0.999 {
                assert!(
                    (bound - truth).abs() < 1e-5,
                    "at {p:?}: bound {bound}, distance {truth}"
                );
            } else {
                assert!(
                    bound >= g.margin * 0.999 - 1e-5,
                    "at {p:?}: bound {bound} below the margin"
                );
            }
        }
    }

    /// An empty cell's clearance never exceeds the distance from the cell
    /// to any sphere (brute force over every pair), and is positive for
    /// cells well away from every sphere.
    #[test]
    fn clearance_of_empty_cells_is_below_the_distance_to_every_sphere() {
        let mut rng = Rng(99);
        for spread in [[3.0, 3.0, 3.0], [6.0, 1.0, 0.0]] {
            // Two clusters at opposite corners, and a scatter: empty space
            // several cells wide between them.
            let mut spheres = random_spheres(&mut rng, 40, spread, 0.2);
            for corner in [-1.0, 1.0] {
                for mut s in random_spheres(&mut rng, 20, [0.5, 0.5, 0.5], 0.1) {
                    s.centre = [0, 1, 2].map(|k| s.centre[k] + corner * 3.0 * spread[k]);
                    spheres.push(s);
                }
            }
            let g = InstanceGrid::build(&spheres);
            let mut positive = 0;
            for z in 0..g.dims[2] {
                for y in 0..g.dims[1] {
                    for x in 0..g.dims[0] {
                        let c = [x, y, z];
                        let k = g.cell_index(c);
                        if !g.listed(c).is_empty() {
                            assert_eq!(g.clearance[k], 0.0);
                            continue;
                        }
                        let nearest = spheres
                            .iter()
                            .map(|s| g.cell_distance(c, s.centre) - s.radius)
                            .fold(f32::MAX, f32::min);
                        assert!(
                            g.clearance[k] <= nearest + 1e-5,
                            "cell {c:?}: {} > {nearest}",
                            g.clearance[k]
                        );
                        positive += (g.clearance[k] > 0.0) as usize;
                    }
                }
            }
            assert!(positive > 0, "no empty cell has a clearance");
        }
    }

    #[test]
    fn texels_hold_ranges_and_entries_exactly() {
        let mut rng = Rng(7);
        let spheres = random_spheres(&mut rng, 50, [2.0, 2.0, 2.0], 0.3);
        let g = InstanceGrid::build(&spheres);
        let t = g.texels();
        let first_entry = g.ranges.len().div_ceil(2);
        assert_eq!(t.len(), first_entry + g.entries.len().div_ceil(4));
        for (k, &(s, n)) in g.ranges.iter().enumerate() {
            let texel = t[k / 2];
            let (a, b) = (texel[(k % 2) * 2], texel[(k % 2) * 2 + 1]);
            if n == 0 {
                assert_eq!((a, b), (g.clearance[k], 0.0));
            } else {
                assert_eq!((a as u32, b as u32), (s, n));
            }
        }
        for (j, &e) in g.entries.iter().enumerate() {
            assert_eq!(t[first_entry + j / 4][j % 4] as u32, e);
        }
        let m = g.macros("node_Points", 300);
        assert!(
            m.contains(&format!("rk_data({} + (J) / 4)", 300 + first_entry)),
            "{m}"
        );
    }

    #[test]
    fn limits_hold_for_many_large_instances_and_empty_lists_work() {
        // 20,000 spheres that each cover most of the box: the cells grow
        // until the entries fit.
        let mut rng = Rng(11);
        let spheres = random_spheres(&mut rng, 20_000, [1.0, 1.0, 1.0], 2.0);
        let g = InstanceGrid::build(&spheres);
        assert!(g.entries.len() <= MAX_ENTRIES && g.ranges.len() <= MAX_CELLS);
        let empty = InstanceGrid::build(&[]);
        assert_eq!((empty.ranges.len(), empty.entries.len()), (1, 0));
        let bad = InstanceGrid::build(&[Sphere {
            centre: [0.0; 3],
            radius: f32::NAN,
        }]);
        assert_eq!(bad.entries, vec![0]);
    }
}
