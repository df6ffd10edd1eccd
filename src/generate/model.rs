//! The middle end's data model: what generation works on and hands on.
//! The errors and warnings of a build, the mode (which target), where each
//! parameter and texture lives, the source map, and the per-node texts the
//! steps of [`super::assemble`] pass between them. Every module of
//! `generate/` may use these; this module uses none of them.

use crate::library::{BlockKind, LineMap, RopDef};
use crate::network::Network;
use crate::resolve::Resolution;
use crate::types::ParamStyle;
use crate::value::ParamValue;
use std::path::PathBuf;

/// Most `vec4` parameter slots one shader may use: past a uniform block's
/// 64 KiB, live parameters live in a storage buffer.
pub const MAX_PARAM_VEC4S: usize = crate::limits::PARAM_VEC4S;
/// Points evaluated per draw by the sampling template.
pub const SAMPLE_BATCH: usize = 1024;

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum GenerateError {
    #[error("{}:{line}: {message} (node {node})", file.display())]
    Macro {
        file: PathBuf,
        line: usize,
        node: String,
        message: String,
    },
    #[error("{}: {message}", file.display())]
    Library { file: PathBuf, message: String },
    #[error("{message}")]
    Other { message: String },
}

/// Something a build found worth telling but not worth refusing (a
/// character the font has no glyph for): the network file and the node's
/// line there, the node, and what. Printed as errors are, `path:line:
/// message (node ...)`.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{}:{line}: {message} (node {node})", file.display())]
pub struct Warning {
    pub file: PathBuf,
    pub line: usize,
    pub node: String,
    pub message: String,
}

pub use crate::options::Mode;

impl Mode {
    /// Whether parameter values are compiled in rather than read from the uniform buffer.
    pub fn bakes_params(self) -> bool {
        self.target().bakes_params()
    }
}

/// Where one uniform parameter lives in `vecParams`.
#[derive(Debug, Clone, PartialEq)]
pub struct ParamSlot {
    pub node: String,
    pub param: String,
    pub style: ParamStyle,
    pub slot: usize,
    pub offset: usize,
    pub components: usize,
    pub default: ParamValue,
    pub min: Option<f64>,
    pub max: Option<f64>,
}

/// A texture the renderer must bind.
#[derive(Debug, Clone, PartialEq)]
pub struct TextureBinding {
    /// The GLSL variable (`rk_tex0`, ...).
    pub var: String,
    pub binding: u32,
    /// File path as written (relative to the project); empty for a blank texture.
    pub path: String,
    pub node: String,
    /// The parameter (or the ROP's own texture entry) that names the file.
    pub param: String,
    /// Where the node is written: the network file and the node's line,
    /// for messages about the file (missing, unreadable, over a budget).
    pub at: crate::location::Location,
    /// The shader's data texture ([`Shader::data`], read by `rk_data`),
    /// not a file.
    pub data: bool,
    /// A volume (3D texture, `texture3D`): how its file is read. `None`
    /// for a picture.
    pub volume: Option<crate::volume::VolumeSpec>,
}

/// Where one generated line came from.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LineOrigin {
    /// Index into [`SourceMap::files`], or `u32::MAX` for generated text.
    pub file: u32,
    pub line: u32,
    /// Index into [`SourceMap::nodes`], or `u32::MAX`.
    pub node: u32,
}

#[derive(Debug, Clone, Default)]
pub struct SourceMap {
    pub files: Vec<PathBuf>,
    pub nodes: Vec<String>,
    /// One entry per generated line.
    pub lines: Vec<LineOrigin>,
}

/// A located origin, ready for a message.
#[derive(Debug, Clone, PartialEq)]
pub struct Origin {
    pub file: Option<PathBuf>,
    pub line: usize,
    pub node: Option<String>,
}

impl SourceMap {
    /// The origin of generated line `line` (1-based).
    pub fn origin(&self, line: usize) -> Option<Origin> {
        let o = self.lines.get(line.checked_sub(1)?)?;
        Some(Origin {
            file: self.files.get(o.file as usize).cloned(),
            line: o.line as usize,
            node: self.nodes.get(o.node as usize).cloned(),
        })
    }
}

/// A code block's lines that remain after folding, each with its line
/// number in the block (its [`crate::library::LineMap`] gives the file
/// and the line there).
pub(crate) type Lines = Vec<(u32, String)>;

/// One node's code, substituted once (and folded, see [`super::fold`]) and
/// kept for every section that emits it.
pub(crate) struct NodeText {
    /// The node's own `#define`s: types, inputs, material id, parameters, textures.
    pub decls: Vec<String>,
    /// For each line of `decls`, the index of the parameter it defines (if any).
    pub decl_params: Vec<Option<usize>>,
    /// Its macro table's lines, each with its row's line in `rop.yaml`.
    pub macros: Vec<(String, usize)>,
    /// Each code block as (line number in the block, text) pairs, with
    /// the map from those lines to files.
    pub blocks: Vec<(BlockKind, Lines, LineMap)>,
}

impl NodeText {
    pub fn block(&self, kind: BlockKind) -> Option<(&[(u32, String)], &LineMap)> {
        self.blocks
            .iter()
            .find(|(k, _, _)| *k == kind)
            .map(|(_, t, p)| (t.as_slice(), p))
    }
}

/// What emitting any node needs to see.
pub(crate) struct NodeCx<'a> {
    pub res: &'a Resolution,
    pub net: &'a Network,
    pub defs: &'a [&'a RopDef],
    pub input_names: &'a [Vec<Option<&'a str>>],
    /// Per node: (macro name, GLSL expression) of each texture.
    pub texture_macros: &'a [Vec<(String, String)>],
    /// Per node: (parameter index, accessor macros) of each data parameter.
    pub data_macros: &'a [Vec<(usize, String)>],
    /// Parameters are compiled in as literals rather than read from their slots.
    pub bake: bool,
}

/// What emitting nodes needs beyond the network: their code and the words it uses.
pub(crate) struct Texts<'a> {
    pub nodes: &'a [NodeText],
    pub used: &'a std::collections::HashSet<String>,
    /// Every identifier with the output node's prefix that the nodes' code,
    /// macro rows and the output templates name before folding (conditions
    /// included).
    pub named: &'a std::collections::HashSet<String>,
    /// Each node's function block as the shape pass wrote it (`None`: as it is).
    pub functions: &'a [Option<Vec<Piece>>],
}

/// One emitted line: the node it belongs to, its line in that node's
/// function block (`None` for generated text), and the text.
#[derive(Debug, Clone, PartialEq)]
pub struct Piece {
    pub node: u32,
    pub line: Option<u32>,
    pub text: String,
}
