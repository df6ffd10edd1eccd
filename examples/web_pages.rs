//! The web page export measured for every preset (BENCHMARKS.md): the
//! page's size, and in headless Chromium (WebGL2 on SwiftShader) the time
//! from opening the page to its first finished frame, with the shader's
//! compile and link inside it; then how far the page's picture is from
//! `ropkit render`'s at the same size (mean and share of pixels over 16/255).
//!
//! `cargo run --release --example web_pages [-- SIZE]` (default 256), from
//! the repository root.

#[path = "../tests/ropkit/web/chromium.rs"]
mod chromium;

use base64::Engine as _;
use ropkit::build::build;
use ropkit::export::{Format, export};
use ropkit::generate::Mode;
use ropkit::project::Project;
use ropkit::render::{Gpu, Renderer};
use std::path::Path;

fn main() {
    let size: u32 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(256);
    let project = Project::checkout(Path::new("."));
    let lib = project.load_library();
    let dir = tempfile::tempdir().unwrap();
    let mut renderer = Renderer::new(Gpu::headless().expect("a GPU adapter"));
    let mut browser = chromium::Browser::start();
    println!(
        "| preset | page | shader | thumbnail | first frame | compile + link | mean diff | pixels > 16/255 |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|");
    for network in project.presets() {
        let name = network.file_stem().unwrap().to_string_lossy().to_string();
        let net = project.load_network(&network, &lib).unwrap();
        let built = build(&lib, &net, &Mode::Render.into()).unwrap();
        let page = match export(&built, &net, &lib, Format::Html) {
            Ok(p) => p,
            Err(e) => {
                println!("| {name} | refused: {e} |");
                continue;
            }
        };
        // The thumbnail `ropkit export` adds: the baked render at its size.
        let baked = build(&lib, &net, &Mode::RenderBaked.into()).unwrap();
        renderer.asset_dirs = project.asset_dirs(&net.file);
        renderer.set_built(&baked).unwrap();
        let (tw, th) = (160, 120);
        let png = ropkit::render::encode_png(
            &renderer.render_image(tw, th).unwrap(),
            Path::new("thumbnail.png"),
        )
        .unwrap();
        let page =
            ropkit::export::html::with_thumbnail(&String::from_utf8_lossy(&page), &png, tw, th)
                .into_bytes();
        let file = dir.path().join(format!("{name}.html"));
        std::fs::write(&file, &page).unwrap();
        let shader = shader_bytes(&page);
        // A fresh tab and a shader never seen before: nothing is cached.
        let tab = browser.tab();
        let url = format!(
            "file://{}#size={size}x{size}&paused",
            file.canonicalize().unwrap().display()
        );
        browser.open(&tab, &url);
        let info = browser.eval(&tab, "window.ropkit.ready");
        let pixels = browser.eval(&tab, "window.ropkit.pixels()");
        browser.close(tab);
        let (info, pixels) = match (info, pixels) {
            (Ok(i), Ok(p)) => (i, p),
            (Err(e), _) | (_, Err(e)) => {
                println!("| {name} | failed: {e} |");
                continue;
            }
        };
        let drawn = image::RgbaImage::from_raw(
            size,
            size,
            base64::engine::general_purpose::STANDARD
                .decode(pixels["rgba"].as_str().unwrap())
                .unwrap(),
        )
        .unwrap();
        let reference = renderer.render_image(size, size).unwrap();
        let (mean, far) = difference(&drawn, &reference);
        println!(
            "| {name} | {} KiB | {} KiB | {} KiB | {:.0} ms | {:.0} ms | {:.2}/255 | {:.2}% |",
            page.len() / 1024,
            shader / 1024,
            png.len() * 4 / 3 / 1024,
            info["sincePageStart"].as_f64().unwrap_or(f64::NAN),
            info["compileMs"].as_f64().unwrap_or(f64::NAN),
            mean * 255.0,
            far * 100.0
        );
    }
}

/// Bytes of the shader text inside the page's scene block.
fn shader_bytes(page: &[u8]) -> usize {
    let text = String::from_utf8_lossy(page);
    let start = text.find("id=\"ropkit-scene\">").unwrap() + "id=\"ropkit-scene\">".len();
    let end = start + text[start..].find("</script>").unwrap();
    let scene: serde_json::Value = serde_json::from_str(&text[start..end]).unwrap();
    scene["shader"].as_str().unwrap().len()
}

fn difference(a: &image::RgbaImage, b: &image::RgbaImage) -> (f64, f64) {
    let mut sum = 0u64;
    let mut far = 0usize;
    for (p, q) in a.pixels().zip(b.pixels()) {
        let d: Vec<u64> = (0..4).map(|k| p[k].abs_diff(q[k]) as u64).collect();
        sum += d.iter().sum::<u64>();
        far += usize::from(d.iter().any(|x| *x > 16));
    }
    let n = a.pixels().len();
    (sum as f64 / (n * 4) as f64 / 255.0, far as f64 / n as f64)
}
