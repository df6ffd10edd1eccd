//! `ropkit gallery`: a thumbnail of every ROP in a standard scene for its
//! type ([`scene`]), on one HTML page ([`page`]). Every network is stitched
//! and checked first; then a few worker threads share one GPU device, each
//! with a renderer of its own (pipelines go through the renderer, so the
//! on-disk pipeline cache and the driver's shader cache make a second run
//! fast). A ROP whose scene cannot be made, built, compiled or drawn gets a
//! placeholder and its error on the page; the gallery goes on.

pub mod check;
pub mod page;
pub mod scene;

use crate::build::{Built, build};
use crate::generate::Mode;
use crate::library::{Library, RopDef};
use crate::network::Network;
use crate::render::{Gpu, RenderError, Renderer};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

pub use scene::View;

/// What the gallery draws, and how.
#[derive(Debug, Clone)]
pub struct GalleryOptions {
    /// Thumbnail side in pixels.
    pub size: u32,
    /// Only ROPs whose name or category is one of these (all when empty).
    pub only: Vec<String>,
    /// Worker threads drawing at once (each creates pipelines in parallel).
    pub jobs: usize,
    /// The time (iTime, seconds) every thumbnail is drawn at.
    pub time: f32,
    /// Longest one thumbnail may keep the GPU busy.
    pub timeout: Duration,
    /// Where texture paths are looked up, first match wins.
    pub asset_dirs: Vec<PathBuf>,
    /// The folder the scene networks notionally live in (for messages and
    /// relative paths); nothing is written there.
    pub scene_dir: PathBuf,
    /// Also draw each ROP's scene without it and judge every thumbnail
    /// ([`check::problems`]): flat, plain, or the same as another's.
    pub check: bool,
}

