//! The raymarcher's buffers beyond colour: world position, ray direction
//! and origin, and object ids (tagged by `objectId` nodes), as raw floats
//! (data renders, EXR files) and as pictures.

use crate::common::*;
use ropkit::build::build;
use ropkit::generate::Mode;
use ropkit::library::Library;
use ropkit::network::Network;
use ropkit::render::{Gpu, Renderer};
use std::path::Path;

/// Two tagged objects (ids 3 and 7) side by side, and an untagged floor far
/// below, seen from the front.
const TWO_OBJECTS: &str = "output: /render
nodes:
  /left: { rop: sphere, params: { Radius: 0.8, Translate: [-1.2, 0, 0] } }
  /right: { rop: box, params: { Size: [1.4, 1.4, 1.4], Translate: [1.2, 0, 0] } }
  /leftId: { rop: objectId, params: { Id: 3 }, inputs: [/left] }
  /rightId: { rop: objectId, params: { Id: 7 }, inputs: [/right] }
  /pair: { rop: combine, params: { Mode: union }, inputs: [/leftId, /rightId] }
  /floor: { rop: plane, params: { Offset: -3 } }
  /scene: { rop: combine, params: { Mode: union }, inputs: [/pair, /floor] }
  /cam: { rop: lookAtCamera, params: { Position: [0, 0, 6], Target: [0, 0, 0], Fov: 50 } }
  /render: { rop: raymarchRender3D, params: { MaxDist: 30 }, inputs: { scene: /scene, camera: /cam } }
";

fn network(lib: &Library) -> Network {
    Network::parse(TWO_OBJECTS, Path::new("two-objects.yaml"), lib)
        .unwrap_or_else(|e| panic!("{e}"))
}

fn render_data(gpu: &Gpu, lib: &Library, net: &Network, buffer: &str, size: u32) -> Vec<[f32; 4]> {
    let mut net = net.clone();
    let output = net.output.clone();
    net.set_param(lib, &output, "Buffer", &buffer.into())
        .unwrap();
    let built = build(lib, &net, &Mode::Data.into()).unwrap_or_else(|e| panic!("{}", e.report()));
    assert_glslang(&built.shader.glsl, buffer);
    let mut r = Renderer::new(gpu.clone());
    r.set_built(&built).unwrap();
    r.set_params(&built.shader.param_values(&net, lib));
    r.render_data(size, size).unwrap()
}

#[test]
fn the_object_id_buffer_tells_tagged_objects_untagged_ones_and_the_sky_apart() {
    let Some(gpu) =
        gpu("the_object_id_buffer_tells_tagged_objects_untagged_ones_and_the_sky_apart")
    else {
        return;
    };
    let lib = library();
    let net = network(&lib);
    let size = 48;
    let ids = render_data(&gpu, &lib, &net, "objectId", size);
    let at = |x: u32, y: u32| ids[(y * size + x) as usize];
    // The middle row: the sphere on the left, the box on the right, sky
    // between them and at the edges. Rows are top first.
    let row = size / 2;
    assert_eq!(at(size / 2 - 9, row)[0], 3.0, "the sphere's id");
    assert_eq!(at(size / 2 + 9, row)[0], 7.0, "the box's id");
    for x in [1, size / 2, size - 2] {
        assert_eq!(at(x, row), [-1.0, 0.0, 0.0, 0.0], "sky at column {x}");
    }
    // The untagged floor, at the bottom of the picture, has id 0.
    assert_eq!(at(size / 2, size - 1)[0], 0.0, "the untagged floor");
    assert_eq!(at(size / 2, size - 1)[3], 1.0, "the floor is a hit");
    // Only these four values anywhere.
    for t in &ids {
        assert!(
            [-1.0, 0.0, 3.0, 7.0].contains(&t[0]),
            "unexpected id {}",
            t[0]
        );
    }
    // Without objectId nodes and without the buffer, Sdf results carry no id.
    let plain = Network::load(&root().join("presets/default.yaml"), &lib).unwrap();
    let glsl = build(&lib, &plain, &Mode::Render.into())
        .unwrap()
        .shader
        .glsl;
    assert!(!glsl.contains("#define ROPKIT_SDF_OBJECT_ID"));
    let glsl = build(&lib, &net, &Mode::Render.into()).unwrap().shader.glsl;
    assert!(glsl.contains("#define ROPKIT_SDF_OBJECT_ID"));
}

