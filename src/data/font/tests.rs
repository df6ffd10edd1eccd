use super::*;

fn style(text: &str, align: Align) -> TextStyle<'_> {
    TextStyle {
        text,
        align,
        letter_spacing: 0.0,
        line_spacing: 1.0,
    }
}

fn fixture(name: &str) -> Vec<u8> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/fonts")
        .join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The font's own numbers, read straight from ttf-parser.
fn advance(ch: char) -> f64 {
    let face = Face::parse(BUNDLED, 0).unwrap();
    let id = face.glyph_index(ch).unwrap();
    f64::from(face.glyph_hor_advance(id).unwrap()) / f64::from(face.units_per_em())
}

#[test]
fn glyphs_advance_by_the_fonts_advances() {
    let s = layout(BUNDLED, &style("HI", Align::Left)).unwrap();
    assert_eq!(s.placed.len(), 2);
    assert_eq!(s.placed[0].offset[0], 0.0);
    // H and I have no kerning pair in the font.
    assert!((s.placed[1].offset[0] - advance('H')).abs() < 1e-9);
    // A space takes room but draws nothing.
    let s = layout(BUNDLED, &style("H I", Align::Left)).unwrap();
    assert_eq!(s.placed.len(), 2);
    assert!((s.placed[1].offset[0] - advance('H') - advance(' ')).abs() < 1e-9);
}

#[test]
fn pair_kerning_pulls_a_and_v_together() {
    let s = layout(BUNDLED, &style("AV", Align::Left)).unwrap();
    let kern = s.placed[1].offset[0] - advance('A');
    assert!(kern < -0.01, "AV kerning {kern}");
    // Letter spacing adds to every gap.
    let mut wide = style("AV", Align::Left);
    wide.letter_spacing = 0.25;
    let w = layout(BUNDLED, &wide).unwrap();
    assert!((w.placed[1].offset[0] - s.placed[1].offset[0] - 0.25).abs() < 1e-9);
}

#[test]
fn alignment_and_line_breaks_place_lines() {
    let text = "HH\nH";
    let left = layout(BUNDLED, &style(text, Align::Left)).unwrap();
    let center = layout(BUNDLED, &style(text, Align::Center)).unwrap();
    let right = layout(BUNDLED, &style(text, Align::Right)).unwrap();
    let h = advance('H');
    // Line one: two H's; line two: one, a line height lower.
    assert_eq!(left.placed[2].offset[0], 0.0);
    assert!((center.placed[0].offset[0] + h).abs() < 1e-9);
    assert!((center.placed[2].offset[0] + h / 2.0).abs() < 1e-9);
    assert!((right.placed[1].offset[0] + h).abs() < 1e-9);
    assert!((right.placed[2].offset[0] + h).abs() < 1e-9);
    let face = Face::parse(BUNDLED, 0).unwrap();
    let upem = f64::from(face.units_per_em());
    let line = f64::from(face.ascender() - face.descender() + face.line_gap()) / upem;
    let dy = left.placed[0].offset[1] - left.placed[2].offset[1];
    assert!((dy - line).abs() < 1e-9, "{dy} vs {line}");
    let mut double = style(text, Align::Left);
    double.line_spacing = 2.0;
    let d = layout(BUNDLED, &double).unwrap();
    assert!((d.placed[0].offset[1] - d.placed[2].offset[1] - 2.0 * line).abs() < 1e-9);
    // The block is centred on y = 0 between the first ascender and the
    // last descender.
    let top = left.placed[0].offset[1] + f64::from(face.ascender()) / upem;
    let bottom = left.placed[2].offset[1] + f64::from(face.descender()) / upem;
    assert!((top + bottom).abs() < 1e-9);
}

#[test]
fn glyph_boxes_hold_their_outlines_and_contours_close() {
    let s = layout(BUNDLED, &style("gQ&@%", Align::Left)).unwrap();
    for g in &s.shapes {
        for seg in &g.segments {
            for i in 0..=10 {
                let p = seg.at(i as f64 / 10.0);
                assert!(p[0] >= g.bbox[0] - 1e-12 && p[0] <= g.bbox[2] + 1e-12);
                assert!(p[1] >= g.bbox[1] - 1e-12 && p[1] <= g.bbox[3] + 1e-12);
            }
        }
        // Every segment's end is some segment's start: the contours close.
        for seg in &g.segments {
            assert!(g.segments.iter().any(|o| o.from == seg.to), "{seg:?}");
        }
    }
}

