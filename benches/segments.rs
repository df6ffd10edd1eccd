//! Curves and text: frame time, march steps and build time against the
//! number of segments, with the trees built with the shader
//! (`Acceleration: tree`, the default) against the scan of every piece
//! (`Acceleration: scan`). Prints the tables in BENCHMARKS.md ("Curves and
//! text at scale").
//!
//! `cargo bench --bench segments` runs every row; the scan past 10,000
//! pieces (or characters) takes many minutes a frame on lavapipe, so
//! `ROPKIT_SEGMENT_SCAN_MAX` (default 10000) caps the counts it runs at.
//! `ROPKIT_SEGMENT_COUNTS` picks the polyline and spline counts,
//! `ROPKIT_SEGMENT_TEXT` the text lengths, `ROPKIT_SEGMENT_SIZE` the
//! picture's side (default 128), `ROPKIT_SEGMENT_FRAMES` the frames timed
//! per row (default 3; the median is shown).
//!
//! The scenes: a polyline (`pointPolyline`) and a Catmull-Rom spline
//! (`catmullRomSpline`) through n points spread evenly along one closed
//! knot-like path, the same path at every count, as tubes of radius 0.02,
//! lit, from 4 units away; and a text of n characters (`text`: words on
//! lines of about 60 characters, as prose is), extruded, seen whole.

use ropkit::build::build;
use ropkit::generate::Mode;
use ropkit::library::Library;
use ropkit::network::Network;
use ropkit::project::Project;
use ropkit::render::{Gpu, Renderer};
use std::path::{Path, PathBuf};
use std::time::Instant;

fn env_list(name: &str, default: &str) -> Vec<usize> {
    std::env::var(name)
        .unwrap_or_else(|_| default.into())
        .split(',')
        .filter_map(|s| s.trim().parse().ok())
        .collect()
}

