//! Every texture and volume file a shader binds, read and decoded as the
//! renderer reads them, but on the CPU alone: `ropkit check NETWORK` finds
//! a missing, unreadable, undecodable or over-budget file without a GPU and
//! without drawing, and names the node, the parameter and the network line.

use super::{RenderError, volumes};
use crate::decode::images::{DecodeError, decode_float_texture, decode_texture, is_float_image};
use crate::generate::Shader;
use std::path::{Path, PathBuf};

/// Reads and decodes each file `shader` binds, within the one budget the
/// renderer applies ([`crate::limits::TEXTURE_BUDGET_BYTES`]), looking them
/// up in `asset_dirs` (the network's folder, its project) and then among the
/// built-in assets. Returns how many files were read.
pub fn check_texture_files(shader: &Shader, asset_dirs: &[PathBuf]) -> Result<usize, RenderError> {
    let budget = crate::limits::TEXTURE_BUDGET_BYTES;
    let mut used = 0u64;
    let mut seen = std::collections::BTreeSet::new();
    for t in &shader.textures {
        if t.data || t.path.is_empty() || !seen.insert((t.path.clone(), t.volume.is_some())) {
            continue;
        }
        let room = budget.saturating_sub(used);
        let bytes = if t.volume.is_some() {
            volumes::check_volume(asset_dirs, t, room)
        } else {
            check_picture(asset_dirs, &t.path, room)
        };
        used += bytes.map_err(|e| e.at_binding(t))?;
    }
    Ok(seen.len())
}

/// One picture: found, read below its folder, decoded; its GPU bytes.
fn check_picture(asset_dirs: &[PathBuf], path: &str, room: u64) -> Result<u64, RenderError> {
    let fail = |p: &Path, message: String| RenderError::Texture {
        path: p.to_path_buf(),
        message,
        site: None,
    };
    let rel = Path::new(path);
    crate::files::check_relative(rel).map_err(|e| fail(rel, e.to_string()))?;
    let found = asset_dirs
        .iter()
        .map(|d| (d, d.join(path)))
        .find(|(_, p)| std::fs::symlink_metadata(p).is_ok());
    let (shown, bytes) = match found {
        Some((dir, file)) => {
            let bytes =
                crate::files::read_bytes_beneath(dir, rel, crate::limits::TEXTURE_FILE_BYTES)
                    .map_err(|e| fail(&file, e.to_string()))?;
            (file, bytes)
        }
        None => {
            let bytes =
                crate::builtin::asset(rel).ok_or_else(|| fail(rel, "file not found".into()))?;
            (crate::builtin::display_path("", rel), bytes.to_vec())
        }
    };
    let decoded: Result<u64, DecodeError> = if is_float_image(&bytes) {
        decode_float_texture(&bytes, room).map(|levels| {
            levels
                .iter()
                .map(|l| u64::from(l.width) * u64::from(l.height) * 8)
                .sum()
        })
    } else {
        decode_texture(&bytes, room).map(|img| u64::from(img.width()) * u64::from(img.height()) * 4)
    };
    decoded.map_err(|e| fail(&shown, e.to_string()))
}
