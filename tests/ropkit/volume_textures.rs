//! Volume (3D) textures: volumeTexture reads a raw file or a stack of
//! images inside the project and samples it trilinearly. Values read back
//! at voxel centres must be the voxels written here, and values between
//! them the trilinear formula of those voxels; hostile files get errors
//! that name them.

use crate::catalog::catalog_library;
use crate::common::*;
use ropkit::build::build;
use ropkit::generate::Mode;
use ropkit::library::Library;
use ropkit::network::Network;
use ropkit::render::{Gpu, Renderer};
use ropkit::sample::sample_network;
use std::path::Path;

/// A network sampling `volumeTexture` (as a vec4 field) with `params`,
/// in a project folder `dir`, at `pts`.
fn sample_volume(
    gpu: &Gpu,
    lib: &Library,
    dir: &Path,
    params: &str,
    pts: &[[f32; 3]],
) -> Result<Vec<[f32; 4]>, String> {
    let text = format!(
        "output: /out\nnodes:\n  /v: {{ rop: volumeTexture, params: {{ {params} }} }}\n  /out: {{ rop: probeColor3, inputs: [/v] }}\n"
    );
    let net =
        Network::parse(&text, &dir.join("volume-test.yaml"), lib).map_err(|e| e.to_string())?;
    let mut r = Renderer::new(gpu.clone());
    r.asset_dirs = vec![dir.to_path_buf()];
    sample_network(&net, lib, &mut r, pts).map_err(|e| e.to_string())
}

/// Voxel (i, j, k) of an nx x ny x nz grid filling the box of size `n`
/// (one unit a voxel) centred at the origin: its centre.
fn centre(n: [usize; 3], v: [f64; 3]) -> [f32; 3] {
    [0, 1, 2].map(|a| (v[a] + 0.5 - n[a] as f64 / 2.0) as f32)
}

/// The trilinear interpolation of `value` at the fractional voxel index
/// `v` (voxel centres at whole numbers), clamped to the grid: the
/// formula, written from its definition.
fn trilinear(n: [usize; 3], value: &dyn Fn(usize, usize, usize) -> f64, v: [f64; 3]) -> f64 {
    let mut lo = [0usize; 3];
    let mut t = [0f64; 3];
    for a in 0..3 {
        let x = v[a].clamp(0.0, (n[a] - 1) as f64);
        lo[a] = (x.floor() as usize).min(n[a].saturating_sub(2));
        t[a] = x - lo[a] as f64;
        if n[a] == 1 {
            lo[a] = 0;
            t[a] = 0.0;
        }
    }
    let mut sum = 0.0;
    for corner in 0..8 {
        let mut w = 1.0;
        let mut idx = [0usize; 3];
        for a in 0..3 {
            let up = (corner >> a) & 1 == 1;
            w *= if up { t[a] } else { 1.0 - t[a] };
            idx[a] = (lo[a] + usize::from(up)).min(n[a] - 1);
        }
        sum += w * value(idx[0], idx[1], idx[2]);
    }
    sum
}

/// Voxel centres, midpoints between neighbours along each axis, centres of
/// 2x2x2 blocks and a few quarter points, as fractional voxel indices.
fn probe_points(n: [usize; 3]) -> Vec<[f64; 3]> {
    let mut v = Vec::new();
    for k in 0..n[2] {
        for j in 0..n[1] {
            for i in 0..n[0] {
                let c = [i as f64, j as f64, k as f64];
                v.push(c);
                for a in 0..3 {
                    if [i, j, k][a] + 1 < n[a] {
                        let mut m = c;
                        m[a] += 0.5;
                        v.push(m);
                    }
                }
                if i + 1 < n[0] && j + 1 < n[1] && k + 1 < n[2] {
                    v.push([c[0] + 0.5, c[1] + 0.5, c[2] + 0.5]);
                    v.push([c[0] + 0.25, c[1] + 0.75, c[2] + 0.5]);
                }
            }
        }
    }
    v
}

fn check(
    what: &str,
    n: [usize; 3],
    value: &dyn Fn(usize, usize, usize) -> f64,
    got: &[[f32; 4]],
    at: &[[f64; 3]],
    tol: f64,
) {
    let mut bad = Vec::new();
    for (g, v) in got.iter().zip(at) {
        let want = trilinear(n, value, *v);
        let rgb_ok = (0..3).all(|c| (g[c] as f64 - want).abs() <= tol);
        if !rgb_ok || (g[3] - 1.0).abs() > 1e-3 {
            bad.push(format!("  voxel index {v:?}: {g:?}, want {want} (alpha 1)"));
        }
    }
    assert!(
        bad.is_empty(),
        "{what}: {} of {} points differ:\n{}",
        bad.len(),
        got.len(),
        bad[..bad.len().min(8)].join("\n")
    );
}

