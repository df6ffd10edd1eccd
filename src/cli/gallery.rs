//! `ropkit gallery -o DIR`: a thumbnail of every ROP on one HTML page.

use super::load_library;
use crate::gallery::{GalleryOptions, run as draw_gallery};
use crate::project::Project;
use std::path::PathBuf;
use std::time::{Duration, Instant};

#[derive(clap::Args, Debug)]
pub struct GalleryArgs {
    /// The folder to write index.html and images/ into (created when missing).
    #[arg(short, long)]
    pub output: PathBuf,
    /// Thumbnail side in pixels.
    #[arg(long, default_value_t = 128, value_parser = clap::value_parser!(u32).range(16..=1024))]
    pub size: u32,
    /// Only these ROPs or categories (repeatable, e.g. --only sdf2d --only twist).
    #[arg(long, value_name = "NAME")]
    pub only: Vec<String>,
    /// Thumbnails drawn at once (default: the number of cores, at most 4).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub jobs: Option<u32>,
    /// The time (seconds) every thumbnail is drawn at.
    #[arg(long, default_value_t = 1.0)]
    pub time: f32,
    /// Longest one thumbnail may keep the GPU busy before it is given up.
    #[arg(long, value_name = "SECONDS", default_value_t = 60,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub timeout: u64,
    /// Also judge every thumbnail: flat, the same as its scene without the
    /// ROP, or the same as another ROP's (unless its rop.yaml says why in
    /// `gallery: { plain: ... }`); exits 1 when one is.
    #[arg(long)]
    pub check: bool,
}

pub fn run(args: GalleryArgs, project: &Project) -> Result<(), String> {
    if args.output.exists() && !args.output.is_dir() {
        return Err(format!(
            "{}: not a folder: the gallery writes index.html and images/ into a folder",
            args.output.display()
        ));
    }
    let t0 = Instant::now();
    let lib = load_library(project, true);
    let mut opts = GalleryOptions {
        size: args.size,
        only: args.only,
        time: args.time,
        timeout: Duration::from_secs(args.timeout),
        asset_dirs: project.asset_dirs(&project.root.join("gallery").join("scene.yaml")),
        scene_dir: project.root.join("gallery"),
        check: args.check,
        ..Default::default()
    };
    if let Some(j) = args.jobs {
        opts.jobs = j as usize;
    }
    let report = draw_gallery(&lib, &args.output, &opts).map_err(|e| e.to_string())?;
    for e in report.entries.iter().filter(|e| e.error.is_some()) {
        let first = e
            .error
            .as_deref()
            .unwrap_or("")
            .lines()
            .next()
            .unwrap_or("");
        eprintln!("warning: {} ({}): {first}", e.name, e.category);
    }
    eprintln!(
        "gallery: {} ROPs ({} failed) at {}x{} on {} in {:.1} s (scenes {:.1} s, GPU {:.1} s with {} jobs): {}",
        report.entries.len(),
        report.failed(),
        report.size,
        report.size,
        report.adapter,
        t0.elapsed().as_secs_f64(),
        report.build_time.as_secs_f64(),
        report.gpu_time.as_secs_f64(),
        opts.jobs,
        args.output.join("index.html").display()
    );
    if report.gpu_stuck {
        // The page is written; the device may still be busy and cannot be
        // torn down safely.
        super::render::stop("gallery: a thumbnail did not finish on the GPU; stopped");
    }
    if args.check {
        for p in &report.problems {
            eprintln!("{}: {}", p.rop, p.message);
        }
        if !report.problems.is_empty() {
            return Err(format!(
                "gallery --check: {} of {} thumbnails do not show their ROP at work: give the ROP \
                 values that show it in `gallery:` in its rop.yaml (params, sources, wrap), or say \
                 why it cannot in `gallery: {{ plain: ... }}`",
                report.problems.len(),
                report.entries.len()
            ));
        }
        eprintln!("gallery --check: every thumbnail shows its ROP at work");
    }
    Ok(())
}
