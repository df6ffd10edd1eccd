//! Stage 1: load ROP folders (`rops/<category>/<name>/rop.yaml` plus code
//! blocks) and the GLSL files of `shaders/` into a [`Library`].
//!
//! Loading never stops at the first broken folder: good ROPs are kept and
//! each broken one is recorded with its error, so one typo does not take the
//! whole palette away.

use crate::types::{ContextType, CoordType, ParamStyle, ReturnType, parse_type_list};
use crate::value::ParamValue;
use serde::Deserialize;
use serde_yaml_ng::Value as Yaml;
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
    fn at(file: &Path, line: usize, message: impl Into<String>) -> Self {
        LibraryError {
            file: file.to_path_buf(),
            line,
            col: 1,
            message: message.into(),
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

/// One code block file of a ROP folder.
#[derive(Debug, Clone)]
pub struct CodeBlock {
    pub kind: BlockKind,
    pub path: PathBuf,
    pub text: String,
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

/// Everything ropkit knows about one ROP type.
#[derive(Debug, Clone)]
pub struct RopDef {
    pub name: String,
    pub category: String,
    pub description: String,
    pub keywords: Vec<String>,
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
    pub blocks: Vec<CodeBlock>,
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
#[derive(Debug, Clone, Default)]
pub struct Library {
    pub rops: BTreeMap<String, RopDef>,
    /// Keyed by the name relative to `shaders/`, e.g. `sdf.glsl` or `templates/main3d.glsl`.
    pub shaders: BTreeMap<String, ShaderFile>,
    pub broken: Vec<LibraryError>,
    /// The folders the library was read from (ROP roots first, then the shader folder).
    pub rop_roots: Vec<PathBuf>,
    pub shader_root: PathBuf,
    /// Every identifier the GLSL of the library uses (locals included): a node
    /// named like one of them would be shadowed inside some ROP's code.
    pub code_words: std::collections::BTreeSet<String>,
}

impl Library {
    /// Reads every ROP folder below each of `rop_roots` and every `.glsl`
    /// file below `shader_root`. Later roots may not redefine a ROP name.
    pub fn load(rop_roots: &[PathBuf], shader_root: &Path) -> Library {
        let mut lib = Library {
            rop_roots: rop_roots.to_vec(),
            shader_root: shader_root.to_path_buf(),
            ..Default::default()
        };
        for root in rop_roots {
            let mut dirs = Vec::new();
            if let Err(e) = find_rop_dirs(root, &mut dirs, 0) {
                lib.broken.push(LibraryError::at(
                    root,
                    1,
                    format!("cannot read ROP folder: {e}"),
                ));
            }
            for dir in dirs {
                match load_rop(&dir) {
                    Ok(def) => {
                        if let Some(prev) = lib.rops.get(&def.name) {
                            let msg = format!(
                                "ROP name '{}' is already defined by {}",
                                def.name,
                                prev.yaml_path.display()
                            );
                            lib.broken.push(LibraryError::at(&def.yaml_path, 1, msg));
                        } else {
                            lib.rops.insert(def.name.clone(), def);
                        }
                    }
                    Err(e) => lib.broken.push(e),
                }
            }
        }
        for def in lib.rops.values() {
            for block in &def.blocks {
                collect_words(&block.text, &mut lib.code_words);
            }
        }
        let mut files = Vec::new();
        if let Err(e) = find_files(shader_root, "glsl", &mut files, 0) {
            lib.broken.push(LibraryError::at(
                shader_root,
                1,
                format!("cannot read shader folder: {e}"),
            ));
        }
        for path in files {
            let key = path
                .strip_prefix(shader_root)
                .unwrap_or(&path)
                .to_string_lossy()
                .replace('\\', "/");
            match std::fs::read_to_string(&path) {
                Ok(text) => {
                    collect_words(&text, &mut lib.code_words);
                    lib.shaders.insert(key, ShaderFile { path, text });
                }
                Err(e) => lib
                    .broken
                    .push(LibraryError::at(&path, 1, format!("cannot read: {e}"))),
            }
        }
        lib
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

    /// Every path the library was read from: what a watcher should watch.
    pub fn watch_roots(&self) -> Vec<PathBuf> {
        let mut roots = self.rop_roots.clone();
        roots.push(self.shader_root.clone());
        roots
    }
}

/// Adds the identifiers of GLSL text (comments skipped) to `words`.
fn collect_words(text: &str, words: &mut std::collections::BTreeSet<String>) {
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

/// The entries of a folder in name order, so loading is deterministic.
fn sorted_entries(dir: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)?
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .collect();
    entries.sort();
    Ok(entries)
}

fn find_rop_dirs(dir: &Path, out: &mut Vec<PathBuf>, depth: usize) -> std::io::Result<()> {
    if depth > 6 {
        return Ok(());
    }
    if dir.join("rop.yaml").is_file() {
        out.push(dir.to_path_buf());
        return Ok(());
    }
    for path in sorted_entries(dir)? {
        if path.is_dir()
            && !path
                .file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with('.'))
        {
            find_rop_dirs(&path, out, depth + 1)?;
        }
    }
    Ok(())
}

fn find_files(dir: &Path, ext: &str, out: &mut Vec<PathBuf>, depth: usize) -> std::io::Result<()> {
    if depth > 6 {
        return Ok(());
    }
    for path in sorted_entries(dir)? {
        if path.is_dir() {
            find_files(&path, ext, out, depth + 1)?;
        } else if path.extension().is_some_and(|e| e == ext) {
            out.push(path);
        }
    }
    Ok(())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct RopYaml {
    name: String,
    #[serde(default)]
    category: Option<String>,
    #[serde(default)]
    description: String,
    #[serde(default)]
    keywords: Vec<String>,
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
struct TextureYaml {
    name: String,
    #[serde(default)]
    param: Option<String>,
    #[serde(default)]
    path: Option<String>,
}

/// Line, column and message of a YAML error (serde_yaml repeats the
/// position at the end of its message; it is dropped there).
pub(crate) fn yaml_error(e: &serde_yaml_ng::Error) -> (usize, usize, String) {
    let (line, col) = e
        .location()
        .map(|l| (l.line(), l.column()))
        .unwrap_or((1, 1));
    let message = e.to_string();
    let message = message
        .split(" at line ")
        .next()
        .unwrap_or(&message)
        .to_string();
    (line, col, message)
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

fn load_rop(dir: &Path) -> Result<RopDef, LibraryError> {
    let yaml_path = dir.join("rop.yaml");
    let text = std::fs::read_to_string(&yaml_path)
        .map_err(|e| LibraryError::at(&yaml_path, 1, format!("cannot read: {e}")))?;
    let raw: RopYaml = serde_yaml_ng::from_str(&text).map_err(|e| {
        let (line, col, message) = yaml_error(&e);
        LibraryError {
            file: yaml_path.clone(),
            line,
            col,
            message,
        }
    })?;
    let err = |needle: &str, message: String| {
        LibraryError::at(&yaml_path, line_of(&text, needle), message)
    };

    if !is_identifier(&raw.name) {
        return Err(err(
            "name:",
            format!("ROP name '{}' must be a GLSL-style identifier", raw.name),
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

    let macros = macro_rows(&raw.macros, &row_lines(&text, "macros"), &yaml_path)?;
    let global_macros = macro_rows(
        &raw.global_macros,
        &row_lines(&text, "globalMacros"),
        &yaml_path,
    )?;

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
            (None, Some(p)) => TextureSource::Path(p.clone()),
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

    let mut blocks = Vec::new();
    for kind in BlockKind::ALL {
        let path = dir.join(kind.file_name());
        match std::fs::read_to_string(&path) {
            Ok(text) => blocks.push(CodeBlock { kind, path, text }),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
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

    let category = raw.category.clone().unwrap_or_else(|| {
        dir.parent()
            .and_then(|p| p.file_name())
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default()
    });
    Ok(RopDef {
        name: raw.name,
        category,
        description: raw.description,
        keywords: raw.keywords,
        dir: dir.to_path_buf(),
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
        blocks,
    })
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
