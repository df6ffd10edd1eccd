//! Text as outlines: a font file (or the bundled one) and a string become
//! the glyph outlines of the laid-out text, as line and quadratic segments
//! in em units, ready for the data texture (`pack`) and the shader's exact
//! distance (`shaders/glyphs.glsl`; `distance` is the same in Rust).
//!
//! Layout is one glyph per character, left to right: advances, pair
//! kerning, letter spacing, line breaks, line spacing and alignment. No
//! shaping (ligatures, marks, right-to-left scripts).

mod cff;
mod composite;
pub mod distance;
mod kerning;
pub mod outline;
pub mod pack;

use crate::limits;
use outline::{Collector, Segment};
use std::collections::HashMap;
use ttf_parser::{Face, GlyphId};

/// The font used when a `font` parameter is empty: Noto Sans Bold, a Latin
/// subset (SIL Open Font License 1.1, `assets/fonts/OFL.txt`).
pub const BUNDLED: &[u8] = include_bytes!("../../assets/fonts/NotoSans-Bold-Latin.ttf");

/// How the lines of a text line up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Align {
    Left,
    Center,
    Right,
}

impl Align {
    pub const NAMES: [&'static str; 3] = ["left", "center", "right"];

    pub fn parse(name: &str) -> Option<Align> {
        match name {
            "left" => Some(Align::Left),
            "center" => Some(Align::Center),
            "right" => Some(Align::Right),
            _ => None,
        }
    }
}

/// What to lay out, besides the font.
#[derive(Debug, Clone, PartialEq)]
pub struct TextStyle<'a> {
    /// The text; `\n` breaks a line.
    pub text: &'a str,
    pub align: Align,
    /// Added to every advance, in em.
    pub letter_spacing: f64,
    /// The distance between baselines, as a multiple of the font's line height.
    pub line_spacing: f64,
}

/// Why a font or a text cannot be turned into outlines.
#[derive(Debug, thiserror::Error)]
pub enum FontError {
    #[error("is not a font ropkit can read: {0}")]
    NotAFont(ttf_parser::FaceParsingError),
    #[error(
        "has no glyph outlines ropkit reads (TrueType `glyf` or CFF; colour and bitmap fonts are not supported)"
    )]
    NoOutlines,
    #[error(
        "its TrueType outlines cannot be read before drawing (the `glyf`, `loca` or `head` table is cut short): refused, since a glyph could not be bounded"
    )]
    UnreadableOutlines,
    #[error(
        "the text has {chars} characters, more than {} (TEXT_CHARS)",
        limits::TEXT_CHARS
    )]
    TextTooLong { chars: usize },
    #[error("{what} is {value}, not a finite number")]
    NotFinite { what: &'static str, value: f64 },
    #[error(
        "glyph {glyph} (for {ch:?}) has {segments} outline segments, more than {} (GLYPH_SEGMENTS)",
        limits::GLYPH_SEGMENTS
    )]
    GlyphTooComplex {
        glyph: u16,
        ch: char,
        segments: usize,
    },
    #[error(
        "glyph {glyph} (for {ch:?}) expands through its components to more than {} glyphs (GLYPH_COMPONENTS)",
        limits::GLYPH_COMPONENTS
    )]
    TooManyComponents { glyph: u16, ch: char },
    #[error(
        "glyph {glyph} (for {ch:?}) draws more than {} outline points, its components' included (GLYPH_POINTS)",
        limits::GLYPH_POINTS
    )]
    TooManyPoints { glyph: u16, ch: char },
    #[error("glyph {glyph} (for {ch:?}) names itself through its components")]
    ComponentCycle { glyph: u16, ch: char },
    #[error(
        "glyph {glyph} (for {ch:?}): the CFF outlines of the text run more than {} charstring operators, subroutine calls included (CFF_CHARSTRING_OPS): the font calls its subroutines too often to draw",
        limits::CFF_CHARSTRING_OPS
    )]
    CffTooMuchWork { glyph: u16, ch: char },
    #[error(
        "the glyphs of the text have more than {} outline segments together (TEXT_SEGMENTS)",
        limits::TEXT_SEGMENTS
    )]
    TooManySegments,
}

