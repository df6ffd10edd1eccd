//! Saving a network by editing the text it was read from, so that a save
//! changes only what changed: a new value rewrites that value's text (a
//! vector only the components that changed, `64` staying an integer when
//! it stays whole), a new parameter or input is one more entry, a removed
//! node loses its lines, an added node is appended in the file's own style
//! (one flow line, or block style, as its other nodes are), a renamed node
//! keeps its place. Comments, blank lines, key order, quoting and the
//! choice between `inputs: [..]` and `inputs: { name: .. }` stay as the
//! file has them.
//!
//! Every patched text is read back and compared with the network in
//! memory before it is used: if it does not mean the same network, or the
//! text cannot be patched safely (YAML that [`super::source`] does not
//! follow, such as anchors or tags; a node whose kind or own definition
//! changed is rewritten in place instead), saving writes the canonical
//! form ([`Network::canonical_yaml`]). So a save never changes meaning.

use super::source::{self, Entry, Kind, Map, Seq, Span, Value};
use super::{Network, Node};
use crate::library::{Library, RopDef};
use crate::value::{ParamValue, float_text, yaml_string};
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

/// The text a network was read from and the network as it read then, so
/// that saving can edit that text (see the module's documentation). Two
/// networks that differ only in where they came from are equal: this is
/// not part of what a network is.
#[derive(Clone, Default)]
pub struct Origin(Option<Arc<Read>>);

struct Read {
    text: String,
    base: Network,
}

impl Origin {
    /// `net` as read from `text`.
    pub(super) fn of(text: &str, net: &Network) -> Origin {
        let mut base = net.clone();
        base.origin = Origin::default();
        Origin(Some(Arc::new(Read {
            text: text.to_string(),
            base,
        })))
    }

    /// No text: saving writes the canonical form.
    pub fn none() -> Origin {
        Origin(None)
    }

    /// The text the network was read from, if it was.
    pub fn text(&self) -> Option<&str> {
        self.0.as_ref().map(|r| r.text.as_str())
    }
}

impl PartialEq for Origin {
    fn eq(&self, _: &Origin) -> bool {
        true
    }
}

impl std::fmt::Debug for Origin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.0 {
            Some(r) => write!(f, "Origin({} bytes)", r.text.len()),
            None => write!(f, "Origin(none)"),
        }
    }
}

/// The network's file text made by editing the text it was read from, or
/// `None` when there is none or it cannot be edited safely.
pub(super) fn patched(net: &Network, lib: &Library) -> Option<String> {
    let read = net.origin.0.as_ref()?;
    if same_meaning(&read.base, net) {
        return Some(read.text.clone());
    }
    let text = edit(&read.text, &read.base, net, lib)?;
    // The check that makes this safe: the edited text must read back as
    // the network in memory (read without the library checks, so that an
    // unfinished network saves as edited too).
    let again = Network::read(&text, &net.file, lib).ok()?;
    same_meaning(&again, net).then_some(text)
}

/// Whether two networks are the same but for what saving does not keep
/// (positions past whole units, empty input slots at the end) and where
/// they were read from.
fn same_meaning(a: &Network, b: &Network) -> bool {
    let norm = |n: &Network| {
        let mut n = n.clone();
        n.file = Default::default();
        n.lines.clear();
        for node in n.nodes.values_mut() {
            *node = normal(node);
        }
        n
    };
    norm(a) == norm(b)
}

/// A node as saving keeps it: positions in whole units, no trailing empty inputs.
fn normal(node: &Node) -> Node {
    let mut node = node.clone();
    node.pos = rounded(node.pos);
    trim(&mut node.inputs);
    node
}

fn rounded(pos: Option<[f32; 2]>) -> Option<[f32; 2]> {
    pos.map(|[x, y]| [x.round(), y.round()])
}

fn trim(inputs: &mut Vec<Option<String>>) {
    while inputs.last().is_some_and(|s| s.is_none()) {
        inputs.pop();
    }
}

