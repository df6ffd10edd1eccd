//! The real library of this checkout, loaded once per fuzzing process.

use ropkit::library::Library;
use ropkit::project::Project;
use std::path::Path;
use std::sync::OnceLock;

pub fn get() -> &'static Library {
    static LIB: OnceLock<Library> = OnceLock::new();
    LIB.get_or_init(|| {
        let root = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."));
        let lib = Project::checkout(root).load_library();
        assert!(lib.broken.is_empty(), "broken ROPs: {:?}", lib.broken);
        lib
    })
}
