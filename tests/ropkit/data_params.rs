//! Data parameters (a `points` list): read inline and from CSV, PLY and
//! OBJ files inside the project, packed into the data texture, and read by
//! ROP code through `THIS_<Param>(i)` and its siblings. Checked on the GPU
//! against the same list evaluated here: the union of balls is
//! `min |p - c_i| - r s_i`, and the nearest point's colour is found by
//! brute force.

use crate::catalog::{Rng, sample};
use crate::common::*;
use ropkit::build::BuildOptions;
use ropkit::generate::{Mode, Shader};
use ropkit::library::Library;
use ropkit::network::Network;
use ropkit::render::Renderer;
use ropkit::sample::sample_network;
use std::path::Path;

fn data_library() -> Library {
    let lib = project(&[root().join("tests/fixtures/data_rops")]).load_library();
    assert!(lib.broken.is_empty(), "{:#?}", lib.broken);
    lib
}

/// (position, scale, colour) of a few points.
fn points() -> Vec<([f64; 3], f64, [f64; 3])> {
    vec![
        ([0.0, 0.0, 0.0], 1.0, [1.0, 0.0, 0.0]),
        ([1.5, 0.25, -0.5], 0.5, [0.0, 1.0, 0.0]),
        ([-1.0, 1.0, 0.75], 2.0, [0.0, 0.0, 1.0]),
        ([0.5, -1.25, 1.0], 1.5, [1.0, 1.0, 0.0]),
    ]
}

fn queries(seed: u64, n: usize) -> Vec<[f32; 3]> {
    let mut rng = Rng::new(seed);
    (0..n)
        .map(|_| {
            [
                rng.range(-2.5, 2.5) as f32,
                rng.range(-2.5, 2.5) as f32,
                rng.range(-2.5, 2.5) as f32,
            ]
        })
        .collect()
}

fn dist(a: [f64; 3], b: [f32; 3]) -> f64 {
    (0..3)
        .map(|k| (a[k] - b[k] as f64).powi(2))
        .sum::<f64>()
        .sqrt()
}

/// The union of balls of radius `r * scale`, by brute force.
fn balls(p: [f32; 3], r: f64) -> f64 {
    points()
        .iter()
        .map(|(c, s, _)| dist(*c, p) - r * s)
        .fold(f64::MAX, f64::min)
}

/// `pointInfo`'s value: the nearest point's colour code and ten times the count.
fn info(p: [f32; 3]) -> f64 {
    let pts = points();
    let (_, _, c) = pts
        .iter()
        .min_by(|a, b| dist(a.0, p).total_cmp(&dist(b.0, p)))
        .unwrap();
    c[0] + 2.0 * c[1] + 4.0 * c[2] + 10.0 * pts.len() as f64
}

fn inline_yaml() -> String {
    let items: Vec<String> = points()
        .iter()
        .map(|(p, s, c)| {
            format!(
                "{{p: [{}, {}, {}], scale: {s}, color: [{}, {}, {}]}}",
                p[0], p[1], p[2], c[0], c[1], c[2]
            )
        })
        .collect();
    format!("[{}]", items.join(", "))
}

fn expect(what: &str, pts: &[[f32; 3]], got: &[[f32; 4]], want: impl Fn([f32; 3]) -> f64) {
    let bad: Vec<String> = pts
        .iter()
        .zip(got)
        .filter(|(p, g)| (g[0] as f64 - want(**p)).abs() > 1e-4 * (1.0 + want(**p).abs()))
        .map(|(p, g)| format!("  at {p:?}: got {}, want {}", g[0], want(*p)))
        .collect();
    assert!(
        bad.is_empty(),
        "{what}: {} of {} differ:\n{}",
        bad.len(),
        pts.len(),
        bad[..bad.len().min(8)].join("\n")
    );
}

