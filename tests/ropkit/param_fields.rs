//! A field on any parameter: every float or vector parameter that is not
//! compiled in has a socket of its own name, without the ROP asking for
//! one. A field there is the parameter's value at the point the node's
//! function was called with (the code reads `THIS_<Name>` as before).

use crate::common::*;
use ropkit::build::build;
use ropkit::generate::Mode;
use ropkit::library::{Library, ParamDef, RopDef};
use ropkit::network::Network;
use ropkit::render::Renderer;
use ropkit::sample::sample_network;
use ropkit::types::ParamStyle;
use ropkit::value::ParamValue;

/// The value a parameter is driven to: away from `now` by a share of its
/// slider's range (another share per component, so that a field that
/// mixed up components would show), within its hard limits.
pub(crate) fn chosen(p: &ParamDef, now: &ParamValue) -> ParamValue {
    let span = match (p.min, p.max) {
        (Some(a), Some(b)) if b > a => b - a,
        _ => 1.0,
    };
    let (lo, hi) = p
        .hard_limits()
        .unwrap_or((f64::NEG_INFINITY, f64::INFINITY));
    let shift = |x: f64, k: usize| {
        let step = span * (0.3 - 0.06 * k as f64);
        let up = x + step;
        let v = if p.max.is_some_and(|m| up > m) || up > hi {
            x - step
        } else {
            up
        };
        v.clamp(lo, hi)
    };
    match now {
        ParamValue::Float(x) => ParamValue::Float(shift(*x, 0)),
        ParamValue::Vector(v) => {
            ParamValue::Vector(v.iter().enumerate().map(|(k, x)| shift(*x, k)).collect())
        }
        other => panic!("{}: not a number: {other:?}", p.name),
    }
}

/// A field with the same value everywhere: `constant` for a float; for a
/// vector, a node of its own returning the components as a vec4 (so the
/// socket's cut to size is used, not the spread of a float).
pub(crate) fn constant_field(value: &ParamValue) -> String {
    match value {
        ParamValue::Float(x) => {
            format!("  /drive: {{ rop: constant, params: {{ Value: {x} }} }}\n")
        }
        ParamValue::Vector(v) => {
            let mut c: Vec<String> = v.iter().map(|x| format!("{x:?}")).collect();
            c.resize(4, "0.0".into());
            format!(
                "  /drive:\n    rop: custom\n    custom:\n      coordTypes: [vec3, vec2, float]\n      returnTypes: [vec4]\n      function: |\n        ReturnT thismap(CoordT p, ContextT ctx) {{ return vec4({}); }}\n",
                c.join(", ")
            )
        }
        other => panic!("not a number: {other:?}"),
    }
}

/// The parameter of `def` the test drives: the first that takes a field.
pub(crate) fn driven_param(def: &RopDef) -> Option<&ParamDef> {
    // (Not one whose socket the ROP's gallery scene already feeds.)
    let fed = |name: &str| {
        def.gallery
            .as_ref()
            .is_some_and(|g| g.sources.iter().any(|(n, _)| n == name))
    };
    def.params
        .iter()
        .find(|p| def.driving_slot(&p.name).is_some() && !fed(&p.name))
}

/// Every float or vector parameter that is not a macro has a socket, or
/// its ROP says why not (variadic and output ROPs, code that reads it
/// before there is a point).
#[test]
fn every_numeric_parameter_has_a_socket_or_a_reason() {
    let lib = library();
    let (mut numeric, mut sockets, mut refused) = (0, 0, Vec::new());
    for def in lib.rops.values() {
        for p in def
            .params
            .iter()
            .filter(|p| ropkit::library::field_style(p.style) && !p.is_macro)
        {
            numeric += 1;
            match (def.driving_slot(&p.name), def.field_refusal(&p.name)) {
                (Some(_), None) => sockets += 1,
                (None, Some(why)) => refused.push(format!("{}.{}: {why}", def.name, p.name)),
                (slot, why) => panic!("{}.{}: socket {slot:?}, refusal {why:?}", def.name, p.name),
            }
        }
    }
    eprintln!(
        "float and vector parameters that are not macros: {numeric}, with a socket: {sockets}"
    );
    for r in &refused {
        eprintln!("  no socket: {r}");
    }
    // Only variadic and output ROPs, and code that reads a value before
    // there is a point, keep a parameter from its socket.
    for r in &refused {
        assert!(
            [
                "variadic",
                "output ROP",
                "outside the point-wise",
                "macro table"
            ]
            .iter()
            .any(|w| r.contains(w)),
            "{r}"
        );
    }
    assert!(sockets * 10 >= numeric * 9, "{sockets} of {numeric}");
}

