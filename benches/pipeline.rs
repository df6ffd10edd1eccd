//! Benchmarks of the hot paths: stitching a network, naga compile, pipeline
//! creation, frame time, generated vs hand-written shader, and the latency
//! from an edit to the frame that shows it. See BENCHMARKS.md.
//!
//! `cargo bench` runs all; `cargo bench -- stitch` only the CPU ones.
//! GPU groups are skipped (with a message) when no adapter is found.

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use ropkit::build::{BuildOptions, build};
use ropkit::compile::compile;
use ropkit::generate::{Mode, Shader, SourceMap};
use ropkit::library::Library;
use ropkit::live::Live;
use ropkit::network::{Network, Node};
use ropkit::project::Project;
use ropkit::render::{Gpu, Renderer};
use ropkit::value::ParamValue;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

fn project() -> Project {
    Project::checkout(&PathBuf::from(env!("CARGO_MANIFEST_DIR")))
}

fn output(net: &mut Network, scene: &str) {
    let mut out = Node::new("raymarchRender3D");
    out.inputs = vec![Some(scene.to_string())];
    net.nodes.insert("/render".into(), out);
    net.output = "/render".into();
}

/// A chain: a sphere under `n - 2` transforms.
pub fn chain(n: usize) -> Network {
    let mut net = Network {
        file: PathBuf::from("chain.yaml"),
        ..Default::default()
    };
    net.nodes.insert("/n0".into(), Node::new("sphere"));
    for i in 1..n.saturating_sub(1) {
        let mut t = Node::new("transform");
        t.params.insert(
            "Translate".into(),
            ParamValue::Vector(vec![0.001 * i as f64, 0.0, 0.0]),
        );
        t.inputs = vec![Some(format!("/n{}", i - 1))];
        net.nodes.insert(format!("/n{i}"), t);
    }
    output(&mut net, &format!("/n{}", n.saturating_sub(2)));
    net
}

/// A balanced tree of `combine` nodes over sphere leaves, about `n` nodes in all.
pub fn tree(n: usize) -> Network {
    let mut net = Network {
        file: PathBuf::from("tree.yaml"),
        ..Default::default()
    };
    let leaves = n.div_ceil(2).max(1);
    let mut level: Vec<String> = (0..leaves)
        .map(|i| {
            let path = format!("/leaf{i}");
            let mut s = Node::new("sphere");
            s.params.insert(
                "Translate".into(),
                ParamValue::Vector(vec![i as f64 * 0.1, 0.0, 0.0]),
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
            c.inputs = pair.iter().map(|p| Some(p.clone())).collect();
            net.nodes.insert(path.clone(), c);
            next.push(path);
        }
        level = next;
    }
    output(&mut net, &level[0]);
    net
}

fn bench_stitch(c: &mut Criterion) {
    let lib = project().load_library();
    let mut group = c.benchmark_group("stitch");
    for n in [10, 100, 1000] {
        let chain = chain(n);
        group.bench_with_input(BenchmarkId::new("chain", n), &chain, |b, net| {
            b.iter(|| build(&lib, net, &Mode::Render.into()).unwrap())
        });
        let tree = tree(n);
        group.bench_with_input(BenchmarkId::new("tree", n), &tree, |b, net| {
            b.iter(|| build(&lib, net, &Mode::Render.into()).unwrap())
        });
    }
    group.finish();
}

fn bench_compile(c: &mut Criterion) {
    let lib = project().load_library();
    let mut group = c.benchmark_group("naga_compile");
    group.sample_size(20);
    for n in [10, 100, 1000] {
        for (kind, net) in [("chain", chain(n)), ("tree", tree(n))] {
            let shader = build(&lib, &net, &BuildOptions::from(Mode::Render).stitch_only())
                .map(|b| b.shader)
                .unwrap();
            group.bench_with_input(BenchmarkId::new(kind, n), &shader, |b, s| {
                b.iter(|| compile(s).unwrap())
            });
        }
    }
    group.finish();
}

fn gpu() -> Option<Gpu> {
    match Gpu::headless() {
        Ok(g) => Some(g),
        Err(e) => {
            eprintln!("skipping GPU benchmarks: {e}");
            None
        }
    }
}

fn presets(lib: &Library) -> Vec<(String, Network)> {
    let dir = project().root.join("presets");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "yaml"))
        .collect();
    files.sort();
    files
        .into_iter()
        .filter_map(|p| {
            Some((
                p.file_stem()?.to_string_lossy().to_string(),
                Network::load(&p, lib).ok()?,
            ))
        })
        .collect()
}

