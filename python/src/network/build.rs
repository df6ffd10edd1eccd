//! `ropkit.Build`: one build of a network, its GLSL and layout, or the
//! errors that stopped it.

use super::*;

/// The outcome of :meth:`Network.build`: the stitched GLSL and its
/// parameter layout, or the errors that stopped it.
#[pyclass(module = "ropkit", name = "Build", frozen)]
pub struct PyBuild {
    pub(super) built: Option<Built>,
    pub(super) errors: Vec<Problem>,
    pub(super) net: Network,
    pub(super) lib: Arc<Library>,
}

#[pymethods]
impl PyBuild {
    /// Whether the build succeeded.
    #[getter]
    fn ok(&self) -> bool {
        self.built.is_some()
    }

    /// The stitched GLSL fragment shader, or None if the build failed.
    #[getter]
    fn glsl(&self) -> Option<String> {
        self.built.as_ref().map(|b| b.shader.glsl.clone())
    }

    /// The parameter layout (the JSON export) as a dict: where each
    /// parameter lives in the uniform block, its default, range and value.
    #[getter]
    fn layout<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        match &self.built {
            Some(b) => Ok(Some(json_to_py(
                py,
                &layout_json(&b.shader, &self.net, &self.lib),
            )?)),
            None => Ok(None),
        }
    }

    /// The errors as exception instances (not raised), each with ``file``,
    /// ``line``, ``col``, ``node`` and ``message``. Empty when the build succeeded.
    #[getter]
    fn errors(&self, py: Python<'_>) -> Vec<PyErr> {
        self.errors.iter().map(|p| p.to_pyerr(py)).collect()
    }

    /// What the build found worth telling without stopping (a character the
    /// font has no glyph for), each a dict with ``file``, ``line``, ``node``
    /// and ``message`` (``file`` and ``line`` are None for a network made in
    /// a script). Empty when the build failed.
    #[getter]
    fn warnings<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyDict>>> {
        let Some(b) = &self.built else {
            return Ok(Vec::new());
        };
        b.shader
            .warnings
            .iter()
            .map(|w| {
                let d = PyDict::new(py);
                let real = !is_pseudo_file(&w.file);
                d.set_item("file", real.then(|| w.file.display().to_string()))?;
                d.set_item("line", real.then_some(w.line))?;
                d.set_item("node", w.node.clone())?;
                d.set_item("message", w.message.clone())?;
                Ok(d)
            })
            .collect()
    }

    /// Raises the first error, if any (for scripts that prefer exceptions).
    fn raise_for_errors(&self, py: Python<'_>) -> PyResult<()> {
        match self.errors.first() {
            Some(p) => Err(p.to_pyerr(py)),
            None => Ok(()),
        }
    }

    /// This build in another form (see :meth:`Network.export`).
    fn export<'py>(&self, py: Python<'py>, format: &str) -> PyResult<Bound<'py, PyAny>> {
        let format = parse_format(format)?;
        match &self.built {
            Some(b) => export_py(py, b, &self.net, &self.lib, format),
            None => Err(self
                .errors
                .first()
                .map(|p| p.to_pyerr(py))
                .unwrap_or_else(|| Problem::bare(Kind::Build, "the build failed").to_pyerr(py))),
        }
    }

    fn __bool__(&self) -> bool {
        self.built.is_some()
    }

    fn __repr__(&self) -> String {
        match (&self.built, self.errors.first()) {
            (Some(b), _) => format!("<ropkit.Build ok: {b}>"),
            (None, Some(e)) => format!(
                "<ropkit.Build failed: {}>",
                e.text.lines().next().unwrap_or("")
            ),
            (None, None) => "<ropkit.Build failed>".into(),
        }
    }
}
