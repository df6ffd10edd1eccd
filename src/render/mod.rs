//! Stage 6: draw a compiled shader with wgpu. Parameters go into one uniform
//! buffer each frame; the pipeline is only created when the shader text
//! changes, and pipelines are cached by a hash of that text so that going
//! back to an earlier variant costs nothing.

pub mod cli;

use crate::compile::Compiled;
use crate::generate::{GLOBAL_VEC4S, Mode, SAMPLE_BATCH, Shader};
use std::borrow::Cow;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The colour format every picture is rendered in (gamma-encoded values).
pub const COLOR_FORMAT: wgpu::TextureFormat = wgpu::TextureFormat::Rgba8Unorm;
/// Sampling writes float bits into an integer target: renderable on every backend (Rgba32Float is not on GL).
const SAMPLE_FORMAT: wgpu::TextureFormat = wgpu::TextureFormat::Rgba32Uint;

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
    #[error("{}: cannot load texture: {message}", path.display())]
    Texture { path: PathBuf, message: String },
    #[error("rendering failed: {0}")]
    Frame(String),
    #[error("no shader has been built yet")]
    NoShader,
}

/// Counters that show what an edit cost.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RenderStats {
    /// Pipelines actually created (a cache hit does not count).
    pub pipeline_creations: u64,
    pub pipeline_cache_hits: u64,
    pub frames: u64,
    pub uniform_writes: u64,
}

/// Per-frame values outside the network: time, resolution, mouse, camera override.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Globals {
    pub time: f32,
    pub frame: u32,
    pub delta: f32,
    pub mouse: [f32; 4],
    /// Orbit camera from the viewer: position, target, vertical fov in degrees.
    pub camera: Option<([f32; 3], [f32; 3], f32)>,
}

impl Default for Globals {
    fn default() -> Self {
        Globals {
            time: 0.0,
            frame: 0,
            delta: 1.0 / 60.0,
            mouse: [0.0; 4],
            camera: None,
        }
    }
}

/// A device and queue, from a fresh adapter (headless) or shared with a window.
#[derive(Clone, Debug)]
pub struct Gpu {
    pub device: wgpu::Device,
    pub queue: wgpu::Queue,
    pub adapter: String,
}

impl Gpu {
    /// Opens a device on any backend (`WGPU_BACKEND` picks one), no window needed.
    pub fn headless() -> Result<Gpu, RenderError> {
        Gpu::open(wgpu::InstanceDescriptor::new_without_display_handle_from_env())
    }

    /// Opens a device on the given backends only (to compare Vulkan with GL, say).
    pub fn with_backends(backends: wgpu::Backends) -> Result<Gpu, RenderError> {
        let mut desc = wgpu::InstanceDescriptor::new_without_display_handle();
        desc.backends = backends;
        Gpu::open(desc)
    }

    fn open(desc: wgpu::InstanceDescriptor) -> Result<Gpu, RenderError> {
        let instance = wgpu::Instance::new(desc);
        let adapter = pollster::block_on(instance.request_adapter(&wgpu::RequestAdapterOptions {
            power_preference: wgpu::PowerPreference::HighPerformance,
            ..Default::default()
        }))
        .map_err(|e| RenderError::NoAdapter(e.to_string()))?;
        let info = adapter.get_info();
        let (device, queue) = pollster::block_on(adapter.request_device(&wgpu::DeviceDescriptor {
            label: Some("ropkit"),
            required_limits: wgpu::Limits::downlevel_defaults().using_resolution(adapter.limits()),
            ..Default::default()
        }))
        .map_err(|e| RenderError::Device(e.to_string()))?;
        Ok(Gpu {
            device,
            queue,
            adapter: format!("{} ({:?})", info.name, info.backend),
        })
    }
}

struct PipelineEntry {
    pipeline: wgpu::RenderPipeline,
    layout: wgpu::BindGroupLayout,
}

/// What the current pipeline needs bound.
struct Bound {
    entry: Arc<PipelineEntry>,
    param_vec4s: usize,
    bind_group: wgpu::BindGroup,
    uniform: wgpu::Buffer,
    points: Option<wgpu::Buffer>,
    mode: Mode,
}

