//! Rendering on a real adapter (lavapipe in CI): golden images, SDF sampling,
//! what parameter edits cost, and what happens when a rebuild fails.
//!
//! Regenerate the golden images with `ROPKIT_BLESS=1 cargo test golden`.

use crate::common::*;
use ropkit::build::build;
use ropkit::generate::Mode;
use ropkit::library::Library;
use ropkit::live::Live;
use ropkit::network::Network;
use ropkit::render::{Gpu, Renderer};
use ropkit::sample::sample_network;
use ropkit::value::ParamValue;
use std::path::{Path, PathBuf};

const GOLDEN_SIZE: u32 = 96;
/// A channel may differ by this much before the pixel counts as different.
const CHANNEL_TOLERANCE: u8 = 10;
/// The same for a golden image (8/255: tighter than the bound).
pub(crate) const GOLDEN_CHANNEL_TOLERANCE: u8 = 8;
/// A golden image and a fresh render of it: at most this many pixels may
/// differ by more than [`GOLDEN_CHANNEL_TOLERANCE`] (one pixel in about
/// 1,800 at 96x96, 0.05%, a rounding at an edge), so a feature a few pixels
/// wide that goes missing fails...
pub(crate) const GOLDEN_PIXELS: usize = 5;
/// ...and the mean difference over all channels stays below this, so a
/// shift of colour or light too small for the per-pixel test fails too.
pub(crate) const GOLDEN_MEAN: f64 = 0.5;
/// Baked parameters against live ones, and one shader through two
/// backends: at most this many pixels may differ by more than this much
/// (the pictures are near-identical).
const BAKED_CHANNEL_TOLERANCE: u8 = 2;
const BAKED_PIXELS: usize = 2;

fn render(gpu: &Gpu, lib: &Library, net: &Network, w: u32, h: u32) -> image::RgbaImage {
    let built = build(lib, net, &Mode::Render.into()).unwrap_or_else(|e| panic!("{e}"));
    let mut r = Renderer::new(gpu.clone());
    r.asset_dirs = project(&[]).asset_dirs(&net.file);
    r.set_built(&built).unwrap_or_else(|e| panic!("{e}"));
    r.set_params(&built.shader.param_values(net, lib));
    r.render_image(w, h).unwrap_or_else(|e| panic!("{e}"))
}

/// Share of pixels whose channels differ by more than the tolerance.
fn difference(a: &image::RgbaImage, b: &image::RgbaImage) -> f64 {
    assert_eq!(a.dimensions(), b.dimensions());
    let differing = a
        .pixels()
        .zip(b.pixels())
        .filter(|(p, q)| {
            p.0.iter()
                .zip(q.0.iter())
                .any(|(x, y)| x.abs_diff(*y) > CHANNEL_TOLERANCE)
        })
        .count();
    differing as f64 / (a.width() * a.height()) as f64
}

/// How a render differs from its golden image: pixels past the channel
/// tolerance, the largest channel difference, and the mean channel difference.
pub(crate) fn golden_difference(a: &image::RgbaImage, b: &image::RgbaImage) -> (usize, u8, f64) {
    golden_difference_by(a, b, GOLDEN_CHANNEL_TOLERANCE)
}

fn golden_difference_by(
    a: &image::RgbaImage,
    b: &image::RgbaImage,
    tolerance: u8,
) -> (usize, u8, f64) {
    assert_eq!(a.dimensions(), b.dimensions());
    let (mut count, mut worst, mut sum) = (0, 0u8, 0u64);
    for (p, q) in a.pixels().zip(b.pixels()) {
        let mut pixel_worst = 0;
        for (x, y) in p.0.iter().zip(q.0.iter()) {
            let d = x.abs_diff(*y);
            pixel_worst = pixel_worst.max(d);
            sum += d as u64;
        }
        worst = worst.max(pixel_worst);
        if pixel_worst > tolerance {
            count += 1;
        }
    }
    let mean = sum as f64 / (a.width() * a.height() * 4) as f64;
    (count, worst, mean)
}

