//! Curves written here from their definitions, sampled densely: the
//! reference the GPU distances are compared with. A curve is a chain of
//! thousands of points; the distance to it is the distance to the chain of
//! segments between them, which differs from the curve's own by less than
//! the chain's sag (curvature times step squared over 8, under 1e-6 for the
//! curves of these tests).

use crate::catalog::an::{self, V3};

/// A densely sampled curve: its points in order and the arc length up to each.
pub(crate) struct Sampled {
    pub pts: Vec<V3>,
    pub len: Vec<f64>,
}

impl Sampled {
    pub(crate) fn new(pts: Vec<V3>) -> Sampled {
        let mut len = vec![0.0];
        for w in pts.windows(2) {
            let l = *len.last().unwrap() + an::len3(an::sub3(w[1], w[0]));
            len.push(l);
        }
        Sampled { pts, len }
    }

    /// Joins pieces end to end (each piece's first point is the last one's end).
    pub(crate) fn chain(pieces: &[Vec<V3>]) -> Sampled {
        let mut pts: Vec<V3> = Vec::new();
        for piece in pieces {
            let skip = usize::from(!pts.is_empty());
            pts.extend(piece.iter().skip(skip));
        }
        Sampled::new(pts)
    }

    pub(crate) fn total(&self) -> f64 {
        *self.len.last().unwrap()
    }

    /// Distance from p to the curve, and the fraction of the length (0..1)
    /// at the nearest point.
    pub(crate) fn nearest(&self, p: V3) -> (f64, f64) {
        let mut best = (f64::MAX, 0.0);
        for i in 0..self.pts.len() - 1 {
            let (a, b) = (self.pts[i], self.pts[i + 1]);
            let ab = an::sub3(b, a);
            let ll = an::dot3(ab, ab);
            let h = if ll > 0.0 {
                (an::dot3(an::sub3(p, a), ab) / ll).clamp(0.0, 1.0)
            } else {
                0.0
            };
            let q = [a[0] + ab[0] * h, a[1] + ab[1] * h, a[2] + ab[2] * h];
            let d = an::len3(an::sub3(p, q));
            if d < best.0 {
                let along = self.len[i] + h * (self.len[i + 1] - self.len[i]);
                best = (d, along / self.total());
            }
        }
        best
    }

    pub(crate) fn distance(&self, p: V3) -> f64 {
        self.nearest(p).0
    }
}

fn lerp(a: V3, b: V3, t: f64) -> V3 {
    [
        a[0] + (b[0] - a[0]) * t,
        a[1] + (b[1] - a[1]) * t,
        a[2] + (b[2] - a[2]) * t,
    ]
}

/// n + 1 points of a quadratic Bezier, by de Casteljau's construction.
pub(crate) fn quadratic(a: V3, b: V3, c: V3, n: usize) -> Vec<V3> {
    (0..=n)
        .map(|i| {
            let t = i as f64 / n as f64;
            lerp(lerp(a, b, t), lerp(b, c, t), t)
        })
        .collect()
}

/// n + 1 points of a cubic Bezier, by de Casteljau's construction.
pub(crate) fn cubic(a: V3, b: V3, c: V3, d: V3, n: usize) -> Vec<V3> {
    (0..=n)
        .map(|i| {
            let t = i as f64 / n as f64;
            let (ab, bc, cd) = (lerp(a, b, t), lerp(b, c, t), lerp(c, d, t));
            lerp(lerp(ab, bc, t), lerp(bc, cd, t), t)
        })
        .collect()
}

/// n + 1 points of the Catmull-Rom piece from p1 to p2, by the
/// Barry-Goldman pyramid of interpolations over knots spaced by
/// |step|^alpha (0 uniform, 0.5 centripetal).
pub(crate) fn catmull_rom(p: [V3; 4], alpha: f64, n: usize) -> Vec<V3> {
    let mut k = [0.0; 4];
    for i in 1..4 {
        let step = an::len3(an::sub3(p[i], p[i - 1])).max(1e-12).powf(alpha);
        k[i] = k[i - 1] + step;
    }
    let at = |i: usize, j: usize, t: f64, a: V3, b: V3| lerp(a, b, (t - k[i]) / (k[j] - k[i]));
    (0..=n)
        .map(|s| {
            let t = k[1] + (k[2] - k[1]) * s as f64 / n as f64;
            let a1 = at(0, 1, t, p[0], p[1]);
            let a2 = at(1, 2, t, p[1], p[2]);
            let a3 = at(2, 3, t, p[2], p[3]);
            let b1 = at(0, 2, t, a1, a2);
            let b2 = at(1, 3, t, a2, a3);
            at(1, 2, t, b1, b2)
        })
        .collect()
}

/// Even-odd point in polygon: a ray towards +x crosses the outline an odd
/// number of times.
pub(crate) fn even_odd_inside(p: [f64; 2], v: &[[f64; 2]]) -> bool {
    let mut inside = false;
    for i in 0..v.len() {
        let (a, b) = (v[i], v[(i + 1) % v.len()]);
        if (a[1] > p[1]) != (b[1] > p[1]) {
            let x = a[0] + (p[1] - a[1]) / (b[1] - a[1]) * (b[0] - a[0]);
            if p[0] < x {
                inside = !inside;
            }
        }
    }
    inside
}
