//! The signed distance to laid-out text, in Rust: the reference the shader's
//! distance is tested against, and what an SDF atlas would be baked from.
//! The same steps as `shaders/glyphs.glsl`, in double precision: the
//! nearest point of each segment (a quadratic's solves a cubic), and the
//! sign from the nonzero winding number (TrueType's fill rule) of a ray
//! towards +x.

use super::outline::Segment;

/// Unsigned distance from `p` to the segment.
pub fn segment_distance(s: &Segment, p: [f64; 2]) -> f64 {
    match s.ctrl {
        None => line_distance(s.from, s.to, p),
        Some(c) => quadratic_distance(s.from, c, s.to, p),
    }
}

fn line_distance(a: [f64; 2], b: [f64; 2], p: [f64; 2]) -> f64 {
    let (ba, pa) = ([b[0] - a[0], b[1] - a[1]], [p[0] - a[0], p[1] - a[1]]);
    let len2 = ba[0] * ba[0] + ba[1] * ba[1];
    let t = if len2 > 0.0 {
        ((pa[0] * ba[0] + pa[1] * ba[1]) / len2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    (pa[0] - ba[0] * t).hypot(pa[1] - ba[1] * t)
}

/// Distance to the quadratic B(t) = p0 + 2 t a + t² b (a = p1 - p0,
/// b = p0 - 2 p1 + p2): its nearest point makes (B(t) - p) · B'(t) = 0,
/// the cubic (b·b) t³ + 3 (a·b) t² + (2 a·a + d·b) t + d·a = 0 with
/// d = p0 - p. Every real root in 0..1 and both ends are candidates.
fn quadratic_distance(p0: [f64; 2], p1: [f64; 2], p2: [f64; 2], p: [f64; 2]) -> f64 {
    let a = [p1[0] - p0[0], p1[1] - p0[1]];
    let b = [p0[0] - 2.0 * p1[0] + p2[0], p0[1] - 2.0 * p1[1] + p2[1]];
    let d = [p0[0] - p[0], p0[1] - p[1]];
    let dot = |u: [f64; 2], v: [f64; 2]| u[0] * v[0] + u[1] * v[1];
    let bb = dot(b, b);
    if bb <= 1e-18 * dot(a, a).max(1e-300) {
        return line_distance(p0, p2, p);
    }
    let k2 = 3.0 * dot(a, b) / bb;
    let k1 = (2.0 * dot(a, a) + dot(d, b)) / bb;
    let k0 = dot(d, a) / bb;
    let at = |t: f64| {
        let t = t.clamp(0.0, 1.0);
        let q = [
            d[0] + t * (2.0 * a[0] + t * b[0]),
            d[1] + t * (2.0 * a[1] + t * b[1]),
        ];
        q[0].hypot(q[1])
    };
    let mut best = at(0.0).min(at(1.0));
    for t in cubic_roots(k2, k1, k0) {
        best = best.min(at(t));
    }
    best
}

/// The real roots of t³ + k2 t² + k1 t + k0 (one or three), each polished
/// with a Newton step.
pub fn cubic_roots(k2: f64, k1: f64, k0: f64) -> Vec<f64> {
    let shift = k2 / 3.0;
    let p = k1 - k2 * shift;
    let q = 2.0 * k2 * k2 * k2 / 27.0 - k2 * k1 / 3.0 + k0;
    let disc = q * q / 4.0 + p * p * p / 27.0;
    let mut roots = if disc >= 0.0 {
        // u³ = -q/2 ∓ √disc, the sign that does not cancel; the other cube
        // root is -p / (3u).
        let u = (-q / 2.0 - q.signum() * disc.sqrt()).cbrt();
        vec![if u.abs() > 1e-300 {
            u - p / (3.0 * u)
        } else {
            0.0
        }]
    } else {
        let m = 2.0 * (-p / 3.0).sqrt();
        let th = ((1.5 * q / p) * (-3.0 / p).sqrt()).clamp(-1.0, 1.0).acos() / 3.0;
        let third = std::f64::consts::TAU / 3.0;
        vec![
            m * th.cos(),
            m * (th - third).cos(),
            m * (th - 2.0 * third).cos(),
        ]
    };
    for t in &mut roots {
        *t -= shift;
        let f = ((*t + k2) * *t + k1) * *t + k0;
        let df = (3.0 * *t + 2.0 * k2) * *t + k1;
        if df.abs() > 1e-12 {
            *t -= f / df;
        }
    }
    roots
}

/// The winding this segment adds for a ray from `p` towards +x: ±1 when the
/// ray crosses it (upwards +1), else 0. The segment is monotonic in y, and
/// its y range counts half-open (from its lower end, up to but not
/// including its upper end), so a ray through a shared end point counts
/// once.
pub fn crossing(s: &Segment, p: [f64; 2]) -> i32 {
    let (y0, y2) = (s.from[1], s.to[1]);
    if y0 == y2 || p[1] < y0.min(y2) || p[1] >= y0.max(y2) {
        return 0;
    }
    let t = match s.ctrl {
        None => (p[1] - y0) / (y2 - y0),
        Some(c) => monotonic_root(y0, c[1], y2, p[1]),
    };
    if s.at(t)[0] > p[0] {
        if y2 > y0 { 1 } else { -1 }
    } else {
        0
    }
}

/// The t in 0..1 where the y-monotonic quadratic (y0, y1, y2) reaches `y`.
fn monotonic_root(y0: f64, y1: f64, y2: f64, y: f64) -> f64 {
    // y(t) = y0 + 2 t (y1 - y0) + t² (y0 - 2 y1 + y2)
    let a = y0 - 2.0 * y1 + y2;
    let b = y1 - y0;
    let c = y0 - y;
    let t = if a.abs() < 1e-12 * (b.abs() + 1e-300) {
        -c / (2.0 * b)
    } else {
        let disc = (b * b - a * c).max(0.0).sqrt();
        // The two roots are (-b ± disc) / a; written as q / a and c / q to
        // avoid cancellation, and the one in 0..1 kept.
        let q = -(b + b.signum() * disc);
        let r1 = if a != 0.0 { q / a } else { f64::NAN };
        let r2 = if q != 0.0 { c / q } else { f64::NAN };
        if (-1e-9..=1.0 + 1e-9).contains(&r1) {
            r1
        } else {
            r2
        }
    };
    if t.is_finite() {
        t.clamp(0.0, 1.0)
    } else {
        0.5
    }
}

/// Signed distance from `p` to the region the segments enclose (negative
/// inside, by the nonzero rule), brute force over every segment.
pub fn signed_distance(segments: &[Segment], p: [f64; 2]) -> f64 {
    let mut best = f64::INFINITY;
    let mut winding = 0;
    for s in segments {
        best = best.min(segment_distance(s, p));
        winding += crossing(s, p);
    }
    if winding != 0 { -best } else { best }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quadratic_distance_matches_dense_sampling() {
        let curves = [
            ([0.0, 0.0], [0.5, 1.0], [1.0, 0.0]),
            ([0.0, 0.0], [0.0, 1.0], [1.0, 1.0]),
            ([0.2, 0.1], [0.21, 0.35], [0.22, 0.6]), // nearly straight
            ([0.0, 0.0], [3.0, 0.1], [0.0, 0.2]),    // a hairpin
        ];
        let mut rng = 12345u64;
        let mut rand = move || {
            rng = rng
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (rng >> 11) as f64 / (1u64 << 53) as f64
        };
        for (p0, p1, p2) in curves {
            let s = Segment {
                from: p0,
                ctrl: Some(p1),
                to: p2,
            };
            for _ in 0..200 {
                let p = [rand() * 3.0 - 1.0, rand() * 3.0 - 1.0];
                let sampled = (0..=20000)
                    .map(|i| {
                        let q = s.at(i as f64 / 20000.0);
                        (q[0] - p[0]).hypot(q[1] - p[1])
                    })
                    .fold(f64::INFINITY, f64::min);
                let exact = segment_distance(&s, p);
                // Sampling can only overestimate, by at most half a step.
                assert!(exact <= sampled + 1e-12, "{s:?} {p:?}: {exact} > {sampled}");
                assert!(sampled - exact < 2e-4, "{s:?} {p:?}: {exact} vs {sampled}");
            }
        }
    }

    #[test]
    fn a_square_with_a_hole_has_the_nonzero_sign() {
        // Outer square counter-clockwise, inner square clockwise: a ring.
        let ring = |pts: &[[f64; 2]]| -> Vec<Segment> {
            (0..pts.len())
                .map(|i| Segment {
                    from: pts[i],
                    ctrl: None,
                    to: pts[(i + 1) % pts.len()],
                })
                .collect()
        };
        let mut segs = ring(&[[0.0, 0.0], [4.0, 0.0], [4.0, 4.0], [0.0, 4.0]]);
        segs.extend(ring(&[[1.0, 1.0], [1.0, 3.0], [3.0, 3.0], [3.0, 1.0]]));
        assert!((signed_distance(&segs, [0.5, 2.0]) + 0.5).abs() < 1e-12);
        assert!((signed_distance(&segs, [2.0, 2.0]) - 1.0).abs() < 1e-12);
        assert!((signed_distance(&segs, [5.0, 2.0]) - 1.0).abs() < 1e-12);
        // A ray through a corner (y = 1 and y = 0 are vertex heights).
        assert!(signed_distance(&segs, [0.5, 1.0]) < 0.0);
        assert!(signed_distance(&segs, [-0.5, 0.0]) > 0.0);
    }
}
