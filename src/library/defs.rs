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
    /// Where the lines that `#include "node/..."` brought in come from
    /// (empty when the block includes nothing: every line is its own).
    pub runs: Vec<LineRun>,
    /// The block as written, before its includes were expanded (`None`
    /// when it includes nothing: `text` is as written).
    pub written: Option<String>,
}

/// A run of lines of an expanded code block that come from one text: from
/// line `from` of the block (1-based) to the line before the next run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineRun {
    pub from: usize,
    /// The per-node template the lines come from, or `None` for the
    /// block's own text.
    pub file: Option<PathBuf>,
    /// The line of the run's first line in that text (for the block's own
    /// text, before [`BlockAt`] places it in its file).
    pub line: usize,
}

/// What turns a line of an expanded code block into a file and a line:
/// the block's file and placement, and its runs of included lines.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct LineMap {
    pub path: PathBuf,
    pub at: BlockAt,
    pub runs: Vec<LineRun>,
}

impl LineMap {
    /// The file and line (1-based) that line `n` of the block comes from.
    pub fn origin(&self, n: usize) -> (&Path, usize) {
        map_line(&self.path, self.at, &self.runs, n)
    }
}

fn map_line<'a>(path: &'a Path, at: BlockAt, runs: &'a [LineRun], n: usize) -> (&'a Path, usize) {
    let own = |k: usize| match at {
        BlockAt::File => k,
        BlockAt::Lines(first) => first + k.max(1) - 1,
        BlockAt::Line(line) => line,
    };
    let i = runs.partition_point(|r| r.from <= n);
    let Some(run) = i.checked_sub(1).map(|i| &runs[i]) else {
        return (path, own(n));
    };
    let k = run.line + n.saturating_sub(run.from);
    match &run.file {
        Some(file) => (file, k),
        None => (path, own(k)),
    }
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
    /// A block of text read as it is (no includes expanded yet).
    pub fn new(kind: BlockKind, path: PathBuf, text: String, at: BlockAt) -> CodeBlock {
        CodeBlock {
            kind,
            path,
            text,
            at,
            runs: Vec::new(),
            written: None,
        }
    }

    /// How the block's lines map to files.
    pub fn line_map(&self) -> LineMap {
        LineMap {
            path: self.path.clone(),
            at: self.at,
            runs: self.runs.clone(),
        }
    }

    /// The file and line that line `n` (1-based) of the block comes from:
    /// a line of [`CodeBlock::path`], or of a template it includes.
    pub fn origin(&self, n: usize) -> (&Path, usize) {
        map_line(&self.path, self.at, &self.runs, n)
    }

    /// The text as its author wrote it (includes not expanded).
    pub fn as_written(&self) -> &str {
        self.written.as_deref().unwrap_or(&self.text)
    }
}

#[derive(Debug, Clone)]
pub struct ParamDef {
    pub name: String,
    pub style: ParamStyle,
    pub default: ParamValue,
    /// The slider's range (soft: a value may lie beyond it).
    pub min: Option<f64>,
    pub max: Option<f64>,
    /// The hard limits: every number of a value past them is refused, at
    /// load, in edits, `--set` and Python (`hardMin`/`hardMax`).
    pub hard_min: Option<f64>,
    pub hard_max: Option<f64>,
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
    /// For a point list: also build a grid over the points (see
    /// [`crate::data::grid`]), each point's copy bounded by the first
    /// `with:` parameter's value times its scale (`grid: true`).
    pub grid: bool,
    /// For a point list: also build the curve tree over runs of its points
    /// (see [`crate::data::points::PointList::curve_tree`]), which the
    /// curve ROPs search their pieces through (`tree: true`).
    pub tree: bool,
}

impl ParamDef {
    /// Whether the value lives in the uniform buffer (editing it never rebuilds).
    pub fn is_uniform(&self) -> bool {
        !self.is_macro && self.style.components() > 0
    }

