//! The node graph editor (egui-snarl). The network stays the source of
//! truth: the editor reports what the user did as [`GraphEdit`]s, the app
//! applies them to the network (with undo), and the graph is rebuilt from it.

use crate::library::{Library, RopDef};
use crate::network::Network;
use eframe::egui;
use egui::{Color32, Pos2, Ui};
use egui_snarl::ui::{PinInfo, SnarlStyle, SnarlViewer, SnarlWidget, get_selected_nodes};
use egui_snarl::{InPin, NodeId, OutPin, Snarl};
use std::collections::HashMap;

/// One node of the graph view: the path of the network node it shows.
#[derive(Clone, Debug)]
pub struct GraphNode {
    pub path: String,
}

/// What the user did in the editor.
#[derive(Clone, Debug, PartialEq)]
pub enum GraphEdit {
    Connect {
        src: String,
        dst: String,
        slot: usize,
    },
    Disconnect {
        dst: String,
        slot: usize,
    },
    Add {
        rop: String,
        pos: [f32; 2],
    },
    Remove(String),
    Duplicate(String),
    Rename {
        from: String,
        to: String,
    },
    SetOutput(String),
}

pub struct Graph {
    pub snarl: Snarl<GraphNode>,
    ids: HashMap<String, NodeId>,
    /// A refused connection and why, shown near the pointer for a moment.
    pub refusal: Option<(String, std::time::Instant)>,
    pub filter: String,
    rename: Option<(String, String)>,
}

pub const GRAPH_ID: &str = "ropkit-graph";

impl Graph {
    pub fn new(net: &Network, lib: &Library) -> Graph {
        let mut g = Graph {
            snarl: Snarl::new(),
            ids: HashMap::new(),
            refusal: None,
            filter: String::new(),
            rename: None,
        };
        g.rebuild(net, lib);
        g
    }

    /// Makes the view match the network (after an edit, an undo or a reload).
    pub fn rebuild(&mut self, net: &Network, lib: &Library) {
        self.snarl = Snarl::new();
        self.ids.clear();
        let auto = auto_layout(net);
        for (path, node) in &net.nodes {
            let pos = node
                .pos
                .map(|[x, y]| Pos2::new(x, y))
                .unwrap_or_else(|| auto[path]);
            let id = self
                .snarl
                .insert_node(pos, GraphNode { path: path.clone() });
            self.ids.insert(path.clone(), id);
        }
        for (path, node) in &net.nodes {
            let Some(dst) = self.ids.get(path).copied() else {
                continue;
            };
            let inputs = lib
                .get(&node.rop)
                .map(|d| pin_count(d, node.inputs.len()))
                .unwrap_or(0);
            for (slot, src) in node.inputs.iter().enumerate().take(inputs) {
                if let Some(src) = src.as_ref().and_then(|s| self.ids.get(s)) {
                    self.snarl.connect(
                        egui_snarl::OutPinId {
                            node: *src,
                            output: 0,
                        },
                        egui_snarl::InPinId {
                            node: dst,
                            input: slot,
                        },
                    );
                }
            }
        }
    }

    /// Node positions as the user left them.
    pub fn positions(&self) -> Vec<(String, [f32; 2])> {
        self.snarl
            .nodes_pos()
            .map(|(pos, n)| (n.path.clone(), [pos.x, pos.y]))
            .collect()
    }

    /// Paths of the nodes selected in the editor.
    pub fn selected(&self, ctx: &egui::Context) -> Vec<String> {
        get_selected_nodes(egui::Id::new(GRAPH_ID), ctx)
            .into_iter()
            .filter_map(|id| self.snarl.get_node(id).map(|n| n.path.clone()))
            .collect()
    }

    pub fn show(
        &mut self,
        ui: &mut Ui,
        net: &Network,
        lib: &Library,
        error_node: Option<&str>,
    ) -> Vec<GraphEdit> {
        let mut viewer = Viewer {
            net,
            lib,
            edits: Vec::new(),
            refusal: None,
            filter: &mut self.filter,
            rename: &mut self.rename,
            error_node,
        };
        let style = SnarlStyle {
            collapsible: Some(true),
            ..SnarlStyle::new()
        };
        SnarlWidget::new()
            .id(egui::Id::new(GRAPH_ID))
            .style(style)
            .show(&mut self.snarl, &mut viewer, ui);
        let edits = std::mem::take(&mut viewer.edits);
        if let Some(r) = viewer.refusal.take() {
            self.refusal = Some((r, std::time::Instant::now()));
        }
        if let Some((msg, at)) = &self.refusal {
            if at.elapsed().as_secs_f32() < 4.0 {
                egui::Tooltip::always_open(
                    ui.ctx().clone(),
                    ui.layer_id(),
                    egui::Id::new("ropkit-refusal"),
                    egui::PopupAnchor::Pointer,
                )
                .show(|ui| {
                    ui.colored_label(
                        Color32::from_rgb(255, 120, 100),
                        format!("Not connected: {msg}"),
                    );
                });
                ui.ctx().request_repaint();
            } else {
                self.refusal = None;
            }
        }
        edits
    }
}

