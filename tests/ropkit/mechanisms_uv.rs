//! Surface UVs: the primitives that fill the hit's UV, `assignUV`'s
//! projections and `uvTransform`, and `uvMaterial` reading them. Each check
//! puts points on a surface and compares the sampled UV with the one the
//! shape's parametrisation gives, written here from its definition.

use crate::catalog::*;
use crate::common::*;
use std::f64::consts::{PI, TAU};

/// A custom node that returns (uv.x, uv.y, distance) of the shape wired to
/// it, with the uv field switched on, under a vec3 -> vec4 probe.
fn uv_probe(shape: &str, extra: &str) -> String {
    format!(
        "  /s:
    rop: custom
    custom:
      coordTypes: [vec3]
      returnTypes: [vec4]
      contextTypes: [Context]
      globalMacros: [[null, ROPKIT_SDF_UV]]
      inputs:
        - {{ name: shape, coordTypes: [vec3], returnTypes: [Sdf], contextTypes: [Context], required: true }}
      function: |
        ReturnT thismap(CoordT p, ContextT ctx) {{
          Sdf r = inputOp1(p, ctx);
          return vec4(r.uv, r.x, 0.0);
        }}
    inputs: [/shape]
  /shape: {shape}
{extra}  /out: {{ rop: probeColor3, inputs: [/s] }}\n"
    )
}

/// The wrapped difference of two values in 0..1 around a circle (u = 0 and
/// u = 1 are the same place on a seam).
fn wrap_diff(a: f64, b: f64) -> f64 {
    let d = (a - b).rem_euclid(1.0);
    d.min(1.0 - d)
}

struct Expect {
    p: [f64; 3],
    uv: [f64; 2],
    /// u is an angle fraction: compare it around the circle.
    u_wraps: bool,
    /// v is an angle fraction too.
    v_wraps: bool,
}

fn check_uvs(what: &str, out: &[[f32; 4]], want: &[Expect], tol: f64) {
    let mut bad = Vec::new();
    for (o, e) in out.iter().zip(want) {
        let (u, v) = (o[0] as f64, o[1] as f64);
        let du = if e.u_wraps {
            wrap_diff(u, e.uv[0])
        } else {
            (u - e.uv[0]).abs()
        };
        let dv = if e.v_wraps {
            wrap_diff(v, e.uv[1])
        } else {
            (v - e.uv[1]).abs()
        };
        // The points lie on the surface: the distance says so too.
        if du > tol || dv > tol || (o[2] as f64).abs() > 1e-3 {
            bad.push(format!(
                "  at {:?}: uv ({u}, {v}), d {}; want {:?}",
                e.p, o[2], e.uv
            ));
        }
    }
    assert!(
        bad.is_empty(),
        "{what}: {} of {} points differ:\n{}",
        bad.len(),
        want.len(),
        bad.iter().take(8).cloned().collect::<Vec<_>>().join("\n")
    );
}

fn pts_of(want: &[Expect]) -> Vec<[f32; 3]> {
    want.iter()
        .map(|e| [e.p[0] as f32, e.p[1] as f32, e.p[2] as f32])
        .collect()
}

fn flat(p: [f64; 3], uv: [f64; 2]) -> Expect {
    Expect {
        p,
        uv,
        u_wraps: false,
        v_wraps: false,
    }
}

