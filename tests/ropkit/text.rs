//! The `text` ROP and the `font` data style, on the GPU. Signs are checked
//! against a rasteriser written here from the font parser's own outline
//! (curves flattened into short lines, nonzero winding per point), away
//! from the edges; distances against the Rust reference
//! (`ropkit::data::font`) and against the flattened outline.

use crate::common::*;
use ropkit::data::font::{self, Align, TextStyle};
use ropkit::library::Library;
use ropkit::network::Network;
use ropkit::render::{Gpu, Renderer};
use ropkit::sample::sample_network;
use std::path::Path;
use ttf_parser::{Face, OutlineBuilder};

/// A glyph's outline as closed polylines, in em, straight from ttf-parser:
/// each curve cut into 32 lines.
#[derive(Default)]
struct Flatten {
    scale: f64,
    lines: Vec<([f64; 2], [f64; 2])>,
    start: [f64; 2],
    pen: [f64; 2],
}

impl Flatten {
    fn to(&mut self, p: [f64; 2]) {
        self.lines.push((self.pen, p));
        self.pen = p;
    }
    fn pt(&self, x: f32, y: f32) -> [f64; 2] {
        [x as f64 * self.scale, y as f64 * self.scale]
    }
}

impl OutlineBuilder for Flatten {
    fn move_to(&mut self, x: f32, y: f32) {
        self.start = self.pt(x, y);
        self.pen = self.start;
    }
    fn line_to(&mut self, x: f32, y: f32) {
        let p = self.pt(x, y);
        self.to(p);
    }
    fn quad_to(&mut self, x1: f32, y1: f32, x: f32, y: f32) {
        let (a, c, b) = (self.pen, self.pt(x1, y1), self.pt(x, y));
        for i in 1..=32 {
            let t = i as f64 / 32.0;
            let s = 1.0 - t;
            self.to([
                s * s * a[0] + 2.0 * s * t * c[0] + t * t * b[0],
                s * s * a[1] + 2.0 * s * t * c[1] + t * t * b[1],
            ]);
        }
    }
    fn curve_to(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, x: f32, y: f32) {
        let (a, c1, c2, b) = (self.pen, self.pt(x1, y1), self.pt(x2, y2), self.pt(x, y));
        for i in 1..=32 {
            let t = i as f64 / 32.0;
            let s = 1.0 - t;
            let w = [s * s * s, 3.0 * s * s * t, 3.0 * s * t * t, t * t * t];
            self.to([
                w[0] * a[0] + w[1] * c1[0] + w[2] * c2[0] + w[3] * b[0],
                w[0] * a[1] + w[1] * c1[1] + w[2] * c2[1] + w[3] * b[1],
            ]);
        }
    }
    fn close(&mut self) {
        if self.pen != self.start {
            let s = self.start;
            self.to(s);
        }
    }
}

impl Flatten {
    /// The glyph of `ch`, placed as a one-line, left-aligned text is: its
    /// origin at x = 0, the line centred between ascender and descender.
    fn glyph(font: &[u8], ch: char) -> Flatten {
        let face = Face::parse(font, 0).unwrap();
        let upem = f64::from(face.units_per_em());
        let mut f = Flatten {
            scale: 1.0 / upem,
            ..Default::default()
        };
        face.outline_glyph(face.glyph_index(ch).unwrap(), &mut f)
            .unwrap();
        let lift = -f64::from(face.ascender() + face.descender()) / 2.0 / upem;
        for l in &mut f.lines {
            l.0[1] += lift;
            l.1[1] += lift;
        }
        f
    }

    /// Inside by the nonzero rule: the winding of the polylines around `p`.
    fn inside(&self, p: [f64; 2]) -> bool {
        let mut w = 0;
        for &(a, b) in &self.lines {
            if a[1] <= p[1] && b[1] > p[1] && cross(a, b, p) > 0.0 {
                w += 1;
            } else if a[1] > p[1] && b[1] <= p[1] && cross(a, b, p) < 0.0 {
                w -= 1;
            }
        }
        w != 0
    }