#[test]
fn raw_volumes_read_back_their_voxels_and_the_trilinear_formula_between() {
    let Some(gpu) = gpu("raw_volumes_read_back_their_voxels_and_the_trilinear_formula_between")
    else {
        return;
    };
    let lib = catalog_library();
    let tmp = tempfile::tempdir().unwrap();
    let n = [5usize, 3, 4];
    let at = probe_points(n);
    let pts: Vec<[f32; 3]> = at.iter().map(|v| centre(n, *v)).collect();
    let size = format!(
        "RawSize: [{}, {}, {}], Size: [{}, {}, {}]",
        n[0], n[1], n[2], n[0], n[1], n[2]
    );

    // Bytes: an irregular pattern, read as byte / 255.
    let byte =
        |i: usize, j: usize, k: usize| ((i * 37 + j * 91 + k * 53 + i * j * k * 7) % 256) as u8;
    let mut raw = Vec::new();
    for k in 0..n[2] {
        for j in 0..n[1] {
            for i in 0..n[0] {
                raw.push(byte(i, j, k));
            }
        }
    }
    std::fs::write(tmp.path().join("bytes.raw"), &raw).unwrap();
    let got = sample_volume(
        &gpu,
        &lib,
        tmp.path(),
        &format!("File: bytes.raw, RawFormat: u8, {size}"),
        &pts,
    )
    .unwrap();
    // Filtering 8-bit texels works in 8-bit steps: each of the three
    // linear blends may round by half a step (lavapipe: up to 1.2 steps).
    check(
        "u8",
        n,
        &|i, j, k| byte(i, j, k) as f64 / 255.0,
        &got,
        &at,
        2.0 / 255.0,
    );

    // Floats, negative and past 1, kept as half floats.
    let float = |i: usize, j: usize, k: usize| {
        (i as f64 * 1.3 - j as f64 * 0.7).sin() * 2.5 + k as f64 * 0.5
    };
    let mut raw = Vec::new();
    for k in 0..n[2] {
        for j in 0..n[1] {
            for i in 0..n[0] {
                raw.extend_from_slice(&(float(i, j, k) as f32).to_le_bytes());
            }
        }
    }
    std::fs::write(tmp.path().join("floats.raw"), &raw).unwrap();
    let got = sample_volume(
        &gpu,
        &lib,
        tmp.path(),
        &format!("File: floats.raw, RawFormat: f32, {size}"),
        &pts,
    )
    .unwrap();
    check("f32", n, &float, &got, &at, 5e-3);

    // Outside the box: zero, or the nearest face's voxels with Outside: clamp.
    let outside = [[4.0f32, 0.0, 0.0], [0.0, -2.6, 0.0]];
    let zero = sample_volume(
        &gpu,
        &lib,
        tmp.path(),
        &format!("File: floats.raw, RawFormat: f32, {size}"),
        &outside,
    )
    .unwrap();
    assert_eq!(zero, vec![[0.0; 4]; 2]);
    let clamped = sample_volume(
        &gpu,
        &lib,
        tmp.path(),
        &format!("File: floats.raw, RawFormat: f32, Outside: clamp, {size}"),
        &outside,
    )
    .unwrap();
    let want = [
        trilinear(n, &float, [4.0, 1.0, 1.5]),
        trilinear(n, &float, [2.0, 0.0, 1.5]),
    ];
    for (g, w) in clamped.iter().zip(want) {
        assert!((g[0] as f64 - w).abs() < 5e-3, "clamped {g:?}, want {w}");
    }
}

#[test]
fn image_stacks_read_from_a_folder_or_a_numbered_pattern() {
    let Some(gpu) = gpu("image_stacks_read_from_a_folder_or_a_numbered_pattern") else {
        return;
    };
    let lib = catalog_library();
    let tmp = tempfile::tempdir().unwrap();
    let n = [4usize, 3, 3];
    // Channel c of voxel (i, j, k); slice k is image k, whose top row is
    // the top of the box (voxel j = 2 is image row 0).
    let texel =
        |i: usize, j: usize, k: usize, c: usize| ((i * 60 + j * 25 + k * 80 + c * 40) % 256) as u8;
    std::fs::create_dir_all(tmp.path().join("stack")).unwrap();
    for k in 0..n[2] {
        let img = image::RgbaImage::from_fn(n[0] as u32, n[1] as u32, |i, row| {
            let j = n[1] - 1 - row as usize;
            image::Rgba([0, 1, 2, 3].map(|c| texel(i as usize, j, k, c)))
        });
        // The pattern counts from 1; the folder's names sort in slice order.
        img.save(tmp.path().join(format!("stack/s{:02}.png", k + 1)))
            .unwrap();
    }
    // A file that is no image is not a slice.
    std::fs::write(tmp.path().join("stack/notes.txt"), "slices").unwrap();
    let at = probe_points(n);
    let pts: Vec<[f32; 3]> = at.iter().map(|v| centre(n, *v)).collect();
    for file in ["stack", "stack/s##.png"] {
        let got = sample_volume(
            &gpu,
            &lib,
            tmp.path(),
            &format!("File: '{file}', Size: [4, 3, 3]"),
            &pts,
        )
        .unwrap_or_else(|e| panic!("{file}: {e}"));
        for c in 0..4 {
            let value = |i: usize, j: usize, k: usize| texel(i, j, k, c) as f64 / 255.0;
            let only: Vec<[f32; 4]> = got.iter().map(|g| [g[c], g[c], g[c], 1.0]).collect();
            check(
                &format!("{file}, channel {c}"),
                n,
                &value,
                &only,
                &at,
                1.01 / 255.0,
            );
        }
    }
}

