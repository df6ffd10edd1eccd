//! `ropkit render` and `ropkit sample`: headless rendering to PNG and SDF
//! evaluation at points.

use super::{check_output, load_library, load_network, network_only};
use crate::build::build;
use crate::generate::Mode;
use crate::project::Project;
use crate::render::{Gpu, Renderer, save_exr, save_png};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

#[derive(clap::Args, Debug)]
pub struct RenderArgs {
    pub network: PathBuf,
    /// The PNG to write (an .exr file gets the buffer's raw floats); with --frames,
    /// numbered as NAME_0001.png.
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
    /// Output buffer of the raymarch output: color, depth, normal, material, steps, nearHit,
    /// worldPosition, rayDirection, rayOrigin, objectId, sdf, iteration, uv, debug,
    /// orbitTrap. With an .exr output, its raw values as 32-bit floats.
    #[arg(long)]
    pub buffer: Option<String>,
    /// Override a parameter: /node/path.Param=value (value in YAML, e.g. 2.5 or [0,1,0]).
    #[arg(long = "set", value_name = "NODE.PARAM=VALUE")]
    pub set: Vec<String>,
    /// Stop with an error when the GPU takes longer than this on one step
    /// (building the pipeline, or one frame).
    #[arg(long, value_name = "SECONDS", default_value_t = crate::limits::GPU_TIMEOUT_SECS,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub timeout: u64,
}

fn parse_size(s: &str) -> Result<(u32, u32), String> {
    let (w, h) = s
        .split_once(['x', 'X'])
        .ok_or("size is WIDTHxHEIGHT, e.g. 256x256")?;
    let w: u32 = w.trim().parse().map_err(|_| format!("bad width '{w}'"))?;
    let h: u32 = h.trim().parse().map_err(|_| format!("bad height '{h}'"))?;
    let side = crate::limits::RENDER_SIDE;
    if w == 0 || h == 0 || w > side || h > side {
        return Err(format!("width and height must be 1 to {side}"));
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
    let limit = crate::limits::FRAMES;
    if u64::from(b - a) + 1 > limit {
        return Err(format!("at most {limit} frames at once"));
    }
    Ok((a, b))
}

fn numbered(path: &Path, frame: u32) -> PathBuf {
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "frame".into());
    let ext = path
        .extension()
        .map(|e| e.to_string_lossy().into_owned())
        .unwrap_or_else(|| "png".into());
    path.with_file_name(format!("{stem}_{frame:04}.{ext}"))
}

/// Stops a command whose GPU work does not finish in time. A thread watches
/// a deadline that the command moves before each step; past it, the process
/// says which network and step, and exits at once: a GPU running a loop
/// that never ends cannot be stopped any other way (waiting for it, or
/// dropping the device, would hang too). A step that takes a while is
/// reported as it goes (after [`FIRST_NOTE`], then every [`NOTE_EVERY`]), so
/// that a long driver compile is not mistaken for a hang.
pub(super) struct Watchdog {
    state: std::sync::Arc<std::sync::Mutex<Option<(Instant, String)>>>,
    limit: Duration,
}

/// When a step first says that it is still running.
const FIRST_NOTE: Duration = Duration::from_secs(3);
/// How often it says so again.
const NOTE_EVERY: Duration = Duration::from_secs(10);

impl Watchdog {
    /// `notes`: whether a long step is reported as it goes (not where a
    /// progress bar shows it).
    pub(super) fn start(limit: Duration, network: &Path, notes: bool) -> Watchdog {
        let state: std::sync::Arc<std::sync::Mutex<Option<(Instant, String)>>> = Default::default();
        let watched = state.clone();
        let network = network.display().to_string();
        let secs = limit.as_secs();
        std::thread::spawn(move || {
            // The step last reported, and when it is next due a note.
            let mut noted: Option<(Instant, Duration)> = None;
            loop {
                std::thread::sleep(Duration::from_millis(100));
                let Some((deadline, step)) = watched.lock().ok().and_then(|s| s.clone()) else {
                    noted = None;
                    continue;
                };
                if Instant::now() > deadline {
                    timed_out(&network, &step, secs);
                }
                let started = deadline.checked_sub(limit).unwrap_or(deadline);
                let next = match noted {
                    Some((at, next)) if at == started => next,
                    _ => FIRST_NOTE,
                };
                let spent = started.elapsed();
                if notes && spent >= next {
                    eprintln!(
                        "{network}: {step}: {} s so far (stopped at {secs} s; --timeout SECONDS changes it)",
                        spent.as_secs()
                    );
                    noted = Some((started, spent + NOTE_EVERY));
                }
            }
        });
        Watchdog { state, limit }
    }

