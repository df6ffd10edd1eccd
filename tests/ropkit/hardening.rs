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
    for bad in ["/a\nb", "/a b", "/a\u{2028}b", "/a\u{200b}b", "/a:b", "/"] {
        assert!(n.rename_node("/s", bad).is_err(), "{bad:?}");
    }
    assert_eq!(
        n.rename_node("/s", "/scene/ball-1.v2").unwrap(),
        "/scene/ball-1.v2"
    );
    // Letters of any script are letters (round three).
    assert_eq!(n.rename_node("/scene/ball-1.v2", "/é").unwrap(), "/é");
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

// Round three: no crash on big custom code, time budgets that act, no file
// echoed, bounds on fonts, stacks and caches, and plain answers.

/// A network of `nodes` custom nodes in a chain, each carrying about `kb`
/// KiB of code (a line repeated), over a sphere.
fn custom_chain(nodes: usize, kb: usize) -> String {
    let line = "          d = min(d, length(p - vec3(0.125, 0.25, 0.375)) - 0.0625);\n";
    let body = line.repeat(kb * 1024 / line.len());
    let mut s = String::from("output: /render\nnodes:\n  /s: { rop: sphere }\n");
    for i in 0..nodes {
        let input = if i == 0 {
            "/s".to_string()
        } else {
            format!("/c{}", i - 1)
        };
        s += &format!(
            "  /c{i}:\n    rop: custom\n    custom:\n      coordTypes: [vec3]\n      returnTypes: [Sdf]\n      inputs: [{{ name: input }}]\n      function: |\n        ReturnT thismap(CoordT p, ContextT ctx) {{\n          ReturnT r = inputOp1(p, ctx);\n          float d = r.x;\n{body}          r.x = min(r.x, d);\n          return r;\n        }}\n    inputs: [{input}]\n"
        );
    }
    s + &format!(
        "  /render: {{ rop: raymarchRender3D, inputs: [/c{}] }}\n",
        nodes - 1
    )
}

