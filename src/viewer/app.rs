//! The viewer's state and its frame: menus, panels, edits, undo, saving,
//! exporting, file watching, and the screenshot mode used by tests.

use super::ViewArgs;
use super::browse::{Browse, Purpose};
use super::graph::{Graph, GraphEdit, palette};
use super::history::History;
use super::preview::{Orbit, Preview};
use super::worker::{Event, Job, Worker};
use crate::document::Document;
use crate::export::Format;
use crate::files::write_atomic;
use crate::network::Network;
use crate::value::ParamValue;
use crate::watch::Watcher;
use eframe::egui;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

#[derive(Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
enum Tab {
    Errors,
    Glsl,
    Log,
}

/// What is kept between runs (panel sizes are kept by egui itself).
#[derive(serde::Serialize, serde::Deserialize)]
struct Settings {
    scale: f32,
    tab: Tab,
    #[serde(default = "default_budget")]
    budget_ms: f32,
}

fn default_budget() -> f32 {
    20.0
}

/// The gaps between window frames, to show that none is long.
#[derive(Default)]
struct UiFrames {
    last: Option<Instant>,
    longest: Duration,
}

impl UiFrames {
    fn tick(&mut self) {
        let now = Instant::now();
        if let Some(last) = self.last {
            self.longest = self.longest.max(now - last);
            if std::env::var_os("ROPKIT_DEBUG_FRAMES").is_some()
                && now - last > Duration::from_millis(60)
            {
                eprintln!(
                    "slow window frame: {:.0} ms",
                    (now - last).as_secs_f64() * 1000.0
                );
            }
        }
        self.last = Some(now);
    }
}

pub struct App {
    /// The network and library as the window edits them. Builds happen on
    /// the preview worker, which is sent each revision; `doc.built`,
    /// `doc.error` and `doc.stats` are what it last reported.
    doc: Document,
    worker: Worker,
    /// The revision of the document the worker's last report was about.
    built_revision: u64,
    /// The worker stopped (no GPU device): nothing will be built.
    worker_dead: bool,
    /// A network was sent and no report has come back yet, since then.
    waiting_since: Option<Instant>,
    /// Time between window frames, for `--screenshot`'s report.
    ui_frames: UiFrames,
    /// When the program started (for "first picture").
    started: Instant,
    /// `--screenshot`: orbit this many degrees before the shot.
    orbit_degrees: f32,
    shot_requested: bool,
    orbit_frames_done: u32,
    /// `--screenshot`: the first complete picture arrived after this long,
    /// and after this many window frames.
    first_picture: Option<Duration>,
    frames_before_picture: u32,
    /// The frame budget for preview work, in ms (a setting).
    budget_ms: f32,
    graph: Graph,
    history: History,
    preview: Preview,
    watcher: Option<Watcher>,
    selected: Option<String>,
    /// Edits not yet saved.
    dirty: bool,
    /// The network file as last read or written, to tell our own saves from others' edits.
    disk_text: String,
    /// The file changed on disk while there were local edits: offer to reload.
    disk_changed: bool,
    /// The network file did not load: the graph is empty, so saving over the
    /// file would destroy it. Cleared when a reload from disk succeeds.
    load_failed: bool,
    tab: Tab,
    log: Vec<String>,
    assets: Vec<String>,
    save_as: Option<String>,
    export_png: Option<(String, u32, u32)>,
    confirm_close: bool,
    allow_close: bool,
    screenshot: Option<PathBuf>,
    screenshot_after: u32,
    frames: u32,
    ctx: egui::Context,
    /// The editor's selection last frame.
    graph_selection: Vec<String>,
    /// A native file dialog waiting for its answer.
    browse: Option<Browse>,
    /// The typed-path Open dialog (where no native dialog answered).
    open_path: Option<String>,
    /// The Export mesh dialog: path and resolution.
    export_mesh: Option<(String, u32)>,
}

impl App {
    pub fn new(
        cc: &eframe::CreationContext<'_>,
        doc: Document,
        load_error: Option<String>,
        args: ViewArgs,
    ) -> App {
        let settings: Option<Settings> = cc.storage.and_then(|s| eframe::get_value(s, "ropkit"));
        let graph = Graph::new(&doc.net, &doc.lib);
        let wake_ctx = cc.egui_ctx.clone();
        let worker = Worker::start(&doc, move || wake_ctx.request_repaint());
        let mut preview = Preview::new(Orbit::from_network(&doc.net, &doc.lib));
        if let Some(s) = &settings {
            preview.scale = s.scale.clamp(0.1, 1.0);
        }
        let budget_ms = settings
            .as_ref()
            .map_or(20.0, |s| s.budget_ms.clamp(2.0, 200.0));
        worker.send(Job::Budget(Duration::from_secs_f32(budget_ms / 1000.0)));
        let ctx = cc.egui_ctx.clone();
        let mut log = Vec::new();
        let watcher = match Watcher::new(&doc.lib.watch_roots(), Some(&doc.net.file), move || {
            ctx.request_repaint()
        }) {
            Ok(w) => Some(w),
            Err(e) => {
                log.push(format!("file watching is off: {e}"));
                None
            }
        };
        if let Some(e) = &load_error {
            log.push(e.clone());
        }
        let disk_text = crate::files::read_text(&doc.net.file, crate::limits::NETWORK_FILE_BYTES)
            .unwrap_or_default();
        let assets = super::params::list_assets(&doc.project.root);
        let tab = if doc.error.is_some() || load_error.is_some() {
            Tab::Errors
        } else {
            settings.map(|s| s.tab).unwrap_or(Tab::Errors)
        };
        let mut app = App {
            doc,
            worker,
            built_revision: 0,
            worker_dead: false,
            waiting_since: Some(Instant::now()),
            ui_frames: UiFrames::default(),
            started: args.started.unwrap_or_else(Instant::now),
            orbit_degrees: args.orbit,
            shot_requested: false,
            orbit_frames_done: 0,
            first_picture: None,
            frames_before_picture: 0,
            budget_ms,
            graph,
            history: History::default(),
            preview,
            watcher,
            selected: None,
            dirty: false,
            disk_text,
            disk_changed: false,
            load_failed: load_error.is_some(),
            tab,
            log,
            assets,
            save_as: None,
            export_png: None,
            confirm_close: false,
            allow_close: false,
            screenshot: args.screenshot,
            screenshot_after: args.frames.max(1),
            frames: 0,
            ctx: cc.egui_ctx.clone(),
            graph_selection: Vec::new(),
            browse: None,
            open_path: None,
            export_mesh: None,
        };
        app.selected = app
            .doc
            .net
            .nodes
            .keys()
            .find(|p| p.contains("sphere"))
            .cloned()
            .or_else(|| Some(app.doc.net.output.clone()));
        app
    }

