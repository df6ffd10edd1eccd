//! `ropkit.Network` and `ropkit.Build`: a network being edited from a
//! script, and one build of it.
//!
//! A network keeps a `ropkit::live::Live`, the same object the viewer edits
//! through: a parameter change only rewrites the uniform buffer, a
//! structural change rebuilds the shader, and pipelines are cached by shader
//! text. Edits are applied to a copy first, so a refused edit changes nothing.

use crate::convert::{json_to_py, param_to_py, py_to_json_text, to_yaml};
use crate::errors::{Kind, Problem, is_pseudo_file};
use crate::library::PyLibrary;
use numpy::ndarray::{Array1, Array2, Array3};
use numpy::{AllowTypeChange, IntoPyArray, PyArrayLike2, PyReadonlyArray2, PyUntypedArrayMethods};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};

mod build;
mod run;

pub use build::PyBuild;
use ropkit::build::{BuildOptions, Built, build};
use ropkit::export::{ExportError, Exporter, Format, export, layout_json};
use ropkit::generate::Mode;
use ropkit::library::Library;
use ropkit::live::Live;
use ropkit::mesh::{Aabb, Mesh, MeshError, MeshOptions, check_options, mesh_grid, mesh_keyed};
use ropkit::network::{Network, lookup_rop, node_path};
use ropkit::render::Renderer;
use ropkit::sample::sample_network;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// A rendered frame as it comes back from the GPU.
enum Frame {
    Color(Vec<u8>),
    Data(Vec<[f32; 4]>),
}

/// The file name of networks made in Python until they are saved; names in
/// angle brackets are never files (see `PyNetwork::source`).
const SCRIPT_FILE: &str = "<python>";
/// The file name a network parsed from a dict carries.
const DICT_FILE: &str = "<dict>";
/// Largest side of a rendered image.
const MAX_SIZE: u32 = 8192;
/// Width and height of the picture a notebook shows for a network.
const PREVIEW_SIZE: u32 = 256;

/// A network of ROP nodes: load one, build one from scratch, edit it, render
/// it, sample its scene, export its shader.
///
/// Node paths look like ``/scene/sphere1``; a parameter is addressed as
/// ``"/scene/sphere1.Radius"``. Input slots count from 1, or go by name
/// (``"shape"``, ``"a"``, ...).
#[pyclass(module = "ropkit", name = "Network")]
pub struct PyNetwork {
    library: Py<PyLibrary>,
    live: Live,
    /// A second renderer for sampling, so that sampling never replaces the picture's pipeline.
    sampler: Option<Renderer>,
}

fn lib_of(library: &Py<PyLibrary>) -> &PyLibrary {
    library.get()
}

/// The library of networks made without one: one per project folder,
/// shared by every such network (and its GPU device with it), so that a
/// script with many networks loads the ROPs once.
static DEFAULT_LIBRARY: std::sync::Mutex<Option<Py<PyLibrary>>> = std::sync::Mutex::new(None);

fn default_library(py: Python<'_>, library: Option<Py<PyLibrary>>) -> PyResult<Py<PyLibrary>> {
    if let Some(l) = library {
        return Ok(l);
    }
    let project = ropkit::project::Project::discover(&[]);
    let mut slot = DEFAULT_LIBRARY.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(l) = slot.as_ref()
        && l.get().project == project
    {
        return Ok(l.clone_ref(py));
    }
    let l = Py::new(py, PyLibrary::load(Vec::new()))?;
    *slot = Some(l.clone_ref(py));
    Ok(l)
}

fn parse_format(name: &str) -> PyResult<Format> {
    Format::parse(name).map_err(|e| pyo3::exceptions::PyValueError::new_err(e.to_string()))
}