#[test]
fn crash_big_custom_code_is_refused_before_compile_with_the_limit_name() {
    // The reported case: 200 custom nodes of about 60 KB each, 12 MB.
    let dir = tempfile::tempdir().unwrap();
    let net = dir.path().join("big.yaml");
    let big = custom_chain(200, 60);
    assert!(big.len() > 12_000_000);
    std::fs::write(&net, &big).unwrap();
    for args in [
        vec!["build", net.to_str().unwrap()],
        vec!["export", net.to_str().unwrap(), "--format", "json"],
    ] {
        let out = run_ropkit(&args);
        let err = text_of(&out);
        assert_eq!(
            out.status.code(),
            Some(1),
            "{args:?} ended by a signal? {err}"
        );
        assert!(err.contains("CUSTOM_CODE_BYTES"), "{args:?}: {err}");
        // Refused at the first node past the budget, counted here from
        // the file: each block's lines less their eight spaces of YAML
        // indentation, in the order of the file.
        let lines: Vec<&str> = big.lines().collect();
        let mut total = 0;
        let mut first_over = None;
        for i in 0..200 {
            let start = lines
                .iter()
                .position(|l| *l == format!("  /c{i}:"))
                .unwrap();
            let body = lines[start..]
                .iter()
                .skip_while(|l| !l.starts_with("      function: |"))
                .skip(1)
                .take_while(|l| l.starts_with("        "));
            total += body.map(|l| l.len() - 8 + 1).sum::<usize>();
            if total > 1 << 20 {
                first_over = Some((i, start + 1));
                break;
            }
        }
        let (node, line) = first_over.unwrap();
        assert!(
            err.contains(&format!("big.yaml:{line}:")) && err.contains(&format!("(node /c{node})")),
            "{args:?}: node /c{node} at line {line}: {err}"
        );
    }
    // Within the budget, the same code builds.
    let small = dir.path().join("small.yaml");
    std::fs::write(&small, custom_chain(16, 60)).unwrap();
    let out = run_ropkit(["build", small.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text_of(&out));
    // The same code from a ROP folder, 80 nodes of it: the shader's own
    // budget refuses it while it is stitched, naming the node and the limit.
    let rops = dir.path().join("rops");
    let out = run_ropkit(["new-rop", "shapes/heavy", "--into", rops.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out));
    let line = "  d = min(d, length(p - vec3(0.125, 0.25, 0.375)) - 0.0625);\n";
    std::fs::write(
        rops.join("shapes/heavy/function.glsl"),
        format!(
            "ReturnT thismap(CoordT p, ContextT ctx) {{\n  float d = length(p) - 1.0;\n{}  return createSdf(d);\n}}\n",
            line.repeat(60 * 1024 / line.len())
        ),
    )
    .unwrap();
    let mut heavy = String::from("output: /render\nnodes:\n");
    let mut level: Vec<String> = (0..80).map(|i| format!("/h{i}")).collect();
    for p in &level {
        heavy += &format!("  {p}: {{ rop: heavy }}\n");
    }
    let mut k = 0;
    while level.len() > 1 {
        let mut next = Vec::new();
        for pair in level.chunks(2) {
            heavy += &format!(
                "  /u{k}: {{ rop: combine, inputs: [{}] }}\n",
                pair.join(", ")
            );
            next.push(format!("/u{k}"));
            k += 1;
        }
        level = next;
    }
    heavy += &format!(
        "  /render: {{ rop: raymarchRender3D, inputs: [{}] }}\n",
        level[0]
    );
    let heavy_net = dir.path().join("heavy.yaml");
    std::fs::write(&heavy_net, heavy).unwrap();
    let out = run_ropkit([
        "build",
        heavy_net.to_str().unwrap(),
        "--rops",
        rops.to_str().unwrap(),
    ]);
    let err = text(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("SHADER_BYTES") && err.contains("(node /h") && err.contains("rop.yaml"),
        "{err}"
    );
    // An edit (as the viewer and Python make them) meets the same budget.
    let lib = library();
    let mut net = ropkit::network::Network::parse(&custom_chain(16, 60), &small, &lib).unwrap();
    // Copies share their definition, but each copy's code is stitched
    // again: five more in the chain before the output.
    let mut last = "/c15".to_string();
    for k in 0..5 {
        let mut copy = net.nodes["/c0"].clone();
        copy.inputs = vec![Some(last.clone())];
        last = format!("/copy{k}");
        net.nodes.insert(last.clone(), copy);
    }
    net.nodes.get_mut("/render").unwrap().inputs = vec![Some(last)];
    let e = net.check(&lib).unwrap_err();
    assert!(e.to_string().contains("CUSTOM_CODE_BYTES"), "{e}");
    let e = ropkit::build::build(&lib, &net, &ropkit::generate::Mode::Render.into()).unwrap_err();
    assert!(e.to_string().contains("CUSTOM_CODE_BYTES"), "{e}");
}

fn text_of(out: &Output) -> String {
    text(out)
}

/// A points file for `sample` and the network it samples.
fn sample_project(points: &str) -> (tempfile::TempDir, PathBuf, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let net = dir.path().join("net.yaml");
    std::fs::write(
        &net,
        "output: /render\nnodes:\n  /s: { rop: sphere }\n  /render: { rop: raymarchRender3D, inputs: [/s] }\n",
    )
    .unwrap();
    let pts = dir.path().join("pts.txt");
    std::fs::write(&pts, points).unwrap();
    (dir, net, pts)
}

#[test]
fn echo_sample_quotes_no_file_that_is_not_a_points_file() {
    if gpu("echo_sample_quotes_no_file_that_is_not_a_points_file").is_none() {
        return;
    }
    // As /etc/passwd through a symlink.
    let (dir, net, _) = sample_project("");
    let secret = dir.path().join("passwd");
    std::fs::write(
        &secret,
        "root:x:0:0:SECRET-7f3a:/root:/bin/bash\ndaemon:x:1:1::/:/bin/false\n",
    )
    .unwrap();
    let link = dir.path().join("pts.txt");
    std::fs::remove_file(&link).unwrap();
    std::os::unix::fs::symlink(&secret, &link).unwrap();
    let out = run_ropkit([
        "sample",
        net.to_str().unwrap(),
        "--points",
        link.to_str().unwrap(),
    ]);
    let err = text(&out);
    assert!(!out.status.success());
    assert!(
        !err.contains("SECRET") && !err.contains("root"),
        "quoted: {err}"
    );
    assert!(
        err.contains("pts.txt:1:1:") && err.contains("not a points file"),
        "{err}"
    );
    // In a points file, the bad text is quoted at its line and column.
    std::fs::remove_file(&link).unwrap();
    std::fs::write(&link, "0 0 0\n1 2 x7\n").unwrap();
    let out = run_ropkit([
        "sample",
        net.to_str().unwrap(),
        "--points",
        link.to_str().unwrap(),
    ]);
    let err = text(&out);
    assert!(!out.status.success());
    assert!(err.contains("pts.txt:2:5: 'x7' is not a number"), "{err}");
}

#[test]
fn unclear_a_points_line_needs_two_or_three_numbers() {
    if gpu("unclear_a_points_line_needs_two_or_three_numbers").is_none() {
        return;
    }
    // One number a line was once taken as a point on the x axis.
    let (_dir, net, pts) = sample_project("0.5\n1.5\n2.5\n");
    let out = run_ropkit([
        "sample",
        net.to_str().unwrap(),
        "--points",
        pts.to_str().unwrap(),
    ]);
    let err = text(&out);
    assert!(!out.status.success() && out.stdout.is_empty(), "{err}");
    assert!(
        err.contains("pts.txt:1:1: one number where a points line holds two or three numbers"),
        "{err}"
    );
    // Two numbers are x and y; the sphere of radius 1 gives |p| - 1.
    let (_dir, net, pts) = sample_project("0.5 0\n0 2 0\n3 4\n");
    let out = run_ropkit([
        "sample",
        net.to_str().unwrap(),
        "--points",
        pts.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out));
    let values: Vec<f32> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| l.split(' ').next().unwrap().parse().unwrap())
        .collect();
    for (got, want) in values.iter().zip([-0.5f32, 1.0, 4.0]) {
        assert!((got - want).abs() < 1e-4, "{values:?}");
    }
}

