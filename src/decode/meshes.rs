//! Triangle meshes as shapes: a mesh file (`.obj`, `.ply`, `.stl`, `.glb`,
//! the formats `ropkit mesh` writes) read into triangles, and its signed
//! distance baked into a volume that the `meshSdf` ROP samples.
//!
//! The readers are ropkit's own, small ones: each checks the counts a file
//! claims against the file's length before it takes any memory for them,
//! refuses indices past the vertices and coordinates that are not finite,
//! and stops at [`MESH_TRIANGLES`]. (The maintained readers, tobj, ply-rs,
//! stl_io and gltf, read the files `ropkit mesh` writes in the tests: a
//! second, independent reading.) The distance is mesh_to_sdf's, on its
//! grid (its exact point-to-triangle distance, propagated outwards from the
//! surface). The sign near the surface is the nearest triangle's normal's;
//! away from it, a flood fill from the volume's faces decides (see
//! [`bake`]), so that a closed mesh is inside where it encloses and an open
//! one is outside wherever its holes let the outside in.
//!
//! The bake covers the mesh's box made a cube, grown by two voxels on each
//! side, and stores distances in units of the box's longest side (`L`), so
//! that the shader needs no number from the file: a point `p` of the world
//! is at `(p - Center) / (Size * n / (n - 4)) + 0.5` in the volume, and the
//! value read times `Size` is its distance (the mesh scaled so that its
//! longest side is `Size`, centred at `Center`).

use super::volumes::{VolumeError, VoxelFormat, Voxels, check_size};
use crate::data::ply::Scalar as Ty;
use crate::limits::{MESH_TRIANGLES, VOLUME_SIDE};

/// Triangles over shared vertices.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TriMesh {
    pub positions: Vec<[f32; 3]>,
    pub triangles: Vec<[u32; 3]>,
}

/// Why a mesh file gives no mesh.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MeshError {
    #[error("line {line}: {message}")]
    Line { line: usize, message: String },
    #[error("{0}")]
    Format(String),
    #[error("more than {MESH_TRIANGLES} triangles (MESH_TRIANGLES); simplify the mesh")]
    TooManyTriangles,
    #[error("it holds no triangles")]
    Empty,
    #[error("its triangles all lie at one point: the mesh has no size")]
    NoSize,
    #[error(
        "a mesh volume needs a resolution, which this ROP does not give (a textures: entry with meshVoxels)"
    )]
    NoResolution,
    #[error("a mesh volume's resolution is {0}; it is 8 to {VOLUME_SIDE} voxels a side")]
    Resolution(u32),
}

/// The file extensions read as meshes.
pub const MESH_EXTENSIONS: [&str; 4] = ["obj", "ply", "stl", "glb"];

/// Whether `path` names a mesh file (by its extension).
pub fn is_mesh(path: &str) -> bool {
    std::path::Path::new(path)
        .extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| MESH_EXTENSIONS.iter().any(|m| e.eq_ignore_ascii_case(m)))
}

fn format_err(message: impl Into<String>) -> MeshError {
    MeshError::Format(message.into())
}

/// Reads the triangles of a mesh file, by its extension.
pub fn read_mesh(path: &str, bytes: &[u8]) -> Result<TriMesh, MeshError> {
    let ext = std::path::Path::new(path)
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or("")
        .to_ascii_lowercase();
    let mesh = match ext.as_str() {
        "obj" => obj(bytes)?,
        "ply" => ply(bytes)?,
        "stl" => stl(bytes)?,
        "glb" => glb(bytes)?,
        _ => return Err(format_err("not a mesh file (.obj, .ply, .stl, .glb)")),
    };
    if mesh.triangles.is_empty() {
        return Err(MeshError::Empty);
    }
    Ok(mesh)
}

/// A vertex or triangle pushed within the limits.
struct Builder {
    mesh: TriMesh,
}