#[test]
fn box_and_round_box_faces_each_map_onto_the_unit_square() {
    let Some(gpu) = gpu("box_and_round_box_faces_each_map_onto_the_unit_square") else {
        return;
    };
    let lib = catalog_library();
    let (c, s) = ([0.3, -0.2, 0.1], [2.0, 1.0, 0.5]);
    let mut r = Rng::new(11);
    let mut want = Vec::new();
    for k in 0..120 {
        // A face (axis and side) and a point on it, 0.05..0.95 across,
        // mapped as documented: read from outside, u right and v up.
        let axis = k % 3;
        let side = if (k / 3) % 2 == 0 { 1.0 } else { -1.0 };
        let mut rel = [
            r.range(-0.45, 0.45),
            r.range(-0.45, 0.45),
            r.range(-0.45, 0.45),
        ];
        rel[axis] = 0.5 * side;
        let p = [0, 1, 2].map(|i| c[i] + rel[i] * s[i]);
        let uv = face_uv(rel, axis, side);
        want.push(flat(p, [uv[0] + 0.5, uv[1] + 0.5]));
    }
    let node = "{ rop: box, params: { Size: [2, 1, 0.5], Translate: [0.3, -0.2, 0.1] } }";
    let out = sample(&gpu, &lib, &uv_probe(node, ""), &pts_of(&want));
    check_uvs("box", &out, &want, 1e-4);
    // roundBox maps its flat faces the same way: the points keep a tenth of
    // the size (at least 0.12) from the edges, more than the corner radius
    // 0.1, so they lie on the flat part.
    let mut want = Vec::new();
    let s = [2.0, 1.6, 1.2];
    for k in 0..90 {
        let axis = k % 3;
        let side = if (k / 3) % 2 == 0 { 1.0 } else { -1.0 };
        let mut rel = [r.range(-0.4, 0.4), r.range(-0.4, 0.4), r.range(-0.4, 0.4)];
        rel[axis] = 0.5 * side;
        let p = [0, 1, 2].map(|i| c[i] + rel[i] * s[i]);
        let uv = face_uv(rel, axis, side);
        want.push(flat(p, [uv[0] + 0.5, uv[1] + 0.5]));
    }
    let node = "{ rop: roundBox, params: { Size: [2, 1.6, 1.2], Radius: 0.1, Translate: [0.3, -0.2, 0.1] } }";
    let out = sample(&gpu, &lib, &uv_probe(node, ""), &pts_of(&want));
    check_uvs("roundBox", &out, &want, 1e-4);
}

/// Coordinates of a point given in the (first, second, along) frame of an
/// axis, as the docs define it, each frame right-handed so that the angle
/// from first to second grows to the right seen from outside: x -> (y, z,
/// x), y -> (z, x, y), z -> (x, y, z).
fn from_axis_frame(axis: usize, f: [f64; 3]) -> [f64; 3] {
    match axis {
        0 => [f[2], f[0], f[1]],
        1 => [f[1], f[2], f[0]],
        _ => [f[0], f[1], f[2]],
    }
}

/// The UV convention on a face whose outward normal is `axis` times
/// `side`, at a point `q` from the face's centre: read from outside, u to
/// the right and v up; side faces upright, the top as the front face tipped
/// back (v along -z), the bottom as it tipped forward (v along +z).
fn face_uv(q: [f64; 3], axis: usize, side: f64) -> [f64; 2] {
    match axis {
        0 => [-side * q[2], q[1]],
        1 => [q[0], -side * q[2]],
        _ => [side * q[0], q[1]],
    }
}

fn add3(a: [f64; 3], b: [f64; 3]) -> [f64; 3] {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}

const AXES: [&str; 3] = ["x", "y", "z"];