/// Standard deviation of luminance: near zero for a flat (black, say) image.
fn spread(img: &image::RgbaImage) -> f64 {
    let lum: Vec<f64> = img
        .pixels()
        .map(|p| 0.3 * p[0] as f64 + 0.59 * p[1] as f64 + 0.11 * p[2] as f64)
        .collect();
    let mean = lum.iter().sum::<f64>() / lum.len() as f64;
    (lum.iter().map(|l| (l - mean).powi(2)).sum::<f64>() / lum.len() as f64).sqrt()
}

#[test]
fn golden_images_of_every_preset() {
    let Some(gpu) = gpu("golden_images_of_every_preset") else {
        return;
    };
    let lib = library();
    let bless = std::env::var("ROPKIT_BLESS").is_ok_and(|v| v == "1");
    let mut failures = Vec::new();
    let mut blessed = Vec::new();
    for path in presets() {
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        let net = Network::load(&path, &lib).unwrap();
        let img = render(&gpu, &lib, &net, GOLDEN_SIZE, GOLDEN_SIZE);
        assert!(
            spread(&img) > 8.0,
            "{name}: the image is nearly uniform (spread {:.1})",
            spread(&img)
        );
        let golden_path = root().join("tests/golden").join(format!("{name}.png"));
        if bless {
            std::fs::create_dir_all(golden_path.parent().unwrap()).unwrap();
            img.save(&golden_path).unwrap();
            blessed.push(name);
            continue;
        }
        let golden = image::open(&golden_path)
            .unwrap_or_else(|e| {
                panic!(
                    "{}: {e}; create it with ROPKIT_BLESS=1 cargo test golden",
                    golden_path.display()
                )
            })
            .to_rgba8();
        assert_eq!(
            golden.dimensions(),
            img.dimensions(),
            "{name}: the golden image has another size"
        );
        let (count, worst, mean) = golden_difference(&img, &golden);
        if count > GOLDEN_PIXELS || mean > GOLDEN_MEAN {
            let actual = std::env::temp_dir().join(format!("ropkit-{name}-actual.png"));
            img.save(&actual).unwrap();
            failures.push(format!(
                "{name}: {count} pixels differ by more than {GOLDEN_CHANNEL_TOLERANCE} (at most {GOLDEN_PIXELS} may), \
                 worst {worst}, mean difference {mean:.2} (at most {GOLDEN_MEAN}); see {}",
                actual.display()
            ));
        }
    }
    // Writing the images compared nothing: such a run never passes.
    assert!(
        blessed.is_empty(),
        "ROPKIT_BLESS=1: wrote {} golden images to tests/golden ({}) without comparing; \
         look at them, then run again without ROPKIT_BLESS",
        blessed.len(),
        blessed.join(", ")
    );
    assert!(
        failures.is_empty(),
        "golden images differ:\n{}",
        failures.join("\n")
    );
}

/// Every preset has a golden image and every golden image a preset (a
/// golden left behind by a renamed or deleted preset would go unnoticed).
#[test]
fn golden_images_and_presets_match_one_to_one() {
    let stems = |paths: Vec<PathBuf>| -> std::collections::BTreeSet<String> {
        paths
            .iter()
            .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
            .collect()
    };
    let presets = stems(presets());
    let goldens = stems(
        std::fs::read_dir(root().join("tests/golden"))
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect(),
    );
    let orphans: Vec<_> = goldens.difference(&presets).collect();
    assert!(
        orphans.is_empty(),
        "tests/golden holds files with no preset: {orphans:?}; delete them"
    );
    let missing: Vec<_> = presets.difference(&goldens).collect();
    assert!(
        missing.is_empty(),
        "presets without a golden image: {missing:?}; make them with ROPKIT_BLESS=1 cargo test golden"
    );
    // The folder holds PNGs only: the check above sees every file.
    assert!(
        std::fs::read_dir(root().join("tests/golden"))
            .unwrap()
            .all(|e| e.unwrap().path().extension().is_some_and(|x| x == "png"))
    );
}

