//! Saving never truncates a good file. Every save (`-o` outputs, PNGs,
//! network files, new ROP folders) goes through `files::write_atomic`: a
//! temporary file beside the target, then a rename. These tests make a real
//! write fail midway: the ropkit binary runs under a file-size limit
//! (`ulimit -f`, RLIMIT_FSIZE, with SIGXFSZ ignored so the write returns
//! EFBIG as on a full disk), which stops the write after the first few
//! kilobytes. The old file must come through byte for byte, with no
//! temporary file left beside it. A plain `fs::write` fails these tests: it
//! truncates the target first.

use crate::common::*;
use std::path::Path;
use std::process::{Command, Output};

/// File-size limit in the shell's `ulimit -f` blocks (512 bytes in dash,
/// 1024 in bash): 4 to 8 KiB, far less than any output below.
const LIMIT_BLOCKS: u32 = 8;
const LIMIT_BYTES_AT_MOST: usize = 8 * 1024;

/// Runs the ropkit binary in the repository root with the file-size limit.
fn run_limited(args: &[&str]) -> Output {
    Command::new("sh")
        .arg("-c")
        .arg("trap '' XFSZ; ulimit -f \"$1\" || exit 99; shift; exec \"$@\"")
        .arg("sh")
        .arg(LIMIT_BLOCKS.to_string())
        .arg(env!("CARGO_BIN_EXE_ropkit"))
        .args(args)
        .current_dir(root())
        .output()
        .unwrap()
}

/// The old content, written where the output goes; what is in the folder.
fn old_file(dir: &Path, name: &str) -> (std::path::PathBuf, Vec<u8>) {
    let path = dir.join(name);
    let old: Vec<u8> = (0..60)
        .flat_map(|i| format!("// line {i} of a good file\n").into_bytes())
        .collect();
    assert!(
        old.len() < LIMIT_BYTES_AT_MOST / 2,
        "the old file fits the limit"
    );
    std::fs::write(&path, &old).unwrap();
    (path, old)
}

fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

/// Runs `args` (with `-o` pointing at `name` in a fresh folder) twice: under
/// the limit, where it must fail and leave everything as it was, then
/// without, where it must write more than the limit (so the first run did
/// fail midway, not before writing).
fn check_failed_write_keeps_the_old_file(name: &str, args: &[&str]) {
    let dir = tempfile::tempdir().unwrap();
    let (path, old) = old_file(dir.path(), name);
    let target = path.to_str().unwrap();
    let mut full: Vec<&str> = args.to_vec();
    full.extend(["-o", target]);

    let out = run_limited(&full);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_ne!(out.status.code(), Some(99), "ulimit -f is not available");
    assert!(
        !out.status.success(),
        "{args:?}: a write past the size limit succeeded?\n{stderr}"
    );
    assert!(
        stderr.contains(target) && stderr.contains("cannot write"),
        "{args:?}: the error names the file and what failed: {stderr}"
    );
    assert!(
        std::fs::read(&path).unwrap() == old,
        "{args:?}: the old {name} was changed by a failed write"
    );
    assert_eq!(
        names(dir.path()),
        [name],
        "{args:?}: a temporary file was left behind"
    );

    let out = run_ropkit(&full);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let written = std::fs::metadata(&path).unwrap().len() as usize;
    assert!(
        written > LIMIT_BYTES_AT_MOST,
        "{args:?}: the output ({written} bytes) is too small to be cut off by the limit"
    );
    assert_eq!(names(dir.path()), [name]);
}

#[test]
fn a_build_output_that_fails_midway_leaves_the_old_file() {
    check_failed_write_keeps_the_old_file("shader.frag", &["build", "presets/default.yaml"]);
}

#[test]
fn an_export_that_fails_midway_leaves_the_old_file() {
    check_failed_write_keeps_the_old_file(
        "shader.spv",
        &["export", "presets/default.yaml", "--format", "spirv"],
    );
    check_failed_write_keeps_the_old_file(
        "layout.json",
        &["export", "presets/materials.yaml", "--format", "json"],
    );
}

#[test]
fn a_render_that_fails_midway_leaves_the_old_picture() {
    if gpu("a_render_that_fails_midway_leaves_the_old_picture").is_none() {
        return;
    }
    check_failed_write_keeps_the_old_file(
        "picture.png",
        &["render", "presets/noise2d.yaml", "--size", "128x128"],
    );
}
