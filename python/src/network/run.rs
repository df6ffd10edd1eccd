//! The network's own helpers, which Python does not see: wrapping a
//! network, locating nodes for messages, applying an edit to a copy, and
//! what it does on the GPU (the renderers it keeps, one for pictures and
//! one for sampling; a frame in any buffer; a mesh; sampled points). The
//! methods Python calls are in `mod.rs`.

use super::*;

impl PyNetwork {
    /// The network with its library and project, for the other classes of
    /// this module (`content.rs`, `frames.rs`).
    pub(crate) fn live(&self) -> &Live {
        &self.live
    }

    /// The library's shared GPU device.
    pub(crate) fn gpu(&self) -> Result<ropkit::render::Gpu, Problem> {
        lib_of(&self.library).gpu().map_err(|e| Problem::from(&e))
    }

    pub(super) fn wrap(library: Py<PyLibrary>, net: Network) -> PyNetwork {
        let lib = lib_of(&library);
        // The library is shared, not copied: every network of it holds the same `Arc`.
        let live = Live::new(lib.project.clone(), lib.lib.clone(), net, None);
        PyNetwork {
            library,
            live,
            sampler: None,
        }
    }

    /// The file the network was read from or saved to; None for a network
    /// made in Python that was never saved.
    pub(super) fn source(&self) -> Option<PathBuf> {
        let f = &self.live.net.file;
        (!f.as_os_str().is_empty() && !is_pseudo_file(f)).then(|| f.clone())
    }

    /// The line of `node` in the network file, if it came from there.
    pub(super) fn line_of(&self, node: &str) -> Option<usize> {
        self.live.net.lines.get(node).copied()
    }

    /// A refused edit, located at the node's line in the network file when there is one.
    pub(super) fn edit_error(
        &self,
        kind: Kind,
        node: Option<&str>,
        message: impl ToString,
    ) -> Problem {
        let line = node.and_then(|n| self.line_of(n));
        Problem::edit(kind, self.source().as_deref(), line, node, message)
    }

    /// Applies `edit` to a copy of the network; keeps the copy only if it succeeds.
    pub(super) fn edit<T>(
        &mut self,
        edit: impl FnOnce(&mut Network, &Library) -> Result<T, Problem>,
    ) -> PyResult<T> {
        let mut net = self.live.net.clone();
        match edit(&mut net, &self.live.lib) {
            Ok(v) => {
                self.live.net = net;
                Ok(v)
            }
            Err(p) => Python::attach(|py| Err(p.to_pyerr(py))),
        }
    }

    /// The 0-based slot of `input` on `node`.
    pub(super) fn slot(&self, node: &str, input: &InputSlot) -> Result<usize, Problem> {
        let name = match input {
            InputSlot::Number(i) if *i >= 1 => return Ok(*i as usize - 1),
            InputSlot::Number(i) => {
                return Err(self.edit_error(
                    Kind::Network,
                    Some(node),
                    format!("input slots count from 1, not {i}"),
                ));
            }
            InputSlot::Name(name) => name,
        };
        let n = self
            .live
            .net
            .nodes
            .get(node)
            .ok_or_else(|| self.edit_error(Kind::Network, None, format!("no node {node}")))?;
        let def = n
            .lookup(&self.live.lib)
            .map_err(|e| self.edit_error(Kind::Network, Some(node), e))?;
        def.input_index(name).ok_or_else(|| {
            // A parameter that takes no field says why.
            let why = ropkit::network::no_input(def, name);
            self.edit_error(Kind::Network, Some(node), why.to_string())
        })
    }

    /// Makes sure a renderer exists and draws the network as it is now, in `mode`.
    pub(super) fn prepare_renderer(&mut self, mode: Mode) -> Result<(), Problem> {
        if self.live.session.is_none() {
            let gpu = lib_of(&self.library).gpu().map_err(|e| Problem::from(&e))?;
            self.live
                .attach_renderer(Renderer::new(gpu))
                .map_err(|e| Problem::from(&e))?;
        }
        self.live.options = self.live.options.with_mode(mode);
        self.live.sync().map_err(|e| Problem::from(&e))?;
        // After a failed rebuild `Live` keeps drawing the last good shader
        // (what the viewer wants); a script asked for this network, so an
        // unbuildable one is an error every time, not an old picture.
        match &self.live.error {
            Some(e) => Err(Problem::from(e)),
            None => Ok(()),
        }
    }

