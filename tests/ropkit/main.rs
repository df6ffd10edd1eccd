//! ropkit's integration tests, in one binary so the suite links once.

mod common;
mod compiler;
mod bad_input;
mod gpu;