impl Builder {
    fn vertex(&mut self, p: [f64; 3]) -> Result<(), String> {
        if p.iter().any(|c| !c.is_finite() || c.abs() > 1e30) {
            return Err(format!(
                "vertex {} is not a finite point",
                self.mesh.positions.len() + 1
            ));
        }
        self.mesh.positions.push(p.map(|c| c as f32));
        Ok(())
    }
    /// A polygon of vertex indices (0-based), as a fan of triangles.
    fn polygon(&mut self, ids: &[u64]) -> Result<(), String> {
        let n = self.mesh.positions.len() as u64;
        if let Some(bad) = ids.iter().find(|i| **i >= n) {
            return Err(format!("vertex index {} past the {n} vertices", bad + 1));
        }
        if ids.len() < 3 {
            return Err("a face needs three vertices".into());
        }
        for k in 1..ids.len() - 1 {
            if self.mesh.triangles.len() >= MESH_TRIANGLES {
                return Err(MeshError::TooManyTriangles.to_string());
            }
            self.mesh
                .triangles
                .push([ids[0] as u32, ids[k] as u32, ids[k + 1] as u32]);
        }
        Ok(())
    }
}

/// The next three words of a text line as numbers (`what` says the line's
/// form when they are missing).
fn xyz<'a>(words: &mut impl Iterator<Item = &'a str>, what: &str) -> Result<[f64; 3], String> {
    let mut p = [0.0f64; 3];
    for c in &mut p {
        let w = words.next().ok_or_else(|| what.to_string())?;
        *c = w
            .parse()
            .map_err(|_| format!("'{}' is not a number", crate::limits::echo(w)))?;
    }
    Ok(p)
}

/// OBJ: `v x y z [...]` and `f a b c ...` (`a`, `a/t`, `a//n`, `a/t/n`,
/// negative indices counting back); everything else is skipped.
fn obj(bytes: &[u8]) -> Result<TriMesh, MeshError> {
    let text = std::str::from_utf8(bytes).map_err(|e| {
        format_err(format!(
            "not UTF-8 text at byte {} (an OBJ file is text)",
            e.valid_up_to()
        ))
    })?;
    let mut b = Builder {
        mesh: TriMesh::default(),
    };
    let mut ids: Vec<u64> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let at = |message: String| MeshError::Line {
            line: i + 1,
            message,
        };
        let mut words = line.split_whitespace();
        match words.next() {
            Some("v") => {
                let p = xyz(&mut words, "a vertex is `v x y z`").map_err(at)?;
                b.vertex(p).map_err(at)?;
            }
            Some("f") => {
                ids.clear();
                let n = b.mesh.positions.len() as i64;
                for w in words {
                    if ids.len() >= 64 {
                        return Err(at("a face of more than 64 vertices".into()));
                    }
                    let first = w.split('/').next().unwrap_or("");
                    let k: i64 = first.parse().map_err(|_| {
                        at(format!(
                            "'{}' is not a vertex index",
                            crate::limits::echo(w)
                        ))
                    })?;
                    let index = match k {
                        0 => return Err(at("vertex indices start at 1".into())),
                        k if k > 0 => k - 1,
                        k => n + k,
                    };
                    if index < 0 {
                        return Err(at(format!("vertex index {k} before the first vertex")));
                    }
                    ids.push(index as u64);
                }
                b.polygon(&ids).map_err(at)?;
            }
            _ => {}
        }
    }
    Ok(b.mesh)
}

/// STL, binary (80-byte header, a count, 50 bytes a triangle; the count
/// must match the file's length) or ASCII (`vertex x y z`, three a facet).
fn stl(bytes: &[u8]) -> Result<TriMesh, MeshError> {
    let mut b = Builder {
        mesh: TriMesh::default(),
    };
    if bytes.len() >= 84 {
        let count = u32::from_le_bytes([bytes[80], bytes[81], bytes[82], bytes[83]]) as u64;
        if 84 + 50 * count == bytes.len() as u64 {
            if count as usize > MESH_TRIANGLES {
                return Err(MeshError::TooManyTriangles);
            }
            for (t, rec) in bytes[84..].chunks_exact(50).enumerate() {
                let f = |k: usize| {
                    let o = 12 + 4 * k;
                    f32::from_le_bytes([rec[o], rec[o + 1], rec[o + 2], rec[o + 3]]) as f64
                };
                for v in 0..3 {
                    b.vertex([f(3 * v), f(3 * v + 1), f(3 * v + 2)])
                        .map_err(|m| format_err(format!("triangle {}: {m}", t + 1)))?;
                }
                let base = 3 * t as u64;
                b.polygon(&[base, base + 1, base + 2]).map_err(format_err)?;
            }
            return Ok(b.mesh);
        }
    }
    let Ok(text) = std::str::from_utf8(bytes) else {
        return Err(format_err(
            "neither a binary STL (its triangle count does not match the file's length: truncated?) nor ASCII text",
        ));
    };
    if !text.trim_start().starts_with("solid") {
        return Err(format_err(
            "neither a binary STL (its triangle count does not match the file's length: truncated?) nor an ASCII one (`solid ...`)",
        ));
    }
    let mut corners = 0u64;
    for (i, line) in text.lines().enumerate() {
        let mut words = line.split_whitespace();
        if words.next() != Some("vertex") {
            continue;
        }
        let at = |message: String| MeshError::Line {
            line: i + 1,
            message,
        };
        let p = xyz(&mut words, "a vertex is `vertex x y z`").map_err(at)?;
        b.vertex(p).map_err(at)?;
        corners += 1;
        if corners.is_multiple_of(3) {
            b.polygon(&[corners - 3, corners - 2, corners - 1])
                .map_err(at)?;
        }
    }
    if !corners.is_multiple_of(3) {
        return Err(format_err(
            "the last facet has fewer than three vertices (truncated?)",
        ));
    }
    Ok(b.mesh)
}

