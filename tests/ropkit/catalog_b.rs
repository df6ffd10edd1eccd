//! The second half of the catalog (filter, field, convert, time, light,
//! post and utility ROPs), evaluated on the GPU and compared with what they
//! must be: an identity with other ROPs or with geometry computed here, a
//! property (symmetry, periodicity, a range, a Lipschitz bound, zero
//! divergence), or an exact value. Each check says which in a comment.

use crate::catalog::an::{V2, V3};
use crate::catalog::*;
use crate::common::*;
use ropkit::build::build;
use ropkit::generate::Mode;
use ropkit::library::Library;
use ropkit::network::Network;
use ropkit::render::{Gpu, Renderer};
use ropkit::sample::sample_network;
use std::f64::consts::{FRAC_1_SQRT_2, PI, TAU};

// ---------------------------------------------------------------------------
// Helpers

/// A small off-centre box: copies of it never overlap in the tests below.
const SMALL: &str =
    "  /b: { rop: box, params: { Size: [0.4, 0.6, 0.3], Translate: [0.1, 0.05, -0.05] } }\n";

fn small_d(p: V3) -> f64 {
    an::cube(p, [0.1, 0.05, -0.05], [0.2, 0.3, 0.15])
}

/// The polynomial smooth minimum of radius k (a = the union so far).
fn smin(a: f64, b: f64, k: f64) -> f64 {
    let h = (0.5 + 0.5 * (b - a) / k).clamp(0.0, 1.0);
    b + (a - b) * h - k * h * (1.0 - h)
}

