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
    let compiled = built
        .compiled()
        .map_err(|e| ExportError::Web(e.to_string()))?;
    let es = glsl_es(compiled)?;
    let animated = reads_time(compiled);
    // A 3D output reads the orbit camera's override; a 2D one does not.
    let orbits = reads_global(compiled, "rk_camPos");
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
        "camera": if orbits { camera(net, lib) } else { Json::Null },
        "view2d": if orbits { Json::Null } else { view_2d(shader, net) },
        "animated": animated,
        "textures": textures(shader, &es.samplers, asset_dirs)?,
        "network": embedded_network(net, lib, asset_dirs),
    });
    // `<` only ever occurs inside JSON strings, where `\u003c` stands for
    // it: the block can then never close its <script> element early.
    let scene = serde_json::to_string(&scene)
        .unwrap_or_default()
        .replace('<', "\\u003c");
    let generator = format!("ropkit {}", env!("CARGO_PKG_VERSION"));
    let description = description(&title, net, shader);
    Ok(fill(
        PAGE,
        &[
            ("TITLE", &escape_html(&title)),
            ("DESCRIPTION", &escape_html(&description)),
            ("FAVICON", FAVICON),
            ("VERSION", env!("CARGO_PKG_VERSION")),
            ("PROJECT", PROJECT_URL),
            ("THUMBNAIL_META", THUMBNAIL_MARKER),
            ("GENERATOR", &generator),
            ("STYLE", STYLE),
            ("SCENE", &scene),
            ("SCRIPT", &script()),
        ],
    ))
}

/// Where the page's "Made with ropkit" leads: the package's repository.
const PROJECT_URL: &str = match option_env!("CARGO_PKG_REPOSITORY") {
    Some(url) if !url.is_empty() => url,
    _ => "https://crates.io/crates/ropkit",
};

/// Where [`with_thumbnail`] puts the picture's meta tags.
const THUMBNAIL_MARKER: &str = "<!-- ropkit:thumbnail -->";

/// The page with a small picture of the scene (a PNG, rendered when the
/// page is written) as its `og:image`, as a data: URL; the page also shows
/// it while the shader compiles. A page without the marker is returned as
/// it is.
pub fn with_thumbnail(page: &str, png: &[u8], width: u32, height: u32) -> String {
    let data = base64::engine::general_purpose::STANDARD.encode(png);
    let meta = format!(
        "<meta property=\"og:image\" content=\"data:image/png;base64,{data}\">\n\
         <meta property=\"og:image:type\" content=\"image/png\">\n\
         <meta property=\"og:image:width\" content=\"{width}\">\n\
         <meta property=\"og:image:height\" content=\"{height}\">"
    );
    page.replacen(THUMBNAIL_MARKER, &meta, 1)
}

/// The page's icon: ropkit's mark (a sphere's distance bands), as SVG.
const FAVICON: &str = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' rx='6' fill='%231b1d21'/%3E%3Ccircle cx='16' cy='16' r='13' fill='none' stroke='%23e09a4d' stroke-width='2'/%3E%3Ccircle cx='16' cy='16' r='8.5' fill='none' stroke='%23e09a4d' stroke-width='2' opacity='.6'/%3E%3Ccircle cx='16' cy='16' r='4.5' fill='%23a6d8ff'/%3E%3C/svg%3E";

/// One line about the scene for the description meta: the network's own
/// comment where it has one, else what it is made of.
fn description(title: &str, net: &Network, shader: &Shader) -> String {
    let comment: String = net
        .comment
        .lines()
        .map(|l| l.trim_start_matches('#').trim())
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    let mut text = if comment.is_empty() {
        format!(
            "{title}: a raymarched scene of {} nodes ({}), made with ropkit",
            net.nodes.len(),
            shader.rops.join(", ")
        )
    } else {
        comment
    };
    if text.chars().count() > 300 {
        text = text.chars().take(299).collect::<String>() + "…";
    }
    text
}

/// A 2D output's view: the parameters that place it (its centre and the
/// height it shows), found along the output's first inputs, so the page
/// pans and zooms by changing them. `null` for a 3D output.
fn view_2d(shader: &Shader, net: &Network) -> Json {
    let live = |node: &str, param: &str, n: usize| {
        shader
            .params
            .iter()
            .any(|s| s.node == node && s.param == param && s.components == n)
    };
    let mut at = Some(net.output.clone());
    for _ in 0..net.nodes.len() {
        let Some(path) = at else { break };
        if live(&path, "Center", 2) && live(&path, "Zoom", 1) {
            return json!({ "center": format!("{path}.Center"), "zoom": format!("{path}.Zoom") });
        }
        at = net
            .nodes
            .get(&path)
            .and_then(|n| n.input(0))
            .map(str::to_string);
    }
    Json::Null
}

