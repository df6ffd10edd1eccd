//! Evaluating a network's scene at points on the GPU: `ropkit sample`,
//! Python's `Network.sample`, and the tests that check ROPs against
//! independent distances.
//!
//! Few points go through the sampling shader (live parameters, a uniform
//! block of points); many go through the evaluation shader the mesher uses
//! ([`Sampler`]: a storage buffer, large draws, two in flight, targets
//! reused), and a points file streams through [`stream`].

pub mod stream;

/// The points file's parser (in [`crate::decode`], which the fuzz targets build without the GPU).
pub use crate::decode::points;

use crate::build::{BuildError, Built, build};
use crate::generate::Mode;
use crate::library::Library;
use crate::mesh::device::{Device, MAX_INPUT, Ticket};
use crate::network::Network;
use crate::render::{RenderError, Renderer};

/// From this many points on, [`sample_network`] builds the evaluation
/// shader (a build and a pipeline more, then far fewer draws).
const MANY_POINTS: usize = 16 * crate::generate::SAMPLE_BATCH;

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
    if points.len() >= MANY_POINTS {
        let mut s = Sampler::new(net, lib, renderer)?;
        return s.sample(points);
    }
    let built = build(lib, net, &Mode::Sample.into())?;
    renderer.set_built(&built)?;
    renderer.set_params(&built.shader.param_values(net, lib));
    Ok(renderer.sample(points)?)
}

/// The scene (the output's first input) compiled for evaluation at many
/// points, parameters baked in.
pub struct Sampler {
    dev: Device,
    pending: std::collections::VecDeque<Ticket>,
}

impl Sampler {
    pub fn new(
        net: &Network,
        lib: &Library,
        renderer: &mut Renderer,
    ) -> Result<Sampler, SampleError> {
        let built = Self::build(net, lib)?;
        Self::from_built(&built, net, lib, renderer)
    }

    /// The evaluation shader, built without the GPU (so that it can be
    /// built while the GPU opens).
    pub fn build(net: &Network, lib: &Library) -> Result<Built, SampleError> {
        Ok(build(lib, net, &Mode::Mesh.into())?)
    }

    /// A sampler on the shader [`Self::build`] made for `net`.
    pub fn from_built(
        built: &Built,
        net: &Network,
        lib: &Library,
        renderer: &mut Renderer,
    ) -> Result<Sampler, SampleError> {
        renderer.set_built(built)?;
        renderer.set_params(&built.shader.param_values(net, lib));
        Ok(Sampler {
            dev: Device::new(renderer)?,
            pending: Default::default(),
        })
    }

    /// Most points one draw takes.
    pub fn batch_points() -> usize {
        MAX_INPUT - 2
    }

    /// Whether a draw may be submitted now (two may be in flight).
    pub fn can_submit(&self) -> bool {
        self.dev.can_submit()
    }

    /// Starts evaluating at most [`Self::batch_points`] points.
    pub fn submit(&mut self, points: &[[f32; 3]]) -> Result<(), SampleError> {
        let mut input = Vec::with_capacity(points.len() + 2);
        // Operation 1 of templates/mesh.glsl: (value, material, material2, blend).
        input.push([1.0, points.len() as f32, 0.0, 0.0]);
        input.push([0.0; 4]);
        input.extend(points.iter().map(|p| [p[0], p[1], p[2], 0.0]));
        let t = self.dev.submit(&input, points.len())?;
        self.pending.push_back(t);
        Ok(())
    }

    /// Appends the values of the oldest draw in flight to `out`.
    pub fn collect(&mut self, out: &mut Vec<[f32; 4]>) -> Result<(), SampleError> {
        let Some(t) = self.pending.pop_front() else {
            return Ok(());
        };
        Ok(self.dev.collect(t, out)?)
    }

    /// (value, material, material2, blend) at each point.
    pub fn sample(&mut self, points: &[[f32; 3]]) -> Result<Vec<[f32; 4]>, SampleError> {
        let mut out = Vec::with_capacity(points.len());
        let mut chunks = points.chunks(Self::batch_points()).peekable();
        while chunks.peek().is_some() || !self.pending.is_empty() {
            while self.can_submit() {
                let Some(c) = chunks.next() else { break };
                self.submit(c)?;
            }
            self.collect(&mut out)?;
        }
        Ok(out)
    }
}
