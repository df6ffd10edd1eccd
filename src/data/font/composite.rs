//! How many glyph records a TrueType glyph expands to through its
//! components, counted before the outline is read. A composite glyph names
//! other glyphs, which may be composites too; a hostile font makes each
//! level name the next one many times, and the outline a parser draws grows
//! with the product (two components a level over 30 levels is a billion
//! records). The parser bounds the depth but not that product, so ropkit
//! walks the component graph itself, each glyph once, and refuses the glyph
//! when the count passes `limits::GLYPH_COMPONENTS`.

use std::collections::HashMap;
use ttf_parser::Face;

/// What the walk found wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Expansion {
    /// The glyph expands to more records than the limit.
    TooMany,
    /// The glyph draws more outline points than the limit.
    TooManyPoints,
    /// A glyph names itself through its components.
    Cycle,
}

/// What a glyph expands to: glyph records and outline points.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tally {
    pub records: u64,
    pub points: u64,
}

impl Tally {
    /// Which limit this tally passes, if any.
    fn over(self, limit: Tally) -> Option<Expansion> {
        if self.records > limit.records {
            Some(Expansion::TooMany)
        } else if self.points > limit.points {
            Some(Expansion::TooManyPoints)
        } else {
            None
        }
    }
}

/// Deepest component nesting the parser follows (deeper ones it refuses).
const MAX_DEPTH: usize = 32;

// Component record flags (the OpenType `glyf` table).
const ARGS_ARE_WORDS: u16 = 0x0001;
const ARGS_ARE_XY_VALUES: u16 = 0x0002;
const HAS_SCALE: u16 = 0x0008;
const MORE_COMPONENTS: u16 = 0x0020;
const HAS_XY_SCALE: u16 = 0x0040;
const HAS_TWO_BY_TWO: u16 = 0x0080;

/// The raw tables a walk reads.
pub struct Components<'a> {
    glyf: &'a [u8],
    loca: &'a [u8],
    long_offsets: bool,
    glyphs: u16,
    memo: HashMap<u16, Tally>,
}