    /// The range a value of this parameter must lie in, or `None` when any
    /// finite value goes. `hardMin`/`hardMax` bound every number of it. An
    /// integer inlined as a literal (`macro: true`) shapes the code: it
    /// counts loops (AA samples N x N, iterations) or sizes arrays, so past
    /// its `min`/`max` it overflows or hangs downstream: there the slider's
    /// range is a hard limit too. Elsewhere `min`/`max` only steer sliders.
    pub fn hard_limits(&self) -> Option<(f64, f64)> {
        let inlined_int = self.is_macro && self.style == crate::types::ParamStyle::Int;
        let (soft_min, soft_max) = if inlined_int {
            (self.min, self.max)
        } else {
            (None, None)
        };
        let pick =
            |hard: Option<f64>, soft: Option<f64>, tighter: fn(f64, f64) -> f64| match (hard, soft)
            {
                (Some(h), Some(s)) => Some(tighter(h, s)),
                (h, s) => h.or(s),
            };
        let min = pick(self.hard_min, soft_min, f64::max);
        let max = pick(self.hard_max, soft_max, f64::min);
        if min.is_none() && max.is_none() {
            return None;
        }
        Some((
            min.unwrap_or(f64::NEG_INFINITY),
            max.unwrap_or(f64::INFINITY),
        ))
    }

    /// `value` if every number of it lies within [`ParamDef::hard_limits`].
    pub fn within_hard_limits(
        &self,
        value: ParamValue,
    ) -> Result<ParamValue, crate::value::ValueError> {
        let Some((min, max)) = self.hard_limits() else {
            return Ok(value);
        };
        let outside = |x: f64| !(min..=max).contains(&x);
        match &value {
            ParamValue::Int(i) if outside(*i as f64) => {
                if self.is_macro {
                    return Err(crate::value::ValueError::OutOfRange {
                        value: *i,
                        min,
                        max,
                    });
                }
                Err(crate::value::ValueError::PastHardLimit {
                    value: *i as f64,
                    min,
                    max,
                })
            }
            ParamValue::Float(x) if outside(*x) => Err(crate::value::ValueError::PastHardLimit {
                value: *x,
                min,
                max,
            }),
            ParamValue::Vector(v) => match v.iter().find(|x| outside(**x)) {
                Some(x) => Err(crate::value::ValueError::PastHardLimit {
                    value: *x,
                    min,
                    max,
                }),
                None => Ok(value),
            },
            _ => Ok(value),
        }
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
    /// For a volume parameter: the parameters that give a raw file's size
    /// (an `xyz`) and sample type (a `menu` of `u8`, `u16`, `f32`).
    pub raw: Option<RawParams>,
    /// For a volume parameter: the `int` parameter giving the voxels a side
    /// a mesh file's distance is baked on (`meshVoxels:`).
    pub mesh_voxels: Option<String>,
}

/// The parameters that describe a raw volume file (`rawSize:` and
/// `rawFormat:` of a `textures:` entry).
#[derive(Debug, Clone, PartialEq)]
pub struct RawParams {
    pub size: String,
    pub format: String,
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

/// What a ROP does with a named per-hit attribute (`attribute:` in
/// `rop.yaml`): sets it on the `Sdf` result of its input, or reads it
/// from one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AttributeRole {
    Assign,
    Read,
}

/// A ROP's attribute: its role, and the parameters that hold the
/// attribute's name (a `string`) and its type (a `menu` of `float`,
/// `vec2`, `vec3`, `vec4`). Each name in a network gets one of
/// [`crate::limits::ATTRIBUTE_SLOTS`] `vec4` fields of the `Sdf`; the
/// node's code reaches its field as `THIS_ATTR` (`res.THIS_ATTR`).
#[derive(Debug, Clone, PartialEq)]
pub struct AttributeDef {
    pub role: AttributeRole,
    pub name_param: String,
    pub type_param: String,
}

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
    /// A per-hit attribute the ROP assigns or reads.
    pub attribute: Option<AttributeDef>,
    /// `gallery:`: how `ropkit gallery` shows it, where the standard scene
    /// for its type says little.
    pub gallery: Option<GalleryDef>,
    pub blocks: Vec<CodeBlock>,
    /// Where the definition was read from.
    pub origin: Origin,
}

