//! Instancing: the `instance` ROP against a brute-force union of moved,
//! turned and scaled copies computed here, with the grid and with the loop
//! over every copy; the index, count and colour it passes upstream, read
//! back through `instanceField` in the scene and in a material.

use crate::common::*;
use ropkit::build::build;
use ropkit::data::grid::{InstanceGrid, Sphere};
use ropkit::generate::Mode;
use ropkit::library::Library;
use ropkit::network::Network;
use ropkit::render::Renderer;
use ropkit::sample::sample_network;
use std::path::Path;

/// A small xorshift generator: the same points on every run.
struct Rng(u64);
impl Rng {
    fn unit(&mut self) -> f64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 40) as f64 / (1u64 << 24) as f64
    }
    fn range(&mut self, a: f64, b: f64) -> f64 {
        a + (b - a) * self.unit()
    }
}

/// One instance as the network gives it.
#[derive(Clone, Copy)]
struct Inst {
    pos: [f64; 3],
    scale: f64,
    rotate: [f64; 3],
    color: [f64; 3],
}

fn random_instances(rng: &mut Rng, n: usize, spread: f64, turned: bool) -> Vec<Inst> {
    (0..n)
        .map(|_| Inst {
            pos: [0; 3].map(|_| rng.range(-spread, spread)),
            scale: rng.range(0.5, 1.5),
            rotate: [0; 3].map(|_| {
                if turned {
                    rng.range(-180.0, 180.0)
                } else {
                    0.0
                }
            }),
            color: [0; 3].map(|_| rng.unit()),
        })
        .collect()
}

/// The points as an inline YAML list of mappings.
fn yaml_points(insts: &[Inst]) -> String {
    let items: Vec<String> = insts
        .iter()
        .map(|i| {
            format!(
                "{{p: [{}, {}, {}], scale: {}, rotate: [{}, {}, {}], color: [{}, {}, {}]}}",
                i.pos[0],
                i.pos[1],
                i.pos[2],
                i.scale,
                i.rotate[0],
                i.rotate[1],
                i.rotate[2],
                i.color[0],
                i.color[1],
                i.color[2]
            )
        })
        .collect();
    format!("[{}]", items.join(", "))
}

/// x, then y, then z, in degrees: the matrix that turns a copy (columns
/// are the turned axes), as the transform ROP defines it.
fn euler(deg: [f64; 3]) -> [[f64; 3]; 3] {
    let [a, b, c] = deg.map(f64::to_radians);
    let rx = [
        [1.0, 0.0, 0.0],
        [0.0, a.cos(), -a.sin()],
        [0.0, a.sin(), a.cos()],
    ];
    let ry = [
        [b.cos(), 0.0, b.sin()],
        [0.0, 1.0, 0.0],
        [-b.sin(), 0.0, b.cos()],
    ];
    let rz = [
        [c.cos(), -c.sin(), 0.0],
        [c.sin(), c.cos(), 0.0],
        [0.0, 0.0, 1.0],
    ];
    mul(rz, mul(ry, rx))
}

fn mul(a: [[f64; 3]; 3], b: [[f64; 3]; 3]) -> [[f64; 3]; 3] {
    let mut m = [[0.0; 3]; 3];
    for (i, row) in m.iter_mut().enumerate() {
        for (j, v) in row.iter_mut().enumerate() {
            *v = (0..3).map(|k| a[i][k] * b[k][j]).sum();
        }
    }
    m
}

/// A box of full size `size` centred at the origin: its exact distance.
fn box_sdf(p: [f64; 3], size: [f64; 3]) -> f64 {
    let q: Vec<f64> = (0..3).map(|k| p[k].abs() - size[k] * 0.5).collect();
    let outside = q.iter().map(|v| v.max(0.0).powi(2)).sum::<f64>().sqrt();
    outside + q[0].max(q[1]).max(q[2]).min(0.0)
}

/// The union of the copies, brute force: for each, undo the move, the turn
/// (the transpose of the rotation) and the scale, and scale the distance back.
fn union_of_copies(p: [f32; 3], insts: &[Inst], shape: impl Fn([f64; 3]) -> f64) -> f64 {
    insts
        .iter()
        .map(|i| {
            let d: Vec<f64> = (0..3).map(|k| p[k] as f64 - i.pos[k]).collect();
            let r = euler(i.rotate);
            let local = [0, 1, 2].map(|k| (0..3).map(|j| r[j][k] * d[j]).sum::<f64>() / i.scale);
            shape(local) * i.scale
        })
        .fold(f64::MAX, f64::min)
}

