//! Saving never truncates a good file, and changes only what changed.
//!
//! Every save (`-o` outputs, PNGs, network files, new ROP folders) goes
//! through `files::write_atomic`: a temporary file beside the target, then
//! a rename. The first tests make a real write fail midway: the ropkit
//! binary runs under a file-size limit (`ulimit -f`, RLIMIT_FSIZE, with
//! SIGXFSZ ignored so the write returns EFBIG as on a full disk), which
//! stops the write after the first few kilobytes. The old file must come
//! through byte for byte, with no temporary file left beside it. A plain
//! `fs::write` fails these tests: it truncates the target first.
//!
//! The tests after them save edited networks (`Network::to_yaml` and
//! `Network::save`, what the viewer and the command line write) and compare
//! the text line by line with the file the network was read from: a
//! one-value edit is a one-line change in every preset, comments and the
//! file's own way of writing stay, and the saved file reads back as the
//! edited network.

use crate::common::*;
use ropkit::library::{Library, ParamDef};
use ropkit::network::{Network, Node};
use ropkit::types::ParamStyle;
use ropkit::value::ParamValue;
use std::path::Path;
use std::process::{Command, Output};

/// File-size limit in the shell's `ulimit -f` blocks (512 bytes in dash,
/// 1024 in bash): 4 to 8 KiB, far less than any output below.
const LIMIT_BLOCKS: u32 = 8;
const LIMIT_BYTES_AT_MOST: usize = 8 * 1024;

/// Runs the ropkit binary in the repository root with the file-size limit.
fn run_limited(args: &[&str]) -> Output {
    Command::new("sh")
        .arg("-c")
        .arg("trap '' XFSZ; ulimit -f \"$1\" || exit 99; shift; exec \"$@\"")
        .arg("sh")
        .arg(LIMIT_BLOCKS.to_string())
        .arg(env!("CARGO_BIN_EXE_ropkit"))
        .args(args)
        .current_dir(root())
        .output()
        .unwrap()
}

/// The old content, written where the output goes; what is in the folder.
fn old_file(dir: &Path, name: &str) -> (std::path::PathBuf, Vec<u8>) {
    let path = dir.join(name);
    let old: Vec<u8> = (0..60)
        .flat_map(|i| format!("// line {i} of a good file\n").into_bytes())
        .collect();
    assert!(
        old.len() < LIMIT_BYTES_AT_MOST / 2,
        "the old file fits the limit"
    );
    std::fs::write(&path, &old).unwrap();
    (path, old)
}

fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

/// Runs `args` (with `-o` pointing at `name` in a fresh folder) twice: under
/// the limit, where it must fail and leave everything as it was, then
/// without, where it must write more than the limit (so the first run did
/// fail midway, not before writing).
fn check_failed_write_keeps_the_old_file(name: &str, args: &[&str]) {
    let dir = tempfile::tempdir().unwrap();
    let (path, old) = old_file(dir.path(), name);
    let target = path.to_str().unwrap();
    let mut full: Vec<&str> = args.to_vec();
    full.extend(["-o", target]);

    let out = run_limited(&full);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_ne!(out.status.code(), Some(99), "ulimit -f is not available");
    assert!(
        !out.status.success(),
        "{args:?}: a write past the size limit succeeded?\n{stderr}"
    );
    assert!(
        stderr.contains(target) && stderr.contains("cannot write"),
        "{args:?}: the error names the file and what failed: {stderr}"
    );
    assert!(
        std::fs::read(&path).unwrap() == old,
        "{args:?}: the old {name} was changed by a failed write"
    );
    assert_eq!(
        names(dir.path()),
        [name],
        "{args:?}: a temporary file was left behind"
    );

    let out = run_ropkit(&full);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let written = std::fs::metadata(&path).unwrap().len() as usize;
    assert!(
        written > LIMIT_BYTES_AT_MOST,
        "{args:?}: the output ({written} bytes) is too small to be cut off by the limit"
    );
    assert_eq!(names(dir.path()), [name]);
}

