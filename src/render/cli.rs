//! `ropkit render` and `ropkit sample`: headless rendering to PNG and SDF
//! evaluation at points.

use super::{Gpu, RenderError, Renderer};
use crate::build::{BuildError, build};
use crate::cli::{load_library, load_network};
use crate::generate::Mode;
use crate::library::Library;
use crate::network::Network;
use crate::project::Project;
use std::path::{Path, PathBuf};
use std::time::Instant;

#[derive(clap::Args, Debug)]
pub struct RenderArgs {
    pub network: PathBuf,
    /// The PNG to write; with --frames, numbered as NAME_0001.png.
    #[arg(short, long)]
    pub output: PathBuf,
    /// Image size as WIDTHxHEIGHT.
    #[arg(long, default_value = "512x512", value_parser = parse_size)]
    pub size: (u32, u32),
    /// Time in seconds (iTime).
    #[arg(long, default_value_t = 0.0)]
    pub time: f32,
    /// Render a sequence of frames A..B (inclusive), time = frame / fps.
    #[arg(long, value_parser = parse_range)]
    pub frames: Option<(u32, u32)>,
    #[arg(long, default_value_t = 30.0)]
    pub fps: f32,
    /// Output buffer of the raymarch output: color, depth, normal, material, steps, nearHit.
    #[arg(long)]
    pub buffer: Option<String>,
    /// Override a parameter: /node/path.Param=value (value in YAML, e.g. 2.5 or [0,1,0]).
    #[arg(long = "set", value_name = "NODE.PARAM=VALUE")]
    pub set: Vec<String>,
}

fn parse_size(s: &str) -> Result<(u32, u32), String> {
    let (w, h) = s
        .split_once(['x', 'X'])
        .ok_or("size is WIDTHxHEIGHT, e.g. 256x256")?;
    let w: u32 = w.trim().parse().map_err(|_| format!("bad width '{w}'"))?;
    let h: u32 = h.trim().parse().map_err(|_| format!("bad height '{h}'"))?;
    if w == 0 || h == 0 || w > 8192 || h > 8192 {
        return Err("width and height must be 1 to 8192".into());
    }
    Ok((w, h))
}

fn parse_range(s: &str) -> Result<(u32, u32), String> {
    let (a, b) = s.split_once("..").ok_or("frames are A..B, e.g. 1..48")?;
    let a: u32 = a.trim().parse().map_err(|_| format!("bad frame '{a}'"))?;
    let b: u32 = b.trim().parse().map_err(|_| format!("bad frame '{b}'"))?;
    if b < a {
        return Err("the last frame comes before the first".into());
    }
    Ok((a, b))
}

/// Applies `--set` overrides and `--buffer` to the network.
pub fn apply_overrides(
    net: &mut Network,
    lib: &Library,
    sets: &[String],
    buffer: Option<&str>,
) -> Result<(), String> {
    let mut sets = sets.to_vec();
    if let Some(b) = buffer {
        sets.push(format!("{}.Buffer={b}", net.output));
    }
    for s in &sets {
        let (target, value) = s
            .split_once('=')
            .ok_or_else(|| format!("--set {s}: expected NODE.PARAM=VALUE"))?;
        let (node, param) = target
            .rsplit_once('.')
            .ok_or_else(|| format!("--set {s}: expected NODE.PARAM=VALUE"))?;
        let yaml: serde_yaml_ng::Value =
            serde_yaml_ng::from_str(value).map_err(|e| format!("--set {s}: {e}"))?;
        net.set_param(lib, node, param, &yaml)
            .map_err(|e| format!("--set {s}: {e}"))?;
    }
    Ok(())
}

fn numbered(path: &Path, frame: u32) -> PathBuf {
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "frame".into());
    path.with_file_name(format!("{stem}_{frame:04}.png"))
}

