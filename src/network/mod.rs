//! Stage 2: a network file (nodes keyed by path, parameter values, input
//! connections, the output node) read, checked against the library and
//! written back: a network read from a file is saved by editing that
//! file's text where the network changed ([`patch`]), one that was not in
//! a stable, diff-friendly canonical form.

pub mod edit;
mod patch;
mod source;

pub use edit::{EditError, node_path};
pub use patch::Origin;

use crate::library::{Library, RopDef, line_of};
use crate::limits;
use crate::location::Location;
use crate::value::{ParamValue, cut_message, echo, yaml_string};
use serde::Deserialize;
use serde_yaml_ng::Value as Yaml;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A problem in a network file, located at the node it concerns.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{at}: {message}{}", node.as_ref().map(|n| format!(" (node {n})")).unwrap_or_default())]
pub struct NetworkError {
    pub at: Location,
    pub node: Option<String>,
    pub message: String,
}

impl NetworkError {
    /// A problem at line `line` of `file`, about `node` when there is one.
    pub fn new(file: &Path, line: usize, node: Option<String>, message: String) -> NetworkError {
        NetworkError {
            at: Location::new(file, line, 1),
            node,
            message,
        }
    }
}

/// A node's own ROP definition (`rop: custom` with a `custom:` mapping),
/// and the mapping it was read from, which saving writes back.
#[derive(Debug)]
pub struct CustomRop {
    pub def: RopDef,
    pub source: Yaml,
}

impl PartialEq for CustomRop {
    fn eq(&self, other: &CustomRop) -> bool {
        self.source == other.source
    }
}

/// One node: which ROP it runs, its parameter values, what feeds its inputs.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Node {
    /// The library ROP's name, or [`crate::library::CUSTOM_ROP`] for a node
    /// that carries its own definition in [`Node::custom`].
    pub rop: String,
    /// The node's own definition (`rop: custom`), shared between copies.
    pub custom: Option<std::sync::Arc<CustomRop>>,
    /// Only the values the network sets; the rest take the ROP's defaults.
    pub params: BTreeMap<String, ParamValue>,
    /// Input slots in order; `None` is an unconnected slot.
    pub inputs: Vec<Option<String>>,
    pub pos: Option<[f32; 2]>,
    /// `bypass: true`: the node passes its first input through to its
    /// users (nothing, when that input is empty); it stays in the file.
    pub bypass: bool,
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
    /// The definition the node runs: its own, or the library's ROP.
    pub fn def<'a>(&'a self, lib: &'a Library) -> Option<&'a RopDef> {
        match &self.custom {
            Some(c) => Some(&c.def),
            None => lib.get(&self.rop),
        }
    }
    /// The variable the node provides or reads (see
    /// [`crate::library::VariableDef`]): its role, name and GLSL type, as
    /// its parameters set them.
    pub fn variable<'a>(
        &'a self,
        def: &'a RopDef,
    ) -> Option<(crate::library::VariableRole, &'a str, &'a str)> {
        let v = def.variable.as_ref()?;
        let name = self.value(def, &v.name_param)?.as_text()?;
        let ty = self.value(def, &v.type_param)?.as_text()?;
        Some((v.role, name, ty))
    }
    /// The per-hit attribute the node assigns or reads (see
    /// [`crate::library::AttributeDef`]): its role, name and type, as its
    /// parameters set them.
    pub fn attribute<'a>(
        &'a self,
        def: &'a RopDef,
    ) -> Option<(crate::library::AttributeRole, &'a str, &'a str)> {
        let a = def.attribute.as_ref()?;
        let name = self.value(def, &a.name_param)?.as_text()?;
        let ty = self.value(def, &a.type_param)?.as_text()?;
        Some((a.role, name, ty))
    }
    /// [`Node::def`], or why there is none.
    pub fn lookup<'a>(&'a self, lib: &'a Library) -> Result<&'a RopDef, LookupError> {
        match &self.custom {
            Some(c) => Ok(&c.def),
            None => lookup_named(lib, &self.rop),
        }
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
    /// The text the network was read from, which saving edits (see
    /// [`Network::to_yaml`]); not part of the network's equality.
    pub origin: Origin,
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
    #[serde(default)]
    custom: Option<Yaml>,
    #[serde(default)]
    bypass: bool,
}

