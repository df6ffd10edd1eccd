//! The compiler core: presets, the library check, user ROPs, macro tables,
//! parameter macros, type inference, names and network files.

use crate::common::*;
use ropkit::build::{BuildOptions, build};
use ropkit::check::{Coverage, check_library};
use ropkit::generate::Mode;
use ropkit::library::Library;
use ropkit::network::Network;
use ropkit::resolve::{glsl_name, resolve, unique_names};
use ropkit::types::CoordType;
use ropkit::value::ParamValue;
use std::path::{Path, PathBuf};

fn demo_library() -> Library {
    let lib = project(&[root().join("tests/fixtures/rops")]).load_library();
    assert!(lib.broken.is_empty(), "{:#?}", lib.broken);
    lib
}

fn parse(text: &str, lib: &Library) -> Network {
    Network::parse(text, Path::new("test.yaml"), lib).unwrap_or_else(|e| panic!("{e}"))
}

fn glsl(text: &str, lib: &Library) -> String {
    let net = parse(text, lib);
    let built = build(lib, &net, &Mode::Render.into()).unwrap_or_else(|e| panic!("{e}"));
    built.shader.glsl
}

#[test]
fn every_preset_builds_and_passes_both_compilers() {
    let lib = library();
    let presets = presets();
    assert!(presets.len() >= 2);
    for path in presets {
        let net = Network::load(&path, &lib).unwrap_or_else(|e| panic!("{e}"));
        let built = build(&lib, &net, &Mode::Render.into())
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(built.shader.glsl.contains("void main()"));
        assert_glslang(&built.shader.glsl, &path.display().to_string());
    }
}

/// Every ROP built alone in the harness (what `ropkit check` does) for every
/// coordinate type it claims, once with every input fed and once more with
/// only the required ones when it has optional inputs; also for every return
/// type and every context type it claims. Each build passes naga (the build
/// compiles) and naga's SPIR-V writer (what wgpu runs on Vulkan: some GLSL
/// naga parses makes the writer panic); the builds `ropkit check` makes pass
/// glslangValidator too, on a second thread while the next ones build.
#[test]
fn every_rop_builds_for_every_type_it_claims_and_passes_both_compilers() {
    let lib = library();
    let expected: usize = lib
        .rops
        .values()
        .filter(|r| !r.is_output())
        .map(|r| {
            let optional = r.inputs[..r.own_inputs()].iter().any(|i| !i.required);
            r.coord_types.len() * (r.return_types.len() + usize::from(optional))
                + (r.context_types.len() - 1)
        })
        .sum();
    let (to_glslang, glslang_queue) = std::sync::mpsc::channel::<(String, String)>();
    let (builds, failures) = std::thread::scope(|scope| {
        let checker = scope.spawn(move || {
            let mut count = 0usize;
            let mut failures = Vec::new();
            for (what, glsl) in glslang_queue {
                count += 1;
                match ropkit::check::glslang(&glsl) {
                    None => panic!("glslangValidator not found: install glslang-tools"),
                    Some(Ok(())) => {}
                    Some(Err(msg)) => failures.push(format!("{what}: glslangValidator: {msg}")),
                }
            }
            (count, failures)
        });
        let mut builds = Vec::new();
        let mut failures = Vec::new();
        ropkit::check::each_case(&lib, &[], Coverage::EveryType, |def, case| {
            let shown = |t: Option<String>| t.unwrap_or_else(|| "inferred".into());
            let (ret, context) = (
                shown(case.ret.map(|r| r.to_string())),
                shown(case.context.map(|x| x.to_string())),
            );
            let what = format!(
                "{} ({}, {ret}, {context}, all inputs: {})",
                case.rop, case.coord, case.all_inputs
            );
            builds.push((
                case.rop.clone(),
                case.coord.to_string(),
                ret,
                context,
                case.all_inputs,
                case.first_types(def),
            ));
            let built = match &case.result {
                Ok(built) => built,
                Err(e) => return failures.push(format!("{what}: {e}")),
            };
            let compiled = built.compiled.as_ref().expect("a render build is compiled");
            let spv = std::panic::catch_unwind(|| {
                naga::back::spv::write_vec(
                    &compiled.module,
                    &compiled.info,
                    &naga::back::spv::Options::default(),
                    None,
                )
            });
            match spv {
                Ok(Ok(_)) => {}
                Ok(Err(e)) => failures.push(format!("{what}: SPIR-V: {e}")),
                Err(_) => failures.push(format!("{what}: naga's SPIR-V writer panics")),
            }
            if case.first_types(def) {
                to_glslang.send((what, built.shader.glsl.clone())).unwrap();
            }
        });
        drop(to_glslang);
        let (checked, glslang_failures) = checker.join().unwrap();
        failures.extend(glslang_failures);
        (builds, (failures, checked))
    });
    let (failures, glslang_checked) = failures;
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!(builds.len(), expected);
    // Every combination once.
    let distinct: std::collections::BTreeSet<_> = builds
        .iter()
        .map(|(r, c, t, x, a, _)| (r, c, t, x, a))
        .collect();
    assert_eq!(distinct.len(), builds.len());
    assert!(
        builds.iter().any(|b| !b.4),
        "some ROP is built with its required inputs only"
    );
    // `ropkit check`'s builds (each coordinate type with the first return
    // and context type, and with the required inputs only) are the ones
    // glslang saw.
    let first_types = builds.iter().filter(|b| b.5).count();
    assert_eq!(glslang_checked, first_types);
    let check_cases: usize = lib
        .rops
        .values()
        .filter(|r| !r.is_output())
        .map(|r| {
            let optional = r.inputs[..r.own_inputs()].iter().any(|i| !i.required);
            r.coord_types.len() * (1 + usize::from(optional))
        })
        .sum();
    assert_eq!(first_types, check_cases);
}

