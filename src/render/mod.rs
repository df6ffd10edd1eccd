//! Stage 6: draw a compiled shader with wgpu. Parameters go into one uniform
//! buffer each frame; the pipeline is only created when the shader text
//! changes, and pipelines are cached by a hash of that text so that going
//! back to an earlier variant costs nothing.

pub mod cache;
mod check_files;
mod files;
mod float_textures;
mod gpu;
mod pipeline;
mod readback;
mod textures;
mod volumes;
pub(crate) use volumes::volume_voxels;

pub use check_files::check_texture_files;
pub use files::{PictureError, encode_exr, encode_png, save_exr, save_png};
pub use gpu::Gpu;
use pipeline::*;
use readback::*;
use textures::*;

use crate::compile::Compiled;
use crate::generate::{Mode, SAMPLE_BATCH, Shader};
use std::borrow::Cow;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The colour format every picture is rendered in (gamma-encoded values).
pub const COLOR_FORMAT: wgpu::TextureFormat = wgpu::TextureFormat::Rgba8Unorm;
/// Sampling writes float bits into an integer target: renderable on every backend (Rgba32Float is not on GL).
const SAMPLE_FORMAT: wgpu::TextureFormat = wgpu::TextureFormat::Rgba32Uint;
/// Size of the mesher's input buffer in `vec4`s (1 MiB): a header and the
/// blocks or points of one draw (see `shaders/templates/mesh.glsl`).
pub const MESH_INPUT_VEC4S: usize = 1 << 16;
/// Width of the mesher's result target: one texel per item, row by row.
pub const MESH_TARGET_WIDTH: u32 = 1024;

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum RenderError {
    #[error(
        "no GPU adapter found: {0}. On Debian or Ubuntu without a GPU, install Mesa's software Vulkan driver: \
         `sudo apt-get install mesa-vulkan-drivers libvulkan1` (set ROPKIT_SKIP_GPU=1 to skip GPU tests)"
    )]
    NoAdapter(String),
    #[error("cannot open the GPU device: {0}")]
    Device(String),
    #[error("the GPU rejected the shader: {0}")]
    Pipeline(String),
    /// A texture or volume file that cannot be read, decoded or fitted in
    /// the budget. `site` says which node and parameter of which network
    /// line named it (every error the renderer returns for a shader's
    /// bindings has one).
    #[error("{}{}: cannot load texture: {message}", site.as_ref().map(|s| s.to_string()).unwrap_or_default(), path.display())]
    Texture {
        path: PathBuf,
        message: String,
        site: Option<Box<TextureSite>>,
    },
    #[error("rendering failed: {0}")]
    Frame(String),
    #[error("no shader has been built yet")]
    NoShader,
    /// A frame did not finish within [`Renderer::timeout`]; the GPU may still
    /// be running it (a loop that never ends), so the device cannot be used
    /// or dropped safely: the command line exits.
    #[error("the GPU did not finish a frame within {0:.0} s")]
    Timeout(f64),
}

/// The node and parameter that named a texture file, and where the node is
/// written: `net.yaml:12:1: node /tex, parameter Texture: `.
#[derive(Debug, Clone, PartialEq)]
pub struct TextureSite {
    pub at: crate::location::Location,
    pub node: String,
    pub param: String,
}

impl std::fmt::Display for TextureSite {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let at = self.at.to_string();
        if !at.is_empty() {
            write!(f, "{at}: ")?;
        }
        write!(f, "node {}, parameter {}: ", self.node, self.param)
    }
}

impl RenderError {
    /// The error with the binding that named the file, when it is a file's.
    pub fn at_binding(self, t: &crate::generate::TextureBinding) -> RenderError {
        match self {
            RenderError::Texture {
                path,
                message,
                site: None,
            } if !t.node.is_empty() => RenderError::Texture {
                path,
                message,
                site: Some(Box::new(TextureSite {
                    at: t.at.clone(),
                    node: t.node.clone(),
                    param: t.param.clone(),
                })),
            },
            other => other,
        }
    }
}

