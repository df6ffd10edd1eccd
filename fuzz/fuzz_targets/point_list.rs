//! A data parameter's point list file: CSV, OBJ or PLY (the first byte picks).
#![no_main]

#[allow(dead_code)]
#[path = "../entry.rs"]
mod entry;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    entry::point_list(data);
});
