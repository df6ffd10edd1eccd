//! Draws a `.glb` mesh (as `ropkit mesh` writes it) with a small software
//! rasteriser: perspective camera, depth buffer, the file's vertex normals
//! and colours under one light, optionally with the triangle edges drawn.
//! It reads the file back through the `gltf` crate, so the picture shows
//! what another program would load.
//!
//! cargo run --release --example mesh_preview -- mesh.glb preview.png [--size 640x400] [--wire] [--azimuth 35] [--elevation 25]

use std::path::PathBuf;

struct Args {
    input: PathBuf,
    output: PathBuf,
    size: (usize, usize),
    wire: bool,
    azimuth: f32,
    elevation: f32,
}

fn args() -> Result<Args, String> {
    let mut it = std::env::args().skip(1);
    let mut a = Args {
        input: PathBuf::new(),
        output: PathBuf::new(),
        size: (640, 400),
        wire: false,
        azimuth: 35.0,
        elevation: 25.0,
    };
    let mut files = Vec::new();
    while let Some(x) = it.next() {
        let mut num = |name: &str| -> Result<f32, String> {
            it.next()
                .and_then(|v| v.parse().ok())
                .ok_or(format!("{name} needs a number"))
        };
        match x.as_str() {
            "--wire" => a.wire = true,
            "--azimuth" => a.azimuth = num("--azimuth")?,
            "--elevation" => a.elevation = num("--elevation")?,
            "--size" => {
                let s = it.next().ok_or("--size needs WxH")?;
                let (w, h) = s.split_once('x').ok_or("--size is WxH")?;
                a.size = (
                    w.parse().map_err(|_| "bad width")?,
                    h.parse().map_err(|_| "bad height")?,
                );
            }
            _ => files.push(PathBuf::from(x)),
        }
    }
    if files.len() != 2 {
        return Err("usage: mesh_preview IN.glb OUT.png [--size WxH] [--wire]".into());
    }
    a.output = files.pop().unwrap_or_default();
    a.input = files.pop().unwrap_or_default();
    Ok(a)
}

type V3 = [f32; 3];

fn sub(a: V3, b: V3) -> V3 {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}
fn dot(a: V3, b: V3) -> f32 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}
fn cross(a: V3, b: V3) -> V3 {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}
fn norm(a: V3) -> V3 {
    let l = dot(a, a).sqrt().max(1e-12);
    a.map(|c| c / l)
}

fn srgb(c: f32) -> u8 {
    let c = c.clamp(0.0, 1.0);
    let s = if c <= 0.003_130_8 {
        12.92 * c
    } else {
        1.055 * c.powf(1.0 / 2.4) - 0.055
    };
    (s * 255.0 + 0.5) as u8
}

