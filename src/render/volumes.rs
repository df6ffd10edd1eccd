//! Volume (3D) textures: a stack of images (a folder, or a numbered
//! pattern, see [`crate::volume`]) or a raw file of voxels, read inside the
//! project only (each file through [`crate::files::read_bytes_beneath`]),
//! checked against [`crate::limits`] from the headers and the file length
//! before any voxel memory is taken, and counted in the shader's texture
//! budget with its pictures.
//!
//! On the GPU a volume is four channels, so that every volume reads the
//! same way: images as they are (`Rgba8Unorm`, linear: a volume holds
//! data, not colours to be gamma-decoded), `u8` voxels as grey bytes, and
//! `u16` and `f32` voxels as half floats (`Rgba16Float`, which every
//! adapter filters: trilinear sampling comes from the sampler).

use super::*;
use crate::limits::{VOLUME_FILE_BYTES, VOLUME_IMAGES, VOLUME_SIDE, VOLUME_VOXELS};
use crate::volume::{RawFormat, RawLayout, VolumeSpec};

/// Why a volume gives no texture.
#[derive(Debug, thiserror::Error)]
pub(super) enum VolumeError {
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
        "{0} does not fit: the textures of one shader take at most {budget} together (TEXTURE_BUDGET_BYTES)",
        budget = crate::files::human_size(crate::limits::TEXTURE_BUDGET_BYTES)
    )]
    OverBudget(String),
}

/// Voxels ready to upload: four channels each, x fastest.
pub(super) struct Voxels {
    pub size: [u32; 3],
    pub format: wgpu::TextureFormat,
    pub bytes: Vec<u8>,
}

impl Voxels {
    /// Bytes one voxel takes on the GPU.
    fn texel_bytes(format: wgpu::TextureFormat) -> u64 {
        if format == wgpu::TextureFormat::Rgba8Unorm {
            4
        } else {
            8
        }
    }
    /// Bytes the volume takes on the GPU.
    pub fn gpu_bytes(&self) -> u64 {
        let [x, y, z] = self.size.map(u64::from);
        x * y * z * Voxels::texel_bytes(self.format)
    }
}

fn shown(size: [u32; 3]) -> String {
    format!("{}x{}x{}", size[0], size[1], size[2])
}

/// Refuses a size past the limits, or past `room` bytes on the GPU.
fn check_size(size: [u32; 3], texel_bytes: u64, room: u64) -> Result<u64, VolumeError> {
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
pub(super) fn raw_voxels(
    bytes: &[u8],
    layout: RawLayout,
    room: u64,
) -> Result<Voxels, VolumeError> {
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
            wgpu::TextureFormat::Rgba16Float
        } else {
            wgpu::TextureFormat::Rgba8Unorm
        },
        bytes: out,
    })
}

