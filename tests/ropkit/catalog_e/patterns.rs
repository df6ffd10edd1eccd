//! The new patterns: lines and circles by brute force, tiles by an
//! independent classification, and symmetries.

use super::*;

/// Patterns: grid lines by brute force over the lines, the triangle
/// checker by finding each point's triangle from the lattice's corners,
/// and the spiral by its symmetries.
#[test]
fn grid_triangle_and_spiral_patterns() {
    let Some(gpu) = gpu("grid_triangle_and_spiral_patterns") else {
        return;
    };
    let lib = catalog_library();
    let pts = points2(90, 300, -1.5, 1.5);
    let field = |node: &str, p: &[[f32; 3]]| -> Vec<f64> {
        sample(&gpu, &lib, &probe("probeFloat2", node, ""), p)
            .iter()
            .map(|v| v[0] as f64)
            .collect()
    };

    // Grid: half the line width less the distance to the nearest line.
    let got = field(
        "{ rop: gridPattern, params: { Spacing: [0.25, 0.4], LineWidth: 0.03, Output: distance } }",
        &pts,
    );
    for (p, g) in pts.iter().zip(&got) {
        let q = v2(p);
        let mut e = f64::MAX;
        for k in -10..=10 {
            e = e
                .min((q[0] - 0.25 * k as f64).abs())
                .min((q[1] - 0.4 * k as f64).abs());
        }
        assert!(
            close(*g, 0.015 - e, 1e-4),
            "gridPattern at {p:?}: {g} vs {}",
            0.015 - e
        );
    }

    // Triangle checker: the up triangles have corners v, v + (s, 0), v +
    // (s/2, h) for lattice points v = i (s, 0) + j (s/2, h); every edge of
    // the tiling is an edge of one of them.
    let s = 0.4;
    let h = S3 * s;
    let mut ups: Vec<[V2; 3]> = Vec::new();
    for i in -12..=12 {
        for j in -8..=8 {
            let v = [i as f64 * s + 0.5 * j as f64 * s, j as f64 * h];
            ups.push([v, [v[0] + s, v[1]], [v[0] + 0.5 * s, v[1] + h]]);
        }
    }
    let in_tri = |p: V2, t: &[V2; 3]| an::polygon(p, t) < 0.0;
    let got_mask = field(
        "{ rop: triangleCheckerPattern, params: { Size: 0.4 } }",
        &pts,
    );
    let got_dist = field(
        "{ rop: triangleCheckerPattern, params: { Size: 0.4, Output: distance } }",
        &pts,
    );
    for ((p, m), d) in pts.iter().zip(&got_mask).zip(&got_dist) {
        let q = v2(p);
        let e = ups
            .iter()
            .flat_map(|t| [(t[0], t[1]), (t[1], t[2]), (t[2], t[0])])
            .map(|(a, b)| an::seg2(q, a, b))
            .fold(f64::MAX, f64::min);
        if e < 1e-4 {
            continue;
        }
        let up = ups.iter().any(|t| in_tri(q, t));
        assert_eq!(
            *m,
            if up { 1.0 } else { 0.0 },
            "triangleCheckerPattern mask at {p:?}"
        );
        let want = if up { e } else { -e };
        assert!(
            close(*d, want, 1e-4),
            "triangleCheckerPattern distance at {p:?}: {d} vs {want}"
        );
    }

    // Spiral: a turn by a whole number of arm gaps, and a step of the
    // spacing outward along the radius, leave it unchanged.
    let node =
        "{ rop: spiralPattern, params: { Spacing: 0.45, Arms: 3, Duty: 0.4, Output: distance } }";
    let base = field(node, &pts);
    let a = TAU / 3.0;
    let turned: Vec<[f32; 3]> = pts
        .iter()
        .map(|p| {
            let q = an::rot2(v2(p), a);
            [q[0] as f32, q[1] as f32, 0.0]
        })
        .collect();
    let outward: Vec<[f32; 3]> = pts
        .iter()
        .map(|p| {
            let q = v2(p);
            let l = an::len2(q);
            let k = (l + 0.45) / l;
            [(q[0] * k) as f32, (q[1] * k) as f32, 0.0]
        })
        .collect();
    crate::catalog_c::expect_symmetric(
        "spiralPattern turned",
        &pts,
        &base,
        &field(node, &turned),
        2e-3,
    );
    crate::catalog_c::expect_symmetric(
        "spiralPattern outward",
        &pts,
        &base,
        &field(node, &outward),
        2e-3,
    );
    // And the phase rises with the radius: 1 / gap per unit outward.
    let phase = field(
        "{ rop: spiralPattern, params: { Spacing: 0.45, Arms: 3, Output: phase } }",
        &pts,
    );
    for (p, ph) in pts.iter().zip(&phase) {
        let q = v2(p);
        let want = (an::len2(q) / 0.15 - 3.0 * q[1].atan2(q[0]) / TAU).rem_euclid(1.0);
        let diff = (ph - want).abs();
        assert!(
            diff.min(1.0 - diff) < 1e-3,
            "spiralPattern phase at {p:?}: {ph} vs {want}"
        );
    }
}

