//! Where a project's files live, and the one way the command line, the
//! viewer and Python load a library and a network.
//!
//! The built-in ROPs, shaders and presets come from the folders on disk
//! when ropkit runs inside a checkout (a folder, or a parent of it, holding
//! `rops/` and `shaders/`) or `ROPKIT_HOME` names one; everywhere else from
//! the copy embedded in the program ([`crate::builtin`]). A project folder
//! of the user's own (one holding `ropkit.yaml` or `rops/`, as `ropkit init`
//! makes), the libraries its `ropkit.yaml` lists, the `ROPKIT_ROPS` path
//! list and `--rops` add ROP folders on top.

use crate::builtin;
use crate::library::{Builtin, Library, Sources};
use crate::network::{Network, NetworkError};
use std::path::{Path, PathBuf};

/// The folders a library is loaded from, and the folder networks, presets
/// and assets are looked up from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Project {
    /// The project folder: a checkout, `ROPKIT_HOME`, a user's project, or
    /// the current folder.
    pub root: PathBuf,
    pub sources: Sources,
    /// The project's `ropkit.yaml` could not be used: commands stop on it,
    /// the library lists it among its broken files.
    pub file_error: Option<crate::project_file::ProjectFileError>,
}

impl Project {
    /// Finds the project from `ROPKIT_HOME`, the current folder and its
    /// parents, and adds `ROPKIT_ROPS` and `extra_rops`.
    pub fn discover(extra_rops: &[PathBuf]) -> Project {
        let cwd = std::env::current_dir().unwrap_or_default();
        let checkout = std::env::var_os("ROPKIT_HOME")
            .map(PathBuf::from)
            .or_else(|| {
                cwd.ancestors()
                    .find(|d| is_checkout(d))
                    .map(|d| relative_to(d, &cwd))
            });
        let mut project = match checkout {
            Some(root) => Project::checkout(&root),
            None => {
                // A user's project: the nearest folder marked as one.
                let own = cwd
                    .ancestors()
                    .find(|d| is_project(d))
                    .map(|d| relative_to(d, &cwd));
                let mut p = Project::embedded(own.as_deref().unwrap_or(Path::new("")));
                if own.is_some() {
                    p.add_own_rops();
                }
                p
            }
        };
        if let Some(list) = std::env::var_os("ROPKIT_ROPS") {
            project
                .sources
                .extra_rops
                .extend(std::env::split_paths(&list).filter(|p| !p.as_os_str().is_empty()));
        }
        project
            .sources
            .extra_rops
            .extend(extra_rops.iter().cloned());
        project
    }

    /// A checkout (or any folder holding `rops/` and `shaders/`): the
    /// built-ins come from its folders on disk.
    pub fn checkout(root: &Path) -> Project {
        Project {
            root: root.to_path_buf(),
            sources: Sources::folder(root),
            file_error: None,
        }
    }

    /// The embedded built-ins, with `root` as the project folder.
    pub fn embedded(root: &Path) -> Project {
        Project {
            root: root.to_path_buf(),
            sources: Sources {
                builtin: Builtin::Embedded,
                extra_rops: Vec::new(),
                harness: false,
            },
            file_error: None,
        }
    }

    /// The project's own ROP folders: `rops/` when there is one, and the
    /// libraries its `ropkit.yaml` lists.
    fn add_own_rops(&mut self) {
        if self.root.join("rops").is_dir() {
            self.sources.extra_rops.push(self.root.join("rops"));
        }
        if crate::project_file::marks(&self.root) {
            match crate::project_file::read(&self.root) {
                Ok(file) => self.sources.extra_rops.extend(file.libraries),
                Err(e) => self.file_error = Some(e),
            }
        }
    }

    /// Adds ROP folders (a copy of the project with them).
    pub fn with_rops(mut self, rops: &[PathBuf]) -> Project {
        self.sources.extra_rops.extend(rops.iter().cloned());
        self
    }

