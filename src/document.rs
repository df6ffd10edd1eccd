//! A network being edited, with no GPU: the network, the library it is
//! checked against (shared by `Arc` with every thread, every Python
//! `Network` and every worker), and the state built from it (the last good
//! build, or why the last attempt failed). A [`Document`] is `Send + Sync`
//! and counts its revisions; the GPU side ([`crate::session`]) draws it.
//!
//! What an edit must redo is decided here, and only here
//! ([`Document::change`]): a new shader when the structure, the library or
//! the build mode changed, otherwise only new parameter values.

use crate::build::{BuildError, BuildOptions, Built, build};
use crate::generate::structure_key;
use crate::library::Library;
use crate::network::{EditError, Network, NetworkError};
use crate::project::Project;
use crate::value::ParamValue;
use std::sync::Arc;

/// Why a document has no (new) picture.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum LiveError {
    #[error(transparent)]
    Network(#[from] NetworkError),
    #[error(transparent)]
    Build(#[from] BuildError),
    /// The GPU refused what was built (pipeline creation, an upload).
    #[cfg(feature = "gpu")]
    #[error(transparent)]
    Render(#[from] crate::render::RenderError),
    #[error(transparent)]
    Edit(#[from] EditError),
}

impl LiveError {
    /// The node the error is about, when there is one.
    pub fn node(&self) -> Option<String> {
        match self {
            LiveError::Network(e) => e.node.clone(),
            LiveError::Build(e) => e.node(),
            _ => None,
        }
    }
}

/// What edits have cost so far.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LiveStats {
    pub shader_builds: u64,
    pub failed_builds: u64,
    pub param_updates: u64,
}

/// What bringing a document's build up to date takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Change {
    /// Only the uniform values are new (or nothing is).
    Values,
    /// The shader must be built again.
    Shader,
}

pub struct Document {
    pub project: Project,
    pub lib: Arc<Library>,
    pub net: Network,
    /// The last build that succeeded.
    pub built: Option<Arc<Built>>,
    /// The error of the last attempt, if it failed.
    pub error: Option<LiveError>,
    /// How the shader is built: its mode is `Render` for pictures (the
    /// default), `Data` for raw float buffers. Changing any option
    /// rebuilds on the next update.
    pub options: BuildOptions,
    pub stats: LiveStats,
    /// Bumped by every change made through the document's methods.
    revision: u64,
    /// What the last attempt was built from: the structure key and the
    /// library (a reloaded library is a new `Arc`, and always rebuilds).
    key: String,
    key_lib: Option<Arc<Library>>,
}

impl Document {
    /// A network with its library, not built yet.
    pub fn new(project: Project, lib: impl Into<Arc<Library>>, net: Network) -> Document {
        Document {
            project,
            lib: lib.into(),
            net,
            built: None,
            error: None,
            options: BuildOptions::default(),
            stats: LiveStats::default(),
            revision: 1,
            key: String::new(),
            key_lib: None,
        }
    }

    /// Counts the changes made through [`Document::edit`] and the other
    /// methods that change the network or the library.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// Changes the network (or anything else) and counts a revision.
    pub fn edit<R>(&mut self, f: impl FnOnce(&mut Network) -> R) -> R {
        self.revision += 1;
        f(&mut self.net)
    }

    /// Counts a revision for changes made to the fields directly; returns it.
    pub fn commit(&mut self) -> u64 {
        self.revision += 1;
        self.revision
    }

    /// Takes another revision of the same document (from the thread that
    /// edits it): its network, library and revision number.
    pub fn take_revision(&mut self, net: Network, lib: Arc<Library>, revision: u64) {
        self.net = net;
        self.lib = lib;
        self.revision = revision;
    }

    /// Uses another library (it was read again).
    pub fn set_library(&mut self, lib: Arc<Library>) {
        self.revision += 1;
        self.lib = lib;
    }

    /// The one place that decides what the current network needs.
    pub fn change(&self) -> Change {
        let same_lib = self
            .key_lib
            .as_ref()
            .is_some_and(|l| Arc::ptr_eq(l, &self.lib));
        let mode_changed = self
            .built
            .as_ref()
            .is_some_and(|b| b.options != self.options);
        if self.built.is_none()
            || mode_changed
            || !same_lib
            || structure_key(&self.net, &self.lib) != self.key
        {
            Change::Shader
        } else {
            Change::Values
        }
    }

    /// Stitches and compiles the network as it now is (nothing is kept).
    pub fn compile(&self) -> Result<Built, BuildError> {
        build(&self.lib, &self.net, &self.options)
    }

    /// Records an attempt at building the current network: the build in
    /// use, or the error (the last good build stays in use).
    pub fn record(&mut self, attempt: Result<Arc<Built>, LiveError>) -> Result<(), LiveError> {
        self.stats.shader_builds += 1;
        self.key = structure_key(&self.net, &self.lib);
        self.key_lib = Some(self.lib.clone());
        match attempt {
            Ok(built) => {
                self.built = Some(built);
                self.error = None;
                Ok(())
            }
            Err(e) => {
                self.stats.failed_builds += 1;
                self.error = Some(e.clone());
                Err(e)
            }
        }
    }

    /// Records an update that needed no build.
    pub fn record_values(&mut self) {
        self.stats.param_updates += 1;
    }

    /// Brings the build up to date, with no GPU: a build when the shader
    /// must change, else nothing but the count.
    pub fn update(&mut self) -> Result<Change, LiveError> {
        let change = self.change();
        match change {
            Change::Shader => {
                let attempt = self.compile().map(Arc::new).map_err(LiveError::from);
                self.record(attempt)?;
            }
            Change::Values => self.record_values(),
        }
        Ok(change)
    }

    /// Sets one parameter, checked as every edit is ([`Network::set_value`]).
    pub fn set_param(
        &mut self,
        node: &str,
        param: &str,
        value: ParamValue,
    ) -> Result<(), EditError> {
        let lib = self.lib.clone();
        self.edit(|net| net.set_value(&lib, node, param, value))
    }

    /// The current parameter values of the build in use, for the uniform buffer.
    pub fn param_values(&self) -> Option<Vec<[f32; 4]>> {
        self.built
            .as_ref()
            .map(|b| b.shader.param_values(&self.net, &self.lib))
    }

    /// Reads what changed on disk and checks the network against the
    /// library, without building. A failure is kept in `error` too.
    pub fn reload_files(&mut self, library: bool, network: bool) -> Result<(), LiveError> {
        if library {
            self.set_library(Arc::new(self.project.load_library()));
        }
        let checked = if network {
            self.revision += 1;
            Network::load(&self.net.file, &self.lib).map(|net| self.net = net)
        } else {
            self.net.check(&self.lib).map_err(|e| {
                let line = e
                    .node()
                    .and_then(|n| self.net.lines.get(n))
                    .copied()
                    .unwrap_or(1);
                NetworkError::new(
                    &self.net.file,
                    line,
                    e.node().map(str::to_string),
                    e.to_string(),
                )
            })
        };
        if let Err(e) = checked {
            let e = LiveError::Network(e);
            self.error = Some(e.clone());
            self.stats.failed_builds += 1;
            return Err(e);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn assert_send_sync<T: Send + Sync>() {}

    #[test]
    fn a_document_crosses_threads() {
        assert_send_sync::<Document>();
        assert_send_sync::<Arc<Built>>();
    }
}