#[test]
fn hostile_volume_files_are_refused_with_clear_errors() {
    let Some(gpu) = gpu("hostile_volume_files_are_refused_with_clear_errors") else {
        return;
    };
    let lib = catalog_library();
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("project");
    std::fs::create_dir_all(dir.join("mixed")).unwrap();
    std::fs::write(dir.join("short.raw"), vec![7u8; 26]).unwrap();
    std::fs::write(tmp.path().join("outside.raw"), vec![7u8; 8]).unwrap();
    #[cfg(unix)]
    std::os::unix::fs::symlink(tmp.path().join("outside.raw"), dir.join("link.raw")).unwrap();
    image::RgbaImage::new(2, 2)
        .save(dir.join("mixed/a.png"))
        .unwrap();
    image::RgbaImage::new(3, 2)
        .save(dir.join("mixed/b.png"))
        .unwrap();
    let p = [[0.0f32; 3]];
    let fails = |params: &str, words: &[&str]| {
        let e = sample_volume(&gpu, &lib, &dir, params, &p).expect_err(params);
        for w in words {
            assert!(e.contains(w), "{params}: expected '{w}' in: {e}");
        }
    };
    // A raw file one voxel short: its name, the node, the sizes.
    fails(
        "File: short.raw, RawSize: [3, 3, 3]",
        &["short.raw", "/v", "26 bytes", "27", "truncated"],
    );
    // Sizes past the limits, before any file is read.
    fails("File: short.raw, RawSize: [600, 1, 1]", &["VOLUME_SIDE"]);
    fails(
        "File: short.raw, RawSize: [400, 400, 400]",
        &["VOLUME_VOXELS"],
    );
    // Paths out of the project: refused as the network is read, at its line.
    fails(
        "File: ../outside.raw, RawSize: [2, 2, 2]",
        &["volume-test.yaml:3", "/v"],
    );
    fails(
        "File: /etc/passwd, RawSize: [2, 2, 2]",
        &["volume-test.yaml:3", "leaves the project"],
    );
    // A symlink inside the project that leads out of it.
    #[cfg(unix)]
    fails("File: link.raw, RawSize: [2, 2, 2]", &["link.raw", "/v"]);
    // Slices of two sizes; a single image; nothing there.
    fails("File: mixed", &["b.png is 3x2, the first is 2x2"]);
    fails("File: mixed/a.png", &["2D texture"]);
    fails("File: missing.raw", &["missing.raw", "not found"]);
    fails("File: 'none_##.png'", &["none_00.png"]);
}

#[test]
fn exports_that_cannot_carry_a_volume_refuse_it() {
    let lib = library();
    let net = Network::load(&root().join("presets/volumeCloud.yaml"), &lib).unwrap();
    let built =
        build(&lib, &net, &Mode::Render.into()).unwrap_or_else(|e| panic!("{}", e.report()));
    assert!(built.shader.glsl.contains("uniform texture3D rk_tex0;"));
    assert_glslang(&built.shader.glsl, "volumeCloud");
    use ropkit::export::{Format, export};
    for format in [
        Format::Shadertoy,
        Format::Godot,
        Format::Unity,
        Format::Unreal,
        Format::TouchDesigner,
    ] {
        let e = export(&built, &net, &lib, format).expect_err("a volume");
        let text = e.to_string();
        assert!(
            text.contains("volume (3D texture)") && text.contains("/volume"),
            "{format:?}: {text}"
        );
    }
    // The JSON layout says how to read it.
    let json = String::from_utf8(export(&built, &net, &lib, Format::Json).unwrap()).unwrap();
    assert!(json.contains("\"dimension\": \"3d\""), "{json}");
    assert!(json.contains("\"rawFormat\": \"u8\""), "{json}");
    // The Shadertoy target refuses it too, naming the node.
    let e = ropkit::build::build(&lib, &net, &Mode::Shadertoy.into()).expect_err("Shadertoy");
    assert!(e.to_string().contains("/volume"), "{e}");
}
