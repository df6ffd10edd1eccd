//! `ropkit export --format html`: the network as one self-contained web
//! page. WebGL2 draws the network's shader: ropkit builds it for the web
//! target ([`Mode::Web`]: live parameters in the uniform block, the page's
//! entry point), and naga's GLSL ES 3.00 writer turns the validated module
//! into WebGL2 code. The page is a template (`web/page.html`, `page.css`,
//! `page.js`) filled with one JSON block describing the scene: the shader
//! and the names naga gave its blocks, every parameter with its slot,
//! range, style and help, the camera to orbit from, and the textures as
//! data: URLs.

use super::{ExportError, value_json};
use crate::build::Built;
use crate::compile::Compiled;
use crate::generate::{Mode, Shader};
use crate::library::Library;
use crate::network::Network;
use crate::resolve::Resolution;
use crate::value::ParamValue;
use base64::Engine as _;
use serde_json::{Value as Json, json};
use std::path::{Path, PathBuf};

const PAGE: &str = include_str!("web/page.html");
const STYLE: &str = include_str!("web/page.css");
const SCRIPT: &str = include_str!("web/page.js");
/// Where the page's script takes the globals' packing ([`crate::globals::web_js`]).
const GLOBALS_MARKER: &str = "/* ropkit:globals */";

/// The page for `net`, from its web build (`Mode::Web`). Texture paths are looked up in `asset_dirs` (first
/// match wins), then among the built-in assets.
pub fn page(
    built: &Built,
    net: &Network,
    lib: &Library,
    asset_dirs: &[PathBuf],
) -> Result<String, ExportError> {
    debug_assert_eq!(built.shader.mode, Mode::Web);
    let es = glsl_es(
        built
            .compiled()
            .map_err(|e| ExportError::Web(e.to_string()))?,
    )?;
    let shader = &built.shader;
    let title = net
        .file
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| "ropkit scene".into());
    // The names naga gave the two blocks and the texture uniforms.
    let block = |binding: u32| {
        es.blocks
            .iter()
            .find(|(b, _)| *b == binding)
            .map(|(_, name)| name.clone())
    };
    let scene = json!({
        "title": title,
        "shader": es.text,
        "blocks": {
            "globals": block(0),
            "params": shader.params_binding.and_then(block),
        },
        "vec4s": shader.param_vec4s,
        "nodes": nodes(&built.resolution, net),
        "functions": shader.names.iter().map(|(path, name)| (name.clone(), json!(path))).collect::<serde_json::Map<_, _>>(),
        "params": live_params(shader, net, lib),
        "fixed": fixed_params(&built.resolution, net, lib),
        "camera": camera(shader, net, lib),
        "textures": textures(shader, &es.samplers, asset_dirs)?,
    });
    // `<` only ever occurs inside JSON strings, where `\u003c` stands for
    // it: the block can then never close its <script> element early.
    let scene = serde_json::to_string(&scene)
        .unwrap_or_default()
        .replace('<', "\\u003c");
    let generator = format!("ropkit {}", env!("CARGO_PKG_VERSION"));
    Ok(fill(
        PAGE,
        &[
            ("TITLE", &escape_html(&title)),
            ("GENERATOR", &generator),
            ("STYLE", STYLE),
            ("SCENE", &scene),
            ("SCRIPT", &script()),
        ],
    ))
}

/// The page's script, with the globals' packing written from their table.
fn script() -> String {
    debug_assert!(SCRIPT.contains(GLOBALS_MARKER));
    SCRIPT.replacen(GLOBALS_MARKER, &crate::globals::web_js(), 1)
}

/// The page's shader as naga writes it for WebGL2, with the names it gave
/// the uniform blocks and the combined texture samplers, by binding.
struct GlslEs {
    text: String,
    blocks: Vec<(u32, String)>,
    samplers: Vec<(u32, String)>,
}