/// A custom node whose every point runs nested loops of ten billion
/// steps, each on the last (nothing a compiler can fold; lavapipe cuts a
/// loop at 65,535 steps, which still leaves seconds a frame).
const ENDLESS: &str = "output: /render\nnodes:\n  /slow:\n    rop: custom\n    custom:\n      coordTypes: [vec3]\n      returnTypes: [Sdf]\n      function: |\n        ReturnT thismap(CoordT p, ContextT ctx) {\n          float acc = p.x;\n          int n = 100000 + int(p.z * 0.001);\n          for (int i = 0; i < n; i++) {\n            for (int j = 0; j < n; j++) {\n              acc = sin(acc * 1.37 + float(j));\n            }\n          }\n          return createSdf(length(p) - 1.0 + acc * 1e-3);\n        }\n  /render: { rop: raymarchRender3D, inputs: [/slow] }\n";

#[test]
fn time_sample_timeout_stops_a_scene_of_billions_of_steps() {
    if gpu("time_sample_timeout_stops_a_scene_of_billions_of_steps").is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let net = dir.path().join("slow.yaml");
    std::fs::write(&net, ENDLESS).unwrap();
    let pts = dir.path().join("pts.txt");
    let mut text_pts = String::new();
    for i in 0..200_000 {
        text_pts += &format!("{} 0.5 0.25\n", i as f32 * 1e-5);
    }
    std::fs::write(&pts, text_pts).unwrap();
    let out = run_ropkit([
        "sample",
        net.to_str().unwrap(),
        "--points",
        pts.to_str().unwrap(),
        "--timeout",
        "4",
        "-v",
    ]);
    let err = text(&out);
    // It fails with the timeout's message, naming the points it was on,
    // and says on the way that the step is still running.
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains(
            "did not finish on the GPU within 4 s: stopped (--timeout SECONDS allows longer)"
        ),
        "{err}"
    );
    assert!(err.contains(": sampling the points (points "), "{err}");
    assert!(err.contains("s so far (stopped at 4 s"), "{err}");
    // Nothing was written past what was sampled in time: fewer lines than points.
    assert!(String::from_utf8_lossy(&out.stdout).lines().count() < 200_000);
}

