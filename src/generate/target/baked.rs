//! Pictures with the parameter values compiled in as literals (`ropkit
//! render`, exports): as fast as hand-written code, since the driver folds
//! the constants, but any parameter change needs a new shader.

use super::{Context, Target, template, texture_bindings, uniform_block, version_header};
use crate::generate::GenerateError;
use crate::generate::out::Out;

pub struct Baked;

impl Target for Baked {
    fn header(&self, out: &mut Out, _cx: &Context) -> Result<(), GenerateError> {
        version_header(out);
        Ok(())
    }
    fn resources(&self, out: &mut Out, cx: &Context) -> Result<(), GenerateError> {
        uniform_block(out);
        texture_bindings(out, cx);
        Ok(())
    }
    fn bakes_params(&self) -> bool {
        true
    }
    fn entry(&self, out: &mut Out, cx: &Context) -> Result<(), GenerateError> {
        template(out, cx, None)
    }
}
