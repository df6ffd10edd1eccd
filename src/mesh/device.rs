//! Draws of a storage-buffer evaluation shader (`Mode::Mesh`) with their
//! own, reused targets and read-back buffers, two at a time: a draw is
//! submitted, the caller works on the CPU, then collects it. The mesher
//! overlaps the GPU's work on the next blocks with extraction this way, and
//! `sample` streams points through it without allocating per batch.
//!
//! Each draw reads its header and items from the shader's input buffer
//! (written just before it is submitted: writes are ordered with
//! submissions, so a draw in flight keeps seeing its own input) and writes
//! one texel (four floats as bits) per item, row by row, [`WIDTH`] wide.

use crate::render::{Gpu, MESH_INPUT_VEC4S, RenderError, Renderer};
use std::time::Duration;

/// Texels per row of a target.
pub const WIDTH: u32 = 1024;
/// Rows of a target: at most `WIDTH * ROWS` items per draw (4 MiB of results).
const ROWS: u32 = 256;
/// Most items one draw returns.
pub const MAX_ITEMS: usize = (WIDTH * ROWS) as usize;
/// Most input `vec4`s one draw reads (the header included).
pub const MAX_INPUT: usize = MESH_INPUT_VEC4S;
const FORMAT: wgpu::TextureFormat = wgpu::TextureFormat::Rgba32Uint;
const ROW_BYTES: u32 = WIDTH * 16;

/// One target and its read-back buffer.
struct Slot {
    texture: wgpu::Texture,
    view: wgpu::TextureView,
    readback: wgpu::Buffer,
    /// The draw in flight here: its items and submission.
    pending: Option<(usize, wgpu::SubmissionIndex)>,
}

/// A draw in flight, to collect with [`Device::collect`].
#[derive(Debug)]
#[must_use]
pub struct Ticket {
    slot: usize,
}

pub struct Device {
    gpu: Gpu,
    pipeline: wgpu::RenderPipeline,
    bind_group: wgpu::BindGroup,
    input: wgpu::Buffer,
    slots: Vec<Slot>,
    timeout: Option<Duration>,
    /// Draws so far.
    pub draws: u64,
}

impl Device {
    /// Takes the renderer's current shader, which must be a `Mode::Mesh` one.
    pub fn new(renderer: &mut Renderer) -> Result<Device, RenderError> {
        let (pipeline, bind_group, input) = renderer.bindings(WIDTH, ROWS)?;
        let input = input.ok_or_else(|| {
            RenderError::Frame("the current shader is not an evaluation shader".into())
        })?;
        let gpu = renderer.gpu().clone();
        let slots = (0..2)
            .map(|_| {
                let texture = gpu.device.create_texture(&wgpu::TextureDescriptor {
                    label: Some("ropkit evaluation target"),
                    size: wgpu::Extent3d {
                        width: WIDTH,
                        height: ROWS,
                        depth_or_array_layers: 1,
                    },
                    mip_level_count: 1,
                    sample_count: 1,
                    dimension: wgpu::TextureDimension::D2,
                    format: FORMAT,
                    usage: wgpu::TextureUsages::RENDER_ATTACHMENT | wgpu::TextureUsages::COPY_SRC,
                    view_formats: &[],
                });
                let view = texture.create_view(&Default::default());
                let readback = gpu.device.create_buffer(&wgpu::BufferDescriptor {
                    label: Some("ropkit evaluation read back"),
                    size: (ROW_BYTES * ROWS) as u64,
                    usage: wgpu::BufferUsages::COPY_DST | wgpu::BufferUsages::MAP_READ,
                    mapped_at_creation: false,
                });
                Slot {
                    texture,
                    view,
                    readback,
                    pending: None,
                }
            })
            .collect();
        Ok(Device {
            gpu,
            pipeline,
            bind_group,
            input,
            slots,
            timeout: renderer.timeout,
            draws: 0,
        })
    }

    /// Whether a slot is free for [`Device::submit`] (at most two draws are in flight).
    pub fn can_submit(&self) -> bool {
        self.slots.iter().any(|s| s.pending.is_none())
    }

