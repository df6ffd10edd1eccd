//! Keyboard shortcuts, closing, the screenshot mode used by scripts and
//! tests, and the modal dialogs.

use super::*;

impl App {
    pub(super) fn shortcuts(&mut self, ctx: &egui::Context) {
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
