//! Renderer features: reflections and refraction in raymarchRender3D, and
//! that a network using neither generates exactly the shader it did before
//! they existed.

use crate::common::*;

/// FNV-1a, 64 bits: how `tests/fixtures/preset_glsl_hashes.txt` was made.
fn fnv1a64(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf29ce484222325;
    for b in bytes {
        h ^= *b as u64;
        h = h.wrapping_mul(0x100000001b3);
    }
    h
}

#[test]
fn fnv1a64_matches_the_published_test_vectors() {
    assert_eq!(fnv1a64(b""), 0xcbf29ce484222325);
    assert_eq!(fnv1a64(b"a"), 0xaf63dc4c8601ec8c);
    assert_eq!(fnv1a64(b"foobar"), 0x85944171f73967e8);
}

/// Every preset that existed before reflections and refraction generates
/// the same bytes as then, through `ropkit build` and the Shadertoy export
/// (see the fixture's header for how it was made). The bytes are those of
/// the shader with every node a function of its own (`ROPKIT_SHAPE=
/// functions`): the shape pass, which joins nodes' code, changes them on
/// purpose, and its own tests (`depth.rs`, the golden images) check what it
/// draws.
#[test]
fn unused_renderer_features_leave_every_preset_shader_unchanged() {
    let fixture = std::fs::read_to_string(root().join("tests/fixtures/preset_glsl_hashes.txt"))
        .expect("tests/fixtures/preset_glsl_hashes.txt");
    let mut checked = 0;
    let mut changed = Vec::new();
    for line in fixture.lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let cells: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(cells.len(), 4, "bad fixture line: {line}");
        let (kind, name, len, hash) = (cells[0], cells[1], cells[2], cells[3]);
        let preset = format!("presets/{name}.yaml");
        let args: Vec<&str> = match kind {
            "build" => vec!["build", &preset],
            "shadertoy" => vec!["export", &preset, "--format", "shadertoy"],
            other => panic!("unknown kind {other} in the fixture"),
        };
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_ropkit"))
            .current_dir(root())
            .env("ROPKIT_SHAPE", "functions")
            .args(&args)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "ropkit {}: {}",
            args.join(" "),
            String::from_utf8_lossy(&out.stderr)
        );
        let got_len = out.stdout.len().to_string();
        let got_hash = format!("{:016x}", fnv1a64(&out.stdout));
        if got_len != len || got_hash != hash {
            changed.push(format!(
                "{kind} {name}: {got_len} bytes, hash {got_hash} (was {len} bytes, {hash})"
            ));
        }
        checked += 1;
    }
    assert_eq!(
        checked, 38,
        "the fixture lists 19 presets, each built and exported"
    );
    assert!(
        changed.is_empty(),
        "these shaders are no longer what the presets generated before:\n{}",
        changed.join("\n")
    );
}

// ---------------------------------------------------------------------------
// Pictures

use ropkit::build::build;
use ropkit::generate::Mode;
use ropkit::library::Library;
use ropkit::network::Network;
use ropkit::render::{Gpu, Renderer};
use std::path::Path;

const SIZE: u32 = 96;

fn network(lib: &Library, text: &str) -> Network {
    Network::parse(text, Path::new("renderer.yaml"), lib).unwrap_or_else(|e| panic!("{e}"))
}

fn render(gpu: &Gpu, lib: &Library, net: &Network) -> image::RgbaImage {
    let built = build(lib, net, &Mode::Render.into()).unwrap_or_else(|e| panic!("{e}"));
    let mut r = Renderer::new(gpu.clone());
    r.set_built(&built).unwrap_or_else(|e| panic!("{e}"));
    r.set_params(&built.shader.param_values(net, lib));
    r.render_image(SIZE, SIZE).unwrap_or_else(|e| panic!("{e}"))
}

type V3 = [f64; 3];

fn sub(a: V3, b: V3) -> V3 {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}
fn dot(a: V3, b: V3) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}
fn cross(a: V3, b: V3) -> V3 {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}
fn normalize(a: V3) -> V3 {
    let l = dot(a, a).sqrt();
    [a[0] / l, a[1] / l, a[2] / l]
}

