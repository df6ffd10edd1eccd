//! Keyboard shortcuts, closing, the screenshot mode used by scripts and
//! tests, and the modal dialogs.

use super::*;

impl App {
    pub(super) fn shortcuts(&mut self, ctx: &egui::Context) {
        use egui::{Key, KeyboardShortcut, Modifiers};
        let undo = KeyboardShortcut::new(Modifiers::COMMAND, Key::Z);
        let redo = KeyboardShortcut::new(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
        let redo_y = KeyboardShortcut::new(Modifiers::COMMAND, Key::Y);
        let save_as = KeyboardShortcut::new(Modifiers::COMMAND | Modifiers::SHIFT, Key::S);
        let save = KeyboardShortcut::new(Modifiers::COMMAND, Key::S);
        let open = KeyboardShortcut::new(Modifiers::COMMAND, Key::O);
        let new = KeyboardShortcut::new(Modifiers::COMMAND, Key::N);
        let duplicate = KeyboardShortcut::new(Modifiers::COMMAND, Key::D);
        // A text field being typed into keeps its keys (its own undo,
        // copy and paste); the window's shortcuts wait.
        let typing = ctx.egui_wants_keyboard_input();
        if !typing && ctx.input_mut(|i| i.consume_shortcut(&redo) || i.consume_shortcut(&redo_y)) {
            self.redo();
        }
        if !typing && ctx.input_mut(|i| i.consume_shortcut(&undo)) {
            self.undo();
        }
        if ctx.input_mut(|i| i.consume_shortcut(&save_as)) {
            self.start_save_as();
        }
        if ctx.input_mut(|i| i.consume_shortcut(&save)) {
            self.save(None);
        }
        if ctx.input_mut(|i| i.consume_shortcut(&open)) {
            self.browse = Some(Browse::start(Purpose::Open, &self.doc.net.file));
        }
        if ctx.input_mut(|i| i.consume_shortcut(&new)) {
            self.request(Pending::New);
        }
        if ctx.input_mut(|i| i.consume_key(Modifiers::NONE, Key::F1)) {
            self.help = !self.help;
        }
        if typing || self.graph.search.is_some() || self.graph.renaming() {
            return;
        }
        if ctx.input_mut(|i| i.consume_shortcut(&duplicate)) {
            self.duplicate_selection();
        }
        // F frames every node, Shift+F the selection.
        if ctx.input_mut(|i| i.consume_key(Modifiers::SHIFT, Key::F)) {
            self.graph.frame_selection();
        } else if ctx.input_mut(|i| i.consume_key(Modifiers::NONE, Key::F)) {
            self.graph.frame_all();
        }
        if ctx.input_mut(|i| {
            i.consume_key(Modifiers::NONE, Key::Delete)
                || i.consume_key(Modifiers::NONE, Key::Backspace)
        }) {
            self.delete_selection();
        }
        // Copy, cut and paste arrive as events of their own (the platform
        // reads the clipboard for a paste).
        let (copy, cut, paste) = ctx.input(|i| {
            let mut paste = None;
            let (mut copy, mut cut) = (false, false);
            for e in &i.events {
                match e {
                    egui::Event::Copy => copy = true,
                    egui::Event::Cut => cut = true,
                    egui::Event::Paste(text) => paste = Some(text.clone()),
                    _ => {}
                }
            }
            (copy, cut, paste)
        });
        if copy || cut {
            let paths = self.graph.selected();
            self.copy_nodes(&paths);
            if cut {
                self.delete_selection();
            }
        }
        let pointer = ctx.input(|i| i.pointer.hover_pos());
        let over_graph = pointer.is_some_and(|p| self.graph.screen.contains(p));
        if let Some(text) = paste {
            let at = pointer
                .filter(|_| over_graph)
                .map(|p| self.graph.to_graph(p));
            self.paste_text(&text, at);
        }
        // Tab, or a letter typed over the graph (F aside), opens the
        // type-to-add box at the pointer, holding what was typed.
        if ctx.input_mut(|i| i.consume_key(Modifiers::NONE, Key::Tab)) {
            self.graph.open_search(pointer, String::new());
            return;
        }
        if over_graph {
            let typed = ctx.input(|i| {
                (i.modifiers.is_none() || i.modifiers.shift_only())
                    .then(|| {
                        i.events.iter().find_map(|e| match e {
                            egui::Event::Text(t)
                                if t.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
                                    && !t.eq_ignore_ascii_case("f") =>
                            {
                                Some(t.clone())
                            }
                            _ => None,
                        })
                    })
                    .flatten()
            });
            if let Some(text) = typed {
                // The letter goes into the box, not into a field that
                // takes focus this frame.
                ctx.input_mut(|i| i.events.retain(|e| !matches!(e, egui::Event::Text(_))));
                self.graph.open_search(pointer, text);
            }
        }
    }

    /// Opening another network or a new one: at once, or after an answer
    /// about the unsaved edits.
    pub(super) fn request(&mut self, what: Pending) {
        if self.dirty {
            self.confirm_discard = Some(what);
        } else {
            self.carry_out(what);
        }
    }

    fn carry_out(&mut self, what: Pending) {
        match what {
            Pending::Open(path) => self.open(path),
            Pending::New => self.new_network(),
        }
    }

    /// Save as: the native dialog, with the typed path behind it for when
    /// no portal answers.
    pub(super) fn start_save_as(&mut self) {
        self.save_as = Some(self.doc.net.file.display().to_string());
        self.browse = Some(Browse::start(Purpose::SaveAs, &self.doc.net.file));
    }

    pub(super) fn handle_close(&mut self, ctx: &egui::Context) {
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
    pub(super) fn screenshot_mode(&mut self, ctx: &egui::Context) {
        let Some(path) = self.screenshot.clone() else {
            return;
        };
        ctx.request_repaint();
        // Two full pictures: the first includes the driver's compile, the
        // second is what a frame costs.
        // A build that failed, or a picture the preview stopped (past its
        // time limit) or could not draw, leaves no picture to wait for:
        // shoot the window as it is, with its error.
        let failed = self.waiting_since.is_none()
            && (self.doc.error.is_some() || self.preview.error.is_some());
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
            let result = match image::RgbaImage::from_raw(w as u32, h as u32, bytes) {
                Some(img) => crate::render::save_png(&img, &path).map_err(|e| e.to_string()),
                None => Err("bad screenshot size".to_string()),
            };
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

    pub(super) fn dialogs(&mut self, ctx: &egui::Context) {
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
                self.request(Pending::Open(PathBuf::from(&path)));
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
        if let Some(what) = self.confirm_discard.clone() {
            let mut answer = None;
            egui::Modal::new(egui::Id::new("confirm-discard")).show(ctx, |ui| {
                ui.heading("Unsaved changes");
                ui.label(format!(
                    "{} has edits that are not saved.",
                    self.doc.net.file.display()
                ));
                ui.label(match &what {
                    Pending::Open(p) => format!("Save them before opening {}?", p.display()),
                    Pending::New => "Save them before starting a new network?".to_string(),
                });
                ui.horizontal(|ui| {
                    if ui.button("Save").clicked() {
                        answer = Some("save");
                    }
                    if ui.button("Discard").clicked() {
                        answer = Some("discard");
                    }
                    if ui.button("Cancel").clicked() {
                        answer = Some("cancel");
                    }
                });
            });
            if ctx.input(|i| i.key_pressed(egui::Key::Escape)) {
                answer = Some("cancel");
            }
            match answer {
                Some("save") => {
                    self.save(None);
                    self.confirm_discard = None;
                    // A save that failed (or went to Save as) leaves the
                    // edits: nothing is opened over them.
                    if !self.dirty {
                        self.carry_out(what);
                    }
                }
                Some("discard") => {
                    self.confirm_discard = None;
                    self.carry_out(what);
                }
                Some(_) => self.confirm_discard = None,
                None => {}
            }
        }
        if self.help {
            let mut open = true;
            egui::Window::new("Keyboard shortcuts")
                .id(egui::Id::new("ropkit-help"))
                .collapsible(false)
                .open(&mut open)
                .show(ctx, |ui| {
                    egui::Grid::new("shortcuts").striped(true).show(ui, |ui| {
                        for (keys, what) in SHORTCUTS {
                            ui.label(egui::RichText::new(*keys).monospace().strong());
                            ui.label(*what);
                            ui.end_row();
                        }
                    });
                });
            self.help &= open;
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
            if [w, h] != self.frame_size {
                // The preview frames what the export will draw.
                self.frame_size = [w, h];
            }
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

/// The gestures and keys of the window (Help → Keyboard shortcuts; the
/// README's viewer section lists the same).
pub(super) const SHORTCUTS: &[(&str, &str)] = &[
    ("Click", "select a node (the panel shows its parameters)"),
    ("Shift+click", "add a node to the selection"),
    ("Shift+drag", "box select"),
    ("Click empty space", "clear the selection"),
    ("Drag a node", "move it (and the rest of the selection)"),
    ("Drag the background", "pan; scroll to zoom"),
    (
        "Tab, or type",
        "add a ROP at the pointer, wired after the selected node",
    ),
    ("Right-click empty space", "add a ROP there"),
    (
        "Right-click a node",
        "rename, view, bypass, copy, duplicate, delete",
    ),
    (
        "Drag from a socket",
        "connect (green sockets take the wire)",
    ),
    ("Right-click a wire", "disconnect"),
    ("Delete / Backspace", "delete the selection"),
    (
        "Ctrl+C / Ctrl+X / Ctrl+V",
        "copy, cut, paste (network YAML)",
    ),
    ("Ctrl+D", "duplicate the selection"),
    (
        "Ctrl+Z / Ctrl+Shift+Z, Ctrl+Y",
        "undo / redo (node moves too)",
    ),
    ("F / Shift+F", "frame every node / the selection"),
    ("Ctrl+N / Ctrl+O", "new network / open"),
    ("Ctrl+S / Ctrl+Shift+S", "save / save as"),
    (
        "Drag on a slider",
        "change the value; hold Shift for fine steps",
    ),
    (
        "Drag on a number",
        "change it finely (Shift: finer); click to type",
    ),
    ("Preview: drag / right-drag / scroll", "orbit / pan / zoom"),
    ("Space (over the preview)", "play or pause time"),
    ("F1", "this list"),
];
