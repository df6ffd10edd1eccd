//! Per-node templates (`#include "node/<name>.glsl"` in ROP code): code
//! shared between ROPs is written once, templates are refused at the
//! `#include` that names a missing, cyclic or oversized one, and errors in
//! a template's code point at the template's own file and line.

use crate::common::*;
use ropkit::build::{BuildError, build};
use ropkit::generate::Mode;
use ropkit::library::{Library, Sources};
use ropkit::network::Network;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Lines in a row that make a copy.
const COPY_LINES: usize = 6;

/// ROPs that still share copied code with another ROP of this list (each
/// a family written before templates existed: the float functions' input
/// switch, the patterns' plane and colour, the materials' colour hook, ...;
/// and, from the RayTK modes, the lights' falloff input, the normal
/// filters' gradient taps, the fractals' orbit-trap return, and
/// quadraticBezier's and torusKnot's exposed variable).
/// A copy between two of them is tolerated; a copy that involves any other
/// ROP fails. The curve ROPs and the axis-plane filters must never be here.
const KNOWN_COPIES: &[&str] = &[
    "almostIdentityFunction",
    "apollonian",
    "assignAttribute",
    "attributeMaterial",
    "basicMaterial",
    "bend",
    "biasFunction",
    "blobRingPattern",
    "brickPattern",
    "bump",
    "cappedCone",
    "cappedCylinder",
    "cellRandom",
    "checkerPattern",
    "clampRemapFunction",
    "cylinder",
    "dodecahedronFractal",
    "dotsPattern",
    "easeFunction",
    "exponentialSeriesTile",
    "extrude",
    "extrudeBevel",
    "extrudeTaper",
    "extrudeTwist",
    "fbm",
    "floatToVector",
    "gainFunction",
    "ggxMaterial",
    "glassMaterial",
    "gridPattern",
    "helixSweep",
    "hexagonalTruchetPattern",
    "hexGridPattern",
    "impulseFunction",
    "juliaSet",
    "kaliGenerator",
    "kink",
    "kleinian",
    "knitPattern",
    "matcapMaterial",
    "mergeFields",
    "mirrorRepeat",
    "modifyNormals",
    "modularMaterial",
    "moduloDistance",
    "multiIntersect",
    "multiUnion",
    "noiseFunction",
    "normalMaterial",
    "orenNayarMaterial",
    "parabolaFunction",
    "particleRender",
    "pennerEasing",
    "phongMaterial",
    "pointLight",
    "polyline",
    "powerCurveFunction",
    "projectPolar",
    "provideVariable",
    "pulseFunction",
    "quadraticBezier",
    "quantizeFunction",
    "raymarchRender3D",
    "revolveSector",
    "ridgedNoise",
    "ringLight",
    "rosettePattern",
    "rotateNormals",
    "roundedCylinder",
    "shear",
    "shell",
    "sierpinskiDodecahedron",
    "sierpinskiIcosahedron",
    "sincCurveFunction",
    "smoothStepFunction",
    "spaceFrame",
    "spiralPattern",
    "spiralRepeat",
    "spiralZoom",
    "spotLight",
    "stepFunction",
    "stripesPattern",
    "textureDisplace",
    "textureMaterial",
    "tilingPattern",
    "torus",
    "torusKnot",
    "trapezoid",
    "triangleCheckerPattern",
    "truchetPattern",
    "turbulence",
    "twist",
    "volumetricRender",
    "voronoiBorder",
    "waveFunction",
    "waveletNoise",
    "weavePattern",
    "worleyNoise",
];

/// The ROPs whose shared code went into templates: no copy may involve them.
const SHARED_VIA_TEMPLATES: &[&str] = &[
    "bezierPath",
    "pointPolyline",
    "catmullRomSpline",
    "curveSweep",
    "pointPolygon",
    "polarRepeat",
    "hexRepeat",
    "kaleidoscope",
    "radialClone",
    "mirrorOctant",
];

/// The lines of GLSL that count for copies: trimmed, without blank and
/// comment-only lines.
fn code_lines(text: &str) -> Vec<String> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with("//"))
        .map(str::to_string)
        .collect()
}

