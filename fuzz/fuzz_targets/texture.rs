//! A texture file: PNG or JPEG as 8-bit RGBA, Radiance HDR or OpenEXR as
//! half floats with mips, within the texture budget.
#![no_main]

#[allow(dead_code)]
#[path = "../entry.rs"]
mod entry;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    entry::texture_file(data);
});
