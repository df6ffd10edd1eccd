//! Data parameters: values that are data rather than numbers (a point
//! list). When a shader is built, each one is loaded (inline from the
//! network, or from a file inside the project), packed into texels of the
//! shader's one data texture, and reached from ROP code through accessor
//! macros that read `vec4 rk_data(int texel)` (declared by the target: a
//! texture fetch, or a constant array where a target has no textures).
//!
//! A new kind is added here: a `ParamStyle` name in `src/types.rs`, its
//! YAML reading in `src/value.rs`, a variant of [`Loaded`] with its
//! texels and macros, its module, and its arm in the generator's loader
//! (`generate/data.rs`). This module reads files and packs data; it knows
//! nothing of networks or parameter values, so those can name its types.

pub mod font;
pub mod grid;
pub(crate) mod ply;
pub mod points;
pub mod svg;
pub mod tree;

use points::PointList;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Texels per row of the data texture.
pub const DATA_WIDTH: usize = 1024;

/// The variable the shader binds the data texture as.
pub const DATA_TEXTURE_VAR: &str = "rk_dataTex";

/// Why a data parameter's value cannot be loaded: the file it came from
/// (none for an inline value), the line there, and what is wrong.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{}{message}", at(file, *line))]
pub struct DataError {
    pub file: Option<PathBuf>,
    pub line: usize,
    pub message: String,
    /// The parameter the error is about when it is not the data parameter
    /// itself: an index into the parameter's `with:` list (a font's text).
    pub about: Option<usize>,
}

fn at(file: &Option<PathBuf>, line: usize) -> String {
    match (file, line) {
        (Some(f), 0) => format!("{}: ", f.display()),
        (Some(f), l) => format!("{}:{l}: ", f.display()),
        (None, 0) => String::new(),
        (None, l) => format!("item {l}: "),
    }
}

/// A float as GLSL and YAML both read it back: Rust's shortest form,
/// which always has a point or an exponent for an `f32`.
pub(crate) fn float_text(x: f32) -> String {
    if x.is_finite() {
        format!("{x:?}")
    } else {
        "0.0".into()
    }
}

impl DataError {
    pub fn new(file: Option<&Path>, line: usize, message: impl Into<String>) -> DataError {
        DataError {
            file: file.map(Path::to_path_buf),
            line,
            message: message.into(),
            about: None,
        }
    }

    /// The same error, about the parameter `with[index]` of the data parameter.
    pub fn about(mut self, index: usize) -> DataError {
        self.about = Some(index);
        self
    }
}

/// One data parameter's value, loaded.
#[derive(Debug, Clone, PartialEq)]
pub enum Loaded {
    Points(Arc<PointList>),
    /// A point list and a grid over its copies (see [`grid`]): the
    /// point texels, then the grid's.
    Instances(Arc<PointList>, Arc<grid::InstanceGrid>),
    /// A point list a curve is drawn through, and the curve tree over it
    /// (see [`PointList::curve_tree`]): the point texels, then the tree's.
    Curve(Arc<PointList>),
    /// Text laid out in a font (see [`font::pack`] for its texels and macros).
    Font(Arc<font::TextShape>),
    /// The filled paths of an SVG file (see [`svg::pack`]).
    Svg(Arc<svg::SvgShape>),
}

impl Loaded {
    /// The texels the accessors read, in order.
    pub fn texels(&self) -> Vec<[f32; 4]> {
        match self {
            Loaded::Instances(list, grid) => {
                let mut t = point_texels(list);
                t.extend(grid.texels());
                t
            }
            Loaded::Points(list) => point_texels(list),
            Loaded::Curve(list) => {
                // The points, then the curve tree over them.
                let mut t = point_texels(list);
                let first = t.len();
                let n = list.points.len();
                list.curve_tree().pack3(
                    first,
                    |run, _| {
                        let j0 = run * points::RUN;
                        (j0 as f32, (n - j0).min(points::RUN) as f32)
                    },
                    &mut t,
                );
                t
            }
            Loaded::Font(shape) => font::pack::texels(shape),
            Loaded::Svg(shape) => svg::pack::texels(shape),
        }
    }

    /// The accessor macros of a parameter whose GLSL prefix is `prefix`
    /// (`<node>_<Param>`) and whose texels start at `first`.
    pub fn macros(&self, prefix: &str, first: usize) -> String {
        match self {
            Loaded::Instances(list, grid) => {
                point_macros(list, prefix, first)
                    + &grid.macros(prefix, first + 3 * list.points.len())
            }
            Loaded::Points(list) => point_macros(list, prefix, first),
            Loaded::Curve(list) => {
                // The curve tree's root, counted from the first texel (see
                // `shaders/node/curveScan.glsl`).
                let root = if list.points.is_empty() {
                    -1
                } else {
                    3 * list.points.len() as i64
                };
                point_macros(list, prefix, first)
                    + &format!("#define {prefix}_first {first}\n#define {prefix}_tree {root}\n")
            }
            Loaded::Font(shape) => font::pack::macros(shape, prefix, first),
            Loaded::Svg(shape) => svg::pack::macros(shape, prefix, first),
        }
    }
}

impl Loaded {
    /// The same points with the curve tree over them.
    pub fn with_curve_tree(self) -> Loaded {
        match self {
            Loaded::Points(list) => Loaded::Curve(list),
            other => other,
        }
    }
}

/// A point list's texels: three per point (position and scale, rotation,
/// colour).
fn point_texels(list: &PointList) -> Vec<[f32; 4]> {
    let mut t = Vec::with_capacity(list.points.len() * 3);
    for p in &list.points {
        let [x, y, z] = p.pos;
        let [rx, ry, rz] = p.rotate;
        let [r, g, b] = p.color;
        t.push([x, y, z, p.scale]);
        t.push([rx, ry, rz, 0.0]);
        t.push([r, g, b, 1.0]);
    }
    t
}

