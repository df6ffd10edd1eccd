//! Meshes as input (`meshSdf`): a mesh file's signed distance baked into a
//! volume. Checked against a brute-force distance to every triangle with a
//! winding-number sign (written here), and by a round trip: `ropkit mesh`
//! of a network in all four formats, read back, samples within a voxel of
//! the network's own distance. Hostile files are refused by name.

use crate::catalog::an::{V3, cross, dot3 as dot, len3 as len, sub3 as sub, tri3};
use crate::catalog::{Rng, points3};
use crate::common::*;
use ropkit::decode::meshes::{bake, bake_box, read_mesh};
use ropkit::network::Network;
use ropkit::render::Renderer;
use ropkit::sample::sample_network;

/// The winding number of a closed mesh around `p` (1 inside, 0 outside):
/// the solid angles of its triangles (Van Oosterom and Strackee), summed.
fn winding(p: V3, tris: &[[V3; 3]]) -> f64 {
    let mut total = 0.0;
    for t in tris {
        let [a, b, c] = t.map(|v| sub(v, p));
        let (la, lb, lc) = (len(a), len(b), len(c));
        let num = dot(a, cross(b, c));
        let den = la * lb * lc + dot(a, b) * lc + dot(b, c) * la + dot(c, a) * lb;
        total += 2.0 * num.atan2(den);
    }
    total / (4.0 * std::f64::consts::PI)
}

fn brute(p: V3, tris: &[[V3; 3]]) -> f64 {
    let d = tris
        .iter()
        .map(|t| tri3(p, t[0], t[1], t[2]))
        .fold(f64::INFINITY, f64::min);
    if winding(p, tris) > 0.5 { -d } else { d }
}

/// The shipped mug (`assets/meshes/mug.stl`), read by stl_io (not by
/// ropkit's reader), and ropkit's bake of it compared voxel by voxel with
/// the brute-force distance at 300 random voxels.
#[test]
fn the_baked_distance_is_the_brute_force_distance_at_the_voxels() {
    let bytes = std::fs::read(root().join("assets/meshes/mug.stl")).unwrap();
    let stl = stl_io::read_stl(&mut std::io::Cursor::new(&bytes)).unwrap();
    let tris: Vec<[V3; 3]> = stl
        .faces
        .iter()
        .map(|f| f.vertices.map(|i| stl.vertices[i].0.map(|c| c as f64)))
        .collect();
    let mesh = read_mesh("mug.stl", &bytes).unwrap();
    assert_eq!(mesh.triangles.len(), tris.len());
    let n = 40u32;
    let (voxels, report) = bake(&mesh, n, u64::MAX).unwrap();
    assert_eq!(report.open_edges, 0, "the mug is closed");
    let (centre, side, longest) = bake_box(&mesh, n).unwrap();
    let h = side as f64 / n as f64;
    let mut rng = Rng::new(0x1234_5678_9abc_def1);
    let (mut worst, mut inside) = (0.0f64, 0);
    for _ in 0..300 {
        let ijk = [0; 3].map(|_| (rng.next() * n as f64) as usize);
        let p: V3 =
            [0, 1, 2].map(|a| centre[a] as f64 - 0.5 * side as f64 + (ijk[a] as f64 + 0.5) * h);
        let o = 8 * (ijk[0] + n as usize * (ijk[1] + n as usize * ijk[2]));
        let got = half::f16::from_le_bytes([voxels.bytes[o], voxels.bytes[o + 1]]).to_f32() as f64
            * longest as f64;
        let want = brute(p, &tris);
        inside += usize::from(want < 0.0);
        assert_eq!(
            got < 0.0,
            want < 0.0,
            "sign at {p:?}: baked {got}, brute force {want}"
        );
        // Half floats keep 11 bits of the value.
        worst = worst.max((got - want).abs() / (1.0 + want.abs() / longest as f64 * 1e-3));
    }
    eprintln!("baked against brute force: worst {worst:.5} (voxel {h:.4}), {inside} of 300 inside");
    assert!(inside > 10, "the sample reaches inside");
    assert!(worst < 0.1 * h, "worst {worst} against a voxel of {h}");
}