/// Lines every ROP writes the same way (preprocessor switches, braces,
/// returns): a window made almost only of them is an idiom, not a copy.
fn idiom(line: &str) -> bool {
    let directive = ["#if", "#ifdef", "#ifndef", "#else", "#elif", "#endif"]
        .iter()
        .any(|d| line == *d || line.starts_with(&format!("{d} ")));
    directive
        || line.chars().all(|c| matches!(c, '{' | '}' | ';'))
        || line.starts_with("return ")
        || line == "ReturnT thismap(CoordT p, ContextT ctx) {"
}

/// Every pair of sources (by name) that share `COPY_LINES` code lines in a
/// row with at least two that are not idioms, with one such window.
fn copies(sources: &BTreeMap<String, Vec<String>>) -> BTreeMap<(String, String), Vec<String>> {
    let mut windows: BTreeMap<Vec<String>, BTreeSet<String>> = BTreeMap::new();
    for (name, lines) in sources {
        for w in lines.windows(COPY_LINES) {
            if w.iter().filter(|l| !idiom(l)).count() >= 2 {
                windows.entry(w.to_vec()).or_default().insert(name.clone());
            }
        }
    }
    let mut pairs = BTreeMap::new();
    for (w, names) in windows {
        let names: Vec<&String> = names.iter().collect();
        for (i, a) in names.iter().enumerate() {
            for b in &names[i + 1..] {
                pairs
                    .entry(((*a).clone(), (*b).clone()))
                    .or_insert_with(|| w.clone());
            }
        }
    }
    pairs
}

/// Each ROP folder's code lines, by ROP name (its folder's name), all its
/// `.glsl` files together.
fn rop_sources() -> BTreeMap<String, Vec<String>> {
    let mut out: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut stack = vec![root().join("rops")];
    while let Some(dir) = stack.pop() {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        entries.sort();
        for p in entries {
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|e| e == "glsl") {
                let name = dir.file_name().unwrap().to_string_lossy().into_owned();
                out.entry(name)
                    .or_default()
                    .extend(code_lines(&std::fs::read_to_string(&p).unwrap()));
            }
        }
    }
    out
}

#[test]
fn templates_the_copy_finder_finds_a_copy_and_passes_idioms() {
    // The scan as the curve ROPs carried it before templates: pasted into
    // two sources, it is a copy; the return-type switch alone is not.
    let scan = std::fs::read_to_string(root().join("shaders/node/curveScan.glsl")).unwrap();
    let idioms =
        "#ifdef THIS_RETURN_TYPE_Sdf\n  return createSdf(d);\n#else\n  return d;\n#endif\n}\n";
    let mut sources = BTreeMap::new();
    sources.insert("a".to_string(), code_lines(&format!("float x;\n{scan}")));
    sources.insert("b".to_string(), code_lines(&format!("{scan}int y;\n")));
    sources.insert(
        "c".to_string(),
        code_lines(&format!("float z = 1.0;\n{idioms}")),
    );
    sources.insert(
        "d".to_string(),
        code_lines(&format!("vec2 w = p;\n{idioms}")),
    );
    let found = copies(&sources);
    assert_eq!(
        found.keys().cloned().collect::<Vec<_>>(),
        vec![("a".to_string(), "b".to_string())],
        "{found:#?}"
    );
}

#[test]
fn templates_leave_no_copied_block_between_rops() {
    let sources = rop_sources();
    for name in SHARED_VIA_TEMPLATES {
        assert!(sources.contains_key(*name), "no ROP {name}");
        assert!(
            !KNOWN_COPIES.contains(name),
            "{name} may not be allowed copies"
        );
    }
    for name in KNOWN_COPIES {
        assert!(
            sources.contains_key(*name),
            "KNOWN_COPIES names {name}, which is no ROP"
        );
    }
    let bad: Vec<String> = copies(&sources)
        .into_iter()
        .filter(|((a, b), _)| {
            !(KNOWN_COPIES.contains(&a.as_str()) && KNOWN_COPIES.contains(&b.as_str()))
        })
        .map(|((a, b), w)| format!("{a} and {b} share:\n    {}", w.join("\n    ")))
        .collect();
    assert!(
        bad.is_empty(),
        "{} pairs of ROPs share {COPY_LINES} lines of code in a row; put the code in a per-node template (shaders/node/, see docs/writing-rops.md):\n{}",
        bad.len(),
        bad.iter().take(12).cloned().collect::<Vec<_>>().join("\n")
    );
}

