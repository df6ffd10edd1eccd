//! Textures a network names, read (inside the project only, through one
//! handle: see [`crate::files::open_beneath`]) and uploaded once. All the
//! textures of one shader share one memory budget,
//! [`crate::limits::TEXTURE_BUDGET_BYTES`], checked before decoding.

use super::*;
use crate::decode::images::{DecodeError, decode_texture};

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
                // The bytes are read anyway (through the checked handle):
                // their hash tells an edited file from the one cached.
                let stamp = content_stamp(&bytes);
                if let Some((_, v)) = self.textures.get(&real).filter(|(s, _)| *s == stamp) {
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
                if let Some((_, v)) = self.textures.get(&key) {
                    return Ok(v.clone());
                }
                (key, bytes.to_vec())
            }
        };
        let label = key.to_string_lossy().into_owned();
        if crate::decode::images::is_float_image(&bytes) {
            let levels = crate::decode::images::decode_float_texture(&bytes, room)
                .map_err(|e| fail(&key, e.to_string()))?;
            let view = super::float_textures::upload_float_texture(&self.gpu, &levels, &label);
            self.textures
                .insert(key, (content_stamp(&bytes), view.clone()));
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
        self.textures
            .insert(key, (content_stamp(&bytes), view.clone()));
        Ok(view)
    }
}

/// What a texture cached under a path was made from: a hash of the file's bytes.
pub(super) fn content_stamp(bytes: &[u8]) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    bytes.hash(&mut h);
    h.finish()
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
