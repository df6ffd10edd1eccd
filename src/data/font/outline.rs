//! A glyph's outline as the segments the shader reads: straight lines and
//! quadratic Béziers, each monotonic in y, so that a horizontal ray crosses
//! a segment at most once (the winding number then needs one root per
//! segment, and the half-open rule at shared end points counts every
//! crossing once). Cubics (CFF outlines, `.otf`) are split into quadratics
//! within [`CUBIC_TOLERANCE`].

/// How far (in em) the quadratics that stand in for a cubic may stray from
/// it: a quarter of a font unit at 1,000 units per em (CFF coordinates are
/// whole units), a quarter of a pixel for text 1,000 pixels high.
pub const CUBIC_TOLERANCE: f64 = 2.5e-4;

/// A line (`ctrl` is `None`) or a quadratic Bézier, in em units.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Segment {
    pub from: [f64; 2],
    pub ctrl: Option<[f64; 2]>,
    pub to: [f64; 2],
}

impl Segment {
    /// The point at `t` (0..1).
    pub fn at(&self, t: f64) -> [f64; 2] {
        match self.ctrl {
            None => lerp(self.from, self.to, t),
            Some(c) => lerp(lerp(self.from, c, t), lerp(c, self.to, t), t),
        }
    }

    /// The smallest box holding the segment's points (its control point
    /// included, so the box holds the whole curve).
    pub fn bbox(&self) -> [f64; 4] {
        let mut b = [self.from[0], self.from[1], self.from[0], self.from[1]];
        for p in [self.to].into_iter().chain(self.ctrl) {
            b = [
                b[0].min(p[0]),
                b[1].min(p[1]),
                b[2].max(p[0]),
                b[3].max(p[1]),
            ];
        }
        b
    }

    pub fn translated(&self, d: [f64; 2]) -> Segment {
        let m = |p: [f64; 2]| [p[0] + d[0], p[1] + d[1]];
        Segment {
            from: m(self.from),
            ctrl: self.ctrl.map(m),
            to: m(self.to),
        }
    }
}

pub(crate) fn lerp(a: [f64; 2], b: [f64; 2], t: f64) -> [f64; 2] {
    [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t]
}

/// Collects one glyph's outline from the font parser, scaled to em units.
/// It stops collecting past `limit` segments (the parser cannot be told to
/// stop, so the count goes on and the caller refuses the glyph).
pub struct Collector {
    scale: f64,
    limit: usize,
    start: [f64; 2],
    pen: [f64; 2],
    pub segments: Vec<Segment>,
    /// Segments produced, including those past the limit.
    pub count: usize,
}

impl Collector {
    pub fn new(units_per_em: f64, limit: usize) -> Collector {
        Collector {
            scale: 1.0 / units_per_em,
            limit,
            start: [0.0; 2],
            pen: [0.0; 2],
            segments: Vec::new(),
            count: 0,
        }
    }

    fn pt(&self, x: f32, y: f32) -> [f64; 2] {
        [x as f64 * self.scale, y as f64 * self.scale]
    }

    fn push(&mut self, s: Segment) {
        if !(s.from.iter().chain(&s.to).all(|v| v.is_finite())) {
            return;
        }
        if s.from == s.to && s.ctrl.is_none_or(|c| c == s.from) {
            return; // a point: no distance or crossing of its own
        }
        for piece in split_monotonic_y(s) {
            self.count += 1;
            if self.segments.len() < self.limit {
                self.segments.push(piece);
            }
        }
    }
}

impl ttf_parser::OutlineBuilder for Collector {
    fn move_to(&mut self, x: f32, y: f32) {
        self.close();
        self.start = self.pt(x, y);
        self.pen = self.start;
    }

    fn line_to(&mut self, x: f32, y: f32) {
        let to = self.pt(x, y);
        self.push(Segment {
            from: self.pen,
            ctrl: None,
            to,
        });
        self.pen = to;
    }

