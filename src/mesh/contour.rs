//! The contour of one grid cell: which of its crossed edges join into one
//! polygon (one vertex of dual contouring), decided as marching cubes
//! would, with the asymptotic decider on ambiguous faces.
//!
//! On a face with two sign changes the crossings pair up; on an ambiguous
//! face (four changes) the sign of the bilinear saddle pairs them. The
//! decision depends only on the face's four values, so both cells sharing
//! the face agree, and every mesh edge between two cells comes from exactly
//! one pair of crossings on their shared face.

use std::sync::OnceLock;

/// The corner `c` (bits: x, y, z) of a cell as offsets.
pub fn corner(c: usize) -> [usize; 3] {
    [c & 1, (c >> 1) & 1, (c >> 2) & 1]
}

/// The two axes other than `d`, in increasing order.
pub fn others(d: usize) -> (usize, usize) {
    match d {
        0 => (1, 2),
        1 => (0, 2),
        _ => (0, 1),
    }
}

/// Edge `e = 4 d + k` of a cell runs along axis `d` from corner
/// `edge_corners(e).0`; `k` holds the cell coordinates on the other two axes.
pub fn edge_id(d: usize, c: usize) -> usize {
    let (o1, o2) = others(d);
    let o = corner(c);
    d * 4 + o[o1] + 2 * o[o2]
}

pub fn edge_corners(e: usize) -> (usize, usize) {
    let d = e / 4;
    let (o1, o2) = others(d);
    let c0 = ((e & 1) << o1) | (((e >> 1) & 1) << o2);
    (c0, c0 | (1 << d))
}

/// Face `f = 2 a + s` (axis a, side s): its corners in cyclic order over its
/// two axes p < q, (0,0) (1,0) (1,1) (0,1), and the edge after each corner.
pub fn face_corners(f: usize) -> [usize; 4] {
    let (a, s) = (f / 2, f % 2);
    let (p, q) = others(a);
    [(0, 0), (1, 0), (1, 1), (0, 1)].map(|(u, v)| (s << a) | (u << p) | (v << q))
}

pub fn face_edges(f: usize) -> [usize; 4] {
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
pub struct Contour {
    cycles: u32,
    pub count: u8,
}

impl Contour {
    pub fn cycle(&self, e: usize) -> u32 {
        (self.cycles >> (2 * e)) & 3
    }
}

/// Contours for each corner sign mask (bit set: inside) and each choice of
/// the six faces' saddle signs (bit set: the saddle is inside).
pub fn contour_table() -> &'static [Contour] {
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

pub fn contour_of(mask: usize, saddles: usize) -> Contour {
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
pub struct CellSigns {
    /// Bit c set: corner c is inside.
    pub mask: usize,
    /// Bit f set: face f is ambiguous and its saddle is inside.
    pub saddles: usize,
    /// Bit f set: face f is ambiguous.
    pub ambiguous: usize,
}

impl CellSigns {
    /// The cell whose lower corner is sample `l0` of a block lattice `n` wide;
    /// `None` when every corner is on one side.
    pub fn of(v: &[f32], l0: usize, n: usize) -> Option<CellSigns> {
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
pub fn flips(v: &[f32], l0: usize, n: usize, cell: &CellSigns, table: &[Contour]) -> usize {
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