#[test]
fn a_rop_folder_outside_the_repository_builds_into_a_network() {
    let lib = project(&[root().join("tests/fixtures/user_rops")]).load_library();
    assert!(lib.get("capsuleY").is_some(), "{:?}", lib.broken);
    let net = Network::load(&root().join("tests/fixtures/user_rop_network.yaml"), &lib).unwrap();
    let built = build(&lib, &net, &Mode::Render.into()).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        built
            .shader
            .glsl
            .contains("pill_ReturnT pill(pill_CoordT p, pill_ContextT ctx)"),
        "the ROP's function is emitted under the node's name"
    );
    assert_glslang(&built.shader.glsl, "user ROP network");
}

#[test]
fn new_rop_skeleton_passes_check_at_once() {
    let dir = tempfile::tempdir().unwrap();
    ropkit::scaffold::new_rop("shapes/blob", dir.path(), &Default::default(), false).unwrap();
    let p = project(&[dir.path().to_path_buf()]);
    let lib = p.load_library();
    assert!(lib.broken.is_empty(), "{:?}", lib.broken);
    let cases = check_library(&lib, &["blob".to_string()]);
    assert_eq!(cases.len(), 2, "vec2 and vec3");
    for c in cases {
        let glsl = c.result.unwrap_or_else(|e| panic!("{e}"));
        assert_glslang(&glsl, "skeleton");
    }
    assert!(
        ropkit::scaffold::new_rop("shapes/blob", dir.path(), &Default::default(), false).is_err(),
        "never overwrites a folder"
    );
    assert!(ropkit::scaffold::new_rop("bad name", dir.path(), &Default::default(), false).is_err());
}

#[test]
fn macro_table_follows_the_code_guide_row_by_row() {
    let lib = demo_library();
    let net = "output: /out\nnodes:\n  /demo1: { rop: macroDemo }\n  /out: { rop: render2D, inputs: [/demo1] }\n";
    let g = glsl(net, &lib);
    // Row 1: condition param('Count') > 2 is False for Count = 1: dropped.
    assert!(!g.contains("demo1_HAS_TWO_THINGS"));
    // Row 2: a quoted name alone.
    assert!(g.contains("#define demo1_USE_THINGS\n"));
    // Row 3: name and value in separate cells.
    assert!(g.contains("#define demo1_STUFF vec2(0.3, 0.1)\n"));
    // Row 4: name and value in one cell, separated by a space.
    assert!(g.contains("#define demo1_FOO 3.5\n"));
    // A bare name is taken as it is.
    assert!(g.contains("#define demo1_BARE_NAME\n"));
    // hasInput(1) is false: nothing is wired to /m.
    assert!(!g.contains("#define demo1_WIRED"));
    // coordType is vec2 under render2D.
    assert!(g.contains("#define demo1_FLAT\n"));
    assert!(!g.contains("demo1_HARD"));
    // 0, '' and None conditions drop their rows.
    assert!(!g.contains("demo1_NEVER"));
    assert!(!g.contains("demo1_NONE_COND"));
    assert!(g.contains("#define demo1_COUNT 2\n"));
    // Global macros land before the library.
    let global = g
        .find("#define ROPKIT_DEMO_GLOBAL 1")
        .expect("global macro");
    assert!(global < g.find("struct Sdf").unwrap());
    assert_glslang(&g, "macro demo");

    // Count = 3 turns row 1 on; Mode = hard turns on the computed value.
    let net3 = "output: /out\nnodes:\n  /demo1: { rop: macroDemo, params: { Count: 3, Mode: hard } }\n  /s: { rop: circle }\n  /out: { rop: render2D, inputs: [/demo1] }\n";
    let g3 = glsl(net3, &lib);
    assert!(g3.contains("#define demo1_HAS_TWO_THINGS\n"));
    assert!(g3.contains("#define demo1_HARD 6\n"));
    assert!(g3.contains("#define demo1_COUNT 4\n"));
}

