//! Distance promises through the network, and meshes of fields that break
//! the distance bound: closed wherever the scene promises nothing, because
//! then no block is skipped.

use super::*;
use ropkit::mesh::Promise;
use ropkit::mesh::guarantee::promise_of;

/// A custom SDF node: `body` computes `float d` from `vec3 p`; `extra` adds
/// rop.yaml lines (`distance:`, `lipschitz:`, params).
fn custom(name: &str, extra: &str, body: &str, params: &str) -> String {
    let mut func = String::new();
    for line in
        format!("ReturnT thismap(CoordT p, ContextT ctx) {{\n{body}\n  return createSdf(d);\n}}")
            .lines()
    {
        func += &format!("        {line}\n");
    }
    format!(
        "  {name}:\n    rop: custom\n    custom:\n      name: {}\n      description: test field\n      coordTypes: [vec3]\n      returnTypes: [Sdf]\n{extra}      function: |\n{func}    params: {params}\n",
        name.trim_start_matches('/')
    )
}

fn net(nodes: &str, scene: &str) -> String {
    format!(
        "output: /render\nnodes:\n{nodes}  /render: {{ rop: raymarchRender3D, inputs: {{ scene: {scene} }} }}\n"
    )
}

/// The raw gyroid formula in a ball: its slope reaches about 17 (10 √3), so
/// its values overstate distances many times over.
const RAW_GYROID: &str = "  vec3 q = p * 10.0;\n  float g = sin(q.x) * cos(q.y) + sin(q.y) * cos(q.z) + sin(q.z) * cos(q.x);\n  float d = max(abs(g) - 0.3, length(p) - 0.85);";

#[test]
fn mesh_promises_follow_the_network() {
    let lib = promising_library();
    let promise = |yaml: &str, node: &str| {
        let n = parse(yaml, &lib);
        promise_of(&n, &lib, node)
    };
    let exact = Promise::Bounded {
        exact: true,
        lipschitz: 1.0,
    };
    let bound = Promise::Bounded {
        exact: false,
        lipschitz: 1.0,
    };
    let sphere = "  /s: { rop: sphere }\n";
    assert_eq!(promise(&net(sphere, "/s"), "/s"), exact);
    // An isometry keeps it exact; a union of exact pieces is a bound.
    let moved =
        format!("{sphere}  /t: {{ rop: transform, params: {{ Scale: 2.5 }}, inputs: [/s] }}\n");
    assert_eq!(promise(&net(&moved, "/t"), "/t"), exact);
    let union =
        format!("{sphere}  /b: {{ rop: box }}\n  /u: {{ rop: combine, inputs: [/s, /b] }}\n");
    assert_eq!(promise(&net(&union, "/u"), "/u"), bound);
    // A ROP that declares nothing (twist) promises nothing, and neither does
    // anything built on it.
    let twisted = format!(
        "{sphere}  /w: {{ rop: twist, inputs: [/s] }}\n  /t: {{ rop: transform, inputs: [/w] }}\n"
    );
    assert_eq!(promise(&net(&twisted, "/t"), "/t"), Promise::Nothing);
    // A parameter driven by a field breaks the primitive's promise.
    let driven = "  /n: { rop: simplexNoise }\n  /s: { rop: sphere, inputs: { Radius: /n } }\n";
    assert_eq!(promise(&net(driven, "/s"), "/s"), Promise::Nothing);
    let blended = format!(
        "{sphere}  /b: {{ rop: box }}\n  /n: {{ rop: simplexNoise }}\n  /u: {{ rop: combine, inputs: {{ a: /s, b: /b, Blend: /n }} }}\n"
    );
    assert_eq!(promise(&net(&blended, "/u"), "/u"), Promise::Nothing);
    // `lipschitz:` gives a raw field a slope, from its parameters; a
    // keeping node passes it on, scaled by its own factor.
    let raw = custom(
        "/g",
        "      distance: none\n      lipschitz: \"params.K * 1.7320508\"\n      params:\n        - { name: K, style: float, default: 1.0, min: 0, max: 100, label: K, help: frequency }\n",
        RAW_GYROID,
        "{ K: 10.0 }",
    );
    match promise(&net(&raw, "/g"), "/g") {
        Promise::Bounded {
            exact: false,
            lipschitz,
        } => {
            assert!((lipschitz - 17.320508).abs() < 1e-4, "{lipschitz}")
        }
        p => panic!("{p:?}"),
    }
    let scaled = custom(
        "/k",
        "      distance: keep\n      lipschitz: \"3\"\n      inputs:\n        - { name: input, label: Input, required: true }\n",
        "  float d = 3.0 * inputOp1(p, ctx).x;",
        "{}",
    );
    let chain = format!("{raw}{scaled}");
    let chain = chain.replace("    params: {}\n", "    params: {}\n    inputs: [/g]\n");
    match promise(&net(&chain, "/k"), "/k") {
        Promise::Bounded { lipschitz, .. } => {
            assert!((lipschitz - 51.961524).abs() < 1e-3, "{lipschitz}")
        }
        p => panic!("{p:?}"),
    }
    // A factor that is not a positive number breaks the promise.
    let bad = custom(
        "/z",
        "      distance: exact\n      lipschitz: \"0\"\n",
        "  float d = length(p) - 1.0;",
        "{}",
    );
    assert_eq!(promise(&net(&bad, "/z"), "/z"), Promise::Nothing);
}

