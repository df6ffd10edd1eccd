//! Mesh export: topology, accuracy, read-back and robustness, each checked
//! here from the mesh and the scene, never from what the mesher says of itself.

mod features;
mod promises;
mod touching;

use crate::common::*;
use ropkit::library::Library;
use ropkit::mesh::write::{MeshFormat, encode};
use ropkit::mesh::{Aabb, Mesh, MeshError, MeshInfo, MeshOptions, mesh_network};
use ropkit::network::Network;
use ropkit::render::Renderer;
use ropkit::sample::sample_network;
use std::collections::{HashMap, HashSet};
use std::f64::consts::PI;
use std::path::Path;

fn parse(yaml: &str, lib: &Library) -> Network {
    Network::parse(yaml, &root().join("tests/mesh.yaml"), lib).unwrap_or_else(|e| panic!("{e}"))
}

/// A network of one scene node (`rop` with `params`, a YAML flow mapping) on a raymarch output.
fn scene(rop: &str, params: &str) -> String {
    format!(
        "output: /render\nnodes:\n  /shape: {{ rop: {rop}, params: {params} }}\n  /render: {{ rop: raymarchRender3D, inputs: {{ scene: /shape }} }}\n"
    )
}

fn mesh(
    test: &str,
    yaml: &str,
    resolution: u32,
    bounds: Option<Aabb>,
) -> Option<(Mesh, MeshInfo, Network, Library, Renderer)> {
    mesh_with(test, yaml, resolution, bounds, promising_library(), None)
}

/// The library with the distance promises of the shapes these tests use
/// (exact primitives, an isometry, CSG at best a bound), where the ROPs do
/// not declare them yet; what a ROP declares itself stands.
fn promising_library() -> Library {
    use ropkit::library::DistanceKind::*;
    let mut lib = library();
    for (name, kind) in [
        ("sphere", Exact),
        ("box", Exact),
        ("torus", Exact),
        ("transform", Keep),
        ("combine", KeepBound),
    ] {
        if let Some(def) = lib.rops.get_mut(name)
            && def.distance.is_none()
        {
            def.distance = Some(kind);
        }
    }
    lib
}

fn mesh_with(
    test: &str,
    yaml: &str,
    resolution: u32,
    bounds: Option<Aabb>,
    lib: Library,
    tolerance: Option<f32>,
) -> Option<(Mesh, MeshInfo, Network, Library, Renderer)> {
    let gpu = gpu(test)?;
    let net = parse(yaml, &lib);
    let mut r = Renderer::new(gpu);
    let opts = MeshOptions {
        resolution,
        bounds,
        tolerance,
        ..Default::default()
    };
    let (m, info) = mesh_network(&net, &lib, &mut r, &opts, &mut |_, _| {})
        .unwrap_or_else(|e| panic!("{test}: {}", e.report()));
    Some((m, info, net, lib, r))
}

/// Directed edges with the number of times each occurs.
fn directed_edges(m: &Mesh) -> HashMap<(u32, u32), usize> {
    let mut edges = HashMap::new();
    for t in &m.triangles {
        for k in 0..3 {
            *edges.entry((t[k], t[(k + 1) % 3])).or_insert(0) += 1;
        }
    }
    edges
}

/// Closed and consistently oriented: each directed edge once, with its reverse present
/// (so each undirected edge is in exactly two triangles, wound oppositely).
fn assert_closed_oriented(m: &Mesh, what: &str) {
    let edges = directed_edges(m);
    let repeated = edges.values().filter(|&&n| n > 1).count();
    assert_eq!(
        repeated, 0,
        "{what}: {repeated} directed edges occur more than once"
    );
    let unmatched = edges
        .keys()
        .filter(|(a, b)| !edges.contains_key(&(*b, *a)))
        .count();
    assert_eq!(
        unmatched, 0,
        "{what}: {unmatched} edges have no opposite (holes or flipped triangles)"
    );
    let mut undirected: HashMap<(u32, u32), usize> = HashMap::new();
    for (a, b) in edges.keys() {
        *undirected.entry((*a.min(b), *a.max(b))).or_insert(0) += 1;
    }
    assert!(
        undirected.values().all(|&n| n == 2),
        "{what}: an edge is not shared by exactly two triangles"
    );
}