/// GLSL ES 3.00 from the validated module: naga's writer lowers what
/// WebGL's rules forbid in ropkit's own GLSL (`?:` on structs, among
/// others), so whatever ropkit renders, the page compiles.
fn glsl_es(compiled: &Compiled) -> Result<GlslEs, ExportError> {
    use naga::back::glsl;
    let options = glsl::Options {
        version: glsl::Version::Embedded {
            version: 300,
            is_webgl: true,
        },
        ..Default::default()
    };
    let pipeline = glsl::PipelineOptions {
        shader_stage: naga::ShaderStage::Fragment,
        entry_point: "main".into(),
        multiview: None,
    };
    let module = &compiled.module;
    let mut text = String::new();
    let reflection = glsl::Writer::new(
        &mut text,
        module,
        &compiled.info,
        &options,
        &pipeline,
        naga::proc::BoundsCheckPolicies::default(),
    )
    .and_then(|mut w| w.write())
    .map_err(|e| ExportError::Web(format!("naga's GLSL ES writer: {e}")))?;
    let binding = |h: naga::Handle<naga::GlobalVariable>| {
        module.global_variables[h]
            .binding
            .as_ref()
            .map(|b| b.binding)
    };
    let blocks = reflection
        .uniforms
        .iter()
        .filter_map(|(h, name)| Some((binding(*h)?, name.clone())))
        .collect();
    let samplers = reflection
        .texture_mapping
        .iter()
        .filter_map(|(name, m)| Some((binding(m.texture)?, name.clone())))
        .collect();
    Ok(GlslEs {
        text,
        blocks,
        samplers,
    })
}

/// The folders textures are found in when the caller names none: the
/// network's folder, then its project folder (the current folder for a
/// built-in network).
pub fn default_asset_dirs(net: &Network) -> Vec<PathBuf> {
    // As the renderer looks them up (the project folder, never above it).
    crate::project::Project::embedded(Path::new("")).asset_dirs(&net.file)
}

