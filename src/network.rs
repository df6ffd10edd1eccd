//! Stage 2: a network file (nodes keyed by path, parameter values, input
//! connections, the output node) read, checked against the library and
//! written back in a stable, diff-friendly form.

use crate::library::{Library, ParamDef, RopDef, line_of};
use crate::types::ParamStyle;
use crate::value::{ParamValue, yaml_string};
use serde::Deserialize;
use serde_yaml_ng::Value as Yaml;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Component, Path, PathBuf};

/// A problem in a network file, located at the node it concerns.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{}:{line}:{col}: {message}{}", file.display(), node.as_ref().map(|n| format!(" (node {n})")).unwrap_or_default())]
pub struct NetworkError {
    pub file: PathBuf,
    pub line: usize,
    pub col: usize,
    pub node: Option<String>,
    pub message: String,
}

/// One node: which ROP it runs, its parameter values, what feeds its inputs.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Node {
    pub rop: String,
    /// Only the values the network sets; the rest take the ROP's defaults.
    pub params: BTreeMap<String, ParamValue>,
    /// Input slots in order; `None` is an unconnected slot.
    pub inputs: Vec<Option<String>>,
    pub pos: Option<[f32; 2]>,
}

impl Node {
    pub fn new(rop: &str) -> Node {
        Node {
            rop: rop.to_string(),
            ..Default::default()
        }
    }
    /// The value in effect for a parameter: the node's own or the default.
    pub fn value<'a>(&'a self, def: &'a RopDef, name: &str) -> Option<&'a ParamValue> {
        self.params
            .get(name)
            .or_else(|| def.param(name).map(|p| &p.default))
    }
    pub fn input(&self, index: usize) -> Option<&str> {
        self.inputs.get(index).and_then(|i| i.as_deref())
    }
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct Network {
    pub output: String,
    pub nodes: BTreeMap<String, Node>,
    /// Where the network was read from: errors name it and textures resolve against it.
    pub file: PathBuf,
    /// Line of each node in the file, for messages.
    pub lines: BTreeMap<String, usize>,
    /// The comment lines at the top of the file, kept when saving.
    pub comment: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NetworkYaml {
    output: String,
    nodes: serde_yaml_ng::Mapping,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NodeYaml {
    rop: String,
    #[serde(default)]
    params: Option<serde_yaml_ng::Mapping>,
    #[serde(default)]
    inputs: Option<Yaml>,
    #[serde(default)]
    pos: Option<[f32; 2]>,
}

impl Network {
    pub fn load(path: &Path, lib: &Library) -> Result<Network, NetworkError> {
        let text = std::fs::read_to_string(path).map_err(|e| NetworkError {
            file: path.to_path_buf(),
            line: 1,
            col: 1,
            node: None,
            message: format!("cannot read network: {e}"),
        })?;
        Network::parse(&text, path, lib)
    }

    /// Parses network text and checks it against the library.
    pub fn parse(text: &str, file: &Path, lib: &Library) -> Result<Network, NetworkError> {
        let at = |line: usize, node: Option<&str>, message: String| NetworkError {
            file: file.to_path_buf(),
            line,
            col: 1,
            node: node.map(str::to_string),
            message,
        };
        let raw: NetworkYaml = serde_yaml_ng::from_str(text).map_err(|e| {
            let (line, col, message) = crate::library::yaml_error(&e);
            NetworkError {
                file: file.to_path_buf(),
                line,
                col,
                node: None,
                message,
            }
        })?;
        let comment: String = text
            .lines()
            .take_while(|l| l.trim_start().starts_with('#') || l.trim().is_empty())
            .filter(|l| l.trim_start().starts_with('#'))
            .map(|l| format!("{}\n", l.trim_start()))
            .collect();
        let mut net = Network {
            output: raw.output.clone(),
            file: file.to_path_buf(),
            comment,
            ..Default::default()
        };
        for (key, value) in &raw.nodes {
            let path = key.as_str().ok_or_else(|| {
                at(
                    1,
                    None,
                    "node keys must be paths like /scene/sphere1".into(),
                )
            })?;
            let line = node_line(text, path);
            if !path.starts_with('/') || path.len() < 2 {
                return Err(at(
                    line,
                    Some(path),
                    "node paths start with '/', like /scene/sphere1".into(),
                ));
            }
            let raw_node: NodeYaml = serde_yaml_ng::from_value(value.clone())
                .map_err(|e| at(line, Some(path), format!("{e}")))?;
            net.lines.insert(path.to_string(), line);
            let def = lookup_rop(lib, &raw_node.rop).map_err(|m| at(line, Some(path), m))?;
            let mut node = Node {
                rop: raw_node.rop.clone(),
                pos: raw_node.pos,
                ..Default::default()
            };
            for (pkey, pval) in raw_node.params.iter().flatten() {
                let pname = pkey.as_str().unwrap_or_default();
                let pline = param_line(text, line, pname);
                let pdef = def.param(pname).ok_or_else(|| {
                    let known: Vec<_> = def.params.iter().map(|p| p.name.as_str()).collect();
                    at(
                        pline,
                        Some(path),
                        format!(
                            "unknown parameter '{pname}' of ROP {} (it has: {})",
                            def.name,
                            known.join(", ")
                        ),
                    )
                })?;
                let v = ParamValue::from_yaml(pval, pdef.style, &pdef.options)
                    .map_err(|m| at(pline, Some(path), format!("parameter {pname}: {m}")))?;
                if pdef.style == ParamStyle::Texture {
                    check_texture_path(v.as_text().unwrap_or_default())
                        .map_err(|m| at(pline, Some(path), format!("parameter {pname}: {m}")))?;
                }
                node.params.insert(pname.to_string(), v);
            }
            node.inputs =
                read_inputs(raw_node.inputs.as_ref(), def).map_err(|m| at(line, Some(path), m))?;
            net.nodes.insert(path.to_string(), node);
        }
        net.check(lib).map_err(|(node, message)| {
            let line = node
                .as_ref()
                .and_then(|n| net.lines.get(n))
                .copied()
                .unwrap_or_else(|| line_of(text, "output:"));
            at(line, node.as_deref(), message)
        })?;
        Ok(net)
    }

    /// Checks references, input counts, required inputs and cycles.
    /// Returns the node concerned and the message.
    pub fn check(&self, lib: &Library) -> Result<(), (Option<String>, String)> {
        if !self.nodes.contains_key(&self.output) {
            return Err((
                None,
                format!("output node '{}' is not in the network", self.output),
            ));
        }
        for (path, node) in &self.nodes {
            let def = lookup_rop(lib, &node.rop).map_err(|m| (Some(path.clone()), m))?;
            if node.inputs.len() > def.max_inputs() {
                return Err((
                    Some(path.clone()),
                    format!(
                        "too many inputs: {} given, ROP {} takes at most {}",
                        node.inputs.len(),
                        def.name,
                        def.max_inputs()
                    ),
                ));
            }
            for (i, input) in node.inputs.iter().enumerate() {
                if let Some(src) = input
                    && !self.nodes.contains_key(src)
                {
                    return Err((
                        Some(path.clone()),
                        format!("input {} refers to '{src}', which is not a node", i + 1),
                    ));
                }
            }
            for (i, idef) in def.inputs.iter().enumerate() {
                if idef.required && node.input(i).is_none() {
                    return Err((
                        Some(path.clone()),
                        format!("required input '{}' is not connected", idef.name),
                    ));
                }
            }
        }
        if let Some(cycle) = self.find_cycle() {
            return Err((
                Some(cycle[0].clone()),
                format!("cycle: {}", cycle.join(" -> ")),
            ));
        }
        Ok(())
    }

    /// A path of nodes that leads back to its start, if any.
    pub fn find_cycle(&self) -> Option<Vec<String>> {
        #[derive(Clone, Copy, PartialEq)]
        enum Mark {
            Open,
            Done,
        }
        let mut marks: BTreeMap<&str, Mark> = BTreeMap::new();
        for start in self.nodes.keys() {
            if marks.contains_key(start.as_str()) {
                continue;
            }
            // Iterative depth-first search: (node, next input index), plus the path.
            let mut stack: Vec<(&str, usize)> = vec![(start, 0)];
            marks.insert(start, Mark::Open);
            while let Some(&mut (node, ref mut next)) = stack.last_mut() {
                let inputs = &self.nodes[node].inputs;
                if *next >= inputs.len() {
                    marks.insert(node, Mark::Done);
                    stack.pop();
                    continue;
                }
                let child = inputs[*next].as_deref();
                *next += 1;
                let Some(child) = child.filter(|c| self.nodes.contains_key(*c)) else {
                    continue;
                };
                match marks.get(child) {
                    Some(Mark::Open) => {
                        let from = stack.iter().position(|(n, _)| *n == child).unwrap_or(0);
                        let mut cycle: Vec<String> =
                            stack[from..].iter().map(|(n, _)| n.to_string()).collect();
                        cycle.push(child.to_string());
                        return Some(cycle);
                    }
                    Some(Mark::Done) => {}
                    None => {
                        marks.insert(child, Mark::Open);
                        stack.push((child, 0));
                    }
                }
            }
        }
        None
    }

    /// The network as YAML: keys in a stable order, one node a line.
    pub fn to_yaml(&self, lib: &Library) -> String {
        let mut out = format!(
            "{}output: {}\nnodes:\n",
            self.comment,
            yaml_string(&self.output)
        );
        for (path, node) in &self.nodes {
            let def = lib.get(&node.rop);
            let mut parts = vec![format!("rop: {}", yaml_string(&node.rop))];
            if !node.params.is_empty() {
                // Parameters in the order the ROP defines them, unknown ones last.
                let mut names: Vec<&String> = node.params.keys().collect();
                names.sort_by_key(|n| {
                    def.and_then(|d| d.params.iter().position(|p| &p.name == *n))
                        .unwrap_or(usize::MAX)
                });
                let items: Vec<String> = names
                    .iter()
                    .map(|n| format!("{}: {}", yaml_string(n), node.params[*n].to_yaml_text()))
                    .collect();
                parts.push(format!("params: {{ {} }}", items.join(", ")));
            }
            let used: Vec<(usize, &str)> = node
                .inputs
                .iter()
                .enumerate()
                .filter_map(|(i, s)| s.as_deref().map(|s| (i, s)))
                .collect();
            if !used.is_empty() {
                // Named inputs as a mapping (slots past the named ones by number,
                // as in `5: /light2`); a ROP with one kind of input as a list.
                match def.filter(|d| d.inputs.len() > 1) {
                    Some(d) => {
                        let items: Vec<String> = used
                            .iter()
                            .map(|(i, s)| {
                                let name = match d.inputs.get(*i) {
                                    Some(input) => yaml_string(&input.name),
                                    None => format!("{}", i + 1),
                                };
                                format!("{name}: {}", yaml_string(s))
                            })
                            .collect();
                        parts.push(format!("inputs: {{ {} }}", items.join(", ")));
                    }
                    None => {
                        let last = used.last().map(|(i, _)| *i).unwrap_or(0);
                        let items: Vec<String> = (0..=last)
                            .map(|i| {
                                node.input(i)
                                    .map(yaml_string)
                                    .unwrap_or_else(|| "null".into())
                            })
                            .collect();
                        parts.push(format!("inputs: [{}]", items.join(", ")));
                    }
                }
            }
            if let Some([x, y]) = node.pos {
                parts.push(format!("pos: [{}, {}]", x.round(), y.round()));
            }
            out.push_str(&format!(
                "  {}: {{ {} }}\n",
                yaml_string(path),
                parts.join(", ")
            ));
        }
        out
    }

    /// Writes the network atomically: a temporary file beside it, then a rename,
    /// so a failed save never leaves a truncated file.
    pub fn save(&self, path: &Path, lib: &Library) -> std::io::Result<()> {
        write_atomic(path, self.to_yaml(lib).as_bytes())
    }

    /// Paths of nodes reachable from the output, the output last, inputs before users.
    pub fn reachable_order(&self) -> Vec<String> {
        let mut order = Vec::new();
        let mut seen = BTreeSet::new();
        let mut stack = vec![(self.output.clone(), false)];
        while let Some((path, expanded)) = stack.pop() {
            if expanded {
                order.push(path);
                continue;
            }
            if !seen.insert(path.clone()) {
                continue;
            }
            let Some(node) = self.nodes.get(&path) else {
                continue;
            };
            stack.push((path.clone(), true));
            for input in node.inputs.iter().rev().flatten() {
                if !seen.contains(input) {
                    stack.push((input.clone(), false));
                }
            }
        }
        order
    }

    /// A node path not yet used, based on `stem` (`/sphere` → `/sphere1`, `/sphere2`, ...).
    pub fn fresh_path(&self, stem: &str) -> String {
        let stem = stem.trim_end_matches(|c: char| c.is_ascii_digit());
        (1..)
            .map(|i| format!("{stem}{i}"))
            .find(|p| !self.nodes.contains_key(p))
            .unwrap_or_default()
    }
}

/// Edits as the node editor makes them; each keeps inputs pointing at nodes
/// that exist, and refuses (with the reason) what would break the network.
impl Network {
    /// Wires `src` into input `slot` of `dst` (replacing what was there).
    pub fn connect(&mut self, src: &str, dst: &str, slot: usize) -> Result<(), String> {
        if !self.nodes.contains_key(src) {
            return Err(format!("no node {src}"));
        }
        let node = self
            .nodes
            .get_mut(dst)
            .ok_or_else(|| format!("no node {dst}"))?;
        if node.inputs.len() <= slot {
            node.inputs.resize(slot + 1, None);
        }
        node.inputs[slot] = Some(src.to_string());
        Ok(())
    }

    /// Empties input `slot` of `dst`.
    pub fn disconnect(&mut self, dst: &str, slot: usize) -> Result<(), String> {
        let node = self
            .nodes
            .get_mut(dst)
            .ok_or_else(|| format!("no node {dst}"))?;
        if let Some(s) = node.inputs.get_mut(slot) {
            *s = None;
        }
        trim_inputs(node);
        Ok(())
    }

    /// Adds a node of ROP `rop` under a fresh path (`/sphere1`, ...); returns the path.
    pub fn add_node(&mut self, rop: &str, pos: [f32; 2]) -> String {
        let path = self.fresh_path(&format!("/{rop}"));
        let mut node = Node::new(rop);
        node.pos = Some(pos);
        self.nodes.insert(path.clone(), node);
        path
    }

    /// Removes a node and every wire from it. The output cannot be removed.
    pub fn remove_node(&mut self, path: &str) -> Result<(), String> {
        if path == self.output {
            return Err(format!(
                "{path} is the output; make another node the output before deleting it"
            ));
        }
        self.nodes
            .remove(path)
            .ok_or_else(|| format!("no node {path}"))?;
        for node in self.nodes.values_mut() {
            for s in node.inputs.iter_mut() {
                if s.as_deref() == Some(path) {
                    *s = None;
                }
            }
            trim_inputs(node);
        }
        Ok(())
    }

    /// Copies a node (parameters and inputs) beside itself; returns the new path.
    pub fn duplicate_node(&mut self, path: &str) -> Result<String, String> {
        let mut node = self
            .nodes
            .get(path)
            .cloned()
            .ok_or_else(|| format!("no node {path}"))?;
        node.pos = node.pos.map(|[x, y]| [x + 30.0, y + 30.0]);
        let copy = self.fresh_path(path);
        self.nodes.insert(copy.clone(), node);
        Ok(copy)
    }

    /// The definition of the ROP node `path` runs.
    fn rop_of<'l>(&self, lib: &'l Library, path: &str) -> Result<&'l RopDef, String> {
        let node = self
            .nodes
            .get(path)
            .ok_or_else(|| format!("no node {path}"))?;
        lookup_rop(lib, &node.rop)
    }

    /// Sets `param` of node `path` from a YAML value, checked against the
    /// ROP's definition (style, menu options, texture paths).
    pub fn set_param(
        &mut self,
        lib: &Library,
        path: &str,
        param: &str,
        value: &Yaml,
    ) -> Result<(), String> {
        let pdef = param_def(self.rop_of(lib, path)?, param)?;
        let v = ParamValue::from_yaml(value, pdef.style, &pdef.options)
            .map_err(|m| format!("{path}.{param}: {m}"))?;
        if pdef.style == ParamStyle::Texture {
            check_texture_path(v.as_text().unwrap_or_default())
                .map_err(|m| format!("{path}.{param}: {m}"))?;
        }
        if let Some(node) = self.nodes.get_mut(path) {
            node.params.insert(param.to_string(), v);
        }
        Ok(())
    }

    /// The value in effect for `param` of node `path`: its own or the ROP's default.
    pub fn param_value(
        &self,
        lib: &Library,
        path: &str,
        param: &str,
    ) -> Result<ParamValue, String> {
        let def = self.rop_of(lib, path)?;
        let pdef = param_def(def, param)?;
        Ok(self.nodes[path]
            .value(def, param)
            .unwrap_or(&pdef.default)
            .clone())
    }

    /// Adds a node of ROP `rop` at `path` (a missing leading `/` is added;
    /// `None` picks a fresh path from the ROP's name); returns the path used.
    pub fn add_node_at(&mut self, rop: &str, path: Option<&str>) -> Result<String, String> {
        let path = match path {
            Some(p) => self.free_path(p)?,
            None => self.fresh_path(&format!("/{rop}")),
        };
        self.nodes.insert(path.clone(), Node::new(rop));
        Ok(path)
    }

    /// `path` as a node path no node has yet, or why it cannot be one.
    fn free_path(&self, path: &str) -> Result<String, String> {
        let path = node_path(path);
        if path.len() < 2 || path.chars().any(|c| c.is_whitespace() || c == ':') {
            return Err(format!("'{path}' is not a node path"));
        }
        if self.nodes.contains_key(&path) {
            return Err(format!("{path} is taken"));
        }
        Ok(path)
    }

    /// Moves a node to a new path, rewiring its users (and the output). A
    /// missing leading `/` is added; returns the path used.
    pub fn rename_node(&mut self, from: &str, to: &str) -> Result<String, String> {
        let to = self.free_path(to)?;
        let node = self
            .nodes
            .remove(from)
            .ok_or_else(|| format!("no node {from}"))?;
        self.nodes.insert(to.clone(), node);
        for node in self.nodes.values_mut() {
            for s in node.inputs.iter_mut().flatten() {
                if s == from {
                    *s = to.clone();
                }
            }
        }
        if self.output == from {
            self.output = to.clone();
        }
        Ok(to)
    }
}

/// A node path as written by hand or from a script: a missing leading `/` is added.
pub fn node_path(path: &str) -> String {
    if path.starts_with('/') {
        path.to_string()
    } else {
        format!("/{path}")
    }
}

/// The definition of `param` in `def`, or why there is none (with the names there are).
fn param_def<'d>(def: &'d RopDef, param: &str) -> Result<&'d ParamDef, String> {
    def.param(param).ok_or_else(|| {
        let known: Vec<_> = def.params.iter().map(|p| p.name.as_str()).collect();
        format!(
            "ROP {} has no parameter {param} (it has: {})",
            def.name,
            known.join(", ")
        )
    })
}