fn euler(m: &Mesh) -> i64 {
    let mut edges = HashSet::new();
    for t in &m.triangles {
        for k in 0..3 {
            let (a, b) = (t[k], t[(k + 1) % 3]);
            edges.insert((a.min(b), a.max(b)));
        }
    }
    let used: HashSet<u32> = m.triangles.iter().flatten().copied().collect();
    used.len() as i64 - edges.len() as i64 + m.triangles.len() as i64
}

fn signed_volume(m: &Mesh) -> f64 {
    m.triangles
        .iter()
        .map(|t| {
            let [a, b, c] = t.map(|i| m.positions[i as usize].map(|x| x as f64));
            (a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0])
                + a[2] * (b[0] * c[1] - b[1] * c[0]))
                / 6.0
        })
        .sum()
}

fn tri_area(m: &Mesh, t: &[u32; 3]) -> f64 {
    let [a, b, c] = t.map(|i| m.positions[i as usize].map(|x| x as f64));
    let u = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
    let v = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
    let n = [
        u[1] * v[2] - u[2] * v[1],
        u[2] * v[0] - u[0] * v[2],
        u[0] * v[1] - u[1] * v[0],
    ];
    0.5 * (n[0] * n[0] + n[1] * n[1] + n[2] * n[2]).sqrt()
}

/// Sound arrays: matching lengths, indices in range, no NaN, unit normals,
/// colours in 0..1, one vertex per position, no degenerate triangles.
fn assert_sound(m: &Mesh, step: f32, what: &str) {
    let n = m.positions.len();
    assert!(n > 0 && !m.triangles.is_empty(), "{what}: empty mesh");
    assert_eq!(m.normals.len(), n, "{what}: normals");
    assert_eq!(m.colors.len(), n, "{what}: colours");
    for t in &m.triangles {
        assert!(
            t.iter().all(|&i| (i as usize) < n),
            "{what}: index out of range"
        );
        assert!(
            t[0] != t[1] && t[1] != t[2] && t[0] != t[2],
            "{what}: repeated index in {t:?}"
        );
        let area = tri_area(m, t);
        assert!(
            area > 1e-9 * (step as f64).powi(2),
            "{what}: degenerate triangle {t:?} (area {area})"
        );
    }
    for (i, p) in m.positions.iter().enumerate() {
        assert!(
            p.iter().all(|x| x.is_finite()),
            "{what}: vertex {i} is {p:?}"
        );
        let nv = m.normals[i];
        let len = (nv[0] * nv[0] + nv[1] * nv[1] + nv[2] * nv[2]).sqrt();
        assert!((len - 1.0).abs() < 1e-3, "{what}: normal {i} is {nv:?}");
        assert!(
            m.colors[i].iter().all(|c| (0.0..=1.0).contains(c)),
            "{what}: colour {i} is {:?}",
            m.colors[i]
        );
    }
    let unique: HashSet<[u32; 3]> = m.positions.iter().map(|p| p.map(f32::to_bits)).collect();
    assert_eq!(unique.len(), n, "{what}: two vertices share a position");
}

/// The SDF at each vertex, through the sampling shader (not the mesher's).
fn sdf_at(net: &Network, lib: &Library, r: &mut Renderer, points: &[[f32; 3]]) -> Vec<f32> {
    sample_network(net, lib, r, points)
        .unwrap_or_else(|e| panic!("{}", e.report()))
        .iter()
        .map(|v| v[0])
        .collect()
}

fn assert_near_surface(
    m: &Mesh,
    info: &MeshInfo,
    net: &Network,
    lib: &Library,
    r: &mut Renderer,
    what: &str,
) {
    let d = sdf_at(net, lib, r, &m.positions);
    let worst = d.iter().fold(0.0f32, |w, x| w.max(x.abs()));
    assert!(
        worst <= 0.5 * info.step,
        "{what}: a vertex is {worst} from the surface, more than half a cell ({})",
        0.5 * info.step
    );
}

fn within(actual: f64, expected: f64, share: f64) -> bool {
    (actual - expected).abs() <= share * expected.abs()
}

