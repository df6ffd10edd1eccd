//! `ropkit check`: every ROP compiled alone, in a small harness network, for
//! each coordinate type it claims. The harness output and the stub that feeds
//! inputs are ROP folders themselves, in `shaders/harness/`.

use crate::build::{BuildError, build};
use crate::generate::Mode;
use crate::library::{Library, RopDef};
use crate::network::{Network, Node};
use crate::types::CoordType;
use std::path::PathBuf;

/// One harness build: which ROP, which coordinate type, and the result.
#[derive(Debug)]
pub struct CheckCase {
    pub rop: String,
    pub coord: CoordType,
    pub network: Network,
    pub result: Result<String, BuildError>,
}

/// Name of the harness output ROP and of the input stub.
pub const HARNESS: &str = "ropkitHarness";
pub const STUB: &str = "ropkitStub";

/// Adds the harness ROPs (from `<shaders>/harness`) to a copy of the library.
pub fn with_harness(lib: &Library) -> Library {
    let mut roots = lib.rop_roots.clone();
    roots.push(lib.shader_root.join("harness"));
    Library::load(&roots, &lib.shader_root)
}

/// The harness network for one ROP: the harness output, the ROP, a stub on each input.
pub fn harness_network(def: &RopDef) -> Network {
    let mut net = Network {
        output: "/harness".into(),
        file: PathBuf::from(format!("<check {}>", def.name)),
        ..Default::default()
    };
    let mut harness = Node::new(HARNESS);
    harness.inputs = vec![Some("/test".into())];
    net.nodes.insert("/harness".into(), harness);
    let mut test = Node::new(&def.name);
    let count = if def.variadic { 2 } else { def.inputs.len() };
    for i in 0..count {
        let path = format!("/stub{}", i + 1);
        test.inputs.push(Some(path.clone()));
        net.nodes.insert(path, Node::new(STUB));
    }
    net.nodes.insert("/test".into(), test);
    net
}

/// Checks every ROP (outputs excluded), or only those named.
pub fn check_library(lib: &Library, only: &[String]) -> Vec<CheckCase> {
    let hlib = with_harness(lib);
    let Some(hdef) = hlib.get(HARNESS).cloned() else {
        return Vec::new();
    };
    let mut cases = Vec::new();
    for def in lib.rops.values() {
        if def.is_output() || (!only.is_empty() && !only.contains(&def.name)) {
            continue;
        }
        for &coord in &def.coord_types {
            // Pin the harness input to this coordinate type.
            let mut l = hlib.clone();
            let mut h = hdef.clone();
            if let Some(input) = h.inputs.first_mut() {
                input.coord_types = Some(vec![coord]);
            }
            l.rops.insert(HARNESS.into(), h);
            let net = harness_network(def);
            let result = build(&l, &net, Mode::Render).map(|b| b.shader.glsl);
            cases.push(CheckCase {
                rop: def.name.clone(),
                coord,
                network: net,
                result,
            });
        }
    }
    cases
}

/// Runs `glslangValidator -V` on a fragment shader. `None` when the tool is not installed.
pub fn glslang(glsl: &str) -> Option<Result<(), String>> {
    let dir = tempfile::tempdir().ok()?;
    let path = dir.path().join("shader.frag");
    std::fs::write(&path, glsl).ok()?;
    let spv = dir.path().join("shader.spv");
    let out = std::process::Command::new("glslangValidator")
        .arg("-V")
        .arg(&path)
        .arg("-o")
        .arg(&spv)
        .output()
        .ok()?;
    Some(if out.status.success() {
        Ok(())
    } else {
        Err(format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ))
    })
}