/// Places for nodes a network gives no position: columns by distance from the
/// output (inputs to the left of the nodes that use them), rows in path order.
fn auto_layout(net: &Network) -> HashMap<String, Pos2> {
    let mut depth: HashMap<&str, usize> = HashMap::new();
    // Longest distance from the output, found by relaxing along inputs
    // (bounded by the node count, so a cycle cannot loop forever).
    depth.insert(net.output.as_str(), 0);
    for _ in 0..net.nodes.len() {
        let mut changed = false;
        for (path, node) in &net.nodes {
            let Some(&d) = depth.get(path.as_str()) else {
                continue;
            };
            for src in node.inputs.iter().flatten() {
                if net.nodes.contains_key(src) && depth.get(src.as_str()).is_none_or(|&e| e < d + 1)
                {
                    depth.insert(src.as_str(), d + 1);
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    let max = depth.values().copied().max().unwrap_or(0);
    let mut rows: HashMap<usize, f32> = HashMap::new();
    let mut out = HashMap::new();
    for path in net.nodes.keys() {
        // Nodes the output does not reach go in a column of their own, at the left.
        let column = depth
            .get(path.as_str())
            .map(|d| max - d)
            .map(|c| c + 1)
            .unwrap_or(0);
        let row = rows.entry(column).or_insert(0.0);
        out.insert(path.clone(), Pos2::new(column as f32 * 240.0, *row * 110.0));
        *row += 1.0;
    }
    out
}

/// Number of input pins shown: the ROP's inputs, or for a variadic ROP one
/// more than those connected.
fn pin_count(def: &RopDef, connected: usize) -> usize {
    if def.variadic {
        (connected + 1).clamp(def.inputs.len(), def.max_inputs())
    } else {
        def.inputs.len()
    }
}

/// A colour per category, so a scene reads at a glance.
pub fn category_color(category: &str) -> Color32 {
    match category {
        "sdf" => Color32::from_rgb(60, 100, 170),
        "sdf2d" => Color32::from_rgb(40, 130, 140),
        "combine" => Color32::from_rgb(120, 80, 170),
        "filter" => Color32::from_rgb(160, 100, 40),
        "field" => Color32::from_rgb(70, 140, 60),
        "material" => Color32::from_rgb(180, 60, 80),
        "camera" => Color32::from_rgb(100, 100, 110),
        "light" => Color32::from_rgb(170, 140, 30),
        "output" => Color32::from_rgb(40, 40, 40),
        _ => Color32::from_rgb(80, 80, 90),
    }
}

struct Viewer<'a> {
    net: &'a Network,
    lib: &'a Library,
    edits: Vec<GraphEdit>,
    refusal: Option<String>,
    filter: &'a mut String,
    rename: &'a mut Option<(String, String)>,
    error_node: Option<&'a str>,
}

impl Viewer<'_> {
    fn def(&self, path: &str) -> Option<&RopDef> {
        self.net.nodes.get(path).and_then(|n| self.lib.get(&n.rop))
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

/// A searchable list of every ROP, grouped by category. Returns the one clicked.
pub fn palette(ui: &mut Ui, lib: &Library, filter: &mut String, height: f32) -> Option<String> {
    ui.add(egui::TextEdit::singleline(filter).hint_text("search ROPs…"));
    let needle = filter.to_lowercase();
    let mut picked = None;
    let mut by_category: std::collections::BTreeMap<&str, Vec<&RopDef>> = Default::default();
    for def in lib.rops.values() {
        let hay = format!(
            "{} {} {} {}",
            def.name,
            def.category,
            def.description,
            def.keywords.join(" ")
        )
        .to_lowercase();
        if needle.is_empty() || hay.contains(&needle) {
            by_category
                .entry(def.category.as_str())
                .or_default()
                .push(def);
        }
    }
    egui::ScrollArea::vertical()
        .max_height(height)
        .id_salt("palette")
        .show(ui, |ui| {
            for (category, defs) in by_category {
                egui::CollapsingHeader::new(
                    egui::RichText::new(category)
                        .color(category_color(category))
                        .strong(),
                )
                .default_open(!needle.is_empty() || defs.len() <= 8)
                .id_salt(("palette", category))
                .show(ui, |ui| {
                    for def in defs {
                        if ui
                            .button(&def.name)
                            .on_hover_text(&def.description)
                            .clicked()
                        {
                            picked = Some(def.name.clone());
                        }
                    }
                });
            }
        });
    picked
}