fn trimmed(inputs: &[Option<String>]) -> Vec<Option<String>> {
    let mut v = inputs.to_vec();
    trim(&mut v);
    v
}

/// The edits that turn `text` (which reads as `base`) into text for `net`,
/// applied.
fn edit(text: &str, base: &Network, net: &Network, lib: &Library) -> Option<String> {
    if base.comment != net.comment {
        return None;
    }
    let root = source::parse(text)?;
    let root = root.as_map()?;
    if root.has_duplicates() {
        return None;
    }
    let nodes_value = &root.get("nodes")?.value;
    let nodes = nodes_value.as_map()?;
    if nodes.has_duplicates() || nodes.entries.len() != base.nodes.len() {
        return None;
    }
    let mut p = Patcher {
        text,
        edits: Vec::new(),
        lib,
        style: Style::of(nodes, base),
    };
    if base.output != net.output {
        let value = &root.get("output")?.value;
        if value.kind != Kind::Scalar {
            return None;
        }
        p.replace(value.span, yaml_string(&net.output));
    }

    let removed: Vec<&String> = base
        .nodes
        .keys()
        .filter(|k| !net.nodes.contains_key(*k))
        .collect();
    let added: Vec<&String> = net
        .nodes
        .keys()
        .filter(|k| !base.nodes.contains_key(*k))
        .collect();
    let renames = renames(base, net, &removed, &added);
    let mut ops = MapOps::default();
    for (i, entry) in nodes.entries.iter().enumerate() {
        let was = base.nodes.get(&entry.key)?;
        let (key, now) = match net.nodes.get(&entry.key) {
            Some(now) => (&entry.key, now),
            None => match renames.get(&entry.key) {
                Some(to) => (*to, &net.nodes[*to]),
                None => {
                    ops.remove.insert(i);
                    continue;
                }
            },
        };
        let renamed = key != &entry.key;
        if normal(was) != normal(now) {
            let mark = p.edits.len();
            if p.node(entry, was, now).is_none() {
                p.edits.truncate(mark);
                p.rewrite_node(entry, key, now, nodes)?;
                if !nodes.flow {
                    // The rewritten lines carry the new key.
                    continue;
                }
            }
        }
        if renamed {
            p.replace(entry.key_span, yaml_string(key));
        }
    }
    let renamed_to: BTreeSet<&String> = renames.values().copied().collect();
    for path in added.iter().filter(|a| !renamed_to.contains(*a)) {
        let node = &net.nodes[*path];
        ops.insert.push((None, p.new_node(path, node)));
    }
    p.apply_map(nodes_value, ops)?;
    apply(text, p.edits)
}

/// Nodes that were renamed: a removed node paired with an added one of the
/// same content, else of the same ROP where that pairing is the only one.
fn renames<'a>(
    base: &Network,
    net: &'a Network,
    removed: &[&String],
    added: &[&'a String],
) -> BTreeMap<String, &'a String> {
    let mut pairs: BTreeMap<String, &'a String> = BTreeMap::new();
    let mut free: Vec<(&String, Node)> = removed
        .iter()
        .map(|r| (*r, normal(&base.nodes[*r])))
        .collect();
    let mut left: Vec<&'a String> = Vec::new();
    for a in added {
        let now = normal(&net.nodes[*a]);
        match free.iter().position(|(_, was)| *was == now) {
            Some(i) => {
                pairs.insert(free.remove(i).0.clone(), *a);
            }
            None => left.push(*a),
        }
    }
    let mut free: Vec<&String> = free.into_iter().map(|(r, _)| r).collect();
    let same_kind = |a: &Node, b: &Node| a.rop == b.rop && a.custom == b.custom;
    for a in &left {
        let now = &net.nodes[*a];
        let old: Vec<usize> = (0..free.len())
            .filter(|i| same_kind(&base.nodes[free[*i]], now))
            .collect();
        let new = left
            .iter()
            .filter(|b| same_kind(&net.nodes[**b], now))
            .count();
        if old.len() == 1 && new == 1 {
            pairs.insert(free.remove(old[0]).clone(), *a);
        }
    }
    pairs
}