#[test]
fn macro_tables_see_connected_inputs_and_types() {
    let lib = demo_library();
    let net = "output: /out\nnodes:\n  /ball: { rop: sphere }\n  /demo1: { rop: macroDemo, inputs: [/ball] }\n  /out: { rop: raymarchRender3D, inputs: [/demo1] }\n";
    let g = glsl(net, &lib);
    // WIRED and HAS_INPUT_1 are defined here, so the ROP's branch on them is
    // settled: only the wired line stays.
    assert!(g.contains("#define demo1_WIRED\n"));
    assert!(
        !g.contains("createSdf(length(p) - demo1_FOO)"),
        "the branch not taken is gone"
    );
    assert!(!g.contains("#define demo1_FLAT"), "coordType is vec3 here");
    assert!(
        g.contains("Sdf res = ball(p, ctx);"),
        "inputOp1 replaced by the input's name"
    );
}

#[test]
fn every_parameter_macro_form() {
    let lib = demo_library();
    let net = "output: /out\nnodes:\n  /pdemo: { rop: paramDemo }\n  /out: { rop: raymarchRender3D, inputs: [/pdemo] }\n";
    let net = parse(net, &lib);
    let built = build(&lib, &net, &Mode::Render.into()).unwrap_or_else(|e| panic!("{e}"));
    let g = &built.shader.glsl;
    let slot = |p: &str| {
        built
            .shader
            .param_slot("/pdemo", p)
            .unwrap_or_else(|| panic!("no slot for {p}"))
            .clone()
    };
    let s = |p: &str| slot(p).slot;
    // Scalars share a vec4: Amount .x, Steps .y, Enable .z.
    assert_eq!(
        (slot("Amount").slot, slot("Amount").offset),
        (slot("Steps").slot, 0)
    );
    assert_eq!(slot("Steps").offset, 1);
    assert!(g.contains(&format!(
        "#define pdemo_Amount vecParams[{}].x\n",
        s("Amount")
    )));
    assert!(g.contains(&format!(
        "#define pdemo_Steps int(vecParams[{}].y)\n",
        s("Steps")
    )));
    assert!(g.contains(&format!(
        "#define pdemo_Enable (vecParams[{}].z > 0.5)\n",
        s("Enable")
    )));
    assert!(g.contains(&format!(
        "#define pdemo_Offset vec2(vecParams[{}].xy)\n",
        s("Offset")
    )));
    assert!(g.contains(&format!(
        "#define pdemo_Offsety vecParams[{}].y\n",
        s("Offset")
    )));
    let t = s("Translate");
    assert!(g.contains(&format!("#define pdemo_Translate vec3(vecParams[{t}].xyz)\n#define pdemo_Translatex vecParams[{t}].x\n#define pdemo_Translatey vecParams[{t}].y\n#define pdemo_Translatez vecParams[{t}].z\n")));
    assert!(g.contains(&format!("#define pdemo_Quatw vecParams[{}].w\n", s("Quat"))));
    assert!(g.contains(&format!(
        "#define pdemo_Coordv vecParams[{}].y\n",
        s("Coord")
    )));
    assert!(g.contains(&format!("#define pdemo_Tintg vecParams[{}].y\n", s("Tint"))));
    assert!(g.contains(&format!(
        "#define pdemo_Fill vec4(vecParams[{}].xyzw)\n",
        s("Fill")
    )));
    // Menu: the option itself, and the option appended (which settles the
    // ROP's `#if defined(THIS_Plane_yz) ...` here, so that line is folded away).
    assert!(g.contains("#define pdemo_Plane yz\n"));
    assert!(
        !g.contains("defined(pdemo_Plane_yz)"),
        "a settled condition is folded"
    );
    assert!(g.contains("  d += 0.0;\n"), "the branch taken stays");
    assert!(g.contains("#define pdemo_Expr p.x * 2.0\n"));
    assert!(g.contains("#define pdemo_Image sampler2D(rk_tex0, rk_sampler)\n"));
    // Macro parameters are literal values.
    assert!(g.contains("#define pdemo_Inlined 12.5\n"));
    assert!(g.contains("#define pdemo_Loops 4\n"));
    assert!(g.contains("#define pdemo_Flag true\n"));
    // `_on` and the type flags only ever appear in #if lines, which they
    // settle; the generator still makes them (and folds the #if).
    let def = lib.get("paramDemo").unwrap();
    let flag = def.param("Flag").unwrap();
    let mut text = String::new();
    ropkit::generate::param_macros(
        &mut text,
        "pdemo",
        flag,
        &ropkit::value::ParamValue::Bool(true),
        None,
    );
    assert_eq!(text, "#define pdemo_Flag true\n#define pdemo_Flag_on\n");
    assert!(g.contains("#define pdemo_Center vec3(0.0, 1.0, 0.0)\n#define pdemo_Centerx 0.0\n"));
    // A generated macro no code names is left out (Center's y and z are never read).
    assert!(
        !g.contains("#define pdemo_Centery"),
        "unused macros are not emitted"
    );
    assert!(
        built.shader.param_slot("/pdemo", "Inlined").is_none(),
        "macro parameters take no uniform slot"
    );
    // Type macros.
    assert!(g.contains(
        "#define pdemo_CoordT vec3\n#define pdemo_ContextT Context\n#define pdemo_ReturnT Sdf\n"
    ));
    assert_eq!(built.shader.textures.len(), 1);
    assert_glslang(g, "param demo");
    // The values the uniform buffer gets.
    let values = built.shader.param_values(&net, &lib);
    assert_eq!(values[s("Translate")][..3], [1.0, 2.0, 3.0]);
    assert_eq!(values[s("Amount")][0], 0.5);
    assert_eq!(values[s("Enable")][2], 1.0);
}

