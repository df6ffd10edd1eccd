//! `ropkit.yaml`: the file that marks a project's folder. The folder
//! holding it is the project root: networks inside it resolve the files
//! they name inside it, and ropkit run anywhere below it loads its ROPs.
//! The file may be empty; its one key, `libraries`, lists more folders of
//! ROPs (relative to the project folder), as `--rops` does.

use crate::location::Location;
use serde::Deserialize;
use std::path::{Path, PathBuf};

/// The name of the file that marks a project folder.
pub const FILE_NAME: &str = "ropkit.yaml";

/// What `ropkit init` writes: every key, explained.
pub const STARTER: &str = "# This folder is a ropkit project: files a network here names (textures\n\
    # and the like) are read from inside it, and its rops/ folder joins the\n\
    # library wherever below it ropkit runs.\n\
    # More folders of ROPs, relative to this one:\n\
    libraries: []\n";

/// What `ropkit.yaml` says.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ProjectFile {
    /// Folders of ROPs beyond the project's own `rops/`, as found on disk.
    pub libraries: Vec<PathBuf>,
}

/// A `ropkit.yaml` that cannot be used, located in it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{at}: {message}")]
pub struct ProjectFileError {
    pub at: Location,
    pub message: String,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct Raw {
    #[serde(default)]
    libraries: Vec<String>,
}

/// Whether `dir` holds a `ropkit.yaml` (a file, or a link to one).
pub fn marks(dir: &Path) -> bool {
    dir.join(FILE_NAME).is_file()
}

/// Reads `root/ropkit.yaml`: each library must be a folder.
pub fn read(root: &Path) -> Result<ProjectFile, ProjectFileError> {
    let path = root.join(FILE_NAME);
    let err = |line: usize, col: usize, message: String| ProjectFileError {
        at: Location::new(&path, line, col),
        message,
    };
    let text = crate::files::read_text(&path, crate::limits::ROP_YAML_BYTES)
        .map_err(|e| err(0, 0, e.to_string()))?;
    let yaml: serde_yaml_ng::Value = crate::yaml::from_str(&text)
        .map_err(|e| err(e.line, e.col, crate::value::cut_message(&e.message)))?;
    // An empty file (or one of comments) says nothing: every default holds.
    let raw: Raw = if yaml.is_null() {
        Raw::default()
    } else {
        crate::yaml::from_str(&text)
            .map_err(|e| err(e.line, e.col, crate::value::cut_message(&e.message)))?
    };
    let mut libraries = Vec::new();
    for name in &raw.libraries {
        let (line, col) = place_of(&text, name);
        let folder = root.join(name);
        if name.is_empty() || !folder.is_dir() {
            return Err(err(
                line,
                col,
                format!(
                    "libraries: '{}' is not a folder (library paths are relative to the project folder {})",
                    crate::limits::echo(name),
                    if root.as_os_str().is_empty() {
                        Path::new(".")
                    } else {
                        root
                    }
                    .display()
                ),
            ));
        }
        libraries.push(folder);
    }
    Ok(ProjectFile { libraries })
}

/// The line and column of `needle` after the `libraries` key (its first
/// place there), or the key's own line.
fn place_of(text: &str, needle: &str) -> (usize, usize) {
    let key = text
        .lines()
        .position(|l| l.trim_start().starts_with("libraries"))
        .unwrap_or(0);
    text.lines()
        .enumerate()
        .skip(key)
        .find_map(|(i, l)| {
            l.find(needle)
                .filter(|_| !needle.is_empty())
                .map(|c| (i + 1, c + 1))
        })
        .unwrap_or((key + 1, 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(text: &str) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join(FILE_NAME), text).unwrap();
        dir
    }

    #[test]
    fn an_empty_or_starter_project_file_lists_no_libraries() {
        for text in ["", "# nothing\n", STARTER] {
            let dir = write(text);
            assert_eq!(
                read(dir.path()).unwrap(),
                ProjectFile::default(),
                "{text:?}"
            );
        }
    }

    #[test]
    fn a_library_that_is_no_folder_is_refused_at_its_line_and_column() {
        let dir = write("# mine\nlibraries:\n  - more\n  - missing/rops\n");
        std::fs::create_dir(dir.path().join("more")).unwrap();
        let e = read(dir.path()).unwrap_err();
        assert_eq!((e.at.line, e.at.col), (4, 5), "{e}");
        assert!(
            e.to_string()
                .contains("ropkit.yaml:4:5: libraries: 'missing/rops' is not a folder"),
            "{e}"
        );
        std::fs::create_dir_all(dir.path().join("missing/rops")).unwrap();
        assert_eq!(
            read(dir.path()).unwrap().libraries,
            vec![dir.path().join("more"), dir.path().join("missing/rops")]
        );
    }

    #[test]
    fn an_unknown_key_or_a_wrong_shape_is_located() {
        let e = read(write("librarys: [x]\n").path()).unwrap_err();
        assert!(
            e.to_string().contains("ropkit.yaml:1:") && e.message.contains("librarys"),
            "{e}"
        );
        let e = read(write("libraries: rops\n").path()).unwrap_err();
        assert!(e.to_string().contains("ropkit.yaml:1:"), "{e}");
    }
}