/// A network of a box and a ball (an exact union outside, a bound inside)
/// meshed by `ropkit mesh` into each format, read back by meshSdf placed
/// where the mesh came from: near the surface the two distances agree
/// within a voxel (plus the meshing's cell), and their signs agree away
/// from it.
#[test]
fn a_meshed_network_read_back_samples_its_own_distance() {
    let Some(gpu) = gpu("a_meshed_network_read_back_samples_its_own_distance") else {
        return;
    };
    let lib = library();
    let dir = tempfile::tempdir().unwrap();
    let shape = "  /block: { rop: box, params: { Size: [1.2, 0.7, 0.9], Translate: [-0.3, 0, 0.1] } }\n\
                 \x20 /ball: { rop: sphere, params: { Radius: 0.55, Translate: [0.45, 0.25, -0.1] } }\n\
                 \x20 /shape: { rop: combine, params: { Mode: union }, inputs: [/block, /ball] }\n";
    let src = format!(
        "output: /render\nnodes:\n{shape}  /render: {{ rop: raymarchRender3D, inputs: {{ scene: /shape }} }}\n"
    );
    let src_file = dir.path().join("shape.yaml");
    std::fs::write(&src_file, &src).unwrap();
    let original = Network::load(&src_file, &lib).unwrap();
    // Random points around the shape.
    let points = points3(0x5eed_f00d_1234_5678, 2000, -1.4, 1.4);
    let mut r = Renderer::new(gpu.clone());
    let truth: Vec<f32> = sample_network(&original, &lib, &mut r, &points)
        .unwrap()
        .into_iter()
        .map(|v| v[0])
        .collect();
    let cell = 0.025;
    for ext in ["obj", "ply", "stl", "glb"] {
        let file = dir.path().join(format!("shape.{ext}"));
        let run = run_ropkit([
            "mesh".as_ref(),
            src_file.as_os_str(),
            "-o".as_ref(),
            file.as_os_str(),
            "--resolution".as_ref(),
            "96".as_ref(),
        ]);
        assert!(
            run.status.success(),
            "{}",
            String::from_utf8_lossy(&run.stderr)
        );
        // Where the mesh came from: its box's centre and longest side,
        // from ropkit's reading of the file (the readers are checked
        // against the maintained ones in the tests of ropkit mesh).
        let mesh = read_mesh(&format!("x.{ext}"), &std::fs::read(&file).unwrap()).unwrap();
        let n = 64u32;
        let (centre, side, longest) = bake_box(&mesh, n).unwrap();
        let read_back = format!(
            "output: /render\nnodes:\n  /shape: {{ rop: meshSdf, params: {{ File: shape.{ext}, Resolution: {n}, Center: {centre:?}, Size: {longest} }} }}\n\
             \x20 /render: {{ rop: raymarchRender3D, inputs: {{ scene: /shape }} }}\n"
        );
        let net = Network::parse(&read_back, &dir.path().join("read.yaml"), &lib)
            .unwrap_or_else(|e| panic!("{e}"));
        let mut r = Renderer::new(gpu.clone());
        r.asset_dirs = vec![dir.path().to_path_buf()];
        let got: Vec<f32> = sample_network(&net, &lib, &mut r, &points)
            .unwrap_or_else(|e| panic!("{ext}: {}", e.report()))
            .into_iter()
            .map(|v| v[0])
            .collect();
        let voxel = side / n as f32;
        let (mut near, mut worst) = (0, 0.0f32);
        for ((p, a), b) in points.iter().zip(&truth).zip(&got) {
            if a.abs() < 2.0 * voxel {
                near += 1;
                worst = worst.max((a - b).abs());
            } else if a.abs() > 2.0 * voxel {
                assert_eq!(
                    a < &0.0,
                    b < &0.0,
                    "{ext}: sign at {p:?}: network {a}, mesh {b}"
                );
            }
        }
        eprintln!("{ext}: {near} points near the surface, worst {worst:.4} (voxel {voxel:.4})");
        assert!(near > 50, "{ext}: only {near} points near the surface");
        assert!(
            worst <= voxel + cell,
            "{ext}: worst {worst} past a voxel ({voxel}) and the meshing cell"
        );
    }
}

/// Hostile and careless mesh files, named by a meshSdf node: each is
/// refused with a line naming the file and saying what is wrong, without a
/// panic or a hang.
#[test]
fn hostile_mesh_files_are_refused_by_name() {
    let dir = tempfile::tempdir().unwrap();
    let mut stl = vec![b' '; 80];
    stl.extend_from_slice(&4_000_000_000u32.to_le_bytes());
    stl.extend_from_slice(&[0; 100]);
    let ply_bomb = b"ply\nformat binary_little_endian 1.0\nelement vertex 3000000000\nproperty float x\nproperty float y\nproperty float z\nelement face 3000000000\nproperty list uchar uint vertex_indices\nend_header\n\x00\x00\x00\x00";
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        ("billions.stl", stl, "does not match the file's length"),
        ("bomb.ply", ply_bomb.to_vec(), "more than the file holds"),
        (
            "nan.obj",
            b"v 0 0 0\nv 1 0 nan\nv 0 1 0\nf 1 2 3\n".to_vec(),
            "not a finite point",
        ),
        (
            "short.glb",
            b"glTF\x02\x00\x00\x00\x40\x00\x00\x00\xff\xff\x00\x00JSON{".to_vec(),
            "truncated",
        ),
        (
            "open.obj",
            b"v 0 0 0\nv 1 0 0\nv 0 1 0\n".to_vec(),
            "no triangles",
        ),
    ];
    for (name, bytes, want) in cases {
        std::fs::write(dir.path().join(name), &bytes).unwrap();
        let net = dir.path().join(format!("{name}.yaml"));
        std::fs::write(
            &net,
            format!("output: /render\nnodes:\n  /imported: {{ rop: meshSdf, params: {{ File: {name}, Resolution: 16 }} }}\n  /render: {{ rop: raymarchRender3D, inputs: {{ scene: /imported }} }}\n"),
        )
        .unwrap();
        let out = dir.path().join("out.png");
        let started = std::time::Instant::now();
        let run = run_ropkit([
            "render".as_ref(),
            net.as_os_str(),
            "-o".as_ref(),
            out.as_os_str(),
            "--size".as_ref(),
            "8x8".as_ref(),
        ]);
        let err = String::from_utf8_lossy(&run.stderr);
        assert_eq!(run.status.code(), Some(1), "{name}: {err}");
        assert!(err.contains(name) && err.contains(want), "{name}: {err}");
        assert!(
            started.elapsed().as_secs() < 30,
            "{name}: took {:?}",
            started.elapsed()
        );
    }
}