#[test]
fn pruned_distance_equals_brute_force() {
    let s = layout(BUNDLED, &style("Text\nline two", Align::Center)).unwrap();
    let all: Vec<_> = s.segments().collect();
    let b = s.bounds();
    for i in 0..40 {
        for j in 0..20 {
            let p = [
                b[0] - 0.3 + (b[2] - b[0] + 0.6) * i as f64 / 39.0,
                b[1] - 0.3 + (b[3] - b[1] + 0.6) * j as f64 / 19.0,
            ];
            let brute = distance::signed_distance(&all, p);
            let pruned = s.distance(p);
            assert!((brute - pruned).abs() < 1e-12, "{p:?}: {brute} vs {pruned}");
        }
    }
}

#[test]
fn cubic_fonts_become_quadratics() {
    let font = fixture("cubic.otf");
    let s = layout(&font, &style("O", Align::Left)).unwrap();
    assert_eq!(s.placed.len(), 1);
    let segs = &s.shapes[0].segments;
    assert!(segs.iter().all(|q| q.ctrl.is_some()));
    // The ring: outer radius 0.35 em, inner 0.2 em, about (0.4, 0.35) in
    // font coordinates. Every segment point lies on one of the circles,
    // within the tolerance the split promises plus the file's own error (a
    // cubic circle strays 0.027 % of its radius, and the font rounds its
    // handles to whole units: up to 3e-4 em here).
    let o = s.placed[0].offset;
    for q in segs {
        for i in 0..=20 {
            let p = q.at(i as f64 / 20.0);
            let r = (p[0] - 0.4).hypot(p[1] - 0.35);
            let off = (r - 0.35).abs().min((r - 0.2).abs());
            assert!(off < outline::CUBIC_TOLERANCE + 3e-4, "{p:?} r {r}");
        }
    }
    let at = |x: f64, y: f64| s.distance([x + o[0], y + o[1]]);
    assert!((at(0.4 + 0.275, 0.35) + 0.075).abs() < 5e-4); // in the ring
    assert!((at(0.4, 0.35) - 0.2).abs() < 5e-4); // in the hole
    assert!((at(0.4 + 0.5, 0.35) - 0.15).abs() < 5e-4); // outside
    // 'S': both squares wound the same way: nonzero fills the inner one.
    let s = layout(&font, &style("S", Align::Left)).unwrap();
    let o = s.placed[0].offset;
    assert!(s.distance([0.4 + o[0], 0.35 + o[1]]) < -0.1);
}

#[test]
fn hostile_fonts_get_errors() {
    let garbage: Vec<u8> = (0..5000u32).map(|i| (i * 7919 % 251) as u8).collect();
    assert!(matches!(
        layout(&garbage, &style("A", Align::Left)),
        Err(FontError::NotAFont(_))
    ));
    // Every truncation of a real font either reads or fails cleanly.
    for cut in (0..BUNDLED.len()).step_by(97) {
        let _ = layout(&BUNDLED[..cut], &style("Ag&", Align::Left));
    }
    let bomb = fixture("bomb.ttf");
    let e = layout(&bomb, &style("A", Align::Left)).unwrap_err();
    assert!(
        matches!(e, FontError::TooManyComponents { ch: 'A', .. }),
        "{e}"
    );
    let dense = fixture("dense.ttf");
    let e = layout(&dense, &style("A", Align::Left)).unwrap_err();
    assert!(
        matches!(e, FontError::GlyphTooComplex { segments: 6000, .. }),
        "{e}"
    );
    let long = "x".repeat(limits::TEXT_CHARS + 1);
    assert!(matches!(
        layout(BUNDLED, &style(&long, Align::Left)),
        Err(FontError::TextTooLong { .. })
    ));
    let mut nan = style("A", Align::Left);
    nan.letter_spacing = f64::NAN;
    assert!(matches!(
        layout(BUNDLED, &nan),
        Err(FontError::NotFinite { .. })
    ));
}

