//! A volume: a raw file of voxels in a chosen layout, or a stack of images.
#![no_main]

#[allow(dead_code)]
#[path = "../entry.rs"]
mod entry;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    entry::volume_file(data);
});
