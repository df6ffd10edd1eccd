//! The program as a user gets it: a binary copied into an empty folder,
//! far from the source tree, finds its built-in library; a project of the
//! user's own adds ROPs (shadowing a built-in only with a warning); and the
//! source keeps the shape the README describes (no import circles).

use crate::common::*;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A copy of the built binary in a fresh temporary folder.
fn lone_binary() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let exe = dir.path().join("ropkit");
    std::fs::copy(env!("CARGO_BIN_EXE_ropkit"), &exe).unwrap();
    (dir, exe)
}

/// Runs `exe` in `cwd` with none of ropkit's variables and no
/// `XDG_RUNTIME_DIR`, as on a fresh headless machine.
fn run_in(exe: &Path, cwd: &Path, args: &[&str]) -> Output {
    Command::new(exe)
        .current_dir(cwd)
        .env_remove("ROPKIT_HOME")
        .env_remove("ROPKIT_ROPS")
        .env_remove("XDG_RUNTIME_DIR")
        .args(args)
        .output()
        .unwrap()
}

fn text(out: &Output) -> (String, String) {
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_copied_binary_builds_and_renders_the_default_preset_from_an_empty_folder() {
    let (dir, exe) = lone_binary();
    let cwd = dir.path();
    // Neither the folder nor a parent of it is a checkout, and the binary
    // knows no source path: everything below comes from the embedded copy.
    assert!(!cwd.ancestors().any(|d| d.join("rops").is_dir()));

    let (stdout, stderr) = text(&run_in(&exe, cwd, &["--version"]));
    let count: usize = stdout
        .split('(')
        .nth(1)
        .and_then(|s| s.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("--version: {stdout}{stderr}"));
    assert!(count >= 80, "{stdout}");

    let out = run_in(&exe, cwd, &["build", "presets/default.yaml"]);
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stderr}");
    assert!(stdout.starts_with("#version 450"), "{stdout}");

    if gpu("a_copied_binary_renders").is_none() {
        return;
    }
    let out = run_in(
        &exe,
        cwd,
        &["render", "default", "-o", "shot.png", "--size", "48x48"],
    );
    let (_, stderr) = text(&out);
    assert!(out.status.success(), "{stderr}");
    // Only ropkit's own summary line: no warnings from the graphics stack.
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.starts_with("rendered 1 frame(s)"), "{stderr}");
    let img = image::open(cwd.join("shot.png")).unwrap().to_rgba8();
    let lit = img
        .pixels()
        .filter(|p| p.0[0] > 150 && p.0[2] < 130)
        .count();
    assert!(lit > 40, "the red sphere is in the picture ({lit} pixels)");
}

#[test]
fn a_copied_binary_opens_the_viewer_on_the_default_preset() {
    if gpu("a_copied_binary_opens_the_viewer_on_the_default_preset").is_none() {
        return;
    }
    let (dir, exe) = lone_binary();
    let shot = dir.path().join("shot.png");
    let out = Command::new("xvfb-run")
        .args(["-a", "-s", "-screen 0 1280x800x24"])
        .arg(&exe)
        .current_dir(dir.path())
        .env_remove("ROPKIT_HOME")
        .env_remove("ROPKIT_ROPS")
        .env("XDG_CONFIG_HOME", dir.path())
        .env("XDG_DATA_HOME", dir.path())
        .args(["view", "--screenshot"])
        .arg(&shot)
        .args(["--frames", "10"])
        .output()
        .expect("xvfb-run not found: install xvfb and xauth");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.contains("shader builds: 1"), "{stderr}");
    let img = image::open(&shot).unwrap().to_rgba8();
    let preview_red = (100..500)
        .flat_map(|y| (880..1240).map(move |x| (x, y)))
        .filter(|&(x, y)| {
            let p = img.get_pixel(x, y).0;
            p[0] > 150 && p[1] < 140 && p[2] < 130
        })
        .count();
    assert!(
        preview_red > 500,
        "the preview shows the default preset ({preview_red})"
    );
}

#[test]
fn init_makes_a_project_whose_own_rop_renders() {
    let (dir, exe) = lone_binary();
    let out = run_in(&exe, dir.path(), &["init", "proj"]);
    assert!(out.status.success(), "{}", text(&out).1);
    let proj = dir.path().join("proj");
    for f in [
        "ropkit.yaml",
        "network.yaml",
        "README.md",
        "rops/shapes/blob/rop.yaml",
    ] {
        assert!(proj.join(f).is_file(), "{f}");
    }
    // Init never writes into a folder with something in it.
    let again = run_in(&exe, dir.path(), &["init", "proj"]);
    assert!(!again.status.success());

    // Inside the project its own ROP is listed with where it comes from.
    let (list, _) = text(&run_in(&exe, &proj, &["list"]));
    let blob = list.lines().find(|l| l.trim_start().starts_with("blob "));
    assert!(blob.is_some_and(|l| l.contains("[rops]")), "{list}");
    let sphere = list.lines().find(|l| l.trim_start().starts_with("sphere "));
    assert!(
        sphere.is_some_and(|l| !l.contains('[')),
        "built in: {sphere:?}"
    );

    let out = run_in(&exe, &proj, &["build", "network.yaml"]);
    let (glsl, stderr) = text(&out);
    assert!(out.status.success(), "{stderr}");
    assert!(
        glsl.contains("rops/shapes/blob") || glsl.contains("blob1"),
        "{glsl}"
    );
}

