//! Deep networks: the shape pass joins chains of nodes into straight code in
//! one function (so drivers compile them in linear time), folds runs of
//! transforms into one map, keeps every error at its ROP's line, and no
//! network at or below the limits crashes: it builds and renders, or it is
//! refused with the limit's message. (Timings are in BENCHMARKS.md, not here.)

use crate::common::*;
use crate::scaling::{chain_yaml, tree_yaml};
use ropkit::build::BuildOptions;
use ropkit::build::build;
use ropkit::generate::Mode;
use ropkit::library::Library;
use ropkit::network::Network;
use ropkit::options::Shaping;
use ropkit::render::Renderer;
use std::path::Path;

/// The smallest stack any caller gives the compiler and the driver: the
/// viewer's preview worker is spawned with Rust's default, 2 MiB (Python
/// calls run on the calling Python thread, 8 MiB on Linux, and the command
/// line on the main thread, 8 MiB).
const SMALLEST_STACK: usize = 2 << 20;

fn on_smallest_stack<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    std::thread::scope(|s| {
        std::thread::Builder::new()
            .stack_size(SMALLEST_STACK)
            .spawn_scoped(s, f)
            .expect("a thread")
            .join()
            .unwrap_or_else(|e| std::panic::resume_unwind(e))
    })
}

fn parse(text: &str, lib: &Library) -> Network {
    Network::parse(text, Path::new("deep.yaml"), lib).unwrap_or_else(|e| panic!("{e}"))
}

/// A network whose scene is `nodes` (YAML lines) ending in node `scene`.
fn scene(nodes: &str, scene: &str) -> String {
    format!(
        "output: /render\nnodes:\n{nodes}  /cam: {{ rop: lookAtCamera, params: {{ Position: [4, 3, 6], Target: [0, 0.5, 0] }} }}\n  /light: {{ rop: pointLight, params: {{ Position: [5, 8, 4] }} }}\n  /render: {{ rop: raymarchRender3D, params: {{ AO: false }}, inputs: {{ scene: {scene}, camera: /cam, light: /light }} }}\n"
    )
}

/// Pixels that are not the sky.
fn scene_pixels(img: &image::RgbaImage) -> usize {
    img.pixels()
        .filter(|p| {
            let [r, g, b, _] = p.0;
            !(b > r && b > g && b > 150)
        })
        .count()
}