/// Replaces each `{{KEY}}` of `template` in one pass, so that nothing a
/// value holds is ever read as a placeholder.
fn fill(template: &str, values: &[(&str, &str)]) -> String {
    let mut out =
        String::with_capacity(template.len() + values.iter().map(|v| v.1.len()).sum::<usize>());
    let mut rest = template;
    while let Some(start) = rest.find("{{") {
        out.push_str(&rest[..start]);
        let after = &rest[start + 2..];
        match after.find("}}").and_then(|end| {
            values
                .iter()
                .find(|(k, _)| *k == &after[..end])
                .map(|v| (end, v.1))
        }) {
            Some((end, value)) => {
                out.push_str(value);
                rest = &after[end + 2..];
            }
            None => {
                out.push_str("{{");
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

fn escape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// The nodes in the shader's order (inputs first), for grouping the controls.
fn nodes(res: &Resolution, net: &Network) -> Vec<Json> {
    res.nodes
        .iter()
        .map(|n| json!({ "path": n.path, "rop": net.nodes[&n.path].rop }))
        .collect()
}

/// Every uniform parameter with where it lives and how to offer it.
fn live_params(shader: &Shader, net: &Network, lib: &Library) -> Vec<Json> {
    shader
        .params
        .iter()
        .map(|s| {
            let node = net.nodes.get(&s.node);
            let def = node.and_then(|n| n.def(lib));
            let pdef = def.and_then(|d| d.param(&s.param));
            let value = node
                .zip(def)
                .and_then(|(n, d)| n.value(d, &s.param))
                .unwrap_or(&s.default);
            // A field on the input that drives the parameter overrides its value.
            let driven = node.zip(def).and_then(|(n, d)| {
                let slot = d.inputs.iter().position(|i| i.drives.as_deref() == Some(&s.param))?;
                n.input(slot)
            });
            json!({
                "node": s.node,
                "param": s.param,
                "label": pdef.map(|p| p.label.as_str()).filter(|l| !l.is_empty()).unwrap_or(&s.param),
                "help": pdef.map(|p| p.help.as_str()).unwrap_or(""),
                "style": s.style.as_str(),
                "suffixes": s.style.component_suffixes(),
                "slot": s.slot,
                "offset": s.offset,
                "components": s.components,
                "value": value_json(value),
                "default": value_json(&s.default),
                "min": s.min,
                "max": s.max,
                "driven": driven,
            })
        })
        .collect()
}

/// Parameters compiled into the shader (menus, macro parameters, strings,
/// textures): shown for reference, changed only by exporting again.
fn fixed_params(res: &Resolution, net: &Network, lib: &Library) -> Vec<Json> {
    let mut out = Vec::new();
    for n in &res.nodes {
        let node = &net.nodes[&n.path];
        let Some(def) = node.def(lib) else { continue };
        for p in def.params.iter().filter(|p| !p.is_uniform()) {
            let value = node.value(def, &p.name).unwrap_or(&p.default);
            out.push(json!({
                "node": n.path,
                "param": p.name,
                "label": if p.label.is_empty() { &p.name } else { &p.label },
                "help": p.help,
                "style": p.style.as_str(),
                "value": value_json(value),
                "default": value_json(&p.default),
                "options": p.options,
            }));
        }
    }
    out
}

/// Where the orbit camera starts: the network camera's position and target
/// (as the viewer's orbit starts), or `null` when the output has no camera
/// to override (a 2D output).
fn camera(shader: &Shader, net: &Network, lib: &Library) -> Json {
    if !shader.glsl.contains("rk_camPos") {
        return Json::Null;
    }
    let (mut yaw, mut pitch, mut distance) = (0.6f64, 0.35f64, 8.0f64);
    let (mut target, mut fov) = ([0.0, 0.5, 0.0], 45.0f64);
    let cam = net
        .nodes
        .get(&net.output)
        .and_then(|o| o.input(1))
        .and_then(|c| net.nodes.get(c))
        .and_then(|c| Some((c, c.def(lib)?)));
    if let Some((cam, def)) = cam {
        let v3 = |name: &str| match cam.value(def, name) {
            Some(ParamValue::Vector(v)) if v.len() == 3 => Some([v[0], v[1], v[2]]),
            _ => None,
        };
        if let (Some(pos), Some(t)) = (v3("Position"), v3("Target")) {
            let d = [pos[0] - t[0], pos[1] - t[1], pos[2] - t[2]];
            distance = (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt().max(0.01);
            target = t;
            pitch = (d[1] / distance).asin();
            yaw = d[0].atan2(d[2]);
        }
        if let Some(ParamValue::Float(f)) = cam.value(def, "Fov") {
            fov = *f;
        }
    }
    json!({ "start": { "yaw": yaw, "pitch": pitch, "distance": distance, "target": target, "fov": fov } })
}

/// Each texture binding with its file as a data: URL (PNG or JPEG, which
/// every browser decodes), or without one for a blank binding.
fn textures(
    shader: &Shader,
    samplers: &[(u32, String)],
    asset_dirs: &[PathBuf],
) -> Result<Vec<Json>, ExportError> {
    let limit = crate::limits::PAGE_TEXTURE_BYTES;
    let mut total = 0u64;
    let mut out = Vec::new();
    for t in &shader.textures {
        // A texture the shader never samples has no uniform: nothing to bind.
        let Some(uniform) = samplers.iter().find(|(b, _)| *b == t.binding).map(|s| &s.1) else {
            continue;
        };
        let mut entry = json!({ "uniform": uniform, "path": t.path, "node": t.node });
        if t.data {
            // The data texture: 32-bit floats, little-endian, as the page
            // uploads them (RGBA32F, DATA_WIDTH texels to a row).
            let width = crate::data::DATA_WIDTH;
            let height = shader.data.len().div_ceil(width).max(1);
            let mut bytes = Vec::with_capacity(width * height * 16);
            for v in shader.data.iter().flatten() {
                bytes.extend_from_slice(&v.to_le_bytes());
            }
            bytes.resize(width * height * 16, 0);
            total += bytes.len() as u64;
            if total > limit {
                return Err(ExportError::Texture {
                    path: PathBuf::from("(data parameters)"),
                    node: t.node.clone(),
                    message: format!(
                        "the page's data and textures come to {}; a page embeds at most {} (PAGE_TEXTURE_BYTES)",
                        crate::files::human_size(total),
                        crate::files::human_size(limit)
                    ),
                });
            }
            entry["data"] = json!(base64::engine::general_purpose::STANDARD.encode(&bytes));
            entry["width"] = json!(width);
            entry["height"] = json!(height);
            out.push(entry);
            continue;
        }
        if !t.path.is_empty() {
            let fail = |path: &Path, message: String| ExportError::Texture {
                path: path.to_path_buf(),
                node: t.node.clone(),
                message,
            };
            let (file, bytes) = read_texture(&t.path, asset_dirs).map_err(|(p, m)| fail(&p, m))?;
            total += bytes.len() as u64;
            if total > limit {
                return Err(fail(
                    &file,
                    format!(
                        "the page's textures come to {} with this one; a page embeds at most {} (PAGE_TEXTURE_BYTES)",
                        crate::files::human_size(total),
                        crate::files::human_size(limit)
                    ),
                ));
            }
            if is_high_dynamic_range(&bytes) {
                return Err(fail(
                    &file,
                    "a web page cannot carry a high dynamic range image (Radiance .hdr or OpenEXR): \
                     browsers decode PNG and JPEG only, and the page has no float textures; \
                     export the environment as a PNG (it loses the light above 1) or use \
                     `ropkit render` or another export format"
                        .into(),
                ));
            }
            let mime = image_type(&bytes).ok_or_else(|| {
                fail(
                    &file,
                    "a web page embeds PNG and JPEG images only (browsers decode no other kind)"
                        .into(),
                )
            })?;
            let data = base64::engine::general_purpose::STANDARD.encode(&bytes);
            entry["src"] = json!(format!("data:{mime};base64,{data}"));
        }
        out.push(entry);
    }
    Ok(out)
}

/// The file a texture path names, read: from the first asset folder that
/// holds it (never outside that folder, through a symlink or `..`), else
/// the built-in assets.
pub fn read_texture(
    path: &str,
    asset_dirs: &[PathBuf],
) -> Result<(PathBuf, Vec<u8>), (PathBuf, String)> {
    let fail = |file: &Path, message: String| (file.to_path_buf(), message);
    let found = asset_dirs
        .iter()
        .map(|d| (d, d.join(path)))
        .find(|(_, p)| std::fs::symlink_metadata(p).is_ok());
    match found {
        Some((dir, file)) => {
            // Checked and read through one handle below the folder.
            let bytes = crate::files::read_bytes_beneath(
                dir,
                Path::new(path),
                crate::limits::TEXTURE_FILE_BYTES,
            )
            .map_err(|e| fail(&file, e.to_string()))?;
            Ok((file, bytes))
        }
        None => crate::builtin::asset(Path::new(path))
            .map(|b| (PathBuf::from(path), b.to_vec()))
            .ok_or_else(|| fail(Path::new(path), "file not found".into())),
    }
}

/// The files on disk a shader's textures come from (built-in ones are not
/// files): what writing the page must never replace.
pub fn texture_files(shader: &Shader, asset_dirs: &[PathBuf]) -> Vec<PathBuf> {
    shader
        .textures
        .iter()
        .filter(|t| !t.path.is_empty())
        .filter_map(|t| {
            asset_dirs
                .iter()
                .map(|d| d.join(&t.path))
                .find(|p| std::fs::symlink_metadata(p).is_ok())
        })
        .collect()
}

/// Radiance (`#?RADIANCE`, `#?RGBE`) and OpenEXR files, by their first bytes.
fn is_high_dynamic_range(bytes: &[u8]) -> bool {
    bytes.starts_with(b"#?RADIANCE")
        || bytes.starts_with(b"#?RGBE")
        || bytes.starts_with(&[0x76, 0x2f, 0x31, 0x01])
}

fn image_type(bytes: &[u8]) -> Option<&'static str> {
    if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        Some("image/png")
    } else if bytes.starts_with(&[0xff, 0xd8, 0xff]) {
        Some("image/jpeg")
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fill_replaces_placeholders_once() {
        let page = fill("a {{X}} b {{Y}} {{Z}} }}", &[("X", "{{Y}}"), ("Y", "y")]);
        assert_eq!(page, "a {{Y}} b y {{Z}} }}");
    }
}