#[test]
fn an_inline_point_list_reaches_the_code_with_scales_and_colours() {
    let Some(gpu) = gpu("an_inline_point_list_reaches_the_code_with_scales_and_colours") else {
        return;
    };
    let lib = data_library();
    let pts = queries(7, 300);
    let list = inline_yaml();
    let net = format!(
        "  /s: {{ rop: pointBalls, params: {{ Radius: 0.3, Points: {list} }} }}\n  /out: {{ rop: raymarchRender3D, inputs: [/s] }}\n"
    );
    expect("balls", &pts, &sample(&gpu, &lib, &net, &pts), |p| {
        balls(p, 0.3)
    });
    let net = format!(
        "  /s: {{ rop: pointInfo, params: {{ Points: {list} }} }}\n  /out: {{ rop: probeFloat3, inputs: [/s] }}\n"
    );
    let lib = project(&[
        root().join("tests/fixtures/data_rops"),
        root().join("tests/fixtures/probe_rops"),
    ])
    .load_library();
    expect(
        "nearest colour",
        &pts,
        &sample(&gpu, &lib, &net, &pts),
        info,
    );
}

/// The same list as CSV (with a header), binary PLY and OBJ.
fn write_files(dir: &Path) {
    let mut csv = String::from("x,y,z,scale,r,g,b\n");
    let mut obj = String::from("# points\n");
    let mut ply = format!(
        "ply\nformat binary_little_endian 1.0\nelement vertex {}\nproperty float x\nproperty float y\nproperty float z\nproperty float scale\nproperty uchar red\nproperty uchar green\nproperty uchar blue\nend_header\n",
        points().len()
    )
    .into_bytes();
    for (p, s, c) in points() {
        csv.push_str(&format!(
            "{},{},{},{s},{},{},{}\n",
            p[0], p[1], p[2], c[0], c[1], c[2]
        ));
        obj.push_str(&format!(
            "v {} {} {} {} {} {}\n",
            p[0], p[1], p[2], c[0], c[1], c[2]
        ));
        for v in [p[0], p[1], p[2], s] {
            ply.extend((v as f32).to_le_bytes());
        }
        ply.extend(c.map(|x| (x * 255.0) as u8));
    }
    std::fs::create_dir_all(dir.join("data")).unwrap();
    std::fs::write(dir.join("data/pts.csv"), csv).unwrap();
    std::fs::write(dir.join("data/pts.obj"), obj).unwrap();
    std::fs::write(dir.join("data/pts.ply"), ply).unwrap();
}

fn sample_file(
    gpu: &ropkit::render::Gpu,
    lib: &Library,
    dir: &Path,
    nodes: &str,
    pts: &[[f32; 3]],
) -> Result<Vec<[f32; 4]>, String> {
    let text = format!("output: /out\nnodes:\n{nodes}");
    let net = Network::parse(&text, &dir.join("net.yaml"), lib).map_err(|e| e.to_string())?;
    let mut r = Renderer::new(gpu.clone());
    sample_network(&net, lib, &mut r, pts).map_err(|e| e.to_string())
}

#[test]
fn csv_ply_and_obj_files_give_the_list_they_hold() {
    let Some(gpu) = gpu("csv_ply_and_obj_files_give_the_list_they_hold") else {
        return;
    };
    let lib = project(&[
        root().join("tests/fixtures/data_rops"),
        root().join("tests/fixtures/probe_rops"),
    ])
    .load_library();
    let dir = tempfile::tempdir().unwrap();
    write_files(dir.path());
    let pts = queries(11, 200);
    for file in ["data/pts.csv", "data/pts.ply"] {
        let nodes = format!(
            "  /s: {{ rop: pointBalls, params: {{ Radius: 0.4, Points: {file} }} }}\n  /out: {{ rop: raymarchRender3D, inputs: [/s] }}\n"
        );
        let got = sample_file(&gpu, &lib, dir.path(), &nodes, &pts).unwrap();
        expect(file, &pts, &got, |p| balls(p, 0.4));
    }
    // OBJ carries no scale: colours and positions only.
    for file in ["data/pts.csv", "data/pts.ply", "data/pts.obj"] {
        let nodes = format!(
            "  /s: {{ rop: pointInfo, params: {{ Points: {file} }} }}\n  /out: {{ rop: probeFloat3, inputs: [/s] }}\n"
        );
        let got = sample_file(&gpu, &lib, dir.path(), &nodes, &pts).unwrap();
        expect(file, &pts, &got, info);
    }
}

