//! Where nodes go when the file gives no position: layers, wrapped into
//! bands and columns so that hundreds of nodes fit a window.

use super::*;

/// The height a node needs (header plus its input rows).
pub(super) fn node_height(net: &Network, lib: &Library, path: &str) -> f32 {
    let pins = net
        .nodes
        .get(path)
        .and_then(|n| n.def(lib).map(|d| pin_count(d, n.inputs.len())))
        .unwrap_or(1)
        .max(1);
    (34.0 + 20.0 * pins as f32).min(NODE_H * 3.0)
}

/// Places for every node, in layers: a node's layer is its longest distance
/// from the output, layers run left to right (inputs left of their users),
/// and within a layer nodes follow the order of their users, which keeps
/// wires short. Many layers (a long chain) wrap into bands stacked top to
/// bottom, like lines of text, so that hundreds of nodes stay readable at a
/// sane zoom; no two nodes overlap.
pub fn auto_layout(net: &Network, lib: &Library) -> HashMap<String, Pos2> {
    // Longest distance from the output, in one pass over a topological
    // order (outputs before their inputs).
    let order = net.reachable_order();
    let mut depth: HashMap<&str, usize> = HashMap::new();
    depth.insert(net.output.as_str(), 0);
    for path in order.iter().rev() {
        let Some(&d) = depth.get(path.as_str()) else {
            continue;
        };
        for src in net.nodes[path].inputs.iter().flatten() {
            if net.nodes.contains_key(src) {
                let e = depth.entry(src.as_str()).or_insert(0);
                *e = (*e).max(d + 1);
            }
        }
    }
    let max = depth.values().copied().max().unwrap_or(0);
    // Layers left to right; nodes the output does not reach form a layer of
    // their own at the far left.
    let mut layers: Vec<Vec<&str>> = vec![Vec::new(); max + 2];
    for path in net.nodes.keys() {
        let layer = depth.get(path.as_str()).map_or(0, |d| max - d + 1);
        layers[layer].push(path);
    }
    layers.retain(|l| !l.is_empty());
    // Order within a layer by the place of the first user, right to left.
    // Each node's users, found once (a search per node would make the
    // layout quadratic in the network's size).
    let mut users: HashMap<&str, Vec<&str>> = HashMap::new();
    for (user, n) in &net.nodes {
        for src in n.inputs.iter().flatten() {
            users.entry(src.as_str()).or_default().push(user.as_str());
        }
    }
    let mut rank: HashMap<&str, f32> = HashMap::new();
    for layer in layers.iter_mut().rev() {
        let key = |p: &str| -> f32 {
            users
                .get(p)
                .into_iter()
                .flatten()
                .filter_map(|user| rank.get(user).copied())
                .fold(f32::INFINITY, f32::min)
        };
        let mut keyed: Vec<(f32, &str)> = layer.iter().map(|p| (key(p), *p)).collect();
        keyed.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(b.1)));
        *layer = keyed.iter().map(|(_, p)| *p).collect();
        for (i, p) in layer.iter().enumerate() {
            rank.insert(p, i as f32);
        }
    }
    // A layer of many nodes (a tree's leaves) splits into columns of at
    // most `rows` nodes; then the columns wrap into bands stacked top to
    // bottom, about as many per band as makes the whole wider than tall
    // (graph views are), so that hundreds of nodes stay readable.
    let rows = ((net.nodes.len() as f32 * NODE_W / NODE_H / 2.0)
        .sqrt()
        .ceil() as usize)
        .max(4);
    let columns: Vec<&[&str]> = layers.iter().flat_map(|l| l.chunks(rows)).collect();
    let column_heights: Vec<f32> = columns
        .iter()
        .map(|c| c.iter().map(|p| node_height(net, lib, p) + GAP_Y).sum())
        .collect();
    // Columns per band: the count whose whole fits a square graph panel
    // (the window's middle, between the palette and the preview, is about
    // as wide as it is tall) at the largest zoom, up to full size. Trying every count costs a
    // pass over the columns each, nothing beside the drawing.
    let extent = |per_band: usize| -> (f32, f32) {
        let width = per_band.min(columns.len()) as f32 * (NODE_W + GAP_X);
        let height: f32 = column_heights
            .chunks(per_band)
            .map(|band| band.iter().copied().fold(0.0, f32::max) + GAP_Y * 2.0)
            .sum();
        (width, height)
    };
    let per_band = (1..=columns.len().max(1))
        .max_by(|&a, &b| {
            let zoom = |n: usize| {
                let (w, h) = extent(n);
                // Past full size, a larger zoom gains nothing; then
                // fewer wraps (more columns a band) win.
                (1000.0 / w).min(1000.0 / h).min(1.0)
            };
            zoom(a).total_cmp(&zoom(b)).then(a.cmp(&b))
        })
        .unwrap_or(1);
    let mut out = HashMap::new();
    let mut band_top = 0.0;
    for band in columns.chunks(per_band) {
        let mut band_height: f32 = 0.0;
        for (col, column) in band.iter().enumerate() {
            let x = col as f32 * (NODE_W + GAP_X);
            let mut y = band_top;
            for p in column.iter() {
                out.insert(p.to_string(), Pos2::new(x, y));
                y += node_height(net, lib, p) + GAP_Y;
            }
            band_height = band_height.max(y - band_top);
        }
        band_top += band_height + GAP_Y * 2.0;
    }
    out
}

