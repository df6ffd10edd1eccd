//! The data parameters of a network (see [`crate::data`]), loaded and
//! packed into one block of texels, with each node's accessor macros.

use super::{GenerateError, Warning};
use crate::data::{DataError, DataFiles, Loaded, font, points, svg};
use crate::library::RopDef;
use crate::network::Network;
use crate::resolve::Resolution;
use crate::types::ParamStyle;
use crate::value::ParamValue;
use std::path::Path;
use std::sync::Arc;

/// Every data parameter's texels, one after another, and per node the
/// accessor macros of each of its data parameters (by parameter index).
#[derive(Debug, Clone, Default)]
pub struct DataPack {
    pub texels: Vec<[f32; 4]>,
    pub node_macros: Vec<Vec<(usize, String)>>,
    /// What loading found worth telling (characters a font lacks).
    pub warnings: Vec<Warning>,
}

impl DataPack {
    /// Whether any node has a data parameter (an empty list included: its
    /// accessors still read `rk_data`).
    pub fn any(&self) -> bool {
        self.node_macros.iter().any(|m| !m.is_empty())
    }
}

/// Loads and packs the data parameters of the resolved nodes. An error
/// names the network file and the node's line, or the data file and its
/// line.
pub(super) fn pack(
    res: &Resolution,
    net: &Network,
    defs: &[&RopDef],
    files: &DataFiles,
) -> Result<DataPack, GenerateError> {
    let mut pack = DataPack {
        texels: Vec::new(),
        node_macros: vec![Vec::new(); res.nodes.len()],
        warnings: Vec::new(),
    };
    if !defs
        .iter()
        .any(|d| d.params.iter().any(|p| p.style.is_data()))
    {
        return Ok(pack);
    }
    for (ni, n) in res.nodes.iter().enumerate() {
        let def = defs[ni];
        let Some(node) = net.nodes.get(&n.path) else {
            continue;
        };
        for (pi, p) in def
            .params
            .iter()
            .enumerate()
            .filter(|(_, p)| p.style.is_data())
        {
            let value_of = |name: &str| {
                node.value(def, name)
                    .cloned()
                    .or_else(|| def.param(name).map(|q| q.default.clone()))
                    .unwrap_or(ParamValue::Text(String::new()))
            };
            let with: Vec<ParamValue> = p.with.iter().map(|w| value_of(w)).collect();
            let located = |message: String, file: Option<&std::path::Path>, line: usize| {
                let (file, line) = match file {
                    Some(f) => (f.to_path_buf(), line),
                    None => (
                        net.file.clone(),
                        net.lines.get(&n.path).copied().unwrap_or(1),
                    ),
                };
                GenerateError::Macro {
                    file,
                    line: line.max(1),
                    node: n.path.clone(),
                    message: format!("parameter {}: {message}", p.name),
                }
            };
            let loaded = load(p.style, &value_of(&p.name), &with, files).map_err(|e| {
                match e.about.and_then(|i| p.with.get(i)) {
                    // About another parameter (a font's text): named instead.
                    Some(other) => GenerateError::Macro {
                        file: net.file.clone(),
                        line: net.lines.get(&n.path).copied().unwrap_or(1),
                        node: n.path.clone(),
                        message: format!("parameter {other}: {}", e.message),
                    },
                    None => located(e.message.clone(), e.file.as_deref(), e.line),
                }
            })?;
            if let Loaded::Font(shape) = &loaded {
                let font = match value_of(&p.name) {
                    ParamValue::Text(path) if !path.is_empty() => format!("the font {path}"),
                    _ => "the bundled font (Noto Sans Bold, Latin)".to_string(),
                };
                if let Some(message) = shape.missing_note(&font) {
                    pack.warnings.push(Warning {
                        file: net.file.clone(),
                        line: net.lines.get(&n.path).copied().unwrap_or(1),
                        node: n.path.clone(),
                        message: format!("parameter {}: {message}", p.name),
                    });
                }
            }
            if let Loaded::Svg(shape) = &loaded
                && shape.unfilled > 0
            {
                pack.warnings.push(Warning {
                    file: net.file.clone(),
                    line: net.lines.get(&n.path).copied().unwrap_or(1),
                    node: n.path.clone(),
                    message: format!(
                        "parameter {}: {} paths of the SVG have a stroke and no fill: left out (only filled paths are read)",
                        p.name, shape.unfilled
                    ),
                });
            }
            // A grid over the points, for instancing ROPs (`grid: true`).
            let loaded = match (p.grid, with.first()) {
                (true, Some(ParamValue::Float(r))) => loaded.with_grid(*r as f32),
                (true, Some(ParamValue::Int(r))) => loaded.with_grid(*r as f32),
                (true, Some(_)) => loaded.with_grid(0.0),
                _ if p.tree => loaded.with_curve_tree(),
                _ => loaded,
            };
            let texels = loaded.texels();
            if pack.texels.len() + texels.len() > crate::limits::DATA_TEXELS {
                return Err(located(
                    format!(
                        "the network's data takes more than {} texels (DATA_TEXELS)",
                        crate::limits::DATA_TEXELS
                    ),
                    None,
                    0,
                ));
            }
            let prefix = format!("{}_{}", n.name, p.name);
            let macros = loaded.macros(&prefix, pack.texels.len());
            pack.texels.extend(texels);
            pack.node_macros[ni].push((pi, macros));
        }
    }
    if pack.any() && pack.texels.is_empty() {
        // Empty lists only: one texel, so the texture exists.
        pack.texels.push([0.0; 4]);
    }
    Ok(pack)
}