#[test]
fn mesh_sphere_is_closed_oriented_and_accurate() {
    let yaml = scene("sphere", "{ Radius: 1.0, Translate: [0.13, -0.07, 0.21] }");
    let Some((m, info, net, lib, mut r)) = mesh("mesh_sphere", &yaml, 40, None) else {
        return;
    };
    assert_sound(&m, info.step, "sphere");
    assert_closed_oriented(&m, "sphere");
    assert!(!info.is_open());
    assert_eq!(euler(&m), 2, "sphere: Euler characteristic");
    let v = signed_volume(&m);
    assert!(
        within(v, 4.0 / 3.0 * PI, 0.02),
        "sphere: volume {v}, expected {}",
        4.0 / 3.0 * PI
    );
    assert_near_surface(&m, &info, &net, &lib, &mut r, "sphere");
    // Normals point away from the centre.
    for (p, n) in m.positions.iter().zip(&m.normals) {
        let q = [p[0] - 0.13, p[1] + 0.07, p[2] - 0.21];
        let len = (q[0] * q[0] + q[1] * q[1] + q[2] * q[2]).sqrt();
        let cos = (q[0] * n[0] + q[1] * n[1] + q[2] * n[2]) / len;
        assert!(
            cos > 0.99,
            "sphere: normal {n:?} at {p:?} is off the radial direction"
        );
    }
    // The bounds found fit the sphere with a little padding.
    for a in 0..3 {
        let c = [0.13, -0.07, 0.21][a];
        assert!(
            info.bounds.min[a] < c - 1.0 && info.bounds.min[a] > c - 1.4,
            "{:?}",
            info.bounds
        );
        assert!(
            info.bounds.max[a] > c + 1.0 && info.bounds.max[a] < c + 1.4,
            "{:?}",
            info.bounds
        );
    }
}

#[test]
fn mesh_box_keeps_its_corners_and_volume() {
    let size = [1.3f32, 0.9, 1.1];
    let centre = [0.11f32, 0.05, -0.17];
    let yaml = scene(
        "box",
        &format!("{{ Size: {size:?}, Translate: {centre:?} }}"),
    );
    let Some((m, info, net, lib, mut r)) = mesh("mesh_box", &yaml, 24, None) else {
        return;
    };
    assert_sound(&m, info.step, "box");
    assert_closed_oriented(&m, "box");
    assert_eq!(euler(&m), 2, "box: Euler characteristic");
    let v = signed_volume(&m);
    let expected = (size[0] * size[1] * size[2]) as f64;
    assert!(
        within(v, expected, 0.01),
        "box: volume {v}, expected {expected}"
    );
    assert_near_surface(&m, &info, &net, &lib, &mut r, "box");
    // Every corner has a vertex on it (dual contouring's QEF), not a rounded stand-in.
    for k in 0..8 {
        let corner: [f32; 3] =
            [0, 1, 2].map(|a| centre[a] + if k & (1 << a) != 0 { 0.5 } else { -0.5 } * size[a]);
        let nearest = m
            .positions
            .iter()
            .map(|p| ((0..3).map(|a| (p[a] - corner[a]).powi(2)).sum::<f32>()).sqrt())
            .fold(f32::MAX, f32::min);
        assert!(
            nearest < 0.02 * info.step,
            "box: corner {corner:?} is {nearest} from the nearest vertex (cell {})",
            info.step
        );
    }
}

#[test]
fn mesh_torus_has_genus_one() {
    let yaml = scene("torus", "{ Radius: 1.0, Thickness: 0.35, Axis: z }");
    let Some((m, info, net, lib, mut r)) = mesh("mesh_torus", &yaml, 48, None) else {
        return;
    };
    assert_sound(&m, info.step, "torus");
    assert_closed_oriented(&m, "torus");
    assert_eq!(euler(&m), 0, "torus: Euler characteristic");
    let v = signed_volume(&m);
    let expected = 2.0 * PI * PI * 1.0 * 0.35f64.powi(2);
    assert!(
        within(v, expected, 0.03),
        "torus: volume {v}, expected {expected}"
    );
    assert_near_surface(&m, &info, &net, &lib, &mut r, "torus");
}