/// How the file writes its nodes: one flow line each or in block style,
/// and how far block style indents.
struct Style {
    flow_nodes: bool,
    step: usize,
}

impl Style {
    fn of(nodes: &Map, base: &Network) -> Style {
        let plain = |e: &&Entry| base.nodes.get(&e.key).is_some_and(|n| n.custom.is_none());
        let flow = nodes
            .entries
            .iter()
            .filter(plain)
            .filter(|e| e.value.as_map().is_some_and(|m| m.flow))
            .count();
        let block = nodes
            .entries
            .iter()
            .filter(plain)
            .filter(|e| e.value.as_map().is_some_and(|m| !m.flow))
            .count();
        let step = nodes
            .entries
            .iter()
            .filter_map(|e| e.value.as_map().filter(|m| !m.flow))
            .map(|m| m.col.saturating_sub(nodes.col))
            .find(|s| *s > 0)
            .unwrap_or(2);
        Style {
            flow_nodes: flow >= block,
            step,
        }
    }
}

/// An entry to add to a mapping: as a flow entry (`key: value`) and as
/// block lines (not yet indented; the first starts with the key).
struct NewEntry {
    flow: String,
    lines: Vec<String>,
}

impl NewEntry {
    fn line(key: &str, value: &str) -> NewEntry {
        let flow = format!("{key}: {value}");
        NewEntry {
            lines: vec![flow.clone()],
            flow,
        }
    }
}

/// Entries to remove from a mapping (by index) and to add (before an
/// entry, by index, or at the end).
#[derive(Default)]
struct MapOps {
    remove: BTreeSet<usize>,
    insert: Vec<(Option<usize>, NewEntry)>,
}

struct Patcher<'a> {
    text: &'a str,
    edits: Vec<(Span, String)>,
    lib: &'a Library,
    style: Style,
}

/// The text with `edits` (spans to replace, none overlapping) made.
fn apply(text: &str, mut edits: Vec<(Span, String)>) -> Option<String> {
    // Stable: insertions at one place stay in the order they were made,
    // and come before a removal that starts there.
    edits.sort_by_key(|(s, _)| (s.start, s.end));
    let mut out = String::with_capacity(text.len() + 64);
    let mut at = 0;
    for (span, new) in edits {
        if span.start < at || span.end > text.len() {
            return None;
        }
        out.push_str(text.get(at..span.start)?);
        out.push_str(&new);
        at = span.end;
    }
    out.push_str(text.get(at..)?);
    Some(out)
}

/// The position of each key a node's mapping writes, for placing a new one.
fn node_key_order(key: &str) -> usize {
    ["rop", "custom", "params", "inputs", "pos", "bypass"]
        .iter()
        .position(|k| *k == key)
        .unwrap_or(usize::MAX)
}

