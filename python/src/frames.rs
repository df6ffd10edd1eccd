//! `ropkit.Frames`: a network frozen for drawing many frames, or tiles of
//! one picture, exactly as `ropkit render` draws them: parameters baked
//! into the shader, one pipeline built once, the same globals per frame and
//! the same PNG or EXR encoder. The render farm (`ropkit.dask`) keeps one
//! per worker and network.

use crate::errors::{Kind, Problem};
use crate::network::PyNetwork;
use numpy::IntoPyArray;
use numpy::ndarray::Array3;
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use ropkit::build::build;
use ropkit::generate::Mode;
use ropkit::render::{Renderer, Tile, encode_exr, encode_png};
use std::path::PathBuf;

/// Largest side of a tile, or of a picture drawn whole.
const MAX_SIDE: u32 = ropkit::limits::RENDER_SIDE;
/// Largest side of a picture drawn in tiles: pixel centres (`x + 0.5`) stay
/// exact in a 32-bit float far beyond it, so tiles match the whole picture.
const MAX_PICTURE_SIDE: u32 = 1 << 18;

/// A picture drawn: RGBA8 bytes, or four floats per pixel (data buffers).
enum Drawn {
    Color(image::RgbaImage),
    Data(Vec<[f32; 4]>),
}

/// A network's frames as ``ropkit render`` draws them: the parameters are
/// baked into the shader (a later edit of the network does not change it),
/// the pipeline is built once, and each frame sets only time and frame
/// number. ``buffer`` picks a buffer of a raymarch output, as ``--buffer``
/// does; ``data=True`` draws its raw 32-bit floats (what ``ropkit render``
/// writes to an ``.exr`` file) instead of the picture.
#[pyclass(module = "ropkit", name = "Frames")]
pub struct PyFrames {
    renderer: Renderer,
    data: bool,
    /// The network's file, naming the picture in encoding errors.
    file: PathBuf,
}

/// The tile `(x, y, w, h)` of a `width` x `height` picture, checked; the
/// whole picture when there is no tile.
fn check_tile(
    width: u32,
    height: u32,
    tile: Option<(u32, u32, u32, u32)>,
) -> PyResult<(u32, u32, u32, u32)> {
    let bad = |m: String| pyo3::exceptions::PyValueError::new_err(m);
    let (x, y, w, h) = tile.unwrap_or((0, 0, width, height));
    let whole_side = if tile.is_some() {
        MAX_PICTURE_SIDE
    } else {
        MAX_SIDE
    };
    if width == 0 || height == 0 || width > whole_side || height > whole_side {
        return Err(bad(format!(
            "width and height must be 1 to {whole_side}, not {width}x{height}"
        )));
    }
    if w == 0 || h == 0 || w > MAX_SIDE || h > MAX_SIDE {
        return Err(bad(format!(
            "a tile is 1 to {MAX_SIDE} pixels on a side, not {w}x{h}"
        )));
    }
    if u64::from(x) + u64::from(w) > u64::from(width)
        || u64::from(y) + u64::from(h) > u64::from(height)
    {
        return Err(bad(format!(
            "the tile at ({x}, {y}) of {w}x{h} leaves the {width}x{height} picture"
        )));
    }
    Ok((x, y, w, h))
}

impl PyFrames {
    /// Draws one frame, or the tile of it, as `ropkit render --frames` does.
    fn draw(
        &mut self,
        py: Python<'_>,
        width: u32,
        height: u32,
        time: f32,
        frame: u32,
        tile: Option<(u32, u32, u32, u32)>,
    ) -> PyResult<Drawn> {
        let (x, y, w, h) = check_tile(width, height, tile)?;
        self.renderer.globals.time = time;
        self.renderer.globals.frame = frame;
        self.renderer.globals.tile = tile.map(|_| Tile {
            x,
            y,
            full_width: width,
            full_height: height,
        });
        let drawn = py.detach(|| {
            if self.data {
                self.renderer.render_data(w, h).map(Drawn::Data)
            } else {
                self.renderer.render_image(w, h).map(Drawn::Color)
            }
        });
        drawn.map_err(|e| Problem::from(&e).to_pyerr(py))
    }
}