#[test]
fn mesh_separate_objects_add_up() {
    let yaml = "output: /render\nnodes:\n  /a: { rop: sphere, params: { Radius: 0.6, Translate: [-1.2, 0, 0] } }\n  /b: { rop: torus, params: { Radius: 0.7, Thickness: 0.25, Translate: [1.2, 0.1, 0] } }\n  /u: { rop: combine, params: { Mode: union }, inputs: [/a, /b] }\n  /render: { rop: raymarchRender3D, inputs: { scene: /u } }\n";
    let Some((m, info, _, _, _)) = mesh("mesh_separate", yaml, 56, None) else {
        return;
    };
    assert_sound(&m, info.step, "sphere and torus");
    assert_closed_oriented(&m, "sphere and torus");
    assert_eq!(euler(&m), 2, "a sphere (2) and a torus (0)");
    let expected = 4.0 / 3.0 * PI * 0.6f64.powi(3) + 2.0 * PI * PI * 0.7 * 0.25f64.powi(2);
    let v = signed_volume(&m);
    assert!(within(v, expected, 0.04), "volume {v}, expected {expected}");
    // Two connected pieces, found by walking shared vertices.
    assert_eq!(components(&m), 2);
}

fn components(m: &Mesh) -> usize {
    let mut parent: Vec<usize> = (0..m.positions.len()).collect();
    fn find(p: &mut [usize], mut i: usize) -> usize {
        while p[i] != i {
            p[i] = p[p[i]];
            i = p[i];
        }
        i
    }
    for t in &m.triangles {
        for k in 1..3 {
            let (a, b) = (
                find(&mut parent, t[0] as usize),
                find(&mut parent, t[k] as usize),
            );
            parent[a] = b;
        }
    }
    let roots: HashSet<usize> = (0..parent.len()).map(|i| find(&mut parent, i)).collect();
    roots.len()
}

#[test]
fn mesh_files_read_back() {
    let yaml = scene("sphere", "{ Radius: 0.8 }");
    let Some((m, _, _, _, _)) = mesh("mesh_files_read_back", &yaml, 16, None) else {
        return;
    };
    // glTF binary: the gltf crate parses and validates it.
    let glb = encode(&m, MeshFormat::Glb).unwrap();
    let doc = gltf::Gltf::from_slice(&glb).unwrap_or_else(|e| panic!("glb: {e}"));
    let blob = doc.blob.clone().expect("glb has a binary chunk");
    let prim = doc.meshes().next().unwrap().primitives().next().unwrap();
    let reader = prim.reader(|_| Some(&blob));
    let positions: Vec<[f32; 3]> = reader.read_positions().unwrap().collect();
    let normals: Vec<[f32; 3]> = reader.read_normals().unwrap().collect();
    let colors: Vec<[f32; 3]> = reader.read_colors(0).unwrap().into_rgb_f32().collect();
    let indices: Vec<u32> = reader.read_indices().unwrap().into_u32().collect();
    assert_eq!(positions, m.positions);
    assert_eq!(normals, m.normals);
    assert_eq!(colors, m.colors);
    assert_eq!(
        indices,
        m.triangles.iter().flatten().copied().collect::<Vec<_>>()
    );

    // Binary STL: stl_io merges equal corners back into shared vertices.
    let stl = encode(&m, MeshFormat::Stl).unwrap();
    let back = stl_io::read_stl(&mut std::io::Cursor::new(&stl)).unwrap();
    assert_eq!(back.faces.len(), m.triangles.len());
    assert_eq!(back.vertices.len(), m.positions.len());
    back.validate()
        .unwrap_or_else(|e| panic!("STL mesh: {e:?}"));

    // PLY: ply-rs reads the header and both elements.
    let ply = encode(&m, MeshFormat::Ply).unwrap();
    let parser = ply_rs::parser::Parser::<ply_rs::ply::DefaultElement>::new();
    let back = parser.read_ply(&mut std::io::Cursor::new(&ply)).unwrap();
    assert_eq!(back.payload["vertex"].len(), m.positions.len());
    assert_eq!(back.payload["face"].len(), m.triangles.len());
    let v0 = &back.payload["vertex"][0];
    assert_eq!(v0["x"], ply_rs::ply::Property::Float(m.positions[0][0]));
    assert_eq!(
        back.payload["face"][0]["vertex_indices"],
        ply_rs::ply::Property::ListUInt(m.triangles[0].to_vec())
    );

    // OBJ: tobj reads positions and faces.
    let obj = encode(&m, MeshFormat::Obj).unwrap();
    let (models, _) = tobj::load_obj_buf(
        &mut std::io::Cursor::new(&obj),
        &tobj::LoadOptions {
            triangulate: false,
            single_index: false,
            ..Default::default()
        },
        |_| Err(tobj::LoadError::OpenFileFailed),
    )
    .unwrap();
    assert_eq!(models[0].mesh.positions.len(), m.positions.len() * 3);
    assert_eq!(models[0].mesh.indices.len(), m.triangles.len() * 3);
    assert_eq!(models[0].mesh.vertex_color.len(), m.positions.len() * 3);
}

