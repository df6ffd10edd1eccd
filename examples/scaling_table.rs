//! The scaling table of BENCHMARKS.md: networks of 10 to 2,000 nodes
//! through every stage, live and baked, each measurement in a fresh process
//! (so peak memory is that network's own and no cache is warm unless asked
//! for).
//!
//! ```sh
//! cargo run --release --example scaling_table                    # the whole table (slow on lavapipe)
//! cargo run --release --example scaling_table -- 10 100          # some sizes only
//! cargo run --release --example scaling_table -- tree 1000       # one kind only
//! cargo run --release --example scaling_table -- twists 300 --shape functions   # as before the shape pass
//! cargo run --release --example scaling_table -- chain 1000 --no-cache-runs     # the cold columns only
//! cargo run --release --example scaling_table -- --yaml mixed 300 > mixed300.yaml   # a row's network
//! cargo run --release --example scaling_table -- --glsl twists 10 live             # its shader
//! ```
//!
//! `SCALING_GLSL=FILE` measures an edited shader in place of the generated
//! one (same resources): how the layouts in BENCHMARKS.md were compared.
//!
//! Kinds: `chain` (a sphere under transforms, each turned a little: the
//! transforms fold into one map), `twists` (a sphere under twists and
//! transforms, which do not fold: the chain is joined into one function),
//! `tree` (a balanced tree of smooth unions over spheres) and `mixed` (a
//! tree of smooth unions whose leaves are spheres and boxes under short
//! chains of transforms, twists, rounds and mirrors). `--shape functions`
//! or `--shape spliced` sets `ROPKIT_SHAPE` in the measured processes.
//!
//! Columns: stitch and naga (thread CPU time), pipeline creation with the
//! caches off (`ROPKIT_NO_CACHE=1`, `MESA_SHADER_CACHE_DISABLE`) and again
//! with a warm cache, and the first frame (where lavapipe compiles the
//! shader to machine code), all three as CPU time of the process (steadier
//! than wall time on a shared machine: a compile is single-threaded); the
//! steady frame at 256² in wall time (best of seven, or of two or more past 10 s); peak resident memory;
//! generated lines per node; the shader's function call depth; and, on the
//! live rows, live frame ÷ baked frame.

use ropkit::build::{BuildOptions, build};
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

fn node(rop: &str, params: &[(&str, ParamValue)], input: Option<&str>) -> Node {
    let mut n = Node::new(rop);
    for (k, v) in params {
        n.params.insert(k.to_string(), v.clone());
    }
    n.inputs = input.map(|i| vec![Some(i.to_string())]).unwrap_or_default();
    n
}

fn v(x: &[f64]) -> ParamValue {
    ParamValue::Vector(x.to_vec())
}

/// A sphere under transforms (each with its own rotation, so nothing folds
/// away in the driver), or under twists and transforms in turn.
fn chain(n: usize, twists: bool) -> Network {
    let mut net = Network {
        file: PathBuf::from("chain.yaml"),
        ..Default::default()
    };
    net.nodes.insert("/n0".into(), Node::new("sphere"));
    let filters = n.saturating_sub(4).max(1);
    for i in 1..=filters {
        // Turns that undo each other pair by pair, and small steps: the
        // sphere stays in view however long the chain.
        let a = (5.0 + (i % 7) as f64) * if i % 2 == 0 { -1.0 } else { 1.0 };
        let input = format!("/n{}", i - 1);
        let f = if twists && i % 2 == 0 {
            // Step scale 1: the default 0.8 compounds along the chain
            // (0.8^150) until every ray stops at the camera. Rates of a
            // degree or two per unit, turning back pair by pair, keep the
            // field within a few percent of a distance.
            node(
                "twist",
                &[
                    ("Rate", ParamValue::Float(a * 0.2)),
                    ("StepScale", ParamValue::Float(1.0)),
                ],
                Some(&input),
            )
        } else {
            node(
                "transform",
                &[
                    ("Translate", v(&[0.0005, 0.0, 0.0])),
                    ("Rotate", v(&[a, -a * 0.5, a * 0.25])),
                ],
                Some(&input),
            )
        };
        net.nodes.insert(format!("/n{i}"), f);
    }
    finish(&mut net, &format!("/n{filters}"));
    net
}

/// A balanced tree of smooth unions over `leaves`, made by `leaf(i, net)`
/// (which inserts its nodes and returns the leaf's top node).
fn tree_of(net: &mut Network, leaves: usize, leaf: &dyn Fn(usize, &mut Network) -> String) {
    let mut level: Vec<String> = (0..leaves).map(|i| leaf(i, net)).collect();
    let mut k = 0;
    while level.len() > 1 {
        let mut next = Vec::new();
        for pair in level.chunks(2) {
            let path = format!("/c{k}");
            k += 1;
            let mut c = node(
                "combine",
                &[
                    ("Mode", ParamValue::Text("smoothUnion".into())),
                    ("Blend", ParamValue::Float(0.1)),
                ],
                None,
            );
            c.inputs = pair.iter().map(|p| Some(p.clone())).collect();
            net.nodes.insert(path.clone(), c);
            next.push(path);
        }
        level = next;
    }
    let top = level[0].clone();
    finish(net, &top);
}

