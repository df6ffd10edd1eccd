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
pub mod search;
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
    /// A node of `rop` at `pos`, wired after `after` when the types fit.
    Add {
        rop: String,
        pos: [f32; 2],
        after: Option<String>,
    },
    Remove(String),
    Duplicate(String),
    Rename {
        from: String,
        to: String,
    },
    SetOutput(String),
    /// Preview this node (`None`: the network's output again).
    View(Option<String>),
    /// Turn the node's bypass on or off.
    Bypass(String),
    /// Copy these nodes to the clipboard.
    Copy(Vec<String>),
    /// A connection was refused, and why (for the log).
    Refused(String),
}

/// The rename box: the node, the text typed, and whether focus was given.
#[derive(Clone, Debug)]
struct Rename {
    path: String,
    text: String,
    focused: bool,
}

/// Where a wire being dragged starts: the node and whether from its output
/// (or from input `slot`).
#[derive(Clone, Debug, PartialEq)]
pub enum WireFrom {
    Output(String),
    Input(String, usize),
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
    rename: Option<Rename>,
    /// The selected nodes, in the order picked: the parameter panel shows
    /// the last. The editor's own selection (Shift+click, Shift+drag box)
    /// is folded into it each frame.
    pub selection: Vec<String>,
    /// The editor's own selection last frame.
    snarl_selection: Vec<NodeId>,
    /// Graph space to screen, as last drawn.
    pub to_global: egui::emath::TSTransform,
    /// The graph's screen rectangle, as last drawn.
    pub screen: egui::Rect,
    /// Each node's box in graph space, as last drawn.
    rects: HashMap<NodeId, egui::Rect>,
    /// Each node's input rows in graph space (top and bottom), and its
    /// output's, as last drawn.
    rows: HashMap<NodeId, Vec<(f32, f32)>>,
    outs: HashMap<NodeId, (f32, f32)>,
    /// While a wire is dragged: whether each socket would take it (see
    /// `socket_marks`).
    pub marks: HashMap<(String, usize), bool>,
    /// The type-to-add box, when open.
    pub search: Option<search::AddSearch>,
    /// A node drag began this frame (the app records an undo step).
    pub move_started: bool,
    /// A wire is being dragged from here.
    pub wire_from: Option<WireFrom>,
    /// The node previewed instead of the output, to mark it.
    pub viewing: Option<String>,
    /// Bypassed nodes, to mark them.
    pub bypassed: std::collections::HashSet<String>,
}

pub const GRAPH_ID: &str = "ropkit-graph";

