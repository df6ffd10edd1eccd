//! Raw data instead of a picture (Python's float buffers): like the live
//! target, but `ROPKIT_DATA` is defined and the output's values leave as
//! 32-bit floats through `templates/data.glsl`, whatever the output ROP.

use super::{
    Context, Target, live_params, params_prologue, template, texture_bindings, uniform_block,
    version_header,
};
use crate::generate::GenerateError;
use crate::generate::out::Out;

pub struct Data;

impl Target for Data {
    fn header(&self, out: &mut Out, _cx: &Context) -> Result<(), GenerateError> {
        version_header(out);
        out.emit("#define ROPKIT_DATA", u32::MAX);
        Ok(())
    }
    fn resources(&self, out: &mut Out, cx: &Context) -> Result<(), GenerateError> {
        uniform_block(out);
        live_params(out, cx);
        texture_bindings(out, cx);
        Ok(())
    }
    fn init_prologue(&self, cx: &Context) -> String {
        params_prologue(cx)
    }
    fn composes_folds(&self) -> bool {
        true
    }
    fn entry(&self, out: &mut Out, cx: &Context) -> Result<(), GenerateError> {
        // Every output's pixel function has the same shape, so one template serves them all.
        template(out, cx, Some("data"))
    }
}
