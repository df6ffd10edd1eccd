//! The second round of hardening, family by family (each test's name
//! starts with its family): no writer replaces what its job reads, no file
//! a network names is read from outside its project, memory and time stay
//! bounded, and unclear inputs get plain answers.

use crate::common::*;
use std::path::{Path, PathBuf};
use std::process::Output;

fn text(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// A project: `rops/` with one ROP of its own, a texture, a network using
/// both, and a ROP folder outside the project (given with `--rops`).
struct Project {
    _dir: tempfile::TempDir,
    root: PathBuf,
    extra: PathBuf,
    net: PathBuf,
}

fn project() -> Project {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("proj");
    let extra = dir.path().join("more_rops");
    let out = run_ropkit([
        "new-rop",
        "shapes/blob",
        "--into",
        root.join("rops").to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out));
    let out = run_ropkit(["new-rop", "shapes/lump", "--into", extra.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out));
    std::fs::create_dir_all(root.join("assets")).unwrap();
    std::fs::copy(root_of("assets/checker.png"), root.join("assets/tex.png")).unwrap();
    std::os::unix::fs::symlink("assets/tex.png", root.join("link.png")).unwrap();
    let net = root.join("net.yaml");
    std::fs::write(
        &net,
        "output: /render\nnodes:\n  /b: { rop: blob }\n  /l: { rop: lump }\n  /u: { rop: combine, inputs: [/b, /l] }\n  /m: { rop: textureMaterial, params: { Texture: assets/tex.png }, inputs: [/u] }\n  /render: { rop: raymarchRender3D, inputs: [/m] }\n",
    )
    .unwrap();
    Project {
        _dir: dir,
        root,
        extra,
        net,
    }
}

fn root_of(rel: &str) -> PathBuf {
    root().join(rel)
}

/// Every file below `dir` with its bytes.
fn snapshot(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            let meta = std::fs::symlink_metadata(&p).unwrap();
            if meta.is_dir() {
                stack.push(p);
            } else if meta.is_file() {
                out.push((p.clone(), std::fs::read(&p).unwrap()));
            } else {
                out.push((
                    p.clone(),
                    std::fs::read_link(&p)
                        .unwrap()
                        .into_os_string()
                        .into_encoded_bytes(),
                ));
            }
        }
    }
    out.sort();
    out
}

#[test]
fn data_loss_no_writer_replaces_a_file_its_job_reads() {
    let p = project();
    let before = (snapshot(&p.root), snapshot(&p.extra));
    let net = p.net.to_str().unwrap();
    let rops = p.extra.to_str().unwrap();
    let own_rops = p.root.join("rops");
    let own = own_rops.to_str().unwrap();
    let targets = [
        p.root.join("rops/shapes/blob/function.glsl"),
        p.root.join("rops/shapes/blob/rop.yaml"),
        p.extra.join("shapes/lump/function.glsl"),
        p.extra.join("shapes/lump/new.png"),
        p.root.join("assets/tex.png"),
        p.root.join("link.png"),
        p.net.clone(),
    ];
    for (i, target) in targets.iter().enumerate() {
        let t = target.to_str().unwrap();
        // Frames of `x.png` are `x_0001.png`...: new files, refused only
        // inside a ROP folder (the first four targets). A frame that is an
        // input file is the next test's case.
        let in_rop_folder = i < 4;
        for args in [
            vec!["build", net, "-o", t],
            vec!["export", net, "--format", "json", "-o", t],
            vec!["export", net, "--format", "html", "-o", t],
            vec!["render", net, "-o", t, "--size", "8x8"],
            vec!["render", net, "-o", t, "--size", "8x8", "--frames", "1..2"],
            vec!["mesh", net, "-o", t, "--resolution", "8"],
            vec!["view", net, "--screenshot", t],
        ] {
            if args.contains(&"--frames") && !in_rop_folder {
                continue;
            }
            let mut full = vec!["--rops", own, "--rops", rops];
            full.extend(&args);
            let out = run_ropkit(&full);
            let err = text(&out);
            assert!(!out.status.success(), "{args:?} wrote {t}");
            assert!(
                err.contains("refusing to overwrite it") || err.contains("refusing to write there"),
                "{args:?}: {err}"
            );
        }
    }
    assert!(
        before == (snapshot(&p.root), snapshot(&p.extra)),
        "a file changed"
    );
}

