//! The new fractals: the Sierpinski solids against brute force over their
//! pieces; the escape-time and folding fractals against their iteration
//! written here, a Lipschitz bound, and their symmetries.

use super::*;

const PHI: f64 = 1.618_033_988_749_895;

/// Every cyclic turn of (a, b, c) with every choice of signs, deduplicated.
fn cyclic_signed(a: f64, b: f64, c: f64) -> Vec<V3> {
    let mut out: Vec<V3> = Vec::new();
    for sx in [1.0, -1.0] {
        for sy in [1.0, -1.0] {
            for sz in [1.0, -1.0] {
                let v = [a * sx, b * sy, c * sz];
                for t in [v, [v[2], v[0], v[1]], [v[1], v[2], v[0]]] {
                    if !out.iter().any(|u| an::len3(an::sub3(*u, t)) < 1e-9) {
                        out.push(t);
                    }
                }
            }
        }
    }
    out
}

fn unit(v: Vec<V3>) -> Vec<V3> {
    v.into_iter().map(norm3).collect()
}

/// The icosahedron with corners at the cyclic turns of (0, +-1, +-phi), and
/// its dual dodecahedron ((+-1, +-1, +-1) and the turns of (0, +-phi,
/// +-1/phi)), both with corners at distance 1.
fn ico_corners() -> Vec<V3> {
    unit(cyclic_signed(0.0, 1.0, PHI))
}

fn dodeca_corners() -> Vec<V3> {
    let mut v = cyclic_signed(1.0, 1.0, 1.0);
    v.extend(cyclic_signed(0.0, PHI, 1.0 / PHI));
    unit(v)
}

/// The pieces of an IFS of similarities x -> r x + (1 - r) c over the
/// corners c, after n levels: (centre, scale) of each copy of the solid.
fn pieces(corners: &[V3], r: f64, n: usize) -> Vec<(V3, f64)> {
    let mut out = vec![([0.0; 3], 1.0)];
    for _ in 0..n {
        out = out
            .iter()
            .flat_map(|(c, s)| {
                corners
                    .iter()
                    .map(move |v| (add3(mul3(*c, r), mul3(*v, 1.0 - r)), s * r))
            })
            .collect();
    }
    out
}

/// The union of the copies of a convex solid: the nearest copy's distance.
fn union_distance(p: V3, faces: &[[V3; 3]], parts: &[(V3, f64)]) -> f64 {
    parts
        .iter()
        .map(|(c, s)| s * an::convex(mul3(an::sub3(p, *c), 1.0 / s), faces))
        .fold(f64::MAX, f64::min)
}

fn reflect(p: V3, n: V3) -> V3 {
    an::sub3(p, mul3(n, 2.0 * an::dot3(p, n)))
}

fn cycle(p: V3) -> V3 {
    [p[1], p[2], p[0]]
}

/// Samples a node at points and at their images under a map, and expects
/// the same values.
fn check_symmetry(
    gpu: &Gpu,
    lib: &Library,
    what: &str,
    node: &str,
    pts: &[[f32; 3]],
    map: impl Fn(V3) -> V3,
) {
    let base = values(gpu, lib, &sdf3(node, ""), pts);
    let moved: Vec<[f32; 3]> = pts.iter().map(|p| to32(map(v3(p)))).collect();
    let image = values(gpu, lib, &sdf3(node, ""), &moved);
    expect_symmetric(what, pts, &base, &image, 2e-3);
}

