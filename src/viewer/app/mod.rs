//! The viewer's state and its frame: menus, panels, edits, undo, saving,
//! exporting, file watching, and the screenshot mode used by tests.

mod clipboard;
mod dialogs;
mod edits;
mod files;
mod panels;

use files::{location, source_text};

use super::ViewArgs;
use super::browse::{Browse, Purpose};
use super::graph::{Graph, GraphEdit, palette};
use super::history::History;
use super::preview::{Orbit, Preview};
use crate::document::Document;
use crate::export::Format;
use crate::files::write_atomic;
use crate::network::Network;
use crate::value::ParamValue;
use crate::viewer::worker::{Event, Job, Worker};
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
    /// The picture's width and height (the preview's frame, Export PNG's size).
    #[serde(default = "default_frame")]
    frame: [u32; 2],
}

fn default_frame() -> [u32; 2] {
    [1024, 1024]
}

/// What waits for an answer about unsaved edits.
#[derive(Clone, Debug, PartialEq)]
enum Pending {
    Open(PathBuf),
    New,
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
    /// Opening another network (or a new one) waits for an answer about
    /// the unsaved edits: save, discard or cancel.
    confirm_discard: Option<Pending>,
    /// Help → Keyboard shortcuts is open.
    help: bool,
    /// The picture's size in pixels: the preview shows this frame
    /// (letterboxed), Export PNG draws it.
    frame_size: [u32; 2],
    /// The network file does not exist yet (`ropkit view new.yaml`):
    /// the first save creates it.
    new_file: bool,
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
        // A file that is not there yet is a new network, to be saved there.
        let new_file = std::fs::symlink_metadata(&doc.net.file).is_err()
            && !crate::builtin::is_builtin(&doc.net.file);
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
        let frame_size = settings
            .as_ref()
            .map_or(default_frame(), |s| s.frame.map(|v| v.clamp(16, 8192)));
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
        if new_file {
            log.push(format!(
                "{} does not exist yet: a new network, saved there on Ctrl+S",
                doc.net.file.display()
            ));
        }
        let disk_text = crate::files::read_text(&doc.net.file, crate::limits::NETWORK_FILE_BYTES)
            .unwrap_or_default();
        let assets = crate::viewer::params::list_assets(&doc.project.root);
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
            confirm_discard: None,
            help: false,
            frame_size,
            new_file,
            browse: None,
            open_path: None,
            export_mesh: None,
        };
        let first = app
            .doc
            .net
            .nodes
            .keys()
            .find(|p| p.contains("sphere"))
            .cloned()
            .or_else(|| {
                let out = app.doc.net.output.clone();
                app.doc.net.nodes.contains_key(&out).then_some(out)
            });
        app.graph.select(first.into_iter().collect());
        app.graph.bypassed = bypassed(&app.doc.net);
        app.watch_named_files();
        app
    }

    /// The node whose parameters the panel shows: the last selected.
    fn selected(&self) -> Option<String> {
        self.graph.selection.last().cloned()
    }

    fn say(&mut self, msg: impl Into<String>) {
        let msg = msg.into();
        self.log.push(msg);
        if self.log.len() > 500 {
            self.log.remove(0);
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
                    // Where the graph's middle is, a step aside per node
                    // so that nodes added in a row do not hide each other.
                    let n = self.doc.net.nodes.len() as f32;
                    let c = self.graph.to_graph(self.graph.screen.center());
                    let c = if c.is_finite() { c } else { egui::Pos2::ZERO };
                    self.apply_graph_edit(GraphEdit::Add {
                        rop,
                        pos: [c.x + 20.0 * (n % 8.0), c.y + 20.0 * (n % 5.0)],
                        after: None,
                    });
                }
            });
        // The bottom tabs keep the size the user gives them: their content
        // scrolls inside.
        egui::Panel::bottom("tabs")
            .resizable(true)
            .default_size(170.0)
            .size_range(60.0..=600.0)
            .show(ui, |ui| {
                ui.set_min_height(ui.available_height());
                self.bottom_panel(ui)
            });
        // Right column: the preview, and the parameters of the selected
        // node below it, with a splitter between them.
        egui::Panel::right("side")
            .resizable(true)
            .default_size(440.0)
            .show(ui, |ui| {
                let height = ui.available_height();
                egui::Panel::bottom("params")
                    .resizable(true)
                    .default_size(height * 0.45)
                    .size_range(80.0..=(height - 120.0).max(100.0))
                    .show(ui, |ui| {
                        egui::ScrollArea::vertical()
                            .id_salt("params-scroll")
                            .auto_shrink(false)
                            .show(ui, |ui| self.params_panel(ui));
                    });
                egui::CentralPanel::default().show(ui, |ui| {
                    self.preview_toolbar(ui);
                    self.time_bar(ui);
                    let stale = self.stale_reason();
                    self.preview.show(
                        ui,
                        &self.worker,
                        self.doc.built.is_some(),
                        self.frame_size,
                        stale.as_deref(),
                    );
                });
            });
        egui::CentralPanel::default().show(ui, |ui| {
            let error_node = self.doc.error.as_ref().and_then(|e| e.node());
            let edits = self
                .graph
                .show(ui, &self.doc.net, &self.doc.lib, error_node.as_deref());
            if self.graph.move_started {
                // One undo step per drag, holding the places before it.
                self.history.record(&self.doc.net, "move");
            }
            for e in edits {
                self.apply_graph_edit(e);
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
        if !self.worker.stop(crate::viewer::worker::STOP_WAIT) {
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
                frame: self.frame_size,
            },
        );
    }
}

/// The nodes the network bypasses.
fn bypassed(net: &Network) -> std::collections::HashSet<String> {
    net.nodes
        .iter()
        .filter(|(_, n)| n.bypass)
        .map(|(p, _)| p.clone())
        .collect()
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod ui_tests;
