//! PNG files of rendered pictures: `ropkit.save_png`, so that batch renders
//! need nothing beyond numpy, and the bytes a notebook shows a network as.

use numpy::{PyReadonlyArray3, PyUntypedArrayMethods};
use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;
use std::path::PathBuf;

/// Writes ``image``, a uint8 array of shape (height, width, 4) (RGBA) or
/// (height, width, 3) (RGB) as :meth:`Network.render` returns it, to a PNG
/// file at ``path``. The file is written atomically: a reader never sees half
/// a picture and a failed write leaves an existing file as it was.
#[pyfunction]
pub fn save_png(py: Python<'_>, path: PathBuf, image: PyReadonlyArray3<'_, u8>) -> PyResult<()> {
    let shape = image.shape().to_vec();
    let (height, width, channels) = (shape[0], shape[1], shape[2]);
    let color = match channels {
        4 => image::ExtendedColorType::Rgba8,
        3 => image::ExtendedColorType::Rgb8,
        _ => {
            return Err(PyValueError::new_err(format!(
                "a PNG takes an (H, W, 4) or (H, W, 3) uint8 array, not (H, W, {channels})"
            )));
        }
    };
    if width == 0 || height == 0 || width > u32::MAX as usize || height > u32::MAX as usize {
        return Err(PyValueError::new_err(format!(
            "cannot write a {width}x{height} picture"
        )));
    }
    // Row-major and contiguous, whatever strides the caller's array has.
    let pixels: Vec<u8> = image.as_array().iter().copied().collect();
    py.detach(|| {
        let bytes =
            encode(&pixels, width as u32, height as u32, color).map_err(PyValueError::new_err)?;
        ropkit::files::write_atomic(&path, &bytes)
            .map_err(|e| PyOSError::new_err(format!("{}: {e}", path.display())))
    })
}

/// PNG file bytes of 8-bit pixels, rows top first.
pub fn encode(
    pixels: &[u8],
    width: u32,
    height: u32,
    color: image::ExtendedColorType,
) -> Result<Vec<u8>, String> {
    let mut bytes = Vec::new();
    image::ImageEncoder::write_image(
        image::codecs::png::PngEncoder::new(&mut bytes),
        pixels,
        width,
        height,
        color,
    )
    .map_err(|e| e.to_string())?;
    Ok(bytes)
}
