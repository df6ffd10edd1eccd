//! SVG files as input (`path` parameters, the `svgShape` ROP): sampled on
//! the GPU at thousands of points and compared with a reference built here
//! from the drawing's own description, without usvg: each path densely
//! sampled into polygons (the rectangle's corners, the circle and the
//! cubic by their formulas, the nested transforms multiplied out by hand),
//! the distance to their nearest edge, and the sign by each path's fill
//! rule (winding number or crossing parity) on those polygons. Hostile
//! files are refused with a message naming the file and the node.

use crate::catalog::Rng;
use crate::common::*;
use ropkit::build::build;
use ropkit::generate::Mode;
use ropkit::network::Network;
use ropkit::render::Renderer;
use ropkit::sample::sample_network;
use std::f64::consts::TAU;
use std::path::Path;

type P = [f64; 2];

/// A filled path of the reference: its closed contours and its rule.
struct RefPath {
    contours: Vec<Vec<P>>,
    even_odd: bool,
}

/// The test drawing: a 100 x 100 canvas.
const DRAWING: &str = r#"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100">
  <rect x="8" y="6" width="30" height="18" fill="black"/>
  <circle cx="72" cy="28" r="15" fill="black"/>
  <path fill-rule="evenodd" d="M 8 55 h 35 v 35 h -35 Z M 18 65 h 15 v 15 h -15 Z"/>
  <path fill-rule="nonzero" d="M 55 55 h 35 v 35 h -35 Z M 65 65 h 15 v 15 h -15 Z"/>
  <path d="M 45 4 C 55 -6, 80 16, 96 4 L 96 10 L 45 10 Z"/>
  <g transform="translate(42 30)"><g transform="rotate(30) scale(0.5 1)"><rect width="20" height="10"/></g></g>
  <path d="M 10 40 L 30 40" stroke="black" fill="none"/>
</svg>
"#;

/// The same drawing, written out here.
fn reference() -> Vec<RefPath> {
    let square = |x: f64, y: f64, s: f64| vec![[x, y], [x + s, y], [x + s, y + s], [x, y + s]];
    let circle: Vec<P> = (0..2048)
        .map(|i| {
            let a = TAU * i as f64 / 2048.0;
            [72.0 + 15.0 * a.cos(), 28.0 + 15.0 * a.sin()]
        })
        .collect();
    // The cubic from (45, 4) through (55, -6), (80, 16) to (96, 4), then the lines.
    let c = [[45.0, 4.0], [55.0, -6.0], [80.0, 16.0], [96.0, 4.0]];
    let mut cubic: Vec<P> = (0..=2000)
        .map(|i| {
            let t = i as f64 / 2000.0;
            let u = 1.0 - t;
            let w = [u * u * u, 3.0 * u * u * t, 3.0 * u * t * t, t * t * t];
            [
                (0..4).map(|k| w[k] * c[k][0]).sum(),
                (0..4).map(|k| w[k] * c[k][1]).sum(),
            ]
        })
        .collect();
    cubic.extend([[96.0, 10.0], [45.0, 10.0]]);
    // translate(42 30) rotate(30) scale(0.5 1) of the 20 x 10 rectangle.
    let (s, co) = (30f64.to_radians().sin(), 30f64.to_radians().cos());
    let nested: Vec<P> = [[0.0, 0.0], [20.0, 0.0], [20.0, 10.0], [0.0, 10.0]]
        .iter()
        .map(|p| {
            let (x, y) = (p[0] * 0.5, p[1]);
            [42.0 + co * x - s * y, 30.0 + s * x + co * y]
        })
        .collect();
    let one = |c: Vec<P>| RefPath {
        contours: vec![c],
        even_odd: false,
    };
    vec![
        one(vec![[8.0, 6.0], [38.0, 6.0], [38.0, 24.0], [8.0, 24.0]]),
        one(circle),
        RefPath {
            contours: vec![square(8.0, 55.0, 35.0), square(18.0, 65.0, 15.0)],
            even_odd: true,
        },
        RefPath {
            contours: vec![square(55.0, 55.0, 35.0), square(65.0, 65.0, 15.0)],
            even_odd: false,
        },
        one(cubic),
        one(nested),
    ]
}