/// The accessors of a point list's points.
fn point_macros(list: &PointList, prefix: &str, first: usize) -> String {
    let mut out = String::new();
    let (lo, hi) = list.bounds();
    let v = |a: [f32; 3]| {
        let f = float_text;
        format!("vec3({}, {}, {})", f(a[0]), f(a[1]), f(a[2]))
    };
    let at = |k: usize| format!("rk_data({first} + 3 * (I) + {k})");
    let _ = writeln!(out, "#define {prefix}_count {}", list.points.len());
    let _ = writeln!(out, "#define {prefix}(I) {}.xyz", at(0));
    let _ = writeln!(out, "#define {prefix}_scale(I) {}.w", at(0));
    let _ = writeln!(out, "#define {prefix}_rotate(I) {}.xyz", at(1));
    let _ = writeln!(out, "#define {prefix}_color(I) {}.xyz", at(2));
    let _ = writeln!(out, "#define {prefix}_min {}", v(lo));
    let _ = writeln!(out, "#define {prefix}_max {}", v(hi));
    out
}

/// Where the files a network names are read from: below the network's
/// folder or its project folder (see [`crate::project::Project::asset_dirs`]),
/// else the built-in assets. A file is read only below the folder it is
/// found in, through one handle ([`crate::files::read_bytes_beneath`]).
#[derive(Debug, Clone)]
pub struct Files {
    pub dirs: Vec<PathBuf>,
}

impl Files {
    /// The file at the project-relative path `rel`, at most `limit` bytes:
    /// where it was found (for messages) and its bytes.
    pub fn read(&self, rel: &str, limit: u64) -> Result<(PathBuf, Vec<u8>), DataError> {
        let path = Path::new(rel);
        crate::files::check_relative(path)
            .map_err(|e| DataError::new(Some(path), 0, e.to_string()))?;
        let found = self
            .dirs
            .iter()
            .map(|d| (d, d.join(path)))
            .find(|(_, p)| std::fs::symlink_metadata(p).is_ok());
        match found {
            Some((dir, file)) => crate::files::read_bytes_beneath(dir, path, limit)
                .map(|bytes| (file.clone(), bytes))
                .map_err(|e| DataError::new(Some(&file), 0, e.to_string())),
            None => match crate::builtin::asset(path) {
                Some(bytes) if bytes.len() as u64 <= limit => {
                    Ok((crate::builtin::display_path("", path), bytes.to_vec()))
                }
                Some(_) => Err(DataError::new(Some(path), 0, "larger than the limit")),
                None => Err(DataError::new(Some(path), 0, "file not found")),
            },
        }
    }

    /// The path a file would be read from, if it exists on disk (for the
    /// list of files a job reads).
    pub fn find(&self, rel: &str) -> Option<PathBuf> {
        self.dirs
            .iter()
            .map(|d| d.join(rel))
            .find(|p| std::fs::symlink_metadata(p).is_ok())
    }
}

/// One file read for [`DataFiles`]: where it was found and its bytes, or why not.
type ReadFile = Result<(PathBuf, Arc<[u8]>), DataError>;

/// The files a build's data parameters name, read before generation
/// (which reads no files), each under the byte limit its kind allows: by
/// the path the network gives and that limit.
#[derive(Debug, Clone, Default)]
pub struct DataFiles {
    read: std::collections::HashMap<(String, u64), ReadFile>,
}

impl DataFiles {
    /// Reads `rel` through `files` (once: a second request is kept from the first).
    pub fn read_from(&mut self, files: &Files, rel: &str, limit: u64) {
        self.read
            .entry((rel.to_string(), limit))
            .or_insert_with(|| files.read(rel, limit).map(|(p, b)| (p, b.into())));
    }

    /// What reading `rel` under `limit` gave: where it was found and its
    /// bytes, or why not. A file not read before the build is an error
    /// that says so.
    pub fn get(&self, rel: &str, limit: u64) -> Result<(PathBuf, Vec<u8>), DataError> {
        match self.read.get(&(rel.to_string(), limit)) {
            Some(Ok((path, bytes))) => Ok((path.clone(), bytes.to_vec())),
            Some(Err(e)) => Err(e.clone()),
            None => Err(DataError::new(
                Some(Path::new(rel)),
                0,
                "not read before the build",
            )),
        }
    }
}

/// The GLSL of `rk_data` for a target without textures: the texels as a
/// constant array (at most [`crate::limits::DATA_INLINE_TEXELS`]).
pub fn inline_glsl(texels: &[[f32; 4]]) -> Option<String> {
    if texels.len() > crate::limits::DATA_INLINE_TEXELS {
        return None;
    }
    let f = float_text;
    let items: Vec<String> = texels
        .iter()
        .map(|t| format!("vec4({}, {}, {}, {})", f(t[0]), f(t[1]), f(t[2]), f(t[3])))
        .collect();
    Some(format!(
        "const vec4 rk_dataArray[{n}] = vec4[{n}](\n  {}\n);\nvec4 rk_data(int i) {{ return rk_dataArray[clamp(i, 0, {last})]; }}",
        items.join(",\n  "),
        n = texels.len(),
        last = texels.len() - 1
    ))
}

/// The GLSL of `rk_data` reading the data texture bound as `var`.
pub fn texture_glsl(var: &str) -> String {
    format!(
        "vec4 rk_data(int i) {{ return texelFetch(sampler2D({var}, rk_sampler), ivec2(i % {DATA_WIDTH}, i / {DATA_WIDTH}), 0); }}"
    )
}
