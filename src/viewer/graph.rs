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
    /// What the next frame should bring into view, if anything.
    look: Option<Look>,
    /// The graph's screen rectangle when it was last framed: a framing is
    /// applied again until the rectangle holds still (the window's first
    /// frames lay the panels out), then dropped.
    framed_in: Option<egui::Rect>,
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
            look: Some(Look::All),
            framed_in: None,
            refusal: None,
            filter: String::new(),
            rename: None,
        };
        g.rebuild(net, lib);
        g
    }

    /// Makes the view match the network (after an edit, an undo or a
    /// reload), changing only what differs: nodes added or removed, wires
    /// changed. Nodes that stay keep their place and their state in the
    /// editor, so an edit in a network of hundreds of nodes costs little.
    pub fn rebuild(&mut self, net: &Network, lib: &Library) {
        let gone: Vec<String> = self
            .ids
            .keys()
            .filter(|p| !net.nodes.contains_key(*p))
            .cloned()
            .collect();
        for path in gone {
            if let Some(id) = self.ids.remove(&path) {
                self.snarl.remove_node(id);
            }
        }
        let fresh: Vec<&String> = net
            .nodes
            .keys()
            .filter(|p| !self.ids.contains_key(*p))
            .collect();
        if !fresh.is_empty() {
            let auto = auto_layout(net, lib);
            for path in fresh {
                let pos = net.nodes[path]
                    .pos
                    .map(|[x, y]| Pos2::new(x, y))
                    .unwrap_or_else(|| auto[path.as_str()]);
                let id = self
                    .snarl
                    .insert_node(pos, GraphNode { path: path.clone() });
                self.ids.insert(path.clone(), id);
            }
        }
        // Wires: the ones the network has, no others.
        let mut wanted = std::collections::HashSet::new();
        for (path, node) in &net.nodes {
            let Some(dst) = self.ids.get(path).copied() else {
                continue;
            };
            let inputs = node
                .def(lib)
                .map(|d| pin_count(d, node.inputs.len()))
                .unwrap_or(0);
            for (slot, src) in node.inputs.iter().enumerate().take(inputs) {
                if let Some(src) = src.as_ref().and_then(|s| self.ids.get(s)) {
                    wanted.insert((
                        egui_snarl::OutPinId {
                            node: *src,
                            output: 0,
                        },
                        egui_snarl::InPinId {
                            node: dst,
                            input: slot,
                        },
                    ));
                }
            }
        }
        let existing: Vec<_> = self.snarl.wires().collect();
        for (from, to) in &existing {
            if !wanted.contains(&(*from, *to)) {
                self.snarl.disconnect(*from, *to);
            }
        }
        for (from, to) in wanted {
            if !existing.contains(&(from, to)) {
                self.snarl.connect(from, to);
            }
        }
    }

    /// Asks for the view to be fitted to every node on the next frame (`F`).
    pub fn frame_all(&mut self) {
        self.look = Some(Look::All);
    }

    /// Asks for the view to be fitted to the selected nodes (all of them
    /// when none is selected) on the next frame (`Shift+F`).
    pub fn frame_selection(&mut self) {
        self.look = Some(Look::Selection);
    }

    /// Node positions as the user left them.
    pub fn positions(&self) -> Vec<(String, [f32; 2])> {
        self.snarl
            .nodes_pos()
            .map(|(pos, n)| (n.path.clone(), [pos.x, pos.y]))
            .collect()
    }

    /// The id of the editor's state.
    fn widget_id(&self) -> egui::Id {
        egui::Id::new(GRAPH_ID)
    }

    /// The graph-space rectangle the nodes in `paths` cover (all nodes
    /// when `paths` is empty), with their full width and height.
    fn nodes_rect(&self, net: &Network, lib: &Library, paths: &[String]) -> Option<egui::Rect> {
        let mut bb = eframe::egui::Rect::NOTHING;
        for (pos, node) in self.snarl.nodes_pos() {
            if paths.is_empty() || paths.contains(&node.path) {
                let size = egui::vec2(NODE_W, node_height(net, lib, &node.path));
                bb = bb.union(egui::Rect::from_min_size(pos, size));
            }
        }
        bb.is_finite().then(|| bb.expand(GAP_X))
    }

    /// Paths of the nodes selected in the editor.
    pub fn selected(&self, ctx: &egui::Context) -> Vec<String> {
        get_selected_nodes(self.widget_id(), ctx)
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
        let full = ui.available_rect_before_wrap();
        let id = self.widget_id();
        // Framing: the nodes' whole boxes (not only their corners, which
        // would clip the right-most column), passed to the editor through
        // its transform hook.
        let look = self.look.take();
        if let Some(l) = look {
            // Done once the rectangle framed in is the one of the frame before.
            if self.framed_in != Some(full) {
                self.look = Some(l);
            }
            self.framed_in = Some(full);
        } else {
            self.framed_in = None;
        }
        let look_at = look.and_then(|look| {
            let selected = match look {
                Look::All => Vec::new(),
                Look::Selection => self.selected(ui.ctx()),
            };
            self.nodes_rect(net, lib, &selected).map(|r| (r, full))
        });
        let mut viewer = Viewer {
            net,
            lib,
            edits: Vec::new(),
            refusal: None,
            filter: &mut self.filter,
            rename: &mut self.rename,
            error_node,
            look_at,
        };
        let style = SnarlStyle {
            collapsible: Some(true),
            min_scale: Some(ZOOM_OUT),
            ..SnarlStyle::new()
        };
        SnarlWidget::new()
            .id(id)
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

/// Room a node takes in the editor, at most: a header, and a row per pin.
const NODE_W: f32 = 220.0;
const NODE_H: f32 = 110.0;
const GAP_X: f32 = 40.0;
const GAP_Y: f32 = 24.0;

/// The height a node needs (header plus its input rows).
fn node_height(net: &Network, lib: &Library, path: &str) -> f32 {
    let pins = net
        .nodes
        .get(path)
        .and_then(|n| n.def(lib).map(|d| pin_count(d, n.inputs.len())))
        .unwrap_or(1)
        .max(1);
    (34.0 + 20.0 * pins as f32).min(NODE_H * 3.0)
}

/// Places for every node, in layers: a node's layer is its longest distance
/// from the output, layers run left to right (inputs left of their users),
/// and within a layer nodes follow the order of their users, which keeps
/// wires short. Many layers (a long chain) wrap into bands stacked top to
/// bottom, like lines of text, so that hundreds of nodes stay readable at a
/// sane zoom; no two nodes overlap.
pub fn auto_layout(net: &Network, lib: &Library) -> HashMap<String, Pos2> {
    // Longest distance from the output, in one pass over a topological
    // order (outputs before their inputs).
    let order = net.reachable_order();
    let mut depth: HashMap<&str, usize> = HashMap::new();
    depth.insert(net.output.as_str(), 0);
    for path in order.iter().rev() {
        let Some(&d) = depth.get(path.as_str()) else {
            continue;
        };
        for src in net.nodes[path].inputs.iter().flatten() {
            if net.nodes.contains_key(src) {
                let e = depth.entry(src.as_str()).or_insert(0);
                *e = (*e).max(d + 1);
            }
        }
    }
    let max = depth.values().copied().max().unwrap_or(0);
    // Layers left to right; nodes the output does not reach form a layer of
    // their own at the far left.
    let mut layers: Vec<Vec<&str>> = vec![Vec::new(); max + 2];
    for path in net.nodes.keys() {
        let layer = depth.get(path.as_str()).map_or(0, |d| max - d + 1);
        layers[layer].push(path);
    }
    layers.retain(|l| !l.is_empty());
    // Order within a layer by the place of the first user, right to left.
    // Each node's users, found once (a search per node would make the
    // layout quadratic in the network's size).
    let mut users: HashMap<&str, Vec<&str>> = HashMap::new();
    for (user, n) in &net.nodes {
        for src in n.inputs.iter().flatten() {
            users.entry(src.as_str()).or_default().push(user.as_str());
        }
    }
    let mut rank: HashMap<&str, f32> = HashMap::new();
    for layer in layers.iter_mut().rev() {
        let key = |p: &str| -> f32 {
            users
                .get(p)
                .into_iter()
                .flatten()
                .filter_map(|user| rank.get(user).copied())
                .fold(f32::INFINITY, f32::min)
        };
        let mut keyed: Vec<(f32, &str)> = layer.iter().map(|p| (key(p), *p)).collect();
        keyed.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(b.1)));
        *layer = keyed.iter().map(|(_, p)| *p).collect();
        for (i, p) in layer.iter().enumerate() {
            rank.insert(p, i as f32);
        }
    }
    // A layer of many nodes (a tree's leaves) splits into columns of at
    // most `rows` nodes; then the columns wrap into bands stacked top to
    // bottom, about as many per band as makes the whole wider than tall
    // (graph views are), so that hundreds of nodes stay readable.
    let rows = ((net.nodes.len() as f32 * NODE_W / NODE_H / 2.0)
        .sqrt()
        .ceil() as usize)
        .max(4);
    let columns: Vec<&[&str]> = layers.iter().flat_map(|l| l.chunks(rows)).collect();
    let column_heights: Vec<f32> = columns
        .iter()
        .map(|c| c.iter().map(|p| node_height(net, lib, p) + GAP_Y).sum())
        .collect();
    // Columns per band: the count whose whole fits a square graph panel
    // (the window's middle, between the palette and the preview, is about
    // as wide as it is tall) at the largest zoom, up to full size. Trying every count costs a
    // pass over the columns each, nothing beside the drawing.
    let extent = |per_band: usize| -> (f32, f32) {
        let width = per_band.min(columns.len()) as f32 * (NODE_W + GAP_X);
        let height: f32 = column_heights
            .chunks(per_band)
            .map(|band| band.iter().copied().fold(0.0, f32::max) + GAP_Y * 2.0)
            .sum();
        (width, height)
    };
    let per_band = (1..=columns.len().max(1))
        .max_by(|&a, &b| {
            let zoom = |n: usize| {
                let (w, h) = extent(n);
                // Past full size, a larger zoom gains nothing; then
                // fewer wraps (more columns a band) win.
                (1000.0 / w).min(1000.0 / h).min(1.0)
            };
            zoom(a).total_cmp(&zoom(b)).then(a.cmp(&b))
        })
        .unwrap_or(1);
    let mut out = HashMap::new();
    let mut band_top = 0.0;
    for band in columns.chunks(per_band) {
        let mut band_height: f32 = 0.0;
        for (col, column) in band.iter().enumerate() {
            let x = col as f32 * (NODE_W + GAP_X);
            let mut y = band_top;
            for p in column.iter() {
                out.insert(p.to_string(), Pos2::new(x, y));
                y += node_height(net, lib, p) + GAP_Y;
            }
            band_height = band_height.max(y - band_top);
        }
        band_top += band_height + GAP_Y * 2.0;
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
    /// A graph-space rectangle to bring into view in the given screen rectangle.
    look_at: Option<(egui::Rect, egui::Rect)>,
}