#[test]
fn mesh_colours_come_from_the_materials() {
    // The default preset: a red sphere blended into a blue box on a floor.
    let Some(gpu) = gpu("mesh_colours") else {
        return;
    };
    let lib = library();
    let net = Network::load(&root().join("presets/default.yaml"), &lib).unwrap();
    let mut r = Renderer::new(gpu);
    let opts = MeshOptions {
        resolution: 48,
        ..Default::default()
    };
    let (m, info) = mesh_network(&net, &lib, &mut r, &opts, &mut |_, _| {}).unwrap();
    assert_sound(&m, info.step, "default preset");
    // The floor runs off every side: the bounds cut it and the mesh is open there.
    assert_eq!(info.unbounded, [true, false, true]);
    assert!(info.is_open());
    let colour_near = |p: [f32; 3]| {
        let i = (0..m.positions.len())
            .min_by(|&a, &b| {
                let d = |i: usize| {
                    (0..3)
                        .map(|k| (m.positions[i][k] - p[k]).powi(2))
                        .sum::<f32>()
                };
                d(a).total_cmp(&d(b))
            })
            .unwrap();
        m.colors[i]
    };
    let close = |c: [f32; 3], e: [f32; 3]| (0..3).all(|k| (c[k] - e[k]).abs() < 0.03);
    let top_of_sphere = colour_near([-0.65, 2.0, 0.1]);
    assert!(
        close(top_of_sphere, [0.8, 0.1, 0.05]),
        "sphere top is {top_of_sphere:?}"
    );
    let box_side = colour_near([1.6, 0.7, -0.1]);
    assert!(
        close(box_side, [0.06, 0.22, 0.68]),
        "box side is {box_side:?}"
    );
    // The floor is checkered (squares of 1, grey 0.3 and 0.68, each darkened
    // by up to 10% at random): neighbouring squares are dark and light.
    let (mut dark, mut light) = (colour_near([-2.5, 0.0, 2.5]), colour_near([-1.5, 0.0, 2.5]));
    if dark[0] > light[0] {
        std::mem::swap(&mut dark, &mut light);
    }
    for (c, lo, hi) in [(dark, 0.25, 0.35), (light, 0.55, 0.7)] {
        assert!(
            c.iter().all(|&v| v > lo && v < hi),
            "floor square is {c:?}, not within {lo}..{hi}"
        );
    }

    // A PBR material: its base colour, less the 4% Fresnel reflection of a
    // dielectric seen head-on (which adds 0.04 of white), at every vertex.
    let yaml = "output: /render\nnodes:\n  /s: { rop: sphere }\n  /m: { rop: pbrMaterial, params: { BaseColor: [0.55, 0.4, 0.35], Metallic: 0.0 }, inputs: [/s] }\n  /render: { rop: raymarchRender3D, inputs: { scene: /m } }\n";
    let net = parse(yaml, &lib);
    let opts = MeshOptions {
        resolution: 16,
        ..Default::default()
    };
    let (m, _) = mesh_network(&net, &lib, &mut r, &opts, &mut |_, _| {}).unwrap();
    let expected = [0.55f32, 0.4, 0.35].map(|c| c * 0.96 + 0.04);
    for c in &m.colors {
        assert!(
            close(*c, expected),
            "a PBR vertex is {c:?}, not {expected:?}"
        );
    }
}

