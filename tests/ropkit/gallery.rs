//! `ropkit gallery`: every ROP gets a standard scene that builds; a gallery
//! of a few ROPs (some of a folder of its own, one of them broken) lists
//! each on its page with a real picture, or a placeholder and the error.

use crate::common::*;
use ropkit::gallery::{self, View};
use std::path::Path;

/// Every ROP of the library gets a scene for its type, and the scene
/// stitches and passes naga (no GPU needed): a ROP the gallery cannot show
/// is found here, not as a placeholder on a page nobody looks at.
#[test]
fn every_rop_has_a_gallery_scene_that_builds() {
    let lib = library();
    let mut failed = Vec::new();
    for def in gallery::select(&lib, &[]) {
        if let Err((view, e)) = gallery::build_scene(&lib, def, Path::new("gallery")) {
            failed.push(format!("{} ({view:?}): {e}", def.name));
        }
    }
    assert!(
        failed.is_empty(),
        "{} ROPs have no gallery scene:\n{}",
        failed.len(),
        failed.join("\n")
    );
}

/// The scene follows the ROP's type, as the page says.
#[test]
fn gallery_scene_follows_the_rop_type() {
    let lib = library();
    for (rop, want) in [
        ("sphere", View::Shape3d),
        ("twist", View::Shape3d),
        ("combine", View::Shape3d),
        ("circle", View::Shape2d),
        ("fbm", View::Field2d),
        ("brickPattern", View::Field2d),
        ("waveFunction", View::Graph),
        ("lfoField", View::TimeGraph),
        ("pbrMaterial", View::Material),
        ("lookAtCamera", View::Camera),
        ("pointLight", View::Light),
        ("softShadow", View::Light),
        ("render2D", View::Output),
        ("raymarchRender3D", View::Output),
    ] {
        let def = &lib.rops[rop];
        assert_eq!(gallery::scene::view(def).unwrap(), want, "{rop}");
        let (view, yaml) = gallery::scene::scene(def).unwrap();
        assert_eq!(view, want);
        // The subject is in the network, by its ROP name.
        assert!(yaml.contains(&format!("rop: {rop}")), "{rop}:\n{yaml}");
    }
    // A combine shows two shapes; a filter one; a camera replaces the standard one.
    let (_, yaml) = gallery::scene::scene(&lib.rops["combine"]).unwrap();
    assert!(
        yaml.contains("inputs: [/srcvec3Sdf1, /srcvec3Sdf2]"),
        "{yaml}"
    );
    let (_, yaml) = gallery::scene::scene(&lib.rops["orthoCamera"]).unwrap();
    assert!(
        !yaml.contains("lookAtCamera") && yaml.contains("camera: /subject"),
        "{yaml}"
    );
}

fn write_rop(root: &Path, cat: &str, name: &str, yaml: &str, code: &str) {
    let d = root.join(cat).join(name);
    std::fs::create_dir_all(&d).unwrap();
    std::fs::write(
        d.join("rop.yaml"),
        format!("name: {name}\ndescription: Test ROP {name} <&>.\nkeywords: []\nraytk: [sphereSdf]\n{yaml}"),
    )
    .unwrap();
    std::fs::write(d.join("function.glsl"), code).unwrap();
}

/// Luminance spread: near zero for a flat picture.
fn spread(img: &image::RgbaImage) -> f64 {
    let lum: Vec<f64> = img
        .pixels()
        .map(|p| 0.3 * p[0] as f64 + 0.59 * p[1] as f64 + 0.11 * p[2] as f64)
        .collect();
    let mean = lum.iter().sum::<f64>() / lum.len() as f64;
    (lum.iter().map(|l| (l - mean).powi(2)).sum::<f64>() / lum.len() as f64).sqrt()
}