#[test]
fn mesh_lipschitz_must_be_an_expression() {
    let lib = library();
    let yaml = net(
        &custom(
            "/z",
            "      lipschitz: \"params.(\"\n",
            "  float d = length(p) - 1.0;",
            "{}",
        ),
        "/z",
    );
    let e = Network::parse(&yaml, &root().join("tests/mesh.yaml"), &lib).unwrap_err();
    assert!(e.to_string().contains("lipschitz:"), "{e}");
}

/// Directed edges without their reverse: holes.
fn holes(m: &Mesh) -> usize {
    let edges = directed_edges(m);
    edges
        .keys()
        .filter(|(a, b)| !edges.contains_key(&(*b, *a)))
        .count()
}

#[test]
fn mesh_fields_that_break_the_bound_are_closed() {
    let bounds = Some(Aabb {
        min: [-1.0; 3],
        max: [1.0; 3],
    });
    // The raw gyroid formula promises nothing: every block is evaluated and
    // the mesh is closed, manifold and oriented.
    let raw = net(&custom("/g", "", RAW_GYROID, "{}"), "/g");
    let Some((m, info, ..)) = mesh_with("mesh_raw_gyroid", &raw, 48, bounds, library(), None)
    else {
        return;
    };
    assert_eq!(info.promise, Promise::Nothing);
    assert_eq!(info.active_blocks, info.total_blocks);
    assert_sound(&m, info.step, "raw gyroid");
    assert_closed_oriented(&m, "raw gyroid");
    assert!(!info.is_open(), "{:?}", info.open_note());
    // The same field declared a bound, falsely: blocks with surface are
    // skipped and the mesh has holes. This is what the promise prevents, and
    // it shows that the field does break the bound.
    let lying = net(
        &custom("/g", "      distance: bound\n", RAW_GYROID, "{}"),
        "/g",
    );
    let (m2, info2, ..) =
        mesh_with("mesh_raw_gyroid_lying", &lying, 48, bounds, library(), None).unwrap();
    assert!(info2.active_blocks < info2.total_blocks);
    assert!(
        info2.stats.missing_quads > 0 && holes(&m2) > 0,
        "the false promise lost no surface"
    );
    // With its true slope declared, blocks are judged by the promise (this
    // steep a field rules none out at this size) and the mesh is the same.
    let honest = net(
        &custom("/g", "      lipschitz: \"17.33\"\n", RAW_GYROID, "{}"),
        "/g",
    );
    let (m3, info3, ..) = mesh_with(
        "mesh_raw_gyroid_honest",
        &honest,
        48,
        bounds,
        library(),
        None,
    )
    .unwrap();
    assert!((info3.promise.lipschitz().unwrap() - 17.33).abs() < 1e-4);
    assert_closed_oriented(&m3, "raw gyroid with its slope");
    assert_eq!(m3.triangles.len(), m.triangles.len());

    // A sphere whose values are 8 times its distances, and a twisted box.
    let scaled = net(
        &custom("/s", "", "  float d = 8.0 * (length(p) - 0.7);", "{}"),
        "/s",
    );
    let (m, info, ..) = mesh_with("mesh_scaled", &scaled, 40, bounds, library(), None).unwrap();
    assert_closed_oriented(&m, "scaled sphere");
    assert_eq!(euler(&m), 2);
    assert!(!info.is_open());
    let twisted = "output: /render\nnodes:\n  /b: { rop: box, params: { Size: [0.5, 1.6, 0.5] } }\n  /w: { rop: twist, params: { Rate: 300, StepScale: 1.0 }, inputs: [/b] }\n  /render: { rop: raymarchRender3D, inputs: { scene: /w } }\n";
    let (m, info, ..) = mesh_with(
        "mesh_twisted",
        twisted,
        40,
        bounds,
        promising_library(),
        None,
    )
    .unwrap();
    assert_eq!(info.promise, Promise::Nothing);
    assert_closed_oriented(&m, "twisted box");
    assert_eq!(euler(&m), 2);
    let v = signed_volume(&m);
    // Twisting keeps each slice's area: the volume is the box's.
    assert!(within(v, 0.5 * 1.6 * 0.5, 0.03), "twisted box volume {v}");
}