#[test]
fn mesh_leaving_the_bounds_is_open_and_says_so() {
    let yaml = scene("sphere", "{ Radius: 1.0 }");
    let cut = Aabb {
        min: [-1.3, -1.3, -1.3],
        max: [1.3, 0.4, 1.3],
    };
    let Some((m, info, _, _, _)) = mesh("mesh_open", &yaml, 24, Some(cut)) else {
        return;
    };
    assert!(info.is_open() && info.open_note().is_some());
    let edges = directed_edges(&m);
    let boundary: Vec<_> = edges
        .keys()
        .filter(|(a, b)| !edges.contains_key(&(*b, *a)))
        .collect();
    assert!(
        !boundary.is_empty(),
        "a cut sphere must have boundary edges"
    );
    // The boundary lies where the bounds cut the sphere, near y = 0.4.
    for (a, _) in &boundary {
        let y = m.positions[*a as usize][1];
        assert!((y - 0.4).abs() < info.step, "boundary vertex at y = {y}");
    }
    // Still oriented: no directed edge twice.
    assert!(edges.values().all(|&n| n == 1));
}

fn ropkit_mesh(args: &[&str]) -> (bool, String) {
    let out = run_ropkit(std::iter::once("mesh").chain(args.iter().copied()));
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn mesh_command_writes_a_valid_glb_and_reports() {
    if gpu("mesh_command").is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("default.glb");
    let (ok, err) = ropkit_mesh(&[
        "presets/default.yaml",
        "-o",
        out.to_str().unwrap(),
        "--resolution",
        "40",
        "--node",
        "/scene/blend",
    ]);
    assert!(ok, "{err}");
    assert!(
        err.contains("bounds "),
        "the bounds found are printed: {err}"
    );
    assert!(err.contains("closed"), "{err}");
    let bytes = std::fs::read(&out).unwrap();
    let doc = gltf::Gltf::from_slice(&bytes).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(doc.meshes().count(), 1);

    // --set reaches the scene: a smaller sphere gives a smaller mesh file.
    let small = dir.path().join("small.stl");
    let (ok, err) = ropkit_mesh(&[
        "presets/default.yaml",
        "-o",
        small.to_str().unwrap(),
        "--resolution",
        "24",
        "--node",
        "/scene/sphere1",
        "--bounds",
        "-2,-1,-1.5,1,3,1.5",
        "--set",
        "/scene/sphere1.Radius=0.5",
    ]);
    assert!(ok, "{err}");
    let m = stl_io::read_stl(&mut std::fs::File::open(&small).unwrap()).unwrap();
    let lo = m.vertices.iter().map(|v| v[1]).fold(f32::MAX, f32::min);
    let hi = m.vertices.iter().map(|v| v[1]).fold(f32::MIN, f32::max);
    assert!(
        (hi - lo - 1.0).abs() < 0.1,
        "the sphere's height is {}",
        hi - lo
    );
}

#[test]
fn mesh_command_refuses_bad_requests_without_writing() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("x.glb");
    let o = out.to_str().unwrap();
    // A resolution that would exhaust memory is refused before any work.
    let (ok, err) = ropkit_mesh(&["presets/default.yaml", "-o", o, "--resolution", "100000"]);
    assert!(
        !ok && err.contains("resolution 100000 is outside 2 to 4096"),
        "{err}"
    );
    // An unknown format.
    let (ok, err) = ropkit_mesh(&["presets/default.yaml", "-o", "x.fbx"]);
    assert!(!ok && err.contains(".glb, .obj, .stl or .ply"), "{err}");
    // The output may not be the network.
    let net = dir.path().join("net.yaml");
    std::fs::copy(root().join("presets/default.yaml"), &net).unwrap();
    let before = std::fs::read(&net).unwrap();
    let (ok, err) = ropkit_mesh(&[net.to_str().unwrap(), "-o", net.to_str().unwrap()]);
    assert!(!ok && err.contains("refusing to overwrite it"), "{err}");
    assert_eq!(std::fs::read(&net).unwrap(), before);
    // Bad bounds.
    let (ok, err) = ropkit_mesh(&["presets/default.yaml", "-o", o, "--bounds", "1,1,1,0,2,2"]);
    assert!(!ok && err.contains("below"), "{err}");
    // A node that is not there, and one that is not a 3D SDF.
    let (ok, err) = ropkit_mesh(&["presets/default.yaml", "-o", o, "--node", "/nope"]);
    assert!(!ok && err.contains("there is no node /nope"), "{err}");
    let (ok, err) = ropkit_mesh(&["presets/default.yaml", "-o", o, "--node", "/cam1"]);
    assert!(
        !ok && err.contains("3D SDF") && err.contains("/cam1"),
        "{err}"
    );
    let (ok, err) = ropkit_mesh(&["presets/shapes2d.yaml", "-o", o]);
    assert!(!ok && err.contains("3D SDF"), "{err}");
    assert!(!out.exists());
}

