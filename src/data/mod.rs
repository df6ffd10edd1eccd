//! Data parameters: values that are data rather than numbers.

pub mod font;