#[test]
fn templates_the_named_rops_include_them() {
    // The shared code lives once, in shaders/node/.
    for (dir, template) in [
        ("rops/sdf/bezierPath", "node/curveScan.glsl"),
        ("rops/sdf/pointPolyline", "node/curveScan.glsl"),
        ("rops/sdf/catmullRomSpline", "node/curveScan.glsl"),
        ("rops/convert/curveSweep", "node/curveScan.glsl"),
        ("rops/sdf2d/pointPolygon", "node/curveScan.glsl"),
        ("rops/filter/polarRepeat", "node/axisPlane.glsl"),
        ("rops/filter/hexRepeat", "node/axisPlane.glsl"),
        ("rops/filter/kaleidoscope", "node/axisPlane.glsl"),
        ("rops/filter/radialClone", "node/axisPlane.glsl"),
        ("rops/filter/mirrorOctant", "node/axisPlane.glsl"),
    ] {
        let text = std::fs::read_to_string(root().join(dir).join("function.glsl")).unwrap();
        assert!(
            text.contains(&format!("#include \"{template}\"")),
            "{dir} does not include {template}"
        );
    }
}

/// A checkout of its own: `rops/` with one ROP whose function is `code`,
/// and `shaders/` with the real `common.glsl` and `curves.glsl` plus the
/// given templates.
fn mini_checkout(code: &str, templates: &[(&str, &str)]) -> (tempfile::TempDir, Library) {
    let dir = tempfile::tempdir().unwrap();
    let shaders = dir.path().join("shaders");
    std::fs::create_dir_all(shaders.join("node")).unwrap();
    for f in ["common.glsl", "curves.glsl"] {
        std::fs::copy(root().join("shaders").join(f), shaders.join(f)).unwrap();
    }
    for (name, text) in templates {
        std::fs::write(shaders.join(name), text).unwrap();
    }
    let rop = dir.path().join("rops/sdf/probe");
    std::fs::create_dir_all(&rop).unwrap();
    std::fs::write(
        rop.join("rop.yaml"),
        "name: probe\ncoordTypes: [vec3]\nreturnTypes: [Sdf]\nparams:\n  - { name: Radius, style: float, default: 1.0 }\n",
    )
    .unwrap();
    std::fs::write(rop.join("function.glsl"), code).unwrap();
    let lib = Library::load(&Sources::folder(dir.path()));
    (dir, lib)
}

const PROBE_FUNCTION: &str =
    "ReturnT thismap(CoordT p, ContextT ctx) {\n  return createSdf(THIS_size(p));\n}\n";

/// A refusal case: the ROP's code, the templates, and the file, line and
/// words of the error.
type Case<'a> = (&'a str, &'a [(&'a str, &'a str)], &'a str, usize, &'a str);

