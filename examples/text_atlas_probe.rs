//! Text as curves or as a baked SDF atlas: what each costs at build time,
//! and how far an atlas strays from the exact distance up close
//! (BENCHMARKS.md, "Text"). Run with
//! `cargo run --release --no-default-features --example text_atlas_probe`.
//!
//! Curves: the glyph segments go to the data texture as they are, and the
//! shader solves for the nearest point (`shaders/glyphs.glsl`). Atlas: each
//! glyph's signed distance is sampled on a grid (here from the exact
//! distance, the best an atlas can hold) and read back with bilinear
//! filtering, as a GPU's texture unit would.

use ropkit::data::font::{Align, BUNDLED, TextShape, TextStyle, layout, pack};
use std::time::Instant;

fn ascii() -> String {
    (0x21u8..0x7f).map(char::from).collect()
}

/// One glyph's atlas: `side` x `side` samples over its box grown by `pad`.
struct Atlas {
    side: usize,
    origin: [f64; 2],
    cell: f64,
    values: Vec<f64>,
}

impl Atlas {
    fn bake(shape: &TextShape, glyph: usize, side: usize, pad: f64) -> Atlas {
        let b = shape.shapes[glyph].bbox;
        let span = (b[2] - b[0]).max(b[3] - b[1]) + 2.0 * pad;
        let origin = [b[0] - pad, b[1] - pad];
        let cell = span / (side - 1) as f64;
        let one = TextShape {
            shapes: vec![shape.shapes[glyph].clone()],
            placed: vec![ropkit::data::font::Placed {
                glyph: 0,
                offset: [0.0, 0.0],
            }],
            ..Default::default()
        };
        let mut values = Vec::with_capacity(side * side);
        for j in 0..side {
            for i in 0..side {
                let p = [origin[0] + i as f64 * cell, origin[1] + j as f64 * cell];
                values.push(one.distance(p));
            }
        }
        Atlas {
            side,
            origin,
            cell,
            values,
        }
    }

    /// Bilinear filtering, as a texture unit reads the atlas.
    fn read(&self, p: [f64; 2]) -> f64 {
        let fx = ((p[0] - self.origin[0]) / self.cell).clamp(0.0, (self.side - 1) as f64);
        let fy = ((p[1] - self.origin[1]) / self.cell).clamp(0.0, (self.side - 1) as f64);
        let (i, j) = (
            (fx as usize).min(self.side - 2),
            (fy as usize).min(self.side - 2),
        );
        let (tx, ty) = (fx - i as f64, fy - j as f64);
        let v = |a: usize, b: usize| self.values[b * self.side + a];
        let top = v(i, j) * (1.0 - tx) + v(i + 1, j) * tx;
        let bottom = v(i, j + 1) * (1.0 - tx) + v(i + 1, j + 1) * tx;
        top * (1.0 - ty) + bottom * ty
    }
}

fn main() {
    let text = ascii();
    let style = TextStyle {
        text: &text,
        align: Align::Left,
        letter_spacing: 0.0,
        line_spacing: 1.0,
    };
    // Curves: layout, outlines and texels, the whole build-time cost.
    let runs = 20;
    let start = Instant::now();
    let mut texels = 0;
    for _ in 0..runs {
        let shape = layout(BUNDLED, &style).unwrap();
        texels = pack::texels(&shape).len();
    }
    let curves_ms = start.elapsed().as_secs_f64() * 1000.0 / runs as f64;
    let shape = layout(BUNDLED, &style).unwrap();
    let segments: usize = shape.shapes.iter().map(|s| s.segments.len()).sum();
    println!(
        "curves: {} glyphs, {segments} segments, {texels} texels ({} KiB), build {curves_ms:.2} ms",
        shape.shapes.len(),
        texels * 16 / 1024
    );

    // Where the error is measured: the glyph '&', seen 16 times closer
    // than an atlas cell per screen pixel, on a band around its outline.
    // '&' is the sixth character of the text, and every one before it draws.
    let amp = shape.placed[5].glyph;
    for side in [32usize, 64, 128] {
        let start = Instant::now();
        let atlases: Vec<Atlas> = (0..shape.shapes.len())
            .map(|g| Atlas::bake(&shape, g, side, 0.1))
            .collect();
        let bake_ms = start.elapsed().as_secs_f64() * 1000.0;
        let atlas = &atlases[amp];
        let exact = TextShape {
            shapes: vec![shape.shapes[amp].clone()],
            placed: vec![ropkit::data::font::Placed {
                glyph: 0,
                offset: [0.0, 0.0],
            }],
            ..Default::default()
        };
        // Sample at 16 points per atlas cell (16x zoom), near the outline.
        let step = atlas.cell / 16.0;
        let (mut worst, mut sum, mut n, mut flipped) = (0.0f64, 0.0, 0usize, 0usize);
        let cells = side - 1;
        for j in 0..cells * 16 {
            for i in 0..cells * 16 {
                let p = [
                    atlas.origin[0] + i as f64 * step,
                    atlas.origin[1] + j as f64 * step,
                ];
                let d = exact.distance(p);
                if d.abs() > 2.0 * atlas.cell {
                    continue;
                }
                let e = (atlas.read(p) - d).abs();
                worst = worst.max(e);
                sum += e;
                n += 1;
                if (atlas.read(p) < 0.0) != (d < 0.0) {
                    flipped += 1;
                }
            }
        }
        println!(
            "atlas {side}x{side} per glyph: bake {bake_ms:.0} ms for {} glyphs; '&' near its outline at 16x zoom: \
             max error {worst:.5} em ({:.1} atlas cells), mean {:.5} em, {:.2} % of samples on the wrong side",
            shape.shapes.len(),
            worst / atlas.cell,
            sum / n as f64,
            100.0 * flipped as f64 / n as f64
        );
    }
}