    /// Starts the clock for one step, named in the message if it runs over.
    pub(super) fn arm(&self, step: &str) {
        if let Ok(mut s) = self.state.lock() {
            *s = Some((Instant::now() + self.limit, step.to_string()));
        }
    }

    /// Names the step now running without moving the deadline (a step
    /// made of parts: the draws of `sample`).
    pub(super) fn rename(&self, step: &str) {
        if let Ok(mut s) = self.state.lock()
            && let Some((_, name)) = s.as_mut()
        {
            *name = step.to_string();
        }
    }

    pub(super) fn disarm(&self) {
        if let Ok(mut s) = self.state.lock() {
            *s = None;
        }
    }
}

/// Prints `message` and ends the process at once, without the exit handlers
/// (the graphics driver's would wait for a GPU that does not return).
pub(super) fn stop(message: &str) -> ! {
    use std::io::Write;
    crate::files::temp::remove_all();
    eprintln!("{message}");
    let _ = std::io::stderr().flush();
    #[cfg(unix)]
    {
        unsafe extern "C" {
            fn _exit(status: i32) -> !;
        }
        // SAFETY: `_exit` ends the process; nothing runs after it.
        unsafe { _exit(1) }
    }
    #[cfg(not(unix))]
    std::process::exit(1)
}

/// Stops the process: `step` of rendering `network` took over `secs` seconds.
fn timed_out(network: &str, step: &str, secs: u64) -> ! {
    stop(&format!(
        "{network}: {step} did not finish on the GPU within {secs} s: stopped (--timeout SECONDS allows longer)"
    ))
}

/// A render error, or the stop of the process when the GPU timed out on
/// `step` (the device is still busy: returning would hang on dropping it).
pub(super) fn render_error(network: &Path, step: &str, e: crate::render::RenderError) -> String {
    if let crate::render::RenderError::Timeout(secs) = e {
        timed_out(&network.display().to_string(), step, secs as u64);
    }
    e.to_string()
}