pub fn run(args: RenderArgs, project: &Project) -> Result<(), String> {
    let lib = load_library(project, true);
    let mut net = load_network(&args.network, &lib)?;
    apply_overrides(&mut net, &lib, &args.set, args.buffer.as_deref())?;
    let t0 = Instant::now();
    // One-off renders bake the parameters in: nothing is edited live here.
    let built = build(&lib, &net, Mode::RenderBaked).map_err(|e| e.report())?;
    let t_build = t0.elapsed();
    let gpu = Gpu::headless().map_err(|e| e.to_string())?;
    let mut renderer = Renderer::new(gpu);
    renderer.asset_dirs = super::asset_dirs(&net.file, &project.root);
    let t1 = Instant::now();
    renderer
        .set_shader(&built.shader, &built.compiled)
        .map_err(|e| e.to_string())?;
    let t_pipeline = t1.elapsed();
    renderer.set_params(&built.shader.param_values(&net, &lib));
    let (w, h) = args.size;
    let frames: Vec<Option<u32>> = match args.frames {
        Some((a, b)) => (a..=b).map(Some).collect(),
        None => vec![None],
    };
    let bar = indicatif::ProgressBar::new(frames.len() as u64);
    if frames.len() == 1 {
        bar.set_draw_target(indicatif::ProgressDrawTarget::hidden());
    }
    let t2 = Instant::now();
    for frame in &frames {
        renderer.globals.time = match frame {
            Some(f) => *f as f32 / args.fps,
            None => args.time,
        };
        renderer.globals.frame = frame.unwrap_or(0);
        let img = renderer.render_image(w, h).map_err(|e| e.to_string())?;
        let path = match frame {
            Some(f) => numbered(&args.output, *f),
            None => args.output.clone(),
        };
        save_png(&img, &path)?;
        bar.inc(1);
    }
    bar.finish_and_clear();
    let per_frame = t2.elapsed().as_secs_f64() * 1000.0 / frames.len() as f64;
    eprintln!(
        "rendered {} frame(s) at {w}x{h} on {}: build {:.1} ms, pipeline {:.1} ms, {:.1} ms per frame",
        frames.len(),
        renderer.gpu().adapter,
        t_build.as_secs_f64() * 1000.0,
        t_pipeline.as_secs_f64() * 1000.0,
        per_frame
    );
    Ok(())
}

/// Writes a PNG atomically.
pub fn save_png(img: &image::RgbaImage, path: &Path) -> Result<(), String> {
    let mut bytes = Vec::new();
    img.write_to(
        &mut std::io::Cursor::new(&mut bytes),
        image::ImageFormat::Png,
    )
    .map_err(|e| format!("{}: {e}", path.display()))?;
    crate::network::write_atomic(path, &bytes)
        .map_err(|e| format!("{}: cannot write: {e}", path.display()))
}

/// Reads points, one per line: `x`, `x y` or `x y z` (commas allowed, `#` comments).
pub fn read_points(text: &str, file: &Path) -> Result<Vec<[f32; 3]>, String> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let nums: Result<Vec<f32>, _> = line
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|s| !s.is_empty())
            .map(str::parse)
            .collect();
        let nums = nums.map_err(|e| format!("{}:{}:1: {e}", file.display(), i + 1))?;
        if nums.is_empty() || nums.len() > 3 {
            return Err(format!(
                "{}:{}:1: expected 1 to 3 numbers",
                file.display(),
                i + 1
            ));
        }
        out.push([
            nums[0],
            *nums.get(1).unwrap_or(&0.0),
            *nums.get(2).unwrap_or(&0.0),
        ]);
    }
    Ok(out)
}

/// Why points could not be sampled: the sample shader did not build, or the GPU failed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SampleError {
    #[error(transparent)]
    Build(#[from] BuildError),
    #[error(transparent)]
    Render(#[from] RenderError),
}

impl SampleError {
    /// The text the command line prints (a GLSL error with its ROP's lines).
    pub fn report(&self) -> String {
        match self {
            SampleError::Build(e) => e.report(),
            SampleError::Render(e) => e.to_string(),
        }
    }
}

/// Evaluates the network's scene (the output's first input) at points:
/// (value, material, material2, blend) per point.
pub fn sample_network(
    net: &Network,
    lib: &Library,
    renderer: &mut Renderer,
    points: &[[f32; 3]],
) -> Result<Vec<[f32; 4]>, SampleError> {
    let built = build(lib, net, Mode::Sample)?;
    renderer.set_shader(&built.shader, &built.compiled)?;
    renderer.set_params(&built.shader.param_values(net, lib));
    Ok(renderer.sample(points)?)
}

pub fn sample(network: &Path, points: &Path, project: &Project) -> Result<(), String> {
    let lib = load_library(project, true);
    let net = load_network(network, &lib)?;
    let text = std::fs::read_to_string(points).map_err(|e| format!("{}: {e}", points.display()))?;
    let pts = read_points(&text, points)?;
    let gpu = Gpu::headless().map_err(|e| e.to_string())?;
    let mut renderer = Renderer::new(gpu);
    renderer.asset_dirs = super::asset_dirs(&net.file, &project.root);
    for v in sample_network(&net, &lib, &mut renderer, &pts).map_err(|e| e.report())? {
        println!("{} {}", v[0], v[1] as i32);
    }
    Ok(())
}
