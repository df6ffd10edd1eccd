//! The `ropkit` command line (clap). Every command prints errors to stderr
//! as `path:line:col: message` and exits non-zero on failure.

use crate::build::{BuildError, build};
use crate::check::{check_library, glslang};
use crate::export::{Format, export};
use crate::generate::Mode;
use crate::library::Library;
use crate::network::{Network, write_atomic};
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
    View(crate::viewer::ViewArgs),
    /// Stitch a network into one GLSL fragment shader.
    Build {
        network: PathBuf,
        /// Write the shader here instead of stdout.
        #[arg(short, long)]
        output: Option<PathBuf>,
    },
    /// Render a network to PNG, headless.
    Render(crate::render::cli::RenderArgs),
    /// Evaluate the scene's SDF at points (one `x y [z]` per line) on the GPU.
    Sample {
        network: PathBuf,
        #[arg(long)]
        points: PathBuf,
    },
    /// Export the shader or its layout for other programs.
    Export {
        network: PathBuf,
        #[arg(long, value_enum, default_value = "glsl")]
        format: Format,
        #[arg(short, long)]
        output: Option<PathBuf>,
    },
    /// Validate every ROP folder and compile each ROP alone for each coordinate type it claims.
    Check {
        /// Only check the ROPs below this folder.
        dir: Option<PathBuf>,
        /// Also run glslangValidator on every harness shader (default: when installed).
        #[arg(long)]
        no_glslang: bool,
    },
    /// List the ROPs in the library.
    List {
        /// Write the catalog as Markdown.
        #[arg(long, conflicts_with = "json")]
        markdown: bool,
        /// Write every definition as JSON (parameters, defaults, ranges, inputs).
        #[arg(long)]
        json: bool,
    },
    /// Write a working skeleton ROP folder.
    NewRop {
        /// CATEGORY/NAME, e.g. sdf/myShape
        spec: String,
        /// Root of the ROP folders (default: the project's rops/).
        #[arg(long)]
        into: Option<PathBuf>,
    },
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
    let cli = Cli::parse();
    let project = Project::discover(&cli.rops);
    let command = cli.command.unwrap_or(Command::View(Default::default()));
    match run(command, &project) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("{message}");
            ExitCode::FAILURE
        }
    }
}

/// Loads the library, printing (not failing on) broken ROP folders.
pub fn load_library(project: &Project, quiet: bool) -> Library {
    let lib = project.load_library();
    if !quiet {
        for e in &lib.broken {
            eprintln!("warning: {e}");
        }
    }
    lib
}

pub fn load_network(path: &Path, lib: &Library) -> Result<Network, String> {
    Network::load(path, lib).map_err(|e| e.to_string())
}

fn build_err(e: BuildError) -> String {
    e.report()
}

fn write_or_print(output: Option<&Path>, bytes: &[u8]) -> Result<(), String> {
    match output {
        Some(path) => {
            write_atomic(path, bytes).map_err(|e| format!("{}: cannot write: {e}", path.display()))
        }
        None => {
            use std::io::Write;
            std::io::stdout()
                .write_all(bytes)
                .map_err(|e| e.to_string())
        }
    }
}

fn run(command: Command, project: &Project) -> Result<(), String> {
    match command {
        Command::View(args) => crate::viewer::run(args, project),
        Command::Build { network, output } => {
            let lib = load_library(project, true);
            let net = load_network(&network, &lib)?;
            let built = build(&lib, &net, Mode::Render).map_err(build_err)?;
            write_or_print(output.as_deref(), built.shader.glsl.as_bytes())
        }
        Command::Render(args) => crate::render::cli::run(args, project),
        Command::Sample { network, points } => {
            crate::render::cli::sample(&network, &points, project)
        }
        Command::Export {
            network,
            format,
            output,
        } => {
            let lib = load_library(project, true);
            let net = load_network(&network, &lib)?;
            let built = build(&lib, &net, Mode::Render).map_err(build_err)?;
            let bytes = export(&built, &net, &lib, format).map_err(|e| e.to_string())?;
            if format == Format::Spirv && output.is_none() {
                return Err("SPIR-V is binary: give -o FILE".into());
            }
            write_or_print(output.as_deref(), &bytes)
        }
        Command::Check { dir, no_glslang } => check(project, dir, no_glslang),
        Command::List { markdown, json } => {
            let lib = load_library(project, false);
            let text = if json {
                let rops: Vec<_> = lib.rops.values().map(crate::export::rop_json).collect();
                format!(
                    "{}\n",
                    serde_json::to_string_pretty(&rops).unwrap_or_default()
                )
            } else if markdown {
                catalog_markdown(&lib)
            } else {
                catalog_text(&lib)
            };
            print!("{text}");
            Ok(())
        }
        Command::NewRop { spec, into } => {
            new_rop(&spec, &into.unwrap_or_else(|| project.root.join("rops")))
        }
    }
}