    fn quad_to(&mut self, x1: f32, y1: f32, x: f32, y: f32) {
        let (c, to) = (self.pt(x1, y1), self.pt(x, y));
        self.push(Segment {
            from: self.pen,
            ctrl: Some(c),
            to,
        });
        self.pen = to;
    }

    fn curve_to(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, x: f32, y: f32) {
        let cubic = [self.pen, self.pt(x1, y1), self.pt(x2, y2), self.pt(x, y)];
        for q in cubic_to_quadratics(cubic, CUBIC_TOLERANCE) {
            self.push(q);
        }
        self.pen = cubic[3];
    }

    /// Closes the contour with a line back to its start when the outline
    /// did not end there (the fill rule needs closed contours).
    fn close(&mut self) {
        if self.pen != self.start {
            self.push(Segment {
                from: self.pen,
                ctrl: None,
                to: self.start,
            });
            self.pen = self.start;
        }
    }
}

/// A quadratic split where its y turns back, so each piece is monotonic
/// in y; lines are monotonic already.
pub fn split_monotonic_y(s: Segment) -> Vec<Segment> {
    let Some(c) = s.ctrl else { return vec![s] };
    let denom = s.from[1] - 2.0 * c[1] + s.to[1];
    let t = if denom.abs() > 1e-15 {
        (s.from[1] - c[1]) / denom
    } else {
        -1.0
    };
    if !(t > 1e-9 && t < 1.0 - 1e-9) {
        return vec![s];
    }
    let (a, b) = split_quadratic(s.from, c, s.to, t);
    // Both pieces meet at the extremum: flatten their control points onto
    // its height, so rounding cannot leave a piece turning back.
    let y = a[2][1];
    vec![
        Segment {
            from: a[0],
            ctrl: Some([a[1][0], y]),
            to: a[2],
        },
        Segment {
            from: b[0],
            ctrl: Some([b[1][0], y]),
            to: b[2],
        },
    ]
}

type Quad = [[f64; 2]; 3];

/// De Casteljau at `t`.
fn split_quadratic(p0: [f64; 2], p1: [f64; 2], p2: [f64; 2], t: f64) -> (Quad, Quad) {
    let a = lerp(p0, p1, t);
    let b = lerp(p1, p2, t);
    let m = lerp(a, b, t);
    ([p0, a, m], [m, b, p2])
}

/// A cubic Bézier as quadratics within `tolerance`: the cubic is cut into
/// `n` equal parameter pieces and each piece replaced by the quadratic
/// whose control point is `(3 (c1 + c2) - (p0 + p3)) / 4`. That quadratic
/// strays from its piece by at most `sqrt(3) / 36 * |p3 - 3 c2 + 3 c1 - p0|`,
/// a term that shrinks with the cube of the piece's length, which gives `n`.
pub fn cubic_to_quadratics(c: [[f64; 2]; 4], tolerance: f64) -> Vec<Segment> {
    let third = |i: usize| c[3][i] - 3.0 * c[2][i] + 3.0 * c[1][i] - c[0][i];
    let err_whole = 3f64.sqrt() / 36.0 * (third(0).hypot(third(1)));
    let n = if err_whole <= tolerance {
        1
    } else {
        ((err_whole / tolerance).cbrt().ceil() as usize).clamp(1, 64)
    };
    let mut out = Vec::with_capacity(n);
    for i in 0..n {
        let (t0, t1) = (i as f64 / n as f64, (i + 1) as f64 / n as f64);
        let p = cubic_piece(c, t0, t1);
        let ctrl = [
            (3.0 * (p[1][0] + p[2][0]) - (p[0][0] + p[3][0])) / 4.0,
            (3.0 * (p[1][1] + p[2][1]) - (p[0][1] + p[3][1])) / 4.0,
        ];
        out.push(Segment {
            from: p[0],
            ctrl: Some(ctrl),
            to: p[3],
        });
    }
    out
}

