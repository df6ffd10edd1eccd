//! ropkit: build raymarched SDF scenes from small GLSL operators (ROPs).
//!
//! The pipeline runs one way, one module per stage:
//! [`library`] → [`network`] → [`resolve`] → [`generate`] → [`compile`] → `render`.
//! [`build`] runs the first five. Beside them: [`project`] finds and loads
//! the files, [`builtin`] holds the embedded library, [`files`] and
//! [`limits`] keep untrusted input in bounds, [`export`], [`catalog`] and
//! [`check`] serve the command line; with the `gpu` feature, `render`,
//! `sample`, `live` (a network being edited), `watch` and `gallery` (a
//! thumbnail of every ROP); with `viewer`, the
//! window. [`cli`] sits on top and nothing imports it.

// Foundations: vocabularies, values, the sandboxed macro evaluator.
pub mod expr;
pub mod globals;
pub mod limits;
pub mod location;
pub mod substitute;
pub mod types;
pub mod value;
pub mod yaml;

// Files: what is built in, how untrusted files are read, where a project lives.
pub mod builtin;
pub mod files;
pub mod project;
pub mod project_file;

// The compiler pipeline.
pub mod attributes;
pub mod build;
pub mod compile;
pub mod data;
pub mod document;
pub mod generate;
pub mod glsl;
pub mod library;
pub mod network;
pub mod options;
pub mod refusal;
pub mod resolve;
pub mod volume;

// What the command line offers beside the pipeline.
pub mod catalog;
pub mod check;
pub mod export;
pub mod scaffold;

// Readers of pictures, volumes and points files, without the GPU.
#[cfg(feature = "decode")]
pub mod decode;

// The GPU: rendering, sampling, live editing, file watching.
#[cfg(feature = "gpu")]
pub mod gallery;
#[cfg(feature = "gpu")]
pub mod live;
#[cfg(feature = "gpu")]
pub mod mesh;
#[cfg(feature = "gpu")]
pub mod render;
#[cfg(feature = "gpu")]
pub mod sample;
#[cfg(feature = "gpu")]
pub mod session;
#[cfg(feature = "watch")]
pub mod watch;

#[cfg(feature = "viewer")]
pub mod viewer;

#[cfg(feature = "cli")]
pub mod cli;
