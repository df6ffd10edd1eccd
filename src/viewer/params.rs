//! The parameter panel: one widget per parameter style. Returns the edits
//! made this frame; the app applies them (a uniform update, or a rebuild
//! for macro parameters).

use crate::library::{ParamDef, RopDef};
use crate::network::Node;
use crate::types::ParamStyle;
use crate::value::ParamValue;
use eframe::egui;
use egui::Ui;
use std::path::Path;

/// Draws the parameters of one node; returns (parameter, new value) for each change.
pub fn show(
    ui: &mut Ui,
    path: &str,
    node: &Node,
    def: &RopDef,
    assets: &[String],
) -> Vec<(String, ParamValue)> {
    let mut changes = Vec::new();
    ui.heading(path);
    ui.label(egui::RichText::new(format!("{} · {}", def.name, def.category)).weak());
    if !def.description.is_empty() {
        ui.label(&def.description);
    }
    ui.separator();
    egui::Grid::new(("params", path))
        .num_columns(2)
        .striped(true)
        .show(ui, |ui| {
            for p in &def.params {
                let current = node
                    .value(def, &p.name)
                    .cloned()
                    .unwrap_or_else(|| p.default.clone());
                let label = if p.is_macro && !p.style.always_inlined() {
                    format!("{} ⟳", p.label)
                } else {
                    p.label.clone()
                };
                let mut hover = p.help.clone();
                if p.is_macro {
                    hover.push_str("\n(changing this rebuilds the shader)");
                }
                ui.label(label).on_hover_text(hover);
                if let Some(source) = driving_field(node, def, &p.name) {
                    // A field on the parameter's socket sets it point by
                    // point; the value waits underneath for a disconnect.
                    ui.label(egui::RichText::new(format!("driven by {source}")).italics())
                        .on_hover_text("A field node is connected to this parameter's socket; disconnect it to edit the value");
                    ui.end_row();
                    continue;
                }
                if let Some(v) = widget(ui, p, &current, assets)
                    && v != current
                {
                    changes.push((p.name.clone(), v));
                }
                ui.end_row();
            }
        });
    if def.params.is_empty() {
        ui.label("No parameters.");
    }
    changes
}

/// The node driving field-capable parameter `param` through its socket.
pub fn driving_field<'a>(node: &'a Node, def: &RopDef, param: &str) -> Option<&'a str> {
    let slot = def
        .inputs
        .iter()
        .position(|i| i.drives.as_deref() == Some(param))?;
    node.inputs.get(slot)?.as_deref()
}

fn range(p: &ParamDef, fallback: (f64, f64)) -> std::ops::RangeInclusive<f64> {
    p.min.unwrap_or(fallback.0)..=p.max.unwrap_or(fallback.1)
}

/// A slider or drag goes beyond the soft range freely, but stops at the
/// hard limits (a value past them would only be refused).
fn within_hard_limits(p: &ParamDef, x: f64) -> f64 {
    match p.hard_limits() {
        Some((lo, hi)) => x.clamp(lo, hi),
        None => x,
    }
}