    /// Submits one draw of `items` items reading `input` (header first).
    pub fn submit(&mut self, input: &[[f32; 4]], items: usize) -> Result<Ticket, RenderError> {
        if input.len() > MAX_INPUT || items > MAX_ITEMS {
            return Err(RenderError::Frame(format!(
                "a draw of {items} items and {} input vec4s is larger than {MAX_ITEMS} and {MAX_INPUT}",
                input.len()
            )));
        }
        let Some(k) = self.slots.iter().position(|s| s.pending.is_none()) else {
            return Err(RenderError::Frame(
                "both evaluation targets are in use: collect a draw first".into(),
            ));
        };
        let rows = (items as u32).div_ceil(WIDTH).max(1);
        self.gpu
            .queue
            .write_buffer(&self.input, 0, bytemuck::cast_slice(input));
        let slot = &self.slots[k];
        let mut encoder = self.gpu.device.create_command_encoder(&Default::default());
        {
            let mut pass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
                label: Some("ropkit evaluation"),
                color_attachments: &[Some(wgpu::RenderPassColorAttachment {
                    view: &slot.view,
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
            pass.set_pipeline(&self.pipeline);
            pass.set_bind_group(0, &self.bind_group, &[]);
            // Only the rows this draw fills are shaded.
            pass.set_scissor_rect(0, 0, WIDTH, rows);
            pass.draw(0..3, 0..1);
        }
        encoder.copy_texture_to_buffer(
            wgpu::TexelCopyTextureInfo {
                texture: &slot.texture,
                mip_level: 0,
                origin: wgpu::Origin3d::ZERO,
                aspect: wgpu::TextureAspect::All,
            },
            wgpu::TexelCopyBufferInfo {
                buffer: &slot.readback,
                layout: wgpu::TexelCopyBufferLayout {
                    offset: 0,
                    bytes_per_row: Some(ROW_BYTES),
                    rows_per_image: Some(rows),
                },
            },
            wgpu::Extent3d {
                width: WIDTH,
                height: rows,
                depth_or_array_layers: 1,
            },
        );
        let scope = self
            .gpu
            .device
            .push_error_scope(wgpu::ErrorFilter::Validation);
        let index = self.gpu.queue.submit(Some(encoder.finish()));
        if let Some(e) = pollster::block_on(scope.pop()) {
            return Err(RenderError::Frame(e.to_string()));
        }
        slot.readback
            .slice(..(rows * ROW_BYTES) as u64)
            .map_async(wgpu::MapMode::Read, |_| {});
        self.slots[k].pending = Some((items, index));
        self.draws += 1;
        Ok(Ticket { slot: k })
    }

    /// Waits for a draw and appends its items' four floats to `out`.
    pub fn collect(&mut self, ticket: Ticket, out: &mut Vec<[f32; 4]>) -> Result<(), RenderError> {
        let slot = &mut self.slots[ticket.slot];
        let Some((items, index)) = slot.pending.take() else {
            return Err(RenderError::Frame("that draw was collected already".into()));
        };
        let poll = wgpu::PollType::Wait {
            submission_index: Some(index),
            timeout: self.timeout,
        };
        match self.gpu.device.poll(poll) {
            Ok(_) => {}
            Err(wgpu::PollError::Timeout) => {
                return Err(RenderError::Timeout(
                    self.timeout.unwrap_or_default().as_secs_f64(),
                ));
            }
            Err(e) => return Err(RenderError::Frame(e.to_string())),
        }
        let rows = (items as u32).div_ceil(WIDTH).max(1);
        let slice = slot.readback.slice(..(rows * ROW_BYTES) as u64);
        {
            let mapped = slice
                .get_mapped_range()
                .map_err(|e| RenderError::Frame(e.to_string()))?;
            let texels: &[[u32; 4]] = bytemuck::cast_slice(&mapped[..items * 16]);
            out.extend(texels.iter().map(|t| t.map(f32::from_bits)));
        }
        slot.readback.unmap();
        Ok(())
    }

    /// Submits and collects one draw.
    pub fn run(
        &mut self,
        input: &[[f32; 4]],
        items: usize,
        out: &mut Vec<[f32; 4]>,
    ) -> Result<(), RenderError> {
        let t = self.submit(input, items)?;
        self.collect(t, out)
    }
}
