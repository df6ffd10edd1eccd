//! The new fields against their formulas and definitions.

use super::*;

/// The new fields against their formulas.
#[test]
fn point_ring_and_grid_fields_match_their_formulas() {
    let Some(gpu) = gpu("point_ring_and_grid_fields_match_their_formulas") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(86, 150, -1.5, 1.5);
    let points: [V3; 3] = [[-0.5, 0.0, 0.0], [0.5, 0.2, 0.0], [0.0, 0.5, 0.3]];
    let node = |mode: &str| {
        format!(
            "{{ rop: multiPointDistance, params: {{ Count: 3, Mode: {mode}, P1: [-0.5, 0, 0], P2: [0.5, 0.2, 0], P3: [0, 0.5, 0.3] }} }}"
        )
    };
    let sorted = |p: V3| {
        let mut d: Vec<f64> = points.iter().map(|c| an::len3(an::sub3(p, *c))).collect();
        d.sort_by(f64::total_cmp);
        d
    };
    for (mode, pick) in [
        (
            "nearest",
            Box::new(|d: &[f64]| d[0]) as Box<dyn Fn(&[f64]) -> f64>,
        ),
        ("second", Box::new(|d: &[f64]| d[1])),
        ("border", Box::new(|d: &[f64]| d[1] - d[0])),
    ] {
        let out = sample(&gpu, &lib, &probe("probeFloat3", &node(mode), ""), &pts);
        expect_within(
            &format!("multiPointDistance {mode}"),
            &pts,
            &out,
            1e-4,
            |p| pick(&sorted(v3(p))),
        );
    }
    // 2D: the points' x and y.
    let pts2 = points2(87, 100, -1.5, 1.5);
    let out = sample(
        &gpu,
        &lib,
        &probe("probeFloat2", &node("nearest"), ""),
        &pts2,
    );
    expect_within("multiPointDistance 2D", &pts2, &out, 1e-4, |p| {
        points
            .iter()
            .map(|c| (p[0] as f64 - c[0]).hypot(p[1] as f64 - c[1]))
            .fold(f64::MAX, f64::min)
    });

    // nearestGridPoint: the grid point found by searching the neighbours of
    // the point's cell, and the distance to it.
    let sp = [0.3, 0.5, 0.4];
    let off = [0.1, -0.05, 0.2];
    let nearest_grid = |p: V3| {
        let mut best = (f64::MAX, [0.0; 3]);
        let base: Vec<f64> = (0..3).map(|i| ((p[i] - off[i]) / sp[i]).floor()).collect();
        for a in 0..2 {
            for b in 0..2 {
                for c in 0..2 {
                    let g = [
                        off[0] + sp[0] * (base[0] + a as f64),
                        off[1] + sp[1] * (base[1] + b as f64),
                        off[2] + sp[2] * (base[2] + c as f64),
                    ];
                    let d = an::len3(an::sub3(p, g));
                    if d < best.0 {
                        best = (d, g);
                    }
                }
            }
        }
        best
    };
    let grid = "{ rop: nearestGridPoint, params: { Spacing: [0.3, 0.5, 0.4], Offset: [0.1, -0.05, 0.2] } }";
    let got = probe_values(&gpu, &lib, "probeColor3", grid, &pts);
    expect_vectors("nearestGridPoint position", &pts, &got, 4, 1e-4, |p| {
        let g = nearest_grid(p).1;
        [g[0], g[1], g[2], 1.0]
    });
    let out = sample(&gpu, &lib, &probe("probeFloat3", grid, ""), &pts);
    expect_within("nearestGridPoint distance", &pts, &out, 1e-4, |p| {
        nearest_grid(v3(p)).0
    });

    // nearestRingPoint around x: the ring point minimising the distance,
    // found by scanning the circle.
    let ring = "{ rop: nearestRingPoint, params: { Radius: 0.6, Center: [0.1, 0.2, 0], Axis: x } }";
    let ring_point = |p: V3| {
        let (mut best, mut at) = (f64::MAX, [0.0; 3]);
        for i in 0..20000 {
            let a = TAU * i as f64 / 20000.0;
            let g = [0.1, 0.2 + 0.6 * a.cos(), 0.6 * a.sin()];
            let d = an::len3(an::sub3(p, g));
            if d < best {
                best = d;
                at = g;
            }
        }
        (best, at)
    };
    let got = probe_values(&gpu, &lib, "probeColor3", ring, &pts);
    expect_vectors("nearestRingPoint position", &pts, &got, 4, 1e-3, |p| {
        let g = ring_point(p).1;
        [g[0], g[1], g[2], 1.0]
    });
    let out = sample(&gpu, &lib, &probe("probeFloat3", ring, ""), &pts);
    expect_within("nearestRingPoint distance", &pts, &out, 1e-4, |p| {
        ring_point(v3(p)).0
    });
}

