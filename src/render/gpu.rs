//! Opening a GPU device: headless (any backend wgpu finds), or one shared
//! with a window.

use super::*;

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
