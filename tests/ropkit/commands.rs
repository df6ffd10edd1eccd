//! Commands and variables the other tests reach only through the library:
//! `new-rop` as a user runs it, `ROPKIT_ROPS`, `--rops` and `ROPKIT_HOME`.

use crate::common::*;
use std::path::Path;
use std::process::{Command, Output};

/// Runs the ropkit binary in `cwd` with ropkit's variables cleared, then
/// set as given.
fn ropkit_in(cwd: &Path, env: &[(&str, &str)], args: &[&str]) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_ropkit"));
    cmd.current_dir(cwd)
        .env_remove("ROPKIT_HOME")
        .env_remove("ROPKIT_ROPS")
        .args(args);
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd.output().unwrap()
}

fn ok(out: &Output) -> String {
    assert!(
        out.status.success(),
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn failed(out: &Output) -> String {
    assert!(
        !out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// ROP names and descriptions from `list --json`.
fn listed(out: &Output) -> Vec<(String, String)> {
    let json: serde_json::Value = serde_json::from_str(&ok(out)).unwrap();
    json.as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["name"].as_str().unwrap().to_string(),
                r["description"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

const BLOB_NETWORK: &str = "output: /render\nnodes:\n  /myBlob: { rop: blob, params: { Size: 0.7 } }\n  /render: { rop: raymarchRender3D, inputs: [/myBlob] }\n";

#[test]
fn new_rop_writes_a_skeleton_that_checks_builds_and_refuses_clashes() {
    let dir = tempfile::tempdir().unwrap();
    let rops = dir.path().join("rops");
    let rops_arg = rops.to_str().unwrap();
    let out = ropkit_in(
        &root(),
        &[],
        &["new-rop", "shapes/blob", "--into", rops_arg],
    );
    let folder = rops.join("shapes/blob");
    assert!(ok(&out).contains(folder.to_str().unwrap()));
    for f in ["rop.yaml", "function.glsl"] {
        assert!(folder.join(f).is_file(), "{f}");
    }
    // It checks, for both coordinate types it claims, and builds into a network.
    let out = ropkit_in(&root(), &[], &["--rops", rops_arg, "check", rops_arg]);
    let checked = ok(&out);
    assert!(
        checked.contains("checked 1 ROPs in 2 harness builds: 0 problems"),
        "{checked}"
    );
    let net = dir.path().join("net.yaml");
    std::fs::write(&net, BLOB_NETWORK).unwrap();
    let glsl = ok(&ropkit_in(
        &root(),
        &[],
        &["--rops", rops_arg, "build", net.to_str().unwrap()],
    ));
    assert!(
        glsl.contains("myBlob_ReturnT myBlob(myBlob_CoordT p, myBlob_ContextT ctx)"),
        "{glsl}"
    );
    assert_glslang(&glsl, "new-rop skeleton network");

    // Clashes and bad names are refused, and write nothing.
    let before = std::fs::read(folder.join("function.glsl")).unwrap();
    let err = failed(&ropkit_in(
        &root(),
        &[],
        &[
            "--rops",
            rops_arg,
            "new-rop",
            "shapes/blob",
            "--into",
            rops_arg,
        ],
    ));
    assert!(err.contains("blob"), "{err}");
    assert_eq!(std::fs::read(folder.join("function.glsl")).unwrap(), before);
    let err = failed(&ropkit_in(
        &root(),
        &[],
        &["new-rop", "blob", "--into", rops_arg],
    ));
    assert!(err.contains("CATEGORY/NAME"), "{err}");
    let err = failed(&ropkit_in(
        &root(),
        &[],
        &["new-rop", "shapes/sphere", "--into", rops_arg],
    ));
    assert!(err.contains("sphere") && err.contains("--force"), "{err}");
    let err = failed(&ropkit_in(
        &root(),
        &[],
        &["new-rop", "shapes/9lives", "--into", rops_arg],
    ));
    assert!(err.contains("9lives"), "{err}");
    let mut made: Vec<String> = std::fs::read_dir(rops.join("shapes"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    made.sort();
    assert_eq!(made, ["blob"]);

    // Without --into it goes into the project's own rops/ (the nearest
    // folder holding one), found from the current folder.
    let project = tempfile::tempdir().unwrap();
    std::fs::create_dir(project.path().join("rops")).unwrap();
    let inner = project.path().join("scenes");
    std::fs::create_dir(&inner).unwrap();
    ok(&ropkit_in(&inner, &[], &["new-rop", "shapes/pebble"]));
    assert!(project.path().join("rops/shapes/pebble/rop.yaml").is_file());
}

#[test]
fn ropkit_rops_and_rops_flags_add_every_folder_they_name() {
    let dir = tempfile::tempdir().unwrap();
    let mine = dir.path().join("mine");
    ropkit::scaffold::new_rop("shapes/blob", &mine, &Default::default(), false).unwrap();
    let fixtures = root().join("tests/fixtures/user_rops");
    let names = |out: &Output| -> Vec<String> { listed(out).into_iter().map(|r| r.0).collect() };
    let cwd = dir.path();

    let plain = names(&ropkit_in(cwd, &[], &["list", "--json"]));
    assert!(!plain.contains(&"blob".to_string()) && !plain.contains(&"capsuleY".to_string()));
    // A path list, with an empty entry (ignored) in the middle.
    let list = std::env::join_paths([fixtures.as_path(), Path::new(""), mine.as_path()]).unwrap();
    let with = names(&ropkit_in(
        cwd,
        &[("ROPKIT_ROPS", list.to_str().unwrap())],
        &["list", "--json"],
    ));
    assert!(
        with.contains(&"blob".to_string()) && with.contains(&"capsuleY".to_string()),
        "{with:?}"
    );
    assert_eq!(with.len(), plain.len() + 2);
    // --rops, repeatable, does the same.
    let flags = names(&ropkit_in(
        cwd,
        &[],
        &[
            "--rops",
            fixtures.to_str().unwrap(),
            "--rops",
            mine.to_str().unwrap(),
            "list",
            "--json",
        ],
    ));
    assert_eq!(flags, with);
    // And a network using both builds.
    let net = dir.path().join("net.yaml");
    std::fs::write(
        &net,
        "output: /render\nnodes:\n  /b: { rop: blob }\n  /p: { rop: capsuleY }\n  /u: { rop: combine, inputs: [/b, /p] }\n  /render: { rop: raymarchRender3D, inputs: [/u] }\n",
    )
    .unwrap();
    ok(&ropkit_in(
        cwd,
        &[("ROPKIT_ROPS", list.to_str().unwrap())],
        &["build", "net.yaml"],
    ));
    let err = failed(&ropkit_in(cwd, &[], &["build", "net.yaml"]));
    assert!(err.contains("blob") || err.contains("capsuleY"), "{err}");
}

#[test]
fn ropkit_home_names_the_folder_the_built_ins_come_from() {
    // A home of its own: the shader library and two ROPs, one of them
    // changed, far from the checkout and from the current folder.
    let home = tempfile::tempdir().unwrap();
    copy_dir(&root().join("shaders"), &home.path().join("shaders"));
    for rop in ["sdf/sphere", "output/raymarchRender3D"] {
        copy_dir(
            &root().join("rops").join(rop),
            &home.path().join("rops").join(rop),
        );
    }
    let yaml = home.path().join("rops/sdf/sphere/rop.yaml");
    let text = std::fs::read_to_string(&yaml).unwrap();
    let description = text
        .lines()
        .find(|l| l.starts_with("description:"))
        .unwrap()
        .to_string();
    std::fs::write(
        &yaml,
        text.replace(&description, "description: The sphere of this home."),
    )
    .unwrap();
    let common = home.path().join("shaders/common.glsl");
    let mut shader = std::fs::read_to_string(&common).unwrap();
    shader += "\n#define FROM_THIS_HOME 1\n";
    std::fs::write(&common, shader).unwrap();

    let cwd = tempfile::tempdir().unwrap();
    std::fs::write(
        cwd.path().join("net.yaml"),
        "output: /render\nnodes:\n  /s: { rop: sphere }\n  /render: { rop: raymarchRender3D, inputs: [/s] }\n",
    )
    .unwrap();
    let home_env = [("ROPKIT_HOME", home.path().to_str().unwrap())];
    let rops = listed(&ropkit_in(cwd.path(), &home_env, &["list", "--json"]));
    assert_eq!(
        rops,
        [
            (
                "raymarchRender3D".to_string(),
                listed(&ropkit_in(&root(), &[], &["list", "--json"]))
                    .into_iter()
                    .find(|r| r.0 == "raymarchRender3D")
                    .unwrap()
                    .1
            ),
            ("sphere".to_string(), "The sphere of this home.".to_string()),
        ]
    );
    let glsl = ok(&ropkit_in(cwd.path(), &home_env, &["build", "net.yaml"]));
    assert!(
        glsl.contains("#define FROM_THIS_HOME 1"),
        "the home's shaders/"
    );
    // Without it, the same folder gets the built-in library.
    let rops = listed(&ropkit_in(cwd.path(), &[], &["list", "--json"]));
    assert!(rops.len() >= 80);
    let glsl = ok(&ropkit_in(cwd.path(), &[], &["build", "net.yaml"]));
    assert!(!glsl.contains("FROM_THIS_HOME"));
    // A home that is not there is named, rather than the built-ins used silently.
    let nowhere = cwd.path().join("nowhere");
    let out = ropkit_in(
        cwd.path(),
        &[("ROPKIT_HOME", nowhere.to_str().unwrap())],
        &["list"],
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(&format!("{}", nowhere.join("rops").display())),
        "{err}"
    );
}

/// A bare `ropkit` is `ropkit view` with its defaults: without a display it
/// gets as far as opening the window, and says why it cannot, and what
/// works without one.
#[test]
fn bare_ropkit_opens_the_viewer_with_view_s_defaults() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_ropkit"))
        .current_dir(root())
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .env_remove("WAYLAND_SOCKET")
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("cannot open the viewer window") && err.contains("`ropkit --help`"),
        "{err}"
    );
    assert!(
        !err.contains("--window"),
        "the default window size is taken: {err}"
    );
    assert!(!err.contains("panicked"), "{err}");
}

/// `ropkit check NETWORK` validates a whole network without drawing it:
/// a good one passes and says what it read; a missing texture, a texture
/// that is no image, and a broken network each fail with the network's
/// file and line, the node and the parameter. `ropkit build` alone still
/// passes the missing texture (it reads no textures), which is why the
/// check exists.
#[test]
fn check_network_names_the_node_parameter_and_line_of_a_bad_texture() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("rops")).unwrap();
    let net = |texture: &str| {
        format!(
            "output: /render\nnodes:\n  /ball: {{ rop: sphere }}\n  /mat: {{ rop: uvMaterial, params: {{ Texture: {texture} }}, inputs: [/ball] }}\n  /render: {{ rop: raymarchRender3D, inputs: [/mat] }}\n"
        )
    };
    std::fs::write(dir.path().join("good.yaml"), net("assets/uvtest.png")).unwrap();
    std::fs::write(dir.path().join("missing.yaml"), net("nothere.png")).unwrap();
    std::fs::write(
        dir.path().join("notimage.png"),
        "this is text, not a picture\n",
    )
    .unwrap();
    std::fs::write(dir.path().join("bad.yaml"), net("notimage.png")).unwrap();
    let out = ropkit_in(dir.path(), &[], &["check", "good.yaml"]);
    let said = ok(&out);
    assert!(
        said.contains("1 texture and volume files read: no problems"),
        "{said}"
    );
    for (file, want) in [
        ("missing.yaml", "file not found"),
        ("bad.yaml", "notimage.png"),
    ] {
        let out = ropkit_in(dir.path(), &[], &["check", file]);
        let err = failed(&out);
        // The node is on line 4 of the network.
        assert!(
            err.contains(&format!("{file}:4:1: node /mat, parameter Texture: ")),
            "{err}"
        );
        assert!(err.contains(want), "{err}");
    }
    // `build` reads no textures: the check is the command that finds it.
    let out = ropkit_in(dir.path(), &[], &["build", "missing.yaml"]);
    ok(&out);
    // A network that does not build fails the check with its own message.
    std::fs::write(
        dir.path().join("broken.yaml"),
        "output: /render\nnodes:\n  /render: { rop: raymarchRender3D, inputs: [/nope] }\n",
    )
    .unwrap();
    let err = failed(&ropkit_in(dir.path(), &[], &["check", "broken.yaml"]));
    assert!(err.contains("broken.yaml:3"), "{err}");
    assert!(err.contains("/nope"), "{err}");
}

/// A material that reads an attribute no node assigns draws its fallback
/// everywhere: the build says so, naming the node and its line, and stays
/// quiet once an assignAttribute gives the name.
#[test]
fn attribute_material_reading_an_unassigned_name_warns() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("rops")).unwrap();
    let text = |assign: bool| {
        let shape = if assign {
            "  /ball: { rop: sphere }\n  /tag: { rop: assignAttribute, params: { Name: tint, Type: vec3 }, inputs: [/ball] }\n  /mat: { rop: attributeMaterial, params: { Name: tint, Type: vec3 }, inputs: [/tag] }\n"
        } else {
            "  /ball: { rop: sphere }\n  /mat: { rop: attributeMaterial, params: { Name: tint, Type: vec3 }, inputs: [/ball] }\n"
        };
        format!(
            "output: /render\nnodes:\n{shape}  /render: {{ rop: raymarchRender3D, inputs: [/mat] }}\n"
        )
    };
    std::fs::write(dir.path().join("unassigned.yaml"), text(false)).unwrap();
    std::fs::write(dir.path().join("assigned.yaml"), text(true)).unwrap();
    let out = ropkit_in(
        dir.path(),
        &[],
        &["build", "unassigned.yaml", "-o", "a.glsl"],
    );
    ok(&out);
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(err.contains("warning: "), "{err}");
    assert!(err.contains("unassigned.yaml:4"), "{err}");
    assert!(err.contains("/mat"), "{err}");
    assert!(err.contains("'tint'"), "{err}");
    let out = ropkit_in(dir.path(), &[], &["build", "assigned.yaml", "-o", "b.glsl"]);
    ok(&out);
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(!err.contains("warning"), "{err}");
}