#[test]
fn type_inference_follows_callers_and_input_constraints() {
    let lib = demo_library();
    // The same sphere ROP runs in vec2 under render2D and in vec3 under the raymarcher.
    let n2 = parse(
        "output: /out\nnodes:\n  /s: { rop: sphere }\n  /out: { rop: render2D, inputs: [/s] }\n",
        &lib,
    );
    let r2 = resolve(&lib, &n2).unwrap();
    assert_eq!(r2.nodes[r2.index_of("/s").unwrap()].coord, CoordType::Vec2);
    let n3 = parse(
        "output: /out\nnodes:\n  /s: { rop: sphere }\n  /out: { rop: raymarchRender3D, inputs: [/s] }\n",
        &lib,
    );
    let r3 = resolve(&lib, &n3).unwrap();
    assert_eq!(r3.nodes[r3.index_of("/s").unwrap()].coord, CoordType::Vec3);
    // An input that fixes its own coordinate type: a 2D circle inside a 3D extrusion.
    let ne = parse(
        "output: /out\nnodes:\n  /c: { rop: circle }\n  /e: { rop: extrudeDemo, inputs: [/c] }\n  /out: { rop: raymarchRender3D, inputs: [/e] }\n",
        &lib,
    );
    let re = resolve(&lib, &ne).unwrap();
    assert_eq!(re.nodes[re.index_of("/c").unwrap()].coord, CoordType::Vec2);
    assert_eq!(re.nodes[re.index_of("/e").unwrap()].coord, CoordType::Vec3);
    let order: Vec<&str> = re.nodes.iter().map(|n| n.path.as_str()).collect();
    assert_eq!(
        order,
        ["/c", "/e", "/out"],
        "inputs before the ROPs that call them"
    );
    assert_glslang(
        &build(&lib, &ne, &Mode::Render.into()).unwrap().shader.glsl,
        "extrude",
    );
    // No type fits: a 2D-only circle as the 3D scene.
    let bad = parse(
        "output: /out\nnodes:\n  /c: { rop: circle }\n  /out: { rop: raymarchRender3D, inputs: [/c] }\n",
        &lib,
    );
    let err = resolve(&lib, &bad).unwrap_err();
    assert_eq!(err.node, "/c");
    assert!(
        err.message.contains("node /out input 1 (scene) needs coordinate type vec3 but /c (circle) supports only vec2"),
        "{}",
        err.message
    );
}