#[test]
fn a_bad_point_file_is_named_with_its_line_and_the_node() {
    let lib = data_library();
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("bad.csv"), "x,y,z\n1,2,3\n4,oops,6\n").unwrap();
    let build = |value: &str| {
        let text = format!(
            "output: /out\nnodes:\n  /s: {{ rop: pointBalls, params: {{ Points: {value} }} }}\n  /out: {{ rop: raymarchRender3D, inputs: [/s] }}\n"
        );
        let net =
            Network::parse(&text, &dir.path().join("net.yaml"), &lib).map_err(|e| e.to_string())?;
        generate(&lib, &net, Mode::Render)
            .map(|_| ())
            .map_err(|e| e.to_string())
    };
    let e = build("bad.csv").unwrap_err();
    assert!(
        e.contains("bad.csv:3") && e.contains("oops") && e.contains("/s"),
        "{e}"
    );
    let e = build("missing.csv").unwrap_err();
    assert!(
        e.contains("missing.csv") && e.contains("not found") && e.contains("/s"),
        "{e}"
    );
    let e = build("../outside.csv").unwrap_err();
    assert!(e.contains("leaves the project"), "{e}");
    let e = build("/etc/passwd").unwrap_err();
    assert!(e.contains("relative"), "{e}");
    let e = build("[[1, 2], [3]]").unwrap_err();
    assert!(e.contains("point 2"), "{e}");
    std::fs::write(dir.path().join("pts.xyz"), "1 2 3\n").unwrap();
    let e = build("pts.xyz").unwrap_err();
    assert!(e.contains(".csv, .ply or .obj"), "{e}");
    // A symlink inside the project that leads out of it is not followed.
    let outside = tempfile::tempdir().unwrap();
    std::fs::write(outside.path().join("secret.csv"), "1,2,3\n").unwrap();
    std::os::unix::fs::symlink(
        outside.path().join("secret.csv"),
        dir.path().join("link.csv"),
    )
    .unwrap();
    let e = build("link.csv").unwrap_err();
    assert!(e.contains("link.csv"), "{e}");
}

#[test]
fn targets_without_textures_carry_small_lists_as_constants_and_refuse_big_ones() {
    let lib = data_library();
    let net_with = |list: String| {
        let text = format!(
            "output: /out\nnodes:\n  /s: {{ rop: pointBalls, params: {{ Points: {list} }} }}\n  /out: {{ rop: raymarchRender3D, inputs: [/s] }}\n"
        );
        Network::parse(&text, &root().join("data-test.yaml"), &lib).unwrap()
    };
    let net = net_with(inline_yaml());
    let toy = generate(&lib, &net, Mode::Shadertoy).unwrap();
    assert!(
        toy.glsl.contains("rk_dataArray[12]"),
        "four points, three texels each"
    );
    assert!(toy.textures.is_empty());
    let live = generate(&lib, &net, Mode::Render).unwrap();
    assert_eq!(live.data.len(), 12);
    assert!(live.textures.iter().any(|t| t.data));
    assert_glslang(&live.glsl, "live shader with a data texture");
    // 2,000 points are 6,000 texels: more than a constant array takes.
    let many: Vec<String> = (0..2000).map(|i| format!("[{i}, 0, 0]")).collect();
    let net = net_with(format!("[{}]", many.join(", ")));
    let e = generate(&lib, &net, Mode::Shadertoy)
        .unwrap_err()
        .to_string();
    assert!(e.contains("DATA_INLINE_TEXELS"), "{e}");
    assert!(generate(&lib, &net, Mode::Render).is_ok());
}