fn env_num(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// `n` points along a closed (3, 5) torus-knot-like path, the same path
/// at every `n`.
fn path_csv(n: usize) -> String {
    let mut csv = String::from("x,y,z\n");
    for i in 0..n {
        let t = std::f64::consts::TAU * i as f64 / n as f64;
        let r = 1.0 + 0.35 * (5.0 * t).cos();
        csv += &format!(
            "{:.6},{:.6},{:.6}\n",
            r * (3.0 * t).cos(),
            0.35 * (5.0 * t).sin(),
            r * (3.0 * t).sin()
        );
    }
    csv
}

/// About `n` characters of words, lines of about 60.
fn prose(n: usize) -> String {
    let words = [
        "ropkit", "signed", "distance", "fields", "march", "Quartz", "glyph", "jumpy", "vex",
        "wolf",
    ];
    let mut text = String::new();
    let (mut line, mut k) = (0, 0usize);
    while text.len() < n {
        let w = words[(k * 7 + k / 3) % words.len()];
        k += 1;
        if line + w.len() > 60 {
            text += "\\n";
            line = 0;
        } else if line > 0 {
            text += " ";
            line += 1;
        }
        text += w;
        line += w.len();
    }
    text
}

fn curve_network(rop: &str, acc: &str, buffer: &str) -> String {
    format!(
        "output: /render
nodes:
  /curve: {{ rop: {rop}, params: {{ Points: path.csv, Closed: true, Thickness: 0.02, Acceleration: {acc} }} }}
  /cam: {{ rop: lookAtCamera, params: {{ Position: [0, 2.5, 3.2], Target: [0, 0, 0], Fov: 45 }} }}
  /light: {{ rop: directionalLight }}
  /render: {{ rop: raymarchRender3D, params: {{ Buffer: {buffer}, MaxSteps: 256, MaxDist: 30 }}, inputs: {{ scene: /curve, camera: /cam, light: /light }} }}
"
    )
}

fn text_network(n: usize, acc: &str, buffer: &str) -> String {
    let text = prose(n);
    let lines = text.matches("\\n").count() + 1;
    // The block of lines fills about 3 units of height.
    let size = (3.0 / lines as f64).min(0.25);
    format!(
        "output: /render
nodes:
  /letters: {{ rop: text, params: {{ Text: \"{text}\", Size: {size}, Acceleration: {acc} }} }}
  /slab: {{ rop: extrude, params: {{ Height: {h} }}, inputs: [/letters] }}
  /cam: {{ rop: lookAtCamera, params: {{ Position: [0, 0, 4.2], Target: [0, 0, 0], Fov: 45 }} }}
  /light: {{ rop: directionalLight }}
  /render: {{ rop: raymarchRender3D, params: {{ Buffer: {buffer}, MaxSteps: 256, MaxDist: 30 }}, inputs: {{ scene: /slab, camera: /cam, light: /light }} }}
",
        h = size * 0.3
    )
}

fn load(dir: &Path, lib: &Library, text: &str) -> Network {
    let file = dir.join("segments.yaml");
    std::fs::write(&file, text).unwrap();
    Network::load(&file, lib).unwrap_or_else(|e| panic!("{e}"))
}

/// The row: mean march steps over hit pixels, median frame, first frame,
/// and the build (load, pack, trees, generate) in ms.
fn row(
    gpu: &Gpu,
    lib: &Library,
    dir: &Path,
    net: impl Fn(&str) -> String,
    size: u32,
    frames: usize,
) -> String {
    let data = load(dir, lib, &net("steps"));
    let built = build(lib, &data, &Mode::Data.into()).unwrap_or_else(|e| panic!("{}", e.report()));
    let mut r = Renderer::new(gpu.clone());
    r.asset_dirs = vec![dir.to_path_buf()];
    r.set_built(&built).unwrap();
    r.set_params(&built.shader.param_values(&data, lib));
    let steps = r.render_data(size, size).unwrap();
    let hits: Vec<f64> = steps
        .iter()
        .filter(|t| t[3] > 0.5)
        .map(|t| t[0] as f64)
        .collect();
    let steps = hits.iter().sum::<f64>() / hits.len().max(1) as f64;

    let color = load(dir, lib, &net("color"));
    let t0 = Instant::now();
    let built =
        build(lib, &color, &Mode::Render.into()).unwrap_or_else(|e| panic!("{}", e.report()));
    let build_ms = t0.elapsed().as_secs_f64() * 1e3;
    let mut r = Renderer::new(gpu.clone());
    r.asset_dirs = vec![dir.to_path_buf()];
    r.set_built(&built).unwrap();
    r.set_params(&built.shader.param_values(&color, lib));
    let t0 = Instant::now();
    r.render_image(size, size).unwrap();
    let first = t0.elapsed().as_secs_f64() * 1e3;
    let mut times: Vec<f64> = (0..frames)
        .map(|_| {
            let t = Instant::now();
            r.render_image(size, size).unwrap();
            t.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    times.sort_by(f64::total_cmp);
    format!(
        "{steps:.1} | {:.1} ms | {first:.1} ms | {build_ms:.1} ms |",
        times[times.len() / 2]
    )
}

fn main() {
    let gpu = match Gpu::headless() {
        Ok(g) => g,
        Err(e) => {
            eprintln!("segments: no GPU adapter ({e}); skipped");
            return;
        }
    };
    let lib = Project::checkout(&PathBuf::from(env!("CARGO_MANIFEST_DIR"))).load_library();
    let counts = env_list("ROPKIT_SEGMENT_COUNTS", "10,100,1000,10000,65536");
    let texts = env_list("ROPKIT_SEGMENT_TEXT", "100,1000,10000");
    let scan_max = env_num("ROPKIT_SEGMENT_SCAN_MAX", 10_000);
    let size = env_num("ROPKIT_SEGMENT_SIZE", 128) as u32;
    let frames = env_num("ROPKIT_SEGMENT_FRAMES", 3).max(1);
    println!(
        "adapter: {}; {size}x{size} pixels, median of {frames} frames",
        gpu.adapter
    );
    println!("| scene | segments | search | mean steps (hits) | frame | first frame | build |");
    println!("|---|---:|---|---:|---:|---:|---:|");
    let dir = tempfile::tempdir().unwrap();
    for rop in ["pointPolyline", "catmullRomSpline"] {
        for &n in &counts {
            std::fs::write(dir.path().join("path.csv"), path_csv(n)).unwrap();
            for acc in ["tree", "scan"] {
                if acc == "scan" && n > scan_max {
                    continue;
                }
                let cells = row(
                    &gpu,
                    &lib,
                    dir.path(),
                    |b| curve_network(rop, acc, b),
                    size,
                    frames,
                );
                println!("| {rop} | {n} | {acc} | {cells}");
            }
        }
    }
    for &n in &texts {
        for acc in ["tree", "scan"] {
            if acc == "scan" && n > scan_max {
                continue;
            }
            let cells = row(
                &gpu,
                &lib,
                dir.path(),
                |b| text_network(n, acc, b),
                size,
                frames,
            );
            println!("| text, {n} characters | | {acc} | {cells}");
        }
    }
}
