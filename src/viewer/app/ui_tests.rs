//! The window driven as a user drives it: egui_kittest (the release that
//! pairs with egui 0.36) runs whole frames of [`App`], and each test clicks,
//! drags, types and presses keys through the pointer and keyboard events a
//! platform sends, then checks what changed: the selection, the panel, the
//! network, the saved file, where a node landed.
//!
//! Widgets are found through AccessKit where egui labels them (menu items,
//! buttons, the parameter panel); the graph's nodes and sockets are found
//! where the editor last drew them (`Graph::screen_rect`,
//! `Graph::socket_pos`), because egui-snarl draws them in a transformed
//! layer whose boxes AccessKit does not carry.

use super::*;
use crate::project::Project;
use egui::{Event, Key, Modifiers, PointerButton, Pos2, vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use std::path::Path;

const NET: &str = "output: /render\nnodes:\n  /s: { rop: sphere, params: { Radius: 0.75 }, pos: [0, 0] }\n  /t: { rop: transform, params: { Translate: [0.5, 0, 0] }, inputs: [/s], pos: [300, 0] }\n  /render: { rop: raymarchRender3D, inputs: [/t], pos: [600, 0] }\n";

struct Win {
    h: Harness<'static, Option<App>>,
    file: PathBuf,
    _dir: tempfile::TempDir,
}

/// The app on `file` as `ropkit view FILE` opens it (a missing file too).
fn app_on(ctx: &egui::Context, file: &Path) -> App {
    let project = Project::checkout(Path::new(env!("CARGO_MANIFEST_DIR")));
    let lib = project.load_library();
    let (net, error) = crate::viewer::load_or_empty(&project, &lib, file);
    let doc = crate::viewer::document(project, lib, net, error.clone());
    let cc = eframe::CreationContext::_new_kittest(ctx.clone());
    App::new(
        &cc,
        doc,
        error.map(|e| e.to_string()),
        crate::viewer::ViewArgs::default(),
    )
}

/// A 1280x800 window on a network written from `text` (`None`: a file not
/// there yet).
fn window(text: Option<&str>) -> Win {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("net.yaml");
    if let Some(t) = text {
        std::fs::write(&file, t).unwrap();
    }
    let mut h = Harness::builder()
        .with_size(vec2(1280.0, 800.0))
        .build_ui_state(
            |ui, app: &mut Option<App>| {
                if let Some(app) = app {
                    let mut frame = eframe::Frame::_new_kittest();
                    eframe::App::ui(app, ui, &mut frame);
                }
            },
            None,
        );
    let app = app_on(&h.ctx, &file);
    *h.state_mut() = Some(app);
    let mut w = Win { h, file, _dir: dir };
    // The panels lay out, and the graph frames its nodes.
    w.steps(8);
    w
}

impl Win {
    fn app(&self) -> &App {
        self.h.state().as_ref().unwrap()
    }
    fn app_mut(&mut self) -> &mut App {
        self.h.state_mut().as_mut().unwrap()
    }
    fn steps(&mut self, n: usize) {
        for _ in 0..n {
            self.h.step();
        }
    }
    /// Runs the queued events, a frame each, then one more frame.
    fn run(&mut self) {
        self.h.step();
        self.h.step();
    }
    fn button(&self, pos: Pos2, button: PointerButton, pressed: bool, modifiers: Modifiers) {
        self.h.event(Event::PointerButton {
            pos,
            button,
            pressed,
            modifiers,
        });
    }
    fn click_with(&mut self, pos: Pos2, button: PointerButton, modifiers: Modifiers) {
        self.h.hover_at(pos);
        if modifiers != Modifiers::NONE {
            self.h.event(Event::ModifiersChanged(modifiers));
        }
        self.button(pos, button, true, modifiers);
        self.button(pos, button, false, modifiers);
        if modifiers != Modifiers::NONE {
            self.h.event(Event::ModifiersChanged(Modifiers::NONE));
        }
        self.run();
    }
    fn click(&mut self, pos: Pos2) {
        self.click_with(pos, PointerButton::Primary, Modifiers::NONE);
    }
    /// Presses at `from`, moves in steps to `to`, releases there.
    fn drag_with(&mut self, from: Pos2, to: Pos2, modifiers: Modifiers) {
        self.h.hover_at(from);
        if modifiers != Modifiers::NONE {
            self.h.event(Event::ModifiersChanged(modifiers));
        }
        self.button(from, PointerButton::Primary, true, modifiers);
        for i in 1..=10 {
            self.h.hover_at(from + (to - from) * (i as f32 / 10.0));
        }
        self.button(to, PointerButton::Primary, false, modifiers);
        if modifiers != Modifiers::NONE {
            self.h.event(Event::ModifiersChanged(Modifiers::NONE));
        }
        self.run();
    }
    fn drag(&mut self, from: Pos2, to: Pos2) {
        self.drag_with(from, to, Modifiers::NONE);
    }
    fn key(&mut self, key: Key, modifiers: Modifiers) {
        self.h.key_press_modifiers(modifiers, key);
        self.run();
    }
    fn typed(&mut self, text: &str) {
        self.h.event(Event::Text(text.into()));
        self.run();
    }
    /// A point on node `path`'s title, on the screen.
    fn title(&self, path: &str) -> Pos2 {
        let g = &self.app().graph;
        let r = g
            .screen_rect(path)
            .unwrap_or_else(|| panic!("{path} is not drawn"));
        r.min + vec2(60.0, 12.0) * g.to_global.scaling
    }
    /// A point of the graph no node covers, near `near` if given.
    fn empty_spot(&self) -> Pos2 {
        let g = &self.app().graph;
        let screen = g.screen.shrink(30.0);
        let covered = |p: Pos2| {
            self.app()
                .doc
                .net
                .nodes
                .keys()
                .any(|n| g.screen_rect(n).is_some_and(|r| r.expand(20.0).contains(p)))
        };
        for fy in [0.85, 0.7, 0.15, 0.5, 0.3] {
            for fx in [0.5, 0.2, 0.8, 0.35, 0.65] {
                let p = screen.lerp_inside(vec2(fx, fy));
                if !covered(p) {
                    return p;
                }
            }
        }
        panic!("no empty spot in the graph")
    }
    fn net(&self) -> &Network {
        &self.app().doc.net
    }
    fn selection(&self) -> Vec<String> {
        self.app().graph.selection.clone()
    }
    /// Frames until `done` holds, for at most `limit` (the preview worker
    /// answers on its own thread).
    fn until(&mut self, limit: Duration, done: impl Fn(&App) -> bool) -> bool {
        let end = Instant::now() + limit;
        while Instant::now() < end {
            self.h.step();
            if done(self.app()) {
                return true;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        false
    }
    fn has_label(&self, label: &str) -> bool {
        self.h.query_all_by_label(label).next().is_some()
    }
    /// Clicks the button labelled `label` (or, with none, the widget; or
    /// one whose label starts so, for menu items with their shortcut).
    fn click_label(&mut self, label: &str) {
        let button = self
            .h
            .query_all_by_role_and_label(egui::accesskit::Role::Button, label)
            .next()
            .map(|n| n.rect());
        let pos = button
            .or_else(|| self.h.query_all_by_label(label).next().map(|n| n.rect()))
            .or_else(|| {
                self.h
                    .query_all_by_label_contains(label)
                    .next()
                    .map(|n| n.rect())
            })
            .unwrap_or_else(|| panic!("no widget labelled {label:?}"))
            .center();
        self.click(pos);
    }
}

fn ctrl() -> Modifiers {
    Modifiers::COMMAND
}

#[test]
fn a_plain_click_selects_a_node_and_the_panel_shows_it() {
    let mut w = window(Some(NET));
    let t = w.title("/t");
    w.click(t);
    assert_eq!(w.selection(), ["/t"], "a plain click selects");
    assert!(w.has_label("/t"), "the panel's heading names the node");
    assert!(w.has_label("Translate"), "and shows its parameters");
    // Another click moves the selection; Shift+click adds.
    let r = w.title("/render");
    w.click(r);
    assert_eq!(w.selection(), ["/render"]);
    let s = w.title("/s");
    w.click_with(s, PointerButton::Primary, Modifiers::SHIFT);
    assert_eq!(w.selection(), ["/render", "/s"]);
    assert!(w.has_label("Radius"), "the panel shows the last picked");
    // A click on empty space clears.
    let empty = w.empty_spot();
    w.click(empty);
    assert!(w.selection().is_empty());
    assert!(w.has_label("Select a node to see its parameters."));
}

#[test]
fn dragging_a_node_by_its_title_moves_it_and_undo_puts_it_back() {
    let mut w = window(Some(NET));
    let before = w.app().graph.node_pos("/t").unwrap();
    let from = w.title("/t");
    let to = from + vec2(90.0, 70.0);
    w.drag(from, to);
    let scale = w.app().graph.to_global.scaling;
    let after = w.app().graph.node_pos("/t").unwrap();
    let moved = (after - before) * scale;
    assert!(
        (moved - vec2(90.0, 70.0)).length() < 2.0,
        "the node followed the pointer: moved {moved:?} on the screen"
    );
    // The title under the pointer where it was let go.
    let rect = w.app().graph.screen_rect("/t").unwrap();
    assert!(rect.contains(to), "{rect:?} does not hold {to:?}");
    assert_eq!(w.net().nodes["/t"].pos, Some([after.x, after.y]));
    assert!(w.app().dirty);
    assert_eq!(w.selection(), ["/t"], "the node dragged is selected");
    // One undo step puts it back.
    w.key(Key::Z, ctrl());
    let back = w.app().graph.node_pos("/t").unwrap();
    assert!((back - before).length() < 0.5, "{back:?} vs {before:?}");
    assert_eq!(w.net().nodes["/t"].pos, Some([before.x, before.y]));
}

#[test]
fn dragging_one_of_a_selection_moves_all_of_it() {
    let mut w = window(Some(NET));
    let (s, t) = (w.title("/s"), w.title("/t"));
    w.click(s);
    w.click_with(t, PointerButton::Primary, Modifiers::SHIFT);
    assert_eq!(w.selection(), ["/s", "/t"]);
    let before: Vec<Pos2> = ["/s", "/t", "/render"]
        .iter()
        .map(|p| w.app().graph.node_pos(p).unwrap())
        .collect();
    let from = w.title("/s");
    w.drag(from, from + vec2(0.0, 80.0));
    let scale = w.app().graph.to_global.scaling;
    let after: Vec<Pos2> = ["/s", "/t", "/render"]
        .iter()
        .map(|p| w.app().graph.node_pos(p).unwrap())
        .collect();
    for i in 0..2 {
        let d = (after[i] - before[i]) * scale;
        assert!((d - vec2(0.0, 80.0)).length() < 2.0, "node {i} moved {d:?}");
    }
    assert_eq!(after[2], before[2], "the node not selected stays");
}

#[test]
fn tab_opens_a_focused_search_that_adds_at_the_pointer_wired_after_the_selection() {
    let mut w = window(Some(NET));
    let s = w.title("/s");
    w.click(s);
    let spot = w.empty_spot();
    w.h.hover_at(spot);
    w.run();
    w.key(Key::Tab, Modifiers::NONE);
    assert!(w.app().graph.search.is_some(), "Tab opens the search");
    // The field has the keys: typing goes straight in.
    w.typed("transf");
    assert_eq!(w.app().graph.search.as_ref().unwrap().text, "transf");
    let at = w.app().graph.to_graph(spot);
    w.key(Key::Enter, Modifiers::NONE);
    assert!(w.app().graph.search.is_none());
    let added = &w.net().nodes["/transform1"];
    assert_eq!(added.rop, "transform", "Enter takes the first match");
    let pos = added.pos.unwrap();
    assert!(
        (pos[0] - at.x).abs() < 1.0 && (pos[1] - at.y).abs() < 1.0,
        "the node lands at the pointer: {pos:?} vs {at:?}"
    );
    assert_eq!(added.input(0), Some("/s"), "wired after the selected node");
    assert_eq!(
        w.selection(),
        ["/transform1"],
        "only the new node is selected"
    );
    // Undo takes the whole addition back.
    w.key(Key::Z, ctrl());
    assert!(!w.net().nodes.contains_key("/transform1"));
}

#[test]
fn typing_over_the_graph_opens_the_search_with_what_was_typed() {
    let mut w = window(Some(NET));
    let spot = w.empty_spot();
    w.h.hover_at(spot);
    w.run();
    w.typed("t");
    let search = w
        .app()
        .graph
        .search
        .as_ref()
        .expect("typing opens the search");
    assert_eq!(search.text, "t");
    w.typed("orus");
    assert_eq!(w.app().graph.search.as_ref().unwrap().text, "torus");
    w.key(Key::Enter, Modifiers::NONE);
    assert_eq!(w.net().nodes["/torus1"].rop, "torus");
    // No node was selected: nothing is wired into a torus (it takes none).
    assert!(w.net().nodes["/torus1"].inputs.is_empty());
}

#[test]
fn a_right_click_on_empty_space_adds_a_node_where_it_was_clicked() {
    let mut w = window(Some(NET));
    let spot = w.empty_spot();
    w.click_with(spot, PointerButton::Secondary, Modifiers::NONE);
    let search = w.app().graph.search.as_ref().expect("the add box opens");
    assert_eq!(search.screen, spot, "at the click");
    let at = w.app().graph.to_graph(spot);
    // Clicking into its field keeps it open (a menu would close), once
    // it has settled where the window's edge leaves room for it.
    w.steps(3);
    let field =
        w.h.ctx
            .read_response(egui::Id::new(crate::viewer::graph::search::SEARCH_FIELD))
            .expect("the search field is drawn")
            .rect
            .center();
    w.click(field);
    assert!(
        w.app().graph.search.is_some(),
        "clicking the field keeps the box"
    );
    w.typed("box");
    w.key(Key::Enter, Modifiers::NONE);
    let pos = w.net().nodes["/box1"].pos.unwrap();
    assert!(
        (pos[0] - at.x).abs() < 1.0 && (pos[1] - at.y).abs() < 1.0,
        "{pos:?} vs the click at {at:?}"
    );
    // The new node's title is under the place clicked.
    let rect = w.app().graph.screen_rect("/box1").unwrap();
    assert!(rect.contains(spot + vec2(2.0, 2.0)), "{rect:?} vs {spot:?}");
}

#[test]
fn rename_from_the_node_menu_can_be_typed_into() {
    let mut w = window(Some(NET));
    let s = w.title("/s");
    w.click_with(s, PointerButton::Secondary, Modifiers::NONE);
    w.click_label("Rename…");
    assert!(w.app().graph.renaming(), "the rename box is open");
    for _ in 0..4 {
        w.key(Key::Backspace, Modifiers::NONE);
    }
    w.typed("/ball");
    assert!(w.app().graph.renaming(), "typing keeps it open");
    w.key(Key::Enter, Modifiers::NONE);
    assert!(w.net().nodes.contains_key("/ball"), "{:?}", w.app().log);
    assert!(!w.net().nodes.contains_key("/s"));
    assert_eq!(w.net().nodes["/t"].input(0), Some("/ball"), "users rewired");
    assert_eq!(w.selection(), ["/ball"]);
}

#[test]
fn the_palette_search_shows_matches_and_enter_adds_the_first() {
    let mut w = window(Some(NET));
    // torus sits in the sdf category, collapsed by default (many ROPs).
    assert!(!w.has_label("torus"));
    let field =
        w.h.ctx
            .read_response(egui::Id::new("ropkit-palette-search"))
            .unwrap()
            .rect
            .center();
    w.click(field);
    w.typed("toru");
    assert!(
        w.has_label("torus"),
        "the match is shown, its category opened"
    );
    let nodes = w.net().nodes.len();
    w.key(Key::Enter, Modifiers::NONE);
    assert_eq!(w.net().nodes.len(), nodes + 1);
    assert_eq!(w.net().nodes["/torus1"].rop, "torus");
    assert_eq!(w.selection(), ["/torus1"]);
}

#[test]
fn a_new_file_opens_as_a_new_network_and_ctrl_s_creates_it() {
    let mut w = window(None);
    assert!(!w.file.exists());
    assert!(!w.app().load_failed);
    assert_eq!(w.net().output, "/render");
    w.key(Key::S, ctrl());
    let saved = Network::load(&w.file, &w.app().doc.lib).expect("saved, and it loads");
    assert_eq!(saved.nodes["/render"].input(0), Some("/sphere1"));
    assert!(!w.app().dirty && !w.app().new_file);
    // Save as, through the typed dialog (where no portal answers).
    let other = w.file.with_file_name("copy.yaml");
    w.app_mut().save_as = Some(other.display().to_string());
    w.run();
    w.click_label("Save");
    assert!(other.exists(), "{:?}", w.app().log);
    assert_eq!(w.net().file, other);
}

#[test]
fn opening_over_unsaved_edits_asks_and_cancel_keeps_them() {
    let mut w = window(Some(NET));
    let other = w.file.with_file_name("other.yaml");
    std::fs::write(&other, NET.replace("0.75", "0.25")).unwrap();
    w.app_mut()
        .set_param("/s", "Radius", ParamValue::Float(2.0));
    assert!(w.app().dirty);
    w.app_mut().open_path = Some(other.display().to_string());
    w.run();
    w.click_label("Open");
    assert!(w.has_label("Unsaved changes"), "a dialog asks");
    w.click_label("Cancel");
    assert_eq!(w.net().file, w.file, "still the same network");
    assert!(w.app().dirty);
    assert_eq!(
        w.net()
            .param_value(&w.app().doc.lib, "/s", "Radius")
            .unwrap(),
        ParamValue::Float(2.0)
    );
    // Again, and discard.
    w.app_mut().open_path = Some(other.display().to_string());
    w.run();
    w.click_label("Open");
    w.click_label("Discard");
    assert_eq!(w.net().file, other);
    assert_eq!(
        w.net()
            .param_value(&w.app().doc.lib, "/s", "Radius")
            .unwrap(),
        ParamValue::Float(0.25)
    );
    // And save: the edits reach the file before the other opens.
    w.app_mut()
        .set_param("/s", "Radius", ParamValue::Float(3.0));
    w.app_mut().open_path = Some(w.file.display().to_string());
    w.run();
    w.click_label("Open");
    w.click_label("Save");
    assert!(
        std::fs::read_to_string(&other)
            .unwrap()
            .contains("Radius: 3")
    );
    assert!(w.net().file == w.file);
}

#[test]
fn delete_removes_the_selection_but_not_the_output() {
    let mut w = window(Some(NET));
    let (s, r) = (w.title("/s"), w.title("/render"));
    w.click(s);
    w.click_with(r, PointerButton::Primary, Modifiers::SHIFT);
    w.key(Key::Delete, Modifiers::NONE);
    assert!(!w.net().nodes.contains_key("/s"));
    assert!(w.net().nodes.contains_key("/render"), "the output stays");
    assert!(w.app().log.iter().any(|l| l.contains("delete /render")));
    assert_eq!(w.net().nodes["/t"].inputs, Vec::<Option<String>>::new());
    w.key(Key::Z, ctrl());
    assert!(w.net().nodes.contains_key("/s"), "one undo brings it back");
}

#[test]
fn copy_and_paste_carry_nodes_between_networks_and_ctrl_d_duplicates() {
    let mut a = window(Some(NET));
    let (s, t) = (a.title("/s"), a.title("/t"));
    a.click(s);
    a.click_with(t, PointerButton::Primary, Modifiers::SHIFT);
    a.h.event(Event::Copy);
    a.h.step();
    let copied =
        a.h.output()
            .platform_output
            .commands
            .iter()
            .find_map(|c| match c {
                egui::OutputCommand::CopyText(t) => Some(t.clone()),
                _ => None,
            })
            .expect("Ctrl+C puts text on the clipboard");
    // Network YAML, which loads as a piece of a network.
    let lib = a.app().doc.lib.clone();
    let piece = Network::parse_fragment(&copied, Path::new("clip"), &lib).unwrap();
    assert_eq!(piece.nodes.len(), 2);
    assert_eq!(piece.nodes["/t"].input(0), Some("/s"));
    // Into another window, at the pointer.
    let mut b = window(Some(
        "output: /render\nnodes:\n  /s: { rop: box, pos: [0, 0] }\n  /render: { rop: raymarchRender3D, inputs: [/s], pos: [300, 0] }\n",
    ));
    let spot = b.empty_spot();
    b.h.hover_at(spot);
    b.run();
    b.h.event(Event::Paste(copied));
    b.run();
    let net = b.net();
    assert_eq!(net.nodes["/s"].rop, "box", "the node there stays");
    assert_eq!(
        net.nodes["/s1"].rop, "sphere",
        "the copy takes a fresh path"
    );
    assert_eq!(
        net.nodes["/t"].input(0),
        Some("/s1"),
        "wired among themselves"
    );
    assert_eq!(
        net.param_value(&lib, "/s1", "Radius").unwrap(),
        ParamValue::Float(0.75)
    );
    let at = b.app().graph.to_graph(spot);
    let pos = net.nodes["/s1"].pos.unwrap();
    assert!((pos[0] - at.x).abs() < 1.0 && (pos[1] - at.y).abs() < 1.0);
    assert_eq!(b.selection(), ["/s1", "/t"]);
    // Ctrl+D in the first window: copies beside the originals.
    a.key(Key::D, ctrl());
    let net = a.net();
    assert_eq!(net.nodes["/s1"].rop, "sphere");
    assert_eq!(net.nodes["/t1"].input(0), Some("/s1"));
    let (p0, p1) = (net.nodes["/s"].pos.unwrap(), net.nodes["/s1"].pos.unwrap());
    assert_eq!([p1[0] - p0[0], p1[1] - p0[1]], [40.0, 40.0]);
    assert_eq!(a.selection(), ["/s1", "/t1"]);
}

#[test]
fn bypass_from_the_node_menu_passes_the_first_input_through_and_is_saved() {
    let mut w = window(Some(NET));
    let t = w.title("/t");
    w.click_with(t, PointerButton::Secondary, Modifiers::NONE);
    w.click_label("Bypass");
    assert!(w.net().nodes["/t"].bypass);
    assert!(
        w.h.query_all_by_label_contains("(bypassed)")
            .next()
            .is_some(),
        "the node says so"
    );
    w.key(Key::S, ctrl());
    let text = std::fs::read_to_string(&w.file).unwrap();
    assert!(text.contains("bypass: true"), "{text}");
    let lib = w.app().doc.lib.clone();
    let loaded = Network::load(&w.file, &lib).unwrap();
    assert!(loaded.nodes["/t"].bypass);
    // What is drawn: the same shader as the network without the node.
    let mut without = loaded.clone();
    without.nodes.remove("/t");
    without.nodes.get_mut("/render").unwrap().inputs = vec![Some("/s".into())];
    let glsl = |n: &Network| {
        crate::build::build(&lib, n, &crate::generate::Mode::Render.into())
            .unwrap()
            .shader
            .glsl
    };
    assert_eq!(glsl(&loaded), glsl(&without));
    // Off again.
    let t = w.title("/t");
    w.click_with(t, PointerButton::Secondary, Modifiers::NONE);
    w.click_label("Bypass off");
    assert!(!w.net().nodes["/t"].bypass);
}

#[test]
fn a_wire_drag_marks_the_sockets_and_a_refusal_goes_to_the_log() {
    let mut w = window(Some(NET));
    let from = w.app().graph.socket_pos("/s", None).unwrap();
    let camera = w.app().graph.socket_pos("/render", Some(1)).unwrap();
    // Press on the output and move: the sockets are marked.
    w.h.hover_at(from);
    w.button(from, PointerButton::Primary, true, Modifiers::NONE);
    for i in 1..=10 {
        w.h.hover_at(from + (camera - from) * (i as f32 / 10.0));
    }
    w.run();
    let g = &w.app().graph;
    assert_eq!(
        g.wire_from,
        Some(crate::viewer::graph::WireFrom::Output("/s".into()))
    );
    assert_eq!(
        g.marks.get(&("/render".into(), 0)),
        Some(&true),
        "Scene takes an Sdf"
    );
    assert_eq!(
        g.marks.get(&("/render".into(), 1)),
        Some(&false),
        "Camera does not"
    );
    assert_eq!(g.marks.get(&("/t".into(), 0)), Some(&true));
    // Let go on the camera socket: refused, and said in the log.
    w.button(camera, PointerButton::Primary, false, Modifiers::NONE);
    w.run();
    assert!(
        w.app().log.iter().any(|l| l.starts_with("not connected:")),
        "{:?}",
        w.app().log
    );
    assert!(w.net().nodes["/render"].input(1).is_none());
    assert!(w.app().graph.marks.is_empty(), "marks end with the drag");
}

#[test]
fn the_help_menu_lists_the_shortcuts_and_ctrl_n_starts_a_new_network() {
    let mut w = window(Some(NET));
    w.click_label("Help");
    w.click_label("Keyboard shortcuts");
    assert!(w.app().help);
    assert!(w.has_label("Ctrl+C / Ctrl+X / Ctrl+V"));
    assert!(w.has_label("delete the selection"));
    w.key(Key::N, ctrl());
    assert!(
        w.net().file.ends_with("untitled.yaml"),
        "{:?}",
        w.net().file
    );
    assert_eq!(w.net().nodes.len(), 2);
    assert!(w.app().new_file);
}

#[test]
fn typed_and_dragged_values_stay_in_range_and_shift_drags_finely() {
    let mut w = window(Some(NET));
    let s = w.title("/s");
    w.click(s);
    let lib = w.app().doc.lib.clone();
    let radius = |w: &Win| match w.net().param_value(&lib, "/s", "Radius").unwrap() {
        ParamValue::Float(f) => f,
        v => panic!("{v:?}"),
    };
    // The bar: a drag moves the value by the distance dragged.
    let bar = w.h.get_by_label("Radius bar").rect();
    let from = bar.center();
    w.drag(from, from + vec2(40.0, 0.0));
    let coarse = radius(&w) - 0.75;
    let expected = 40.0 / bar.width() as f64 * 10.0;
    assert!((coarse - expected).abs() < 0.02, "{coarse} vs {expected}");
    // With Shift, a tenth of that.
    let before = radius(&w);
    let from = w.h.get_by_label("Radius bar").rect().center();
    w.drag_with(from, from + vec2(40.0, 0.0), Modifiers::SHIFT);
    let fine = radius(&w) - before;
    assert!(
        (fine - expected / 10.0).abs() < 0.01,
        "{fine} vs {}",
        expected / 10.0
    );
    // A value typed past the ROP's range (Radius: 0 to 10) is brought back.
    let number = w.h.get_by_label("Radius bar").rect().right_center() + vec2(40.0, 0.0);
    w.click(number);
    w.key(Key::A, ctrl());
    w.typed("-5");
    w.key(Key::Enter, Modifiers::NONE);
    assert_eq!(radius(&w), 0.0, "{:?}", w.app().log);
}

#[test]
fn the_time_bar_plays_pauses_and_scrubs() {
    let mut w = window(Some(NET));
    assert_eq!(w.app().preview.time(), 0.0);
    w.click_label("▶");
    assert!(w.app().preview.playing);
    w.click_label("⏸");
    assert!(!w.app().preview.playing);
    let paused = w.app().preview.time();
    w.steps(3);
    assert_eq!(w.app().preview.time(), paused, "paused time holds");
    // Scrub: the slider's middle is the middle of the loop.
    let slider =
        w.h.get_by_role_and_label(egui::accesskit::Role::Slider, "time")
            .rect();
    w.click(slider.center());
    let t = w.app().preview.time();
    assert!((t - 5.0).abs() < 0.5, "scrubbed to {t}");
    assert!(w.has_label(&format!("{t:6.2} s")), "the readout shows it");
}

#[test]
fn the_preview_keeps_the_frame_s_aspect_and_the_panels_keep_their_sizes() {
    let mut w = window(Some(NET));
    for size in [[1024, 1024], [1280, 720]] {
        w.app_mut().frame_size = size;
        w.steps(2);
        let r = w.app().preview.picture_rect;
        let want = size[0] as f32 / size[1] as f32;
        assert!(
            (r.width() / r.height() - want).abs() < 0.02,
            "{r:?} for {size:?}"
        );
    }
    // The splitter between the preview and the parameters.
    let panel = |w: &Win, id: &str| {
        egui::containers::panel::PanelState::load(&w.h.ctx, egui::Id::new(id))
            .unwrap()
            .outer_rect
    };
    let params = panel(&w, "params");
    let edge = Pos2::new(params.center().x, params.top());
    w.drag(edge, edge - vec2(0.0, 120.0));
    let taller = panel(&w, "params");
    assert!(
        (taller.height() - params.height() - 120.0).abs() < 3.0,
        "{params:?} -> {taller:?}"
    );
    // The bottom tabs keep their size while errors come and go.
    let tabs = panel(&w, "tabs").height();
    w.app_mut().doc.error = Some(crate::document::LiveError::Network(
        crate::network::NetworkError::new(
            &w.file,
            1,
            None,
            (0..40).map(|i| format!("line {i}\n")).collect(),
        ),
    ));
    w.app_mut().tab = Tab::Errors;
    w.steps(3);
    assert_eq!(panel(&w, "tabs").height(), tabs);
}

#[test]
fn every_preset_opens_without_overlapping_nodes() {
    // As drawn: each preset opened in one window, its nodes' boxes where
    // the editor put them.
    let mut w = window(Some(NET));
    let mut crowded = Vec::new();
    for name in crate::builtin::preset_names() {
        let (file, _) = crate::builtin::preset(Path::new(&name)).unwrap();
        w.app_mut().open(file);
        w.steps(4);
        let g = &w.app().graph;
        let rects: Vec<(String, egui::Rect)> = w
            .net()
            .nodes
            .keys()
            .map(|p| (p.clone(), g.screen_rect(p).unwrap()))
            .collect();
        for (i, (a, ra)) in rects.iter().enumerate() {
            for (b, rb) in &rects[i + 1..] {
                if ra.shrink(1.0).intersects(rb.shrink(1.0)) {
                    crowded.push(format!("{name}: {a} overlaps {b}"));
                }
            }
        }
    }
    assert!(crowded.is_empty(), "{crowded:#?}");
}

#[test]
fn the_output_category_label_reads_on_the_panel() {
    // Contrast against the dark panel (egui's dark window fill, 27): a
    // luma of at least 110 out of 255, as the lightest categories have.
    let luma =
        |c: egui::Color32| 0.299 * c.r() as f32 + 0.587 * c.g() as f32 + 0.114 * c.b() as f32;
    for cat in ["output", "camera", "sdf", "field"] {
        let l = luma(crate::viewer::graph::category_label_color(cat));
        assert!(l >= 100.0, "{cat}: luma {l}");
    }
}

/// Whether a GPU adapter is here for the preview worker (see tests.rs).
fn gpu(test: &str) -> bool {
    match crate::render::Gpu::headless() {
        Ok(_) => true,
        Err(e) if std::env::var("ROPKIT_SKIP_GPU").is_ok_and(|v| v == "1") => {
            eprintln!("SKIPPED {test}: {e}");
            false
        }
        Err(e) => panic!("{test}: {e}"),
    }
}

#[test]
fn an_empty_required_input_is_named_and_the_picture_marked_stale() {
    if !gpu("an_empty_required_input_is_named_and_the_picture_marked_stale") {
        return;
    }
    let mut w = window(Some(NET));
    assert!(
        w.until(Duration::from_secs(300), |a| a.preview.full_pictures >= 1),
        "no first picture: {:?}",
        w.app().log
    );
    assert!(w.app().stale_reason().is_none());
    // Right-click the renderer's Scene socket: its wire goes.
    let scene = w.app().graph.socket_pos("/render", Some(0)).unwrap();
    w.click_with(scene, PointerButton::Secondary, Modifiers::NONE);
    assert!(w.net().nodes["/render"].input(0).is_none());
    assert!(
        w.until(Duration::from_secs(120), |a| a.doc.error.is_some()),
        "{:?}",
        w.app().log
    );
    let error = w.app().doc.error.as_ref().unwrap().to_string();
    assert!(
        error.contains("input Scene of /render is not connected"),
        "{error}"
    );
    assert!(!error.contains("inputOp"), "no GLSL error: {error}");
    let stale = w.app().stale_reason().expect("the picture is marked stale");
    assert!(stale.contains("not up to date"), "{stale}");
}

#[test]
fn viewing_a_node_draws_it_without_changing_the_network() {
    if !gpu("viewing_a_node_draws_it_without_changing_the_network") {
        return;
    }
    let mut w = window(Some(NET));
    assert!(w.until(Duration::from_secs(300), |a| a.doc.built.is_some()));
    let before = w.net().clone();
    let s = w.title("/s");
    w.click_with(s, PointerButton::Secondary, Modifiers::NONE);
    w.click_label("View this node");
    assert_eq!(w.app().graph.viewing.as_deref(), Some("/s"));
    let drawn = |a: &App| {
        a.doc
            .built
            .as_ref()
            .is_some_and(|b| b.shader.glsl.contains("node /view1 (raymarchRender3D)"))
    };
    assert!(
        w.until(Duration::from_secs(300), drawn),
        "{:?} {:?}",
        w.app().doc.error,
        w.app().log
    );
    let glsl = w.app().doc.built.as_ref().unwrap().shader.glsl.clone();
    assert!(
        !glsl.contains("node /t "),
        "the transform after /s is not drawn"
    );
    assert_eq!(w.net(), &before, "the network is unchanged");
    assert!(!w.app().dirty);
    // Back to the output.
    w.click_label("view the output");
    assert!(w.app().graph.viewing.is_none());
    assert!(w.until(Duration::from_secs(300), |a| {
        a.doc
            .built
            .as_ref()
            .is_some_and(|b| b.shader.glsl.contains("node /t (transform)"))
    }));
}
