//! The viewer (`ropkit view`, the default command): eframe + egui with the
//! wgpu renderer. A node graph editor, a parameter panel, the live preview,
//! the generated GLSL, errors and a log, all driven through [`Live`]; files
//! are watched and rebuilt on change.

mod app;
mod graph;
mod history;
mod params;
mod preview;

use crate::cli::load_library;
use crate::live::Live;
use crate::network::{Network, NetworkError};
use crate::project::Project;
use crate::render::{Gpu, Renderer};
use eframe::egui;
use std::path::PathBuf;

#[derive(clap::Args, Debug, Default)]
pub struct ViewArgs {
    /// The network to open (default: presets/default.yaml).
    pub network: Option<PathBuf>,
    /// Save what the window shows to this PNG after --frames frames, then exit.
    #[arg(long)]
    pub screenshot: Option<PathBuf>,
    /// Frames to draw before the screenshot.
    #[arg(long, default_value_t = 30)]
    pub frames: u32,
    /// Window size as WIDTHxHEIGHT.
    #[arg(long, default_value = "1280x800")]
    pub window: String,
}

pub fn run(args: ViewArgs, project: &Project) -> Result<(), String> {
    let path = args
        .network
        .clone()
        .unwrap_or_else(|| project.default_network());
    let lib = load_library(project, false);
    // A network that fails to load still opens, empty, with its error shown.
    let (net, load_error) = match Network::load(&path, &lib) {
        Ok(net) => (net, None),
        Err(e) => (
            Network {
                file: path.clone(),
                ..Default::default()
            },
            Some(e),
        ),
    };
    let (w, h) = args
        .window
        .split_once('x')
        .and_then(|(w, h)| Some((w.parse::<f32>().ok()?, h.parse::<f32>().ok()?)))
        .unwrap_or((1280.0, 800.0));
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
            let rs = cc
                .wgpu_render_state
                .as_ref()
                .ok_or("the viewer needs the wgpu renderer")?;
            let info = rs.adapter.get_info();
            let gpu = Gpu {
                device: rs.device.clone(),
                queue: rs.queue.clone(),
                adapter: format!("{} ({:?})", info.name, info.backend),
            };
            let mut live = Live::new(project, lib, net, Some(Renderer::new(gpu)));
            // The file's own error is the one to show, not the empty network's.
            if let Some(e) = &load_error {
                live.error = Some(crate::live::LiveError::Network(e.clone()));
            }
            Ok(Box::new(app::App::new(
                cc,
                live,
                load_error.map(|e: NetworkError| e.to_string()),
                args,
            )))
        }),
    )
    .map_err(|e| format!("cannot open the viewer window: {e}"))
}