fn place(i: usize) -> ParamValue {
    v(&[
        (i % 10) as f64 * 0.4 - 2.0,
        (i / 10 % 10) as f64 * 0.4 - 2.0,
        (i / 100) as f64 * 0.4,
    ])
}

/// A balanced tree of smooth-union `combine` nodes over spheres.
fn tree(n: usize) -> Network {
    let mut net = Network {
        file: PathBuf::from("tree.yaml"),
        ..Default::default()
    };
    let leaves = n.saturating_sub(3).div_ceil(2).max(1);
    tree_of(&mut net, leaves, &|i, net| {
        let path = format!("/leaf{i}");
        let s = node(
            "sphere",
            &[("Radius", ParamValue::Float(0.3)), ("Translate", place(i))],
            None,
        );
        net.nodes.insert(path.clone(), s);
        path
    });
    net
}

/// Smooth unions over leaves of six nodes: a sphere or a box under a
/// transform, a twist, a round, a mirror and another transform.
fn mixed(n: usize) -> Network {
    let mut net = Network {
        file: PathBuf::from("mixed.yaml"),
        ..Default::default()
    };
    let leaves = n.saturating_sub(2).div_ceil(7).max(1);
    tree_of(&mut net, leaves, &|i, net| {
        let shape = if i % 2 == 0 { "sphere" } else { "box" };
        let size = if i % 2 == 0 { "Radius" } else { "Size" };
        let size_value = if i % 2 == 0 {
            ParamValue::Float(0.2)
        } else {
            v(&[0.3, 0.3, 0.3])
        };
        let a = (i % 9) as f64 * 10.0;
        let steps: [(&str, Vec<(&str, ParamValue)>); 6] = [
            (shape, vec![(size, size_value)]),
            ("transform", vec![("Rotate", v(&[a, 0.0, a * 0.5]))]),
            ("twist", vec![("Rate", ParamValue::Float(20.0))]),
            ("round", vec![("Radius", ParamValue::Float(0.02))]),
            ("mirror", vec![]),
            ("transform", vec![("Translate", place(i))]),
        ];
        let mut below: Option<String> = None;
        for (k, (rop, params)) in steps.iter().enumerate() {
            let path = format!("/l{i}_{k}");
            net.nodes
                .insert(path.clone(), node(rop, params, below.as_deref()));
            below = Some(path);
        }
        below.unwrap_or_default()
    });
    net
}

fn finish(net: &mut Network, scene: &str) {
    net.nodes.insert(
        "/cam".into(),
        node(
            "lookAtCamera",
            &[
                ("Position", v(&[4.0, 3.0, 6.0])),
                ("Target", v(&[0.0, 0.5, 0.0])),
            ],
            None,
        ),
    );
    net.nodes.insert(
        "/light".into(),
        node("pointLight", &[("Position", v(&[5.0, 8.0, 4.0]))], None),
    );
    let mut out = node("raymarchRender3D", &[("AO", ParamValue::Bool(false))], None);
    out.inputs = vec![
        Some(scene.to_string()),
        Some("/cam".into()),
        None,
        Some("/light".into()),
    ];
    net.nodes.insert("/render".into(), out);
    net.output = "/render".into();
}

fn network(kind: &str, n: usize) -> Network {
    match kind {
        "chain" => chain(n, false),
        "twists" => chain(n, true),
        "tree" => tree(n),
        _ => mixed(n),
    }
}

/// CPU time of the whole process (every thread, the driver's too), in ms.
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

