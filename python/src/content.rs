//! `ropkit._network_content`: everything a network needs to build and
//! render on another machine, as bytes, so that a worker that shares no
//! files with the caller (a remote cluster) can rebuild it in a folder of
//! its own: the network file, the ROP folders its nodes use, the shader
//! library when it does not come built into the module, and its textures.
//!
//! The layout of the returned `files` (paths always with `/`):
//!   `net/<texture path>`   a texture found on disk, where the worker's
//!                          network folder (the first asset folder) finds it
//!   `rops/<category>/...`  a built-in ROP read from disk (a checkout)
//!   `shaders/...`          the shader library, when read from disk
//!   `extra/<k>/...`        a ROP from the k-th extra ROP folder
//! Built-ins embedded in the module are not sent: every worker's module
//! holds the same copy (the worker checks the version).

use crate::errors::{Kind, Problem, is_pseudo_file};
use crate::network::PyNetwork;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};
use ropkit::build::{BuildOptions, build};
use ropkit::generate::Mode;
use ropkit::library::{Builtin, Library, Origin};
use ropkit::limits;
use ropkit::network::Network;
use ropkit::project::Project;
use std::collections::BTreeMap;
use std::path::{Component, Path, PathBuf};

/// ROPs a worker may add to any network: the mesher wires the scene into a
/// fresh 3D output.
const ALWAYS: &[&str] = &["raymarchRender3D"];
/// Deepest folder copied inside one ROP folder.
const DEPTH: usize = 4;

/// Collected files (relative path with `/` to bytes) and where the folders
/// came from on this machine (for messages on the way back).
#[derive(Default)]
struct Content {
    files: BTreeMap<String, Vec<u8>>,
    folders: BTreeMap<String, String>,
}

fn fail(message: impl Into<String>) -> PyErr {
    Python::attach(|py| Problem::bare(Kind::Library, message).to_pyerr(py))
}

/// `path` relative to nothing above it: no `..`, no root, as `/` text.
fn clean_relative(path: &Path) -> Option<String> {
    let mut parts = Vec::new();
    for c in path.components() {
        match c {
            Component::Normal(p) => parts.push(p.to_str()?.to_string()),
            Component::CurDir => {}
            _ => return None,
        }
    }
    (!parts.is_empty()).then(|| parts.join("/"))
}

impl Content {
    /// Every regular file under `dir` (following no symlink out of `root`),
    /// as `prefix/<relative path>`; sub-folders that are ROPs of their own are left out.
    fn add_folder(&mut self, dir: &Path, root: &Path, prefix: &str, depth: usize) -> PyResult<()> {
        let entries = std::fs::read_dir(dir)
            .map_err(|e| fail(format!("{}: cannot read: {e}", dir.display())))?;
        let mut entries: Vec<_> = entries.flatten().map(|e| e.path()).collect();
        entries.sort();
        for path in entries {
            let name = path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            if name.starts_with('.') {
                continue;
            }
            let rel = format!("{prefix}/{name}");
            if path.is_dir() {
                if depth < DEPTH && !path.join("rop.yaml").exists() {
                    self.add_folder(&path, root, &rel, depth + 1)?;
                }
                continue;
            }
            let real = ropkit::files::check_within(&path, root)
                .map_err(|e| fail(format!("{}: {e}", path.display())))?;
            let bytes = ropkit::files::read_bytes(&real, limits::TEXTURE_FILE_BYTES)
                .map_err(|e| fail(format!("{}: {e}", path.display())))?;
            self.files.insert(rel, bytes);
        }
        Ok(())
    }

    /// The folder of each ROP the network uses that is not embedded.
    fn add_rops(&mut self, net: &Network, lib: &Library, project: &Project) -> PyResult<()> {
        let builtin_rops = match &project.sources.builtin {
            Builtin::Folder(root) => Some(root.join("rops")),
            Builtin::Embedded => None,
        };
        let mut names: Vec<&str> = net.nodes.values().map(|n| n.rop.as_str()).collect();
        names.extend(ALWAYS);
        names.sort();
        names.dedup();
        for name in names {
            let Some(def) = lib.get(name) else { continue };
            let Origin::Folder(root) = &def.origin else {
                continue;
            };
            let prefix = if builtin_rops.as_deref() == Some(root.as_path()) {
                "rops".to_string()
            } else {
                match project.sources.extra_rops.iter().position(|p| p == root) {
                    Some(k) => format!("extra/{k}"),
                    // A folder read on its own (`Library.read_folder`): not a root of this library.
                    None => continue,
                }
            };
            let rel = def
                .dir
                .strip_prefix(root)
                .ok()
                .and_then(clean_relative)
                .ok_or_else(|| {
                    fail(format!(
                        "{}: the ROP folder is not inside {}",
                        def.dir.display(),
                        root.display()
                    ))
                })?;
            self.folders
                .insert(prefix.clone(), root.display().to_string());
            self.add_folder(&def.dir, root, &format!("{prefix}/{rel}"), 0)?;
        }
        Ok(())
    }

