//! Vector outlines from an SVG file: every filled path of the drawing
//! (lines, quadratic and cubic Béziers, arcs, with the transforms of the
//! groups around it) as the line and quadratic segments the shader reads
//! for text (`shaders/glyphs.glsl`), each path with its fill rule.
//!
//! Parsing is usvg's: it resolves styles (CSS, `style=`, inheritance),
//! `<use>`, basic shapes (`rect`, `circle`, `ellipse`, `polygon`, ...),
//! arcs (to cubics) and transforms, and bounds the expansion of `<use>`
//! (`usvg::Error::ElementsLimitReached`). usvg is maintained (the resvg
//! project, which runs the SVG test suite of browsers) and pure Rust; it is
//! built without its `text` feature (no fonts are loaded) and without
//! `svgz`. Before usvg sees the file, ropkit parses the XML itself with
//! roxmltree (the parser usvg uses): no DTD (so no entities, and no
//! billion laughs), at most [`limits::SVG_ELEMENTS`] nodes, nested at most
//! [`limits::SVG_DEPTH`] deep (usvg walks groups recursively). Pictures an
//! SVG links (`<image href=...>`) are never read: the resolver answers
//! nothing for every reference, inline data included.
//!
//! Coordinates: y up (the SVG's y runs down), the canvas (the `width`
//! and `height` of the `<svg>` element, else its `viewBox`) centred on
//! the origin and scaled to 1 high. Cubics become quadratics within
//! [`CUBIC_TOLERANCE`] of that height; every segment is split to be
//! monotonic in y, as glyph outlines are.

use super::font::outline::{Segment, cubic_to_quadratics, split_monotonic_y};
use crate::limits;

/// How far the quadratics standing in for a cubic may stray from it, as a
/// share of the canvas's height: a quarter of a pixel at 1,000 pixels.
pub const CUBIC_TOLERANCE: f64 = 2.5e-4;

/// One filled path: its segments and box, and its fill rule.
#[derive(Debug, Clone, PartialEq)]
pub struct SvgPath {
    pub segments: Vec<Segment>,
    /// min x, min y, max x, max y of the segments (control points included).
    pub bbox: [f64; 4],
    /// `fill-rule: evenodd` (else `nonzero`).
    pub even_odd: bool,
}

/// The filled paths of a drawing, in drawing order.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct SvgShape {
    pub paths: Vec<SvgPath>,
    /// Paths that were left out because they have no fill (strokes only).
    pub unfilled: usize,
}

impl SvgShape {
    /// The box around every path.
    pub fn bounds(&self) -> [f64; 4] {
        let mut b = [
            f64::INFINITY,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NEG_INFINITY,
        ];
        for p in &self.paths {
            b = [
                b[0].min(p.bbox[0]),
                b[1].min(p.bbox[1]),
                b[2].max(p.bbox[2]),
                b[3].max(p.bbox[3]),
            ];
        }
        if b[0] > b[2] { [0.0; 4] } else { b }
    }

    /// Every segment, for a test's reference.
    pub fn segment_count(&self) -> usize {
        self.paths.iter().map(|p| p.segments.len()).sum()
    }
}

/// Why an SVG file is refused.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SvgError {
    #[error("is not UTF-8 text (a compressed .svgz is not read: unpack it)")]
    NotText,
    #[error("is not XML ropkit can read: {0}")]
    Xml(String),
    #[error(
        "has a document type declaration (<!DOCTYPE ...>): refused, since its entities could expand without bound; remove it"
    )]
    Dtd,
    #[error("has more than {} XML nodes (SVG_ELEMENTS)", limits::SVG_ELEMENTS)]
    TooManyNodes,
    #[error("nests its elements more than {} deep (SVG_DEPTH)", limits::SVG_DEPTH)]
    TooDeep,
    #[error("is not an SVG drawing ropkit can read: {0}")]
    Svg(String),
    #[error(
        "its paths have more than {} segments together (SVG_SEGMENTS), after curves are split",
        limits::SVG_SEGMENTS
    )]
    TooManySegments,
    #[error("draws no filled path{0}")]
    Empty(String),
    #[error(
        "holds the number {0}, larger than {limit} (SVG_NUMBER): no drawing needs it, and an arc that large takes the parser minutes",
        limit = limits::SVG_NUMBER
    )]
    NumberTooLarge(String),
}

