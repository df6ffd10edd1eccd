//! The live preview: the renderer draws into an offscreen texture that egui
//! shows as an image. Only redrawn when something changed (an edit, the
//! size, the orbit camera, or time when animating).

use crate::library::Library;
use crate::live::Live;
use crate::network::Network;
use crate::value::ParamValue;
use eframe::egui;
use egui::Ui;
use std::time::Instant;

/// The viewer's own camera, which overrides the network's while active.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Orbit {
    pub active: bool,
    pub yaw: f32,
    pub pitch: f32,
    pub distance: f32,
    pub target: [f32; 3],
    pub fov: f32,
}

impl Orbit {
    /// Starts from the network's camera when it has a position and a target.
    pub fn from_network(net: &Network, lib: &Library) -> Orbit {
        let mut orbit = Orbit {
            active: false,
            yaw: 0.6,
            pitch: 0.35,
            distance: 8.0,
            target: [0.0, 0.5, 0.0],
            fov: 45.0,
        };
        let cam = net
            .nodes
            .get(&net.output)
            .and_then(|o| o.input(1))
            .and_then(|c| net.nodes.get(c));
        if let Some(cam) = cam
            && let Some(def) = lib.get(&cam.rop)
        {
            let v3 = |name: &str| match cam.value(def, name) {
                Some(ParamValue::Vector(v)) if v.len() == 3 => {
                    Some([v[0] as f32, v[1] as f32, v[2] as f32])
                }
                _ => None,
            };
            if let (Some(pos), Some(target)) = (v3("Position"), v3("Target")) {
                let d = [pos[0] - target[0], pos[1] - target[1], pos[2] - target[2]];
                let dist = (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt().max(0.01);
                orbit.distance = dist;
                orbit.target = target;
                orbit.pitch = (d[1] / dist).asin();
                orbit.yaw = d[0].atan2(d[2]);
            }
            if let Some(ParamValue::Float(f)) = cam.value(def, "Fov") {
                orbit.fov = *f as f32;
            }
        }
        orbit
    }

    pub fn position(&self) -> [f32; 3] {
        let (cp, sp) = (self.pitch.cos(), self.pitch.sin());
        [
            self.target[0] + self.distance * cp * self.yaw.sin(),
            self.target[1] + self.distance * sp,
            self.target[2] + self.distance * cp * self.yaw.cos(),
        ]
    }
}

pub struct Preview {
    texture: Option<(wgpu::Texture, egui::TextureId, [u32; 2])>,
    /// Share of the panel's pixels rendered (lower is faster on slow machines).
    pub scale: f32,
    pub orbit: Orbit,
    pub animate: bool,
    pub frame_ms: f32,
    drawn: Option<(u64, [u32; 2], Orbit, f32)>,
    start: Instant,
    pub error: Option<String>,
}

impl Preview {
    pub fn new(orbit: Orbit) -> Preview {
        Preview {
            texture: None,
            scale: 0.5,
            orbit,
            animate: false,
            frame_ms: 0.0,
            drawn: None,
            start: Instant::now(),
            error: None,
        }
    }

    pub fn time(&self) -> f32 {
        if self.animate {
            self.start.elapsed().as_secs_f32()
        } else {
            0.0
        }
    }

    pub fn show(&mut self, ui: &mut Ui, live: &mut Live, rs: &eframe::egui_wgpu::RenderState) {
        let avail = ui.available_size();
        let ppp = ui.ctx().pixels_per_point();
        let size = [
            ((avail.x * ppp * self.scale) as u32).clamp(16, 4096),
            ((avail.y * ppp * self.scale) as u32).clamp(16, 4096),
        ];
        let Some(renderer) = live.renderer.as_mut() else {
            ui.label("No renderer.");
            return;
        };
        if !renderer.has_shader() {
            ui.centered_and_justified(|ui| ui.label("No picture yet: see the errors below."));
            return;
        }
        if self.texture.as_ref().is_none_or(|t| t.2 != size) {
            let tex = renderer.create_target(size[0], size[1]);
            let view = tex.create_view(&Default::default());
            let mut egui_renderer = rs.renderer.write();
            let id = match &self.texture {
                Some((_, id, _)) => {
                    egui_renderer.update_egui_texture_from_wgpu_texture(
                        &rs.device,
                        &view,
                        wgpu::FilterMode::Linear,
                        *id,
                    );
                    *id
                }
                None => egui_renderer.register_native_texture(
                    &rs.device,
                    &view,
                    wgpu::FilterMode::Linear,
                ),
            };
            self.texture = Some((tex, id, size));
            self.drawn = None;
        }
        let time = self.time();
        let state = (live.generation, size, self.orbit, time);
        if self.drawn != Some(state) {
            renderer.globals.time = time;
            renderer.globals.frame = renderer.globals.frame.wrapping_add(1);
            renderer.globals.camera = self
                .orbit
                .active
                .then(|| (self.orbit.position(), self.orbit.target, self.orbit.fov));
            if let Some((tex, _, _)) = &self.texture {
                let view = tex.create_view(&Default::default());
                let t0 = Instant::now();
                self.error = renderer
                    .render_to(&view, size[0], size[1], true)
                    .err()
                    .map(|e| e.to_string());
                self.frame_ms = t0.elapsed().as_secs_f32() * 1000.0;
            }
            self.drawn = Some(state);
        }
        if self.animate {
            ui.ctx().request_repaint();
        }
        let Some((_, id, _)) = &self.texture else {
            return;
        };
        let response = ui.add(egui::Image::new((*id, avail)).sense(egui::Sense::click_and_drag()));
        self.handle_input(ui, &response);
    }

    fn handle_input(&mut self, ui: &Ui, response: &egui::Response) {
        let d = response.drag_delta();
        let pan = response.dragged_by(egui::PointerButton::Secondary)
            || response.dragged_by(egui::PointerButton::Middle)
            || (response.dragged() && ui.input(|i| i.modifiers.shift));
        if d != egui::Vec2::ZERO {
            self.orbit.active = true;
            if pan {
                let o = &mut self.orbit;
                let s = o.distance * 0.002;
                let (cy, sy) = (o.yaw.cos(), o.yaw.sin());
                o.target[0] -= d.x * s * cy;
                o.target[2] += d.x * s * sy;
                o.target[1] += d.y * s;
            } else {
                self.orbit.yaw -= d.x * 0.01;
                self.orbit.pitch = (self.orbit.pitch + d.y * 0.01).clamp(-1.5, 1.5);
            }
        }
        if response.hovered() {
            let scroll = ui.input(|i| i.smooth_scroll_delta.y);
            if scroll != 0.0 {
                self.orbit.active = true;
                self.orbit.distance =
                    (self.orbit.distance * (-scroll * 0.002).exp()).clamp(0.05, 500.0);
            }
        }
    }

    /// Back to the network's own camera.
    pub fn reset_camera(&mut self, net: &Network, lib: &Library) {
        self.orbit = Orbit::from_network(net, lib);
    }
}