    pub fn load_library(&self) -> Library {
        let mut lib = Library::load(&self.sources);
        if let Some(e) = &self.file_error {
            lib.broken.insert(
                0,
                crate::library::LibraryError {
                    at: e.at.clone(),
                    message: e.message.clone(),
                },
            );
        }
        lib
    }

    /// Loads a network file; a path that is not on disk but names a built-in
    /// preset (`default`, `default.yaml`, `presets/default.yaml`) loads that preset.
    pub fn load_network(&self, path: &Path, lib: &Library) -> Result<Network, NetworkError> {
        if std::fs::symlink_metadata(path).is_err() {
            if let Some((file, text)) = builtin::preset(path) {
                return Network::parse(text, &file, lib);
            }
            if builtin::is_builtin(path)
                && let Some(text) = builtin::text(path)
            {
                return Network::parse(text, path, lib);
            }
        }
        Network::load(path, lib)
    }

    /// The network `ropkit view` opens without an argument.
    pub fn default_network(&self) -> PathBuf {
        let on_disk = self.root.join("presets").join("default.yaml");
        if on_disk.is_file() {
            on_disk
        } else {
            builtin::display_path("presets", Path::new("default.yaml"))
        }
    }

    /// Every preset: the project's `presets/` on disk, else the built-in ones.
    pub fn presets(&self) -> Vec<PathBuf> {
        let dir = self.root.join("presets");
        let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
            .map(|r| {
                r.flatten()
                    .map(|e| e.path())
                    .filter(|p| p.extension().is_some_and(|x| x == "yaml"))
                    .collect()
            })
            .unwrap_or_default();
        if files.is_empty() {
            files = builtin::preset_names()
                .iter()
                .map(|n| builtin::display_path("presets", Path::new(n)))
                .collect();
        }
        files.sort();
        files
    }

    /// Folders that texture paths of a network are looked up in, first match
    /// wins: the network's folder, then its project folder
    /// ([`network_root`]). A built-in network has no folder: the project
    /// folder stands in. (The built-in assets come after these.) A file is
    /// read only below the folder it is found in.
    pub fn asset_dirs(&self, network_file: &Path) -> Vec<PathBuf> {
        if builtin::is_builtin(network_file) {
            return vec![self.root.clone()];
        }
        let own = network_file.parent().unwrap_or(Path::new("")).to_path_buf();
        let root = network_root(network_file);
        let mut dirs = vec![own];
        if !dirs.contains(&root) {
            dirs.push(root);
        }
        dirs
    }

    /// Everything a job on `net` reads, for [`crate::files::Inputs::check`]:
    /// the network file, the ROP folders and shader library on disk, and
    /// every file its nodes name (textures), found as the renderer finds them.
    pub fn job_inputs(&self, lib: &Library, net: &Network) -> crate::files::Inputs {
        let mut inputs = crate::files::Inputs::default();
        if !builtin::is_builtin(&net.file) && !net.file.as_os_str().is_empty() {
            inputs.add_file(&net.file, "the network");
        }
        for root in lib.sources.rop_folders() {
            inputs.add_folder(&root, "the ROP folder");
        }
        if let Builtin::Folder(root) = &lib.sources.builtin {
            inputs.add_folder(&root.join("shaders"), "the shader library");
        }
        // A ROP whose folder lies elsewhere (a symlinked folder inside a root).
        for def in lib.rops.values() {
            if matches!(def.origin, crate::library::Origin::Folder(_)) {
                inputs.add_folder(&def.dir, format!("the folder of ROP {}", def.name));
            }
        }
        let dirs = self.asset_dirs(&net.file);
        for (node, path) in named_files(lib, net) {
            // A volume's numbered pattern names its folder's files.
            let path = if crate::volume::is_pattern(&path) {
                let parent = Path::new(&path).parent().map(Path::to_path_buf);
                match parent.filter(|p| !p.as_os_str().is_empty()) {
                    Some(p) => p.to_string_lossy().into_owned(),
                    None => continue,
                }
            } else {
                path
            };
            let found = dirs
                .iter()
                .map(|d| d.join(&path))
                .find(|p| std::fs::symlink_metadata(p).is_ok());
            match found {
                // A volume's folder of slices.
                Some(dir) if dir.is_dir() => inputs.add_folder(&dir, format!("a volume of {node}")),
                Some(file) => inputs.add_file(&file, format!("a texture of {node}")),
                None => {}
            }
        }
        inputs
    }