    /// Every texture the shader binds that lies on disk, placed where the
    /// worker's network folder finds it first.
    fn add_textures(&mut self, net: &Network, lib: &Library, project: &Project) -> PyResult<()> {
        let shader = match build(lib, net, &BuildOptions::from(Mode::Render).stitch_only()) {
            Ok(b) => b.shader,
            // Sent as it is: the worker reports the error with its frame.
            Err(_) => return Ok(()),
        };
        let dirs = project.asset_dirs(&net.file);
        for t in &shader.textures {
            let Some(rel) = clean_relative(Path::new(&t.path)) else {
                continue;
            };
            let found = dirs
                .iter()
                .map(|d| (d, d.join(&t.path)))
                .find(|(_, p)| std::fs::symlink_metadata(p).is_ok());
            // Not on disk: a built-in asset, which every worker has.
            let Some((dir, file)) = found else { continue };
            let dir = if dir.as_os_str().is_empty() {
                Path::new(".")
            } else {
                dir.as_path()
            };
            let real = ropkit::files::check_within(&file, dir)
                .map_err(|e| fail(format!("{}: {e}", file.display())))?;
            let bytes = ropkit::files::read_bytes(&real, limits::TEXTURE_FILE_BYTES)
                .map_err(|e| fail(format!("{}: {e}", file.display())))?;
            self.files.insert(format!("net/{rel}"), bytes);
        }
        Ok(())
    }
}

/// The network file's text as sent: the file itself when the network is
/// still what it holds (its lines then match the caller's file in errors),
/// else the network as it is now.
fn network_text(net: &Network, lib: &Library, project: &Project) -> String {
    let now = net.to_yaml(lib);
    if !is_pseudo_file(&net.file)
        && let Ok(text) = ropkit::files::read_text(&net.file, limits::NETWORK_FILE_BYTES)
        && project
            .load_network(&net.file, lib)
            .is_ok_and(|on_disk| on_disk.to_yaml(lib) == now)
    {
        return text;
    }
    now
}

/// What a worker needs to rebuild ``network`` without the caller's files:
/// a dict with ``name`` (the network file's name), ``source`` (where it
/// came from here, for messages), ``text`` (the network file, bytes),
/// ``builtin`` (True when the built-in ROPs and shaders were read from disk
/// and are sent), ``files`` (relative path to bytes) and ``folders`` (each
/// sent ROP folder's prefix to its path here), and ``version``.
#[pyfunction]
#[pyo3(name = "_network_content")]
pub fn network_content<'py>(
    py: Python<'py>,
    network: PyRef<'py, PyNetwork>,
) -> PyResult<Bound<'py, PyDict>> {
    let live = network.live();
    let (net, lib, project) = (&live.net, &*live.lib, &live.project);
    let mut content = Content::default();
    let builtin = matches!(project.sources.builtin, Builtin::Folder(_));
    if let Builtin::Folder(root) = &project.sources.builtin {
        let shaders = root.join("shaders");
        content.add_folder(&shaders, &shaders, "shaders", 0)?;
    }
    content.add_rops(net, lib, project)?;
    content.add_textures(net, lib, project)?;
    let text = network_text(net, lib, project);
    let name = if is_pseudo_file(&net.file) {
        "network.yaml".to_string()
    } else {
        net.file
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| "network.yaml".into())
    };
    let d = PyDict::new(py);
    d.set_item("name", name)?;
    d.set_item("source", net.file.display().to_string())?;
    d.set_item("text", PyBytes::new(py, text.as_bytes()))?;
    d.set_item("builtin", builtin)?;
    let files = PyDict::new(py);
    for (k, v) in &content.files {
        files.set_item(k, PyBytes::new(py, v))?;
    }
    d.set_item("files", files)?;
    d.set_item("folders", content.folders.clone())?;
    d.set_item("version", env!("CARGO_PKG_VERSION"))?;
    Ok(d)
}

/// Where `root` keeps the built-ins, if it holds a checkout's two folders.
pub fn builtin_folder(root: &Path) -> Option<PathBuf> {
    (root.join("rops").is_dir() && root.join("shaders").is_dir()).then(|| root.to_path_buf())
}