#[test]
fn gallery_of_a_few_rops_lists_each_with_a_picture() {
    let Some(_gpu) = gpu("gallery_of_a_few_rops_lists_each_with_a_picture") else {
        return;
    };
    let rops = tempfile::tempdir().unwrap();
    write_rop(
        rops.path(),
        "sdf",
        "zzBlob",
        "coordTypes: [vec3]\nreturnTypes: [Sdf]\ncontextTypes: [any]\n",
        "ReturnT thismap(CoordT p, ContextT ctx) { return createSdf(length(p) - 1.0); }\n",
    );
    write_rop(
        rops.path(),
        "sdf2d",
        "zzDisc",
        "coordTypes: [vec2]\nreturnTypes: [Sdf]\ncontextTypes: [any]\n",
        "ReturnT thismap(CoordT p, ContextT ctx) { return createSdf(length(p) - 1.0); }\n",
    );
    // Loads, but its code does not compile: the gallery must go on.
    write_rop(
        rops.path(),
        "sdf",
        "zzBroken",
        "coordTypes: [vec3]\nreturnTypes: [Sdf]\ncontextTypes: [any]\n",
        "ReturnT thismap(CoordT p, ContextT ctx) { return createSdf(nosuchFunction(p)); }\n",
    );
    let out = tempfile::tempdir().unwrap();
    let dir = out.path().join("new/gallery");
    let run = run_ropkit([
        "--rops".as_ref(),
        rops.path().as_os_str(),
        "gallery".as_ref(),
        "-o".as_ref(),
        dir.as_os_str(),
        "--only".as_ref(),
        "zzBlob".as_ref(),
        "--only".as_ref(),
        "zzDisc".as_ref(),
        "--only".as_ref(),
        "zzBroken".as_ref(),
        "--only".as_ref(),
        "waveFunction".as_ref(),
        "--only".as_ref(),
        "checkerPattern".as_ref(),
    ]);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(run.status.success(), "{stderr}");
    assert!(stderr.contains("gallery: 5 ROPs (1 failed)"), "{stderr}");
    let html = std::fs::read_to_string(dir.join("index.html")).unwrap();
    // Text is escaped, never taken as markup.
    assert!(html.contains("Test ROP zzBlob &lt;&amp;&gt;."), "{html}");
    assert!(html.contains("RayTK: sphereSdf"));
    for (name, category) in [
        ("zzBlob", "sdf"),
        ("zzDisc", "sdf2d"),
        ("zzBroken", "sdf"),
        ("waveFunction", "function"),
        ("checkerPattern", "pattern"),
    ] {
        assert_eq!(
            html.matches(&format!("<figure id=\"rop-{name}\">")).count(),
            1,
            "{name} on the page once"
        );
        assert!(
            html.contains(&format!("<h2 id=\"{category}\">")),
            "{category}"
        );
        let img = image::open(dir.join(format!("images/{name}.png")))
            .unwrap_or_else(|e| panic!("{name}: {e}"))
            .to_rgba8();
        assert_eq!(img.dimensions(), (128, 128), "{name}");
        let placeholder = gallery::page::placeholder(128);
        assert_eq!(
            img == placeholder,
            name == "zzBroken",
            "{name}: placeholder or not"
        );
        if name != "zzBroken" {
            assert!(spread(&img) > 8.0, "{name}: a flat picture");
        }
    }
    // The broken ROP's error is on the page, naming what is wrong.
    let figure = html.split("<figure id=\"rop-zzBroken\">").nth(1).unwrap();
    let figure = figure.split("</figure>").next().unwrap();
    assert!(
        figure.contains("<pre class=\"error\">") && figure.contains("nosuchFunction"),
        "{figure}"
    );
    // The 2D disc of radius 1 through render2D (view height 3): the middle
    // is inside (render2D's bluish inside colour), the corners outside (orange).
    let disc = image::open(dir.join("images/zzDisc.png"))
        .unwrap()
        .to_rgba8();
    let mid = disc.get_pixel(64, 64);
    let corner = disc.get_pixel(3, 3);
    assert!(mid[2] > mid[0], "inside is blue: {mid:?}");
    assert!(corner[0] > corner[2], "outside is orange: {corner:?}");
    // Well inside and outside the rim (at 128 / 3 pixels from the middle).
    assert!(disc.get_pixel(64, 64 - 30)[2] > disc.get_pixel(64, 64 - 30)[0]);
    assert!(disc.get_pixel(64, 64 - 56)[0] > disc.get_pixel(64, 64 - 56)[2]);
}
