//! Evaluating a network's scene at points on the GPU: `ropkit sample`,
//! Python's `Network.sample`, and the tests that check ROPs against
//! independent distances.

use crate::build::{BuildError, build};
use crate::generate::Mode;
use crate::library::Library;
use crate::network::Network;
use crate::render::{RenderError, Renderer};

/// Why points could not be sampled: the sample shader did not build, or the GPU failed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SampleError {
    #[error(transparent)]
    Build(#[from] BuildError),
    #[error(transparent)]
    Render(#[from] RenderError),
}

impl SampleError {
    /// The text the command line prints (a GLSL error with its ROP's lines).
    pub fn report(&self) -> String {
        match self {
            SampleError::Build(e) => e.report(),
            SampleError::Render(e) => e.to_string(),
        }
    }
}

/// Evaluates the network's scene (the output's first input) at points:
/// (value, material, material2, blend) per point.
pub fn sample_network(
    net: &Network,
    lib: &Library,
    renderer: &mut Renderer,
    points: &[[f32; 3]],
) -> Result<Vec<[f32; 4]>, SampleError> {
    let built = build(lib, net, Mode::Sample)?;
    renderer.set_shader(&built.shader, &built.compiled)?;
    renderer.set_params(&built.shader.param_values(net, lib));
    Ok(renderer.sample(points)?)
}
