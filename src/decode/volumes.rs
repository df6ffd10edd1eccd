//! Volumes (3D textures) decoded from their files, without a GPU: a raw
//! file of voxels laid out as a node's parameters say, or a stack of
//! images. Every size is checked against [`crate::limits`] from the
//! headers and the file length before any voxel memory is taken. The
//! renderer (`render/volumes.rs`) finds the files and uploads the voxels.
//!
//! A volume is four channels, so that every volume reads the same way:
//! 8-bit images as they are (bytes, linear: a volume holds data, not
//! colours to be gamma-decoded), stacks with 16-bit or float images as
//! half floats, `u8` voxels as grey bytes, and `u16` and `f32` voxels as
//! half floats.

use crate::limits::{VOLUME_IMAGES, VOLUME_SIDE, VOLUME_VOXELS};
use crate::volume::{RawFormat, RawLayout};

/// Why a volume gives no texture.
#[derive(Debug, thiserror::Error)]
pub enum VolumeError {
    #[error(transparent)]
    Io(#[from] std::io::Error),
    #[error("{name}: {source}")]
    Image {
        name: String,
        source: image::ImageError,
    },
    #[error(
        "a raw volume file needs its size and sample type, which this ROP does not give (a textures: entry with rawSize and rawFormat)"
    )]
    NoLayout,
    #[error(
        "one image is a 2D texture: a volume is a folder of images, a numbered pattern (slice_###.png) or a raw file"
    )]
    SingleImage,
    #[error("the size {0} has a side of 0 voxels")]
    ZeroSide(String),
    #[error("{0} is larger than the limit of {VOLUME_SIDE} voxels a side (VOLUME_SIDE)")]
    TooLarge(String),
    #[error("{0} holds {1} voxels; at most {VOLUME_VOXELS} fit (VOLUME_VOXELS)")]
    TooManyVoxels(String, u64),
    #[error(
        "the file holds {found} bytes, but {size} voxels of {format} take {want}: it is truncated, or its size or sample type is another"
    )]
    RawLength {
        found: u64,
        want: u64,
        size: String,
        format: &'static str,
    },
    #[error("voxel {index} is {value}, not a finite number")]
    NotFinite { index: u64, value: f32 },
    #[error("{0}")]
    NoImages(String),
    #[error("more than {VOLUME_IMAGES} images in one stack (VOLUME_IMAGES)")]
    TooManyImages,
    #[error("image {name} is {found}, the first is {first}: every slice of a stack has one size")]
    Mismatch {
        name: String,
        found: String,
        first: String,
    },
    #[error(
        "{0} does not fit: the textures of one shader take at most {budget} together (TEXTURE_BUDGET_BYTES); use a smaller volume or fewer textures",
        budget = crate::files::human_size(crate::limits::TEXTURE_BUDGET_BYTES)
    )]
    OverBudget(String),
    #[error("{0}")]
    Mesh(#[from] super::meshes::MeshError),
}

/// How a voxel's four channels are stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VoxelFormat {
    /// Four bytes, read as 0..1 (`Rgba8Unorm`).
    Bytes,
    /// Four half floats, little-endian (`Rgba16Float`).
    Half,
}

/// Voxels ready to upload: four channels each, x fastest.
pub struct Voxels {
    pub size: [u32; 3],
    pub format: VoxelFormat,
    pub bytes: Vec<u8>,
}

impl Voxels {
    /// Bytes one voxel takes on the GPU.
    pub fn texel_bytes(format: VoxelFormat) -> u64 {
        match format {
            VoxelFormat::Bytes => 4,
            VoxelFormat::Half => 8,
        }
    }
    /// Bytes the volume takes on the GPU.
    pub fn gpu_bytes(&self) -> u64 {
        let [x, y, z] = self.size.map(u64::from);
        x * y * z * Voxels::texel_bytes(self.format)
    }
}

pub fn shown(size: [u32; 3]) -> String {
    format!("{}x{}x{}", size[0], size[1], size[2])
}