#[test]
fn world_position_is_the_ray_origin_plus_depth_times_its_direction() {
    let Some(gpu) = gpu("world_position_is_the_ray_origin_plus_depth_times_its_direction") else {
        return;
    };
    let lib = library();
    let net = network(&lib);
    let size = 40;
    let depth = render_data(&gpu, &lib, &net, "depth", size);
    let pos = render_data(&gpu, &lib, &net, "worldPosition", size);
    let dir = render_data(&gpu, &lib, &net, "rayDirection", size);
    let origin = render_data(&gpu, &lib, &net, "rayOrigin", size);
    let mut hits = 0;
    for i in 0..depth.len() {
        // The camera sits at (0, 0, 6); directions are unit length.
        assert!((origin[i][2] - 6.0).abs() < 1e-4, "origin {:?}", origin[i]);
        let d = dir[i];
        let len = (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt();
        assert!((len - 1.0).abs() < 1e-3, "direction {d:?}");
        assert_eq!(depth[i][3], pos[i][3], "hit masks differ at {i}");
        if depth[i][3] == 0.0 {
            continue;
        }
        hits += 1;
        for k in 0..3 {
            let want = origin[i][k] + depth[i][0] * d[k];
            assert!(
                (pos[i][k] - want).abs() < 1e-3,
                "texel {i}: position {:?}, origin + depth x direction {want} on axis {k}",
                pos[i]
            );
        }
        // And the point lies on a surface of the scene: on the sphere, the
        // box or the floor.
        let p = pos[i];
        let sphere = ((p[0] + 1.2).powi(2) + p[1] * p[1] + p[2] * p[2]).sqrt() - 0.8;
        let q = [(p[0] - 1.2).abs() - 0.7, p[1].abs() - 0.7, p[2].abs() - 0.7];
        let boxd = q.iter().map(|v| v.max(0.0).powi(2)).sum::<f32>().sqrt()
            + q[0].max(q[1]).max(q[2]).min(0.0);
        let floor = p[1] + 3.0;
        let nearest = sphere.min(boxd).min(floor);
        // The march stops within SurfaceEps (0.001) times the distance.
        let tolerance = 0.0015 * depth[i][0].max(1.0);
        assert!(
            nearest.abs() < tolerance,
            "texel {i}: {p:?} is {nearest} from every surface"
        );
    }
    assert!(hits > 200, "only {hits} hits");
}

#[test]
fn every_buffer_renders_as_a_picture_and_through_both_compilers() {
    let Some(gpu) = gpu("every_buffer_renders_as_a_picture_and_through_both_compilers") else {
        return;
    };
    let lib = library();
    let options = lib
        .get("raymarchRender3D")
        .unwrap()
        .param("Buffer")
        .unwrap()
        .options
        .clone();
    assert!(options.len() >= 10, "{options:?}");
    let mut pictures = Vec::new();
    for buffer in &options {
        let mut net = network(&lib);
        let output = net.output.clone();
        net.set_param(&lib, &output, "Buffer", &buffer.as_str().into())
            .unwrap();
        let built =
            build(&lib, &net, &Mode::Render.into()).unwrap_or_else(|e| panic!("{}", e.report()));
        assert_glslang(&built.shader.glsl, buffer);
        let mut r = Renderer::new(gpu.clone());
        r.set_built(&built).unwrap();
        r.set_params(&built.shader.param_values(&net, &lib));
        let img = r.render_image(32, 32).unwrap();
        // Not one flat colour: each buffer shows the scene (a pinhole
        // camera's rays all start at one point, and these two objects are
        // no fractal with an orbit trap, so those two are flat).
        let first = img.get_pixel(0, 16);
        assert_eq!(
            img.pixels().any(|p| p != first),
            buffer != "rayOrigin" && buffer != "orbitTrap",
            "the {buffer} buffer"
        );
        pictures.push((buffer.clone(), img));
    }
    // No two buffers draw the same picture.
    // (The two flat ones are both black here.)
    pictures.retain(|(b, _)| b != "rayOrigin" && b != "orbitTrap");
    for (i, (a, ia)) in pictures.iter().enumerate() {
        for (b, ib) in &pictures[i + 1..] {
            assert_ne!(ia, ib, "the {a} and {b} buffers draw the same picture");
        }
    }
}

#[test]
fn render_writes_a_buffer_as_32_bit_floats_to_an_exr_file() {
    let Some(gpu) = gpu("render_writes_a_buffer_as_32_bit_floats_to_an_exr_file") else {
        return;
    };
    let lib = library();
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("two.yaml");
    std::fs::write(&file, TWO_OBJECTS).unwrap();
    let exr = tmp.path().join("depth.exr");
    let out = run_ropkit([
        "render".as_ref(),
        file.as_os_str(),
        "--buffer".as_ref(),
        "depth".as_ref(),
        "--size".as_ref(),
        "24x24".as_ref(),
        "-o".as_ref(),
        exr.as_os_str(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let img = image::open(&exr)
        .expect("an EXR file image can read")
        .into_rgba32f();
    assert_eq!(img.dimensions(), (24, 24));
    // The same floats as a data render of the same buffer.
    let want = render_data(&gpu, &lib, &network(&lib), "depth", 24);
    for (i, (p, w)) in img.pixels().zip(&want).enumerate() {
        for k in 0..4 {
            assert!(
                (p[k] - w[k]).abs() < 1e-4,
                "texel {i}: {:?} against {w:?}",
                p.0
            );
        }
    }
    // Real distances, not 8-bit shades: the sphere's front is about 5.2
    // from the camera.
    assert!(
        img.pixels()
            .any(|p| p[3] == 1.0 && p[0] > 4.0 && p[0] < 6.0)
    );
}

#[test]
fn a_limit_box_leaves_out_what_lies_outside_it_and_keeps_the_rest_exact() {
    let Some(gpu) = gpu("a_limit_box_leaves_out_what_lies_outside_it_and_keeps_the_rest_exact")
    else {
        return;
    };
    let lib = library();
    let plain = network(&lib);
    let mut boxed = plain.clone();
    let output = boxed.output.clone();
    // A box around the left sphere only (x < 0, above the floor).
    for (param, value) in [
        ("LimitBox", "true"),
        ("LimitMin", "[-2.5, -1.5, -1.5]"),
        ("LimitMax", "[0, 1.5, 1.5]"),
    ] {
        let v: serde_yaml_ng::Value = serde_yaml_ng::from_str(value).unwrap();
        boxed.set_param(&lib, &output, param, &v).unwrap();
    }
    let size = 40;
    let a = render_data(&gpu, &lib, &plain, "depth", size);
    let b = render_data(&gpu, &lib, &boxed, "depth", size);
    let ids_plain = render_data(&gpu, &lib, &plain, "objectId", size);
    let (mut kept, mut dropped) = (0, 0);
    for i in 0..a.len() {
        match ids_plain[i][0] {
            // The sphere inside the box: the same hit at the same depth.
            3.0 => {
                assert_eq!(b[i][3], 1.0, "texel {i}: the sphere inside the box is gone");
                // Both stop within SurfaceEps x depth of the surface.
                assert!(
                    (a[i][0] - b[i][0]).abs() < 0.002 * a[i][0],
                    "texel {i}: {:?} vs {:?}",
                    a[i],
                    b[i]
                );
                kept += 1;
            }
            // The box and the floor lie outside it: rays there hit nothing.
            7.0 | 0.0 => {
                assert_eq!(b[i][3], 0.0, "texel {i}: outside the limit box but hit");
                dropped += 1;
            }
            _ => assert_eq!(b[i][3], 0.0, "texel {i}: sky became a hit"),
        }
    }
    assert!(kept > 50 && dropped > 50, "kept {kept}, dropped {dropped}");
    // Without the box the shader has none of its code.
    let glsl = build(&lib, &plain, &Mode::Render.into())
        .unwrap()
        .shader
        .glsl;
    assert!(!glsl.contains("boxSpan"));
}

#[test]
fn iteration_uv_debug_and_sdf_buffers_carry_what_the_scene_put_in_its_results() {
    let Some(gpu) =
        gpu("iteration_uv_debug_and_sdf_buffers_carry_what_the_scene_put_in_its_results")
    else {
        return;
    };
    let lib = library();
    // A row of balls (gridRepeat along x, spacing 2), each ball tagged with
    // its height through debugValue, over a floor; seen from the front.
    let text = "output: /render
nodes:
  /ball: { rop: sphere, params: { Radius: 0.6 } }
  /height: { rop: position, params: { Component: y } }
  /tagged: { rop: debugValue, inputs: [/ball, /height] }
  /row: { rop: gridRepeat, params: { Spacing: [2, 0, 0], Limited: true, Limit: [2, 0, 0] }, inputs: [/tagged] }
  /floor: { rop: plane, params: { Offset: -1 } }
  /scene: { rop: combine, inputs: [/row, /floor] }
  /cam: { rop: lookAtCamera, params: { Position: [0, 0.5, 9], Target: [0, 0, 0], Fov: 50 } }
  /render: { rop: raymarchRender3D, inputs: { scene: /scene, camera: /cam } }
";
    let net = Network::parse(text, Path::new("row.yaml"), &lib).unwrap_or_else(|e| panic!("{e}"));
    let size = 48;
    let pos = render_data(&gpu, &lib, &net, "worldPosition", size);
    let iteration = render_data(&gpu, &lib, &net, "iteration", size);
    let uv = render_data(&gpu, &lib, &net, "uv", size);
    let debug = render_data(&gpu, &lib, &net, "debug", size);
    let sdf = render_data(&gpu, &lib, &net, "sdf", size);
    let depth = render_data(&gpu, &lib, &net, "depth", size);
    let (mut balls, mut floor) = (0, 0);
    for i in 0..pos.len() {
        let p = pos[i];
        if p[3] == 0.0 {
            assert_eq!(sdf[i], [-1.0, -1.0, -1.0, 0.0], "texel {i}: a miss");
            continue;
        }
        // Within the march's tolerance of the surface.
        assert!(
            sdf[i][0].abs() < 0.0011 * depth[i][0].max(1.0),
            "texel {i}: sdf {:?}",
            sdf[i]
        );
        let cell = (p[0] / 2.0).round().clamp(-2.0, 2.0);
        let off_ball = ((p[0] - 2.0 * cell).powi(2) + p[1] * p[1] + p[2] * p[2]).sqrt() - 0.6;
        if off_ball > 0.01 {
            // The floor: its uv is the point in the plane (x, -z), it is no
            // copy of the row (iteration 0) and holds no debug value.
            floor += 1;
            assert!(
                (uv[i][0] - p[0]).abs() < 2e-3 && (uv[i][1] + p[2]).abs() < 2e-3,
                "floor uv {:?} at {p:?}",
                uv[i]
            );
            assert_eq!(debug[i][0], 0.0);
            continue;
        }
        balls += 1;
        // The copy the ray hit: its index is the ball's x over the spacing.
        assert_eq!(
            iteration[i][0], cell,
            "texel {i}: iteration {:?} at {p:?}",
            iteration[i]
        );
        assert_eq!(iteration[i][1], 5.0, "five copies");
        // debugValue recorded the height of the hit.
        assert!(
            (debug[i][0] - p[1]).abs() < 2e-3,
            "texel {i}: debug {} at height {}",
            debug[i][0],
            p[1]
        );
        // The sphere's uv: longitude and latitude of the point on its ball.
        let q = [p[0] - 2.0 * cell, p[1], p[2]];
        let r = (q[0] * q[0] + q[1] * q[1] + q[2] * q[2]).sqrt();
        // u grows to the right seen from outside, 0.5 facing +z; v is 0 at
        // the south pole and 1 at the north one (shaders/uv.glsl).
        let lon = q[0].atan2(q[2]) / std::f32::consts::TAU + 0.5;
        let lat = 1.0 - (q[1] / r).clamp(-1.0, 1.0).acos() / std::f32::consts::PI;
        assert!(
            (uv[i][0] - lon).abs() < 2e-3 && (uv[i][1] - lat).abs() < 2e-3,
            "texel {i}: uv {:?}, expected ({lon}, {lat})",
            uv[i]
        );
    }
    assert!(balls > 100 && floor > 100, "balls {balls}, floor {floor}");
}

#[test]
fn the_orbit_trap_buffer_holds_the_nearest_the_fractal_orbit_came() {
    let Some(gpu) = gpu("the_orbit_trap_buffer_holds_the_nearest_the_fractal_orbit_came") else {
        return;
    };
    let lib = library();
    let text = "output: /render
nodes:
  /bulb: { rop: mandelbulb }
  /cam: { rop: lookAtCamera, params: { Position: [0, 0.6, 3.2], Target: [0, 0, 0], Fov: 45 } }
  /render: { rop: raymarchRender3D, inputs: { scene: /bulb, camera: /cam } }
";
    let net = Network::parse(text, Path::new("bulb.yaml"), &lib).unwrap_or_else(|e| panic!("{e}"));
    let def = lib.get("mandelbulb").unwrap();
    let scale = match def.param("Scale").map(|p| &p.default) {
        Some(ropkit::value::ParamValue::Float(f)) => *f as f32,
        other => panic!("mandelbulb's Scale default: {other:?}"),
    };
    let size = 40;
    let pos = render_data(&gpu, &lib, &net, "worldPosition", size);
    let trap = render_data(&gpu, &lib, &net, "orbitTrap", size);
    let (mut hits, mut nearer) = (0, 0);
    for i in 0..pos.len() {
        if pos[i][3] == 0.0 {
            assert_eq!(trap[i], [0.0; 4], "texel {i}: a miss");
            continue;
        }
        hits += 1;
        // The orbit starts at the point itself (in the fractal's own axes),
        // so the trap is at most where it started.
        let c = [pos[i][0] / scale, pos[i][2] / scale, pos[i][1] / scale];
        let start = c[0] * c[0] + c[1] * c[1] + c[2] * c[2];
        for k in 0..3 {
            assert!(
                trap[i][k] <= c[k].abs() + 1e-3,
                "texel {i}: trap {:?} from {c:?}",
                trap[i]
            );
        }
        assert!(
            trap[i][3] <= start + 1e-3,
            "texel {i}: trap {:?}, start {start}",
            trap[i]
        );
        if trap[i][3] < start - 0.05 {
            nearer += 1;
        }
    }
    assert!(hits > 200, "{hits} hits");
    // And for many points the orbit really came nearer than it started.
    assert!(nearer * 4 > hits, "{nearer} of {hits}");
}

#[test]
fn object_space_colours_move_with_the_shape() {
    let Some(gpu) = gpu("object_space_colours_move_with_the_shape") else {
        return;
    };
    let lib = library();
    // A ball coloured black to white by its x (a position field), then
    // moved 2 along x: in world space the colour is that of x = 2 (white);
    // in object space that of its own x (black at its middle).
    let net = |space: &str| {
        let text = format!(
            "output: /render
nodes:
  /ball: {{ rop: sphere, params: {{ Radius: 0.9 }} }}
  /x: {{ rop: position, params: {{ Component: x }} }}
  /paint: {{ rop: fieldColorMaterial, params: {{ ColorA: [0, 0, 0], ColorB: [1, 1, 1], Lit: false, Space: {space} }}, inputs: {{ shape: /ball, value: /x }} }}
  /moved: {{ rop: transform, params: {{ Translate: [2, 0, 0] }}, inputs: [/paint] }}
  /cam: {{ rop: lookAtCamera, params: {{ Position: [2, 0, 6], Target: [2, 0, 0], Fov: 30 }} }}
  /render: {{ rop: raymarchRender3D, params: {{ Ambient: 0.5, AO: false }}, inputs: {{ scene: /moved, camera: /cam }} }}
"
        );
        Network::parse(&text, Path::new("space.yaml"), &lib).unwrap_or_else(|e| panic!("{e}"))
    };
    let size = 33;
    let at = |c: &[[f32; 4]], x: u32| c[(size / 2 * size + x) as usize];
    let world = render_data(&gpu, &lib, &net("world"), "color", size);
    let object = render_data(&gpu, &lib, &net("object"), "color", size);
    let mid = size / 2;
    assert!(
        at(&world, mid)[0] > 0.9,
        "world space, middle: {:?}",
        at(&world, mid)
    );
    assert!(
        at(&object, mid)[0] < 0.05,
        "object space, middle: {:?}",
        at(&object, mid)
    );
    // In object space the right half grows lighter towards the edge (its
    // own x from 0 to 0.9); the left half stays black (below 0).
    let (left, right) = (at(&object, mid - 8), at(&object, mid + 8));
    assert!(left[3] == 1.0 && right[3] == 1.0);
    assert!(
        left[0] < 0.05 && right[0] > 0.3,
        "left {left:?}, right {right:?}"
    );
}