#[test]
fn time_sample_verbose_accounts_for_every_second() {
    if gpu("time_sample_verbose_accounts_for_every_second").is_none() {
        return;
    }
    let mut pts = String::new();
    for i in 0..50_000 {
        pts += &format!(
            "{} {} 0\n",
            (i % 100) as f32 * 0.03,
            (i / 100) as f32 * 0.01
        );
    }
    let (_dir, net, pts) = sample_project(&pts);
    let out = run_ropkit([
        "sample",
        net.to_str().unwrap(),
        "--points",
        pts.to_str().unwrap(),
        "-v",
    ]);
    let err = text(&out);
    assert!(out.status.success(), "{err}");
    assert_eq!(String::from_utf8_lossy(&out.stdout).lines().count(), 50_000);
    let line = err
        .lines()
        .find(|l| l.starts_with("50000 points in "))
        .unwrap_or_else(|| panic!("{err}"));
    // Every stage is a number of seconds; together they make the total.
    let secs: Vec<f64> = line
        .split(", ")
        .filter_map(|part| part.strip_suffix(" s"))
        .map(|part| part.rsplit(' ').next().unwrap().parse().unwrap())
        .collect();
    assert_eq!(secs.len(), 10, "{line}");
    let (parts, total) = (&secs[..9], secs[9]);
    let sum: f64 = parts.iter().sum();
    // Each part is printed to a millisecond.
    assert!(
        (sum - total).abs() <= 0.011 + total * 0.01,
        "{sum} of {total}: {line}"
    );
    // Small first draws, then larger ones: more than one draw.
    let draws: u64 = line
        .split(" points in ")
        .nth(1)
        .unwrap()
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(draws >= 2, "{line}");
}

#[test]
fn time_a_long_gpu_step_says_it_is_still_running() {
    if gpu("time_a_long_gpu_step_says_it_is_still_running").is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let net = dir.path().join("slow.yaml");
    std::fs::write(&net, ENDLESS).unwrap();
    let png = dir.path().join("out.png");
    let out = run_ropkit([
        "render",
        net.to_str().unwrap(),
        "-o",
        png.to_str().unwrap(),
        // Large enough that the frame outlasts the timeout several times
        // over on an idle machine too (lavapipe stops each loop at about
        // 65,535 iterations: a 96x96 frame took 3 s).
        "--size",
        "512x512",
        "--timeout",
        "5",
    ]);
    let err = text(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("s so far (stopped at 5 s; --timeout SECONDS changes it)"),
        "{err}"
    );
    assert!(
        err.contains("did not finish on the GPU within 5 s"),
        "{err}"
    );
    assert!(!png.exists());
}

#[test]
fn unclear_a_texture_past_the_budget_names_its_node() {
    if gpu("unclear_a_texture_past_the_budget_names_its_node").is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("ropkit.yaml"), "").unwrap();
    // A Radiance header of 8192x8192 texels: 682 MiB with its mips, refused
    // from the header before anything is decoded.
    std::fs::write(
        dir.path().join("huge.hdr"),
        "#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n\n-Y 8192 +X 8192\n",
    )
    .unwrap();
    let net = dir.path().join("net.yaml");
    std::fs::write(
        &net,
        "output: /render\nnodes:\n  /s: { rop: sphere }\n  /skyMap: { rop: environmentMap, params: { Image: huge.hdr } }\n  /render: { rop: raymarchRender3D, inputs: { scene: /s, background: /skyMap } }\n",
    )
    .unwrap();
    let png = dir.path().join("out.png");
    let out = run_ropkit([
        "render",
        net.to_str().unwrap(),
        "-o",
        png.to_str().unwrap(),
        "--size",
        "16x16",
    ]);
    let err = text(&out);
    assert!(!out.status.success());
    assert!(
        err.contains("huge.hdr")
            && err.contains("TEXTURE_BUDGET_BYTES")
            && err.contains("node /skyMap, parameter ")
            && err.contains("use a smaller image"),
        "{err}"
    );
}