/// The network as the page offers it for download, to open with `ropkit
/// view`: its YAML, and the files it reads from the project (not the
/// built-in assets, which every ropkit has), each saved beside the YAML
/// under its file name, the YAML naming them so. Files past
/// [`crate::limits::PAGE_NETWORK_FILES_BYTES`] together, folders and numbered patterns
/// (stacks of images) stay out, listed in `left` with the reason.
fn embedded_network(net: &Network, lib: &Library, asset_dirs: &[PathBuf]) -> Json {
    use crate::limits::PAGE_NETWORK_FILES_BYTES;
    use crate::types::ParamStyle;
    let name = net
        .file
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".yaml") || n.ends_with(".yml"))
        .unwrap_or_else(|| "network.yaml".into());
    let mut copy = net.clone();
    let mut files: Vec<Json> = Vec::new();
    let mut left: Vec<Json> = Vec::new();
    // Each file once, by the path the network writes: its name beside the YAML.
    let mut named: std::collections::BTreeMap<String, String> = Default::default();
    let mut total = 0u64;
    for (path, node) in &net.nodes {
        let Some(def) = node.def(lib) else { continue };
        for p in &def.params {
            if !matches!(
                p.style,
                ParamStyle::Texture | ParamStyle::Volume | ParamStyle::Font | ParamStyle::Points
            ) {
                continue;
            }
            let Some(ParamValue::Text(file)) = node.params.get(&p.name) else {
                continue;
            };
            if file.is_empty() {
                continue;
            }
            let flat = if let Some(flat) = named.get(file) {
                flat.clone()
            } else {
                let Some(dir) = asset_dirs
                    .iter()
                    .find(|d| std::fs::symlink_metadata(d.join(file)).is_ok())
                else {
                    // A built-in asset (every ropkit has it), or missing.
                    continue;
                };
                let why = |why: &str| json!({ "path": file, "node": path, "why": why });
                if crate::volume::is_pattern(file) || dir.join(file).is_dir() {
                    left.push(why("a stack of images: copy the folder beside the network"));
                    continue;
                }
                let room = PAGE_NETWORK_FILES_BYTES - total;
                let size = std::fs::metadata(dir.join(file))
                    .map(|m| m.len())
                    .unwrap_or(0);
                let read = if size > room {
                    Err(format!(
                        "{} is over the {} a page carries of the network's files together (PAGE_NETWORK_FILES_BYTES)",
                        crate::files::human_size(size),
                        crate::files::human_size(PAGE_NETWORK_FILES_BYTES)
                    ))
                } else {
                    crate::files::read_bytes_beneath(dir, Path::new(file), room)
                        .map_err(|e| e.to_string())
                };
                let bytes = match read {
                    Ok(b) => b,
                    Err(e) => {
                        left.push(why(&e));
                        continue;
                    }
                };
                total += bytes.len() as u64;
                let base = Path::new(file)
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_else(|| "file".into());
                // Two files of one name from two folders: the second gets a number.
                let mut flat = base.clone();
                let mut k = 2;
                while flat == name || named.values().any(|v| *v == flat) {
                    flat = format!("{k}-{base}");
                    k += 1;
                }
                named.insert(file.clone(), flat.clone());
                files.push(json!({
                    "name": flat,
                    "path": file,
                    "data": base64::engine::general_purpose::STANDARD.encode(&bytes),
                }));
                flat
            };
            if let Some(n) = copy.nodes.get_mut(path) {
                n.params.insert(p.name.clone(), ParamValue::Text(flat));
            }
        }
    }
    json!({
        "name": name,
        "text": copy.to_yaml(lib),
        "files": files,
        "left": left,
        "limit": PAGE_NETWORK_FILES_BYTES,
    })
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
fn camera(net: &Network, lib: &Library) -> Json {
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
    let mut carried: std::collections::HashMap<String, usize> = Default::default();
    for t in &shader.textures {
        // A texture the shader never samples has no uniform: nothing to bind.
        let Some(uniform) = samplers.iter().find(|(b, _)| *b == t.binding).map(|s| &s.1) else {
            continue;
        };
        let mut entry = json!({ "uniform": uniform, "path": t.path, "node": t.node });
        // A file two nodes read travels once: the later binding names the
        // entry that carries it.
        let key = format!("{}\u{0}{:?}", t.path, t.volume);
        if !t.data && !t.path.is_empty() {
            if let Some(&k) = carried.get(&key) {
                entry["shared"] = json!(k);
                out.push(entry);
                continue;
            }
            carried.insert(key, out.len());
        }
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
        let fail = |path: &Path, message: String| ExportError::Texture {
            path: path.to_path_buf(),
            node: t.node.clone(),
            message,
        };
        let over = |total: u64| {
            format!(
                "the page's textures come to {} with this one; a page embeds at most {} (PAGE_TEXTURE_BYTES)",
                crate::files::human_size(total),
                crate::files::human_size(limit)
            )
        };
        if t.volume.is_some() {
            let (size, four_bytes, bytes) = volume(t, asset_dirs).map_err(|(p, m)| fail(&p, m))?;
            total += bytes.len() as u64;
            if total > limit {
                return Err(fail(Path::new(&t.path), over(total)));
            }
            entry["volume"] = json!(base64::engine::general_purpose::STANDARD.encode(&bytes));
            entry["bytes"] = json!(four_bytes);
            entry["width"] = json!(size[0]);
            entry["height"] = json!(size[1]);
            entry["depth"] = json!(size[2]);
            out.push(entry);
            continue;
        }
        if !t.path.is_empty() {
            let (file, bytes) = read_texture(&t.path, asset_dirs).map_err(|(p, m)| fail(&p, m))?;
            if is_high_dynamic_range(&bytes) {
                // Linear light as 16-bit floats, every mip level (rough
                // surfaces read the blurred ones), as the renderer has it.
                let (levels, texels) = float_levels(&bytes, limit.saturating_sub(total))
                    .map_err(|m| fail(&file, m))?;
                total += texels.len() as u64;
                if total > limit {
                    return Err(fail(&file, over(total)));
                }
                entry["hdr"] = json!(base64::engine::general_purpose::STANDARD.encode(&texels));
                entry["levels"] = json!(levels);
                out.push(entry);
                continue;
            }
            total += bytes.len() as u64;
            if total > limit {
                return Err(fail(&file, over(total)));
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

/// A high dynamic range map's mip levels (`[width, height]` each) and their
/// texels as little-endian 16-bit floats (RGBA), one level after another;
/// refused when they would take more than `room` bytes.
#[cfg(feature = "decode")]
fn float_levels(bytes: &[u8], room: u64) -> Result<(Vec<[u32; 2]>, Vec<u8>), String> {
    let levels =
        crate::decode::images::decode_float_texture(bytes, u64::MAX).map_err(|e| e.to_string())?;
    let need: u64 = levels.iter().map(|l| l.texels.len() as u64 * 8).sum();
    if need > room {
        return Err(format!(
            "the map takes {} as 16-bit floats with its mip levels, more than the {} left of the page's textures (PAGE_TEXTURE_BYTES); make the map smaller",
            crate::files::human_size(need),
            crate::files::human_size(room)
        ));
    }
    let mut out = Vec::with_capacity(need as usize);
    for l in &levels {
        for t in &l.texels {
            for c in t {
                out.extend_from_slice(&half::f16::from_f32(*c).to_le_bytes());
            }
        }
    }
    Ok((levels.iter().map(|l| [l.width, l.height]).collect(), out))
}

#[cfg(not(feature = "decode"))]
fn float_levels(_: &[u8], _: u64) -> Result<(Vec<[u32; 2]>, Vec<u8>), String> {
    Err("this build of ropkit has no image decoders (the `decode` feature): it cannot carry a high dynamic range map".into())
}

/// A volume's voxels as the page uploads them: its size, whether a voxel
/// is four bytes (else four 16-bit floats), and the bytes, x fastest.
type PageVolume = ([u32; 3], bool, Vec<u8>);

/// The voxels of the volume binding `t`, as [`PageVolume`].
#[cfg(feature = "gpu")]
fn volume(
    t: &crate::generate::TextureBinding,
    asset_dirs: &[PathBuf],
) -> Result<PageVolume, (PathBuf, String)> {
    use crate::decode::volumes::VoxelFormat;
    if t.path.is_empty() {
        // An empty path reads as zero everywhere.
        return Ok(([1, 1, 1], true, vec![0; 4]));
    }
    let room = crate::limits::PAGE_TEXTURE_BYTES;
    let v = crate::render::volume_voxels(asset_dirs, t, room).map_err(|e| match e {
        crate::render::RenderError::Texture { path, message, .. } => (path, message),
        e => (PathBuf::from(&t.path), e.to_string()),
    })?;
    Ok((v.size, v.format == VoxelFormat::Bytes, v.bytes))
}

#[cfg(not(feature = "gpu"))]
fn volume(
    t: &crate::generate::TextureBinding,
    _: &[PathBuf],
) -> Result<PageVolume, (PathBuf, String)> {
    Err((
        PathBuf::from(&t.path),
        "this build of ropkit has no volume readers (the `gpu` feature): it cannot carry a volume"
            .into(),
    ))
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

/// Whether the picture changes from one frame to the next on its own: the
/// code the entry point reaches reads `rk_time` (time, frame number or the
/// frame's length).
pub fn reads_time(compiled: &Compiled) -> bool {
    reads_global(compiled, "rk_time")
}

/// Whether the code the entry point reaches reads the member `name` of the
/// per-frame globals ([`crate::globals::SLOTS`]). Functions nothing calls,
/// and expressions nothing uses, do not count; the globals' struct loaded
/// whole counts as a read (nothing else is known of it).
pub fn reads_global(compiled: &Compiled, name: &str) -> bool {
    let module = &compiled.module;
    // The globals block: the global at group 0, binding 0, and its member.
    let Some((global, member)) = module.global_variables.iter().find_map(|(h, g)| {
        let b = g.binding.as_ref()?;
        if (b.group, b.binding) != (0, 0) {
            return None;
        }
        match &module.types[g.ty].inner {
            naga::TypeInner::Struct { members, .. } => {
                let k = members
                    .iter()
                    .position(|m| m.name.as_deref() == Some(name))?;
                Some((h, k as u32))
            }
            _ => None,
        }
    }) else {
        return false;
    };
    let Some((ep, entry)) = module
        .entry_points
        .iter()
        .enumerate()
        .find(|(_, e)| e.stage == naga::ShaderStage::Fragment)
    else {
        return true;
    };
    // A load, used by anything, of the member or of the whole struct
    // (expressions the front end made but nothing uses do not count).
    let reads = |f: &naga::Function, info: &naga::valid::FunctionInfo| {
        use naga::Expression as E;
        let is_global =
            |e: naga::Handle<E>| matches!(f.expressions[e], E::GlobalVariable(g) if g == global);
        let into_time = |mut e: naga::Handle<E>| loop {
            match f.expressions[e] {
                E::AccessIndex { base, index } if is_global(base) => return index == member,
                E::Access { base, .. } if is_global(base) => return true,
                E::AccessIndex { base, .. } | E::Access { base, .. } => e = base,
                _ => return false,
            }
        };
        f.expressions.iter().any(|(h, e)| match *e {
            E::Load { pointer } => {
                info[h].ref_count > 0 && (is_global(pointer) || into_time(pointer))
            }
            _ => false,
        })
    };
    // The functions the entry point reaches, through calls in any block.
    fn calls(block: &naga::Block, out: &mut Vec<naga::Handle<naga::Function>>) {
        for s in block.iter() {
            match s {
                naga::Statement::Call { function, .. } => out.push(*function),
                naga::Statement::Block(b) => calls(b, out),
                naga::Statement::If { accept, reject, .. } => {
                    calls(accept, out);
                    calls(reject, out);
                }
                naga::Statement::Switch { cases, .. } => {
                    cases.iter().for_each(|c| calls(&c.body, out))
                }
                naga::Statement::Loop {
                    body, continuing, ..
                } => {
                    calls(body, out);
                    calls(continuing, out);
                }
                _ => {}
            }
        }
    }
    if reads(&entry.function, compiled.info.get_entry_point(ep)) {
        return true;
    }
    let mut todo = Vec::new();
    calls(&entry.function.body, &mut todo);
    let mut seen = std::collections::HashSet::new();
    while let Some(h) = todo.pop() {
        if !seen.insert(h) {
            continue;
        }
        let f = &module.functions[h];
        if reads(f, &compiled.info[h]) {
            return true;
        }
        calls(&f.body, &mut todo);
    }
    false
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
