//! The editor's side of egui-snarl: titles, pins, wires and menus drawn from
//! the network, and what the user does reported as [`GraphEdit`]s.

use super::*;

pub(super) struct Viewer<'a> {
    pub(super) net: &'a Network,
    pub(super) lib: &'a Library,
    pub(super) edits: Vec<GraphEdit>,
    pub(super) refusal: Option<String>,
    pub(super) filter: &'a mut String,
    pub(super) rename: &'a mut Option<(String, String)>,
    pub(super) error_node: Option<&'a str>,
    /// A graph-space rectangle to bring into view in the given screen rectangle.
    pub(super) look_at: Option<(egui::Rect, egui::Rect)>,
}

/// How far the editor zooms out: further than its default (0.2), so that
/// framing a graph of hundreds of nodes shows all of it.
pub(super) const ZOOM_OUT: f32 = 0.1;

/// What to bring into view.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Look {
    All,
    Selection,
}

/// The transform that shows `view` (graph space) centred in `screen` at
/// the largest scale that fits it, within the editor's zoom range.
pub(super) fn transform_to_show(view: egui::Rect, screen: egui::Rect) -> egui::emath::TSTransform {
    let fit = screen.size() / view.size().max(egui::vec2(1.0, 1.0));
    // Within the editor's zoom range (see `ZOOM_OUT`), and never past full size.
    let scaling = fit.min_elem().clamp(ZOOM_OUT, 1.0);
    let translation = screen.center().to_vec2() - view.center().to_vec2() * scaling;
    egui::emath::TSTransform::new(translation, scaling)
}

impl Viewer<'_> {
    pub(super) fn def(&self, path: &str) -> Option<&RopDef> {
        self.net.nodes.get(path).and_then(|n| n.def(self.lib))
    }
}