fn seg_distance(p: P, a: P, b: P) -> f64 {
    let (bax, bay) = (b[0] - a[0], b[1] - a[1]);
    let (pax, pay) = (p[0] - a[0], p[1] - a[1]);
    let h = ((pax * bax + pay * bay) / (bax * bax + bay * bay).max(1e-30)).clamp(0.0, 1.0);
    ((pax - bax * h).powi(2) + (pay - bay * h).powi(2)).sqrt()
}

/// The winding number of a closed polygon around p.
fn winding(p: P, poly: &[P]) -> i32 {
    let mut w = 0;
    for i in 0..poly.len() {
        let (a, b) = (poly[i], poly[(i + 1) % poly.len()]);
        let cross = (b[0] - a[0]) * (p[1] - a[1]) - (p[0] - a[0]) * (b[1] - a[1]);
        if a[1] <= p[1] && b[1] > p[1] && cross > 0.0 {
            w += 1;
        } else if a[1] > p[1] && b[1] <= p[1] && cross < 0.0 {
            w -= 1;
        }
    }
    w
}

/// (signed distance, distance to the outline) at p, in canvas units.
fn reference_distance(paths: &[RefPath], p: P) -> (f64, f64) {
    let mut best = f64::INFINITY;
    let mut inside = false;
    for path in paths {
        let mut w = 0;
        for c in &path.contours {
            for i in 0..c.len() {
                best = best.min(seg_distance(p, c[i], c[(i + 1) % c.len()]));
            }
            w += winding(p, c);
        }
        inside |= if path.even_odd { w % 2 != 0 } else { w != 0 };
    }
    (if inside { -best } else { best }, best)
}

/// Samples `svgShape` reading `file` (in `dir`) at scene points, exact
/// everywhere (Exact within past every probe; segment_tree.rs checks the
/// far field's bound).
fn sample_svg(dir: &Path, file: &str, size: f64, pts: &[[f32; 3]]) -> Result<Vec<f64>, String> {
    let Some(gpu) = gpu("svg") else {
        return Err("no GPU".into());
    };
    let lib = library();
    let text = format!(
        "output: /out\nnodes:\n  /s: {{ rop: svgShape, params: {{ File: {file}, Size: {size}, Exact: 100 }} }}\n  /out: {{ rop: render2D, inputs: [/s] }}\n"
    );
    let net = Network::parse(&text, &dir.join("net.yaml"), &lib).map_err(|e| e.to_string())?;
    let mut r = Renderer::new(gpu);
    r.asset_dirs = vec![dir.to_path_buf()];
    sample_network(&net, &lib, &mut r, pts)
        .map(|v| v.iter().map(|x| x[0] as f64).collect())
        .map_err(|e| e.report())
}