/// The control points of the cubic restricted to `t0..t1`.
fn cubic_piece(c: [[f64; 2]; 4], t0: f64, t1: f64) -> [[f64; 2]; 4] {
    let at = |t: f64| cubic_at(c, t);
    let d = |t: f64| cubic_derivative(c, t);
    let h = (t1 - t0) / 3.0;
    let (a, b) = (at(t0), at(t1));
    let (da, db) = (d(t0), d(t1));
    [
        a,
        [a[0] + da[0] * h, a[1] + da[1] * h],
        [b[0] - db[0] * h, b[1] - db[1] * h],
        b,
    ]
}

pub fn cubic_at(c: [[f64; 2]; 4], t: f64) -> [f64; 2] {
    let s = 1.0 - t;
    let w = [s * s * s, 3.0 * s * s * t, 3.0 * s * t * t, t * t * t];
    let mut p = [0.0; 2];
    for (k, wk) in w.iter().enumerate() {
        p[0] += wk * c[k][0];
        p[1] += wk * c[k][1];
    }
    p
}

fn cubic_derivative(c: [[f64; 2]; 4], t: f64) -> [f64; 2] {
    let s = 1.0 - t;
    let mut d = [0.0; 2];
    for i in 0..2 {
        d[i] = 3.0 * s * s * (c[1][i] - c[0][i])
            + 6.0 * s * t * (c[2][i] - c[1][i])
            + 3.0 * t * t * (c[3][i] - c[2][i]);
    }
    d
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The smallest distance from `p` to a dense sampling of the segments.
    fn sampled_distance(segs: &[Segment], p: [f64; 2]) -> f64 {
        let mut best = f64::INFINITY;
        for s in segs {
            for i in 0..=2000 {
                let q = s.at(i as f64 / 2000.0);
                best = best.min((q[0] - p[0]).hypot(q[1] - p[1]));
            }
        }
        best
    }

    #[test]
    fn quadratics_stay_within_the_tolerance_of_the_cubic() {
        let cubics = [
            [[0.0, 0.0], [0.2, 0.9], [0.8, -0.7], [1.0, 0.1]], // an S
            [[0.0, 0.0], [0.0, 0.55], [0.45, 1.0], [1.0, 1.0]], // a quarter circle
            [[0.0, 0.0], [1.0, 1.0], [0.0, 1.0], [1.0, 0.0]],  // a loop-like turn
        ];
        for c in cubics {
            for tol in [1e-2, 1e-3, 2e-4] {
                let q = cubic_to_quadratics(c, tol);
                // Each point of the cubic lies within tol of the quadratics.
                let worst = (0..=400)
                    .map(|i| sampled_distance(&q, cubic_at(c, i as f64 / 400.0)))
                    .fold(0.0, f64::max);
                assert!(worst <= tol * 1.05 + 1e-6, "{c:?} tol {tol}: {worst}");
                // And the chain is continuous from end to end.
                assert_eq!(q[0].from, c[0]);
                assert!((q.last().unwrap().to[0] - c[3][0]).abs() < 1e-12);
                for w in q.windows(2) {
                    assert_eq!(w[0].to, w[1].from);
                }
            }
        }
    }

    #[test]
    fn quadratics_are_split_into_y_monotonic_pieces() {
        let s = Segment {
            from: [0.0, 0.0],
            ctrl: Some([0.5, 1.0]),
            to: [1.0, 0.2],
        };
        let pieces = split_monotonic_y(s);
        assert_eq!(pieces.len(), 2);
        for p in &pieces {
            let ys: Vec<f64> = (0..=100).map(|i| p.at(i as f64 / 100.0)[1]).collect();
            let up = ys.windows(2).all(|w| w[1] >= w[0] - 1e-12);
            let down = ys.windows(2).all(|w| w[1] <= w[0] + 1e-12);
            assert!(up || down, "{p:?}");
        }
        // The pieces trace the same curve.
        for i in 0..=50 {
            let t = i as f64 / 50.0;
            let q = s.at(t);
            assert!(sampled_distance(&pieces, q) < 1e-3);
        }
    }
}
