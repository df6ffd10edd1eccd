//! The viewer window (eframe + egui): node editor, parameters, live preview.

use crate::project::Project;
use std::path::PathBuf;

#[derive(clap::Args, Debug, Default)]
pub struct ViewArgs {
    /// The network to open (default: presets/default.yaml).
    pub network: Option<PathBuf>,
    /// Save what the window shows to this PNG after --frames frames, then exit.
    #[arg(long)]
    pub screenshot: Option<PathBuf>,
    #[arg(long, default_value_t = 30)]
    pub frames: u32,
}

pub fn run(_args: ViewArgs, _project: &Project) -> Result<(), String> {
    Err("the viewer is not available in this build yet; use `ropkit render`".into())
}
