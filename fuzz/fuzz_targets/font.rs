//! Font files: any bytes read as a `.ttf`/`.otf` and a text laid out in it
//! (the `font` data parameter's path, without the network around it).
#![no_main]

#[allow(dead_code)]
#[path = "../entry.rs"]
mod entry;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    entry::font_file(data);
});