impl Patcher<'_> {
    fn replace(&mut self, span: Span, new: impl Into<String>) {
        self.edits.push((span, new.into()));
    }

    fn insert(&mut self, at: usize, new: impl Into<String>) {
        self.replace(Span { start: at, end: at }, new);
    }

    fn slice(&self, span: Span) -> &str {
        &self.text[span.start..span.end]
    }

    fn line_start(&self, at: usize) -> usize {
        self.text[..at].rfind('\n').map(|i| i + 1).unwrap_or(0)
    }

    /// Past the line break of the line holding `at` (the text's end when
    /// it has none).
    fn line_after(&self, at: usize) -> usize {
        self.text[at..]
            .find('\n')
            .map(|i| at + i + 1)
            .unwrap_or(self.text.len())
    }

    /// Whether only spaces come before `at` on its line.
    fn first_on_line(&self, at: usize) -> bool {
        self.text[self.line_start(at)..at]
            .bytes()
            .all(|b| b == b' ')
    }

    /// The whole lines from the one at `start` to the one holding `end`,
    /// when `start` is the first thing on its line.
    fn lines_of(&self, start: usize, end: usize) -> Option<Span> {
        self.first_on_line(start).then(|| Span {
            start: self.line_start(start),
            end: self.line_after(end.max(start)),
        })
    }

    /// Block lines at `indent`, each ended by a line break; one first when
    /// they go after a last line that has none.
    fn block_text(&self, lines: &[String], indent: usize, at: usize) -> String {
        // Lines end as the file's do.
        let newline = if self.text.contains("\r\n") {
            "\r\n"
        } else {
            "\n"
        };
        let pad = " ".repeat(indent);
        let mut out = String::new();
        if at == self.text.len() && !self.text.is_empty() && !self.text.ends_with('\n') {
            out.push_str(newline);
        }
        for l in lines {
            if !l.is_empty() {
                out.push_str(&pad);
                out.push_str(l);
            }
            out.push_str(newline);
        }
        out
    }

    /// Removes and adds entries of a mapping. A mapping that would lose
    /// every entry it has while gaining others is left to the caller.
    fn apply_map(&mut self, value: &Value, ops: MapOps) -> Option<()> {
        let map = value.as_map()?;
        let n = map.entries.len();
        if ops.remove.is_empty() && ops.insert.is_empty() {
            return Some(());
        }
        let kept: Vec<usize> = (0..n).filter(|i| !ops.remove.contains(i)).collect();
        if kept.is_empty() && !ops.insert.is_empty() && n > 0 {
            return None;
        }
        // An insertion before an entry that goes lands before the next
        // one that stays, or at the end.
        let before = |j: Option<usize>| j.and_then(|j| kept.iter().copied().find(|k| *k >= j));
        let e = &map.entries;
        if map.flow {
            let first = kept.first().copied();
            match first {
                None if n > 0 => {
                    self.replace(
                        Span {
                            start: e[0].key_span.start,
                            end: e[n - 1].value.span.end.max(e[n - 1].key_span.end),
                        },
                        "",
                    );
                }
                None => {}
                Some(k) => {
                    if k > 0 {
                        self.replace(
                            Span {
                                start: e[0].key_span.start,
                                end: e[k].key_span.start,
                            },
                            "",
                        );
                    }
                    for &i in ops.remove.iter().filter(|i| **i > k) {
                        self.replace(
                            Span {
                                start: end_of(&e[i - 1]),
                                end: end_of(&e[i]),
                            },
                            "",
                        );
                    }
                }
            }
            if n == 0 {
                let items: Vec<String> = ops.insert.iter().map(|(_, ne)| ne.flow.clone()).collect();
                self.replace(value.span, format!("{{ {} }}", items.join(", ")));
                return Some(());
            }
            let last = *kept.last()?;
            for (j, ne) in ops.insert {
                match before(j) {
                    Some(k) => self.insert(e[k].key_span.start, format!("{}, ", ne.flow)),
                    None => self.insert(end_of(&e[last]), format!(", {}", ne.flow)),
                }
            }
            return Some(());
        }
        for &i in &ops.remove {
            let lines = self.lines_of(e[i].key_span.start, end_of(&e[i]))?;
            self.replace(lines, "");
        }
        let end = self
            .lines_of(e[n - 1].key_span.start, end_of(&e[n - 1]))?
            .end;
        for (j, ne) in ops.insert {
            let at = match before(j) {
                Some(k) => self.lines_of(e[k].key_span.start, end_of(&e[k]))?.start,
                None => end,
            };
            let text = self.block_text(&ne.lines, map.col, at);
            self.insert(at, text);
        }
        Some(())
    }

    /// Patches one node's entry from `was` to `now` (same key); `None`
    /// when it cannot be done in place piece by piece.
    fn node(&mut self, entry: &Entry, was: &Node, now: &Node) -> Option<()> {
        let map = entry.value.as_map()?;
        if map.has_duplicates() || was.rop != now.rop || was.custom != now.custom {
            return None;
        }
        // Only parameters, inputs and the position are patched: anything
        // else that changed rewrites the node.
        let mut probe = was.clone();
        probe.params = now.params.clone();
        probe.inputs = now.inputs.clone();
        probe.pos = now.pos;
        if normal(&probe) != normal(now) {
            return None;
        }
        let lib = self.lib;
        let def = now.def(lib)?;
        let index = |key: &str| map.entries.iter().position(|e| e.key == key);
        let place = |key: &str| {
            map.entries
                .iter()
                .position(|e| node_key_order(&e.key) > node_key_order(key))
        };
        let mut ops = MapOps::default();

        if was.params != now.params {
            match index("params") {
                None => {
                    if let Some(text) = params_text(now, Some(def)) {
                        ops.insert
                            .push((place("params"), NewEntry::line("params", &text)));
                    }
                }
                Some(i) if now.params.is_empty() => {
                    ops.remove.insert(i);
                }
                Some(i) => self.params(&map.entries[i].value, was, now, def)?,
            }
        }

        let (old, new) = (trimmed(&was.inputs), trimmed(&now.inputs));
        if old != new {
            match index("inputs") {
                None => {
                    let text = inputs_text(now, Some(def))?;
                    ops.insert
                        .push((place("inputs"), NewEntry::line("inputs", &text)));
                }
                Some(i) if new.is_empty() => {
                    ops.remove.insert(i);
                }
                Some(i) => {
                    let value = &map.entries[i].value;
                    // A list fills only the ROP's own inputs: once a
                    // parameter's socket is wired, the entry becomes the
                    // mapping by name (that entry alone is rewritten).
                    let socket_used = !def.variadic
                        && new
                            .iter()
                            .enumerate()
                            .any(|(k, s)| s.is_some() && k >= def.own_inputs());
                    match &value.kind {
                        Kind::Seq(Seq { flow: true, .. }) if socket_used => {
                            self.replace(value.span, inputs_text(now, Some(def))?)
                        }
                        Kind::Seq(_) if socket_used => return None,
                        Kind::Seq(seq) => self.input_list(seq, value, &was.inputs, &new)?,
                        Kind::Map(_) => self.input_map(value, def, &was.inputs, &new)?,
                        _ => return None,
                    }
                }
            }
        }

        if was.bypass != now.bypass {
            match (index("bypass"), now.bypass) {
                (None, true) => ops
                    .insert
                    .push((place("bypass"), NewEntry::line("bypass", "true"))),
                (Some(i), false) => {
                    ops.remove.insert(i);
                }
                (Some(i), true) => self.replace(map.entries[i].value.span, "true"),
                (None, false) => {}
            }
        }

        if rounded(was.pos) != rounded(now.pos) {
            match (index("pos"), now.pos) {
                (None, Some(p)) => ops
                    .insert
                    .push((place("pos"), NewEntry::line("pos", &pos_text(p)))),
                (Some(i), None) => {
                    ops.remove.insert(i);
                }
                (Some(i), Some(p)) => {
                    let value = &map.entries[i].value;
                    let [x, y] = rounded(Some(p))?;
                    match (&value.kind, rounded(was.pos)) {
                        (Kind::Seq(s), Some(old)) if s.items.len() == 2 => {
                            for (k, v) in [x, y].into_iter().enumerate() {
                                if old[k] != v {
                                    self.replace(s.items[k].value.span, format!("{v}"));
                                }
                            }
                        }
                        (Kind::Scalar, _) | (Kind::Seq(Seq { flow: true, .. }), _) => {
                            self.replace(value.span, pos_text(p))
                        }
                        _ => return None,
                    }
                }
                (None, None) => {}
            }
        }
        self.apply_map(&entry.value, ops)
    }

    /// Patches a node's `params:` mapping from `was`'s values to `now`'s.
    fn params(&mut self, value: &Value, was: &Node, now: &Node, def: &RopDef) -> Option<()> {
        let Kind::Map(map) = &value.kind else {
            return None;
        };
        if map.has_duplicates() {
            return None;
        }
        let order = |name: &str| def.params.iter().position(|p| p.name == name);
        let mut ops = MapOps::default();
        for (i, e) in map.entries.iter().enumerate() {
            match (was.params.get(&e.key), now.params.get(&e.key)) {
                (Some(a), Some(b)) if a != b => self.value(&e.value, a, b)?,
                (Some(_), Some(_)) => {}
                (_, None) => {
                    ops.remove.insert(i);
                }
                // An entry the node does not have: the text and the
                // network disagree.
                (None, Some(_)) => return None,
            }
        }
        for (name, v) in &now.params {
            if map.get(name).is_none() {
                let at = map
                    .entries
                    .iter()
                    .position(|e| order(&e.key) > order(name) || order(&e.key).is_none());
                ops.insert
                    .push((at, NewEntry::line(&yaml_string(name), &v.to_yaml_text())));
            }
        }
        self.apply_map(value, ops)
    }

    /// Rewrites one parameter value: numbers keep the way they were
    /// written (`64` stays an integer while the value is whole), a vector
    /// changes only in the components that changed.
    fn value(&mut self, v: &Value, old: &ParamValue, new: &ParamValue) -> Option<()> {
        match (old, new, &v.kind) {
            (ParamValue::Vector(a), ParamValue::Vector(b), Kind::Seq(s))
                if a.len() == b.len() && s.items.len() == a.len() =>
            {
                for (i, item) in s.items.iter().enumerate() {
                    if a[i] != b[i] {
                        if item.value.kind != Kind::Scalar {
                            return None;
                        }
                        let text = number_text(b[i], self.slice(item.value.span));
                        self.replace(item.value.span, text);
                    }
                }
                Some(())
            }
            (_, ParamValue::Float(f), Kind::Scalar) => {
                let text = number_text(*f, self.slice(v.span));
                self.replace(v.span, text);
                Some(())
            }
            (_, _, Kind::Scalar)
            | (_, _, Kind::Seq(Seq { flow: true, .. }))
            | (_, _, Kind::Map(Map { flow: true, .. })) => {
                self.replace(v.span, new.to_yaml_text());
                Some(())
            }
            _ => None,
        }
    }

    /// Rewires inputs written as a list: only the items that changed, or
    /// the whole list (still a list) when its length changes.
    fn input_list(
        &mut self,
        seq: &Seq,
        value: &Value,
        was: &[Option<String>],
        now: &[Option<String>],
    ) -> Option<()> {
        if seq.items.len() != was.len() || seq.items.iter().any(|i| i.value.kind != Kind::Scalar) {
            return None;
        }
        let item = |s: &Option<String>| s.as_deref().map(yaml_string).unwrap_or("null".into());
        let common = was.len().min(now.len());
        if seq.flow && was.len() != now.len() {
            let items: Vec<String> = now.iter().map(item).collect();
            self.replace(value.span, format!("[{}]", items.join(", ")));
            return Some(());
        }
        for i in 0..common {
            if was[i] != now[i] {
                self.replace(seq.items[i].value.span, item(&now[i]));
            }
        }
        for it in &seq.items[common..] {
            let lines = self.lines_of(it.start, it.value.span.end)?;
            self.replace(lines, "");
        }
        if now.len() > was.len() {
            let last = seq.items.last()?;
            let at = self.lines_of(last.start, last.value.span.end)?.end;
            let lines: Vec<String> = now[was.len()..]
                .iter()
                .map(|s| format!("- {}", item(s)))
                .collect();
            let text = self.block_text(&lines, seq.col, at);
            self.insert(at, text);
        }
        Some(())
    }

    /// Rewires inputs written as a mapping (`{ shape: /a }`): an entry per
    /// slot that changed, new ones by the input's name, in slot order.
    fn input_map(
        &mut self,
        value: &Value,
        def: &RopDef,
        was: &[Option<String>],
        now: &[Option<String>],
    ) -> Option<()> {
        let map = value.as_map()?;
        if map.has_duplicates() {
            return None;
        }
        let slots: Vec<usize> = map
            .entries
            .iter()
            .map(|e| def.input_index(&e.key))
            .collect::<Option<_>>()?;
        if slots.iter().collect::<BTreeSet<_>>().len() != slots.len() {
            return None;
        }
        let at = |v: &[Option<String>], s: usize| v.get(s).cloned().flatten();
        let mut ops = MapOps::default();
        for (i, e) in map.entries.iter().enumerate() {
            let (old, new) = (at(was, slots[i]), at(now, slots[i]));
            if old == new {
                continue;
            }
            match new {
                Some(src) if e.value.kind == Kind::Scalar => {
                    self.replace(e.value.span, yaml_string(&src))
                }
                Some(_) => return None,
                None => {
                    ops.remove.insert(i);
                }
            }
        }
        for (s, src) in now.iter().enumerate() {
            if let Some(src) = src
                && !slots.contains(&s)
            {
                let before = slots.iter().position(|t| *t > s);
                ops.insert.push((
                    before,
                    NewEntry::line(&input_key(def, s), &yaml_string(src)),
                ));
            }
        }
        self.apply_map(value, ops)
    }

    /// Writes node `now` anew in place of `entry` (under `key`), in the
    /// style the entry had.
    fn rewrite_node(&mut self, entry: &Entry, key: &str, now: &Node, nodes: &Map) -> Option<()> {
        let def = now.def(self.lib);
        if nodes.flow {
            self.replace(entry.value.span, flow_node(now, def));
            return Some(());
        }
        let lines = self.lines_of(entry.key_span.start, end_of(entry))?;
        let flow = now.custom.is_none() && entry.value.as_map().is_none_or(|m| m.flow);
        let step = match entry.value.as_map() {
            Some(m) if !m.flow => m.col.saturating_sub(nodes.col).max(1),
            _ => self.style.step,
        };
        let new = node_lines(&yaml_string(key), now, def, flow, step);
        let mut text = self.block_text(&new, nodes.col, lines.start);
        if !self.text[..lines.end].ends_with('\n') {
            // The node was the last line, with no line break after it.
            let kept = text.trim_end_matches(['\r', '\n']).len();
            text.truncate(kept);
        }
        self.replace(lines, text);
        Some(())
    }

    /// A node to add, in the file's style.
    fn new_node(&self, path: &str, node: &Node) -> NewEntry {
        let def = node.def(self.lib);
        let key = yaml_string(path);
        let flow = self.style.flow_nodes && node.custom.is_none();
        NewEntry {
            flow: format!("{key}: {}", flow_node(node, def)),
            lines: node_lines(&key, node, def, flow, self.style.step),
        }
    }
}