/// The pixel (column, row from the top) where a lookAtCamera at `pos`,
/// aimed at `target` with vertical field of view `fov` degrees, sees
/// `point` (the camera model of `ropkitLookAt` in shaders/common.glsl).
fn project(pos: V3, target: V3, fov: f64, point: V3) -> (f64, f64) {
    let fw = normalize(sub(target, pos));
    let rt = normalize(cross(fw, [0.0, 1.0, 0.0]));
    let cu = cross(rt, fw);
    let focal = 0.5 / (fov.to_radians() * 0.5).tan();
    let d = sub(point, pos);
    let (u, v) = (
        dot(d, rt) * focal / dot(d, fw),
        dot(d, cu) * focal / dot(d, fw),
    );
    let s = SIZE as f64;
    (s * 0.5 + u * s, s * 0.5 - v * s)
}

/// The mean colour of the pixels within `r` of (x, y).
fn mean_around(img: &image::RgbaImage, (x, y): (f64, f64), r: i64) -> [f64; 3] {
    let (mut sum, mut n) = ([0.0; 3], 0.0);
    for dy in -r..=r {
        for dx in -r..=r {
            let (px, py) = (x.round() as i64 + dx, y.round() as i64 + dy);
            assert!(
                px >= 0 && py >= 0 && px < img.width() as i64 && py < img.height() as i64,
                "({x}, {y}) lies outside the picture"
            );
            let p = img.get_pixel(px as u32, py as u32);
            for c in 0..3 {
                sum[c] += p[c] as f64;
            }
            n += 1.0;
        }
    }
    sum.map(|s| s / n)
}

fn is_red(c: [f64; 3]) -> bool {
    c[0] > 100.0 && c[0] > 2.0 * c[1] && c[0] > 2.0 * c[2]
}

fn is_blue(c: [f64; 3]) -> bool {
    c[2] > 100.0 && c[2] > 2.0 * c[0] && c[2] > 1.5 * c[1]
}

const MIRROR_CAM: V3 = [0.0, 0.9, 5.0];
const MIRROR_TARGET: V3 = [0.0, 0.0, 0.0];
const MIRROR_FOV: f64 = 40.0;
const BALL: V3 = [0.0, 0.6, 0.0];

/// A red ball of radius 0.5 above a grey mirror floor (the plane y = 0).
fn mirror_scene(lib: &Library, reflections: u32) -> Network {
    mirror_scene_tinted(lib, reflections, [1.0, 1.0, 1.0])
}

fn mirror_scene_tinted(lib: &Library, reflections: u32, tint: [f64; 3]) -> Network {
    network(
        lib,
        &format!(
            "output: /render
nodes:
  /floor: {{ rop: plane }}
  /mirror: {{ rop: reflectMaterial, params: {{ Color: [0.5, 0.5, 0.5], Reflectivity: 0.9, Tint: [{}, {}, {}] }}, inputs: [/floor] }}
  /ball: {{ rop: sphere, params: {{ Radius: 0.5, Translate: [{}, {}, {}] }} }}
  /red: {{ rop: basicMaterial, params: {{ Color: [0.9, 0.05, 0.05] }}, inputs: [/ball] }}
  /scene: {{ rop: combine, params: {{ Mode: union }}, inputs: [/mirror, /red] }}
  /cam: {{ rop: lookAtCamera, params: {{ Position: [{}, {}, {}], Target: [{}, {}, {}], Fov: {MIRROR_FOV} }} }}
  /key: {{ rop: pointLight, params: {{ Position: [2, 5, 4] }} }}
  /render: {{ rop: raymarchRender3D, params: {{ Reflections: {reflections}, Ambient: 0.3, Background: [0.5, 0.6, 0.7] }}, inputs: {{ scene: /scene, camera: /cam, light: /key }} }}
",
            tint[0],
            tint[1],
            tint[2],
            BALL[0],
            BALL[1],
            BALL[2],
            MIRROR_CAM[0],
            MIRROR_CAM[1],
            MIRROR_CAM[2],
            MIRROR_TARGET[0],
            MIRROR_TARGET[1],
            MIRROR_TARGET[2],
        ),
    )
}

