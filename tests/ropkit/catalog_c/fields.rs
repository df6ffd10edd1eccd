//! The new fields: colours against their definitions (HSV sectors, the CIE
//! observer, Planck's law, a finely integrated sky), metaballs and polar
//! coordinates against their formulas, and the noises by their properties.

use super::*;
use std::f64::consts::{PI, TAU};

fn colour(gpu: &Gpu, lib: &Library, node: &str, extra: &str, pts: &[[f32; 3]]) -> Vec<[f64; 3]> {
    sample(gpu, lib, &probe("probeColor3", node, extra), pts)
        .iter()
        .map(|v| [v[0] as f64, v[1] as f64, v[2] as f64])
        .collect()
}

fn expect_colour(what: &str, got: &[f64; 3], want: [f64; 3], tol: f64) {
    for i in 0..3 {
        assert!(
            close(got[i], want[i], tol),
            "{what}: channel {i} is {got:?}, want {want:?}"
        );
    }
}

/// HSV by sectors: chroma C = v s, the second largest component X, and the
/// sector of the hue picking their places.
fn hsv(h: f64, s: f64, v: f64) -> [f64; 3] {
    let h6 = (h.rem_euclid(1.0)) * 6.0;
    let c = v * s;
    let x = c * (1.0 - ((h6 % 2.0) - 1.0).abs());
    let m = v - c;
    let (r, g, b) = match h6 as usize {
        0 => (c, x, 0.0),
        1 => (x, c, 0.0),
        2 => (0.0, c, x),
        3 => (0.0, x, c),
        4 => (x, 0.0, c),
        _ => (c, 0.0, x),
    };
    [r + m, g + m, b + m]
}

/// The CIE 1931 observer as Wyman, Sloan and Shirley's piecewise Gaussians.
fn cie(nm: f64) -> [f64; 3] {
    let g = |mu: f64, lo: f64, hi: f64| {
        let t = (nm - mu) / if nm < mu { lo } else { hi };
        (-0.5 * t * t).exp()
    };
    [
        1.056 * g(599.8, 37.9, 31.0) + 0.362 * g(442.0, 16.0, 26.7) - 0.065 * g(501.1, 20.4, 26.2),
        0.821 * g(568.8, 46.9, 40.5) + 0.286 * g(530.9, 16.3, 31.1),
        1.217 * g(437.0, 11.8, 36.0) + 0.681 * g(459.0, 26.0, 13.8),
    ]
}

fn xyz_rgb(c: [f64; 3]) -> [f64; 3] {
    [
        3.2406 * c[0] - 1.5372 * c[1] - 0.4986 * c[2],
        -0.9689 * c[0] + 1.8758 * c[1] + 0.0415 * c[2],
        0.0557 * c[0] - 0.2040 * c[1] + 1.0570 * c[2],
    ]
}

/// Planck's law over 380..780 nm in 1 nm steps, seen by the observer, in
/// linear RGB with the brightest channel 1.
fn blackbody(t: f64) -> [f64; 3] {
    let (h, c, k) = (6.626_070_15e-34, 299_792_458.0, 1.380_649e-23);
    let mut xyz = [0.0; 3];
    for i in 0..=400 {
        let nm = 380.0 + i as f64;
        let m = nm * 1e-9;
        let b = 2.0 * h * c * c / m.powi(5) / ((h * c / (m * k * t)).exp() - 1.0);
        let w = if i == 0 || i == 400 { 0.5 } else { 1.0 };
        let o = cie(nm);
        for j in 0..3 {
            xyz[j] += w * b * o[j];
        }
    }
    let rgb = xyz_rgb(xyz).map(|v| v.max(0.0));
    let top = rgb[0].max(rgb[1]).max(rgb[2]);
    rgb.map(|v| v / top)
}