#[test]
fn a_build_output_that_fails_midway_leaves_the_old_file() {
    check_failed_write_keeps_the_old_file("shader.frag", &["build", "presets/default.yaml"]);
}

#[test]
fn an_export_that_fails_midway_leaves_the_old_file() {
    check_failed_write_keeps_the_old_file(
        "shader.spv",
        &["export", "presets/default.yaml", "--format", "spirv"],
    );
    check_failed_write_keeps_the_old_file(
        "layout.json",
        &["export", "presets/materials.yaml", "--format", "json"],
    );
}

#[test]
fn a_render_that_fails_midway_leaves_the_old_picture() {
    if gpu("a_render_that_fails_midway_leaves_the_old_picture").is_none() {
        return;
    }
    check_failed_write_keeps_the_old_file(
        "picture.png",
        &["render", "presets/noise2d.yaml", "--size", "128x128"],
    );
}

// ---------------------------------------------------------------------
// Saves that keep the file.

/// The indices of the lines that differ between two texts of the same
/// number of lines.
fn changed_lines(before: &str, after: &str) -> Vec<usize> {
    let (a, b): (Vec<&str>, Vec<&str>) = (before.lines().collect(), after.lines().collect());
    assert_eq!(
        a.len(),
        b.len(),
        "the line count changed:\n--- before\n{before}\n--- after\n{after}"
    );
    (0..a.len()).filter(|i| a[*i] != b[*i]).collect()
}

/// A line diff by longest common subsequence: the lines only in `before`
/// and the lines only in `after`, each in order.
fn line_diff(before: &str, after: &str) -> (Vec<String>, Vec<String>) {
    let (a, b): (Vec<&str>, Vec<&str>) = (before.lines().collect(), after.lines().collect());
    let mut lcs = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for i in (0..a.len()).rev() {
        for j in (0..b.len()).rev() {
            lcs[i][j] = if a[i] == b[j] {
                lcs[i + 1][j + 1] + 1
            } else {
                lcs[i + 1][j].max(lcs[i][j + 1])
            };
        }
    }
    let (mut i, mut j) = (0, 0);
    let (mut gone, mut new) = (Vec::new(), Vec::new());
    while i < a.len() || j < b.len() {
        if i < a.len() && j < b.len() && a[i] == b[j] {
            i += 1;
            j += 1;
        } else if j < b.len() && (i == a.len() || lcs[i][j + 1] >= lcs[i + 1][j]) {
            new.push(b[j].to_string());
            j += 1;
        } else {
            gone.push(a[i].to_string());
            i += 1;
        }
    }
    (gone, new)
}

/// Values to try in place of `value` (the first that the parameter takes
/// is used): numbers moved a little, a toggle flipped, another menu option.
fn other_values(pdef: &ParamDef, value: &ParamValue) -> Vec<ParamValue> {
    match value {
        ParamValue::Float(f) => [0.25, -0.25, 0.01, -0.01]
            .iter()
            .map(|d| ParamValue::Float(f + d))
            .collect(),
        ParamValue::Int(i) => vec![ParamValue::Int(i + 1), ParamValue::Int(i - 1)],
        ParamValue::Bool(b) => vec![ParamValue::Bool(!b)],
        ParamValue::Vector(v) => [0.25, -0.25, 0.01]
            .iter()
            .map(|d| {
                let mut v = v.clone();
                v[0] += d;
                ParamValue::Vector(v)
            })
            .collect(),
        ParamValue::Text(t) if pdef.style == ParamStyle::Menu => pdef
            .options
            .iter()
            .filter(|o| *o != t)
            .map(|o| ParamValue::Text(o.clone()))
            .collect(),
        _ => vec![],
    }
}

/// `net` with `param` of `node` set to the first of [`other_values`] it
/// takes, and that value.
fn with_other_value(
    lib: &Library,
    net: &Network,
    node: &str,
    param: &str,
) -> Option<(Network, ParamValue)> {
    let def = net.nodes[node].def(lib).unwrap();
    let pdef = def.param(param).unwrap();
    let now = net.nodes[node].value(def, param).unwrap().clone();
    other_values(pdef, &now).into_iter().find_map(|v| {
        let mut edited = net.clone();
        edited.set_value(lib, node, param, v.clone()).ok()?;
        Some((edited, v))
    })
}

