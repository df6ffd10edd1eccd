//! SVG files: any bytes read as a `path` parameter's `.svg` file (its
//! filled paths as segments), without the network around it.
#![no_main]

#[allow(dead_code)]
#[path = "../entry.rs"]
mod entry;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    entry::svg_file(data);
});
