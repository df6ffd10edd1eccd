//! ropkit's integration tests, in one binary so the suite links once.

mod bad_input;
mod catalog;
mod common;
mod compiler;
mod gpu;
mod viewer;
