//! A document kept drawn: a [`Document`] and, when there is a GPU, the
//! [`Session`] that draws it. Python's `Network`, the viewer's preview
//! worker, the watcher and the tests all go through it. What an edit must
//! redo is the document's decision ([`Document::change`]); this only carries
//! it out on the GPU.

use crate::document::{Change, Document};
use crate::library::Library;
use crate::network::Network;
use crate::project::Project;
use crate::render::{RenderError, Renderer};
use crate::session::Session;
use crate::value::ParamValue;
use std::ops::{Deref, DerefMut};
use std::sync::Arc;

pub use crate::document::{LiveError, LiveStats};

pub struct Live {
    pub doc: Document,
    pub session: Option<Session>,
}

impl Deref for Live {
    type Target = Document;
    fn deref(&self) -> &Document {
        &self.doc
    }
}

impl DerefMut for Live {
    fn deref_mut(&mut self) -> &mut Document {
        &mut self.doc
    }
}

impl Live {
    /// Builds the network once; a failure is kept in `error`, not returned.
    pub fn new(
        project: Project,
        lib: impl Into<Arc<Library>>,
        net: Network,
        renderer: Option<Renderer>,
    ) -> Live {
        let doc = Document::new(project, lib, net);
        let session = renderer.map(|r| Session::new(r, &doc));
        let mut live = Live { doc, session };
        let _ = live.rebuild();
        live
    }

    /// The renderer, when there is one.
    pub fn renderer(&mut self) -> Option<&mut Renderer> {
        self.session.as_mut().map(|s| &mut s.renderer)
    }

    /// Rebuilds the shader from the network. On failure the previous build
    /// and pipeline stay in use and the error is kept.
    pub fn rebuild(&mut self) -> Result<(), LiveError> {
        let attempt = self
            .doc
            .compile()
            .map(Arc::new)
            .map_err(LiveError::from)
            .and_then(|built| {
                if let Some(s) = self.session.as_mut() {
                    s.show(&built, &self.doc)?;
                }
                Ok(built)
            });
        self.doc.record(attempt)
    }

    /// Applies the network as it now is: a rebuild if the document says
    /// the shader must change, otherwise only new uniform values.
    pub fn sync(&mut self) -> Result<(), LiveError> {
        match self.doc.change() {
            Change::Shader => self.rebuild(),
            Change::Values => {
                self.doc.record_values();
                if let Some(s) = self.session.as_mut() {
                    s.update_values(&self.doc);
                }
                Ok(())
            }
        }
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
        self.doc.set_param(node, param, value)?;
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

    /// Reloads what changed on disk and brings the picture up to date (a
    /// reloaded library always rebuilds: its ROP code may differ under the
    /// same structure).
    pub fn reload(&mut self, library: bool, network: bool) -> Result<(), LiveError> {
        self.doc.reload_files(library, network)?;
        self.sync()
    }

    /// Gives the network a renderer (it was made without one) and uploads
    /// the current build to it, without building again.
    pub fn attach_renderer(&mut self, renderer: Renderer) -> Result<(), LiveError> {
        let mut session = Session::new(renderer, &self.doc);
        if let Some(built) = &self.doc.built {
            session.show(built, &self.doc)?;
        }
        self.session = Some(session);
        Ok(())
    }

    fn drawing(&mut self) -> Result<&mut Renderer, LiveError> {
        self.renderer()
            .ok_or(LiveError::Render(RenderError::NoShader))
    }

    /// Renders the current `Mode::Data` build: four floats per pixel, top row first.
    pub fn render_data(&mut self, width: u32, height: u32) -> Result<Vec<[f32; 4]>, LiveError> {
        Ok(self.drawing()?.render_data(width, height)?)
    }

    /// Renders the current build at the given size.
    pub fn render_image(&mut self, width: u32, height: u32) -> Result<image::RgbaImage, LiveError> {
        Ok(self.drawing()?.render_image(width, height)?)
    }
}
