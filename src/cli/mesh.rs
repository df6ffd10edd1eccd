//! `ropkit mesh`: a network's scene to a mesh file.

use super::{check_output, load_library, load_network, network_only};
use crate::mesh::write::{MeshFormat, encode};
use crate::mesh::{Aabb, MeshOptions, format_bounds, mesh_network};
use crate::project::Project;
use crate::render::{Gpu, Renderer};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// How long past `--timeout` the watchdog waits for a GPU draw to return.
const WATCHDOG_GRACE: Duration = Duration::from_secs(5);

#[derive(clap::Args, Debug)]
pub struct MeshArgs {
    pub network: PathBuf,
    /// The mesh file: .glb (with normals and vertex colours), .obj, .stl or .ply.
    #[arg(short, long)]
    pub output: PathBuf,
    /// Cells along the longest side of the bounds (2 to 4096).
    #[arg(long, default_value_t = 128)]
    pub resolution: u32,
    /// The box to mesh as x0,y0,z0,x1,y1,z1 (default: found from the SDF and printed).
    #[arg(long, value_parser = parse_bounds, allow_hyphen_values = true)]
    pub bounds: Option<Aabb>,
    /// Mesh this node instead of the output's scene input.
    #[arg(long, value_name = "PATH")]
    pub node: Option<String>,
    /// Override a parameter: /node/path.Param=value (value in YAML, e.g. 2.5 or [0,1,0]).
    #[arg(long = "set", value_name = "NODE.PARAM=VALUE")]
    pub set: Vec<String>,
    /// Refuse meshes with more triangles than this.
    #[arg(long, default_value_t = crate::mesh::DEFAULT_MAX_TRIANGLES)]
    pub max_triangles: usize,
    /// Merge triangles where the surface moves less than this distance
    /// (scene units): fewer triangles on flat parts, still closed.
    #[arg(long, value_name = "DISTANCE")]
    pub tolerance: Option<f32>,
    /// Stop with an error when meshing takes longer than this.
    #[arg(long, value_name = "SECONDS", default_value_t = crate::limits::GPU_TIMEOUT_SECS,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub timeout: u64,
    /// Print what the scene promises and the time of each stage.
    #[arg(short, long)]
    pub verbose: bool,
}

/// Parses `x0,y0,z0,x1,y1,z1`.
pub fn parse_bounds(s: &str) -> Result<Aabb, String> {
    let v: Result<Vec<f32>, _> = s.split(',').map(|x| x.trim().parse::<f32>()).collect();
    let v = v.map_err(|e| format!("bounds are x0,y0,z0,x1,y1,z1: {e}"))?;
    if v.len() != 6 {
        return Err(format!(
            "bounds are six numbers x0,y0,z0,x1,y1,z1, not {}",
            v.len()
        ));
    }
    let b = Aabb {
        min: [v[0], v[1], v[2]],
        max: [v[3], v[4], v[5]],
    };
    if (0..3).any(|a| b.min[a] >= b.max[a] || !b.min[a].is_finite() || !b.max[a].is_finite()) {
        return Err("each of x0,y0,z0 must be below x1,y1,z1".into());
    }
    Ok(b)
}

