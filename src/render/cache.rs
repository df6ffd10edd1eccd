//! A pipeline cache that outlives the process: wgpu's `PipelineCache`
//! (Vulkan only, where wgpu offers it), stored under the user's cache folder
//! (`$XDG_CACHE_HOME/ropkit`, else `~/.cache/ropkit`) in one file per
//! adapter, so that opening an unchanged network again skips most of the
//! driver's compile. `ROPKIT_NO_CACHE=1` turns it off.
//!
//! Beside the driver's blob, an index of the shaders compiled into it (by
//! hash) tells whether a pipeline came from the cache, for the summary lines
//! and the tests. A shader enters the index only when the driver's blob grew
//! with it: some drivers keep nothing there (Mesa's lavapipe returns a bare
//! header and relies on Mesa's own shader cache instead, which
//! `ROPKIT_NO_CACHE=1` also turns off for the command line).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The cache of one device, and where it is kept.
pub struct DiskCache {
    pub cache: wgpu::PipelineCache,
    blob: PathBuf,
    index_file: PathBuf,
    /// Hashes of the shaders whose pipelines the blob holds.
    index: BTreeSet<u64>,
    /// Size of the blob last written (or read).
    size: usize,
}

/// The cache folder, or `None` when caching is off or no folder is known.
pub fn folder() -> Option<PathBuf> {
    if std::env::var_os("ROPKIT_NO_CACHE").is_some_and(|v| v == "1") {
        return None;
    }
    let base = std::env::var_os("XDG_CACHE_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| Path::new(&h).join(".cache")))?;
    Some(base.join("ropkit"))
}

/// Largest cache blob read back (a corrupt or hostile file is ignored past it).
const BLOB_LIMIT: u64 = 512 << 20;

impl DiskCache {
    /// Opens (or starts) the cache for this device; `None` where the backend
    /// has no pipeline caches, the device lacks the feature, or caching is off.
    pub fn open(device: &wgpu::Device, info: &wgpu::AdapterInfo) -> Option<DiskCache> {
        if !device.features().contains(wgpu::Features::PIPELINE_CACHE) {
            return None;
        }
        let name = wgpu::util::pipeline_cache_key(info)?;
        let dir = folder()?;
        let blob = dir.join(format!("{name}.bin"));
        let index_file = dir.join(format!("{name}.index"));
        let data = crate::files::read_bytes(&blob, BLOB_LIMIT).ok();
        let index = match &data {
            Some(_) => crate::files::read_text(&index_file, BLOB_LIMIT)
                .unwrap_or_default()
                .lines()
                .filter_map(|l| u64::from_str_radix(l.trim(), 16).ok())
                .collect(),
            None => BTreeSet::new(),
        };
        // SAFETY: the data is what `get_data` wrote for an adapter with the
        // same key; with `fallback`, the driver validates it and starts empty
        // when it does not match (another driver version, a damaged file).
        let cache = unsafe {
            device.create_pipeline_cache(&wgpu::PipelineCacheDescriptor {
                label: Some("ropkit pipeline cache"),
                data: data.as_deref(),
                fallback: true,
            })
        };
        // What the cache holds before any pipeline (at least its header).
        let size = cache
            .get_data()
            .map_or(0, |d| d.len())
            .max(data.map_or(0, |d| d.len()));
        Some(DiskCache {
            cache,
            blob,
            index_file,
            index,
            size,
        })
    }

    /// Whether the pipeline of this shader was compiled into the cache before.
    pub fn holds(&self, shader_hash: u64) -> bool {
        self.index.contains(&shader_hash)
    }

    /// Records a new pipeline and writes the cache out (atomically; a
    /// failure only costs the next run its head start).
    pub fn store(&mut self, shader_hash: u64) {
        if self.index.contains(&shader_hash) {
            return;
        }
        let Some(data) = self.cache.get_data() else {
            return;
        };
        if data.len() <= self.size {
            // The driver kept nothing of this pipeline: claim nothing.
            return;
        }
        self.size = data.len();
        self.index.insert(shader_hash);
        if let Some(dir) = self.blob.parent() {
            let _ = std::fs::create_dir_all(dir);
        }
        let index: String = self.index.iter().map(|h| format!("{h:016x}\n")).collect();
        if crate::files::write_atomic(&self.blob, &data).is_ok() {
            let _ = crate::files::write_atomic(&self.index_file, index.as_bytes());
        }
    }
}
