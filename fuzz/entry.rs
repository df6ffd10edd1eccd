//! What the fuzz targets drive (`fuzz/fuzz_targets/`), shared with the test
//! that replays every input kept in `tests/fuzz-regressions/`. Each entry
//! point takes any bytes and returns without panicking whatever they hold;
//! on the way it checks what must hold for every input (a saved network
//! reads back the same, messages stay short, the YAML pre-pass keeps the
//! parser's own limits out of reach).

use ropkit::build::build;
use ropkit::expr::{Env, Value};
use ropkit::generate::Mode;
use ropkit::library::Library;
use ropkit::network::Network;
use serde_yaml_ng::Value as Yaml;
use std::path::Path;

/// Bytes read as a sequence of choices (a small stand-in for `arbitrary`
/// that needs no dependency in the test binary): each read takes what it
/// needs from the front, and an exhausted input reads as zeros.
pub struct Choices<'a> {
    data: &'a [u8],
}

impl<'a> Choices<'a> {
    pub fn new(data: &'a [u8]) -> Choices<'a> {
        Choices { data }
    }

    pub fn byte(&mut self) -> u8 {
        match self.data.split_first() {
            Some((b, rest)) => {
                self.data = rest;
                *b
            }
            None => 0,
        }
    }

    /// A number below `n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            return 0;
        }
        let v = u16::from_le_bytes([self.byte(), self.byte()]) as usize;
        v % n
    }

    /// A number, often a plain one, sometimes one of the values that break
    /// naive code (NaN, infinities, values past f32, huge integers).
    pub fn number(&mut self) -> Yaml {
        match self.below(12) {
            0 => Yaml::from(f64::NAN),
            1 => Yaml::from(f64::INFINITY),
            2 => Yaml::from(-1e39),
            3 => Yaml::from(u64::MAX),
            4 => Yaml::from(i64::MIN),
            5 => Yaml::from(self.byte() as i64 - 128),
            _ => {
                let mut b = [0u8; 8];
                for x in &mut b {
                    *x = self.byte();
                }
                let f = f64::from_le_bytes(b);
                Yaml::from(if f.is_finite() { f % 1e4 } else { 0.5 })
            }
        }
    }

    /// Short text: from a small alphabet of what matters to ropkit's
    /// readers, so that random text is often nearly right.
    pub fn text(&mut self) -> String {
        const WORDS: &[&str] = &[
            "a",
            "x",
            "y",
            "assets/",
            "../",
            "/",
            ".png",
            "\0",
            "THIS_",
            "(",
            ")",
            " ",
            "1",
            "color",
            "depth",
            "smoothUnion",
            "\n",
            "'",
            "\"",
            "é",
        ];
        let n = self.below(6);
        (0..n).map(|_| WORDS[self.below(WORDS.len())]).collect()
    }

    /// A YAML value of any shape, a few levels deep at most.
    pub fn yaml(&mut self, depth: usize) -> Yaml {
        match self.below(if depth > 2 { 5 } else { 7 }) {
            0 => Yaml::Null,
            1 => Yaml::Bool(self.byte().is_multiple_of(2)),
            2 | 3 => self.number(),
            4 => Yaml::String(self.text()),
            5 => Yaml::Sequence((0..self.below(5)).map(|_| self.yaml(depth + 1)).collect()),
            _ => {
                let mut m = serde_yaml_ng::Mapping::new();
                for _ in 0..self.below(3) {
                    m.insert(Yaml::String(self.text()), self.yaml(depth + 1));
                }
                Yaml::Mapping(m)
            }
        }
    }

    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }
}

/// Every line of an error message is cut to a readable length.
pub fn assert_readable(message: &str) {
    assert!(!message.trim().is_empty(), "an empty error message");
    // A cut message line, plus a file path and a node named beside it.
    let most = ropkit::limits::MESSAGE_CHARS + 600;
    for line in message.lines() {
        assert!(
            line.chars().count() <= most,
            "a message line of {} characters: {}…",
            line.chars().count(),
            line.chars().take(200).collect::<String>()
        );
    }
}

