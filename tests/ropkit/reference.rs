//! Independent references for what the GPU computes: a ray marcher on the
//! CPU, over the same distance functions written here in Rust, checks the
//! rays, hits, depths and normals of whole pictures; the combine modes'
//! seams are checked point by point against their published formulas
//! (Inigo Quilez's polynomial smooth minimum, hg_sdf's round, chamfer,
//! stairs and columns), written here from the mathematics.

use crate::common::*;
use ropkit::build::build;
use ropkit::generate::Mode;
use ropkit::library::Library;
use ropkit::network::Network;
use ropkit::render::{Gpu, Renderer};
use ropkit::sample::sample_network;
use std::path::Path;

type V3 = [f64; 3];

fn sub(a: V3, b: V3) -> V3 {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}
fn add(a: V3, b: V3) -> V3 {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}
fn scale(a: V3, s: f64) -> V3 {
    [a[0] * s, a[1] * s, a[2] * s]
}
fn dot(a: V3, b: V3) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}
fn len(a: V3) -> f64 {
    dot(a, a).sqrt()
}
fn norm(a: V3) -> V3 {
    scale(a, 1.0 / len(a))
}
fn cross(a: V3, b: V3) -> V3 {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

// The distance functions, from their definitions.

fn sphere(p: V3, centre: V3, r: f64) -> f64 {
    len(sub(p, centre)) - r
}

/// A box of full size `size` centred at `centre`: outside, the distance to
/// the nearest point of it; inside, minus the distance to the nearest face.
fn boxed(p: V3, centre: V3, size: V3) -> f64 {
    let q: Vec<f64> = (0..3)
        .map(|i| (p[i] - centre[i]).abs() - size[i] / 2.0)
        .collect();
    let outside = q.iter().map(|x| x.max(0.0).powi(2)).sum::<f64>().sqrt();
    let inside = q[0].max(q[1]).max(q[2]).min(0.0);
    outside + inside
}

/// A ring of radius `r` around the y axis through `centre`, tube `t`.
fn torus(p: V3, centre: V3, r: f64, t: f64) -> f64 {
    let q = sub(p, centre);
    let ring = (q[0] * q[0] + q[2] * q[2]).sqrt() - r;
    (ring * ring + q[1] * q[1]).sqrt() - t
}

/// The polynomial smooth minimum: over a seam of width k the two
/// distances are mixed and the mix lowered by at most k/4.
fn smooth_min(a: f64, b: f64, k: f64) -> f64 {
    let h = (0.5 + 0.5 * (b - a) / k).clamp(0.0, 1.0);
    b * (1.0 - h) + a * h - k * h * (1.0 - h)
}

/// A pinhole camera at `pos` looking at `target` (up is +y), `fov` the
/// vertical field of view in degrees; pixel (x, y) of a `w` x `h` picture,
/// row 0 at the top. The picture plane lies `0.5 / tan(fov / 2)` in front
/// of the eye, one unit tall.
fn camera_ray(pos: V3, target: V3, fov: f64, x: u32, y: u32, w: u32, h: u32) -> V3 {
    let fw = norm(sub(target, pos));
    let rt = norm(cross(fw, [0.0, 1.0, 0.0]));
    let up = cross(rt, fw);
    let u = (x as f64 + 0.5 - w as f64 / 2.0) / h as f64;
    let v = (h as f64 / 2.0 - (y as f64 + 0.5)) / h as f64;
    let focal = 0.5 / (fov.to_radians() / 2.0).tan();
    norm(add(add(scale(rt, u), scale(up, v)), scale(fw, focal)))
}

/// Sphere tracing: the distance along the ray to the surface, if within `far`.
fn march(sdf: &dyn Fn(V3) -> f64, origin: V3, dir: V3, far: f64) -> Option<f64> {
    let mut t = 0.0;
    for _ in 0..2000 {
        let d = sdf(add(origin, scale(dir, t)));
        if d < 1e-5 {
            return Some(t);
        }
        t += d;
        if t > far {
            return None;
        }
    }
    None
}

/// The surface normal: the gradient of the distance by central differences.
fn gradient(sdf: &dyn Fn(V3) -> f64, p: V3) -> V3 {
    let e = 1e-5;
    let g: Vec<f64> = (0..3)
        .map(|i| {
            let mut a = p;
            let mut b = p;
            a[i] += e;
            b[i] -= e;
            sdf(a) - sdf(b)
        })
        .collect();
    norm([g[0], g[1], g[2]])
}

fn render_data(gpu: &Gpu, lib: &Library, net: &Network, buffer: &str, size: u32) -> Vec<[f32; 4]> {
    let mut net = net.clone();
    let output = net.output.clone();
    net.set_param(lib, &output, "Buffer", &buffer.into())
        .unwrap();
    let built = build(lib, &net, &Mode::Data.into()).unwrap_or_else(|e| panic!("{e}"));
    let mut r = Renderer::new(gpu.clone());
    r.set_built(&built).unwrap();
    r.set_params(&built.shader.param_values(&net, lib));
    r.render_data(size, size).unwrap()
}

struct Scene {
    name: &'static str,
    yaml: String,
    sdf: Box<dyn Fn(V3) -> f64>,
    eye: V3,
    target: V3,
    fov: f64,
}

fn scenes() -> Vec<Scene> {
    let camera = |eye: V3, target: V3, fov: f64| {
        format!(
            "  /cam: {{ rop: lookAtCamera, params: {{ Position: {eye:?}, Target: {target:?}, Fov: {fov} }} }}\n  /render: {{ rop: raymarchRender3D, params: {{ MaxSteps: 400, SurfaceEps: 0.0002, MaxDist: 40 }}, inputs: {{ scene: /all, camera: /cam }} }}\n"
        )
    };
    let (eye_a, target_a) = ([3.0, 3.0, 6.0], [0.5, 0.5, 0.0]);
    let (eye_b, target_b) = ([0.5, 4.0, 4.0], [0.0, 0.3, 0.0]);
    vec![
        Scene {
            name: "ball and box on a floor",
            yaml: format!(
                "output: /render\nnodes:\n  /s: {{ rop: sphere, params: {{ Radius: 1, Translate: [0, 1, 0] }} }}\n  /b: {{ rop: box, params: {{ Size: [1.5, 1, 1], Translate: [1.8, 0.5, -0.5] }} }}\n  /f: {{ rop: plane }}\n  /u: {{ rop: combine, inputs: [/s, /b] }}\n  /all: {{ rop: combine, inputs: [/u, /f] }}\n{}",
                camera(eye_a, target_a, 50.0)
            ),
            sdf: Box::new(|p| {
                sphere(p, [0.0, 1.0, 0.0], 1.0)
                    .min(boxed(p, [1.8, 0.5, -0.5], [1.5, 1.0, 1.0]))
                    .min(p[1])
            }),
            eye: eye_a,
            target: target_a,
            fov: 50.0,
        },
        Scene {
            name: "a ring melted into a ball",
            yaml: format!(
                "output: /render\nnodes:\n  /t: {{ rop: torus, params: {{ Radius: 1.2, Thickness: 0.35, Translate: [0, 0.5, 0] }} }}\n  /s: {{ rop: sphere, params: {{ Radius: 0.6, Translate: [1.2, 0.9, 0] }} }}\n  /all: {{ rop: combine, params: {{ Mode: smoothUnion, Blend: 0.4 }}, inputs: [/t, /s] }}\n{}",
                camera(eye_b, target_b, 40.0)
            ),
            sdf: Box::new(|p| {
                smooth_min(
                    torus(p, [0.0, 0.5, 0.0], 1.2, 0.35),
                    sphere(p, [1.2, 0.9, 0.0], 0.6),
                    0.4,
                )
            }),
            eye: eye_b,
            target: target_b,
            fov: 40.0,
        },
    ]
}

/// The GPU's rays, hits, depths and normals against the CPU marcher's, for
/// every pixel of a 64 x 64 picture. Tolerances: a ray direction within
/// 1e-4; hit or miss agreeing on all but 1% of pixels (a pixel whose ray
/// grazes a silhouette may go either way); where both hit, the depth within
/// 1% (the GPU stops at its surface epsilon, in 32-bit floats) and the
/// normal within 2.5 degrees, on all but 1% of those pixels (edges and
/// creases, where the normal turns within a pixel).
#[test]
fn a_cpu_ray_marcher_agrees_with_the_gpu_on_rays_hits_depths_and_normals() {
    let Some(gpu) = gpu("a_cpu_ray_marcher_agrees_with_the_gpu_on_rays_hits_depths_and_normals")
    else {
        return;
    };
    let lib = library();
    let size = 64u32;
    for scene in scenes() {
        let net = Network::parse(&scene.yaml, Path::new("reference.yaml"), &lib)
            .unwrap_or_else(|e| panic!("{}: {e}", scene.name));
        let rays = render_data(&gpu, &lib, &net, "rayDirection", size);
        let depth = render_data(&gpu, &lib, &net, "depth", size);
        let normal = render_data(&gpu, &lib, &net, "normal", size);
        let (mut hit_disagree, mut both, mut depth_off, mut normal_off, mut hits) = (0, 0, 0, 0, 0);
        for y in 0..size {
            for x in 0..size {
                let i = (y * size + x) as usize;
                let dir = camera_ray(scene.eye, scene.target, scene.fov, x, y, size, size);
                let gpu_dir = [rays[i][0] as f64, rays[i][1] as f64, rays[i][2] as f64];
                assert!(
                    len(sub(dir, gpu_dir)) < 1e-4,
                    "{}: pixel ({x}, {y}): ray {gpu_dir:?}, expected {dir:?}",
                    scene.name
                );
                let cpu = march(&*scene.sdf, scene.eye, dir, 40.0);
                let gpu_hit = depth[i][3] == 1.0;
                hits += usize::from(cpu.is_some());
                match (cpu, gpu_hit) {
                    (Some(t), true) => {
                        both += 1;
                        if (depth[i][0] as f64 - t).abs() > 0.01 * t {
                            depth_off += 1;
                        }
                        let n = gradient(&*scene.sdf, add(scene.eye, scale(dir, t)));
                        let g = [
                            normal[i][0] as f64,
                            normal[i][1] as f64,
                            normal[i][2] as f64,
                        ];
                        if dot(n, g) < 2.5f64.to_radians().cos() {
                            normal_off += 1;
                        }
                    }
                    (None, false) => {}
                    _ => hit_disagree += 1,
                }
            }
        }
        let pixels = (size * size) as usize;
        // Both surfaces and background are in the picture.
        assert!(
            hits > pixels / 5 && hits < pixels * 19 / 20,
            "{}: {hits} hits",
            scene.name
        );
        assert!(
            hit_disagree * 100 <= pixels,
            "{}: hit or miss differs at {hit_disagree} of {pixels} pixels",
            scene.name
        );
        assert!(
            depth_off * 100 <= both && normal_off * 100 <= both,
            "{}: of {both} pixels both hit, depth differs at {depth_off}, normal at {normal_off}",
            scene.name
        );
    }
}

// hg_sdf's seams, written from their geometry: `r` the seam's size, `n`
// its count of steps or columns; GLSL's mod is the floored one.

fn glsl_mod(x: f64, y: f64) -> f64 {
    x - y * (x / y).floor()
}

fn round_union(a: f64, b: f64, r: f64) -> f64 {
    // Inside the corner where both are within r: a quarter circle.
    let u = ((r - a).max(0.0), (r - b).max(0.0));
    r.max(a.min(b)) - (u.0 * u.0 + u.1 * u.1).sqrt()
}
fn round_intersect(a: f64, b: f64, r: f64) -> f64 {
    let u = ((r + a).max(0.0), (r + b).max(0.0));
    (-r).min(a.max(b)) + (u.0 * u.0 + u.1 * u.1).sqrt()
}
fn chamfer_union(a: f64, b: f64, r: f64) -> f64 {
    // A 45-degree cut across the corner.
    a.min(b).min((a - r + b) * 0.5f64.sqrt())
}
fn chamfer_intersect(a: f64, b: f64, r: f64) -> f64 {
    a.max(b).max((a + r + b) * 0.5f64.sqrt())
}
fn stairs_union(a: f64, b: f64, r: f64, n: f64) -> f64 {
    // n steps of size r/n down the diagonal of the corner.
    let s = r / n;
    let u = b - r;
    a.min(b)
        .min(0.5 * (u + a + (glsl_mod(u - a + s, 2.0 * s) - s).abs()))
}
fn stairs_intersect(a: f64, b: f64, r: f64, n: f64) -> f64 {
    -stairs_union(-a, -b, r, n)
}
fn stairs_difference(a: f64, b: f64, r: f64, n: f64) -> f64 {
    -stairs_union(-a, b, r, n)
}

/// Rotates the point (a, b) by 45 degrees, moves it along the diagonal
/// and across it, and repeats it across: the frame in which the columns
/// are circles of `radius`.
fn column_frame(a: f64, b: f64, r: f64, n: f64, radius: f64, shift: (f64, f64)) -> (f64, f64) {
    let h = 0.5f64.sqrt();
    let x = (a + b) * h - h * r + shift.0;
    let mut y = (b - a) * h + shift.1;
    if glsl_mod(n, 2.0) == 1.0 {
        y += radius;
    }
    (x, glsl_mod(y + radius, 2.0 * radius) - radius)
}

/// The radius of n columns that fill a seam of size r.
fn column_radius(r: f64, n: f64) -> f64 {
    r * 2f64.sqrt() / ((n - 1.0) * 2.0 + 2f64.sqrt())
}

fn columns_union(a: f64, b: f64, r: f64, n: f64) -> f64 {
    if a < r && b < r {
        let radius = column_radius(r, n);
        let (x, y) = column_frame(a, b, r, n, radius, (radius * 2f64.sqrt(), 0.0));
        ((x * x + y * y).sqrt() - radius).min(x).min(a).min(b)
    } else {
        a.min(b)
    }
}
fn columns_difference(a: f64, b: f64, r: f64, n: f64) -> f64 {
    let a = -a;
    if a < r && b < r {
        let radius = column_radius(r, n);
        // Grooves instead of columns: half a column further in, a radius over.
        let (x, y) = column_frame(a, b, r, n, radius, (-radius * 0.5f64.sqrt(), radius));
        -((radius - (x * x + y * y).sqrt()).max(x).min(a).min(b))
    } else {
        -a.min(b)
    }
}

/// Two planes through the origin, `a = y` and `b = x`: each mode's
/// value at (x, y) is its formula of the two distances, so a grid of
/// points covers the whole seam. Checked to 1e-4 (32-bit floats).
#[test]
fn combine_modes_match_their_formulas_round_chamfer_stairs_and_columns() {
    let Some(gpu) = gpu("combine_modes_match_their_formulas_round_chamfer_stairs_and_columns")
    else {
        return;
    };
    let lib = library();
    let mut renderer = Renderer::new(gpu);
    let points: Vec<[f32; 3]> = (0..31)
        .flat_map(|i| (0..31).map(move |j| [-1.5 + 0.1 * i as f32, -1.5 + 0.1 * j as f32, 0.3]))
        .collect();
    type Formula = fn(f64, f64, f64, f64) -> f64;
    let modes: [(&str, Formula); 13] = [
        ("smoothUnion", |a, b, k, _| smooth_min(a, b, k)),
        ("roundUnion", |a, b, r, _| round_union(a, b, r)),
        ("roundIntersect", |a, b, r, _| round_intersect(a, b, r)),
        ("roundDifference", |a, b, r, _| round_intersect(a, -b, r)),
        ("chamferUnion", |a, b, r, _| chamfer_union(a, b, r)),
        ("chamferIntersect", |a, b, r, _| chamfer_intersect(a, b, r)),
        ("chamferDifference", |a, b, r, _| {
            chamfer_intersect(a, -b, r)
        }),
        ("stairsUnion", stairs_union),
        ("stairsIntersect", stairs_intersect),
        ("stairsDifference", stairs_difference),
        ("columnsUnion", columns_union),
        ("columnsIntersect", |a, b, r, n| {
            columns_difference(a, -b, r, n)
        }),
        ("columnsDifference", columns_difference),
    ];
    let mut failures = Vec::new();
    for (mode, formula) in modes {
        for (blend, steps) in [(0.5, 4.0), (0.8, 3.0)] {
            let yaml = format!(
                "output: /render\nnodes:\n  /a: {{ rop: plane, params: {{ Normal: [0, 1, 0] }} }}\n  /b: {{ rop: plane, params: {{ Normal: [1, 0, 0] }} }}\n  /c: {{ rop: combine, params: {{ Mode: {mode}, Blend: {blend}, Steps: {steps} }}, inputs: [/a, /b] }}\n  /render: {{ rop: raymarchRender3D, inputs: [/c] }}\n"
            );
            let net = Network::parse(&yaml, Path::new("seam.yaml"), &lib).unwrap();
            let got = sample_network(&net, &lib, &mut renderer, &points)
                .unwrap_or_else(|e| panic!("{mode}: {e}"));
            let worst = points
                .iter()
                .zip(&got)
                .map(|(p, v)| {
                    let want = formula(p[1] as f64, p[0] as f64, blend, steps);
                    ((v[0] as f64 - want).abs(), *p, want, v[0])
                })
                .fold(
                    (0.0, [0.0; 3], 0.0, 0.0),
                    |w, c| if c.0 > w.0 { c } else { w },
                );
            if worst.0 > 1e-4 {
                failures.push(format!(
                    "{mode} (blend {blend}, steps {steps}): at {:?} {} != {} (formula)",
                    worst.1, worst.3, worst.2
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// One light, no ambient light, occlusion or shadow: the lit colour of a
/// unit sphere seen along -z by an orthographic camera, as the data colour
/// buffer holds it (linear, before exposure and gamma), against
///
/// - Lambert: `albedo * max(n.l, 0) * light`;
/// - Blinn-Phong: Lambert plus `specular * max(n.h, 0)^shininess * light`
///   where n.l > 0, with h halfway between the light and the eye;
///
/// at the normal of each pixel's hit (the sphere's own: the hit point),
/// for two light directions. Within 0.01 plus 1% on all but 1% of the
/// pixels whose normal faces the camera (n.z > 0.3).
#[test]
fn lambert_and_phong_materials_match_their_formulas_at_known_normals() {
    let Some(gpu) = gpu("lambert_and_phong_materials_match_their_formulas_at_known_normals") else {
        return;
    };
    let lib = library();
    let size = 48u32;
    let albedo = [0.8, 0.5, 0.25];
    let light_colour = [1.0, 0.9, 0.8];
    let intensity = 1.5;
    let (spec_colour, specular, shininess) = ([0.6, 0.8, 1.0], 0.7, 24.0);
    let materials = [
        (
            "lambert",
            format!(
                "{{ rop: basicMaterial, params: {{ Color: {albedo:?}, Specular: 0 }}, inputs: [/s] }}"
            ),
        ),
        (
            "phong",
            format!(
                "{{ rop: phongMaterial, params: {{ Color: {albedo:?}, SpecularColor: {spec_colour:?}, Specular: {specular}, Shininess: {shininess} }}, inputs: [/s] }}"
            ),
        ),
    ];
    let mut checked = 0;
    for (kind, material) in &materials {
        for travel in [[-0.5, -0.6, -0.62], [0.8, 0.1, -0.4]] {
            let yaml = format!(
                "output: /render\nnodes:\n  /s: {{ rop: sphere }}\n  /m: {material}\n  /cam: {{ rop: orthoCamera, params: {{ Position: [0, 0, 5], Target: [0, 0, 0], Size: 2.4 }} }}\n  /sun: {{ rop: directionalLight, params: {{ Direction: {travel:?}, Color: {light_colour:?}, Intensity: {intensity} }} }}\n  /render: {{ rop: raymarchRender3D, params: {{ Ambient: 0, AO: false, Shadows: false }}, inputs: {{ scene: /m, camera: /cam, light: /sun }} }}\n"
            );
            let net = Network::parse(&yaml, Path::new("lit.yaml"), &lib)
                .unwrap_or_else(|e| panic!("{kind}: {e}"));
            let colour = render_data(&gpu, &lib, &net, "color", size);
            let origin = render_data(&gpu, &lib, &net, "rayOrigin", size);
            let l = scale(norm(travel), -1.0);
            let (mut facing, mut off, mut worst) = (0, 0, (0.0f64, [0.0; 3], [0.0; 3]));
            for (i, c) in colour.iter().enumerate() {
                // Rays go along -z: the sphere's point above (x, y).
                let (x, y) = (origin[i][0] as f64, origin[i][1] as f64);
                let z2 = 1.0 - x * x - y * y;
                if z2 < 0.09 {
                    continue;
                }
                let n = [x, y, z2.sqrt()];
                facing += 1;
                let ndl = dot(n, l).max(0.0);
                let h = norm(add(l, [0.0, 0.0, 1.0]));
                let spec = if *kind == "phong" && ndl > 0.0 {
                    specular * dot(n, h).max(0.0).powf(shininess)
                } else {
                    0.0
                };
                let want: Vec<f64> = (0..3)
                    .map(|k| {
                        let s = if *kind == "phong" {
                            spec * spec_colour[k]
                        } else {
                            0.0
                        };
                        (albedo[k] * ndl + s) * light_colour[k] * intensity
                    })
                    .collect();
                let got = [c[0] as f64, c[1] as f64, c[2] as f64];
                let err = (0..3)
                    .map(|k| (got[k] - want[k]).abs() - 0.01 * want[k])
                    .fold(0.0, f64::max);
                if err > 0.01 {
                    off += 1;
                }
                if err > worst.0 {
                    worst = (err, got, [want[0], want[1], want[2]]);
                }
            }
            assert!(facing > 200, "{kind}: {facing} pixels face the camera");
            assert!(
                off * 100 <= facing,
                "{kind}, light along {travel:?}: {off} of {facing} pixels off the formula; worst {:?} != {:?}",
                worst.1,
                worst.2
            );
            checked += facing;
        }
    }
    assert!(checked > 800);
}
