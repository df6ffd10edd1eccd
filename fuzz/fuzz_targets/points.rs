//! The points file of `ropkit sample`, read in two chunks as the stream reads it.
#![no_main]

#[allow(dead_code)]
#[path = "../entry.rs"]
mod entry;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    entry::points_file(data);
});