#[test]
fn data_loss_frames_are_all_checked_before_the_first_is_written() {
    let p = project();
    // Frame 3 of `out.png` would be `assets/tex_0003.png`: a texture of the network.
    std::fs::copy(
        p.root.join("assets/tex.png"),
        p.root.join("assets/out_0003.png"),
    )
    .unwrap();
    let net = std::fs::read_to_string(&p.net)
        .unwrap()
        .replace("assets/tex.png", "assets/out_0003.png");
    std::fs::write(&p.net, net).unwrap();
    let before = snapshot(&p.root);
    let out = run_ropkit([
        "--rops",
        p.root.join("rops").to_str().unwrap(),
        "--rops",
        p.extra.to_str().unwrap(),
        "render",
        p.net.to_str().unwrap(),
        "-o",
        p.root.join("assets/out.png").to_str().unwrap(),
        "--size",
        "8x8",
        "--frames",
        "1..5",
    ]);
    let err = text(&out);
    assert!(!out.status.success(), "{err}");
    assert!(
        err.contains("out_0003.png") && err.contains("a texture of /m"),
        "{err}"
    );
    assert!(before == snapshot(&p.root), "no frame is written: {err}");
}

#[test]
fn data_loss_stale_temporaries_of_a_killed_run_are_swept() {
    let dir = tempfile::tempdir().unwrap();
    // A process that has ended: its temporary file is provably stale.
    let mut child = std::process::Command::new("true").spawn().unwrap();
    let dead = child.id();
    child.wait().unwrap();
    let stale = dir.path().join(format!(".ropkit-{dead}-Ab12Cd.tmp"));
    let foreign = dir.path().join(".ropkit-Ab12Cd.tmp");
    std::fs::write(&stale, "half a shader").unwrap();
    std::fs::write(&foreign, "not provably ours").unwrap();
    let out_file = dir.path().join("x.glsl");
    let out = run_ropkit([
        "build",
        "presets/default.yaml",
        "-o",
        out_file.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out));
    assert!(!stale.exists(), "swept");
    assert!(foreign.exists(), "kept");
    assert!(out_file.exists());
}

