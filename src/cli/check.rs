//! `ropkit check`: the ROP folders validated and compiled alone, per
//! coordinate type, through both compilers.

use crate::check::{check_library, glslang};
use crate::project::Project;
use std::path::{Path, PathBuf};

/// `ropkit check [DIR]`: every ROP (or those below DIR) compiled alone in
/// the harness, through naga and, when installed, glslangValidator.
pub fn run(project: &Project, dir: Option<PathBuf>, no_glslang: bool) -> Result<(), String> {
    if let Some(file) = dir
        .as_deref()
        .filter(|d| d.is_file() || !d.exists() && is_network_name(d))
    {
        return check_network(project, file, no_glslang);
    }
    let mut project = project.clone();
    // A folder inside the library is checked in place; any other becomes an extra root.
    let canonical = |p: &Path| p.canonicalize().unwrap_or_else(|_| p.to_path_buf());
    if let Some(d) = &dir
        && !d.is_dir()
    {
        return Err(format!("{}: no ROP folders found", d.display()));
    }
    let wanted = dir.as_deref().map(canonical);
    if let (Some(d), Some(w)) = (&dir, &wanted)
        && !project
            .sources
            .rop_folders()
            .iter()
            .any(|r| w.starts_with(canonical(r)))
    {
        project.sources.extra_rops.push(d.clone());
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
    // A ROP that failed to load below DIR is a problem found there, not an empty folder.
    let broken_here = lib
        .broken
        .iter()
        .filter(|e| {
            wanted
                .as_ref()
                .is_none_or(|w| canonical(e.at.path()).starts_with(w))
        })
        .count();
    if let (Some(d), true) = (&dir, only.is_empty()) {
        if broken_here == 0 {
            return Err(format!("{}: no ROP folders found", d.display()));
        }
        // An empty list would mean "everything": only the broken ones are reported.
        println!("checked 0 ROPs in 0 harness builds: {failures} problems");
        return Err(format!("{failures} problems"));
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
    // Output ROPs are not built alone (nothing calls them), but loading them
    // checked their template: they count as checked.
    let outputs = lib
        .rops
        .values()
        .filter(|r| r.is_output() && (only.is_empty() || only.contains(&r.name)))
        .map(|r| r.name.as_str());
    let rops: std::collections::BTreeSet<&str> = cases
        .iter()
        .map(|c| c.rop.as_str())
        .chain(outputs)
        .collect();
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

/// A path that names a network file (`.yaml`/`.yml`) rather than a folder.
fn is_network_name(p: &Path) -> bool {
    p.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("yaml") || e.eq_ignore_ascii_case("yml"))
}

/// `ropkit check NETWORK`: everything that can go wrong before a picture,
/// without drawing one: the network is read and built (every data file it
/// names, points and fonts, is loaded on the way), the shader goes through
/// naga and glslangValidator, and every texture and volume file is read
/// and decoded as the renderer would, within the texture budget. Problems
/// name the file, the node and the line; warnings are printed too.
pub fn check_network(project: &Project, network: &Path, no_glslang: bool) -> Result<(), String> {
    let lib = super::load_library(project, true);
    let net = super::load_network(project, network, &lib)?;
    let built = crate::build::build(
        &lib,
        &net,
        &super::options(crate::generate::Mode::Render).for_export(),
    )
    .map_err(|e| e.report())?;
    super::print_warnings(&built.shader.warnings);
    let glsl = &built.shader.glsl;
    if !no_glslang {
        match glslang(glsl) {
            Some(Err(msg)) => {
                return Err(format!(
                    "{}: glslangValidator rejects the generated shader:\n{msg}",
                    network.display()
                ));
            }
            Some(Ok(())) => {}
            None => eprintln!(
                "note: glslangValidator not found; install glslang-tools for the second compiler check"
            ),
        }
    }
    #[cfg(feature = "gpu")]
    let files = crate::render::check_texture_files(&built.shader, &project.asset_dirs(&net.file))
        .map_err(|e| e.to_string())?;
    #[cfg(not(feature = "gpu"))]
    let files = {
        eprintln!("note: this ropkit was built without the renderer; texture files were not read");
        0
    };
    println!(
        "{}: {} nodes, {} lines of GLSL, {files} texture and volume files read: no problems",
        network.display(),
        net.nodes.len(),
        glsl.lines().count()
    );
    Ok(())
}