#[test]
fn unclear_node_names_in_other_scripts_are_accepted_everywhere() {
    let dir = tempfile::tempdir().unwrap();
    let net = dir.path().join("net.yaml");
    std::fs::write(
        &net,
        "output: /рендер\nnodes:\n  /сцена/сфера: { rop: sphere, params: { Radius: 0.7 } }\n  /球体: { rop: sphere }\n  /сцена/union: { rop: combine, inputs: [/сцена/сфера, /球体] }\n  /рендер: { rop: raymarchRender3D, inputs: [/сцена/union] }\n",
    )
    .unwrap();
    // Stitched, checked by naga, and by a second compiler.
    let out = run_ropkit(["build", net.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out));
    let glsl = String::from_utf8(out.stdout).unwrap();
    assert_glslang(&glsl, "unicode node names");
    // Names in the code are ASCII; the paths stay readable in comments.
    assert!(glsl.contains("u441u444u435u440u430"), "the mangled name");
    for l in glsl.lines().filter(|l| !l.trim_start().starts_with("//")) {
        let code = l.split("//").next().unwrap();
        assert!(code.is_ascii(), "non-ASCII code: {l}");
    }
    // The JSON layout names the nodes as written.
    let out = run_ropkit(["export", net.to_str().unwrap(), "--format", "json"]);
    assert!(out.status.success(), "{}", text(&out));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(json.to_string().contains("/сцена/сфера"), "{json}");
    // A saved network reads back with the same names.
    let lib = library();
    let parsed = ropkit::network::Network::load(&net, &lib).unwrap();
    let again = ropkit::network::Network::parse(&parsed.to_yaml(&lib), &net, &lib).unwrap();
    assert_eq!(again.nodes, parsed.nodes);
    // Space, control, format and combining characters stay out: a
    // zero-width space or a right-to-left mark would make two paths look alike.
    for bad in [
        "/a\u{200b}b",
        "/a\u{200f}b",
        "/a\u{301}",
        "/a b",
        "/a\u{ad}b",
    ] {
        let text = format!(
            "output: /r\nnodes:\n  \"{bad}\": {{ rop: sphere }}\n  /r: {{ rop: raymarchRender3D, inputs: [\"{bad}\"] }}\n"
        );
        let e = ropkit::network::Network::parse(&text, &net, &lib).unwrap_err();
        assert!(
            e.to_string().contains("letters (of any script)"),
            "{bad:?}: {e}"
        );
    }
    // A custom node written out as a ROP folder gets an ASCII name.
    let custom = dir.path().join("custom.yaml");
    std::fs::write(
        &custom,
        "output: /r\nnodes:\n  /шар:\n    rop: custom\n    custom:\n      coordTypes: [vec3]\n      returnTypes: [Sdf]\n      function: |\n        ReturnT thismap(CoordT p, ContextT ctx) { return createSdf(length(p) - 1.0); }\n  /r: { rop: raymarchRender3D, inputs: [/шар] }\n",
    )
    .unwrap();
    let rops = dir.path().join("rops");
    let out = run_ropkit([
        "new-rop",
        "--from",
        custom.to_str().unwrap(),
        "/шар",
        "--into",
        rops.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out));
    assert!(
        rops.join("custom/u448u430u440/rop.yaml").is_file(),
        "{}",
        text(&out)
    );
}