/// Why a network does not hold together against its library.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum CheckError {
    #[error("output node '{0}' is not in the network")]
    NoOutput(String),
    #[error("{problem}")]
    Node { node: String, problem: NodeProblem },
}

impl CheckError {
    /// The node the problem is at, when it is at one.
    pub fn node(&self) -> Option<&str> {
        match self {
            CheckError::NoOutput(_) => None,
            CheckError::Node { node, .. } => Some(node),
        }
    }
}

/// What is wrong at one node of a network.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum NodeProblem {
    #[error(transparent)]
    Lookup(#[from] LookupError),
    #[error("too many inputs: {given} given, ROP {rop} takes at most {most}")]
    TooManyInputs {
        given: usize,
        rop: String,
        most: usize,
    },
    #[error("input {slot} refers to '{src}', which is not a node")]
    NoSuchInput { slot: usize, src: String },
    #[error("required input '{0}' is not connected")]
    Required(String),
    #[error("cycle: {0}")]
    Cycle(String),
    #[error(
        "the custom nodes up to this one carry {} of code, past the limit of {} for a network (CUSTOM_CODE_BYTES): make the code shorter, or repeated code a ROP folder that nodes share",
        crate::files::human_size(*total),
        crate::files::human_size(limits::CUSTOM_CODE_BYTES)
    )]
    CustomCode { total: u64 },
}

impl Node {
    /// Bytes of code the node's own definition carries (0 for a library ROP).
    pub fn custom_code_bytes(&self) -> u64 {
        self.custom.as_ref().map_or(0, |c| {
            c.def.blocks.iter().map(|b| b.text.len() as u64).sum()
        })
    }
}

impl Network {
    pub fn load(path: &Path, lib: &Library) -> Result<Network, NetworkError> {
        let text = crate::files::read_text(path, crate::limits::NETWORK_FILE_BYTES)
            .map_err(|e| NetworkError::new(path, 1, None, format!("cannot read network: {e}")))?;
        Network::parse(&text, path, lib)
    }

    /// Parses network text and checks it against the library. The network
    /// remembers the text, so that saving it changes only what changed.
    pub fn parse(text: &str, file: &Path, lib: &Library) -> Result<Network, NetworkError> {
        let mut net = Network::read(text, file, lib)?;
        net.check(lib).map_err(|e| {
            let line = e
                .node()
                .and_then(|n| net.lines.get(n))
                .copied()
                .unwrap_or_else(|| line_of(text, "output:"));
            NetworkError::new(file, line, e.node().map(echo), cut_message(&e.to_string()))
        })?;
        net.origin = Origin::of(text, &net);
        Ok(net)
    }

    /// Parses a piece of a network (the viewer's clipboard): every node is
    /// read and checked as a file's are, but the output need not be among
    /// them, inputs may name nodes outside, and required inputs may be empty.
    pub fn parse_fragment(text: &str, file: &Path, lib: &Library) -> Result<Network, NetworkError> {
        Network::read(text, file, lib)
    }

    /// [`Network::parse`] without the checks of the network as a whole
    /// ([`Network::check`]): every node read and checked on its own.
    fn read(text: &str, file: &Path, lib: &Library) -> Result<Network, NetworkError> {
        // Messages quote the file (node paths, ROP names): each is cut to a
        // readable length, and so is the node path shown beside it.
        let at = |line: usize, node: Option<&str>, message: String| {
            NetworkError::new(file, line, node.map(echo), cut_message(&message))
        };
        let raw: NetworkYaml = crate::yaml::from_str(text).map_err(|e| NetworkError {
            at: Location::new(file, e.line, e.col),
            node: None,
            message: e.message,
        })?;
        if raw.nodes.len() > limits::NETWORK_NODES {
            return Err(at(
                line_of(text, "nodes:"),
                None,
                format!(
                    "{} nodes: a network holds at most {}",
                    raw.nodes.len(),
                    limits::NETWORK_NODES
                ),
            ));
        }
        // Found once for every node, so that parsing stays linear in the file's length.
        let index = LineIndex::new(text);
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
        let mut custom_code = 0u64;
        for (key, value) in &raw.nodes {
            let path = key.as_str().ok_or_else(|| {
                at(
                    1,
                    None,
                    "node keys must be paths like /scene/sphere1".into(),
                )
            })?;
            let line = index.node_line(path);
            if !is_node_path(path) {
                // Quoted escaped: the path may hold a newline or worse.
                return Err(at(
                    line,
                    None,
                    format!("node path {:?}: {NODE_PATH_RULE}", echo(path)),
                ));
            }
            net.lines.insert(path.to_string(), line);
            let site = NodeSite { file, line, path };
            let node = parse_node(value, &site, &index, lib)?;
            // Before the next node is read: 12 MB of custom code must not
            // reach the later stages.
            custom_code += node.custom_code_bytes();
            if custom_code > limits::CUSTOM_CODE_BYTES {
                let problem = NodeProblem::CustomCode { total: custom_code };
                return Err(at(line, Some(path), problem.to_string()));
            }
            net.nodes.insert(path.to_string(), node);
        }
        Ok(net)
    }