fn parse(lib: &Library, text: &str, file: &Path) -> Network {
    Network::parse(text, file, lib).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

fn scene(points: &str, input: &str, extra: &str, mode: &str, radius: f64) -> String {
    format!(
        "output: /render
nodes:
{input}{extra}  /copies: {{ rop: instance, params: {{ Points: {points}, BoundRadius: {radius}, Acceleration: {mode} }}, inputs: [/shape] }}
  /render: {{ rop: raymarchRender3D, inputs: [/copies] }}
"
    )
}

/// Points to sample: scattered through the copies' box and beyond, and
/// close to every copy, where the grid must be exact.
fn sample_points(rng: &mut Rng, insts: &[Inst], reach: f64) -> Vec<[f32; 3]> {
    let mut pts: Vec<[f32; 3]> = (0..1500)
        .map(|_| [0; 3].map(|_| rng.range(-reach, reach) as f32))
        .collect();
    for i in insts {
        for _ in 0..4 {
            pts.push([0, 1, 2].map(|k| (i.pos[k] + rng.range(-0.3, 0.3) * i.scale) as f32));
        }
    }
    pts
}

/// The loop must give the union exactly; the grid the union wherever it is
/// nearer than the grid's margin, and never more than the union elsewhere
/// (a bound), and never a hit where there is none.
fn check_against_union(
    what: &str,
    got: &[[f32; 4]],
    pts: &[[f32; 3]],
    want: impl Fn([f32; 3]) -> f64,
    margin: Option<f64>,
) {
    let mut exact = 0;
    for (p, v) in pts.iter().zip(got) {
        let truth = want(*p);
        let v = v[0] as f64;
        let tol = 2e-4 * (1.0 + truth.abs());
        match margin {
            Some(m) if truth > 0.9 * m => {
                assert!(
                    v <= truth + tol,
                    "{what} at {p:?}: {v} is more than the distance {truth}"
                );
                assert!(
                    v > 0.0,
                    "{what} at {p:?}: {v} inside nothing (distance {truth})"
                );
            }
            _ => {
                exact += 1;
                assert!(
                    (v - truth).abs() <= tol,
                    "{what} at {p:?}: {v}, the union gives {truth}"
                );
            }
        }
    }
    assert!(
        exact > pts.len() / 20,
        "{what}: only {exact} points were compared exactly"
    );
}

const BOX: [f64; 3] = [0.6, 0.3, 0.16];

#[test]
fn instance_distance_is_the_union_of_moved_turned_scaled_copies() {
    let Some(gpu) = gpu("instance_distance_is_the_union_of_moved_turned_scaled_copies") else {
        return;
    };
    let lib = library();
    let mut rng = Rng(0x9E3779B97F4A7C15);
    let insts = random_instances(&mut rng, 40, 2.0, true);
    let radius = 0.5 * (BOX.iter().map(|s| s * s).sum::<f64>()).sqrt();
    let input = format!(
        "  /shape: {{ rop: box, params: {{ Size: [{}, {}, {}] }} }}\n",
        BOX[0], BOX[1], BOX[2]
    );
    let pts = sample_points(&mut rng, &insts, 3.5);
    let want = |p: [f32; 3]| union_of_copies(p, &insts, |q| box_sdf(q, BOX));
    let spheres: Vec<Sphere> = insts
        .iter()
        .map(|i| Sphere {
            centre: i.pos.map(|x| x as f32),
            radius: (radius * i.scale) as f32,
        })
        .collect();
    let margin = InstanceGrid::build(&spheres).margin as f64;
    for mode in ["loop", "grid"] {
        let text = scene(&yaml_points(&insts), &input, "", mode, radius);
        let net = parse(&lib, &text, &root().join("instances-test.yaml"));
        let mut r = Renderer::new(gpu.clone());
        let got =
            sample_network(&net, &lib, &mut r, &pts).unwrap_or_else(|e| panic!("{}", e.report()));
        check_against_union(mode, &got, &pts, want, (mode == "grid").then_some(margin));
    }
}

/// A thousand copies read from a CSV file, through the grid, against the
/// union over all of them.
#[test]
fn a_thousand_instances_from_a_csv_file_match_the_union() {
    let Some(gpu) = gpu("a_thousand_instances_from_a_csv_file_match_the_union") else {
        return;
    };
    let lib = library();
    let mut rng = Rng(0x2545F4914F6CDD1D);
    let insts = random_instances(&mut rng, 1000, 3.0, false);
    let dir = tempfile::tempdir().unwrap();
    let mut csv = String::from("x,y,z,scale\n");
    for i in &insts {
        csv += &format!("{},{},{},{}\n", i.pos[0], i.pos[1], i.pos[2], i.scale);
    }
    std::fs::write(dir.path().join("points.csv"), csv).unwrap();
    let input = "  /shape: { rop: sphere, params: { Radius: 0.08 } }\n";
    let text = scene("points.csv", input, "", "grid", 0.08);
    let file = dir.path().join("scene.yaml");
    std::fs::write(&file, &text).unwrap();
    let net = Network::load(&file, &lib).unwrap_or_else(|e| panic!("{e}"));
    let pts = sample_points(&mut rng, &insts, 4.0);
    let want = |p: [f32; 3]| {
        union_of_copies(p, &insts, |q| {
            (q[0] * q[0] + q[1] * q[1] + q[2] * q[2]).sqrt() - 0.08
        })
    };
    let spheres: Vec<Sphere> = insts
        .iter()
        .map(|i| Sphere {
            centre: i.pos.map(|x| x as f32),
            radius: (0.08 * i.scale) as f32,
        })
        .collect();
    let margin = InstanceGrid::build(&spheres).margin as f64;
    let mut r = Renderer::new(gpu.clone());
    let got = sample_network(&net, &lib, &mut r, &pts).unwrap_or_else(|e| panic!("{}", e.report()));
    check_against_union("grid, 1,000 from CSV", &got, &pts, want, Some(margin));
}

/// The index and count reach the shape through the variable, even past a
/// node that resets the iteration: a sphere whose radius is driven by
/// instanceField (0.2 + 0.05 index, or 0.05 count) has that radius in copy i.
#[test]
fn instance_index_and_count_reach_the_shape_upstream_as_a_variable() {
    let Some(gpu) = gpu("instance_index_and_count_reach_the_shape_upstream_as_a_variable") else {
        return;
    };
    let lib = library();
    let centres: Vec<[f32; 3]> = (0..6)
        .map(|i| [i as f32 * 1.5 - 3.75, 0.5, -0.25])
        .collect();
    let points = format!(
        "[{}]",
        centres
            .iter()
            .map(|c| format!("[{}, {}, {}]", c[0], c[1], c[2]))
            .collect::<Vec<_>>()
            .join(", ")
    );
    for (format, radius) in [
        (
            "index",
            Box::new(|i: usize| 0.2 + 0.05 * i as f64) as Box<dyn Fn(usize) -> f64>,
        ),
        ("count", Box::new(|_| 0.05 * 6.0)),
    ] {
        let (scale, offset) = if format == "index" {
            (0.05, 0.2)
        } else {
            (0.05, 0.0)
        };
        let nodes = format!(
            "  /which: {{ rop: instanceField, params: {{ Format: {format} }} }}
  /scaled: {{ rop: math, params: {{ Operation: multiply, Value: {scale} }}, inputs: [/which] }}
  /radius: {{ rop: math, params: {{ Operation: add, Value: {offset} }}, inputs: [/scaled] }}
  /ball: {{ rop: sphere, inputs: {{ Radius: /radius }} }}
  /shape:
    rop: custom
    custom:
      coordTypes: [vec3]
      returnTypes: [Sdf]
      contextTypes: [Context]
      inputs: [{{ name: input }}]
      function: |
        // Forgets the iteration: only the variable can tell copies apart.
        ReturnT thismap(CoordT p, ContextT ctx) {{
          ctx.iteration = vec4(0.0);
          return inputOp1(p, ctx);
        }}
    inputs: [/ball]
"
        );
        let text = scene(&points, &nodes, "", "grid", 0.6);
        let net = parse(&lib, &text, &root().join("instances-test.yaml"));
        let mut r = Renderer::new(gpu.clone());
        let got = sample_network(&net, &lib, &mut r, &centres)
            .unwrap_or_else(|e| panic!("{}", e.report()));
        for (i, v) in got.iter().enumerate() {
            let want = -radius(i);
            assert!(
                (v[0] as f64 - want).abs() < 1e-4,
                "{format}: copy {i} has distance {} at its centre, want {want}",
                v[0]
            );
        }
    }
}

/// Per-instance colour reaches a material: a fieldColorMaterial between the
/// shape and the instance node records the copy with the hit, and its
/// colour field (instanceField, colour) gives each copy its point's colour.
/// Each hit pixel's copy is read from the iteration buffer (x: index,
/// y: count), its colour from the colour buffer (linear, unlit).
#[test]
fn per_instance_colour_reaches_the_material_of_each_copy() {
    let Some(gpu) = gpu("per_instance_colour_reaches_the_material_of_each_copy") else {
        return;
    };
    let lib = library();
    let mut rng = Rng(5);
    let insts: Vec<Inst> = (0..12)
        .map(|k| Inst {
            pos: [(k % 4) as f64 * 1.2 - 1.8, (k / 4) as f64 * 1.2 - 1.2, 0.0],
            scale: rng.range(0.7, 1.1),
            rotate: [0.0, 0.0, rng.range(0.0, 90.0)],
            color: [0; 3].map(|_| (rng.unit() * 255.0).round() / 255.0),
        })
        .collect();
    let text = format!(
        "output: /render
nodes:
  /cube: {{ rop: box, params: {{ Size: [0.7, 0.7, 0.7] }} }}
  /tint: {{ rop: instanceField, params: {{ Format: color }} }}
  /shape: {{ rop: fieldColorMaterial, params: {{ Lit: false }}, inputs: {{ shape: /cube, color: /tint }} }}
  /copies: {{ rop: instance, params: {{ Points: {}, BoundRadius: 0.61 }}, inputs: [/shape] }}
  /cam: {{ rop: orthoCamera, params: {{ Position: [0, 0, 5], Target: [0, 0, 0], Size: 4.4 }} }}
  /render: {{ rop: raymarchRender3D, params: {{ AO: false, Shadows: false }}, inputs: {{ scene: /copies, camera: /cam }} }}
",
        yaml_points(&insts)
    );
    let mut net = parse(&lib, &text, &root().join("instances-test.yaml"));
    let size = 64;
    let mut data = |buffer: &str| {
        net.set_param(&lib, "/render", "Buffer", &buffer.into())
            .unwrap();
        let built =
            build(&lib, &net, &Mode::Data.into()).unwrap_or_else(|e| panic!("{}", e.report()));
        assert_glslang(&built.shader.glsl, buffer);
        let mut r = Renderer::new(gpu.clone());
        r.set_built(&built).unwrap();
        r.set_params(&built.shader.param_values(&net, &lib));
        r.render_data(size, size).unwrap()
    };
    let iteration = data("iteration");
    let color = data("color");
    let mut seen = vec![0; insts.len()];
    for (it, c) in iteration.iter().zip(&color) {
        if it[3] < 0.5 {
            continue;
        }
        let i = it[0] as usize;
        assert_eq!(it[0], i as f32, "index {} is not a whole number", it[0]);
        assert_eq!(it[1], 12.0, "count");
        let want = insts[i].color;
        for k in 0..3 {
            assert!(
                (c[k] as f64 - want[k]).abs() < 1e-3,
                "copy {i}: colour {c:?}, point colour {want:?}"
            );
        }
        seen[i] += 1;
    }
    assert!(seen.iter().all(|&n| n > 20), "pixels per copy: {seen:?}");
}

/// `grid: true` belongs on a points parameter whose first `with:` is the
/// bound radius (a float): anything else is refused at the definition's line.
#[test]
fn a_grid_without_a_float_bound_radius_is_refused() {
    let lib = library();
    for (params, what) in [
        (
            "        - { name: Points, style: points, grid: true }",
            "no with:",
        ),
        (
            "        - { name: Points, style: points, with: [Mode], grid: true }\n        - { name: Mode, style: menu, default: a, options: [a, b] }",
            "a menu as the radius",
        ),
    ] {
        let text = format!(
            "output: /render
nodes:
  /odd:
    rop: custom
    custom:
      coordTypes: [vec3]
      returnTypes: [Sdf]
      params:
{params}
      function: |
        ReturnT thismap(CoordT p, ContextT ctx) {{ return createSdf(length(p) - 1.0); }}
  /render: {{ rop: raymarchRender3D, inputs: [/odd] }}
"
        );
        let err = match Network::parse(&text, &root().join("grid-test.yaml"), &lib) {
            Ok(net) => match build(&lib, &net, &Mode::Render.into()) {
                Ok(_) => panic!("{what}: accepted"),
                Err(e) => e.report(),
            },
            Err(e) => e.to_string(),
        };
        assert!(
            err.contains("grid: true") && err.contains("Points"),
            "{what}: {err}"
        );
    }
}

/// Shadow and occlusion rays see the grid's distance too. A few hundred
/// random boxes over a floor, lit from the side with soft shadows and
/// ambient occlusion: the picture drawn through the grid agrees with the
/// one drawn with the loop over every copy (whose distance is exact
/// everywhere) within the goldens' tolerance. Before the shadow and
/// occlusion stages widened their search, the grid's cells and its box
/// showed on the floor as speckled false shadow (1,551 pixels off, mean
/// 2.98). Rays march to a tight surface tolerance: the grid's bound and the
/// loop's exact distance stop a march at slightly different points within
/// the tolerance, which on boxes a few pixels wide changes edge pixels'
/// normals; that is not what this test is about.
#[test]
fn instancing_grid_puts_no_pattern_into_shadows_and_occlusion() {
    let Some(gpu) = gpu("instancing_grid_puts_no_pattern_into_shadows_and_occlusion") else {
        return;
    };
    let lib = library();
    let mut rng = Rng(0x51ad0e5);
    // 300 copies scattered over a 6 x 6 patch, standing on the floor.
    let insts: Vec<Inst> = (0..300)
        .map(|_| Inst {
            pos: [
                rng.range(-3.0, 3.0),
                rng.range(0.15, 0.6),
                rng.range(-3.0, 3.0),
            ],
            scale: rng.range(0.4, 1.0),
            rotate: [0.0, rng.range(-180.0, 180.0), 0.0],
            color: [0.8, 0.7, 0.6],
        })
        .collect();
    let picture = |mode: &str| {
        let text = format!(
            "output: /render
nodes:
  /shape: {{ rop: box, params: {{ Size: [0.25, 0.25, 0.25] }} }}
  /copies: {{ rop: instance, params: {{ Points: {}, BoundRadius: 0.22, Acceleration: {mode} }}, inputs: [/shape] }}
  /floor: {{ rop: plane, params: {{ Offset: 0 }} }}
  /scene: {{ rop: combine, params: {{ Mode: union }}, inputs: [/copies, /floor] }}
  /cam: {{ rop: lookAtCamera, params: {{ Position: [0, 5, 7], Target: [0, 0, 0], Fov: 50 }} }}
  /sun: {{ rop: directionalLight, params: {{ Direction: [-1, -0.6, -0.4] }} }}
  /render: {{ rop: raymarchRender3D, params: {{ Shadows: true, AO: true, ShadowSharpness: 12, MaxSteps: 400, SurfaceEps: 0.00002 }}, inputs: {{ scene: /scene, camera: /cam, light: /sun }} }}
",
            yaml_points(&insts)
        );
        let net = parse(&lib, &text, &root().join("instances-shadow-test.yaml"));
        let built = build(&lib, &net, &Mode::Render.into()).unwrap_or_else(|e| panic!("{e}"));
        let mut r = Renderer::new(gpu.clone());
        r.set_built(&built).unwrap_or_else(|e| panic!("{e}"));
        r.set_params(&built.shader.param_values(&net, &lib));
        r.render_image(128, 96).unwrap_or_else(|e| panic!("{e}"))
    };
    let exact = picture("loop");
    let grid = picture("grid");
    let (pixels, worst, mean) = crate::gpu::golden_difference(&grid, &exact);
    if pixels > crate::gpu::GOLDEN_PIXELS || mean >= crate::gpu::GOLDEN_MEAN {
        let dir = std::env::temp_dir();
        exact.save(dir.join("instances-shadow-loop.png")).ok();
        grid.save(dir.join("instances-shadow-grid.png")).ok();
        panic!(
            "the grid's picture differs from the loop's in {pixels} pixels (worst {worst}, mean {mean:.3}); both saved in {}",
            dir.display()
        );
    }
}
