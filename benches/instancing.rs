//! Instancing: march steps and frame time against the number of instances,
//! with the grid the `instance` ROP builds against the loop over every
//! copy. Prints the table in BENCHMARKS.md ("Instancing").
//!
//! `cargo bench --bench instancing` runs every row (the loop at 10,000
//! takes minutes on lavapipe); `ROPKIT_INSTANCE_COUNTS=10,100` picks
//! counts, `ROPKIT_INSTANCE_MODES=grid` one mode, `ROPKIT_INSTANCE_SIZE`
//! the picture's side (default 128), `ROPKIT_INSTANCE_FRAMES` the frames
//! timed per row (default 5; the median is shown).
//!
//! The scene: n spheres of radius 0.1 at points spread evenly at random
//! (a fixed xorshift seed) through a cube of side 6, read from a CSV
//! file, seen from 9 units away; the spheres' bound radius is their radius.

use ropkit::build::build;
use ropkit::generate::Mode;
use ropkit::library::Library;
use ropkit::network::Network;
use ropkit::project::Project;
use ropkit::render::{Gpu, Renderer};
use std::path::{Path, PathBuf};
use std::time::Instant;

fn env_list(name: &str, default: &str) -> Vec<String> {
    std::env::var(name)
        .unwrap_or_else(|_| default.into())
        .split(',')
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .collect()
}

fn env_num(name: &str, default: u32) -> u32 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// `n` points in the cube [-3, 3]^3, the same for every run.
fn points_csv(n: usize) -> String {
    let mut state = 0x2545F4914F6CDD1Du64;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state >> 40) as f64 / (1u64 << 24) as f64 * 6.0 - 3.0
    };
    let mut csv = String::from("x,y,z\n");
    for _ in 0..n {
        csv += &format!("{:.4},{:.4},{:.4}\n", next(), next(), next());
    }
    csv
}

fn network_text(mode: &str, buffer: &str) -> String {
    format!(
        "output: /render
nodes:
  /ball: {{ rop: sphere, params: {{ Radius: 0.1 }} }}
  /copies: {{ rop: instance, params: {{ Points: points.csv, BoundRadius: 0.1, Acceleration: {mode} }}, inputs: [/ball] }}
  /cam: {{ rop: lookAtCamera, params: {{ Position: [0, 0, 9], Target: [0, 0, 0], Fov: 45 }} }}
  /light: {{ rop: directionalLight }}
  /render: {{ rop: raymarchRender3D, params: {{ Buffer: {buffer}, MaxSteps: 256, MaxDist: 30 }}, inputs: {{ scene: /copies, camera: /cam, light: /light }} }}
"
    )
}

fn load(dir: &Path, lib: &Library, text: &str) -> Network {
    let file = dir.join("instances.yaml");
    std::fs::write(&file, text).unwrap();
    Network::load(&file, lib).unwrap_or_else(|e| panic!("{e}"))
}

fn renderer(gpu: &Gpu, lib: &Library, net: &Network, mode: Mode) -> Renderer {
    let built = build(lib, net, &mode.into()).unwrap_or_else(|e| panic!("{}", e.report()));
    let mut r = Renderer::new(gpu.clone());
    r.set_built(&built).unwrap_or_else(|e| panic!("{e}"));
    r.set_params(&built.shader.param_values(net, lib));
    r
}

fn main() {
    // `cargo bench` passes --bench; nothing else is read from the arguments.
    let gpu = match Gpu::headless() {
        Ok(g) => g,
        Err(e) => {
            eprintln!("instancing: no GPU adapter ({e}); skipped");
            return;
        }
    };
    let lib = Project::checkout(&PathBuf::from(env!("CARGO_MANIFEST_DIR"))).load_library();
    let counts = env_list("ROPKIT_INSTANCE_COUNTS", "10,100,1000,10000");
    let modes = env_list("ROPKIT_INSTANCE_MODES", "grid,loop");
    let size = env_num("ROPKIT_INSTANCE_SIZE", 128);
    let frames = env_num("ROPKIT_INSTANCE_FRAMES", 5).max(1);
    println!(
        "adapter: {}; {size}x{size} pixels, median of {frames} frames",
        gpu.adapter
    );
    println!(
        "| instances | mode | mean steps (all pixels) | mean steps (hits) | frame | first frame |"
    );
    println!("|---:|---|---:|---:|---:|---:|");
    let dir = tempfile::tempdir().unwrap();
    for n in &counts {
        let n: usize = n.parse().expect("a count");
        std::fs::write(dir.path().join("points.csv"), points_csv(n)).unwrap();
        for mode in &modes {
            let net = load(dir.path(), &lib, &network_text(mode, "steps"));
            let mut r = renderer(&gpu, &lib, &net, Mode::Data);
            let steps = r.render_data(size, size).unwrap();
            let all = steps.iter().map(|t| t[0] as f64).sum::<f64>() / steps.len() as f64;
            let hits: Vec<f64> = steps
                .iter()
                .filter(|t| t[3] > 0.5)
                .map(|t| t[0] as f64)
                .collect();
            let hit_mean = hits.iter().sum::<f64>() / hits.len().max(1) as f64;
            let net = load(dir.path(), &lib, &network_text(mode, "color"));
            let mut r = renderer(&gpu, &lib, &net, Mode::Render);
            let t0 = Instant::now();
            r.render_image(size, size).unwrap();
            let first = t0.elapsed().as_secs_f64();
            let mut times: Vec<f64> = (0..frames)
                .map(|_| {
                    let t = Instant::now();
                    r.render_image(size, size).unwrap();
                    t.elapsed().as_secs_f64()
                })
                .collect();
            times.sort_by(f64::total_cmp);
            let median = times[times.len() / 2];
            println!(
                "| {n} | {mode} | {all:.1} | {hit_mean:.1} | {:.1} ms | {:.1} ms |",
                median * 1e3,
                first * 1e3
            );
        }
    }
}
