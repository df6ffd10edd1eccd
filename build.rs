// The built-in library is embedded with include_dir (src/builtin.rs); cargo
// must rebuild when any of its files change.
fn main() {
    for dir in ["rops", "shaders", "presets", "assets"] {
        println!("cargo:rerun-if-changed={dir}");
    }
}
