//! The preview's worker: a thread with a GPU device of its own that builds
//! the network (stitching, naga, pipeline creation) and renders it in short
//! slices, so that the window never waits for either.
//!
//! Threading alone would not be enough: on a software rasteriser one long
//! draw blocks the queue, and the window's own drawing behind it. The worker
//! therefore draws on a device of its own, and draws a frame as bands of
//! rows, each band one short submission (sized to the frame budget, about
//! 20 ms). Between bands it looks for newer requests: the newest edit wins,
//! a stale frame is dropped half-way, and the window shows each band as it
//! arrives over the last good picture.

use super::baker::{Baked, Baker, SETTLE, draws_the_same};
use crate::build::Built;
use crate::document::{Change, Document, LiveError, LiveStats};
use crate::export::{Format, export};
use crate::library::Library;
use crate::live::Live;
use crate::network::Network;
use crate::render::{Globals, Gpu, Renderer};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::mpsc::{Receiver, Sender, TryRecvError, channel};
use std::time::{Duration, Instant};

/// A picture to draw.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FrameRequest {
    pub width: u32,
    pub height: u32,
    pub globals: Globals,
}

pub enum Job {
    /// A revision of the window's document: its network and library as
    /// they now are. What it needs (a build, or new values) is the
    /// document's decision.
    Revision {
        net: Box<Network>,
        lib: Arc<Library>,
        revision: u64,
    },
    Frame(FrameRequest),
    /// How long one band of rows may take.
    Budget(Duration),
    /// How long one picture may take before it is stopped (see
    /// [`crate::limits::PREVIEW_FRAME_SECS`]).
    FrameLimit(Duration),
    /// Render a picture at full size and write it to a PNG.
    ExportPng {
        path: PathBuf,
        width: u32,
        height: u32,
        globals: Globals,
    },
    /// Write the current build in another form (GLSL, WGSL, SPIR-V, ...).
    Export {
        format: Format,
        path: PathBuf,
    },
    /// Mesh the scene into a .glb, .obj, .stl or .ply file.
    ExportMesh {
        path: PathBuf,
        resolution: u32,
    },
}

pub enum Event {
    /// A build finished (or failed: the last good shader stays in use).
    Built {
        revision: u64,
        /// The build now in use (the last good one after a failure).
        built: Option<Arc<Built>>,
        error: Option<LiveError>,
        stats: LiveStats,
        took: Duration,
    },
    /// Parameter values applied without a build.
    Updated { revision: u64, stats: LiveStats },
    /// A band of rows of the picture being drawn, RGBA8, top row first.
    Rows {
        width: u32,
        height: u32,
        y0: u32,
        rows: u32,
        pixels: Vec<u8>,
        /// The last band of the frame.
        complete: bool,
        /// From the frame's first band to this one.
        elapsed: Duration,
        /// The frame is for this request.
        request: FrameRequest,
        /// Drawn by the baked twin (values compiled in), not the live build.
        baked: bool,
    },
    /// A baked twin of this revision is ready and draws from now on (until
    /// the next edit of a value, a wire or the library).
    Baked { revision: u64, took: Duration },
    /// A frame could not be drawn, or was stopped past its time limit
    /// (the rows drawn stay; the same request is not drawn again).
    RenderFailed(String),
    Exported {
        path: PathBuf,
        /// What was written (a line for the log), or why nothing was.
        result: Result<String, ExportFailure>,
    },
    /// The worker could not start (no GPU device).
    Dead(String),
}

