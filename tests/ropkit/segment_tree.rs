//! The trees built with the shader over curves, text and SVG paths
//! (`src/data/tree.rs`, `shaders/node/curveScan.glsl`, `shaders/glyphs.glsl`)
//! find what a scan of every piece finds. Every segment-based ROP is
//! sampled twice at the same points, with `Acceleration: tree` (the
//! default) and `Acceleration: scan` (every piece at every step: the
//! reference), near the curve, inside filled shapes and far away. With
//! `Exact` (Exact within) past every probe the two distances agree within
//! 1e-5 (relative beyond 1); with the default, they agree wherever the
//! shape is nearer than its reach plus `Exact`, and farther out the tree's
//! far field is a bound: never more than the distance, at least 4/5 of it,
//! with the same sign.

use crate::catalog::*;
use crate::common::*;

/// A wandering walk of `n` points, 2D (z = 0) or 3D, with a few long jumps
/// and a repeated point.
fn walk(n: usize, flat: bool, seed: u64) -> Vec<[f64; 3]> {
    let mut r = Rng::new(seed);
    let mut pts = vec![[0.0f64; 3]];
    for i in 1..n {
        let l = pts[i - 1];
        let s = if r.next() < 0.03 {
            1.5
        } else if i == n / 2 {
            0.0
        } else {
            0.12
        };
        let mut p: [f64; 3] = std::array::from_fn(|k| l[k] + s * (r.next() - 0.5));
        if flat {
            p[2] = 0.0;
        }
        pts.push(p);
    }
    pts
}

/// A star-shaped loop of `n` points (a simple polygon, for fills).
fn star(n: usize) -> Vec<[f64; 3]> {
    (0..n)
        .map(|i| {
            let a = std::f64::consts::TAU * i as f64 / n as f64;
            let r = 0.8 + 0.25 * (7.0 * a).sin() + 0.05 * (31.0 * a).cos();
            [r * a.cos(), r * a.sin(), 0.0]
        })
        .collect()
}

fn yaml_points(pts: &[[f64; 3]]) -> String {
    let items: Vec<String> = pts
        .iter()
        .map(|p| format!("[{:.5}, {:.5}, {:.5}]", p[0], p[1], p[2]))
        .collect();
    format!("[{}]", items.join(", "))
}

/// Points near the shape's box, inside it and far away.
fn probes(flat: bool, seed: u64) -> Vec<[f32; 3]> {
    let mut r = Rng::new(seed);
    (0..1200)
        .map(|i| {
            let reach = match i % 4 {
                0 => 25.0,
                1 => 4.0,
                _ => 1.6,
            };
            let z = if flat { 0.0 } else { r.range(-reach, reach) };
            [
                r.range(-reach, reach) as f32,
                r.range(-reach, reach) as f32,
                z as f32,
            ]
        })
        .collect()
}

fn agree(what: &str, pts: &[[f32; 3]], tree: &[[f32; 4]], scan: &[[f32; 4]]) {
    let bad: Vec<String> = pts
        .iter()
        .zip(tree.iter().zip(scan))
        .filter(|(_, (a, b))| {
            let (a, b) = (a[0] as f64, b[0] as f64);
            // (A NaN on either side differs too.)
            (a - b).abs() > 1e-5 * b.abs().max(1.0) || a.is_nan() || b.is_nan()
        })
        .map(|(p, (a, b))| format!("  at {p:?}: tree {}, scan {}", a[0], b[0]))
        .collect();
    assert!(
        bad.is_empty(),
        "{what}: {} of {} points differ:\n{}",
        bad.len(),
        pts.len(),
        bad.iter().take(8).cloned().collect::<Vec<_>>().join("\n")
    );
    // The probes reach the shape: some are near it, and (filled or not)
    // the far ones are far.
    assert!(
        scan.iter().any(|v| v[0].abs() < 0.05),
        "{what}: no probe near the curve"
    );
}

/// Exact within, as the ROPs default it (rop.yaml), and the least share of
/// the distance the far field gives (RKC_FAR / (1 + RKC_FAR), curves.glsl).
const EXACT: f64 = 0.1;
const FAR_SHARE: f64 = 0.8;

/// The default tree against the scan: equal where the curve (at `reach`
/// inside the surface: a stroke's thickness) is nearer than `reach +
/// EXACT`, a bound of at least FAR_SHARE of the distance beyond, same side.
/// Returns how many probes got the far field's bound.
fn far_field_bounds(
    what: &str,
    pts: &[[f32; 3]],
    tree: &[[f32; 4]],
    scan: &[[f32; 4]],
    reach: f64,
) -> usize {
    let mut bounded = 0;
    let mut bad = Vec::new();
    for (p, (t, s)) in pts.iter().zip(tree.iter().zip(scan)) {
        // Distances from the curve (the outline of a fill), signed.
        let (t, s) = (t[0] as f64 + reach, s[0] as f64 + reach);
        let tol = 1e-5 * s.abs().max(1.0);
        let ok = if s.abs() < reach + EXACT - 1e-4 {
            (t - s).abs() <= tol
        } else {
            t.signum() == s.signum()
                && t.abs() <= s.abs() + tol
                && t.abs() >= FAR_SHARE * s.abs() - tol
        };
        if (t - s).abs() > tol {
            bounded += 1;
        }
        if !ok || t.is_nan() {
            bad.push(format!("  at {p:?}: tree {t}, scan {s} (from the curve)"));
        }
    }
    assert!(
        bad.is_empty(),
        "{what}: {} of {} points break the far field's contract:\n{}",
        bad.len(),
        pts.len(),
        bad.iter().take(8).cloned().collect::<Vec<_>>().join("\n")
    );
    bounded
}