#[test]
fn an_inline_list_survives_saving() {
    let lib = data_library();
    let text = format!(
        "output: /out\nnodes:\n  /s: {{ rop: pointBalls, params: {{ Points: {} }} }}\n  /out: {{ rop: raymarchRender3D, inputs: [/s] }}\n",
        inline_yaml()
    );
    let net = Network::parse(&text, &root().join("data-test.yaml"), &lib).unwrap();
    let again = Network::parse(&net.to_yaml(&lib), &root().join("data-test.yaml"), &lib).unwrap();
    assert_eq!(net.nodes["/s"].params, again.nodes["/s"].params);
}

#[test]
fn editing_a_point_file_rebuilds_with_the_new_points() {
    use ropkit::live::Live;
    use ropkit::watch::{Watcher, apply};
    use std::time::{Duration, Instant};
    let lib = data_library();
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("pts.csv"), "x,y,z\n0,0,0\n").unwrap();
    let net_path = dir.path().join("net.yaml");
    std::fs::write(
        &net_path,
        "output: /out\nnodes:\n  /s: { rop: pointBalls, params: { Points: pts.csv } }\n  /out: { rop: raymarchRender3D, inputs: [/s] }\n",
    )
    .unwrap();
    let project = project(&[root().join("tests/fixtures/data_rops")]);
    let net = Network::load(&net_path, &lib).unwrap();
    let mut live = Live::new(project.clone(), lib, net, None);
    assert!(live.error.is_none(), "{:?}", live.error);
    assert_eq!(live.built.as_ref().unwrap().shader.data.len(), 3);
    let mut watcher = Watcher::new(&live.lib.watch_roots(), Some(&net_path), || {}).unwrap();
    let files: Vec<_> = project
        .files_on_disk(&live.lib, &live.net)
        .into_iter()
        .map(|(_, f)| f)
        .collect();
    assert_eq!(files.len(), 1, "{files:?}");
    watcher.also_watch(&files).unwrap();
    std::fs::write(dir.path().join("pts.csv"), "x,y,z\n0,0,0\n1,2,3\n").unwrap();
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        if let Some(r) = apply(&mut live, watcher.poll()) {
            r.unwrap();
            break;
        }
        assert!(Instant::now() < deadline, "no change seen");
        std::thread::sleep(Duration::from_millis(10));
    }
    let data = &live.built.as_ref().unwrap().shader.data;
    assert_eq!(data.len(), 6, "two points now");
    assert_eq!(data[3], [1.0, 2.0, 3.0, 1.0]);
}

#[test]
fn the_structure_key_follows_the_points_of_an_inline_list() {
    use ropkit::generate::structure_key;
    let lib = data_library();
    let key = |list: &str| {
        let text = format!(
            "output: /out\nnodes:\n  /s: {{ rop: pointBalls, params: {{ Radius: 0.3, Points: {list} }} }}\n  /out: {{ rop: raymarchRender3D, inputs: [/s] }}\n"
        );
        structure_key(
            &Network::parse(&text, &root().join("data-test.yaml"), &lib).unwrap(),
            &lib,
        )
    };
    let a = key("[[0, 0, 0], [1, 2, 3]]");
    assert_eq!(
        a,
        key("[[0, 0, 0], [1, 2, 3]]"),
        "the same list, the same key"
    );
    assert_ne!(a, key("[[0, 0, 0], [1, 2, 3.5]]"), "a moved point rebuilds");
    assert_ne!(
        a,
        key("[[0, 0, 0], {p: [1, 2, 3], color: [1, 0, 0]}]"),
        "a new colour rebuilds"
    );
    assert_ne!(a, key("[[0, 0, 0]]"), "a shorter list rebuilds");
}

/// Stitches `net` for `mode` without compiling (the build reads the files
/// its data parameters name first).
fn generate(lib: &Library, net: &Network, mode: Mode) -> Result<Shader, ropkit::build::BuildError> {
    ropkit::build::build(lib, net, &BuildOptions::from(mode).stitch_only()).map(|b| b.shader)
}
