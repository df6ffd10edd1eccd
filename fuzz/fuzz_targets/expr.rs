//! Macro-table cells: any text, through the sandboxed evaluator.
#![no_main]

// Each target uses part of the shared entry points.
#[allow(dead_code)]
#[path = "../entry.rs"]
mod entry;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    entry::expression(data);
});