    /// Checks references, input counts, required inputs and cycles.
    pub fn check(&self, lib: &Library) -> Result<(), CheckError> {
        if !self.nodes.contains_key(&self.output) {
            return Err(CheckError::NoOutput(echo(&self.output)));
        }
        let mut custom_code = 0u64;
        for (path, node) in &self.nodes {
            custom_code += node.custom_code_bytes();
            if custom_code > limits::CUSTOM_CODE_BYTES {
                return Err(CheckError::Node {
                    node: path.clone(),
                    problem: NodeProblem::CustomCode { total: custom_code },
                });
            }
        }
        for (path, node) in &self.nodes {
            let at = |problem| CheckError::Node {
                node: path.clone(),
                problem,
            };
            let def = node.lookup(lib).map_err(|e| at(NodeProblem::Lookup(e)))?;
            if node.inputs.len() > def.max_inputs() {
                return Err(at(NodeProblem::TooManyInputs {
                    given: node.inputs.len(),
                    rop: def.name.clone(),
                    most: def.max_inputs(),
                }));
            }
            for (i, input) in node.inputs.iter().enumerate() {
                if let Some(src) = input
                    && !self.nodes.contains_key(src)
                {
                    return Err(at(NodeProblem::NoSuchInput {
                        slot: i + 1,
                        src: echo(src),
                    }));
                }
            }
            for (i, idef) in def.inputs.iter().enumerate() {
                if idef.required && node.input(i).is_none() {
                    return Err(at(NodeProblem::Required(idef.name.clone())));
                }
            }
        }
        if let Some(cycle) = self.find_cycle() {
            return Err(CheckError::Node {
                node: cycle[0].clone(),
                problem: NodeProblem::Cycle(cycle.join(" -> ")),
            });
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

    /// The network as its file's text. A network read from text (see
    /// [`Network::parse`]) is written as that text with only what changed
    /// edited: a new value rewrites that value, an added node is one more
    /// entry in the file's style, a removed one loses its lines; comments,
    /// key order and the way values are written stay. Where that text
    /// cannot be edited safely, and for a network made without one, this
    /// is [`Network::canonical_yaml`]. Either way the text reads back as
    /// this network.
    pub fn to_yaml(&self, lib: &Library) -> String {
        self.edited_yaml(lib)
            .unwrap_or_else(|| self.canonical_yaml(lib))
    }

    /// The network as edits of the text it was read from, checked to read
    /// back as this network; `None` for a network made without text, or
    /// whose text cannot be edited safely (then [`Network::to_yaml`]
    /// writes the canonical form).
    pub fn edited_yaml(&self, lib: &Library) -> Option<String> {
        patch::patched(self, lib)
    }

    /// The network as YAML in the canonical form, whatever text it was
    /// read from: the leading comment, keys in a stable order, one node a
    /// line (a node with its own definition in block style, its code as
    /// literal blocks that read as the code does).
    pub fn canonical_yaml(&self, lib: &Library) -> String {
        let mut out = format!("{}output: {}\n", self.comment, yaml_string(&self.output));
        if self.nodes.is_empty() {
            out.push_str("nodes: {}\n");
            return out;
        }
        out.push_str("nodes:\n");
        for (path, node) in &self.nodes {
            for line in patch::node_lines(&yaml_string(path), node, node.def(lib), true, 2) {
                if !line.is_empty() {
                    out.push_str("  ");
                    out.push_str(&line);
                }
                out.push('\n');
            }
        }
        out
    }

    /// Writes the network atomically: a temporary file beside it, then a rename,
    /// so a failed save never leaves a truncated file.
    pub fn save(&self, path: &Path, lib: &Library) -> std::io::Result<()> {
        crate::files::write_atomic(path, self.to_yaml(lib).as_bytes())
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

/// What a node path may hold, for messages.
pub const NODE_PATH_RULE: &str = "node paths start with '/' and hold only letters (of any script), digits, '_', '-', '.' and '/', like /scene/sphere1 or /сцена/сфера";

/// Whether `path` is a node path: `/` then letters and digits (of any
/// script: `/сфера`), `_`, `-`, `.` and `/`. Node paths reach the generated
/// shader in comments and, mangled to ASCII ([`crate::resolve::glsl_name`]),
/// in names; no space, control, format or combining character passes, so a
/// path can neither start a line of its own there (such as a `#define`)
/// nor read as another path (a right-to-left mark, a zero-width joiner).
pub fn is_node_path(path: &str) -> bool {
    path.len() >= 2
        && path.starts_with('/')
        && path
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '_' | '-' | '.' | '/'))
}

/// Where a node's errors point: the network file, the node's line and path.
struct NodeSite<'a> {
    file: &'a Path,
    line: usize,
    path: &'a str,
}

impl NodeSite<'_> {
    /// An error at `line` of this node, its message cut to a readable length.
    fn error(&self, line: usize, message: String) -> NetworkError {
        NetworkError::new(
            self.file,
            line,
            Some(echo(self.path)),
            cut_message(&message),
        )
    }
}