/// Network text: parsed, and when it parses, saved and parsed again (the
/// same nodes come back) and built.
pub fn network_text(lib: &Library, data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    // What the pre-pass lets through never reaches serde's own limits, which
    // report no position and would mean the pre-pass missed depth or aliases.
    if ropkit::yaml::check(text).is_ok()
        && let Err(e) = serde_yaml_ng::from_str::<Yaml>(text)
    {
        let m = e.to_string();
        assert!(
            !m.contains("recursion limit") && !m.contains("repetition limit"),
            "the YAML pre-pass let through what serde refuses: {m}"
        );
    }
    let file = Path::new("fuzz.yaml");
    match Network::parse(text, file, lib) {
        Err(e) => assert_readable(&e.to_string()),
        Ok(net) => {
            let saved = net.to_yaml(lib);
            let again = Network::parse(&saved, file, lib)
                .unwrap_or_else(|e| panic!("a saved network does not load again: {e}\n{saved}"));
            // Positions are saved rounded to whole units where saving writes
            // them, and as the file wrote them where it keeps the file's text:
            // compared rounded.
            let rounded = |n: &Network| {
                let mut nodes = n.nodes.clone();
                for node in nodes.values_mut() {
                    node.pos = node.pos.map(|[x, y]| [x.round(), y.round()]);
                }
                nodes
            };
            let again_rounded = rounded(&again);
            for (path, node) in rounded(&net) {
                assert_eq!(
                    again_rounded.get(&path),
                    Some(&node),
                    "saving changed node {path}:\n{saved}"
                );
            }
            assert_eq!(again.nodes.len(), net.nodes.len(), "{saved}");
            assert_eq!(again.output, net.output);
            if let Err(e) = build(lib, &net, &Mode::Render.into()) {
                assert_readable(&e.to_string());
            }
        }
    }
}

/// The text of a ROP folder: `rop.yaml`, then, after a line `---8<---`,
/// `function.glsl` (a working one when the input has none). Written into
/// `dir`, loaded into `lib` (which holds the `check` harness), and when it
/// loads, built alone in the harness as `ropkit check` builds it.
pub fn rop_folder(lib: &mut Library, dir: &Path, data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (yaml, function) = match text.split_once("\n---8<---\n") {
        Some((y, f)) => (y, f.to_string()),
        None => (
            text,
            "ReturnT thismap(CoordT p, ContextT ctx) {\n  return createSdf(length(p) - 1.0);\n}\n"
                .to_string(),
        ),
    };
    std::fs::write(dir.join("rop.yaml"), yaml).unwrap();
    std::fs::write(dir.join("function.glsl"), function).unwrap();
    match lib.read_folder(dir) {
        Err(e) => assert_readable(&e.to_string()),
        Ok(mut def) => {
            if def.is_output() {
                return;
            }
            // Under a name of its own: it must not replace a ROP of the library.
            def.name = "fuzzedRop".into();
            lib.rops.insert(def.name.clone(), def.clone());
            for all_inputs in [true, false] {
                let net = ropkit::check::harness_network(&def, all_inputs);
                if let Err(e) = build(lib, &net, &Mode::Render.into()) {
                    assert_readable(&e.to_string());
                }
            }
            lib.rops.remove(&def.name);
        }
    }
}

/// Parameters and inputs a macro-table expression can see.
struct FuzzEnv;

impl Env for FuzzEnv {
    fn param(&self, name: &str) -> Option<Value> {
        Some(match name {
            "Count" => Value::Int(3),
            "Size" => Value::List(vec![
                Value::Float(1.0),
                Value::Float(2.0),
                Value::Float(0.5),
            ]),
            "Mode" => Value::Str("smoothUnion".into()),
            "On" => Value::Bool(true),
            "Radius" => Value::Float(0.25),
            _ => return None,
        })
    }
    fn has_input(&self, index: i64) -> bool {
        index == 1
    }
    fn input_size(&self, index: i64) -> i64 {
        i64::from(index == 1) * 5
    }
    fn coord_type(&self) -> &str {
        "vec3"
    }
    fn context_type(&self) -> &str {
        "Context"
    }
    fn return_type(&self) -> &str {
        "Sdf"
    }
}

/// A macro-table cell, evaluated; what evaluates also passes the syntax check.
pub fn expression(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let syntax = ropkit::expr::check_syntax(text);
    match ropkit::expr::eval(text, &FuzzEnv) {
        Ok(v) => {
            assert!(
                syntax.is_ok(),
                "{text:?} evaluates but fails the syntax check"
            );
            let _ = v.to_text();
            let _ = v.truthy();
        }
        Err(e) => {
            assert!(e.column >= 1, "{text:?}: column 0 in {e}");
        }
    }
}

