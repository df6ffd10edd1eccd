//! Volume (3D) textures: a stack of images (a folder, or a numbered
//! pattern, see [`crate::volume`]) or a raw file of voxels, read inside the
//! project only (each file through [`crate::files::read_bytes_beneath`]),
//! checked against [`crate::limits`] from the headers and the file length
//! before any voxel memory is taken, and counted in the shader's texture
//! budget with its pictures.
//!
//! On the GPU a volume is four channels, so that every volume reads the
//! same way: 8-bit images as they are (`Rgba8Unorm`, linear: a volume
//! holds data, not colours to be gamma-decoded), stacks with 16-bit or
//! float images as half floats, `u8` voxels as grey bytes, and `u16` and
//! `f32` voxels as half floats (`Rgba16Float`, which every
//! adapter filters: trilinear sampling comes from the sampler).

use super::*;
use crate::decode::volumes::{
    VolumeError, VoxelFormat, Voxels, check_size, is_image, raw_voxels, shown, stack_voxels,
};
use crate::limits::{VOLUME_FILE_BYTES, VOLUME_IMAGES};
use crate::volume::{RawFormat, RawLayout, VolumeSpec};

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
            if let Some(n) = spec.mesh_voxels {
                k.push(format!("#mesh{n}"));
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
                let stamp = files_stamp(&dir, path);
                if let Some((_, v)) = self.textures.get(&key(&real)).filter(|(s, _)| *s == stamp) {
                    let t = v.texture();
                    let bytes = u64::from(t.width())
                        * u64::from(t.height())
                        * u64::from(t.depth_or_array_layers())
                        * u64::from(t.format().block_copy_size(None).unwrap_or(8));
                    if bytes > room {
                        return Err(fail(&real, VolumeError::OverBudget(path.to_string())));
                    }
                    return Ok((v.clone(), bytes));
                }
                let v = read_volume(&dir, path, spec, room).map_err(|e| fail(&full, e))?;
                (real, (stamp, v))
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
                let v =
                    builtin_voxels(bytes, path, spec, room).map_err(|e| fail(&shown_path, e))?;
                (shown_path, (0, v))
            }
        };
        let (stamp, voxels) = voxels;
        let view = upload_volume(&self.gpu, &voxels, &shown_path.to_string_lossy());
        self.textures
            .insert(key(&shown_path), (stamp, view.clone()));
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
    volume_voxels(asset_dirs, t, room).map(|v| v.gpu_bytes())
}

/// The voxels of the volume binding `t`, read as [`check_volume`] reads
/// them (for a web page, which carries them).
pub(crate) fn volume_voxels(
    asset_dirs: &[PathBuf],
    t: &crate::generate::TextureBinding,
    room: u64,
) -> Result<Voxels, RenderError> {
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
            builtin_voxels(bytes, path, spec, room).map_err(|e| fail(rel, e))?
        }
    };
    Ok(voxels)
}

/// What the volume `path` names below `dir` is made of now: the names,
/// sizes and modification times of its files (of the folder's images, of a
/// pattern's numbers, or of the raw file), hashed. Cheaper than reading
/// them, and an edit to any of them changes it.
fn files_stamp(dir: &Path, path: &str) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    let mut add = |name: &str, meta: Option<std::fs::Metadata>| {
        name.hash(&mut h);
        if let Some(m) = meta {
            m.len().hash(&mut h);
            if let Ok(t) = m.modified() {
                t.hash(&mut h);
            }
        }
    };
    if crate::volume::is_pattern(path) {
        for n in 0..=VOLUME_IMAGES + 1 {
            let Some(name) = crate::volume::pattern_file(path, n) else {
                break;
            };
            let meta = std::fs::metadata(dir.join(&name)).ok();
            // Numbered from 0 or from 1: a gap at 0 is not the end.
            if meta.is_none() && n > 0 {
                break;
            }
            add(&name, meta);
        }
        return h.finish();
    }
    let full = dir.join(path);
    match std::fs::read_dir(&full) {
        Ok(entries) => {
            let mut names: Vec<String> = entries
                .filter_map(|e| e.ok())
                .filter_map(|e| e.file_name().into_string().ok())
                .filter(|n| is_image(n))
                .take(VOLUME_IMAGES + 1)
                .collect();
            names.sort();
            for n in names {
                add(&n, std::fs::metadata(full.join(&n)).ok());
            }
        }
        Err(_) => add(path, std::fs::metadata(&full).ok()),
    }
    h.finish()
}

/// A built-in asset's voxels: a mesh's baked distance, or a raw file.
fn builtin_voxels(
    bytes: &[u8],
    path: &str,
    spec: &VolumeSpec,
    room: u64,
) -> Result<Voxels, VolumeError> {
    if crate::decode::meshes::is_mesh(path) {
        return mesh_voxels(bytes, path, spec, room);
    }
    raw_voxels(bytes, spec.raw.ok_or(VolumeError::NoLayout)?, room)
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
    if crate::decode::meshes::is_mesh(path) {
        return mesh_voxels(&read(path)?, path, spec, room);
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

/// A mesh file's signed distance, baked as [`crate::decode::meshes::bake`]
/// bakes it on the voxels the ROP asks for.
fn mesh_voxels(
    bytes: &[u8],
    path: &str,
    spec: &VolumeSpec,
    room: u64,
) -> Result<Voxels, VolumeError> {
    use crate::decode::meshes::{MeshError, bake, read_mesh};
    let n = spec.mesh_voxels.ok_or(MeshError::NoResolution)?;
    if !(8..=crate::limits::VOLUME_SIDE).contains(&n) {
        return Err(MeshError::Resolution(n).into());
    }
    // The voxels' room before the file is parsed.
    check_size([n; 3], 8, room)?;
    let mesh = read_mesh(path, bytes)?;
    Ok(bake(&mesh, n, room)?.0)
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
        format: match v.format {
            VoxelFormat::Bytes => wgpu::TextureFormat::Rgba8Unorm,
            VoxelFormat::Half => wgpu::TextureFormat::Rgba16Float,
        },
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
