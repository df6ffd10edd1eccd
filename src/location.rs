//! Where a problem is: the one location type every stage's errors carry
//! (library, network, build, compile diagnostics as the build reports them).

use std::fmt;
use std::path::{Path, PathBuf};

/// A place in a file, 1-based. `file` is `None` for text that lives in no
/// file (generated code, a network made by a script); `line` 0 means the
/// file as a whole.
#[derive(Debug, Clone, PartialEq, Eq, Default, Hash)]
pub struct Location {
    pub file: Option<PathBuf>,
    pub line: usize,
    pub col: usize,
}

impl Location {
    /// Line `line`, column `col` of `file`.
    pub fn new(file: &Path, line: usize, col: usize) -> Location {
        Location {
            file: Some(file.to_path_buf()),
            line,
            col,
        }
    }

    /// The file, or `""` when there is none.
    pub fn path(&self) -> &Path {
        self.file.as_deref().unwrap_or(Path::new(""))
    }
}

/// `file:line:col`, leaving out what is unknown (`file`, or `file:line:1`
/// when the column is not known).
impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (&self.file, self.line) {
            (None, 0) => Ok(()),
            (None, line) => write!(f, "{line}:{}", self.col.max(1)),
            (Some(p), 0) => write!(f, "{}", p.display()),
            (Some(p), line) => write!(f, "{}:{line}:{}", p.display(), self.col.max(1)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locations_print_what_they_know() {
        assert_eq!(
            Location::new(Path::new("a/b.yaml"), 3, 7).to_string(),
            "a/b.yaml:3:7"
        );
        assert_eq!(
            Location::new(Path::new("f.glsl"), 2, 0).to_string(),
            "f.glsl:2:1"
        );
        assert_eq!(
            Location::new(Path::new("f.glsl"), 0, 0).to_string(),
            "f.glsl"
        );
        assert_eq!(Location::default().to_string(), "");
    }
}
