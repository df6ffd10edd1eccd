//! Networks of the size users reach: a thousand nodes build and render, the
//! live and baked paths agree on a big network, and a second open of the
//! same network finds its pipeline in the cache. (Timings are in the
//! benchmarks, not here.)

use crate::common::*;
use ropkit::build::build;
use ropkit::generate::Mode;
use ropkit::library::Library;
use ropkit::network::Network;
use ropkit::render::Renderer;
use std::path::Path;

/// A sphere under `n - 4` transforms, each turned a little, plus a camera,
/// a light and the raymarcher: `n` nodes.
pub fn chain_yaml(n: usize) -> String {
    let mut s =
        String::from("output: /render\nnodes:\n  /n0: { rop: sphere, params: { Radius: 0.8 } }\n");
    let transforms = n.saturating_sub(4).max(1);
    for i in 1..=transforms {
        // Turns that undo each other pair by pair, and small steps: the
        // sphere stays in view however long the chain.
        let a = (5.0 + (i % 7) as f64) * if i % 2 == 0 { -1.0 } else { 1.0 };
        s += &format!(
            "  /n{i}: {{ rop: transform, params: {{ Translate: [0.0005, 0, 0], Rotate: [{a:.2}, {:.2}, {:.2}] }}, inputs: [/n{}] }}\n",
            -a * 0.5,
            a * 0.25,
            i - 1
        );
    }
    s + &tail(&format!("/n{transforms}"))
}

/// A balanced tree of smooth unions over spheres: about `n` nodes.
pub fn tree_yaml(n: usize) -> String {
    let mut s = String::from("output: /render\nnodes:\n");
    let leaves = n.saturating_sub(3).div_ceil(2).max(1);
    let mut level: Vec<String> = Vec::new();
    for i in 0..leaves {
        s += &format!(
            "  /leaf{i}: {{ rop: sphere, params: {{ Radius: 0.3, Translate: [{:.2}, {:.2}, {:.2}] }} }}\n",
            (i % 10) as f64 * 0.4 - 2.0,
            (i / 10 % 10) as f64 * 0.4 - 1.0,
            (i / 100) as f64 * 0.4 - 1.0
        );
        level.push(format!("/leaf{i}"));
    }
    let mut k = 0;
    while level.len() > 1 {
        let mut next = Vec::new();
        for pair in level.chunks(2) {
            s += &format!(
                "  /c{k}: {{ rop: combine, params: {{ Mode: smoothUnion, Blend: 0.1 }}, inputs: [{}] }}\n",
                pair.join(", ")
            );
            next.push(format!("/c{k}"));
            k += 1;
        }
        level = next;
    }
    s + &tail(&level[0])
}

fn tail(scene: &str) -> String {
    format!(
        "  /cam: {{ rop: lookAtCamera, params: {{ Position: [4, 3, 6], Target: [0, 0.5, 0] }} }}\n  /light: {{ rop: pointLight, params: {{ Position: [5, 8, 4] }} }}\n  /render: {{ rop: raymarchRender3D, params: {{ AO: false }}, inputs: {{ scene: {scene}, camera: /cam, light: /light }} }}\n"
    )
}

fn parse(text: &str, lib: &Library) -> Network {
    Network::parse(text, Path::new("big.yaml"), lib).unwrap_or_else(|e| panic!("{e}"))
}

fn render(
    gpu: &ropkit::render::Gpu,
    lib: &Library,
    net: &Network,
    mode: Mode,
    size: u32,
) -> image::RgbaImage {
    let built = build(lib, net, &mode.into()).unwrap_or_else(|e| panic!("{e}"));
    let mut r = Renderer::new(gpu.clone());
    r.set_built(&built).unwrap_or_else(|e| panic!("{e}"));
    r.set_params(&built.shader.param_values(net, lib));
    r.render_image(size, size).unwrap_or_else(|e| panic!("{e}"))
}

/// Pixels that are not the sky (which is blue-grey and brighter than the scene).
fn scene_pixels(img: &image::RgbaImage) -> usize {
    img.pixels()
        .filter(|p| {
            let [r, g, b, _] = p.0;
            !(b > r && b > g && b > 150)
        })
        .count()
}