/// The editor of one parameter's value, by its style: a slider for a
/// number, a checkbox, a colour picker, drags for the parts of a vector, a
/// menu, a pick among the project's files, a text line. What the user set
/// (the value as it was when nothing changed), or `None` for a value the
/// style cannot edit (shown as it is).
fn widget(ui: &mut Ui, p: &ParamDef, value: &ParamValue, assets: &[String]) -> Option<ParamValue> {
    match (p.style, value) {
        (ParamStyle::Float, ParamValue::Float(f)) => {
            let mut v = *f;
            let r = range(p, (-10.0, 10.0));
            let log = *r.start() > 0.0 && *r.end() / r.start().max(1e-9) > 1000.0;
            fine_slider(ui, &p.name, &mut v, r, log, false);
            Some(ParamValue::Float(within_hard_limits(p, v)))
        }
        (ParamStyle::Int, ParamValue::Int(i)) => {
            let mut v = *i as f64;
            let r = range(p, (0.0, 100.0));
            fine_slider(ui, &p.name, &mut v, r, false, true);
            Some(ParamValue::Int(within_hard_limits(p, v.round()) as i64))
        }
        (ParamStyle::Toggle, ParamValue::Bool(b)) => {
            let mut v = *b;
            ui.checkbox(&mut v, "");
            Some(ParamValue::Bool(v))
        }
        (ParamStyle::Rgb | ParamStyle::Rgba, ParamValue::Vector(c))
            if c.len() == p.style.components() =>
        {
            colour(ui, c)
        }
        (_, ParamValue::Vector(c)) => Some(vector(ui, p, c)),
        (ParamStyle::Menu, ParamValue::Text(t)) => Some(menu(ui, p, t)),
        (ParamStyle::Texture, ParamValue::Text(t)) => Some(file_pick(ui, p, t, "(none)", assets)),
        (ParamStyle::Font, ParamValue::Text(t)) => Some(file_pick(ui, p, t, "(bundled)", assets)),
        (ParamStyle::Path, ParamValue::Text(t)) => Some(file_pick(ui, p, t, "(none)", assets)),
        (ParamStyle::Points, _) => Some(points(ui, p, value, assets)),
        // A volume's path: a file, a folder or a pattern, typed in.
        (ParamStyle::String | ParamStyle::Volume, ParamValue::Text(t)) => Some(text_line(ui, p, t)),
        _ => {
            ui.label(format!("{value:?}"));
            None
        }
    }
}

/// A colour picker for an RGB or RGBA value. The picker round-trips the
/// value through its own colour types even when nobody touches it: only a
/// change the user made counts.
fn colour(ui: &mut Ui, c: &[f64]) -> Option<ParamValue> {
    let back = |v: &[f32]| ParamValue::Vector(v.iter().map(|x| *x as f64).collect());
    if c.len() == 4 {
        let mut rgba = [c[0] as f32, c[1] as f32, c[2] as f32, c[3] as f32];
        let changed = ui.color_edit_button_rgba_unmultiplied(&mut rgba).changed();
        changed.then(|| back(&rgba))
    } else {
        let mut rgb = [c[0] as f32, c[1] as f32, c[2] as f32];
        let changed = ui.color_edit_button_rgb(&mut rgb).changed();
        changed.then(|| back(&rgb))
    }
}

/// One drag per component, within the ROP's range.
fn vector(ui: &mut Ui, p: &ParamDef, c: &[f64]) -> ParamValue {
    let mut v = c.to_vec();
    let r = range(p, (f64::NEG_INFINITY, f64::INFINITY));
    let speed = if r.end().is_finite() && r.start().is_finite() {
        (r.end() - r.start()) / 300.0
    } else {
        0.01
    };
    ui.horizontal(|ui| {
        for (x, suffix) in v.iter_mut().zip(p.style.component_suffixes()) {
            // Typed or dragged values stay within the ROP's range.
            let mut drag = egui::DragValue::new(x)
                .speed(speed)
                .prefix(format!("{suffix} "))
                .clamp_existing_to_range(false);
            if r.start().is_finite() || r.end().is_finite() {
                drag = drag.range(r.clone());
            }
            ui.add(drag);
        }
    });
    ParamValue::Vector(v.into_iter().map(|x| within_hard_limits(p, x)).collect())
}

/// A menu of the parameter's options.
fn menu(ui: &mut Ui, p: &ParamDef, t: &str) -> ParamValue {
    let mut v = t.to_string();
    egui::ComboBox::from_id_salt(("menu", &p.name))
        .selected_text(&v)
        .show_ui(ui, |ui| {
            for o in &p.options {
                ui.selectable_value(&mut v, o.clone(), o);
            }
        });
    ParamValue::Text(v)
}