/// A small network over the real library, made by the editing calls the
/// viewer and Python use (every value through the checked path), then
/// built for a picture, for sampling, and for Shadertoy.
pub fn random_network(lib: &Library, data: &[u8]) {
    let mut c = Choices::new(data);
    let names: Vec<&str> = lib.rops.keys().map(String::as_str).collect();
    let outputs: Vec<&str> = lib
        .rops
        .values()
        .filter(|d| d.is_output())
        .map(|d| d.name.as_str())
        .collect();
    if names.is_empty() || outputs.is_empty() {
        return;
    }
    let mut net = Network::default();
    let out = net.add_node(outputs[c.below(outputs.len())], [0.0, 0.0]);
    net.output = out.clone();
    let mut paths = vec![out];
    for _ in 0..1 + c.below(6) {
        let rop = names[c.below(names.len())];
        paths.push(net.add_node(rop, [0.0, 0.0]));
    }
    for _ in 0..c.below(24) {
        if c.is_empty() {
            break;
        }
        let node = paths[c.below(paths.len())].clone();
        match c.below(4) {
            0 | 1 => {
                let src = paths[c.below(paths.len())].clone();
                let slot = c.below(6);
                let _ = net.connect(&src, &node, slot);
            }
            2 => {
                let rop = net.nodes[&node].rop.clone();
                let params: Vec<String> = lib.rops[&rop]
                    .params
                    .iter()
                    .map(|p| p.name.clone())
                    .collect();
                let param = if params.is_empty() || c.below(8) == 0 {
                    c.text()
                } else {
                    params[c.below(params.len())].clone()
                };
                let value = c.yaml(0);
                if let Err(e) = net.set_param(lib, &node, &param, &value) {
                    assert_readable(&e.to_string());
                }
            }
            _ => {
                let slot = c.below(6);
                let _ = net.disconnect(&node, slot);
            }
        }
    }
    if let Err(e) = net.check(lib) {
        assert_readable(&e.to_string());
        return;
    }
    for mode in [Mode::Render, Mode::Sample, Mode::Shadertoy] {
        if let Err(e) = build(lib, &net, &mode.into()) {
            assert_readable(&e.to_string());
        }
    }
}

/// Font files: any bytes read as a font and a short text laid out in it
/// (every printable ASCII character, two lines, each alignment), then
/// packed into texels. A font either lays out, with finite texels within
/// the limits, or gives a readable error.
pub fn font_file(data: &[u8]) {
    use ropkit::data::font::{Align, TextStyle, layout, pack};
    let text: String = (0x20u8..0x7f).map(char::from).collect::<String>() + "\nÄé€";
    for align in [Align::Left, Align::Center, Align::Right] {
        let style = TextStyle {
            text: &text,
            align,
            letter_spacing: 0.01,
            line_spacing: 1.2,
        };
        match layout(data, &style) {
            Ok(shape) => {
                let segments: usize = shape.shapes.iter().map(|s| s.segments.len()).sum();
                assert!(segments <= ropkit::limits::TEXT_SEGMENTS);
                let texels = pack::texels(&shape);
                // The glyph table and the segments, then the trees: at most
                // two nodes of two texels per segment and per placed glyph.
                let table = 2 * shape.placed.len() + 2 * segments;
                assert!(texels.len() >= table);
                assert!(texels.len() <= table + 4 * (shape.placed.len() + segments));
                // Fonts hold 16-bit coordinates: every texel is finite.
                assert!(texels.iter().flatten().all(|v| v.is_finite()));
            }
            Err(e) => assert_readable(&e.to_string()),
        }
    }
}

/// Any bytes read as an SVG file (a `path` parameter's file, without the
/// network around it), then packed into texels. It either gives paths
/// within the limits, every texel finite and every segment index inside
/// the data, or a readable error.
pub fn svg_file(data: &[u8]) {
    use ropkit::data::svg::{pack, parse};
    if data.len() as u64 > ropkit::limits::SVG_FILE_BYTES {
        return;
    }
    match parse(data) {
        Ok(shape) => {
            let segments = shape.segment_count();
            assert!(segments <= ropkit::limits::SVG_SEGMENTS);
            let texels = pack::texels(&shape);
            // The path table and the segments, then the trees: at most two
            // nodes of two texels per segment and per path.
            let table = 2 * shape.paths.len() + 2 * segments;
            assert!(texels.len() >= table);
            assert!(texels.len() <= table + 4 * (shape.paths.len() + segments));
            assert!(texels.iter().flatten().all(|v| v.is_finite()));
            for g in 0..shape.paths.len() {
                let place = texels[2 * g + 1];
                let end = place[0] as usize + 2 * place[1] as usize;
                assert!(end <= texels.len());
            }
        }
        Err(e) => assert_readable(&e.to_string()),
    }
}

