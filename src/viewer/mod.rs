//! placeholder
mod graph;
mod history;
mod params;
mod preview;
use crate::project::Project;
use std::path::PathBuf;
#[derive(clap::Args, Debug, Default)]
pub struct ViewArgs {
    pub network: Option<PathBuf>,
    #[arg(long)]
    pub screenshot: Option<PathBuf>,
    #[arg(long, default_value_t = 30)]
    pub frames: u32,
}
pub fn run(_args: ViewArgs, _project: &Project) -> Result<(), String> {
    Err("todo".into())
}