/// Number of input pins shown: the ROP's own inputs and the parameter
/// sockets up to the last one connected (every socket shows on the selected
/// node: see `pin_count_selected`), or for a variadic ROP one more than
/// those connected. A node with a dozen parameters would otherwise be a
/// dozen pins tall, and presets and big graphs would overlap.
pub(super) fn pin_count(def: &RopDef, connected: usize) -> usize {
    if def.variadic {
        (connected + 1).clamp(def.inputs.len(), def.max_inputs())
    } else {
        def.own_inputs().max(connected).min(def.inputs.len())
    }
}

/// [`pin_count`] for the selected node: every parameter socket shows, so a
/// field can be wired to any parameter.
pub(super) fn pin_count_selected(def: &RopDef, connected: usize) -> usize {
    if def.variadic {
        pin_count(def, connected)
    } else {
        def.inputs.len()
    }
}

#[cfg(test)]
#[cfg(test)]
mod tests {
    use super::*;
    use crate::project::Project;
    use std::path::Path;

    fn library() -> Library {
        Project::checkout(Path::new(env!("CARGO_MANIFEST_DIR"))).load_library()
    }

    /// A sphere under `n` transforms, with a camera, a light and the renderer.
    fn chain(n: usize) -> String {
        let mut s = String::from("output: /render\nnodes:\n  /n0: { rop: sphere }\n");
        for i in 1..=n {
            s += &format!("  /n{i}: {{ rop: transform, inputs: [/n{}] }}\n", i - 1);
        }
        s + &format!(
            "  /cam: {{ rop: lookAtCamera }}\n  /light: {{ rop: pointLight }}\n  /render: {{ rop: raymarchRender3D, inputs: {{ scene: /n{n}, camera: /cam, light: /light }} }}\n"
        )
    }

