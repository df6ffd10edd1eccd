//! The panels around the graph: menus, parameters, the preview toolbar and
//! the bottom tabs (errors, GLSL, log).

use super::*;

impl App {
    pub(super) fn menu_bar(&mut self, ui: &mut egui::Ui) {
        egui::MenuBar::new().ui(ui, |ui| {
            ui.menu_button("File", |ui| {
                if ui
                    .add(egui::Button::new("New").shortcut_text("Ctrl+N"))
                    .clicked()
                {
                    self.request(Pending::New);
                    ui.close();
                }
                if ui
                    .add(egui::Button::new("Open…").shortcut_text("Ctrl+O"))
                    .clicked()
                {
                    self.browse = Some(Browse::start(Purpose::Open, &self.doc.net.file));
                    ui.close();
                }
                ui.menu_button("Open preset", |ui| {
                    for f in self.doc.project.presets() {
                        let name = f
                            .file_name()
                            .map(|n| n.to_string_lossy().to_string())
                            .unwrap_or_default();
                        if ui.button(name).clicked() {
                            self.request(Pending::Open(f));
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
                if ui
                    .add(egui::Button::new("Save as…").shortcut_text("Ctrl+Shift+S"))
                    .clicked()
                {
                    self.start_save_as();
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
                    let png = self.export_path("png");
                    let [w, h] = self.frame_size;
                    self.export_png = Some((png.display().to_string(), w, h));
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
                ui.separator();
                let any = !self.graph.selection.is_empty();
                if ui
                    .add_enabled(any, egui::Button::new("Copy").shortcut_text("Ctrl+C"))
                    .clicked()
                {
                    let paths = self.graph.selected();
                    self.copy_nodes(&paths);
                    ui.close();
                }
                if ui
                    .add_enabled(any, egui::Button::new("Duplicate").shortcut_text("Ctrl+D"))
                    .clicked()
                {
                    self.duplicate_selection();
                    ui.close();
                }
                if ui
                    .add_enabled(any, egui::Button::new("Delete").shortcut_text("Del"))
                    .clicked()
                {
                    self.delete_selection();
                    ui.close();
                }
                if ui
                    .add(egui::Button::new("Add a ROP…").shortcut_text("Tab"))
                    .clicked()
                {
                    self.graph.open_search(None, String::new());
                    ui.close();
                }
                if let Some(path) = self.selected()
                    && path != self.doc.net.output
                {
                    let on = self.doc.net.nodes.get(&path).is_some_and(|n| n.bypass);
                    if ui
                        .button(if on { "Bypass off" } else { "Bypass" })
                        .clicked()
                    {
                        self.apply_graph_edit(GraphEdit::Bypass(path));
                        ui.close();
                    }
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
                ui.separator();
                if let Some(path) = self.selected()
                    && self.graph.viewing.as_ref() != Some(&path)
                    && ui.button(format!("View {path}")).clicked()
                {
                    self.view(Some(path));
                    ui.close();
                }
                if self.graph.viewing.is_some() && ui.button("View the output").clicked() {
                    self.view(None);
                    ui.close();
                }
            });
            ui.menu_button("Help", |ui| {
                if ui
                    .add(egui::Button::new("Keyboard shortcuts").shortcut_text("F1"))
                    .clicked()
                {
                    self.help = true;
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

    pub(super) fn params_panel(&mut self, ui: &mut egui::Ui) {
        let Some(path) = self.selected() else {
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
        let changes = crate::viewer::params::show(ui, &path, &node, &def, &self.assets);
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

    pub(super) fn preview_toolbar(&mut self, ui: &mut egui::Ui) {
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
            // The picture's frame: the preview letterboxes to it, Export
            // PNG draws it.
            let [w, h] = self.frame_size;
            egui::ComboBox::from_id_salt("frame")
                .selected_text(format!("{w}×{h}"))
                .width(90.0)
                .show_ui(ui, |ui| {
                    for size in [[1024, 1024], [1280, 720], [1920, 1080], [1024, 768], [1080, 1350], [720, 1280]] {
                        ui.selectable_value(&mut self.frame_size, size, format!("{}×{}", size[0], size[1]));
                    }
                })
                .response
                .on_hover_text("The picture's size: the preview shows this frame, Export PNG draws it");
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
            ui.label(format!(
                "{:.0} ms{}",
                self.preview.frame_ms,
                if self.preview.baked { " · baked" } else { "" }
            ))
            .on_hover_text(
                "the last full-resolution picture, first band to last; baked: drawn with the values compiled in, since they stopped changing",
            );
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
        if let Some(v) = self.graph.viewing.clone() {
            let back = ui
                .horizontal(|ui| {
                    ui.colored_label(
                        egui::Color32::from_rgb(120, 200, 255),
                        format!("viewing {v}"),
                    );
                    ui.small_button("view the output").clicked()
                })
                .inner;
            if back {
                self.view(None);
            }
        }
    }

    /// Play, pause, scrub and the time, for scenes that move.
    pub(super) fn time_bar(&mut self, ui: &mut egui::Ui) {
        ui.horizontal(|ui| {
            let p = &mut self.preview;
            let label = if p.playing { "⏸" } else { "▶" };
            if ui
                .button(label)
                .on_hover_text("Play or pause time (Space over the preview)")
                .clicked()
            {
                p.toggle_play();
            }
            if ui.button("⏮").on_hover_text("Back to the start").clicked() {
                p.set_time(p.loop_start);
            }
            let mut t = p.time();
            ui.spacing_mut().slider_width = (ui.available_width() - 200.0).max(60.0);
            let scrub = ui.add(
                egui::Slider::new(&mut t, p.loop_start..=p.loop_end)
                    .text("time")
                    .show_value(false)
                    .clamping(egui::SliderClamping::Always),
            );
            if scrub.changed() {
                p.set_time(t);
            }
            ui.label(egui::RichText::new(format!("{:6.2} s", p.time())).monospace())
                .on_hover_text("The time the picture is drawn at");
            ui.add(
                egui::DragValue::new(&mut p.loop_end)
                    .range((p.loop_start + 0.1)..=3600.0)
                    .speed(0.1)
                    .prefix("loop ")
                    .suffix(" s"),
            )
            .on_hover_text("Time runs from the start to here, then again");
        });
    }

    /// Why the picture shown is not the network's as it is now, if it is not.
    pub(super) fn stale_reason(&self) -> Option<String> {
        let e = self.doc.error.as_ref()?;
        let first = e.to_string();
        let first = first.lines().next().unwrap_or_default().to_string();
        Some(format!("not up to date: {first}"))
    }

    pub(super) fn bottom_panel(&mut self, ui: &mut egui::Ui) {
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

    pub(super) fn errors_tab(&mut self, ui: &mut egui::Ui) {
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
                        self.graph.select(vec![n.clone()]);
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
}
