//! The builds the formats are written from ([`Source`]), each made once
//! for a network however many formats are written from it. This is the one
//! place the export calls the build pipeline.

use super::{DataCarry, ExportError, Format, FormatInfo, Source, names};
use crate::build::{BuildError, Built};
use crate::generate::{Mode, Shader, Warning};
use crate::library::Library;
use crate::network::Network;
use crate::options::BuildOptions;
use std::cell::OnceCell;
use std::path::PathBuf;

/// Writes the formats of one network, building what each needs once: a
/// command that writes one format builds one shader; the conformance test
/// that writes every format builds each [`Source`] once.
pub struct Exporter<'a> {
    pub(super) net: &'a Network,
    pub(super) lib: &'a Library,
    pub(super) asset_dirs: Vec<PathBuf>,
    /// The caller's build, used as it is where it can be.
    given: Option<&'a Built>,
    /// What every build is asked to do (each source in its own mode).
    options: BuildOptions,
    layout: OnceCell<Result<Built, ExportError>>,
    shadertoy: OnceCell<Result<Built, ExportError>>,
    engine: OnceCell<Result<Built, ExportError>>,
    web: OnceCell<Result<Built, ExportError>>,
}

impl<'a> Exporter<'a> {
    /// For a network nothing was built from yet.
    pub fn new(net: &'a Network, lib: &'a Library) -> Self {
        Exporter {
            net,
            lib,
            asset_dirs: super::html::default_asset_dirs(net),
            given: None,
            options: BuildOptions::default(),
            layout: OnceCell::new(),
            shadertoy: OnceCell::new(),
            engine: OnceCell::new(),
            web: OnceCell::new(),
        }
    }

    /// For a network already built (`built`, of `net`): the layout-bound
    /// formats are written from it unless it folds transforms.
    pub fn from_build(built: &'a Built, net: &'a Network, lib: &'a Library) -> Self {
        Exporter {
            given: Some(built),
            options: built.options,
            ..Exporter::new(net, lib)
        }
    }

    /// Builds with `options` (their mode is the layout's build's; each
    /// other source builds in its own).
    pub fn with_options(mut self, options: BuildOptions) -> Self {
        self.options = options;
        self
    }

    /// Texture files are looked up in `dirs` (first match wins; the
    /// built-in assets after them).
    pub fn with_asset_dirs(mut self, dirs: Vec<PathBuf>) -> Self {
        self.asset_dirs = dirs;
        self
    }

    /// The build of the layout-bound formats: the caller's, or one whose
    /// transforms stay apart (a folded run's composed map is a slot only
    /// ropkit's renderer computes at each upload, which no other program
    /// filling the layout would).
    pub fn layout(&self) -> Result<&Built, ExportError> {
        if let Some(b) = self.given
            && b.shader.folds.is_empty()
        {
            return Ok(b);
        }
        self.layout
            .get_or_init(|| make(self.lib, self.net, Source::Layout, self.options))
            .as_ref()
            .map_err(Clone::clone)
    }

    /// The Shadertoy pass, stitched.
    pub fn shadertoy(&self) -> Result<&Shader, ExportError> {
        self.shadertoy
            .get_or_init(|| make(self.lib, self.net, Source::Shadertoy, self.options))
            .as_ref()
            .map(|b| &b.shader)
            .map_err(Clone::clone)
    }

    /// The engines' build.
    pub fn engine(&self) -> Result<&Built, ExportError> {
        self.engine
            .get_or_init(|| make(self.lib, self.net, Source::Engine, self.options))
            .as_ref()
            .map_err(Clone::clone)
    }

    /// The web page's build.
    pub fn web(&self) -> Result<&Built, ExportError> {
        self.web
            .get_or_init(|| make(self.lib, self.net, Source::Web, self.options))
            .as_ref()
            .map_err(Clone::clone)
    }

    /// A shader already built for the network, of any source: what the
    /// network uses (textures, volumes) is the same in each.
    pub(super) fn any_shader(&self) -> Option<&Shader> {
        self.given
            .map(|b| &b.shader)
            .or_else(|| ok(&self.layout).map(|b| &b.shader))
            .or_else(|| ok(&self.engine).map(|b| &b.shader))
            .or_else(|| ok(&self.web).map(|b| &b.shader))
            .or_else(|| ok(&self.shadertoy).map(|b| &b.shader))
    }