fn main() -> Result<(), String> {
    let a = args()?;
    let bytes = std::fs::read(&a.input).map_err(|e| format!("{}: {e}", a.input.display()))?;
    let doc = gltf::Gltf::from_slice(&bytes).map_err(|e| e.to_string())?;
    let blob = doc.blob.clone().ok_or("no binary chunk")?;
    let prim = doc
        .meshes()
        .next()
        .and_then(|m| m.primitives().next())
        .ok_or("no mesh")?;
    let reader = prim.reader(|_| Some(&blob));
    let pos: Vec<V3> = reader.read_positions().ok_or("no positions")?.collect();
    let nrm: Vec<V3> = reader.read_normals().ok_or("no normals")?.collect();
    let col: Vec<V3> = match reader.read_colors(0) {
        Some(c) => c.into_rgb_f32().collect(),
        None => vec![[0.8; 3]; pos.len()],
    };
    let idx: Vec<u32> = reader
        .read_indices()
        .ok_or("no indices")?
        .into_u32()
        .collect();

    // Camera on a sphere around the box centre, far enough to see it all.
    let mut lo = [f32::MAX; 3];
    let mut hi = [f32::MIN; 3];
    for p in &pos {
        for k in 0..3 {
            lo[k] = lo[k].min(p[k]);
            hi[k] = hi[k].max(p[k]);
        }
    }
    let centre = [0, 1, 2].map(|k| 0.5 * (lo[k] + hi[k]));
    let radius = 0.5 * dot(sub(hi, lo), sub(hi, lo)).sqrt();
    let (az, el) = (a.azimuth.to_radians(), a.elevation.to_radians());
    let dir = [el.cos() * az.sin(), el.sin(), el.cos() * az.cos()];
    let fov = 35f32.to_radians();
    let dist = radius / (fov * 0.5).sin() * 0.95;
    let eye = [0, 1, 2].map(|k| centre[k] + dir[k] * dist);
    let fw = norm(sub(centre, eye));
    let rt = norm(cross(fw, [0.0, 1.0, 0.0]));
    let up = cross(rt, fw);
    let light = norm([0.4, 0.8, 0.5]);

    // Twice the size, averaged down at the end, for smooth edges.
    let (w, h) = (a.size.0 * 2, a.size.1 * 2);
    let focal = 0.5 * h as f32 / (fov * 0.5).tan();
    let project = |p: V3| {
        let q = sub(p, eye);
        let z = dot(q, fw);
        [
            w as f32 * 0.5 + focal * dot(q, rt) / z,
            h as f32 * 0.5 - focal * dot(q, up) / z,
            z,
        ]
    };
    let screen: Vec<V3> = pos.iter().map(|p| project(*p)).collect();
    let mut depth = vec![f32::MAX; w * h];
    let mut rgb = vec![[0f32; 3]; w * h];
    for y in 0..h {
        let t = y as f32 / h as f32;
        for x in 0..w {
            rgb[y * w + x] = [0.55 - 0.25 * t, 0.62 - 0.25 * t, 0.72 - 0.2 * t].map(|c| c * c);
        }
    }
    for t in idx.chunks_exact(3) {
        let [i0, i1, i2] = [t[0], t[1], t[2]].map(|i| i as usize);
        let (s0, s1, s2) = (screen[i0], screen[i1], screen[i2]);
        if s0[2] <= 0.0 || s1[2] <= 0.0 || s2[2] <= 0.0 {
            continue;
        }
        // Counter-clockwise seen from outside: back faces have negative area on screen.
        let area = (s1[0] - s0[0]) * (s2[1] - s0[1]) - (s1[1] - s0[1]) * (s2[0] - s0[0]);
        if area >= 0.0 {
            continue;
        }
        let minx = s0[0].min(s1[0]).min(s2[0]).floor().max(0.0) as usize;
        let maxx = (s0[0].max(s1[0]).max(s2[0]).ceil() as usize).min(w - 1);
        let miny = s0[1].min(s1[1]).min(s2[1]).floor().max(0.0) as usize;
        let maxy = (s0[1].max(s1[1]).max(s2[1]).ceil() as usize).min(h - 1);
        for y in miny..=maxy {
            for x in minx..=maxx {
                let (px, py) = (x as f32 + 0.5, y as f32 + 0.5);
                let e = |a: V3, b: V3| (b[0] - a[0]) * (py - a[1]) - (b[1] - a[1]) * (px - a[0]);
                let (b0, b1, b2) = (e(s1, s2) / area, e(s2, s0) / area, e(s0, s1) / area);
                if b0 < 0.0 || b1 < 0.0 || b2 < 0.0 {
                    continue;
                }
                // Perspective-correct interpolation.
                let iz = b0 / s0[2] + b1 / s1[2] + b2 / s2[2];
                let z = 1.0 / iz;
                let k = y * w + x;
                if z >= depth[k] {
                    continue;
                }
                depth[k] = z;
                let wts = [b0 / s0[2] * z, b1 / s1[2] * z, b2 / s2[2] * z];
                let mix = |v: [V3; 3]| {
                    [0, 1, 2].map(|c| wts[0] * v[0][c] + wts[1] * v[1][c] + wts[2] * v[2][c])
                };
                let n = norm(mix([nrm[i0], nrm[i1], nrm[i2]]));
                let albedo = mix([col[i0], col[i1], col[i2]]);
                let diffuse = dot(n, light).max(0.0);
                let sky = 0.5 + 0.5 * n[1];
                let mut c = albedo.map(|c| c * (0.15 + 0.2 * sky + 0.8 * diffuse));
                if a.wire && b0.min(b1).min(b2) * area.abs().sqrt() < 1.2 {
                    c = c.map(|v| v * 0.55);
                }
                rgb[k] = c;
            }
        }
    }
    let mut img = image::RgbImage::new(a.size.0 as u32, a.size.1 as u32);
    for (x, y, p) in img.enumerate_pixels_mut() {
        let mut sum = [0f32; 3];
        for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
            let c = rgb[(y as usize * 2 + dy) * w + x as usize * 2 + dx];
            for k in 0..3 {
                sum[k] += c[k] * 0.25;
            }
        }
        *p = image::Rgb(sum.map(srgb));
    }
    img.save(&a.output).map_err(|e| e.to_string())?;
    eprintln!(
        "drew {} triangles of {} into {}",
        idx.len() / 3,
        a.input.display(),
        a.output.display()
    );
    Ok(())
}