    /// The files on disk that the nodes of `net` name (textures, point
    /// lists), found as the renderer and the generator find them, with the
    /// node naming each. Built-in assets are not files and are left out.
    pub fn files_on_disk(&self, lib: &Library, net: &Network) -> Vec<(String, PathBuf)> {
        let dirs = self.asset_dirs(&net.file);
        named_files(lib, net)
            .into_iter()
            .filter_map(|(node, path)| {
                dirs.iter()
                    .map(|d| d.join(&path))
                    .find(|p| std::fs::symlink_metadata(p).is_ok())
                    .map(|file| (node, file))
            })
            .collect()
    }
}

/// The project folder of a network file: the nearest folder, from the
/// network's own upwards, that holds `ropkit.yaml` or a `rops/` folder (a
/// project `ropkit init` made, or a checkout); else the network's own
/// folder. Every file the network names resolves inside it.
pub fn network_root(network_file: &Path) -> PathBuf {
    let own = network_file.parent().unwrap_or(Path::new(""));
    let abs = std::path::absolute(if own.as_os_str().is_empty() {
        Path::new(".")
    } else {
        own
    });
    if let Ok(abs) = abs {
        for (up, dir) in abs.ancestors().enumerate() {
            if is_project(dir) {
                // Named as the network is (relative stays relative).
                let mut rel = own.to_path_buf();
                for _ in 0..up {
                    let named = rel.file_name().is_some_and(|n| n != "..");
                    if named {
                        rel.pop();
                    } else {
                        rel.push("..");
                    }
                }
                return rel;
            }
        }
    }
    own.to_path_buf()
}

/// Every file path the nodes of `net` name, with the node: texture and
/// data parameters, volume parameters (a volume may name a folder or a
/// numbered pattern), and the textures ROPs name themselves.
pub fn named_files(lib: &Library, net: &Network) -> Vec<(String, String)> {
    use crate::library::TextureSource;
    let mut out = Vec::new();
    for (path, node) in &net.nodes {
        let Some(def) = node.def(lib) else { continue };
        // Textures, volumes, and data parameters given as a file (a point list).
        for p in def.params.iter().filter(|p| p.style.kind().file.is_some()) {
            if let Some(text) = node.value(def, &p.name).and_then(|v| v.as_text())
                && !text.is_empty()
            {
                out.push((path.clone(), text.to_string()));
            }
        }
        for t in &def.textures {
            if let TextureSource::Path(p) = &t.source {
                out.push((path.clone(), p.clone()));
            }
        }
    }
    out
}

/// A folder holding `ropkit.yaml`, or a `rops/` folder.
fn is_project(dir: &Path) -> bool {
    crate::project_file::marks(dir) || dir.join("rops").is_dir()
}

fn is_checkout(dir: &Path) -> bool {
    dir.join("rops").is_dir() && dir.join("shaders").is_dir()
}

/// Keeps paths short in messages: `rops/sdf/sphere/function.glsl` rather than an absolute path.
fn relative_to(dir: &Path, cwd: &Path) -> PathBuf {
    if dir == cwd {
        return PathBuf::new();
    }
    match cwd.strip_prefix(dir) {
        Ok(rest) => rest.components().map(|_| "..").collect(),
        Err(_) => dir.to_path_buf(),
    }
}
