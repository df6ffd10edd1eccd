//! Float textures: high dynamic range images (Radiance `.hdr`, OpenEXR),
//! such as the equirectangular environment maps that `environmentMap`
//! reads. They keep values above 1 (a sun a thousand times brighter than
//! the sky), so they cannot go through the 8-bit path of PNG and JPEG.
//!
//! Each goes to the GPU as `Rgba16Float` with a full chain of mip levels:
//! 16-bit floats are filterable on every adapter (32-bit ones need an
//! optional feature), and the mips let a shader read the map blurred by
//! `textureLod`, which is how rough surfaces see their surroundings. The
//! texels count against [`crate::limits::TEXTURE_BUDGET_BYTES`] at 8 bytes
//! each, mips included ([`float_gpu_bytes`]).

use super::*;
use crate::decode::images::{FLOAT_TEXEL_BYTES, Level};

/// Uploads a mip chain as one `Rgba16Float` texture.
pub(super) fn upload_float_texture(gpu: &Gpu, levels: &[Level], label: &str) -> wgpu::TextureView {
    let texture = gpu.device.create_texture(&wgpu::TextureDescriptor {
        label: Some(label),
        size: wgpu::Extent3d {
            width: levels[0].width,
            height: levels[0].height,
            depth_or_array_layers: 1,
        },
        mip_level_count: levels.len() as u32,
        sample_count: 1,
        dimension: wgpu::TextureDimension::D2,
        format: wgpu::TextureFormat::Rgba16Float,
        usage: wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::COPY_DST,
        view_formats: &[],
    });
    for (mip, level) in levels.iter().enumerate() {
        let halves: Vec<u16> = level
            .texels
            .iter()
            .flat_map(|t| t.map(|c| half::f16::from_f32(c).to_bits()))
            .collect();
        let size = wgpu::Extent3d {
            width: level.width,
            height: level.height,
            depth_or_array_layers: 1,
        };
        gpu.queue.write_texture(
            wgpu::TexelCopyTextureInfo {
                texture: &texture,
                mip_level: mip as u32,
                origin: wgpu::Origin3d::ZERO,
                aspect: wgpu::TextureAspect::All,
            },
            bytemuck::cast_slice(&halves),
            wgpu::TexelCopyBufferLayout {
                offset: 0,
                bytes_per_row: Some(FLOAT_TEXEL_BYTES as u32 * level.width),
                rows_per_image: Some(level.height),
            },
            size,
        );
    }
    texture.create_view(&Default::default())
}