/// Trailing empty input slots carry nothing.
fn trim_inputs(node: &mut Node) {
    while node.inputs.last().is_some_and(|s| s.is_none()) {
        node.inputs.pop();
    }
}

/// Writes `bytes` to `path` through a temporary file in the same folder and a rename.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let mut tmp = tempfile::NamedTempFile::new_in(dir)?;
    tmp.write_all(bytes)?;
    tmp.as_file().sync_all()?;
    tmp.persist(path).map_err(|e| e.error)?;
    Ok(())
}

/// The definition of ROP `name`, or why there is none (unknown, or failed to load).
pub fn lookup_rop<'a>(lib: &'a Library, name: &str) -> Result<&'a RopDef, String> {
    lib.get(name).ok_or_else(|| match lib.broken_rop(name) {
        Some(e) => format!("ROP '{name}' failed to load: {e}"),
        None => format!("unknown ROP '{name}' (see `ropkit list`)"),
    })
}

fn read_inputs(raw: Option<&Yaml>, def: &RopDef) -> Result<Vec<Option<String>>, String> {
    let mut slots: Vec<Option<String>> = Vec::new();
    let mut put = |index: usize, src: Option<String>| {
        if slots.len() <= index {
            slots.resize(index + 1, None);
        }
        slots[index] = src;
    };
    let as_src = |v: &Yaml| -> Result<Option<String>, String> {
        match v {
            Yaml::Null => Ok(None),
            Yaml::String(s) => Ok(Some(s.clone())),
            _ => Err("inputs are node paths".into()),
        }
    };
    match raw {
        None | Some(Yaml::Null) => {}
        Some(Yaml::Sequence(items)) => {
            for (i, v) in items.iter().enumerate() {
                put(i, as_src(v)?);
            }
        }
        Some(Yaml::Mapping(map)) => {
            for (k, v) in map {
                let name = match k {
                    Yaml::String(s) => s.clone(),
                    Yaml::Number(n) => n.to_string(),
                    _ => return Err("input names are text".into()),
                };
                let index = def.input_index(&name).ok_or_else(|| {
                    let names: Vec<_> = def.inputs.iter().map(|i| i.name.as_str()).collect();
                    format!(
                        "ROP {} has no input '{name}' (inputs: {})",
                        def.name,
                        names.join(", ")
                    )
                })?;
                put(index, as_src(v)?);
            }
        }
        Some(_) => {
            return Err(
                "inputs are a list of node paths or a mapping of input name to path".into(),
            );
        }
    }
    if slots.len() > def.max_inputs() {
        return Err(format!(
            "too many inputs: {} given, ROP {} takes at most {}",
            slots.len(),
            def.name,
            def.max_inputs()
        ));
    }
    Ok(slots)
}

