//! The RayTK name map: docs/raytk-names.md is what `ropkit list
//! --raytk-map` prints, every `raytk:` name of every ROP is a RayTK
//! operator of docs/raytk-operators.yaml, and the map and its counts
//! follow from the lists.

use crate::common::*;
use ropkit::catalog::raytk::{self, RaytkDataError};
use std::collections::BTreeSet;

#[test]
fn raytk_names_doc_is_the_list_command_output() {
    let out = run_ropkit(["list", "--raytk-map"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let listed = String::from_utf8(out.stdout).unwrap();
    let doc = std::fs::read_to_string(root().join("docs/raytk-names.md")).unwrap();
    if listed != doc {
        let first = listed
            .lines()
            .zip(doc.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(listed.lines().count().min(doc.lines().count()));
        panic!(
            "docs/raytk-names.md differs from `ropkit list --raytk-map` from line {}:\n  list: {}\n  doc:  {}\n\
             regenerate it with `cargo run -- list --raytk-map > docs/raytk-names.md`",
            first + 1,
            listed.lines().nth(first).unwrap_or("(end)"),
            doc.lines().nth(first).unwrap_or("(end)")
        );
    }
    // Every operator of the list has exactly one row, under its own name.
    for op in raytk::operators().unwrap() {
        let rows = doc
            .lines()
            .filter(|l| l.starts_with(&format!("| `{}` ", op.name)))
            .count();
        assert_eq!(
            rows, 1,
            "{} has {rows} rows in docs/raytk-names.md",
            op.name
        );
    }
}

/// Every name in a `raytk:` list is one of RayTK's operators (or a former
/// name of one), read from the YAML text itself rather than through the map.
#[test]
fn every_raytk_name_of_a_rop_is_a_raytk_operator() {
    let text = std::fs::read_to_string(root().join("docs/raytk-operators.yaml")).unwrap();
    let doc: serde_yaml_ng::Value = serde_yaml_ng::from_str(&text).unwrap();
    let mut known = BTreeSet::new();
    for (_, entries) in doc.as_mapping().unwrap() {
        for e in entries.as_sequence().unwrap() {
            match e {
                serde_yaml_ng::Value::String(s) => {
                    known.insert(s.clone());
                }
                other => {
                    known.insert(other["name"].as_str().unwrap().to_string());
                    if let Some(former) = other.get("formerly") {
                        for f in former.as_sequence().unwrap() {
                            known.insert(f.as_str().unwrap().to_string());
                        }
                    }
                }
            }
        }
    }
    assert!(known.len() > 400, "only {} RayTK names", known.len());
    let lib = library();
    let mut bad = Vec::new();
    for def in lib.rops.values() {
        for name in &def.raytk {
            if !known.contains(name) {
                bad.push(format!(
                    "{} ({}): raytk: {name}",
                    def.name,
                    def.yaml_path.display()
                ));
            }
        }
    }
    assert!(
        bad.is_empty(),
        "names that are no RayTK operator of docs/raytk-operators.yaml:\n{}",
        bad.join("\n")
    );
    assert!(raytk::map(&lib).unwrap().unknown.is_empty());
}

/// The list itself: unique names, each with a category; reasons in the
/// two allowed forms; TouchDesigner-only operators give their reason.
#[test]
fn raytk_operator_list_is_well_formed() {
    let ops = raytk::operators().unwrap();
    let mut names = BTreeSet::new();
    for op in &ops {
        for n in op.names() {
            assert!(names.insert(n.to_string()), "{n} twice");
        }
        assert!(!op.category.is_empty());
        if let Some(none) = &op.none {
            assert!(
                none == raytk::NOT_YET || none.len() > raytk::TOUCHDESIGNER_ONLY.len() + 10,
                "{}: {none}",
                op.name
            );
        }
    }
    let td = ops.iter().filter(|o| o.touchdesigner_only()).count();
    assert!((5..40).contains(&td), "{td} TouchDesigner-only operators");
    for (text, want) in [
        ("sdf: [boxSdf, boxSdf]", "listed twice"),
        (
            "sdf: [boxSdf]\nfilter: [{ name: twist, formerly: [boxSdf] }]",
            "listed twice",
        ),
        ("sdf: [{ name: sopSdf, none: needs a SOP }]", "neither"),
        (
            "sdf: [{ name: sopSdf, none: 'touchdesigner-only:' }]",
            "neither",
        ),
        (
            "sdf: [{ name: sopSdf, why: x }]",
            "docs/raytk-operators.yaml",
        ),
        ("sdf: ['box sdf']", "not an operator name"),
        ("sdf: [{ name: a, none: not yet, feature: b }]", "both"),
        (
            "sdf: [{ name: a, parity: partial }]",
            "lists nothing under missing",
        ),
        (
            "sdf: [{ name: a, parity: full, missing: [x] }]",
            "missing: is for parity: partial",
        ),
        (
            "sdf: [{ name: a, parity: full, unlike: 'b: another thing' }]",
            "both parity: and unlike:",
        ),
        (
            "sdf: [{ name: a, parity: most }]",
            "docs/raytk-operators.yaml",
        ),
    ] {
        let err = raytk::parse_operators(text).expect_err(text);
        assert!(err.to_string().contains(want), "{text}: {err}");
    }
    assert!(matches!(
        raytk::parse_operators("[1, 2]"),
        Err(RaytkDataError::Yaml(_))
    ));
}

/// A library of two ROPs of its own against a small list: each operator
/// gets exactly the ROPs that name it (a former name counts), names that
/// are no operator are reported, and the counts leave TouchDesigner-only
/// operators out.
#[test]
fn raytk_map_follows_the_raytk_lists() {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, raytk: &str| {
        let d = dir.path().join("sdf").join(name);
        std::fs::create_dir_all(&d).unwrap();
        std::fs::write(
            d.join("rop.yaml"),
            format!(
                "name: {name}\ndescription: test\nkeywords: []\nraytk: {raytk}\n\
                 coordTypes: [vec3]\nreturnTypes: [Sdf]\ncontextTypes: [any]\n"
            ),
        )
        .unwrap();
        std::fs::write(
            d.join("function.glsl"),
            "ReturnT thismap(CoordT p, ContextT ctx) { return createSdf(length(p) - 1.0); }\n",
        )
        .unwrap();
    };
    write("zzBall", "[ballSdf, oldKnot, nosuchOp]");
    write("zzKnot", "[knotSdf]");
    // The built-in ROPs come along; only the two made here name these operators.
    let lib = project(&[dir.path().to_path_buf()]).load_library();
    assert!(lib.broken.is_empty(), "{:?}", lib.broken);
    let ops = raytk::parse_operators(
        "sdf:\n  - { name: ballSdf, parity: partial, missing: [Hollow toggle, Radius field] }\n\
         \x20 - { name: knotSdf, formerly: [oldKnot] }\n  - cubeSdf\n\
         \x20 - { name: sopSdf, none: 'touchdesigner-only: reads a SOP' }\n\
         \x20 - { name: customOp, feature: a custom node }\n",
    )
    .unwrap();
    let map = raytk::map_with(&lib, ops);
    let rops = |name: &str| {
        map.rows
            .iter()
            .find(|r| r.op.name == name)
            .unwrap()
            .rops
            .clone()
    };
    assert_eq!(rops("ballSdf"), ["zzBall"]);
    assert_eq!(rops("knotSdf"), ["zzBall", "zzKnot"]);
    assert!(rops("cubeSdf").is_empty());
    let unknown: Vec<_> = map
        .unknown
        .iter()
        .filter(|(r, _)| r.starts_with("zz"))
        .collect();
    assert_eq!(unknown, [&("zzBall".to_string(), "nosuchOp".to_string())]);
    let c = map.coverage();
    assert_eq!((c.total, c.independent, c.mapped, c.feature), (5, 4, 2, 1));
    assert_eq!((c.full, c.partial), (0, 1));
    assert_eq!(c.percent(), 50.0);
    let md = raytk::markdown(&map);
    assert!(
        md.contains("| `knotSdf` (formerly `oldKnot`) | `zzBall`, `zzKnot` | not audited |  |"),
        "{md}"
    );
    assert!(md.contains("| `cubeSdf` | — |  | not yet |"), "{md}");
    assert!(
        md.contains("| `ballSdf` | `zzBall` | partial | Missing: Hollow toggle; Radius field. |"),
        "{md}"
    );
    assert!(
        md.contains("| `sopSdf` | — |  | TouchDesigner only: reads a SOP |"),
        "{md}"
    );
    assert!(
        md.contains("| `customOp` | — |  | not a ROP: a custom node |"),
        "{md}"
    );
    assert!(md.contains("2 of the 4 RayTK operators"), "{md}");
}

/// Every operator a built-in ROP claims was read side by side with RayTK's
/// definition: it has a parity, and a claim found wrong was withdrawn (an
/// operator with `unlike:` is claimed by no ROP).
#[test]
fn every_claimed_raytk_operator_has_an_audited_parity() {
    let lib = library();
    let map = raytk::map(&lib).unwrap();
    let unaudited: Vec<&str> = map
        .rows
        .iter()
        .filter(|r| !r.rops.is_empty() && r.op.parity.is_none())
        .map(|r| r.op.name.as_str())
        .collect();
    assert!(
        unaudited.is_empty(),
        "claimed without a parity: {unaudited:?}"
    );
    let wrongly_claimed: Vec<&str> = map
        .rows
        .iter()
        .filter(|r| !r.rops.is_empty() && r.op.unlike.is_some())
        .map(|r| r.op.name.as_str())
        .collect();
    assert!(
        wrongly_claimed.is_empty(),
        "claimed though the map says the ROP is unlike it: {wrongly_claimed:?}"
    );
}
