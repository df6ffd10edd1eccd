//! What a ROP is, once loaded: its definition and the parts it is made of
//! (parameters, inputs, code blocks, macro rows, textures, variables).

use super::*;

/// The kinds of code block a ROP folder may hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum BlockKind {
    Globals,
    Init,
    Function,
    Material,
}

impl BlockKind {
    pub const ALL: [BlockKind; 4] = [
        BlockKind::Globals,
        BlockKind::Init,
        BlockKind::Function,
        BlockKind::Material,
    ];
    pub fn file_name(self) -> &'static str {
        match self {
            BlockKind::Globals => "globals.glsl",
            BlockKind::Init => "init.glsl",
            BlockKind::Function => "function.glsl",
            BlockKind::Material => "material.glsl",
        }
    }
}

impl fmt::Display for BlockKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.file_name().trim_end_matches(".glsl"))
    }
}

/// One code block of a ROP: a file of its folder, or a text field of a
/// network's custom node (`function: |`), located in the network file.
#[derive(Debug, Clone)]
pub struct CodeBlock {
    pub kind: BlockKind,
    pub path: PathBuf,
    pub text: String,
    /// Where the block's lines are in `path`.
    pub at: BlockAt,
}

/// Where a code block's lines lie in the file that holds it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum BlockAt {
    /// The whole file: line n is line n.
    #[default]
    File,
    /// A YAML literal block (`function: |`) whose first line is this line
    /// of the file: line n is line `first + n - 1`.
    Lines(usize),
    /// A YAML string written on one line (quoted or folded): every line of
    /// the block maps to this line.
    Line(usize),
}

impl CodeBlock {
    /// The line of [`CodeBlock::path`] that line `n` (1-based) of the block is on.
    pub fn file_line(&self, n: usize) -> usize {
        match self.at {
            BlockAt::File => n,
            BlockAt::Lines(first) => first + n.max(1) - 1,
            BlockAt::Line(line) => line,
        }
    }
}

#[derive(Debug, Clone)]
pub struct ParamDef {
    pub name: String,
    pub style: ParamStyle,
    pub default: ParamValue,
    pub min: Option<f64>,
    pub max: Option<f64>,
    pub label: String,
    pub help: String,
    /// Inlined as a literal, so a change rebuilds the shader.
    pub is_macro: bool,
    pub options: Vec<String>,
    /// Field-capable: a field node connected to the input of the same name
    /// drives the value point by point (the code reads it through
    /// `THIS_<Name>_at(p, ctx)`); unconnected, the parameter's own value.
    pub field: bool,
    /// For a data parameter: sibling parameters whose values its data is
    /// built from (`with:`), in order.
    pub with: Vec<String>,
}

impl ParamDef {
    /// Whether the value lives in the uniform buffer (editing it never rebuilds).
    pub fn is_uniform(&self) -> bool {
        !self.is_macro && self.style.components() > 0
    }
}

#[derive(Debug, Clone)]
pub struct InputDef {
    pub name: String,
    pub label: String,
    /// `None`: the input runs with its caller's type.
    pub coord_types: Option<Vec<CoordType>>,
    pub return_types: Option<Vec<ReturnType>>,
    pub context_types: Option<Vec<ContextType>>,
    pub required: bool,
    /// The field-capable parameter this input drives (an input the ROP
    /// gets for each such parameter, after the ones it declares).
    pub drives: Option<String>,
}

/// One row of a macro table: up to three cells of expression text, and the
/// line of `rop.yaml` it came from.
#[derive(Debug, Clone)]
pub struct MacroRow {
    pub cells: Vec<Option<String>>,
    pub line: usize,
}

#[derive(Debug, Clone)]
pub struct TextureDef {
    pub name: String,
    pub source: TextureSource,
}

#[derive(Debug, Clone)]
pub enum TextureSource {
    Param(String),
    Path(String),
}

/// What a ROP does with a named variable (`variable:` in `rop.yaml`):
/// provides it to everything upstream of it, or reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VariableRole {
    Provide,
    Read,
}

/// A ROP's variable: its role, and the parameters that hold the variable's
/// name (a `string`) and its GLSL type (a `menu` of `float`, `vec2`,
/// `vec3`, `vec4`). The node's code reaches it as `THIS_VAR`.
#[derive(Debug, Clone, PartialEq)]
pub struct VariableDef {
    pub role: VariableRole,
    pub name_param: String,
    pub type_param: String,
}

/// The GLSL types a variable may have.
pub const VARIABLE_TYPES: [&str; 4] = ["float", "vec2", "vec3", "vec4"];

