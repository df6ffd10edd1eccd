//! The fourth part of the catalog (the filters and combines of RayTK's
//! vocabulary that came last), and the fixes that came with them. Each
//! check compares the GPU's values with what they must be, computed here: the
//! input evaluated at the transformed point (the transform written in Rust
//! from its formula), an identity with other ROPs, or a property (a bound,
//! a symmetry, a period). Each says which in a comment.

use crate::catalog::an::{V2, V3};
use crate::catalog::*;
use crate::common::*;
use ropkit::library::Library;
use ropkit::network::Network;
use std::f64::consts::{PI, TAU};

// ---------------------------------------------------------------------------
// Helpers

/// Two samplings agree point by point.
fn same(what: &str, a: &[[f32; 4]], b: &[[f32; 4]], tol: f64) {
    let bad: Vec<String> = a
        .iter()
        .zip(b)
        .enumerate()
        .filter(|(_, (x, y))| !close(x[0] as f64, y[0] as f64, tol))
        .map(|(i, (x, y))| format!("  #{i}: {} vs {}", x[0], y[0]))
        .collect();
    assert!(
        bad.is_empty(),
        "{what}: {} of {} values differ:\n{}",
        bad.len(),
        a.len(),
        bad.iter().take(8).cloned().collect::<Vec<_>>().join("\n")
    );
}

fn len3(p: V3) -> f64 {
    an::len3(p)
}

// ---------------------------------------------------------------------------
// Fixes

/// The finite helix of helixSweep (Radius 1, Pitch 0.6, a circle of radius
/// 0.18, Turns 2), by brute force: inside when some winding in range holds
/// the point's profile coordinate; the distance to the boundary is the
/// smallest over dense samples of the tube and of the two flat ends.
struct Helix {
    surface: Vec<V3>,
}

const HR: f64 = 1.0;
const HP: f64 = 0.6;
const HRHO: f64 = 0.18;
const HTURNS: f64 = 2.0;

impl Helix {
    fn new() -> Helix {
        let mut surface = Vec::new();
        let steps = (TAU * HTURNS * HR / 0.01) as usize;
        for i in 0..=steps {
            let t = TAU * HTURNS * i as f64 / steps as f64;
            for j in 0..64 {
                let f = TAU * j as f64 / 64.0;
                let r = HR + HRHO * f.cos();
                surface.push([r * t.cos(), t / TAU * HP + HRHO * f.sin(), r * t.sin()]);
            }
        }
        for hc in [0.0, HTURNS * HP] {
            for i in 0..=60 {
                for j in 0..=60 {
                    let (u, v) = (
                        -HRHO + 2.0 * HRHO * i as f64 / 60.0,
                        -HRHO + 2.0 * HRHO * j as f64 / 60.0,
                    );
                    if u * u + v * v <= HRHO * HRHO {
                        surface.push([HR + u, hc + v, 0.0]);
                    }
                }
            }
        }
        Helix { surface }
    }
    fn inside(&self, p: V3) -> bool {
        let r = p[0].hypot(p[2]);
        let a = p[2].atan2(p[0]).rem_euclid(TAU);
        (0..HTURNS as i32).any(|k| {
            let t = a + TAU * k as f64;
            (r - HR).powi(2) + (p[1] - t / TAU * HP).powi(2) <= HRHO * HRHO
        })
    }
    fn distance(&self, p: V3) -> f64 {
        self.surface
            .iter()
            .map(|s| len3(an::sub3(p, *s)))
            .fold(f64::MAX, f64::min)
    }
}

/// helixSweep with Turns: a bound everywhere near its flat ends (points just
/// past an end were given the distance to the winding a turn away, so rays
/// stepped through the end and it showed a hole), with the right sign; and
/// near the axis not collapsed to nothing (the stretch of the map there made
/// soft shadows see the helix everywhere: dark specks).
#[test]
fn helix_sweep_ends_are_solid_and_its_axis_clear() {
    let Some(gpu) = gpu("helix_sweep_ends_are_solid_and_its_axis_clear") else {
        return;
    };
    let lib = catalog_library();
    let helix = Helix::new();
    let mut r = Rng::new(40);
    let mut pts = Vec::new();
    // Around both ends, and around the axis at every height.
    for end in [0.0, HTURNS * HP] {
        for _ in 0..90 {
            pts.push([
                (HR + r.range(-0.35, 0.35)) as f32,
                (end + r.range(-0.35, 0.35)) as f32,
                r.range(-0.35, 0.35) as f32,
            ]);
        }
    }
    let axis_from = pts.len();
    for _ in 0..40 {
        let (a, rr) = (r.range(0.0, TAU), r.range(0.0, 0.1));
        pts.push([
            (rr * a.cos()) as f32,
            r.range(-0.2, 1.4) as f32,
            (rr * a.sin()) as f32,
        ]);
    }
    let node = "{ rop: helixSweep, params: { Radius: 1, Pitch: 0.6, Turns: 2 }, inputs: [/c] }";
    let extra = "  /c: { rop: circle, params: { Radius: 0.18 } }\n";
    let out = sample(&gpu, &lib, &sdf3(node, extra), &pts);
    let mut bad = Vec::new();
    for (i, (p, v)) in pts.iter().zip(&out).enumerate() {
        let q = v3(p);
        let inside = helix.inside(q);
        let d = helix.distance(q);
        let got = v[0] as f64;
        if d > 0.01 && (got < 0.0) != inside {
            bad.push(format!("  {p:?}: {got}, inside {inside}, distance {d}"));
        }
        if got.abs() > d + 0.006 {
            bad.push(format!("  {p:?}: {got} exceeds the distance {d}"));
        }
        if i >= axis_from && got < 0.5 * d {
            bad.push(format!("  {p:?}: {got} near the axis, distance {d}"));
        }
    }
    assert!(
        bad.is_empty(),
        "helixSweep: {} problems:\n{}",
        bad.len(),
        bad.iter().take(10).cloned().collect::<Vec<_>>().join("\n")
    );
}

/// passthrough, switch and restrictTypes take the type their input gives:
/// a field under render2D (which takes an Sdf or a field) stays a field,
/// and restrictTypes with Sdf switched off makes a circle a float.
#[test]
fn utilities_pass_a_field_into_render2d() {
    let Some(gpu) = gpu("utilities_pass_a_field_into_render2d") else {
        return;
    };
    let lib = catalog_library();
    let pts = points2(41, 60, -2.0, 2.0);
    let noise = "  /n: { rop: simplexNoise, params: { Scale: 1.3 } }\n";
    let want = sample(
        &gpu,
        &lib,
        &sdf2("{ rop: simplexNoise, params: { Scale: 1.3 } }", ""),
        &pts,
    );
    for node in [
        "{ rop: passthrough, inputs: [/n] }",
        "{ rop: switch, inputs: [/n] }",
        "{ rop: restrictTypes, params: { Sdf: false }, inputs: [/n] }",
    ] {
        let got = sample(&gpu, &lib, &sdf2(node, noise), &pts);
        same(node, &got, &want, 1e-5);
    }
    // Through two of them, and a circle refused as an Sdf.
    let extra = "  /c: { rop: circle, params: { Radius: 0.7 } }\n  /r: { rop: restrictTypes, params: { Sdf: false }, inputs: [/c] }\n";
    let got = sample(
        &gpu,
        &lib,
        &sdf2("{ rop: passthrough, inputs: [/r] }", extra),
        &pts,
    );
    expect_exact("restrictTypes float", &pts, &got, |p| an::len2(v2(p)) - 0.7);
    let text = format!(
        "output: /out\nnodes:\n{}",
        sdf2("{ rop: passthrough, inputs: [/r] }", extra)
    );
    let net = Network::parse(&text, &root().join("t.yaml"), &lib).unwrap();
    let res = ropkit::resolve::resolve(&lib, &net).unwrap();
    let r = &res.nodes[res.index_of("/r").unwrap()];
    assert_eq!(r.ret.as_str(), "float");
}

/// `render --help` names every buffer the raymarch output offers.
#[test]
fn render_help_names_every_buffer() {
    let out = run_ropkit(["render", "--help"]);
    assert!(out.status.success());
    let help = String::from_utf8_lossy(&out.stdout).replace(char::is_whitespace, "");
    let lib: Library = library();
    let def = lib.get("raymarchRender3D").unwrap();
    let buffer = def.param("Buffer").unwrap();
    assert!(buffer.options.len() >= 15);
    for o in &buffer.options {
        assert!(
            help.contains(&format!("{o},")) || help.contains(&format!("{o}.")),
            "render --help does not name the buffer {o}"
        );
    }
}

