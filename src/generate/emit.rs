//! The emit step's names as the targets know them: the line buffer
//! ([`Out`]) and the shared sections live in [`super::out`],
//! [`super::sections`], [`super::node`] and [`super::macros`].

pub use super::macros::{eval_macro_table, param_macros};
pub use super::out::Out;
pub use super::sections::variable_global;