/// The network read back from `text` (checked as a load checks it).
fn reread(text: &str, lib: &Library) -> Network {
    Network::parse(text, Path::new("saved.yaml"), lib)
        .unwrap_or_else(|e| panic!("the saved text does not load: {e}\n{text}"))
}

/// Nodes as a save keeps them: positions in whole units.
fn rounded(net: &Network) -> std::collections::BTreeMap<String, Node> {
    let mut nodes = net.nodes.clone();
    for n in nodes.values_mut() {
        n.pos = n.pos.map(|[x, y]| [x.round(), y.round()]);
    }
    nodes
}

#[test]
fn every_value_of_every_preset_saves_as_a_one_line_change() {
    let lib = library();
    let mut edits = 0;
    for path in presets() {
        let original = std::fs::read_to_string(&path).unwrap();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let net = Network::load(&path, &lib).unwrap();
        assert_eq!(
            net.to_yaml(&lib),
            original,
            "{name}: an unchanged network saves as its file, byte for byte"
        );
        for (node, n) in &net.nodes {
            for param in n.params.keys() {
                let Some((edited, value)) = with_other_value(&lib, &net, node, param) else {
                    continue;
                };
                let saved = edited.to_yaml(&lib);
                let changed = changed_lines(&original, &saved);
                assert_eq!(
                    changed.len(),
                    1,
                    "{name}: {node}.{param} changed {} lines:\n{saved}",
                    changed.len()
                );
                let line = saved.lines().nth(changed[0]).unwrap();
                assert!(
                    line.contains(&format!("{param}:")),
                    "{name}: {node}.{param}: the line that changed is another's: {line}"
                );
                let again = reread(&saved, &lib);
                assert_eq!(
                    again.nodes[node].params[param], value,
                    "{name}: {node}.{param}"
                );
                assert_eq!(again.nodes, edited.nodes, "{name}: {node}.{param}");
                edits += 1;
            }
        }
    }
    // Every preset sets parameters; most of them are numbers.
    assert!(edits > 300, "only {edits} values were edited");
}

/// A value set that the file leaves at its default is written into the
/// node's own line (one flow line a node in the presets).
#[test]
fn a_value_the_file_did_not_set_is_added_on_the_nodes_line() {
    let lib = library();
    for path in presets() {
        let original = std::fs::read_to_string(&path).unwrap();
        let net = Network::load(&path, &lib).unwrap();
        // One node of each preset whose mapping is one flow line.
        let Some((node, param)) = net.nodes.iter().find_map(|(p, n)| {
            let line = original.lines().nth(net.lines[p] - 1)?;
            if !line.trim_end().ends_with('}') {
                return None;
            }
            let def = n.def(&lib)?;
            def.params
                .iter()
                .find(|d| {
                    !n.params.contains_key(&d.name) && !other_values(d, &d.default).is_empty()
                })
                .map(|d| (p.clone(), d.name.clone()))
        }) else {
            continue;
        };
        let Some((edited, value)) = with_other_value(&lib, &net, &node, &param) else {
            continue;
        };
        let saved = edited.to_yaml(&lib);
        let changed = changed_lines(&original, &saved);
        assert_eq!(
            changed,
            vec![net.lines[&node] - 1],
            "{}: {node}.{param}",
            path.display()
        );
        assert_eq!(reread(&saved, &lib).nodes[&node].params[&param], value);
    }
}

