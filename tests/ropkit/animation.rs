//! Presets that move: each one's picture changes with time, and frame k of
//! `ropkit render --frames` is exactly `ropkit render --time k / fps`.

use crate::common::*;
use std::path::Path;

/// The presets that animate (a time ROP or a scrolling noise drives them).
const ANIMATED: &[&str] = &["blend", "cloud", "noise2d", "noiseRadius", "organic"];
const SIZE: &str = "48x48";

fn render(args: &[&str]) {
    let out = run_ropkit(args);
    assert!(
        out.status.success(),
        "ropkit {}: {}",
        args.join(" "),
        String::from_utf8_lossy(&out.stderr)
    );
}

fn load(path: &Path) -> image::RgbaImage {
    image::open(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .to_rgba8()
}

/// Share of pixels whose channels differ by more than 10 of 255.
fn changed(a: &image::RgbaImage, b: &image::RgbaImage) -> f64 {
    let n = a
        .pixels()
        .zip(b.pixels())
        .filter(|(p, q)| p.0.iter().zip(q.0).any(|(x, y)| x.abs_diff(y) > 10))
        .count();
    n as f64 / (a.width() * a.height()) as f64
}

/// Renders frames 1..3 at 2 frames a second (t = 0.5, 1, 1.5) and the
/// single picture at t = 1; returns the three frames and the single one.
fn frames_and_single(preset: &str, dir: &Path) -> (Vec<image::RgbaImage>, image::RgbaImage) {
    let net = format!("presets/{preset}.yaml");
    let seq = dir.join(format!("{preset}.png"));
    let seq = seq.to_str().unwrap();
    render(&[
        "render", &net, "-o", seq, "--size", SIZE, "--frames", "1..3", "--fps", "2",
    ]);
    let single = dir.join(format!("{preset}_at_1s.png"));
    render(&[
        "render",
        &net,
        "-o",
        single.to_str().unwrap(),
        "--size",
        SIZE,
        "--time",
        "1",
    ]);
    let frames = (1..=3)
        .map(|k| load(&dir.join(format!("{preset}_{k:04}.png"))))
        .collect();
    (frames, load(&single))
}

#[test]
fn animated_presets_change_with_time_and_frames_match_times() {
    let Some(_gpu) = gpu("animated_presets_change_with_time_and_frames_match_times") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    for preset in ANIMATED {
        let (frames, single) = frames_and_single(preset, dir.path());
        // Frame 2 is t = 2 / 2 = 1 s: the same picture, pixel for pixel.
        assert!(
            frames[1] == single,
            "{preset}: frame 2 at 2 fps differs from --time 1 ({:.1}% of pixels)",
            100.0 * changed(&frames[1], &single)
        );
        // Each step of half a second moves the picture.
        for k in 0..2 {
            let c = changed(&frames[k], &frames[k + 1]);
            assert!(
                c > 0.01,
                "{preset}: frames {} and {} differ in only {:.2}% of pixels",
                k + 1,
                k + 2,
                100.0 * c
            );
        }
    }
    // The control: a still preset gives the same picture at every time, so
    // the differences above come from the animation.
    let (frames, single) = frames_and_single("default", dir.path());
    assert!(
        frames.iter().all(|f| *f == single),
        "the default preset moves"
    );
}