/// The nearest of the hexagon centres (pointy top, radius s) to q.
fn hex_centre(q: V2, s: f64) -> V2 {
    let mut best = (f64::MAX, [0.0, 0.0]);
    for i in -10..=10 {
        for j in -10..=10 {
            let c = [
                (i as f64 + 0.5 * j as f64) * 3f64.sqrt() * s,
                1.5 * s * j as f64,
            ];
            let d = an::len2([q[0] - c[0], q[1] - c[1]]);
            if d < best.0 {
                best = (d, c);
            }
        }
    }
    best.1
}

/// Rosette by brute force over the circles, the blob ring over its blobs,
/// and the hexagonal Truchet tiles as one of the two arc sets per tile.
#[test]
fn rosette_blob_ring_and_hex_truchet_patterns() {
    let Some(gpu) = gpu("rosette_blob_ring_and_hex_truchet_patterns") else {
        return;
    };
    let lib = catalog_library();
    let pts = points2(91, 300, -1.5, 1.5);
    let field = |node: &str| -> Vec<f64> {
        sample(&gpu, &lib, &probe("probeFloat2", node, ""), &pts)
            .iter()
            .map(|v| v[0] as f64)
            .collect()
    };

    // Rosette: circles of radius R around i (R, 0) + j (R/2, R sqrt(3)/2).
    let got = field(
        "{ rop: rosettePattern, params: { Radius: 0.35, LineWidth: 0.04, Output: distance } }",
    );
    for (p, g) in pts.iter().zip(&got) {
        let q = v2(p);
        let mut e = f64::MAX;
        for i in -12..=12 {
            for j in -12..=12 {
                let c = [0.35 * (i as f64 + 0.5 * j as f64), 0.35 * S3 * j as f64];
                e = e.min((an::len2([q[0] - c[0], q[1] - c[1]]) - 0.35).abs());
            }
        }
        assert!(
            close(*g, 0.02 - e, 1e-4),
            "rosettePattern at {p:?}: {g} vs {}",
            0.02 - e
        );
    }

    // Blob ring: the nearest of the blobs, and its number.
    let n = 7;
    let centre = |k: usize| {
        let a = TAU * k as f64 / n as f64;
        [0.8 * a.cos(), 0.8 * a.sin()]
    };
    let got = field(
        "{ rop: blobRingPattern, params: { Count: 7, Radius: 0.8, BlobRadius: 0.15, Output: distance } }",
    );
    let cells = field(
        "{ rop: blobRingPattern, params: { Count: 7, Radius: 0.8, BlobRadius: 0.15, Output: cell } }",
    );
    for ((p, g), c) in pts.iter().zip(&got).zip(&cells) {
        let q = v2(p);
        let (k, d) = (0..n)
            .map(|k| (k, an::len2([q[0] - centre(k)[0], q[1] - centre(k)[1]])))
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .unwrap();
        assert!(
            close(*g, 0.15 - d, 1e-4),
            "blobRingPattern at {p:?}: {g} vs {}",
            0.15 - d
        );
        // Skip points nearly halfway between two blobs.
        let second = (0..n)
            .filter(|j| *j != k)
            .map(|j| an::len2([q[0] - centre(j)[0], q[1] - centre(j)[1]]))
            .fold(f64::MAX, f64::min);
        if second - d > 1e-3 {
            assert!(
                close(*c, k as f64 / n as f64, 1e-5),
                "blobRingPattern cell at {p:?}: {c} vs {k}/{n}"
            );
        }
    }

    // Hexagonal Truchet: in each tile the distance is that of the arcs
    // around the even corners or around the odd ones, the same set over
    // the whole tile, and both sets occur.
    let s = 0.3;
    let got = field(
        "{ rop: hexagonalTruchetPattern, params: { Size: 0.3, LineWidth: 0.06, Output: distance } }",
    );
    let flips = field("{ rop: hexagonalTruchetPattern, params: { Size: 0.3, Output: flip } }");
    let mut tiles: std::collections::HashMap<(i64, i64), f64> = Default::default();
    for ((p, g), f) in pts.iter().zip(&got).zip(&flips) {
        let q = v2(p);
        let c = hex_centre(q, s);
        let h = [q[0] - c[0], q[1] - c[1]];
        // Skip points on a tile's border, where the nearest centre is a tie.
        let apothem = S3 * s;
        let norm = [0.0f64, 60.0, 120.0]
            .iter()
            .map(|a: &f64| (h[0] * a.to_radians().cos() + h[1] * a.to_radians().sin()).abs())
            .fold(0.0, f64::max);
        if apothem - norm < 1e-4 {
            continue;
        }
        let arcs = |odd: usize| {
            (0..3)
                .map(|k| {
                    let a = (30.0 + 60.0 * (2 * k + odd) as f64).to_radians();
                    (an::len2([h[0] - s * a.cos(), h[1] - s * a.sin()]) - 0.5 * s).abs()
                })
                .fold(f64::MAX, f64::min)
        };
        let set = *f as usize;
        assert!(
            *f == 0.0 || *f == 1.0,
            "hexagonalTruchetPattern flip at {p:?}: {f}"
        );
        let want = 0.03 - arcs(set);
        assert!(
            close(*g, want, 1e-4),
            "hexagonalTruchetPattern at {p:?}: {g} vs {want}"
        );
        let key = ((c[0] * 100.0).round() as i64, (c[1] * 100.0).round() as i64);
        let seen = *tiles.entry(key).or_insert(*f);
        assert_eq!(
            seen, *f,
            "hexagonalTruchetPattern: one tile uses both corner sets"
        );
    }
    let ones = flips.iter().filter(|f| **f == 1.0).count();
    assert!(
        ones > 20 && ones < pts.len() - 20,
        "hexagonalTruchetPattern: {ones} of {} points use the odd set",
        pts.len()
    );
}