// Every ROP driven by a field on one parameter, drawn against its gallery
// thumbnail: `gallery::every_thumbnail_shows_its_rop_at_work_and_takes_a_field_on_a_parameter`
// (one pass over the library draws both).

// ---------------------------------------------------------------------------
// Fields that vary, against a formula at each point.

fn points() -> Vec<[f32; 3]> {
    (0..64)
        .map(|i| {
            let t = i as f32 * 0.37;
            [t.sin() * 1.7, (t * 1.3).cos() * 1.2, (t * 0.7).sin() * 1.4]
        })
        .collect()
}

fn length(v: [f32; 3]) -> f32 {
    (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).sqrt()
}

const REST: &str =
    "  /cam: { rop: lookAtCamera, params: { Position: [3, 2, 4], Target: [0, 0, 0] } }
  /light: { rop: pointLight, params: { Position: [5, 8, 4] } }
  /render: { rop: raymarchRender3D, inputs: { scene: /shape, camera: /cam, light: /light } }
";

fn distances(lib: &Library, nodes: &str, what: &str) -> Option<Vec<f32>> {
    let gpu = gpu(what)?;
    let text = format!("output: /render\nnodes:\n{nodes}{REST}");
    let net = Network::parse(&text, &root().join("param-fields.yaml"), lib)
        .unwrap_or_else(|e| panic!("{what}: {e}\n{text}"));
    let mut r = Renderer::new(gpu);
    let got = sample_network(&net, lib, &mut r, &points())
        .unwrap_or_else(|e| panic!("{what}: {}", e.report()));
    Some(got.into_iter().map(|v| v[0]).collect())
}

fn assert_close(got: &[f32], want: impl Fn([f32; 3]) -> f32, what: &str) {
    for (p, g) in points().into_iter().zip(got) {
        let w = want(p);
        assert!(
            (g - w).abs() < 1e-4,
            "{what}: at {p:?} the distance is {g}, expected {w}"
        );
    }
}

#[test]
fn a_field_that_varies_drives_a_parameter_point_by_point() {
    let lib = library();
    // A shape's centre (a vec3 from a float field: every component the
    // same): the sphere's Translate is 0.25 x at each point.
    if let Some(d) = distances(
        &lib,
        "  /x: { rop: position, params: { Component: x, Scale: 0.25 } }\n  /shape: { rop: sphere, params: { Radius: 0.6 }, inputs: { Translate: /x } }\n",
        "sphere Translate",
    ) {
        assert_close(
            &d,
            |p| {
                let t = 0.25 * p[0];
                length([p[0] - t, p[1] - t, p[2] - t]) - 0.6
            },
            "sphere Translate by a field",
        );
    }
    // A filter's parameter: transform moves its input by a field of the
    // point it was called at (and is then no folded affine map).
    if let Some(d) = distances(
        &lib,
        "  /ball: { rop: sphere, params: { Radius: 0.5 } }\n  /y: { rop: position, params: { Component: y, Scale: 0.5 } }\n  /shape: { rop: transform, inputs: { input: /ball, Translate: /y } }\n",
        "transform Translate",
    ) {
        assert_close(
            &d,
            |p| {
                let t = 0.5 * p[1];
                length([p[0] - t, p[1] - t, p[2] - t]) - 0.5
            },
            "transform by a field",
        );
    }
    // A box's Size (a `field: true` parameter, read through
    // `THIS_Size_at(p, ctx)`), 0.2 (z + 5) at each point.
    if let Some(d) = distances(
        &lib,
        "  /z: { rop: position, params: { Component: z, Scale: 0.2, Offset: [0, 0, -5] } }\n  /shape: { rop: box, params: { Size: [1, 1, 1] }, inputs: { Size: /z } }\n",
        "box Size",
    ) {
        assert_close(
            &d,
            |p| {
                let h = 0.5 * (0.2 * p[2] + 1.0);
                let q = [p[0].abs() - h, p[1].abs() - h, p[2].abs() - h];
                let out = length([q[0].max(0.0), q[1].max(0.0), q[2].max(0.0)]);
                out + q[0].max(q[1]).max(q[2]).min(0.0)
            },
            "box Size by a field",
        );
    }
}

