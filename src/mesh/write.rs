//! Mesh files: glTF binary (`.glb`, with normals and vertex colours), OBJ,
//! binary STL and binary PLY. Each writer returns the file's bytes; the
//! caller writes them atomically.

use super::Mesh;
use gltf_json as json;
use json::validation::Checked::Valid;
use json::validation::USize64;
use std::path::{Path, PathBuf};

/// Why a mesh cannot be written in a format.
#[derive(Debug, thiserror::Error)]
pub enum MeshFileError {
    #[error("{}: unknown mesh format '{ext}': use .glb, .obj, .stl or .ply", path.display())]
    UnknownFormat { path: PathBuf, ext: String },
    #[error("the mesh is too large for a .glb file (4 GiB): use .ply or .stl")]
    TooLargeForGlb,
    #[error("too many triangles for STL")]
    TooLargeForStl,
    #[error("glTF: {0}")]
    Gltf(#[from] gltf_json::Error),
}

/// The file formats, by extension.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MeshFormat {
    Glb,
    Obj,
    Stl,
    Ply,
}

impl MeshFormat {
    /// The format a path's extension names.
    pub fn from_path(path: &Path) -> Result<MeshFormat, MeshFileError> {
        let ext = path
            .extension()
            .map(|e| e.to_string_lossy().to_ascii_lowercase())
            .unwrap_or_default();
        match ext.as_str() {
            "glb" => Ok(MeshFormat::Glb),
            "obj" => Ok(MeshFormat::Obj),
            "stl" => Ok(MeshFormat::Stl),
            "ply" => Ok(MeshFormat::Ply),
            _ => Err(MeshFileError::UnknownFormat {
                path: path.to_path_buf(),
                ext,
            }),
        }
    }
}

/// The mesh in `format`.
pub fn encode(mesh: &Mesh, format: MeshFormat) -> Result<Vec<u8>, MeshFileError> {
    match format {
        MeshFormat::Glb => glb(mesh),
        MeshFormat::Obj => Ok(obj(mesh)),
        MeshFormat::Stl => stl(mesh),
        MeshFormat::Ply => Ok(ply(mesh)),
    }
}

/// A linear colour channel as an 8-bit sRGB value (for formats that store
/// display colours).
pub fn srgb8(linear: f32) -> u8 {
    let c = linear.clamp(0.0, 1.0);
    let s = if c <= 0.003_130_8 {
        12.92 * c
    } else {
        1.055 * c.powf(1.0 / 2.4) - 0.055
    };
    (s * 255.0 + 0.5) as u8
}

fn bounds(points: &[[f32; 3]]) -> ([f32; 3], [f32; 3]) {
    let mut lo = [f32::MAX; 3];
    let mut hi = [f32::MIN; 3];
    for p in points {
        for a in 0..3 {
            lo[a] = lo[a].min(p[a]);
            hi[a] = hi[a].max(p[a]);
        }
    }
    (lo, hi)
}

/// glTF 2.0 binary: one mesh with POSITION, NORMAL, COLOR_0 (linear RGB
/// floats, as glTF wants) and u32 indices, and a plain non-metallic
/// material so that viewers show the vertex colours as they are.
pub fn glb(mesh: &Mesh) -> Result<Vec<u8>, MeshFileError> {
    let bin = glb_binary(mesh)?;
    let mut root = json::Root {
        asset: json::Asset {
            generator: Some(format!("ropkit {}", env!("CARGO_PKG_VERSION"))),
            ..Default::default()
        },
        ..Default::default()
    };
    let buffer = root.push(json::Buffer {
        byte_length: USize64::from(bin.len()),
        extensions: Default::default(),
        extras: Default::default(),
        name: None,
        uri: None,
    });
    let accessors = glb_accessors(&mut root, buffer, mesh);
    glb_scene(&mut root, accessors);
    let text = json::serialize::to_vec(&root)?;
    Ok(glb_container(text, bin))
}

/// The binary chunk: positions, normals, colours, then the indices,
/// padded to 4 bytes.
fn glb_binary(mesh: &Mesh) -> Result<Vec<u8>, MeshFileError> {
    let attr_bytes = mesh.positions.len() * 12;
    let index_bytes = mesh.triangles.len() * 12;
    let mut bin: Vec<u8> = Vec::with_capacity(3 * attr_bytes + index_bytes);
    for data in [&mesh.positions, &mesh.normals, &mesh.colors] {
        bin.extend_from_slice(bytemuck::cast_slice(data));
    }
    bin.extend_from_slice(bytemuck::cast_slice(&mesh.triangles));
    if bin.len() > u32::MAX as usize - 4096 {
        return Err(MeshFileError::TooLargeForGlb);
    }
    while !bin.len().is_multiple_of(4) {
        bin.push(0);
    }
    Ok(bin)
}