/// Where an entry ends: its value's end (its key's, for an empty value).
fn end_of(e: &Entry) -> usize {
    e.value.span.end.max(e.key_span.end)
}

/// A number as the text it replaces writes numbers: a whole value stays
/// an integer where it was written as one (`64`), else the shortest text
/// that reads back exactly.
fn number_text(f: f64, was: &str) -> String {
    let integer_before = !was.is_empty()
        && was
            .trim_start_matches(['-', '+'])
            .bytes()
            .all(|b| b.is_ascii_digit());
    if integer_before && f.fract() == 0.0 && f.abs() < 1e15 {
        format!("{}", f as i64)
    } else {
        float_text(f)
    }
}

/// The key a new input entry goes under: the input's name, or its slot
/// number past the named ones.
fn input_key(def: &RopDef, slot: usize) -> String {
    match def.inputs.get(slot) {
        Some(i) => yaml_string(&i.name),
        None => format!("{}", slot + 1),
    }
}

fn pos_text([x, y]: [f32; 2]) -> String {
    format!("[{}, {}]", x.round(), y.round())
}

/// `params: { ... }`'s value, in the order the ROP defines its
/// parameters (unknown ones last); `None` for a node without parameters.
pub(super) fn params_text(node: &Node, def: Option<&RopDef>) -> Option<String> {
    if node.params.is_empty() {
        return None;
    }
    let mut names: Vec<&String> = node.params.keys().collect();
    names.sort_by_key(|n| {
        def.and_then(|d| d.params.iter().position(|p| &p.name == *n))
            .unwrap_or(usize::MAX)
    });
    let items: Vec<String> = names
        .iter()
        .map(|n| format!("{}: {}", yaml_string(n), node.params[*n].to_yaml_text()))
        .collect();
    Some(format!("{{ {} }}", items.join(", ")))
}