#[test]
fn the_same_field_gives_the_same_values_through_either_way_of_reading_it() {
    // sphere reads Radius through `THIS_Radius_at(p, ctx)`; a copy that
    // reads `THIS_Radius` gets it from the point its function stored.
    let lib = library();
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("sdf/plainSphere");
    std::fs::create_dir_all(&dir).unwrap();
    let yaml = std::fs::read_to_string(root().join("rops/sdf/sphere/rop.yaml")).unwrap();
    let glsl = std::fs::read_to_string(root().join("rops/sdf/sphere/function.glsl")).unwrap();
    std::fs::write(
        dir.join("rop.yaml"),
        yaml.replace("name: sphere", "name: plainSphere")
            .replace(" field: true,", "")
            .replace("raytk: [sphereSdf]", "raytk: []"),
    )
    .unwrap();
    std::fs::write(
        dir.join("function.glsl"),
        glsl.replace("THIS_Radius_at(p, ctx)", "THIS_Radius"),
    )
    .unwrap();
    let plain = project(&[tmp.path().to_path_buf()]).load_library();
    let def = plain
        .get("plainSphere")
        .unwrap_or_else(|| panic!("{:?}", plain.broken));
    assert!(!def.param("Radius").unwrap().field);
    assert!(
        def.driving_slot("Radius").is_some(),
        "a socket without asking"
    );
    let noise = "  /n: { rop: simplexNoise, params: { Scale: 0.7 } }\n  /r: { rop: math, params: { Operation: remap, FromRange: [-1, 1], ToRange: [0.3, 0.9] }, inputs: { a: /n } }\n";
    let a = distances(
        &lib,
        &format!("{noise}  /shape: {{ rop: sphere, inputs: {{ Radius: /r }} }}\n"),
        "sphere by _at",
    );
    let b = distances(
        &plain,
        &format!("{noise}  /shape: {{ rop: plainSphere, inputs: {{ Radius: /r }} }}\n"),
        "plainSphere by its stored point",
    );
    if let (Some(a), Some(b)) = (a, b) {
        let pts = points();
        for (k, (x, y)) in a.iter().zip(&b).enumerate() {
            assert!((x - y).abs() < 1e-5, "at {:?}: {x} against {y}", pts[k]);
        }
        // The field is read: the radius varies from point to point.
        let radii: Vec<f32> = pts.iter().zip(&a).map(|(p, d)| length(*p) - d).collect();
        let spread = radii.iter().cloned().fold(f32::MIN, f32::max)
            - radii.iter().cloned().fold(f32::MAX, f32::min);
        assert!(spread > 0.1, "radii {radii:?}");
    }
}