/// A PLY property: a scalar, or a list (its count's type, its items' type).
#[derive(Debug, Clone)]
struct Prop {
    name: String,
    list: Option<Ty>,
    ty: Ty,
}

#[derive(Debug, Clone)]
struct Element {
    name: String,
    count: u64,
    props: Vec<Prop>,
}

/// PLY, ASCII or binary (either byte order): the `vertex` element's x, y
/// and z, and the `face` element's `vertex_indices` (or `vertex_index`)
/// lists; other elements and properties are read past. Each element's
/// count is checked against what is left of the file first.
fn ply(bytes: &[u8]) -> Result<TriMesh, MeshError> {
    const HEADER_MAX: usize = 64 << 10;
    let end = bytes
        .windows(11)
        .take(HEADER_MAX)
        .position(|w| w == b"end_header\n" || w == b"end_header\r")
        .ok_or_else(|| format_err("no `end_header` line in the first 64 KiB: not a PLY file"))?;
    let head =
        std::str::from_utf8(&bytes[..end]).map_err(|_| format_err("the header is not text"))?;
    let mut body = &bytes[end + 11..];
    if body.first() == Some(&b'\n') && bytes[end + 10] == b'\r' {
        body = &body[1..];
    }
    let mut lines = head.lines();
    if lines.next().map(str::trim) != Some("ply") {
        return Err(format_err("a PLY file starts with `ply`"));
    }
    let (mut ascii, mut big) = (false, false);
    let mut elements: Vec<Element> = Vec::new();
    for (i, line) in head.lines().enumerate().skip(1) {
        let at = |m: &str| MeshError::Line {
            line: i + 1,
            message: m.to_string(),
        };
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            ["format", f, ..] => match *f {
                "ascii" => ascii = true,
                "binary_little_endian" => {}
                "binary_big_endian" => big = true,
                _ => {
                    return Err(at(
                        "the format is ascii, binary_little_endian or binary_big_endian",
                    ));
                }
            },
            ["element", name, count] => {
                let count: u64 = count
                    .parse()
                    .map_err(|_| at("an element's count is a number"))?;
                elements.push(Element {
                    name: name.to_string(),
                    count,
                    props: Vec::new(),
                });
            }
            ["property", "list", c, t, name] => {
                let (Some(c), Some(t)) = (Ty::parse(c), Ty::parse(t)) else {
                    return Err(at("unknown property type"));
                };
                let e = elements
                    .last_mut()
                    .ok_or_else(|| at("a property before any element"))?;
                e.props.push(Prop {
                    name: name.to_string(),
                    list: Some(c),
                    ty: t,
                });
            }
            ["property", t, name] => {
                let t = Ty::parse(t).ok_or_else(|| at("unknown property type"))?;
                let e = elements
                    .last_mut()
                    .ok_or_else(|| at("a property before any element"))?;
                e.props.push(Prop {
                    name: name.to_string(),
                    list: None,
                    ty: t,
                });
            }
            ["comment", ..] | ["obj_info", ..] | [] => {}
            _ => return Err(at("not a PLY header line")),
        }
    }
    let mut b = Builder {
        mesh: TriMesh::default(),
    };
    let mut words = if ascii {
        Some(
            std::str::from_utf8(body)
                .map_err(|_| format_err("an ASCII PLY's body is not text"))?
                .split_ascii_whitespace(),
        )
    } else {
        None
    };
    let mut pos = 0usize;
    for e in &elements {
        // At least one byte (binary) or one word (ASCII) a property.
        let least = e.props.len().max(1) as u64;
        let left = if ascii {
            body.len() as u64 / 2 + 1
        } else {
            (body.len() - pos) as u64
        };
        if e.count.saturating_mul(least) > left {
            return Err(format_err(format!(
                "element {} claims {} items, more than the file holds (truncated, or a hostile header)",
                crate::limits::echo(&e.name),
                e.count
            )));
        }
        let is_vertex = e.name == "vertex";
        let is_face = e.name == "face";
        let xyz: Vec<Option<usize>> = e
            .props
            .iter()
            .map(|p| ["x", "y", "z"].iter().position(|n| *n == p.name))
            .collect();
        if is_vertex && (0..3).any(|k| !xyz.contains(&Some(k))) {
            return Err(format_err("the vertex element has no x, y and z"));
        }
        let mut ids: Vec<u64> = Vec::new();
        for item in 0..e.count {
            let mut p = [0.0f64; 3];
            for (k, prop) in e.props.iter().enumerate() {
                let mut next = |ty: Ty| -> Result<f64, MeshError> {
                    match words.as_mut() {
                        Some(w) => w.next().and_then(|s| s.parse::<f64>().ok()).ok_or_else(|| {
                            format_err(format!("{} {}: a number is missing", e.name, item + 1))
                        }),
                        None => {
                            let n = ty.size();
                            let chunk = body.get(pos..pos + n).ok_or_else(|| {
                                format_err(format!(
                                    "{} {}: the file ends (truncated)",
                                    e.name,
                                    item + 1
                                ))
                            })?;
                            pos += n;
                            Ok(ty.read(chunk, big))
                        }
                    }
                };
                match prop.list {
                    None => {
                        let v = next(prop.ty)?;
                        if let (true, Some(a)) = (is_vertex, xyz[k]) {
                            p[a] = v;
                        }
                    }
                    Some(count_ty) => {
                        let count = next(count_ty)?;
                        if !(0.0..=64.0).contains(&count) {
                            return Err(format_err(format!(
                                "{} {}: a list of {count} items (at most 64)",
                                e.name,
                                item + 1
                            )));
                        }
                        let wanted = is_face
                            && (prop.name == "vertex_indices" || prop.name == "vertex_index");
                        ids.clear();
                        for _ in 0..count as usize {
                            let v = next(prop.ty)?;
                            if wanted {
                                if !(v >= 0.0 && v.fract() == 0.0) {
                                    return Err(format_err(format!(
                                        "face {}: {v} is not a vertex index",
                                        item + 1
                                    )));
                                }
                                ids.push(v as u64);
                            }
                        }
                        if wanted {
                            b.polygon(&ids)
                                .map_err(|m| format_err(format!("face {}: {m}", item + 1)))?;
                        }
                    }
                }
            }
            if is_vertex {
                b.vertex(p).map_err(format_err)?;
            }
        }
    }
    Ok(b.mesh)
}

