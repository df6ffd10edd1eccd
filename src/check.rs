//! `ropkit check`: every ROP compiled alone, in a small harness network, for
//! each coordinate type it claims: once with every input fed (a field on
//! every parameter socket too), and once more
//! with only its required inputs when it has optional ones (the
//! `#ifndef THIS_HAS_INPUT_N` branches). The harness output and the stub that
//! feeds inputs are ROP folders themselves, in `shaders/harness/`.

use crate::build::{BuildError, Built, build};
use crate::generate::Mode;
use crate::library::{Library, RopDef, VariableRole};
use crate::network::{Network, Node};
use crate::types::{ContextType, CoordType, ReturnType};
use std::path::PathBuf;

/// One harness build: which ROP, which coordinate type, which inputs, and the result.
#[derive(Debug)]
pub struct CheckCase {
    pub rop: String,
    pub coord: CoordType,
    /// False when only the required inputs were fed.
    pub all_inputs: bool,
    pub result: Result<String, BuildError>,
}

/// Name of the harness output ROP and of the input stub.
pub const HARNESS: &str = "ropkitHarness";
pub const STUB: &str = "ropkitStub";
/// Name of the harness ROP that provides a variable to a ROP that reads one.
pub const PROVIDER: &str = "ropkitProvider";

/// The library loaded again with the harness ROPs (from `shaders/harness/`).
pub fn with_harness(lib: &Library) -> Library {
    Library::load(&crate::library::Sources {
        harness: true,
        ..lib.sources.clone()
    })
}

/// The harness network for one ROP: the harness output, the ROP, and a stub
/// on each input (or on each required input only).
pub fn harness_network(def: &RopDef, all_inputs: bool) -> Network {
    let mut net = Network {
        output: "/harness".into(),
        file: PathBuf::from(format!("<check {}>", def.name)),
        ..Default::default()
    };
    let mut harness = Node::new(HARNESS);
    harness.inputs = vec![Some("/test".into())];
    // A ROP that reads a variable gets it provided, between it and the output.
    if let Some(v) = def
        .variable
        .as_ref()
        .filter(|v| v.role == VariableRole::Read)
    {
        let mut provider = Node::new(PROVIDER);
        provider.inputs = vec![Some("/test".into())];
        for (mine, theirs) in [(&v.name_param, "Name"), (&v.type_param, "Type")] {
            if let Some(p) = def.param(mine) {
                provider.params.insert(theirs.into(), p.default.clone());
            }
        }
        net.nodes.insert("/provide".into(), provider);
        harness.inputs = vec![Some("/provide".into())];
    }
    net.nodes.insert("/harness".into(), harness);
    let mut test = Node::new(&def.name);
    let count = if def.variadic { 2 } else { def.inputs.len() };
    for i in 0..count {
        let required = def.input_def(i).is_some_and(|d| d.required);
        if !all_inputs && !required {
            test.inputs.push(None);
            continue;
        }
        let path = format!("/stub{}", i + 1);
        test.inputs.push(Some(path.clone()));
        net.nodes.insert(path, Node::new(STUB));
    }
    while test.inputs.last().is_some_and(|i| i.is_none()) {
        test.inputs.pop();
    }
    net.nodes.insert("/test".into(), test);
    net
}

/// Which type combinations [`each_case`] builds a ROP for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Coverage {
    /// Each coordinate type, with the first return and context type
    /// (what `ropkit check` builds).
    FirstTypes,
    /// Also every return type for each coordinate type, and every further
    /// context type once (with the first coordinate and return type).
    EveryType,
}

/// One harness build handed to [`each_case`]'s callback: the pins and the
/// whole build (GLSL and the naga module), or why it failed.
#[derive(Debug)]
pub struct Case {
    pub rop: String,
    pub coord: CoordType,
    /// The return and context type the harness asks for; `None` when the
    /// types are left to inference (with only the required inputs fed, a
    /// ROP may return another type than its first: a fold without a shape
    /// returns the folded point).
    pub ret: Option<ReturnType>,
    pub context: Option<ContextType>,
    /// False when only the required inputs were fed.
    pub all_inputs: bool,
    pub result: Result<Built, BuildError>,
}

