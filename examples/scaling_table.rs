//! The scaling table of BENCHMARKS.md: chain and tree networks of 10 to
//! 1,000 nodes through every stage, live and baked, each measurement in a
//! fresh process (so peak memory is that network's own and no cache is warm
//! unless asked for).
//!
//! ```sh
//! cargo run --release --example scaling_table            # the whole table (slow on lavapipe)
//! cargo run --release --example scaling_table -- 10 100  # some sizes only
//! cargo run --release --example scaling_table -- tree 1000  # one kind only
//! ```
//!
//! Columns: stitch and naga (wall time), pipeline creation with the caches
//! off (`ROPKIT_NO_CACHE=1`, which also sets `MESA_SHADER_CACHE_DISABLE`) and
//! again with a warm cache, and the first frame (where lavapipe compiles the
//! shader to machine code), all three as CPU time of the process (steadier
//! than wall time on a shared machine: a compile is single-threaded); the
//! steady frame at 256² in wall time; peak resident memory; generated lines
//! per node.

use ropkit::build::stitch;
use ropkit::compile::compile;
use ropkit::generate::Mode;
use ropkit::network::{Network, Node};
use ropkit::project::Project;
use ropkit::render::{Gpu, Renderer};
use ropkit::value::ParamValue;
use std::path::PathBuf;
use std::process::Command;
use std::time::Instant;

const SIZE: u32 = 256;

/// A sphere under transforms (each with its own rotation, so nothing folds
/// away when parameters are compiled in), a camera and a light.
fn chain(n: usize) -> Network {
    let mut net = Network {
        file: PathBuf::from("chain.yaml"),
        ..Default::default()
    };
    net.nodes.insert("/n0".into(), Node::new("sphere"));
    let transforms = n.saturating_sub(4).max(1);
    for i in 1..=transforms {
        let mut t = Node::new("transform");
        // Turns that undo each other pair by pair, and small steps: the
        // sphere stays in view however long the chain.
        let a = (5.0 + (i % 7) as f64) * if i % 2 == 0 { -1.0 } else { 1.0 };
        t.params.insert(
            "Translate".into(),
            ParamValue::Vector(vec![0.0005, 0.0, 0.0]),
        );
        t.params.insert(
            "Rotate".into(),
            ParamValue::Vector(vec![a, -a * 0.5, a * 0.25]),
        );
        t.inputs = vec![Some(format!("/n{}", i - 1))];
        net.nodes.insert(format!("/n{i}"), t);
    }
    finish(&mut net, &format!("/n{transforms}"));
    net
}

/// A balanced tree of smooth-union `combine` nodes over spheres.
fn tree(n: usize) -> Network {
    let mut net = Network {
        file: PathBuf::from("tree.yaml"),
        ..Default::default()
    };
    let leaves = n.saturating_sub(3).div_ceil(2).max(1);
    let mut level: Vec<String> = (0..leaves)
        .map(|i| {
            let path = format!("/leaf{i}");
            let mut s = Node::new("sphere");
            s.params.insert("Radius".into(), ParamValue::Float(0.3));
            s.params.insert(
                "Translate".into(),
                ParamValue::Vector(vec![
                    (i % 10) as f64 * 0.4 - 2.0,
                    (i / 10 % 10) as f64 * 0.4 - 2.0,
                    (i / 100) as f64 * 0.4,
                ]),
            );
            net.nodes.insert(path.clone(), s);
            path
        })
        .collect();
    let mut k = 0;
    while level.len() > 1 {
        let mut next = Vec::new();
        for pair in level.chunks(2) {
            let path = format!("/c{k}");
            k += 1;
            let mut c = Node::new("combine");
            c.params
                .insert("Mode".into(), ParamValue::Text("smoothUnion".into()));
            c.params.insert("Blend".into(), ParamValue::Float(0.1));
            c.inputs = pair.iter().map(|p| Some(p.clone())).collect();
            net.nodes.insert(path.clone(), c);
            next.push(path);
        }
        level = next;
    }
    finish(&mut net, &level[0]);
    net
}

fn finish(net: &mut Network, scene: &str) {
    let mut cam = Node::new("lookAtCamera");
    cam.params
        .insert("Position".into(), ParamValue::Vector(vec![4.0, 3.0, 6.0]));
    cam.params
        .insert("Target".into(), ParamValue::Vector(vec![0.0, 0.5, 0.0]));
    net.nodes.insert("/cam".into(), cam);
    let mut light = Node::new("pointLight");
    light
        .params
        .insert("Position".into(), ParamValue::Vector(vec![5.0, 8.0, 4.0]));
    net.nodes.insert("/light".into(), light);
    let mut out = Node::new("raymarchRender3D");
    out.inputs = vec![
        Some(scene.to_string()),
        Some("/cam".into()),
        None,
        Some("/light".into()),
    ];
    net.nodes.insert("/render".into(), out);
    net.output = "/render".into();
}

/// CPU time of the whole process (every thread, the driver's too), in ms:
/// a compile's cost, steadier than wall time on a shared machine.
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
    (ticks(11) + ticks(12)) * 10.0
}

/// Peak resident memory of this process, in MB.
fn peak_mb() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.split_whitespace().next()?.parse::<f64>().ok())
        .map_or(0.0, |kb| kb / 1024.0)
}

