//! Cameras checked by what they see: a stereo pair's parallax, and the
//! equal faces of a cube under the isometric camera.

use crate::common::*;
use ropkit::build::build;
use ropkit::generate::Mode;
use ropkit::library::Library;
use ropkit::network::Network;
use ropkit::render::{Gpu, Renderer};
use std::path::Path;

fn data(gpu: &Gpu, lib: &Library, text: &str, buffer: &str, w: u32, h: u32) -> Vec<[f32; 4]> {
    let mut net =
        Network::parse(text, Path::new("cameras.yaml"), lib).unwrap_or_else(|e| panic!("{e}"));
    let output = net.output.clone();
    net.set_param(lib, &output, "Buffer", &buffer.into())
        .unwrap();
    let built = build(lib, &net, &Mode::Data.into()).unwrap_or_else(|e| panic!("{}", e.report()));
    assert_glslang(&built.shader.glsl, buffer);
    let mut r = Renderer::new(gpu.clone());
    r.set_built(&built).unwrap();
    r.set_params(&built.shader.param_values(&net, lib));
    r.render_data(w, h).unwrap()
}

/// A far sphere (id 2) at the origin and a near one (id 1) above the line
/// of sight, seen through `camera`.
fn two_spheres(camera: &str) -> String {
    format!(
        "output: /render
nodes:
  /far: {{ rop: sphere, params: {{ Radius: 0.5 }} }}
  /near: {{ rop: sphere, params: {{ Radius: 0.25, Translate: [0, 0.9, 3] }} }}
  /farId: {{ rop: objectId, params: {{ Id: 2 }}, inputs: [/far] }}
  /nearId: {{ rop: objectId, params: {{ Id: 1 }}, inputs: [/near] }}
  /scene: {{ rop: combine, inputs: [/farId, /nearId] }}
  /cam: {camera}
  /render: {{ rop: raymarchRender3D, inputs: {{ scene: /scene, camera: /cam }} }}
"
    )
}

/// Mean column and row of the texels with object id `id` within columns
/// `x0..x1` and rows `y0..y1`.
fn centroid(
    ids: &[[f32; 4]],
    w: u32,
    id: f32,
    (x0, x1): (u32, u32),
    (y0, y1): (u32, u32),
) -> (f32, f32) {
    let (mut sx, mut sy, mut n) = (0.0, 0.0, 0.0);
    for y in y0..y1 {
        for x in x0..x1 {
            if ids[(y * w + x) as usize][0] == id {
                sx += x as f32 + 0.5;
                sy += y as f32 + 0.5;
                n += 1.0;
            }
        }
    }
    assert!(
        n > 4.0,
        "object {id} covers {n} texels in {x0}..{x1} x {y0}..{y1}"
    );
    (sx / n, sy / n)
}

#[test]
fn a_stereo_pair_converges_on_the_far_sphere_and_parts_the_near_one() {
    let Some(gpu) = gpu("a_stereo_pair_converges_on_the_far_sphere_and_parts_the_near_one") else {
        return;
    };
    let lib = library();
    let (w, h) = (128, 48);
    let text = two_spheres(
        "{ rop: splitCamera, params: { Position: [0, 0, 6], Target: [0, 0, 0], Fov: 40, EyeSeparation: 0.6, Convergence: 6 } }",
    );
    let ids = data(&gpu, &lib, &text, "objectId", w, h);
    let half = w / 2;
    let far_left = centroid(&ids, w, 2.0, (0, half), (0, h));
    let far_right = centroid(&ids, w, 2.0, (half, w), (0, h));
    let near_left = centroid(&ids, w, 1.0, (0, half), (0, h));
    let near_right = centroid(&ids, w, 1.0, (half, w), (0, h));
    // The far sphere sits at the convergence point: in the middle of both
    // halves, at the same height.
    let mid = half as f32 / 2.0;
    assert!(
        (far_left.0 - mid).abs() < 0.5,
        "left eye: far sphere at {far_left:?}"
    );
    assert!(
        (far_right.0 - half as f32 - mid).abs() < 0.5,
        "right eye: {far_right:?}"
    );
    assert!((far_left.1 - far_right.1).abs() < 0.5);
    // The near sphere, nearer than where the eyes converge: the left eye
    // sees it right of the middle and the right eye left of it, by the same
    // amount, at the same height.
    let left_shift = near_left.0 - mid;
    let right_shift = near_right.0 - half as f32 - mid;
    assert!(
        left_shift > 2.0 && right_shift < -2.0,
        "parallax {left_shift} {right_shift}"
    );
    assert!(
        (left_shift + right_shift).abs() < 0.5,
        "asymmetric: {left_shift} {right_shift}"
    );
    assert!((near_left.1 - near_right.1).abs() < 0.5);

    // Parallel eyes: no convergence, so the far sphere parts too (less than
    // the near one), each eye seeing everything shifted the other way.
    let text = two_spheres(
        "{ rop: splitCamera, params: { Position: [0, 0, 6], Target: [0, 0, 0], Fov: 40, EyeSeparation: 0.6 } }",
    );
    let ids = data(&gpu, &lib, &text, "objectId", w, h);
    let far = centroid(&ids, w, 2.0, (0, half), (0, h)).0 - mid;
    let near = centroid(&ids, w, 1.0, (0, half), (0, h)).0 - mid;
    assert!(
        far > 0.5 && near > far,
        "parallel eyes: far {far}, near {near}"
    );

    // Over-under panoramas: both eyes see the far sphere straight ahead, in
    // the middle of their half.
    let text = two_spheres(
        "{ rop: splitCamera, params: { Position: [0, 0, 6], Target: [0, 0, 0], EyeSeparation: 0.3, Layout: overUnder, Projection: equirectangular } }",
    );
    let (w, h) = (96, 96);
    let ids = data(&gpu, &lib, &text, "objectId", w, h);
    let top = centroid(&ids, w, 2.0, (0, w), (0, h / 2));
    let bottom = centroid(&ids, w, 2.0, (0, w), (h / 2, h));
    assert!(
        (top.0 - 48.0).abs() < 1.0 && (top.1 - 24.0).abs() < 1.0,
        "top eye: {top:?}"
    );
    assert!(
        (bottom.0 - 48.0).abs() < 1.0 && (bottom.1 - 72.0).abs() < 1.0,
        "bottom eye: {bottom:?}"
    );
}