#[test]
fn numbers_keep_the_way_they_were_written() {
    let lib = library();
    let net = Network::load(&root().join("presets/default.yaml"), &lib).unwrap();
    let original = net.to_yaml(&lib);
    let line_of = |text: &str, key: &str| -> String {
        text.lines()
            .find(|l| l.trim_start().starts_with(key))
            .unwrap()
            .to_string()
    };
    let set = |node: &str, param: &str, v: ParamValue| {
        let mut n = net.clone();
        n.set_value(&lib, node, param, v).unwrap();
        let saved = n.to_yaml(&lib);
        assert_eq!(changed_lines(&original, &saved).len(), 1);
        saved
    };
    // Written `64`, a whole number stays an integer; a fraction is a float.
    let saved = set("/scene/red", "Shininess", ParamValue::Float(32.0));
    assert_eq!(
        line_of(&saved, "/scene/red:"),
        "  /scene/red: { rop: basicMaterial, params: { Color: [0.8, 0.1, 0.05], Specular: 0.7, Shininess: 32 }, inputs: { shape: /scene/sphere1 }, pos: [220, 0] }"
    );
    let saved = set("/scene/red", "Shininess", ParamValue::Float(32.5));
    assert!(line_of(&saved, "/scene/red:").contains("Specular: 0.7, Shininess: 32.5 }"));
    // Written `38.0`, it keeps its point.
    let saved = set("/cam1", "Fov", ParamValue::Float(40.0));
    assert!(line_of(&saved, "/cam1:").contains("Fov: 40.0 }"));
    // The shortest text that reads back exactly.
    let saved = set("/scene/sphere1", "Radius", ParamValue::Float(0.1 + 0.2));
    assert!(line_of(&saved, "/scene/sphere1:").contains("Radius: 0.30000000000000004,"));
    // One component of a vector: the others keep their text (`1.0`, `-7`).
    let saved = set(
        "/scene/sphere1",
        "Translate",
        ParamValue::Vector(vec![-0.65, 1.5, 0.1]),
    );
    assert!(
        line_of(&saved, "/scene/sphere1:").contains("Radius: 1.0, Translate: [-0.65, 1.5, 0.1] }")
    );
    let saved = set(
        "/light1",
        "Position",
        ParamValue::Vector(vec![-7.0, 7.5, 4.0]),
    );
    assert!(line_of(&saved, "/light1:").contains("Position: [-7, 7.5, 4],"));
}

