//! Stage 1: load ROP folders (`rops/<category>/<name>/rop.yaml` plus code
//! blocks) and the GLSL files of `shaders/` into a [`Library`], from the
//! folders on disk or from the copy embedded in the program ([`source`]).
//!
//! Loading never stops at the first broken folder: good ROPs are kept and
//! each broken one is recorded with its error, so one typo does not take the
//! whole palette away.

pub mod source;

use crate::limits;
use crate::types::{ContextType, CoordType, ParamStyle, ReturnType, parse_type_list};
use crate::value::ParamValue;
use serde::Deserialize;
use serde_yaml_ng::Value as Yaml;
use source::Folder;
use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};

/// A problem with one ROP folder or shader file, located in its file.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{}:{line}:{col}: {message}", file.display())]
pub struct LibraryError {
    pub file: PathBuf,
    pub line: usize,
    pub col: usize,
    pub message: String,
}

impl LibraryError {
    /// Messages may quote the file: they are cut to a readable length.
    fn at(file: &Path, line: usize, message: impl Into<String>) -> Self {
        LibraryError {
            file: file.to_path_buf(),
            line,
            col: 1,
            message: crate::value::cut_message(&message.into()),
        }
    }
}

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

/// Where a ROP definition came from: the copy built into the program, or a
/// folder on disk (the ROP root it was found under).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Origin {
    Builtin,
    Folder(PathBuf),
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Origin::Builtin => f.write_str("built in"),
            Origin::Folder(p) => write!(f, "{}", p.display()),
        }
    }
}

/// The built-in library: the copy embedded in the program, or a folder on
/// disk holding `rops/` and `shaders/` (a checkout, or `ROPKIT_HOME`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Builtin {
    Embedded,
    Folder(PathBuf),
}

/// Everything a library is loaded from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sources {
    pub builtin: Builtin,
    /// ROP folders added to the built-in ones (a project's own `rops/`,
    /// `ROPKIT_ROPS`, `--rops`). A ROP here may shadow a built-in one of the
    /// same name, with a warning naming both.
    pub extra_rops: Vec<PathBuf>,
    /// Also load the ROPs `ropkit check` wraps others in (`shaders/harness/`).
    pub harness: bool,
}

impl Sources {
    /// The built-ins of a folder on disk and nothing else.
    pub fn folder(root: &Path) -> Sources {
        Sources {
            builtin: Builtin::Folder(root.to_path_buf()),
            extra_rops: Vec::new(),
            harness: false,
        }
    }

    /// Where ROPs are read from, built-in first (`<builtin>/rops` for the embedded copy).
    pub fn rop_paths(&self) -> Vec<PathBuf> {
        let mut v = vec![self.builtin_rops().path()];
        v.extend(self.extra_rops.iter().cloned());
        v
    }

    /// The ROP folders on disk: the built-in one (in a checkout), then the extras.
    pub fn rop_folders(&self) -> Vec<PathBuf> {
        let mut v = Vec::new();
        if let Builtin::Folder(root) = &self.builtin {
            v.push(root.join("rops"));
        }
        v.extend(self.extra_rops.iter().cloned());
        v
    }

    fn builtin_rops(&self) -> Folder {
        match &self.builtin {
            Builtin::Embedded => Folder::Embedded {
                dir: &crate::builtin::ROPS,
                top: "rops",
            },
            Builtin::Folder(root) => Folder::disk(&root.join("rops")),
        }
    }

    fn shaders(&self) -> Folder {
        match &self.builtin {
            Builtin::Embedded => Folder::Embedded {
                dir: &crate::builtin::SHADERS,
                top: "shaders",
            },
            Builtin::Folder(root) => Folder::disk(&root.join("shaders")),
        }
    }
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

/// All ROP definitions and shader files, plus the folders that failed to load.
#[derive(Debug, Clone)]
pub struct Library {
    pub rops: BTreeMap<String, RopDef>,
    /// Keyed by the name relative to `shaders/`, e.g. `sdf.glsl` or `templates/main3d.glsl`.
    pub shaders: BTreeMap<String, ShaderFile>,
    pub broken: Vec<LibraryError>,
    /// Things worth saying that do not stop anything (a built-in ROP shadowed).
    pub warnings: Vec<String>,
    /// What the library was read from, to read it again after a change.
    pub sources: Sources,
    /// Every identifier the GLSL of the library uses (locals included): a node
    /// named like one of them would be shadowed inside some ROP's code.
    pub code_words: std::collections::BTreeSet<String>,
}

impl Default for Library {
    fn default() -> Library {
        Library::empty(Sources {
            builtin: Builtin::Embedded,
            extra_rops: Vec::new(),
            harness: false,
        })
    }
}

impl Library {
    fn empty(sources: Sources) -> Library {
        Library {
            rops: BTreeMap::new(),
            shaders: BTreeMap::new(),
            broken: Vec::new(),
            warnings: Vec::new(),
            sources,
            code_words: Default::default(),
        }
    }