/// The voxels of a stack of images (`(name, file bytes)`, slice 0 first):
/// every size is read from the headers and checked before any is decoded.
pub(super) fn stack_voxels(slices: &[(String, Vec<u8>)], room: u64) -> Result<Voxels, VolumeError> {
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
    for (name, bytes) in slices {
        let dims = reader(name, bytes)?
            .into_dimensions()
            .map_err(image_error(name))?;
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
    let voxels = check_size(size, 4, room)?;
    let mut bytes = Vec::with_capacity((voxels * 4) as usize);
    for (name, file) in slices {
        let img = reader(name, file)?.decode().map_err(image_error(name))?;
        // The image's top row at the top of the box (+y): rows go in
        // bottom first, as y grows.
        let rgba = img.to_rgba8();
        for row in rgba.as_raw().chunks_exact(4 * w as usize).rev() {
            bytes.extend_from_slice(row);
        }
    }
    Ok(Voxels {
        size,
        format: wgpu::TextureFormat::Rgba8Unorm,
        bytes,
    })
}

/// Whether a file name is one of the images a stack is made of.
fn is_image(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    [".png", ".jpg", ".jpeg", ".exr"]
        .iter()
        .any(|e| lower.ends_with(e))
}

impl Renderer {
    /// The volume binding `t` reads (its path relative to one of the asset
    /// folders, else a built-in asset), refused when its voxels would take
    /// more than `room` bytes. Returns the view and the bytes it takes.
    pub(super) fn volume_view(
        &mut self,
        t: &crate::generate::TextureBinding,
        room: u64,
    ) -> Result<(wgpu::TextureView, u64), RenderError> {
        let (path, spec) = (t.path.as_str(), &t.volume.unwrap_or_default());
        if path.is_empty() {
            // An empty path reads as zero everywhere.
            let v = raw_voxels(&[0], blank_layout(), room).expect("one voxel fits");
            return Ok((upload_volume(&self.gpu, &v, "blank volume"), 0));
        }
        let fail = |p: &Path, e: VolumeError| RenderError::Texture {
            path: p.to_path_buf(),
            message: e.to_string(),
            site: None,
        };
        let rel = Path::new(path);
        crate::files::check_relative(rel).map_err(|e| fail(rel, e.into()))?;
        // The key names the layout too: one raw file read two ways is two volumes.
        let key = |real: &Path| {
            let mut k = real.as_os_str().to_owned();
            if let Some(raw) = spec.raw {
                k.push(format!("#{}{}", shown(raw.size), raw.format.name()));
            }
            PathBuf::from(k)
        };
        let first_file = if crate::volume::is_pattern(path) {
            crate::volume::pattern_file(path, 0).ok_or_else(|| {
                fail(
                    rel,
                    VolumeError::NoImages("a pattern has one run of # (slice_###.png)".into()),
                )
            })?
        } else {
            path.to_string()
        };
        let found = self.asset_dirs.iter().find_map(|d| {
            let one = crate::volume::pattern_file(path, 1).unwrap_or_default();
            [first_file.as_str(), one.as_str()]
                .iter()
                .filter(|f| !f.is_empty())
                .find(|f| std::fs::symlink_metadata(d.join(f)).is_ok())
                .map(|_| d.clone())
        });
        let (shown_path, voxels) = match found {
            Some(dir) => {
                let full = dir.join(rel);
                let real = full.canonicalize().unwrap_or_else(|_| full.clone());
                if let Some(v) = self.textures.get(&key(&real)) {
                    let t = v.texture();
                    let bytes = u64::from(t.width())
                        * u64::from(t.height())
                        * u64::from(t.depth_or_array_layers())
                        * Voxels::texel_bytes(t.format());
                    if bytes > room {
                        return Err(fail(&real, VolumeError::OverBudget(path.to_string())));
                    }
                    return Ok((v.clone(), bytes));
                }
                let v = read_volume(&dir, path, spec, room).map_err(|e| fail(&full, e))?;
                (real, v)
            }
            None if crate::volume::is_pattern(path) => {
                let tried =
                    [0, 1].map(|n| crate::volume::pattern_file(path, n).unwrap_or_default());
                return Err(fail(
                    rel,
                    VolumeError::NoImages(format!(
                        "no file matches the pattern (neither {} nor {})",
                        tried[0], tried[1]
                    )),
                ));
            }
            None => {
                // Raw files among the built-in assets (the presets' volumes).
                let bytes =
                    crate::builtin::asset(rel).ok_or_else(|| fail(rel, io_missing().into()))?;
                let shown_path = crate::builtin::display_path("", rel);
                let layout = spec
                    .raw
                    .ok_or(VolumeError::NoLayout)
                    .map_err(|e| fail(rel, e))?;
                let v = raw_voxels(bytes, layout, room).map_err(|e| fail(&shown_path, e))?;
                (shown_path, v)
            }
        };
        let view = upload_volume(&self.gpu, &voxels, &shown_path.to_string_lossy());
        self.textures.insert(key(&shown_path), view.clone());
        Ok((view, voxels.gpu_bytes()))
    }
}

/// The volume binding `t` reads, read and decoded on the CPU as
/// [`Renderer::volume_view`] reads it (the same folders, the built-in raw
/// assets last), without a GPU: `ropkit check NETWORK`. Its GPU bytes.
pub(super) fn check_volume(
    asset_dirs: &[PathBuf],
    t: &crate::generate::TextureBinding,
    room: u64,
) -> Result<u64, RenderError> {
    let (path, spec) = (t.path.as_str(), &t.volume.unwrap_or_default());
    let fail = |p: &Path, e: VolumeError| RenderError::Texture {
        path: p.to_path_buf(),
        message: e.to_string(),
        site: None,
    };
    let rel = Path::new(path);
    crate::files::check_relative(rel).map_err(|e| fail(rel, e.into()))?;
    let first_file = crate::volume::pattern_file(path, 0).unwrap_or_else(|| path.to_string());
    let one = crate::volume::pattern_file(path, 1).unwrap_or_default();
    let found = asset_dirs.iter().find(|d| {
        [first_file.as_str(), one.as_str()]
            .iter()
            .filter(|f| !f.is_empty())
            .any(|f| std::fs::symlink_metadata(d.join(f)).is_ok())
    });
    let voxels = match found {
        Some(dir) => read_volume(dir, path, spec, room).map_err(|e| fail(&dir.join(rel), e))?,
        None if crate::volume::is_pattern(path) => {
            return Err(fail(
                rel,
                VolumeError::NoImages(format!(
                    "no file matches the pattern (neither {first_file} nor {one})"
                )),
            ));
        }
        None => {
            let bytes = crate::builtin::asset(rel).ok_or_else(|| fail(rel, io_missing().into()))?;
            let layout = spec.raw.ok_or(VolumeError::NoLayout).map_err(|e| fail(rel, e))?;
            raw_voxels(bytes, layout, room).map_err(|e| fail(rel, e))?
        }
    };
    Ok(voxels.gpu_bytes())
}

fn io_missing() -> std::io::Error {
    std::io::Error::new(std::io::ErrorKind::NotFound, "file not found")
}

fn blank_layout() -> RawLayout {
    RawLayout {
        size: [1, 1, 1],
        format: RawFormat::U8,
    }
}

/// Reads the volume `path` names below `dir`: a numbered pattern, a
/// folder of images, or a raw file.
fn read_volume(
    dir: &Path,
    path: &str,
    spec: &VolumeSpec,
    room: u64,
) -> Result<Voxels, VolumeError> {
    let read = |rel: &str| crate::files::read_bytes_beneath(dir, Path::new(rel), VOLUME_FILE_BYTES);
    if crate::volume::is_pattern(path) {
        // Numbered from 0 or from 1, up to the first number missing.
        let start = usize::from(
            crate::volume::pattern_file(path, 0)
                .is_none_or(|f| std::fs::symlink_metadata(dir.join(f)).is_err()),
        );
        let mut slices = Vec::new();
        for n in start.. {
            let Some(name) = crate::volume::pattern_file(path, n) else {
                break;
            };
            if std::fs::symlink_metadata(dir.join(&name)).is_err() {
                break;
            }
            if slices.len() == VOLUME_IMAGES {
                return Err(VolumeError::TooManyImages);
            }
            let bytes = read(&name)?;
            slices.push((name, bytes));
        }
        return stack_voxels(&slices, room);
    }
    let full = dir.join(path);
    if full.is_dir() {
        // The folder itself must lie inside the project; each file is then
        // read below the project through one handle.
        crate::files::check_within(&full, dir)?;
        let mut names: Vec<String> = std::fs::read_dir(&full)?
            .filter_map(|e| e.ok())
            .filter_map(|e| e.file_name().into_string().ok())
            .filter(|n| is_image(n))
            .collect();
        names.sort();
        if names.len() > VOLUME_IMAGES {
            return Err(VolumeError::TooManyImages);
        }
        if names.is_empty() {
            return Err(VolumeError::NoImages(
                "the folder holds no images (.png, .jpg, .exr)".into(),
            ));
        }
        let mut slices = Vec::with_capacity(names.len());
        for n in names {
            let rel = format!("{}/{n}", path.trim_end_matches('/'));
            let bytes = read(&rel)?;
            slices.push((n, bytes));
        }
        return stack_voxels(&slices, room);
    }
    if is_image(path) {
        return Err(VolumeError::SingleImage);
    }
    let layout = spec.raw.ok_or(VolumeError::NoLayout)?;
    // The size's limits before the file is read (it is read through one
    // handle below the project, at most VOLUME_FILE_BYTES).
    check_size(layout.size, 1, u64::MAX)?;
    raw_voxels(&read(path)?, layout, room)
}

/// Uploads voxels as a 3D texture.
fn upload_volume(gpu: &Gpu, v: &Voxels, label: &str) -> wgpu::TextureView {
    let size = wgpu::Extent3d {
        width: v.size[0],
        height: v.size[1],
        depth_or_array_layers: v.size[2],
    };
    let texture = gpu.device.create_texture(&wgpu::TextureDescriptor {
        label: Some(label),
        size,
        mip_level_count: 1,
        sample_count: 1,
        dimension: wgpu::TextureDimension::D3,
        format: v.format,
        usage: wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::COPY_DST,
        view_formats: &[],
    });
    let texel = Voxels::texel_bytes(v.format) as u32;
    gpu.queue.write_texture(
        wgpu::TexelCopyTextureInfo {
            texture: &texture,
            mip_level: 0,
            origin: wgpu::Origin3d::ZERO,
            aspect: wgpu::TextureAspect::All,
        },
        &v.bytes,
        wgpu::TexelCopyBufferLayout {
            offset: 0,
            bytes_per_row: Some(texel * v.size[0]),
            rows_per_image: Some(v.size[1]),
        },
        size,
    );
    texture.create_view(&Default::default())
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
}
