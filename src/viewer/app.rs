//! The viewer's state and its frame: menus, panels, edits, undo, saving,
//! exporting, file watching, and the screenshot mode used by tests.

use super::ViewArgs;
use super::graph::{Graph, GraphEdit, palette};
use super::history::History;
use super::preview::{Orbit, Preview};
use crate::export::{Format, export};
use crate::live::Live;
use crate::network::{Network, write_atomic};
use crate::value::ParamValue;
use crate::watch::Watcher;
use eframe::egui;
use std::path::PathBuf;
use std::time::Instant;

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
}

pub struct App {
    live: Live,
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
}

impl App {
    pub fn new(
        cc: &eframe::CreationContext<'_>,
        live: Live,
        load_error: Option<String>,
        args: ViewArgs,
    ) -> App {
        let settings: Option<Settings> = cc.storage.and_then(|s| eframe::get_value(s, "ropkit"));
        let graph = Graph::new(&live.net, &live.lib);
        let mut preview = Preview::new(Orbit::from_network(&live.net, &live.lib));
        if let Some(s) = &settings {
            preview.scale = s.scale.clamp(0.1, 1.0);
        }
        let ctx = cc.egui_ctx.clone();
        let mut log = Vec::new();
        let watcher = match Watcher::new(&live.lib.watch_roots(), Some(&live.net.file), move || {
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
        let disk_text = std::fs::read_to_string(&live.net.file).unwrap_or_default();
        let assets = super::params::list_assets(&live.project.root);
        let tab = if live.error.is_some() || load_error.is_some() {
            Tab::Errors
        } else {
            settings.map(|s| s.tab).unwrap_or(Tab::Errors)
        };
        let mut app = App {
            live,
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
        };
        app.selected = app
            .live
            .net
            .nodes
            .keys()
            .find(|p| p.contains("sphere"))
            .cloned()
            .or_else(|| Some(app.live.net.output.clone()));
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
        self.history.record(&self.live.net, tag);
        edit(&mut self.live.net);
        self.dirty = true;
        if structural {
            self.graph.rebuild(&self.live.net, &self.live.lib);
        }
        let t0 = Instant::now();
        let builds = self.live.stats.shader_builds;
        let result = self.live.sync();
        if self.live.stats.shader_builds != builds {
            match result {
                Ok(()) => self.say(format!(
                    "rebuilt in {:.1} ms",
                    t0.elapsed().as_secs_f64() * 1000.0
                )),
                Err(_) => self.tab = Tab::Errors,
            }
        }
    }

    fn apply_graph_edit(&mut self, e: GraphEdit) {
        // Each edit runs on a copy: a refused one changes nothing and leaves no undo step.
        let mut net = self.live.net.clone();
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
                    .is_some_and(|s| !self.live.net.nodes.contains_key(s))
                {
                    self.selected = None;
                }
            }
            Err(why) => self.say(format!("{tag}: {why}")),
        }
    }

    fn undo(&mut self) {
        if let Some(prev) = self.history.undo(&self.live.net) {
            self.restore(prev, "undo");
        }
    }

    fn redo(&mut self) {
        if let Some(next) = self.history.redo(&self.live.net) {
            self.restore(next, "redo");
        }
    }

    fn restore(&mut self, net: Network, what: &str) {
        self.live.net = net;
        self.dirty = true;
        self.graph.rebuild(&self.live.net, &self.live.lib);
        let _ = self.live.sync();
        self.say(what);
    }

