//! Image-based lighting and tone curves: pbrMaterial under an environment
//! (environmentMap), checked against what physics and the environment's
//! own pixels say, and raymarchRender3D's ToneMap against its formulas.

use crate::common::*;
use ropkit::build::build;
use ropkit::generate::Mode;
use ropkit::library::Library;
use ropkit::network::Network;
use ropkit::render::{Gpu, Renderer};
use std::path::Path;

type V3 = [f64; 3];

fn network(lib: &Library, text: &str) -> Network {
    Network::parse(text, Path::new("pbr.yaml"), lib).unwrap_or_else(|e| panic!("{e}"))
}

/// Raw floats of the network's `buffer` (linear colour before exposure for
/// `color`), row 0 at the top.
fn render_data(gpu: &Gpu, lib: &Library, text: &str, buffer: &str, size: u32) -> Vec<[f32; 4]> {
    let mut net = network(lib, text);
    let output = net.output.clone();
    net.set_param(lib, &output, "Buffer", &buffer.into())
        .unwrap();
    let built = build(lib, &net, Mode::Data).unwrap_or_else(|e| panic!("{}", e.report()));
    assert_glslang(&built.shader.glsl, buffer);
    let mut r = Renderer::new(gpu.clone());
    r.asset_dirs = vec![root()];
    r.set_shader(&built.shader, &built.compiled)
        .unwrap_or_else(|e| panic!("{e}"));
    r.set_params(&built.shader.param_values(&net, lib));
    r.render_data(size, size).unwrap_or_else(|e| panic!("{e}"))
}

/// A unit sphere at the origin with `material` (a pbrMaterial node taking
/// `/ball`), seen from (0, 0, 4); one light of intensity 0 (so the
/// renderer adds no default light), no occlusion, no shadows. The
/// renderer's Ambient stays at its default: the environment must take its
/// place, not add to it.
fn sphere_scene(material: &str, env: &str) -> String {
    format!(
        "output: /render
nodes:
  /ball: {{ rop: sphere, params: {{ Radius: 1.0 }} }}
  /mat: {material}
  /env: {env}
  /cam: {{ rop: lookAtCamera, params: {{ Position: [0, 0, 4], Target: [0, 0, 0], Fov: 40 }} }}
  /dark: {{ rop: pointLight, params: {{ Intensity: 0.0 }} }}
  /render: {{ rop: raymarchRender3D, params: {{ AO: false, Shadows: false, MaxDist: 20, SurfaceEps: 0.0001 }}, inputs: {{ scene: /mat, camera: /cam, light: /dark }} }}
"
    )
}

// ---------------------------------------------------------------------------
// White furnace

/// A white sphere under a uniform white environment (environmentMap with no
/// image reads the blank white texture: 1 in every direction) sends back
/// exactly the light it receives, 1, at every pixel: a surface that keeps
/// energy and loses none cannot be darker at its edge than at its centre.
///
/// The tolerance, 2e-3, is for arithmetic alone. The material estimates the
/// specular lobe's albedo E from the same directions as the lobe itself, so
/// under a uniform sky the specular comes to exactly E F-weighted, the
/// diffuse to exactly what is left, and multiple scattering restores what
/// the lobe loses on metal (1 + F0 (1/E - 1)). What remains is f32 rounding
/// over 2 x 32 samples (about 1e-6) and the normal's finite difference,
/// which moves nothing here (the sum does not depend on it). Single-
/// scattering GGX without compensation loses up to ~40% at grazing angles on
/// rough metal, and a Lambert diffuse that ignores the specular gains up to
/// 4% head-on (F0): both would fail by far.
#[test]
fn white_furnace_a_white_sphere_under_a_white_sky_is_white_to_its_edge() {
    let Some(gpu) = gpu("white_furnace_a_white_sphere_under_a_white_sky_is_white_to_its_edge")
    else {
        return;
    };
    let lib = library();
    let size = 48;
    for (metallic, roughness) in [(0.0, 0.2), (0.0, 1.0), (1.0, 0.5), (1.0, 1.0), (0.5, 0.7)] {
        let material = format!(
            "{{ rop: pbrMaterial, params: {{ BaseColor: [1, 1, 1], Metallic: {metallic}, Roughness: {roughness}, Samples: 32 }}, inputs: {{ shape: /ball, environment: /env }} }}"
        );
        let env = "{ rop: environmentMap, params: { Image: '' } }";
        let text = sphere_scene(&material, env);
        let color = render_data(&gpu, &lib, &text, "color", size);
        let normal = render_data(&gpu, &lib, &text, "normal", size);
        let dir = render_data(&gpu, &lib, &text, "rayDirection", size);
        let mut covered = 0;
        let mut rim = 0;
        let mut worst = 0.0f64;
        for i in 0..color.len() {
            if color[i][3] < 0.5 {
                continue;
            }
            covered += 1;
            let ndv = -(0..3)
                .map(|k| normal[i][k] as f64 * dir[i][k] as f64)
                .sum::<f64>();
            if ndv < 0.3 {
                rim += 1;
            }
            for c in &color[i][..3] {
                worst = worst.max((*c as f64 - 1.0).abs());
            }
        }
        assert!(covered > 600, "the sphere covers {covered} pixels");
        assert!(rim > 40, "only {rim} pixels near the silhouette");
        assert!(
            worst < 2e-3,
            "metallic {metallic}, roughness {roughness}: a pixel is {worst} away from white"
        );
    }
}