/// The id egui-snarl gives the frame of node `id` (its click and drag).
fn frame_id(id: NodeId) -> egui::Id {
    egui::Id::new(GRAPH_ID)
        .with(("snarl-node", id))
        .with("frame")
}

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
            selection: Vec::new(),
            snarl_selection: Vec::new(),
            to_global: Default::default(),
            screen: egui::Rect::NOTHING,
            rects: HashMap::new(),
            rows: HashMap::new(),
            outs: HashMap::new(),
            marks: HashMap::new(),
            search: None,
            move_started: false,
            wire_from: None,
            viewing: None,
            bypassed: Default::default(),
        };
        g.rebuild(net, lib);
        g
    }

    /// Makes the view match the network (after an edit, an undo or a
    /// reload), changing only what differs: nodes added or removed, wires
    /// changed, positions the network holds that the editor does not.
    /// Nodes that stay keep their state in the editor, so an edit in a
    /// network of hundreds of nodes costs little.
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
        self.selection.retain(|p| net.nodes.contains_key(p));
        for (path, id) in &self.ids {
            if let Some([x, y]) = net.nodes[path].pos
                && let Some(info) = self.snarl.get_node_info_mut(*id)
                && ((info.pos.x - x).abs() > 0.5 || (info.pos.y - y).abs() > 0.5)
            {
                info.pos = Pos2::new(x, y);
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

    #[cfg(test)]
    /// Where node `path` is on the screen, as last drawn.
    pub fn screen_rect(&self, path: &str) -> Option<egui::Rect> {
        let id = self.ids.get(path)?;
        let r = self.rects.get(id)?;
        Some(self.to_global * *r)
    }

    #[cfg(test)]
    /// Where a socket of node `path` is on the screen, as last drawn: input
    /// `slot`, or the output for `None`.
    pub fn socket_pos(&self, path: &str, slot: Option<usize>) -> Option<Pos2> {
        let id = self.ids.get(path)?;
        let r = self.rects.get(id)?;
        // egui-snarl draws sockets inside the frame: its margin, then half
        // a socket.
        let inset = 6.0 + 5.4;
        let p = match slot {
            Some(s) => {
                let (t, b) = *self.rows.get(id)?.get(s)?;
                Pos2::new(r.left() + inset, (t + b) / 2.0)
            }
            None => {
                let (t, b) = *self.outs.get(id)?;
                Pos2::new(r.right() - inset, (t + b) / 2.0)
            }
        };
        Some(self.to_global * p)
    }

    #[cfg(test)]
    /// Where node `path` is in graph space (its top-left corner).
    pub fn node_pos(&self, path: &str) -> Option<Pos2> {
        let id = self.ids.get(path)?;
        self.snarl.get_node_info(*id).map(|i| i.pos)
    }

    /// Screen position to graph space.
    pub fn to_graph(&self, screen: Pos2) -> Pos2 {
        self.to_global.inverse() * screen
    }

    /// Selects exactly `paths` (the last is the one the panel shows).
    pub fn select(&mut self, paths: Vec<String>) {
        self.selection = paths;
    }

    /// Opens the type-to-add box at screen position `at` (the graph's
    /// middle when the pointer is elsewhere), holding `text`.
    pub fn open_search(&mut self, at: Option<Pos2>, text: String) {
        let screen = at
            .filter(|p| self.screen.contains(*p))
            .unwrap_or_else(|| self.screen.center());
        let screen = if screen.is_finite() {
            screen
        } else {
            Pos2::new(100.0, 100.0)
        };
        self.search = Some(search::AddSearch::new(screen, self.to_graph(screen), text));
    }

    /// Opens the rename box for `path`.
    pub fn start_rename(&mut self, path: &str) {
        self.rename = Some(Rename {
            path: path.to_string(),
            text: path.to_string(),
            focused: false,
        });
    }

    /// Whether the rename box is open.
    pub fn renaming(&self) -> bool {
        self.rename.is_some()
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

    /// Paths of the nodes selected in the editor itself.
    fn snarl_selected(&self, ctx: &egui::Context) -> Vec<NodeId> {
        get_selected_nodes(self.widget_id(), ctx)
    }

    /// The selection (see [`Graph::selection`]).
    pub fn selected(&self) -> Vec<String> {
        self.selection.clone()
    }

    pub fn show(
        &mut self,
        ui: &mut Ui,
        net: &Network,
        lib: &Library,
        error_node: Option<&str>,
    ) -> Vec<GraphEdit> {
        let full = ui.available_rect_before_wrap();
        self.screen = full;
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
                Look::Selection => self.selection.clone(),
            };
            self.nodes_rect(net, lib, &selected).map(|r| (r, full))
        });
        let before: HashMap<NodeId, Pos2> = self
            .snarl
            .nodes_pos_ids()
            .map(|(id, pos, _)| (id, pos))
            .collect();
        let wire_from = self.wire_from.clone();
        if wire_from.is_none() {
            self.marks.clear();
        } else if self.marks.is_empty() {
            // Once a drag: the network does not change during it.
            self.marks = wire_from
                .as_ref()
                .map(|w| socket_marks(lib, net, w))
                .unwrap_or_default();
        }
        let marks = std::mem::take(&mut self.marks);
        let mut viewer = Viewer {
            net,
            lib,
            edits: Vec::new(),
            refusal: None,
            error_node,
            look_at,
            selection: &self.selection,
            viewing: self.viewing.as_deref(),
            bypassed: &self.bypassed,
            marks: &marks,
            wire_from: wire_from.as_ref(),
            to_global: self.to_global,
            rects: HashMap::new(),
            rows: HashMap::new(),
            outs: HashMap::new(),
            rename: None,
        };
        // The editor's own selection frame is not drawn: the selection
        // drawn is [`Graph::selection`], on each node's frame.
        let style = SnarlStyle {
            collapsible: Some(true),
            min_scale: Some(ZOOM_OUT),
            select_style: Some(egui_snarl::ui::SelectionStyle {
                margin: egui::Margin::same(4),
                rounding: egui::CornerRadius::same(6),
                fill: Color32::TRANSPARENT,
                stroke: egui::Stroke::NONE,
            }),
            ..SnarlStyle::new()
        };
        let response =
            SnarlWidget::new()
                .id(id)
                .style(style)
                .show(&mut self.snarl, &mut viewer, ui);
        let edits = std::mem::take(&mut viewer.edits);
        let refusal = viewer.refusal.take();
        let rename = viewer.rename.take();
        self.to_global = viewer.to_global;
        self.rects = std::mem::take(&mut viewer.rects);
        self.rows = std::mem::take(&mut viewer.rows);
        self.outs = std::mem::take(&mut viewer.outs);
        drop(viewer);
        self.marks = marks;
        let mut edits = edits;
        if let Some(r) = refusal {
            edits.push(GraphEdit::Refused(r.clone()));
            self.refusal = Some((r, std::time::Instant::now()));
        }
        if let Some(path) = rename {
            self.start_rename(&path);
        }
        self.follow_pointer(ui.ctx(), &response, &before);
        self.track_wire(ui.ctx());
        if response.secondary_clicked() && self.wire_from.is_none() {
            let at = ui.ctx().input(|i| i.pointer.interact_pos());
            self.open_search(at, String::new());
        }
        if let Some(mut s) = self.search.take() {
            let selected = self.selection.last().cloned();
            match search::show_search(ui.ctx(), lib, &mut s) {
                search::SearchOutcome::Open => self.search = Some(s),
                search::SearchOutcome::Closed => {}
                search::SearchOutcome::Picked(rop) => edits.push(GraphEdit::Add {
                    rop,
                    pos: [s.at.x, s.at.y],
                    after: selected,
                }),
            }
        }
        if let Some(e) = self.rename_box(ui.ctx()) {
            edits.push(e);
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

    /// Selection and moves from what the pointer did to the nodes: a plain
    /// click selects one node, a click on empty space clears, Shift+click
    /// and Shift+drag (the editor's own) add; dragging a node moves the
    /// selection with it (a node not selected is selected first).
    fn follow_pointer(
        &mut self,
        ctx: &egui::Context,
        response: &egui::Response,
        before: &HashMap<NodeId, Pos2>,
    ) {
        // The editor's own selection: what it added or dropped.
        let now = self.snarl_selected(ctx);
        if now != self.snarl_selection {
            for id in &self.snarl_selection {
                if !now.contains(id)
                    && let Some(n) = self.snarl.get_node(*id)
                {
                    let path = n.path.clone();
                    self.selection.retain(|p| *p != path);
                }
            }
            for id in &now {
                if !self.snarl_selection.contains(id)
                    && let Some(n) = self.snarl.get_node(*id)
                    && !self.selection.contains(&n.path)
                {
                    self.selection.push(n.path.clone());
                }
            }
            self.snarl_selection = now;
        }
        let modifiers = ctx.input(|i| i.modifiers);
        let plain = !modifiers.shift && !modifiers.command;
        self.move_started = false;
        let mut dragged = None;
        for id in before.keys() {
            let Some(r) = ctx.read_response(frame_id(*id)) else {
                continue;
            };
            let Some(path) = self.snarl.get_node(*id).map(|n| n.path.clone()) else {
                continue;
            };
            if plain && r.clicked_by(egui::PointerButton::Primary) {
                self.selection = vec![path.clone()];
            }
            if plain && r.dragged_by(egui::PointerButton::Primary) {
                // In graph space (the editor's layer is transformed). On
                // the first frame, from where the button went down (the
                // pointer moves a little before a drag is told from a click).
                let moved = match (r.drag_started(), ctx.input(|i| i.pointer.press_origin())) {
                    (true, Some(origin)) => r
                        .interact_pointer_pos()
                        .map_or(egui::Vec2::ZERO, |p| p - self.to_graph(origin)),
                    _ => r.drag_delta(),
                };
                if r.drag_started() {
                    self.move_started = true;
                    if !self.selection.contains(&path) {
                        self.selection = vec![path.clone()];
                    }
                }
                dragged = Some((*id, moved));
            }
        }
        if plain && response.clicked_by(egui::PointerButton::Primary) {
            self.selection.clear();
        }
        // The editor moved the node dragged and its own selection: move
        // exactly this selection instead.
        if let Some((_, delta)) = dragged {
            let selection = &self.selection;
            for (id, old) in before {
                if let Some(info) = self.snarl.get_node_info_mut(*id) {
                    info.pos = if selection.contains(&info.value.path) {
                        *old + delta
                    } else {
                        *old
                    };
                }
            }
        }
    }

    /// A wire drag starts on a socket: which one, for marking the sockets
    /// that would take it. Ends when the button is up.
    fn track_wire(&mut self, ctx: &egui::Context) {
        let (down, origin, started) = ctx.input(|i| {
            (
                i.pointer.primary_down(),
                i.pointer.press_origin(),
                i.pointer.primary_pressed(),
            )
        });
        if !down {
            self.wire_from = None;
            return;
        }
        if !started {
            return;
        }
        self.wire_from = None;
        let Some(origin) = origin else { return };
        let p = self.to_graph(origin);
        // Sockets sit on the left (inputs) and right (output) edges.
        let reach = 24.0;
        for (id, rect) in &self.rects {
            if !rect.expand(4.0).contains(p) {
                continue;
            }
            let Some(path) = self.snarl.get_node(*id).map(|n| n.path.clone()) else {
                continue;
            };
            let within = |(t, b): (f32, f32)| p.y >= t - 2.0 && p.y <= b + 2.0;
            if p.x - rect.left() <= reach {
                let rows = self.rows.get(id).cloned().unwrap_or_default();
                if let Some(slot) = rows.iter().position(|r| within(*r)) {
                    self.wire_from = Some(WireFrom::Input(path, slot));
                }
            } else if rect.right() - p.x <= reach && self.outs.get(id).is_some_and(|r| within(*r)) {
                self.wire_from = Some(WireFrom::Output(path));
            }
            return;
        }
    }

    /// The rename box: a small window with the path, Enter or the button
    /// renames, Escape or Cancel leaves it.
    fn rename_box(&mut self, ctx: &egui::Context) -> Option<GraphEdit> {
        let mut r = self.rename.take()?;
        let mut done = false;
        let mut cancel = false;
        let mut open = true;
        egui::Window::new("Rename node")
            .id(egui::Id::new("ropkit-rename"))
            .collapsible(false)
            .resizable(false)
            .open(&mut open)
            .show(ctx, |ui| {
                ui.label(format!("New path for {}:", r.path));
                let field = ui.add(
                    egui::TextEdit::singleline(&mut r.text)
                        .id(egui::Id::new("ropkit-rename-field")),
                );
                if !r.focused {
                    // Focused with the path selected: typing replaces it.
                    field.request_focus();
                    let mut state = egui::TextEdit::load_state(ctx, field.id).unwrap_or_default();
                    let end = egui::text::CCursor::new(r.text.chars().count());
                    state
                        .cursor
                        .set_char_range(Some(egui::text::CCursorRange::two(
                            egui::text::CCursor::new(0),
                            end,
                        )));
                    state.store(ctx, field.id);
                    r.focused = true;
                }
                if field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
                    done = true;
                }
                ui.horizontal(|ui| {
                    if ui.button("Rename").clicked() {
                        done = true;
                    }
                    if ui.button("Cancel").clicked() {
                        cancel = true;
                    }
                });
            });
        if cancel || ctx.input(|i| i.key_pressed(egui::Key::Escape)) {
            open = false;
        }
        if done {
            return (r.text != r.path).then_some(GraphEdit::Rename {
                from: r.path,
                to: r.text,
            });
        }
        if open {
            self.rename = Some(r);
        }
        None
    }
}

