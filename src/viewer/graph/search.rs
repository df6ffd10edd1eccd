//! Finding a ROP by typing: the palette's search and the graph's type-to-add
//! box (Tab, typing over the graph, or a right click) rank the same way.

use super::*;

/// The ROPs matching `query`, best first: names that start with it, then
/// names that hold it, then the rest that match (category, description,
/// keywords, RayTK names); alphabetical within each.
pub fn ranked<'a>(lib: &'a Library, query: &str) -> Vec<&'a RopDef> {
    let needle = query.trim().to_lowercase();
    let mut found: Vec<(u8, &RopDef)> = lib
        .rops
        .values()
        .filter(|d| crate::catalog::matches(d, &needle))
        .map(|d| {
            let name = d.name.to_lowercase();
            let rank = if needle.is_empty() {
                1
            } else if name.starts_with(&needle) {
                0
            } else if name.contains(&needle) {
                1
            } else {
                2
            };
            (rank, d)
        })
        .collect();
    found.sort_by(|a, b| a.0.cmp(&b.0).then_with(|| a.1.name.cmp(&b.1.name)));
    found.into_iter().map(|(_, d)| d).collect()
}

/// The type-to-add box: where it opened and what has been typed.
#[derive(Clone, Debug)]
pub struct AddSearch {
    /// Screen position of its top-left corner.
    pub screen: Pos2,
    /// Where the new node goes, in graph space (under the pointer).
    pub at: Pos2,
    pub text: String,
    /// The match Enter takes (moved with the arrow keys).
    pub chosen: usize,
    /// Frames shown (focus is asked for on the first).
    frames: u32,
}

impl AddSearch {
    pub fn new(screen: Pos2, at: Pos2, text: String) -> AddSearch {
        AddSearch {
            screen,
            at,
            text,
            chosen: 0,
            frames: 0,
        }
    }
}

/// The id of the search box's text field (tests find it by it too).
pub const SEARCH_FIELD: &str = "ropkit-add-search";

/// What the box did this frame.
pub enum SearchOutcome {
    Open,
    Closed,
    Picked(String),
}

/// Shows the type-to-add box; Enter picks the chosen match (the first
/// unless the arrows moved), Escape or a click elsewhere closes it.
pub fn show_search(ctx: &egui::Context, lib: &Library, s: &mut AddSearch) -> SearchOutcome {
    let matches = ranked(lib, &s.text);
    let mut outcome = SearchOutcome::Open;
    let (down, up, enter, escape) = ctx.input(|i| {
        (
            i.key_pressed(egui::Key::ArrowDown),
            i.key_pressed(egui::Key::ArrowUp),
            i.key_pressed(egui::Key::Enter),
            i.key_pressed(egui::Key::Escape),
        )
    });
    if down {
        s.chosen = (s.chosen + 1).min(matches.len().saturating_sub(1));
    }
    if up {
        s.chosen = s.chosen.saturating_sub(1);
    }
    s.chosen = s.chosen.min(matches.len().saturating_sub(1));
    let area = egui::Area::new(egui::Id::new("ropkit-add-search-area"))
        .order(egui::Order::Foreground)
        .fixed_pos(s.screen)
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.set_width(240.0);
                ui.label(egui::RichText::new("Add a ROP").strong());
                let before = s.text.clone();
                let field = ui.add(
                    egui::TextEdit::singleline(&mut s.text)
                        .id(egui::Id::new(SEARCH_FIELD))
                        .hint_text("type a name…")
                        .desired_width(f32::INFINITY),
                );
                if s.frames == 0 {
                    field.request_focus();
                    // The letter that opened the box is typed already:
                    // the cursor goes after it.
                    let mut state = egui::TextEdit::load_state(ctx, field.id).unwrap_or_default();
                    let end = egui::text::CCursor::new(s.text.chars().count());
                    state
                        .cursor
                        .set_char_range(Some(egui::text::CCursorRange::one(end)));
                    state.store(ctx, field.id);
                }
                if s.text != before {
                    s.chosen = 0;
                }
                // Of one height whatever matches, so that the box holds
                // still where the window's edge pushes it up.
                egui::ScrollArea::vertical()
                    .max_height(260.0)
                    .min_scrolled_height(260.0)
                    .auto_shrink([false, false])
                    .id_salt("ropkit-add-search-list")
                    .show(ui, |ui| {
                        for (i, def) in matches.iter().enumerate().take(200) {
                            let text =
                                egui::RichText::new(format!("{}  ·  {}", def.name, def.category));
                            let r = ui
                                .selectable_label(i == s.chosen, text)
                                .on_hover_text(&def.description);
                            if i == s.chosen && (down || up) {
                                r.scroll_to_me(None);
                            }
                            if r.clicked() {
                                outcome = SearchOutcome::Picked(def.name.clone());
                            }
                        }
                        if matches.is_empty() {
                            ui.label(egui::RichText::new("no ROP matches").weak());
                        }
                    });
            });
        });
    s.frames += 1;
    if let SearchOutcome::Picked(_) = outcome {
        return outcome;
    }
    if enter && let Some(def) = matches.get(s.chosen) {
        return SearchOutcome::Picked(def.name.clone());
    }
    let clicked_outside = s.frames > 1
        && ctx.input(|i| i.pointer.any_pressed())
        && ctx
            .input(|i| i.pointer.interact_pos())
            .is_some_and(|p| !area.response.rect.contains(p));
    if escape || clicked_outside {
        return SearchOutcome::Closed;
    }
    outcome
}