/// A pick among the project's files the style reads (a texture, a font);
/// the empty choice is shown as `empty` (no texture, the bundled font).
fn file_pick(ui: &mut Ui, p: &ParamDef, t: &str, empty: &str, assets: &[String]) -> ParamValue {
    let mut v = t.to_string();
    let shown = if v.is_empty() {
        empty.to_string()
    } else {
        v.clone()
    };
    egui::ComboBox::from_id_salt((p.style.as_str(), &p.name))
        .selected_text(shown)
        .show_ui(ui, |ui| {
            ui.selectable_value(&mut v, String::new(), empty);
            for a in assets.iter().filter(|a| picks(p.style, a)) {
                ui.selectable_value(&mut v, a.clone(), a);
            }
        });
    ParamValue::Text(v)
}

/// A point list: a file of the project, or the list written in the
/// network (kept as it is until a file is picked).
fn points(ui: &mut Ui, p: &ParamDef, value: &ParamValue, assets: &[String]) -> ParamValue {
    let inline = match value {
        ParamValue::Points(l) => Some(format!("(inline: {} points)", l.points.len())),
        _ => None,
    };
    let current = value.as_text().unwrap_or("").to_string();
    let mut v = current.clone();
    let shown = inline.clone().unwrap_or_else(|| {
        if v.is_empty() {
            "(none)".to_string()
        } else {
            v.clone()
        }
    });
    egui::ComboBox::from_id_salt(("points", &p.name))
        .selected_text(shown)
        .show_ui(ui, |ui| {
            if let Some(label) = &inline {
                ui.selectable_value(&mut v, String::new(), label.as_str());
            }
            for a in assets.iter().filter(|a| picks(p.style, a)) {
                ui.selectable_value(&mut v, a.clone(), a);
            }
        });
    if v != current && !v.is_empty() {
        ParamValue::Text(v)
    } else {
        value.clone()
    }
}

/// A line of text, applied on Enter or focus loss (each keystroke would
/// rebuild).
fn text_line(ui: &mut Ui, p: &ParamDef, t: &str) -> ParamValue {
    let mut v = t.to_string();
    let id = ui.make_persistent_id(("string", &p.name));
    let mut draft: String = ui
        .data_mut(|d| d.get_temp(id))
        .unwrap_or_else(|| t.to_string());
    let r = ui.text_edit_singleline(&mut draft);
    if r.lost_focus() {
        v = draft.clone();
    }
    if r.has_focus() {
        ui.data_mut(|d| d.insert_temp(id, draft));
    } else {
        ui.data_mut(|d| d.remove::<String>(id));
    }
    ParamValue::Text(v)
}