/// Whether each input socket would take a wire from `from` (for an input
/// being dragged: whether each output would feed it): the quick checks of a
/// connection (input count, return types, cycles), per `(node, slot)` and,
/// for outputs, per node with slot `usize::MAX`.
fn socket_marks(lib: &Library, net: &Network, from: &WireFrom) -> HashMap<(String, usize), bool> {
    let mut marks = HashMap::new();
    match from {
        WireFrom::Output(src) => {
            let Some(sdef) = net.nodes.get(src).and_then(|n| n.def(lib)) else {
                return marks;
            };
            let cycle = feeders(net, src);
            for (path, node) in &net.nodes {
                let Some(def) = node.def(lib) else { continue };
                for slot in 0..pin_count(def, node.inputs.len()) {
                    let fits = !cycle.contains(path.as_str())
                        && def.input_def(slot).is_none_or(|i| {
                            i.return_types.as_ref().is_none_or(|want| {
                                sdef.return_types.iter().any(|t| want.contains(t))
                            })
                        });
                    marks.insert((path.clone(), slot), fits);
                }
            }
        }
        WireFrom::Input(dst, slot) => {
            let Some(ddef) = net.nodes.get(dst).and_then(|n| n.def(lib)) else {
                return marks;
            };
            let want = ddef.input_def(*slot).and_then(|i| i.return_types.clone());
            let cycle = fed_by(net, dst);
            for (path, node) in &net.nodes {
                let Some(def) = node.def(lib) else { continue };
                if def.is_output() {
                    continue;
                }
                let fits = !cycle.contains(path.as_str())
                    && want
                        .as_ref()
                        .is_none_or(|w| def.return_types.iter().any(|t| w.contains(t)));
                marks.insert((path.clone(), usize::MAX), fits);
            }
        }
    }
    marks
}

