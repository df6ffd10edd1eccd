//! Shared helpers: the project library, glslang, the GPU.

use ropkit::library::Library;
use ropkit::project::Project;
use ropkit::render::{Gpu, RenderError};
use std::path::{Path, PathBuf};

pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The checkout's own library, plus extra ROP folders.
pub fn project(extra: &[PathBuf]) -> Project {
    Project::checkout(&root()).with_rops(extra)
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
///
/// Every call is counted by test name: when the test binary exits, after
/// libtest's own summary, one line says how many GPU tests ran on which
/// adapter and how many were skipped (by name), so a skipped GPU test is never
/// hidden behind an "ok" (libtest captures the test's own output).
pub fn gpu(test: &str) -> Option<Gpu> {
    static GPU: std::sync::OnceLock<Result<Gpu, RenderError>> = std::sync::OnceLock::new();
    let found = GPU.get_or_init(|| {
        print_gpu_tally_at_exit();
        Gpu::headless()
    });
    let mut tally = GPU_TALLY.lock().unwrap_or_else(|e| e.into_inner());
    match found {
        Ok(g) => {
            tally.adapter = Some(g.adapter.clone());
            tally.ran.insert(test.to_string());
            Some(g.clone())
        }
        Err(e) if std::env::var("ROPKIT_SKIP_GPU").is_ok_and(|v| v == "1") => {
            eprintln!("SKIPPED {test}: {e}");
            tally.reason = Some(e.to_string());
            tally.skipped.insert(test.to_string());
            None
        }
        Err(e) => panic!("{test}: {e}"),
    }
}

#[derive(Default)]
struct GpuTally {
    ran: std::collections::BTreeSet<String>,
    skipped: std::collections::BTreeSet<String>,
    adapter: Option<String>,
    reason: Option<String>,
}

static GPU_TALLY: std::sync::Mutex<GpuTally> = std::sync::Mutex::new(GpuTally {
    ran: std::collections::BTreeSet::new(),
    skipped: std::collections::BTreeSet::new(),
    adapter: None,
    reason: None,
});

/// The line printed at exit, e.g. `GPU tests: 40 ran on llvmpipe (Vulkan), 0 skipped`.
fn gpu_tally_line(t: &GpuTally) -> String {
    let mut line = format!("GPU tests: {} ran", t.ran.len());
    if let Some(a) = &t.adapter {
        line += &format!(" on {a}");
    }
    if t.skipped.is_empty() {
        line += ", 0 skipped";
    } else {
        line += &format!(
            ", {} SKIPPED (ROPKIT_SKIP_GPU=1; {}): {}",
            t.skipped.len(),
            t.reason.as_deref().unwrap_or("no adapter"),
            t.skipped.iter().cloned().collect::<Vec<_>>().join(", ")
        );
    }
    line
}

/// libtest has no hook after its summary; the C library's `atexit` runs
/// after `main` returns (libtest returns on success and calls `exit` on
/// failure, and both run it), on the main thread, where no capture applies.
fn print_gpu_tally_at_exit() {
    unsafe extern "C" {
        fn atexit(callback: extern "C" fn()) -> std::ffi::c_int;
    }
    extern "C" fn print() {
        let tally = GPU_TALLY.lock().unwrap_or_else(|e| e.into_inner());
        eprintln!("{}", gpu_tally_line(&tally));
    }
    // SAFETY: `print` is a plain function that lives as long as the program.
    unsafe {
        atexit(print);
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
