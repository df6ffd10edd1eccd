//! What the viewer's editing features need from the core: bypassed nodes
//! in the network (`bypass: true`), the check that names an empty required
//! input, and pieces of networks read back from the clipboard.

use crate::network::Network;
use crate::project::Project;
use std::path::Path;

fn lib() -> crate::library::Library {
    Project::checkout(Path::new(env!("CARGO_MANIFEST_DIR"))).load_library()
}

fn parse(text: &str, lib: &crate::library::Library) -> Network {
    Network::parse(text, Path::new("net.yaml"), lib).unwrap()
}

#[test]
fn bypassed_nodes_pass_their_first_input_through_chains_included() {
    let lib = lib();
    let net = parse(
        "output: /render\nnodes:\n  /s: { rop: sphere }\n  /a: { rop: transform, inputs: [/s], bypass: true }\n  /b: { rop: transform, inputs: [/a], bypass: true }\n  /render: { rop: raymarchRender3D, inputs: [/b] }\n",
        &lib,
    );
    assert!(net.nodes["/a"].bypass && net.nodes["/b"].bypass);
    assert!(!net.nodes["/s"].bypass);
    let drawn = net.with_bypass_applied();
    assert_eq!(drawn.nodes["/render"].input(0), Some("/s"));
    // The drawn shader has neither transform.
    let shader = crate::build::build(
        &lib,
        &net,
        &crate::options::BuildOptions::from(crate::generate::Mode::Render).stitch_only(),
    )
    .map(|b| b.shader)
    .unwrap();
    assert!(shader.glsl.contains("node /s (sphere)"));
    assert!(
        !shader.glsl.contains("(transform)"),
        "bypassed nodes are not drawn"
    );
    // Without bypasses, nothing is copied.
    let plain = parse(
        "output: /render\nnodes:\n  /s: { rop: sphere }\n  /render: { rop: raymarchRender3D, inputs: [/s] }\n",
        &lib,
    );
    assert!(matches!(
        plain.with_bypass_applied(),
        std::borrow::Cow::Borrowed(_)
    ));
    // The key round-trips through the file.
    let text = net.to_yaml(&lib);
    assert_eq!(text.matches("bypass: true").count(), 2, "{text}");
    let again = Network::parse(&text, Path::new("net.yaml"), &lib).unwrap();
    assert!(again.nodes["/a"].bypass && again.nodes["/b"].bypass);
}

#[test]
fn a_bypassed_node_with_no_input_leaves_its_users_input_empty_and_says_which() {
    let lib = lib();
    let mut net = parse(
        "output: /render\nnodes:\n  /s: { rop: sphere }\n  /t: { rop: transform, inputs: [/s] }\n  /render: { rop: raymarchRender3D, inputs: [/t] }\n",
        &lib,
    );
    net.nodes.get_mut("/t").unwrap().inputs.clear();
    net.nodes.get_mut("/t").unwrap().bypass = true;
    assert_eq!(net.with_bypass_applied().nodes["/render"].input(0), None);
    let e = crate::resolve::resolve(&lib, &net.with_bypass_applied()).unwrap_err();
    assert_eq!(e.message, "input Scene of /render is not connected");
    assert_eq!(e.node, "/render");
}

#[test]
fn an_empty_required_input_is_named_before_any_glsl_and_wiring_is_still_offered() {
    let lib = lib();
    let mut net = parse(
        "output: /render\nnodes:\n  /a: { rop: sphere }\n  /b: { rop: box }\n  /u: { rop: combine, inputs: [/a, /b] }\n  /render: { rop: raymarchRender3D, inputs: [/u] }\n",
        &lib,
    );
    let combine = lib.get("combine").unwrap();
    let required: Vec<_> = combine.inputs.iter().filter(|i| i.required).collect();
    assert!(!required.is_empty(), "combine has a required input");
    let slot = combine.inputs.iter().position(|i| i.required).unwrap();
    net.nodes.get_mut("/u").unwrap().inputs[slot] = None;
    let e = crate::build::build(&lib, &net, &crate::generate::Mode::Render.into()).unwrap_err();
    let text = e.to_string();
    assert!(
        text.contains(&format!(
            "input {} of /u is not connected",
            combine.inputs[slot].label
        )),
        "{text}"
    );
    assert!(!text.contains("inputOp"), "{text}");
    // Building a scene up piece by piece: wiring elsewhere while that
    // input is still empty is not refused.
    net.nodes
        .insert("/c".into(), crate::network::Node::new("sphere"));
    let other = (0..combine.inputs.len()).find(|i| *i != slot).unwrap();
    assert_eq!(
        crate::resolve::connection_problem(&lib, &net, "/c", "/u", other),
        None
    );
}

#[test]
fn a_piece_of_a_network_reads_back_with_inputs_left_empty() {
    let lib = lib();
    let piece = Network::parse_fragment(
        "output: /t\nnodes:\n  /t: { rop: transform, params: { Translate: [1, 2, 3] }, pos: [10, 20] }\n  /r: { rop: raymarchRender3D }\n",
        Path::new("clipboard"),
        &lib,
    )
    .unwrap();
    assert_eq!(piece.nodes.len(), 2);
    assert_eq!(piece.nodes["/t"].pos, Some([10.0, 20.0]));
    // A whole network would refuse the renderer's empty Scene.
    assert!(
        Network::parse(
            "output: /t\nnodes:\n  /r: { rop: raymarchRender3D }\n  /t: { rop: transform }\n",
            Path::new("x"),
            &lib
        )
        .is_err()
    );
    // Each node is still checked: an unknown ROP is refused.
    let e = Network::parse_fragment(
        "output: /x\nnodes:\n  /x: { rop: noSuchRop }\n",
        Path::new("clipboard"),
        &lib,
    )
    .unwrap_err();
    assert!(e.to_string().contains("noSuchRop"), "{e}");
}
