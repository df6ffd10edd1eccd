//! The folders a library is read from: on disk (a checkout, a project's own
//! `rops/`, `--rops`), or the copy embedded in the program. Both look the
//! same to the loader: sub-folders, files, and text read under the limits
//! of [`crate::limits`].

use crate::builtin;
use crate::files;
use include_dir::Dir;
use std::fmt;
use std::io;
use std::path::{Path, PathBuf};

/// A folder of ROPs or shaders.
#[derive(Debug, Clone)]
pub enum Folder {
    /// `path` on disk; every file read must really lie inside `root`.
    Disk { path: PathBuf, root: PathBuf },
    /// An embedded folder, shown as `<builtin>/<top>/<path>`.
    Embedded {
        dir: &'static Dir<'static>,
        top: &'static str,
    },
}

impl Folder {
    pub fn disk(root: &Path) -> Folder {
        Folder::Disk {
            path: root.to_path_buf(),
            root: root.to_path_buf(),
        }
    }

    /// The path this folder is named by in messages.
    pub fn path(&self) -> PathBuf {
        match self {
            Folder::Disk { path, .. } => path.clone(),
            Folder::Embedded { dir, top } => builtin::display_path(top, dir.path()),
        }
    }

    /// The message path of a file in this folder.
    pub fn file_path(&self, name: &str) -> PathBuf {
        self.path().join(name)
    }

    /// The folder's last name (`sphere` for `rops/sdf/sphere`).
    pub fn name(&self) -> String {
        self.path()
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default()
    }

    /// The name of the folder holding this one (the default ROP category).
    pub fn parent_name(&self) -> String {
        self.path()
            .parent()
            .and_then(|p| p.file_name())
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default()
    }

    /// A sub-folder by relative path, if it exists.
    pub fn sub(&self, rel: &str) -> Option<Folder> {
        match self {
            Folder::Disk { path, root } => {
                let p = path.join(rel);
                p.is_dir().then(|| Folder::Disk {
                    path: p,
                    root: root.clone(),
                })
            }
            Folder::Embedded { dir, top } => dir
                .get_dir(dir.path().join(rel))
                .map(|d| Folder::Embedded { dir: d, top }),
        }
    }

    /// Sub-folders in name order, hidden ones (`.git`) left out.
    pub fn folders(&self) -> io::Result<Vec<Folder>> {
        let mut out = match self {
            Folder::Disk { path, root } => {
                let mut v = Vec::new();
                for e in std::fs::read_dir(path)? {
                    let e = e?;
                    // Symlinked folders are followed only into the root (checked on read).
                    if e.path().is_dir() && !e.file_name().to_string_lossy().starts_with('.') {
                        v.push(Folder::Disk {
                            path: e.path(),
                            root: root.clone(),
                        });
                    }
                }
                v
            }
            Folder::Embedded { dir, top } => dir
                .dirs()
                .map(|d| Folder::Embedded { dir: d, top })
                .collect(),
        };
        out.sort_by_key(|f| f.path());
        Ok(out)
    }

    /// Names of the files directly in this folder ending in `ext`, sorted.
    pub fn files(&self, ext: &str) -> io::Result<Vec<String>> {
        let mut out: Vec<String> = match self {
            Folder::Disk { path, .. } => {
                let mut v = Vec::new();
                for e in std::fs::read_dir(path)? {
                    let e = e?;
                    let name = e.file_name().to_string_lossy().into_owned();
                    if name.ends_with(ext) && !e.path().is_dir() {
                        v.push(name);
                    }
                }
                v
            }
            Folder::Embedded { dir, .. } => dir
                .files()
                .filter_map(|f| f.path().file_name()?.to_str().map(str::to_string))
                .filter(|n| n.ends_with(ext))
                .collect(),
        };
        out.sort();
        Ok(out)
    }

    /// Whether the folder holds a file (or anything) by that name.
    pub fn has(&self, name: &str) -> bool {
        match self {
            Folder::Disk { path, .. } => std::fs::symlink_metadata(path.join(name)).is_ok(),
            Folder::Embedded { dir, .. } => dir.get_file(dir.path().join(name)).is_some(),
        }
    }

    /// The text of a file; `Ok(None)` when there is no such file.
    pub fn read(&self, name: &str, limit: u64) -> io::Result<Option<String>> {
        match self {
            Folder::Disk { path, root } => {
                let p = path.join(name);
                if std::fs::symlink_metadata(&p).is_err() {
                    return Ok(None);
                }
                files::read_text_within(&p, root, limit).map(Some)
            }
            Folder::Embedded { dir, .. } => match dir.get_file(dir.path().join(name)) {
                None => Ok(None),
                Some(f) => f
                    .contents_utf8()
                    .map(|t| Some(t.to_string()))
                    .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidData, "not UTF-8 text")),
            },
        }
    }

    /// Whether this folder is on disk (and can be watched for changes).
    pub fn disk_path(&self) -> Option<&Path> {
        match self {
            Folder::Disk { path, .. } => Some(path),
            Folder::Embedded { .. } => None,
        }
    }
}

/// Where a ROP definition came from: the copy built into the program, or a
/// folder on disk (the ROP root it was found under).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Origin {
    Builtin,
    Folder(PathBuf),
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Origin::Builtin => f.write_str("built in"),
            Origin::Folder(p) => write!(f, "{}", p.display()),
        }
    }
}

/// The built-in library: the copy embedded in the program, or a folder on
/// disk holding `rops/` and `shaders/` (a checkout, or `ROPKIT_HOME`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Builtin {
    Embedded,
    Folder(PathBuf),
}

/// Everything a library is loaded from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sources {
    pub builtin: Builtin,
    /// ROP folders added to the built-in ones (a project's own `rops/`,
    /// `ROPKIT_ROPS`, `--rops`). A ROP here may shadow a built-in one of the
    /// same name, with a warning naming both.
    pub extra_rops: Vec<PathBuf>,
    /// Also load the ROPs `ropkit check` wraps others in (`shaders/harness/`).
    pub harness: bool,
}

impl Sources {
    /// The built-ins of a folder on disk and nothing else.
    pub fn folder(root: &Path) -> Sources {
        Sources {
            builtin: Builtin::Folder(root.to_path_buf()),
            extra_rops: Vec::new(),
            harness: false,
        }
    }

    /// Where ROPs are read from, built-in first (`<builtin>/rops` for the embedded copy).
    pub fn rop_paths(&self) -> Vec<PathBuf> {
        let mut v = vec![self.builtin_rops().path()];
        v.extend(self.extra_rops.iter().cloned());
        v
    }

    /// The ROP folders on disk: the built-in one (in a checkout), then the extras.
    pub fn rop_folders(&self) -> Vec<PathBuf> {
        let mut v = Vec::new();
        if let Builtin::Folder(root) = &self.builtin {
            v.push(root.join("rops"));
        }
        v.extend(self.extra_rops.iter().cloned());
        v
    }

    pub(super) fn builtin_rops(&self) -> Folder {
        match &self.builtin {
            Builtin::Embedded => Folder::Embedded {
                dir: &crate::builtin::ROPS,
                top: "rops",
            },
            Builtin::Folder(root) => Folder::disk(&root.join("rops")),
        }
    }

    pub(super) fn shaders(&self) -> Folder {
        match &self.builtin {
            Builtin::Embedded => Folder::Embedded {
                dir: &crate::builtin::SHADERS,
                top: "shaders",
            },
            Builtin::Folder(root) => Folder::disk(&root.join("shaders")),
        }
    }
}