impl Default for GalleryOptions {
    fn default() -> Self {
        GalleryOptions {
            size: 128,
            only: Vec::new(),
            jobs: std::thread::available_parallelism().map_or(2, |n| n.get().min(4)),
            time: 1.0,
            timeout: Duration::from_secs(60),
            asset_dirs: Vec::new(),
            scene_dir: PathBuf::from("gallery"),
            check: false,
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum GalleryError {
    #[error("{}: {message}", path.display())]
    Write { path: PathBuf, message: String },
    #[error("{0}")]
    Gpu(#[from] RenderError),
    #[error("no ROP matches {0}")]
    NothingSelected(String),
}

/// One ROP's thumbnail: the picture, or why there is none.
#[derive(Debug, Clone)]
pub struct Entry {
    pub name: String,
    pub category: String,
    pub description: String,
    pub raytk: Vec<String>,
    /// How it was shown (`None` when no scene could be made).
    pub view: Option<View>,
    /// The PNG, relative to the output folder.
    pub image: String,
    /// Why the thumbnail is a placeholder.
    pub error: Option<String>,
}

/// What a run made and what it cost.
#[derive(Debug, Clone)]
pub struct Report {
    pub entries: Vec<Entry>,
    pub adapter: String,
    pub size: u32,
    /// Making the scenes, stitching and checking them.
    pub build_time: Duration,
    /// Creating pipelines and drawing, all workers together (wall clock).
    pub gpu_time: Duration,
    /// A thumbnail ran past the timeout: the GPU may still be busy, so the
    /// device must not be used or dropped (the command line exits at once).
    pub gpu_stuck: bool,
    /// With [`GalleryOptions::check`]: the thumbnails that do not show
    /// their ROP at work.
    pub problems: Vec<check::Problem>,
}

impl Report {
    pub fn failed(&self) -> usize {
        self.entries.iter().filter(|e| e.error.is_some()).count()
    }
}

/// A scene that built, waiting for the GPU.
struct Pending {
    index: usize,
    built: Built,
    params: Vec<[f32; 4]>,
}

/// The ROPs the gallery shows, by category and name.
pub fn select<'a>(lib: &'a Library, only: &[String]) -> Vec<&'a RopDef> {
    let mut rops: Vec<&RopDef> = lib
        .rops
        .values()
        .filter(|d| only.is_empty() || only.iter().any(|o| *o == d.name || *o == d.category))
        .collect();
    rops.sort_by(|a, b| (&a.category, &a.name).cmp(&(&b.category, &b.name)));
    rops
}

/// The standard scene of `def`, parsed and built (for the gallery and for
/// anyone who wants to look at one).
pub fn build_scene(
    lib: &Library,
    def: &RopDef,
    scene_dir: &Path,
) -> Result<(View, Network, Built), (Option<View>, String)> {
    let (view, yaml) = scene::scene(def).map_err(|e| (None, e.to_string()))?;
    let file = scene_dir.join(format!("{}.yaml", file_stem(&def.name)));
    let (net, built) = build_yaml(lib, &yaml, &file).map_err(|e| (Some(view), e))?;
    Ok((view, net, built))
}

/// A gallery network (YAML text, notionally the file `file`), parsed and
/// built as the gallery builds its scenes: parameter values compiled in.
pub fn build_yaml(lib: &Library, yaml: &str, file: &Path) -> Result<(Network, Built), String> {
    let net = Network::parse(yaml, file, lib).map_err(|e| e.to_string())?;
    let built = build(lib, &net, &Mode::RenderBaked.into()).map_err(|e| e.report())?;
    Ok((net, built))
}

/// Draws the gallery into `out` (index.html and one PNG per ROP).
pub fn run(lib: &Library, out: &Path, opts: &GalleryOptions) -> Result<Report, GalleryError> {
    let rops = select(lib, &opts.only);
    if rops.is_empty() {
        return Err(GalleryError::NothingSelected(opts.only.join(", ")));
    }
    let images = out.join("images");
    std::fs::create_dir_all(&images).map_err(|e| GalleryError::Write {
        path: images.clone(),
        message: e.to_string(),
    })?;
    // Every scene first: stitching and naga, no GPU.
    let t0 = Instant::now();
    let mut entries = Vec::new();
    let mut pending = Vec::new();
    let mut stems = std::collections::BTreeSet::new();
    for (index, def) in rops.iter().enumerate() {
        // Names are unique; their file names, after sanitising, should be too.
        let mut stem = file_stem(&def.name);
        if !stems.insert(stem.clone()) {
            stem = format!("{stem}-{index}");
            stems.insert(stem.clone());
        }
        let mut entry = Entry {
            name: def.name.clone(),
            category: def.category.clone(),
            description: def.description.clone(),
            raytk: def.raytk.clone(),
            view: None,
            image: format!("images/{stem}.png"),
            error: None,
        };
        match build_scene(lib, def, &opts.scene_dir) {
            Ok((view, net, built)) => {
                entry.view = Some(view);
                let params = built.shader.param_values(&net, lib);
                pending.push(Pending {
                    index,
                    built,
                    params,
                });
            }
            Err((view, e)) => {
                entry.view = view;
                entry.error = Some(e);
            }
        }
        entries.push(entry);
    }
    // With --check, each distinct scene without its ROP, drawn after the
    // thumbnails (indices past them).
    let mut plain_of: Vec<Option<usize>> = vec![None; rops.len()];
    if opts.check {
        let mut seen: std::collections::BTreeMap<String, usize> = Default::default();
        for (k, def) in rops.iter().enumerate() {
            let Ok(Some((_, yaml))) = scene::plain_scene(def) else {
                continue;
            };
            if let Some(&i) = seen.get(&yaml) {
                plain_of[k] = Some(i);
                continue;
            }
            let file = opts
                .scene_dir
                .join(format!("{}-plain.yaml", file_stem(&def.name)));
            if let Ok((net, built)) = build_yaml(lib, &yaml, &file) {
                let index = rops.len() + seen.len();
                let params = built.shader.param_values(&net, lib);
                pending.push(Pending {
                    index,
                    built,
                    params,
                });
                seen.insert(yaml, index);
                plain_of[k] = Some(index);
            }
        }
    }
    let build_time = t0.elapsed();
    let gpu = Gpu::headless()?;
    let t1 = Instant::now();
    let results = draw_all(&gpu, pending, opts);
    let gpu_time = t1.elapsed();
    let mut gpu_stuck = false;
    let mut thumbs: Vec<Option<image::RgbaImage>> = vec![None; rops.len()];
    let mut plains: std::collections::BTreeMap<usize, image::RgbaImage> = Default::default();
    for (index, result) in results {
        if index >= rops.len() {
            if let Ok(img) = result {
                plains.insert(index, img);
            }
            continue;
        }
        match result {
            Ok(img) => {
                let path = out.join(&entries[index].image);
                write_png(&img, &path)?;
                if opts.check {
                    thumbs[index] = Some(img);
                }
            }
            Err(e) => {
                gpu_stuck |= matches!(
                    e,
                    DrawError::Stuck | DrawError::Render(RenderError::Timeout(_))
                );
                entries[index].error = Some(e.to_string());
            }
        }
    }
    for e in entries.iter().filter(|e| e.error.is_some()) {
        write_png(&page::placeholder(opts.size), &out.join(&e.image))?;
    }
    let problems = if opts.check {
        let thumbs: Vec<Option<&image::RgbaImage>> = thumbs.iter().map(Option::as_ref).collect();
        let plains: Vec<Option<&image::RgbaImage>> = plain_of
            .iter()
            .map(|i| i.and_then(|i| plains.get(&i)))
            .collect();
        check::problems(&rops, &thumbs, &plains)
    } else {
        Vec::new()
    };
    let report = Report {
        entries,
        adapter: gpu.adapter.clone(),
        size: opts.size,
        build_time,
        gpu_time,
        gpu_stuck,
        problems,
    };
    let html = out.join("index.html");
    crate::files::write_atomic(&html, page::html(&report).as_bytes()).map_err(|e| {
        GalleryError::Write {
            path: html.clone(),
            message: e.to_string(),
        }
    })?;
    if gpu_stuck {
        // Dropping a device whose GPU work never finished would hang.
        std::mem::forget(gpu);
    }
    Ok(report)
}

#[derive(Debug, thiserror::Error)]
enum DrawError {
    #[error("{0}")]
    Render(RenderError),
    #[error("not drawn: the GPU did not finish an earlier thumbnail")]
    Stuck,
}

/// Draws built scenes (each with its parameter values) the way the
/// gallery draws its thumbnails: `opts.jobs` threads sharing `gpu`, at
/// `opts.size` and `opts.time`. One result per scene, in order.
pub fn draw_scenes(
    gpu: &Gpu,
    scenes: Vec<(Built, Vec<[f32; 4]>)>,
    opts: &GalleryOptions,
) -> Vec<Result<image::RgbaImage, String>> {
    let n = scenes.len();
    let pending = scenes
        .into_iter()
        .enumerate()
        .map(|(index, (built, params))| Pending {
            index,
            built,
            params,
        })
        .collect();
    let mut out: Vec<Result<image::RgbaImage, String>> =
        (0..n).map(|_| Err(String::new())).collect();
    for (i, r) in draw_all(gpu, pending, opts) {
        out[i] = r.map_err(|e| e.to_string());
    }
    out
}

/// Draws every pending scene on `opts.jobs` threads sharing `gpu`.
fn draw_all(
    gpu: &Gpu,
    pending: Vec<Pending>,
    opts: &GalleryOptions,
) -> Vec<(usize, Result<image::RgbaImage, DrawError>)> {
    let next = AtomicUsize::new(0);
    let stuck = AtomicBool::new(false);
    let results = Mutex::new(Vec::with_capacity(pending.len()));
    let jobs = opts.jobs.clamp(1, pending.len().max(1));
    std::thread::scope(|s| {
        for _ in 0..jobs {
            s.spawn(|| {
                let mut renderer = Renderer::new(gpu.clone());
                renderer.asset_dirs = opts.asset_dirs.clone();
                renderer.timeout = Some(opts.timeout);
                renderer.globals.time = opts.time;
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(p) = pending.get(i) else { break };
                    let result = if stuck.load(Ordering::Relaxed) {
                        Err(DrawError::Stuck)
                    } else {
                        draw(&mut renderer, p, opts.size).map_err(DrawError::Render)
                    };
                    if matches!(result, Err(DrawError::Render(RenderError::Timeout(_)))) {
                        stuck.store(true, Ordering::Relaxed);
                    }
                    let stop = stuck.load(Ordering::Relaxed) && result.is_err();
                    results
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .push((p.index, result));
                    if stop {
                        // This worker's device queue may never drain: leave it.
                        std::mem::forget(renderer);
                        break;
                    }
                }
            });
        }
    });
    let mut results = results.into_inner().unwrap_or_else(|e| e.into_inner());
    // Whatever a stopped worker left undone.
    let done: std::collections::BTreeSet<usize> = results.iter().map(|(i, _)| *i).collect();
    for p in &pending {
        if !done.contains(&p.index) {
            results.push((p.index, Err(DrawError::Stuck)));
        }
    }
    results
}

fn draw(renderer: &mut Renderer, p: &Pending, size: u32) -> Result<image::RgbaImage, RenderError> {
    // One pipeline per ROP, never needed again: keep memory flat.
    renderer.clear_pipeline_cache();
    renderer.set_built(&p.built)?;
    renderer.set_params(&p.params);
    renderer.render_image(size, size)
}

fn write_png(img: &image::RgbaImage, path: &Path) -> Result<(), GalleryError> {
    let mut bytes = Vec::new();
    img.write_to(
        &mut std::io::Cursor::new(&mut bytes),
        image::ImageFormat::Png,
    )
    .and_then(|_| crate::files::write_atomic(path, &bytes).map_err(image::ImageError::IoError))
    .map_err(|e| GalleryError::Write {
        path: path.to_path_buf(),
        message: e.to_string(),
    })
}

/// A file name made of the ROP name's letters, digits, `_` and `-`.
pub fn file_stem(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect()
}
