//! `ropkit sample` streaming a points file, and the many-points path of
//! `sample_network`, checked against the sphere's distance formula.

use crate::common::*;
use ropkit::network::Network;
use ropkit::render::Renderer;
use ropkit::sample::sample_network;

/// Points on a fixed sequence in [-2, 2]³.
fn points(n: usize) -> Vec<[f32; 3]> {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        ((state >> 11) as f64 / (1u64 << 53) as f64 * 4.0 - 2.0) as f32
    };
    (0..n).map(|_| [next(), next(), next()]).collect()
}

/// The fixture's sphere: radius 1 at the origin.
fn sphere(p: [f32; 3]) -> f32 {
    (p[0] * p[0] + p[1] * p[1] + p[2] * p[2]).sqrt() - 1.0
}

#[test]
fn sample_streams_a_file_larger_than_its_chunks() {
    if gpu("sample_streams").is_none() {
        return;
    }
    // About 7 MiB: more than one 4 MiB chunk, lines cut at the chunk's end,
    // with comments, blank lines, commas and one- and two-number lines.
    let pts = points(260_000);
    let mut text = String::from("# x y z\n");
    for (i, p) in pts.iter().enumerate() {
        match i % 5 {
            0 => text += &format!("{},{},{}\n", p[0], p[1], p[2]),
            1 => text += &format!("{} {} {} # note\n\n", p[0], p[1], p[2]),
            _ => text += &format!("{}\t{} {}\n", p[0], p[1], p[2]),
        }
    }
    text += "0.5 0\n0.25 0.5\n";
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("points.txt");
    std::fs::write(&file, &text).unwrap();
    let out = run_ropkit([
        "sample",
        "tests/fixtures/sphere.yaml",
        "--points",
        file.to_str().unwrap(),
        "-v",
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    // -v names each stage.
    for stage in ["parse", "GPU waits", "format and write", "260002 points"] {
        assert!(err.contains(stage), "{stage}: {err}");
    }
    let values: Vec<(f32, i32)> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| {
            let mut w = l.split_whitespace();
            (
                w.next().unwrap().parse().unwrap(),
                w.next().unwrap().parse().unwrap(),
            )
        })
        .collect();
    assert_eq!(values.len(), pts.len() + 2);
    for (p, (v, _)) in pts.iter().zip(&values) {
        assert!(
            (v - sphere(*p)).abs() < 1e-4,
            "{p:?}: {v} vs {}",
            sphere(*p)
        );
    }
    assert!((values[pts.len()].0 + 0.5).abs() < 1e-5);
    assert!((values[pts.len() + 1].0 - (0.3125f32.sqrt() - 1.0)).abs() < 1e-5);

    // A bad line past the first chunk is named by its line number.
    let lines = text.lines().count();
    std::fs::write(&file, format!("{text}1 2 nope\n")).unwrap();
    let out = run_ropkit([
        "sample",
        "tests/fixtures/sphere.yaml",
        "--points",
        file.to_str().unwrap(),
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        err.contains(&format!(
            "points.txt:{}:5: 'nope' is not a number",
            lines + 1
        )),
        "{err}"
    );
}

#[test]
fn sample_many_points_agree_with_few() {
    let Some(gpu) = gpu("sample_many_points") else {
        return;
    };
    let lib = library();
    let net = Network::load(&root().join("tests/fixtures/sphere.yaml"), &lib).unwrap();
    let mut r = Renderer::new(gpu);
    // Many points take the evaluation shader; a few of them the sampling one.
    let many = points(70_000);
    let a = sample_network(&net, &lib, &mut r, &many).unwrap();
    let b = sample_network(&net, &lib, &mut r, &many[..500]).unwrap();
    assert_eq!(a.len(), many.len());
    for (i, p) in many.iter().enumerate() {
        assert!((a[i][0] - sphere(*p)).abs() < 1e-4, "{p:?}");
    }
    for i in 0..500 {
        assert!(
            (a[i][0] - b[i][0]).abs() < 1e-5 && a[i][1] == b[i][1],
            "{i}"
        );
    }
}

/// Runs `ropkit sample` on `network` (YAML text) at `points` (file text)
/// and reads its rows back: distance, then material id.
fn sample_rows(network: &str, points: &str) -> Vec<(f32, i32)> {
    let dir = tempfile::tempdir().unwrap();
    let (net, pts) = (dir.path().join("net.yaml"), dir.path().join("pts.txt"));
    std::fs::write(&net, network).unwrap();
    std::fs::write(&pts, points).unwrap();
    let out = run_ropkit([
        "sample",
        net.to_str().unwrap(),
        "--points",
        pts.to_str().unwrap(),
    ]);
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    text.lines()
        .map(|l| {
            let cols: Vec<&str> = l.split_whitespace().collect();
            assert_eq!(cols.len(), 2, "distance and material: {l}");
            (cols[0].parse().unwrap(), cols[1].parse().unwrap())
        })
        .collect()
}

/// The material column: 0 where no material applies, else the material
/// node's id, 1, 2, ... in the order of the material nodes' paths.
#[test]
fn sample_material_column_names_the_material_of_the_nearest_surface() {
    if gpu("sample_material_column_names_the_material_of_the_nearest_surface").is_none() {
        return;
    }
    let net = "output: /render\nnodes:\n  /s: { rop: sphere, params: { Translate: [-3, 0, 0] } }\n  /b: { rop: box, params: { Translate: [3, 0, 0] } }\n  /floor: { rop: plane, params: { Offset: -5 } }\n  /z_red: { rop: basicMaterial, params: { Color: [1, 0, 0] }, inputs: [/s] }\n  /a_blue: { rop: basicMaterial, params: { Color: [0, 0, 1] }, inputs: [/b] }\n  /pair: { rop: combine, inputs: [/z_red, /a_blue] }\n  /all: { rop: combine, inputs: [/pair, /floor] }\n  /render: { rop: raymarchRender3D, inputs: [/all] }\n";
    let rows = sample_rows(net, "-3 0 0\n-3 2 0\n3 0 0\n3.2 0.45 0\n0 -4.5 0\n0 -9 0\n");
    // The sphere's distance, then the box's, then the floor's.
    let want = [
        (-1.0, 2),
        (1.0, 2),
        (-0.5, 1),
        (-0.05, 1),
        (0.5, 0),
        (-4.0, 0),
    ];
    for (i, ((d, m), (wd, wm))) in rows.iter().zip(want).enumerate() {
        assert!(
            (d - wd).abs() < 1e-4,
            "point {i}: distance {d}, expected {wd}"
        );
        assert_eq!(*m, wm, "point {i}: material");
    }
    assert_eq!(rows.len(), want.len());
}

/// A 2D network samples at (x, y): a third coordinate may be given and is
/// not used.
#[test]
fn sample_2d_networks_take_points_in_the_plane() {
    if gpu("sample_2d_networks_take_points_in_the_plane").is_none() {
        return;
    }
    let net = "output: /render\nnodes:\n  /c: { rop: circle, params: { Radius: 0.5, Translate: [0.2, -0.1] } }\n  /render: { rop: render2D, inputs: { field: /c } }\n";
    let pts = [[0.2, -0.1], [1.2, -0.1], [-0.4, 0.7], [0.2, 0.15]];
    let text: String = pts
        .iter()
        .enumerate()
        .map(|(i, p)| {
            if i % 2 == 0 {
                format!("{} {}\n", p[0], p[1])
            } else {
                format!("{} {} 7.5\n", p[0], p[1])
            }
        })
        .collect();
    let rows = sample_rows(net, &text);
    assert_eq!(rows.len(), pts.len());
    for (p, (d, _)) in pts.iter().zip(&rows) {
        let want = ((p[0] - 0.2f32).powi(2) + (p[1] + 0.1f32).powi(2)).sqrt() - 0.5;
        assert!((d - want).abs() < 1e-4, "at {p:?}: {d}, expected {want}");
    }
}
