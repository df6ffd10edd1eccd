//! Pictures decoded from their files, without a GPU: 8-bit PNG and JPEG
//! as RGBA bytes, and float images (Radiance `.hdr`, OpenEXR) as linear
//! RGBA floats with their mip chain. Every size is checked from the
//! header, against [`crate::limits::TEXTURE_SIDE`] and the room left in
//! the shader's [`crate::limits::TEXTURE_BUDGET_BYTES`], before any pixel
//! memory is taken. The renderer (`render/textures.rs`,
//! `render/float_textures.rs`) uploads what these give.
//!
//! Float images keep values above 1 (a sun a thousand times brighter than
//! the sky); on the GPU they are `Rgba16Float` with a full chain of mip
//! levels, counted at 8 bytes a texel, mips included ([`float_gpu_bytes`]).

/// Refuses a `width`x`height` RGBA picture past `room` bytes.
pub fn check_room(width: u32, height: u32, room: u64) -> Result<(), DecodeError> {
    let bytes = u64::from(width) * u64::from(height) * 4;
    if bytes > room {
        return Err(DecodeError::OverBudget { width, height });
    }
    Ok(())
}

/// Why a texture file gives no picture.
#[derive(Debug, thiserror::Error)]
pub enum DecodeError {
    #[error(transparent)]
    Io(#[from] std::io::Error),
    #[error(transparent)]
    Image(#[from] image::ImageError),
    #[error("{width}x{height} is larger than the limit of {side}x{side}", side = crate::limits::TEXTURE_SIDE)]
    TooLarge { width: u32, height: u32 },
    #[error("{width}x{height}: the image has no pixels")]
    Empty { width: u32, height: u32 },
    #[error(
        "{width}x{height} does not fit: the textures of one shader take at most {} together (TEXTURE_BUDGET_BYTES); use a smaller image, or fewer",
        crate::files::human_size(crate::limits::TEXTURE_BUDGET_BYTES)
    )]
    OverBudget { width: u32, height: u32 },
}

/// Refuses an image with a side of 0 or past [`crate::limits::TEXTURE_SIDE`].
fn check_sides(width: u32, height: u32) -> Result<(), DecodeError> {
    if width == 0 || height == 0 {
        return Err(DecodeError::Empty { width, height });
    }
    let side = crate::limits::TEXTURE_SIDE;
    if width > side || height > side {
        return Err(DecodeError::TooLarge { width, height });
    }
    Ok(())
}

/// Decodes an image, refusing sizes past [`crate::limits::TEXTURE_SIDE`],
/// or past `room` bytes of RGBA, before any pixel memory is allocated.
pub fn decode_texture(bytes: &[u8], room: u64) -> Result<image::RgbaImage, DecodeError> {
    let reader = image::ImageReader::new(std::io::Cursor::new(bytes)).with_guessed_format()?;
    let (width, height) = reader.into_dimensions()?;
    check_sides(width, height)?;
    check_room(width, height, room)?;
    let img = image::ImageReader::new(std::io::Cursor::new(bytes))
        .with_guessed_format()?
        .decode()?;
    Ok(img.to_rgba8())
}

/// The largest value a 16-bit float holds; brighter texels are clamped.
const HALF_MAX: f32 = 65504.0;

/// Bytes per texel of a float texture on the GPU (`Rgba16Float`).
pub const FLOAT_TEXEL_BYTES: u64 = 8;

/// Whether `bytes` hold a Radiance or OpenEXR image (by their first bytes).
pub fn is_float_image(bytes: &[u8]) -> bool {
    bytes.starts_with(b"#?RADIANCE")
        || bytes.starts_with(b"#?RGBE")
        || bytes.starts_with(&[0x76, 0x2f, 0x31, 0x01])
}

/// The sizes of the mip levels of a `width`x`height` texture, largest first.
pub fn mip_sizes(width: u32, height: u32) -> Vec<(u32, u32)> {
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
pub fn float_gpu_bytes(width: u32, height: u32) -> u64 {
    mip_sizes(width, height)
        .iter()
        .map(|&(w, h)| u64::from(w) * u64::from(h) * FLOAT_TEXEL_BYTES)
        .sum()
}

/// One mip level: its size and linear RGBA texels, row by row.
pub struct Level {
    pub width: u32,
    pub height: u32,
    pub texels: Vec<[f32; 4]>,
}

/// Decodes a float image into its mip chain, refusing sizes past
/// [`crate::limits::TEXTURE_SIDE`], or past `room` bytes on the GPU, before
/// any pixel memory is allocated. Texels that are not finite become 0 and
/// brighter ones than a half float holds are clamped.
pub fn decode_float_texture(bytes: &[u8], room: u64) -> Result<Vec<Level>, DecodeError> {
    let reader = image::ImageReader::new(std::io::Cursor::new(bytes)).with_guessed_format()?;
    let (width, height) = reader.into_dimensions()?;
    check_sides(width, height)?;
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
pub fn downsample(src: &Level, width: u32, height: u32) -> Level {
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

#[cfg(test)]
mod texture_tests {
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

#[cfg(test)]
mod float_tests {
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