/// Counters that show what an edit cost.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RenderStats {
    /// Pipelines actually created (a cache hit does not count).
    pub pipeline_creations: u64,
    pub pipeline_cache_hits: u64,
    /// Pipelines created from the on-disk cache (compiled by an earlier run).
    pub disk_cache_hits: u64,
    pub frames: u64,
    pub uniform_writes: u64,
}

pub use crate::globals::{Globals, Tile};

pub struct Renderer {
    gpu: Gpu,
    vertex: wgpu::ShaderModule,
    sampler: wgpu::Sampler,
    pipelines: HashMap<u64, Arc<PipelineEntry>>,
    /// The on-disk pipeline cache: opened on the first pipeline, `None` when
    /// unavailable; the outer `None` means not tried yet.
    disk: Option<Option<cache::DiskCache>>,
    /// Textures and volumes read, by path, each with a stamp of what was
    /// read (a hash of a texture's bytes; of a volume's files' sizes and
    /// modification times): an edited file is read again.
    textures: HashMap<PathBuf, (u64, wgpu::TextureView)>,
    blank: wgpu::TextureView,
    bound: Option<Bound>,
    params: Vec<[f32; 4]>,
    /// The parameters changed since they were last written to the GPU.
    params_dirty: bool,
    pub globals: Globals,
    pub stats: RenderStats,
    /// Folders texture paths are looked up in, first match wins.
    pub asset_dirs: Vec<PathBuf>,
    /// Longest a frame may take on the GPU before the wait for it gives up
    /// with [`RenderError::Timeout`]; `None` waits for ever.
    pub timeout: Option<std::time::Duration>,
}

impl Renderer {
    pub fn new(gpu: Gpu) -> Renderer {
        let vertex = gpu
            .device
            .create_shader_module(wgpu::ShaderModuleDescriptor {
                label: Some("ropkit fullscreen triangle"),
                source: wgpu::ShaderSource::Wgsl(Cow::Borrowed(VERTEX_WGSL)),
            });
        let sampler = gpu.device.create_sampler(&wgpu::SamplerDescriptor {
            label: Some("ropkit sampler"),
            address_mode_u: wgpu::AddressMode::Repeat,
            address_mode_v: wgpu::AddressMode::Repeat,
            mag_filter: wgpu::FilterMode::Linear,
            min_filter: wgpu::FilterMode::Linear,
            // Only float textures (environment maps) have mips: rough
            // surfaces read them blurred, between levels.
            mipmap_filter: wgpu::MipmapFilterMode::Linear,
            ..Default::default()
        });
        let blank = upload_texture(&gpu, 1, 1, &[255, 255, 255, 255], "blank");
        Renderer {
            gpu,
            vertex,
            sampler,
            pipelines: HashMap::new(),
            disk: None,
            textures: HashMap::new(),
            blank,
            bound: None,
            params: Vec::new(),
            params_dirty: true,
            globals: Globals::default(),
            stats: RenderStats::default(),
            asset_dirs: vec![PathBuf::from(".")],
            timeout: None,
        }
    }

    pub fn gpu(&self) -> &Gpu {
        &self.gpu
    }

    pub fn has_shader(&self) -> bool {
        self.bound.is_some()
    }

    /// Sets the `vecParams` values; takes effect on the next frame without any rebuild.
    pub fn set_params(&mut self, values: &[[f32; 4]]) {
        if self.params != values {
            self.params.clear();
            self.params.extend_from_slice(values);
            self.params_dirty = true;
        }
    }