#[test]
fn added_removed_renamed_moved_and_rewired_nodes_change_only_their_lines() {
    let lib = library();
    let path = root().join("presets/default.yaml");
    let original = std::fs::read_to_string(&path).unwrap();
    let net = Network::load(&path, &lib).unwrap();
    let replaced = |from: &str, to: &str| {
        assert!(original.contains(from), "{from}");
        original.replace(from, to)
    };

    // An added node: one more line after the last node, in the same style.
    let mut n = net.clone();
    let added = n.add_node("sphere", [100.0, 700.4]);
    assert_eq!(added, "/sphere1");
    assert_eq!(
        n.to_yaml(&lib),
        format!("{original}  /sphere1: {{ rop: sphere, pos: [100, 700] }}\n")
    );

    // A removed node loses its line; the input that took it goes.
    let mut n = net.clone();
    n.remove_node("/sky").unwrap();
    let expected = replaced(
        "  /sky: { rop: gradient, params: { Start: [0, 0.25, 0], End: [0, 0.55, 0], ColorA: [0.8, 0.82, 0.84, 1], ColorB: [0.32, 0.5, 0.78, 1] }, pos: [660, 360] }\n",
        "",
    )
    .replace(
        "inputs: { scene: /scene/all, camera: /cam1, background: /sky, light: /light1 }",
        "inputs: { scene: /scene/all, camera: /cam1, light: /light1 }",
    );
    assert_eq!(n.to_yaml(&lib), expected);

    // A renamed node keeps its place; its users follow.
    let mut n = net.clone();
    n.rename_node("/cam1", "/camera").unwrap();
    let expected = replaced(
        "  /cam1: { rop: lookAtCamera",
        "  /camera: { rop: lookAtCamera",
    )
    .replace("camera: /cam1,", "camera: /camera,");
    assert_eq!(n.to_yaml(&lib), expected);

    // The output renamed: its key and the `output:` line.
    let mut n = net.clone();
    n.rename_node("/render", "/final").unwrap();
    let expected = replaced("output: /render\n", "output: /final\n").replace(
        "  /render: { rop: raymarchRender3D",
        "  /final: { rop: raymarchRender3D",
    );
    assert_eq!(n.to_yaml(&lib), expected);

    // Rewired: the one input, in the mapping the file wrote.
    let mut n = net.clone();
    n.connect("/scene/red", "/scene/all", 1).unwrap();
    let expected = replaced(
        "inputs: { a: /scene/blend, b: /scene/floor }",
        "inputs: { a: /scene/blend, b: /scene/red }",
    );
    assert_eq!(n.to_yaml(&lib), expected);

    // Moved: the position only.
    let mut n = net.clone();
    n.nodes.get_mut("/sky").unwrap().pos = Some([700.4, 380.0]);
    let expected = replaced(
        "ColorB: [0.32, 0.5, 0.78, 1] }, pos: [660, 360] }",
        "ColorB: [0.32, 0.5, 0.78, 1] }, pos: [700, 380] }",
    );
    assert_eq!(n.to_yaml(&lib), expected);

    // All of it at once, saved to a file: every comment stays, in order.
    let mut n = net.clone();
    n.add_node("sphere", [100.0, 700.0]);
    n.remove_node("/sky").unwrap();
    n.rename_node("/cam1", "/camera").unwrap();
    n.connect("/scene/red", "/scene/all", 1).unwrap();
    n.set_value(&lib, "/light1", "Intensity", ParamValue::Float(2.0))
        .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("edited.yaml");
    n.save(&target, &lib).unwrap();
    let saved = std::fs::read_to_string(&target).unwrap();
    let comments = |t: &str| -> Vec<String> {
        t.lines()
            .filter(|l| l.trim_start().starts_with('#'))
            .map(str::to_string)
            .collect()
    };
    assert_eq!(comments(&saved), comments(&original));
    assert_eq!(comments(&original).len(), 3);
    let (gone, new) = line_diff(&original, &saved);
    assert_eq!(gone.len(), 5, "sky, cam1, light1, all, render: {gone:#?}");
    assert_eq!(
        new.len(),
        5,
        "camera, light1, all, render, sphere1: {new:#?}"
    );
    assert_eq!(rounded(&Network::load(&target, &lib).unwrap()), rounded(&n));
}

/// A file written by hand in block style, keys in an unusual order,
/// comments at the ends of lines.
const BLOCK: &str = "\
# A network written by hand.
nodes:            # the nodes first, the output last
  /ball:
    pos: [0, 0]   # the position before the ROP
    rop: sphere
    params:
      Radius: 1   # the ball's size
      Translate:
        - 0
        - 1.5
        - 0
  '/mat':
    rop: basicMaterial
    inputs:
      shape: /ball
    params: {Color: [1, 0, 0]}

  /render:
    rop: raymarchRender3D
    inputs:
    - /mat
output: /render
";

