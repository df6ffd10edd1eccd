//! Values between Python and ropkit: parameter values, and JSON documents
//! (network dicts, ROP descriptions, parameter layouts), which pass through
//! Python's own `json` module so that every nesting comes out as plain
//! dicts, lists and numbers.

use pyo3::prelude::*;
use pyo3::types::{PyBool, PyFloat, PyInt, PyList, PyString, PyTuple};
use ropkit::value::ParamValue;
use serde_yaml_ng::Value as Yaml;

/// A Python value as the YAML value a network file would hold. Accepts
/// numbers, bools, strings, sequences of numbers and numpy arrays or scalars.
pub fn to_yaml(v: &Bound<'_, PyAny>) -> PyResult<Yaml> {
    // bool first: Python's bool is an int.
    if let Ok(b) = v.cast::<PyBool>() {
        return Ok(Yaml::Bool(b.is_true()));
    }
    if v.is_instance_of::<PyInt>() {
        let i: i64 = v.extract()?;
        return Ok(Yaml::Number(i.into()));
    }
    if v.is_instance_of::<PyFloat>() {
        let f: f64 = v.extract()?;
        return Ok(Yaml::Number(f.into()));
    }
    if let Ok(s) = v.cast::<PyString>() {
        return Ok(Yaml::String(s.to_str()?.to_string()));
    }
    // numpy arrays and scalars turn themselves into Python values.
    if v.hasattr("tolist")? {
        return to_yaml(&v.call_method0("tolist")?);
    }
    if v.is_instance_of::<PyList>() || v.is_instance_of::<PyTuple>() {
        let items = v
            .try_iter()?
            .map(|item| to_yaml(&item?))
            .collect::<PyResult<Vec<_>>>()?;
        return Ok(Yaml::Sequence(items));
    }
    Err(pyo3::exceptions::PyTypeError::new_err(format!(
        "a parameter value is a number, bool, string or sequence of numbers, not {}",
        v.get_type().name()?
    )))
}

/// A parameter value as Python sees it: vectors become tuples of floats.
pub fn param_to_py<'py>(py: Python<'py>, v: &ParamValue) -> PyResult<Bound<'py, PyAny>> {
    Ok(match v {
        ParamValue::Float(f) => f.into_pyobject(py)?.into_any(),
        ParamValue::Int(i) => i.into_pyobject(py)?.into_any(),
        ParamValue::Bool(b) => b.into_pyobject(py)?.to_owned().into_any(),
        ParamValue::Vector(v) => PyTuple::new(py, v)?.into_any(),
        ParamValue::Text(s) => s.into_pyobject(py)?.into_any(),
        // An inline point list: its positions, as (x, y, z) tuples.
        ParamValue::Points(l) => {
            let items = l
                .points
                .iter()
                .map(|p| PyTuple::new(py, p.pos))
                .collect::<PyResult<Vec<_>>>()?;
            PyList::new(py, items)?.into_any()
        }
    })
}

/// A JSON document as Python objects.
pub fn json_to_py<'py>(py: Python<'py>, value: &serde_json::Value) -> PyResult<Bound<'py, PyAny>> {
    let text = serde_json::to_string(value)
        .map_err(|e| pyo3::exceptions::PyValueError::new_err(e.to_string()))?;
    py.import("json")?.call_method1("loads", (text,))
}

/// Python objects (dicts, lists, numbers, strings) as JSON text.
pub fn py_to_json_text(v: &Bound<'_, PyAny>) -> PyResult<String> {
    let json = v.py().import("json")?;
    json.call_method1("dumps", (v,))?.extract()
}