pub struct Renderer {
    gpu: Gpu,
    vertex: wgpu::ShaderModule,
    sampler: wgpu::Sampler,
    pipelines: HashMap<u64, Arc<PipelineEntry>>,
    textures: HashMap<PathBuf, wgpu::TextureView>,
    blank: wgpu::TextureView,
    bound: Option<Bound>,
    params: Vec<[f32; 4]>,
    pub globals: Globals,
    pub stats: RenderStats,
    /// Folders texture paths are looked up in, first match wins.
    pub asset_dirs: Vec<PathBuf>,
}

const VERTEX_WGSL: &str = r#"
@vertex
fn main(@builtin(vertex_index) i: u32) -> @builtin(position) vec4<f32> {
    let p = vec2<f32>(f32((i << 1u) & 2u), f32(i & 2u));
    return vec4<f32>(p * 2.0 - 1.0, 0.0, 1.0);
}
"#;

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
            ..Default::default()
        });
        let blank = upload_texture(&gpu, 1, 1, &[255, 255, 255, 255], "blank");
        Renderer {
            gpu,
            vertex,
            sampler,
            pipelines: HashMap::new(),
            textures: HashMap::new(),
            blank,
            bound: None,
            params: Vec::new(),
            globals: Globals::default(),
            stats: RenderStats::default(),
            asset_dirs: vec![PathBuf::from(".")],
        }
    }

    pub fn gpu(&self) -> &Gpu {
        &self.gpu
    }

    pub fn has_shader(&self) -> bool {
        self.bound.is_some()
    }

    /// Makes `shader` current. On any error the previous shader stays in use.
    pub fn set_shader(&mut self, shader: &Shader, compiled: &Compiled) -> Result<(), RenderError> {
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        shader.glsl.hash(&mut hasher);
        let key = hasher.finish();
        let format = if matches!(shader.mode, Mode::Sample | Mode::Data) {
            SAMPLE_FORMAT
        } else {
            COLOR_FORMAT
        };
        let entry = match self.pipelines.get(&key) {
            Some(e) => {
                self.stats.pipeline_cache_hits += 1;
                e.clone()
            }
            None => {
                let e = Arc::new(self.create_pipeline(shader, compiled, format)?);
                self.stats.pipeline_creations += 1;
                self.pipelines.insert(key, e.clone());
                e
            }
        };
        // Textures: every binding gets a view; a missing file is an error, an empty path a blank.
        let mut views = Vec::new();
        for t in &shader.textures {
            views.push(self.texture_view(&t.path)?);
        }
        let device = &self.gpu.device;
        let uniform = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("ropkit params"),
            size: ((GLOBAL_VEC4S + shader.param_vec4s) * 16) as u64,
            usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        let points = (shader.mode == Mode::Sample).then(|| {
            device.create_buffer(&wgpu::BufferDescriptor {
                label: Some("ropkit sample points"),
                size: (SAMPLE_BATCH * 16) as u64,
                usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
                mapped_at_creation: false,
            })
        });
        let mut entries = vec![
            wgpu::BindGroupEntry {
                binding: 0,
                resource: uniform.as_entire_binding(),
            },
            wgpu::BindGroupEntry {
                binding: 1,
                resource: wgpu::BindingResource::Sampler(&self.sampler),
            },
        ];
        for (t, view) in shader.textures.iter().zip(&views) {
            entries.push(wgpu::BindGroupEntry {
                binding: t.binding,
                resource: wgpu::BindingResource::TextureView(view),
            });
        }
        if let Some(p) = &points {
            entries.push(wgpu::BindGroupEntry {
                binding: 2 + shader.textures.len() as u32,
                resource: p.as_entire_binding(),
            });
        }
        let scope = device.push_error_scope(wgpu::ErrorFilter::Validation);
        let bind_group = device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("ropkit bind group"),
            layout: &entry.layout,
            entries: &entries,
        });
        if let Some(e) = pollster::block_on(scope.pop()) {
            return Err(RenderError::Pipeline(e.to_string()));
        }
        self.params = vec![[0.0; 4]; shader.param_vec4s];
        self.bound = Some(Bound {
            entry,
            param_vec4s: shader.param_vec4s,
            bind_group,
            uniform,
            points,
            mode: shader.mode,
        });
        Ok(())
    }

    fn create_pipeline(
        &self,
        shader: &Shader,
        compiled: &Compiled,
        format: wgpu::TextureFormat,
    ) -> Result<PipelineEntry, RenderError> {
        let device = &self.gpu.device;
        let scope = device.push_error_scope(wgpu::ErrorFilter::Validation);
        let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: Some("ropkit scene"),
            source: wgpu::ShaderSource::Naga(Cow::Owned(compiled.module.clone())),
        });
        // Binding 0: parameters and globals; 1: the shared sampler; then one
        // binding per texture; then, when sampling, the points.
        let entry = |binding: u32, ty: wgpu::BindingType| wgpu::BindGroupLayoutEntry {
            binding,
            visibility: wgpu::ShaderStages::FRAGMENT,
            ty,
            count: None,
        };
        let uniform = wgpu::BindingType::Buffer {
            ty: wgpu::BufferBindingType::Uniform,
            has_dynamic_offset: false,
            min_binding_size: None,
        };
        let mut layout_entries = vec![
            entry(0, uniform),
            entry(
                1,
                wgpu::BindingType::Sampler(wgpu::SamplerBindingType::Filtering),
            ),
        ];
        for t in &shader.textures {
            layout_entries.push(entry(
                t.binding,
                wgpu::BindingType::Texture {
                    sample_type: wgpu::TextureSampleType::Float { filterable: true },
                    view_dimension: wgpu::TextureViewDimension::D2,
                    multisampled: false,
                },
            ));
        }
        if shader.mode == Mode::Sample {
            layout_entries.push(entry(2 + shader.textures.len() as u32, uniform));
        }
        let layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("ropkit bind group layout"),
            entries: &layout_entries,
        });
        let pipeline_layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
            label: Some("ropkit pipeline layout"),
            bind_group_layouts: &[Some(&layout)],
            immediate_size: 0,
        });
        let pipeline = device.create_render_pipeline(&wgpu::RenderPipelineDescriptor {
            label: Some("ropkit pipeline"),
            layout: Some(&pipeline_layout),
            vertex: wgpu::VertexState {
                module: &self.vertex,
                entry_point: Some("main"),
                compilation_options: Default::default(),
                buffers: &[],
            },
            primitive: wgpu::PrimitiveState::default(),
            depth_stencil: None,
            multisample: wgpu::MultisampleState::default(),
            fragment: Some(wgpu::FragmentState {
                module: &module,
                entry_point: Some("main"),
                compilation_options: Default::default(),
                targets: &[Some(wgpu::ColorTargetState {
                    format,
                    blend: None,
                    write_mask: wgpu::ColorWrites::ALL,
                })],
            }),
            multiview_mask: None,
            cache: None,
        });
        if let Some(e) = pollster::block_on(scope.pop()) {
            return Err(RenderError::Pipeline(e.to_string()));
        }
        Ok(PipelineEntry { pipeline, layout })
    }

    fn texture_view(&mut self, path: &str) -> Result<wgpu::TextureView, RenderError> {
        if path.is_empty() {
            return Ok(self.blank.clone());
        }
        let found = self
            .asset_dirs
            .iter()
            .map(|d| d.join(path))
            .find(|p| p.is_file())
            .ok_or_else(|| RenderError::Texture {
                path: PathBuf::from(path),
                message: "file not found".into(),
            })?;
        if let Some(v) = self.textures.get(&found) {
            return Ok(v.clone());
        }
        let img = image::open(&found)
            .map_err(|e| RenderError::Texture {
                path: found.clone(),
                message: e.to_string(),
            })?
            .to_rgba8();
        let view = upload_texture(
            &self.gpu,
            img.width(),
            img.height(),
            img.as_raw(),
            &found.to_string_lossy(),
        );
        self.textures.insert(found, view.clone());
        Ok(view)
    }

    /// Forgets cached pipelines (benchmarks use this to time pipeline creation).
    pub fn clear_pipeline_cache(&mut self) {
        self.pipelines.clear();
    }

    /// Sets the `vecParams` values; takes effect on the next frame without any rebuild.
    pub fn set_params(&mut self, values: &[[f32; 4]]) {
        self.params.clear();
        self.params.extend_from_slice(values);
    }

    fn write_uniforms(&mut self, width: u32, height: u32) -> Result<(), RenderError> {
        let bound = self.bound.as_ref().ok_or(RenderError::NoShader)?;
        let g = &self.globals;
        let mut data: Vec<[f32; 4]> = Vec::with_capacity(GLOBAL_VEC4S + bound.param_vec4s);
        data.push([g.time, g.frame as f32, g.delta, 0.0]);
        data.push([
            width as f32,
            height as f32,
            1.0 / width as f32,
            1.0 / height as f32,
        ]);
        data.push(g.mouse);
        match g.camera {
            Some((pos, target, fov)) => {
                data.push([pos[0], pos[1], pos[2], 1.0]);
                data.push([target[0], target[1], target[2], fov]);
            }
            None => {
                data.push([0.0; 4]);
                data.push([0.0; 4]);
            }
        }
        data.push([0.0; 4]);
        for i in 0..bound.param_vec4s {
            data.push(self.params.get(i).copied().unwrap_or([0.0; 4]));
        }
        self.gpu
            .queue
            .write_buffer(&bound.uniform, 0, bytemuck::cast_slice(&data));
        self.stats.uniform_writes += 1;
        Ok(())
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
            self.gpu
                .device
                .poll(wgpu::PollType::wait_indefinitely())
                .map_err(|e| RenderError::Frame(e.to_string()))?;
        }
        Ok(())
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

    /// Evaluates the sample shader at `points` (xyz used as the coordinate);
    /// returns (value, material, material2, blend) per point.
    pub fn sample(&mut self, points: &[[f32; 3]]) -> Result<Vec<[f32; 4]>, RenderError> {
        let mut out = Vec::with_capacity(points.len());
        for chunk in points.chunks(SAMPLE_BATCH) {
            let bound = self.bound.as_ref().ok_or(RenderError::NoShader)?;
            let buffer = bound.points.as_ref().ok_or_else(|| {
                RenderError::Frame("the current shader is not a sampling shader".into())
            })?;
            let mut data = vec![[0.0f32; 4]; SAMPLE_BATCH];
            for (d, p) in data.iter_mut().zip(chunk) {
                *d = [p[0], p[1], p[2], 0.0];
            }
            self.gpu
                .queue
                .write_buffer(buffer, 0, bytemuck::cast_slice(&data));
            let width = chunk.len() as u32;
            let target = self.target(width, 1, SAMPLE_FORMAT);
            let view = target.create_view(&Default::default());
            let mut encoder = self.gpu.device.create_command_encoder(&Default::default());
            self.draw(&mut encoder, &view, width, 1)?;
            let bytes = self.read_back(encoder, &target, width, 1, 16)?;
            out.extend(bytes_to_vec4s(&bytes));
        }
        Ok(out)
    }

    fn target(&self, width: u32, height: u32, format: wgpu::TextureFormat) -> wgpu::Texture {
        self.gpu.device.create_texture(&wgpu::TextureDescriptor {
            label: Some("ropkit target"),
            size: wgpu::Extent3d {
                width,
                height,
                depth_or_array_layers: 1,
            },
            mip_level_count: 1,
            sample_count: 1,
            dimension: wgpu::TextureDimension::D2,
            format,
            usage: wgpu::TextureUsages::RENDER_ATTACHMENT
                | wgpu::TextureUsages::COPY_SRC
                | wgpu::TextureUsages::TEXTURE_BINDING,
            view_formats: &[],
        })
    }

    fn read_back(
        &self,
        mut encoder: wgpu::CommandEncoder,
        target: &wgpu::Texture,
        width: u32,
        height: u32,
        pixel_bytes: u32,
    ) -> Result<Vec<u8>, RenderError> {
        let device = &self.gpu.device;
        let row = width * pixel_bytes;
        let padded =
            row.div_ceil(wgpu::COPY_BYTES_PER_ROW_ALIGNMENT) * wgpu::COPY_BYTES_PER_ROW_ALIGNMENT;
        let buffer = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("ropkit read back"),
            size: (padded * height) as u64,
            usage: wgpu::BufferUsages::COPY_DST | wgpu::BufferUsages::MAP_READ,
            mapped_at_creation: false,
        });
        encoder.copy_texture_to_buffer(
            wgpu::TexelCopyTextureInfo {
                texture: target,
                mip_level: 0,
                origin: wgpu::Origin3d::ZERO,
                aspect: wgpu::TextureAspect::All,
            },
            wgpu::TexelCopyBufferInfo {
                buffer: &buffer,
                layout: wgpu::TexelCopyBufferLayout {
                    offset: 0,
                    bytes_per_row: Some(padded),
                    rows_per_image: Some(height),
                },
            },
            wgpu::Extent3d {
                width,
                height,
                depth_or_array_layers: 1,
            },
        );
        let scope = device.push_error_scope(wgpu::ErrorFilter::Validation);
        self.gpu.queue.submit(Some(encoder.finish()));
        if let Some(e) = pollster::block_on(scope.pop()) {
            return Err(RenderError::Frame(e.to_string()));
        }
        let slice = buffer.slice(..);
        slice.map_async(wgpu::MapMode::Read, |_| {});
        device
            .poll(wgpu::PollType::wait_indefinitely())
            .map_err(|e| RenderError::Frame(e.to_string()))?;
        let mapped = slice
            .get_mapped_range()
            .map_err(|e| RenderError::Frame(e.to_string()))?;
        let mut out = Vec::with_capacity((row * height) as usize);
        for y in 0..height {
            let start = (y * padded) as usize;
            out.extend_from_slice(&mapped[start..start + row as usize]);
        }
        drop(mapped);
        buffer.unmap();
        Ok(out)
    }
}