/// `inputs:`'s value: named inputs as a mapping (slots past the named ones
/// by number, as in `5: /light2`), a ROP with one kind of input as a list;
/// `None` for a node with nothing connected.
pub(super) fn inputs_text(node: &Node, def: Option<&RopDef>) -> Option<String> {
    let used: Vec<(usize, &str)> = node
        .inputs
        .iter()
        .enumerate()
        .filter_map(|(i, s)| s.as_deref().map(|s| (i, s)))
        .collect();
    let last = used.last()?.0;
    // Named inputs as a mapping; a ROP with one kind of input as a list,
    // unless a parameter's socket (past the ROP's own inputs) is used.
    let sockets = |d: &RopDef| !d.variadic && used.iter().any(|(i, _)| *i >= d.own_inputs());
    match def.filter(|d| d.own_inputs() > 1 || sockets(d)) {
        Some(d) => {
            let items: Vec<String> = used
                .iter()
                .map(|(i, s)| format!("{}: {}", input_key(d, *i), yaml_string(s)))
                .collect();
            Some(format!("{{ {} }}", items.join(", ")))
        }
        None => {
            let items: Vec<String> = (0..=last)
                .map(|i| {
                    node.input(i)
                        .map(yaml_string)
                        .unwrap_or_else(|| "null".into())
                })
                .collect();
            Some(format!("[{}]", items.join(", ")))
        }
    }
}

