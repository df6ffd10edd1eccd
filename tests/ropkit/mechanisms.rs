//! Custom nodes (a node carrying its own ROP definition, `rop: custom`):
//! they build, check and render as the same definition in a ROP folder
//! does, report errors at the network file's lines, survive saving, and
//! `new-rop --from` writes them out as folders.

use crate::common::*;
use ropkit::build::{BuildError, build};
use ropkit::generate::Mode;
use ropkit::library::Library;
use ropkit::network::Network;
use ropkit::render::{Gpu, Renderer};
use ropkit::sample::sample_network;
use std::path::{Path, PathBuf};

/// A custom sphere-like node, wired into a whole scene.
const CUSTOM_NODE: &str = "  /blob:
    rop: custom
    custom:
      coordTypes: [vec3]
      returnTypes: [Sdf]
      params:
        - { name: Radius, style: float, default: 1.0, min: 0, max: 4 }
        - { name: Squash, style: float, default: 1.0, min: 0.1, max: 4 }
      function: |
        // A sphere of THIS_Radius, squashed along y.
        ReturnT thismap(CoordT p, ContextT ctx) {
          vec3 q = vec3(p.x, p.y * THIS_Squash, p.z);
          return createSdf((length(q) - THIS_Radius) / max(THIS_Squash, 1.0));
        }
    params: { Radius: 0.8, Squash: 1.5 }
";

const REST: &str =
    "  /cam1: { rop: lookAtCamera, params: { Position: [3, 2, 4], Target: [0, 0, 0] } }
  /light1: { rop: pointLight, params: { Position: [5, 8, 4] } }
  /render: { rop: raymarchRender3D, inputs: { scene: /blob, camera: /cam1, light: /light1 } }
";

fn network_text(node: &str) -> String {
    format!("output: /render\nnodes:\n{node}{REST}")
}

fn parse(text: &str, lib: &Library) -> Network {
    Network::parse(text, &root().join("mechanisms-test.yaml"), lib)
        .unwrap_or_else(|e| panic!("{e}\n{text}"))
}

/// The same definition as a library node, from a ROP folder.
fn folder_node(name: &str) -> String {
    format!("  /blob: {{ rop: {name}, params: {{ Radius: 0.8, Squash: 1.5 }} }}\n")
}

fn points() -> Vec<[f32; 3]> {
    let mut pts = Vec::new();
    for i in 0..64 {
        let t = i as f32 * 0.37;
        pts.push([t.sin() * 1.6, (t * 1.3).cos() * 1.2, (t * 0.7).sin() * 1.4]);
    }
    pts
}

fn sample(gpu: &Gpu, lib: &Library, net: &Network) -> Vec<[f32; 4]> {
    let mut r = Renderer::new(gpu.clone());
    sample_network(net, lib, &mut r, &points()).unwrap_or_else(|e| panic!("{}", e.report()))
}

fn render(gpu: &Gpu, lib: &Library, net: &Network) -> image::RgbaImage {
    let built = build(lib, net, &Mode::Render.into()).unwrap_or_else(|e| panic!("{}", e.report()));
    let mut r = Renderer::new(gpu.clone());
    r.set_built(&built).unwrap();
    r.set_params(&built.shader.param_values(net, lib));
    r.render_image(40, 32).unwrap()
}