    /// Sets the output's `Buffer` parameter for one render; returns what to restore.
    pub(super) fn select_buffer(
        &mut self,
        buffer: &str,
    ) -> Result<Option<Option<ropkit::value::ParamValue>>, Problem> {
        let output = self.live.net.output.clone();
        let has_buffers = self
            .live
            .net
            .nodes
            .get(&output)
            .and_then(|n| n.def(&self.live.lib))
            .is_some_and(|d| d.param("Buffer").is_some());
        if !has_buffers {
            if buffer == "color" {
                return Ok(None);
            }
            return Err(self.edit_error(
                Kind::Param,
                Some(&output),
                format!("the output has no buffers; it renders only 'color', not '{buffer}'"),
            ));
        }
        let previous = self.live.net.nodes[&output].params.get("Buffer").cloned();
        let lib = self.live.lib.clone();
        self.live
            .net
            .set_param(
                &lib,
                &output,
                "Buffer",
                &serde_yaml_ng::Value::String(buffer.to_string()),
            )
            .map_err(|m| self.edit_error(Kind::Param, Some(&output), m.to_string()))?;
        Ok(Some(previous))
    }

    pub(super) fn restore_buffer(&mut self, previous: Option<Option<ropkit::value::ParamValue>>) {
        let output = self.live.net.output.clone();
        if let (Some(previous), Some(node)) = (previous, self.live.net.nodes.get_mut(&output)) {
            match previous {
                Some(v) => node.params.insert("Buffer".into(), v),
                None => node.params.remove("Buffer"),
            };
        }
    }

    /// One frame: RGBA8 bytes for the colour buffer, four floats per pixel
    /// (a `Mode::Data` build) for the others.
    pub(super) fn render_frame(
        &mut self,
        width: u32,
        height: u32,
        time: f32,
        buffer: &str,
    ) -> Result<Frame, Problem> {
        let previous = self.select_buffer(buffer)?;
        let mode = if buffer == "color" {
            Mode::Render
        } else {
            Mode::Data
        };
        let result = self.prepare_renderer(mode).and_then(|()| {
            if let Some(r) = self.live.renderer() {
                r.globals.time = time;
                r.globals.frame = 0;
            }
            let frame = match mode {
                Mode::Data => self.live.render_data(width, height).map(Frame::Data),
                _ => self
                    .live
                    .render_image(width, height)
                    .map(|img| Frame::Color(img.into_raw())),
            };
            frame.map_err(|e| Problem::from(&e))
        });
        self.restore_buffer(previous);
        result
    }

    /// Meshes the scene on the sampling renderer (so the picture's pipeline
    /// stays). A brick (`opts.blocks`) without surface is an empty mesh.
    pub(super) fn mesh_scene(&mut self, opts: &MeshOptions) -> Result<(Mesh, Vec<u64>), Problem> {
        self.sampler_renderer()?;
        let Some(r) = self.sampler.as_mut() else {
            return Err(Problem::bare(Kind::Render, "no sampler"));
        };
        match mesh_keyed(&self.live.net, &self.live.lib, r, opts, &mut |_, _| {}) {
            Ok((mesh, keys, _)) => Ok((mesh, keys)),
            Err(MeshError::Empty(_)) if opts.blocks.is_some() => Ok(Default::default()),
            Err(MeshError::Build(e)) => Err((&e).into()),
            Err(MeshError::Render(e)) => Err((&e).into()),
            Err(e) => Err(Problem::bare(Kind::Render, e.to_string())),
        }
    }

    pub(super) fn sampler_renderer(&mut self) -> Result<(), Problem> {
        if self.sampler.is_none() {
            let gpu = lib_of(&self.library).gpu().map_err(|e| Problem::from(&e))?;
            let mut renderer = Renderer::new(gpu);
            renderer.asset_dirs = self.live.project.asset_dirs(&self.live.net.file);
            self.sampler = Some(renderer);
        }
        Ok(())
    }

    pub(super) fn sample_points(&mut self, points: &[[f32; 3]]) -> Result<Vec<[f32; 4]>, Problem> {
        if self.sampler.is_none() {
            let gpu = lib_of(&self.library).gpu().map_err(|e| Problem::from(&e))?;
            let mut renderer = Renderer::new(gpu);
            renderer.asset_dirs = self.live.project.asset_dirs(&self.live.net.file);
            self.sampler = Some(renderer);
        }
        let Some(r) = self.sampler.as_mut() else {
            return Err(Problem::bare(Kind::Render, "no sampler"));
        };
        sample_network(&self.live.net, &self.live.lib, r, points).map_err(|e| Problem::from(&e))
    }
}