/// glTF binary (`.glb`): the triangles of every mesh primitive (mode 4, or
/// no mode), positions and indices read through their accessors, each
/// checked to lie inside its buffer view and the binary chunk. Node
/// transforms are not applied (the mesh as its file stores it).
fn glb(bytes: &[u8]) -> Result<TriMesh, MeshError> {
    let u32_at = |o: usize| -> Option<u32> {
        bytes
            .get(o..o + 4)
            .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    };
    if bytes.get(..4) != Some(b"glTF") {
        return Err(format_err("a .glb file starts with `glTF`"));
    }
    let json_len = u32_at(12).ok_or_else(|| format_err("truncated header"))? as usize;
    if u32_at(16) != Some(0x4E4F_534A) {
        return Err(format_err("the first chunk is not JSON"));
    }
    let json_bytes = bytes
        .get(20..20usize.saturating_add(json_len))
        .ok_or_else(|| format_err("the JSON chunk runs past the file (truncated)"))?;
    let bin_at = 20 + json_len;
    let bin: &[u8] = match (u32_at(bin_at), u32_at(bin_at + 4)) {
        (Some(len), Some(0x004E_4942)) => bytes
            .get(bin_at + 8..(bin_at + 8).saturating_add(len as usize))
            .ok_or_else(|| format_err("the binary chunk runs past the file (truncated)"))?,
        _ => &[],
    };
    // (serde_json stops at 128 levels of nesting; the chunk is at most the file.)
    let root: serde_json::Value =
        serde_json::from_slice(json_bytes).map_err(|e| format_err(format!("its JSON: {e}")))?;
    let arr = |v: &serde_json::Value, k: &str| {
        v.get(k)
            .and_then(|a| a.as_array())
            .cloned()
            .unwrap_or_default()
    };
    let accessors = arr(&root, "accessors");
    let views = arr(&root, "bufferViews");
    // An accessor's values as f64, `comps` a value, after every check.
    let read = |index: &serde_json::Value, comps: usize| -> Result<Vec<f64>, MeshError> {
        let acc = index
            .as_u64()
            .and_then(|i| accessors.get(i as usize))
            .ok_or_else(|| format_err("an accessor index past the accessors"))?;
        let count = acc.get("count").and_then(|c| c.as_u64()).unwrap_or(0);
        let ty = match acc.get("componentType").and_then(|c| c.as_u64()) {
            Some(5120) => Ty::I8,
            Some(5121) => Ty::U8,
            Some(5122) => Ty::I16,
            Some(5123) => Ty::U16,
            Some(5125) => Ty::U32,
            Some(5126) => Ty::F32,
            _ => return Err(format_err("an accessor of an unknown component type")),
        };
        let view = acc
            .get("bufferView")
            .and_then(|v| v.as_u64())
            .and_then(|v| views.get(v as usize))
            .ok_or_else(|| {
                format_err("an accessor without a buffer view (sparse accessors are not read)")
            })?;
        if view.get("buffer").and_then(|b| b.as_u64()) != Some(0) {
            return Err(format_err("a buffer view outside the .glb's binary chunk"));
        }
        let v_off = view.get("byteOffset").and_then(|o| o.as_u64()).unwrap_or(0);
        let v_len = view.get("byteLength").and_then(|o| o.as_u64()).unwrap_or(0);
        let a_off = acc.get("byteOffset").and_then(|o| o.as_u64()).unwrap_or(0);
        let elem = (ty.size() * comps) as u64;
        let stride = view
            .get("byteStride")
            .and_then(|s| s.as_u64())
            .unwrap_or(elem)
            .max(elem);
        let need = if count == 0 {
            0
        } else {
            a_off + stride.saturating_mul(count - 1) + elem
        };
        if v_off.saturating_add(v_len) > bin.len() as u64 || need > v_len {
            return Err(format_err(format!(
                "an accessor of {count} items runs past its buffer (truncated, or a hostile count)"
            )));
        }
        if count > 3 * MESH_TRIANGLES as u64 {
            return Err(MeshError::TooManyTriangles);
        }
        let base = (v_off + a_off) as usize;
        let mut out = Vec::with_capacity(count as usize * comps);
        for i in 0..count as usize {
            let at = base + i * stride as usize;
            for c in 0..comps {
                let o = at + c * ty.size();
                out.push(ty.read(&bin[o..o + ty.size()], false));
            }
        }
        Ok(out)
    };
    let mut b = Builder {
        mesh: TriMesh::default(),
    };
    for mesh in arr(&root, "meshes") {
        for prim in arr(&mesh, "primitives") {
            if prim
                .get("mode")
                .and_then(|m| m.as_u64())
                .is_some_and(|m| m != 4)
            {
                continue;
            }
            let Some(pos) = prim.get("attributes").and_then(|a| a.get("POSITION")) else {
                continue;
            };
            let first = b.mesh.positions.len() as u64;
            let positions = read(pos, 3)?;
            for p in positions.chunks_exact(3) {
                b.vertex([p[0], p[1], p[2]]).map_err(format_err)?;
            }
            let n = b.mesh.positions.len() as u64 - first;
            let ids: Vec<u64> = match prim.get("indices") {
                Some(i) => read(i, 1)?.into_iter().map(|v| v as u64).collect(),
                None => (0..n).collect(),
            };
            if !ids.len().is_multiple_of(3) {
                return Err(format_err(
                    "a primitive's index count is not a multiple of 3",
                ));
            }
            for t in ids.chunks_exact(3) {
                if t.iter().any(|i| *i >= n) {
                    return Err(format_err("an index past its primitive's vertices"));
                }
                b.polygon(&[first + t[0], first + t[1], first + t[2]])
                    .map_err(format_err)?;
            }
        }
    }
    Ok(b.mesh)
}