/// The first number in the text larger in magnitude than
/// [`limits::SVG_NUMBER`], as written (cut short), if any.
fn too_large_number(text: &str) -> Option<String> {
    let b = text.as_bytes();
    let digit = |i: usize| b.get(i).is_some_and(u8::is_ascii_digit);
    let mut i = 0;
    while i < b.len() {
        if !(digit(i) || (b[i] == b'.' && digit(i + 1))) {
            i += 1;
            continue;
        }
        let start = i;
        while digit(i) || b.get(i) == Some(&b'.') {
            i += 1;
        }
        if matches!(b.get(i), Some(b'e' | b'E')) {
            let mut j = i + 1;
            if matches!(b.get(j), Some(b'+' | b'-')) {
                j += 1;
            }
            if digit(j) {
                while digit(j) {
                    j += 1;
                }
                i = j;
            }
        }
        if let Ok(v) = text[start..i].parse::<f64>()
            && v.abs() > limits::SVG_NUMBER as f64
        {
            return Some(crate::limits::echo(&text[start..i]));
        }
    }
    None
}

/// A segment as usvg gives it, in the drawing's coordinates (y down).
enum Raw {
    Line([f64; 2], [f64; 2]),
    Quad([f64; 2], [f64; 2], [f64; 2]),
    Cubic([[f64; 2]; 4]),
}

