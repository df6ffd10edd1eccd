//! Stage 6: draw a compiled shader with wgpu. Parameters go into one uniform
//! buffer each frame; the pipeline is only created when the shader text
//! changes, and pipelines are cached by a hash of that text so that going
//! back to an earlier variant costs nothing.

pub mod cache;

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
    #[error("{}: cannot load texture: {message}", path.display())]
    Texture { path: PathBuf, message: String },
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
    pub info: wgpu::AdapterInfo,
}

impl Gpu {
    /// Opens a device, no window needed: `WGPU_BACKEND` picks the backend
    /// when set; otherwise the primary ones (Vulkan, Metal, DX12) are tried
    /// first and GL only when they have no adapter (probing GL through EGL
    /// asks the desktop for a display and prints warnings on a headless machine).
    pub fn headless() -> Result<Gpu, RenderError> {
        if std::env::var_os("WGPU_BACKEND").is_some() {
            return Gpu::open(wgpu::InstanceDescriptor::new_without_display_handle_from_env());
        }
        Gpu::with_backends(wgpu::Backends::PRIMARY)
            .or_else(|_| Gpu::with_backends(wgpu::Backends::SECONDARY))
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
        let (device, queue) = pollster::block_on(
            adapter.request_device(&wgpu::DeviceDescriptor {
                label: Some("ropkit"),
                required_features: adapter.features() & wgpu::Features::PIPELINE_CACHE,
                required_limits: wgpu::Limits {
                    // Live parameters of big networks fill a 64 KiB uniform block.
                    max_uniform_buffer_binding_size: adapter
                        .limits()
                        .max_uniform_buffer_binding_size
                        .min(64 << 10),
                    ..wgpu::Limits::downlevel_defaults().using_resolution(adapter.limits())
                },
                ..Default::default()
            }),
        )
        .map_err(|e| RenderError::Device(e.to_string()))?;
        Ok(Gpu {
            device,
            queue,
            adapter: format!("{} ({:?})", info.name, info.backend),
            info,
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
    /// The per-frame globals.
    uniform: wgpu::Buffer,
    /// The live parameters (a storage buffer), when the shader reads them.
    params: Option<wgpu::Buffer>,
    points: Option<wgpu::Buffer>,
    mode: Mode,
}

pub struct Renderer {
    gpu: Gpu,
    vertex: wgpu::ShaderModule,
    sampler: wgpu::Sampler,
    pipelines: HashMap<u64, Arc<PipelineEntry>>,
    /// The on-disk pipeline cache: opened on the first pipeline, `None` when
    /// unavailable; the outer `None` means not tried yet.
    disk: Option<Option<cache::DiskCache>>,
    textures: HashMap<PathBuf, wgpu::TextureView>,
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

    /// Makes `shader` current. On any error the previous shader stays in use.
    pub fn set_shader(&mut self, shader: &Shader, compiled: &Compiled) -> Result<(), RenderError> {
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        shader.glsl.hash(&mut hasher);
        let key = hasher.finish();
        let format = if matches!(shader.mode, Mode::Sample | Mode::Data | Mode::Mesh) {
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
                let disk = self.disk.get_or_insert_with(|| {
                    cache::DiskCache::open(&self.gpu.device, &self.gpu.info)
                });
                let from_disk = disk.as_ref().is_some_and(|d| d.holds(key));
                let e = Arc::new(self.create_pipeline(shader, compiled, format)?);
                if let Some(Some(d)) = &mut self.disk {
                    d.store(key);
                }
                if from_disk {
                    self.stats.disk_cache_hits += 1;
                }
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
            label: Some("ropkit globals"),
            size: (GLOBAL_VEC4S * 16) as u64,
            usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        let params = shader.params_binding.map(|_| {
            device.create_buffer(&wgpu::BufferDescriptor {
                label: Some("ropkit params"),
                size: (shader.param_vec4s.max(1) * 16) as u64,
                usage: if shader.params_uniform {
                    wgpu::BufferUsages::UNIFORM
                } else {
                    wgpu::BufferUsages::STORAGE
                } | wgpu::BufferUsages::COPY_DST,
                mapped_at_creation: false,
            })
        });
        let points = match shader.mode {
            Mode::Sample => Some(device.create_buffer(&wgpu::BufferDescriptor {
                label: Some("ropkit sample points"),
                size: (SAMPLE_BATCH * 16) as u64,
                usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
                mapped_at_creation: false,
            })),
            Mode::Mesh => Some(device.create_buffer(&wgpu::BufferDescriptor {
                label: Some("ropkit mesh input"),
                size: (MESH_INPUT_VEC4S * 16) as u64,
                usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_DST,
                mapped_at_creation: false,
            })),
            _ => None,
        };
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
        if let (Some(b), Some(buf)) = (shader.params_binding, &params) {
            entries.push(wgpu::BindGroupEntry {
                binding: b,
                resource: buf.as_entire_binding(),
            });
        }
        if let (Some(b), Some(buf)) = (shader.points_binding, &points) {
            entries.push(wgpu::BindGroupEntry {
                binding: b,
                resource: buf.as_entire_binding(),
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
        self.params_dirty = true;
        self.bound = Some(Bound {
            entry,
            param_vec4s: shader.param_vec4s,
            bind_group,
            uniform,
            params,
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
        // Binding 0: the globals; 1: the shared sampler; then one binding per
        // texture; then the live parameters; then, when sampling, the points.
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
        if let Some(b) = shader.params_binding {
            let ty = if shader.params_uniform {
                wgpu::BufferBindingType::Uniform
            } else {
                wgpu::BufferBindingType::Storage { read_only: true }
            };
            layout_entries.push(entry(
                b,
                wgpu::BindingType::Buffer {
                    ty,
                    has_dynamic_offset: false,
                    min_binding_size: None,
                },
            ));
        }
        if let Some(b) = shader.points_binding {
            // Sampling reads its points from a uniform block; the mesher its
            // blocks and points from a storage buffer (they are many more).
            let ty = if shader.mode == Mode::Mesh {
                wgpu::BindingType::Buffer {
                    ty: wgpu::BufferBindingType::Storage { read_only: true },
                    has_dynamic_offset: false,
                    min_binding_size: None,
                }
            } else {
                uniform
            };
            layout_entries.push(entry(b, ty));
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
            cache: self
                .disk
                .as_ref()
                .and_then(|d| d.as_ref())
                .map(|d| &d.cache),
        });
        if let Some(e) = pollster::block_on(scope.pop()) {
            return Err(RenderError::Pipeline(e.to_string()));
        }
        Ok(PipelineEntry { pipeline, layout })
    }

    /// The texture at `path` (relative to one of the asset folders, else a
    /// built-in asset). Only a regular file whose real path stays inside the
    /// asset folder it was found in is read: a symlink out of the project is refused.
    fn texture_view(&mut self, path: &str) -> Result<wgpu::TextureView, RenderError> {
        if path.is_empty() {
            return Ok(self.blank.clone());
        }
        let fail = |p: &Path, message: String| RenderError::Texture {
            path: p.to_path_buf(),
            message,
        };
        let found = self
            .asset_dirs
            .iter()
            .map(|d| (d, d.join(path)))
            .find(|(_, p)| std::fs::symlink_metadata(p).is_ok());
        let (key, bytes) = match found {
            Some((dir, file)) => {
                let dir = if dir.as_os_str().is_empty() {
                    Path::new(".")
                } else {
                    dir.as_path()
                };
                let real = crate::files::check_within(&file, dir)
                    .map_err(|e| fail(&file, e.to_string()))?;
                if let Some(v) = self.textures.get(&real) {
                    return Ok(v.clone());
                }
                let bytes = crate::files::read_bytes(&real, crate::limits::TEXTURE_FILE_BYTES)
                    .map_err(|e| fail(&file, e.to_string()))?;
                (real, bytes)
            }
            None => {
                let bytes = crate::builtin::asset(Path::new(path))
                    .ok_or_else(|| fail(Path::new(path), "file not found".into()))?;
                let key = crate::builtin::display_path("", Path::new(path));
                if let Some(v) = self.textures.get(&key) {
                    return Ok(v.clone());
                }
                (key, bytes.to_vec())
            }
        };
        let img = decode_texture(&bytes).map_err(|m| fail(&key, m))?;
        let view = upload_texture(
            &self.gpu,
            img.width(),
            img.height(),
            img.as_raw(),
            &key.to_string_lossy(),
        );
        self.textures.insert(key, view.clone());
        Ok(view)
    }

    /// Forgets cached pipelines (benchmarks use this to time pipeline creation).
    pub fn clear_pipeline_cache(&mut self) {
        self.pipelines.clear();
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
        let g = &self.globals;
        let mut data: Vec<[f32; 4]> = Vec::with_capacity(GLOBAL_VEC4S);
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

    /// Runs one draw of a `Mode::Mesh` shader: `input` (at most
    /// [`MESH_INPUT_VEC4S`], header first) goes to its storage buffer, and the
    /// first `items` texels of the result come back, four floats each.
    pub fn evaluate_mesh(
        &mut self,
        input: &[[f32; 4]],
        items: usize,
    ) -> Result<Vec<[f32; 4]>, RenderError> {
        let bound = self.bound.as_ref().ok_or(RenderError::NoShader)?;
        let buffer = match (bound.mode, bound.points.as_ref()) {
            (Mode::Mesh, Some(b)) => b,
            _ => {
                return Err(RenderError::Frame(
                    "the current shader is not a mesher shader; build it with Mode::Mesh".into(),
                ));
            }
        };
        if input.len() > MESH_INPUT_VEC4S {
            return Err(RenderError::Frame(format!(
                "{} input vec4s do not fit the mesher's buffer of {MESH_INPUT_VEC4S}",
                input.len()
            )));
        }
        if items == 0 {
            return Ok(Vec::new());
        }
        self.gpu
            .queue
            .write_buffer(buffer, 0, bytemuck::cast_slice(input));
        let width = MESH_TARGET_WIDTH.min(items as u32);
        let height = (items as u32).div_ceil(width);
        let target = self.target(width, height, SAMPLE_FORMAT);
        let view = target.create_view(&Default::default());
        let mut encoder = self.gpu.device.create_command_encoder(&Default::default());
        self.draw(&mut encoder, &view, width, height)?;
        let bytes = self.read_back(encoder, &target, width, height, 16)?;
        let mut out = bytes_to_vec4s(&bytes);
        out.truncate(items);
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
        encoder: wgpu::CommandEncoder,
        target: &wgpu::Texture,
        width: u32,
        height: u32,
        pixel_bytes: u32,
    ) -> Result<Vec<u8>, RenderError> {
        self.read_back_rows(encoder, target, width, 0, height, pixel_bytes)
    }

    /// Copies rows `y0..y0 + height` of `target` out and waits for them.
    fn read_back_rows(
        &self,
        mut encoder: wgpu::CommandEncoder,
        target: &wgpu::Texture,
        width: u32,
        y0: u32,
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
                origin: wgpu::Origin3d { x: 0, y: y0, z: 0 },
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
        self.wait()?;
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

/// Decodes an image, refusing sizes past [`crate::limits::TEXTURE_SIDE`]
/// before any pixel memory is allocated.
fn decode_texture(bytes: &[u8]) -> Result<image::RgbaImage, String> {
    let reader = image::ImageReader::new(std::io::Cursor::new(bytes))
        .with_guessed_format()
        .map_err(|e| e.to_string())?;
    let (w, h) = reader.into_dimensions().map_err(|e| e.to_string())?;
    let side = crate::limits::TEXTURE_SIDE;
    if w > side || h > side {
        return Err(format!("{w}x{h} is larger than the limit of {side}x{side}"));
    }
    let img = image::ImageReader::new(std::io::Cursor::new(bytes))
        .with_guessed_format()
        .map_err(|e| e.to_string())?
        .decode()
        .map_err(|e| e.to_string())?;
    Ok(img.to_rgba8())
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

/// Writes a PNG atomically.
/// Writes raw float texels (rows top first, as [`Renderer::render_data`]
/// gives them) as a 32-bit float RGBA OpenEXR file, atomically.
pub fn save_exr(texels: &[[f32; 4]], width: u32, height: u32, path: &Path) -> Result<(), String> {
    let flat: Vec<f32> = texels.iter().flatten().copied().collect();
    let img = image::Rgba32FImage::from_raw(width, height, flat).ok_or_else(|| {
        format!(
            "{}: {} texels for {width}x{height}",
            path.display(),
            texels.len()
        )
    })?;
    let mut bytes = Vec::new();
    image::DynamicImage::ImageRgba32F(img)
        .write_to(
            &mut std::io::Cursor::new(&mut bytes),
            image::ImageFormat::OpenExr,
        )
        .map_err(|e| format!("{}: {e}", path.display()))?;
    crate::files::write_atomic(path, &bytes)
        .map_err(|e| format!("{}: cannot write: {e}", path.display()))
}

pub fn save_png(img: &image::RgbaImage, path: &Path) -> Result<(), String> {
    let mut bytes = Vec::new();
    img.write_to(
        &mut std::io::Cursor::new(&mut bytes),
        image::ImageFormat::Png,
    )
    .map_err(|e| format!("{}: {e}", path.display()))?;
    crate::files::write_atomic(path, &bytes)
        .map_err(|e| format!("{}: cannot write: {e}", path.display()))
}
