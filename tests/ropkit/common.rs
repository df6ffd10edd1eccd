//! Shared helpers: the project library, glslang, the GPU.

use ropkit::library::Library;
use ropkit::project::Project;
use ropkit::render::{Gpu, RenderError};
use std::path::{Path, PathBuf};

pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

pub fn project(extra: &[PathBuf]) -> Project {
    let root = root();
    let mut rop_roots = vec![root.join("rops")];
    rop_roots.extend(extra.iter().cloned());
    Project {
        shader_root: root.join("shaders"),
        rop_roots,
        root,
    }
}

pub fn library() -> Library {
    let lib = project(&[]).load_library();
    assert!(
        lib.broken.is_empty(),
        "broken ROP folders: {:#?}",
        lib.broken
    );
    lib
}

pub fn presets() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(root().join("presets"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "yaml"))
        .collect();
    v.sort();
    v
}

/// The second compiler must accept the shader. Fails (does not skip) when
/// glslangValidator is missing, saying what to install.
pub fn assert_glslang(glsl: &str, what: &str) {
    match ropkit::check::glslang(glsl) {
        None => panic!(
            "glslangValidator not found: install glslang-tools (apt-get install glslang-tools)"
        ),
        Some(Ok(())) => {}
        Some(Err(msg)) => {
            let numbered: String = glsl
                .lines()
                .enumerate()
                .map(|(i, l)| format!("{:4} {l}\n", i + 1))
                .collect();
            panic!("glslangValidator rejects {what}:\n{msg}\n{numbered}");
        }
    }
}

/// A GPU device, or `None` when ROPKIT_SKIP_GPU=1 and there is no adapter.
/// Without an adapter and without the opt-out, the test fails with what to install.
pub fn gpu(test: &str) -> Option<Gpu> {
    static GPU: std::sync::OnceLock<Result<Gpu, RenderError>> = std::sync::OnceLock::new();
    let found = GPU.get_or_init(Gpu::headless);
    match found {
        Ok(g) => Some(g.clone()),
        Err(e) if std::env::var("ROPKIT_SKIP_GPU").is_ok_and(|v| v == "1") => {
            eprintln!("SKIPPED {test}: {e}");
            None
        }
        Err(e) => panic!("{test}: {e}"),
    }
}

/// Runs the ropkit binary in the repository root and waits for it.
pub fn run_ropkit<I, S>(args: I) -> std::process::Output
where
    I: IntoIterator<Item = S>,
    S: AsRef<std::ffi::OsStr>,
{
    std::process::Command::new(env!("CARGO_BIN_EXE_ropkit"))
        .current_dir(root())
        .args(args)
        .output()
        .unwrap()
}

/// Copies a folder tree (fixtures into a temporary folder that a test may edit).
pub fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        if e.path().is_dir() {
            copy_dir(&e.path(), &to.join(e.file_name()));
        } else {
            std::fs::copy(e.path(), to.join(e.file_name())).unwrap();
        }
    }
}