fn sphere_network(lib: &Library, radius: f64) -> Network {
    let text = format!(
        "output: /render\nnodes:\n  /s: {{ rop: sphere, params: {{ Radius: {radius} }} }}\n  /render: {{ rop: raymarchRender3D, inputs: [/s] }}\n"
    );
    Network::parse(&text, Path::new("sphere.yaml"), lib).unwrap()
}

#[test]
fn sampling_a_unit_sphere_gives_its_exact_distance() {
    let Some(gpu) = gpu("sampling_a_unit_sphere_gives_its_exact_distance") else {
        return;
    };
    let lib = library();
    let net = sphere_network(&lib, 1.0);
    let mut r = Renderer::new(gpu);
    let pts = [
        [2.0, 0.0, 0.0],
        [0.0, 0.0, 0.0],
        [0.0, 3.0, 4.0],
        [0.3, -0.2, 0.1],
    ];
    let out = sample_network(&net, &lib, &mut r, &pts).unwrap();
    for (p, v) in pts.iter().zip(&out) {
        let want = (p[0] * p[0] + p[1] * p[1] + p[2] * p[2]).sqrt() - 1.0;
        assert!((v[0] - want).abs() < 1e-4, "at {p:?}: {} != {want}", v[0]);
    }
    // More points than one batch.
    let many: Vec<[f32; 3]> = (0..2500).map(|i| [i as f32 * 0.01, 0.5, -0.25]).collect();
    let out = sample_network(&net, &lib, &mut r, &many).unwrap();
    assert_eq!(out.len(), many.len());
    for (p, v) in many.iter().zip(&out) {
        let want = (p[0] * p[0] + p[1] * p[1] + p[2] * p[2]).sqrt() - 1.0;
        assert!((v[0] - want).abs() < 1e-4);
    }
}