    fn say(&mut self, msg: impl Into<String>) {
        let msg = msg.into();
        self.log.push(msg);
        if self.log.len() > 500 {
            self.log.remove(0);
        }
    }

    /// Records the network for undo, then applies `edit` and brings the picture up to date.
    fn edit(&mut self, tag: &str, structural: bool, edit: impl FnOnce(&mut Network)) {
        self.history.record(&self.doc.net, tag);
        edit(&mut self.doc.net);
        self.dirty = true;
        if structural {
            self.graph.rebuild(&self.doc.net, &self.doc.lib);
        }
        self.push_network();
    }

    fn apply_graph_edit(&mut self, e: GraphEdit) {
        // Each edit runs on a copy: a refused one changes nothing and leaves no undo step.
        let mut net = self.doc.net.clone();
        let (tag, result) = match e {
            GraphEdit::Connect { src, dst, slot } => (
                format!("connect {dst}"),
                net.connect(&src, &dst, slot).map(|()| None),
            ),
            GraphEdit::Disconnect { dst, slot } => (
                format!("disconnect {dst}"),
                net.disconnect(&dst, slot).map(|()| None),
            ),
            GraphEdit::Add { rop, pos } => {
                (format!("add {rop}"), Ok(Some(net.add_node(&rop, pos))))
            }
            GraphEdit::Remove(path) => (
                format!("remove {path}"),
                net.remove_node(&path).map(|()| None),
            ),
            GraphEdit::Duplicate(path) => (
                format!("duplicate {path}"),
                net.duplicate_node(&path).map(Some),
            ),
            GraphEdit::Rename { from, to } => (
                format!("rename {from}"),
                net.rename_node(&from, &to).map(Some),
            ),
            GraphEdit::SetOutput(path) => {
                net.output = path;
                ("output".to_string(), Ok(None))
            }
        };
        match result {
            Ok(select) => {
                self.edit(&tag, true, |n| *n = net);
                if select.is_some() {
                    self.selected = select;
                }
                if self
                    .selected
                    .as_ref()
                    .is_some_and(|s| !self.doc.net.nodes.contains_key(s))
                {
                    self.selected = None;
                }
            }
            Err(why) => self.say(format!("{tag}: {why}")),
        }
    }

    fn undo(&mut self) {
        if let Some(prev) = self.history.undo(&self.doc.net) {
            self.restore(prev, "undo");
        }
    }

    fn redo(&mut self) {
        if let Some(next) = self.history.redo(&self.doc.net) {
            self.restore(next, "redo");
        }
    }

    fn restore(&mut self, net: Network, what: &str) {
        self.doc.net = net;
        self.dirty = true;
        self.graph.rebuild(&self.doc.net, &self.doc.lib);
        self.push_network();
        self.say(what);
    }

    /// Sends the network as it now is to the preview worker, which builds
    /// (or only updates parameter values) and draws; the window goes on.
    fn push_network(&mut self) {
        let revision = self.doc.commit();
        if self.waiting_since.is_none() {
            self.waiting_since = Some(Instant::now());
        }
        self.worker.send(Job::Revision {
            net: Box::new(self.doc.net.clone()),
            lib: self.doc.lib.clone(),
            revision,
        });
        // Ask for the new picture in this same frame: the worker takes the
        // network and the frame request together, with no round trip.
        self.preview.stale = true;
    }

    /// A new library (files changed): shared with the worker, which
    /// rebuilds because the library is not the one it built with.
    fn push_library(&mut self) {
        self.push_network();
    }

