//! Textures a network names, read (inside the project only) and uploaded once.

use super::*;

impl Renderer {
    /// The texture at `path` (relative to one of the asset folders, else a
    /// built-in asset). Only a regular file whose real path stays inside the
    /// asset folder it was found in is read: a symlink out of the project is refused.
    pub(super) fn texture_view(&mut self, path: &str) -> Result<wgpu::TextureView, RenderError> {
        if path.is_empty() {
            return Ok(self.blank.clone());
        }
        let fail = |p: &Path, message: String| RenderError::Texture {
            path: p.to_path_buf(),
            message,
        };
        let found = self
            .asset_dirs
            .iter()
            .map(|d| (d, d.join(path)))
            .find(|(_, p)| std::fs::symlink_metadata(p).is_ok());
        let (key, bytes) = match found {
            Some((dir, file)) => {
                let dir = if dir.as_os_str().is_empty() {
                    Path::new(".")
                } else {
                    dir.as_path()
                };
                let real = crate::files::check_within(&file, dir)
                    .map_err(|e| fail(&file, e.to_string()))?;
                if let Some(v) = self.textures.get(&real) {
                    return Ok(v.clone());
                }
                let bytes = crate::files::read_bytes(&real, crate::limits::TEXTURE_FILE_BYTES)
                    .map_err(|e| fail(&file, e.to_string()))?;
                (real, bytes)
            }
            None => {
                let bytes = crate::builtin::asset(Path::new(path))
                    .ok_or_else(|| fail(Path::new(path), "file not found".into()))?;
                let key = crate::builtin::display_path("", Path::new(path));
                if let Some(v) = self.textures.get(&key) {
                    return Ok(v.clone());
                }
                (key, bytes.to_vec())
            }
        };
        let img = decode_texture(&bytes).map_err(|e| fail(&key, e.to_string()))?;
        let view = upload_texture(
            &self.gpu,
            img.width(),
            img.height(),
            img.as_raw(),
            &key.to_string_lossy(),
        );
        self.textures.insert(key, view.clone());
        Ok(view)
    }
}

/// Why a texture file gives no picture.
#[derive(Debug, thiserror::Error)]
pub(super) enum DecodeError {
    #[error(transparent)]
    Io(#[from] std::io::Error),
    #[error(transparent)]
    Image(#[from] image::ImageError),
    #[error("{width}x{height} is larger than the limit of {side}x{side}", side = crate::limits::TEXTURE_SIDE)]
    TooLarge { width: u32, height: u32 },
}

/// Decodes an image, refusing sizes past [`crate::limits::TEXTURE_SIDE`]
/// before any pixel memory is allocated.
pub(super) fn decode_texture(bytes: &[u8]) -> Result<image::RgbaImage, DecodeError> {
    let reader = image::ImageReader::new(std::io::Cursor::new(bytes)).with_guessed_format()?;
    let (width, height) = reader.into_dimensions()?;
    let side = crate::limits::TEXTURE_SIDE;
    if width > side || height > side {
        return Err(DecodeError::TooLarge { width, height });
    }
    let img = image::ImageReader::new(std::io::Cursor::new(bytes))
        .with_guessed_format()?
        .decode()?;
    Ok(img.to_rgba8())
}

pub(super) fn upload_texture(
    gpu: &Gpu,
    width: u32,
    height: u32,
    rgba: &[u8],
    label: &str,
) -> wgpu::TextureView {
    let size = wgpu::Extent3d {
        width,
        height,
        depth_or_array_layers: 1,
    };
    let texture = gpu.device.create_texture(&wgpu::TextureDescriptor {
        label: Some(label),
        size,
        mip_level_count: 1,
        sample_count: 1,
        dimension: wgpu::TextureDimension::D2,
        format: wgpu::TextureFormat::Rgba8UnormSrgb,
        usage: wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::COPY_DST,
        view_formats: &[],
    });
    gpu.queue.write_texture(
        wgpu::TexelCopyTextureInfo {
            texture: &texture,
            mip_level: 0,
            origin: wgpu::Origin3d::ZERO,
            aspect: wgpu::TextureAspect::All,
        },
        rgba,
        wgpu::TexelCopyBufferLayout {
            offset: 0,
            bytes_per_row: Some(4 * width),
            rows_per_image: Some(height),
        },
        size,
    );
    texture.create_view(&Default::default())
}
