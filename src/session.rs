//! The GPU side of a document: a renderer (device, pipeline, uniforms) and
//! the build it draws. One session per device; many may draw the same
//! [`Document`]'s builds, which they share by `Arc`.

use crate::build::Built;
use crate::document::Document;
use crate::render::{RenderError, Renderer};
use std::sync::Arc;

pub struct Session {
    pub renderer: Renderer,
    /// The build whose pipeline the renderer holds.
    shown: Option<Arc<Built>>,
}

impl Session {
    /// A renderer that reads the document's textures from its project.
    pub fn new(mut renderer: Renderer, doc: &Document) -> Session {
        renderer.asset_dirs = doc.project.asset_dirs(&doc.net.file);
        Session {
            renderer,
            shown: None,
        }
    }

    /// Makes the renderer draw `built` with the document's parameter
    /// values: a pipeline only when the build is not the one it draws.
    pub fn show(&mut self, built: &Arc<Built>, doc: &Document) -> Result<(), RenderError> {
        if !self.shows(built) {
            self.renderer.set_built(built)?;
            self.shown = Some(built.clone());
        }
        self.renderer
            .set_params(&built.shader.param_values(&doc.net, &doc.lib));
        Ok(())
    }

    /// Whether the renderer draws this very build.
    pub fn shows(&self, built: &Arc<Built>) -> bool {
        self.shown.as_ref().is_some_and(|s| Arc::ptr_eq(s, built))
    }

    /// New parameter values for the build it draws (a uniform write, no build).
    pub fn update_values(&mut self, doc: &Document) {
        if let Some(built) = &self.shown {
            self.renderer
                .set_params(&built.shader.param_values(&doc.net, &doc.lib));
        }
    }
}
