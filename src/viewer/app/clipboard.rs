//! Edits of the selection: copy and paste (as network YAML on the system
//! clipboard, so that nodes travel between networks and windows), cut,
//! duplicate, delete; and viewing any node through a renderer of its own.

use super::*;
use crate::network::Node;
use std::collections::BTreeMap;

/// How far a paste or a duplicate lands from the nodes it copies.
const PASTE_OFFSET: f32 = 40.0;

impl App {
    /// The nodes `paths` as network YAML: their parameters, positions and
    /// the wires between them (wires from nodes left behind are dropped).
    pub(super) fn nodes_yaml(&self, paths: &[String]) -> Option<String> {
        let mut part = Network {
            file: self.doc.net.file.clone(),
            ..Default::default()
        };
        for p in paths {
            let Some(node) = self.doc.net.nodes.get(p) else {
                continue;
            };
            let mut node = node.clone();
            for s in node.inputs.iter_mut() {
                if s.as_ref().is_some_and(|s| !paths.contains(s)) {
                    *s = None;
                }
            }
            while node.inputs.last().is_some_and(Option::is_none) {
                node.inputs.pop();
            }
            part.nodes.insert(p.clone(), node);
        }
        // The output key names a node of the piece: the last one copied.
        part.output = paths
            .iter()
            .rev()
            .find(|p| part.nodes.contains_key(*p))?
            .clone();
        Some(part.to_yaml(&self.doc.lib))
    }

    /// Ctrl+C: the nodes onto the system clipboard, as network YAML.
    pub(super) fn copy_nodes(&mut self, paths: &[String]) {
        let Some(text) = self.nodes_yaml(paths) else {
            return;
        };
        self.ctx.copy_text(text);
        self.say(format!("copied {} node(s)", paths.len()));
    }

    /// Ctrl+V: nodes from network YAML, under fresh paths where theirs are
    /// taken, a step aside from where they were (or at the pointer), wired
    /// among themselves; they become the selection.
    pub(super) fn paste_text(&mut self, text: &str, at: Option<egui::Pos2>) {
        let piece = match Network::parse_fragment(text, Path::new("clipboard"), &self.doc.lib) {
            Ok(p) if !p.nodes.is_empty() => p,
            Ok(_) => return,
            Err(e) => {
                self.say(format!("paste: not a piece of a network: {e}"));
                self.tab = Tab::Log;
                return;
            }
        };
        let mut net = self.doc.net.clone();
        // Fresh paths, decided before any node goes in.
        let mut renamed: BTreeMap<String, String> = BTreeMap::new();
        for path in piece.nodes.keys() {
            let fresh = if net.nodes.contains_key(path) {
                net.fresh_path(path)
            } else {
                path.clone()
            };
            net.nodes.insert(fresh.clone(), Node::default());
            renamed.insert(path.clone(), fresh);
        }
        // Where they go: their own places a step aside, or, at the pointer,
        // the piece's top-left corner there.
        let corner = piece
            .nodes
            .values()
            .filter_map(|n| n.pos)
            .fold([f32::INFINITY, f32::INFINITY], |a, p| {
                [a[0].min(p[0]), a[1].min(p[1])]
            });
        let shift = match (at, corner[0].is_finite()) {
            (Some(at), true) => [at.x - corner[0], at.y - corner[1]],
            _ => [PASTE_OFFSET, PASTE_OFFSET],
        };
        let mut placed = Vec::new();
        for (k, (path, node)) in piece.nodes.iter().enumerate() {
            let mut node = node.clone();
            for s in node.inputs.iter_mut() {
                *s = s.as_ref().and_then(|s| renamed.get(s).cloned());
            }
            while node.inputs.last().is_some_and(Option::is_none) {
                node.inputs.pop();
            }
            let base = node.pos.unwrap_or([k as f32 * 30.0, k as f32 * 30.0]);
            node.pos = Some([base[0] + shift[0], base[1] + shift[1]]);
            let fresh = renamed[path].clone();
            net.nodes.insert(fresh.clone(), node);
            placed.push(fresh);
        }
        let count = placed.len();
        self.edit("paste", true, |n| *n = net);
        self.graph.select(placed);
        self.say(format!("pasted {count} node(s)"));
    }