#[test]
fn cylinders_and_the_torus_map_angles_and_heights() {
    let Some(gpu) = gpu("cylinders_and_the_torus_map_angles_and_heights") else {
        return;
    };
    let lib = catalog_library();
    let t = [0.2, 0.1, -0.3];
    for (axis, axis_name) in AXES.iter().enumerate() {
        let mut r = Rng::new(20 + axis as u64);
        // Infinite cylinder: u = angle / TAU + 0.5, v = height.
        let mut want = Vec::new();
        for _ in 0..60 {
            let (th, h) = (r.range(-3.1, 3.1), r.range(-2.0, 2.0));
            let f = [0.7 * th.cos(), 0.7 * th.sin(), h];
            let uv = [th / TAU + 0.5, h];
            want.push(Expect {
                p: add3(t, from_axis_frame(axis, f)),
                uv,
                u_wraps: true,
                v_wraps: false,
            });
        }
        let node = format!(
            "{{ rop: cylinder, params: {{ Radius: 0.7, Translate: [0.2, 0.1, -0.3], Axis: {} }} }}",
            axis_name
        );
        let out = sample(&gpu, &lib, &uv_probe(&node, ""), &pts_of(&want));
        check_uvs(&format!("cylinder {}", axis_name), &out, &want, 1e-4);

        // Capped cylinder (radius 0.6, height 1.6): the side's v runs 0..1
        // from cap to cap; a cap maps its disc onto the unit square.
        let mut want = Vec::new();
        for k in 0..60 {
            if k % 2 == 0 {
                let (th, h) = (r.range(-3.1, 3.1), r.range(-0.7, 0.7));
                let f = [0.6 * th.cos(), 0.6 * th.sin(), h];
                let uv = [th / TAU + 0.5, h / 1.6 + 0.5];
                want.push(Expect {
                    p: add3(t, from_axis_frame(axis, f)),
                    uv,
                    u_wraps: true,
                    v_wraps: false,
                });
            } else {
                let (rr, th) = (r.range(0.0, 0.5), r.range(-3.1, 3.1));
                let side = if k % 4 == 1 { 0.8 } else { -0.8 };
                let f = [rr * th.cos(), rr * th.sin(), side];
                // A cap reads as a box's face from outside, the disc's
                // diameter across the square.
                let q = from_axis_frame(axis, f);
                let uv = face_uv(q.map(|x| x / 1.2), axis, side.signum());
                want.push(flat(add3(t, q), [uv[0] + 0.5, uv[1] + 0.5]));
            }
        }
        let node = format!(
            "{{ rop: cappedCylinder, params: {{ Radius: 0.6, Height: 1.6, Translate: [0.2, 0.1, -0.3], Axis: {} }} }}",
            axis_name
        );
        let out = sample(&gpu, &lib, &uv_probe(&node, ""), &pts_of(&want));
        check_uvs(&format!("cappedCylinder {}", axis_name), &out, &want, 1e-4);

        // Torus (ring 1.0, tube 0.3): u the ring angle, v the tube angle
        // from the outer equator towards the axis's positive side.
        let mut want = Vec::new();
        for _ in 0..60 {
            let (th, ph) = (r.range(-3.1, 3.1), r.range(-3.1, 3.1));
            let rad = 1.0 + 0.3 * ph.cos();
            let f = [rad * th.cos(), rad * th.sin(), 0.3 * ph.sin()];
            let uv = [th / TAU + 0.5, (ph / TAU).rem_euclid(1.0)];
            want.push(Expect {
                p: add3(t, from_axis_frame(axis, f)),
                uv,
                u_wraps: true,
                v_wraps: true,
            });
        }
        let node = format!(
            "{{ rop: torus, params: {{ Radius: 1.0, Thickness: 0.3, Translate: [0.2, 0.1, -0.3], Axis: {} }} }}",
            axis_name
        );
        let out = sample(&gpu, &lib, &uv_probe(&node, ""), &pts_of(&want));
        check_uvs(&format!("torus {}", axis_name), &out, &want, 1e-4);
    }
}

/// Points on a sphere of radius 0.8 around `c`, with their (first, second,
/// along) frame coordinates for `axis`.
fn on_sphere(r: &mut Rng, c: [f64; 3], axis: usize) -> ([f64; 3], [f64; 3]) {
    let (th, z) = (r.range(-3.1, 3.1), r.range(-0.95, 0.95));
    let s = (1.0 - z * z).sqrt();
    let f = [0.8 * s * th.cos(), 0.8 * s * th.sin(), 0.8 * z];
    (add3(c, from_axis_frame(axis, f)), f)
}