/// knitPattern: the mask against the legs (ellipses) of every nearby
/// stitch, the signed value against the largest leg value, and the mirror
/// about a stitch's middle.
#[test]
fn knit_pattern_matches_its_legs() {
    let Some(gpu) = gpu("knit_pattern_matches_its_legs") else {
        return;
    };
    let lib = catalog_library();
    let (w, h, lw, len, tilt) = (0.2, 0.16, 0.4, 1.2, 25f64.to_radians());
    let (a, b) = (0.25 * lw * w, 0.5 * len * h);
    let value = |q: V2| {
        let mut best = f64::MIN;
        for i in -3..=3 {
            for j in -3..=3 {
                let c = [
                    ((q[0] / w).floor() + i as f64 + 0.5) * w,
                    ((q[1] / h).floor() + j as f64 + 0.5) * h,
                ];
                for side in [-1.0, 1.0] {
                    // The leg's axis leans out from the vertical by tilt, its top away
                    // from the stitch's middle: a V.
                    let centre = [c[0] + side * 0.25 * w, c[1]];
                    let axis = [side * tilt.sin(), tilt.cos()];
                    let rel = [q[0] - centre[0], q[1] - centre[1]];
                    let along = rel[0] * axis[0] + rel[1] * axis[1];
                    let across = rel[0] * axis[1] - rel[1] * axis[0];
                    let e = (across / a).hypot(along / b);
                    best = best.max(a * (1.0 - e));
                }
            }
        }
        best
    };
    let pts = points2(98, 300, -1.0, 1.0);
    let node = |out: &str| {
        format!(
            "{{ rop: knitPattern, params: {{ Size: [0.2, 0.16], LegWidth: 0.4, Length: 1.2, Tilt: 25, Output: {out} }} }}"
        )
    };
    let field = |n: &str, p: &[[f32; 3]]| -> Vec<f64> {
        sample(&gpu, &lib, &probe("probeFloat2", n, ""), p)
            .iter()
            .map(|v| v[0] as f64)
            .collect()
    };
    let mask = field(&node("mask"), &pts);
    let dist = field(&node("distance"), &pts);
    for ((p, m), d) in pts.iter().zip(&mask).zip(&dist) {
        let v = value(v2(p));
        assert!(close(*d, v, 1e-4), "knitPattern value at {p:?}: {d} vs {v}");
        if v.abs() > 1e-4 {
            assert_eq!(
                *m,
                if v > 0.0 { 1.0 } else { 0.0 },
                "knitPattern mask at {p:?}"
            );
        }
    }
    let mirrored: Vec<[f32; 3]> = pts.iter().map(|p| [0.2 - p[0], p[1], 0.0]).collect();
    crate::catalog_c::expect_symmetric(
        "knitPattern mirrored",
        &pts,
        &dist,
        &field(&node("distance"), &mirrored),
        1e-3,
    );
}