fn smoothstep(e0: f64, e1: f64, x: f64) -> f64 {
    let t = ((x - e0) / (e1 - e0)).clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

fn len(p: V3) -> f64 {
    an::len3(p)
}

/// Turns (x, z) about the y axis by `a` radians, from x towards z.
fn turn_y(p: V3, a: f64) -> V3 {
    let w = an::rot2([p[0], p[2]], a);
    [w[0], p[1], w[1]]
}

/// Two samplings agree point by point.
fn expect_same(what: &str, a: &[[f32; 4]], b: &[[f32; 4]], tol: f64) {
    let bad: Vec<String> = a
        .iter()
        .zip(b)
        .enumerate()
        .filter(|(_, (x, y))| !close(x[0] as f64, y[0] as f64, tol))
        .map(|(i, (x, y))| format!("  #{i}: {} vs {}", x[0], y[0]))
        .collect();
    assert!(
        bad.is_empty(),
        "{what}: {} of {} differ:\n{}",
        bad.len(),
        a.len(),
        bad.iter().take(8).cloned().collect::<Vec<_>>().join("\n")
    );
}

/// Sampling with a frame number as well as a time.
fn sample_frame(
    gpu: &Gpu,
    lib: &Library,
    nodes: &str,
    pts: &[[f32; 3]],
    time: f32,
    frame: u32,
) -> Vec<[f32; 4]> {
    let text = format!("output: /out\nnodes:\n{nodes}");
    let net = Network::parse(&text, &root().join("catalog-test.yaml"), lib)
        .unwrap_or_else(|e| panic!("{e}\n{text}"));
    let mut r = Renderer::new(gpu.clone());
    r.asset_dirs = vec![root()];
    r.globals.time = time;
    r.globals.frame = frame;
    sample_network(&net, lib, &mut r, pts).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

fn srgb_to_linear(v: u8) -> f64 {
    let c = v as f64 / 255.0;
    if c <= 0.04045 {
        c / 12.92
    } else {
        ((c + 0.055) / 1.055).powf(2.4)
    }
}

/// assets/checker.png as linear RGBA (the renderer uploads images as sRGB).
pub(crate) struct Image {
    pub(crate) w: usize,
    pub(crate) h: usize,
    pub(crate) px: Vec<[f64; 4]>,
}

impl Image {
    pub(crate) fn load() -> Image {
        let img = image::open(root().join("assets/checker.png"))
            .unwrap()
            .to_rgba8();
        let (w, h) = (img.width() as usize, img.height() as usize);
        let px = img
            .pixels()
            .map(|p| {
                [
                    srgb_to_linear(p[0]),
                    srgb_to_linear(p[1]),
                    srgb_to_linear(p[2]),
                    p[3] as f64 / 255.0,
                ]
            })
            .collect();
        Image { w, h, px }
    }
    /// The texel (i, j) (j counted from the top row), repeating.
    pub(crate) fn texel(&self, i: i64, j: i64) -> [f64; 4] {
        let i = i.rem_euclid(self.w as i64) as usize;
        let j = j.rem_euclid(self.h as i64) as usize;
        self.px[j * self.w + i]
    }
    /// Image coordinates of texel centres: (u, v, i, j) for a spread of texels
    /// over two repeats (at a centre, linear filtering returns the texel itself).
    fn centres(&self, n: usize) -> Vec<(f64, f64, i64, i64)> {
        let mut r = Rng::new(77);
        (0..n)
            .map(|_| {
                let i = (r.next() * 2.0 * self.w as f64).floor() as i64 - self.w as i64;
                let j = (r.next() * 2.0 * self.h as f64).floor() as i64 - self.h as i64;
                // Image coordinates run up the image (v = 1 at the top
                // row, j = 0: shaders/uv.glsl), texel rows down it.
                (
                    (i as f64 + 0.5) / self.w as f64,
                    1.0 - (j as f64 + 0.5) / self.h as f64,
                    i,
                    j,
                )
            })
            .collect()
    }
}

fn luma(c: [f64; 4]) -> f64 {
    0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]
}

#[test]
fn the_new_categories_hold_their_rops() {
    let lib = library();
    let count = |cat: &str| lib.rops.values().filter(|d| d.category == cat).count();
    for (cat, at_least) in [
        ("filter", 35),
        ("field", 24),
        ("convert", 13),
        ("time", 3),
        ("light", 6),
        ("post", 6),
        ("utility", 3),
    ] {
        assert!(count(cat) >= at_least, "{cat}: {} ROPs", count(cat));
    }
}

// ---------------------------------------------------------------------------
// filter: copies joined

#[test]
fn radial_clone_is_the_union_of_turned_copies() {
    let Some(gpu) = gpu("radial_clone_is_the_union_of_turned_copies") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(101, 300, -2.5, 2.5);
    // identity: the minimum over the Count copies, each the box moved out
    // along x by the radius and turned about y by 10 + 72 i degrees.
    let node = "{ rop: radialClone, params: { Count: 5, Radius: 1.2, Rotate: 10 }, inputs: [/b] }";
    let copies = |p: V3, count: usize, radius: f64, rot: f64| -> Vec<f64> {
        (0..count)
            .map(|i| {
                let a = rot.to_radians() + TAU * i as f64 / count as f64;
                let q = turn_y(p, -a);
                small_d([q[0] - radius, q[1], q[2]])
            })
            .collect()
    };
    let out = sample(&gpu, &lib, &sdf3(node, SMALL), &pts);
    expect_within("radialClone", &pts, &out, 2e-3, |p| {
        copies(v3(p), 5, 1.2, 10.0)
            .into_iter()
            .fold(f64::MAX, f64::min)
    });
    // identity: a smooth union folds the copies in order.
    let node = "{ rop: radialClone, params: { Count: 4, Radius: 0.5, Blend: 0.3 }, inputs: [/b] }";
    let out = sample(&gpu, &lib, &sdf3(node, SMALL), &pts);
    expect_within("radialClone smooth", &pts, &out, 2e-3, |p| {
        copies(v3(p), 4, 0.5, 0.0)
            .into_iter()
            .reduce(|a, b| smin(a, b, 0.3))
            .unwrap()
    });
    // identity: each copy sees its index; iterationSwitch sends odd copies far away.
    let extra = format!(
        "{SMALL}  /far: {{ rop: sphere, params: {{ Radius: 0.1, Translate: [0, 50, 0] }} }}\n  /pick: {{ rop: iterationSwitch, inputs: [/b, /far] }}\n"
    );
    let node = "{ rop: radialClone, params: { Count: 6, Radius: 1.0 }, inputs: [/pick] }";
    let out = sample(&gpu, &lib, &sdf3(node, &extra), &pts);
    expect_within("radialClone iteration", &pts, &out, 2e-3, |p| {
        copies(v3(p), 6, 1.0, 0.0)
            .into_iter()
            .step_by(2)
            .fold(f64::MAX, f64::min)
    });
    // identity (2D): copies of a circle around the origin.
    let pts2 = points2(102, 200, -2.0, 2.0);
    let node = "{ rop: radialClone, params: { Count: 3, Radius: 1.0, Rotate: 90 }, inputs: [/c] }";
    let out = sample(
        &gpu,
        &lib,
        &sdf2(
            node,
            "  /c: { rop: circle, params: { Radius: 0.3, Translate: [0.2, 0] } }\n",
        ),
        &pts2,
    );
    expect_within("radialClone 2D", &pts2, &out, 2e-3, |p| {
        (0..3)
            .map(|i| {
                let a = PI / 2.0 + TAU * i as f64 / 3.0;
                let c = an::rot2([1.2, 0.0], a);
                an::len2([p[0] as f64 - c[0], p[1] as f64 - c[1]]) - 0.3
            })
            .fold(f64::MAX, f64::min)
    });
}

#[test]
fn clone_union_steps_each_copy_further() {
    let Some(gpu) = gpu("clone_union_steps_each_copy_further") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(103, 300, -1.5, 3.0);
    // identity: copy i of a sphere (radius r at c) is the sphere scaled by
    // s^i about the origin, turned by 25 i degrees about z and moved by i t.
    let ball = "  /c: { rop: sphere, params: { Radius: 0.3, Translate: [0.5, 0, 0] } }\n";
    let node = "{ rop: cloneUnion, params: { Count: 4, Translate: [0.6, 0.2, 0], Rotate: [0, 0, 25], Scale: 0.8 }, inputs: [/c] }";
    let out = sample(&gpu, &lib, &sdf3(node, ball), &pts);
    expect_within("cloneUnion", &pts, &out, 2e-3, |p| {
        (0..4)
            .map(|i| {
                let k = i as f64;
                let s = 0.8f64.powi(i);
                let c = an::rot2([0.5 * s, 0.0], (25.0 * k).to_radians());
                let centre = [c[0] + 0.6 * k, c[1] + 0.2 * k, 0.0];
                sphere_d(v3(p), centre, 0.3 * s)
            })
            .fold(f64::MAX, f64::min)
    });
    // identity (2D): a row of growing circles.
    let pts2 = points2(104, 200, -1.0, 4.0);
    let node = "{ rop: cloneUnion, params: { Count: 3, Translate: [1.2, 0, 0], Scale: 1.5 }, inputs: [/c] }";
    let out = sample(
        &gpu,
        &lib,
        &sdf2(node, "  /c: { rop: circle, params: { Radius: 0.2 } }\n"),
        &pts2,
    );
    expect_exact("cloneUnion 2D", &pts2, &out, |p| {
        (0..3)
            .map(|i| an::len2([p[0] as f64 - 1.2 * i as f64, p[1] as f64]) - 0.2 * 1.5f64.powi(i))
            .fold(f64::MAX, f64::min)
    });
}

#[test]
fn spiral_repeat_is_the_union_of_every_step() {
    let Some(gpu) = gpu("spiral_repeat_is_the_union_of_every_step") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(105, 400, -2.0, 3.0);
    // identity: copy i is the step moved out by the radius, turned by 30 i
    // degrees and raised by 0.12 i; the union over all 24 copies, although
    // only those not ruled out by height are evaluated.
    let step = "  /st: { rop: box, params: { Size: [0.8, 0.06, 0.25] } }\n";
    let node = "{ rop: spiralRepeat, params: { Count: 24, Radius: 1.0, Angle: 30, Rise: 0.12, Extent: 0.03 }, inputs: [/st] }";
    let out = sample(&gpu, &lib, &sdf3(node, step), &pts);
    expect_within("spiralRepeat", &pts, &out, 2e-3, |p| {
        (0..24)
            .map(|i| {
                let q = turn_y(v3(p), -(30.0 * i as f64).to_radians());
                an::cube(
                    [q[0] - 1.0, q[1] - 0.12 * i as f64, q[2]],
                    [0.0; 3],
                    [0.4, 0.03, 0.125],
                )
            })
            .fold(f64::MAX, f64::min)
    });
}

#[test]
fn iterated_transform_folds_scales_and_stays_a_bound() {
    let Some(gpu) = gpu("iterated_transform_folds_scales_and_stays_a_bound") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(106, 300, -2.0, 2.0);
    // identity: one abs fold scaled by 2 about (1, 1, 1) is the input at
    // 2 |p| - (1, 1, 1), its distance halved.
    let node = "{ rop: iteratedTransform, params: { Iterations: 1, Fold: abs, Scale: 2, Offset: [1, 1, 1] }, inputs: [/b] }";
    let out = sample(&gpu, &lib, &sdf3(node, BOX), &pts);
    let level = |p: V3| -> V3 {
        [
            2.0 * p[0].abs() - 1.0,
            2.0 * p[1].abs() - 1.0,
            2.0 * p[2].abs() - 1.0,
        ]
    };
    expect_exact("one abs fold", &pts, &out, |p| box_d(level(v3(p))) / 2.0);
    // identity: Accumulate joins every level: the input, and after one and two folds.
    let node = "{ rop: iteratedTransform, params: { Iterations: 2, Fold: abs, Scale: 2, Offset: [1, 1, 1], Accumulate: true }, inputs: [/b] }";
    let out = sample(&gpu, &lib, &sdf3(node, BOX), &pts);
    expect_exact("accumulated levels", &pts, &out, |p| {
        let p = v3(p);
        let one = level(p);
        let two = level(one);
        box_d(p).min(box_d(one) / 2.0).min(box_d(two) / 4.0)
    });
    // identity: an octahedral fold sorts |p| into x >= y >= z, then turns it
    // (here 30 degrees about z) and scales.
    let node = "{ rop: iteratedTransform, params: { Iterations: 1, Fold: octahedral, Rotate: [0, 0, 30], Scale: 1.5, Offset: [0.5, 0.2, 0] }, inputs: [/b] }";
    let out = sample(&gpu, &lib, &sdf3(node, BOX), &pts);
    expect_within("octahedral fold", &pts, &out, 2e-3, |p| {
        let mut a = [p[0].abs() as f64, p[1].abs() as f64, p[2].abs() as f64];
        a.sort_by(|x, y| y.partial_cmp(x).unwrap());
        let xy = an::rot2([a[0], a[1]], 30f64.to_radians());
        let q = [xy[0], xy[1], a[2]];
        let c = [0.5, 0.2, 0.0];
        box_d([
            1.5 * q[0] - c[0] * 0.5,
            1.5 * q[1] - c[1] * 0.5,
            1.5 * q[2] - c[2] * 0.5,
        ]) / 1.5
    });
    // property: after octahedral folds the value is the same at all 48
    // images of a point under sign flips and axis permutations.
    let node = "{ rop: iteratedTransform, params: { Iterations: 5, Fold: octahedral, Rotate: [10, 20, 5], Scale: 2 }, inputs: [/b] }";
    let base = points3(107, 40, -1.5, 1.5);
    let mut images = Vec::new();
    for p in &base {
        for perm in [
            [0, 1, 2],
            [0, 2, 1],
            [1, 0, 2],
            [1, 2, 0],
            [2, 0, 1],
            [2, 1, 0],
        ] {
            for signs in 0..8 {
                let s = |k: usize| if signs >> k & 1 == 1 { -1.0 } else { 1.0 };
                images.push([s(0) * p[perm[0]], s(1) * p[perm[1]], s(2) * p[perm[2]]]);
            }
        }
    }
    let out = sample(&gpu, &lib, &sdf3(node, BOX), &images);
    for (k, chunk) in out.chunks(48).enumerate() {
        for v in chunk {
            assert!(
                close(v[0] as f64, chunk[0][0] as f64, 1e-3),
                "octahedral symmetry broken at {:?}: {} vs {}",
                base[k],
                v[0],
                chunk[0][0]
            );
        }
    }
    // bound: 1-Lipschitz after many turning folds, with and without Accumulate.
    let pairs = point_pairs(108, 200, -1.5, 1.5, 0.02);
    for acc in [false, true] {
        let node = format!(
            "{{ rop: iteratedTransform, params: {{ Iterations: 7, Fold: tetrahedral, Rotate: [15, 5, 25], Scale: 2.1, Accumulate: {acc} }}, inputs: [/b] }}"
        );
        let out = sample(&gpu, &lib, &sdf3(&node, BOX), &pairs);
        expect_lipschitz(&format!("iteratedTransform accumulate={acc}"), &pairs, &out);
    }
    // identity (2D): one abs fold of a circle.
    let pts2 = points2(109, 200, -2.0, 2.0);
    let node = "{ rop: iteratedTransform, params: { Iterations: 1, Fold: abs, Scale: 3, Offset: [0.5, 0.5, 0] }, inputs: [/c] }";
    let out = sample(
        &gpu,
        &lib,
        &sdf2(
            node,
            "  /c: { rop: circle, params: { Radius: 0.4, Translate: [0.3, 0.1] } }\n",
        ),
        &pts2,
    );
    expect_exact("2D abs fold", &pts2, &out, |p| {
        let q = [
            3.0 * (p[0] as f64).abs() - 1.0,
            3.0 * (p[1] as f64).abs() - 1.0,
        ];
        (an::len2([q[0] - 0.3, q[1] - 0.1]) - 0.4) / 3.0
    });
}

// ---------------------------------------------------------------------------
// filter: domain maps

#[test]
fn kaleidoscope_mirrors_into_one_wedge() {
    let Some(gpu) = gpu("kaleidoscope_mirrors_into_one_wedge") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(110, 300, -2.0, 2.0);
    let node = "{ rop: kaleidoscope, params: { Segments: 5, Rotate: 10 }, inputs: [/b] }";
    let out = sample(&gpu, &lib, &sdf3(node, BOX), &pts);
    // identity: the point's angle (from the first mirror, in x towards z) is
    // reflected into the wedge 0..36 degrees.
    let rot = 10f64.to_radians();
    let sector = TAU / 5.0;
    expect_within("kaleidoscope", &pts, &out, 2e-3, |p| {
        let p = v3(p);
        let r = p[0].hypot(p[2]);
        let a = (p[2].atan2(p[0]) - rot).rem_euclid(sector);
        let a = if a > sector / 2.0 { sector - a } else { a };
        box_d([r * (a + rot).cos(), p[1], r * (a + rot).sin()])
    });
    // property: the same after turning by one segment, or mirroring across the first mirror.
    let turned: Vec<[f32; 3]> = pts
        .iter()
        .map(|p| {
            let q = turn_y(v3(p), sector);
            [q[0] as f32, q[1] as f32, q[2] as f32]
        })
        .collect();
    let mirrored: Vec<[f32; 3]> = pts
        .iter()
        .map(|p| {
            let p = v3(p);
            let (r, a) = (p[0].hypot(p[2]), p[2].atan2(p[0]));
            let b = 2.0 * rot - a;
            [(r * b.cos()) as f32, p[1] as f32, (r * b.sin()) as f32]
        })
        .collect();
    for (what, moved) in [("turned", turned), ("mirrored", mirrored)] {
        let again = sample(&gpu, &lib, &sdf3(node, BOX), &moved);
        expect_same(&format!("kaleidoscope {what}"), &out, &again, 2e-3);
    }
}

#[test]
fn mirror_and_hex_repeats_follow_their_lattices() {
    let Some(gpu) = gpu("mirror_and_hex_repeats_follow_their_lattices") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(111, 300, -3.0, 3.0);
    // identity: along each repeated axis the coordinate is the triangle wave
    // of period 2 s that equals it within half a cell of the origin.
    let tri = |v: f64, s: f64| s / 2.0 - ((v + s / 2.0).rem_euclid(2.0 * s) - s).abs();
    let node = "{ rop: mirrorRepeat, params: { Spacing: [1.5, 0, 1.2] }, inputs: [/b] }";
    let out = sample(&gpu, &lib, &sdf3(node, SMALL), &pts);
    expect_exact("mirrorRepeat", &pts, &out, |p| {
        let p = v3(p);
        small_d([tri(p[0], 1.5), p[1], tri(p[2], 1.2)])
    });
    // property: mirror images about every cell face (x = 0.75 here) agree.
    let reflected: Vec<[f32; 3]> = pts.iter().map(|p| [1.5 - p[0], p[1], p[2]]).collect();
    let again = sample(&gpu, &lib, &sdf3(node, SMALL), &reflected);
    expect_same("mirrorRepeat face symmetry", &out, &again, 1e-3);

    // identity: hexRepeat takes each point to its nearest lattice point
    // i (s, 0) + j (s / 2, s sqrt(3) / 2), found here by brute force.
    let s = 0.9;
    let nearest = |w: V2| -> Option<V2> {
        let mut best = (f64::MAX, [0.0; 2]);
        let mut second = f64::MAX;
        for i in -10..=10 {
            for j in -10..=10 {
                let c = [
                    s * i as f64 + s / 2.0 * j as f64,
                    s * 3f64.sqrt() / 2.0 * j as f64,
                ];
                let d = an::len2([w[0] - c[0], w[1] - c[1]]);
                if d < best.0 {
                    second = best.0;
                    best = (d, c);
                } else if d < second {
                    second = d;
                }
            }
        }
        // Points on a cell border could go either way: leave them out.
        (second - best.0 > 1e-3).then_some([w[0] - best.1[0], w[1] - best.1[1]])
    };
    let pts2 = points2(112, 300, -3.0, 3.0);
    let node = format!("{{ rop: hexRepeat, params: {{ Spacing: {s} }}, inputs: [/c] }}");
    let tri2 =
        "  /c: { rop: triangle, params: { A: [-0.2, -0.15], B: [0.05, 0.3], C: [0.25, -0.1] } }\n";
    let out = sample(&gpu, &lib, &sdf2(&node, tri2), &pts2);
    let shape = [[-0.2, -0.15], [0.05, 0.3], [0.25, -0.1]];
    let mut checked = 0;
    for (p, v) in pts2.iter().zip(&out) {
        if let Some(q) = nearest(v2(p)) {
            checked += 1;
            let want = an::polygon(q, &shape);
            assert!(
                close(v[0] as f64, want, 2e-3),
                "hexRepeat at {p:?}: {} != {want}",
                v[0]
            );
        }
    }
    assert!(checked > 250);
    // identity (3D, about y): the same lattice in the xz plane.
    let node = format!("{{ rop: hexRepeat, params: {{ Spacing: {s} }}, inputs: [/b] }}");
    let out = sample(&gpu, &lib, &sdf3(&node, SMALL), &pts);
    for (p, v) in pts.iter().zip(&out) {
        let p = v3(p);
        if let Some(q) = nearest([p[0], p[2]]) {
            let want = small_d([q[0], p[1], q[1]]);
            assert!(close(v[0] as f64, want, 2e-3), "hexRepeat 3D at {p:?}");
        }
    }
}

#[test]
fn axis_filters_match_their_maps() {
    let Some(gpu) = gpu("axis_filters_match_their_maps") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(113, 300, -2.0, 2.0);
    // identity: with Order zxy the input's x is this z, y is x and z is y;
    // FlipY mirrors the input's y.
    let node = "{ rop: swizzleAxes, params: { Order: zxy, FlipY: true }, inputs: [/b] }";
    let out = sample(&gpu, &lib, &sdf3(node, BOX), &pts);
    expect_exact("swizzleAxes", &pts, &out, |p| {
        box_d([p[2] as f64, -p[0] as f64, p[1] as f64])
    });
    // identity (2D): y before x swaps the two.
    let pts2 = points2(114, 200, -1.5, 1.5);
    let rect = "  /r: { rop: rectangle, params: { Size: [1.2, 0.4], Translate: [0.3, 0.2] } }\n";
    let out = sample(
        &gpu,
        &lib,
        &sdf2(
            "{ rop: swizzleAxes, params: { Order: yzx }, inputs: [/r] }",
            rect,
        ),
        &pts2,
    );
    expect_exact("swizzleAxes 2D", &pts2, &out, |p| {
        an::polygon(
            [p[1] as f64, p[0] as f64],
            &[[-0.3, 0.0], [0.9, 0.0], [0.9, 0.4], [-0.3, 0.4]],
        )
    });

    // bound: non-uniform scale of a sphere is an ellipsoid; the sign is right
    // and the value never exceeds the true distance (root finder).
    let ball = "  /c: { rop: sphere, params: { Radius: 1.0 } }\n";
    let node = "{ rop: nonUniformScale, params: { Scale: [1.5, 0.6, 1.0] }, inputs: [/c] }";
    let out = sample(&gpu, &lib, &sdf3(node, ball), &pts);
    // The distance is scaled by the smallest factor: at worst smallest /
    // largest (0.6 / 1.5) of the true distance.
    expect_bound_ratio(
        "nonUniformScale",
        &pts,
        &out,
        1e-3,
        |_| 0.4 * 0.99,
        |p| {
            let d = an::ellipsoid_n(&v3(p), &[1.5, 0.6, 1.0]);
            (d < 0.0, Some(d.abs()))
        },
        |_| false,
    );
    // exact: a uniform factor scales exactly.
    let node = "{ rop: nonUniformScale, params: { Scale: [0.7, 0.7, 0.7] }, inputs: [/c] }";
    let out = sample(&gpu, &lib, &sdf3(node, ball), &pts);
    expect_exact("nonUniformScale uniform", &pts, &out, |p| len(v3(p)) - 0.7);

    // exact: a spherical shell is the band between two radii.
    for (side, lo, hi) in [
        ("inside", 0.75, 1.0),
        ("outside", 1.0, 1.25),
        ("center", 0.875, 1.125),
    ] {
        let node =
            format!("{{ rop: shell, params: {{ Thickness: 0.25, Side: {side} }}, inputs: [/c] }}");
        let out = sample(&gpu, &lib, &sdf3(&node, ball), &pts);
        expect_exact(&format!("shell {side}"), &pts, &out, |p| {
            let r = len(v3(p));
            (r - hi).max(lo - r)
        });
    }

    // identity: smoothMirror with no smoothing is |x|; with smoothing the input
    // sees sqrt(x^2 + k^2).
    for k in [0.0, 0.3] {
        let node = format!(
            "{{ rop: smoothMirror, params: {{ Axis: x, Offset: 0.1, Smoothness: {k} }}, inputs: [/b] }}"
        );
        let out = sample(&gpu, &lib, &sdf3(&node, BOX), &pts);
        expect_exact(&format!("smoothMirror k={k}"), &pts, &out, |p| {
            let x = p[0] as f64 - 0.1;
            box_d([(x * x + k * k).sqrt() + 0.1, p[1] as f64, p[2] as f64])
        });
        // property: a bound (1-Lipschitz).
        let pairs = point_pairs(115, 150, -1.5, 1.5, 0.05);
        let out = sample(&gpu, &lib, &sdf3(&node, BOX), &pairs);
        expect_lipschitz("smoothMirror", &pairs, &out);
    }
}

#[test]
fn cell_random_is_an_exact_union_and_varies_per_cell() {
    let Some(gpu) = gpu("cell_random_is_an_exact_union_and_varies_per_cell") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(116, 300, -3.0, 3.0);
    // identity: without randomness the neighbours make it the exact union of
    // all the grid's copies (the nearest copy is not always the point's own).
    let node = "{ rop: cellRandom, params: { Spacing: [1.5, 0, 2.0], Jitter: [0, 0, 0], Turn: 0, Shrink: 0 }, inputs: [/b] }";
    let out = sample(&gpu, &lib, &sdf3(node, SMALL), &pts);
    expect_exact("cellRandom without randomness", &pts, &out, |p| {
        let p = v3(p);
        let mut d = f64::MAX;
        for i in -4..=4 {
            for k in -4..=4 {
                d = d.min(small_d([
                    p[0] - 1.5 * i as f64,
                    p[1],
                    p[2] - 2.0 * k as f64,
                ]));
            }
        }
        d
    });
    // bound: with random offsets, turns and sizes it stays 1-Lipschitz.
    let pairs = point_pairs(117, 200, -3.0, 3.0, 0.05);
    let node = "{ rop: cellRandom, params: { Spacing: [1.5, 1.5, 1.5], Jitter: [0.4, 0.4, 0.4], Turn: 90, Shrink: 0.5, Seed: 3 }, inputs: [/b] }";
    let out = sample(&gpu, &lib, &sdf3(node, SMALL), &pairs);
    expect_lipschitz("cellRandom", &pairs, &out);
    // ... and the random offsets do move the copies.
    let plain = sample(
        &gpu,
        &lib,
        &sdf3(
            "{ rop: gridRepeat, params: { Spacing: [1.5, 1.5, 1.5] }, inputs: [/b] }",
            SMALL,
        ),
        &pairs,
    );
    let moved = out
        .iter()
        .zip(&plain)
        .filter(|(a, b)| (a[0] - b[0]).abs() > 0.01)
        .count();
    assert!(moved > pairs.len() / 2, "only {moved} values changed");

    // property: the iteration's index is a whole number below Variants,
    // the same all over one cell, and differs between cells and seeds.
    let index = |seed: f64, pts: &[[f32; 3]]| {
        let node = format!(
            "{{ rop: cellRandom, params: {{ Spacing: [1, 1, 1], Jitter: [0, 0, 0], Shrink: 0, Variants: 5, Seed: {seed}, Neighbours: false }}, inputs: [/i] }}"
        );
        sample(
            &gpu,
            &lib,
            &probe(
                "probeFloat3",
                &node,
                "  /i: { rop: iterationField, params: { Format: rawIndex } }\n",
            ),
            pts,
        )
    };
    // Eight points in each of 64 cells.
    let mut cells = Vec::new();
    let mut r = Rng::new(118);
    for c in 0..64 {
        let centre = [
            (c % 4) as f64 - 1.5,
            ((c / 4) % 4) as f64 - 1.5,
            (c / 16) as f64 - 1.5,
        ];
        for _ in 0..8 {
            cells.push([
                (centre[0] + 0.5 + r.range(-0.45, 0.45)) as f32,
                (centre[1] + 0.5 + r.range(-0.45, 0.45)) as f32,
                (centre[2] + 0.5 + r.range(-0.45, 0.45)) as f32,
            ]);
        }
    }
    let a = index(0.0, &cells);
    let b = index(7.0, &cells);
    let mut seen = std::collections::BTreeSet::new();
    for cell in a.chunks(8) {
        let v = cell[0][0];
        assert!(
            v.fract() == 0.0 && (0.0..5.0).contains(&v),
            "index {v} is not a whole number below 5"
        );
        assert!(cell.iter().all(|x| x[0] == v), "index varies within a cell");
        seen.insert(v as i32);
    }
    assert!(seen.len() >= 4, "only indices {seen:?} in 64 cells");
    let differ = a.iter().zip(&b).filter(|(x, y)| x[0] != y[0]).count();
    assert!(
        differ > a.len() / 2,
        "the seed changed only {differ} values"
    );
}

#[test]
fn voxelize_is_the_distance_to_the_solid_cells() {
    let Some(gpu) = gpu("voxelize_is_the_distance_to_the_solid_cells") else {
        return;
    };
    let lib = catalog_library();
    let (c, r, s) = ([0.13, -0.07, 0.05], 0.9, 0.3);
    // Every cell (size s, centred on multiples of s) whose centre is inside the sphere.
    let mut solid = Vec::new();
    let mut empty = Vec::new();
    for i in -6..=6 {
        for j in -6..=6 {
            for k in -6..=6 {
                let centre = [i as f64 * s, j as f64 * s, k as f64 * s];
                if sphere_d(centre, c, r) < 0.0 {
                    solid.push(centre);
                } else {
                    empty.push(centre);
                }
            }
        }
    }
    let truth = |p: V3| -> f64 {
        let to = |cells: &[V3]| {
            cells
                .iter()
                .map(|q| an::cube(p, *q, [s / 2.0; 3]).max(0.0))
                .fold(f64::MAX, f64::min)
        };
        let inside = solid.iter().any(|q| an::cube(p, *q, [s / 2.0; 3]) < 0.0);
        if inside { -to(&empty) } else { to(&solid) }
    };
    let pts = points3(119, 300, -1.6, 1.6);
    let node = format!("{{ rop: voxelize, params: {{ VoxelSize: {s} }}, inputs: [/c] }}");
    let extra = "  /c: { rop: sphere, params: { Radius: 0.9, Translate: [0.13, -0.07, 0.05] } }\n";
    let out = sample(&gpu, &lib, &sdf3(&node, extra), &pts);
    // exact within one cell of the surface, a bound with the right sign beyond.
    let mut exact = 0;
    for (p, v) in pts.iter().zip(&out) {
        let t = truth(v3(p));
        if t.abs() <= s {
            exact += 1;
            assert!(
                close(v[0] as f64, t, 2e-3),
                "voxelize at {p:?}: {} != {t}",
                v[0]
            );
        }
    }
    assert!(exact > 50, "only {exact} points near the voxels");
    // Beyond the 27 cells around the point the value is at least one cell (s).
    expect_bound_ratio(
        "voxelize",
        &pts,
        &out,
        1e-3,
        |p| 0.5 * (s / truth(v3(p)).abs()).min(1.0),
        |p| {
            let t = truth(v3(p));
            (t < 0.0, Some(t.abs()))
        },
        |_| false,
    );
}

#[test]
fn surface_filters_change_only_what_they_should() {
    let Some(gpu) = gpu("surface_filters_change_only_what_they_should") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(120, 300, -2.0, 2.0);
    let ball = "  /c: { rop: sphere, params: { Radius: 1.0 } }\n  /k: { rop: constant, params: { Value: 0.7 } }\n";
    // identity: bump adds Amount * field, faded out over the band; beyond it
    // the input is untouched.
    let node = "{ rop: bump, params: { Amount: 0.1, Band: 0.3 }, inputs: [/c, /k] }";
    let out = sample(&gpu, &lib, &sdf3(node, ball), &pts);
    expect_exact("bump", &pts, &out, |p| {
        let d = len(v3(p)) - 1.0;
        if d.abs() < 0.3 {
            d + 0.1 * 0.7 * (1.0 - smoothstep(0.0, 0.3, d.abs()))
        } else {
            d
        }
    });
    // identity: boundingBox returns the box's distance outside it (plus the
    // margin), the input inside; the box's distance is a bound of the input's.
    let node = "{ rop: boundingBox, params: { Size: [2, 2, 2], Margin: 0.1 }, inputs: [/c] }";
    let out = sample(&gpu, &lib, &sdf3(node, ball), &pts);
    expect_exact("boundingBox", &pts, &out, |p| {
        let b = an::cube(v3(p), [0.0; 3], [1.0; 3]);
        let d = len(v3(p)) - 1.0;
        assert!(b <= d + 1e-9);
        if b > 0.1 { b } else { d }
    });
    // identity: textureDisplace on a plane projected onto xz adds Amount times
    // (red - midlevel) of the texel under the point.
    let img = Image::load();
    let centres = img.centres(150);
    let pts: Vec<[f32; 3]> = centres
        .iter()
        .enumerate()
        .map(|(k, &(u, v, _, _))| {
            [
                (u / 2.0) as f32,
                (k % 7) as f32 * 0.1 - 0.3,
                // The floor read from above: v runs along -z.
                (-v / 2.0) as f32,
            ]
        })
        .collect();
    let floor = "  /f: { rop: plane }\n";
    let want = |k: usize, p: &[f32; 3]| {
        let (_, _, i, j) = centres[k];
        p[1] as f64 + 0.3 * (img.texel(i, j)[0] - 0.5)
    };
    for projection in ["xz", "triplanar"] {
        // Scale 2: the image repeats twice per unit (points were placed at u / 2).
        let node = format!(
            "{{ rop: textureDisplace, params: {{ Projection: {projection}, Scale: 2, Amount: 0.3, Channel: r }}, inputs: [/f] }}"
        );
        let out = sample(&gpu, &lib, &sdf3(&node, floor), &pts);
        for (k, (p, v)) in pts.iter().zip(&out).enumerate() {
            let w = want(k, p);
            assert!(
                (v[0] as f64 - w).abs() < 2e-3,
                "textureDisplace {projection} at {p:?}: {} != {w}",
                v[0]
            );
        }
    }
}

// ---------------------------------------------------------------------------
// field

#[test]
fn worley_and_voronoi_border_match_the_grid_and_each_other() {
    let Some(gpu) = gpu("worley_and_voronoi_border_match_the_grid_and_each_other") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(121, 300, -4.0, 4.0);
    let field =
        |node: &str, pts: &[[f32; 3]]| sample(&gpu, &lib, &probe("probeFloat3", node, ""), pts);
    // exact: jitter 0 puts the features at cell centres: F1 is the metric's
    // distance to the point's own cell centre.
    let metric = |d: V3, m: &str| match m {
        "manhattan" => d[0].abs() + d[1].abs() + d[2].abs(),
        "chebyshev" => d[0].abs().max(d[1].abs()).max(d[2].abs()),
        _ => len(d),
    };
    let to_centre = |p: V3| -> V3 {
        [
            p[0] - p[0].floor() - 0.5,
            p[1] - p[1].floor() - 0.5,
            p[2] - p[2].floor() - 0.5,
        ]
    };
    for m in ["euclidean", "manhattan", "chebyshev"] {
        let node =
            format!("{{ rop: worleyNoise, params: {{ Metric: {m}, Scale: 1.0, Jitter: 0 }} }}");
        let out = field(&node, &pts);
        expect_exact(&format!("worley f1 {m}"), &pts, &out, |p| {
            metric(to_centre(v3(p)), m)
        });
    }
    // exact: F2 on the regular grid, the second nearest centre by brute force.
    let node = "{ rop: worleyNoise, params: { Output: f2, Scale: 1.0, Jitter: 0 } }";
    let out = field(node, &pts);
    expect_exact("worley f2", &pts, &out, |p| {
        let p = v3(p);
        let mut d: Vec<f64> = Vec::new();
        for i in -2..=2 {
            for j in -2..=2 {
                for k in -2..=2 {
                    let c = [
                        p[0].floor() + i as f64 + 0.5,
                        p[1].floor() + j as f64 + 0.5,
                        p[2].floor() + k as f64 + 0.5,
                    ];
                    d.push(len(an::sub3(p, c)));
                }
            }
        }
        d.sort_by(|a, b| a.partial_cmp(b).unwrap());
        d[1]
    });
    // identity: with jitter the features are the voronoi ROP's (same F1 and
    // edges); F1 <= F2; the smooth F1 lies within k ln 27 below F1.
    let node = |out: &str| {
        format!(
            "{{ rop: worleyNoise, params: {{ Output: {out}, Scale: 1.3, Jitter: 0.8, Smoothness: 0.05 }} }}"
        )
    };
    let f1 = field(&node("f1"), &pts);
    let f2 = field(&node("f2"), &pts);
    let edges = field(&node("edges"), &pts);
    let smooth = field(&node("smoothF1"), &pts);
    let vf1 = field(
        "{ rop: voronoi, params: { Mode: f1, Scale: 1.3, Jitter: 0.8 } }",
        &pts,
    );
    let vedge = field(
        "{ rop: voronoi, params: { Mode: edge, Scale: 1.3, Jitter: 0.8 } }",
        &pts,
    );
    for i in 0..pts.len() {
        assert!(
            (f1[i][0] - vf1[i][0]).abs() < 1e-5,
            "worley f1 != voronoi f1"
        );
        assert!(
            (edges[i][0] - vedge[i][0]).abs() < 1e-5,
            "worley edges != voronoi edge"
        );
        assert!(f1[i][0] <= f2[i][0]);
        let (s, a) = (smooth[i][0] as f64, f1[i][0] as f64);
        assert!(
            s <= a + 1e-6 && s >= a - 0.05 * 27f64.ln() - 1e-6,
            "smooth f1 {s} vs f1 {a}"
        );
    }
    // exact (2D): the manhattan F1 on a square grid.
    let pts2 = points2(122, 200, -3.0, 3.0);
    let out = sample(
        &gpu,
        &lib,
        &probe(
            "probeFloat2",
            "{ rop: worleyNoise, params: { Metric: manhattan, Scale: 2, Jitter: 0 } }",
            "",
        ),
        &pts2,
    );
    expect_exact("worley 2D", &pts2, &out, |p| {
        let q = [2.0 * p[0] as f64, 2.0 * p[1] as f64];
        (q[0] - q[0].floor() - 0.5).abs() + (q[1] - q[1].floor() - 0.5).abs()
    });

    // exact: voronoiBorder on the regular grid is the distance to the nearest
    // cell face (in world units: divided by the frequency).
    let out = field(
        "{ rop: voronoiBorder, params: { Scale: 2, Jitter: 0 } }",
        &pts,
    );
    expect_exact("voronoiBorder grid", &pts, &out, |p| {
        let p = v3(p);
        (0..3)
            .map(|k| {
                let f = 2.0 * p[k] - (2.0 * p[k]).floor();
                0.5 - (f - 0.5).abs()
            })
            .fold(f64::MAX, f64::min)
            / 2.0
    });
    // property: the distance to the nearest bisector is at least half of
    // F2 - F1 (for a point x with nearest site a and any other b,
    // (|x-b|^2 - |x-a|^2) / (2 |a-b|) >= (|x-b| - |x-a|) / 2); never negative.
    let border = field(
        "{ rop: voronoiBorder, params: { Scale: 1.3, Jitter: 0.8 } }",
        &pts,
    );
    for i in 0..pts.len() {
        let b = border[i][0] as f64 * 1.3;
        assert!(b >= -1e-5, "negative border distance {b}");
        assert!(
            b >= vedge[i][0] as f64 / 2.0 - 1e-4,
            "border {b} below half of F2 - F1 {}",
            vedge[i][0]
        );
    }
    // bound: 1-Lipschitz, as a distance should be.
    let pairs = point_pairs(123, 200, -3.0, 3.0, 0.02);
    let out = field(
        "{ rop: voronoiBorder, params: { Scale: 1.3, Jitter: 0.8 } }",
        &pairs,
    );
    expect_lipschitz("voronoiBorder", &pairs, &out);
}

#[test]
fn curl_noise_has_no_divergence() {
    let Some(gpu) = gpu("curl_noise_has_no_divergence") else {
        return;
    };
    let lib = catalog_library();
    // property: the divergence, by central differences of the sampled field,
    // is tiny next to the size of the field's derivatives (a gradient field
    // would have divergence of the same order).
    let h = 0.005;
    let base = points3(124, 60, -2.0, 2.0);
    for (coords, probe_rop) in [(3usize, "probeColor3"), (2, "probeColor2")] {
        let mut pts = Vec::new();
        for p in &base {
            for k in 0..coords {
                for sgn in [-1.0f32, 1.0] {
                    let mut q = *p;
                    q[k] += sgn * h as f32;
                    if coords == 2 {
                        q[2] = 0.0;
                    }
                    pts.push(q);
                }
            }
        }
        let out = sample(
            &gpu,
            &lib,
            &probe(
                probe_rop,
                "{ rop: curlNoise, params: { Scale: 0.8, Amplitude: 1.0 } }",
                "",
            ),
            &pts,
        );
        let (mut div, mut size) = (0.0, 0.0);
        for chunk in out.chunks(2 * coords) {
            let mut d = 0.0;
            for k in 0..coords {
                let dk = (chunk[2 * k + 1][k] - chunk[2 * k][k]) as f64 / (2.0 * h);
                d += dk;
                size += dk.abs();
            }
            div += d.abs();
            assert_eq!(chunk[0][3], 0.0, "w is not 0");
        }
        assert!(
            size > 0.1 * base.len() as f64,
            "{coords}D curl is nearly flat ({size})"
        );
        assert!(
            div < 0.02 * size,
            "{coords}D curl noise: divergence {div} against derivatives {size}"
        );
    }
    // identity: the float field's length is the length of the vector.
    let pts = points3(125, 50, -2.0, 2.0);
    let vecs = sample(
        &gpu,
        &lib,
        &probe("probeColor3", "{ rop: curlNoise }", ""),
        &pts,
    );
    let lens = sample(
        &gpu,
        &lib,
        &probe(
            "probeFloat3",
            "{ rop: curlNoise, params: { Component: length } }",
            "",
        ),
        &pts,
    );
    for (v, l) in vecs.iter().zip(&lens) {
        let want = (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).sqrt();
        assert!((l[0] - want).abs() < 1e-4, "length {} vs {want}", l[0]);
    }
}

#[test]
fn domain_warp_moves_the_point_by_the_warp() {
    let Some(gpu) = gpu("domain_warp_moves_the_point_by_the_warp") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(126, 200, -2.0, 2.0);
    // identity: Amount 0 leaves the input alone.
    let noise = "  /n: { rop: simplexNoise, params: { Scale: 1.7 } }\n";
    let a = sample(
        &gpu,
        &lib,
        &probe(
            "probeFloat3",
            "{ rop: domainWarp, params: { Amount: 0 }, inputs: [/n] }",
            noise,
        ),
        &pts,
    );
    let b = sample(
        &gpu,
        &lib,
        &probe(
            "probeFloat3",
            "{ rop: simplexNoise, params: { Scale: 1.7 } }",
            "",
        ),
        &pts,
    );
    expect_same("domainWarp amount 0", &a, &b, 1e-6);
    // identity: a constant warp vector v moves the point by Amount * v.
    let extra = "  /c: { rop: sphere, params: { Radius: 0.8 } }\n  /v: { rop: constant, params: { Color: [0.3, -0.2, 0.1, 1] } }\n";
    let node = "{ rop: domainWarp, params: { Amount: 2, StepScale: 0.5 }, inputs: [/c, /v] }";
    let out = sample(&gpu, &lib, &sdf3(node, extra), &pts);
    expect_exact("domainWarp constant", &pts, &out, |p| {
        0.5 * sphere_d(v3(p), [-0.6, 0.4, -0.2], 0.8)
    });
    // property: the built-in warp moves a plane's surface by at most Amount * sqrt(3).
    let out = sample(
        &gpu,
        &lib,
        &sdf3(
            "{ rop: domainWarp, params: { Amount: 0.3 }, inputs: [/f] }",
            "  /f: { rop: plane }\n",
        ),
        &pts,
    );
    let mut moved = 0;
    for (p, v) in pts.iter().zip(&out) {
        let shift = (v[0] - p[1]).abs() as f64;
        assert!(shift <= 0.3 + 1e-4, "the warp moved a plane by {shift}");
        if shift > 0.01 {
            moved += 1;
        }
    }
    assert!(
        moved > pts.len() / 2,
        "the noise warp hardly moves anything"
    );
}

#[test]
fn texture_field_returns_the_texels() {
    let Some(gpu) = gpu("texture_field_returns_the_texels") else {
        return;
    };
    let lib = catalog_library();
    let img = Image::load();
    let centres = img.centres(200);
    // identity: with Scale (2, 4) and Offset (0.3, 0.55) the image coordinate
    // is (2 x + 0.3, 4 y + 0.55); points are placed on texel centres.
    let pts: Vec<[f32; 3]> = centres
        .iter()
        .map(|&(u, v, _, _)| [((u - 0.3) / 2.0) as f32, ((v - 0.55) / 4.0) as f32, 0.0])
        .collect();
    let node = "{ rop: textureField, params: { Scale: [2, 4], Offset: [0.3, 0.55] } }";
    let colours = sample(&gpu, &lib, &probe("probeColor2", node, ""), &pts);
    let node =
        "{ rop: textureField, params: { Scale: [2, 4], Offset: [0.3, 0.55], Channel: luminance } }";
    let lumas = sample(&gpu, &lib, &probe("probeFloat2", node, ""), &pts);
    for (k, &(_, _, i, j)) in centres.iter().enumerate() {
        let want = img.texel(i, j);
        for c in 0..4 {
            assert!(
                (colours[k][c] as f64 - want[c]).abs() < 2e-3,
                "texel ({i}, {j}) channel {c}: {} != {}",
                colours[k][c],
                want[c]
            );
        }
        assert!((lumas[k][0] as f64 - luma(want)).abs() < 2e-3);
    }
    // identity (3D): projected onto xz, read from above (u = x, v = -z),
    // y plays no part.
    let pts3: Vec<[f32; 3]> = centres
        .iter()
        .enumerate()
        .map(|(k, &(u, v, _, _))| [u as f32, k as f32 * 0.37 - 30.0, -v as f32])
        .collect();
    let out = sample(
        &gpu,
        &lib,
        &probe(
            "probeFloat3",
            "{ rop: textureField, params: { Projection: xz, Channel: g } }",
            "",
        ),
        &pts3,
    );
    for (k, &(_, _, i, j)) in centres.iter().enumerate() {
        assert!((out[k][0] as f64 - img.texel(i, j)[1]).abs() < 2e-3);
    }
}

#[test]
fn simple_fields_match_their_formulas() {
    let Some(gpu) = gpu("simple_fields_match_their_formulas") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(127, 200, -2.0, 2.0);
    let f3 = |node: &str, extra: &str| sample(&gpu, &lib, &probe("probeFloat3", node, extra), &pts);
    let ball = "  /c: { rop: sphere, params: { Radius: 0.8, Translate: [0.2, 0, 0] } }\n";
    let d = |p: &[f32; 3]| sphere_d(v3(p), [0.2, 0.0, 0.0], 0.8);
    // exact: sdfField's three modes of a sphere's distance.
    let out = f3("{ rop: sdfField, inputs: [/c] }", ball);
    expect_exact("sdfField distance", &pts, &out, d);
    let out = f3(
        "{ rop: sdfField, params: { Mode: mask, Softness: 0.1 }, inputs: [/c] }",
        ball,
    );
    expect_exact("sdfField mask", &pts, &out, |p| {
        1.0 - smoothstep(-0.1, 0.1, d(p))
    });
    let out = f3(
        "{ rop: sdfField, params: { Mode: bands, Spacing: 0.25 }, inputs: [/c] }",
        ball,
    );
    for (p, v) in pts.iter().zip(&out) {
        // Compared around the circle: near a whole number fract may land on either side.
        let diff = (v[0] as f64 - d(p) / 0.25).rem_euclid(1.0);
        assert!(
            diff.min(1.0 - diff) < 2e-3,
            "sdfField bands at {p:?}: {}",
            v[0]
        );
    }
    // exact: sdfToFloat is the distance; as vec4 it carries the material.
    let out = f3("{ rop: sdfToFloat, inputs: [/c] }", ball);
    expect_exact("sdfToFloat", &pts, &out, d);
    let mat = format!("{ball}  /m: {{ rop: basicMaterial, inputs: [/c] }}\n");
    let out = sample(
        &gpu,
        &lib,
        &probe("probeColor3", "{ rop: sdfToFloat, inputs: [/m] }", &mat),
        &pts,
    );
    for (p, v) in pts.iter().zip(&out) {
        assert!(
            close(v[0] as f64, d(p), TOL) && v[1] == 1.0 && v[2] == 0.0 && v[3] == 0.0,
            "{v:?}"
        );
    }
    // exact: distanceToPoint and each falloff over the radius.
    let c = [0.3, -0.4, 0.5];
    let r = |p: &[f32; 3]| len(an::sub3(v3(p), c)) / 1.5;
    for (falloff, f) in [
        (
            "distance",
            Box::new(|x: f64| x * 1.5) as Box<dyn Fn(f64) -> f64>,
        ),
        ("linear", Box::new(|x: f64| (1.0 - x).clamp(0.0, 1.0))),
        ("smooth", Box::new(|x: f64| 1.0 - smoothstep(0.0, 1.0, x))),
        ("inverseSquare", Box::new(|x: f64| 1.0 / (1.0 + x * x))),
        ("gaussian", Box::new(|x: f64| (-x * x).exp())),
    ] {
        let node = format!(
            "{{ rop: distanceToPoint, params: {{ Point: [0.3, -0.4, 0.5], Radius: 1.5, Falloff: {falloff} }} }}"
        );
        let out = f3(&node, "");
        expect_exact(falloff, &pts, &out, |p| f(r(p)));
    }
    // property: cellHash is constant within a cell, in 0..1, and seeded.
    let cells: Vec<[f32; 3]> = points3(128, 100, -3.0, 3.0)
        .iter()
        .flat_map(|p| {
            let c = [p[0].floor() + 0.5, p[1].floor() + 0.5, p[2].floor() + 0.5];
            [
                [c[0] - 0.4, c[1] + 0.3, c[2] - 0.1],
                [c[0] + 0.2, c[1] - 0.45, c[2] + 0.4],
            ]
        })
        .collect();
    let sample_hash = |seed: f64| {
        sample(
            &gpu,
            &lib,
            &probe(
                "probeFloat3",
                &format!("{{ rop: cellHash, params: {{ Seed: {seed} }} }}"),
                "",
            ),
            &cells,
        )
    };
    let (a, b) = (sample_hash(0.0), sample_hash(5.0));
    for pair in a.chunks(2) {
        assert_eq!(pair[0][0], pair[1][0], "cellHash varies within a cell");
        assert!((0.0..1.0).contains(&pair[0][0]));
    }
    let distinct: std::collections::BTreeSet<u32> = a.iter().map(|v| v[0].to_bits()).collect();
    assert!(
        distinct.len() > 50,
        "only {} distinct values",
        distinct.len()
    );
    assert!(a.iter().zip(&b).filter(|(x, y)| x[0] != y[0]).count() > 180);
    // exact: gradientField of the distance from the origin is the unit radial
    // vector (w: 1); of a linear ramp, its constant slope.
    let out = sample(
        &gpu,
        &lib,
        &probe(
            "probeColor3",
            "{ rop: gradientField, inputs: [/l] }",
            "  /l: { rop: position, params: { Component: length } }\n",
        ),
        &pts,
    );
    for (p, v) in pts.iter().zip(&out) {
        let p = v3(p);
        let l = len(p);
        for k in 0..3 {
            assert!(
                (v[k] as f64 - p[k] / l).abs() < 2e-3,
                "gradient at {p:?}: {v:?}"
            );
        }
        assert!((v[3] - 1.0).abs() < 2e-3);
    }
    let pts2 = points2(129, 100, -1.0, 1.0);
    let out = sample(
        &gpu,
        &lib,
        &probe(
            "probeColor2",
            "{ rop: gradientField, params: { Normalize: false }, inputs: [/g] }",
            "  /g: { rop: gradient, params: { Start: [0, 0, 0], End: [2, 1, 0], Clamp: false } }\n",
        ),
        &pts2,
    );
    for v in &out {
        assert!(
            (v[0] - 0.4).abs() < 1e-3 && (v[1] - 0.2).abs() < 1e-3 && v[2] == 0.0,
            "{v:?}"
        );
    }
}

#[test]
fn octave_noises_agree_with_simplex_noise_and_stay_in_range() {
    let Some(gpu) = gpu("octave_noises_agree_with_simplex_noise_and_stay_in_range") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(130, 300, -3.0, 3.0);
    let f3 = |node: &str| sample(&gpu, &lib, &probe("probeFloat3", node, ""), &pts);
    let simplex = f3("{ rop: simplexNoise, params: { Scale: 1.3, Translate: [0.5, 0, 2] } }");
    // identity: one octave of turbulence is |noise|; one ridge of sharpness 1 is 1 - |noise|.
    let turb =
        f3("{ rop: turbulence, params: { Octaves: 1, Scale: 1.3, Translate: [0.5, 0, 2] } }");
    let ridge = f3(
        "{ rop: ridgedNoise, params: { Octaves: 1, Sharpness: 1, Scale: 1.3, Translate: [0.5, 0, 2] } }",
    );
    for i in 0..pts.len() {
        assert!((turb[i][0] - simplex[i][0].abs()).abs() < 1e-5);
        assert!((ridge[i][0] - (1.0 - simplex[i][0].abs())).abs() < 1e-5);
    }
    // property: many octaves stay within 0..Amplitude and are not flat.
    for node in [
        "{ rop: turbulence, params: { Octaves: 6, Amplitude: 2 } }",
        "{ rop: ridgedNoise, params: { Octaves: 6, Amplitude: 2 } }",
    ] {
        let out = f3(node);
        let (lo, hi) = out
            .iter()
            .fold((f32::MAX, f32::MIN), |(a, b), v| (a.min(v[0]), b.max(v[0])));
        assert!(lo >= 0.0 && hi <= 2.0, "{node}: {lo}..{hi}");
        assert!(hi - lo > 0.5, "{node}: flat {lo}..{hi}");
    }
}

#[test]
fn coordinate_waves_are_periodic_and_exact() {
    let Some(gpu) = gpu("coordinate_waves_are_periodic_and_exact") else {
        return;
    };
    let lib = catalog_library();
    // exact: at chosen phases every shape has known values.
    let xs = [0.0, 0.125, 0.25, 0.5, 0.75, 1.0, 1.375, -0.25];
    let pts: Vec<[f32; 3]> = xs.iter().map(|&x| [x as f32 * 2.0, 0.7, -0.3]).collect();
    for (shape, want) in [
        (
            "sine",
            [0.0, FRAC_1_SQRT_2, 1.0, 0.0, -1.0, 0.0, FRAC_1_SQRT_2, -1.0],
        ),
        ("saw", [0.0, 0.25, 0.5, -1.0, -0.5, 0.0, 0.75, -0.5]),
        ("square", [1.0, 1.0, 1.0, -1.0, -1.0, 1.0, 1.0, -1.0]),
        ("triangle", [0.0, 0.5, 1.0, 0.0, -1.0, 0.0, 0.5, -1.0]),
    ] {
        // x = 2 * phase with Frequency 0.5; Amplitude 2 and Offset 1.
        let node = format!(
            "{{ rop: coordLfo, params: {{ Axis: x, Shape: {shape}, Frequency: 0.5, Amplitude: 2, Offset: 1 }} }}"
        );
        let out = sample(&gpu, &lib, &probe("probeFloat3", &node, ""), &pts);
        for (k, v) in out.iter().enumerate() {
            let w = 2.0 * want[k] + 1.0;
            assert!(
                (v[0] as f64 - w).abs() < 1e-4,
                "{shape} at phase {}: {} != {w}",
                xs[k],
                v[0]
            );
        }
    }
    // property: radial waves repeat every 1 / Frequency along the distance.
    let pts = points3(131, 100, -2.0, 2.0);
    let node =
        "{ rop: coordLfo, params: { Axis: radial, Shape: triangle, Frequency: 2, Phase: 0.1 } }";
    let a = sample(&gpu, &lib, &probe("probeFloat3", node, ""), &pts);
    let further: Vec<[f32; 3]> = pts
        .iter()
        .map(|p| {
            let l = len(v3(p));
            let s = (l + 0.5) / l;
            [
                (p[0] as f64 * s) as f32,
                (p[1] as f64 * s) as f32,
                (p[2] as f64 * s) as f32,
            ]
        })
        .collect();
    let b = sample(&gpu, &lib, &probe("probeFloat3", node, ""), &further);
    expect_same("radial wave period", &a, &b, 1e-3);
    // identity: a float coordinate is used as is, through coordTo1D too.
    let line: Vec<[f32; 3]> = (0..20).map(|i| [i as f32 * 0.37 - 3.0, 0.0, 0.0]).collect();
    let node = "{ rop: coordLfo, params: { Shape: saw, Frequency: 0.7 } }";
    let direct = sample(&gpu, &lib, &probe("probeFloat1", node, ""), &line);
    expect_within(
        "coordLfo on a float coordinate",
        &line,
        &direct,
        1e-4,
        |p| {
            let t = 0.7 * p[0] as f64;
            2.0 * (t + 0.5).rem_euclid(1.0) - 1.0
        },
    );
    let pts = points3(132, 100, -2.0, 2.0);
    let out = sample(
        &gpu,
        &lib,
        &probe(
            "probeFloat3",
            "{ rop: coordTo1D, params: { Component: length, Scale: 2 }, inputs: [/w] }",
            &format!("  /w: {node}\n"),
        ),
        &pts,
    );
    expect_within("coordTo1D length", &pts, &out, 1e-4, |p| {
        let t = 0.7 * 2.0 * len(v3(p));
        2.0 * (t + 0.5).rem_euclid(1.0) - 1.0
    });
    let out = sample(
        &gpu,
        &lib,
        &probe(
            "probeFloat3",
            "{ rop: coordTo1D, params: { Component: angle }, inputs: [/w] }",
            "  /w: { rop: coordLfo, params: { Shape: saw, Frequency: 1, Phase: 0.5 } }\n",
        ),
        &pts,
    );
    expect_within("coordTo1D angle", &pts, &out, 1e-3, |p| {
        // The angle in turns (0..1) about y, through a saw that returns 2 t - 1.
        let t = (p[2] as f64).atan2(p[0] as f64).rem_euclid(TAU) / TAU;
        2.0 * (t + 1.0).rem_euclid(1.0) - 1.0
    });
}

// ---------------------------------------------------------------------------
// convert

#[test]
fn extrusions_match_their_solids() {
    let Some(gpu) = gpu("extrusions_match_their_solids") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(133, 300, -1.5, 1.5);
    let rect = "  /r: { rop: rectangle, params: { Size: [1.2, 0.8] } }\n";
    let rect_v = |a: f64| -> Vec<V2> {
        [[-0.6, -0.4], [0.6, -0.4], [0.6, 0.4], [-0.6, 0.4]]
            .iter()
            .map(|v| an::rot2(*v, a))
            .collect()
    };
    // identity: no twist is the plain extrude ROP.
    let a = sample(
        &gpu,
        &lib,
        &sdf3(
            "{ rop: extrudeTwist, params: { Height: 1.2, Twist: 0, StepScale: 1, Axis: z }, inputs: [/r] }",
            rect,
        ),
        &pts,
    );
    let b = sample(
        &gpu,
        &lib,
        &sdf3(
            "{ rop: extrude, params: { Height: 1.2, Axis: z }, inputs: [/r] }",
            rect,
        ),
        &pts,
    );
    expect_same("extrudeTwist without twist", &a, &b, TOL);
    // identity: each level is the rectangle turned by Twist * height.
    let out = sample(
        &gpu,
        &lib,
        &sdf3(
            "{ rop: extrudeTwist, params: { Height: 1.6, Twist: 40, Offset: 0.2, StepScale: 0.8, Axis: y }, inputs: [/r] }",
            rect,
        ),
        &pts,
    );
    expect_within("extrudeTwist", &pts, &out, 2e-3, |p| {
        let p = v3(p);
        let h = p[1] - 0.2;
        0.8 * an::extrude(
            an::polygon([p[0], p[2]], &rect_v(40f64.to_radians() * h)),
            h,
            0.8,
        )
    });
    // exact: a disk with rounded top and bottom edges is a rounded
    // rectangle (the smaller rectangle grown by the bevel) revolved.
    let disk = "  /d: { rop: circle, params: { Radius: 0.7 } }\n";
    let out = sample(
        &gpu,
        &lib,
        &sdf3(
            "{ rop: extrudeBevel, params: { Height: 0.6, Bevel: 0.1, Axis: y }, inputs: [/d] }",
            disk,
        ),
        &pts,
    );
    expect_exact("extrudeBevel round", &pts, &out, |p| {
        let rect = [[-0.6, -0.2], [0.6, -0.2], [0.6, 0.2], [-0.6, 0.2]];
        an::polygon([(p[0] as f64).hypot(p[2] as f64), p[1] as f64], &rect) - 0.1
    });
    // bound: on a rectangle the top edges are rounded and the corners seen
    // from above stay sharp: the sign of that solid, and 1-Lipschitz.
    let node = "{ rop: extrudeBevel, params: { Height: 0.6, Bevel: 0.1, Axis: y }, inputs: [/r] }";
    let out = sample(&gpu, &lib, &sdf3(node, rect), &pts);
    let rounded = |p: V3| {
        let d2 = (p[0].abs() - 0.6).max(p[2].abs() - 0.4);
        let w = [d2 + 0.1, p[1].abs() - 0.3 + 0.1];
        w[0].max(w[1]).min(0.0) + an::len2([w[0].max(0.0), w[1].max(0.0)]) - 0.1
    };
    expect_bound(
        "extrudeBevel round rectangle",
        &pts,
        &out,
        2e-3,
        |p| (rounded(v3(p)) < 0.0, None),
        |p| rounded(v3(p)).abs() < 2e-3,
    );
    let pairs = point_pairs(142, 200, -1.0, 1.0, 0.03);
    let out = sample(&gpu, &lib, &sdf3(node, rect), &pairs);
    expect_lipschitz("extrudeBevel round rectangle", &pairs, &out);
    // bound: the chamfered slab; sign by the cut box and 1-Lipschitz.
    let node = "{ rop: extrudeBevel, params: { Height: 0.6, Bevel: 0.15, Style: chamfer, Axis: y }, inputs: [/r] }";
    let out = sample(&gpu, &lib, &sdf3(node, rect), &pts);
    let inside = |p: V3| {
        let (x, y, z) = (p[0].abs() - 0.6, p[1].abs() - 0.3, p[2].abs() - 0.4);
        x < 0.0 && y < 0.0 && z < 0.0 && x + y < -0.15 && z + y < -0.15
    };
    expect_bound(
        "extrudeBevel chamfer",
        &pts,
        &out,
        0.0,
        |p| (inside(v3(p)), None),
        |p| {
            let p = v3(p);
            let (x, y, z) = (p[0].abs() - 0.6, p[1].abs() - 0.3, p[2].abs() - 0.4);
            [
                x,
                y,
                z,
                (x + y + 0.15) * FRAC_1_SQRT_2,
                (z + y + 0.15) * FRAC_1_SQRT_2,
            ]
            .iter()
            .any(|v| v.abs() < 2e-3)
        },
    );
    let pairs = point_pairs(134, 200, -1.0, 1.0, 0.03);
    let out = sample(&gpu, &lib, &sdf3(node, rect), &pairs);
    expect_lipschitz("extrudeBevel chamfer", &pairs, &out);
    // identity: a tapered circle is a circle of radius r s(h) at each level.
    let circle = "  /c: { rop: circle, params: { Radius: 0.5 } }\n";
    let out = sample(
        &gpu,
        &lib,
        &sdf3(
            "{ rop: extrudeTaper, params: { Height: 1.2, BottomScale: 1, TopScale: 0.4, StepScale: 0.9, Axis: y }, inputs: [/c] }",
            circle,
        ),
        &pts,
    );
    expect_within("extrudeTaper", &pts, &out, 2e-3, |p| {
        let p = v3(p);
        let t = (p[1] / 1.2 + 0.5).clamp(0.0, 1.0);
        let s = 1.0 + (0.4 - 1.0) * t;
        0.9 * an::extrude(p[0].hypot(p[2]) - 0.5 * s, p[1], 0.6)
    });
}

#[test]
fn revolve_sector_and_sweeps_match_their_solids() {
    let Some(gpu) = gpu("revolve_sector_and_sweeps_match_their_solids") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(135, 300, -1.8, 1.8);
    let tube = "  /c: { rop: circle, params: { Radius: 0.3 } }\n";
    // exact outside, bound inside: a disk swept 270 degrees about y from
    // +x, measured here as the nearest of 4000 disks along the sweep.
    let disk = |p: V3, a: f64| -> f64 {
        // The disk of radius 0.3 at (cos a, 0, sin a), in the plane through the axis.
        let dir = [a.cos(), 0.0, a.sin()];
        let normal = [-a.sin(), 0.0, a.cos()];
        let off = an::dot3(p, normal);
        let inplane = [an::dot3(p, dir) - 1.0, p[1]];
        let rad = an::len2(inplane);
        off.hypot((rad - 0.3).max(0.0))
    };
    let truth = |p: V3| -> (bool, f64) {
        let angle = p[2].atan2(p[0]).rem_euclid(TAU);
        let inside = angle <= 1.5 * PI && (p[0].hypot(p[2]) - 1.0).hypot(p[1]) < 0.3;
        let d = (0..=4000)
            .map(|k| disk(p, 1.5 * PI * k as f64 / 4000.0))
            .fold(f64::MAX, f64::min);
        (inside, d)
    };
    let node = "{ rop: revolveSector, params: { Angle: 270, Offset: 1.0 }, inputs: [/c] }";
    // Random points, and points inside the tube close to its two end faces.
    let mut r = Rng::new(143);
    let mut pts = pts.clone();
    for k in 0..80 {
        let a = if k % 2 == 0 {
            r.range(0.0, 0.25)
        } else {
            r.range(1.5 * PI - 0.25, 1.5 * PI)
        };
        let (rho, phi) = (r.range(0.0, 0.28), r.range(0.0, TAU));
        let rad = 1.0 + rho * phi.cos();
        pts.push([
            (rad * a.cos()) as f32,
            (rho * phi.sin()) as f32,
            (rad * a.sin()) as f32,
        ]);
    }
    let out = sample(&gpu, &lib, &sdf3(node, tube), &pts);
    let mut outside = 0;
    for (p, v) in pts.iter().zip(&out) {
        let (inside, d) = truth(v3(p));
        if inside {
            // Inside, the wall of the tube or an end face bounds the depth.
            let q = v3(p);
            let wall = 0.3 - (q[0].hypot(q[2]) - 1.0).hypot(q[1]);
            let end = |a: f64| (-a.sin() * q[0] + a.cos() * q[2]).abs();
            let depth = wall.min(end(0.0)).min(end(1.5 * PI));
            assert!(
                v[0] < 0.0 && -(v[0] as f64) <= depth + 1e-3,
                "revolveSector inside at {p:?}: {} (depth {depth})",
                v[0]
            );
        } else {
            outside += 1;
            assert!(
                close(v[0] as f64, d, 2e-3),
                "revolveSector at {p:?}: {} != {d}",
                v[0]
            );
        }
    }
    assert!(outside > 200);

    // exact: a rectangle path and a circle profile make a tube along the
    // rectangle's outline; a circle path makes a torus.
    let extra = "  /prof: { rop: circle, params: { Radius: 0.2 } }\n  /path: { rop: rectangle, params: { Size: [2, 1.4] } }\n";
    let out = sample(
        &gpu,
        &lib,
        &sdf3(
            "{ rop: sweep, params: { Offset: 0.3 }, inputs: [/prof, /path] }",
            extra,
        ),
        &pts,
    );
    let outline = [
        [-1.0, 0.3, -0.7],
        [1.0, 0.3, -0.7],
        [1.0, 0.3, 0.7],
        [-1.0, 0.3, 0.7],
    ];
    expect_exact("sweep along a rectangle", &pts, &out, |p| {
        (0..4)
            .map(|i| an::seg3(v3(p), outline[i], outline[(i + 1) % 4]))
            .fold(f64::MAX, f64::min)
            - 0.2
    });
    // exact: the profile moved out by 0.25 follows the outline grown by
    // 0.25 (a rounded rectangle): the profile's x is the signed distance.
    let extra = "  /prof: { rop: circle, params: { Radius: 0.2, Translate: [0.25, 0] } }\n  /path: { rop: rectangle, params: { Size: [2, 1.4] } }\n";
    let out = sample(
        &gpu,
        &lib,
        &sdf3(
            "{ rop: sweep, params: { Offset: 0.3 }, inputs: [/prof, /path] }",
            extra,
        ),
        &pts,
    );
    expect_exact("sweep of an offset profile", &pts, &out, |p| {
        let rect = outline.map(|c| [c[0], c[2]]);
        let signed = an::polygon([p[0] as f64, p[2] as f64], &rect);
        (signed - 0.25).hypot(p[1] as f64 - 0.3) - 0.2
    });
    let extra = "  /prof: { rop: circle, params: { Radius: 0.25 } }\n  /path: { rop: circle, params: { Radius: 1.2 } }\n";
    let out = sample(
        &gpu,
        &lib,
        &sdf3(
            "{ rop: sweep, params: { Plane: xy }, inputs: [/prof, /path] }",
            extra,
        ),
        &pts,
    );
    expect_exact("sweep along a circle", &pts, &out, |p| {
        an::arc3(v3(p), [0.0; 3], 1.2, 0.0, TAU - 1e-12) - 0.25
    });

    // helixSweep: a circle swept along a helix of radius 1 and pitch 0.6.
    let spring = "{ rop: helixSweep, params: { Radius: 1.0, Pitch: 0.6 }, inputs: [/c] }";
    let thin = "  /c: { rop: circle, params: { Radius: 0.15 } }\n";
    let helix = |t: f64| [t.cos(), 0.6 * t / TAU, t.sin()];
    // bound: the sign agrees with, and the value never exceeds, the distance
    // to the tube around the helix (nearest of many helix points).
    let out = sample(&gpu, &lib, &sdf3(spring, thin), &pts);
    // The distance is divided by how steeply the helix climbs at the point's
    // radius r: by sqrt(1 + (pitch / (2 pi r))^2) at most.
    expect_bound_ratio(
        "helixSweep",
        &pts,
        &out,
        5e-3,
        |p| {
            let r = (p[0] as f64).hypot(p[2] as f64).max(1e-6);
            0.5 / (1.0 + (0.6 / (TAU * r)).powi(2)).sqrt()
        },
        |p| {
            let p = v3(p);
            let core = (-5000..=5000)
                .map(|k| len(an::sub3(p, helix(k as f64 * 0.004))))
                .fold(f64::MAX, f64::min);
            (core < 0.15, Some((core - 0.15).abs()))
        },
        |_| false,
    );
    // property: screw symmetry, turning by an angle and rising by its share of the pitch.
    let screwed: Vec<[f32; 3]> = pts
        .iter()
        .enumerate()
        .map(|(k, p)| {
            let a = k as f64 * 0.61;
            let q = turn_y(v3(p), a);
            [q[0] as f32, (q[1] + 0.6 * a / TAU) as f32, q[2] as f32]
        })
        .collect();
    let again = sample(&gpu, &lib, &sdf3(spring, thin), &screwed);
    expect_same("helixSweep screw symmetry", &out, &again, 2e-3);
    // property: 1-Lipschitz outside the helix's radius (closer to the axis
    // the division by the climb grows, which keeps it a bound but not 1-Lipschitz).
    let pairs: Vec<[f32; 3]> = point_pairs(136, 400, -1.8, 1.8, 0.03)
        .chunks(2)
        .filter(|pq| pq.iter().all(|p| (p[0] as f64).hypot(p[2] as f64) > 1.05))
        .flatten()
        .copied()
        .collect();
    assert!(pairs.len() > 200);
    let out = sample(&gpu, &lib, &sdf3(spring, thin), &pairs);
    expect_lipschitz("helixSweep", &pairs, &out);
    // property: limited to 3 turns, nothing lies above 1.8 or below 0.
    let far: Vec<[f32; 3]> = pts.iter().map(|p| [p[0], p[1] + 3.0, p[2]]).collect();
    let out = sample(
        &gpu,
        &lib,
        &sdf3(
            "{ rop: helixSweep, params: { Radius: 1.0, Pitch: 0.6, Turns: 3 }, inputs: [/c] }",
            thin,
        ),
        &far,
    );
    for (p, v) in far.iter().zip(&out) {
        if p[1] > 2.0 {
            assert!(v[0] > 0.0, "helixSweep with 3 turns at {p:?}: {}", v[0]);
        }
    }
}

#[test]
fn coordinate_converters_place_points_where_they_say() {
    let Some(gpu) = gpu("coordinate_converters_place_points_where_they_say") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(137, 200, -2.0, 2.0);
    let pts2 = points2(138, 200, -2.0, 2.0);
    let line: Vec<[f32; 3]> = (0..40).map(|i| [i as f32 * 0.1 - 2.0, 0.0, 0.0]).collect();
    // exact: coordTo2D of a circle on xz is an endless cylinder along y.
    let circle = "  /c: { rop: circle, params: { Radius: 0.7, Translate: [0.2, 0.1] } }\n";
    let out = sample(
        &gpu,
        &lib,
        &sdf3(
            "{ rop: coordTo2D, params: { Plane: xz }, inputs: [/c] }",
            circle,
        ),
        &pts,
    );
    expect_exact("coordTo2D", &pts, &out, |p| {
        (p[0] as f64 - 0.2).hypot(p[2] as f64 - 0.1) - 0.7
    });
    // exact: a float x becomes (x, Offset).
    let out = sample(
        &gpu,
        &lib,
        &probe(
            "probeFloat1",
            "{ rop: coordTo2D, params: { Offset: 0.5 }, inputs: [/c] }",
            circle,
        ),
        &line,
    );
    expect_exact("coordTo2D on floats", &line, &out, |p| {
        (p[0] as f64 - 0.2).hypot(0.5 - 0.1) - 0.7
    });
    // exact: coordTo3D puts (x, y) at Origin + (x, 0, y) on the xz plane.
    let ball = "  /sp: { rop: sphere, params: { Radius: 1.0, Translate: [0.1, 0.2, 0.3] } }\n";
    let out = sample(
        &gpu,
        &lib,
        &sdf2(
            "{ rop: coordTo3D, params: { Plane: xz, Origin: [0, 0.5, 0] }, inputs: [/sp] }",
            ball,
        ),
        &pts2,
    );
    expect_exact("coordTo3D", &pts2, &out, |p| {
        sphere_d([p[0] as f64, 0.5, p[1] as f64], [0.1, 0.2, 0.3], 1.0)
    });
    // exact: a float runs along the plane's first axis (z for zy).
    let extra = format!("{ball}  /f: {{ rop: sdfToFloat, inputs: [/sp] }}\n");
    let out = sample(
        &gpu,
        &lib,
        &probe(
            "probeFloat1",
            "{ rop: coordTo3D, params: { Plane: zy, Origin: [1, 0, 0] }, inputs: [/f] }",
            &extra,
        ),
        &line,
    );
    expect_exact("coordTo3D on floats", &line, &out, |p| {
        sphere_d([1.0, 0.0, p[0] as f64], [0.1, 0.2, 0.3], 1.0)
    });
    // exact: crossSection with normal z is the 3D input at (x, y, Offset),
    // and Rotate turns the 2D axes within the plane.
    let out = sample(
        &gpu,
        &lib,
        &sdf2(
            "{ rop: crossSection, params: { Normal: [0, 0, 1], Offset: 0.3 }, inputs: [/b] }",
            BOX,
        ),
        &pts2,
    );
    expect_exact("crossSection z", &pts2, &out, |p| {
        box_d([p[0] as f64, p[1] as f64, 0.3])
    });
    let out = sample(
        &gpu,
        &lib,
        &sdf2(
            "{ rop: crossSection, params: { Normal: [0, 0, 1], Offset: 0.3, Rotate: 90 }, inputs: [/b] }",
            BOX,
        ),
        &pts2,
    );
    expect_exact("crossSection turned", &pts2, &out, |p| {
        box_d([-p[1] as f64, p[0] as f64, 0.3])
    });
    // exact: any plane through a sphere whose centre lies on the plane's
    // normal line: |P(x, y) - c| = sqrt(x^2 + y^2 + (t - Offset)^2).
    let n = [1.0 / 3.0, 2.0 / 3.0, 2.0 / 3.0];
    let on_normal = format!(
        "  /sp: {{ rop: sphere, params: {{ Radius: 0.9, Translate: [{}, {}, {}] }} }}\n",
        n[0] * 0.8,
        n[1] * 0.8,
        n[2] * 0.8
    );
    let out = sample(
        &gpu,
        &lib,
        &sdf2(
            "{ rop: crossSection, params: { Normal: [1, 2, 2], Offset: 0.3, Rotate: 33 }, inputs: [/sp] }",
            &on_normal,
        ),
        &pts2,
    );
    expect_exact("crossSection tilted", &pts2, &out, |p| {
        (p[0] as f64).hypot(p[1] as f64).hypot(0.8 - 0.3) - 0.9
    });
    // exact: floatToSdf of the distance from a point, at a threshold, is a sphere.
    let field = "  /d: { rop: distanceToPoint, params: { Point: [0.2, -0.3, 0.1] } }\n";
    let out = sample(
        &gpu,
        &lib,
        &sdf3(
            "{ rop: floatToSdf, params: { Threshold: 0.8 }, inputs: [/d] }",
            field,
        ),
        &pts,
    );
    expect_exact("floatToSdf", &pts, &out, |p| {
        sphere_d(v3(p), [0.2, -0.3, 0.1], 0.8)
    });
    // ... and a negative scale turns it inside out.
    let out = sample(
        &gpu,
        &lib,
        &sdf3(
            "{ rop: floatToSdf, params: { Threshold: 0.8, Scale: -2 }, inputs: [/d] }",
            field,
        ),
        &pts,
    );
    expect_exact("floatToSdf inverted", &pts, &out, |p| {
        -2.0 * sphere_d(v3(p), [0.2, -0.3, 0.1], 0.8)
    });

    // projectPolar: a wide band |y| < 0.1 wrapped around a circle of radius
    // 1.2 is a ring: exact outside the circle, a bound (right sign) inside.
    let band = "  /r: { rop: rectangle, params: { Size: [100, 0.2] } }\n";
    let out = sample(
        &gpu,
        &lib,
        &sdf2(
            "{ rop: projectPolar, params: { Radius: 1.2 }, inputs: [/r] }",
            band,
        ),
        &pts2,
    );
    let ring = |p: &[f32; 3]| (an::len2(v2(p)) - 1.2).abs() - 0.1;
    for (p, v) in pts2.iter().zip(&out) {
        if an::len2(v2(p)) >= 1.2 {
            assert!(close(v[0] as f64, ring(p), TOL), "projectPolar at {p:?}");
        }
    }
    // Distances are scaled by min(1, r / Radius) (the description).
    expect_bound_ratio(
        "projectPolar",
        &pts2,
        &out,
        1e-3,
        |p| 0.5 * (an::len2(v2(p)) / 1.2).min(1.0),
        |p| (ring(p) < 0.0, Some(ring(p).abs())),
        |_| false,
    );
    // bound: a row of circles wrapped into a wreath stays 1-Lipschitz
    // (twelve circles fit once around: no seam).
    let row = "  /c: { rop: circle, params: { Radius: 0.15 } }\n  /row: { rop: linearRepeat, params: { Axis: x, Spacing: 0.5 }, inputs: [/c] }\n";
    let pairs = point_pairs(139, 200, -2.0, 2.0, 0.03);
    let pairs2: Vec<[f32; 3]> = pairs.iter().map(|p| [p[0], p[1], 0.0]).collect();
    let out = sample(
        &gpu,
        &lib,
        &sdf2(
            "{ rop: projectPolar, params: { Radius: 1.9098593 }, inputs: [/row] }",
            row,
        ),
        &pairs2,
    );
    expect_lipschitz("projectPolar wreath", &pairs2, &out);
    // exact (3D): wrapping a plane z = 0 around y gives the cylinder r = Radius outside it.
    let out = sample(
        &gpu,
        &lib,
        &sdf3(
            "{ rop: projectPolar, params: { Radius: 0.8 }, inputs: [/pl] }",
            "  /pl: { rop: plane, params: { Normal: [0, 0, 1] } }\n",
        ),
        &pts,
    );
    expect_exact("projectPolar 3D", &pts, &out, |p| {
        let r = (p[0] as f64).hypot(p[2] as f64);
        (r - 0.8) * (r / 0.8).min(1.0)
    });
}

// ---------------------------------------------------------------------------
// time

#[test]
fn time_fields_and_time_shift() {
    let Some(gpu) = gpu("time_fields_and_time_shift") else {
        return;
    };
    let lib = catalog_library();
    let at = [[0.3f32, -0.2, 0.5]];
    let value = |node: &str, extra: &str, t: f32| -> f64 {
        sample_at(&gpu, &lib, &probe("probeFloat3", node, extra), &at, t)[0][0] as f64
    };
    // exact: timeField's modes at t = 2.5 with Speed 2 and Offset 1 (6 seconds).
    let t = 2.5;
    for (mode, want) in [("seconds", 6.0), ("loop", 0.5), ("pingPong", 0.5)] {
        let node = format!(
            "{{ rop: timeField, params: {{ Mode: {mode}, Speed: 2, Offset: 1, Period: 0.8 }} }}"
        );
        let got = value(&node, "", t);
        assert!(
            (got - want).abs() < 1e-4,
            "timeField {mode}: {got} != {want}"
        );
    }
    let node = "{ rop: timeField, params: { Mode: pingPong, Period: 0.8 } }";
    assert!(
        (value(node, "", 1.4) - 0.25).abs() < 1e-4,
        "pingPong on the way back"
    );
    let frames = sample_frame(
        &gpu,
        &lib,
        &probe(
            "probeFloat3",
            "{ rop: timeField, params: { Mode: frames } }",
            "",
        ),
        &at,
        0.0,
        42,
    );
    assert_eq!(frames[0][0], 42.0);
    // exact: lfoField's shapes at known phases (Frequency 0.5, Phase 0.25:
    // t = 1.0 is phase 0.75).
    for (shape, want) in [
        ("sine", -1.0),
        ("saw", -0.5),
        ("square", -1.0),
        ("triangle", -1.0),
    ] {
        let node = format!(
            "{{ rop: lfoField, params: {{ Shape: {shape}, Frequency: 0.5, Phase: 0.25, Amplitude: 3, Offset: 0.5 }} }}"
        );
        let got = value(&node, "", 1.0);
        let w = 3.0 * want + 0.5;
        assert!((got - w).abs() < 1e-4, "lfoField {shape}: {got} != {w}");
    }
    // identity: timeShift shows its input at Speed * t + Offset, for the time
    // ROPs and for ROPs that read iTime.
    for field in [
        "{ rop: lfoField, params: { Shape: saw, Frequency: 0.3 } }",
        "{ rop: time, params: { Mode: linear, Speed: 1.5 } }",
        "{ rop: simplexNoise, params: { Speed: 0.7 } }",
    ] {
        let extra = format!("  /f: {field}\n");
        for t in [0.0f32, 0.7, 2.3] {
            let shifted = value(
                "{ rop: timeShift, params: { Offset: 1.25, Speed: 2 }, inputs: [/f] }",
                &extra,
                t,
            );
            let direct = value(field, "", 2.0 * t + 1.25);
            assert!(
                (shifted - direct).abs() < 1e-4,
                "{field} at {t}: {shifted} != {direct}"
            );
        }
    }
    // identity: shifts nest (the inner applies on top of the outer), and
    // time is back to normal beside them.
    let extra = "  /f: { rop: timeField }\n  /inner: { rop: timeShift, params: { Offset: 1, Speed: 3 }, inputs: [/f] }\n  /outer: { rop: timeShift, params: { Offset: 0.5, Speed: 2 }, inputs: [/inner] }\n  /g: { rop: timeField }\n";
    let got = value(
        "{ rop: math, params: { Operation: subtract }, inputs: [/outer, /g] }",
        extra,
        1.0,
    );
    let want = 3.0 * (2.0 * 1.0 + 0.5) + 1.0 - 1.0;
    assert!((got - want).abs() < 1e-4, "nested shifts: {got} != {want}");
}

// ---------------------------------------------------------------------------
// light

/// The mean Lambert term over points of a light at the origin with the
/// normal up, and their direction weighted by it, by dense quadrature.
fn lambert_mean(points: impl Iterator<Item = (V3, f64)>, p: V3) -> (f64, V3) {
    let (mut sum, mut weight, mut dir) = (0.0, 0.0, [0.0; 3]);
    for (q, w) in points {
        let l = an::sub3(q, p);
        let d = len(l);
        let l = [l[0] / d, l[1] / d, l[2] / d];
        let k = l[1].max(0.0) * w;
        sum += k;
        weight += 1.0;
        for i in 0..3 {
            dir[i] += k * l[i];
        }
    }
    let n = len(dir);
    (sum / weight, [dir[0] / n, dir[1] / n, dir[2] / n])
}

#[test]
fn ring_and_area_lights_sum_their_points() {
    let Some(gpu) = gpu("ring_and_area_lights_sum_their_points") else {
        return;
    };
    let lib = catalog_library();
    let colour =
        |node: &str, p: [f32; 3]| sample(&gpu, &lib, &probe("probeLight", node, ""), &[p])[0];
    // exact: straight below the centre of a ring every point makes the same
    // angle: the colour is Intensity * Colour * h / sqrt(R^2 + h^2).
    let out = colour(
        "{ rop: ringLight, params: { Center: [0, 2, 0], Radius: 1.5, Color: [1, 0.5, 0.25], Intensity: 2, Samples: 5 } }",
        [0.0; 3],
    );
    let k = 2.0 * 2.0 / (1.5f64 * 1.5 + 4.0).sqrt();
    for (c, w) in out[..3].iter().zip([1.0, 0.5, 0.25]) {
        assert!(
            (*c as f64 - k * w).abs() < 1e-4,
            "ring light on its axis: {out:?}"
        );
    }
    // identity: off the axis the renderer's Lambert term over the mean
    // direction gives back the ring's mean Lambert term (the continuous ring,
    // by quadrature): colour = mean / (n . direction).
    let p = [0.8, 0.0, 0.3];
    let ring = (0..20000).map(|i| {
        let a = TAU * i as f64 / 20000.0;
        ([1.5 * a.cos(), 2.0, 1.5 * a.sin()], 1.0)
    });
    let (mean, dir) = lambert_mean(ring, p);
    let out = colour(
        "{ rop: ringLight, params: { Center: [0, 2, 0], Radius: 1.5, Samples: 32 } }",
        [0.8, 0.0, 0.3],
    );
    let want = mean / dir[1];
    assert!(
        (out[0] as f64 - want).abs() < 1e-3 * want,
        "ring light off its axis: {} != {want}",
        out[0]
    );
    // property: a ring below the surface gives no light.
    let out = colour(
        "{ rop: ringLight, params: { Center: [0, -2, 0], Radius: 1.5 } }",
        [0.0; 3],
    );
    assert_eq!(&out[..3], &[0.0, 0.0, 0.0]);

    // identity: a square panel 2 above, facing down: the mean over the panel
    // of the surface's cosine times the panel's (both h / d), by quadrature;
    // the 8 x 8 points agree within 1%.
    let panel = |facing: &str, two: bool| {
        format!(
            "{{ rop: areaLight, params: {{ Center: [0, 2, 0], Direction: {facing}, Size: [2, 2], Samples: 8, TwoSided: {two} }} }}"
        )
    };
    let n = 400;
    let grid = (0..n * n).map(|k| {
        let (i, j) = (k % n, k / n);
        let q = [
            2.0 * ((i as f64 + 0.5) / n as f64 - 0.5),
            2.0,
            2.0 * ((j as f64 + 0.5) / n as f64 - 0.5),
        ];
        let emit = 2.0 / len(q);
        (q, emit)
    });
    let (mean, _) = lambert_mean(grid, [0.0; 3]);
    let out = colour(&panel("[0, -1, 0]", false), [0.0; 3]);
    assert!(
        (out[0] as f64 - mean).abs() < 0.01 * mean,
        "area light: {} != {mean}",
        out[0]
    );
    // property: facing away it gives nothing, unless it is two-sided.
    let away = colour(&panel("[0, 1, 0]", false), [0.0; 3]);
    assert_eq!(away[0], 0.0);
    let both = colour(&panel("[0, 1, 0]", true), [0.0; 3]);
    assert!((both[0] - out[0]).abs() < 1e-5);
}

// ---------------------------------------------------------------------------
// post

#[test]
fn post_operators_on_constant_colours() {
    let Some(gpu) = gpu("post_operators_on_constant_colours") else {
        return;
    };
    let lib = catalog_library();
    let pts = points2(140, 20, -1.0, 1.0);
    let run = |node: &str, colour: [f64; 4]| -> Vec<[f32; 4]> {
        let extra = format!(
            "  /k: {{ rop: constant, params: {{ Color: [{}, {}, {}, {}] }} }}\n",
            colour[0], colour[1], colour[2], colour[3]
        );
        sample(&gpu, &lib, &probe("probeColor2", node, &extra), &pts)
    };
    let near = |got: &[f32; 4], want: [f64; 4], what: &str| {
        for c in 0..4 {
            assert!(
                (got[c] as f64 - want[c]).abs() < 1e-4,
                "{what}: {got:?} != {want:?}"
            );
        }
    };
    // exact: turning the hue by 120 degrees about the grey axis takes red to green.
    let out = run(
        "{ rop: colorAdjust, params: { Hue: 120 }, inputs: [/k] }",
        [1.0, 0.0, 0.0, 0.7],
    );
    near(&out[0], [0.0, 1.0, 0.0, 0.7], "hue 120");
    // exact: saturation 0 is the Rec. 709 luma grey; contrast scales about
    // 0.5; brightness adds; the defaults change nothing.
    let c = [0.2, 0.5, 0.8, 1.0];
    let y = 0.2126 * 0.2 + 0.7152 * 0.5 + 0.0722 * 0.8;
    let out = run(
        "{ rop: colorAdjust, params: { Saturation: 0 }, inputs: [/k] }",
        c,
    );
    near(&out[0], [y, y, y, 1.0], "saturation 0");
    let out = run(
        "{ rop: colorAdjust, params: { Contrast: 2, Brightness: 0.1 }, inputs: [/k] }",
        c,
    );
    near(&out[0], [0.0, 0.6, 1.2, 1.0], "contrast and brightness");
    let out = run(
        "{ rop: colorAdjust, params: { Hue: 360 }, inputs: [/k] }",
        c,
    );
    near(&out[0], c, "a full turn of hue");
    // exact: posterize to 5 levels rounds to the nearest quarter.
    let out = run(
        "{ rop: posterize, params: { Levels: 5 }, inputs: [/k] }",
        [0.1, 0.4, 0.88, 0.3],
    );
    near(&out[0], [0.0, 0.5, 1.0, 0.3], "posterize");
    // exact: gradientMap picks the stops by luma: black, mid grey, white.
    for (grey, want) in [
        (0.0, [0.1, 0.2, 0.3]),
        (0.5, [0.5, 0.5, 0.0]),
        (1.0, [0.9, 0.8, 0.7]),
    ] {
        let out = run(
            "{ rop: gradientMap, params: { ColorA: [0.1, 0.2, 0.3], ColorB: [0.5, 0.5, 0], ColorC: [0.9, 0.8, 0.7] }, inputs: [/k] }",
            [grey, grey, grey, 1.0],
        );
        near(&out[0], [want[0], want[1], want[2], 1.0], "gradientMap");
    }
    // exact: Reinhard is x / (1 + x) after exposure; clamp clamps.
    let out = run(
        "{ rop: toneMap, params: { Operator: reinhard, Exposure: 2 }, inputs: [/k] }",
        [0.5, 1.5, 3.0, 1.0],
    );
    near(&out[0], [0.5, 0.75, 6.0 / 7.0, 1.0], "reinhard");
    let out = run(
        "{ rop: toneMap, params: { Operator: clamp, Exposure: 2 }, inputs: [/k] }",
        [0.2, 0.6, 3.0, 1.0],
    );
    near(&out[0], [0.4, 1.0, 1.0, 1.0], "clamp");
    // property: the filmic curves rise with the input and stay in 0..1; Hable's white maps to 1.
    for op in ["aces", "hable"] {
        let mut last = -1.0;
        for x in [0.0, 0.05, 0.2, 0.5, 1.0, 2.0, 5.0, 20.0] {
            let out = run(
                &format!("{{ rop: toneMap, params: {{ Operator: {op} }}, inputs: [/k] }}"),
                [x, x, x, 1.0],
            );
            let v = out[0][0] as f64;
            assert!((0.0..=1.0).contains(&v) && v >= last, "{op} at {x}: {v}");
            last = v;
        }
    }
    let out = run(
        "{ rop: toneMap, params: { Operator: hable, White: 4 }, inputs: [/k] }",
        [4.0, 4.0, 4.0, 1.0],
    );
    assert!((out[0][0] - 1.0).abs() < 1e-4);
    // exact: levels stretch, bend and place the range.
    let out = run(
        "{ rop: levels, params: { InRange: [0.2, 0.6], Gamma: 2, OutRange: [0.1, 0.9] }, inputs: [/k] }",
        [0.3, 0.1, 0.7, 1.0],
    );
    let f = |v: f64| 0.1 + 0.8 * ((v - 0.2) / 0.4).clamp(0.0, 1.0).powf(0.5);
    near(&out[0], [f(0.3), f(0.1), f(0.7), 1.0], "levels");
    // exact: vignette fades towards its colour between Radius and Radius + Softness.
    let out = run(
        "{ rop: vignette, params: { Center: [0.1, 0], Radius: 0.5, Softness: 0.5, Strength: 0.8, Color: [0, 0, 1] }, inputs: [/k] }",
        [1.0, 1.0, 1.0, 1.0],
    );
    for (p, v) in pts.iter().zip(&out) {
        let k = 0.8 * smoothstep(0.5, 1.0, (p[0] as f64 - 0.1).hypot(p[1] as f64));
        near(v, [1.0 - k, 1.0 - k, 1.0, 1.0], "vignette");
    }
}

// ---------------------------------------------------------------------------
// utility

#[test]
fn utilities_pass_on_the_right_input() {
    let Some(gpu) = gpu("utilities_pass_on_the_right_input") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(141, 100, -2.0, 2.0);
    let balls = "  /a: { rop: sphere, params: { Radius: 0.5, Translate: [-1, 0, 0] } }\n  /b: { rop: sphere, params: { Radius: 0.6, Translate: [1, 0, 0] } }\n  /c: { rop: sphere, params: { Radius: 0.7, Translate: [0, 1, 0] } }\n";
    // identity: switch passes on input Index; an Index past the inputs falls back to the first.
    for (index, c, r) in [
        (0, [-1.0, 0.0, 0.0], 0.5),
        (2, [0.0, 1.0, 0.0], 0.7),
        (1, [1.0, 0.0, 0.0], 0.6),
        (9, [-1.0, 0.0, 0.0], 0.5),
    ] {
        let node = format!("{{ rop: switch, params: {{ Index: {index} }}, inputs: [/a, /b, /c] }}");
        let out = sample(&gpu, &lib, &sdf3(&node, balls), &pts);
        expect_exact(&format!("switch {index}"), &pts, &out, |p| {
            sphere_d(v3(p), c, r)
        });
    }
    // identity: passthrough changes nothing, material included.
    let extra = format!("{balls}  /m: {{ rop: basicMaterial, inputs: [/b] }}\n");
    let out = sample(
        &gpu,
        &lib,
        &sdf3("{ rop: passthrough, inputs: [/m] }", &extra),
        &pts,
    );
    expect_exact("passthrough", &pts, &out, |p| {
        sphere_d(v3(p), [1.0, 0.0, 0.0], 0.6)
    });
    assert!(out.iter().all(|v| v[1] == 1.0));
    // identity: restrictTypes passes its input when the type is allowed ...
    let out = sample(
        &gpu,
        &lib,
        &sdf3(
            "{ rop: restrictTypes, params: { Float: false, Vec4: false }, inputs: [/a] }",
            balls,
        ),
        &pts,
    );
    expect_exact("restrictTypes", &pts, &out, |p| {
        sphere_d(v3(p), [-1.0, 0.0, 0.0], 0.5)
    });
    // ... and the build fails, naming the ROP's own file, when it is not.
    for (params, out_rop) in [
        ("Sdf: false", "raymarchRender3D"),
        ("Coord3D: false", "raymarchRender3D"),
    ] {
        let text = format!(
            "output: /out\nnodes:\n{balls}  /s: {{ rop: restrictTypes, params: {{ {params} }}, inputs: [/a] }}\n  /out: {{ rop: {out_rop}, inputs: [/s] }}\n"
        );
        let net = Network::parse(&text, &root().join("catalog-test.yaml"), &lib).unwrap();
        let err = match build(&lib, &net, &Mode::Render.into()) {
            Ok(_) => panic!("restrictTypes with {params} built"),
            Err(e) => e.to_string(),
        };
        assert!(
            err.contains("restrictTypes/function.glsl") && err.contains("does not allow"),
            "restrictTypes with {params}: {err}"
        );
    }
}
