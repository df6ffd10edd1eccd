//! Edits of a network, as the node editor, the command line's `--set` and
//! Python make them. Each keeps inputs pointing at nodes that exist, and
//! refuses (with the reason, as an [`EditError`]) what would break the
//! network. Every parameter change, whatever its source, goes through
//! [`Network::set_value`], so all of them are checked the same way.

use super::{Network, Node};
use crate::library::{Library, ParamDef, RopDef};
use crate::value::{ParamValue, ValueError};
use serde_yaml_ng::Value as Yaml;

/// Why an edit was refused.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum EditError {
    #[error("no node {0}")]
    NoNode(String),
    /// The node's ROP is unknown or failed to load.
    #[error(transparent)]
    Rop(#[from] super::LookupError),
    #[error("ROP {rop} has no parameter {param} (it has: {known})")]
    NoParam {
        rop: String,
        param: String,
        known: String,
    },
    #[error("{node}.{param}: {error}")]
    Value {
        node: String,
        param: String,
        error: ValueError,
    },
    /// `--buffer NAME` names no buffer of the output.
    #[error("{node}.Buffer: --buffer {buffer}: {error}")]
    Buffer {
        node: String,
        buffer: String,
        error: ValueError,
    },
    #[error("{0} is the output; make another node the output before deleting it")]
    IsOutput(String),
    #[error("{0:?} is not a node path: {rule}", rule = super::NODE_PATH_RULE)]
    BadPath(String),
    #[error("{0} is taken")]
    Taken(String),
    /// A `NODE.PARAM=VALUE` override that cannot be read.
    #[error("--set {text}: {message}")]
    Override { text: String, message: String },
}

impl Network {
    /// Wires `src` into input `slot` of `dst` (replacing what was there).
    pub fn connect(&mut self, src: &str, dst: &str, slot: usize) -> Result<(), EditError> {
        if !self.nodes.contains_key(src) {
            return Err(EditError::NoNode(src.into()));
        }
        let node = self.node_mut(dst)?;
        if node.inputs.len() <= slot {
            node.inputs.resize(slot + 1, None);
        }
        node.inputs[slot] = Some(src.to_string());
        Ok(())
    }