/// A texture path must stay inside the project: relative, with no `..` that climbs out.
pub fn check_texture_path(p: &str) -> Result<(), String> {
    if p.is_empty() {
        return Ok(());
    }
    let path = Path::new(p);
    if path.is_absolute() {
        return Err(format!(
            "texture path '{p}' leaves the project: use a path relative to the project"
        ));
    }
    let mut depth: i32 = 0;
    for c in path.components() {
        match c {
            Component::ParentDir => depth -= 1,
            Component::Normal(_) => depth += 1,
            Component::CurDir => {}
            _ => depth = -1,
        }
        if depth < 0 {
            return Err(format!("texture path '{p}' leaves the project"));
        }
    }
    Ok(())
}

fn node_line(text: &str, path: &str) -> usize {
    text.lines()
        .position(|l| {
            let t = l.trim_start();
            t.starts_with(&format!("{path}:"))
                || t.starts_with(&format!("\"{path}\":"))
                || t.starts_with(&format!("'{path}':"))
        })
        .map(|i| i + 1)
        .unwrap_or(1)
}

fn param_line(text: &str, node_line: usize, name: &str) -> usize {
    text.lines()
        .enumerate()
        .skip(node_line.saturating_sub(1))
        .take(40)
        .find(|(_, l)| l.contains(&format!("{name}:")))
        .map(|(i, _)| i + 1)
        .unwrap_or(node_line)
}