/// `gallery:` in `rop.yaml`: what `ropkit gallery` puts into a ROP's
/// standard scene so that its thumbnail shows what it does. Nodes are
/// network nodes (`{ rop: box, params: { ... }, inputs: [...] }`), kept as
/// flow YAML with their paths, in the order written.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GalleryDef {
    /// Values for the ROP's own parameters: (name, value as flow YAML).
    pub params: Vec<(String, String)>,
    /// Nodes feeding an input, or a parameter's socket, by its name; the
    /// last node of each list feeds it.
    pub sources: Vec<(String, Vec<(String, String)>)>,
    /// Nodes around the ROP, `SUBJECT` in them standing for its path; the
    /// first takes its place in the scene.
    pub wrap: Vec<(String, String)>,
    /// Why the thumbnail may look plain: flat, the same as the scene
    /// without the ROP, or the same as another ROP's.
    pub plain: Option<String>,
    /// `ownMaterial: true`: a 3D scene keeps the material the ROP's nodes
    /// give (a `wrap:` with a material that reads what the ROP sets)
    /// instead of dressing it in the standard one.
    pub own_material: bool,
    /// Optional inputs the scene leaves unconnected (a combine's scene
    /// wires every optional input otherwise).
    pub unwired: Vec<String>,
}

/// Most nodes a `gallery:` block may add.
pub const MAX_GALLERY_NODES: usize = 16;

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

/// Whether `style` can be driven by a field: a float or a vector.
pub fn field_style(style: crate::types::ParamStyle) -> bool {
    use crate::types::ParamStyle as S;
    matches!(
        style,
        S::Float | S::Xy | S::Uv | S::Xyz | S::Xyzw | S::Rgb | S::Rgba
    )
}

/// Whether `text` names the parameter `name` as code reads its value:
/// `THIS_<Name>` or one of its component macros (`THIS_<Name>x`), as a
/// whole word (`THIS_<Name>_at` is another word).
fn names_param(text: &str, name: &str, suffixes: &[&str]) -> bool {
    let whole = format!("THIS_{name}");
    text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .filter_map(|w| w.strip_prefix(whole.as_str()))
        .any(|rest| rest.is_empty() || suffixes.contains(&rest))
}

impl RopDef {
    /// Why parameter `name` takes no field, or `None` when a field may
    /// drive it (see docs/writing-rops.md, "Fields on parameters"): only
    /// floats and vectors that live in the uniform buffer, of a ROP that is
    /// neither variadic nor an output, read only point by point.
    pub fn field_refusal(&self, name: &str) -> Option<String> {
        let Some(p) = self.param(name) else {
            return Some(format!("ROP {} has no parameter '{name}'", self.name));
        };
        if p.field {
            return None;
        }
        if !field_style(p.style) {
            return Some(format!(
                "it is a {}: only float and vector parameters take fields",
                p.style.as_str()
            ));
        }
        if p.is_macro {
            return Some(
                "it is compiled into the shader (a macro parameter), and a field varies point by point"
                    .into(),
            );
        }
        if self.variadic {
            return Some(
                "the ROP is variadic: its inputs repeat, so its parameters have no sockets".into(),
            );
        }
        if self.is_output() {
            return Some(
                "it belongs to an output ROP, whose template reads its parameters outside any one point"
                    .into(),
            );
        }
        if self
            .inputs
            .iter()
            .any(|i| i.name == p.name && i.drives.is_none())
        {
            return Some("an input of the ROP has the same name".into());
        }
        let suffixes = p.style.component_suffixes();
        if let Some(b) = self.blocks.iter().find(|b| {
            matches!(b.kind, BlockKind::Init | BlockKind::Globals)
                && names_param(&b.text, name, suffixes)
        }) {
            return Some(format!(
                "{} reads it outside the point-wise function",
                b.kind.file_name()
            ));
        }
        let quoted = [format!("param('{name}')"), format!("param(\"{name}\")")];
        let in_table = self
            .macros
            .iter()
            .chain(&self.global_macros)
            .flat_map(|r| r.cells.iter().flatten())
            .any(|c| quoted.iter().any(|q| c.contains(q.as_str())));
        if in_table {
            return Some("the ROP's macro table reads its value when the shader is built".into());
        }
        None
    }