#[test]
fn colour_fields_follow_their_definitions() {
    let Some(gpu) = gpu("colour_fields_follow_their_definitions") else {
        return;
    };
    let lib = catalog_library();
    // exact: HSV with fixed values, and with the hue driven by x.
    let pt = [[0.3f32, 0.0, 0.0]];
    for (h, s, v) in [
        (0.0, 1.0, 1.0),
        (0.1, 0.5, 0.8),
        (0.45, 0.9, 0.6),
        (0.7, 0.3, 1.0),
        (0.95, 1.0, 0.5),
    ] {
        let node =
            format!("{{ rop: hsvColor, params: {{ Hue: {h}, Saturation: {s}, Value: {v} }} }}");
        let got = colour(&gpu, &lib, &node, "", &pt);
        expect_colour(&format!("hsv {h} {s} {v}"), &got[0], hsv(h, s, v), 1e-4);
    }
    let pts: Vec<[f32; 3]> = (0..50).map(|i| [i as f32 / 50.0, 0.2, 0.0]).collect();
    let got = colour(
        &gpu,
        &lib,
        "{ rop: hsvColor, params: { Saturation: 0.8, Value: 0.9 }, inputs: { Hue: /x } }",
        "  /x: { rop: position, params: { Component: x } }\n",
        &pts,
    );
    for (p, c) in pts.iter().zip(&got) {
        expect_colour(
            &format!("hsv with hue {}", p[0]),
            c,
            hsv(p[0] as f64, 0.8, 0.9),
            1e-4,
        );
    }

    // exact: wavelengths through the observer and the sRGB primaries, white
    // added until no channel is negative.
    let pts: Vec<[f32; 3]> = (0..41).map(|i| [i as f32 / 40.0, 0.0, 0.0]).collect();
    let got = colour(
        &gpu,
        &lib,
        "{ rop: spectralColor, params: { Wavelengths: [380, 780], Brightness: 2 } }",
        "",
        &pts,
    );
    for (p, c) in pts.iter().zip(&got) {
        let nm = 380.0 + 400.0 * p[0] as f64;
        let rgb = xyz_rgb(cie(nm));
        let low = rgb[0].min(rgb[1]).min(rgb[2]).min(0.0);
        expect_colour(
            &format!("spectral {nm} nm"),
            c,
            rgb.map(|v| 2.0 * (v - low)),
            2e-3,
        );
    }
    // The hues are where they belong: blue, green and red lead.
    let at = |nm: f64| [((nm - 380.0) / 400.0) as f32, 0.0, 0.0];
    let lead = colour(
        &gpu,
        &lib,
        "{ rop: spectralColor, params: { Wavelengths: [380, 780] } }",
        "",
        &[at(450.0), at(530.0), at(620.0)],
    );
    for (k, c) in lead.iter().enumerate() {
        let top = (0..3).max_by(|a, b| c[*a].total_cmp(&c[*b])).unwrap();
        assert_eq!(
            top,
            2 - k,
            "spectral colour {k} leads with channel {top}: {c:?}"
        );
    }

    // exact within the step of the integral: Planck's law summed every 10 nm
    // against every 1 nm here.
    for t in [1200.0, 1900.0, 3000.0, 5000.0, 6500.0, 10000.0, 25000.0] {
        let node = format!("{{ rop: blackbodyColor, params: {{ Temperature: {t} }} }}");
        let got = colour(&gpu, &lib, &node, "", &pt);
        expect_colour(&format!("blackbody {t} K"), &got[0], blackbody(t), 0.02);
    }
    let warm = blackbody(1900.0);
    assert!(
        warm[0] > warm[1] && warm[1] > warm[2],
        "1900 K is orange: {warm:?}"
    );
    let white = blackbody(6500.0);
    assert!(
        white.iter().all(|v| *v > 0.85),
        "6500 K is near white: {white:?}"
    );
    let cold = blackbody(25000.0);
    assert!(
        cold[2] > cold[1] && cold[1] > cold[0],
        "25000 K is blue: {cold:?}"
    );

    // Domain colouring: the hue is the angle.
    let pts: Vec<[f32; 3]> = points2(61, 60, -2.0, 2.0);
    let got = colour(
        &gpu,
        &lib,
        "{ rop: domainColor, params: { Saturation: 0.9, Bands: 0.3 } }",
        "",
        &pts,
    );
    for (p, c) in pts.iter().zip(&got) {
        let (x, y) = (p[0] as f64, p[1] as f64);
        let hue = (y.atan2(x) / TAU).rem_euclid(1.0);
        let m = x.hypot(y).log2();
        let v = 1.0 - 0.3 * (1.0 - m.rem_euclid(1.0));
        expect_colour(&format!("domainColor at {p:?}"), c, hsv(hue, 0.9, v), 2e-3);
    }
}

