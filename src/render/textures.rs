//! Textures a network names, read (inside the project only, through one
//! handle: see [`crate::files::open_beneath`]) and uploaded once. All the
//! textures of one shader share one memory budget,
//! [`crate::limits::TEXTURE_BUDGET_BYTES`], checked before decoding.

use super::*;

impl Renderer {
    /// A view for each texture binding of a shader, within the budget.
    pub(super) fn texture_views(
        &mut self,
        shader: &crate::generate::Shader,
    ) -> Result<Vec<wgpu::TextureView>, RenderError> {
        let budget = crate::limits::TEXTURE_BUDGET_BYTES;
        let mut used = 0u64;
        let mut counted = std::collections::BTreeSet::new();
        let mut views = Vec::new();
        for t in &shader.textures {
            if t.data {
                views.push(upload_data(&self.gpu, &shader.data));
                continue;
            }
            if t.volume.is_some() {
                let (view, bytes) = self
                    .volume_view(t, budget.saturating_sub(used))
                    .map_err(|e| e.at_binding(t))?;
                if counted.insert(t.path.as_str()) {
                    used += bytes;
                }
                views.push(view);
                continue;
            }
            let view = self
                .texture_view(&t.path, budget.saturating_sub(used))
                .map_err(|e| e.at_binding(t))?;
            if counted.insert(t.path.as_str()) {
                used += texture_bytes(view.texture());
            }
            views.push(view);
        }
        Ok(views)
    }

    /// The texture at `path` (relative to one of the asset folders, else a
    /// built-in asset), refused when its pixels would take more than
    /// `room` bytes. A file is read only below the asset folder it was
    /// found in: a symlink out of the project is refused.
    pub(super) fn texture_view(
        &mut self,
        path: &str,
        room: u64,
    ) -> Result<wgpu::TextureView, RenderError> {
        if path.is_empty() {
            return Ok(self.blank.clone());
        }
        let fail = |p: &Path, message: String| RenderError::Texture {
            path: p.to_path_buf(),
            message,
            site: None,
        };
        let rel = Path::new(path);
        crate::files::check_relative(rel).map_err(|e| fail(rel, e.to_string()))?;
        let found = self
            .asset_dirs
            .iter()
            .map(|d| (d, d.join(path)))
            .find(|(_, p)| std::fs::symlink_metadata(p).is_ok());
        let (key, bytes) = match found {
            Some((dir, file)) => {
                let bytes =
                    crate::files::read_bytes_beneath(dir, rel, crate::limits::TEXTURE_FILE_BYTES)
                        .map_err(|e| fail(&file, e.to_string()))?;
                let real = file.canonicalize().unwrap_or(file);
                if let Some(v) = self.textures.get(&real) {
                    let t = v.texture();
                    if texture_bytes(t) > room {
                        let e = DecodeError::OverBudget {
                            width: t.width(),
                            height: t.height(),
                        };
                        return Err(fail(&real, e.to_string()));
                    }
                    return Ok(v.clone());
                }
                (real, bytes)
            }
            None => {
                let bytes =
                    crate::builtin::asset(rel).ok_or_else(|| fail(rel, "file not found".into()))?;
                let key = crate::builtin::display_path("", rel);
                if let Some(v) = self.textures.get(&key) {
                    return Ok(v.clone());
                }
                (key, bytes.to_vec())
            }
        };
        let label = key.to_string_lossy().into_owned();
        if super::float_textures::is_float_image(&bytes) {
            let levels = super::float_textures::decode_float_texture(&bytes, room)
                .map_err(|e| fail(&key, e.to_string()))?;
            let view = super::float_textures::upload_float_texture(&self.gpu, &levels, &label);
            self.textures.insert(key, view.clone());
            return Ok(view);
        }
        let img = decode_texture(&bytes, room).map_err(|e| fail(&key, e.to_string()))?;
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

/// GPU memory of a texture: every mip level and layer at its format's
/// bytes per texel (4 for the 8-bit pictures, 8 for float ones).
pub(super) fn texture_bytes(t: &wgpu::Texture) -> u64 {
    let texel = u64::from(t.format().block_copy_size(None).unwrap_or(4));
    (0..t.mip_level_count())
        .map(|mip| {
            let w = u64::from((t.width() >> mip).max(1));
            let h = u64::from((t.height() >> mip).max(1));
            w * h * u64::from(t.depth_or_array_layers()) * texel
        })
        .sum()
}

/// Refuses a `width`x`height` RGBA picture past `room` bytes.
fn check_room(width: u32, height: u32, room: u64) -> Result<(), DecodeError> {
    let bytes = u64::from(width) * u64::from(height) * 4;
    if bytes > room {
        return Err(DecodeError::OverBudget { width, height });
    }
    Ok(())
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
    #[error(
        "{width}x{height} does not fit: the textures of one shader take at most {} together (TEXTURE_BUDGET_BYTES)",
        crate::files::human_size(crate::limits::TEXTURE_BUDGET_BYTES)
    )]
    OverBudget { width: u32, height: u32 },
}