pub fn run(args: MeshArgs, project: &Project) -> Result<(), String> {
    check_output(&args.output, &network_only(&args.network))?;
    let opts = MeshOptions {
        resolution: args.resolution,
        bounds: args.bounds,
        node: args.node.clone(),
        max_triangles: args.max_triangles,
        tolerance: args.tolerance,
        timeout: Some(Duration::from_secs(args.timeout)),
        blocks: None,
    };
    // Refuse bad options before loading anything or opening the GPU.
    crate::mesh::check_options(&opts).map_err(|e| e.report())?;
    let lib = load_library(project, true);
    let mut net = load_network(project, &args.network, &lib)?;
    net.apply_overrides(&lib, &args.set, None)
        .map_err(|e| e.to_string())?;
    // An input is refused as such, whatever its extension.
    let inputs = project.job_inputs(&lib, &net);
    check_output(&args.output, &inputs)?;
    let format = MeshFormat::from_path(&args.output).map_err(|e| e.to_string())?;
    let t0 = Instant::now();
    let gpu = Gpu::headless().map_err(|e| e.to_string())?;
    let mut renderer = Renderer::new(gpu);
    renderer.asset_dirs = project.asset_dirs(&net.file);
    // A draw that never ends (a loop in a ROP) cannot be interrupted from
    // here: past the timeout the GPU wait gives up and the command exits.
    renderer.timeout = opts.timeout;
    let bar = indicatif::ProgressBar::new(0);
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "meshing {bar:40} {pos}/{len} blocks {elapsed} (eta {eta})",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    let mut progress = |done: u64, total: u64| {
        // Short runs finish before a bar would help.
        if t0.elapsed().as_secs_f32() > 1.0 {
            bar.set_length(total);
            bar.set_position(done);
        }
    };
    // The mesher stops itself between batches at the timeout; the watchdog,
    // a little later, stops a driver that never returns.
    let watchdog = super::render::Watchdog::start(
        Duration::from_secs(args.timeout) + WATCHDOG_GRACE,
        &args.network,
        false,
    );
    watchdog.arm("meshing");
    let result = mesh_network(&net, &lib, &mut renderer, &opts, &mut progress);
    watchdog.disarm();
    bar.finish_and_clear();
    let (mesh, info) = result.map_err(|e| match e {
        crate::mesh::MeshError::Render(r) => {
            super::render::render_error(&args.network, "meshing", r)
        }
        other => other.report(),
    })?;
    super::print_warnings(&info.warnings);
    if info.promise.lipschitz().is_none() {
        eprintln!(
            "note: the scene promises no distance bound (a ROP without `distance:`, or a field that breaks it): every block was evaluated{}",
            if info.bounds_found {
                "; the bounds were found by sampling and may miss thin parts: give --bounds to be sure"
            } else {
                ""
            }
        );
    }
    if args.verbose {
        let [build, bounds, blocks, extract, simplify] = info.timings;
        eprintln!(
            "the scene is {}; {} of {} blocks evaluated, {} draws",
            info.promise.describe(),
            info.active_blocks,
            info.total_blocks,
            info.draws
        );
        eprintln!(
            "stages: shader {:.3} s, bounds {:.3} s, blocks {:.3} s, extraction {:.3} s (GPU waits {:.3} s, CPU {:.3} s), simplification {:.3} s",
            build, bounds, blocks, extract, info.stats.gpu_wait, info.stats.cpu, simplify
        );
        if opts.tolerance.is_some() {
            eprintln!(
                "simplified {} triangles to {}",
                info.unsimplified_triangles,
                mesh.triangles.len()
            );
        }
    }
    if info.bounds_found {
        eprintln!("bounds {}", format_bounds(&info.bounds));
        let cut: Vec<&str> = ["x", "y", "z"]
            .into_iter()
            .zip(info.unbounded)
            .filter(|(_, u)| *u)
            .map(|(a, _)| a)
            .collect();
        if !cut.is_empty() {
            eprintln!(
                "note: the scene has no end along {} (a floor or an endless repeat): cut at ±{}; give --bounds to choose",
                cut.join(", "),
                crate::mesh::UNBOUNDED_EXTENT
            );
        }
    }
    if let Some(note) = info.open_note() {
        eprintln!("note: {note}");
    }
    if let Some(note) = info.thin_note() {
        eprintln!("warning: {note}");
    }
    let t_write = Instant::now();
    let bytes = encode(&mesh, format).map_err(|e| e.to_string())?;
    crate::files::write_output(&args.output, &bytes, &inputs).map_err(|e| e.to_string())?;
    if args.verbose {
        eprintln!("write {:.3} s", t_write.elapsed().as_secs_f64());
    }
    eprintln!(
        "wrote {}: {} vertices, {} triangles, {}x{}x{} cells of {:.4} ({} of {} blocks), {} evaluations, {:.2} s on {}{}",
        args.output.display(),
        mesh.positions.len(),
        mesh.triangles.len(),
        info.cells[0],
        info.cells[1],
        info.cells[2],
        info.step,
        info.active_blocks,
        info.total_blocks,
        info.evaluations,
        t0.elapsed().as_secs_f64(),
        renderer.gpu().adapter,
        if info.is_open() { ", open" } else { ", closed" }
    );
    Ok(())
}
