//! The one check every writer makes before it writes anything: the output,
//! with every symlink resolved, is none of the files its job reads or will
//! read (the network, ROP files, textures) and lies in none of the folders
//! the job reads from (the ROP folders and the shader library in use).
//! The command line, the viewer and Python all call [`Inputs::check`].

use std::io;
use std::path::{Path, PathBuf};

/// What one job reads. Each path is kept as named (for messages) and as
/// its real path (for the comparison).
#[derive(Debug, Clone, Default)]
pub struct Inputs {
    files: Vec<Entry>,
    folders: Vec<Entry>,
}

#[derive(Debug, Clone)]
struct Entry {
    named: PathBuf,
    real: PathBuf,
    what: String,
}

/// An output refused: it would replace or land among the job's inputs.
#[derive(Debug, thiserror::Error)]
pub enum OutputError {
    #[error("{}: the output is {what} {}: refusing to overwrite it", output.display(), input.display())]
    IsInput {
        output: PathBuf,
        input: PathBuf,
        what: String,
    },
    #[error("{}: the output lies inside {what} {}: refusing to write there", output.display(), folder.display())]
    InsideFolder {
        output: PathBuf,
        folder: PathBuf,
        what: String,
    },
    #[error("{}: cannot tell where the output leads: {source}", output.display())]
    Unresolvable { output: PathBuf, source: io::Error },
}

impl Inputs {
    /// A file the job reads (`what`: "the network", "a texture of /tex1").
    pub fn add_file(&mut self, path: &Path, what: impl Into<String>) {
        let real = real_input(path);
        if !self.files.iter().any(|e| e.real == real) {
            self.files.push(Entry {
                named: path.to_path_buf(),
                real,
                what: what.into(),
            });
        }
    }

    /// A folder the job reads from: nothing may be written inside it.
    pub fn add_folder(&mut self, path: &Path, what: impl Into<String>) {
        let real = real_input(path);
        if !self.folders.iter().any(|e| e.real == real) {
            self.folders.push(Entry {
                named: path.to_path_buf(),
                real,
                what: what.into(),
            });
        }
    }

    /// The same inputs less one file: saving a network over itself is what
    /// Save does (its other inputs stay protected).
    pub fn without_file(&self, path: &Path) -> Inputs {
        let real = real_input(path);
        Inputs {
            files: self
                .files
                .iter()
                .filter(|e| e.real != real)
                .cloned()
                .collect(),
            folders: self.folders.clone(),
        }
    }

    /// Refuses `output` when, symlinks resolved, it is one of the files or
    /// lies inside one of the folders.
    pub fn check(&self, output: &Path) -> Result<(), OutputError> {
        let real = real_output(output).map_err(|source| OutputError::Unresolvable {
            output: output.to_path_buf(),
            source,
        })?;
        if let Some(e) = self.files.iter().find(|e| e.real == real) {
            return Err(OutputError::IsInput {
                output: output.to_path_buf(),
                input: e.named.clone(),
                what: e.what.clone(),
            });
        }
        if let Some(e) = self.folders.iter().find(|e| real.starts_with(&e.real)) {
            return Err(OutputError::InsideFolder {
                output: output.to_path_buf(),
                folder: e.named.clone(),
                what: e.what.clone(),
            });
        }
        Ok(())
    }

    /// Checks every output before any is written (the frames of a sequence).
    pub fn check_all<'a>(
        &self,
        outputs: impl IntoIterator<Item = &'a Path>,
    ) -> Result<(), OutputError> {
        outputs.into_iter().try_for_each(|o| self.check(o))
    }
}

/// An input's real path; one that does not exist yet (a texture not made)
/// by its absolute path, its folder resolved.
fn real_input(path: &Path) -> PathBuf {
    path.canonicalize()
        .or_else(|_| real_output(path))
        .unwrap_or_else(|_| path.to_path_buf())
}

/// Where writing `output` lands: symlinks at the name followed (as
/// [`super::write_atomic`] does, dangling ones too), the folder resolved.
pub fn real_output(output: &Path) -> io::Result<PathBuf> {
    let target = super::resolve_link(output)?;
    let name = target.file_name().map(PathBuf::from);
    let parent = target
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let folder = real_folder(parent)?;
    Ok(match name {
        Some(n) => folder.join(n),
        // `dir/..` or `/`: the folder itself.
        None => real_folder(&target)?,
    })
}

/// A folder's real path; one that does not exist yet by its nearest
/// existing ancestor's real path and the rest as written.
fn real_folder(dir: &Path) -> io::Result<PathBuf> {
    let abs = std::path::absolute(dir)?;
    let mut rest = Vec::new();
    let mut cur = abs.as_path();
    loop {
        if let Ok(real) = cur.canonicalize() {
            return Ok(rest.iter().rev().fold(real, |p, part| p.join(part)));
        }
        match (cur.parent(), cur.file_name()) {
            (Some(parent), Some(name)) => {
                rest.push(name.to_os_string());
                cur = parent;
            }
            _ => return Ok(abs),
        }
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::symlink;

    #[test]
    fn data_loss_an_output_is_no_input_through_any_link() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        std::fs::create_dir_all(d.join("rops/sdf/ball")).unwrap();
        std::fs::write(d.join("rops/sdf/ball/rop.yaml"), "x").unwrap();
        std::fs::write(d.join("net.yaml"), "x").unwrap();
        std::fs::write(d.join("tex.png"), "x").unwrap();
        let mut inputs = Inputs::default();
        inputs.add_file(&d.join("net.yaml"), "the network");
        inputs.add_file(&d.join("tex.png"), "a texture of /t");
        inputs.add_folder(&d.join("rops"), "the ROP folder");
        symlink("tex.png", d.join("link.png")).unwrap();
        symlink("link.png", d.join("chain.png")).unwrap();
        symlink("rops/sdf/ball", d.join("ball")).unwrap();
        symlink(d.join("rops/sdf/ball/new.glsl"), d.join("dangling.glsl")).unwrap();
        std::fs::create_dir(d.join("out")).unwrap();
        let refused = [
            "net.yaml",
            "./out/../net.yaml",
            "tex.png",
            "link.png",
            "chain.png",
            "rops/sdf/ball/rop.yaml",
            "rops/sdf/ball/function.glsl",
            "rops/new/dir/x.png",
            "ball/rop.yaml",
            "dangling.glsl",
        ];
        for r in refused {
            let e = inputs.check(&d.join(r));
            assert!(e.is_err(), "{r} was allowed");
        }
        let e = inputs.check(&d.join("link.png")).unwrap_err().to_string();
        assert!(
            e.contains("a texture of /t") && e.contains("refusing"),
            "{e}"
        );
        for ok in ["out.png", "out/a.png", "new/dir/b.png", "rops.png"] {
            inputs
                .check(&d.join(ok))
                .unwrap_or_else(|e| panic!("{ok}: {e}"));
        }
        // Saving over the network itself is Save's job.
        inputs
            .without_file(&d.join("net.yaml"))
            .check(&d.join("net.yaml"))
            .unwrap();
        assert!(
            inputs
                .check_all([d.join("a.png").as_path(), d.join("tex.png").as_path()])
                .is_err()
        );
    }
}