    /// What the worker reported since the last frame.
    fn poll_worker(&mut self, ctx: &egui::Context) {
        while let Ok(event) = self.worker.events.try_recv() {
            match event {
                Event::Built {
                    revision,
                    built,
                    error,
                    stats,
                    took,
                } => {
                    self.built_revision = revision;
                    self.doc.stats = stats;
                    self.doc.built = built;
                    self.preview.stale = true;
                    match error {
                        None => {
                            self.doc.error = None;
                            self.say(format!("built in {:.1} ms", took.as_secs_f64() * 1000.0));
                        }
                        Some(e) => {
                            self.doc.error = Some(e);
                            self.tab = Tab::Errors;
                        }
                    }
                }
                Event::Updated { revision, stats } => {
                    self.built_revision = revision;
                    self.doc.stats = stats;
                    self.preview.stale = true;
                }
                Event::Rows {
                    width,
                    height,
                    y0,
                    rows,
                    pixels,
                    complete,
                    elapsed,
                    request,
                } => {
                    self.preview
                        .apply_rows(ctx, [width, height], y0, rows, &pixels);
                    if complete && !self.preview.reduced && Some(request) == self.preview_sent() {
                        self.preview.frame_ms = elapsed.as_secs_f32() * 1000.0;
                        self.preview.full_pictures += 1;
                        if self.first_picture.is_none() {
                            self.first_picture = Some(self.started.elapsed());
                            self.frames_before_picture = self.frames;
                            if self.screenshot.is_some() {
                                // Once more, to report a frame without the driver's compile in it.
                                self.preview.stale = true;
                            }
                        }
                    }
                }
                Event::RenderFailed(e) => self.preview.error = Some(e),
                Event::Exported { path, result } => match result {
                    Ok(line) => self.say(line),
                    Err(e) => {
                        self.say(format!("{}: export failed: {e}", path.display()));
                        self.tab = Tab::Log;
                    }
                },
                Event::Dead(e) => {
                    // Nothing more will be built: stop waiting for it.
                    self.worker_dead = true;
                    self.say(format!("the preview cannot draw: {e}"));
                    self.preview.error = Some(e);
                }
            }
        }
        if self.built_revision >= self.doc.revision() || self.worker_dead {
            self.waiting_since = None;
        }
    }

    fn preview_sent(&self) -> Option<super::worker::FrameRequest> {
        self.preview.sent()
    }

    fn save(&mut self, path: Option<PathBuf>) {
        let path = path.unwrap_or_else(|| self.doc.net.file.clone());
        if crate::builtin::is_builtin(&path) {
            // A built-in preset lives inside the program: save a copy of it.
            let name = path.file_name().unwrap_or_default().to_string_lossy();
            self.save_as = Some(name.into_owned());
            self.say("a built-in preset cannot be changed in place: save it as a file of your own");
            return;
        }
        if self.load_failed && path == self.doc.net.file {
            self.say(format!(
                "{} did not load, so it is not overwritten: fix it in an editor (it reloads on save) or use Save as",
                path.display()
            ));
            self.tab = Tab::Log;
            return;
        }
        let text = self.doc.net.to_yaml(&self.doc.lib);
        match write_atomic(&path, text.as_bytes()) {
            Ok(()) => {
                if path != self.doc.net.file {
                    self.doc.net.file = path.clone();
                    self.rewatch();
                }
                self.disk_text = text;
                self.dirty = false;
                self.disk_changed = false;
                self.say(format!("saved {}", path.display()));
            }
            Err(e) => {
                self.say(format!(
                    "{}: cannot save: {e} (nothing was overwritten)",
                    path.display()
                ));
                self.tab = Tab::Log;
            }
        }
    }

    fn rewatch(&mut self) {
        let ctx = self.ctx.clone();
        self.watcher = Watcher::new(
            &self.doc.lib.watch_roots(),
            Some(&self.doc.net.file),
            move || ctx.request_repaint(),
        )
        .ok();
    }

    fn open(&mut self, path: PathBuf) {
        match self.doc.project.load_network(&path, &self.doc.lib) {
            Ok(net) => {
                self.disk_text = crate::files::read_text(&path, crate::limits::NETWORK_FILE_BYTES)
                    .unwrap_or_default();
                self.doc.net = net;
                self.load_failed = false;
                self.history = History::default();
                self.dirty = false;
                self.graph = Graph::new(&self.doc.net, &self.doc.lib);
                self.preview.reset_camera(&self.doc.net, &self.doc.lib);
                self.push_network();
                self.rewatch();
                self.say(format!("opened {}", path.display()));
            }
            Err(e) => {
                self.say(e.to_string());
                self.tab = Tab::Log;
            }
        }
    }

    fn export_file(&mut self, format: Format) {
        let path = self.export_path(format.info().extension);
        // Written by the worker, which holds the build: the window goes on.
        self.worker.send(Job::Export { format, path });
    }

    /// Where an export goes: beside the network, or in the current folder
    /// for a built-in preset (which has no folder of its own).
    fn export_path(&self, ext: &str) -> PathBuf {
        let file = &self.doc.net.file;
        if crate::builtin::is_builtin(file) {
            PathBuf::from(file.file_name().unwrap_or_default()).with_extension(ext)
        } else {
            file.with_extension(ext)
        }
    }

    /// Applies file changes seen by the watcher.
    fn poll_files(&mut self) {
        let Some(w) = &mut self.watcher else { return };
        let changes = w.poll();
        if w.is_pending() {
            // Come back when the files have been quiet long enough.
            self.ctx.request_repaint_after(crate::watch::DEBOUNCE);
        }
        // The network file counts only when it is not our own save, and is
        // not applied over local edits (the menu bar offers to reload instead).
        let mut network = false;
        if changes.network {
            let text =
                crate::files::read_text(&self.doc.net.file, crate::limits::NETWORK_FILE_BYTES)
                    .unwrap_or_default();
            if text != self.disk_text {
                if self.dirty {
                    self.disk_changed = true;
                } else {
                    self.history.record(&self.doc.net, "reload");
                    self.disk_text = text;
                    network = true;
                }
            }
        }
        if !changes.library && !network {
            return;
        }
        let t0 = Instant::now();
        let result = self.doc.reload_files(changes.library, network);
        if network && result.is_ok() {
            self.load_failed = false;
        }
        if changes.library {
            self.assets = super::params::list_assets(&self.doc.project.root);
        }
        self.graph.rebuild(&self.doc.net, &self.doc.lib);
        let what = match (changes.library, network) {
            (true, true) => "ROP files and the network file changed",
            (true, false) => "ROP files changed",
            _ => "the network file changed on disk",
        };
        match result {
            Ok(()) => {
                // The build itself happens on the worker, which reports it.
                if changes.library {
                    self.push_library();
                } else {
                    self.push_network();
                }
                self.say(format!(
                    "{what}: read again in {:.1} ms",
                    t0.elapsed().as_secs_f64() * 1000.0
                ));
            }
            Err(_) => {
                self.say(format!(
                    "{what}: the files do not load, the last good picture stays"
                ));
                self.tab = Tab::Errors;
            }
        }
    }

