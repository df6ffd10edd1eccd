//! Small networks over the real library, made by the editing calls, built
//! for every kind of shader.
#![no_main]

// Each target uses part of the shared entry points.
#[allow(dead_code)]
#[path = "../entry.rs"]
mod entry;
#[path = "../library.rs"]
mod library;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    entry::random_network(library::get(), data);
});
