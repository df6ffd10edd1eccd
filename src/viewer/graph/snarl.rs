//! The editor's side of egui-snarl: titles, pins, wires and menus drawn from
//! the network, and what the user does reported as [`GraphEdit`]s.

use super::*;

pub(super) struct Viewer<'a> {
    pub(super) net: &'a Network,
    pub(super) lib: &'a Library,
    pub(super) edits: Vec<GraphEdit>,
    pub(super) refusal: Option<String>,
    pub(super) error_node: Option<&'a str>,
    /// A graph-space rectangle to bring into view in the given screen rectangle.
    pub(super) look_at: Option<(egui::Rect, egui::Rect)>,
    pub(super) selection: &'a [String],
    pub(super) viewing: Option<&'a str>,
    pub(super) bypassed: &'a std::collections::HashSet<String>,
    /// While a wire is dragged: whether each socket would take it.
    pub(super) marks: &'a HashMap<(String, usize), bool>,
    pub(super) wire_from: Option<&'a WireFrom>,
    /// The transform the editor draws with this frame.
    pub(super) to_global: egui::emath::TSTransform,
    /// Each node's box and input rows in graph space, as drawn.
    pub(super) rects: HashMap<NodeId, egui::Rect>,
    pub(super) rows: HashMap<NodeId, Vec<(f32, f32)>>,
    pub(super) outs: HashMap<NodeId, (f32, f32)>,
    /// The node menu asked to rename this node.
    pub(super) rename: Option<String>,
}

/// The colour of a selected node's frame.
const SELECTED: Color32 = Color32::from_rgb(255, 200, 60);
/// Sockets that would take the wire being dragged, and those that would not.
const FITS: Color32 = Color32::from_rgb(90, 230, 110);
const REFUSES: Color32 = Color32::from_rgb(110, 60, 60);

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
        let mut mark = String::new();
        if node.path == self.net.output {
            mark.push_str(" ◉");
        }
        if self.viewing == Some(node.path.as_str()) {
            mark.push_str(" 👁");
        }
        if self.bypassed.contains(&node.path) {
            mark.push_str(" (bypassed)");
        }
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
        self.to_global = *to_global;
    }

    fn final_node_rect(
        &mut self,
        node: NodeId,
        rect: egui::Rect,
        _ui: &mut Ui,
        _snarl: &mut Snarl<GraphNode>,
    ) {
        self.rects.insert(node, rect);
    }

    fn node_frame(
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
        let mut frame = default;
        if self.bypassed.contains(&n.path) {
            frame = frame.fill(frame.fill.gamma_multiply(0.55));
        }
        if self.selection.contains(&n.path) {
            frame = frame.stroke(egui::Stroke::new(2.5, SELECTED));
        }
        frame
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
        // Not selectable: a drag on the title moves the node.
        ui.add(
            egui::Label::new(egui::RichText::new(title).color(Color32::WHITE).strong())
                .selectable(false)
                .sense(egui::Sense::hover()),
        );
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
        let selected = self.selection.contains(&node.path);
        self.def(&node.path)
            .map(|d| {
                if selected {
                    pin_count_selected(d, connected)
                } else {
                    pin_count(d, connected)
                }
            })
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
        let r = if drives {
            ui.label(egui::RichText::new(label).italics().weak())
        } else {
            ui.label(label)
        };
        let rows = self.rows.entry(pin.id.node).or_default();
        if rows.len() <= pin.id.input {
            rows.resize(pin.id.input + 1, (f32::NAN, f32::NAN));
        }
        rows[pin.id.input] = (r.rect.top() - 2.0, r.rect.bottom() + 2.0);
        let mark = match self.wire_from {
            Some(WireFrom::Output(_)) => self.marks.get(&(path.clone(), pin.id.input)).copied(),
            _ => None,
        };
        let fill = match mark {
            Some(true) => FITS,
            Some(false) => REFUSES,
            None if drives => Color32::from_rgb(120, 160, 220),
            None => Color32::from_rgb(200, 200, 120),
        };
        let info = if drives {
            PinInfo::square()
        } else {
            PinInfo::circle()
        };
        match mark {
            Some(true) => info
                .with_fill(fill)
                .with_stroke(egui::Stroke::new(2.0, Color32::WHITE)),
            _ => info.with_fill(fill),
        }
    }

    fn show_output(
        &mut self,
        pin: &OutPin,
        ui: &mut Ui,
        snarl: &mut Snarl<GraphNode>,
    ) -> impl egui_snarl::ui::SnarlPin + 'static {
        let r = ui.label("out");
        self.outs
            .insert(pin.id.node, (r.rect.top() - 2.0, r.rect.bottom() + 2.0));
        let path = snarl
            .get_node(pin.id.node)
            .map(|n| n.path.clone())
            .unwrap_or_default();
        let mark = match self.wire_from {
            Some(WireFrom::Input(..)) => self.marks.get(&(path, usize::MAX)).copied(),
            _ => None,
        };
        match mark {
            Some(true) => PinInfo::circle()
                .with_fill(FITS)
                .with_stroke(egui::Stroke::new(2.0, Color32::WHITE)),
            Some(false) => PinInfo::circle().with_fill(REFUSES),
            None => PinInfo::circle().with_fill(Color32::from_rgb(120, 200, 120)),
        }
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
        // A right click on empty space opens the type-to-add box instead
        // (see `Graph::show`): a menu closes when its search field is clicked.
        false
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
        ui.label(egui::RichText::new(&path).strong());
        let is_output = self.def(&path).is_some_and(|d| d.is_output());
        // Every item is a button: a text field inside a menu would close it.
        if ui.button("Rename…").clicked() {
            self.rename = Some(path.clone());
            ui.close();
        }
        if !is_output {
            let viewing = self.viewing == Some(path.as_str());
            let label = if viewing {
                "Stop viewing"
            } else {
                "View this node"
            };
            if ui
                .button(label)
                .on_hover_text("Preview this node without making it the output")
                .clicked()
            {
                self.edits
                    .push(GraphEdit::View((!viewing).then(|| path.clone())));
                ui.close();
            }
            let bypassed = self.bypassed.contains(&path);
            if ui
                .button(if bypassed { "Bypass off" } else { "Bypass" })
                .on_hover_text("Pass the first input through unchanged")
                .clicked()
            {
                self.edits.push(GraphEdit::Bypass(path.clone()));
                ui.close();
            }
        }
        if ui
            .add(egui::Button::new("Copy").shortcut_text("Ctrl+C"))
            .clicked()
        {
            let mut nodes = self.selection.to_vec();
            if !nodes.contains(&path) {
                nodes = vec![path.clone()];
            }
            self.edits.push(GraphEdit::Copy(nodes));
            ui.close();
        }
        if ui
            .add(egui::Button::new("Duplicate").shortcut_text("Ctrl+D"))
            .clicked()
        {
            self.edits.push(GraphEdit::Duplicate(path.clone()));
            ui.close();
        }
        if is_output && path != self.net.output && ui.button("Make this the output").clicked() {
            self.edits.push(GraphEdit::SetOutput(path.clone()));
            ui.close();
        }
        if ui
            .add(egui::Button::new("Delete").shortcut_text("Del"))
            .clicked()
        {
            self.edits.push(GraphEdit::Remove(path.clone()));
            ui.close();
        }
    }
}