/// Refuses a size past the limits, or past `room` bytes on the GPU.
pub fn check_size(size: [u32; 3], texel_bytes: u64, room: u64) -> Result<u64, VolumeError> {
    if size.contains(&0) {
        return Err(VolumeError::ZeroSide(shown(size)));
    }
    if size.iter().any(|s| *s > VOLUME_SIDE) {
        return Err(VolumeError::TooLarge(shown(size)));
    }
    let voxels = size.iter().map(|s| u64::from(*s)).product::<u64>();
    if voxels > VOLUME_VOXELS {
        return Err(VolumeError::TooManyVoxels(shown(size), voxels));
    }
    if voxels * texel_bytes > room {
        return Err(VolumeError::OverBudget(shown(size)));
    }
    Ok(voxels)
}

/// The voxels of a raw file laid out as `layout` says, refused when the
/// file's length is not exactly what the layout takes.
pub fn raw_voxels(bytes: &[u8], layout: RawLayout, room: u64) -> Result<Voxels, VolumeError> {
    let wide = layout.format != RawFormat::U8;
    let voxels = check_size(layout.size, if wide { 8 } else { 4 }, room)?;
    let want = voxels * layout.format.bytes();
    if bytes.len() as u64 != want {
        return Err(VolumeError::RawLength {
            found: bytes.len() as u64,
            want,
            size: shown(layout.size),
            format: layout.format.name(),
        });
    }
    let mut out = Vec::with_capacity((voxels * if wide { 8 } else { 4 }) as usize);
    match layout.format {
        RawFormat::U8 => {
            for &v in bytes {
                out.extend_from_slice(&[v, v, v, 255]);
            }
        }
        RawFormat::U16 | RawFormat::F32 => {
            let one = half::f16::ONE.to_le_bytes();
            let width = layout.format.bytes() as usize;
            for (index, chunk) in bytes.chunks_exact(width).enumerate() {
                let value = match layout.format {
                    RawFormat::U16 => f32::from(u16::from_le_bytes([chunk[0], chunk[1]])) / 65535.0,
                    _ => f32::from_le_bytes([chunk[0], chunk[1], chunk[2], chunk[3]]),
                };
                if !value.is_finite() {
                    return Err(VolumeError::NotFinite {
                        index: index as u64,
                        value,
                    });
                }
                let h = half::f16::from_f32(value).to_le_bytes();
                for _ in 0..3 {
                    out.extend_from_slice(&h);
                }
                out.extend_from_slice(&one);
            }
        }
    }
    Ok(Voxels {
        size: layout.size,
        format: if wide {
            VoxelFormat::Half
        } else {
            VoxelFormat::Bytes
        },
        bytes: out,
    })
}

/// The voxels of a stack of images (`(name, file bytes)`, slice 0 first):
/// every size is read from the headers and checked before any is decoded.
/// A stack with any slice of more than 8 bits a channel (16-bit PNG, EXR)
/// keeps them: it is read as half floats (`Rgba16Float`, 8 bytes a voxel,
/// 11 bits of precision), others as bytes.
pub fn stack_voxels(slices: &[(String, Vec<u8>)], room: u64) -> Result<Voxels, VolumeError> {
    use image::ImageDecoder;
    let reader = |name: &str, bytes: &[u8]| {
        image::ImageReader::new(std::io::Cursor::new(bytes.to_vec()))
            .with_guessed_format()
            .map_err(|e| VolumeError::Image {
                name: name.to_string(),
                source: image::ImageError::IoError(e),
            })
    };
    let image_error = |name: &str| {
        let name = name.to_string();
        move |source| VolumeError::Image { name, source }
    };
    let mut first: Option<(u32, u32)> = None;
    let mut wide = false;
    for (name, bytes) in slices {
        let decoder = reader(name, bytes)?
            .into_decoder()
            .map_err(image_error(name))?;
        let dims = decoder.dimensions();
        let color = decoder.color_type();
        wide |= color.bytes_per_pixel() / color.channel_count() > 1;
        match first {
            None => first = Some(dims),
            Some(f) if f != dims => {
                return Err(VolumeError::Mismatch {
                    name: name.clone(),
                    found: format!("{}x{}", dims.0, dims.1),
                    first: format!("{}x{}", f.0, f.1),
                });
            }
            Some(_) => {}
        }
    }
    let (w, h) = first.ok_or_else(|| VolumeError::NoImages("no images".into()))?;
    let size = [w, h, slices.len() as u32];
    let texel = if wide { 8 } else { 4 };
    let voxels = check_size(size, texel, room)?;
    let mut bytes = Vec::with_capacity((voxels * texel) as usize);
    for (name, file) in slices {
        let img = reader(name, file)?.decode().map_err(image_error(name))?;
        // The image's top row at the top of the box (+y): rows go in
        // bottom first, as y grows.
        if wide {
            let rgba = img.to_rgba32f();
            for row in rgba.as_raw().chunks_exact(4 * w as usize).rev() {
                for (index, v) in row.iter().enumerate() {
                    if !v.is_finite() {
                        return Err(VolumeError::NotFinite {
                            index: index as u64,
                            value: *v,
                        });
                    }
                    bytes.extend_from_slice(&half::f16::from_f32(*v).to_le_bytes());
                }
            }
        } else {
            let rgba = img.to_rgba8();
            for row in rgba.as_raw().chunks_exact(4 * w as usize).rev() {
                bytes.extend_from_slice(row);
            }
        }
    }
    Ok(Voxels {
        size,
        format: if wide {
            VoxelFormat::Half
        } else {
            VoxelFormat::Bytes
        },
        bytes,
    })
}

