//! The compiler pipeline run end to end: network → resolve → generate → compile.

use crate::compile::{CompileError, Compiled, compile};
use crate::data::{DataFiles, Files};
use crate::generate::{GenerateError, Shader, generate, named_files};
use crate::library::Library;
use crate::location::Location;
use crate::network::{Network, NetworkError};
pub use crate::options::BuildOptions;
use crate::resolve::{Resolution, ResolveError, resolve};
use std::fmt;
use std::path::{Path, PathBuf};

/// Any error of the pipeline, printable as `path:line:col: message (node ...)`.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum BuildError {
    #[error(transparent)]
    Network(#[from] NetworkError),
    #[error("{}:{line}:1: {error}", file.display())]
    Resolve {
        file: PathBuf,
        line: usize,
        error: ResolveError,
    },
    #[error(transparent)]
    Generate(#[from] GenerateError),
    #[error(transparent)]
    Compile(#[from] CompileError),
}

impl BuildError {
    /// The node the error is about, when there is one.
    pub fn node(&self) -> Option<String> {
        match self {
            BuildError::Network(e) => e.node.clone(),
            BuildError::Resolve { error, .. } => Some(error.node.clone()),
            BuildError::Generate(GenerateError::Macro { node, .. }) => Some(node.clone()),
            BuildError::Generate(_) => None,
            BuildError::Compile(e) => e.diagnostics.iter().find_map(|d| d.node.clone()),
        }
    }

    /// The message as the CLI prints it: `path:line:col: message` first,
    /// then, for GLSL errors, the ROP's own lines with the error marked.
    pub fn report(&self) -> String {
        match self {
            BuildError::Compile(e) => format!("{self}\n{}", e.snippets()),
            _ => self.to_string(),
        }
    }
}

/// One located problem of a build, as a caller outside the CLI wants it:
/// where it is (a ROP file, the network, or no file for generated text),
/// the node and the message without the location prefix.
#[derive(Debug, Clone, PartialEq)]
pub struct Located {
    pub at: Location,
    pub node: Option<String>,
    pub message: String,
}

impl BuildError {
    /// Every problem the error holds (a GLSL error may hold several), located.
    pub fn locations(&self) -> Vec<Located> {
        let one = |at: Location, node: Option<String>, message: &str| {
            vec![Located {
                at,
                node,
                message: message.to_string(),
            }]
        };
        match self {
            BuildError::Network(e) => one(e.at.clone(), e.node.clone(), &e.message),
            BuildError::Resolve { file, line, error } => one(
                Location::new(file, *line, 1),
                Some(error.node.clone()),
                &error.message,
            ),
            BuildError::Generate(GenerateError::Macro {
                file,
                line,
                node,
                message,
            }) => one(Location::new(file, *line, 1), Some(node.clone()), message),
            BuildError::Generate(GenerateError::Library { file, message }) => {
                one(Location::new(file, 1, 1), None, message)
            }
            BuildError::Generate(GenerateError::Other { message }) => {
                let generated = Location {
                    file: None,
                    line: 1,
                    col: 1,
                };
                one(generated, None, message)
            }
            BuildError::Compile(e) => e
                .diagnostics
                .iter()
                .map(|d| Located {
                    at: Location {
                        file: d.file.clone(),
                        line: if d.file.is_some() {
                            d.line
                        } else {
                            d.generated_line
                        },
                        col: d.col,
                    },
                    node: d.node.clone(),
                    message: d.message.clone(),
                })
                .collect(),
        }
    }
}

/// Everything one build produces.
#[derive(Debug)]
pub struct Built {
    pub resolution: Resolution,
    pub shader: Shader,
    /// naga's module of the shader, unless the options said not to compile.
    pub compiled: Option<Compiled>,
    /// What the build was asked to do (exports build again from these).
    pub options: BuildOptions,
}

impl Built {
    /// naga's module, or why there is none (a build with `compile: false`).
    pub fn compiled(&self) -> Result<&Compiled, BuildError> {
        self.compiled.as_ref().ok_or_else(|| {
            BuildError::Generate(GenerateError::Other {
                message: format!(
                    "the {:?} shader was stitched without compiling it",
                    self.options.mode
                ),
            })
        })
    }
}

impl fmt::Display for Built {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} nodes, {} lines",
            self.resolution.nodes.len(),
            self.shader.glsl.lines().count()
        )
    }
}

/// The compiler pipeline for a loaded network, as `options` ask: resolve,
/// read the files its data parameters name, generate, and (unless told not
/// to) compile with naga. The one entry point: every front end, export and
/// benchmark builds through here.
pub fn build(lib: &Library, net: &Network, options: &BuildOptions) -> Result<Built, BuildError> {
    // Bypassed nodes pass their first input through.
    let net = &*net.with_bypass_applied();
    let resolution = resolve(lib, net).map_err(|error| BuildError::Resolve {
        file: net.file.clone(),
        line: net.lines.get(&error.node).copied().unwrap_or(1),
        error,
    })?;
    let files = data_files(lib, net, &resolution);
    let shader = generate(lib, net, &resolution, &files, options)?;
    let compiled = if options.compile {
        Some(compile(&shader)?)
    } else {
        None
    };
    Ok(Built {
        resolution,
        shader,
        compiled,
        options: *options,
    })
}

/// Reads the files the network's data parameters name (point lists, fonts)
/// where textures are looked up: the network's folder, its project
/// folder, then the built-in assets. Errors are kept for the generator to
/// report at the node.
fn data_files(lib: &Library, net: &Network, res: &Resolution) -> DataFiles {
    let mut files = DataFiles::default();
    let wanted = named_files(lib, net, res);
    if wanted.is_empty() {
        return files;
    }
    let dirs = Files {
        dirs: crate::project::Project::embedded(Path::new("")).asset_dirs(&net.file),
    };
    for (rel, limit) in wanted {
        files.read_from(&dirs, &rel, limit);
    }
    files
}