/// The accessors of the binary chunk's parts, as [`glb_binary`] lays them
/// out: positions, normals, colours, indices.
fn glb_accessors(
    root: &mut json::Root,
    buffer: json::Index<json::Buffer>,
    mesh: &Mesh,
) -> [json::Index<json::Accessor>; 4] {
    let nv = mesh.positions.len();
    let attr_bytes = nv * 12;
    let index_bytes = mesh.triangles.len() * 12;
    let view = |root: &mut json::Root, offset: usize, length: usize, target| {
        root.push(json::buffer::View {
            buffer,
            byte_length: USize64::from(length),
            byte_offset: Some(USize64::from(offset)),
            byte_stride: None,
            extensions: Default::default(),
            extras: Default::default(),
            name: None,
            target: Some(Valid(target)),
        })
    };
    let vec3 = |root: &mut json::Root,
                view: json::Index<json::buffer::View>,
                minmax: Option<([f32; 3], [f32; 3])>| {
        root.push(json::Accessor {
            buffer_view: Some(view),
            byte_offset: None,
            count: USize64::from(nv),
            component_type: Valid(json::accessor::GenericComponentType(
                json::accessor::ComponentType::F32,
            )),
            extensions: Default::default(),
            extras: Default::default(),
            type_: Valid(json::accessor::Type::Vec3),
            min: minmax.map(|m| json::Value::from(m.0.to_vec())),
            max: minmax.map(|m| json::Value::from(m.1.to_vec())),
            name: None,
            normalized: false,
            sparse: None,
        })
    };
    let array = json::buffer::Target::ArrayBuffer;
    let v_pos = view(root, 0, attr_bytes, array);
    let v_nrm = view(root, attr_bytes, attr_bytes, array);
    let v_col = view(root, 2 * attr_bytes, attr_bytes, array);
    let v_idx = view(
        root,
        3 * attr_bytes,
        index_bytes,
        json::buffer::Target::ElementArrayBuffer,
    );
    let positions = vec3(root, v_pos, Some(bounds(&mesh.positions)));
    let normals = vec3(root, v_nrm, None);
    let colors = vec3(root, v_col, None);
    let indices = root.push(json::Accessor {
        buffer_view: Some(v_idx),
        byte_offset: None,
        count: USize64::from(mesh.triangles.len() * 3),
        component_type: Valid(json::accessor::GenericComponentType(
            json::accessor::ComponentType::U32,
        )),
        extensions: Default::default(),
        extras: Default::default(),
        type_: Valid(json::accessor::Type::Scalar),
        min: None,
        max: None,
        name: None,
        normalized: false,
        sparse: None,
    });
    [positions, normals, colors, indices]
}

/// A plain non-metallic material (viewers then show the vertex colours as
/// they are), the one mesh, its node and the scene.
fn glb_scene(root: &mut json::Root, accessors: [json::Index<json::Accessor>; 4]) {
    let [positions, normals, colors, indices] = accessors;
    let material = root.push(json::Material {
        pbr_metallic_roughness: json::material::PbrMetallicRoughness {
            base_color_factor: json::material::PbrBaseColorFactor([1.0, 1.0, 1.0, 1.0]),
            metallic_factor: json::material::StrengthFactor(0.0),
            roughness_factor: json::material::StrengthFactor(0.6),
            ..Default::default()
        },
        name: Some("ropkit vertex colours".into()),
        ..Default::default()
    });
    let mut attributes = std::collections::BTreeMap::new();
    attributes.insert(Valid(json::mesh::Semantic::Positions), positions);
    attributes.insert(Valid(json::mesh::Semantic::Normals), normals);
    attributes.insert(Valid(json::mesh::Semantic::Colors(0)), colors);
    let mesh_index = root.push(json::Mesh {
        extensions: Default::default(),
        extras: Default::default(),
        name: Some("ropkit mesh".into()),
        primitives: vec![json::mesh::Primitive {
            attributes,
            extensions: Default::default(),
            extras: Default::default(),
            indices: Some(indices),
            material: Some(material),
            mode: Valid(json::mesh::Mode::Triangles),
            targets: None,
        }],
        weights: None,
    });
    let node = root.push(json::Node {
        mesh: Some(mesh_index),
        ..Default::default()
    });
    let scene = root.push(json::Scene {
        extensions: Default::default(),
        extras: Default::default(),
        name: None,
        nodes: vec![node],
    });
    root.scene = Some(scene);
}