impl SnarlViewer<GraphNode> for Viewer<'_> {
    fn title(&mut self, node: &GraphNode) -> String {
        let short = node.path.rsplit('/').next().unwrap_or(&node.path);
        let rop = self
            .net
            .nodes
            .get(&node.path)
            .map(|n| n.rop.as_str())
            .unwrap_or("?");
        let mark = if node.path == self.net.output {
            " ◉"
        } else {
            ""
        };
        format!("{short} · {rop}{mark}")
    }

    fn current_transform(
        &mut self,
        to_global: &mut egui::emath::TSTransform,
        _snarl: &mut Snarl<GraphNode>,
    ) {
        if let Some((view, screen)) = self.look_at.take() {
            *to_global = transform_to_show(view, screen);
        }
    }

    fn show_header(
        &mut self,
        node: NodeId,
        _inputs: &[InPin],
        _outputs: &[OutPin],
        ui: &mut Ui,
        snarl: &mut Snarl<GraphNode>,
    ) {
        let title = self.title(&snarl[node]);
        ui.label(egui::RichText::new(title).color(Color32::WHITE).strong());
    }

    fn header_frame(
        &mut self,
        default: egui::Frame,
        node: NodeId,
        _inputs: &[InPin],
        _outputs: &[OutPin],
        snarl: &Snarl<GraphNode>,
    ) -> egui::Frame {
        let Some(n) = snarl.get_node(node) else {
            return default;
        };
        let color = self
            .def(&n.path)
            .map(|d| category_color(&d.category))
            .unwrap_or(Color32::DARK_GRAY);
        // Darkened so the title stays readable on it.
        let mut frame = default.fill(color.gamma_multiply(0.75));
        if self.error_node == Some(n.path.as_str()) {
            frame = frame.stroke(egui::Stroke::new(2.0, Color32::RED));
        }
        frame
    }

    fn inputs(&mut self, node: &GraphNode) -> usize {
        let connected = self
            .net
            .nodes
            .get(&node.path)
            .map(|n| n.inputs.len())
            .unwrap_or(0);
        self.def(&node.path)
            .map(|d| pin_count(d, connected))
            .unwrap_or(0)
    }

    fn outputs(&mut self, node: &GraphNode) -> usize {
        self.def(&node.path)
            .map(|d| if d.is_output() { 0 } else { 1 })
            .unwrap_or(0)
    }

    fn show_input(
        &mut self,
        pin: &InPin,
        ui: &mut Ui,
        snarl: &mut Snarl<GraphNode>,
    ) -> impl egui_snarl::ui::SnarlPin + 'static {
        let path = snarl
            .get_node(pin.id.node)
            .map(|n| n.path.clone())
            .unwrap_or_default();
        let label = self
            .def(&path)
            .and_then(|d| {
                d.input_def(pin.id.input)
                    .map(|i| (i.label.clone(), i.required))
            })
            .map(|(l, req)| if req { format!("{l} *") } else { l })
            .unwrap_or_default();
        let label = if self.def(&path).is_some_and(|d| d.variadic) && pin.id.input >= 1 {
            format!("{label} {}", pin.id.input + 1)
        } else {
            label
        };
        // A field-capable parameter's socket: optional, drawn apart from the
        // ROP's own inputs (square, in the parameter panel's blue).
        let drives = self
            .def(&path)
            .and_then(|d| d.input_def(pin.id.input))
            .is_some_and(|i| i.drives.is_some());
        if drives {
            ui.label(egui::RichText::new(label).italics().weak());
            return PinInfo::square().with_fill(Color32::from_rgb(120, 160, 220));
        }
        ui.label(label);
        PinInfo::circle().with_fill(Color32::from_rgb(200, 200, 120))
    }

    fn show_output(
        &mut self,
        _pin: &OutPin,
        ui: &mut Ui,
        _snarl: &mut Snarl<GraphNode>,
    ) -> impl egui_snarl::ui::SnarlPin + 'static {
        ui.label("out");
        PinInfo::circle().with_fill(Color32::from_rgb(120, 200, 120))
    }

    fn connect(&mut self, from: &OutPin, to: &InPin, snarl: &mut Snarl<GraphNode>) {
        let (Some(src), Some(dst)) = (snarl.get_node(from.id.node), snarl.get_node(to.id.node))
        else {
            return;
        };
        let (src, dst) = (src.path.clone(), dst.path.clone());
        match crate::resolve::connection_problem(self.lib, self.net, &src, &dst, to.id.input) {
            Some(why) => self.refusal = Some(why),
            None => self.edits.push(GraphEdit::Connect {
                src,
                dst,
                slot: to.id.input,
            }),
        }
    }

    fn disconnect(&mut self, _from: &OutPin, to: &InPin, snarl: &mut Snarl<GraphNode>) {
        if let Some(dst) = snarl.get_node(to.id.node) {
            self.edits.push(GraphEdit::Disconnect {
                dst: dst.path.clone(),
                slot: to.id.input,
            });
        }
    }

    fn drop_inputs(&mut self, pin: &InPin, snarl: &mut Snarl<GraphNode>) {
        if let Some(dst) = snarl.get_node(pin.id.node) {
            self.edits.push(GraphEdit::Disconnect {
                dst: dst.path.clone(),
                slot: pin.id.input,
            });
        }
    }

    fn drop_outputs(&mut self, pin: &OutPin, snarl: &mut Snarl<GraphNode>) {
        let Some(src) = snarl.get_node(pin.id.node).map(|n| n.path.clone()) else {
            return;
        };
        for (path, node) in &self.net.nodes {
            for (slot, s) in node.inputs.iter().enumerate() {
                if s.as_deref() == Some(&src) {
                    self.edits.push(GraphEdit::Disconnect {
                        dst: path.clone(),
                        slot,
                    });
                }
            }
        }
    }

    fn has_graph_menu(&mut self, _pos: Pos2, _snarl: &mut Snarl<GraphNode>) -> bool {
        true
    }

    fn show_graph_menu(&mut self, pos: Pos2, ui: &mut Ui, _snarl: &mut Snarl<GraphNode>) {
        ui.label("Add a ROP");
        if let Some(rop) = palette(ui, self.lib, self.filter, 320.0) {
            self.edits.push(GraphEdit::Add {
                rop,
                pos: [pos.x, pos.y],
            });
            ui.close();
        }
    }

    fn has_node_menu(&mut self, _node: &GraphNode) -> bool {
        true
    }

    fn show_node_menu(
        &mut self,
        node: NodeId,
        _inputs: &[InPin],
        _outputs: &[OutPin],
        ui: &mut Ui,
        snarl: &mut Snarl<GraphNode>,
    ) {
        let Some(path) = snarl.get_node(node).map(|n| n.path.clone()) else {
            return;
        };
        ui.label(&path);
        let rename = self
            .rename
            .get_or_insert_with(|| (path.clone(), path.clone()));
        if rename.0 != path {
            *rename = (path.clone(), path.clone());
        }
        ui.horizontal(|ui| {
            ui.text_edit_singleline(&mut rename.1);
            if ui.button("Rename").clicked() && rename.1 != path {
                self.edits.push(GraphEdit::Rename {
                    from: path.clone(),
                    to: rename.1.clone(),
                });
                ui.close();
            }
        });
        if ui.button("Duplicate").clicked() {
            self.edits.push(GraphEdit::Duplicate(path.clone()));
            ui.close();
        }
        if self.def(&path).is_some_and(|d| d.is_output())
            && ui.button("Make this the output").clicked()
        {
            self.edits.push(GraphEdit::SetOutput(path.clone()));
            ui.close();
        }
        if ui.button("Delete").clicked() {
            self.edits.push(GraphEdit::Remove(path.clone()));
            ui.close();
        }
    }
}