#[test]
fn assign_uv_projects_planar_spherical_cylindrical_and_triplanar() {
    let Some(gpu) = gpu("assign_uv_projects_planar_spherical_cylindrical_and_triplanar") else {
        return;
    };
    let lib = catalog_library();
    let c = [0.1, -0.2, 0.3];
    let ball = "  /ball: { rop: sphere, params: { Radius: 0.8, Translate: [0.1, -0.2, 0.3] } }\n";
    for (axis, axis_name) in AXES.iter().enumerate() {
        let mut r = Rng::new(40 + axis as u64);
        for projection in ["planar", "spherical", "cylindrical"] {
            let mut want = Vec::new();
            for _ in 0..60 {
                let (p, f) = on_sphere(&mut r, c, axis);
                let q = [p[0] - c[0], p[1] - c[1], p[2] - c[2]];
                let e = match projection {
                    // Planar along the axis, read from its positive side, times Scale.
                    "planar" => {
                        let uv = face_uv(q, axis, 1.0);
                        flat(p, [uv[0] * 2.5, uv[1] * 2.5])
                    }
                    // Longitude around the axis, and latitude: 0 at the
                    // negative pole, 1 at the positive one.
                    "spherical" => Expect {
                        p,
                        uv: [f[1].atan2(f[0]) / TAU + 0.5, 1.0 - (f[2] / 0.8).acos() / PI],
                        u_wraps: true,
                        v_wraps: false,
                    },
                    // Angle around the axis and height times Scale.
                    _ => Expect {
                        p,
                        uv: [f[1].atan2(f[0]) / TAU + 0.5, f[2] * 2.5],
                        u_wraps: true,
                        v_wraps: false,
                    },
                };
                want.push(e);
            }
            let node = format!(
                "{{ rop: assignUV, params: {{ Projection: {projection}, Axis: {}, Center: [0.1, -0.2, 0.3], Scale: 2.5 }}, inputs: [/ball] }}",
                axis_name
            );
            let out = sample(&gpu, &lib, &uv_probe(&node, ball), &pts_of(&want));
            check_uvs(
                &format!("assignUV {projection} {}", axis_name),
                &out,
                &want,
                2e-4,
            );
        }
    }
    // Triplanar on a box: each face is projected along its own normal and
    // read from outside, whatever the Axis menu says.
    let mut r = Rng::new(50);
    let mut want = Vec::new();
    let s = [1.2, 1.0, 1.4];
    for k in 0..90 {
        let axis = k % 3;
        let side = if (k / 3) % 2 == 0 { 1.0 } else { -1.0 };
        let mut q = [0, 1, 2].map(|i| r.range(-0.4, 0.4) * s[i]);
        q[axis] = 0.5 * side * s[axis];
        let uv = face_uv(q, axis, side);
        want.push(flat(add3(c, q), [uv[0] * 2.0, uv[1] * 2.0]));
    }
    let cube =
        "  /cube: { rop: box, params: { Size: [1.2, 1.0, 1.4], Translate: [0.1, -0.2, 0.3] } }\n";
    let node = "{ rop: assignUV, params: { Projection: triplanar, Axis: z, Center: [0.1, -0.2, 0.3], Scale: 2.0 }, inputs: [/cube] }";
    let out = sample(&gpu, &lib, &uv_probe(node, cube), &pts_of(&want));
    check_uvs("assignUV triplanar", &out, &want, 2e-4);
}

#[test]
fn uv_transform_offsets_scales_and_rotates_about_its_pivot() {
    let Some(gpu) = gpu("uv_transform_offsets_scales_and_rotates_about_its_pivot") else {
        return;
    };
    let lib = catalog_library();
    // A floor plane projected along y gives uv = (x, -z) (read from above,
    // the image's top towards -z); the transform then
    // gives pivot + R(30 deg) ((uv - pivot) * scale) + offset.
    let extra = "  /floor: { rop: plane }\n  /planar: { rop: assignUV, params: { Projection: planar, Axis: y }, inputs: [/floor] }\n";
    let node = "{ rop: uvTransform, params: { Offset: [0.25, -1.5], Scale: [2, -0.5], Rotate: 30, Pivot: [0.5, 1.0] }, inputs: [/planar] }";
    let mut r = Rng::new(60);
    let want: Vec<Expect> = (0..100)
        .map(|_| {
            let (x, z) = (r.range(-3.0, 3.0), r.range(-3.0, 3.0));
            let (a, s, c) = (30f64.to_radians(), [2.0, -0.5], [0.5, 1.0]);
            let w = [(x - c[0]) * s[0], (-z - c[1]) * s[1]];
            let uv = [
                c[0] + a.cos() * w[0] - a.sin() * w[1] + 0.25,
                c[1] + a.sin() * w[0] + a.cos() * w[1] - 1.5,
            ];
            flat([x, 0.0, z], uv)
        })
        .collect();
    let out = sample(&gpu, &lib, &uv_probe(node, extra), &pts_of(&want));
    check_uvs("uvTransform", &out, &want, 1e-4);
}

