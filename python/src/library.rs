//! `ropkit.Library`: the ROP definitions and shader files, and the GPU
//! device that every network built from this library renders on.

use crate::convert::json_to_py;
use crate::errors::Problem;
use pyo3::prelude::*;
use ropkit::library::Library;
use ropkit::project::Project;
use ropkit::render::{Gpu, RenderError};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

/// The ROP library: the built-in ROPs (`rops/`), the shader library
/// (`shaders/`), plus any extra ROP folders.
///
/// The built-in ROPs come from ``ROPKIT_HOME``, else the current folder or a
/// parent holding ``rops/`` and ``shaders/`` (a ropkit checkout), else the
/// copy built into the module, so it works from any folder. A project
/// folder with its own ``rops/`` and ``ROPKIT_ROPS`` (a path list) add
/// folders, as for the command line.
#[pyclass(module = "ropkit", name = "Library", frozen)]
pub struct PyLibrary {
    pub project: Project,
    pub lib: Arc<Library>,
    /// Opened on the first render and shared by every network of this library.
    gpu: Mutex<Option<Gpu>>,
}

impl PyLibrary {
    pub fn load(paths: Vec<PathBuf>) -> PyLibrary {
        let project = Project::discover(&paths);
        let lib = Arc::new(project.load_library());
        PyLibrary {
            project,
            lib,
            gpu: Mutex::new(None),
        }
    }

    /// The shared device, opened on first use.
    pub fn gpu(&self) -> Result<Gpu, RenderError> {
        let mut slot = self.gpu.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(gpu) = slot.as_ref() {
            return Ok(gpu.clone());
        }
        let gpu = Gpu::headless()?;
        *slot = Some(gpu.clone());
        Ok(gpu)
    }
}

#[pymethods]
impl PyLibrary {
    /// Loads the built-in ROPs plus the ROP folders in ``paths`` (each a
    /// folder holding ROP folders, at any depth). A folder that fails to load
    /// does not raise: see :attr:`problems`.
    #[new]
    #[pyo3(signature = (paths = None))]
    fn new(paths: Option<Vec<PathBuf>>) -> PyLibrary {
        PyLibrary::load(paths.unwrap_or_default())
    }

    /// The library of the folder ``root`` alone, whatever the current
    /// folder, ``ROPKIT_HOME`` or ``ROPKIT_ROPS`` say: the built-in ROPs and
    /// shaders from ``root/rops`` and ``root/shaders`` when it holds both,
    /// else the copy built into the module; plus the ROP folders in
    /// ``paths``. Texture paths are looked up in ``root`` too. (A render farm
    /// worker rebuilds a network sent to it this way, in a folder of its own.)
    #[staticmethod]
    #[pyo3(signature = (root, paths = None))]
    fn at(root: PathBuf, paths: Option<Vec<PathBuf>>) -> PyLibrary {
        let project = match crate::content::builtin_folder(&root) {
            Some(r) => Project::checkout(&r),
            None => Project::embedded(&root),
        }
        .with_rops(&paths.unwrap_or_default());
        let lib = Arc::new(project.load_library());
        PyLibrary {
            project,
            lib,
            gpu: Mutex::new(None),
        }
    }

    /// Where the ROP definitions live in memory (see ``Network._library_address``).
    fn _address(&self) -> usize {
        Arc::as_ptr(&self.lib) as usize
    }

    /// Every ROP definition as a dict: ``name``, ``category``,
    /// ``description``, ``params`` (each with ``name``, ``style``,
    /// ``default``, ``min``, ``max``, ``hardMin``, ``hardMax``, ``options``,
    /// ``uniform``), ``inputs``
    /// (each with ``name``, ``required`` and the types it accepts) and more,
    /// sorted by name. ``category`` narrows the list to one category.
    #[pyo3(signature = (category = None))]
    fn rops<'py>(&self, py: Python<'py>, category: Option<&str>) -> PyResult<Bound<'py, PyAny>> {
        let list: Vec<serde_json::Value> = self
            .lib
            .rops
            .values()
            .filter(|d| category.is_none_or(|c| d.category == c))
            .map(ropkit::export::rop_json)
            .collect();
        json_to_py(py, &serde_json::Value::Array(list))
    }

    /// One ROP definition as a dict (see :meth:`rops`).
    fn rop<'py>(&self, py: Python<'py>, name: &str) -> PyResult<Bound<'py, PyAny>> {
        match ropkit::network::lookup_rop(&self.lib, name) {
            Ok(def) => json_to_py(py, &ropkit::export::rop_json(def)),
            Err(e) => Err(pyo3::exceptions::PyKeyError::new_err(e.to_string())),
        }
    }

    /// The names of all ROPs, sorted.
    fn names(&self) -> Vec<String> {
        self.lib.rops.keys().cloned().collect()
    }

    /// The categories, sorted.
    fn categories(&self) -> Vec<String> {
        let mut c: Vec<String> = self.lib.rops.values().map(|d| d.category.clone()).collect();
        c.sort();
        c.dedup();
        c
    }

    /// ROP folders and shader files that failed to load, as
    /// :class:`LibraryError` instances (not raised) with file and line.
    #[getter]
    fn problems(&self, py: Python<'_>) -> Vec<PyErr> {
        self.lib
            .broken
            .iter()
            .map(|e| Problem::from(e).to_pyerr(py))
            .collect()
    }

    /// The folders ROPs were read from, built-in first.
    #[getter]
    fn rop_roots(&self) -> Vec<PathBuf> {
        self.lib.sources.rop_paths()
    }

    /// The project folder (holding ``rops/``, ``shaders/``, ``presets/``).
    #[getter]
    fn root(&self) -> PathBuf {
        self.project.root.clone()
    }

    /// The name of the GPU adapter renders run on (opens it if needed).
    #[getter]
    fn adapter(&self) -> PyResult<String> {
        Python::attach(|py| {
            self.gpu()
                .map(|g| g.adapter)
                .map_err(|e| Problem::from(&e).to_pyerr(py))
        })
    }

    fn __len__(&self) -> usize {
        self.lib.rops.len()
    }

    fn __contains__(&self, name: &str) -> bool {
        self.lib.rops.contains_key(name)
    }

    fn __repr__(&self) -> String {
        format!(
            "<ropkit.Library: {} ROPs from {}{}>",
            self.lib.rops.len(),
            self.lib
                .sources
                .rop_paths()
                .iter()
                .map(|p| p.display().to_string())
                .collect::<Vec<_>>()
                .join(", "),
            match self.lib.broken.len() {
                0 => String::new(),
                n => format!(", {n} problem(s)"),
            }
        )
    }
}