/// What a bake found: whether every edge joins two triangles (a closed
/// mesh, whose inside is what it encloses) or not (an open one: its holes
/// let the outside in).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BakeReport {
    /// Edges used by other than two triangles.
    pub open_edges: usize,
}

/// Edges (between welded vertices: equal positions) used by other than two
/// triangles.
pub fn open_edges(mesh: &TriMesh) -> usize {
    use std::collections::HashMap;
    let mut weld: HashMap<[u32; 3], u32> = HashMap::new();
    let ids: Vec<u32> = mesh
        .positions
        .iter()
        .map(|p| {
            let key = p.map(|c| if c == 0.0 { 0 } else { c.to_bits() });
            let next = weld.len() as u32;
            *weld.entry(key).or_insert(next)
        })
        .collect();
    let mut edges: HashMap<(u32, u32), u32> = HashMap::new();
    for t in &mesh.triangles {
        let v = t.map(|i| ids[i as usize]);
        for k in 0..3 {
            let (a, b) = (v[k], v[(k + 1) % 3]);
            if a != b {
                *edges.entry((a.min(b), a.max(b))).or_default() += 1;
            }
        }
    }
    edges.values().filter(|c| **c != 2).count()
}

/// The mesh's box, made a cube grown by two voxels a side: its centre and
/// side, and the longest side of the mesh's own box.
pub fn bake_box(mesh: &TriMesh, n: u32) -> Result<([f32; 3], f32, f32), MeshError> {
    let mut lo = [f32::INFINITY; 3];
    let mut hi = [f32::NEG_INFINITY; 3];
    for t in &mesh.triangles {
        for &i in t {
            let p = mesh.positions[i as usize];
            for a in 0..3 {
                lo[a] = lo[a].min(p[a]);
                hi[a] = hi[a].max(p[a]);
            }
        }
    }
    let longest = (0..3).map(|a| hi[a] - lo[a]).fold(0.0f32, f32::max);
    if !(longest > 0.0 && longest.is_finite()) {
        return Err(MeshError::NoSize);
    }
    let centre = [0, 1, 2].map(|a| 0.5 * (lo[a] + hi[a]));
    Ok((centre, longest * n as f32 / (n as f32 - 4.0), longest))
}

