//! The `ropkit` command line (clap), one file per group of commands. Every
//! command prints errors to stderr as `path:line:col: message` and exits
//! non-zero on failure. Nothing else in the crate imports this module.

mod check;
#[cfg(feature = "gpu")]
mod gallery;
#[cfg(feature = "mesh-files")]
mod mesh;
#[cfg(feature = "gpu")]
mod render;

use crate::build::{BuildOptions, build};
use crate::catalog;
use crate::export::{Exporter, Format};
use crate::generate::Mode;
use crate::library::Library;
use crate::network::Network;
use crate::project::Project;
use clap::{Parser, Subcommand};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Parser, Debug)]
#[command(
    name = "ropkit",
    version,
    about = "Build raymarched SDF scenes from small GLSL operators (ROPs)"
)]
pub struct Cli {
    /// Extra ROP folder (repeatable); also read from ROPKIT_ROPS.
    #[arg(long = "rops", global = true, value_name = "DIR")]
    pub rops: Vec<PathBuf>,
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Open the viewer (the default command).
    #[cfg(feature = "viewer")]
    View(ViewCmd),
    /// Stitch a network into one GLSL fragment shader.
    Build {
        network: PathBuf,
        /// Write the shader here instead of stdout.
        #[arg(short, long)]
        output: Option<PathBuf>,
    },
    /// Render a network to PNG, headless.
    #[cfg(feature = "gpu")]
    Render(render::RenderArgs),
    /// Evaluate the scene's SDF at points (one `x y [z]` per line) on the GPU.
    #[cfg(feature = "gpu")]
    Sample {
        network: PathBuf,
        #[arg(long)]
        points: PathBuf,
        /// Stop with an error when the GPU takes longer than this.
        #[arg(long, value_name = "SECONDS", default_value_t = crate::limits::GPU_TIMEOUT_SECS,
              value_parser = clap::value_parser!(u64).range(1..))]
        timeout: u64,
        /// Print the time of each stage (on stderr).
        #[arg(short, long)]
        verbose: bool,
    },
    /// Draw a thumbnail of every ROP in a standard scene, on one HTML page.
    #[cfg(feature = "gpu")]
    Gallery(gallery::GalleryArgs),
    /// Mesh the scene (or --node) into a .glb, .obj, .stl or .ply file.
    #[cfg(feature = "mesh-files")]
    Mesh(mesh::MeshArgs),
    /// Export the shader or its layout for other programs.
    Export {
        network: PathBuf,
        /// The format: glsl, shadertoy, json, wgsl, spirv, ... (a wrong name lists them all).
        #[arg(long, default_value = "glsl", value_parser = Format::parse)]
        format: Format,
        #[arg(short, long)]
        output: Option<PathBuf>,
        /// A web page without the small picture of the scene it otherwise
        /// carries (its og:image, rendered on the GPU when it is written).
        #[arg(long)]
        no_thumbnail: bool,
    },
    /// Validate a network without rendering it (its build, both compilers, and
    /// every file it names: textures, volumes, fonts, point lists), or validate
    /// every ROP folder and compile each ROP alone for each coordinate type it claims.
    Check {
        /// A network file to check, or a folder: only check the ROPs below it.
        dir: Option<PathBuf>,
        /// Skip the second compiler (glslangValidator), which runs by default when installed.
        #[arg(long)]
        no_glslang: bool,
    },
    /// List the ROPs in the library, and where each comes from.
    List {
        /// Write the catalog as Markdown.
        #[arg(long, conflicts_with = "json")]
        markdown: bool,
        /// Write every definition as JSON (parameters, defaults, ranges, inputs).
        #[arg(long)]
        json: bool,
        /// Write the RayTK name map as Markdown (docs/raytk-names.md): every
        /// RayTK operator and the ROPs that stand in for it.
        #[arg(long, conflicts_with_all = ["markdown", "json"])]
        raytk_map: bool,
    },
    /// Write a working skeleton ROP folder, or (with --from) a network's
    /// custom node as a ROP folder.
    NewRop {
        /// CATEGORY/NAME, e.g. sdf/myShape (with --from: default the custom
        /// node's category and name, else custom/<node's last path part>)
        spec: Option<String>,
        /// Write the definition a custom node of NETWORK carries (rop: custom).
        #[arg(long, num_args = 2, value_names = ["NETWORK", "NODE"])]
        from: Option<Vec<String>>,
        /// Root of the ROP folders (default: the project's rops/).
        #[arg(long)]
        into: Option<PathBuf>,
        /// Write it even when its name shadows an existing ROP.
        #[arg(long)]
        force: bool,
    },
    /// Write a starter project: a network, a ROP folder of your own and a README.
    Init {
        /// The folder to create (or an empty one to fill).
        dir: PathBuf,
    },
}