/// The sky along a view ray, integrated finely here (the same single
/// scattering model: Rayleigh and Mie, exponential densities, sunlight
/// attenuated on its way in and on its way to the eye).
fn sky(d: V3, sun: V3) -> [f64; 3] {
    let (re, ra) = (6360e3, 6420e3);
    let beta_r = [5.8e-6, 13.5e-6, 33.1e-6];
    let (beta_m, hr, hm, g) = (21e-6, 8000.0, 1200.0, 0.76);
    let exit = |o: V3, d: V3, r: f64| {
        let b = an::dot3(o, d);
        -b + (b * b - an::dot3(o, o) + r * r).max(0.0).sqrt()
    };
    let blocked = |o: V3, d: V3| {
        let b = an::dot3(o, d);
        let h = b * b - an::dot3(o, o) + re * re;
        h >= 0.0 && b <= 0.0
    };
    let o = [0.0, re + 1.0, 0.0];
    let len = exit(o, d, ra);
    let n = 2000;
    let dt = len / n as f64;
    let (mut sr, mut sm, mut depth) = ([0.0; 3], [0.0; 3], [0.0, 0.0]);
    for i in 0..n {
        let x = add3(o, mul3(d, dt * (i as f64 + 0.5)));
        let h = an::len3(x) - re;
        let dens = [(-h / hr).exp() * dt, (-h / hm).exp() * dt];
        depth[0] += dens[0];
        depth[1] += dens[1];
        if blocked(x, sun) {
            continue;
        }
        let ls = exit(x, sun, ra);
        let m = 300;
        let (mut lr, mut lm) = (0.0, 0.0);
        for j in 0..m {
            let y = add3(x, mul3(sun, ls / m as f64 * (j as f64 + 0.5)));
            let hy = an::len3(y) - re;
            lr += (-hy / hr).exp() * ls / m as f64;
            lm += (-hy / hm).exp() * ls / m as f64;
        }
        for c in 0..3 {
            let tau = beta_r[c] * (depth[0] + lr) + 1.1 * beta_m * (depth[1] + lm);
            sr[c] += dens[0] * (-tau).exp();
            sm[c] += dens[1] * (-tau).exp();
        }
    }
    let mu = an::dot3(d, sun);
    let pr = 3.0 / (16.0 * PI) * (1.0 + mu * mu);
    let pm = 3.0 / (8.0 * PI) * (1.0 - g * g) * (1.0 + mu * mu)
        / ((2.0 + g * g) * (1.0 + g * g - 2.0 * g * mu).powf(1.5));
    [0, 1, 2].map(|c| 20.0 * (sr[c] * beta_r[c] * pr + sm[c] * beta_m * pm))
}

#[test]
fn atmosphere_scatters_like_the_sky() {
    let Some(gpu) = gpu("atmosphere_scatters_like_the_sky") else {
        return;
    };
    let lib = catalog_library();
    let sun = norm3([0.0, 0.5, -1.0]);
    let node = format!(
        "{{ rop: atmosphere, params: {{ SunDirection: {sun:?}, Steps: 64, LightSteps: 32 }} }}"
    );
    let dirs: Vec<V3> = [
        [0.0, 1.0, 0.0],
        [0.0, 0.5, -1.0],
        [0.0, 0.1, 1.0],
        [1.0, 0.3, 0.0],
        [0.5, 0.05, -1.0],
        [-0.3, 0.8, 0.2],
    ]
    .iter()
    .map(|d| norm3(*d))
    .collect();
    let got = colour(
        &gpu,
        &lib,
        &node,
        "",
        &dirs.iter().map(|d| to32(*d)).collect::<Vec<_>>(),
    );
    for (d, c) in dirs.iter().zip(&got) {
        // Midpoint sums of 64 and 32 steps against 2000 and 300.
        expect_colour(&format!("sky towards {d:?}"), c, sky(*d, sun), 0.03);
    }
    // Overhead the sky is blue; towards the sun brighter than away from it.
    let zenith = got[0];
    assert!(
        zenith[2] > zenith[1] && zenith[1] > zenith[0],
        "the zenith is blue: {zenith:?}"
    );
    assert!(
        got[1][0] > got[2][0] * 5.0,
        "the glow around the sun: {:?} against {:?}",
        got[1],
        got[2]
    );
    // At sunset the horizon towards the sun turns red.
    let dusk = "{ rop: atmosphere, params: { SunDirection: [0, 0.02, -1] } }";
    let c = colour(&gpu, &lib, dusk, "", &[to32(norm3([0.0, 0.03, -1.0]))])[0];
    assert!(c[0] > c[2], "sunset is red: {c:?}");
}