#[test]
fn mesh_empty_scene_is_an_error_not_an_empty_file() {
    if gpu("mesh_empty").is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let net = dir.path().join("far.yaml");
    std::fs::write(
        &net,
        scene("sphere", "{ Radius: 1.0, Translate: [5000, 0, 0] }"),
    )
    .unwrap();
    let out = dir.path().join("far.glb");
    // Found bounds: nothing within the search cube.
    let (ok, err) = ropkit_mesh(&[net.to_str().unwrap(), "-o", out.to_str().unwrap()]);
    assert!(!ok && err.contains("no surface"), "{err}");
    assert!(!out.exists());
    // Given bounds that miss the surface.
    let near = dir.path().join("near.yaml");
    std::fs::write(&near, scene("sphere", "{ Radius: 1.0 }")).unwrap();
    let (ok, err) = ropkit_mesh(&[
        near.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
        "--bounds",
        "3,3,3,4,4,4",
    ]);
    assert!(!ok && err.contains("no surface inside the bounds"), "{err}");
    assert!(!out.exists());
    // A sphere of radius 0: the search closes in on a point where nothing
    // changes sign, so the grid is searched but gives no triangle.
    let point = dir.path().join("point.yaml");
    std::fs::write(&point, scene("sphere", "{ Radius: 0.0 }")).unwrap();
    let (ok, err) = ropkit_mesh(&[point.to_str().unwrap(), "-o", out.to_str().unwrap()]);
    assert!(!ok && err.contains("no surface inside the bounds"), "{err}");
    assert!(!out.exists());
}

#[test]
fn mesh_too_many_triangles_is_refused_early() {
    let Some(gpu) = gpu("mesh_too_many") else {
        return;
    };
    // Judged from the block count, which a distance promise bounds.
    let lib = promising_library();
    let net = parse(&scene("sphere", "{ Radius: 1.0 }"), &lib);
    let mut r = Renderer::new(gpu);
    let opts = MeshOptions {
        resolution: 1024,
        max_triangles: 10_000,
        ..Default::default()
    };
    let mut calls = 0;
    let t = std::time::Instant::now();
    let e = mesh_network(&net, &lib, &mut r, &opts, &mut |_, _| calls += 1).unwrap_err();
    assert!(matches!(e, MeshError::TooLarge(_)), "{e}");
    // Refused from the block count, before any block was meshed.
    assert_eq!(calls, 0);
    assert!(
        t.elapsed().as_secs() < 20,
        "refusing took {:?}",
        t.elapsed()
    );
}

#[test]
fn mesh_shader_passes_both_compilers() {
    let lib = library();
    for preset in ["default", "temple"] {
        let net = Network::load(&root().join(format!("presets/{preset}.yaml")), &lib).unwrap();
        let scene = ropkit::mesh::scene_network(&net, None).unwrap();
        let built = ropkit::build::build(&lib, &scene, &ropkit::generate::Mode::Mesh.into())
            .unwrap_or_else(|e| panic!("{}", e.report()));
        assert_glslang(&built.shader.glsl, &format!("the mesh shader of {preset}"));
    }
}

#[test]
fn mesh_format_comes_from_the_extension() {
    assert_eq!(
        MeshFormat::from_path(Path::new("a.GLB")).unwrap(),
        MeshFormat::Glb
    );
    assert_eq!(
        MeshFormat::from_path(Path::new("a.ply")).unwrap(),
        MeshFormat::Ply
    );
    assert!(MeshFormat::from_path(Path::new("a")).is_err());
}

