//! Mesh export: time to mesh presets at several resolutions (criterion), and
//! the table in BENCHMARKS.md ("Mesh export"): time, peak memory, triangles
//! and the distance of vertices from the zero set, one fresh process per row.
//!
//! `cargo bench --bench mesh` runs the criterion group (64 and 128 on the
//! default preset); `ROPKIT_MESH_TABLE=1 cargo bench --bench mesh` prints the table.

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use ropkit::library::Library;
use ropkit::mesh::{MeshOptions, mesh_network};
use ropkit::network::Network;
use ropkit::project::Project;
use ropkit::render::{Gpu, Renderer};
use ropkit::sample::sample_network;
use std::path::PathBuf;
use std::time::{Duration, Instant};

const TABLE_PRESETS: [&str; 2] = ["default", "organic"];
const TABLE_RESOLUTIONS: [u32; 4] = [64, 128, 256, 512];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn library() -> Library {
    let root = root();
    Project::checkout(&root).load_library()
}

fn preset(lib: &Library, name: &str) -> Network {
    Network::load(&root().join(format!("presets/{name}.yaml")), lib).expect("preset loads")
}

/// Peak resident memory of this process so far, from /proc (Linux).
fn peak_rss_mib() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024.0)
}

/// One table row, in this (fresh) process: a warm-up mesh at 16 compiles the
/// shader, then the timed mesh, then the SDF at every vertex through the
/// sampling shader.
fn table_row(spec: &str) {
    let (name, res) = spec.split_once(':').expect("PRESET:RESOLUTION");
    let res: u32 = res.parse().expect("resolution");
    let lib = library();
    let net = preset(&lib, name);
    let gpu = Gpu::headless().expect("a GPU adapter");
    let adapter = gpu.adapter.clone();
    let mut r = Renderer::new(gpu);
    let warm = MeshOptions {
        resolution: 16,
        ..Default::default()
    };
    mesh_network(&net, &lib, &mut r, &warm, &mut |_, _| {}).expect("warm-up mesh");
    let opts = MeshOptions {
        resolution: res,
        ..Default::default()
    };
    let t = Instant::now();
    let (mesh, info) = mesh_network(&net, &lib, &mut r, &opts, &mut |_, _| {}).expect("mesh");
    let secs = t.elapsed().as_secs_f64();
    let peak = peak_rss_mib();
    // The network's own scene through `ropkit sample`'s shader.
    let d = sample_network(&net, &lib, &mut r, &mesh.positions).expect("sample");
    let abs: Vec<f64> = d.iter().map(|v| (v[0] as f64).abs()).collect();
    let mean = abs.iter().sum::<f64>() / abs.len() as f64;
    let max = abs.iter().fold(0.0f64, |m, x| m.max(*x));
    let cell = info.step as f64;
    println!(
        "| {name} | {res} | {}x{}x{} | {:.2} s | {} | {} | {} | {:.4} ({:.3} cells) | {:.4} ({:.3} cells) |",
        info.cells[0],
        info.cells[1],
        info.cells[2],
        secs,
        peak.map(|p| format!("{p:.0} MiB"))
            .unwrap_or_else(|| "n/a".into()),
        mesh.positions.len(),
        mesh.triangles.len(),
        mean,
        mean / cell,
        max,
        max / cell,
    );
    eprintln!("({name} at {res} on {adapter})");
}

fn table() {
    println!(
        "| preset | resolution | cells | time | peak memory | vertices | triangles | mean vertex distance | max vertex distance |"
    );
    println!("|---|---:|---|---:|---:|---:|---:|---:|---:|");
    let exe = std::env::current_exe().expect("the bench binary");
    for name in TABLE_PRESETS {
        for res in TABLE_RESOLUTIONS {
            // A fresh process per row: its peak memory is that row's alone.
            let status = std::process::Command::new(&exe)
                .env("ROPKIT_MESH_ROW", format!("{name}:{res}"))
                .status()
                .expect("run a row");
            assert!(status.success(), "{name} at {res} failed");
        }
    }
}

fn bench_mesh(c: &mut Criterion) {
    if let Ok(spec) = std::env::var("ROPKIT_MESH_ROW") {
        table_row(&spec);
        std::process::exit(0);
    }
    if std::env::var("ROPKIT_MESH_TABLE").is_ok_and(|v| v == "1") {
        table();
        return;
    }
    let gpu = match Gpu::headless() {
        Ok(g) => g,
        Err(e) => {
            eprintln!("skipping the mesh benchmarks: {e}");
            return;
        }
    };
    let lib = library();
    let net = preset(&lib, "default");
    let mut r = Renderer::new(gpu);
    let mut group = c.benchmark_group("mesh_default");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(10));
    for res in [64u32, 128] {
        let opts = MeshOptions {
            resolution: res,
            ..Default::default()
        };
        group.bench_with_input(BenchmarkId::from_parameter(res), &opts, |b, opts| {
            b.iter(|| {
                mesh_network(&net, &lib, &mut r, opts, &mut |_, _| {})
                    .expect("mesh")
                    .0
                    .triangles
                    .len()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench_mesh);
criterion_main!(benches);
