//! The viewer (`ropkit view`, the default command): eframe + egui with the
//! wgpu renderer. A node graph editor, a parameter panel, the live preview,
//! the generated GLSL, errors and a log, all driven through [`Live`]; files
//! are watched and rebuilt on change.

mod app;
mod baker;
mod browse;
mod graph;
mod history;
#[cfg(test)]
mod network_tests;
mod params;
mod preview;
pub mod worker;

use crate::document::Document;
use crate::network::{Network, NetworkError};
use crate::project::Project;
use eframe::egui;
use std::path::PathBuf;

/// How the viewer opens (the command line fills it in).
#[derive(Debug)]
pub struct ViewArgs {
    /// The network to open (default: presets/default.yaml).
    pub network: Option<PathBuf>,
    /// Save what the window shows to this PNG after `frames` frames, then exit.
    pub screenshot: Option<PathBuf>,
    /// Frames to draw before the screenshot.
    pub frames: u32,
    /// Window size as WIDTHxHEIGHT.
    pub window: String,
    /// With a screenshot: orbit the camera this many degrees (a step per
    /// frame, over `frames` frames) after the first picture, then shoot.
    pub orbit: f32,
    /// When the program started (for the "first picture" report).
    pub started: Option<std::time::Instant>,
}

/// The window size `ropkit view` and a bare `ropkit` open with.
pub const DEFAULT_WINDOW: &str = "1280x800";

/// What `ropkit view` does without options (and a bare `ropkit`).
impl Default for ViewArgs {
    fn default() -> Self {
        ViewArgs {
            network: None,
            screenshot: None,
            frames: 30,
            window: DEFAULT_WINDOW.into(),
            orbit: 0.0,
            started: None,
        }
    }
}

/// Why the window did not open (or stopped).
#[derive(Debug, thiserror::Error)]
pub enum ViewerError {
    #[error("{}: the screenshot is the network {}: refusing to overwrite it", shot.display(), network.display())]
    ScreenshotIsNetwork { shot: PathBuf, network: PathBuf },
    /// The screenshot would replace or land among the files the network reads.
    #[error(transparent)]
    Screenshot(#[from] crate::files::OutputError),
    #[error("--window {0}: give WIDTHxHEIGHT, each from {min} to {max} (e.g. 1280x800)", min = WINDOW_SIDES.0, max = WINDOW_SIDES.1)]
    WindowSize(String),
    #[error(
        "cannot open the viewer window: {0}\n(the other commands need no display: `ropkit --help` lists them)"
    )]
    Window(#[from] eframe::Error),
}

/// The smallest and largest window side `--window` takes: below the
/// smallest egui has no room for its panels; a 0x0 window fails in the
/// windowing system with a message that does not name the option.
pub const WINDOW_SIDES: (u32, u32) = (64, 16384);

/// `--window WIDTHxHEIGHT`, checked.
pub fn parse_window(text: &str) -> Result<(f32, f32), ViewerError> {
    let bad = || ViewerError::WindowSize(crate::limits::echo(text));
    let (w, h) = text.split_once(['x', 'X']).ok_or_else(bad)?;
    let side = |s: &str| {
        s.trim()
            .parse::<u32>()
            .ok()
            .filter(|v| (WINDOW_SIDES.0..=WINDOW_SIDES.1).contains(v))
    };
    match (side(w), side(h)) {
        (Some(w), Some(h)) => Ok((w as f32, h as f32)),
        _ => Err(bad()),
    }
}

/// A new network to start from (File → New, or a file that is not there
/// yet): a sphere drawn by the 3D renderer, on `file`.
pub(crate) fn starter(file: &std::path::Path) -> Network {
    let mut net = Network {
        file: file.to_path_buf(),
        output: "/render".into(),
        ..Default::default()
    };
    let mut sphere = crate::network::Node::new("sphere");
    sphere.pos = Some([0.0, 0.0]);
    let mut render = crate::network::Node::new("raymarchRender3D");
    render.inputs = vec![Some("/sphere1".into())];
    render.pos = Some([300.0, 0.0]);
    net.nodes.insert("/sphere1".into(), sphere);
    net.nodes.insert("/render".into(), render);
    net
}

/// The network at `path`, or, when it fails to load, an empty network on
/// that file (the window still opens) and the error. A file that does not
/// exist yet is a new network ([`starter`]), saved there.
fn load_or_empty(
    project: &Project,
    lib: &crate::library::Library,
    path: &std::path::Path,
) -> (Network, Option<NetworkError>) {
    if std::fs::symlink_metadata(path).is_err()
        && crate::builtin::preset(path).is_none()
        && !crate::builtin::is_builtin(path)
    {
        return (starter(path), None);
    }
    match project.load_network(path, lib) {
        Ok(net) => (net, None),
        Err(e) => (
            Network {
                file: path.to_path_buf(),
                ..Default::default()
            },
            Some(e),
        ),
    }
}

/// The window's document. When the file did not load, the file's own
/// error is the one shown (the empty network's would say only that it has
/// no output).
fn document(
    project: Project,
    lib: crate::library::Library,
    net: Network,
    load_error: Option<NetworkError>,
) -> Document {
    let mut doc = Document::new(project, lib, net);
    doc.error = load_error.map(crate::document::LiveError::Network);
    doc
}

pub fn run(mut args: ViewArgs, project: &Project) -> Result<(), ViewerError> {
    let (w, h) = parse_window(&args.window)?;
    args.started.get_or_insert_with(std::time::Instant::now);
    let path = args
        .network
        .clone()
        .unwrap_or_else(|| project.default_network());
    // The screenshot must never replace the network it shows.
    if let Some(shot) = &args.screenshot
        && crate::files::same_file(shot, &path)
    {
        return Err(ViewerError::ScreenshotIsNetwork {
            shot: shot.clone(),
            network: path,
        });
    }
    let lib = project.load_library();
    for w in &lib.warnings {
        eprintln!("warning: {w}");
    }
    let (net, load_error) = load_or_empty(project, &lib, &path);
    // Nor a ROP file, a texture, or anything inside the ROP folders.
    if let Some(shot) = &args.screenshot {
        project.job_inputs(&lib, &net).check(shot)?;
    }
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title(format!("ropkit — {}", path.display()))
            .with_inner_size([w, h]),
        renderer: eframe::Renderer::Wgpu,
        persist_window: args.screenshot.is_none(),
        ..Default::default()
    };
    let project = project.clone();
    eframe::run_native(
        "ropkit",
        options,
        Box::new(move |cc| {
            // The window's own device only draws the window: the preview has
            // a device of its own on its worker thread, where every build
            // and draw happens (see `worker`).
            let doc = document(project, lib, net, load_error.clone());
            Ok(Box::new(app::App::new(
                cc,
                doc,
                load_error.map(|e: NetworkError| e.to_string()),
                args,
            )))
        }),
    )
    .map_err(ViewerError::from)
}
