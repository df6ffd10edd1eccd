//! The quadratic error function of dual contouring: the point that best
//! lies on every tangent plane (crossing point, normal) of a cell's surface.
//!
//! Minimises sum_i (n_i . (x - p_i))^2 with a truncated pseudo-inverse about
//! the mass point (the mean of the p_i): directions the planes do not pin
//! down (along a flat face, along a box edge) stay at the mass point, so flat
//! and smooth regions get evenly spread vertices while corners and edges get
//! vertices exactly on them. A 3x3 symmetric eigenproblem is all it needs,
//! solved here by Jacobi rotations rather than pulling in a linear-algebra crate.

/// Eigenvalues below this share of the largest are treated as zero: planes
/// within about 8 degrees of each other count as one plane.
const TRUNCATE: f64 = 0.02;

/// The QEF minimiser of the planes through `points` with unit `normals`,
/// in the same coordinates as the points.
pub fn solve(points: &[[f64; 3]], normals: &[[f64; 3]]) -> [f64; 3] {
    let n = points.len().max(1) as f64;
    let mut mass = [0.0; 3];
    for p in points {
        for a in 0..3 {
            mass[a] += p[a] / n;
        }
    }
    // A = sum n n^T, b = sum n (n . (p - mass)).
    let mut m = [[0.0f64; 3]; 3];
    let mut b = [0.0f64; 3];
    for (p, nv) in points.iter().zip(normals) {
        let d = (0..3).map(|a| nv[a] * (p[a] - mass[a])).sum::<f64>();
        for r in 0..3 {
            b[r] += nv[r] * d;
            for c in 0..3 {
                m[r][c] += nv[r] * nv[c];
            }
        }
    }
    let (values, vectors) = symmetric_eigen(m);
    let largest = values.iter().fold(0.0f64, |x, v| x.max(v.abs()));
    let mut x = mass;
    if largest <= 0.0 || !largest.is_finite() {
        return x;
    }
    // x = mass + V diag(1/lambda) V^T b over the eigenvalues kept.
    for k in 0..3 {
        if values[k].abs() < TRUNCATE * largest {
            continue;
        }
        let v = [vectors[0][k], vectors[1][k], vectors[2][k]];
        let proj = (0..3).map(|a| v[a] * b[a]).sum::<f64>() / values[k];
        for a in 0..3 {
            x[a] += v[a] * proj;
        }
    }
    x
}

/// The QEF minimiser within the box `lo..hi` (on every axis): the free
/// minimiser when it lies inside; otherwise the best of the minimisers with
/// some coordinates pinned to a side of the box (every choice of sides is
/// tried: 26 small solves), so that a crease the cell only clips keeps its
/// vertex as close to its planes as the cell allows, rather than wherever a
/// clamp would put it.
pub fn solve_in_box(points: &[[f64; 3]], normals: &[[f64; 3]], lo: f64, hi: f64) -> [f64; 3] {
    solve_in_box_from(points, normals, lo, hi, solve(points, normals))
}

/// The cell's vertex (within `inset..1 - inset`) and, when the free
/// minimiser lies outside the cell, the best place within `reach` of it.
pub fn place(
    points: &[[f64; 3]],
    normals: &[[f64; 3]],
    inset: f64,
    reach: f64,
) -> ([f64; 3], Option<[f64; 3]>) {
    let free = solve(points, normals);
    if free.iter().all(|c| (inset..=1.0 - inset).contains(c)) {
        return (free, None);
    }
    let inside = solve_in_box_from(points, normals, inset, 1.0 - inset, free);
    let beyond = solve_in_box_from(points, normals, -reach, 1.0 + reach, free);
    (inside, (beyond != inside).then_some(beyond))
}

fn solve_in_box_from(
    points: &[[f64; 3]],
    normals: &[[f64; 3]],
    lo: f64,
    hi: f64,
    free: [f64; 3],
) -> [f64; 3] {
    let inside = |x: &[f64; 3]| x.iter().all(|c| (lo - 1e-9..=hi + 1e-9).contains(c));
    if inside(&free) {
        return free;
    }
    let residual = |x: &[f64; 3]| -> f64 {
        points
            .iter()
            .zip(normals)
            .map(|(p, n)| {
                let d: f64 = (0..3).map(|a| n[a] * (x[a] - p[a])).sum();
                d * d
            })
            .sum()
    };
    let mut best: Option<([f64; 3], f64)> = None;
    for code in 1..27u32 {
        let pinned = [0, 1, 2].map(|a| match (code / 3u32.pow(a as u32)) % 3 {
            0 => None,
            1 => Some(lo),
            _ => Some(hi),
        });
        let x = solve_pinned(points, normals, pinned);
        if !inside(&x) || x.iter().any(|c| !c.is_finite()) {
            continue;
        }
        let r = residual(&x);
        if best.is_none_or(|(_, br)| r < br - 1e-15) {
            best = Some((x, r));
        }
    }
    let x = best.map(|(x, _)| x).unwrap_or([0.5 * (lo + hi); 3]);
    x.map(|c| c.clamp(lo, hi))
}