#[test]
fn a_user_rop_shadows_a_built_in_only_with_a_warning_naming_both() {
    let (dir, exe) = lone_binary();
    let proj = dir.path();
    // new-rop refuses a built-in's name unless told to.
    let out = run_in(&exe, proj, &["new-rop", "shapes/sphere", "--into", "rops"]);
    let (_, stderr) = text(&out);
    assert!(!out.status.success());
    assert!(stderr.contains("<builtin>/rops/sdf/sphere"), "{stderr}");
    assert!(!proj.join("rops/shapes/sphere").exists());

    let out = run_in(
        &exe,
        proj,
        &["new-rop", "shapes/sphere", "--into", "rops", "--force"],
    );
    assert!(out.status.success(), "{}", text(&out).1);
    let out = run_in(&exe, proj, &["list", "--json"]);
    let (json, stderr) = text(&out);
    assert!(
        stderr.contains("rops/shapes/sphere/rop.yaml")
            && stderr.contains("shadows the built-in one at <builtin>/rops/sdf/sphere/rop.yaml"),
        "{stderr}"
    );
    let rops: serde_json::Value = serde_json::from_str(&json).unwrap();
    let sphere = rops
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["name"] == "sphere")
        .unwrap();
    assert_eq!(sphere["origin"], "rops", "{sphere}");
}

#[test]
fn the_built_in_library_on_disk_and_embedded_are_the_same() {
    // Inside the checkout the folders on disk are used; the embedded copy
    // must hold the same ROPs, or a copied binary would behave differently.
    let disk = library();
    let embedded = ropkit::project::Project::embedded(Path::new("")).load_library();
    assert!(embedded.broken.is_empty(), "{:#?}", embedded.broken);
    let names = |l: &ropkit::library::Library| l.rops.keys().cloned().collect::<Vec<_>>();
    assert_eq!(names(&disk), names(&embedded));
    assert_eq!(
        disk.shaders.keys().collect::<Vec<_>>(),
        embedded.shaders.keys().collect::<Vec<_>>()
    );
    for (name, def) in &embedded.rops {
        assert_eq!(def.origin, ropkit::library::Origin::Builtin, "{name}");
        assert_eq!(def.blocks.len(), disk.rops[name].blocks.len(), "{name}");
    }
}

/// The top-level modules of `src/` and the ones each refers to through `crate::`.
fn module_graph() -> BTreeMap<String, BTreeSet<String>> {
    let src = root().join("src");
    let mut modules: BTreeMap<String, Vec<PathBuf>> = BTreeMap::new();
    for e in std::fs::read_dir(&src).unwrap() {
        let p = e.unwrap().path();
        let name = p.file_stem().unwrap().to_string_lossy().into_owned();
        if name == "lib" || name == "main" {
            continue;
        }
        let mut files = Vec::new();
        if p.is_dir() {
            let mut stack = vec![p.clone()];
            while let Some(d) = stack.pop() {
                for e in std::fs::read_dir(d).unwrap() {
                    let q = e.unwrap().path();
                    if q.is_dir() {
                        stack.push(q);
                    } else if q.extension().is_some_and(|x| x == "rs") {
                        files.push(q);
                    }
                }
            }
        } else if p.extension().is_some_and(|x| x == "rs") {
            files.push(p.clone());
        }
        modules.entry(name).or_default().extend(files);
    }
    let names: BTreeSet<String> = modules.keys().cloned().collect();
    modules
        .iter()
        .map(|(m, files)| {
            let mut uses = BTreeSet::new();
            for f in files {
                // Code only: a doc comment may point anywhere.
                let text: String = std::fs::read_to_string(f)
                    .unwrap()
                    .lines()
                    .map(|l| l.split("//").next().unwrap_or(""))
                    .collect::<Vec<_>>()
                    .join("\n");
                for (i, _) in text.match_indices("crate::") {
                    let rest = &text[i + 7..];
                    let word: String = rest
                        .chars()
                        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                        .collect();
                    if names.contains(&word) && &word != m {
                        uses.insert(word);
                    }
                    // `use crate::{a, b}` names several.
                    if let Some(group) = rest.strip_prefix('{') {
                        for w in group.split('}').next().unwrap_or("").split(',') {
                            let w = w.trim().split("::").next().unwrap_or("").to_string();
                            if names.contains(&w) && &w != m {
                                uses.insert(w);
                            }
                        }
                    }
                }
            }
            (m.clone(), uses)
        })
        .collect()
}