/// Every export format, one dict each, as ropkit's format registry lists
/// them: ``name`` (what :meth:`Network.export` takes), ``extension``,
/// ``label``, ``text`` (False: bytes), ``source`` (the build it is written
/// from: ``layout``, ``shadertoy``, ``engine`` or ``web``),
/// ``layout_bound`` (its parameters are bound as the ``json`` layout
/// says), ``volumes``, ``textures`` and ``hdr`` (what it carries),
/// ``data`` (how data parameters travel: ``texture`` or ``constants``) and
/// ``validator`` (what checks it in ropkit's tests).
#[pyfunction]
pub fn formats(py: Python<'_>) -> PyResult<Vec<Bound<'_, PyDict>>> {
    ropkit::export::FORMATS
        .iter()
        .map(|f| {
            let d = PyDict::new(py);
            d.set_item("name", f.name)?;
            d.set_item("extension", f.extension)?;
            d.set_item("label", f.label)?;
            d.set_item("text", f.text)?;
            d.set_item("source", f.source.name())?;
            d.set_item("layout_bound", f.layout_bound)?;
            d.set_item("volumes", f.volumes)?;
            d.set_item("textures", f.textures)?;
            d.set_item("hdr", f.hdr)?;
            d.set_item("data", f.data.name())?;
            d.set_item("validator", f.validator.describe())?;
            Ok(d)
        })
        .collect()
}

/// The exported text (or bytes, for SPIR-V) as a Python object.
fn export_py<'py>(
    py: Python<'py>,
    built: &Built,
    net: &Network,
    lib: &Library,
    format: Format,
) -> PyResult<Bound<'py, PyAny>> {
    export_bytes(py, export(built, net, lib, format), format)
}

/// An export's result as a Python object, or its error as `BuildError`.
fn export_bytes<'py>(
    py: Python<'py>,
    bytes: Result<Vec<u8>, ExportError>,
    format: Format,
) -> PyResult<Bound<'py, PyAny>> {
    let bytes = bytes.map_err(|e| match e {
        // A build error keeps its kind, file and line.
        ExportError::Build { error, .. } => Problem::from(&*error).to_pyerr(py),
        e => Problem::bare(Kind::Build, e.to_string()).to_pyerr(py),
    })?;
    if !format.info().text {
        return Ok(PyBytes::new(py, &bytes).into_any());
    }
    Ok(String::from_utf8_lossy(&bytes)
        .into_owned()
        .into_pyobject(py)?
        .into_any())
}

/// An input of a node as a script names it: its slot number, counted from
/// 1, or its name (`"scene"`, `"a"`, ...).
#[derive(FromPyObject)]
pub enum InputSlot {
    Number(i64),
    Name(String),
}

/// `node.Param` split at the last dot.
fn split_target(target: &str) -> PyResult<(&str, &str)> {
    target.rsplit_once('.').ok_or_else(|| {
        pyo3::exceptions::PyValueError::new_err(format!(
            "'{target}': a parameter is addressed as NODE.PARAM, e.g. /scene/sphere1.Radius"
        ))
    })
}

#[pymethods]
impl PyNetwork {
    /// An empty network. Add nodes with :meth:`add`, wire them with
    /// :meth:`connect`; the first output ROP added becomes the output.
    #[new]
    #[pyo3(signature = (library = None))]
    fn new(py: Python<'_>, library: Option<Py<PyLibrary>>) -> PyResult<PyNetwork> {
        let library = default_library(py, library)?;
        let net = Network {
            file: PathBuf::from(SCRIPT_FILE),
            ..Default::default()
        };
        Ok(PyNetwork::wrap(library, net))
    }

    /// Reads a network file (YAML). Raises :class:`NetworkError` with the
    /// file, line and node when it cannot be read or does not check.
    #[staticmethod]
    #[pyo3(signature = (path, library = None))]
    fn load(py: Python<'_>, path: PathBuf, library: Option<Py<PyLibrary>>) -> PyResult<PyNetwork> {
        let library = default_library(py, library)?;
        let l = lib_of(&library);
        let net = l
            .project
            .load_network(&path, &l.lib)
            .map_err(|e| Problem::from(&e).to_pyerr(py))?;
        Ok(PyNetwork::wrap(library, net))
    }