impl<'a> Components<'a> {
    /// `None` for a font without TrueType outlines (CFF has no components).
    pub fn new(face: &Face<'a>) -> Option<Components<'a>> {
        let glyf = super::face_table(face, b"glyf")?;
        let loca = super::face_table(face, b"loca")?;
        let head = super::face_table(face, b"head")?;
        let long_offsets = read_u16(head, 50)? == 1;
        Some(Components {
            glyf,
            loca,
            long_offsets,
            glyphs: face.number_of_glyphs(),
            memo: HashMap::new(),
        })
    }

    /// Checks that `glyph` expands to at most `records` glyph records and
    /// draws at most `points` outline points.
    pub fn check(&mut self, glyph: u16, records: u64, points: u64) -> Result<Tally, Expansion> {
        let mut path = Vec::new();
        let limit = Tally { records, points };
        self.count(glyph, limit, &mut path).map(|(t, _)| t)
    }

    /// What `glyph` expands to below `path`, and whether that count is the
    /// glyph's own: a count cut at [`MAX_DEPTH`] depends on how deep the
    /// glyph was reached, so it is not kept for the next visit (a glyph
    /// first met deep and then again near the top expands further there).
    /// Every visit that is not a kept count adds at least one record to its
    /// caller's total, so a walk visits at most about `limit.records` glyphs.
    fn count(
        &mut self,
        glyph: u16,
        limit: Tally,
        path: &mut Vec<u16>,
    ) -> Result<(Tally, bool), Expansion> {
        if let Some(&n) = self.memo.get(&glyph) {
            return Ok((n, true));
        }
        if path.contains(&glyph) {
            return Err(Expansion::Cycle);
        }
        if path.len() >= MAX_DEPTH {
            // The parser stops here (and draws nothing of the glyph).
            return Ok((
                Tally {
                    records: 1,
                    points: 0,
                },
                false,
            ));
        }
        path.push(glyph);
        let mut total = Tally {
            records: 1,
            points: self.points(glyph),
        };
        let mut whole = true;
        let mut over = total.over(limit);
        if over.is_none() {
            for child in self.children(glyph) {
                let (n, own) = self.count(child, limit, path)?;
                total.records = total.records.saturating_add(n.records);
                total.points = total.points.saturating_add(n.points);
                whole &= own;
                over = total.over(limit);
                if over.is_some() {
                    break;
                }
            }
        }
        path.pop();
        if let Some(e) = over {
            return Err(e);
        }
        if whole {
            self.memo.insert(glyph, total);
        }
        Ok((total, whole))
    }

    /// The points a simple glyph's outline has (its last contour's end
    /// point plus one), as its header claims; 0 for a composite, an empty
    /// glyph or data cut short.
    fn points(&self, glyph: u16) -> u64 {
        let Some(data) = self.glyph_data(glyph) else {
            return 0;
        };
        match read_u16(data, 0).map(|n| n as i16) {
            Some(n) if n > 0 => {
                let last = 10 + 2 * (n as usize - 1);
                read_u16(data, last).map_or(0, |e| u64::from(e) + 1)
            }
            _ => 0,
        }
    }

    /// The glyph ids a composite glyph names (none for a simple or empty
    /// glyph, or where the data is cut short), read exactly as the parser
    /// that draws the outline reads them (ttf-parser's `CompositeGlyphIter`):
    /// the arguments are skipped only when they are x/y offsets, the
    /// transform is the first of two-by-two, x and y scale, scale that its
    /// flags name, and a record cut short ends the list without its glyph.
    /// Read any other way, a hostile font can make the two disagree on
    /// which glyphs a composite names, and the count would bound nothing.
    fn children(&self, glyph: u16) -> Vec<u16> {
        let mut out = Vec::new();
        let Some(data) = self.glyph_data(glyph) else {
            return out;
        };
        if read_u16(data, 0).is_none_or(|n| (n as i16) >= 0) {
            return out;
        }
        let mut at = 10;
        while let (Some(flags), Some(id)) = (read_u16(data, at), read_u16(data, at + 2)) {
            let mut end = at + 4;
            if flags & ARGS_ARE_XY_VALUES != 0 {
                end += if flags & ARGS_ARE_WORDS != 0 { 4 } else { 2 };
            }
            end += if flags & HAS_TWO_BY_TWO != 0 {
                8
            } else if flags & HAS_XY_SCALE != 0 {
                4
            } else if flags & HAS_SCALE != 0 {
                2
            } else {
                0
            };
            if end > data.len() {
                break;
            }
            out.push(id);
            if flags & MORE_COMPONENTS == 0 {
                break;
            }
            at = end;
        }
        out
    }

    fn glyph_data(&self, glyph: u16) -> Option<&'a [u8]> {
        // As the parser's `loca`: numGlyphs + 1 offsets (numGlyphs at the
        // most), the last glyph id never a glyph.
        let offsets = self.glyphs.saturating_add(1);
        if glyph == u16::MAX || glyph + 1 >= offsets {
            return None;
        }
        let i = glyph as usize;
        let (start, end) = if self.long_offsets {
            (read_u32(self.loca, i * 4)?, read_u32(self.loca, i * 4 + 4)?)
        } else {
            let s = read_u16(self.loca, i * 2)? as u32 * 2;
            (s, read_u16(self.loca, i * 2 + 2)? as u32 * 2)
        };
        // As the parser: an empty or reversed range is no glyph.
        if start >= end {
            return None;
        }
        self.glyf.get(start as usize..end as usize)
    }
}

fn read_u16(data: &[u8], at: usize) -> Option<u16> {
    let b = data.get(at..at.checked_add(2)?)?;
    Some(u16::from_be_bytes([b[0], b[1]]))
}

fn read_u32(data: &[u8], at: usize) -> Option<u32> {
    let b = data.get(at..at.checked_add(4)?)?;
    Some(u32::from_be_bytes([b[0], b[1], b[2], b[3]]))
}
