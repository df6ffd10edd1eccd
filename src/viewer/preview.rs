//! The live preview, as the window sees it: it asks the preview worker
//! ([`super::worker`]) for pictures and shows the bands of rows that come
//! back over the last good picture, so the window never waits for a draw.
//! While the camera moves or a slider is dragged it asks for a smaller
//! picture, which keeps up; when input stops it asks for the full one.
//! Only redrawn when something changed (an edit, the size, the orbit
//! camera, or time when animating).

use super::worker::{FrameRequest, Job, Worker};
use crate::library::Library;
use crate::network::Network;
use crate::render::Globals;
use crate::value::ParamValue;
use eframe::egui;
use egui::Ui;
use std::time::{Duration, Instant};

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
            && let Some(def) = cam.def(lib)
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

/// Share of the chosen resolution drawn while the user is moving things.
const INTERACTIVE_SCALE: f32 = 0.35;
/// How long after the last input the picture counts as still moving.
const SETTLE: Duration = Duration::from_millis(150);

pub struct Preview {
    texture: Option<egui::TextureHandle>,
    /// The picture shown, updated band by band.
    image: Option<egui::ColorImage>,
    /// Share of the panel's pixels rendered (lower is faster on slow machines).
    pub scale: f32,
    pub orbit: Orbit,
    /// Time runs (the time bar's play).
    pub playing: bool,
    /// The time drawn, in seconds, while paused; while playing, the time
    /// at `played_from`.
    time: f32,
    played_from: Instant,
    /// Time runs from `loop_start` to `loop_end`, then again.
    pub loop_start: f32,
    pub loop_end: f32,
    /// Where the picture was drawn last frame (screen), letterboxed.
    pub picture_rect: egui::Rect,
    /// The last full-resolution picture took this long, first band to last.
    pub frame_ms: f32,
    /// How far the picture being drawn has got, 0 to 1 (1: done).
    pub progress: f32,
    /// The picture being drawn is a reduced one (the user is moving things).
    pub reduced: bool,
    /// The last band came from the baked twin (values compiled in).
    pub baked: bool,
    pub error: Option<String>,
    /// The request last sent, and whether the picture must be drawn again
    /// even for the same request (the network changed).
    sent: Option<FrameRequest>,
    pub stale: bool,
    /// Input that changes the picture was last seen then.
    pub moved: Option<Instant>,
    /// Complete full-resolution pictures shown so far.
    pub full_pictures: u32,
}

impl Preview {
    pub fn new(orbit: Orbit) -> Preview {
        Preview {
            texture: None,
            image: None,
            scale: 0.5,
            orbit,
            playing: false,
            time: 0.0,
            played_from: Instant::now(),
            loop_start: 0.0,
            loop_end: 10.0,
            picture_rect: egui::Rect::NOTHING,
            frame_ms: 0.0,
            progress: 1.0,
            reduced: false,
            baked: false,
            error: None,
            sent: None,
            stale: true,
            moved: None,
            full_pictures: 0,
        }
    }

    /// The time the picture is drawn at.
    pub fn time(&self) -> f32 {
        if !self.playing {
            return self.time;
        }
        let span = (self.loop_end - self.loop_start).max(0.01);
        let t = self.time + self.played_from.elapsed().as_secs_f32() - self.loop_start;
        self.loop_start + t.rem_euclid(span)
    }

    /// Moves time to `t` (scrubbing), playing on from there if playing.
    pub fn set_time(&mut self, t: f32) {
        self.time = t.clamp(self.loop_start, self.loop_end);
        self.played_from = Instant::now();
    }

    pub fn toggle_play(&mut self) {
        let now = self.time();
        self.playing = !self.playing;
        self.set_time(now);
    }

    /// The request last sent to the worker.
    pub fn sent(&self) -> Option<FrameRequest> {
        self.sent
    }

    /// Whether the user is moving the camera or a value right now.
    pub fn interacting(&self) -> bool {
        self.moved.is_some_and(|t| t.elapsed() < SETTLE)
    }

