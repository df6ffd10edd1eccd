//! The viewer's paths: file watching and rebuilding without a window, and
//! the real window under Xvfb with a screenshot.

use crate::common::*;
use ropkit::live::Live;
use ropkit::network::Network;
use ropkit::render::Renderer;
use ropkit::watch::{Watcher, apply};
use std::time::{Duration, Instant};

/// Waits for the watcher to report a change and applies it; returns the time taken.
fn wait_and_apply(watcher: &mut Watcher, live: &mut Live, since: Instant) -> Duration {
    let deadline = since + Duration::from_secs(5);
    loop {
        let changes = watcher.wait(Duration::from_millis(50));
        if apply(live, changes).is_some() {
            return since.elapsed();
        }
        assert!(Instant::now() < deadline, "no file change seen within 5 s");
    }
}

#[test]
fn saving_a_rop_file_rebuilds_and_a_broken_one_keeps_the_last_shader() {
    let Some(gpu) = gpu("saving_a_rop_file_rebuilds_and_a_broken_one_keeps_the_last_shader") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let rops = dir.path().join("rops");
    copy_dir(&root().join("tests/fixtures/user_rops"), &rops);
    let net_path = dir.path().join("net.yaml");
    std::fs::copy(
        root().join("tests/fixtures/user_rop_network.yaml"),
        &net_path,
    )
    .unwrap();
    let project = project(std::slice::from_ref(&rops));
    let lib = project.load_library();
    let net = Network::load(&net_path, &lib).unwrap();
    let mut live = Live::new(project, lib, net, Some(Renderer::new(gpu)));
    assert!(live.error.is_none(), "{:?}", live.error);
    let mut watcher = Watcher::new(&live.lib.watch_roots(), Some(&net_path), || {}).unwrap();
    let first = live.render_image(48, 48).unwrap();
    let builds = live.stats.shader_builds;

    // A good edit: a new shader.
    let function = rops.join("shapes/capsuleY/function.glsl");
    let text = std::fs::read_to_string(&function).unwrap();
    let t0 = Instant::now();
    std::fs::write(
        &function,
        text.replace("THIS_Radius;", "THIS_Radius * 1.8;"),
    )
    .unwrap();
    let took = wait_and_apply(&mut watcher, &mut live, t0);
    eprintln!("ROP file save to new shader: {} ms", took.as_millis());
    assert!(took < Duration::from_secs(2), "took {took:?}");
    assert_eq!(live.stats.shader_builds, builds + 1);
    assert!(live.error.is_none(), "{:?}", live.error);
    assert!(
        live.built
            .as_ref()
            .unwrap()
            .shader
            .glsl
            .contains("pill_Radius * 1.8")
    );
    let second = live.render_image(48, 48).unwrap();
    assert_ne!(first, second, "the edit shows in the picture");

    // A broken edit: the error is reported, the previous shader stays in use.
    let t1 = Instant::now();
    std::fs::write(&function, text.replace("THIS_Radius;", "THIS_Radius +;")).unwrap();
    wait_and_apply(&mut watcher, &mut live, t1);
    let err = live
        .error
        .as_ref()
        .expect("the broken file is reported")
        .to_string();
    assert!(err.contains("capsuleY/function.glsl:4:"), "{err}");
    assert!(
        live.built
            .as_ref()
            .unwrap()
            .shader
            .glsl
            .contains("pill_Radius * 1.8")
    );
    assert_eq!(live.render_image(48, 48).unwrap(), second);

    // The network file is watched too.
    let t2 = Instant::now();
    let net_text = std::fs::read_to_string(&net_path).unwrap();
    std::fs::write(&function, &text).unwrap();
    std::fs::write(&net_path, net_text.replace("Height: 1.5", "Height: 0.5")).unwrap();
    wait_and_apply(&mut watcher, &mut live, t2);
    // Both changes may arrive in one batch or two.
    if live.error.is_some()
        || live.net.nodes["/pill"].params.get("Height")
            != Some(&ropkit::value::ParamValue::Float(0.5))
    {
        wait_and_apply(&mut watcher, &mut live, t2);
    }
    assert!(live.error.is_none(), "{:?}", live.error);
    assert_eq!(
        live.net.nodes["/pill"].params.get("Height"),
        Some(&ropkit::value::ParamValue::Float(0.5))
    );
}

