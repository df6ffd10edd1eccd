//! `ropkit.save_mesh`: a mesh given as arrays written as the files `ropkit
//! mesh` writes (glTF binary, OBJ, STL, PLY), so that a mesh stitched from
//! bricks in Python is stored by the same writers.

use numpy::{PyReadonlyArray2, PyUntypedArrayMethods};
use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;
use ropkit::mesh::Mesh;
use ropkit::mesh::write::{MeshFormat, encode};
use std::path::PathBuf;

/// Rows of three floats of an (N, 3) array, checked to have `rows` rows
/// when given.
fn rows3(
    name: &str,
    array: &PyReadonlyArray2<'_, f32>,
    rows: Option<usize>,
) -> PyResult<Vec<[f32; 3]>> {
    let shape = array.shape();
    if shape[1] != 3 || rows.is_some_and(|n| n != shape[0]) {
        return Err(PyValueError::new_err(format!(
            "{name} is an ({}, 3) array, not {shape:?}",
            rows.map_or("N".to_string(), |n| n.to_string())
        )));
    }
    Ok(array
        .as_array()
        .rows()
        .into_iter()
        .map(|r| [r[0], r[1], r[2]])
        .collect())
}

/// Writes a mesh to ``path``, its format from the extension (``.glb``,
/// ``.obj``, ``.stl``, ``.ply``), as ``ropkit mesh`` writes it, atomically:
/// ``vertices`` float32 (N, 3), ``faces`` uint32 (M, 3) wound
/// counter-clockwise seen from outside, ``normals`` and ``colors`` float32
/// (N, 3) (linear RGB, 0 to 1) as :meth:`Network.mesh` returns them.
#[pyfunction]
pub fn save_mesh(
    py: Python<'_>,
    path: PathBuf,
    vertices: PyReadonlyArray2<'_, f32>,
    faces: PyReadonlyArray2<'_, u32>,
    normals: PyReadonlyArray2<'_, f32>,
    colors: PyReadonlyArray2<'_, f32>,
) -> PyResult<()> {
    let format = MeshFormat::from_path(&path).map_err(|e| PyValueError::new_err(e.to_string()))?;
    let positions = rows3("vertices", &vertices, None)?;
    let n = positions.len();
    let mesh = Mesh {
        normals: rows3("normals", &normals, Some(n))?,
        colors: rows3("colors", &colors, Some(n))?,
        positions,
        triangles: {
            if faces.shape()[1] != 3 {
                return Err(PyValueError::new_err(format!(
                    "faces is an (M, 3) array, not {:?}",
                    faces.shape()
                )));
            }
            let tris: Vec<[u32; 3]> = faces
                .as_array()
                .rows()
                .into_iter()
                .map(|r| [r[0], r[1], r[2]])
                .collect();
            if let Some(bad) = tris.iter().flatten().find(|v| **v as usize >= n) {
                return Err(PyValueError::new_err(format!(
                    "faces name vertex {bad}, but there are {n} vertices"
                )));
            }
            tris
        },
    };
    py.detach(|| {
        let bytes = encode(&mesh, format).map_err(|e| PyValueError::new_err(e.to_string()))?;
        ropkit::files::write_atomic(&path, &bytes)
            .map_err(|e| PyOSError::new_err(format!("{}: {e}", path.display())))
    })
}