#[test]
fn unclear_a_newline_in_a_node_path_never_reaches_the_shader() {
    let dir = tempfile::tempdir().unwrap();
    let net = dir.path().join("net.yaml");
    let glsl = dir.path().join("out.glsl");
    // Before, this built: the comment line naming the node became `#define Y 1`.
    std::fs::write(
        &net,
        "output: /r\nnodes:\n  \"/s\\n#define Y 1\": { rop: sphere }\n  /r: { rop: raymarchRender3D, inputs: [\"/s\\n#define Y 1\"] }\n",
    )
    .unwrap();
    let out = run_ropkit(["build", net.to_str().unwrap(), "-o", glsl.to_str().unwrap()]);
    let err = text(&out);
    assert!(!out.status.success(), "{err}");
    assert!(err.contains(r#"node path "/s\n#define Y 1""#), "{err}");
    assert!(!err.lines().any(|l| l.starts_with("#define")), "{err}");
    assert!(!glsl.exists());
    // Paths made by editing follow the same rule.
    let lib = library();
    let mut n = ropkit::network::Network::parse(
        "output: /r\nnodes:\n  /s: { rop: sphere }\n  /r: { rop: raymarchRender3D, inputs: [/s] }\n",
        Path::new("n.yaml"),
        &lib,
    )
    .unwrap();
    for bad in ["/a\nb", "/a b", "/a\u{2028}b", "/é", "/a:b", "/"] {
        assert!(n.rename_node("/s", bad).is_err(), "{bad:?}");
    }
    assert_eq!(
        n.rename_node("/s", "/scene/ball-1.v2").unwrap(),
        "/scene/ball-1.v2"
    );
}

/// A network in `proj/` (a project: it holds `rops/`) whose texture path is
/// `tex`, with a secret picture beside the project and links leading to it.
fn texture_project(tex: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let proj = dir.path().join("proj");
    std::fs::create_dir_all(proj.join("rops")).unwrap();
    std::fs::create_dir_all(proj.join("assets")).unwrap();
    std::fs::copy(root_of("assets/checker.png"), dir.path().join("secret.png")).unwrap();
    std::os::unix::fs::symlink(dir.path().join("secret.png"), proj.join("abs.png")).unwrap();
    std::os::unix::fs::symlink("../../secret.png", proj.join("assets/rel.png")).unwrap();
    std::os::unix::fs::symlink(dir.path(), proj.join("up")).unwrap();
    let net = proj.join("net.yaml");
    std::fs::write(
        &net,
        format!("output: /r\nnodes:\n  /s: {{ rop: sphere }}\n  /m: {{ rop: textureMaterial, params: {{ Texture: \"{tex}\" }}, inputs: [/s] }}\n  /r: {{ rop: raymarchRender3D, inputs: [/m] }}\n"),
    )
    .unwrap();
    (dir, net)
}

#[test]
fn reads_outside_the_project_no_texture_path_leaves_it() {
    let gpu = gpu("reads_outside_the_project_no_texture_path_leaves_it").is_some();
    let outside = [
        "abs.png",
        "assets/rel.png",
        "up/secret.png",
        "../secret.png",
        "assets/../../secret.png",
    ];
    for tex in outside {
        let (dir, net) = texture_project(tex);
        let page = dir.path().join("page.html");
        let out = run_ropkit([
            "export",
            net.to_str().unwrap(),
            "--format",
            "html",
            "-o",
            page.to_str().unwrap(),
        ]);
        let err = text(&out);
        assert!(!out.status.success() && !page.exists(), "{tex}: exported");
        assert!(
            err.contains("leave") || err.contains("outside") || err.contains("symlink"),
            "{tex}: {err}"
        );
        if gpu {
            let png = dir.path().join("x.png");
            let out = run_ropkit([
                "render",
                net.to_str().unwrap(),
                "-o",
                png.to_str().unwrap(),
                "--size",
                "8x8",
            ]);
            assert!(!out.status.success() && !png.exists(), "{tex}: rendered");
        }
    }
    // The same picture inside the project is read (the refusals above are
    // about where it lies, not what it is).
    let (dir, net) = texture_project("assets/in.png");
    std::fs::copy(
        dir.path().join("secret.png"),
        dir.path().join("proj/assets/in.png"),
    )
    .unwrap();
    let page = dir.path().join("page.html");
    let out = run_ropkit([
        "export",
        net.to_str().unwrap(),
        "--format",
        "html",
        "-o",
        page.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out));
}

#[test]
fn reads_outside_the_project_a_network_without_a_project_reads_only_its_folder() {
    // No rops/ anywhere above: the network's own folder is the project, and
    // a texture beside that folder is not found there.
    let dir = tempfile::tempdir().unwrap();
    let sub = dir.path().join("sub");
    std::fs::create_dir_all(sub.join("assets")).unwrap();
    std::fs::copy(root_of("assets/checker.png"), dir.path().join("assets.png")).unwrap();
    std::fs::create_dir_all(dir.path().join("assets")).unwrap();
    std::fs::copy(
        root_of("assets/checker.png"),
        dir.path().join("assets/up.png"),
    )
    .unwrap();
    let net = sub.join("net.yaml");
    std::fs::write(
        &net,
        "output: /r\nnodes:\n  /s: { rop: sphere }\n  /m: { rop: textureMaterial, params: { Texture: assets/up.png }, inputs: [/s] }\n  /r: { rop: raymarchRender3D, inputs: [/m] }\n",
    )
    .unwrap();
    let page = dir.path().join("page.html");
    let out = run_ropkit([
        "export",
        net.to_str().unwrap(),
        "--format",
        "html",
        "-o",
        page.to_str().unwrap(),
    ]);
    assert!(
        !out.status.success() && !page.exists(),
        "read from the parent folder"
    );
    assert!(text(&out).contains("assets/up.png"), "{}", text(&out));
}

#[test]
fn reads_outside_the_project_a_file_that_is_no_network_is_never_quoted() {
    let dir = tempfile::tempdir().unwrap();
    // As /etc/passwd reads to YAML: one plain string over many lines.
    let secret = dir.path().join("passwd");
    std::fs::write(
        &secret,
        "root:x:0:0:SECRET-7f3a:/root:/bin/bash\ndaemon:x:1:1::/:/bin/false\n",
    )
    .unwrap();
    let net = dir.path().join("net.yaml");
    std::os::unix::fs::symlink(&secret, &net).unwrap();
    for args in [
        vec!["build", net.to_str().unwrap()],
        vec!["export", net.to_str().unwrap(), "--format", "json"],
    ] {
        let out = run_ropkit(&args);
        let err = text(&out);
        assert!(!out.status.success(), "{args:?}");
        assert!(
            !err.contains("SECRET-7f3a") && !err.contains("root:x"),
            "{args:?} quoted it: {err}"
        );
    }
    let out = run_ropkit(["build", net.to_str().unwrap()]);
    assert!(
        text(&out).contains("found text where a mapping"),
        "{}",
        text(&out)
    );
}

#[test]
fn unclear_init_over_a_dangling_symlink_or_a_file_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let dangling = dir.path().join("dangling");
    std::os::unix::fs::symlink(dir.path().join("nowhere"), &dangling).unwrap();
    let out = run_ropkit(["init", dangling.to_str().unwrap()]);
    let err = text(&out);
    assert!(!out.status.success(), "{err}");
    assert!(
        err.contains("is a symlink to") && err.contains("nowhere"),
        "{err}"
    );
    assert!(
        !dir.path().join("nowhere").exists(),
        "nothing made through the link"
    );
    let file = dir.path().join("file");
    std::fs::write(&file, "keep").unwrap();
    let out = run_ropkit(["init", file.to_str().unwrap()]);
    assert!(
        !out.status.success() && text(&out).contains("is a file"),
        "{}",
        text(&out)
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "keep");
}

#[test]
fn unclear_a_window_size_out_of_range_names_the_option() {
    for bad in ["0x0", "10x800", "1280x99999", "1280", "axb", "5x-5"] {
        let out = run_ropkit(["view", "presets/default.yaml", "--window", bad]);
        let err = text(&out);
        assert!(!out.status.success(), "{bad}");
        assert!(
            err.contains(&format!("--window {bad}: give WIDTHxHEIGHT")),
            "{bad}: {err}"
        );
    }
    assert_eq!(
        ropkit::viewer::parse_window("1280x800").unwrap(),
        (1280.0, 800.0)
    );
    assert_eq!(
        ropkit::viewer::parse_window("64X16384").unwrap(),
        (64.0, 16384.0)
    );
}

#[test]
fn unclear_a_macro_integer_past_its_range_is_refused_everywhere() {
    // AA is N x N samples a pixel, inlined: 2^24 squared overflows an int
    // and the picture came out as 0/0.
    let dir = tempfile::tempdir().unwrap();
    let net = dir.path().join("net.yaml");
    let write = |aa: i64| {
        std::fs::write(
            &net,
            format!("output: /r\nnodes:\n  /s: {{ rop: sphere }}\n  /r: {{ rop: raymarchRender3D, params: {{ AA: {aa} }}, inputs: [/s] }}\n"),
        )
        .unwrap()
    };
    for aa in [16777216, 5, 0, -1] {
        write(aa);
        let out = run_ropkit(["build", net.to_str().unwrap()]);
        let err = text(&out);
        assert!(!out.status.success(), "AA {aa}");
        assert!(
            err.contains("net.yaml:4:")
                && err.contains(&format!("parameter AA: {aa} is outside 1..=4")),
            "{err}"
        );
    }
    write(4);
    let out = run_ropkit(["build", net.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out));
    let png = dir.path().join("x.png");
    let out = run_ropkit([
        "render",
        net.to_str().unwrap(),
        "-o",
        png.to_str().unwrap(),
        "--set",
        "/r.AA=16777216",
    ]);
    assert!(
        !out.status.success() && text(&out).contains("is outside 1..=4"),
        "{}",
        text(&out)
    );
    // A uniform (not inlined) may go past its slider's range.
    let lib = library();
    let mut n = ropkit::network::Network::load(&net, &lib).unwrap();
    n.set_param(&lib, "/r", "MaxSteps", &serde_yaml_ng::Value::from(5000))
        .unwrap();
    let e = n
        .set_param(&lib, "/r", "AA", &serde_yaml_ng::Value::from(9))
        .unwrap_err();
    assert!(e.to_string().contains("is outside 1..=4"), "{e}");
}

#[test]
fn unclear_hard_limits_are_refused_where_values_enter_soft_ranges_are_not() {
    let dir = tempfile::tempdir().unwrap();
    let net = dir.path().join("net.yaml");
    let write = |gamma: &str| {
        std::fs::write(
            &net,
            format!("output: /r\nnodes:\n  /s: {{ rop: sphere }}\n  /r: {{ rop: raymarchRender3D, params: {{ Gamma: {gamma} }}, inputs: [/s] }}\n"),
        )
        .unwrap()
    };
    // Past the hard limits (0.05..=20): refused at load, with the line.
    for gamma in ["0", "-1", "1e6"] {
        write(gamma);
        let out = run_ropkit(["build", net.to_str().unwrap()]);
        let err = text(&out);
        assert!(!out.status.success(), "Gamma {gamma}");
        assert!(
            err.contains("net.yaml:4:")
                && err.contains("parameter Gamma")
                && err.contains("past the hard limits 0.05..=20"),
            "{err}"
        );
    }
    // Past the slider (0.5..=4) but inside the hard limits: kept.
    write("6");
    let out = run_ropkit(["build", net.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out));
    // `--set`.
    let png = dir.path().join("x.png");
    let out = run_ropkit([
        "render",
        net.to_str().unwrap(),
        "-o",
        png.to_str().unwrap(),
        "--set",
        "/r.MaxSteps=1000000",
    ]);
    assert!(
        !out.status.success() && text(&out).contains("past the hard limits 1..=100000"),
        "{}",
        text(&out)
    );
    assert!(!png.exists());
    // Edits (the viewer and Python make theirs through these).
    let lib = library();
    let mut n = ropkit::network::Network::load(&net, &lib).unwrap();
    n.set_param(&lib, "/r", "MaxSteps", &serde_yaml_ng::Value::from(5000))
        .unwrap();
    let e = n
        .set_value(&lib, "/r", "Gamma", ropkit::value::ParamValue::Float(0.0))
        .unwrap_err();
    assert!(e.to_string().contains("past the hard limits"), "{e}");
    assert_eq!(
        n.param_value(&lib, "/r", "Gamma").unwrap(),
        ropkit::value::ParamValue::Float(6.0),
        "a refused edit changes nothing"
    );
}

#[test]
fn unclear_hard_limits_bound_every_component_and_are_checked_in_rop_yaml() {
    let dir = tempfile::tempdir().unwrap();
    let rops = dir.path().join("rops");
    let out = run_ropkit(["new-rop", "shapes/blob", "--into", rops.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out));
    let yaml_path = rops.join("shapes/blob/rop.yaml");
    let original = std::fs::read_to_string(&yaml_path).unwrap();
    let with_param = |param: &str| {
        let mut s = String::new();
        for line in original.lines() {
            s += line;
            s.push('\n');
            if line.trim_end() == "params:" {
                s += &format!("  - {param}\n");
            }
        }
        assert!(s.contains(param), "no params: in\n{original}");
        s
    };
    let load = |param: &str| {
        std::fs::write(&yaml_path, with_param(param)).unwrap();
        crate::common::project(std::slice::from_ref(&rops)).load_library()
    };
    // A vector: each component is bounded.
    let lib = load(
        "{ name: Offset, style: xyz, default: [0, 0, 0], min: -1, max: 1, hardMin: -10, hardMax: 10 }",
    );
    assert!(lib.broken.is_empty(), "{:?}", lib.broken);
    let net = dir.path().join("net.yaml");
    for (offset, ok) in [
        ("[0, 9, -9]", true),
        ("[0, 11, 0]", false),
        ("[-10.5, 0, 0]", false),
    ] {
        std::fs::write(
            &net,
            format!("output: /r\nnodes:\n  /b: {{ rop: blob, params: {{ Offset: {offset} }} }}\n  /r: {{ rop: raymarchRender3D, inputs: [/b] }}\n"),
        )
        .unwrap();
        match ropkit::network::Network::load(&net, &lib) {
            Ok(_) => assert!(ok, "{offset} loaded"),
            Err(e) => {
                assert!(!ok, "{offset}: {e}");
                let e = e.to_string();
                assert!(
                    e.contains("net.yaml:3") && e.contains("past the hard limits -10..=10"),
                    "{e}"
                );
            }
        }
    }
    // Limits that cannot hold are the ROP's error, with its line.
    for (param, why) in [
        (
            "{ name: Amount, style: float, default: 5, hardMin: 0, hardMax: 1 }",
            "default: 5 is past the hard limits 0..=1",
        ),
        (
            "{ name: Amount, style: float, default: 0.5, min: 0, max: 4, hardMax: 1 }",
            "max 4 lies past the hard limits",
        ),
        (
            "{ name: Amount, style: float, default: 0.5, hardMin: 2, hardMax: 1 }",
            "hardMin 2 is above hardMax 1",
        ),
        (
            "{ name: Kind, style: menu, options: [a, b], hardMin: 0 }",
            "hardMin and hardMax bound numbers",
        ),
    ] {
        let lib = load(param);
        let broken: String = lib.broken.iter().map(|e| format!("{e}\n")).collect();
        assert!(
            broken.contains(why) && broken.contains("rop.yaml") && broken.contains("parameter "),
            "{param}: {broken}"
        );
    }
}

#[test]
fn unclear_a_byte_order_mark_at_the_start_of_a_file_is_accepted() {
    // Some Windows editors start every UTF-8 file with U+FEFF.
    let dir = tempfile::tempdir().unwrap();
    let rops = dir.path().join("rops");
    let out = run_ropkit(["new-rop", "shapes/blob", "--into", rops.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out));
    for f in ["rop.yaml", "function.glsl"] {
        let path = rops.join("shapes/blob").join(f);
        let body = std::fs::read_to_string(&path).unwrap();
        std::fs::write(&path, format!("\u{feff}{body}")).unwrap();
    }
    std::fs::write(dir.path().join("ropkit.yaml"), "\u{feff}libraries: []\n").unwrap();
    let net = dir.path().join("net.yaml");
    std::fs::write(
        &net,
        "\u{feff}output: /r\nnodes:\n  /b: { rop: blob }\n  /r: { rop: raymarchRender3D, inputs: [/b] }\n",
    )
    .unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_ropkit"))
        .current_dir(dir.path())
        .env_remove("ROPKIT_HOME")
        .env_remove("ROPKIT_ROPS")
        .args(["build", "net.yaml"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out));
    let glsl = String::from_utf8(out.stdout).unwrap();
    assert!(!glsl.contains('\u{feff}'), "the mark reaches the shader");
    assert!(glsl.contains("blob"), "the project's ROP is used");
    // The mark anywhere else is text: in a network it is named.
    std::fs::write(
        &net,
        "output: /r\nnodes:\n  /b: { rop: blob }\n  /r: { rop: raymarch\u{feff}Render3D, inputs: [/b] }\n",
    )
    .unwrap();
    let out = run_ropkit([
        "build",
        net.to_str().unwrap(),
        "--rops",
        rops.to_str().unwrap(),
    ]);
    assert!(!out.status.success());
    assert!(text(&out).contains("net.yaml:4"), "{}", text(&out));
}
