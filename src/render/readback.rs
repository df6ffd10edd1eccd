//! Reading results back from the GPU: pictures, raw floats, sampled
//! points and the mesher's blocks.

use super::*;

impl Renderer {
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

    pub(super) fn target(
        &self,
        width: u32,
        height: u32,
        format: wgpu::TextureFormat,
    ) -> wgpu::Texture {
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

    pub(super) fn read_back(
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
    pub(super) fn read_back_rows(
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

/// Float bits read back from an integer target, four per texel.
pub(super) fn bytes_to_vec4s(bytes: &[u8]) -> Vec<[f32; 4]> {
    bytes
        .chunks_exact(16)
        .map(|t| {
            let f =
                |i: usize| f32::from_bits(u32::from_le_bytes([t[i], t[i + 1], t[i + 2], t[i + 3]]));
            [f(0), f(4), f(8), f(12)]
        })
        .collect()
}
