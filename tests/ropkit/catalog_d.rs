//! The fourth part of the catalog (the filters and combines of RayTK's
//! vocabulary that came last), and the fixes that came with them. Each
//! check compares the GPU's values with what they must be, computed here: the
//! input evaluated at the transformed point (the transform written in Rust
//! from its formula), an identity with other ROPs, or a property (a bound,
//! a symmetry, a period). Each says which in a comment.

use crate::catalog::an::V3;
use crate::catalog::*;
use crate::common::*;
use ropkit::library::Library;
use ropkit::network::Network;
use std::f64::consts::TAU;

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
