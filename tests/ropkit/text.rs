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
    /// Lines per curve (32 when 0).
    pieces: usize,
    /// The outline's quadratic curves as the font stores them (from,
    /// control, to), in em.
    quads: Vec<[[f64; 2]; 3]>,
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
        self.quads.push([a, c, b]);
        let n = if self.pieces == 0 { 32 } else { self.pieces };
        for i in 1..=n {
            let t = i as f64 / n as f64;
            let s = 1.0 - t;
            self.to([
                s * s * a[0] + 2.0 * s * t * c[0] + t * t * b[0],
                s * s * a[1] + 2.0 * s * t * c[1] + t * t * b[1],
            ]);
        }
    }
    fn curve_to(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, x: f32, y: f32) {
        let (a, c1, c2, b) = (self.pen, self.pt(x1, y1), self.pt(x2, y2), self.pt(x, y));
        let n = if self.pieces == 0 { 32 } else { self.pieces };
        for i in 1..=n {
            let t = i as f64 / n as f64;
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
        Flatten::glyph_in(font, ch, 0)
    }

    /// [`Flatten::glyph`], each curve cut into `pieces` lines (32 for 0).
    fn glyph_in(font: &[u8], ch: char, pieces: usize) -> Flatten {
        let face = Face::parse(font, 0).unwrap();
        let upem = f64::from(face.units_per_em());
        let mut f = Flatten {
            scale: 1.0 / upem,
            pieces,
            ..Default::default()
        };
        face.outline_glyph(face.glyph_index(ch).unwrap(), &mut f)
            .unwrap();
        let lift = -f64::from(face.ascender() + face.descender()) / 2.0 / upem;
        for l in &mut f.lines {
            l.0[1] += lift;
            l.1[1] += lift;
        }
        for q in &mut f.quads {
            for p in q {
                p[1] += lift;
            }
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
            .map(|&(a, b)| line_distance(a, b, p))
            .fold(f64::INFINITY, f64::min)
    }
}

/// Distance from `p` to the line from `a` to `b`.
fn line_distance(a: [f64; 2], b: [f64; 2], p: [f64; 2]) -> f64 {
    let (ba, pa) = ([b[0] - a[0], b[1] - a[1]], [p[0] - a[0], p[1] - a[1]]);
    let l = ba[0] * ba[0] + ba[1] * ba[1];
    let h = if l > 0.0 {
        ((pa[0] * ba[0] + pa[1] * ba[1]) / l).clamp(0.0, 1.0)
    } else {
        0.0
    };
    (pa[0] - ba[0] * h).hypot(pa[1] - ba[1] * h)
}

fn cross(a: [f64; 2], b: [f64; 2], p: [f64; 2]) -> f64 {
    (b[0] - a[0]) * (p[1] - a[1]) - (p[0] - a[0]) * (b[1] - a[1])
}

/// The text node's distance at 2D points, sampled on the GPU through a
/// deep extrusion (at z = 0 it equals the 2D distance). Exact within past
/// every probe: the exact distance, not the far field's bound
/// (segment_tree.rs checks that one).
fn sample_text(gpu: &Gpu, lib: &Library, dir: &Path, params: &str, pts: &[[f64; 2]]) -> Vec<f64> {
    let text = format!(
        "output: /out\nnodes:\n  /t: {{ rop: text, params: {{ {params}, Exact: 100 }} }}\n  /x: {{ rop: extrude, params: {{ Height: 20 }}, inputs: [/t] }}\n  /out: {{ rop: raymarchRender3D, inputs: [/x] }}\n"
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

/// A small deterministic generator: uniform in 0..1.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> f64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// Points near a glyph's outline: `n` on the inner side of its quadratic
/// curves at about half their radius of curvature (inside a counter, where
/// a Newton step with a wrong derivative divides by nearly nothing), and
/// `n` anywhere within 0.15 em of the outline.
fn points_near(flat: &Flatten, n: usize, rng: &mut Lcg) -> Vec<[f64; 2]> {
    let mut out = Vec::new();
    let curved: Vec<_> = flat
        .quads
        .iter()
        .filter(|[a, c, b]| {
            let f = [a[0] - 2.0 * c[0] + b[0], a[1] - 2.0 * c[1] + b[1]];
            f[0].hypot(f[1]) > 1e-4
        })
        .collect();
    let mut tries = 0;
    while !curved.is_empty() && out.len() < n && tries < 100 * n {
        tries += 1;
        let [a, c, b] = curved[(rng.next() * curved.len() as f64) as usize % curved.len()];
        let t = rng.next();
        let s = 1.0 - t;
        let at = [0, 1].map(|k| s * s * a[k] + 2.0 * s * t * c[k] + t * t * b[k]);
        let d1 = [0, 1].map(|k| 2.0 * (s * (c[k] - a[k]) + t * (b[k] - c[k])));
        let d2 = [0, 1].map(|k| 2.0 * (a[k] - 2.0 * c[k] + b[k]));
        let speed = d1[0].hypot(d1[1]);
        let cross = d1[0] * d2[1] - d1[1] * d2[0];
        if speed < 1e-9 || cross.abs() < 1e-12 {
            continue;
        }
        let radius = speed.powi(3) / cross.abs();
        // Towards the centre of curvature.
        let normal = [-d1[1] / speed, d1[0] / speed].map(|v| v * cross.signum());
        let r = radius * (0.5 + 0.1 * (rng.next() - 0.5));
        if r > 0.3 {
            continue;
        }
        out.push([at[0] + normal[0] * r, at[1] + normal[1] * r]);
    }
    for _ in 0..n {
        let (a, b) = flat.lines[(rng.next() * flat.lines.len() as f64) as usize % flat.lines.len()];
        let t = rng.next();
        let (angle, r) = (rng.next() * std::f64::consts::TAU, 0.15 * rng.next());
        out.push([
            a[0] + (b[0] - a[0]) * t + r * angle.cos(),
            a[1] + (b[1] - a[1]) * t + r * angle.sin(),
        ]);
    }
    out
}

/// The text's distance near glyph outlines is the distance: at thousands
/// of points (half of them inside arcs, where single samples read 0.012
/// too far when the quadratic's Newton steps used a derivative without the
/// factor 2 on |B'|²), the GPU's value matches the distance to the outline
/// taken straight from the font and cut into 256 lines per curve (within
/// 2e-6 em of the curves), both ways.
#[test]
fn text_distance_does_not_overestimate_inside_counters() {
    let Some(gpu) = gpu("text_distance_does_not_overestimate_inside_counters") else {
        return;
    };
    let lib = library();
    let dir = tempfile::tempdir().unwrap();
    let otf = std::fs::read(root().join("tests/fixtures/fonts/cubic.otf")).unwrap();
    std::fs::create_dir_all(dir.path().join("fonts")).unwrap();
    std::fs::write(dir.path().join("fonts/cubic.otf"), &otf).unwrap();
    // The bundled font's quadratics are drawn exactly; a CFF font's cubics
    // become quadratics within CUBIC_TOLERANCE of them.
    let exact = 1e-4;
    let cubic = font::outline::CUBIC_TOLERANCE + 1e-4;
    let cases: [(&str, &[u8], char, f64); 4] = [
        ("", font::BUNDLED, 'O', exact),
        ("", font::BUNDLED, 'g', exact),
        ("", font::BUNDLED, '&', exact),
        ("fonts/cubic.otf", &otf, 'O', cubic),
    ];
    let mut rng = Lcg(36);
    let mut counted = 0;
    for (font_param, bytes, ch, tolerance) in cases {
        let flat = Flatten::glyph_in(bytes, ch, 256);
        let pts = points_near(&flat, 1200, &mut rng);
        let params = format!("Text: '{ch}', Font: '{font_param}', Align: left, Size: 1");
        let got = sample_text(&gpu, &lib, dir.path(), &params, &pts);
        let mut bad = Vec::new();
        for (p, d) in pts.iter().zip(&got) {
            let reference = flat.distance(*p);
            if d.abs() > reference + tolerance {
                bad.push(format!("{p:?}: GPU {d}, reference {reference} (too far)"));
            } else if d.abs() < reference - tolerance {
                bad.push(format!("{p:?}: GPU {d}, reference {reference} (too near)"));
            } else if reference > 0.01 && (*d < 0.0) != flat.inside(*p) {
                bad.push(format!("{p:?}: GPU {d}, inside: {}", flat.inside(*p)));
            }
        }
        assert!(
            bad.is_empty(),
            "{ch:?} in {font_param:?}: {} of {} points wrong:\n{}",
            bad.len(),
            pts.len(),
            bad[..bad.len().min(10)].join("\n")
        );
        counted += pts.len();
    }
    assert!(counted > 8000, "only {counted} points");
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
        ("junk.ttf", "parameter Font: "),
        ("junk.ttf", "junk.ttf: is not a font ropkit can read"),
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
            Ok(n) => ropkit::build::build(&lib, &n, &ropkit::generate::Mode::Render.into())
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

/// A text node (on line 3 of `dir/net.yaml`) extruded and rendered: the
/// network file's path, and its build or the error's text.
fn build_text(
    lib: &Library,
    dir: &Path,
    params: &str,
) -> (std::path::PathBuf, Result<ropkit::build::Built, String>) {
    let text = format!(
        "output: /out\nnodes:\n  /title: {{ rop: text, params: {{ {params} }} }}\n  /x: {{ rop: extrude, inputs: [/title] }}\n  /out: {{ rop: raymarchRender3D, inputs: [/x] }}\n"
    );
    let file = dir.join("net.yaml");
    std::fs::write(&file, &text).unwrap();
    let built = Network::parse(&text, &file, lib)
        .map_err(|e| e.to_string())
        .and_then(|n| {
            ropkit::build::build(lib, &n, &ropkit::generate::Mode::Render.into())
                .map_err(|e| e.to_string())
        });
    (file, built)
}

#[test]
fn missing_glyphs_warn_once_naming_the_character_node_and_font() {
    let lib = library();
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("fonts")).unwrap();
    std::fs::copy(
        root().join("tests/fixtures/fonts/cubic.otf"),
        dir.path().join("fonts/cubic.otf"),
    )
    .unwrap();
    // The bundled font is Latin only: ™ and the emoji are not in it (ttf-parser says so).
    let face = Face::parse(font::BUNDLED, 0).unwrap();
    assert!(face.glyph_index('™').is_none() && face.glyph_index('😀').is_none());
    assert!(face.glyph_index('B').is_some());
    let (file, built) = build_text(&lib, dir.path(), "Text: \"Brand™ and ™ 😀\"");
    let built = built.unwrap();
    let [w] = built.shader.warnings.as_slice() else {
        panic!("one warning, not {:?}", built.shader.warnings);
    };
    let text = w.to_string();
    assert_eq!(
        (w.file.as_path(), w.line, w.node.as_str()),
        (file.as_path(), 3, "/title")
    );
    assert!(
        text.starts_with(&format!("{}:3: parameter Font: ", file.display())),
        "{text}"
    );
    assert!(text.ends_with("(node /title)"), "{text}");
    assert!(text.contains("bundled font"), "{text}");
    assert!(
        text.contains("U+2122 '™'") && text.contains("U+1F600 '😀'"),
        "{text}"
    );
    assert_eq!(text.matches("U+2122").count(), 1, "{text}");
    assert!(text.contains("left blank"), "{text}");
    // A font file: named by its path; characters it has are not listed.
    let otf = std::fs::read(dir.path().join("fonts/cubic.otf")).unwrap();
    let face = Face::parse(&otf, 0).unwrap();
    assert!(face.glyph_index('O').is_some() && face.glyph_index('q').is_none());
    let (_, built) = build_text(&lib, dir.path(), "Text: Oq, Font: fonts/cubic.otf");
    let warnings = built.unwrap().shader.warnings;
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    let text = warnings[0].to_string();
    assert!(
        text.contains("the font fonts/cubic.otf has no glyph for U+0071 'q'"),
        "{text}"
    );
    assert!(!text.contains("U+004F"), "{text}");
    // A text the font has whole says nothing.
    let (_, built) = build_text(&lib, dir.path(), "Text: Brand");
    assert!(built.unwrap().shader.warnings.is_empty());
    // The command line prints it.
    let (_, built) = build_text(&lib, dir.path(), "Text: \"Brand™\"");
    assert_eq!(built.unwrap().shader.warnings.len(), 1);
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_ropkit"))
        .current_dir(dir.path())
        .args(["build", "net.yaml", "-o", "net.glsl"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(
        stderr.lines().any(|l| l.starts_with("warning: ")
            && l.contains("U+2122")
            && l.contains("(node /title)")),
        "{stderr}"
    );
}

#[test]
fn font_errors_name_the_network_line_the_node_and_the_parameter() {
    let lib = library();
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("junk.ttf"), b"not a font at all, just text").unwrap();
    let at = |file: &Path| format!("{}:3: ", file.display());
    // A missing font: the network's line, not line 1 of a file that is not there.
    let (file, built) = build_text(&lib, dir.path(), "Text: A, Font: fonts/missing.ttf");
    let e = built.err().unwrap();
    assert!(e.starts_with(&at(&file)), "{e}");
    assert!(
        e.contains("parameter Font: fonts/missing.ttf: font file not found"),
        "{e}"
    );
    assert!(e.ends_with("(node /title)"), "{e}");
    assert!(!e.contains("missing.ttf:1"), "{e}");
    // A file that is not a font: the network's line, the file named.
    let (file, built) = build_text(&lib, dir.path(), "Text: A, Font: junk.ttf");
    let e = built.err().unwrap();
    assert!(e.starts_with(&at(&file)), "{e}");
    assert!(
        e.contains("parameter Font: ") && e.contains("junk.ttf: is not a font"),
        "{e}"
    );
    // A font outside the project is a font path, not a texture path.
    let (_, built) = build_text(&lib, dir.path(), "Text: A, Font: ../outside.ttf");
    let e = built.err().unwrap();
    assert!(
        e.contains("font path '../outside.ttf' leaves the project"),
        "{e}"
    );
    assert!(!e.contains("texture"), "{e}");
    // Too long a text is the Text parameter's fault, whatever the font.
    let long = "a".repeat(ropkit::limits::TEXT_CHARS + 1);
    let (file, built) = build_text(&lib, dir.path(), &format!("Text: {long}"));
    let e = built.err().unwrap();
    assert!(e.starts_with(&at(&file)), "{e}");
    assert!(e.contains("parameter Text: the text has"), "{e}");
    assert!(
        e.contains("TEXT_CHARS") && !e.contains("parameter Font"),
        "{e}"
    );
}

/// What the docs say about line breaks in a network file: `\n` in a
/// double-quoted string and a block scalar break the line alike; a real
/// line break inside double quotes folds into a space.
#[test]
fn text_line_breaks_in_yaml_as_the_docs_say() {
    let lib = library();
    let dir = tempfile::tempdir().unwrap();
    let data = |params: &str| build_text(&lib, dir.path(), params).1.unwrap().shader.data;
    let escaped = data("Text: \"ab\\ncd\"");
    let block = {
        let text = "output: /out\nnodes:\n  /title:\n    rop: text\n    params:\n      Text: |-\n        ab\n        cd\n  /x: { rop: extrude, inputs: [/title] }\n  /out: { rop: raymarchRender3D, inputs: [/x] }\n";
        let n = Network::parse(text, &dir.path().join("block.yaml"), &lib).unwrap();
        ropkit::build::build(&lib, &n, &ropkit::generate::Mode::Render.into())
            .unwrap()
            .shader
            .data
    };
    let folded = data("Text: \"ab\n        cd\"");
    let one_line = data("Text: ab cd");
    let two_lines = {
        let style = TextStyle {
            text: "ab\ncd",
            align: Align::Center,
            letter_spacing: 0.0,
            line_spacing: 1.0,
        };
        font::pack::texels(&font::layout(font::BUNDLED, &style).unwrap())
    };
    assert_eq!(escaped, two_lines);
    assert_eq!(block, two_lines);
    assert_eq!(folded, one_line);
    assert_ne!(folded, two_lines);
}

/// The two stems of "ll", `gap` apart (em, at size 1), extruded, meshed on
/// a grid of `cells` over a box whose longest side is 2: the mesh and what
/// the mesher says.
fn mesh_ll(
    gpu: &Gpu,
    lib: &Library,
    gap: f64,
    cells: u32,
) -> (ropkit::mesh::Mesh, ropkit::mesh::MeshInfo, f64, [f64; 2]) {
    // The stems' gap with no letter spacing, from the layout; the spacing
    // that makes it `gap`.
    let style = |spacing: f64| TextStyle {
        text: "ll",
        align: Align::Center,
        letter_spacing: spacing,
        line_spacing: 1.0,
    };
    let plain = font::layout(font::BUNDLED, &style(0.0)).unwrap();
    let natural = plain.placed_box(&plain.placed[1])[0] - plain.placed_box(&plain.placed[0])[2];
    let spacing = gap - natural;
    let shape = font::layout(font::BUNDLED, &style(spacing)).unwrap();
    let between = [
        shape.placed_box(&shape.placed[0])[2],
        shape.placed_box(&shape.placed[1])[0],
    ];
    assert!((between[1] - between[0] - gap).abs() < 1e-9);
    let yaml = format!(
        "output: /out\nnodes:\n  /t: {{ rop: text, params: {{ Text: ll, LetterSpacing: {spacing} }} }}\n  /x: {{ rop: extrude, params: {{ Height: 0.2 }}, inputs: [/t] }}\n  /out: {{ rop: raymarchRender3D, inputs: [/x] }}\n"
    );
    let net = Network::parse(&yaml, &root().join("tests/ll.yaml"), lib).unwrap();
    // The grid's planes across x fall half a cell either side of the gap's
    // middle: no grid point lies in a gap narrower than a cell.
    let x0 = (0.5 * (between[0] + between[1]) + 1.0 / cells as f64 - 1.0) as f32;
    let opts = ropkit::mesh::MeshOptions {
        resolution: cells,
        bounds: Some(ropkit::mesh::Aabb {
            min: [x0, -1.0, -0.5],
            max: [x0 + 2.0, 1.0, 0.5],
        }),
        ..Default::default()
    };
    let mut r = Renderer::new(gpu.clone());
    let (m, info) = ropkit::mesh::mesh_network(&net, lib, &mut r, &opts, &mut |_, _| {})
        .unwrap_or_else(|e| panic!("{}", e.report()));
    (m, info, 2.0 / cells as f64, between)
}

/// Connected pieces of a mesh (by shared vertices) and its Euler characteristic.
fn pieces_and_euler(m: &ropkit::mesh::Mesh) -> (usize, i64) {
    let mut parent: Vec<usize> = (0..m.positions.len()).collect();
    fn find(p: &mut [usize], mut i: usize) -> usize {
        while p[i] != i {
            p[i] = p[p[i]];
            i = p[i];
        }
        i
    }
    let mut edges = std::collections::HashSet::new();
    for t in &m.triangles {
        for k in 0..3 {
            let (a, b) = (t[k], t[(k + 1) % 3]);
            edges.insert((a.min(b), a.max(b)));
            let (ra, rb) = (find(&mut parent, a as usize), find(&mut parent, b as usize));
            parent[ra] = rb;
        }
    }
    let used: std::collections::HashSet<u32> = m.triangles.iter().flatten().copied().collect();
    let roots: std::collections::HashSet<usize> = used
        .iter()
        .map(|&v| find(&mut parent, v as usize))
        .collect();
    let euler = used.len() as i64 - edges.len() as i64 + m.triangles.len() as i64;
    (roots.len(), euler)
}

/// A mesh of text cannot keep a gap thinner than its cells where no grid
/// point falls in it (the grid's points see the two letters' inside on
/// both sides, and the mesh joins them), so it says so; a gap of three
/// cells is kept (two pieces, each a sphere's topology) and nothing is said.
#[test]
fn text_mesh_reports_a_grid_too_coarse_for_a_thin_gap() {
    let Some(gpu) = gpu("text_mesh_reports_a_grid_too_coarse_for_a_thin_gap") else {
        return;
    };
    let lib = library();
    let cells = 64;
    let h = 2.0 / cells as f64;
    let (m, info, step, _) = mesh_ll(&gpu, &lib, 3.0 * h, cells);
    assert!(
        (info.step as f64 - step).abs() < 1e-6,
        "{} vs {step}",
        info.step
    );
    assert_eq!(
        pieces_and_euler(&m),
        (2, 4),
        "two stems, each a sphere's topology"
    );
    assert!(info.thin_note().is_none(), "{:?}", info.thin_note());
    for thin in [0.3 * h, 0.6 * h] {
        let (m, info, _, between_thin) = mesh_ll(&gpu, &lib, thin, cells);
        let note = info.thin_note().unwrap_or_else(|| {
            panic!(
                "a gap of {thin} with cells of {h}: no note; the mesh has (pieces, Euler) {:?}",
                pieces_and_euler(&m)
            )
        });
        assert!(note.contains("too coarse"), "{note}");
        // What it warns of: the stems are joined into one piece.
        assert_eq!(pieces_and_euler(&m).0, 1, "a gap of {thin}");
        // The place it names is in the gap.
        let p = info.stats.thin.example.unwrap();
        let x = p[0] as f64;
        assert!(
            x > between_thin[0] - 1e-3 && x < between_thin[1] + 1e-3,
            "{p:?} is not in the gap {between_thin:?}"
        );
    }
}