/// The entries of a node's mapping as `(key, flow value)`, custom
/// definition aside: `rop`, then `params`, `inputs`, `pos` where set.
pub(super) fn node_parts(node: &Node, def: Option<&RopDef>) -> Vec<(&'static str, String)> {
    let mut parts = vec![("rop", yaml_string(&node.rop))];
    if let Some(p) = params_text(node, def) {
        parts.push(("params", p));
    }
    if let Some(i) = inputs_text(node, def) {
        parts.push(("inputs", i));
    }
    if let Some(p) = node.pos {
        parts.push(("pos", pos_text(p)));
    }
    if node.bypass {
        parts.push(("bypass", "true".to_string()));
    }
    parts
}

/// A node as one flow mapping (`{ rop: sphere, ... }`).
fn flow_node(node: &Node, def: Option<&RopDef>) -> String {
    let mut parts: Vec<String> = Vec::new();
    for (i, (k, v)) in node_parts(node, def).into_iter().enumerate() {
        parts.push(format!("{k}: {v}"));
        if i == 0
            && let Some(c) = &node.custom
        {
            parts.push(format!("custom: {}", crate::yaml::flow(&c.source)));
        }
    }
    format!("{{ {} }}", parts.join(", "))
}

/// A node entry as lines (not yet indented): `key: { ... }` on one line,
/// or in block style, the entries `step` deeper than the key and a custom
/// definition as block YAML below `custom:`.
pub(super) fn node_lines(
    key: &str,
    node: &Node,
    def: Option<&RopDef>,
    flow: bool,
    step: usize,
) -> Vec<String> {
    if flow && node.custom.is_none() {
        return vec![format!("{key}: {}", flow_node(node, def))];
    }
    let pad = " ".repeat(step);
    let mut lines = vec![format!("{key}:")];
    for (i, (k, v)) in node_parts(node, def).into_iter().enumerate() {
        lines.push(format!("{pad}{k}: {v}"));
        if i == 0
            && let Some(c) = &node.custom
        {
            lines.push(format!("{pad}custom:"));
            let mut block = String::new();
            crate::yaml::write_block(&c.source, 2 * step, &mut block);
            lines.extend(block.lines().map(str::to_string));
        }
    }
    lines
}
