//! `import ropkit`: the ropkit pipeline for Python scripts and notebooks.
//!
//! Every call goes through the ropkit crate's own stages (library, network,
//! build, render); this module only converts values and errors between Rust
//! and Python. `errors.rs` holds the exception classes, `convert.rs` the
//! value conversions, `library.rs` and `network.rs` the two main classes.

mod convert;
mod errors;
mod library;
mod network;

use pyo3::prelude::*;

/// Build, render and sample raymarched SDF networks made of ROPs.
///
/// >>> import ropkit
/// >>> net = ropkit.Network.load("presets/default.yaml")
/// >>> net.set("/scene/sphere1.Radius", 1.4)
/// >>> image = net.render(256, 256)        # numpy (256, 256, 4) uint8
#[pymodule]
#[pyo3(name = "ropkit")]
fn ropkit_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_class::<library::PyLibrary>()?;
    m.add_class::<network::PyNetwork>()?;
    m.add_class::<network::PyBuild>()?;
    errors::register(m)?;
    Ok(())
}