#[test]
fn parameters_that_cannot_vary_point_by_point_are_refused_by_name() {
    let lib = library();
    let parse = |nodes: &str| {
        let text = format!("output: /render\nnodes:\n{nodes}{REST}");
        Network::parse(&text, &root().join("param-fields.yaml"), &lib)
    };
    // A toggle compiled in (combine's Swap), a menu (its Mode), a macro
    // float (raymarchRender3D's LimitMin is macro: true; an output).
    for (nodes, node, param, why) in [
        (
            "  /a: { rop: sphere }\n  /f: { rop: constant }\n  /shape: { rop: combine, inputs: { a: /a, Swap: /f } }\n",
            "/shape",
            "Swap",
            "toggle",
        ),
        (
            "  /a: { rop: sphere }\n  /f: { rop: constant }\n  /shape: { rop: combine, inputs: { a: /a, Mode: /f } }\n",
            "/shape",
            "Mode",
            "menu",
        ),
    ] {
        let err = parse(nodes).expect_err("a field on a parameter that cannot take one");
        let msg = err.to_string();
        assert!(msg.contains(&format!("parameter '{param}'")), "{msg}");
        assert!(msg.contains(why), "{msg}");
        assert_eq!(err.node.as_deref(), Some(node), "{msg}");
        assert!(msg.contains("param-fields.yaml:"), "{msg}");
    }
    // A macro float: its refusal says it is compiled in.
    let render = lib.get("raymarchRender3D").unwrap();
    let why = render.field_refusal("LimitMin").unwrap();
    assert!(why.contains("compiled into the shader"), "{why}");
    // A variadic ROP's parameters have no sockets.
    let arrange = lib.get("arrange").unwrap();
    let p = arrange
        .params
        .iter()
        .find(|p| p.style == ParamStyle::Float && !p.is_macro)
        .unwrap();
    assert!(arrange.field_refusal(&p.name).unwrap().contains("variadic"));
    // An unknown name still lists the inputs.
    let err =
        parse("  /a: { rop: sphere }\n  /shape: { rop: round, inputs: { input: /a, Nope: /a } }\n")
            .expect_err("no such input");
    assert!(err.to_string().contains("no input 'Nope'"), "{err}");
}

#[test]
fn an_unconnected_socket_leaves_every_rops_shader_as_it_was() {
    // Nothing connected: no stored point, no field macro, for every ROP in
    // its standard scene (without its `gallery:` demo values, which may
    // drive a parameter of a source by a field on purpose).
    let lib = library();
    for def in ropkit::gallery::select(&lib, &[]) {
        let mut plain = def.clone();
        plain.gallery = None;
        let Ok((_, yaml)) = ropkit::gallery::scene::scene(&plain) else {
            continue;
        };
        let net = Network::parse(&yaml, &root().join("scene.yaml"), &lib).unwrap();
        let Ok(built) = build(&lib, &net, &Mode::Render.into()) else {
            continue;
        };
        assert!(!built.shader.glsl.contains("_rkFieldP"), "{}", def.name);
    }
}

#[test]
fn a_driven_parameter_that_code_reads_as_a_value_passes_both_compilers() {
    let lib = library();
    // A material's colour (read in its material function, at the hit),
    // a camera's position and a filter's vector, each driven by a field.
    let text = "output: /render
nodes:
  /x: { rop: position, params: { Component: x, Scale: 0.5 } }
  /c: { rop: colorRamp, inputs: [/x] }
  /ball: { rop: sphere, params: { Radius: 0.8 } }
  /moved: { rop: transform, params: { Scale: 1.0 }, inputs: { input: /ball, Scale: /x } }
  /shape: { rop: phongMaterial, inputs: { shape: /moved, Color: /c } }
  /cx: { rop: position, params: { Component: y, Scale: 0.1, Offset: [3, 3, 3] } }
  /cam: { rop: lookAtCamera, params: { Target: [0, 0, 0] }, inputs: { Position: /cx } }
  /light: { rop: pointLight, params: { Position: [5, 8, 4] } }
  /render: { rop: raymarchRender3D, inputs: { scene: /shape, camera: /cam, light: /light } }
"
    .to_string();
    let net = Network::parse(&text, &root().join("param-fields.yaml"), &lib)
        .unwrap_or_else(|e| panic!("{e}"));
    for mode in [Mode::Render, Mode::RenderBaked, Mode::Sample] {
        let built = build(&lib, &net, &mode.into()).unwrap_or_else(|e| panic!("{}", e.report()));
        // The transform stores its point on entry; the material at the hit.
        assert!(
            built.shader.glsl.contains("moved_rkFieldP = p;"),
            "{mode:?}"
        );
        assert!(
            built
                .shader
                .glsl
                .contains("_rkFieldCtx = ropkitContextAt(p);"),
            "{mode:?}"
        );
        assert_glslang(&built.shader.glsl, &format!("driven values {mode:?}"));
    }
    // Saved and read back, the sockets are named.
    let saved = net.to_yaml(&lib);
    assert!(saved.contains("Scale: /x"), "{saved}");
    let again = Network::parse(&saved, &root().join("param-fields.yaml"), &lib).unwrap();
    assert_eq!(again.nodes, net.nodes);
}