/// One measurement, in this process: prints a `key=value` line.
fn measure(kind: &str, n: usize, mode: Mode) {
    let project = Project::checkout(&PathBuf::from(env!("CARGO_MANIFEST_DIR")));
    let lib = project.load_library();
    let net = if kind == "chain" { chain(n) } else { tree(n) };
    let t = Instant::now();
    let (_, shader) = stitch(&lib, &net, mode).unwrap_or_else(|e| panic!("{e}"));
    let stitch_ms = t.elapsed().as_secs_f64() * 1e3;
    let t = Instant::now();
    let compiled = compile(&shader).unwrap_or_else(|e| panic!("{e}"));
    let naga_ms = t.elapsed().as_secs_f64() * 1e3;
    let gpu = Gpu::headless().unwrap_or_else(|e| panic!("{e}"));
    let mut r = Renderer::new(gpu);
    let c = cpu_ms();
    r.set_shader(&shader, &compiled)
        .unwrap_or_else(|e| panic!("{e}"));
    let pipeline_ms = cpu_ms() - c;
    r.set_params(&shader.param_values(&net, &lib));
    let c = cpu_ms();
    r.render_image(SIZE, SIZE).unwrap_or_else(|e| panic!("{e}"));
    let first_ms = cpu_ms() - c;
    let mut steady_ms = f64::MAX;
    for _ in 0..3 {
        let t = Instant::now();
        r.render_image(SIZE, SIZE).unwrap_or_else(|e| panic!("{e}"));
        steady_ms = steady_ms.min(t.elapsed().as_secs_f64() * 1e3);
    }
    let lines = shader.glsl.lines().count();
    println!(
        "stitch={stitch_ms:.2} naga={naga_ms:.1} pipeline={pipeline_ms:.0} first={first_ms:.0} steady={steady_ms:.1} peak={:.0} lines={lines} nodes={}",
        peak_mb(),
        net.nodes.len()
    );
}

/// Runs one measurement in a child process and returns its line's values.
fn child(
    kind: &str,
    n: usize,
    mode: &str,
    cache_dir: Option<&std::path::Path>,
) -> Vec<(String, f64)> {
    let exe = std::env::current_exe().unwrap();
    let mut cmd = Command::new(exe);
    cmd.args(["--one", kind, &n.to_string(), mode]);
    match cache_dir {
        Some(dir) => {
            cmd.env("XDG_CACHE_HOME", dir)
                .env_remove("ROPKIT_NO_CACHE")
                .env_remove("MESA_SHADER_CACHE_DISABLE");
        }
        None => {
            cmd.env("ROPKIT_NO_CACHE", "1")
                .env("MESA_SHADER_CACHE_DISABLE", "true");
        }
    }
    let out = cmd.output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    let line = text.lines().last().unwrap_or("");
    if !out.status.success() || line.is_empty() {
        eprintln!(
            "{kind} {n} {mode}: failed\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
        return Vec::new();
    }
    line.split_whitespace()
        .filter_map(|kv| {
            let (k, v) = kv.split_once('=')?;
            Some((k.to_string(), v.parse().ok()?))
        })
        .collect()
}

fn get(v: &[(String, f64)], k: &str) -> f64 {
    v.iter().find(|(n, _)| n == k).map_or(f64::NAN, |(_, x)| *x)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--one") {
        let mode = match args[3].as_str() {
            "baked" => Mode::RenderBaked,
            _ => Mode::Render,
        };
        measure(&args[1], args[2].parse().unwrap(), mode);
        return;
    }
    let sizes: Vec<usize> = if args.is_empty() {
        vec![10, 30, 100, 300, 1000]
    } else {
        args.iter().filter_map(|a| a.parse().ok()).collect()
    };
    println!(
        "| network | mode | stitch ms | naga ms | pipeline CPU ms (cold) | pipeline CPU ms (cache) | first frame CPU ms (cold) | first frame CPU ms (cache) | steady frame ms | peak MB | lines/node |"
    );
    println!("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    // `chain` or `tree` among the arguments keeps only that kind.
    let kinds: Vec<&str> = ["chain", "tree"]
        .into_iter()
        .filter(|k| {
            !args.iter().any(|a| a == "chain" || a == "tree") || args.iter().any(|a| a == k)
        })
        .collect();
    for kind in kinds {
        for &n in &sizes {
            for mode in ["baked", "live"] {
                let cold = child(kind, n, mode, None);
                let dir = tempfile::tempdir().unwrap();
                // The first run fills the caches, the second is measured.
                child(kind, n, mode, Some(dir.path()));
                let warm = child(kind, n, mode, Some(dir.path()));
                if cold.is_empty() {
                    continue;
                }
                println!(
                    "| {kind} {} | {mode} | {:.2} | {:.1} | {:.0} | {:.0} | {:.0} | {:.0} | {:.1} | {:.0} | {:.1} |",
                    get(&cold, "nodes"),
                    get(&cold, "stitch"),
                    get(&cold, "naga"),
                    get(&cold, "pipeline"),
                    get(&warm, "pipeline"),
                    get(&cold, "first"),
                    get(&warm, "first"),
                    get(&cold, "steady"),
                    get(&cold, "peak"),
                    get(&cold, "lines") / get(&cold, "nodes"),
                );
            }
        }
    }
}
