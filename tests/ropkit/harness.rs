//! A small wgpu harness of the tests' own, written without `ropkit::render`,
//! to run exported shaders the way another program would: a full-screen
//! triangle, one uniform buffer at binding 0, a filtering sampler at
//! binding 1, sampled textures and the parameters' buffer (uniform or
//! read-only storage, as the layout says) after it,
//! drawn into an RGBA8 target and read back. Exports are checked by rendering them here and comparing with
//! ropkit's own picture, so a mistake shared by ropkit's renderer and its
//! exporter would not cancel out.

use ropkit::render::Gpu;
use std::borrow::Cow;

const VERTEX: &str = "
@vertex
fn vs(@builtin(vertex_index) i: u32) -> @builtin(position) vec4<f32> {
    // Three vertices that cover the target: (-1,-1), (3,-1), (-1,3).
    let x = select(-1.0, 3.0, i == 1u);
    let y = select(-1.0, 3.0, i == 2u);
    return vec4<f32>(x, y, 0.0, 1.0);
}
";

/// What the fragment shader gets bound.
pub struct Bindings<'a> {
    /// The bytes of the uniform block at binding 0.
    pub uniform: &'a [u8],
    /// (binding, bytes) of the parameters' buffer, if the shader reads one.
    pub storage: Option<(u32, &'a [u8])>,
    /// Whether that buffer is a uniform block (else a read-only storage buffer).
    pub params_uniform: bool,
    /// (binding, texels) for every sampled texture.
    pub textures: &'a [(u32, Texels)],
}

/// A texture's texels as a program using an export would upload them.
pub enum Texels {
    /// An 8-bit picture (PNG, JPEG), gamma-encoded: sampled as sRGB.
    Srgb8(image::RgbaImage),
    /// Linear floats (an HDR or EXR environment map): uploaded as 16-bit
    /// floats with every mip level, each texel the mean of those it covers
    /// one level down, as docs/writing-rops.md says ropkit does.
    Float(image::Rgba32FImage),
}