/// One node of the file: its ROP (or its own custom definition), position,
/// parameter values and inputs, checked against the definition.
fn parse_node(
    value: &Yaml,
    site: &NodeSite,
    index: &LineIndex,
    lib: &Library,
) -> Result<Node, NetworkError> {
    let line = site.line;
    let raw_node: NodeYaml =
        serde_yaml_ng::from_value(value.clone()).map_err(|e| site.error(line, format!("{e}")))?;
    // Positions are saved as whole numbers: one not finite, or past what an
    // integer holds, would be saved as text that does not load.
    if raw_node
        .pos
        .is_some_and(|p| p.iter().any(|c| !c.is_finite() || c.abs() > 1e9))
    {
        return Err(site.error(
            line,
            "pos: positions are two numbers within ±1e9, like [120, 40]".into(),
        ));
    }
    let custom = custom_rop(&raw_node, site, index, lib)?;
    let def = match &custom {
        Some(c) => &c.def,
        None => lookup_named(lib, &raw_node.rop).map_err(|e| site.error(line, e.to_string()))?,
    };
    // Past a custom node's definition, whose parameter list names the same
    // parameters.
    let params_line = if custom.is_some() {
        index.own_key_line(line, "params")
    } else {
        line
    };
    let mut node = Node {
        rop: raw_node.rop.clone(),
        pos: raw_node.pos,
        custom: custom.clone(),
        bypass: raw_node.bypass,
        ..Default::default()
    };
    for (pkey, pval) in raw_node.params.iter().flatten() {
        let pname = pkey.as_str().unwrap_or_default();
        let pline = index.param_line(params_line, pname);
        let pdef = def.param(pname).ok_or_else(|| {
            let known: Vec<_> = def.params.iter().map(|p| p.name.as_str()).collect();
            site.error(
                pline,
                format!(
                    "unknown parameter '{}' of ROP {} (it has: {})",
                    echo(pname),
                    def.name,
                    known.join(", ")
                ),
            )
        })?;
        let v = ParamValue::from_yaml(pval, pdef.style, &pdef.options)
            .and_then(|v| edit::hard_range(pdef, v))
            .map_err(|m| site.error(pline, format!("parameter {pname}: {m}")))?;
        node.params.insert(pname.to_string(), v);
    }
    node.inputs =
        read_inputs(raw_node.inputs.as_ref(), def).map_err(|e| site.error(line, e.to_string()))?;
    Ok(node)
}