    fn reload_from_disk(&mut self, text: String) {
        self.history.record(&self.doc.net, "reload");
        self.disk_text = text;
        let result = self.doc.reload_files(false, true);
        if result.is_ok() {
            self.push_network();
        }
        self.graph.rebuild(&self.doc.net, &self.doc.lib);
        self.disk_changed = false;
        self.dirty = false;
        self.load_failed &= result.is_err();
        match result {
            Ok(()) => self.say("network file changed on disk: reloaded"),
            Err(_) => self.tab = Tab::Errors,
        }
    }
}

impl eframe::App for App {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.frames += 1;
        self.ui_frames.tick();
        self.poll_worker(ui.ctx());
        self.poll_files();
        self.shortcuts(ui.ctx());
        self.handle_close(ui.ctx());
        self.screenshot_mode(ui.ctx());

        egui::Panel::top("menu").show(ui, |ui| self.menu_bar(ui));
        egui::Panel::left("palette")
            .resizable(true)
            .default_size(150.0)
            .show(ui, |ui| {
                ui.heading("ROPs");
                let mut filter = std::mem::take(&mut self.graph.filter);
                let picked = palette(ui, &self.doc.lib, &mut filter, ui.available_height() - 10.0);
                self.graph.filter = filter;
                if let Some(rop) = picked {
                    let n = self.doc.net.nodes.len() as f32;
                    self.apply_graph_edit(GraphEdit::Add {
                        rop,
                        pos: [40.0 + 20.0 * (n % 8.0), 40.0 + 20.0 * (n % 5.0)],
                    });
                }
            });
        // Right column: the preview, and the parameters of the selected node below it.
        egui::Panel::right("side")
            .resizable(true)
            .default_size(440.0)
            .show(ui, |ui| {
                let height = ui.available_height();
                egui::Panel::bottom("params")
                    .resizable(true)
                    .default_size(height * 0.4)
                    .size_range(100.0..=height * 0.8)
                    .show(ui, |ui| {
                        egui::ScrollArea::vertical()
                            .id_salt("params-scroll")
                            .show(ui, |ui| self.params_panel(ui));
                    });
                egui::CentralPanel::default().show(ui, |ui| {
                    self.preview_toolbar(ui);
                    self.preview
                        .show(ui, &self.worker, self.doc.built.is_some());
                });
            });
        egui::Panel::bottom("tabs")
            .resizable(true)
            .default_size(170.0)
            .show(ui, |ui| self.bottom_panel(ui));
        egui::CentralPanel::default().show(ui, |ui| {
            let error_node = self.doc.error.as_ref().and_then(|e| e.node());
            let edits = self
                .graph
                .show(ui, &self.doc.net, &self.doc.lib, error_node.as_deref());
            for e in edits {
                self.apply_graph_edit(e);
            }
            // Selection follows the editor; positions are kept for saving.
            // (Only a change of the editor's selection counts, so a node added
            // from the palette stays selected.)
            let sel = self.graph.selected(ui.ctx());
            if sel != self.graph_selection {
                if let Some(first) = sel.first() {
                    self.selected = Some(first.clone());
                }
                self.graph_selection = sel;
            }
            // A node the user drags makes an edit worth saving; a position the
            // editor only filled in (a network written without `pos`) does not.
            let dragging = ui.input(|i| i.pointer.primary_down());
            for (path, pos) in self.graph.positions() {
                if let Some(n) = self.doc.net.nodes.get_mut(&path)
                    && n.pos
                        .is_none_or(|p| (p[0] - pos[0]).abs() > 0.5 || (p[1] - pos[1]).abs() > 0.5)
                {
                    self.dirty |= dragging && n.pos.is_some();
                    n.pos = Some(pos);
                }
            }
        });
        self.dialogs(ui.ctx());
    }

    /// Closing: the preview thread must be out of the driver before the
    /// process exits (see [`Worker::stop`]). If it is still busy after the
    /// wait (a long build or export), the process ends here without running
    /// the exit handlers that would tear the driver down under it;
    /// everything the window owns is saved by then.
    fn on_exit(&mut self) {
        if !self.worker.stop(super::worker::STOP_WAIT) {
            use std::io::Write as _;
            eprintln!("the preview thread is still busy; leaving it");
            let _ = std::io::stdout().flush();
            let _ = std::io::stderr().flush();
            // SAFETY: _exit ends the process at once; nothing runs after it.
            unsafe { libc::_exit(0) };
        }
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(
            storage,
            "ropkit",
            &Settings {
                scale: self.preview.scale,
                tab: self.tab,
                budget_ms: self.budget_ms,
            },
        );
    }
}