#[test]
fn the_isometric_camera_shows_three_faces_of_a_cube_equally() {
    let Some(gpu) = gpu("the_isometric_camera_shows_three_faces_of_a_cube_equally") else {
        return;
    };
    let lib = library();
    let count = |camera: &str| {
        let text = format!(
            "output: /render\nnodes:\n  /cube: {{ rop: box, params: {{ Size: [2, 2, 2] }} }}\n  /cam: {camera}\n  /render: {{ rop: raymarchRender3D, inputs: {{ scene: /cube, camera: /cam }} }}\n"
        );
        let normals = data(&gpu, &lib, &text, "normal", 96, 96);
        let mut faces = [0usize; 3];
        for n in normals.iter().filter(|n| n[3] == 1.0) {
            for (k, f) in faces.iter_mut().enumerate() {
                if n[k] > 0.99 {
                    *f += 1;
                }
            }
        }
        faces
    };
    let faces = count("{ rop: isoCamera, params: { Target: [0, 0, 0], Size: 4 } }");
    let mean = faces.iter().sum::<usize>() as f32 / 3.0;
    assert!(mean > 500.0, "faces {faces:?}");
    for f in faces {
        assert!(
            (f as f32 - mean).abs() < 0.03 * mean,
            "faces +x +y +z: {faces:?}"
        );
    }
    // Lower down, the top face shrinks: the check can tell views apart.
    let low = count("{ rop: isoCamera, params: { Target: [0, 0, 0], Size: 4, Elevation: 15 } }");
    assert!(
        (low[1] as f32) < 0.6 * low[0] as f32,
        "elevation 15: {low:?}"
    );
}

/// Width and height, in texels, of what object `id` covers within rows
/// `y0..y1`.
fn extent(ids: &[[f32; 4]], w: u32, id: f32, (y0, y1): (u32, u32)) -> (u32, u32) {
    let (mut xs, mut ys) = ((u32::MAX, 0), (u32::MAX, 0));
    for y in y0..y1 {
        for x in 0..w {
            if ids[(y * w + x) as usize][0] == id {
                xs = (xs.0.min(x), xs.1.max(x));
                ys = (ys.0.min(y), ys.1.max(y));
            }
        }
    }
    assert!(xs.0 <= xs.1, "object {id} not seen in rows {y0}..{y1}");
    (xs.1 - xs.0 + 1, ys.1 - ys.0 + 1)
}

/// Over-under perspective eyes keep the shape of their half: a sphere
/// straight ahead is as wide as it is high in each half (it was squashed
/// to half its height), and as tall as a mono camera with the same field of
/// view shows it on an image of the half's size.
#[test]
fn over_under_eyes_keep_their_proportions() {
    let Some(gpu) = gpu("over_under_eyes_keep_their_proportions") else {
        return;
    };
    let lib = library();
    let (w, h) = (128, 128);
    let text = two_spheres(
        "{ rop: splitCamera, params: { Position: [0, 0, 6], Target: [0, 0, 0], Fov: 30, EyeSeparation: 0.2, Convergence: 6, Layout: overUnder } }",
    );
    let ids = data(&gpu, &lib, &text, "objectId", w, h);
    let mono = two_spheres(
        "{ rop: lookAtCamera, params: { Position: [0, 0, 6], Target: [0, 0, 0], Fov: 30 } }",
    );
    let mono_ids = data(&gpu, &lib, &mono, "objectId", w, h / 2);
    let (_, mono_h) = extent(&mono_ids, w, 2.0, (0, h / 2));
    for rows in [(0, h / 2), (h / 2, h)] {
        let (ew, eh) = extent(&ids, w, 2.0, rows);
        assert!(
            ew.abs_diff(eh) <= 1,
            "rows {rows:?}: the far sphere is {ew} x {eh} texels"
        );
        assert!(
            eh.abs_diff(mono_h) <= 1,
            "rows {rows:?}: {eh} texels high, a mono view {mono_h}"
        );
    }
}