/// The build options of a command for `mode`: the defaults, with the
/// measuring knobs of the environment read once, here at the front end
/// (`ROPKIT_SHAPE=functions|spliced|all`, `ROPKIT_PARAMS=copy|direct|
/// storage|auto`: see BENCHMARKS.md). Nothing below the command line reads
/// them.
pub(crate) fn options(mode: Mode) -> BuildOptions {
    static KNOBS: std::sync::OnceLock<(Option<String>, Option<String>)> =
        std::sync::OnceLock::new();
    let (shape, params) = KNOBS.get_or_init(|| {
        (
            std::env::var("ROPKIT_SHAPE").ok(),
            std::env::var("ROPKIT_PARAMS").ok(),
        )
    });
    BuildOptions::from(mode).with_knobs(shape.as_deref(), params.as_deref())
}

/// `ropkit --version`: the version and the size of the built-in library.
fn version_text() -> String {
    let lib = Library::load(&Project::embedded(Path::new("")).sources);
    format!(
        "{} ({} built-in ROPs in {} categories)",
        env!("CARGO_PKG_VERSION"),
        lib.rops.len(),
        catalog::categories(&lib).len()
    )
}

pub fn main() -> ExitCode {
    // naga's SPIR-V writer can panic on some valid shaders; `compile` catches
    // that and reports an error, so its panic message would only be noise.
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let from_naga_writer = info
            .location()
            .is_some_and(|l| l.file().contains("naga") && l.file().contains("back"));
        if !from_naga_writer {
            default_hook(info);
        }
    }));
    let args: Vec<String> = std::env::args().skip(1).collect();
    if matches!(args.as_slice(), [a] if a == "--version" || a == "-V") {
        println!("ropkit {}", version_text());
        return ExitCode::SUCCESS;
    }
    let cli = Cli::parse();
    // An interrupted write leaves no temporary file behind.
    if let Err(e) = crate::files::clean_up_on_signals() {
        eprintln!("warning: cannot watch for SIGINT and SIGTERM: {e}");
    }
    #[cfg(feature = "gpu")]
    let _runtime_dir = match &cli.command {
        Some(
            Command::Render(_) | Command::Sample { .. } | Command::Mesh(_) | Command::Gallery(_),
        ) => render::private_runtime_dir(),
        _ => None,
    };
    #[cfg(feature = "gpu")]
    if std::env::var_os("ROPKIT_NO_CACHE").is_some_and(|v| v == "1") {
        // Mesa's own shader cache too: honest compile times for benchmarks.
        // SAFETY: no thread has started yet.
        unsafe { std::env::set_var("MESA_SHADER_CACHE_DISABLE", "true") };
    }
    let project = Project::discover(&cli.rops);
    // A project file that cannot be used would leave its libraries out.
    if let Some(e) = &project.file_error {
        eprintln!("{e}");
        return ExitCode::FAILURE;
    }
    let result = match cli.command {
        Some(command) => run(command, &project),
        None => default_command(&project),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("{message}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(feature = "viewer")]
fn default_command(project: &Project) -> Result<(), String> {
    crate::viewer::run(Default::default(), project).map_err(|e| e.to_string())
}

#[cfg(not(feature = "viewer"))]
fn default_command(_: &Project) -> Result<(), String> {
    Err("this ropkit was built without the viewer: run `ropkit --help` for its commands".into())
}

/// Loads the library, printing what is worth knowing about it: shadowed
/// built-ins always, broken ROP folders unless `quiet`.
pub(crate) fn load_library(project: &Project, quiet: bool) -> Library {
    let lib = project.load_library();
    for w in &lib.warnings {
        eprintln!("warning: {w}");
    }
    if !quiet {
        for e in &lib.broken {
            eprintln!("warning: {e}");
        }
    }
    lib
}

/// Prints what a build found worth telling (a character a font lacks).
pub(crate) fn print_warnings(warnings: &[crate::generate::Warning]) {
    for w in warnings {
        eprintln!("warning: {w}");
    }
}

pub(crate) fn load_network(
    project: &Project,
    path: &Path,
    lib: &Library,
) -> Result<Network, String> {
    project.load_network(path, lib).map_err(|e| e.to_string())
}

/// Refuses an output path that is one of the command's inputs: `-o NET`
/// must never replace the network it renders, nor a ROP file or a texture.
pub(crate) fn check_output(output: &Path, inputs: &crate::files::Inputs) -> Result<(), String> {
    inputs.check(output).map_err(|e| e.to_string())
}

/// Only the network given on the command line: the check made before
/// anything is loaded (the full one follows once the network is read).
pub(crate) fn network_only(network: &Path) -> crate::files::Inputs {
    let mut inputs = crate::files::Inputs::default();
    inputs.add_file(network, "the network");
    inputs
}

/// Writes to `output` atomically, or to stdout.
fn write_or_print(
    output: Option<&Path>,
    bytes: &[u8],
    inputs: &crate::files::Inputs,
) -> Result<(), String> {
    match output {
        Some(path) => crate::files::write_output(path, bytes, inputs).map_err(|e| e.to_string()),
        None => {
            use std::io::Write;
            match std::io::stdout().write_all(bytes) {
                // A reader that stops early (`| head`) is not an error.
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
                other => other.map_err(|e| e.to_string()),
            }
        }
    }
}

/// `ropkit view`'s options, as the command line takes them.
#[cfg(feature = "viewer")]
#[derive(clap::Args, Debug)]
pub struct ViewCmd {
    /// The network to open (default: presets/default.yaml).
    pub network: Option<PathBuf>,
    /// Save what the window shows to this PNG after --frames frames, then exit.
    #[arg(long)]
    pub screenshot: Option<PathBuf>,
    /// Frames to draw before the screenshot.
    #[arg(long, default_value_t = 30)]
    pub frames: u32,
    /// Window size as WIDTHxHEIGHT.
    #[arg(long, default_value = crate::viewer::DEFAULT_WINDOW)]
    pub window: String,
    /// With --screenshot: orbit the camera this many degrees (a step per
    /// frame, over --frames frames) after the first picture, then shoot.
    #[arg(long, default_value_t = 0.0, allow_hyphen_values = true)]
    pub orbit: f32,
}

#[cfg(feature = "viewer")]
impl From<ViewCmd> for crate::viewer::ViewArgs {
    fn from(c: ViewCmd) -> Self {
        crate::viewer::ViewArgs {
            network: c.network,
            screenshot: c.screenshot,
            frames: c.frames,
            window: c.window,
            orbit: c.orbit,
            started: None,
        }
    }
}

fn run(command: Command, project: &Project) -> Result<(), String> {
    match command {
        #[cfg(feature = "viewer")]
        Command::View(args) => crate::viewer::run(args.into(), project).map_err(|e| e.to_string()),
        Command::Build { network, output } => {
            let lib = load_library(project, true);
            let net = load_network(project, &network, &lib)?;
            let inputs = project.job_inputs(&lib, &net);
            if let Some(o) = &output {
                check_output(o, &inputs)?;
            }
            let built =
                build(&lib, &net, &options(Mode::Render).for_export()).map_err(|e| e.report())?;
            print_warnings(&built.shader.warnings);
            write_or_print(output.as_deref(), built.shader.glsl.as_bytes(), &inputs)
        }
        #[cfg(feature = "gpu")]
        Command::Render(args) => render::run(args, project),
        #[cfg(feature = "gpu")]
        Command::Sample {
            network,
            points,
            timeout,
            verbose,
        } => render::sample(&network, &points, timeout, verbose, project),
        #[cfg(feature = "mesh-files")]
        Command::Mesh(args) => mesh::run(args, project),
        #[cfg(feature = "gpu")]
        Command::Gallery(args) => gallery::run(args, project),
        Command::Export {
            network,
            format,
            output,
            no_thumbnail,
        } => {
            if !format.info().text && output.is_none() {
                return Err(format!("{} is binary: give -o FILE", format.info().label));
            }
            let lib = load_library(project, true);
            let net = load_network(project, &network, &lib)?;
            // Never written over the network, a ROP file or a texture (a
            // page embeds textures).
            let inputs = project.job_inputs(&lib, &net);
            if let Some(o) = &output {
                check_output(o, &inputs)?;
            }
            // Only the build the format is written from is made.
            let exporter = Exporter::new(&net, &lib)
                .with_options(options(Mode::Render))
                .with_asset_dirs(project.asset_dirs(&net.file));
            let bytes = exporter.export(format);
            print_warnings(&exporter.warnings());
            let bytes = bytes.map_err(|e| e.to_string())?;
            #[cfg(feature = "gpu")]
            let bytes = match (format, no_thumbnail) {
                (Format::Html, false) => match render::thumbnail(&net, &lib, project) {
                    Some(png) => {
                        let (w, h) = render::THUMBNAIL_SIZE;
                        let page = String::from_utf8_lossy(&bytes);
                        crate::export::html::with_thumbnail(&page, &png, w, h).into_bytes()
                    }
                    None => bytes,
                },
                _ => bytes,
            };
            #[cfg(not(feature = "gpu"))]
            let _ = no_thumbnail;
            // An engine reads the data parameters from a texture file
            // written beside the shader.
            let data = exporter.data_texture(format).map_err(|e| e.to_string())?;
            match (&data, output.as_deref()) {
                (Some(d), None) => {
                    return Err(format!(
                        "{format} export: the data parameters travel in a texture file beside the shader (.{}): give -o FILE",
                        d.extension
                    ));
                }
                (Some(d), Some(o)) => {
                    let path = crate::export::data_path(o, format, d);
                    check_output(&path, &inputs)?;
                    write_or_print(Some(&path), &d.bytes, &inputs)?;
                    eprintln!(
                        "wrote the data texture {} ({}x{} texels)",
                        path.display(),
                        d.width,
                        d.height
                    );
                }
                (None, _) => {}
            }
            write_or_print(output.as_deref(), &bytes, &inputs)
        }
        Command::Check { dir, no_glslang } => check::run(project, dir, no_glslang),
        Command::List {
            raytk_map: true, ..
        } => {
            let lib = load_library(project, false);
            let map = catalog::raytk::map(&lib).map_err(|e| e.to_string())?;
            for (rop, name) in &map.unknown {
                eprintln!(
                    "warning: {rop}: raytk: '{name}' is not in {}",
                    catalog::raytk::OPERATORS_FILE
                );
            }
            write_or_print(
                None,
                catalog::raytk::markdown(&map).as_bytes(),
                &Default::default(),
            )
        }
        Command::List { markdown, json, .. } => {
            let lib = load_library(project, false);
            write_or_print(
                None,
                catalog::list(&lib, markdown, json).as_bytes(),
                &Default::default(),
            )
        }
        Command::NewRop {
            spec,
            from,
            into,
            force,
        } => {
            let lib = load_library(project, true);
            let root = into.unwrap_or_else(|| project.root.join("rops"));
            match (from.as_deref(), spec) {
                (Some([network, node]), spec) => {
                    let net = load_network(project, Path::new(network), &lib)?;
                    crate::scaffold::rop_from_node(&net, node, spec.as_deref(), &root, &lib, force)
                        .map(|_| ())
                        .map_err(|e| e.to_string())
                }
                (Some(_), _) => Err("--from takes NETWORK NODE".into()),
                (None, Some(spec)) => {
                    crate::scaffold::new_rop(&spec, &root, &lib, force).map_err(|e| e.to_string())
                }
                (None, None) => Err(
                    "give CATEGORY/NAME (e.g. sdf/myShape), or --from NETWORK NODE to write a custom node out"
                        .into(),
                ),
            }
        }
        Command::Init { dir } => crate::scaffold::init(&dir).map_err(|e| e.to_string()),
    }
}
