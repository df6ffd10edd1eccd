//! Evaluating the scene for the mesher (`crate::mesh`): blocks of grid
//! points, single points, gradients and material colours, as the items in a
//! read-only storage buffer ask (`shaders/templates/mesh.glsl`). Parameter
//! values are compiled in: a mesh is made once, never edited live.

use super::{Context, Target, texture_bindings, uniform_block, version_header};
use crate::generate::GenerateError;
use crate::generate::out::Out;

pub struct Mesh;

impl Target for Mesh {
    fn header(&self, out: &mut Out, _cx: &Context) -> Result<(), GenerateError> {
        version_header(out);
        Ok(())
    }
    fn resources(&self, out: &mut Out, cx: &Context) -> Result<(), GenerateError> {
        uniform_block(out);
        texture_bindings(out, cx);
        out.emit(
            &format!(
                "layout(set = 0, binding = {}, std430) readonly buffer MeshInput {{\n  vec4 rk_meshIn[];\n}};",
                cx.layout.points_binding()
            ),
            u32::MAX,
        );
        Ok(())
    }
    fn bakes_params(&self) -> bool {
        true
    }
    fn entry(&self, out: &mut Out, cx: &Context) -> Result<(), GenerateError> {
        super::sample::scene_entry(out, cx, "templates/mesh.glsl")
    }
}
