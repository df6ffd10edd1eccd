//! Network files: any text, parsed against the real library; what parses is
//! saved, read back and built.
#![no_main]

// Each target uses part of the shared entry points.
#[allow(dead_code)]
#[path = "../entry.rs"]
mod entry;
#[path = "../library.rs"]
mod library;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    entry::network_text(library::get(), data);
});
