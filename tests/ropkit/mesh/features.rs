//! Sharp features, fold-overs, adaptive output and the timeout, measured
//! against each shape's own formula computed here in f64.

use super::*;

fn length(v: [f64; 3]) -> f64 {
    (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).sqrt()
}

fn sub(a: [f64; 3], b: [f64; 3]) -> [f64; 3] {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

fn f64s(p: [f32; 3]) -> [f64; 3] {
    p.map(|c| c as f64)
}

/// The exact distance from `p` to the surface of the lens where two balls
/// meet: the nearer of the two caps, each either the ball's radial
/// projection (when it lies in the other ball) or the rim circle.
fn lens_distance(p: [f64; 3], balls: [([f64; 3], f64); 2]) -> f64 {
    let (c0, r0) = balls[0];
    let (c1, r1) = balls[1];
    let axis = sub(c1, c0);
    let d = length(axis);
    let u = axis.map(|x| x / d);
    // The rim: a circle in the plane at distance a from c0 along u.
    let a = (d * d + r0 * r0 - r1 * r1) / (2.0 * d);
    let rim_r = (r0 * r0 - a * a).sqrt();
    let rim_c = [0, 1, 2].map(|k| c0[k] + a * u[k]);
    let rim = {
        let w = sub(p, rim_c);
        let along = w[0] * u[0] + w[1] * u[1] + w[2] * u[2];
        let radial = length([0, 1, 2].map(|k| w[k] - along * u[k]));
        ((radial - rim_r).powi(2) + along * along).sqrt()
    };
    let cap = |c: [f64; 3], r: f64, other: ([f64; 3], f64)| {
        let w = sub(p, c);
        let l = length(w);
        let q = [0, 1, 2].map(|k| c[k] + w[k] / l * r);
        if length(sub(q, other.0)) <= other.1 {
            (l - r).abs()
        } else {
            rim
        }
    };
    cap(c0, r0, balls[1]).min(cap(c1, r1, balls[0]))
}

#[test]
fn mesh_csg_crease_is_sharp_and_unfolded() {
    let balls = [([-0.3, 0.05, 0.02], 0.8), ([0.35, -0.04, 0.07], 0.7)];
    let yaml = format!(
        "output: /render\nnodes:\n  /a: {{ rop: sphere, params: {{ Radius: {}, Translate: {:?} }} }}\n  /b: {{ rop: sphere, params: {{ Radius: {}, Translate: {:?} }} }}\n  /i: {{ rop: combine, params: {{ Mode: intersect }}, inputs: [/a, /b] }}\n  /render: {{ rop: raymarchRender3D, inputs: {{ scene: /i }} }}\n",
        balls[0].1, balls[0].0, balls[1].1, balls[1].0
    );
    let Some((m, info, ..)) = mesh("mesh_lens", &yaml, 32, None) else {
        return;
    };
    assert_closed_oriented(&m, "lens");
    assert_eq!(euler(&m), 2);
    // No triangle faces inwards: its normal agrees with the direction away
    // from the nearer ball's centre on its own cap.
    for t in &m.triangles {
        let [a, b, c] = t.map(|i| f64s(m.positions[i as usize]));
        let n = {
            let (u, v) = (sub(b, a), sub(c, a));
            [
                u[1] * v[2] - u[2] * v[1],
                u[2] * v[0] - u[0] * v[2],
                u[0] * v[1] - u[1] * v[0],
            ]
        };
        let mid = [0, 1, 2].map(|k| (a[k] + b[k] + c[k]) / 3.0);
        // The cap a point lies on is the ball whose surface it is farther
        // inside of the other: the field max(d0, d1) picks it.
        let d0 = length(sub(mid, balls[0].0)) - balls[0].1;
        let d1 = length(sub(mid, balls[1].0)) - balls[1].1;
        let c = if d0 > d1 { balls[0].0 } else { balls[1].0 };
        let out = sub(mid, c);
        assert!(
            n[0] * out[0] + n[1] * out[1] + n[2] * out[2] > 0.0,
            "triangle {t:?} folds over"
        );
    }
    let cell = info.step as f64;
    let mut worst: f64 = 0.0;
    let mut on_rim = 0;
    for p in &m.positions {
        let p = f64s(*p);
        let e = lens_distance(p, balls);
        worst = worst.max(e);
        // Within a cell of both spheres: a crease vertex.
        let near = |(c, r): ([f64; 3], f64)| (length(sub(p, c)) - r).abs() < cell;
        if near(balls[0]) && near(balls[1]) {
            on_rim += 1;
            assert!(
                e < 0.1 * cell,
                "crease vertex {p:?} is {} cells off",
                e / cell
            );
        }
    }
    assert!(on_rim > 20, "only {on_rim} vertices on the crease");
    assert!(worst < 0.1 * cell, "a vertex is {} cells off", worst / cell);
}

/// A raw gyroid sheet (frequency 5, a few cells thick at 64 cells) cut by
/// a ball: the sheet's value and the ball's.
fn shell(p: [f64; 3]) -> (f64, f64) {
    let q = p.map(|x| x * 5.0);
    let g = q[0].sin() * q[1].cos() + q[1].sin() * q[2].cos() + q[2].sin() * q[0].cos();
    (g.abs() - 0.5, length(p) - 0.85)
}

/// First-order signed distance of `p` from the zero set of `f`.
fn estimate(f: &dyn Fn([f64; 3]) -> f64, p: [f64; 3]) -> f64 {
    let h = 1e-6;
    let g = [0, 1, 2].map(|a| {
        let (mut hi, mut lo) = (p, p);
        hi[a] += h;
        lo[a] -= h;
        (f(hi) - f(lo)) / (2.0 * h)
    });
    f(p) / length(g).max(1e-12)
}

#[test]
fn mesh_gyroid_shell_creases_are_sharp() {
    let yaml = "output: /render\nnodes:\n  /g:\n    rop: custom\n    custom:\n      name: shell\n      description: raw gyroid sheet in a ball\n      coordTypes: [vec3]\n      returnTypes: [Sdf]\n      function: |\n        ReturnT thismap(CoordT p, ContextT ctx) {\n          vec3 q = p * 5.0;\n          float g = sin(q.x) * cos(q.y) + sin(q.y) * cos(q.z) + sin(q.z) * cos(q.x);\n          return createSdf(max(abs(g) - 0.5, length(p) - 0.85));\n        }\n  /render: { rop: raymarchRender3D, inputs: { scene: /g } }\n";
    let bounds = Some(Aabb {
        min: [-1.0; 3],
        max: [1.0; 3],
    });
    let Some((m, info, ..)) = mesh_with("mesh_shell", yaml, 64, bounds, library(), None) else {
        return;
    };
    assert_closed_oriented(&m, "gyroid shell");
    let cell = info.step as f64;
    // Each piece's distance to first order; the solid is where both are
    // negative, so its distance is the larger of the two.
    let mut crease = Vec::new();
    let mut worst: f64 = 0.0;
    for p in &m.positions {
        let p = f64s(*p);
        let sheet = estimate(&|q| shell(q).0, p) / cell;
        let ball = estimate(&|q| shell(q).1, p) / cell;
        let e = sheet.max(ball).abs();
        worst = worst.max(e);
        if sheet.abs() < 1.0 && ball.abs() < 1.0 {
            crease.push(e);
        }
    }
    crease.sort_by(f64::total_cmp);
    assert!(crease.len() > 1000, "only {} crease vertices", crease.len());
    // Nearly every crease vertex lies within a tenth of a cell; the rest
    // sit in cells the crease passes just outside of, where moving them onto
    // it would fold the mesh (see README: Meshes).
    let share = crease.iter().filter(|e| **e < 0.1).count() as f64 / crease.len() as f64;
    assert!(share > 0.97, "{share} of crease vertices within 0.1 cell");
    assert!(worst < 0.5, "a vertex is {worst} cells off");
}
#[test]
fn mesh_tolerance_merges_flat_regions_and_stays_closed() {
    // A box: its faces are flat, so almost everything merges; the corners
    // and edges stay where they are.
    let size = [1.3f32, 0.9, 1.1];
    let yaml = scene("box", &format!("{{ Size: {size:?} }}"));
    let Some((full, info, ..)) = mesh("mesh_tolerance_full", &yaml, 32, None) else {
        return;
    };
    let tolerance = 0.1 * info.step;
    let (m, info2, ..) = mesh_with(
        "mesh_tolerance",
        &yaml,
        32,
        None,
        promising_library(),
        Some(tolerance),
    )
    .unwrap();
    assert_eq!(info2.unsimplified_triangles, full.triangles.len());
    assert!(
        m.triangles.len() * 10 < full.triangles.len(),
        "{} triangles of {}",
        m.triangles.len(),
        full.triangles.len()
    );
    assert_sound(&m, info.step, "simplified box");
    assert_closed_oriented(&m, "simplified box");
    assert_eq!(euler(&m), 2);
    let v = signed_volume(&m);
    let expected = (size[0] * size[1] * size[2]) as f64;
    assert!(within(v, expected, 0.01), "volume {v}, expected {expected}");
    // Every vertex still lies on the box (exact distance, here in f64).
    let boxd = |p: [f64; 3]| {
        let q = [0, 1, 2].map(|a| p[a].abs() - size[a] as f64 / 2.0);
        let outside = length(q.map(|x| x.max(0.0)));
        outside + q[0].max(q[1]).max(q[2]).min(0.0)
    };
    for p in &m.positions {
        let d = boxd(f64s(*p)).abs();
        assert!(
            d <= tolerance as f64 + 1e-5,
            "vertex {p:?} is {d} off the box"
        );
    }

    // A torus is curved everywhere: fewer triangles all the same, each
    // vertex within the tolerance (and a little rounding) of the surface.
    let yaml = scene("torus", "{ Radius: 1.0, Thickness: 0.35, Axis: z }");
    let (full, info, ..) = mesh_with(
        "mesh_tolerance_torus_full",
        &yaml,
        40,
        None,
        promising_library(),
        None,
    )
    .unwrap();
    let tolerance = 0.2 * info.step;
    let (m, ..) = mesh_with(
        "mesh_tolerance_torus",
        &yaml,
        40,
        None,
        promising_library(),
        Some(tolerance),
    )
    .unwrap();
    assert!(m.triangles.len() < full.triangles.len() * 3 / 4);
    assert_closed_oriented(&m, "simplified torus");
    assert_eq!(euler(&m), 0);
    for p in &m.positions {
        let p = f64s(*p);
        let d = ((length([p[0], p[1], 0.0]) - 1.0).hypot(p[2]) - 0.35).abs();
        assert!(
            d <= tolerance as f64 + 0.05 * info.step as f64,
            "vertex {p:?} is {d} off the torus"
        );
    }
}

#[test]
fn mesh_command_stops_at_its_timeout() {
    if gpu("mesh_timeout").is_none() {
        return;
    }
    // A field far too slow to finish: thousands of steps per sample, on a
    // grid that promises nothing (so every block is evaluated).
    let dir = tempfile::tempdir().unwrap();
    let net = dir.path().join("slow.yaml");
    std::fs::write(
        &net,
        "output: /render\nnodes:\n  /s:\n    rop: custom\n    custom:\n      name: slow\n      description: slow\n      coordTypes: [vec3]\n      returnTypes: [Sdf]\n      function: |\n        ReturnT thismap(CoordT p, ContextT ctx) {\n          float d = length(p) - 1.0;\n          for (int i = 0; i < 20000; i++) { d += 1e-9 * sin(d * float(i)); }\n          return createSdf(d);\n        }\n  /render: { rop: raymarchRender3D, inputs: { scene: /s } }\n",
    )
    .unwrap();
    let out = dir.path().join("slow.glb");
    let (ok, err) = ropkit_mesh(&[
        net.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
        "--resolution",
        "256",
        "--bounds",
        "-2,-2,-2,2,2,2",
        "--timeout",
        "1",
    ]);
    assert!(!ok, "{err}");
    assert!(
        err.contains("timeout") || err.contains("did not finish on the GPU within 1 s"),
        "{err}"
    );
    assert!(!out.exists());
}