#[test]
fn templates_bad_includes_are_refused_naming_file_and_line() {
    let cases: [Case; 5] = [
        (
            "// probe\n#include \"node/missing.glsl\"\n",
            &[],
            "rops/sdf/probe/function.glsl",
            2,
            "no per-node template",
        ),
        (
            "#include \"node/../../../etc/passwd\"\n",
            &[],
            "rops/sdf/probe/function.glsl",
            1,
            "per-node templates only",
        ),
        (
            "#include \"curves.glsl\"\n",
            &[],
            "rops/sdf/probe/function.glsl",
            1,
            "libraries:",
        ),
        (
            "#include \"node/a.glsl\"\n",
            &[
                ("node/a.glsl", "float THIS_a;\n#include \"node/b.glsl\"\n"),
                ("node/b.glsl", "\n\n#include \"node/a.glsl\"\n"),
            ],
            "shaders/node/b.glsl",
            3,
            "include cycle: node/a.glsl -> node/b.glsl -> node/a.glsl",
        ),
        (
            // 2^16 copies of a line through 16 templates, each including
            // the next twice.
            "#include \"node/t0.glsl\"\n",
            &[],
            "shaders/node/t16.glsl",
            1,
            "CODE_FILE_BYTES",
        ),
    ];
    let doubling: Vec<(String, String)> = (0..=16)
        .map(|i| {
            let body = if i == 16 {
                "float THIS_x = 1.0; // a line of some length\n".to_string()
            } else {
                format!(
                    "#include \"node/t{0}.glsl\"\n#include \"node/t{0}.glsl\"\n",
                    i + 1
                )
            };
            (format!("node/t{i}.glsl"), body)
        })
        .collect();
    for (k, (code, templates, file, line, what)) in cases.iter().enumerate() {
        let mut templates: Vec<(&str, &str)> = templates.to_vec();
        if k == 4 {
            templates.extend(doubling.iter().map(|(a, b)| (a.as_str(), b.as_str())));
        }
        let (dir, lib) = mini_checkout(&format!("{code}{PROBE_FUNCTION}"), &templates);
        assert!(lib.get("probe").is_none(), "case {k}: the ROP loaded");
        let e = lib
            .broken
            .iter()
            .find(|e| e.message.contains(what))
            .unwrap_or_else(|| panic!("case {k}: no error saying {what:?}: {:#?}", lib.broken));
        assert_eq!(e.at.path(), dir.path().join(file), "case {k}: {e}");
        assert_eq!(e.at.line, *line, "case {k}: {e}");
    }
}

#[test]
fn templates_libraries_may_not_name_one() {
    let (dir, _) = mini_checkout(
        PROBE_FUNCTION,
        &[(
            "node/size.glsl",
            "float THIS_size(vec3 p) { return length(p) - THIS_Radius; }\n",
        )],
    );
    let rop = dir.path().join("rops/sdf/probe");
    std::fs::write(
        rop.join("rop.yaml"),
        "name: probe\ncoordTypes: [vec3]\nreturnTypes: [Sdf]\nlibraries: [node/size]\nparams:\n  - { name: Radius, style: float, default: 1.0 }\n",
    )
    .unwrap();
    let lib = Library::load(&Sources::folder(dir.path()));
    let e = &lib.broken[0];
    assert!(e.message.contains("per-node template"), "{e}");
    assert_eq!(e.at.path(), rop.join("rop.yaml"));
    assert_eq!(e.at.line, 4, "{e}");
}

/// A ROP of its own (given with `--rops`) that includes a built-in
/// template: a ball at the first point of its list.
fn ball_rop(dir: &Path) {
    let rop = dir.join("firstBall");
    std::fs::create_dir_all(&rop).unwrap();
    std::fs::write(
        rop.join("rop.yaml"),
        "name: firstBall\ncoordTypes: [vec3]\nreturnTypes: [Sdf]\nparams:\n  - { name: Points, style: points, default: [[0, 0, 0]] }\n  - { name: Radius, style: float, default: 1.0 }\n",
    )
    .unwrap();
    std::fs::write(
        rop.join("function.glsl"),
        "#define THIS_KIND RKC_SEGMENT\n#include \"node/curvePoints.glsl\"\nReturnT thismap(CoordT p, ContextT ctx) {\n  return createSdf(length(p - THIS_point(0)) - THIS_Radius);\n}\n",
    )
    .unwrap();
}

