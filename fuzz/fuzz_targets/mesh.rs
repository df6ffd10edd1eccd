//! Mesh files of `meshSdf` (.obj, .ply, .stl, .glb): read, and baked on
//! a few voxels.
#![no_main]

#[allow(dead_code)]
#[path = "../entry.rs"]
mod entry;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    entry::mesh_file(data);
});