// ---------------------------------------------------------------------------
// A mirror reflects the map's own pixels

/// The bundled map, decoded (image's Radiance reader) to linear floats.
struct EnvMap {
    w: usize,
    h: usize,
    px: Vec<[f32; 3]>,
}

impl EnvMap {
    fn load() -> EnvMap {
        let img = image::open(root().join("assets/studio.hdr"))
            .unwrap()
            .into_rgb32f();
        let (w, h) = (img.width() as usize, img.height() as usize);
        EnvMap {
            w,
            h,
            px: img.pixels().map(|p| p.0).collect(),
        }
    }

    fn texel(&self, x: i64, y: i64) -> [f32; 3] {
        let x = x.rem_euclid(self.w as i64) as usize;
        let y = y.clamp(0, self.h as i64 - 1) as usize;
        self.px[y * self.w + x]
    }

    /// Texel coordinates (continuous, texel centres at +0.5) of direction d,
    /// by the documented mapping u = atan(d.x, -d.z) / 2pi + 0.5,
    /// v = acos(d.y) / pi.
    fn coords(&self, d: V3) -> (f64, f64) {
        let u = d[0].atan2(-d[2]) / std::f64::consts::TAU + 0.5;
        let v = d[1].clamp(-1.0, 1.0).acos() / std::f64::consts::PI;
        (u * self.w as f64, v * self.h as f64)
    }

    /// Bilinear lookup, as a GPU sampler does at mip level 0.
    fn lookup(&self, d: V3) -> V3 {
        let (x, y) = self.coords(d);
        let (x, y) = (x - 0.5, y - 0.5);
        let (x0, y0) = (x.floor(), y.floor());
        let (fx, fy) = (x - x0, y - y0);
        let mut out = [0.0; 3];
        for (dx, dy, wgt) in [
            (0, 0, (1.0 - fx) * (1.0 - fy)),
            (1, 0, fx * (1.0 - fy)),
            (0, 1, (1.0 - fx) * fy),
            (1, 1, fx * fy),
        ] {
            let t = self.texel(x0 as i64 + dx, y0 as i64 + dy);
            for k in 0..3 {
                out[k] += t[k] as f64 * wgt;
            }
        }
        out
    }

    /// Largest relative change of the map within `r` texels of direction d:
    /// where it is small, a slightly blurred read gives the same value.
    fn variation(&self, d: V3, r: i64) -> f64 {
        let (x, y) = self.coords(d);
        let c = self.texel(x as i64, y as i64);
        let mut worst = 0.0f64;
        for dy in -r..=r {
            for dx in -r..=r {
                let t = self.texel(x as i64 + dx, y as i64 + dy);
                for k in 0..3 {
                    let diff = (t[k] - c[k]).abs() as f64 / (c[k] as f64).max(0.05);
                    worst = worst.max(diff);
                }
            }
        }
        worst
    }
}

fn normalize(v: V3) -> V3 {
    let l = (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).sqrt();
    v.map(|c| c / l)
}