    fn save(&mut self, path: Option<PathBuf>) {
        let path = path.unwrap_or_else(|| self.live.net.file.clone());
        if self.load_failed && path == self.live.net.file {
            self.say(format!(
                "{} did not load, so it is not overwritten: fix it in an editor (it reloads on save) or use Save as",
                path.display()
            ));
            self.tab = Tab::Log;
            return;
        }
        let text = self.live.net.to_yaml(&self.live.lib);
        match write_atomic(&path, text.as_bytes()) {
            Ok(()) => {
                if path != self.live.net.file {
                    self.live.net.file = path.clone();
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
            &self.live.lib.watch_roots(),
            Some(&self.live.net.file),
            move || ctx.request_repaint(),
        )
        .ok();
    }

    fn open(&mut self, path: PathBuf) {
        match Network::load(&path, &self.live.lib) {
            Ok(net) => {
                self.disk_text = std::fs::read_to_string(&path).unwrap_or_default();
                self.live.net = net;
                self.load_failed = false;
                self.history = History::default();
                self.dirty = false;
                self.graph.rebuild(&self.live.net, &self.live.lib);
                self.preview.reset_camera(&self.live.net, &self.live.lib);
                let _ = self.live.rebuild();
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
        let Some(built) = &self.live.built else {
            self.say("nothing to export: the network has not built yet");
            return;
        };
        let ext = match format {
            Format::Glsl => "frag",
            Format::Json => "json",
            Format::Wgsl => "wgsl",
            Format::Shadertoy => "shadertoy.glsl",
            Format::Spirv => "spv",
        };
        let path = self.live.net.file.with_extension(ext);
        let result = export(built, &self.live.net, &self.live.lib, format)
            .map_err(|e| e.to_string())
            .and_then(|bytes| write_atomic(&path, &bytes).map_err(|e| e.to_string()));
        match result {
            Ok(()) => self.say(format!("exported {}", path.display())),
            Err(e) => self.say(format!("{}: export failed: {e}", path.display())),
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
            let text = std::fs::read_to_string(&self.live.net.file).unwrap_or_default();
            if text != self.disk_text {
                if self.dirty {
                    self.disk_changed = true;
                } else {
                    self.history.record(&self.live.net, "reload");
                    self.disk_text = text;
                    network = true;
                }
            }
        }
        if !changes.library && !network {
            return;
        }
        let t0 = Instant::now();
        let result = self.live.reload(changes.library, network);
        if network && result.is_ok() {
            self.load_failed = false;
        }
        if changes.library {
            self.assets = super::params::list_assets(&self.live.project.root);
        }
        self.graph.rebuild(&self.live.net, &self.live.lib);
        let what = match (changes.library, network) {
            (true, true) => "ROP files and the network file changed",
            (true, false) => "ROP files changed",
            _ => "the network file changed on disk",
        };
        match result {
            Ok(()) => self.say(format!(
                "{what}: reloaded in {:.1} ms",
                t0.elapsed().as_secs_f64() * 1000.0
            )),
            Err(_) => {
                self.say(format!(
                    "{what}: the rebuild failed, the last good picture stays"
                ));
                self.tab = Tab::Errors;
            }
        }
    }

    fn reload_from_disk(&mut self, text: String) {
        self.history.record(&self.live.net, "reload");
        self.disk_text = text;
        let result = self.live.reload_network();
        self.graph.rebuild(&self.live.net, &self.live.lib);
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
    fn ui(&mut self, ui: &mut egui::Ui, frame: &mut eframe::Frame) {
        self.frames += 1;
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
                let picked = palette(
                    ui,
                    &self.live.lib,
                    &mut filter,
                    ui.available_height() - 10.0,
                );
                self.graph.filter = filter;
                if let Some(rop) = picked {
                    let n = self.live.net.nodes.len() as f32;
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
                    if let Some(rs) = frame.wgpu_render_state() {
                        let rs = rs.clone();
                        self.preview.show(ui, &mut self.live, &rs);
                    }
                });
            });
        egui::Panel::bottom("tabs")
            .resizable(true)
            .default_size(170.0)
            .show(ui, |ui| self.bottom_panel(ui));
        egui::CentralPanel::default().show(ui, |ui| {
            let error_node = self.live.error.as_ref().and_then(|e| e.node());
            let edits = self
                .graph
                .show(ui, &self.live.net, &self.live.lib, error_node.as_deref());
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
                if let Some(n) = self.live.net.nodes.get_mut(&path)
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

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(
            storage,
            "ropkit",
            &Settings {
                scale: self.preview.scale,
                tab: self.tab,
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
    fn screenshot_mode(&mut self, ctx: &egui::Context) {
        let Some(path) = self.screenshot.clone() else {
            return;
        };
        ctx.request_repaint();
        if self.frames == self.screenshot_after {
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
                .and_then(|img| crate::render::cli::save_png(&img, &path));
            match result {
                Ok(()) => eprintln!(
                    "saved screenshot {} ({w}x{h}) after {} frames; shader builds: {}, parameter updates: {}, unsaved edits: {}",
                    path.display(),
                    self.frames,
                    self.live.stats.shader_builds,
                    self.live.stats.param_updates,
                    self.dirty
                ),
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
                    let dir = self.live.project.root.join("presets");
                    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
                        .map(|r| {
                            r.flatten()
                                .map(|e| e.path())
                                .filter(|p| p.extension().is_some_and(|x| x == "yaml"))
                                .collect()
                        })
                        .unwrap_or_default();
                    files.sort();
                    for f in files {
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
                if ui.button("Save as…").clicked() {
                    self.save_as = Some(self.live.net.file.display().to_string());
                    ui.close();
                }
                ui.separator();
                for (label, format) in [
                    ("Export GLSL", Format::Glsl),
                    ("Export Shadertoy", Format::Shadertoy),
                    ("Export JSON layout", Format::Json),
                    ("Export WGSL", Format::Wgsl),
                ] {
                    if ui.button(label).clicked() {
                        self.export_file(format);
                        ui.close();
                    }
                }
                if ui.button("Export PNG…").clicked() {
                    self.export_png = Some((
                        self.live
                            .net
                            .file
                            .with_extension("png")
                            .display()
                            .to_string(),
                        1024,
                        1024,
                    ));
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
            ui.separator();
            let name = self.live.net.file.display().to_string();
            ui.label(if self.dirty {
                format!("{name} •")
            } else {
                name
            });
            if self.disk_changed {
                ui.colored_label(egui::Color32::YELLOW, "changed on disk");
                if ui.button("Reload (drop my edits)").clicked() {
                    let text = std::fs::read_to_string(&self.live.net.file).unwrap_or_default();
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
        let Some(node) = self.live.net.nodes.get(&path).cloned() else {
            ui.label("Select a node to see its parameters.");
            return;
        };
        let Some(def) = self.live.lib.get(&node.rop).cloned() else {
            ui.label(format!("Unknown ROP {}", node.rop));
            return;
        };
        let changes = super::params::show(ui, &path, &node, &def, &self.assets);
        for (param, value) in changes {
            let structural = !def.param(&param).is_some_and(|p| p.is_uniform());
            self.set_param(&path, &param, value, structural);
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

    fn set_param(&mut self, path: &str, param: &str, value: ParamValue, _structural: bool) {
        self.history
            .record(&self.live.net, &format!("{path}.{param}"));
        self.dirty = true;
        let builds = self.live.stats.shader_builds;
        let t0 = Instant::now();
        let result = self.live.set_param(path, param, value);
        if self.live.stats.shader_builds != builds {
            match result {
                Ok(()) => self.say(format!(
                    "{path}.{param}: rebuilt in {:.1} ms",
                    t0.elapsed().as_secs_f64() * 1000.0
                )),
                Err(_) => self.tab = Tab::Errors,
            }
        } else if let Err(e) = result {
            self.say(e.to_string());
        }
    }

    fn preview_toolbar(&mut self, ui: &mut egui::Ui) {
        ui.horizontal_wrapped(|ui| {
            // The buffer selector drives the output's Buffer menu, when it has one.
            let out = self.live.net.output.clone();
            let out_def = self
                .live
                .net
                .nodes
                .get(&out)
                .and_then(|n| self.live.lib.get(&n.rop))
                .cloned();
            if let Some(def) = out_def
                && let Some(p) = def.param("Buffer")
            {
                let current = self
                    .live
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
                    self.set_param(&out, "Buffer", ParamValue::Text(chosen), true);
                }
            }
            ui.add(egui::Slider::new(&mut self.preview.scale, 0.1..=1.0).text("res"));
            ui.checkbox(&mut self.preview.animate, "animate");
            if ui
                .add_enabled(self.preview.orbit.active, egui::Button::new("reset camera"))
                .clicked()
            {
                self.preview.reset_camera(&self.live.net, &self.live.lib);
            }
            ui.label(format!("{:.0} ms", self.preview.frame_ms));
        });
        if let Some(e) = &self.preview.error {
            ui.colored_label(egui::Color32::RED, e);
        }
    }

    fn bottom_panel(&mut self, ui: &mut egui::Ui) {
        ui.horizontal(|ui| {
            let errors = if self.live.error.is_some() {
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
                self.live.net.nodes.len(),
                self.live.stats.shader_builds,
                self.live.stats.param_updates
            ));
        });
        ui.separator();
        match self.tab {
            Tab::Errors => self.errors_tab(ui),
            Tab::Glsl => {
                let text = self
                    .live
                    .built
                    .as_ref()
                    .map(|b| b.shader.glsl.as_str())
                    .unwrap_or("// no shader yet");
                egui::ScrollArea::both()
                    .id_salt("glsl")
                    .auto_shrink(false)
                    .show(ui, |ui| {
                        ui.add(
                            egui::Label::new(egui::RichText::new(text).monospace())
                                .selectable(true),
                        );
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
        let Some(err) = self.live.error.clone() else {
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
                    && let Ok(src) = std::fs::read_to_string(&file)
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

    fn dialogs(&mut self, ctx: &egui::Context) {
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
                let result = self
                    .live
                    .render_image(w, h)
                    .map_err(|e| e.to_string())
                    .and_then(|img| crate::render::cli::save_png(&img, &PathBuf::from(&path)));
                match result {
                    Ok(()) => self.say(format!("exported {path} ({w}x{h})")),
                    Err(e) => self.say(format!("{path}: {e}")),
                }
            } else if open {
                self.export_png = Some((path, w, h));
            }
        }
        if self.confirm_close {
            egui::Modal::new(egui::Id::new("confirm-close")).show(ctx, |ui| {
                ui.heading("Unsaved changes");
                ui.label(format!(
                    "{} has edits that are not saved.",
                    self.live.net.file.display()
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

/// The first `path:line` in an error message whose file exists.
fn location(text: &str) -> Option<(PathBuf, usize)> {
    for line in text.lines() {
        let mut parts = line.trim().splitn(3, ':');
        let (Some(file), Some(l)) = (parts.next(), parts.next()) else {
            continue;
        };
        if let Ok(l) = l.parse::<usize>() {
            let p = PathBuf::from(file);
            if p.is_file() {
                return Some((p, l));
            }
        }
    }
    None
}
