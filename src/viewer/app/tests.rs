//! The window's handlers without a window: whole frames of [`App`] run on an
//! egui context with the key events a keyboard would send, and the file
//! watcher sees real writes.

use super::*;
use crate::project::Project;
use std::path::Path;
use std::time::Duration;

const NET: &str = "output: /render\nnodes:\n  /s: { rop: sphere, params: { Radius: 1.0 } }\n  /render: { rop: raymarchRender3D, inputs: [/s] }\n";

struct Window {
    app: App,
    ctx: egui::Context,
    file: PathBuf,
    _dir: tempfile::TempDir,
}

/// The window on a small network, its first build done (or given up
/// for want of a GPU), so that counts of builds start from it.
fn open() -> Window {
    let mut w = open_text(NET);
    assert!(w.frames_until(Duration::from_secs(120), |a| !building(a)));
    w
}

/// The window on a network written from `text`, as `ropkit view` opens
/// it: nothing built yet, the preview worker builds.
fn open_text(text: &str) -> Window {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("net.yaml");
    std::fs::write(&file, text).unwrap();
    let project = Project::checkout(Path::new(env!("CARGO_MANIFEST_DIR")));
    let lib = project.load_library();
    let net = Network::load(&file, &lib).unwrap();
    let doc = Document::new(project, lib, net);
    let ctx = egui::Context::default();
    let cc = eframe::CreationContext::_new_kittest(ctx.clone());
    let app = App::new(&cc, doc, None, crate::viewer::ViewArgs::default());
    assert!(app.watcher.is_some(), "{:?}", app.log);
    Window {
        app,
        ctx,
        file,
        _dir: dir,
    }
}

/// Ctrl (Command on a Mac), with Shift if asked.
fn ctrl(shift: bool) -> egui::Modifiers {
    egui::Modifiers {
        ctrl: true,
        command: true,
        shift,
        ..Default::default()
    }
}

impl Window {
    /// One frame, with `key` pressed and released under `modifiers`.
    fn frame(&mut self, key: Option<(egui::Key, egui::Modifiers)>) {
        let mut input = egui::RawInput::default();
        if let Some((key, modifiers)) = key {
            for pressed in [true, false] {
                input.events.push(egui::Event::Key {
                    key,
                    physical_key: Some(key),
                    pressed,
                    repeat: false,
                    modifiers,
                });
            }
        }
        let mut frame = eframe::Frame::_new_kittest();
        let app = &mut self.app;
        let mut output = self
            .ctx
            .run_ui(input, |ui| eframe::App::ui(app, ui, &mut frame));
        // No painter here to take the font atlas.
        output.textures_delta.clear();
    }

    fn radius(&self) -> ParamValue {
        self.app
            .doc
            .net
            .param_value(&self.app.doc.lib, "/s", "Radius")
            .unwrap()
    }

