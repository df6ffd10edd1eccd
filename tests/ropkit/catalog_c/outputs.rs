//! The new outputs, rendered and read back pixel by pixel: a field's values
//! through a colour map, a function's curve where it belongs, particles
//! where the camera sees them.

use super::*;
use ropkit::build::build;
use ropkit::generate::Mode;
use ropkit::network::Network;

const N: u32 = 64;

/// Renders a network with its output at /out, after checking that the
/// second compiler accepts its shader too.
fn render(gpu: &Gpu, lib: &Library, nodes: &str) -> image::RgbaImage {
    let text = format!("output: /out\nnodes:\n{nodes}");
    let net = Network::parse(&text, &root().join("catalog-test.yaml"), lib)
        .unwrap_or_else(|e| panic!("{e}\n{text}"));
    let built = build(lib, &net, &Mode::Render.into()).unwrap_or_else(|e| panic!("{e}"));
    assert_glslang(&built.shader.glsl, &text);
    render_image(gpu, lib, &text, N)
}

fn px(img: &image::RgbaImage, c: u32, r: u32) -> [f64; 3] {
    let p = img.get_pixel(c, r);
    [
        p[0] as f64 / 255.0,
        p[1] as f64 / 255.0,
        p[2] as f64 / 255.0,
    ]
}

/// Viridis through nine of its published colours, straight lines between.
fn viridis(t: f64) -> [f64; 3] {
    let c: [[f64; 3]; 9] = [
        [68., 1., 84.],
        [71., 45., 123.],
        [59., 82., 139.],
        [44., 114., 142.],
        [33., 145., 140.],
        [40., 174., 128.],
        [94., 201., 98.],
        [173., 220., 48.],
        [253., 231., 37.],
    ];
    let x = t.clamp(0.0, 1.0) * 8.0;
    let i = (x.floor() as usize).min(7);
    let f = x - i as f64;
    [0, 1, 2].map(|k| (c[i][k] + (c[i + 1][k] - c[i][k]) * f) / 255.0)
}

fn near(a: [f64; 3], b: [f64; 3], tol: f64) -> bool {
    (0..3).all(|i| (a[i] - b[i]).abs() <= tol)
}

#[test]
fn field_render_maps_values_to_colours() {
    let Some(gpu) = gpu("field_render_maps_values_to_colours") else {
        return;
    };
    let lib = catalog_library();
    // A 2D field equal to x, over x in -1.5..1.5: column c holds x at its
    // centre, so t = (c + 0.5) / N.
    let img = render(
        &gpu,
        &lib,
        "  /x: { rop: position, params: { Component: x } }\n  /out: { rop: fieldRender, params: { Zoom: 3, Range: [-1.5, 1.5] }, inputs: [/x] }\n",
    );
    for c in 0..N {
        let want = viridis((c as f64 + 0.5) / N as f64);
        for r in [3, 30, 60] {
            let got = px(&img, c, r);
            assert!(
                near(got, want, 3.0 / 255.0),
                "viridis at column {c}: {got:?}, want {want:?}"
            );
        }
    }
    // A slice through a 3D field: the sphere's distance on the plane y = 0.3,
    // image x along world x and image up along world z, shown in grey.
    let img = render(
        &gpu,
        &lib,
        "  /s: { rop: sphere, params: { Radius: 0.8 } }\n  /out: { rop: fieldRender, params: { Zoom: 3, Range: [-1, 1], Plane: xz, Slice: 0.3, ColorMap: grey }, inputs: [/s] }\n",
    );
    for (c, r) in [(5, 7), (32, 32), (40, 20), (60, 50), (20, 44)] {
        let x = (c as f64 + 0.5 - 32.0) * 3.0 / N as f64;
        let z = (N as f64 - r as f64 - 0.5 - 32.0) * 3.0 / N as f64;
        let d = (x * x + 0.09 + z * z).sqrt() - 0.8;
        let want = ((d + 1.0) / 2.0).clamp(0.0, 1.0);
        let got = px(&img, c, r);
        assert!(
            near(got, [want; 3], 2.0 / 255.0),
            "sphere slice at ({c}, {r}): {got:?}, want {want}"
        );
    }
    // Contours every 0.5 of x: the columns at x = +-0.5 and 1 go black; the
    // columns halfway between keep the map's colour.
    let img = render(
        &gpu,
        &lib,
        "  /x: { rop: position, params: { Component: x } }\n  /out: { rop: fieldRender, params: { Zoom: 3, Range: [-1.5, 1.5], Contours: 0.5, ColorMap: grey }, inputs: [/x] }\n",
    );
    let col = |x: f64| ((x * N as f64 / 3.0) + 32.0 - 0.5).round() as u32;
    for x in [-0.5, 0.5, 1.0] {
        let got = px(&img, col(x), 10);
        assert!(got[0] < 0.35, "a contour line at x = {x}: {got:?}");
    }
    for x in [-0.75, 0.25, 0.75] {
        let got = px(&img, col(x), 10);
        let want = (x + 1.5) / 3.0;
        assert!(
            near(got, [want; 3], 0.03),
            "between contours at x = {x}: {got:?}, want {want}"
        );
    }
}