/// A smooth white metal sphere is a mirror: at each pixel it shows the
/// environment in the direction of the view ray reflected about the
/// sphere's normal. The test intersects each camera ray (the renderer's
/// ray-direction buffer, from (0, 0, 4)) with the unit sphere itself,
/// reflects it about the exact normal, and reads the bundled map's texels
/// in that direction (decoded here by image's Radiance reader). Pixels
/// whose reflection lands near an edge of the map (the sun disc, the soft
/// boxes, the horizon) are left out: there the shader's roughness floor
/// (0.03) and its first mip level blend a texel or two. Tolerance 3%:
/// 16-bit floats (0.05%), the slight blur, and direction rounding.
#[test]
fn a_mirror_sphere_reflects_the_environment_maps_pixels() {
    let Some(gpu) = gpu("a_mirror_sphere_reflects_the_environment_maps_pixels") else {
        return;
    };
    let lib = library();
    let map = EnvMap::load();
    let size = 64;
    let material = "{ rop: pbrMaterial, params: { BaseColor: [1, 1, 1], Metallic: 1.0, Roughness: 0.0, Samples: 8 }, inputs: { shape: /ball, environment: /env } }";
    let env = "{ rop: environmentMap, params: { Image: assets/studio.hdr } }";
    let text = sphere_scene(material, env);
    let color = render_data(&gpu, &lib, &text, "color", size);
    let dir = render_data(&gpu, &lib, &text, "rayDirection", size);
    let eye = [0.0, 0.0, 4.0];
    let mut checked = 0;
    let mut bright = 0;
    let mut ground = 0;
    for i in 0..color.len() {
        let d = normalize([dir[i][0] as f64, dir[i][1] as f64, dir[i][2] as f64]);
        // |eye + t d| = 1.
        let b = eye[0] * d[0] + eye[1] * d[1] + eye[2] * d[2];
        let c = eye[0] * eye[0] + eye[1] * eye[1] + eye[2] * eye[2] - 1.0;
        let disc = b * b - c;
        if disc <= 0.02 {
            // A miss, or so near the silhouette that a pixel's ray and the
            // marcher's hit may disagree.
            assert!(
                disc > 0.0 || color[i][3] < 0.5,
                "pixel {i} hit nothing here"
            );
            continue;
        }
        assert!(color[i][3] > 0.5, "pixel {i} should hit the sphere");
        let t = -b - disc.sqrt();
        let n = normalize([eye[0] + t * d[0], eye[1] + t * d[1], eye[2] + t * d[2]]);
        let dn = d[0] * n[0] + d[1] * n[1] + d[2] * n[2];
        let r = normalize([
            d[0] - 2.0 * dn * n[0],
            d[1] - 2.0 * dn * n[1],
            d[2] - 2.0 * dn * n[2],
        ]);
        if map.variation(r, 3) > 0.01 {
            continue;
        }
        let want = map.lookup(r);
        for k in 0..3 {
            let got = color[i][k] as f64;
            assert!(
                (got - want[k]).abs() <= 0.03 * want[k].max(0.05),
                "pixel {i} (reflection {r:?}): channel {k} is {got}, the map has {}",
                want[k]
            );
        }
        checked += 1;
        if want[0] > 5.0 {
            bright += 1;
        }
        if r[1] < 0.0 {
            ground += 1;
        }
    }
    assert!(checked > 500, "only {checked} pixels checked");
    assert!(
        bright > 5,
        "the key soft box (6, 6, 5.6) showed in {bright} pixels"
    );
    assert!(ground > 100, "the ground showed in {ground} pixels");
}

// ---------------------------------------------------------------------------
// Tone curves on the output

fn reinhard(x: f64) -> f64 {
    x / (1.0 + x)
}

fn aces(x: f64) -> f64 {
    ((x * (2.51 * x + 0.03)) / (x * (2.43 * x + 0.59) + 0.14)).clamp(0.0, 1.0)
}