/// Writes the custom node out with `ropkit new-rop --from` into a fresh
/// folder; returns the folder of ROP folders and what the command said.
fn new_rop_from(network: &Path, node: &str, extra: &[&str]) -> (tempfile::TempDir, PathBuf) {
    let tmp = tempfile::tempdir().unwrap();
    let rops = tmp.path().join("rops");
    let mut args = vec![
        "new-rop".to_string(),
        "--from".into(),
        network.display().to_string(),
        node.into(),
        "--into".into(),
        rops.display().to_string(),
    ];
    args.extend(extra.iter().map(|s| s.to_string()));
    let out = run_ropkit(&args);
    assert!(
        out.status.success(),
        "new-rop --from failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    (tmp, rops)
}

#[test]
fn a_custom_node_samples_as_the_formula_and_as_its_rop_folder() {
    let Some(gpu) = gpu("a_custom_node_samples_as_the_formula_and_as_its_rop_folder") else {
        return;
    };
    let lib = library();
    let text = network_text(CUSTOM_NODE);
    let custom = parse(&text, &lib);
    let got = sample(&gpu, &lib, &custom);
    // Independently: the squashed sphere's formula, evaluated here.
    for (p, v) in points().iter().zip(&got) {
        let (x, y, z) = (p[0] as f64, p[1] as f64 * 1.5, p[2] as f64);
        let want = ((x * x + y * y + z * z).sqrt() - 0.8) / 1.5;
        assert!(
            (v[0] as f64 - want).abs() < 1e-4,
            "at {p:?}: sampled {}, formula {want}",
            v[0]
        );
    }
    // The same definition written out as a folder samples the same.
    let file = tempfile::tempdir().unwrap();
    let net_path = file.path().join("scene.yaml");
    std::fs::write(&net_path, &text).unwrap();
    let (_tmp, rops) = new_rop_from(&net_path, "/blob", &[]);
    let folder_lib = project(&[rops]).load_library();
    assert!(folder_lib.broken.is_empty(), "{:#?}", folder_lib.broken);
    let folder = parse(&network_text(&folder_node("blob")), &folder_lib);
    let from_folder = sample(&gpu, &folder_lib, &folder);
    assert_eq!(got, from_folder, "custom node and ROP folder sample apart");
}

/// An error in a name made with `THIS_` points at that name in the
/// network file: the node's name, longer than `THIS`, and the block's
/// indent inside the YAML shift nothing.
#[test]
fn an_error_in_this_code_of_a_custom_node_points_at_its_column() {
    let lib = library();
    let text = network_text(&CUSTOM_NODE.replace(
        "return createSdf((length(q)",
        "float oops = THIS_Radius + THIS_missingThing * 2.0;\n          return createSdf((length(q)",
    ));
    let tmp = tempfile::tempdir().unwrap();
    let path = tmp.path().join("scene.yaml");
    std::fs::write(&path, &text).unwrap();
    let net = Network::load(&path, &lib).unwrap();
    let err = build(&lib, &net, &Mode::Render.into()).expect_err("the code does not compile");
    let (line, l) = text
        .lines()
        .enumerate()
        .find(|(_, l)| l.contains("THIS_missingThing"))
        .unwrap();
    let BuildError::Compile(c) = &err else {
        panic!("not a GLSL error: {err}");
    };
    let d = &c.diagnostics[0];
    assert_eq!(
        (d.line, d.col),
        (line + 1, l.find("THIS_missingThing").unwrap() + 1),
        "{err}"
    );
    // The report underlines the name as written.
    assert!(
        err.report().contains("THIS_missingThing"),
        "{}",
        err.report()
    );
}

#[test]
fn a_glsl_error_in_custom_code_is_reported_at_the_network_file_line() {
    let lib = library();
    let text = network_text(&CUSTOM_NODE.replace(
        "return createSdf((length(q)",
        "float oops = undefinedThing;\n          return createSdf((length(q)",
    ));
    // On disk, so that the column is found in the file's own line.
    let tmp = tempfile::tempdir().unwrap();
    let path = tmp.path().join("scene.yaml");
    std::fs::write(&path, &text).unwrap();
    let net = Network::load(&path, &lib).unwrap();
    let err = build(&lib, &net, &Mode::Render.into()).expect_err("the code does not compile");
    let want_line = text
        .lines()
        .position(|l| l.contains("undefinedThing"))
        .unwrap()
        + 1;
    let want_col = text
        .lines()
        .nth(want_line - 1)
        .unwrap()
        .find("undefinedThing")
        .unwrap()
        + 1;
    let BuildError::Compile(c) = &err else {
        panic!("not a GLSL error: {err}");
    };
    let d = &c.diagnostics[0];
    assert_eq!(d.file.as_deref(), Some(net.file.as_path()), "{err}");
    assert_eq!(d.line, want_line, "{err}");
    assert_eq!(d.col, want_col, "{err}");
    assert_eq!(d.node.as_deref(), Some("/blob"), "{err}");
    assert!(err.report().contains("undefinedThing"), "{}", err.report());
    // A globals block and a macro row are located the same way.
    let text = network_text(&CUSTOM_NODE.replace(
        "      function: |\n",
        "      macros:\n        - [\"param('Radius') / 0\", THIS_BROKEN]\n      globals: |\n        // helpers\n        float THIS_g(float x) { return x * missingThing; }\n      function: |\n",
    ));
    let net = parse(&text, &lib);
    let err = build(&lib, &net, &Mode::Render.into()).expect_err("a macro cell divides by zero");
    let row = text
        .lines()
        .position(|l| l.contains("THIS_BROKEN"))
        .unwrap()
        + 1;
    let at = &err.locations()[0];
    assert_eq!(
        (at.at.file.as_deref(), at.at.line),
        (Some(net.file.as_path()), row),
        "{err}"
    );
    let text = text.replace("param('Radius') / 0", "param('Radius') / 2");
    let net = parse(&text, &lib);
    let err = build(&lib, &net, &Mode::Render.into()).expect_err("missingThing is undefined");
    let line = text
        .lines()
        .position(|l| l.contains("missingThing"))
        .unwrap()
        + 1;
    let at = &err.locations()[0];
    assert_eq!(
        (at.at.file.as_deref(), at.at.line),
        (Some(net.file.as_path()), line),
        "{err}"
    );
    assert!(at.message.contains("missingThing"), "{err}");
    // A check before naga (recursion) is located in the file too.
    let text = network_text(&CUSTOM_NODE.replace(
        "        // A sphere",
        "        float THIS_f(float x) { return THIS_f(x); }\n        // A sphere",
    ));
    let net = parse(&text, &lib);
    let err = build(&lib, &net, &Mode::Render.into()).expect_err("recursion");
    let want = text.lines().position(|l| l.contains("THIS_f(x)")).unwrap() + 1;
    let at = &err.locations()[0];
    assert_eq!(at.at.file.as_deref(), Some(net.file.as_path()), "{err}");
    assert_eq!(at.at.line, want, "{err}");
    assert_eq!(at.node.as_deref(), Some("/blob"), "{err}");
    assert!(at.message.contains("recursion"), "{err}");
}

#[test]
fn a_custom_node_round_trips_through_save() {
    let lib = library();
    let text = network_text(CUSTOM_NODE);
    let net = parse(&text, &lib);
    let tmp = tempfile::tempdir().unwrap();
    let path = tmp.path().join("saved.yaml");
    ropkit::files::write_atomic(&path, net.canonical_yaml(&lib).as_bytes()).unwrap();
    let saved = std::fs::read_to_string(&path).unwrap();
    assert!(saved.contains("      function: |\n"), "{saved}");
    let again = Network::load(&path, &lib).unwrap_or_else(|e| panic!("{e}\n{saved}"));
    assert_eq!(again.nodes, net.nodes, "{saved}");
    assert_eq!(
        again.canonical_yaml(&lib),
        saved,
        "saving twice changes the file"
    );
    let a = build(&lib, &net, &Mode::Render.into()).unwrap();
    let b = build(&lib, &again, &Mode::Render.into()).unwrap();
    assert_eq!(a.shader.glsl, b.shader.glsl);
    // Text that needs quoting survives too: a description with ': ', '#',
    // quotes, a comma, a tab, a bell and non-ASCII; a macro cell in quotes;
    // code without a final newline, and code with blank lines kept at its end.
    let tricky = CUSTOM_NODE
        .replace(
            "      coordTypes: [vec3]\n",
            "      description: \"a: b # c, \\\"q\\\" \\u00e9\\t\\u0007 end\"\n      macros:\n        - [null, THIS_K, \"'vec2(0.3, 0.1)'\"]\n      coordTypes: [vec3]\n      globals: \"float THIS_unused() { return 1.0; }\"\n      init: \"// first\\n\\n\\n\"\n",
        );
    let net = parse(&network_text(&tricky), &lib);
    let custom = net.nodes["/blob"].custom.as_ref().unwrap();
    assert!(
        custom.def.description.contains('\u{7}'),
        "{}",
        custom.def.description
    );
    ropkit::files::write_atomic(&path, net.canonical_yaml(&lib).as_bytes()).unwrap();
    let saved = std::fs::read_to_string(&path).unwrap();
    let again = Network::load(&path, &lib).unwrap_or_else(|e| panic!("{e}\n{saved}"));
    assert_eq!(again.nodes, net.nodes, "{saved}");
    assert_eq!(
        again.canonical_yaml(&lib),
        saved,
        "saving twice changes the file"
    );
    // Errors in the saved file still point at the code's own lines.
    let broken = saved.replace("vec3 q =", "vec3 q = nope +");
    std::fs::write(&path, &broken).unwrap();
    let net = Network::load(&path, &lib).unwrap();
    let err = build(&lib, &net, &Mode::Render.into()).expect_err("nope is undefined");
    let line = broken.lines().position(|l| l.contains("nope")).unwrap() + 1;
    assert!(
        err.to_string()
            .starts_with(&format!("{}:{line}:", path.display())),
        "{err}"
    );
}

#[test]
fn new_rop_from_writes_a_folder_that_checks_and_renders_the_same() {
    let lib = library();
    let tmp = tempfile::tempdir().unwrap();
    let net_path = tmp.path().join("scene.yaml");
    let text = network_text(CUSTOM_NODE);
    std::fs::write(&net_path, &text).unwrap();
    let (_keep, rops) = new_rop_from(&net_path, "/blob", &["shapes/squashed"]);
    let dir = rops.join("shapes/squashed");
    let function = std::fs::read_to_string(dir.join("function.glsl")).unwrap();
    assert!(
        function.starts_with("// A sphere of THIS_Radius"),
        "{function}"
    );
    let yaml = std::fs::read_to_string(dir.join("rop.yaml")).unwrap();
    assert!(
        yaml.starts_with("name: squashed\ncategory: shapes\n"),
        "{yaml}"
    );
    assert!(!yaml.contains("function"), "{yaml}");
    let check = run_ropkit(["check".as_ref(), rops.as_os_str()]);
    assert!(
        check.status.success(),
        "check fails on the written folder: {}{}",
        String::from_utf8_lossy(&check.stdout),
        String::from_utf8_lossy(&check.stderr)
    );
    // Writing it again refuses to replace the folder.
    let again = run_ropkit([
        "new-rop",
        "--from",
        net_path.to_str().unwrap(),
        "/blob",
        "shapes/squashed",
        "--into",
        rops.to_str().unwrap(),
    ]);
    assert!(!again.status.success());
    assert!(String::from_utf8_lossy(&again.stderr).contains("already exists"));
    // A library node has no definition of its own to write.
    let cam = run_ropkit([
        "new-rop",
        "--from",
        net_path.to_str().unwrap(),
        "/cam1",
        "--into",
        rops.to_str().unwrap(),
    ]);
    assert!(!cam.status.success());
    assert!(String::from_utf8_lossy(&cam.stderr).contains("rop: custom"));

    let Some(gpu) = gpu("new_rop_from_writes_a_folder_that_checks_and_renders_the_same") else {
        return;
    };
    let folder_lib = project(&[rops]).load_library();
    assert!(folder_lib.broken.is_empty(), "{:#?}", folder_lib.broken);
    let custom = render(&gpu, &lib, &parse(&text, &lib));
    let folder = render(
        &gpu,
        &folder_lib,
        &parse(&network_text(&folder_node("squashed")), &folder_lib),
    );
    let colours: std::collections::BTreeSet<[u8; 4]> = custom.pixels().map(|p| p.0).collect();
    assert!(
        colours.len() > 20,
        "the picture is nearly flat ({} colours)",
        colours.len()
    );
    assert_eq!(custom, folder, "custom node and ROP folder render apart");
}

/// A network whose custom node is `custom` (the lines under `custom:`).
fn with_custom(custom: &str) -> String {
    network_text(&format!(
        "  /blob:\n    rop: custom\n    custom:\n{custom}    params: {{}}\n"
    ))
}

#[test]
fn bad_custom_nodes_give_clear_errors_at_their_lines() {
    let lib = library();
    let fine = "      function: |\n        ReturnT thismap(CoordT p, ContextT ctx) { return createSdf(length(p) - 1.0); }\n";
    let types = "      coordTypes: [vec3]\n      returnTypes: [Sdf]\n";
    let huge = format!(
        "{types}      function: |\n        ReturnT thismap(CoordT p, ContextT ctx) {{ return createSdf(length(p) - 1.0); }}\n{}",
        "        // padding padding padding padding padding padding padding padding\n".repeat(1100)
    );
    let cases: Vec<(String, &str, &str)> = vec![
        (with_custom(types), "has no `function:`", "custom:"),
        (
            with_custom(&format!(
                "      coordTypes: [vec5]\n      returnTypes: [Sdf]\n{fine}"
            )),
            "coordTypes",
            "coordTypes",
        ),
        (
            with_custom(&format!("      returnTypes: [Sdf]\n{fine}")),
            "coordTypes",
            "custom:",
        ),
        (
            with_custom(&format!(
                "{types}      params:\n        - {{ name: radius, style: float }}\n{fine}"
            )),
            "Capitalized",
            "name: radius",
        ),
        (
            with_custom(&format!(
                "{types}      params:\n        - {{ name: Radius, style: floaty }}\n{fine}"
            )),
            "unknown style",
            "name: Radius",
        ),
        (
            with_custom(&format!(
                "{types}      function: |\n        ReturnT other(CoordT p, ContextT ctx) {{ return createSdf(1.0); }}\n"
            )),
            "no function named thismap",
            "ReturnT other",
        ),
        (
            with_custom(&format!("{types}      function: 42\n")),
            "custom:",
            "custom:",
        ),
        (
            with_custom(&format!("{types}      colour: red\n{fine}")),
            "unknown field `colour`",
            "colour: red",
        ),
        (with_custom(&huge), "CODE_FILE_BYTES", "function:"),
        (
            with_custom(&format!(
                "{types}      function: \"ReturnT thismap(CoordT p, ContextT ctx) {{ return createSdf(1.0); }}\\u0000\"\n"
            )),
            "control character U+0000",
            "function:",
        ),
        (
            with_custom(&format!(
                "{types}      function: |\n        ReturnT thismap(CoordT p, ContextT ctx) {{\n          return createSdf({}1.0{});\n        }}\n",
                "(".repeat(300),
                ")".repeat(300)
            )),
            "nest",
            "return createSdf",
        ),
        (
            network_text("  /blob: { rop: custom, params: {} }\n"),
            "needs its definition under `custom:`",
            "/blob:",
        ),
        (
            network_text("  /blob: { rop: sphere, custom: { coordTypes: [vec3] } }\n"),
            "goes with `rop: custom`",
            "/blob:",
        ),
        (
            network_text("  /blob: { rop: custom, custom: [1, 2] }\n"),
            "as a mapping",
            "/blob:",
        ),
        (
            with_custom(&format!(
                "{types}      params:\n        - {{ name: Radius, style: float }}\n{fine}      macros:\n        - [null, THIS_Radius, '2.0']\n"
            )),
            "THIS_Radius",
            "THIS_Radius",
        ),
    ];
    for (text, message, line_with) in cases {
        let err = match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            Network::parse(&text, Path::new("bad.yaml"), &lib)
        })) {
            Ok(Err(e)) => e,
            Ok(Ok(_)) => panic!("accepted:\n{text}"),
            Err(_) => panic!("panicked on:\n{text}"),
        };
        assert!(
            err.message.contains(message),
            "expected '{message}' in: {err}\n{text}"
        );
        assert_eq!(err.at.path(), Path::new("bad.yaml"));
        assert_eq!(err.node.as_deref(), Some("/blob"), "{err}");
        let want = text.lines().position(|l| l.contains(line_with)).unwrap() + 1;
        assert_eq!(err.at.line, want, "{err}\n{text}");
    }
    // A bad value for one of its parameters is found on the node's own
    // params line, not in the definition that names the parameter too.
    let text = network_text(
        &CUSTOM_NODE
            .replace("Squash: 1.5 }", "Squash: [1, 2] }")
            .replace(
                "// A sphere",
                "// Squash: how flat it is.\n        // A sphere",
            ),
    );
    let err = Network::parse(&text, Path::new("bad.yaml"), &lib).expect_err("not a float");
    let want = text
        .lines()
        .position(|l| l.contains("Squash: [1, 2]"))
        .unwrap()
        + 1;
    assert_eq!(err.at.line, want, "{err}");
    // Types that do not fit where the node is wired: a resolve error that
    // names the node and the file.
    let text = with_custom(&format!(
        "      coordTypes: [vec2]\n      returnTypes: [Sdf]\n{fine}"
    ));
    let net = parse(&text, &lib);
    let err = build(&lib, &net, &Mode::Render.into()).expect_err("a 2D node cannot be a 3D scene");
    assert_eq!(err.node().as_deref(), Some("/blob"), "{err}");
    assert!(err.to_string().contains("mechanisms-test.yaml"), "{err}");
    assert!(err.to_string().contains("coordinate"), "{err}");
}