#[test]
fn a_block_style_file_is_edited_in_its_own_style() {
    let lib = library();
    let net = reread(BLOCK, &lib);
    assert_eq!(net.to_yaml(&lib), BLOCK);
    let edit = |f: &dyn Fn(&mut Network)| {
        let mut n = net.clone();
        f(&mut n);
        let saved = n.to_yaml(&lib);
        assert_eq!(rounded(&reread(&saved, &lib)), rounded(&n), "{saved}");
        assert_eq!(n.edited_yaml(&lib).as_deref(), Some(saved.as_str()));
        saved
    };
    let lib = &lib;
    let set = |node: &str, param: &str, v: ParamValue| {
        edit(&|n: &mut Network| n.set_value(lib, node, param, v.clone()).unwrap())
    };

    assert_eq!(
        set("/ball", "Radius", ParamValue::Float(2.0)),
        BLOCK.replace(
            "      Radius: 1   # the ball's size",
            "      Radius: 2   # the ball's size"
        )
    );
    assert_eq!(
        set(
            "/ball",
            "Translate",
            ParamValue::Vector(vec![0.0, 2.5, 0.0])
        ),
        BLOCK.replace("        - 1.5\n", "        - 2.5\n")
    );
    // A new value goes where the ROP lists it, in the mapping's style.
    assert_eq!(
        set("/mat", "Specular", ParamValue::Float(0.5)),
        BLOCK.replace("{Color: [1, 0, 0]}", "{Color: [1, 0, 0], Specular: 0.5}")
    );
    // Numbers in a block list, one item a line.
    assert_eq!(
        set(
            "/ball",
            "Translate",
            ParamValue::Vector(vec![1.0, 2.0, 0.0])
        ),
        BLOCK.replace(
            "        - 0\n        - 1.5\n",
            "        - 1\n        - 2.0\n"
        )
    );
    // A node without parameters gains a `params:` line, before its inputs.
    assert_eq!(
        set("/render", "MaxSteps", ParamValue::Int(64)),
        BLOCK.replace(
            "    rop: raymarchRender3D\n",
            "    rop: raymarchRender3D\n    params: { MaxSteps: 64 }\n"
        )
    );
    // A value taken away loses its line.
    let saved = edit(&|n: &mut Network| {
        n.nodes.get_mut("/ball").unwrap().params.remove("Radius");
    });
    assert_eq!(
        saved,
        BLOCK.replace("      Radius: 1   # the ball's size\n", "")
    );
    // A new node in block style (the file's nodes are), wired into a list
    // written in block style.
    let saved = edit(&|n: &mut Network| {
        let cam = n.add_node_at("lookAtCamera", Some("/cam")).unwrap();
        n.nodes.get_mut(&cam).unwrap().pos = Some([10.0, 20.0]);
        n.connect(&cam, "/render", 1).unwrap();
    });
    assert_eq!(
        saved,
        BLOCK
            .replace("    - /mat\n", "    - /mat\n    - /cam\n")
            .replace(
                "    - /cam\noutput:",
                "    - /cam\n  /cam:\n    rop: lookAtCamera\n    pos: [10, 20]\noutput:"
            )
    );
    // A removed node takes its lines, not the blank line or the comments.
    let saved = edit(&|n: &mut Network| {
        n.connect("/ball", "/render", 0).unwrap();
        n.remove_node("/mat").unwrap();
    });
    let (gone, new) = line_diff(BLOCK, &saved);
    assert_eq!(
        gone,
        [
            "  '/mat':",
            "    rop: basicMaterial",
            "    inputs:",
            "      shape: /ball",
            "    params: {Color: [1, 0, 0]}",
            "    - /mat"
        ]
    );
    assert_eq!(new, ["    - /ball"]);
    assert!(saved.contains("\n\n  /render:\n"), "{saved}");
}

#[test]
fn flow_documents_quoted_keys_line_ends_and_a_missing_last_line_break() {
    let lib = library();
    let cases = [
        // The whole document as one flow mapping.
        "{output: /r, nodes: {/s: {rop: sphere, params: {Radius: 1}}, /r: {rop: raymarchRender3D, inputs: [/s]}}}\n",
        // A flow mapping over several lines, with comments inside.
        "output: /r\nnodes: {\n  /s: {rop: sphere,   # the ball\n    params: {Radius: 1}},\n  /r: {rop: raymarchRender3D, inputs: [/s]}\n}\n",
        // Quoted keys and values.
        "\"output\": '/r'\nnodes:\n  \"/s\": { \"rop\": 'sphere', \"params\": { 'Radius': 1 } }\n  '/r': { rop: \"raymarchRender3D\", inputs: { 'scene': \"/s\" } }\n",
        // Windows line ends.
        "output: /r\r\nnodes:\r\n  /s: { rop: sphere, params: { Radius: 1 } }\r\n  /r: { rop: raymarchRender3D, inputs: [/s] }\r\n",
        // No line break after the last line; a document marker first.
        "---\noutput: /r\nnodes:\n  /r: { rop: raymarchRender3D, inputs: [/s] }\n  /s: { rop: sphere, params: { Radius: 1 } }",
    ];
    for text in cases {
        let net = reread(text, &lib);
        assert_eq!(net.to_yaml(&lib), text);
        let mut n = net.clone();
        n.set_value(&lib, "/s", "Radius", ParamValue::Float(2.0))
            .unwrap();
        let saved = n.to_yaml(&lib);
        let changed = changed_lines(text, &saved);
        assert_eq!(changed.len(), 1, "{text:?} -> {saved:?}");
        let (a, b) = (
            text.lines().nth(changed[0]).unwrap(),
            saved.lines().nth(changed[0]).unwrap(),
        );
        assert_eq!(
            a.replacen("Radius': 1", "Radius': 2", 1)
                .replacen("Radius: 1", "Radius: 2", 1),
            b,
            "{text:?}"
        );
        assert_eq!(saved.ends_with('\n'), text.ends_with('\n'));
        assert_eq!(saved.contains("\r\n"), text.contains("\r\n"));
        // A node added and one rewired still read back as the network.
        n.add_node("box", [5.0, 5.0]);
        n.connect("/box1", "/r", 0).unwrap();
        let saved = n.edited_yaml(&lib).expect("edited, not rewritten");
        assert_eq!(rounded(&reread(&saved, &lib)), rounded(&n), "{saved:?}");
    }
}

