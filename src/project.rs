//! Where a project's files live: the ROP folders, the shader library and the
//! presets, found from the current folder, `ROPKIT_HOME`, or the source tree.

use crate::library::Library;
use std::path::{Path, PathBuf};

/// The folders a library is loaded from.
#[derive(Debug, Clone)]
pub struct Project {
    pub root: PathBuf,
    /// `rops/` first, then `ROPKIT_ROPS` entries, then `--rops` folders.
    pub rop_roots: Vec<PathBuf>,
    pub shader_root: PathBuf,
}

impl Project {
    /// Finds the project: `ROPKIT_HOME`, else the current folder or one of its
    /// parents holding `rops/` and `shaders/`, else the folder ropkit was built from.
    pub fn discover(extra_rops: &[PathBuf]) -> Project {
        let root = std::env::var_os("ROPKIT_HOME")
            .map(PathBuf::from)
            .or_else(|| {
                let cwd = std::env::current_dir().ok()?;
                cwd.ancestors()
                    .find(|d| is_project(d))
                    .map(|d| relative_to_cwd(d, &cwd))
            })
            .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")));
        let mut rop_roots = vec![root.join("rops")];
        if let Some(list) = std::env::var_os("ROPKIT_ROPS") {
            rop_roots.extend(std::env::split_paths(&list).filter(|p| !p.as_os_str().is_empty()));
        }
        rop_roots.extend(extra_rops.iter().cloned());
        Project {
            shader_root: root.join("shaders"),
            root,
            rop_roots,
        }
    }

    pub fn load_library(&self) -> Library {
        Library::load(&self.rop_roots, &self.shader_root)
    }

    pub fn default_network(&self) -> PathBuf {
        self.root.join("presets").join("default.yaml")
    }
}

fn is_project(dir: &Path) -> bool {
    dir.join("rops").is_dir() && dir.join("shaders").is_dir()
}

/// Keeps paths short in messages: `rops/sdf/sphere/function.glsl` rather than an absolute path.
fn relative_to_cwd(dir: &Path, cwd: &Path) -> PathBuf {
    if dir == cwd {
        return PathBuf::new();
    }
    match cwd.strip_prefix(dir) {
        Ok(rest) => rest.components().map(|_| "..").collect(),
        Err(_) => dir.to_path_buf(),
    }
}
