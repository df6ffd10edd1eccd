//! The built-in library, embedded in the program: `rops/`, `shaders/`,
//! `presets/` and `assets/` as they were when ropkit was built, so that a
//! binary or a Python wheel copied anywhere finds its ROPs. Inside a checkout
//! (or with `ROPKIT_HOME`) the folders on disk are used instead, so editing a
//! built-in ROP reloads as usual (see [`crate::project`]).

use include_dir::{Dir, include_dir};
use std::path::{Path, PathBuf};

pub static ROPS: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/rops");
pub static SHADERS: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/shaders");
pub static PRESETS: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/presets");
pub static ASSETS: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/assets");

/// How embedded files are named in messages: `<builtin>/rops/sdf/sphere/rop.yaml`.
pub const PREFIX: &str = "<builtin>";

/// The display path of an embedded file below one of the four folders.
pub fn display_path(folder: &str, rel: &Path) -> PathBuf {
    Path::new(PREFIX).join(folder).join(rel)
}

/// Whether a path names an embedded file (as made by [`display_path`]).
pub fn is_builtin(path: &Path) -> bool {
    path.starts_with(PREFIX)
}

/// The text of an embedded file given by its display path, if there is one.
pub fn text(path: &Path) -> Option<&'static str> {
    let rel = path.strip_prefix(PREFIX).ok()?;
    let mut parts = rel.components();
    let folder = parts.next()?.as_os_str().to_str()?;
    let rest = parts.as_path();
    let dir = match folder {
        "rops" => &ROPS,
        "shaders" => &SHADERS,
        "presets" => &PRESETS,
        "assets" => &ASSETS,
        _ => return None,
    };
    dir.get_file(rest)?.contents_utf8()
}

/// The bytes of an embedded asset (a texture) by its path relative to
/// `assets/`'s parent, e.g. `assets/checker.png`.
pub fn asset(rel: &Path) -> Option<&'static [u8]> {
    let rest = rel.strip_prefix("assets").ok()?;
    ASSETS.get_file(rest).map(|f| f.contents())
}

/// Names of the embedded presets (`default.yaml`, ...), sorted.
pub fn preset_names() -> Vec<String> {
    let mut names: Vec<String> = PRESETS
        .files()
        .filter_map(|f| f.path().file_name()?.to_str().map(str::to_string))
        .filter(|n| n.ends_with(".yaml"))
        .collect();
    names.sort();
    names
}

/// An embedded preset by name (`default`, `default.yaml` or `presets/default.yaml`):
/// its display path and text.
pub fn preset(name: &Path) -> Option<(PathBuf, &'static str)> {
    let file = name.file_name()?.to_str()?;
    let file = if file.ends_with(".yaml") {
        file.to_string()
    } else {
        format!("{file}.yaml")
    };
    // Only a bare name or presets/NAME: `other/dir/default.yaml` is a user's file.
    let parent = name.parent().filter(|p| !p.as_os_str().is_empty());
    if parent.is_some_and(|p| p != Path::new("presets")) {
        return None;
    }
    let f = PRESETS.get_file(&file)?;
    Some((
        display_path("presets", Path::new(&file)),
        f.contents_utf8()?,
    ))
}