/// Bakes the signed distance of `mesh` on `n`³ voxels (see the module's
/// text for the box and the units), as half floats in r, g and b (alpha 1),
/// x fastest; refused past `room` bytes on the GPU.
pub fn bake(mesh: &TriMesh, n: u32, room: u64) -> Result<(Voxels, BakeReport), VolumeError> {
    if !(8..=VOLUME_SIDE).contains(&n) {
        return Err(VolumeError::Mesh(MeshError::Resolution(n)));
    }
    let voxels = check_size([n; 3], 8, room)?;
    let (centre, side, longest) = bake_box(mesh, n).map_err(VolumeError::Mesh)?;
    // In the box's own units (centred, longest side 1), where no square or
    // product of coordinates can overflow, without the triangles that have
    // no area (their normal is 0 / 0; their edges are their neighbours').
    let positions: Vec<[f32; 3]> = mesh
        .positions
        .iter()
        .map(|p| [0, 1, 2].map(|a| (p[a] - centre[a]) / longest))
        .collect();
    let indices: Vec<u32> = mesh
        .triangles
        .iter()
        .filter(|t| {
            let [a, b, c] = t.map(|i| positions[i as usize]);
            let u = [0, 1, 2].map(|k| b[k] - a[k]);
            let v = [0, 1, 2].map(|k| c[k] - a[k]);
            let n = [
                u[1] * v[2] - u[2] * v[1],
                u[2] * v[0] - u[0] * v[2],
                u[0] * v[1] - u[1] * v[0],
            ];
            n[0] * n[0] + n[1] * n[1] + n[2] * n[2] > 1e-24
        })
        .flatten()
        .copied()
        .collect();
    if indices.is_empty() {
        return Err(VolumeError::Mesh(MeshError::NoSize));
    }
    let side = side / longest;
    let h = side / n as f32;
    let grid = mesh_to_sdf::Grid::new([0.5 * h - 0.5 * side; 3], [h; 3], [n as usize; 3]);
    let open = open_edges(mesh);
    // Distances with the sign of the nearest triangle's normal: right near
    // the surface, where the nearest triangle faces the point, but not
    // always far from it. (mesh_to_sdf's ray-cast sign miscounts rays that
    // run exactly along edges, as they do on axis-aligned faces.) A panic
    // inside the crate is an error, not the end of the program.
    let raw = std::panic::catch_unwind(|| {
        mesh_to_sdf::generate_grid_sdf(
            &positions,
            mesh_to_sdf::Topology::TriangleList(Some(&indices)),
            &grid,
            mesh_to_sdf::SignMethod::Normal,
        )
    })
    .map_err(|_| {
        VolumeError::Mesh(MeshError::Format(
            "its distance could not be computed (degenerate triangles?)".into(),
        ))
    })?;
    let n = n as usize;
    let at = |x: usize, y: usize, z: usize| x + n * (y + n * z);
    // mesh_to_sdf's cells run z fastest; a volume's x fastest.
    let mut d = vec![0.0f32; n * n * n];
    for z in 0..n {
        for y in 0..n {
            for x in 0..n {
                let v = raw[grid.get_cell_idx(&[x, y, z])];
                d[at(x, y, z)] = if v.is_finite() { v } else { side };
            }
        }
    }
    // The sign away from the surface: a flood from the box's faces (two
    // voxels clear of the mesh) through voxels farther from the surface
    // than half a voxel's diagonal. Between two such neighbours the surface
    // cannot pass (every point of the step is more than 0.37 voxel from
    // it), so what the flood reaches is outside, and a far voxel it cannot
    // reach is enclosed: inside. An open mesh lets the flood in through its
    // holes (outside there); near the surface the normal's sign stays.
    let far = 0.87 * h;
    let mut outside = vec![false; n * n * n];
    let mut stack: Vec<usize> = Vec::new();
    for z in 0..n {
        for y in 0..n {
            for x in 0..n {
                let edge = [x, y, z].iter().any(|&c| c == 0 || c == n - 1);
                let i = at(x, y, z);
                if edge && d[i].abs() > far {
                    outside[i] = true;
                    stack.push(i);
                }
            }
        }
    }
    while let Some(i) = stack.pop() {
        let (x, y, z) = (i % n, (i / n) % n, i / (n * n));
        let mut visit = |x: usize, y: usize, z: usize| {
            let j = at(x, y, z);
            if !outside[j] && d[j].abs() > far {
                outside[j] = true;
                stack.push(j);
            }
        };
        if x > 0 {
            visit(x - 1, y, z);
        }
        if x + 1 < n {
            visit(x + 1, y, z);
        }
        if y > 0 {
            visit(x, y - 1, z);
        }
        if y + 1 < n {
            visit(x, y + 1, z);
        }
        if z > 0 {
            visit(x, y, z - 1);
        }
        if z + 1 < n {
            visit(x, y, z + 1);
        }
    }
    let one = half::f16::ONE.to_le_bytes();
    let mut bytes = vec![0u8; voxels as usize * 8];
    for (i, v) in d.iter().enumerate() {
        let value = if v.abs() <= far {
            *v
        } else if outside[i] {
            v.abs()
        } else {
            -v.abs()
        };
        let h = half::f16::from_f32(value).to_le_bytes();
        let o = 8 * i;
        for c in 0..3 {
            bytes[o + 2 * c..o + 2 * c + 2].copy_from_slice(&h);
        }
        bytes[o + 6..o + 8].copy_from_slice(&one);
    }
    Ok((
        Voxels {
            size: [n as u32; 3],
            format: VoxelFormat::Half,
            bytes,
        },
        BakeReport { open_edges: open },
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    const CUBE_OBJ: &str = "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nv 0 0 1\nv 1 0 1\nv 1 1 1\nv 0 1 1\n\
        f 1 4 3 2\nf 5 6 7 8\nf 1 2 6 5\nf 2 3 7 6\nf 3 4 8 7\nf 4 1 5 8\n";

    #[test]
    fn obj_faces_are_fans_and_the_cube_is_closed() {
        let m = read_mesh("c.obj", CUBE_OBJ.as_bytes()).unwrap();
        assert_eq!(m.positions.len(), 8);
        assert_eq!(m.triangles.len(), 12);
        assert_eq!(open_edges(&m), 0);
        let mut open = m.clone();
        open.triangles.pop();
        assert_eq!(open_edges(&open), 3);
        // Negative indices count back from the last vertex.
        let m = read_mesh("t.obj", b"v 0 0 0\nv 1 0 0\nv 0 1 0\nf -3/1 -2//2 -1/3/3\n").unwrap();
        assert_eq!(m.triangles, vec![[0, 1, 2]]);
    }

    #[test]
    fn hostile_files_are_refused_with_a_reason() {
        for (name, bytes, want) in [
            ("a.obj", &b"v 0 0 0\nf 1 2 3\n"[..], "past the"),
            ("a.obj", b"v nan 0 0\n", "finite"),
            ("a.obj", b"v 0 0 0\n", "no triangles"),
            ("a.ply", b"ply\nformat ascii 1.0\nelement vertex 4000000000\nproperty float x\nproperty float y\nproperty float z\nend_header\n0 0 0\n", "more than the file holds"),
            ("a.ply", b"ply\nformat binary_little_endian 1.0\nelement vertex 1\nproperty float x\nproperty float y\nproperty float z\nend_header\n\x00\x00", "truncated"),
            ("a.stl", b"solid x\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 1 0 0\n", "fewer than three"),
            ("a.glb", b"glTF\x02\x00\x00\x00", "truncated"),
        ] {
            let e = read_mesh(name, bytes).unwrap_err().to_string();
            assert!(e.contains(want), "{name}: {e}");
        }
        // A binary STL claiming billions of triangles in a short file is not
        // binary; nor is it ASCII.
        let mut stl = vec![b' '; 80];
        stl.extend_from_slice(&u32::MAX.to_le_bytes());
        stl.extend_from_slice(&[0; 50]);
        let e = read_mesh("b.stl", &stl).unwrap_err().to_string();
        assert!(e.contains("does not match the file's length"), "{e}");
    }

    #[test]
    fn the_baked_cube_is_its_distance_in_units_of_its_side() {
        let m = read_mesh("c.obj", CUBE_OBJ.as_bytes()).unwrap();
        let n = 24u32;
        let (v, report) = bake(&m, n, u64::MAX).unwrap();
        assert_eq!(report.open_edges, 0);
        let (centre, side, longest) = bake_box(&m, n).unwrap();
        assert_eq!(longest, 1.0);
        let h = side / n as f32;
        let mut worst = 0.0f32;
        for z in 0..n as usize {
            for y in 0..n as usize {
                for x in 0..n as usize {
                    let p = [x, y, z].map(|i| i as f32);
                    let p = [0, 1, 2].map(|a| centre[a] - 0.5 * side + (p[a] + 0.5) * h);
                    // The unit cube's exact signed distance.
                    let q = p.map(|c| (c - 0.5).abs() - 0.5);
                    let out = q.map(|c| c.max(0.0));
                    let want = (out[0] * out[0] + out[1] * out[1] + out[2] * out[2]).sqrt()
                        + q[0].max(q[1]).max(q[2]).min(0.0);
                    let o = 8 * (x + n as usize * (y + n as usize * z));
                    let got = half::f16::from_le_bytes([v.bytes[o], v.bytes[o + 1]]).to_f32();
                    worst = worst.max((got - want).abs());
                }
            }
        }
        // Exact but for half floats' 11 bits.
        assert!(worst < 2e-3, "worst {worst}");
        // Without its top the cube is open: the outside comes in, and its
        // middle is outside (a bowl, not a box).
        let mut open = m.clone();
        open.triangles
            .retain(|t| !t.iter().all(|&i| m.positions[i as usize][2] == 1.0));
        let (v, report) = bake(&open, n, u64::MAX).unwrap();
        assert!(report.open_edges > 0);
        let mid = n as usize / 2;
        let o = 8 * (mid + n as usize * (mid + n as usize * mid));
        let got = half::f16::from_le_bytes([v.bytes[o], v.bytes[o + 1]]).to_f32();
        assert!(got > 0.0, "the open cube's middle: {got}");
    }
}