/// Vector fields: polar directions, the dipole and the travelling waves.
#[test]
fn vector_fields_match_their_formulas() {
    let Some(gpu) = gpu("vector_fields_match_their_formulas") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(88, 150, -1.5, 1.5);
    let unit = |v: V3| {
        let l = an::len3(v);
        [v[0] / l, v[1] / l, v[2] / l]
    };
    // Tangent around z through (0.2, 0, 0): z x (the radial direction).
    let got = probe_values(
        &gpu,
        &lib,
        "probeColor3",
        "{ rop: polarVector, params: { Direction: tangent, Axis: z, Center: [0.2, 0, 0] } }",
        &pts,
    );
    expect_vectors("polarVector tangent", &pts, &got, 4, 1e-4, |p| {
        let r = unit([p[0] - 0.2, p[1], 0.0]);
        [-r[1], r[0], 0.0, 0.0]
    });
    let got = probe_values(
        &gpu,
        &lib,
        "probeColor3",
        "{ rop: polarVector, params: { Direction: radial } }",
        &pts,
    );
    expect_vectors("polarVector radial", &pts, &got, 4, 1e-4, |p| {
        let r = unit([p[0], 0.0, p[2]]);
        [r[0], r[1], r[2], 0.0]
    });
    let out = sample(
        &gpu,
        &lib,
        &probe(
            "probeFloat3",
            "{ rop: polarVector, params: { Direction: spherical, Component: y } }",
            "",
        ),
        &pts,
    );
    expect_within("polarVector spherical y", &pts, &out, 1e-4, |p| {
        unit(v3(p))[1]
    });

    // The dipole field B = s (3 (m.n) n - m) / r^3.
    let (m, s) = ([0.3, 1.0, -0.2], 0.1);
    let dipole = |p: V3| {
        let q = an::sub3(p, [0.1, 0.0, 0.0]);
        let r = an::len3(q).max(0.05);
        let n = unit(q);
        let mn = an::dot3(m, n);
        let f = s / (r * r * r);
        [
            f * (3.0 * mn * n[0] - m[0]),
            f * (3.0 * mn * n[1] - m[1]),
            f * (3.0 * mn * n[2] - m[2]),
        ]
    };
    let node = "{ rop: magnetField, params: { Center: [0.1, 0, 0], Moment: [0.3, 1, -0.2], Strength: 0.1, Core: 0.05 } }";
    let got = probe_values(&gpu, &lib, "probeColor3", node, &pts);
    expect_vectors("magnetField", &pts, &got, 4, 1e-3, |p| {
        let b = dipole(p);
        [b[0], b[1], b[2], 0.0]
    });
    let out = sample(&gpu, &lib, &probe("probeFloat3", node, ""), &pts);
    expect_within("magnetField strength", &pts, &out, 1e-3, |p| {
        an::len3(dipole(v3(p)))
    });
    // Along the moment, at distance r, the field is 2 s m / r^3 (the
    // textbook on-axis value).
    let at = [0.1 + 0.3 * 3.0, 3.0, -0.2 * 3.0];
    let got = probe_values(
        &gpu,
        &lib,
        "probeColor3",
        node,
        &[[at[0] as f32, at[1] as f32, at[2] as f32]],
    );
    let r = 3.0 * an::len3(m);
    for i in 0..3 {
        let want = 2.0 * s * m[i] / r.powi(3);
        assert!(
            close(got[0][i], want, 1e-3),
            "on-axis dipole: {:?}, want {want} in channel {i}",
            got[0]
        );
    }

    // Waves: x along y, y along z, z along x; at time 0.
    let node =
        "{ rop: waveVector, params: { Amplitude: [0.2, 0.3, 0.4], Frequency: 1.5, Phase: 0.7 } }";
    let wave = |p: V3| {
        let a = [0.2, 0.3, 0.4];
        let w = |c: f64, amp: f64| amp * (TAU * 1.5 * c + 0.7).sin();
        [w(p[1], a[0]), w(p[2], a[1]), w(p[0], a[2])]
    };
    let got = probe_values(&gpu, &lib, "probeColor3", node, &pts);
    expect_vectors("waveVector", &pts, &got, 4, 1e-3, |p| {
        let v = wave(p);
        [v[0], v[1], v[2], 0.0]
    });
}