/// `path` and every node it feeds, directly or not: a wire from any of
/// them into `path` would make a cycle.
fn fed_by<'a>(net: &'a Network, path: &'a str) -> std::collections::HashSet<&'a str> {
    let mut users: HashMap<&str, Vec<&str>> = HashMap::new();
    for (p, n) in &net.nodes {
        for s in n.inputs.iter().flatten() {
            users.entry(s.as_str()).or_default().push(p.as_str());
        }
    }
    let mut seen = std::collections::HashSet::new();
    let mut stack = vec![path];
    while let Some(p) = stack.pop() {
        if seen.insert(p) {
            stack.extend(users.get(p).into_iter().flatten().copied());
        }
    }
    seen
}

/// `path` and every node that feeds it, directly or not: a wire from
/// `path` into any of them would make a cycle.
fn feeders<'a>(net: &'a Network, path: &'a str) -> std::collections::HashSet<&'a str> {
    let mut seen = std::collections::HashSet::new();
    let mut stack = vec![path];
    while let Some(p) = stack.pop() {
        if seen.insert(p)
            && let Some(n) = net.nodes.get(p)
        {
            stack.extend(n.inputs.iter().flatten().map(String::as_str));
        }
    }
    seen
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

/// A searchable list of every ROP, grouped by category. Returns the one
/// clicked, or the first match when Enter is pressed in the search field.
/// While searching, every category with a match is open.
pub fn palette(ui: &mut Ui, lib: &Library, filter: &mut String, height: f32) -> Option<String> {
    let field = ui.add(
        egui::TextEdit::singleline(filter)
            .id(egui::Id::new("ropkit-palette-search"))
            .hint_text("search ROPs…"),
    );
    let needle = filter.trim().to_lowercase();
    let mut picked = None;
    if field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) && !needle.is_empty() {
        picked = search::ranked(lib, &needle).first().map(|d| d.name.clone());
    }
    let mut by_category: std::collections::BTreeMap<&str, Vec<&RopDef>> = Default::default();
    for def in lib.rops.values() {
        if crate::catalog::matches(def, &needle) {
            by_category
                .entry(def.category.as_str())
                .or_default()
                .push(def);
        }
    }
    if !needle.is_empty() && by_category.is_empty() {
        ui.label(egui::RichText::new("no ROP matches").weak());
    }
    egui::ScrollArea::vertical()
        .max_height(height)
        .id_salt("palette")
        .show(ui, |ui| {
            for (category, defs) in by_category {
                let mut header = egui::CollapsingHeader::new(
                    egui::RichText::new(category)
                        .color(category_label_color(category))
                        .strong(),
                )
                .default_open(defs.len() <= 8)
                .id_salt(("palette", category));
                if !needle.is_empty() {
                    header = header.open(Some(true));
                }
                header.show(ui, |ui| {
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

/// A category's colour as text on the panel's dark background: the node
/// colour, lifted where it is too dark to read (the output category's).
pub fn category_label_color(category: &str) -> Color32 {
    let c = category_color(category);
    let luma = 0.299 * c.r() as f32 + 0.587 * c.g() as f32 + 0.114 * c.b() as f32;
    if luma >= 110.0 {
        return c;
    }
    let lift = |v: u8| (v as f32 + (255.0 - v as f32) * (1.0 - luma / 110.0) * 0.75) as u8;
    Color32::from_rgb(lift(c.r()), lift(c.g()), lift(c.b()))
}