    fn write_uniforms(&mut self, width: u32, height: u32) -> Result<(), RenderError> {
        let bound = self.bound.as_ref().ok_or(RenderError::NoShader)?;
        let data = self.globals.pack(width, height);
        self.gpu
            .queue
            .write_buffer(&bound.uniform, 0, bytemuck::cast_slice(&data));
        // The parameters only when they changed: a big network has thousands.
        if let Some(buf) = &bound.params
            && self.params_dirty
        {
            let mut values = self.params.clone();
            values.resize(bound.param_vec4s.max(1), [0.0; 4]);
            self.gpu
                .queue
                .write_buffer(buf, 0, bytemuck::cast_slice(&values));
            self.params_dirty = false;
        }
        self.stats.uniform_writes += 1;
        Ok(())
    }

    /// The current pipeline, bind group and point buffer, with the globals
    /// written for a `width`×`height` target: for evaluators that keep their
    /// own targets and overlap draws (`crate::mesh::device`).
    pub(crate) fn bindings(
        &mut self,
        width: u32,
        height: u32,
    ) -> Result<(wgpu::RenderPipeline, wgpu::BindGroup, Option<wgpu::Buffer>), RenderError> {
        self.write_uniforms(width, height)?;
        let b = self.bound.as_ref().ok_or(RenderError::NoShader)?;
        Ok((
            b.entry.pipeline.clone(),
            b.bind_group.clone(),
            b.points.clone(),
        ))
    }

