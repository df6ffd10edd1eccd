//! Laid-out text as texels (4 floats each) of the data texture, and the
//! macros a ROP reads them through.
//!
//! Texels, from the parameter's first one:
//! - per placed glyph `g` (`glyphs` of them), two texels:
//!   `2g`: its box in text coordinates (min x, min y, max x, max y);
//!   `2g + 1`: the first texel of its segments, their count, and the glyph's
//!   offset (x, y): its segments are in coordinates about that offset.
//! - then each distinct glyph's segments, two texels each:
//!   (from.x, from.y, ctrl.x, ctrl.y), (to.x, to.y, kind, 0), kind 0 for a
//!   line (its ctrl is its midpoint) and 1 for a quadratic;
//! - then the trees that let the shader visit only the nearby glyphs and
//!   segments ([`pack_outlines`]).
//!
//! Coordinates are in em; indices are floats, exact below 2^24 (the limits
//! keep them far below).

use super::TextShape;
use super::outline::Segment;

/// The texels of `shape`, in the order above.
pub fn texels(shape: &TextShape) -> Vec<[f32; 4]> {
    let (shapes, drawn) = outlines(shape);
    pack_outlines(&shapes, &drawn, |d, start, count| {
        [
            start as f32,
            count as f32,
            d.offset[0] as f32,
            d.offset[1] as f32,
        ]
    })
    .0
}

/// The text's distinct outlines and where each glyph draws one.
fn outlines(shape: &TextShape) -> (Vec<&[Segment]>, Vec<Drawn>) {
    let shapes: Vec<&[Segment]> = shape.shapes.iter().map(|g| g.segments.as_slice()).collect();
    let drawn: Vec<Drawn> = shape
        .placed
        .iter()
        .map(|p| Drawn {
            shape: p.glyph,
            offset: p.offset,
            even_odd: false,
            bbox: shape.placed_box(p),
        })
        .collect();
    (shapes, drawn)
}

/// One outline drawn in a shape: which of the distinct outlines, moved by
/// `offset`, filled by the nonzero or the even-odd rule, within `bbox`
/// (min x, min y, max x, max y, moved).
pub struct Drawn {
    pub shape: usize,
    pub offset: [f64; 2],
    pub even_odd: bool,
    pub bbox: [f64; 4],
}

/// Where [`pack_outlines`] puts the drawn outlines' tree, worked out from
/// the counts alone (the macros need it; the texels are packed once).
pub fn outlines_root(shapes: &[&[Segment]], drawn: &[Drawn]) -> Option<usize> {
    use crate::data::tree::Tree;
    let segments: usize = shapes.iter().map(|s| s.len()).sum();
    let trees: usize = shapes
        .iter()
        .map(|s| 2 * Tree::node_count(s.len(), SEGMENTS_PER_LEAF))
        .sum();
    drawn
        .iter()
        .any(|d| !shapes[d.shape].is_empty())
        .then_some(2 * drawn.len() + 2 * segments + trees)
}

/// Most segments to a leaf of an outline's tree.
const SEGMENTS_PER_LEAF: usize = 4;