pub fn run(args: RenderArgs, project: &Project) -> Result<(), String> {
    // Refused before any work: `-o NET` must never replace the network.
    check_output(&args.output, &network_only(&args.network))?;
    let lib = load_library(project, true);
    let mut net = load_network(project, &args.network, &lib)?;
    net.apply_overrides(&lib, &args.set, args.buffer.as_deref())
        .map_err(|e| e.to_string())?;
    // Every output, each frame of a sequence, against everything the job
    // reads, before the first is written: no partial sequence.
    let inputs = project.job_inputs(&lib, &net);
    let outputs: Vec<PathBuf> = match args.frames {
        Some((a, b)) => (a..=b).map(|f| numbered(&args.output, f)).collect(),
        None => vec![args.output.clone()],
    };
    inputs
        .check_all(outputs.iter().map(PathBuf::as_path))
        .map_err(|e| e.to_string())?;
    let t0 = Instant::now();
    // An .exr file gets the buffer's raw values as 32-bit floats (a data
    // render: distances, normals, positions, ids); a PNG gets the picture.
    let exr = args
        .output
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("exr"));
    // One-off renders bake the parameters in: nothing is edited live here.
    let mode = if exr { Mode::Data } else { Mode::RenderBaked };
    let built = build(&lib, &net, &super::options(mode)).map_err(|e| e.report())?;
    super::print_warnings(&built.shader.warnings);
    let t_build = t0.elapsed();
    // A folder for the frames (or the picture) that does not exist yet is
    // made, once the network has built and before any GPU work, so a sequence never fails at its first file.
    if let Some(dir) = args.output.parent().filter(|d| !d.as_os_str().is_empty())
        && !dir.is_dir()
    {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("{}: cannot make the folder: {e}", dir.display()))?;
    }
    let gpu = Gpu::headless().map_err(|e| e.to_string())?;
    let mut renderer = Renderer::new(gpu);
    renderer.asset_dirs = project.asset_dirs(&net.file);
    let limit = Duration::from_secs(args.timeout);
    renderer.timeout = Some(limit);
    let watchdog = Watchdog::start(limit, &args.network, true);
    let t1 = Instant::now();
    let step = "building the pipeline";
    watchdog.arm(step);
    renderer
        .set_built(&built)
        .map_err(|e| render_error(&args.network, step, e))?;
    let t_pipeline = t1.elapsed();
    renderer.set_params(&built.shader.param_values(&net, &lib));
    let (w, h) = args.size;
    // Frames are rendered one by one as the range is walked: nothing is
    // allocated per frame of the range.
    let (first, count) = match args.frames {
        Some((a, b)) => (Some(a), u64::from(b - a) + 1),
        None => (None, 1),
    };
    let bar = indicatif::ProgressBar::new(count);
    if count == 1 {
        bar.set_draw_target(indicatif::ProgressDrawTarget::hidden());
    }
    let t2 = Instant::now();
    for k in 0..count {
        let frame = first.map(|a| a + k as u32);
        renderer.globals.time = match frame {
            Some(f) => f as f32 / args.fps,
            None => args.time,
        };
        renderer.globals.frame = frame.unwrap_or(0);
        let step = match frame {
            Some(f) => format!("frame {f}"),
            None => "the frame".into(),
        };
        watchdog.arm(&step);
        let path = &outputs[k as usize];
        if exr {
            let texels = renderer
                .render_data(w, h)
                .map_err(|e| render_error(&args.network, &step, e))?;
            watchdog.disarm();
            save_exr(&texels, w, h, path).map_err(|e| e.to_string())?;
        } else {
            let img = renderer
                .render_image(w, h)
                .map_err(|e| render_error(&args.network, &step, e))?;
            watchdog.disarm();
            save_png(&img, path).map_err(|e| e.to_string())?;
        }
        bar.inc(1);
    }
    bar.finish_and_clear();
    let per_frame = t2.elapsed().as_secs_f64() * 1000.0 / count as f64;
    let cached = if renderer.stats.disk_cache_hits > 0 {
        " (from the pipeline cache)"
    } else {
        ""
    };
    eprintln!(
        "rendered {count} frame(s) at {w}x{h} on {}: build {:.1} ms, pipeline {:.1} ms{cached}, {:.1} ms per frame",
        renderer.gpu().adapter,
        t_build.as_secs_f64() * 1000.0,
        t_pipeline.as_secs_f64() * 1000.0,
        per_frame
    );
    Ok(())
}

pub fn sample(
    network: &Path,
    points: &Path,
    timeout: u64,
    verbose: bool,
    project: &Project,
) -> Result<(), String> {
    let t0 = Instant::now();
    // The GPU opens (the longest part of starting) while the library and
    // the network load.
    let opening = std::thread::spawn(Gpu::headless);
    let lib = load_library(project, true);
    let net = load_network(project, network, &lib)?;
    let built = crate::sample::Sampler::build(&net, &lib).map_err(|e| e.report())?;
    super::print_warnings(&built.shader.warnings);
    let t_load = t0.elapsed();
    let gpu = opening
        .join()
        .map_err(|_| "opening the GPU failed".to_string())?
        .map_err(|e| e.to_string())?;
    let t_gpu = t0.elapsed();
    let mut renderer = Renderer::new(gpu);
    renderer.asset_dirs = project.asset_dirs(&net.file);
    let limit = Duration::from_secs(timeout);
    renderer.timeout = Some(limit);
    let watchdog = Watchdog::start(limit, network, true);
    watchdog.arm("building the sampling shader");
    let mut sampler = crate::sample::Sampler::from_built(&built, &net, &lib, &mut renderer)
        .map_err(|e| match e {
            crate::sample::SampleError::Render(r) => render_error(network, "sampling", r),
            other => other.report(),
        })?;
    watchdog.disarm();
    let t_shader = t0.elapsed() - t_gpu;
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    // The timeout bounds the sampling as a whole, as it bounds one frame
    // of a render: the watchdog stops the process past it, naming the draw
    // in flight. Draws are short (about a quarter second each, sized from
    // the last), so that the time goes in steps the watchdog can name; a
    // software GPU may run a draw inside its submission, where no wait with
    // a timeout could stop it.
    let t_stream = Instant::now();
    watchdog.arm("sampling the points");
    let times = crate::sample::stream::sample_file(
        &mut sampler,
        points,
        crate::limits::POINTS_FILE_BYTES,
        &mut out,
        &mut |step| {
            if let crate::sample::stream::GpuStep::Waiting { first, last } = step {
                watchdog.rename(&format!(
                    "sampling the points (points {first} to {last} on the GPU)"
                ));
            }
        },
    )
    .map_err(|e| match e {
        crate::sample::stream::StreamError::Sample(crate::sample::SampleError::Render(r)) => {
            render_error(network, "sampling", r)
        }
        other => other.to_string(),
    })?;
    watchdog.disarm();
    if verbose {
        // Every stage, and what lies between them, adds up to the total.
        let stream = t_stream.elapsed().as_secs_f64();
        let parts = times.read + times.parse + times.submit + times.gpu_wait + times.write;
        let total = t0.elapsed().as_secs_f64();
        eprintln!(
            "{} points in {} draws: library, network and shader code {:.3} s, waiting for the GPU to open {:.3} s, pipeline {:.3} s, read {:.3} s, parse {:.3} s, submit {:.3} s, GPU waits {:.3} s, format and write {:.3} s, between these {:.3} s, total {:.3} s",
            times.points,
            times.draws,
            t_load.as_secs_f64(),
            (t_gpu - t_load).as_secs_f64(),
            t_shader.as_secs_f64(),
            times.read,
            times.parse,
            times.submit,
            times.gpu_wait,
            times.write,
            (stream - parts).max(0.0),
            total
        );
    }
    Ok(())
}

