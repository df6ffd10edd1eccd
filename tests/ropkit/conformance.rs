//! Every preset through every export format of the registry, each output
//! read back once by its format's validator (naga, glslang, glslang's HLSL
//! front end, spirv-val, the JSON layout's schema, a self-contained page),
//! or refused with the node that is why. Each preset is built once per
//! source its formats need ([`Exporter`]); the presets run on every core.
//!
//! The README's table of presets and formats is written from what this
//! finds: `ROPKIT_BLESS=1` rewrites it, otherwise a difference fails.

use crate::common::*;
use crate::engines::{
    entry_point, glslang_gl, glslang_hlsl_unlegalized, godot_as_glsl, touchdesigner_prelude,
    unity_as_hlsl, unreal_as_hlsl, unreal_inputs,
};
use crate::exports::{check_layout_schema_with, naga_validate, shadertoy_harness, spirv_val};
use ropkit::export::{ExportError, Exporter, FORMATS, Format, Source};
use ropkit::library::Library;
use ropkit::network::Network;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// What one preset came to in one format.
#[derive(Debug, Clone, PartialEq)]
enum Cell {
    Exported,
    /// Refused: the short reason the README shows.
    Refused(String),
}

/// A preset's name and what it came to in each format.
type Row = (String, Vec<(Format, Cell)>);

/// The order the formats are written in: the layout's build first (the
/// cheapest refusals come from it), then the others.
fn formats_in_build_order() -> Vec<Format> {
    let mut v: Vec<&ropkit::export::FormatInfo> = FORMATS.iter().collect();
    v.sort_by_key(|f| Source::ALL.iter().position(|s| *s == f.source));
    v.into_iter().map(|f| f.format).collect()
}

/// Time spent exporting (builds included) and validating, over all threads.
#[derive(Default)]
struct Spent {
    export: Duration,
    validate: Duration,
}

#[test]
fn every_preset_exports_to_every_format_or_is_refused_by_node() {
    let start = Instant::now();
    let lib = library();
    let presets = presets();
    let order = formats_in_build_order();
    let next = AtomicUsize::new(0);
    let rows: Mutex<Vec<Row>> = Mutex::new(Vec::new());
    let failures = Mutex::new(Vec::<String>::new());
    let spent = Mutex::new(Spent::default());
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get().min(4));
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(path) = presets.get(i) else { break };
                    let name = path.file_stem().unwrap().to_string_lossy().to_string();
                    let net = Network::load(path, &lib).unwrap_or_else(|e| panic!("{name}: {e}"));
                    let (cells, mut problems, t) = preset_row(&lib, &net, &name, &order);
                    failures.lock().unwrap().append(&mut problems);
                    rows.lock().unwrap().push((name, cells));
                    let mut sp = spent.lock().unwrap();
                    sp.export += t.export;
                    sp.validate += t.validate;
                }
            });
        }
    });
    let mut rows = rows.into_inner().unwrap();
    rows.sort_by(|a, b| a.0.cmp(&b.0));
    let failures = failures.into_inner().unwrap();
    let spent = spent.into_inner().unwrap();
    eprintln!(
        "conformance: {} presets x {} formats in {:.1} s on {threads} threads (exports and builds {:.1} s, validators {:.1} s, summed over threads)",
        rows.len(),
        FORMATS.len(),
        start.elapsed().as_secs_f64(),
        spent.export.as_secs_f64(),
        spent.validate.as_secs_f64()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    readme_table(&markdown(&rows));
}

