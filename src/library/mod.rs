//! Stage 1: load ROP folders (`rops/<category>/<name>/rop.yaml` plus code
//! blocks) and the GLSL files of `shaders/` into a [`Library`], from the
//! folders on disk or from the copy embedded in the program ([`source`]).
//!
//! Loading never stops at the first broken folder: good ROPs are kept and
//! each broken one is recorded with its error, so one typo does not take the
//! whole palette away.

mod defs;
mod include;
mod rop_yaml;
pub mod source;
mod validate;

pub use defs::*;
pub use include::TEMPLATE_DIR;
pub(crate) use rop_yaml::line_of;
use rop_yaml::*;
pub use source::{Builtin, Origin, Sources};
use validate::*;

use crate::limits;
use crate::location::Location;
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
#[error("{at}: {message}")]
pub struct LibraryError {
    pub at: Location,
    pub message: String,
}

impl LibraryError {
    /// Messages may quote the file: they are cut to a readable length.
    fn at(file: &Path, line: usize, message: impl Into<String>) -> Self {
        LibraryError {
            at: Location::new(file, line, 1),
            message: crate::value::cut_message(&message.into()),
        }
    }
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
    /// Every identifier the shader library's GLSL uses: a node named like
    /// one of them would clash with it. (The words of each ROP's own code
    /// are gathered per build, from the ROPs the network uses.)
    pub shader_words: std::collections::BTreeSet<String>,
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
            shader_words: Default::default(),
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
                            at: Location::new(&path, p.line, p.col),
                            message: p.message,
                        });
                        continue;
                    }
                    collect_words(&text, &mut lib.shader_words);
                    lib.shaders.insert(key, ShaderFile::new(path, text));
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
            let file = e.at.path();
            file.parent()
                .and_then(|d| d.file_name())
                .is_some_and(|d| d == name)
                || file.file_name().is_some_and(|d| d == name)
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
    for word in crate::glsl::lex::identifiers(text) {
        if !word.contains("THIS") {
            words.insert(word.to_string());
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
        at: Location::new(&yaml_path, e.line, e.col),
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
                Ok(Some(text)) => blocks.push(CodeBlock::new(kind, path, text, BlockAt::File)),
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
    let site = DefSite {
        name,
        category,
        src: &src,
        dir: dir.path(),
        origin,
        shaders,
        shader_root,
    };
    build_def(raw, site, read_blocks)
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
            blocks.push(CodeBlock::new(
                kind,
                file.to_path_buf(),
                text,
                block_at(node_text, key, first_line),
            ));
        }
        Ok(blocks)
    };
    let shader_root = lib.shader_root();
    let site = DefSite {
        name,
        category,
        src: &src,
        dir: file.parent().map(Path::to_path_buf).unwrap_or_default(),
        origin: Origin::Folder(file.to_path_buf()),
        shaders: &lib.shaders,
        shader_root: &shader_root,
    };
    build_def(raw, site, read_blocks)
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