/// exact: each Sierpinski solid equals the union of its pieces (a level-n
/// IFS of copies at the corners), computed here copy by copy; and the
/// symmetries of its polyhedron leave it unchanged at more levels.
#[test]
fn sierpinski_solids_are_the_union_of_their_pieces() {
    let Some(gpu) = gpu("sierpinski_solids_are_the_union_of_their_pieces") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(41, 200, -1.3, 1.3);
    let tet = unit(vec![
        [1., 1., 1.],
        [1., -1., -1.],
        [-1., 1., -1.],
        [-1., -1., 1.],
    ]);
    let oct: Vec<V3> = (0..6)
        .map(|i| {
            let mut v = [0.0; 3];
            v[i / 2] = if i % 2 == 0 { 1.0 } else { -1.0 };
            v
        })
        .collect();
    let (ico, dod) = (ico_corners(), dodeca_corners());
    assert_eq!((ico.len(), dod.len()), (12, 20));
    let r_ico = 1.0 / (1.0 + PHI);
    let r_dod = 1.0 / (2.0 + PHI);
    type Case = (&'static str, Vec<V3>, f64, usize, f64);
    let cases: Vec<Case> = vec![
        ("sierpinskiTetrahedron", tet, 0.5, 3, 1.2),
        ("sierpinskiOctahedron", oct, 0.5, 3, 1.1),
        ("sierpinskiIcosahedron", ico, r_ico, 2, 1.1),
        ("sierpinskiDodecahedron", dod, r_dod, 2, 1.15),
        ("sierpinskiIcosahedron", ico_corners(), 0.5, 2, 1.0),
    ];
    for (rop, corners, r, n, radius) in &cases {
        let faces = hull_faces(corners);
        let parts = pieces(corners, *r, *n);
        let node = format!(
            "{{ rop: {rop}, params: {{ Iterations: {n}, Radius: {radius}, Translate: [0.05, -0.1, 0], {} }} }}",
            if rop.contains("Ico") || rop.contains("Dodeca") {
                format!("Ratio: {r}")
            } else {
                String::new()
            }
        );
        let out = sample(&gpu, &lib, &sdf3(&node, ""), &pts);
        expect_exact(&format!("{rop} ratio {r}"), &pts, &out, |p| {
            let q = mul3(an::sub3(v3(p), [0.05, -0.1, 0.0]), 1.0 / radius);
            radius * union_distance(q, &faces, &parts)
        });
    }
    // Symmetries at five levels: a turn by a third about (1, 1, 1) for all,
    // and a mirror of each polyhedron.
    let pts = points3(42, 150, -1.2, 1.2);
    let m_ico = norm3([PHI, 1.0, 1.0 / PHI]);
    for (rop, mirror) in [
        ("sierpinskiTetrahedron", norm3([1.0, -1.0, 0.0])),
        ("sierpinskiOctahedron", [1.0, 0.0, 0.0]),
        ("sierpinskiIcosahedron", m_ico),
        ("sierpinskiDodecahedron", m_ico),
    ] {
        let node = format!("{{ rop: {rop}, params: {{ Iterations: 5 }} }}");
        check_symmetry(&gpu, &lib, &format!("{rop} turned"), &node, &pts, cycle);
        check_symmetry(&gpu, &lib, &format!("{rop} mirrored"), &node, &pts, |p| {
            reflect(p, mirror)
        });
    }
}

// ---------------------------------------------------------------------------
// The folding and escape-time fractals, iterated here in f64.

/// Rotation by Euler angles in degrees: about x, then y, then z.
fn euler(deg: V3, v: V3) -> V3 {
    let [a, b, c] = deg.map(f64::to_radians);
    let v = [
        v[0],
        a.cos() * v[1] - a.sin() * v[2],
        a.sin() * v[1] + a.cos() * v[2],
    ];
    let v = [
        b.cos() * v[0] + b.sin() * v[2],
        v[1],
        -b.sin() * v[0] + b.cos() * v[2],
    ];
    [
        c.cos() * v[0] - c.sin() * v[1],
        c.sin() * v[0] + c.cos() * v[1],
        v[2],
    ]
}

/// The icosahedral group's 15 mirrors, oriented towards the chamber beside
/// the corner (0, 1, phi), the face centre (1, 1, 1) and the edge between.
fn ico_mirrors() -> Vec<V3> {
    let inner = norm3(add3(
        add3(norm3([0.0, 1.0, PHI]), norm3([1.0, 1.0, 1.0])),
        norm3([0.5, (1.0 + PHI) / 2.0, PHI / 2.0]),
    ));
    let mut ms = vec![[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
    ms.extend(cyclic_signed(PHI / 2.0, 0.5, 0.5 / PHI));
    let mut out: Vec<V3> = Vec::new();
    for m in ms {
        let m = if an::dot3(m, inner) < 0.0 {
            mul3(m, -1.0)
        } else {
            m
        };
        if !out.iter().any(|u| an::len3(an::sub3(*u, m)) < 1e-9) {
            out.push(m);
        }
    }
    assert_eq!(out.len(), 15);
    out
}

/// Reflects p across mirrors it lies behind until it lies behind none.
fn fold_into(p: V3, mirrors: &[V3]) -> V3 {
    let mut p = p;
    for _ in 0..100 {
        match mirrors.iter().find(|m| an::dot3(p, **m) < -1e-12) {
            Some(m) => p = reflect(p, *m),
            None => break,
        }
    }
    p
}

/// The dodecahedron fractal's step: scale, offset, turn, and the base
/// dodecahedron's size.
struct DodecaStep {
    s: f64,
    offset: V3,
    rot: V3,
    base: f64,
}

fn dodeca_fractal(p: V3, n: usize, step: &DodecaStep, faces: &[[V3; 3]], mirrors: &[V3]) -> f64 {
    let DodecaStep {
        s,
        offset,
        rot,
        base,
    } = *step;
    let mut z = p;
    let mut scale = 1.0;
    for _ in 0..n {
        z = euler(rot, fold_into(z, mirrors));
        z = an::sub3(mul3(z, s), mul3(offset, s - 1.0));
        scale /= s;
    }
    an::convex(mul3(z, 1.0 / base), faces) * base * scale
}

fn kali(p: V3, n: usize, s: f64, step: V3, rot: V3, bx: V3, round: f64) -> f64 {
    let mut z = p;
    let mut scale = 1.0;
    for _ in 0..n {
        z = euler(rot, z.map(f64::abs));
        z = an::sub3(mul3(z, s), step);
        scale /= s;
    }
    let e = [z[0].abs() - bx[0], z[1].abs() - bx[1], z[2].abs() - bx[2]];
    let outside = an::len3(e.map(|x| x.max(0.0)));
    (outside + e[0].max(e[1]).max(e[2]).min(0.0) - round) * scale
}

fn apollonian(p: V3, n: usize, inv: f64) -> f64 {
    let (mut z, mut grow) = (p, 1.0);
    for _ in 0..n {
        z = z.map(|x| -1.0 + 2.0 * (0.5 * x + 0.5).rem_euclid(1.0));
        let k = inv / an::dot3(z, z);
        z = mul3(z, k);
        grow *= k;
    }
    0.25 * z[1].abs() / grow
}

fn kleinian(p: V3, n: usize, bx: V3, inv: f64, offset: V3) -> f64 {
    let (mut z, mut grow) = (p, 1.0);
    for _ in 0..n {
        z = [0, 1, 2].map(|i| 2.0 * z[i].clamp(-bx[i], bx[i]) - z[i]);
        let k = (inv / an::dot3(z, z)).max(1.0);
        z = add3(mul3(z, k), offset);
        grow *= k;
    }
    0.25 * z[1].abs() / grow
}

fn amazing(p: V3, n: usize, fold: f64, min_r: f64, s: f64, julia: V3, rot: V3) -> f64 {
    let (mut z, mut dr) = (p, 1.0);
    for _ in 0..n {
        for i in [0, 2] {
            z[i] = (z[i] + fold).abs() - (z[i] - fold).abs() - z[i];
        }
        let k = s / an::dot3(z, z).clamp(min_r * min_r, 1.0);
        z = add3(euler(rot, mul3(z, k)), julia);
        dr *= k;
    }
    0.5 * (an::len3(z) - 2.0) / dr
}

fn lettuce(p: V3, n: usize) -> f64 {
    let c = p;
    let (mut z, mut dr, mut r) = (c, 1.0, an::len3(c));
    for _ in 0..n {
        r = an::len3(z);
        if r > 256.0 {
            break;
        }
        dr = 2.0 * r * dr + 1.0;
        // z^2 with both spherical angles doubled: polar from +y, azimuth in xz.
        let (th, ph) = (
            (z[1] / r).clamp(-1.0, 1.0).acos() * 2.0,
            z[2].atan2(z[0]) * 2.0,
        );
        z = add3(
            mul3([th.sin() * ph.cos(), th.cos(), th.sin() * ph.sin()], r * r),
            c,
        );
        r = an::len3(z);
    }
    0.25 * r.ln() * r / dr
}

/// Most values agree with the iteration here: chaotic orbits near the folds
/// may part ways between f32 and f64, so a few may differ.
fn expect_mostly(what: &str, pts: &[[f32; 3]], got: &[f64], want: impl Fn(V3) -> f64, tol: f64) {
    let bad: Vec<String> = pts
        .iter()
        .zip(got)
        .filter_map(|(p, g)| {
            let w = want(v3(p));
            (!close(*g, w, tol)).then(|| format!("  at {p:?}: got {g}, want {w}"))
        })
        .collect();
    assert!(
        bad.len() * 20 <= pts.len(),
        "{what}: {} of {} points differ:\n{}",
        bad.len(),
        pts.len(),
        bad.iter().take(8).cloned().collect::<Vec<_>>().join("\n")
    );
}

#[test]
fn folding_fractals_follow_their_iteration_are_bounds_and_symmetric() {
    let Some(gpu) = gpu("folding_fractals_follow_their_iteration_are_bounds_and_symmetric") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(43, 200, -1.5, 1.5);
    let pairs = point_pairs(44, 150, -1.5, 1.5, 0.03);
    let mirrors = ico_mirrors();
    let dfaces = hull_faces(&dodeca_corners());
    let off = norm3([0.0, 1.0, PHI]);
    let rot = [10.0, -20.0, 15.0];
    type Case = (&'static str, String, Box<dyn Fn(V3) -> f64>);
    let cases: Vec<Case> = vec![
        (
            "dodecahedronFractal",
            format!("{{ rop: dodecahedronFractal, params: {{ Iterations: 4, Scale: 2.6, BaseSize: 0.5, Offset: {off:?}, Rotate: {rot:?} }} }}"),
            Box::new(move |p| dodeca_fractal(p, 4, &DodecaStep { s: 2.6, offset: off, rot, base: 0.5 }, &dfaces, &mirrors)),
        ),
        (
            "kaliGenerator",
            "{ rop: kaliGenerator, params: { Iterations: 6, Scale: 1.4, Step: [0.6, 0.5, 0.3], Rotate: [8, 15, 3], BoxSize: [0.3, 0.25, 0.3], BoxRound: 0.02, Radius: 0.8 } }".into(),
            Box::new(|p| 0.8 * kali(mul3(p, 1.0 / 0.8), 6, 1.4, [0.6, 0.5, 0.3], [8.0, 15.0, 3.0], [0.3, 0.25, 0.3], 0.02)),
        ),
        (
            "apollonian",
            "{ rop: apollonian, params: { Iterations: 6, Inversion: 1.2, Scale: 0.9 } }".into(),
            Box::new(|p| 0.9 * apollonian(mul3(p, 1.0 / 0.9), 6, 1.2)),
        ),
        (
            "kleinian",
            "{ rop: kleinian, params: { Iterations: 6, Box: [0.8, 1.2, 0.5], Inversion: 0.8, Offset: [0.1, 0, 0.1] } }".into(),
            Box::new(|p| kleinian(p, 6, [0.8, 1.2, 0.5], 0.8, [0.1, 0.0, 0.1])),
        ),
        (
            "amazingSurface",
            "{ rop: amazingSurface, params: { Iterations: 6, Fold: 1.0, MinRadius: 0.6, StepScale: 1.3, Julia: [-0.8, -0.3, -0.6], Rotate: [0, 20, 0] } }".into(),
            Box::new(|p| amazing(p, 6, 1.0, 0.6, 1.3, [-0.8, -0.3, -0.6], [0.0, 20.0, 0.0])),
        ),
        (
            "mandelettuce",
            "{ rop: mandelettuce, params: { Iterations: 8, Scale: 1.0 } }".into(),
            Box::new(|p| lettuce(p, 8)),
        ),
    ];
    for (what, node, want) in &cases {
        let got = values(&gpu, &lib, &sdf3(node, ""), &pts);
        expect_mostly(what, &pts, &got, want, 2e-3);
        // bound: 1-Lipschitz, so never more than the distance to its surface.
        let out = sample(&gpu, &lib, &sdf3(node, ""), &pairs);
        expect_lipschitz(what, &pairs, &out);
    }
    // Symmetries: each fractal's first step commutes with these maps.
    let pts = points3(45, 120, -1.4, 1.4);
    let mirror = norm3([PHI, 1.0, 1.0 / PHI]);
    let dodeca =
        format!("{{ rop: dodecahedronFractal, params: {{ Iterations: 5, Rotate: {rot:?} }} }}");
    check_symmetry(
        &gpu,
        &lib,
        "dodecahedronFractal mirrored",
        &dodeca,
        &pts,
        |p| reflect(p, mirror),
    );
    check_symmetry(
        &gpu,
        &lib,
        "dodecahedronFractal turned",
        &dodeca,
        &pts,
        cycle,
    );
    let kali_node = "{ rop: kaliGenerator, params: { Iterations: 8 } }";
    for axis in 0..3 {
        check_symmetry(
            &gpu,
            &lib,
            "kaliGenerator mirrored",
            kali_node,
            &pts,
            |mut p| {
                p[axis] = -p[axis];
                p
            },
        );
    }
    let apo = "{ rop: apollonian, params: { Iterations: 8, Scale: 0.7 } }";
    check_symmetry(&gpu, &lib, "apollonian moved by a period", apo, &pts, |p| {
        [p[0] + 1.4, p[1], p[2] - 1.4]
    });
    check_symmetry(&gpu, &lib, "apollonian mirrored", apo, &pts, |p| {
        [-p[0], p[1], p[2]]
    });
    check_symmetry(
        &gpu,
        &lib,
        "apollonian with x and z swapped",
        apo,
        &pts,
        |p| [p[2], p[1], p[0]],
    );
    let klein = "{ rop: kleinian, params: { Iterations: 8, Offset: [0, 0.1, 0] } }";
    check_symmetry(&gpu, &lib, "kleinian mirrored in x", klein, &pts, |p| {
        [-p[0], p[1], p[2]]
    });
    check_symmetry(&gpu, &lib, "kleinian mirrored in z", klein, &pts, |p| {
        [p[0], p[1], -p[2]]
    });
    let amaze = "{ rop: amazingSurface, params: { Iterations: 8, Julia: [0, -0.3, -0.6], Rotate: [0, 0, 0] } }";
    check_symmetry(
        &gpu,
        &lib,
        "amazingSurface mirrored in x",
        amaze,
        &pts,
        |p| [-p[0], p[1], p[2]],
    );
    let lettuce_node = "{ rop: mandelettuce, params: { Iterations: 10, Offset: [0.1, 0.2, 0] } }";
    check_symmetry(
        &gpu,
        &lib,
        "mandelettuce mirrored in z",
        lettuce_node,
        &pts,
        |p| [p[0], p[1], -p[2]],
    );
}
