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

use super::textures::DecodeError;
use super::*;

/// The largest value a 16-bit float holds; brighter texels are clamped.
const HALF_MAX: f32 = 65504.0;

/// Bytes per texel of a float texture on the GPU (`Rgba16Float`).
const FLOAT_TEXEL_BYTES: u64 = 8;

/// Whether `bytes` hold a Radiance or OpenEXR image (by their first bytes).
pub(super) fn is_float_image(bytes: &[u8]) -> bool {
    bytes.starts_with(b"#?RADIANCE")
        || bytes.starts_with(b"#?RGBE")
        || bytes.starts_with(&[0x76, 0x2f, 0x31, 0x01])
}

/// The sizes of the mip levels of a `width`x`height` texture, largest first.
pub(super) fn mip_sizes(width: u32, height: u32) -> Vec<(u32, u32)> {
    let mut sizes = vec![(width.max(1), height.max(1))];
    while let Some(&(w, h)) = sizes.last() {
        if w == 1 && h == 1 {
            break;
        }
        sizes.push(((w / 2).max(1), (h / 2).max(1)));
    }
    sizes
}

/// GPU memory of a `width`x`height` float texture with all its mips.
pub(super) fn float_gpu_bytes(width: u32, height: u32) -> u64 {
    mip_sizes(width, height)
        .iter()
        .map(|&(w, h)| u64::from(w) * u64::from(h) * FLOAT_TEXEL_BYTES)
        .sum()
}

/// One mip level: its size and linear RGBA texels, row by row.
pub(super) struct Level {
    pub width: u32,
    pub height: u32,
    pub texels: Vec<[f32; 4]>,
}

/// Decodes a float image into its mip chain, refusing sizes past
/// [`crate::limits::TEXTURE_SIDE`], or past `room` bytes on the GPU, before
/// any pixel memory is allocated. Texels that are not finite become 0 and
/// brighter ones than a half float holds are clamped.
pub(super) fn decode_float_texture(bytes: &[u8], room: u64) -> Result<Vec<Level>, DecodeError> {
    let reader = image::ImageReader::new(std::io::Cursor::new(bytes)).with_guessed_format()?;
    let (width, height) = reader.into_dimensions()?;
    let side = crate::limits::TEXTURE_SIDE;
    if width > side || height > side {
        return Err(DecodeError::TooLarge { width, height });
    }
    if float_gpu_bytes(width, height) > room {
        return Err(DecodeError::OverBudget { width, height });
    }
    let img = image::ImageReader::new(std::io::Cursor::new(bytes))
        .with_guessed_format()?
        .decode()?
        .into_rgba32f();
    let texels = img
        .pixels()
        .map(|p| {
            p.0.map(|c| {
                if c.is_finite() {
                    c.clamp(0.0, HALF_MAX)
                } else {
                    0.0
                }
            })
        })
        .collect();
    let mut levels = vec![Level {
        width,
        height,
        texels,
    }];
    for &(w, h) in &mip_sizes(width, height)[1..] {
        let next = downsample(levels.last().expect("level 0 is there"), w, h);
        levels.push(next);
    }
    Ok(levels)
}

/// The next mip level: each texel the mean of the texels of `src` it covers
/// (two by two, three where a side is odd).
fn downsample(src: &Level, width: u32, height: u32) -> Level {
    let span = |i: u32, from: u32, to: u32| {
        let a = (u64::from(i) * u64::from(from) / u64::from(to)) as u32;
        let b = ((u64::from(i + 1) * u64::from(from)).div_ceil(u64::from(to)) as u32).min(from);
        a..b.max(a + 1)
    };
    let mut texels = Vec::with_capacity(width as usize * height as usize);
    for y in 0..height {
        for x in 0..width {
            let mut sum = [0.0f32; 4];
            let mut n = 0.0f32;
            for sy in span(y, src.height, height) {
                for sx in span(x, src.width, width) {
                    let t = src.texels[(sy * src.width + sx) as usize];
                    for c in 0..4 {
                        sum[c] += t[c];
                    }
                    n += 1.0;
                }
            }
            texels.push(sum.map(|c| c / n));
        }
    }
    Level {
        width,
        height,
        texels,
    }
}

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