#[test]
fn svg_paths_match_a_dense_reference_in_distance_and_sign() {
    if gpu("svg_paths_match_a_dense_reference_in_distance_and_sign").is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("drawing.svg"), DRAWING).unwrap();
    let size = 2.0;
    // Canvas (x, y) is scene ((x - 50) / 100, (50 - y) / 100) * size.
    let to_canvas = |q: [f32; 3]| -> P {
        [
            q[0] as f64 / size * 100.0 + 50.0,
            50.0 - q[1] as f64 / size * 100.0,
        ]
    };
    let mut rng = Rng::new(39);
    let mut pts: Vec<[f32; 3]> = (0..3000)
        .map(|_| {
            [
                rng.range(-1.1, 1.1) as f32,
                rng.range(-1.1, 1.1) as f32,
                0.0,
            ]
        })
        .collect();
    // Far away too.
    pts.extend((0..200).map(|_| {
        [
            rng.range(-9.0, 9.0) as f32,
            rng.range(-9.0, 9.0) as f32,
            0.0,
        ]
    }));
    let got = sample_svg(dir.path(), "drawing.svg", size, &pts).unwrap();
    let paths = reference();
    // Tolerance, in canvas units: the reference polygons' chords, the
    // quadratics standing in for cubics (2.5e-4 of the height), usvg's
    // circle (four cubics, within 2.7e-4 of the radius), float32.
    let tol = 0.03;
    let mut bad = Vec::new();
    let (mut inside, mut outside) = (0, 0);
    for (q, g) in pts.iter().zip(&got) {
        let c = to_canvas(*q);
        let (want, edge) = reference_distance(&paths, c);
        let g = g / size * 100.0;
        if edge > tol {
            if want < 0.0 {
                inside += 1;
            } else {
                outside += 1;
            }
        }
        if (g - want).abs() > tol && !(edge < tol && (g.abs() - edge).abs() < tol) {
            bad.push(format!("  canvas {c:?}: got {g}, want {want}"));
        }
    }
    assert!(
        bad.is_empty(),
        "{} of {} points off:\n{}",
        bad.len(),
        pts.len(),
        bad.iter().take(10).cloned().collect::<Vec<_>>().join("\n")
    );
    // The points fall on both sides, in every kind of region.
    assert!(
        inside > 200 && outside > 1000,
        "inside {inside}, outside {outside}"
    );
    // The even-odd hole is outside, the nonzero one inside.
    let at = |x: f64, y: f64| {
        let q = [
            ((x - 50.0) / 100.0 * size) as f32,
            ((50.0 - y) / 100.0 * size) as f32,
            0.0,
        ];
        sample_svg(dir.path(), "drawing.svg", size, &[q]).unwrap()[0]
    };
    assert!(at(25.5, 72.5) > 0.0, "the even-odd hole is filled");
    assert!(at(72.5, 72.5) < 0.0, "the nonzero square has a hole");
}

/// The drawing parsed on the CPU: what the loader keeps and leaves out.
#[test]
fn svg_reads_filled_paths_and_leaves_out_strokes() {
    let shape = ropkit::data::svg::parse(DRAWING.as_bytes()).unwrap();
    assert_eq!(shape.paths.len(), 6);
    assert_eq!(shape.unfilled, 1);
    assert_eq!(
        shape.paths.iter().filter(|p| p.even_odd).count(),
        1,
        "one even-odd path"
    );
    // The canvas is 1 high, centred: every point lies within it.
    let b = shape.bounds();
    assert!(b[0] >= -0.5 - 1e-9 && b[2] <= 0.5 + 1e-9, "{b:?}");
    assert!(b[1] >= -0.56 && b[3] <= 0.5 + 1e-9, "{b:?}");
    // Every segment is monotonic in y (what the crossing count needs).
    for s in shape.paths.iter().flat_map(|p| &p.segments) {
        if let Some(c) = s.ctrl {
            let (lo, hi) = (s.from[1].min(s.to[1]), s.from[1].max(s.to[1]));
            assert!(c[1] >= lo - 1e-9 && c[1] <= hi + 1e-9, "{s:?}");
        }
    }
}

fn refused(svg: &str) -> String {
    match ropkit::data::svg::parse(svg.as_bytes()) {
        Ok(s) => panic!("accepted, {} paths", s.paths.len()),
        Err(e) => e.to_string(),
    }
}