#[test]
fn templates_are_substituted_per_node() {
    let Some(gpu) = gpu("templates_are_substituted_per_node") else {
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    ball_rop(tmp.path());
    let lib = project(&[tmp.path().to_path_buf()]).load_library();
    assert!(lib.broken.is_empty(), "{:#?}", lib.broken);
    // Two nodes of one ROP, each with its own copy of the template.
    let text = "output: /out\nnodes:\n  /a: { rop: firstBall, params: { Points: [[0.7, 0.1, -0.2], [9, 9, 9]], Radius: 0.5 } }\n  /b: { rop: firstBall, params: { Points: [[-0.6, 0.3, 0.4]], Radius: 0.25 } }\n  /ab: { rop: combine, params: { Mode: union }, inputs: [/a, /b] }\n  /out: { rop: raymarchRender3D, inputs: { scene: /ab } }\n";
    let net =
        Network::parse(text, &tmp.path().join("net.yaml"), &lib).unwrap_or_else(|e| panic!("{e}"));
    let pts: Vec<[f32; 3]> = (0..40)
        .map(|i| {
            let t = i as f32 * 0.61;
            [t.sin() * 1.3, (t * 1.7).cos() * 0.9, (t * 0.4).sin() * 1.1]
        })
        .collect();
    let mut r = ropkit::render::Renderer::new(gpu);
    let got = ropkit::sample::sample_network(&net, &lib, &mut r, &pts)
        .unwrap_or_else(|e| panic!("{}", e.report()));
    let dist = |p: &[f32; 3], c: [f64; 3]| {
        ((p[0] as f64 - c[0]).powi(2) + (p[1] as f64 - c[1]).powi(2) + (p[2] as f64 - c[2]).powi(2))
            .sqrt()
    };
    for (p, v) in pts.iter().zip(&got) {
        let want = (dist(p, [0.7, 0.1, -0.2]) - 0.5).min(dist(p, [-0.6, 0.3, 0.4]) - 0.25);
        assert!(
            (v[0] as f64 - want).abs() < 1e-4,
            "at {p:?}: {} want {want}",
            v[0]
        );
    }
}

#[test]
fn templates_an_error_in_template_code_points_at_the_template() {
    // A custom node that includes a template without the parameter its
    // code reads: the compiler's error is located in the template's file.
    let lib = library();
    let text = "output: /out\nnodes:\n  /c:\n    rop: custom\n    custom:\n      coordTypes: [vec3]\n      returnTypes: [Sdf]\n      function: |\n        #define THIS_KIND RKC_SEGMENT\n        #include \"node/curvePoints.glsl\"\n        ReturnT thismap(CoordT p, ContextT ctx) {\n          return createSdf(length(p - THIS_point(0)) - 1.0);\n        }\n  /out: { rop: raymarchRender3D, inputs: { scene: /c } }\n";
    let tmp = tempfile::tempdir().unwrap();
    let path = tmp.path().join("net.yaml");
    std::fs::write(&path, text).unwrap();
    let net = Network::load(&path, &lib).unwrap_or_else(|e| panic!("{e}"));
    let err = build(&lib, &net, &Mode::Render.into()).expect_err("THIS_Points is not defined");
    let BuildError::Compile(c) = &err else {
        panic!("not a GLSL error: {err}");
    };
    let template = root().join("shaders/node/curvePoints.glsl");
    let want_line = std::fs::read_to_string(&template)
        .unwrap()
        .lines()
        .position(|l| l.contains("THIS_Points(i % THIS_Points_count)"))
        .unwrap()
        + 1;
    let d = &c.diagnostics[0];
    assert_eq!(d.file.as_deref(), Some(template.as_path()), "{err}");
    assert_eq!(d.line, want_line, "{err}");
    assert_eq!(d.node.as_deref(), Some("/c"), "{err}");
    // The node's own lines after the include still point into the network file.
    let text2 = text.replace("- 1.0);", "- undefinedThing);");
    std::fs::write(&path, &text2).unwrap();
    let lib2 = library();
    let text3 = text2.replace("#define THIS_KIND RKC_SEGMENT\n", "#define THIS_KIND RKC_SEGMENT\n        #define THIS_Points(i) vec3(0.0)\n        #define THIS_Points_count 1\n");
    std::fs::write(&path, &text3).unwrap();
    let net = Network::load(&path, &lib2).unwrap_or_else(|e| panic!("{e}"));
    let err = build(&lib2, &net, &Mode::Render.into()).expect_err("undefinedThing");
    let BuildError::Compile(c) = &err else {
        panic!("not a GLSL error: {err}");
    };
    let want_line = text3
        .lines()
        .position(|l| l.contains("undefinedThing"))
        .unwrap()
        + 1;
    let d = &c.diagnostics[0];
    assert_eq!(d.file.as_deref(), Some(path.as_path()), "{err}");
    assert_eq!(d.line, want_line, "{err}");
}