#[test]
fn curve_trees_find_what_a_scan_of_every_piece_finds() {
    let Some(gpu) = gpu("curve_trees_find_what_a_scan_of_every_piece_finds") else {
        return;
    };
    let lib = catalog_library();
    let open3 = yaml_points(&walk(301, false, 5));
    let open2 = yaml_points(&walk(257, true, 9));
    let loop2 = yaml_points(&star(400));
    // (What, node, 2D, its reach: the Thickness, as the node sets or
    // defaults it.)
    let cases: Vec<(&str, String, bool, f64)> = vec![
        (
            "pointPolyline 3D",
            format!("rop: pointPolyline, params: {{ Points: {open3}, Thickness: 0.01"),
            false,
            0.01,
        ),
        (
            "pointPolyline 2D closed",
            format!("rop: pointPolyline, params: {{ Points: {open2}, Closed: true, Thickness: 0.0"),
            true,
            0.0,
        ),
        (
            "pointPolygon",
            format!("rop: pointPolygon, params: {{ Points: {loop2}"),
            true,
            0.0,
        ),
        (
            "bezierPath quadratic 3D",
            format!("rop: bezierPath, params: {{ Points: {open3}, Degree: quadratic"),
            false,
            0.03,
        ),
        (
            "bezierPath cubic closed 3D",
            format!("rop: bezierPath, params: {{ Points: {open3}, Degree: cubic, Closed: true"),
            false,
            0.03,
        ),
        (
            "bezierPath cubic filled 2D",
            format!(
                "rop: bezierPath, params: {{ Points: {loop2}, Degree: cubic, Closed: true, Fill: true, Thickness: 0.0"
            ),
            true,
            0.0,
        ),
        (
            "catmullRomSpline 3D",
            format!("rop: catmullRomSpline, params: {{ Points: {open3}"),
            false,
            0.05,
        ),
        (
            "catmullRomSpline uniform closed 3D",
            format!(
                "rop: catmullRomSpline, params: {{ Points: {open3}, Mode: uniform, Closed: true"
            ),
            false,
            0.05,
        ),
        (
            "catmullRomSpline filled 2D",
            format!(
                "rop: catmullRomSpline, params: {{ Points: {loop2}, Closed: true, Fill: true, Thickness: 0.0"
            ),
            true,
            0.0,
        ),
        (
            "catmullRomSpline open 2D",
            format!("rop: catmullRomSpline, params: {{ Points: {open2}, Thickness: 0.0"),
            true,
            0.0,
        ),
    ];
    let mut bounded = 0;
    for (k, (what, node, flat, reach)) in cases.iter().enumerate() {
        let pts = probes(*flat, 40 + k as u64);
        let wrap = |acc: &str| {
            let n = format!("{{ {node}, Acceleration: {acc} }} }}");
            if *flat { sdf2(&n, "") } else { sdf3(&n, "") }
        };
        let tree = sample(&gpu, &lib, &wrap("tree, Exact: 100"), &pts);
        let scan = sample(&gpu, &lib, &wrap("scan"), &pts);
        agree(what, &pts, &tree, &scan);
        let far = sample(&gpu, &lib, &wrap("tree"), &pts);
        bounded += far_field_bounds(what, &pts, &far, &scan, *reach);
        if what.contains("fill") || what.contains("Polygon") {
            assert!(scan.iter().any(|v| v[0] < -0.05), "{what}: no probe inside");
        }
    }
    // The far field acts: most far probes get a box's bound.
    assert!(
        bounded > 1000,
        "only {bounded} probes got the far field's bound"
    );
}

#[test]
fn text_and_svg_trees_find_what_a_scan_of_every_glyph_finds() {
    let Some(gpu) = gpu("text_and_svg_trees_find_what_a_scan_of_every_glyph_finds") else {
        return;
    };
    let lib = catalog_library();
    // 2,000 characters on 40 lines (ragged, as prose is), small enough that
    // most probes land in or near glyphs.
    let mut r = Rng::new(77);
    let words = [
        "ropkit", "Signed", "distance", "QUARTZ", "jumpy", "vex", "glyph", "&", "wolf", "0.5%",
    ];
    let mut text = String::new();
    while text.chars().count() < 2000 {
        text += words[(r.next() * words.len() as f64) as usize % words.len()];
        text += if r.next() < 0.12 { "\\n" } else { " " };
    }
    let cases = [
        (
            "text",
            format!("rop: text, params: {{ Text: \"{text}\", Size: 0.06"),
        ),
        (
            "svgShape",
            "rop: svgShape, params: { File: assets/svg/logo.svg, Size: 2.0".to_string(),
        ),
    ];
    for (k, (what, node)) in cases.iter().enumerate() {
        let pts = probes(true, 90 + k as u64);
        let wrap = |acc: &str| sdf2(&format!("{{ {node}, Acceleration: {acc} }} }}"), "");
        let tree = sample(&gpu, &lib, &wrap("tree, Exact: 100"), &pts);
        let scan = sample(&gpu, &lib, &wrap("scan, Exact: 100"), &pts);
        agree(what, &pts, &tree, &scan);
        // The default: the far field, in the tree, and in text's scan of
        // every glyph (which `auto` picks below 32 glyphs; svgShape's scan
        // is exact, for comparison).
        let modes: &[&str] = if *what == "text" {
            &["tree", "scan"]
        } else {
            &["tree"]
        };
        for acc in modes {
            let far = sample(&gpu, &lib, &wrap(acc), &pts);
            let bounded = far_field_bounds(what, &pts, &far, &scan, 0.0);
            assert!(
                bounded > 100,
                "{what} ({acc}): only {bounded} probes got the far field's bound"
            );
        }
        assert!(
            scan.iter().any(|v| v[0] < -0.001),
            "{what}: no probe inside"
        );
    }
}