/// Text that saving does not edit (anchors, explicit keys) is written in the
/// canonical form, which means the same; aliases are refused when the file
/// loads, as before.
#[test]
fn anchors_and_tags_fall_back_to_the_canonical_form() {
    let lib = library();
    for text in [
        "output: /r\nnodes:\n  /s: { rop: sphere, params: &p { Radius: 1 } }\n  /r: { rop: raymarchRender3D, inputs: [/s] }\n",
        "output: /r\nnodes:\n  ? /s\n  : { rop: sphere, params: { Radius: 1 } }\n  /r: { rop: raymarchRender3D, inputs: [/s] }\n",
    ] {
        let net = reread(text, &lib);
        assert_eq!(net.to_yaml(&lib), text, "unchanged, the text is kept");
        let mut n = net.clone();
        n.set_value(&lib, "/s", "Radius", ParamValue::Float(2.0))
            .unwrap();
        assert_eq!(n.edited_yaml(&lib), None, "{text}");
        let saved = n.to_yaml(&lib);
        assert_eq!(saved, n.canonical_yaml(&lib));
        assert_eq!(reread(&saved, &lib).nodes, n.nodes);
    }
    let aliased = "output: /r\nnodes:\n  /s: &s { rop: sphere }\n  /t: *s\n  /r: { rop: raymarchRender3D, inputs: [/s] }\n";
    let e = Network::parse(aliased, Path::new("a.yaml"), &lib).unwrap_err();
    assert!(e.message.contains("aliases"), "{e}");
    assert_eq!(e.at.line, 4);
}

/// A network that was never a file (a new one) saves, empty or not.
#[test]
fn a_new_network_saves_to_a_new_file() {
    let lib = library();
    let dir = tempfile::tempdir().unwrap();
    let empty = dir.path().join("empty.yaml");
    let net = Network {
        file: empty.clone(),
        ..Default::default()
    };
    net.save(&empty, &lib).unwrap();
    let yaml: serde_yaml_ng::Value =
        serde_yaml_ng::from_str(&std::fs::read_to_string(&empty).unwrap()).unwrap();
    assert_eq!(
        yaml["nodes"],
        serde_yaml_ng::Value::Mapping(Default::default())
    );

    let path = dir.path().join("new.yaml");
    let mut net = Network {
        file: path.clone(),
        ..Default::default()
    };
    let s = net.add_node("sphere", [0.0, 0.0]);
    let r = net.add_node("raymarchRender3D", [200.0, 0.0]);
    net.connect(&s, &r, 0).unwrap();
    net.output = r;
    net.save(&path, &lib).unwrap();
    let again = Network::load(&path, &lib).unwrap();
    assert_eq!(again.nodes, net.nodes);
    // Edited and saved again: one line.
    let mut edited = again.clone();
    edited
        .set_value(&lib, &s, "Radius", ParamValue::Float(0.5))
        .unwrap();
    edited.save(&path, &lib).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(changed_lines(&again.to_yaml(&lib), &text).len(), 1);
}