/// A 256x256 PNG whose red channel is its column and green its row counted
/// from the bottom (blue a constant): the colour a surface shows tells the
/// image coordinate read there, in ropkit's convention ((0, 0) the image's
/// bottom-left corner, v up). Asymmetric in both directions, so a flip or
/// a mirror shows as a channel running the wrong way.
fn uv_coded_png(dir: &std::path::Path) {
    let img = image::RgbaImage::from_fn(256, 256, |x, y| {
        image::Rgba([x as u8, (255 - y) as u8, 128, 255])
    });
    img.save(dir.join("uvcode.png")).unwrap();
}

/// The network around `scene` (nodes ending in `/shape`, a surface with
/// UVs, or `/mat` a material already given), seen through an orthographic
/// camera from `from` towards `to`, Size world units tall, unlit.
fn uv_view(scene: &str, from: [f64; 3], to: [f64; 3], size: f64) -> String {
    let mat = if scene.contains("  /mat:") {
        String::new()
    } else {
        "  /mat: { rop: uvMaterial, params: { Texture: uvcode.png, Lit: false, Specular: 0 }, inputs: [/shape] }\n".to_string()
    };
    format!(
        "output: /render\nnodes:\n{scene}{mat}  /cam: {{ rop: orthoCamera, params: {{ Position: {from:?}, Target: {to:?}, Size: {size} }} }}\n  /render: {{ rop: raymarchRender3D, params: {{ Shadows: false, AO: false, Ambient: 1.0, Background: [0, 0, 0] }}, inputs: {{ scene: /mat, camera: /cam }} }}\n"
    )
}

/// The texture coordinate the pixel at (x, y) shows: red and green back to
/// 0..1 (texel centres), and whether the pixel shows the surface at all.
fn read_uv(img: &image::RgbaImage, x: u32, y: u32) -> Option<[f64; 2]> {
    let p = img.get_pixel(x, y).0;
    (p[2] > 64).then(|| [(p[0] as f64 + 0.5) / 256.0, (p[1] as f64 + 0.5) / 256.0])
}