/// As [`solve`], with some coordinates fixed.
fn solve_pinned(points: &[[f64; 3]], normals: &[[f64; 3]], pinned: [Option<f64>; 3]) -> [f64; 3] {
    if pinned.iter().all(Option::is_none) {
        return solve(points, normals);
    }
    let n = points.len().max(1) as f64;
    let mut mass = [0.0; 3];
    for p in points {
        for a in 0..3 {
            mass[a] += p[a] / n;
        }
    }
    // The origin of the free coordinates: the mass point, with pinned ones set.
    let base: [f64; 3] = [0, 1, 2].map(|a| pinned[a].unwrap_or(mass[a]));
    let free = |a: usize| pinned[a].is_none();
    let mut m = [[0.0f64; 3]; 3];
    let mut b = [0.0f64; 3];
    for (p, nv) in points.iter().zip(normals) {
        let d = (0..3).map(|a| nv[a] * (p[a] - base[a])).sum::<f64>();
        for r in (0..3).filter(|&r| free(r)) {
            b[r] += nv[r] * d;
            for c in (0..3).filter(|&c| free(c)) {
                m[r][c] += nv[r] * nv[c];
            }
        }
    }
    let (values, vectors) = symmetric_eigen(m);
    let largest = values.iter().fold(0.0f64, |x, v| x.max(v.abs()));
    let mut x = base;
    if largest <= 0.0 || !largest.is_finite() {
        return x;
    }
    for k in 0..3 {
        if values[k].abs() < TRUNCATE * largest {
            continue;
        }
        let v = [vectors[0][k], vectors[1][k], vectors[2][k]];
        let proj = (0..3).map(|a| v[a] * b[a]).sum::<f64>() / values[k];
        for a in (0..3).filter(|&a| free(a)) {
            x[a] += v[a] * proj;
        }
    }
    x
}

/// Eigenvalues and eigenvectors (the columns of the matrix) of a symmetric
/// 3x3 matrix, by cyclic Jacobi rotations.
pub fn symmetric_eigen(mut a: [[f64; 3]; 3]) -> ([f64; 3], [[f64; 3]; 3]) {
    let mut v = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
    for _ in 0..32 {
        let off = a[0][1] * a[0][1] + a[0][2] * a[0][2] + a[1][2] * a[1][2];
        let scale = a[0][0] * a[0][0] + a[1][1] * a[1][1] + a[2][2] * a[2][2];
        if off <= 1e-24 * scale.max(1e-300) {
            break;
        }
        for (p, q) in [(0, 1), (0, 2), (1, 2)] {
            if a[p][q].abs() < 1e-300 {
                continue;
            }
            let theta = (a[q][q] - a[p][p]) / (2.0 * a[p][q]);
            let t = theta.signum() / (theta.abs() + (theta * theta + 1.0).sqrt());
            let t = if theta == 0.0 { 1.0 } else { t };
            let c = 1.0 / (t * t + 1.0).sqrt();
            let s = t * c;
            // a = J^T a J with J the rotation in the (p, q) plane.
            for row in a.iter_mut() {
                let (akp, akq) = (row[p], row[q]);
                row[p] = c * akp - s * akq;
                row[q] = s * akp + c * akq;
            }
            let (rp, rq) = (a[p], a[q]);
            a[p] = [0, 1, 2].map(|k| c * rp[k] - s * rq[k]);
            a[q] = [0, 1, 2].map(|k| s * rp[k] + c * rq[k]);
            for row in v.iter_mut() {
                let vp = row[p];
                let vq = row[q];
                row[p] = c * vp - s * vq;
                row[q] = s * vp + c * vq;
            }
        }
    }
    ([a[0][0], a[1][1], a[2][2]], v)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dot(a: [f64; 3], b: [f64; 3]) -> f64 {
        a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
    }

    #[test]
    fn eigen_decomposition_reconstructs_the_matrix() {
        let m = [[4.0, 1.0, -2.0], [1.0, 3.0, 0.5], [-2.0, 0.5, 1.0]];
        let (l, v) = symmetric_eigen(m);
        for r in 0..3 {
            for c in 0..3 {
                let back: f64 = (0..3).map(|k| v[r][k] * l[k] * v[c][k]).sum();
                assert!(
                    (back - m[r][c]).abs() < 1e-9,
                    "{r},{c}: {back} vs {}",
                    m[r][c]
                );
            }
        }
    }

    #[test]
    fn three_planes_meet_at_the_corner() {
        // The corner (0.7, 0.2, 0.9) of a box, seen through three crossings.
        let corner = [0.7, 0.2, 0.9];
        let normals = [[1.0, 0.0, 0.0], [0.0, -1.0, 0.0], [0.0, 0.0, 1.0]];
        let points = [[0.7, 0.5, 0.1], [0.1, 0.2, 0.3], [0.4, 0.8, 0.9]];
        let x = solve(&points, &normals);
        for a in 0..3 {
            assert!((x[a] - corner[a]).abs() < 1e-9, "{x:?}");
        }
    }

    #[test]
    fn a_flat_face_keeps_the_mass_point_in_the_plane() {
        let normals = [[0.0, 0.0, 1.0]; 3];
        let points = [[0.1, 0.2, 0.5], [0.9, 0.3, 0.5], [0.5, 0.8, 0.5]];
        let x = solve(&points, &normals);
        assert!((x[0] - 0.5).abs() < 1e-9 && (x[1] - 13.0 / 30.0).abs() < 1e-9);
        assert!((x[2] - 0.5).abs() < 1e-12);
        // Every plane passes through the solution.
        for (p, n) in points.iter().zip(&normals) {
            let d = [x[0] - p[0], x[1] - p[1], x[2] - p[2]];
            assert!(dot(d, *n).abs() < 1e-12);
        }
    }
}