/// The AgX-style curve as toneMap's description and common.glsl state it.
fn agx(x: V3) -> V3 {
    let g = (x[0] + x[1] + x[2]) / 3.0;
    let f = x.map(|c| {
        let v = c + (g - c) * 0.15;
        let t = (((v.max(1e-10) / 0.18).log2() + 10.0) / 16.5).clamp(1e-6, 1.0);
        let r = 1.667 * (1.0 - t) / t;
        1.0 / (1.0 + r * r)
    });
    let go = (f[0] + f[1] + f[2]) / 3.0;
    f.map(|c| (go + (c - go) / 0.85).clamp(0.0, 1.0).powf(2.2))
}

/// raymarchRender3D's ToneMap: every pixel of a background whose colour
/// grows along x, 0.5 (1, 0.6, 0.3) 2^(12 uv.x) (from about 0.008 to 32),
/// comes out as round(255 ((tone(colour Exposure))^(1 / Gamma))), for each
/// curve written out here. One 8-bit level of tolerance (the formulas in
/// f32 and the rounding of the colour target).
#[test]
fn output_tone_curves_follow_their_formulas() {
    let Some(gpu) = gpu("output_tone_curves_follow_their_formulas") else {
        return;
    };
    let lib = library();
    let (w, h) = (96u32, 8u32);
    let (exposure, gamma) = (1.5, 2.2);
    let colour = |col: u32| -> V3 {
        let x = (col as f64 + 0.5 - w as f64 / 2.0) / h as f64;
        let s = 0.5 * (12.0 * x / (w as f64 / h as f64)).exp2();
        [s, 0.6 * s, 0.3 * s]
    };
    type Curve = Box<dyn Fn(V3) -> V3>;
    let curves: Vec<(&str, Curve)> = vec![
        ("none", Box::new(|x: V3| x.map(|c| c.min(1.0)))),
        ("reinhard", Box::new(|x: V3| x.map(reinhard))),
        ("aces", Box::new(|x: V3| x.map(aces))),
        ("agx", Box::new(agx)),
    ];
    for (name, curve) in curves {
        let text = format!(
            "output: /render
nodes:
  /far: {{ rop: sphere, params: {{ Radius: 0.1, Translate: [0, 0, 100] }} }}
  /ramp:
    rop: custom
    custom:
      coordTypes: [vec2]
      returnTypes: [vec4]
      contextTypes: [Context]
      function: |
        ReturnT thismap(CoordT p, ContextT ctx) {{
          float s = 0.5 * exp2(12.0 * p.x / {aspect:.1});
          return vec4(s, 0.6 * s, 0.3 * s, 1.0);
        }}
  /render: {{ rop: raymarchRender3D, params: {{ ToneMap: {name}, Exposure: {exposure}, Gamma: {gamma}, MaxDist: 5 }}, inputs: {{ scene: /far, background: /ramp }} }}
",
            aspect = w as f64 / h as f64
        );
        let net = network(&lib, &text);
        let built = build(&lib, &net, Mode::Render).unwrap_or_else(|e| panic!("{}", e.report()));
        assert_glslang(&built.shader.glsl, name);
        let mut r = Renderer::new(gpu.clone());
        r.set_shader(&built.shader, &built.compiled).unwrap();
        r.set_params(&built.shader.param_values(&net, &lib));
        let img = r.render_image(w, h).unwrap();
        for col in 0..w {
            let want =
                curve(colour(col).map(|c| c * exposure)).map(|c| c.powf(1.0 / gamma) * 255.0);
            for row in [0, h / 2, h - 1] {
                let got = img.get_pixel(col, row).0;
                for k in 0..3 {
                    assert!(
                        (got[k] as f64 - want[k]).abs() <= 1.0,
                        "{name}: column {col} channel {k} is {}, the formula gives {:.2}",
                        got[k],
                        want[k]
                    );
                }
            }
        }
    }
}

/// A web page cannot carry a float texture: exporting a network with an
/// HDR environment says so and names the file and the node.
#[test]
fn a_web_page_refuses_an_hdr_environment_clearly() {
    let out = run_ropkit([
        "export",
        "presets/pbrStillLife.yaml",
        "--format",
        "html",
        "-o",
        std::env::temp_dir()
            .join("ropkit-pbr-refused.html")
            .to_str()
            .unwrap(),
    ]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("assets/studio.hdr")
            && err.contains("/env")
            && err.contains("high dynamic range"),
        "{err}"
    );
}
