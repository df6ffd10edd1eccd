//! `ropkit gallery`: every ROP gets a standard scene that builds; a gallery
//! of a few ROPs (some of a folder of its own, one of them broken) lists
//! each on its page with a real picture, or a placeholder and the error.

use crate::common::*;
use ropkit::gallery::{self, View};
use std::path::Path;

/// What the gallery draws for every ROP of the library, checked as a user
/// looks at the page: each thumbnail shows something (not a flat colour),
/// shows the ROP doing something (not the same picture as its scene
/// without it, where its first input stands in its place), and shows this
/// ROP (not the same picture as another ROP's), unless the ROP's
/// `gallery: { plain: ... }` says why it cannot.
///
/// The same pass drives one parameter of every ROP by a field (a field on
/// any parameter): the node's own value is moved away and a constant field
/// on the parameter's socket brings back the thumbnail's value, so the
/// picture must be the thumbnail again, within one 8-bit step.
///
/// Every scene is built first (stitched, checked by naga), so a ROP the
/// gallery cannot show is found even where no GPU is.
#[test]
fn every_thumbnail_shows_its_rop_at_work_and_takes_a_field_on_a_parameter() {
    let test = "every_thumbnail_shows_its_rop_at_work_and_takes_a_field_on_a_parameter";
    let lib = library();
    let rops = gallery::select(&lib, &[]);
    let dir = Path::new("gallery");
    let mut failed = Vec::new();
    // (rop, scene): the thumbnail, the plain scene (shared by every ROP
    // whose plain scene is the same network) and the field-driven variant.
    let mut scenes: Vec<(ropkit::build::Built, Vec<[f32; 4]>)> = Vec::new();
    let mut thumb: Vec<Option<usize>> = Vec::new();
    let mut plain: Vec<Option<usize>> = Vec::new();
    let mut plain_index: std::collections::BTreeMap<String, usize> = Default::default();
    let mut driven: Vec<Option<(usize, String)>> = Vec::new();
    for def in &rops {
        let file = dir.join(format!("{}.yaml", gallery::file_stem(&def.name)));
        let (mut t, mut p, mut d) = (None, None, None);
        match gallery::build_scene(&lib, def, dir) {
            Err((view, e)) => failed.push(format!("{} ({view:?}): {e}", def.name)),
            Ok((_, net, built)) => {
                let params = built.shader.param_values(&net, &lib);
                t = Some(scenes.len());
                scenes.push((built, params));
                // The parameter driven by a field: moved away on the node,
                // brought back by the field.
                if let Some(param) = crate::param_fields::driven_param(def) {
                    let (_, yaml) = gallery::scene::scene(def).unwrap();
                    let now = net.nodes["/subject"]
                        .value(def, &param.name)
                        .unwrap()
                        .clone();
                    let away = crate::param_fields::chosen(param, &now);
                    let text = format!("{yaml}{}", crate::param_fields::constant_field(&now));
                    let mut by_field = ropkit::network::Network::parse(&text, &file, &lib)
                        .unwrap_or_else(|e| panic!("{e}\n{text}"));
                    let node = by_field.nodes.get_mut("/subject").unwrap();
                    node.params.insert(param.name.clone(), away.clone());
                    let slot = def.driving_slot(&param.name).unwrap();
                    if node.inputs.len() <= slot {
                        node.inputs.resize(slot + 1, None);
                    }
                    node.inputs[slot] = Some("/drive".into());
                    let what = format!("{}.{} = {now:?} (node: {away:?})", def.name, param.name);
                    match by_field
                        .check(&lib)
                        .map_err(|e| e.to_string())
                        .and_then(|_| {
                            ropkit::build::build(
                                &lib,
                                &by_field,
                                &ropkit::generate::Mode::RenderBaked.into(),
                            )
                            .map_err(|e| e.report())
                        }) {
                        Ok(built) => {
                            let params = built.shader.param_values(&by_field, &lib);
                            d = Some((scenes.len(), what));
                            scenes.push((built, params));
                        }
                        Err(e) => failed.push(format!("{what}: {e}")),
                    }
                }
            }
        }
        match gallery::scene::plain_scene(def) {
            Ok(Some((_, yaml))) => {
                if let Some(&i) = plain_index.get(&yaml) {
                    p = Some(i);
                } else {
                    // (A scene without a provider its wrapping readers
                    // need does not build: there is no plain scene then.)
                    if let Ok((net, built)) = gallery::build_yaml(&lib, &yaml, &file) {
                        let params = built.shader.param_values(&net, &lib);
                        plain_index.insert(yaml, scenes.len());
                        p = Some(scenes.len());
                        scenes.push((built, params));
                    }
                }
            }
            Ok(None) => {}
            Err(e) => failed.push(format!("{} (plain scene): {e}", def.name)),
        }
        thumb.push(t);
        plain.push(p);
        driven.push(d);
    }
    assert!(
        failed.is_empty(),
        "{} gallery scenes do not build:\n{}",
        failed.len(),
        failed.join("\n")
    );
    let Some(gpu) = gpu(test) else {
        return;
    };
    let opts = gallery::GalleryOptions {
        size: 48,
        jobs: 2,
        asset_dirs: vec![root()],
        ..Default::default()
    };
    let n = scenes.len();
    let images = gallery::draw_scenes(&gpu, scenes, &opts);
    let image = |i: usize| -> &image::RgbaImage {
        images[i]
            .as_ref()
            .unwrap_or_else(|e| panic!("scene {i} of {n}: {e}"))
    };
    let mut problems = Vec::new();
    let (mut fields, mut plains) = (0, 0);
    for (k, def) in rops.iter().enumerate() {
        if def.gallery.as_ref().is_some_and(|g| g.plain.is_some()) {
            plains += 1;
        }
        let Some((i, what)) = &driven[k] else {
            continue;
        };
        fields += 1;
        let t = thumb[k].expect("every scene built");
        let off = image(*i)
            .as_raw()
            .iter()
            .zip(image(t).as_raw())
            .filter(|(x, y)| x.abs_diff(**y) > 1)
            .count();
        if off > 0 {
            problems.push(format!(
                "{what}: driven by a field, {off} channels differ from the thumbnail"
            ));
        }
    }
    let thumbs: Vec<Option<&image::RgbaImage>> = thumb
        .iter()
        .map(|t| Some(image(t.expect("built"))))
        .collect();
    let plain_images: Vec<Option<&image::RgbaImage>> = plain.iter().map(|p| p.map(image)).collect();
    problems.extend(
        gallery::check::problems(&rops, &thumbs, &plain_images)
            .into_iter()
            .map(|p| format!("{}: {}", p.rop, p.message)),
    );
    eprintln!(
        "{test}: {} thumbnails, {} plain scenes, {fields} ROPs driven by a field, {plains} plain by their rop.yaml",
        rops.len(),
        plain_index.len()
    );
    assert!(
        problems.is_empty(),
        "{} thumbnails do not show their ROP (give the ROP demo values in `gallery:` in its rop.yaml, \
         or say why in `gallery: {{ plain: ... }}`):\n{}",
        problems.len(),
        problems.join("\n")
    );
    // Nearly every ROP has a parameter a field can drive.
    assert!(
        fields * 10 >= rops.len() * 8,
        "only {fields} of {} driven",
        rops.len()
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
    // (edgeCombine has no `gallery:` block: its scene is the generic one.)
    let (_, yaml) = gallery::scene::scene(&lib.rops["edgeCombine"]).unwrap();
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
