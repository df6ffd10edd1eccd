//! Pair kerning: how much closer (or further apart) two neighbouring glyphs
//! sit than their advances say. Read from the OpenType `GPOS` table's `kern`
//! feature (pair adjustments, formats 1 and 2: what most fonts made since
//! 2000 carry), else from the old `kern` table. Contextual kerning and the
//! rest of text shaping are left out: this lays out one glyph per character.

use ttf_parser::gpos::{PairAdjustment, PositioningSubtable};
use ttf_parser::{Face, GlyphId, Tag};

/// The kerning source of one font.
pub struct Kerning<'a> {
    face: &'a Face<'a>,
    /// The GPOS lookups the `kern` feature names, in order, without repeats.
    lookups: Vec<u16>,
}

impl<'a> Kerning<'a> {
    pub fn new(face: &'a Face<'a>) -> Kerning<'a> {
        let mut lookups = Vec::new();
        if let Some(gpos) = face.tables().gpos {
            let kern = Tag::from_bytes(b"kern");
            for feature in gpos.features {
                if feature.tag != kern {
                    continue;
                }
                for index in feature.lookup_indices {
                    if !lookups.contains(&index) {
                        lookups.push(index);
                    }
                }
            }
        }
        Kerning { face, lookups }
    }

    /// The adjustment (font units) to the advance of `left` when `right`
    /// follows it.
    pub fn pair(&self, left: GlyphId, right: GlyphId) -> f64 {
        if !self.lookups.is_empty() {
            return self.gpos_pair(left, right);
        }
        let Some(kern) = self.face.tables().kern else {
            return 0.0;
        };
        kern.subtables
            .into_iter()
            .filter(|s| s.horizontal && !s.variable && !s.has_cross_stream)
            .filter_map(|s| s.glyphs_kerning(left, right))
            .map(f64::from)
            .sum()
    }

    fn gpos_pair(&self, left: GlyphId, right: GlyphId) -> f64 {
        let Some(gpos) = self.face.tables().gpos else {
            return 0.0;
        };
        let mut total = 0.0;
        for &index in &self.lookups {
            let Some(lookup) = gpos.lookups.get(index) else {
                continue;
            };
            // The first subtable that covers the pair applies; the others
            // of the lookup are skipped.
            for sub in lookup.subtables.into_iter::<PositioningSubtable>() {
                let PositioningSubtable::Pair(pair) = sub else {
                    continue;
                };
                if let Some(adjust) = pair_advance(&pair, left, right) {
                    total += f64::from(adjust);
                    break;
                }
            }
        }
        total
    }
}

/// The first glyph's advance adjustment for the pair, when the subtable
/// covers the pair.
fn pair_advance(pair: &PairAdjustment, left: GlyphId, right: GlyphId) -> Option<i16> {
    match pair {
        PairAdjustment::Format1 { coverage, sets } => {
            let set = sets.get(coverage.get(left)?)?;
            Some(set.get(right)?.0.x_advance)
        }
        PairAdjustment::Format2 {
            coverage,
            classes,
            matrix,
        } => {
            if !coverage.contains(left) {
                return None;
            }
            let (a, b) = (classes.0.get(left), classes.1.get(right));
            Some(matrix.get((a, b))?.0.x_advance)
        }
    }
}