/// Steps and waves of a coordinate or a field.
#[test]
fn step_and_wave_fields_match_their_formulas() {
    let Some(gpu) = gpu("step_and_wave_fields_match_their_formulas") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(89, 200, -1.5, 1.5);
    let smooth = |e0: f64, e1: f64, x: f64| {
        let t = ((x - e0) / (e1 - e0)).clamp(0.0, 1.0);
        t * t * (3.0 - 2.0 * t)
    };
    let out = sample(
        &gpu,
        &lib,
        &probe(
            "probeFloat3",
            "{ rop: stepField, params: { Axis: y, Threshold: 0.2, Softness: 0.4 } }",
            "",
        ),
        &pts,
    );
    expect_within("stepField soft", &pts, &out, 1e-4, |p| {
        smooth(0.0, 0.4, p[1] as f64)
    });
    // With a field: the distance from a point, stepped at 0.8 and inverted:
    // 1 inside the ball of radius 0.8.
    let out = sample(
        &gpu,
        &lib,
        &probe(
            "probeFloat3",
            "{ rop: stepField, params: { Threshold: 0.8, Invert: true }, inputs: [/d] }",
            "  /d: { rop: distanceToPoint }\n",
        ),
        &pts,
    );
    let keep: Vec<usize> = (0..pts.len())
        .filter(|i| (an::len3(v3(&pts[*i])) - 0.8).abs() > 1e-4)
        .collect();
    let p2: Vec<[f32; 3]> = keep.iter().map(|i| pts[*i]).collect();
    let o2: Vec<[f32; 4]> = keep.iter().map(|i| out[*i]).collect();
    expect_within("stepField of a field", &p2, &o2, 0.0, |p| {
        if an::len3(v3(p)) < 0.8 { 1.0 } else { 0.0 }
    });

    // enhancedWave: each shape from its definition over x, then the rings.
    type Wave = (&'static str, Box<dyn Fn(f64) -> f64>);
    let shapes: [Wave; 4] = [
        ("sine", Box::new(|t: f64| (TAU * t).sin())),
        (
            "saw",
            Box::new(|t: f64| 2.0 * (t + 0.5).rem_euclid(1.0) - 1.0),
        ),
        (
            "square",
            Box::new(|t: f64| if t.rem_euclid(1.0) < 0.3 { 1.0 } else { -1.0 }),
        ),
        (
            "triangle",
            Box::new(|t: f64| 1.0 - 4.0 * ((t + 0.25).rem_euclid(1.0) - 0.5).abs()),
        ),
    ];
    for (name, f) in &shapes {
        let node = format!(
            "{{ rop: enhancedWave, params: {{ Shape: {name}, Along: x, Period: 0.7, Phase: 0.15, Width: 0.3, Amplitude: 2, Offset: 0.5 }} }}"
        );
        let out = sample(&gpu, &lib, &probe("probeFloat3", &node, ""), &pts);
        // Skip points next to the jumps of saw and square.
        let keep: Vec<usize> = (0..pts.len())
            .filter(|i| {
                let t = pts[*i][0] as f64 / 0.7 + 0.15;
                let fr = t.rem_euclid(1.0);
                [0.0, 0.3, 0.5, 1.0].iter().all(|j| (fr - j).abs() > 1e-3)
            })
            .collect();
        let p2: Vec<[f32; 3]> = keep.iter().map(|i| pts[*i]).collect();
        let o2: Vec<[f32; 4]> = keep.iter().map(|i| out[*i]).collect();
        expect_within(&format!("enhancedWave {name}"), &p2, &o2, 1e-3, |p| {
            0.5 + 2.0 * f(p[0] as f64 / 0.7 + 0.15)
        });
    }
    let out = sample(
        &gpu,
        &lib,
        &probe(
            "probeFloat3",
            "{ rop: enhancedWave, params: { Along: radius, Period: 0.5 } }",
            "",
        ),
        &pts,
    );
    expect_within("enhancedWave rings", &pts, &out, 1e-3, |p| {
        (TAU * an::len3(v3(p)) / 0.5).sin()
    });
}

/// Switches and scattered values against their definitions.
#[test]
fn switch_and_value_point_fields_match_their_definitions() {
    let Some(gpu) = gpu("switch_and_value_point_fields_match_their_definitions") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(94, 200, -4.0, 4.0);
    let values = [[1.0, 10.0], [2.0, 20.0], [3.0, 30.0]];
    let slot = |i: f64, extend: &str| -> usize {
        match extend {
            "loop" => i.rem_euclid(3.0) as usize,
            // 0 1 2 1 0 1 2 ...
            "zigzag" => [0, 1, 2, 1][i.rem_euclid(4.0) as usize],
            _ => i.clamp(0.0, 2.0) as usize,
        }
    };
    let index = "  /i: { rop: distanceToPoint }\n";
    for extend in ["clamp", "loop", "zigzag"] {
        for blend in [false, true] {
            let node = format!(
                "{{ rop: constantSwitchField, params: {{ Count: 3, Offset: -0.4, Extend: {extend}, Blend: {blend}, Value1: [1, 10, 0, 0], Value2: [2, 20, 0, 0], Value3: [3, 30, 0, 0] }}, inputs: [/i] }}"
            );
            let got: Vec<[f64; 4]> = sample(&gpu, &lib, &probe("probeColor3", &node, index), &pts)
                .iter()
                .map(|v| [v[0] as f64, v[1] as f64, v[2] as f64, v[3] as f64])
                .collect();
            for (p, g) in pts.iter().zip(&got) {
                let x = an::len3(v3(p)) - 0.4;
                let i = x.floor();
                if (x - i).abs() < 1e-4 || (x - i - 1.0).abs() < 1e-4 {
                    continue;
                }
                let a = values[slot(i, extend)];
                let want = if blend {
                    let b = values[slot(i + 1.0, extend)];
                    let f = x - i;
                    [a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f]
                } else {
                    a
                };
                assert!(
                    close(g[0], want[0], 1e-3) && close(g[1], want[1], 1e-3),
                    "constantSwitchField {extend} blend {blend} at {p:?} (index {x}): {g:?} vs {want:?}"
                );
            }
        }
    }

    // Value points: the nearest one's value, and Shepard's weighted mean.
    let pv: [(V3, f64); 3] = [
        ([-0.5, 0.0, 0.0], 0.0),
        ([0.5, 0.2, 0.0], 1.0),
        ([0.0, 0.5, 0.3], 0.5),
    ];
    let params = "Count: 3, Point1: [-0.5, 0, 0], Value1: 0, Point2: [0.5, 0.2, 0], Value2: 1, Point3: [0, 0.5, 0.3], Value3: 0.5";
    let pts = points3(95, 150, -1.2, 1.2);
    let out = sample(
        &gpu,
        &lib,
        &probe(
            "probeFloat3",
            &format!("{{ rop: valuePointsField, params: {{ Mode: nearest, {params} }} }}"),
            "",
        ),
        &pts,
    );
    expect_within("valuePointsField nearest", &pts, &out, 1e-5, |p| {
        pv.iter()
            .min_by(|a, b| {
                an::len3(an::sub3(v3(p), a.0)).total_cmp(&an::len3(an::sub3(v3(p), b.0)))
            })
            .unwrap()
            .1
    });
    let out = sample(
        &gpu,
        &lib,
        &probe(
            "probeFloat3",
            &format!("{{ rop: valuePointsField, params: {{ Power: 3, {params} }} }}"),
            "",
        ),
        &pts,
    );
    expect_within("valuePointsField shepard", &pts, &out, 1e-4, |p| {
        let w: Vec<f64> = pv
            .iter()
            .map(|(c, _)| an::len3(an::sub3(v3(p), *c)).powf(-3.0))
            .collect();
        w.iter().zip(&pv).map(|(w, (_, v))| w * v).sum::<f64>() / w.iter().sum::<f64>()
    });
    // At a point, its own value.
    let at = [[0.5f32, 0.2, 0.0]];
    let out = sample(
        &gpu,
        &lib,
        &probe(
            "probeFloat3",
            &format!("{{ rop: valuePointsField, params: {{ {params} }} }}"),
            "",
        ),
        &at,
    );
    assert!(
        close(out[0][0] as f64, 1.0, 1e-4),
        "valuePointsField at a point: {}",
        out[0][0]
    );
}

/// reorderField: a permutation with constants, against its input.
#[test]
fn reorder_field_rearranges_its_input() {
    let Some(gpu) = gpu("reorder_field_rearranges_its_input") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(97, 100, -1.5, 1.5);
    let grid = "  /g: { rop: nearestGridPoint, params: { Spacing: [0.3, 0.4, 0.5] } }\n";
    let input = sample(
        &gpu,
        &lib,
        &probe(
            "probeColor3",
            "{ rop: nearestGridPoint, params: { Spacing: [0.3, 0.4, 0.5] } }",
            "",
        ),
        &pts,
    );
    let got = sample(
        &gpu,
        &lib,
        &probe(
            "probeColor3",
            "{ rop: reorderField, params: { X: z, Y: one, Z: x, W: zero }, inputs: [/g] }",
            grid,
        ),
        &pts,
    );
    for ((p, i), g) in pts.iter().zip(&input).zip(&got) {
        assert_eq!(*g, [i[2], 1.0, i[0], 0.0], "reorderField at {p:?}");
    }
    let got = sample(
        &gpu,
        &lib,
        &probe(
            "probeFloat3",
            "{ rop: reorderField, params: { X: y }, inputs: [/g] }",
            grid,
        ),
        &pts,
    );
    for ((p, i), g) in pts.iter().zip(&input).zip(&got) {
        assert_eq!(g[0], i[1], "reorderField float at {p:?}");
    }
}