fn bench_gpu(c: &mut Criterion) {
    let Some(gpu) = gpu() else { return };
    let lib = project().load_library();

    let mut group = c.benchmark_group("pipeline_creation");
    group.sample_size(10);
    let default = Network::load(&project().root.join("presets/default.yaml"), &lib).unwrap();
    let built = build(&lib, &default, &Mode::Render.into()).unwrap();
    let mut r = Renderer::new(gpu.clone());
    group.bench_function("default", |b| {
        b.iter(|| {
            r.clear_pipeline_cache();
            r.set_built(&built).unwrap();
        })
    });
    group.finish();

    let mut group = c.benchmark_group("frame_256");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(4));
    let target = r.create_target(256, 256);
    let view = target.create_view(&Default::default());
    for (name, net) in presets(&lib) {
        let Ok(built) = build(&lib, &net, &Mode::Render.into()) else {
            continue;
        };
        let mut r = Renderer::new(gpu.clone());
        r.asset_dirs = project().asset_dirs(&project().root.join("presets/x.yaml"));
        if r.set_built(&built).is_err() {
            continue;
        }
        r.set_params(&built.shader.param_values(&net, &lib));
        r.render_to(&view, 256, 256, true).unwrap(); // the driver compiles on first use
        group.bench_function(&name, |b| {
            b.iter(|| r.render_to(&view, 256, 256, true).unwrap())
        });
    }
    group.finish();

    // Generated against hand-written, same scene, same size.
    let mut group = c.benchmark_group("generated_vs_handwritten_256");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(6));
    // ROPKIT_BENCH_HANDWRITTEN points the comparison at another file (for experiments).
    let variant = std::env::var_os("ROPKIT_BENCH_HANDWRITTEN").map(PathBuf::from);
    let hand_path = variant
        .clone()
        .unwrap_or_else(|| project().root.join("benches/handwritten/default.frag"));
    // A variant of the generated shader keeps its parameter block; the hand-written one has none.
    let (hand_vec4s, hand_values) = match &variant {
        Some(_) => (
            built.shader.param_vec4s,
            built.shader.param_values(&default, &lib),
        ),
        None => (1, vec![[0.0; 4]]),
    };
    let hand_src = std::fs::read_to_string(hand_path).unwrap();
    let hand = Shader {
        glsl: hand_src,
        params: vec![],
        param_vec4s: hand_vec4s,
        textures: vec![],
        source_map: SourceMap::default(),
        rops: vec![],
        names: Default::default(),
        mode: Mode::Render,
        // A variant of the generated shader reads the parameters where it does.
        params_binding: variant.as_ref().and(built.shader.params_binding),
        params_uniform: built.shader.params_uniform,
        points_binding: None,
        folds: vec![],
        call_depth: 0,
        data: vec![],
        warnings: vec![],
    };
    let hand_compiled = compile(&hand).unwrap();
    let mut rh = Renderer::new(gpu.clone());
    rh.set_shader(&hand, &hand_compiled).unwrap();
    rh.set_params(&hand_values);
    rh.render_to(&view, 256, 256, true).unwrap();
    let mut rg = Renderer::new(gpu.clone());
    rg.set_built(&built).unwrap();
    rg.set_params(&built.shader.param_values(&default, &lib));
    rg.render_to(&view, 256, 256, true).unwrap();
    // The same scene with its parameters baked in (what `ropkit render` draws).
    let baked = build(&lib, &default, &Mode::RenderBaked.into()).unwrap();
    let mut rb = Renderer::new(gpu.clone());
    rb.set_built(&baked).unwrap();
    rb.set_params(&built.shader.param_values(&default, &lib));
    rb.render_to(&view, 256, 256, true).unwrap();
    // Background load on a shared machine skews single runs; the minimum of
    // interleaved frames is the steadier figure for the ratios.
    let mut best = [f64::MAX; 3];
    for _ in 0..20 {
        for (k, r) in [&mut rh, &mut rg, &mut rb].into_iter().enumerate() {
            let t = Instant::now();
            r.render_to(&view, 256, 256, true).unwrap();
            best[k] = best[k].min(t.elapsed().as_secs_f64());
        }
    }
    let [hand_ms, live_ms, baked_ms] = best.map(|t| t * 1000.0);
    eprintln!(
        "best of 20 interleaved 256x256 frames: hand-written {hand_ms:.1} ms, generated (live parameters) {live_ms:.1} ms = {:.3}x, generated (baked parameters) {baked_ms:.1} ms = {:.3}x",
        live_ms / hand_ms,
        baked_ms / hand_ms
    );
    group.bench_function("handwritten", |b| {
        b.iter(|| rh.render_to(&view, 256, 256, true).unwrap())
    });
    group.bench_function("generated_baked", |b| {
        b.iter(|| rb.render_to(&view, 256, 256, true).unwrap())
    });
    group.bench_function("generated", |b| {
        b.iter(|| rg.render_to(&view, 256, 256, true).unwrap())
    });
    group.finish();

    // Edit to frame: a parameter edit (uniforms only), and a file save (watch, rebuild, frame).
    let mut group = c.benchmark_group("edit_to_frame_256");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(6));
    let mut live = Live::new(
        project(),
        lib.clone(),
        default.clone(),
        Some(Renderer::new(gpu.clone())),
    );
    let mut radius = 1.0;
    group.bench_function("parameter_edit", |b| {
        b.iter(|| {
            radius = if radius > 1.0 { 0.9 } else { 1.1 };
            live.set_param("/scene/sphere1", "Radius", ParamValue::Float(radius))
                .unwrap();
            live.renderer()
                .unwrap()
                .render_to(&view, 256, 256, true)
                .unwrap();
        })
    });
    let builds = live.stats.shader_builds;
    assert_eq!(builds, 1, "parameter edits rebuilt the shader");
    group.bench_function("rop_file_save", |b| {
        b.iter_custom(|iters| file_save_to_frame(&gpu, &view, iters as usize))
    });
    group.finish();
}