#[test]
fn sample_command_prints_distance_and_material() {
    if gpu("sample_command_prints_distance_and_material").is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let pts = dir.path().join("points.txt");
    std::fs::write(&pts, "# x y z\n2 0 0\n0 0 0\n").unwrap();
    let pts = pts.to_string_lossy();
    let out = run_ropkit(["sample", "tests/fixtures/sphere.yaml", "--points", &pts]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    let rows: Vec<Vec<f32>> = text
        .lines()
        .map(|l| l.split_whitespace().map(|x| x.parse().unwrap()).collect())
        .collect();
    assert_eq!(rows.len(), 2);
    assert!((rows[0][0] - 1.0).abs() < 1e-4, "{text}");
    assert!((rows[1][0] + 1.0).abs() < 1e-4, "{text}");
}

fn live(gpu: &Gpu, project: ropkit::project::Project, net_path: &Path) -> Live {
    let lib = project.load_library();
    let net = Network::load(net_path, &lib).unwrap_or_else(|e| panic!("{e}"));
    let live = Live::new(project, lib, net, Some(Renderer::new(gpu.clone())));
    assert!(live.error.is_none(), "{:?}", live.error);
    live
}

#[test]
fn a_hundred_parameter_edits_rebuild_nothing() {
    let Some(gpu) = gpu("a_hundred_parameter_edits_rebuild_nothing") else {
        return;
    };
    let mut live = live(&gpu, project(&[]), &root().join("presets/default.yaml"));
    let before = live.render_image(64, 64).unwrap();
    let builds = live.stats.shader_builds;
    let pipelines = live
        .session
        .as_ref()
        .unwrap()
        .renderer
        .stats
        .pipeline_creations;
    for i in 0..100 {
        live.set_param(
            "/scene/sphere1",
            "Radius",
            ParamValue::Float(0.5 + i as f64 * 0.005),
        )
        .unwrap();
        live.set_param(
            "/scene/red",
            "Color",
            ParamValue::Vector(vec![0.1, 0.9, 0.1]),
        )
        .unwrap();
    }
    assert_eq!(
        live.stats.shader_builds, builds,
        "parameter edits must not rebuild the shader"
    );
    assert_eq!(
        live.session
            .as_ref()
            .unwrap()
            .renderer
            .stats
            .pipeline_creations,
        pipelines
    );
    assert_eq!(live.stats.param_updates, 200);
    let after = live.render_image(64, 64).unwrap();
    assert!(
        difference(&before, &after) > 0.02,
        "the edits show in the picture"
    );
}

#[test]
fn a_macro_parameter_edit_rebuilds_and_variants_are_cached() {
    let Some(gpu) = gpu("a_macro_parameter_edit_rebuilds_and_variants_are_cached") else {
        return;
    };
    let mut live = live(&gpu, project(&[]), &root().join("presets/default.yaml"));
    let builds = live.stats.shader_builds;
    let creations = live
        .session
        .as_ref()
        .unwrap()
        .renderer
        .stats
        .pipeline_creations;
    let color = live.render_image(48, 48).unwrap();
    live.set_param("/render", "Buffer", ParamValue::Text("normal".into()))
        .unwrap();
    assert_eq!(live.stats.shader_builds, builds + 1);
    assert_eq!(
        live.session
            .as_ref()
            .unwrap()
            .renderer
            .stats
            .pipeline_creations,
        creations + 1
    );
    let normal = live.render_image(48, 48).unwrap();
    assert!(
        difference(&color, &normal) > 0.3,
        "the normal buffer looks different"
    );
    // Back to colour: rebuilt, but the pipeline comes from the cache.
    live.set_param("/render", "Buffer", ParamValue::Text("color".into()))
        .unwrap();
    assert_eq!(live.stats.shader_builds, builds + 2);
    assert_eq!(
        live.session
            .as_ref()
            .unwrap()
            .renderer
            .stats
            .pipeline_creations,
        creations + 1
    );
    assert!(
        live.session
            .as_ref()
            .unwrap()
            .renderer
            .stats
            .pipeline_cache_hits
            >= 1
    );
    assert!(difference(&color, &live.render_image(48, 48).unwrap()) < 0.001);
}

#[test]
fn a_broken_rop_keeps_the_last_good_picture() {
    let Some(gpu) = gpu("a_broken_rop_keeps_the_last_good_picture") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    copy_dir(&root().join("tests/fixtures/user_rops"), dir.path());
    let mut live = live(
        &gpu,
        project(&[dir.path().to_path_buf()]),
        &root().join("tests/fixtures/user_rop_network.yaml"),
    );
    let good = live.render_image(48, 48).unwrap();
    assert!(spread(&good) > 5.0);
    let function: PathBuf = dir.path().join("shapes/capsuleY/function.glsl");
    let text = std::fs::read_to_string(&function).unwrap();
    std::fs::write(&function, text.replace("length(q)", "lenght(q)")).unwrap();
    let err = live.reload_library().unwrap_err().to_string();
    assert!(err.contains("capsuleY/function.glsl:4:"), "{err}");
    assert!(live.error.is_some());
    let still = live.render_image(48, 48).unwrap();
    assert_eq!(
        difference(&good, &still),
        0.0,
        "the previous pipeline stays in use"
    );
    // Fixing the file brings a new build.
    std::fs::write(
        &function,
        text.replace("THIS_Radius;", "THIS_Radius * 2.0;"),
    )
    .unwrap();
    live.reload_library().unwrap();
    assert!(live.error.is_none());
    assert!(difference(&good, &live.render_image(48, 48).unwrap()) > 0.02);
}

#[test]
fn vulkan_and_gl_backends_agree() {
    let Some(gpu) = gpu("vulkan_and_gl_backends_agree") else {
        return;
    };
    let _ = gpu;
    let vk = Gpu::with_backends(wgpu::Backends::VULKAN);
    let gl = Gpu::with_backends(wgpu::Backends::GL);
    let (vk, gl) = match (vk, gl) {
        (Ok(v), Ok(g)) => (v, g),
        (v, g) => {
            // Both exist wherever Mesa is installed as CI installs it; say which one is missing.
            panic!("need both backends: vulkan {:?}, gl {:?}", v.err(), g.err());
        }
    };
    let lib = library();
    for name in ["default", "shapes2d"] {
        let net = Network::load(&root().join(format!("presets/{name}.yaml")), &lib).unwrap();
        let a = render(&vk, &lib, &net, 80, 80);
        let b = render(&gl, &lib, &net, 80, 80);
        // The same shader through two drivers: near-identical pictures.
        let (count, worst, _) = golden_difference_by(&a, &b, BAKED_CHANNEL_TOLERANCE);
        assert!(
            count <= BAKED_PIXELS,
            "{name}: {count} pixels differ by more than {BAKED_CHANNEL_TOLERANCE} between Vulkan and GL (worst {worst})"
        );
    }
    // Sampling too (its target holds float bits as integers, renderable on both).
    let net = sphere_network(&lib, 1.0);
    let pts = [[2.0, 0.0, 0.0], [0.1, 0.2, 0.3]];
    let a = sample_network(&net, &lib, &mut Renderer::new(vk), &pts).unwrap();
    let b = sample_network(&net, &lib, &mut Renderer::new(gl), &pts).unwrap();
    for (x, y) in a.iter().zip(&b) {
        assert!((x[0] - y[0]).abs() < 1e-5, "{x:?} vs {y:?}");
    }
}

#[test]
fn baked_parameters_render_the_same_picture() {
    let Some(gpu) = gpu("baked_parameters_render_the_same_picture") else {
        return;
    };
    let lib = library();
    for name in ["default", "temple", "materials", "patternFloor"] {
        let net = Network::load(&root().join(format!("presets/{name}.yaml")), &lib).unwrap();
        let live = render(&gpu, &lib, &net, 64, 64);
        let built = build(&lib, &net, &Mode::RenderBaked.into()).unwrap();
        // The values are literals in the parameter macros, with no parameter storage.
        assert!(!built.shader.glsl.contains("vecParams"));
        let sphere = built.shader.glsl.lines().find(|l| {
            l.starts_with("#define scene_sphere1_Radius ")
                || l.starts_with("#define sphere1_Radius ")
        });
        if name == "default" {
            assert_eq!(sphere, Some("#define scene_sphere1_Radius 1.0"));
        }
        assert_glslang(&built.shader.glsl, "baked");
        let mut r = Renderer::new(gpu.clone());
        r.set_built(&built).unwrap();
        r.set_params(&vec![[0.0; 4]; built.shader.param_vec4s]); // ignored: the values are compiled in
        let baked = r.render_image(64, 64).unwrap();
        // The same arithmetic on literals instead of uniform reads: a
        // constant folded by the compiler may round differently, no more.
        let (count, worst, _) = golden_difference_by(&live, &baked, BAKED_CHANNEL_TOLERANCE);
        assert!(
            count <= BAKED_PIXELS,
            "{name}: {count} pixels of the baked picture differ from the live one by more than \
             {BAKED_CHANNEL_TOLERANCE} (worst {worst})"
        );
    }
}

#[test]
fn render_command_writes_frames_buffers_and_overrides() {
    if gpu("render_command_writes_frames_buffers_and_overrides").is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let run = |args: &[&str]| {
        let out = run_ropkit(args);
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    };
    let out = |name: &str| dir.path().join(name).to_string_lossy().to_string();
    run(&[
        "render",
        "presets/default.yaml",
        "-o",
        &out("seq.png"),
        "--size",
        "40x30",
        "--frames",
        "3..4",
    ]);
    for f in ["seq_0003.png", "seq_0004.png"] {
        let img = image::open(dir.path().join(f)).unwrap().to_rgba8();
        assert_eq!(img.dimensions(), (40, 30));
    }
    run(&[
        "render",
        "presets/default.yaml",
        "-o",
        &out("color.png"),
        "--size",
        "48x48",
    ]);
    run(&[
        "render",
        "presets/default.yaml",
        "-o",
        &out("depth.png"),
        "--size",
        "48x48",
        "--buffer",
        "depth",
    ]);
    run(&[
        "render",
        "presets/default.yaml",
        "-o",
        &out("big.png"),
        "--size",
        "48x48",
        "--set",
        "/scene/sphere1.Radius=1.6",
    ]);
    let load = |f: &str| image::open(dir.path().join(f)).unwrap().to_rgba8();
    let (color, depth, big) = (load("color.png"), load("depth.png"), load("big.png"));
    assert!(
        difference(&color, &depth) > 0.3,
        "the depth buffer is not the colour picture"
    );
    // Depth is grey: equal channels.
    assert!(depth.pixels().all(|p| p[0] == p[1] && p[1] == p[2]));
    assert!(difference(&color, &big) > 0.05, "--set changes the picture");
    // A bad override is an error naming it.
    let bad = run_ropkit([
        "render",
        "presets/default.yaml",
        "-o",
        &out("x.png"),
        "--set",
        "/scene/sphere1.Radius=[1,2]",
    ]);
    assert!(!bad.status.success());
    assert!(
        String::from_utf8_lossy(&bad.stderr).contains("Radius"),
        "{}",
        String::from_utf8_lossy(&bad.stderr)
    );
}

/// A unit sphere seen from (0, 0, 5) by a camera looking at the origin.
fn sphere_seen_from_z(lib: &Library) -> Network {
    let text = "output: /render\nnodes:\n  /s: { rop: sphere }\n  /cam: { rop: lookAtCamera, params: { Position: [0, 0, 5], Target: [0, 0, 0] } }\n  /render: { rop: raymarchRender3D, inputs: { scene: /s, camera: /cam } }\n";
    Network::parse(text, Path::new("sphere.yaml"), lib).unwrap()
}

/// Renders one buffer of `net` as raw floats (a `Mode::Data` build).
fn render_data(gpu: &Gpu, lib: &Library, net: &Network, buffer: &str, size: u32) -> Vec<[f32; 4]> {
    let mut net = net.clone();
    let output = net.output.clone();
    net.set_param(lib, &output, "Buffer", &buffer.into())
        .unwrap();
    let built = build(lib, &net, &Mode::Data.into()).unwrap_or_else(|e| panic!("{e}"));
    let mut r = Renderer::new(gpu.clone());
    r.set_built(&built).unwrap();
    r.set_params(&built.shader.param_values(&net, lib));
    let texels = r.render_data(size, size).unwrap();
    assert_eq!(texels.len(), (size * size) as usize);
    // A data shader is not a picture, and a picture shader is not data.
    assert!(r.render_image(size, size).is_err());
    texels
}

#[test]
fn data_renders_give_depth_normals_and_material_ids_as_floats() {
    let Some(gpu) = gpu("data_renders_give_depth_normals_and_material_ids_as_floats") else {
        return;
    };
    let lib = library();
    let net = sphere_seen_from_z(&lib);
    // An odd size puts a pixel centre on the optical axis.
    let size = 33;
    let centre = (size / 2 * size + size / 2) as usize;
    let corner = 0;

    let depth = render_data(&gpu, &lib, &net, "depth", size);
    // The axis ray meets the unit sphere 4 units from the camera.
    assert!((depth[centre][0] - 4.0).abs() < 0.01, "{:?}", depth[centre]);
    assert_eq!(depth[centre][3], 1.0, "alpha 1 where the ray hit");
    assert_eq!(depth[corner][3], 0.0, "the corner ray misses");
    // Off the axis the surface is further away: depth grows towards the rim.
    let off = centre + 5;
    assert!(depth[off][3] == 1.0 && depth[off][0] > depth[centre][0]);

    let normal = render_data(&gpu, &lib, &net, "normal", size);
    let n = normal[centre];
    assert!(
        (n[2] - 1.0).abs() < 0.01 && n[0].abs() < 0.01 && n[1].abs() < 0.01,
        "{n:?}"
    );
    let len = |v: [f32; 4]| (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).sqrt();
    assert!(
        (len(normal[off]) - 1.0).abs() < 0.01,
        "normals are unit length"
    );

    let material = render_data(&gpu, &lib, &net, "material", size);
    assert_eq!(material[corner][0], -1.0, "a miss has material -1");
    assert!(material[centre][0] >= 0.0, "{:?}", material[centre]);

    // Colour as data: linear, unclamped values, not the 8-bit picture.
    let colour = render_data(&gpu, &lib, &net, "color", size);
    assert!(colour[centre][..3].iter().any(|c| *c > 0.0));
    assert_eq!(colour[centre][3], 1.0);
}

#[test]
fn the_data_colour_buffer_is_the_picture_before_exposure_and_gamma() {
    let Some(gpu) = gpu("the_data_colour_buffer_is_the_picture_before_exposure_and_gamma") else {
        return;
    };
    let lib = library();
    let mut net = Network::load(&root().join("presets/default.yaml"), &lib).unwrap();
    // One sample a pixel (data renders take one ray), fog on, a non-trivial grade.
    for (param, value) in [
        ("AA", 1.0),
        ("FogDensity", 0.08),
        ("Exposure", 1.3),
        ("Gamma", 2.0),
    ] {
        net.set_param(&lib, "/render", param, &value.into())
            .unwrap();
    }
    let size = 48;
    let picture = render(&gpu, &lib, &net, size, size);
    let data = render_data(&gpu, &lib, &net, "color", size);
    let mut worst = 0.0f32;
    for (texel, px) in data.iter().zip(picture.pixels()) {
        for (linear, shown) in texel.iter().zip(px.0).take(3) {
            let graded = (linear * 1.3).max(0.0).powf(1.0 / 2.0).min(1.0) * 255.0;
            worst = worst.max((graded - shown as f32).abs());
        }
    }
    assert!(
        worst <= 2.0,
        "data colour and picture differ by {worst}/255"
    );
}

/// The guard against a green run without GPU coverage, run on this very test
/// binary with no adapter to find (a backend this build lacks): a GPU test
/// fails saying what to install, unless ROPKIT_SKIP_GPU=1, and then the
/// skip is counted in the line printed after libtest's summary.
#[test]
fn a_gpu_test_without_an_adapter_fails_or_is_counted_as_skipped() {
    let run = |skip: bool| {
        // Through a shell, with stderr into stdout: one stream, in the order
        // a reader of the log sees it.
        let mut cmd = std::process::Command::new("sh");
        cmd.args([
            "-c",
            "\"$0\" --exact gpu::sampling_a_unit_sphere_gives_its_exact_distance --test-threads=1 2>&1",
        ])
        .arg(std::env::current_exe().unwrap())
        .env("WGPU_BACKEND", "dx12")
        .env_remove("ROPKIT_SKIP_GPU");
        if skip {
            cmd.env("ROPKIT_SKIP_GPU", "1");
        }
        let out = cmd.output().unwrap();
        (
            out.status.success(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
        )
    };
    let (ok, text) = run(false);
    assert!(!ok, "no adapter and no opt-out must fail:\n{text}");
    assert!(
        text.contains("mesa-vulkan-drivers") && text.contains("1 failed"),
        "{text}"
    );
    let (ok, text) = run(true);
    assert!(ok, "{text}");
    let tally = text
        .lines()
        .find(|l| l.starts_with("GPU tests:"))
        .unwrap_or_else(|| panic!("no GPU tally line:\n{text}"));
    assert!(
        tally.starts_with("GPU tests: 0 ran, 1 SKIPPED")
            && tally.ends_with("sampling_a_unit_sphere_gives_its_exact_distance"),
        "{tally}"
    );
    // The tally comes after libtest's own summary, where a reader looks last.
    assert!(text.find("test result:").unwrap() < text.find("GPU tests:").unwrap());
}