#[test]
fn time_a_preview_frame_past_its_limit_is_stopped_and_says_why() {
    use ropkit::viewer::worker::{Event, FrameRequest, Job, Worker};
    use std::time::Duration;
    if gpu("time_a_preview_frame_past_its_limit_is_stopped_and_says_why").is_none() {
        return;
    }
    let lib = std::sync::Arc::new(library());
    let net = ropkit::network::Network::load(&root().join("presets/default.yaml"), &lib).unwrap();
    let project = ropkit::project::Project::checkout(&root());
    let doc = ropkit::document::Document::new(project, lib.clone(), net);
    let worker = Worker::start(&doc, || {});
    // A limit of nothing: every picture passes it with its first band.
    worker.send(Job::FrameLimit(Duration::ZERO));
    let request = FrameRequest {
        width: 48,
        height: 64,
        globals: Default::default(),
    };
    worker.send(Job::Frame(request));
    let mut rows = 0;
    let stopped = loop {
        match worker.events.recv_timeout(Duration::from_secs(300)) {
            Ok(Event::Rows {
                rows: n, complete, ..
            }) => {
                assert!(!complete, "a whole picture past a limit of 0 s");
                rows += n;
            }
            Ok(Event::RenderFailed(e)) => break e,
            Ok(Event::Dead(e)) => panic!("{e}"),
            Ok(_) => {}
            Err(e) => panic!("the preview never stopped: {e}"),
        }
    };
    // Stopped between bands: the rows drawn came, and the message says how
    // far it got, the limit, and what to do.
    assert!(rows > 0 && rows < 64, "{rows} rows");
    assert!(
        stopped.contains(&format!("{rows} of 64 rows drawn"))
            && stopped.contains("PREVIEW_FRAME_SECS")
            && stopped.contains("ropkit render --timeout"),
        "{stopped}"
    );
    // Asking again for the same picture does not draw it again...
    worker.send(Job::Frame(request));
    match worker.events.recv_timeout(Duration::from_secs(2)) {
        Ok(Event::Rows { .. }) | Ok(Event::RenderFailed(_)) => {
            panic!("the stopped picture was drawn again")
        }
        _ => {}
    }
    // ...and with a limit it fits, a new revision draws it whole.
    worker.send(Job::FrameLimit(Duration::from_secs(3600)));
    worker.send(Job::Revision {
        net: Box::new(doc.net.clone()),
        lib: lib.clone(),
        revision: doc.revision() + 1,
    });
    worker.send(Job::Frame(request));
    loop {
        match worker.events.recv_timeout(Duration::from_secs(300)) {
            Ok(Event::Rows { complete: true, .. }) => break,
            Ok(Event::RenderFailed(e)) | Ok(Event::Dead(e)) => panic!("{e}"),
            Ok(_) => {}
            Err(e) => panic!("no picture after the limit was raised: {e}"),
        }
    }
}

#[test]
fn time_view_screenshot_shoots_a_stopped_preview() {
    if gpu("time_view_screenshot_shoots_a_stopped_preview").is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let shot = dir.path().join("shot.png");
    // A preview limit of nothing: the first picture is stopped after one band.
    let out = std::process::Command::new("xvfb-run")
        .args(["-a", "-s", "-screen 0 1280x800x24"])
        .arg(env!("CARGO_BIN_EXE_ropkit"))
        .current_dir(root())
        .env("XDG_CONFIG_HOME", dir.path())
        .env("XDG_DATA_HOME", dir.path())
        .env("ROPKIT_PREVIEW_SECONDS", "0")
        .args(["view", "presets/default.yaml", "--screenshot"])
        .arg(&shot)
        .args(["--frames", "3"])
        .output()
        .expect("xvfb-run (apt-get install xvfb xauth)");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    // It did not wait for a picture that will not come: it shot the window.
    assert!(stderr.contains("first picture: none"), "{stderr}");
    let img = image::open(&shot).unwrap().to_rgba8();
    assert_eq!(img.dimensions(), (1280, 800));
    // The preview column shows the message in red.
    let red = (0..800)
        .flat_map(|y| (860..1280).map(move |x| (x, y)))
        .filter(|&(x, y)| {
            let p = img.get_pixel(x, y).0;
            p[0] > 200 && p[1] < 60 && p[2] < 60
        })
        .count();
    assert!(
        red > 40,
        "no red message in the preview column ({red} pixels)"
    );
}