    /// Ctrl+D: copies of the selected nodes beside them, wired among
    /// themselves and to the same inputs from outside as the originals.
    pub(super) fn duplicate_selection(&mut self) {
        let paths = self.graph.selected();
        if paths.is_empty() {
            return;
        }
        let mut net = self.doc.net.clone();
        let mut renamed: BTreeMap<String, String> = BTreeMap::new();
        for p in &paths {
            if net.nodes.contains_key(p) {
                let fresh = net.fresh_path(p);
                net.nodes.insert(fresh.clone(), Node::default());
                renamed.insert(p.clone(), fresh);
            }
        }
        for (p, fresh) in &renamed {
            let mut node = self.doc.net.nodes[p].clone();
            for s in node.inputs.iter_mut().flatten() {
                if let Some(r) = renamed.get(s.as_str()) {
                    *s = r.clone();
                }
            }
            node.pos = node.pos.map(|[x, y]| [x + PASTE_OFFSET, y + PASTE_OFFSET]);
            net.nodes.insert(fresh.clone(), node);
        }
        let copies: Vec<String> = paths
            .iter()
            .filter_map(|p| renamed.get(p).cloned())
            .collect();
        self.edit("duplicate", true, |n| *n = net);
        self.graph.select(copies);
    }

    /// Delete: removes the selected nodes (not the output), one undo step.
    pub(super) fn delete_selection(&mut self) {
        let paths = self.graph.selected();
        if paths.is_empty() {
            return;
        }
        let mut net = self.doc.net.clone();
        let mut removed = 0;
        for p in &paths {
            match net.remove_node(p) {
                Ok(()) => removed += 1,
                Err(e) => self.say(format!("delete {p}: {e}")),
            }
        }
        if removed > 0 {
            self.edit("delete", true, |n| *n = net);
            self.graph.select(Vec::new());
        }
    }

    /// Previews `path` (or the output again, for `None`) without changing
    /// the network.
    pub(super) fn view(&mut self, path: Option<String>) {
        if let Some(p) = &path
            && let Err(why) = self.view_network(p)
        {
            self.say(format!("cannot view {p}: {why}"));
            self.tab = Tab::Log;
            return;
        }
        self.graph.viewing = path;
        self.push_network();
    }

    /// The network the preview draws while `path` is viewed: the network
    /// with an output of its own on `path`: the network's 3D renderer (its
    /// camera, lights, background) when it has one, a plain one, or the 2D
    /// renderer, whichever resolves first.
    pub(super) fn view_network(&self, path: &str) -> Result<Network, String> {
        let net = &self.doc.net;
        let lib = &self.doc.lib;
        let node = net.nodes.get(path).ok_or("no such node")?;
        if node.def(lib).is_some_and(|d| d.is_output()) {
            return Err("it is an output; make it the output instead".into());
        }
        let at = net.fresh_path("/view");
        let mut tries = Vec::new();
        if let Some(out) = net.nodes.get(&net.output)
            && out.rop == "raymarchRender3D"
        {
            let mut o = out.clone();
            if o.inputs.is_empty() {
                o.inputs.push(None);
            }
            o.inputs[0] = Some(path.to_string());
            tries.push(o);
        }
        for rop in ["raymarchRender3D", "render2D"] {
            let mut o = Node::new(rop);
            o.inputs = vec![Some(path.to_string())];
            tries.push(o);
        }
        let mut why = String::from("no renderer takes it");
        for o in tries {
            let mut trial = net.clone();
            trial.nodes.insert(at.clone(), o);
            trial.output = at.clone();
            match crate::resolve::resolve(lib, &trial.with_bypass_applied()) {
                Ok(_) => return Ok(trial),
                Err(e) => why = e.message,
            }
        }
        Err(why)
    }
}
