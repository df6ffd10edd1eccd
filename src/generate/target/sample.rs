//! Evaluating the scene at points (`ropkit sample`, Python's `sample`, the
//! catalog tests): the output's first input is called once per pixel of a
//! row, at a point read from a uniform array.

use super::{
    Context, Target, live_params, params_prologue, texture_bindings, uniform_block, version_header,
};
use crate::generate::out::Out;
use crate::generate::{GenerateError, SAMPLE_BATCH};

pub struct Sample;

impl Target for Sample {
    fn header(&self, out: &mut Out, _cx: &Context) -> Result<(), GenerateError> {
        version_header(out);
        out.emit("#define ROPKIT_SAMPLE_MODE", u32::MAX);
        Ok(())
    }
    fn resources(&self, out: &mut Out, cx: &Context) -> Result<(), GenerateError> {
        uniform_block(out);
        live_params(out, cx);
        texture_bindings(out, cx);
        out.emit(
            &format!(
                "layout(set = 0, binding = {}) uniform SamplePoints {{\n  vec4 rk_points[{SAMPLE_BATCH}];\n}};",
                cx.layout.points_binding()
            ),
            u32::MAX,
        );
        Ok(())
    }
    fn init_prologue(&self, cx: &Context) -> String {
        params_prologue(cx)
    }
    fn entry(&self, out: &mut Out, cx: &Context) -> Result<(), GenerateError> {
        scene_entry(out, cx, "templates/sample.glsl")
    }
}

/// The entry of targets that evaluate the output's first input (the
/// scene) rather than draw the output: its types as macros, the shared
/// evaluation at a point (`templates/sample_at.glsl`), then `template`.
pub(super) fn scene_entry(
    out: &mut Out,
    cx: &Context,
    template: &str,
) -> Result<(), GenerateError> {
    let out_node = cx.res.output();
    let target =
        out_node
            .inputs
            .first()
            .copied()
            .flatten()
            .ok_or_else(|| GenerateError::Other {
                message: format!(
                    "output {} has nothing on its first input to sample",
                    out_node.path
                ),
            })?;
    let t = &cx.res.nodes[target];
    out.header(&format!("sampling {}", t.path));
    out.emit(
        &format!(
            "#define ROPKIT_SAMPLE_FN {}\n#define ROPKIT_SAMPLE_COORD_{}\n#define ROPKIT_SAMPLE_RETURN_{}\n#define ROPKIT_SAMPLE_CONTEXT_{}",
            t.name, t.coord, t.ret, t.context
        ),
        u32::MAX,
    );
    // The evaluation at one point, then the entry that calls it.
    for name in ["templates/sample_at.glsl", template] {
        let file = cx
            .lib
            .shaders
            .get(name)
            .ok_or_else(|| GenerateError::Other {
                message: format!("shaders/{name} is missing"),
            })?;
        out.file(&file.text, &file.path.clone(), u32::MAX);
    }
    Ok(())
}