#[test]
fn a_thousand_node_chain_and_tree_build_and_render() {
    let lib = library();
    for (kind, text) in [("chain", chain_yaml(1000)), ("tree", tree_yaml(1000))] {
        let net = parse(&text, &lib);
        assert!(net.nodes.len() >= 990, "{kind}: {}", net.nodes.len());
        for mode in [Mode::Render, Mode::RenderBaked] {
            let built =
                build(&lib, &net, &mode.into()).unwrap_or_else(|e| panic!("{kind} {mode:?}: {e}"));
            let lines = built.shader.glsl.lines().count();
            // The generated code grows with the node count, never faster:
            // the thousand-node shader is at most ten times the hundred-node one.
            let small = if kind == "chain" {
                chain_yaml(100)
            } else {
                tree_yaml(100)
            };
            let small = build(&lib, &parse(&small, &lib), &mode.into()).unwrap();
            let small_lines = small.shader.glsl.lines().count();
            assert!(
                lines <= 10 * small_lines,
                "{kind} {mode:?}: {lines} lines for 1000 nodes, {small_lines} for 100"
            );
            // One call of the scene in the whole shader, whatever its size.
            let calls = built.shader.glsl.matches("render_map(q)").count();
            assert_eq!(calls, 1, "{kind} {mode:?}");
        }
    }
    let Some(gpu) = gpu("a_thousand_node_chain_and_tree_build_and_render") else {
        return;
    };
    // Rendered at a tiny size: the chain's sphere and the tree's spheres show.
    for (kind, text) in [("chain", chain_yaml(1000)), ("tree", tree_yaml(1000))] {
        let net = parse(&text, &lib);
        let img = render(&gpu, &lib, &net, Mode::RenderBaked, 16);
        let seen = scene_pixels(&img);
        assert!(seen > 4, "{kind}: the scene shows ({seen} pixels)");
    }
}

#[test]
fn live_and_baked_paths_give_the_same_picture_on_a_big_network() {
    let Some(gpu) = gpu("live_and_baked_paths_give_the_same_picture_on_a_big_network") else {
        return;
    };
    let lib = library();
    for (kind, text) in [("chain", chain_yaml(120)), ("tree", tree_yaml(200))] {
        let net = parse(&text, &lib);
        let live = render(&gpu, &lib, &net, Mode::Render, 48);
        let baked = render(&gpu, &lib, &net, Mode::RenderBaked, 48);
        assert!(scene_pixels(&live) > 100, "{kind}: the scene shows");
        // The same values, once from a buffer and once as literals: at most
        // rounding apart.
        let worst = live
            .pixels()
            .zip(baked.pixels())
            .map(|(a, b)| {
                a.0.iter()
                    .zip(b.0)
                    .map(|(x, y)| (*x as i32 - y as i32).abs())
                    .max()
                    .unwrap_or(0)
            })
            .max()
            .unwrap_or(0);
        let differing = live
            .pixels()
            .zip(baked.pixels())
            .filter(|(a, b)| {
                a.0.iter()
                    .zip(b.0)
                    .any(|(x, y)| (*x as i32 - y as i32).abs() > 2)
            })
            .count();
        assert!(
            differing <= 3,
            "{kind}: {differing} pixels differ by more than 2/255 (worst {worst})"
        );
    }
}

#[test]
fn a_second_open_of_the_same_network_compiles_nothing_new() {
    if gpu("a_second_open_of_the_same_network_compiles_nothing_new").is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let net = dir.path().join("chain.yaml");
    std::fs::write(&net, chain_yaml(40)).unwrap();
    let cache = dir.path().join("cache");
    let files = |d: &Path| -> Vec<(std::path::PathBuf, u64)> {
        let mut v = Vec::new();
        let mut stack = vec![d.to_path_buf()];
        while let Some(d) = stack.pop() {
            for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
                let p = e.path();
                if p.is_dir() {
                    stack.push(p);
                } else {
                    v.push((p.clone(), e.metadata().map(|m| m.len()).unwrap_or(0)));
                }
            }
        }
        v.sort();
        v
    };
    let run = |extra: &[(&str, &str)]| {
        let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_ropkit"));
        cmd.current_dir(root())
            .env("XDG_CACHE_HOME", &cache)
            .env_remove("MESA_SHADER_CACHE_DISABLE")
            .env_remove("ROPKIT_NO_CACHE")
            .args(["render"])
            .arg(&net)
            .arg("-o")
            .arg(dir.path().join("out.png"))
            .args(["--size", "24x24"]);
        for (k, v) in extra {
            cmd.env(k, v);
        }
        let out = cmd.output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        assert!(out.status.success(), "{stderr}");
        stderr
    };
    // With the cache off nothing is written.
    run(&[("ROPKIT_NO_CACHE", "1")]);
    assert!(files(&cache).is_empty(), "{:?}", files(&cache));
    // The first open compiles and stores; the second finds everything there:
    // the caches (ropkit's own where the driver keeps pipelines in it, and the
    // driver's shader cache) gain nothing, so nothing new was compiled.
    run(&[]);
    let after_first = files(&cache);
    assert!(
        !after_first.is_empty(),
        "the first open stores its pipeline"
    );
    let second = run(&[]);
    assert_eq!(
        files(&cache),
        after_first,
        "the second open compiled something: {second}"
    );
    // The summary line still says how long the pipeline took.
    assert!(second.contains("pipeline "), "{second}");
}