impl App {
    fn shortcuts(&mut self, ctx: &egui::Context) {
        use egui::{Key, KeyboardShortcut, Modifiers};
        let undo = KeyboardShortcut::new(Modifiers::COMMAND, Key::Z);
        let redo = KeyboardShortcut::new(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
        let redo_y = KeyboardShortcut::new(Modifiers::COMMAND, Key::Y);
        let save = KeyboardShortcut::new(Modifiers::COMMAND, Key::S);
        if ctx.input_mut(|i| i.consume_shortcut(&redo) || i.consume_shortcut(&redo_y)) {
            self.redo();
        }
        if ctx.input_mut(|i| i.consume_shortcut(&undo)) {
            self.undo();
        }
        if ctx.input_mut(|i| i.consume_shortcut(&save)) {
            self.save(None);
        }
        // F frames every node, Shift+F the selection (unless a text field
        // has the keys).
        if !ctx.egui_wants_keyboard_input() {
            if ctx.input_mut(|i| i.consume_key(Modifiers::SHIFT, Key::F)) {
                self.graph.frame_selection();
            } else if ctx.input_mut(|i| i.consume_key(Modifiers::NONE, Key::F)) {
                self.graph.frame_all();
            }
        }
    }

    fn handle_close(&mut self, ctx: &egui::Context) {
        if ctx.input(|i| i.viewport().close_requested())
            && self.dirty
            && !self.allow_close
            && self.screenshot.is_none()
        {
            ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
            self.confirm_close = true;
        }
    }

    /// `--screenshot`: after N frames, capture the window, save it, quit.
    /// `--screenshot`: once the first full picture is in (and at least
    /// `--frames` frames have gone by), orbit the camera if asked (a step per
    /// frame), then capture the window, save it, report and quit.
    fn screenshot_mode(&mut self, ctx: &egui::Context) {
        let Some(path) = self.screenshot.clone() else {
            return;
        };
        ctx.request_repaint();
        // Two full pictures: the first includes the driver's compile, the
        // second is what a frame costs.
        // A build that failed leaves no picture to wait for: shoot the
        // window with its error.
        let failed = self.waiting_since.is_none() && self.doc.error.is_some();
        let ready = self.frames >= self.screenshot_after
            && ((self.preview.full_pictures >= 2 && self.waiting_since.is_none()) || failed);
        let give_up = self.started.elapsed() > Duration::from_secs(900);
        let orbiting = self.orbit_degrees != 0.0 && self.orbit_frames_done < self.screenshot_after;
        if ready && orbiting {
            // As a drag would: a step of the orbit camera each frame.
            let step = self.orbit_degrees.to_radians() / self.screenshot_after as f32;
            self.preview.orbit.active = true;
            self.preview.orbit.yaw += step;
            self.preview.moved = Some(Instant::now());
            self.orbit_frames_done += 1;
            return;
        }
        if (ready || give_up) && !self.shot_requested {
            self.shot_requested = true;
            ctx.send_viewport_cmd(egui::ViewportCommand::Screenshot(Default::default()));
        }
        let shot = ctx.input(|i| {
            i.events.iter().find_map(|e| match e {
                egui::Event::Screenshot { image, .. } => Some(image.clone()),
                _ => None,
            })
        });
        if let Some(image) = shot {
            let [w, h] = image.size;
            let bytes: Vec<u8> = image.pixels.iter().flat_map(|c| c.to_array()).collect();
            let result = image::RgbaImage::from_raw(w as u32, h as u32, bytes)
                .ok_or_else(|| "bad screenshot size".to_string())
                .and_then(|img| crate::render::save_png(&img, &path));
            match result {
                Ok(()) => {
                    eprintln!(
                        "saved screenshot {} ({w}x{h}) after {} frames; shader builds: {}, parameter updates: {}, unsaved edits: {}",
                        path.display(),
                        self.frames,
                        self.doc.stats.shader_builds,
                        self.doc.stats.param_updates,
                        self.dirty
                    );
                    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
                    eprintln!("longest UI frame: {:.0} ms", ms(self.ui_frames.longest));
                    eprintln!("preview frame: {:.0} ms", self.preview.frame_ms);
                    match self.first_picture {
                        Some(t) => eprintln!(
                            "first picture: {:.0} ms (after {} window frames)",
                            ms(t),
                            self.frames_before_picture
                        ),
                        None => eprintln!("first picture: none"),
                    }
                }
                Err(e) => eprintln!("{e}"),
            }
            self.allow_close = true;
            ctx.send_viewport_cmd(egui::ViewportCommand::Close);
        }
    }

    fn menu_bar(&mut self, ui: &mut egui::Ui) {
        egui::MenuBar::new().ui(ui, |ui| {
            ui.menu_button("File", |ui| {
                ui.menu_button("Open preset", |ui| {
                    for f in self.doc.project.presets() {
                        let name = f
                            .file_name()
                            .map(|n| n.to_string_lossy().to_string())
                            .unwrap_or_default();
                        if ui.button(name).clicked() {
                            if self.dirty {
                                self.say("save or undo your edits before opening another network");
                            } else {
                                self.open(f);
                            }
                            ui.close();
                        }
                    }
                });
                if ui
                    .add(egui::Button::new("Save").shortcut_text("Ctrl+S"))
                    .clicked()
                {
                    self.save(None);
                    ui.close();
                }
                if ui.button("Open…").clicked() {
                    self.browse = Some(Browse::start(Purpose::Open, &self.doc.net.file));
                    ui.close();
                }
                if ui.button("Save as…").clicked() {
                    // The native dialog, with the typed path behind it for
                    // when no portal answers.
                    self.save_as = Some(self.doc.net.file.display().to_string());
                    self.browse = Some(Browse::start(Purpose::SaveAs, &self.doc.net.file));
                    ui.close();
                }
                ui.separator();
                for info in crate::export::FORMATS {
                    if ui.button(format!("Export {}", info.label)).clicked() {
                        self.export_file(info.format);
                        ui.close();
                    }
                }
                if ui.button("Export PNG…").clicked() {
                    let png = self.doc.net.file.with_extension("png");
                    self.export_png = Some((png.display().to_string(), 1024, 1024));
                    self.browse = Some(Browse::start(Purpose::ExportPng, &png));
                    ui.close();
                }
                if ui.button("Export mesh…").clicked() {
                    let glb = self.export_path("glb");
                    self.export_mesh = Some((glb.display().to_string(), 128));
                    self.browse = Some(Browse::start(Purpose::ExportMesh, &glb));
                    ui.close();
                }
                ui.separator();
                if ui.button("Quit").clicked() {
                    ui.ctx().send_viewport_cmd(egui::ViewportCommand::Close);
                }
            });
            ui.menu_button("Edit", |ui| {
                if ui
                    .add_enabled(
                        self.history.can_undo(),
                        egui::Button::new("Undo").shortcut_text("Ctrl+Z"),
                    )
                    .clicked()
                {
                    self.undo();
                }
                if ui
                    .add_enabled(
                        self.history.can_redo(),
                        egui::Button::new("Redo").shortcut_text("Ctrl+Shift+Z"),
                    )
                    .clicked()
                {
                    self.redo();
                }
            });
            ui.menu_button("View", |ui| {
                if ui
                    .add(egui::Button::new("Frame all nodes").shortcut_text("F"))
                    .clicked()
                {
                    self.graph.frame_all();
                    ui.close();
                }
                if ui
                    .add(egui::Button::new("Frame selected nodes").shortcut_text("Shift+F"))
                    .clicked()
                {
                    self.graph.frame_selection();
                    ui.close();
                }
            });
            ui.separator();
            let name = self.doc.net.file.display().to_string();
            ui.label(if self.dirty {
                format!("{name} •")
            } else {
                name
            });
            if self.disk_changed {
                ui.colored_label(egui::Color32::YELLOW, "changed on disk");
                if ui.button("Reload (drop my edits)").clicked() {
                    let text = crate::files::read_text(
                        &self.doc.net.file,
                        crate::limits::NETWORK_FILE_BYTES,
                    )
                    .unwrap_or_default();
                    self.reload_from_disk(text);
                }
            }
        });
    }

    fn params_panel(&mut self, ui: &mut egui::Ui) {
        let Some(path) = self.selected.clone() else {
            ui.label("Select a node to see its parameters.");
            return;
        };
        let Some(node) = self.doc.net.nodes.get(&path).cloned() else {
            ui.label("Select a node to see its parameters.");
            return;
        };
        let Some(def) = node.def(&self.doc.lib).cloned() else {
            ui.label(format!("Unknown ROP {}", node.rop));
            return;
        };
        let changes = super::params::show(ui, &path, &node, &def, &self.assets);
        for (param, value) in changes {
            self.set_param(&path, &param, value);
        }
        ui.separator();
        ui.label(
            egui::RichText::new(def.dir.display().to_string())
                .weak()
                .small(),
        );
        if ui.small_button("Reset to defaults").clicked() {
            self.edit(&format!("{path}.reset"), false, |net| {
                if let Some(n) = net.nodes.get_mut(&path) {
                    n.params.clear();
                }
            });
        }
    }

    fn set_param(&mut self, path: &str, param: &str, value: ParamValue) {
        self.history
            .record(&self.doc.net, &format!("{path}.{param}"));
        self.dirty = true;
        // Checked here (every edit path checks the same way); built or
        // uploaded on the worker. A slider being dragged counts as movement:
        // the preview draws smaller until it stops.
        match self.doc.net.set_value(&self.doc.lib, path, param, value) {
            Ok(()) => {
                self.preview.moved = Some(Instant::now());
                self.push_network();
            }
            Err(e) => self.say(e.to_string()),
        }
    }

    fn preview_toolbar(&mut self, ui: &mut egui::Ui) {
        ui.horizontal_wrapped(|ui| {
            // The buffer selector drives the output's Buffer menu, when it has one.
            let out = self.doc.net.output.clone();
            let out_def = self
                .doc
                .net
                .nodes
                .get(&out)
                .and_then(|n| n.def(&self.doc.lib))
                .cloned();
            if let Some(def) = out_def
                && let Some(p) = def.param("Buffer")
            {
                let current = self
                    .doc
                    .net
                    .nodes
                    .get(&out)
                    .and_then(|n| n.value(&def, "Buffer"))
                    .and_then(|v| v.as_text())
                    .unwrap_or("color")
                    .to_string();
                let mut chosen = current.clone();
                egui::ComboBox::from_id_salt("buffer")
                    .selected_text(&chosen)
                    .width(80.0)
                    .show_ui(ui, |ui| {
                        for o in &p.options {
                            ui.selectable_value(&mut chosen, o.clone(), o);
                        }
                    });
                if chosen != current {
                    self.set_param(&out, "Buffer", ParamValue::Text(chosen));
                }
            }
            ui.add(egui::Slider::new(&mut self.preview.scale, 0.1..=1.0).text("res"));
            ui.checkbox(&mut self.preview.animate, "animate");
            if ui
                .add_enabled(self.preview.orbit.active, egui::Button::new("reset camera"))
                .clicked()
            {
                self.preview.reset_camera(&self.doc.net, &self.doc.lib);
            }
            // The budget of preview work per window frame: the worker sizes
            // its bands of rows to it.
            let budget = ui.add(
                egui::DragValue::new(&mut self.budget_ms)
                    .range(2.0..=200.0)
                    .speed(0.5)
                    .suffix(" ms/frame"),
            );
            if budget.changed() {
                self.worker.send(Job::Budget(Duration::from_secs_f32(
                    self.budget_ms / 1000.0,
                )));
            }
            budget.on_hover_text(
                "Preview work per window frame (each GPU submission stays this short)",
            );
            ui.label(format!("{:.0} ms", self.preview.frame_ms))
                .on_hover_text("the last full-resolution picture, first band to last");
        });
        // One row always, so that the preview below keeps its size (a
        // changing size would start the picture again).
        let row = ui.spacing().interact_size.y;
        ui.allocate_ui_with_layout(
            egui::vec2(ui.available_width(), row),
            egui::Layout::left_to_right(egui::Align::Center),
            |ui| {
                ui.set_min_height(row);
                // The last good picture stays while a build runs; say so, and for how long.
                if let Some(since) = self.waiting_since
                    && since.elapsed() > Duration::from_millis(150)
                {
                    ui.spinner();
                    ui.label(format!("compiling… {:.1} s", since.elapsed().as_secs_f32()));
                    ui.ctx().request_repaint_after(Duration::from_millis(100));
                } else if self.preview.progress < 1.0 {
                    let what = if self.preview.reduced {
                        "drawing (moving)"
                    } else {
                        "refining"
                    };
                    ui.add(
                        egui::ProgressBar::new(self.preview.progress)
                            .desired_width(120.0)
                            .text(format!("{what} {:.0}%", self.preview.progress * 100.0)),
                    );
                }
            },
        );
        if let Some(e) = &self.preview.error {
            ui.colored_label(egui::Color32::RED, e);
        }
    }

    fn bottom_panel(&mut self, ui: &mut egui::Ui) {
        ui.horizontal(|ui| {
            let errors = if self.doc.error.is_some() {
                "Errors (1)"
            } else {
                "Errors"
            };
            ui.selectable_value(&mut self.tab, Tab::Errors, errors);
            ui.selectable_value(&mut self.tab, Tab::Glsl, "GLSL");
            ui.selectable_value(&mut self.tab, Tab::Log, "Log");
            ui.separator();
            ui.label(format!(
                "{} nodes · {} shader builds · {} parameter updates",
                self.doc.net.nodes.len(),
                self.doc.stats.shader_builds,
                self.doc.stats.param_updates
            ));
        });
        ui.separator();
        match self.tab {
            Tab::Errors => self.errors_tab(ui),
            Tab::Glsl => {
                // Row by row: a big network's shader has tens of thousands of
                // lines, and only the visible ones are laid out.
                let text = self
                    .doc
                    .built
                    .as_ref()
                    .map_or("// no shader yet", |b| b.shader.glsl.as_str());
                let lines: Vec<&str> = text.lines().collect();
                let row = ui.text_style_height(&egui::TextStyle::Monospace);
                egui::ScrollArea::both()
                    .id_salt("glsl")
                    .auto_shrink(false)
                    .show_rows(ui, row, lines.len(), |ui, range| {
                        for (i, line) in lines[range.clone()].iter().enumerate() {
                            ui.label(
                                egui::RichText::new(format!("{:5}  {line}", range.start + i + 1))
                                    .monospace(),
                            );
                        }
                    });
            }
            Tab::Log => {
                egui::ScrollArea::vertical()
                    .id_salt("log")
                    .stick_to_bottom(true)
                    .auto_shrink(false)
                    .show(ui, |ui| {
                        for l in &self.log {
                            ui.label(egui::RichText::new(l).monospace());
                        }
                    });
            }
        }
    }

    fn errors_tab(&mut self, ui: &mut egui::Ui) {
        let Some(err) = self.doc.error.clone() else {
            ui.label("No errors.");
            return;
        };
        let text = err.to_string();
        let node = err.node();
        egui::ScrollArea::vertical()
            .id_salt("errors")
            .auto_shrink(false)
            .show(ui, |ui| {
                for line in text.lines() {
                    let r = ui.add(
                        egui::Label::new(
                            egui::RichText::new(line)
                                .monospace()
                                .color(egui::Color32::from_rgb(255, 140, 120)),
                        )
                        .sense(egui::Sense::click()),
                    );
                    if r.clicked()
                        && let Some(n) = &node
                    {
                        self.selected = Some(n.clone());
                    }
                    r.on_hover_text("click to select the node");
                }
                // The ROP's own lines around the error.
                if let Some((file, line)) = location(&text)
                    && let Some(src) = source_text(&file)
                {
                    ui.separator();
                    ui.label(egui::RichText::new(file.display().to_string()).strong());
                    for (i, l) in src.lines().enumerate().skip(line.saturating_sub(4)).take(7) {
                        let mark = if i + 1 == line { "▶" } else { " " };
                        ui.label(egui::RichText::new(format!("{mark}{:4} {l}", i + 1)).monospace());
                    }
                }
            });
    }

    /// Takes a native dialog's answer: the chosen file is used at once;
    /// nothing chosen (cancelled, or no portal) leaves the typed path.
    fn poll_browse(&mut self) {
        let Some(answer) = self.browse.as_ref().and_then(Browse::poll) else {
            return;
        };
        let purpose = self.browse.take().map(|b| b.purpose);
        match (purpose, answer) {
            (Some(Purpose::Open), Some(path)) => {
                if self.dirty {
                    self.say("save or undo your edits before opening another network");
                } else {
                    self.open(path);
                }
            }
            (Some(Purpose::Open), None) => {
                let dir = self.doc.net.file.parent().unwrap_or(Path::new("."));
                self.open_path = Some(format!("{}/", dir.display()));
            }
            (Some(Purpose::SaveAs), Some(path)) => {
                self.save_as = None;
                self.save(Some(path));
            }
            (Some(Purpose::ExportPng), Some(path)) => {
                if let Some(e) = &mut self.export_png {
                    e.0 = path.display().to_string();
                }
            }
            (Some(Purpose::ExportMesh), Some(path)) => {
                if let Some(e) = &mut self.export_mesh {
                    e.0 = path.display().to_string();
                }
            }
            _ => {}
        }
    }

    fn dialogs(&mut self, ctx: &egui::Context) {
        self.poll_browse();
        if let Some(mut path) = self.open_path.take() {
            let mut open = true;
            let mut done = false;
            egui::Window::new("Open")
                .collapsible(false)
                .open(&mut open)
                .show(ctx, |ui| {
                    ui.label("Network file:");
                    ui.text_edit_singleline(&mut path);
                    if ui.button("Open").clicked() {
                        done = true;
                    }
                });
            if done {
                if self.dirty {
                    self.say("save or undo your edits before opening another network");
                } else {
                    self.open(PathBuf::from(&path));
                }
            } else if open {
                self.open_path = Some(path);
            }
        }
        if let Some(mut path) = self.save_as.take() {
            let mut open = true;
            let mut done = false;
            egui::Window::new("Save as")
                .collapsible(false)
                .open(&mut open)
                .show(ctx, |ui| {
                    ui.text_edit_singleline(&mut path);
                    if ui.button("Save").clicked() {
                        done = true;
                    }
                });
            if done {
                self.save(Some(PathBuf::from(&path)));
            } else if open {
                self.save_as = Some(path);
            }
        }
        if let Some((mut path, mut w, mut h)) = self.export_png.take() {
            let mut open = true;
            let mut done = false;
            egui::Window::new("Export PNG")
                .collapsible(false)
                .open(&mut open)
                .show(ctx, |ui| {
                    ui.text_edit_singleline(&mut path);
                    ui.horizontal(|ui| {
                        ui.add(egui::DragValue::new(&mut w).range(16..=8192).prefix("w "));
                        ui.add(egui::DragValue::new(&mut h).range(16..=8192).prefix("h "));
                    });
                    if ui.button("Export").clicked() {
                        done = true;
                    }
                });
            if done {
                // Drawn and written by the worker; the log says when it is done.
                let globals = crate::render::Globals {
                    time: self.preview.time(),
                    camera: self.preview.orbit.active.then(|| {
                        (
                            self.preview.orbit.position(),
                            self.preview.orbit.target,
                            self.preview.orbit.fov,
                        )
                    }),
                    ..Default::default()
                };
                self.worker.send(Job::ExportPng {
                    path: PathBuf::from(&path),
                    width: w,
                    height: h,
                    globals,
                });
                self.say(format!("exporting {path} ({w}x{h})…"));
            } else if open {
                self.export_png = Some((path, w, h));
            }
        }
        if let Some((mut path, mut resolution)) = self.export_mesh.take() {
            let mut open = true;
            let mut done = false;
            egui::Window::new("Export mesh")
                .collapsible(false)
                .open(&mut open)
                .show(ctx, |ui| {
                    ui.label("File (.glb, .obj, .stl or .ply):");
                    ui.text_edit_singleline(&mut path);
                    ui.add(
                        egui::DragValue::new(&mut resolution)
                            .range(8..=1024)
                            .prefix("cells along the longest side: "),
                    );
                    if ui.button("Export").clicked() {
                        done = true;
                    }
                });
            if done {
                // Meshed and written by the worker; the log says when.
                self.worker.send(Job::ExportMesh {
                    path: PathBuf::from(&path),
                    resolution,
                });
                self.say(format!("meshing into {path} ({resolution} cells)…"));
            } else if open {
                self.export_mesh = Some((path, resolution));
            }
        }
        if self.confirm_close {
            egui::Modal::new(egui::Id::new("confirm-close")).show(ctx, |ui| {
                ui.heading("Unsaved changes");
                ui.label(format!(
                    "{} has edits that are not saved.",
                    self.doc.net.file.display()
                ));
                ui.horizontal(|ui| {
                    if ui.button("Save and quit").clicked() {
                        self.save(None);
                        if !self.dirty {
                            self.allow_close = true;
                            ctx.send_viewport_cmd(egui::ViewportCommand::Close);
                        }
                        self.confirm_close = false;
                    }
                    if ui.button("Quit without saving").clicked() {
                        self.allow_close = true;
                        self.confirm_close = false;
                        ctx.send_viewport_cmd(egui::ViewportCommand::Close);
                    }
                    if ui.button("Cancel").clicked() {
                        self.confirm_close = false;
                    }
                });
            });
        }
    }
}

/// The text of a file an error points at: on disk, or built in.
fn source_text(file: &std::path::Path) -> Option<String> {
    match crate::builtin::text(file) {
        Some(t) => Some(t.to_string()),
        None => crate::files::read_text(file, crate::limits::CODE_FILE_BYTES).ok(),
    }
}

/// The first `path:line` in an error message whose file exists.
fn location(text: &str) -> Option<(PathBuf, usize)> {
    for line in text.lines() {
        let mut parts = line.trim().splitn(3, ':');
        let (Some(file), Some(l)) = (parts.next(), parts.next()) else {
            continue;
        };
        if let Ok(l) = l.parse::<usize>() {
            let p = PathBuf::from(file);
            if p.is_file() || crate::builtin::text(&p).is_some() {
                return Some((p, l));
            }
        }
    }
    None
}

/// The window's handlers without a window: whole frames of [`App`] run on an
/// egui context with the key events a keyboard would send, and the file
/// watcher sees real writes.
#[cfg(test)]
mod tests {
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
        let app = App::new(&cc, doc, None, super::super::ViewArgs::default());
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
}