/// Whether a file name is one of the images a stack is made of.
pub fn is_image(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    [".png", ".jpg", ".jpeg", ".exr"]
        .iter()
        .any(|e| lower.ends_with(e))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn layout(x: u32, y: u32, z: u32, format: RawFormat) -> RawLayout {
        RawLayout {
            size: [x, y, z],
            format,
        }
    }

    #[test]
    fn raw_files_of_the_wrong_length_or_size_are_refused() {
        let big = u64::MAX;
        // Truncated: one byte short.
        let e = raw_voxels(&[0; 7], layout(2, 2, 2, RawFormat::U8), big)
            .err()
            .unwrap();
        assert!(
            matches!(
                e,
                VolumeError::RawLength {
                    found: 7,
                    want: 8,
                    ..
                }
            ),
            "{e}"
        );
        assert!(e.to_string().contains("truncated"), "{e}");
        let e = raw_voxels(&[0; 15], layout(2, 2, 2, RawFormat::U16), big)
            .err()
            .unwrap();
        assert!(matches!(e, VolumeError::RawLength { want: 16, .. }), "{e}");
        // Past the side and voxel limits, before any length check.
        let e = raw_voxels(&[], layout(VOLUME_SIDE + 1, 1, 1, RawFormat::U8), big)
            .err()
            .unwrap();
        assert!(e.to_string().contains("VOLUME_SIDE"), "{e}");
        let e = raw_voxels(&[], layout(512, 512, 512, RawFormat::U8), big)
            .err()
            .unwrap();
        assert!(e.to_string().contains("VOLUME_VOXELS"), "{e}");
        let e = raw_voxels(&[], layout(0, 4, 4, RawFormat::U8), big)
            .err()
            .unwrap();
        assert!(matches!(e, VolumeError::ZeroSide(_)), "{e}");
        // Past the room left in the texture budget.
        let e = raw_voxels(&[0; 8], layout(2, 2, 2, RawFormat::U8), 31)
            .err()
            .unwrap();
        assert!(e.to_string().contains("TEXTURE_BUDGET_BYTES"), "{e}");
        assert!(raw_voxels(&[0; 8], layout(2, 2, 2, RawFormat::U8), 32).is_ok());
        // A NaN among floats.
        let mut f = Vec::new();
        for v in [0.5f32, f32::NAN] {
            f.extend_from_slice(&v.to_le_bytes());
        }
        let e = raw_voxels(&f, layout(2, 1, 1, RawFormat::F32), big)
            .err()
            .unwrap();
        assert!(matches!(e, VolumeError::NotFinite { index: 1, .. }), "{e}");
    }

    #[test]
    fn raw_voxels_become_four_equal_channels() {
        let v = raw_voxels(&[0, 128, 255, 7], layout(4, 1, 1, RawFormat::U8), u64::MAX).unwrap();
        assert_eq!(&v.bytes[4..8], &[128, 128, 128, 255]);
        let mut b = Vec::new();
        for x in [0u16, 65535, 32768] {
            b.extend_from_slice(&x.to_le_bytes());
        }
        let v = raw_voxels(&b, layout(3, 1, 1, RawFormat::U16), u64::MAX).unwrap();
        let h = |i: usize| half::f16::from_le_bytes([v.bytes[i], v.bytes[i + 1]]).to_f32();
        assert_eq!(h(8), 1.0);
        assert_eq!(h(14), 1.0, "alpha");
        assert!((h(16) - 0.5).abs() < 1e-3);
    }

    #[test]
    fn stacks_refuse_slices_of_two_sizes() {
        let png = |w: u32, h: u32| {
            let mut bytes = Vec::new();
            image::RgbaImage::from_pixel(w, h, image::Rgba([1, 2, 3, 4]))
                .write_to(
                    &mut std::io::Cursor::new(&mut bytes),
                    image::ImageFormat::Png,
                )
                .unwrap();
            bytes
        };
        let ok = stack_voxels(
            &[("a".into(), png(3, 2)), ("b".into(), png(3, 2))],
            u64::MAX,
        )
        .unwrap();
        assert_eq!(ok.size, [3, 2, 2]);
        assert_eq!(&ok.bytes[..4], &[1, 2, 3, 4]);
        // The bottom row of the box is the image's last row.
        let tall = image::RgbaImage::from_fn(1, 2, |_, y| image::Rgba([y as u8; 4]));
        let mut bytes = Vec::new();
        tall.write_to(
            &mut std::io::Cursor::new(&mut bytes),
            image::ImageFormat::Png,
        )
        .unwrap();
        let v = stack_voxels(&[("t".into(), bytes)], u64::MAX).unwrap();
        assert_eq!(v.bytes, vec![1, 1, 1, 1, 0, 0, 0, 0]);
        let e = stack_voxels(
            &[("a".into(), png(3, 2)), ("b.png".into(), png(2, 3))],
            u64::MAX,
        )
        .err()
        .unwrap();
        assert!(
            e.to_string().contains("b.png is 2x3, the first is 3x2"),
            "{e}"
        );
        let e = stack_voxels(&[("a".into(), b"not an image".to_vec())], u64::MAX)
            .err()
            .unwrap();
        assert!(e.to_string().starts_with("a: "), "{e}");
    }

    #[test]
    fn sixteen_bit_stacks_keep_sixteen_bits() {
        // Grey levels 1000 apart in 16 bits: a byte (257 levels apart)
        // cannot tell most of them from their neighbours.
        let png16 = |level: u16| {
            let img = image::ImageBuffer::<image::Luma<u16>, Vec<u16>>::from_fn(2, 1, |x, _| {
                image::Luma([level + x as u16 * 1000])
            });
            let mut bytes = Vec::new();
            img.write_to(
                &mut std::io::Cursor::new(&mut bytes),
                image::ImageFormat::Png,
            )
            .unwrap();
            bytes
        };
        let v = stack_voxels(
            &[("a".into(), png16(30_000)), ("b".into(), png16(300))],
            u64::MAX,
        )
        .unwrap();
        assert_eq!(v.format, VoxelFormat::Half);
        assert_eq!(v.gpu_bytes(), 2 * 2 * 8);
        let h = |i: usize| half::f16::from_le_bytes([v.bytes[2 * i], v.bytes[2 * i + 1]]).to_f32();
        // Voxel (x, 0, z) at texel z * 2 + x; red channel first.
        for (z, level) in [30_000u16, 300].into_iter().enumerate() {
            for x in 0..2 {
                let want = f32::from(level + x as u16 * 1000) / 65535.0;
                let got = h((z * 2 + x) * 4);
                // Half floats keep 11 bits: a relative error under 1/2048.
                assert!(
                    (got - want).abs() <= want / 2048.0 + 1e-7,
                    "voxel {x},{z}: {got} for {want}"
                );
                assert_eq!(h((z * 2 + x) * 4 + 3), 1.0, "alpha");
            }
        }
        // Counted at 8 bytes a voxel against the room left.
        let e = stack_voxels(&[("a".into(), png16(1))], 15).err().unwrap();
        assert!(e.to_string().contains("TEXTURE_BUDGET_BYTES"), "{e}");
    }
}
