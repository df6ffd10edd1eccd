//! Every input kept in `tests/fuzz-regressions/<target>/` (what the fuzz
//! campaigns found, and a few seeds) replayed through its target's entry
//! point, the code the fuzz targets in `fuzz/` run: a crash found once stays
//! fixed. See the README's testing section for the campaigns.

#[path = "../../fuzz/entry.rs"]
mod entry;

use crate::common::{library, root};
use std::path::PathBuf;

fn inputs(target: &str) -> Vec<PathBuf> {
    let dir = root().join("tests/fuzz-regressions").join(target);
    let mut v: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file())
        .collect();
    v.sort();
    assert!(!v.is_empty(), "{}: no inputs", dir.display());
    v
}

fn replay(target: &str, mut run: impl FnMut(&[u8])) {
    for path in inputs(target) {
        let data = std::fs::read(&path).unwrap();
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| run(&data)));
        if let Err(panic) = outcome {
            let why = panic
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            panic!("{}: {why}", path.display());
        }
    }
}

#[test]
fn kept_fuzz_inputs_replay_without_a_crash() {
    let lib = library();
    replay("network", |d| entry::network_text(&lib, d));
    replay("expr", entry::expression);
    replay("font", entry::font_file);
    replay("svg", entry::svg_file);
    replay("build_network", |d| entry::random_network(&lib, d));
    let mut hlib = ropkit::check::with_harness(&lib);
    let dir = tempfile::tempdir().unwrap();
    replay("rop", |d| entry::rop_folder(&mut hlib, dir.path(), d));
    replay("points", entry::points_file);
    replay("point_list", entry::point_list);
    replay("texture", entry::texture_file);
    replay("volume", entry::volume_file);
    replay("mesh", entry::mesh_file);
    let project = tempfile::tempdir().unwrap();
    replay("project_file", |d| entry::project_file(project.path(), d));
}

/// Every fuzz target has its row in README's fuzz table, and its kept
/// inputs replayed above.
#[test]
fn every_fuzz_target_has_a_row_in_the_readme_and_kept_inputs() {
    let cargo = std::fs::read_to_string(root().join("fuzz/Cargo.toml")).unwrap();
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let table = readme
        .split("<!-- fuzz -->")
        .nth(1)
        .and_then(|rest| rest.split("<!-- /fuzz -->").next())
        .expect("README's fuzz table");
    let targets: Vec<&str> = cargo
        .lines()
        .filter_map(|l| l.trim().strip_prefix("name = \""))
        .filter_map(|l| l.strip_suffix('"'))
        .filter(|n| *n != "ropkit-fuzz")
        .collect();
    assert!(targets.len() >= 12, "{targets:?}");
    let source = std::fs::read_to_string(root().join("tests/ropkit/fuzz_regressions.rs")).unwrap();
    for t in targets {
        assert!(
            table.contains(&format!("| `{t}` |")),
            "no README row for the fuzz target {t}"
        );
        assert!(
            source.contains(&format!("replay(\"{t}\"")),
            "the fuzz target {t}'s inputs are not replayed"
        );
    }
}