/// One preset through every format: its cells, what failed, the time spent.
fn preset_row(
    lib: &Library,
    net: &Network,
    name: &str,
    order: &[Format],
) -> (Vec<(Format, Cell)>, Vec<String>, Spent) {
    let ex = Exporter::new(net, lib);
    let mut cells = Vec::new();
    let mut failures = Vec::new();
    let mut spent = Spent::default();
    for &format in order {
        let t = Instant::now();
        let result = ex.export(format);
        spent.export += t.elapsed();
        let cell = match result {
            Ok(bytes) => {
                let t = Instant::now();
                let checked = catch_unwind(AssertUnwindSafe(|| {
                    validate(format, &bytes, &ex, net, lib, name)
                }));
                spent.validate += t.elapsed();
                if let Err(panic) = checked {
                    let message = panic
                        .downcast_ref::<String>()
                        .cloned()
                        .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                        .unwrap_or_default();
                    failures.push(format!("{name} {format}: {message}"));
                }
                Cell::Exported
            }
            Err(e) => match short_reason(&e) {
                Some(reason) => Cell::Refused(reason),
                None => {
                    failures.push(format!(
                        "{name} {format}: neither exported nor refused naming a node: {e}"
                    ));
                    Cell::Refused("?".into())
                }
            },
        };
        cells.push((format, cell));
    }
    cells.sort_by_key(|(f, _)| FORMATS.iter().position(|r| r.format == *f));
    (cells, failures, spent)
}

/// The README's words for a refusal, when it is one that names the node
/// (a typed refusal); `None` for any other error.
fn short_reason(e: &ExportError) -> Option<String> {
    let text = match e {
        ExportError::Refused { feature, .. } => {
            feature.split("; ").next().unwrap_or(feature).to_string()
        }
        ExportError::Data {
            nodes,
            texels,
            reason,
            ..
        } => {
            let limit = if reason.contains("DATA_INLINE_TEXELS") {
                "DATA_INLINE_TEXELS"
            } else {
                "one statement's GLSL_STATEMENT_TOKENS"
            };
            format!("{texels} texels of data ({nodes}): constants in the code, over {limit}")
        }
        ExportError::Texture {
            path,
            node,
            message,
        } => format!(
            "{} (node {node}): {}",
            path.display(),
            message.split("; ").next().unwrap_or(message)
        ),
        _ => return None,
    };
    let root = format!("{}/", root().display());
    let text = text.replace(&root, "");
    text.contains("node /").then_some(text)
}

/// Reads one output back with its format's validator (panics on failure).
fn validate(format: Format, bytes: &[u8], ex: &Exporter, net: &Network, lib: &Library, name: &str) {
    let what = format!("{name} {format}");
    let text = || std::str::from_utf8(bytes).expect("text exports are UTF-8");
    match format {
        Format::Glsl => assert_glslang(text(), &what),
        Format::Json => {
            let built = ex.layout().unwrap();
            check_layout_schema_with(
                text(),
                net,
                lib,
                &built.shader.glsl,
                &built.shader.source_map,
            );
        }
        Format::Wgsl => {
            let module = naga::front::wgsl::parse_str(text())
                .unwrap_or_else(|e| panic!("{what}: {}", e.emit_to_string(text())));
            naga_validate(&module, &what);
        }
        Format::Spirv => {
            spirv_val(bytes, &what);
            let module = naga::front::spv::parse_u8_slice(bytes, &Default::default())
                .unwrap_or_else(|e| panic!("{what}: naga cannot read the SPIR-V back: {e}"));
            naga_validate(&module, &what);
            let entries: Vec<_> = module
                .entry_points
                .iter()
                .map(|e| (e.name.as_str(), e.stage))
                .collect();
            assert_eq!(entries, [("main", naga::ShaderStage::Fragment)], "{what}");
        }
        Format::Hlsl => {
            let entry = entry_point(text(), "Entry point: ");
            glslang_hlsl_unlegalized(text(), &entry, &what);
        }
        Format::Msl => {
            // No Metal compiler here: the module it is written from passed
            // naga's validator when it was built; the fragment function is
            // there, and every resource has a slot.
            let entry = entry_point(text(), "Fragment function: ");
            assert!(
                text().contains(&format!("Output {entry}(")),
                "{what}: no fragment function {entry}"
            );
            assert!(
                !text().contains("fake"),
                "{what}: a resource without a slot"
            );
        }
        Format::Shadertoy => {
            let channels = ex.shadertoy().unwrap().textures.len();
            assert_glslang(&shadertoy_harness(text(), channels), &what);
        }
        Format::Html => self_contained_page(text(), &what),
        Format::Godot | Format::Godot3 => glslang_gl(&godot_as_glsl(text()), &what),
        Format::TouchDesigner => {
            let inputs = ex.engine().unwrap().shader.textures.len();
            glslang_gl(&(touchdesigner_prelude(inputs) + text()), &what);
        }
        Format::Unity => {
            glslang_hlsl_unlegalized(&unity_as_hlsl(text()), "rk_fragment", &what);
        }
        Format::Unreal => {
            let args: Vec<String> = unreal_inputs(text())
                .iter()
                .map(|(_, ty)| format!("(({ty})0)"))
                .collect();
            glslang_hlsl_unlegalized(&unreal_as_hlsl(text(), &args), "main", &what);
        }
    }
}

