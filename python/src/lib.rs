//! `import ropkit`: the ropkit pipeline for Python scripts and notebooks.
//!
//! Every call goes through the ropkit crate's own stages (library, network,
//! build, render); this module only converts values and errors between Rust
//! and Python. `errors.rs` holds the exception classes, `convert.rs` the
//! value conversions, `library.rs` and `network.rs` the two main classes,
//! `frames.rs` frames and tiles drawn as `ropkit render` draws them,
//! `content.rs` a network's files as bytes for another machine, `png.rs`
//! the PNG writer for rendered arrays, `mesh_file.rs` the mesh writer, `dask.rs` the render farm
//! `ropkit.dask`, written in Python (`dask.py`).

mod content;
mod convert;
mod dask;
mod errors;
mod frames;
mod library;
mod mesh_file;
mod network;
mod png;

use pyo3::prelude::*;

/// Build, render and sample raymarched SDF networks made of ROPs.
///
/// >>> import ropkit
/// >>> net = ropkit.Network.load("presets/default.yaml")
/// >>> net.set("/scene/sphere1.Radius", 1.4)
/// >>> image = net.render(256, 256)        # numpy (256, 256, 4) uint8
/// >>> ropkit.save_png("sphere.png", image)
#[pymodule]
#[pyo3(name = "ropkit")]
fn ropkit_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_class::<library::PyLibrary>()?;
    m.add_class::<network::PyNetwork>()?;
    m.add_class::<network::PyBuild>()?;
    m.add_class::<frames::PyFrames>()?;
    m.add_function(wrap_pyfunction!(content::network_content, m)?)?;
    m.add_function(wrap_pyfunction!(png::save_png, m)?)?;
    m.add_function(wrap_pyfunction!(network::formats, m)?)?;
    m.add_function(wrap_pyfunction!(mesh_file::save_mesh, m)?)?;
    errors::register(m)?;
    dask::register(m)?;
    Ok(())
}
