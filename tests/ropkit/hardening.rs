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