/// A web page is one file that asks for nothing outside itself (its
/// content policy forbids it, and nothing in it names another file), with
/// a scene block that parses and a shader glslang reads as GLSL ES 3.00.
/// (Drawing pages in Chromium is the web tests' business: too slow for
/// every preset.)
fn self_contained_page(page: &str, what: &str) {
    assert!(
        page.contains("default-src 'none'"),
        "{what}: no content policy"
    );
    let mut lower = page.to_ascii_lowercase();
    // A link the reader may follow ("Made with ropkit") fetches nothing:
    // anchors are taken out; the icon must be a data: URL.
    while let Some(a) = lower.find("<a href=\"") {
        let end = a + lower[a..].find('>').expect("the anchor ends");
        lower.replace_range(a..=end, "");
    }
    lower = lower.replace("<link rel=\"icon\" href=\"data:", "");
    for outside in [
        "src=\"http",
        "href=\"http",
        "url(http",
        "<link ",
        "<script src",
        "<iframe",
        "import(",
        "fetch(\"http",
        "xmlhttprequest",
        "websocket",
    ] {
        assert!(!lower.contains(outside), "{what}: `{outside}` in the page");
    }
    let start = page
        .find("<script type=\"application/json\" id=\"ropkit-scene\">")
        .expect("the scene block");
    let block = &page[start..];
    let block = &block[block.find('>').unwrap() + 1..block.find("</script>").unwrap()];
    let scene: serde_json::Value =
        serde_json::from_str(block).unwrap_or_else(|e| panic!("{what}: the scene block: {e}"));
    let shader = scene["shader"].as_str().expect("the page's shader");
    assert!(shader.starts_with("#version 300 es"), "{what}");
    glslang_gl(shader, what);
}

/// The table: a row per preset, a column per format; a refusal is a
/// footnote number, the footnotes follow the table.
fn markdown(rows: &[Row]) -> String {
    let mut notes: Vec<String> = Vec::new();
    let mut s = String::from("| preset |");
    for f in FORMATS {
        s += &format!(" `{}` |", f.name);
    }
    s += "\n|---|";
    s += &"---|".repeat(FORMATS.len());
    s.push('\n');
    for (name, cells) in rows {
        s += &format!("| `{name}` |");
        for (_, cell) in cells {
            match cell {
                Cell::Exported => s += " ✓ |",
                Cell::Refused(reason) => {
                    let k = match notes.iter().position(|n| n == reason) {
                        Some(k) => k,
                        None => {
                            notes.push(reason.clone());
                            notes.len() - 1
                        }
                    };
                    s += &format!(" ✗ {} |", k + 1);
                }
            }
        }
        s.push('\n');
    }
    s.push('\n');
    for (k, note) in notes.iter().enumerate() {
        s += &format!("{}. {note}\n", k + 1);
    }
    s
}

/// Between the README's `formats` markers: the table, rewritten under
/// `ROPKIT_BLESS=1`, else compared.
fn readme_table(table: &str) {
    let path = root().join("README.md");
    let readme = std::fs::read_to_string(&path).unwrap();
    let (start, end) = ("<!-- formats -->\n", "<!-- /formats -->");
    let a = readme.find(start).expect("the README's formats marker") + start.len();
    let b = readme[a..]
        .find(end)
        .expect("the README's end-of-formats marker")
        + a;
    if std::env::var("ROPKIT_BLESS").is_ok_and(|v| v == "1") {
        std::fs::write(&path, format!("{}{table}{}", &readme[..a], &readme[b..])).unwrap();
        return;
    }
    assert_eq!(
        &readme[a..b],
        table,
        "the README's table of presets and formats differs from what the exports do (ROPKIT_BLESS=1 rewrites it)"
    );
}