// ---------------------------------------------------------------------------
// Variables

/// A provider of `v` computes |p| at its own coordinate; a transform moves
/// the coordinate on the way up; the reference (as mixByField's ratio)
/// must still read the provider's value, not one computed where it is.
const VARIABLE_SCENE: &str = "  /a: { rop: sphere, params: { Radius: 1.0 } }
  /b: { rop: sphere, params: { Radius: 0.25 } }
  /ref: { rop: variableReference, params: { Name: v, Type: float } }
  /mix: { rop: mixByField, inputs: { a: /a, b: /b, field: /ref } }
  /move: { rop: transform, params: { Translate: [0.5, 0.25, -0.5] }, inputs: [/mix] }
  /dist: { rop: distanceToPoint }
  /give: { rop: provideVariable, params: { Name: v, Type: float }, inputs: { input: /move, value: /dist } }
  /render: { rop: raymarchRender3D, inputs: { scene: /give } }
";

fn variable_net(scene: &str, lib: &Library) -> Result<Network, BuildError> {
    let text = format!("output: /render\nnodes:\n{scene}");
    let net = Network::parse(&text, &root().join("variables-test.yaml"), lib)?;
    build(lib, &net, &Mode::Sample.into()).map(|_| net)
}

#[test]
fn a_variable_reference_reads_the_value_its_provider_computed() {
    let Some(gpu) = gpu("a_variable_reference_reads_the_value_its_provider_computed") else {
        return;
    };
    let lib = library();
    let net = variable_net(VARIABLE_SCENE, &lib).unwrap_or_else(|e| panic!("{e}"));
    let pts: Vec<[f32; 3]> = points()
        .iter()
        .map(|p| [p[0] * 0.6, p[1] * 0.6, p[2] * 0.6])
        .collect();
    let mut r = Renderer::new(gpu.clone());
    let got = sample_network(&net, &lib, &mut r, &pts).unwrap_or_else(|e| panic!("{}", e.report()));
    let mut moved_apart = 0;
    for (p, v) in pts.iter().zip(&got) {
        let (x, y, z) = (p[0] as f64, p[1] as f64, p[2] as f64);
        // The ratio: |p| where the provider is, clamped by mixByField.
        let t = (x * x + y * y + z * z).sqrt().clamp(0.0, 1.0);
        let q = ((x - 0.5).powi(2) + (y - 0.25).powi(2) + (z + 0.5).powi(2)).sqrt();
        let want = (q - 1.0) * (1.0 - t) + (q - 0.25) * t;
        assert!(
            (v[0] as f64 - want).abs() < 1e-4,
            "at {p:?}: sampled {}, want {want}",
            v[0]
        );
        // Where |q| and |p| differ, a reference reading its own coordinate would fail.
        let t_here = q.clamp(0.0, 1.0);
        if ((t_here - t) * 0.75).abs() > 1e-2 {
            moved_apart += 1;
        }
    }
    assert!(moved_apart > 20, "the points do not tell the two apart");
}

