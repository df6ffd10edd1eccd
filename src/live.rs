//! A network being edited: its library, its current build and the renderer
//! that draws it. Decides per edit whether the shader must be rebuilt (the
//! structure changed) or only the uniform buffer rewritten (a parameter
//! changed). The viewer, the watcher and the tests all go through it.

use crate::build::{BuildError, Built, build};
use crate::generate::{Mode, structure_key};
use crate::library::Library;
use crate::network::{Network, NetworkError};
use crate::project::Project;
use crate::render::{RenderError, Renderer};
use crate::value::ParamValue;

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum LiveError {
    #[error(transparent)]
    Network(#[from] NetworkError),
    #[error(transparent)]
    Build(#[from] BuildError),
    #[error(transparent)]
    Render(#[from] RenderError),
    #[error(transparent)]
    Edit(#[from] crate::network::EditError),
}

impl LiveError {
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

pub struct Live {
    pub project: Project,
    pub lib: Library,
    pub net: Network,
    /// The last build that succeeded: what the renderer is drawing.
    pub built: Option<Built>,
    /// The error of the last attempt, if it failed.
    pub error: Option<LiveError>,
    pub renderer: Option<Renderer>,
    /// What the shader is built for: `Render` for pictures (the default),
    /// `Data` for raw float buffers. Changing it rebuilds on the next sync.
    pub mode: Mode,
    pub stats: LiveStats,
    key: String,
    /// Bumped whenever the picture may have changed.
    pub generation: u64,
}

impl Live {
    /// A network with its library, not built yet: the viewer's own copy,
    /// whose builds happen on its preview thread (see `viewer::worker`).
    pub fn unbuilt(project: Project, lib: Library, net: Network) -> Live {
        Live {
            project,
            lib,
            net,
            built: None,
            error: None,
            renderer: None,
            mode: Mode::Render,
            stats: LiveStats::default(),
            key: String::new(),
            generation: 0,
        }
    }

    /// Builds the network once; a failure is kept in `error`, not returned.
    pub fn new(project: Project, lib: Library, net: Network, renderer: Option<Renderer>) -> Live {
        let mut live = Live {
            project,
            lib,
            net,
            built: None,
            error: None,
            renderer,
            mode: Mode::Render,
            stats: LiveStats::default(),
            key: String::new(),
            generation: 0,
        };
        if let Some(r) = live.renderer.as_mut() {
            r.asset_dirs = live.project.asset_dirs(&live.net.file);
        }
        let _ = live.rebuild();
        live
    }

    /// Rebuilds the shader from the network. On failure the previous build
    /// and pipeline stay in use and the error is kept.
    pub fn rebuild(&mut self) -> Result<(), LiveError> {
        self.stats.shader_builds += 1;
        self.key = structure_key(&self.net, &self.lib);
        let result = build(&self.lib, &self.net, self.mode)
            .map_err(LiveError::from)
            .and_then(|built| {
                if let Some(r) = self.renderer.as_mut() {
                    upload(r, &built, &self.net, &self.lib)?;
                }
                Ok(built)
            });
        self.generation += 1;
        match result {
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

    /// Applies the network as it now is: a rebuild if its structure changed,
    /// otherwise only new uniform values.
    pub fn sync(&mut self) -> Result<(), LiveError> {
        let mode_changed = self
            .built
            .as_ref()
            .is_some_and(|b| b.shader.mode != self.mode);
        if self.built.is_none() || mode_changed || structure_key(&self.net, &self.lib) != self.key {
            return self.rebuild();
        }
        self.stats.param_updates += 1;
        self.generation += 1;
        if let (Some(built), Some(r)) = (&self.built, self.renderer.as_mut()) {
            r.set_params(&built.shader.param_values(&self.net, &self.lib));
        }
        Ok(())
    }

    /// Sets one parameter, checked as every edit is ([`Network::set_value`]),
    /// then brings the picture up to date (a uniform write, or a rebuild for
    /// a macro parameter).
    pub fn set_param(
        &mut self,
        node: &str,
        param: &str,
        value: ParamValue,
    ) -> Result<(), LiveError> {
        self.net.set_value(&self.lib, node, param, value)?;
        self.sync()
    }

    /// Reads the ROP folders and shaders again (after a file change) and rebuilds.
    pub fn reload_library(&mut self) -> Result<(), LiveError> {
        self.reload(true, false)
    }

    /// Reads the network file again (after it changed on disk) and brings the
    /// picture up to date.
    pub fn reload_network(&mut self) -> Result<(), LiveError> {
        self.reload(false, true)
    }

    /// Reloads what changed on disk. A library change always rebuilds (the
    /// network's structure may be the same while the ROP code is not); a
    /// network change alone rebuilds only if its structure changed.
    pub fn reload(&mut self, library: bool, network: bool) -> Result<(), LiveError> {
        self.reload_files(library, network)?;
        if library { self.rebuild() } else { self.sync() }
    }

    /// Reads what changed on disk and checks the network against the
    /// library, without building (the viewer builds on its worker).
    pub fn reload_files(&mut self, library: bool, network: bool) -> Result<(), LiveError> {
        if library {
            self.lib = self.project.load_library();
        }
        let checked = if network {
            Network::load(&self.net.file, &self.lib).map(|net| self.net = net)
        } else {
            self.net
                .check(&self.lib)
                .map_err(|(node, message)| NetworkError {
                    file: self.net.file.clone(),
                    line: node
                        .as_ref()
                        .and_then(|n| self.net.lines.get(n))
                        .copied()
                        .unwrap_or(1),
                    col: 1,
                    node,
                    message,
                })
        };
        if let Err(e) = checked {
            let e = LiveError::Network(e);
            self.error = Some(e.clone());
            self.stats.failed_builds += 1;
            self.generation += 1;
            return Err(e);
        }
        Ok(())
    }

    /// Gives the network a renderer (it was made without one) and uploads
    /// the current build to it, without building again.
    pub fn attach_renderer(&mut self, mut renderer: Renderer) -> Result<(), LiveError> {
        renderer.asset_dirs = self.project.asset_dirs(&self.net.file);
        if let Some(built) = &self.built {
            upload(&mut renderer, built, &self.net, &self.lib)?;
        }
        self.renderer = Some(renderer);
        Ok(())
    }

    /// Renders the current `Mode::Data` build: four floats per pixel, top row first.
    pub fn render_data(&mut self, width: u32, height: u32) -> Result<Vec<[f32; 4]>, LiveError> {
        let r = self
            .renderer
            .as_mut()
            .ok_or(LiveError::Render(RenderError::NoShader))?;
        Ok(r.render_data(width, height)?)
    }

    /// Renders the current build at the given size.
    pub fn render_image(&mut self, width: u32, height: u32) -> Result<image::RgbaImage, LiveError> {
        let r = self
            .renderer
            .as_mut()
            .ok_or(LiveError::Render(RenderError::NoShader))?;
        Ok(r.render_image(width, height)?)
    }
}

/// Makes `built` the renderer's shader, with the network's parameter values.
fn upload(
    r: &mut Renderer,
    built: &Built,
    net: &Network,
    lib: &Library,
) -> Result<(), RenderError> {
    r.set_shader(&built.shader, &built.compiled)?;
    r.set_params(&built.shader.param_values(net, lib));
    Ok(())
}