/// A value on a bar and a number. A click on the bar sets the value where
/// clicked; a drag moves it by the distance dragged (a tenth as fast with
/// Shift held), so a small value is reachable on a wide range. The number
/// drags a thousandth of the range a point (Shift: finer still) and takes
/// typed values. What the widgets make stays within `r` (the ROP's `min`
/// and `max`); a value beyond it from the file is shown and kept until
/// changed. Returns whether the value changed.
pub fn fine_slider(
    ui: &mut Ui,
    salt: &str,
    v: &mut f64,
    r: std::ops::RangeInclusive<f64>,
    log: bool,
    integer: bool,
) -> bool {
    let (lo, hi) = (*r.start(), *r.end());
    let span = (hi - lo).max(1e-9);
    let to_norm = |x: f64| {
        if log {
            (x.max(lo) / lo).ln() / (hi / lo).ln()
        } else {
            (x - lo) / span
        }
    };
    let from_norm = |n: f64| {
        let n = n.clamp(0.0, 1.0);
        let x = if log {
            lo * (hi / lo).powf(n)
        } else {
            lo + n * span
        };
        if integer { x.round() } else { x }
    };
    let before = *v;
    let number_w = 64.0;
    let width = (ui.available_width() - number_w - ui.spacing().item_spacing.x).clamp(60.0, 420.0);
    let height = ui.spacing().interact_size.y;
    ui.horizontal(|ui| {
        let (rect, response) =
            ui.allocate_exact_size(egui::vec2(width, height), egui::Sense::click_and_drag());
        response.widget_info(|| {
            egui::WidgetInfo::labeled(egui::WidgetType::Slider, true, format!("{salt} bar"))
        });
        let response = response.on_hover_text(format!(
            "{lo} to {hi}: drag to change, Shift+drag for fine steps, click to set"
        ));
        let fine = if ui.input(|i| i.modifiers.shift) {
            0.1
        } else {
            1.0
        };
        if response.dragged() {
            // From where the button went down on the first frame (the
            // pointer moves a little before a drag is told from a click).
            let moved = match (
                response.drag_started(),
                ui.input(|i| i.pointer.press_origin()),
            ) {
                (true, Some(origin)) => response
                    .interact_pointer_pos()
                    .map_or(0.0, |p| p.x - origin.x),
                _ => response.drag_delta().x,
            };
            let dx = moved as f64 / width as f64;
            // Accumulated unrounded, so that slow drags of integers move.
            let id = response.id.with("exact");
            let exact: f64 = ui
                .data(|d| d.get_temp(id))
                .filter(|_| !response.drag_started())
                .unwrap_or_else(|| to_norm(*v));
            let next = (exact + dx * fine).clamp(0.0, 1.0);
            ui.data_mut(|d| d.insert_temp(id, next));
            *v = from_norm(next);
        } else if response.clicked()
            && let Some(p) = response.interact_pointer_pos()
        {
            *v = from_norm(((p.x - rect.left()) / rect.width()) as f64);
        }
        // The bar: the range, filled up to the value.
        let painter = ui.painter();
        let visuals = ui.style().interact(&response);
        let track = rect.shrink2(egui::vec2(0.0, rect.height() * 0.3));
        painter.rect_filled(track, 3.0, ui.visuals().extreme_bg_color);
        let n = to_norm(*v).clamp(0.0, 1.0) as f32;
        let filled = egui::Rect::from_min_max(
            track.min,
            egui::pos2(track.left() + track.width() * n, track.bottom()),
        );
        painter.rect_filled(filled, 3.0, ui.visuals().selection.bg_fill);
        painter.circle(
            egui::pos2(track.left() + track.width() * n, rect.center().y),
            rect.height() * 0.3,
            visuals.bg_fill,
            visuals.fg_stroke,
        );
        let speed = if integer {
            (span / 500.0).max(0.05)
        } else {
            span / 1000.0
        };
        let mut drag = egui::DragValue::new(v)
            .speed(speed)
            .range(lo..=hi)
            .clamp_existing_to_range(false);
        if integer {
            drag = drag.fixed_decimals(0);
        }
        ui.push_id(salt, |ui| ui.add_sized([number_w, height], drag));
    });
    *v != before
}

/// Whether a picker for a parameter of `style` offers the file `path`, by
/// its extension: one table for every file-valued style.
pub fn picks(style: ParamStyle, path: &str) -> bool {
    let ext = Path::new(path)
        .extension()
        .map(|x| x.to_string_lossy().to_lowercase())
        .unwrap_or_default();
    style
        .kind()
        .file
        .is_some_and(|f| f.extensions.contains(&ext.as_str()))
}

/// Files under `assets/` that some picker offers (see [`picks`]), paths
/// relative to the project, then the built-in assets.
pub fn list_assets(project_root: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let dir = project_root.join("assets");
    let mut stack = vec![dir.clone()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if ParamStyle::ALL
                .iter()
                .any(|s| picks(*s, &p.to_string_lossy()))
                && let Ok(rel) = p.strip_prefix(project_root)
            {
                out.push(rel.to_string_lossy().replace('\\', "/"));
            }
        }
    }
    // The built-in assets, for projects without their own.
    for f in crate::builtin::ASSETS.files() {
        let name = format!("assets/{}", f.path().to_string_lossy().replace('\\', "/"));
        if !out.contains(&name) {
            out.push(name);
        }
    }
    out.sort();
    out
}