/// A custom node's own ROP definition, read from its `custom:` entry; none
/// for a node of a library ROP.
fn custom_rop(
    raw_node: &NodeYaml,
    site: &NodeSite,
    index: &LineIndex,
    lib: &Library,
) -> Result<Option<std::sync::Arc<CustomRop>>, NetworkError> {
    let Some(source) = &raw_node.custom else {
        return Ok(None);
    };
    if raw_node.rop != crate::library::CUSTOM_ROP {
        return Err(site.error(
            site.line,
            format!(
                "custom: gives a node its own ROP definition and goes with `rop: {}`, not `rop: {}`",
                crate::library::CUSTOM_ROP,
                echo(&raw_node.rop)
            ),
        ));
    }
    let node_text = index.node_text(site.line);
    let def =
        crate::library::custom_def(source, &node_text, site.file, site.line, lib).map_err(|e| {
            NetworkError {
                at: e.at,
                node: Some(echo(site.path)),
                message: e.message,
            }
        })?;
    Ok(Some(std::sync::Arc::new(CustomRop {
        def,
        source: source.clone(),
    })))
}

/// [`lookup_rop`] for a node without a definition of its own: `rop: custom`
/// without `custom:` is explained.
fn lookup_named<'a>(lib: &'a Library, rop: &str) -> Result<&'a RopDef, LookupError> {
    if rop == crate::library::CUSTOM_ROP && lib.get(rop).is_none() {
        return Err(LookupError::CustomWithoutDefinition);
    }
    lookup_rop(lib, rop)
}

/// Why a ROP name gives no definition.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum LookupError {
    #[error("unknown ROP '{0}' (see `ropkit list`)")]
    Unknown(String),
    #[error("ROP '{name}' failed to load: {error}")]
    Broken {
        name: String,
        error: crate::library::LibraryError,
    },
    #[error(
        "rop: custom needs its definition under `custom:` (coordTypes, returnTypes, params, function, ...)"
    )]
    CustomWithoutDefinition,
}

/// The definition of ROP `name`, or why there is none (unknown, or failed to load).
pub fn lookup_rop<'a>(lib: &'a Library, name: &str) -> Result<&'a RopDef, LookupError> {
    lib.get(name).ok_or_else(|| match lib.broken_rop(name) {
        Some(e) => LookupError::Broken {
            name: name.to_string(),
            error: e.clone(),
        },
        None => LookupError::Unknown(echo(name)),
    })
}

/// What is wrong with a node's `inputs:`.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum InputsError {
    #[error("inputs are node paths")]
    NotAPath,
    #[error("input names are text")]
    NameNotText,
    #[error("ROP {rop} has no input '{name}' (inputs: {known})")]
    NoInput {
        rop: String,
        name: String,
        known: String,
    },
    #[error("parameter '{param}' of ROP {rop} cannot be driven by a field: {why}")]
    NoField {
        rop: String,
        param: String,
        why: String,
    },
    #[error("inputs are a list of node paths or a mapping of input name to path")]
    Shape,
    #[error(transparent)]
    TooMany(#[from] NodeProblem),
}

/// Why `name` names no input of `def`: a parameter that takes no field
/// says why; anything else lists the inputs.
pub fn no_input(def: &RopDef, name: &str) -> InputsError {
    if def.param(name).is_some()
        && let Some(why) = def.field_refusal(name)
    {
        return InputsError::NoField {
            rop: def.name.clone(),
            param: echo(name),
            why,
        };
    }
    let mut known: Vec<&str> = def
        .inputs
        .iter()
        .filter(|i| i.drives.is_none())
        .map(|i| i.name.as_str())
        .collect();
    if def.inputs.iter().any(|i| i.drives.is_some()) {
        known.push("or a float or vector parameter's name, for a field");
    }
    InputsError::NoInput {
        rop: def.name.clone(),
        name: echo(name),
        known: if known.is_empty() {
            "none: it takes no inputs".to_string()
        } else {
            known.join(", ")
        },
    }
}