/// `render --frames` into a folder that does not exist yet makes it.
#[test]
fn render_frames_make_their_folder() {
    if gpu("render_frames_make_their_folder").is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("new/deeper/seq.png");
    let out = run_ropkit([
        "render",
        "presets/shapes2d.yaml",
        "-o",
        target.to_str().unwrap(),
        "--size",
        "16x16",
        "--frames",
        "1..2",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for f in ["seq_0001.png", "seq_0002.png"] {
        let img = image::open(dir.path().join("new/deeper").join(f)).unwrap();
        assert_eq!((img.width(), img.height()), (16, 16));
    }
}

// ---------------------------------------------------------------------------
// Coordinates, cuts and rotations

/// An off-centre box (no symmetry of its own), as in the other parts.
const B: &str =
    "  /b: { rop: box, params: { Size: [0.6, 0.9, 0.4], Translate: [0.7, 0.3, 0.2] } }\n";

fn sub(a: V3, b: V3) -> V3 {
    an::sub3(a, b)
}

fn add(a: V3, b: V3) -> V3 {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}

fn scale(a: V3, k: f64) -> V3 {
    [a[0] * k, a[1] * k, a[2] * k]
}

fn norm(a: V3) -> V3 {
    scale(a, 1.0 / len3(a))
}

/// Rodrigues: v turned about the unit axis k by a radians.
fn rot_axis(v: V3, k: V3, a: f64) -> V3 {
    let (s, c) = a.sin_cos();
    let kv = an::cross(k, v);
    let kd = an::dot3(k, v);
    [
        v[0] * c + kv[0] * s + k[0] * kd * (1.0 - c),
        v[1] * c + kv[1] * s + k[1] * kd * (1.0 - c),
        v[2] * c + kv[2] * s + k[2] * kd * (1.0 - c),
    ]
}

/// The plane around an axis as the filters take it: (z, y) around x,
/// (x, z) around y, (x, y) around z; and back.
fn plane(p: V3, axis: usize) -> (V2, f64) {
    match axis {
        0 => ([p[2], p[1]], p[0]),
        2 => ([p[0], p[1]], p[2]),
        _ => ([p[0], p[2]], p[1]),
    }
}

fn unplane(w: V2, h: f64, axis: usize) -> V3 {
    match axis {
        0 => [h, w[1], w[0]],
        2 => [w[0], w[1], h],
        _ => [w[0], h, w[1]],
    }
}

#[test]
fn polar_conversions_give_radius_and_angle_and_undo_each_other() {
    let Some(gpu) = gpu("polar_conversions_give_radius_and_angle_and_undo_each_other") else {
        return;
    };
    let lib = catalog_library();
    // 2D, formula: the input sees (radius, angle * scale) about the centre.
    let pts = points2(50, 80, -2.0, 2.0);
    for (component, k) in [("x", 0), ("y", 1)] {
        let extra = format!("  /f: {{ rop: position, params: {{ Component: {component} }} }}\n");
        let node = "{ rop: cartesianToPolar, params: { AngleScale: 2, Center: [0.3, -0.2, 0] }, inputs: [/f] }";
        let out = sample(&gpu, &lib, &sdf2(node, &extra), &pts);
        expect_exact("cartesianToPolar 2D", &pts, &out, |p| {
            let d = [p[0] as f64 - 0.3, p[1] as f64 + 0.2];
            [an::len2(d), 2.0 * d[1].atan2(d[0])][k]
        });
    }
    // 3D, formula: the polar angle from +y.
    let pts = points3(51, 120, -2.0, 2.0);
    let extra = "  /f: { rop: position, params: { Component: y } }\n";
    let node = "{ rop: cartesianToPolar, inputs: [/f] }";
    let out = sample(&gpu, &lib, &probe("probeFloat3", node, extra), &pts);
    expect_within("cartesianToPolar polar angle", &pts, &out, 2e-3, |p| {
        let p = v3(p);
        (p[1] / len3(p)).acos()
    });
    // identity: each conversion undoes the other, spherical and cylindrical.
    for conv in [
        "Conversion: spherical, AngleScale: 1.5",
        "Conversion: cylindrical, Axis: x",
        "Conversion: cylindrical, Axis: z, AngleScale: 0.5",
    ] {
        let extra = format!(
            "{B}  /back: {{ rop: polarToCartesian, params: {{ {conv}, Center: [0.2, -0.1, 0.3] }}, inputs: [/b] }}\n"
        );
        let node = format!(
            "{{ rop: cartesianToPolar, params: {{ {conv}, Center: [0.2, -0.1, 0.3] }}, inputs: [/back] }}"
        );
        let out = sample(&gpu, &lib, &sdf3(&node, &extra), &pts);
        expect_within(conv, &pts, &out, 2e-3, |p| box_d(v3(p)));
    }
}

#[test]
fn cuts_flips_and_turns_follow_their_formulas() {
    let Some(gpu) = gpu("cuts_flips_and_turns_follow_their_formulas") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(52, 150, -2.0, 2.0);
    let check = |what: &str, node: &str, want: &dyn Fn(V3) -> f64| {
        let out = sample(&gpu, &lib, &sdf3(node, B), &pts);
        expect_within(what, &pts, &out, 2e-3, |p| want(v3(p)));
    };
    // extend: the point clamped into the box on x and z.
    check(
        "extend",
        "{ rop: extend, params: { Axes: xz, Center: [0.5, 0, 0.1], Size: [0.4, 0, 0.2] }, inputs: [/b] }",
        &|p| box_d([p[0].clamp(0.3, 0.7), p[1], p[2].clamp(0.0, 0.2)]),
    );
    // knife: the intersection with the half-space in front of the plane.
    check(
        "knife",
        "{ rop: knife, params: { Normal: [1, 1, 0], Offset: 0.4, Side: above }, inputs: [/b] }",
        &|p| box_d(p).max(0.4 - (p[0] + p[1]) / 2f64.sqrt()),
    );
    check("invert", "{ rop: invert, inputs: [/b] }", &|p| -box_d(p));
    // flip: y mirrored at 0.3; merged, the union with the input.
    check(
        "flip",
        "{ rop: flip, params: { Axis: y, Offset: 0.3 }, inputs: [/b] }",
        &|p| box_d([p[0], 0.6 - p[1], p[2]]),
    );
    check(
        "flip merged",
        "{ rop: flip, params: { Axis: x, Offset: -0.2, Merge: true }, inputs: [/b] }",
        &|p| box_d(p).min(box_d([-0.4 - p[0], p[1], p[2]])),
    );
    // axisRotate: Rodrigues, the point turned back about the pivot.
    let k = norm([1.0, 2.0, -0.5]);
    check(
        "axisRotate",
        "{ rop: axisRotate, params: { Axis: [1, 2, -0.5], Angle: 70, Pivot: [0.1, 0.2, -0.3] }, inputs: [/b] }",
        &|p| {
            let c = [0.1, 0.2, -0.3];
            box_d(add(c, rot_axis(sub(p, c), k, -70f64.to_radians())))
        },
    );
    // lookAtRotate: the point in the frame (side, up, forward).
    let frame = |pos: V3, target: V3| {
        let fw = norm(sub(target, pos));
        let side = norm(an::cross([0.0, 1.0, 0.0], fw));
        let up = an::cross(fw, side);
        (side, up, fw)
    };
    let (side, up, fw) = frame([0.5, -0.3, 0.2], [-1.0, 1.0, 2.0]);
    check(
        "lookAtRotate",
        "{ rop: lookAtRotate, params: { Position: [0.5, -0.3, 0.2], Target: [-1, 1, 2] }, inputs: [/b] }",
        &|p| {
            let d = sub(p, [0.5, -0.3, 0.2]);
            box_d([an::dot3(d, side), an::dot3(d, up), an::dot3(d, fw)])
        },
    );
    // rotate4D in the yw plane: y turned back, w dropped.
    let (s, c) = 25f64.to_radians().sin_cos();
    check(
        "rotate4D",
        "{ rop: rotate4D, params: { Plane: yw, Angle: 25, Pivot: [0, 0.1, 0], PivotW: 0.2, W: 0.7 }, inputs: [/b] }",
        &|p| box_d([p[0], 0.1 + c * (p[1] - 0.1) + s * 0.5, p[2]]),
    );
    // spin at time 2: 10 + 30 * 2 degrees about x through the pivot.
    let node = "{ rop: spin, params: { Speed: 30, Offset: 10, Axis: x, Pivot: [0, 0.3, 0] }, inputs: [/b] }";
    let out = sample_at(&gpu, &lib, &sdf3(node, B), &pts, 2.0);
    expect_within("spin", &pts, &out, 2e-3, |p| {
        let d = sub(v3(p), [0.0, 0.3, 0.0]);
        let (w, h) = plane(d, 0);
        let w = an::rot2(w, -70f64.to_radians());
        box_d(add([0.0, 0.3, 0.0], unplane(w, h, 0)))
    });
}

// ---------------------------------------------------------------------------
// Repeats over curved surfaces, lines and shells

/// A small off-centre box, small enough that copies never overlap.
const TINY: &str =
    "  /b: { rop: box, params: { Size: [0.16, 0.1, 0.06], Translate: [0.03, 0.02, -0.01] } }\n";

fn tiny_d(p: V3) -> f64 {
    an::cube(p, [0.03, 0.02, -0.01], [0.08, 0.05, 0.03])
}

/// Points scattered within `r` of each of `centres`.
fn around(seed: u64, centres: &[V3], per: usize, r: f64) -> Vec<[f32; 3]> {
    let mut g = Rng::new(seed);
    let mut out = Vec::new();
    for c in centres {
        for _ in 0..per {
            out.push([
                (c[0] + g.range(-r, r)) as f32,
                (c[1] + g.range(-r, r)) as f32,
                (c[2] + g.range(-r, r)) as f32,
            ]);
        }
    }
    out
}

/// Each point near a copy: the value is the input in that copy's frame,
/// the frame (origin, x, y, z) built here from the geometry of the layout.
fn expect_frames(
    what: &str,
    pts: &[[f32; 3]],
    out: &[[f32; 4]],
    frames: &[(V3, V3, V3, V3)],
    per: usize,
) {
    for (k, (o, x, y, z)) in frames.iter().enumerate() {
        let range = k * per..(k + 1) * per;
        expect_within(what, &pts[range.clone()], &out[range], 2e-3, |p| {
            let d = sub(v3(p), *o);
            tiny_d([an::dot3(d, *x), an::dot3(d, *y), an::dot3(d, *z)])
        });
    }
}

#[test]
fn spherical_and_toroidal_repeats_place_their_copies_on_the_surface() {
    let Some(gpu) = gpu("spherical_and_toroidal_repeats_place_their_copies_on_the_surface") else {
        return;
    };
    let lib = catalog_library();
    // moduloSpherical: the copy of row i and column j stands at Radius along
    // the direction of polar angle (i + 1/2) pi / rows and longitude
    // 2 pi j / columns, y outward, x towards the +y pole, z = x cross y.
    let (rows, cols, radius, pivot) = (4, 6, 1.3, [0.2, -0.1, 0.3]);
    let mut frames = Vec::new();
    for i in [0, 1, 3] {
        for j in [0, 2, 5] {
            let t = (i as f64 + 0.5) * PI / rows as f64;
            let f = j as f64 * TAU / cols as f64;
            let out = [t.sin() * f.cos(), t.cos(), t.sin() * f.sin()];
            let pole = [-t.cos() * f.cos(), t.sin(), -t.cos() * f.sin()];
            frames.push((
                add(pivot, scale(out, radius)),
                pole,
                out,
                an::cross(pole, out),
            ));
        }
    }
    let centres: Vec<V3> = frames.iter().map(|f| f.0).collect();
    let pts = around(60, &centres, 12, 0.15);
    let node = "{ rop: moduloSpherical, params: { Rows: 4, Columns: 6, Radius: 1.3, Pivot: [0.2, -0.1, 0.3] }, inputs: [/b] }";
    let out = sample(&gpu, &lib, &sdf3(node, TINY), &pts);
    expect_frames("moduloSpherical", &pts, &out, &frames, 12);

    // moduloToroidal around z: copy (i, j) sits at angle 2 pi i / n around
    // the axis (from x towards y) and 2 pi j / m around the tube (from the
    // outward direction towards +z); y points out of the surface, x around
    // the tube, z around the axis.
    let (n, m, big, small) = (8, 5, 1.5, 0.4);
    let mut frames = Vec::new();
    for i in [0, 3, 7] {
        for j in [0, 1, 4] {
            let f = i as f64 * TAU / n as f64;
            let s = j as f64 * TAU / m as f64;
            let er = [f.cos(), f.sin(), 0.0];
            let ez = [0.0, 0.0, 1.0];
            let out = add(scale(er, s.cos()), scale(ez, s.sin()));
            let around_tube = add(scale(er, -s.sin()), scale(ez, s.cos()));
            let around_axis = [-f.sin(), f.cos(), 0.0];
            let o = add(scale(er, big), scale(out, small));
            frames.push((o, around_tube, out, around_axis));
        }
    }
    let centres: Vec<V3> = frames.iter().map(|f| f.0).collect();
    let pts = around(61, &centres, 12, 0.12);
    let node = "{ rop: moduloToroidal, params: { Count: 8, Repetitions: 5, Radius: 1.5, Thickness: 0.4, Axis: z }, inputs: [/b] }";
    let out = sample(&gpu, &lib, &sdf3(node, TINY), &pts);
    expect_frames("moduloToroidal", &pts, &out, &frames, 12);
}

#[test]
fn polyhedral_repeat_has_the_symmetry_of_its_mirrors() {
    let Some(gpu) = gpu("polyhedral_repeat_has_the_symmetry_of_its_mirrors") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(62, 100, -1.8, 1.8);
    for (ty, order) in [
        ("tetrahedral", 3.0),
        ("octahedral", 4.0),
        ("icosahedral", 5.0),
    ] {
        let node = format!(
            "{{ rop: moduloPolyhedral, params: {{ Type: {ty}, U: 0.3, V: 0.5, W: 0.2, Radius: 1.1 }}, inputs: [/b] }}"
        );
        let text = sdf3(&node, TINY);
        let base = sample(&gpu, &lib, &text, &pts);
        // property: the three mirrors that generate the group (x = 0, y = 0
        // and the plane of normal (-1/2, -cos(pi/k), sqrt(3/4 - cos^2))),
        // written here from the group's definition, change nothing.
        let cp = (PI / order).cos();
        let nc = [-0.5, -cp, (0.75 - cp * cp).sqrt()];
        let mirrors: [&dyn Fn(V3) -> V3; 3] =
            [&|p| [-p[0], p[1], p[2]], &|p| [p[0], -p[1], p[2]], &|p| {
                sub(p, scale(nc, 2.0 * an::dot3(p, nc)))
            }];
        for (k, m) in mirrors.iter().enumerate() {
            let moved: Vec<[f32; 3]> = pts
                .iter()
                .map(|p| {
                    let q = m(v3(p));
                    [q[0] as f32, q[1] as f32, q[2] as f32]
                })
                .collect();
            let again = sample(&gpu, &lib, &text, &moved);
            same(&format!("{ty} mirror {k}"), &base, &again, 2e-3);
        }
        // exact: the fold triangle's corners are copies' directions: a ball
        // put there has its centre Radius out along each.
        let node = format!(
            "{{ rop: moduloPolyhedral, params: {{ Type: {ty}, U: 1, V: 0, W: 0, Radius: 1.1 }}, inputs: [/ball] }}"
        );
        let ball = "  /ball: { rop: sphere, params: { Radius: 0.2 } }\n";
        let corner = [0.0, 0.0, 1.1f32];
        let out = sample(&gpu, &lib, &sdf3(&node, ball), &[corner]);
        assert!((out[0][0] + 0.2).abs() < 1e-3, "{ty}: {:?}", out[0]);
    }
}

#[test]
fn line_shell_and_patch_repeats_follow_their_formulas() {
    let Some(gpu) = gpu("line_shell_and_patch_repeats_follow_their_formulas") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(63, 150, -2.5, 2.5);
    // moduloLine: along the unit direction u from a, cells of length L / n;
    // every other copy reversed.
    let (a, b) = ([-1.0, -0.5, 0.2], [2.0, 1.0, -0.4]);
    let u = norm(sub(b, a));
    let cell = len3(sub(b, a)) / 4.0;
    for mirror in [false, true] {
        let node = format!(
            "{{ rop: moduloLine, params: {{ Point1: [-1, -0.5, 0.2], Point2: [2, 1, -0.4], Divisions: 4, Mirror: {mirror} }}, inputs: [/b] }}"
        );
        let out = sample(&gpu, &lib, &sdf3(&node, TINY), &pts);
        expect_within("moduloLine", &pts, &out, 2e-3, |p| {
            let d = sub(v3(p), a);
            let t = an::dot3(d, u);
            let k = (t / cell).floor().clamp(0.0, 3.0);
            let mut local = t - (k + 0.5) * cell;
            if mirror && k % 2.0 == 1.0 {
                local = -local;
            }
            tiny_d(add(sub(d, scale(u, t)), scale(u, local)))
        });
    }
    // moduloDistance: the distance from the centre taken into the first
    // shell, at most three shells.
    let shell = "  /b: { rop: sphere, params: { Radius: 0.25, Translate: [0.3, 0, 0] } }\n";
    let node = "{ rop: moduloDistance, params: { Spacing: 0.6, Count: 3, Center: [0.1, 0, -0.2] }, inputs: [/b] }";
    let out = sample(&gpu, &lib, &sdf3(node, shell), &pts);
    expect_within("moduloDistance", &pts, &out, 2e-3, |p| {
        let d = sub(v3(p), [0.1, 0.0, -0.2]);
        let r = len3(d);
        let k = (r / 0.6).floor().min(2.0);
        let q = add([0.1, 0.0, -0.2], scale(d, (r - k * 0.6) / r));
        sphere_d(q, [0.3, 0.0, 0.0], 0.25)
    });
    // circularRepeat: inside the patch, the point taken to its cell; outside
    // it, the distance to one of the copies (never less than the nearest).
    let node =
        "{ rop: circularRepeat, params: { Radius: 1.6, Spacing: 0.7, Axis: y }, inputs: [/b] }";
    let out = sample(&gpu, &lib, &sdf3(node, TINY), &pts);
    let mut copies = Vec::new();
    for i in -3i32..=3 {
        for j in -3i32..=3 {
            let c = [i as f64 * 0.7, j as f64 * 0.7];
            if an::len2(c) <= 1.6 {
                copies.push(c);
            }
        }
    }
    for (p, v) in pts.iter().zip(&out) {
        let q = v3(p);
        let c = [(q[0] / 0.7).round(), (q[2] / 0.7).round()];
        let own = |c: V2| tiny_d([q[0] - c[0], q[1], q[2] - c[1]]);
        if an::len2([c[0] * 0.7, c[1] * 0.7]) <= 1.6 {
            let want = own([c[0] * 0.7, c[1] * 0.7]);
            assert!(
                close(v[0] as f64, want, 2e-3),
                "circularRepeat at {p:?}: {} vs {want}",
                v[0]
            );
        } else {
            let nearest = copies.iter().map(|c| own(*c)).fold(f64::MAX, f64::min);
            let is_copy = copies.iter().any(|c| close(v[0] as f64, own(*c), 2e-3));
            assert!(
                is_copy && v[0] as f64 >= nearest - 2e-3,
                "circularRepeat outside at {p:?}: {} (nearest copy {nearest})",
                v[0]
            );
        }
    }
}

// ---------------------------------------------------------------------------
// Tilings that scale: log-polar, zoom, quad tree, series, Truchet, Hilbert

/// A box that fits a unit cell (the input of the filters that hand it
/// one), off-centre.
const UNIT: &str =
    "  /b: { rop: box, params: { Size: [0.5, 0.3, 0.4], Translate: [0.1, -0.05, 0.05] } }\n";

fn unit_d(p: V3) -> f64 {
    an::cube(p, [0.1, -0.05, 0.05], [0.25, 0.15, 0.2])
}

#[test]
fn log_polar_and_spiral_zoom_scale_their_copies() {
    let Some(gpu) = gpu("log_polar_and_spiral_zoom_scale_their_copies") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(70, 150, -2.5, 2.5);
    // logPolarRepeat around y: (log r, angle) in cells of 2 pi / n; the cell
    // is r 2 pi / n wide in space, which scales the distance and the axis.
    let node =
        "{ rop: logPolarRepeat, params: { Count: 6, Offset: 0.3, Rotate: 20 }, inputs: [/b] }";
    let out = sample(&gpu, &lib, &sdf3(node, UNIT), &pts);
    expect_within("logPolarRepeat", &pts, &out, 3e-3, |p| {
        let p = v3(p);
        let (w, h) = plane(p, 1);
        let r = an::len2(w);
        let cell = TAU / 6.0;
        let lp = [
            r.ln() / cell - 0.3,
            (w[1].atan2(w[0]) - 20f64.to_radians()) / cell,
        ];
        let local = [lp[0] - lp[0].round(), lp[1] - lp[1].round()];
        let size = r * cell;
        unit_d(unplane(local, h / size, 1)) * size
    });
    // spiralZoom: the shell between g^k and g^(k+1) scaled down by g^k and
    // turned back by k times the angle, about z.
    let node = "{ rop: spiralZoom, params: { Factor: 2.5, Angle: 40, Phase: 0.25, Center: [0.2, 0, 0], Axis: z }, inputs: [/b] }";
    let out = sample(&gpu, &lib, &sdf3(node, UNIT), &pts);
    expect_within("spiralZoom", &pts, &out, 3e-3, |p| {
        let d = sub(v3(p), [0.2, 0.0, 0.0]);
        let g: f64 = 2.5;
        let level = (len3(d).ln() / g.ln() - 0.25).floor() + 0.25;
        let f = g.powf(level);
        let d = scale(d, 1.0 / f);
        let (w, h) = plane(d, 2);
        unit_d(unplane(an::rot2(w, -40f64.to_radians() * level), h, 2)) * f
    });
}

#[test]
fn quad_tree_and_series_tiles_hand_the_input_unit_cells() {
    let Some(gpu) = gpu("quad_tree_and_series_tiles_hand_the_input_unit_cells") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(71, 150, -3.0, 3.0);
    // The point in a square grid of cell `s` around axis y, as a unit cell.
    let grid = |p: V3, s: f64| {
        let (w, h) = plane(p, 1);
        let c = [(w[0] / s).floor(), (w[1] / s).floor()];
        let local = [(w[0] - (c[0] + 0.5) * s) / s, (w[1] - (c[1] + 0.5) * s) / s];
        unit_d(unplane(local, h / s, 1)) * s
    };
    // quadTreeRepeat that never splits is the plain grid; one that always
    // splits, twice, the grid four times finer.
    for (chance, levels, s) in [(0.0, 3, 1.6), (1.0, 2, 0.4)] {
        let node = format!(
            "{{ rop: quadTreeRepeat, params: {{ Size: 1.6, Levels: {levels}, Chance: {chance} }}, inputs: [/b] }}"
        );
        let out = sample(&gpu, &lib, &sdf3(&node, UNIT), &pts);
        expect_within("quadTreeRepeat", &pts, &out, 2e-3, |p| grid(v3(p), s));
    }
    // At even odds every value is one of the three levels' cells, and more
    // than one level shows.
    let node = "{ rop: quadTreeRepeat, params: { Size: 1.6, Levels: 2, Chance: 0.5, Seed: 3 }, inputs: [/b] }";
    let out = sample(&gpu, &lib, &sdf3(node, UNIT), &pts);
    let mut seen = [false; 3];
    for (p, v) in pts.iter().zip(&out) {
        let k = [1.6, 0.8, 0.4]
            .iter()
            .position(|s| close(v[0] as f64, grid(v3(p), *s), 2e-3));
        let Some(k) = k else {
            panic!("quadTreeRepeat at {p:?}: {} is no level's cell", v[0]);
        };
        seen[k] = true;
    }
    assert!(
        seen.iter().filter(|s| **s).count() >= 2,
        "levels seen: {seen:?}"
    );

    // geometricSeriesTile: ring k spans R_k = Size ratio^(k + Zoom) to
    // R_k (1 + 2 / n) in the larger coordinate, tiled by squares 2 R_k / n wide
    // on a grid that starts at the ring's outer edge.
    let node = "{ rop: geometricSeriesTile, params: { Count: 3, Size: 0.7, Zoom: 0.4, Axis: z }, inputs: [/b] }";
    let out = sample(&gpu, &lib, &sdf3(node, UNIT), &pts);
    expect_within("geometricSeriesTile", &pts, &out, 3e-3, |p| {
        let (w, h) = plane(v3(p), 2);
        let ratio: f64 = 1.0 + 2.0 / 3.0;
        let m = w[0].abs().max(w[1].abs());
        let k = ((m / 0.7).ln() / ratio.ln() - 0.4).floor();
        let inner = 0.7 * ratio.powf(k + 0.4);
        let tile = 2.0 * inner / 3.0;
        let outer = inner + tile;
        let local = w.map(|x| {
            let c = ((x + outer) / tile).floor();
            (x + outer - (c + 0.5) * tile) / tile
        });
        unit_d(unplane(local, h / tile, 2)) * tile
    });
    // exponentialSeriesTile along z, repeating along x: the column from b^k
    // to b^(k+1) in |z|, tiles b^k (b - 1) wide.
    let node = "{ rop: exponentialSeriesTile, params: { Base: 1.7, Direction: zx }, inputs: [/b] }";
    let out = sample(&gpu, &lib, &sdf3(node, UNIT), &pts);
    expect_within("exponentialSeriesTile", &pts, &out, 3e-3, |p| {
        let p = v3(p);
        let b: f64 = 1.7;
        let a = p[2].abs();
        let k = (a.ln() / b.ln()).floor();
        let start = b.powf(k);
        let tile = start * (b - 1.0);
        let across = p[0] / tile;
        unit_d([
            across - across.round(),
            p[1] / tile,
            (a - start - 0.5 * tile) / tile,
        ]) * tile
    });
}

/// Cell (x, y) of an n x n Hilbert curve at each position along it, from
/// the classic construction: the curve of order 2s is four copies of the
/// curve of order s, the first turned and the last turned back.
fn hilbert_cells(n: usize) -> Vec<(i64, i64)> {
    let mut cells = Vec::with_capacity(n * n);
    for d in 0..n * n {
        let (mut x, mut y, mut t) = (0i64, 0i64, d as i64);
        let mut s = 1i64;
        while s < n as i64 {
            let rx = 1 & (t / 2);
            let ry = 1 & (t ^ rx);
            if ry == 0 {
                if rx == 1 {
                    x = s - 1 - x;
                    y = s - 1 - y;
                }
                std::mem::swap(&mut x, &mut y);
            }
            x += s * rx;
            y += s * ry;
            t /= 4;
            s *= 2;
        }
        cells.push((x, y));
    }
    cells
}

#[test]
fn truchet_tiles_turn_and_the_hilbert_curve_runs_through_every_cell() {
    let Some(gpu) = gpu("truchet_tiles_turn_and_the_hilbert_curve_runs_through_every_cell") else {
        return;
    };
    let lib = catalog_library();
    // truchetTile: each value is the input in its cell turned by a quarter
    // turn some number of times, and across the cells every turn occurs.
    let pts = points3(72, 200, -3.0, 3.0);
    let node = "{ rop: truchetTile, params: { Size: 0.9, Seed: 2 }, inputs: [/b] }";
    let small =
        "  /b: { rop: box, params: { Size: [0.5, 0.3, 0.2], Translate: [0.15, 0, 0.1] } }\n";
    let small_d = |p: V3| an::cube(p, [0.15, 0.0, 0.1], [0.25, 0.15, 0.1]);
    let out = sample(&gpu, &lib, &sdf3(node, small), &pts);
    let mut turns = [false; 4];
    for (p, v) in pts.iter().zip(&out) {
        let (w, h) = plane(v3(p), 1);
        let local = w.map(|x| x - ((x / 0.9).floor() + 0.5) * 0.9);
        let k = (0..4).find(|k| {
            let l = an::rot2(local, -(*k as f64) * PI / 2.0);
            close(v[0] as f64, small_d(unplane(l, h, 1)), 2e-3)
        });
        let Some(k) = k else {
            panic!("truchetTile at {p:?}: {} is no turn of the tile", v[0]);
        };
        turns[k] = true;
    }
    assert_eq!(turns, [true; 4], "turns seen");

    // hilbertCurveTransform in 2D: the input gets (distance along the curve,
    // signed distance from it), here read back through position fields.
    let (size, n) = (4.0, 8usize);
    let cells = hilbert_cells(n);
    let c = size / n as f64;
    let at = |d: i64| -> (f64, f64) {
        if d < 0 {
            (-1.0, 0.0)
        } else if d >= (n * n) as i64 {
            (n as f64, 0.0)
        } else {
            let (x, y) = cells[d as usize];
            (x as f64, y as f64)
        }
    };
    let want = |p: V2| -> (f64, f64) {
        let w = [p[0] + size / 2.0, p[1] + size / 2.0];
        let cell = w.map(|x| (x / c).floor().clamp(0.0, n as f64 - 1.0));
        let d = cells
            .iter()
            .position(|&(x, y)| x as f64 == cell[0] && y as f64 == cell[1])
            .unwrap() as i64;
        let rel = [w[0] - (cell[0] + 0.5) * c, w[1] - (cell[1] + 0.5) * c];
        // The half-steps in from the previous cell and out to the next.
        let arm = |e: (f64, f64)| {
            let e = [e.0 - cell[0], e.1 - cell[1]];
            let t = (rel[0] * e[0] + rel[1] * e[1]).clamp(0.0, c / 2.0);
            (t, an::len2([rel[0] - e[0] * t, rel[1] - e[1] * t]), e)
        };
        let (tb, db, back) = arm(at(d - 1));
        let (ta, da, ahead) = arm(at(d + 1));
        let (u, dist, way) = if da <= db {
            (d as f64 * c + c / 2.0 + ta, da, ahead)
        } else {
            (d as f64 * c + c / 2.0 - tb, db, [-back[0], -back[1]])
        };
        let side = way[0] * rel[1] - way[1] * rel[0];
        (u, if side < 0.0 { -dist } else { dist })
    };
    let pts = points2(73, 200, -2.2, 2.2);
    for (component, k) in [("x", 0), ("y", 1)] {
        let extra = format!("  /f: {{ rop: position, params: {{ Component: {component} }} }}\n");
        let node = "{ rop: hilbertCurveTransform, params: { Size: 4, Steps: 3 }, inputs: [/f] }";
        let out = sample(&gpu, &lib, &sdf2(node, &extra), &pts);
        expect_within("hilbertCurveTransform", &pts, &out, 2e-3, |p| {
            let (u, v) = want(v2(p));
            [u, v][k]
        });
    }
    // The curve is one path: consecutive cells are neighbours.
    for pair in cells.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        assert_eq!((a.0 - b.0).abs() + (a.1 - b.1).abs(), 1, "{a:?} {b:?}");
    }
}

// ---------------------------------------------------------------------------
// Warps: conformal maps, kinks, pulls, twirls, waves

type C = (f64, f64);

/// A complex map and the modulus of its derivative.
type ComplexMap<'a> = &'a dyn Fn(C) -> (C, f64);

/// A formula of two distances.
type Formula2<'a> = &'a dyn Fn(f64, f64) -> f64;

fn cmul(a: C, b: C) -> C {
    (a.0 * b.0 - a.1 * b.1, a.0 * b.1 + a.1 * b.0)
}

fn cdiv(a: C, b: C) -> C {
    let d = b.0 * b.0 + b.1 * b.1;
    ((a.0 * b.0 + a.1 * b.1) / d, (a.1 * b.0 - a.0 * b.1) / d)
}

fn cabs(a: C) -> f64 {
    a.0.hypot(a.1)
}

fn csin(z: C) -> C {
    (z.0.sin() * z.1.cosh(), z.0.cos() * z.1.sinh())
}

fn ccos(z: C) -> C {
    (z.0.cos() * z.1.cosh(), -z.0.sin() * z.1.sinh())
}

/// The point as seen by the input (a vec4 position field's x and y), and
/// the distance of a circle of radius 0.5 through the same map: the circle
/// at f(z), divided by |f'(z)| times the scale.
fn expect_conformal(what: &str, node: &str, pts: &[[f32; 3]], scale: f64, f: ComplexMap) {
    let Some(gpu) = gpu(what) else { return };
    let lib = catalog_library();
    let extra = "  /f: { rop: position }\n";
    let out = sample(
        &gpu,
        &lib,
        &probe("probeColor2", &node.replace("/IN", "/f"), extra),
        pts,
    );
    for (p, v) in pts.iter().zip(&out) {
        let (w, _) = f((p[0] as f64 * scale, p[1] as f64 * scale));
        assert!(
            close(v[0] as f64, w.0, 2e-3) && close(v[1] as f64, w.1, 2e-3),
            "{what} at {p:?}: {v:?}, want {w:?}"
        );
    }
    let extra = "  /f: { rop: circle, params: { Radius: 0.5 } }\n";
    let out = sample(&gpu, &lib, &sdf2(&node.replace("/IN", "/f"), extra), pts);
    expect_within(what, pts, &out, 3e-3, |p| {
        let (w, g) = f((p[0] as f64 * scale, p[1] as f64 * scale));
        (cabs(w) - 0.5) / (g * scale).max(1e-3)
    });
}

#[test]
fn complex_maps_and_mobius_transforms_keep_to_their_formulas() {
    let pts = points2(80, 80, -1.5, 1.5);
    let cases: [(&str, ComplexMap); 5] = [
        ("square", &|z| (cmul(z, z), 2.0 * cabs(z))),
        ("sin", &|z| (csin(z), cabs(ccos(z)))),
        ("inverse", &|z| {
            (cdiv((1.0, 0.0), z), 1.0 / (z.0 * z.0 + z.1 * z.1))
        }),
        ("exp", &|z| {
            let e = z.0.exp();
            ((e * z.1.cos(), e * z.1.sin()), e)
        }),
        ("power", &|z| {
            let (r, a) = (cabs(z), z.1.atan2(z.0));
            let n = -1.5;
            (
                (r.powf(n) * (n * a).cos(), r.powf(n) * (n * a).sin()),
                n.abs() * r.powf(n - 1.0),
            )
        }),
    ];
    for (name, f) in cases {
        let node = format!(
            "{{ rop: complexMath, params: {{ Function: {name}, Power: -1.5, Scale: 1.3 }}, inputs: [/IN] }}"
        );
        expect_conformal(&format!("complexMath {name}"), &node, &pts, 1.3, f);
    }
    // mobiusTransform: k (z - A) / (z - B), |f'| = |k| |A - B| / |z - B|^2.
    let (a, b) = ((-0.6, 0.2), (0.9, -0.4));
    let k = (
        1.4 * 50f64.to_radians().cos(),
        1.4 * 50f64.to_radians().sin(),
    );
    let node = "{ rop: mobiusTransform, params: { A: [-0.6, 0.2], B: [0.9, -0.4], Scale: 1.4, Rotate: 50 }, inputs: [/IN] }";
    expect_conformal("mobiusTransform", node, &pts, 1.0, &|z| {
        let zb = (z.0 - b.0, z.1 - b.1);
        let w = cmul(k, cdiv((z.0 - a.0, z.1 - a.1), zb));
        let g = 1.4 * cabs((a.0 - b.0, a.1 - b.1)) / (zb.0 * zb.0 + zb.1 * zb.1);
        (w, g)
    });
}

#[test]
fn warps_follow_their_domain_maps() {
    let Some(gpu) = gpu("warps_follow_their_domain_maps") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(81, 150, -2.0, 2.0);
    let check = |what: &str, node: &str, want: &dyn Fn(V3) -> f64| {
        let out = sample(&gpu, &lib, &sdf3(node, B), &pts);
        expect_within(what, &pts, &out, 3e-3, |p| want(v3(p)));
    };
    // sphericalMobiusTransform: lifted onto the 4D sphere, turned back in the
    // yw plane, projected; distances divided by (1 + |y|^2) / (1 + |x|^2).
    check(
        "sphericalMobiusTransform",
        "{ rop: sphericalMobiusTransform, params: { Center: [0.1, 0, -0.2], Radius: 1.2, Angle: 35, StepScale: 0.9 }, inputs: [/b] }",
        &|p| {
            let x = scale(sub(p, [0.1, 0.0, -0.2]), 1.0 / 1.2);
            let x2 = an::dot3(x, x);
            let s = [2.0 * x[0], 2.0 * x[1], 2.0 * x[2], x2 - 1.0].map(|v| v / (x2 + 1.0));
            let (sn, c) = (-35f64.to_radians()).sin_cos();
            let s = [s[0], c * s[1] - sn * s[3], s[2], sn * s[1] + c * s[3]];
            let y = scale([s[0], s[1], s[2]], 1.0 / (1.0 - s[3]));
            let g = (1.0 + an::dot3(y, y)) / (1.0 + x2);
            box_d(add([0.1, 0.0, -0.2], scale(y, 1.2))) * 0.9 / g
        },
    );
    // At angle 0 it changes nothing.
    check(
        "sphericalMobiusTransform at 0",
        "{ rop: sphericalMobiusTransform, params: { Angle: 0 }, inputs: [/b] }",
        &box_d,
    );
    // kink along x towards y by 60 degrees past x = 0.2: beyond the plane
    // whose normal is at 30 degrees, the point is turned back by 60.
    check(
        "kink",
        "{ rop: kink, params: { Direction: xy, Angle: 60, Offset: 0.2 }, inputs: [/b] }",
        &|p| {
            let st = [p[0] - 0.2, p[1]];
            let a = 60f64.to_radians();
            let st = if st[0] * (a / 2.0).cos() + st[1] * (a / 2.0).sin() > 0.0 {
                an::rot2(st, -a)
            } else {
                st
            };
            box_d([st[0] + 0.2, st[1], p[2]])
        },
    );
    // magnet: the weight fades from 1 at Radius to 0 at Radius + Fade; the
    // point is moved back by w T, turned back by w R (z, then y, then x),
    // and divided by mix(1, s, w).
    check(
        "magnet",
        "{ rop: magnet, params: { Amount: 0.8, Center: [0.5, 0.2, 0], Radius: 0.4, Fade: 0.8, Translate: [0.2, 0.4, -0.1], Rotate: [10, 30, -20], Scale: 1.5, StepScale: 0.6 }, inputs: [/b] }",
        &|p| {
            let c = [0.5, 0.2, 0.0];
            let t = ((len3(sub(p, c)) - 0.4) / 0.8).clamp(0.0, 1.0);
            let w = 0.8 * (1.0 - t * t * (3.0 - 2.0 * t));
            let mut d = sub(sub(p, c), scale([0.2, 0.4, -0.1], w));
            let [rx, ry, rz] = [10.0, 30.0, -20.0].map(|a: f64| (w * a).to_radians());
            let xy = an::rot2([d[0], d[1]], -rz);
            d = [xy[0], xy[1], d[2]];
            let zx = an::rot2([d[2], d[0]], -ry);
            d = [zx[1], d[1], zx[0]];
            let yz = an::rot2([d[1], d[2]], -rx);
            d = [d[0], yz[0], yz[1]];
            let s = 1.0 + (1.5 - 1.0) * w;
            box_d(add(c, scale(d, 1.0 / s))) * 0.6
        },
    );
    // twirl about y through (0.3, 0, 0): the turn falls off as (1 - r / Size)^2.
    check(
        "twirl",
        "{ rop: twirl, params: { Amount: 200, Size: 1.4, Center: [0.3, 0, 0], StepScale: 0.5 }, inputs: [/b] }",
        &|p| {
            let d = sub(p, [0.3, 0.0, 0.0]);
            let (w, h) = plane(d, 1);
            let f = (1.0 - an::len2(w) / 1.4).max(0.0);
            let w = an::rot2(w, -200f64.to_radians() * f * f);
            box_d(add([0.3, 0.0, 0.0], unplane(w, h, 1))) * 0.5
        },
    );
    // spread along y: the halves above and below y = 0.4 moved apart by 0.3
    // each, each cut at its face.
    check(
        "spread",
        "{ rop: spread, params: { Axis: y, Center: 0.4, Width: 0.6 }, inputs: [/b] }",
        &|p| {
            let x = p[1] - 0.4;
            let up = box_d([p[0], p[1] - 0.3, p[2]]).max(0.3 - x);
            let down = box_d([p[0], p[1] + 0.3, p[2]]).max(x + 0.3);
            up.min(down)
        },
    );
    // waveWarp: a triangle wave along z shifts x and y.
    check(
        "waveWarp",
        "{ rop: waveWarp, params: { Wave: triangle, Along: z, Period: 0.8, Phase: 0.1, Amplitude: [0.2, -0.1, 0], StepScale: 0.7 }, inputs: [/b] }",
        &|p| {
            let t = (p[2] + 0.1) / 0.8;
            let v = 1.0 - 4.0 * ((t + 0.25).rem_euclid(1.0) - 0.5).abs();
            box_d([p[0] + 0.2 * v, p[1] - 0.1 * v, p[2]]) * 0.7
        },
    );
    // taper along y: the cross-section scaled by 1 + rate (y - centre).
    check(
        "taper",
        "{ rop: taper, params: { Rate: -0.3, Center: 0.2, StepScale: 0.8 }, inputs: [/b] }",
        &|p| {
            let s = (1.0 - 0.3 * (p[1] - 0.2)).max(0.05);
            box_d([p[0] / s, p[1], p[2] / s]) * 0.8 * s.min(1.0)
        },
    );
    // shear: z moves by 0.7 x; the distance over the largest stretch.
    let k: f64 = 0.7;
    let stretch = (k + (k * k + 4.0).sqrt()) / 2.0;
    check(
        "shear",
        "{ rop: shear, params: { Direction: zx, Amount: 0.7 }, inputs: [/b] }",
        &|p| box_d([p[0], p[1], p[2] - k * p[0]]) / stretch,
    );
    // ... which keeps an exact input a bound: 1-Lipschitz.
    let pairs = point_pairs(82, 150, -2.0, 2.0, 0.05);
    let node = "{ rop: shear, params: { Direction: zx, Amount: 0.7 }, inputs: [/b] }";
    let out = sample(&gpu, &lib, &sdf3(node, B), &pairs);
    expect_lipschitz("shear", &pairs, &out);
}

// ---------------------------------------------------------------------------
// Fields limited and quantized, sequences, ranges, wedges, clones

/// The point turned back by Euler angles in degrees (the transform ROP
/// turns about x, then y, then z; undoing it turns about z first).
fn euler_back(d: V3, deg: V3) -> V3 {
    let [rx, ry, rz] = deg.map(|a| a.to_radians());
    let xy = an::rot2([d[0], d[1]], -rz);
    let d = [xy[0], xy[1], d[2]];
    let zx = an::rot2([d[2], d[0]], -ry);
    let d = [zx[1], d[1], zx[0]];
    let yz = an::rot2([d[1], d[2]], -rx);
    [d[0], yz[0], yz[1]]
}

#[test]
fn field_limits_and_quantizers_keep_to_their_formulas() {
    let Some(gpu) = gpu("field_limits_and_quantizers_keep_to_their_formulas") else {
        return;
    };
    let lib = catalog_library();
    let pts = points2(90, 120, -3.0, 3.0);
    let x = "  /x: { rop: position, params: { Component: x } }\n";
    let check = |what: &str, node: &str, extra: &str, want: &dyn Fn(V2) -> f64| {
        let out = sample(&gpu, &lib, &sdf2(node, extra), &pts);
        expect_within(what, &pts, &out, 2e-3, |p| want(v2(p)));
    };
    check(
        "limitField clamp",
        "{ rop: limitField, params: { Mode: clamp, Low: -0.5, High: 1.2 }, inputs: [/x] }",
        x,
        &|p| p[0].clamp(-0.5, 1.2),
    );
    check(
        "limitField loop",
        "{ rop: limitField, params: { Mode: loop, Low: -0.5, High: 1.2 }, inputs: [/x] }",
        x,
        &|p| -0.5 + (p[0] + 0.5).rem_euclid(1.7),
    );
    check(
        "limitField zigzag",
        "{ rop: limitField, params: { Mode: zigzag, Low: -0.5, High: 1.2 }, inputs: [/x] }",
        x,
        &|p| -0.5 + 1.7 * (1.0 - (((p[0] + 0.5) / 1.7).rem_euclid(2.0) - 1.0).abs()),
    );
    // limitArea: x inside a circle of radius 1 (moved out by 0.2), y
    // outside, blended over 0.3 each side.
    let extra = format!(
        "{x}  /y: {{ rop: position, params: {{ Component: y }} }}\n  /c: {{ rop: circle, params: {{ Radius: 1 }} }}\n"
    );
    check(
        "limitArea",
        "{ rop: limitArea, params: { Offset: 0.2, Blend: 0.3 }, inputs: [/x, /c, /y] }",
        &extra,
        &|p| {
            let a = an::len2(p) - 1.0 - 0.2;
            let t = ((a + 0.3) / 0.6).clamp(0.0, 1.0);
            let t = t * t * (3.0 - 2.0 * t);
            p[0] + (p[1] - p[0]) * t
        },
    );
    check(
        "limitArea outside value",
        "{ rop: limitArea, params: { OutsideValue: 7 }, inputs: [/x, /c] }",
        &extra,
        &|p| if an::len2(p) - 1.0 < 0.0 { p[0] } else { 7.0 },
    );
    // quantizeCoords: x snapped to the middles of cells 0.4 wide from 0.1.
    check(
        "quantizeCoords",
        "{ rop: quantizeCoords, params: { Size: [0.4, 0, 0], Offset: [0.1, 0, 0] }, inputs: [/x] }",
        x,
        &|p| 0.1 + (((p[0] - 0.1) / 0.4).floor() + 0.5) * 0.4,
    );
    let y = "  /x: { rop: position, params: { Component: y } }\n";
    check(
        "quantizeCoords keeps an axis of size 0",
        "{ rop: quantizeCoords, params: { Size: [0.4, 0, 0] }, inputs: [/x] }",
        y,
        &|p| p[1],
    );
    // quantizeValue: steps of 0.3 from 0.05, down, to the nearest, up.
    for (mode, f) in [
        ("floor", f64::floor as fn(f64) -> f64),
        ("nearest", |u: f64| (u + 0.5).floor()),
        ("ceil", f64::ceil),
    ] {
        let node = format!(
            "{{ rop: quantizeValue, params: {{ Step: 0.3, Offset: 0.05, Rounding: {mode} }}, inputs: [/x] }}"
        );
        check(&format!("quantizeValue {mode}"), &node, x, &|p| {
            0.05 + f((p[0] - 0.05) / 0.3) * 0.3
        });
    }
    // With smoothing the rise spreads over the last 40% of each step.
    check(
        "quantizeValue smoothed",
        "{ rop: quantizeValue, params: { Step: 0.3, Smoothing: 0.4 }, inputs: [/x] }",
        x,
        &|p| {
            let u = p[0] / 0.3;
            let f = u - u.floor();
            let t = ((f - 0.6) / 0.4).clamp(0.0, 1.0);
            (u.floor() + t * t * (3.0 - 2.0 * t)) * 0.3
        },
    );
}

#[test]
fn sequences_ranges_wedges_and_clones_follow_their_formulas() {
    let Some(gpu) = gpu("sequences_ranges_wedges_and_clones_follow_their_formulas") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(91, 150, -2.0, 2.0);
    let check = |what: &str, node: &str, extra: &str, want: &dyn Fn(V3) -> f64| {
        let out = sample(&gpu, &lib, &sdf3(node, &format!("{B}{extra}")), &pts);
        expect_within(what, &pts, &out, 3e-3, |p| want(v3(p)));
    };
    // transformSequence: two position fields, (p - o) * s each, the pair
    // twice, forwards and in reverse.
    let steps = "  /s1: { rop: position, params: { Offset: [0.2, 0, -0.1], Scale: 1.1 } }\n  /s2: { rop: position, params: { Offset: [0, -0.3, 0], Scale: 0.8 } }\n";
    let s1 = |p: V3| scale(sub(p, [0.2, 0.0, -0.1]), 1.1);
    let s2 = |p: V3| scale(sub(p, [0.0, -0.3, 0.0]), 0.8);
    check(
        "transformSequence",
        "{ rop: transformSequence, params: { Iterations: 2 }, inputs: { input: /b, step1: /s1, step2: /s2 } }",
        steps,
        &|p| box_d(s2(s1(s2(s1(p))))),
    );
    check(
        "transformSequence reversed",
        "{ rop: transformSequence, params: { Reverse: true }, inputs: { input: /b, step1: /s1, step2: /s2 } }",
        steps,
        &|p| box_d(s1(s2(p))),
    );
    // rangeTransform inside a clone of three along x: copy i gets t = i / 2.
    let extra = "  /r: { rop: rangeTransform, params: { TranslateTo: [0, 0.6, 0], RotateTo: [0, 0, 40], ScaleFrom: 0.7, ScaleTo: 1.2 }, inputs: [/b] }\n";
    check(
        "rangeTransform by iteration",
        "{ rop: gridClone, params: { Count: [3, 1, 1], Spacing: [1.5, 1, 1] }, inputs: [/r] }",
        extra,
        &|p| {
            (0..3)
                .map(|i| {
                    let t = i as f64 / 2.0;
                    let q = sub(p, [(i as f64 - 1.0) * 1.5, 0.0, 0.0]);
                    let s = 0.7 + 0.5 * t;
                    let q = euler_back(sub(q, [0.0, 0.6 * t, 0.0]), [0.0, 0.0, 40.0 * t]);
                    box_d(scale(q, 1.0 / s)) * s
                })
                .fold(f64::MAX, f64::min)
        },
    );
    // ... and by a field: a constant 0.25.
    let extra = "  /t: { rop: constant, params: { Value: 0.25 } }\n";
    check(
        "rangeTransform by field",
        "{ rop: rangeTransform, params: { Source: field, TranslateTo: [1, 0, 0], ScaleTo: 3 }, inputs: [/b, /t] }",
        extra,
        &|p| {
            let s = 1.5;
            box_d(scale(sub(p, [0.25, 0.0, 0.0]), 1.0 / s)) * s
        },
    );
    // radialSlice: the box cut to the wedge from 30 to 130 degrees around y,
    // the wedge's distance from its two edge rays.
    check(
        "radialSlice",
        "{ rop: radialSlice, params: { Start: 30, Angle: 100 }, inputs: [/b] }",
        "",
        &|p| {
            let (w, _) = plane(p, 1);
            let (a0, a1) = (30f64.to_radians(), 130f64.to_radians());
            let a = (w[1].atan2(w[0]) - a0).rem_euclid(TAU);
            let ray = |t: f64| {
                let e = [t.cos(), t.sin()];
                let k = (w[0] * e[0] + w[1] * e[1]).max(0.0);
                an::len2([w[0] - e[0] * k, w[1] - e[1] * k])
            };
            let d = ray(a0).min(ray(a1));
            let wedge = if a <= a1 - a0 { -d } else { d };
            box_d(p).max(wedge)
        },
    );
    // mirrorDiagonal about z: both signs folded, then the larger first.
    check(
        "mirrorDiagonal",
        "{ rop: mirrorDiagonal, params: { Axis: z }, inputs: [/b] }",
        "",
        &|p| {
            let (a, b) = (p[0].abs(), p[1].abs());
            box_d([a.max(b), a.min(b), p[2]])
        },
    );
    // gridClone: the nearest of 3 x 1 x 2 copies.
    check(
        "gridClone",
        "{ rop: gridClone, params: { Count: [3, 1, 2], Spacing: [1.2, 1, 0.9] }, inputs: [/b] }",
        "",
        &|p| {
            let mut best = f64::MAX;
            for i in 0..3 {
                for k in 0..2 {
                    let at = [(i as f64 - 1.0) * 1.2, 0.0, (k as f64 - 0.5) * 0.9];
                    best = best.min(box_d(sub(p, at)));
                }
            }
            best
        },
    );
}

// ---------------------------------------------------------------------------
// Combines

/// Two overlapping spheres, the inputs of the two-input combines.
const TWO: &str = "  /a: { rop: sphere, params: { Radius: 1.0, Translate: [-0.4, 0, 0] } }\n  /c: { rop: sphere, params: { Radius: 0.7, Translate: [0.5, 0.2, 0] } }\n";

fn two_d(p: V3) -> (f64, f64) {
    (
        sphere_d(p, [-0.4, 0.0, 0.0], 1.0),
        sphere_d(p, [0.5, 0.2, 0.0], 0.7),
    )
}

#[test]
fn two_input_combines_keep_to_their_formulas() {
    let Some(gpu) = gpu("two_input_combines_keep_to_their_formulas") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(100, 150, -2.0, 2.0);
    let check = |what: &str, node: &str, extra: &str, want: &dyn Fn(f64, f64, V3) -> f64| {
        let out = sample(&gpu, &lib, &sdf3(node, &format!("{TWO}{extra}")), &pts);
        expect_within(what, &pts, &out, 2e-3, |p| {
            let (a, b) = two_d(v3(p));
            want(a, b, v3(p))
        });
    };
    // combine with Swap: the second minus the first.
    check(
        "combine swapped",
        "{ rop: combine, params: { Mode: difference, Swap: true }, inputs: [/a, /c] }",
        "",
        &|a, b, _| b.max(-a),
    );
    // edgeCombine, the formulas of each channel and ridge.
    let r = 0.15;
    let modes: [(&str, Formula2); 4] = [
        ("engrave", &|a, b| a.max((a + r - b.abs()) * 0.5f64.sqrt())),
        ("groove", &|a, b| a.max((a + 0.2).min(r - b.abs()))),
        ("tongue", &|a, b| a.min((a - 0.2).max(b.abs() - r))),
        ("pipe", &|a, b| a.hypot(b) - r),
    ];
    for (mode, f) in modes {
        let node = format!(
            "{{ rop: edgeCombine, params: {{ Mode: {mode}, Radius: 0.15, Depth: 0.2 }}, inputs: [/a, /c] }}"
        );
        check(&format!("edgeCombine {mode}"), &node, "", &|a, b, _| {
            f(a, b)
        });
    }
    // boundLimit: the bound's distance beyond the margin, else the shape.
    check(
        "boundLimit",
        "{ rop: boundLimit, params: { Margin: 0.3 }, inputs: [/a, /big] }",
        "  /big: { rop: sphere, params: { Radius: 1.3, Translate: [-0.3, 0, 0] } }\n",
        &|a, _, p| {
            let b = sphere_d(p, [-0.3, 0.0, 0.0], 1.3);
            if b > 0.3 { b } else { a }
        },
    );
    // shapedCombine: a circle drawn in the plane of the two distances.
    check(
        "shapedCombine union",
        "{ rop: shapedCombine, inputs: [/a, /c, /seam] }",
        "  /seam: { rop: circle, params: { Radius: 0.2, Translate: [0.1, 0.15] } }\n",
        &|a, b, _| a.min(b).min(an::len2([a - 0.1, b - 0.15]) - 0.2),
    );
    check(
        "shapedCombine difference",
        "{ rop: shapedCombine, params: { Mode: difference }, inputs: [/a, /c, /seam] }",
        "  /seam: { rop: circle, params: { Radius: 0.2, Translate: [0.1, 0.15] } }\n",
        &|a, b, _| a.max(-b).max(-(an::len2([-a - 0.1, b - 0.15]) - 0.2)),
    );
    // kernelUnion: each kernel's smooth minimum, written from its formula.
    let k: f64 = 0.4;
    let kernels: [(&str, Formula2); 5] = [
        ("quadratic", &|x, y| {
            let h = (k - (x - y).abs()).max(0.0) / k;
            x.min(y) - 0.25 * k * h * h
        }),
        ("cubic", &|x, y| {
            let h = (k - (x - y).abs()).max(0.0) / k;
            x.min(y) - h * h * h * k / 6.0
        }),
        ("exponential", &|x, y| {
            -k * ((-x / k).exp2() + (-y / k).exp2()).log2()
        }),
        ("root", &|x, y| {
            0.5 * (x + y - ((x - y).powi(2) + k * k).sqrt())
        }),
        ("circular", &|x, y| {
            k.max(x.min(y)) - an::len2([(k - x).max(0.0), (k - y).max(0.0)])
        }),
    ];
    for (kernel, f) in kernels {
        for (mode, g) in [
            ("union", Box::new(f) as Box<dyn Fn(f64, f64) -> f64>),
            ("intersect", Box::new(|a: f64, b: f64| -f(-a, -b))),
            ("difference", Box::new(|a: f64, b: f64| -f(-a, b))),
        ] {
            let node = format!(
                "{{ rop: kernelUnion, params: {{ Kernel: {kernel}, Mode: {mode}, Blend: 0.4 }}, inputs: [/a, /c] }}"
            );
            check(
                &format!("kernelUnion {kernel} {mode}"),
                &node,
                "",
                &|a, b, _| g(a, b),
            );
        }
    }
    // morph: between the second and third inputs, 30% of the way.
    let extra = "  /d: { rop: box, params: { Size: [0.8, 0.8, 0.8] } }\n";
    check(
        "morph",
        "{ rop: morph, params: { Amount: 1.3 }, inputs: [/a, /c, /d] }",
        extra,
        &|_, b, p| b + (an::cube(p, [0.0; 3], [0.4; 3]) - b) * 0.3,
    );
    check(
        "morph smoothed",
        "{ rop: morph, params: { Amount: 0.3, Smooth: true }, inputs: [/a, /c, /d] }",
        extra,
        &|a, b, _| a + (b - a) * (0.3 * 0.3 * (3.0 - 2.0 * 0.3)),
    );
}

#[test]
fn many_input_combines_join_lay_out_and_intersect() {
    let Some(gpu) = gpu("many_input_combines_join_lay_out_and_intersect") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(101, 200, -3.0, 3.0);
    let radii = [0.5, 0.3, 0.55, 0.4, 0.45];
    let balls: String = radii
        .iter()
        .enumerate()
        .map(|(i, r)| format!("  /s{i}: {{ rop: sphere, params: {{ Radius: {r} }} }}\n"))
        .collect();
    // arrange: each moved by its own Translate, then joined.
    let moves = [[0.0, 0.0, 0.0], [1.2, 0.3, 0.0], [-1.0, 0.0, 0.8]];
    let node = "{ rop: arrange, params: { Translate1: [0, 0, 0], Translate2: [1.2, 0.3, 0], Translate3: [-1, 0, 0.8] }, inputs: [/s0, /s1, /s2] }";
    let out = sample(&gpu, &lib, &sdf3(node, &balls), &pts);
    expect_exact("arrange", &pts, &out, |p| {
        (0..3)
            .map(|i| sphere_d(v3(p), moves[i], radii[i]))
            .fold(f64::MAX, f64::min)
    });
    // multiIntersect: the largest of three.
    let node = "{ rop: multiIntersect, inputs: [/m0, /m1, /m2] }";
    let extra = "  /m0: { rop: sphere, params: { Radius: 1.2 } }\n  /m1: { rop: sphere, params: { Radius: 1.0, Translate: [0.5, 0, 0] } }\n  /m2: { rop: box, params: { Size: [1.6, 1.0, 1.6] } }\n";
    let out = sample(&gpu, &lib, &sdf3(node, extra), &pts);
    expect_exact("multiIntersect", &pts, &out, |p| {
        let p = v3(p);
        sphere_d(p, [0.0; 3], 1.2)
            .max(sphere_d(p, [0.5, 0.0, 0.0], 1.0))
            .max(an::cube(p, [0.0; 3], [0.8, 0.5, 0.8]))
    });
    // layoutGrid: five balls, three to a row in cells 1.6 x 1.4 in the xz
    // plane, the first row at the larger z, the grid centred. property:
    // never above the distance to the nearest placed ball, and that very
    // distance wherever the point's own ball is nearer than the way out to
    // a neighbour's cell (a good share of the points).
    let node = "{ rop: layoutGrid, params: { Columns: 3, Spacing: [1.6, 1.4] }, inputs: [/s0, /s1, /s2, /s3, /s4] }";
    let out = sample(&gpu, &lib, &sdf3(node, &balls), &pts);
    let centre = |k: usize| {
        let (col, row) = ((k % 3) as f64, (k / 3) as f64);
        [-2.4 + (col + 0.5) * 1.6, 0.0, 1.4 - (row + 0.5) * 1.4]
    };
    let mut exact = 0;
    for (p, v) in pts.iter().zip(&out) {
        let q = v3(p);
        let nearest = (0..5)
            .map(|k| sphere_d(q, centre(k), radii[k]))
            .fold(f64::MAX, f64::min);
        assert!(
            (v[0] as f64) <= nearest + 2e-3,
            "layoutGrid at {p:?}: {} beyond the nearest ball {nearest}",
            v[0]
        );
        if close(v[0] as f64, nearest, 2e-3) {
            exact += 1;
        }
    }
    assert!(exact > 40, "layoutGrid: only {exact} exact values");
    // No walls at the cells' sides: high above them the value is large.
    let above = [[-0.8f32, 3.0, 0.0], [0.8, 2.5, 0.3], [0.0, 4.0, 0.0]];
    let out = sample(&gpu, &lib, &sdf3(node, &balls), &above);
    for (p, v) in above.iter().zip(&out) {
        assert!(v[0] > 0.099, "layoutGrid at {p:?}: {} above a side", v[0]);
    }
}

#[test]
fn field_combines_merge_composite_and_project() {
    let Some(gpu) = gpu("field_combines_merge_composite_and_project") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(102, 80, -2.0, 2.0);
    // mergeFields: x and z from position fields, y left to its default.
    let extra = "  /fx: { rop: position, params: { Component: x } }\n  /fz: { rop: position, params: { Component: z } }\n";
    let node =
        "{ rop: mergeFields, params: { Default: [0, 0.5, 0, 0.25] }, inputs: { x: /fx, z: /fz } }";
    let out = sample(&gpu, &lib, &probe("probeColor3", node, extra), &pts);
    for (p, v) in pts.iter().zip(&out) {
        assert_eq!(*v, [p[0], 0.5, p[2], 0.25], "mergeFields at {p:?}");
    }
    // compositeFields over constant colours.
    let colors = "  /lo: { rop: constant, params: { Color: [0.2, 0.6, 0.8, 0.5] } }\n  /hi: { rop: constant, params: { Color: [0.9, 0.3, 0.4, 0.8] } }\n";
    let (lo, hi) = ([0.2, 0.6, 0.8], [0.9, 0.3, 0.4]);
    let modes: [(&str, Formula2); 4] = [
        ("normal", &|_, b| b),
        ("multiply", &|a, b| a * b),
        ("screen", &|a, b| 1.0 - (1.0 - a) * (1.0 - b)),
        ("overlay", &|a, b| {
            if a < 0.5 {
                2.0 * a * b
            } else {
                1.0 - 2.0 * (1.0 - a) * (1.0 - b)
            }
        }),
    ];
    for (mode, f) in modes {
        let node = format!(
            "{{ rop: compositeFields, params: {{ Mode: {mode}, Opacity: 0.5 }}, inputs: [/lo, /hi] }}"
        );
        let out = sample(&gpu, &lib, &probe("probeColor3", &node, colors), &pts[..2]);
        let k = 0.8 * 0.5;
        for c in 0..3 {
            let want = lo[c] + (f(lo[c], hi[c]) - lo[c]) * k;
            assert!(
                (out[0][c] as f64 - want).abs() < 1e-5,
                "{mode}: {:?}",
                out[0]
            );
        }
        assert!(
            (out[0][3] as f64 - (k + 0.5 * (1.0 - k))).abs() < 1e-5,
            "{mode} alpha"
        );
    }
    // triPlanarCombine without a shape: the normal is the direction out of
    // the centre, the weights |n|^s normalised, each field the point's
    // projection's first coordinate.
    let extra = "  /u: { rop: position, params: { Component: x } }\n";
    let node = "{ rop: triPlanarCombine, params: { Sharpness: 3, Center: [0.1, 0, 0] }, inputs: { x: /u, y: /u, z: /u } }";
    let out = sample(&gpu, &lib, &probe("probeFloat3", node, extra), &pts);
    expect_within("triPlanarCombine", &pts, &out, 2e-3, |p| {
        let p = v3(p);
        let n = sub(p, [0.1, 0.0, 0.0]).map(f64::abs);
        let m = n[0].max(n[1]).max(n[2]);
        let w = n.map(|v| (v / m).powf(3.0));
        let sum = w[0] + w[1] + w[2];
        // x sees (y, z), y sees (z, x), z sees (x, y): the first of each.
        (w[0] * p[1] + w[1] * p[2] + w[2] * p[0]) / sum
    });
}

#[test]
fn rectangle_repeat_and_helix_warp_place_the_input_along_their_paths() {
    let Some(gpu) = gpu("rectangle_repeat_and_helix_warp_place_the_input_along_their_paths") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(110, 150, -3.0, 3.0);
    // rectangleRepeat: copies at the corners of a 4 x 3 rectangle and every
    // 1 (4 and 3 intervals) along its sides; each point takes the nearest,
    // turned (with Orient) so that +y points out of the rectangle.
    let mut copies: Vec<V2> = Vec::new();
    for i in 0..=4 {
        copies.push([-2.0 + i as f64, -1.5]);
        copies.push([-2.0 + i as f64, 1.5]);
    }
    for j in 1..3 {
        copies.push([-2.0, -1.5 + j as f64]);
        copies.push([2.0, -1.5 + j as f64]);
    }
    for orient in [false, true] {
        let node = format!(
            "{{ rop: rectangleRepeat, params: {{ Size: [4, 3], Spacing: 1, Orient: {orient} }}, inputs: [/b] }}"
        );
        let out = sample(&gpu, &lib, &sdf3(&node, TINY), &pts);
        expect_within("rectangleRepeat", &pts, &out, 2e-3, |p| {
            let (w, h) = plane(v3(p), 1);
            let at = *copies
                .iter()
                .min_by(|a, b| {
                    let da = an::len2([w[0] - a[0], w[1] - a[1]]);
                    let db = an::len2([w[0] - b[0], w[1] - b[1]]);
                    da.total_cmp(&db)
                })
                .unwrap();
            let mut local = [w[0] - at[0], w[1] - at[1]];
            if orient {
                let corner = at[0].abs() == 2.0 && at[1].abs() == 1.5;
                let out = if corner {
                    [at[0].signum(), at[1].signum()]
                } else if at[1].abs() == 1.5 {
                    [0.0, at[1].signum()]
                } else {
                    [at[0].signum(), 0.0]
                };
                // The turn that takes the outward direction to +y.
                local = an::rot2(local, PI / 2.0 - out[1].atan2(out[0]));
            }
            tiny_d(unplane(local, h, 1))
        });
    }
    // helixWarp: arc length along the nearest winding, out from the radius,
    // up from the winding.
    let node = "{ rop: helixWarp, params: { Radius: 1.2, Pitch: 0.8, StepScale: 0.7, Axis: z }, inputs: [/b] }";
    let out = sample(&gpu, &lib, &sdf3(node, B), &pts);
    expect_within("helixWarp", &pts, &out, 3e-3, |p| {
        let (w, h) = plane(v3(p), 2);
        let a = w[1].atan2(w[0]).rem_euclid(TAU);
        let k = ((h - a / TAU * 0.8) / 0.8).round();
        let t = a + TAU * k;
        let climb = 0.8 / TAU;
        box_d([
            t * (1.2f64 * 1.2 + climb * climb).sqrt(),
            an::len2(w) - 1.2,
            h - t * climb,
        ]) * 0.7
    });
}

// ---------------------------------------------------------------------------
// Normals changed through the render's normal stage

/// A data render of `scene` (a node list with the scene at /s) seen from
/// above by an orthographic camera: the buffer's texels.
fn data_from_above(
    gpu: &ropkit::render::Gpu,
    lib: &Library,
    scene: &str,
    buffer: &str,
) -> Vec<[f32; 4]> {
    use ropkit::build::build;
    use ropkit::generate::Mode;
    let text = format!(
        "output: /render\nnodes:\n{scene}  /cam: {{ rop: orthoCamera, params: {{ Position: [0, 5, 0.001], Target: [0, 0, 0] }} }}\n  /render: {{ rop: raymarchRender3D, params: {{ Buffer: {buffer} }}, inputs: {{ scene: /s, camera: /cam }} }}\n"
    );
    let net = Network::parse(&text, &root().join("normals.yaml"), lib)
        .unwrap_or_else(|e| panic!("{e}\n{text}"));
    let built = build(lib, &net, &Mode::Data.into()).unwrap_or_else(|e| panic!("{}", e.report()));
    let mut r = ropkit::render::Renderer::new(gpu.clone());
    r.set_built(&built).unwrap();
    r.set_params(&built.shader.param_values(&net, lib));
    r.render_data(16, 16).unwrap()
}

#[test]
fn normal_filters_turn_the_shading_normal_and_leave_the_surface() {
    let Some(gpu) = gpu("normal_filters_turn_the_shading_normal_and_leave_the_surface") else {
        return;
    };
    let lib = catalog_library();
    let plane = "  /p: { rop: plane }\n";
    let depth = data_from_above(
        &gpu,
        &lib,
        &format!("{plane}  /s: {{ rop: passthrough, inputs: [/p] }}\n"),
        "depth",
    );
    let cases: [(&str, &str, V3); 5] = [
        // Turned by 30 degrees about z: (0, 1, 0) becomes (-sin 30, cos 30, 0).
        (
            "{ rop: rotateNormals, params: { Rotate: [0, 0, 30] }, inputs: [/p] }",
            "",
            [-0.5, 0.75f64.sqrt(), 0.0],
        ),
        // A bump field 0.5 x: the slope (0.5, 0, 0) added to (0, 1, 0).
        (
            "{ rop: modifyNormals, params: { Amount: 0.5 }, inputs: { shape: /p, height: /f } }",
            "  /f: { rop: position, params: { Component: x } }\n",
            norm([0.5, 1.0, 0.0]),
        ),
        // A constant direction (0, 0, 1) added at 0.5.
        (
            "{ rop: modifyNormals, params: { Mode: add, Amount: 0.5 }, inputs: { shape: /p, direction: /f } }",
            "  /f: { rop: constant, params: { Color: [0, 0, 1, 1] } }\n",
            norm([0.0, 1.0, 0.5]),
        ),
        // Replaced by (1, 0, 0), fully, and half way.
        (
            "{ rop: modifyNormals, params: { Mode: replace, Amount: 1 }, inputs: { shape: /p, direction: /f } }",
            "  /f: { rop: constant, params: { Color: [1, 0, 0, 1] } }\n",
            [1.0, 0.0, 0.0],
        ),
        (
            "{ rop: modifyNormals, params: { Mode: replace, Amount: 0.5 }, inputs: { shape: /p, direction: /f } }",
            "  /f: { rop: constant, params: { Color: [1, 0, 0, 1] } }\n",
            norm([0.5, 0.5, 0.0]),
        ),
    ];
    for (node, extra, want) in cases {
        let scene = format!("{plane}{extra}  /s: {node}\n");
        let normals = data_from_above(&gpu, &lib, &scene, "normal");
        for n in &normals {
            for k in 0..3 {
                assert!(
                    (n[k] as f64 - want[k]).abs() < 2e-3,
                    "{node}: normal {n:?}, want {want:?}"
                );
            }
        }
        // The surface stays where it was.
        let d = data_from_above(&gpu, &lib, &scene, "depth");
        same(&format!("{node}: depth"), &d, &depth, 1e-4);
        // And outside the normal stage the distance is the input's.
        let pts = points3(120, 40, -2.0, 2.0);
        let out = sample(&gpu, &lib, &sdf3(node, &format!("{plane}{extra}")), &pts);
        expect_exact(node, &pts, &out, |p| p[1] as f64);
    }
}

/// Every filter and combine says what it promises about distances; one
/// that returns no SDF (only fields) promises nothing, and the RayTK names
/// of this part's operators are found.
#[test]
fn filters_and_combines_state_their_distance_promises() {
    use ropkit::library::DistanceKind;
    use ropkit::types::ReturnType;
    let lib = catalog_library();
    let mut problems = Vec::new();
    for def in lib.rops.values() {
        if !["filter", "combine"].contains(&def.category.as_str()) {
            continue;
        }
        match def.distance {
            None => problems.push(format!("{}: no distance kind", def.name)),
            Some(k) if k != DistanceKind::None && !def.return_types.contains(&ReturnType::Sdf) => {
                problems.push(format!(
                    "{}: promises {} without an SDF",
                    def.name,
                    k.as_str()
                ))
            }
            _ => {}
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    let stands_in = |name: &str| lib.rops.values().any(|d| d.raytk.iter().any(|r| r == name));
    for name in [
        "cartesianToPolar",
        "polarToCartesian",
        "moduloSpherical",
        "moduloToroidal",
        "moduloPolar",
        "moduloPolyhedral",
        "moduloLine",
        "logPolarRepeat",
        "quadTreeRepeat",
        "geometricSeriesSquareTile",
        "exponentialSeriesTile",
        "kink",
        "magnet",
        "twirl",
        "spread",
        "extend",
        "knife",
        "mobiusTransform",
        "sphericalMobiusTransform",
        "complexMath",
        "lookAtRotate",
        "axisRotate",
        "modifyNormals",
        "rotateNormals",
        "limitField",
        "limitArea",
        "truchetTile",
        "hilbertCurveTransform",
        "waveWarp",
        "quantizeCoords",
        "quantizeValue",
        "transformSequence",
        "edgeCombine",
        "arrange",
        "layoutGrid",
        "simpleIntersect",
        "boundLimit",
        "shapedCombine",
        "mergeFields",
        "compositeFields",
        "triPlanarCombine",
    ] {
        assert!(stands_in(name), "no ROP stands in for RayTK's {name}");
    }
}