#[test]
fn svg_hostile_files_are_refused_with_a_reason() {
    // Entities: a billion laughs never expands, the DTD is refused.
    let laughs = "<?xml version=\"1.0\"?>\n<!DOCTYPE svg [\n <!ENTITY a \"lol\">\n <!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;\">\n <!ENTITY c \"&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;\">\n <!ENTITY d \"&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;\">\n]>\n<svg xmlns=\"http://www.w3.org/2000/svg\"><text>&d;</text></svg>";
    assert!(refused(laughs).contains("DOCTYPE"), "{}", refused(laughs));
    // Deeply nested groups.
    let deep = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\">{}<path d=\"M0 0 L1 0 L0 1 Z\"/>{}</svg>",
        "<g>".repeat(5000),
        "</g>".repeat(5000)
    );
    assert!(refused(&deep).contains("SVG_DEPTH"), "{}", refused(&deep));
    // Many elements.
    let many = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\">{}</svg>",
        "<path d=\"M0 0 L1 0 L0 1 Z\"/>".repeat(120_000)
    );
    assert!(
        refused(&many).contains("SVG_ELEMENTS"),
        "{}",
        refused(&many)
    );
    // A <use> bomb: each level uses the one below ten times.
    let mut bomb = String::from(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\"><defs><path id=\"l0\" d=\"M0 0 L1 0 L0 1 Z\"/>",
    );
    for level in 1..10 {
        bomb += &format!("<g id=\"l{level}\">");
        for _ in 0..10 {
            bomb += &format!("<use xlink:href=\"#l{}\"/>", level - 1);
        }
        bomb += "</g>";
    }
    bomb += "</defs><use xlink:href=\"#l9\"/></svg>";
    let why = refused(&bomb);
    assert!(why.contains("SVG") || why.contains("limit"), "{why}");
    // Not SVG at all, not text, nothing filled.
    assert!(
        refused("<html></html>").contains("SVG"),
        "{}",
        refused("<html></html>")
    );
    assert!(ropkit::data::svg::parse(&[0x1f, 0x8b, 0, 1, 2]).is_err());
    let strokes = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 10 10\"><path d=\"M0 0 L9 9\" stroke=\"red\" fill=\"none\"/></svg>";
    assert!(
        refused(strokes).contains("stroke only"),
        "{}",
        refused(strokes)
    );
    // Links to pictures are never read: the drawing's path stays, nothing else.
    let linked = "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" viewBox=\"0 0 10 10\"><image xlink:href=\"/etc/passwd\" width=\"10\" height=\"10\"/><image href=\"../secret.png\" width=\"5\" height=\"5\"/><path d=\"M0 0 L9 0 L0 9 Z\"/></svg>";
    let shape = ropkit::data::svg::parse(linked.as_bytes()).unwrap();
    assert_eq!(shape.paths.len(), 1);
}

#[test]
fn svg_errors_name_the_file_and_the_node() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("bad.svg"), "<svg xmlns=\"http://www.w3.org/2000/svg\"><path d=\"M0 0 L1 0\" fill=\"none\" stroke=\"red\"/></svg>").unwrap();
    std::fs::write(
        dir.path().join("big.svg"),
        vec![b' '; ropkit::limits::SVG_FILE_BYTES as usize + 1],
    )
    .unwrap();
    let lib = library();
    for (file, what) in [
        ("bad.svg", "stroke only"),
        ("big.svg", "limit"),
        ("missing.svg", "not found"),
        ("drawing.png", "an .svg file"),
        ("../outside.svg", ".."),
    ] {
        let text = format!(
            "output: /out\nnodes:\n  /logo: {{ rop: svgShape, params: {{ File: {file} }} }}\n  /out: {{ rop: render2D, inputs: [/logo] }}\n"
        );
        let net = match Network::parse(&text, &dir.path().join("net.yaml"), &lib) {
            Ok(n) => n,
            Err(e) => {
                // A path that climbs out is refused as the network is read.
                assert!(e.to_string().contains(".."), "{file}: {e}");
                continue;
            }
        };
        let e = build(&lib, &net, &Mode::Render.into())
            .expect_err(file)
            .report();
        assert!(e.contains(what), "{file}: {e}");
        assert!(e.contains("/logo"), "{file}: {e}");
        if file != "missing.svg" && file != "drawing.png" {
            assert!(e.contains(file), "{file}: {e}");
        }
    }
}