/// Renders each view and checks, over a grid of pixels on the surface, that
/// the image reads the right way round from outside (u grows to the right
/// of the screen, v grows upwards) and, where `want` is given, that the UV
/// read is the one the convention's formula gives at that pixel's point.
#[allow(clippy::type_complexity)]
fn check_views(test: &str, views: &[(&str, String, &dyn Fn(f64, f64) -> Option<[f64; 2]>)]) {
    let Some(gpu) = gpu(test) else { return };
    let lib = catalog_library();
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("rops")).unwrap();
    uv_coded_png(dir.path());
    let mut failures = Vec::new();
    const N: u32 = 96;
    for (what, text, want) in views {
        let file = dir.path().join("net.yaml");
        std::fs::write(&file, text).unwrap();
        let net =
            ropkit::network::Network::load(&file, &lib).unwrap_or_else(|e| panic!("{what}: {e}"));
        let built = ropkit::build::build(&lib, &net, &ropkit::generate::Mode::Render.into())
            .unwrap_or_else(|e| panic!("{what}: {e}"));
        let mut r = ropkit::render::Renderer::new(gpu.clone());
        r.asset_dirs = vec![dir.path().to_path_buf()];
        r.set_built(&built)
            .unwrap_or_else(|e| panic!("{what}: {e}"));
        r.set_params(&built.shader.param_values(&net, &lib));
        let img = r
            .render_image(N, N)
            .unwrap_or_else(|e| panic!("{what}: {e}"));
        // Pixels of the middle half, on a grid (a face seen edge-on, where a
        // projection's coordinate stands still, counts as neither way); screen coordinates -0.5..0.5, y up.
        let grid: Vec<u32> = (0..7).map(|i| N / 4 + i * (N / 2) / 6).collect();
        let screen = |x: u32, y: u32| {
            (
                (x as f64 + 0.5) / N as f64 - 0.5,
                0.5 - (y as f64 + 0.5) / N as f64,
            )
        };
        let mut shown = 0;
        for &y in &grid {
            for &x in &grid {
                let Some(uv) = read_uv(&img, x, y) else {
                    continue;
                };
                shown += 1;
                // One grid step right and one up, where the surface goes on.
                let step = N / 12;
                // A neighbour on another part of the surface (a cap beside
                // the side, across a seam) has the other coordinate jump.
                if let Some(right) = read_uv(&img, x + step, y)
                    && right[0] < uv[0] - 1.5 / 256.0
                    && (uv[0] - right[0]) < 0.5
                    && (uv[1] - right[1]).abs() < 0.15
                {
                    failures.push(format!("{what}: u does not grow to the right at pixel ({x}, {y}): {uv:?} then {right:?}"));
                }
                if let Some(up) = read_uv(&img, x, y - step)
                    && up[1] < uv[1] - 1.5 / 256.0
                    && (uv[1] - up[1]) < 0.5
                    && (uv[0] - up[0]).abs() < 0.15
                {
                    failures.push(format!(
                        "{what}: v does not grow upwards at pixel ({x}, {y}): {uv:?} then {up:?}"
                    ));
                }
                let (sx, sy) = screen(x, y);
                if let Some(w) = want(sx, sy) {
                    let err = [0, 1].map(|k| wrap_diff(uv[k], w[k].rem_euclid(1.0)));
                    // The colour goes through an sRGB decode and the
                    // output's encode, which do not quite cancel in dark
                    // values: a few texels. A flip or a mirror is off by
                    // far more.
                    if err[0] > 0.04 || err[1] > 0.04 {
                        failures.push(format!(
                            "{what}: at pixel ({x}, {y}) the image is read at {uv:?}, the convention gives {w:?}"
                        ));
                    }
                }
            }
        }
        if shown < 30 {
            failures.push(format!(
                "{what}: only {shown} of 49 grid pixels show the surface"
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} problems:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn textures_read_upright_and_unmirrored_from_outside_on_every_uv_source() {
    // A unit box seen head-on from each side (the top and bottom from an
    // angle): each face shows the whole image, (0, 0) at its bottom-left.
    // Seen through an orthographic camera 1.6 units tall, screen (sx, sy)
    // maps to the face by the face's own right and up.
    let bx = "  /shape: { rop: box, params: { Size: [1, 1, 1] } }\n".to_string();
    let rb = "  /shape: { rop: roundBox, params: { Size: [1, 1, 1], Radius: 0.05 } }\n".to_string();
    let face = |sx: f64, sy: f64| Some([sx * 1.6 + 0.5, sy * 1.6 + 0.5]);
    let none = |_: f64, _: f64| None;
    // The sphere's longitude seen from +z: u = 0.5 + asin(x / sqrt(1 - y^2)) / (2 pi)
    // on the front half; latitude v = 0.5 + asin(y) / pi (radius 1).
    let sphere_front = |sx: f64, sy: f64| {
        let (x, y) = (sx * 1.6, sy * 1.6);
        let r2 = x * x + y * y;
        (r2 < 0.8).then(|| {
            let z = (1.0 - r2).sqrt();
            [x.atan2(z) / TAU + 0.5, 0.5 + y.asin() / PI]
        })
    };
    let ball = "  /shape: { rop: sphere, params: { Radius: 1 } }\n".to_string();
    let floor = "  /shape: { rop: plane, params: { Normal: [0, 1, 0] } }\n".to_string();
    let wall = "  /shape: { rop: plane, params: { Normal: [1, 0, 0] } }\n".to_string();
    let planar = |axis: &str, shape: &str| {
        format!(
            "{shape}  /shape: {{ rop: assignUV, params: {{ Projection: planar, Axis: {axis}, Scale: 1 }}, inputs: [/src] }}\n"
        )
    };
    let src_box = "  /src: { rop: box, params: { Size: [1, 1, 1], Translate: [0.5, 0.5, 0.5] } }\n";
    let tri = "  /src: { rop: box, params: { Size: [1, 1, 1], Translate: [0.5, 0.5, 0.5] } }\n  /shape: { rop: assignUV, params: { Projection: triplanar, Scale: 1 }, inputs: [/src] }\n".to_string();
    let spherical = "  /src: { rop: sphere, params: { Radius: 1 } }\n  /shape: { rop: assignUV, params: { Projection: spherical, Axis: y }, inputs: [/src] }\n".to_string();
    let cylindrical = "  /src: { rop: sphere, params: { Radius: 1, Translate: [0, 0.5, 0] } }\n  /shape: { rop: assignUV, params: { Projection: cylindrical, Axis: y, Scale: 0.5 }, inputs: [/src] }\n".to_string();
    let cyl = "  /shape: { rop: cappedCylinder, params: { Radius: 1, Height: 1.4 } }\n".to_string();
    let textured = "  /src: { rop: box, params: { Size: [1, 1, 1], Translate: [0.5, 0.5, 0.5] } }\n  /mat: { rop: textureMaterial, params: { Texture: uvcode.png, Scale: 1, Sharpness: 8, Specular: 0 }, inputs: [/src] }\n".to_string();
    let o = [0.0, 0.0, 0.0];
    let c = [0.5, 0.5, 0.5];
    type Expected<'a> = &'a dyn Fn(f64, f64) -> Option<[f64; 2]>;
    let views: Vec<(&str, String, Expected)> = vec![
        ("box +z", uv_view(&bx, [0.0, 0.0, 5.0], o, 1.6), &face),
        ("box -z", uv_view(&bx, [0.0, 0.0, -5.0], o, 1.6), &face),
        ("box +x", uv_view(&bx, [5.0, 0.0, 0.0], o, 1.6), &face),
        ("box -x", uv_view(&bx, [-5.0, 0.0, 0.0], o, 1.6), &face),
        ("box top", uv_view(&bx, [0.0, 5.0, 3.0], o, 1.6), &none),
        ("box bottom", uv_view(&bx, [0.0, -5.0, 3.0], o, 1.6), &none),
        ("roundBox +x", uv_view(&rb, [5.0, 0.0, 0.0], o, 1.6), &face),
        ("roundBox -z", uv_view(&rb, [0.0, 0.0, -5.0], o, 1.6), &face),
        (
            "sphere from +z",
            uv_view(&ball, [0.0, 0.0, 5.0], o, 1.6),
            &sphere_front,
        ),
        (
            "sphere from -x",
            uv_view(&ball, [-5.0, 0.0, 0.0], o, 1.6),
            &none,
        ),
        (
            "assignUV spherical from +z",
            uv_view(&spherical, [0.0, 0.0, 5.0], o, 1.6),
            &sphere_front,
        ),
        (
            "assignUV spherical from +x",
            uv_view(&spherical, [5.0, 0.0, 0.0], o, 1.6),
            &none,
        ),
        (
            "assignUV cylindrical from +x",
            uv_view(&cylindrical, [5.0, 0.5, 0.0], [0.0, 0.5, 0.0], 1.6),
            &none,
        ),
        (
            "cappedCylinder side from +x",
            uv_view(&cyl, [5.0, 0.0, 0.0], o, 1.6),
            &none,
        ),
        (
            "cappedCylinder top",
            uv_view(&cyl, [0.0, 5.0, 3.0], o, 2.4),
            &none,
        ),
        (
            "floor plane",
            uv_view(&floor, [0.5, 5.0, 3.5], [0.5, 0.0, 0.5], 0.8),
            &none,
        ),
        (
            "wall plane",
            uv_view(&wall, [5.0, 0.5, 0.5], [0.0, 0.5, 0.5], 0.8),
            &none,
        ),
        (
            "assignUV planar z",
            uv_view(&planar("z", src_box), [0.5, 0.5, 5.0], c, 1.6),
            &face,
        ),
        (
            "assignUV planar x",
            uv_view(&planar("x", src_box), [5.0, 0.5, 0.5], c, 1.6),
            &face,
        ),
        (
            "assignUV planar y",
            uv_view(&planar("y", src_box), [0.5, 5.0, 3.5], c, 1.6),
            &none,
        ),
        (
            "assignUV triplanar +x",
            uv_view(&tri, [5.0, 0.5, 0.5], c, 1.6),
            &face,
        ),
        (
            "assignUV triplanar -x",
            uv_view(&tri, [-5.0, 0.5, 0.5], c, 1.6),
            &face,
        ),
        (
            "assignUV triplanar -z",
            uv_view(&tri, [0.5, 0.5, -5.0], c, 1.6),
            &face,
        ),
        (
            "textureMaterial +x",
            uv_view(&textured, [5.0, 0.5, 0.5], c, 1.6),
            &none,
        ),
        (
            "textureMaterial -z",
            uv_view(&textured, [0.5, 0.5, -5.0], c, 1.6),
            &none,
        ),
    ];
    check_views(
        "textures_read_upright_and_unmirrored_from_outside_on_every_uv_source",
        &views,
    );
}