impl Case {
    /// Whether this is a case [`Coverage::FirstTypes`] builds too: the
    /// ROP's first return and context type.
    pub fn first_types(&self, def: &RopDef) -> bool {
        self.ret
            .is_none_or(|r| def.return_types.first() == Some(&r))
            && self
                .context
                .is_none_or(|x| def.context_types.first() == Some(&x))
    }
}

/// Builds every ROP (outputs excluded), or only those named, alone in the
/// harness, for the type combinations `coverage` names, handing each build to
/// `f` as it is made (a whole library's builds are not kept together).
pub fn each_case(
    lib: &Library,
    only: &[String],
    coverage: Coverage,
    mut f: impl FnMut(&RopDef, Case),
) {
    let mut hlib = with_harness(lib);
    let Some(hdef) = hlib.get(HARNESS).cloned() else {
        return;
    };
    for def in lib.rops.values() {
        if def.is_output() || (!only.is_empty() && !only.contains(&def.name)) {
            continue;
        }
        let (Some(&ret0), Some(&ctx0)) = (def.return_types.first(), def.context_types.first())
        else {
            continue;
        };
        // The sockets every float and vector parameter has do not count:
        // the case with every input fed drives each parameter by a stub
        // field, the other leaves them all unconnected.
        let has_optional =
            (0..def.own_inputs()).any(|i| def.input_def(i).is_some_and(|d| !d.required));
        type Combo = (CoordType, Option<ReturnType>, Option<ContextType>, bool);
        let mut combos: Vec<Combo> = Vec::new();
        for &coord in &def.coord_types {
            combos.push((coord, Some(ret0), Some(ctx0), true));
            if has_optional {
                combos.push((coord, None, None, false));
            }
            if coverage == Coverage::EveryType {
                for &ret in &def.return_types[1..] {
                    combos.push((coord, Some(ret), Some(ctx0), true));
                }
            }
        }
        if coverage == Coverage::EveryType
            && let Some(&coord0) = def.coord_types.first()
        {
            for &context in &def.context_types[1..] {
                combos.push((coord0, Some(ret0), Some(context), true));
            }
        }
        for (coord, ret, context, all_inputs) in combos {
            // Pin the harness input to these types.
            let mut h = hdef.clone();
            if let Some(input) = h.inputs.first_mut() {
                input.coord_types = Some(vec![coord]);
                if let Some(r) = ret {
                    input.return_types = Some(vec![r]);
                }
                if let Some(x) = context {
                    input.context_types = Some(vec![x]);
                }
            }
            hlib.rops.insert(HARNESS.into(), h);
            let net = harness_network(def, all_inputs);
            let result = build(&hlib, &net, &Mode::Render.into());
            f(
                def,
                Case {
                    rop: def.name.clone(),
                    coord,
                    ret,
                    context,
                    all_inputs,
                    result,
                },
            );
        }
    }
}

/// Checks every ROP (outputs excluded), or only those named: each
/// coordinate type with the first return and context type.
pub fn check_library(lib: &Library, only: &[String]) -> Vec<CheckCase> {
    let mut cases = Vec::new();
    each_case(lib, only, Coverage::FirstTypes, |_, case| {
        cases.push(CheckCase {
            rop: case.rop,
            coord: case.coord,
            all_inputs: case.all_inputs,
            result: case.result.map(|b| b.shader.glsl),
        })
    });
    cases
}

/// What glslangValidator printed when it refused a shader.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{0}")]
pub struct GlslangError(pub String);

/// Runs `glslangValidator -V` on a fragment shader. `None` when the tool is not installed.
pub fn glslang(glsl: &str) -> Option<Result<(), GlslangError>> {
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
        Err(GlslangError(format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )))
    })
}
