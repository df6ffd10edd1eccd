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
//!   line (its ctrl is its midpoint) and 1 for a quadratic.
//!
//! Coordinates are in em; indices are floats, exact below 2^24 (the limits
//! keep them far below).

use super::TextShape;

/// The texels of `shape`, in the order above.
pub fn texels(shape: &TextShape) -> Vec<[f32; 4]> {
    let glyph_texels = 2 * shape.placed.len();
    // Where each distinct glyph's segments start.
    let mut starts = Vec::with_capacity(shape.shapes.len());
    let mut next = glyph_texels;
    for s in &shape.shapes {
        starts.push(next);
        next += 2 * s.segments.len();
    }
    let mut out = Vec::with_capacity(next);
    for p in &shape.placed {
        let b = shape.placed_box(p);
        out.push(b.map(|v| v as f32));
        let count = shape.shapes[p.glyph].segments.len();
        out.push([
            starts[p.glyph] as f32,
            count as f32,
            p.offset[0] as f32,
            p.offset[1] as f32,
        ]);
    }
    push_segments(shape.shapes.iter().flat_map(|g| &g.segments), &mut out);
    out
}

/// Appends segments as the two texels each that `rkGlyphSegment` and
/// `rkGlyphCrossing` read: `(from.x, from.y, ctrl.x, ctrl.y)` and
/// `(to.x, to.y, kind, 0)`, kind 0 for a line (its ctrl at its middle), 1
/// for a quadratic. Text and SVG paths share it.
pub fn push_segments<'a>(
    segments: impl Iterator<Item = &'a super::outline::Segment>,
    out: &mut Vec<[f32; 4]>,
) {
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
    format!(
        "#define {prefix}_glyphs {n}\n\
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