fn render(
    renderer: &mut Renderer,
    lib: &Library,
    net: &Network,
    mode: Mode,
    size: u32,
) -> image::RgbaImage {
    let built = build(lib, net, &mode.into()).unwrap_or_else(|e| panic!("{}", e.report()));
    renderer.set_built(&built).unwrap_or_else(|e| panic!("{e}"));
    renderer.set_params(&built.shader.param_values(net, lib));
    renderer
        .render_image(size, size)
        .unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn a_thousand_node_chain_and_a_near_limit_tree_build_on_the_smallest_stack() {
    let lib = library();
    let chain = parse(&chain_yaml(1000), &lib);
    // A tree just under the most nodes whose code one shader may hold.
    let tree = parse(&tree_yaml(ropkit::limits::SHADER_NODES - 6), &lib);
    let gpu = gpu("a_thousand_node_chain_and_a_near_limit_tree_build_on_the_smallest_stack");
    on_smallest_stack(|| {
        for (kind, net, modes) in [
            ("chain", &chain, &[Mode::Render, Mode::RenderBaked][..]),
            ("tree", &tree, &[Mode::Render][..]),
        ] {
            for &mode in modes {
                let built = build(&lib, net, &mode.into())
                    .unwrap_or_else(|e| panic!("{kind} {mode:?}: {}", e.report()));
                // However deep the network, the shader's calls are not:
                // the output calls the scene, the camera and the light; a
                // big tree keeps some subtrees as functions of their own
                // (code size), a few levels deep.
                let most = if kind == "chain" { 3 } else { 10 };
                assert!(
                    built.shader.call_depth <= most,
                    "{kind} {mode:?}: calls {} deep",
                    built.shader.call_depth
                );
                let lines = built.shader.glsl.lines().count();
                let per_node = lines as f64 / net.nodes.len() as f64;
                assert!(
                    per_node < 15.0,
                    "{kind} {mode:?}: {per_node:.1} lines a node"
                );
            }
        }
        // The chain draws, on this stack (the driver compiles here too).
        if let Some(gpu) = &gpu {
            let mut r = Renderer::new(gpu.clone());
            for mode in [Mode::Render, Mode::RenderBaked] {
                let img = render(&mut r, &lib, &chain, mode, 16);
                assert!(scene_pixels(&img) > 4, "{mode:?}: the sphere shows");
            }
        }
    });
}

#[test]
fn a_tree_at_the_node_limit_is_refused_before_compiling_naming_the_limit() {
    let lib = library();
    let tree = parse(&tree_yaml(ropkit::limits::NETWORK_NODES - 19), &lib);
    assert!(tree.nodes.len() > ropkit::limits::SHADER_NODES);
    let err = on_smallest_stack(|| build(&lib, &tree, &Mode::Render.into()))
        .expect_err("past SHADER_NODES");
    let text = err.to_string();
    assert!(
        matches!(err, ropkit::build::BuildError::Generate(_)) && text.contains("SHADER_NODES"),
        "{text}"
    );
}

/// Rz·Ry·Rx for angles in degrees about x, then y, then z, as rows.
fn rotation(deg: [f64; 3]) -> [[f64; 3]; 3] {
    let [x, y, z] = deg.map(f64::to_radians);
    let rx = [
        [1.0, 0.0, 0.0],
        [0.0, x.cos(), -x.sin()],
        [0.0, x.sin(), x.cos()],
    ];
    let ry = [
        [y.cos(), 0.0, y.sin()],
        [0.0, 1.0, 0.0],
        [-y.sin(), 0.0, y.cos()],
    ];
    let rz = [
        [z.cos(), -z.sin(), 0.0],
        [z.sin(), z.cos(), 0.0],
        [0.0, 0.0, 1.0],
    ];
    let mul = |a: [[f64; 3]; 3], b: [[f64; 3]; 3]| {
        let mut m = [[0.0; 3]; 3];
        for (r, row) in m.iter_mut().enumerate() {
            for (c, cell) in row.iter_mut().enumerate() {
                *cell = (0..3).map(|k| a[r][k] * b[k][c]).sum();
            }
        }
        m
    };
    mul(mul(rz, ry), rx)
}

/// One filter of the mixed chain below.
#[derive(Clone, Copy)]
enum Filter {
    Transform { t: [f64; 3], r: [f64; 3], s: f64 },
    Round(f64),
}

/// A sphere of radius 0.6 under `filters` (the first is outermost), as YAML.
fn filters_yaml(filters: &[Filter]) -> String {
    let mut nodes = String::from("  /f0: { rop: sphere, params: { Radius: 0.6 } }\n");
    let n = filters.len();
    for (i, f) in filters.iter().rev().enumerate() {
        let k = i + 1;
        let params = match f {
            Filter::Transform { t, r, s } => format!(
                "rop: transform, params: {{ Translate: [{}, {}, {}], Rotate: [{}, {}, {}], Scale: {s} }}",
                t[0], t[1], t[2], r[0], r[1], r[2]
            ),
            Filter::Round(radius) => format!("rop: round, params: {{ Radius: {radius} }}"),
        };
        nodes += &format!("  /f{k}: {{ {params}, inputs: [/f{}] }}\n", k - 1);
    }
    scene(&nodes, &format!("/f{n}"))
}

/// The distance the chain gives at `p`, computed here: each transform
/// moves the point by the inverse of its rotation, translation and scale
/// and scales the distance back; a round subtracts its radius.
fn filters_distance(filters: &[Filter], p: [f64; 3]) -> f64 {
    let mut q = p;
    for f in filters {
        if let Filter::Transform { t, r, s } = f {
            let m = rotation(*r);
            let d = [q[0] - t[0], q[1] - t[1], q[2] - t[2]];
            // Rᵀ d: the rotation undone.
            q = [0, 1, 2].map(|c| (0..3).map(|k| m[k][c] * d[k]).sum::<f64>() / s);
        }
    }
    let mut dist = (q[0] * q[0] + q[1] * q[1] + q[2] * q[2]).sqrt() - 0.6;
    for f in filters.iter().rev() {
        match f {
            Filter::Transform { s, .. } => dist *= s,
            Filter::Round(radius) => dist -= radius,
        }
    }
    dist
}

/// 120 filters: transforms that turn, move and scale a little, with a
/// round after every fifth.
fn mixed_filters() -> Vec<Filter> {
    (0..120)
        .map(|i| {
            if i % 5 == 4 {
                Filter::Round(0.002)
            } else {
                let a = (i % 7) as f64 * 3.0 - 9.0;
                Filter::Transform {
                    t: [0.004 * (i % 3) as f64, -0.003, 0.002],
                    r: [a, -0.5 * a, 0.25 * a],
                    s: if i % 2 == 0 { 1.01 } else { 0.995 },
                }
            }
        })
        .collect()
}

#[test]
fn joined_code_evaluates_the_distance_its_formula_gives() {
    let Some(gpu) = gpu("joined_code_evaluates_the_distance_its_formula_gives") else {
        return;
    };
    let lib = library();
    let filters = mixed_filters();
    let net = parse(&filters_yaml(&filters), &lib);
    // The scene is one function: every filter joined into it.
    let shader = ropkit::build::build(&lib, &net, &BuildOptions::from(Mode::Sample).stitch_only())
        .map(|b| b.shader)
        .unwrap();
    // (Three deep: the sampling entry calls the scene, which calls the
    // sphere: a node with no input keeps its function.)
    assert_eq!(shader.call_depth, 3, "{}", shader.call_depth);
    let points: Vec<[f32; 3]> = (0..64)
        .map(|i| {
            let t = i as f32 * 0.37;
            [t.sin() * 1.1, (t * 1.7).cos() * 0.9, (t * 0.5).sin() * 1.3]
        })
        .collect();
    let mut r = Renderer::new(gpu.clone());
    let got = ropkit::sample::sample_network(&net, &lib, &mut r, &points)
        .unwrap_or_else(|e| panic!("{}", e.report()));
    for (p, v) in points.iter().zip(&got) {
        let want = filters_distance(&filters, p.map(f64::from));
        assert!(
            (v[0] as f64 - want).abs() < 2e-3,
            "at {p:?}: sampled {}, formula {want}",
            v[0]
        );
    }
}

/// Renders the `depth` buffer as floats.
fn depth(
    renderer: &mut Renderer,
    lib: &Library,
    net: &Network,
    shaping: Shaping,
    size: u32,
) -> Vec<f32> {
    let mut net = net.clone();
    let out = net.output.clone();
    net.set_param(lib, &out, "Buffer", &"depth".into()).unwrap();
    let options = BuildOptions {
        shaping,
        ..Mode::Data.into()
    };
    let built = ropkit::build::build(lib, &net, &options).unwrap_or_else(|e| panic!("{e}"));
    let shader = &built.shader;
    renderer.set_built(&built).unwrap();
    renderer.set_params(&shader.param_values(&net, lib));
    renderer
        .render_data(size, size)
        .unwrap()
        .iter()
        .map(|t| t[0])
        .collect()
}

fn worst(a: &[f32], b: &[f32]) -> f32 {
    a.iter()
        .zip(b)
        .map(|(x, y)| (x - y).abs())
        .fold(0.0, f32::max)
}

#[test]
fn folded_transforms_draw_what_each_would_and_edit_without_a_rebuild() {
    let Some(gpu) = gpu("folded_transforms_draw_what_each_would_and_edit_without_a_rebuild") else {
        return;
    };
    let lib = library();
    // Forty turns of 9° about y (a whole turn) and steps of 0.02 up y
    // (which a turn about y leaves alone): one sphere moved up by 0.8.
    let filters: Vec<Filter> = (0..40)
        .map(|_| Filter::Transform {
            t: [0.0, 0.02, 0.0],
            r: [0.0, 9.0, 0.0],
            s: 1.0,
        })
        .collect();
    let chain = parse(&filters_yaml(&filters), &lib);
    let moved = parse(
        &scene(
            "  /s: { rop: sphere, params: { Radius: 0.6, Translate: [0, 0.8, 0] } }\n",
            "/s",
        ),
        &lib,
    );
    let built = build(&lib, &chain, &Mode::Render.into()).unwrap();
    assert_eq!(built.shader.folds.len(), 1, "one folded run");
    assert_eq!(built.shader.folds[0].nodes.len(), 40);
    assert!(built.shader.glsl.contains("40 nodes folded"));
    let mut r = Renderer::new(gpu.clone());
    let size = 48;
    let reference = depth(&mut r, &lib, &moved, Shaping::default(), size);
    let folded = depth(&mut r, &lib, &chain, Shaping::default(), size);
    let unfolded = depth(
        &mut r,
        &lib,
        &chain,
        Shaping {
            splice: true,
            fold: false,
        },
        size,
    );
    let functions = depth(
        &mut r,
        &lib,
        &chain,
        Shaping {
            splice: false,
            fold: false,
        },
        size,
    );
    let hits = reference.iter().filter(|d| **d > 0.0).count();
    assert!(hits > 40, "the sphere shows: {hits} pixels");
    for (what, d) in [
        ("folded", &folded),
        ("unfolded", &unfolded),
        ("functions", &functions),
    ] {
        let w = worst(&reference, d);
        assert!(
            w < 2e-3,
            "{what}: depth differs by {w} from the moved sphere"
        );
    }
    // Scaled and turned every way: folded, joined and separate agree.
    let mixed: Vec<Filter> = mixed_filters()
        .into_iter()
        .filter(|f| matches!(f, Filter::Transform { .. }))
        .take(30)
        .collect();
    let net = parse(&filters_yaml(&mixed), &lib);
    let a = depth(&mut r, &lib, &net, Shaping::default(), size);
    let b = depth(
        &mut r,
        &lib,
        &net,
        Shaping {
            splice: false,
            fold: false,
        },
        size,
    );
    assert!(
        a.iter().filter(|d| **d > 0.0).count() > 40,
        "the sphere shows"
    );
    assert!(worst(&a, &b) < 2e-3, "{}", worst(&a, &b));

    // An edit of a folded transform is a new composed map, not a new shader.
    let mut live = ropkit::live::Live::new(
        ropkit::project::Project::checkout(&root()),
        lib.clone(),
        chain.clone(),
        Some(Renderer::new(gpu.clone())),
    );
    live.rebuild().unwrap();
    let builds = live.stats.shader_builds;
    let value = ropkit::value::ParamValue::Vector(vec![0.3, 0.02, 0.0]);
    live.set_param("/f20", "Translate", value.clone()).unwrap();
    assert_eq!(live.stats.shader_builds, builds, "no rebuild");
    let edited = live.render_image(size, size).unwrap();
    let mut baked = chain.clone();
    baked.set_value(&lib, "/f20", "Translate", value).unwrap();
    let want = render(&mut r, &lib, &baked, Mode::RenderBaked, size);
    let before = render(&mut r, &lib, &chain, Mode::RenderBaked, size);
    let differ = |a: &image::RgbaImage, b: &image::RgbaImage| {
        a.pixels()
            .zip(b.pixels())
            .filter(|(x, y)| x.0.iter().zip(y.0).any(|(p, q)| p.abs_diff(q) > 3))
            .count()
    };
    assert!(differ(&before, &want) > 20, "the edit moves the sphere");
    assert!(
        differ(&edited, &want) <= 3,
        "{} pixels apart",
        differ(&edited, &want)
    );
}

/// The viewer's preview worker (its own thread, spawned with the default
/// stack) builds `net`: the error it reports, or `None` after a complete
/// picture.
fn preview(lib: &Library, net: Network) -> Option<String> {
    use ropkit::viewer::worker::{Event, FrameRequest, Job, Worker};
    use std::time::Duration;
    let project = ropkit::project::Project::checkout(&root());
    let doc = ropkit::document::Document::new(project, lib.clone(), net);
    let worker = Worker::start(&doc, || {});
    worker.send(Job::Frame(FrameRequest {
        width: 16,
        height: 16,
        globals: Default::default(),
    }));
    loop {
        match worker.events.recv_timeout(Duration::from_secs(600)) {
            Ok(Event::Built { error: Some(e), .. }) => return Some(e.to_string()),
            Ok(Event::Rows { complete: true, .. }) => return None,
            Ok(Event::Dead(e)) | Ok(Event::RenderFailed(e)) => panic!("{e}"),
            Ok(_) => {}
            Err(e) => panic!("the preview worker said nothing: {e}"),
        }
    }
}

#[test]
fn a_two_thousand_node_chain_draws_and_a_node_limit_tree_is_refused_in_the_cli_and_viewer() {
    if gpu("a_two_thousand_node_chain_draws_and_a_node_limit_tree_is_refused_in_the_cli_and_viewer")
        .is_none()
    {
        return;
    }
    let lib = library();
    let dir = tempfile::tempdir().unwrap();
    let chain = dir.path().join("chain.yaml");
    let tree = dir.path().join("tree.yaml");
    std::fs::write(&chain, chain_yaml(2000)).unwrap();
    std::fs::write(&tree, tree_yaml(ropkit::limits::NETWORK_NODES - 19)).unwrap();
    let png = dir.path().join("out.png");
    let arg = |p: &Path| p.display().to_string();
    let out = run_ropkit(["render", &arg(&chain), "-o", &arg(&png), "--size", "16x16"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let img = image::open(&png).unwrap().to_rgba8();
    assert!(scene_pixels(&img) > 4, "the chain's sphere shows");
    let out = run_ropkit(["render", &arg(&tree), "-o", &arg(&png), "--size", "16x16"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    // Refused with an exit code, not ended by a signal.
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("SHADER_NODES"), "{stderr}");

    let chain = Network::load(&chain, &lib).unwrap();
    let tree = Network::load(&tree, &lib).unwrap();
    assert_eq!(preview(&lib, chain), None, "the chain draws in the viewer");
    let refused = preview(&lib, tree).expect("the tree is refused");
    assert!(refused.contains("SHADER_NODES"), "{refused}");
}