    /// Why a format that takes the data parameters as constants in the
    /// code cannot hold this network's, naming the nodes whose data it is
    /// and what to do; `None` when the data fits (or there is none).
    pub fn data_refusal(&self, info: &FormatInfo) -> Option<ExportError> {
        if info.data != DataCarry::Constants {
            return None;
        }
        // The texels, from the build that binds them as a texture.
        let built = self.layout().ok()?;
        let texels = &built.shader.data;
        if texels.is_empty() {
            return None;
        }
        let n = texels.len();
        let reason = match crate::data::inline_glsl(texels) {
            None => format!(
                "more than the {} texels a constant array in the code may hold (DATA_INLINE_TEXELS)",
                crate::limits::DATA_INLINE_TEXELS
            ),
            // A Shadertoy pass is not compiled here: only the count limits it.
            Some(_) => return None,
        };
        Some(ExportError::Data {
            format: info.name,
            nodes: data_nodes(built, self.net, self.lib),
            texels: n,
            reason,
            instead: names(|f| f.data == DataCarry::Texture && f.format != Format::Json),
        })
    }

    /// The data texture an engine format reads (the data parameters'
    /// texels, as the file the engine loads: see [`super::engines::data`]),
    /// to be written next to the shader; `None` for a format that takes no
    /// such file, or a network without data parameters.
    pub fn data_texture(&self, format: Format) -> Result<Option<super::DataFile>, ExportError> {
        if super::engines::data::extension(format).is_none() {
            return Ok(None);
        }
        let built = self.engine()?;
        if !built.shader.textures.iter().any(|t| t.data) {
            return Ok(None);
        }
        Ok(super::engines::data::file(&built.shader.data, format))
    }

    /// What the builds made so far found worth telling, each once.
    pub fn warnings(&self) -> Vec<Warning> {
        let mut out: Vec<Warning> = Vec::new();
        let shaders = [
            self.given.map(|b| &b.shader),
            ok(&self.layout).map(|b| &b.shader),
            ok(&self.shadertoy).map(|b| &b.shader),
            ok(&self.engine).map(|b| &b.shader),
            ok(&self.web).map(|b| &b.shader),
        ];
        for w in shaders.into_iter().flatten().flat_map(|s| &s.warnings) {
            if !out.contains(w) {
                out.push(w.clone());
            }
        }
        out
    }
}

/// The nodes with data parameters: `node /title (text: Text)`, ...
pub(super) fn data_nodes(built: &Built, net: &Network, lib: &Library) -> String {
    let mut out = Vec::new();
    for n in &built.resolution.nodes {
        let Some(def) = net.nodes.get(&n.path).and_then(|node| node.def(lib)) else {
            continue;
        };
        let params: Vec<&str> = def
            .params
            .iter()
            .filter(|p| p.style.is_data())
            .map(|p| p.name.as_str())
            .collect();
        if !params.is_empty() {
            out.push(format!(
                "node {} (ROP {}: {})",
                n.path,
                n.rop,
                params.join(", ")
            ));
        }
    }
    out.join("; ")
}

/// What a cell holds, if it was made and succeeded.
fn ok<T>(cell: &OnceCell<Result<T, ExportError>>) -> Option<&T> {
    cell.get().and_then(|r| r.as_ref().ok())
}

/// The one call into the build pipeline, for each source: `options` in
/// the source's mode (the layout's build keeps their mode, with transforms
/// kept apart), and its error as the export reports it.
fn make(
    lib: &Library,
    net: &Network,
    source: Source,
    options: BuildOptions,
) -> Result<Built, ExportError> {
    let options = match source {
        Source::Layout => options.for_export(),
        Source::Shadertoy => options.with_mode(Mode::Shadertoy),
        Source::Engine => options.with_mode(Mode::Engine),
        Source::Web => options.with_mode(Mode::Web),
    };
    crate::build::build(lib, net, &options).map_err(|e: BuildError| ExportError::Build {
        from: source,
        error: Box::new(e),
    })
}