/// Samples `node` (a field) through `probeColor3` at `pts`, on `renderer`,
/// in the project folder `dir`.
fn probe_field(
    renderer: &mut ropkit::render::Renderer,
    lib: &ropkit::library::Library,
    dir: &Path,
    node: &str,
    pts: &[[f32; 3]],
) -> Vec<[f32; 4]> {
    let text = format!(
        "output: /out\nnodes:\n  /f: {node}\n  /out: {{ rop: probeColor3, inputs: [/f] }}\n"
    );
    let net = ropkit::network::Network::parse(&text, &dir.join("probe.yaml"), lib).unwrap();
    ropkit::sample::sample_network(&net, lib, renderer, pts)
        .unwrap_or_else(|e| panic!("{}", e.report()))
}

fn grey16_png(level: u16) -> Vec<u8> {
    let img =
        image::ImageBuffer::<image::Luma<u16>, Vec<u16>>::from_pixel(2, 2, image::Luma([level]));
    let mut bytes = Vec::new();
    img.write_to(
        &mut std::io::Cursor::new(&mut bytes),
        image::ImageFormat::Png,
    )
    .unwrap();
    bytes
}

#[test]
fn stale_an_edited_texture_or_volume_is_read_again() {
    let Some(device) = gpu("stale_an_edited_texture_or_volume_is_read_again") else {
        return;
    };
    let lib = crate::catalog::catalog_library();
    let dir = tempfile::tempdir().unwrap();
    let mut r = ropkit::render::Renderer::new(device);
    r.asset_dirs = vec![dir.path().to_path_buf()];
    let centre = [[0.0f32, 0.0, 0.0]];
    // A texture: one red pixel, then one blue pixel at the same path.
    let pixel = |rgb: [u8; 3]| {
        let mut bytes = Vec::new();
        image::RgbaImage::from_pixel(1, 1, image::Rgba([rgb[0], rgb[1], rgb[2], 255]))
            .write_to(
                &mut std::io::Cursor::new(&mut bytes),
                image::ImageFormat::Png,
            )
            .unwrap();
        bytes
    };
    let tex = "{ rop: textureField, params: { Texture: t.png } }";
    std::fs::write(dir.path().join("t.png"), pixel([220, 20, 20])).unwrap();
    let red = probe_field(&mut r, &lib, dir.path(), tex, &centre)[0];
    assert!(red[0] > 0.5 && red[2] < 0.1, "{red:?}");
    std::fs::write(dir.path().join("t.png"), pixel([20, 20, 220])).unwrap();
    let blue = probe_field(&mut r, &lib, dir.path(), tex, &centre)[0];
    assert!(
        blue[2] > 0.5 && blue[0] < 0.1,
        "the edit is not seen: {blue:?}"
    );
    // A raw volume: every voxel 50, then every voxel 200, at the same path.
    let vol = "{ rop: volumeTexture, params: { File: v.raw, RawSize: [2, 2, 2], RawFormat: u8 } }";
    for level in [50u8, 200] {
        std::fs::write(dir.path().join("v.raw"), [level; 8]).unwrap();
        let got = probe_field(&mut r, &lib, dir.path(), vol, &centre)[0][0];
        assert!(
            (got - f32::from(level) / 255.0).abs() < 1e-3,
            "{level}: {got}"
        );
    }
    // A stack of 16-bit images: read at 16 bits (a byte would be off by
    // up to 1/510), and read again when a slice changes.
    std::fs::create_dir(dir.path().join("stack")).unwrap();
    let stack = "{ rop: volumeTexture, params: { File: stack } }";
    for level in [30_000u16, 41_234] {
        for name in ["a.png", "b.png"] {
            std::fs::write(dir.path().join("stack").join(name), grey16_png(level)).unwrap();
        }
        let got = probe_field(&mut r, &lib, dir.path(), stack, &centre)[0][0];
        let want = f32::from(level) / 65535.0;
        // Half floats between 0.5 and 1 are 1/2048 apart.
        assert!((got - want).abs() < 2.5e-4, "{level}: {got} for {want}");
    }
}