/// The GLB container: header, JSON chunk, binary chunk.
fn glb_container(mut text: Vec<u8>, bin: Vec<u8>) -> Vec<u8> {
    // Chunks are 4-byte aligned: JSON pads with spaces, binary with zeros.
    while !text.len().is_multiple_of(4) {
        text.push(b' ');
    }
    let total = 12 + 8 + text.len() + 8 + bin.len();
    let mut out = Vec::with_capacity(total);
    out.extend_from_slice(b"glTF");
    out.extend_from_slice(&2u32.to_le_bytes());
    out.extend_from_slice(&(total as u32).to_le_bytes());
    out.extend_from_slice(&(text.len() as u32).to_le_bytes());
    out.extend_from_slice(b"JSON");
    out.extend_from_slice(&text);
    out.extend_from_slice(&(bin.len() as u32).to_le_bytes());
    out.extend_from_slice(b"BIN\0");
    out.extend_from_slice(&bin);
    out
}

/// Wavefront OBJ: `v x y z r g b` (the common vertex-colour extension, sRGB
/// 0..1), `vn`, and faces `f a//a b//b c//c`, 1-based.
pub fn obj(mesh: &Mesh) -> Vec<u8> {
    use std::fmt::Write as _;
    let mut s = String::with_capacity(mesh.positions.len() * 90 + mesh.triangles.len() * 40);
    let _ = writeln!(
        s,
        "# ropkit mesh: {} vertices, {} triangles",
        mesh.positions.len(),
        mesh.triangles.len()
    );
    for (p, c) in mesh.positions.iter().zip(&mesh.colors) {
        let c = c.map(|x| srgb8(x) as f32 / 255.0);
        let _ = writeln!(
            s,
            "v {} {} {} {:.4} {:.4} {:.4}",
            p[0], p[1], p[2], c[0], c[1], c[2]
        );
    }
    for n in &mesh.normals {
        let _ = writeln!(s, "vn {:.6} {:.6} {:.6}", n[0], n[1], n[2]);
    }
    for t in &mesh.triangles {
        let [a, b, c] = t.map(|i| i + 1);
        let _ = writeln!(s, "f {a}//{a} {b}//{b} {c}//{c}");
    }
    s.into_bytes()
}

/// Binary STL: an 80-byte header, the triangle count, then per triangle its
/// facet normal and three corners (STL has no shared vertices or colours).
pub fn stl(mesh: &Mesh) -> Result<Vec<u8>, MeshFileError> {
    let count = u32::try_from(mesh.triangles.len()).map_err(|_| MeshFileError::TooLargeForStl)?;
    let mut out = Vec::with_capacity(84 + mesh.triangles.len() * 50);
    let mut header = [b' '; 80];
    let title = b"binary STL from ropkit";
    header[..title.len()].copy_from_slice(title);
    out.extend_from_slice(&header);
    out.extend_from_slice(&count.to_le_bytes());
    for t in &mesh.triangles {
        let p = t.map(|i| mesh.positions[i as usize]);
        let u = [0, 1, 2].map(|a| p[1][a] - p[0][a]);
        let v = [0, 1, 2].map(|a| p[2][a] - p[0][a]);
        let n = [
            u[1] * v[2] - u[2] * v[1],
            u[2] * v[0] - u[0] * v[2],
            u[0] * v[1] - u[1] * v[0],
        ];
        let len = (n[0] * n[0] + n[1] * n[1] + n[2] * n[2]).sqrt();
        let n = if len > 0.0 {
            n.map(|c| c / len)
        } else {
            [0.0; 3]
        };
        for v in std::iter::once(n).chain(p) {
            for c in v {
                out.extend_from_slice(&c.to_le_bytes());
            }
        }
        out.extend_from_slice(&0u16.to_le_bytes());
    }
    Ok(out)
}

/// Binary little-endian PLY: float positions and normals, 8-bit sRGB
/// colours, faces as a u8 count and u32 indices.
pub fn ply(mesh: &Mesh) -> Vec<u8> {
    let header = format!(
        "ply\nformat binary_little_endian 1.0\ncomment ropkit mesh\nelement vertex {}\nproperty float x\nproperty float y\nproperty float z\nproperty float nx\nproperty float ny\nproperty float nz\nproperty uchar red\nproperty uchar green\nproperty uchar blue\nelement face {}\nproperty list uchar uint vertex_indices\nend_header\n",
        mesh.positions.len(),
        mesh.triangles.len()
    );
    let mut out =
        Vec::with_capacity(header.len() + mesh.positions.len() * 27 + mesh.triangles.len() * 13);
    out.extend_from_slice(header.as_bytes());
    for ((p, n), c) in mesh.positions.iter().zip(&mesh.normals).zip(&mesh.colors) {
        for x in p.iter().chain(n) {
            out.extend_from_slice(&x.to_le_bytes());
        }
        out.extend(c.map(srgb8));
    }
    for t in &mesh.triangles {
        out.push(3);
        for i in t {
            out.extend_from_slice(&i.to_le_bytes());
        }
    }
    out
}