/// One distinct glyph's outline, in em units about its own origin.
#[derive(Debug, Clone, PartialEq)]
pub struct GlyphShape {
    pub segments: Vec<Segment>,
    /// min x, min y, max x, max y of the segments (control points included).
    pub bbox: [f64; 4],
}

/// A glyph drawn at a place: `shapes[glyph]` moved by `offset`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Placed {
    pub glyph: usize,
    pub offset: [f64; 2],
}

/// Laid-out text: each glyph with an outline, where it stands. Blank
/// characters (spaces) take room but have no entry.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct TextShape {
    pub shapes: Vec<GlyphShape>,
    pub placed: Vec<Placed>,
    /// The characters of the text the font has no glyph for, each once, in
    /// the order they first appear. Each takes the font's glyph 0 (its
    /// `.notdef`: often an empty box, nothing at all in the bundled font).
    pub missing: Vec<char>,
    /// Whether glyph 0 has an outline, so that missing characters show as
    /// it rather than as blank space.
    pub notdef_drawn: bool,
}

impl TextShape {
    /// What to tell about the characters the font lacks (`font` names it:
    /// `the bundled font`, `fonts/Title.ttf`), or `None` when it has them all.
    pub fn missing_note(&self, font: &str) -> Option<String> {
        const LISTED: usize = 8;
        if self.missing.is_empty() {
            return None;
        }
        let mut names: Vec<String> = self
            .missing
            .iter()
            .take(LISTED)
            .map(|&c| format!("U+{:04X} {c:?}", c as u32))
            .collect();
        if self.missing.len() > LISTED {
            names.push(format!("and {} more", self.missing.len() - LISTED));
        }
        let (them, are) = if self.missing.len() == 1 {
            ("it", "it is")
        } else {
            ("them", "they are")
        };
        let shown = if self.notdef_drawn {
            format!("{are} drawn as the font's missing-glyph shape (glyph 0)")
        } else {
            format!("{are} left blank")
        };
        Some(format!(
            "{font} has no glyph for {}: {shown}; use a font that has {them}",
            names.join(", ")
        ))
    }

    /// The box of a placed glyph.
    pub fn placed_box(&self, p: &Placed) -> [f64; 4] {
        let b = self.shapes[p.glyph].bbox;
        let [x, y] = p.offset;
        [b[0] + x, b[1] + y, b[2] + x, b[3] + y]
    }

    /// The box of the whole text (zero for a text with no outlines).
    pub fn bounds(&self) -> [f64; 4] {
        let mut it = self.placed.iter().map(|p| self.placed_box(p));
        let Some(first) = it.next() else {
            return [0.0; 4];
        };
        it.fold(first, |a, b| {
            [
                a[0].min(b[0]),
                a[1].min(b[1]),
                a[2].max(b[2]),
                a[3].max(b[3]),
            ]
        })
    }

    /// Every segment where it is drawn.
    pub fn segments(&self) -> impl Iterator<Item = Segment> + '_ {
        self.placed.iter().flat_map(move |p| {
            self.shapes[p.glyph]
                .segments
                .iter()
                .map(move |s| s.translated(p.offset))
        })
    }

    /// The signed distance (em) at `p`, pruned as the shader prunes: a
    /// glyph whose box is further than the nearest segment so far costs
    /// only its box distance (it cannot hold a nearer point, and a point
    /// outside a glyph's box gets no winding from it). The shader also
    /// searches the nearest box first and skips far segments within a
    /// glyph; neither changes the result.
    pub fn distance(&self, p: [f64; 2]) -> f64 {
        let mut best = f64::INFINITY;
        let mut winding = 0;
        for placed in &self.placed {
            let b = self.placed_box(placed);
            let dx = (b[0] - p[0]).max(p[0] - b[2]).max(0.0);
            let dy = (b[1] - p[1]).max(p[1] - b[3]).max(0.0);
            let box_distance = dx.hypot(dy);
            if box_distance >= best {
                continue;
            }
            let local = [p[0] - placed.offset[0], p[1] - placed.offset[1]];
            for s in &self.shapes[placed.glyph].segments {
                best = best.min(distance::segment_distance(s, local));
                if box_distance == 0.0 {
                    winding += distance::crossing(s, local);
                }
            }
        }
        if winding != 0 { -best } else { best }
    }
}