/// Reads an SVG file's filled paths.
pub fn parse(bytes: &[u8]) -> Result<SvgShape, SvgError> {
    let text = std::str::from_utf8(bytes).map_err(|_| SvgError::NotText)?;
    if let Some(n) = too_large_number(text) {
        return Err(SvgError::NumberTooLarge(n));
    }
    let xml_options = usvg::roxmltree::ParsingOptions {
        allow_dtd: false,
        nodes_limit: limits::SVG_ELEMENTS as u32,
        ..Default::default()
    };
    let doc =
        usvg::roxmltree::Document::parse_with_options(text, xml_options).map_err(|e| match e {
            usvg::roxmltree::Error::DtdDetected => SvgError::Dtd,
            usvg::roxmltree::Error::NodesLimitReached => SvgError::TooManyNodes,
            e => SvgError::Xml(crate::limits::echo(&e.to_string())),
        })?;
    // The depth, without recursion (a hostile file nests deeper than any stack).
    let mut stack = vec![(doc.root(), 0usize)];
    while let Some((node, depth)) = stack.pop() {
        if depth > limits::SVG_DEPTH {
            return Err(SvgError::TooDeep);
        }
        stack.extend(node.children().map(|c| (c, depth + 1)));
    }
    let options = usvg::Options {
        image_href_resolver: usvg::ImageHrefResolver {
            resolve_data: Box::new(|_, _, _| None),
            resolve_string: Box::new(|_, _| None),
        },
        ..usvg::Options::default()
    };
    let tree = usvg::Tree::from_xmltree(&doc, &options)
        .map_err(|e| SvgError::Svg(crate::limits::echo(&e.to_string())))?;
    let mut raw_paths: Vec<(Vec<Raw>, bool)> = Vec::new();
    let mut unfilled = 0;
    let mut count = 0usize;
    let mut groups = vec![tree.root()];
    // Drawing order: a stack of child iterators would keep it; the order
    // does not change the shape (a union), so a plain stack will do.
    while let Some(group) = groups.pop() {
        for node in group.children() {
            match node {
                usvg::Node::Group(g) => groups.push(g.as_ref()),
                usvg::Node::Path(p) => {
                    if !p.is_visible() {
                        continue;
                    }
                    let Some(fill) = p.fill() else {
                        unfilled += 1;
                        continue;
                    };
                    let even_odd = fill.rule() == usvg::FillRule::EvenOdd;
                    let Some(data) = p.data().clone().transform(p.abs_transform()) else {
                        continue;
                    };
                    let raw = raw_segments(&data);
                    count += raw.len();
                    if count > limits::SVG_SEGMENTS {
                        return Err(SvgError::TooManySegments);
                    }
                    raw_paths.push((raw, even_odd));
                }
                _ => {}
            }
        }
    }
    if raw_paths.is_empty() {
        let note = if unfilled > 0 {
            format!(
                " ({unfilled} paths with a stroke only, which ropkit does not read: give them a fill)"
            )
        } else {
            String::new()
        };
        return Err(SvgError::Empty(note));
    }
    // The canvas (width and height, else the viewBox's): usvg has already
    // mapped the viewBox onto it.
    let size = tree.size();
    let (w, h) = (size.width() as f64, size.height() as f64);
    let centre = [w * 0.5, h * 0.5];
    let to = |p: [f64; 2]| [(p[0] - centre[0]) / h, (centre[1] - p[1]) / h];
    let mut shape = SvgShape {
        paths: Vec::new(),
        unfilled,
    };
    let mut total = 0usize;
    for (raw, even_odd) in raw_paths {
        let mut segments = Vec::new();
        let push = |s: Segment, segments: &mut Vec<Segment>| {
            if s.from == s.to && s.ctrl.is_none_or(|c| c == s.from) {
                return;
            }
            segments.extend(split_monotonic_y(s));
        };
        for r in raw {
            match r {
                Raw::Line(a, c) => push(
                    Segment {
                        from: to(a),
                        ctrl: None,
                        to: to(c),
                    },
                    &mut segments,
                ),
                Raw::Quad(a, c, d) => push(
                    Segment {
                        from: to(a),
                        ctrl: Some(to(c)),
                        to: to(d),
                    },
                    &mut segments,
                ),
                Raw::Cubic(c) => {
                    for q in cubic_to_quadratics(c.map(to), CUBIC_TOLERANCE) {
                        push(q, &mut segments);
                    }
                }
            }
            if total + segments.len() > limits::SVG_SEGMENTS {
                return Err(SvgError::TooManySegments);
            }
        }
        total += segments.len();
        if segments.is_empty() {
            continue;
        }
        let mut bbox = [
            f64::INFINITY,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NEG_INFINITY,
        ];
        for s in &segments {
            let sb = s.bbox();
            bbox = [
                bbox[0].min(sb[0]),
                bbox[1].min(sb[1]),
                bbox[2].max(sb[2]),
                bbox[3].max(sb[3]),
            ];
        }
        shape.paths.push(SvgPath {
            segments,
            bbox,
            even_odd,
        });
    }
    if shape.paths.is_empty() {
        return Err(SvgError::Empty(String::new()));
    }
    Ok(shape)
}