#[test]
fn texels_follow_the_documented_layout() {
    let s = layout(BUNDLED, &style("ll", Align::Left)).unwrap();
    // Two placed glyphs of one shape: its segments are stored once.
    assert_eq!(s.shapes.len(), 1);
    let t = pack::texels(&s);
    let n = s.shapes[0].segments.len();
    assert_eq!(t[1][0], 4.0);
    assert_eq!(t[3][0], 4.0);
    assert_eq!(t[1][1], n as f32);
    // The glyph's segments, each once (in the order of its tree's leaves).
    let stored: Vec<[f32; 4]> = (0..n).map(|k| t[4 + 2 * k]).collect();
    for seg in &s.shapes[0].segments {
        let from = [seg.from[0] as f32, seg.from[1] as f32];
        assert_eq!(
            stored
                .iter()
                .filter(|x| x[0] == from[0] && x[1] == from[1])
                .count(),
            1
        );
    }
    // Then the glyph's tree (2 texels a node, leaves of up to 4 segments),
    // and the tree over the two placed glyphs (3 nodes).
    let glyph_nodes = (t.len() - 4 - 2 * n - 6) / 2;
    assert!(
        glyph_nodes >= n.div_ceil(4) && glyph_nodes < n,
        "{glyph_nodes} nodes for {n}"
    );
    let root = 4 + 2 * n + 2 * glyph_nodes;
    assert_eq!(
        t[root + 1],
        [(root + 2 + 2) as f32, 0.0, 0.0, 0.0],
        "inner: its second child"
    );
    assert_eq!(
        t[root + 3][0],
        (4 + 2 * n) as f32,
        "a leaf: its glyph's tree"
    );
    assert_eq!(t[root + 3][1], -1.0, "nonzero");
    let m = pack::macros(&s, "n_Font", 7);
    assert!(m.contains("#define n_Font_glyphs 2\n"));
    assert!(m.contains("#define n_Font_texel(i) rk_data(7 + (i))\n"));
    assert!(m.contains(&format!("#define n_Font_tree {root}\n")));
    assert!(m.contains("#define n_Font_first 7\n"));
}

#[test]
fn characters_the_font_lacks_are_listed_once_in_order() {
    let face = Face::parse(BUNDLED, 0).unwrap();
    for ch in ['™', '😀', '中'] {
        assert!(face.glyph_index(ch).is_none(), "{ch}");
    }
    let s = layout(BUNDLED, &style("a™b 😀™\n中a", Align::Left)).unwrap();
    assert_eq!(s.missing, vec!['™', '😀', '中']);
    // The bundled font's glyph 0 has no outline: the characters are blank.
    struct Count(usize);
    impl ttf_parser::OutlineBuilder for Count {
        fn move_to(&mut self, _: f32, _: f32) {
            self.0 += 1;
        }
        fn line_to(&mut self, _: f32, _: f32) {
            self.0 += 1;
        }
        fn quad_to(&mut self, _: f32, _: f32, _: f32, _: f32) {
            self.0 += 1;
        }
        fn curve_to(&mut self, _: f32, _: f32, _: f32, _: f32, _: f32, _: f32) {
            self.0 += 1;
        }
        fn close(&mut self) {}
    }
    let mut count = Count(0);
    let drawn = face.outline_glyph(GlyphId(0), &mut count).is_some() && count.0 > 0;
    assert_eq!(s.notdef_drawn, drawn);
    assert!(!drawn);
    // Only 'a' and 'b' are drawn.
    assert_eq!(s.placed.len(), 3);
    let note = s.missing_note("the bundled font").unwrap();
    assert!(
        note.contains("U+2122 '™', U+1F600 '😀', U+4E2D '中'"),
        "{note}"
    );
    assert!(note.contains("left blank"), "{note}");
    // Past eight characters the rest are counted, not listed.
    let many: String = ('\u{4E00}'..'\u{4E14}').collect();
    let s = layout(BUNDLED, &style(&many, Align::Left)).unwrap();
    assert_eq!(s.missing.len(), 20);
    let note = s.missing_note("the bundled font").unwrap();
    assert!(note.contains("and 12 more"), "{note}");
    assert_eq!(note.matches("U+").count(), 8, "{note}");
    // A text the font has whole has nothing to say.
    let s = layout(BUNDLED, &style("Brand", Align::Left)).unwrap();
    assert!(s.missing.is_empty() && s.missing_note("x").is_none());
}
