//! Pipelines: created when the shader text changes, kept by a hash of that
//! text (in memory, and in the driver's cache on disk), and bound with the
//! buffers and textures a shader needs.

use super::*;

pub(super) struct PipelineEntry {
    pub(super) pipeline: wgpu::RenderPipeline,
    pub(super) layout: wgpu::BindGroupLayout,
}

/// What the current pipeline needs bound.
pub(super) struct Bound {
    pub(super) entry: Arc<PipelineEntry>,
    pub(super) param_vec4s: usize,
    pub(super) bind_group: wgpu::BindGroup,
    /// The per-frame globals.
    pub(super) uniform: wgpu::Buffer,
    /// The live parameters (a storage buffer), when the shader reads them.
    pub(super) params: Option<wgpu::Buffer>,
    pub(super) points: Option<wgpu::Buffer>,
    pub(super) mode: Mode,
}

pub(super) const VERTEX_WGSL: &str = r#"
@vertex
fn main(@builtin(vertex_index) i: u32) -> @builtin(position) vec4<f32> {
    let p = vec2<f32>(f32((i << 1u) & 2u), f32(i & 2u));
    return vec4<f32>(p * 2.0 - 1.0, 0.0, 1.0);
}
"#;

impl Renderer {
    /// Makes a build's shader current, compiling it with naga first where
    /// the build did not (see [`crate::options::BuildOptions::compile`]).
    pub fn set_built(&mut self, built: &crate::build::Built) -> Result<(), RenderError> {
        match &built.compiled {
            Some(compiled) => self.set_shader(&built.shader, compiled),
            None => {
                let compiled = crate::compile::compile(&built.shader)
                    .map_err(|e| RenderError::Pipeline(e.to_string()))?;
                self.set_shader(&built.shader, &compiled)
            }
        }
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
        let views = self.texture_views(shader)?;
        let device = &self.gpu.device;
        let uniform = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("ropkit globals"),
            size: crate::globals::GLOBALS_BYTES as u64,
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

    pub(super) fn create_pipeline(
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
                    // The data texture holds 32-bit floats, read with texelFetch.
                    sample_type: wgpu::TextureSampleType::Float {
                        filterable: !t.data,
                    },
                    view_dimension: if t.volume.is_some() {
                        wgpu::TextureViewDimension::D3
                    } else {
                        wgpu::TextureViewDimension::D2
                    },
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

    /// Forgets cached pipelines (benchmarks use this to time pipeline creation).
    pub fn clear_pipeline_cache(&mut self) {
        self.pipelines.clear();
    }
}