    /// Reads the built-in ROPs and shaders, then each extra ROP folder. An
    /// extra folder may shadow a built-in ROP (with a warning); two extra
    /// folders may not define the same name.
    pub fn load(sources: &Sources) -> Library {
        let mut lib = Library::empty(sources.clone());
        let shaders = sources.shaders();
        // The shaders first: an output ROP's template is checked as it loads.
        let mut files = Vec::new();
        if let Err(e) = find_files(&shaders, "", "glsl", &mut files, 0) {
            lib.broken.push(LibraryError::at(
                &shaders.path(),
                1,
                format!("cannot read shader folder: {e}"),
            ));
        }
        for (key, folder, name) in files {
            let path = folder.file_path(&name);
            match folder.read(&name, limits::CODE_FILE_BYTES) {
                Ok(Some(text)) => {
                    if let Some(p) = crate::glsl::scan(&text) {
                        lib.broken.push(LibraryError {
                            file: path,
                            line: p.line,
                            col: p.col,
                            message: p.message,
                        });
                        continue;
                    }
                    collect_words(&text, &mut lib.code_words);
                    lib.shaders.insert(key, ShaderFile { path, text });
                }
                Ok(None) => {}
                Err(e) => lib
                    .broken
                    .push(LibraryError::at(&path, 1, format!("cannot read: {e}"))),
            }
        }
        let mut roots = vec![(sources.builtin_rops(), true)];
        if sources.harness
            && let Some(h) = shaders.sub("harness")
        {
            roots.push((h, true));
        }
        roots.extend(sources.extra_rops.iter().map(|p| (Folder::disk(p), false)));
        let mut builtin_names = std::collections::BTreeSet::new();
        for (root, builtin) in &roots {
            let mut dirs = Vec::new();
            if let Err(e) = find_rop_dirs(root, &mut dirs, 0) {
                lib.broken.push(LibraryError::at(
                    &root.path(),
                    1,
                    format!("cannot read ROP folder: {e}"),
                ));
            }
            let origin = match root {
                Folder::Embedded { .. } => Origin::Builtin,
                Folder::Disk { path, .. } => Origin::Folder(path.clone()),
            };
            for dir in dirs {
                match load_rop(&dir, origin.clone(), &lib.shaders, &shaders.path()) {
                    Ok(def) => lib.add(def, *builtin, &mut builtin_names),
                    Err(e) => lib.broken.push(e),
                }
            }
        }
        for def in lib.rops.values() {
            for block in &def.blocks {
                collect_words(&block.text, &mut lib.code_words);
            }
        }
        lib
    }

    /// Adds a loaded definition: a built-in one never replaces another; an
    /// extra one replaces a built-in with a warning, and clashes with another extra.
    fn add(
        &mut self,
        def: RopDef,
        builtin: bool,
        builtin_names: &mut std::collections::BTreeSet<String>,
    ) {
        let Some(prev) = self.rops.get(&def.name) else {
            if builtin {
                builtin_names.insert(def.name.clone());
            }
            self.rops.insert(def.name.clone(), def);
            return;
        };
        if !builtin && builtin_names.remove(&def.name) {
            self.warnings.push(format!(
                "{}: ROP '{}' shadows the built-in one at {}",
                def.yaml_path.display(),
                def.name,
                prev.yaml_path.display()
            ));
            self.rops.insert(def.name.clone(), def);
        } else {
            let msg = format!(
                "ROP name '{}' is already defined by {}",
                def.name,
                prev.yaml_path.display()
            );
            self.broken.push(LibraryError::at(&def.yaml_path, 1, msg));
        }
    }

    /// Reads one ROP folder on disk (`dir` holds its `rop.yaml`), checked
    /// against this library's shaders, without adding it: for tools that try
    /// one folder at a time.
    pub fn read_folder(&self, dir: &Path) -> Result<RopDef, LibraryError> {
        load_rop(
            &Folder::disk(dir),
            Origin::Folder(dir.to_path_buf()),
            &self.shaders,
            &self.shader_root(),
        )
    }

    pub fn get(&self, name: &str) -> Option<&RopDef> {
        self.rops.get(name)
    }

    /// The load error of a ROP that exists on disk but failed to load.
    pub fn broken_rop(&self, name: &str) -> Option<&LibraryError> {
        self.broken.iter().find(|e| {
            e.file
                .parent()
                .and_then(|d| d.file_name())
                .is_some_and(|d| d == name)
                || e.file.file_name().is_some_and(|d| d == name)
        })
    }

    /// Every folder on disk the library was read from: what a watcher should
    /// watch (nothing for the embedded copy, which cannot change).
    pub fn watch_roots(&self) -> Vec<PathBuf> {
        let mut roots = self.sources.rop_folders();
        if let Builtin::Folder(root) = &self.sources.builtin {
            roots.push(root.join("shaders"));
        }
        roots
    }

    /// Where the shader library is, for messages.
    pub fn shader_root(&self) -> PathBuf {
        self.sources.shaders().path()
    }
}

/// Adds the identifiers of GLSL text (comments skipped) to `words`.
pub(crate) fn collect_words(text: &str, words: &mut std::collections::BTreeSet<String>) {
    let mut in_block_comment = false;
    for line in text.lines() {
        let mut rest = line;
        let mut code = String::new();
        loop {
            if in_block_comment {
                match rest.find("*/") {
                    Some(i) => {
                        rest = &rest[i + 2..];
                        in_block_comment = false;
                    }
                    None => break,
                }
            } else {
                let block = rest.find("/*");
                let line_comment = rest.find("//");
                match (block, line_comment) {
                    (Some(b), l) if l.is_none_or(|l| b < l) => {
                        code.push_str(&rest[..b]);
                        rest = &rest[b + 2..];
                        in_block_comment = true;
                    }
                    (_, Some(l)) => {
                        code.push_str(&rest[..l]);
                        break;
                    }
                    _ => {
                        code.push_str(rest);
                        break;
                    }
                }
            }
        }
        for word in code.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')) {
            if word.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
                && !word.contains("THIS")
            {
                words.insert(word.to_string());
            }
        }
    }
}