#[test]
fn metaballs_polar_coordinates_and_bands_match_their_formulas() {
    let Some(gpu) = gpu("metaballs_polar_coordinates_and_bands_match_their_formulas") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(62, 200, -1.2, 1.2);
    let balls = [[-0.4, 0.0, 0.0], [0.4, 0.1, 0.0], [0.0, 0.45, 0.1]];
    let bump = |d2: f64, r: f64| (1.0 - d2 / (r * r)).max(0.0).powi(3);
    type Case = (&'static str, &'static str, Box<dyn Fn(V3) -> f64>);
    let cases: Vec<Case> = vec![
        (
            "metaball",
            "{ rop: metaball, params: { Count: 3, Radius: 0.7 } }",
            Box::new(move |p| {
                balls
                    .iter()
                    .map(|b| bump(an::dot3(an::sub3(p, *b), an::sub3(p, *b)), 0.7))
                    .sum()
            }),
        ),
        (
            "polarCoords radius",
            "{ rop: polarCoords, params: { Center: [0.1, 0, 0.2] } }",
            Box::new(|p| (p[0] - 0.1).hypot(p[2] - 0.2)),
        ),
        (
            "polarCoords angle",
            "{ rop: polarCoords, params: { Component: angle } }",
            Box::new(|p| ((-p[2]).atan2(p[0]) / TAU).rem_euclid(1.0)),
        ),
        (
            "polarCoords spherical height",
            "{ rop: polarCoords, params: { Mode: spherical, Component: height } }",
            Box::new(|p| (p[1] / an::len3(p)).asin() / TAU),
        ),
        (
            "band",
            "{ rop: band, params: { Axis: x, Start: 0.3, End: -0.2, Softness: 0.2 } }",
            Box::new(|p| {
                let s = |x: f64| {
                    let t = ((x + 0.1) / 0.2).clamp(0.0, 1.0);
                    t * t * (3.0 - 2.0 * t)
                };
                s(p[0] + 0.2) * s(0.3 - p[0])
            }),
        ),
    ];
    for (what, node, want) in &cases {
        let out = sample(&gpu, &lib, &probe("probeFloat3", node, ""), &pts);
        // Angles jump from 1 back to 0 along +x: skip points next to the cut.
        let keep: Vec<usize> = (0..pts.len())
            .filter(|i| !what.contains("angle") || pts[*i][2].abs() > 1e-3 || pts[*i][0] < 0.0)
            .collect();
        let p: Vec<[f32; 3]> = keep.iter().map(|i| pts[*i]).collect();
        let o: Vec<[f32; 4]> = keep.iter().map(|i| out[*i]).collect();
        expect_within(what, &p, &o, 1e-4, |q| want(v3(q)));
    }
    // 2D: the balls' x and y.
    let pts2 = points2(63, 100, -1.2, 1.2);
    let out = sample(
        &gpu,
        &lib,
        &probe(
            "probeFloat2",
            "{ rop: metaball, params: { Count: 3, Radius: 0.7 } }",
            "",
        ),
        &pts2,
    );
    expect_within("metaball 2D", &pts2, &out, 1e-4, |q| {
        balls
            .iter()
            .map(|b| {
                bump(
                    (q[0] as f64 - b[0]).powi(2) + (q[1] as f64 - b[1]).powi(2),
                    0.7,
                )
            })
            .sum()
    });
}