    /// Distance to the polylines (within the flattening's error of the
    /// outline's).
    fn distance(&self, p: [f64; 2]) -> f64 {
        self.lines
            .iter()
            .map(|&(a, b)| {
                let (ba, pa) = ([b[0] - a[0], b[1] - a[1]], [p[0] - a[0], p[1] - a[1]]);
                let l = ba[0] * ba[0] + ba[1] * ba[1];
                let h = if l > 0.0 {
                    ((pa[0] * ba[0] + pa[1] * ba[1]) / l).clamp(0.0, 1.0)
                } else {
                    0.0
                };
                (pa[0] - ba[0] * h).hypot(pa[1] - ba[1] * h)
            })
            .fold(f64::INFINITY, f64::min)
    }
}

fn cross(a: [f64; 2], b: [f64; 2], p: [f64; 2]) -> f64 {
    (b[0] - a[0]) * (p[1] - a[1]) - (p[0] - a[0]) * (b[1] - a[1])
}

/// The text node's distance at 2D points, sampled on the GPU through a
/// deep extrusion (at z = 0 it equals the 2D distance).
fn sample_text(gpu: &Gpu, lib: &Library, dir: &Path, params: &str, pts: &[[f64; 2]]) -> Vec<f64> {
    let text = format!(
        "output: /out\nnodes:\n  /t: {{ rop: text, params: {{ {params} }} }}\n  /x: {{ rop: extrude, params: {{ Height: 20 }}, inputs: [/t] }}\n  /out: {{ rop: raymarchRender3D, inputs: [/x] }}\n"
    );
    let net = Network::parse(&text, &dir.join("net.yaml"), lib).unwrap();
    let mut r = Renderer::new(gpu.clone());
    let p3: Vec<[f32; 3]> = pts
        .iter()
        .map(|p| [p[0] as f32, p[1] as f32, 0.0])
        .collect();
    sample_network(&net, lib, &mut r, &p3)
        .unwrap()
        .iter()
        .map(|v| v[0] as f64)
        .collect()
}

/// A grid of `n` x `n` points over the box, grown by `margin`.
fn grid(b: [f64; 4], margin: f64, n: usize) -> Vec<[f64; 2]> {
    let mut out = Vec::new();
    for j in 0..n {
        for i in 0..n {
            let f = |k: usize| (k as f64 + 0.5) / n as f64;
            out.push([
                b[0] - margin + (b[2] - b[0] + 2.0 * margin) * f(i),
                b[1] - margin + (b[3] - b[1] + 2.0 * margin) * f(j),
            ]);
        }
    }
    out
}

/// Checks one glyph: the GPU's sign against the rasteriser away from the
/// edges, its magnitude against the Rust reference and the flattened
/// outline.
fn check_glyph(gpu: &Gpu, lib: &Library, dir: &Path, font_param: &str, bytes: &[u8], ch: char) {
    let flat = Flatten::glyph(bytes, ch);
    let chs = ch.to_string();
    let style = TextStyle {
        text: &chs,
        align: Align::Left,
        letter_spacing: 0.0,
        line_spacing: 1.0,
    };
    let shape = font::layout(bytes, &style).unwrap();
    let pts = grid(shape.bounds(), 0.1, 48);
    let params = format!("Text: '{ch}', Font: '{font_param}', Align: left, Size: 1");
    let got = sample_text(gpu, lib, dir, &params, &pts);
    let (mut checked, mut bad) = (0, Vec::new());
    for (p, d) in pts.iter().zip(&got) {
        let edge = flat.distance(*p);
        let reference = shape.distance(*p);
        if (d - reference).abs() > 2e-4 {
            bad.push(format!("{p:?}: GPU {d}, Rust reference {reference}"));
        }
        // The polylines lie within 1e-4 em of the curves (32 pieces each).
        if (d.abs() - edge).abs() > 2e-3 {
            bad.push(format!("{p:?}: GPU {d}, flattened outline {edge}"));
        }
        if edge > 0.01 {
            checked += 1;
            if (*d < 0.0) != flat.inside(*p) {
                bad.push(format!(
                    "{p:?}: GPU {d}, rasterised inside: {}",
                    flat.inside(*p)
                ));
            }
        }
    }
    assert!(
        checked > 1000,
        "{ch}: only {checked} points away from the edges"
    );
    assert!(
        bad.is_empty(),
        "{ch:?} in {font_param:?}: {} of {} disagree:\n{}",
        bad.len(),
        pts.len(),
        bad[..bad.len().min(10)].join("\n")
    );
}

