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
        // A face (axis and side) and two face coordinates a, b in 0.05..0.95,
        // mapped as documented: x faces (z, y), y faces (x, z), z faces (x, y).
        let axis = k % 3;
        let side = if (k / 3) % 2 == 0 { 0.5 } else { -0.5 };
        let (a, b) = (r.range(0.05, 0.95), r.range(0.05, 0.95));
        let (ia, ib) = [(2, 1), (0, 2), (0, 1)][axis];
        let mut p = c;
        p[axis] += side * s[axis];
        p[ia] += (a - 0.5) * s[ia];
        p[ib] += (b - 0.5) * s[ib];
        want.push(flat(p, [a, b]));
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
        let side = if (k / 3) % 2 == 0 { 0.5 } else { -0.5 };
        let (a, b) = (r.range(0.1, 0.9), r.range(0.1, 0.9));
        let (ia, ib) = [(2, 1), (0, 2), (0, 1)][axis];
        let mut p = c;
        p[axis] += side * s[axis];
        p[ia] += (a - 0.5) * s[ia];
        p[ib] += (b - 0.5) * s[ib];
        want.push(flat(p, [a, b]));
    }
    let node = "{ rop: roundBox, params: { Size: [2, 1.6, 1.2], Radius: 0.1, Translate: [0.3, -0.2, 0.1] } }";
    let out = sample(&gpu, &lib, &uv_probe(node, ""), &pts_of(&want));
    check_uvs("roundBox", &out, &want, 1e-4);
}

/// Coordinates of a point given in the (first, second, along) frame of an
/// axis, as the docs define it: x -> (y, z, x), y -> (x, z, y), z -> (x, y, z).
fn from_axis_frame(axis: usize, f: [f64; 3]) -> [f64; 3] {
    match axis {
        0 => [f[2], f[0], f[1]],
        1 => [f[0], f[2], f[1]],
        _ => [f[0], f[1], f[2]],
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
                let uv = [f[0] / 1.2 + 0.5, f[1] / 1.2 + 0.5];
                want.push(flat(add3(t, from_axis_frame(axis, f)), uv));
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
                    // Planar along the axis: x -> (z, y), y -> (x, z), z -> (x, y), times Scale.
                    "planar" => {
                        let (a, b) = [(2, 1), (0, 2), (0, 1)][axis];
                        flat(p, [q[a] * 2.5, q[b] * 2.5])
                    }
                    // Longitude around the axis and colatitude from its positive pole, each 0..1.
                    "spherical" => Expect {
                        p,
                        uv: [f[1].atan2(f[0]) / TAU + 0.5, (f[2] / 0.8).acos() / PI],
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
    // Triplanar on a box: each face is projected along its own normal,
    // whatever the Axis menu says.
    let mut r = Rng::new(50);
    let mut want = Vec::new();
    let s = [1.2, 1.0, 1.4];
    for k in 0..90 {
        let axis = k % 3;
        let side = if (k / 3) % 2 == 0 { 0.5 } else { -0.5 };
        let (ia, ib) = [(2, 1), (0, 2), (0, 1)][axis];
        let mut q = [0.0; 3];
        q[axis] = side * s[axis];
        q[ia] = r.range(-0.4, 0.4) * s[ia];
        q[ib] = r.range(-0.4, 0.4) * s[ib];
        want.push(flat(add3(c, q), [q[ia] * 2.0, q[ib] * 2.0]));
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
    // A floor plane projected along y gives uv = (x, z); the transform then
    // gives pivot + R(30 deg) ((uv - pivot) * scale) + offset.
    let extra = "  /floor: { rop: plane }\n  /planar: { rop: assignUV, params: { Projection: planar, Axis: y }, inputs: [/floor] }\n";
    let node = "{ rop: uvTransform, params: { Offset: [0.25, -1.5], Scale: [2, -0.5], Rotate: 30, Pivot: [0.5, 1.0] }, inputs: [/planar] }";
    let mut r = Rng::new(60);
    let want: Vec<Expect> = (0..100)
        .map(|_| {
            let (x, z) = (r.range(-3.0, 3.0), r.range(-3.0, 3.0));
            let (a, s, c) = (30f64.to_radians(), [2.0, -0.5], [0.5, 1.0]);
            let w = [(x - c[0]) * s[0], (z - c[1]) * s[1]];
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