#[test]
fn the_viewer_window_shows_graph_parameters_and_picture() {
    if gpu("the_viewer_window_shows_graph_parameters_and_picture").is_none() {
        return;
    }
    let xvfb = std::process::Command::new("xvfb-run")
        .arg("--help")
        .output();
    assert!(
        xvfb.is_ok(),
        "xvfb-run not found: install xvfb and xauth (apt-get install xvfb xauth)"
    );
    let dir = tempfile::tempdir().unwrap();
    let shot = dir.path().join("shot.png");
    let out = std::process::Command::new("xvfb-run")
        .args(["-a", "-s", "-screen 0 1280x800x24"])
        .arg(env!("CARGO_BIN_EXE_ropkit"))
        .current_dir(root())
        .env("XDG_CONFIG_HOME", dir.path()) // no saved layout from earlier runs
        .env("XDG_DATA_HOME", dir.path())
        .args(["view", "presets/default.yaml", "--screenshot"])
        .arg(&shot)
        .args(["--frames", "10"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    // Opening and drawing a network edits nothing: one build, no updates, nothing to save.
    assert!(
        stderr.contains("shader builds: 1, parameter updates: 0, unsaved edits: false"),
        "{stderr}"
    );
    let img = image::open(&shot).unwrap().to_rgba8();
    assert_eq!(img.dimensions(), (1280, 800));
    // The preview (right column) holds the lit scene: many different colours.
    let preview: Vec<[u8; 4]> = (100..500)
        .flat_map(|y| (880..1240).map(move |x| (x, y)))
        .map(|(x, y)| img.get_pixel(x, y).0)
        .step_by(7)
        .collect();
    let reddish = preview
        .iter()
        .filter(|p| p[0] > 150 && p[1] < 140 && p[2] < 130)
        .count();
    let bluish = preview.iter().filter(|p| p[2] > 150 && p[0] < 120).count();
    assert!(
        reddish > 50 && bluish > 50,
        "the preview shows the red sphere and the blue box ({reddish}, {bluish})"
    );
    // The graph (centre) has node headers in category colours on the dark background.
    let graph: Vec<[u8; 4]> = (60..720)
        .flat_map(|y| (180..830).map(move |x| (x, y)))
        .map(|(x, y)| img.get_pixel(x, y).0)
        .collect();
    let coloured = graph
        .iter()
        .filter(|p| p.iter().take(3).max().unwrap() - p.iter().take(3).min().unwrap() > 60)
        .count();
    assert!(
        coloured > 500,
        "node headers are drawn ({coloured} coloured pixels)"
    );
}

#[test]
fn reading_rop_files_is_not_a_change() {
    // Every rebuild reads every ROP file; if reads counted, the viewer would rebuild forever.
    let dir = tempfile::tempdir().unwrap();
    let rops = dir.path().join("rops");
    copy_dir(&root().join("tests/fixtures/user_rops"), &rops);
    let mut watcher = Watcher::new(std::slice::from_ref(&rops), None, || {}).unwrap();
    for _ in 0..3 {
        let lib =
            ropkit::library::Library::load(std::slice::from_ref(&rops), &root().join("shaders"));
        assert!(lib.get("capsuleY").is_some());
    }
    assert!(
        !watcher.wait(Duration::from_millis(400)).any(),
        "reads were reported as changes"
    );
    // A write is.
    let f = rops.join("shapes/capsuleY/function.glsl");
    let text = std::fs::read_to_string(&f).unwrap();
    std::fs::write(&f, text + "\n").unwrap();
    assert!(watcher.wait(Duration::from_secs(3)).library);
}

#[test]
fn a_new_rop_folder_joins_the_library_without_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let rops = dir.path().join("rops");
    copy_dir(&root().join("tests/fixtures/user_rops"), &rops);
    let project = project(std::slice::from_ref(&rops));
    let lib = project.load_library();
    let net = Network::load(&root().join("tests/fixtures/user_rop_network.yaml"), &lib).unwrap();
    let mut live = Live::new(project, lib, net, None);
    let mut watcher = Watcher::new(&live.lib.watch_roots(), None, || {}).unwrap();
    assert!(live.lib.get("blob").is_none());
    ropkit::cli::new_rop("shapes/blob", &rops).unwrap();
    let changes = watcher.wait(Duration::from_secs(3));
    assert!(changes.library);
    apply(&mut live, changes).unwrap().unwrap();
    assert!(
        live.lib.get("blob").is_some(),
        "the palette lists what the library holds"
    );
}