/// The texels of filled outlines, as text and SVG paths lay them out:
/// - per drawn outline, two texels: its box, and `place(drawn, first
///   texel of its segments, their count)`;
/// - each distinct outline's segments ([`push_segments`]), in the order of
///   its tree's leaves;
/// - each distinct outline's tree over its segments ([`super::super::tree`]),
///   a leaf's record `(first texel of its segments, count, 0, 0)`;
/// - the tree over the drawn outlines, one to a leaf, whose record is
///   `(the texel of its outline's tree, -1 for nonzero or -2 for even-odd,
///   offset x, offset y)`.
///
/// Texel indices count from the parameter's first texel. Returns the
/// texels and the texel of the drawn outlines' tree (`None` when nothing is
/// drawn). `shaders/glyphs.glsl` (`rkOutlinesDistance`) walks the trees.
pub fn pack_outlines(
    shapes: &[&[Segment]],
    drawn: &[Drawn],
    place: impl Fn(&Drawn, usize, usize) -> [f32; 4],
) -> (Vec<[f32; 4]>, Option<usize>) {
    use crate::data::tree::{Tree, padded};
    let f = |v: [f64; 2]| v.map(|x| x as f32);
    let seg_box = |s: &Segment| {
        let (a, b) = (f(s.from), f(s.to));
        let c = s.ctrl.map(f).unwrap_or(a);
        [
            a[0].min(b[0]).min(c[0]),
            a[1].min(b[1]).min(c[1]),
            a[0].max(b[0]).max(c[0]),
            a[1].max(b[1]).max(c[1]),
        ]
    };
    let trees: Vec<Tree> = shapes
        .iter()
        .map(|segs| {
            Tree::build(
                &segs.iter().map(seg_box).collect::<Vec<_>>(),
                SEGMENTS_PER_LEAF,
            )
        })
        .collect();
    // Where each distinct outline's segments start.
    let mut starts = Vec::with_capacity(shapes.len());
    let mut next = 2 * drawn.len();
    for segs in shapes {
        starts.push(next);
        next += 2 * segs.len();
    }
    let mut out = Vec::with_capacity(next + 6 * drawn.len() + next / 2);
    for d in drawn {
        out.push(d.bbox.map(|v| v as f32));
        out.push(place(d, starts[d.shape], shapes[d.shape].len()));
    }
    for (segs, tree) in shapes.iter().zip(&trees) {
        push_segments(tree.order.iter().map(|&i| &segs[i]), &mut out);
    }
    let mut roots = Vec::with_capacity(shapes.len());
    for (k, tree) in trees.iter().enumerate() {
        roots.push((!tree.nodes.is_empty()).then_some(out.len()));
        let start = starts[k];
        tree.pack(
            out.len(),
            |first, count| [(start + 2 * first) as f32, count as f32, 0.0, 0.0],
            &mut out,
        );
    }
    // Outlines without segments draw nothing and are left out of the tree.
    let shown: Vec<usize> = (0..drawn.len())
        .filter(|&i| roots[drawn[i].shape].is_some())
        .collect();
    let boxes: Vec<[f32; 4]> = shown
        .iter()
        .map(|&i| padded(drawn[i].bbox.map(|v| v as f32)))
        .collect();
    let top = Tree::build(&boxes, 1);
    let root = (!top.nodes.is_empty()).then_some(out.len());
    top.pack(
        out.len(),
        |first, _| {
            let d = &drawn[shown[top.order[first]]];
            [
                roots[d.shape].unwrap_or(0) as f32,
                if d.even_odd { -2.0 } else { -1.0 },
                d.offset[0] as f32,
                d.offset[1] as f32,
            ]
        },
        &mut out,
    );
    (out, root)
}

/// Appends segments as the two texels each that `rkGlyphSegment` and
/// `rkGlyphCrossing` read: `(from.x, from.y, ctrl.x, ctrl.y)` and
/// `(to.x, to.y, kind, 0)`, kind 0 for a line (its ctrl at its middle), 1
/// for a quadratic. Text and SVG paths share it.
pub fn push_segments<'a>(segments: impl Iterator<Item = &'a Segment>, out: &mut Vec<[f32; 4]>) {
    for s in segments {
        let (ctrl, kind) = match s.ctrl {
            Some(c) => (c, 1.0),
            None => (super::outline::lerp(s.from, s.to, 0.5), 0.0),
        };
        out.push([s.from[0], s.from[1], ctrl[0], ctrl[1]].map(|v| v as f32));
        out.push([s.to[0] as f32, s.to[1] as f32, kind, 0.0]);
    }
}

/// The GLSL macros of a font parameter whose macro names start with
/// `prefix` (`scene_title_Font`) and whose texels start at `first`:
/// `<prefix>_glyphs` (the number of placed glyphs), `<prefix>_box(g)`,
/// `<prefix>_place(g)`, `<prefix>_texel(i)` (texel `i` counted from the
/// parameter's first), and `<prefix>_min`, `<prefix>_max` (the text's box).
/// Each reads `vec4 rk_data(int texel)`.
pub fn macros(shape: &TextShape, prefix: &str, first: usize) -> String {
    let b = shape.bounds();
    let lit = |v: f64| format!("{:?}", v as f32);
    let (shapes, drawn) = outlines(shape);
    let tree = tree_macros(prefix, first, outlines_root(&shapes, &drawn));
    format!(
        "{tree}#define {prefix}_glyphs {n}\n\
         #define {prefix}_box(g) rk_data({first} + 2 * (g))\n\
         #define {prefix}_place(g) rk_data({first} + 2 * (g) + 1)\n\
         #define {prefix}_texel(i) rk_data({first} + (i))\n\
         #define {prefix}_min vec2({}, {})\n\
         #define {prefix}_max vec2({}, {})\n",
        lit(b[0]),
        lit(b[1]),
        lit(b[2]),
        lit(b[3]),
        n = shape.placed.len(),
    )
}

/// `<prefix>_first` (the parameter's first texel) and `<prefix>_tree` (the
/// texel of the drawn outlines' tree counted from it, -1 when nothing is
/// drawn): what `rkOutlinesDistance` takes.
pub fn tree_macros(prefix: &str, first: usize, root: Option<usize>) -> String {
    let root = root.map_or(-1, |r| r as i64);
    format!("#define {prefix}_first {first}\n#define {prefix}_tree {root}\n")
}
