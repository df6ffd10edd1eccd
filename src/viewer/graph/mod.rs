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

mod layout;
mod snarl;

pub use layout::auto_layout;
use layout::*;
use snarl::*;

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
