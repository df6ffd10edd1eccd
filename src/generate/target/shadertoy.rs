//! A Shadertoy image pass: `mainImage`, Shadertoy's uniforms in place of
//! ropkit's, parameter values compiled in, textures on `iChannel0..3`.

use super::{Context, Target, data_array, notice, template};
use crate::generate::out::Out;
use crate::generate::{GenerateError, TextureBinding};

pub struct Shadertoy;

impl Target for Shadertoy {
    fn header(&self, out: &mut Out, cx: &Context) -> Result<(), GenerateError> {
        if let Some(t) = cx.layout.textures.iter().find(|t| t.volume.is_some()) {
            return Err(GenerateError::Other {
                message: format!(
                    "Shadertoy channels take only Shadertoy's own volumes: node {} reads the volume '{}' (a 3D texture)",
                    t.node,
                    crate::value::echo(&t.path)
                ),
            });
        }
        let n = cx.layout.textures.len();
        if n > 4 {
            return Err(GenerateError::Other {
                message: format!("Shadertoy has four texture channels; this network uses {n}"),
            });
        }
        out.emit(
            "// Shadertoy image pass exported by ropkit: paste into the Image tab.",
            u32::MAX,
        );
        out.emit("#define ROPKIT_SHADERTOY", u32::MAX);
        notice(out);
        Ok(())
    }
    fn resources(&self, out: &mut Out, cx: &Context) -> Result<(), GenerateError> {
        // Shadertoy's uniforms under ropkit's names.
        out.emit(&crate::globals::shadertoy_defines(), u32::MAX);
        data_array(out, cx, "Shadertoy")
    }
    fn data_inline(&self) -> bool {
        true
    }
    fn bakes_params(&self) -> bool {
        true
    }
    fn texture(&self, t: &TextureBinding) -> String {
        format!("iChannel{}", t.binding - 2)
    }
    fn entry(&self, out: &mut Out, cx: &Context) -> Result<(), GenerateError> {
        template(out, cx, Some("shadertoy"))
    }
}
