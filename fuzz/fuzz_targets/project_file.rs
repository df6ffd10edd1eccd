//! `ropkit.yaml`, the file that marks a project folder.
#![no_main]

#[allow(dead_code)]
#[path = "../entry.rs"]
mod entry;

use std::sync::OnceLock;

/// One folder for every input: the file is written over each time.
static DIR: OnceLock<tempfile::TempDir> = OnceLock::new();

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let dir = DIR.get_or_init(|| tempfile::tempdir().unwrap());
    entry::project_file(dir.path(), data);
});