/// CPU time of this thread, in ms (naga runs on a thread of its own, so
/// the process's time would count the wait).
fn thread_ms() -> f64 {
    let text = std::fs::read_to_string("/proc/thread-self/stat").unwrap_or_default();
    let fields: Vec<&str> = text
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

/// This checkout's ROP library.
fn library() -> ropkit::library::Library {
    Project::checkout(&PathBuf::from(env!("CARGO_MANIFEST_DIR"))).load_library()
}

/// One measurement, in this process: prints a `key=value` line.
fn measure(kind: &str, n: usize, mode: Mode) {
    let lib = library();
    let net = network(kind, n);
    let t = Instant::now();
    let mut shader = build(&lib, &net, &knobs(mode).stitch_only())
        .map(|b| b.shader)
        .unwrap_or_else(|e| panic!("{e}"));
    let stitch_ms = t.elapsed().as_secs_f64() * 1e3;
    if let Ok(file) = std::env::var("SCALING_GLSL") {
        // An edited shader in place of the generated one (same resources).
        shader.glsl = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{e}"));
    }
    // naga on a thread of its own: its CPU time, measured there.
    let (compiled, naga_ms) = std::thread::scope(|s| {
        s.spawn(|| {
            let c = thread_ms();
            let compiled = compile(&shader).unwrap_or_else(|e| panic!("{e}"));
            (compiled, thread_ms() - c)
        })
        .join()
        .unwrap()
    });
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
    // Best of seven, or of fewer past 10 s (big networks draw for seconds).
    let steady_start = Instant::now();
    for k in 0..7 {
        if k >= 2 && steady_start.elapsed().as_secs_f64() > 10.0 {
            break;
        }
        let t = Instant::now();
        r.render_image(SIZE, SIZE).unwrap_or_else(|e| panic!("{e}"));
        steady_ms = steady_ms.min(t.elapsed().as_secs_f64() * 1e3);
    }
    let lines = shader.glsl.lines().count();
    println!(
        "stitch={stitch_ms:.2} naga={naga_ms:.1} pipeline={pipeline_ms:.0} first={first_ms:.0} steady={steady_ms:.1} peak={:.0} lines={lines} nodes={} depth={}",
        peak_mb(),
        net.nodes.len(),
        shader.call_depth
    );
}

/// Runs one measurement in a child process and returns its line's values.
fn child(
    kind: &str,
    n: usize,
    mode: &str,
    shape: Option<&str>,
    cache_dir: Option<&std::path::Path>,
) -> Vec<(String, f64)> {
    let exe = std::env::current_exe().unwrap();
    let mut cmd = Command::new(exe);
    cmd.args(["--one", kind, &n.to_string(), mode]);
    if let Some(shape) = shape {
        cmd.env("ROPKIT_SHAPE", shape);
    }
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

const KINDS: [&str; 4] = ["chain", "twists", "tree", "mixed"];

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
    if args.first().map(String::as_str) == Some("--glsl") {
        // The shader a row measures, to read (`--glsl twists 10 live`).
        let mode = match args.get(3).map(String::as_str) {
            Some("baked") => Mode::RenderBaked,
            _ => Mode::Render,
        };
        let lib = library();
        let net = network(&args[1], args[2].parse().unwrap());
        let shader = build(&lib, &net, &knobs(mode).stitch_only())
            .map(|b| b.shader)
            .unwrap_or_else(|e| panic!("{e}"));
        print!("{}", shader.glsl);
        return;
    }
    if args.first().map(String::as_str) == Some("--yaml") {
        // The network a row measures, as a file (`--yaml mixed 300`), to
        // open in the viewer or render from the command line.
        let lib = library();
        print!(
            "{}",
            network(&args[1], args[2].parse().unwrap()).to_yaml(&lib)
        );
        return;
    }
    let shape = args
        .iter()
        .position(|a| a == "--shape")
        .and_then(|i| args.get(i + 1))
        .map(String::as_str);
    let cache_runs = !args.iter().any(|a| a == "--no-cache-runs");
    let sizes: Vec<usize> = args.iter().filter_map(|a| a.parse().ok()).collect();
    let sizes = if sizes.is_empty() {
        vec![10, 100, 300, 1000, 2000]
    } else {
        sizes
    };
    let kinds: Vec<&str> = KINDS
        .into_iter()
        .filter(|k| {
            !args.iter().any(|a| KINDS.contains(&a.as_str())) || args.iter().any(|a| a == k)
        })
        .collect();
    println!(
        "| network | mode | stitch ms | naga ms | pipeline CPU ms (cold) | pipeline CPU ms (cache) | first frame CPU ms (cold) | first frame CPU ms (cache) | steady frame ms | live ÷ baked | peak MB | lines/node | call depth |"
    );
    println!("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for kind in kinds {
        for &n in &sizes {
            let mut baked_frame = f64::NAN;
            for mode in ["baked", "live"] {
                let cold = child(kind, n, mode, shape, None);
                let warm = if cache_runs {
                    let dir = tempfile::tempdir().unwrap();
                    // The first run fills the caches, the second is measured.
                    child(kind, n, mode, shape, Some(dir.path()));
                    child(kind, n, mode, shape, Some(dir.path()))
                } else {
                    Vec::new()
                };
                if cold.is_empty() {
                    continue;
                }
                let steady = get(&cold, "steady");
                let ratio = if mode == "baked" {
                    baked_frame = steady;
                    String::new()
                } else {
                    format!("{:.2}", steady / baked_frame)
                };
                println!(
                    "| {kind} {} | {mode} | {:.2} | {:.1} | {:.0} | {:.0} | {:.0} | {:.0} | {:.1} | {ratio} | {:.0} | {:.1} | {:.0} |",
                    get(&cold, "nodes"),
                    get(&cold, "stitch"),
                    get(&cold, "naga"),
                    get(&cold, "pipeline"),
                    get(&warm, "pipeline"),
                    get(&cold, "first"),
                    get(&warm, "first"),
                    steady,
                    get(&cold, "peak"),
                    get(&cold, "lines") / get(&cold, "nodes"),
                    get(&cold, "depth"),
                );
            }
        }
    }
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