#[test]
fn mesh_every_preset_is_manifold_and_sound() {
    // Closed where the scene ends inside the bounds; open only at the bounds.
    let Some(gpu) = gpu("mesh_every_preset") else {
        return;
    };
    let lib = library();
    let mut r = Renderer::new(gpu);
    let mut failures = Vec::new();
    for path in presets() {
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        let net = Network::load(&path, &lib).unwrap();
        // 2D presets have no 3D scene to mesh.
        if net.nodes[&net.output].rop != "raymarchRender3D" {
            continue;
        }
        r.asset_dirs = project(&[]).asset_dirs(&path);
        let opts = MeshOptions {
            resolution: 32,
            ..Default::default()
        };
        let (m, info) = match mesh_network(&net, &lib, &mut r, &opts, &mut |_, _| {}) {
            Ok(x) => x,
            Err(e) => {
                failures.push(format!("{name}: {}", e.report()));
                continue;
            }
        };
        assert_sound(&m, info.step, &name);
        let gap = touching::nearest_pair(&m, info.step) / info.step as f64;
        if gap < 1e-3 {
            failures.push(format!("{name}: two vertices {gap} cells apart"));
        }
        let edges = directed_edges(&m);
        let repeated = edges.values().filter(|&&n| n > 1).count();
        let unmatched: Vec<_> = edges
            .keys()
            .filter(|(a, b)| !edges.contains_key(&(*b, *a)))
            .collect();
        if repeated > 0 {
            failures.push(format!(
                "{name}: {repeated} directed edges repeat (non-manifold or flipped)"
            ));
        }
        if !info.is_open() && !unmatched.is_empty() {
            failures.push(format!(
                "{name}: {} holes in a mesh said to be closed",
                unmatched.len()
            ));
        }
        // Holes of an open mesh lie on the bounds: a hole's edge joins the
        // vertices of two cells on one side of the grid, each in its cell
        // or at most half a cell beyond (where it meets a crease), so both
        // ends lie within a cell and a half of that side.
        let b = info.bounds;
        let reach = 1.5 * info.step * (1.0 + 1e-3);
        for (a, c) in &unmatched {
            let (p, q) = (m.positions[*a as usize], m.positions[*c as usize]);
            let on_side = (0..3).any(|k| {
                let near_min = |x: [f32; 3]| (x[k] - b.min[k]).abs() <= reach;
                let near_max = |x: [f32; 3]| (b.max[k] - x[k]).abs() <= reach;
                (near_min(p) && near_min(q)) || (near_max(p) && near_max(q))
            });
            if !on_side {
                failures.push(format!(
                    "{name}: a hole from {p:?} to {q:?}, inside the bounds"
                ));
                break;
            }
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

#[test]
fn mesh_rotated_box_with_a_bite_keeps_its_edges_on_the_surface() {
    // Edges and corners at angles to the grid, and a concave spherical bite:
    // the QEF puts the vertices on the creases, not inside the solid (a mass
    // point would sit up to half a cell off at a convex edge).
    let yaml = "output: /render\nnodes:\n  /b: { rop: box, params: { Size: [1.3, 0.9, 1.1] } }\n  /t: { rop: transform, params: { Rotate: [20, 35, 10] }, inputs: [/b] }\n  /s: { rop: sphere, params: { Radius: 0.45, Translate: [0.5, 0.5, 0.4] } }\n  /c: { rop: combine, params: { Mode: difference }, inputs: [/t, /s] }\n  /render: { rop: raymarchRender3D, inputs: { scene: /c } }\n";
    let Some((m, info, net, lib, mut r)) = mesh("mesh_rotated_box", yaml, 24, None) else {
        return;
    };
    assert_sound(&m, info.step, "rotated box");
    assert_closed_oriented(&m, "rotated box");
    assert_eq!(euler(&m), 2, "rotated box: Euler characteristic");
    let d = sdf_at(&net, &lib, &mut r, &m.positions);
    let worst = d.iter().fold(0.0f32, |w, x| w.max(x.abs()));
    assert!(
        worst <= 0.3 * info.step,
        "rotated box: a vertex is {} cells from the surface",
        worst / info.step
    );
}
