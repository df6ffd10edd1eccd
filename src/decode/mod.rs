//! Readers of untrusted files that need no GPU (feature `decode`, part of
//! `gpu`): pictures, float images and volumes decoded into memory, and the
//! points file of `ropkit sample`. The renderer and the sampler use them;
//! the fuzz targets drive them without building the GPU crates.

pub mod images;
pub mod meshes;
pub mod points;
pub mod volumes;
