//! Writing pictures: PNG and 32-bit float OpenEXR, atomically.

use super::*;

/// Why a picture could not be written.
#[derive(Debug, thiserror::Error)]
pub enum PictureError {
    #[error("{}: {count} texels for {width}x{height}", path.display())]
    Size {
        path: PathBuf,
        count: usize,
        width: u32,
        height: u32,
    },
    #[error("{}: {error}", path.display())]
    Encode {
        path: PathBuf,
        error: image::ImageError,
    },
    #[error("{}: cannot write: {error}", path.display())]
    Write {
        path: PathBuf,
        error: std::io::Error,
    },
}

/// Writes raw float texels (rows top first, as [`Renderer::render_data`]
/// gives them) as a 32-bit float RGBA OpenEXR file, atomically.
pub fn save_exr(
    texels: &[[f32; 4]],
    width: u32,
    height: u32,
    path: &Path,
) -> Result<(), PictureError> {
    write(path, &encode_exr(texels, width, height, path)?)
}

/// The bytes [`save_exr`] writes; `path` only names the picture in errors
/// (a picture drawn on one machine and written on another is encoded here).
pub fn encode_exr(
    texels: &[[f32; 4]],
    width: u32,
    height: u32,
    path: &Path,
) -> Result<Vec<u8>, PictureError> {
    let flat: Vec<f32> = texels.iter().flatten().copied().collect();
    let img =
        image::Rgba32FImage::from_raw(width, height, flat).ok_or_else(|| PictureError::Size {
            path: path.to_path_buf(),
            count: texels.len(),
            width,
            height,
        })?;
    let mut bytes = Vec::new();
    image::DynamicImage::ImageRgba32F(img)
        .write_to(
            &mut std::io::Cursor::new(&mut bytes),
            image::ImageFormat::OpenExr,
        )
        .map_err(|error| PictureError::Encode {
            path: path.to_path_buf(),
            error,
        })?;
    Ok(bytes)
}

/// Writes a PNG atomically.
pub fn save_png(img: &image::RgbaImage, path: &Path) -> Result<(), PictureError> {
    write(path, &encode_png(img, path)?)
}

/// The bytes [`save_png`] writes; `path` only names the picture in errors.
pub fn encode_png(img: &image::RgbaImage, path: &Path) -> Result<Vec<u8>, PictureError> {
    let mut bytes = Vec::new();
    img.write_to(
        &mut std::io::Cursor::new(&mut bytes),
        image::ImageFormat::Png,
    )
    .map_err(|error| PictureError::Encode {
        path: path.to_path_buf(),
        error,
    })?;
    Ok(bytes)
}

fn write(path: &Path, bytes: &[u8]) -> Result<(), PictureError> {
    crate::files::write_atomic(path, bytes).map_err(|error| PictureError::Write {
        path: path.to_path_buf(),
        error,
    })
}