#[test]
fn modules_do_not_import_each_other_in_circles() {
    let graph = module_graph();
    assert!(graph.len() > 15, "{graph:?}");
    // The stages' direction: nothing below the command line imports it, and
    // no stage reaches forward to a later one.
    for (m, uses) in &graph {
        assert!(!uses.contains("cli"), "{m} imports cli");
    }
    for later in ["generate", "compile", "render", "viewer"] {
        assert!(
            !graph["library"].contains(later) && !graph["network"].contains(later),
            "library/network import {later}"
        );
    }
    // Depth-first search for a cycle.
    fn visit<'a>(
        m: &'a str,
        graph: &'a BTreeMap<String, BTreeSet<String>>,
        state: &mut BTreeMap<&'a str, bool>,
        path: &mut Vec<&'a str>,
    ) -> Option<Vec<String>> {
        match state.get(m) {
            Some(true) => return None,
            Some(false) => {
                let from = path.iter().position(|p| *p == m).unwrap();
                let mut cycle: Vec<String> = path[from..].iter().map(|s| s.to_string()).collect();
                cycle.push(m.to_string());
                return Some(cycle);
            }
            None => {}
        }
        state.insert(m, false);
        path.push(m);
        for u in graph.get(m).into_iter().flatten() {
            if let Some(c) = visit(u, graph, state, path) {
                return Some(c);
            }
        }
        path.pop();
        state.insert(m, true);
        None
    }
    let mut state = BTreeMap::new();
    for m in graph.keys() {
        if let Some(cycle) = visit(m, &graph, &mut state, &mut Vec::new()) {
            panic!("import circle: {}", cycle.join(" -> "));
        }
    }
}

#[test]
fn unclear_ropkit_yaml_marks_the_project_root_and_a_bad_library_path_is_located() {
    let (dir, exe) = lone_binary();
    let proj = dir.path().join("proj");
    // No rops/ here: ropkit.yaml alone marks the project. Its library holds
    // a ROP of its own; the texture lies at the project's top, the network
    // one folder down.
    std::fs::create_dir_all(proj.join("scenes")).unwrap();
    std::fs::create_dir_all(proj.join("assets")).unwrap();
    std::fs::copy(
        root().join("assets/checker.png"),
        proj.join("assets/tex.png"),
    )
    .unwrap();
    let out = run_in(
        &exe,
        &proj,
        &["new-rop", "shapes/lump", "--into", "libs/mine"],
    );
    assert!(out.status.success(), "{}", text(&out).1);
    std::fs::write(
        proj.join("scenes/net.yaml"),
        "output: /r\nnodes:\n  /l: { rop: lump }\n  /m: { rop: textureMaterial, params: { Texture: assets/tex.png }, inputs: [/l] }\n  /r: { rop: raymarchRender3D, inputs: [/m] }\n",
    )
    .unwrap();
    let render = |cwd: &Path| {
        run_in(
            &exe,
            cwd,
            &["render", "net.yaml", "-o", "../x.png", "--size", "16x16"],
        )
    };
    // Without the marker the ROP is unknown and the texture out of reach.
    let out = render(&proj.join("scenes"));
    assert!(!out.status.success());
    assert!(text(&out).1.contains("lump"), "{}", text(&out).1);

    std::fs::write(
        proj.join("ropkit.yaml"),
        "# mine\nlibraries:\n  - libs/mine\n",
    )
    .unwrap();
    let out = render(&proj.join("scenes"));
    assert!(out.status.success(), "{}", text(&out).1);
    assert!(proj.join("x.png").is_file());

    // A library that is no folder: every command stops at its place.
    std::fs::write(
        proj.join("ropkit.yaml"),
        "libraries:\n  - libs/mine\n  - libs/gone\n",
    )
    .unwrap();
    for args in [&["list"][..], &["build", "net.yaml"]] {
        let out = run_in(&exe, &proj.join("scenes"), args);
        let (_, err) = text(&out);
        assert!(!out.status.success(), "{args:?}");
        assert!(
            err.contains("ropkit.yaml:3:5: libraries: 'libs/gone' is not a folder"),
            "{args:?}: {err}"
        );
    }
    // An unknown key is named with its line.
    std::fs::write(proj.join("ropkit.yaml"), "libs: [libs/mine]\n").unwrap();
    let out = run_in(&exe, &proj, &["list"]);
    assert!(
        !out.status.success()
            && text(&out).1.contains("ropkit.yaml:1:")
            && text(&out).1.contains("libs"),
        "{}",
        text(&out).1
    );
}