#[pymethods]
impl PyFrames {
    #[new]
    #[pyo3(signature = (network, buffer = None, data = false))]
    fn new(
        py: Python<'_>,
        network: PyRef<'_, PyNetwork>,
        buffer: Option<&str>,
        data: bool,
    ) -> PyResult<PyFrames> {
        let live = network.live();
        let lib = live.lib.clone();
        let mut net = live.net.clone();
        net.apply_overrides(&lib, &[], buffer).map_err(|e| {
            Problem::edit(Kind::Param, None, None, Some(&net.output), e.to_string()).to_pyerr(py)
        })?;
        let gpu = network.gpu().map_err(|p| p.to_pyerr(py))?;
        let asset_dirs = live.project.asset_dirs(&net.file);
        let mode = if data { Mode::Data } else { Mode::RenderBaked };
        let renderer = py
            .detach(|| {
                let built = build(&lib, &net, &mode.into()).map_err(|e| Problem::from(&e))?;
                let mut renderer = Renderer::new(gpu);
                renderer.asset_dirs = asset_dirs;
                renderer.set_built(&built).map_err(|e| Problem::from(&e))?;
                renderer.set_params(&built.shader.param_values(&net, &lib));
                Ok::<_, Problem>(renderer)
            })
            .map_err(|p| p.to_pyerr(py))?;
        Ok(PyFrames {
            renderer,
            data,
            file: net.file.clone(),
        })
    }

    /// One frame at ``time`` seconds with frame number ``frame`` (the
    /// shader's ``iFrame``), of a ``width`` x ``height`` picture; ``tile``
    /// ``(x, y, w, h)`` draws only that rectangle of it (top-left origin),
    /// pixel for pixel what the whole picture holds there. Returns uint8
    /// (h, w, 4) RGBA, or float32 with ``data=True``. The GIL is released
    /// while the GPU works.
    #[pyo3(signature = (width, height, time = 0.0, frame = 0, tile = None))]
    fn render<'py>(
        &mut self,
        py: Python<'py>,
        width: u32,
        height: u32,
        time: f32,
        frame: u32,
        tile: Option<(u32, u32, u32, u32)>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let bad =
            |e: numpy::ndarray::ShapeError| pyo3::exceptions::PyValueError::new_err(e.to_string());
        Ok(match self.draw(py, width, height, time, frame, tile)? {
            Drawn::Color(img) => {
                let shape = (img.height() as usize, img.width() as usize, 4);
                Array3::from_shape_vec(shape, img.into_raw())
                    .map_err(bad)?
                    .into_pyarray(py)
                    .into_any()
            }
            Drawn::Data(texels) => {
                let (w, h) = tile.map_or((width, height), |t| (t.2, t.3));
                let shape = (h as usize, w as usize, 4);
                Array3::from_shape_vec(shape, texels.into_iter().flatten().collect())
                    .map_err(bad)?
                    .into_pyarray(py)
                    .into_any()
            }
        })
    }

    /// The frame (or tile) as the file ``ropkit render`` writes: PNG bytes,
    /// or OpenEXR bytes with ``data=True``. Same arguments as :meth:`render`.
    #[pyo3(signature = (width, height, time = 0.0, frame = 0, tile = None))]
    fn encode<'py>(
        &mut self,
        py: Python<'py>,
        width: u32,
        height: u32,
        time: f32,
        frame: u32,
        tile: Option<(u32, u32, u32, u32)>,
    ) -> PyResult<Bound<'py, PyBytes>> {
        let drawn = self.draw(py, width, height, time, frame, tile)?;
        let (w, h) = tile.map_or((width, height), |t| (t.2, t.3));
        let file = self.file.clone();
        let bytes = py
            .detach(|| match &drawn {
                Drawn::Color(img) => encode_png(img, &file),
                Drawn::Data(texels) => encode_exr(texels, w, h, &file),
            })
            .map_err(|e| pyo3::exceptions::PyValueError::new_err(e.to_string()))?;
        Ok(PyBytes::new(py, &bytes))
    }

    /// Whether frames are raw floats (``data=True``) rather than pictures.
    #[getter]
    fn data(&self) -> bool {
        self.data
    }

    /// Pipelines built and frames drawn: ``pipeline_creations``, ``frames``.
    #[getter]
    fn stats(&self) -> std::collections::BTreeMap<&'static str, u64> {
        let s = self.renderer.stats;
        [
            ("pipeline_creations", s.pipeline_creations),
            ("frames", s.frames),
        ]
        .into_iter()
        .collect()
    }
}