/// The files the data parameters of the resolved nodes name, each with
/// the byte limit its kind is read under: what the build reads (into
/// [`DataFiles`]) before it generates.
pub fn named_files(
    lib: &crate::library::Library,
    net: &Network,
    res: &Resolution,
) -> Vec<(String, u64)> {
    let mut wanted = Vec::new();
    for n in &res.nodes {
        let Some(node) = net.nodes.get(&n.path) else {
            continue;
        };
        let Some(def) = node.def(lib) else {
            continue;
        };
        for p in def.params.iter().filter(|p| p.style.is_data()) {
            let limit = file_limit(p.style);
            let value = node.value(def, &p.name).unwrap_or(&p.default);
            if let ParamValue::Text(path) = value
                && !path.is_empty()
            {
                wanted.push((path.clone(), limit));
            }
        }
    }
    wanted
}

/// The most bytes a file named by a data parameter of `style` may hold.
fn file_limit(style: ParamStyle) -> u64 {
    match style {
        ParamStyle::Font => crate::limits::FONT_FILE_BYTES,
        ParamStyle::Path => crate::limits::SVG_FILE_BYTES,
        _ => crate::limits::DATA_FILE_BYTES,
    }
}

/// Loads the value of a data parameter of `style`. `with` holds the values
/// of the parameters its `with:` names, in order.
fn load(
    style: ParamStyle,
    value: &ParamValue,
    with: &[ParamValue],
    files: &DataFiles,
) -> Result<Loaded, DataError> {
    match (style, value) {
        (ParamStyle::Font, ParamValue::Text(path)) => font_text(path, with, files),
        (ParamStyle::Path, ParamValue::Text(path)) => svg_file(path, files),
        (ParamStyle::Points, ParamValue::Points(list)) => Ok(Loaded::Points(list.clone())),
        (ParamStyle::Points, ParamValue::Text(path)) if path.is_empty() => {
            Ok(Loaded::Points(Arc::default()))
        }
        (ParamStyle::Points, ParamValue::Text(path)) => {
            let (file, bytes) = files.get(path, file_limit(ParamStyle::Points))?;
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
                "csv" | "txt" | "tsv" => points::PointList::parse_csv(&text()?).map_err(located)?,
                "obj" => points::PointList::parse_obj(&text()?).map_err(located)?,
                "ply" => points::PointList::parse_ply(&bytes).map_err(located)?,
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

/// Reads the SVG file of a `path` parameter. Errors name the file (where
/// it was found) and are placed at the node's line.
fn svg_file(path: &str, files: &DataFiles) -> Result<Loaded, DataError> {
    if path.is_empty() {
        return Err(DataError::new(
            None,
            0,
            "names no file: give an .svg file of the project",
        ));
    }
    let ext = Path::new(path)
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or("")
        .to_ascii_lowercase();
    if ext != "svg" {
        return Err(DataError::new(
            None,
            0,
            format!(
                "{}: a path is read from an .svg file",
                crate::limits::echo(path)
            ),
        ));
    }
    let (file, bytes) = files
        .get(path, file_limit(ParamStyle::Path))
        .map_err(|e| {
            let found = e
                .file
                .as_ref()
                .map(|f| f.display().to_string())
                .unwrap_or_else(|| crate::limits::echo(path));
            let what = if e.message == "file not found" {
                "SVG file not found (looked up in the network's folder, the project's folder and the built-in assets)".to_string()
            } else if e.message.starts_with("larger than the limit") {
                format!("{} (SVG_FILE_BYTES)", e.message)
            } else {
                e.message.clone()
            };
            DataError::new(None, 0, format!("{found}: {what}"))
        })?;
    let shape = svg::parse(&bytes)
        .map_err(|e| DataError::new(None, 0, format!("{}: {e}", file.display())))?;
    Ok(Loaded::Svg(std::sync::Arc::new(shape)))
}

/// Lays out the text of a `font` parameter. Its `with:` names, in this
/// order, the text (a string), the alignment (a menu: left, center, right),
/// the letter spacing and the line spacing (floats, in em and in lines);
/// those left out take the defaults (no text, left, 0, 1).
fn font_text(path: &str, with: &[ParamValue], files: &DataFiles) -> Result<Loaded, DataError> {
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
    // A text the font cannot lay out is the Text parameter's fault, not the font's.
    let chars = text.chars().count();
    if chars > crate::limits::TEXT_CHARS {
        let e = font::FontError::TextTooLong { chars };
        return Err(DataError::new(None, 0, e.to_string()).about(0));
    }
    // Every other error names the font file, and is placed at the node's
    // line in the network (the font file has no lines to point at).
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
                None,
                0,
                format!(
                    "{}: a font is read from a .ttf or .otf file",
                    crate::limits::echo(path)
                ),
            ));
        }
        let (file, bytes) = files
            .get(path, file_limit(ParamStyle::Font))
            .map_err(|e| DataError::new(None, 0, font_file_message(path, &e)))?;
        font::layout(&bytes, &style)
            .map_err(|e| DataError::new(None, 0, format!("{}: {e}", file.display())))?
    };
    Ok(Loaded::Font(Arc::new(shape)))
}

/// A font file's read error as `path: what` (the path the network gives
/// when the file is not found, else where it was looked up).
fn font_file_message(path: &str, e: &DataError) -> String {
    let file = e
        .file
        .as_ref()
        .map(|f| f.display().to_string())
        .unwrap_or_else(|| crate::limits::echo(path));
    let cannot = if e.message == "file not found" {
        "font file not found (looked up in the network's folder, the project's folder and the built-in assets)"
    } else {
        &e.message
    };
    format!("{file}: {cannot}")
}
