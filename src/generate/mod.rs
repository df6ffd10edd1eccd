//! Stage 4: turn a resolved network into one stitched GLSL fragment shader,
//! with its parameter layout, texture bindings and a source map.
//!
//! Three steps, in the manner of MaterialX's shader generators: the
//! parameter and texture [`layout`] is computed once as plain data; the
//! [`emit`] step writes the sections every shader shares (global macros,
//! library includes, each node with its inputs first, `initAll`, the
//! material switch, the output node); and a [`target`] (live, baked,
//! Shadertoy, data, sample) adds its own header, resources and entry point
//! around them. Adding a target means one file in `target/`.
//!
//! Generation reads no files and no environment: everything comes from
//! its arguments (the [`crate::library::Library`], the network, its
//! resolution, the bytes of the files its data parameters name, read
//! before by [`crate::build::build`], and the
//! [`crate::options::BuildOptions`]), so its output depends on them only
//! and it is cheap enough to run on every edit.
//!
//! The middle end's data model is in `model.rs`, which imports no other
//! module of `generate/`; the modules here import one another without a
//! circle.

mod assemble;
mod data;
mod decls;
pub mod emit;
pub mod fold;
pub mod layout;
mod macros;
mod model;
mod node;
mod out;
mod sections;
mod shader;
pub mod shape;
pub mod target;

pub use assemble::generate;
pub use data::DataPack;
pub use data::named_files;
pub use emit::{eval_macro_table, param_macros};

pub use crate::globals::GLOBAL_VEC4S;
pub use model::{
    GenerateError, LineOrigin, MAX_PARAM_VEC4S, Mode, Origin, ParamSlot, SAMPLE_BATCH, SourceMap,
    TextureBinding, Warning,
};
pub use shader::{FoldSlots, Shader, node_values, param_values, structure_key};