#[cfg(test)]
mod tests {
    use super::*;

    /// A Radiance file of `w`x`h` texels, each `value` (image's own encoder).
    fn hdr(w: u32, h: u32, value: [f32; 3]) -> Vec<u8> {
        let mut bytes = Vec::new();
        let pixels = vec![image::Rgb(value); (w * h) as usize];
        image::codecs::hdr::HdrEncoder::new(&mut bytes)
            .encode(&pixels, w as usize, h as usize)
            .unwrap();
        bytes
    }

    #[test]
    fn mip_chain_sizes_and_bytes_are_counted_for_every_level() {
        assert_eq!(
            mip_sizes(8, 2),
            vec![(8, 2), (4, 1), (2, 1), (1, 1)],
            "halving each side down to 1x1"
        );
        // 8 bytes a texel: 16 + 4 + 2 + 1 texels.
        assert_eq!(float_gpu_bytes(8, 2), (16 + 4 + 2 + 1) * 8);
        assert_eq!(float_gpu_bytes(1, 1), 8);
    }

    #[test]
    fn a_radiance_file_decodes_to_floats_above_one_with_mean_mips() {
        let bytes = hdr(6, 3, [12.5, 0.25, 3.0]);
        assert!(is_float_image(&bytes));
        let levels = decode_float_texture(&bytes, u64::MAX).unwrap();
        assert_eq!(levels.len(), mip_sizes(6, 3).len());
        for level in &levels {
            for t in &level.texels {
                // RGBE keeps 8 bits of mantissa per channel.
                for (got, want) in t.iter().zip([12.5, 0.25, 3.0, 1.0]) {
                    assert!((got - want).abs() <= want * 0.01, "{t:?}");
                }
            }
        }
    }

    #[test]
    fn an_openexr_file_decodes_like_a_radiance_one() {
        let mut img = image::Rgba32FImage::new(4, 2);
        for (x, _, p) in img.enumerate_pixels_mut() {
            *p = image::Rgba([100.0 * x as f32, 0.5, f32::NAN, 1.0]);
        }
        let mut bytes = Vec::new();
        image::DynamicImage::ImageRgba32F(img)
            .write_to(
                &mut std::io::Cursor::new(&mut bytes),
                image::ImageFormat::OpenExr,
            )
            .unwrap();
        assert!(is_float_image(&bytes));
        let levels = decode_float_texture(&bytes, u64::MAX).unwrap();
        let top = &levels[0].texels;
        // Values above one stay; a NaN becomes 0 (it would poison every mip).
        assert_eq!(top[3], [300.0, 0.5, 0.0, 1.0]);
        assert_eq!(
            levels[1].texels[0],
            [50.0, 0.5, 0.0, 1.0],
            "mean of 0, 100 over two rows"
        );
    }

    #[test]
    fn memory_a_float_texture_past_the_room_left_is_refused() {
        let bytes = hdr(64, 32, [1.0, 1.0, 1.0]);
        let exact = float_gpu_bytes(64, 32);
        assert!(exact > 64 * 32 * 8, "the mips are counted too");
        assert!(decode_float_texture(&bytes, exact).is_ok());
        let e = decode_float_texture(&bytes, exact - 1).err().unwrap();
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
    }

    #[test]
    fn a_broken_radiance_file_is_an_error_not_a_panic() {
        let mut bytes = hdr(16, 8, [2.0, 2.0, 2.0]);
        bytes.truncate(bytes.len() / 2);
        assert!(decode_float_texture(&bytes, u64::MAX).is_err());
        let e = decode_float_texture(
            b"#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n\n-Y 99999 +X 99999\n",
            u64::MAX,
        )
        .err()
        .unwrap();
        assert!(
            matches!(e, DecodeError::TooLarge { .. } | DecodeError::Image(_)),
            "{e}"
        );
    }
}