    /// Empties input `slot` of `dst`.
    pub fn disconnect(&mut self, dst: &str, slot: usize) -> Result<(), EditError> {
        let node = self.node_mut(dst)?;
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
    pub fn remove_node(&mut self, path: &str) -> Result<(), EditError> {
        if path == self.output {
            return Err(EditError::IsOutput(path.into()));
        }
        self.nodes
            .remove(path)
            .ok_or_else(|| EditError::NoNode(path.into()))?;
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
    pub fn duplicate_node(&mut self, path: &str) -> Result<String, EditError> {
        let mut node = self
            .nodes
            .get(path)
            .cloned()
            .ok_or_else(|| EditError::NoNode(path.into()))?;
        node.pos = node.pos.map(|[x, y]| [x + 30.0, y + 30.0]);
        let copy = self.fresh_path(path);
        self.nodes.insert(copy.clone(), node);
        Ok(copy)
    }

    fn node_mut(&mut self, path: &str) -> Result<&mut Node, EditError> {
        self.nodes
            .get_mut(path)
            .ok_or_else(|| EditError::NoNode(path.into()))
    }

    /// The definition of the ROP node `path` runs.
    fn rop_of<'a>(&'a self, lib: &'a Library, path: &str) -> Result<&'a RopDef, EditError> {
        let node = self
            .nodes
            .get(path)
            .ok_or_else(|| EditError::NoNode(path.into()))?;
        node.lookup(lib).map_err(EditError::Rop)
    }

    /// Sets `param` of node `path`, checked against the ROP's definition
    /// (style, component count, menu options, texture paths, finite
    /// numbers). The one way every parameter edit is made.
    pub fn set_value(
        &mut self,
        lib: &Library,
        path: &str,
        param: &str,
        value: ParamValue,
    ) -> Result<(), EditError> {
        let pdef = param_def(self.rop_of(lib, path)?, param)?.clone();
        let v = value
            .checked(pdef.style, &pdef.options)
            .and_then(|v| hard_range(&pdef, v))
            .map_err(|error| EditError::Value {
                node: path.into(),
                param: param.into(),
                error,
            })?;
        self.node_mut(path)?.params.insert(param.to_string(), v);
        Ok(())
    }

    /// Sets `param` of node `path` from a YAML value (`--set`, Python).
    pub fn set_param(
        &mut self,
        lib: &Library,
        path: &str,
        param: &str,
        value: &Yaml,
    ) -> Result<(), EditError> {
        let pdef = param_def(self.rop_of(lib, path)?, param)?.clone();
        let v = ParamValue::from_yaml(value, pdef.style, &pdef.options).map_err(|error| {
            EditError::Value {
                node: path.into(),
                param: param.into(),
                error,
            }
        })?;
        self.set_value(lib, path, param, v)
    }

    /// The value in effect for `param` of node `path`: its own or the ROP's default.
    pub fn param_value(
        &self,
        lib: &Library,
        path: &str,
        param: &str,
    ) -> Result<ParamValue, EditError> {
        let def = self.rop_of(lib, path)?;
        let pdef = param_def(def, param)?;
        Ok(self.nodes[path]
            .value(def, param)
            .unwrap_or(&pdef.default)
            .clone())
    }

    /// Applies `NODE.PARAM=VALUE` overrides (the value in YAML, e.g. `2.5` or
    /// `[0, 1, 0]`), then `buffer` as the output's `Buffer` parameter.
    pub fn apply_overrides(
        &mut self,
        lib: &Library,
        sets: &[String],
        buffer: Option<&str>,
    ) -> Result<(), EditError> {
        for text in sets {
            let bad = |message: &str| EditError::Override {
                text: text.clone(),
                message: message.into(),
            };
            let (target, value) = text
                .split_once('=')
                .ok_or_else(|| bad("expected NODE.PARAM=VALUE"))?;
            let (node, param) = target
                .rsplit_once('.')
                .ok_or_else(|| bad("expected NODE.PARAM=VALUE"))?;
            let yaml: Yaml = crate::value::parse_yaml_value(value)
                .map_err(|e| bad(&format!("not a value: {e}")))?;
            self.set_param(lib, node, param, &yaml)
                .map_err(|e| bad(&e.to_string()))?;
        }
        if let Some(b) = buffer {
            let output = self.output.clone();
            self.set_param(lib, &output, "Buffer", &Yaml::String(b.to_string()))
                .map_err(|e| match e {
                    EditError::Value { error, .. } => EditError::Buffer {
                        node: output.clone(),
                        buffer: b.to_string(),
                        error,
                    },
                    other => other,
                })?;
        }
        Ok(())
    }

    /// Adds a node of ROP `rop` at `path` (a missing leading `/` is added;
    /// `None` picks a fresh path from the ROP's name); returns the path used.
    pub fn add_node_at(&mut self, rop: &str, path: Option<&str>) -> Result<String, EditError> {
        let path = match path {
            Some(p) => self.free_path(p)?,
            None => self.fresh_path(&format!("/{rop}")),
        };
        self.nodes.insert(path.clone(), Node::new(rop));
        Ok(path)
    }

    /// `path` as a node path no node has yet, or why it cannot be one.
    fn free_path(&self, path: &str) -> Result<String, EditError> {
        let path = node_path(path);
        if !super::is_node_path(&path) {
            return Err(EditError::BadPath(path));
        }
        if self.nodes.contains_key(&path) {
            return Err(EditError::Taken(path));
        }
        Ok(path)
    }

    /// Moves a node to a new path, rewiring its users (and the output). A
    /// missing leading `/` is added; returns the path used.
    pub fn rename_node(&mut self, from: &str, to: &str) -> Result<String, EditError> {
        let to = self.free_path(to)?;
        let node = self
            .nodes
            .remove(from)
            .ok_or_else(|| EditError::NoNode(from.into()))?;
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

impl Network {
    /// The network as it is drawn: every user of a bypassed node reads the
    /// bypassed node's first input instead (through chains of bypassed
    /// nodes; nothing when that input is empty). Borrowed when no node is
    /// bypassed.
    pub fn with_bypass_applied(&self) -> std::borrow::Cow<'_, Network> {
        if !self.nodes.values().any(|n| n.bypass) {
            return std::borrow::Cow::Borrowed(self);
        }
        let through = |start: &str| -> Option<String> {
            let mut at = start.to_string();
            // At most one step a node: a cycle of bypassed nodes ends empty.
            for _ in 0..=self.nodes.len() {
                match self.nodes.get(&at) {
                    Some(n) if n.bypass && at != self.output => match n.input(0) {
                        Some(next) => at = next.to_string(),
                        None => return None,
                    },
                    _ => return Some(at),
                }
            }
            None
        };
        let mut net = self.clone();
        for node in net.nodes.values_mut() {
            for s in node.inputs.iter_mut() {
                if let Some(src) = s.as_deref() {
                    *s = through(src);
                }
            }
            trim_inputs(node);
        }
        std::borrow::Cow::Owned(net)
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

/// `value` if it lies in the hard range of `pdef` ([`ParamDef::hard_limits`]).
pub fn hard_range(pdef: &ParamDef, value: ParamValue) -> Result<ParamValue, ValueError> {
    pdef.within_hard_limits(value)
}

/// The definition of `param` in `def`, or why there is none (with the names there are).
fn param_def<'d>(def: &'d RopDef, param: &str) -> Result<&'d ParamDef, EditError> {
    def.param(param).ok_or_else(|| EditError::NoParam {
        rop: def.name.clone(),
        param: param.into(),
        known: def
            .params
            .iter()
            .map(|p| p.name.as_str())
            .collect::<Vec<_>>()
            .join(", "),
    })
}

/// Trailing empty input slots carry nothing.
fn trim_inputs(node: &mut Node) {
    while node.inputs.last().is_some_and(|s| s.is_none()) {
        node.inputs.pop();
    }
}