/// Saves a ROP file `iters` times and times each save up to the new frame.
fn file_save_to_frame(gpu: &Gpu, view: &wgpu::TextureView, iters: usize) -> Duration {
    let dir = tempfile::tempdir().unwrap();
    let root = project().root;
    let rops = dir.path().join("rops");
    let sphere = rops.join("sdf/sphere2");
    std::fs::create_dir_all(&sphere).unwrap();
    let yaml = std::fs::read_to_string(root.join("rops/sdf/sphere/rop.yaml"))
        .unwrap()
        .replace("name: sphere", "name: sphere2");
    std::fs::write(sphere.join("rop.yaml"), yaml).unwrap();
    let function = std::fs::read_to_string(root.join("rops/sdf/sphere/function.glsl")).unwrap();
    std::fs::write(sphere.join("function.glsl"), &function).unwrap();
    let text = std::fs::read_to_string(root.join("presets/default.yaml"))
        .unwrap()
        .replace("rop: sphere,", "rop: sphere2,");
    let net_path = dir.path().join("net.yaml");
    std::fs::write(&net_path, text).unwrap();
    let mut project = project();
    project.sources.extra_rops.push(rops.clone());
    let lib = project.load_library();
    let net = Network::load(&net_path, &lib).unwrap();
    let mut live = Live::new(project, lib, net, Some(Renderer::new(gpu.clone())));
    let mut watcher =
        ropkit::watch::Watcher::new(&live.lib.watch_roots(), Some(Path::new(&net_path)), || {})
            .unwrap();
    let mut total = Duration::ZERO;
    for i in 0..iters {
        let t0 = Instant::now();
        std::fs::write(
            sphere.join("function.glsl"),
            function.replace("THIS_Radius;", &format!("THIS_Radius * {}.0;", 1 + i % 2)),
        )
        .unwrap();
        let mut seen;
        loop {
            let changes = watcher.wait(Duration::from_millis(20));
            seen = t0.elapsed();
            if ropkit::watch::apply(&mut live, changes).is_some() {
                break;
            }
        }
        let built = t0.elapsed();
        live.renderer()
            .unwrap()
            .render_to(view, 256, 256, true)
            .unwrap();
        total += t0.elapsed();
        if std::env::var_os("ROPKIT_BENCH_DEBUG").is_some() {
            eprintln!(
                "save: seen {seen:?}, built {built:?}, frame {:?}",
                t0.elapsed()
            );
        }
    }
    total
}

criterion_group!(benches, bench_stitch, bench_compile, bench_gpu);
criterion_main!(benches);