/// Lays out `style.text` in the font whose file bytes are `font`.
pub fn layout(font: &[u8], style: &TextStyle) -> Result<TextShape, FontError> {
    let chars = style.text.chars().count();
    if chars > limits::TEXT_CHARS {
        return Err(FontError::TextTooLong { chars });
    }
    for (what, value) in [
        ("LetterSpacing", style.letter_spacing),
        ("LineSpacing", style.line_spacing),
    ] {
        if !value.is_finite() {
            return Err(FontError::NotFinite { what, value });
        }
    }
    let face = Face::parse(font, 0).map_err(FontError::NotAFont)?;
    let tables = face.tables();
    if tables.glyf.is_none() && tables.cff.is_none() {
        return Err(FontError::NoOutlines);
    }
    let mut glyphs = Glyphs::new(&face);
    // The parser draws TrueType outlines without a bound on the work its
    // composites ask for: a font whose components cannot be walked first
    // is refused, not drawn.
    if tables.glyf.is_some() && glyphs.components.is_none() {
        return Err(FontError::UnreadableOutlines);
    }
    let kerning = kerning::Kerning::new(&face);
    let em = 1.0 / f64::from(face.units_per_em());
    let metrics = [face.ascender(), face.descender(), face.line_gap()].map(|v| f64::from(v) * em);
    let mut line_height = metrics[0] - metrics[1] + metrics[2];
    if line_height.is_nan() || line_height <= 0.0 {
        line_height = 1.2;
    }
    let step = line_height * style.line_spacing;

    let mut shape = TextShape::default();
    let lines: Vec<&str> = style.text.split('\n').collect();
    for (row, line) in lines.iter().enumerate() {
        let start = shape.placed.len();
        let mut pen = 0.0;
        let mut previous: Option<GlyphId> = None;
        let mut drawn = false;
        for ch in line.chars().filter(|c| !c.is_control()) {
            let id = face.glyph_index(ch).unwrap_or_else(|| {
                if !shape.missing.contains(&ch) {
                    shape.missing.push(ch);
                }
                GlyphId(0)
            });
            if let Some(prev) = previous {
                pen += kerning.pair(prev, id) * em + style.letter_spacing;
            }
            if let Some(glyph) = glyphs.shape(id, ch)? {
                shape.placed.push(Placed {
                    glyph,
                    offset: [pen, -(row as f64) * step],
                });
            }
            pen += f64::from(face.glyph_hor_advance(id).unwrap_or(0)) * em;
            previous = Some(id);
            drawn = true;
        }
        let width = if drawn { pen } else { 0.0 };
        let shift = match style.align {
            Align::Left => 0.0,
            Align::Center => -width / 2.0,
            Align::Right => -width,
        };
        for p in &mut shape.placed[start..] {
            p.offset[0] += shift;
        }
    }
    // The block is centred vertically: halfway between the first line's
    // ascender and the last line's descender lies at y = 0.
    let top = metrics[0];
    let bottom = metrics[1] - (lines.len() as f64 - 1.0) * step;
    let lift = -(top + bottom) / 2.0;
    for p in &mut shape.placed {
        p.offset[1] += lift;
    }
    if !shape.missing.is_empty() {
        shape.notdef_drawn = glyphs.shape(GlyphId(0), '\u{FFFD}')?.is_some();
    }
    shape.shapes = glyphs.shapes;
    Ok(shape)
}

