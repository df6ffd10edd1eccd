//! A web page's shader (`ropkit export --format html`): the live target's
//! shader (parameters read from the uniform buffer, so the page's controls
//! are buffer writes), with the page's entry point, for naga's GLSL ES 3.00
//! writer to turn into WebGL2 code. WebGL2 has no storage buffers: a
//! network with more parameters than a uniform block holds is refused.

use super::{
    Context, Target, live_params, params_prologue, template, texture_bindings, uniform_block,
    version_header,
};
use crate::generate::GenerateError;
use crate::generate::layout::{ParamStorage, UNIFORM_VEC4S};
use crate::generate::out::Out;

pub struct Web;

impl Target for Web {
    fn header(&self, out: &mut Out, _cx: &Context) -> Result<(), GenerateError> {
        version_header(out);
        out.emit("#define ROPKIT_WEB", u32::MAX);
        Ok(())
    }
    fn resources(&self, out: &mut Out, cx: &Context) -> Result<(), GenerateError> {
        if cx.layout.params_storage() == ParamStorage::StorageCopy {
            return Err(GenerateError::Other {
                message: format!(
                    "a web page keeps the parameters in a uniform block, which holds {UNIFORM_VEC4S} slots; this network needs {}",
                    cx.layout.vec4s
                ),
            });
        }
        uniform_block(out);
        live_params(out, cx);
        texture_bindings(out, cx);
        Ok(())
    }
    fn init_prologue(&self, cx: &Context) -> String {
        params_prologue(cx)
    }
    fn entry(&self, out: &mut Out, cx: &Context) -> Result<(), GenerateError> {
        template(out, cx, Some("web"))
    }
}