    /// Draws the current shader into `view` (whose size is `width`×`height`).
    pub fn draw(
        &mut self,
        encoder: &mut wgpu::CommandEncoder,
        view: &wgpu::TextureView,
        width: u32,
        height: u32,
    ) -> Result<(), RenderError> {
        self.write_uniforms(width, height)?;
        let bound = self.bound.as_ref().ok_or(RenderError::NoShader)?;
        let mut pass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
            label: Some("ropkit frame"),
            color_attachments: &[Some(wgpu::RenderPassColorAttachment {
                view,
                depth_slice: None,
                resolve_target: None,
                ops: wgpu::Operations {
                    load: wgpu::LoadOp::Clear(wgpu::Color::BLACK),
                    store: wgpu::StoreOp::Store,
                },
            })],
            depth_stencil_attachment: None,
            timestamp_writes: None,
            occlusion_query_set: None,
            multiview_mask: None,
        });
        pass.set_pipeline(&bound.entry.pipeline);
        pass.set_bind_group(0, &bound.bind_group, &[]);
        pass.draw(0..3, 0..1);
        drop(pass);
        self.stats.frames += 1;
        Ok(())
    }

    /// Renders one frame into `view` (a [`COLOR_FORMAT`] texture) and, when
    /// `wait` is set, waits for the GPU so the time taken is the real frame time.
    pub fn render_to(
        &mut self,
        view: &wgpu::TextureView,
        width: u32,
        height: u32,
        wait: bool,
    ) -> Result<(), RenderError> {
        let mut encoder = self.gpu.device.create_command_encoder(&Default::default());
        self.draw(&mut encoder, view, width, height)?;
        let scope = self
            .gpu
            .device
            .push_error_scope(wgpu::ErrorFilter::Validation);
        self.gpu.queue.submit(Some(encoder.finish()));
        if let Some(e) = pollster::block_on(scope.pop()) {
            return Err(RenderError::Frame(e.to_string()));
        }
        if wait {
            self.wait()?;
        }
        Ok(())
    }

    /// Draws rows `y0..y0 + rows` of a `width`×`height` picture into
    /// `target` (made by [`Renderer::create_target`]) and reads them back,
    /// RGBA8, top row first: one short submission, so that a big picture can
    /// be drawn in slices that never hold the queue for long.
    pub fn render_rows(
        &mut self,
        target: &wgpu::Texture,
        width: u32,
        height: u32,
        y0: u32,
        rows: u32,
    ) -> Result<Vec<u8>, RenderError> {
        let rows = rows.min(height.saturating_sub(y0));
        if rows == 0 {
            return Ok(Vec::new());
        }
        self.write_uniforms(width, height)?;
        let bound = self.bound.as_ref().ok_or(RenderError::NoShader)?;
        let view = target.create_view(&Default::default());
        let mut encoder = self.gpu.device.create_command_encoder(&Default::default());
        {
            let mut pass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
                label: Some("ropkit rows"),
                color_attachments: &[Some(wgpu::RenderPassColorAttachment {
                    view: &view,
                    depth_slice: None,
                    resolve_target: None,
                    ops: wgpu::Operations {
                        load: wgpu::LoadOp::Load,
                        store: wgpu::StoreOp::Store,
                    },
                })],
                depth_stencil_attachment: None,
                timestamp_writes: None,
                occlusion_query_set: None,
                multiview_mask: None,
            });
            pass.set_pipeline(&bound.entry.pipeline);
            pass.set_bind_group(0, &bound.bind_group, &[]);
            pass.set_scissor_rect(0, y0, width, rows);
            pass.draw(0..3, 0..1);
        }
        self.stats.frames += 1;
        self.read_back_rows(encoder, target, width, y0, rows, 4)
    }

    /// Waits for the GPU to finish what was submitted, at most [`Self::timeout`].
    fn wait(&self) -> Result<(), RenderError> {
        let poll = wgpu::PollType::Wait {
            submission_index: None,
            timeout: self.timeout,
        };
        match self.gpu.device.poll(poll) {
            Ok(_) => Ok(()),
            Err(wgpu::PollError::Timeout) => Err(RenderError::Timeout(
                self.timeout.unwrap_or_default().as_secs_f64(),
            )),
            Err(e) => Err(RenderError::Frame(e.to_string())),
        }
    }

    /// A texture the renderer can draw into and egui can show.
    pub fn create_target(&self, width: u32, height: u32) -> wgpu::Texture {
        self.target(width, height, COLOR_FORMAT)
    }

    /// Renders one frame offscreen and reads it back as RGBA8 rows, top row first.
    pub fn render_image(
        &mut self,
        width: u32,
        height: u32,
    ) -> Result<image::RgbaImage, RenderError> {
        match self.bound.as_ref().map(|b| b.mode) {
            Some(Mode::Sample) => {
                return Err(RenderError::Frame(
                    "the current shader samples points; build it for rendering".into(),
                ));
            }
            Some(Mode::Data) => {
                return Err(RenderError::Frame(
                    "the current shader renders data; use render_data".into(),
                ));
            }
            Some(Mode::Mesh) => {
                return Err(RenderError::Frame(
                    "the current shader evaluates for the mesher; use evaluate_mesh".into(),
                ));
            }
            _ => {}
        }
        let target = self.target(width, height, COLOR_FORMAT);
        let view = target.create_view(&Default::default());
        let mut encoder = self.gpu.device.create_command_encoder(&Default::default());
        self.draw(&mut encoder, &view, width, height)?;
        let bytes = self.read_back(encoder, &target, width, height, 4)?;
        image::RgbaImage::from_raw(width, height, bytes)
            .ok_or_else(|| RenderError::Frame("bad image size".into()))
    }

    /// Renders one frame of a `Mode::Data` shader and reads back its four
    /// floats per pixel, row by row, top row first.
    pub fn render_data(&mut self, width: u32, height: u32) -> Result<Vec<[f32; 4]>, RenderError> {
        match self.bound.as_ref().map(|b| b.mode) {
            Some(Mode::Data) => {}
            Some(_) => {
                return Err(RenderError::Frame(
                    "the current shader is not a data shader; build it with Mode::Data".into(),
                ));
            }
            None => return Err(RenderError::NoShader),
        }
        let target = self.target(width, height, SAMPLE_FORMAT);
        let view = target.create_view(&Default::default());
        let mut encoder = self.gpu.device.create_command_encoder(&Default::default());
        self.draw(&mut encoder, &view, width, height)?;
        let bytes = self.read_back(encoder, &target, width, height, 16)?;
        Ok(bytes_to_vec4s(&bytes))
    }
}
