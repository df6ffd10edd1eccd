//! Data parameters: values that are data rather than numbers (a point
//! list). When a shader is built, each one is loaded (inline from the
//! network, or from a file inside the project), packed into texels of the
//! shader's one data texture, and reached from ROP code through accessor
//! macros that read `vec4 rk_data(int texel)` (declared by the target: a
//! texture fetch, or a constant array where a target has no textures).
//!
//! A new kind is added here: a [`ParamStyle`] name in `src/types.rs`, its
//! YAML reading in `src/value.rs`, a variant of [`Loaded`] with its
//! texels and macros, and its module.

pub mod font;
mod ply;
pub mod points;

use crate::types::ParamStyle;
use crate::value::ParamValue;
use points::PointList;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Texels per row of the data texture.
pub const DATA_WIDTH: usize = 1024;

/// Why a data parameter's value cannot be loaded: the file it came from
/// (none for an inline value), the line there, and what is wrong.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{}{message}", at(file, *line))]
pub struct DataError {
    pub file: Option<PathBuf>,
    pub line: usize,
    pub message: String,
}

fn at(file: &Option<PathBuf>, line: usize) -> String {
    match (file, line) {
        (Some(f), 0) => format!("{}: ", f.display()),
        (Some(f), l) => format!("{}:{l}: ", f.display()),
        (None, 0) => String::new(),
        (None, l) => format!("item {l}: "),
    }
}

impl DataError {
    fn new(file: Option<&Path>, line: usize, message: impl Into<String>) -> DataError {
        DataError {
            file: file.map(Path::to_path_buf),
            line,
            message: message.into(),
        }
    }
}

/// One data parameter's value, loaded.
#[derive(Debug, Clone, PartialEq)]
pub enum Loaded {
    Points(Arc<PointList>),
    /// Text laid out in a font (see [`font::pack`] for its texels and macros).
    Font(Arc<font::TextShape>),
}

impl Loaded {
    /// The texels the accessors read, in order.
    pub fn texels(&self) -> Vec<[f32; 4]> {
        match self {
            Loaded::Points(list) => {
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
            Loaded::Font(shape) => font::pack::texels(shape),
        }
    }

    /// The accessor macros of a parameter whose GLSL prefix is `prefix`
    /// (`<node>_<Param>`) and whose texels start at `first`.
    pub fn macros(&self, prefix: &str, first: usize) -> String {
        let mut out = String::new();
        match self {
            Loaded::Points(list) => {
                let (lo, hi) = list.bounds();
                let v = |a: [f32; 3]| {
                    let f = |x: f32| crate::value::float_text(x as f64);
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
            }
            Loaded::Font(shape) => out = font::pack::macros(shape, prefix, first),
        }
        out
    }
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
    /// The folders a network's files are looked up in.
    pub fn for_network(network_file: &Path) -> Files {
        Files {
            dirs: crate::project::Project::embedded(Path::new("")).asset_dirs(network_file),
        }
    }

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

/// Loads the value of a data parameter of `style`. `with` holds the values
/// of the parameters its `with:` names, in order.
pub fn load(
    style: ParamStyle,
    value: &ParamValue,
    with: &[ParamValue],
    files: &Files,
) -> Result<Loaded, DataError> {
    match (style, value) {
        (ParamStyle::Font, ParamValue::Text(path)) => font_text(path, with, files),
        (ParamStyle::Points, ParamValue::Points(list)) => Ok(Loaded::Points(list.clone())),
        (ParamStyle::Points, ParamValue::Text(path)) if path.is_empty() => {
            Ok(Loaded::Points(Arc::default()))
        }
        (ParamStyle::Points, ParamValue::Text(path)) => {
            let (file, bytes) = files.read(path, crate::limits::DATA_FILE_BYTES)?;
            let located = |e: points::PointsError| DataError::new(Some(&file), e.line, e.message);
            let ext = Path::new(path)
                .extension()
                .and_then(|e| e.to_str())
                .unwrap_or("")
                .to_ascii_lowercase();
            let text = || {
                crate::files::text_of(bytes.clone())
                    .map_err(|e| DataError::new(Some(&file), 0, e.to_string()))
            };
            let list = match ext.as_str() {
                "csv" | "txt" | "tsv" => PointList::parse_csv(&text()?).map_err(located)?,
                "obj" => PointList::parse_obj(&text()?).map_err(located)?,
                "ply" => PointList::parse_ply(&bytes).map_err(located)?,
                _ => {
                    return Err(DataError::new(
                        Some(&file),
                        0,
                        "a point list is read from a .csv, .ply or .obj file",
                    ));
                }
            };
            Ok(Loaded::Points(Arc::new(list)))
        }
        (style, v) => Err(DataError::new(
            None,
            0,
            format!(
                "a {style} parameter does not take {}",
                crate::limits::echo(&format!("{v:?}"))
            ),
        )),
    }
}

/// Lays out the text of a `font` parameter. Its `with:` names, in this
/// order, the text (a string), the alignment (a menu: left, center, right),
/// the letter spacing and the line spacing (floats, in em and in lines);
/// those left out take the defaults (no text, left, 0, 1).
fn font_text(path: &str, with: &[ParamValue], files: &Files) -> Result<Loaded, DataError> {
    let text = with.first().and_then(|v| v.as_text()).unwrap_or("");
    let align_name = with.get(1).and_then(|v| v.as_text()).unwrap_or("left");
    let align = font::Align::parse(align_name).ok_or_else(|| {
        DataError::new(
            None,
            0,
            format!(
                "alignment '{}' is not one of {}",
                crate::limits::echo(align_name),
                font::Align::NAMES.join(", ")
            ),
        )
    })?;
    let number = |i: usize, default: f64| match with.get(i) {
        Some(ParamValue::Float(f)) => *f,
        Some(ParamValue::Int(n)) => *n as f64,
        _ => default,
    };
    let style = font::TextStyle {
        text,
        align,
        letter_spacing: number(2, 0.0),
        line_spacing: number(3, 1.0),
    };
    let shape = if path.is_empty() {
        font::layout(font::BUNDLED, &style)
            .map_err(|e| DataError::new(None, 0, format!("the bundled font: {e}")))?
    } else {
        let ext = Path::new(path)
            .extension()
            .and_then(|e| e.to_str())
            .unwrap_or("")
            .to_ascii_lowercase();
        if !matches!(ext.as_str(), "ttf" | "otf") {
            return Err(DataError::new(
                Some(Path::new(path)),
                0,
                "a font is read from a .ttf or .otf file",
            ));
        }
        let (file, bytes) = files.read(path, crate::limits::FONT_FILE_BYTES)?;
        font::layout(&bytes, &style).map_err(|e| DataError::new(Some(&file), 0, e.to_string()))?
    };
    Ok(Loaded::Font(Arc::new(shape)))
}

/// The GLSL of `rk_data` for a target without textures: the texels as a
/// constant array (at most [`crate::limits::DATA_INLINE_TEXELS`]).
pub fn inline_glsl(texels: &[[f32; 4]]) -> Option<String> {
    if texels.len() > crate::limits::DATA_INLINE_TEXELS {
        return None;
    }
    let f = |x: f32| crate::value::float_text(x as f64);
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