    /// A balanced tree of unions over `leaves` spheres, some of them under
    /// short chains, plus a few nodes the output does not reach.
    fn tree(leaves: usize) -> String {
        let mut s = String::from("output: /render\nnodes:\n");
        let mut level = Vec::new();
        for i in 0..leaves {
            s += &format!("  /leaf{i}: {{ rop: sphere }}\n");
            let mut top = format!("/leaf{i}");
            for k in 0..i % 3 {
                s += &format!("  /t{i}_{k}: {{ rop: transform, inputs: [{top}] }}\n");
                top = format!("/t{i}_{k}");
            }
            level.push(top);
        }
        let mut k = 0;
        while level.len() > 1 {
            let mut next = Vec::new();
            for pair in level.chunks(2) {
                s += &format!(
                    "  /c{k}: {{ rop: combine, inputs: [{}] }}\n",
                    pair.join(", ")
                );
                next.push(format!("/c{k}"));
                k += 1;
            }
            level = next;
        }
        for i in 0..5 {
            s += &format!("  /loose{i}: {{ rop: box }}\n");
        }
        s + &format!(
            "  /render: {{ rop: raymarchRender3D, inputs: [{}] }}\n",
            level[0]
        )
    }

    /// Every node's box in the layout; fails if two overlap.
    fn check_layout(text: &str, lib: &Library) -> (usize, egui::Rect) {
        let net = Network::parse(text, Path::new("big.yaml"), lib).unwrap();
        let places = auto_layout(&net, lib);
        assert_eq!(places.len(), net.nodes.len(), "every node has a place");
        let mut boxes: Vec<(&String, egui::Rect)> = places
            .iter()
            .map(|(p, pos)| {
                let size = egui::vec2(NODE_W, node_height(&net, lib, p));
                (p, egui::Rect::from_min_size(*pos, size))
            })
            .collect();
        boxes.sort_by(|a, b| a.1.min.x.total_cmp(&b.1.min.x));
        for (i, (a, ra)) in boxes.iter().enumerate() {
            // Sorted by left edge: only the boxes that start before this one ends can meet it.
            for (b, rb) in boxes[i + 1..]
                .iter()
                .take_while(|(_, r)| r.min.x < ra.max.x)
            {
                assert!(!ra.intersects(*rb), "{a} at {ra:?} overlaps {b} at {rb:?}");
            }
        }
        let all = boxes
            .iter()
            .fold(egui::Rect::NOTHING, |bb, (_, r)| bb.union(*r));
        (net.nodes.len(), all)
    }

    #[test]
    fn three_hundred_nodes_lay_out_without_overlaps_at_a_readable_zoom() {
        let lib = library();
        for (what, text) in [
            ("chain", chain(296)),
            ("tree", tree(100)),
            ("short chain", chain(3)),
        ] {
            let (nodes, all) = check_layout(&text, &lib);
            // Fitted into the graph panel of a 1280x800 window (about
            // 680x710 points), nodes stay readable: the fit zooms out no
            // further than 0.18 for 300 nodes (0.2 before combine nodes got
            // a row for their Blend parameter's field socket, 0.19 before
            // transform's Translate became field-capable).
            let screen = egui::Rect::from_min_size(Pos2::ZERO, egui::vec2(680.0, 710.0));
            let t = transform_to_show(all.expand(GAP_X), screen);
            assert!(
                t.scaling >= 0.18 || nodes < 50,
                "{what} ({nodes} nodes) fits only at zoom {:.3} ({all:?})",
                t.scaling
            );
            // And the fit shows the whole of every node.
            let shown = t * all;
            assert!(
                screen.expand(0.5).contains_rect(shown),
                "{what}: {shown:?} not inside {screen:?}"
            );
        }
    }

    #[test]
    fn a_chain_reads_left_to_right_within_each_band() {
        let lib = library();
        let net = Network::parse(&chain(40), Path::new("c.yaml"), &lib).unwrap();
        let places = auto_layout(&net, &lib);
        let mut wrapped = 0;
        for i in 1..=40 {
            let (a, b) = (places[&format!("/n{}", i - 1)], places[&format!("/n{i}")]);
            // Right of its input in the same band, or at the left of a new band below.
            if b.x <= a.x {
                wrapped += 1;
                assert!(b.y > a.y, "/n{i} wraps into a band below: {a:?} {b:?}");
            }
        }
        assert!(wrapped >= 1, "a 44-node chain wraps into bands");
    }
}
