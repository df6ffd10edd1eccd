//! The data texture of an engine export: the data parameters' texels
//! (point lists, text outlines, grids), which ropkit's own shader reads
//! from the data texture with `texelFetch`, as a file the engine loads as
//! a texture of its own, written next to the shader: a Godot `ImageTexture`
//! resource (`.tres`, 32-bit float texels, nothing to import) for Godot 3
//! and 4, and an uncompressed 32-bit float OpenEXR file for Unity, Unreal
//! and TouchDesigner (imported without filtering, mipmaps, compression or
//! colour conversion, as the shader's header says).
//!
//! Rows are `DATA_WIDTH` texels wide; texel `i` is at column
//! `i % DATA_WIDTH`, row `i / DATA_WIDTH`, row 0 being the row the engine's
//! `texelFetch`/`Load` reads as 0: the file's first row in Godot and Unreal,
//! its last in Unity and TouchDesigner (which put an image's bottom row
//! first).

use crate::data::DATA_WIDTH;
use crate::export::Format;
use std::fmt::Write as _;

/// A data texture as the engine takes it.
#[derive(Debug, Clone, PartialEq)]
pub struct DataFile {
    /// What replaces the shader file's extension: `data.tres`, `data.exr`.
    pub extension: &'static str,
    pub bytes: Vec<u8>,
    pub width: usize,
    pub height: usize,
}

/// How a format's file holds the texels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Godot3,
    Godot4,
    /// OpenEXR, the data's row 0 first (Unreal).
    Exr,
    /// OpenEXR, the data's row 0 last (Unity, TouchDesigner).
    ExrBottomUp,
}

fn kind(format: Format) -> Option<Kind> {
    Some(match format {
        Format::Godot3 => Kind::Godot3,
        Format::Godot => Kind::Godot4,
        Format::Unreal => Kind::Exr,
        Format::Unity | Format::TouchDesigner => Kind::ExrBottomUp,
        _ => return None,
    })
}

/// The extension of the data texture file of an engine format (`None`:
/// the format takes no data texture file).
pub fn extension(format: Format) -> Option<&'static str> {
    kind(format).map(|k| match k {
        Kind::Godot3 | Kind::Godot4 => "data.tres",
        Kind::Exr | Kind::ExrBottomUp => "data.exr",
    })
}

/// The texels, padded to whole rows, as `format`'s file (`None` for a
/// format that takes no data texture file, or no data).
pub fn file(texels: &[[f32; 4]], format: Format) -> Option<DataFile> {
    let kind = kind(format)?;
    if texels.is_empty() {
        return None;
    }
    let width = DATA_WIDTH;
    let height = texels.len().div_ceil(width);
    let mut rows: Vec<Vec<[f32; 4]>> = texels.chunks(width).map(<[_]>::to_vec).collect();
    for row in &mut rows {
        row.resize(width, [0.0; 4]);
    }
    if kind == Kind::ExrBottomUp {
        rows.reverse();
    }
    let bytes = match kind {
        Kind::Godot3 | Kind::Godot4 => godot_resource(&rows, kind == Kind::Godot4).into_bytes(),
        Kind::Exr | Kind::ExrBottomUp => exr(&rows),
    };
    Some(DataFile {
        extension: extension(format)?,
        bytes,
        width,
        height,
    })
}

/// A Godot `ImageTexture` resource holding the rows as 32-bit float RGBA
/// (`RGBAFloat`), unfiltered, without mipmaps or repeat.
fn godot_resource(rows: &[Vec<[f32; 4]>], godot4: bool) -> String {
    let (width, height) = (rows[0].len(), rows.len());
    let bytes: Vec<String> = rows
        .iter()
        .flatten()
        .flatten()
        .flat_map(|v| v.to_le_bytes())
        .map(|b| b.to_string())
        .collect();
    let mut s = String::new();
    if godot4 {
        s.push_str("[gd_resource type=\"ImageTexture\" load_steps=2 format=3]\n\n");
        s.push_str("[sub_resource type=\"Image\" id=\"Image_rk_data\"]\n");
        let _ = write!(
            s,
            "data = {{\n\"data\": PackedByteArray({}),\n",
            bytes.join(", ")
        );
    } else {
        s.push_str("[gd_resource type=\"ImageTexture\" load_steps=2 format=2]\n\n");
        s.push_str("[sub_resource type=\"Image\" id=1]\n");
        let _ = write!(
            s,
            "data = {{\n\"data\": PoolByteArray( {} ),\n",
            bytes.join(", ")
        );
    }
    let _ = write!(
        s,
        "\"format\": \"RGBAFloat\",\n\"height\": {height},\n\"mipmaps\": false,\n\"width\": {width}\n}}\n\n[resource]\n"
    );
    if godot4 {
        s.push_str("image = SubResource(\"Image_rk_data\")\n");
    } else {
        // Flags 0: no mipmaps, no repeat, no filter.
        let _ = writeln!(
            s,
            "flags = 0\nimage = SubResource( 1 )\nsize = Vector2( {width}, {height} )"
        );
    }
    s
}

