//! ropkit: build raymarched SDF scenes from small GLSL operators (ROPs).
//!
//! The pipeline runs one way, one module per stage:
//! [`library`] → [`network`] → [`resolve`] → [`generate`] → [`compile`] → [`render`].
//! [`build`] runs the first five; the viewer, CLI, export and watcher sit beside them.

pub mod build;
pub mod check;
pub mod cli;
pub mod compile;
pub mod export;
pub mod expr;
pub mod generate;
pub mod library;
pub mod live;
pub mod network;
pub mod project;
pub mod render;
pub mod resolve;
pub mod substitute;
pub mod types;
pub mod value;
pub mod viewer;
pub mod watch;
