//! `ropkit.dask`: the render farm on `dask.distributed`, written in Python
//! (`dask.py`) and compiled into the extension, so that the one module file
//! holds it and `import ropkit.dask` works wherever `import ropkit` does (a
//! worker unpickling a task finds it). Dask itself is imported only when a
//! function of it is called.

use pyo3::prelude::*;
use std::ffi::CString;

/// Runs `dask.py` as the submodule `ropkit.dask` and hands it the extension
/// module, whose networks it makes picklable.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    let code = CString::new(include_str!("dask.py"))
        .map_err(|e| pyo3::exceptions::PyValueError::new_err(e.to_string()))?;
    let sub = PyModule::from_code(py, &code, c"ropkit/dask.py", c"ropkit.dask")?;
    sub.getattr("_install")?.call1((m,))?;
    m.add_submodule(&sub)?;
    py.import("sys")?
        .getattr("modules")?
        .set_item("ropkit.dask", &sub)?;
    Ok(())
}