/// Why an export from the viewer wrote nothing.
#[derive(Debug, thiserror::Error)]
pub enum ExportFailure {
    #[error("nothing to export: the network has not built yet")]
    NotBuilt,
    #[error("no renderer")]
    NoRenderer,
    #[error("that is the network file itself")]
    IsNetwork,
    #[error(transparent)]
    Export(#[from] crate::export::ExportError),
    #[error(transparent)]
    Render(#[from] crate::render::RenderError),
    #[error(transparent)]
    Picture(#[from] crate::render::PictureError),
    #[error(transparent)]
    MeshFile(#[from] crate::mesh::write::MeshFileError),
    /// The mesher's report (its error with the hints it adds).
    #[error("{0}")]
    Mesh(String),
    #[error("cannot write: {0}")]
    Write(std::io::Error),
    #[error(transparent)]
    Refused(#[from] crate::files::OutputError),
}

/// The window's handle on the worker.
pub struct Worker {
    /// `None` once stopped: dropping the sender is what tells the thread to end.
    tx: Option<Sender<Job>>,
    pub events: Receiver<Event>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Worker {
    /// Starts the worker on `net`; `wake` is called after each event (it
    /// asks the window to draw again).
    pub fn start(doc: &Document, wake: impl Fn() + Send + 'static) -> Worker {
        let mut copy = Document::new(doc.project.clone(), doc.lib.clone(), doc.net.clone());
        copy.take_revision(doc.net.clone(), doc.lib.clone(), doc.revision());
        let (tx, jobs) = channel();
        let (events_tx, events) = channel();
        let said = events_tx.clone();
        let spawned = std::thread::Builder::new()
            .name("ropkit preview".into())
            .stack_size(DRIVER_STACK)
            .spawn(move || {
                lower_priority();
                if let Some(mut w) = Work::start(copy, events_tx, Box::new(wake)) {
                    w.run(jobs);
                }
            });
        // Without a thread there is no preview, but the window still opens
        // and says why (as it does without a GPU).
        let thread = match spawned {
            Ok(t) => Some(t),
            Err(e) => {
                let _ = said.send(Event::Dead(format!("cannot start the preview thread: {e}")));
                None
            }
        };
        Worker {
            tx: Some(tx),
            events,
            thread,
        }
    }

    pub fn send(&self, job: Job) {
        // A worker that stopped (no device) has said why in an event.
        if let Some(tx) = &self.tx {
            let _ = tx.send(job);
        }
    }

    /// Tells the thread to end and waits up to `wait` for it. True when it
    /// ended (or never ran); false when it is still inside a build, an
    /// export or the driver. The thread looks for the end between bands of a
    /// frame, so it usually ends within one band. A process must not return
    /// from `main` while the thread is in the driver: the exit handlers tear
    /// the driver down under it (a crash on closing the window).
    pub fn stop(&mut self, wait: Duration) -> bool {
        self.tx = None;
        let Some(thread) = self.thread.take() else {
            return true;
        };
        let deadline = Instant::now() + wait;
        while !thread.is_finished() {
            if Instant::now() >= deadline {
                self.thread = Some(thread);
                return false;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let _ = thread.join();
        true
    }

    /// Whether the thread is still running (after [`Worker::stop`] gave up).
    pub fn running(&self) -> bool {
        self.thread.as_ref().is_some_and(|t| !t.is_finished())
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        let _ = self.stop(STOP_WAIT);
    }
}

/// The stack of a thread that creates pipelines: the driver compiles on
/// the caller's stack, and a compiler's passes over one large function
/// recurse deeply (the main thread has 8 MiB; a spawned one 2 MiB unless
/// told). Only what is used is taken.
pub(super) const DRIVER_STACK: usize = 64 << 20;

/// How long closing the window waits for the preview thread to end.
pub const STOP_WAIT: Duration = Duration::from_secs(20);

/// A frame being drawn band by band.
struct Progress {
    target: wgpu::Texture,
    next_row: u32,
    started: Instant,
    /// Drawn by the baked twin (its target lives on the twin's device).
    baked: bool,
}

struct Work {
    live: Live,
    events: Sender<Event>,
    wake: Box<dyn Fn() + Send>,
    budget: Duration,
    /// Rows per band, adapted so that a band takes about the budget.
    rows: u32,
    /// How long one picture may take (between bands) before it is stopped.
    frame_limit: Duration,
    /// The request last stopped past `frame_limit`, until a new revision:
    /// asking for it again does not draw it again.
    stopped: Option<FrameRequest>,
    frame: Option<FrameRequest>,
    progress: Option<Progress>,
    baker: Option<Baker>,
    /// The baked twin, only while it draws the current network.
    baked: Option<Baked>,
    /// When the values last changed, until a twin is asked for.
    settle: Option<Instant>,
    /// A new structure's first picture waits for its twin (see `apply`).
    wait_for_twin: bool,
}

impl Work {
    fn start(doc: Document, events: Sender<Event>, wake: Box<dyn Fn() + Send>) -> Option<Work> {
        let gpu = match Gpu::headless() {
            Ok(g) => g,
            Err(e) => {
                let _ = events.send(Event::Dead(e.to_string()));
                wake();
                return None;
            }
        };
        let t0 = Instant::now();
        let mut live = Live {
            session: Some(crate::session::Session::new(Renderer::new(gpu), &doc)),
            doc,
        };
        let _ = live.rebuild();
        let mut work = Work {
            live,
            events,
            wake,
            budget: Duration::from_millis(20),
            rows: 8,
            frame_limit: preview_frame_limit(),
            stopped: None,
            frame: None,
            progress: None,
            // `ROPKIT_NO_BAKE=1` keeps the live build on screen (to measure it).
            baker: std::env::var("ROPKIT_NO_BAKE")
                .map_or(true, |v| v.is_empty() || v == "0")
                .then(Baker::start),
            baked: None,
            settle: Some(already_settled()),
            wait_for_twin: false,
        };
        // The first picture is the twin's, as after any new structure.
        work.wait_for_twin = work.baker.is_some();
        work.built(t0.elapsed());
        Some(work)
    }

    fn send(&self, e: Event) {
        let _ = self.events.send(e);
        (self.wake)();
    }

    fn built(&self, took: Duration) {
        self.send(Event::Built {
            revision: self.live.revision(),
            built: self.live.built.clone(),
            error: self.live.error.clone(),
            stats: self.live.stats,
            took,
        });
    }

    fn run(&mut self, jobs: Receiver<Job>) {
        loop {
            // Wait when there is nothing to draw (looking now and then for a
            // twin to ask for or take); otherwise only look.
            let first = if self.progress.is_none() && (self.frame.is_none() || self.wait_for_twin) {
                let waiting = self.settle.is_some()
                    || self.baker.as_ref().is_some_and(|b| b.in_flight.is_some());
                if waiting {
                    match jobs.recv_timeout(Duration::from_millis(50)) {
                        Ok(j) => Some(j),
                        Err(std::sync::mpsc::RecvTimeoutError::Timeout) => None,
                        Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => return,
                    }
                } else {
                    match jobs.recv() {
                        Ok(j) => Some(j),
                        Err(_) => return,
                    }
                }
            } else {
                match jobs.try_recv() {
                    Ok(j) => Some(j),
                    Err(TryRecvError::Empty) => None,
                    Err(TryRecvError::Disconnected) => return,
                }
            };
            // Everything waiting: the newest network and frame win.
            let mut network = None;
            let mut frame = None;
            let mut exports = Vec::new();
            let mut pending = first.into_iter().collect::<Vec<_>>();
            while let Ok(j) = jobs.try_recv() {
                pending.push(j);
            }
            for job in pending {
                match job {
                    Job::Revision { net, lib, revision } => network = Some((net, lib, revision)),
                    Job::Frame(f) => frame = Some(f),
                    Job::Budget(b) => self.budget = b.max(Duration::from_millis(2)),
                    Job::FrameLimit(d) => self.frame_limit = d,
                    Job::ExportPng {
                        path,
                        width,
                        height,
                        globals,
                    } => exports.push(Job::ExportPng {
                        path,
                        width,
                        height,
                        globals,
                    }),
                    e @ (Job::Export { .. } | Job::ExportMesh { .. }) => exports.push(e),
                }
            }
            if let Some((net, lib, revision)) = network {
                self.apply(*net, lib, revision);
            }
            // After the revision: a picture stopped past its time limit is
            // drawn again only for a new revision (which clears `stopped`).
            if let Some(f) = frame
                && self.frame != Some(f)
                && self.stopped != Some(f)
            {
                self.frame = Some(f);
                self.progress = None;
            }
            for job in exports {
                match job {
                    Job::ExportPng {
                        path,
                        width,
                        height,
                        globals,
                    } => self.export_png(path, width, height, globals),
                    Job::Export { format, path } => self.export(format, path),
                    Job::ExportMesh { path, resolution } => self.export_mesh(path, resolution),
                    _ => {}
                }
            }
            self.tend_twin();
            // Nothing asked for and nothing coming: the live build draws.
            if self.wait_for_twin
                && self.settle.is_none()
                && self.baker.as_ref().is_none_or(|b| b.in_flight.is_none())
            {
                self.wait_for_twin = false;
            }
            self.draw_band();
        }
    }

    /// Asks for a baked twin once the values have settled, and takes one
    /// that is ready if it still draws the current network.
    fn tend_twin(&mut self) {
        let Some(baker) = &mut self.baker else {
            self.wait_for_twin = false;
            return;
        };
        match baker.poll() {
            Some(Some(baked))
                if draws_the_same(&baked.net, &self.live.net)
                    && Arc::ptr_eq(&baked.lib, &self.live.lib) =>
            {
                let took = baked.took;
                self.baked = Some(baked);
                self.wait_for_twin = false;
                let revision = self.live.revision();
                self.send(Event::Baked { revision, took });
            }
            // It failed: the live build draws.
            Some(None) => self.wait_for_twin = false,
            Some(Some(_)) if std::env::var_os("ROPKIT_DEBUG_FRAMES").is_some() => {
                eprintln!("a twin of values since changed, dropped");
            }
            // Of values since changed: another is asked for once they settle.
            Some(Some(_)) | None => {}
        }
        let Some(baker) = &mut self.baker else { return };
        let Some(since) = self.settle else { return };
        // Only a picture build of the current network, without an error.
        let current = self.live.error.is_none()
            && self.live.options.mode == crate::generate::Mode::Render
            && self.live.built.is_some();
        if !current {
            self.settle = None;
            self.wait_for_twin = false;
        } else if since.elapsed() >= SETTLE && baker.in_flight.is_none() {
            baker.request(&self.live.net, &self.live.lib, &self.live.project);
            self.settle = None;
        }
    }

    /// Brings the build up to date with the newest revision.
    fn apply(&mut self, net: Network, lib: Arc<Library>, revision: u64) {
        let t0 = Instant::now();
        // A revision that draws what the twin (ready or on its way) draws
        // keeps it: moving a node in the editor is not an edit of the picture.
        let same_lib = Arc::ptr_eq(&lib, &self.live.lib);
        let twin_ready = self
            .baked
            .as_ref()
            .is_some_and(|b| draws_the_same(&b.net, &net) && Arc::ptr_eq(&b.lib, &lib));
        let twin_coming = same_lib
            && self
                .baker
                .as_ref()
                .and_then(|b| b.in_flight.as_ref())
                .is_some_and(|n| draws_the_same(n, &net));
        self.live.take_revision(net, lib, revision);
        // A new revision may draw faster: a stopped request is drawn again.
        self.stopped = None;
        if !twin_ready {
            // The twin was of the old values: edits draw live until the next.
            self.baked = None;
            if self.progress.as_ref().is_some_and(|p| p.baked) {
                self.progress = None;
            }
        }
        if !twin_ready && !twin_coming {
            self.settle = Some(Instant::now());
        }
        let change = self.live.change();
        let _ = self.live.sync();
        if std::env::var_os("ROPKIT_DEBUG_FRAMES").is_some() {
            eprintln!(
                "revision {revision}: {change:?}, twin ready {twin_ready}, coming {twin_coming}, same library {same_lib}"
            );
        }
        match change {
            Change::Shader => {
                // A new structure is not a value being dragged: the twin
                // is asked for at once, and the first picture waits for it.
                // On a software rasteriser the live build's first draw is
                // the slow one (its driver compile: 15 s against 0.4 s
                // for a 300-node mixed network, BENCHMARKS.md); the live
                // build compiles when a value is first edited.
                self.settle = Some(already_settled());
                self.wait_for_twin = self.baker.is_some();
                self.built(t0.elapsed())
            }
            Change::Values => {
                // A value being edited is drawn at once, live.
                if !twin_ready && !twin_coming {
                    self.wait_for_twin = false;
                }
                self.send(Event::Updated {
                    revision,
                    stats: self.live.stats,
                })
            }
        }
        // The picture may have changed: draw the frame again from the top.
        if self.frame.is_some() {
            self.progress = None;
        }
    }

    /// Draws the next band of the current frame, if there is one to draw.
    fn draw_band(&mut self) {
        let Some(request) = self.frame else { return };
        if self.wait_for_twin && self.progress.is_none() {
            return;
        }
        // A frame is finished on the renderer it started on; a new one
        // uses the twin when there is one for these values.
        let baked = match &self.progress {
            Some(p) => p.baked,
            None => self.baked.is_some(),
        };
        let renderer = match (baked, &mut self.baked) {
            (true, Some(twin)) => &mut twin.renderer,
            _ => match self.live.renderer() {
                Some(r) => r,
                None => return,
            },
        };
        if !renderer.has_shader() {
            self.frame = None;
            return;
        }
        let progress = self.progress.get_or_insert_with(|| Progress {
            target: renderer.create_target(request.width, request.height),
            next_row: 0,
            started: Instant::now(),
            baked,
        });
        // Past the frame's time limit: stopped between bands, as `render
        // --timeout` stops (a band on the GPU cannot be cut short; bands
        // are sized to the budget, so the stop comes soon after the limit).
        let spent = progress.started.elapsed();
        if progress.next_row > 0 && spent >= self.frame_limit {
            let drawn = progress.next_row;
            self.progress = None;
            self.frame = None;
            self.stopped = Some(request);
            self.send(Event::RenderFailed(format!(
                "preview stopped: {drawn} of {} rows drawn in {:.1} s, past the limit of {} s for a picture (PREVIEW_FRAME_SECS; ROPKIT_PREVIEW_SECONDS changes it). The scene costs too much a pixel to preview: lower its loop counts or steps, or render it with `ropkit render --timeout`",
                request.height,
                spent.as_secs_f64(),
                shown_secs(self.frame_limit),
            )));
            return;
        }
        let y0 = progress.next_row;
        let rows = self.rows.min(request.height - y0).max(1);
        renderer.globals = request.globals;
        let t0 = Instant::now();
        let result =
            renderer.render_rows(&progress.target, request.width, request.height, y0, rows);
        let took = t0.elapsed();
        match result {
            Ok(pixels) => {
                progress.next_row += rows;
                let complete = progress.next_row >= request.height;
                let elapsed = progress.started.elapsed();
                // The next band sized to the budget (a new shader's first band
                // includes the driver's compile: not a measure of drawing).
                if took < self.budget * 8 || rows > 1 {
                    let scale = self.budget.as_secs_f64() / took.as_secs_f64().max(1e-4);
                    let next = (rows as f64 * scale.clamp(0.25, 4.0)) as u32;
                    self.rows = next.clamp(1, 512);
                }
                if complete {
                    self.progress = None;
                    self.frame = None;
                }
                self.send(Event::Rows {
                    width: request.width,
                    height: request.height,
                    y0,
                    rows,
                    pixels,
                    complete,
                    elapsed,
                    request,
                    baked,
                });
            }
            Err(e) => {
                self.progress = None;
                self.frame = None;
                self.send(Event::RenderFailed(e.to_string()));
            }
        }
    }

    /// Refuses an export over anything the network reads.
    fn check_output(&self, path: &std::path::Path) -> Result<(), ExportFailure> {
        let inputs = self.live.project.job_inputs(&self.live.lib, &self.live.net);
        Ok(inputs.check(path)?)
    }

    fn export(&mut self, format: Format, path: PathBuf) {
        let result = match &self.live.built {
            None => Err(ExportFailure::NotBuilt),
            Some(_) if let Err(e) = self.check_output(&path) => Err(e),
            Some(built) => export(built, &self.live.net, &self.live.lib, format)
                .map_err(ExportFailure::from)
                .and_then(|bytes| {
                    // An engine's data texture, beside the shader.
                    let data =
                        crate::export::data_texture(built, &self.live.net, &self.live.lib, format)?;
                    let mut written = String::new();
                    if let Some(d) = data {
                        let data_path = crate::export::data_path(&path, format, &d);
                        self.check_output(&data_path)?;
                        crate::files::write_atomic(&data_path, &d.bytes)
                            .map_err(ExportFailure::Write)?;
                        written = format!(" and its data texture {}", data_path.display());
                    }
                    crate::files::write_atomic(&path, &bytes).map_err(ExportFailure::Write)?;
                    Ok(written)
                })
                .map(|data| format!("exported {}{data}", path.display())),
        };
        self.send(Event::Exported { path, result });
    }

    fn export_png(&mut self, path: PathBuf, width: u32, height: u32, globals: Globals) {
        if let Err(e) = self.check_output(&path) {
            self.send(Event::Exported {
                path,
                result: Err(e),
            });
            return;
        }
        // The twin, when there is one, draws what `ropkit render` would.
        let renderer = match &mut self.baked {
            Some(twin) => Some(&mut twin.renderer),
            None => self.live.renderer(),
        };
        let result = match renderer {
            Some(r) => {
                let saved = r.globals;
                r.globals = globals;
                let img = r.render_image(width, height).map_err(ExportFailure::from);
                r.globals = saved;
                img.and_then(|img| Ok(crate::render::save_png(&img, &path)?))
                    .map(|()| format!("exported {} ({width}x{height})", path.display()))
            }
            None => Err(ExportFailure::NoRenderer),
        };
        self.send(Event::Exported { path, result });
    }

    /// Meshes the scene as `ropkit mesh` does (bounds found from the SDF),
    /// on a renderer of its own so the preview's shader stays bound. The
    /// preview waits meanwhile; the window does not.
    fn export_mesh(&mut self, path: PathBuf, resolution: u32) {
        use crate::mesh::{MeshOptions, mesh_network, write};
        let result = (|| -> Result<String, ExportFailure> {
            if crate::files::same_file(&path, &self.live.net.file) {
                return Err(ExportFailure::IsNetwork);
            }
            self.check_output(&path)?;
            let format = write::MeshFormat::from_path(&path)?;
            let gpu = self
                .live
                .renderer()
                .ok_or(ExportFailure::NoRenderer)?
                .gpu()
                .clone();
            let mut renderer = Renderer::new(gpu);
            renderer.asset_dirs = self.live.project.asset_dirs(&self.live.net.file);
            let opts = MeshOptions {
                resolution,
                ..Default::default()
            };
            let (mesh, info) = mesh_network(
                &self.live.net,
                &self.live.lib,
                &mut renderer,
                &opts,
                &mut |_, _| {},
            )
            .map_err(|e| ExportFailure::Mesh(e.report()))?;
            let bytes = write::encode(&mesh, format)?;
            crate::files::write_atomic(&path, &bytes).map_err(ExportFailure::Write)?;
            let mut line = format!(
                "exported {}: {} vertices, {} triangles",
                path.display(),
                mesh.positions.len(),
                mesh.triangles.len()
            );
            if let Some(note) = info.open_note() {
                line += &format!(" ({note})");
            }
            Ok(line)
        })();
        self.send(Event::Exported { path, result });
    }
}

/// The preview's time limit for one picture: `ROPKIT_PREVIEW_SECONDS`
/// (seconds, fractions allowed) when set, else
/// [`crate::limits::PREVIEW_FRAME_SECS`].
fn preview_frame_limit() -> Duration {
    std::env::var("ROPKIT_PREVIEW_SECONDS")
        .ok()
        .and_then(|v| v.trim().parse::<f64>().ok())
        .filter(|s| s.is_finite() && *s >= 0.0 && *s <= 1e6)
        .map(Duration::from_secs_f64)
        .unwrap_or(Duration::from_secs(crate::limits::PREVIEW_FRAME_SECS))
}

/// Seconds as a message shows them: whole ones plainly, others to a tenth.
fn shown_secs(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s.fract() == 0.0 {
        format!("{s:.0}")
    } else {
        format!("{s:.1}")
    }
}

/// A settle time already past: the twin is asked for at the next look.
fn already_settled() -> Instant {
    let now = Instant::now();
    now.checked_sub(SETTLE).unwrap_or(now)
}

/// Makes this thread (and the threads the GPU driver starts from it, which
/// inherit its priority: a software rasteriser's workers) yield to the
/// window: the preview may take longer, the window never waits.
pub(super) fn lower_priority() {
    #[cfg(target_os = "linux")]
    // SAFETY: setpriority on this thread's own id, with a plain value; a
    // failure (not permitted) only leaves the priority as it was.
    unsafe {
        let tid = libc::syscall(libc::SYS_gettid) as libc::id_t;
        libc::setpriority(libc::PRIO_PROCESS, tid, 10);
    }
}