/// An OpenEXR file (single part, scan lines, no compression) with 32-bit
/// float channels R, G, B, A, the first of `rows` at the top.
fn exr(rows: &[Vec<[f32; 4]>]) -> Vec<u8> {
    let (width, height) = (rows[0].len(), rows.len());
    let mut out: Vec<u8> = vec![0x76, 0x2f, 0x31, 0x01, 2, 0, 0, 0];
    let mut attribute = |name: &str, ty: &str, value: &[u8]| {
        out.extend_from_slice(name.as_bytes());
        out.push(0);
        out.extend_from_slice(ty.as_bytes());
        out.push(0);
        out.extend_from_slice(&(value.len() as i32).to_le_bytes());
        out.extend_from_slice(value);
    };
    // Channels in the order the file stores them: by name.
    let mut channels = Vec::new();
    for name in ["A", "B", "G", "R"] {
        channels.extend_from_slice(name.as_bytes());
        channels.push(0);
        channels.extend_from_slice(&2i32.to_le_bytes()); // FLOAT
        channels.extend_from_slice(&[0, 0, 0, 0]); // pLinear, reserved
        channels.extend_from_slice(&1i32.to_le_bytes());
        channels.extend_from_slice(&1i32.to_le_bytes());
    }
    channels.push(0);
    let window: Vec<u8> = [0i32, 0, width as i32 - 1, height as i32 - 1]
        .iter()
        .flat_map(|v| v.to_le_bytes())
        .collect();
    attribute("channels", "chlist", &channels);
    attribute("compression", "compression", &[0]);
    attribute("dataWindow", "box2i", &window);
    attribute("displayWindow", "box2i", &window);
    attribute("lineOrder", "lineOrder", &[0]);
    attribute("pixelAspectRatio", "float", &1f32.to_le_bytes());
    attribute("screenWindowCenter", "v2f", &[0; 8]);
    attribute("screenWindowWidth", "float", &1f32.to_le_bytes());
    out.push(0);
    // The offset table: one scan line a block.
    let line = 8 + width * 16;
    let first = out.len() + 8 * height;
    for y in 0..height {
        out.extend_from_slice(&((first + y * line) as u64).to_le_bytes());
    }
    for (y, row) in rows.iter().enumerate() {
        out.extend_from_slice(&(y as i32).to_le_bytes());
        out.extend_from_slice(&((width * 16) as i32).to_le_bytes());
        for c in [3, 2, 1, 0] {
            for t in row {
                out.extend_from_slice(&t[c].to_le_bytes());
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texels(n: usize) -> Vec<[f32; 4]> {
        (0..n)
            .map(|i| [i as f32 * 0.5, -(i as f32), 1.0 / (i as f32 + 3.0), 7.25])
            .collect()
    }

    /// The bytes of the Godot resource's array, read back.
    fn godot_floats(text: &str, open: &str, close: &str) -> Vec<f32> {
        let start = text.find(open).unwrap() + open.len();
        let end = start + text[start..].find(close).unwrap();
        let bytes: Vec<u8> = text[start..end]
            .split(',')
            .map(|b| b.trim().parse().unwrap())
            .collect();
        bytes
            .chunks(4)
            .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect()
    }

    #[test]
    fn godot_resources_hold_every_texel_exactly_in_whole_rows() {
        let t = texels(DATA_WIDTH + 5);
        for (format, open, close) in [
            (Format::Godot3, "PoolByteArray( ", " )"),
            (Format::Godot, "PackedByteArray(", ")"),
        ] {
            let f = file(&t, format).unwrap();
            assert_eq!((f.width, f.height), (DATA_WIDTH, 2));
            let text = String::from_utf8(f.bytes).unwrap();
            let floats = godot_floats(&text, open, close);
            assert_eq!(floats.len(), DATA_WIDTH * 2 * 4);
            for (i, texel) in t.iter().enumerate() {
                assert_eq!(&floats[4 * i..4 * i + 4], texel, "texel {i}");
            }
            assert!(floats[4 * t.len()..].iter().all(|v| *v == 0.0));
            assert!(text.contains("\"format\": \"RGBAFloat\""));
            assert!(text.contains("\"width\": 1024") && text.contains("\"height\": 2"));
        }
        assert!(file(&[], Format::Godot3).is_none());
        assert!(file(&t, Format::Glsl).is_none());
    }
}