#[test]
fn text_signs_match_a_rasterised_glyph_and_distances_the_reference() {
    let Some(gpu) = gpu("text_signs_match_a_rasterised_glyph_and_distances_the_reference") else {
        return;
    };
    let lib = library();
    let dir = tempfile::tempdir().unwrap();
    // The bundled font (TrueType quadratics): a glyph with a hole and
    // crossing strokes, and one with a descender.
    for ch in ['&', 'g'] {
        check_glyph(&gpu, &lib, dir.path(), "", font::BUNDLED, ch);
    }
    // A font file of the project with CFF cubics: a ring, and two squares
    // wound the same way (nonzero fills the inner one).
    let otf = std::fs::read(root().join("tests/fixtures/fonts/cubic.otf")).unwrap();
    std::fs::create_dir_all(dir.path().join("fonts")).unwrap();
    std::fs::write(dir.path().join("fonts/cubic.otf"), &otf).unwrap();
    for ch in ['O', 'S'] {
        check_glyph(&gpu, &lib, dir.path(), "fonts/cubic.otf", &otf, ch);
    }
}

#[test]
fn text_layout_reaches_the_shader() {
    let Some(gpu) = gpu("text_layout_reaches_the_shader") else {
        return;
    };
    let lib = library();
    let dir = tempfile::tempdir().unwrap();
    // Two lines, centred, spaced, at size 0.5: the GPU agrees with the
    // reference everywhere (scaled by the size).
    let style = TextStyle {
        text: "AV Wa\nfin.",
        align: Align::Center,
        letter_spacing: 0.05,
        line_spacing: 1.3,
    };
    let shape = font::layout(font::BUNDLED, &style).unwrap();
    let pts: Vec<[f64; 2]> = grid(shape.bounds(), 0.2, 40)
        .iter()
        .map(|p| [p[0] * 0.5, p[1] * 0.5])
        .collect();
    let params =
        "Text: \"AV Wa\\nfin.\", Align: center, LetterSpacing: 0.05, LineSpacing: 1.3, Size: 0.5";
    let got = sample_text(&gpu, &lib, dir.path(), params, &pts);
    let mut bad = Vec::new();
    for (p, d) in pts.iter().zip(&got) {
        let want = 0.5 * shape.distance([p[0] / 0.5, p[1] / 0.5]);
        if (d - want).abs() > 2e-4 {
            bad.push(format!("{p:?}: GPU {d}, reference {want}"));
        }
    }
    assert!(
        bad.is_empty(),
        "{} differ:\n{}",
        bad.len(),
        bad[..bad.len().min(10)].join("\n")
    );
}

#[test]
fn bad_fonts_name_the_file_and_the_node() {
    let lib = library();
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("junk.ttf"), b"not a font at all, just text").unwrap();
    std::fs::copy(
        root().join("tests/fixtures/fonts/bomb.ttf"),
        dir.path().join("bomb.ttf"),
    )
    .unwrap();
    std::fs::write(dir.path().join("font.woff"), b"wOFF").unwrap();
    let cases = [
        ("junk.ttf", "parameter Font: is not a font ropkit can read"),
        (
            "bomb.ttf",
            "glyph 1 (for 'A') expands through its components",
        ),
        ("font.woff", "a font is read from a .ttf or .otf file"),
        ("missing.ttf", "file not found"),
        ("../outside.ttf", "outside.ttf"),
    ];
    for (file, want) in cases {
        let text = format!(
            "output: /out\nnodes:\n  /title: {{ rop: text, params: {{ Text: A, Font: '{file}' }} }}\n  /x: {{ rop: extrude, inputs: [/title] }}\n  /out: {{ rop: raymarchRender3D, inputs: [/x] }}\n"
        );
        let net = dir.path().join("net.yaml");
        let message = match Network::parse(&text, &net, &lib) {
            Err(e) => e.to_string(),
            Ok(n) => ropkit::build::build(&lib, &n, ropkit::generate::Mode::Render)
                .err()
                .map(|e| e.to_string())
                .unwrap_or_default(),
        };
        assert!(message.contains(want), "{file}: {message}");
        if !file.starts_with("..") {
            assert!(message.contains(&format!("{file}:")), "{file}: {message}");
            assert!(message.contains("(node /title)"), "{file}: {message}");
        }
    }
}
