//! ropkit's integration tests, in one binary so the suite links once.

mod bad_input;
mod buffers;
mod cameras;
mod catalog;
mod catalog_a;
mod catalog_b;
mod commands;
mod common;
mod compiler;
mod depth;
mod exports;
mod fields;
mod fuzz_regressions;
mod gpu;
mod harness;
mod mechanisms;
mod mesh;
mod packaging;
mod renderer;
mod saving;
mod scaling;
mod stages;
mod viewer;
mod volumes;