/// Mean absolute change between the points of each pair, over the step.
fn mean_slope(v: &[f64], step: f64) -> f64 {
    let n = v.len() / 2;
    (0..n).map(|k| (v[2 * k] - v[2 * k + 1]).abs()).sum::<f64>() / n as f64 / step
}

#[test]
fn new_noises_keep_their_properties() {
    let Some(gpu) = gpu("new_noises_keep_their_properties") else {
        return;
    };
    let lib = catalog_library();
    let pts = points3(64, 400, -3.0, 3.0);
    let pairs = point_pairs(65, 300, -3.0, 3.0, 0.01);
    let float3 =
        |node: &str, p: &[[f32; 3]]| values(&gpu, &lib, &probe("probeFloat3", node, ""), p);
    let in_range = |what: &str, v: &[f64], lo: f64, hi: f64| {
        assert!(
            v.iter().all(|x| *x >= lo - 1e-6 && *x <= hi + 1e-6),
            "{what} leaves {lo}..{hi}"
        );
        let spread =
            v.iter().cloned().fold(f64::MIN, f64::max) - v.iter().cloned().fold(f64::MAX, f64::min);
        assert!(
            spread > 0.2 * (hi - lo),
            "{what} is nearly constant (spread {spread})"
        );
    };

    // Terrain: within its amplitude; the first octave is never damped (so
    // one octave ignores Erosion); erosion smooths the slopes.
    let t = |oct: u32, ero: f64| {
        format!(
            "{{ rop: terrainNoise, params: {{ Octaves: {oct}, Erosion: {ero}, Amplitude: 0.8, Scale: 0.7 }} }}"
        )
    };
    in_range("terrainNoise", &float3(&t(8, 1.0), &pts), -0.8, 0.8);
    let a = float3(&t(1, 0.0), &pts);
    let b = float3(&t(1, 5.0), &pts);
    expect_symmetric(
        "terrainNoise with one octave and any erosion",
        &pts,
        &a,
        &b,
        1e-6,
    );
    let rough = mean_slope(&float3(&t(8, 0.0), &pairs), 0.01);
    let eroded = mean_slope(&float3(&t(8, 5.0), &pairs), 0.01);
    assert!(
        eroded < 0.9 * rough,
        "erosion smooths: mean slope {eroded} against {rough}"
    );

    // Wavelet noise: in range, centred on 0, and its detail follows the
    // wave frequency (slopes about double with it).
    let w = |f: f64| {
        format!("{{ rop: waveletNoise, params: {{ Octaves: 1, Frequency: {f}, Scale: 1.0 }} }}")
    };
    let v = float3(&w(1.5), &pts);
    in_range("waveletNoise", &v, -1.0, 1.0);
    let mean = v.iter().sum::<f64>() / v.len() as f64;
    assert!(
        mean.abs() < 0.08,
        "waveletNoise is centred on 0: mean {mean}"
    );
    let s1 = mean_slope(&float3(&w(1.5), &pairs), 0.01);
    let s2 = mean_slope(&float3(&w(3.0), &pairs), 0.01);
    assert!(
        s2 > 1.4 * s1 && s2 < 2.6 * s1,
        "waveletNoise's slopes follow its frequency: {s1} then {s2}"
    );

    // Cell tiles: in 0..1, and periodic with Period along every axis.
    let node = "{ rop: cellTileNoise, params: { Points: 6, Period: 0.8, Seed: 3 } }";
    let v = float3(node, &pts);
    in_range("cellTileNoise", &v, 0.0, 1.0);
    for shift in [
        [0.8, 0.0, 0.0],
        [0.0, 1.6, 0.0],
        [0.0, 0.0, -0.8],
        [0.8, 0.8, 0.8],
    ] {
        let moved: Vec<[f32; 3]> = pts.iter().map(|p| to32(add3(v3(p), shift))).collect();
        expect_symmetric(
            "cellTileNoise moved by whole periods",
            &pts,
            &v,
            &float3(node, &moved),
            1e-3,
        );
    }
    let v2 = values(
        &gpu,
        &lib,
        &probe("probeFloat2", node, ""),
        &points2(66, 200, -2.0, 2.0),
    );
    in_range("cellTileNoise 2D", &v2, 0.0, 1.0);
}