/// A headless command on a machine without a desktop session has no
/// `XDG_RUNTIME_DIR`, and the graphics stack says so on every start (it
/// probes for a Wayland display it will never use). Such a command gets a
/// private, empty runtime folder for its lifetime instead; the returned
/// guard removes it. A valid `XDG_RUNTIME_DIR` is left alone.
pub fn private_runtime_dir() -> Option<tempfile::TempDir> {
    let valid = std::env::var_os("XDG_RUNTIME_DIR")
        .filter(|d| !d.is_empty())
        .is_some_and(|d| Path::new(&d).is_dir());
    if valid {
        return None;
    }
    let dir = tempfile::Builder::new()
        .prefix("ropkit-runtime-")
        .tempdir()
        .ok()?;
    // SAFETY: called from `main` before any thread is started, so nothing
    // reads the environment while it changes.
    unsafe { std::env::set_var("XDG_RUNTIME_DIR", dir.path()) };
    Some(dir)
}

/// Size of the picture a web page carries as its thumbnail (`og:image`).
pub const THUMBNAIL_SIZE: (u32, u32) = (160, 120);

/// How long the thumbnail may take on the GPU before the page goes without.
const THUMBNAIL_TIMEOUT: Duration = Duration::from_secs(30);

/// A small picture of `net` (PNG bytes) for its web page, rendered as
/// `ropkit render` renders at time 0; `None`, with a note, where it cannot
/// be drawn (no GPU, an error, or longer than [`THUMBNAIL_TIMEOUT`]): the
/// page is written without it.
pub(super) fn thumbnail(
    net: &crate::network::Network,
    lib: &crate::library::Library,
    project: &Project,
) -> Option<Vec<u8>> {
    let note = |why: String| eprintln!("note: the page has no thumbnail: {why}");
    let built = build(lib, net, &super::options(Mode::RenderBaked))
        .map_err(|e| note(e.to_string()))
        .ok()?;
    let gpu = Gpu::headless().map_err(|e| note(e.to_string())).ok()?;
    let mut renderer = Renderer::new(gpu);
    renderer.asset_dirs = project.asset_dirs(&net.file);
    renderer.timeout = Some(THUMBNAIL_TIMEOUT);
    let (w, h) = THUMBNAIL_SIZE;
    let drawn = renderer.set_built(&built).and_then(|()| {
        renderer.set_params(&built.shader.param_values(net, lib));
        renderer.render_image(w, h)
    });
    match drawn {
        Ok(img) => crate::render::encode_png(&img, Path::new("thumbnail.png"))
            .map_err(|e| note(e.to_string()))
            .ok(),
        Err(crate::render::RenderError::Timeout(secs)) => {
            // The device is still busy: dropping it would wait for it.
            std::mem::forget(renderer);
            note(format!("it took longer than {secs} s to draw"));
            None
        }
        Err(e) => {
            note(e.to_string());
            None
        }
    }
}