fn upload_texture(
    gpu: &Gpu,
    width: u32,
    height: u32,
    rgba: &[u8],
    label: &str,
) -> wgpu::TextureView {
    let size = wgpu::Extent3d {
        width,
        height,
        depth_or_array_layers: 1,
    };
    let texture = gpu.device.create_texture(&wgpu::TextureDescriptor {
        label: Some(label),
        size,
        mip_level_count: 1,
        sample_count: 1,
        dimension: wgpu::TextureDimension::D2,
        format: wgpu::TextureFormat::Rgba8UnormSrgb,
        usage: wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::COPY_DST,
        view_formats: &[],
    });
    gpu.queue.write_texture(
        wgpu::TexelCopyTextureInfo {
            texture: &texture,
            mip_level: 0,
            origin: wgpu::Origin3d::ZERO,
            aspect: wgpu::TextureAspect::All,
        },
        rgba,
        wgpu::TexelCopyBufferLayout {
            offset: 0,
            bytes_per_row: Some(4 * width),
            rows_per_image: Some(height),
        },
        size,
    );
    texture.create_view(&Default::default())
}

/// Float bits read back from an integer target, four per texel.
fn bytes_to_vec4s(bytes: &[u8]) -> Vec<[f32; 4]> {
    bytes
        .chunks_exact(16)
        .map(|t| {
            let f =
                |i: usize| f32::from_bits(u32::from_le_bytes([t[i], t[i + 1], t[i + 2], t[i + 3]]));
            [f(0), f(4), f(8), f(12)]
        })
        .collect()
}

/// Folders that texture paths of a network are looked up in: the network's
/// folder, its parent, the project root and the current folder.
pub fn asset_dirs(network_file: &Path, project_root: &Path) -> Vec<PathBuf> {
    let mut dirs = Vec::new();
    if let Some(d) = network_file.parent() {
        dirs.push(d.to_path_buf());
        if let Some(p) = d.parent() {
            dirs.push(p.to_path_buf());
        }
    }
    dirs.push(project_root.to_path_buf());
    dirs.push(PathBuf::from("."));
    dirs
}