/// Draws `fragment` (entry point `entry`) at `width`×`height`; a shader or
/// pipeline the device refuses is an error naming the reason.
pub fn draw(
    gpu: &Gpu,
    fragment: wgpu::ShaderSource,
    entry: &str,
    bindings: &Bindings,
    width: u32,
    height: u32,
) -> Result<image::RgbaImage, String> {
    let device = &gpu.device;
    let scope = device.push_error_scope(wgpu::ErrorFilter::Validation);
    let vs = device.create_shader_module(wgpu::ShaderModuleDescriptor {
        label: Some("harness vertex"),
        source: wgpu::ShaderSource::Wgsl(Cow::Borrowed(VERTEX)),
    });
    let fs = device.create_shader_module(wgpu::ShaderModuleDescriptor {
        label: Some("harness fragment"),
        source: fragment,
    });
    let visible = |binding: u32, ty: wgpu::BindingType| wgpu::BindGroupLayoutEntry {
        binding,
        visibility: wgpu::ShaderStages::FRAGMENT,
        ty,
        count: None,
    };
    let mut layout_entries = vec![
        visible(
            0,
            wgpu::BindingType::Buffer {
                ty: wgpu::BufferBindingType::Uniform,
                has_dynamic_offset: false,
                min_binding_size: None,
            },
        ),
        visible(
            1,
            wgpu::BindingType::Sampler(wgpu::SamplerBindingType::Filtering),
        ),
    ];
    for (binding, _) in bindings.textures {
        layout_entries.push(visible(
            *binding,
            wgpu::BindingType::Texture {
                sample_type: wgpu::TextureSampleType::Float { filterable: true },
                view_dimension: wgpu::TextureViewDimension::D2,
                multisampled: false,
            },
        ));
    }
    if let Some((binding, _)) = bindings.storage {
        layout_entries.push(visible(
            binding,
            wgpu::BindingType::Buffer {
                ty: if bindings.params_uniform {
                    wgpu::BufferBindingType::Uniform
                } else {
                    wgpu::BufferBindingType::Storage { read_only: true }
                },
                has_dynamic_offset: false,
                min_binding_size: None,
            },
        ));
    }
    let layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
        label: Some("harness layout"),
        entries: &layout_entries,
    });
    let uniform = device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("harness uniform"),
        size: bindings.uniform.len().max(16).next_multiple_of(16) as u64,
        usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
        mapped_at_creation: false,
    });
    let mut padded = bindings.uniform.to_vec();
    padded.resize(uniform.size() as usize, 0);
    gpu.queue.write_buffer(&uniform, 0, &padded);
    let storage = bindings.storage.map(|(binding, bytes)| {
        let buffer = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("harness storage"),
            size: bytes.len().max(16).next_multiple_of(16) as u64,
            usage: if bindings.params_uniform {
                wgpu::BufferUsages::UNIFORM
            } else {
                wgpu::BufferUsages::STORAGE
            } | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        let mut padded = bytes.to_vec();
        padded.resize(buffer.size() as usize, 0);
        gpu.queue.write_buffer(&buffer, 0, &padded);
        (binding, buffer)
    });
    // Repeat and linear filtering, as a texture is sampled by default in a
    // GLSL program that sets nothing else.
    let sampler = device.create_sampler(&wgpu::SamplerDescriptor {
        address_mode_u: wgpu::AddressMode::Repeat,
        address_mode_v: wgpu::AddressMode::Repeat,
        mag_filter: wgpu::FilterMode::Linear,
        min_filter: wgpu::FilterMode::Linear,
        mipmap_filter: wgpu::MipmapFilterMode::Linear,
        ..Default::default()
    });
    let views: Vec<wgpu::TextureView> = bindings
        .textures
        .iter()
        .map(|(_, texels)| match texels {
            Texels::Srgb8(img) => upload(gpu, img),
            Texels::Float(img) => upload_float(gpu, img),
        })
        .collect();
    let mut entries = vec![
        wgpu::BindGroupEntry {
            binding: 0,
            resource: uniform.as_entire_binding(),
        },
        wgpu::BindGroupEntry {
            binding: 1,
            resource: wgpu::BindingResource::Sampler(&sampler),
        },
    ];
    for ((binding, _), view) in bindings.textures.iter().zip(&views) {
        entries.push(wgpu::BindGroupEntry {
            binding: *binding,
            resource: wgpu::BindingResource::TextureView(view),
        });
    }
    if let Some((binding, buffer)) = &storage {
        entries.push(wgpu::BindGroupEntry {
            binding: *binding,
            resource: buffer.as_entire_binding(),
        });
    }
    let bind_group = device.create_bind_group(&wgpu::BindGroupDescriptor {
        label: Some("harness bind group"),
        layout: &layout,
        entries: &entries,
    });
    let pipeline_layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
        label: None,
        bind_group_layouts: &[Some(&layout)],
        immediate_size: 0,
    });
    let format = wgpu::TextureFormat::Rgba8Unorm;
    let pipeline = device.create_render_pipeline(&wgpu::RenderPipelineDescriptor {
        label: Some("harness pipeline"),
        layout: Some(&pipeline_layout),
        vertex: wgpu::VertexState {
            module: &vs,
            entry_point: Some("vs"),
            compilation_options: Default::default(),
            buffers: &[],
        },
        primitive: Default::default(),
        depth_stencil: None,
        multisample: Default::default(),
        fragment: Some(wgpu::FragmentState {
            module: &fs,
            entry_point: Some(entry),
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
        return Err(e.to_string());
    }
    let target = device.create_texture(&wgpu::TextureDescriptor {
        label: Some("harness target"),
        size: wgpu::Extent3d {
            width,
            height,
            depth_or_array_layers: 1,
        },
        mip_level_count: 1,
        sample_count: 1,
        dimension: wgpu::TextureDimension::D2,
        format,
        usage: wgpu::TextureUsages::RENDER_ATTACHMENT | wgpu::TextureUsages::COPY_SRC,
        view_formats: &[],
    });
    let view = target.create_view(&Default::default());
    let row = width * 4;
    let stride = row.next_multiple_of(wgpu::COPY_BYTES_PER_ROW_ALIGNMENT);
    let readback = device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("harness read back"),
        size: (stride * height) as u64,
        usage: wgpu::BufferUsages::COPY_DST | wgpu::BufferUsages::MAP_READ,
        mapped_at_creation: false,
    });
    let mut encoder = device.create_command_encoder(&Default::default());
    {
        let mut pass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
            label: None,
            color_attachments: &[Some(wgpu::RenderPassColorAttachment {
                view: &view,
                depth_slice: None,
                resolve_target: None,
                ops: wgpu::Operations {
                    load: wgpu::LoadOp::Clear(wgpu::Color::TRANSPARENT),
                    store: wgpu::StoreOp::Store,
                },
            })],
            depth_stencil_attachment: None,
            timestamp_writes: None,
            occlusion_query_set: None,
            multiview_mask: None,
        });
        pass.set_pipeline(&pipeline);
        pass.set_bind_group(0, &bind_group, &[]);
        pass.draw(0..3, 0..1);
    }
    encoder.copy_texture_to_buffer(
        wgpu::TexelCopyTextureInfo {
            texture: &target,
            mip_level: 0,
            origin: wgpu::Origin3d::ZERO,
            aspect: wgpu::TextureAspect::All,
        },
        wgpu::TexelCopyBufferInfo {
            buffer: &readback,
            layout: wgpu::TexelCopyBufferLayout {
                offset: 0,
                bytes_per_row: Some(stride),
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
    gpu.queue.submit(Some(encoder.finish()));
    if let Some(e) = pollster::block_on(scope.pop()) {
        return Err(e.to_string());
    }
    let slice = readback.slice(..);
    slice.map_async(wgpu::MapMode::Read, |_| {});
    device
        .poll(wgpu::PollType::wait_indefinitely())
        .map_err(|e| e.to_string())?;
    let mapped = slice.get_mapped_range().map_err(|e| e.to_string())?;
    let mut pixels = Vec::with_capacity((row * height) as usize);
    for y in 0..height as usize {
        let start = y * stride as usize;
        pixels.extend_from_slice(&mapped[start..start + row as usize]);
    }
    drop(mapped);
    readback.unmap();
    image::RgbaImage::from_raw(width, height, pixels).ok_or_else(|| "bad image size".into())
}

/// An sRGB texture: images hold gamma-encoded colours, and sampling gives linear ones.
fn upload(gpu: &Gpu, img: &image::RgbaImage) -> wgpu::TextureView {
    let size = wgpu::Extent3d {
        width: img.width(),
        height: img.height(),
        depth_or_array_layers: 1,
    };
    let texture = gpu.device.create_texture(&wgpu::TextureDescriptor {
        label: Some("harness texture"),
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
        img.as_raw(),
        wgpu::TexelCopyBufferLayout {
            offset: 0,
            bytes_per_row: Some(4 * img.width()),
            rows_per_image: Some(img.height()),
        },
        size,
    );
    texture.create_view(&Default::default())
}

/// A float texture with its mip chain, down to 1x1.
fn upload_float(gpu: &Gpu, img: &image::Rgba32FImage) -> wgpu::TextureView {
    let mut levels = vec![(
        img.width(),
        img.height(),
        img.pixels().map(|p| p.0).collect::<Vec<[f32; 4]>>(),
    )];
    while let Some((w, h, texels)) = levels.last().filter(|(w, h, _)| *w > 1 || *h > 1) {
        let (nw, nh) = ((w / 2).max(1), (h / 2).max(1));
        let span = |i: u32, from: u32, to: u32| {
            let a = i * from / to;
            a..((i + 1) * from).div_ceil(to).min(from).max(a + 1)
        };
        let mut next = Vec::new();
        for y in 0..nh {
            for x in 0..nw {
                let (mut sum, mut n) = ([0.0f32; 4], 0.0f32);
                for sy in span(y, *h, nh) {
                    for sx in span(x, *w, nw) {
                        let t = texels[(sy * w + sx) as usize];
                        for c in 0..4 {
                            sum[c] += t[c];
                        }
                        n += 1.0;
                    }
                }
                next.push(sum.map(|c| c / n));
            }
        }
        levels.push((nw, nh, next));
    }
    let texture = gpu.device.create_texture(&wgpu::TextureDescriptor {
        label: Some("harness float texture"),
        size: wgpu::Extent3d {
            width: img.width(),
            height: img.height(),
            depth_or_array_layers: 1,
        },
        mip_level_count: levels.len() as u32,
        sample_count: 1,
        dimension: wgpu::TextureDimension::D2,
        format: wgpu::TextureFormat::Rgba16Float,
        usage: wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::COPY_DST,
        view_formats: &[],
    });
    for (mip, (w, h, texels)) in levels.iter().enumerate() {
        let bytes: Vec<u8> = texels
            .iter()
            .flatten()
            .flat_map(|c| half::f16::from_f32(*c).to_le_bytes())
            .collect();
        gpu.queue.write_texture(
            wgpu::TexelCopyTextureInfo {
                texture: &texture,
                mip_level: mip as u32,
                origin: wgpu::Origin3d::ZERO,
                aspect: wgpu::TextureAspect::All,
            },
            &bytes,
            wgpu::TexelCopyBufferLayout {
                offset: 0,
                bytes_per_row: Some(8 * w),
                rows_per_image: Some(*h),
            },
            wgpu::Extent3d {
                width: *w,
                height: *h,
                depth_or_array_layers: 1,
            },
        );
    }
    texture.create_view(&Default::default())
}

/// How two pictures differ: the largest channel difference, and how many
/// pixels differ by more than `tolerance` in some channel.
pub fn compare(a: &image::RgbaImage, b: &image::RgbaImage, tolerance: u8) -> (u8, usize) {
    assert_eq!(a.dimensions(), b.dimensions());
    let mut worst = 0;
    let mut count = 0;
    for (p, q) in a.pixels().zip(b.pixels()) {
        let d =
            p.0.iter()
                .zip(q.0.iter())
                .map(|(x, y)| x.abs_diff(*y))
                .max()
                .unwrap_or(0);
        worst = worst.max(d);
        if d > tolerance {
            count += 1;
        }
    }
    (worst, count)
}