/// The mirror image of the ball in the plane y = 0 is a ball at (x, -y, z):
/// with one reflection pass its centre's pixel is red, without it the same
/// pixel shows the grey floor; the ball itself is red in both.
#[test]
fn a_mirror_plane_shows_a_red_ball_where_its_mirror_image_lies() {
    let Some(gpu) = gpu("a_mirror_plane_shows_a_red_ball_where_its_mirror_image_lies") else {
        return;
    };
    let lib = library();
    let image_centre = [BALL[0], -BALL[1], BALL[2]];
    let at_image = project(MIRROR_CAM, MIRROR_TARGET, MIRROR_FOV, image_centre);
    let at_ball = project(MIRROR_CAM, MIRROR_TARGET, MIRROR_FOV, BALL);
    // The two are far enough apart that neither window reaches the other ball.
    assert!(at_image.1 - at_ball.1 > 20.0, "{at_ball:?} {at_image:?}");

    let with = render(&gpu, &lib, &mirror_scene(&lib, 1));
    let without = render(&gpu, &lib, &mirror_scene(&lib, 0));
    let (ball_with, ball_without) = (
        mean_around(&with, at_ball, 2),
        mean_around(&without, at_ball, 2),
    );
    assert!(
        is_red(ball_with) && is_red(ball_without),
        "the ball itself: {ball_with:?} / {ball_without:?}"
    );
    let (image_with, image_without) = (
        mean_around(&with, at_image, 2),
        mean_around(&without, at_image, 2),
    );
    assert!(
        is_red(image_with),
        "Reflections 1: the mirror image of the red ball at {at_image:?} is {image_with:?}"
    );
    assert!(
        !is_red(image_without),
        "Reflections 0: the floor at {at_image:?} is {image_without:?}, red without any reflection"
    );
    // Beside the mirror image (beyond the ball's radius) the floor mirrors the sky, not the ball.
    let beside = project(
        MIRROR_CAM,
        MIRROR_TARGET,
        MIRROR_FOV,
        [image_centre[0] + 1.2, image_centre[1], image_centre[2]],
    );
    let floor = mean_around(&with, beside, 1);
    assert!(!is_red(floor), "beside the mirror image: {floor:?}");
    // A cyan tint takes the red out of the reflection (the weight of a pass
    // is the surface's reflectivity times its tint).
    let cyan = render(&gpu, &lib, &mirror_scene_tinted(&lib, 1, [0.0, 1.0, 1.0]));
    let image_cyan = mean_around(&cyan, at_image, 2);
    assert!(
        !is_red(image_cyan) && image_cyan[0] < image_with[0] * 0.6,
        "a cyan mirror: {image_cyan:?} (a clear one: {image_with:?})"
    );
}

const GLASS_CAM: V3 = [0.0, 0.0, 6.0];
const GLASS_FOV: f64 = 40.0;

/// A wall at z = -3, red where x < 0 and blue where x > 0, lit flat; with
/// `ball`, a glass ball of radius 1 at the origin in front of it.
fn glass_scene(lib: &Library, ball: bool, refractions: u32) -> Network {
    let (glass, scene) = if ball {
        (
            "  /ball: { rop: sphere, params: { Radius: 1.0 } }\n  /glass: { rop: glassMaterial, params: { IOR: 1.5, Density: 0.0, Specular: 0.0 }, inputs: [/ball] }\n  /scene: { rop: combine, params: { Mode: union }, inputs: [/wallMat, /glass] }\n",
            "/scene",
        )
    } else {
        ("", "/wallMat")
    };
    network(
        lib,
        &format!(
            "output: /render
nodes:
  /wall: {{ rop: plane, params: {{ Normal: [0, 0, 1], Offset: -3.0 }} }}
  /side: {{ rop: position, params: {{ Component: x, Scale: 50.0 }} }}
  /wallMat: {{ rop: fieldColorMaterial, params: {{ ColorA: [0.9, 0.05, 0.05], ColorB: [0.05, 0.05, 0.9], Lit: false }}, inputs: {{ shape: /wall, value: /side }} }}
{glass}  /cam: {{ rop: lookAtCamera, params: {{ Position: [{}, {}, {}], Target: [0, 0, 0], Fov: {GLASS_FOV} }} }}
  /render: {{ rop: raymarchRender3D, params: {{ Refractions: {refractions}, Ambient: 1.0, Shadows: false, AO: false }}, inputs: {{ scene: {scene}, camera: /cam }} }}
",
            GLASS_CAM[0], GLASS_CAM[1], GLASS_CAM[2]
        ),
    )
}