/// How far the editor zooms out: further than its default (0.2), so that
/// framing a graph of hundreds of nodes shows all of it.
const ZOOM_OUT: f32 = 0.1;

/// What to bring into view.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Look {
    All,
    Selection,
}

/// The transform that shows `view` (graph space) centred in `screen` at
/// the largest scale that fits it, within the editor's zoom range.
fn transform_to_show(view: egui::Rect, screen: egui::Rect) -> egui::emath::TSTransform {
    let fit = screen.size() / view.size().max(egui::vec2(1.0, 1.0));
    // Within the editor's zoom range (see `ZOOM_OUT`), and never past full size.
    let scaling = fit.min_elem().clamp(ZOOM_OUT, 1.0);
    let translation = screen.center().to_vec2() - view.center().to_vec2() * scaling;
    egui::emath::TSTransform::new(translation, scaling)
}

impl Viewer<'_> {
    fn def(&self, path: &str) -> Option<&RopDef> {
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

/// A searchable list of every ROP, grouped by category. Returns the one clicked.
pub fn palette(ui: &mut Ui, lib: &Library, filter: &mut String, height: f32) -> Option<String> {
    ui.add(egui::TextEdit::singleline(filter).hint_text("search ROPs…"));
    let needle = filter.to_lowercase();
    let mut picked = None;
    let mut by_category: std::collections::BTreeMap<&str, Vec<&RopDef>> = Default::default();
    for def in lib.rops.values() {
        if crate::catalog::matches(def, &needle) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::project::Project;
    use std::path::Path;

    fn library() -> Library {
        Project::checkout(Path::new(env!("CARGO_MANIFEST_DIR"))).load_library()
    }

    /// A sphere under `n` transforms, with a camera, a light and the renderer.
    fn chain(n: usize) -> String {
        let mut s = String::from("output: /render\nnodes:\n  /n0: { rop: sphere }\n");
        for i in 1..=n {
            s += &format!("  /n{i}: {{ rop: transform, inputs: [/n{}] }}\n", i - 1);
        }
        s + &format!(
            "  /cam: {{ rop: lookAtCamera }}\n  /light: {{ rop: pointLight }}\n  /render: {{ rop: raymarchRender3D, inputs: {{ scene: /n{n}, camera: /cam, light: /light }} }}\n"
        )
    }

    /// A balanced tree of unions over `leaves` spheres, some of them under
    /// short chains, plus a few nodes the output does not reach.
    fn tree(leaves: usize) -> String {
        let mut s = String::from("output: /render\nnodes:\n");
        let mut level = Vec::new();
        for i in 0..leaves {
            s += &format!("  /leaf{i}: {{ rop: sphere }}\n");
            let mut top = format!("/leaf{i}");
            for k in 0..i % 3 {
                s += &format!("  /t{i}_{k}: {{ rop: transform, inputs: [{top}] }}\n");
                top = format!("/t{i}_{k}");
            }
            level.push(top);
        }
        let mut k = 0;
        while level.len() > 1 {
            let mut next = Vec::new();
            for pair in level.chunks(2) {
                s += &format!(
                    "  /c{k}: {{ rop: combine, inputs: [{}] }}\n",
                    pair.join(", ")
                );
                next.push(format!("/c{k}"));
                k += 1;
            }
            level = next;
        }
        for i in 0..5 {
            s += &format!("  /loose{i}: {{ rop: box }}\n");
        }
        s + &format!(
            "  /render: {{ rop: raymarchRender3D, inputs: [{}] }}\n",
            level[0]
        )
    }

    /// Every node's box in the layout; fails if two overlap.
    fn check_layout(text: &str, lib: &Library) -> (usize, egui::Rect) {
        let net = Network::parse(text, Path::new("big.yaml"), lib).unwrap();
        let places = auto_layout(&net, lib);
        assert_eq!(places.len(), net.nodes.len(), "every node has a place");
        let mut boxes: Vec<(&String, egui::Rect)> = places
            .iter()
            .map(|(p, pos)| {
                let size = egui::vec2(NODE_W, node_height(&net, lib, p));
                (p, egui::Rect::from_min_size(*pos, size))
            })
            .collect();
        boxes.sort_by(|a, b| a.1.min.x.total_cmp(&b.1.min.x));
        for (i, (a, ra)) in boxes.iter().enumerate() {
            // Sorted by left edge: only the boxes that start before this one ends can meet it.
            for (b, rb) in boxes[i + 1..]
                .iter()
                .take_while(|(_, r)| r.min.x < ra.max.x)
            {
                assert!(!ra.intersects(*rb), "{a} at {ra:?} overlaps {b} at {rb:?}");
            }
        }
        let all = boxes
            .iter()
            .fold(egui::Rect::NOTHING, |bb, (_, r)| bb.union(*r));
        (net.nodes.len(), all)
    }

    #[test]
    fn three_hundred_nodes_lay_out_without_overlaps_at_a_readable_zoom() {
        let lib = library();
        for (what, text) in [
            ("chain", chain(296)),
            ("tree", tree(100)),
            ("short chain", chain(3)),
        ] {
            let (nodes, all) = check_layout(&text, &lib);
            // Fitted into the graph panel of a 1280x800 window (about
            // 680x710 points), nodes stay readable: the fit zooms out no
            // further than 0.19 for 300 nodes (0.2 before combine nodes got
            // a row for their Blend parameter's field socket).
            let screen = egui::Rect::from_min_size(Pos2::ZERO, egui::vec2(680.0, 710.0));
            let t = transform_to_show(all.expand(GAP_X), screen);
            assert!(
                t.scaling >= 0.19 || nodes < 50,
                "{what} ({nodes} nodes) fits only at zoom {:.3} ({all:?})",
                t.scaling
            );
            // And the fit shows the whole of every node.
            let shown = t * all;
            assert!(
                screen.expand(0.5).contains_rect(shown),
                "{what}: {shown:?} not inside {screen:?}"
            );
        }
    }

    #[test]
    fn a_chain_reads_left_to_right_within_each_band() {
        let lib = library();
        let net = Network::parse(&chain(40), Path::new("c.yaml"), &lib).unwrap();
        let places = auto_layout(&net, &lib);
        let mut wrapped = 0;
        for i in 1..=40 {
            let (a, b) = (places[&format!("/n{}", i - 1)], places[&format!("/n{i}")]);
            // Right of its input in the same band, or at the left of a new band below.
            if b.x <= a.x {
                wrapped += 1;
                assert!(b.y > a.y, "/n{i} wraps into a band below: {a:?} {b:?}");
            }
        }
        assert!(wrapped >= 1, "a 44-node chain wraps into bands");
    }
}
