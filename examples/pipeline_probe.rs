//! Times one network, or a hand-edited variant of its generated shader,
//! through naga, pipeline creation and frames: the tool behind the "where
//! the cost goes" table in BENCHMARKS.md.
//!
//! ```sh
//! MESA_SHADER_CACHE_DISABLE=true cargo run --release --example pipeline_probe -- NETWORK [live|baked] [SIZE] [VARIANT.glsl]
//! ```
//! With VARIANT.glsl, the network is built as usual (for its parameter
//! layout) and the variant's text replaces the generated shader.

use ropkit::build::{BuildOptions, build};
use ropkit::compile::compile;
use ropkit::generate::Mode;
use ropkit::project::Project;
use ropkit::render::{Gpu, Renderer};
use std::time::Instant;

/// CPU time of the whole process (every thread, the driver's too) in ms:
/// steadier than wall time on a busy machine.
fn cpu_ms() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let fields: Vec<&str> = stat
        .rsplit(')')
        .next()
        .unwrap_or("")
        .split_whitespace()
        .collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after the name.
    (ticks(11) + ticks(12)) * 10.0
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(path) = args.first() else {
        eprintln!("usage: pipeline_probe NETWORK [live|baked] [SIZE] [VARIANT.glsl]");
        std::process::exit(2);
    };
    let mode = match args.get(1).map(String::as_str) {
        Some("baked") => Mode::RenderBaked,
        _ => Mode::Render,
    };
    let size: u32 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(256);
    let project = Project::discover(&[]);
    let lib = project.load_library();
    let net = ropkit::network::Network::load(std::path::Path::new(path), &lib)
        .unwrap_or_else(|e| panic!("{e}"));
    let t = Instant::now();
    let mut shader = build(&lib, &net, &knobs(mode).stitch_only())
        .map(|b| b.shader)
        .unwrap_or_else(|e| panic!("{e}"));
    let t_stitch = t.elapsed();
    if let Ok(dump) = std::env::var("PROBE_DUMP") {
        std::fs::write(dump, &shader.glsl).unwrap();
    }
    if let Some(variant) = args.get(3) {
        shader.glsl = std::fs::read_to_string(variant).unwrap_or_else(|e| panic!("{variant}: {e}"));
    }
    let t = Instant::now();
    let compiled = compile(&shader).unwrap_or_else(|e| panic!("{e}"));
    let t_naga = t.elapsed();
    let gpu = Gpu::headless().unwrap_or_else(|e| panic!("{e}"));
    let mut r = Renderer::new(gpu);
    let t = Instant::now();
    let c = cpu_ms();
    r.set_shader(&shader, &compiled)
        .unwrap_or_else(|e| panic!("{e}"));
    let t_pipe = t.elapsed();
    let c_pipe = cpu_ms() - c;
    r.set_params(&shader.param_values(&net, &lib));
    let t = Instant::now();
    let c = cpu_ms();
    let img = r.render_image(size, size).unwrap_or_else(|e| panic!("{e}"));
    let t_first = t.elapsed();
    let c_first = cpu_ms() - c;
    let mut steady = f64::MAX;
    let c = cpu_ms();
    for _ in 0..3 {
        let t = Instant::now();
        r.render_image(size, size).unwrap_or_else(|e| panic!("{e}"));
        steady = steady.min(t.elapsed().as_secs_f64() * 1000.0);
    }
    let c_steady = (cpu_ms() - c) / 3.0;
    if let Ok(out) = std::env::var("PROBE_PNG") {
        img.save(out).unwrap();
    }
    let ms = |d: std::time::Duration| d.as_secs_f64() * 1000.0;
    println!(
        "{path} {mode:?}: lines {} stitch {:.1} ms naga {:.1} ms pipeline {:.1} ms (cpu {c_pipe:.0}) first {:.1} ms (cpu {c_first:.0}) steady {:.1} ms (cpu {c_steady:.0})",
        shader.glsl.lines().count(),
        ms(t_stitch),
        ms(t_naga),
        ms(t_pipe),
        ms(t_first),
        steady
    );
}

/// The build options for `mode`, with the measuring knobs of the
/// environment (`ROPKIT_SHAPE`, `ROPKIT_PARAMS`), as the command line reads them.
fn knobs(mode: Mode) -> BuildOptions {
    let var = |name: &str| std::env::var(name).ok();
    BuildOptions::from(mode).with_knobs(
        var("ROPKIT_SHAPE").as_deref(),
        var("ROPKIT_PARAMS").as_deref(),
    )
}