#[test]
fn function_graph_draws_the_curve_and_axes() {
    let Some(gpu) = gpu("function_graph_draws_the_curve_and_axes") else {
        return;
    };
    let lib = catalog_library();
    let img = render(
        &gpu,
        &lib,
        "  /f: { rop: waveFunction, params: { Shape: sine, Period: 1.0, Amplitude: 0.8, Offset: 0.1 } }\n  /out: { rop: functionGraphRender, params: { XRange: [-1, 1], YRange: [-1.5, 1.5], LineColor: [1, 0, 0], Background: [0, 0, 0], AxisColor: [0, 0, 1], Grid: [0, 0], LineWidth: 2.5 }, inputs: [/f] }\n",
    );
    let f = |x: f64| 0.1 + 0.8 * (std::f64::consts::TAU * x).sin();
    // Pixel rows from the top; world y runs up from -1.5 to 1.5.
    let row_of = |y: f64| (N as f64 - (y + 1.5) / 3.0 * N as f64).floor();
    let mut checked = 0;
    for c in 0..N {
        let x = -1.0 + 2.0 * (c as f64 + 0.5) / N as f64;
        let r = row_of(f(x)).clamp(0.0, (N - 1) as f64) as u32;
        let on = px(&img, c, r);
        assert!(
            on[0] > 0.4,
            "the curve at column {c} (x = {x}, row {r}): {on:?}"
        );
        for rr in 0..N {
            let y = 1.5 - 3.0 * (rr as f64 + 0.5) / N as f64;
            // Far from the curve (in pixels, along the normal bound by the
            // vertical gap over the largest slope) there is no red.
            let gap_px = (y - f(x)).abs() * N as f64 / 3.0;
            if gap_px > 14.0 {
                let got = px(&img, c, rr);
                assert!(
                    got[0] < 0.05,
                    "red far from the curve at ({c}, {rr}): {got:?}"
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 1000);
    // The axes: x = 0 lies between columns 31 and 32, y = 0 between rows 31 and 32.
    let axis = px(&img, 31, 5);
    assert!(
        axis[2] > 0.3 && axis[0] < 0.1,
        "the y axis near the top: {axis:?}"
    );
    let axis = px(&img, 55, 32);
    assert!(axis[2] > 0.3, "the x axis: {axis:?}");
}

#[test]
fn particle_render_draws_particles_where_the_camera_sees_them() {
    let Some(gpu) = gpu("particle_render_draws_particles_where_the_camera_sees_them") else {
        return;
    };
    let lib = catalog_library();
    // Eight particles on the corners of a cube of side 1, seen along -z by
    // an orthographic camera two units tall: each corner pair projects to
    // (+-0.5, +-0.5), 16 pixels from the middle on each axis.
    let camera = "  /cam: { rop: orthoCamera, params: { Position: [0, 0, 5], Target: [0, 0, 0], Size: 2 } }\n";
    let base = "Count: 8, Layout: grid, Spread: 1, Size: 0.1, Color: [1, 0, 0], Shading: 0, Background: [0, 0, 0]";
    let img = render(
        &gpu,
        &lib,
        &format!(
            "{camera}  /out: {{ rop: particleRender, params: {{ {base} }}, inputs: {{ camera: /cam }} }}\n"
        ),
    );
    let red = |p: [f64; 3]| p[0] > 0.9 && p[1] < 0.1;
    let dark = |p: [f64; 3]| p.iter().all(|v| *v < 0.05);
    for (c, r) in [(48, 16), (16, 16), (48, 48), (16, 48)] {
        assert!(
            red(px(&img, c, r)),
            "a particle at ({c}, {r}): {:?}",
            px(&img, c, r)
        );
        // 0.1 world units is 3.2 pixels: 6 pixels off is clear.
        assert!(dark(px(&img, c + 6, r)), "beside a particle at ({c}, {r})");
        assert!(dark(px(&img, c, r + 6)), "below a particle at ({c}, {r})");
    }
    assert!(dark(px(&img, 32, 32)), "the middle is empty");
    // A positions field moves them all by a quarter unit (8 pixels) right
    // and up; a colours field colours them.
    let img = render(
        &gpu,
        &lib,
        &format!(
            "{camera}  /move: {{ rop: constant, params: {{ Color: [0.25, 0.25, 0.25, 1] }} }}\n  /green: {{ rop: constant, params: {{ Color: [0, 1, 0, 1] }} }}\n  /out: {{ rop: particleRender, params: {{ {base} }}, inputs: {{ camera: /cam, positions: /move, colors: /green }} }}\n"
        ),
    );
    for (c, r) in [(56, 8), (24, 8), (56, 40), (24, 40)] {
        let p = px(&img, c, r);
        assert!(
            p[1] > 0.9 && p[0] < 0.1,
            "a moved green particle at ({c}, {r}): {p:?}"
        );
    }
    assert!(
        dark(px(&img, 48, 16)),
        "nothing left where the particle was"
    );
}