fn read_inputs(raw: Option<&Yaml>, def: &RopDef) -> Result<Vec<Option<String>>, InputsError> {
    let mut slots: Vec<Option<String>> = Vec::new();
    let mut put = |index: usize, src: Option<String>| {
        if slots.len() <= index {
            slots.resize(index + 1, None);
        }
        slots[index] = src;
    };
    let as_src = |v: &Yaml| match v {
        Yaml::Null => Ok(None),
        Yaml::String(s) => Ok(Some(s.clone())),
        _ => Err(InputsError::NotAPath),
    };
    match raw {
        None | Some(Yaml::Null) => {}
        Some(Yaml::Sequence(items)) => {
            // A list fills the ROP's own inputs in order; a parameter's
            // socket is connected by its name only.
            if !def.variadic && items.len() > def.own_inputs() {
                return Err(InputsError::TooMany(NodeProblem::TooManyInputs {
                    given: items.len(),
                    rop: def.name.clone(),
                    most: def.own_inputs(),
                }));
            }
            for (i, v) in items.iter().enumerate() {
                put(i, as_src(v)?);
            }
        }
        Some(Yaml::Mapping(map)) => {
            for (k, v) in map {
                let name = match k {
                    Yaml::String(s) => s.clone(),
                    Yaml::Number(n) => n.to_string(),
                    _ => return Err(InputsError::NameNotText),
                };
                let index = def.input_index(&name).ok_or_else(|| no_input(def, &name))?;
                put(index, as_src(v)?);
            }
        }
        Some(_) => return Err(InputsError::Shape),
    }
    if slots.len() > def.max_inputs() {
        return Err(InputsError::TooMany(NodeProblem::TooManyInputs {
            given: slots.len(),
            rop: def.name.clone(),
            most: def.max_inputs(),
        }));
    }
    Ok(slots)
}

/// The lines of a network file, and the line each node key is on, found in
/// one pass (looking each node up in the whole text made 20,000 nodes take
/// half a minute).
struct LineIndex<'a> {
    lines: Vec<&'a str>,
    nodes: std::collections::HashMap<&'a str, usize>,
}

impl<'a> LineIndex<'a> {
    fn new(text: &'a str) -> LineIndex<'a> {
        let lines: Vec<&str> = text.lines().collect();
        let mut nodes = std::collections::HashMap::new();
        for (i, l) in lines.iter().enumerate() {
            if let Some(key) = node_key(l) {
                nodes.entry(key).or_insert(i + 1);
            }
        }
        LineIndex { lines, nodes }
    }

    /// The line of the node key `path` (1 when it cannot be found).
    fn node_line(&self, path: &str) -> usize {
        self.nodes.get(path).copied().unwrap_or(1)
    }

    /// The lines of the node whose key is on `node_line`: that line and
    /// the more deeply indented ones below it.
    fn node_text(&self, node_line: usize) -> String {
        let start = node_line.saturating_sub(1).min(self.lines.len());
        let indent = |l: &str| l.len() - l.trim_start().len();
        let key_indent = self.lines.get(start).map(|l| indent(l)).unwrap_or(0);
        let mut end = (start + 1).min(self.lines.len());
        while end < self.lines.len() {
            let l = self.lines[end];
            if !l.trim().is_empty() && indent(l) <= key_indent {
                break;
            }
            end += 1;
        }
        self.lines[start..end].join("\n")
    }

    /// The line of the node's own `key:` (one level below the node key,
    /// in block style), or the node's line.
    fn own_key_line(&self, node_line: usize, key: &str) -> usize {
        let start = node_line.min(self.lines.len());
        let indent = |l: &str| l.len() - l.trim_start().len();
        let Some(first) = self.lines[start..].iter().find(|l| !l.trim().is_empty()) else {
            return node_line;
        };
        let level = indent(first);
        let needle = format!("{key}:");
        self.lines[start..]
            .iter()
            .enumerate()
            .take_while(|(_, l)| l.trim().is_empty() || indent(l) >= level)
            .find(|(_, l)| indent(l) == level && l.trim_start().starts_with(&needle))
            .map(|(i, _)| start + i + 1)
            .unwrap_or(node_line)
    }

    /// The line of parameter `name` within the 40 lines from the node's.
    fn param_line(&self, node_line: usize, name: &str) -> usize {
        let needle = format!("{name}:");
        let from = node_line.saturating_sub(1).min(self.lines.len());
        self.lines[from..]
            .iter()
            .take(40)
            .position(|l| l.contains(&needle))
            .map(|i| from + i + 1)
            .unwrap_or(node_line)
    }
}

/// The node key a line starts with: `/a/b:`, `"/a/b":` or `'/a/b':`.
fn node_key(line: &str) -> Option<&str> {
    let t = line.trim_start();
    match t.as_bytes().first()? {
        b'/' => t
            .find(": ")
            .or_else(|| t.ends_with(':').then(|| t.len() - 1))
            .map(|end| &t[..end]),
        q @ (b'"' | b'\'') => {
            let q = *q as char;
            let rest = &t[1..];
            let end = rest.find(q)?;
            rest[end + 1..].starts_with(':').then(|| &rest[..end])
        }
        _ => None,
    }
}