    /// Whether the ROP's code or macro rows read parameter `name` as a
    /// value (`THIS_<Name>`, or a component of it) rather than only through
    /// `THIS_<Name>_at(p, ctx)`.
    pub fn reads_param_plainly(&self, name: &str) -> bool {
        let Some(p) = self.param(name) else {
            return false;
        };
        let suffixes = p.style.component_suffixes();
        self.blocks
            .iter()
            .any(|b| names_param(&b.text, name, suffixes))
            || self
                .macros
                .iter()
                .chain(&self.global_macros)
                .flat_map(|r| r.cells.iter().flatten())
                .any(|c| names_param(c, name, suffixes))
    }

    /// The input slot through which a field drives parameter `name`.
    pub fn driving_slot(&self, name: &str) -> Option<usize> {
        self.inputs
            .iter()
            .position(|i| i.drives.as_deref() == Some(name))
    }

    /// The ROP's inputs before the sockets that parameters get without
    /// asking (`field: true` ones included): what `ropkit check` feeds.
    pub fn own_inputs(&self) -> usize {
        self.inputs
            .iter()
            .take_while(|i| {
                i.drives
                    .as_deref()
                    .is_none_or(|d| self.param(d).is_some_and(|p| p.field))
            })
            .count()
    }

    /// Gives every parameter a field may drive (see
    /// [`RopDef::field_refusal`]) a socket of its own name, after the
    /// declared inputs and the `field: true` ones.
    pub fn add_parameter_sockets(&mut self) {
        let names: Vec<String> = self
            .params
            .iter()
            .filter(|p| !p.field)
            .map(|p| p.name.clone())
            .collect();
        for name in names {
            if self.field_refusal(&name).is_some() || self.driving_slot(&name).is_some() {
                continue;
            }
            let p = self.param(&name).expect("listed above");
            let return_types = if p.style == crate::types::ParamStyle::Float {
                vec![ReturnType::Float]
            } else {
                vec![ReturnType::Float, ReturnType::Vec4]
            };
            let label = format!("{} (field)", p.label);
            self.inputs.push(InputDef {
                name: name.clone(),
                label,
                coord_types: None,
                return_types: Some(return_types),
                context_types: None,
                required: false,
                drives: Some(name),
            });
        }
    }
}

/// A GLSL file of the shared library or an output template.
#[derive(Debug, Clone)]
pub struct ShaderFile {
    pub path: PathBuf,
    pub text: String,
    /// What the shape pass reads of `text`, scanned on first use.
    scan: std::sync::OnceLock<std::sync::Arc<crate::glsl::defines::TextScan>>,
}

impl ShaderFile {
    pub fn new(path: PathBuf, text: String) -> ShaderFile {
        ShaderFile {
            path,
            text,
            scan: std::sync::OnceLock::new(),
        }
    }

    /// The text's identifiers and directives, read once per file.
    pub fn scan(&self) -> &crate::glsl::defines::TextScan {
        self.scan
            .get_or_init(|| std::sync::Arc::new(crate::glsl::defines::TextScan::of(&self.text)))
    }
}