#[test]
fn glsl_names_are_unique_valid_and_stable() {
    assert_eq!(glsl_name("/scene/sphere1"), "scene_sphere1");
    assert_eq!(glsl_name("/a//b__c/"), "a_b_c");
    assert_eq!(glsl_name("/3d/x"), "n_3d_x");
    assert_eq!(glsl_name("/gl_Position"), "n_gl_Position");
    assert_eq!(glsl_name("/main"), "main_op");
    assert_eq!(glsl_name("/float"), "float_op");
    assert_eq!(
        glsl_name("/all"),
        "all_op",
        "built-in functions are reserved too"
    );
    // Letters of other scripts become their code points.
    assert_eq!(glsl_name("/é"), "ue9");
    let paths: Vec<String> = ["/a/b", "/a_b", "/a-b", "/x"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let names = unique_names(&paths, &Default::default());
    let set: std::collections::BTreeSet<_> = names.iter().collect();
    assert_eq!(set.len(), names.len(), "{names:?}");
    for n in &names {
        assert!(!n.contains("__") && n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'));
    }
    // Stable: the same paths in another order get the same names.
    let mut rev = paths.clone();
    rev.reverse();
    let names_rev = unique_names(&rev, &Default::default());
    for (p, n) in paths.iter().zip(&names) {
        assert_eq!(&names_rev[rev.iter().position(|q| q == p).unwrap()], n);
    }
    // Words of the code being stitched (locals like `res`, `p`) are avoided.
    let words: std::collections::BTreeSet<String> = ["res".to_string()].into();
    assert_eq!(unique_names(&["/res".to_string()], &words), ["res_op"]);
    node_names_avoid_the_words_of_the_rops_used_and_only_those();
    // And a whole build is byte-for-byte repeatable.
    let lib = library();
    let net = Network::load(&root().join("presets/default.yaml"), &lib).unwrap();
    let a = build(&lib, &net, &Mode::Render.into()).unwrap().shader.glsl;
    let b = build(&lib, &net, &Mode::Render.into()).unwrap().shader.glsl;
    assert_eq!(a, b);
}

/// A node named like a local variable of a ROP the network uses is renamed
/// (the call to it would find the variable); a ROP the network does not use
/// renames nothing, so adding ROPs to the library leaves every network's
/// shader as it was.
fn node_names_avoid_the_words_of_the_rops_used_and_only_those() {
    let dir = tempfile::tempdir().unwrap();
    let rop = dir.path().join("shapes/widgetPill");
    std::fs::create_dir_all(&rop).unwrap();
    std::fs::write(
        rop.join("rop.yaml"),
        "name: widgetPill\ncategory: shapes\ndescription: A pill.\nkeywords: [pill]\ncoordTypes: [vec3]\nreturnTypes: [Sdf, float]\ncontextTypes: [any]\nparams:\n  - { name: Radius, style: float, default: 0.3, min: 0.0, max: 5.0, label: Radius, help: Radius }\n",
    )
    .unwrap();
    std::fs::write(
        rop.join("function.glsl"),
        "ReturnT thismap(CoordT p, ContextT ctx) {\n  float zzwidget = length(p) - THIS_Radius;\n#ifdef THIS_RETURN_TYPE_Sdf\n  return createSdf(zzwidget);\n#else\n  return zzwidget;\n#endif\n}\n",
    )
    .unwrap();
    let plain = library();
    let extended = project(&[dir.path().to_path_buf()]).load_library();
    assert!(
        extended.get("widgetPill").is_some(),
        "{:?}",
        extended.broken
    );
    let unused = "output: /out\nnodes:\n  /zzwidget: { rop: sphere }\n  /out: { rop: raymarchRender3D, inputs: { scene: /zzwidget } }\n";
    let a = glsl(unused, &plain);
    let b = glsl(unused, &extended);
    assert!(a.contains("zzwidget("), "the node keeps its name");
    assert_eq!(a, b, "a ROP the network does not use changes nothing");
    let used = "output: /out\nnodes:\n  /zzwidget: { rop: sphere }\n  /pill: { rop: widgetPill }\n  /both: { rop: combine, inputs: { a: /zzwidget, b: /pill } }\n  /out: { rop: raymarchRender3D, inputs: { scene: /both } }\n";
    let c = glsl(used, &extended);
    assert!(c.contains("zzwidget_op("), "renamed clear of the local");
    assert_glslang(&c, "a node named like a local of a ROP it meets");
}

#[test]
fn only_reachable_nodes_are_emitted() {
    let lib = library();
    let net = parse(
        "output: /out\nnodes:\n  /used: { rop: circle }\n  /unused: { rop: rectangle }\n  /out: { rop: render2D, inputs: [/used] }\n",
        &lib,
    );
    let shader = build(&lib, &net, &BuildOptions::from(Mode::Render).stitch_only())
        .map(|b| b.shader)
        .unwrap();
    assert!(shader.glsl.contains("node /used"));
    assert!(!shader.glsl.contains("unused"));
}

/// The canonical form: what a network made without a file is saved as,
/// and what saving falls back to (the edits of a file are in `saving.rs`).
#[test]
fn networks_round_trip_through_save() {
    let lib = library();
    for path in presets() {
        let net = Network::load(&path, &lib).unwrap();
        let text = net.canonical_yaml(&lib);
        let again = Network::parse(&text, &path, &lib).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(again.output, net.output);
        assert_eq!(again.nodes, net.nodes, "{}", path.display());
        assert_eq!(again.canonical_yaml(&lib), text, "saving is stable");
        let comments = text.lines().take_while(|l| l.starts_with('#')).count();
        // One node a line, but for nodes that carry their own definition
        // (`rop: custom`): those are written in block style, their code as
        // it reads, and start with their key alone on its line.
        let custom = net.nodes.values().filter(|n| n.custom.is_some()).count();
        let keys = text
            .lines()
            .filter(|l| l.starts_with("  /") || l.starts_with("  \""))
            .count();
        assert_eq!(keys, net.nodes.len(), "one key line per node");
        if custom == 0 {
            assert_eq!(
                text.lines().count(),
                comments + net.nodes.len() + 2,
                "one node a line"
            );
        }
        let original = std::fs::read_to_string(&path).unwrap();
        assert!(
            original
                .lines()
                .filter(|l| l.starts_with('#'))
                .all(|c| text.contains(c)),
            "{}: the file's leading comments survive a save",
            path.display()
        );
    }
    // Named inputs stay named, extra light slots go by number.
    let net = Network::load(&root().join("presets/default.yaml"), &lib).unwrap();
    assert!(net.canonical_yaml(&lib).contains(
        "inputs: { scene: /scene/all, camera: /cam1, background: /sky, light: /light1 }"
    ));
    let net = Network::load(&root().join("presets/materials.yaml"), &lib).unwrap();
    assert!(
        net.canonical_yaml(&lib).contains("light: /key, 5: /sun"),
        "{}",
        net.canonical_yaml(&lib)
    );
}

/// What a save writes reads back. (That a failed save leaves the old file
/// whole is tested in `saving.rs`, with a write made to fail midway.)
#[test]
fn a_saved_network_reads_back_and_a_save_into_a_missing_folder_fails() {
    let lib = library();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("net.yaml");
    std::fs::write(&path, "old content").unwrap();
    let net = Network::load(&root().join("presets/default.yaml"), &lib).unwrap();
    net.save(&path, &lib).unwrap();
    let files: Vec<PathBuf> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(files, vec![path.clone()]);
    assert_eq!(Network::load(&path, &lib).unwrap().nodes, net.nodes);
    // A save into a folder that does not exist fails and creates nothing.
    let missing = dir.path().join("nope/net.yaml");
    assert!(net.save(&missing, &lib).is_err());
    assert!(!missing.exists());
}

#[test]
fn export_json_describes_the_uniform_layout() {
    let lib = library();
    let net = Network::load(&root().join("presets/default.yaml"), &lib).unwrap();
    let built = build(&lib, &net, &Mode::Render.into()).unwrap();
    let json = ropkit::export::layout_json(&built.shader, &net, &lib);
    let params = json["params"].as_array().unwrap();
    let radius = params
        .iter()
        .find(|p| p["node"] == "/scene/sphere1" && p["param"] == "Radius")
        .unwrap();
    let slot = radius["slot"].as_u64().unwrap();
    let swz = ["x", "y", "z", "w"][radius["offset"].as_u64().unwrap() as usize];
    assert!(built.shader.glsl.contains(&format!(
        "#define scene_sphere1_Radius vecParams[{slot}].{swz}\n"
    )));
    assert_eq!(radius["value"], 1.0);
    assert_eq!(radius["style"], "float");
    assert!(json["paramsBuffer"]["vec4s"].as_u64().unwrap() > slot);
    assert!(
        json["rops"]
            .as_array()
            .unwrap()
            .iter()
            .any(|r| r == "sphere")
    );
    // WGSL and SPIR-V come from the same module.
    let wgsl = ropkit::export::export(&built, &net, &lib, ropkit::export::Format::Wgsl).unwrap();
    assert!(String::from_utf8(wgsl).unwrap().contains("@fragment"));
    let spv = ropkit::export::export(&built, &net, &lib, ropkit::export::Format::Spirv).unwrap();
    assert_eq!(&spv[..4], &0x0723_0203u32.to_le_bytes());
}

#[test]
fn shadertoy_export_is_valid_glsl_es_with_parameters_baked_in() {
    let lib = library();
    for path in presets() {
        let net = Network::load(&path, &lib).unwrap();
        // A point list too long for constants in the code is refused with
        // the limit's name (the 1,000-instance preset).
        if path.ends_with("instancesCsv.yaml") {
            let err = build(&lib, &net, &Mode::Shadertoy.into())
                .map(|_| ())
                .unwrap_err()
                .to_string();
            assert!(err.contains("DATA_INLINE_TEXELS"), "{err}");
            continue;
        }
        let uses_volume = net.nodes.values().any(|n| {
            n.def(&lib).is_some_and(|d| {
                d.params
                    .iter()
                    .any(|p| p.style == ropkit::types::ParamStyle::Volume)
            })
        });
        if uses_volume {
            // Shadertoy has no channel for a file's 3D texture: refused, by name.
            let e = build(&lib, &net, &Mode::Shadertoy.into())
                .unwrap_err()
                .to_string();
            assert!(e.contains("3D texture"), "{}: {e}", path.display());
            continue;
        }
        let shader = build(
            &lib,
            &net,
            &BuildOptions::from(Mode::Shadertoy).stitch_only(),
        )
        .map(|b| b.shader)
        .unwrap_or_else(|e| panic!("{e}"));
        let g = &shader.glsl;
        assert!(g.contains("void mainImage(out vec4 fragColor, in vec2 fragCoord)"));
        assert!(
            !g.contains("#version") && !g.contains("layout("),
            "Shadertoy supplies those"
        );
        // Every parameter is a literal: no parameter storage at all.
        assert!(!g.contains("vecParams"), "{}", path.display());
        // Wrapped the way Shadertoy wraps an image pass, glslang must accept it as GLSL ES 3.0.
        let wrapped = format!(
            "#version 300 es\nprecision highp float;\nprecision highp int;\nuniform vec3 iResolution;\nuniform float iTime;\nuniform float iTimeDelta;\nuniform int iFrame;\nuniform vec4 iMouse;\nuniform sampler2D iChannel0;\nuniform sampler2D iChannel1;\nuniform sampler2D iChannel2;\nuniform sampler2D iChannel3;\n{g}\nout vec4 rkOut;\nvoid main() {{ mainImage(rkOut, gl_FragCoord.xy); }}\n"
        );
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("shadertoy.frag");
        std::fs::write(&file, &wrapped).unwrap();
        let out = std::process::Command::new("glslangValidator")
            .arg(&file)
            .output()
            .expect("glslangValidator not found: install glslang-tools");
        assert!(
            out.status.success(),
            "{}: {}",
            path.display(),
            String::from_utf8_lossy(&out.stdout)
        );
    }
    // The baked values are the network's own.
    let net = Network::load(&root().join("presets/default.yaml"), &lib).unwrap();
    let shader = build(
        &lib,
        &net,
        &BuildOptions::from(Mode::Shadertoy).stitch_only(),
    )
    .map(|b| b.shader)
    .unwrap();
    assert!(
        shader
            .glsl
            .contains("#define scene_sphere1_Translate vec3(-0.65, 1.0, 0.1)"),
        "sphere1's Translate"
    );
}

#[test]
fn networks_edited_in_memory_get_errors_not_panics() {
    let lib = library();
    let mut net = Network::load(&root().join("presets/default.yaml"), &lib).unwrap();
    // A cycle made by an edit that skipped the checks.
    let mut cyclic = net.clone();
    cyclic.nodes.get_mut("/scene/sphere1").unwrap().inputs = vec![Some("/scene/all".into())];
    assert!(
        resolve(&lib, &cyclic)
            .unwrap_err()
            .message
            .starts_with("cycle:")
    );
    // A dangling input.
    let mut dangling = net.clone();
    dangling.nodes.get_mut("/scene/all").unwrap().inputs[1] = Some("/gone".into());
    assert!(
        resolve(&lib, &dangling)
            .unwrap_err()
            .message
            .contains("/gone")
    );
    // No output node.
    net.output = "/nowhere".into();
    assert!(resolve(&lib, &net).is_err());
}

#[test]
fn every_rop_is_documented_and_every_parameter_has_a_range_and_help() {
    use ropkit::types::ParamStyle;
    let lib = library();
    assert!(
        lib.rops.len() >= 80,
        "the catalog has {} ROPs",
        lib.rops.len()
    );
    for def in lib.rops.values() {
        assert!(!def.description.is_empty(), "{}: no description", def.name);
        assert!(!def.keywords.is_empty(), "{}: no keywords", def.name);
        for p in &def.params {
            assert!(!p.help.is_empty(), "{}.{}: no help", def.name, p.name);
            // Numbers (toggles aside) have a range.
            let numeric = p.style.components() > 0 && p.style != ParamStyle::Toggle;
            if numeric {
                assert!(
                    p.min.is_some() && p.max.is_some(),
                    "{}.{}: no range",
                    def.name,
                    p.name
                );
            }
        }
    }
}

#[test]
fn the_editor_refuses_connections_that_cannot_work() {
    use ropkit::resolve::connection_problem;
    let lib = library();
    let net = Network::load(&root().join("presets/default.yaml"), &lib).unwrap();
    // A fine rewiring.
    assert_eq!(
        connection_problem(&lib, &net, "/scene/box1", "/scene/all", 1),
        None
    );
    // A loop back into the scene.
    let why = connection_problem(&lib, &net, "/scene/all", "/scene/red", 0).unwrap();
    assert!(why.contains("cycle"), "{why}");
    // A light where the scene goes: the input takes Sdf, a light returns Light.
    let why = connection_problem(&lib, &net, "/light1", "/render", 0).unwrap();
    assert!(
        why.contains("takes Sdf") && why.contains("returns Light"),
        "{why}"
    );
    // Types that fit the input alone but not the network: a 2D-only shape in the 3D scene.
    let mut with_circle = net.clone();
    with_circle
        .nodes
        .insert("/c".into(), ropkit::network::Node::new("circle"));
    let why = connection_problem(&lib, &with_circle, "/c", "/scene/all", 1).unwrap();
    assert!(why.contains("supports only vec2"), "{why}");
    // Past the last input.
    assert!(connection_problem(&lib, &net, "/scene/box1", "/scene/all", 5).is_some());
}

#[test]
fn editor_edits_keep_the_network_consistent() {
    let lib = library();
    let mut net = Network::load(&root().join("presets/default.yaml"), &lib).unwrap();
    // Rename rewires users.
    assert_eq!(net.rename_node("/scene/box1", "cube").unwrap(), "/cube");
    assert_eq!(net.nodes["/scene/blue"].inputs[0].as_deref(), Some("/cube"));
    assert!(net.rename_node("/cube", "/scene/red").is_err(), "taken");
    // Renaming the output moves the output.
    net.rename_node("/render", "/out").unwrap();
    assert_eq!(net.output, "/out");
    // Removing a node clears every wire from it; the output stays.
    net.remove_node("/scene/floor").unwrap();
    assert_eq!(
        net.nodes["/scene/all"].inputs,
        vec![Some("/scene/blend".to_string())]
    );
    assert!(net.remove_node("/out").is_err());
    // Duplicate, connect, disconnect.
    let copy = net.duplicate_node("/cube").unwrap();
    assert_eq!(copy, "/cube1");
    net.connect(&copy, "/scene/all", 1).unwrap();
    assert!(build(&lib, &net, &Mode::Render.into()).is_ok());
    net.disconnect("/scene/all", 1).unwrap();
    assert_eq!(net.nodes["/scene/all"].inputs.len(), 1);
    let added = net.add_node("torus", [0.0, 0.0]);
    assert_eq!(added, "/torus1");
    assert!(net.check(&lib).is_ok());
    // What is saved reads back the same.
    assert_eq!(
        Network::parse(&net.to_yaml(&lib), Path::new("x.yaml"), &lib)
            .unwrap()
            .nodes,
        net.nodes
    );
}

#[test]
fn data_shaders_pass_both_compilers() {
    // Every raymarch preset once, and every buffer of the default preset.
    let lib = library();
    let mut cases: Vec<(PathBuf, &str)> = presets()
        .into_iter()
        .filter(|p| {
            std::fs::read_to_string(p)
                .unwrap()
                .contains("raymarchRender3D")
        })
        .map(|p| (p, "color"))
        .collect();
    assert!(cases.len() >= 2);
    for buffer in ["depth", "normal", "material", "steps", "nearHit"] {
        cases.push((root().join("presets/default.yaml"), buffer));
    }
    for (path, buffer) in cases {
        let mut net = Network::load(&path, &lib).unwrap_or_else(|e| panic!("{e}"));
        let output = net.output.clone();
        net.set_param(&lib, &output, "Buffer", &buffer.into())
            .unwrap();
        let built = build(&lib, &net, &Mode::Data.into())
            .unwrap_or_else(|e| panic!("{} {buffer}: {e}", path.display()));
        assert!(built.shader.glsl.contains("#define ROPKIT_DATA"));
        assert!(built.shader.glsl.contains("floatBitsToUint"));
        assert_glslang(
            &built.shader.glsl,
            &format!("{} ({buffer} data)", path.display()),
        );
    }
}

#[test]
fn set_param_checks_values_against_the_rop() {
    let lib = library();
    let mut net = Network::load(&root().join("presets/default.yaml"), &lib).unwrap();
    let radius = |net: &Network| net.param_value(&lib, "/scene/sphere1", "Radius");
    assert_eq!(radius(&net), Ok(ParamValue::Float(1.0)));
    net.set_param(&lib, "/scene/sphere1", "Radius", &1.5.into())
        .unwrap();
    assert_eq!(radius(&net), Ok(ParamValue::Float(1.5)));
    // A default the file leaves out is still readable.
    assert!(net.param_value(&lib, "/render", "MaxSteps").is_ok());

    let before = net.clone();
    let refused = [
        (
            "/nope",
            "Radius",
            serde_yaml_ng::Value::from(1.0),
            "no node /nope",
        ),
        (
            "/scene/sphere1",
            "Radus",
            1.0.into(),
            "has no parameter Radus",
        ),
        (
            "/scene/sphere1",
            "Radius",
            "big".into(),
            "expected a number",
        ),
        ("/render", "Buffer", "sideways".into(), "sideways"),
    ];
    for (node, param, value, why) in refused {
        let e = net.set_param(&lib, node, param, &value).unwrap_err();
        assert!(e.to_string().contains(why), "{node}.{param}: {e}");
    }
    assert_eq!(net.nodes, before.nodes, "a refused value changes nothing");
    // A texture path may not leave the project.
    let tex = net.add_node("textureMaterial", [0.0, 0.0]);
    let e = net
        .set_param(&lib, &tex, "Texture", &"../../etc/passwd".into())
        .unwrap_err();
    assert!(e.to_string().contains(&format!("{tex}.Texture")), "{e}");
    net.set_param(&lib, &tex, "Texture", &"assets/checker.png".into())
        .unwrap();
}

#[test]
fn list_json_describes_every_rop() {
    let out = run_ropkit(["list", "--json"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let rops: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let rops = rops.as_array().unwrap();
    assert_eq!(rops.len(), library().rops.len());
    let sphere = rops.iter().find(|r| r["name"] == "sphere").unwrap();
    assert_eq!(sphere["category"], "sdf");
    let radius = sphere["params"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "Radius")
        .unwrap();
    assert_eq!(radius["style"], "float");
    assert_eq!(radius["default"], 1.0);
    assert_eq!(radius["uniform"], true);
    let combine = rops.iter().find(|r| r["name"] == "combine").unwrap();
    let inputs: Vec<&str> = combine["inputs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["name"].as_str().unwrap())
        .collect();
    // Its own two inputs, the socket of its field-capable Blend, then the
    // sockets every other float or vector parameter gets (Steps).
    assert_eq!(inputs, ["a", "b", "Blend", "Steps"]);
    assert_eq!(combine["inputs"][1]["drives"], serde_json::Value::Null);
    assert_eq!(combine["inputs"][2]["drives"], "Blend");
    assert_eq!(radius["field"], true);
    let render = rops
        .iter()
        .find(|r| r["name"] == "raymarchRender3D")
        .unwrap();
    assert_eq!(render["output"], true);
}