fn check(project: &Project, dir: Option<PathBuf>, no_glslang: bool) -> Result<(), String> {
    let mut project = project.clone();
    // A folder inside the library is checked in place; any other becomes an extra root.
    let canonical = |p: &Path| p.canonicalize().unwrap_or_else(|_| p.to_path_buf());
    let wanted = dir.as_deref().map(canonical);
    if let (Some(d), Some(w)) = (&dir, &wanted)
        && !project
            .rop_roots
            .iter()
            .any(|r| w.starts_with(canonical(r)))
    {
        project.rop_roots.push(d.clone());
    }
    let lib = project.load_library();
    let mut failures = 0usize;
    for e in &lib.broken {
        eprintln!("{e}");
        failures += 1;
    }
    let only: Vec<String> = match &wanted {
        Some(w) => lib
            .rops
            .values()
            .filter(|r| canonical(&r.dir).starts_with(w))
            .map(|r| r.name.clone())
            .collect(),
        None => Vec::new(),
    };
    if let (Some(d), true) = (&dir, only.is_empty()) {
        // An empty list would mean "everything": say what was asked for instead.
        return Err(format!("{}: no ROP folders found", d.display()));
    }
    let cases = check_library(&lib, &only);
    let mut glslang_missing = false;
    for case in &cases {
        match &case.result {
            Ok(glsl) => {
                if no_glslang || glslang_missing {
                    continue;
                }
                match glslang(glsl) {
                    None => glslang_missing = true,
                    Some(Ok(())) => {}
                    Some(Err(msg)) => {
                        failures += 1;
                        eprintln!(
                            "{} ({}, {}): glslangValidator rejects the harness shader:\n{msg}",
                            case.rop,
                            case.coord,
                            inputs_label(case.all_inputs)
                        );
                    }
                }
            }
            Err(e) => {
                failures += 1;
                eprintln!(
                    "{e}\n  (while checking ROP {} with coordinate type {}, {})",
                    case.rop,
                    case.coord,
                    inputs_label(case.all_inputs)
                );
            }
        }
    }
    if glslang_missing && !no_glslang {
        eprintln!(
            "note: glslangValidator not found; install glslang-tools for the second compiler check"
        );
    }
    let rops: std::collections::BTreeSet<&str> = cases.iter().map(|c| c.rop.as_str()).collect();
    println!(
        "checked {} ROPs in {} harness builds: {failures} problems",
        rops.len(),
        cases.len()
    );
    if failures > 0 {
        Err(format!("{failures} problems"))
    } else {
        Ok(())
    }
}

fn inputs_label(all: bool) -> &'static str {
    if all {
        "every input fed"
    } else {
        "required inputs only"
    }
}

fn catalog_text(lib: &Library) -> String {
    let mut out = String::new();
    let mut category = String::new();
    for def in sorted_rops(lib) {
        if def.category != category {
            category = def.category.clone();
            out.push_str(&format!("{category}:\n"));
        }
        out.push_str(&format!("  {:<22} {}\n", def.name, def.description));
    }
    out
}

fn sorted_rops(lib: &Library) -> Vec<&crate::library::RopDef> {
    let mut rops: Vec<_> = lib.rops.values().collect();
    rops.sort_by(|a, b| (&a.category, &a.name).cmp(&(&b.category, &b.name)));
    rops
}

/// The catalog as Markdown (committed as `rops/README.md`).
pub fn catalog_markdown(lib: &Library) -> String {
    let mut out = String::from("# ROP catalog\n\nGenerated by `ropkit list --markdown`.\n");
    let mut category = String::new();
    for def in sorted_rops(lib) {
        if def.category != category {
            category = def.category.clone();
            out.push_str(&format!(
                "\n## {category}\n\n| ROP | types | description | parameters |\n|---|---|---|---|\n"
            ));
        }
        let types = format!(
            "{} → {}",
            def.coord_types
                .iter()
                .map(|t| t.as_str())
                .collect::<Vec<_>>()
                .join("/"),
            def.return_types
                .iter()
                .map(|t| t.as_str())
                .collect::<Vec<_>>()
                .join("/")
        );
        let params: Vec<String> = def
            .params
            .iter()
            .map(|p| format!("`{}` ({})", p.name, p.style))
            .collect();
        out.push_str(&format!(
            "| `{}` | {} | {} | {} |\n",
            def.name,
            types,
            def.description.replace('|', "/"),
            params.join(", ")
        ));
    }
    out
}

/// Writes `<root>/<category>/<name>/` with a ROP that passes `check` as it is.
pub fn new_rop(spec: &str, root: &Path) -> Result<(), String> {
    let (category, name) = spec
        .split_once('/')
        .ok_or("give CATEGORY/NAME, e.g. sdf/myShape")?;
    let valid = |s: &str| {
        !s.is_empty()
            && s.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
            && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
    };
    if !valid(category) || !valid(name) {
        return Err(format!(
            "'{spec}': category and name are identifiers (letters, digits, _)"
        ));
    }
    let dir = root.join(category).join(name);
    if dir.exists() {
        return Err(format!("{}: already exists", dir.display()));
    }
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let yaml = format!(
        "name: {name}\ncategory: {category}\ndescription: A new ROP; describe what it does.\nkeywords: []\ncoordTypes: [vec2, vec3]\nreturnTypes: [Sdf, float]\ncontextTypes: [any]\nparams:\n  - {{ name: Size, style: float, default: 1.0, min: 0.0, max: 4.0, label: Size, help: Radius of the shape }}\n  - {{ name: Translate, style: xyz, default: [0, 0, 0], min: -5.0, max: 5.0, label: Translate, help: Moves the shape }}\n"
    );
    let function = "// The primary function: called with a coordinate and a context.\n// THIS_ prefixes keep names unique; parameters are THIS_<Name>.\nReturnT thismap(CoordT p, ContextT ctx) {\n#ifdef THIS_COORD_TYPE_vec2\n  p -= THIS_Translate.xy;\n#else\n  p -= THIS_Translate;\n#endif\n  float d = length(p) - THIS_Size;\n#ifdef THIS_RETURN_TYPE_Sdf\n  return createSdf(d);\n#else\n  return d;\n#endif\n}\n";
    write_atomic(&dir.join("rop.yaml"), yaml.as_bytes()).map_err(|e| e.to_string())?;
    write_atomic(&dir.join("function.glsl"), function.as_bytes()).map_err(|e| e.to_string())?;
    println!("wrote {}", dir.display());
    Ok(())
}