/// The bytes of the table `tag` as the parser's face reads them: the last
/// record of that tag in the table directory (the face collects tables
/// in one pass over the records, each overwriting the one before), `None`
/// where that record's range lies outside the file. Not
/// `RawFace::table`, which searches the records as if they were sorted: in
/// a hostile font's unsorted directory it finds another table than the
/// face draws from, or none, and a walk over it would bound nothing.
fn face_table<'a>(face: &Face<'a>, tag: &[u8; 4]) -> Option<&'a [u8]> {
    let raw = face.raw_face();
    let record = raw
        .table_records
        .into_iter()
        .filter(|r| &r.tag.to_bytes() == tag)
        .last()?;
    let start = usize::try_from(record.offset).ok()?;
    let end = start.checked_add(usize::try_from(record.length).ok()?)?;
    raw.data.get(start..end)
}

/// The distinct glyphs of one layout, each outlined once.
struct Glyphs<'a, 'f> {
    face: &'f Face<'a>,
    components: Option<composite::Components<'a>>,
    /// A CFF font's charstrings, walked before each glyph is drawn, and
    /// what is left of the text's budget for them.
    cff: Option<cff::Cff<'a>>,
    cff_budget: u64,
    index: HashMap<u16, Option<usize>>,
    shapes: Vec<GlyphShape>,
    segments: usize,
}

impl<'a, 'f> Glyphs<'a, 'f> {
    fn new(face: &'f Face<'a>) -> Glyphs<'a, 'f> {
        Glyphs {
            face,
            components: composite::Components::new(face),
            cff: cff::Cff::new(face),
            cff_budget: limits::CFF_CHARSTRING_OPS,
            index: HashMap::new(),
            shapes: Vec::new(),
            segments: 0,
        }
    }

    /// The index of the glyph's shape, or `None` for a glyph without an
    /// outline (a space, or one the font cannot draw).
    fn shape(&mut self, id: GlyphId, ch: char) -> Result<Option<usize>, FontError> {
        if let Some(&known) = self.index.get(&id.0) {
            return Ok(known);
        }
        if let Some(components) = &mut self.components {
            use composite::Expansion;
            match components.check(id.0, limits::GLYPH_COMPONENTS, limits::GLYPH_POINTS) {
                Ok(_) => {}
                Err(Expansion::TooMany) => {
                    return Err(FontError::TooManyComponents { glyph: id.0, ch });
                }
                Err(Expansion::TooManyPoints) => {
                    return Err(FontError::TooManyPoints { glyph: id.0, ch });
                }
                Err(Expansion::Cycle) => return Err(FontError::ComponentCycle { glyph: id.0, ch }),
            }
        }
        if let Some(cff) = &self.cff
            && cff.walk(id.0, &mut self.cff_budget).is_err()
        {
            return Err(FontError::CffTooMuchWork { glyph: id.0, ch });
        }
        let em = f64::from(self.face.units_per_em());
        let mut collector = Collector::new(em, limits::GLYPH_SEGMENTS);
        let drawn = self.face.outline_glyph(id, &mut collector).is_some();
        ttf_parser::OutlineBuilder::close(&mut collector);
        if collector.count > limits::GLYPH_SEGMENTS {
            return Err(FontError::GlyphTooComplex {
                glyph: id.0,
                ch,
                segments: collector.count,
            });
        }
        // A glyph the parser could not finish is left blank rather than drawn
        // in part (a part may not be closed).
        let found = if drawn && !collector.segments.is_empty() {
            self.segments += collector.segments.len();
            if self.segments > limits::TEXT_SEGMENTS {
                return Err(FontError::TooManySegments);
            }
            let bbox = collector.segments.iter().map(Segment::bbox).fold(
                [
                    f64::INFINITY,
                    f64::INFINITY,
                    f64::NEG_INFINITY,
                    f64::NEG_INFINITY,
                ],
                |a, b| {
                    [
                        a[0].min(b[0]),
                        a[1].min(b[1]),
                        a[2].max(b[2]),
                        a[3].max(b[3]),
                    ]
                },
            );
            self.shapes.push(GlyphShape {
                segments: collector.segments,
                bbox,
            });
            Some(self.shapes.len() - 1)
        } else {
            None
        };
        self.index.insert(id.0, found);
        Ok(found)
    }
}

#[cfg(test)]
mod tests;