    /// Frames until `done` holds, for at most `limit`.
    fn frames_until(&mut self, limit: Duration, done: impl Fn(&App) -> bool) -> bool {
        let end = Instant::now() + limit;
        while Instant::now() < end {
            self.frame(None);
            if done(&self.app) {
                return true;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        false
    }
}

#[test]
fn ctrl_z_undoes_and_ctrl_shift_z_and_ctrl_y_redo() {
    let mut w = open();
    w.frame(None);
    w.app.set_param("/s", "Radius", ParamValue::Float(1.5));
    assert_eq!(w.radius(), ParamValue::Float(1.5));
    w.frame(Some((egui::Key::Z, ctrl(false))));
    assert_eq!(w.radius(), ParamValue::Float(1.0), "Ctrl+Z undoes");
    w.frame(Some((egui::Key::Z, ctrl(true))));
    assert_eq!(w.radius(), ParamValue::Float(1.5), "Ctrl+Shift+Z redoes");
    w.frame(Some((egui::Key::Z, ctrl(false))));
    w.frame(Some((egui::Key::Y, ctrl(false))));
    assert_eq!(w.radius(), ParamValue::Float(1.5), "Ctrl+Y redoes");
    // Z alone is typing, not a shortcut.
    w.frame(Some((egui::Key::Z, egui::Modifiers::NONE)));
    assert_eq!(w.radius(), ParamValue::Float(1.5));
    // The picture follows: undo rebuilt nothing (a uniform), the values changed.
    assert!(w.app.doc.error.is_none());
}

#[test]
fn ctrl_s_saves_and_the_viewer_tells_its_own_save_from_an_outside_edit() {
    let mut w = open();
    w.frame(None);
    w.app.set_param("/s", "Radius", ParamValue::Float(0.75));
    assert!(w.app.dirty);
    w.frame(Some((egui::Key::S, ctrl(false))));
    assert!(!w.app.dirty, "Ctrl+S saved: {:?}", w.app.log);
    let saved = std::fs::read_to_string(&w.file).unwrap();
    assert!(saved.contains("Radius: 0.75"), "{saved}");
    // The watcher sees that write (its change waits out the quiet
    // period, then is handled); it is ours, so nothing is reloaded.
    let builds = w.app.doc.stats.shader_builds;
    let history = w.app.history.can_undo();
    let pending = |a: &App| a.watcher.as_ref().is_some_and(|w| w.is_pending());
    assert!(
        w.frames_until(Duration::from_secs(5), pending),
        "the watcher never saw the save"
    );
    assert!(w.frames_until(Duration::from_secs(5), |a| !pending(a)));
    let reloaded = |a: &App| a.log.iter().any(|l| l.contains("changed on disk"));
    assert!(
        !reloaded(&w.app),
        "our own save was taken for an outside edit: {:?}",
        w.app.log
    );
    assert_eq!(w.app.doc.stats.shader_builds, builds);
    assert_eq!(w.app.history.can_undo(), history);
    assert_eq!(w.radius(), ParamValue::Float(0.75));

    // An outside edit, saved the way most editors save (a new file
    // beside the target, renamed over it), is applied.
    let tmp = w.file.with_file_name(".net.yaml.new");
    std::fs::write(&tmp, saved.replace("Radius: 0.75", "Radius: 0.25")).unwrap();
    std::fs::rename(&tmp, &w.file).unwrap();
    assert!(
        w.frames_until(Duration::from_secs(5), reloaded),
        "the outside edit was not seen: {:?}",
        w.app.log
    );
    assert_eq!(w.radius(), ParamValue::Float(0.25));
    assert!(!w.app.dirty);
    // And it can be undone like an edit.
    w.frame(Some((egui::Key::Z, ctrl(false))));
    assert_eq!(w.radius(), ParamValue::Float(0.75));
}

#[test]
fn an_outside_edit_over_unsaved_edits_is_offered_not_applied() {
    let mut w = open();
    w.frame(None);
    w.app.set_param("/s", "Radius", ParamValue::Float(1.25));
    std::fs::write(&w.file, NET.replace("Radius: 1.0", "Radius: 0.5")).unwrap();
    assert!(
        w.frames_until(Duration::from_secs(5), |a| a.disk_changed),
        "the outside edit was not noticed: {:?}",
        w.app.log
    );
    assert_eq!(
        w.radius(),
        ParamValue::Float(1.25),
        "local edits are not overwritten"
    );
    assert!(w.app.dirty);
}

/// A sphere under `n` transforms: with a few dozen, its build (stitch,
/// naga, pipeline) takes many window frames in a debug build.
fn chain(n: usize) -> String {
    let mut s = String::from("output: /render\nnodes:\n  /n0: { rop: sphere }\n");
    for i in 1..=n {
        s += &format!(
            "  /n{i}: {{ rop: transform, params: {{ Rotate: [{}, 0, 0] }}, inputs: [/n{}] }}\n",
            i % 7,
            i - 1
        );
    }
    s + &format!("  /render: {{ rop: raymarchRender3D, inputs: [/n{n}] }}\n")
}

/// Whether a GPU adapter is here for the preview worker; without one
/// the test fails with what to install, or with ROPKIT_SKIP_GPU=1 says
/// it skipped.
fn gpu_here(test: &str) -> bool {
    match crate::render::Gpu::headless() {
        Ok(_) => true,
        Err(e) if std::env::var("ROPKIT_SKIP_GPU").is_ok_and(|v| v == "1") => {
            eprintln!("SKIPPED {test}: {e}");
            false
        }
        Err(e) => panic!("{test}: {e}"),
    }
}

fn building(a: &App) -> bool {
    a.waiting_since.is_some()
}

#[test]
fn the_window_keeps_drawing_while_a_big_network_builds() {
    if !gpu_here("the_window_keeps_drawing_while_a_big_network_builds") {
        return;
    }
    let mut w = open_text(&chain(40));
    w.frame(None);
    assert!(building(&w.app), "the build runs behind the window");
    // Frames go on while the worker builds: each returns at once.
    let mut frames_while_building = 0;
    while building(&w.app) && frames_while_building < 10_000 {
        w.frame(None);
        frames_while_building += 1;
        std::thread::sleep(Duration::from_millis(5));
    }
    assert!(
        frames_while_building >= 3,
        "only {frames_while_building} window frames during the build"
    );
    assert!(
        w.frames_until(Duration::from_secs(300), |a| !building(a)
            && a.doc.built.is_some()),
        "the build never finished: {:?}",
        w.app.log
    );
    assert!(w.app.doc.error.is_none(), "{:?}", w.app.doc.error);
    // Then the picture comes in bands, the window drawing between them.
    assert!(
        w.frames_until(Duration::from_secs(300), |a| a.preview.full_pictures >= 1),
        "no picture: {:?}",
        w.app.preview.error
    );
}

#[test]
fn an_edit_made_during_a_build_is_the_one_built() {
    if !gpu_here("an_edit_made_during_a_build_is_the_one_built") {
        return;
    }
    let mut w = open_text(&chain(60));
    w.frame(None);
    assert!(building(&w.app));
    // Two structural edits in a row while the first build runs: the
    // newest wins, the one between is dropped or overtaken.
    w.app.apply_graph_edit(GraphEdit::Rename {
        from: "/n0".into(),
        to: "/first".into(),
    });
    w.frame(None);
    w.app.apply_graph_edit(GraphEdit::Rename {
        from: "/first".into(),
        to: "/second".into(),
    });
    let sent = w.app.doc.revision();
    assert!(
        w.frames_until(Duration::from_secs(300), |a| !building(a)),
        "the builds never settled: {:?}",
        w.app.log
    );
    assert_eq!(w.app.built_revision, sent, "the last edit was built");
    let glsl = w
        .app
        .doc
        .built
        .as_ref()
        .map(|b| b.shader.glsl.clone())
        .unwrap_or_else(|| panic!("no shader: {:?} {:?}", w.app.doc.error, w.app.log));
    assert!(
        glsl.contains("node /second (sphere)"),
        "the newest edit is in the shader"
    );
    assert!(!glsl.contains("node /first "), "not an older one");
    assert!(!glsl.contains("node /n0 "));
    // A parameter edit after it is applied too, without a build.
    let builds = w.app.doc.stats.shader_builds;
    w.app.set_param("/second", "Radius", ParamValue::Float(0.5));
    assert!(w.frames_until(Duration::from_secs(60), |a| !building(a)));
    assert_eq!(w.app.built_revision, w.app.doc.revision());
    assert_eq!(
        w.app.doc.stats.shader_builds, builds,
        "a value, not a build"
    );
}

#[test]
fn a_native_dialog_s_answer_is_used_and_no_answer_leaves_the_typed_path() {
    let mut w = open();
    w.app.set_param("/s", "Radius", ParamValue::Float(0.6));
    // Save as: the chosen file is written at once, the typed dialog closes.
    let chosen = w.file.with_file_name("chosen.yaml");
    w.app.save_as = Some(w.file.display().to_string());
    w.app.browse = Some(Browse::answered(Purpose::SaveAs, Some(chosen.clone())));
    w.frame(None);
    let saved = std::fs::read_to_string(&chosen).expect("saved where the dialog said");
    assert!(saved.contains("Radius: 0.6"), "{saved}");
    assert!(w.app.save_as.is_none() && w.app.browse.is_none());
    // No answer (cancelled, or no portal): the typed path stays offered.
    w.app.save_as = Some("typed.yaml".into());
    w.app.browse = Some(Browse::answered(Purpose::SaveAs, None));
    w.frame(None);
    assert_eq!(w.app.save_as.as_deref(), Some("typed.yaml"));
    // Export PNG: the chosen file fills the dialog's path.
    w.app.export_png = Some(("a.png".into(), 64, 64));
    let png = w.file.with_file_name("shot.png");
    w.app.browse = Some(Browse::answered(Purpose::ExportPng, Some(png.clone())));
    w.frame(None);
    assert_eq!(
        w.app.export_png.as_ref().map(|e| e.0.clone()),
        Some(png.display().to_string())
    );
    // Open with no answer offers the typed Open dialog.
    w.app.browse = Some(Browse::answered(Purpose::Open, None));
    w.frame(None);
    assert!(w.app.open_path.is_some());
}

#[test]
fn a_mesh_export_runs_on_the_worker_and_never_overwrites_the_network() {
    if !gpu_here("a_mesh_export_runs_on_the_worker_and_never_overwrites_the_network") {
        return;
    }
    let mut w = open();
    let glb = w.file.with_file_name("scene.glb");
    w.app.worker.send(Job::ExportMesh {
        path: glb.clone(),
        resolution: 24,
    });
    let exported = |a: &App| {
        a.log
            .iter()
            .any(|l| l.contains("exported") && l.contains("scene.glb"))
    };
    assert!(
        w.frames_until(Duration::from_secs(120), exported),
        "{:?}",
        w.app.log
    );
    let bytes = std::fs::read(&glb).unwrap();
    assert_eq!(&bytes[..4], b"glTF", "a binary glTF");
    assert!(
        w.app.log.iter().any(|l| l.contains(" triangles")),
        "{:?}",
        w.app.log
    );
    // The network file itself is refused, and left as it was.
    let before = std::fs::read(&w.file).unwrap();
    w.app.worker.send(Job::ExportMesh {
        path: w.file.clone(),
        resolution: 24,
    });
    let refused = |a: &App| a.log.iter().any(|l| l.contains("export failed"));
    assert!(
        w.frames_until(Duration::from_secs(60), refused),
        "{:?}",
        w.app.log
    );
    assert_eq!(std::fs::read(&w.file).unwrap(), before);
}

#[test]
fn data_loss_save_as_and_export_never_replace_what_the_network_reads() {
    if !gpu_here("data_loss_save_as_and_export_never_replace_what_the_network_reads") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    std::fs::copy(root.join("assets/checker.png"), dir.path().join("tex.png")).unwrap();
    let rops = dir.path().join("more_rops");
    std::fs::create_dir_all(rops.join("shapes")).unwrap();
    let file = dir.path().join("net.yaml");
    std::fs::write(
        &file,
        "output: /render\nnodes:\n  /s: { rop: sphere }\n  /m: { rop: textureMaterial, params: { Texture: tex.png }, inputs: [/s] }\n  /render: { rop: raymarchRender3D, inputs: [/m] }\n",
    )
    .unwrap();
    let project = Project::checkout(root).with_rops(std::slice::from_ref(&rops));
    let lib = project.load_library();
    let net = Network::load(&file, &lib).unwrap();
    let doc = Document::new(project, lib, net);
    let ctx = egui::Context::default();
    let cc = eframe::CreationContext::_new_kittest(ctx.clone());
    let app = App::new(&cc, doc, None, crate::viewer::ViewArgs::default());
    let mut w = Window {
        app,
        ctx,
        file: file.clone(),
        _dir: dir,
    };
    assert!(w.frames_until(Duration::from_secs(120), |a| !building(a)));
    let tex = file.with_file_name("tex.png");
    let before = std::fs::read(&tex).unwrap();
    let in_rops = rops.join("shapes/new.yaml");
    for target in [&tex, &in_rops] {
        w.app.save(Some(target.clone()));
        assert!(
            w.app.log.last().is_some_and(|l| l.contains("refusing")),
            "{:?}",
            w.app.log
        );
    }
    assert_eq!(w.app.doc.net.file, file, "still the same network");
    for target in [&tex, &in_rops] {
        w.app.worker.send(Job::Export {
            format: crate::export::Format::Glsl,
            path: target.clone(),
        });
        let refused = |a: &App| {
            a.log.iter().any(|l| {
                l.contains("export failed")
                    && l.contains("refusing")
                    && l.contains(target.to_str().unwrap())
            })
        };
        assert!(
            w.frames_until(Duration::from_secs(60), refused),
            "{:?}",
            w.app.log
        );
    }
    assert_eq!(std::fs::read(&tex).unwrap(), before);
    assert!(!in_rops.exists());
    // Saving the network over itself is still Save.
    w.app.save(None);
    assert!(
        w.app.log.last().is_some_and(|l| l.starts_with("saved")),
        "{:?}",
        w.app.log
    );
}

#[test]
fn unclear_a_network_that_does_not_load_shows_its_own_error_after_the_build() {
    // A node on line 4 runs a ROP there is none of.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("net.yaml");
    std::fs::write(
        &file,
        "output: /render\nnodes:\n  /s: { rop: sphere }\n  /t: { rop: noSuchRop, inputs: [/s] }\n  /render: { rop: raymarchRender3D, inputs: [/t] }\n",
    )
    .unwrap();
    let project = Project::checkout(Path::new(env!("CARGO_MANIFEST_DIR")));
    let lib = project.load_library();
    let (net, error) = crate::viewer::load_or_empty(&project, &lib, &file);
    let error = error.expect("the file does not load");
    let own = error.to_string();
    assert!(
        own.contains("net.yaml:4") && own.contains("noSuchRop"),
        "{own}"
    );
    let doc = crate::viewer::document(project, lib, net, Some(error));
    let ctx = egui::Context::default();
    let cc = eframe::CreationContext::_new_kittest(ctx.clone());
    let app = App::new(
        &cc,
        doc,
        Some(own.clone()),
        crate::viewer::ViewArgs::default(),
    );
    let mut w = Window {
        app,
        ctx,
        file,
        _dir: dir,
    };
    // The worker builds the empty network (it has no output) and says so;
    // what the window shows is still the file's own error.
    assert!(w.frames_until(Duration::from_secs(120), |a| !building(a)));
    for _ in 0..5 {
        w.frame(None);
    }
    let shown = w.app.doc.error.as_ref().map(|e| e.to_string());
    assert_eq!(shown.as_deref(), Some(own.as_str()));
    assert!(w.app.tab == Tab::Errors);
    assert!(w.app.log.iter().any(|l| l == &own), "{:?}", w.app.log);
    // Saving would destroy the file: it is refused.
    let before = std::fs::read_to_string(&w.file).unwrap();
    w.frame(Some((egui::Key::S, ctrl(false))));
    assert_eq!(std::fs::read_to_string(&w.file).unwrap(), before);
}
