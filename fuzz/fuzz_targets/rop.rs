//! ROP folders: any `rop.yaml` (and `function.glsl`), loaded, then built
//! alone in the `check` harness.
#![no_main]

// Each target uses part of the shared entry points.
#[allow(dead_code)]
#[path = "../entry.rs"]
mod entry;
#[path = "../library.rs"]
mod library;

use std::cell::RefCell;

thread_local! {
    // The library with the harness ROPs, and the folder each input is written to.
    static STATE: RefCell<(ropkit::library::Library, tempfile::TempDir)> = RefCell::new((
        ropkit::check::with_harness(library::get()),
        tempfile::tempdir().expect("a temporary folder"),
    ));
}

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    STATE.with(|s| {
        let (lib, dir) = &mut *s.borrow_mut();
        let path = dir.path().to_path_buf();
        entry::rop_folder(lib, &path, data);
    });
});