/// Room the fuzzed pictures and volumes may take: small, so that a header
/// claiming a huge picture is refused rather than decoded for seconds (the
/// budget check is what is exercised; its real value only scales it).
const FUZZ_ROOM: u64 = 16 << 20;

/// The points file of `ropkit sample`, split in two at a byte the input
/// chooses (as the stream reads it, a chunk at a time, `seen` carried
/// over). Parses into points of two or three finite-or-not numbers, or an
/// error at a line and column inside the text that quotes nothing of a
/// file that gave no point.
pub fn points_file(data: &[u8]) {
    use ropkit::decode::points::parse_lines;
    let Some((&cut, text)) = data.split_first() else {
        return;
    };
    // Whole lines in each chunk, as the stream cuts them.
    let at = (cut as usize * text.len() / 255).min(text.len());
    let at = text[..at]
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |k| k + 1);
    let (a, b) = text.split_at(at);
    let lines_a = a.iter().filter(|&&c| c == b'\n').count() as u64;
    let file = Path::new("pts.txt");
    let mut seen = false;
    let mut out = Vec::new();
    let mut result = parse_lines(a, 1, file, &mut seen, &mut out);
    if result.is_ok() {
        result = parse_lines(b, 1 + lines_a, file, &mut seen, &mut out);
    }
    let total_lines = text.split(|&c| c == b'\n').count() as u64;
    match result {
        Ok(()) => assert_eq!(seen, !out.is_empty()),
        Err(e) => {
            assert_readable(&e.to_string());
            assert!(
                e.line >= 1 && e.line <= total_lines,
                "line {} of {total_lines}",
                e.line
            );
            assert!(e.col >= 1, "column 0: {e}");
            if out.is_empty() {
                // Nothing of a file that gave no point is quoted.
                assert!(!e.message.contains('\''), "quoted: {e}");
            }
        }
    }
}

/// A point list file of a data parameter: the first byte picks the reader
/// (CSV, OBJ, PLY), the rest is the file.
pub fn point_list(data: &[u8]) {
    use ropkit::data::points::PointList;
    let Some((&kind, bytes)) = data.split_first() else {
        return;
    };
    let result = match kind % 3 {
        0 | 1 => {
            let Ok(text) = std::str::from_utf8(bytes) else {
                return;
            };
            if kind % 3 == 0 {
                PointList::parse_csv(text)
            } else {
                PointList::parse_obj(text)
            }
        }
        _ => PointList::parse_ply(bytes),
    };
    match result {
        Ok(list) => {
            assert!(list.points.len() <= ropkit::limits::DATA_POINTS);
            for p in &list.points {
                assert!(p.pos.iter().all(|v| v.is_finite()), "{:?}", p.pos);
            }
        }
        Err(e) => assert_readable(&e.to_string()),
    }
}

/// A texture file: read as the renderer reads it (a float image when its
/// first bytes say Radiance or OpenEXR, else an 8-bit picture), within a
/// room the picture must fit.
pub fn texture_file(data: &[u8]) {
    use ropkit::decode::images::{
        decode_float_texture, decode_texture, float_gpu_bytes, is_float_image,
    };
    if is_float_image(data) {
        match decode_float_texture(data, FUZZ_ROOM) {
            Ok(levels) => {
                let top = &levels[0];
                assert!(float_gpu_bytes(top.width, top.height) <= FUZZ_ROOM);
                assert_eq!(top.texels.len(), (top.width * top.height) as usize);
                for level in &levels {
                    // Every texel made finite and within a half float.
                    assert!(
                        level
                            .texels
                            .iter()
                            .flatten()
                            .all(|v| v.is_finite() && (0.0..=65504.0).contains(v))
                    );
                }
            }
            Err(e) => assert_readable(&e.to_string()),
        }
    } else {
        match decode_texture(data, FUZZ_ROOM) {
            Ok(img) => assert!(u64::from(img.width()) * u64::from(img.height()) * 4 <= FUZZ_ROOM),
            Err(e) => assert_readable(&e.to_string()),
        }
    }
}