/// What a ROP's output promises about distances (`distance:` in
/// `rop.yaml`). The mesher skips empty space only where the network's
/// output keeps a promise; the marcher relies on it too.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DistanceKind {
    /// A true signed distance.
    Exact,
    /// Never more than the true distance (a Lipschitz constant of at most 1).
    Bound,
    /// Any field: no promise.
    None,
    /// As good as the weakest of its inputs (an isometry, a choice).
    Keep,
    /// As good as the weakest of its inputs, but at best a bound (a union,
    /// an intersection, a smooth blend: exact pieces give a bound).
    KeepBound,
}

impl DistanceKind {
    pub const ALL: [DistanceKind; 5] = [
        DistanceKind::Exact,
        DistanceKind::Bound,
        DistanceKind::None,
        DistanceKind::Keep,
        DistanceKind::KeepBound,
    ];
    pub fn as_str(self) -> &'static str {
        match self {
            DistanceKind::Exact => "exact",
            DistanceKind::Bound => "bound",
            DistanceKind::None => "none",
            DistanceKind::Keep => "keep",
            DistanceKind::KeepBound => "keepBound",
        }
    }
    pub fn parse(s: &str) -> Option<DistanceKind> {
        DistanceKind::ALL.into_iter().find(|k| k.as_str() == s)
    }
}

/// Everything ropkit knows about one ROP type.
#[derive(Debug, Clone)]
pub struct RopDef {
    pub name: String,
    pub category: String,
    pub description: String,
    pub keywords: Vec<String>,
    /// The RayTK operators this ROP stands in for (may be empty).
    pub raytk: Vec<String>,
    /// What the output promises about distances; `None` when the ROP does
    /// not say (taken as no promise).
    pub distance: Option<DistanceKind>,
    /// `lipschitz:` in `rop.yaml`: an expression of the parameters (as in
    /// macro tables) giving the factor by which the output's slope may
    /// exceed its promise; see `crate::mesh::guarantee`.
    pub lipschitz: Option<String>,
    pub dir: PathBuf,
    pub yaml_path: PathBuf,
    pub coord_types: Vec<CoordType>,
    pub return_types: Vec<ReturnType>,
    pub context_types: Vec<ContextType>,
    pub params: Vec<ParamDef>,
    pub inputs: Vec<InputDef>,
    pub variadic: bool,
    pub macros: Vec<MacroRow>,
    pub global_macros: Vec<MacroRow>,
    pub libraries: Vec<String>,
    pub textures: Vec<TextureDef>,
    /// For output ROPs: the template in `shaders/templates/` that holds `main`.
    pub template: Option<String>,
    /// A variable the ROP provides or reads.
    pub variable: Option<VariableDef>,
    pub blocks: Vec<CodeBlock>,
    /// Where the definition was read from.
    pub origin: Origin,
}

/// Most inputs a variadic ROP may take.
pub const MAX_VARIADIC_INPUTS: usize = 16;
/// Most inputs a ROP that is not variadic may take.
pub const MAX_INPUTS: usize = 4;

impl RopDef {
    pub fn block(&self, kind: BlockKind) -> Option<&CodeBlock> {
        self.blocks.iter().find(|b| b.kind == kind)
    }
    pub fn param(&self, name: &str) -> Option<&ParamDef> {
        self.params.iter().find(|p| p.name == name)
    }
    pub fn is_output(&self) -> bool {
        self.template.is_some()
    }
    pub fn is_material(&self) -> bool {
        self.block(BlockKind::Material).is_some()
    }
    pub fn max_inputs(&self) -> usize {
        if self.variadic {
            MAX_VARIADIC_INPUTS
        } else {
            self.inputs.len()
        }
    }
    /// The definition that governs input slot `index` (0-based).
    pub fn input_def(&self, index: usize) -> Option<&InputDef> {
        if self.variadic {
            self.inputs
                .get(index)
                .or(self.inputs.last())
                .filter(|_| index < MAX_VARIADIC_INPUTS)
        } else {
            self.inputs.get(index)
        }
    }
    /// Finds an input slot by its name (or `inputOpN`/`N`).
    pub fn input_index(&self, name: &str) -> Option<usize> {
        if let Some(i) = self.inputs.iter().position(|i| i.name == name) {
            return Some(i);
        }
        let digits = name.strip_prefix("inputOp").unwrap_or(name);
        digits
            .parse::<usize>()
            .ok()
            .filter(|n| *n >= 1 && *n <= self.max_inputs())
            .map(|n| n - 1)
    }
}

/// A GLSL file of the shared library or an output template.
#[derive(Debug, Clone)]
pub struct ShaderFile {
    pub path: PathBuf,
    pub text: String,
}