fn find_rop_dirs(dir: &Folder, out: &mut Vec<Folder>, depth: usize) -> std::io::Result<()> {
    if depth > limits::FOLDER_DEPTH {
        return Ok(());
    }
    if dir.has("rop.yaml") {
        out.push(dir.clone());
        return Ok(());
    }
    for sub in dir.folders()? {
        find_rop_dirs(&sub, out, depth + 1)?;
    }
    Ok(())
}

/// Files ending in `.ext` below `dir`, as (key relative to the top, folder, file name).
fn find_files(
    dir: &Folder,
    prefix: &str,
    ext: &str,
    out: &mut Vec<(String, Folder, String)>,
    depth: usize,
) -> std::io::Result<()> {
    if depth > limits::FOLDER_DEPTH {
        return Ok(());
    }
    for name in dir.files(&format!(".{ext}"))? {
        out.push((format!("{prefix}{name}"), dir.clone(), name));
    }
    for sub in dir.folders()? {
        let prefix = format!("{prefix}{}/", sub.name());
        find_files(&sub, &prefix, ext, out, depth + 1)?;
    }
    Ok(())
}

/// Most field-capable parameters one ROP may have.
pub const MAX_FIELD_PARAMS: usize = 8;

/// One input per field-capable parameter, after the declared ones: named
/// as the parameter, optional, running at the caller's coordinate and
/// context types, returning a float (or, for a vector, a float spread over
/// the components or a vec4 cut to size). Fails with the parameter's name.
fn field_inputs(
    params: &[ParamDef],
    inputs: &mut Vec<InputDef>,
    variadic: bool,
) -> Result<(), (String, String)> {
    let fields: Vec<&ParamDef> = params.iter().filter(|p| p.field).collect();
    if fields.len() > MAX_FIELD_PARAMS {
        return Err((
            fields[MAX_FIELD_PARAMS].name.clone(),
            format!("at most {MAX_FIELD_PARAMS} parameters of a ROP may be field: true"),
        ));
    }
    for p in fields {
        let fail = |m: &str| Err((p.name.clone(), m.to_string()));
        if variadic {
            return fail("a variadic ROP cannot have field parameters (its inputs repeat)");
        }
        if !matches!(
            p.style,
            ParamStyle::Float
                | ParamStyle::Xy
                | ParamStyle::Uv
                | ParamStyle::Xyz
                | ParamStyle::Xyzw
                | ParamStyle::Rgb
                | ParamStyle::Rgba
        ) {
            return fail(
                "only float and vector parameters (not int, toggle, menu, rotation, string or texture) can be field: true",
            );
        }
        if p.is_macro {
            return fail("a field parameter cannot be macro: true (a field varies per point)");
        }
        if inputs.iter().any(|i| i.name == p.name) {
            return fail("an input has the same name; a field parameter's input takes its name");
        }
        let return_types = if p.style == ParamStyle::Float {
            vec![ReturnType::Float]
        } else {
            vec![ReturnType::Float, ReturnType::Vec4]
        };
        inputs.push(InputDef {
            name: p.name.clone(),
            label: format!("{} (field)", p.label),
            coord_types: None,
            return_types: Some(return_types),
            context_types: None,
            required: false,
            drives: Some(p.name.clone()),
        });
    }
    Ok(())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct RopYaml {
    /// Required in a ROP folder; a network's custom node may leave it out.
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    category: Option<String>,
    #[serde(default)]
    description: String,
    #[serde(default)]
    keywords: Vec<String>,
    #[serde(default)]
    raytk: Vec<String>,
    #[serde(default)]
    distance: Option<String>,
    #[serde(default)]
    lipschitz: Option<String>,
    coord_types: Vec<String>,
    return_types: Vec<String>,
    #[serde(default)]
    context_types: Option<Vec<String>>,
    #[serde(default)]
    params: Vec<ParamYaml>,
    #[serde(default)]
    inputs: Vec<InputYaml>,
    #[serde(default)]
    variadic: bool,
    #[serde(default)]
    macros: Vec<Vec<Yaml>>,
    #[serde(default)]
    global_macros: Vec<Vec<Yaml>>,
    #[serde(default)]
    libraries: Vec<String>,
    #[serde(default)]
    textures: Vec<TextureYaml>,
    #[serde(default)]
    template: Option<String>,
    #[serde(default)]
    variable: Option<VariableYaml>,
    // The code blocks, inline: only in a network's custom node (a ROP
    // folder keeps them in its .glsl files).
    #[serde(default)]
    function: Option<String>,
    #[serde(default)]
    globals: Option<String>,
    #[serde(default)]
    init: Option<String>,
    #[serde(default)]
    material: Option<String>,
}

impl RopYaml {
    fn inline_blocks(&self) -> [(BlockKind, &'static str, Option<&String>); 4] {
        [
            (BlockKind::Globals, "globals", self.globals.as_ref()),
            (BlockKind::Init, "init", self.init.as_ref()),
            (BlockKind::Function, "function", self.function.as_ref()),
            (BlockKind::Material, "material", self.material.as_ref()),
        ]
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ParamYaml {
    name: String,
    style: String,
    #[serde(default)]
    default: Option<Yaml>,
    #[serde(default)]
    min: Option<f64>,
    #[serde(default)]
    max: Option<f64>,
    #[serde(default)]
    label: Option<String>,
    #[serde(default)]
    help: String,
    #[serde(default, rename = "macro")]
    is_macro: bool,
    #[serde(default)]
    options: Vec<String>,
    #[serde(default)]
    field: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct InputYaml {
    name: String,
    #[serde(default)]
    label: Option<String>,
    #[serde(default)]
    coord_types: Option<Vec<String>>,
    #[serde(default)]
    return_types: Option<Vec<String>>,
    #[serde(default)]
    context_types: Option<Vec<String>>,
    #[serde(default)]
    required: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct VariableYaml {
    role: String,
    name: String,
    #[serde(rename = "type")]
    ty: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TextureYaml {
    name: String,
    #[serde(default)]
    param: Option<String>,
    #[serde(default)]
    path: Option<String>,
}

/// Line (1-based) of the first line containing `needle`, or 1.
pub(crate) fn line_of(text: &str, needle: &str) -> usize {
    text.lines()
        .position(|l| l.contains(needle))
        .map(|i| i + 1)
        .unwrap_or(1)
}

/// Lines of the rows of the YAML list under `key:` (best effort, for messages).
fn row_lines(text: &str, key: &str) -> Vec<usize> {
    let mut out = Vec::new();
    let mut inside = false;
    let mut key_indent = 0;
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        let indent = line.len() - trimmed.len();
        if !inside {
            if trimmed.starts_with(&format!("{key}:")) {
                inside = true;
                key_indent = indent;
            }
            continue;
        }
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        if indent <= key_indent && !trimmed.starts_with('-') {
            break;
        }
        if trimmed.starts_with("- ") || trimmed == "-" {
            out.push(i + 1);
        }
    }
    out
}

/// An input's own type list, if it gives one.
fn optional_types<T: Copy>(
    list: &Option<Vec<String>>,
    all: &[T],
    parse: impl Fn(&str) -> Option<T>,
) -> Result<Option<Vec<T>>, String> {
    list.as_ref()
        .map(|l| parse_type_list(l, all, parse))
        .transpose()
}

fn is_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// The text a definition was read from, for locating its errors: a
/// `rop.yaml`, or the lines of a custom node in a network file (`base` is
/// the file line of the text's first line).
struct Src<'a> {
    text: &'a str,
    path: &'a Path,
    base: usize,
}

impl Src<'_> {
    /// The file line of the first line holding `needle` (the first line when none does).
    fn line(&self, needle: &str) -> usize {
        self.base + line_of(self.text, needle) - 1
    }
    fn err(&self, needle: &str, message: String) -> LibraryError {
        LibraryError::at(self.path, self.line(needle), message)
    }
    fn rows(&self, key: &str) -> Vec<usize> {
        row_lines(self.text, key)
            .into_iter()
            .map(|l| self.base + l - 1)
            .collect()
    }
}

/// Loads one ROP folder. `shaders` (found under `shader_root`) holds the
/// templates an output ROP may name.
fn load_rop(
    dir: &Folder,
    origin: Origin,
    shaders: &BTreeMap<String, ShaderFile>,
    shader_root: &Path,
) -> Result<RopDef, LibraryError> {
    let yaml_path = dir.file_path("rop.yaml");
    let text = dir
        .read("rop.yaml", limits::ROP_YAML_BYTES)
        .and_then(|t| t.ok_or_else(|| std::io::ErrorKind::NotFound.into()))
        .map_err(|e| LibraryError::at(&yaml_path, 1, format!("cannot read: {e}")))?;
    let raw: RopYaml = crate::yaml::from_str(&text).map_err(|e| LibraryError {
        file: yaml_path.clone(),
        line: e.line,
        col: e.col,
        message: e.message,
    })?;
    let src = Src {
        text: &text,
        path: &yaml_path,
        base: 1,
    };
    let Some(name) = raw.name.clone() else {
        return Err(src.err("", "missing field `name`".into()));
    };
    if let Some((_, key, _)) = raw
        .inline_blocks()
        .into_iter()
        .find(|(_, _, t)| t.is_some())
    {
        return Err(src.err(
            &format!("{key}:"),
            format!(
                "`{key}:` is for a network's custom node; a ROP folder keeps this code in {key}.glsl"
            ),
        ));
    }
    let read_blocks = || {
        let mut blocks = Vec::new();
        for kind in BlockKind::ALL {
            let path = dir.file_path(kind.file_name());
            match dir.read(kind.file_name(), limits::CODE_FILE_BYTES) {
                Ok(Some(text)) => blocks.push(CodeBlock {
                    kind,
                    path,
                    text,
                    at: BlockAt::File,
                }),
                Ok(None) => {
                    if kind == BlockKind::Function {
                        return Err(LibraryError::at(
                            &path,
                            1,
                            "missing: every ROP needs a function.glsl",
                        ));
                    }
                }
                Err(e) => return Err(LibraryError::at(&path, 1, format!("cannot read: {e}"))),
            }
        }
        Ok(blocks)
    };
    let category = raw.category.clone().unwrap_or_else(|| dir.parent_name());
    build_def(
        raw,
        name,
        category,
        &src,
        dir.path(),
        read_blocks,
        origin,
        shaders,
        shader_root,
    )
}

/// The name a custom node's definition takes when its `custom:` gives none.
pub const CUSTOM_ROP: &str = "custom";

/// Reads the definition a network's custom node carries (`custom:`, with
/// the fields of `rop.yaml` and the code blocks inline: `function: |`),
/// checked as a ROP folder is. `node_text` holds the node's lines of the
/// network file `file`, the first of them line `first_line`; errors point
/// into that file.
pub fn custom_def(
    value: &Yaml,
    node_text: &str,
    file: &Path,
    first_line: usize,
    lib: &Library,
) -> Result<RopDef, LibraryError> {
    let src = Src {
        text: node_text,
        path: file,
        base: first_line,
    };
    // A mapping is required; its own errors have no position, so they
    // point at the `custom:` line.
    if !matches!(value, Yaml::Mapping(_)) {
        return Err(src.err(
            "custom:",
            "custom: gives the node's ROP definition as a mapping (coordTypes, returnTypes, params, inputs, function, ...)".into(),
        ));
    }
    let raw: RopYaml = serde_yaml_ng::from_value(value.clone()).map_err(|e| {
        // serde gives no position here: an unknown field is found by its key.
        let text = e.to_string();
        let needle = text
            .strip_prefix("unknown field `")
            .and_then(|rest| rest.split('`').next())
            .map(|field| format!("{field}:"))
            .filter(|n| src.text.lines().skip(1).any(|l| l.contains(n.as_str())))
            .unwrap_or_else(|| "custom:".into());
        src.err(
            &needle,
            format!("custom: {}", crate::value::cut_message(&text)),
        )
    })?;
    let name = raw.name.clone().unwrap_or_else(|| CUSTOM_ROP.to_string());
    let category = raw
        .category
        .clone()
        .unwrap_or_else(|| CUSTOM_ROP.to_string());
    let inline = raw.inline_blocks().map(|(k, key, t)| (k, key, t.cloned()));
    let read_blocks = || {
        let mut blocks = Vec::new();
        for (kind, key, text) in inline {
            let Some(text) = text else {
                if kind == BlockKind::Function {
                    return Err(src.err(
                        "custom:",
                        "custom: has no `function:`; give the code as `function: |` followed by `ReturnT thismap(CoordT p, ContextT ctx) { ... }`".into(),
                    ));
                }
                continue;
            };
            if text.len() as u64 > limits::CODE_FILE_BYTES {
                return Err(src.err(
                    &format!("{key}:"),
                    format!(
                        "{key}: {} of code; a code block holds at most {} (limit CODE_FILE_BYTES)",
                        crate::files::human_size(text.len() as u64),
                        crate::files::human_size(limits::CODE_FILE_BYTES)
                    ),
                ));
            }
            blocks.push(CodeBlock {
                kind,
                path: file.to_path_buf(),
                at: block_at(node_text, key, first_line),
                text,
            });
        }
        Ok(blocks)
    };
    build_def(
        raw,
        name,
        category,
        &src,
        file.parent().map(Path::to_path_buf).unwrap_or_default(),
        read_blocks,
        Origin::Folder(file.to_path_buf()),
        &lib.shaders,
        &lib.shader_root(),
    )
}

/// Where the value of `key:` in a custom node's lines lies: a literal block
/// (`key: |`) starts on the next line; anything else is taken as one line.
fn block_at(node_text: &str, key: &str, first_line: usize) -> BlockAt {
    let needle = format!("{key}:");
    let Some((i, line)) = node_text
        .lines()
        .enumerate()
        .find(|(_, l)| l.trim_start().starts_with(&needle))
    else {
        return BlockAt::Line(first_line);
    };
    let rest = line.trim_start()[needle.len()..].trim();
    let rest = rest.split(" #").next().unwrap_or("").trim();
    let literal = rest.starts_with('|')
        && rest[1..]
            .chars()
            .all(|c| matches!(c, '+' | '-') || c.is_ascii_digit());
    if literal {
        BlockAt::Lines(first_line + i + 1)
    } else {
        BlockAt::Line(first_line + i)
    }
}

/// Checks a parsed definition and builds the [`RopDef`]; `read_blocks`
/// gives its code blocks (read once the fields have passed).
#[allow(clippy::too_many_arguments)]
fn build_def(
    raw: RopYaml,
    name: String,
    category: String,
    src: &Src,
    dir: PathBuf,
    read_blocks: impl FnOnce() -> Result<Vec<CodeBlock>, LibraryError>,
    origin: Origin,
    shaders: &BTreeMap<String, ShaderFile>,
    shader_root: &Path,
) -> Result<RopDef, LibraryError> {
    let yaml_path = src.path.to_path_buf();
    let err = |needle: &str, message: String| src.err(needle, message);

    if !is_identifier(&name) {
        return Err(err(
            "name:",
            format!("ROP name '{}' must be a GLSL-style identifier", name),
        ));
    }
    let coord_types = parse_type_list(&raw.coord_types, CoordType::ALL, CoordType::parse)
        .map_err(|m| err("coordTypes", format!("coordTypes: {m}")))?;
    let return_types = parse_type_list(&raw.return_types, ReturnType::ALL, ReturnType::parse)
        .map_err(|m| err("returnTypes", format!("returnTypes: {m}")))?;
    let context_types = match &raw.context_types {
        Some(list) => parse_type_list(list, ContextType::ALL, ContextType::parse)
            .map_err(|m| err("contextTypes", format!("contextTypes: {m}")))?,
        None => ContextType::ALL.to_vec(),
    };
    if coord_types.is_empty() || return_types.is_empty() || context_types.is_empty() {
        return Err(err(
            "Types",
            "coordTypes, returnTypes and contextTypes must not be empty".into(),
        ));
    }

    let mut params = Vec::new();
    for p in &raw.params {
        let perr = |m: String| {
            err(
                &format!("name: {}", p.name),
                format!("parameter {}: {m}", p.name),
            )
        };
        if !is_identifier(&p.name) || !p.name.starts_with(|c: char| c.is_ascii_uppercase()) {
            return Err(perr(
                "names are Capitalized identifiers, like Radius".into(),
            ));
        }
        if params.iter().any(|q: &ParamDef| q.name == p.name) {
            return Err(perr("defined twice".into()));
        }
        let style = ParamStyle::parse(&p.style).ok_or_else(|| {
            let all: Vec<_> = ParamStyle::ALL.iter().map(|s| s.as_str()).collect();
            perr(format!(
                "unknown style '{}' (styles: {})",
                p.style,
                all.join(", ")
            ))
        })?;
        if style == ParamStyle::Menu && p.options.is_empty() {
            return Err(perr("a menu needs options".into()));
        }
        // Options become macro names (`<node>_<Param>_<option>`); INDEX is taken.
        if let Some(bad) = p
            .options
            .iter()
            .find(|o| !is_identifier(o) || *o == "INDEX")
        {
            return Err(perr(format!(
                "menu option '{bad}' must be an identifier other than INDEX"
            )));
        }
        let default = match &p.default {
            Some(y) => ParamValue::from_yaml(y, style, &p.options)
                .map_err(|m| perr(format!("default: {m}")))?,
            None => ParamValue::zero(style, &p.options),
        };
        params.push(ParamDef {
            name: p.name.clone(),
            style,
            default,
            min: p.min,
            max: p.max,
            label: p.label.clone().unwrap_or_else(|| p.name.clone()),
            help: p.help.clone(),
            is_macro: p.is_macro || style.always_inlined(),
            options: p.options.clone(),
            field: p.field,
        });
    }

    let mut inputs = Vec::new();
    for i in &raw.inputs {
        let ierr = |m: String| {
            err(
                &format!("name: {}", i.name),
                format!("input {}: {m}", i.name),
            )
        };
        let coord_types =
            optional_types(&i.coord_types, CoordType::ALL, CoordType::parse).map_err(ierr)?;
        let return_types =
            optional_types(&i.return_types, ReturnType::ALL, ReturnType::parse).map_err(ierr)?;
        let context_types =
            optional_types(&i.context_types, ContextType::ALL, ContextType::parse).map_err(ierr)?;
        inputs.push(InputDef {
            name: i.name.clone(),
            label: i.label.clone().unwrap_or_else(|| i.name.clone()),
            coord_types,
            return_types,
            context_types,
            required: i.required,
            drives: None,
        });
    }
    if !raw.variadic && inputs.len() > MAX_INPUTS {
        return Err(err(
            "inputs:",
            format!("at most {MAX_INPUTS} inputs unless the ROP says variadic: true"),
        ));
    }
    if raw.variadic && inputs.is_empty() {
        return Err(err(
            "variadic",
            "a variadic ROP needs one input definition to repeat".into(),
        ));
    }
    field_inputs(&params, &mut inputs, raw.variadic)
        .map_err(|(name, m)| err(&format!("name: {name}"), format!("parameter {name}: {m}")))?;

    let macros = macro_rows(&raw.macros, &src.rows("macros"), &yaml_path)?;
    let global_macros = macro_rows(&raw.global_macros, &src.rows("globalMacros"), &yaml_path)?;

    let mut textures = Vec::new();
    for t in &raw.textures {
        let source = match (&t.param, &t.path) {
            (Some(p), None) => {
                if params.iter().all(|q| &q.name != p) {
                    return Err(err(
                        &t.name,
                        format!("texture {}: no parameter named {p}", t.name),
                    ));
                }
                TextureSource::Param(p.clone())
            }
            (None, Some(p)) => {
                // Checked here, as a parameter's texture path is: a ROP from
                // a stranger must not point the renderer at /etc or above the project.
                crate::value::check_texture_path(p)
                    .map_err(|m| err(p, format!("texture {}: {m}", t.name)))?;
                TextureSource::Path(p.clone())
            }
            _ => {
                return Err(err(
                    &t.name,
                    format!("texture {}: give exactly one of param or path", t.name),
                ));
            }
        };
        textures.push(TextureDef {
            name: t.name.clone(),
            source,
        });
    }

    let distance = match &raw.distance {
        None => None,
        Some(d) => Some(DistanceKind::parse(d).ok_or_else(|| {
            let all: Vec<_> = DistanceKind::ALL.iter().map(|k| k.as_str()).collect();
            err(
                "distance:",
                format!(
                    "distance: unknown kind '{}' (kinds: {})",
                    crate::value::echo(d),
                    all.join(", ")
                ),
            )
        })?),
    };
    if let Some(e) = raw
        .lipschitz
        .as_deref()
        .and_then(|x| crate::expr::check_syntax(x).err())
    {
        return Err(err("lipschitz:", format!("lipschitz: {e}")));
    }
    if let Some(bad) = raw.raytk.iter().find(|n| !is_identifier(n)) {
        return Err(err(
            "raytk:",
            format!(
                "raytk: '{}' is not an operator name (letters, digits and _)",
                crate::value::echo(bad)
            ),
        ));
    }

    let variable = match &raw.variable {
        None => None,
        Some(v) => Some(variable_def(v, &params).map_err(|m| err("variable:", m))?),
    };
    let blocks = read_blocks()?;
    check_blocks(&blocks)?;
    check_names(&params, &textures, &macros, &global_macros, src)?;

    // An output ROP without its template cannot build anything: say so here,
    // at its line, so that `check` reports it and a network using it says why.
    if let Some(t) = &raw.template
        && !shaders.contains_key(&format!("templates/{t}.glsl"))
    {
        return Err(err(
            "template:",
            format!(
                "template '{}' not found: there is no {}",
                crate::value::echo(t),
                shader_root
                    .join("templates")
                    .join(format!("{t}.glsl"))
                    .display()
            ),
        ));
    }
    Ok(RopDef {
        name,
        category,
        description: raw.description,
        keywords: raw.keywords,
        raytk: raw.raytk,
        distance,
        lipschitz: raw.lipschitz,
        dir,
        yaml_path,
        coord_types,
        return_types,
        context_types,
        params,
        inputs,
        variadic: raw.variadic,
        macros,
        global_macros,
        libraries: raw.libraries,
        textures,
        template: raw.template,
        variable,
        blocks,
        origin,
    })
}

/// Checks `variable:` against the parameters it names.
fn variable_def(v: &VariableYaml, params: &[ParamDef]) -> Result<VariableDef, String> {
    let role = match v.role.as_str() {
        "provide" => VariableRole::Provide,
        "read" => VariableRole::Read,
        other => {
            return Err(format!(
                "variable: role '{}' is neither provide nor read",
                crate::value::echo(other)
            ));
        }
    };
    let param = |name: &str, what: &str| {
        params.iter().find(|p| p.name == name).ok_or_else(|| {
            format!(
                "variable: {what} names parameter '{}', which the ROP does not have",
                crate::value::echo(name)
            )
        })
    };
    let name = param(&v.name, "name")?;
    if name.style != ParamStyle::String {
        return Err(format!(
            "variable: the name parameter {} must have style string",
            name.name
        ));
    }
    let ty = param(&v.ty, "type")?;
    if ty.style != ParamStyle::Menu
        || ty
            .options
            .iter()
            .any(|o| !VARIABLE_TYPES.contains(&o.as_str()))
    {
        return Err(format!(
            "variable: the type parameter {} must be a menu of {}",
            ty.name,
            VARIABLE_TYPES.join(", ")
        ));
    }
    Ok(VariableDef {
        role,
        name_param: name.name.clone(),
        type_param: ty.name.clone(),
    })
}

/// Each code block checked before naga sees it (control characters, nesting
/// deep enough to overflow naga's parser), and the function block for the
/// function every ROP must define: without these, the error would surface
/// in the stitched shader, blamed on another file.
fn check_blocks(blocks: &[CodeBlock]) -> Result<(), LibraryError> {
    for block in blocks {
        let problem = crate::glsl::scan(&block.text)
            .or_else(|| crate::glsl::expanded_size(&block.text, limits::GLSL_STATEMENT_TOKENS));
        if let Some(p) = problem {
            return Err(LibraryError {
                file: block.path.clone(),
                line: block.file_line(p.line),
                col: p.col,
                message: p.message,
            });
        }
        if block.kind == BlockKind::Function && !crate::glsl::has_function(&block.text, "thismap") {
            let file = if block.at == BlockAt::File {
                "function.glsl"
            } else {
                "function:"
            };
            let what = if block.text.trim().is_empty() {
                format!("{file} is empty")
            } else {
                format!("{file} defines no function named thismap")
            };
            return Err(LibraryError::at(
                &block.path,
                block.file_line(1),
                format!(
                    "{what}: every ROP defines its function as `ReturnT thismap(CoordT p, ContextT ctx)` (see docs/writing-rops.md)"
                ),
            ));
        }
    }
    Ok(())
}

/// Names ropkit defines for every node (`<node>_CoordT`, ...), and prefixes
/// of those it defines per type and input (`<node>_COORD_TYPE_vec3`, ...).
const RESERVED_NAMES: [&str; 5] = ["CoordT", "ContextT", "ReturnT", "MAT", "VAR"];
const RESERVED_PREFIXES: [&str; 4] = ["COORD_TYPE_", "CONTEXT_TYPE_", "RETURN_TYPE_", "HAS_INPUT_"];

/// The macro names (after `<node>_`) a parameter makes: its own, one per
/// component (`Sizex`), one per menu option and the index (`Axis_y`,
/// `Axis_INDEX`), `_on` for a toggle.
fn param_macro_names(p: &ParamDef) -> Vec<String> {
    let mut v = vec![p.name.clone()];
    for suffix in p.style.component_suffixes() {
        v.push(format!("{}{suffix}", p.name));
    }
    if p.style == ParamStyle::Menu {
        for o in &p.options {
            v.push(format!("{}_{o}", p.name));
        }
        v.push(format!("{}_INDEX", p.name));
    }
    if p.style == ParamStyle::Toggle {
        v.push(format!("{}_on", p.name));
    }
    v
}

/// Refuses a parameter, texture or macro-table name whose macro would
/// collide with one ropkit generates for the node (`CoordT`, `Sizex` beside
/// an xyz `Size`, `Axis_y` beside a menu `Axis` with option `y`): naga would
/// reject the stitched shader, far from the `rop.yaml` line that caused it.
fn check_names(
    params: &[ParamDef],
    textures: &[TextureDef],
    macros: &[MacroRow],
    global_macros: &[MacroRow],
    src: &Src,
) -> Result<(), LibraryError> {
    let yaml_path = src.path;
    let reserved = |name: &str| {
        RESERVED_NAMES.contains(&name) || RESERVED_PREFIXES.iter().any(|p| name.starts_with(p))
    };
    let reserved_note = "ropkit defines CoordT, ContextT, ReturnT, MAT, VAR, COORD_TYPE_*, CONTEXT_TYPE_*, RETURN_TYPE_* and HAS_INPUT_* for every node";
    // Generated name -> what makes it.
    let mut made: BTreeMap<String, String> = BTreeMap::new();
    for p in params {
        let line = src.line(&format!("name: {}", p.name));
        for name in param_macro_names(p) {
            let fail = |m: String| {
                Err(LibraryError::at(
                    yaml_path,
                    line,
                    format!("parameter {}: {m}", p.name),
                ))
            };
            if reserved(&name) {
                return fail(format!(
                    "its macro THIS_{name} is a name ropkit generates ({reserved_note})"
                ));
            }
            if let Some(owner) = made.get(&name) {
                return fail(format!(
                    "its macro THIS_{name} is also made by {owner}: rename one of them"
                ));
            }
            made.insert(name, format!("parameter {}", p.name));
        }
    }
    for t in textures {
        // A texture named after its own parameter makes the same macro with the same value.
        if matches!(&t.source, TextureSource::Param(p) if *p == t.name) {
            continue;
        }
        let fail = |m: String| {
            Err(LibraryError::at(
                yaml_path,
                src.line(&t.name),
                format!("texture {}: {m}", t.name),
            ))
        };
        if !is_identifier(&t.name) {
            return fail("texture names are identifiers, like Image".into());
        }
        if reserved(&t.name) {
            return fail(format!(
                "its macro THIS_{} is a name ropkit generates ({reserved_note})",
                t.name
            ));
        }
        if let Some(owner) = made.get(&t.name) {
            return fail(format!(
                "its macro THIS_{} is also made by {owner}: rename one of them",
                t.name
            ));
        }
        made.insert(t.name.clone(), format!("texture {}", t.name));
    }
    for (table, rows) in [("macros", macros), ("globalMacros", global_macros)] {
        for (ri, row) in rows.iter().enumerate() {
            let Some(name) = row
                .cells
                .get(1)
                .and_then(|c| c.as_deref())
                .and_then(literal_this_name)
            else {
                continue;
            };
            let owner = if reserved(name) {
                format!("ropkit itself ({reserved_note})")
            } else if let Some(owner) = made.get(name) {
                owner.clone()
            } else {
                continue;
            };
            return Err(LibraryError::at(
                yaml_path,
                row.line,
                format!(
                    "{table} row {}: THIS_{name} is also a macro made by {owner}: rename one of them",
                    ri + 1
                ),
            ));
        }
    }
    Ok(())
}

/// The name after `THIS_` of a macro-table name cell written out as a
/// name (`THIS_FOO`, `THIS_FOO 3`, `'THIS_FOO'`); `None` for expressions.
fn literal_this_name(cell: &str) -> Option<&str> {
    let t = cell.trim();
    let t = match t.as_bytes().first() {
        Some(q @ (b'\'' | b'"')) if t.len() >= 2 && t.ends_with(*q as char) => &t[1..t.len() - 1],
        _ => t,
    };
    let first = t.split_whitespace().next()?;
    let rest = &t[first.len()..];
    let name = first.strip_prefix("THIS_")?;
    (is_identifier(name) && !rest.trim_start().starts_with('(')).then_some(name)
}

fn macro_rows(
    rows: &[Vec<Yaml>],
    lines: &[usize],
    file: &Path,
) -> Result<Vec<MacroRow>, LibraryError> {
    let mut out = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        let line = lines.get(i).copied().unwrap_or(1);
        if row.is_empty() || row.len() > 3 {
            return Err(LibraryError::at(
                file,
                line,
                format!("macro row {}: needs 1 to 3 cells", i + 1),
            ));
        }
        let mut cells = Vec::new();
        for cell in row {
            cells.push(match cell {
                Yaml::Null => None,
                Yaml::Bool(b) => Some(if *b { "True".into() } else { "False".into() }),
                Yaml::Number(n) => Some(n.to_string()),
                Yaml::String(s) if s.trim().is_empty() => None,
                // A cell's text can reach the shader as it is: a NUL there
                // would break the whole shader, far from this row.
                Yaml::String(s) if s.chars().any(|c| c.is_control() && c != '\t') => {
                    return Err(LibraryError::at(
                        file,
                        line,
                        format!("macro row {}: a cell holds a control character", i + 1),
                    ));
                }
                Yaml::String(s) => Some(s.clone()),
                _ => {
                    return Err(LibraryError::at(
                        file,
                        line,
                        format!(
                            "macro row {}: cells are expression text, numbers or booleans",
                            i + 1
                        ),
                    ));
                }
            });
        }
        // A row with one cell is just a name.
        if cells.len() == 1 {
            cells.insert(0, None);
        }
        out.push(MacroRow { cells, line });
    }
    Ok(out)
}