/// A volume: the first byte picks a raw file (with a size and sample type
/// from the next bytes) or a stack of images (the rest split at the bytes
/// `---8<---`, each piece one image).
pub fn volume_file(data: &[u8]) {
    use ropkit::decode::volumes::{raw_voxels, stack_voxels};
    use ropkit::volume::{RawFormat, RawLayout};
    let mut c = Choices::new(data);
    let check = |v: Result<ropkit::decode::volumes::Voxels, _>| match v {
        Ok(v) => {
            let voxels: u64 = v.size.iter().map(|&s| u64::from(s)).product();
            assert!(voxels <= ropkit::limits::VOLUME_VOXELS);
            assert!(v.gpu_bytes() <= FUZZ_ROOM);
            assert_eq!(v.bytes.len() as u64, v.gpu_bytes());
        }
        Err(e) => assert_readable(&format!("{e}")),
    };
    if c.byte().is_multiple_of(2) {
        let size = [c.below(70) as u32, c.below(70) as u32, c.below(70) as u32];
        let format = [RawFormat::U8, RawFormat::U16, RawFormat::F32][c.below(3)];
        let rest = &data[data.len().min(8)..];
        check(raw_voxels(rest, RawLayout { size, format }, FUZZ_ROOM));
    } else {
        let rest = &data[1..];
        let mut slices = Vec::new();
        let mut from = 0;
        let sep = b"---8<---";
        while let Some(k) = rest[from..].windows(sep.len()).position(|w| w == sep) {
            slices.push((format!("s{}", slices.len()), rest[from..from + k].to_vec()));
            from += k + sep.len();
        }
        slices.push((format!("s{}", slices.len()), rest[from..].to_vec()));
        check(stack_voxels(&slices, FUZZ_ROOM));
    }
}

/// `ropkit.yaml`: written into `dir` (with a folder `more/` beside it that a
/// library may name) and read; every error is located in the file.
pub fn project_file(dir: &Path, data: &[u8]) {
    std::fs::write(dir.join("ropkit.yaml"), data).unwrap();
    let _ = std::fs::create_dir_all(dir.join("more"));
    match ropkit::project_file::read(dir) {
        Ok(p) => {
            for lib in &p.libraries {
                assert!(lib.is_dir(), "{}", lib.display());
            }
        }
        Err(e) => assert_readable(&e.to_string()),
    }
}

/// Mesh files of `meshSdf`: the first byte picks the format (.obj, .ply,
/// .stl, .glb), the rest is the file. What reads has every index inside its
/// vertices, finite coordinates and at most MESH_TRIANGLES triangles, and
/// bakes (on 8³ voxels) into finite values; what does not says why.
pub fn mesh_file(data: &[u8]) {
    use ropkit::decode::meshes::{MESH_EXTENSIONS, bake, read_mesh};
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    if rest.len() as u64 > ropkit::limits::VOLUME_FILE_BYTES {
        return;
    }
    let name = format!(
        "fuzz.{}",
        MESH_EXTENSIONS[pick as usize % MESH_EXTENSIONS.len()]
    );
    match read_mesh(&name, rest) {
        Ok(mesh) => {
            assert!(!mesh.triangles.is_empty());
            assert!(mesh.triangles.len() <= ropkit::limits::MESH_TRIANGLES);
            let n = mesh.positions.len() as u32;
            assert!(mesh.triangles.iter().flatten().all(|&i| i < n));
            assert!(mesh.positions.iter().flatten().all(|c| c.is_finite()));
            match bake(&mesh, 8, FUZZ_ROOM) {
                Ok((v, _)) => {
                    assert_eq!(v.bytes.len() as u64, v.gpu_bytes());
                    // Half floats: an exponent of all ones is an infinity or a NaN.
                    assert!(
                        v.bytes
                            .chunks_exact(2)
                            .all(|h| (u16::from_le_bytes([h[0], h[1]]) >> 10) & 0x1f != 0x1f)
                    );
                }
                Err(e) => assert_readable(&format!("{e}")),
            }
        }
        Err(e) => assert_readable(&format!("{e}")),
    }
}
