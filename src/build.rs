//! The compiler pipeline run end to end: network → resolve → generate → compile.

use crate::compile::{CompileError, Compiled, compile};
use crate::generate::{GenerateError, Mode, Shader, Shaping, generate_shaped};
use crate::library::Library;
use crate::location::Location;
use crate::network::{Network, NetworkError};
use crate::resolve::{Resolution, ResolveError, resolve};
use std::fmt;
use std::path::PathBuf;

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
    pub compiled: Compiled,
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

/// Resolves and generates without compiling (for export and benchmarks).
pub fn stitch(
    lib: &Library,
    net: &Network,
    mode: Mode,
) -> Result<(Resolution, Shader), BuildError> {
    stitch_shaped(lib, net, mode, Shaping::from_env())
}

/// [`stitch`], with the shape pass doing only what `shaping` allows.
pub fn stitch_shaped(
    lib: &Library,
    net: &Network,
    mode: Mode,
    shaping: Shaping,
) -> Result<(Resolution, Shader), BuildError> {
    // Bypassed nodes pass their first input through.
    let net = &*net.with_bypass_applied();
    let resolution = resolve(lib, net).map_err(|error| BuildError::Resolve {
        file: net.file.clone(),
        line: net.lines.get(&error.node).copied().unwrap_or(1),
        error,
    })?;
    let shader = generate_shaped(lib, net, &resolution, mode, shaping)?;
    Ok((resolution, shader))
}

/// [`build`] for another program, which fills the parameters slot by slot
/// as the JSON layout says: transforms stay apart (a folded run's composed
/// map is a slot only ropkit's renderer computes).
pub fn build_for_export(lib: &Library, net: &Network, mode: Mode) -> Result<Built, BuildError> {
    let shaping = Shaping {
        fold: false,
        ..Shaping::from_env()
    };
    build_shaped(lib, net, mode, shaping)
}

/// [`build`], with the shape pass doing only what `shaping` allows.
pub fn build_shaped(
    lib: &Library,
    net: &Network,
    mode: Mode,
    shaping: Shaping,
) -> Result<Built, BuildError> {
    let (resolution, shader) = stitch_shaped(lib, net, mode, shaping)?;
    let compiled = compile(&shader)?;
    Ok(Built {
        resolution,
        shader,
        compiled,
    })
}

/// The whole compiler pipeline for a loaded network.
pub fn build(lib: &Library, net: &Network, mode: Mode) -> Result<Built, BuildError> {
    let (resolution, shader) = stitch(lib, net, mode)?;
    let compiled = compile(&shader)?;
    Ok(Built {
        resolution,
        shader,
        compiled,
    })
}
