//! Writing pictures: PNG and 32-bit float OpenEXR, atomically.

use super::*;

/// Writes a PNG atomically.
/// Writes raw float texels (rows top first, as [`Renderer::render_data`]
/// gives them) as a 32-bit float RGBA OpenEXR file, atomically.
pub fn save_exr(texels: &[[f32; 4]], width: u32, height: u32, path: &Path) -> Result<(), String> {
    let flat: Vec<f32> = texels.iter().flatten().copied().collect();
    let img = image::Rgba32FImage::from_raw(width, height, flat).ok_or_else(|| {
        format!(
            "{}: {} texels for {width}x{height}",
            path.display(),
            texels.len()
        )
    })?;
    let mut bytes = Vec::new();
    image::DynamicImage::ImageRgba32F(img)
        .write_to(
            &mut std::io::Cursor::new(&mut bytes),
            image::ImageFormat::OpenExr,
        )
        .map_err(|e| format!("{}: {e}", path.display()))?;
    crate::files::write_atomic(path, &bytes)
        .map_err(|e| format!("{}: cannot write: {e}", path.display()))
}

pub fn save_png(img: &image::RgbaImage, path: &Path) -> Result<(), String> {
    let mut bytes = Vec::new();
    img.write_to(
        &mut std::io::Cursor::new(&mut bytes),
        image::ImageFormat::Png,
    )
    .map_err(|e| format!("{}: {e}", path.display()))?;
    crate::files::write_atomic(path, &bytes)
        .map_err(|e| format!("{}: cannot write: {e}", path.display()))
}
