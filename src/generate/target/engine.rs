//! Shaders for the engine exports (Godot, Unity, Unreal, TouchDesigner):
//! like the live target, but every parameter is read from the uniform
//! block where it is used, never through a private copy, so that the
//! exporter can give each slot of the block to the engine's own
//! properties. The data parameters (point lists, text outlines) are bound
//! as the data texture, which each engine takes as a texture of its own
//! (the exporter writes it next to the shader).

use super::{Context, Target, template, texture_bindings, uniform_block, version_header};
use crate::generate::GenerateError;
use crate::generate::layout::UNIFORM_VEC4S;
use crate::generate::out::Out;

pub struct Engine;

impl Target for Engine {
    fn header(&self, out: &mut Out, _cx: &Context) -> Result<(), GenerateError> {
        version_header(out);
        Ok(())
    }
    fn resources(&self, out: &mut Out, cx: &Context) -> Result<(), GenerateError> {
        let n = cx.layout.vec4s;
        if n > UNIFORM_VEC4S {
            return Err(GenerateError::Other {
                message: format!(
                    "the network has {n} parameter slots; engine exports carry at most {UNIFORM_VEC4S}"
                ),
            });
        }
        uniform_block(out);
        out.emit(
            &format!(
                "layout(set = 0, binding = {}) uniform Params {{\n  vec4 rk_params[{n}];\n}};\n#define vecParams rk_params",
                cx.layout.params_binding()
            ),
            u32::MAX,
        );
        texture_bindings(out, cx);
        Ok(())
    }
    fn entry(&self, out: &mut Out, cx: &Context) -> Result<(), GenerateError> {
        template(out, cx, None)
    }
}