#[test]
fn variables_cost_nothing_when_unused_and_are_checked_at_resolve() {
    let lib = library();
    // No provider in the network: no variable globals in the shader. (The
    // presets' lights provide the direction to them, so a plain network.)
    let text = "output: /render\nnodes:\n  /ball: { rop: sphere }\n  /sun: { rop: directionalLight }\n  /render: { rop: raymarchRender3D, inputs: { scene: /ball, light: /sun } }\n";
    let net = Network::parse(text, &root().join("plain.yaml"), &lib).unwrap();
    let built = build(&lib, &net, &Mode::Render.into()).unwrap();
    assert!(!built.shader.glsl.contains("rk_var_"));
    let built = build(
        &lib,
        &variable_net(VARIABLE_SCENE, &lib).unwrap(),
        &Mode::Render.into(),
    )
    .unwrap();
    assert_eq!(built.shader.glsl.matches("float rk_var_v = ").count(), 1);

    let fails = |scene: &str, node: &str, words: &[&str]| {
        let err = match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            variable_net(scene, &lib)
        })) {
            Ok(Err(e)) => e,
            Ok(Ok(_)) => panic!("accepted:\n{scene}"),
            Err(_) => panic!("panicked on:\n{scene}"),
        };
        assert_eq!(err.node().as_deref(), Some(node), "{err}");
        let text = err.to_string();
        assert!(text.contains("variables-test.yaml:"), "{text}");
        for w in words {
            assert!(text.contains(w), "expected '{w}' in: {text}");
        }
    };
    // No provider at all.
    fails(
        &VARIABLE_SCENE
            .replace("/give: { rop: provideVariable", "/give: { rop: passthrough")
            .replace(
                ", params: { Name: v, Type: float }, inputs: { input: /move, value: /dist }",
                ", inputs: [/move]",
            ),
        "/ref",
        &[
            "reads variable 'v'",
            "/ref -> /mix -> /move -> /give -> /render",
        ],
    );
    // A provider of another name.
    fails(
        &VARIABLE_SCENE.replace(
            "params: { Name: v, Type: float }, inputs: { input",
            "params: { Name: w, Type: float }, inputs: { input",
        ),
        "/ref",
        &["reads variable 'v'", "no node provides it"],
    );
    // The right name with another type.
    fails(
        &VARIABLE_SCENE.replace(
            "params: { Name: v, Type: float }, inputs: { input",
            "params: { Name: v, Type: vec4 }, inputs: { input",
        ),
        "/ref",
        &["as float", "/give provides it as vec4"],
    );
    // One way to the output passes the provider, another does not.
    let two_ways = VARIABLE_SCENE.replace(
        "  /render: { rop: raymarchRender3D, inputs: { scene: /give } }",
        "  /both: { rop: combine, inputs: [/give, /move] }\n  /render: { rop: raymarchRender3D, inputs: { scene: /both } }",
    );
    fails(&two_ways, "/ref", &["/move -> /both -> /render"]);
    // The editor still lets a reference be wired before its provider is:
    // the missing provider is the network's error, not the connection's.
    let unwired = VARIABLE_SCENE
        .replace("field: /ref }", "field: /dist }")
        .replace("inputs: { scene: /give }", "inputs: { scene: /move }");
    let mut net = Network::parse(
        &format!("output: /render\nnodes:\n{unwired}"),
        Path::new("v.yaml"),
        &lib,
    )
    .unwrap();
    assert_eq!(
        ropkit::resolve::connection_problem(&lib, &net, "/ref", "/mix", 2),
        None
    );
    net.nodes.get_mut("/mix").unwrap().inputs[2] = Some("/ref".into());
    let err = ropkit::resolve::resolve(&lib, &net).expect_err("no provider");
    assert_eq!(err.node, "/ref");
    // A name that is no identifier.
    fails(
        &VARIABLE_SCENE.replace(
            "params: { Name: v, Type: float }, inputs: { input",
            "params: { Name: 'two words', Type: float }, inputs: { input",
        ),
        "/give",
        &["must be an identifier"],
    );
    // Two providers of one name with two types.
    let clash = VARIABLE_SCENE.replace(
        "  /render: { rop: raymarchRender3D, inputs: { scene: /give } }",
        "  /again: { rop: provideVariable, params: { Name: v, Type: vec3 }, inputs: [/give] }\n  /render: { rop: raymarchRender3D, inputs: { scene: /again } }",
    );
    let err = variable_net(&clash, &lib).expect_err("one name, two types");
    assert!(err.to_string().contains("a name has one type"), "{err}");
    // A ROP folder whose variable: names a parameter it lacks is refused as it loads.
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("utility/badVar");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("rop.yaml"),
        "name: badVar\ncoordTypes: [vec3]\nreturnTypes: [float]\nparams:\n  - { name: Name, style: string, default: v }\nvariable: { role: read, name: Name, type: Kind }\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("function.glsl"),
        "ReturnT thismap(CoordT p, ContextT ctx) { return THIS_VAR; }\n",
    )
    .unwrap();
    let err = lib.read_folder(&dir).expect_err("Kind is no parameter");
    assert_eq!(err.at.line, 6, "{err}");
    assert!(err.message.contains("'Kind'"), "{err}");
}

