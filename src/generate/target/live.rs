//! Pictures with live parameters (the viewer, Python): every parameter is
//! read from the uniform buffer, so an edit is a buffer write, never a new shader.

use super::{
    Context, Target, live_params, params_prologue, template, texture_bindings, uniform_block,
    version_header,
};
use crate::generate::GenerateError;
use crate::generate::out::Out;

pub struct Live;

impl Target for Live {
    fn header(&self, out: &mut Out, _cx: &Context) -> Result<(), GenerateError> {
        version_header(out);
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
        template(out, cx, None)
    }
}