/// Decodes an image, refusing sizes past [`crate::limits::TEXTURE_SIDE`],
/// or past `room` bytes of RGBA, before any pixel memory is allocated.
pub(super) fn decode_texture(bytes: &[u8], room: u64) -> Result<image::RgbaImage, DecodeError> {
    let reader = image::ImageReader::new(std::io::Cursor::new(bytes)).with_guessed_format()?;
    let (width, height) = reader.into_dimensions()?;
    let side = crate::limits::TEXTURE_SIDE;
    if width > side || height > side {
        return Err(DecodeError::TooLarge { width, height });
    }
    check_room(width, height, room)?;
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

/// The data texture: `texels` as 32-bit floats, [`crate::data::DATA_WIDTH`]
/// to a row (the layout `rk_data` reads), the last row padded. Its size is
/// bounded by [`crate::limits::DATA_TEXELS`] when the shader is generated.
pub(super) fn upload_data(gpu: &Gpu, texels: &[[f32; 4]]) -> wgpu::TextureView {
    let width = crate::data::DATA_WIDTH;
    let height = texels.len().div_ceil(width).max(1);
    let mut bytes = Vec::with_capacity(width * height * 16);
    for t in texels {
        for v in t {
            bytes.extend_from_slice(&v.to_le_bytes());
        }
    }
    bytes.resize(width * height * 16, 0);
    let size = wgpu::Extent3d {
        width: width as u32,
        height: height as u32,
        depth_or_array_layers: 1,
    };
    let texture = gpu.device.create_texture(&wgpu::TextureDescriptor {
        label: Some("ropkit data"),
        size,
        mip_level_count: 1,
        sample_count: 1,
        dimension: wgpu::TextureDimension::D2,
        format: wgpu::TextureFormat::Rgba32Float,
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
        &bytes,
        wgpu::TexelCopyBufferLayout {
            offset: 0,
            bytes_per_row: Some(16 * width as u32),
            rows_per_image: Some(height as u32),
        },
        size,
    );
    texture.create_view(&Default::default())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A PNG of `w`x`h` grey pixels.
    fn png(w: u32, h: u32) -> Vec<u8> {
        let mut bytes = Vec::new();
        image::RgbaImage::from_pixel(w, h, image::Rgba([9, 9, 9, 255]))
            .write_to(
                &mut std::io::Cursor::new(&mut bytes),
                image::ImageFormat::Png,
            )
            .unwrap();
        bytes
    }

    #[test]
    fn memory_a_texture_past_the_room_left_is_refused() {
        let bytes = png(64, 32);
        let exact = 64 * 32 * 4;
        let img = decode_texture(&bytes, exact).unwrap();
        assert_eq!(img.dimensions(), (64, 32));
        let e = decode_texture(&bytes, exact - 1).unwrap_err();
        assert!(
            matches!(
                e,
                DecodeError::OverBudget {
                    width: 64,
                    height: 32
                }
            ),
            "{e}"
        );
        assert!(e.to_string().contains("TEXTURE_BUDGET_BYTES"), "{e}");
    }
}