/// Random edits (values, wires, nodes added, removed, renamed, moved) on
/// every preset: after each, the saved text reads back as the network, was
/// made by editing the file (not rewritten), keeps every comment, and keeps
/// the line of every node that did not change.
#[test]
fn random_edits_of_every_preset_save_as_edits_of_the_file() {
    let lib = library();
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n.max(1) as u64) as usize
    };
    let mut made = [0usize; 7];
    for path in presets() {
        let original = std::fs::read_to_string(&path).unwrap();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let first = Network::load(&path, &lib).unwrap();
        let comments: Vec<&str> = original
            .lines()
            .filter(|l| l.trim_start().starts_with('#'))
            .collect();
        let mut net = first.clone();
        for step in 0..12 {
            let keys: Vec<String> = net.nodes.keys().cloned().collect();
            let pick = keys[next(keys.len())].clone();
            let mut n = net.clone();
            let what = next(7);
            let done = match what {
                0 | 1 => {
                    let params: Vec<String> = n.nodes[&pick]
                        .def(&lib)
                        .unwrap()
                        .params
                        .iter()
                        .map(|p| p.name.clone())
                        .collect();
                    if params.is_empty() {
                        None
                    } else {
                        let param = &params[next(params.len())];
                        with_other_value(&lib, &n, &pick, param).map(|(e, _)| n = e)
                    }
                }
                2 => {
                    let src = keys[next(keys.len())].clone();
                    let most = n.nodes[&pick].def(&lib).unwrap().max_inputs();
                    (most > 0)
                        .then(|| n.connect(&src, &pick, next(most)).ok())
                        .flatten()
                }
                3 => {
                    let slots = n.nodes[&pick].inputs.len();
                    n.disconnect(&pick, next(slots)).ok()
                }
                4 => {
                    let rops = ["sphere", "box", "plane", "torus"];
                    n.add_node(rops[next(4)], [next(900) as f32, next(900) as f32]);
                    Some(())
                }
                5 => n.remove_node(&pick).ok(),
                _ => {
                    if next(2) == 0 {
                        n.nodes.get_mut(&pick).unwrap().pos =
                            Some([next(1000) as f32 + 0.3, next(1000) as f32]);
                        Some(())
                    } else {
                        n.rename_node(&pick, &format!("{pick}x")).ok().map(|_| ())
                    }
                }
            };
            // Only edits that leave a network that loads.
            if done.is_none() || n.check(&lib).is_err() {
                continue;
            }
            net = n;
            made[what] += 1;
            let saved = net
                .edited_yaml(&lib)
                .unwrap_or_else(|| panic!("{name} step {step} ({what}): not edited"));
            assert_eq!(saved, net.to_yaml(&lib));
            let again = Network::parse(&saved, &path, &lib)
                .unwrap_or_else(|e| panic!("{name} step {step}: {e}\n{saved}"));
            assert_eq!(
                rounded(&again),
                rounded(&net),
                "{name} step {step}\n{saved}"
            );
            assert_eq!(again.output, net.output);
            let kept: Vec<&str> = saved
                .lines()
                .filter(|l| l.trim_start().starts_with('#'))
                .collect();
            assert_eq!(kept, comments, "{name} step {step}: comments");
            let lines: std::collections::BTreeSet<&str> = saved.lines().collect();
            for (p, node) in &first.nodes {
                if net.nodes.get(p) == Some(node) {
                    let line = original.lines().nth(first.lines[p] - 1).unwrap();
                    assert!(
                        lines.contains(line),
                        "{name} step {step}: the line of unchanged {p} changed\n{saved}"
                    );
                }
            }
        }
    }
    // Each kind of edit was made, many times (values count twice).
    assert!(made.iter().all(|n| *n >= 20), "edits made: {made:?}");
}