/// A path's segments in the drawing's coordinates, every contour closed
/// with a line back to its start (a fill closes it so).
fn raw_segments(path: &usvg::tiny_skia_path::Path) -> Vec<Raw> {
    use usvg::tiny_skia_path::PathSegment;
    let pt = |p: usvg::tiny_skia_path::Point| [p.x as f64, p.y as f64];
    let finite = |p: [f64; 2]| p[0].is_finite() && p[1].is_finite();
    let mut out = Vec::new();
    let mut start = [0.0; 2];
    let mut pen = [0.0; 2];
    let close = |pen: &mut [f64; 2], start: [f64; 2], out: &mut Vec<Raw>| {
        if *pen != start {
            out.push(Raw::Line(*pen, start));
            *pen = start;
        }
    };
    for seg in path.segments() {
        match seg {
            PathSegment::MoveTo(p) => {
                close(&mut pen, start, &mut out);
                start = pt(p);
                pen = start;
            }
            PathSegment::LineTo(p) => {
                let p = pt(p);
                if finite(p) {
                    out.push(Raw::Line(pen, p));
                    pen = p;
                }
            }
            PathSegment::QuadTo(c, p) => {
                let (c, p) = (pt(c), pt(p));
                if finite(c) && finite(p) {
                    out.push(Raw::Quad(pen, c, p));
                    pen = p;
                }
            }
            PathSegment::CubicTo(c1, c2, p) => {
                let (c1, c2, p) = (pt(c1), pt(c2), pt(p));
                if finite(c1) && finite(c2) && finite(p) {
                    out.push(Raw::Cubic([pen, c1, c2, p]));
                    pen = p;
                }
            }
            PathSegment::Close => close(&mut pen, start, &mut out),
        }
    }
    close(&mut pen, start, &mut out);
    out
}

/// The shape as texels of the data texture, and its accessor macros.
///
/// Texels, from the parameter's first one:
/// - per path `g` (`paths` of them), two texels: `2g`, its box (min x,
///   min y, max x, max y); `2g + 1`, the first texel of its segments,
///   their count, and 1 for even-odd (0 for nonzero), 0;
/// - then the segments, two texels each, as a glyph's
///   (`(from.x, from.y, ctrl.x, ctrl.y)`, `(to.x, to.y, kind, 0)`, kind 0
///   for a line, its ctrl at its middle, 1 for a quadratic), read by
///   `rkGlyphSegment` and `rkGlyphCrossing`;
/// - then the trees over each path's segments and over the paths, as
///   [`crate::data::font::pack::pack_outlines`] lays them out.
pub mod pack {
    use super::SvgShape;
    use crate::data::font::outline::Segment;
    use crate::data::font::pack::{Drawn, outlines_root, pack_outlines, tree_macros};

    pub fn texels(shape: &SvgShape) -> Vec<[f32; 4]> {
        let (shapes, drawn) = outlines(shape);
        pack_outlines(&shapes, &drawn, |d, start, count| {
            [
                start as f32,
                count as f32,
                if d.even_odd { 1.0 } else { 0.0 },
                0.0,
            ]
        })
        .0
    }

    /// Each path is its own outline, drawn once where it is.
    fn outlines(shape: &SvgShape) -> (Vec<&[Segment]>, Vec<Drawn>) {
        let shapes: Vec<&[Segment]> = shape.paths.iter().map(|p| p.segments.as_slice()).collect();
        let drawn: Vec<Drawn> = shape
            .paths
            .iter()
            .enumerate()
            .map(|(i, p)| Drawn {
                shape: i,
                offset: [0.0, 0.0],
                even_odd: p.even_odd,
                bbox: p.bbox,
            })
            .collect();
        (shapes, drawn)
    }

    /// `<prefix>_paths`, `<prefix>_box(g)`, `<prefix>_place(g)`,
    /// `<prefix>_texel(i)`, `<prefix>_min`, `<prefix>_max`.
    pub fn macros(shape: &SvgShape, prefix: &str, first: usize) -> String {
        let b = shape.bounds();
        let lit = |v: f64| format!("{:?}", v as f32);
        let (shapes, drawn) = outlines(shape);
        let tree = tree_macros(prefix, first, outlines_root(&shapes, &drawn));
        format!(
            "{tree}#define {prefix}_paths {n}\n\
             #define {prefix}_box(g) rk_data({first} + 2 * (g))\n\
             #define {prefix}_place(g) rk_data({first} + 2 * (g) + 1)\n\
             #define {prefix}_texel(i) rk_data({first} + (i))\n\
             #define {prefix}_min vec2({}, {})\n\
             #define {prefix}_max vec2({}, {})\n",
            lit(b[0]),
            lit(b[1]),
            lit(b[2]),
            lit(b[3]),
            n = shape.paths.len(),
        )
    }
}
