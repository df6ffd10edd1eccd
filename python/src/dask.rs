//! `ropkit.dask`: the render farm on `dask.distributed`, written in Python
//! (`dask.py`, and the parts run in its namespace: `dask_sweep.py`,
//! `dask_mesh.py`, `dask_cli.py`) and compiled into the extension, so that the one module file
//! holds it and `import ropkit.dask` works wherever `import ropkit` does (a
//! worker unpickling a task finds it). Dask itself is imported only when a
//! function of it is called.

use pyo3::prelude::*;
use std::ffi::CString;

/// The parts of `ropkit.dask` run after `dask.py`, in its namespace: one
/// module for the user, files of one job each here.
const PARTS: [(&str, &str); 3] = [
    ("ropkit/dask_sweep.py", include_str!("dask_sweep.py")),
    ("ropkit/dask_mesh.py", include_str!("dask_mesh.py")),
    ("ropkit/dask_cli.py", include_str!("dask_cli.py")),
];

/// Runs `dask.py` and its parts as the submodule `ropkit.dask` and hands it
/// the extension module, whose networks it makes picklable.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    let code = CString::new(include_str!("dask.py"))
        .map_err(|e| pyo3::exceptions::PyValueError::new_err(e.to_string()))?;
    let sub = PyModule::from_code(py, &code, c"ropkit/dask.py", c"ropkit.dask")?;
    let builtins = py.import("builtins")?;
    for (file, source) in PARTS {
        let compiled = builtins.getattr("compile")?.call1((source, file, "exec"))?;
        builtins.getattr("exec")?.call1((compiled, sub.dict()))?;
    }
    sub.getattr("_install")?.call1((m,))?;
    m.add_submodule(&sub)?;
    py.import("sys")?
        .getattr("modules")?
        .set_item("ropkit.dask", &sub)?;
    Ok(())
}