/// A glass ball is a lens that turns what lies behind it around: through
/// its left half the camera sees the wall's right (blue) side and through
/// its right half the left (red) side, where without the ball it sees the
/// wall straight behind (red on the left, blue on the right).
#[test]
fn a_glass_ball_turns_the_wall_behind_it_around() {
    let Some(gpu) = gpu("a_glass_ball_turns_the_wall_behind_it_around") else {
        return;
    };
    let lib = library();
    let target = [0.0, 0.0, 0.0];
    // Points on the ball's middle plane, half its radius left and right of the centre.
    let left = project(GLASS_CAM, target, GLASS_FOV, [-0.5, 0.0, 0.0]);
    let right = project(GLASS_CAM, target, GLASS_FOV, [0.5, 0.0, 0.0]);

    let bare = render(&gpu, &lib, &glass_scene(&lib, false, 1));
    let (l, r) = (mean_around(&bare, left, 1), mean_around(&bare, right, 1));
    assert!(is_red(l) && is_blue(r), "no ball: left {l:?}, right {r:?}");

    let glass = render(&gpu, &lib, &glass_scene(&lib, true, 1));
    let (l, r) = (mean_around(&glass, left, 1), mean_around(&glass, right, 1));
    assert!(
        is_blue(l) && is_red(r),
        "through the glass ball: left {l:?}, right {r:?} (the wall's sides should swap)"
    );

    // Without a refraction pass the ball is opaque: neither side shows the wall.
    let opaque = render(&gpu, &lib, &glass_scene(&lib, true, 0));
    let (l, r) = (
        mean_around(&opaque, left, 1),
        mean_around(&opaque, right, 1),
    );
    assert!(
        !is_blue(l) && !is_red(l) && !is_blue(r) && !is_red(r),
        "Refractions 0: left {l:?}, right {r:?}"
    );
}

/// Beer-Lambert: a denser glass lets less through, and a coloured one
/// keeps more of its colour.
#[test]
fn glass_absorbs_more_as_its_density_grows() {
    let Some(gpu) = gpu("glass_absorbs_more_as_its_density_grows") else {
        return;
    };
    let lib = library();
    let scene = |density: f64| {
        network(
            &lib,
            &format!(
                "output: /render
nodes:
  /ball: {{ rop: sphere, params: {{ Radius: 1.0 }} }}
  /glass: {{ rop: glassMaterial, params: {{ IOR: 1.2, AbsorbColor: [0.5, 0.9, 0.5], Density: {density}, Specular: 0.0 }}, inputs: [/ball] }}
  /cam: {{ rop: lookAtCamera, params: {{ Position: [0, 0, 6], Target: [0, 0, 0], Fov: 40 }} }}
  /render: {{ rop: raymarchRender3D, params: {{ Refractions: 1, Background: [0.8, 0.8, 0.8], Shadows: false, AO: false }}, inputs: {{ scene: /glass, camera: /cam }} }}
"
            ),
        )
    };
    let centre = (SIZE as f64 * 0.5, SIZE as f64 * 0.5);
    let clear = mean_around(&render(&gpu, &lib, &scene(0.0)), centre, 1);
    let dense = mean_around(&render(&gpu, &lib, &scene(1.0)), centre, 1);
    // Clear glass in front of a grey sky is that grey (a little less, for the Fresnel share).
    assert!(
        (clear[0] - clear[1]).abs() < 8.0 && clear[1] > 150.0,
        "clear glass: {clear:?}"
    );
    // Two units of glass at the centre: red and blue fall to about a quarter
    // of the light, green keeps about 80%.
    assert!(
        dense[1] > clear[1] * 0.8 && dense[0] < clear[0] * 0.7 && dense[2] < clear[2] * 0.7,
        "dense green glass: {dense:?} (clear: {clear:?})"
    );
}

// ---------------------------------------------------------------------------
// Every variant compiles