#[test]
fn a_nested_provider_hides_the_outer_one_only_while_it_runs() {
    let Some(gpu) = gpu("a_nested_provider_hides_the_outer_one_only_while_it_runs") else {
        return;
    };
    let lib = library();
    // One reference, reached through the inner provider (0.2) on the left
    // and through the outer one only (0.8) on the right: the right side is
    // evaluated after the inner provider has run, so it sees 0.8 only if
    // the inner provider put the outer value back.
    let scene = "  /ref: { rop: variableReference, params: { Name: v, Type: float } }
  /a1: { rop: sphere, params: { Radius: 1.0, Translate: [-2, 0, 0] } }
  /b1: { rop: sphere, params: { Radius: 0.25, Translate: [-2, 0, 0] } }
  /m1: { rop: mixByField, inputs: { a: /a1, b: /b1, field: /ref } }
  /inner: { rop: provideVariable, params: { Name: v, Type: float, Value: [0.2, 0, 0, 0] }, inputs: [/m1] }
  /a2: { rop: sphere, params: { Radius: 1.0, Translate: [2, 0, 0] } }
  /b2: { rop: sphere, params: { Radius: 0.25, Translate: [2, 0, 0] } }
  /m2: { rop: mixByField, inputs: { a: /a2, b: /b2, field: /ref } }
  /both: { rop: combine, params: { Mode: union }, inputs: [/inner, /m2] }
  /outer: { rop: provideVariable, params: { Name: v, Type: float, Value: [0.8, 0, 0, 0] }, inputs: [/both] }
  /render: { rop: raymarchRender3D, inputs: { scene: /outer } }
";
    let net = variable_net(scene, &lib).unwrap_or_else(|e| panic!("{e}"));
    let pts: Vec<[f32; 3]> = points().iter().map(|p| [p[0] * 2.0, p[1], p[2]]).collect();
    let mut r = Renderer::new(gpu.clone());
    let got = sample_network(&net, &lib, &mut r, &pts).unwrap_or_else(|e| panic!("{}", e.report()));
    let sphere = |p: &[f32; 3], cx: f64, t: f64| {
        let (x, y, z) = (p[0] as f64 - cx, p[1] as f64, p[2] as f64);
        (x * x + y * y + z * z).sqrt() - (1.0 - 0.75 * t)
    };
    for (p, v) in pts.iter().zip(&got) {
        let want = sphere(p, -2.0, 0.2).min(sphere(p, 2.0, 0.8));
        assert!(
            (v[0] as f64 - want).abs() < 1e-4,
            "at {p:?}: sampled {}, want {want}",
            v[0]
        );
    }
}
