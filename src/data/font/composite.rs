//! How many glyph records a TrueType glyph expands to through its
//! components, counted before the outline is read. A composite glyph names
//! other glyphs, which may be composites too; a hostile font makes each
//! level name the next one many times, and the outline a parser draws grows
//! with the product (two components a level over 30 levels is a billion
//! records). The parser bounds the depth but not that product, so ropkit
//! walks the component graph itself, each glyph once, and refuses the glyph
//! when the count passes `limits::GLYPH_COMPONENTS`.

use std::collections::HashMap;
use ttf_parser::{Face, Tag};

/// What the walk found wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Expansion {
    /// The glyph expands to more records than the limit.
    TooMany,
    /// A glyph names itself through its components.
    Cycle,
}

/// Deepest component nesting the parser follows (deeper ones it refuses).
const MAX_DEPTH: usize = 32;

// Component record flags (the OpenType `glyf` table).
const ARGS_ARE_WORDS: u16 = 0x0001;
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
    memo: HashMap<u16, u64>,
}

impl<'a> Components<'a> {
    /// `None` for a font without TrueType outlines (CFF has no components).
    pub fn new(face: &Face<'a>) -> Option<Components<'a>> {
        let raw = face.raw_face();
        let glyf = raw.table(Tag::from_bytes(b"glyf"))?;
        let loca = raw.table(Tag::from_bytes(b"loca"))?;
        let head = raw.table(Tag::from_bytes(b"head"))?;
        let long_offsets = read_u16(head, 50)? == 1;
        Some(Components {
            glyf,
            loca,
            long_offsets,
            glyphs: face.number_of_glyphs(),
            memo: HashMap::new(),
        })
    }

    /// Checks that `glyph` expands to at most `limit` glyph records.
    pub fn check(&mut self, glyph: u16, limit: u64) -> Result<u64, Expansion> {
        let mut path = Vec::new();
        self.count(glyph, limit, &mut path)
    }

    fn count(&mut self, glyph: u16, limit: u64, path: &mut Vec<u16>) -> Result<u64, Expansion> {
        if let Some(&n) = self.memo.get(&glyph) {
            return Ok(n);
        }
        if path.contains(&glyph) {
            return Err(Expansion::Cycle);
        }
        if path.len() >= MAX_DEPTH {
            // The parser stops here and draws nothing of this glyph.
            return Ok(1);
        }
        path.push(glyph);
        let mut total: u64 = 1;
        for child in self.children(glyph) {
            total = total.saturating_add(self.count(child, limit, path)?);
            if total > limit {
                path.pop();
                return Err(Expansion::TooMany);
            }
        }
        path.pop();
        self.memo.insert(glyph, total);
        Ok(total)
    }

    /// The glyph ids a composite glyph names (none for a simple or empty
    /// glyph, or where the data is cut short).
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
            out.push(id);
            at += 4 + if flags & ARGS_ARE_WORDS != 0 { 4 } else { 2 };
            at += if flags & HAS_SCALE != 0 {
                2
            } else if flags & HAS_XY_SCALE != 0 {
                4
            } else if flags & HAS_TWO_BY_TWO != 0 {
                8
            } else {
                0
            };
            if flags & MORE_COMPONENTS == 0 {
                break;
            }
        }
        out
    }

    fn glyph_data(&self, glyph: u16) -> Option<&'a [u8]> {
        if glyph >= self.glyphs {
            return None;
        }
        let i = glyph as usize;
        let (start, end) = if self.long_offsets {
            (read_u32(self.loca, i * 4)?, read_u32(self.loca, i * 4 + 4)?)
        } else {
            let s = read_u16(self.loca, i * 2)? as u32 * 2;
            (s, read_u16(self.loca, i * 2 + 2)? as u32 * 2)
        };
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