/// The passes compile (naga, then glslangValidator) in every combination of
/// pass counts and materials, for the live, baked and data targets, and for
/// the colour buffer and two others.
#[test]
fn every_combination_of_passes_and_materials_compiles() {
    let lib = library();
    let mut checked = 0;
    for (reflections, refractions) in [(0, 0), (1, 0), (0, 1), (2, 3)] {
        for materials in [
            &["phongMaterial"][..],
            &["reflectMaterial"],
            &["glassMaterial"],
            &["reflectMaterial", "glassMaterial"],
        ] {
            for buffer in ["color", "depth", "normal"] {
                let mut text = String::from(
                    "output: /render\nnodes:\n  /s: { rop: sphere }\n  /floor: { rop: plane }\n",
                );
                let mut last = "/s".to_string();
                for (i, m) in materials.iter().enumerate() {
                    let shape = if i == 0 { "/s" } else { "/floor" };
                    text += &format!("  /m{i}: {{ rop: {m}, inputs: [{shape}] }}\n");
                    if i == 0 {
                        last = "/m0".into();
                    } else {
                        text += &format!(
                            "  /u{i}: {{ rop: combine, params: {{ Mode: smoothUnion, Blend: 0.3 }}, inputs: [{last}, /m{i}] }}\n"
                        );
                        last = format!("/u{i}");
                    }
                }
                text += &format!(
                    "  /render: {{ rop: raymarchRender3D, params: {{ Reflections: {reflections}, Refractions: {refractions}, Buffer: {buffer} }}, inputs: [{last}] }}\n"
                );
                let net = network(&lib, &text);
                for mode in [Mode::Render, Mode::RenderBaked, Mode::Data] {
                    let what = format!(
                        "Reflections {reflections}, Refractions {refractions}, {materials:?}, {buffer}, {mode:?}"
                    );
                    let built =
                        build(&lib, &net, &mode.into()).unwrap_or_else(|e| panic!("{what}: {e}"));
                    assert_glslang(&built.shader.glsl, &what);
                    let glsl = &built.shader.glsl;
                    // The passes are in exactly when a count and a material of the kind meet.
                    let reflect = reflections > 0 && materials.contains(&"reflectMaterial");
                    let refract = refractions > 0 && materials.contains(&"glassMaterial");
                    let passes = buffer == "color" && (reflect || refract);
                    assert_eq!(
                        glsl.contains("render_radiance("),
                        passes,
                        "{what}: the pass loop"
                    );
                    assert_eq!(
                        glsl.contains("s.x *= side;"),
                        buffer == "color" && refract,
                        "{what}: the inside march"
                    );
                    checked += 1;
                }
            }
        }
    }
    assert_eq!(checked, 4 * 4 * 3 * 3);
}

/// With the pass counts above 0 but neither material in the network, the
/// shader is the one the same network makes with the counts at 0, but for
/// the output's four macro rows that say the counts.
#[test]
fn pass_counts_without_such_materials_change_nothing() {
    let lib = library();
    let text = |r: u32, t: u32| {
        format!(
            "output: /render\nnodes:\n  /s: {{ rop: sphere }}\n  /m: {{ rop: pbrMaterial, inputs: [/s] }}\n  /render: {{ rop: raymarchRender3D, params: {{ Reflections: {r}, Refractions: {t} }}, inputs: [/m] }}\n"
        )
    };
    let base = build(&lib, &network(&lib, &text(0, 0)), &Mode::Render.into())
        .unwrap()
        .shader
        .glsl;
    let on = build(&lib, &network(&lib, &text(4, 4)), &Mode::Render.into())
        .unwrap()
        .shader
        .glsl;
    let rows = [
        "#define render_USE_REFLECTION",
        "#define render_REFLECTIONS 4",
        "#define render_USE_REFRACTION",
        "#define render_REFRACTIONS 4",
    ];
    for row in rows {
        assert!(on.lines().any(|l| l == row), "{row} missing");
    }
    let without_rows: Vec<&str> = on.lines().filter(|l| !rows.contains(l)).collect();
    assert_eq!(base.lines().collect::<Vec<_>>(), without_rows);
    // And the other way round: the materials without any pass add their
    // library and their own code, but the renderer stays as it was.
    let glass = "output: /render\nnodes:\n  /s: { rop: sphere }\n  /m: { rop: glassMaterial, inputs: [/s] }\n  /render: { rop: raymarchRender3D, inputs: [/m] }\n";
    let glsl = build(&lib, &network(&lib, glass), &Mode::Render.into())
        .unwrap()
        .shader
        .glsl;
    assert!(glsl.contains("ropkitAddTransmission"));
    assert!(!glsl.contains("render_radiance("));
}