    /// Lays the preview out, asks the worker for the picture it needs, and
    /// shows what has arrived: the picture keeps the frame's aspect
    /// (`frame`, the size Export PNG draws), letterboxed in the panel.
    /// `stale` says why the picture is not the network's as it is now.
    pub fn show(
        &mut self,
        ui: &mut Ui,
        worker: &Worker,
        has_shader: bool,
        frame: [u32; 2],
        stale: Option<&str>,
    ) {
        let area = ui.available_rect_before_wrap();
        let aspect = frame[0].max(1) as f32 / frame[1].max(1) as f32;
        let fit = if area.width() / area.height().max(1.0) > aspect {
            egui::vec2(area.height() * aspect, area.height())
        } else {
            egui::vec2(area.width(), area.width() / aspect)
        };
        let picture = egui::Rect::from_center_size(area.center(), fit.max(egui::vec2(1.0, 1.0)));
        self.picture_rect = picture;
        let avail = picture.size();
        let ppp = ui.ctx().pixels_per_point();
        let interacting = self.interacting();
        let scale = if interacting {
            self.scale * INTERACTIVE_SCALE
        } else {
            self.scale
        };
        // No larger than the window's GPU takes a texture (the picture is
        // shown as one).
        let side = ui.ctx().input(|i| i.max_texture_side).clamp(16, 4096) as u32;
        let size = [
            ((avail.x * ppp * scale) as u32).clamp(16, side),
            ((avail.y * ppp * scale) as u32).clamp(16, side),
        ];
        let request = FrameRequest {
            width: size[0],
            height: size[1],
            globals: Globals {
                time: self.time(),
                camera: self
                    .orbit
                    .active
                    .then(|| (self.orbit.position(), self.orbit.target, self.orbit.fov)),
                ..Default::default()
            },
        };
        if has_shader && (self.stale || self.sent != Some(request)) {
            worker.send(Job::Frame(request));
            self.sent = Some(request);
            self.stale = false;
            self.reduced = interacting;
            self.progress = 0.0;
        }
        if self.playing || interacting || self.progress < 1.0 {
            ui.ctx().request_repaint();
        }
        if interacting {
            // Ask again for the full picture once input stops.
            ui.ctx().request_repaint_after(SETTLE);
        }
        // The whole area takes the gestures; the picture sits in its frame.
        let response = ui.allocate_rect(area, egui::Sense::click_and_drag());
        ui.painter()
            .rect_filled(area, 0.0, egui::Color32::from_gray(16));
        match &self.texture {
            Some(tex) => {
                let mut image = egui::Image::new((tex.id(), avail));
                if stale.is_some() {
                    image = image.tint(egui::Color32::from_gray(150));
                }
                image.paint_at(ui, picture);
                self.handle_input(ui, &response);
            }
            None => {
                ui.painter().text(
                    response.rect.center(),
                    egui::Align2::CENTER_CENTER,
                    if has_shader {
                        "drawing…"
                    } else {
                        "No picture yet: see the errors below."
                    },
                    egui::FontId::proportional(14.0),
                    ui.visuals().weak_text_color(),
                );
                self.handle_input(ui, &response);
            }
        }
        if let Some(why) = stale
            && self.texture.is_some()
        {
            // The last good picture stays; say that it is not this network's.
            let band = egui::Rect::from_min_size(picture.min, egui::vec2(picture.width(), 22.0));
            ui.painter().rect_filled(
                band,
                0.0,
                egui::Color32::from_rgba_unmultiplied(120, 30, 20, 220),
            );
            ui.painter().text(
                band.left_center() + egui::vec2(6.0, 0.0),
                egui::Align2::LEFT_CENTER,
                format!("⚠ {why}"),
                egui::FontId::proportional(13.0),
                egui::Color32::WHITE,
            );
        }
        if response.hovered() && ui.input(|i| i.key_pressed(egui::Key::Space)) {
            self.toggle_play();
        }
    }

    /// A band of rows from the worker: onto the shown picture. A picture of
    /// another size starts from the old one, stretched, so something stays
    /// in view while the new one comes in.
    pub fn apply_rows(
        &mut self,
        ctx: &egui::Context,
        size: [u32; 2],
        y0: u32,
        rows: u32,
        pixels: &[u8],
    ) {
        let [w, h] = [size[0] as usize, size[1] as usize];
        let same = self.image.as_ref().is_some_and(|i| i.size == [w, h]);
        if !same {
            let mut next = egui::ColorImage::new([w, h], vec![egui::Color32::from_gray(40); w * h]);
            if let Some(old) = &self.image {
                let [ow, oh] = old.size;
                for y in 0..h {
                    let sy = y * oh / h;
                    for x in 0..w {
                        next.pixels[y * w + x] = old.pixels[sy * ow + x * ow / w];
                    }
                }
            }
            self.image = Some(next);
        }
        let Some(image) = self.image.as_mut() else {
            return;
        };
        let start = y0 as usize * w;
        for (k, px) in pixels.chunks_exact(4).enumerate() {
            if let Some(p) = image.pixels.get_mut(start + k) {
                *p = egui::Color32::from_rgba_unmultiplied(px[0], px[1], px[2], px[3]);
            }
        }
        let options = egui::TextureOptions::LINEAR;
        match &mut self.texture {
            Some(tex) if same => {
                let band = egui::ColorImage::from_rgba_unmultiplied([w, rows as usize], pixels);
                tex.set_partial([0, y0 as usize], band, options);
            }
            _ => {
                let image = image.clone();
                match &mut self.texture {
                    Some(tex) => tex.set(image, options),
                    None => self.texture = Some(ctx.load_texture("ropkit-preview", image, options)),
                }
            }
        }
        self.progress = ((y0 + rows) as f32 / size[1] as f32).min(1.0);
    }

    fn handle_input(&mut self, ui: &Ui, response: &egui::Response) {
        let d = response.drag_delta();
        let pan = response.dragged_by(egui::PointerButton::Secondary)
            || response.dragged_by(egui::PointerButton::Middle)
            || (response.dragged() && ui.input(|i| i.modifiers.shift));
        if d != egui::Vec2::ZERO {
            self.orbit.active = true;
            self.moved = Some(Instant::now());
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
                self.moved = Some(Instant::now());
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