    /// Makes a network from a dict shaped like a network file:
    /// ``{"output": "/render", "nodes": {"/sphere1": {"rop": "sphere",
    /// "params": {...}, "inputs": {...}}, ...}}``.
    #[staticmethod]
    #[pyo3(signature = (data, library = None))]
    fn from_dict(
        py: Python<'_>,
        data: &Bound<'_, PyAny>,
        library: Option<Py<PyLibrary>>,
    ) -> PyResult<PyNetwork> {
        let library = default_library(py, library)?;
        let text = py_to_json_text(data)?;
        // A dict has no lines of its own: its errors name the node only.
        let mut net =
            Network::parse(&text, Path::new(DICT_FILE), &lib_of(&library).lib).map_err(|e| {
                Problem::edit(Kind::Network, None, None, e.node.as_deref(), e.message).to_pyerr(py)
            })?;
        // The text was made from the dict (JSON): saving writes the
        // canonical form, not edits of that.
        net.origin = ropkit::network::Origin::none();
        Ok(PyNetwork::wrap(library, net))
    }

    /// The network as a dict, the same shape :meth:`from_dict` takes and a
    /// network file holds (in the canonical form, whatever way the file
    /// it was loaded from writes it).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let yaml: serde_yaml_ng::Value =
            serde_yaml_ng::from_str(&self.live.net.canonical_yaml(&self.live.lib))
                .map_err(|e| pyo3::exceptions::PyValueError::new_err(e.to_string()))?;
        let json = serde_json::to_value(yaml)
            .map_err(|e| pyo3::exceptions::PyValueError::new_err(e.to_string()))?;
        json_to_py(py, &json)
    }

    /// Writes the network file atomically (a temporary file, then a rename).
    /// Without ``path`` it writes back to the file it was loaded from; with
    /// one, later saves go there. A network loaded from a file is written as
    /// that file with only what changed edited: comments, key order and the
    /// way values are written stay.
    #[pyo3(signature = (path = None))]
    fn save(&mut self, py: Python<'_>, path: Option<PathBuf>) -> PyResult<()> {
        let path = match path.or_else(|| self.source()) {
            Some(p) => p,
            None => {
                return Err(pyo3::exceptions::PyValueError::new_err(
                    "this network has no file yet: give save() a path",
                ));
            }
        };
        // Over the network itself is what save() does; over anything else
        // it reads (a ROP file, a texture, the ROP folders) never.
        let inputs = self
            .live
            .project
            .job_inputs(&self.live.lib, &self.live.net)
            .without_file(&self.live.net.file);
        inputs.check(&path).map_err(|e| {
            Problem::edit(Kind::Network, Some(&path), None, None, e.to_string()).to_pyerr(py)
        })?;
        self.live.net.save(&path, &self.live.lib).map_err(|e| {
            Problem::edit(
                Kind::Network,
                Some(&path),
                None,
                None,
                format!("cannot save: {e}"),
            )
            .to_pyerr(py)
        })?;
        self.live.net.file = path;
        Ok(())
    }

    /// Adds a node of ROP ``rop`` and returns its path. ``path`` defaults to
    /// a fresh one from the ROP's name (``/sphere1``); keyword arguments set
    /// parameters (``net.add("sphere", Radius=0.5)``).
    #[pyo3(signature = (rop, path = None, **params))]
    fn add(
        &mut self,
        rop: &str,
        path: Option<&str>,
        params: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<String> {
        let mut values = Vec::new();
        for (k, v) in params.into_iter().flatten() {
            values.push((k.extract::<String>()?, to_yaml(&v)?));
        }
        let file = self.source();
        self.edit(|net, lib| {
            let fail = |kind, node: Option<&str>, m: String| {
                Problem::edit(kind, file.as_deref(), None, node, m)
            };
            let def = lookup_rop(lib, rop).map_err(|m| fail(Kind::Network, None, m.to_string()))?;
            let path = net
                .add_node_at(rop, path)
                .map_err(|m| fail(Kind::Network, None, m.to_string()))?;
            for (name, value) in &values {
                net.set_param(lib, &path, name, value)
                    .map_err(|m| fail(Kind::Param, Some(&path), m.to_string()))?;
            }
            if net.output.is_empty() && def.is_output() {
                net.output = path.clone();
            }
            Ok(path)
        })
    }

    /// Wires node ``src`` into input ``input`` of node ``dst`` (a slot
    /// number from 1, or the input's name), replacing what was there.
    /// Raises :class:`NetworkError` for a wire that cannot type-check or
    /// would make a cycle.
    #[pyo3(
        signature = (src, dst, input = InputSlot::Number(1)),
        text_signature = "(self, src, dst, input=1)"
    )]
    fn connect(&mut self, py: Python<'_>, src: &str, dst: &str, input: InputSlot) -> PyResult<()> {
        let (src, dst) = (node_path(src), node_path(dst));
        let slot = self.slot(&dst, &input).map_err(|p| p.to_pyerr(py))?;
        let (file, line) = (self.source(), self.line_of(&dst));
        self.edit(|net, lib| {
            if let Some(why) = ropkit::resolve::connection_problem(lib, net, &src, &dst, slot) {
                return Err(Problem::edit(
                    Kind::Network,
                    file.as_deref(),
                    line,
                    Some(&dst),
                    format!("cannot connect {src} to input {} of {dst}: {why}", slot + 1),
                ));
            }
            net.connect(&src, &dst, slot).map_err(|m| {
                Problem::edit(
                    Kind::Network,
                    file.as_deref(),
                    line,
                    Some(&dst),
                    m.to_string(),
                )
            })
        })
    }

    /// Empties input ``input`` (slot from 1, or name) of node ``dst``.
    #[pyo3(
        signature = (dst, input = InputSlot::Number(1)),
        text_signature = "(self, dst, input=1)"
    )]
    fn disconnect(&mut self, py: Python<'_>, dst: &str, input: InputSlot) -> PyResult<()> {
        let dst = node_path(dst);
        let slot = self.slot(&dst, &input).map_err(|p| p.to_pyerr(py))?;
        let (file, line) = (self.source(), self.line_of(&dst));
        self.edit(|net, _| {
            net.disconnect(&dst, slot).map_err(|m| {
                Problem::edit(
                    Kind::Network,
                    file.as_deref(),
                    line,
                    Some(&dst),
                    m.to_string(),
                )
            })
        })
    }

    /// Removes a node and every wire from it (not the output).
    fn remove(&mut self, path: &str) -> PyResult<()> {
        let path = node_path(path);
        let (file, line) = (self.source(), self.line_of(&path));
        self.edit(|net, _| {
            net.remove_node(&path)
                .map_err(|m| Problem::edit(Kind::Network, file.as_deref(), line, Some(&path), m))
        })
    }

    /// Moves a node to a new path, rewiring its users; returns the new path.
    fn rename(&mut self, path: &str, new_path: &str) -> PyResult<String> {
        let path = node_path(path);
        let (file, line) = (self.source(), self.line_of(&path));
        self.edit(|net, _| {
            net.rename_node(&path, new_path)
                .map_err(|m| Problem::edit(Kind::Network, file.as_deref(), line, Some(&path), m))
        })
    }

    /// Sets a parameter: ``net.set("/scene/sphere1.Radius", 1.2)``. Vectors
    /// take sequences or numpy arrays, menus an option name. Changing a
    /// value kept in the uniform buffer never rebuilds the shader.
    fn set(&mut self, target: &str, value: &Bound<'_, PyAny>) -> PyResult<()> {
        let (node, param) = split_target(target)?;
        let node = node_path(node);
        let value = to_yaml(value)?;
        let (file, line) = (self.source(), self.line_of(&node));
        self.edit(|net, lib| {
            let kind = if net.nodes.contains_key(&node) {
                Kind::Param
            } else {
                Kind::Network
            };
            net.set_param(lib, &node, param, &value)
                .map_err(|m| Problem::edit(kind, file.as_deref(), line, Some(&node), m))
        })
    }

    /// The value in effect for a parameter (the node's own or the ROP's
    /// default): a float, int, bool, str or tuple of floats.
    fn get<'py>(&self, py: Python<'py>, target: &str) -> PyResult<Bound<'py, PyAny>> {
        let (node, param) = split_target(target)?;
        let node = node_path(node);
        match self.live.net.param_value(&self.live.lib, &node, param) {
            Ok(v) => param_to_py(py, &v),
            Err(m) => {
                let kind = if self.live.net.nodes.contains_key(&node) {
                    Kind::Param
                } else {
                    Kind::Network
                };
                Err(self.edit_error(kind, Some(&node), m).to_pyerr(py))
            }
        }
    }

    /// The node the picture comes from.
    #[getter]
    fn output(&self) -> String {
        self.live.net.output.clone()
    }

    #[setter(output)]
    fn set_output(&mut self, path: &str) -> PyResult<()> {
        let path = node_path(path);
        let file = self.source();
        self.edit(|net, lib| {
            let Some(node) = net.nodes.get(&path) else {
                return Err(Problem::edit(
                    Kind::Network,
                    file.as_deref(),
                    None,
                    None,
                    format!("no node {path}"),
                ));
            };
            // Refused like any edit that cannot build, rather than kept and
            // failing at the next build.
            if !node.def(lib).is_some_and(|d| d.is_output()) {
                return Err(Problem::edit(
                    Kind::Network,
                    file.as_deref(),
                    None,
                    Some(&path),
                    format!("{path} ({}) is not an output ROP", node.rop),
                ));
            }
            net.output = path.clone();
            Ok(())
        })
    }

    /// Node paths mapped to their ROP names.
    #[getter]
    fn nodes(&self) -> std::collections::BTreeMap<String, String> {
        self.live
            .net
            .nodes
            .iter()
            .map(|(p, n)| (p.clone(), n.rop.clone()))
            .collect()
    }

    /// The file the network was loaded from or last saved to.
    #[getter]
    fn file(&self) -> PathBuf {
        self.live.net.file.clone()
    }

    /// The library the network's ROPs come from.
    #[getter]
    fn library(&self, py: Python<'_>) -> Py<PyLibrary> {
        self.library.clone_ref(py)
    }

    /// Where the ROP definitions this network builds with live in memory
    /// (for tests that networks share their library rather than copy it).
    fn _library_address(&self) -> usize {
        Arc::as_ptr(&self.live.lib) as usize
    }

    /// Stitches and compiles the network as it is now. Never raises for a
    /// broken network: the errors are in :attr:`Build.errors`.
    fn build(&self, py: Python<'_>) -> PyBuild {
        let lib = lib_of(&self.library).lib.clone();
        let net = self.live.net.clone();
        // A build is for another program: transforms stay apart.
        let result = py.detach(|| {
            build(
                &self.live.lib,
                &net,
                &BuildOptions::from(Mode::Render).for_export(),
            )
        });
        let (built, errors) = match result {
            Ok(b) => (Some(b), Vec::new()),
            Err(e) => (None, vec![Problem::from(&e)]),
        };
        PyBuild {
            built,
            errors,
            net,
            lib,
        }
    }

    /// Renders the network to a numpy array of shape (height, width, 4),
    /// top row first. ``time`` is the shader's time in seconds. ``buffer``
    /// picks the output buffer of a raymarch output: ``color`` gives uint8
    /// RGBA; the data buffers give float32 with alpha 1 where the ray hit:
    /// ``depth`` (distance along the ray), ``normal`` (unit normal),
    /// ``material`` (id, second id, blend; -1 on a miss), ``steps``,
    /// ``nearHit`` (closest approach), ``worldPosition`` (the hit point),
    /// ``rayDirection`` and ``rayOrigin`` (the camera ray), ``objectId`` (the
    /// id an objectId node gave the surface, 0 untagged, -1 on a miss), ``sdf``
    /// (distance, material, second material, blend at the hit), ``iteration``
    /// (which copy of a repeat), ``uv`` (surface coordinates) and ``debug`` (a
    /// debugValue node's value), ``orbitTrap`` (a fractal's orbit trap). The GIL is released while the GPU
    /// works. Raises :class:`BuildError` (or :class:`CompileError`) when the
    /// network does not build.
    #[pyo3(signature = (width, height, time = 0.0, buffer = "color"))]
    fn render<'py>(
        &mut self,
        py: Python<'py>,
        width: u32,
        height: u32,
        time: f32,
        buffer: &str,
    ) -> PyResult<Bound<'py, PyAny>> {
        if width == 0 || height == 0 || width > MAX_SIZE || height > MAX_SIZE {
            return Err(pyo3::exceptions::PyValueError::new_err(format!(
                "width and height must be 1 to {MAX_SIZE}, not {width}x{height}"
            )));
        }
        let frame = py
            .detach(|| self.render_frame(width, height, time, buffer))
            .map_err(|p| p.to_pyerr(py))?;
        let shape = (height as usize, width as usize, 4);
        let bad_shape =
            |e: numpy::ndarray::ShapeError| pyo3::exceptions::PyValueError::new_err(e.to_string());
        Ok(match frame {
            Frame::Color(rgba) => Array3::from_shape_vec(shape, rgba)
                .map_err(bad_shape)?
                .into_pyarray(py)
                .into_any(),
            Frame::Data(texels) => {
                Array3::from_shape_vec(shape, texels.into_iter().flatten().collect())
                    .map_err(bad_shape)?
                    .into_pyarray(py)
                    .into_any()
            }
        })
    }

    /// Evaluates the scene (the output's first input) at points: an array
    /// of shape (N, 3), or (N, 2) for 2D scenes. Returns ``(distances,
    /// material_ids)``: float32 and int32 arrays of length N. The GIL is
    /// released while the GPU works.
    fn sample<'py>(
        &mut self,
        py: Python<'py>,
        points: PyArrayLike2<'py, f32, AllowTypeChange>,
    ) -> PyResult<Bound<'py, pyo3::types::PyTuple>> {
        // An array whose data is not aligned (a slice of a byte buffer, or
        // what unpickling may give) cannot be viewed in place: read a copy.
        let copy: PyReadonlyArray2<'py, f32>;
        let view = if points.is_aligned() {
            points.as_array()
        } else {
            copy = points.as_any().call_method0("copy")?.extract()?;
            copy.as_array()
        };
        let cols = view.ncols();
        if !(2..=3).contains(&cols) {
            return Err(pyo3::exceptions::PyValueError::new_err(format!(
                "points are an (N, 3) or (N, 2) array, not (N, {cols})"
            )));
        }
        let pts: Vec<[f32; 3]> = view
            .rows()
            .into_iter()
            .map(|r| [r[0], r[1], if cols == 3 { r[2] } else { 0.0 }])
            .collect();
        let values = py
            .detach(|| self.sample_points(&pts))
            .map_err(|p| p.to_pyerr(py))?;
        let distances: Array1<f32> = values.iter().map(|v| v[0]).collect();
        let materials: Array1<i32> = values.iter().map(|v| v[1] as i32).collect();
        pyo3::types::PyTuple::new(
            py,
            [
                distances.into_pyarray(py).into_any(),
                materials.into_pyarray(py).into_any(),
            ],
        )
    }

    /// Meshes the scene (the output's first input, or ``node``) by dual
    /// contouring on a grid of ``resolution`` cells along the longest side
    /// of ``bounds`` (six numbers ``x0, y0, z0, x1, y1, z1``; found from the
    /// SDF when None). Returns ``(vertices, faces, normals, colors)``:
    /// float32 (N, 3), uint32 (M, 3) wound counter-clockwise seen from
    /// outside, float32 (N, 3) unit normals, float32 (N, 3) linear RGB base
    /// colours of the materials. The mesh is closed where the surface stays
    /// inside the bounds. ``blocks`` (six integers ``x0, y0, z0, x1, y1,
    /// z1``, a half-open range of blocks of 16 cells of that grid) extracts
    /// only those blocks: a brick of a mesh made in pieces, holding the
    /// whole mesh's triangles that its blocks own (an empty brick gives
    /// empty arrays). With ``keys`` a fifth array follows: each vertex's
    /// place in the grid as uint64 (cell x, y, z in 16 bits each from bit
    /// 2, which polygon of the cell in bits 0-1), equal across the bricks
    /// of one grid, by which bricks are joined. Raises ValueError for a
    /// bad resolution, bounds or blocks, :class:`RenderError` when there is
    /// no surface to mesh. The GIL is released while the GPU works.
    #[pyo3(signature = (resolution = 128, bounds = None, node = None, blocks = None, keys = false))]
    fn mesh<'py>(
        &mut self,
        py: Python<'py>,
        resolution: u32,
        bounds: Option<Vec<f32>>,
        node: Option<String>,
        blocks: Option<Vec<u32>>,
        keys: bool,
    ) -> PyResult<Bound<'py, pyo3::types::PyTuple>> {
        let blocks = match blocks.as_deref() {
            None => None,
            Some(&[x0, y0, z0, x1, y1, z1]) => Some([[x0, y0, z0], [x1, y1, z1]]),
            Some(b) => {
                return Err(pyo3::exceptions::PyValueError::new_err(format!(
                    "blocks are six integers x0, y0, z0, x1, y1, z1, not {}",
                    b.len()
                )));
            }
        };
        let bounds = match bounds {
            None => None,
            Some(b) if b.len() == 6 => Some(Aabb {
                min: [b[0], b[1], b[2]],
                max: [b[3], b[4], b[5]],
            }),
            Some(b) => {
                return Err(pyo3::exceptions::PyValueError::new_err(format!(
                    "bounds are six numbers x0, y0, z0, x1, y1, z1, not {}",
                    b.len()
                )));
            }
        };
        let opts = MeshOptions {
            resolution,
            bounds,
            node,
            blocks,
            ..Default::default()
        };
        check_options(&opts).map_err(|e| pyo3::exceptions::PyValueError::new_err(e.to_string()))?;
        let (mesh, vertex_keys) = py
            .detach(|| self.mesh_scene(&opts))
            .map_err(|p| p.to_pyerr(py))?;
        let bad_shape =
            |e: numpy::ndarray::ShapeError| pyo3::exceptions::PyValueError::new_err(e.to_string());
        let rows3 = |v: Vec<[f32; 3]>| {
            let n = v.len();
            Array2::from_shape_vec((n, 3), v.into_iter().flatten().collect())
        };
        let faces = Array2::from_shape_vec(
            (mesh.triangles.len(), 3),
            mesh.triangles.into_iter().flatten().collect(),
        )
        .map_err(bad_shape)?;
        let mut arrays = vec![
            rows3(mesh.positions)
                .map_err(bad_shape)?
                .into_pyarray(py)
                .into_any(),
            faces.into_pyarray(py).into_any(),
            rows3(mesh.normals)
                .map_err(bad_shape)?
                .into_pyarray(py)
                .into_any(),
            rows3(mesh.colors)
                .map_err(bad_shape)?
                .into_pyarray(py)
                .into_any(),
        ];
        if keys {
            arrays.push(Array1::from(vertex_keys).into_pyarray(py).into_any());
        }
        pyo3::types::PyTuple::new(py, arrays)
    }

    /// The box and grid :meth:`mesh` uses at ``resolution`` (``bounds`` as
    /// given, else found from the SDF on the GPU): a dict of ``bounds`` (six
    /// floats, to hand back to :meth:`mesh` so that every brick has the same
    /// grid), ``cells`` and ``blocks`` (per axis; a block is 16 cells) and
    /// ``step`` (a cell's side).
    #[pyo3(signature = (resolution = 128, bounds = None, node = None))]
    fn mesh_grid<'py>(
        &mut self,
        py: Python<'py>,
        resolution: u32,
        bounds: Option<Vec<f32>>,
        node: Option<String>,
    ) -> PyResult<Bound<'py, pyo3::types::PyDict>> {
        let bounds = match bounds {
            None => None,
            Some(b) if b.len() == 6 => Some(Aabb {
                min: [b[0], b[1], b[2]],
                max: [b[3], b[4], b[5]],
            }),
            Some(b) => {
                return Err(pyo3::exceptions::PyValueError::new_err(format!(
                    "bounds are six numbers x0, y0, z0, x1, y1, z1, not {}",
                    b.len()
                )));
            }
        };
        let opts = MeshOptions {
            resolution,
            bounds,
            node,
            ..Default::default()
        };
        check_options(&opts).map_err(|e| pyo3::exceptions::PyValueError::new_err(e.to_string()))?;
        let (bounds, grid) = py
            .detach(|| {
                self.sampler_renderer()?;
                let Some(r) = self.sampler.as_mut() else {
                    return Err(Problem::bare(Kind::Render, "no sampler"));
                };
                mesh_grid(&self.live.net, &self.live.lib, r, &opts).map_err(|e| match e {
                    MeshError::Build(e) => (&e).into(),
                    MeshError::Render(e) => (&e).into(),
                    e => Problem::bare(Kind::Render, e.to_string()),
                })
            })
            .map_err(|p| p.to_pyerr(py))?;
        let out = pyo3::types::PyDict::new(py);
        let six: Vec<f32> = bounds.min.iter().chain(&bounds.max).copied().collect();
        out.set_item("bounds", six)?;
        out.set_item("cells", grid.cells.to_vec())?;
        out.set_item("blocks", grid.blocks().to_vec())?;
        out.set_item("step", grid.step)?;
        Ok(out)
    }

    /// The shader in another form: ``glsl``, ``shadertoy`` (a Shadertoy
    /// image pass), ``json`` (the parameter layout), ``wgsl`` (str), or
    /// ``spirv`` (bytes). Raises :class:`BuildError` if it does not build.
    fn export<'py>(&self, py: Python<'py>, format: &str) -> PyResult<Bound<'py, PyAny>> {
        let format = parse_format(format)?;
        let (net, lib) = (&self.live.net, &*self.live.lib);
        // Only the build the format is written from is made.
        let bytes = py.detach(|| Exporter::new(net, lib).export(format));
        export_bytes(py, bytes, format)
    }

    /// The data texture an engine format reads (``godot``, ``godot3``,
    /// ``unity``, ``unreal``, ``touchdesigner``), to be written beside the
    /// shader: a dict with ``extension`` (``data.tres`` or ``data.exr``:
    /// what replaces the shader file's extension), ``bytes``, ``width`` and
    /// ``height`` (in texels); ``None`` for a network without data
    /// parameters or a format that binds them itself. Raises
    /// :class:`BuildError` if it does not build.
    fn data_texture<'py>(
        &self,
        py: Python<'py>,
        format: &str,
    ) -> PyResult<Option<Bound<'py, PyDict>>> {
        let format = parse_format(format)?;
        let (net, lib) = (&self.live.net, &*self.live.lib);
        let data = py.detach(|| Exporter::new(net, lib).data_texture(format));
        let data = data.map_err(|e| match e {
            ExportError::Build { error, .. } => Problem::from(&*error).to_pyerr(py),
            e => Problem::bare(Kind::Build, e.to_string()).to_pyerr(py),
        })?;
        let Some(d) = data else { return Ok(None) };
        let out = PyDict::new(py);
        out.set_item("extension", d.extension)?;
        out.set_item("bytes", PyBytes::new(py, &d.bytes))?;
        out.set_item("width", d.width)?;
        out.set_item("height", d.height)?;
        Ok(Some(out))
    }

    /// What edits and renders have cost: ``shader_builds``,
    /// ``failed_builds``, ``param_updates`` (uniform-only changes),
    /// ``pipeline_creations``, ``pipeline_cache_hits``, ``frames``.
    #[getter]
    fn stats(&self) -> std::collections::BTreeMap<&'static str, u64> {
        let s = self.live.stats;
        let r = self
            .live
            .session
            .as_ref()
            .map(|s| s.renderer.stats)
            .unwrap_or_default();
        [
            ("shader_builds", s.shader_builds),
            ("failed_builds", s.failed_builds),
            ("param_updates", s.param_updates),
            ("pipeline_creations", r.pipeline_creations),
            ("pipeline_cache_hits", r.pipeline_cache_hits),
            ("frames", r.frames),
        ]
        .into_iter()
        .collect()
    }

    /// The picture as PNG bytes (256x256), so that a notebook shows a
    /// network by its picture; None when it does not render, and the
    /// notebook shows the text form instead.
    fn _repr_png_<'py>(&mut self, py: Python<'py>) -> Option<Bound<'py, PyBytes>> {
        let frame = py.detach(|| self.render_frame(PREVIEW_SIZE, PREVIEW_SIZE, 0.0, "color"));
        let Ok(Frame::Color(rgba)) = frame else {
            return None;
        };
        let png = crate::png::encode(
            &rgba,
            PREVIEW_SIZE,
            PREVIEW_SIZE,
            image::ExtendedColorType::Rgba8,
        );
        png.ok().map(|bytes| PyBytes::new(py, &bytes))
    }

    fn __contains__(&self, path: &str) -> bool {
        self.live.net.nodes.contains_key(&node_path(path))
    }

    fn __len__(&self) -> usize {
        self.live.net.nodes.len()
    }

    fn __repr__(&self) -> String {
        format!(
            "<ropkit.Network {}: {} nodes, output {}>",
            self.live.net.file.display(),
            self.live.net.nodes.len(),
            if self.live.net.output.is_empty() {
                "(none)"
            } else {
                &self.live.net.output
            }
        )
    }
}
